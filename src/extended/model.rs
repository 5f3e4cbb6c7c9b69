//! The language model: how unlike written language a piece of text is.
//!
//! [`cost`] adds up, word by word, what no orthography writes: letter pairs
//! never seen inside a word of the model's text (CLDR's localized names and
//! Faker's word lists, in hundreds of languages), letters of two scripts in
//! one word, symbols wedged between letters, control characters and rare
//! ideographs. Clean text in any language costs little; mojibake costs a
//! lot, and its correct re-decoding little again. The tables are in
//! [`super::tables`].

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::LazyLock;

use super::tables::{COMMON_IDEOGRAPHS, FOLLOWERS, KNOWN_IDEOGRAPHS, SCRIPTS, SCRIPT_RANGES};

/// A pair of letters of one script never seen in a word. (A pair seen
/// costs its frequency band, 0 to 7: about -log2 P(second | first), less 3.)
const UNSEEN_PAIR: u32 = 9;
/// A lowercase letter followed by a capital inside a word (`рТЙЧЕФ`).
const CASE_FLIP: u32 = 4;
/// Letters of two scripts side by side in one word.
const MIXED_SCRIPTS: u32 = 12;
/// A symbol with a letter on one side, inside a word.
const SYMBOL_BY_LETTER: u32 = 4;
/// A symbol with letters on both sides.
const SYMBOL_BETWEEN_LETTERS: u32 = 8;
/// A combining accent after a letter: text is mostly composed (NFC).
const LATIN_MARK: u32 = 3;
/// An ideograph written against a letter of another script.
const IDEOGRAPH_BY_LETTER: u32 = 6;
/// A C1 control character, or U+FFFD.
const CONTROL: u32 = 10;
/// A Han, kana or Hangul character of the codecs' common levels but not
/// seen in the model's text.
const KNOWN_IDEOGRAPH: u32 = 2;
/// A Han, kana or Hangul character outside the common sets.
const RARE_IDEOGRAPH: u32 = 6;

/// A hasher for keys that are already well spread (two code points).
#[derive(Default)]
struct PairHasher(u64);

impl Hasher for PairHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    fn write_u64(&mut self, value: u64) {
        self.0 = value.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
    }
}

type PairMap = HashMap<u64, u8, BuildHasherDefault<PairHasher>>;

fn pair_key(first: char, second: char) -> u64 {
    (u64::from(u32::from(first)) << 32) | u64::from(u32::from(second))
}

/// Letter pairs seen in the model's words, with their band.
static PAIRS: LazyLock<PairMap> = LazyLock::new(|| {
    let mut pairs = PairMap::default();
    for (first, bands) in FOLLOWERS.iter() {
        for (band, followers) in bands.iter().enumerate() {
            for second in followers.chars() {
                // OK because there are eight bands.
                pairs.insert(pair_key(*first, second), band as u8);
            }
        }
    }
    pairs
});

static IDEOGRAPHS: LazyLock<HashSet<char>> = LazyLock::new(|| COMMON_IDEOGRAPHS.chars().collect());

static KNOWN: LazyLock<HashSet<char>> = LazyLock::new(|| KNOWN_IDEOGRAPHS.chars().collect());

/// The script id of a letter (see [`SCRIPTS`]), 0 for a letter of a script
/// the model doesn't name, or `None` for a character that is not a letter.
pub(crate) fn script_of(c: char) -> Option<u8> {
    if c.is_ascii() {
        return c.is_ascii_alphabetic().then_some(1);
    }
    let code = u32::from(c);
    let index = SCRIPT_RANGES.partition_point(|&(_, last, _)| last < code);
    match SCRIPT_RANGES.get(index) {
        Some(&(first, _, script)) if first <= code => Some(script),
        _ => None,
    }
}

/// Whether a script id is one of the ideographic ones (Han, kana, Hangul),
/// whose words are not scored by letter pairs.
fn is_ideographic_script(script: u8) -> bool {
    matches!(
        SCRIPTS.get(usize::from(script).wrapping_sub(1)),
        Some(&("CJK" | "HIRAGANA" | "KATAKANA" | "HANGUL" | "BOPOMOFO"))
    )
}

