//! The round of fixes, in ftfy 6.3.1's order, repeated on a segment until
//! nothing changes, with the shortcuts that skip rounds known to change
//! nothing.

use std::borrow::Cow;
use std::sync::LazyLock;

use super::scan::{
    Triggers, C1_CONTROLS, CONTROL_CHARS, ENTITIES, LIGATURES, LINE_BREAKS, MAY_BE_BAD, NON_ASCII,
    QUOTES, TERMINAL_ESCAPES, WIDTH,
};
use crate::edits::{ChangedRanges, Changes};
use crate::encoding::{EncodingEnd, EncodingFixer, RoundFacts};
use crate::fixes::{self, Fix, NotingTextFix};
use crate::normalize::normalize_noting;
use crate::plan::ExplanationStep;
use crate::TextFixerConfig;

/// Where the rounds record a plan: the steps of the core's vocabulary,
/// and the mode's `fix_encoding`, which records its own (see
/// [`super::PlanRecorder`]).
pub(crate) trait Recorder {
    /// Records a step of ftfy's vocabulary.
    fn push(&mut self, step: ExplanationStep);

    /// The mode's `fix_encoding` of `text`, recording its steps.
    fn fix_encoding<'a>(&mut self, text: &'a str, config: &TextFixerConfig) -> Cow<'a, str>;
}

/// Whether the pre-scan found something for a fix.
pub(super) type Trigger = fn(&Triggers) -> bool;

/// A text fix of the round: whether it is on, which fix it is, and
/// whether the pre-scan found something for it.
pub(super) struct TextFixStep {
    enabled: bool,
    fix: Fix,
    apply: NotingTextFix,
    triggered: Trigger,
}

impl TextFixStep {
    fn new(enabled: bool, fix: Fix, triggered: Trigger) -> Self {
        TextFixStep {
            enabled,
            fix,
            apply: fix
                .round_fix_noting()
                .expect("the round's fixes are text fixes"),
            triggered,
        }
    }
}

/// Whether a later round's `fix_encoding` follows where text fixes changed
/// a segment of `len` bytes. Shorter segments are searched whole: for
/// them, following the changes costs more (a few small allocations) than
/// it saves. (Unit tests follow every segment, so that their short texts
/// test the following.)
fn follows_changes(len: usize) -> bool {
    cfg!(test) || len >= 1024
}

/// [`Rounds::fix`] with ftfy 6.3.1's `fix_encoding`, or `encoding` when
/// given, for tests.
#[cfg(test)]
pub(super) fn fix_rounds_ending<'a>(
    text: &'a str,
    triggers: Triggers,
    known_bad: bool,
    config: &TextFixerConfig,
    decode_entities: bool,
    steps: Option<&mut dyn Recorder>,
) -> (Cow<'a, str>, Option<EncodingEnd>) {
    let rounds = Rounds {
        config,
        encoding: &crate::encoding::Ftfy,
        decode_entities,
    };
    rounds.fix(text, triggers, known_bad, steps)
}

/// [`fix_rounds_ending`]'s text, with `encoding`'s `fix_encoding`.
#[cfg(test)]
pub(super) fn fix_rounds_with<'a>(
    text: &'a str,
    config: &TextFixerConfig,
    encoding: &dyn EncodingFixer,
    steps: Option<&mut dyn Recorder>,
) -> Cow<'a, str> {
    let rounds = Rounds {
        config,
        encoding,
        decode_entities: true,
    };
    rounds.fix(text, Triggers::scan(text), false, steps).0
}

/// [`fix_rounds_ending`]'s text.
#[cfg(test)]
pub(super) fn fix_rounds<'a>(
    text: &'a str,
    triggers: Triggers,
    known_bad: bool,
    config: &TextFixerConfig,
    decode_entities: bool,
    steps: Option<&mut dyn Recorder>,
) -> Cow<'a, str> {
    fix_rounds_ending(text, triggers, known_bad, config, decode_entities, steps).0
}

