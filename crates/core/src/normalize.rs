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

impl Normalization {
    /// Applies this normalization form to `text`, borrowing when the text
    /// is already normalized (as nearly all text is: a quick check finds
    /// most of it).
    ///
    /// ```
    /// use ftfy_core::Normalization;
    /// assert_eq!(Normalization::Nfc.normalize("e\u{301}"), "é");
    /// assert!(matches!(Normalization::Nfc.normalize("é"), std::borrow::Cow::Borrowed(_)));
    /// ```
    pub fn normalize(self, text: &str) -> Cow<'_, str> {
        normalize(text, self)
    }
}

/// Whether `form` leaves `text` as it is, as [`normalize`] finds, for NFC
/// without normalizing past the first change.
pub(crate) fn normalize_keeps(text: &str, form: Normalization) -> bool {
    match form {
        Normalization::Nfc => !nfc_changes(text),
        _ => matches!(normalize(text, form), Cow::Borrowed(_)),
    }
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
    for chunk in Chunks::of(text) {
        if let Some(normalized) = nfc_of_chunk(&text[chunk.clone()], false) {
            edits.replace(chunk.start, chunk.end, &normalized);
        }
    }
    edits.finish()
}

/// Whether NFC changes `text`, found as [`nfc_by_chunks`] would, without
/// normalizing past the first chunk (or piece of a chunk) it changes.
pub(crate) fn nfc_changes(text: &str) -> bool {
    !nfc_leaves_alone(text)
        && Chunks::of(text).any(|chunk| nfc_of_chunk(&text[chunk], true).is_some())
}

/// The chunks of [`nfc_by_chunks`] that the quick check does not pass
/// (most such chunks, a letter and a virama say, pass it, which is cheaper
/// than normalizing them), as byte ranges.
struct Chunks<'a> {
    text: &'a str,
    chars: std::iter::Peekable<std::str::CharIndices<'a>>,
    chunk_start: usize,
}

impl<'a> Chunks<'a> {
    fn of(text: &'a str) -> Chunks<'a> {
        Chunks {
            text,
            chars: text.char_indices().peekable(),
            chunk_start: 0,
        }
    }
}

impl Iterator for Chunks<'_> {
    type Item = std::ops::Range<usize>;

    #[inline(always)]
    fn next(&mut self) -> Option<Self::Item> {
        let chars = &mut self.chars;
        while let Some((index, c)) = chars.next() {
            if is_nfc_stable(c) {
                self.chunk_start = index;
                continue;
            }
            let mut chunk_end = self.text.len();
            while let Some((next, d)) = chars.next() {
                let ends_chunk =
                    is_nfc_stable(d) && chars.peek().is_none_or(|&(_, after)| is_nfc_stable(after));
                if ends_chunk {
                    chunk_end = next;
                    break;
                }
            }
            if !nfc_leaves_alone(&self.text[self.chunk_start..chunk_end]) {
                return Some(self.chunk_start..chunk_end);
            }
        }
        None
    }
}

/// NFC of `chunk`, a chunk of [`nfc_by_chunks`], or `None` if the same;
/// with `first_change`, only up to the end of the first piece that NFC
/// changes (see [`nfc_by_pieces`]), which is enough to tell. (Apart from
/// the loop over the characters, which it keeps small.)
#[inline(never)]
fn nfc_of_chunk(chunk: &str, first_change: bool) -> Option<String> {
    let by_pieces = starts_zalgo_like(chunk).then(|| nfc_by_pieces(chunk, first_change));
    match by_pieces.flatten() {
        Some(normalized) => Some(normalized).filter(|normalized| normalized != chunk),
        None => match borrow_if_same(chunk, chunk.nfc()) {
            Cow::Owned(normalized) => Some(normalized),
            Cow::Borrowed(_) => None,
        },
    }
}

/// Whether [`nfc_by_chunks`] normalizes `chunk` by [`nfc_by_pieces`]: when
/// it is long and its second character is one of the diacritics that
/// function composes itself. (Other chunks cost less to the crate than to
/// cutting them.)
fn starts_zalgo_like(chunk: &str) -> bool {
    chunk.len() >= 64 && chunk.chars().nth(1).is_some_and(is_diacritic)
}

