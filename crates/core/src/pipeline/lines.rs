//! Fixing a long segment that holds many lines, a line at a time, with
//! exactly the result of fixing it whole.
//!
//! `fix_text` cuts text only at `\n`, so a file whose lines end in CR
//! alone, or are separated by U+2028, reaches the round of fixes as
//! segments of `max_decode_length` characters, each fixed as one text.
//! Fixed whole, every step of `fix_encoding` and every round passes over
//! the megabyte again. Yet every fix but `fix_encoding` acts within a
//! line, and `fix_encoding` looks at the text as a whole only through a
//! few facts: whether it is ASCII, whether it looks bad, whether one codec
//! can encode all of it, whether it holds C1 controls. Its other steps
//! (`decode_inconsistent_utf8`, `fix_c1_controls`) also act within lines.
//!
//! So here the segment is split into its lines, each line remembers those
//! facts and which fixes it has been through unchanged, ftfy's decisions
//! about the whole are made from the lines, and only lines that change
//! are looked at again.
//!
//! Why the pieces add up to the whole:
//! - No fix's pattern reaches across a line break (entities, escapes,
//!   runs of mojibake, NFC's combining sequences: a line break is a
//!   starter that composes with nothing), and no fix removes one.
//! - A badness rule can: a few of its positions accept any space, `\r`
//!   among them. A match holds at most one line break (no rule has two
//!   positions that accept one), so the text looks bad exactly when one of
//!   its lines does, or the few characters around one of its breaks do.
//!   The rule anchored at the start of the text applies to the first line
//!   only.
//! - When some codec could encode the whole text, ftfy would re-decode it
//!   as one; this module gives up and the caller fixes the segment whole.
//! - The lines are always exactly the text cut after each line break
//!   (`\n`, a CR not followed by `\n`, U+2028, U+2029), so the whole is
//!   unchanged exactly when every line is. A fix that would make a new
//!   break inside a line, or join two lines into a CRLF, makes this
//!   module give up too.
//!
//! All of this holds for ftfy 6.3.1's own `fix_encoding`
//! ([`EncodingFixer::settles_like_ftfy`](crate::encoding::EncodingFixer::settles_like_ftfy)),
//! the only one the pipeline fixes by lines with.
//! `tests::by_lines_equals_whole` checks all this against fixing whole.

use std::borrow::Cow;
use std::ops::Range;

use super::rounds::{
    apply_text_fixes, line_feed_for_carriage_return_makes_no_match, text_fix_steps,
};
use super::scan::{
    scan_to_line_break, Triggers, C1_CONTROLS, ENTITIES, LINE_BREAKS, MAY_BE_BAD, NON_ASCII_FACTS,
    TAG,
};
use crate::badness::{is_bad, is_bad_within};
use crate::codecs::undone::{codecs_encoding, encode_encodable};
use crate::codecs::{CodecSet, MisreadCodec};
use crate::encoding::repairs::{decode_inconsistent_utf8_in, fix_c1_controls};
use crate::encoding::{may_redecode_whole, reinterprets, EncodingEnd};
use crate::fixes::unescape_html;
use crate::normalize::normalize_keeps;
use crate::TextFixerConfig;

/// Segments shorter than this are fixed whole: for them, splitting costs
/// about what it saves.
pub(super) const MIN_SEGMENT_BYTES: usize = 16 * 1024;

#[cfg(test)]
thread_local! {
    /// Set by tests on their own thread to fix every segment whole, the
    /// reference that fixing by lines must equal.
    pub(crate) static DISABLED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether fixing by lines is switched off (only tests switch it off).
pub(super) fn disabled() -> bool {
    #[cfg(test)]
    return DISABLED.with(std::cell::Cell::get);
    #[cfg(not(test))]
    false
}

/// Segments whose lines are shorter than this on average are fixed whole.
pub(super) const MIN_AVERAGE_LINE_BYTES: usize = 8;

/// The most characters a badness rule matches.
const LONGEST_RULE: usize = 7;

/// The segment could not be shown to fix the same a line at a time.
struct NeedsWholeText;

/// A segment fixed a line at a time.
pub(crate) struct FixedLines<'a> {
    pub(crate) text: Cow<'a, str>,
    pub(crate) unsettled: Unsettled,
}

/// Which lines of a fixed segment a second run of `fix_text`, line by
/// line, might change; it leaves the others as they are.
pub(crate) enum Unsettled {
    /// Those within these byte ranges of the text (none: no line).
    Within(Vec<Range<usize>>),
    /// Any of them.
    All,
    /// Not yet worked out, as most fixed segments are a single line:
    /// [`unsettled_lines_of_fixed`] works them out, from what ftfy's
    /// `fix_encoding` last found in the text, with entities decoded or not.
    ToWorkOut {
        encoding_end: Option<EncodingEnd>,
        decode_entities: bool,
    },
}