/// Punctuation that is at home next to words (`„Wort“`, `¿qué?`).
fn is_word_punctuation(c: char) -> bool {
    c.is_ascii()
        || matches!(
            c,
            '\u{a0}'
                | '\u{b7}'
                | '\u{2010}'..='\u{2014}'
                | '\u{2018}'..='\u{201f}'
                | '\u{2026}'
                | '\u{2030}'..='\u{205e}'
                | '«'
                | '»'
                | '¡'
                | '¿'
                | '\u{3000}'..='\u{303f}'
                | '\u{ff01}'..='\u{ff65}'
                // The punctuation of other scripts: Greek, Armenian,
                // Hebrew, Arabic, Devanagari, Thai, Tibetan, Myanmar,
                // Ethiopic, Khmer.
                | '\u{37e}'
                | '\u{387}'
                | '\u{55a}'..='\u{55f}'
                | '\u{589}'
                | '\u{5be}'
                | '\u{5f3}'
                | '\u{5f4}'
                | '\u{60c}'
                | '\u{61b}'
                | '\u{61f}'
                | '\u{66a}'..='\u{66d}'
                | '\u{6d4}'
                | '\u{964}'
                | '\u{965}'
                | '\u{e2f}'
                | '\u{e5a}'
                | '\u{e5b}'
                | '\u{f04}'..='\u{f14}'
                | '\u{104a}'
                | '\u{104b}'
                | '\u{1361}'..='\u{1368}'
                | '\u{17d4}'..='\u{17da}'
        )
}

/// Punctuation that is at home between two letters of a word (`don’t`,
/// `well‐known`, `word—word`), and, after an ASCII letter, the middle dot
/// and the left single quote (`l·l` and `Home·About`, `Hawai‘i` and
/// Uzbek `g‘`). After other letters those two stay signs: UTF-8's
/// continuation bytes B7 and 91 read as Windows-1252 (`Ð·` for `з`,
/// `Å‘` for `ő`).
pub(crate) fn joins_letters(c: char, before: char) -> bool {
    match c {
        '\u{b7}' | '\u{2018}' => before.is_ascii_alphabetic(),
        _ => {
            c.is_ascii()
                || matches!(
                    c,
                    '\u{2010}'
                        | '\u{2011}'
                        | '\u{2013}'
                        | '\u{2014}'
                        | '\u{2019}'
                        | '\u{2bc}'
                        | '\u{30fb}'
                )
        }
    }
}

/// What kind of character a word holds at a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    Letter(u8),
    Mark,
    Ideograph,
    Digit,
    Punctuation,
    Symbol,
    Control,
}

pub(crate) fn kind_of(c: char) -> Kind {
    if let Some(script) = script_of(c) {
        return if is_ideographic_script(script) {
            Kind::Ideograph
        } else {
            Kind::Letter(script)
        };
    }
    if is_combining_mark(c) {
        return Kind::Mark;
    }
    if c.is_numeric() {
        let superscript_or_fraction = matches!(c,
            '\u{b2}' | '\u{b3}' | '\u{b9}' | '\u{bc}'..='\u{be}' | '\u{2070}'..='\u{218f}'
            | '\u{2460}'..='\u{24ff}');
        return if !superscript_or_fraction {
            Kind::Digit
        } else {
            Kind::Symbol
        };
    }
    if c.is_control() || c == '\u{fffd}' {
        return Kind::Control;
    }
    if is_word_punctuation(c) {
        Kind::Punctuation
    } else {
        Kind::Symbol
    }
}

