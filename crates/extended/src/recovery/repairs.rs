//! Byte repairs for re-encoded mojibake that ftfy does not make: a space,
//! `'` or `"` standing where UTF-8 needs a continuation byte is turned back
//! into the byte it most likely replaced.
//!
//! A no-break space (byte A0 in Windows-1252) often becomes a plain space,
//! and curly quotes (bytes 91–94, 82, 84) are often straightened after the
//! damage: `2010–2020` → `2010â€“2020` → `2010â€"2020`. Where a `'` or `"`
//! could stand for several bytes, the language model picks the one that
//! makes the likelier word.

use std::borrow::Cow;

use super::signs::LatinLetters;
use crate::language::{Language, Scorer};

/// The model's bits of one word: in `language` (the rest of the line's),
/// or in its own likeliest language for what a switch of language costs,
/// as the word would cost in the line.
fn word_bits(word: &str, language: Option<Language>) -> f64 {
    let mut scorer = Scorer::new();
    scorer.push_str(word);
    match language {
        Some(language) => scorer.bits_in(language),
        None => scorer.score().bits(),
    }
}

/// The letters of modeled scripts the rest of a line needs before its
/// language is taken as the context of a word's choice.
const CONTEXT_LETTERS: u64 = 8;

/// The likeliest language of the rest of a line (`before` and `after` a
/// word), if it has letters enough to tell.
fn line_language(before: &str, after: &str) -> Option<Language> {
    let mut scorer = Scorer::new();
    scorer.push_str(before);
    scorer.push_char(' ');
    scorer.push_str(after);
    let score = scorer.score();
    (score.letters() >= CONTEXT_LETTERS)
        .then(|| score.language())
        .flatten()
}

/// The bytes a straightened quote may stand for, in order of preference
/// when the model cannot tell them apart.
fn quote_bytes(byte: u8) -> &'static [u8] {
    match byte {
        b'\'' => &[0x92, 0x91, 0x82],
        b'"' => &[0x94, 0x93, 0x84],
        b' ' => &[0xA0],
        _ => &[],
    }
}

/// How many continuation bytes a UTF-8 lead byte needs.
fn continuation_count(lead: u8) -> usize {
    match lead {
        0xC2..=0xDF => 1,
        0xE0..=0xEF => 2,
        0xF0..=0xF4 => 3,
        _ => 0,
    }
}

/// Positions where a space, `'` or `"` stands where a UTF-8 sequence
/// needs a continuation byte (and the sequence's other bytes are there).
fn lost_continuations(bytes: &[u8]) -> Vec<usize> {
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let needed = continuation_count(bytes[i]);
        if needed == 0 {
            i += 1;
            continue;
        }
        let Some(sequence) = bytes.get(i + 1..i + 1 + needed) else {
            break;
        };
        let replaced: Vec<usize> = (0..needed)
            .filter(|&k| !quote_bytes(sequence[k]).is_empty())
            .collect();
        let others_fit = (0..needed)
            .filter(|k| !replaced.contains(k))
            .all(|k| (0x80..=0xBF).contains(&sequence[k]));
        if !replaced.is_empty() && others_fit && spaces_make_a_character(&bytes[i..=i + needed]) {
            found.extend(replaced.iter().map(|&k| i + 1 + k));
            i += 1 + needed;
        } else {
            i += 1;
        }
    }
    found
}

/// Whether the UTF-8 `sequence`, where spaces stand for the no-break
/// space byte A0, would make a character that text holds:
/// a letter (`à`, CJK, Indic), in two bytes also a digit (Arabic `٠`) or
/// the no-break space itself (`Â `), in three the punctuation of the
/// block whose mojibake starts with `â€` (`†`). Not what a space between
/// two words of clean text would make, such as Lithuanian `į €` read as
/// Windows-1257 (Mongolian `᠀`) or Norwegian `ß æ` as CP437 (`᠑`).
fn spaces_make_a_character(sequence: &[u8]) -> bool {
    if !sequence[1..].contains(&b' ') {
        return true;
    }
    if sequence[1..].iter().any(|&b| b == b'\'' || b == b'"') {
        // A lost A0 and a straightened quote in one character: too much
        // damage to put back, but in the block of `â€`.
        return sequence[0] == 0xE2;
    }
    let restored: Vec<u8> = sequence
        .iter()
        .map(|&b| if b == b' ' { 0xA0 } else { b })
        .collect();
    let Some(c) = std::str::from_utf8(&restored)
        .ok()
        .and_then(|s| s.chars().next())
    else {
        return false;
    };
    match sequence.len() {
        2 => c.is_alphanumeric() || c == '\u{a0}',
        _ => c.is_alphabetic() || sequence[0] == 0xE2,
    }
}

