//! The single-byte codecs that UTF-8 is misread through, and what
//! `fix_text`'s scan asks of them: whether some of them may encode a
//! character at all, and whether some encode it as a UTF-8 continuation
//! byte. Lines with neither are ones that re-reading UTF-8 through these
//! codecs never changes.

use std::ops::Range;
use std::sync::LazyLock;

use super::{
    Charmap, CP437, ISO_8859_2, LATIN_1, MACROMAN, SLOPPY_CP874, SLOPPY_ISO_8859_3,
    SLOPPY_WINDOWS_1250, SLOPPY_WINDOWS_1251, SLOPPY_WINDOWS_1252, SLOPPY_WINDOWS_1253,
    SLOPPY_WINDOWS_1254, SLOPPY_WINDOWS_1255, SLOPPY_WINDOWS_1256, SLOPPY_WINDOWS_1257,
    SLOPPY_WINDOWS_1258,
};

/// Every single-byte codec that UTF-8 is commonly misread through:
/// ftfy's [`UNDONE_CODECS`](super::UNDONE_CODECS), then the Hebrew, Arabic, Vietnamese, Latin-3
/// and Thai code pages, in their sloppy versions (what web browsers
/// decode them as). Extended recovery undoes UTF-8 read through any of
/// them, and plans name them in its span repairs.
///
/// ```
/// let names: Vec<&str> = ftfy_core::codecs::UTF8_MISREAD_AS.iter().map(|c| c.name()).collect();
/// assert_eq!(names[10..], ["sloppy-windows-1255", "sloppy-windows-1256", "sloppy-windows-1258", "sloppy-iso-8859-3", "sloppy-cp874"]);
/// ```
pub static UTF8_MISREAD_AS: [&Charmap; 15] = [
    &LATIN_1,
    &SLOPPY_WINDOWS_1252,
    &SLOPPY_WINDOWS_1251,
    &SLOPPY_WINDOWS_1250,
    &SLOPPY_WINDOWS_1253,
    &SLOPPY_WINDOWS_1254,
    &SLOPPY_WINDOWS_1257,
    &ISO_8859_2,
    &MACROMAN,
    &CP437,
    &SLOPPY_WINDOWS_1255,
    &SLOPPY_WINDOWS_1256,
    &SLOPPY_WINDOWS_1258,
    &SLOPPY_ISO_8859_3,
    &SLOPPY_CP874,
];

/// Characters that no codec of [`UTF8_MISREAD_AS`] encodes (Han, kana,
/// Hangul, most symbols; checked in `tests`).
pub const UNENCODABLE: Range<char> = '\u{2600}'..'\u{f8ff}';

/// Whether some codec of [`UTF8_MISREAD_AS`] may encode `c`, a non-ASCII
/// character (what the pre-scan's generated table says of it): false only for characters that none encodes, told by their
/// first bytes ([`starts_unencodable`]) or their block ([`UNENCODABLE`]).
pub fn may_be_encodable(c: char) -> bool {
    let mut utf8 = [0; 4];
    !starts_unencodable(c.encode_utf8(&mut utf8).as_bytes(), 0) && !UNENCODABLE.contains(&c)
}

/// Whether some codec of [`UTF8_MISREAD_AS`] encodes `c`, a non-ASCII
/// character, as a UTF-8 continuation byte (80 to BF) (what the pre-scan's
/// generated table says of it).
pub fn may_continue_sequence(c: char) -> bool {
    // One bit per character of the BMP (no codec encodes any beyond),
    // made from the codecs' own tables: the bytes 80–BF of each decode to
    // the characters it encodes there.
    static CONTINUING: LazyLock<Vec<u64>> = LazyLock::new(|| {
        let mut bits = vec![0u64; 0x10000 / 64];
        for charmap in UTF8_MISREAD_AS {
            for c in (0x80..=0xBF).filter_map(|byte| charmap.decode_byte(byte)) {
                bits[c as usize / 64] |= 1 << (c as usize % 64);
            }
        }
        bits
    });
    CONTINUING
        .get(c as usize / 64)
        .is_some_and(|word| word & (1 << (c as usize % 64)) != 0)
}

/// Whether the character at `at` of valid UTF-8 `bytes` (one of three or
/// four bytes) is one that no codec of [`UTF8_MISREAD_AS`] encodes, by its
/// first two bytes: all beyond the BMP, and U+0800 to U+1FFF (Indic
/// scripts and more) but Thai (E0 B8 and E0 B9), and U+3000 to U+EFFF
/// (Han, kana, Hangul, private use). Checked in `tests`.
#[inline]
pub fn starts_unencodable(bytes: &[u8], at: usize) -> bool {
    match bytes[at] {
        0xE0 => !matches!(bytes.get(at + 1), Some(0xB8 | 0xB9)),
        0xE1 | 0xE3..=0xEE | 0xF0..=0xF4 => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcuts against the codecs themselves, for every character.
    #[test]
    fn shortcuts_agree_with_the_codecs() {
        for c in ('\u{80}'..=char::MAX).filter(|c| !c.is_ascii()) {
            let encoded: Vec<u8> = UTF8_MISREAD_AS
                .iter()
                .filter_map(|charmap| charmap.encode_char(c))
                .collect();
            if !may_be_encodable(c) {
                assert!(encoded.is_empty(), "{c:?}");
            }
            let continues = encoded.iter().any(|byte| (0x80..=0xBF).contains(byte));
            assert_eq!(may_continue_sequence(c), continues, "{c:?}");
        }
    }
}
