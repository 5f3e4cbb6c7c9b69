//! Legacy mixups within the Latin script: Polish written in
//! Windows-1250 and read as Windows-1252 (`Za¿ó³æ gêœl¹ jaŸñ` for
//! `Zażółć gęślą jaźń`), Turkish in Windows-1254, Lithuanian in
//! Windows-1257, French in CP437 read as MacRoman (`donnÇes`), CP850 read
//! as Windows-1252.
//!
//! Such damage turns accented letters into other accented letters, so the
//! language model's costs alone can't tell it from real text in another
//! language (Icelandic `þ` is Turkish `ş` misread). Two facts can:
//!
//! - the text as read shows a sign that no orthography has ([`Sign`]): a
//!   hard sign of the model (a symbol between letters: `Za¿ó³æ`), a
//!   capital after the lowercase letters that start a word (`donnÇes`),
//!   or accented letters that no single language writes together
//!   (`městem` read as `mìstem` beside Czech `á`, `í` and `ž`: no
//!   language has both `ì` and `ž`; only a weak sign when each word could
//!   be one language's, as in a list of names);
//! - the re-decoded text has none of these: the letters of one language
//!   (CLDR's main exemplar characters of the languages official
//!   somewhere, [`LANGUAGE_LETTERS`]) cover all of its accented letters,
//!   and that language can be written in the codec it was decoded with
//!   (Czech in Windows-1250, not Latvian: a text is written in a code page
//!   made for its language).
//!
//! [`super::recover`] accepts a mixup within the Latin script only when
//! both hold ([`accepts`]), on top of its usual margins. A weak sign
//! needs the wide margin of other legacy mixups, unless the words the
//! re-decoding changes also go on around their new letters as the words
//! of that language do ([`writes_like_native`]: letter triples of its
//! CLDR names and Faker lists, `LANGUAGE_TRIGRAMS`).

use std::sync::LazyLock;

use super::candidates::{Decoder, LEGACY_TRANSFORMS};
use super::model::{kind_of, Kind};
use super::tables::{LANGUAGE_LETTERS, LANGUAGE_TRIGRAMS, LATIN_LETTERS};
use crate::codecs::Codec;

/// How many characters a re-decoding must change when the text as read
/// shows only a weak sign ([`Sign::Weak`]).
const WEAK_SIGN_CHANGES: usize = 3;

/// How many accented letters outside every one language's make a sign as
/// strong as one word that no language writes ([`foreign_letters`]).
const FOREIGN_LETTERS: usize = 3;

/// What a symbol touching a letter adds (see [`signs_by_letters`]).
const SYMBOL_BY_LETTER: u32 = 4;

/// A set of accented Latin letters, one bit per entry of
/// [`LATIN_LETTERS`]; `UNKNOWN` stands for the letters outside it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Letters(u128);

impl Letters {
    /// The bit of letters that [`LATIN_LETTERS`] lacks (no language of
    /// [`LANGUAGE_LETTERS`] has it).
    const UNKNOWN: u128 = 1 << 127;

    /// Adds a letter (any case; ASCII letters are left out).
    #[inline]
    pub(crate) fn add(&mut self, c: char) {
        if !c.is_ascii() {
            self.0 |= letter_bit(c);
        }
    }

    /// Adds a letter by the index of its bit ([`letter_index`]).
    #[inline]
    pub(crate) fn add_index(&mut self, index: u8) {
        if index < 128 {
            self.0 |= 1 << index;
        }
    }

    /// Whether one language writes all of these letters.
    pub(crate) fn one_language_writes(self) -> bool {
        self.0 == 0
            || ALL_LANGUAGES
                .iter()
                .any(|&language| self.0 & !language == 0)
    }

    /// Whether one language that can be written in the codec named
    /// `codec` writes all of these letters.
    pub(crate) fn written_in(self, codec: &str) -> bool {
        self.0 == 0
            || languages_written_in(codec)
                .iter()
                .any(|&language| self.0 & !language == 0)
    }
}

/// The letters of each language of [`LANGUAGE_LETTERS`], as bits, with
/// its code.
static LANGUAGE_BITS: LazyLock<Vec<(&'static str, u128)>> = LazyLock::new(|| {
    LANGUAGE_LETTERS
        .iter()
        .map(|&(code, letters)| (code, letter_bits(letters)))
        .collect()
});

/// The letters of each language of [`LANGUAGE_LETTERS`], as bits.
fn language_bits() -> impl Iterator<Item = u128> {
    LANGUAGE_BITS.iter().map(|&(_, bits)| bits)
}

/// The bits of the letters of `letters`.
fn letter_bits(letters: &str) -> u128 {
    letters.chars().fold(0, |bits, c| bits | letter_bit(c))
}

