//! Finding the runs of characters that look like UTF-8 mojibake, for
//! [`decode_inconsistent_utf8`](super::repairs::decode_inconsistent_utf8):
//! ftfy 6.3.1's `UTF8_DETECTOR_RE`, matched by hand.
//!
//! ftfy's pattern is
//!
//! ```text
//! (?<! strict-continuation ) ( first-of-2 continuation
//!                            | first-of-3 continuation{2}
//!                            | first-of-4 continuation{3} )+
//! ```
//!
//! Each alternative has a fixed length and stopping is always a match, so
//! Python's backtracking engine takes, at each step, the first alternative
//! that fits and goes on until none does: a greedy walk, which
//! [`run_at`] is. A property test checks the walk, look-behind included,
//! against the pattern compiled by the `regex` crate.

use std::ops::Range;

// Characters that single-byte codecs decode UTF-8's bytes to, from ftfy
// 6.3.1's `UTF8_CLUES`. Each continuation class also holds U+0080–U+00BF.

/// Characters standing for a lead byte C2–DF.
pub(super) const UTF8_FIRST_OF_2: &str = concat!(
    "ĂÂÄĀÅÃÆĆČÇĎĐÉĚÊËĖÈĒĘÐĞĢÍÎÏİÌĪĶĹĻŁŃŇŅÑÓÔÖŐÒŌØÕŘŚŠŞŢÞÚÛÜŰÙŪŲŮÝ",
    "ŹŽŻß×ΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΪΫάέήίВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫ",
    "ЬЭЮЯ",
);
/// Characters standing for a lead byte E0–EF.
pub(super) const UTF8_FIRST_OF_3: &str = concat!(
    "áăâäàāąåãæćčçďéěêëėèēęęģíîïìīįķĺļŕźΰαβγδεζηθικλμνξοабвгдежзи",
    "йклмноп",
);
/// Characters standing for a lead byte F0 or F3.
pub(super) const UTF8_FIRST_OF_4: &str = "đðğóšπσру";
/// Characters standing for a continuation byte 80–BF, and the space that
/// may have replaced A0.
pub(super) const UTF8_CONTINUATION: &str = concat!(
    "\u{20}ĄÆĽŁØŖŚŠŞŤŸŹŽŻŒąæƒľłøŗśšşťźžżœˆˇ˘˛˜˝΄΅ΆΈΉΊΌΎΏЁЂЃЄЅІЇЈЉ",
    "ЊЋЌЎЏёђѓєѕіїјљњћќўџҐґ–—―‘’‚“”„†‡•…‰‹›€№™",
);
/// Continuation characters that rarely stand for themselves next to
/// mojibake: no spaces, dashes, quotes, bullets or ellipses. A run may not
/// start right after one (the pattern's look-behind), so that a few
/// characters inside a large garble are not "fixed" into something worse.
pub(super) const UTF8_CONTINUATION_STRICT: &str = concat!(
    "ĄÆĽŁØŖŚŠŞŤŸŹŽŻŒąæƒľłøŗśšşťźžżœˆˇ˘˛˜˝΄΅ΆΈΉΊΌΎΏЁЂЃЄЅІЇЈЉЊЋЌЎЏё",
    "ђѓєѕіїјљњћќўџҐґ†‡‰‹›€№™",
);

// The classes of a character, as bits.
const FIRST_OF_2: u8 = 1 << 0;
const FIRST_OF_3: u8 = 1 << 1;
const FIRST_OF_4: u8 = 1 << 2;
const CONTINUATION: u8 = 1 << 3;
const STRICT_CONTINUATION: u8 = 1 << 4;

/// The two ranges of code points that hold every character of the
/// classes: U+0000–U+04FF (Latin to Cyrillic) and U+2000–U+213F
/// (punctuation, `€`, `№`, `™`). Building the tables fails to compile if
/// a class holds a character outside them.
const LOW_END: u32 = 0x500;
const PUNCTUATION_START: u32 = 0x2000;
const PUNCTUATION_END: u32 = 0x2140;

/// The classes of U+0000–U+04FF, then of U+2000–U+213F, made at compile
/// time from the strings above.
static LOW_CLASSES: [u8; LOW_END as usize] = class_table::<{ LOW_END as usize }>(0);
static PUNCTUATION_CLASSES: [u8; (PUNCTUATION_END - PUNCTUATION_START) as usize] =
    class_table::<{ (PUNCTUATION_END - PUNCTUATION_START) as usize }>(PUNCTUATION_START);

