//! The library against `ftfy-reference`, ftfy 6.3.1 written plainly, on
//! generated multilingual text, text damaged every way `ftfy::breaker`
//! knows, adversarial text (windows of the benchmark inputs, `benches/inputs/`) and
//! the pieces of `invariants.rs`: the badness heuristic, `fix_text` in the
//! default configuration and with each option off, `fix_encoding`, the
//! plans of `fix_and_explain` and `fix_encoding_and_explain`, and their
//! replay by `apply_plan`. Default mode only: extended recovery has no
//! reference.
//!
//! The library's answer must be the reference's, except by the documented
//! differences from ftfy 6.3.1 (README, `golden/differences.toml`), each a
//! rule that says what the library gives instead (`ftfy_reference::
//! differences` writes the first four, which the fuzz target `reference`
//! applies too):
//!
//! - `idempotence` (`fix_text`): where the reference's answer `r` is not a
//!   fixed point, the library gives `r` fixed once more, `reference(r)`;
//!   and where a line is longer than `max_decode_length`, so that a second
//!   run would cut it elsewhere, the library fixes once more each segment
//!   a second run would see otherwise: split into lines by fixing, or
//!   without the `<` fixing removed (`second run by segment`);
//! - `sub-options apply`: the four options that tune `fix_encoding` apply in
//!   every `fix_text`, which ftfy does only with `explain` on; the library
//!   is compared with the reference run with `explain` on, and the cases
//!   where that changes the reference's answer are counted;
//! - `max_decode_length 0`: where ftfy loops forever, the library fixes one
//!   character at a time: it gives the reference's answer for 1;
//! - `newline after C0`: ftfy's `utf-8-variants` reads its pattern's `$` as
//!   Python does, so a byte C0 (or a CESU-8 surrogate pair short of a byte)
//!   at the end of a line takes the line's `\n` for its last byte and joins
//!   the line to the next; the library keeps the line break, so its answer
//!   has more line breaks than the reference's;
//! - `newer Unicode`: the text holds a character that Unicode 14 (Python
//!   3.11's) does not assign, which neither engine normalizes as Python
//!   does, and the engines may differ;
//! - `normalize replay`: ftfy's `apply_plan` cannot replay the `normalize`
//!   steps of its own plans; the library's can.
//!
//! Each test counts the cases each rule settles and fails when a rule
//! settles more than its ceiling (a rule that suddenly covers almost
//! everything hides a bug), or when too few cases change the text at all.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::LazyLock;

use ftfy::breaker::{break_text, Mangle};
use ftfy_reference as reference;
use ftfy_reference::differences::{self, Rule};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

use crate::invariants::tricky_text;
use crate::text::sentence;

/// The adversarial inputs of the benchmarks (about 1 MB each), built once.
static ADVERSARIAL: LazyLock<Vec<String>> = LazyLock::new(|| {
    ftfy_bench_inputs::adversarial()
        .into_iter()
        .map(|(_, text)| text)
        .collect()
});

/// A window of up to 300 bytes of an adversarial input.
fn adversarial_text() -> impl Strategy<Value = String> {
    (
        any::<prop::sample::Index>(),
        any::<prop::sample::Index>(),
        1..300usize,
    )
        .prop_map(|(which, start, length)| {
            let text = &ADVERSARIAL[which.index(ADVERSARIAL.len())];
            let mut start = start.index(text.len());
            while !text.is_char_boundary(start) {
                start -= 1;
            }
            let mut end = (start + length).min(text.len());
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            text[start..end].to_string()
        })
}

/// A sentence damaged one of the ways `ftfy::breaker` knows (or two).
fn mangled_text() -> impl Strategy<Value = String> {
    let manglers = Mangle::all();
    let count = manglers.len();
    (sentence(), 0..count, 0..count + 4).prop_map(move |((_, text), first, second)| {
        let once = break_text(&text, manglers[first]).unwrap_or(text);
        match manglers.get(second) {
            Some(&mangle) => break_text(&once, mangle).unwrap_or(once),
            None => once,
        }
    })
}