/// Follows bytes, one at a time, as UTF-8 that
/// [`restore_continuation_bytes`] may yet make valid, where a space or a
/// straightened quote may stand for any continuation byte: a necessary
/// condition for the restored bytes to decode, which lets a run be given
/// up at its first byte that can't (most runs of a word in another script
/// give up at their second).
#[derive(Default)]
pub(crate) struct MayBecomeUtf8 {
    /// Continuation bytes the sequence open still awaits.
    awaited: u8,
}

impl MayBecomeUtf8 {
    /// Takes the next byte: whether the bytes so far may still decode.
    #[inline]
    pub(crate) fn push(&mut self, byte: u8) -> bool {
        if self.awaited > 0 {
            self.awaited -= 1;
            return matches!(byte, 0x80..=0xBF | b' ' | b'\'' | b'"');
        }
        self.awaited = match byte {
            0x00..=0x7F => 0,
            0xC2..=0xDF => 1,
            0xE0..=0xEF => 2,
            0xF0..=0xF4 => 3,
            _ => return false,
        };
        true
    }

    /// Whether the bytes taken may decode as they are, with no sequence
    /// left open.
    pub(crate) fn complete(&self) -> bool {
        self.awaited == 0
    }
}

/// Turns each space, `'` or `"` that stands where UTF-8 needs a
/// continuation byte back into the byte it replaced: A0 for a space; for a
/// quote, the curly-quote byte that makes the likeliest word.
pub(crate) fn restore_continuation_bytes(bytes: &[u8]) -> Cow<'_, [u8]> {
    let positions = lost_continuations(bytes);
    if positions.is_empty() {
        return Cow::Borrowed(bytes);
    }
    // Every position first takes its preferred byte, so that a word with
    // two straightened quotes (`ÑÐ¸Ñ'Ñ'Ñ` for `життя`) is valid UTF-8 while
    // the choice for each quote is weighed in turn.
    let mut restored = bytes.to_vec();
    for &position in &positions {
        restored[position] = quote_bytes(bytes[position])[0];
    }
    // The quotes of one word are chosen together (`фотоапарат` read as
    // Windows-1252 with its three quotes straightened is right only with
    // all three right), the first of the likeliest choices winning a tie.
    // Twice, when two words have choices: the second time, each word's
    // choice sees those of the words after it too (`odbył … zgodził`).
    let mut words_with_choices = 0;
    for pass in 0..2 {
        if pass == 1 && words_with_choices < 2 {
            break;
        }
        let mut index = 0;
        while index < positions.len() {
            let (start, end) = word_around(&restored, positions[index]);
            let in_word = positions[index..]
                .iter()
                .take_while(|&&position| position < end)
                .count();
            let word_positions: Vec<usize> = positions[index..index + in_word]
                .iter()
                .copied()
                .filter(|&position| quote_bytes(bytes[position]).len() > 1)
                .collect();
            index += in_word;
            let choices: usize = word_positions
                .iter()
                .map(|&position| quote_bytes(bytes[position]).len())
                .product();
            if word_positions.is_empty() {
                continue;
            }
            words_with_choices += 1;
            // The accented Latin letters of the rest of the line: a choice
            // that one language writes with them is likelier (`odbył` beside
            // `się`, not `odbyő`). Quotes not chosen yet (the first time,
            // those of later words) show no letter: their first
            // preferences would lead the choice (`usŒug` making
            // `Przeciwieœstwie`, then keeping itself).
            let line = if pass == 0 {
                let mut line = restored.clone();
                for &position in &positions[index..] {
                    line[position] = bytes[position];
                }
                Cow::Owned(line)
            } else {
                Cow::Borrowed(&restored)
            };
            let (before, after) = (
                String::from_utf8_lossy(&line[..start]),
                String::from_utf8_lossy(&line[end..]),
            );
            let mut letters = LatinLetters::of(&before);
            for c in after.chars() {
                letters.add(c);
            }
            let context = Context {
                letters,
                language: line_language(&before, &after),
            };
            // Too many choices to try together: one quote at a time.
            let together = if choices > MAX_JOINT_CHOICES {
                1
            } else {
                word_positions.len()
            };
            for group in word_positions.chunks(together) {
                choose(&mut restored, bytes, group, (start, end), context);
            }
        }
    }
    let split: Vec<usize> = positions
        .iter()
        .copied()
        .filter(|&position| bytes[position] == b' ' && keeps_word_break(&restored, position))
        .collect();
    for &position in split.iter().rev() {
        restored.insert(position + 1, b' ');
    }
    Cow::Owned(restored)
}

/// The most combinations of quote bytes tried together in one word.
const MAX_JOINT_CHOICES: usize = 81;