/// Combining marks (which take the script of their letter) in the blocks
/// where words use them.
fn is_combining_mark(c: char) -> bool {
    matches!(c,
        '\u{300}'..='\u{36f}' | '\u{483}'..='\u{489}' | '\u{591}'..='\u{5c7}'
        | '\u{610}'..='\u{61a}' | '\u{64b}'..='\u{65f}' | '\u{670}' | '\u{6d6}'..='\u{6ed}'
        | '\u{900}'..='\u{903}' | '\u{93a}'..='\u{94f}' | '\u{951}'..='\u{957}'
        | '\u{962}'..='\u{963}' | '\u{981}'..='\u{983}' | '\u{9bc}'..='\u{9d7}'
        | '\u{a01}'..='\u{a83}' | '\u{abc}'..='\u{acd}' | '\u{b01}'..='\u{b03}'
        | '\u{b3c}'..='\u{b57}' | '\u{b82}' | '\u{bbe}'..='\u{bd7}' | '\u{c00}'..='\u{c04}'
        | '\u{c3e}'..='\u{c56}' | '\u{c81}'..='\u{c83}' | '\u{cbc}'..='\u{cd6}'
        | '\u{d00}'..='\u{d03}' | '\u{d3b}'..='\u{d57}' | '\u{d81}'..='\u{df3}'
        | '\u{e31}' | '\u{e34}'..='\u{e3a}' | '\u{e47}'..='\u{e4e}' | '\u{eb1}'..='\u{ebc}'
        | '\u{ec8}'..='\u{ecd}' | '\u{f18}'..='\u{f19}' | '\u{f35}'..='\u{f39}'
        | '\u{f71}'..='\u{f84}' | '\u{102b}'..='\u{103e}' | '\u{1056}'..='\u{1099}'
        | '\u{17b4}'..='\u{17d3}' | '\u{1ab0}'..='\u{1aff}' | '\u{1dc0}'..='\u{1dff}'
        | '\u{200c}' | '\u{200d}' | '\u{20d0}'..='\u{20ff}' | '\u{fe00}'..='\u{fe0f}'
        | '\u{fe20}'..='\u{fe2f}')
}

/// How many scripts the non-ASCII letters of `text` belong to (kana and
/// Han count as one).
pub(crate) fn script_count(text: &str) -> u32 {
    let mut seen = [false; 256];
    let mut count = 0;
    for c in text.chars().filter(|c| !c.is_ascii()) {
        // Letters of scripts the model doesn't name (such as the
        // prolonged sound mark `ー` of kana) don't count.
        if let Some(script) = super::chars::info(c).script().filter(|&script| script != 0) {
            let script = if is_ideographic_script(script) {
                255
            } else {
                script
            };
            if !seen[usize::from(script)] {
                seen[usize::from(script)] = true;
                count += 1;
            }
        }
    }
    count
}

/// How many letters of `text` belong to scripts that `reference` has no
/// letter of, and how many letters `text` has.
pub(crate) fn letters_in_new_scripts(text: &str, reference: &str) -> (usize, usize) {
    letters_outside(text, &scripts_of(reference))
}

/// Which scripts `text` has letters of, by script id.
pub(crate) fn scripts_of(text: &str) -> [bool; 256] {
    let mut known = [false; 256];
    for c in text.chars() {
        if let Some(script) = super::chars::info(c).script() {
            known[usize::from(script)] = true;
        }
    }
    known
}

/// How many letters of `text` belong to scripts not in `known`, and how
/// many letters `text` has.
pub(crate) fn letters_outside(text: &str, known: &[bool; 256]) -> (usize, usize) {
    text.chars()
        .filter_map(|c| super::chars::info(c).script())
        .fold((0, 0), |(new, all), script| {
            (new + usize::from(!known[usize::from(script)]), all + 1)
        })
}

/// How many symbols (not letters, digits or punctuation) `text` holds:
/// box drawing, arrows, currency, superscripts and the like.
pub(crate) fn symbol_count(text: &str) -> usize {
    text.chars()
        .filter(|&c| !c.is_ascii() && super::chars::info(c).kind == Kind::Symbol)
        .count()
}

/// What a combining mark `c` adds to a word's score, after a character
/// of `previous_kind`: an accent after a letter it composes with costs a
/// little (text is mostly composed), a mark on a letter of another script
/// or on nothing is a hard sign.
fn mark_score(previous_kind: Kind, previous_char: char, c: char, total: &mut Score) {
    match (previous_kind, c) {
        (Kind::Letter(_), '\u{300}'..='\u{36f}')
            if unicode_normalization::char::compose(previous_char, c).is_some() =>
        {
            total.add(LATIN_MARK);
        }
        (Kind::Letter(script), '\u{300}'..='\u{36f}' | '\u{1ab0}'..='\u{1dff}') if script > 3 => {}
        (Kind::Letter(1..=3), _) | (_, '\u{300}'..='\u{36f}') => {
            total.add_hard(MIXED_SCRIPTS);
        }
        (Kind::Letter(_), _) => {}
        _ => total.add_hard(MIXED_SCRIPTS),
    }
}