/// NFC of `chunk`, cut before each ASCII character, each U+034F
/// COMBINING GRAPHEME JOINER (starters that nothing reorders past and that
/// compose with nothing before or after them) and each character whose
/// decomposition starts with an ASCII one, each piece normalized on its
/// own. A piece whose characters after its starter are combining marks
/// of U+0300–U+036F (the stacks of marks of "zalgo" text), and whose
/// starter decomposes into a starter and such marks, is decomposed, put in
/// order and composed here, without the normalization crate's hashed
/// lookups and buffers; any other goes to the crate. A property test
/// checks it against the crate's NFC. `None` when the chunk's first
/// character decomposes into no such starter and marks: the crate
/// normalizes that chunk as a whole.
///
/// With `first_change`, it stops after the first piece that NFC changes:
/// the text it gives differs from `chunk` all the same.
fn nfc_by_pieces(chunk: &str, first_change: bool) -> Option<String> {
    let mut normalized = String::with_capacity(chunk.len());
    let mut marks: Vec<(u8, char)> = Vec::new();
    // The start of the piece being read, its starter, decomposed, and
    // whether what follows is all marks of the table so far (else `marks`
    // is of no use).
    let mut piece_start = 0;
    let mut starter = None;
    // Appends a piece's NFC to `normalized`; says whether it changed.
    let mut finish_piece = |start: usize, end: usize, starter: Option<char>, marks: &mut Vec<_>| {
        let from = normalized.len();
        match starter {
            Some(starter) => compose_marks(starter, marks, &mut normalized),
            None => {
                normalized.extend(chunk[start..end].nfc());
                marks.clear();
            }
        }
        normalized[from..] != chunk[start..end]
    };
    for (index, c) in chunk.char_indices() {
        if index == 0 {
            starter = Some(decomposed_starter(c, &mut marks)?);
        } else if c.is_ascii() || c == GRAPHEME_JOINER || !is_diacritic(c) && ascii_based(c) {
            if finish_piece(piece_start, index, starter, &mut marks) && first_change {
                return Some(normalized);
            }
            piece_start = index;
            starter = decomposed_starter(c, &mut marks);
        } else if starter.is_some() && !push_diacritic(c, &mut marks) {
            starter = None;
        }
    }
    finish_piece(piece_start, chunk.len(), starter, &mut marks);
    Some(normalized)
}

/// The starter that `c`, at the start of a piece, decomposes into, with
/// the marks after it pushed to `marks`, when they are marks of the table
/// of [`push_diacritic`]; else `None`.
fn decomposed_starter(c: char, marks: &mut Vec<(u8, char)>) -> Option<char> {
    if c.is_ascii() || c == GRAPHEME_JOINER {
        return Some(c);
    }
    let mut starter = None;
    let mut all = true;
    unicode_normalization::char::decompose_canonical(c, |d| {
        if starter.is_none() {
            let class = unicode_normalization::char::canonical_combining_class(d);
            starter = Some(d).filter(|_| class == 0);
            all &= class == 0;
        } else {
            all &= push_diacritic(d, marks);
        }
    });
    starter.filter(|_| all)
}

/// Whether `c` is one of U+0300–U+036F, the diacritics of [`push_diacritic`].
fn is_diacritic(c: char) -> bool {
    ('\u{300}'..='\u{36f}').contains(&c)
}

/// Whether the canonical decomposition of `c` starts with an ASCII
/// character (`é`, `ǟ`, `Å`).
fn ascii_based(c: char) -> bool {
    let mut first = None;
    unicode_normalization::char::decompose_canonical(c, |d| {
        first.get_or_insert(d);
    });
    first.is_some_and(|d| d.is_ascii())
}

/// U+034F COMBINING GRAPHEME JOINER, a starter among the diacritics.
const GRAPHEME_JOINER: char = '\u{34f}';

/// Pushes to `marks` the canonical decomposition of `c` with the class of
/// each mark, when it is a mark of U+0300–U+036F whose decomposition is
/// too; returns whether it is.
fn push_diacritic(c: char, marks: &mut Vec<(u8, char)>) -> bool {
    let classes = diacritic_classes();
    let class_of = |c: char| {
        (c as usize)
            .checked_sub(0x300)
            .and_then(|offset| classes.get(offset))
            .copied()
            .filter(|&class| class != 0)
    };
    match class_of(c) {
        Some(DECOMPOSES) => {
            let mut all = true;
            unicode_normalization::char::decompose_canonical(c, |d| match class_of(d) {
                Some(class) if class != DECOMPOSES => marks.push((class, d)),
                _ => all = false,
            });
            all
        }
        Some(class) => {
            marks.push((class, c));
            true
        }
        None => false,
    }
}

/// Appends to `normalized` NFC of `starter` (which decomposes to nothing
/// else) followed by `marks` (combining marks that decompose to nothing
/// else, with their classes),
/// and empties `marks`: the marks put in canonical order (a stable sort by
/// class), then each composed with the starter, as composed so far, unless
/// a mark kept before it has a class as high (canonical composition).
fn compose_marks(starter: char, marks: &mut Vec<(u8, char)>, normalized: &mut String) {
    marks.sort_by_key(|&(class, _)| class);
    let mut composed = starter;
    let mut last_kept_class = 0;
    // The marks kept, moved to the front of `marks`.
    let mut kept = 0;
    for index in 0..marks.len() {
        let (class, mark) = marks[index];
        if last_kept_class < class {
            if let Some(c) = unicode_normalization::char::compose(composed, mark) {
                composed = c;
                continue;
            }
        }
        marks[kept] = (class, mark);
        kept += 1;
        last_kept_class = class;
    }
    normalized.push(composed);
    normalized.extend(marks[..kept].iter().map(|&(_, mark)| mark));
    marks.clear();
}

