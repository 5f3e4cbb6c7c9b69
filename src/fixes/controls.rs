//! Invisible control characters and the byte-order mark.

use std::borrow::Cow;

use super::replace_chars;

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
/// use ftfy::fixes::remove_control_chars;
/// assert_eq!(remove_control_chars("\u{feff}bell\u{7}\tand tab"), "bell\tand tab");
/// ```
pub fn remove_control_chars(text: &str) -> Cow<'_, str> {
    let has_ascii_control = text
        .bytes()
        .any(|b| matches!(b, 0x00..=0x08 | 0x0B | 0x0E..=0x1F | 0x7F));
    // U+206A–U+206F, U+FEFF and U+FFF9–U+FFFC are encoded with lead bytes
    // E2 and EF.
    let may_have_other = text.bytes().any(|b| b == 0xE2 || b == 0xEF);
    if !has_ascii_control && !may_have_other {
        return Cow::Borrowed(text);
    }
    replace_chars(text, may_start_control_char, |c| {
        is_removed_control_char(c).then_some("")
    })
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
/// assert_eq!(ftfy::fixes::remove_bom("\u{feff}Where do you want to go today?"), "Where do you want to go today?");
/// ```
pub fn remove_bom(text: &str) -> Cow<'_, str> {
    match text.trim_start_matches('\u{feff}') {
        trimmed if trimmed.len() == text.len() => Cow::Borrowed(text),
        trimmed => Cow::Owned(trimmed.to_owned()),
    }
}