/// Every kind of text, and several lines of them.
fn oracle_text() -> impl Strategy<Value = String> {
    let one = prop_oneof![
        2 => sentence().prop_map(|(_, text)| text),
        4 => mangled_text(),
        2 => adversarial_text(),
        3 => tricky_text(),
    ];
    let line_break = prop::sample::select(vec!["\n", "\r\n", "\r", "\u{2028}", " "]);
    prop::collection::vec((one, line_break), 1..4).prop_map(|pieces| {
        pieces
            .into_iter()
            .map(|(text, line_break)| text + line_break)
            .collect()
    })
}

/// How many cases each rule settled.
#[derive(Default, Debug)]
struct Tally {
    rules: BTreeMap<&'static str, usize>,
    cases: usize,
    changed: usize,
}

impl Tally {
    fn note(&mut self, rule: &'static str) {
        *self.rules.entry(rule).or_default() += 1;
    }

    fn count(&self, rule: &str) -> usize {
        self.rules.get(rule).copied().unwrap_or(0)
    }

    /// Fails unless at least `min_changed` of the cases changed the text and
    /// each rule settled at most `ceiling` of them.
    fn check(&self, name: &str, min_changed: f64, ceilings: &[(&str, f64)]) {
        eprintln!("{name}: {self:?}");
        let share = |count: usize| count as f64 / self.cases.max(1) as f64;
        assert!(
            share(self.changed) >= min_changed,
            "{name}: only {} of {} cases change the text",
            self.changed,
            self.cases
        );
        for (rule, count) in &self.rules {
            let ceiling = ceilings
                .iter()
                .find(|(r, _)| r == rule)
                .map_or(1.0, |c| c.1);
            assert!(
                share(*count) <= ceiling,
                "{name}: the rule {rule:?} settles {count} of {} cases (ceiling {ceiling})",
                self.cases
            );
        }
    }
}

/// Runs `check` on `cases` generated values (`PROPTEST_CASES` overrides
/// it; `PROPTEST_RNG_SEED` picks the seed), then returns the tally.
fn run<S: Strategy>(
    cases: u32,
    strategy: S,
    check: impl Fn(&S::Value, &mut Tally) -> Result<(), TestCaseError>,
) -> Tally {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(cases);
    let config = Config {
        cases,
        source_file: Some(file!()),
        ..Config::default()
    };
    let tally = RefCell::new(Tally::default());
    let result = TestRunner::new(config).run(&strategy, |value| {
        let mut tally = tally.borrow_mut();
        tally.cases += 1;
        check(&value, &mut tally)
    });
    if let Err(error) = result {
        panic!("{error}");
    }
    tally.into_inner()
}

/// The reference's configuration with the library's options.
fn reference_config(config: &ftfy::TextFixerConfig) -> reference::TextFixerConfig {
    reference::TextFixerConfig {
        unescape_html: match config.unescape_html {
            ftfy::UnescapeHtml::Auto => reference::UnescapeHtml::Auto,
            ftfy::UnescapeHtml::Always => reference::UnescapeHtml::Always,
            _ => reference::UnescapeHtml::Never,
        },
        remove_terminal_escapes: config.remove_terminal_escapes,
        fix_encoding: config.fix_encoding,
        restore_byte_a0: config.restore_byte_a0,
        replace_lossy_sequences: config.replace_lossy_sequences,
        decode_inconsistent_utf8: config.decode_inconsistent_utf8,
        fix_c1_controls: config.fix_c1_controls,
        fix_latin_ligatures: config.fix_latin_ligatures,
        fix_character_width: config.fix_character_width,
        uncurl_quotes: config.uncurl_quotes,
        fix_line_breaks: config.fix_line_breaks,
        fix_surrogates: config.fix_surrogates,
        remove_control_chars: config.remove_control_chars,
        normalization: config.normalization.map(|form| match form {
            ftfy::Normalization::Nfc => reference::Normalization::Nfc,
            ftfy::Normalization::Nfd => reference::Normalization::Nfd,
            ftfy::Normalization::Nfkc => reference::Normalization::Nfkc,
            _ => reference::Normalization::Nfkd,
        }),
        max_decode_length: config.max_decode_length,
        explain: config.explain,
    }
}

