//! `fix_encoding`'s steps once all they can do is fix runs of mojibake,
//! taken stretch by stretch rather than each over the whole text.
//!
//! Each step of a chain is [`decode_inconsistent_utf8`] when no codec of
//! [`UNDONE_CODECS`](crate::codecs::UNDONE_CODECS) re-decodes the whole
//! text, that changes it, and the text is bad. The first is proven, per
//! codec, by a character it does not encode or two side by side that its
//! UTF-8 cannot hold, whatever the repairs do ([`count_failure_proofs`]);
//! the proofs are counted in the text the chain starts from and then as
//! each step changes them, and the chain is taken here only if every
//! codec keeps one up to its last step. A character that no codec encodes
//! and no run holds, such as `ܿ`, `中` or an emoji, *pins* the text: it is
//! a proof for every codec that stays, and nothing need be counted. A
//! chain that nothing pins needs the count: `Ãƒž` repeated leaves `ÞÞ`
//! behind each step, which Latin-1 and Windows-1252 encode as a lead byte
//! before a byte that does not continue it. (ftfy also fixes only runs
//! shorter than the text, which a stretch with nothing around it may not
//! be.) The text is bad when a run a step fixes is bad by a rule other
//! than the one anchored at the text's start (no other looks past what it
//! matches). A run bad only by that rule, such as `Ã ` after other text,
//! leaves it unsure whether the text is bad: the steps are then left to
//! the caller, as they are when a proof runs out, and the caller also
//! takes every step once runs are all fixed (C1 controls may come next).
//!
//! No run holds a *barrier* character (one that can be in no run, see
//! [`is_barrier_char`]), nor starts depending on one, so the stretches of
//! text between barriers change, step by step, each on its own; the text
//! takes as many steps as its slowest stretch. Within a stretch, a step's
//! search for runs starts where an earlier search was outside a run, a
//! step's reach before anything changed since (so the text before it, and
//! the runs there, are as they were: none fixed), and stops where it is
//! in step again with the earlier searches past the last run fixed, in
//! text unchanged since. The text before the first run a step fixes
//! becomes the stretch's prefix, which later steps do not copy: the
//! text's own, borrowed, then what earlier steps made, growing at its end
//! as the chain moves on (with no barrier to cut the stretch, as in `Ãƒž`
//! repeated, the changed text would otherwise pile up in the head, copied
//! and searched at every step). So on text like `Ãœ¿` repeated, where
//! each step fixes one run that makes the next (or `•ßÂ\u{85}Ç`, where
//! the chain runs leftward), a step costs a few characters rather than
//! the whole text, and the steps that ftfy takes in time quadratic in the
//! text take linear time.
//!
//! [`decode_inconsistent_utf8`]: super::repairs::decode_inconsistent_utf8

use std::collections::VecDeque;
use std::ops::Range;

use super::repairs::{parts_around, RecentRuns};
use super::runs::{is_barrier_char, next_run_starting_before};
use crate::codecs::undone::{
    codecs_encoding, count_failure_proofs, failure_proofs_exceed, FailureProofs,
};
use crate::text::{char_boundary_at_or_after, char_boundary_at_or_before};

/// Whether `c` *pins* a text: no codec encodes it, and no run holds it.
pub(super) fn pins(c: char) -> bool {
    !c.is_ascii() && is_barrier_char(c) && codecs_encoding(c.encode_utf8(&mut [0; 4])).is_empty()
}

/// What [`settle_runs`] made of a text.
#[derive(Debug, PartialEq)]
pub(super) enum Settled {
    /// No step would fix a run.
    Unchanged,
    /// The text after every step that fixes runs, and how many there are.
    Changed { text: String, steps: usize },
    /// A run fixed is bad only at the start of a text, or a codec has
    /// no proof of failure before some step (see the module's
    /// documentation): the steps must be taken one by one.
    Unsure,
}

/// `text` after every step of `fix_encoding` that fixes runs of
/// mojibake, after a step that did. Runs are searched for only
/// around the `changed` ranges: elsewhere a search found none that would
/// be fixed. `pinned` says that a character [`pins`] the text.
pub(super) fn settle_runs(text: &str, changed: &[Range<usize>], pinned: bool) -> Settled {
    let mut settled = String::new();
    // Up to where `text` is in `settled`.
    let mut copied = 0;
    let mut most_steps = 0;
    // A pinned text needs no count: what pins it is a proof for every
    // codec, and stays.
    let mut search = Search {
        proofs: (!pinned).then(ProofsByStep::default),
        ..Search::default()
    };
    for part in parts_around(text, changed) {
        let around = (
            text[..part.start].chars().next_back(),
            text[part.end..].chars().next(),
        );
        let steps = search.settle(
            &text[part.clone()],
            around,
            &text[copied..part.start],
            &mut settled,
        );
        if search.unsure {
            return Settled::Unsure;
        }
        if steps > 0 {
            most_steps = most_steps.max(steps);
            copied = part.end;
        }
    }
    if most_steps == 0 {
        return Settled::Unchanged;
    }
    if search
        .proofs
        .is_some_and(|proofs| !proofs.hold_before(text, most_steps))
    {
        return Settled::Unsure;
    }
    settled.push_str(&text[copied..]);
    Settled::Changed {
        text: settled,
        steps: most_steps,
    }
}

