//! Bytes in any encoding, read and fixed a batch at a time in bounded
//! memory, with the count of lines that fixing changed and the first few
//! of them as examples: what `FileFixer` (and so `fixBytes` and the page's
//! file worker) does, apart from where the bytes come from.

use std::io::Read;
use std::ops::Range;

use ftfy::file::{FixFileError, TextBatches};
use ftfy::{LineState, StreamFixer, TextFixerConfig};

/// How many bytes of text a batch holds, about: each is decoded and fixed
/// at once, so memory stays within a few times this.
pub const BATCH_BYTES: usize = 1 << 20;

/// How many changed lines are kept as examples.
pub const EXAMPLES: usize = 5;

/// How many characters of an example line are kept, before and after.
pub const EXAMPLE_CHARS: usize = 240;

/// A line that fixing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// The line's number, counting from 1.
    pub line: u64,
    /// The line as read (its first [`EXAMPLE_CHARS`] characters).
    pub before: String,
    /// The line as fixed (its first [`EXAMPLE_CHARS`] characters).
    pub after: String,
}

/// Reads, decodes and fixes bytes a batch at a time: the batches of fixed
/// text, joined, are `fix_text_with` of the whole decoded input, which is
/// what the command writes for it.
pub struct FixedPieces<R> {
    batches: TextBatches<R>,
    fixer: StreamFixer,
    config: TextFixerConfig,
    /// Lines ended so far (a line's end is its `\n`).
    lines: u64,
    changed_lines: u64,
    /// Whether text was read since the last line's end: a line longer
    /// than a batch is cut where `fix_text` cuts it, and the input's last
    /// line may have no `\n`.
    open_line: bool,
    /// Whether fixing changed the open line.
    open_line_changed: bool,
    examples: Vec<Example>,
}

impl<R: Read> FixedPieces<R> {
    /// Reads `reader`, decoding it with `encoding` (any name
    /// [`TextBatches::new`] takes) or guessing it when `None`.
    ///
    /// # Errors
    ///
    /// [`FixFileError::UnknownEncoding`] for a name no codec has.
    pub fn new(
        reader: R,
        encoding: Option<&str>,
        config: &TextFixerConfig,
        batch_bytes: usize,
    ) -> Result<FixedPieces<R>, FixFileError> {
        Ok(FixedPieces {
            batches: TextBatches::new(reader, encoding, config, batch_bytes)?,
            fixer: StreamFixer::new(config),
            config: config.clone(),
            lines: 0,
            changed_lines: 0,
            open_line: false,
            open_line_changed: false,
            examples: Vec::new(),
        })
    }

    /// A reader of the input that follows what this one read: it decodes
    /// with this one's encoding and fixes from the state this one's text
    /// left, so that the two outputs joined are what one reader gives on
    /// the two inputs joined. `next` must start where this input ended
    /// between two characters and after a `\n`; the counts and examples
    /// start afresh.
    ///
    /// # Errors
    ///
    /// [`FixFileError::UnknownEncoding`] if this reader's encoding is not
    /// known yet (nothing was read).
    pub fn continued<S: Read>(
        &self,
        next: S,
        batch_bytes: usize,
    ) -> Result<FixedPieces<S>, FixFileError> {
        let encoding = self
            .encoding()
            .ok_or_else(|| FixFileError::UnknownEncoding {
                name: "(not guessed yet)".to_owned(),
            })?;
        let mut continued = FixedPieces::new(next, Some(encoding), &self.config, batch_bytes)?;
        continued.fixer = StreamFixer::resume(&self.config, self.fixer.state());
        Ok(continued)
    }

    /// Whether the text fixed so far leaves the state a text starts in
    /// (no line with a `<` while HTML entities are decoded in `Auto`
    /// mode): then the input that follows is fixed the same by a new
    /// reader, on its own.
    pub fn at_start_state(&self) -> bool {
        self.fixer.state() == LineState::start(&self.config)
    }

    /// The next batch of fixed text, or `None` at the end.
    ///
    /// # Errors
    ///
    /// As [`TextBatches::next_batch`]'s: bytes the encoding cannot decode
    /// (with their offset), or a failed read. The input is over after one.
    pub fn next_piece(&mut self) -> Result<Option<String>, FixFileError> {
        let Some(batch) = self.batches.next_batch()? else {
            if self.open_line {
                self.end_line();
            }
            return Ok(None);
        };
        // A batch ends where fix_text ends a segment: the fixer takes it
        // whole, and tells which segments it changed.
        let mut changes = Vec::new();
        self.fixer
            .fix_lines_with(&batch, |range, fixed| changes.push((range, fixed)));
        let mut fixed = String::with_capacity(batch.len() + batch.len() / 8);
        // `batch[..done]` is in `fixed`, its lines counted.
        let mut done = 0;
        for (range, changed) in changes {
            self.count_lines(&batch[done..range.start]);
            fixed.push_str(&batch[done..range.start]);
            if changed != batch[range.clone()] {
                self.note_change(&batch, range.clone(), &changed);
            }
            fixed.push_str(&changed);
            self.count_lines(&batch[range.clone()]);
            done = range.end;
        }
        self.count_lines(&batch[done..]);
        fixed.push_str(&batch[done..]);
        Ok(Some(fixed))
    }

    /// Counts the lines that `text`, read next, ends.
    fn count_lines(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        self.open_line = true;
        let ends = memchr::memchr_iter(b'\n', text.as_bytes()).count() as u64;
        if ends > 0 {
            // The first ends the open line, which may have changed; the
            // others are lines that did not.
            self.end_line();
            self.lines += ends - 1;
            self.open_line = !text.ends_with('\n');
        }
    }