/// The name under which a rule is counted.
fn rule_name(rule: Rule) -> &'static str {
    match rule {
        Rule::Equal => "equal",
        Rule::Idempotence => "idempotence",
        Rule::SecondRunBySegment => "second run by segment",
        Rule::NewlineAfterC0 => "newline after C0",
        Rule::NewerUnicode => "newer Unicode",
    }
}

/// `fix_text` with a configuration, against the reference (with `explain`
/// on: the sub-options rule).
fn check_fix_text(
    text: &str,
    config: &ftfy::TextFixerConfig,
    tally: &mut Tally,
) -> Result<(), TestCaseError> {
    let fast = ftfy::fix_text_with(text, config);
    let ref_config = reference_config(config);
    // What the rules compare with: ftfy with `explain` on, and 1 for
    // `max_decode_length` 0.
    let compared = reference::TextFixerConfig {
        explain: true,
        max_decode_length: ref_config.max_decode_length.max(1),
        ..ref_config.clone()
    };
    let expected = reference::fix_text(text, &compared);
    let rule = differences::settle_fix_text(text, &fast, &ref_config).ok_or_else(|| {
        TestCaseError::fail(format!(
            "fix_text({text:?}, {config:?}):\n  library   {fast:?}\n  reference {expected:?}"
        ))
    })?;
    tally.note(rule_name(rule));
    if config.max_decode_length == 0 {
        tally.note("max_decode_length 0");
    }
    let explain_off = reference::TextFixerConfig {
        explain: false,
        ..compared
    };
    if reference::fix_text(text, &explain_off) != expected {
        tally.note("sub-options apply");
    }
    tally.changed += usize::from(expected != text);
    Ok(())
}

/// The configurations of `fix_text` compared: the default, each option off,
/// and the other settings.
fn configs() -> Vec<(&'static str, ftfy::TextFixerConfig)> {
    use ftfy::{Normalization, TextFixerConfig, UnescapeHtml};
    let d = TextFixerConfig::default;
    vec![
        ("default", d()),
        ("unescape_html off", d().unescape_html(UnescapeHtml::Never)),
        ("unescape_html on", d().unescape_html(UnescapeHtml::Always)),
        (
            "remove_terminal_escapes off",
            d().remove_terminal_escapes(false),
        ),
        ("fix_encoding off", d().fix_encoding(false)),
        ("restore_byte_a0 off", d().restore_byte_a0(false)),
        (
            "replace_lossy_sequences off",
            d().replace_lossy_sequences(false),
        ),
        (
            "decode_inconsistent_utf8 off",
            d().decode_inconsistent_utf8(false),
        ),
        ("fix_c1_controls off", d().fix_c1_controls(false)),
        ("fix_latin_ligatures off", d().fix_latin_ligatures(false)),
        ("fix_character_width off", d().fix_character_width(false)),
        ("uncurl_quotes off", d().uncurl_quotes(false)),
        ("fix_line_breaks off", d().fix_line_breaks(false)),
        ("fix_surrogates off", d().fix_surrogates(false)),
        ("remove_control_chars off", d().remove_control_chars(false)),
        ("NFKC", d().normalization(Some(Normalization::Nfkc))),
        ("NFD", d().normalization(Some(Normalization::Nfd))),
        ("no normalization", d().normalization(None)),
        ("max_decode_length 12", d().max_decode_length(12)),
        ("max_decode_length 0", d().max_decode_length(0)),
    ]
}

/// A plan of the library's as the reference writes plans.
fn as_reference_plan(plan: &[ftfy::ExplanationStep]) -> Vec<reference::ExplanationStep> {
    plan.iter()
        .map(|step| reference::ExplanationStep::new(step.action().name(), step.parameter_name()))
        .collect()
}

