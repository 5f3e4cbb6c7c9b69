//! What the judge (`judge`) asks of a text as read and of its candidate
//! readings: their scripts, counts, the languages a code page was made
//! for, and the small tests of evidence and plausibility.

use std::sync::LazyLock;

use super::signs::{self, Kind};
use crate::language::{class_of, Class, Language, Languages, Scorer, Script};
use ftfy_core::badness::is_bad;

/// The scripts of a text's letters, one bit per [`Script`] and one for
/// letters of scripts the model doesn't know.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Scripts(u32);

impl Scripts {
    const UNMODELED: u32 = 1 << 31;
    /// Not a script: digits beyond ASCII (`٤`, `३`), which only
    /// [`Scripts::of_letters_and_digits`] counts.
    const DIGITS: u32 = 1 << 30;

    /// [`Scripts::of`] `text`, and whether it writes digits beyond ASCII:
    /// what the no-garbage rule knows of a text.
    pub(crate) fn of_letters_and_digits(text: &str) -> Scripts {
        let digits = text.chars().any(|c| !c.is_ascii() && c.is_numeric());
        Scripts(Scripts::of(text).0 | if digits { Self::DIGITS } else { 0 })
    }

    /// Whether these were counted with digits beyond ASCII.
    pub(crate) fn has_digits(self) -> bool {
        self.0 & Self::DIGITS != 0
    }

    fn bit(script: Option<Script>) -> u32 {
        script.map_or(Self::UNMODELED, |script| 1 << (script as u32))
    }

    /// The scripts of `text`'s letters.
    pub(crate) fn of(text: &str) -> Scripts {
        let mut bits = 0;
        for c in text.chars() {
            if let Kind::Letter { script, .. } = Kind::of(c) {
                bits |= Self::bit(script);
            }
        }
        Scripts(bits)
    }

    /// Whether every script of these is one of `other`'s.
    pub(crate) fn within(self, other: Scripts) -> bool {
        self.0 & !other.0 == 0
    }

    /// The scripts of either.
    pub(crate) fn union(self, other: Scripts) -> Scripts {
        Scripts(self.0 | other.0)
    }

    /// The scripts of the languages the legacy code page `decoder` was
    /// made for.
    pub(crate) fn of_code_page(decoder: &str) -> Scripts {
        let script = match decoder {
            "windows-1251" | "koi8-r" | "ibm866" | "iso-8859-5" => Script::Cyrillic,
            "windows-1253" | "iso-8859-7" => Script::Greek,
            "windows-1255" => Script::Hebrew,
            "windows-1256" => Script::Arabic,
            "cp874" => Script::Thai,
            "shift_jis" | "euc-jp" | "gbk" | "big5" => Script::HanKana,
            "euc-kr" => Script::Hangul,
            _ => Script::Latin,
        };
        Scripts(Self::bit(Some(script)))
    }

    /// Whether Cyrillic is one of these.
    pub(crate) fn has_cyrillic(self) -> bool {
        self.has(Some(Script::Cyrillic))
    }

    /// Whether `script` is one of these.
    fn has(self, script: Option<Script>) -> bool {
        self.0 & Self::bit(script) != 0
    }

    /// Whether `script` (`None`: a script the model doesn't know) is one
    /// of these.
    pub(crate) fn has_script(self, script: Option<Script>) -> bool {
        self.has(script)
    }
}

/// How many letters of `text` are of scripts not in `known`, and how
/// many letters it has.
pub(crate) fn letters_outside(text: &str, known: Scripts) -> (usize, usize) {
    text.chars()
        .filter_map(|c| match Kind::of(c) {
            Kind::Letter { script, .. } => Some(script),
            _ => None,
        })
        .fold((0, 0), |(new, all), script| {
            (new + usize::from(!known.has(script)), all + 1)
        })
}

/// Whether `c` is a symbol beyond ASCII (a sign, a currency, a number
/// that is not a digit): what a legacy mixup must not add.
pub(crate) fn is_symbol(c: char) -> bool {
    !c.is_ascii()
        && matches!(
            class_of(c).0,
            Class::Symbol | Class::Currency | Class::OtherNumber
        )
}

