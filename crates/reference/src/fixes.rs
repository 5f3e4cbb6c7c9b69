//! The individual fixes that `fix_text` performs, and the functions that
//! plans name (`ftfy/fixes.py`), in its order. Each takes the text (or the
//! bytes, for the two that repair re-encoded mojibake) and returns the
//! fixed copy.

use std::sync::LazyLock;

use regex::bytes::Captures as ByteCaptures;
use regex::{Captures, Regex};

use crate::chardata::{
    self, ALTERED_UTF8_RE, C1_CONTROL_RE, DOUBLE_QUOTE_RE, HTML_ENTITIES, HTML_ENTITY_RE,
    LOSSY_UTF8_RE, SINGLE_QUOTE_RE, UTF8_DETECTOR_RE, WIDTH_MAP,
};
use crate::{badness, codecs, html, python, TextFixerConfig};

/// ftfy's `_unescape_fixup`: one matched entity as the text it stands for,
/// if it stands for one.
fn unescape_fixup(entity: &str) -> String {
    if let Some(text) = HTML_ENTITIES.get(entity) {
        text.clone()
    } else if entity.starts_with("&#") {
        let unescaped = html::unescape(entity);
        // If html.unescape decoded only part of the reference, that is not
        // what we want: the semicolon should be consumed.
        if unescaped.contains(';') {
            entity.to_string()
        } else {
            unescaped
        }
    } else {
        entity.to_string()
    }
}

