//! `fix_text` and friends: split text into lines, run every enabled fix in
//! ftfy 6.3.1's order, and repeat until nothing changes.
//!
//! The order within one round is: HTML entities, mojibake, C1 controls,
//! ligatures, character width, quotes, line breaks, surrogates, terminal
//! escapes, control characters, normalization.

use std::borrow::Cow;

use crate::encoding::{fix_encoding_and_explain, fix_encoding_with};
use crate::fixes::{self, Fix, TextFix};
use crate::normalize::normalize;
use crate::plan::{ExplainedText, ExplanationStep};
use crate::stream::StreamFixer;
use crate::{TextFixerConfig, UnescapeHtml};

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
    fix_segment(text, config, decodes_entities(config, text), None)
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
        decodes_entities(config, text),
        config.explain.then_some(&mut steps),
    );
    ExplainedText {
        text: fixed.into_owned(),
        explanation: config.explain.then_some(steps),
    }
}

pub(crate) fn decodes_entities(config: &TextFixerConfig, text: &str) -> bool {
    match config.unescape_html {
        UnescapeHtml::Always => true,
        UnescapeHtml::Never => false,
        UnescapeHtml::Auto => !text.contains('<'),
    }
}

/// Which fixes could change a text, found in one pass over its bytes, so
/// that a round of fixes skips the ones with nothing to do (and clean
/// ASCII text skips them all). The tests are conservative: a fix may be
/// flagged and then find nothing, never the reverse.
#[derive(Clone, Copy, Default)]
struct Triggers {
    entities: bool,
    terminal_escapes: bool,
    /// Any non-ASCII character: mojibake, normalization.
    non_ascii: bool,
    c1_controls: bool,
    ligatures: bool,
    width: bool,
    quotes: bool,
    line_breaks: bool,
    control_chars: bool,
}

/// Bytes that no fix changes: printable ASCII but `&`, tab, line feed and
/// form feed.
static PLAIN_BYTES: [bool; 256] = {
    let mut plain = [false; 256];
    let mut byte = b' ';
    while byte <= b'~' {
        plain[byte as usize] = byte != b'&';
        byte += 1;
    }
    plain[b'\t' as usize] = true;
    plain[b'\n' as usize] = true;
    plain[0x0C] = true;
    plain
};

impl Triggers {
    fn scan(text: &str) -> Triggers {
        let bytes = text.as_bytes();
        // The common case, clean ASCII text, in a tight loop.
        if bytes.iter().all(|&byte| PLAIN_BYTES[usize::from(byte)]) {
            return Triggers::default();
        }
        let mut found = Triggers::default();
        let at = |i: usize| bytes.get(i).copied().unwrap_or(0);
        for (i, &byte) in bytes.iter().enumerate() {
            match byte {
                b' '..=b'~' if byte != b'&' => {}
                b'\t' | b'\n' | 0x0C => {}
                b'&' => found.entities = true,
                b'\r' => found.line_breaks = true,
                0x1B => {
                    found.terminal_escapes = true;
                    found.control_chars = true;
                }
                0x00..=0x7F => found.control_chars = true,
                0x80..=0xBF => {}
                lead => {
                    found.non_ascii = true;
                    let (second, third) = (at(i + 1), at(i + 2));
                    match (lead, second, third) {
                        // U+0080–U+009F, U+0085
                        (0xC2, 0x80..=0x9F, _) => {
                            found.c1_controls = true;
                            found.line_breaks |= second == 0x85;
                        }
                        // Ĳ ĳ ŉ, the Serbo-Croatian digraphs Ǆ–ǌ and Ǳ–ǳ, ﬀ–ﬆ
                        (0xC4, 0xB2 | 0xB3, _)
                        | (0xC5, 0x89, _)
                        | (0xC7, 0x84..=0x8C | 0xB1..=0xB3, _) => found.ligatures = true,
                        (0xEF, 0xAC, 0x80..=0x86) => found.ligatures = true,
                        // U+02BC, U+2018–U+201F
                        (0xCA, 0xBC, _) | (0xE2, 0x80, 0x98..=0x9F) => found.quotes = true,
                        // U+2028, U+2029
                        (0xE2, 0x80, 0xA8 | 0xA9) => found.line_breaks = true,
                        // U+206A–U+206F, U+FEFF, U+FFF9–U+FFFC
                        (0xE2, 0x81, 0xAA..=0xAF)
                        | (0xEF, 0xBB, 0xBF)
                        | (0xEF, 0xBF, 0xB9..=0xBC) => found.control_chars = true,
                        // U+3000, U+FF00–U+FFFF
                        (0xE3, 0x80, 0x80) | (0xEF, 0xBC..=0xBF, _) => found.width = true,
                        _ => {}
                    }
                }
            }
        }
        found
    }

    /// The triggers of a text after `fix`, one of the round's text fixes,
    /// changed it, without scanning it again: these fixes only take away
    /// what they fix, except that C1 controls become Windows-1252
    /// punctuation, curly quotes among it, and the ligature `ŉ` becomes
    /// `ʼn`, with a modifier apostrophe. (Full-width `＆` becomes `&`,
    /// but entities are decoded only at the start of a round, which scans
    /// afresh.) Flags left on that no longer apply cost a fix that finds
    /// nothing, never a missed fix.
    fn after(mut self, fix: Fix) -> Triggers {
        if matches!(fix, Fix::FixC1Controls | Fix::FixLatinLigatures) {
            self.quotes = true;
        }
        self
    }

    fn any(&self, decode_entities: bool) -> bool {
        (self.entities && decode_entities)
            || self.terminal_escapes
            || self.non_ascii
            || self.line_breaks
            || self.control_chars
    }
}

/// Whether the pre-scan found something for a fix.
type Trigger = fn(&Triggers) -> bool;

