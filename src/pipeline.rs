//! `fix_text` and friends: split text into lines, run every enabled fix in
//! ftfy 6.3.1's order, and repeat until nothing changes.
//!
//! The order within one round is: HTML entities, mojibake, C1 controls,
//! ligatures, character width, quotes, line breaks, surrogates, terminal
//! escapes, control characters, normalization.

use std::borrow::Cow;
use std::sync::LazyLock;

use crate::badness::is_bad;
use crate::edits::{ChangedRanges, Changes};
use crate::encoding::{
    fix_encoding_and_explain, fix_encoding_of_bad, fix_encoding_with, EncodingEnd,
};
use crate::fixes::{self, Fix, NotingTextFix};
use crate::normalize::{normalize, normalize_noting};
use crate::plan::{ExplainedText, ExplanationStep};
use crate::stream::StreamFixer;
use crate::text::{bytes_below, bytes_equal, word_at, HIGH_BITS};
use crate::{Normalization, TextFixerConfig, UnescapeHtml};

mod lines;

pub(crate) use lines::{FixedLines, Unsettled};

/// The pieces of text the tests of fixing by lines build from.
#[cfg(test)]
pub(crate) fn lines_test_pieces() -> &'static [&'static str] {
    lines::tests::PIECES
}

/// Switches fixing by lines off (`true`) or on for this thread.
#[cfg(test)]
pub(crate) fn lines_disabled(disabled: bool) {
    lines::DISABLED.with(|cell| cell.set(disabled));
}

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
/// flagged and then find nothing, never the reverse. One bit per trigger,
/// as the scan's table holds them.
#[derive(Clone, Copy, Default, PartialEq)]
pub(crate) struct Triggers(u16);

// What a character may trigger, as bits, for the one table the scan reads.
const ENTITIES: u16 = 1 << 0;
const TERMINAL_ESCAPES: u16 = 1 << 1;
/// Any non-ASCII character: mojibake, normalization other than NFC.
const NON_ASCII: u16 = 1 << 2;
/// A character NFC might change (see [`crate::normalize::is_nfc_stable`]).
const NOT_NFC_STABLE: u16 = 1 << 3;
const C1_CONTROLS: u16 = 1 << 4;
const LIGATURES: u16 = 1 << 5;
const WIDTH: u16 = 1 << 6;
const QUOTES: u16 = 1 << 7;
const LINE_BREAKS: u16 = 1 << 8;
const CONTROL_CHARS: u16 = 1 << 9;
/// A `<`, which turns entity decoding off in `Auto` mode.
pub(crate) const TAG: u16 = 1 << 10;
/// A character that every match of the badness rules holds (see
/// [`crate::badness::is_anchor`]): without one, text is not mojibake to
/// ftfy's heuristic, and `is_bad` need not look.
const MAY_BE_BAD: u16 = 1 << 11;
/// A non-ASCII character that a codec of extended recovery may encode
/// ([`crate::extended::may_be_encodable`]): a line with none (Han, Hangul
/// or an Indic script beside ASCII) is one that recovery leaves alone.
const ENCODABLE: u16 = 1 << 12;
/// A non-ASCII character that a codec of extended recovery encodes as a
/// UTF-8 continuation byte ([`crate::extended::may_continue_sequence`]):
/// a line with none may take recovery's cheaper prefilter.
const CONTINUATION: u16 = 1 << 13;
/// What the scan notes of non-ASCII characters beyond the fixes they
/// trigger: facts for normalization, `is_bad` and extended recovery, which
/// no text fix of the round reads.
const NON_ASCII_FACTS: u16 = NON_ASCII | NOT_NFC_STABLE | MAY_BE_BAD | ENCODABLE | CONTINUATION;

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
    (word & HIGH_BITS)
        | bytes_below(word, 0x20)
        | bytes_equal(word, 0x7F)
        | bytes_equal(word, b'&')
        | bytes_equal(word, b'<')
        == 0
}

impl Triggers {
    /// The triggers of the whole of `text`.
    pub(crate) fn scan(text: &str) -> Triggers {
        Triggers::from_bits(scan_bytes::<SCAN_ALL>(text.as_bytes(), 0).1)
    }

    pub(crate) fn from_bits(bits: u16) -> Triggers {
        Triggers(bits)
    }

    /// These triggers less `flags`.
    fn without(self, flags: u16) -> Triggers {
        Triggers(self.0 & !flags)
    }

    /// Whether any of `flags` is set.
    pub(crate) fn has(self, flags: u16) -> bool {
        self.0 & flags != 0
    }

    /// Whether non-ASCII characters are all there is to look at.
    fn only_non_ascii(&self) -> bool {
        self.has(NON_ASCII) && self.without(NON_ASCII_FACTS) == Triggers::default()
    }

    /// The normalization `config` asks for, if it might change the text.
    fn normalization(&self, config: &TextFixerConfig) -> Option<Normalization> {
        config.normalization.filter(|&form| match form {
            Normalization::Nfc => self.has(NOT_NFC_STABLE),
            _ => self.has(NON_ASCII),
        })
    }

