//! Curly quotes.

use std::borrow::Cow;

use super::replace_chars;
use crate::edits::Changes;

/// Replaces curly quotation marks with straight ones: U+2018–U+201B and
/// the modifier apostrophe U+02BC become `'`, U+201C–U+201F become `"`.
///
/// ```
/// assert_eq!(ftfy_core::fixes::uncurl_quotes("“here’s a test”"), "\"here's a test\"");
/// ```
pub fn uncurl_quotes(text: &str) -> Cow<'_, str> {
    uncurl_quotes_noting(text, None)
}

/// [`uncurl_quotes`], telling `changes` where it changed the text.
pub(crate) fn uncurl_quotes_noting<'a>(
    text: &'a str,
    changes: Option<&mut Changes>,
) -> Cow<'a, str> {
    if text.is_ascii() {
        return Cow::Borrowed(text);
    }
    replace_chars(text, may_start_curly_quote, straightened, changes)
}

/// Whether `byte` may start a curly quote in UTF-8: U+02BC has lead byte
/// CA, U+2018–U+201F have E2.
pub(super) fn may_start_curly_quote(byte: u8) -> bool {
    byte == 0xCA || byte == 0xE2
}

/// The straight quote that stands for curly quote `c`.
pub(crate) fn straightened(c: char) -> Option<&'static str> {
    match c {
        '\u{2bc}' | '\u{2018}'..='\u{201b}' => Some("'"),
        '\u{201c}'..='\u{201f}' => Some("\""),
        _ => None,
    }
}
