//! HTML entities in text that is not HTML.

use std::borrow::Cow;
use std::sync::LazyLock;

use crate::edits::Edits;
use crate::fnv::FnvMap;

use super::html_entities::{DROPPED_CODE_POINTS, ENTITIES, REPLACED_REFERENCES};

/// Decodes HTML entities and numeric character references, as ftfy 6.3.1
/// does: only complete ones that end in a semicolon (`this&not that` stays
/// as it is), every HTML5 entity, and upper-case forms of the common ones,
/// since databases sometimes shout (`P&EACUTE;REZ`).
///
/// ```
/// use ftfy::fixes::unescape_html;
///
/// assert_eq!(unescape_html("&lt;tag&gt;"), "<tag>");
/// assert_eq!(unescape_html("&Jscr;ohn &HilbertSpace;ancock"), "𝒥ohn ℋancock");
/// assert_eq!(unescape_html("&checkmark;"), "✓");
/// assert_eq!(unescape_html("P&eacute;rez"), "Pérez");
/// assert_eq!(unescape_html("P&EACUTE;REZ"), "PÉREZ");
/// assert_eq!(unescape_html("BUNDESSTRA&SZLIG;E"), "BUNDESSTRASSE");
/// assert_eq!(unescape_html("&ntilde; &Ntilde; &NTILDE; &nTILDE;"), "ñ Ñ Ñ &nTILDE;");
/// assert_eq!(unescape_html("&#x2019; &#8217; &#150;"), "’ ’ –");
/// ```
pub fn unescape_html(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let mut edits = Edits::new(text);
    let mut position = 0;
    while let Some(found) = memchr::memchr(b'&', &bytes[position..]) {
        let start = position + found;
        let Some(end) = entity_end(bytes, start) else {
            position = start + 1;
            continue;
        };
        let entity = &text[start..end];
        if let Some(decoded) = decode_entity(entity) {
            edits.replace(start, end, &decoded);
        }
        position = end;
    }
    edits.finish()
}

/// The end of the entity starting with the `&` at `start`, if the text
/// there matches ftfy's pattern `&#?[0-9A-Za-z]{1,24};`.
fn entity_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut name_start = start + 1;
    if bytes.get(name_start) == Some(&b'#') {
        name_start += 1;
    }
    let name_len = bytes[name_start..]
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric())
        .count();
    let semicolon = name_start + name_len;
    ((1..=24).contains(&name_len) && bytes.get(semicolon) == Some(&b';')).then_some(semicolon + 1)
}

/// The text an entity such as `&amp;` or `&#x2019;` stands for, or `None`
/// to leave it as it is.
/// [`ENTITIES`] by name. A text full of entities spends its time here, and
/// a hash of a short name is cheaper than a dozen string comparisons.
static ENTITY_INDEX: LazyLock<FnvMap<&str, &str>> =
    LazyLock::new(|| ENTITIES.iter().copied().collect());

fn decode_entity(entity: &str) -> Option<Cow<'static, str>> {
    let name = &entity[1..entity.len() - 1];
    match name.strip_prefix('#') {
        // ftfy keeps a reference whose decoding still holds a `;`, which
        // is how it detects a partial decoding; so `&#59;` (a semicolon)
        // stays too.
        Some(number) => decode_numeric_reference(number).filter(|decoded| !decoded.contains(';')),
        None => ENTITY_INDEX.get(name).map(|&text| Cow::Borrowed(text)),
    }
}

/// Decodes the digits of `&#…;` as Python's `html.unescape` does, and
/// keeps the reference as it is where that would leave part of it behind
/// (ftfy's rule): `&#12a;` is not a reference to U+000C followed by `a;`.
fn decode_numeric_reference(number: &str) -> Option<Cow<'static, str>> {
    let (digits, radix) = match number.strip_prefix(['x', 'X']) {
        Some(hex) => (hex, 16),
        None => (number, 10),
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    // At most 23 digits: a u128 holds them; anything that large is out of
    // range anyway.
    let value = u128::from_str_radix(digits, radix).ok()?;
    let Ok(code) = u32::try_from(value) else {
        return Some(Cow::Borrowed("\u{fffd}"));
    };
    if let Ok(index) = REPLACED_REFERENCES.binary_search_by_key(&code, |&(known, _)| known) {
        return Some(Cow::Borrowed(REPLACED_REFERENCES[index].1));
    }
    if (0xD800..=0xDFFF).contains(&code) || code > 0x10FFFF {
        return Some(Cow::Borrowed("\u{fffd}"));
    }
    if DROPPED_CODE_POINTS.binary_search(&code).is_ok() {
        return Some(Cow::Borrowed(""));
    }
    char::from_u32(code).map(|c| Cow::Owned(c.to_string()))
}
