//! Byte-level routines that every layer shares: skipping ASCII, finding
//! character boundaries, and testing eight bytes at a time (SWAR: a `u64`
//! read little-endian, whose byte `i` is the text's byte `i`). The hot
//! loops of the pre-scan, the badness heuristic and extended recovery's
//! prefilter spend most of their time in ASCII runs, where nothing can
//! need fixing.

/// A byte of 1 in each byte of a word.
pub(crate) const ONES: u64 = 0x0101_0101_0101_0101;
/// The high bit of each byte of a word.
pub const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// The eight bytes of `bytes` from `at` as a little-endian word, if there
/// are eight.
#[inline]
pub fn word_at(bytes: &[u8], at: usize) -> Option<u64> {
    let chunk = bytes.get(at..at.checked_add(8)?)?;
    // OK because `get` returned exactly eight bytes.
    Some(u64::from_le_bytes(chunk.try_into().expect("eight bytes")))
}

/// The high bit of each byte of `word` that is below `n` (for `n <= 128`),
/// exact up to the lowest flagged byte: a borrow may flag a byte above a
/// flagged one, never below. (The classic "has a byte less than n" test.)
#[inline]
pub const fn bytes_below(word: u64, n: u8) -> u64 {
    word.wrapping_sub(ONES * n as u64) & !word & HIGH_BITS
}

/// The high bit of each byte of `word` that equals `byte`, exact up to the
/// lowest flagged byte, as [`bytes_below`].
#[inline]
pub const fn bytes_equal(word: u64, byte: u8) -> u64 {
    bytes_below(word ^ (ONES * byte as u64), 1)
}

/// The index of the first byte at or after `from` that is not ASCII, or
/// `bytes.len()`. Tests eight bytes at a time: a word with no high bit set
/// holds only ASCII.
pub(crate) fn skip_ascii(bytes: &[u8], from: usize) -> usize {
    let mut index = from;
    // Long ASCII runs sixteen bytes at a time, then the word that ends one.
    while let (Some(first), Some(second)) = (word_at(bytes, index), word_at(bytes, index + 8)) {
        if (first | second) & HIGH_BITS != 0 {
            break;
        }
        index += 16;
    }
    while let Some(word) = word_at(bytes, index) {
        let high = word & HIGH_BITS;
        if high != 0 {
            // Little-endian: the lowest set bit is the first such byte.
            return index + (high.trailing_zeros() / 8) as usize;
        }
        index += 8;
    }
    while index < bytes.len() && bytes[index].is_ascii() {
        index += 1;
    }
    index
}

/// Whether `byte` is *plain*: printable ASCII or a line feed, but `&`
/// and `<` when `MARKUP`. No fix acts on a plain byte, and the pre-scan
/// flags none (`pipeline::scan` checks that against its table).
#[inline(always)]
const fn is_plain<const MARKUP: bool>(byte: u8) -> bool {
    // Written without branches, for the vectorized loop below. One more
    // than a byte of printable ASCII is above 0x20 as a signed byte; one
    // more than a control, DEL or a byte that is not ASCII is not.
    let printable = (byte.wrapping_add(1) as i8) > 0x20;
    let markup = MARKUP & ((byte == b'&') | (byte == b'<'));
    (printable & !markup) | (byte == b'\n')
}

/// The index of the first byte at or after `from` that is not plain (see
/// [`is_plain`]; `&` and `<` are not plain when `markup`), or
/// `bytes.len()`. Text of short clean ASCII lines is passed over here,
/// sixty-four bytes at a time in a loop the compiler turns into SIMD, not
/// a line at a time.
pub(crate) fn skip_plain(bytes: &[u8], from: usize, markup: bool) -> usize {
    if markup {
        skip_plain_bytes::<true>(bytes, from)
    } else {
        skip_plain_bytes::<false>(bytes, from)
    }
}

