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

use std::borrow::Cow;

use std::ops::Range;

use crate::document::{DocumentDecision, DocumentFixer, Window, WindowExplanation, WindowPosition};
use crate::encoding::{EncodingFixer, ExplainEncoding, Ftfy};
use crate::pipeline::{
    decodes_entities, fix_scanned_segment_by_lines, fix_segment, fix_segment_explained, scan_line,
    scan_to_loud_line, FixedLines, Quiet, Triggers, Unsettled,
};
use crate::plan::{ExplanationStep, NoExtension, PlanExtension};
use crate::segments::{complete_segments_len, segment_end};
use crate::text::char_boundary_at_or_before;
use crate::{TextFixerConfig, UnescapeHtml};

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

/// A [`StreamFixer`] but for the plans of its mode: the lines fixed so
/// far, and what fixes the next ones. (Not generic, so that the pipeline is
/// compiled once, in this crate.)
#[derive(Clone, Debug)]
struct Lines {
    config: TextFixerConfig,
    fixer: &'static dyn EncodingFixer,
    state: LineState,
    /// Text given to `feed` whose segment is not finished yet.
    pending: String,
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

    /// The windows of `text` (each the ranges of its segments), the
    /// repairs the mode's judgement of documents makes in each, and its
    /// account of each; one window of the whole text, with nothing to
    /// repair, in a mode that judges no documents.
    #[allow(clippy::type_complexity)]
    fn windows_explained(
        &mut self,
        text: &str,
    ) -> Vec<(
        Vec<Range<usize>>,
        Vec<(usize, String)>,
        WindowExplanation<X>,
    )> {
        let max_chars = self.lines.config.max_decode_length;
        let Some((documents, position)) = self.documents.as_mut() else {
            let (windows, _) = Window {
                segments: usize::MAX,
                bytes: usize::MAX,
            }
            .split(text, max_chars, WindowPosition::default());
            return windows
                .into_iter()
                .map(|window| (window, Vec::new(), WindowExplanation::default()))
                .collect();
        };
        let (windows, after) = documents.window().split(text, max_chars, *position);
        *position = after;
        windows
            .into_iter()
            .map(|window| {
                let segments: Vec<&str> = window.iter().map(|range| &text[range.clone()]).collect();
                let mut account = WindowExplanation::default();
                let repairs = documents.repair(&segments, &self.lines.config, Some(&mut account));
                (window, repairs, account)
            })
            .collect()
    }

    /// [`fix_lines_with`](StreamFixer::fix_lines_with) in a mode that
    /// judges documents: each window of `text` is judged, its repairs
    /// made, and its segments fixed.
    fn fix_document_with(&mut self, text: &str, changed: &mut dyn FnMut(Range<usize>, String)) {
        let Some((documents, position)) = self.documents.as_mut() else {
            return self.lines.fix_lines_with(text, changed);
        };
        let max_chars = self.lines.config.max_decode_length;
        let (windows, after) = documents.window().split(text, max_chars, *position);
        *position = after;
        let documents = *documents;
        // (Windows with nothing to repair are fixed together, as one text:
        // the pipeline passes over their quiet lines in one go.)
        let mut unrepaired_from = None;
        for window in windows {
            let whole = window[0].start..window.last().map_or(0, |range| range.end);
            let segments: Vec<&str> = window.iter().map(|range| &text[range.clone()]).collect();
            let repairs = documents.repair(&segments, &self.lines.config, None);
            if repairs.is_empty() {
                unrepaired_from.get_or_insert(whole.start);
                continue;
            }
            if let Some(start) = unrepaired_from.take() {
                self.lines.fix_range_with(text, start..whole.start, changed);
            }
            let mut repairs = repairs.into_iter().peekable();
            for (index, range) in window.into_iter().enumerate() {
                match repairs.next_if(|(at, _)| *at == index) {
                    Some((_, repaired)) => {
                        let fixed = self.lines.fix_lines(&repaired).into_owned();
                        changed(range, fixed);
                    }
                    None => self.lines.fix_range_with(text, range, changed),
                }
            }
        }
        if let Some(start) = unrepaired_from {
            self.lines.fix_range_with(text, start..text.len(), changed);
        }
    }
}