/// Both engines replay the plan `plan` (the reference's, for `text`) the
/// same way, and to `fixed`, except where the reference, as ftfy, cannot
/// replay a `normalize` step.
fn check_replay(
    text: &str,
    plan: &[reference::ExplanationStep],
    fixed: &str,
    tally: &mut Tally,
) -> Result<(), TestCaseError> {
    let steps: Vec<ftfy::ExplanationStep> = plan
        .iter()
        .map(|step| ftfy::ExplanationStep::from_names(&step.action, &step.parameter))
        .collect::<Result<_, _>>()
        .map_err(|error| {
            TestCaseError::fail(format!("the library cannot read {plan:?}: {error}"))
        })?;
    let fast = ftfy::apply_plan(text, &steps).map_err(|error| {
        TestCaseError::fail(format!(
            "the library cannot replay {plan:?} on {text:?}: {error}"
        ))
    })?;
    match reference::apply_plan(text, plan) {
        Ok(replayed) => {
            prop_assert_eq!(&fast, &replayed, "replaying {:?} on {:?}", plan, text);
            prop_assert_eq!(&replayed, fixed, "replaying {:?} on {:?}", plan, text);
            tally.note("replays");
        }
        Err(reference::PlanError::UnknownStep(step)) if step == "normalize" => {
            prop_assert_eq!(&fast, fixed, "replaying {:?} on {:?}", plan, text);
            tally.note("normalize replay");
        }
        Err(error) => {
            return Err(TestCaseError::fail(format!(
                "ftfy cannot replay {plan:?}: {error}"
            )))
        }
    }
    Ok(())
}

#[test]
fn fix_text_in_the_default_configuration_is_ftfys() {
    let tally = run(1500, oracle_text(), |text, tally| {
        check_fix_text(text, &ftfy::TextFixerConfig::default(), tally)
    });
    tally.check(
        "fix_text default",
        0.5,
        &[
            ("idempotence", 0.05),
            ("second run by segment", 0.01),
            ("newline after C0", 0.01),
            ("newer Unicode", 0.005),
        ],
    );
    assert!(tally.count("equal") > 0);
}

#[test]
fn fix_text_with_each_option_off_is_ftfys() {
    let configs = configs();
    let tally = run(
        1500,
        (oracle_text(), 0..configs.len()),
        |(text, which), tally| check_fix_text(text, &configs[*which].1, tally),
    );
    tally.check(
        "fix_text each option",
        0.4,
        &[
            ("idempotence", 0.05),
            ("second run by segment", 0.02),
            ("newline after C0", 0.01),
            ("newer Unicode", 0.005),
            ("sub-options apply", 0.05),
            ("max_decode_length 0", 0.1),
        ],
    );
}

#[test]
fn fix_encoding_and_its_plan_are_ftfys() {
    let tally = run(1500, oracle_text(), |text, tally| {
        let config = ftfy::TextFixerConfig::default();
        let ref_config = reference::TextFixerConfig::default();
        let expected = reference::fix_encoding_and_explain(text, &ref_config);
        let fast = ftfy::fix_encoding(text);
        let rule = differences::settle(text, &fast, &expected.text).ok_or_else(|| {
            TestCaseError::fail(format!(
                "fix_encoding({text:?}):\n  library   {fast:?}\n  reference {:?}",
                expected.text
            ))
        })?;
        tally.note(rule_name(rule));
        tally.changed += usize::from(expected.text != *text);
        if rule == Rule::Equal {
            let explained = ftfy::fix_encoding_and_explain(text, &config);
            prop_assert_eq!(&explained.text, &expected.text);
            let plan = expected.explanation.unwrap_or_default();
            let fast_plan = as_reference_plan(&explained.explanation.unwrap_or_default());
            prop_assert_eq!(&fast_plan, &plan, "the plans for {:?}", text);
            check_replay(text, &plan, &expected.text, tally)?;
        }
        Ok(())
    });
    tally.check(
        "fix_encoding",
        0.3,
        &[("newline after C0", 0.01), ("newer Unicode", 0.005)],
    );
}

#[test]
fn fix_and_explain_and_its_plan_are_ftfys() {
    let configs = configs();
    let tally = run(
        1500,
        (oracle_text(), 0..configs.len()),
        |(text, which), tally| {
            let config = configs[*which].1.clone().explain(true);
            let expected = reference::fix_and_explain(text, &reference_config(&config));
            let fast = ftfy::fix_and_explain(text, &config);
            let rule = differences::settle(text, &fast.text, &expected.text).ok_or_else(|| {
                TestCaseError::fail(format!(
                    "fix_and_explain({text:?}, {config:?}):\n  library   {:?}\n  reference {:?}",
                    fast.text, expected.text
                ))
            })?;
            tally.note(rule_name(rule));
            tally.changed += usize::from(expected.text != *text);
            if rule == Rule::Equal {
                let plan = expected.explanation.unwrap_or_default();
                let fast_plan = as_reference_plan(&fast.explanation.unwrap_or_default());
                prop_assert_eq!(&fast_plan, &plan, "the plans for {:?}", text);
                check_replay(text, &plan, &expected.text, tally)?;
            }
            Ok(())
        },
    );
    tally.check(
        "fix_and_explain",
        0.4,
        &[
            ("newline after C0", 0.01),
            ("newer Unicode", 0.005),
            ("normalize replay", 0.3),
        ],
    );
}

