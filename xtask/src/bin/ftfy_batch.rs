//! Runs the library on a batch of cases, for the differential check against
//! Python ftfy (`cargo xtask differential`) and the other checks of
//! `xtask/python/`.
//!
//! Reads JSON lines `{"id": …, "func": …, "config": {option: value}, "input": …}`
//! from standard input, where `func` is `fix_text`, `fix_encoding`,
//! `fix_text_segment`, `fix_and_explain`, `fix_encoding_and_explain`,
//! `explain_unicode`, `monospaced_width` or `character_widths`, and
//! writes one JSON line per case: `{"id", "output", "plan", "replay"}`,
//! where `plan` is the explanation as `[action, parameter]` pairs (or null)
//! and `replay` is `apply_plan(input, plan)` (or an error message).
//! `guess_bytes` takes its bytes as hex (`input_hex`) and gives
//! `{"id", "output", "encoding"}` (`guess_bytes_with` and the config).
//!
//! A case with `"engine": "reference"` runs on `ftfy-reference`, ftfy 6.3.1
//! written plainly, instead (`fix_text`, `fix_encoding`, `fix_and_explain`,
//! `fix_encoding_and_explain`; plans replayed with its `apply_plan`).

use std::io::{self, BufRead, BufWriter, Write};

use ftfy::{
    apply_plan, fix_and_explain, fix_encoding_and_explain, fix_encoding_with, fix_text_segment,
    fix_text_with, ExplainedText, Normalization, TextFixerConfig, UnescapeHtml,
};
use serde_json::{json, Map, Value};

fn config_from(options: &Map<String, Value>) -> Result<TextFixerConfig, String> {
    let mut config = TextFixerConfig::default();
    for (option, value) in options {
        let flag = || value.as_bool().ok_or(format!("{option} takes a boolean"));
        config = match option.as_str() {
            "unescape_html" => config.unescape_html(match value {
                Value::Bool(true) => UnescapeHtml::Always,
                Value::Bool(false) => UnescapeHtml::Never,
                _ => UnescapeHtml::Auto,
            }),
            "normalization" => config.normalization(match value.as_str() {
                None => None,
                Some(form) => Some(Normalization::from_name(form).ok_or("bad normalization")?),
            }),
            "max_decode_length" => config.max_decode_length(
                value.as_u64().ok_or("max_decode_length takes an integer")? as usize,
            ),
            "remove_terminal_escapes" => config.remove_terminal_escapes(flag()?),
            "fix_encoding" => config.fix_encoding(flag()?),
            "restore_byte_a0" => config.restore_byte_a0(flag()?),
            "replace_lossy_sequences" => config.replace_lossy_sequences(flag()?),
            "decode_inconsistent_utf8" => config.decode_inconsistent_utf8(flag()?),
            "fix_c1_controls" => config.fix_c1_controls(flag()?),
            "fix_latin_ligatures" => config.fix_latin_ligatures(flag()?),
            "fix_character_width" => config.fix_character_width(flag()?),
            "uncurl_quotes" => config.uncurl_quotes(flag()?),
            "fix_line_breaks" => config.fix_line_breaks(flag()?),
            "fix_surrogates" => config.fix_surrogates(flag()?),
            "remove_control_chars" => config.remove_control_chars(flag()?),
            "explain" => config.explain(flag()?),
            "extended_recovery" => config.extended_recovery(flag()?),
            other => return Err(format!("unknown option {other}")),
        };
    }
    Ok(config)
}