/// A text fix of the round: whether it is on, which fix it is, and
/// whether the pre-scan found something for it.
struct TextFixStep {
    enabled: bool,
    fix: Fix,
    apply: TextFix,
    triggered: Trigger,
}

impl TextFixStep {
    fn new(enabled: bool, fix: Fix, triggered: Trigger) -> Self {
        TextFixStep {
            enabled,
            fix,
            apply: fix.text_fix().expect("the round's fixes are text fixes"),
            triggered,
        }
    }
}

/// Fixes one segment, repeating the round of fixes until nothing changes,
/// and records the steps that changed something in `steps` if given.
pub(crate) fn fix_segment<'a>(
    text: &'a str,
    config: &TextFixerConfig,
    decode_entities: bool,
    mut steps: Option<&mut Vec<ExplanationStep>>,
) -> Cow<'a, str> {
    let mut triggers = Triggers::scan(text);
    if !triggers.any(decode_entities) {
        return Cow::Borrowed(text);
    }
    let text_fixes = [
        TextFixStep::new(config.fix_c1_controls, Fix::FixC1Controls, |t| {
            t.c1_controls
        }),
        TextFixStep::new(config.fix_latin_ligatures, Fix::FixLatinLigatures, |t| {
            t.ligatures
        }),
        TextFixStep::new(config.fix_character_width, Fix::FixCharacterWidth, |t| {
            t.width
        }),
        TextFixStep::new(config.uncurl_quotes, Fix::UncurlQuotes, |t| t.quotes),
        TextFixStep::new(config.fix_line_breaks, Fix::FixLineBreaks, |t| {
            t.line_breaks
        }),
        // Surrogates never occur in a `&str`; the step is kept for plans.
        TextFixStep::new(config.fix_surrogates, Fix::FixSurrogates, |_| false),
        TextFixStep::new(
            config.remove_terminal_escapes,
            Fix::RemoveTerminalEscapes,
            |t| t.terminal_escapes,
        ),
        TextFixStep::new(config.remove_control_chars, Fix::RemoveControlChars, |t| {
            t.control_chars
        }),
    ];

    let mut current = Cow::Borrowed(text);
    let mut first_round = true;
    loop {
        // Cheap while borrowed; a copy only once some fix has changed text.
        let round_start = current.clone();
        let mut changed = false;
        if !std::mem::take(&mut first_round) {
            triggers = Triggers::scan(&current);
        }
        if decode_entities
            && triggers.entities
            && apply_fix(
                &mut current,
                Fix::UnescapeHtml,
                fixes::unescape_html,
                &mut steps,
            )
        {
            changed = true;
            triggers = Triggers::scan(&current);
        }
        if config.fix_encoding && triggers.non_ascii {
            let fixed = match steps.as_deref_mut() {
                Some(steps) => {
                    let fixed = fix_encoding_and_explain(&current, config);
                    steps.extend(
                        fixed
                            .explanation
                            .expect("fix_encoding_and_explain always explains"),
                    );
                    replace_if_changed(&mut current, fixed.text)
                }
                None => match fix_encoding_with(&current, config) {
                    Cow::Borrowed(_) => false,
                    Cow::Owned(fixed) => replace_if_changed(&mut current, fixed),
                },
            };
            if fixed {
                changed = true;
                triggers = Triggers::scan(&current);
            }
        }
        for step in &text_fixes {
            if step.enabled
                && (step.triggered)(&triggers)
                && apply_fix(&mut current, step.fix, step.apply, &mut steps)
            {
                changed = true;
                triggers = triggers.after(step.fix);
            }
        }
        if let Some(form) = config.normalization.filter(|_| triggers.non_ascii) {
            if let Cow::Owned(normalized) = normalize(&current, form) {
                if replace_if_changed(&mut current, normalized) {
                    changed = true;
                    if let Some(steps) = steps.as_deref_mut() {
                        steps.push(ExplanationStep::Normalize(form));
                    }
                }
            }
        }
        // Comparing, not just trusting `changed`, stops two fixes that undo
        // each other from looping forever.
        if !changed || current == round_start {
            return current;
        }
    }
}

/// Runs `fix` on `current`, keeping and recording its result if it changed
/// anything.
fn apply_fix(
    current: &mut Cow<'_, str>,
    fix: Fix,
    apply: TextFix,
    steps: &mut Option<&mut Vec<ExplanationStep>>,
) -> bool {
    let Cow::Owned(fixed) = apply(current) else {
        return false;
    };
    let changed = replace_if_changed(current, fixed);
    if changed {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The pre-scan must flag every character that its fix changes, or the
    /// fix is skipped: checked on every code point, alone.
    #[test]
    fn triggers_flag_every_character_a_fix_changes() {
        let checks: [(Fix, Trigger); 8] = [
            (Fix::FixC1Controls, |t| t.c1_controls),
            (Fix::FixLatinLigatures, |t| t.ligatures),
            (Fix::FixCharacterWidth, |t| t.width),
            (Fix::UncurlQuotes, |t| t.quotes),
            (Fix::FixLineBreaks, |t| t.line_breaks),
            (Fix::RemoveControlChars, |t| t.control_chars),
            (Fix::RemoveTerminalEscapes, |t| t.terminal_escapes),
            (Fix::UnescapeHtml, |t| t.entities),
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
                assert!(triggers.non_ascii, "U+{:04X} is not ASCII", u32::from(c));
            }
        }
        assert!(missed.is_empty(), "the pre-scan misses: {missed:?}");
    }

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
                t.c1_controls,
                t.ligatures,
                t.width,
                t.quotes,
                t.line_breaks,
                t.terminal_escapes,
                t.control_chars,
                t.non_ascii,
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
