//! `fix_text` and friends: split text into lines, run every enabled fix in
//! ftfy 6.3.1's order, and repeat until nothing changes.
//!
//! The order within one round is: HTML entities, mojibake, C1 controls,
//! ligatures, character width, quotes, line breaks, surrogates, terminal
//! escapes, control characters, normalization.

use std::borrow::Cow;

use crate::encoding::{fix_encoding_and_explain, fix_encoding_with};
use crate::fixes;
use crate::plan::{normalize, Action, ExplainedText, ExplanationStep};
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

fn decodes_entities(config: &TextFixerConfig, text: &str) -> bool {
    match config.unescape_html {
        UnescapeHtml::Always => true,
        UnescapeHtml::Never => false,
        UnescapeHtml::Auto => !text.contains('<'),
    }
}

/// Fixes a text that arrives in pieces, such as a large file read a block
/// at a time: the result of feeding it the text in pieces that each end at
/// a line break is the result of [`fix_text_with`] on the whole text.
///
/// It carries the one piece of state that `fix_text` keeps between lines:
/// whether a line holding `<` has turned entity decoding off (in `Auto`
/// mode).
///
/// ```
/// use ftfy::{StreamFixer, TextFixerConfig};
///
/// let config = TextFixerConfig::default();
/// let mut fixer = StreamFixer::new(&config);
/// assert_eq!(fixer.fix_lines("caf&eacute;\n<p>\n"), "café\n<p>\n");
/// assert_eq!(fixer.fix_lines("caf&eacute; cafÃ©\n"), "caf&eacute; café\n");
/// ```
#[derive(Clone, Debug)]
pub struct StreamFixer<'c> {
    config: &'c TextFixerConfig,
    /// Cleared for good by the first line holding a `<` in `Auto` mode.
    entities_allowed: bool,
    /// Whether a line of the *output* so far holds a `<`. It differs from
    /// the input's only where fixing made or removed one (`&lt;` decoded,
    /// `<` composed with U+0338 into `≮`); a second run of fix_text would
    /// decide by the output, so this is what idempotence needs.
    output_has_tag: bool,
}

impl<'c> StreamFixer<'c> {
    /// A fixer at the start of a text.
    ///
    /// ```
    /// let config = ftfy::TextFixerConfig::default();
    /// let mut fixer = ftfy::StreamFixer::new(&config);
    /// assert_eq!(fixer.fix_lines("AT&amp;T\n"), "AT&T\n");
    /// ```
    pub fn new(config: &'c TextFixerConfig) -> StreamFixer<'c> {
        StreamFixer {
            config,
            entities_allowed: config.unescape_html != UnescapeHtml::Never,
            output_has_tag: false,
        }
    }

    /// A fixer for a piece of text that follows others, whose earlier
    /// lines did (`true`) or did not hold a `<`. This lets pieces of one
    /// text be fixed in parallel and give what [`fix_text_with`] gives
    /// (exactly so unless fixing an earlier line made or removed its only
    /// `<`, which takes an entity `&lt;` or a `<` followed by U+0338).
    ///
    /// ```
    /// let config = ftfy::TextFixerConfig::default();
    /// let text = "<p>\nAT&amp;T\n";
    /// let (first, rest) = text.split_at(4);
    /// let mut fixer = ftfy::StreamFixer::after(&config, first.contains('<'));
    /// let rest_fixed = fixer.fix_lines(rest).into_owned();
    /// assert_eq!(rest_fixed, "AT&amp;T\n");
    /// assert_eq!(ftfy::fix_text_with(text, &config), format!("<p>\n{rest_fixed}"));
    /// ```
    pub fn after(config: &'c TextFixerConfig, earlier_lines_had_tag: bool) -> StreamFixer<'c> {
        let mut fixer = StreamFixer::new(config);
        if earlier_lines_had_tag && config.unescape_html == UnescapeHtml::Auto {
            fixer.entities_allowed = false;
            fixer.output_has_tag = true;
        }
        fixer
    }

    /// Fixes the lines of `text` (the last one may lack its line break),
    /// borrowing when nothing changes.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// let config = ftfy::TextFixerConfig::default();
    /// let mut fixer = ftfy::StreamFixer::new(&config);
    /// assert!(matches!(fixer.fix_lines("fine\n"), Cow::Borrowed(_)));
    /// assert_eq!(fixer.fix_lines("cafÃ©\n"), "café\n");
    /// ```
    pub fn fix_lines<'a>(&mut self, text: &'a str) -> Cow<'a, str> {
        let mut output = None;
        self.fix_lines_into(text, &mut output, text);
        match output {
            Some(output) => Cow::Owned(output),
            None => Cow::Borrowed(text),
        }
    }

