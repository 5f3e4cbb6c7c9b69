//! Fixing text that arrives in pieces, and the one piece of state that
//! `fix_text` carries from a line to the next.
//!
//! `fix_text` cuts text into *segments*: lines, and pieces of
//! `max_decode_length` characters of longer lines. Each segment is fixed on
//! its own, except for the HTML rule: in `Auto` mode the first line holding
//! a `<` turns entity decoding off for the rest of the text. That rule is
//! the whole of [`LineState`], so a text cut at segment boundaries can be
//! fixed piece by piece, or on several threads, and give exactly what
//! [`fix_text_with`](crate::fix_text_with) gives on the whole.
//!
//! The parts: [`LineState`], [`StreamFixer`] and its public methods here;
//! the lines fixed so far and what fixes the next ones (`lines`: quiet
//! lines passed over, the HTML rule, split lines fixed again); the
//! windows a mode that judges documents repairs (`documents`).

mod documents;
mod lines;
#[cfg(test)]
mod tests;

use std::borrow::Cow;

use std::ops::Range;

use crate::document::{DocumentDecision, DocumentFixer, WindowPosition};
use crate::encoding::{EncodingFixer, ExplainEncoding, Ftfy};
use crate::pipeline::{decodes_entities, fix_segment_explained};
use crate::plan::{ExplanationStep, NoExtension, PlanExtension};
use crate::segments::complete_segments_len;
use crate::{TextFixerConfig, UnescapeHtml};

use lines::Lines;

/// What fixing the lines so far decided for the lines to come: whether
/// HTML entities are still decoded, and whether a line of the output held
/// a `<`. Small and `Copy`, so it can seed a [`StreamFixer`] for a later
/// piece of the same text.
///
/// ```
/// use ftfy_core::{LineState, StreamFixer, TextFixerConfig};
///
/// let config = TextFixerConfig::default();
/// let (first, rest) = ("<p>\n", "AT&amp;T\n");
/// let mut fixer = StreamFixer::new(&config);
/// fixer.fix_lines(first);
/// // Fix the rest on its own, from the state the first piece left.
/// let mut later = StreamFixer::resume(&config, fixer.state());
/// assert_eq!(later.fix_lines(rest), "AT&amp;T\n");
/// // Without fixing the first piece, its state can be predicted from its
/// // input (exactly so unless fixing made or removed its only `<`).
/// assert_eq!(LineState::start(&config).predicted_after(first), fixer.state());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LineState {
    /// Whether the HTML mode is `Auto`, the only one with a state to keep.
    auto_html: bool,
    /// Cleared for good by the first line holding a `<` in `Auto` mode.
    entities_allowed: bool,
    /// Whether a line of the *output* so far holds a `<` (kept in `Auto`
    /// mode only). It differs from the input's only where fixing made or
    /// removed one (`&lt;` decoded, `<` composed with U+0338 into `≮`); a
    /// second run of fix_text would decide by the output, so this is what
    /// idempotence needs.
    output_has_tag: bool,
}

impl LineState {
    /// The state at the start of a text.
    ///
    /// ```
    /// use ftfy_core::{LineState, TextFixerConfig};
    /// let config = TextFixerConfig::default();
    /// assert_eq!(LineState::start(&config), LineState::start(&config).predicted_after("no tags\n"));
    /// ```
    pub fn start(config: &TextFixerConfig) -> LineState {
        LineState {
            auto_html: config.unescape_html == UnescapeHtml::Auto,
            entities_allowed: config.unescape_html != UnescapeHtml::Never,
            output_has_tag: false,
        }
    }

