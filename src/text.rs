//! Byte-level routines that every layer shares: skipping ASCII, finding
//! character boundaries, and testing eight bytes at a time (SWAR: a `u64`
//! read little-endian, whose byte `i` is the text's byte `i`). The hot
//! loops of the pre-scan, the badness heuristic and extended recovery's
//! prefilter spend most of their time in ASCII runs, where nothing can
//! need fixing.

/// A byte of 1 in each byte of a word.
pub(crate) const ONES: u64 = 0x0101_0101_0101_0101;
/// The high bit of each byte of a word.
pub(crate) const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// The eight bytes of `bytes` from `at` as a little-endian word, if there
/// are eight.
#[inline]
pub(crate) fn word_at(bytes: &[u8], at: usize) -> Option<u64> {
    let chunk = bytes.get(at..at.checked_add(8)?)?;
    // OK because `get` returned exactly eight bytes.
    Some(u64::from_le_bytes(chunk.try_into().expect("eight bytes")))
}

/// The high bit of each byte of `word` that is below `n` (for `n <= 128`),
/// exact up to the lowest flagged byte: a borrow may flag a byte above a
/// flagged one, never below. (The classic "has a byte less than n" test.)
#[inline]
pub(crate) const fn bytes_below(word: u64, n: u8) -> u64 {
    word.wrapping_sub(ONES * n as u64) & !word & HIGH_BITS
}

/// The high bit of each byte of `word` that equals `byte`, exact up to the
/// lowest flagged byte, as [`bytes_below`].
#[inline]
pub(crate) const fn bytes_equal(word: u64, byte: u8) -> u64 {
    bytes_below(word ^ (ONES * byte as u64), 1)
}

/// The high bit of each byte of `word` that is an ASCII letter, exactly.
#[inline]
pub(crate) const fn ascii_letters(word: u64) -> u64 {
    // Each byte below 80 (so that no carry crosses into the next), in
    // lowercase: from `a` and not from `{`.
    let lower = (word & !HIGH_BITS) | (ONES * 0x20);
    let from_a = lower.wrapping_add(ONES * (0x80 - 0x61));
    let from_brace = lower.wrapping_add(ONES * (0x80 - 0x7b));
    from_a & !from_brace & !word & HIGH_BITS
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

/// The largest character boundary of `text` at or before byte `at`.
pub(crate) fn char_boundary_at_or_before(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The first character boundary of `text` at or after byte `at` (or its
/// end).
pub(crate) fn char_boundary_at_or_after(text: &str, at: usize) -> usize {
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
                    let letters: u32 = bytes
                        .iter()
                        .map(|b| u32::from(b.is_ascii_alphabetic()))
                        .sum();
                    assert_eq!(ascii_letters(word).count_ones(), letters, "{bytes:?}");
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