fn reference_config(
    options: &Map<String, Value>,
) -> Result<ftfy_reference::TextFixerConfig, String> {
    use ftfy_reference::{Normalization, UnescapeHtml};
    let mut config = ftfy_reference::TextFixerConfig::default();
    for (option, value) in options {
        let flag = || value.as_bool().ok_or(format!("{option} takes a boolean"));
        match option.as_str() {
            "unescape_html" => {
                config.unescape_html = match value {
                    Value::Bool(true) => UnescapeHtml::Always,
                    Value::Bool(false) => UnescapeHtml::Never,
                    _ => UnescapeHtml::Auto,
                }
            }
            "normalization" => {
                config.normalization = match value.as_str() {
                    None => None,
                    Some("NFC") => Some(Normalization::Nfc),
                    Some("NFD") => Some(Normalization::Nfd),
                    Some("NFKC") => Some(Normalization::Nfkc),
                    Some("NFKD") => Some(Normalization::Nfkd),
                    Some(_) => return Err("bad normalization".into()),
                }
            }
            "max_decode_length" => {
                config.max_decode_length =
                    value.as_u64().ok_or("max_decode_length takes an integer")? as usize
            }
            "remove_terminal_escapes" => config.remove_terminal_escapes = flag()?,
            "fix_encoding" => config.fix_encoding = flag()?,
            "restore_byte_a0" => config.restore_byte_a0 = flag()?,
            "replace_lossy_sequences" => config.replace_lossy_sequences = flag()?,
            "decode_inconsistent_utf8" => config.decode_inconsistent_utf8 = flag()?,
            "fix_c1_controls" => config.fix_c1_controls = flag()?,
            "fix_latin_ligatures" => config.fix_latin_ligatures = flag()?,
            "fix_character_width" => config.fix_character_width = flag()?,
            "uncurl_quotes" => config.uncurl_quotes = flag()?,
            "fix_line_breaks" => config.fix_line_breaks = flag()?,
            "fix_surrogates" => config.fix_surrogates = flag()?,
            "remove_control_chars" => config.remove_control_chars = flag()?,
            "explain" => config.explain = flag()?,
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(config)
}

/// A case run on the reference implementation.
fn run_reference(case: &Value) -> Result<Value, String> {
    let empty = Map::new();
    let config = reference_config(case["config"].as_object().unwrap_or(&empty))?;
    let input = case["input"].as_str().ok_or("no input")?;
    let explained = |fixed: ftfy_reference::ExplainedText| {
        let plan = fixed.explanation.unwrap_or_default();
        let replay = ftfy_reference::apply_plan(input, &plan)
            .unwrap_or_else(|error| format!("error: {error}"));
        let plan: Vec<[&str; 2]> = plan
            .iter()
            .map(|s| [s.action.as_str(), s.parameter.as_str()])
            .collect();
        json!({"output": fixed.text, "plan": plan, "replay": replay})
    };
    Ok(match case["func"].as_str().ok_or("no func")? {
        "fix_text" => json!({"output": ftfy_reference::fix_text(input, &config)}),
        "fix_encoding" => json!({"output": ftfy_reference::fix_encoding(input, &config)}),
        "fix_and_explain" => explained(ftfy_reference::fix_and_explain(input, &config)),
        "fix_encoding_and_explain" => {
            explained(ftfy_reference::fix_encoding_and_explain(input, &config))
        }
        other => return Err(format!("the reference has no {other}")),
    })
}

fn run(case: &Value) -> Result<Value, String> {
    if case["engine"] == "reference" {
        return run_reference(case);
    }
    let empty = Map::new();
    let config = config_from(case["config"].as_object().unwrap_or(&empty))?;
    if case["func"] == "guess_bytes" {
        // Bytes come as hex, `input_hex`.
        let hex = case["input_hex"].as_str().ok_or("no input_hex")?;
        let bytes = (0..hex.len())
            .step_by(2)
            .map(|at| u8::from_str_radix(hex.get(at..at + 2).unwrap_or("zz"), 16))
            .collect::<Result<Vec<u8>, _>>()
            .map_err(|error| error.to_string())?;
        return Ok(match ftfy::guess_bytes_with(&bytes, &config) {
            Ok((text, encoding)) => json!({"output": text, "encoding": encoding}),
            Err(error) => json!({"error": error.to_string()}),
        });
    }
    let input = case["input"].as_str().ok_or("no input")?;
    let explained = |fixed: ExplainedText| {
        let plan = fixed.explanation.unwrap_or_default();
        let replay = apply_plan(input, &plan).unwrap_or_else(|error| format!("error: {error}"));
        let plan: Vec<[&str; 2]> = plan
            .iter()
            .map(|s| [s.action().name(), s.parameter_name()])
            .collect();
        json!({"output": fixed.text, "plan": plan, "replay": replay})
    };
    Ok(match case["func"].as_str().ok_or("no func")? {
        "fix_text" => json!({"output": fix_text_with(input, &config)}),
        "fix_encoding" => json!({"output": fix_encoding_with(input, &config)}),
        "fix_text_segment" => json!({"output": fix_text_segment(input, &config)}),
        "fix_and_explain" => explained(fix_and_explain(input, &config)),
        "fix_encoding_and_explain" => explained(fix_encoding_and_explain(input, &config)),
        "explain_unicode" => json!({"output": ftfy::explain_unicode(input)}),
        "monospaced_width" => json!({"output": ftfy::formatting::monospaced_width(input)}),
        "character_widths" => {
            let widths: Vec<i32> = input
                .chars()
                .map(ftfy::formatting::character_width)
                .collect();
            json!({"output": widths})
        }
        other => return Err(format!("unknown func {other}")),
    })
}

fn main() -> io::Result<()> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for line in io::stdin().lock().lines() {
        let line = line?;
        let result = serde_json::from_str::<Value>(&line)
            .map_err(|error| error.to_string())
            .and_then(|case| {
                let mut result = run(&case)?;
                result["id"] = case["id"].clone();
                Ok(result)
            });
        let record = result.unwrap_or_else(|error| json!({"error": error}));
        serde_json::to_writer(&mut out, &record)?;
        out.write_all(b"\n")?;
    }
    out.flush()
}
