//! Unicode normalization for the pipeline and for plans, with a fast path
//! for text that is already normalized (as nearly all text is).

use std::borrow::Cow;

use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

use crate::edits::{Changes, Edits, Recorder};
use crate::Normalization;

/// Applies a Unicode normalization form, borrowing when the text is
/// already normalized.
pub(crate) fn normalize(text: &str, form: Normalization) -> Cow<'_, str> {
    normalize_noting(text, form, None)
}

/// [`normalize`], telling `changes` where it changed the text (NFC: the
/// chunks it normalized; the other forms: all of it).
pub(crate) fn normalize_noting<'a>(
    text: &'a str,
    form: Normalization,
    mut changes: Option<&mut Changes>,
) -> Cow<'a, str> {
    use unicode_normalization::{is_nfd_quick, is_nfkc_quick, is_nfkd_quick};
    let normalized = match form {
        Normalization::Nfc if nfc_leaves_alone(text) => Cow::Borrowed(text),
        Normalization::Nfc => return nfc_by_chunks(text, changes),
        Normalization::Nfd => unless_quick_yes(text, is_nfd_quick(text.chars()), || text.nfd()),
        Normalization::Nfkc => unless_quick_yes(text, is_nfkc_quick(text.chars()), || text.nfkc()),
        Normalization::Nfkd => unless_quick_yes(text, is_nfkd_quick(text.chars()), || text.nfkd()),
    };
    if let Cow::Owned(normalized) = &normalized {
        changes.replaced(0..text.len(), normalized.len());
    }
    normalized
}

/// `text` when the quick check says it is normalized, else what
/// `normalized` gives, borrowed if the same.
fn unless_quick_yes<I: Iterator<Item = char>>(
    text: &str,
    quick: IsNormalized,
    normalized: impl FnOnce() -> I,
) -> Cow<'_, str> {
    if quick == IsNormalized::Yes {
        Cow::Borrowed(text)
    } else {
        borrow_if_same(text, normalized())
    }
}

/// NFC of `text`, normalizing only the chunks around characters that NFC
/// might change. A character of [`is_nfc_stable`] neither composes with
/// what precedes it nor reorders past it, so the text may be split before
/// any of them into chunks that normalize on their own. A chunk starts at
/// the last stable character before an unstable one (which may compose
/// with it) and ends before two stable characters in a row: pieces glued
/// by a single stable character, as in `e\u{301}e\u{301}`, go to the
/// normalizer at once. Stable text, most text, is only looked at.
fn nfc_by_chunks<'a>(text: &'a str, changes: Option<&mut Changes>) -> Cow<'a, str> {
    let mut edits = Edits::noting(text, changes);
    let mut chunk_start = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((index, c)) = chars.next() {
        if is_nfc_stable(c) {
            chunk_start = index;
            continue;
        }
        let mut chunk_end = text.len();
        while let Some((next, d)) = chars.next() {
            let ends_chunk =
                is_nfc_stable(d) && chars.peek().is_none_or(|&(_, after)| is_nfc_stable(after));
            if ends_chunk {
                chunk_end = next;
                break;
            }
        }
        let chunk = &text[chunk_start..chunk_end];
        // Most such chunks (a letter and a virama, say) pass the quick
        // check, which is cheaper than normalizing them.
        if nfc_leaves_alone(chunk) {
            continue;
        }
        if let Cow::Owned(normalized) = borrow_if_same(chunk, chunk.nfc()) {
            edits.replace(chunk_start, chunk_end, &normalized);
        }
    }
    edits.finish()
}

/// `text` if `normalized` (its characters, normalized) gives it back,
/// else the normalized text, in one pass: the quick check's "maybe" is
/// common in Indic scripts and usually means "yes", so nothing is
/// allocated until the first character that differs.
fn borrow_if_same(text: &str, mut normalized: impl Iterator<Item = char>) -> Cow<'_, str> {
    let mut same_up_to = 0;
    let mut chars = text.chars();
    loop {
        let (next, original) = (normalized.next(), chars.next());
        match next {
            None if original.is_none() => return Cow::Borrowed(text),
            Some(c) if original == Some(c) => same_up_to += c.len_utf8(),
            _ => {
                let mut changed = String::with_capacity(text.len() + 8);
                changed.push_str(&text[..same_up_to]);
                changed.extend(next);
                changed.extend(normalized);
                return Cow::Owned(changed);
            }
        }
    }
}