    fn end_line(&mut self) {
        self.lines += 1;
        self.changed_lines += u64::from(self.open_line_changed);
        self.open_line = false;
        self.open_line_changed = false;
    }

    /// Notes that fixing changed `batch[range]` (a line, or a piece of a
    /// line longer than `max_decode_length`) into `changed`: the example
    /// is the line up to the end of that piece (the whole line but for
    /// lines that long), as read and as fixed.
    fn note_change(&mut self, batch: &str, range: Range<usize>, changed: &str) {
        if !self.open_line_changed && self.examples.len() < EXAMPLES {
            let line_start =
                memchr::memrchr(b'\n', &batch.as_bytes()[..range.start]).map_or(0, |at| at + 1);
            let first_chars = |text: &str| text.chars().take(EXAMPLE_CHARS).collect();
            self.examples.push(Example {
                line: self.lines + 1,
                before: first_chars(&batch[line_start..range.end]),
                after: first_chars(&[&batch[line_start..range.start], changed].concat()),
            });
        }
        self.open_line_changed = true;
    }

    /// The name of the encoding being read, once known.
    pub fn encoding(&self) -> Option<&'static str> {
        self.batches.encoding()
    }

    /// How many bytes have been read.
    pub fn bytes_read(&self) -> u64 {
        self.batches.bytes_read()
    }

    /// How many lines have been fixed (a last line without `\n` counts
    /// once the input is over).
    pub fn lines(&self) -> u64 {
        self.lines
    }

    /// How many of those lines fixing changed.
    pub fn changed_lines(&self) -> u64 {
        self.changed_lines
    }

    /// The first [`EXAMPLES`] changed lines.
    pub fn examples(&self) -> &[Example] {
        &self.examples
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all<'a>(
        bytes: &'a [u8],
        encoding: Option<&str>,
        config: &TextFixerConfig,
        batch: usize,
    ) -> (String, FixedPieces<&'a [u8]>) {
        let mut pieces = FixedPieces::new(bytes, encoding, config, batch).unwrap();
        let mut text = String::new();
        while let Some(piece) = pieces.next_piece().unwrap() {
            text.push_str(&piece);
        }
        (text, pieces)
    }

    #[test]
    fn a_continued_reader_fixes_as_one_reader_would() {
        let config = TextFixerConfig::default();
        let first = b"caf\xe9 &amp;\n<p>\n".to_vec();
        let rest = b"AT&amp;T caf\xe9\n".to_vec();
        let mut one = FixedPieces::new(&first[..], None, &config, 4).unwrap();
        let mut text = String::new();
        while let Some(piece) = one.next_piece().unwrap() {
            text.push_str(&piece);
        }
        assert_eq!(one.encoding(), Some("sloppy-windows-1252"));
        assert!(!one.at_start_state());
        let mut two = one.continued(&rest[..], 4).unwrap();
        while let Some(piece) = two.next_piece().unwrap() {
            text.push_str(&piece);
        }
        let whole = [first, rest].concat();
        let (all, _) = read_all(&whole, None, &config, 1 << 20);
        assert_eq!(text, all);
        assert_eq!(text, "café &\n<p>\nAT&amp;T café\n");
        let plain = FixedPieces::new(&b"no tags\n"[..], None, &config, 4).unwrap();
        assert!(plain.at_start_state());
    }

    #[test]
    fn a_line_cut_into_segments_counts_once() {
        let input = "fine\nab cafÃ© and cafÃ© again\nfine\n";
        let config = TextFixerConfig::default().max_decode_length(6);
        for batch in [1, 7, 1 << 20] {
            let (text, pieces) = read_all(input.as_bytes(), Some("utf-8"), &config, batch);
            assert_eq!(text, ftfy::fix_text_with(input, &config), "batch {batch}");
            assert_eq!(
                (pieces.lines(), pieces.changed_lines()),
                (3, 1),
                "batch {batch}"
            );
            assert_eq!(pieces.examples().len(), 1, "batch {batch}");
            assert_eq!(pieces.examples()[0].line, 2, "batch {batch}");
        }
        let (_, pieces) = read_all(input.as_bytes(), Some("utf-8"), &config, 1 << 20);
        assert_eq!(
            pieces.examples()[0],
            Example {
                line: 2,
                before: "ab cafÃ© and".into(),
                after: "ab café and".into()
            }
        );
    }

    #[test]
    fn pieces_join_to_fix_text_of_the_whole() {
        let input = "cafÃ© &amp;\n<p>naïve &amp;</p>\nschÃ¶n\n\nlast line, no break: Ã©";
        let config = TextFixerConfig::default();
        for batch in [1, 3, 16, 1 << 20] {
            let (text, pieces) = read_all(input.as_bytes(), Some("utf-8"), &config, batch);
            assert_eq!(text, ftfy::fix_text_with(input, &config), "batch {batch}");
            assert_eq!(
                (pieces.lines(), pieces.changed_lines()),
                (5, 3),
                "batch {batch}"
            );
            assert_eq!(
                pieces.examples()[0],
                Example {
                    line: 1,
                    before: "cafÃ© &amp;\n".into(),
                    after: "café &\n".into()
                }
            );
            assert_eq!(pieces.examples()[1].line, 3);
            assert_eq!(pieces.examples()[2].line, 5);
        }
    }
}