fn skip_plain_bytes<const MARKUP: bool>(bytes: &[u8], from: usize) -> usize {
    let mut index = from.min(bytes.len());
    // Short runs (between the accented letters of Latin text) a word at a
    // time, long ones a chunk at a time.
    let mut words = 0;
    while words < 4 {
        let Some(word) = word_at(bytes, index) else {
            break;
        };
        let flags = not_plain_flags::<MARKUP>(word);
        if flags == 0 {
            index += 8;
            words += 1;
            continue;
        }
        // The lowest flag is exact (see `bytes_below`), but a line feed is
        // flagged too.
        let at = index + (flags.trailing_zeros() / 8) as usize;
        if bytes[at] != b'\n' {
            return at;
        }
        index = at + 1;
    }
    while let Some(chunk) = bytes.get(index..index + CHUNK) {
        if let Some(offset) = first_not_plain::<MARKUP>(chunk) {
            return index + offset;
        }
        index += CHUNK;
    }
    // The last bytes, in a chunk made up with plain ones.
    let mut last = [b' '; CHUNK];
    last[..bytes.len() - index].copy_from_slice(&bytes[index..]);
    first_not_plain::<MARKUP>(&last).map_or(bytes.len(), |offset| index + offset)
}

/// The high bit of each byte of `word` that is not plain, or is a line
/// feed, exact up to the lowest flagged byte (as [`bytes_below`]).
#[inline]
fn not_plain_flags<const MARKUP: bool>(word: u64) -> u64 {
    let markup = if MARKUP {
        bytes_equal(word, b'&') | bytes_equal(word, b'<')
    } else {
        0
    };
    (word & HIGH_BITS) | bytes_below(word, 0x20) | bytes_equal(word, 0x7F) | markup
}

/// The bytes [`skip_plain_bytes`] looks at at once.
const CHUNK: usize = 64;

/// The offset of the first byte of `chunk` (of [`CHUNK`] bytes) that is
/// not plain, if any. Whether a run of bytes holds one is a loop without
/// branches, which the compiler vectorizes: the whole chunk, then a
/// quarter at a time, then byte by byte in the quarter that holds it.
#[inline(always)]
fn first_not_plain<const MARKUP: bool>(chunk: &[u8]) -> Option<usize> {
    let any_not_plain = |bytes: &[u8]| {
        bytes
            .iter()
            .fold(false, |found, &byte| found | !is_plain::<MARKUP>(byte))
    };
    if !any_not_plain(chunk) {
        return None;
    }
    let (quarter, bytes) = chunk
        .chunks_exact(CHUNK / 4)
        .enumerate()
        .find(|(_, bytes)| any_not_plain(bytes))?;
    let offset = bytes.iter().position(|&byte| !is_plain::<MARKUP>(byte))?;
    Some(quarter * CHUNK / 4 + offset)
}

