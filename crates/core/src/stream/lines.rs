//! The lines a [`StreamFixer`] fixed so far and what fixes the next ones:
//! quiet lines passed over, the HTML rule, split lines fixed again.

use std::borrow::Cow;

use std::ops::Range;

use crate::encoding::EncodingFixer;
use crate::pipeline::{
    fix_scanned_segment_by_lines, fix_segment, scan_line, scan_to_loud_line, FixedLines, Quiet,
    Triggers, Unsettled,
};
use crate::segments::segment_end;
use crate::text::char_boundary_at_or_before;
use crate::TextFixerConfig;

use super::LineState;
#[cfg(doc)]
use super::StreamFixer;

/// A [`StreamFixer`] but for the plans of its mode: the lines fixed so
/// far, and what fixes the next ones. (Not generic, so that the pipeline is
/// compiled once, in this crate.)
#[derive(Clone, Debug)]
pub(super) struct Lines {
    pub(super) config: TextFixerConfig,
    pub(super) fixer: &'static dyn EncodingFixer,
    pub(super) state: LineState,
    /// Text given to `feed` whose segment is not finished yet.
    pub(super) pending: String,
}

impl Lines {
    /// [`Lines::fix_lines_with`] on `text[range]`, the changes reported at
    /// their offsets in `text`.
    pub(super) fn fix_range_with(
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
    pub(super) fn fix_lines<'a>(&mut self, text: &'a str) -> Cow<'a, str> {
        let mut output = None;
        self.fix_lines_into(text, &mut output, text);
        match output {
            Some(output) => Cow::Owned(output),
            None => Cow::Borrowed(text),
        }
    }

    /// See [`StreamFixer::fix_lines_with`]. (Takes the callback as a trait
    /// object, so that it is compiled once.)
    pub(super) fn fix_lines_with(
        &mut self,
        text: &str,
        changed: &mut dyn FnMut(Range<usize>, String),
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
    pub(super) static QUIET_LINES_DISABLED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// How far the scan of a line first looks for its end.
const PROBE_BYTES: usize = 4096;
