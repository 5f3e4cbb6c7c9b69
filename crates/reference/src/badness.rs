//! ftfy's heuristic that detects likely mojibake (`ftfy/badness.py`).
//!
//! ftfy sorts the few hundred characters that occur in UTF-8 mojibake into
//! categories (`MOJIBAKE_CATEGORIES`), and writes one regular expression,
//! `BADNESS_RE`, whose alternatives are sequences of them that are much
//! likelier in mojibake than in intended text, such as a lower-case
//! accented letter followed by a currency sign. The badness of a text is
//! how many times the expression matches it.
//!
//! The categories and the expression are ftfy's, copied as written (with
//! its comments); the only changes are of spelling: `\s` and `\w` become
//! Python's classes ([`crate::python`]), and a space inside a class is
//! written `\x20`, because the `regex` crate's verbose mode ignores
//! spaces there too.

use std::sync::LazyLock;

use regex::Regex;

use crate::python;

// There are only a few hundred characters that occur in known UTF-8
// mojibake, and we can characterize them: ftfy's MOJIBAKE_CATEGORIES.

/// Characters that appear in many different contexts. Sequences that contain
/// them are not inherently mojibake
const COMMON: &str = concat!(
    r"\N{NO-BREAK SPACE}",
    r"\N{SOFT HYPHEN}",
    r"\N{MIDDLE DOT}",
    r"\N{ACUTE ACCENT}",
    r"\N{EN DASH}",
    r"\N{EM DASH}",
    r"\N{HORIZONTAL BAR}",
    r"\N{HORIZONTAL ELLIPSIS}",
    r"\N{RIGHT SINGLE QUOTATION MARK}",
);

/// the C1 control character range, which have no uses outside of mojibake anymore
const C1: &str = r"\x80-\x9f";

/// Characters that are nearly 100% used in mojibake
const BAD: &str = concat!(
    r"\N{BROKEN BAR}",
    r"\N{CURRENCY SIGN}",
    r"\N{DIAERESIS}",
    r"\N{NOT SIGN}",
    r"\N{MACRON}",
    r"\N{CEDILLA}",
    r"\N{LATIN SMALL LETTER F WITH HOOK}",
    r"\N{MODIFIER LETTER CIRCUMFLEX ACCENT}", // it's not a modifier
    r"\N{CARON}",
    r"\N{BREVE}",
    r"\N{OGONEK}",
    r"\N{SMALL TILDE}",
    r"\N{DAGGER}",
    r"\N{DOUBLE DAGGER}",
    r"\N{PER MILLE SIGN}",
    r"\N{REVERSED NOT SIGN}",
    r"\N{LOZENGE}",
    r"\ufffd",
    // Theoretically these would appear in 'numeric' contexts, but when they
    // co-occur with other mojibake characters, it's not really ambiguous
    r"\N{FEMININE ORDINAL INDICATOR}",
    r"\N{MASCULINE ORDINAL INDICATOR}",
);

/// Characters used in legalese
const LAW: &str = concat!(r"\N{PILCROW SIGN}", r"\N{SECTION SIGN}",);

const CURRENCY: &str = concat!(
    r"\N{CENT SIGN}",
    r"\N{POUND SIGN}",
    r"\N{YEN SIGN}",
    r"\N{PESETA SIGN}",
    r"\N{EURO SIGN}",
);

const START_PUNCTUATION: &str = concat!(
    r"\N{INVERTED EXCLAMATION MARK}",
    r"\N{LEFT-POINTING DOUBLE ANGLE QUOTATION MARK}",
    r"\N{INVERTED QUESTION MARK}",
    r"\N{COPYRIGHT SIGN}",
    r"\N{GREEK TONOS}",
    r"\N{GREEK DIALYTIKA TONOS}",
    r"\N{LEFT SINGLE QUOTATION MARK}",
    r"\N{SINGLE LOW-9 QUOTATION MARK}",
    r"\N{LEFT DOUBLE QUOTATION MARK}",
    r"\N{DOUBLE LOW-9 QUOTATION MARK}",
    r"\N{BULLET}",
    r"\N{SINGLE LEFT-POINTING ANGLE QUOTATION MARK}",
    r"\uf8ff", // OS-specific symbol, usually the Apple logo
);

const END_PUNCTUATION: &str = concat!(
    r"\N{REGISTERED SIGN}",
    r"\N{RIGHT-POINTING DOUBLE ANGLE QUOTATION MARK}",
    r"\N{DOUBLE ACUTE ACCENT}",
    r"\N{RIGHT DOUBLE QUOTATION MARK}",
    r"\N{SINGLE RIGHT-POINTING ANGLE QUOTATION MARK}",
    r"\N{TRADE MARK SIGN}",
);

