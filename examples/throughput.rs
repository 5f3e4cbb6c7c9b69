//! Measures this crate on the benchmark inputs, for the side-by-side run
//! against Python ftfy (`scripts/side_by_side.py`).
//!
//! `throughput --write DIR` writes the inputs to DIR/<name>.txt;
//! `throughput DIR` fixes each file in DIR with fix_text (and fix_encoding
//! line by line) and prints one JSON line per input with its MB/s.

use std::time::{Duration, Instant};
use std::{env, fs};

use ftfy::{fix_encoding_with, fix_text_with, TextFixerConfig};

#[path = "../benches/inputs.rs"]
mod inputs;

/// Runs `work` until at least a second has passed; returns runs per second.
fn rate(mut work: impl FnMut()) -> f64 {
    let started = Instant::now();
    let mut runs = 0u32;
    while runs < 3 || started.elapsed() < Duration::from_secs(1) {
        work();
        runs += 1;
    }
    f64::from(runs) / started.elapsed().as_secs_f64()
}

fn main() {
    let args: Vec<String> = env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--write") {
        let dir = &args[1];
        fs::create_dir_all(dir).expect("can create the folder");
        for (name, text) in inputs::inputs() {
            fs::write(format!("{dir}/{name}.txt"), text).expect("can write the input");
        }
        return;
    }
    let dir = args
        .first()
        .expect("usage: throughput DIR | throughput --write DIR");
    let config = TextFixerConfig::default();
    for (name, _) in inputs::inputs() {
        let text = fs::read_to_string(format!("{dir}/{name}.txt")).expect("inputs written first");
        let megabytes = text.len() as f64 / 1e6;
        let fix_text = rate(|| {
            std::hint::black_box(fix_text_with(&text, &config));
        });
        let fix_encoding = rate(|| {
            for line in text.split_inclusive('\n') {
                std::hint::black_box(fix_encoding_with(line, &config));
            }
        });
        println!(
            "{{\"input\":\"{name}\",\"fix_text\":{:.3},\"fix_encoding\":{:.3}}}",
            fix_text * megabytes,
            fix_encoding * megabytes
        );
    }
}