impl Lines {
    /// [`Lines::fix_lines_with`] on `text[range]`, the changes reported at
    /// their offsets in `text`.
    fn fix_range_with(
        &mut self,
        text: &str,
        range: Range<usize>,
        changed: &mut dyn FnMut(Range<usize>, String),
    ) {
        let offset = range.start;
        self.fix_lines_with(&text[range], &mut |range: Range<usize>, fixed| {
            changed(offset + range.start..offset + range.end, fixed);
        });
    }

    /// See [`StreamFixer::fix_lines`].
    fn fix_lines<'a>(&mut self, text: &'a str) -> Cow<'a, str> {
        let mut output = None;
        self.fix_lines_into(text, &mut output, text);
        match output {
            Some(output) => Cow::Owned(output),
            None => Cow::Borrowed(text),
        }
    }

    /// See [`StreamFixer::fix_lines_with`]. (Takes the callback as a trait
    /// object, so that it is compiled once.)
    fn fix_lines_with(&mut self, text: &str, changed: &mut dyn FnMut(Range<usize>, String)) {
        let mut start = 0;
        while start < text.len() {
            // The lines before the next one that is not quiet need nothing.
            let (line_start, line_end, line_triggers) = self.next_loud_line(text, start);
            if line_start == text.len() {
                break;
            }
            // A line of at most `max_decode_length` bytes is one segment,
            // whose triggers are known; a longer one is cut.
            let one_segment = line_end - line_start <= self.config.max_decode_length.max(1);
            start = line_start;
            while start < line_end {
                let (end, triggers) = if one_segment {
                    (line_end, Triggers::from_bits(line_triggers))
                } else {
                    self.next_segment(text, start)
                };
                // Nothing to fix, no `<`: the segment changes neither
                // itself nor the state carried to the next one.
                if triggers != Triggers::default() {
                    if let Cow::Owned(fixed) = self.fix_scanned_segment(&text[start..end], triggers)
                    {
                        changed(start..end, fixed);
                    }
                }
                start = end;
            }
        }
    }

    /// Fixes the lines of `text` into `output`, which stays `None` until
    /// some line changes; then it is started with the unchanged prefix of
    /// `whole`, of which `text` is a suffix.
    fn fix_lines_into(&mut self, text: &str, output: &mut Option<String>, whole: &str) {
        let offset = whole.len() - text.len();
        // Unchanged lines are copied to `output` a run at a time, when a
        // changed line or the end comes: `text[..copied_up_to]` is there.
        let mut copied_up_to = 0;
        self.fix_lines_with(text, &mut |range: Range<usize>, fixed: String| {
            match output {
                // The text so far is this segment: no copy.
                None if offset + range.start == 0 => *output = Some(fixed),
                _ => {
                    let output = output.get_or_insert_with(|| {
                        let mut output = String::with_capacity(whole.len() + 16);
                        output.push_str(&whole[..offset]);
                        output
                    });
                    output.push_str(&text[copied_up_to..range.start]);
                    output.push_str(&fixed);
                }
            }
            copied_up_to = range.end;
        });
        if let Some(output) = output {
            output.push_str(&text[copied_up_to..]);
        }
    }

    /// The next line of `text` from `start` (a segment boundary) that is
    /// not quiet in this fixer's configuration, mode and state: its start,
    /// end and triggers, as [`scan_to_loud_line`] finds them.
    fn next_loud_line(&self, text: &str, start: usize) -> (usize, usize, u16) {
        #[cfg(test)]
        if QUIET_LINES_DISABLED.with(std::cell::Cell::get) {
            // The plain path: every segment scanned on its own.
            let (end, triggers) = self.next_segment(text, start);
            return (start, end, triggers.bits());
        }
        let state = self.state;
        let markup = !state.entities_allowed && (!state.auto_html || state.output_has_tag);
        let quiet = Quiet::new(
            &self.config,
            self.fixer.capabilities().leaves_clean_text_alone,
            markup,
        );
        let max_line = self.config.max_decode_length.max(1);
        scan_to_loud_line(text.as_bytes(), start, quiet, max_line)
    }

    /// The end of the segment of `text` that starts at `start`, and its
    /// triggers. One pass finds the end of the line and what it may need.
    /// A line of at most `max_decode_length` bytes has at most that many
    /// characters, so the pass looks no further: only longer lines may be
    /// cut. A line not ended in the first few kilobytes is scanned whole
    /// only if its `\n` is within reach.
    fn next_segment(&self, text: &str, start: usize) -> (usize, Triggers) {
        let max_chars = self.config.max_decode_length.max(1);
        let bytes = text.as_bytes();
        let limit = char_boundary_at_or_before(text, start + max_chars);
        let probe = char_boundary_at_or_before(text, start + PROBE_BYTES).min(limit);
        let ends_line = |to: usize| to > start && (to == text.len() || bytes[to - 1] == b'\n');
        let (mut scanned_to, mut scanned) = scan_line(&bytes[..probe], start);
        if !ends_line(scanned_to)
            && probe < limit
            && (limit == text.len() || memchr::memchr(b'\n', &bytes[probe..limit]).is_some())
        {
            (scanned_to, scanned) = scan_line(&bytes[..limit], start);
        }
        if ends_line(scanned_to) {
            return (scanned_to, Triggers::from_bits(scanned));
        }
        // The line may be cut into segments: the scan goes on to the end
        // of this one (which holds at least the bytes scanned), and the
        // next is scanned in its turn.
        let end = segment_end(text, start, max_chars);
        let (_, rest) = scan_line(&bytes[..end], scanned_to);
        (end, Triggers::from_bits(scanned | rest))
    }

    /// Fixes one segment whose `triggers` are known, carrying the HTML
    /// rule's state on.
    fn fix_scanned_segment<'a>(&mut self, segment: &'a str, triggers: Triggers) -> Cow<'a, str> {
        let auto_html = self.state.auto_html;
        let has_tag_before = triggers.has(crate::pipeline::TAG);
        let state_before = self.state;
        if auto_html && has_tag_before {
            self.state.entities_allowed = false;
        }
        let FixedLines {
            text: mut fixed,
            mut unsettled,
        } = fix_scanned_segment_by_lines(
            segment,
            triggers,
            &self.config,
            self.fixer,
            self.state.entities_allowed,
        );
        let has_tag = |fixed: &Cow<'_, str>| match fixed {
            Cow::Borrowed(_) => has_tag_before,
            Cow::Owned(fixed) => fixed.contains('<'),
        };
        // Entities were kept for a `<` that fixing removed: a second
        // run would decode them, so do it now.
        if auto_html
            && !self.state.entities_allowed
            && !self.state.output_has_tag
            && !has_tag(&fixed)
        {
            if let Cow::Owned(refixed) = fix_segment(&fixed, &self.config, self.fixer, true, None) {
                unsettled = Unsettled::All;
                fixed = Cow::Owned(refixed);
            }
        }
        self.state.output_has_tag |= auto_html && has_tag(&fixed);
        match fixed {
            Cow::Borrowed(_) => fixed,
            Cow::Owned(fixed) => {
                // Fixing line breaks may have split the line: fix the new
                // lines again, on their own, as a second run of fix_text
                // would, deciding the HTML rule afresh for them (a `<` may
                // now be on a later line). This is what makes fix_text
                // idempotent. Entity decoding carried on to later lines
                // stays what the input lines decide.
                let splits_line = fixed.strip_suffix('\n').unwrap_or(&fixed).contains('\n');
                if splits_line {
                    Cow::Owned(self.refix_split_lines(fixed, unsettled, state_before))
                } else {
                    Cow::Owned(fixed)
                }
            }
        }
    }

    /// Fixes again, on their own, the lines of `fixed` (one segment
    /// fixed from the state `state_before`) that fixing split it into.
    /// Lines known to be settled (fixing them again leaves them as they
    /// are) are skipped.
    fn refix_split_lines(
        &mut self,
        fixed: String,
        unsettled: Unsettled,
        state_before: LineState,
    ) -> String {
        let mut again = Lines {
            config: self.config.clone(),
            fixer: self.fixer,
            state: state_before,
            pending: String::new(),
        };
        let mut refixed_all: Option<String> = None;
        let mut copied = 0;
        let all_of_it = 0..fixed.len();
        let unsettled = unsettled.ranges(&fixed, &self.config);
        let unsettled = unsettled
            .as_deref()
            .unwrap_or(std::slice::from_ref(&all_of_it));
        // Lines left out are settled: fixing them again would leave them as
        // they are, so the state after them is as predicted from their
        // text.
        let mut settled_from = 0;
        for range in unsettled {
            again.state = again
                .state
                .predicted_after(&fixed[settled_from..range.start]);
            settled_from = range.end;
            let lines = &fixed[range.clone()];
            let mut refixed = None;
            again.fix_lines_into(lines, &mut refixed, lines);
            if let Some(refixed) = refixed {
                let all =
                    refixed_all.get_or_insert_with(|| String::with_capacity(fixed.len() + 16));
                all.push_str(&fixed[copied..range.start]);
                all.push_str(&refixed);
                copied = range.end;
            }
        }
        again.state = again.state.predicted_after(&fixed[settled_from..]);
        self.state.output_has_tag = again.state.output_has_tag;
        match refixed_all {
            Some(mut all) => {
                all.push_str(&fixed[copied..]);
                all
            }
            None => fixed,
        }
    }
}