/// What `c`, a character of kind `other` that is neither a letter nor a
/// mark, adds to a word's score, between the character before it (its
/// kind and itself) and the one after (if any). `symbols_after_letter`:
/// the symbols just before it follow a letter.
fn non_letter_score(
    c: char,
    other: Kind,
    (previous_kind, previous_char, next): (Kind, char, Option<char>),
    symbols_after_letter: bool,
    total: &mut Score,
) {
    let before = matches!(previous_kind, Kind::Letter(_) | Kind::Mark);
    let after = next.is_some_and(|next| matches!(super::chars::info(next).kind, Kind::Letter(_)));
    match other {
        Kind::Ideograph => {
            if matches!(previous_kind, Kind::Letter(_)) {
                total.add(IDEOGRAPH_BY_LETTER);
            }
            if !IDEOGRAPHS.contains(&c) {
                total.add(if KNOWN.contains(&c) {
                    KNOWN_IDEOGRAPH
                } else {
                    RARE_IDEOGRAPH
                });
            }
        }
        Kind::Punctuation if before && after && !joins_letters(c, previous_char) => {
            total.add_hard(SYMBOL_BETWEEN_LETTERS);
        }
        Kind::Symbol => match (before, after) {
            (true, true) => total.add_hard(SYMBOL_BETWEEN_LETTERS),
            (false, false) => {}
            // `â€`, the most common mojibake there is.
            _ if c == '€' => total.add_hard(SYMBOL_BY_LETTER),
            // The last of a run of symbols between letters,
            // which costs no less than one symbol there.
            (false, true) if symbols_after_letter => {
                total.add_hard(SYMBOL_BETWEEN_LETTERS);
            }
            _ => total.add(SYMBOL_BY_LETTER),
        },
        Kind::Control => total.add_hard(CONTROL),
        _ => {}
    }
}

/// What the model makes of a word or a text: its cost, and how many
/// *hard* signs of mojibake it holds (letters of two scripts that no text
/// writes together, a symbol between letters, a control character, a
/// stray combining mark), which clean text almost never has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Score {
    pub(crate) cost: u32,
    pub(crate) hard: u32,
}

impl Score {
    fn add(&mut self, cost: u32) {
        self.cost += cost;
    }

    fn add_hard(&mut self, cost: u32) {
        self.cost += cost;
        self.hard += 1;
    }
}

impl std::iter::Sum for Score {
    fn sum<I: Iterator<Item = Score>>(iter: I) -> Score {
        iter.fold(Score::default(), |total, score| Score {
            cost: total.cost + score.cost,
            hard: total.hard + score.hard,
        })
    }
}

/// How unlike written language `text` is: 0 for text of common words, more
/// for every letter pair no language writes, script mixing inside a word,
/// symbols between letters, control characters and rare ideographs.
pub(crate) fn score(text: &str) -> Score {
    text.split(char::is_whitespace).map(word_score).sum()
}

/// [`score`], or `None` as soon as the cost passes `cap` or a hard sign
/// shows: for candidates that can only be accepted below `cap` and
/// without one.
pub(crate) fn score_capped(text: &str, cap: u32) -> Option<Score> {
    let mut total = Score::default();
    for word in text.split(char::is_whitespace) {
        let score = word_score(word);
        total.cost += score.cost;
        total.hard += score.hard;
        if total.cost > cap || total.hard > 0 {
            return None;
        }
    }
    Some(total)
}

/// The cost part of [`score`].
pub(crate) fn cost(text: &str) -> u32 {
    score(text).cost
}

/// Whether a cheap look finds nothing that mojibake would show in `text`:
/// no non-ASCII word with a hard sign or as costly as an unseen letter
/// pair. (Most clean text stops here.)
#[cfg(test)]
pub(crate) fn looks_clean(text: &str) -> bool {
    text.split(char::is_whitespace)
        .filter(|word| !word.is_ascii())
        .all(|word| {
            let score = word_score(word);
            score.hard == 0 && score.cost < UNSEEN_PAIR
        })
}

