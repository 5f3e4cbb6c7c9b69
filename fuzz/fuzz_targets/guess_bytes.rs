//! Guessing the encoding of arbitrary bytes: `guess_bytes_with` is
//! `guess_bytes` without extended recovery, and in the mode an encoding of
//! `guess_bytes_ranked` (the best, or one that reads the sample as it
//! does); the ranking's confidences lie in 0..=1 and, counting readings
//! alike once, add up to 1; reading with the document guess never fails
//! on bytes the guessed encoding cannot decode (they become U+FFFD);
//! `fix_file` reads the bytes in whatever encoding it guesses, or is told
//! the guessed name, with or without the mode (an error is fine, a panic
//! is not).
#![no_main]

use ftfy::file::{FixFileError, Guesser, TextBatches};
use ftfy::{fix_file, guess_bytes, guess_bytes_ranked, guess_bytes_with, TextFixerConfig};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let guess = guess_bytes(bytes);
    let default = guess_bytes_with(bytes, &TextFixerConfig::default());
    assert_eq!(default.as_ref().ok(), guess.as_ref().ok());
    let ranked = guess_bytes_ranked(bytes);
    assert!(ranked.iter().all(|guess| (0.0..=1.0).contains(&guess.confidence)));
    let total: f64 = ranked
        .iter()
        .filter(|guess| guess.reads_like.is_none())
        .map(|guess| guess.confidence)
        .sum();
    assert!(ranked.is_empty() || (total - 1.0).abs() < 1e-6, "{total}");
    let extended = TextFixerConfig::default().extended_recovery(true);
    let mut names = Vec::new();
    if let Ok((_, name)) = guess_bytes_with(bytes, &extended) {
        if let Some(best) = ranked.first() {
            let alike = name == best.encoding
                || ranked
                    .iter()
                    .any(|guess| guess.encoding == name && guess.reads_like == Some(best.encoding));
            assert!(alike, "{name} is not {} nor reads like it", best.encoding);
        }
        names.push(name);
    }
    // The document guess reads whatever the bytes, in batches of any size.
    for batch_bytes in [7, 1 << 16] {
        let config = TextFixerConfig::default();
        let batches = TextBatches::new(bytes, None, &config, batch_bytes)
            .expect("no encoding to look up")
            .guesser(Guesser::Document);
        let mut batches = batches;
        loop {
            match batches.next_batch() {
                Ok(Some(_)) => {}
                Ok(None) => break,
                Err(FixFileError::Undecodable { encoding, offset }) => {
                    panic!("the document guess stopped at {offset} as {encoding}")
                }
                Err(_) => break,
            }
        }
    }
    for config in [TextFixerConfig::default(), extended] {
        if let Ok(lines) = fix_file(bytes, None, &config) {
            lines.for_each(drop);
        }
        for &name in &names {
            if let Ok(lines) = fix_file(bytes, Some(name), &config) {
                lines.for_each(drop);
            }
        }
    }
});
