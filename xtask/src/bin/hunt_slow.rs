//! Hunts for slow inputs: lines made of one short pattern, repeated, whose
//! time per byte in `fix_text` is far above that of ordinary text, or
//! grows with the length of the line (quadratic work).
//!
//! ```text
//! cargo xtask hunt-slow [PATTERNS [SEED]]
//! ```
//!
//! Each pattern is one to four characters drawn from those that some fix
//! or the badness heuristic looks at. Each is timed on a 16 KB line and a
//! 128 KB line; the slowest patterns, and any whose time per byte grows by
//! more than half from the short line to the long, are printed with their
//! MB/s. What it finds joins the adversarial inputs of `benches/inputs/`.
//!
//! It then hunts for *chains*: patterns of two to five characters of
//! mojibake on which each step of `fix_encoding` fixes one run that makes
//! the next, so that its steps grow with the repeats (found by the length
//! of the plan on twelve repeats, which is cheap), timed the same way.
//! Random patterns of any characters rarely make one.

use ftfy_bench_inputs::Random;
use std::env;
use std::time::Instant;

use ftfy::{fix_encoding_and_explain, fix_text_with, TextFixerConfig};

/// Characters that make some fix or rule work, and ordinary neighbours.
const POOL: &str = concat!(
    "aZ0 .,;#&<>x\r\n\t\u{1b}[m\u{1}\u{7f}",
    "\u{80}\u{85}\u{91}\u{9d}\u{a0}\u{ad}ÂÃÎÐØÙàâéœŠš¢£Ÿž®©°·»«–—´×²³µ¹¼½¾¿¡",
    "√±∂†≠™≤≥¥ø≈‚Äóìπ‘’“”•‹›…€ƒˆ˜¦¤ª§¶",
    "вЂВГРСўβΒΓΞΟΆā",
    "ﬁﬂﬀĳǆＡ０！　ｶ\u{2028}\u{feff}\u{fffd}\u{f8ff}\u{301}\u{308}\u{338}",
    "│═╬░中ж😀",
);

/// Characters of UTF-8 mojibake (leads and continuations in Windows-1252,
/// Latin-1 and Windows-1251) and a few that stop or pin chains.
const CHAIN_POOL: &str = concat!(
    "ÃÂÄÅÐÑÎØÙâéœŠš¢£Ÿž®©°·»–—´×²³µ¿¡ÜßÇçñáíóú",
    "\u{80}\u{85}\u{a0}ƒ†‡•€™ˆ˜…‚‰ЖПрсуВГабвгдЂЃЄΒΓαβ aZ中",
);

/// MB/s of fix_text on `pattern` repeated to about `size` bytes.
fn rate(pattern: &str, size: usize, config: &TextFixerConfig) -> f64 {
    let text = pattern.repeat(size / pattern.len().max(1) + 1);
    let started = Instant::now();
    let mut runs = 0;
    while runs < 2 || started.elapsed().as_secs_f64() < 0.02 {
        std::hint::black_box(fix_text_with(&text, config));
        runs += 1;
    }
    runs as f64 * text.len() as f64 / 1e6 / started.elapsed().as_secs_f64()
}

fn main() {
    let args: Vec<u64> = env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let patterns = args.first().copied().unwrap_or(2000) as usize;
    let mut random = Random(args.get(1).copied().unwrap_or(0x51017));
    let pool: Vec<char> = POOL.chars().collect();
    let config = TextFixerConfig::default();
    let ordinary =
        "Le café était fermé, dit-elle. Съешь же ещё этих булок. 東京の天気は晴れです。\n";
    let baseline = rate(ordinary, 1 << 17, &config);
    println!("ordinary text: {baseline:.1} MB/s");

    let mut results = Vec::new();
    for _ in 0..patterns {
        let length = 1 + random.below(4);
        let pattern: String = (0..length)
            .map(|_| pool[random.below(pool.len())])
            .collect();
        let short = rate(&pattern, 1 << 14, &config);
        let long = rate(&pattern, 1 << 17, &config);
        results.push((long, short, pattern));
    }
    results.sort_by(|a, b| a.0.total_cmp(&b.0));
    println!("slowest patterns (MB/s on 128 KB, on 16 KB):");
    for (long, short, pattern) in results.iter().take(15) {
        println!("{long:9.1} {short:9.1}  {pattern:?}");
    }
    print_growing(&results);

    let pool: Vec<char> = CHAIN_POOL.chars().collect();
    let mut chains = Vec::new();
    for _ in 0..patterns * 50 {
        let length = 2 + random.below(4);
        let pattern: String = (0..length)
            .map(|_| pool[random.below(pool.len())])
            .collect();
        let steps = fix_encoding_and_explain(&pattern.repeat(12), &config)
            .explanation
            .map_or(0, |plan| plan.len());
        if steps >= 6 && !chains.iter().any(|(_, _, seen)| *seen == pattern) {
            let short = rate(&pattern, 1 << 14, &config);
            let long = rate(&pattern, 1 << 17, &config);
            chains.push((long, short, pattern));
        }
    }
    chains.sort_by(|a, b| a.0.total_cmp(&b.0));
    println!("chains found: {}; the slowest:", chains.len());
    for (long, short, pattern) in chains.iter().take(15) {
        println!("{long:9.1} {short:9.1}  {pattern:?}");
    }
    print_growing(&chains);
}

/// Prints the patterns of `results` (MB/s on 128 KB and on 16 KB) whose
/// time per byte grows with the line.
fn print_growing(results: &[(f64, f64, String)]) {
    println!("patterns whose time per byte grows with the line:");
    for (long, short, pattern) in results
        .iter()
        .filter(|(long, short, _)| long * 1.5 < *short)
    {
        println!("{long:9.1} {short:9.1}  {pattern:?}");
    }
}