/// Whether NFC leaves `text` alone, decided by NFC's quick check (every
/// character "yes", the combining marks in canonical order: a test checks
/// this agrees with the normalization crate's `is_nfc_quick`), with the
/// Basic Multilingual Plane read from the quick table instead of the
/// crate's hashed tables, and one more case the check alone leaves as
/// "maybe": a starter that may compose with the character before it
/// (Bengali `া` after a consonant: common in Bengali, Odia and Tamil text)
/// is left alone when it follows a starter it does not compose with.
/// (Anything else the quick check calls "maybe" is a no here: the caller
/// normalizes to find out.)
fn nfc_leaves_alone(text: &str) -> bool {
    let mut last_class = 0;
    let mut previous = None;
    for c in text.chars() {
        let code = c as usize;
        let entry = if code < 0x80 {
            0
        } else if code < 0x10000 {
            NFC_QUICK_ROWS[usize::from(NFC_QUICK_BLOCKS[code / 64]) * 64 + code % 64]
        } else if STABLE_EMOJI.contains(&(code as u32)) {
            0
        } else {
            quick_entry(c)
        };
        if entry == MAYBE_STARTER {
            if previous.is_some_and(|before| !starter_stays_apart(before, last_class, c)) {
                return false;
            }
            last_class = 0;
        } else if entry == NOT_QUICK_YES || (entry != 0 && last_class > entry) {
            return false;
        } else {
            last_class = entry;
        }
        previous = Some(c);
    }
    true
}

/// Whether NFC keeps the starter `c`, whose quick check is "maybe", apart
/// from `before`, the character just before it, of combining class
/// `before_class`. After another starter (which NFC leaves as it is), `c`
/// could only compose with that one, and does when a composite of the two
/// exists; after a combining mark, it is not decided here.
#[cold]
fn starter_stays_apart(before: char, before_class: u8, c: char) -> bool {
    before_class == 0 && unicode_normalization::char::compose(before, c).is_none()
}

/// In the quick table: a character whose quick check is neither "yes"
/// nor a starter's "maybe". (No canonical combining class is this high.)
const NOT_QUICK_YES: u8 = u8::MAX;

/// In the quick table: a starter (combining class 0) whose quick check
/// is "maybe": it may compose with the starter before it.
const MAYBE_STARTER: u8 = u8::MAX - 1;

/// What [`nfc_leaves_alone`] needs of a character: its canonical combining
/// class, [`MAYBE_STARTER`] or [`NOT_QUICK_YES`].
fn quick_entry(c: char) -> u8 {
    use unicode_normalization::char::canonical_combining_class;
    match is_nfc_quick(std::iter::once(c)) {
        IsNormalized::Yes => canonical_combining_class(c),
        IsNormalized::Maybe if canonical_combining_class(c) == 0 => MAYBE_STARTER,
        _ => NOT_QUICK_YES,
    }
}

// [`quick_entry`] of each Basic Multilingual Plane character, by block of
// 64 (`NFC_QUICK_BLOCKS` numbers the row of `NFC_QUICK_ROWS` for each
// block; blocks with the same entries share a row, and most are all
// zeros), and the characters NFC leaves alone in any context (quick check
// "yes" and combining class 0), one bit each in `NFC_STABLE_BMP`: both
// taken from the normalization crate itself, so the two always agree,
// and generated (see `tests::generated_nfc_table`).
#[rustfmt::skip]
mod nfc_table;
use nfc_table::{NFC_QUICK_BLOCKS, NFC_QUICK_ROWS, NFC_STABLE_BMP};