/// The word (between whitespace) of `restored` around `position`.
fn word_around(restored: &[u8], position: usize) -> (usize, usize) {
    let is_break = |b: &u8| matches!(b, b' ' | b'\n' | b'\t');
    let start = restored[..position]
        .iter()
        .rposition(is_break)
        .map_or(0, |p| p + 1);
    let end = restored[position..]
        .iter()
        .position(is_break)
        .map_or(restored.len(), |p| position + p);
    (start, end)
}

/// What the rest of a line tells of a word's choice: its accented Latin
/// letters and its language.
#[derive(Clone, Copy)]
struct Context {
    letters: LatinLetters,
    language: Option<Language>,
}

/// Puts at `positions` (straightened quotes of the word
/// `restored[start..end]`) the combination of their bytes that makes the
/// likeliest word, the first in order of preference winning a tie: one
/// whose accented letters one language writes with those of `context`
/// (the rest of the line), if any does, then the cheapest in the line's
/// language (Ukrainian `проте`, not Serbian `прође`).
fn choose(
    restored: &mut [u8],
    bytes: &[u8],
    positions: &[usize],
    (start, end): (usize, usize),
    context: Context,
) {
    let options: Vec<&[u8]> = positions
        .iter()
        .map(|&position| quote_bytes(bytes[position]))
        .collect();
    let mut combination = vec![0usize; positions.len()];
    let mut best: Option<((bool, f64), Vec<usize>)> = None;
    loop {
        for ((&position, option), &chosen) in positions.iter().zip(&options).zip(&combination) {
            restored[position] = option[chosen];
        }
        if let Ok(word) = std::str::from_utf8(&restored[start..end]) {
            let mut cost = word_bits(word, context.language);
            // A rare space (en space, three-per-em space) splitting a word.
            if word.contains(|c: char| c.is_whitespace()) {
                cost += 16.0;
            }
            // A dash (E2 80 93 or 94) is the en dash, which real text
            // writes more than the em dash wherever it stands (lingua's
            // development sentences: 1,172 to 528 between spaces, 124 to
            // 10 between digits, 72 to 16 between letters); another
            // sequence's byte 93 or 94 is left to the model, but for a
            // word with digits, which takes 93.
            let digits = word.contains(|c: char| c.is_ascii_digit());
            for ((&position, option), &chosen) in positions.iter().zip(&options).zip(&combination) {
                let byte = option[chosen];
                let dash = position >= 2 && bytes[position - 2..position] == [0xE2, 0x80];
                let penalized = if dash {
                    byte == 0x94
                } else {
                    (byte == 0x93 || byte == 0x94) && digits != (byte == 0x93)
                };
                if penalized {
                    cost += 2.0;
                }
            }
            let mut letters = context.letters;
            for c in word.chars() {
                letters.add(c);
            }
            let rank = (!letters.one_language_writes(), cost);
            let better = |(best_foreign, best_cost): (bool, f64)| {
                (rank.0, rank.1) < (best_foreign, best_cost)
            };
            if best
                .as_ref()
                .is_none_or(|&(best_rank, _)| better(best_rank))
            {
                best = Some((rank, combination.clone()));
            }
        }
        // The next combination, the last position counting fastest.
        let mut at = positions.len();
        loop {
            if at == 0 {
                let chosen = best.map_or_else(|| vec![0; positions.len()], |(_, best)| best);
                for ((&position, option), chosen) in positions.iter().zip(&options).zip(chosen) {
                    restored[position] = option[chosen];
                }
                return;
            }
            at -= 1;
            combination[at] += 1;
            if combination[at] < options[at].len() {
                break;
            }
            combination[at] = 0;
        }
    }
}

