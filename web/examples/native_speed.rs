//! The native side of `npm run bench` (web/bench/speed.mjs): `fix_text`
//! on each named input of DIR (written by
//! `xtask/src/bin/throughput.rs --write DIR`), for at least SECONDS seconds
//! each, printing one JSON line per input with the MB/s of the fastest
//! call and of all calls, measured as the package's side measures them.
//!
//!     native_speed SECONDS DIR NAME...

use std::time::{Duration, Instant};
use std::{env, fs};

use ftfy::{fix_text_with, TextFixerConfig};

fn main() {
    let args: Vec<String> = env::args().skip(1).collect();
    let usage = "usage: native_speed SECONDS DIR NAME...";
    let seconds: f64 = args.first().and_then(|s| s.parse().ok()).expect(usage);
    let dir = args.get(1).expect(usage);
    let config = TextFixerConfig::default();
    for name in &args[2..] {
        let text = fs::read_to_string(format!("{dir}/{name}.txt")).expect("inputs written first");
        let megabytes = text.len() as f64 / 1e6;
        let (started, mut best, mut calls) = (Instant::now(), Duration::MAX, 0u32);
        while calls < 3 || started.elapsed().as_secs_f64() < seconds {
            let call = Instant::now();
            std::hint::black_box(fix_text_with(std::hint::black_box(&text), &config));
            best = best.min(call.elapsed());
            calls += 1;
        }
        let mean = started.elapsed().as_secs_f64() / f64::from(calls);
        println!(
            "{{\"input\":\"{name}\",\"best\":{:.1},\"mean\":{:.1}}}",
            megabytes / best.as_secs_f64(),
            megabytes / mean
        );
    }
}