/// What the judge counts in the text as read, in one pass.
pub(crate) struct Counts {
    pub(crate) chars: usize,
    pub(crate) non_ascii: usize,
    /// Alphabetic characters.
    pub(crate) letters: usize,
    /// [`is_symbol`] characters.
    pub(crate) symbols: usize,
}

impl Counts {
    pub(crate) fn of(text: &str) -> Counts {
        let mut counts = Counts {
            chars: 0,
            non_ascii: 0,
            letters: 0,
            symbols: 0,
        };
        for c in text.chars() {
            counts.chars += 1;
            counts.letters += usize::from(c.is_alphabetic());
            if !c.is_ascii() {
                counts.non_ascii += 1;
                counts.symbols += usize::from(is_symbol(c));
            }
        }
        counts
    }
}

/// The languages of the legacy code pages that are made for some
/// languages of their script: a text in Windows-1250 is in a Central
/// European language, one in Shift_JIS in Japanese.
const CODE_PAGE_GROUPS: [&[&str]; 9] = [
    // Windows-1252, Latin-1, ISO-8859-15, CP850, CP437, MacRoman.
    &[
        "Afrikaans",
        "Albanian",
        "Basque",
        "Bokmal",
        "Catalan",
        "Danish",
        "Dutch",
        "English",
        "Estonian",
        "Finnish",
        "French",
        "Ganda",
        "German",
        "Icelandic",
        "Indonesian",
        "Irish",
        "Italian",
        "Latin",
        "Malay",
        "Nynorsk",
        "Portuguese",
        "Shona",
        "Somali",
        "Sotho",
        "Spanish",
        "Swahili",
        "Swedish",
        "Tagalog",
        "Tsonga",
        "Tswana",
        "Welsh",
        "Xhosa",
        "Zulu",
    ],
    // Windows-1250, ISO-8859-2.
    &[
        "Albanian",
        "Bosnian",
        "Croatian",
        "Czech",
        "German",
        "Hungarian",
        "Polish",
        "Romanian",
        "Slovak",
        "Slovene",
    ],
    // ISO-8859-16.
    &[
        "Albanian",
        "Croatian",
        "French",
        "German",
        "Hungarian",
        "Italian",
        "Polish",
        "Romanian",
        "Slovene",
    ],
    // Windows-1254.
    &["Azerbaijani", "Turkish"],
    // Windows-1257, ISO-8859-13, ISO-8859-4.
    &["Estonian", "Latvian", "Lithuanian"],
    // Windows-1258.
    &["Vietnamese"],
    // GBK, Big5.
    &["Chinese"],
    // Shift_JIS, EUC-JP.
    &["Japanese"],
    // EUC-KR.
    &["Korean"],
];

/// The entry of [`CODE_PAGE_GROUPS`] of the codec named `decoder`; `None`
/// for a code page of its script's every language.
fn code_page_group(decoder: &str) -> Option<usize> {
    Some(match decoder {
        "windows-1252" | "latin-1" | "iso-8859-15" | "cp850" | "cp437" | "macroman" => 0,
        "windows-1250" | "iso-8859-2" => 1,
        "iso-8859-16" => 2,
        "windows-1254" => 3,
        "windows-1257" | "iso-8859-13" | "iso-8859-4" => 4,
        "windows-1258" => 5,
        "gbk" | "big5" => 6,
        "shift_jis" | "euc-jp" => 7,
        "euc-kr" => 8,
        _ => return None,
    })
}

/// [`CODE_PAGE_GROUPS`] as sets of languages, looked up once.
static CODE_PAGE_LANGUAGES: LazyLock<Vec<Languages>> = LazyLock::new(|| {
    CODE_PAGE_GROUPS
        .iter()
        .map(|names| {
            names
                .iter()
                .filter_map(|name| Language::all().find(|language| language.name() == *name))
                .fold(Languages::NONE, Languages::with)
        })
        .collect()
});

/// The languages `decoder`'s code page was made for (none for a code page
/// of its script's every language).
fn code_page_languages(decoder: &str) -> Languages {
    code_page_group(decoder).map_or(Languages::NONE, |group| CODE_PAGE_LANGUAGES[group])
}

