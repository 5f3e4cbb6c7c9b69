//! ftfy's `fix_encoding` and `fix_encoding_and_explain` (`ftfy/__init__.py`):
//! detect mojibake and undo it, one step at a time, until a step changes
//! nothing.
//!
//! One step, in ftfy's order:
//!
//! 1. ASCII text, and text that does not look like mojibake
//!    ([`crate::is_bad`]), stays as it is.
//! 2. For each encoding of `CHARMAP_ENCODINGS` that could have produced the
//!    text: encode it, repair the bytes (`restore_byte_a0`,
//!    `replace_lossy_sequences`), and decode them as UTF-8 (or
//!    `utf-8-variants`). The first that decodes wins.
//! 3. Else fix runs of UTF-8 mojibake inside other text
//!    (`decode_inconsistent_utf8`).
//! 4. Else, if the text is Latin-1 but not Windows-1252, read it as
//!    Windows-1252.
//! 5. Else replace C1 controls by their Windows-1252 characters.

use crate::chardata::{self, C1_CONTROL_RE, CHARMAP_ENCODINGS, UTF8_DETECTOR_RE};
use crate::plan::{ExplainedText, ExplanationStep};
use crate::{badness, codecs, fixes, python, TextFixerConfig};

/// ftfy's `fix_encoding`: [`fix_encoding_and_explain`] without the
/// explanation.
///
/// ```
/// use ftfy_reference::{fix_encoding, TextFixerConfig};
/// let config = TextFixerConfig::default();
/// assert_eq!(fix_encoding("Ã³", &config), "ó");
/// assert_eq!(fix_encoding("&ATILDE;&SUP3;", &config), "&ATILDE;&SUP3;");
/// ```
pub fn fix_encoding(text: &str, config: &TextFixerConfig) -> String {
    fix_encoding_and_explain(text, config).text
}

/// ftfy's `fix_encoding_and_explain`: fixes mojibake (with the four options
/// that tune it), and explains the steps that fixed it.
///
/// ```
/// use ftfy_reference::{fix_encoding_and_explain, ExplanationStep, TextFixerConfig};
/// let fixed = fix_encoding_and_explain("voilÃ le travail", &TextFixerConfig::default());
/// assert_eq!(fixed.text, "voilà le travail");
/// assert_eq!(
///     fixed.explanation.unwrap(),
///     [
///         ExplanationStep::new("encode", "latin-1"),
///         ExplanationStep::new("transcode", "restore_byte_a0"),
///         ExplanationStep::new("decode", "utf-8"),
///     ]
/// );
/// ```
pub fn fix_encoding_and_explain(text: &str, config: &TextFixerConfig) -> ExplainedText {
    if !config.fix_encoding {
        // A weird trivial case: asked to fix the encoding, but to skip
        // fixing the encoding.
        return ExplainedText {
            text: text.to_string(),
            explanation: Some(Vec::new()),
        };
    }
    let mut plan_so_far = Vec::new();
    let mut text = text.to_string();
    loop {
        let prevtext = text.clone();
        let (fixed, plan) = fix_encoding_one_step_and_explain(&text, config);
        plan_so_far.extend(plan);
        text = fixed;
        if text == prevtext {
            return ExplainedText {
                text,
                explanation: Some(plan_so_far),
            };
        }
    }
}