const NUMERIC: &str = concat!(
    r"\N{SUPERSCRIPT TWO}",
    r"\N{SUPERSCRIPT THREE}",
    r"\N{SUPERSCRIPT ONE}",
    r"\N{PLUS-MINUS SIGN}",
    r"\N{VULGAR FRACTION ONE QUARTER}",
    r"\N{VULGAR FRACTION ONE HALF}",
    r"\N{VULGAR FRACTION THREE QUARTERS}",
    r"\N{MULTIPLICATION SIGN}",
    r"\N{MICRO SIGN}",
    r"\N{DIVISION SIGN}",
    r"\N{FRACTION SLASH}",
    r"\N{PARTIAL DIFFERENTIAL}",
    r"\N{INCREMENT}",
    r"\N{N-ARY PRODUCT}",
    r"\N{N-ARY SUMMATION}",
    r"\N{SQUARE ROOT}",
    r"\N{INFINITY}",
    r"\N{INTERSECTION}",
    r"\N{INTEGRAL}",
    r"\N{ALMOST EQUAL TO}",
    r"\N{NOT EQUAL TO}",
    r"\N{IDENTICAL TO}",
    r"\N{LESS-THAN OR EQUAL TO}",
    r"\N{GREATER-THAN OR EQUAL TO}",
    r"\N{NUMERO SIGN}",
);

/// Letters that might be used to make emoticon faces (kaomoji), and
/// therefore might need to appear in more improbable-looking contexts.
///
/// These are concatenated character ranges for use in a regex. I know
/// they look like faces themselves. I think expressing the ranges like
/// this helps to illustrate why we need to be careful with these
/// characters.
const KAOMOJI: &str = concat!(
    r"Ò-Ö",
    r"Ù-Ü",
    r"ò-ö",
    r"ø-ü",
    r"\N{LATIN CAPITAL LETTER O WITH DOUBLE ACUTE}",
    r"\N{LATIN CAPITAL LETTER O WITH MACRON}",
    r"\N{LATIN CAPITAL LETTER U WITH MACRON}",
    r"\N{LATIN CAPITAL LETTER U WITH OGONEK}",
    r"\N{DEGREE SIGN}",
);

const UPPER_ACCENTED: &str = concat!(
    // LATIN CAPITAL LETTER A WITH GRAVE - LATIN CAPITAL LETTER N WITH TILDE
    r"\xc0-\xd1",
    // skip capital O's and U's that could be used in kaomoji, but
    // include Ø because it's very common in Arabic mojibake:
    r"\N{LATIN CAPITAL LETTER O WITH STROKE}",
    r"\N{LATIN CAPITAL LETTER U WITH DIAERESIS}",
    r"\N{LATIN CAPITAL LETTER Y WITH ACUTE}",
    r"\N{LATIN CAPITAL LETTER A WITH BREVE}",
    r"\N{LATIN CAPITAL LETTER A WITH MACRON}",
    r"\N{LATIN CAPITAL LETTER A WITH OGONEK}",
    r"\N{LATIN CAPITAL LETTER C WITH ACUTE}",
    r"\N{LATIN CAPITAL LETTER C WITH CARON}",
    r"\N{LATIN CAPITAL LETTER D WITH CARON}",
    r"\N{LATIN CAPITAL LETTER D WITH STROKE}",
    r"\N{LATIN CAPITAL LETTER E WITH OGONEK}",
    r"\N{LATIN CAPITAL LETTER E WITH CARON}",
    r"\N{LATIN CAPITAL LETTER E WITH MACRON}",
    r"\N{LATIN CAPITAL LETTER E WITH DOT ABOVE}",
    r"\N{LATIN CAPITAL LETTER G WITH BREVE}",
    r"\N{LATIN CAPITAL LETTER G WITH CEDILLA}",
    r"\N{LATIN CAPITAL LETTER I WITH DOT ABOVE}",
    r"\N{LATIN CAPITAL LETTER I WITH MACRON}",
    r"\N{LATIN CAPITAL LETTER K WITH CEDILLA}",
    r"\N{LATIN CAPITAL LETTER L WITH ACUTE}",
    r"\N{LATIN CAPITAL LETTER L WITH CARON}",
    r"\N{LATIN CAPITAL LETTER L WITH STROKE}",
    r"\N{LATIN CAPITAL LETTER L WITH CEDILLA}",
    r"\N{LATIN CAPITAL LETTER N WITH ACUTE}",
    r"\N{LATIN CAPITAL LETTER N WITH CARON}",
    r"\N{LATIN CAPITAL LETTER N WITH CEDILLA}",
    r"\N{LATIN CAPITAL LIGATURE OE}",
    r"\N{LATIN CAPITAL LETTER R WITH CARON}",
    r"\N{LATIN CAPITAL LETTER S WITH ACUTE}",
    r"\N{LATIN CAPITAL LETTER S WITH CEDILLA}",
    r"\N{LATIN CAPITAL LETTER S WITH CARON}",
    r"\N{LATIN CAPITAL LETTER T WITH CEDILLA}",
    r"\N{LATIN CAPITAL LETTER T WITH CARON}",
    r"\N{LATIN CAPITAL LETTER U WITH RING ABOVE}",
    r"\N{LATIN CAPITAL LETTER U WITH DOUBLE ACUTE}",
    r"\N{LATIN CAPITAL LETTER Y WITH DIAERESIS}",
    r"\N{LATIN CAPITAL LETTER Z WITH ACUTE}",
    r"\N{LATIN CAPITAL LETTER Z WITH DOT ABOVE}",
    r"\N{LATIN CAPITAL LETTER Z WITH CARON}",
    r"\N{CYRILLIC CAPITAL LETTER GHE WITH UPTURN}",
);

