//! The gritty details about characters and the encodings that use them
//! (`ftfy/chardata.py`): which codecs ftfy tries and in what order, which
//! texts each could have come from, and the patterns and tables that the
//! fixes use.

use std::collections::HashMap;
use std::sync::LazyLock;

use regex::bytes::Regex as BytesRegex;
use regex::Regex;
use unicode_normalization::UnicodeNormalization;

use crate::codecs;
use crate::html;
use crate::python;
use crate::utf8_clues::{
    UTF8_CONTINUATION, UTF8_CONTINUATION_STRICT, UTF8_FIRST_OF_2, UTF8_FIRST_OF_3, UTF8_FIRST_OF_4,
};

/// ftfy's `CHARMAP_ENCODINGS`: the encodings `fix_encoding` tries, in the
/// order it tries them.
pub const CHARMAP_ENCODINGS: [&str; 10] = [
    "latin-1",
    "sloppy-windows-1252",
    "sloppy-windows-1251",
    "sloppy-windows-1250",
    "sloppy-windows-1253",
    "sloppy-windows-1254",
    "sloppy-windows-1257",
    "iso-8859-2",
    "macroman",
    "cp437",
];

/// ftfy's `SINGLE_QUOTE_RE`.
pub(crate) static SINGLE_QUOTE_RE: LazyLock<Regex> =
    LazyLock::new(|| python::compile(r"[\x{02bc}\x{2018}-\x{201b}]"));

/// ftfy's `DOUBLE_QUOTE_RE`.
pub(crate) static DOUBLE_QUOTE_RE: LazyLock<Regex> =
    LazyLock::new(|| python::compile(r"[\x{201c}-\x{201f}]"));

/// ftfy's `ENCODING_REGEXES`: for `ascii` and each of
/// [`CHARMAP_ENCODINGS`], a pattern matching exactly the texts that the
/// encoding can encode (sloppily, for the sloppy ones).
static ENCODING_REGEXES: LazyLock<HashMap<&'static str, Regex>> = LazyLock::new(|| {
    let mut encoding_regexes = HashMap::new();
    encoding_regexes.insert("ascii", python::compile(r"^[\x00-\x7f]*$"));
    for encoding in CHARMAP_ENCODINGS {
        // The characters that bytes 80 to FF decode to, and byte 1A, which
        // the sloppy codecs use for the replacement character �. The other
        // ASCII bytes decode as themselves in every encoding here.
        let byte_range: Vec<u8> = (0x80..=0xFF).chain([0x1A]).collect();
        let charlist = codecs::decode(&byte_range, encoding).expect("every byte decodes");
        let escaped: String = charlist
            .chars()
            .map(|c| regex::escape(&c.to_string()))
            .collect();
        // Python's `$` also matches before a final newline, which the class
        // holds anyway: `\z` and `$` agree here.
        let regex = format!(r"^[\x00-\x19\x1b-\x7f{escaped}]*$");
        encoding_regexes.insert(encoding, python::compile(&regex));
    }
    encoding_regexes
});

/// ftfy's `possible_encoding`: whether the text could have been decoded
/// from this single-byte encoding, that is, whether it can be encoded in
/// it, possibly sloppily.
pub(crate) fn possible_encoding(text: &str, encoding: &str) -> bool {
    ENCODING_REGEXES[encoding].is_match(text)
}

/// ftfy's `HTML_ENTITY_RE`.
pub(crate) static HTML_ENTITY_RE: LazyLock<Regex> =
    LazyLock::new(|| python::compile(r"&#?[0-9A-Za-z]{1,24};"));

/// ftfy's `HTML_ENTITIES` (its `_build_html_entities`): every HTML5 entity
/// that ends in a semicolon, and the upper-case form of the lower-case
/// ones, where that form means nothing else to `html.unescape`, decoded
/// to the upper-case text (so `&NTILDE;` is `Ñ`).
pub(crate) static HTML_ENTITIES: LazyLock<HashMap<String, String>> = LazyLock::new(|| {
    let mut entities = HashMap::new();
    for (name, char) in html::HTML5.iter() {
        if name.ends_with(';') {
            entities.insert(format!("&{name}"), (*char).to_string());
            if *name == name.to_lowercase() {
                let entity_upper = format!("&{}", name.to_uppercase());
                if html::unescape(&entity_upper) == entity_upper {
                    entities.insert(entity_upper, char.to_uppercase());
                }
            }
        }
    }
    entities
});

/// ftfy's `CONTROL_CHARS`: the control characters `remove_control_chars`
/// deletes (see there for why these).
pub(crate) fn is_control_char(c: char) -> bool {
    matches!(
        u32::from(c),
        0x00..=0x08 | 0x0B | 0x0E..=0x1F | 0x7F | 0x206A..=0x206F | 0xFEFF | 0xFFF9..=0xFFFC
    )
}