/// How far past where it starts a search for runs looks: a step of a run
/// is at most four characters of at most three bytes.
const LOOKS_AHEAD: usize = 16;

/// A stretch of text on its way to being settled: `prefix`, text before
/// the first run the last step fixed, whose search starts at the last of
/// `resume_points`; `head`, what steps have changed since; `tail`, text
/// no step has changed.
/// (Positions are the head's but for `resume_points`.)
struct Stretch<'a> {
    prefix: Prefix<'a>,
    /// Where in `prefix` a search may start, in order: positions where
    /// some search was outside a run, past runs none of which was fixed,
    /// and more than a step's reach before anything changed since (a
    /// search that starts there finds what a search from the start
    /// would). The next search starts at the last (at 0 if none).
    resume_points: Vec<usize>,
    head: String,
    tail: &'a str,
    /// The characters just before and after it in the text, if any: a
    /// barrier, or text no step changes.
    before: Option<char>,
    after: Option<char>,
    /// The steps that changed it (or the stretch it was cut from).
    steps: usize,
    /// What the last step's search found, if a step searched it.
    last_search: Option<LastSearch>,
}

/// A stretch's text before its head, which no step has changed since it
/// became prefix: the text's own, borrowed, then what earlier steps made
/// (text before the first run a step fixed), owned and growing at its end
/// as a chain moves on.
#[derive(Default)]
struct Prefix<'a> {
    borrowed: &'a str,
    owned: String,
}

impl Prefix<'_> {
    fn len(&self) -> usize {
        self.borrowed.len() + self.owned.len()
    }

    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The character that ends at byte `at`.
    fn char_before(&self, at: usize) -> Option<char> {
        match at.checked_sub(self.borrowed.len()) {
            Some(in_owned) if in_owned > 0 => self.owned[..in_owned].chars().next_back(),
            _ => self.borrowed[..at].chars().next_back(),
        }
    }

    /// Pushes the prefix from byte `from` on to `to`.
    fn push_from(&self, from: usize, to: &mut String) {
        match from.checked_sub(self.borrowed.len()) {
            None => {
                to.push_str(&self.borrowed[from..]);
                to.push_str(&self.owned);
            }
            Some(in_owned) => to.push_str(&self.owned[in_owned..]),
        }
    }

    /// Cuts the prefix to its first `len` bytes.
    fn truncate(&mut self, len: usize) {
        match len.checked_sub(self.borrowed.len()) {
            None => {
                self.borrowed = &self.borrowed[..len];
                self.owned.clear();
            }
            Some(in_owned) => self.owned.truncate(in_owned),
        }
    }
}

/// What the searches of the steps so far tell of the text past the last
/// run fixed: where a search may start and find only runs that are not
/// fixed, which the next step's search uses to know when it is in step
/// with them again.
struct LastSearch {
    /// Where the last run that the last step fixed ends, now (in `head`
    /// and `tail` as one): the text from there on is as its search saw it.
    fixed_end: usize,
    /// Where searching is not known to find nothing: the positions inside
    /// these spans (open at both ends), in order and apart, each at its
    /// stored positions plus `shift` (the steps after move them all alike,
    /// so they are stored once and never moved). Every other position
    /// from the character after `fixed_end` on is one where some step's
    /// search was, outside a run, and found only runs not fixed from
    /// there on, in text that has not changed since.
    unknown: VecDeque<(isize, isize)>,
    shift: isize,
}

impl LastSearch {
    /// The span of `unknown` at `index`, where it is now.
    fn unknown_span(&self, index: usize) -> Option<(usize, usize)> {
        let &(start, end) = self.unknown.get(index)?;
        Some(((start + self.shift) as usize, (end + self.shift) as usize))
    }
}

/// What is left to settle, in order of the text, last first.
enum Pending<'a> {
    Stretch(Stretch<'a>),
    /// Barrier characters, copied as they are.
    Barriers(String),
}

/// What one step made of a stretch (whose `prefix`, `last_search` and
/// `resume_points` it updates, in the new head's and prefix's positions):
/// the new head.
struct Stepped {
    head: String,
    /// Where in the old tail the new one starts.
    tail_from: usize,
}

/// What the steps share: the fixes of recent runs, and the buffer that a
/// stretch is searched in.
#[derive(Default)]
struct Search {
    recent: RecentRuns,
    window: String,
    runs: Vec<(usize, usize)>,
    /// Buffers for the spans where searching is not known to find nothing
    /// (see [`LastSearch`]): before a step, and found by it.
    was_unknown: Vec<(usize, usize)>,
    unknown: Vec<(isize, isize)>,
    /// Whether a run fixed was bad only as the start of a text.
    unsure: bool,
    /// The proofs of failure, unless the text is pinned.
    proofs: Option<ProofsByStep>,
    /// The runs a step fixed, as (in the window, in the new head) ranges.
    fixed_runs: Vec<(Range<usize>, Range<usize>)>,
}