    /// The triggers of a text after `fix`, one of the round's text fixes,
    /// changed it, without scanning it again: these fixes only take away
    /// what they fix, except that C1 controls become Windows-1252
    /// punctuation, curly quotes among it, and the ligature `ŉ` becomes
    /// `ʼn`, with a modifier apostrophe. (Full-width `＆` becomes `&`,
    /// but entities are decoded only at the start of a round, which scans
    /// afresh.) Flags left on that no longer apply cost a fix that finds
    /// nothing, never a missed fix. Any fix of non-ASCII text may leave
    /// characters NFC changes (half-width katakana's sound marks become
    /// combining ones), so NFC looks at what it changed.
    fn after(mut self, fix: Fix) -> Triggers {
        if matches!(fix, Fix::FixC1Controls | Fix::FixLatinLigatures) {
            self.0 |= QUOTES;
        }
        // A line break is a starter that composes with nothing, before
        // and after the fix.
        if fix != Fix::FixLineBreaks && self.has(NON_ASCII) {
            self.0 |= NON_ASCII_FACTS;
        }
        self
    }

    fn any(&self, decode_entities: bool) -> bool {
        (self.has(ENTITIES) && decode_entities)
            || self.has(TERMINAL_ESCAPES)
            || self.has(NON_ASCII)
            || self.has(LINE_BREAKS)
            || self.has(CONTROL_CHARS)
    }
}

/// Scans the line starting at byte `from`: returns the offset just after
/// its `\n` (or the end of the text) and the trigger bits of its
/// characters. One pass that skips plain ASCII eight bytes at a time and
/// other characters whole, by their block of 64 code points.
pub(crate) fn scan_line(bytes: &[u8], from: usize) -> (usize, u16) {
    scan_bytes::<SCAN_TO_LINE_FEED>(bytes, from)
}

/// [`scan_line`] for a line that ends at any line break: `\n`, a CR not
/// followed by `\n`, U+2028 or U+2029.
pub(crate) fn scan_to_line_break(bytes: &[u8], from: usize) -> (usize, u16) {
    scan_bytes::<SCAN_TO_LINE_BREAK>(bytes, from)
}

// Where `scan_bytes` stops.
const SCAN_ALL: u8 = 0;
const SCAN_TO_LINE_FEED: u8 = 1;
const SCAN_TO_LINE_BREAK: u8 = 2;

/// [`scan_line`], [`scan_to_line_break`], or with `SCAN_ALL`, the scan of
/// all the bytes from `from`.
fn scan_bytes<const STOP: u8>(bytes: &[u8], from: usize) -> (usize, u16) {
    let table = &*SCAN_TABLE;
    let mut found = 0;
    let mut index = from;
    loop {
        while let Some(word) = word_at(bytes, index) {
            if !all_plain(word) {
                break;
            }
            index += 8;
        }
        // A few words' worth of characters one at a time, then words
        // again: often enough for ASCII text with a rare trigger, rarely
        // enough not to waste the word test on text in other scripts.
        let stop = (index + 32).min(bytes.len());
        if index == stop {
            return (index, found);
        }
        while index < stop {
            let byte = bytes[index];
            if byte.is_ascii() {
                index += 1;
                if STOP != SCAN_ALL && byte == b'\n' {
                    return (index, found);
                }
                found |= BYTE_TRIGGERS[usize::from(byte)];
                if STOP == SCAN_TO_LINE_BREAK && byte == b'\r' && bytes.get(index) != Some(&b'\n') {
                    return (index, found);
                }
                continue;
            }
            // `index` is at a lead byte: ASCII and whole characters are
            // all that is ever skipped.
            let continuation =
                |offset: usize| usize::from(bytes.get(index + offset).map_or(0, |&b| b & 0x3F));
            let (block, low, length) = match byte {
                0xC0..=0xDF => (usize::from(byte & 0x1F), continuation(1), 2),
                0xE0..=0xEF => (
                    usize::from(byte & 0x0F) << 6 | continuation(1),
                    continuation(2),
                    3,
                ),
                _ => {
                    found |= supplementary_triggers(bytes, index);
                    index += 4;
                    continue;
                }
            };
            found |= table.triggers(block, low);
            index += length;
            // U+2028 and U+2029: E2 80 A8 and E2 80 A9.
            if STOP == SCAN_TO_LINE_BREAK
                && byte == 0xE2
                && block == 0x80
                && (low == 0x28 || low == 0x29)
            {
                return (index, found);
            }
        }
    }
}

/// The triggers of the four-byte character at `index`: only NFC may
/// change it, except emoji (see [`crate::normalize::STABLE_EMOJI`]).
#[inline(never)]
fn supplementary_triggers(bytes: &[u8], index: usize) -> u16 {
    let Some(&[lead, second, third, fourth]) = bytes.get(index..index + 4) else {
        return NON_ASCII | NOT_NFC_STABLE;
    };
    let code = u32::from(lead & 0x07) << 18
        | u32::from(second & 0x3F) << 12
        | u32::from(third & 0x3F) << 6
        | u32::from(fourth & 0x3F);
    if crate::normalize::STABLE_EMOJI.contains(&code) {
        NON_ASCII
    } else {
        NON_ASCII | NOT_NFC_STABLE
    }
}