/// ftfy's `ALTERED_UTF8_RE`: UTF-8 sequences that would be valid if a
/// Windows-1252 program had not turned their byte A0 into a plain space.
///
/// ftfy's notes: the two-byte sequences take only the lead bytes that
/// form likely characters before A0 (C2 → U+A0, C3 → à, C5 → Š, CE → Π,
/// D0 → Р, D9 → ٠). Three-byte sequences take E2 and E3 with a space
/// right after the lead byte (E0 and E1 would mean Samaritan or Mongolian),
/// and E0 to E3 with the space in third place; E4 and above are mostly CJK,
/// unlikely next to Latin letters. Four-byte sequences must start with F0.
pub(crate) static ALTERED_UTF8_RE: LazyLock<BytesRegex> = LazyLock::new(|| {
    BytesRegex::new(concat!(
        r"(?-u)",
        r"[\xc2\xc3\xc5\xce\xd0\xd9][ ]",
        r"|[\xe2\xe3][ ][\x80-\x84\x86-\x9f\xa1-\xbf]",
        r"|[\xe0-\xe3][\x80-\x84\x86-\x9f\xa1-\xbf][ ]",
        r"|[\xf0][ ][\x80-\xbf][\x80-\xbf]",
        r"|[\xf0][\x80-\xbf][ ][\x80-\xbf]",
        r"|[\xf0][\x80-\xbf][\x80-\xbf][ ]",
    ))
    .expect("a pattern")
});

/// ftfy's `LOSSY_UTF8_RE`: UTF-8 and CESU-8 sequences some of whose
/// continuation bytes were lost. Byte 1A stands (in the sloppy codecs) for
/// a byte that became `�`; an ASCII `?` may stand in for one, at most once
/// per sequence.
pub(crate) static LOSSY_UTF8_RE: LazyLock<BytesRegex> = LazyLock::new(|| {
    BytesRegex::new(concat!(
        r"(?-u)",
        r"[\xc2-\xdf][\x1a]",
        r"|[\xc2-\xc3][?]",
        r"|\xed[\xa0-\xaf][\x1a?]\xed[\xb0-\xbf][\x1a?\x80-\xbf]",
        r"|\xed[\xa0-\xaf][\x1a?\x80-\xbf]\xed[\xb0-\xbf][\x1a?]",
        r"|[\xe0-\xef][\x1a?][\x1a\x80-\xbf]",
        r"|[\xe0-\xef][\x1a\x80-\xbf][\x1a?]",
        r"|[\xf0-\xf4][\x1a?][\x1a\x80-\xbf][\x1a\x80-\xbf]",
        r"|[\xf0-\xf4][\x1a\x80-\xbf][\x1a?][\x1a\x80-\xbf]",
        r"|[\xf0-\xf4][\x1a\x80-\xbf][\x1a\x80-\xbf][\x1a?]",
        r"|\x1a",
    ))
    .expect("a pattern")
});

/// ftfy's `C1_CONTROL_RE`: the C1 controls, which Windows-1252 assigns to
/// other characters.
pub(crate) static C1_CONTROL_RE: LazyLock<Regex> =
    LazyLock::new(|| python::compile(r"[\x80-\x9f]"));

/// ftfy's `LIGATURES`: Latin ligatures and digraphs, with the letters they
/// stand for. It omits ligatures such as æ that are often meant.
pub(crate) fn ligature(c: char) -> Option<&'static str> {
    Some(match c {
        'Ĳ' => "IJ", // Dutch ligatures
        'ĳ' => "ij",
        'ŉ' => "ʼn", // Afrikaans digraph meant to avoid auto-curled quote
        'Ǳ' => "DZ", // Serbian/Croatian digraphs for Cyrillic conversion
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
        'ﬀ' => "ff", // Latin typographical ligatures
        'ﬁ' => "fi",
        'ﬂ' => "fl",
        'ﬃ' => "ffi",
        'ﬄ' => "ffl",
        'ﬅ' => "ſt",
        'ﬆ' => "st",
        _ => return None,
    })
}

/// ftfy's `WIDTH_MAP` (its `_build_width_map`): the ideographic space
/// U+3000 as a plain space, and each halfwidth or fullwidth form of
/// U+FF01..U+FFEF as what NFKC makes of it.
pub(crate) static WIDTH_MAP: LazyLock<HashMap<char, String>> = LazyLock::new(|| {
    let mut width_map = HashMap::from([('\u{3000}', " ".to_string())]);
    for c in '\u{FF01}'..'\u{FFF0}' {
        let alternate: String = c.to_string().nfkc().collect();
        if alternate != c.to_string() {
            width_map.insert(c, alternate);
        }
    }
    width_map
});

/// ftfy's `UTF8_DETECTOR_RE`, without its look-behind
/// `(?<![{utf8_continuation_strict}])`, which [`follows_strict_continuation`]
/// checks: runs of sequences that look like UTF-8 read in a single-byte
/// codec, coalesced with `+` so that adjacent ones are fixed together.
/// Spaces count as continuations, because they may have been U+A0.
pub(crate) static UTF8_DETECTOR_RE: LazyLock<Regex> = LazyLock::new(|| {
    python::compile(&format!(
        "(?:[{UTF8_FIRST_OF_2}][{UTF8_CONTINUATION}]\
         |[{UTF8_FIRST_OF_3}][{UTF8_CONTINUATION}]{{2}}\
         |[{UTF8_FIRST_OF_4}][{UTF8_CONTINUATION}]{{3}})+"
    ))
});

/// The look-behind of `UTF8_DETECTOR_RE`: a match may not follow a
/// character that is surely a continuation, so that a few characters in
/// the middle of a larger garble are not fixed alone.
static UTF8_CONTINUATION_STRICT_RE: LazyLock<Regex> =
    LazyLock::new(|| python::compile(&format!(r"\A[{UTF8_CONTINUATION_STRICT}]\z")));

/// Whether `c` is one of `utf8_continuation_strict`.
pub(crate) fn follows_strict_continuation(c: char) -> bool {
    UTF8_CONTINUATION_STRICT_RE.is_match(&c.to_string())
}