impl Search {
    /// Takes the steps that change `part` (a part of the text outside
    /// which no run will change) and pushes `before` and what `part`
    /// becomes to `settled`; returns how many steps that took (0: nothing
    /// is pushed).
    fn settle(
        &mut self,
        part: &str,
        (before_part, after_part): (Option<char>, Option<char>),
        before: &str,
        settled: &mut String,
    ) -> usize {
        let mut whole_part = Stretch {
            prefix: Prefix::default(),
            resume_points: Vec::new(),
            head: String::new(),
            tail: part,
            before: before_part,
            after: after_part,
            steps: 0,
            last_search: None,
        };
        let Some(first_step) = self.step(&mut whole_part) else {
            return 0;
        };
        settled.push_str(before);
        let mut first_step = Some(first_step);
        let mut most_steps = 0;
        let mut pending = vec![Pending::Stretch(whole_part)];
        while let Some(next) = pending.pop() {
            let mut stretch = match next {
                Pending::Barriers(barriers) => {
                    settled.push_str(&barriers);
                    continue;
                }
                Pending::Stretch(stretch) => stretch,
            };
            loop {
                let Some(stepped) = first_step.take().or_else(|| self.step(&mut stretch)) else {
                    if self.unsure {
                        return 0;
                    }
                    settled.push_str(stretch.prefix.borrowed);
                    settled.push_str(&stretch.prefix.owned);
                    settled.push_str(&stretch.head);
                    settled.push_str(stretch.tail);
                    most_steps = most_steps.max(stretch.steps);
                    break;
                };
                match cut_at_barriers(&mut stretch, stepped, settled, &mut pending) {
                    Some(continued) => stretch = continued,
                    None => break,
                }
            }
        }
        most_steps
    }

