//! The pre-scan: which fixes could change a text, found in one pass over
//! its bytes, so that a round of fixes skips the ones with nothing to do
//! (and clean ASCII text skips them all).

#[cfg(test)]
use crate::codecs::misread;
use crate::fixes::Fix;
use crate::text::{bytes_below, bytes_equal, skip_plain, word_at, HIGH_BITS};
use crate::{Normalization, TextFixerConfig};

/// Which fixes could change a text, found in one pass over its bytes, so
/// that a round of fixes skips the ones with nothing to do (and clean
/// ASCII text skips them all). The tests are conservative: a fix may be
/// flagged and then find nothing, never the reverse. One bit per trigger,
/// as the scan's table holds them.
#[derive(Clone, Copy, Default, PartialEq)]
pub(crate) struct Triggers(u16);

// What a character may trigger, as bits, for the one table the scan reads.
pub(crate) const ENTITIES: u16 = 1 << 0;
pub(crate) const TERMINAL_ESCAPES: u16 = 1 << 1;
/// Any non-ASCII character: mojibake, normalization other than NFC.
pub(crate) const NON_ASCII: u16 = 1 << 2;
/// A character NFC might change (see [`crate::normalize::is_nfc_stable`]).
pub(crate) const NOT_NFC_STABLE: u16 = 1 << 3;
pub(crate) const C1_CONTROLS: u16 = 1 << 4;
pub(crate) const LIGATURES: u16 = 1 << 5;
pub(crate) const WIDTH: u16 = 1 << 6;
pub(crate) const QUOTES: u16 = 1 << 7;
pub(crate) const LINE_BREAKS: u16 = 1 << 8;
pub(crate) const CONTROL_CHARS: u16 = 1 << 9;
/// A `<`, which turns entity decoding off in `Auto` mode.
pub(crate) const TAG: u16 = 1 << 10;
/// A character that every match of the badness rules holds (see
/// `badness::is_anchor`): without one, text is not mojibake to
/// ftfy's heuristic, and `is_bad` need not look.
pub(crate) const MAY_BE_BAD: u16 = 1 << 11;
/// A non-ASCII character that a codec UTF-8 is misread through may encode
/// ([`misread::may_be_encodable`]): a line with none (Han, Hangul or an
/// Indic script beside ASCII) is one that re-reading leaves alone.
pub(crate) const ENCODABLE: u16 = 1 << 12;
/// A non-ASCII character that a codec UTF-8 is misread through encodes as
/// a UTF-8 continuation byte ([`misread::may_continue_sequence`]).
pub(crate) const CONTINUATION: u16 = 1 << 13;
/// What the scan notes of non-ASCII characters beyond the fixes they
/// trigger: facts for normalization, `is_bad` and the encoding fixer
/// ([`ScanFacts`]), which no text fix of the round reads.
pub(crate) const NON_ASCII_FACTS: u16 =
    NON_ASCII | NOT_NFC_STABLE | MAY_BE_BAD | ENCODABLE | CONTINUATION;

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

    /// The bits these triggers were made from.
    #[cfg(test)]
    pub(crate) fn bits(self) -> u16 {
        self.0
    }

    /// These triggers less `flags`.
    pub(crate) fn without(self, flags: u16) -> Triggers {
        Triggers(self.0 & !flags)
    }

    /// Whether any of `flags` is set.
    pub(crate) fn has(self, flags: u16) -> bool {
        self.0 & flags != 0
    }

    /// Whether non-ASCII characters are all there is to look at.
    pub(crate) fn only_non_ascii(&self) -> bool {
        self.has(NON_ASCII) && self.without(NON_ASCII_FACTS) == Triggers::default()
    }

    /// The normalization `config` asks for, if it might change the text.
    pub(crate) fn normalization(&self, config: &TextFixerConfig) -> Option<Normalization> {
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
    pub(crate) fn after(mut self, fix: Fix) -> Triggers {
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

    pub(crate) fn any(&self, decode_entities: bool) -> bool {
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
    let table = &SCAN_TABLE;
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

/// How long a line that holds something to look at grows before
/// [`scan_to_loud_line`] finds its end, to know whether it is cut.
const LONG_LINE: usize = 4096;

/// Which lines `fix_text` leaves as they are, changing nothing of the
/// state it carries to the next line, told by their triggers, for
/// [`scan_to_loud_line`]. What it says of a line, it says of each segment
/// of the line.
#[derive(Clone, Copy)]
pub(crate) struct Quiet {
    /// The triggers a quiet line may have.
    triggers: u16,
}

impl Quiet {
    /// What is quiet under `config`, for an encoding fixer that leaves
    /// alone all text ftfy's heuristic finds clean (`leaves_clean_alone`),
    /// and whether `&` and `<` change nothing (`markup`: entities are no
    /// longer decoded, and the HTML rule has nothing left to decide).
    ///
    /// A line of no other triggers, holding markup or non-ASCII characters
    /// but not both, has no triggers or is left as it is by
    /// [`crate::pipeline::fix_scanned_segment_by_lines`]'s first test:
    /// its non-ASCII characters are all it holds, ftfy's heuristic has no
    /// anchor to find mojibake by (no [`MAY_BE_BAD`]), the encoding fixer
    /// looks no further, and NFC keeps each character. (With
    /// normalization or `fix_encoding` off, fewer lines are counted quiet
    /// than might be.)
    pub(crate) fn new(config: &TextFixerConfig, leaves_clean_alone: bool, markup: bool) -> Quiet {
        let markup = if markup { ENTITIES | TAG } else { 0 };
        let non_ascii = match config.normalization {
            // The other forms may change any non-ASCII character.
            Some(form) if form != Normalization::Nfc => 0,
            _ if leaves_clean_alone || !config.fix_encoding => NON_ASCII | CONTINUATION | ENCODABLE,
            _ => NON_ASCII | CONTINUATION,
        };
        Quiet {
            triggers: markup | non_ascii,
        }
    }

    /// Whether a line of these triggers is quiet.
    fn holds(self, triggers: u16) -> bool {
        triggers & !self.triggers == 0
            && !(triggers & (ENTITIES | TAG) != 0 && triggers & NON_ASCII != 0)
    }
}

/// The first line at or after byte `from` (a segment boundary) that is
/// not [`Quiet`]: its start (or `from`), its end (after its `\n`, or the
/// end of the text) and its triggers, as [`scan_line`] finds them; the
/// end of the text twice and no triggers if every line is quiet. The
/// lines before it need no fix, and change nothing for the next line.
///
/// One pass over the whole text, not a line at a time: the pre-scan's
/// loop, noting each line's triggers at its end, with whole lines of plain
/// ASCII passed over by [`skip_plain`]. A line longer than `max_line`
/// bytes that holds something to look at is returned as soon as that is
/// known (its triggers are then those of its start only): it is cut into
/// segments, which are scanned on their own.
pub(crate) fn scan_to_loud_line(
    bytes: &[u8],
    from: usize,
    quiet: Quiet,
    max_line: usize,
) -> (usize, usize, u16) {
    let table = &SCAN_TABLE;
    // The start of the line being scanned (or of an earlier one, after
    // lines of plain ASCII), and its end once a long line's end has been
    // looked for.
    let mut line_start = from;
    let mut line_end = None;
    let loud_line = |end: usize, found: u16| {
        let before = &bytes[from..end - usize::from(bytes[end - 1] == b'\n')];
        let start = memchr::memrchr(b'\n', before).map_or(from, |i| from + i + 1);
        (start, end, found)
    };
    // The triggers of the line so far.
    let mut found = 0;
    let mut index = from;
    loop {
        if found == 0 && word_at(bytes, index).is_some_and(all_plain) {
            // Lines of plain ASCII, and the plain start of this one.
            index = skip_plain(bytes, index + 8, true);
        }
        while let Some(word) = word_at(bytes, index) {
            if !all_plain(word) {
                break;
            }
            index += 8;
        }
        // A long line with something to look at: if it is longer than
        // `max_line`, the rest is not scanned here.
        if found != 0 && index - line_start > max_line.min(LONG_LINE) {
            let end = *line_end.get_or_insert_with(|| {
                line_start = memchr::memrchr(b'\n', &bytes[line_start..index])
                    .map_or(line_start, |i| line_start + i + 1);
                memchr::memchr(b'\n', &bytes[index..]).map_or(bytes.len(), |i| index + i + 1)
            });
            if end - line_start > max_line && !quiet.holds(found) {
                return (line_start, end, found);
            }
        }
        let stop = (index + 32).min(bytes.len());
        if index == stop {
            return if quiet.holds(found) {
                (bytes.len(), bytes.len(), 0)
            } else {
                loud_line(bytes.len(), found)
            };
        }
        while index < stop {
            let byte = bytes[index];
            let (triggers, length) = match byte {
                b'\n' => {
                    index += 1;
                    if !quiet.holds(found) {
                        return loud_line(index, found);
                    }
                    found = 0;
                    line_start = index;
                    line_end = None;
                    break;
                }
                0x00..=0x7F => (BYTE_TRIGGERS[usize::from(byte)], 1),
                // `bytes` is UTF-8: a lead byte has its continuation bytes.
                0xC0..=0xDF => (
                    table.triggers(
                        usize::from(byte & 0x1F),
                        usize::from(bytes[index + 1] & 0x3F),
                    ),
                    2,
                ),
                0xE0..=0xEF => {
                    let block =
                        usize::from(byte & 0x0F) << 6 | usize::from(bytes[index + 1] & 0x3F);
                    (
                        table.triggers(block, usize::from(bytes[index + 2] & 0x3F)),
                        3,
                    )
                }
                _ => (supplementary_triggers(bytes, index), 4),
            };
            found |= triggers;
            index += length;
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
/// Made from [`lead_triggers`] (`tests::generated_scan_table`), so the two
/// agree.
struct ScanTable {
    /// For each block, its row in `rows`.
    blocks: &'static [u16],
    /// Rows of 64 triggers, one per character.
    rows: &'static [u16],
}

impl ScanTable {
    /// The triggers of the character at `low` (its code point's last six
    /// bits) in `block`.
    #[inline(always)]
    fn triggers(&self, block: usize, low: usize) -> u16 {
        self.rows[usize::from(self.blocks[block]) * 64 + low]
    }
}

#[rustfmt::skip]
mod scan_table;

static SCAN_TABLE: ScanTable = ScanTable {
    blocks: &scan_table::BLOCKS,
    rows: &scan_table::ROWS,
};

/// The triggers of the character whose lead byte is at `at`.
#[cfg(test)]
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
    if character.is_some_and(misread::may_be_encodable) {
        found |= ENCODABLE;
    }
    if character.is_some_and(misread::may_continue_sequence) {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The scan's table, worked out from [`lead_triggers`], is the
    /// generated one.
    #[test]
    fn generated_scan_table() {
        use crate::text::generated::{check, header, items};
        let mut blocks: Vec<u16> = Vec::with_capacity(0x10000 / 64);
        let mut rows: Vec<u16> = Vec::new();
        let mut row_numbers: std::collections::HashMap<Vec<u16>, u16> = Default::default();
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
            let number = *row_numbers.entry(row.clone()).or_insert_with(|| {
                rows.extend_from_slice(&row);
                u16::try_from(rows.len() / 64 - 1).expect("few rows")
            });
            blocks.push(number);
        }
        let source = "`lead_triggers` in src/pipeline/scan.rs (with NFC's, the badness \
                      rules' and the misread codecs' tables)";
        let content = format!(
            "{}\n/// For each block of 64 code points, its row in `ROWS`.\npub(super) static BLOCKS: [u16; {}] = [\n{}];\n\n/// Rows of the triggers of 64 characters.\npub(super) static ROWS: [u16; {}] = [\n{}];\n",
            header(source),
            blocks.len(),
            items(&blocks, 16),
            rows.len(),
            items(rows.iter().map(|bits| format!("{bits:#06x}")), 12),
        );
        check("src/pipeline/scan/scan_table.rs", &content);
    }

    /// Plain bytes, which the whole-text scan passes over in chunks,
    /// trigger nothing.
    #[test]
    fn plain_bytes_trigger_nothing() {
        for byte in 0..=255u8 {
            for markup in [false, true] {
                let plain = crate::text::skip_plain(&[byte], 0, markup) == 1;
                if plain {
                    assert!(byte.is_ascii(), "{byte:#x}");
                    let triggers = BYTE_TRIGGERS[usize::from(byte)];
                    let allowed = if markup { 0 } else { ENTITIES | TAG };
                    assert_eq!(triggers & !allowed, 0, "{byte:#x}");
                }
            }
        }
    }
}