const LOWER_ACCENTED: &str = concat!(
    r"\N{LATIN SMALL LETTER SHARP S}",
    // LATIN SMALL LETTER A WITH GRAVE - LATIN SMALL LETTER N WITH TILDE
    r"\xe0-\xf1",
    // skip o's and u's that could be used in kaomoji
    r"\N{LATIN SMALL LETTER A WITH BREVE}",
    r"\N{LATIN SMALL LETTER A WITH OGONEK}",
    r"\N{LATIN SMALL LETTER A WITH MACRON}",
    r"\N{LATIN SMALL LETTER C WITH ACUTE}",
    r"\N{LATIN SMALL LETTER C WITH CARON}",
    r"\N{LATIN SMALL LETTER D WITH CARON}",
    r"\N{LATIN SMALL LETTER D WITH STROKE}",
    r"\N{LATIN SMALL LETTER E WITH OGONEK}",
    r"\N{LATIN SMALL LETTER E WITH CARON}",
    r"\N{LATIN SMALL LETTER E WITH MACRON}",
    r"\N{LATIN SMALL LETTER E WITH DOT ABOVE}",
    r"\N{LATIN SMALL LETTER G WITH BREVE}",
    r"\N{LATIN SMALL LETTER G WITH CEDILLA}",
    r"\N{LATIN SMALL LETTER I WITH OGONEK}",
    r"\N{LATIN SMALL LETTER I WITH MACRON}",
    r"\N{LATIN SMALL LETTER K WITH CEDILLA}",
    r"\N{LATIN SMALL LETTER L WITH ACUTE}",
    r"\N{LATIN SMALL LETTER L WITH CARON}",
    r"\N{LATIN SMALL LETTER L WITH STROKE}",
    r"\N{LATIN SMALL LETTER L WITH CEDILLA}",
    r"\N{LATIN SMALL LIGATURE OE}",
    r"\N{LATIN SMALL LETTER R WITH ACUTE}",
    r"\N{LATIN SMALL LETTER S WITH ACUTE}",
    r"\N{LATIN SMALL LETTER S WITH CEDILLA}",
    r"\N{LATIN SMALL LETTER S WITH CARON}",
    r"\N{LATIN SMALL LETTER T WITH CARON}",
    r"\N{LATIN SMALL LETTER U WITH DIAERESIS}",
    r"\N{LATIN SMALL LETTER Z WITH ACUTE}",
    r"\N{LATIN SMALL LETTER Z WITH DOT ABOVE}",
    r"\N{LATIN SMALL LETTER Z WITH CARON}",
    r"\N{CYRILLIC SMALL LETTER GHE WITH UPTURN}",
    r"\N{LATIN SMALL LIGATURE FI}",
    r"\N{LATIN SMALL LIGATURE FL}",
);