    /// One step of `fix_encoding` on a stretch: its runs fixed, or `None`
    /// when it has none that would be. Updates the stretch's
    /// `last_search` to this step's.
    fn step<'a>(&mut self, stretch: &mut Stretch<'a>) -> Option<Stepped> {
        let found = self.search_runs(stretch);
        let tail: &'a str = stretch.tail;
        let window = found.window(&stretch.head, tail, &self.window);
        // (ftfy fixes a run only if it is shorter than the text, which a
        // stretch with nothing around it may be.)
        let alone =
            stretch.before.is_none() && stretch.after.is_none() && found.taken == tail.len();
        let fixed = FixedRuns::of(
            window,
            &self.runs,
            &found,
            alone,
            &mut self.recent,
            &mut self.fixed_runs,
            self.proofs.is_some(),
        );
        let mut fixed = match fixed {
            Ok(fixed) => fixed?,
            Err(Unsure) => {
                self.unsure = true;
                return None;
            }
        };
        // Where the new head starts in the window.
        let base = self.runs[fixed.first].0;
        keep_resume_points(
            &mut stretch.resume_points,
            &found,
            window,
            &self.runs[..fixed.first],
            base,
        );
        let head_end = found.offset + stretch.head.len();
        let cut = self.runs[fixed.last].1.max(head_end);
        fixed.head.push_str(&window[fixed.copied..cut]);
        if let Some(proofs) = self.proofs.as_mut() {
            let around = (
                match found.lead {
                    0 => stretch.before,
                    lead => stretch.prefix.char_before(lead),
                },
                tail[found.taken..].chars().next().or(stretch.after),
            );
            let step = stretch.steps + 1;
            count_proofs(proofs, step, window, around, &self.fixed_runs, &fixed.head);
        }
        // The new prefix: the text before the first run fixed, now past
        // the old head when the chain has moved on.
        let prefix_end = found.lead + base;
        let prefix = &mut stretch.prefix;
        if prefix_end <= prefix.len() {
            prefix.truncate(prefix_end);
        } else if prefix.is_empty() && stretch.head.is_empty() {
            prefix.borrowed = &tail[..base];
        } else {
            prefix.owned.push_str(&window[found.offset..base]);
        }
        let window_len = window.len();
        let last = stretch.last_search.take();
        let search = self.next_last_search(last, &found, window_len, &fixed, base);
        stretch.last_search = Some(search);
        Some(Stepped {
            head: fixed.head,
            tail_from: cut - head_end,
        })
    }

    /// Searches a stretch for runs into `self.runs`, in as much of its
    /// tail as the runs found need (pieced together in `self.window` with
    /// the prefix and head when there is more than one).
    fn search_runs(&mut self, stretch: &Stretch<'_>) -> Found {
        let Stretch {
            prefix,
            resume_points,
            head,
            tail,
            last_search,
            ..
        } = stretch;
        let resume_at = resume_points.last().copied().unwrap_or(0);
        // The search starts at `resume_at`, with the character before it
        // in the window for the look-behind.
        let lead = prefix
            .char_before(resume_at)
            .map_or(resume_at, |c| resume_at - c.len_utf8());
        // From the character after the last run that the last step fixed,
        // the text is as that step's search saw it: at a position there
        // where neither search is inside a run, the two are in step, and
        // this one would find nothing that one did not (and left unfixed).
        let in_step_from = last_search
            .as_ref()
            .map(|last| last.fixed_end + char_length_at(head, tail, last.fixed_end));
        let taken = match in_step_from {
            Some(from) => {
                char_boundary_at_or_after(tail, (from + 2 * LOOKS_AHEAD).saturating_sub(head.len()))
            }
            None => tail.len(),
        };
        let mut found = Found {
            lead,
            offset: prefix.len() - lead,
            search_from: resume_at - lead,
            in_step_from,
            taken,
            passed: 0,
        };
        loop {
            if found.pieced(head) {
                self.window.clear();
                prefix.push_from(lead, &mut self.window);
                self.window.push_str(head);
                self.window.push_str(&tail[..found.taken]);
            }
            let window = found.window(head, tail, &self.window);
            let whole = found.taken == tail.len();
            if let Some(passed) =
                find_runs(window, whole, &found, last_search.as_ref(), &mut self.runs)
            {
                found.passed = passed;
                return found;
            }
            found.taken = char_boundary_at_or_after(tail, 2 * found.taken + 2 * LOOKS_AHEAD);
        }
    }

    /// What the next step's search needs to know of this one's (see
    /// [`LastSearch`]). Past the last run fixed, a position is known now
    /// where this search was outside a run, or where it was known before:
    /// what is unknown is inside this search's runs and was unknown before
    /// (everything before `in_step_from` was). The spans past where the
    /// search stopped stay as they were. (In the window, the old spans are
    /// `offset` further on; in the new head, `base` back.)
    fn next_last_search(
        &mut self,
        last: Option<LastSearch>,
        found: &Found,
        window_len: usize,
        fixed: &FixedRuns,
        base: usize,
    ) -> LastSearch {
        let Search {
            runs,
            was_unknown,
            unknown,
            ..
        } = self;
        let offset = found.offset;
        let mut search = last.unwrap_or(LastSearch {
            fixed_end: 0,
            unknown: VecDeque::new(),
            shift: 0,
        });
        was_unknown.clear();
        was_unknown.push((
            0,
            found.in_step_from.map_or(window_len, |from| from + offset),
        ));
        for index in 0..found.passed {
            let (start, end) = search.unknown_span(index).expect("a span passed");
            let (start, end) = (start + offset, end + offset);
            // (The first may reach back before `in_step_from`.)
            match was_unknown.last_mut() {
                Some(last) if start < last.1 => last.1 = last.1.max(end),
                _ => was_unknown.push((start, end)),
            }
        }
        unknown.clear();
        let mut next_unknown = 0;
        let stored = search.shift + offset as isize;
        for &(start, end) in &runs[fixed.last + 1..] {
            while was_unknown
                .get(next_unknown)
                .is_some_and(|&(_, until)| until <= start)
            {
                next_unknown += 1;
            }
            for &(from, until) in was_unknown[next_unknown..]
                .iter()
                .take_while(|&&(from, _)| from < end)
            {
                let (from, until) = (from.max(start), until.min(end));
                // A span of one byte holds no position.
                if until > from + 1 {
                    unknown.push((from as isize - stored, until as isize - stored));
                }
            }
        }
        search.unknown.drain(..found.passed);
        for &span in unknown.iter().rev() {
            search.unknown.push_front(span);
        }
        let last_fixed_end = runs[fixed.last].1;
        search.shift += offset as isize + fixed.growth - base as isize;
        search.fixed_end = (last_fixed_end as isize + fixed.growth - base as isize) as usize;
        search
    }
}

/// Where a step's search looked: a window made of the stretch's prefix
/// from `lead` on, its head (from `offset` in the window) and its tail up
/// to `taken`.
struct Found {
    lead: usize,
    offset: usize,
    /// Where in the window the search starts.
    search_from: usize,
    /// Where, in the head and tail, this search and the last are in step
    /// (see [`Search::search_runs`]).
    in_step_from: Option<usize>,
    taken: usize,
    /// How many of the last search's unknown spans this one passed.
    passed: usize,
}

impl Found {
    /// Whether the window is pieced together from more than one part of
    /// the stretch (else it is borrowed).
    fn pieced(&self, head: &str) -> bool {
        self.offset != 0 || (!head.is_empty() && self.taken != 0)
    }

    /// The window, given the stretch's head and tail and the buffer it
    /// was pieced together in.
    fn window<'w>(&self, head: &'w str, tail: &'w str, buffer: &'w str) -> &'w str {
        if self.offset == 0 && head.is_empty() {
            &tail[..self.taken]
        } else if self.taken == 0 && self.offset == 0 {
            head
        } else {
            buffer
        }
    }
}

