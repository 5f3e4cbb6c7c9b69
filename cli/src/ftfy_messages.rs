//! The error messages that Python ftfy 6.3.1's command prints, word for
//! word, for the failures its test suite checks whole: scripts written
//! against that command read them.

use std::fs::File;
use std::io::Read;
use std::path::Path;

use ftfy::codecs::Codec;

/// ftfy's message body when reading and writing the same file.
pub const SAME_FILE: &str =
    "Can't read and write the same file. Please output to a new file instead.";

/// ftfy's message body for input that does not decode in `encoding`
/// (the codec's canonical name; `named` is the name ftfy quotes):
/// Python's own `UnicodeDecodeError` text inside ftfy's advice. Python
/// decodes line by line, so the position counts from the start of the bad
/// line; `line` holds that line's bytes from its start to at least the
/// bad byte, at `position`, or is `None` when they cannot be read again
/// (standard input), where the position counts from the input's start.
pub fn undecodable(named: &str, encoding: &str, line: Option<&[u8]>, position: usize) -> String {
    let error = match line {
        Some(line) => python_decode_error(encoding, line, position),
        None => format!("'{named}' codec can't decode the byte at offset {position}"),
    };
    format!(
        "This input couldn't be decoded as '{named}'. We got the following error:\n\
         \n    {error}\n\n\
         ftfy works best when its input is in a known encoding. You can use `ftfy -g`\n\
         to guess, if you're desperate. Otherwise, give the encoding name with the\n\
         `-e` option, such as `ftfy -e latin-1`."
    )
}

/// The bytes of the line of `path` that holds byte `offset`, from the line's
/// start to the end of the line (or a few bytes past `offset`), and the
/// offset within them; `None` if the file cannot be read again.
pub fn line_at(path: &Path, offset: usize) -> Option<(Vec<u8>, usize)> {
    let mut bytes = Vec::new();
    // Four bytes past the bad one are all a UTF-8 error message looks at.
    File::open(path)
        .ok()?
        .take(offset as u64 + 4)
        .read_to_end(&mut bytes)
        .ok()?;
    let start = bytes[..offset.min(bytes.len())]
        .iter()
        .rposition(|&byte| byte == b'\n')
        .map_or(0, |newline| newline + 1);
    let line = bytes.split_off(start);
    let end = line
        .iter()
        .position(|&byte| byte == b'\n')
        .filter(|&newline| newline >= offset - start)
        .map_or(line.len(), |newline| newline + 1);
    Some((line[..end].to_vec(), offset - start))
}

/// Whether the library decodes `encoding` (its name for it) as UTF-16,
/// which it reads whole rather than line by line as ftfy does: the error's
/// position is then the input's offset, as Python gives it for the whole
/// input.
pub fn is_utf16(encoding: &str) -> bool {
    encoding.to_ascii_lowercase().starts_with("utf-16")
}

/// Up to four bytes of `path` from `offset` (what a UTF-16 error looks at),
/// and whether the input starts with a big-endian byte-order mark.
pub fn bytes_at(path: &Path, offset: usize) -> Option<(Vec<u8>, bool)> {
    let mut bytes = Vec::new();
    File::open(path)
        .ok()?
        .take(offset as u64 + 4)
        .read_to_end(&mut bytes)
        .ok()?;
    let big_endian = bytes.starts_with(&[0xFE, 0xFF]);
    Some((bytes.split_off(offset.min(bytes.len())), big_endian))
}

/// Python's name for a multi-byte codec the library reads by WHATWG's rules
/// (its errors are worded as Python's CJK codecs word them).
fn multibyte_name(encoding: &str) -> Option<&'static str> {
    Some(match encoding.to_ascii_lowercase().as_str() {
        "shift_jis" => "shift_jis",
        "euc-jp" => "euc_jp",
        "iso-2022-jp" => "iso2022_jp",
        "euc-kr" => "euc_kr",
        "big5" => "big5",
        "gb18030" => "gb18030",
        "gbk" => "gbk",
        "gb2312" => "gb2312",
        _ => return None,
    })
}

/// `str(UnicodeDecodeError)` as Python's codec for `encoding` words it
/// for the bad byte at `position` of `line` (for UTF-16, `line` is the
/// input from the bad byte on, and `position` its offset).
fn python_decode_error(encoding: &str, line: &[u8], position: usize) -> String {
    if is_utf16(encoding) {
        let big_endian = encoding.eq_ignore_ascii_case("utf-16be");
        return utf16_error(line, position, big_endian);
    }
    let byte = line.get(position).copied().unwrap_or(0);
    let utf8 = matches!(
        Codec::from_name(encoding),
        Some(Codec::Utf8 | Codec::Utf8Variants)
    );
    let (codec, length, reason) = if utf8 {
        let (length, reason) = utf8_error(&line[position.min(line.len())..]);
        ("utf-8", length, reason)
    } else if encoding.eq_ignore_ascii_case("ascii") {
        ("ascii", 1, "ordinal not in range(128)")
    } else if let Some(name) = multibyte_name(encoding) {
        // Cut short by the end of the input, or a byte no sequence allows.
        let reason = if position + 1 >= line.len() {
            "incomplete multibyte sequence"
        } else {
            "illegal multibyte sequence"
        };
        (name, 1, reason)
    } else {
        // Python's single-byte codecs all decode through `charmap`.
        ("charmap", 1, "character maps to <undefined>")
    };
    if length <= 1 {
        format!("'{codec}' codec can't decode byte 0x{byte:02x} in position {position}: {reason}")
    } else {
        let last = position + length - 1;
        format!("'{codec}' codec can't decode bytes in position {position}-{last}: {reason}")
    }
}