#[test]
fn badness_is_ftfys() {
    let tally = run(1500, oracle_text(), |text, tally| {
        let expected = reference::badness(text);
        prop_assert_eq!(
            ftfy::badness::badness(text),
            expected,
            "badness of {:?}",
            text
        );
        prop_assert_eq!(
            ftfy::badness::is_bad(text),
            reference::is_bad(text),
            "is_bad of {:?}",
            text
        );
        tally.note("equal");
        tally.changed += usize::from(expected > 0);
        Ok(())
    });
    // Here "changed" counts the texts that look bad.
    tally.check("badness", 0.3, &[]);
}

/// Found by the fuzz target `reference`: a segment cut by
/// `max_decode_length` holds a `<` and a CR that fixing makes a line break.
/// ftfy keeps the entity before it (`pisoTi&amp;\n<normalize`); the library
/// fixes the split segment once more, as a second run meets its first line,
/// without a `<`, and decodes it.
#[test]
fn a_split_segment_is_fixed_again_from_the_html_state_before_it() {
    let text = "piso\0T\0i&amp;\r<normalize";
    let config = ftfy::TextFixerConfig::default().max_decode_length(8);
    let fast = ftfy::fix_text_with(text, &config);
    assert_eq!(fast, "pisoTi&\n<normalize");
    let ref_config = reference_config(&config);
    assert_eq!(
        reference::fix_text(text, &ref_config),
        "pisoTi&amp;\n<normalize"
    );
    assert_eq!(
        differences::settle_fix_text(text, &fast, &ref_config),
        Some(Rule::SecondRunBySegment)
    );
}

/// ftfy's `utf-8-variants` takes the `\n` after a final byte C0 for Java's
/// null (`golden/differences.toml`); the library keeps the line break, and
/// the rule says so.
#[test]
fn a_line_break_after_byte_c0_is_kept() {
    let text = "Ã©tÃ© VOILÀ\nnext line";
    let config = ftfy::TextFixerConfig::default();
    let fast = ftfy::fix_text_with(text, &config);
    let ref_config = reference_config(&config);
    assert_eq!(reference::fix_text(text, &ref_config), "été VOILnext line");
    assert_eq!(
        differences::settle_fix_text(text, &fast, &ref_config),
        Some(Rule::NewlineAfterC0)
    );
    let fast = ftfy::fix_encoding("Ã©À\n");
    let expected = reference::fix_encoding("Ã©À\n", &ref_config);
    assert_eq!(expected, "é\0");
    assert_eq!(
        differences::settle("Ã©À\n", &fast, &expected),
        Some(Rule::NewlineAfterC0)
    );
}

/// Found by the property tests (20,000 cases): Tulu-Tigalari, new in
/// Unicode 16. Python 3.11 (Unicode 14) does not know these characters and
/// ftfy leaves them; the reference normalizes by `unicode-normalization`'s
/// newer Unicode (U+113C2 U+113C5 is U+113C5 U+113C2 in NFC), the library
/// leaves them as ftfy does. Neither engine can give Python's answer in
/// general for such characters: the rule counts the case.
#[test]
fn characters_newer_than_unicode_14_are_left_to_their_rule() {
    let text = "\u{113c2}\u{113c5}\n";
    let config = ftfy::TextFixerConfig::default();
    let fast = ftfy::fix_text_with(text, &config);
    let ref_config = reference_config(&config);
    assert_eq!(
        reference::fix_text(text, &ref_config),
        "\u{113c5}\u{113c2}\n"
    );
    assert_eq!(fast, text);
    assert_eq!(
        differences::settle_fix_text(text, &fast, &ref_config),
        Some(Rule::NewerUnicode)
    );
}