/// The triggers of the characters of the Basic Multilingual Plane, as the
/// scan reads them: by block of 64 code points (the characters that share
/// a two-byte lead byte, or a three-byte lead and second byte, in UTF-8),
/// a row of the triggers of each, blocks with the same triggers sharing a
/// row (all of CJK shares one). Two reads and no branch per character.
/// Made from [`lead_triggers`], so the two agree.
struct ScanTable {
    /// For each block, the offset of its row in `rows`.
    blocks: Box<[u32]>,
    /// Rows of 64 triggers, one per character.
    rows: Box<[u16]>,
}

impl ScanTable {
    /// The triggers of the character at `low` (its code point's last six
    /// bits) in `block`.
    fn triggers(&self, block: usize, low: usize) -> u16 {
        self.rows[self.blocks[block] as usize + low]
    }
}

static SCAN_TABLE: LazyLock<ScanTable> = LazyLock::new(|| {
    let mut blocks = Vec::with_capacity(0x10000 / 64);
    let mut rows = Vec::new();
    let mut row_offsets: std::collections::HashMap<Vec<u16>, u32> = Default::default();
    for block in 0..0x10000u32 / 64 {
        // 0 for what never reaches the table: ASCII, surrogates.
        let row: Vec<u16> = (block * 64..block * 64 + 64)
            .map(|code| {
                char::from_u32(code)
                    .filter(|c| !c.is_ascii())
                    .map_or(0, |c| {
                        lead_triggers(c.encode_utf8(&mut [0; 4]).as_bytes(), 0)
                    })
            })
            .collect();
        let offset = *row_offsets.entry(row.clone()).or_insert_with(|| {
            rows.extend_from_slice(&row);
            u32::try_from(rows.len() - 64).expect("few rows")
        });
        blocks.push(offset);
    }
    ScanTable {
        blocks: blocks.into_boxed_slice(),
        rows: rows.into_boxed_slice(),
    }
});

/// The triggers of the character whose lead byte is at `at`.
fn lead_triggers(bytes: &[u8], at: usize) -> u16 {
    let nfc_stable = crate::normalize::nfc_stable_bmp();
    let byte_at = |i: usize| bytes.get(i).copied().unwrap_or(0);
    let (lead, second, third) = (bytes[at], byte_at(at + 1), byte_at(at + 2));
    // The word of `nfc_stable` covering this character's block of 64,
    // and its bit there.
    let block = match lead {
        0xC0..=0xDF => Some((usize::from(lead & 0x1F), second & 0x3F)),
        0xE0..=0xEF => Some((
            usize::from(lead & 0x0F) << 6 | usize::from(second & 0x3F),
            third & 0x3F,
        )),
        _ => None,
    };
    let mut found = match block {
        Some((block, bit)) if nfc_stable[block] & (1 << bit) != 0 => NON_ASCII,
        _ => NON_ASCII | NOT_NFC_STABLE,
    };
    let length = match lead {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    };
    let character = bytes
        .get(at..at + length)
        .and_then(|utf8| std::str::from_utf8(utf8).ok())
        .and_then(|utf8| utf8.chars().next());
    if character.is_some_and(crate::badness::is_anchor) {
        found |= MAY_BE_BAD;
    }
    if character.is_some_and(crate::extended::may_be_encodable) {
        found |= ENCODABLE;
    }
    if character.is_some_and(crate::extended::may_continue_sequence) {
        found |= CONTINUATION;
    }
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
        // U+3000, U+FF01–U+FFEF: what `fix_character_width` may narrow
        // (not U+FFFD, common in text that lost bytes)
        _ if character
            .is_some_and(|c| c == '\u{3000}' || ('\u{ff01}'..='\u{ffef}').contains(&c)) =>
        {
            WIDTH
        }
        _ => 0,
    };
    found
}

/// Whether the pre-scan found something for a fix.
type Trigger = fn(&Triggers) -> bool;

/// A text fix of the round: whether it is on, which fix it is, and
/// whether the pre-scan found something for it.
struct TextFixStep {
    enabled: bool,
    fix: Fix,
    apply: NotingTextFix,
    triggered: Trigger,
}

impl TextFixStep {
    fn new(enabled: bool, fix: Fix, triggered: Trigger) -> Self {
        TextFixStep {
            enabled,
            fix,
            apply: fix
                .round_fix_noting()
                .expect("the round's fixes are text fixes"),
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
    steps: Option<&mut Vec<ExplanationStep>>,
) -> Cow<'a, str> {
    fix_scanned_segment(text, Triggers::scan(text), config, decode_entities, steps)
}

/// [`fix_segment`] for a segment whose `triggers` are known.
pub(crate) fn fix_scanned_segment<'a>(
    text: &'a str,
    triggers: Triggers,
    config: &TextFixerConfig,
    decode_entities: bool,
    steps: Option<&mut Vec<ExplanationStep>>,
) -> Cow<'a, str> {
    if steps.is_none() {
        return fix_scanned_segment_by_lines(text, triggers, config, decode_entities).text;
    }
    let mut known_bad = false;
    if !triggers.any(decode_entities)
        || keeps_non_ascii_text(text, triggers, config, &mut known_bad)
    {
        return Cow::Borrowed(text);
    }
    fix_rounds(text, triggers, known_bad, config, decode_entities, steps)
}

