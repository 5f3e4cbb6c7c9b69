//! Documents: a text of many lines that a layer built on the core judges
//! as a whole before its lines are fixed (a file, a stream, a column, a
//! multi-line `fix_text`). ftfy 6.3.1's mode has no such judgement; a
//! [`crate::Mode`] given a [`DocumentFixer`] asks it.
//!
//! The core owns the *windows*: a document is cut, from its start, into
//! windows of whole segments (lines, and pieces of `max_decode_length`
//! characters of longer lines), each ending after at most
//! [`Window::segments`] segments or at the segment that brings it to
//! [`Window::bytes`] bytes. The layer's evidence is weighed within a
//! window, never across one, so a window is fixed the same way whether the
//! text comes whole, in pieces (a [`StreamFixer`](crate::StreamFixer)
//! holds back an unfinished window), or in batches on several threads
//! (cut with [`Window::complete_len`]). A window is at most
//! `bytes + 4 * max_decode_length` bytes long: memory stays bounded
//! whatever the shape of the input.

use std::fmt;
use std::ops::Range;

use crate::plan::ExplanationStep;
use crate::segments::segment_end;
use crate::TextFixerConfig;

/// The size of a document's windows: at most `segments` segments, and a
/// window ends at the segment that brings it to `bytes` bytes.
///
/// ```
/// use ftfy_core::extension::Window;
///
/// let window = Window { segments: 2, bytes: 1 << 20 };
/// // Two whole windows of two lines each; the fifth line's window is
/// // not over yet.
/// assert_eq!(window.complete_len("a\nb\nc\nd\ne\n", 1_000_000), 8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Window {
    /// The most segments a window holds.
    pub segments: usize,
    /// A window ends at the segment that brings it to this many bytes.
    pub bytes: usize,
}

/// Where a text given in pieces stands in its current window: how many
/// segments and bytes of it came before. (A text starts at
/// `WindowPosition::default()`; a piece that starts a window too.)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct WindowPosition {
    segments: usize,
    bytes: usize,
}

impl Window {
    /// The position after a segment of `length` bytes at `position`, and
    /// whether that segment ends its window.
    fn after(self, position: WindowPosition, length: usize) -> (WindowPosition, bool) {
        let next = WindowPosition {
            segments: position.segments + 1,
            bytes: position.bytes + length,
        };
        if next.segments >= self.segments.max(1) || next.bytes >= self.bytes {
            (WindowPosition::default(), true)
        } else {
            (next, false)
        }
    }

    /// The windows of `text` (whole segments of `max_chars` characters at
    /// most), whose first segment follows `position`: each a range of
    /// segment ranges, the last one perhaps unfinished; and the position
    /// after `text`.
    pub(crate) fn split(
        self,
        text: &str,
        max_chars: usize,
        mut position: WindowPosition,
    ) -> (Vec<Vec<Range<usize>>>, WindowPosition) {
        let mut windows = Vec::new();
        let mut current = Vec::new();
        let mut start = 0;
        while start < text.len() {
            let end = segment_end(text, start, max_chars);
            current.push(start..end);
            let ends;
            (position, ends) = self.after(position, end - start);
            if ends {
                windows.push(std::mem::take(&mut current));
            }
            start = end;
        }
        if !current.is_empty() {
            windows.push(current);
        }
        (windows, position)
    }

    /// The length of the longest prefix of `text` (whole segments of
    /// `max_chars` characters at most, as [`complete_segments_len`]
    /// gives them, starting a window) made of whole windows: where a
    /// reader that hands the pieces of a text to independent fixers cuts
    /// them.
    ///
    /// [`complete_segments_len`]: crate::complete_segments_len
    pub fn complete_len(self, text: &str, max_chars: usize) -> usize {
        self.complete_len_after(text, max_chars, WindowPosition::default())
    }

    /// [`Window::complete_len`] for a text whose first segment follows
    /// `position`.
    pub(crate) fn complete_len_after(
        self,
        text: &str,
        max_chars: usize,
        mut position: WindowPosition,
    ) -> usize {
        let (mut start, mut complete) = (0, 0);
        while start < text.len() {
            let end = segment_end(text, start, max_chars);
            let ends;
            (position, ends) = self.after(position, end - start);
            if ends {
                complete = end;
            }
            start = end;
        }
        complete
    }
}

/// What a document was found to be read in over a window of its lines:
/// the mojibake a layer's evidence decided on, which `--explain` and
/// [`StreamFixer::fix_lines_explained`](crate::StreamFixer::fix_lines_explained)
/// report, so that a reader sees why a line was changed.
#[derive(Clone, Debug, PartialEq)]
pub struct DocumentDecision {
    /// The window's lines, counted from 0 in the text given.
    pub lines: Range<usize>,
    /// The codec the text was read as (`sloppy-windows-1252`).
    pub read_as: &'static str,
    /// The codec it was written in (`windows-1250`).
    pub written_in: &'static str,
    /// The evidence: what the lines that gain by the reading gain beyond
    /// what a line alone would need, in bits.
    pub evidence_bits: f64,
    /// How many lines gain by the reading…
    pub lines_for: u32,
    /// …and how many lose by it.
    pub lines_against: u32,
}

