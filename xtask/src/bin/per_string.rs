//! Times `fix_text` called once per short string, the way the Python
//! package's users call it, on the strings of
//! `python/benchmarks/compare_ftfy.py` (which writes them with
//! `--write-strings DIR`), so the library's own cost per string can be
//! profiled without Python around it.
//!
//! ```text
//! python python/benchmarks/compare_ftfy.py --write-strings target/strings
//! cargo xtask per-string target/strings/damaged.json [RUNS]
//! ```
//!
//! The input is a JSON array of strings. Prints the median of five timed
//! passes in µs per string; with RUNS it instead makes RUNS untimed passes
//! after one warm-up pass, for a profiler or an instruction count
//! (`valgrind --tool=callgrind`: the count with RUNS = 1 less the count with
//! RUNS = 0 is the cost of one pass).

use std::time::Instant;
use std::{env, fs};

use ftfy::{fix_text_with, TextFixerConfig};

#[inline(never)]
fn one_pass(strings: &[String], config: &TextFixerConfig) -> usize {
    strings
        .iter()
        .map(|text| fix_text_with(text, config).len())
        .sum()
}

fn main() {
    let args: Vec<String> = env::args().skip(1).collect();
    let usage = "usage: per_string STRINGS.json [RUNS]";
    let path = args.first().expect(usage);
    let strings: Vec<String> =
        serde_json::from_str(&fs::read_to_string(path).expect("readable file")).expect(usage);
    let config = TextFixerConfig::default();
    // The first pass builds the lazily made tables.
    std::hint::black_box(one_pass(&strings, &config));
    if let Some(runs) = args.get(1) {
        for _ in 0..runs.parse::<usize>().expect(usage) {
            std::hint::black_box(one_pass(&strings, &config));
        }
        return;
    }
    let mut times: Vec<f64> = (0..5)
        .map(|_| {
            let started = Instant::now();
            std::hint::black_box(one_pass(&strings, &config));
            started.elapsed().as_secs_f64() * 1e6 / strings.len() as f64
        })
        .collect();
    times.sort_by(f64::total_cmp);
    println!(
        "{} strings: {:.3} µs per string (median of 5 passes)",
        strings.len(),
        times[2]
    );
}