/// [`fix_scanned_segment`] without steps, saying also which of the lines
/// the fixes made might change when fixed again on their own.
pub(crate) fn fix_scanned_segment_by_lines<'a>(
    text: &'a str,
    triggers: Triggers,
    config: &TextFixerConfig,
    decode_entities: bool,
) -> FixedLines<'a> {
    // Whether `is_bad` has found `text` bad on the way.
    let mut known_bad = false;
    if !triggers.any(decode_entities)
        || keeps_non_ascii_text(text, triggers, config, &mut known_bad)
    {
        return FixedLines {
            text: Cow::Borrowed(text),
            unsettled: Unsettled::Within(Vec::new()),
        };
    }
    if let Some(fixed) = fix_only_line_breaks_and_controls(text, triggers, config) {
        return fixed;
    }
    // A long segment of many lines (a CR-only file) is fixed a line at a
    // time, with the same result, when that can be shown to hold.
    if !config.extended_recovery && text.len() >= lines::MIN_SEGMENT_BYTES && !lines::disabled() {
        if let Some(fixed) =
            lines::fix_by_lines(text, config, decode_entities, lines::MIN_AVERAGE_LINE_BYTES)
        {
            return fixed;
        }
    }
    let (text, encoding_end) =
        fix_rounds_ending(text, triggers, known_bad, config, decode_entities, None);
    let unsettled = match &text {
        Cow::Borrowed(_) => Unsettled::Within(Vec::new()),
        Cow::Owned(_) => Unsettled::ToWorkOut {
            encoding_end,
            decode_entities,
        },
    };
    FixedLines { text, unsettled }
}

/// The fast path for an ASCII segment whose only triggers are CRs (in CR
/// LF or alone) and control characters, as in a file with Windows or old
/// Mac line endings: the rounds would fix its line breaks, then remove its
/// controls, and find nothing else, and the lines that makes hold nothing
/// to fix. (No fix before those two acts on ASCII, and removing a control
/// between a CR and a `\n` makes no CR LF: no CR is left by then.) `None`
/// for any other segment. (A property test checks it against the rounds.)
fn fix_only_line_breaks_and_controls<'a>(
    text: &'a str,
    triggers: Triggers,
    config: &TextFixerConfig,
) -> Option<FixedLines<'a>> {
    if triggers.without(LINE_BREAKS | CONTROL_CHARS) != Triggers::default() {
        return None;
    }
    let mut fixed = Cow::Borrowed(text);
    if config.fix_line_breaks && triggers.has(LINE_BREAKS) {
        if let Cow::Owned(changed) = fixes::fix_line_breaks(&fixed) {
            fixed = Cow::Owned(changed);
        }
    }
    if config.remove_control_chars && triggers.has(CONTROL_CHARS) {
        if let Cow::Owned(changed) = fixes::remove_control_chars(&fixed) {
            fixed = Cow::Owned(changed);
        }
    }
    Some(FixedLines {
        text: fixed,
        unsettled: Unsettled::Within(Vec::new()),
    })
}

/// Whether a later round's `fix_encoding` follows where text fixes changed
/// a segment of `len` bytes. Shorter segments are searched whole: for
/// them, following the changes costs more (a few small allocations) than
/// it saves. (Unit tests follow every segment, so that their short texts
/// test the following.)
fn follows_changes(len: usize) -> bool {
    cfg!(test) || len >= 1024
}

/// The round of fixes, repeated on the whole segment until nothing changes.
/// `known_bad`: `is_bad` has found `text` bad.
fn fix_rounds<'a>(
    text: &'a str,
    triggers: Triggers,
    known_bad: bool,
    config: &TextFixerConfig,
    decode_entities: bool,
    steps: Option<&mut Vec<ExplanationStep>>,
) -> Cow<'a, str> {
    fix_rounds_ending(text, triggers, known_bad, config, decode_entities, steps).0
}

