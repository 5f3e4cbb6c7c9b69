//! How likely a text is as writing in some language: a character n-gram
//! model of 75 languages, derived from lingua's language models (counted
//! on real text; Apache-2.0, see `NOTICE` in this folder), for telling
//! text from mojibake and one decoding of bytes from another.
//!
//! A text's cost is the number of bits a model needs to encode it: each
//! character pays for its class following the two characters' classes
//! before it (a letter after letters is cheap, a symbol between two
//! letters is not), and each letter of a modeled script also pays
//! `-log2 P(letter | the one or two letters before it)` in the best
//! language of its script. Lower is more likely; texts of different
//! lengths compare by [`Score::bits_per_char`], readings of the same
//! bytes by [`Score::bits`].
//!
//! ```
//! use ftfy_extended::language::{score, Script};
//!
//! let clean = score("Größere Änderungen sind möglich");
//! let mojibake = score("GrÃ¶ÃŸere Ã„nderungen sind mÃ¶glich");
//! assert!(clean.bits() < mojibake.bits());
//! assert_eq!(clean.language().map(|language| language.name()), Some("German"));
//! assert_eq!(clean.script(), Some(Script::Latin));
//! ```
//!
//! The model knows the letters of these scripts: Latin, Greek, Cyrillic,
//! Armenian, Georgian, Hebrew, Arabic, Devanagari, Bengali, Gurmukhi,
//! Gujarati, Tamil, Telugu, Thai, Hangul, and Han with the Japanese kana.
//! Letters of other scripts (Malayalam, Kannada, Sinhala, Khmer, Lao,
//! Ethiopic, Tibetan, ...) are *unmodeled*: each pays a flat cost and is
//! counted apart ([`Score::unmodeled_letters`]), so that a caller can tell
//! "unlikely" from "unknown". For Chinese, Japanese and Korean the model
//! holds single characters only.
//!
//! Scoring is one pass over the characters, with no allocation, and never
//! panics; the tables are embedded bytes, read in place.

mod model_table;
mod table;

pub(crate) use model_table::Class;
use model_table::{LANGUAGE_NAMES, SCRIPT_LANGUAGES, UNITS_PER_BIT};

/// A letter of its script that a language never has (or too rarely for
/// the model to keep): 20 bits.
const UNKNOWN_LETTER: u16 = 160;
/// Falling back from an n-gram the language lacks to the next shorter.
const BACKOFF: u16 = 8;
/// A letter of an unmodeled script: 12 bits, more than a letter of most
/// languages costs, so that no reading wins by turning text into letters
/// the model cannot judge.
const UNMODELED_LETTER: u64 = 96;
/// The most languages one script has (Latin's).
const MAX_SCRIPT_LANGUAGES: usize = 49;
/// The lanes of a word's per-language costs: at least
/// `MAX_SCRIPT_LANGUAGES`, a multiple of the vector width.
const LANES: usize = 64;
const SCRIPTS: usize = SCRIPT_LANGUAGES.len();
const LANGUAGES: usize = LANGUAGE_NAMES.len();

// The generated table lists the scripts in the order of [`Script`], whose
// number indexes per-script counts (`language.script() as usize`).
const _: () = {
    let mut index = 0;
    while index < SCRIPTS {
        assert!(SCRIPT_LANGUAGES[index].0 as usize == index);
        index += 1;
    }
};

/// The scripts whose letters the model knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Script {
    /// Latin letters (49 languages).
    Latin,
    /// Greek.
    Greek,
    /// Cyrillic (Belarusian, Bulgarian, Kazakh, Macedonian, Mongolian,
    /// Russian, Serbian, Ukrainian).
    Cyrillic,
    /// Armenian.
    Armenian,
    /// Georgian.
    Georgian,
    /// Hebrew.
    Hebrew,
    /// Arabic (Arabic, Persian, Urdu).
    Arabic,
    /// Devanagari (Hindi, Marathi).
    Devanagari,
    /// Bengali.
    Bengali,
    /// Gurmukhi (Punjabi).
    Gurmukhi,
    /// Gujarati.
    Gujarati,
    /// Tamil.
    Tamil,
    /// Telugu.
    Telugu,
    /// Thai.
    Thai,
    /// Hangul (Korean).
    Hangul,
    /// Han ideographs and the Japanese kana (Chinese, Japanese).
    HanKana,
}

