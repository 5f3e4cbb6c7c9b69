//! What ftfy uses of Python's `html` module: the HTML5 entity list
//! (`html.entities.html5`) and `html.unescape`, as Python 3.11 writes it.

use std::collections::HashMap;
use std::sync::LazyLock;

use regex::{Captures, Regex};

/// Python's `html.entities.html5`: each entity name (without its `&`, with
/// its `;` where it has one, some both ways) and the text it stands for.
/// The list is WHATWG's `entities.json`, from which Python's is generated
/// too.
pub(crate) static HTML5: LazyLock<HashMap<&'static str, &'static str>> = LazyLock::new(|| {
    entities::ENTITIES
        .iter()
        .map(|entity| (&entity.entity[1..], entity.characters))
        .collect()
});

/// Python's `html._charref`: what `html.unescape` replaces.
static CHARREF: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"&(#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[^\t\n\x0C <&#;]{1,32};?)").expect("a pattern")
});

/// Python's `html.unescape`: decodes every character reference, named or
/// numeric, with or without its semicolon, as the HTML5 standard says a
/// browser does.
pub(crate) fn unescape(text: &str) -> String {
    CHARREF
        .replace_all(text, |charref: &Captures<'_>| replace_charref(&charref[1]))
        .into_owned()
}

/// Python's `html._replace_charref`.
fn replace_charref(s: &str) -> String {
    if let Some(number) = s.strip_prefix('#') {
        let number = number.trim_end_matches(';');
        let num = match number.strip_prefix(['x', 'X']) {
            Some(hex) => parse_saturating(hex, 16),
            None => parse_saturating(number, 10),
        };
        if let Some(replacement) = invalid_charref(num) {
            return replacement.to_string();
        }
        if (0xD800..=0xDFFF).contains(&num) || num > 0x10_FFFF {
            return "\u{FFFD}".into();
        }
        if is_invalid_codepoint(num) {
            return String::new();
        }
        let code_point = u32::try_from(num).expect("at most 0x10FFFF");
        return char::from_u32(code_point)
            .expect("not a surrogate")
            .to_string();
    }
    if let Some(text) = HTML5.get(s) {
        return (*text).to_string();
    }
    // The longest name the reference starts with (as the standard says),
    // of at least two characters.
    let prefix_ends: Vec<usize> = s.char_indices().map(|(at, _)| at).skip(2).collect();
    for &x in prefix_ends.iter().rev() {
        if let Some(text) = HTML5.get(&s[..x]) {
            return format!("{text}{}", &s[x..]);
        }
    }
    format!("&{s}")
}

/// Python's `int(digits, radix)`, held at a value above every code point
/// when the number is larger: all such numbers decode alike.
fn parse_saturating(digits: &str, radix: u32) -> u64 {
    digits.chars().fold(0, |num: u64, digit| {
        let value = u64::from(
            digit
                .to_digit(radix)
                .expect("the pattern takes only digits"),
        );
        num.saturating_mul(u64::from(radix))
            .saturating_add(value)
            .min(0x1_0000_0000)
    })
}

/// Python's `html._invalid_charrefs`: references to U+0000, CR and the C1
/// controls, which HTML5 reads as Windows-1252 (with the five bytes it
/// leaves undefined kept as they are).
fn invalid_charref(num: u64) -> Option<char> {
    Some(match num {
        0x00 => '\u{FFFD}',
        0x0D => '\r',
        0x80 => '\u{20AC}',
        0x81 => '\u{81}',
        0x82 => '\u{201A}',
        0x83 => '\u{0192}',
        0x84 => '\u{201E}',
        0x85 => '\u{2026}',
        0x86 => '\u{2020}',
        0x87 => '\u{2021}',
        0x88 => '\u{02C6}',
        0x89 => '\u{2030}',
        0x8A => '\u{0160}',
        0x8B => '\u{2039}',
        0x8C => '\u{0152}',
        0x8D => '\u{8D}',
        0x8E => '\u{017D}',
        0x8F => '\u{8F}',
        0x90 => '\u{90}',
        0x91 => '\u{2018}',
        0x92 => '\u{2019}',
        0x93 => '\u{201C}',
        0x94 => '\u{201D}',
        0x95 => '\u{2022}',
        0x96 => '\u{2013}',
        0x97 => '\u{2014}',
        0x98 => '\u{02DC}',
        0x99 => '\u{2122}',
        0x9A => '\u{0161}',
        0x9B => '\u{203A}',
        0x9C => '\u{0153}',
        0x9D => '\u{9D}',
        0x9E => '\u{017E}',
        0x9F => '\u{0178}',
        _ => return None,
    })
}

/// Python's `html._invalid_codepoints`: references that decode to nothing.
fn is_invalid_codepoint(num: u64) -> bool {
    matches!(num, 0x1..=0x8 | 0xB | 0xE..=0x1F | 0x7F..=0x9F | 0xFDD0..=0xFDEF)
        || ((num & 0xFFFE) == 0xFFFE && num <= 0x10_FFFF)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unescapes_as_python_does() {
        // Python 3.11's answers.
        assert_eq!(HTML5.len(), 2231);
        assert_eq!(
            unescape("&amp; &amp &ampx &#x41; &#65 &#0; &#128; &#1; &#xD800;"),
            "& & &x A A \u{fffd} €  \u{fffd}"
        );
        assert_eq!(
            unescape("&NTILDE; &notit; &#99999999999999999999;"),
            "&NTILDE; ¬it; \u{fffd}"
        );
    }
}