    /// The state after `text` (whole segments), predicted from the input
    /// alone, without fixing it: exact unless fixing `text` makes or
    /// removes the only `<` of its lines, which takes an entity `&lt;` or a
    /// `<` followed by U+0338. Compare it with [`StreamFixer::state`]
    /// after fixing to know whether a piece fixed from the prediction must
    /// be fixed again.
    ///
    /// ```
    /// use ftfy_core::{LineState, StreamFixer, TextFixerConfig};
    ///
    /// let config = TextFixerConfig::default();
    /// let text = "1 &lt; 2\n";
    /// let mut fixer = StreamFixer::new(&config);
    /// assert_eq!(fixer.fix_lines(text), "1 < 2\n");
    /// // Fixing made a `<` that the input did not hold.
    /// assert_ne!(LineState::start(&config).predicted_after(text), fixer.state());
    /// ```
    pub fn predicted_after(self, text: &str) -> LineState {
        let settled = !self.entities_allowed && self.output_has_tag;
        // (memchr's SIMD search: the command's reading thread asks this of
        // every batch.)
        if !self.auto_html || settled || memchr::memchr(b'<', text.as_bytes()).is_none() {
            return self;
        }
        LineState {
            entities_allowed: false,
            output_has_tag: true,
            ..self
        }
    }
}

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
/// use ftfy_core::{StreamFixer, TextFixerConfig};
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
pub struct StreamFixer<X: 'static = NoExtension> {
    /// The mode's `fix_encoding` with a plan, for `explain_segment`.
    explainer: &'static dyn ExplainEncoding<X>,
    /// The mode's judgement of documents, if it has one, and where the
    /// text so far left its windows.
    documents: Option<(&'static dyn DocumentFixer<X>, WindowPosition)>,
    lines: Lines,
}

/// What [`StreamFixer::fix_lines_explained`] gives: the fixed text, the
/// plan of each line that changed, and what the mode's judgement of the
/// document decided.
#[derive(Clone, Debug, PartialEq)]
pub struct ExplainedLines<X> {
    /// The fixed text: what [`StreamFixer::fix_lines`] gives.
    pub text: String,
    /// Each line that changed, by its index from 0, with its plan (a line
    /// longer than `max_decode_length` has one entry per segment that
    /// changed).
    pub lines: Vec<(usize, Vec<ExplanationStep<X>>)>,
    /// What the document was found to be read in, window by window
    /// (extended recovery only).
    pub documents: Vec<DocumentDecision>,
    /// The lines whose judgement ran out of its work budget, by index
    /// from 0: they got only the answer found before.
    pub out_of_budget: Vec<usize>,
}

impl StreamFixer {
    /// A fixer at the start of a text, in ftfy 6.3.1's mode.
    ///
    /// ```
    /// let config = ftfy_core::TextFixerConfig::default();
    /// let mut fixer = ftfy_core::StreamFixer::new(&config);
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
    /// use ftfy_core::{LineState, StreamFixer, TextFixerConfig};
    ///
    /// let config = TextFixerConfig::default();
    /// let state = LineState::start(&config).predicted_after("<p>\n");
    /// assert_eq!(StreamFixer::resume(&config, state).fix_lines("AT&amp;T\n"), "AT&amp;T\n");
    /// ```
    pub fn resume(config: &TextFixerConfig, state: LineState) -> StreamFixer {
        StreamFixer::with_fixers(&Ftfy, &Ftfy, None, config, state)
    }
}

impl<X: PlanExtension> StreamFixer<X> {
    /// A fixer with a mode's fixer and explainer (see
    /// [`crate::Mode::stream_fixer`]), for text that follows lines which
    /// left `state`.
    pub(crate) fn with_fixers(
        fixer: &'static dyn EncodingFixer,
        explainer: &'static dyn ExplainEncoding<X>,
        documents: Option<&'static dyn DocumentFixer<X>>,
        config: &TextFixerConfig,
        state: LineState,
    ) -> Self {
        StreamFixer {
            explainer,
            // (A document fixer fixes encodings: nothing to judge without.)
            documents: documents
                .filter(|_| config.fix_encoding)
                .map(|documents| (documents, WindowPosition::default())),
            lines: Lines {
                config: config.clone(),
                fixer,
                state,
                pending: String::new(),
            },
        }
    }