/// The languages' letters that no other language's include (a text one of
/// them writes, they write).
fn maximal(languages: &[u128]) -> Vec<u128> {
    let mut maximal: Vec<u128> = languages
        .iter()
        .copied()
        .filter(|&language| {
            !languages
                .iter()
                .any(|&other| other != language && language & !other == 0)
        })
        .collect();
    maximal.sort_unstable();
    maximal.dedup();
    maximal
}

/// [`maximal`] of every language.
static ALL_LANGUAGES: LazyLock<Vec<u128>> =
    LazyLock::new(|| maximal(&language_bits().collect::<Vec<_>>()));

/// For each codec of [`LEGACY_TRANSFORMS`], [`maximal`] of the languages
/// that it can write.
static LANGUAGES_BY_CODEC: LazyLock<Vec<(&'static str, Vec<u128>)>> = LazyLock::new(|| {
    let languages: Vec<u128> = language_bits().collect();
    let codecs: Vec<&'static str> = LEGACY_TRANSFORMS
        .iter()
        .flat_map(|transform| match transform.decoder {
            Decoder::Legacy(name) => [transform.encoder, name],
            Decoder::Utf8 => [transform.encoder, transform.encoder],
        })
        .collect();
    // Plans name codecs by their canonical names.
    let mut codecs: Vec<&'static str> = codecs
        .into_iter()
        .filter_map(|name| Some(Codec::from_name(name)?.name()))
        .collect();
    codecs.sort_unstable();
    codecs.dedup();
    codecs
        .into_iter()
        .map(|codec| {
            let repertoire = repertoire(codec);
            let fitting: Vec<u128> = languages
                .iter()
                .copied()
                .filter(|&language| language & !repertoire == 0)
                .collect();
            (codec, maximal(&fitting))
        })
        .collect()
});

/// The letters of the languages that the codec named `codec` can write
/// (none for a codec of no legacy transform).
fn languages_written_in(codec: &str) -> &'static [u128] {
    LANGUAGES_BY_CODEC
        .iter()
        .find(|(name, _)| *name == codec)
        .map_or(&[], |(_, languages)| languages)
}

/// The first code point of [`BITS`]: accented letters from U+00C0 on.
const BITS_START: u32 = 0xC0;

/// The bit of each code point from U+00C0 to U+024F, where all but a few
/// of [`LATIN_LETTERS`] are (others are looked up in it).
static BITS: LazyLock<[u128; 0x190]> = LazyLock::new(|| {
    let mut bits = [0; 0x190];
    for (code, slot) in (BITS_START..).zip(bits.iter_mut()) {
        *slot = char::from_u32(code).map_or(0, slow_letter_bit);
    }
    bits
});

/// The bit of an accented Latin letter (its lowercase form's), `UNKNOWN`
/// for one that [`LATIN_LETTERS`] lacks, 0 for a character that is not a
/// Latin letter.
fn letter_bit(c: char) -> u128 {
    let index = u32::from(c).wrapping_sub(BITS_START);
    match BITS.get(index as usize) {
        Some(&bit) => bit,
        None => slow_letter_bit(c),
    }
}

/// The index of [`letter_bit`]'s bit of `c`, or `NO_LETTER_BIT` when it
/// has none (not an accented Latin letter), for tables that keep a byte.
pub(crate) fn letter_index(c: char) -> u8 {
    match letter_bit(c) {
        0 => NO_LETTER_BIT,
        bit => bit.trailing_zeros() as u8,
    }
}

/// [`letter_index`] of a character that sets no bit.
const NO_LETTER_BIT: u8 = 128;

fn slow_letter_bit(c: char) -> u128 {
    if super::model::script_of(c) != Some(1) {
        return 0;
    }
    // `İ` is Turkish `i` with its dot made visible.
    let lower = if c == 'İ' {
        'i'
    } else {
        super::model::to_lower(c)
    };
    if lower.is_ascii() {
        return 0;
    }
    LATIN_LETTERS
        .iter()
        .position(|&letter| letter == lower)
        .map_or(Letters::UNKNOWN, |index| 1 << index)
}

/// How many of the accented letters of `text` (counted each time they
/// occur) lie outside the letters of the language that leaves out the
/// fewest: 0 for text one language writes, 1 for `Møller, Erdős` (Danish
/// `ø` beside Hungarian `ő`), 3 for Slovenian read as Windows-1252 with
/// `š` and `ž` beside `è` three times or more (`razlièni poroèil že
/// šola`: Slovenian leaves out `è`, French `š` and `ž`).
pub(crate) fn foreign_letters(text: &str) -> usize {
    // Each distinct letter's bit and how often it occurs.
    let mut counts: Vec<(u128, usize)> = Vec::new();
    for c in text.chars().filter(|c| !c.is_ascii()) {
        let bit = letter_bit(c);
        if bit == 0 {
            continue;
        }
        match counts.iter_mut().find(|(known, _)| *known == bit) {
            Some((_, count)) => *count += 1,
            None => counts.push((bit, 1)),
        }
    }
    if counts.is_empty() {
        return 0;
    }
    ALL_LANGUAGES
        .iter()
        .map(|&language| {
            counts
                .iter()
                .filter(|&&(bit, _)| bit & !language != 0)
                .map(|&(_, count)| count)
                .sum()
        })
        .min()
        .unwrap_or_else(|| counts.iter().map(|&(_, count)| count).sum())
}