/// Finds the runs in `window` (the whole of the text when `whole`) from
/// where `found` says the search starts to where it is in step with the
/// last search, into `runs`: the number of the last search's unknown
/// spans passed, or `None` when the runs found need more of the text.
fn find_runs(
    window: &str,
    whole: bool,
    found: &Found,
    last_search: Option<&LastSearch>,
    runs: &mut Vec<(usize, usize)>,
) -> Option<usize> {
    runs.clear();
    let offset = found.offset;
    let mut from = found.search_from;
    let mut passed = 0;
    loop {
        // The first position from `from` on where the two searches are in
        // step (the end, with no last search).
        let in_step_at = match (last_search, found.in_step_from) {
            (Some(last), Some(in_step_from)) => {
                let at = from.max(in_step_from + offset);
                while last
                    .unknown_span(passed)
                    .is_some_and(|(_, end)| end + offset <= at)
                {
                    passed += 1;
                }
                match last.unknown_span(passed) {
                    Some((start, end)) if start + offset < at => end + offset,
                    _ => at,
                }
            }
            _ => window.len(),
        };
        if in_step_at == from {
            return Some(passed);
        }
        if !whole && in_step_at + LOOKS_AHEAD > window.len() {
            return None;
        }
        let Some((start, end)) = next_run_starting_before(window, from, in_step_at) else {
            return Some(passed);
        };
        if !whole && end + LOOKS_AHEAD > window.len() {
            return None;
        }
        runs.push((start, end));
        from = end;
    }
}

/// A run fixed was bad only as the start of a text: the steps must be
/// taken one by one.
struct Unsure;

/// The runs a step fixes: the new head up to the end of the last run
/// fixed, as far as `copied` in the window.
struct FixedRuns {
    head: String,
    copied: usize,
    /// How much longer the new head is than what it replaced.
    growth: isize,
    /// The first and last of the runs found that were fixed.
    first: usize,
    last: usize,
}

impl FixedRuns {
    /// Each run of `runs` found in `window` fixed, looked up once in
    /// `recent`: the text before the first has not changed, and is the new
    /// prefix. `None` when none is fixed; `alone`: the window is the whole
    /// text. When `note_runs`, `fixed_runs` gets each run fixed, as (in
    /// the window, in the new head) ranges.
    fn of(
        window: &str,
        runs: &[(usize, usize)],
        found: &Found,
        alone: bool,
        recent: &mut RecentRuns,
        fixed_runs: &mut Vec<(Range<usize>, Range<usize>)>,
        note_runs: bool,
    ) -> Result<Option<FixedRuns>, Unsure> {
        let mut fixed_head = String::new();
        let mut copied = 0;
        let mut growth = 0isize;
        let mut first_fixed = None;
        let mut last_fixed = None;
        fixed_runs.clear();
        for (index, &(start, end)) in runs.iter().enumerate() {
            // (ftfy fixes a run only if it is shorter than the text.)
            if alone && found.lead + start == 0 && end == window.len() {
                continue;
            }
            let Some((fixed, bad_within)) = recent.fixed_and_bad_within(&window[start..end]) else {
                continue;
            };
            if !bad_within {
                return Err(Unsure);
            }
            if first_fixed.is_none() {
                first_fixed = Some(index);
                copied = start;
            }
            fixed_head.push_str(&window[copied..start]);
            let new_start = fixed_head.len();
            fixed_head.push_str(fixed);
            if note_runs {
                fixed_runs.push((start..end, new_start..fixed_head.len()));
            }
            copied = end;
            growth += fixed.len() as isize - (end - start) as isize;
            last_fixed = Some(index);
        }
        let (Some(first), Some(last)) = (first_fixed, last_fixed) else {
            return Ok(None);
        };
        Ok(Some(FixedRuns {
            head: fixed_head,
            copied,
            growth,
            first,
            last,
        }))
    }
}

/// Keeps in `resume_points` where the next search may start: positions
/// where this one was outside a run, more than a step's reach before the
/// first run fixed (which starts at `base` in the window), so that every
/// run before them, and what it looked at, is as it was, and within the
/// new prefix; the points kept from earlier searches past that reach are
/// no longer good. `runs_before` are the runs found before the first one
/// fixed. (In the prefix's positions: the window starts at `lead`.)
fn keep_resume_points(
    resume_points: &mut Vec<usize>,
    found: &Found,
    window: &str,
    runs_before: &[(usize, usize)],
    base: usize,
) {
    let lead = found.lead;
    let latest = (lead + base).saturating_sub(LOOKS_AHEAD);
    while resume_points.last().is_some_and(|&point| point > latest) {
        resume_points.pop();
    }
    let mut add_point = |point: usize| {
        if point <= latest && resume_points.last().is_none_or(|&last| last < point) {
            resume_points.push(point);
        }
    };
    add_point(lead + found.search_from);
    let mut latest_is_free = true;
    for &(start, end) in runs_before {
        let (start, end) = (lead + start, lead + end);
        add_point(start);
        add_point(end);
        latest_is_free &= !(start < latest && latest < end);
    }
    if latest_is_free && latest >= lead + found.search_from {
        add_point(lead + char_boundary_at_or_before(window, latest - lead));
    }
}

