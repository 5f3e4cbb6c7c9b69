//! Invisible control characters and the byte-order mark.

use std::borrow::Cow;
use std::ops::Range;

use crate::edits::{Changes, Edits};

/// Removes control characters that have no visible effect and were
/// probably not meant (ftfy 6.3.1's set, after Unicode's table of
/// "characters not suitable for use with markup"):
///
/// - ASCII controls except tab, line feed, form feed and carriage return
///   (U+0000–U+0008, U+000B, U+000E–U+001F, U+007F);
/// - the deprecated Arabic format controls U+206A–U+206F;
/// - the interlinear annotation characters U+FFF9–U+FFFB and the object
///   replacement character U+FFFC;
/// - the byte-order mark U+FEFF, anywhere (ftfy 4.x's `remove_bom`).
///
/// Left alone: C1 controls (clues to mojibake), joiners and bidirectional
/// marks, musical notation controls, and tag characters (used in emoji
/// flags).
///
/// ```
/// use ftfy_core::fixes::remove_control_chars;
/// assert_eq!(remove_control_chars("\u{feff}bell\u{7}\tand tab"), "bell\tand tab");
/// ```
pub fn remove_control_chars(text: &str) -> Cow<'_, str> {
    remove_control_chars_noting(text, None)
}

/// [`remove_control_chars`], telling `changes` where it changed the text.
pub(crate) fn remove_control_chars_noting<'a>(
    text: &'a str,
    changes: Option<&mut Changes>,
) -> Cow<'a, str> {
    let bytes = text.as_bytes();
    match bytes.iter().position(|&byte| may_start_control_char(byte)) {
        None => Cow::Borrowed(text),
        Some(first) => remove_runs_of_control_chars(text, first, changes),
    }
}

/// [`remove_control_chars`] from byte `first` of `text` on (a character
/// that [`may_start_control_char`] passes; none before it does): each run
/// of adjacent removed characters is cut in one edit, not one per
/// character, as a line of NULs needs. (A property test checks it against
/// dropping the characters one by one.)
fn remove_runs_of_control_chars<'a>(
    text: &'a str,
    first: usize,
    changes: Option<&mut Changes>,
) -> Cow<'a, str> {
    let bytes = text.as_bytes();
    let mut edits = Edits::noting(text, changes);
    // The run of removed characters found and not yet cut.
    let mut run: Option<Range<usize>> = None;
    let mut index = first;
    loop {
        debug_assert!(text.is_char_boundary(index), "a continuation byte passed");
        // OK because `index` is at a character (see above).
        let c = text[index..].chars().next().expect("a character");
        let end = index + c.len_utf8();
        if is_removed_control_char(c) {
            match &mut run {
                Some(run) if run.end == index => run.end = end,
                _ => {
                    if let Some(cut) = run.replace(index..end) {
                        edits.replace(cut.start, cut.end, "");
                    }
                }
            }
        }
        match bytes[end..]
            .iter()
            .position(|&byte| may_start_control_char(byte))
        {
            Some(offset) => index = end + offset,
            None => break,
        }
    }
    if let Some(cut) = run {
        edits.replace(cut.start, cut.end, "");
    }
    edits.finish()
}

/// Whether `byte` may start a control character that
/// [`remove_control_chars`] removes, in UTF-8.
pub(super) fn may_start_control_char(byte: u8) -> bool {
    matches!(byte, 0x00..=0x08 | 0x0B | 0x0E..=0x1F | 0x7F | 0xE2 | 0xEF)
}

/// Whether [`remove_control_chars`] removes `c`.
pub(super) fn is_removed_control_char(c: char) -> bool {
    matches!(
        c,
        '\u{0}'..='\u{8}'
            | '\u{b}'
            | '\u{e}'..='\u{1f}'
            | '\u{7f}'
            | '\u{206a}'..='\u{206f}'
            | '\u{feff}'
            | '\u{fff9}'..='\u{fffc}'
    )
}

/// Removes byte-order marks (U+FEFF) from the start of the text: a BOM
/// decoded as if it were part of the text.
///
/// ```
/// assert_eq!(ftfy_core::fixes::remove_bom("\u{feff}Where do you want to go today?"), "Where do you want to go today?");
/// ```
pub fn remove_bom(text: &str) -> Cow<'_, str> {
    match text.trim_start_matches('\u{feff}') {
        trimmed if trimmed.len() == text.len() => Cow::Borrowed(text),
        trimmed => Cow::Owned(trimmed.to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// Runs cut whole remove what dropping each removed character
        /// does.
        #[test]
        fn removes_as_char_by_char(picks in proptest::collection::vec(0..16usize, 0..24)) {
            let pool: Vec<char> = "a\0\u{1}\t\n\r\u{7f}\u{80}\u{206a}\u{2069}\u{feff}\u{fffc}\u{fffd}é—\u{1c}"
                .chars()
                .collect();
            let text: String = picks.into_iter().map(|i| pool[i % pool.len()]).collect();
            let expected: String = text.chars().filter(|&c| !is_removed_control_char(c)).collect();
            let fixed = remove_control_chars(&text);
            prop_assert_eq!(matches!(fixed, Cow::Borrowed(_)), expected == text);
            prop_assert_eq!(fixed.as_ref(), expected.as_str(), "{:?}", text);
        }
    }
}
