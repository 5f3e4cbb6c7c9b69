//! `utf-8-variants`: UTF-8 plus the two common ways of getting it wrong
//! that still say exactly which character was meant.
//!
//! - CESU-8: a character above U+FFFF written as the UTF-8 encoding of its
//!   two UTF-16 surrogates (six bytes, `ED A0-AF xx ED B0-BF xx`).
//! - Java's "modified UTF-8": U+0000 written as `C0 80`.
//!
//! Everything else must be valid UTF-8: BMP characters in their shortest
//! form, and no lone surrogates. Encoding produces plain UTF-8, as ftfy's
//! codec does.

use super::{Codec, CodecError};

/// Decodes UTF-8 that may contain CESU-8 surrogate pairs or Java's
/// `C0 80`, as ftfy 6.3.1's `utf-8-variants` codec does.
///
/// ```
/// use ftfy_core::codecs::utf8_variants;
///
/// assert_eq!(utf8_variants::decode(b"\xed\xa0\xbd\xed\xb8\x8d").unwrap(), "😍");
/// assert_eq!(utf8_variants::decode(b"here comes a null! \xc0\x80").unwrap(), "here comes a null! \0");
/// // A lone surrogate is still an error, as is any other overlong form.
/// assert_eq!(utf8_variants::decode(b"ok \xed\xa0\xbd").unwrap_err().offset(), Some(3));
/// assert!(utf8_variants::decode(b"\xc1\x81").is_err());
/// ```
///
/// # Errors
///
/// [`CodecError::Undecodable`] at the first byte that starts neither valid UTF-8 nor
/// one of the two variant forms.
pub fn decode(bytes: &[u8]) -> Result<String, CodecError> {
    let mut text = String::with_capacity(bytes.len());
    let mut start = 0;
    loop {
        let rest = &bytes[start..];
        let error = match std::str::from_utf8(rest) {
            Ok(valid) => {
                text.push_str(valid);
                return Ok(text);
            }
            Err(error) => error,
        };
        let (valid, invalid) = rest.split_at(error.valid_up_to());
        text.push_str(
            std::str::from_utf8(valid).expect("the prefix the validator accepted is UTF-8"),
        );
        let offset = start + valid.len();
        if invalid.starts_with(&[0xC0, 0x80]) {
            text.push('\0');
            start = offset + 2;
        } else if let Some(c) = surrogate_pair(invalid) {
            text.push(c);
            start = offset + 6;
        } else {
            return Err(CodecError::Undecodable {
                codec: Codec::Utf8Variants.name(),
                offset,
                reason: "invalid UTF-8",
            });
        }
    }
}

/// The character that a CESU-8 surrogate pair at the start of `bytes`
/// encodes: `11101101 1010abcd 10efghij 11101101 1011klmn 10opqrst` holds
/// the 20 bits `abcdefghijklmnopqrst` of the code point minus 0x10000.
fn surrogate_pair(bytes: &[u8]) -> Option<char> {
    match *bytes {
        [0xED, high @ 0xA0..=0xAF, high_low @ 0x80..=0xBF, 0xED, low @ 0xB0..=0xBF, low_low @ 0x80..=0xBF, ..] =>
        {
            let bits = (u32::from(high & 0x0F) << 16)
                | (u32::from(high_low & 0x3F) << 10)
                | (u32::from(low & 0x0F) << 6)
                | u32::from(low_low & 0x3F);
            char::from_u32(bits + 0x10000)
        }
        _ => None,
    }
}

/// Encodes text as plain UTF-8, as ftfy's `utf-8-variants` codec does:
/// decoding a variant form and encoding again gives standard UTF-8.
///
/// ```
/// assert_eq!(ftfy_core::codecs::utf8_variants::encode("\0"), b"\0");
/// ```
pub fn encode(text: &str) -> Vec<u8> {
    text.as_bytes().to_vec()
}
