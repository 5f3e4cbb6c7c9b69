//! The input of the generated table (`compiled_table.rs`): ftfy 6.3.1's
//! badness rules, written as classes of characters per position, and the
//! compiler that turns them into [`Compiled`]. Only the tests that check
//! and write the table compile them.

use std::cmp::Reverse;

use super::categories::{self, Category};
use super::{
    python_classes_of, second_rules, starting_rules, Bits, ClassSet, Compiled, CompiledPosition,
    CompiledRule, RuleSet, ANCHOR_REACH, SPACE, TABLE_END, WORD,
};

const ASCII_LOWER: ClassSet = 1 << 16;
const ASCII_UPPER: ClassSet = 1 << 17;

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

/// The bits the classes take before the literal characters' bits.
const CLASS_BITS: u32 = 20;

/// The rules with their literal characters turned into bits, and every
/// character below [`TABLE_END`] classified: what [`COMPILED`] holds,
/// worked out from [`RULES`] and the categories.
pub(super) fn compile() -> Compiled {
    fn leak<T>(values: Vec<T>) -> &'static [T] {
        Box::leak(values.into_boxed_slice())
    }

    let mut literals: Vec<char> = Vec::new();
    let classes = RULES
        .iter()
        .flat_map(|rule| rule.positions)
        .map(|position| match position {
            One(class) | Optional(class) => class,
        });
    for class in classes.clone() {
        for c in class.chars.chars() {
            if !literals.contains(&c) {
                literals.push(c);
            }
        }
    }
    assert!(
        literals.len() <= (Bits::BITS - CLASS_BITS) as usize,
        "too many literals"
    );
    let literal_bit = |c: char| {
        literals
            .iter()
            .position(|&literal| literal == c)
            .map_or(0, |index| 1 << (CLASS_BITS as usize + index))
    };
    let compile = |class: &CharClass, optional: bool| CompiledPosition {
        mask: Bits::from(class.classes)
            | class.chars.chars().map(literal_bit).fold(0, |a, b| a | b),
        negated: class.negated,
        optional,
    };
    let rules: Vec<CompiledRule> = RULES
        .iter()
        .map(|rule| CompiledRule {
            anchored: rule.anchored,
            positions: leak(
                rule.positions
                    .iter()
                    .map(|position| match position {
                        One(class) => compile(class, false),
                        Optional(class) => compile(class, true),
                    })
                    .collect(),
            ),
        })
        .collect();
    assert!(
        literals.iter().all(|&c| (c as usize) < TABLE_END),
        "a literal beyond the table"
    );
    assert!(
        rules.len() <= RuleSet::BITS as usize,
        "too many rules for a RuleSet"
    );
    assert!(
        rules.iter().all(|rule| !rule.positions[0].optional),
        "the first-position filter assumes a required first position"
    );
    let classify = |c: char| {
        let mut classes = categories::of(c) | python_classes_of(c);
        if c.is_ascii_lowercase() {
            classes |= ASCII_LOWER;
        } else if c.is_ascii_uppercase() {
            classes |= ASCII_UPPER;
        }
        Bits::from(classes) | literal_bit(c)
    };
    let table: &'static [Bits] = leak(
        (0..TABLE_END)
            .map(|index| classify(char::from_u32(index as u32).unwrap_or('\0')))
            .collect(),
    );
    let beyond_table = categories::BEYOND_TABLE.map(|c| (c, classify(c)));
    // Before `second_rules` below hides the function of that name.
    let python_only: [Bits; 4] = [0, SPACE, WORD, SPACE | WORD].map(Bits::from);
    let beyond_rules: Vec<(Bits, RuleSet, RuleSet)> = beyond_table
        .iter()
        .map(|&(_, bits)| bits)
        .chain(python_only)
        .map(|bits| {
            (
                bits,
                starting_rules(&rules, bits),
                second_rules(&rules, bits),
            )
        })
        .collect();
    let first_rules = table
        .iter()
        .map(|&bits| starting_rules(&rules, bits))
        .collect();
    let second_rules = table
        .iter()
        .map(|&bits| second_rules(&rules, bits))
        .collect();
    let single_rules = rules
        .iter()
        .enumerate()
        .filter(|(_, rule)| rule.positions[1..].iter().all(|p| p.optional))
        .fold(0, |set, (index, _)| set | 1 << index);

    let anchors = rules
        .iter()
        .map(|rule| anchor_of(rule, table, &beyond_table))
        .fold(0, |anchors, mask| anchors | mask);
    let mut anchors_bmp = vec![0u64; 0x10000 / 64];
    let all_chars = (0..TABLE_END as u32)
        .filter_map(char::from_u32)
        .zip(table.iter().copied())
        .chain(beyond_table);
    for (c, bits) in all_chars {
        if bits & anchors != 0 {
            let code = c as usize;
            assert!(
                code < 0x10000,
                "an anchor beyond the Basic Multilingual Plane"
            );
            anchors_bmp[code / 64] |= 1 << (code % 64);
        }
    }
    let mut anchor_blocks_leads = [false; 256];
    for (lead, flag) in anchor_blocks_leads.iter_mut().enumerate() {
        // The words of `anchors_bmp` of the characters this byte starts.
        let words = match lead {
            0xC0..=0xDF => lead & 0x1F..(lead & 0x1F) + 1,
            // E0 starts U+0800 to U+0FFF only (shorter forms are invalid).
            0xE0..=0xEF => ((lead & 0x0F) << 6).max(32)..((lead & 0x0F) + 1) << 6,
            _ => 0..0,
        };
        *flag = words.clone().any(|word| anchors_bmp[word] != 0);
    }
    Compiled {
        rules: leak(rules),
        table,
        beyond_table,
        first_rules: leak(first_rules),
        second_rules: leak(second_rules),
        single_rules,
        beyond_rules: leak(beyond_rules),
        anchors_bmp: leak(anchors_bmp),
        anchor_blocks_leads,
    }
}

/// The mask of `rule`'s anchor: of its first [`ANCHOR_REACH`] positions
/// that are required, not negated and accept no ASCII character, the one
/// whose characters are rarest in real text. Letters of the Latin, Greek
/// and Cyrillic alphabets count as common, everything else as rare; fewer
/// characters break the tie, then the later position (`вЂ` is anchored
/// by the rare `Ђ`, not the common `в`).
fn anchor_of(rule: &CompiledRule, table: &[Bits], beyond_table: &[(char, Bits)]) -> Bits {
    let cost = |position: &CompiledPosition| {
        let accepted = (0..TABLE_END as u32)
            .filter_map(char::from_u32)
            .zip(table.iter().copied())
            .chain(beyond_table.iter().copied())
            .filter(|&(_, bits)| position.accepts(bits));
        let mut cost = 0;
        for (c, _) in accepted {
            if c.is_ascii() {
                return None;
            }
            cost += if c.is_alphabetic() && ('\u{c0}'..='\u{52f}').contains(&c) {
                100
            } else {
                1
            };
        }
        Some(cost)
    };
    rule.positions
        .iter()
        .take(ANCHOR_REACH)
        .enumerate()
        .filter(|(_, position)| !position.optional && !position.negated)
        .filter_map(|(index, position)| Some((cost(position)?, Reverse(index), position.mask)))
        .min_by_key(|&(cost, index, _)| (cost, index))
        .map(|(_, _, mask)| mask)
        .expect("every rule has a position that can anchor it")
}