/// One of the model's 75 languages.
///
/// ```
/// let names: Vec<&str> = ftfy_extended::language::Language::all().map(|l| l.name()).collect();
/// assert!(names.contains(&"Vietnamese"));
/// assert_eq!(names.len(), 75);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Language(u8);

impl Language {
    /// Every language of the model.
    pub fn all() -> impl Iterator<Item = Language> {
        (0..LANGUAGES as u8).map(Language)
    }

    /// The language's English name ("German", "Bokmal", "Chinese").
    pub fn name(self) -> &'static str {
        LANGUAGE_NAMES
            .get(usize::from(self.0))
            .copied()
            .unwrap_or("")
    }

    /// The language's number, from 0: its place in [`Language::all`].
    pub fn id(self) -> u8 {
        self.0
    }

    /// The script the language's model is written in.
    pub fn script(self) -> Script {
        SCRIPT_LANGUAGES
            .iter()
            .find(|&&(_, start, end)| (start..end).contains(&self.0))
            .map_or(Script::Latin, |&(script, _, _)| script)
    }
}

/// A set of the model's languages.
///
/// ```
/// use ftfy_extended::language::{languages_writing, Language};
///
/// let polish = Language::all().find(|l| l.name() == "Polish").unwrap();
/// let german = Language::all().find(|l| l.name() == "German").unwrap();
/// assert!(languages_writing('ł').contains(polish));
/// assert!(!languages_writing('ł').contains(german));
/// // No language writes both `ß` and `ł`.
/// assert!(languages_writing('ß').intersection(languages_writing('ł')).is_empty());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Languages(u128);

impl Languages {
    /// No language.
    pub const NONE: Languages = Languages(0);
    /// Every language of the model.
    pub const ALL: Languages = Languages((1 << LANGUAGES) - 1);

    /// The languages of `script`.
    pub fn of_script(script: Script) -> Languages {
        SCRIPT_LANGUAGES
            .iter()
            .find(|&&(known, _, _)| known == script)
            .map_or(Languages::NONE, |&(_, start, end)| {
                Languages(((1u128 << (end - start)) - 1) << start)
            })
    }

    /// Whether `language` is in the set.
    pub fn contains(self, language: Language) -> bool {
        self.0 & (1 << language.0) != 0
    }

    /// The set with `language` added.
    pub fn with(self, language: Language) -> Languages {
        Languages(self.0 | 1 << language.0)
    }

    /// The languages in both sets.
    pub fn intersection(self, other: Languages) -> Languages {
        Languages(self.0 & other.0)
    }