/// The bits of what `scorer` was given, as text in a language that
/// `decoder`'s code page was made for (the likeliest of them), or in any
/// language when the code page is its script's.
pub(crate) fn bits_in_code_page(scorer: &Scorer, decoder: &str) -> f64 {
    let languages = code_page_languages(decoder);
    if languages.is_empty() {
        return scorer.score().bits();
    }
    languages
        .iter()
        .map(|language| scorer.bits_in(language))
        .fold(f64::INFINITY, f64::min)
}

/// Whether `text` (ftfy's answer) shows a sign of having been decoded
/// wrongly itself: signs of mojibake, or a Latin letter that no language
/// writes (`Shqipƫri`).
pub(crate) fn looks_misread(text: &str) -> bool {
    signs::shows_sign(text)
        || accented_capitals_inside_sentences(text) > 0
        || text.chars().any(|c| {
            !c.is_ascii()
                && !signs::is_technical_mark(c)
                && matches!(
                    Kind::of(c),
                    Kind::Letter {
                        script: Some(Script::Latin),
                        ..
                    }
                )
                && crate::language::languages_writing(c).is_empty()
        })
}

/// What a straightened quote leaving a UTF-8 sequence adds to the text
/// as read, as a hard sign does.
pub(crate) const STRAIGHTENED_SEQUENCE_BITS: f64 = 16.0;

/// How many times `text` shows what a straightened quote leaves of a
/// UTF-8 sequence read as Windows-1252 or Latin-1: a capital that is a
/// lead byte there (C2–DE) between a lowercase letter and a `'` or `"`
/// (`stwierdziÅ'`, `hÅ'mérséklet` for `stwierdził`, `hőmérséklet`),
/// which no text writes.
pub(crate) fn straightened_sequences(text: &str) -> usize {
    let mut count = 0;
    let (mut before_last, mut last) = (' ', ' ');
    for c in text.chars() {
        if before_last.is_lowercase()
            && ('Â'..='Þ').contains(&last)
            && last.is_uppercase()
            && matches!(c, '\'' | '"')
        {
            count += 1;
        }
        (before_last, last) = (last, c);
    }
    count
}

/// Whether a candidate is text at all: no control characters, U+FFFD or
/// private-use characters that the text as read did not have, no Latin
/// letter that no alphabet writes (`ſ`, `ᴴ`) unless the text as read had
/// it, and nothing ftfy's own heuristic calls mojibake.
pub(crate) fn is_plausible(text: &str, candidate: &str) -> bool {
    let unwritten = |c: char| {
        matches!(
            Kind::of(c),
            Kind::Letter {
                script: Some(Script::Latin),
                ..
            }
        ) && !signs::some_alphabet_writes(c)
            && !signs::is_technical_mark(c)
    };
    if candidate.chars().any(|c| unwritten(c) && !text.contains(c)) {
        return false;
    }
    // (Each kind apart: U+FFFD, which the sloppy codecs read as byte 1A,
    // must not become the control character 1A.)
    let control = |c: char| c.is_control() && !c.is_whitespace();
    let damage = |c: char| matches!(c, '\u{fffd}' | '\u{e000}'..='\u{f8ff}' | '\u{f0000}'..);
    for suspicious in [&control as &dyn Fn(char) -> bool, &damage] {
        if candidate.chars().filter(|&c| suspicious(c)).count()
            > text.chars().filter(|&c| suspicious(c)).count()
        {
            return false;
        }
    }
    !is_bad(candidate)
}

/// Whether `candidate` opens a question or exclamation with a Spanish
/// `¿` or `¡` that `text` lacked, at the start of a word, closed by a `?`
/// or `!` later in the line: `┬┐que diferencia hay?`.
pub(crate) fn opens_inverted_question(text: &str, candidate: &str) -> bool {
    [('¿', '?'), ('¡', '!')]
        .into_iter()
        .any(|(opening, closing)| {
            let count = |text: &str| text.chars().filter(|&c| c == opening).count();
            count(candidate) > count(text)
                && candidate.match_indices(opening).any(|(at, _)| {
                    let starts_word = candidate[..at]
                        .chars()
                        .next_back()
                        .is_none_or(|before| before.is_whitespace() || before == '"');
                    let after = &candidate[at + opening.len_utf8()..];
                    starts_word
                        && after.chars().next().is_some_and(char::is_alphabetic)
                        && after.contains(closing)
                })
        })
}

