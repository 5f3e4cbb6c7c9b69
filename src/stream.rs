//! [`StreamFixer`]: the core's, in the mode the configuration picks.

use std::borrow::Cow;
use std::ops::Range;

use ftfy_extended::ExtensionFix;

use crate::{mode, ExplanationStep, LineState, TextFixerConfig};

/// Fixes a text that arrives in pieces, such as a large file read a block
/// at a time, giving what [`fix_text_with`](crate::fix_text_with) gives on
/// the whole text.
///
/// Two ways to use it:
/// - [`fix_lines`](StreamFixer::fix_lines) takes pieces that each end
///   where `fix_text` ends a segment (after a line break, say) and borrows
///   what needs no fix;
/// - [`feed`](StreamFixer::feed) takes pieces cut anywhere, holds back the
///   unfinished segment at the end (at most `max_decode_length`
///   characters), and [`finish`](StreamFixer::finish) fixes what is held
///   back at the end of the text.
///
/// ```
/// use ftfy::{StreamFixer, TextFixerConfig};
///
/// let config = TextFixerConfig::default();
/// let mut fixer = StreamFixer::new(&config);
/// assert_eq!(fixer.fix_lines("caf&eacute;\n<p>\n"), "café\n<p>\n");
/// assert_eq!(fixer.fix_lines("caf&eacute; cafÃ©\n"), "caf&eacute; café\n");
///
/// let mut fixer = StreamFixer::new(&config);
/// let mut fixed = fixer.feed("The Mona Lisa doesnÃƒÂ¢Ã¢â€š");
/// fixed += &fixer.feed("Â¬Ã¢â€žÂ¢t have eyebrows.");
/// fixed += &fixer.finish();
/// assert_eq!(fixed, "The Mona Lisa doesn't have eyebrows.");
/// ```
#[derive(Clone, Debug)]
pub struct StreamFixer(ftfy_core::StreamFixer<ExtensionFix>);

impl StreamFixer {
    /// A fixer at the start of a text.
    ///
    /// ```
    /// let config = ftfy::TextFixerConfig::default();
    /// let mut fixer = ftfy::StreamFixer::new(&config);
    /// assert_eq!(fixer.fix_lines("AT&amp;T\n"), "AT&T\n");
    /// ```
    pub fn new(config: &TextFixerConfig) -> StreamFixer {
        StreamFixer::resume(config, LineState::start(config))
    }

    /// A fixer for a piece of text that follows others, which left
    /// `state` (from [`StreamFixer::state`], or predicted with
    /// [`LineState::predicted_after`]).
    ///
    /// ```
    /// use ftfy::{LineState, StreamFixer, TextFixerConfig};
    ///
    /// let config = TextFixerConfig::default();
    /// let state = LineState::start(&config).predicted_after("<p>\n");
    /// assert_eq!(StreamFixer::resume(&config, state).fix_lines("AT&amp;T\n"), "AT&amp;T\n");
    /// ```
    pub fn resume(config: &TextFixerConfig, state: LineState) -> StreamFixer {
        StreamFixer(mode::of(config).stream_fixer(config, state))
    }

    /// A fixer at the start of a text whose lines were judged already, as
    /// part of a larger document (the texts of a column): no judgement of
    /// its own as a document.
    pub(crate) fn per_line(config: &TextFixerConfig) -> StreamFixer {
        StreamFixer(mode::per_line(config).stream_fixer(config, LineState::start(config)))
    }

    /// The state the lines fixed so far leave for the lines to come.
    pub fn state(&self) -> LineState {
        self.0.state()
    }

