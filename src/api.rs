//! The public entry points that depend on the mode: each picks ftfy
//! 6.3.1's algorithm or extended recovery, as the configuration says,
//! through [`crate::mode`].

use std::borrow::Cow;

use crate::mode::encoding_fixer;
use crate::pipeline::{decodes_entities, fix_segment};
use crate::plan::{ExplainedText, ExplanationStep, PlanError};
use crate::stream::StreamFixer;
use crate::TextFixerConfig;

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
    StreamFixer::new(config).fix_lines(text)
}

/// Fixes each of `texts` (a column of a table, the values of a field) as
/// [`fix_text_with`] does; in extended recovery the column is judged as
/// one document first, as a file is (see
/// [`StreamFixer::fix_lines_explained`]): the evidence of all its texts
/// decides which legacy mixups it holds, and each text is fixed with
/// those readings at a lower margin than a lone string needs. In the
/// default mode, each text is fixed alone.
///
/// ```
/// use ftfy::{fix_text_with, fix_texts_with, TextFixerConfig};
///
/// let config = TextFixerConfig::default().extended_recovery(true);
/// // Polish names in Windows-1250 read as Windows-1252: `Gdañsk` alone is
/// // too short to judge (and a Spanish spelling), in its column it is not.
/// let column = ["Ca³a", "£ódŸ", "Gdañsk", "Kraków"];
/// assert_eq!(fix_texts_with(&column, &config), ["Cała", "Łódź", "Gdańsk", "Kraków"]);
/// assert_eq!(fix_text_with("Gdañsk", &config), "Gdañsk");
/// ```
pub fn fix_texts_with<S: AsRef<str>>(texts: &[S], config: &TextFixerConfig) -> Vec<String> {
    let texts: Vec<&str> = texts.iter().map(AsRef::as_ref).collect();
    let repaired = crate::mode::repair_texts(config, &texts);
    texts
        .iter()
        .zip(repaired)
        .map(|(text, repaired)| {
            let text = repaired.as_deref().unwrap_or(text);
            fix_text_with(text, config).into_owned()
        })
        .collect()
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
    fix_segment(
        text,
        config,
        encoding_fixer(config),
        decodes_entities(config, text),
        None,
    )
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
    let mut steps = Vec::new();
    let fixed = fix_segment(
        text,
        config,
        encoding_fixer(config),
        decodes_entities(config, text),
        config.explain.then_some(&mut steps),
    );
    ExplainedText {
        text: fixed.into_owned(),
        explanation: config.explain.then_some(steps),
    }
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
    if !config.fix_encoding {
        return Cow::Borrowed(text);
    }
    encoding_fixer(config).fix_encoding(text, config, None)
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
    let mut plan = Vec::new();
    let fixed = if config.fix_encoding {
        encoding_fixer(config).fix_encoding(text, config, Some(&mut plan))
    } else {
        Cow::Borrowed(text)
    };
    ExplainedText {
        text: fixed.into_owned(),
        explanation: Some(plan),
    }
}

/// Replays a plan on `text`, step by step.
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
    crate::replay::apply_plan_with(text, plan, crate::mode::extension_replay())
}