/// The round of fixes, repeated on a whole segment until nothing changes.
pub(super) struct Rounds<'c> {
    pub(super) config: &'c TextFixerConfig,
    pub(super) encoding: &'c dyn EncodingFixer,
    pub(super) decode_entities: bool,
}

/// What the rounds know of the text between their steps.
struct RoundState<'a> {
    current: Cow<'a, str>,
    triggers: Triggers,
    /// Whether `triggers` is the scan of `current`, not a guess.
    triggers_exact: bool,
    /// `is_bad` has found `current` bad.
    known_bad: bool,
    /// Whether `current` is what ftfy's `fix_encoding` gave, which it would
    /// give back unchanged (see `encoding::fix_steps`).
    encoding_settled: bool,
    /// What `fix_encoding` found in `current`, when it gave it.
    encoding_end: Option<EncodingEnd>,
    /// When `fix_encoding` found nothing to fix in an earlier `current`, the
    /// ranges that text fixes have changed since: only there may it find
    /// something now, besides re-decoding the whole.
    changed_since_nothing_to_fix: Option<ChangedRanges>,
}

impl RoundState<'_> {
    /// Forgets what was known of the encoding of a text that a fix changed.
    fn forget_encoding(&mut self) {
        self.known_bad = false;
        self.encoding_settled = false;
        self.encoding_end = None;
    }
}

/// What the steps of one round before the text fixes found.
struct EncodingStep {
    /// Whether entities or `fix_encoding` changed the text.
    changed: bool,
    /// Whether `fix_encoding` found the text not bad, and left it alone.
    found_clean: bool,
}