    /// The languages in either set.
    pub fn union(self, other: Languages) -> Languages {
        Languages(self.0 | other.0)
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The languages of the set, by id.
    pub fn iter(self) -> impl Iterator<Item = Language> {
        Language::all().filter(move |&language| self.contains(language))
    }
}

/// The languages whose model keeps the letter `c` (lowercased) as a
/// unigram: the letters a language writes, as lingua counted them (a
/// letter kept for 99.9% of the language's letters; rarer ones, and every
/// character that is not a letter of a modeled script, belong to no
/// language).
pub fn languages_writing(c: char) -> Languages {
    languages_keeping(&[c])
}

/// The languages whose model keeps the letter pair `first` `second`
/// (lowercased) as a bigram: letters that the language writes side by
/// side (a pair kept for 99% of the language's pairs; rarer ones belong
/// to no language).
///
/// ```
/// use ftfy_extended::language::{languages_writing_pair, Language};
///
/// let german = Language::all().find(|l| l.name() == "German").unwrap();
/// assert!(languages_writing_pair('r', 'e').contains(german));
/// assert!(languages_writing_pair('v', 'ç').is_empty());
/// ```
pub fn languages_writing_pair(first: char, second: char) -> Languages {
    languages_keeping(&[first, second])
}

/// The languages that keep the n-gram of the letters `letters` (the
/// script of the last).
fn languages_keeping(letters: &[char]) -> Languages {
    let Some(&last) = letters.last() else {
        return Languages::NONE;
    };
    let entry = table::entry(last);
    if !matches!(
        Class::of_entry(entry),
        Class::Lower | Class::Upper | Class::Uncased
    ) {
        return Languages::NONE;
    }
    let Some(&(_, start, _)) = SCRIPT_LANGUAGES.get(usize::from(entry >> 4)) else {
        return Languages::NONE;
    };
    let mut key = [' '; 3];
    for (slot, &c) in key.iter_mut().zip(letters) {
        *slot = lowercase(c);
    }
    let mut languages = 0u128;
    match table::row(table::key(&key[..letters.len().min(3)])) {
        table::Row::Sparse(pairs) => {
            for pair in pairs.chunks_exact(2) {
                languages |= 1 << (pair[0] & 0x7F);
            }
        }
        table::Row::Dense(costs) => {
            for (offset, &cost) in costs.iter().enumerate() {
                if cost != u8::MAX {
                    languages |= 1 << (usize::from(start) + offset);
                }
            }
        }
    }
    Languages(languages & Languages::ALL.0)
}

/// Whether `c`, a character that is not a letter, is one the model
/// counted in real text (`€`, `™`, `→`; not a Braille pattern or a CJK
/// radical).
pub(crate) fn knows_symbol(c: char) -> bool {
    table::lists_symbol(c)
}

/// A character's class and, for a letter of a modeled script, that
/// script.
pub(crate) fn class_of(c: char) -> (Class, Option<Script>) {
    let entry = table::entry(c);
    let class = Class::of_entry(entry);
    let script = matches!(class, Class::Lower | Class::Upper | Class::Uncased)
        .then(|| {
            SCRIPT_LANGUAGES
                .get(usize::from(entry >> 4))
                .map(|&(script, _, _)| script)
        })
        .flatten();
    (class, script)
}

/// What [`score`] or a [`Scorer`] found: the cost of the text in bits in
/// its most likely languages, and what it counted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Score {
    units: u64,
    chars: u64,
    letters: u64,
    unmodeled_letters: u64,
    language: Option<Language>,
}

impl Score {
    /// The bits the model needs for the text: lower is more likely.
    pub fn bits(&self) -> f64 {
        self.units as f64 / UNITS_PER_BIT as f64
    }

    /// [`Score::bits`] per character (0 for empty text).
    pub fn bits_per_char(&self) -> f64 {
        if self.chars == 0 {
            0.0
        } else {
            self.bits() / self.chars as f64
        }
    }

    /// The characters scored.
    pub fn chars(&self) -> u64 {
        self.chars
    }

    /// The letters of modeled scripts.
    pub fn letters(&self) -> u64 {
        self.letters
    }

    /// The letters of scripts the model does not know.
    pub fn unmodeled_letters(&self) -> u64 {
        self.unmodeled_letters
    }

    /// The most likely language of the script with the most letters, if
    /// the text has letters of a modeled script.
    pub fn language(&self) -> Option<Language> {
        self.language
    }

    /// The script of [`Score::language`].
    pub fn script(&self) -> Option<Script> {
        self.language.map(Language::script)
    }
}

