//! Skipping ASCII quickly: the hot loops of the pre-scan and the badness
//! heuristic spend most of their time in ASCII runs, where nothing can need
//! fixing.

/// The index of the first byte at or after `from` that is not ASCII, or
/// `bytes.len()`. Tests eight bytes at a time: a word with no high bit set
/// holds only ASCII.
pub(crate) fn skip_ascii(bytes: &[u8], from: usize) -> usize {
    const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
    let word = |chunk: &[u8]| {
        // OK because callers pass exactly eight bytes.
        u64::from_le_bytes(chunk.try_into().expect("eight bytes"))
    };
    let mut index = from;
    // Long ASCII runs sixteen bytes at a time, then the word that ends one.
    while let Some(chunk) = bytes.get(index..index + 16) {
        if (word(&chunk[..8]) | word(&chunk[8..])) & HIGH_BITS != 0 {
            break;
        }
        index += 16;
    }
    while let Some(chunk) = bytes.get(index..index + 8) {
        let high = word(chunk) & HIGH_BITS;
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

#[cfg(test)]
mod tests {
    use super::skip_ascii;

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
}
