//! `fix_text` and friends: split text into lines, run every enabled fix in
//! ftfy 6.3.1's order, and repeat until nothing changes.
//!
//! The order within one round is: HTML entities, mojibake, C1 controls,
//! ligatures, character width, quotes, line breaks, surrogates, terminal
//! escapes, control characters, normalization.

use std::borrow::Cow;

use crate::badness::is_bad;
use crate::encoding::{EncodingFixer, ExplainEncoding, ScanFacts};
use crate::fixes;
use crate::normalize::normalize_keeps;
use crate::plan::{ExplanationStep, PlanExtension};
use crate::{Normalization, TextFixerConfig, UnescapeHtml};

mod lines;
mod rounds;
mod scan;

pub(crate) use lines::{FixedLines, Unsettled};
use rounds::{Recorder, Rounds};
pub(crate) use scan::{scan_line, scan_to_loud_line, Quiet, Triggers, TAG};
use scan::{CONTINUATION, CONTROL_CHARS, ENCODABLE, LINE_BREAKS, MAY_BE_BAD, NON_ASCII, QUOTES};

/// The pieces of text the tests of fixing by lines build from.
#[cfg(test)]
pub(crate) fn lines_test_pieces() -> &'static [&'static str] {
    lines::tests::PIECES
}

/// Switches fixing by lines off (`true`) or on for this thread.
#[cfg(test)]
pub(crate) fn lines_disabled(disabled: bool) {
    lines::DISABLED.with(|cell| cell.set(disabled));
}

pub(crate) fn decodes_entities(config: &TextFixerConfig, text: &str) -> bool {
    match config.unescape_html {
        UnescapeHtml::Always => true,
        UnescapeHtml::Never => false,
        UnescapeHtml::Auto => !text.contains('<'),
    }
}

/// A plan being recorded: its steps, and the mode's way of fixing
/// encodings with a plan.
pub(crate) struct PlanRecorder<'s, X> {
    pub(crate) explainer: &'s dyn ExplainEncoding<X>,
    pub(crate) steps: &'s mut Vec<ExplanationStep<X>>,
}

impl<X: PlanExtension> Recorder for PlanRecorder<'_, X> {
    fn push(&mut self, step: ExplanationStep) {
        self.steps.push(step.widen());
    }

    fn fix_encoding<'a>(&mut self, text: &'a str, config: &TextFixerConfig) -> Cow<'a, str> {
        self.explainer
            .fix_encoding_and_explain(text, config, self.steps)
    }
}

/// [`fix_segment`] with a mode's fixer and explainer, recording the plan
/// in `steps` when given.
pub(crate) fn fix_segment_explained<'a, X: PlanExtension>(
    text: &'a str,
    config: &TextFixerConfig,
    (encoding, explainer): (&dyn EncodingFixer, &dyn ExplainEncoding<X>),
    decode_entities: bool,
    steps: Option<&mut Vec<ExplanationStep<X>>>,
) -> Cow<'a, str> {
    let mut recorder = steps.map(|steps| PlanRecorder { explainer, steps });
    fix_segment(
        text,
        config,
        encoding,
        decode_entities,
        recorder.as_mut().map(|recorder| recorder as _),
    )
}

/// Fixes one segment, repeating the round of fixes until nothing changes,
/// and records the steps that changed something in `steps` if given.
pub(crate) fn fix_segment<'a>(
    text: &'a str,
    config: &TextFixerConfig,
    encoding: &dyn EncodingFixer,
    decode_entities: bool,
    steps: Option<&mut dyn Recorder>,
) -> Cow<'a, str> {
    let triggers = Triggers::scan(text);
    fix_scanned_segment(text, triggers, config, encoding, decode_entities, steps)
}

