//! HTML entities in text that is not HTML.

use std::borrow::Cow;
use std::hash::Hasher;

use crate::edits::Edits;
use crate::fnv::Fnv1a;

use super::html_entities_table::{
    DROPPED_CODE_POINTS, ENTITY_ENDS, ENTITY_NAMES, ENTITY_SLOTS, ENTITY_TEXTS, REPLACED_REFERENCES,
};

/// Decodes HTML entities and numeric character references, as ftfy 6.3.1
/// does: only complete ones that end in a semicolon (`this&not that` stays
/// as it is), every HTML5 entity, and upper-case forms of the common ones,
/// since databases sometimes shout (`P&EACUTE;REZ`).
///
/// ```
/// use ftfy_core::fixes::unescape_html;
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
/// The name and text of entity number `number` of the generated table.
fn entity(number: usize) -> (&'static str, &'static str) {
    let (name_start, text_start) = match number.checked_sub(1) {
        Some(before) => ENTITY_ENDS[before],
        None => (0, 0),
    };
    let (name_end, text_end) = ENTITY_ENDS[number];
    (
        &ENTITY_NAMES[usize::from(name_start)..usize::from(name_end)],
        &ENTITY_TEXTS[usize::from(text_start)..usize::from(text_end)],
    )
}

/// The text of the entity named `name`, looked up in the generated hash
/// table (a text full of entities spends its time here, and a hash of a
/// short name is cheaper than a dozen string comparisons).
fn entity_text(name: &str) -> Option<&'static str> {
    let mut hasher = Fnv1a::default();
    hasher.write(name.as_bytes());
    let mut slot = (hasher.finish() % ENTITY_SLOTS.len() as u64) as usize;
    loop {
        let number = usize::from(ENTITY_SLOTS[slot]).checked_sub(1)?;
        let (known, text) = entity(number);
        if known == name {
            return Some(text);
        }
        slot = (slot + 1) % ENTITY_SLOTS.len();
    }
}

fn decode_entity(entity: &str) -> Option<Cow<'static, str>> {
    let name = &entity[1..entity.len() - 1];
    match name.strip_prefix('#') {
        // ftfy keeps a reference whose decoding still holds a `;`, which
        // is how it detects a partial decoding; so `&#59;` (a semicolon)
        // stays too.
        Some(number) => decode_numeric_reference(number).filter(|decoded| !decoded.contains(';')),
        None => entity_text(name).map(Cow::Borrowed),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The hash table finds every entity of the table by its name, and
    /// nothing else.
    #[test]
    fn every_entity_is_found_by_name() {
        for number in 0..ENTITY_ENDS.len() {
            let (name, text) = entity(number);
            assert_eq!(entity_text(name), Some(text), "{name}");
            assert!(!name.is_empty() && !text.is_empty(), "{number}");
            if number > 0 {
                assert!(entity(number - 1).0 < name, "sorted at {name}");
            }
        }
        assert_eq!(entity_text("amp"), Some("&"));
        assert_eq!(entity_text("EACUTE"), Some("É"));
        for missing in ["", "ampx", "Amp", "notanentity", "a"] {
            assert_eq!(entity_text(missing), None, "{missing}");
        }
    }
}