#[cfg(test)]
thread_local! {
    /// Whether this thread's fixers scan every segment on its own, as the
    /// plain path the property tests compare the whole-text scan with.
    static QUIET_LINES_DISABLED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// How far the scan of a line first looks for its end.
const PROBE_BYTES: usize = 4096;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encoding::WithoutShortcuts;
    use crate::pipeline::lines_disabled;
    use crate::Mode;
    use proptest::prelude::*;

    /// Lines of every kind for long CR-only and U+2028 texts: clean text
    /// in several scripts, mojibake ftfy fixes whole or by runs, entities,
    /// `<`, C1 controls, quotes, emoji (NFC's slow path).
    const LINES: &[&str] = &[
        "The quick brown fox jumps over the lazy dog.",
        "Le cœur déçu mais l'âme plutôt naïve.",
        "Съешь же ещё этих мягких французских булок.",
        "いろはにほへと ちりぬるを",
        "Emoji 😀 🎉 ✔",
        "Le cÅ“ur dÃ©Ã§u mais l'Ã¢me plutÃ´t naÃ¯ve.",
        "Ð¡ÑŠÐµÑˆÑŒ Ð¶Ðµ ÐµÑ‰Ñ‘",
        "AT&amp;T &lt;b&gt; and &#13; or &#8232;",
        "a <b>tag</b> here",
        "\u{93}quoted\u{94} \u{80}5 “curly”",
        "voilÃ le Ã ",
        "Œ",
        "",
    ];

    /// A line of [`LINES`], or a few of the pieces that make every fix
    /// and decision work.
    fn line() -> impl Strategy<Value = String> {
        use crate::pipeline::lines_test_pieces as pieces;
        prop_oneof![
            proptest::sample::select(LINES).prop_map(str::to_owned),
            proptest::collection::vec(proptest::sample::select(pieces()), 1..5).prop_map(
                |pieces| pieces
                    .concat()
                    .replace(['\r', '\n', '\u{2028}', '\u{2029}'], " ")
            ),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The changes `fix_lines_with` reports over a whole text are the
        /// lines that a fixer fed one line at a time changes, with the
        /// same fixed text, and leave the same state.
        #[test]
        fn changes_reported_are_the_lines_fixed_one_at_a_time(
            lines in proptest::collection::vec(line(), 1..40),
            auto_html: bool,
        ) {
            let config = TextFixerConfig {
                unescape_html: if auto_html {
                    crate::UnescapeHtml::Auto
                } else {
                    crate::UnescapeHtml::Always
                },
                ..TextFixerConfig::default()
            };
            let text: String = lines.iter().map(|line| [line.as_str(), "\n"].concat()).collect();
            let mut whole = StreamFixer::new(&config);
            let mut reported = Vec::new();
            whole.fix_lines_with(&text, |range, fixed| reported.push((range, fixed)));
            let mut by_line = StreamFixer::new(&config);
            let mut expected = Vec::new();
            let mut start = 0;
            for line in text.split_inclusive('\n') {
                if let Cow::Owned(fixed) = by_line.fix_lines(line) {
                    expected.push((start..start + line.len(), fixed));
                }
                start += line.len();
            }
            prop_assert_eq!(reported, expected);
            prop_assert_eq!(whole.state(), by_line.state());
        }

        /// fix_text on long texts of many lines, fixed a line at a time
        /// where that is shown to give the same answer, equals fixing
        /// every segment whole and then each of its lines again.
        #[test]
        fn fixing_by_lines_equals_fixing_whole(
            picks in proptest::collection::vec((line(), 0..1000usize), 1000..1600),
            max_decode_length in prop_oneof![Just(1_000_000usize), 15_000..40_000usize],
            auto_html: bool,
        ) {
            let text: String = picks
                .iter()
                .map(|(line, end)| {
                    // Mostly CR, some U+2028/9, rarely a real line end.
                    let end = match end {
                        0 => "\r\n",
                        1..=99 => "\u{2028}",
                        100..=109 => "\u{2029}",
                        _ => "\r",
                    };
                    [line.as_str(), end].concat()
                })
                .collect();
            let config = TextFixerConfig {
                max_decode_length,
                unescape_html: if auto_html {
                    crate::UnescapeHtml::Auto
                } else {
                    crate::UnescapeHtml::Always
                },
                ..TextFixerConfig::default()
            };
            let by_lines = crate::fix_text_with(&text, &config).into_owned();
            lines_disabled(true);
            let whole = crate::fix_text_with(&text, &config).into_owned();
            lines_disabled(false);
            prop_assert_eq!(by_lines, whole);
        }
    }

    /// Lines for the whole-text scan: quiet ones of every kind (plain
    /// ASCII, clean text in many scripts, tabs, markup alone), and lines
    /// it must stop at (mojibake, characters NFC or a fix changes, markup
    /// beside non-ASCII, controls, line breaks, entities).
    const SCAN_LINES: &[&str] = &[
        "plain ASCII text, long enough to pass a chunk of sixty-four bytes at once",
        "short",
        "",
        "tab\there and form\u{c}feed",
        "Le café était fermé.",
        "Съешь же ещё этих булок",
        "Ελληνικά γράμματα",
        "東京の天気は晴れです。",
        "안녕하세요 세계",
        "नमस्ते दुनिया",
        "สวัสดีชาวโลก",
        "مرحبا بالعالم",
        "Emoji 😀 🎉",
        "a <b>tag</b> here",
        "AT&amp;T &lt;3",
        "Q&A",
        "<p>café</p>",
        "é <",
        "cafÃ©",
        "doesnâ€™t",
        "Ð¡ÑŠÐµÑˆÑŒ",
        "e\u{301}",
        "\u{93}quoted\u{94}",
        "“curly” ‘quotes’",
        "it’s here, isn’t it",
        "l’été d’Ελλάδα",
        "ﬁne ﬂower",
        "ＬＯＵＤ",
        "bell\u{7}",
        "cr\rlf",
        "sep\u{2028}arator",
        "\u{1b}[1mbold",
        "\u{feff}bom",
        "×÷ ° ±",
        "ß Ø ¿",
    ];

    /// A configuration for the whole-text scan's test: each option that
    /// decides which lines are quiet.
    fn scan_config() -> impl Strategy<Value = (TextFixerConfig, Mode)> {
        (
            0..3u8,
            0..4u8,
            any::<bool>(),
            any::<bool>(),
            prop_oneof![Just(1_000_000usize), 1..40usize],
        )
            .prop_map(
                |(html, normalization, fix_encoding, without_shortcuts, max)| {
                    let config = TextFixerConfig {
                        unescape_html: [
                            UnescapeHtml::Auto,
                            UnescapeHtml::Always,
                            UnescapeHtml::Never,
                        ][usize::from(html)],
                        normalization: [
                            Some(crate::Normalization::Nfc),
                            None,
                            Some(crate::Normalization::Nfkc),
                            Some(crate::Normalization::Nfd),
                        ][usize::from(normalization)],
                        fix_encoding,
                        max_decode_length: max,
                        ..TextFixerConfig::default()
                    };
                    let mode = if without_shortcuts {
                        Mode::new(&WithoutShortcuts, &WithoutShortcuts)
                    } else {
                        Mode::FTFY
                    };
                    (config, mode)
                },
            )
    }

    proptest! {
        // (More with PROPTEST_CASES.)
        #![proptest_config(ProptestConfig::with_cases(
            std::env::var("PROPTEST_CASES").ok().and_then(|cases| cases.parse().ok()).unwrap_or(300)
        ))]

        /// fix_text with the whole-text scan, which passes over quiet
        /// lines, equals fix_text scanning every segment on its own, in
        /// every mode and configuration, fed whole or in pieces.
        #[test]
        fn the_whole_text_scan_equals_scanning_each_segment(
            picks in proptest::collection::vec(
                (proptest::sample::select(SCAN_LINES), 0..10u8),
                1..60,
            ),
            (config, mode) in scan_config(),
            cut in 0..200usize,
        ) {
            let text: String = picks
                .iter()
                .map(|&(line, end)| match end {
                    0 => line.to_owned(),
                    1 => format!("{line}\r\n"),
                    _ => format!("{line}\n"),
                })
                .collect();
            let fixed = mode.fix_text(&text, &config).into_owned();
            let cut = crate::text::char_boundary_at_or_before(&text, cut);
            let mut fixer = mode.stream_fixer(&config, LineState::start(&config));
            let fed = fixer.feed(&text[..cut]) + &fixer.feed(&text[cut..]) + &fixer.finish();
            QUIET_LINES_DISABLED.with(|cell| cell.set(true));
            let plain = mode.fix_text(&text, &config).into_owned();
            QUIET_LINES_DISABLED.with(|cell| cell.set(false));
            prop_assert_eq!(&fixed, &plain);
            prop_assert_eq!(fed, plain);
        }
    }

    /// ftfy 6.3.1, twice: the line break fixed makes two lines, and the
    /// first, settled, holds the `<` that keeps entities in the second.
    #[test]
    fn a_settled_line_with_a_tag_keeps_entities_in_later_lines() {
        let text = "x<b>\u{2028}&amp; cafÃ©";
        assert_eq!(crate::fix_text(text), "x<b>\n&amp; café");
        let text = "x<b> cafÃ©\u{2028}&amp; cafÃ©";
        assert_eq!(crate::fix_text(text), "x<b> café\n&amp; café");
    }
}
