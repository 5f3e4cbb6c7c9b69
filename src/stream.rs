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

use crate::encoding::EncodingFixer;
use crate::pipeline::{
    decodes_entities, fix_scanned_segment_by_lines, fix_segment, scan_line, scan_to_loud_line,
    FixedLines, Quiet, Triggers, Unsettled,
};
use crate::plan::ExplanationStep;
use crate::text::{char_boundary_at_or_before, char_count};
use crate::{TextFixerConfig, UnescapeHtml};

/// What fixing the lines so far decided for the lines to come: whether
/// HTML entities are still decoded, and whether a line of the output held
/// a `<`. Small and `Copy`, so it can seed a [`StreamFixer`] for a later
/// piece of the same text.
///
/// ```
/// use ftfy::{LineState, StreamFixer, TextFixerConfig};
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
    /// use ftfy::{LineState, TextFixerConfig};
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
    /// use ftfy::{LineState, StreamFixer, TextFixerConfig};
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

/// What [`StreamFixer::fix_lines_explained`] gives: the fixed text, the
/// plan of each line that changed (by its index, from 0), and the legacy
/// mixups the text's blocks were found to be read in.
#[derive(Clone, Debug, PartialEq)]
pub struct ExplainedLines {
    /// The fixed text: what `fix_lines` gives.
    pub text: String,
    /// Each line that changed, by its index from 0, with its plan.
    pub lines: Vec<(usize, Vec<ExplanationStep>)>,
    /// The legacy mixups the blocks of lines were found to be read in
    /// (extended recovery only).
    pub documents: Vec<crate::DocumentDecision>,
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
pub struct StreamFixer {
    config: TextFixerConfig,
    state: LineState,
    /// Text given to `feed` whose segment is not finished yet.
    pending: String,
    /// Where the text fixed so far left the blocks of lines whose
    /// evidence extended recovery weighs together.
    document: crate::mode::DocumentPosition,
}

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
        StreamFixer {
            config: config.clone(),
            state,
            pending: String::new(),
            document: crate::mode::DocumentPosition::default(),
        }
    }

    /// How the configuration's mode fixes encodings.
    fn encoding(&self) -> &'static dyn EncodingFixer {
        crate::mode::encoding_fixer(&self.config)
    }

    /// The state the lines fixed so far leave for the lines to come.
    pub fn state(&self) -> LineState {
        self.state
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
        let (repaired, position) =
            crate::mode::repair_document(&self.config, text, self.document, None);
        self.document = position;
        if let Some(repaired) = repaired {
            let mut output = None;
            self.fix_lines_into(&repaired, &mut output, &repaired);
            return Cow::Owned(output.unwrap_or(repaired));
        }
        let mut output = None;
        self.fix_lines_into(text, &mut output, text);
        match output {
            Some(output) => Cow::Owned(output),
            None => Cow::Borrowed(text),
        }
    }

    /// Fixes the lines of `text` as [`fix_lines`](StreamFixer::fix_lines)
    /// does, and says why: the plan of each line that changed, and, in
    /// extended recovery, which legacy mixup each block of the text was
    /// found to be read in, with its evidence in bits. Each plan replays
    /// ([`apply_plan`](crate::apply_plan)) on its line to its fixed line.
    ///
    /// ```
    /// use ftfy::{StreamFixer, TextFixerConfig};
    ///
    /// let config = TextFixerConfig::default().extended_recovery(true);
    /// let text = "Ïðèâåò, êàê äåëà?\nÂñ¸ õîðîøî, ñïàñèáî.\n";
    /// let explained = StreamFixer::new(&config).fix_lines_explained(text);
    /// assert_eq!(explained.text, "Привет, как дела?\nВсё хорошо, спасибо.\n");
    /// let decision = &explained.documents[0];
    /// assert_eq!((decision.read_as, decision.written_in), ("sloppy-windows-1252", "windows-1251"));
    /// assert!(decision.evidence_bits > 24.0);
    /// assert_eq!(explained.lines.len(), 2);
    /// ```
    pub fn fix_lines_explained(&mut self, text: &str) -> ExplainedLines {
        let mut explained = crate::extended::document::Explained::default();
        let (repaired, position) =
            crate::mode::repair_document(&self.config, text, self.document, Some(&mut explained));
        self.document = position;
        let repaired = repaired.unwrap_or_else(|| text.to_owned());
        let mut output = String::with_capacity(repaired.len());
        let mut lines = Vec::new();
        let mut document_plans = explained.plans.into_iter().peekable();
        for (index, (line, original)) in repaired
            .split_inclusive('\n')
            .zip(text.split_inclusive('\n'))
            .enumerate()
        {
            let mut plan = match document_plans.peek() {
                Some((at, _)) if *at == index => document_plans.next().map(|(_, plan)| plan),
                _ => None,
            }
            .unwrap_or_default();
            let before = self.clone();
            let mut fixed = None;
            self.fix_lines_into(line, &mut fixed, line);
            let fixed = fixed.unwrap_or_else(|| line.to_owned());
            if fixed != line {
                plan.extend(before.explain_segment(line));
            }
            if fixed != original {
                lines.push((index, plan));
            }
            output.push_str(&fixed);
        }
        ExplainedLines {
            text: output,
            lines,
            documents: explained.decisions,
        }
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
        self.pending.push_str(piece);
        let complete = complete_segments_len(&self.pending, self.config.max_decode_length);
        // (In extended recovery, whole blocks of lines: their evidence is
        // weighed together, so the output is the same however the text
        // is cut.)
        let complete = crate::mode::complete_document_len(
            &self.config,
            &self.pending[..complete],
            self.document,
        );
        if complete == 0 {
            return String::new();
        }
        let unfinished = self.pending[complete..].to_owned();
        let mut complete_text = std::mem::replace(&mut self.pending, unfinished);
        complete_text.truncate(complete);
        match self.fix_lines(&complete_text) {
            Cow::Borrowed(_) => complete_text,
            Cow::Owned(fixed) => fixed,
        }
    }

    /// Fixes the text held back by [`feed`](StreamFixer::feed): call it
    /// at the end of the text.
    pub fn finish(&mut self) -> String {
        let rest = std::mem::take(&mut self.pending);
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
    /// let config = ftfy::TextFixerConfig::default();
    /// let fixer = ftfy::StreamFixer::new(&config);
    /// let plan: Vec<String> = fixer.explain_segment("cafÃ©\n").iter().map(|s| s.to_string()).collect();
    /// assert_eq!(plan, ["('encode', 'latin-1')", "('decode', 'utf-8')"]);
    /// ```
    pub fn explain_segment(&self, segment: &str) -> Vec<ExplanationStep> {
        let mut steps = Vec::new();
        let entities = self.state.entities_allowed && decodes_entities(&self.config, segment);
        fix_segment(
            segment,
            &self.config,
            self.encoding(),
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
    /// let config = ftfy::TextFixerConfig::default();
    /// let mut fixer = ftfy::StreamFixer::new(&config);
    /// let mut changes = Vec::new();
    /// fixer.fix_lines_with("fine\ncafÃ©\nfine\n", |range, fixed| changes.push((range, fixed)));
    /// assert_eq!(changes, [(5..13, "café\n".to_owned())]);
    /// ```
    pub fn fix_lines_with(
        &mut self,
        text: &str,
        mut changed: impl FnMut(std::ops::Range<usize>, String),
    ) {
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
        self.fix_lines_with(text, |range, fixed| {
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
        // An encoding fixer that settles like ftfy's leaves alone the
        // text ftfy's heuristic finds clean.
        let quiet = Quiet::new(&self.config, self.encoding().settles_like_ftfy(), markup);
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
            self.encoding(),
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
            if let Cow::Owned(refixed) =
                fix_segment(&fixed, &self.config, self.encoding(), true, None)
            {
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
        let mut again = StreamFixer {
            config: self.config.clone(),
            state: state_before,
            pending: String::new(),
            document: crate::mode::DocumentPosition::default(),
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

/// The end of the segment starting at byte `start`: just after the next
/// `\n`, or after `max_chars` characters, whichever comes first.
pub(crate) fn segment_end(text: &str, start: usize, max_chars: usize) -> usize {
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
pub(crate) fn complete_segments_len(text: &str, max_chars: usize) -> usize {
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
    use crate::pipeline::lines_disabled;
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
    fn scan_config() -> impl Strategy<Value = TextFixerConfig> {
        (
            0..3u8,
            0..4u8,
            any::<bool>(),
            any::<bool>(),
            prop_oneof![Just(1_000_000usize), 1..40usize],
        )
            .prop_map(|(html, normalization, fix_encoding, extended, max)| {
                TextFixerConfig {
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
                    ..TextFixerConfig::default().extended_recovery(extended)
                }
            })
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
            config in scan_config(),
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
            let fixed = crate::fix_text_with(&text, &config).into_owned();
            let cut = crate::text::char_boundary_at_or_before(&text, cut);
            let mut fixer = StreamFixer::new(&config);
            let fed = fixer.feed(&text[..cut]) + &fixer.feed(&text[cut..]) + &fixer.finish();
            QUIET_LINES_DISABLED.with(|cell| cell.set(true));
            let plain = crate::fix_text_with(&text, &config).into_owned();
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
