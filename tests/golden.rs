//! Runs every case in `golden/*.toml` (the headers of
//! `golden/fix_encoding.toml` and `golden/utilities.toml` list the fields).
//! Expected values come from the seeds and ftfy 6.3.1;
//! `cargo xtask golden` checks them against ftfy.

use std::fs;
use std::path::Path;

use ftfy::explain_unicode;
use ftfy::formatting::{
    character_width, display_center, display_ljust, display_rjust, monospaced_width, FillWidthError,
};
use ftfy::{
    apply_plan, fix_and_explain, fix_encoding_and_explain, fix_encoding_with, fix_text_segment,
    fix_text_with, Normalization, TextFixerConfig, UnescapeHtml,
};
use serde::Deserialize;

type Justify = fn(&str, usize, char) -> Result<String, FillWidthError>;
use toml::Table;

/// A golden file. Unknown fields are refused, so that a misspelt key fails
/// the test instead of skipping a check.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GoldenFile {
    #[serde(default)]
    case: Vec<Case>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    input: String,
    /// Why the case is surprising, or differs from ftfy 6.3.1.
    why: Option<String>,
    /// The function whose value here differs from ftfy 6.3.1's on purpose.
    differs_in: Option<Function>,
    /// ftfy 6.3.1's answer where `differs_in` names a difference.
    ftfy: Option<String>,
    /// What a known failure of ftfy 6.3.1 should have given.
    intended: Option<String>,
    #[serde(default)]
    config: Table,
    fix_encoding: Option<String>,
    fix_text: Option<String>,
    fix_text_segment: Option<String>,
    plan: Option<Vec<String>>,
    explain_unicode: Option<String>,
    character_width: Option<i32>,
    monospaced_width: Option<i32>,
    display_ljust: Option<String>,
    display_rjust: Option<String>,
    display_center: Option<String>,
    width: Option<usize>,
    fill: Option<char>,
}

/// The functions a deliberate difference can be in, named as in the files.
#[derive(Deserialize, Clone, Copy, PartialEq, Eq)]
enum Function {
    #[serde(rename = "fix_text")]
    Text,
    #[serde(rename = "fix_encoding")]
    Encoding,
    #[serde(rename = "fix_text_segment")]
    TextSegment,
}

fn config_from(table: &Table) -> TextFixerConfig {
    let mut config = TextFixerConfig::default();
    for (option, value) in table {
        let flag = || {
            value
                .as_bool()
                .unwrap_or_else(|| panic!("{option} takes a boolean"))
        };
        config = match option.as_str() {
            "unescape_html" => config.unescape_html(match value.as_str() {
                Some("auto") => UnescapeHtml::Auto,
                Some("always") => UnescapeHtml::Always,
                Some("never") => UnescapeHtml::Never,
                other => panic!("unescape_html: {other:?}"),
            }),
            "normalization" => config.normalization(match value.as_str() {
                Some("none") => None,
                Some(form) => Some(Normalization::from_name(form).expect("a normalization form")),
                None => panic!("normalization takes a string"),
            }),
            "max_decode_length" => {
                config.max_decode_length(value.as_integer().expect("an integer") as usize)
            }
            "remove_terminal_escapes" => config.remove_terminal_escapes(flag()),
            "fix_encoding" => config.fix_encoding(flag()),
            "restore_byte_a0" => config.restore_byte_a0(flag()),
            "replace_lossy_sequences" => config.replace_lossy_sequences(flag()),
            "decode_inconsistent_utf8" => config.decode_inconsistent_utf8(flag()),
            "fix_c1_controls" => config.fix_c1_controls(flag()),
            "fix_latin_ligatures" => config.fix_latin_ligatures(flag()),
            "fix_character_width" => config.fix_character_width(flag()),
            "uncurl_quotes" => config.uncurl_quotes(flag()),
            "fix_line_breaks" => config.fix_line_breaks(flag()),
            "fix_surrogates" => config.fix_surrogates(flag()),
            "remove_control_chars" => config.remove_control_chars(flag()),
            "extended_recovery" => config.extended_recovery(flag()),
            other => panic!("unknown option {other}"),
        };
    }
    config
}

fn check(failures: &mut Vec<String>, case: &Case, function: &str, expected: &str, got: &str) {
    if expected != got {
        failures.push(format!(
            "{}: {function}({:?}) gave {got:?}, expected {expected:?}",
            case.name, case.input
        ));
    }
}

