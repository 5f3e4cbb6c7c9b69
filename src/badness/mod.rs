//! The heuristic that says "this looks like mojibake".
//!
//! About four hundred characters turn up in UTF-8 mojibake. ftfy 6.3.1 sorts
//! them into named categories ([`categories`]) and lists short sequences of
//! those categories that are far likelier to be mojibake than intended
//! text, such as a lowercase accented letter followed by a currency sign
//! (`Ã©` is fine French mojibake; `é€` is not French). The text is *bad*
//! when any listed sequence occurs; its *badness* is how many occur.
//!
//! ftfy writes the sequences as one large regular expression. Here each
//! alternative of that expression is a [`Rule`]: a list of character
//! classes, one per position, tried in ftfy's order. That keeps the rules as
//! readable as the regex, gives Python's exact meaning of `\s` and `\w`, and
//! needs no regex engine: a text is classified character by character, and
//! pure ASCII text (which no rule can match) costs one scan.
//!
//! Data pipelines use [`is_bad`] to *find* mojibake without fixing it:
//!
//! ```
//! use ftfy::badness::{badness, is_bad};
//!
//! assert!(is_bad("The Mona Lisa doesnÃ¢â‚¬â„¢t have eyebrows."));
//! assert!(!is_bad("Le café est fermé le dimanche."));
//! assert_eq!(badness("Ã©tÃ© â€” hiver"), 3);
//! ```

mod categories;

use std::sync::LazyLock;

use categories::Category;

use crate::python_classes;

/// A bit set of the classes a character belongs to: the mojibake
/// categories plus the few ASCII and Python classes the rules name.
type ClassSet = u32;

const ASCII_LOWER: ClassSet = 1 << 16;
const ASCII_UPPER: ClassSet = 1 << 17;
/// Python's `\s`.
const SPACE: ClassSet = 1 << 18;
/// Python's `\w`.
const WORD: ClassSet = 1 << 19;

const fn cat(category: Category) -> ClassSet {
    1 << category as u32
}

const COMMON: ClassSet = cat(Category::Common);
const C1: ClassSet = cat(Category::C1);
const BAD: ClassSet = cat(Category::Bad);
const LAW: ClassSet = cat(Category::Law);
const CURRENCY: ClassSet = cat(Category::Currency);
const START_PUNCT: ClassSet = cat(Category::StartPunctuation);
const END_PUNCT: ClassSet = cat(Category::EndPunctuation);
const NUMERIC: ClassSet = cat(Category::Numeric);
const KAOMOJI: ClassSet = cat(Category::Kaomoji);
const UPPER_ACCENTED: ClassSet = cat(Category::UpperAccented);
const LOWER_ACCENTED: ClassSet = cat(Category::LowerAccented);
const UPPER_COMMON: ClassSet = cat(Category::UpperCommon);
const LOWER_COMMON: ClassSet = cat(Category::LowerCommon);
const BOX: ClassSet = cat(Category::Box);
const ASCII_LETTER: ClassSet = ASCII_LOWER | ASCII_UPPER;

/// The characters one position of a rule accepts: members of `classes`,
/// or any of `chars`; or, when `negated`, everything else.
#[derive(Clone, Copy)]
struct CharClass {
    classes: ClassSet,
    chars: &'static str,
    negated: bool,
}

impl CharClass {
    fn accepts(&self, c: char, classes_of_c: ClassSet) -> bool {
        let member = classes_of_c & self.classes != 0 || self.chars.contains(c);
        member != self.negated
    }
}

const fn of(classes: ClassSet) -> CharClass {
    CharClass {
        classes,
        chars: "",
        negated: false,
    }
}

const fn chars(chars: &'static str) -> CharClass {
    CharClass {
        classes: 0,
        chars,
        negated: false,
    }
}

const fn of_or(classes: ClassSet, chars: &'static str) -> CharClass {
    CharClass {
        classes,
        chars,
        negated: false,
    }
}

const fn none_of(classes: ClassSet, chars: &'static str) -> CharClass {
    CharClass {
        classes,
        chars,
        negated: true,
    }
}