/// What the accented letters that every one language leaves out add to
/// the cost of text as read ([`foreign_letters`] of them, each at the
/// price of a symbol touching a letter): the model's letter pairs are
/// those of every language of a script at once, so that Hungarian `ő`
/// read as Portuguese `õ` costs it little, while no one language writes
/// `õ` and `û` beside `ö`.
pub(crate) fn foreign_letters_cost(text: &str) -> u32 {
    u32::try_from(foreign_letters(text))
        .map_or(u32::MAX, |count| count.saturating_mul(SYMBOL_BY_LETTER))
}

/// The accented letters of `text`.
pub(crate) fn letters_of(text: &str) -> Letters {
    let mut letters = Letters::default();
    for c in text.chars().filter(|c| !c.is_ascii()) {
        letters.add(c);
    }
    letters
}

/// Whether `text` has a capital that is not ASCII after the lowercase
/// letters that start a word (`donnÇes`, `zÑhlen`: CP437 read as
/// MacRoman; not `McÉlroy`).
pub(crate) fn has_capital_inside_word(text: &str) -> bool {
    capitals_inside_words(text).next().is_some()
}

/// Whether `text` has a capital inside a word (see
/// [`has_capital_inside_word`]) that Irish does not write: Irish puts
/// `h`, `n` or `t` before a word's capital vowel (`na hÉireann`, `i
/// nÉirinn`), which no mixup explains; `zÑhlen` and `vÇrifier` it does
/// not write.
pub(crate) fn has_foreign_capital_inside_word(text: &str) -> bool {
    capitals_inside_words(text).any(|(prefix, capital)| {
        !(matches!(prefix, "h" | "n" | "t") && matches!(capital, 'Á' | 'É' | 'Í' | 'Ó' | 'Ú'))
    })
}

/// Each capital that is not ASCII after the lowercase letters that start
/// a word, with those letters.
fn capitals_inside_words(text: &str) -> impl Iterator<Item = (&str, char)> {
    // Where the word's lowercase letters began, while the word so far is
    // lowercase letters from its start.
    let mut lowercase_from = None;
    let mut in_word = false;
    text.char_indices().filter_map(move |(at, c)| {
        let found = match lowercase_from {
            Some(from) if !c.is_ascii() && c.is_uppercase() => Some((&text[from..at], c)),
            _ => None,
        };
        let letter = c.is_alphabetic();
        lowercase_from = match lowercase_from {
            _ if !(letter && c.is_lowercase()) => None,
            Some(from) => Some(from),
            None if !in_word => Some(at),
            None => None,
        };
        in_word = letter;
        found
    })
}

/// Whether `c`, at byte offset `at` of `text`, is a capital that is not
/// ASCII after the lowercase letters that start a word (see
/// [`has_capital_inside_word`]).
#[inline]
pub(crate) fn is_capital_inside_word(text: &str, at: usize, c: char) -> bool {
    if c.is_ascii() || !c.is_uppercase() {
        return false;
    }
    let before = text.get(..at).unwrap_or("");
    let mut lowercase = 0;
    for previous in before.chars().rev() {
        if previous.is_lowercase() {
            lowercase += 1;
        } else {
            return lowercase > 0 && !previous.is_alphabetic();
        }
    }
    lowercase > 0
}

/// How strongly text as read shows a mixup within the Latin script.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sign {
    None,
    /// Accented letters that no one language writes together, but each
    /// word's could be one language's: a list of names from several
    /// languages looks the same (`Hjortø Allé, Szabadság utca`).
    Weak,
    /// A hard sign of the model (a symbol or control character inside a
    /// word), a capital inside a word, or a word whose accented letters no
    /// one language writes together (Czech `zaèátek`).
    Strong,
    /// At least [`FOREIGN_LETTERS`] accented letters that every one
    /// language leaves out ([`foreign_letters`]: Slovenian `razlièni …
    /// poroèil … že`, where a list of names rarely has more than a name or
    /// two of another language): as strong a sign, where the reading's
    /// changed words go on as a native language's ([`writes_like_native`]),
    /// and otherwise a weak one, as a sentence of two languages shows it
    /// too (Norwegian `nøtt … ordføreren` among Hungarian words, which
    /// ISO-8859-16 reads as `nűtt … ordfűreren`).
    Foreign,
}

