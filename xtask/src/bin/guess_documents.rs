//! Guesses the encoding of documents, for `cargo xtask guess-benchmark`:
//! reads one JSON object `{"hex": ...}` per line on standard input and
//! writes one per document, `{"encoding", "text"}` (`text` null when the
//! guess does not decode), then a last line `{"seconds": ...}`: the time
//! spent guessing and decoding, in this process.
//!
//! Run: cargo run --release -p xtask --bin guess_documents < documents.jsonl

use std::io::{BufRead, BufWriter, Write};
use std::time::{Duration, Instant};

fn main() -> std::io::Result<()> {
    let documents: Vec<Vec<u8>> = std::io::stdin()
        .lock()
        .lines()
        .map(|line| {
            let value: serde_json::Value =
                serde_json::from_str(&line.expect("a line")).expect("JSON");
            let hex = value["hex"].as_str().expect("a hex string");
            (0..hex.len())
                .step_by(2)
                .map(|at| u8::from_str_radix(&hex[at..at + 2], 16).expect("hex"))
                .collect()
        })
        .collect();
    let extended = ftfy::TextFixerConfig::default().extended_recovery(true);
    let mut spent = Duration::ZERO;
    let mut out = BufWriter::new(std::io::stdout().lock());
    for bytes in &documents {
        let start = Instant::now();
        let guess = ftfy::guess_bytes_with(bytes, &extended);
        spent += start.elapsed();
        let (text, encoding) = match guess {
            Ok((text, encoding)) => (Some(text), encoding),
            Err(_) => (None, ""),
        };
        writeln!(
            out,
            "{}",
            serde_json::json!({"encoding": encoding, "text": text})
        )?;
    }
    writeln!(
        out,
        "{}",
        serde_json::json!({"seconds": spent.as_secs_f64()})
    )?;
    out.flush()
}