/// One position of a rule: exactly one character of a class, or an
/// optional one (the regex's `?`, tried greedily as Python does).
#[derive(Clone, Copy)]
enum Position {
    One(CharClass),
    Optional(CharClass),
}

/// One alternative of ftfy's badness expression.
struct Rule {
    /// Only matches at the very start of the text (the regex's `^`).
    anchored: bool,
    positions: &'static [Position],
}

use Position::{One, Optional};

const fn rule(positions: &'static [Position]) -> Rule {
    Rule {
        anchored: false,
        positions,
    }
}

const ACCENTED: ClassSet = LOWER_ACCENTED | UPPER_ACCENTED;
/// The categories that mojibake's lead characters fall into, used by
/// several rules below.
const MOJIBAKE_LEAD: ClassSet = ACCENTED | BOX | START_PUNCT | END_PUNCT | CURRENCY | NUMERIC | LAW;
/// What follows `Ø`/`Ù` in Windows-1252 mojibake of Arabic.
const ARABIC_TAIL: CharClass = of_or(COMMON | CURRENCY | BAD | NUMERIC | START_PUNCT, "ŸŠ®°µ»");

/// The rules, in the order of ftfy 6.3.1's `BADNESS_RE`, which decides which
/// one counts when several could match at the same place.
static RULES: &[Rule] = &[
    rule(&[One(of(C1))]),
    rule(&[One(of(BAD | MOJIBAKE_LEAD)), One(of(BAD))]),
    rule(&[
        One(of(ASCII_LETTER)),
        One(of(LOWER_COMMON | UPPER_COMMON)),
        One(of(BAD)),
    ]),
    rule(&[One(of(BAD)), One(of(MOJIBAKE_LEAD))]),
    rule(&[
        One(of(LOWER_ACCENTED
            | LOWER_COMMON
            | BOX
            | END_PUNCT
            | CURRENCY
            | NUMERIC)),
        One(of(UPPER_ACCENTED)),
    ]),
    rule(&[
        One(of(BOX | END_PUNCT | CURRENCY | NUMERIC)),
        One(of(LOWER_ACCENTED)),
    ]),
    rule(&[One(of(LOWER_ACCENTED | BOX | END_PUNCT)), One(of(CURRENCY))]),
    rule(&[One(of(SPACE)), One(of(UPPER_ACCENTED)), One(of(CURRENCY))]),
    rule(&[One(of(UPPER_ACCENTED | BOX)), One(of(NUMERIC | LAW))]),
    rule(&[
        One(of(ACCENTED | BOX | CURRENCY | END_PUNCT)),
        One(of(START_PUNCT)),
        One(of(NUMERIC)),
    ]),
    rule(&[
        One(of(ACCENTED | CURRENCY | NUMERIC | BOX | LAW)),
        One(of(END_PUNCT)),
        One(of(START_PUNCT)),
    ]),
    rule(&[One(of(CURRENCY | NUMERIC | BOX)), One(of(START_PUNCT))]),
    rule(&[
        One(of(ASCII_LOWER)),
        One(of(UPPER_ACCENTED)),
        One(of(START_PUNCT | CURRENCY)),
    ]),
    rule(&[One(of(BOX)), One(of(KAOMOJI))]),
    rule(&[
        One(of(ACCENTED
            | CURRENCY
            | NUMERIC
            | START_PUNCT
            | END_PUNCT
            | LAW)),
        One(of(BOX)),
    ]),
    rule(&[One(of(BOX)), One(of(END_PUNCT))]),
    rule(&[
        One(of(ACCENTED)),
        One(of(START_PUNCT | END_PUNCT)),
        One(of(WORD)),
    ]),
    // The ligature œ when not followed by an unaccented Latin letter.
    rule(&[One(chars("Œœ")), One(none_of(ASCII_LETTER, ""))]),
    // A degree sign after a capital letter.
    rule(&[One(of(UPPER_ACCENTED)), One(chars("°"))]),
    // Common Windows-1252 two-character mojibake the rules above miss.
    rule(&[
        One(chars("ÂÃÎÐ")),
        One(of_or(
            START_PUNCT | END_PUNCT,
            "€œŠš¢£Ÿž\u{a0}\u{ad}®©°·»–—´",
        )),
    ]),
    rule(&[One(chars("×")), One(chars("²³"))]),
    // Windows-1252 mojibake of Arabic includes 'common' characters, so it
    // takes four characters to be sure.
    rule(&[
        One(chars("ØÙ")),
        One(ARABIC_TAIL),
        One(chars("ØÙ")),
        One(ARABIC_TAIL),
    ]),
    // Windows-1252 mojibake that starts three-character sequences of some
    // South Asian scripts.
    rule(&[One(chars("à")), One(chars("²µ¹¼½¾"))]),
    // MacRoman mojibake the rules above miss.
    rule(&[One(chars("√")), One(chars("±∂†≠®™´≤≥¥µø"))]),
    rule(&[One(chars("≈")), One(chars("°¢"))]),
    rule(&[One(chars("‚")), One(chars("Ä")), One(chars("ìîïòôúùû†°¢π"))]),
    rule(&[One(chars("‚")), One(chars("âó")), One(chars("àä°ê"))]),
    // Windows-1251 mojibake of characters in the U+2000 block.
    rule(&[One(chars("в")), One(chars("Ђ"))]),
    // Windows-1251 mojibake of Latin-1 characters or Cyrillic: the pairs are
    // common, so it takes three characters.
    rule(&[
        One(chars("ВГРС")),
        One(of_or(C1 | BAD | START_PUNCT | END_PUNCT | CURRENCY, "°µ")),
        One(chars("ВГРС")),
    ]),
    // Windows-1251 mojibake on top of Latin-1 mojibake of Windows-1252
    // punctuation, next to a Latin letter or space.
    rule(&[
        One(chars("Г")),
        One(chars("ў")),
        One(chars("В")),
        One(chars("Ђ")),
        One(chars("В")),
        One(none_of(0, "\n")),
        One(of_or(ASCII_LETTER, " ")),
    ]),
    // Windows-1252 mojibake of 'à' and 'á', and of U+A0 itself.
    rule(&[One(chars("Ã")), One(chars("\u{a0}¡"))]),
    rule(&[
        One(of(ASCII_LOWER)),
        Optional(of(SPACE)),
        One(chars("ÃÂ")),
        One(chars(" ")),
    ]),
    Rule {
        anchored: true,
        positions: &[One(chars("ÃÂ")), One(chars(" "))],
    },
    // Â standing for itself before a common character it encodes.
    rule(&[
        One(of_or(ASCII_LOWER | END_PUNCT, ".,?!")),
        One(chars("Â")),
        One(of_or(START_PUNCT | END_PUNCT, " ")),
    ]),
    // Windows-1253 mojibake of characters in the U+2000 block.
    rule(&[
        One(chars("β")),
        One(chars("€")),
        One(chars("™\u{a0}Ά\u{ad}®°")),
    ]),
    // Windows-1253 mojibake of Latin-1 characters or Greek.
    rule(&[
        One(chars("ΒΓΞΟ")),
        One(of_or(C1 | BAD | START_PUNCT | END_PUNCT | CURRENCY, "°")),
        One(chars("ΒΓΞΟ")),
    ]),
    // Windows-1257 mojibake of characters in the U+2000 block.
    rule(&[One(chars("ā")), One(chars("€"))]),
];