/// [`fix_segment`] for a segment whose `triggers` are known.
pub(crate) fn fix_scanned_segment<'a>(
    text: &'a str,
    triggers: Triggers,
    config: &TextFixerConfig,
    encoding: &dyn EncodingFixer,
    decode_entities: bool,
    steps: Option<&mut dyn Recorder>,
) -> Cow<'a, str> {
    if steps.is_none() {
        return fix_scanned_segment_by_lines(text, triggers, config, encoding, decode_entities)
            .text;
    }
    let mut known_bad = false;
    if !triggers.any(decode_entities)
        || keeps_non_ascii_text(text, triggers, config, encoding, &mut known_bad)
    {
        return Cow::Borrowed(text);
    }
    let rounds = Rounds {
        config,
        encoding,
        decode_entities,
    };
    rounds.fix(text, triggers, known_bad, steps).0
}

/// [`fix_scanned_segment`] without steps, saying also which of the lines
/// the fixes made might change when fixed again on their own.
pub(crate) fn fix_scanned_segment_by_lines<'a>(
    text: &'a str,
    triggers: Triggers,
    config: &TextFixerConfig,
    encoding: &dyn EncodingFixer,
    decode_entities: bool,
) -> FixedLines<'a> {
    // Whether `is_bad` has found `text` bad on the way.
    let mut known_bad = false;
    if !triggers.any(decode_entities)
        || keeps_non_ascii_text(text, triggers, config, encoding, &mut known_bad)
    {
        return FixedLines {
            text: Cow::Borrowed(text),
            unsettled: Unsettled::Within(Vec::new()),
        };
    }
    if let Some(fixed) = fix_only_line_breaks_and_controls(text, triggers, config) {
        return fixed;
    }
    if let Some(fixed) = fix_only_apostrophes(text, triggers, config, encoding) {
        return fixed;
    }
    // A long segment of many lines (a CR-only file) is fixed a line at a
    // time, with the same result, when that can be shown to hold.
    let by_lines = encoding.capabilities().works_line_by_line;
    if by_lines && text.len() >= lines::MIN_SEGMENT_BYTES && !lines::disabled() {
        if let Some(fixed) =
            lines::fix_by_lines(text, config, decode_entities, lines::MIN_AVERAGE_LINE_BYTES)
        {
            return fixed;
        }
    }
    let rounds = Rounds {
        config,
        encoding,
        decode_entities,
    };
    let (text, encoding_end) = rounds.fix(text, triggers, known_bad, None);
    let unsettled = match &text {
        Cow::Borrowed(_) => Unsettled::Within(Vec::new()),
        // Which lines are settled is worked out from what the fixer
        // reports of a line.
        Cow::Owned(_) if !by_lines => Unsettled::All,
        Cow::Owned(_) => Unsettled::ToWorkOut {
            encoding_end,
            decode_entities,
        },
    };
    FixedLines { text, unsettled }
}

/// The fast path for an ASCII segment whose only triggers are CRs (in CR
/// LF or alone) and control characters, as in a file with Windows or old
/// Mac line endings: the rounds would fix its line breaks, then remove its
/// controls, and find nothing else, and the lines that makes hold nothing
/// to fix. (No fix before those two acts on ASCII, and removing a control
/// between a CR and a `\n` makes no CR LF: no CR is left by then.) `None`
/// for any other segment. (A property test checks it against the rounds.)
fn fix_only_line_breaks_and_controls<'a>(
    text: &'a str,
    triggers: Triggers,
    config: &TextFixerConfig,
) -> Option<FixedLines<'a>> {
    if triggers.without(LINE_BREAKS | CONTROL_CHARS) != Triggers::default() {
        return None;
    }
    let mut fixed = Cow::Borrowed(text);
    if config.fix_line_breaks && triggers.has(LINE_BREAKS) {
        if let Cow::Owned(changed) = fixes::fix_line_breaks(&fixed) {
            fixed = Cow::Owned(changed);
        }
    }
    if config.remove_control_chars && triggers.has(CONTROL_CHARS) {
        if let Cow::Owned(changed) = fixes::remove_control_chars(&fixed) {
            fixed = Cow::Owned(changed);
        }
    }
    Some(FixedLines {
        text: fixed,
        unsettled: Unsettled::Within(Vec::new()),
    })
}