/// How strongly text as read shows a mixup within the Latin script (see
/// the module's documentation); `hard` is the model's count of hard signs
/// in it. (Against every language: the text as read may be in a language
/// that its codec can't write in full, such as Yoruba or Vietnamese.)
pub(crate) fn mixup_sign(text: &str, hard: u32) -> Sign {
    if hard > 0 || has_foreign_capital_inside_word(text) {
        // A capital inside a word that no orthography writes so is a sign
        // in one word too.
        return Sign::Strong;
    }
    if explained_by_final_grave_vowels(text) {
        // Italian words among another language's.
        return Sign::None;
    }
    let explained_by = one_word_explains(text);
    if explained_by == Some(true) {
        // A name from another language among the words of one.
        return Sign::None;
    }
    if has_capital_inside_word(text)
        || text
            .split(char::is_whitespace)
            .any(|word| !letters_of(word).one_language_writes())
    {
        // Signs in one word only are no stronger than letters that no one
        // language writes together across words.
        if explained_by.is_some() {
            Sign::Weak
        } else {
            Sign::Strong
        }
    } else if !letters_of(text).one_language_writes() {
        if foreign_letters(text) >= FOREIGN_LETTERS {
            Sign::Foreign
        } else {
            Sign::Weak
        }
    } else {
        Sign::None
    }
}

/// Whether the words of `text` that end in a vowel with a grave accent
/// and have no other accented letter (`à è ì ò ù`: Italian's stressed
/// last vowels, `finì`, `inviò`, `città`) are all that keeps one language
/// from writing its accented letters: a sentence with Italian words in
/// it, not a mixup (`spoštovan finì … noè` is no Slovenian `fině … noč` in
/// Windows-1250, nor `Proverà þorvald` Baltic `Proverā ūorvald`; Czech
/// `ještě` read as Windows-1252, `ještì`, has another accent).
fn explained_by_final_grave_vowels(text: &str) -> bool {
    let (mut rest, mut italian) = (Letters::default(), false);
    for word in text.split(char::is_whitespace) {
        let mut letters = word.chars().filter(|c| c.is_alphabetic());
        let last = letters.next_back();
        if last.is_some_and(|last| matches!(last, 'à' | 'è' | 'ì' | 'ò' | 'ù'))
            && letters.clone().all(|c| c.is_ascii())
        {
            italian = true;
        } else {
            letters.chain(last).for_each(|c| rest.add(c));
        }
    }
    italian && rest.one_language_writes() && !letters_of(text).one_language_writes()
}

/// Whether one word alone shows the signs of `text` (accented letters
/// that no one language writes beside the rest's, a capital inside it):
/// without it, one language writes the rest's accented letters and no
/// other word has a capital inside. `Some(true)` when such a word is a
/// name (it starts with a capital): a name from another language among a
/// sentence's words (`Mendonça` beside Icelandic `þann … meðan`, `Lê`
/// beside Norwegian `åpen`), which is no sign of a mixup of the whole
/// line; `Some(false)` when only other words explain it; `None` when no
/// one word does.
fn one_word_explains(text: &str) -> Option<bool> {
    let words: Vec<(bool, Letters, bool)> = text
        .split(char::is_whitespace)
        .filter(|word| !word.is_ascii())
        .map(|word| {
            let name = word.chars().next().is_some_and(char::is_uppercase);
            (name, letters_of(word), has_capital_inside_word(word))
        })
        .collect();
    let mut explained = None;
    for (skip, &(name, _, _)) in words.iter().enumerate() {
        let (mut letters, mut capital) = (Letters::default(), false);
        for (at, &(_, word_letters, word_capital)) in words.iter().enumerate() {
            if at != skip {
                letters.0 |= word_letters.0;
                capital |= word_capital;
            }
        }
        if !capital && letters.one_language_writes() {
            explained = Some(name || explained == Some(true));
        }
    }
    explained
}

/// Whether `candidate`, text as read re-decoded with the codec named
/// `decoder`, undoes a mixup within the Latin script that the text as
/// read shows with `sign`: it reads as one language, keeps no symbol
/// against a letter, and changes a character inside a word (three
/// characters for a weak sign, unless the words it changes go on as a
/// native language's, as `native` says: [`writes_like_native`]).
pub(crate) fn accepts(
    text: &str,
    candidate: &str,
    decoder: &str,
    sign: Sign,
    native: bool,
) -> bool {
    let changes = match sign {
        Sign::None => return false,
        // Words that go on as a native language's are two changes at least.
        Sign::Weak if native => KNOWN_WORDS,
        Sign::Foreign if native => 1,
        Sign::Weak | Sign::Foreign => WEAK_SIGN_CHANGES,
        Sign::Strong => 1,
    };
    reads_as_one_language(candidate, decoder)
        && !has_symbol_by_letter(candidate)
        && changes_inside_words(text, candidate, changes)
        && reads_as_native_language(candidate, decoder)
}