/// In [`diacritic_classes`]: a combining mark that decomposes into other
/// characters. (No canonical combining class is this high.)
const DECOMPOSES: u8 = u8::MAX;

/// The canonical combining class of each of U+0300–U+036F, or
/// [`DECOMPOSES`] for those that decompose into other characters (U+0340,
/// U+0341, U+0343, U+0344), which [`push_diacritic`] decomposes first:
/// the generated `DIACRITIC_CLASSES`, from [`diacritic_class_table`].
fn diacritic_classes() -> &'static [u8; 0x70] {
    &DIACRITIC_CLASSES
}

/// [`diacritic_classes`] worked out from the normalization crate, for the
/// generated table.
#[cfg(test)]
fn diacritic_class_table() -> [u8; 0x70] {
    let mut classes = [0; 0x70];
    for (offset, class) in classes.iter_mut().enumerate() {
        // OK because U+0300–U+036F are all characters.
        let c = char::from_u32(0x300 + offset as u32).expect("a character");
        let mut decomposed = 0;
        unicode_normalization::char::decompose_canonical(c, |d| {
            decomposed += usize::from(d != c) + 1;
        });
        *class = if decomposed == 1 {
            unicode_normalization::char::canonical_combining_class(c)
        } else {
            DECOMPOSES
        };
    }
    classes
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
use nfc_table::{DIACRITIC_CLASSES, NFC_QUICK_BLOCKS, NFC_QUICK_ROWS, NFC_STABLE_BMP};

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
            "{}\n/// What `quick_entry` says of each character, by block of 64: the row of\n/// `NFC_QUICK_ROWS` for each block.\npub(super) static NFC_QUICK_BLOCKS: [u16; {}] = [\n{}];\n\n/// Rows of 64 entries.\npub(super) static NFC_QUICK_ROWS: [u8; {}] = [\n{}];\n\n/// Characters NFC leaves alone in any context (quick check \"yes\" and\n/// combining class 0), one bit each: word `i` covers U+(64i) to U+(64i+63).\npub(super) static NFC_STABLE_BMP: [u64; {}] = [\n{}];\n\n/// The canonical combining class of each of U+0300–U+036F, or 255 for\n/// those that decompose into other characters (`diacritic_class_table`).\npub(super) static DIACRITIC_CLASSES: [u8; 0x70] = [\n{}];\n",
            header(&source),
            blocks.len(),
            items(&blocks, 16),
            rows.len(),
            items(&rows, 16),
            stable.len(),
            items(stable.iter().map(|word| format!("{word:#018x}")), 4),
            items(diacritic_class_table(), 16),
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

    /// The combining marks [`nfc_by_pieces`] orders and composes
    /// itself are those that decompose to nothing else.
    #[test]
    fn diacritic_classes_leave_out_what_decomposes() {
        let decomposing: Vec<u32> = (0x300..0x370)
            .filter(|&code| diacritic_classes()[code as usize - 0x300] == DECOMPOSES)
            .collect();
        assert_eq!(decomposing, [0x340, 0x341, 0x343, 0x344]);
        // U+034F COMBINING GRAPHEME JOINER is a starter.
        assert_eq!(diacritic_classes()[0x4F], 0);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// NFC of ASCII characters under combining marks, taken by
        /// [`nfc_by_pieces`], is the normalization crate's.
        #[test]
        fn nfc_by_pieces_is_nfc(
            picks in proptest::collection::vec((0..18usize, 0..0x70u32), 0..40),
        ) {
            // ASCII characters that compose with some mark (and `<`, `=`
            // with U+0338), others that compose with none, non-ASCII
            // starters (Hangul jamo compose with each other), and marks.
            let starters: Vec<char> = "aeoAEOuyZ<=é\u{1e17}\u{1100}\u{1161}\u{212b}\u{f900}ж"
                .chars()
                .collect();
            let text: String = picks
                .into_iter()
                .map(|(starter, mark)| match mark % 5 {
                    0 => starters[starter % starters.len()],
                    _ => char::from_u32(0x300 + mark).expect("a mark"),
                })
                .collect();
            let expected: String = text.nfc().collect();
            if let Some(by_pieces) = nfc_by_pieces(&text, false) {
                prop_assert_eq!(by_pieces.as_str(), expected.as_str(), "{:?}", text);
            }
            if let Some(first_change) = nfc_by_pieces(&text, true) {
                prop_assert_eq!(first_change == text, expected == text, "{:?}", text);
            }
            prop_assert_eq!(nfc_changes(&text), expected != text, "{:?}", text);
            let by_chunks = nfc_by_chunks(&text, None);
            prop_assert_eq!(by_chunks.as_ref(), expected.as_str());
        }

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
            prop_assert_eq!(nfc_changes(&text), expected != text, "{:?}", text);
        }
    }
}