    /// Fixes the lines of `text`, borrowing when nothing changes. `text`
    /// should end where `fix_text` ends a segment (after a line break, or
    /// `max_decode_length` characters into a line), or be the end of the
    /// whole text; text held back by [`feed`](StreamFixer::feed) is not
    /// included.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// let config = ftfy::TextFixerConfig::default();
    /// let mut fixer = ftfy::StreamFixer::new(&config);
    /// assert!(matches!(fixer.fix_lines("fine\n"), Cow::Borrowed(_)));
    /// assert_eq!(fixer.fix_lines("cafÃ©\n"), "café\n");
    /// ```
    pub fn fix_lines<'a>(&mut self, text: &'a str) -> Cow<'a, str> {
        self.0.fix_lines(text)
    }

    /// Takes the next piece of the text, cut anywhere, and returns the
    /// fixed text of the segments it completes; the unfinished segment at
    /// its end is held back (at most `max_decode_length` characters).
    ///
    /// ```
    /// let config = ftfy::TextFixerConfig::default();
    /// let mut fixer = ftfy::StreamFixer::new(&config);
    /// assert_eq!(fixer.feed("sch"), "");
    /// assert_eq!(fixer.feed("Ã¶n\nand mo"), "schön\n");
    /// assert_eq!(fixer.finish(), "and mo");
    /// ```
    pub fn feed(&mut self, piece: &str) -> String {
        self.0.feed(piece)
    }

    /// Fixes the text held back by [`feed`](StreamFixer::feed): call it
    /// at the end of the text.
    pub fn finish(&mut self) -> String {
        self.0.finish()
    }

    /// The plan that fixing `segment`, the next segment, takes in this
    /// fixer's state, as [`fix_and_explain`](crate::fix_and_explain)
    /// gives it. (A segment that fixing splits into several lines may be
    /// fixed once more, line by line, beyond this plan.)
    ///
    /// ```
    /// let config = ftfy::TextFixerConfig::default();
    /// let fixer = ftfy::StreamFixer::new(&config);
    /// let plan: Vec<String> = fixer.explain_segment("cafÃ©\n").iter().map(|s| s.to_string()).collect();
    /// assert_eq!(plan, ["('encode', 'latin-1')", "('decode', 'utf-8')"]);
    /// ```
    pub fn explain_segment(&self, segment: &str) -> Vec<ExplanationStep> {
        self.0.explain_segment(segment)
    }

    /// Fixes the lines of `text` as [`fix_lines`](StreamFixer::fix_lines)
    /// does, giving the answer as changes: `changed(range, fixed)` for each
    /// segment of `text` that fixing changed (a line, or a piece of a line
    /// longer than `max_decode_length`), in order. `fix_lines` gives
    /// `text` with each such `range` replaced by its `fixed` text (which
    /// may equal what it replaces). For a caller that keeps the text
    /// elsewhere and only needs what changed.
    ///
    /// ```
    /// let config = ftfy::TextFixerConfig::default();
    /// let mut fixer = ftfy::StreamFixer::new(&config);
    /// let mut changes = Vec::new();
    /// fixer.fix_lines_with("fine\ncafÃ©\nfine\n", |range, fixed| changes.push((range, fixed)));
    /// assert_eq!(changes, [(5..13, "café\n".to_owned())]);
    /// ```
    pub fn fix_lines_with(&mut self, text: &str, changed: impl FnMut(Range<usize>, String)) {
        self.0.fix_lines_with(text, changed);
    }

    /// Fixes the lines of `text` as [`fix_lines`](StreamFixer::fix_lines)
    /// does, and says why: the plan of each line that changed (which
    /// replays on its line, with [`apply_plan`](crate::apply_plan), to
    /// the fixed line), and, in extended recovery, which legacy mixup each
    /// window of lines was found to be read in, with its evidence in bits.
    ///
    /// ```
    /// use ftfy::{apply_plan, StreamFixer, TextFixerConfig};
    ///
    /// let config = TextFixerConfig::default().extended_recovery(true);
    /// let text = "Za¿ó³æ gêœl¹ jaŸñ\nGdañsk i £ódŸ\n";
    /// let explained = StreamFixer::new(&config).fix_lines_explained(text);
    /// assert_eq!(explained.text, "Zażółć gęślą jaźń\nGdańsk i Łódź\n");
    /// let decision = &explained.documents[0];
    /// assert_eq!((decision.written_in, decision.read_as), ("windows-1250", "sloppy-windows-1252"));
    /// assert_eq!(
    ///     decision.to_string(),
    ///     format!("lines 1-2: written in windows-1250, read as sloppy-windows-1252 ({:.1} bits of evidence from 2 lines, 0 against)", decision.evidence_bits)
    /// );
    /// let (line, plan) = &explained.lines[1];
    /// assert_eq!((*line, apply_plan("Gdañsk i £ódŸ", plan).unwrap().as_str()), (1, "Gdańsk i Łódź"));
    /// ```
    pub fn fix_lines_explained(&mut self, text: &str) -> ExplainedLines {
        self.0.fix_lines_explained(text)
    }
}

/// What [`StreamFixer::fix_lines_explained`] gives: the fixed text, the
/// plan of each line that changed, and what each window of the document
/// was found to be read in.
pub type ExplainedLines = ftfy_core::ExplainedLines<ExtensionFix>;