/// ftfy's `fixes.unescape_html`: decodes the HTML entities that end in a
/// semicolon (so `this&not that` stays), numeric character references,
/// and upper-case forms of the lower-case entities (`P&EACUTE;REZ`).
///
/// ```
/// use ftfy_reference::fixes::unescape_html;
/// assert_eq!(unescape_html("&lt;tag&gt;"), "<tag>");
/// assert_eq!(unescape_html("&Jscr;ohn &HilbertSpace;ancock"), "𝒥ohn ℋancock");
/// assert_eq!(unescape_html("BUNDESSTRA&SZLIG;E"), "BUNDESSTRASSE");
/// assert_eq!(unescape_html("&ntilde; &Ntilde; &NTILDE; &nTILDE;"), "ñ Ñ Ñ &nTILDE;");
/// ```
pub fn unescape_html(text: &str) -> String {
    HTML_ENTITY_RE
        .replace_all(text, |entity: &Captures<'_>| unescape_fixup(&entity[0]))
        .into_owned()
}

/// ftfy's `ANSI_RE`.
static ANSI_RE: LazyLock<Regex> = LazyLock::new(|| {
    python::compile(&format!(
        r"\x1b\[((?:{digit}|;)*)([a-zA-Z])",
        digit = python::DIGIT
    ))
});

/// ftfy's `fixes.remove_terminal_escapes`: strips "ANSI" terminal escapes,
/// such as those that color text.
///
/// ```
/// use ftfy_reference::fixes::remove_terminal_escapes;
/// assert_eq!(remove_terminal_escapes("\x1b[36;44mI'm blue\x1b[0m"), "I'm blue");
/// ```
pub fn remove_terminal_escapes(text: &str) -> String {
    ANSI_RE.replace_all(text, "").into_owned()
}

/// ftfy's `fixes.uncurl_quotes`: curly quotation marks become straight.
///
/// ```
/// use ftfy_reference::fixes::uncurl_quotes;
/// assert_eq!(uncurl_quotes("\u{201c}here\u{2019}s a test\u{201d}"), "\"here's a test\"");
/// ```
pub fn uncurl_quotes(text: &str) -> String {
    let text = DOUBLE_QUOTE_RE.replace_all(text, "\"");
    SINGLE_QUOTE_RE.replace_all(&text, "'").into_owned()
}

/// ftfy's `fixes.fix_latin_ligatures`: Latin ligatures such as `ﬁ` become
/// the letters they contain.
///
/// ```
/// use ftfy_reference::fixes::fix_latin_ligatures;
/// assert_eq!(fix_latin_ligatures("ﬂuﬃeﬆ"), "fluffiest");
/// ```
pub fn fix_latin_ligatures(text: &str) -> String {
    translate(text, |c| chardata::ligature(c).map(str::to_string))
}

/// ftfy's `fixes.fix_character_width`: halfwidth and fullwidth forms (and
/// the ideographic space) become their standard forms.
///
/// ```
/// use ftfy_reference::fixes::fix_character_width;
/// assert_eq!(fix_character_width("ＬＯＵＤ　ＮＯＩＳＥＳ"), "LOUD NOISES");
/// assert_eq!(fix_character_width("Ｕﾀｰﾝ"), "Uターン");
/// ```
pub fn fix_character_width(text: &str) -> String {
    translate(text, |c| WIDTH_MAP.get(&c).cloned())
}

/// ftfy's `fixes.fix_line_breaks`: CRLF, CR, LINE SEPARATOR, PARAGRAPH
/// SEPARATOR and NEXT LINE all become `\n`.
///
/// ```
/// use ftfy_reference::fixes::fix_line_breaks;
/// assert_eq!(fix_line_breaks("a\r\nb\rc\u{2028}d\u{2029}e\u{85}f"), "a\nb\nc\nd\ne\nf");
/// ```
#[allow(clippy::collapsible_str_replace)] // one replace per kind of break, as ftfy writes it
pub fn fix_line_breaks(text: &str) -> String {
    text.replace("\r\n", "\n")
        .replace('\r', "\n")
        .replace('\u{2028}', "\n")
        .replace('\u{2029}', "\n")
        .replace('\u{85}', "\n")
}

/// ftfy's `fixes.fix_surrogates`, which replaces UTF-16 surrogate code
/// points with the characters they encode. A Rust `&str` cannot hold a
/// surrogate, so there is never one to replace: this returns the text as
/// it is, and is here so that `fix_text` reads as ftfy's does.
pub fn fix_surrogates(text: &str) -> String {
    text.to_string()
}

/// ftfy's `fixes.remove_control_chars`: deletes the control characters
/// that have no displayed effect (`CONTROL_CHARS`): ASCII controls other
/// than the whitespace ones, the deprecated Arabic controls U+206A..U+206F,
/// the byte-order mark U+FEFF and U+FFF9..U+FFFC. Whitespace controls, C1
/// controls (clues to mojibake), joiners and bidirectional marks stay.
///
/// ```
/// use ftfy_reference::fixes::remove_control_chars;
/// assert_eq!(remove_control_chars("a\u{0}b\tc\u{feff}\u{200d}"), "ab\tc\u{200d}");
/// ```
pub fn remove_control_chars(text: &str) -> String {
    text.chars()
        .filter(|&c| !chardata::is_control_char(c))
        .collect()
}

/// Python's `str.translate` with a table of replacements.
fn translate(text: &str, table: impl Fn(char) -> Option<String>) -> String {
    text.chars()
        .map(|c| table(c).unwrap_or_else(|| c.to_string()))
        .collect()
}

/// ftfy's `A_GRAVE_WORD_RE`, `b"\xc3 (?! |quele|quela|quilo|s )"`: byte
/// C3 followed by one space, not starting a Portuguese `às` or `àquele`
/// (and its kin). ftfy reads such a C3 as `à` standing alone, as in
/// "Ã la mode", so it puts back the A0 and keeps the space. The `regex`
/// crate has no look-ahead: this is the same match written out.
fn a_grave_word_sub(bytes: &[u8]) -> Vec<u8> {
    const NOT_FOLLOWED_BY: [&[u8]; 5] = [b" ", b"quele", b"quela", b"quilo", b"s "];
    let mut replaced = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let rest = &bytes[at..];
        if rest.starts_with(b"\xc3 ")
            && !NOT_FOLLOWED_BY
                .iter()
                .any(|&word| rest[2..].starts_with(word))
        {
            replaced.extend_from_slice(b"\xc3\xa0 ");
            at += 2;
        } else {
            replaced.push(bytes[at]);
            at += 1;
        }
    }
    replaced
}

