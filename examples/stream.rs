//! Fixes text that arrives in pieces cut anywhere (from a socket, a
//! decompressor, a message queue) with a `StreamFixer`: the pieces fixed
//! and joined are exactly `fix_text` of the whole.
//!
//! ```text
//! cargo run --example stream
//! ```

use ftfy::{fix_text, StreamFixer, TextFixerConfig};

fn main() {
    let text = "The Mona Lisa doesnÃ¢â‚¬â„¢t have eyebrows.\n\
                ÐŸÑ€Ð¸Ð²ÐµÑ‚, Ð¼Ð¸Ñ€!\n\
                Broken text&hellip; it&#x2019;s ﬂubberiﬁc!\n\
                The last line has no line break: schÃ¶n";
    // Pieces of seven characters, cut through words and mojibake alike.
    let characters: Vec<char> = text.chars().collect();
    let pieces: Vec<String> = characters
        .chunks(7)
        .map(|piece| piece.iter().collect())
        .collect();

    let config = TextFixerConfig::default();
    let mut fixer = StreamFixer::new(&config);
    let mut fixed = String::new();
    for piece in &pieces {
        // `feed` returns the lines the piece completes, fixed, and holds
        // back the unfinished one.
        let out = fixer.feed(piece);
        print!("{out}");
        fixed += &out;
    }
    let rest = fixer.finish();
    println!("{rest}");
    fixed += &rest;

    assert_eq!(fixed, fix_text(text));
    println!(
        "({} pieces; the same as fix_text of the whole)",
        pieces.len()
    );
}