/// How many capitals beyond ASCII follow a lowercase letter.
pub(crate) fn capitals_inside_words(text: &str) -> usize {
    let mut previous_lowercase = false;
    let mut count = 0;
    for c in text.chars() {
        count += usize::from(previous_lowercase && c.is_uppercase());
        previous_lowercase = c.is_lowercase();
    }
    count
}

/// Whether each word that `candidate` changes shows, as read, a capital
/// beyond ASCII after a lowercase letter (`prĂźfung`) or Latin letters
/// that no one language writes together (`ĂŠducation`), and reads,
/// re-decoded, as one language's letters with no such capital.
pub(crate) fn shows_latin_sign(text: &str, candidate: &str) -> bool {
    let before: Vec<&str> = text.split(char::is_whitespace).collect();
    let after: Vec<&str> = candidate.split(char::is_whitespace).collect();
    if before.len() != after.len() {
        return false;
    }
    let mut any = false;
    before
        .iter()
        .zip(&after)
        .filter(|(old, new)| old != new)
        .all(|(old, new)| {
            any = true;
            (capitals_inside_words(old) > 0 || signs::latin_letters_are_foreign(old))
                && !signs::latin_letters_are_foreign(new)
                && capitals_inside_words(new) == 0
                && new
                    .chars()
                    .filter(|c| !c.is_ascii())
                    .all(char::is_alphabetic)
        })
        && any
}

/// Whether `candidate` reads a word of `text` that is letters alone (and
/// ASCII punctuation) with no hard sign as letters of a script `text`
/// lacks: `䳺` for Ukrainian `діє`, whose Windows-1251 bytes are UTF-8.
pub(crate) fn rereads_letters_in_new_script(text: &str, candidate: &str) -> bool {
    let scripts = Scripts::of(text);
    text.split_whitespace()
        .zip(candidate.split_whitespace())
        .any(|(word, reread)| {
            word != reread
                && letters_outside(reread, scripts).0 > 0
                && word
                    .chars()
                    .all(|c| c.is_alphabetic() || c.is_ascii_punctuation())
                && signs::hard_signs(word) == 0
        })
}

/// Whether `candidate` has a symbol or punctuation mark that `text`
/// lacks and that the model never counted in real text: three letters
/// of Turkish `âşık` are the UTF-8 of the CJK radical `⺹` in ISO-8859-3,
/// `â ª` with a lost no-break space the Braille pattern `⠪`.
pub(crate) fn makes_unknown_symbol(text: &str, candidate: &str) -> bool {
    candidate.chars().any(|c| {
        !c.is_alphanumeric()
            && !c.is_whitespace()
            && !c.is_ascii()
            && !crate::language::knows_symbol(c)
            && !text.contains(c)
    })
}

/// Whether `candidate` changes `text` in one place only, into one letter
/// (and at most two characters), inside a stretch of at least `long`
/// letters of a script that the change doesn't write, with letters of
/// that script on both sides (a Thai word that happens to be UTF-8 in
/// CP874, read as `ź`).
pub(crate) fn changes_one_character_in_long_stretch(
    text: &str,
    candidate: &str,
    long: usize,
) -> bool {
    let prefix = text
        .chars()
        .zip(candidate.chars())
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .sum::<usize>();
    let suffix = text[prefix..]
        .chars()
        .rev()
        .zip(candidate[prefix..].chars().rev())
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .sum::<usize>();
    let new = &candidate[prefix..candidate.len() - suffix];
    if new.chars().count() > 2 || new.chars().filter(|c| c.is_alphabetic()).count() != 1 {
        return false;
    }
    let new_scripts = Scripts::of(new);
    let letters_of = |part: &str, script: Option<Script>| {
        part.chars()
            .filter(|&c| matches!(Kind::of(c), Kind::Letter { script: s, .. } if s == script))
            .count()
    };
    let (before, after) = (&text[..prefix], &text[text.len() - suffix..]);
    [
        Script::Latin,
        Script::Greek,
        Script::Cyrillic,
        Script::Arabic,
        Script::Hebrew,
        Script::Thai,
        Script::Devanagari,
        Script::HanKana,
        Script::Hangul,
    ]
    .into_iter()
    .filter(|&script| !new_scripts.has(Some(script)))
    .any(|script| {
        let (left, right) = (
            letters_of(before, Some(script)),
            letters_of(after, Some(script)),
        );
        left > 0 && right > 0 && left + right >= long
    })
}

