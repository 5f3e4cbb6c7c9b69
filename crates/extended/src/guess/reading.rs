//! One candidate's reading of a sample: the text it gives, scored by the
//! language model as it goes, and what else counts against it (bytes it
//! cannot decode, letters of more than one script, letters of a script it
//! is not made for).

use unicode_normalization::char::{compose, is_combining_mark};

use super::candidates::{high_half, Candidate, Reader};
use crate::language::{class_of, Language, Score, Scorer, Script};

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
/// `ｂn`, CP437 reading Windows-1252's letters as Greek ones, Johab reading
/// French `ée` as a Chinese character and no Hangul).
const FOREIGN_BITS: f64 = 16.0;
/// The cost of a reading whose letters of another script than Latin are a
/// handful among many more ASCII letters (Windows-1251 reading French
/// `à` as Cyrillic `а` in a page of Latin text): a document in another
/// script is written mostly in it.
const STRAY_BITS: f64 = 16.0;
/// How many ASCII letters per letter of the encoding's script make its
/// letters stray, and how many of them at most.
const STRAY_RATIO: u64 = 20;
const STRAY_MOST: u64 = 3;
/// The cost of a reading whose language is not one its code page of Latin
/// letters is made for (Windows-1257 reading Danish `ø` as `æ`).
const LANGUAGE_BITS: f64 = 8.0;
/// The cost of a box-drawing character or block element that touches a
/// letter (`perch▌` for Italian `perché` read as KOI8-R): frames and
/// shadows stand apart from words.
const GLUED_BITS: f64 = 16.0;

/// The text between the stretches, which every reader of ASCII reads
/// alike: its bits, and how much less each language suits it than the
/// best of its script does, in bits, scaled by [`SHARED_LANGUAGE_WEIGHT`].
/// The words an encoding decides are judged in the language that suits
/// them (a manual page's translated lines among its English markup), but
/// a language that the rest of the text is also in is likelier.
pub(super) struct Shared {
    /// Its bits, when readers of the whole sample need them (else 0).
    pub(super) bits: f64,
    bias: Vec<f64>,
}

/// How much the shared text's fit counts in choosing the language of the
/// stretches (0: not at all; 1: the whole text in one language).
const SHARED_LANGUAGE_WEIGHT: f64 = 0.1;

impl Shared {
    /// The shared text's languages from `scorer`, and its bits when
    /// `counted` (else 0: a cost that every reader of ASCII pays alike
    /// changes no comparison among them).
    pub(super) fn new(scorer: &Scorer, counted: bool) -> Shared {
        let weight = SHARED_LANGUAGE_WEIGHT;
        let bits: Vec<(Language, f64)> = Language::all()
            .map(|language| (language, scorer.bits_in(language)))
            .collect();
        let best_of = |script: Script| {
            bits.iter()
                .filter(|(language, _)| language.script() == script)
                .map(|&(_, bits)| bits)
                .fold(f64::INFINITY, f64::min)
        };
        Shared {
            bits: if counted { scorer.score().bits() } else { 0.0 },
            bias: bits
                .iter()
                .map(|&(language, bits)| weight * (bits - best_of(language.script())))
                .collect(),
        }
    }
}

/// What a piece of text (a stretch as one candidate reads it, or the whole
/// sample for a reader of the whole) costs and shows, scored apart from
/// the rest: candidates that read a stretch alike share one.
pub(super) struct Piece {
    scorer: Scorer,
    undecodable: u64,
    /// The scripts of its letters and marks above ASCII, as bits of
    /// [`script_bit`].
    scripts: u32,
    /// Its letters above ASCII, by script.
    letters: [u64; SCRIPTS],
    glued: u64,
    /// The last character read, and how many times in a row.
    last: Option<char>,
    repeats: u32,
    /// A character held back in case a combining mark follows it
    /// (Windows-1258 writes most Vietnamese tones as marks).
    pending: Option<char>,
}

/// The scripts the model knows (the number of [`Script`]'s variants).
const SCRIPTS: usize = 16;

impl Piece {
    fn new() -> Piece {
        Piece {
            scorer: Scorer::new(),
            undecodable: 0,
            scripts: 0,
            letters: [0; SCRIPTS],
            glued: 0,
            last: None,
            repeats: 0,
            pending: None,
        }
    }

    /// The piece `text` makes (`undecodable` of its characters being
    /// U+FFFD for bytes that do not decode), from the start of a line.
    pub(super) fn of(text: &str, undecodable: u64) -> Piece {
        let mut piece = Piece::new();
        for c in text.chars() {
            piece.push(c);
        }
        piece.undecodable = undecodable;
        if let Some(c) = piece.pending.take() {
            piece.scorer.push_char(c);
        }
        // (A line break ends the last word, so that the piece adds up.)
        piece.scorer.push_char('\n');
        piece
    }