/// The largest character boundary of `text` at or before byte `at`.
pub fn char_boundary_at_or_before(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The first character boundary of `text` at or after byte `at` (or its
/// end).
pub fn char_boundary_at_or_after(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

/// The number of characters of UTF-8 `bytes`: the bytes that are not
/// continuation bytes (10xxxxxx), counted eight at a time.
pub(crate) fn char_count(bytes: &[u8]) -> usize {
    let words = bytes.chunks_exact(8);
    let rest = words.remainder();
    // A byte's top bit stays set when its top bit is 1 and the next is 0.
    let continuation: usize = words
        .map(|word| {
            // OK because `chunks_exact` gives eight bytes.
            let word = u64::from_le_bytes(word.try_into().expect("eight bytes"));
            (word & !(word << 1) & HIGH_BITS).count_ones() as usize
        })
        .sum();
    let rest_chars = rest.iter().filter(|&&byte| byte & 0xC0 != 0x80).count();
    bytes.len() - rest.len() - continuation + rest_chars
}

/// Writing the generated tables (`src/**/*_table.rs`): each module that
/// has one keeps the code that works it out as a test, which compares the
/// checked-in file with what that code makes now, and writes it instead
/// when `FTFY_REGENERATE` is set (`cargo xtask regen` does). So the tables
/// cost nothing at start-up, and can't drift from their sources.
#[cfg(test)]
pub(crate) mod generated {
    use std::fmt::Display;

    /// The command that writes the tables.
    pub(crate) const COMMAND: &str = "FTFY_REGENERATE=1 cargo test -p ftfy-core --lib generated_";

    /// The header of a generated file made from `source`.
    pub(crate) fn header(source: &str) -> String {
        format!("// Generated by `{COMMAND}` from {source}; do not edit.\n")
    }

    /// `values` as the items of a Rust array literal, a few to a line.
    pub(crate) fn items<T: Display>(
        values: impl IntoIterator<Item = T>,
        per_line: usize,
    ) -> String {
        let values: Vec<String> = values.into_iter().map(|value| value.to_string()).collect();
        values
            .chunks(per_line)
            .map(|line| format!("    {},\n", line.join(", ")))
            .collect()
    }

    /// Checks that the file at `path` (from the crate's root) is
    /// `content`, or writes it when `FTFY_REGENERATE` is set.
    pub(crate) fn check(path: &str, content: &str) {
        let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
        if std::env::var_os("FTFY_REGENERATE").is_some() {
            std::fs::write(&full, content).expect("can write the generated table");
            return;
        }
        let current = std::fs::read_to_string(&full).unwrap_or_default();
        assert!(current == content, "{path} is out of date: run `{COMMAND}`");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The word-at-a-time loop against the plain definition, at every
    /// start, for non-ASCII bytes at every position of a word.
    #[test]
    fn skip_ascii_finds_the_first_non_ascii_byte() {
        for length in 0..56 {
            for high_at in (0..length).map(Some).chain([None]) {
                let mut bytes = vec![b'a'; length];
                if let Some(at) = high_at {
                    bytes[at] = 0xC3;
                }
                for from in 0..=length {
                    let expected = (from..length)
                        .find(|&i| !bytes[i].is_ascii())
                        .unwrap_or(length);
                    assert_eq!(skip_ascii(&bytes, from), expected, "{bytes:?} from {from}");
                }
            }
        }
    }

    /// The SWAR tests against their plain definitions, for every byte at
    /// every position of a word, beside bytes that might carry a borrow.
    #[test]
    fn swar_tests_flag_the_first_matching_byte_exactly() {
        for filler in [0x00u8, 0x41, 0x7F, 0x80, 0xFF] {
            for position in 0..8 {
                for byte in 0..=255u8 {
                    let mut bytes = [filler; 8];
                    bytes[position] = byte;
                    let word = u64::from_le_bytes(bytes);
                    let first = |flags: u64| (flags != 0).then(|| flags.trailing_zeros() / 8);
                    for n in [1u8, 0x20, 0x61, 0x80] {
                        let expected = bytes.iter().position(|&b| b < n).map(|i| i as u32);
                        assert_eq!(first(bytes_below(word, n)), expected, "{bytes:?} below {n}");
                    }
                    for target in [0x26u8, 0x3C, 0x7F] {
                        let expected = bytes.iter().position(|&b| b == target).map(|i| i as u32);
                        assert_eq!(
                            first(bytes_equal(word, target)),
                            expected,
                            "{bytes:?} = {target}"
                        );
                    }
                }
            }
        }
    }

    /// The chunked loop against the plain definition, for every byte at
    /// every position of a chunk and beyond, from every start.
    #[test]
    fn skip_plain_finds_the_first_byte_that_is_not_plain() {
        for markup in [false, true] {
            let plain = |byte: u8| {
                matches!(byte, b' '..=b'~' | b'\n') && !(markup && matches!(byte, b'&' | b'<'))
            };
            for (byte, filler) in (0..=255u8).flat_map(|byte| [(byte, b'a'), (byte, b'\n')]) {
                for (length, at) in [
                    (70, 0),
                    (70, 7),
                    (70, 31),
                    (70, 32),
                    (70, 45),
                    (70, 69),
                    (3, 1),
                    (140, 100),
                ] {
                    let mut bytes = vec![filler; length];
                    bytes[at] = byte;
                    for from in [0, 1, at, at + 1, length] {
                        let expected = (from..length).find(|&i| !plain(bytes[i])).unwrap_or(length);
                        assert_eq!(
                            skip_plain(&bytes, from, markup),
                            expected,
                            "{byte:#x} at {at} of {length} from {from}, markup {markup}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn char_boundaries_and_counts_agree_with_std() {
        let text = "aé日😀";
        assert_eq!(char_count(text.repeat(5).as_bytes()), 20);
        for at in 0..=text.len() + 1 {
            let before = (0..=at.min(text.len()))
                .rev()
                .find(|&i| text.is_char_boundary(i));
            let after = (at.min(text.len())..=text.len()).find(|&i| text.is_char_boundary(i));
            assert_eq!(Some(char_boundary_at_or_before(text, at)), before);
            assert_eq!(Some(char_boundary_at_or_after(text, at)), after);
        }
    }

    #[test]
    fn char_count_counts_characters() {
        for text in ["", "a", "é", "aé日😀", &"aé日😀 Съешь".repeat(37)] {
            for end in (0..=text.len()).filter(|&end| text.is_char_boundary(end)) {
                let part = &text[..end];
                assert_eq!(
                    char_count(part.as_bytes()),
                    part.chars().count(),
                    "{part:?}"
                );
            }
        }
    }
}