#[test]
fn golden_cases() {
    let mut failures = Vec::new();
    let mut names = std::collections::HashSet::new();
    let mut checked = 0;
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("golden");
    let mut paths: Vec<_> = fs::read_dir(&golden)
        .expect("golden/ exists")
        .map(|entry| entry.expect("readable").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "toml"))
        .collect();
    paths.sort();
    for path in paths {
        let text = fs::read_to_string(&path).expect("readable golden file");
        let file: GoldenFile =
            toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for case in &file.case {
            let config = config_from(&case.config);
            check_annotations(&mut failures, case);
            if !names.insert(case.name.clone()) {
                failures.push(format!("{}: a second case with this name", case.name));
            }
            check_plans_replay(&mut failures, case, &config);
            if let Some(expected) = &case.fix_encoding {
                check(
                    &mut failures,
                    case,
                    "fix_encoding",
                    expected,
                    &fix_encoding_with(&case.input, &config),
                );
                checked += 1;
            }
            if let Some(expected) = &case.fix_text {
                check(
                    &mut failures,
                    case,
                    "fix_text",
                    expected,
                    &fix_text_with(&case.input, &config),
                );
                checked += 1;
            }
            if let Some(expected) = &case.fix_text_segment {
                check(
                    &mut failures,
                    case,
                    "fix_text_segment",
                    expected,
                    &fix_text_segment(&case.input, &config),
                );
                checked += 1;
            }
            let justify = [
                (
                    &case.display_ljust,
                    "display_ljust",
                    display_ljust as Justify,
                ),
                (&case.display_rjust, "display_rjust", display_rjust),
                (&case.display_center, "display_center", display_center),
            ];
            for (expected, name, justify) in justify {
                if let Some(expected) = expected {
                    let (width, fill) = (case.width.expect("a width"), case.fill.expect("a fill"));
                    let got = justify(&case.input, width, fill).unwrap_or_else(|e| e.to_string());
                    check(&mut failures, case, name, expected, &got);
                    checked += 1;
                }
            }
            if let Some(expected) = &case.explain_unicode {
                check(
                    &mut failures,
                    case,
                    "explain_unicode",
                    expected,
                    &explain_unicode(&case.input),
                );
                checked += 1;
            }
            if let Some(expected) = case.character_width {
                let c = case.input.chars().next().expect("one character");
                check(
                    &mut failures,
                    case,
                    "character_width",
                    &expected.to_string(),
                    &character_width(c).to_string(),
                );
                checked += 1;
            }
            if let Some(expected) = case.monospaced_width {
                check(
                    &mut failures,
                    case,
                    "monospaced_width",
                    &expected.to_string(),
                    &monospaced_width(&case.input).to_string(),
                );
                checked += 1;
            }
            if let Some(expected) = &case.plan {
                let plan = fix_encoding_and_explain(&case.input, &config)
                    .explanation
                    .unwrap_or_default();
                let got: Vec<String> = plan.iter().map(ToString::to_string).collect();
                check(
                    &mut failures,
                    case,
                    "plan",
                    &expected.join(", "),
                    &got.join(", "),
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 500, "only {checked} golden values found");
    assert!(
        failures.is_empty(),
        "{} golden failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The annotations that explain a case must come with what they explain.
fn check_annotations(failures: &mut Vec<String>, case: &Case) {
    let mut problem = |message: &str| failures.push(format!("{}: {message}", case.name));
    if case.differs_in.is_some() != case.ftfy.is_some() {
        problem("`differs_in` and `ftfy` go together");
    }
    if (case.differs_in.is_some() || case.intended.is_some()) && case.why.is_none() {
        problem("a difference or a known failure needs a `why`");
    }
    if let Some(differs_in) = case.differs_in {
        let ours = match differs_in {
            Function::Text => &case.fix_text,
            Function::Encoding => &case.fix_encoding,
            Function::TextSegment => &case.fix_text_segment,
        };
        if ours.is_none() || *ours == case.ftfy {
            problem("`differs_in` names a function whose value is missing or not different");
        }
    }
    if case.intended.is_some() && case.intended == case.fix_encoding {
        problem("`intended` is reached: this is no longer a known failure");
    }
}

/// The plans that explain a fix replay to the fixed text, as ftfy's own
/// tests require.
fn check_plans_replay(failures: &mut Vec<String>, case: &Case, config: &TextFixerConfig) {
    let explaining = config.clone().explain(true);
    let replays = |fixed: ftfy::ExplainedText| {
        let plan = fixed.explanation.unwrap_or_default();
        apply_plan(&case.input, &plan).is_ok_and(|replayed| replayed == fixed.text)
    };
    if case.fix_text.is_some() && !replays(fix_and_explain(&case.input, &explaining)) {
        failures.push(format!(
            "{}: the plan of fix_and_explain does not replay",
            case.name
        ));
    }
    if case.fix_encoding.is_some() && !replays(fix_encoding_and_explain(&case.input, config)) {
        failures.push(format!(
            "{}: the plan of fix_encoding_and_explain does not replay",
            case.name
        ));
    }
}
