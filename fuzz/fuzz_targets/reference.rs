//! The library against ftfy-reference, ftfy 6.3.1 written plainly, on
//! arbitrary text and configurations (default mode): fix_text,
//! fix_encoding and fix_and_explain give the reference's answers, except by
//! the rules of `ftfy_reference::differences` for the library's documented
//! differences from ftfy 6.3.1, and where the answers are equal the plans
//! are equal and both engines replay them alike.
#![no_main]

use ftfy::{Normalization, TextFixerConfig, UnescapeHtml};
use ftfy_reference as reference;
use ftfy_reference::differences::{settle, settle_fix_text, Rule};
use libfuzzer_sys::fuzz_target;

/// The configuration the flags pick, in both engines' terms.
fn configs(flags: u16) -> (TextFixerConfig, reference::TextFixerConfig) {
    let bit = |n: u16| flags & (1 << n) != 0;
    let (html, ref_html) = match (bit(0), bit(1)) {
        (true, _) => (UnescapeHtml::Always, reference::UnescapeHtml::Always),
        (false, true) => (UnescapeHtml::Never, reference::UnescapeHtml::Never),
        (false, false) => (UnescapeHtml::Auto, reference::UnescapeHtml::Auto),
    };
    let (form, ref_form) = match (bit(13), bit(14)) {
        (false, false) => (Some(Normalization::Nfc), Some(reference::Normalization::Nfc)),
        (true, false) => (Some(Normalization::Nfkc), Some(reference::Normalization::Nfkc)),
        (false, true) => (Some(Normalization::Nfd), Some(reference::Normalization::Nfd)),
        (true, true) => (None, None),
    };
    let max_decode_length = if bit(15) { 8 } else { 1_000_000 };
    let config = TextFixerConfig::default()
        .unescape_html(html)
        .fix_encoding(!bit(2))
        .restore_byte_a0(!bit(3))
        .replace_lossy_sequences(!bit(4))
        .decode_inconsistent_utf8(!bit(5))
        .fix_c1_controls(!bit(6))
        .fix_latin_ligatures(!bit(7))
        .fix_character_width(!bit(8))
        .uncurl_quotes(!bit(9))
        .fix_line_breaks(!bit(10))
        .remove_terminal_escapes(!bit(11))
        .remove_control_chars(!bit(12))
        .normalization(form)
        .max_decode_length(max_decode_length);
    let ref_config = reference::TextFixerConfig {
        unescape_html: ref_html,
        fix_encoding: !bit(2),
        restore_byte_a0: !bit(3),
        replace_lossy_sequences: !bit(4),
        decode_inconsistent_utf8: !bit(5),
        fix_c1_controls: !bit(6),
        fix_latin_ligatures: !bit(7),
        fix_character_width: !bit(8),
        uncurl_quotes: !bit(9),
        fix_line_breaks: !bit(10),
        remove_terminal_escapes: !bit(11),
        remove_control_chars: !bit(12),
        normalization: ref_form,
        max_decode_length,
        ..reference::TextFixerConfig::default()
    };
    (config, ref_config)
}

/// The library's plan as the reference writes plans.
fn as_reference_plan(plan: &[ftfy::ExplanationStep]) -> Vec<reference::ExplanationStep> {
    plan.iter()
        .map(|step| reference::ExplanationStep::new(step.action().name(), step.parameter_name()))
        .collect()
}

/// The plans are equal, and both engines replay the reference's alike (the
/// reference, as ftfy, cannot replay a `normalize` step).
fn check_plans(text: &str, fast: ftfy::ExplainedText, expected: reference::ExplainedText) {
    let plan = expected.explanation.unwrap_or_default();
    assert_eq!(as_reference_plan(&fast.explanation.unwrap_or_default()), plan, "the plans differ");
    let steps: Vec<ftfy::ExplanationStep> = plan
        .iter()
        .map(|step| ftfy::ExplanationStep::from_names(&step.action, &step.parameter).unwrap())
        .collect();
    let replayed = ftfy::apply_plan(text, &steps).expect("the library replays ftfy's plan");
    assert_eq!(replayed, expected.text, "the library replays the plan to another text");
    match reference::apply_plan(text, &plan) {
        Ok(replayed) => assert_eq!(replayed, expected.text, "the reference replays to another text"),
        Err(reference::PlanError::UnknownStep(step)) => assert_eq!(step, "normalize"),
        Err(error) => panic!("the reference cannot replay {plan:?}: {error}"),
    }
}

fuzz_target!(|input: (u16, &str)| {
    let (flags, text) = input;
    let (config, ref_config) = configs(flags);

    let fast = ftfy::fix_text_with(text, &config);
    let rule = settle_fix_text(text, &fast, &ref_config);
    assert!(rule.is_some(), "fix_text differs from ftfy's beyond the documented rules: {fast:?}");

    let fast = ftfy::fix_encoding_and_explain(text, &TextFixerConfig::default());
    let expected = reference::fix_encoding_and_explain(text, &reference::TextFixerConfig::default());
    match settle(text, &fast.text, &expected.text) {
        Some(Rule::Equal) => check_plans(text, fast, expected),
        Some(_) => {}
        None => panic!("fix_encoding differs: {:?}, ftfy {:?}", fast.text, expected.text),
    }

    let fast = ftfy::fix_and_explain(text, &config);
    let expected = reference::fix_and_explain(text, &ref_config);
    match settle(text, &fast.text, &expected.text) {
        Some(Rule::Equal) => check_plans(text, fast, expected),
        Some(_) => {}
        None => panic!("fix_and_explain differs: {:?}, ftfy {:?}", fast.text, expected.text),
    }
});
