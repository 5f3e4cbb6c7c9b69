//! The codecs that ftfy's plans name, as Python and ftfy define them:
//! `latin-1`, Python's strict code pages, `utf-8`, and ftfy's "bad codecs"
//! (`ftfy/bad_codecs/`): the `sloppy-*` code pages (`sloppy.py`, here) and
//! `utf-8-variants` (`utf8_variants.py`, in `utf8_variants.rs`).

use std::fmt;

use crate::data::{self, CodePage};
use crate::utf8_variants;

/// Python's `UnicodeEncodeError` and `UnicodeDecodeError`, and its
/// `LookupError` for an encoding it does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UnicodeError {
    /// The encoding has no byte for this character.
    Encode {
        /// The encoding's name.
        encoding: String,
        /// The character it cannot encode.
        character: char,
    },
    /// The bytes are not valid in the encoding.
    Decode {
        /// The encoding's name.
        encoding: String,
        /// Where the first bad byte is.
        position: usize,
    },
    /// No codec has this name.
    Lookup(String),
}

impl fmt::Display for UnicodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnicodeError::Encode {
                encoding,
                character,
            } => {
                write!(f, "'{encoding}' codec can't encode {character:?}")
            }
            UnicodeError::Decode { encoding, position } => {
                write!(f, "'{encoding}' codec can't decode the byte at {position}")
            }
            UnicodeError::Lookup(name) => write!(f, "unknown encoding: {name}"),
        }
    }
}

impl std::error::Error for UnicodeError {}

/// Python's `text.encode(encoding)`.
///
/// # Errors
///
/// [`UnicodeError::Encode`] at the first character the encoding cannot
/// encode; [`UnicodeError::Lookup`] for an encoding this crate lacks.
pub fn encode(text: &str, encoding: &str) -> Result<Vec<u8>, UnicodeError> {
    if encoding == "utf-8" || encoding == "utf-8-variants" {
        // ftfy's utf-8-variants encodes as plain UTF-8.
        return Ok(text.as_bytes().to_vec());
    }
    let page = code_page(encoding).ok_or_else(|| UnicodeError::Lookup(encoding.into()))?;
    charmap_encode(text, &page).map_err(|character| UnicodeError::Encode {
        encoding: encoding.into(),
        character,
    })
}

/// Python's `bytes.decode(encoding)`.
///
/// # Errors
///
/// [`UnicodeError::Decode`] where the bytes are not valid in the encoding;
/// [`UnicodeError::Lookup`] for an encoding this crate lacks.
pub fn decode(bytes: &[u8], encoding: &str) -> Result<String, UnicodeError> {
    let decoded = match encoding {
        "utf-8" => std::str::from_utf8(bytes)
            .map(str::to_owned)
            .map_err(|error| error.valid_up_to()),
        "utf-8-variants" => utf8_variants::decode(bytes),
        _ => {
            let page = code_page(encoding).ok_or_else(|| UnicodeError::Lookup(encoding.into()))?;
            charmap_decode(bytes, &page)
        }
    };
    decoded.map_err(|position| UnicodeError::Decode {
        encoding: encoding.into(),
        position,
    })
}

/// Whether this codec is one of ftfy's sloppy ones (the name ftfy tests,
/// `encoding.startswith("sloppy")`).
pub(crate) fn is_sloppy(encoding: &str) -> bool {
    encoding.starts_with("sloppy")
}

/// The code page of a single-byte codec.
pub(crate) fn code_page(encoding: &str) -> Option<CodePage> {
    if encoding == "latin-1" {
        return Some(latin_1());
    }
    if let Some(strict) = encoding.strip_prefix("sloppy-") {
        return data::code_page(strict).map(|page| make_sloppy_codec(&page));
    }
    data::code_page(encoding)
}

/// Latin-1: each byte is the character with its number.
fn latin_1() -> CodePage {
    std::array::from_fn(|byte| char::from_u32(u32::try_from(byte).expect("a byte")))
}

/// ftfy's `make_sloppy_codec`: the strict code page, with each byte it
/// leaves undefined decoded as Latin-1 does, and byte 1A standing for
/// U+FFFD, so that a `�` left by an earlier lossy decoding can be encoded.
fn make_sloppy_codec(strict: &CodePage) -> CodePage {
    let mut sloppy = latin_1();
    for (byte, char) in strict.iter().enumerate() {
        if let Some(c) = char {
            sloppy[byte] = Some(*c);
        }
    }
    sloppy[0x1A] = Some('\u{FFFD}');
    sloppy
}

/// Python's `codecs.charmap_encode`: the byte that decodes to each
/// character, or the first character no byte decodes to.
fn charmap_encode(text: &str, page: &CodePage) -> Result<Vec<u8>, char> {
    text.chars()
        .map(|c| {
            let byte = page
                .iter()
                .position(|&decoded| decoded == Some(c))
                .ok_or(c)?;
            Ok(u8::try_from(byte).expect("a code page has 256 entries"))
        })
        .collect()
}

/// Python's `codecs.charmap_decode`, or the position of the first byte the
/// code page leaves undefined.
fn charmap_decode(bytes: &[u8], page: &CodePage) -> Result<String, usize> {
    bytes
        .iter()
        .enumerate()
        .map(|(position, &byte)| page[usize::from(byte)].ok_or(position))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sloppy_codecs_decode_every_byte_and_encode_the_replacement_character() {
        assert_eq!(decode(b"\x81\x1a", "windows-1252").ok(), None);
        assert_eq!(
            decode(b"\x81\x1a", "sloppy-windows-1252").unwrap(),
            "\u{81}\u{fffd}"
        );
        assert_eq!(
            encode("€\u{fffd}", "sloppy-windows-1252").unwrap(),
            b"\x80\x1a"
        );
        assert!(encode("\u{1a}", "sloppy-windows-1252").is_err());
        assert_eq!(encode("\u{1a}", "latin-1").unwrap(), b"\x1a");
    }
}