/// [`score`], unless the text looks clean (no non-ASCII word with a hard
/// sign or as costly as an unseen letter pair; most clean text stops
/// there): one scoring of each word for both.
pub(crate) fn score_unless_clean(text: &str) -> Option<Score> {
    let mut total = Score::default();
    let mut clean = true;
    for word in text
        .split(char::is_whitespace)
        .filter(|word| !word.is_ascii())
    {
        let score = word_score(word);
        clean &= score.hard == 0 && score.cost < UNSEEN_PAIR;
        total.cost += score.cost;
        total.hard += score.hard;
    }
    if clean {
        return None;
    }
    let ascii_words = text
        .split(char::is_whitespace)
        .filter(|word| word.is_ascii());
    Some([total].into_iter().chain(ascii_words.map(word_score)).sum())
}

/// The cost of one whitespace-free word (see [`score`]).
pub(crate) fn word_cost(word: &str) -> u32 {
    word_score(word).cost
}

/// Letters of science and units that follow Latin letters in clean text
/// (`kΩ`, `µm`).
fn is_unit_letter(c: char) -> bool {
    matches!(c, 'Ω' | 'µ' | 'μ' | 'ω')
}

/// Whether the letters `previous` (after `before`) and `c` are an
/// ordinal indicator as clean text writes it: after letters (`nº`,
/// `Exmª`), after a digit (`1ª`, `25ºc`), or before a capital (`ºC`, a
/// typo for `°C`). (Before a lowercase letter it is a sign: Romanian `ș`
/// of ISO-8859-16 read as Windows-1252 is `º`, as in `ºi`, `aºa`.)
fn is_ordinal_indicator_pair(before: char, previous: char, c: char) -> bool {
    matches!(c, 'º' | 'ª')
        || (matches!(previous, 'º' | 'ª') && (c.is_uppercase() || before.is_ascii_digit()))
}

/// Whether `previous` and `c`, after `before` and followed by `next`, are
/// a masculine ordinal indicator typed for a degree sign before a
/// temperature's unit at the end of a word, at its start or after a digit
/// (`ºc`, `25ºf`), as people type it. Romanian `ș` of ISO-8859-16 read as
/// Windows-1252 goes on with letters (`ºcoalã`), and Latvian `ē` of
/// ISO-8859-4 follows one (`pºc` for `pēc`).
fn is_degree_sign_unit(before: char, previous: char, c: char, next: Option<char>) -> bool {
    (before == ' ' || before.is_ascii_digit())
        && previous == 'º'
        && matches!(c, 'c' | 'f' | 'C' | 'F')
        && next.is_none_or(|next| !super::chars::info(next).alphabetic)
}