/// Scores text given in pieces (a piece may end anywhere between two
/// characters): the same as [`score`] on the pieces joined, with no
/// allocation.
///
/// ```
/// use ftfy_extended::language::{score, Scorer};
///
/// let mut scorer = Scorer::new();
/// scorer.push_str("Grüße aus ");
/// scorer.push_str("Köln");
/// assert_eq!(scorer.score(), score("Grüße aus Köln"));
/// ```
#[derive(Clone, Debug)]
pub struct Scorer {
    /// The cost of each language's letters, up to the current word.
    per_language: [u64; LANGUAGES],
    /// The cost every language shares: classes and unmodeled letters.
    common: u64,
    letters_per_script: [u64; SCRIPTS],
    chars: u64,
    unmodeled_letters: u64,
    /// The classes of the last two characters, the last lowest.
    previous_classes: u8,
    /// The current word (run of letters of one script): its script, its
    /// letters, and its cost in each of the script's languages.
    word_script: u8,
    word_letters: u32,
    word: [u32; LANES],
    /// The word's last two letters, lowercase.
    context: [char; 2],
}

impl Default for Scorer {
    fn default() -> Self {
        Scorer::new()
    }
}

/// The class lines start after (a line break).
const START_CLASS: u8 = 9;
/// A word is scored in one language or, for this many more bits than
/// the best language's cost of it, in that one: names and loanwords.
const LANGUAGE_SWITCH: u32 = 120;
/// A letter straight after a letter of another script: 16 bits.
const SCRIPT_SWITCH: u64 = 128;
/// The longest word: a longer run of letters (Thai and Chinese write
/// without spaces) is scored as several words.
const MAX_WORD_LETTERS: u32 = 4096;

impl Scorer {
    /// A scorer that has seen nothing, as at the start of a line.
    pub fn new() -> Scorer {
        Scorer {
            per_language: [0; LANGUAGES],
            common: 0,
            letters_per_script: [0; SCRIPTS],
            chars: 0,
            unmodeled_letters: 0,
            previous_classes: START_CLASS << 4 | START_CLASS,
            word_script: 0,
            word_letters: 0,
            word: [0; LANES],
            context: ['\0'; 2],
        }
    }

    /// Scores the characters of `text` after those already pushed.
    pub fn push_str(&mut self, text: &str) {
        for c in text.chars() {
            self.push_char(c);
        }
    }

    /// Scores one character after those already pushed.
    pub fn push_char(&mut self, c: char) {
        let entry = table::entry(c);
        let class = entry & 0x0F;
        self.chars += 1;
        self.common += u64::from(table::class_cost(self.previous_classes, class));
        self.previous_classes = self.previous_classes << 4 | class;
        match Class::of_entry(entry) {
            Class::Lower | Class::Upper | Class::Uncased => self.push_letter(c, entry >> 4),
            Class::UnmodeledLetter => {
                self.end_word();
                self.unmodeled_letters += 1;
                self.common += UNMODELED_LETTER;
            }
            _ => {
                self.end_word();
                self.common += u64::from(table::symbol_cost(c, class));
            }
        }
    }

    /// A letter of the modeled script `script`: each of the script's
    /// languages pays for it with the longest n-gram it keeps.
    fn push_letter(&mut self, c: char, script: u8) {
        if self.word_letters > 0 && script != self.word_script {
            self.end_word();
            self.common += SCRIPT_SWITCH;
        }
        if self.word_letters >= MAX_WORD_LETTERS {
            self.end_word();
        }
        self.word_script = script;
        let Some(&(_, start, _)) = SCRIPT_LANGUAGES.get(usize::from(script)) else {
            return;
        };
        let lower = lowercase(c);
        // Every lane of a fixed width, so that the loops below run on
        // vectors; lanes past the script's languages are never read.
        let mut costs = [UNKNOWN_LETTER; LANES];
        let [before_last, last] = self.context;
        let context = self.word_letters.min(2) as usize;
        let grams: [&[char]; 3] = [&[lower], &[last, lower], &[before_last, last, lower]];
        for (order, gram) in grams.iter().enumerate().take(context + 1) {
            let backoff = BACKOFF * (context - order) as u16;
            match table::row(table::key(gram)) {
                table::Row::Sparse(pairs) => {
                    for pair in pairs.chunks_exact(2) {
                        let language = usize::from(pair[0].wrapping_sub(start));
                        if let Some(cost) = costs.get_mut(language) {
                            *cost = u16::from(pair[1]) + backoff;
                        }
                    }
                }
                table::Row::Dense(row) => {
                    let mut kept = [u8::MAX; LANES];
                    let width = row.len().min(LANES);
                    kept[..width].copy_from_slice(&row[..width]);
                    for (cost, kept) in costs.iter_mut().zip(kept) {
                        let offered = u16::from(kept) + backoff;
                        *cost = if kept == u8::MAX { *cost } else { offered };
                    }
                }
            }
        }
        for (total, cost) in self.word.iter_mut().zip(costs) {
            *total += u32::from(cost);
        }
        self.word_letters += 1;
        self.context = [last, lower];
    }

