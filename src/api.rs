//! The public entry points that depend on the mode: each picks ftfy
//! 6.3.1's algorithm or extended recovery, as the configuration says,
//! through [`crate::mode`], and runs the core's pipeline in it.

use std::borrow::Cow;

use crate::{mode, ExplainedText, ExplanationStep, PlanError, TextFixerConfig};

/// Fixes text with the default configuration: see [`fix_text_with`].
///
/// ```
/// use ftfy::fix_text;
///
/// assert_eq!(fix_text("âœ” No problems"), "✔ No problems");
/// assert_eq!(fix_text("&macr;\\_(ã\u{83}\u{84})_/&macr;"), "¯\\_(ツ)_/¯");
/// assert_eq!(fix_text("Broken text&hellip; it&#x2019;s ﬂubberiﬁc!"), "Broken text… it's flubberific!");
/// assert_eq!(fix_text("ＬＯＵＤ　ＮＯＩＳＥＳ"), "LOUD NOISES");
/// assert_eq!(fix_text("HTML entities &lt;3"), "HTML entities <3");
/// assert_eq!(fix_text("<em>HTML entities &lt;3</em>"), "<em>HTML entities &lt;3</em>");
/// assert_eq!(fix_text("\u{feff}Party like\nit&rsquo;s 1999!"), "Party like\nit's 1999!");
/// assert_eq!(fix_text("ﬁ".repeat(100_000).as_str()).chars().count(), 200_000);
/// assert_eq!(fix_text(""), "");
/// ```
pub fn fix_text(text: &str) -> Cow<'_, str> {
    fix_text_with(text, &TextFixerConfig::default())
}

/// Fixes text line by line with the fixes `config` enables.
///
/// Each line (and each piece of `max_decode_length` characters of a longer
/// line) is fixed on its own, so lines in different encodings, as in text
/// joined from several sources, are each fixed right. With HTML entities in
/// `Auto` mode, the first line that holds a `<` turns entity decoding off
/// for the rest of the text: it is probably HTML.
///
/// Unchanged text is returned borrowed. The result is a fixed point:
/// `fix_text_with(&fix_text_with(x, c), c) == fix_text_with(x, c)` for
/// every `x` and `c` (for lines shorter than `max_decode_length` both
/// before and after fixing, as they are unless you lower it), a promise
/// ftfy 6.3.1 makes but misses when fixing a line break splits a line.
///
/// ```
/// use ftfy::{fix_text_with, Normalization, TextFixerConfig};
///
/// let config = TextFixerConfig::default().normalization(Some(Normalization::Nfkc));
/// assert_eq!(
///     fix_text_with("\u{1}\u{1b}[36;44mI&#x92;m blue, da ba dee da ba doo&#133;\u{1b}[0m", &config),
///     "I'm blue, da ba dee da ba doo..."
/// );
/// ```
pub fn fix_text_with<'a>(text: &'a str, config: &TextFixerConfig) -> Cow<'a, str> {
    mode::of(config).fix_text(text, config)
}

/// Fixes text as one segment, without splitting it into lines: use it when
/// the whole text surely went through the same damage. HTML entities in
/// `Auto` mode are decoded unless the text holds a `<` anywhere.
///
/// ```
/// use ftfy::{fix_text_segment, TextFixerConfig};
///
/// let config = TextFixerConfig::default();
/// assert_eq!(fix_text_segment("cafÃ©\r\nbar", &config), "café\nbar");
/// ```
pub fn fix_text_segment<'a>(text: &'a str, config: &TextFixerConfig) -> Cow<'a, str> {
    mode::of(config).fix_text_segment(text, config)
}

/// Fixes text as one segment, like [`fix_text_segment`], and returns the
/// plan of named steps that fixed it (or `None` for the plan when
/// `config.explain` is off). [`apply_plan`](crate::apply_plan) replays the
/// plan.
///
/// ```
/// use ftfy::{fix_and_explain, TextFixerConfig};
///
/// let fixed = fix_and_explain("â€œquotedâ€\u{9d}", &TextFixerConfig::default());
/// assert_eq!(fixed.text, "\"quoted\"");
/// let steps: Vec<String> = fixed.explanation.unwrap().iter().map(|s| s.to_string()).collect();
/// assert_eq!(
///     steps,
///     ["('encode', 'sloppy-windows-1252')", "('decode', 'utf-8')", "('apply', 'uncurl_quotes')"]
/// );
/// ```
pub fn fix_and_explain(text: &str, config: &TextFixerConfig) -> ExplainedText {
    mode::of(config).fix_and_explain(text, config)
}