    /// Fixes the lines of `text` into `output`, which stays `None` until
    /// some line changes; then it is started with the unchanged prefix of
    /// `whole`, of which `text` is a suffix.
    fn fix_lines_into(&mut self, text: &str, output: &mut Option<String>, whole: &str) {
        let offset = whole.len() - text.len();
        let mut start = 0;
        while start < text.len() {
            let end = segment_end(text, start, self.config.max_decode_length);
            let segment = &text[start..end];
            let entities_allowed_before = self.entities_allowed;
            let output_had_tag_before = self.output_has_tag;
            if self.config.unescape_html == UnescapeHtml::Auto && segment.contains('<') {
                self.entities_allowed = false;
            }
            let mut fixed = fix_segment(segment, self.config, self.entities_allowed, None);
            // Entities were kept for a `<` that fixing removed: a second
            // run would decode them, so do it now.
            if !self.entities_allowed
                && self.config.unescape_html == UnescapeHtml::Auto
                && !self.output_has_tag
                && !fixed.contains('<')
            {
                if let Cow::Owned(refixed) = fix_segment(&fixed, self.config, true, None) {
                    fixed = Cow::Owned(refixed);
                }
            }
            self.output_has_tag |= fixed.contains('<');
            match fixed {
                Cow::Borrowed(_) => {
                    if let Some(output) = output {
                        output.push_str(segment);
                    }
                }
                Cow::Owned(fixed) => {
                    let output = output.get_or_insert_with(|| {
                        let mut output = String::with_capacity(whole.len() + 16);
                        output.push_str(&whole[..offset + start]);
                        output
                    });
                    // Fixing line breaks may have split the line: fix the
                    // new lines again, on their own, as a second run of
                    // fix_text would, deciding the HTML rule afresh for
                    // them (a `<` may now be on a later line). This is what
                    // makes fix_text idempotent. The state carried on to
                    // later lines stays the one the input lines give.
                    let splits_line = fixed.strip_suffix('\n').unwrap_or(&fixed).contains('\n');
                    if splits_line {
                        let mut again = StreamFixer {
                            config: self.config,
                            entities_allowed: entities_allowed_before,
                            output_has_tag: output_had_tag_before,
                        };
                        let mut refixed = None;
                        again.fix_lines_into(&fixed, &mut refixed, &fixed);
                        self.output_has_tag = again.output_has_tag;
                        output.push_str(refixed.as_deref().unwrap_or(&fixed));
                    } else {
                        output.push_str(&fixed);
                    }
                }
            }
            start = end;
        }
    }
}

