//! Compatibility characters that are almost never meant: Latin ligatures
//! and full-width or half-width forms.

use std::borrow::Cow;

use super::replace_chars;
use super::width_table::WIDTH_MAP;
use crate::edits::Changes;

/// Replaces single-character Latin ligatures, such as `ﬁ`, with the
/// letters they stand for. They are for rendering, and in a string usually
/// come from copying text out of a PDF. Ligatures of other scripts, and ones
/// used on purpose such as `æ`, are left alone (NFKC normalization would
/// take those apart too). Also splits the Dutch `ĳ` and the legacy digraphs
/// such as `ǆ`.
///
/// ```
/// assert_eq!(ftfy_core::fixes::fix_latin_ligatures("ﬂuﬃeﬆ"), "fluffiest");
/// ```
pub fn fix_latin_ligatures(text: &str) -> Cow<'_, str> {
    fix_latin_ligatures_noting(text, None)
}

/// [`fix_latin_ligatures`], telling `changes` where it changed the text.
pub(crate) fn fix_latin_ligatures_noting<'a>(
    text: &'a str,
    changes: Option<&mut Changes>,
) -> Cow<'a, str> {
    if text.is_ascii() {
        return Cow::Borrowed(text);
    }
    replace_chars(text, may_start_ligature, separated_ligature, changes)
}

/// Whether `byte` may start a ligature in UTF-8: Ĳ ĳ ŉ have lead bytes C4
/// and C5, the digraphs C7, ﬀ–ﬆ EF.
pub(super) fn may_start_ligature(byte: u8) -> bool {
    matches!(byte, 0xC4 | 0xC5 | 0xC7 | 0xEF)
}

/// The letters that ligature `c` stands for.
pub(super) fn separated_ligature(c: char) -> Option<&'static str> {
    Some(match c {
        'Ĳ' => "IJ",
        'ĳ' => "ij",
        // Afrikaans digraph, meant to avoid an auto-curled quote.
        'ŉ' => "ʼn",
        // Serbo-Croatian digraphs, from Cyrillic conversion.
        'Ǳ' => "DZ",
        'ǲ' => "Dz",
        'ǳ' => "dz",
        'Ǆ' => "DŽ",
        'ǅ' => "Dž",
        'ǆ' => "dž",
        'Ǉ' => "LJ",
        'ǈ' => "Lj",
        'ǉ' => "lj",
        'Ǌ' => "NJ",
        'ǋ' => "Nj",
        'ǌ' => "nj",
        // Typographic ligatures.
        'ﬀ' => "ff",
        'ﬁ' => "fi",
        'ﬂ' => "fl",
        'ﬃ' => "ffi",
        'ﬄ' => "ffl",
        'ﬅ' => "ſt",
        'ﬆ' => "st",
        _ => return None,
    })
}

/// Replaces full-width Latin letters, digits and punctuation, half-width
/// katakana and Hangul, and the ideographic space U+3000, with their
/// standard forms. Turn it off to keep the grid layout of CJK text.
///
/// ```
/// use ftfy_core::fixes::fix_character_width;
/// assert_eq!(fix_character_width("ＬＯＵＤ　ＮＯＩＳＥＳ"), "LOUD NOISES");
/// assert_eq!(fix_character_width("Ｕﾀｰﾝ"), "Uターン"); // "U-turn"
/// ```
pub fn fix_character_width(text: &str) -> Cow<'_, str> {
    fix_character_width_noting(text, None)
}

/// [`fix_character_width`], telling `changes` where it changed the text.
pub(crate) fn fix_character_width_noting<'a>(
    text: &'a str,
    changes: Option<&mut Changes>,
) -> Cow<'a, str> {
    if text.is_ascii() {
        return Cow::Borrowed(text);
    }
    replace_chars(text, may_start_wide_char, narrowed, changes)
}

/// Whether `byte` may start a character [`fix_character_width`] changes,
/// in UTF-8: U+3000 has lead byte E3, U+FF01–U+FFEF have EF.
pub(super) fn may_start_wide_char(byte: u8) -> bool {
    byte == 0xE3 || byte == 0xEF
}

/// The standard form of full-width or half-width character `c`.
pub(super) fn narrowed(c: char) -> Option<&'static str> {
    if c != '\u{3000}' && !('\u{ff01}'..='\u{ffef}').contains(&c) {
        return None;
    }
    WIDTH_MAP
        .binary_search_by_key(&c, |&(from, _)| from)
        .ok()
        .map(|index| WIDTH_MAP[index].1)
}