/// The table of the classes of the `N` code points from `start`.
const fn class_table<const N: usize>(start: u32) -> [u8; N] {
    let mut table = [0u8; N];
    let mut code = 0x80;
    while code < 0xC0 {
        if code >= start && code < start + N as u32 {
            table[(code - start) as usize] |= CONTINUATION | STRICT_CONTINUATION;
        }
        code += 1;
    }
    let classes: [(&str, u8); 5] = [
        (UTF8_FIRST_OF_2, FIRST_OF_2),
        (UTF8_FIRST_OF_3, FIRST_OF_3),
        (UTF8_FIRST_OF_4, FIRST_OF_4),
        (UTF8_CONTINUATION, CONTINUATION),
        (UTF8_CONTINUATION_STRICT, STRICT_CONTINUATION),
    ];
    let mut class = 0;
    while class < classes.len() {
        let (chars, bit) = classes[class];
        let bytes = chars.as_bytes();
        let mut index = 0;
        while index < bytes.len() {
            let (code, length) = decode_utf8(bytes, index);
            assert!(
                code < LOW_END || (code >= PUNCTUATION_START && code < PUNCTUATION_END),
                "a class holds a character outside the tables"
            );
            if code >= start && code < start + N as u32 {
                table[(code - start) as usize] |= bit;
            }
            index += length;
        }
        class += 1;
    }
    table
}

/// The code point at `index` of `bytes` (valid UTF-8, at a lead byte) and
/// its length in bytes, for the tables made at compile time.
const fn decode_utf8(bytes: &[u8], index: usize) -> (u32, usize) {
    let lead = bytes[index] as u32;
    let length = if lead < 0x80 {
        1
    } else if lead < 0xE0 {
        2
    } else if lead < 0xF0 {
        3
    } else {
        4
    };
    // The lead byte's bits, then six bits from each continuation byte.
    let mut code = if length == 1 {
        lead
    } else {
        lead & (0x7F >> length)
    };
    let mut offset = 1;
    while offset < length {
        code = code << 6 | (bytes[index + offset] & 0x3F) as u32;
        offset += 1;
    }
    (code, length)
}

/// The classes of the code point `code`.
#[inline(always)]
fn classes_of_code(code: u32) -> u8 {
    if code < LOW_END {
        LOW_CLASSES[code as usize]
    } else if (PUNCTUATION_START..PUNCTUATION_END).contains(&code) {
        PUNCTUATION_CLASSES[(code - PUNCTUATION_START) as usize]
    } else {
        0
    }
}

/// The classes of the character at byte `at` of `bytes` (valid UTF-8, at
/// a character boundary) and its length, or `None` at the end. Decodes
/// by hand: the runs are searched often and character by character.
#[inline(always)]
fn classes_at(bytes: &[u8], at: usize) -> Option<(u8, usize)> {
    let lead = *bytes.get(at)?;
    let continuation = |offset: usize| u32::from(bytes[at + offset] & 0x3F);
    Some(match lead {
        0x00..=0x7F => (LOW_CLASSES[usize::from(lead)], 1),
        0xC0..=0xDF => (
            classes_of_code(u32::from(lead & 0x1F) << 6 | continuation(1)),
            2,
        ),
        0xE0..=0xEF => (
            classes_of_code(u32::from(lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2)),
            3,
        ),
        // No class holds a character beyond the Basic Multilingual Plane.
        _ => (0, 4),
    })
}

/// The end of one step of the pattern at byte `at` of `bytes` (a lead
/// character and its continuation characters), or `None`.
#[inline(always)]
fn step_at(bytes: &[u8], at: usize) -> Option<usize> {
    let (lead, length) = classes_at(bytes, at)?;
    let continuations = if lead & FIRST_OF_2 != 0 {
        1
    } else if lead & FIRST_OF_3 != 0 {
        2
    } else if lead & FIRST_OF_4 != 0 {
        3
    } else {
        return None;
    };
    let mut end = at + length;
    for _ in 0..continuations {
        let (classes, length) = classes_at(bytes, end)?;
        if classes & CONTINUATION == 0 {
            return None;
        }
        end += length;
    }
    Some(end)
}