const UPPER_COMMON: &str = concat!(
    r"\N{LATIN CAPITAL LETTER THORN}",
    r"\N{GREEK CAPITAL LETTER ALPHA}-\N{GREEK CAPITAL LETTER OMEGA}",
    // not included under 'accented' because these can commonly
    // occur at ends of words, in positions where they'd be detected
    // as mojibake
    r"\N{GREEK CAPITAL LETTER ALPHA WITH TONOS}",
    r"\N{GREEK CAPITAL LETTER EPSILON WITH TONOS}",
    r"\N{GREEK CAPITAL LETTER ETA WITH TONOS}",
    r"\N{GREEK CAPITAL LETTER IOTA WITH TONOS}",
    r"\N{GREEK CAPITAL LETTER OMICRON WITH TONOS}",
    r"\N{GREEK CAPITAL LETTER UPSILON WITH TONOS}",
    r"\N{GREEK CAPITAL LETTER OMEGA WITH TONOS}",
    r"\N{GREEK CAPITAL LETTER IOTA WITH DIALYTIKA}",
    r"\N{GREEK CAPITAL LETTER UPSILON WITH DIALYTIKA}",
    r"\N{CYRILLIC CAPITAL LETTER IO}-\N{CYRILLIC CAPITAL LETTER YA}",
);

const LOWER_COMMON: &str = concat!(
    // lowercase thorn does not appear in mojibake
    r"\N{GREEK SMALL LETTER ALPHA}-\N{GREEK SMALL LETTER OMEGA}",
    r"\N{GREEK SMALL LETTER ALPHA WITH TONOS}",
    r"\N{GREEK SMALL LETTER EPSILON WITH TONOS}",
    r"\N{GREEK SMALL LETTER ETA WITH TONOS}",
    r"\N{GREEK SMALL LETTER IOTA WITH TONOS}",
    r"\N{GREEK SMALL LETTER UPSILON WITH DIALYTIKA AND TONOS}",
    r"\N{CYRILLIC SMALL LETTER A}-\N{CYRILLIC SMALL LETTER DZHE}",
);

const BOX: &str = concat!(
    // omit the single horizontal line, might be used in kaomoji
    r"│┌┐┘├┤┬┼",
    r"\N{BOX DRAWINGS DOUBLE HORIZONTAL}-\N{BOX DRAWINGS DOUBLE VERTICAL AND HORIZONTAL}",
    r"▀▄█▌▐░▒▓",
);