impl Rounds<'_> {
    /// Runs rounds on `text` (whose `triggers` are known; `known_bad`:
    /// `is_bad` has found it bad) until nothing changes, recording steps
    /// to `steps` when given. Says also what ftfy's `fix_encoding` last
    /// found in the text given back, when it was the last to look at it.
    pub(super) fn fix<'a>(
        &self,
        text: &'a str,
        triggers: Triggers,
        known_bad: bool,
        mut steps: Option<&mut dyn Recorder>,
    ) -> (Cow<'a, str>, Option<EncodingEnd>) {
        let text_fixes = text_fix_steps(self.config);
        // A plan must record every step.
        let may_settle = steps.is_none() && self.encoding.capabilities().gives_fixed_points;
        let mut state = RoundState {
            current: Cow::Borrowed(text),
            triggers,
            triggers_exact: true,
            known_bad,
            encoding_settled: false,
            encoding_end: None,
            changed_since_nothing_to_fix: None,
        };
        loop {
            // Cheap while borrowed; a copy only once some fix has changed text.
            let round_start = state.current.clone();
            if !state.triggers_exact {
                state.triggers = Triggers::scan(&state.current);
                state.triggers_exact = true;
            }
            let entities_changed = self.unescape_entities(&mut state, &mut steps);
            let mut encoding = self.fix_encoding(&mut state, may_settle, &mut steps);
            encoding.changed |= entities_changed;
            let text_fixes_changed = self.apply_text_fixes(&mut state, &text_fixes, &mut steps);
            // What `fix_encoding` had settled before the text fixes.
            let settled_end = state
                .encoding_settled
                .then_some(state.encoding_end)
                .flatten();
            if text_fixes_changed.any() {
                state.forget_encoding();
                state.triggers_exact = false;
            }
            let changed = encoding.changed || text_fixes_changed.any();
            if changed
                && self.lone_carriage_returns_settled(&state, text_fixes_changed, settled_end)
            {
                return (state.current, settled_end);
            }
            // Comparing, not just trusting `changed`, stops two fixes that
            // undo each other from looping forever.
            if !changed
                || state.current == round_start
                || self.next_round_changes_nothing(
                    &state,
                    may_settle,
                    &encoding,
                    text_fixes_changed,
                )
            {
                return (state.current, state.encoding_end);
            }
        }
    }

    /// The round's first step: decodes HTML entities, when allowed.
    /// Returns whether the text changed.
    fn unescape_entities(
        &self,
        state: &mut RoundState<'_>,
        steps: &mut Option<&mut dyn Recorder>,
    ) -> bool {
        let changed = self.decode_entities
            && state.triggers.has(ENTITIES)
            && apply_fix(
                &mut state.current,
                Fix::UnescapeHtml,
                |text, _| fixes::unescape_html(text),
                &mut None,
                &mut Changes::default(),
                steps,
            );
        if changed {
            state.forget_encoding();
            state.changed_since_nothing_to_fix = None;
            state.triggers = Triggers::scan(&state.current);
        }
        changed
    }

    /// The round's `fix_encoding`, unless its answer is settled.
    fn fix_encoding(
        &self,
        state: &mut RoundState<'_>,
        may_settle: bool,
        steps: &mut Option<&mut dyn Recorder>,
    ) -> EncodingStep {
        let mut step = EncodingStep {
            changed: false,
            found_clean: false,
        };
        if !self.config.fix_encoding
            || !state.triggers.has(NON_ASCII)
            || (state.encoding_settled && may_settle)
        {
            return step;
        }
        let fixed = match steps.as_deref_mut() {
            Some(steps) => {
                let fixed = steps.fix_encoding(&state.current, self.config);
                state.encoding_end = None;
                fixed
            }
            None => {
                let known = RoundFacts {
                    known_bad: std::mem::take(&mut state.known_bad),
                    may_be_bad: state.triggers.has(MAY_BE_BAD),
                    changed: state
                        .changed_since_nothing_to_fix
                        .as_ref()
                        .map(ChangedRanges::ranges),
                };
                let round = self
                    .encoding
                    .fix_in_round(&state.current, self.config, known);
                step.found_clean = round.found_clean;
                state.encoding_end = round.end;
                round.text
            }
        };
        step.changed = match fixed {
            Cow::Borrowed(_) => false,
            Cow::Owned(fixed) => replace_if_changed(&mut state.current, fixed),
        };
        state.encoding_settled = may_settle;
        state.changed_since_nothing_to_fix = (state.encoding_end
            == Some(EncodingEnd::NothingToFix)
            && follows_changes(state.current.len()))
        .then(ChangedRanges::default);
        if step.changed {
            state.triggers = Triggers::scan(&state.current);
            state.triggers_exact = true;
        }
        step
    }

    /// The round's text fixes and normalization.
    fn apply_text_fixes(
        &self,
        state: &mut RoundState<'_>,
        text_fixes: &[TextFixStep],
        steps: &mut Option<&mut dyn Recorder>,
    ) -> TextFixesChanged {
        // `fix_encoding` found its own C1 step, the same fix, to change
        // nothing.
        let triggers = if state.encoding_end == Some(EncodingEnd::NothingToFix) {
            state.triggers.without(C1_CONTROLS)
        } else {
            state.triggers
        };
        apply_text_fixes(
            &mut state.current,
            triggers,
            text_fixes,
            self.config,
            steps,
            &mut state.changed_since_nothing_to_fix,
        )
    }

    /// No round follows one whose text fixes only made lone CRs `\n`,
    /// after a `fix_encoding` that found the text not bad or nothing to
    /// fix in it. One ASCII control for another changes no codec's bytes
    /// where UTF-8 or a byte repair looks (a space, `?` or byte 1A), nor
    /// any run or C1 control, so that `fix_encoding` still finds nothing
    /// to fix, and a `\n` for a CR makes no badness match where there was
    /// none. The text fixes leave alone the `\n` that `fix_line_breaks`
    /// made; entities are looked for.
    fn lone_carriage_returns_settled(
        &self,
        state: &RoundState<'_>,
        text_fixes_changed: TextFixesChanged,
        settled_end: Option<EncodingEnd>,
    ) -> bool {
        text_fixes_changed == TextFixesChanged::OnlyLoneCarriageReturns
            && (!(self.decode_entities && state.triggers.has(ENTITIES))
                || matches!(fixes::unescape_html(&state.current), Cow::Borrowed(_)))
            && match settled_end {
                Some(EncodingEnd::NothingToFix) => true,
                Some(EncodingEnd::NotBad) => line_feed_for_carriage_return_makes_no_match(),
                _ => false,
            }
    }

    /// When only the entities and `fix_encoding` changed the text, and its
    /// answer is settled, the next round would skip both (no entity is
    /// left, the answer stands) and run the text fixes on the text and
    /// triggers that they just left alone.
    /// Nor when the text fixes only straightened quotes in text that the
    /// round's `fix_encoding` found not bad and left alone: the text is
    /// still not bad (no badness rule matches a straight quote where it
    /// did not match the curly one), so the next round would only run
    /// text fixes that leave it alone (they all did, on the text with the
    /// curly quotes or on this one) and a normalization already made.
    fn next_round_changes_nothing(
        &self,
        state: &RoundState<'_>,
        may_settle: bool,
        encoding: &EncodingStep,
        text_fixes_changed: TextFixesChanged,
    ) -> bool {
        let entities_left = self.decode_entities && state.triggers.has(ENTITIES);
        (state.encoding_settled && state.triggers_exact && !entities_left)
            || (may_settle
                && !encoding.changed
                && text_fixes_changed == TextFixesChanged::OnlyQuotes
                && (encoding.found_clean
                    || !self.config.fix_encoding
                    || !state.triggers.has(NON_ASCII))
                && straight_quotes_for_curly_make_no_match())
    }
}