/// [`fix_rounds`], saying also what ftfy's `fix_encoding` last found in
/// the text given back, when it was the last to look at it.
fn fix_rounds_ending<'a>(
    text: &'a str,
    mut triggers: Triggers,
    mut known_bad: bool,
    config: &TextFixerConfig,
    decode_entities: bool,
    mut steps: Option<&mut Vec<ExplanationStep>>,
) -> (Cow<'a, str>, Option<EncodingEnd>) {
    let text_fixes = text_fix_steps(config);
    let mut current = Cow::Borrowed(text);
    let mut first_round = true;
    // Whether `triggers` is the scan of `current`, not a guess.
    let mut triggers_exact = true;
    // Whether `current` is what ftfy's `fix_encoding` gave, which it would
    // give back unchanged (see `encoding::fix_steps`).
    let mut encoding_settled = false;
    // What `fix_encoding` found in `current`, when it gave it.
    let mut encoding_end = None;
    // When `fix_encoding` found nothing to fix in an earlier `current`, the
    // ranges that text fixes have changed since: only there may it find
    // something now, besides re-decoding the whole.
    let mut changed_since_nothing_to_fix: Option<ChangedRanges> = None;
    loop {
        // Cheap while borrowed; a copy only once some fix has changed text.
        let round_start = current.clone();
        let mut changed = false;
        // Whether this round's `fix_encoding` found the text not bad.
        let mut encoding_found_clean = false;
        if !std::mem::take(&mut first_round) && !triggers_exact {
            triggers = Triggers::scan(&current);
            triggers_exact = true;
        }
        if decode_entities
            && triggers.has(ENTITIES)
            && apply_fix(
                &mut current,
                Fix::UnescapeHtml,
                |text, _| fixes::unescape_html(text),
                &mut None,
                &mut Changes::default(),
                &mut steps,
            )
        {
            changed = true;
            known_bad = false;
            encoding_settled = false;
            encoding_end = None;
            changed_since_nothing_to_fix = None;
            triggers = Triggers::scan(&current);
        }
        // Only the plain mode's answers are known to be settled, and a
        // plan must record every step.
        let may_settle = steps.is_none() && !config.extended_recovery;
        if config.fix_encoding && triggers.has(NON_ASCII) && !(encoding_settled && may_settle) {
            let fixed = match steps.as_deref_mut() {
                Some(steps) => {
                    let fixed = fix_encoding_and_explain(&current, config);
                    steps.extend(
                        fixed
                            .explanation
                            .expect("fix_encoding_and_explain always explains"),
                    );
                    encoding_end = None;
                    replace_if_changed(&mut current, fixed.text)
                }
                None if !config.extended_recovery => {
                    // ftfy's `fix_encoding` leaves text that is not bad as
                    // it is; whether it was is kept for the end of the round.
                    let bad = std::mem::take(&mut known_bad)
                        || (triggers.has(MAY_BE_BAD) && !current.is_ascii() && is_bad(&current));
                    encoding_found_clean = !bad;
                    encoding_end = Some(EncodingEnd::NotBad);
                    bad && {
                        let changed = changed_since_nothing_to_fix.as_ref();
                        let (fixed, end) = fix_encoding_of_bad(
                            &current,
                            config,
                            changed.map(ChangedRanges::ranges),
                        );
                        encoding_end = end;
                        match fixed {
                            Cow::Borrowed(_) => false,
                            Cow::Owned(fixed) => replace_if_changed(&mut current, fixed),
                        }
                    }
                }
                None => {
                    known_bad = false;
                    encoding_end = None;
                    match fix_encoding_with(&current, config) {
                        Cow::Borrowed(_) => false,
                        Cow::Owned(fixed) => replace_if_changed(&mut current, fixed),
                    }
                }
            };
            encoding_settled = may_settle;
            changed_since_nothing_to_fix = (encoding_end == Some(EncodingEnd::NothingToFix)
                && follows_changes(current.len()))
            .then(ChangedRanges::default);
            if fixed {
                changed = true;
                triggers = Triggers::scan(&current);
                triggers_exact = true;
            }
        }
        let changed_before_text_fixes = changed;
        // `fix_encoding` found its own C1 step, the same fix, to change
        // nothing.
        let text_fix_triggers = if encoding_end == Some(EncodingEnd::NothingToFix) {
            triggers.without(C1_CONTROLS)
        } else {
            triggers
        };
        let text_fixes_changed = apply_text_fixes(
            &mut current,
            text_fix_triggers,
            &text_fixes,
            config,
            &mut steps,
            &mut changed_since_nothing_to_fix,
        );
        // What `fix_encoding` had settled before the text fixes.
        let settled_end = encoding_settled.then_some(encoding_end).flatten();
        if text_fixes_changed.any() {
            changed = true;
            known_bad = false;
            encoding_settled = false;
            encoding_end = None;
            triggers_exact = false;
        }
        // No round follows one whose text fixes only made lone CRs `\n`,
        // after a `fix_encoding` that found the text not bad or nothing to
        // fix in it. One ASCII control for another changes no codec's
        // bytes where UTF-8 or a byte repair looks (a space, `?` or byte
        // 1A), nor any run or C1 control, so that `fix_encoding` still
        // finds nothing to fix, and a `\n` for a CR makes no badness match
        // where there was none. The text fixes leave alone the `\n` that
        // `fix_line_breaks` made; entities are looked for.
        let lone_carriage_returns_settled = || {
            text_fixes_changed == TextFixesChanged::OnlyLoneCarriageReturns
                && (!(decode_entities && triggers.has(ENTITIES))
                    || matches!(fixes::unescape_html(&current), Cow::Borrowed(_)))
                && match settled_end {
                    Some(EncodingEnd::NothingToFix) => true,
                    Some(EncodingEnd::NotBad) => {
                        crate::badness::line_feed_for_carriage_return_makes_no_match()
                    }
                    _ => false,
                }
        };
        if changed && lone_carriage_returns_settled() {
            return (current, settled_end);
        }
        // When only the entities and `fix_encoding` changed the text, and
        // its answer is settled, the next round would skip both (no
        // entity is left, the answer stands) and run the text fixes on
        // the text and triggers that they just left alone.
        // Nor when the text fixes only straightened quotes in text that
        // the round's `fix_encoding` found not bad and left alone: the
        // text is still not bad (no badness rule matches a straight quote
        // where it did not match the curly one), so the next round would
        // only run text fixes that leave it alone (they all did, on the
        // text with the curly quotes or on this one) and a normalization
        // already made.
        let next_round_changes_nothing = || {
            (encoding_settled && triggers_exact && !(decode_entities && triggers.has(ENTITIES)))
                || (may_settle
                    && !changed_before_text_fixes
                    && text_fixes_changed == TextFixesChanged::OnlyQuotes
                    && (encoding_found_clean || !config.fix_encoding || !triggers.has(NON_ASCII))
                    && crate::badness::straight_quotes_for_curly_make_no_match())
        };
        // Comparing, not just trusting `changed`, stops two fixes that undo
        // each other from looping forever.
        if !changed || current == round_start || next_round_changes_nothing() {
            return (current, encoding_end);
        }
    }
}

