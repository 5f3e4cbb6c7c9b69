//! ANSI terminal escapes.

use std::borrow::Cow;

use crate::edits::{Changes, Edits};

use crate::python_classes::{self, DIGIT};

/// Removes ANSI terminal escapes, such as the codes that color text:
/// `ESC [`, then digits and semicolons, then a letter. ("Digits" are
/// Unicode decimal digits, as in ftfy's Python regex.)
///
/// ```
/// use ftfy_core::fixes::remove_terminal_escapes;
/// assert_eq!(
///     remove_terminal_escapes("\u{1b}[36;44mI'm blue, da ba dee da ba doo...\u{1b}[0m"),
///     "I'm blue, da ba dee da ba doo..."
/// );
/// ```
pub fn remove_terminal_escapes(text: &str) -> Cow<'_, str> {
    remove_terminal_escapes_noting(text, None)
}

/// [`remove_terminal_escapes`], telling `changes` where it changed the
/// text.
pub(crate) fn remove_terminal_escapes_noting<'a>(
    text: &'a str,
    changes: Option<&mut Changes>,
) -> Cow<'a, str> {
    let mut edits = Edits::noting(text, changes);
    let mut position = 0;
    while let Some(found) = text[position..].find("\u{1b}[") {
        let start = position + found;
        let after_bracket = start + 2;
        let parameters_len: usize = text[after_bracket..]
            .chars()
            .take_while(|&c| c == ';' || python_classes::contains(DIGIT, c))
            .map(char::len_utf8)
            .sum();
        let final_at = after_bracket + parameters_len;
        if text[final_at..].starts_with(|c: char| c.is_ascii_alphabetic()) {
            edits.replace(start, final_at + 1, "");
            position = final_at + 1;
        } else {
            position = start + 1;
        }
    }
    edits.finish()
}