/// Whether putting a `\n` for a CR in text no badness rule matches leaves
/// it so. (Python's `.` is `[^\n]`, so one rule accepts CR and not `\n`.)
pub(crate) fn line_feed_for_carriage_return_makes_no_match() -> bool {
    static NO_NEW_MATCH: LazyLock<bool> =
        LazyLock::new(|| crate::badness::replacing_makes_no_match([('\n', '\r')].into_iter()));
    *NO_NEW_MATCH
}

/// Whether straightening curly quotes (`uncurl_quotes`) in text that no
/// badness rule matches leaves it so, for each quote that becomes `'`
/// (`ʼ`, `‘` to `‛`) or `"` (`“` to `‟`) by the fix's own mapping.
pub(super) fn straight_quotes_for_curly_make_no_match() -> bool {
    static NO_NEW_MATCH: LazyLock<bool> = LazyLock::new(|| {
        let straightened = ('\0'..=char::MAX).filter_map(|curly| {
            let straight = fixes::quotes::straightened(curly)?.chars().next()?;
            Some((straight, curly))
        });
        crate::badness::replacing_makes_no_match(straightened)
    });
    *NO_NEW_MATCH
}

/// The text fixes of a round, in ftfy's order, with what `config` enables.
pub(super) fn text_fix_steps(config: &TextFixerConfig) -> [TextFixStep; 8] {
    [
        TextFixStep::new(config.fix_c1_controls, Fix::FixC1Controls, |t| {
            t.has(C1_CONTROLS)
        }),
        TextFixStep::new(config.fix_latin_ligatures, Fix::FixLatinLigatures, |t| {
            t.has(LIGATURES)
        }),
        TextFixStep::new(config.fix_character_width, Fix::FixCharacterWidth, |t| {
            t.has(WIDTH)
        }),
        TextFixStep::new(config.uncurl_quotes, Fix::UncurlQuotes, |t| t.has(QUOTES)),
        TextFixStep::new(config.fix_line_breaks, Fix::FixLineBreaks, |t| {
            t.has(LINE_BREAKS)
        }),
        // Surrogates never occur in a `&str`; the step is kept for plans.
        TextFixStep::new(config.fix_surrogates, Fix::FixSurrogates, |_| false),
        TextFixStep::new(
            config.remove_terminal_escapes,
            Fix::RemoveTerminalEscapes,
            |t| t.has(TERMINAL_ESCAPES),
        ),
        TextFixStep::new(config.remove_control_chars, Fix::RemoveControlChars, |t| {
            t.has(CONTROL_CHARS)
        }),
    ]
}