/// The languages each code page was made for, by their codes in
/// [`LANGUAGE_LETTERS`]: text in one of them is what a machine set to the
/// code page writes. (A code page can write more: Windows-1257 has the
/// letters of Finnish, whose writers used Windows-1252.)
const NATIVE_LANGUAGES: &[(&str, &[&str])] = &[
    ("windows-1250", CENTRAL_EUROPEAN),
    ("iso-8859-2", CENTRAL_EUROPEAN),
    ("iso-8859-16", &["ro", "pl", "hu", "hr", "sl", "sq"]),
    ("windows-1254", TURKISH),
    ("iso-8859-9", TURKISH),
    ("windows-1257", BALTIC),
    ("iso-8859-13", BALTIC),
    ("iso-8859-4", &["et", "lv", "lt", "kl", "se"]),
    ("iso-8859-15", &["fi", "et", "fr"]),
];
const CENTRAL_EUROPEAN: &[&str] = &[
    "cs", "sk", "pl", "hu", "sl", "hr", "bs", "sr-Latn", "sq", "ro",
];
const TURKISH: &[&str] = &["tr", "az", "az-Latn"];
const BALTIC: &[&str] = &["et", "lv", "lt"];

/// The languages the code page named `decoder` was made for, if
/// [`NATIVE_LANGUAGES`] has it.
fn natives_of(decoder: &str) -> Option<&'static [&'static str]> {
    NATIVE_LANGUAGES
        .iter()
        .find(|(codec, _)| *codec == decoder)
        .map(|&(_, natives)| natives)
}

/// Whether the letters of `candidate`, re-decoded with the codec named
/// `decoder`, are all those of one language that code page was made for
/// ([`NATIVE_LANGUAGES`]; any language for the DOS and Mac code pages,
/// which served all of Western Europe), with one of the language's
/// [`TYPICAL_LETTERS`]. Every reading needs it: Icelandic words beside a
/// Swedish one (`við … lägga`, letters of no one language) read as
/// Windows-1257 make `viš … lägga`, letters Finnish writes but no Baltic
/// language, and beside German ones (`händen … fjölgað`, three accented
/// letters Icelandic leaves out) `fjölgaš`, Estonian's letters but no
/// `õ`.
fn reads_as_native_language(candidate: &str, decoder: &str) -> bool {
    let Some(natives) = natives_of(decoder) else {
        return true;
    };
    let letters = letters_of(candidate).0;
    LANGUAGE_BITS.iter().any(|(code, language)| {
        natives.contains(code)
            && letters & !language == 0
            && TYPICAL_LETTERS
                .iter()
                .find(|(typical_of, _)| typical_of == code)
                .is_none_or(|(_, typical)| letters & letter_bits(typical) != 0)
    })
}

/// Whether the words that `candidate`, text as read re-decoded with the
/// codec named `decoder`, changes go on around their new letters as the
/// words of a language that code page was made for do ([`NATIVE_LANGUAGES`]
/// with [`LANGUAGE_TRIGRAMS`]), one whose letters are all of the
/// candidate's: each letter triple (with a word's ends) around a changed
/// letter is one that language's words hold, in at least
/// [`KNOWN_WORDS`] changed words and at least half of them. Slovenian
/// `razlièni … naèrte … poroèil` read as Windows-1252 makes `različni …
/// načrte … poročil`, whose `lič`, `čni`, `ačr`, `oče` Slovenian writes;
/// a French word in a Czech sentence (`crème` as `crčme`) makes triples
/// that Czech does not. With `every_word`, no changed word may be unknown:
/// what a weak sign needs, as a line of two languages shows one (Catalan
/// `depèn` beside Icelandic `rekið spilað`, which Windows-1257 reads as
/// `depčn rekiš spilaš`: Lithuanian-like `rekiš` and `spilaš`, but no
/// Baltic `depčn`).
pub(crate) fn writes_like_native(
    text: &str,
    candidate: &str,
    decoder: &str,
    every_word: bool,
) -> bool {
    let Some(natives) = natives_of(decoder) else {
        return false;
    };
    let letters = letters_of(candidate).0;
    LANGUAGE_BITS.iter().any(|&(code, language)| {
        natives.contains(&code) && letters & !language == 0 && {
            let (known, unknown) = changed_words_known(text, candidate, code);
            known >= KNOWN_WORDS && known >= unknown && (!every_word || unknown == 0)
        }
    })
}

/// How many changed words [`writes_like_native`] needs.
const KNOWN_WORDS: usize = 2;

/// Three letters of a word (a space: its start or end).
type Triple = [char; 3];

/// The letter triples of each language of [`LANGUAGE_TRIGRAMS`], sorted.
static TRIGRAMS: LazyLock<Vec<(&'static str, Vec<Triple>)>> = LazyLock::new(|| {
    LANGUAGE_TRIGRAMS
        .iter()
        .map(|&(code, triples)| {
            let chars: Vec<char> = triples.chars().collect();
            let mut triples: Vec<Triple> = chars
                .chunks_exact(3)
                .map(|triple| [triple[0], triple[1], triple[2]])
                .collect();
            triples.sort_unstable();
            (code, triples)
        })
        .collect()
});

