//! ftfy's `utf-8-variants` codec (`ftfy/bad_codecs/utf8_variants.py`):
//! UTF-8, plus CESU-8 (a character above U+FFFF written as its two UTF-16
//! surrogates, six bytes) and Java's `C0 80` for U+0000.
//!
//! ftfy's decoder finds the next "special" sequence with a regular
//! expression, decodes the plain UTF-8 before it with Python's decoder, and
//! handles the sequence itself. Its patterns end their groups with `$`,
//! which in Python also matches just before a final `\n`: so `C0 0A` at the
//! end of the input decodes as U+0000, and `ED A0 80 ED B0 0A` as a
//! character, the newline read as the last continuation byte. This module
//! keeps that: it is what ftfy 6.3.1 answers.

/// Decodes as ftfy's `bytes.decode("utf-8-variants")` does (strict errors),
/// or gives the position of the bytes it fails on.
pub(crate) fn decode(input: &[u8]) -> Result<String, usize> {
    let mut decoded = String::new();
    let mut position = 0;
    while position < input.len() {
        let rest = &input[position..];
        let Some(cutoff) = (0..rest.len()).find(|&at| special_bytes_at(rest, at)) else {
            decoded.push_str(utf8(rest).map_err(|bad| position + bad)?);
            break;
        };
        if cutoff > 0 {
            decoded.push_str(utf8(&rest[..cutoff]).map_err(|bad| position + bad)?);
            position += cutoff;
        } else if rest[0] == 0xC0 {
            // Java's null (or C0 at the very end, which Python's decoder
            // then rejects).
            if rest.len() == 1 {
                return Err(position);
            }
            decoded.push('\0');
            position += 2;
        } else if rest.len() < 6 {
            // A surrogate too short to be a pair: the rest goes to Python's
            // UTF-8 decoder, which rejects any surrogate.
            decoded.push_str(utf8(rest).map_err(|bad| position + bad)?);
            break;
        } else if cesu8_at(rest, 0) {
            decoded.push(cesu8_character(rest));
            position += 6;
        } else {
            // A lone surrogate: not UTF-8.
            return Err(position);
        }
    }
    Ok(decoded)
}

/// Python's strict UTF-8 decoder, or the position of the first bad byte.
fn utf8(bytes: &[u8]) -> Result<&str, usize> {
    std::str::from_utf8(bytes).map_err(|error| error.valid_up_to())
}

/// Where ftfy's `SPECIAL_BYTES_RE` matches: its `NULL_EXPR`,
/// `CESU8_EXPR` or `SURROGATE_EXPR`.
fn special_bytes_at(input: &[u8], at: usize) -> bool {
    null_at(input, at) || cesu8_at(input, at) || surrogate_at(input, at)
}

/// `NULL_EXPR`: `\xc0(\x80|$)`.
fn null_at(input: &[u8], at: usize) -> bool {
    input[at] == 0xC0 && group(input, at + 1, 0x80..=0x80).is_some()
}

/// `SURROGATE_EXPR`: `\xed([\xa0-\xbf]|$)([\x80-\xbf]|$)`.
fn surrogate_at(input: &[u8], at: usize) -> bool {
    input[at] == 0xED
        && group(input, at + 1, 0xA0..=0xBF)
            .and_then(|next| group(input, next, 0x80..=0xBF))
            .is_some()
}

/// `CESU8_EXPR`:
/// `\xed([\xa0-\xaf]|$)([\x80-\xbf]|$)(\xed|$)([\xb0-\xbf]|$)([\x80-\xbf]|$)`.
fn cesu8_at(input: &[u8], at: usize) -> bool {
    if input[at] != 0xED {
        return false;
    }
    let groups = [
        0xA0..=0xAF,
        0x80..=0xBF,
        0xED..=0xED,
        0xB0..=0xBF,
        0x80..=0xBF,
    ];
    groups
        .into_iter()
        .try_fold(at + 1, |next, bytes| group(input, next, bytes))
        .is_some()
}

/// One group `([bytes]|$)` at `at`: where the match goes on, if it does.
fn group(input: &[u8], at: usize, bytes: std::ops::RangeInclusive<u8>) -> Option<usize> {
    match input.get(at) {
        Some(byte) if bytes.contains(byte) => Some(at + 1),
        _ if python_end(input, at) => Some(at),
        _ => None,
    }
}

/// Python's `$` without MULTILINE: the end of the input, or just before a
/// `\n` that ends it.
fn python_end(input: &[u8], at: usize) -> bool {
    at == input.len() || (at + 1 == input.len() && input[at] == b'\n')
}

/// The character a CESU-8 pair encodes:
/// `11101101 1010abcd 10efghij 11101101 1011klmn 10opqrst` holds the 20
/// bits of the code point minus 0x10000.
fn cesu8_character(input: &[u8]) -> char {
    let code_point = (u32::from(input[1] & 0x0F) << 16)
        + (u32::from(input[2] & 0x3F) << 10)
        + (u32::from(input[4] & 0x0F) << 6)
        + u32::from(input[5] & 0x3F)
        + 0x10000;
    char::from_u32(code_point).expect("at most 0x10FFFF, and above the surrogates")
}

#[cfg(test)]
mod tests {
    use super::decode;

    #[test]
    fn decodes_as_ftfy_does() {
        // Answers of ftfy 6.3.1's codec.
        assert_eq!(decode(b"\xed\xa0\xbd\xed\xb8\x8d").unwrap(), "😍");
        assert_eq!(
            decode(b"here comes a null! \xc0\x80").unwrap(),
            "here comes a null! \0"
        );
        assert_eq!(decode(b"\xc3\xa9\xc0\n").unwrap(), "é\0");
        assert_eq!(decode(b"\xed\xa0\x80\xed\xb0\n").unwrap(), "\u{1000a}");
        assert!(decode(b"ok \xed\xa0\xbd").is_err());
        assert!(decode(b"\xc0").is_err());
        assert!(decode(b"\xc0A").is_err());
    }
}
