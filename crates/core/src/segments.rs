//! Segments: the pieces `fix_text` fixes each on its own, lines and
//! pieces of `max_decode_length` characters of longer lines, and where a
//! text given in pieces may be cut without moving their boundaries.

use crate::text::char_count;

/// The end of the segment starting at byte `start`: just after the next
/// `\n`, or after `max_chars` characters, whichever comes first.
pub fn segment_end(text: &str, start: usize, max_chars: usize) -> usize {
    let rest = &text[start..];
    let line_end = rest.find('\n').map_or(rest.len(), |i| i + 1);
    let max_chars = max_chars.max(1);
    // A line of at most max_chars bytes has at most max_chars characters.
    if line_end <= max_chars {
        return start + line_end;
    }
    match char_offset(&rest.as_bytes()[..line_end], max_chars) {
        Some(i) => start + i,
        None => start + line_end,
    }
}

/// The byte offset where character number `n` (from 0) of UTF-8 `bytes`
/// starts, if it has that many: characters are counted a block at a time,
/// then one by one in the block that holds it.
fn char_offset(bytes: &[u8], n: usize) -> Option<usize> {
    const BLOCK: usize = 4096;
    let mut before = 0;
    let mut blocks = bytes.chunks(BLOCK);
    let mut block_start = 0;
    let block = loop {
        let block = blocks.next()?;
        let count = char_count(block);
        if before + count > n {
            break block;
        }
        before += count;
        block_start += block.len();
    };
    let mut seen = before;
    let in_block = block.iter().position(|&byte| {
        let starts_char = byte & 0xC0 != 0x80;
        let found = starts_char && seen == n;
        seen += usize::from(starts_char);
        found
    });
    in_block.map(|i| block_start + i)
}

/// The length of the longest prefix of `text` that ends where `fix_text`
/// ends a segment, whatever text follows: after the last `\n` (every line
/// break ends a segment), then after each further `max_chars` characters
/// of the unfinished line.
pub fn complete_segments_len(text: &str, max_chars: usize) -> usize {
    let line_start = text.rfind('\n').map_or(0, |i| i + 1);
    let max_chars = max_chars.max(1);
    let unfinished_line = &text.as_bytes()[line_start..];
    // Fewer bytes than max_chars cannot hold max_chars characters.
    if unfinished_line.len() <= max_chars {
        return line_start;
    }
    // Cuts come before characters number max_chars, 2 * max_chars, ...
    // (from 0); the last one that exists is the end of the last complete
    // segment.
    let mut cut = 0;
    while let Some(next) = char_offset(&unfinished_line[cut..], max_chars) {
        cut += next;
    }
    line_start + cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn char_offset_finds_each_character() {
        let text = "aé日😀".repeat(200);
        for (n, (offset, _)) in text.char_indices().enumerate() {
            assert_eq!(char_offset(text.as_bytes(), n), Some(offset));
        }
        assert_eq!(char_offset(text.as_bytes(), text.chars().count()), None);
    }

    /// Cutting at `complete_segments_len` never moves a segment boundary:
    /// the segments of the prefix are the first segments of the whole.
    #[test]
    fn complete_prefixes_end_on_segment_boundaries() {
        let texts = [
            "",
            "abc",
            "abc\n",
            "a\nbcdefgh",
            "ab\ncdéfghij\nk",
            "ééééééé",
            "\n\n\n",
            "é\nééé",
        ];
        for text in texts {
            for max_chars in 1..6 {
                let mut boundaries = vec![0];
                while *boundaries.last().unwrap() < text.len() {
                    let last = *boundaries.last().unwrap();
                    boundaries.push(segment_end(text, last, max_chars));
                }
                for end in (0..=text.len()).filter(|&end| text.is_char_boundary(end)) {
                    let complete = complete_segments_len(&text[..end], max_chars);
                    // The last boundary that can't depend on what follows
                    // `end`: one before `end`, or `end` itself after `\n`.
                    let expected = boundaries
                        .iter()
                        .copied()
                        .filter(|&b| b == 0 || b < end || (b == end && text[..end].ends_with('\n')))
                        .max()
                        .unwrap();
                    assert_eq!(complete, expected, "{text:?}[..{end}] with {max_chars}");
                }
            }
        }
    }
}