    /// Adds the current word to each language's cost: its own cost of the
    /// word, or the best language's and a switch, whichever is less.
    fn end_word(&mut self) {
        if self.word_letters == 0 {
            return;
        }
        let script = usize::from(self.word_script);
        if let Some(&(_, start, end)) = SCRIPT_LANGUAGES.get(script) {
            let languages = usize::from(end - start).min(MAX_SCRIPT_LANGUAGES);
            let word = &self.word[..languages];
            let switched = word.iter().copied().min().unwrap_or(0) + LANGUAGE_SWITCH;
            let totals = &mut self.per_language[usize::from(start)..];
            for (total, &cost) in totals.iter_mut().zip(word) {
                *total += u64::from(cost.min(switched));
            }
            self.letters_per_script[script] += u64::from(self.word_letters);
        }
        self.word = [0; LANES];
        self.word_letters = 0;
    }

    /// The score of everything pushed so far: the shared cost plus, for
    /// each script, its most likely language's letters.
    pub fn score(&self) -> Score {
        let mut settled = self.clone();
        settled.end_word();
        let mut units = settled.common;
        let mut language = None;
        let mut most_letters = 0;
        for (script, &(_, start, end)) in SCRIPT_LANGUAGES.iter().enumerate() {
            let letters = settled.letters_per_script[script];
            if letters == 0 {
                continue;
            }
            let range = usize::from(start)..usize::from(end);
            let costs = settled.per_language[range.clone()].iter().enumerate();
            let Some((best, &cost)) = costs.min_by_key(|&(_, &cost)| cost) else {
                continue;
            };
            units += cost;
            if letters > most_letters {
                most_letters = letters;
                language = Some(Language((range.start + best) as u8));
            }
        }
        Score {
            units,
            chars: settled.chars,
            letters: settled.letters_per_script.iter().sum(),
            unmodeled_letters: settled.unmodeled_letters,
            language,
        }
    }

    /// Adds what `piece` counted, text scored on its own from the start of
    /// a line, as if it came after a line break here: a text cut into
    /// pieces and scored piece by piece, then added up, costs what the
    /// pieces cost apart.
    ///
    /// ```
    /// use ftfy_extended::language::Scorer;
    ///
    /// let mut whole = Scorer::new();
    /// let mut piece = Scorer::new();
    /// piece.push_str("Grüße\n");
    /// whole.absorb(&piece);
    /// whole.absorb(&piece);
    /// assert_eq!(whole.score().bits(), 2.0 * piece.score().bits());
    /// ```
    pub fn absorb(&mut self, piece: &Scorer) {
        self.end_word();
        let settled;
        let piece = if piece.word_letters == 0 {
            piece
        } else {
            let mut copy = piece.clone();
            copy.end_word();
            settled = copy;
            &settled
        };
        for (total, cost) in self.per_language.iter_mut().zip(piece.per_language) {
            *total += cost;
        }
        for (total, letters) in self
            .letters_per_script
            .iter_mut()
            .zip(piece.letters_per_script)
        {
            *total += letters;
        }
        self.common += piece.common;
        self.chars += piece.chars;
        self.unmodeled_letters += piece.unmodeled_letters;
    }