/// Fixes mojibake with the default configuration.
///
/// Text that does not look like mojibake is returned unchanged (borrowed).
///
/// ```
/// use ftfy::fix_encoding;
///
/// assert_eq!(fix_encoding("Ãºnico"), "único");
/// assert_eq!(fix_encoding("This text is fine already :þ"), "This text is fine already :þ");
/// // Windows-1252 punctuation, and bytes Windows-1252 leaves unmapped:
/// assert_eq!(fix_encoding("This â€” should be an em dash"), "This — should be an em dash");
/// assert_eq!(fix_encoding("This text is sad .â\u{81}”."), "This text is sad .⁔.");
/// // Sequences that could be mojibake but are more likely real text stay.
/// assert_eq!(
///     fix_encoding("not such a fan of Charlotte Brontë…”"),
///     "not such a fan of Charlotte Brontë…”"
/// );
/// // A no-break space that became a plain space:
/// assert_eq!(fix_encoding("The more you know ðŸŒ "), "The more you know 🌠");
/// // Text that was Windows-1252 all along, read as Latin-1:
/// assert_eq!(fix_encoding("This text was never UTF-8 at all\u{85}"), "This text was never UTF-8 at all…");
/// ```
pub fn fix_encoding(text: &str) -> Cow<'_, str> {
    fix_encoding_with(text, &TextFixerConfig::default())
}

/// Fixes mojibake, with `config`'s `restore_byte_a0`,
/// `replace_lossy_sequences`, `decode_inconsistent_utf8` and
/// `fix_c1_controls` options. Returns the text unchanged when
/// `config.fix_encoding` is off.
///
/// ```
/// use ftfy::{fix_encoding_with, TextFixerConfig};
///
/// let config = TextFixerConfig::default();
/// assert_eq!(fix_encoding_with("voilÃ le travail", &config), "voilà le travail");
/// let config = config.restore_byte_a0(false).decode_inconsistent_utf8(false);
/// assert_eq!(fix_encoding_with("voilÃ le travail", &config), "voilÃ le travail");
/// ```
pub fn fix_encoding_with<'a>(text: &'a str, config: &TextFixerConfig) -> Cow<'a, str> {
    mode::of(config).fix_encoding(text, config)
}

/// Fixes mojibake and returns the plan that fixed it, which
/// [`apply_plan`](crate::apply_plan) can replay on other text damaged the
/// same way. The explanation is always present (an empty plan when nothing
/// was done).
///
/// ```
/// use ftfy::{fix_encoding_and_explain, fixes::Fix, ExplanationStep, TextFixerConfig};
///
/// let fixed = fix_encoding_and_explain("sÃ³", &TextFixerConfig::default());
/// assert_eq!(fixed.text, "só");
/// let plan: Vec<_> = fixed.explanation.unwrap().iter().map(|s| s.to_string()).collect();
/// assert_eq!(plan, ["('encode', 'latin-1')", "('decode', 'utf-8')"]);
///
/// let fixed = fix_encoding_and_explain("voilÃ le travail", &TextFixerConfig::default());
/// assert_eq!(fixed.text, "voilà le travail");
/// let plan = fixed.explanation.unwrap();
/// assert_eq!(plan[1], ExplanationStep::Transcode(Fix::RestoreByteA0));
/// ```
pub fn fix_encoding_and_explain(text: &str, config: &TextFixerConfig) -> ExplainedText {
    mode::of(config).fix_encoding_and_explain(text, config)
}

/// Replays a plan on `text`, step by step (in either mode: a plan holds
/// its own steps).
///
/// ```
/// use ftfy::{apply_plan, fix_and_explain, TextFixerConfig};
///
/// let fixed = fix_and_explain("schÃ¶n", &TextFixerConfig::default());
/// let plan = fixed.explanation.unwrap();
/// assert_eq!(apply_plan("schÃ¶n", &plan).unwrap(), "schön");
/// // The same plan fixes other text broken the same way.
/// assert_eq!(apply_plan("KÃ¶ln", &plan).unwrap(), "Köln");
/// // Text the plan's codec cannot encode:
/// assert_eq!(
///     apply_plan("Köln €", &plan).unwrap_err().to_string(),
///     "step 0: latin-1 cannot encode '€' (U+20AC) at byte offset 6"
/// );
/// ```
///
/// # Errors
///
/// A [`PlanError`] when a step does not apply: text that a codec cannot
/// encode, bytes it cannot decode, a step given bytes where it needs text,
/// or a plan that ends with bytes.
pub fn apply_plan(text: &str, plan: &[ExplanationStep]) -> Result<String, PlanError> {
    ftfy_core::apply_plan(text, plan)
}