/// The fast path for a segment whose only triggers beyond its non-ASCII
/// characters are curly quotes that are no anchor of ftfy's heuristic
/// (the apostrophe `’`: no [`MAY_BE_BAD`]), in a mode that [leaves text
/// the heuristic finds clean alone](crate::extension::Capabilities::leaves_clean_text_alone), with NFC keeping every character (or no
/// normalization): the rounds would straighten its quotes and find
/// nothing else, in the first round or the second. `None` for any other
/// segment. (A property test checks it against the rounds.)
fn fix_only_apostrophes<'a>(
    text: &'a str,
    triggers: Triggers,
    config: &TextFixerConfig,
    encoding: &dyn EncodingFixer,
) -> Option<FixedLines<'a>> {
    let only_quotes = triggers.has(QUOTES)
        && triggers.without(QUOTES | NON_ASCII | CONTINUATION | ENCODABLE) == Triggers::default();
    let nfc_or_none = matches!(config.normalization, None | Some(Normalization::Nfc));
    let leaves_clean_alone = encoding.capabilities().leaves_clean_text_alone;
    if !only_quotes || !nfc_or_none || (config.fix_encoding && !leaves_clean_alone) {
        return None;
    }
    let text = if config.uncurl_quotes {
        fixes::uncurl_quotes(text)
    } else {
        Cow::Borrowed(text)
    };
    Some(FixedLines {
        text,
        unsettled: Unsettled::Within(Vec::new()),
    })
}

/// The common case, decided without the round of fixes: a segment with
/// nothing to look at but its non-ASCII characters, which is not mojibake
/// and which normalization keeps, is left as it is. (Extended recovery
/// looks at such text too when it might fix it: ftfy's `is_bad` misses
/// what it fixes.) Sets `known_bad` when it
/// found `text` bad.
fn keeps_non_ascii_text(
    text: &str,
    triggers: Triggers,
    config: &TextFixerConfig,
    encoding: &dyn EncodingFixer,
    known_bad: &mut bool,
) -> bool {
    let mut bad = || {
        *known_bad = triggers.has(MAY_BE_BAD) && is_bad(text);
        *known_bad
    };
    // (Text with no character a misread codec encodes is left alone by
    // every fixer: see `EncodingFixer::may_change_clean`.)
    let may_change = || {
        let scanned = ScanFacts {
            continuation: triggers.has(CONTINUATION),
        };
        triggers.has(ENCODABLE) && encoding.may_change_clean(text, scanned)
    };
    triggers.only_non_ascii()
        && !(config.fix_encoding && (bad() || may_change()))
        && triggers
            .normalization(config)
            .is_none_or(|form| normalize_keeps(text, form))
}

#[cfg(test)]
mod tests {
    use super::rounds::{
        fix_rounds, fix_rounds_with, line_feed_for_carriage_return_makes_no_match,
        straight_quotes_for_curly_make_no_match, Trigger,
    };
    use super::scan::*;
    use super::*;
    use crate::encoding::{Ftfy, WithoutShortcuts};
    use crate::plan::Fix;
    use crate::{fix_text_with, Normalization};
    use proptest::strategy::Strategy as _;

    /// Fixing by lines keeps what it knows across a lone CR made `\n`,
    /// and a round after one that only straightened quotes is skipped,
    /// only when these hold.
    #[test]
    fn replacements_the_shortcuts_rely_on_make_no_match() {
        assert!(line_feed_for_carriage_return_makes_no_match());
        assert!(straight_quotes_for_curly_make_no_match());
    }