/// ftfy's `BADNESS_RE`: unlikely juxtapositions of characters, mostly
/// by their categories. (Another expression, which detects sequences that
/// look more specifically like UTF-8 mojibake, is in `chardata`.) It is a
/// verbose expression: whitespace outside classes is for reading.
const BADNESS_PATTERN: &str = r"(?x)
    [{c1}]
    |
    [{bad}{lower_accented}{upper_accented}{box}{start_punctuation}{end_punctuation}{currency}{numeric}{law}] [{bad}]
    |
    [a-zA-Z] [{lower_common}{upper_common}] [{bad}]
    |
    [{bad}] [{lower_accented}{upper_accented}{box}{start_punctuation}{end_punctuation}{currency}{numeric}{law}]
    |
    [{lower_accented}{lower_common}{box}{end_punctuation}{currency}{numeric}] [{upper_accented}]
    |
    [{box}{end_punctuation}{currency}{numeric}] [{lower_accented}]
    |
    [{lower_accented}{box}{end_punctuation}] [{currency}]
    |
    {python_s} [{upper_accented}] [{currency}]
    |
    [{upper_accented}{box}] [{numeric}{law}]
    |
    [{lower_accented}{upper_accented}{box}{currency}{end_punctuation}] [{start_punctuation}] [{numeric}]
    |
    [{lower_accented}{upper_accented}{currency}{numeric}{box}{law}] [{end_punctuation}] [{start_punctuation}]
    |
    [{currency}{numeric}{box}] [{start_punctuation}]
    |
    [a-z] [{upper_accented}] [{start_punctuation}{currency}]
    |
    [{box}] [{kaomoji}]
    |
    [{lower_accented}{upper_accented}{currency}{numeric}{start_punctuation}{end_punctuation}{law}] [{box}]
    |
    [{box}] [{end_punctuation}]
    |
    [{lower_accented}{upper_accented}] [{start_punctuation}{end_punctuation}] {python_w}
    |

    # The ligature œ when not followed by an unaccented Latin letter
    [Œœ][^A-Za-z]
    |

    # Degree signs after capital letters
    [{upper_accented}]°
    |

    # Common Windows-1252 2-character mojibake that isn't covered by the cases above
    [ÂÃÎÐ][€œŠš¢£Ÿž\xa0\xad®©°·»{start_punctuation}{end_punctuation}–—´]
    |
    × [²³]
    |
    # Windows-1252 mojibake of Arabic words needs to include the 'common' characters.
    # To compensate, we require four characters to be matched.
      [ØÙ] [{common}{currency}{bad}{numeric}{start_punctuation}ŸŠ®°µ»]
      [ØÙ] [{common}{currency}{bad}{numeric}{start_punctuation}ŸŠ®°µ»]
    |

    # Windows-1252 mojibake that starts 3-character sequences for some South Asian
    # alphabets
    à[²µ¹¼½¾]
    |

    # MacRoman mojibake that isn't covered by the cases above
    √[±∂†≠®™´≤≥¥µø]
    |
    ≈[°¢]
    |
    ‚Ä[ìîïòôúùû†°¢π]
    |
    ‚[âó][àä°ê]
    |

    # Windows-1251 mojibake of characters in the U+2000 range
    вЂ
    |

    # Windows-1251 mojibake of Latin-1 characters and/or the Cyrillic alphabet.
    # Because the 2-character sequences involved here may be common, we require
    # seeing a 3-character sequence.
    [ВГРС][{c1}{bad}{start_punctuation}{end_punctuation}{currency}°µ][ВГРС]
    |
    # A distinctive five-character sequence of Cyrillic letters, which can be
    # Windows-1251 mojibake on top of Latin-1 mojibake of Windows-1252 characters.
    # Require a Latin letter nearby.
    ГўВЂВ.[A-Za-z\x20]
    |

    # Windows-1252 encodings of 'à' and 'á', as well as \xa0 itself
    Ã[\xa0¡]
    |
    [a-z]{python_s}?[ÃÂ][\x20]
    |
    ^[ÃÂ][\x20]
    |

    # Cases where Â precedes a character as an encoding of exactly the same
    # character, and the character is common enough
    [a-z.,?!{end_punctuation}] Â [\x20{start_punctuation}{end_punctuation}]
    |

    # Windows-1253 mojibake of characters in the U+2000 range
    β€[™\xa0Ά\xad®°]
    |

    # Windows-1253 mojibake of Latin-1 characters and/or the Greek alphabet
    [ΒΓΞΟ][{c1}{bad}{start_punctuation}{end_punctuation}{currency}°][ΒΓΞΟ]
    |

    # Windows-1257 mojibake of characters in the U+2000 range
    ā€
    ";

/// `BADNESS_PATTERN` with ftfy's categories filled in, compiled once, as
/// ftfy compiles it when the module loads.
static BADNESS_RE: LazyLock<Regex> = LazyLock::new(|| {
    let categories = [
        ("{common}", COMMON),
        ("{c1}", C1),
        ("{bad}", BAD),
        ("{law}", LAW),
        ("{currency}", CURRENCY),
        ("{start_punctuation}", START_PUNCTUATION),
        ("{end_punctuation}", END_PUNCTUATION),
        ("{numeric}", NUMERIC),
        ("{kaomoji}", KAOMOJI),
        ("{upper_accented}", UPPER_ACCENTED),
        ("{lower_accented}", LOWER_ACCENTED),
        ("{upper_common}", UPPER_COMMON),
        ("{lower_common}", LOWER_COMMON),
        ("{box}", BOX),
        ("{python_s}", python::WHITESPACE),
        ("{python_w}", python::WORD),
    ];
    let pattern = categories
        .iter()
        .fold(BADNESS_PATTERN.to_string(), |pattern, (name, class)| {
            pattern.replace(name, class)
        });
    python::compile(&pattern)
});

/// ftfy's `badness`: the number of unlikely character sequences in the
/// text (non-overlapping matches of `BADNESS_RE`). A badness greater than
/// 0 indicates that some of it seems to be mojibake.
///
/// ```
/// assert_eq!(ftfy_reference::badness("schÃ¶n"), 1);
/// assert_eq!(ftfy_reference::badness("schön"), 0);
/// ```
pub fn badness(text: &str) -> usize {
    BADNESS_RE.find_iter(text).count()
}

/// ftfy's `is_bad`: whether the text looks like it contains mojibake.
///
/// ```
/// assert!(ftfy_reference::is_bad("â€œquotedâ€\u{9d}"));
/// assert!(!ftfy_reference::is_bad("“quoted”"));
/// ```
pub fn is_bad(text: &str) -> bool {
    BADNESS_RE.is_match(text)
}