/// Whether the no-break space put back at `position` (byte A0 where a
/// space stood, ending a two-byte sequence) had a space of its own after
/// it, which the damage merged into one: `Г bien` is `à bien`, not
/// `àbien`. `à` keeps its word break as in ftfy's `restore_byte_a0`
/// (`voilà le`; but `àquele`, `às`); for other letters the model decides,
/// and a tie keeps the simpler story (the space was the A0).
fn keeps_word_break(restored: &[u8], position: usize) -> bool {
    const JOINED_AFTER_A_GRAVE: [&[u8]; 4] = [b"quele", b"quela", b"quilo", b"s "];
    let is_break = |b: &u8| matches!(b, b' ' | b'\n' | b'\t');
    let Some(lead_at) = position.checked_sub(1) else {
        return false;
    };
    if !(0xC2..=0xDF).contains(&restored[lead_at]) {
        return false;
    }
    let end = restored[position + 1..]
        .iter()
        .position(is_break)
        .map_or(restored.len(), |p| position + 1 + p);
    if end == position + 1 {
        // A space or the end follows: the A0 already ends the word.
        return false;
    }
    if restored[lead_at] == 0xC3 {
        let after = &restored[position + 1..];
        return !JOINED_AFTER_A_GRAVE
            .iter()
            .any(|word| after.starts_with(word));
    }
    let start = restored[..position]
        .iter()
        .rposition(is_break)
        .map_or(0, |p| p + 1);
    let (Ok(merged), Ok(head), Ok(tail)) = (
        std::str::from_utf8(&restored[start..end]),
        std::str::from_utf8(&restored[start..=position]),
        std::str::from_utf8(&restored[position + 1..end]),
    ) else {
        return false;
    };
    word_bits(head, None) + word_bits(tail, None) < word_bits(merged, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(5000))]

        /// Whatever `restore_continuation_bytes` makes valid UTF-8, the
        /// byte-at-a-time check lets through.
        #[test]
        fn what_restores_to_utf8_may_become_utf8(
            bytes in proptest::collection::vec(
                proptest::sample::select(&b" '\"ab\x80\x91\x92\x94\xa0\xa9\xbf\xc2\xc3\xd0\xd9\xdf\xe0\xe2\xe4\xef\xf0\xf4\xf5\xff"[..]),
                0..12,
            ),
        ) {
            let mut check = MayBecomeUtf8::default();
            let may = bytes.iter().all(|&byte| check.push(byte)) && check.complete();
            if std::str::from_utf8(&restore_continuation_bytes(&bytes)).is_ok() {
                prop_assert!(may, "{:02X?}", bytes);
            }
        }
    }

    #[test]
    fn a_lost_no_break_space_must_make_a_character_text_holds() {
        // `à`, `你`, Arabic `٠`, the no-break space, `†`.
        for sequence in [
            &b"\xC3 "[..],
            b"\xE4\xBD ",
            b"\xD9 ",
            b"\xC2 ",
            b"\xE2\x80 ",
        ] {
            assert!(spaces_make_a_character(sequence), "{sequence:?}");
        }
        // Mongolian `᠀` and `᠑` (Lithuanian `į €` read as Windows-1257,
        // Norwegian `ß æ` as CP437), and a space beside a quote.
        for sequence in [&b"\xE1 \x80"[..], b"\xE1 \x91", b"\xE1 '"] {
            assert!(!spaces_make_a_character(sequence), "{sequence:?}");
        }
    }

    #[test]
    fn straightened_quotes_and_spaces_become_continuation_bytes() {
        let fixed = |text: &str| {
            let bytes = ftfy_core::codecs::SLOPPY_WINDOWS_1252.encode(text).unwrap();
            String::from_utf8(restore_continuation_bytes(&bytes).into_owned()).unwrap()
        };
        assert_eq!(fixed("2010â€\"2020"), "2010–2020");
        // A dash is the en dash, between spaces and letters too.
        assert_eq!(fixed("the â€\" dash"), "the – dash");
        assert_eq!(fixed("wordâ€\"word"), "word–word");
        assert_eq!(fixed("ÐºÐ¾Ñ'"), "кот");
        assert_eq!(fixed("GdaÅ\"sk"), "Gdańsk");
        // A letter one language writes with the line's others.
        assert_eq!(fixed("odbyÅ' siÄ™"), "odbył się");
        assert_eq!(fixed("odbyÅ' siÄ™ zgodziÅ'"), "odbył się zgodził");
        // Later words' quotes, not chosen yet, show no letter.
        assert_eq!(fixed("PrzeciwieÅ\"stwie usÅ'ug"), "Przeciwieństwie usług");
        // Three quotes in one word, chosen together.
        assert_eq!(fixed("Ñ\"Ð¾Ñ'Ð¾Ð°Ð¿Ð°Ñ€Ð°Ñ' Ñ–"), "фотоапарат і");
        // Ukrainian `є` after a letter or apostrophe, in a line with `і`.
        assert_eq!(fixed("Ð¼Ð°Ñ\" Ñ–"), "має і");
        assert_eq!(fixed("Ð¾Ð±'Ñ\"ÐºÑ' Ñ–"), "об'єкт і");
        assert_eq!(fixed("Ñ\"Ñ€Ð°ÐºÑ†Ñ–Ñ—"), "фракції");
        assert_eq!(fixed("Ñ\" Ñ–"), "є і");
        // The word scored in the rest of the line's language: Ukrainian
        // `проте` (т is D1 82), not Serbian `прође` (ђ is D1 92).
        assert_eq!(
            fixed("Ñ– Ð²Ð¾ Ð¿Ñ€Ð¾Ñ'Ðµ Ñ†Ñ–ÐºÐ°Ð²Ñ– Ð½Ð°Ñ€Ð¾Ð´Ð½Ð¾Ð³Ð¾"),
            "і во проте цікаві народного"
        );
        // A lost A0 after `à`: inside a word, or with its own space lost.
        assert_eq!(fixed("voilÃ le travail"), "voilà le travail");
        assert_eq!(fixed("attention Ã bien"), "attention à bien");
        assert_eq!(fixed("semelhante Ã quele"), "semelhante àquele");
    }
}
