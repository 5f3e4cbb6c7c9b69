//! One candidate's reading of a sample: the text it gives, scored by the
//! language model as it goes, and what else counts against it (bytes it
//! cannot decode, letters of more than one script, letters of a script it
//! is not made for).

use unicode_normalization::char::{compose, is_combining_mark};

use super::candidates::{high_half, Candidate, Reader};
use crate::language::{class_of, Score, Scorer, Script};

/// The cost of a byte a candidate cannot decode, or reads as a C1
/// control (which no text holds: a code page that has them there is the
/// wrong one).
pub(super) const UNDECODABLE_BITS: f64 = 24.0;
/// The cost of each script a reading's letters are in beyond the first:
/// a document is written in one language, and so in one script (its
/// ASCII letters count as Latin), or now and then two.
const SCRIPT_BITS: f64 = 16.0;
/// The cost of a reading none of whose letters above ASCII are in the
/// script its encoding is made for (Shift_JIS reading Dutch `één` as
/// `ｂn`, CP437 reading Windows-1252's letters as Greek ones).
const FOREIGN_BITS: f64 = 16.0;

/// One candidate's reading of the sample so far.
pub(super) struct Reading {
    pub(super) index: usize,
    pub(super) reader: Reader,
    /// Whether the candidate is weighed at all.
    pub(super) applicable: bool,
    pub(super) alive: bool,
    /// How many bits behind the best the candidate was when dropped.
    pub(super) behind: f64,
    /// The candidate whose reading of the bytes present is this one's.
    pub(super) same_as: Option<usize>,
    pub(super) table: Option<[Option<char>; 128]>,
    /// The prior, with what the document says (its declaration, its line
    /// endings) taken in.
    pub(super) prior_bits: f64,
    pub(super) declared: bool,
    scorer: Scorer,
    pub(super) undecodable: u64,
    /// The script the encoding is made for (`None` for the Unicode ones).
    home: Option<Script>,
    /// The scripts of the letters read, as bits of [`script_bit`]: its
    /// letters above ASCII, and Latin if the sample has ASCII letters.
    scripts: u32,
    /// The same for the letters above ASCII alone.
    own_scripts: u32,
    /// A character held back in case a combining mark follows it
    /// (Windows-1258 writes most Vietnamese tones as marks).
    pending: Option<char>,
    /// The last character read, and how many times in a row.
    last: Option<char>,
    repeats: u32,
    /// Text decoded by a multi-byte reader, kept to save allocations.
    buffer: String,
}

impl Reading {
    pub(super) fn new(
        index: usize,
        candidate: &Candidate,
        applicable: bool,
        ascii_letters: bool,
    ) -> Reading {
        Reading {
            index,
            reader: candidate.reader,
            applicable,
            alive: applicable,
            behind: 0.0,
            same_as: None,
            table: high_half(candidate.reader),
            prior_bits: candidate.prior_bits,
            declared: false,
            scorer: Scorer::new(),
            undecodable: 0,
            home: candidate.home,
            scripts: if ascii_letters {
                script_bit(Script::Latin)
            } else {
                0
            },
            own_scripts: 0,
            pending: None,
            last: None,
            repeats: 0,
            buffer: String::new(),
        }
    }

    /// Whether the reader reads ASCII bytes as ASCII, so that the text
    /// between stretches is scored once for all such readers.
    pub(super) fn reads_ascii(&self) -> bool {
        match self.reader {
            Reader::Utf8 | Reader::Charmap(_) => true,
            Reader::MultiByte(codec) => codec.is_ascii_compatible(),
        }
    }

    /// The model's score of the reading so far, with the text all
    /// ASCII-compatible candidates share (`shared`).
    pub(super) fn score(&self, shared: &Scorer) -> Score {
        let mut scorer = self.scorer.clone();
        if let Some(c) = self.pending {
            scorer.push_char(c);
        }
        if self.reads_ascii() {
            scorer.score_with(shared)
        } else {
            scorer.score()
        }
    }

    /// The reading's bits so far, but for its prior.
    pub(super) fn cost(&self, shared: &Scorer) -> f64 {
        self.score(shared).bits() + self.undecodable as f64 * UNDECODABLE_BITS + self.script_bits()
    }

    /// What the scripts of the reading's letters cost (see [`SCRIPT_BITS`]
    /// and [`FOREIGN_BITS`]).
    fn script_bits(&self) -> f64 {
        let Some(home) = self.home else {
            return 0.0;
        };
        let extra = self.scripts.count_ones().saturating_sub(1);
        let foreign = self.own_scripts != 0 && self.own_scripts & script_bit(home) == 0;
        f64::from(extra) * SCRIPT_BITS + if foreign { FOREIGN_BITS } else { 0.0 }
    }

    fn push(&mut self, c: char) {
        if Some(c) == self.last {
            self.repeats += 1;
            // A line of a box-drawing frame (DOS files draw them: ═══════)
            // is one drawing, not forty symbols: past the second, its
            // characters cost nothing. (No letter repeats like that.)
            if self.repeats >= 2 && is_drawing(c) {
                return;
            }
        } else {
            self.last = Some(c);
            self.repeats = 0;
        }
        if !c.is_ascii() {
            if let (_, Some(script)) = class_of(c) {
                self.scripts |= script_bit(script);
                self.own_scripts |= script_bit(script);
            }
        }
        if let Some(previous) = self.pending {
            if is_combining_mark(c) {
                if let Some(composed) = compose(previous, c) {
                    self.pending = Some(composed);
                    return;
                }
            }
            self.scorer.push_char(previous);
        }
        self.pending = Some(c);
    }

    fn undecodable_byte(&mut self) {
        self.undecodable += 1;
        self.push('\u{FFFD}');
    }

    /// Reads `bytes`: for a reader of ASCII, a stretch that starts and ends
    /// between characters in every such candidate (after two ASCII bytes,
    /// or at the sample's ends), after a line break; for the others, the
    /// whole sample.
    pub(super) fn read(&mut self, bytes: &[u8]) {
        if self.reads_ascii() {
            self.push('\n');
        }
        match self.reader {
            Reader::Charmap(_) => {
                let table = self.table.unwrap_or([None; 128]);
                for &byte in bytes {
                    match byte.checked_sub(0x80) {
                        None => self.push(char::from(byte)),
                        Some(high) => match table[usize::from(high)] {
                            Some(c) if !('\u{80}'..='\u{9F}').contains(&c) => self.push(c),
                            _ => self.undecodable_byte(),
                        },
                    }
                }
            }
            Reader::Utf8 => {
                for chunk in bytes.utf8_chunks() {
                    for c in chunk.valid().chars() {
                        self.push(c);
                    }
                    if !chunk.invalid().is_empty() {
                        self.undecodable_byte();
                    }
                }
            }
            Reader::MultiByte(codec) => {
                let mut text = std::mem::take(&mut self.buffer);
                text.clear();
                let replaced = codec.new_decoder().decode_lossy_to(bytes, &mut text, true);
                self.undecodable += replaced as u64;
                for c in text.chars() {
                    self.push(c);
                }
                self.buffer = text;
            }
        }
    }
}

/// Whether `c` is a box-drawing character or a block element (DOS code
/// pages draw frames and shadows with them).
fn is_drawing(c: char) -> bool {
    ('\u{2500}'..='\u{259F}').contains(&c)
}

/// A script's bit in [`Reading::scripts`]: Han, kana and Hangul are one
/// (Korean text holds Han, Japanese holds both Han and kana).
fn script_bit(script: Script) -> u32 {
    match script {
        Script::Hangul => 1 << Script::HanKana as u32,
        _ => 1 << script as u32,
    }
}