impl fmt::Display for DocumentDecision {
    /// `lines 1-40: written in windows-1250, read as sloppy-windows-1252
    /// (412.5 bits of evidence from 31 lines, 0 against)`, lines counted
    /// from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "lines {}-{}: written in {}, read as {} ({:.1} bits of evidence from {} lines, {} against)",
            self.lines.start + 1,
            self.lines.end,
            self.written_in,
            self.read_as,
            self.evidence_bits,
            self.lines_for,
            self.lines_against
        )
    }
}

/// A document fixer's account of one window: what it decided (its
/// decisions' `lines` are the window's segments they cover, counted from
/// 0), and the plan of each segment it repaired.
#[derive(Clone, Debug)]
pub struct WindowExplanation<X> {
    /// The window's decisions.
    pub decisions: Vec<DocumentDecision>,
    /// Each repaired segment, by index in the window, with its plan.
    pub plans: Vec<(usize, Vec<ExplanationStep<X>>)>,
    /// Each segment the fixer stopped judging when its work ran out, by
    /// index in the window.
    pub out_of_budget: Vec<usize>,
}

impl<X> Default for WindowExplanation<X> {
    fn default() -> Self {
        WindowExplanation {
            decisions: Vec::new(),
            plans: Vec::new(),
            out_of_budget: Vec::new(),
        }
    }
}

/// A layer's judgement of a document, a window at a time, before its
/// lines are fixed one by one: which segments of the window to repair, and
/// how. The repaired text then goes through `fix_text`'s pipeline as
/// usual. A window of one segment is a lone string: a fixer should leave
/// it to the pipeline.
pub trait DocumentFixer<X>: Sync + fmt::Debug {
    /// The size of the windows it weighs evidence in.
    fn window(&self) -> Window;

    /// The repairs of a window's `segments` (each with its line break, if
    /// any), by index, each the segment's whole new text; with
    /// `explanation`, its decisions and the plan of each repair.
    fn repair(
        &self,
        segments: &[&str],
        config: &TextFixerConfig,
        explanation: Option<&mut WindowExplanation<X>>,
    ) -> Vec<(usize, String)>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_end_after_their_segments_or_bytes() {
        let window = Window {
            segments: 3,
            bytes: 10,
        };
        let text = "a\nb\nc\nd\neeeeeeeeeeee\nf\n";
        let (windows, position) = window.split(text, 1_000_000, WindowPosition::default());
        let lengths: Vec<usize> = windows.iter().map(Vec::len).collect();
        // Three lines; then `d` and the long line, which reaches 10 bytes;
        // then `f`, unfinished.
        assert_eq!(lengths, [3, 2, 1]);
        assert_eq!(
            position,
            WindowPosition {
                segments: 1,
                bytes: 2
            }
        );
        assert_eq!(window.complete_len(text, 1_000_000), text.len() - 2);
    }

    #[test]
    fn long_lines_are_counted_by_segment() {
        let window = Window {
            segments: 2,
            bytes: 1 << 20,
        };
        // Segments of 4 characters: "abcd", "efgh", "ij\n", "k\n".
        let text = "abcdefghij\nk\n";
        assert_eq!(window.complete_len(text, 4), 13);
        assert_eq!(window.complete_len(&text[..11], 4), 8);
        let (windows, _) = window.split(text, 4, WindowPosition::default());
        assert_eq!(windows, [vec![0..4, 4..8], vec![8..11, 11..13]]);
    }

    /// Cutting a text at `complete_len` and counting on from there gives
    /// the windows of the whole text.
    #[test]
    fn complete_prefixes_end_where_the_whole_texts_windows_end() {
        let text = "line one\nzwei\n\ntrois é\nquatre\nfünf\nsix\nseven\n".repeat(5);
        for segments in 1..6 {
            for bytes in [1, 7, 20, 1000] {
                let window = Window { segments, bytes };
                for max_chars in [3, 100] {
                    let (windows, after) =
                        window.split(&text, max_chars, WindowPosition::default());
                    let mut ends: Vec<usize> =
                        windows.iter().map(|w| w.last().unwrap().end).collect();
                    if after != WindowPosition::default() {
                        ends.pop();
                    }
                    for end in (0..=text.len()).filter(|&end| text.is_char_boundary(end)) {
                        let prefix = &text[..crate::complete_segments_len(&text[..end], max_chars)];
                        let complete = window.complete_len(prefix, max_chars);
                        assert!(complete == 0 || ends.contains(&complete), "{complete}");
                        assert!(
                            ends.iter().all(|&e| e <= complete || e > prefix.len()),
                            "{segments} {bytes} {max_chars} {end} {complete} {ends:?}"
                        );
                    }
                }
            }
        }
    }
}