/// The text fixes of a round, in ftfy's order, with what `config` enables.
fn text_fix_steps(config: &TextFixerConfig) -> [TextFixStep; 8] {
    [
        TextFixStep::new(config.fix_c1_controls, Fix::FixC1Controls, |t| {
            t.has(C1_CONTROLS)
        }),
        TextFixStep::new(config.fix_latin_ligatures, Fix::FixLatinLigatures, |t| {
            t.has(LIGATURES)
        }),
        TextFixStep::new(config.fix_character_width, Fix::FixCharacterWidth, |t| {
            t.has(WIDTH)
        }),
        TextFixStep::new(config.uncurl_quotes, Fix::UncurlQuotes, |t| t.has(QUOTES)),
        TextFixStep::new(config.fix_line_breaks, Fix::FixLineBreaks, |t| {
            t.has(LINE_BREAKS)
        }),
        // Surrogates never occur in a `&str`; the step is kept for plans.
        TextFixStep::new(config.fix_surrogates, Fix::FixSurrogates, |_| false),
        TextFixStep::new(
            config.remove_terminal_escapes,
            Fix::RemoveTerminalEscapes,
            |t| t.has(TERMINAL_ESCAPES),
        ),
        TextFixStep::new(config.remove_control_chars, Fix::RemoveControlChars, |t| {
            t.has(CONTROL_CHARS)
        }),
    ]
}

/// The rest of a round after `fix_encoding`: the text fixes that
/// `triggers` (those of `current`) call for, then normalization. Returns
/// whether `current` changed.
/// When `tracked` holds ranges of `current`, they are moved and grown with
/// the changes made.
fn apply_text_fixes(
    current: &mut Cow<'_, str>,
    mut triggers: Triggers,
    text_fixes: &[TextFixStep],
    config: &TextFixerConfig,
    steps: &mut Option<&mut Vec<ExplanationStep>>,
    tracked: &mut Option<ChangedRanges>,
) -> TextFixesChanged {
    let mut changed = TextFixesChanged::Nothing;
    let mut changes = Changes::default();
    for step in text_fixes {
        let length_before = current.len();
        if step.enabled
            && (step.triggered)(&triggers)
            && apply_fix(current, step.fix, step.apply, tracked, &mut changes, steps)
        {
            changed = changed.and(step.fix, current.len() == length_before);
            triggers = triggers.after(step.fix);
        }
    }
    if let Some(form) = triggers.normalization(config) {
        changes.clear();
        let noted = tracked.is_some().then_some(&mut changes);
        if let Cow::Owned(normalized) = normalize_noting(current, form, noted) {
            if replace_if_changed(current, normalized) {
                changed = TextFixesChanged::More;
                if let Some(tracked) = tracked {
                    *tracked = tracked.after(&changes);
                }
                if let Some(steps) = steps.as_deref_mut() {
                    steps.push(ExplanationStep::Normalize(form));
                }
            }
        }
    }
    changed
}

/// What the text fixes of a round changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TextFixesChanged {
    Nothing,
    /// Only `uncurl_quotes` changed the text.
    OnlyQuotes,
    /// Only `fix_line_breaks` changed the text, making lone CRs `\n`.
    OnlyLoneCarriageReturns,
    More,
}

