//! UTF-16 surrogates.
//!
//! Text decoded with the obsolete UCS-2 can hold the two halves of a
//! character above U+FFFF as separate "characters", or lone halves. A Rust
//! `&str` cannot hold them, so the fix lives where they occur: in UTF-16
//! code units, [`fix_utf16`].

use std::borrow::Cow;

/// Decodes UTF-16 code units into text, joining each surrogate pair into
/// the character it encodes and replacing every lone surrogate with U+FFFD,
/// as ftfy's `fix_surrogates` does to a Python string.
///
/// ```
/// use ftfy_core::fixes::fix_utf16;
/// assert_eq!(fix_utf16(&[0xd83d, 0xdca9]), "💩");
/// assert_eq!(fix_utf16(&[0xdca9, 0xd83d]), "\u{fffd}\u{fffd}");
/// assert_eq!(fix_utf16(&[0x61, 0xd83d, 0xd83d, 0xdca9]), "a\u{fffd}💩");
/// ```
pub fn fix_utf16(units: &[u16]) -> String {
    char::decode_utf16(units.iter().copied())
        .map(|unit| unit.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect()
}

/// The `fix_surrogates` step of the pipeline. A `&str` never holds a
/// surrogate, so on text this returns its input, borrowed; use
/// [`fix_utf16`] where surrogates can occur.
///
/// ```
/// assert_eq!(ftfy_core::fixes::fix_surrogates("💩"), "💩");
/// ```
pub fn fix_surrogates(text: &str) -> Cow<'_, str> {
    Cow::Borrowed(text)
}
