//! Scores texts with the language model, for `cargo xtask language-eval`:
//! reads one JSON string per line on standard input, and writes one line
//! per text: bits, characters, letters of unmodeled scripts, language.
//!
//! Run: cargo run --release -p xtask --bin language_scores < texts.jsonl

use std::io::{BufRead, BufWriter, Write};

fn main() -> std::io::Result<()> {
    let stdin = std::io::stdin();
    let mut out = BufWriter::new(std::io::stdout().lock());
    for line in stdin.lock().lines() {
        let text: String = serde_json::from_str(&line?).expect("a JSON string per line");
        let score = ftfy::language::score(&text);
        let language = score.language().map_or("", |language| language.name());
        writeln!(
            out,
            "{}\t{}\t{}\t{}",
            score.bits(),
            score.chars(),
            score.unmodeled_letters(),
            language
        )?;
    }
    out.flush()
}