    /// The state the lines fixed so far leave for the lines to come.
    pub fn state(&self) -> LineState {
        self.lines.state
    }

    /// Fixes the lines of `text`, borrowing when nothing changes. `text`
    /// should end where `fix_text` ends a segment (after a line break, or
    /// `max_decode_length` characters into a line), or be the end of the
    /// whole text; text held back by [`feed`](StreamFixer::feed) is not
    /// included.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// let config = ftfy_core::TextFixerConfig::default();
    /// let mut fixer = ftfy_core::StreamFixer::new(&config);
    /// assert!(matches!(fixer.fix_lines("fine\n"), Cow::Borrowed(_)));
    /// assert_eq!(fixer.fix_lines("cafÃ©\n"), "café\n");
    /// ```
    #[inline]
    pub fn fix_lines<'a>(&mut self, text: &'a str) -> Cow<'a, str> {
        if self.documents.is_none() {
            return self.lines.fix_lines(text);
        }
        let mut output = None;
        let mut copied_up_to = 0;
        self.fix_document_with(text, &mut |range: Range<usize>, fixed: String| {
            let output = output.get_or_insert_with(|| String::with_capacity(text.len() + 16));
            output.push_str(&text[copied_up_to..range.start]);
            output.push_str(&fixed);
            copied_up_to = range.end;
        });
        match output {
            Some(mut output) => {
                output.push_str(&text[copied_up_to..]);
                Cow::Owned(output)
            }
            None => Cow::Borrowed(text),
        }
    }

    /// Takes the next piece of the text, cut anywhere, and returns the
    /// fixed text of the segments it completes; the unfinished segment at
    /// its end is held back (at most `max_decode_length` characters).
    ///
    /// ```
    /// let config = ftfy_core::TextFixerConfig::default();
    /// let mut fixer = ftfy_core::StreamFixer::new(&config);
    /// assert_eq!(fixer.feed("sch"), "");
    /// assert_eq!(fixer.feed("Ã¶n\nand mo"), "schön\n");
    /// assert_eq!(fixer.finish(), "and mo");
    /// ```
    pub fn feed(&mut self, piece: &str) -> String {
        let pending = &mut self.lines.pending;
        pending.push_str(piece);
        let max_chars = self.lines.config.max_decode_length;
        let mut complete = complete_segments_len(pending, max_chars);
        // (A document's windows are judged whole: hold back the
        // unfinished one.)
        if let Some((documents, position)) = self.documents {
            complete =
                documents
                    .window()
                    .complete_len_after(&pending[..complete], max_chars, position);
        }
        if complete == 0 {
            return String::new();
        }
        let unfinished = pending[complete..].to_owned();
        let mut complete_text = std::mem::replace(pending, unfinished);
        complete_text.truncate(complete);
        match self.fix_lines(&complete_text) {
            Cow::Borrowed(_) => complete_text,
            Cow::Owned(fixed) => fixed,
        }
    }

    /// Fixes the text held back by [`feed`](StreamFixer::feed): call it
    /// at the end of the text.
    pub fn finish(&mut self) -> String {
        let rest = std::mem::take(&mut self.lines.pending);
        match self.fix_lines(&rest) {
            Cow::Borrowed(_) => rest,
            Cow::Owned(fixed) => fixed,
        }
    }

    /// The plan that fixing `segment`, the next segment, takes in this
    /// fixer's state, as [`fix_and_explain`](crate::fix_and_explain)
    /// gives it. (A segment that fixing splits into several lines may be
    /// fixed once more, line by line, beyond this plan.)
    ///
    /// ```
    /// let config = ftfy_core::TextFixerConfig::default();
    /// let fixer = ftfy_core::StreamFixer::new(&config);
    /// let plan: Vec<String> = fixer.explain_segment("cafÃ©\n").iter().map(|s| s.to_string()).collect();
    /// assert_eq!(plan, ["('encode', 'latin-1')", "('decode', 'utf-8')"]);
    /// ```
    pub fn explain_segment(&self, segment: &str) -> Vec<ExplanationStep<X>> {
        let mut steps = Vec::new();
        let lines = &self.lines;
        let entities = lines.state.entities_allowed && decodes_entities(&lines.config, segment);
        fix_segment_explained(
            segment,
            &lines.config,
            (lines.fixer, self.explainer),
            entities,
            Some(&mut steps),
        );
        steps
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
    /// let config = ftfy_core::TextFixerConfig::default();
    /// let mut fixer = ftfy_core::StreamFixer::new(&config);
    /// let mut changes = Vec::new();
    /// fixer.fix_lines_with("fine\ncafÃ©\nfine\n", |range, fixed| changes.push((range, fixed)));
    /// assert_eq!(changes, [(5..13, "café\n".to_owned())]);
    /// ```
    #[inline]
    pub fn fix_lines_with(&mut self, text: &str, changed: impl FnMut(Range<usize>, String)) {
        if self.documents.is_some() {
            self.fix_document_with(text, &mut { changed });
        } else {
            self.lines.fix_lines_with(text, &mut { changed });
        }
    }

    /// Fixes the lines of `text` as [`fix_lines`](StreamFixer::fix_lines)
    /// does, and says why: the plan of each line that changed (which
    /// replays on the line, with [`apply_plan`](crate::apply_plan), to
    /// the fixed line), and, where the mode judges documents, what each
    /// window of the text was found to be read in.
    ///
    /// ```
    /// let config = ftfy_core::TextFixerConfig::default();
    /// let mut fixer = ftfy_core::StreamFixer::new(&config);
    /// let explained = fixer.fix_lines_explained("fine\ncafÃ©\n");
    /// assert_eq!(explained.text, "fine\ncafé\n");
    /// assert_eq!(explained.lines.len(), 1);
    /// assert_eq!(explained.lines[0].0, 1);
    /// assert!(explained.documents.is_empty());
    /// ```
    pub fn fix_lines_explained(&mut self, text: &str) -> ExplainedLines<X> {
        let mut explained = ExplainedLines {
            text: String::with_capacity(text.len()),
            lines: Vec::new(),
            documents: Vec::new(),
            out_of_budget: Vec::new(),
        };
        // The line each segment starts, counted from 0.
        let mut line = 0;
        for (window, repairs, account) in self.windows_explained(text) {
            let lines_of: Vec<usize> = window
                .iter()
                .map(|range| {
                    let at = line;
                    line += usize::from(text[range.clone()].ends_with('\n'));
                    at
                })
                .collect();
            explained
                .documents
                .extend(account.decisions.into_iter().map(|mut decision| {
                    // (From the window's segments to the text's lines.)
                    let segments = decision.lines;
                    let last = segments.end.clamp(1, lines_of.len()) - 1;
                    decision.lines = lines_of[segments.start.min(last)]..lines_of[last] + 1;
                    decision
                }));
            explained
                .out_of_budget
                .extend(account.out_of_budget.iter().map(|&index| lines_of[index]));
            let mut plans = account.plans.into_iter().peekable();
            let mut repairs = repairs.into_iter().peekable();
            for (index, range) in window.into_iter().enumerate() {
                let original = &text[range];
                let mut plan = plans
                    .next_if(|(at, _)| *at == index)
                    .map_or_else(Vec::new, |(_, plan)| plan);
                let repaired = repairs
                    .next_if(|(at, _)| *at == index)
                    .map(|(_, text)| text);
                let segment = repaired.as_deref().unwrap_or(original);
                let before = self.lines.clone();
                let fixed = self.lines.fix_lines(segment);
                if fixed != segment {
                    let before = StreamFixer::<X> {
                        explainer: self.explainer,
                        documents: None,
                        lines: before,
                    };
                    plan.extend(before.explain_segment(segment));
                }
                if fixed != original {
                    explained.lines.push((lines_of[index], plan));
                }
                explained.text.push_str(&fixed);
            }
        }
        explained
    }
}
