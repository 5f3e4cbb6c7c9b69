//! Fixes a batch of independent texts (the values of a column, the
//! documents of a data set) on every core, and counts what changed.
//! Texts that need no fix come back borrowed, so they cost no copy.
//!
//! ```text
//! cargo run --release --example batch
//! ```

use std::borrow::Cow;
use std::thread;

use ftfy::{fix_text_with, TextFixerConfig};

fn main() {
    let samples = [
        "Plain text is left alone.",
        "Ãºnico, schÃ¶n, and mÃƒÂ¡s",
        "This â€” should be an em dash",
        "Ünïcödé that is already fine",
        "AT&amp;T and ＬＯＵＤ　ＮＯＩＳＥＳ",
        "ÐŸÑ€Ð¸Ð²ÐµÑ‚, Ð¼Ð¸Ñ€!",
    ];
    let texts: Vec<&str> = samples.iter().copied().cycle().take(600_000).collect();
    let config = TextFixerConfig::default();

    let threads = thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = texts.len().div_ceil(threads);
    // Each text is fixed on its own, so the chunks need nothing from each
    // other: one scoped thread per chunk.
    let fixed: Vec<Cow<str>> = thread::scope(|scope| {
        let workers: Vec<_> = texts
            .chunks(chunk)
            .map(|part| {
                let config = &config;
                scope.spawn(move || {
                    part.iter()
                        .map(|text| fix_text_with(text, config))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| worker.join().expect("fixing never panics"))
            .collect()
    });

    let changed = fixed
        .iter()
        .filter(|text| matches!(text, Cow::Owned(_)))
        .count();
    println!(
        "{} texts on {threads} threads, {changed} changed; for example:",
        texts.len()
    );
    for (before, after) in texts.iter().zip(&fixed).take(samples.len()) {
        println!("  {before:?} -> {after:?}");
    }
}
