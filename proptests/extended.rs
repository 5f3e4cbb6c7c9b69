//! Extended recovery keeps the library's promises: clean text is never
//! changed, fixing is idempotent, plans replay, nothing panics, on
//! arbitrary text and on text damaged every way the mode undoes.

use ftfy::breaker::{break_text, Mangle};
use ftfy::codecs::{Charmap, Codec, UNDONE_CODECS};
use ftfy::{
    apply_plan, fix_encoding_and_explain, fix_encoding_with, fix_text_with, TextFixerConfig,
};
use proptest::prelude::*;

use crate::invariants::tricky_text;
use crate::text::sentence;

fn extended() -> TextFixerConfig {
    TextFixerConfig::default().extended_recovery(true)
}

/// Codecs a legacy text may be written in and read as (the mode's legacy pairs).
const LEGACY: &[(&str, &str)] = &[
    ("windows-1251", "sloppy-windows-1252"),
    ("windows-1253", "sloppy-windows-1252"),
    ("windows-1250", "sloppy-windows-1252"),
    ("windows-1254", "sloppy-windows-1252"),
    ("windows-1257", "sloppy-windows-1252"),
    ("cp850", "sloppy-windows-1252"),
    ("cp437", "macroman"),
    ("windows-1255", "sloppy-windows-1252"),
    ("windows-1256", "sloppy-windows-1252"),
    ("macroman", "sloppy-windows-1252"),
    ("sloppy-windows-1252", "sloppy-windows-1251"),
];

/// Sentences and arbitrary text, damaged as UTF-8 read through a codec or
/// as one legacy codec read as another, and joined with clean pieces.
fn damaged_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        2 => tricky_text(),
        2 => (sentence(), 0..UNDONE_CODECS.len())
            .prop_map(|((_, text), codec)| break_text(&text, Mangle::Utf8As(UNDONE_CODECS[codec])).unwrap_or(text)),
        2 => (sentence(), 0..LEGACY.len()).prop_map(|((_, text), pair)| {
            let (written, read) = LEGACY[pair];
            let (written, read) = (Codec::from_name(written), Codec::from_name(read));
            written
                .zip(read)
                .and_then(|(written, read)| read.decode(&written.encode(&text).ok()?).ok())
                .unwrap_or(text)
        }),
        2 => (sentence(), 0..UNDONE_CODECS.len(), 0..4usize)
            .prop_map(|((_, text), codec, later)| later_damage(&text, UNDONE_CODECS[codec], later)),
        1 => sentence().prop_map(|(_, text)| text),
    ];
    proptest::collection::vec(piece, 1..4).prop_map(|pieces| pieces.join(" "))
}

/// `text` read through `codec` as UTF-8, then damaged again the ways
/// extended recovery undoes: curly quotes straightened, no-break spaces
/// turned into spaces or dropped, or a Spanish question (`¿…?`) around it.
fn later_damage(text: &str, codec: &'static Charmap, later: usize) -> String {
    let text = if later == 3 {
        format!("¿{text}?")
    } else {
        text.to_string()
    };
    let broken = break_text(&text, Mangle::Utf8As(codec)).unwrap_or(text);
    match later {
        0 => broken
            .chars()
            .map(|c| match c {
                '‘' | '’' | '‚' => '\'',
                '“' | '”' | '„' => '"',
                other => other,
            })
            .collect(),
        1 => broken.replace('\u{a0}', " "),
        2 => broken.replace('\u{a0}', ""),
        _ => broken,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    /// Correct text is never changed in extended mode either.
    #[test]
    fn extended_leaves_clean_text_alone((_, text) in sentence()) {
        prop_assert_eq!(fix_encoding_with(&text, &extended()), text.as_str());
    }

    /// Extended fix_encoding and fix_text are fixed points.
    #[test]
    fn extended_is_idempotent(text in damaged_text()) {
        let config = extended();
        let once = fix_encoding_with(&text, &config).into_owned();
        prop_assert_eq!(fix_encoding_with(&once, &config), once.as_str());
        let once = fix_text_with(&text, &config).into_owned();
        prop_assert_eq!(fix_text_with(&once, &config), once.as_str());
    }

    /// The plan of an extended fix replays to the same text.
    #[test]
    fn extended_plans_replay(text in damaged_text()) {
        let explained = fix_encoding_and_explain(&text, &extended());
        prop_assert_eq!(explained.text.as_str(), fix_encoding_with(&text, &extended()));
        let plan = explained.explanation.unwrap_or_default();
        prop_assert_eq!(apply_plan(&text, &plan), Ok(explained.text));
    }

    /// Nothing panics on arbitrary text.
    #[test]
    fn extended_never_panics(text in any::<String>()) {
        let _ = fix_text_with(&text, &extended());
        let _ = fix_encoding_and_explain(&text, &extended());
    }
}
