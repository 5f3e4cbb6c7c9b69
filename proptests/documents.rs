//! Extended recovery on documents (texts of many lines, which the mode
//! judges by the evidence of all their lines): a clean document of any
//! language comes out as the default mode gives it, and fixing a fixed
//! document changes nothing, whether the document is clean, read in one
//! wrong code page, or in two regions of different damage; a stream fed
//! documents in pieces gives the whole text's answer.

use ftfy::codecs::Codec;
use ftfy::{apply_plan, fix_text_with, fix_texts_with, StreamFixer, TextFixerConfig};
use proptest::prelude::*;

use crate::text::sentence;

fn extended() -> TextFixerConfig {
    TextFixerConfig::default().extended_recovery(true)
}

/// Legacy pairs (written in, read as) of the mode.
const PAIRS: &[(&str, &str)] = &[
    ("windows-1251", "sloppy-windows-1252"),
    ("koi8-r", "sloppy-windows-1251"),
    ("windows-1253", "sloppy-windows-1252"),
    ("windows-1250", "sloppy-windows-1252"),
    ("windows-1254", "sloppy-windows-1252"),
    ("windows-1257", "sloppy-windows-1252"),
    ("cp850", "sloppy-windows-1252"),
    ("cp437", "macroman"),
    ("macroman", "sloppy-windows-1252"),
    ("shift_jis", "sloppy-windows-1252"),
];

/// `line` written in `written` and read as `read` (unchanged where
/// `written` can't encode it: no such file holds it).
fn misread(line: &str, (written, read): (&str, &str)) -> String {
    let (written, read) = (Codec::from_name(written), Codec::from_name(read));
    written
        .zip(read)
        .and_then(|(written, read)| read.decode(&written.encode(line).ok()?).ok())
        .unwrap_or_else(|| line.to_owned())
}

/// Lines of sentences (one language each, as `sentence` makes them).
fn clean_lines() -> impl Strategy<Value = Vec<String>> {
    proptest::collection::vec(sentence().prop_map(|(_, text)| text), 2..24)
}

/// A document: clean, read in one pair, or two regions (one clean or in
/// another pair).
fn document() -> impl Strategy<Value = String> {
    (clean_lines(), 0..PAIRS.len(), 0..PAIRS.len(), 0..3usize).prop_map(
        |(lines, first, second, shape)| {
            let half = lines.len() / 2;
            let lines: Vec<String> = lines
                .iter()
                .enumerate()
                .map(|(index, line)| match shape {
                    0 => misread(line, PAIRS[first]),
                    1 if index < half => misread(line, PAIRS[first]),
                    2 if index < half => misread(line, PAIRS[first]),
                    2 => misread(line, PAIRS[second]),
                    _ => line.clone(),
                })
                .collect();
            lines.join("\n") + "\n"
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// A clean document comes out as the default mode gives it.
    #[test]
    fn clean_documents_are_left_alone(lines in clean_lines()) {
        let text = lines.join("\n") + "\n";
        let default = fix_text_with(&text, &TextFixerConfig::default()).into_owned();
        prop_assert_eq!(fix_text_with(&text, &extended()), default.as_str());
    }

    /// Fixing a fixed document changes nothing.
    #[test]
    fn fixing_documents_is_idempotent(text in document()) {
        let once = fix_text_with(&text, &extended()).into_owned();
        prop_assert_eq!(fix_text_with(&once, &extended()), once.as_str());
    }

    /// Explaining a document gives the same text, and each changed line's
    /// plan replays on the line to its fixed line.
    #[test]
    fn document_plans_replay(text in document()) {
        let explained = StreamFixer::new(&extended()).fix_lines_explained(&text);
        prop_assert_eq!(explained.text.as_str(), fix_text_with(&text, &extended()));
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        let fixed: Vec<&str> = explained.text.split_inclusive('\n').collect();
        for (index, plan) in &explained.lines {
            prop_assert_eq!(apply_plan(lines[*index], plan), Ok(fixed[*index].to_owned()));
        }
    }

    /// A column is a document: clean texts come out as the default mode
    /// gives them, and fixing a fixed column changes nothing.
    #[test]
    fn columns_are_documents(lines in clean_lines(), text in document()) {
        let default: Vec<String> = lines
            .iter()
            .map(|line| fix_text_with(line, &TextFixerConfig::default()).into_owned())
            .collect();
        prop_assert_eq!(fix_texts_with(&lines, &extended()), default);
        let column: Vec<&str> = text.lines().collect();
        let once = fix_texts_with(&column, &extended());
        prop_assert_eq!(fix_texts_with(&once, &extended()), once);
    }

    /// Several documents, longer together than a window, fed to a stream
    /// in pieces cut anywhere, give `fix_text`'s answer on the whole text.
    #[test]
    fn documents_fed_in_pieces_give_fix_text(
        documents in proptest::collection::vec(document(), 1..6),
        cuts in proptest::collection::vec(any::<prop::sample::Index>(), 0..8),
    ) {
        let text = documents.concat();
        let whole = fix_text_with(&text, &extended()).into_owned();
        let starts: Vec<usize> = text.char_indices().map(|(index, _)| index).collect();
        let mut ends: Vec<usize> = cuts.iter().map(|cut| starts[cut.index(starts.len())]).collect();
        ends.sort_unstable();
        ends.dedup();
        let mut fixer = StreamFixer::new(&extended());
        let mut fixed = String::new();
        let mut start = 0;
        for end in ends {
            fixed += &fixer.feed(&text[start..end]);
            start = end;
        }
        fixed += &fixer.feed(&text[start..]);
        fixed += &fixer.finish();
        prop_assert_eq!(fixed, whole);
    }
}