impl Unsettled {
    /// The byte ranges of `fixed` (the text these lines are of) that hold
    /// the unsettled lines, `None` for all of it.
    pub(crate) fn ranges(self, fixed: &str, config: &TextFixerConfig) -> Option<Vec<Range<usize>>> {
        match self {
            Unsettled::Within(ranges) => Some(ranges),
            Unsettled::All => None,
            Unsettled::ToWorkOut {
                encoding_end,
                decode_entities,
            } => unsettled_lines_of_fixed(fixed, config, decode_entities, encoding_end),
        }
    }
}

/// `text` fixed a line at a time, or `None` when that could differ from
/// fixing it whole, or `text` is a single line, or its lines are shorter
/// than `min_average_line_bytes` on average (a run of bare CRs costs more
/// one line at a time than the passes over the whole segment it saves).
pub(super) fn fix_by_lines<'a>(
    text: &'a str,
    config: &TextFixerConfig,
    decode_entities: bool,
    min_average_line_bytes: usize,
) -> Option<FixedLines<'a>> {
    // Every `\n`, and every CR (alone or before `\n`), ends a line of its
    // own: counting them first (fast, with SIMD) turns away a run of bare
    // CRs without splitting it.
    let bytes = text.as_bytes();
    let fewest_lines = memchr::memchr_iter(b'\n', bytes)
        .count()
        .max(memchr::memchr_iter(b'\r', bytes).count());
    if fewest_lines * min_average_line_bytes > text.len() {
        return None;
    }
    let mut lines = Lines::split(text);
    let too_short = lines.lines.len() * min_average_line_bytes > text.len();
    if lines.lines.len() < 2 || too_short {
        return None;
    }
    lines.fix_rounds(config, decode_entities).ok()?;
    let unchanged = lines
        .lines
        .iter()
        .all(|line| matches!(line.text, Cow::Borrowed(_)) && !line.newline);
    let mut fixed = String::with_capacity(if unchanged { 0 } else { text.len() + 16 });
    let mut unsettled: Vec<Range<usize>> = Vec::new();
    let mut end = 0;
    for index in 0..lines.lines.len() {
        let start = end;
        end += lines.lines[index].len();
        if !unchanged {
            lines.lines[index].push_to(&mut fixed);
        }
        // Without fix_line_breaks, the lines here are not those a second
        // run would see.
        if !(config.fix_line_breaks && lines.settled(index, config, decode_entities)) {
            match unsettled.last_mut() {
                Some(range) if range.end == start => range.end = end,
                _ => unsettled.push(start..end),
            }
        }
    }
    let text = if unchanged {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(fixed)
    };
    Some(FixedLines {
        text,
        unsettled: Unsettled::Within(unsettled),
    })
}

/// The byte ranges of `fixed` (a segment the rounds of fixes gave back,
/// fixed whole, which they would leave as it is) that hold the lines a
/// second run of `fix_text`, line by line, might change, as
/// [`Unsettled`] has them; `None` for all of it. Fixing the
/// lines made by a line break the rounds fixed is what makes `fix_text`
/// idempotent, and costs a round per line; it is needed only where a line
/// on its own may be fixed differently from the whole:
/// - every fix but `fix_encoding` acts within a line, and left the whole
///   as it is (entities only if they were decoded in the segment: a second
///   run decides afresh where entities are decoded);
/// - `fix_encoding` leaves a line alone that is ASCII or does not look
///   bad; a line that does is left alone when `fix_encoding` found
///   nothing to fix in the whole (its runs of mojibake and C1 controls
///   are within lines), and no codec re-decodes the line as a whole,
///   which would be new.
///
/// A line with a `<` may be settled too: the `<` keeps a second run from
/// decoding entities in it, which the whole left alone or decoded, and
/// the caller carries its effect on later lines. (For ftfy's own
/// `fix_encoding` only: the caller marks every line of another mode's
/// answer unsettled.)
pub(crate) fn unsettled_lines_of_fixed(
    fixed: &str,
    config: &TextFixerConfig,
    decode_entities: bool,
    encoding_end: Option<EncodingEnd>,
) -> Option<Vec<Range<usize>>> {
    // (Most often all of it, as when CRs became line feeds.)
    if fixed.is_ascii() && (decode_entities || memchr::memchr(b'&', fixed.as_bytes()).is_none()) {
        return Some(Vec::new());
    }
    let settled = |line: &str| {
        (decode_entities || !line.contains('&'))
            && (!config.fix_encoding
                || line.is_ascii()
                // (The cheaper check first: a line of mojibake that no
                // codec re-decodes need not be found bad.)
                || (encoding_end == Some(EncodingEnd::NothingToFix)
                    && !may_redecode_whole(line, config))
                || !is_bad(line))
    };
    let mut unsettled: Vec<Range<usize>> = Vec::new();
    let mut end = 0;
    for line in fixed.split_inclusive('\n') {
        let start = end;
        end += line.len();
        if !settled(line) {
            match unsettled.last_mut() {
                Some(range) if range.end == start => range.end = end,
                _ => unsettled.push(start..end),
            }
        }
    }
    Some(unsettled)
}