/// Of the words (runs of letters) that `candidate` changes from `text`
/// (the same number of characters), how many have every letter triple
/// around a changed letter among those of the language `code`
/// ([`TRIGRAMS`]), and how many don't.
fn changed_words_known(text: &str, candidate: &str, code: &str) -> (usize, usize) {
    let Some((_, triples)) = TRIGRAMS.iter().find(|(language, _)| *language == code) else {
        return (0, 0);
    };
    let read: Vec<char> = text.chars().collect();
    let decoded: Vec<char> = candidate.chars().collect();
    if read.len() != decoded.len() {
        return (0, 0);
    }
    let (mut known, mut unknown) = (0, 0);
    let mut start = 0;
    while start < decoded.len() {
        if !decoded[start].is_alphabetic() {
            start += 1;
            continue;
        }
        let end = (start..decoded.len())
            .find(|&at| !decoded[at].is_alphabetic())
            .unwrap_or(decoded.len());
        if read[start..end] != decoded[start..end] {
            // The word, lowercase, between spaces.
            let word: Vec<char> = std::iter::once(' ')
                .chain(
                    decoded[start..end]
                        .iter()
                        .map(|&c| super::model::to_lower(c)),
                )
                .chain(std::iter::once(' '))
                .collect();
            let all_known = (start..end)
                .filter(|&at| read[at] != decoded[at])
                .all(|at| {
                    // The changed letter's place in `word`, and the triples
                    // holding it.
                    let place = at - start + 1;
                    (place.saturating_sub(2)..=place)
                        .filter(|&first| first + 3 <= word.len())
                        .all(|first| {
                            let triple = [word[first], word[first + 1], word[first + 2]];
                            triples.binary_search(&triple).is_ok()
                        })
                });
            if all_known {
                known += 1;
            } else {
                unknown += 1;
            }
        }
        start = end;
    }
    (known, unknown)
}

/// Letters that nearly every sentence of a language writes, and that the
/// other languages of its code pages do not all write: a reading in the
/// language shows one. (Estonian writes `õ` in most sentences; German
/// beside Icelandic read as Windows-1257 has Estonian's `ä`, `ö`, `š`,
/// `ž` but no `õ`.)
const TYPICAL_LETTERS: &[(&str, &str)] = &[
    ("et", "õ"),
    ("lv", "āēīūģķļņ"),
    ("lt", "ąčęėįšųūž"),
    ("tr", "ışğ"),
    ("cs", "ěřůčšžýá"),
    ("pl", "ąęłśźżćńó"),
];

/// Whether a text re-decoded with the codec `decoder` reads as one
/// language: one language that `decoder` can write writes all its
/// accented letters, and no capital that is not ASCII stands between a
/// letter and a lowercase letter (`GÜteborg`) or after the lowercase
/// letters that start a word (`dŽIvoire`, ISO-8859-15's reading of the
/// acute accent that stands for an apostrophe in `d´Ivoire`).
fn reads_as_one_language(candidate: &str, decoder: &str) -> bool {
    letters_of(candidate).written_in(decoder)
        && !has_capital_between_letters(candidate)
        && !has_capital_inside_word(candidate)
}

/// Whether `text` has a capital that is not ASCII between a letter and a
/// lowercase letter (`donnÇes`, `GÜteborg`; not `DÉJÀ`).
fn has_capital_between_letters(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    chars.windows(3).any(|window| {
        let [before, c, after] = [window[0], window[1], window[2]];
        !c.is_ascii() && c.is_uppercase() && before.is_alphabetic() && after.is_lowercase()
    })
}

/// The accented Latin letters that the codec named `codec` decodes (none
/// for a name [`Codec::from_name`] doesn't know).
fn repertoire(codec: &str) -> u128 {
    Codec::from_name(codec).map_or(0, |codec| {
        (0x80..=0xFFu8)
            .filter_map(|byte| codec.decode(&[byte]).ok())
            .fold(0, |bits, text| bits | letters_of(&text).0)
    })
}

/// How much the symbols that touch a letter in text as read (`s±`,
/// `móg³by`, `dar†`), and the punctuation between two letters other than
/// apostrophes (`pr‚sent`, not Uzbek `g‘arbiy`), add to its cost, on top
/// of what the model charges: each is what an accented letter became.
pub(crate) fn signs_by_letters(text: &str) -> u32 {
    let mut count = 0;
    let mut before = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let after = chars.peek().copied();
        let counts = !c.is_ascii()
            && match kind_of(c) {
                Kind::Symbol => is_letter(before) || is_letter(after),
                Kind::Punctuation => {
                    !matches!(c, '\u{2018}' | '\u{2019}' | '\u{2bc}')
                        && is_letter(before)
                        && is_letter(after)
                }
                _ => false,
            };
        count += u32::from(counts) * SYMBOL_BY_LETTER;
        before = Some(c);
    }
    count
}