    fn push(&mut self, c: char) {
        if let Some(last) = self.last {
            let touching =
                (is_drawing(c) && last.is_alphabetic()) || (is_drawing(last) && c.is_alphabetic());
            self.glued += u64::from(touching);
        }
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
            let (_, letter) = class_of(c);
            if let Some(script) = letter.or_else(|| mark_script(c)) {
                self.scripts |= script_bit(script);
                if letter.is_some() {
                    self.letters[script as usize] += 1;
                }
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
}

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
    /// The pieces read so far, added up.
    scorer: Scorer,
    pub(super) undecodable: u64,
    glued: u64,
    /// The script the encoding is made for (`None` for the Unicode ones).
    home: Option<Script>,
    /// The languages it is made for, if it says.
    languages: Option<&'static [&'static str]>,
    /// The scripts of the letters read, as bits of [`script_bit`]: its
    /// letters above ASCII, and Latin if the sample has ASCII letters.
    scripts: u32,
    /// The same for the letters above ASCII alone.
    own_scripts: u32,
    /// The letters above ASCII in the script the encoding is made for,
    /// exactly (Hangul for a Korean encoding, not Han).
    home_letters: u64,
    /// The ASCII letters of the sample.
    ascii_letters: u64,
}

impl Reading {
    pub(super) fn new(
        index: usize,
        candidate: &Candidate,
        applicable: bool,
        ascii_letters: u64,
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
            glued: 0,
            home: candidate.home,
            languages: candidate.languages,
            scripts: if ascii_letters > 0 {
                script_bit(Script::Latin)
            } else {
                0
            },
            own_scripts: 0,
            home_letters: 0,
            ascii_letters,
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

    /// The model's score of the reading so far: for a reader of ASCII, of
    /// the stretches it read, in the language that suits them best, a
    /// little likelier the better that language suits the rest of the
    /// text ([`Shared`]).
    pub(super) fn score(&self, shared: &Shared) -> Score {
        if self.reads_ascii() {
            self.scorer
                .score_with_bias(|language| shared.bias[usize::from(language.id())])
        } else {
            self.scorer.score()
        }
    }

    /// The reading's bits so far, but for its prior: for a reader of
    /// ASCII, with the bits of the text all such readers share.
    pub(super) fn cost(&self, shared: &Shared) -> f64 {
        let shared_bits = if self.reads_ascii() { shared.bits } else { 0.0 };
        let score = self.score(shared);
        let unlike = match (self.languages, score.language()) {
            (Some(languages), Some(language)) => !languages.contains(&language.name()),
            _ => false,
        };
        score.bits()
            + if unlike { LANGUAGE_BITS } else { 0.0 }
            + shared_bits
            + self.undecodable as f64 * UNDECODABLE_BITS
            + self.glued as f64 * GLUED_BITS
            + self.script_bits()
    }

    /// What the scripts of the reading's letters cost (see [`SCRIPT_BITS`]
    /// and [`FOREIGN_BITS`]).
    fn script_bits(&self) -> f64 {
        let Some(home) = self.home else {
            return 0.0;
        };
        let extra = self.scripts.count_ones().saturating_sub(1);
        let foreign = self.own_scripts != 0 && self.home_letters == 0;
        let stray = home != Script::Latin
            && (1..=STRAY_MOST).contains(&self.home_letters)
            && self.ascii_letters >= STRAY_RATIO * self.home_letters;
        f64::from(extra) * SCRIPT_BITS
            + if foreign { FOREIGN_BITS } else { 0.0 }
            + if stray { STRAY_BITS } else { 0.0 }
    }

    /// Adds a piece this reading read.
    pub(super) fn add(&mut self, piece: &Piece) {
        self.scorer.absorb(&piece.scorer);
        self.undecodable += piece.undecodable;
        self.glued += piece.glued;
        self.scripts |= piece.scripts;
        self.own_scripts |= piece.scripts;
        if let Some(home) = self.home {
            self.home_letters += piece.letters[home as usize];
        }
    }

    /// The text this candidate reads `bytes` as, onto `text` (cleared
    /// first), each byte sequence that does not decode as U+FFFD (and each
    /// byte a code page reads as a C1 control); gives how many did not.
    pub(super) fn decode(&self, bytes: &[u8], text: &mut String) -> u64 {
        text.clear();
        match self.reader {
            Reader::Charmap(_) => {
                let table = self.table.unwrap_or([None; 128]);
                let mut undecodable = 0;
                for &byte in bytes {
                    match byte.checked_sub(0x80) {
                        None => text.push(char::from(byte)),
                        Some(high) => match table[usize::from(high)] {
                            Some(c) if !('\u{80}'..='\u{9F}').contains(&c) => text.push(c),
                            _ => {
                                undecodable += 1;
                                text.push('\u{FFFD}');
                            }
                        },
                    }
                }
                undecodable
            }
            Reader::Utf8 => {
                let mut undecodable = 0;
                for chunk in bytes.utf8_chunks() {
                    text.push_str(chunk.valid());
                    if !chunk.invalid().is_empty() {
                        undecodable += 1;
                        text.push('\u{FFFD}');
                    }
                }
                undecodable
            }
            Reader::MultiByte(codec) => {
                codec.new_decoder().decode_lossy_to(bytes, text, true) as u64
            }
        }
    }
}

/// The script of a combining mark that belongs to one (Thai's vowels and
/// tones, Hebrew's points, Arabic's vowel marks): a mark of one script on
/// a letter of another is a reading gone wrong (CP874 reading French `è`
/// as a Thai tone mark).
fn mark_script(c: char) -> Option<Script> {
    match c {
        '\u{0E00}'..='\u{0E7F}' => Some(Script::Thai),
        '\u{0591}'..='\u{05C7}' => Some(Script::Hebrew),
        '\u{0610}'..='\u{061A}' | '\u{064B}'..='\u{065F}' | '\u{0670}' => Some(Script::Arabic),
        _ => None,
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