/// Whether `candidate` has an ideograph, kana or Hangul syllable beside a
/// Latin letter where `text` has none of them.
pub(crate) fn glues_ideograph_to_latin(text: &str, candidate: &str) -> bool {
    let is_cjk = |c: char| {
        matches!(
            Kind::of(c),
            Kind::Letter {
                script: Some(Script::HanKana | Script::Hangul),
                ..
            }
        )
    };
    let is_latin = |c: char| {
        matches!(
            Kind::of(c),
            Kind::Letter {
                script: Some(Script::Latin),
                ..
            }
        )
    };
    !text.chars().any(is_cjk)
        && candidate
            .chars()
            .zip(candidate.chars().skip(1))
            .any(|(a, b)| (is_cjk(a) && is_latin(b)) || (is_latin(a) && is_cjk(b)))
}

/// How many capitals beyond ASCII stand elsewhere than at the start of a
/// sentence (after the line's start or `.`, `!`, `?`).
fn accented_capitals_inside_sentences(text: &str) -> usize {
    let mut count = 0;
    let mut sentence_start = true;
    for c in text.chars() {
        if c.is_alphanumeric() {
            count += usize::from(!sentence_start && !c.is_ascii() && c.is_uppercase());
            sentence_start = false;
        } else if matches!(c, '.' | '!' | '?') {
            sentence_start = true;
        }
    }
    count
}

/// Whether `candidate` (`bits`), another codec's reading of the sequences
/// that ftfy read as `ftfy` (`ftfy_bits`), beats ftfy's answer: fewer
/// capitals inside words (`sætter` for ftfy's `sÌtter`), or as many and
/// `margin` bits fewer, or no more bits and letters one language writes
/// where ftfy's are no one language's (`báðum`, not `båðum`), or the same
/// letters with fewer accented capitals inside sentences (`în`, not
/// `În`).
pub(crate) fn beats_ftfy(
    candidate: &str,
    bits: f64,
    ftfy: &str,
    ftfy_bits: f64,
    margin: f64,
) -> bool {
    match capitals_inside_words(candidate).cmp(&capitals_inside_words(ftfy)) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => {
            let reads_likelier = (!signs::latin_letters_are_foreign(candidate)
                && signs::latin_letters_are_foreign(ftfy))
                || (accented_capitals_inside_sentences(candidate)
                    < accented_capitals_inside_sentences(ftfy)
                    && candidate.to_lowercase() == ftfy.to_lowercase());
            bits + margin <= ftfy_bits || (bits <= ftfy_bits && reads_likelier)
        }
    }
}

/// The model's bits of the words (between white space) that differ
/// between `text` and `candidate`, in each, or of the whole texts when
/// their words don't line up.
pub(crate) fn changed_words_bits(text: &str, candidate: &str) -> (f64, f64) {
    let bits = |text: &str| crate::language::score(text).bits();
    let before: Vec<&str> = text.split(char::is_whitespace).collect();
    let after: Vec<&str> = candidate.split(char::is_whitespace).collect();
    if before.len() != after.len() {
        return (bits(text), bits(candidate));
    }
    before
        .iter()
        .zip(&after)
        .filter(|(old, new)| old != new)
        .fold((0.0, 0.0), |(old_total, new_total), (old, new)| {
            (old_total + bits(old), new_total + bits(new))
        })
}