impl TextFixesChanged {
    /// What changed once `fix` has changed the text too, keeping its
    /// byte length or not.
    fn and(self, fix: Fix, kept_length: bool) -> TextFixesChanged {
        match (self, fix) {
            (TextFixesChanged::Nothing, Fix::UncurlQuotes) => TextFixesChanged::OnlyQuotes,
            // Every other break it makes `\n` is longer than one byte
            // (CRLF, U+0085, U+2028, U+2029).
            (TextFixesChanged::Nothing, Fix::FixLineBreaks) if kept_length => {
                TextFixesChanged::OnlyLoneCarriageReturns
            }
            _ => TextFixesChanged::More,
        }
    }

    fn any(self) -> bool {
        self != TextFixesChanged::Nothing
    }
}

/// The common case, decided without the round of fixes: a segment with
/// nothing to look at but its non-ASCII characters, which is not mojibake
/// and which normalization keeps, is left as it is. (Extended recovery
/// looks at such text too when its prefilter finds something it might
/// fix: ftfy's `is_bad` misses what it fixes.) Sets `known_bad` when it
/// found `text` bad.
fn keeps_non_ascii_text(
    text: &str,
    triggers: Triggers,
    config: &TextFixerConfig,
    known_bad: &mut bool,
) -> bool {
    let mut bad = || {
        *known_bad = triggers.has(MAY_BE_BAD) && is_bad(text);
        *known_bad
    };
    triggers.only_non_ascii()
        && !(config.fix_encoding
            && (bad()
                || (config.extended_recovery
                    && triggers.has(ENCODABLE)
                    && crate::extended::may_change_clean(text, triggers.has(CONTINUATION)))))
        && triggers
            .normalization(config)
            .is_none_or(|form| matches!(normalize(text, form), Cow::Borrowed(_)))
}

