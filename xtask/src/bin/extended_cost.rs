//! Times `fix_encoding` and `fix_text` on clean text with and without
//! extended recovery: what the mode costs on text it leaves alone.
//!
//! ```text
//! cargo run --release -p xtask --bin extended_cost -- target/extended/clean.jsonl
//! ```
//!
//! The input is JSON lines with a `text` field (`cargo xtask
//! extended-corpus` and `extended-real-corpus` write them).
//!
//! Wall-clock ratios vary with whatever else the machine runs; instruction
//! counts don't. `--passes N FUNCTION` runs one function (`fix_encoding`,
//! `fix_text`, or either with `extended-` before it) N times over the
//! corpus and does nothing else, for a counter such as callgrind: the
//! difference between 2 passes and 1 is the cost of a pass without the
//! first call's table building. `cargo xtask extended-cost CORPUS` counts
//! it so.

use std::time::{Duration, Instant};

use ftfy::{fix_encoding_with, fix_text_with, TextFixerConfig};

fn time(texts: &[String], config: &TextFixerConfig, whole: bool) -> Duration {
    let mut best = Duration::MAX;
    for _ in 0..5 {
        let started = Instant::now();
        std::hint::black_box(pass(texts, config, whole));
        best = best.min(started.elapsed());
    }
    best
}

/// One call per text; the bytes of the answers, so that none is skipped.
fn pass(texts: &[String], config: &TextFixerConfig, whole: bool) -> usize {
    texts
        .iter()
        .map(|text| {
            if whole {
                fix_text_with(text, config).len()
            } else {
                fix_encoding_with(text, config).len()
            }
        })
        .sum()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("a JSON lines file");
    let texts: Vec<String> = std::fs::read_to_string(path)
        .expect("readable")
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter_map(|value| value["text"].as_str().map(str::to_owned))
        .collect();
    let default = TextFixerConfig::default();
    let extended = TextFixerConfig::default().extended_recovery(true);
    if args.next().as_deref() == Some("--passes") {
        let passes: usize = args
            .next()
            .and_then(|count| count.parse().ok())
            .expect("a number of passes");
        let function = args.next().expect("a function");
        let (config, name) = match function.strip_prefix("extended-") {
            Some(name) => (&extended, name),
            None => (&default, function.as_str()),
        };
        let whole = match name {
            "fix_text" => true,
            "fix_encoding" => false,
            other => panic!("unknown function {other}"),
        };
        let bytes: usize = (0..passes).map(|_| pass(&texts, config, whole)).sum();
        println!("{passes} passes of {function}: {bytes} bytes out");
        return;
    }
    for (name, whole) in [("fix_encoding", false), ("fix_text", true)] {
        let plain = time(&texts, &default, whole);
        let more = time(&texts, &extended, whole);
        println!(
            "{name}: {} strings, default {:.1} ms, extended {:.1} ms, ratio {:.2}",
            texts.len(),
            plain.as_secs_f64() * 1e3,
            more.as_secs_f64() * 1e3,
            more.as_secs_f64() / plain.as_secs_f64()
        );
    }
}