/// Whether at least half the changed characters of a single-byte reading
/// `candidate` of `text` stand, as read, in a word (between white space)
/// that has a letter, or are white space: a line of box drawing
/// (`┌──┬──┐`, which CP437 has and Windows-1252 reads as `ÚÄÄÂÄÄ¿`) is no
/// text read in the wrong code page, if a short word read so may show no
/// letter (Bulgarian `за` in CP866 read as Windows-1252 is `§` and a
/// no-break space).
pub(crate) fn changes_words_of_letters(text: &str, candidate: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    // (Each word's letters found once: a line of one long word is read in
    // linear time.)
    let mut in_word_of_letters = vec![false; chars.len()];
    let mut start = 0;
    for end in 0..=chars.len() {
        if end == chars.len() || chars[end].is_whitespace() {
            let has_letter = chars[start..end].iter().any(|c| c.is_alphabetic());
            in_word_of_letters[start..end].fill(has_letter);
            start = end + 1;
        }
    }
    let (mut changed, mut in_words_of_letters) = (0, 0);
    for (index, (&before, after)) in chars.iter().zip(candidate.chars()).enumerate() {
        if before == after {
            continue;
        }
        changed += 1;
        in_words_of_letters += usize::from(before.is_whitespace() || in_word_of_letters[index]);
    }
    2 * in_words_of_letters >= changed
}

/// How many no-break spaces a UTF-8 re-decoding `candidate` of `text`
/// takes into sequences (`Ä` and a no-break space are `Ġ` in UTF-8):
/// merges that join words.
pub(crate) fn merged_no_break_spaces(text: &str, candidate: &str) -> usize {
    let count = |text: &str| text.chars().filter(|&c| c == '\u{a0}').count();
    count(text).saturating_sub(count(candidate))
}

/// How many letters a legacy reading may lose: a single-byte mixup maps
/// letters to letters, but for a few format characters (Windows-1256's
/// right-to-left mark is Windows-1252's `þ`).
pub(crate) fn letters_it_may_lose(letters: usize) -> usize {
    letters / 16
}

/// Whether a legacy reading keeps the letters of the text as read (see
/// [`letters_it_may_lose`]; a multi-byte one merges them).
pub(crate) fn keeps_letters(candidate: &str, counts: &Counts) -> bool {
    candidate.chars().count() != counts.chars
        || candidate.chars().filter(|c| c.is_alphabetic()).count()
            + letters_it_may_lose(counts.letters)
            >= counts.letters
}

/// Whether a legacy reading's letters of scripts the text as read lacks
/// (`known`) make at least half its letters (Russian read as Latin-1
/// read back, not `à` as Cyrillic `а` here and there), and a multi-byte
/// reading (not `single_byte`) makes letters of a new script (not
/// symbols into symbols: `ve¡a` as Big5's `ve｛`).
pub(crate) fn new_script_makes_most_letters(
    candidate: &str,
    known: Scripts,
    single_byte: bool,
) -> bool {
    let (new, all) = letters_outside(candidate, known);
    !(new > 0 && new * 2 < all) && (single_byte || new > 0)
}

/// [`new_script_makes_most_letters`] among the letters beyond ASCII: in a
/// document whose decided reading is in another script, a line's ASCII
/// words (keys, names, markup) stay as they are around the words it
/// re-decodes (`title.close = свирепых`).
pub(crate) fn new_script_makes_most_letters_beyond_ascii(
    candidate: &str,
    known: Scripts,
    single_byte: bool,
) -> bool {
    let (mut new, mut all) = (0, 0);
    for c in candidate.chars().filter(|c| !c.is_ascii()) {
        if let Kind::Letter { script, .. } = Kind::of(c) {
            new += usize::from(!known.has(script));
            all += 1;
        }
    }
    !(new > 0 && new * 2 < all) && (single_byte || new > 0)
}

/// Whether a single-byte re-decoding `candidate` of `text` makes letters
/// of most of the characters it changes (`ve¡a` as ISO-8859-7's `ve‘a`
/// explains nothing).
pub(crate) fn makes_letters(text: &str, candidate: &str) -> bool {
    let (mut changed, mut letters) = (0, 0);
    for (before, after) in text.chars().zip(candidate.chars()) {
        if before != after {
            changed += 1;
            letters += usize::from(after.is_alphabetic());
        }
    }
    2 * letters > changed
}

/// Whether the character at `index` of `chars` is an abbreviation sign
/// or a unit's, or stands beside a digit: technical text (`3ª`, `nº`,
/// `25 ºC`).
pub(crate) fn is_technical_at(chars: &[char], index: usize) -> bool {
    let beside_digit = |offset: isize| {
        index
            .checked_add_signed(offset)
            .and_then(|at| chars.get(at))
            .is_some_and(char::is_ascii_digit)
    };
    signs::is_technical_mark(chars[index]) || beside_digit(-1) || beside_digit(1)
}