/// The end of the segment starting at byte `start`: just after the next
/// `\n`, or after `max_chars` characters, whichever comes first.
fn segment_end(text: &str, start: usize, max_chars: usize) -> usize {
    let rest = &text[start..];
    let line_end = rest.find('\n').map_or(rest.len(), |i| i + 1);
    let max_chars = max_chars.max(1);
    // A line of at most max_chars bytes has at most max_chars characters.
    if line_end <= max_chars {
        return start + line_end;
    }
    match rest[..line_end].char_indices().nth(max_chars) {
        Some((i, _)) => start + i,
        None => start + line_end,
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

    fn any(&self, decode_entities: bool) -> bool {
        (self.entities && decode_entities)
            || self.terminal_escapes
            || self.non_ascii
            || self.line_breaks
            || self.control_chars
    }
}

type TextFix = fn(&str) -> Cow<'_, str>;

/// Whether the pre-scan found something for a fix.
type Trigger = fn(&Triggers) -> bool;

/// A text fix of the round: whether it is on, its name in plans, and
/// whether the pre-scan found something for it.
struct TextFixStep {
    enabled: bool,
    name: &'static str,
    fix: TextFix,
    triggered: Trigger,
}

impl TextFixStep {
    fn new(enabled: bool, name: &'static str, fix: TextFix, triggered: Trigger) -> Self {
        TextFixStep {
            enabled,
            name,
            fix,
            triggered,
        }
    }
}

/// Fixes one segment, repeating the round of fixes until nothing changes,
/// and records the steps that changed something in `steps` if given.
fn fix_segment<'a>(
    text: &'a str,
    config: &TextFixerConfig,
    decode_entities: bool,
    mut steps: Option<&mut Vec<ExplanationStep>>,
) -> Cow<'a, str> {
    if !Triggers::scan(text).any(decode_entities) {
        return Cow::Borrowed(text);
    }
    let text_fixes = [
        TextFixStep::new(
            config.fix_c1_controls,
            "fix_c1_controls",
            fixes::fix_c1_controls,
            |t| t.c1_controls,
        ),
        TextFixStep::new(
            config.fix_latin_ligatures,
            "fix_latin_ligatures",
            fixes::fix_latin_ligatures,
            |t| t.ligatures,
        ),
        TextFixStep::new(
            config.fix_character_width,
            "fix_character_width",
            fixes::fix_character_width,
            |t| t.width,
        ),
        TextFixStep::new(
            config.uncurl_quotes,
            "uncurl_quotes",
            fixes::uncurl_quotes,
            |t| t.quotes,
        ),
        TextFixStep::new(
            config.fix_line_breaks,
            "fix_line_breaks",
            fixes::fix_line_breaks,
            |t| t.line_breaks,
        ),
        // Surrogates never occur in a `&str`; the step is kept for plans.
        TextFixStep::new(
            config.fix_surrogates,
            "fix_surrogates",
            fixes::fix_surrogates,
            |_| false,
        ),
        TextFixStep::new(
            config.remove_terminal_escapes,
            "remove_terminal_escapes",
            fixes::remove_terminal_escapes,
            |t| t.terminal_escapes,
        ),
        TextFixStep::new(
            config.remove_control_chars,
            "remove_control_chars",
            fixes::remove_control_chars,
            |t| t.control_chars,
        ),
    ];

    let mut current = Cow::Borrowed(text);
    loop {
        // Cheap while borrowed; a copy only once some fix has changed text.
        let round_start = current.clone();
        let mut changed = false;
        let mut triggers = Triggers::scan(&current);
        if decode_entities
            && triggers.entities
            && apply_fix(
                &mut current,
                fixes::unescape_html,
                "unescape_html",
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
                    steps.extend(fixed.explanation.unwrap_or_default());
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
                && apply_fix(&mut current, step.fix, step.name, &mut steps)
            {
                changed = true;
                triggers = Triggers::scan(&current);
            }
        }
        if let Some(form) = config.normalization.filter(|_| triggers.non_ascii) {
            if let Cow::Owned(normalized) = normalize(&current, form) {
                if replace_if_changed(&mut current, normalized) {
                    changed = true;
                    if let Some(steps) = steps.as_deref_mut() {
                        steps.push(ExplanationStep {
                            action: Action::Normalize,
                            parameter: form.name(),
                        });
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
    fix: TextFix,
    name: &'static str,
    steps: &mut Option<&mut Vec<ExplanationStep>>,
) -> bool {
    let Cow::Owned(fixed) = fix(current) else {
        return false;
    };
    let changed = replace_if_changed(current, fixed);
    if changed {
        if let Some(steps) = steps.as_deref_mut() {
            steps.push(ExplanationStep {
                action: Action::Apply,
                parameter: name,
            });
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
        let checks: [(&str, TextFix, Trigger); 8] = [
            ("fix_c1_controls", fixes::fix_c1_controls, |t| t.c1_controls),
            ("fix_latin_ligatures", fixes::fix_latin_ligatures, |t| {
                t.ligatures
            }),
            ("fix_character_width", fixes::fix_character_width, |t| {
                t.width
            }),
            ("uncurl_quotes", fixes::uncurl_quotes, |t| t.quotes),
            ("fix_line_breaks", fixes::fix_line_breaks, |t| t.line_breaks),
            ("remove_control_chars", fixes::remove_control_chars, |t| {
                t.control_chars
            }),
            (
                "remove_terminal_escapes",
                fixes::remove_terminal_escapes,
                |t| t.terminal_escapes,
            ),
            ("unescape_html", fixes::unescape_html, |t| t.entities),
        ];
        let mut missed = Vec::new();
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let text = c.to_string();
            let triggers = Triggers::scan(&text);
            for (name, fix, triggered) in checks {
                if fix(&text) != text && !triggered(&triggers) {
                    missed.push(format!("{name} changes U+{:04X}", u32::from(c)));
                }
            }
            if !c.is_ascii() {
                assert!(triggers.non_ascii, "U+{:04X} is not ASCII", u32::from(c));
            }
        }
        assert!(missed.is_empty(), "the pre-scan misses: {missed:?}");
    }
}