/// Counts in `proofs` what step `step` replaced, run by run (runs side by
/// side as one), between the characters around them: `around` holds
/// those just before and after the window.
fn count_proofs(
    proofs: &mut ProofsByStep,
    step: usize,
    window: &str,
    around: (Option<char>, Option<char>),
    fixed_runs: &[(Range<usize>, Range<usize>)],
    fixed_head: &str,
) {
    let char_before = |at: usize| window[..at].chars().next_back().or(around.0);
    let char_at = |at: usize| window[at..].chars().next().or(around.1);
    let mut runs = fixed_runs.iter().peekable();
    while let Some((replaced, new)) = runs.next() {
        let (mut replaced, mut new) = (replaced.clone(), new.clone());
        while let Some((next, next_new)) = runs.next_if(|(next, _)| next.start == replaced.end) {
            (replaced.end, new.end) = (next.end, next_new.end);
        }
        proofs.count_change(
            step,
            char_before(replaced.start),
            &window[replaced.clone()],
            &fixed_head[new],
            char_at(replaced.end),
        );
    }
}

/// What a step made of a stretch, cut at the barriers in its new head into
/// stretches that go on each on its own: the first with the prefix (and
/// where its search may start), the last with the tail. Returns the last
/// when it is the only one that holds text, to step on; otherwise pushes
/// them all to `pending`, with the barriers between them, and returns
/// `None`. Barriers with nothing before them left to settle go to
/// `settled` now.
fn cut_at_barriers<'a>(
    stretch: &mut Stretch<'a>,
    stepped: Stepped,
    settled: &mut String,
    pending: &mut Vec<Pending<'a>>,
) -> Option<Stretch<'a>> {
    let tail: &'a str = stretch.tail;
    let steps = stretch.steps + 1;
    let mut pieces = split_at_barriers(&stepped.head);
    let (last, _) = pieces.pop().expect("at least one piece");
    let mut last_search = stretch.last_search.take().expect("a step searched");
    last_search.fixed_end = last_search.fixed_end.saturating_sub(last.start);
    last_search.shift -= last.start as isize;
    // A piece with nothing in it (nor the prefix) has nothing to
    // settle.
    let prefix_holds_text = !stretch.prefix.is_empty();
    let holds_text =
        |index: usize, piece: &Range<usize>| !piece.is_empty() || (index == 0 && prefix_holds_text);
    let first_kept = pieces
        .iter()
        .enumerate()
        .position(|(index, (piece, _))| holds_text(index, piece))
        .unwrap_or(pieces.len());
    let mut resume_points = std::mem::take(&mut stretch.resume_points);
    let mut prefix = std::mem::take(&mut stretch.prefix);
    // The characters around a piece: the barriers' beside it,
    // or the stretch's at its ends.
    let stretch_before = stretch.before;
    let char_before_piece = |index: usize| match index.checked_sub(1) {
        Some(previous) => stepped.head[pieces[previous].1.clone()].chars().next_back(),
        None => stretch_before,
    };
    let first_char = |range: &Range<usize>| stepped.head[range.clone()].chars().next();
    let mut continued = Stretch {
        prefix: Prefix::default(),
        resume_points: Vec::new(),
        head: stepped.head[last].to_owned(),
        tail: &tail[stepped.tail_from..],
        before: char_before_piece(pieces.len()),
        after: stretch.after,
        steps,
        last_search: Some(last_search),
    };
    if pieces.is_empty() {
        continued.prefix = std::mem::take(&mut prefix);
        continued.resume_points = std::mem::take(&mut resume_points);
    }
    // Barriers with nothing before them left to settle are
    // copied now; from the first piece that holds text on,
    // each waits its turn.
    for (_, barriers) in &pieces[..first_kept] {
        settled.push_str(&stepped.head[barriers.clone()]);
    }
    if first_kept == pieces.len() {
        return Some(continued);
    }
    pending.push(Pending::Stretch(continued));
    for index in (first_kept..pieces.len()).rev() {
        let (piece, barriers) = pieces[index].clone();
        let before = char_before_piece(index);
        let after = first_char(&barriers);
        pending.push(Pending::Barriers(stepped.head[barriers].to_owned()));
        if holds_text(index, &piece) {
            let first = index == 0;
            pending.push(Pending::Stretch(Stretch {
                prefix: if first {
                    std::mem::take(&mut prefix)
                } else {
                    Prefix::default()
                },
                resume_points: if first {
                    std::mem::take(&mut resume_points)
                } else {
                    Vec::new()
                },
                head: stepped.head[piece].to_owned(),
                tail: "",
                before,
                after,
                steps,
                last_search: None,
            }));
        }
    }
    None
}

/// Proofs that no codec re-decodes the whole text (as
/// [`count_failure_proofs`] counts them), in the text the chain starts
/// from and as each step changes them (a count per step number, as the
/// stretches take their steps each on its own).
#[derive(Default)]
struct ProofsByStep {
    /// What the steps numbered `n` change, at `n - 1`.
    changes: Vec<FailureProofs>,
}

impl ProofsByStep {
    /// Counts what step `step` changed: `replaced` (between `before`
    /// and `after`, the characters around it if any) became `new`.
    fn count_change(
        &mut self,
        step: usize,
        before: Option<char>,
        replaced: &str,
        new: &str,
        after: Option<char>,
    ) {
        if self.changes.len() < step {
            self.changes.resize(step, FailureProofs::default());
        }
        let change = &mut self.changes[step - 1];
        let replaced = before.into_iter().chain(replaced.chars()).chain(after);
        count_failure_proofs(replaced, -1, change);
        let new = before.into_iter().chain(new.chars()).chain(after);
        count_failure_proofs(new, 1, change);
    }