/// Whether a re-decoded text still has a symbol touching a letter (`s±`).
fn has_symbol_by_letter(candidate: &str) -> bool {
    let mut before = None;
    let mut chars = candidate.chars().peekable();
    while let Some(c) = chars.next() {
        if !c.is_ascii()
            && kind_of(c) == Kind::Symbol
            && (is_letter(before) || is_letter(chars.peek().copied()))
        {
            return true;
        }
        before = Some(c);
    }
    false
}

/// Whether all the letters of `text` are Latin, or ordinal indicators
/// before a letter (`vºlu`: Windows-1252 shows Latvian `ē` of ISO-8859-4
/// as `º`, and Romanian `ș` of ISO-8859-16, as in `ºi`; not `nº` or `1ª`,
/// which Portuguese writes).
pub(crate) fn has_only_latin_letters(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    chars.iter().enumerate().all(|(at, &c)| match kind_of(c) {
        Kind::Letter(0) => is_letter(chars.get(at + 1).copied()),
        Kind::Letter(script) => script == 1,
        _ => true,
    })
}

/// Whether a re-decoding changes at least `at_least` characters, one of
/// them inside a word of the text as read (next to a letter): a lone
/// symbol or control character that became a letter (`intentional \u{81}`
/// read as `intentional ü`) is no evidence, nor is one letter in a list
/// of names (`Hjortø Allé, Szabadság`: Danish `ø` as Czech `ř`).
fn changes_inside_words(text: &str, candidate: &str, at_least: usize) -> bool {
    let read: Vec<char> = text.chars().collect();
    let decoded: Vec<char> = candidate.chars().collect();
    if read.len() != decoded.len() {
        return false;
    }
    let changed: Vec<usize> = (0..read.len())
        .filter(|&at| read[at] != decoded[at])
        .collect();
    changed.len() >= at_least
        && changed.iter().any(|&at| {
            is_letter(at.checked_sub(1).map(|before| read[before]))
                || is_letter(read.get(at + 1).copied())
        })
}

