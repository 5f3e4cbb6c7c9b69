//! Fixes a file and writes the result to standard output, reading it a
//! line at a time in bounded memory, as the `ftfy` command does.
//!
//! ```text
//! cargo run --example fix_file -- [PATH [ENCODING]]
//! ```
//!
//! PATH defaults to `golden/examples/mojibake.txt`. Without ENCODING the
//! encoding is guessed from the first line, as ftfy's `guess_bytes` does;
//! bytes the encoding cannot decode stop the run with their offset.

use std::fs::File;
use std::io::{self, Write};
use std::process::ExitCode;

use ftfy::{fix_file, TextFixerConfig};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .unwrap_or_else(|| "golden/examples/mojibake.txt".to_owned());
    let encoding = args.next();
    let file = match File::open(&path) {
        Ok(file) => file,
        Err(error) => {
            eprintln!("cannot open {path}: {error}");
            return ExitCode::FAILURE;
        }
    };
    let config = TextFixerConfig::default();
    let lines = match fix_file(file, encoding.as_deref(), &config) {
        Ok(lines) => lines,
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::FAILURE;
        }
    };
    let mut out = io::stdout().lock();
    for line in lines {
        match line {
            Ok(text) => out.write_all(text.as_bytes()).expect("stdout is writable"),
            Err(error) => {
                // Every line before the bad bytes has been written.
                eprintln!("{path}: {error}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