    /// Whether every codec has a proof in the text before each of the
    /// first `steps` steps, `text` being the first: it needs more proofs
    /// of each codec than the steps before the last take away at most.
    fn hold_before(&self, text: &str, steps: usize) -> bool {
        let mut running = FailureProofs::default();
        let mut needed = FailureProofs::default();
        for change in self.changes.iter().take(steps.saturating_sub(1)) {
            for ((running, needed), changed) in running.iter_mut().zip(&mut needed).zip(change) {
                *running += changed;
                *needed = (*needed).max(-*running);
            }
        }
        failure_proofs_exceed(text, &needed)
    }
}

/// The pieces of `text` between its stretches of barrier characters: the
/// range of each, and of the barriers after it (empty for the last).
fn split_at_barriers(text: &str) -> Vec<(Range<usize>, Range<usize>)> {
    let mut pieces = Vec::new();
    let mut piece_start = 0;
    // Where the stretch of barriers being passed started.
    let mut barriers_start = None;
    for (at, c) in text.char_indices() {
        match (is_barrier_char(c), barriers_start) {
            (true, None) => barriers_start = Some(at),
            (false, Some(start)) => {
                pieces.push((piece_start..start, start..at));
                piece_start = at;
                barriers_start = None;
            }
            _ => {}
        }
    }
    match barriers_start {
        Some(start) => {
            pieces.push((piece_start..start, start..text.len()));
            pieces.push((text.len()..text.len(), text.len()..text.len()));
        }
        None => pieces.push((piece_start..text.len(), text.len()..text.len())),
    }
    pieces
}

/// The length of the character at byte `at` of `head` followed by `tail`
/// (0 at the end).
fn char_length_at(head: &str, tail: &str, at: usize) -> usize {
    let rest = match at.checked_sub(head.len()) {
        None => &head[at..],
        Some(in_tail) => &tail[in_tail..],
    };
    rest.chars().next().map_or(0, char::len_utf8)
}

#[cfg(test)]
mod tests {
    use super::super::fix_steps_from;
    use super::*;
    use crate::plan::ExplanationStep;
    use crate::TextFixerConfig;
    use proptest::prelude::*;

    /// `fix_encoding` on `text`, with its plan, chains of steps taken
    /// stretch by stretch or step by step.
    fn fixed(text: &str, settle_chains: bool) -> (String, Vec<ExplanationStep>) {
        let mut plan = Vec::new();
        let fixed = fix_steps_from(
            text,
            &TextFixerConfig::default(),
            Some(&mut plan),
            false,
            settle_chains,
            None,
        )
        .0;
        (fixed.into_owned(), plan)
    }

    /// ftfy 6.3.1's answers (`fix_encoding_and_explain`) on chains, each
    /// step fixing one run that makes the next.
    #[test]
    fn chains_of_runs_as_ftfy_fixes_them() {
        let cases = [
            ("Ãœ¿".repeat(50), format!("{}Ü¿", "ܿ".repeat(49)), 50),
            ("ܿÜ¿Ãœ¿Ãœ¿".to_owned(), "ܿܿܿÜ¿".to_owned(), 2),
            (
                "中Ãœ¿Ãœ¿Ãœ¿ and Ãœ¿Ãœ¿ 😀 Ã©".to_owned(),
                "中ܿܿÜ¿ and ܿÜ¿ 😀 é".to_owned(),
                3,
            ),
            // Pinned by nothing: each step leaves `ÞÞ` behind it.
            ("Ãƒž".repeat(40), "Þ".repeat(40), 41),
            ("xÃƒžÃƒžÃƒž ÃƒžÃƒž".to_owned(), "xÞÞÞ ÞÞ".to_owned(), 4),
        ];
        for (text, expected, steps) in cases {
            let (text_fixed, plan) = fixed(&text, true);
            assert_eq!(text_fixed, expected);
            assert_eq!(plan, vec![DECODE_RUNS_STEP; steps], "{text:?}");
        }
        // Two steps fix runs, and then Latin-1 re-decodes the whole text.
        let (text_fixed, plan) = fixed("Ãƒž\u{80}Ã©", true);
        assert_eq!(text_fixed, "ހé");
        let plan: Vec<String> = plan.iter().map(ToString::to_string).collect();
        assert_eq!(
            plan,
            [
                "('apply', 'decode_inconsistent_utf8')",
                "('apply', 'decode_inconsistent_utf8')",
                "('encode', 'latin-1')",
                "('decode', 'utf-8')"
            ]
        );
    }

