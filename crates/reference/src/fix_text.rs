//! ftfy's `fix_text` and `fix_and_explain` (`ftfy/__init__.py`): the text
//! is fixed a line at a time (and a long line in pieces), each piece by a
//! round of fixes in a fixed order, repeated until a round changes nothing.

use unicode_normalization::UnicodeNormalization;

use crate::config::{Normalization, UnescapeHtml};
use crate::plan::{self, ExplainedText, ExplanationStep, Fixer};
use crate::{fix_encoding, fix_encoding_and_explain, TextFixerConfig};

/// The fixes of a round after `unescape_html` and `fix_encoding`, in
/// ftfy's order.
const ROUND: [&str; 8] = [
    "fix_c1_controls",
    "fix_latin_ligatures",
    "fix_character_width",
    "uncurl_quotes",
    "fix_line_breaks",
    "fix_surrogates",
    "remove_terminal_escapes",
    "remove_control_chars",
];

/// ftfy's `fix_text`: fixes mojibake and the other glitches the
/// configuration names, in independent segments: each line (with its
/// `\n`), or `max_decode_length` characters of a longer one.
///
/// With `unescape_html` set to `Auto`, the first segment that holds a `<`
/// turns entity decoding off for the rest of the text: it is probably
/// HTML. Explanations are not returned; but, as in ftfy, whether `explain`
/// is on decides whether the segments' `fix_encoding` takes the four
/// options that tune it from `config` (on) or from the defaults (off).
/// ftfy's `fix_text(text)` is `fix_text(text, &TextFixerConfig { explain:
/// false, ..Default::default() })`.
///
/// ```
/// use ftfy_reference::{fix_text, TextFixerConfig};
/// let config = TextFixerConfig { explain: false, ..Default::default() };
/// assert_eq!(fix_text("âœ” No problems", &config), "✔ No problems");
/// assert_eq!(fix_text("&macr;\\_(ã\u{83}\u{84})_/&macr;", &config), "¯\\_(ツ)_/¯");
/// assert_eq!(fix_text("Broken text&hellip; it&#x2019;s ﬂubberiﬁc!", &config), "Broken text… it's flubberific!");
/// assert_eq!(fix_text("ＬＯＵＤ　ＮＯＩＳＥＳ", &config), "LOUD NOISES");
/// ```
///
/// # Panics
///
/// When `max_decode_length` is 0, where ftfy 6.3.1 loops forever.
pub fn fix_text(text: &str, config: &TextFixerConfig) -> String {
    let mut config = config.clone();
    let mut out = String::new();
    let mut pos = 0;
    while pos < text.len() {
        let rest = &text[pos..];
        let mut textbreak = rest.find('\n').map_or(rest.len(), |newline| newline + 1);
        if rest[..textbreak].chars().count() > config.max_decode_length {
            textbreak = rest
                .char_indices()
                .nth(config.max_decode_length)
                .map_or(rest.len(), |(at, _)| at);
        }
        assert!(
            textbreak > 0,
            "ftfy 6.3.1 loops forever when max_decode_length is 0"
        );

        let segment = &rest[..textbreak];
        if config.unescape_html == UnescapeHtml::Auto && segment.contains('<') {
            config.unescape_html = UnescapeHtml::Never;
        }
        out.push_str(&fix_and_explain(segment, &config).text);
        pos += textbreak;
    }
    out
}

/// ftfy's `fix_and_explain`: fixes the text as a single segment, and
/// explains what it fixed (if `config.explain` is on).
///
/// ```
/// use ftfy_reference::{fix_and_explain, TextFixerConfig};
/// let fixed = fix_and_explain("â€œquotedâ€\u{9d}", &TextFixerConfig::default());
/// assert_eq!(fixed.text, "\"quoted\"");
/// let steps: Vec<String> = fixed.explanation.unwrap().iter().map(|s| s.to_string()).collect();
/// assert_eq!(
///     steps,
///     ["('encode', 'sloppy-windows-1252')", "('decode', 'utf-8')", "('apply', 'uncurl_quotes')"]
/// );
/// ```
pub fn fix_and_explain(text: &str, config: &TextFixerConfig) -> ExplainedText {
    let mut config = config.clone();
    if config.unescape_html == UnescapeHtml::Auto && text.contains('<') {
        config.unescape_html = UnescapeHtml::Never;
    }
    let mut steps = config.explain.then(Vec::new);
    let mut text = text.to_string();
    loop {
        let origtext = text.clone();

        text = try_fix("unescape_html", &text, &config, steps.as_mut());

        if config.fix_encoding {
            match steps.as_mut() {
                // ftfy calls fix_encoding(text) here, without the config:
                // the four options that tune it take their defaults.
                None => text = fix_encoding(&text, &TextFixerConfig::default()),
                Some(steps) => {
                    let fixed = fix_encoding_and_explain(&text, &config);
                    steps.extend(fixed.explanation.unwrap_or_default());
                    text = fixed.text;
                }
            }
        }

        for fixer in ROUND {
            text = try_fix(fixer, &text, &config, steps.as_mut());
        }

        if let Some(form) = config.normalization {
            let fixed = normalize(form, &text);
            if let Some(steps) = steps.as_mut() {
                if fixed != text {
                    steps.push(ExplanationStep::new("normalize", form.name()));
                }
            }
            text = fixed;
        }

        if text == origtext {
            return ExplainedText {
                text,
                explanation: steps,
            };
        }
    }
}

/// ftfy's `_try_fix`: applies the fixer if the config enables it, and
/// records it in `steps` if it changed the text.
fn try_fix(
    fixer_name: &str,
    text: &str,
    config: &TextFixerConfig,
    steps: Option<&mut Vec<ExplanationStep>>,
) -> String {
    if !config.enables(fixer_name) {
        return text.to_string();
    }
    let Some(Fixer::Text(fixer)) = plan::fixer(fixer_name) else {
        unreachable!("{fixer_name} is a fixer of text");
    };
    let fixed = fixer(text);
    if let Some(steps) = steps {
        if fixed != text {
            steps.push(ExplanationStep::new("apply", fixer_name));
        }
    }
    fixed
}

/// Python's `unicodedata.normalize(form, text)`.
pub(crate) fn normalize(form: Normalization, text: &str) -> String {
    match form {
        Normalization::Nfc => text.nfc().collect(),
        Normalization::Nfd => text.nfd().collect(),
        Normalization::Nfkc => text.nfkc().collect(),
        Normalization::Nfkd => text.nfkd().collect(),
    }
}