/// The rest of a round after `fix_encoding`: the text fixes that
/// `triggers` (those of `current`) call for, then normalization. Returns
/// whether `current` changed.
/// When `tracked` holds ranges of `current`, they are moved and grown with
/// the changes made.
pub(super) fn apply_text_fixes(
    current: &mut Cow<'_, str>,
    mut triggers: Triggers,
    text_fixes: &[TextFixStep],
    config: &TextFixerConfig,
    steps: &mut Option<&mut dyn Recorder>,
    tracked: &mut Option<ChangedRanges>,
) -> TextFixesChanged {
    let mut changed = TextFixesChanged::Nothing;
    let mut changes = Changes::default();
    for step in text_fixes {
        let length_before = current.len();
        if step.enabled
            && (step.triggered)(&triggers)
            && apply_fix(current, step.fix, step.apply, tracked, &mut changes, steps)
        {
            changed = changed.and(step.fix, current.len() == length_before);
            triggers = triggers.after(step.fix);
        }
    }
    if let Some(form) = triggers.normalization(config) {
        changes.clear();
        let noted = tracked.is_some().then_some(&mut changes);
        if let Cow::Owned(normalized) = normalize_noting(current, form, noted) {
            if replace_if_changed(current, normalized) {
                changed = TextFixesChanged::More;
                if let Some(tracked) = tracked {
                    *tracked = tracked.after(&changes);
                }
                if let Some(steps) = steps.as_deref_mut() {
                    steps.push(ExplanationStep::Normalize(form));
                }
            }
        }
    }
    changed
}

/// What the text fixes of a round changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TextFixesChanged {
    Nothing,
    /// Only `uncurl_quotes` changed the text.
    OnlyQuotes,
    /// Only `fix_line_breaks` changed the text, making lone CRs `\n`.
    OnlyLoneCarriageReturns,
    More,
}

impl TextFixesChanged {
    /// What changed once `fix` has changed the text too, keeping its
    /// byte length or not.
    fn and(self, fix: Fix, kept_length: bool) -> TextFixesChanged {
        match (self, fix) {
            (TextFixesChanged::Nothing, Fix::UncurlQuotes) => TextFixesChanged::OnlyQuotes,
            // Every other break it makes `\n` is longer than one byte
            // (CRLF, U+0085, U+2028, U+2029).
            (TextFixesChanged::Nothing, Fix::FixLineBreaks) if kept_length => {
                TextFixesChanged::OnlyLoneCarriageReturns
            }
            _ => TextFixesChanged::More,
        }
    }

    pub(super) fn any(self) -> bool {
        self != TextFixesChanged::Nothing
    }
}

/// Runs `fix` on `current`, keeping and recording its result if it changed
/// anything, and moving the ranges `tracked` holds with what changed
/// (`changes` is room to note it in).
fn apply_fix(
    current: &mut Cow<'_, str>,
    fix: Fix,
    apply: NotingTextFix,
    tracked: &mut Option<ChangedRanges>,
    changes: &mut Changes,
    steps: &mut Option<&mut dyn Recorder>,
) -> bool {
    changes.clear();
    let noted = tracked.is_some().then_some(&mut *changes);
    let Cow::Owned(fixed) = apply(current, noted) else {
        return false;
    };
    let changed = replace_if_changed(current, fixed);
    if changed {
        if let Some(tracked) = tracked {
            *tracked = tracked.after(changes);
        }
        if let Some(steps) = steps.as_deref_mut() {
            steps.push(ExplanationStep::Apply(fix));
        }
    }
    changed
}

fn replace_if_changed(current: &mut Cow<'_, str>, fixed: String) -> bool {
    if fixed == **current {
        return false;
    }
    *current = Cow::Owned(fixed);
    true
}