/// The end of the run of the pattern (without its look-behind) starting
/// at byte `at` of `text`: steps taken greedily until none fits; `None`
/// if not even one does.
pub(super) fn run_at(text: &str, at: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut end = step_at(bytes, at)?;
    while let Some(next) = step_at(bytes, end) {
        end = next;
    }
    Some(end)
}

/// Whether a run may start with the character whose lead byte is `byte`:
/// every character that starts a step is in U+00C0–U+04FF, whose lead
/// bytes are C3–D3.
fn may_start_run(byte: u8) -> bool {
    (0xC3..=0xD3).contains(&byte)
}

/// The byte range of the next run of mojibake at or after `from` (a
/// character boundary), where ftfy's pattern, look-behind included, finds
/// it: the first start, from `from` on, that does not follow a strict
/// continuation character and where [`run_at`] finds a run.
///
/// Only a run that is found is walked to its end, and a failed start costs
/// at most four characters, so a search is linear in the text it passes.
/// Bytes that start no run are skipped a byte at a time; through
/// characters that might (dense in text made of mojibake) the search steps
/// a character at a time, carrying whether the last one was a strict
/// continuation rather than looking back from each.
pub(super) fn next_run(text: &str, from: usize) -> Option<(usize, usize)> {
    next_run_starting_before(text, from, text.len())
}

/// [`next_run`], for a run that starts before byte `limit` (a character
/// boundary): the search gives up at `limit`, though the run it finds may
/// end past it.
pub(super) fn next_run_starting_before(
    text: &str,
    from: usize,
    limit: usize,
) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut at = from;
    // Whether the character before `at` is a strict continuation
    // character, once the search has stepped over it.
    let mut after_strict: Option<bool> = None;
    loop {
        let skipped = bytes
            .get(at..limit)?
            .iter()
            .position(|&byte| may_start_run(byte))?;
        if skipped > 0 {
            at += skipped;
            after_strict = None;
        }
        // OK because `at` is at a lead byte.
        let (classes, length) = classes_at(bytes, at).expect("a character");
        let may_start = classes & (FIRST_OF_2 | FIRST_OF_3 | FIRST_OF_4) != 0
            && !after_strict.unwrap_or_else(|| preceded_by_strict_continuation(bytes, at));
        if may_start {
            if let Some(end) = run_at(text, at) {
                return Some((at, end));
            }
        }
        after_strict = Some(classes & STRICT_CONTINUATION != 0);
        at += length;
    }
}

/// Whether a character of these classes can be in no run: neither a lead
/// nor a continuation character (nor, so, a strict one). A run never holds
/// one, and the look-behind never forbids a start after one, so the runs
/// between two such characters depend on nothing outside them.
fn is_barrier(classes: u8) -> bool {
    classes & (FIRST_OF_2 | FIRST_OF_3 | FIRST_OF_4 | CONTINUATION | STRICT_CONTINUATION) == 0
}

/// Whether no run can hold `c` (see [`is_barrier`]).
pub(super) fn is_barrier_char(c: char) -> bool {
    is_barrier(classes_of_code(c as u32))
}

/// The part of `text` whose runs a change to `changed` (a range of
/// character boundaries) may change: from just after the last barrier
/// character (see [`is_barrier`]) before it, to the first barrier
/// character at or after its end. The runs found searching only this part
/// (up to its end) are the runs of the whole text within it, and those
/// outside it are what they were before the change. The part starts no
/// earlier than `floor` (a character boundary at or before `changed`),
/// where the caller searches already, so that each byte is looked at once.
pub(super) fn runs_around(text: &str, changed: &Range<usize>, floor: usize) -> Range<usize> {
    let bytes = text.as_bytes();
    let mut start = changed.start;
    while start > floor {
        let mut before = start - 1;
        while bytes[before] & 0xC0 == 0x80 {
            before -= 1;
        }
        if classes_at(bytes, before).is_some_and(|(classes, _)| is_barrier(classes)) {
            break;
        }
        start = before;
    }
    let mut end = changed.end;
    while let Some((classes, length)) = classes_at(bytes, end) {
        if is_barrier(classes) {
            break;
        }
        end += length;
    }
    start..end
}