/// ftfy's `fixes.restore_byte_a0`: in bytes of re-encoded mojibake, puts
/// back the A0 bytes that some program turned into spaces, where that
/// makes UTF-8 (`ALTERED_UTF8_RE`), after treating `Ã ` as a word of its
/// own.
///
/// ```
/// use ftfy_reference::fixes::restore_byte_a0;
/// assert_eq!(restore_byte_a0(b"voil\xc3 le travail"), b"voil\xc3\xa0 le travail");
/// ```
pub fn restore_byte_a0(byts: &[u8]) -> Vec<u8> {
    let byts = a_grave_word_sub(byts);
    ALTERED_UTF8_RE
        .replace_all(&byts, |found: &ByteCaptures<'_>| {
            found[0]
                .iter()
                .map(|&b| if b == b' ' { 0xA0 } else { b })
                .collect::<Vec<u8>>()
        })
        .into_owned()
}

/// ftfy's `fixes.replace_lossy_sequences`: in bytes encoded with a sloppy
/// codec, UTF-8 sequences some of whose bytes were lost (byte 1A, the
/// sloppy codecs' `�`, or `?`) become the UTF-8 of `�` (`LOSSY_UTF8_RE`).
///
/// ```
/// use ftfy_reference::fixes::replace_lossy_sequences;
/// assert_eq!(replace_lossy_sequences(b"\xe2\x80\x1a"), "\u{fffd}".as_bytes());
/// ```
pub fn replace_lossy_sequences(byts: &[u8]) -> Vec<u8> {
    LOSSY_UTF8_RE
        .replace_all(byts, "\u{FFFD}".as_bytes())
        .into_owned()
}

/// ftfy's `fixes.decode_inconsistent_utf8`: fixes runs that look like UTF-8
/// mojibake (`UTF8_DETECTOR_RE`) one by one, for text joined from pieces in
/// different encodings. A run is fixed with `fix_encoding` (ftfy's default
/// configuration) only if it looks bad and is shorter than the whole text,
/// so that this never recurses forever.
///
/// ```
/// use ftfy_reference::fixes::decode_inconsistent_utf8;
/// assert_eq!(decode_inconsistent_utf8("Ã© and €"), "é and €");
/// ```
pub fn decode_inconsistent_utf8(text: &str) -> String {
    let text_length = text.chars().count();
    let fix_embedded_mojibake = |found: &regex::Match<'_>| {
        let substr = found.as_str();
        if substr.chars().count() < text_length && badness::is_bad(substr) {
            crate::fix_encoding(substr, &TextFixerConfig::default())
        } else {
            substr.to_string()
        }
    };
    python::sub_not_after(
        &UTF8_DETECTOR_RE,
        chardata::follows_strict_continuation,
        text,
        fix_embedded_mojibake,
    )
    .into_owned()
}

/// ftfy's `fixes.fix_c1_controls`: each C1 control becomes the character
/// Windows-1252 has at its byte, as web browsers read them.
///
/// ```
/// use ftfy_reference::fixes::fix_c1_controls;
/// assert_eq!(fix_c1_controls("\u{93}quoted\u{94}"), "“quoted”");
/// ```
pub fn fix_c1_controls(text: &str) -> String {
    C1_CONTROL_RE
        .replace_all(text, |found: &Captures<'_>| c1_fixer(&found[0]))
        .into_owned()
}

/// ftfy's `_c1_fixer`.
fn c1_fixer(c1: &str) -> String {
    let byts = codecs::encode(c1, "latin-1").expect("C1 controls are Latin-1");
    codecs::decode(&byts, "sloppy-windows-1252").expect("the sloppy codec decodes every byte")
}
