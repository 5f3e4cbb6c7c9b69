//! Backslash escapes, as in Python string literals.

use std::borrow::Cow;

use crate::edits::Edits;

/// Decodes backslash escapes the way Python decodes string literals:
/// `\x..`, `\u....`, `\U........`, octal `\ooo`, and `\\ \' \" \a \b \f \n
/// \r \t \v`, leaving all other text, including non-ASCII, alone.
///
/// `fix_text` never does this: escaped text is not necessarily a mistake.
///
/// Where ftfy would raise an error this leaves the escape as it is: an
/// escape with invalid digits, a code point above U+10FFFF, or a lone
/// surrogate (an escaped surrogate *pair* becomes its character).
/// Escapes by name, `\N{...}`, are left as they are too.
///
/// ```
/// use ftfy_core::fixes::decode_escapes;
/// let factoid = "\\u20a1 is the currency symbol for the colón.";
/// assert_eq!(decode_escapes(factoid), "₡ is the currency symbol for the colón.");
/// assert_eq!(decode_escapes(r"tab\there, \x41\101, \ud83d\ude00"), "tab\there, AA, 😀");
/// ```
pub fn decode_escapes(text: &str) -> Cow<'_, str> {
    let mut edits = Edits::new(text);
    let mut position = 0;
    while let Some(found) = text[position..].find('\\') {
        let start = position + found;
        match decode_escape_at(text, start) {
            Some((decoded, end)) => {
                edits.replace(start, end, decoded.encode_utf8(&mut [0; 4]));
                position = end;
            }
            None => position = start + escape_len(text, start).max(1),
        }
    }
    edits.finish()
}

/// The byte length of the escape sequence ftfy's pattern matches at
/// `start` (a backslash), whether or not it decodes, or 0 if none.
fn escape_len(text: &str, start: usize) -> usize {
    let rest = &text[start + 1..];
    // `.` in ftfy's pattern: any character but a line feed.
    let any_chars = |count: usize| -> Option<usize> {
        let taken: Vec<char> = rest[1..].chars().take(count).collect();
        (taken.len() == count && !taken.contains(&'\n'))
            .then(|| 2 + taken.iter().map(|c| c.len_utf8()).sum::<usize>())
    };
    let kind = rest.chars().next();
    let len = match kind {
        Some('U') => any_chars(8),
        Some('u') => any_chars(4),
        Some('x') => any_chars(2),
        Some('0'..='7') => Some(
            1 + rest
                .bytes()
                .take(3)
                .take_while(|b| (b'0'..=b'7').contains(b))
                .count(),
        ),
        Some('N') => rest[1..]
            .strip_prefix('{')
            .and_then(|name| name.find('}').filter(|&end| end > 0))
            .map(|end| 4 + end),
        Some('\\' | '\'' | '"' | 'a' | 'b' | 'f' | 'n' | 'r' | 't' | 'v') => Some(2),
        _ => None,
    };
    len.unwrap_or(0)
}

/// Decodes the escape at `start`, returning the character and the end of
/// the escape (or of a pair of escaped surrogates).
fn decode_escape_at(text: &str, start: usize) -> Option<(char, usize)> {
    let len = escape_len(text, start);
    if len == 0 {
        return None;
    }
    let escape = &text[start..start + len];
    let body = &escape[2..];
    let code = match escape.as_bytes()[1] {
        b'U' | b'u' | b'x' => hex_value(body)?,
        b'0'..=b'7' => u32::from_str_radix(&escape[1..], 8).ok()?,
        b'N' => return None,
        single => {
            let c = match single {
                b'a' => '\u{7}',
                b'b' => '\u{8}',
                b'f' => '\u{c}',
                b'n' => '\n',
                b'r' => '\r',
                b't' => '\t',
                b'v' => '\u{b}',
                other => char::from(other),
            };
            return Some((c, start + 2));
        }
    };
    if let Some(c) = char::from_u32(code) {
        return Some((c, start + len));
    }
    // A high surrogate: decodable only as the first half of a pair.
    if (0xD800..=0xDBFF).contains(&code) && text[start + len..].starts_with("\\u") {
        let next = start + len;
        let low = hex_value(text.get(next + 2..next + 6)?)?;
        if (0xDC00..=0xDFFF).contains(&low) {
            let c = char::from_u32(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00))?;
            return Some((c, next + 6));
        }
    }
    None
}

fn hex_value(digits: &str) -> Option<u32> {
    if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u32::from_str_radix(digits, 16).ok()
}
