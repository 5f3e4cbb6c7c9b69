//! Line breaks.

use std::borrow::Cow;

use crate::edits::{Changes, Edits};

/// Turns every kind of line break into `\n`: CRLF, CR (old Mac OS and
/// Microsoft Office for Mac), LINE SEPARATOR U+2028, PARAGRAPH SEPARATOR
/// U+2029, and NEXT LINE U+0085 (a C1 control that is usually mojibake for
/// `…`, so `fix_encoding` mostly gets to it first).
///
/// ```
/// use ftfy_core::fixes::fix_line_breaks;
/// assert_eq!(fix_line_breaks("Content-type: text/plain\r\n\r\nHi."), "Content-type: text/plain\n\nHi.");
/// assert_eq!(fix_line_breaks("This is how Microsoft \r trolls Mac users"), "This is how Microsoft \n trolls Mac users");
/// assert_eq!(fix_line_breaks("What is this \u{85} I don't even"), "What is this \n I don't even");
/// assert_eq!(
///     fix_line_breaks("This string is made of two things:\u{2029}1. Unicode\u{2028}2. Spite"),
///     "This string is made of two things:\n1. Unicode\n2. Spite"
/// );
/// ```
pub fn fix_line_breaks(text: &str) -> Cow<'_, str> {
    fix_line_breaks_noting(text, None)
}

/// [`fix_line_breaks`], telling `changes` where it changed the text.
pub(crate) fn fix_line_breaks_noting<'a>(
    text: &'a str,
    changes: Option<&mut Changes>,
) -> Cow<'a, str> {
    // CR, and the lead bytes of U+0085 (C2 85) and U+2028/9 (E2 80 A8/A9).
    if !text.bytes().any(|b| matches!(b, b'\r' | 0xC2 | 0xE2)) {
        return Cow::Borrowed(text);
    }
    let mut edits = Edits::noting(text, changes);
    let mut chars = text.char_indices().peekable();
    while let Some((index, c)) = chars.next() {
        let consumed = match c {
            '\r' if chars.peek().is_some_and(|&(_, next)| next == '\n') => {
                chars.next();
                2
            }
            '\r' | '\u{85}' | '\u{2028}' | '\u{2029}' => c.len_utf8(),
            _ => continue,
        };
        edits.replace(index, index + consumed, "\n");
    }
    edits.finish()
}
