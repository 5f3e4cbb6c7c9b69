//! Text in and out of the module without copying more than needed: the
//! JavaScript half writes a call's text as UTF-8 straight into a buffer
//! here (`TextEncoder.encodeInto`), and an answer is the list of the
//! lines that changed, with their fixed text in a buffer here that the
//! JavaScript half decodes in place, keeping its own string for the rest.
//! Most text needs no fix, and then nothing but the input is copied.

use std::borrow::Cow;
use std::cell::RefCell;

use ftfy::{StreamFixer, TextFixerConfig};

thread_local! {
    /// Where the JavaScript half writes the next call's text.
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The fixed text of the lines the last call changed.
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Buffers larger than this are freed after a call, so that one long text
/// does not keep its buffers.
const KEPT_BUFFER_BYTES: usize = 1 << 22;

/// U+FFFD in UTF-8: where JavaScript's TextEncoder writes a lone surrogate.
const REPLACEMENT: &[u8] = "\u{fffd}".as_bytes();

/// The address of a buffer of at least `capacity` bytes where the next
/// call's text goes.
pub fn input_buffer(capacity: usize) -> usize {
    INPUT.with_borrow_mut(|input| {
        if input.len() < capacity {
            input.resize(capacity, 0);
        }
        input.as_ptr() as usize
    })
}

/// The answer of a call, in numbers: the address and length (in bytes)
/// of the fixed text in the output buffer, then for each run of changed
/// lines its start and end in the input and the length of its fixed text,
/// all three in UTF-16 code units, as JavaScript indexes strings. The
/// fixed texts follow each other in the output buffer.
pub type Changes = Vec<u32>;

/// Runs `work` on the `length` bytes of text written to the input buffer.
///
/// # Errors
///
/// A message if those bytes are not UTF-8 (TextEncoder writes nothing
/// else).
pub fn with_input<T>(length: usize, work: impl FnOnce(&str) -> T) -> Result<T, String> {
    INPUT.with_borrow_mut(|input| {
        let bytes = input
            .get(..length)
            .ok_or("the text is longer than its buffer")?;
        let text = simdutf8::basic::from_utf8(bytes).map_err(|_| "the text is not UTF-8")?;
        let answer = work(text);
        if input.len() > KEPT_BUFFER_BYTES {
            *input = Vec::new();
        }
        Ok(answer)
    })
}

/// The length of `text` in UTF-16 code units: one per character, two for
/// those above U+FFFF (whose UTF-8 has four bytes).
fn utf16_len(text: &str) -> usize {
    // One for each byte that starts a character (not 10xxxxxx), one more
    // for each that starts a four-byte one (11110xxx). Counted in bytes a
    // chunk at a time, in a loop the compiler turns into SIMD.
    let units = |byte: u8| u8::from((byte as i8) >= -0x40) + u8::from(byte >= 0xF0);
    let chunks = text.as_bytes().chunks(64);
    chunks
        .map(|chunk| usize::from(chunk.iter().fold(0u8, |sum, &byte| sum + units(byte))))
        .sum()
}

/// The lengths of the common prefix and suffix of `a` and `b` (not
/// overlapping), cut to whole characters.
fn common_ends(a: &str, b: &str) -> (usize, usize) {
    let (x, y) = (a.as_bytes(), b.as_bytes());
    let mut prefix = x.iter().zip(y).take_while(|(p, q)| p == q).count();
    while !a.is_char_boundary(prefix) {
        prefix -= 1;
    }
    let longest = x.len().min(y.len()) - prefix;
    let mut suffix = x
        .iter()
        .rev()
        .zip(y.iter().rev())
        .take(longest)
        .take_while(|(p, q)| p == q)
        .count();
    while !a.is_char_boundary(x.len() - suffix) {
        suffix -= 1;
    }
    (prefix, suffix)
}

/// Builds [`Changes`] for a text, merging runs of changed lines that
/// touch. Positions in UTF-16 are counted only up to the last change, so
/// that text without changes costs nothing.
struct ChangeList<'a> {
    text: &'a str,
    changes: Changes,
    output: Vec<u8>,
    /// How much of `text` is counted in `position`, in bytes.
    counted: usize,
    /// The UTF-16 length of `text[..counted]`.
    position: usize,
    /// Whether a change may leave out what its line begins and ends with;
    /// not where JavaScript's text may hold lone surrogates, where the
    /// module's text holds U+FFFD.
    trim: bool,
}