/// The score of one whitespace-free word (see [`score`]).
pub(crate) fn word_score(word: &str) -> Score {
    let mut total = Score::default();
    if word.is_empty() {
        return total;
    }
    let mut previous_letter: Option<(char, u8)> = None;
    let mut previous_char = ' ';
    let mut before_previous = ' ';
    let mut previous_kind = Kind::Punctuation;
    let mut before_was_lowercase = false;
    // Whether the symbols just read follow a letter: a run of them
    // between letters (`f√∏ler`, `secci├│n`) is as hard a sign as one.
    let mut symbols_after_letter = false;
    let mut chars = word.chars().peekable();
    while let Some(c) = chars.next() {
        let info = super::chars::info(c);
        let kind = info.kind;
        match kind {
            Kind::Letter(script) => {
                let lower = info.lower(c);
                match previous_letter {
                    Some((before, before_script)) => {
                        if lower != c && before_was_lowercase {
                            total.add(CASE_FLIP);
                        }
                        let (cost, hard) = pair_cost(before, before_script, lower, script);
                        if hard
                            && !is_unit_letter(c)
                            && !is_unit_letter(previous_char)
                            && !is_ordinal_indicator_pair(before_previous, previous_char, c)
                            && !is_degree_sign_unit(
                                before_previous,
                                previous_char,
                                c,
                                chars.peek().copied(),
                            )
                        {
                            total.add_hard(cost);
                        } else {
                            total.add(cost);
                        }
                    }
                    None => {
                        if previous_kind == Kind::Ideograph {
                            total.add(IDEOGRAPH_BY_LETTER);
                        }
                        total.add(pair_cost(' ', script, lower, script).0);
                    }
                }
                before_was_lowercase = info.lowercase;
                previous_letter = Some((lower, script));
            }
            Kind::Mark => mark_score(previous_kind, previous_char, c, &mut total),
            other => {
                if let Some((before, script)) = previous_letter.take() {
                    total.add(pair_cost(before, script, ' ', script).0);
                }
                let around = (previous_kind, previous_char, chars.peek().copied());
                non_letter_score(c, other, around, symbols_after_letter, &mut total);
            }
        }
        if kind != Kind::Mark {
            symbols_after_letter = kind == Kind::Symbol
                && (symbols_after_letter || matches!(previous_kind, Kind::Letter(_)));
            previous_kind = kind;
        }
        before_previous = previous_char;
        previous_char = c;
    }
    if let Some((before, script)) = previous_letter {
        total.add(pair_cost(before, script, ' ', script).0);
    }
    total
}

pub(crate) fn to_lower(c: char) -> char {
    let mut lower = c.to_lowercase();
    match (lower.next(), lower.next()) {
        (Some(single), None) => single,
        _ => c,
    }
}

/// The cost of a letter pair, and whether it is a hard sign (letters of
/// two scripts side by side).
fn pair_cost(first: char, first_script: u8, second: char, second_script: u8) -> (u32, bool) {
    match PAIRS.get(&pair_key(first, second)) {
        Some(&band) => (u32::from(band), false),
        None if first_script != second_script && first != ' ' && second != ' ' => {
            (MIXED_SCRIPTS, true)
        }
        None => (UNSEEN_PAIR, false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The one-pass [`score_unless_clean`] is [`score`] unless
        /// [`looks_clean`].
        #[test]
        fn score_unless_clean_is_score_unless_looks_clean(text in "[a-z .é€ŸœĂ\u{ad}©Ё-ӿΑ-ωא-ת☃─日]{0,24}") {
            let expected = (!looks_clean(&text)).then(|| score(&text));
            proptest::prop_assert_eq!(score_unless_clean(&text), expected);
        }
    }

    #[test]
    fn words_of_many_languages_show_no_hard_sign() {
        for word in [
            "Привет",
            "καλημέρα",
            "café",
            "Łódź",
            "שלום",
            "日本語",
            "Þórður",
            "kΩ",
            "l·l",
            "don’t",
            "ºc",
            "25ºf,",
        ] {
            assert_eq!(word_score(word).hard, 0, "{word}");
        }
        for word in [
            "cafГ©",
            "naΓ―ve",
            "mĂ\u{ad}nimo",
            "â€œ",
            "f√∏ler",
            "secci├│n",
            "ºcoalã",
            "pºc",
        ] {
            assert!(word_score(word).hard > 0, "{word}");
        }
    }

    #[test]
    #[ignore = "prints the model's costs of EXTENDED_COSTS (a file of lines) for tuning"]
    fn print_costs() {
        let path = std::env::var("EXTENDED_COSTS").unwrap_or_default();
        for line in std::fs::read_to_string(path).unwrap_or_default().lines() {
            let words: Vec<String> = line
                .split(char::is_whitespace)
                .map(|word| format!("{word}={} hard {}", word_cost(word), word_score(word).hard))
                .collect();
            println!("{} | {}", cost(line), words.join(" "));
        }
    }

    #[test]
    fn mojibake_costs_more_than_its_repair() {
        for (broken, fixed) in [
            ("Ïðèâåò", "Привет"),
            ("cafГ©", "café"),
            ("GrĂźnen", "Grünen"),
            ("naΓ―ve", "naïve"),
        ] {
            assert!(
                word_cost(broken) >= word_cost(fixed) + 8,
                "{broken} {fixed}"
            );
        }
    }
}