    /// [`Scorer::score`] with each language's cost raised by `bias` bits
    /// before the most likely language of each script is chosen (and kept
    /// in the bits): to prefer the languages some other text is in.
    ///
    /// ```
    /// use ftfy_extended::language::Scorer;
    ///
    /// let mut scorer = Scorer::new();
    /// scorer.push_str("perché");
    /// let plain = scorer.score();
    /// let german = |l: ftfy_extended::language::Language| if l.name() == "German" { 0.0 } else { 1000.0 };
    /// let biased = scorer.score_with_bias(german);
    /// assert_eq!(biased.language().map(|l| l.name()), Some("German"));
    /// assert!(biased.bits() > plain.bits());
    /// ```
    pub fn score_with_bias(&self, bias: impl Fn(Language) -> f64) -> Score {
        let mut settled = self.clone();
        settled.end_word();
        let mut units = settled.common;
        let mut language = None;
        let mut most_letters = 0;
        for (script, &(_, start, end)) in SCRIPT_LANGUAGES.iter().enumerate() {
            let letters = settled.letters_per_script[script];
            if letters == 0 {
                continue;
            }
            let biased = (start..end).map(|id| {
                let extra = (bias(Language(id)) * UNITS_PER_BIT as f64).round().max(0.0) as u64;
                (id, settled.per_language[usize::from(id)] + extra)
            });
            let Some((best, cost)) = biased.min_by_key(|&(_, cost)| cost) else {
                continue;
            };
            units += cost;
            if letters > most_letters {
                most_letters = letters;
                language = Some(Language(best));
            }
        }
        Score {
            units,
            chars: settled.chars,
            letters: settled.letters_per_script.iter().sum(),
            unmodeled_letters: settled.unmodeled_letters,
            language,
        }
    }

    /// The score of the text this scorer was pushed and the text `other`
    /// was pushed, as two separate pieces (each piece's words and
    /// characters counted once, as if a line break separated them).
    pub fn score_with(&self, other: &Scorer) -> Score {
        let mut both = self.clone();
        both.end_word();
        let mut other = other.clone();
        other.end_word();
        for (total, cost) in both.per_language.iter_mut().zip(other.per_language) {
            *total += cost;
        }
        for (total, letters) in both
            .letters_per_script
            .iter_mut()
            .zip(other.letters_per_script)
        {
            *total += letters;
        }
        both.common += other.common;
        both.chars += other.chars;
        both.unmodeled_letters += other.unmodeled_letters;
        both.score()
    }

    /// The bits of everything pushed so far if it is in `language`: the
    /// shared cost, `language`'s cost of its own script's letters, and the
    /// best language's cost of any other script's.
    pub fn bits_in(&self, language: Language) -> f64 {
        let mut settled = self.clone();
        settled.end_word();
        let own = language.script() as usize;
        let mut units = settled.common;
        for (script, &(_, start, end)) in SCRIPT_LANGUAGES.iter().enumerate() {
            if settled.letters_per_script[script] == 0 {
                continue;
            }
            let range = usize::from(start)..usize::from(end);
            units += if script == own {
                settled
                    .per_language
                    .get(usize::from(language.0))
                    .copied()
                    .unwrap_or(0)
            } else {
                settled.per_language[range]
                    .iter()
                    .copied()
                    .min()
                    .unwrap_or(0)
            };
        }
        units as f64 / UNITS_PER_BIT as f64
    }
}

/// Scores `text` (see the module's documentation).
pub fn score(text: &str) -> Score {
    let mut scorer = Scorer::new();
    scorer.push_str(text);
    scorer.score()
}

/// The first character of `c`'s lowercase mapping (`İ` becomes `i`).
fn lowercase(c: char) -> char {
    if c.is_ascii() {
        c.to_ascii_lowercase()
    } else {
        c.to_lowercase().next().unwrap_or(c)
    }
}

#[cfg(test)]
mod tests;