impl<'a> ChangeList<'a> {
    /// A list that writes to the output buffer, whose last answer (which
    /// the JavaScript half has read by now) it drops.
    fn new(text: &'a str, trim: bool) -> ChangeList<'a> {
        let mut output = OUTPUT.with_borrow_mut(std::mem::take);
        output.clear();
        if output.capacity() > KEPT_BUFFER_BYTES {
            output = Vec::new();
        }
        ChangeList {
            text,
            changes: vec![0, 0],
            output,
            counted: 0,
            position: 0,
            trim,
        }
    }

    /// Replaces `text[start..end]` with `fixed`, or with what of it
    /// differs: what the two begin and end with stays.
    fn replace(&mut self, start: usize, end: usize, fixed: &str) {
        let (prefix, suffix) = if self.trim {
            common_ends(&self.text[start..end], fixed)
        } else {
            (0, 0)
        };
        let (start, end) = (start + prefix, end - suffix);
        let fixed = &fixed[prefix..fixed.len() - suffix];
        let start16 = self.position + utf16_len(&self.text[self.counted..start]);
        self.position = start16 + utf16_len(&self.text[start..end]);
        self.counted = end;
        let fixed16 = utf16_len(fixed);
        let last = self.changes.len();
        // Offsets fit in u32: wasm32's memory is at most 4 GiB.
        if last > 2 && self.changes[last - 2] as usize == start16 {
            self.changes[last - 2] = self.position as u32;
            self.changes[last - 1] += fixed16 as u32;
        } else {
            self.changes
                .extend([start16 as u32, self.position as u32, fixed16 as u32]);
        }
        self.output.extend_from_slice(fixed.as_bytes());
    }

    /// Replaces each U+FFFD of `text[start..end]` with itself.
    fn replace_each_replacement(&mut self, start: usize, end: usize) {
        let text = self.text;
        for offset in memchr::memmem::find_iter(&text.as_bytes()[start..end], REPLACEMENT) {
            let at = start + offset;
            self.replace(at, at + REPLACEMENT.len(), "\u{fffd}");
        }
    }

    /// The changes; their text stays in the output buffer until the next
    /// call.
    fn finish(mut self) -> Changes {
        self.changes[0] = self.output.as_ptr() as u32;
        self.changes[1] = self.output.len() as u32;
        OUTPUT.set(self.output);
        self.changes
    }
}

/// `fix_text_with` as [`Changes`]: the segments that fixing changed, as
/// `StreamFixer::fix_lines_with` reports them, in one pass over the whole
/// text. Each U+FFFD counts as changed (to itself), so that JavaScript
/// never keeps its own text there: a lone surrogate may have been there,
/// which TextEncoder wrote as U+FFFD.
pub fn fix_text(text: &str, config: &TextFixerConfig) -> Changes {
    let may_hold_surrogates = memchr::memmem::find(text.as_bytes(), REPLACEMENT).is_some();
    let mut changes = ChangeList::new(text, !may_hold_surrogates);
    let mut covered = 0;
    StreamFixer::new(config).fix_lines_with(text, |range, fixed| {
        if may_hold_surrogates {
            changes.replace_each_replacement(covered, range.start);
        }
        changes.replace(range.start, range.end, &fixed);
        covered = range.end;
    });
    if may_hold_surrogates {
        changes.replace_each_replacement(covered, text.len());
    }
    changes.finish()
}

/// The answer of a function on the whole text, as [`Changes`].
pub fn whole(text: &str, fixed: Cow<'_, str>) -> Changes {
    let may_hold_surrogates = memchr::memmem::find(text.as_bytes(), REPLACEMENT).is_some();
    let mut changes = ChangeList::new(text, !may_hold_surrogates);
    match fixed {
        Cow::Owned(fixed) => changes.replace(0, text.len(), &fixed),
        Cow::Borrowed(_) if may_hold_surrogates => changes.replace(0, text.len(), text),
        Cow::Borrowed(_) => {}
    }
    changes.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text that `changes` make of `text`, as the JavaScript half
    /// builds it from its UTF-16 string.
    fn applied(text: &str, changes: &Changes, output: &[u8]) -> String {
        let units: Vec<u16> = text.encode_utf16().collect();
        let fixed: Vec<u16> = std::str::from_utf8(output)
            .unwrap()
            .encode_utf16()
            .collect();
        let (mut result, mut cursor, mut at) = (Vec::new(), 0, 0);
        for change in changes[2..].chunks(3) {
            let [start, end, length] = [0, 1, 2].map(|i| change[i] as usize);
            result.extend_from_slice(&units[cursor..start]);
            result.extend_from_slice(&fixed[at..at + length]);
            (cursor, at) = (end, at + length);
        }
        result.extend_from_slice(&units[cursor..]);
        String::from_utf16(&result).unwrap()
    }

    #[test]
    fn common_ends_are_whole_characters() {
        assert_eq!(common_ends("caf\u{e9}!", "caf\u{ea}!"), (3, 1));
        assert_eq!(common_ends("aaa", "aa"), (2, 0));
        assert_eq!(common_ends("", "x"), (0, 0));
        assert_eq!(common_ends("x\u{e9}", "y\u{e9}"), (0, 2));
    }

    #[test]
    fn counts_utf16_code_units() {
        assert_eq!(utf16_len("aé€😀"), 5);
        assert_eq!(utf16_len(""), 0);
        let long = "a😀é€".repeat(100);
        assert_eq!(utf16_len(&long), long.encode_utf16().count());
    }

    #[test]
    fn changes_are_what_differs_in_the_changed_lines() {
        let config = TextFixerConfig::default();
        let text = "fine\ncafÃ©\nschÃ¶n\nfine 😀\nlast Ã©";
        let changes = fix_text(text, &config);
        let output = OUTPUT.with_borrow(|output| output.clone());
        assert_eq!(changes[1] as usize, output.len());
        // Only what differs: each "Ã©" or "Ã¶", 2 UTF-16 code units, is
        // one character.
        assert_eq!(changes[2..], [8, 10, 1, 14, 16, 1, 31, 33, 1]);
        assert_eq!(applied(text, &changes, &output), ftfy::fix_text(text));
    }

    #[test]
    fn unchanged_text_has_no_changes_but_for_u_fffd() {
        let config = TextFixerConfig::default();
        assert_eq!(fix_text("fine\ntext\n", &config)[2..], []);
        // Each U+FFFD is replaced by itself, and changes in a text that
        // holds one are whole lines.
        assert_eq!(fix_text("fine\nwith \u{fffd}\n", &config)[2..], [10, 11, 1]);
        assert_eq!(
            fix_text("\u{fffd}\ncafÃ©\n\u{fffd}\u{fffd}", &config)[2..],
            [0, 1, 1, 2, 10, 7]
        );
        assert_eq!(whole("fine", Cow::Borrowed("fine"))[2..], []);
        assert_eq!(whole("fine", Cow::Owned("fine!".into()))[2..], [4, 4, 1]);
        assert_eq!(
            whole("a\u{fffd}b", Cow::Borrowed("a\u{fffd}b"))[2..],
            [0, 3, 3]
        );
    }
}
