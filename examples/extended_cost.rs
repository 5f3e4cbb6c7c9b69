//! Times `fix_encoding` and `fix_text` on clean text with and without
//! extended recovery, to check that the mode costs at most twice the
//! default on text it leaves alone.
//!
//! ```text
//! cargo run --release --example extended_cost -- target/extended/clean.jsonl
//! ```
//!
//! The input is JSON lines with a `text` field (scripts/extended/corpus.py
//! writes them).

use std::time::{Duration, Instant};

use ftfy::{fix_encoding_with, fix_text_with, TextFixerConfig};

fn time(texts: &[String], config: &TextFixerConfig, whole: bool) -> Duration {
    let mut best = Duration::MAX;
    for _ in 0..5 {
        let started = Instant::now();
        let mut bytes = 0;
        for text in texts {
            bytes += if whole {
                fix_text_with(text, config).len()
            } else {
                fix_encoding_with(text, config).len()
            };
        }
        std::hint::black_box(bytes);
        best = best.min(started.elapsed());
    }
    best
}

fn main() {
    let path = std::env::args().nth(1).expect("a JSON lines file");
    let texts: Vec<String> = std::fs::read_to_string(path)
        .expect("readable")
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter_map(|value| value["text"].as_str().map(str::to_owned))
        .collect();
    let default = TextFixerConfig::default();
    let extended = TextFixerConfig::default().extended_recovery(true);
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
