//! Guessing the encoding of arbitrary bytes: `guess_bytes_with` is
//! `guess_bytes` without extended recovery, and in the mode either that
//! or an encoding that decodes the bytes to exactly the text it returns;
//! `fix_file` reads the bytes in whatever encoding it guesses, with or
//! without the mode (an error is fine, a panic is not).
#![no_main]

use ftfy::codecs::Codec;
use ftfy::{fix_file, guess_bytes, guess_bytes_with, TextFixerConfig};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let guess = guess_bytes(bytes);
    let default = guess_bytes_with(bytes, &TextFixerConfig::default());
    assert_eq!(default.as_ref().ok(), guess.as_ref().ok());
    let extended = TextFixerConfig::default().extended_recovery(true);
    if let Ok((text, name)) = guess_bytes_with(bytes, &extended) {
        if guess.as_ref().is_ok_and(|(_, guessed)| *guessed != name) {
            let codec = Codec::from_name(name).expect("a guess names a codec");
            assert_eq!(codec.decode(bytes).ok().as_deref(), Some(text.as_str()));
        }
    }
    for config in [TextFixerConfig::default(), extended] {
        if let Ok(lines) = fix_file(bytes, None, &config) {
            lines.for_each(drop);
        }
    }
});