/// [`NFC_STABLE_BMP`] for a byte-level scan: word `i` covers U+(64i) to
/// U+(64i+63), which are the characters of one two-byte lead byte, or of
/// one three-byte lead and second byte, in UTF-8.
#[cfg(test)]
pub(crate) fn nfc_stable_bmp() -> &'static [u64] {
    &NFC_STABLE_BMP
}

/// Whether NFC leaves `c` alone wherever it occurs (conservatively: false
/// outside the Basic Multilingual Plane).
pub(crate) fn is_nfc_stable(c: char) -> bool {
    let code = c as usize;
    code < 0x80
        || (code < 0x10000 && NFC_STABLE_BMP[code / 64] & (1 << (code % 64)) != 0)
        || STABLE_EMOJI.contains(&(code as u32))
}

/// The emoji and symbol blocks of the Supplementary Multilingual Plane
/// (mahjong tiles to symbols and pictographs extended-A), where NFC leaves
/// every character alone: the supplementary characters most text holds.
pub(crate) const STABLE_EMOJI: std::ops::RangeInclusive<u32> = 0x1F000..=0x1FAFF;

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The table holds what the normalization crate says of every
    /// character of the Basic Multilingual Plane, alone, after a combining
    /// mark of class 230 and after a consonant: [`nfc_leaves_alone`] says
    /// yes where the crate's quick check does, and beyond that only for a
    /// starter that may compose, where NFC indeed leaves the text alone.
    #[test]
    fn quick_table_agrees_with_the_normalization_crate() {
        for c in (0..0x10000).filter_map(char::from_u32) {
            for text in [c.to_string(), format!("a\u{301}{c}"), format!("\u{995}{c}")] {
                let quick = is_nfc_quick(text.chars());
                if quick == IsNormalized::Yes || quick_entry(c) != MAYBE_STARTER {
                    assert_eq!(
                        nfc_leaves_alone(&text),
                        quick == IsNormalized::Yes,
                        "{text:?}"
                    );
                } else if nfc_leaves_alone(&text) {
                    assert_eq!(text.nfc().collect::<String>(), text, "{text:?}");
                }
            }
        }
    }

    /// A starter that may compose, after every starter of the Basic
    /// Multilingual Plane: where [`nfc_leaves_alone`] says yes, NFC leaves
    /// the pair alone, and it says yes for Bengali, Odia and Tamil vowel
    /// signs after their consonants.
    #[test]
    fn a_maybe_starter_left_alone_is_left_alone_by_nfc() {
        use unicode_normalization::char::canonical_combining_class;
        let all: Vec<char> = (0..0x10000).filter_map(char::from_u32).collect();
        let maybe_starters: Vec<char> = all
            .iter()
            .copied()
            .filter(|&c| quick_entry(c) == MAYBE_STARTER)
            .collect();
        assert!(maybe_starters.len() > 20, "{maybe_starters:?}");
        for &before in all.iter().filter(|&&c| canonical_combining_class(c) == 0) {
            for &c in &maybe_starters {
                let text = format!("{before}{c}");
                if nfc_leaves_alone(&text) {
                    assert_eq!(text.nfc().collect::<String>(), text, "{text:?}");
                }
            }
        }
        for text in ["\u{995}\u{9be}", "\u{b15}\u{b3e}", "\u{b95}\u{bbe}"] {
            assert!(nfc_leaves_alone(text), "{text:?}");
        }
    }

    /// The quick table and the stable characters, worked out from the
    /// normalization crate, are the generated ones.
    #[test]
    fn generated_nfc_table() {
        use crate::text::generated::{check, header, items};
        use unicode_normalization::char::canonical_combining_class;
        let mut blocks = Vec::with_capacity(0x10000 / 64);
        let mut rows: Vec<u8> = Vec::new();
        let mut seen: std::collections::HashMap<Vec<u8>, u16> = std::collections::HashMap::new();
        for block in 0..0x10000u32 / 64 {
            // Surrogates get 0: a `&str` holds none.
            let row: Vec<u8> = (block * 64..block * 64 + 64)
                .map(|code| char::from_u32(code).map_or(0, quick_entry))
                .collect();
            let number = *seen.entry(row.clone()).or_insert_with(|| {
                rows.extend_from_slice(&row);
                u16::try_from(rows.len() / 64 - 1).expect("fewer than 65536 rows")
            });
            blocks.push(number);
        }
        let mut stable = vec![0u64; 0x10000 / 64];
        for c in (0..0x10000u32).filter_map(char::from_u32) {
            if canonical_combining_class(c) == 0
                && is_nfc_quick(std::iter::once(c)) == IsNormalized::Yes
            {
                stable[c as usize / 64] |= 1 << (c as usize % 64);
            }
        }
        let (major, minor, update) = unicode_normalization::UNICODE_VERSION;
        let source = format!("unicode-normalization's tables (Unicode {major}.{minor}.{update})");
        let content = format!(
            "{}\n/// What `quick_entry` says of each character, by block of 64: the row of\n/// `NFC_QUICK_ROWS` for each block.\npub(super) static NFC_QUICK_BLOCKS: [u16; {}] = [\n{}];\n\n/// Rows of 64 entries.\npub(super) static NFC_QUICK_ROWS: [u8; {}] = [\n{}];\n\n/// Characters NFC leaves alone in any context (quick check \"yes\" and\n/// combining class 0), one bit each: word `i` covers U+(64i) to U+(64i+63).\npub(super) static NFC_STABLE_BMP: [u64; {}] = [\n{}];\n",
            header(&source),
            blocks.len(),
            items(&blocks, 16),
            rows.len(),
            items(&rows, 16),
            stable.len(),
            items(stable.iter().map(|word| format!("{word:#018x}")), 4),
        );
        check("src/normalize/nfc_table.rs", &content);
    }

    /// What [`STABLE_EMOJI`] says: every character there has combining
    /// class 0 and quick check "yes".
    #[test]
    fn emoji_are_nfc_stable() {
        use unicode_normalization::char::canonical_combining_class;
        for c in STABLE_EMOJI.filter_map(char::from_u32) {
            assert_eq!(canonical_combining_class(c), 0, "{c:?}");
            assert_eq!(is_nfc_quick(std::iter::once(c)), IsNormalized::Yes, "{c:?}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// NFC by chunks gives what NFC of the whole text gives.
        #[test]
        fn nfc_by_chunks_is_nfc(picks in proptest::collection::vec(0..50usize, 0..24)) {
            // Starters that compose, combining marks of several classes,
            // Hangul jamo, characters NFC replaces, and plain neighbours.
            let pool: Vec<char> = "aeAoOu\u{301}\u{300}\u{308}\u{327}\u{323}\u{31b}\u{345}\u{5b0}\u{94d}\
                                   \u{93c}\u{928}\u{1100}\u{1161}\u{11a8}\u{ac00}\u{212b}\u{2126}\u{f900}\
                                   \u{1d15e}\u{bbe}\u{b92}\u{bd7}é ж\u{338}<=\u{fb2a}\u{1f600}x\
                                   \u{995}\u{9be}\u{9c7}\u{9d7}\u{b47}\u{b3e}\u{b56}\u{bc6}\u{d46}\u{d3e}"
                .chars()
                .collect();
            let text: String = picks.into_iter().map(|i| pool[i % pool.len()]).collect();
            let expected: String = text.nfc().collect();
            let got = nfc_by_chunks(&text, None);
            prop_assert_eq!(got.as_ref(), expected.as_str(), "{:?}", text);
            // The table's quick check is the normalization crate's, and
            // says yes beyond it only where NFC leaves the text alone.
            if is_nfc_quick(text.chars()) == IsNormalized::Yes {
                prop_assert!(nfc_leaves_alone(&text), "{:?}", text);
            }
            if nfc_leaves_alone(&text) {
                prop_assert_eq!(expected.as_str(), text.as_str());
            }
            let got = normalize(&text, Normalization::Nfc);
            prop_assert_eq!(got.as_ref(), expected.as_str(), "{:?}", text);
        }
    }
}