/// Runs `fix` on `current`, keeping and recording its result if it changed
/// anything, and moving the ranges `tracked` holds with what changed
/// (`changes` is room to note it in).
fn apply_fix(
    current: &mut Cow<'_, str>,
    fix: Fix,
    apply: NotingTextFix,
    tracked: &mut Option<ChangedRanges>,
    changes: &mut Changes,
    steps: &mut Option<&mut Vec<ExplanationStep>>,
) -> bool {
    changes.clear();
    let noted = tracked.is_some().then_some(&mut *changes);
    let Cow::Owned(fixed) = apply(current, noted) else {
        return false;
    };
    let changed = replace_if_changed(current, fixed);
    if changed {
        if let Some(tracked) = tracked {
            *tracked = tracked.after(changes);
        }
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
    use proptest::strategy::Strategy as _;

    /// The pre-scan must flag every character that its fix changes, or the
    /// fix is skipped: checked on every code point, alone.
    #[test]
    fn triggers_flag_every_character_a_fix_changes() {
        let checks: [(Fix, Trigger); 8] = [
            (Fix::FixC1Controls, |t| t.has(C1_CONTROLS)),
            (Fix::FixLatinLigatures, |t| t.has(LIGATURES)),
            (Fix::FixCharacterWidth, |t| t.has(WIDTH)),
            (Fix::UncurlQuotes, |t| t.has(QUOTES)),
            (Fix::FixLineBreaks, |t| t.has(LINE_BREAKS)),
            (Fix::RemoveControlChars, |t| t.has(CONTROL_CHARS)),
            (Fix::RemoveTerminalEscapes, |t| t.has(TERMINAL_ESCAPES)),
            (Fix::UnescapeHtml, |t| t.has(ENTITIES)),
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
                assert!(
                    triggers.has(NON_ASCII),
                    "U+{:04X} is not ASCII",
                    u32::from(c)
                );
            }
            if !crate::normalize::is_nfc_stable(c) && !triggers.has(NOT_NFC_STABLE) {
                missed.push(format!("NFC may change U+{:04X}", u32::from(c)));
            }
            assert_eq!(triggers.has(TAG), c == '<');
            assert_eq!(
                triggers.has(MAY_BE_BAD),
                crate::badness::is_anchor(c),
                "U+{:04X}",
                u32::from(c)
            );
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
            "‘", "\u{2028}", "\u{feff}", "\u{3000}", "Ａ", "\u{301}", "😀", "中", "Ђ", "ж", "ґ",
            "\u{94d}", "ि", "\u{e38}", "\u{64e}", "€", "™", "│",
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
                    let expected = Triggers(alone.0 | padding_triggers.0);
                    assert_eq!(found.0, expected.0, "{line:?}");
                }
            }
        }
    }

    /// With `fix_encoding` off, the round's own `fix_c1_controls` fixes C1
    /// controls (ftfy 6.3.1's answers).
    #[test]
    fn c1_controls_are_fixed_without_fix_encoding() {
        let config = TextFixerConfig::default().fix_encoding(false);
        assert_eq!(fix_text_with("x\u{93}y\u{81}", &config), "x\"y\u{81}");
        let config = config.uncurl_quotes(false);
        assert_eq!(fix_text_with("x\u{93}y\u{81}", &config), "x“y\u{81}");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]

        /// The fast path for ASCII text whose only triggers are CRs and
        /// controls gives what the rounds give, under the configurations
        /// that might differ, and declines anything else.
        #[test]
        fn only_line_breaks_and_controls_fixed_as_the_rounds_fix_them(
            picks in proptest::collection::vec(0..18usize, 0..24),
            config_index in 0..6usize,
        ) {
            let pool: Vec<char> = "a Z.\r\n\t&<\u{85}\u{2028}é\u{1}\u{1c}\u{7f}\u{c}\u{1b}\u{b}\0"
                .chars()
                .collect();
            let text: String = picks.into_iter().map(|i| pool[i % pool.len()]).collect();
            let default = TextFixerConfig::default();
            let config = [
                default.clone(),
                default.clone().fix_line_breaks(false),
                default.clone().remove_control_chars(false),
                default.clone().normalization(Some(Normalization::Nfkc)),
                default.clone().unescape_html(UnescapeHtml::Always),
                default.clone().fix_line_breaks(false).remove_control_chars(false),
            ][config_index].clone();
            let triggers = Triggers::scan(&text);
            if let Some(fast) = fix_only_line_breaks_and_controls(&text, triggers, &config) {
                let rounds = fix_rounds(&text, triggers, false, &config, true, None);
                proptest::prop_assert_eq!(&fast.text, &rounds, "{:?}", text);
                // The lines it makes are settled: each fixed again is itself.
                for line in fast.text.split_inclusive('\n') {
                    proptest::prop_assert_eq!(fix_segment(line, &config, true, None), line);
                }
                let declined = ['&', '<', '\u{85}', '\u{2028}', 'é', '\u{1b}'];
                proptest::prop_assert!(!text.contains(declined), "{:?}", text);
            }
        }

        /// The rounds give the same text with and without the shortcuts
        /// that only a text without steps takes (settled answers of
        /// `fix_encoding`, its search begun where text fixes changed the
        /// text, C1 controls it found nothing to fix in, lone CRs made
        /// `\n` after it). The text holds
        /// mojibake, characters of the upper half of Latin-1 (C1 controls
        /// among them: what `fix_encoding` leaves behind), and what every
        /// text fix changes.
        #[test]
        fn rounds_with_and_without_steps_agree(
            picks in proptest::collection::vec(
                proptest::prop_oneof![
                    2 => proptest::sample::select(lines_test_pieces()).prop_map(str::to_string),
                    2 => proptest::char::range('\u{80}', '\u{ff}').prop_map(String::from),
                    1 => proptest::sample::select(&[
                        "ǆ", "ﬁ", "Ｌ", "＆", "　", "“", "’", "\u{301}", "e\u{301}", "\u{2028}",
                        "\r", "\u{1b}[1m", "\u{1}", "Ã", "â€", "Ã\u{85}", "Â\u{81}", "?", "Ã?", "&amp;lt;",
                    ][..]).prop_map(str::to_string),
                ],
                0..40,
            ),
            config_index in 0..6usize,
            decode_entities: bool,
        ) {
            let text: String = picks.concat();
            let default = TextFixerConfig::default();
            let config = [
                default.clone(),
                default.clone().fix_c1_controls(false),
                default.clone().decode_inconsistent_utf8(false),
                default.clone().normalization(Some(Normalization::Nfkc)),
                default.clone().fix_latin_ligatures(false).fix_character_width(false),
                default.clone().fix_encoding(false),
            ][config_index].clone();
            let triggers = Triggers::scan(&text);
            let fast = fix_rounds(&text, triggers, false, &config, decode_entities, None);
            let mut steps = Vec::new();
            let plain = fix_rounds(&text, triggers, false, &config, decode_entities, Some(&mut steps));
            proptest::prop_assert_eq!(fast, plain, "{:?}", text);
        }

        /// What lets a line skip `is_bad`: text the scan finds no anchor
        /// in is never bad. Characters of mojibake, their neighbours, and
        /// other scripts.
        #[test]
        fn text_without_anchors_is_not_bad(picks in proptest::collection::vec(0..64usize, 0..16)) {
            let pool: Vec<char> = "aZ .,ÃÂàé€œ¢£\u{a0}®©°·»–—´×²µ√±™≈‚Äâвђўβ€ΒΓΟāŒ\u{85}¦ˆ\u{fffd}ﬁ│═‘’“”•‹›«¿¡ÉÑÖüÝ§¶ª中жЖЂ😀\u{94d}"
                .chars()
                .collect();
            let text: String = picks.into_iter().map(|i| pool[i % pool.len()]).collect();
            if !Triggers::scan(&text).has(MAY_BE_BAD) {
                proptest::prop_assert!(!is_bad(&text), "{:?}", text);
            }
        }
    }

    /// The bits a `Triggers` was made from.
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
                t.has(C1_CONTROLS),
                t.has(LIGATURES),
                t.has(WIDTH),
                t.has(QUOTES),
                t.has(LINE_BREAKS),
                t.has(TERMINAL_ESCAPES),
                t.has(CONTROL_CHARS),
                t.has(NON_ASCII),
                t.has(NOT_NFC_STABLE),
                t.has(ENCODABLE),
                t.has(CONTINUATION),
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