    /// The pre-scan must flag every character that its fix changes, or the
    /// fix is skipped: checked on every code point, alone.
    #[test]
    fn triggers_flag_every_character_a_fix_changes() {
        let checks: [(Fix, Trigger); 8] = [
            (Fix::FixC1Controls, |t| t.has(C1_CONTROLS)),
            (Fix::FixLatinLigatures, |t| t.has(LIGATURES)),
            (Fix::FixCharacterWidth, |t| t.has(WIDTH)),
            (Fix::UncurlQuotes, |t| t.has(QUOTES)),
            (Fix::FixLineBreaks, |t| t.has(LINE_BREAKS)),
            (Fix::RemoveControlChars, |t| t.has(CONTROL_CHARS)),
            (Fix::RemoveTerminalEscapes, |t| t.has(TERMINAL_ESCAPES)),
            (Fix::UnescapeHtml, |t| t.has(ENTITIES)),
        ];
        let mut missed = Vec::new();
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let text = c.to_string();
            let triggers = Triggers::scan(&text);
            for (fix, triggered) in checks {
                let apply = fix.text_fix().expect("a text fix");
                if apply(&text) != text && !triggered(&triggers) {
                    missed.push(format!("{fix} changes U+{:04X}", u32::from(c)));
                }
            }
            if !c.is_ascii() {
                assert!(
                    triggers.has(NON_ASCII),
                    "U+{:04X} is not ASCII",
                    u32::from(c)
                );
            }
            if !crate::normalize::is_nfc_stable(c) && !triggers.has(NOT_NFC_STABLE) {
                missed.push(format!("NFC may change U+{:04X}", u32::from(c)));
            }
            assert_eq!(triggers.has(TAG), c == '<');
            assert_eq!(
                triggers.has(MAY_BE_BAD),
                crate::badness::is_anchor(c),
                "U+{:04X}",
                u32::from(c)
            );
        }
        assert!(missed.is_empty(), "the pre-scan misses: {missed:?}");
    }

    /// The word-at-a-time and block-at-a-time scan against the character
    /// on its own: each trigger is found at every offset in a line of
    /// plain ASCII and of other clean characters, and the line ends after
    /// its line feed.
    #[test]
    fn scan_finds_triggers_at_every_offset() {
        let samples = [
            "&", "<", "\r", "\u{1b}", "\u{1}", "\u{7f}", "\u{85}", "\u{9d}", "é", "ĳ", "ﬁ", "ʼ",
            "‘", "\u{2028}", "\u{feff}", "\u{3000}", "Ａ", "\u{301}", "😀", "中", "Ђ", "ж", "ґ",
            "\u{94d}", "ि", "\u{e38}", "\u{64e}", "€", "™", "│",
        ];
        for sample in samples {
            let alone = Triggers::scan(sample);
            for padding in ["a", "é", "ж", "中"] {
                for offset in 0..20 {
                    let line = format!(
                        "{}{sample}{}\nafter&\u{85}",
                        padding.repeat(offset),
                        "b".repeat(9)
                    );
                    let (end, bits) = scan_line(line.as_bytes(), 0);
                    assert_eq!(end, line.find('\n').unwrap() + 1, "{line:?}");
                    let found = Triggers::from_bits(bits);
                    let padding_triggers = Triggers::scan(&padding.repeat(offset.min(1)));
                    let expected = Triggers::from_bits(alone.bits() | padding_triggers.bits());
                    assert_eq!(found.bits(), expected.bits(), "{line:?}");
                }
            }
        }
    }

    /// With `fix_encoding` off, the round's own `fix_c1_controls` fixes C1
    /// controls (ftfy 6.3.1's answers).
    #[test]
    fn c1_controls_are_fixed_without_fix_encoding() {
        let config = TextFixerConfig::default().fix_encoding(false);
        assert_eq!(fix_text_with("x\u{93}y\u{81}", &config), "x\"y\u{81}");
        let config = config.uncurl_quotes(false);
        assert_eq!(fix_text_with("x\u{93}y\u{81}", &config), "x“y\u{81}");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]

        /// The fast path for ASCII text whose only triggers are CRs and
        /// controls gives what the rounds give, under the configurations
        /// that might differ, and declines anything else.
        #[test]
        fn only_line_breaks_and_controls_fixed_as_the_rounds_fix_them(
            picks in proptest::collection::vec(0..18usize, 0..24),
            config_index in 0..6usize,
        ) {
            let pool: Vec<char> = "a Z.\r\n\t&<\u{85}\u{2028}é\u{1}\u{1c}\u{7f}\u{c}\u{1b}\u{b}\0"
                .chars()
                .collect();
            let text: String = picks.into_iter().map(|i| pool[i % pool.len()]).collect();
            let default = TextFixerConfig::default();
            let config = [
                default.clone(),
                default.clone().fix_line_breaks(false),
                default.clone().remove_control_chars(false),
                default.clone().normalization(Some(Normalization::Nfkc)),
                default.clone().unescape_html(UnescapeHtml::Always),
                default.clone().fix_line_breaks(false).remove_control_chars(false),
            ][config_index].clone();
            let triggers = Triggers::scan(&text);
            if let Some(fast) = fix_only_line_breaks_and_controls(&text, triggers, &config) {
                let rounds = fix_rounds(&text, triggers, false, &config, true, None);
                proptest::prop_assert_eq!(&fast.text, &rounds, "{:?}", text);
                // The lines it makes are settled: each fixed again is itself.
                for line in fast.text.split_inclusive('\n') {
                    proptest::prop_assert_eq!(fix_segment(line, &config, &Ftfy, true, None), line);
                }
                let declined = ['&', '<', '\u{85}', '\u{2028}', 'é', '\u{1b}'];
                proptest::prop_assert!(!text.contains(declined), "{:?}", text);
            }
        }

        /// The fast path for segments whose only fix is straightening
        /// apostrophes gives what the rounds give, with and without a fixer
        /// that leaves clean text alone, under the configurations that
        /// might differ, and declines the rest.
        #[test]
        fn only_apostrophes_fixed_as_the_rounds_fix_them(
            picks in proptest::collection::vec(0..40usize, 0..16),
            config_index in 0..8usize,
        ) {
            // Half of it what the fast path takes (apostrophes, letters,
            // a combining mark NFC composes), half what it declines.
            let pool: Vec<char> = "a e’ʼé日жΩ\u{301}ßx’e\u{301}’\u{a0}‘“”Ã©ﬁ\u{93}&<\u{85}Ａ»«\u{fffd}\r—…·°€"
                .chars()
                .collect();
            let text: String = picks.into_iter().map(|i| pool[i % pool.len()]).collect();
            let default = TextFixerConfig::default();
            let config = [
                default.clone(),
                default.clone().uncurl_quotes(false),
                default.clone().normalization(None),
                default.clone().normalization(Some(Normalization::Nfkc)),
                default.clone().fix_encoding(false),
                default.clone(),
                default.clone().fix_encoding(false),
                default.clone().unescape_html(UnescapeHtml::Always),
            ][config_index].clone();
            let encoding: &dyn EncodingFixer = if matches!(config_index, 5 | 6) {
                &WithoutShortcuts
            } else {
                &Ftfy
            };
            let triggers = Triggers::scan(&text);
            if let Some(fast) = fix_only_apostrophes(&text, triggers, &config, encoding) {
                let rounds = fix_rounds_with(&text, &config, encoding, None);
                proptest::prop_assert_eq!(&fast.text, &rounds, "{:?}", text);
                let declined = ['‘', '“', 'ﬁ', '\u{93}', '&', '<', '\u{85}', 'Ａ', '\r'];
                proptest::prop_assert!(!text.contains(declined), "{:?}", text);
            }
        }

        /// The rounds give the same text with and without the shortcuts
        /// that only a text without steps takes (settled answers of
        /// `fix_encoding`, its search begun where text fixes changed the
        /// text, C1 controls it found nothing to fix in, lone CRs made
        /// `\n` after it). The text holds
        /// mojibake, characters of the upper half of Latin-1 (C1 controls
        /// among them: what `fix_encoding` leaves behind), and what every
        /// text fix changes.
        #[test]
        fn rounds_with_and_without_steps_agree(
            picks in proptest::collection::vec(
                proptest::prop_oneof![
                    2 => proptest::sample::select(lines_test_pieces()).prop_map(str::to_string),
                    2 => proptest::char::range('\u{80}', '\u{ff}').prop_map(String::from),
                    1 => proptest::sample::select(&[
                        "ǆ", "ﬁ", "Ｌ", "＆", "　", "“", "’", "\u{301}", "e\u{301}", "\u{2028}",
                        "\r", "\u{1b}[1m", "\u{1}", "Ã", "â€", "Ã\u{85}", "Â\u{81}", "?", "Ã?", "&amp;lt;",
                    ][..]).prop_map(str::to_string),
                ],
                0..40,
            ),
            config_index in 0..6usize,
            decode_entities: bool,
        ) {
            let text: String = picks.concat();
            let default = TextFixerConfig::default();
            let config = [
                default.clone(),
                default.clone().fix_c1_controls(false),
                default.clone().decode_inconsistent_utf8(false),
                default.clone().normalization(Some(Normalization::Nfkc)),
                default.clone().fix_latin_ligatures(false).fix_character_width(false),
                default.clone().fix_encoding(false),
            ][config_index].clone();
            let triggers = Triggers::scan(&text);
            let fast = fix_rounds(&text, triggers, false, &config, decode_entities, None);
            let mut steps: Vec<ExplanationStep> = Vec::new();
            let mut recorder = PlanRecorder { explainer: &Ftfy, steps: &mut steps };
            let plain = fix_rounds(&text, triggers, false, &config, decode_entities, Some(&mut recorder));
            proptest::prop_assert_eq!(fast, plain, "{:?}", text);
        }

        /// What lets a line skip `is_bad`: text the scan finds no anchor
        /// in is never bad. Characters of mojibake, their neighbours, and
        /// other scripts.
        #[test]
        fn text_without_anchors_is_not_bad(picks in proptest::collection::vec(0..64usize, 0..16)) {
            let pool: Vec<char> = "aZ .,ÃÂàé€œ¢£\u{a0}®©°·»–—´×²µ√±™≈‚Äâвђўβ€ΒΓΟāŒ\u{85}¦ˆ\u{fffd}ﬁ│═‘’“”•‹›«¿¡ÉÑÖüÝ§¶ª中жЖЂ😀\u{94d}"
                .chars()
                .collect();
            let text: String = picks.into_iter().map(|i| pool[i % pool.len()]).collect();
            if !Triggers::scan(&text).has(MAY_BE_BAD) {
                proptest::prop_assert!(!is_bad(&text), "{:?}", text);
            }
        }
    }

    /// The bits a `Triggers` was made from.
    /// What `Triggers::after` assumes: a round's text fix adds no trigger
    /// that a later fix of the round reads, beyond those `after` adds.
    /// Checked on every code point, alone and in the pairs that fixes
    /// treat together (CRLF, an escape sequence).
    #[test]
    fn text_fixes_add_no_triggers_beyond_what_after_says() {
        let fixes = [
            Fix::FixC1Controls,
            Fix::FixLatinLigatures,
            Fix::FixCharacterWidth,
            Fix::UncurlQuotes,
            Fix::FixLineBreaks,
            Fix::RemoveTerminalEscapes,
            Fix::RemoveControlChars,
        ];
        // Only what later fixes of the round read (entities are read at
        // the start of the next round, after a fresh scan).
        let flags = |t: &Triggers| {
            [
                t.has(C1_CONTROLS),
                t.has(LIGATURES),
                t.has(WIDTH),
                t.has(QUOTES),
                t.has(LINE_BREAKS),
                t.has(TERMINAL_ESCAPES),
                t.has(CONTROL_CHARS),
                t.has(NON_ASCII),
                t.has(NOT_NFC_STABLE),
                t.has(ENCODABLE),
                t.has(CONTINUATION),
            ]
        };
        let texts = (0..=0x10FFFF)
            .filter_map(char::from_u32)
            .map(|c| c.to_string())
            .chain(["\r\n".to_string(), "a\u{1b}[31mb".to_string()]);
        let mut added = Vec::new();
        for text in texts {
            let before = Triggers::scan(&text);
            for fix in fixes {
                let fixed = fix.text_fix().expect("a text fix")(&text);
                let promised = flags(&before.after(fix));
                let now = flags(&Triggers::scan(&fixed));
                if now
                    .iter()
                    .zip(promised)
                    .any(|(&now, promised)| now && !promised)
                {
                    added.push(format!("{fix} on {text:?}"));
                }
            }
        }
        assert!(added.is_empty(), "fixes add triggers: {added:?}");
    }
}