/// Characters below this have their classes in a lookup table; the
/// mojibake categories hold only three characters above it.
const TABLE_END: usize = 0x2600;

static CLASS_TABLE: LazyLock<Box<[ClassSet]>> = LazyLock::new(|| {
    let mut table = vec![0; TABLE_END].into_boxed_slice();
    for (index, classes) in table.iter_mut().enumerate() {
        let c = char::from_u32(index as u32).unwrap_or('\0');
        *classes = categories::of(c) | python_classes_of(c);
        if c.is_ascii_lowercase() {
            *classes |= ASCII_LOWER;
        } else if c.is_ascii_uppercase() {
            *classes |= ASCII_UPPER;
        }
    }
    table
});

fn python_classes_of(c: char) -> ClassSet {
    let mut classes = 0;
    if python_classes::contains(python_classes::WHITESPACE, c) {
        classes |= SPACE;
    }
    if python_classes::contains(python_classes::WORD, c) {
        classes |= WORD;
    }
    classes
}

fn classes_of(c: char) -> ClassSet {
    match CLASS_TABLE.get(c as usize) {
        Some(&classes) => classes,
        None if categories::BEYOND_TABLE.contains(c) => categories::of(c) | python_classes_of(c),
        None => python_classes_of(c),
    }
}

/// Tries `positions` against the characters of `rest`, backtracking over
/// optional positions as Python's regex engine does; returns the byte
/// length matched.
fn match_positions(positions: &[Position], rest: &str) -> Option<usize> {
    let Some((position, later)) = positions.split_first() else {
        return Some(0);
    };
    let next = rest.chars().next();
    let accepted = |class: &CharClass| next.filter(|&c| class.accepts(c, classes_of(c)));
    match position {
        One(class) => {
            let c = accepted(class)?;
            match_positions(later, &rest[c.len_utf8()..]).map(|n| n + c.len_utf8())
        }
        Optional(class) => accepted(class)
            .and_then(|c| match_positions(later, &rest[c.len_utf8()..]).map(|n| n + c.len_utf8()))
            .or_else(|| match_positions(later, rest)),
    }
}