fn is_letter(c: Option<char>) -> bool {
    c.is_some_and(|c| matches!(kind_of(c), Kind::Letter(_)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_write_their_own_letters() {
        for text in [
            "Zażółć gęślą jaźń",
            "Příliš žluťoučký kůň",
            "Þórður á Íslandi",
            "İstanbul'da ağır şey",
            "Lietuvos valstybė",
            "Noël à l'école",
            "Grüße",
            "árvíztűrő tükörfúrógép",
        ] {
            assert_eq!(mixup_sign(text, 0), Sign::None, "{text}");
        }
    }

    #[test]
    fn mixups_show_a_sign() {
        // Czech read as Windows-1252: `ì` and `ž` are no language's pair.
        assert_eq!(mixup_sign("známe mìstem, že", 0), Sign::Weak);
        // A word alone is no stronger a sign than letters across words
        // (it may be a foreign word), two are.
        assert_eq!(mixup_sign("ještì", 0), Sign::Weak);
        assert_eq!(mixup_sign("ještì a všechnì", 0), Sign::Strong);
        // Turkish read as Windows-1252: Icelandic `ý` and `þ` beside `ü`.
        assert_ne!(mixup_sign("anlamýyorum gönül þimdi", 0), Sign::None);
        // French and German in CP437 read as MacRoman: a capital inside a
        // word that no orthography writes so, in one word too.
        assert_eq!(mixup_sign("les donnÇes", 0), Sign::Strong);
        assert_eq!(mixup_sign("les donnÇes et les rÇsultats", 0), Sign::Strong);
        assert_eq!(mixup_sign("die halten zÑhlen", 0), Sign::Strong);
        // Irish writes `h`, `n` or `t` before a capital vowel.
        assert!(!has_foreign_capital_inside_word("muintir na hÉireann"));
        assert!(!has_foreign_capital_inside_word("i nÉirinn, an tÓir"));
        assert!(has_foreign_capital_inside_word("muintir na hÑireann"));
        assert!(has_foreign_capital_inside_word("i fÉirinn"));
        assert!(has_capital_inside_word("muintir na hÉireann"));
        assert!(!has_capital_inside_word("McÉlroy, l'École"));
        // A name of another language among the words of one is no sign;
        // one odd word is a weak one.
        assert_eq!(
            mixup_sign("þann þingið ty störfum heima meðan Mendonça hennar", 0),
            Sign::None
        );
        assert_eq!(
            mixup_sign("5th skjer hÉimhigh lurt i direkte åpner", 0),
            Sign::Weak
        );
        // Icelandic, French, Spanish, German and Yoruba.
        for text in [
            "Þórður á Íslandi",
            "Noël à l'école",
            "¿Qué año?",
            "Grüße",
            "Kónkánì",
        ] {
            assert_eq!(mixup_sign(text, 0), Sign::None, "{text}");
        }
        assert!(!reads_as_one_language("les donnÇes", "cp437"));
        assert!(!has_capital_inside_word("McÉlroy, O'Ñeill, DÉJÀ"));
        assert!(!reads_as_one_language("Ûsland! GÜteborg ürhus", "cp437"));
        assert!(changes_inside_words("f\u{81}r", "für", 1));
        assert!(!changes_inside_words("f\u{81}r", "für", 2));
        assert!(has_only_latin_letters("dzirdºju"));
        assert!(has_only_latin_letters("ºi ªi"));
        assert!(!has_only_latin_letters("nº 5"));
        assert!(!has_only_latin_letters("la 1ª vez"));
        assert!(!reads_as_one_language("Kote dŽIvoire", "iso-8859-15"));
        assert!(!changes_inside_words(
            "intentional \u{81}",
            "intentional ü",
            1
        ));
        assert!(reads_as_one_language("les données", "cp437"));
        // Czech letters, but no language written in Windows-1252.
        assert!(!reads_as_one_language("známe městem", "windows-1252"));
        assert!(reads_as_one_language("známe městem", "windows-1250"));
    }

    #[test]
    fn italian_words_are_no_sign() {
        // Found by fresh_latin.py (seed 12): clean lines that Windows-1250
        // and a Baltic code page read as `fině … noč`, `Proverā ūorvald`.
        for text in [
            "Kavi stikala spoštovan finì štore paris inviò sladice noè attestata.",
            "Proverà þorvald stà gate Prenditi pugile skafa!",
        ] {
            assert_eq!(mixup_sign(text, 0), Sign::None, "{text}");
        }
        // A grave vowel inside a word is no Italian ending (Czech `vìtšina`
        // read as Windows-1252).
        assert_ne!(mixup_sign("vìtšina lidí", 0), Sign::None);
    }

    #[test]
    fn foreign_letters_are_counted_against_the_likeliest_language() {
        assert_eq!(foreign_letters("Zażółć gęślą jaźń"), 0);
        assert_eq!(foreign_letters("Hjortø Allé"), 0);
        assert_eq!(foreign_letters("Møller, Erdős"), 1);
        // Slovenian read as Windows-1252: `è` four times beside `š`, `ž`.
        assert_eq!(foreign_letters("razlièni poroèil že èasa pomoè šola"), 2);
        assert_eq!(foreign_letters("razlièni poroèil èasa pomoè šola že ž"), 3);
        // Hungarian: `õ` twice beside `ö`, `é` and `û`, all of which
        // Western Frisian writes.
        assert_eq!(foreign_letters("költõ és tûz, elõtt"), 2);
        assert_eq!(mixup_sign("költõ és tûz, elõtt", 0), Sign::Weak);
        assert_eq!(
            mixup_sign("razlièni poroèil èasa pomoè šola že ž", 0),
            Sign::Foreign
        );
        // A list of names: each could be one language's.
        assert_eq!(mixup_sign("Hjortø Allé, Szabadság utca", 0), Sign::None);
    }

    #[test]
    fn changed_words_go_on_as_a_native_language() {
        // Slovenian in Windows-1250 read as Windows-1252.
        assert!(writes_like_native(
            "razlièni poroèil",
            "različni poročil",
            "windows-1250",
            true
        ));
        // Only a code page made for the language counts.
        assert!(!writes_like_native(
            "razlièni poroèil",
            "različni poročil",
            "windows-1257",
            false
        ));
        // French words in a Czech sentence: `crčme` and `pčre` are no
        // Czech words' triples.
        assert!(!writes_like_native(
            "crème père škola",
            "crčme pčre škola",
            "windows-1250",
            false
        ));
        // One word is not enough.
        assert!(!writes_like_native(
            "razlièni",
            "različni",
            "windows-1250",
            false
        ));
        // Two known words and an unknown one are enough but for a weak
        // sign (a line of two languages: Catalan beside Icelandic).
        let (two_languages, baltic) = (
            "art carreteres places depèn rekið spilað",
            "art carreteres places depčn rekiš spilaš",
        );
        assert_eq!(mixup_sign(two_languages, 0), Sign::Weak);
        assert!(writes_like_native(
            two_languages,
            baltic,
            "windows-1257",
            false
        ));
        assert!(!writes_like_native(
            two_languages,
            baltic,
            "windows-1257",
            true
        ));
        assert_eq!(
            changed_words_known("razlièni crème", "različni crčme", "sl"),
            (1, 1)
        );
    }

    #[test]
    fn every_latin_letter_has_its_bit() {
        for (index, &letter) in LATIN_LETTERS.iter().enumerate() {
            assert_eq!(letter_bit(letter), 1 << index, "{letter}");
            let upper: Vec<char> = letter.to_uppercase().collect();
            if let [upper] = upper[..] {
                if super::super::model::to_lower(upper) == letter {
                    assert_eq!(letter_bit(upper), 1 << index, "{upper}");
                }
            }
        }
        assert_eq!(letter_bit('a'), 0);
        assert_eq!(letter_bit('³'), 0);
        assert_eq!(letter_bit('ж'), 0);
        assert_eq!(letter_bit('ǎ'), Letters::UNKNOWN);
    }
}