/// One line of the segment, with what is known about it. Every field but
/// `text` describes the current `text`, and is reset when it changes.
struct Line<'a> {
    text: Cow<'a, str>,
    /// Whether a badness rule matches within the line.
    bad: Option<bool>,
    /// Which codecs can encode the line (see [`codecs_encoding`]).
    codecs: Option<CodecSet>,
    /// What the line holds that some fix may change.
    triggers: Option<Triggers>,
    /// `unescape_html` leaves the line as it is.
    entities_done: bool,
    /// `decode_inconsistent_utf8` leaves it as it is.
    runs_done: bool,
    /// The round's text fixes and normalization leave it as it is.
    text_fixes_done: bool,
    /// The line break at the end of `text` stands for `\n`: the line
    /// is `body()` and `\n`. (fix_line_breaks made it so; keeping the
    /// line as it was saves a copy.)
    newline: bool,
    /// The line has changed since the round began (and is in
    /// `Lines::round_start`).
    changed_in_round: bool,
}

impl<'a> Line<'a> {
    fn new(text: Cow<'a, str>) -> Line<'a> {
        Line {
            text,
            bad: None,
            codecs: None,
            triggers: None,
            entities_done: false,
            runs_done: false,
            text_fixes_done: false,
            newline: false,
            changed_in_round: false,
        }
    }

    /// The line without the break that `newline` replaces, or all of it.
    fn body(&self) -> &str {
        if self.newline {
            without_line_break(&self.text)
        } else {
            &self.text
        }
    }

    /// The line's length, with `\n` for its break when `newline`.
    fn len(&self) -> usize {
        self.body().len() + usize::from(self.newline)
    }

    fn push_to(&self, out: &mut String) {
        out.push_str(self.body());
        if self.newline {
            out.push('\n');
        }
    }

    /// The line's last `count` characters, pushed to `out`.
    fn push_tail(&self, count: usize, out: &mut String) {
        if self.newline {
            out.push_str(last_chars(self.body(), count - 1));
            out.push('\n');
        } else {
            out.push_str(last_chars(&self.text, count));
        }
    }

    /// The line's first `count` characters, pushed to `out`.
    fn push_head(&self, count: usize, out: &mut String) {
        match self.body() {
            "" if self.newline => out.push('\n'),
            body => out.push_str(first_chars(body, count)),
        }
    }
}

/// `text` without the line break at its end (CRLF, CR, U+2028, U+2029).
fn without_line_break(text: &str) -> &str {
    text.strip_suffix("\r\n")
        .or_else(|| text.strip_suffix('\r'))
        .or_else(|| text.strip_suffix('\u{2028}'))
        .or_else(|| text.strip_suffix('\u{2029}'))
        .unwrap_or(text)
}

/// Whether two lines, each a text and whether its break stands for
/// `\n`, are the same.
fn same_line(a: (&str, bool), b: (&str, bool)) -> bool {
    match (a.1, b.1) {
        (false, false) => a.0 == b.0,
        (true, true) => without_line_break(a.0) == without_line_break(b.0),
        (true, false) => b.0.strip_suffix('\n') == Some(without_line_break(a.0)),
        (false, true) => a.0.strip_suffix('\n') == Some(without_line_break(b.0)),
    }
}

struct Lines<'a> {
    lines: Vec<Line<'a>>,
    /// Whether a badness rule matches across the break after each line
    /// but the last.
    bad_across: Vec<Option<bool>>,
    /// The lines changed since the round began, as they were then (each
    /// a text and whether its break stands for `\n`).
    round_start: Vec<(usize, Cow<'a, str>, bool)>,
}

/// The byte offset just after the first line break in `text`, if any.
fn next_break(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut from = 0;
    loop {
        let at = from + memchr::memchr3(b'\n', b'\r', 0xE2, &bytes[from..])?;
        match bytes[at] {
            b'\n' => return Some(at + 1),
            b'\r' if bytes.get(at + 1) != Some(&b'\n') => return Some(at + 1),
            0xE2 if bytes.get(at + 1) == Some(&0x80)
                && matches!(bytes.get(at + 2), Some(0xA8 | 0xA9)) =>
            {
                return Some(at + 3)
            }
            _ => from = at + 1,
        }
    }
}

/// Whether `text` is a whole line: its only break is at its end, or it
/// has none and `last` says it may end without one.
fn is_one_line(text: &str, last: bool) -> bool {
    match next_break(text) {
        Some(end) => end == text.len(),
        None => last,
    }
}

/// Whether `text` holds `Ã ` or `Â `, which match the badness rule
/// anchored at the start of a text when a run of mojibake starts there.
fn starts_anchored_rule_somewhere(text: &str) -> bool {
    let bytes = text.as_bytes();
    memchr::memchr_iter(0xC3, bytes)
        .any(|at| matches!(bytes.get(at + 1..at + 3), Some([0x82 | 0x83, b' '])))
}

/// Whether, in a line with these triggers, the text fixes have nothing to
/// do but (maybe) fix line breaks. (Normalization is asked apart.)
fn only_line_break_to_fix(triggers: Triggers) -> bool {
    triggers.without(LINE_BREAKS | NON_ASCII_FACTS | ENTITIES | TAG) == Triggers::default()
}

/// The line before its line break, if that break is the only thing
/// `fix_line_breaks` changes in it (the line is one line: its only break
/// is at the end).
fn before_line_break_to_fix(line: &str) -> Option<&str> {
    let body = without_line_break(line);
    (body.len() < line.len() && !body.contains('\u{85}')).then_some(body)
}

/// The last `count` characters of `text`.
fn last_chars(text: &str, count: usize) -> &str {
    let start = text
        .char_indices()
        .rev()
        .nth(count - 1)
        .map_or(0, |(i, _)| i);
    &text[start..]
}

/// The first `count` characters of `text`.
fn first_chars(text: &str, count: usize) -> &str {
    let end = text
        .char_indices()
        .nth(count)
        .map_or(text.len(), |(i, _)| i);
    &text[..end]
}

impl<'a> Lines<'a> {
    fn split(text: &'a str) -> Lines<'a> {
        // One pass finds each line and what it holds.
        let mut lines = Vec::new();
        let mut start = 0;
        while start < text.len() {
            let (end, bits) = scan_to_line_break(text.as_bytes(), start);
            let mut line = Line::new(Cow::Borrowed(&text[start..end]));
            line.triggers = Some(Triggers::from_bits(bits));
            lines.push(line);
            start = end;
        }
        let breaks = lines.len().saturating_sub(1);
        Lines {
            lines,
            bad_across: vec![None; breaks],
            round_start: Vec::new(),
        }
    }

    /// Puts `fixed`, a fix of line `index`'s text that leaves its line
    /// break alone (and so what `newline` says of it), in its place;
    /// returns whether it differs.
    fn replace(&mut self, index: usize, fixed: String) -> Result<bool, NeedsWholeText> {
        let line = &self.lines[index];
        if fixed == *line.text {
            return Ok(false);
        }
        let newline = line.newline;
        if newline && without_line_break(&fixed).len() == fixed.len() {
            return Err(NeedsWholeText);
        }
        self.keep_round_start(index, (&fixed, newline), false)?;
        self.lines[index].text = Cow::Owned(fixed);
        self.lines[index].newline = newline;
        Ok(true)
    }

    /// Puts `fixed`, line `index` after the text fixes (which make its
    /// break `\n`), in its place.
    fn replace_fixed(&mut self, index: usize, fixed: String) -> Result<(), NeedsWholeText> {
        let line = &self.lines[index];
        if same_line((&fixed, false), (&line.text, line.newline)) {
            self.lines[index].text_fixes_done = true;
            return Ok(());
        }
        self.keep_round_start(index, (&fixed, false), false)?;
        self.lines[index].text = Cow::Owned(fixed);
        Ok(())
    }

    /// Puts `fixed`, which is line `index` with its line break made `\n`
    /// (and no other), in its place, keeping what is known about the
    /// line: no rule of badness, entity or run of mojibake ends in a line
    /// break, and both are spaces to those that end in any character.
    /// (Across the break, the characters differ, but a lone CR made `\n`
    /// makes no match where there was none: see
    /// [`line_feed_for_carriage_return_makes_no_match`].) Every codec
    /// encodes CR and `\n`, none U+2028 or U+2029.
    fn replace_line_break(&mut self, index: usize) -> Result<(), NeedsWholeText> {
        let line = &self.lines[index];
        let text = line.text.clone();
        let no_match_across_kept = (line.text.ends_with('\r')
            && line_feed_for_carriage_return_makes_no_match())
        .then(|| self.no_match_across_around(index));
        let kept = Line {
            bad: line.bad,
            codecs: line
                .codecs
                .filter(|_| line.text.ends_with('\r') || line.text.ends_with('\n')),
            // The break was the only one.
            triggers: line.triggers.map(|triggers| triggers.without(LINE_BREAKS)),
            entities_done: line.entities_done,
            runs_done: line.runs_done,
            // Only the line break was left to fix.
            text_fixes_done: true,
            ..Line::new(Cow::Borrowed(""))
        };
        self.keep_round_start(index, (&text, true), true)?;
        self.lines[index] = Line {
            text,
            newline: true,
            changed_in_round: true,
            ..kept
        };
        if let Some(kept) = no_match_across_kept {
            self.restore_no_match_across_around(index, kept);
        }
        Ok(())
    }

    /// Whether no match across the breaks before and after line `index`
    /// is known.
    fn no_match_across_around(&self, index: usize) -> (bool, bool) {
        let none_across = |at: Option<usize>| {
            at.and_then(|at| self.bad_across.get(at).copied().flatten()) == Some(false)
        };
        (none_across(index.checked_sub(1)), none_across(Some(index)))
    }

    /// Puts back what [`Lines::no_match_across_around`] knew for line
    /// `index`.
    fn restore_no_match_across_around(&mut self, index: usize, (before, after): (bool, bool)) {
        if before {
            self.bad_across[index - 1] = Some(false);
        }
        if after {
            self.bad_across[index] = Some(false);
        }
    }

    /// Checks that `fixed` (a text, and whether its break stands for
    /// `\n`), about to replace line `index`, is still one line of the
    /// text (`known_one_line` when that is known); keeps the line as it
    /// was when the round began, and forgets what the line was known to
    /// be.
    fn keep_round_start(
        &mut self,
        index: usize,
        (fixed, newline): (&str, bool),
        known_one_line: bool,
    ) -> Result<(), NeedsWholeText> {
        let last = index + 1 == self.lines.len();
        let starts_with_newline = |text: &str, newline: bool| {
            text.starts_with('\n') || (newline && without_line_break(text).is_empty())
        };
        // A CR at the end of the line before and a `\n` at the start of
        // this one would be one break (CRLF).
        let joins_previous = starts_with_newline(fixed, newline)
            && index > 0
            && !self.lines[index - 1].newline
            && self.lines[index - 1].text.ends_with('\r');
        let joins_next = !newline
            && fixed.ends_with('\r')
            && self
                .lines
                .get(index + 1)
                .is_some_and(|next| starts_with_newline(&next.text, next.newline));
        if !(known_one_line || is_one_line(fixed, last)) || joins_previous || joins_next {
            return Err(NeedsWholeText);
        }
        let line = &mut self.lines[index];
        if !line.changed_in_round {
            self.round_start
                .push((index, line.text.clone(), line.newline));
        }
        *line = Line::new(Cow::Borrowed(""));
        line.changed_in_round = true;
        if index > 0 {
            self.bad_across[index - 1] = None;
        }
        if !last {
            self.bad_across[index] = None;
        }
        Ok(())
    }

    /// The round of fixes, repeated until nothing changes, as
    /// [`super::rounds::Rounds::fix`] runs it on the whole text.
    fn fix_rounds(
        &mut self,
        config: &TextFixerConfig,
        decode_entities: bool,
    ) -> Result<(), NeedsWholeText> {
        let text_fixes = text_fix_steps(config);
        loop {
            if decode_entities {
                for index in 0..self.lines.len() {
                    if !self.lines[index].entities_done && !self.triggers(index).has(ENTITIES) {
                        self.lines[index].entities_done = true;
                    }
                    let line = &mut self.lines[index];
                    if line.entities_done {
                        continue;
                    }
                    match unescape_html(&line.text) {
                        Cow::Owned(fixed) => {
                            self.replace(index, fixed)?;
                        }
                        Cow::Borrowed(_) => line.entities_done = true,
                    }
                }
            }
            if config.fix_encoding {
                self.fix_encoding(config)?;
            }
            for index in 0..self.lines.len() {
                if self.lines[index].text_fixes_done {
                    continue;
                }
                let triggers = self.triggers(index);
                let line = &mut self.lines[index];
                if config.fix_line_breaks && only_line_break_to_fix(triggers) {
                    let body = before_line_break_to_fix(&line.text).filter(|body| {
                        triggers
                            .normalization(config)
                            .is_none_or(|form| normalize_keeps(body, form))
                    });
                    if body.is_some() {
                        self.replace_line_break(index)?;
                        continue;
                    }
                }
                let mut current = Cow::Borrowed(&*line.text);
                if apply_text_fixes(
                    &mut current,
                    triggers,
                    &text_fixes,
                    config,
                    &mut None,
                    &mut None,
                )
                .any()
                {
                    let fixed = current.into_owned();
                    self.replace_fixed(index, fixed)?;
                } else {
                    // (Text fixes that leave a line as stored leave it with
                    // `\n` for its break too.)
                    line.text_fixes_done = true;
                }
            }
            // The lines are the text's lines, so the text is unchanged
            // exactly when each line is.
            let mut unchanged = true;
            for (index, text, newline) in std::mem::take(&mut self.round_start) {
                let line = &mut self.lines[index];
                line.changed_in_round = false;
                unchanged &= same_line((&text, newline), (&line.text, line.newline));
            }
            if unchanged {
                return Ok(());
            }
        }
    }

    /// ftfy's `fix_encoding` on the whole text, as
    /// `crate::encoding::fix_one_step` takes its steps, with each decision
    /// about the whole made from the lines.
    fn fix_encoding(&mut self, config: &TextFixerConfig) -> Result<(), NeedsWholeText> {
        loop {
            if self.lines.iter().all(|line| line.body().is_ascii()) || !self.is_bad() {
                return Ok(());
            }
            // ftfy would re-encode the whole text with these codecs, and
            // re-decode it with the first that works; with Latin-1, it
            // would also try Windows-1252.
            let codecs = self.codecs_encoding_all();
            if codecs.contains(MisreadCodec::Latin1)
                || (!codecs.is_empty() && self.some_codec_decodes_all(codecs, config))
            {
                return Err(NeedsWholeText);
            }
            if config.decode_inconsistent_utf8 {
                let (mut decoded, mut changed) = (false, false);
                for index in 0..self.lines.len() {
                    if self.lines[index].runs_done || !self.may_hold_bad_runs(index) {
                        self.lines[index].runs_done = true;
                        continue;
                    }
                    let line = &mut self.lines[index];
                    match decode_inconsistent_utf8_in(&line.text, true) {
                        Cow::Owned(fixed) => {
                            decoded = true;
                            changed |= self.replace(index, fixed)?;
                        }
                        Cow::Borrowed(_) => line.runs_done = true,
                    }
                }
                match (decoded, changed) {
                    (_, true) => continue,
                    // A step that changes nothing ends ftfy's loop.
                    (true, false) => return Ok(()),
                    (false, false) => {}
                }
            }
            if config.fix_c1_controls
                && (0..self.lines.len()).any(|index| self.triggers(index).has(C1_CONTROLS))
            {
                let mut changed = false;
                for index in 0..self.lines.len() {
                    if !self.triggers(index).has(C1_CONTROLS) {
                        continue;
                    }
                    if let Cow::Owned(fixed) = fix_c1_controls(&self.lines[index].text) {
                        changed |= self.replace(index, fixed)?;
                    }
                }
                if changed {
                    continue;
                }
            }
            return Ok(());
        }
    }

    /// Whether fixing line `index` on its own, as a second run of
    /// `fix_text` would, is sure to leave it as it is, and it holds no `<`
    /// to change how later lines are fixed: text fixes and normalization
    /// are known to leave it alone, it does not look bad on its own, and
    /// it holds no `&`, or entities were decoded in it. (A second run
    /// decides afresh where entities are decoded: in lines before the
    /// first `<`, even when the segment held one.)
    fn settled(&mut self, index: usize, config: &TextFixerConfig, decode_entities: bool) -> bool {
        let entities = self.triggers(index).has(ENTITIES);
        let line = &self.lines[index];
        if !line.text_fixes_done
            || (entities && !(decode_entities && line.entities_done))
            || line.text.contains('<')
        {
            return false;
        }
        // On its own, the line is the start of a text.
        let starts_bad = matches!(line.text.as_bytes(), [0xC3, 0x82 | 0x83, b' ', ..]);
        !config.fix_encoding || !(starts_bad || self.line_is_bad(index))
    }

    /// What line `index` holds that some fix may change.
    fn triggers(&mut self, index: usize) -> Triggers {
        let line = &mut self.lines[index];
        *line
            .triggers
            .get_or_insert_with(|| Triggers::scan(&line.text))
    }

    /// Whether `decode_inconsistent_utf8` might change line `index`: it
    /// changes only runs of mojibake that look bad on their own, and a
    /// match within a run is a match within the line, except for the rule
    /// anchored at the start of the text (`Ã ` or `Â ` starting a run).
    fn may_hold_bad_runs(&mut self, index: usize) -> bool {
        starts_anchored_rule_somewhere(&self.lines[index].text) || self.line_is_bad(index)
    }

    /// Whether a badness rule matches within line `index` (the anchored
    /// rule only in the first line).
    fn line_is_bad(&mut self, index: usize) -> bool {
        // Every match holds an anchor character.
        if !self.triggers(index).has(MAY_BE_BAD) {
            return false;
        }
        let line = &mut self.lines[index];
        *line.bad.get_or_insert_with(|| {
            if index == 0 {
                is_bad(&line.text)
            } else {
                is_bad_within(&line.text)
            }
        })
    }

    /// ftfy's `is_bad` on the whole text.
    fn is_bad(&mut self) -> bool {
        for index in 0..self.lines.len() {
            if self.line_is_bad(index) || (index + 1 < self.lines.len() && self.bad_across(index)) {
                return true;
            }
        }
        false
    }

    /// Whether a badness rule matches across the break after line `index`:
    /// the match lies within the last and first few characters around it.
    fn bad_across(&mut self, index: usize) -> bool {
        if let Some(bad) = self.bad_across[index] {
            return bad;
        }
        // Every match holds an anchor character.
        if !(self.triggers(index).has(MAY_BE_BAD) || self.triggers(index + 1).has(MAY_BE_BAD)) {
            return false;
        }
        let mut window = String::new();
        self.lines[index].push_tail(LONGEST_RULE, &mut window);
        self.lines[index + 1].push_head(LONGEST_RULE, &mut window);
        // Every rule holds a non-ASCII character.
        let bad = !window.is_ascii() && is_bad_within(&window);
        self.bad_across[index] = Some(bad);
        bad
    }

    /// Whether one of `codecs` (each encodes every line) re-decodes the
    /// whole text, as the first step of fixing tries. The whole's bytes
    /// are the lines' bytes end to end, and neither the byte repairs nor
    /// UTF-8 decoding look across a line break (an ASCII byte that none of
    /// their patterns holds, and that no variant form of UTF-8 does), so
    /// the whole decodes exactly when every line does on its own: the
    /// first line that fails rules a codec out. (Text whose sloppy
    /// codecs' bytes never decode, such as U+FFFD between line separators,
    /// was fixed whole, encoded once per codec at every step.)
    fn some_codec_decodes_all(&self, codecs: CodecSet, config: &TextFixerConfig) -> bool {
        codecs.iter().any(|codec| {
            let decodes = |line: &Line| {
                let mut bytes = encode_encodable(line.body(), codec);
                if line.newline {
                    bytes.push(b'\n');
                }
                reinterprets(&bytes, codec, config)
            };
            self.lines.iter().all(decodes)
        })
    }

    /// The codecs that can encode every line.
    fn codecs_encoding_all(&mut self) -> CodecSet {
        let mut codecs = CodecSet::UNDONE;
        for line in &mut self.lines {
            if line.codecs.is_none() {
                line.codecs = Some(codecs_encoding(line.body()));
            }
            codecs &= line.codecs.unwrap_or(CodecSet::EMPTY);
            if codecs.is_empty() {
                break;
            }
        }
        codecs
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::pipeline::rounds::{fix_rounds, fix_rounds_ending};
    use crate::pipeline::Triggers;
    use crate::{Normalization, UnescapeHtml};
    use proptest::prelude::*;

    /// Pieces of text that make every fix and every whole-text decision
    /// work: line breaks of each kind, mojibake that one codec encodes and
    /// text no codec encodes, C1 controls, entities (some decoding to line
    /// breaks), characters of the badness rules next to a break.
    pub(crate) const PIECES: &[&str] = &[
        "\r",
        "\r",
        "\n",
        "\u{2028}",
        "\u{2029}",
        "\r\n",
        "\u{85}",
        " ",
        "a",
        "x ",
        "Ã",
        "Â",
        "Ã ",
        "Ã©",
        "â€™",
        "â€",
        "Ã¼ber",
        "cafÃ©",
        "ÃƒÂ©",
        "Ð¿Ñ€Ð¸",
        "Ã\u{a0}",
        "ГўВЂВ",
        "Гў",
        "В",
        "Ђ",
        "Œ",
        "œ",
        "€",
        "É",
        "°",
        "日本",
        "中文",
        "Привет",
        "Ω",
        "é",
        "\u{301}",
        "e\u{301}",
        "\u{93}",
        "\u{94}",
        "\u{81}",
        "&amp;",
        "&#13;",
        "&#10;",
        "&#8232;",
        "&lt;",
        "<b>",
        "&",
        "\u{1b}[1m",
        "\u{1b}",
        "ﬁ",
        "Ｆｕｌｌ",
        "“",
        "‘",
        "\u{0}",
        "\u{7f}",
        "\u{fffd}",
        "\u{1a}",
        "Ø§Ù„",
        "Ã¡",
        "ā€",
        "β€™",
    ];

    /// What badness rules match across a line break, and what fixes it.
    const ACROSS_BREAKS: &[&str] = &[
        "\r",
        "\u{2028}",
        "a",
        " ",
        "Ã ",
        "Â ",
        "Ã",
        "€",
        "É",
        "Œ",
        "ГўВЂВ",
        "x",
    ];

    /// Picks of both lists, the shorter one three times as often.
    fn picks() -> impl Strategy<Value = Vec<&'static str>> {
        let piece = prop_oneof![
            3 => proptest::sample::select(ACROSS_BREAKS),
            1 => proptest::sample::select(PIECES),
        ];
        proptest::collection::vec(piece, 0..40)
    }

    fn configs() -> Vec<TextFixerConfig> {
        let default = TextFixerConfig::default();
        vec![
            default.clone(),
            default.clone().fix_line_breaks(false),
            default.clone().fix_c1_controls(false),
            default.clone().decode_inconsistent_utf8(false),
            default.clone().normalization(Some(Normalization::Nfkc)),
            default.clone().unescape_html(UnescapeHtml::Always),
            default
                .clone()
                .uncurl_quotes(false)
                .fix_latin_ligatures(false),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(10_000))]

        /// Where the lines are fixed one at a time, the result is what
        /// fixing the whole text gives. A line no codec encodes, somewhere,
        /// keeps most cases from going back to the whole text.
        #[test]
        fn by_lines_equals_whole(
            picks in picks(),
            unencodable_at in proptest::option::of(0..40usize),
            config_index in 0..7usize,
            decode_entities: bool,
        ) {
            let mut text: String = picks.concat();
            if let Some(at) = unencodable_at {
                let at = text.char_indices().nth(at).map_or(text.len(), |(i, _)| i);
                text.insert_str(at, "\r日本\r");
            }
            let config = &configs()[config_index];
            let whole = fix_rounds(&text, Triggers::scan(&text), false, config, decode_entities, None);
            if let Some(by_lines) = fix_by_lines(&text, config, decode_entities, 1) {
                prop_assert_eq!(by_lines.text.as_ref(), whole.as_ref(), "{:?}", text);
                // Lines called settled stay as they are when fixed again.
                let Unsettled::Within(unsettled) = &by_lines.unsettled else {
                    panic!("ranges from fix_by_lines");
                };
                prop_assert!(config.fix_line_breaks || unsettled.len() == 1);
                let fixed = by_lines.text.as_ref();
                let mut settled_from = 0;
                for range in unsettled.iter().chain([&(fixed.len()..fixed.len())]) {
                    let settled = &fixed[settled_from..range.start];
                    for line in settled.split_inclusive('\n') {
                        prop_assert!(!line.contains('<'));
                        // A second run may decode entities where the
                        // segment did not.
                        for decode_entities in [false, true] {
                            let again = fix_rounds(line, Triggers::scan(line), false, config, decode_entities, None);
                            prop_assert_eq!(again.as_ref(), line, "{:?} in {:?}", line, text);
                        }
                    }
                    settled_from = range.end;
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(10_000))]

        /// The lines that [`unsettled_lines_of_fixed`] leaves out of a
        /// segment fixed whole stay as they are when fixed again on their
        /// own, with or without entities. The text is
        /// pieces and characters of the upper half of Latin-1 (C1 controls
        /// among them), whose fixes make lines that look bad and hold
        /// nothing left to fix.
        #[test]
        fn settled_lines_of_fixed_stay_fixed(
            picks in proptest::collection::vec(
                prop_oneof![
                    2 => proptest::sample::select(PIECES).prop_map(str::to_string),
                    1 => proptest::sample::select(ACROSS_BREAKS).prop_map(str::to_string),
                    3 => proptest::char::range('\u{80}', '\u{ff}').prop_map(String::from),
                ],
                0..40,
            ),
            config_index in 0..7usize,
            decode_entities: bool,
        ) {
            let text: String = picks.concat();
            let config = &configs()[config_index];
            let (fixed, end) = fix_rounds_ending(&text, Triggers::scan(&text), false, config, decode_entities, None);
            let Some(unsettled) = unsettled_lines_of_fixed(&fixed, config, decode_entities, end) else {
                return Ok(());
            };
            let mut settled_from = 0;
            for range in unsettled.iter().chain([&(fixed.len()..fixed.len())]) {
                for line in fixed[settled_from..range.start].split_inclusive('\n') {
                    for decode_entities in [false, true] {
                        let again = fix_rounds(line, Triggers::scan(line), false, config, decode_entities, None);
                        prop_assert_eq!(again.as_ref(), line, "{:?} in {:?}", line, text);
                    }
                }
                settled_from = range.end;
            }
        }
    }

    /// ftfy 6.3.1 decodes the entity to `\n` and finds the text not bad;
    /// the second line, on its own, is (the rule anchored at the start of
    /// a text), so ftfy's second run fixes it: that is `fix_text`'s answer.
    /// Found not bad, the whole says nothing of its lines.
    #[test]
    fn a_line_bad_only_on_its_own_is_fixed_again() {
        assert_eq!(crate::fix_text("日本&#10;Ã 日本"), "日本\nà 日本");
    }

    proptest! {
        /// The one-pass split cuts where `next_break` does, and gives
        /// each line the triggers of its own scan.
        #[test]
        fn split_cuts_at_each_break(picks in picks()) {
            let text: String = picks.concat();
            let lines = Lines::split(&text);
            let mut rest = text.as_str();
            for line in &lines.lines {
                let end = next_break(rest).unwrap_or(rest.len());
                prop_assert_eq!(&*line.text, &rest[..end]);
                prop_assert!(line.triggers == Some(Triggers::scan(&line.text)));
                rest = &rest[end..];
            }
            prop_assert!(rest.is_empty());
        }
    }

    #[test]
    fn lines_are_cut_after_each_break() {
        let lines = Lines::split("a\rb\r\nc\u{2028}d\ne");
        let texts: Vec<&str> = lines.lines.iter().map(|line| &*line.text).collect();
        assert_eq!(texts, ["a\r", "b\r\n", "c\u{2028}", "d\n", "e"]);
    }

    #[test]
    fn badness_across_a_break_counts() {
        // No line looks bad alone, but `x\rÃ ` does: ftfy 6.3.1 fixes the
        // `Ã ` as a run of mojibake (expected values from ftfy 6.3.1).
        let config = TextFixerConfig::default();
        for (text, fixed) in [
            ("日本\rx\rÃ x", "日本\nx\nà x"),
            ("x\rÃ x\r中", "x\nà x\n中"),
        ] {
            assert_eq!(fix_by_lines(text, &config, true, 1).unwrap().text, fixed);
        }
    }

    #[test]
    fn mojibake_across_lines_is_fixed_as_ftfy_fixes_the_whole() {
        // Two lines of mojibake and one of text no codec encodes: ftfy
        // 6.3.1 fixes the runs of mojibake in place (its answer).
        let text = "cafÃ© au lait\rÃ¼ber alles\r日本語のテキスト\r";
        let config = TextFixerConfig::default();
        let by_lines = fix_by_lines(text, &config, true, 1).expect("no codec encodes it all");
        assert_eq!(
            by_lines.text,
            "café au lait\nüber alles\n日本語のテキスト\n"
        );
    }

    #[test]
    fn text_one_codec_encodes_is_left_to_the_whole() {
        let config = TextFixerConfig::default();
        assert!(fix_by_lines("cafÃ© au lait\rÃ¼ber alles\r", &config, true, 1).is_none());
    }
}