    /// A chain is settled here, not step by step: after the first steps
    /// of `Ãœ¿` repeated (pinned by `ܿ`) or `Ãƒž` repeated (with `ÞÞ`,
    /// which no codec's UTF-8 holds, left behind), the rest is one call.
    #[test]
    fn a_chain_is_settled_in_one_call() {
        let text = "ܿÜ¿Ãœ¿Ãœ¿";
        let changed = "ܿ".len().."ܿÜ".len();
        assert_eq!(
            settle_runs(text, std::slice::from_ref(&changed), true),
            Settled::Changed {
                text: "ܿܿܿÜ¿".to_owned(),
                steps: 2
            }
        );
        let text = "ÞÃžÃƒžÃƒž";
        assert_eq!(
            settle_runs(text, std::slice::from_ref(&(0.."Þ".len())), false),
            Settled::Changed {
                text: "ÞÞÞÞ".to_owned(),
                steps: 3
            }
        );
        // Latin-1 may re-decode `Þ\u{80}Ã©x` as a whole: no proof.
        assert_eq!(
            settle_runs("Þ\u{80}Ã©x", std::slice::from_ref(&(0.."Þ".len())), false),
            Settled::Unsure
        );
        // ftfy fixes only runs shorter than the text: not `Þ\u{80}Ã©`.
        assert_eq!(
            settle_runs("Þ\u{80}Ã©", std::slice::from_ref(&(0.."Þ".len())), false),
            Settled::Unchanged
        );
    }

    const DECODE_RUNS_STEP: ExplanationStep =
        ExplanationStep::Apply(crate::plan::Fix::DecodeInconsistentUtf8);

    /// Pieces of chains and of what may stop or pin them.
    /// (The long runs make a step search far into text no step changed;
    /// `ÃŠ¢` repeated is a chain past runs that are never fixed.)
    const PIECES: [&str; 40] = [
        "ÃŠ¢",
        "Š¢",
        "ÃŠ",
        "•ßÂ\u{85}Ç",
        "ß",
        "•",
        "Ãœ¿",
        "Ãœ",
        "Ü",
        "¿",
        "ܿ",
        "中",
        "😀",
        "Ã©",
        "â€™",
        " ",
        "a",
        "\u{80}",
        "\u{85}",
        "Ð¿",
        "Ñ",
        "€",
        "Ã",
        "Â",
        "œ",
        "™",
        "Ø",
        "×",
        "\u{a0}",
        "Ã\u{a0}",
        "ÃƒÂ©ÃƒÂ©ÃƒÂ©ÃƒÂ©ÃƒÂ©ÃƒÂ©ÃƒÂ©",
        "Ü¿Ü¿Ü¿Ü¿Ü¿Ü¿Ü¿Ü¿Ü¿Ü¿Ü¿Ü¿",
        "ÐŸÑ€Ð¸Ð²ÐµÑ‚Ð¸Ð²ÐµÑ‚",
        "Ãƒž",
        "ƒ",
        "ž",
        "Þ",
        "Ãƒ",
        "?",
        "\u{fffd}",
    ];

    fn text_of(prefix: &[usize], pattern: &[usize], repeats: usize, suffix: &[usize]) -> String {
        let piece = |&i: &usize| PIECES[i % PIECES.len()];
        let pattern: String = pattern.iter().map(piece).collect();
        prefix
            .iter()
            .map(piece)
            .chain(std::iter::once(pattern.repeat(repeats).as_str()))
            .chain(suffix.iter().map(piece))
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// Settling chains stretch by stretch gives the text and the plan
        /// of taking every step: on short patterns repeated (where chains
        /// form), between pieces of any kind.
        #[test]
        fn settled_chains_as_step_by_step(
            prefix in proptest::collection::vec(0..PIECES.len(), 0..6),
            pattern in proptest::collection::vec(0..PIECES.len(), 1..5),
            repeats in 1..24usize,
            suffix in proptest::collection::vec(0..PIECES.len(), 0..6),
        ) {
            let text = text_of(&prefix, &pattern, repeats, &suffix);
            prop_assert_eq!(fixed(&text, true), fixed(&text, false), "{:?}", text);
        }

        /// What the module rests on: but for the rule anchored at the
        /// start of a text, no badness rule looks past what it matches, so
        /// a text is bad wherever a part of it is bad within.
        #[test]
        fn a_text_is_bad_where_a_part_of_it_is(
            picks in proptest::collection::vec(0..64usize, 1..16),
            from in 0..16usize,
            length in 0..16usize,
        ) {
            let pool: Vec<char> = "a Z1.,\n'\"-ÃÂâÐÑØÙÎœŒ€™©®°·»×²¿¡¢£¤¥¦§¨ª¬\u{a0}\u{ad}\u{80}\u{85}\u{9d}éêàÉÜüñ–—‘’“”•…│═ΒΓβπЖжПр中😀ܿ\u{301}"
                .chars()
                .collect();
            let chars: Vec<char> = picks.into_iter().map(|i| pool[i % pool.len()]).collect();
            let text: String = chars.iter().collect();
            let from = from.min(chars.len());
            let part: String = chars[from..(from + length).min(chars.len())].iter().collect();
            prop_assert!(!crate::badness::is_bad_within(&part) || crate::badness::is_bad(&text), "{:?} in {:?}", part, text);
        }
    }
}
