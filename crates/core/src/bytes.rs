//! Bytes of unknown encoding: [`guess_bytes`], ftfy 6.3.1's guess among a
//! few encodings that can be told apart.
//!
//! ftfy is not an encoding detector: when you know the encoding, say so.
//! Guessing exists for the unfortunate cases where nobody knows.

use crate::codecs::{self, Codec, CodecError};

/// Python's name of its UTF-16 codec, which reads the byte order from the
/// byte-order mark.
const UTF_16: &str = "utf-16";

/// Guesses how to decode bytes of unknown encoding, trying a few common
/// encodings that can be told apart, as ftfy 6.3.1 does:
///
/// 1. UTF-16, if the bytes start with a byte-order mark (which is removed);
/// 2. UTF-8, or `utf-8-variants` if a byte ED or C0 suggests CESU-8 or
///    Java's `C0 80`;
/// 3. MacRoman, if there are carriage returns but no line feeds (old Mac
///    line breaks);
/// 4. otherwise `sloppy-windows-1252`, which decodes anything.
///
/// Returns the text and the name of the encoding used. The guess may be
/// wrong, and may *create* mojibake rather than fix it.
///
/// ```
/// use ftfy_core::guess_bytes;
///
/// let guess = |bytes: &[u8]| guess_bytes(bytes).unwrap();
/// assert_eq!(guess("café".as_bytes()), ("café".to_string(), "utf-8"));
/// assert_eq!(guess(b"Java's null: \xc0\x80"), ("Java's null: \0".to_string(), "utf-8-variants"));
/// assert_eq!(guess(b"caf\x8e\rbar"), ("café\rbar".to_string(), "macroman"));
/// assert_eq!(guess(b"caf\xe9\nbar"), ("café\nbar".to_string(), "sloppy-windows-1252"));
/// assert_eq!(guess(b"\xff\xfec\x00a\x00"), ("ca".to_string(), "utf-16"));
/// ```
///
/// # Errors
///
/// Only UTF-16 can fail, as it does in ftfy: a byte-order mark followed by
/// an odd number of bytes or by an unpaired surrogate gives
/// [`CodecError::Undecodable`] naming the offset of the bad bytes. Every
/// other input decodes, if only as `sloppy-windows-1252`.
///
/// ```
/// assert_eq!(ftfy_core::guess_bytes(b"\xff\xfec\x00a").unwrap_err().offset(), Some(4));
/// ```
pub fn guess_bytes(bytes: &[u8]) -> Result<(String, &'static str), CodecError> {
    if starts_with_utf16_bom(bytes) {
        return decode_utf16_with_bom(bytes).map(|text| (text, UTF_16));
    }
    // Byte ED starts CESU-8 surrogates, and C0 is only ever Java's NUL;
    // utf-8-variants decodes standard UTF-8 the same way.
    if bytes.contains(&0xED) || bytes.contains(&0xC0) {
        if let Ok(text) = codecs::utf8_variants::decode(bytes) {
            return Ok((text, Codec::Utf8Variants.name()));
        }
    } else if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok((text.to_owned(), Codec::Utf8.name()));
    }
    if bytes.contains(&b'\r') && !bytes.contains(&b'\n') {
        if let Ok(text) = codecs::MACROMAN.decode(bytes) {
            return Ok((text, codecs::MACROMAN.name()));
        }
    }
    codecs::SLOPPY_WINDOWS_1252
        .decode(bytes)
        .map(|text| (text, codecs::SLOPPY_WINDOWS_1252.name()))
}

fn starts_with_utf16_bom(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\xfe\xff") || bytes.starts_with(b"\xff\xfe")
}

/// Decodes UTF-16 that starts with a byte-order mark, dropping the mark.
fn decode_utf16_with_bom(bytes: &[u8]) -> Result<String, CodecError> {
    let little_endian = bytes.starts_with(b"\xff\xfe");
    let body = &bytes[2..];
    let units = body.chunks_exact(2).map(|pair| {
        let pair = [pair[0], pair[1]];
        if little_endian {
            u16::from_le_bytes(pair)
        } else {
            u16::from_be_bytes(pair)
        }
    });
    let mut text = String::with_capacity(body.len() / 2);
    let mut units_before = 0;
    for unit in char::decode_utf16(units) {
        let Ok(c) = unit else {
            let offset = 2 + 2 * units_before;
            return Err(CodecError::Undecodable {
                codec: UTF_16,
                offset,
                reason: "unpaired surrogate",
            });
        };
        units_before += c.len_utf16();
        text.push(c);
    }
    if body.len() % 2 == 1 {
        return Err(CodecError::Undecodable {
            codec: UTF_16,
            offset: bytes.len() - 1,
            reason: "truncated data",
        });
    }
    Ok(text)
}
