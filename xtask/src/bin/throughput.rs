//! Measures this crate on the benchmark inputs (`ftfy-bench-inputs`), for
//! the side-by-side run against Python ftfy and plsfix (`cargo xtask
//! side-by-side`) and the instruction counts (`cargo xtask instructions`).
//!
//! - `throughput --write DIR` writes the inputs to `DIR/<name>.txt`, and
//!   `throughput --list` prints their names;
//! - `throughput DIR [NAME ...]` fixes each file in DIR (or the named ones)
//!   with fix_text, with fix_encoding line by line and with is_bad line by
//!   line, and prints one JSON line per input with its MB/s;
//! - `throughput --once DIR NAME [FUNCTION [RUNS]]` runs fix_text (or
//!   `fix_encoding` or `is_bad`, line by line) once, or RUNS times, on one
//!   input, after a first run that builds the lazily made tables, for a
//!   profiler (`valgrind --tool=callgrind`, `perf record`) or an instruction
//!   count (`perf stat -e instructions`: the count with RUNS = 0 is the
//!   fixed cost to subtract);
//! - `--extended` first, before any of these, measures the extended mode
//!   (`TextFixerConfig::extended_recovery`) instead of the default.

use std::time::{Duration, Instant};
use std::{env, fs};

use ftfy::{fix_encoding_with, fix_text_with, TextFixerConfig};
use ftfy_bench_inputs as inputs;

/// Runs `work` at least `min_runs` times and until at least a second has
/// passed; returns runs per second.
fn rate(min_runs: u32, mut work: impl FnMut()) -> f64 {
    let started = Instant::now();
    let mut runs = 0u32;
    while runs < min_runs || started.elapsed() < Duration::from_secs(1) {
        work();
        runs += 1;
    }
    f64::from(runs) / started.elapsed().as_secs_f64()
}

/// One run of `function` on `text`, or on its `lines` (split beforehand,
/// as for the timed figures) for the functions run line by line.
#[inline(never)]
fn profiled_run(text: &str, lines: &[&str], config: &TextFixerConfig, function: &str) -> usize {
    match function {
        "fix_text" => fix_text_with(text, config).len(),
        "fix_encoding" => lines
            .iter()
            .map(|line| fix_encoding_with(line, config).len())
            .sum(),
        "is_bad" => lines
            .iter()
            .filter(|line| ftfy::badness::is_bad(line))
            .count(),
        _ => panic!("FUNCTION is fix_text, fix_encoding or is_bad"),
    }
}

fn main() {
    let mut args: Vec<String> = env::args().skip(1).collect();
    let usage = "usage: throughput [--extended] (--write DIR | DIR [NAME ...] | --once DIR NAME [FUNCTION [RUNS]])";
    let names = || inputs::inputs().into_iter().chain(inputs::adversarial());
    let extended = args.first().is_some_and(|first| first == "--extended");
    if extended {
        args.remove(0);
    }
    let config = TextFixerConfig::default().extended_recovery(extended);
    // Some inputs take seconds a run in the extended mode: one run is
    // enough there.
    let min_runs = if extended { 1 } else { 3 };
    match args.first().map(String::as_str) {
        Some("--write") => {
            let dir = args.get(1).expect(usage);
            fs::create_dir_all(dir).expect("can create the folder");
            for (name, text) in names() {
                fs::write(format!("{dir}/{name}.txt"), text).expect("can write the input");
            }
        }
        Some("--list") => {
            for (name, _) in names() {
                println!("{name}");
            }
        }
        Some("--once") => {
            let (dir, name) = (args.get(1).expect(usage), args.get(2).expect(usage));
            let text =
                fs::read_to_string(format!("{dir}/{name}.txt")).expect("inputs written first");
            let function = args.get(3).map_or("fix_text", String::as_str);
            let runs: usize = args.get(4).map_or(1, |runs| runs.parse().expect(usage));
            let lines: Vec<&str> = text.split_inclusive('\n').collect();
            // A first run builds the lazily made tables, so that a profiler
            // told to count only `profiled_run` sees the steady state.
            std::hint::black_box(profiled_run(&text, &lines, &config, function));
            let mut length = 0;
            for _ in 0..runs {
                length = std::hint::black_box(profiled_run(&text, &lines, &config, function));
            }
            println!("{} bytes in, {function} gives {length}", text.len());
        }
        Some(dir) => {
            for (name, _) in names() {
                if args.len() > 1 && !args[1..].iter().any(|wanted| wanted == name) {
                    continue;
                }
                let text =
                    fs::read_to_string(format!("{dir}/{name}.txt")).expect("inputs written first");
                let megabytes = text.len() as f64 / 1e6;
                let fix_text = rate(min_runs, || {
                    std::hint::black_box(fix_text_with(&text, &config));
                });
                // Lines split before timing, as side_by_side.py splits
                // them for ftfy: the figures are the functions' own cost.
                let lines: Vec<&str> = text.split_inclusive('\n').collect();
                let fix_encoding = rate(min_runs, || {
                    for line in &lines {
                        std::hint::black_box(fix_encoding_with(line, &config));
                    }
                });
                let is_bad = rate(min_runs, || {
                    for line in &lines {
                        std::hint::black_box(ftfy::badness::is_bad(line));
                    }
                });
                println!(
                    "{{\"input\":\"{name}\",\"extended\":{extended},\"fix_text\":{:.3},\"fix_encoding\":{:.3},\"is_bad\":{:.3}}}",
                    fix_text * megabytes,
                    fix_encoding * megabytes,
                    is_bad * megabytes
                );
            }
        }
        None => panic!("{usage}"),
    }
}