/// Whether the character before byte `at` of `bytes` (valid UTF-8, at a
/// character boundary) is a strict continuation character: ftfy's
/// look-behind, which forbids a run to start there.
fn preceded_by_strict_continuation(bytes: &[u8], at: usize) -> bool {
    let Some(mut start) = at.checked_sub(1) else {
        return false;
    };
    while start > 0 && bytes[start] & 0xC0 == 0x80 {
        start -= 1;
    }
    classes_at(bytes, start).is_some_and(|(classes, _)| classes & STRICT_CONTINUATION != 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use regex::Regex;
    use std::sync::LazyLock;

    fn classes(c: char) -> u8 {
        classes_of_code(c as u32)
    }

    /// ftfy's pattern, without its look-behind (the `regex` crate has
    /// none), anchored at the start of the text it is given.
    static RUN_HERE: LazyLock<Regex> = LazyLock::new(|| {
        let class = |chars: &str, with_continuation_range: bool| {
            let mut class = String::from("[");
            if with_continuation_range {
                class.push_str(r"\x{80}-\x{bf}");
            }
            class.extend(chars.chars().map(|c| format!(r"\x{{{:x}}}", c as u32)));
            class.push(']');
            class
        };
        let continuation = class(UTF8_CONTINUATION, true);
        let pattern = format!(
            "^(?:{}{continuation}|{}{continuation}{{2}}|{}{continuation}{{3}})+",
            class(UTF8_FIRST_OF_2, false),
            class(UTF8_FIRST_OF_3, false),
            class(UTF8_FIRST_OF_4, false),
        );
        Regex::new(&pattern).expect("valid pattern")
    });

    /// ftfy's pattern as Python's engine applies it: at each position in
    /// turn, the look-behind (on the strict class, tested by scanning the
    /// string ftfy names it with), then the run anchored there.
    fn plain_next_run(text: &str, from: usize) -> Option<(usize, usize)> {
        let strict =
            |c: char| ('\u{80}'..='\u{bf}').contains(&c) || UTF8_CONTINUATION_STRICT.contains(c);
        text[from..]
            .char_indices()
            .map(|(i, _)| from + i)
            .find_map(|at| {
                if text[..at].chars().next_back().is_some_and(strict) {
                    return None;
                }
                let found = RUN_HERE.find(&text[at..])?;
                Some((at, at + found.end()))
            })
    }

    /// The tables hold exactly the classes' characters, and decoding by
    /// hand finds each character's.
    #[test]
    fn tables_hold_the_classes() {
        let with_range =
            |chars: &str| -> Vec<char> { ('\u{80}'..='\u{bf}').chain(chars.chars()).collect() };
        let classes_of: [(Vec<char>, u8); 5] = [
            (UTF8_FIRST_OF_2.chars().collect(), FIRST_OF_2),
            (UTF8_FIRST_OF_3.chars().collect(), FIRST_OF_3),
            (UTF8_FIRST_OF_4.chars().collect(), FIRST_OF_4),
            (with_range(UTF8_CONTINUATION), CONTINUATION),
            (with_range(UTF8_CONTINUATION_STRICT), STRICT_CONTINUATION),
        ];
        for c in (0..0x11_0000).filter_map(char::from_u32) {
            for (members, bit) in &classes_of {
                assert_eq!(classes(c) & bit != 0, members.contains(&c), "{c:?}");
            }
            let utf8 = c.to_string();
            assert_eq!(
                classes_at(utf8.as_bytes(), 0),
                Some((classes(c), c.len_utf8()))
            );
            if classes(c) & (FIRST_OF_2 | FIRST_OF_3 | FIRST_OF_4) != 0 {
                assert!(may_start_run(c.to_string().as_bytes()[0]), "{c:?}");
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        /// The greedy walk finds what the pattern finds, from every
        /// start.
        #[test]
        fn next_run_finds_what_the_pattern_finds(
            picks in proptest::collection::vec(0..40usize, 0..40)
        ) {
            let pool: Vec<char> = "ŠÂÃ©\u{7f} a€™œ\u{80}\u{a0}ðŸ˜€Ð¿Ñ–‘’“”ßá×σрŁæšΰ\u{bf}Ґ…ѓ中😀"
                .chars()
                .collect();
            let text: String = picks.into_iter().map(|i| pool[i % pool.len()]).collect();
            let mut from = 0;
            loop {
                let (fast, plain) = (next_run(&text, from), plain_next_run(&text, from));
                prop_assert_eq!(fast, plain, "{:?} from {}", text, from);
                match fast {
                    Some((_, end)) => from = end,
                    None => break,
                }
            }
        }
    }
}
