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

/// `str(UnicodeDecodeError)` as Python's codec for `encoding` words it
/// for the bad byte at `position` of `line`.
fn python_decode_error(encoding: &str, line: &[u8], position: usize) -> String {
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
    }
}