/// ftfy's `_fix_encoding_one_step_and_explain`: one step of fixing the
/// encoding of text.
fn fix_encoding_one_step_and_explain(
    text: &str,
    config: &TextFixerConfig,
) -> (String, Vec<ExplanationStep>) {
    let unchanged = || (text.to_string(), Vec::new());
    if text.is_empty() {
        return unchanged();
    }
    // The first plan is to return ASCII text unchanged, as well as text
    // that doesn't look like it contains mojibake.
    if chardata::possible_encoding(text, "ascii") || !badness::is_bad(text) {
        return unchanged();
    }

    // Remember the encodings that could have produced the text but did not
    // fix it: they matter later.
    let mut possible_1byte_encodings = Vec::new();

    // UTF-8 decoded in a single-byte encoding: when this can be fixed, it
    // is usually the right thing to do, so try it first.
    for encoding in CHARMAP_ENCODINGS {
        if chardata::possible_encoding(text, encoding) {
            possible_1byte_encodings.push(encoding);
            if let Some(fixed) = reencode_as_utf8(text, encoding, config) {
                return fixed;
            }
        }
    }

    // Look for a-hat-euro sequences that remain, and fix them in isolation.
    let behind = chardata::follows_strict_continuation;
    if config.decode_inconsistent_utf8
        && python::search_not_after(&UTF8_DETECTOR_RE, &behind, text, 0).is_some()
    {
        let steps = vec![ExplanationStep::new("apply", "decode_inconsistent_utf8")];
        let fixed = fixes::decode_inconsistent_utf8(text);
        if fixed != text {
            return (fixed, steps);
        }
    }

    // The next most likely case is Latin-1 that was meant to be read as
    // Windows-1252, two encodings easily confused.
    if possible_1byte_encodings.contains(&"latin-1") {
        if possible_1byte_encodings.contains(&"windows-1252") {
            // In both Latin-1 and Windows-1252: probably legit. (ftfy's
            // list holds "sloppy-windows-1252", never "windows-1252", so
            // this branch is never taken; it is kept as ftfy writes it.)
            return unchanged();
        }
        // Characters in Latin-1 but not in Windows-1252 are C1 controls,
        // which nobody wants: assume they were meant as Windows-1252.
        let latin_1 = codecs::encode(text, "latin-1").expect("the text is Latin-1");
        if let Ok(fixed) = codecs::decode(&latin_1, "windows-1252") {
            if fixed != text {
                let steps = vec![
                    ExplanationStep::new("encode", "latin-1"),
                    ExplanationStep::new("decode", "windows-1252"),
                ];
                return (fixed, steps);
            }
        }
    }

    // Fix individual characters of Latin-1 with a less satisfying
    // explanation.
    if config.fix_c1_controls && C1_CONTROL_RE.is_match(text) {
        let steps = vec![ExplanationStep::new("transcode", "fix_c1_controls")];
        return (fixes::fix_c1_controls(text), steps);
    }

    // The cases that remain are mixups between two single-byte encodings
    // other than Latin-1 and Windows-1252: ftfy leaves them.
    unchanged()
}

/// The inner part of ftfy's loop over `CHARMAP_ENCODINGS`: encode the text
/// in `encoding`, repair the bytes, and decode them as UTF-8; `None` where
/// Python's decoder raises `UnicodeDecodeError`.
fn reencode_as_utf8(
    text: &str,
    encoding: &str,
    config: &TextFixerConfig,
) -> Option<(String, Vec<ExplanationStep>)> {
    let mut encoded_bytes = codecs::encode(text, encoding).expect("possible_encoding said so");
    let encode_step = ExplanationStep::new("encode", encoding);
    let mut transcode_steps = Vec::new();
    let mut decoding = "utf-8";

    // Sequences that would be UTF-8 but for b' ' where b'\xa0' belongs. Not
    // in MacRoman, where it would match an en dash followed by a space.
    if config.restore_byte_a0
        && encoding != "macroman"
        && chardata::ALTERED_UTF8_RE.is_match(&encoded_bytes)
    {
        let replaced_bytes = fixes::restore_byte_a0(&encoded_bytes);
        if replaced_bytes != encoded_bytes {
            transcode_steps.push(ExplanationStep::new("transcode", "restore_byte_a0"));
            encoded_bytes = replaced_bytes;
        }
    }

    // Replace sequences where information has been lost.
    if config.replace_lossy_sequences && codecs::is_sloppy(encoding) {
        let replaced_bytes = fixes::replace_lossy_sequences(&encoded_bytes);
        if replaced_bytes != encoded_bytes {
            transcode_steps.push(ExplanationStep::new("transcode", "replace_lossy_sequences"));
            encoded_bytes = replaced_bytes;
        }
    }

    if encoded_bytes.contains(&0xED) || encoded_bytes.contains(&0xC0) {
        decoding = "utf-8-variants";
    }

    let decode_step = ExplanationStep::new("decode", decoding);
    let fixed = codecs::decode(&encoded_bytes, decoding).ok()?;
    let mut steps = vec![encode_step];
    steps.extend(transcode_steps);
    steps.push(decode_step);
    Some((fixed, steps))
}