/// The byte length of the first rule (in ftfy's order) that matches at
/// byte offset `start` of `text`.
fn match_at(text: &str, start: usize) -> Option<usize> {
    let rest = &text[start..];
    let first = rest.chars().next()?;
    let first_classes = classes_of(first);
    RULES
        .iter()
        .filter(|rule| !rule.anchored || start == 0)
        .filter(|rule| match rule.positions.first() {
            Some(One(class)) => class.accepts(first, first_classes),
            _ => true,
        })
        .find_map(|rule| match_positions(rule.positions, rest))
}

/// Byte offsets where a rule might start. Every rule holds at least one
/// non-ASCII character within its first three positions, so a start is
/// worth trying only near one; ASCII-only stretches are skipped.
fn candidate_starts(text: &str) -> impl Iterator<Item = usize> + '_ {
    let bytes = text.as_bytes();
    text.char_indices()
        .map(|(i, _)| i)
        .filter(move |&i| bytes[i] >= 0x80 || bytes[i + 1..].iter().take(2).any(|&b| b >= 0x80))
}

/// Counts the unlikely character sequences in `text`, as ftfy 6.3.1's
/// `badness` does: matches are counted left to right without overlapping.
/// A badness above 0 means some of the text looks like mojibake.
///
/// ```
/// assert_eq!(ftfy::badness::badness("Ã©tÃ© â€” hiver"), 3);
/// assert_eq!(ftfy::badness::badness("été — hiver"), 0);
/// ```
pub fn badness(text: &str) -> usize {
    if text.is_ascii() {
        return 0;
    }
    let mut count = 0;
    let mut resume_at = 0;
    for start in candidate_starts(text) {
        if start < resume_at {
            continue;
        }
        if let Some(length) = match_at(text, start) {
            count += 1;
            resume_at = start + length;
        }
    }
    count
}

/// Whether `text` looks like it contains mojibake: true exactly when
/// [`badness`] is above 0, but stops at the first sign.
///
/// Longer texts have more chances to contain an unlikely sequence by
/// accident, so test short spans (such as lines) when filtering.
///
/// ```
/// use ftfy::badness::is_bad;
/// assert!(is_bad("Ã¼ber"));
/// assert!(!is_bad("über"));
/// assert!(!is_bad("(╯°□°)╯︵ ┻━┻"));
/// ```
pub fn is_bad(text: &str) -> bool {
    !text.is_ascii() && candidate_starts(text).any(|start| match_at(text, start).is_some())
}