/// Python's UTF-16 error for `bytes`, the input from the bad code unit on,
/// at `position`: a byte left over, a low surrogate first, or a high one
/// not followed by a low one.
fn utf16_error(bytes: &[u8], position: usize, big_endian: bool) -> String {
    let codec = if big_endian { "utf-16-be" } else { "utf-16-le" };
    let unit = |at: usize| -> Option<u16> {
        let pair = [*bytes.get(at)?, *bytes.get(at + 1)?];
        Some(if big_endian {
            u16::from_be_bytes(pair)
        } else {
            u16::from_le_bytes(pair)
        })
    };
    let (length, reason) = match unit(0) {
        None => (1, "truncated data"),
        Some(0xDC00..=0xDFFF) => (2, "illegal encoding"),
        Some(_) if bytes.len() < 4 => (bytes.len(), "unexpected end of data"),
        Some(_) => (2, "illegal UTF-16 surrogate"),
    };
    let byte = bytes.first().copied().unwrap_or(0);
    if length == 1 {
        format!("'{codec}' codec can't decode byte 0x{byte:02x} in position {position}: {reason}")
    } else {
        let last = position + length - 1;
        format!("'{codec}' codec can't decode bytes in position {position}-{last}: {reason}")
    }
}

/// How many bytes Python's UTF-8 decoder blames, and why, for the invalid
/// sequence at the start of `bytes`: the longest valid prefix of a
/// sequence, as Python reports it.
fn utf8_error(bytes: &[u8]) -> (usize, &'static str) {
    let lead = bytes.first().copied().unwrap_or(0);
    let (length, second) = match lead {
        0xC2..=0xDF => (2, 0x80..=0xBF),
        0xE0 => (3, 0xA0..=0xBF),
        0xED => (3, 0x80..=0x9F),
        0xE1..=0xEF => (3, 0x80..=0xBF),
        0xF0 => (4, 0x90..=0xBF),
        0xF4 => (4, 0x80..=0x8F),
        0xF1..=0xF3 => (4, 0x80..=0xBF),
        _ => return (1, "invalid start byte"),
    };
    let mut valid = 1;
    while valid < length {
        let Some(&next) = bytes.get(valid) else {
            return (valid, "unexpected end of data");
        };
        let allowed = if valid == 1 {
            second.clone()
        } else {
            0x80..=0xBF
        };
        if !allowed.contains(&next) {
            break;
        }
        valid += 1;
    }
    (valid, "invalid continuation byte")
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expected texts are Python 3's, from `bytes.decode(...)` raising.
    #[test]
    fn words_errors_as_python_does() {
        assert_eq!(
            python_decode_error("windows-1252", b"\xe2\x94\x92(\x9d", 4),
            "'charmap' codec can't decode byte 0x9d in position 4: character maps to <undefined>"
        );
        assert_eq!(
            python_decode_error("utf-8", b"caf\xe9\n", 3),
            "'utf-8' codec can't decode byte 0xe9 in position 3: invalid continuation byte"
        );
        assert_eq!(
            python_decode_error("utf-8", b"ok\xff", 2),
            "'utf-8' codec can't decode byte 0xff in position 2: invalid start byte"
        );
        assert_eq!(
            python_decode_error("utf-8", b"\xe2\x82A", 0),
            "'utf-8' codec can't decode bytes in position 0-1: invalid continuation byte"
        );
        assert_eq!(
            python_decode_error("utf-8", b"x\xe2\x82", 1),
            "'utf-8' codec can't decode bytes in position 1-2: unexpected end of data"
        );
        // UTF-16, read whole: `bytes.decode("utf-16")` of the input.
        assert_eq!(
            python_decode_error("utf-16", b"\n", 70),
            "'utf-16-le' codec can't decode byte 0x0a in position 70: truncated data"
        );
        assert_eq!(
            python_decode_error("utf-16", b"\x00\xdcb\x00", 2),
            "'utf-16-le' codec can't decode bytes in position 2-3: illegal encoding"
        );
        assert_eq!(
            python_decode_error("utf-16", b"\x00\xd8b\x00", 2),
            "'utf-16-le' codec can't decode bytes in position 2-3: illegal UTF-16 surrogate"
        );
        assert_eq!(
            python_decode_error("utf-16", b"\x00\xd8b", 2),
            "'utf-16-le' codec can't decode bytes in position 2-4: unexpected end of data"
        );
        assert_eq!(
            python_decode_error("UTF-16BE", b"\xdc\x00", 2),
            "'utf-16-be' codec can't decode bytes in position 2-3: illegal encoding"
        );
        // Multi-byte codecs, as Python's CJK codecs word them.
        assert_eq!(
            python_decode_error("Shift_JIS", b"ab\x81 ", 2),
            "'shift_jis' codec can't decode byte 0x81 in position 2: illegal multibyte sequence"
        );
        assert_eq!(
            python_decode_error("Shift_JIS", b"ab\x82", 2),
            "'shift_jis' codec can't decode byte 0x82 in position 2: incomplete multibyte sequence"
        );
        assert_eq!(
            python_decode_error("EUC-KR", b"ab\xff", 2),
            "'euc_kr' codec can't decode byte 0xff in position 2: incomplete multibyte sequence"
        );
    }
}
