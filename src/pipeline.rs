//! `fix_text` and friends: split text into lines, run every enabled fix in
//! ftfy 6.3.1's order, and repeat until nothing changes.
//!
//! The order within one round is: HTML entities, mojibake, C1 controls,
//! ligatures, character width, quotes, line breaks, surrogates, terminal
//! escapes, control characters, normalization.

use std::borrow::Cow;
use std::sync::LazyLock;

use crate::badness::is_bad;
use crate::encoding::{fix_encoding_and_explain, fix_encoding_with};
use crate::fixes;
use crate::plan::{normalize, Action, ExplainedText, ExplanationStep};
use crate::{Normalization, TextFixerConfig, UnescapeHtml};

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
    let triggers = Triggers::scan(text);
    fix_segment(
        text,
        triggers,
        config,
        decodes_entities(config, triggers),
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
    let triggers = Triggers::scan(text);
    let fixed = fix_segment(
        text,
        triggers,
        config,
        decodes_entities(config, triggers),
        config.explain.then_some(&mut steps),
    );
    ExplainedText {
        text: fixed.into_owned(),
        explanation: config.explain.then_some(steps),
    }
}

fn decodes_entities(config: &TextFixerConfig, triggers: Triggers) -> bool {
    match config.unescape_html {
        UnescapeHtml::Always => true,
        UnescapeHtml::Never => false,
        UnescapeHtml::Auto => !triggers.tag,
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
        // Unchanged lines are copied to `output` a run at a time, when a
        // changed line or the end comes: `text[..copied_up_to]` is there.
        let mut copied_up_to = 0;
        let mut start = 0;
        while start < text.len() {
            // One pass finds the end of the line and what it may need.
            let (line_end, line_triggers) = scan_line(text.as_bytes(), start);
            let end = segment_end(text, start, line_end, self.config.max_decode_length);
            if line_triggers == 0 && end == line_end {
                // Nothing to fix, no `<`: the line changes neither itself
                // nor the state carried to the next one.
                start = end;
                continue;
            }
            let segment = &text[start..end];
            let triggers = if end == line_end {
                Triggers::from_bits(line_triggers)
            } else {
                Triggers::scan(segment)
            };
            let entities_allowed_before = self.entities_allowed;
            let output_had_tag_before = self.output_has_tag;
            if self.config.unescape_html == UnescapeHtml::Auto && triggers.tag {
                self.entities_allowed = false;
            }
            let mut fixed =
                fix_segment(segment, triggers, self.config, self.entities_allowed, None);
            let has_tag = |fixed: &Cow<'_, str>| match fixed {
                Cow::Borrowed(_) => triggers.tag,
                Cow::Owned(fixed) => fixed.contains('<'),
            };
            // Entities were kept for a `<` that fixing removed: a second
            // run would decode them, so do it now.
            if !self.entities_allowed
                && self.config.unescape_html == UnescapeHtml::Auto
                && !self.output_has_tag
                && !has_tag(&fixed)
            {
                let refixed = fix_segment(&fixed, Triggers::scan(&fixed), self.config, true, None);
                if let Cow::Owned(refixed) = refixed {
                    fixed = Cow::Owned(refixed);
                }
            }
            self.output_has_tag |= has_tag(&fixed);
            match fixed {
                Cow::Borrowed(_) => {}
                Cow::Owned(fixed) => {
                    let output = output.get_or_insert_with(|| {
                        let mut output = String::with_capacity(whole.len() + 16);
                        output.push_str(&whole[..offset]);
                        output
                    });
                    output.push_str(&text[copied_up_to..start]);
                    copied_up_to = end;
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
        if let Some(output) = output {
            output.push_str(&text[copied_up_to..]);
        }
    }
}

/// The end of the segment starting at byte `start` of the line that ends
/// at `line_end`: the line end, or after `max_chars` characters, whichever
/// comes first.
fn segment_end(text: &str, start: usize, line_end: usize, max_chars: usize) -> usize {
    let max_chars = max_chars.max(1);
    // A line of at most max_chars bytes has at most max_chars characters.
    if line_end - start <= max_chars {
        return line_end;
    }
    match text[start..line_end].char_indices().nth(max_chars) {
        Some((i, _)) => start + i,
        None => line_end,
    }
}

/// Which fixes could change a text, found in one pass over its bytes, so
/// that a round of fixes skips the ones with nothing to do (and clean
/// ASCII text skips them all). The tests are conservative: a fix may be
/// flagged and then find nothing, never the reverse.
#[derive(Clone, Copy, Default, PartialEq)]
struct Triggers {
    entities: bool,
    terminal_escapes: bool,
    /// Any non-ASCII character: mojibake, normalization other than NFC.
    non_ascii: bool,
    /// A character NFC might change (see [`crate::plan::is_nfc_stable`]).
    not_nfc_stable: bool,
    c1_controls: bool,
    ligatures: bool,
    width: bool,
    quotes: bool,
    line_breaks: bool,
    control_chars: bool,
    /// A `<`, which turns entity decoding off in `Auto` mode.
    tag: bool,
}

// What a byte may trigger, as bits, for the one table the scan reads.
const ENTITIES: u16 = 1 << 0;
const TERMINAL_ESCAPES: u16 = 1 << 1;
const NON_ASCII: u16 = 1 << 2;
const NOT_NFC_STABLE: u16 = 1 << 3;
const C1_CONTROLS: u16 = 1 << 4;
const LIGATURES: u16 = 1 << 5;
const WIDTH: u16 = 1 << 6;
const QUOTES: u16 = 1 << 7;
const LINE_BREAKS: u16 = 1 << 8;
const CONTROL_CHARS: u16 = 1 << 9;
const TAG: u16 = 1 << 10;
/// In [`BLOCK_TRIGGERS`]: the characters of the block differ, ask
/// [`lead_triggers`].
const MIXED_BLOCK: u16 = 1 << 11;

/// The triggers of each ASCII character. Printable ASCII but `&` and `<`,
/// tab, line feed and form feed trigger nothing.
static BYTE_TRIGGERS: [u16; 128] = {
    let mut table = [0; 128];
    let mut byte = 0;
    while byte < 128 {
        table[byte] = match byte as u8 {
            b'&' => ENTITIES,
            b'<' => TAG,
            b'\r' => LINE_BREAKS,
            0x1B => TERMINAL_ESCAPES | CONTROL_CHARS,
            b'\t' | b'\n' | 0x0C | b' '..=b'~' => 0,
            _ => CONTROL_CHARS,
        };
        byte += 1;
    }
    table
};

/// Whether none of eight bytes (a little-endian word) triggers anything
/// that the plain-byte test must look at: all are printable ASCII other
/// than `&` and `<`. (Tab and form feed take the slow path, harmlessly.)
fn all_plain(word: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // A byte below `n` (for n <= 128) sets its high bit in this.
    let below = |n: u64| word.wrapping_sub(ONES * n) & !word & HIGH;
    let zero = |v: u64| v.wrapping_sub(ONES) & !v & HIGH;
    (word & HIGH)
        | below(0x20)
        | zero(word ^ (ONES * 0x7F))
        | zero(word ^ (ONES * 0x26))
        | zero(word ^ (ONES * 0x3C))
        == 0
}

impl Triggers {
    /// The triggers of the whole of `text`.
    fn scan(text: &str) -> Triggers {
        Triggers::from_bits(scan_bytes::<false>(text.as_bytes(), 0).1)
    }

    fn from_bits(bits: u16) -> Triggers {
        let has = |flag: u16| bits & flag != 0;
        Triggers {
            entities: has(ENTITIES),
            terminal_escapes: has(TERMINAL_ESCAPES),
            non_ascii: has(NON_ASCII),
            not_nfc_stable: has(NOT_NFC_STABLE),
            c1_controls: has(C1_CONTROLS),
            ligatures: has(LIGATURES),
            width: has(WIDTH),
            quotes: has(QUOTES),
            line_breaks: has(LINE_BREAKS),
            control_chars: has(CONTROL_CHARS),
            tag: has(TAG),
        }
    }

    /// Whether non-ASCII characters are all there is to look at.
    fn only_non_ascii(&self) -> bool {
        *self
            == Triggers {
                non_ascii: true,
                not_nfc_stable: self.not_nfc_stable,
                ..Triggers::default()
            }
    }

    /// The normalization `config` asks for, if it might change the text.
    fn normalization(&self, config: &TextFixerConfig) -> Option<Normalization> {
        config.normalization.filter(|&form| match form {
            Normalization::Nfc => self.not_nfc_stable,
            _ => self.non_ascii,
        })
    }

    fn any(&self, decode_entities: bool) -> bool {
        (self.entities && decode_entities)
            || self.terminal_escapes
            || self.non_ascii
            || self.line_breaks
            || self.control_chars
    }
}

/// Scans the line starting at byte `from`: returns the offset just after
/// its `\n` (or the end of the text) and the trigger bits of its
/// characters. One pass that skips plain ASCII eight bytes at a time and
/// other characters whole, by their block of 64 code points.
fn scan_line(bytes: &[u8], from: usize) -> (usize, u16) {
    scan_bytes::<true>(bytes, from)
}

/// [`scan_line`], or with `STOP_AT_LINE_END` false, the scan of all the
/// bytes from `from`.
fn scan_bytes<const STOP_AT_LINE_END: bool>(bytes: &[u8], from: usize) -> (usize, u16) {
    let block_triggers = &**BLOCK_TRIGGERS;
    let mut found = 0;
    let mut index = from;
    loop {
        while let Some(chunk) = bytes.get(index..index + 8) {
            // OK because `get` returned exactly eight bytes.
            if !all_plain(u64::from_le_bytes(chunk.try_into().expect("eight bytes"))) {
                break;
            }
            index += 8;
        }
        // About a word's worth of characters one at a time, then words again.
        let stop = (index + 8).min(bytes.len());
        if index == stop {
            return (index, found);
        }
        while index < stop {
            let byte = bytes[index];
            if byte.is_ascii() {
                index += 1;
                if STOP_AT_LINE_END && byte == b'\n' {
                    return (index, found);
                }
                found |= BYTE_TRIGGERS[usize::from(byte)];
                continue;
            }
            // `index` is at a lead byte: ASCII and whole characters are
            // all that is ever skipped.
            let second = bytes.get(index + 1).map_or(0, |&b| usize::from(b & 0x3F));
            let (block, length) = match byte {
                0xC0..=0xDF => (Some(usize::from(byte & 0x1F)), 2),
                0xE0..=0xEF => (Some(usize::from(byte & 0x0F) << 6 | second), 3),
                _ => (None, 4),
            };
            let flags = match block {
                Some(block) => block_triggers[block],
                None => NON_ASCII | NOT_NFC_STABLE,
            };
            found |= if flags & MIXED_BLOCK != 0 {
                lead_triggers(bytes, index)
            } else {
                flags
            };
            index += length;
        }
    }
}

/// The triggers of the characters of each block of 64 code points in the
/// Basic Multilingual Plane (the characters that share a two-byte lead
/// byte, or a three-byte lead and second byte, in UTF-8), or
/// [`MIXED_BLOCK`] where they differ. Made from [`lead_triggers`], so the
/// two agree.
static BLOCK_TRIGGERS: LazyLock<Box<[u16]>> = LazyLock::new(|| {
    (0..0x10000u32 / 64)
        .map(|block| {
            let mut of_block = (block * 64..block * 64 + 64)
                .filter_map(char::from_u32)
                .filter(|c| !c.is_ascii())
                .map(|c| lead_triggers(c.encode_utf8(&mut [0; 4]).as_bytes(), 0));
            match of_block.next() {
                Some(first) if of_block.all(|flags| flags == first) => first,
                _ => MIXED_BLOCK,
            }
        })
        .collect()
});

/// The triggers of the character whose lead byte is at `at`.
fn lead_triggers(bytes: &[u8], at: usize) -> u16 {
    let nfc_stable = crate::plan::nfc_stable_bmp();
    let byte_at = |i: usize| bytes.get(i).copied().unwrap_or(0);
    let (lead, second, third) = (bytes[at], byte_at(at + 1), byte_at(at + 2));
    // The word of `nfc_stable` covering this character's block of 64.
    let block = match lead {
        0xC0..=0xDF => Some(usize::from(lead & 0x1F)),
        0xE0..=0xEF => Some(usize::from(lead & 0x0F) << 6 | usize::from(second & 0x3F)),
        _ => None,
    };
    let mut found = match block {
        Some(block) if nfc_stable[block] == u64::MAX => NON_ASCII,
        _ => NON_ASCII | NOT_NFC_STABLE,
    };
    found |= match (lead, second, third) {
        // U+0080–U+009F, U+0085
        (0xC2, 0x80..=0x9F, _) if second == 0x85 => C1_CONTROLS | LINE_BREAKS,
        (0xC2, 0x80..=0x9F, _) => C1_CONTROLS,
        // Ĳ ĳ ŉ, the Serbo-Croatian digraphs Ǆ–ǌ and Ǳ–ǳ, ﬀ–ﬆ
        (0xC4, 0xB2 | 0xB3, _)
        | (0xC5, 0x89, _)
        | (0xC7, 0x84..=0x8C | 0xB1..=0xB3, _)
        | (0xEF, 0xAC, 0x80..=0x86) => LIGATURES,
        // U+02BC, U+2018–U+201F
        (0xCA, 0xBC, _) | (0xE2, 0x80, 0x98..=0x9F) => QUOTES,
        // U+2028, U+2029
        (0xE2, 0x80, 0xA8 | 0xA9) => LINE_BREAKS,
        // U+206A–U+206F, U+FEFF, U+FFF9–U+FFFC
        (0xE2, 0x81, 0xAA..=0xAF) | (0xEF, 0xBB, 0xBF) | (0xEF, 0xBF, 0xB9..=0xBC) => CONTROL_CHARS,
        // U+3000, U+FF00–U+FFFF
        (0xE3, 0x80, 0x80) | (0xEF, 0xBC..=0xBF, _) => WIDTH,
        _ => 0,
    };
    found
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

/// Fixes one segment, whose `triggers` are given, repeating the round of
/// fixes until nothing changes, and records the steps that changed something in `steps` if given.
fn fix_segment<'a>(
    text: &'a str,
    mut triggers: Triggers,
    config: &TextFixerConfig,
    decode_entities: bool,
    mut steps: Option<&mut Vec<ExplanationStep>>,
) -> Cow<'a, str> {
    if !triggers.any(decode_entities) || keeps_non_ascii_text(text, triggers, config) {
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
        if let Some(form) = triggers.normalization(config) {
            if let Cow::Owned(normalized) = normalize(&current, form) {
                if replace_if_changed(&mut current, normalized) {
                    changed = true;
                    triggers = Triggers::scan(&current);
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

/// The common case, decided without the round of fixes: a segment with
/// nothing to look at but its non-ASCII characters, which is not mojibake
/// and which normalization keeps, is left as it is.
fn keeps_non_ascii_text(text: &str, triggers: Triggers, config: &TextFixerConfig) -> bool {
    triggers.only_non_ascii()
        && !(config.fix_encoding && is_bad(text))
        && triggers
            .normalization(config)
            .is_none_or(|form| matches!(normalize(text, form), Cow::Borrowed(_)))
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
            if !crate::plan::is_nfc_stable(c) && !triggers.not_nfc_stable {
                missed.push(format!("NFC may change U+{:04X}", u32::from(c)));
            }
            assert_eq!(triggers.tag, c == '<');
        }
        assert!(missed.is_empty(), "the pre-scan misses: {missed:?}");
    }

    /// The word-at-a-time and block-at-a-time scan against the character
    /// on its own: each trigger is found at every offset in a line of
    /// plain ASCII and of other clean characters, and the line ends after
    /// its line feed.
    #[test]
    fn scan_finds_triggers_at_every_offset() {
        let samples = [
            "&", "<", "\r", "\u{1b}", "\u{1}", "\u{7f}", "\u{85}", "\u{9d}", "é", "ĳ", "ﬁ", "ʼ",
            "‘", "\u{2028}", "\u{feff}", "\u{3000}", "Ａ", "\u{301}", "😀", "中",
        ];
        for sample in samples {
            let alone = Triggers::scan(sample);
            for padding in ["a", "é", "ж", "中"] {
                for offset in 0..20 {
                    let line = format!(
                        "{}{sample}{}\nafter&\u{85}",
                        padding.repeat(offset),
                        "b".repeat(9)
                    );
                    let (end, bits) = scan_line(line.as_bytes(), 0);
                    assert_eq!(end, line.find('\n').unwrap() + 1, "{line:?}");
                    let found = Triggers::from_bits(bits);
                    let padding_triggers = Triggers::scan(&padding.repeat(offset.min(1)));
                    let expected = Triggers::from_bits(bits_of(alone) | bits_of(padding_triggers));
                    assert_eq!(bits_of(found), bits_of(expected), "{line:?}");
                }
            }
        }
    }

    /// The bits a `Triggers` was made from.
    fn bits_of(triggers: Triggers) -> u16 {
        [
            (triggers.entities, ENTITIES),
            (triggers.terminal_escapes, TERMINAL_ESCAPES),
            (triggers.non_ascii, NON_ASCII),
            (triggers.not_nfc_stable, NOT_NFC_STABLE),
            (triggers.c1_controls, C1_CONTROLS),
            (triggers.ligatures, LIGATURES),
            (triggers.width, WIDTH),
            (triggers.quotes, QUOTES),
            (triggers.line_breaks, LINE_BREAKS),
            (triggers.control_chars, CONTROL_CHARS),
            (triggers.tag, TAG),
        ]
        .into_iter()
        .filter(|&(set, _)| set)
        .fold(0, |bits, (_, bit)| bits | bit)
    }
}