/// Whether the character at `index` of `chars` is punctuation beyond
/// ASCII written before a word (`¡hola`, `«¿qué`): after no letter, and
/// with a letter after it and any punctuation beside it.
pub(crate) fn opens_word(chars: &[char], index: usize) -> bool {
    let is_punctuation = |c: char| !c.is_ascii() && class_of(c).0 == Class::Punctuation;
    if !is_punctuation(chars[index]) || index > 0 && chars[index - 1].is_alphabetic() {
        return false;
    }
    chars[index + 1..]
        .iter()
        .find(|&&c| !is_punctuation(c))
        .is_some_and(|c| c.is_alphabetic())
}

/// Whether the character at `index` of `chars` is in a token (between
/// white space) that holds a digit or a character of identifiers, format
/// strings and paths (`_ % { } $ \ / = @ < > | #`).
pub(crate) fn in_identifier(chars: &[char], index: usize) -> bool {
    let is_technical = |c: &char| {
        c.is_ascii_digit()
            || matches!(
                c,
                '_' | '%' | '{' | '}' | '$' | '\\' | '/' | '=' | '@' | '<' | '>' | '|' | '#'
            )
    };
    let start = chars[..index]
        .iter()
        .rposition(|c| c.is_whitespace())
        .map_or(0, |at| at + 1);
    let end = chars[index..]
        .iter()
        .position(|c| c.is_whitespace())
        .map_or(chars.len(), |at| index + at);
    chars[start..end].iter().any(is_technical)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// [`changes_words_of_letters`] as its comment says it, word by word.
    fn changes_words_of_letters_plainly(text: &str, candidate: &str) -> bool {
        let mut words: Vec<(bool, bool)> = Vec::new();
        for word in text.split(char::is_whitespace) {
            let has_letter = word.chars().any(char::is_alphabetic);
            words.extend(word.chars().map(|_| (false, has_letter)));
            words.push((true, false));
        }
        let (mut changed, mut counted) = (0, 0);
        for ((before, after), (space, has_letter)) in text.chars().zip(candidate.chars()).zip(words)
        {
            if before != after {
                changed += 1;
                counted += usize::from(space || has_letter);
            }
        }
        2 * counted >= changed
    }

    #[test]
    fn box_drawing_is_no_word_of_letters() {
        assert!(!changes_words_of_letters("┌──┬──┐", "ÚÄÄÂÄÄ¿"));
        assert!(changes_words_of_letters("§\u{a0}", "за"));
        assert!(changes_words_of_letters("Ïðèâåò, äðóã", "Привет, друг"));
    }

    proptest! {
        #[test]
        fn words_of_letters_are_found_as_word_by_word(
            text in "[a-cÀ─┐ \n0-9]{0,40}",
            changes in proptest::collection::vec(any::<bool>(), 40),
        ) {
            // A candidate that changes some characters of `text` to `ж`.
            let candidate: String = text
                .chars()
                .zip(&changes)
                .map(|(c, &change)| if change { 'ж' } else { c })
                .collect();
            prop_assert_eq!(
                changes_words_of_letters(&text, &candidate),
                changes_words_of_letters_plainly(&text, &candidate)
            );
        }
    }

    #[test]
    fn code_pages_have_their_languages() {
        let polish = Language::all().find(|l| l.name() == "Polish").unwrap();
        assert!(code_page_languages("iso-8859-2").contains(polish));
        assert!(code_page_languages("windows-1250").contains(polish));
        assert!(!code_page_languages("windows-1252").contains(polish));
        assert!(code_page_languages("koi8-r").is_empty());
    }

    #[test]
    fn one_change_in_a_long_stretch_of_another_script() {
        let thai = "ภาษาไทยเป็นภาษาที่สวยงามมาก ลบ ภาษาไทยเป็นภาษาที่สวยงามมาก";
        let changed = thai.replace("ลบ", "ź");
        assert!(changes_one_character_in_long_stretch(thai, &changed, 20));
        assert!(!changes_one_character_in_long_stretch(
            "GdaÅ„sk",
            "Gdańsk",
            20
        ));
    }
}
