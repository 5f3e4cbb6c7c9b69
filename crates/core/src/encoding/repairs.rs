//! The repairs `fix_encoding` makes on the way: on the bytes of re-encoded
//! mojibake ([`restore_byte_a0`], [`replace_lossy_sequences`]) and on text
//! that cannot be re-decoded as a whole ([`decode_inconsistent_utf8`],
//! [`fix_c1_controls`]). Each is public through [`crate::fixes`], and plans
//! name them.

use std::borrow::Cow;
use std::ops::Range;

use super::fix_encoding_of_bad;
use super::runs::{next_run, runs_around};
use crate::badness::{is_bad, is_bad_within};
use crate::codecs;
use crate::edits::{Changes, Edits};
use crate::TextFixerConfig;

/// Restores byte A0 where some program turned it into an ASCII space,
/// inside sequences that would then decode as UTF-8. Works on the bytes of
/// re-encoded mojibake; returns them borrowed when nothing changes.
///
/// `Ã ` followed by a word becomes `à ` with the space kept (French and
/// Portuguese `à`), except before the Portuguese `às` and `àquele` family.
///
/// ```
/// use ftfy_core::fixes::restore_byte_a0;
///
/// // "voilÃ le" encoded as Latin-1: C3 then a space where A0 was.
/// assert_eq!(restore_byte_a0(b"voil\xc3 le").as_ref(), b"voil\xc3\xa0 le");
/// assert_eq!(restore_byte_a0(b"\xf0\x9f\x8c ").as_ref(), b"\xf0\x9f\x8c\xa0");
/// assert_eq!(restore_byte_a0(b"plain text").as_ref(), b"plain text");
/// ```
pub fn restore_byte_a0(bytes: &[u8]) -> Cow<'_, [u8]> {
    let restored = insert_a0_after_lone_c3(bytes);
    if !might_have_altered_utf8(&restored) {
        return restored;
    }
    let mut fixed = restored.into_owned();
    let mut at = 0;
    while at < fixed.len() {
        match altered_utf8_at(&fixed, at) {
            Some((length, space)) => {
                fixed[at + space] = 0xA0;
                at += length;
            }
            None => at += 1,
        }
    }
    Cow::Owned(fixed)
}

/// A UTF-8 sequence at `at` that would be valid if a byte A0 had not become
/// a space, as ftfy 6.3.1's `ALTERED_UTF8_RE` finds them (see it for the
/// reasoning behind each lead byte): its length and where its space is.
/// The pattern's alternatives start with different bytes, or hold their
/// space in different places, so at most one fits.
fn altered_utf8_at(bytes: &[u8], at: usize) -> Option<(usize, usize)> {
    // `[\x80-\x84\x86-\x9f\xa1-\xbf]`, and `[\x80-\xbf]`.
    let likely = |b: u8| matches!(b, 0x80..=0x84 | 0x86..=0x9F | 0xA1..=0xBF);
    let continuation = |b: u8| matches!(b, 0x80..=0xBF);
    let next = |offset: usize| bytes.get(at + offset).copied();
    match (next(0)?, next(1)?, next(2), next(3)) {
        (0xC2 | 0xC3 | 0xC5 | 0xCE | 0xD0 | 0xD9, b' ', ..) => Some((2, 1)),
        (0xE2 | 0xE3, b' ', Some(c), _) if likely(c) => Some((3, 1)),
        (0xE0..=0xE3, b, Some(b' '), _) if likely(b) => Some((3, 2)),
        (0xF0, b' ', Some(c), Some(d)) if continuation(c) && continuation(d) => Some((4, 1)),
        (0xF0, b, Some(b' '), Some(d)) if continuation(b) && continuation(d) => Some((4, 2)),
        (0xF0, b, Some(c), Some(b' ')) if continuation(b) && continuation(c) => Some((4, 3)),
        _ => None,
    }
}

/// `C3 20` becomes `C3 A0 20` unless followed by a space or by the
/// Portuguese `quele`, `quela`, `quilo` or `s `.
fn insert_a0_after_lone_c3(bytes: &[u8]) -> Cow<'_, [u8]> {
    const KEPT_AFTER: [&[u8]; 5] = [b" ", b"quele", b"quela", b"quilo", b"s "];
    let mut edits = Edits::new(bytes);
    let mut i = 0;
    while i + 1 < bytes.len() {
        if bytes[i] == 0xC3 && bytes[i + 1] == b' ' {
            let after = &bytes[i + 2..];
            if !KEPT_AFTER.iter().any(|word| after.starts_with(word)) {
                edits.replace(i + 1, i + 1, b"\xa0");
            }
            i += 2;
        } else {
            i += 1;
        }
    }
    edits.finish()
}

/// Replaces UTF-8 sequences that lost bytes with the UTF-8 encoding of
/// U+FFFD. The lost bytes appear as byte 1A, which the sloppy codecs use for
/// U+FFFD, or as `?`. Works on the bytes of re-encoded mojibake; returns
/// them borrowed when nothing changes.
///
/// This lets `fix_encoding` turn `â€œ like this â€�` into
/// `“ like this �`.
///
/// ```
/// use ftfy_core::fixes::replace_lossy_sequences;
///
/// assert_eq!(replace_lossy_sequences(b"\xe2\x80\x1a").as_ref(), "\u{fffd}".as_bytes());
/// assert_eq!(replace_lossy_sequences(b"ok").as_ref(), b"ok");
/// ```
pub fn replace_lossy_sequences(bytes: &[u8]) -> Cow<'_, [u8]> {
    // Every sequence holds a byte 1A or a `?`.
    if !bytes.iter().any(|&byte| byte == 0x1A || byte == b'?') {
        return Cow::Borrowed(bytes);
    }
    let mut edits = Edits::new(bytes);
    let mut at = 0;
    while at < bytes.len() {
        match lossy_sequence_at(bytes, at) {
            Some(length) => {
                edits.replace(at, at + length, "\u{fffd}".as_bytes());
                at += length;
            }
            None => at += 1,
        }
    }
    match edits.finish() {
        Cow::Owned(replaced) if replaced != bytes => Cow::Owned(replaced),
        _ => Cow::Borrowed(bytes),
    }
}

/// The length of the sequence of UTF-8 or CESU-8 that lost bytes starting
/// at `at`, if one does: byte 1A stands for a byte that became U+FFFD (the
/// sloppy codecs encode U+FFFD as 1A), and an ASCII `?` may stand for one,
/// at most once per sequence. ftfy's `LOSSY_UTF8_RE`, its alternatives
/// tried in its order (the first that matches is taken, as by a regex);
/// written out, as a regex search costs more than the whole repair on a
/// short line. (`tests` checks it against the regex.)
fn lossy_sequence_at(bytes: &[u8], at: usize) -> Option<usize> {
    let byte = |offset: usize| bytes.get(at + offset).copied().unwrap_or(0);
    let continuation = |offset: usize| (0x80..=0xBF).contains(&byte(offset));
    // `[\x1a?]`, `[\x1a\x80-\xbf]` and `[\x1a?\x80-\xbf]` at `offset`.
    let lost = |offset: usize| matches!(byte(offset), 0x1A | b'?');
    let lost_or_continuation = |offset: usize| byte(offset) == 0x1A || continuation(offset);
    let any = |offset: usize| lost(offset) || continuation(offset);
    let length = match byte(0) {
        0x1A => 1,
        // `[\xc2-\xdf][\x1a]`, `[\xc2-\xc3][?]`
        lead @ 0xC2..=0xDF if byte(1) == 0x1A || (lead <= 0xC3 && byte(1) == b'?') => 2,
        // A surrogate pair in CESU-8: `\xed[\xa0-\xaf][\x1a?]\xed[\xb0-\xbf][\x1a?\x80-\xbf]`
        // and `\xed[\xa0-\xaf][\x1a?\x80-\xbf]\xed[\xb0-\xbf][\x1a?]`.
        0xED if (0xA0..=0xAF).contains(&byte(1))
            && byte(3) == 0xED
            && (0xB0..=0xBF).contains(&byte(4))
            && ((lost(2) && any(5)) || (any(2) && lost(5))) =>
        {
            6
        }
        // `[\xe0-\xef][\x1a?][\x1a\x80-\xbf]`, `[\xe0-\xef][\x1a\x80-\xbf][\x1a?]`
        0xE0..=0xEF
            if (lost(1) && lost_or_continuation(2)) || (lost_or_continuation(1) && lost(2)) =>
        {
            3
        }
        // The same for four bytes, the lost byte second, third or fourth.
        0xF0..=0xF4
            if (lost(1) && lost_or_continuation(2) && lost_or_continuation(3))
                || (lost_or_continuation(1) && lost(2) && lost_or_continuation(3))
                || (lost_or_continuation(1) && lost_or_continuation(2) && lost(3)) =>
        {
            4
        }
        _ => return None,
    };
    Some(length)
}

/// Fixes UTF-8 mojibake embedded in text that cannot be re-decoded as a
/// whole, such as a line joined from two sources. Each run of characters
/// that looks like UTF-8 mojibake, and that the badness heuristic flags,
/// is fixed on its own with [`fix_encoding`](crate::fix_encoding).
///
/// ```
/// use ftfy_core::fixes::decode_inconsistent_utf8;
///
/// assert_eq!(decode_inconsistent_utf8("Ð¿Ñ€Ð¸Ð²ÐµÑ‚ is not привет?"), "привет is not привет?");
/// assert_eq!(decode_inconsistent_utf8("fine"), "fine");
/// ```
pub fn decode_inconsistent_utf8(text: &str) -> Cow<'_, str> {
    decode_inconsistent_utf8_in(text, false)
}

/// [`decode_inconsistent_utf8`] on `text`, which is a line of a longer
/// text when `part_of_longer` (a run is then always shorter than the
/// whole). Runs never hold a line break, nor follow one as garble, so the
/// lines of a text can be fixed one by one.
pub(crate) fn decode_inconsistent_utf8_in(text: &str, part_of_longer: bool) -> Cow<'_, str> {
    decode_runs(text, part_of_longer, None, &mut Vec::new())
}

/// [`decode_inconsistent_utf8`] searching for runs only around the
/// `changed` ranges of `text` (in order; `None`: everywhere), when the
/// rest is known to hold no run that it would fix: `fix_encoding`'s steps
/// after the first, which change a long text in a few places. Pushes to
/// `fixed` the ranges of the result that replaced runs.
pub(crate) fn decode_inconsistent_utf8_around<'a>(
    text: &'a str,
    changed: Option<&[Range<usize>]>,
    fixed: &mut Vec<Range<usize>>,
) -> Cow<'a, str> {
    decode_runs(text, false, changed, fixed)
}

/// [`decode_inconsistent_utf8_in`] and [`decode_inconsistent_utf8_around`].
fn decode_runs<'a>(
    text: &'a str,
    part_of_longer: bool,
    changed: Option<&[Range<usize>]>,
    fixed_ranges: &mut Vec<Range<usize>>,
) -> Cow<'a, str> {
    // Most texts hold no run at all: that is found before anything is
    // set up, and the run found otherwise is the search's first.
    let mut first_run = None;
    if changed.is_none() {
        match next_run(text, 0) {
            None => return Cow::Borrowed(text),
            found => first_run = found,
        }
    }
    let mut edits = Edits::new(text);
    let mut recent = RecentRuns::default();
    // How many bytes longer the result is than `text`, up to the last run
    // replaced.
    let mut growth = 0isize;
    let whole = 0..text.len();
    let around_changes;
    let parts: &[Range<usize>] = match changed {
        None => std::slice::from_ref(&whole),
        Some(changed) => {
            around_changes = parts_around(text, changed);
            &around_changes
        }
    };
    for part in parts.iter().cloned() {
        // The part ends at a barrier or at the end of the text, where the
        // runs end alike.
        let within = &text[..part.end];
        let mut search_from = part.start;
        // (With `changed` unknown, the one part is the whole text, whose
        // search from 0 found `first_run`.)
        while let Some((start, end)) = first_run.take().or_else(|| next_run(within, search_from)) {
            let run = &text[start..end];
            // A run as long as the text would recurse forever.
            if part_of_longer || run.len() < text.len() {
                if let Some(fixed) = recent.fixed(run) {
                    let fixed_start = start.saturating_add_signed(growth);
                    fixed_ranges.push(fixed_start..fixed_start + fixed.len());
                    growth += fixed.len() as isize - run.len() as isize;
                    edits.replace(start, end, fixed);
                }
            }
            search_from = end;
        }
    }
    edits.finish()
}

/// The parts of `text` to search for runs after a change of the
/// `changed` ranges (see [`runs_around`]), in order and apart.
pub(super) fn parts_around(text: &str, changed: &[Range<usize>]) -> Vec<Range<usize>> {
    let mut parts: Vec<Range<usize>> = Vec::with_capacity(changed.len());
    for range in changed {
        let searched_to = parts.last().map_or(0, |last| last.end);
        // A change inside a part already found changes nothing more (and
        // text without barriers is one part, found once).
        if range.end <= searched_to && !parts.is_empty() {
            continue;
        }
        let part = runs_around(text, range, searched_to.min(range.start));
        match parts.last_mut() {
            Some(last) if part.start <= last.end => last.end = last.end.max(part.end),
            _ => parts.push(part),
        }
    }
    parts
}

/// What a run of mojibake becomes: its fix if the heuristic flags it and
/// `fix_encoding` changes it, else `None`.
fn fixed_run(run: &str) -> Option<String> {
    if !is_bad(run) {
        return None;
    }
    match fix_encoding_of_bad(run, &TextFixerConfig::default(), None).0 {
        Cow::Owned(fixed) => Some(fixed),
        Cow::Borrowed(_) => None,
    }
}

/// The fixes of the last few distinct runs: the same few sequences of
/// mojibake tend to recur through a text (`â€™` for every apostrophe),
/// and a run's fix depends on nothing but the run.
#[derive(Default)]
pub(super) struct RecentRuns {
    /// Runs, replaced in turn; an empty run is no run.
    entries: [RecentRun; 4],
    next_replaced: usize,
}

#[derive(Default)]
struct RecentRun {
    run: String,
    fixed: Option<String>,
    /// [`is_bad_within`] of the run, once asked.
    bad_within: Option<bool>,
}

impl RecentRuns {
    /// [`fixed_run`] of `run`, remembered.
    pub(super) fn fixed(&mut self, run: &str) -> Option<&str> {
        self.entry(run).fixed.as_deref()
    }

    /// [`fixed_run`] of `run`, and whether the run is bad within a longer
    /// text ([`is_bad_within`]), both remembered.
    pub(super) fn fixed_and_bad_within(&mut self, run: &str) -> Option<(&str, bool)> {
        let entry = self.entry(run);
        let fixed = entry.fixed.as_deref()?;
        let bad_within = *entry.bad_within.get_or_insert_with(|| is_bad_within(run));
        Some((fixed, bad_within))
    }

    fn entry(&mut self, run: &str) -> &mut RecentRun {
        let index = match self.entries.iter().position(|entry| entry.run == run) {
            Some(index) => index,
            None => {
                let index = self.next_replaced;
                // The run's place keeps its buffer, so that a new run
                // costs no allocation of its own.
                let entry = &mut self.entries[index];
                entry.run.clear();
                entry.run.push_str(run);
                entry.fixed = fixed_run(run);
                entry.bad_within = None;
                self.next_replaced = (index + 1) % self.entries.len();
                index
            }
        };
        &mut self.entries[index]
    }
}

pub(crate) fn has_c1_control(text: &str) -> bool {
    C1Controls::of(text).next().is_some()
}

/// Whether `text` holds a C1 control that [`fix_c1_controls`] changes (all
/// but the five that Windows-1252 leaves undefined).
pub(crate) fn has_fixable_c1_control(text: &str) -> bool {
    C1Controls::of(text).any(|(_, byte)| is_fixable_c1_control(byte))
}

/// Whether `text` holds C1 controls, all of which [`fix_c1_controls`]
/// changes: then Windows-1252 decodes its Latin-1 bytes.
pub(crate) fn only_fixable_c1_controls(text: &str) -> bool {
    let mut controls = C1Controls::of(text).peekable();
    controls.peek().is_some() && controls.all(|(_, byte)| is_fixable_c1_control(byte))
}

/// Whether Windows-1252 defines the byte of the C1 control `byte`.
fn is_fixable_c1_control(byte: u8) -> bool {
    codecs::SLOPPY_WINDOWS_1252
        .decode_byte(byte)
        .is_some_and(|c| u32::from(c) != u32::from(byte))
}

/// The C1 controls of a text, in order: the byte offset of each and its
/// second byte (C1 controls are encoded as C2 80 – C2 9F). Its lead bytes
/// are found by `memchr`, except in the last few bytes, where a plain
/// loop costs less than setting up its search (a line is often short),
/// and right after a control, where the next one often is.
pub(crate) struct C1Controls<'a> {
    bytes: &'a [u8],
    from: usize,
}

impl<'a> C1Controls<'a> {
    /// Shorter than this, the rest is searched by a plain loop.
    const SHORT: usize = 32;

    pub(crate) fn of(text: &'a str) -> C1Controls<'a> {
        C1Controls {
            bytes: text.as_bytes(),
            from: 0,
        }
    }
}

impl Iterator for C1Controls<'_> {
    type Item = (usize, u8);

    fn next(&mut self) -> Option<(usize, u8)> {
        loop {
            let rest = self.bytes.get(self.from..)?;
            // (Also where the next byte is C2, as in a run of controls.)
            let offset = if rest.len() < Self::SHORT || rest.first() == Some(&0xC2) {
                rest.iter().position(|&byte| byte == 0xC2)?
            } else {
                memchr::memchr(0xC2, rest)?
            };
            let at = self.from + offset;
            self.from = at + 1;
            if let Some(&byte @ 0x80..=0x9F) = self.bytes.get(at + 1) {
                return Some((at, byte));
            }
        }
    }
}

/// Whether some sequence [`altered_utf8_at`] finds is in `bytes`, tested
/// around each space (a proptest checks it against ftfy's pattern): the
/// pattern's alternatives, by where their space is.
pub(crate) fn might_have_altered_utf8(bytes: &[u8]) -> bool {
    let at = |i: Option<usize>| i.and_then(|i| bytes.get(i)).copied().unwrap_or(0);
    // `[\x80-\x84\x86-\x9f\xa1-\xbf]`, and `[\x80-\xbf]`.
    let likely = |b: u8| matches!(b, 0x80..=0x84 | 0x86..=0x9F | 0xA1..=0xBF);
    let continuation = |b: u8| matches!(b, 0x80..=0xBF);
    bytes.iter().enumerate().any(|(i, &byte)| {
        if byte != b' ' || i == 0 {
            return false;
        }
        let (p1, p2, p3) = (
            at(i.checked_sub(1)),
            at(i.checked_sub(2)),
            at(i.checked_sub(3)),
        );
        let (n1, n2) = (at(Some(i + 1)), at(Some(i + 2)));
        matches!(p1, 0xC2 | 0xC3 | 0xC5 | 0xCE | 0xD0 | 0xD9)
            || (matches!(p1, 0xE2 | 0xE3) && likely(n1))
            || (matches!(p2, 0xE0..=0xE3) && likely(p1))
            || (p1 == 0xF0 && continuation(n1) && continuation(n2))
            || (p2 == 0xF0 && continuation(p1) && continuation(n1))
            || (p3 == 0xF0 && continuation(p2) && continuation(p1))
    })
}

/// Replaces C1 control characters (U+0080–U+009F) with the Windows-1252
/// characters of the same byte, as web browsers do. The five bytes
/// Windows-1252 leaves unmapped stay as they are.
///
/// ```
/// use ftfy_core::fixes::fix_c1_controls;
///
/// assert_eq!(fix_c1_controls("\u{93}quoted\u{94} \u{80}5"), "“quoted” €5");
/// assert_eq!(fix_c1_controls("\u{81}"), "\u{81}");
/// ```
pub fn fix_c1_controls(text: &str) -> Cow<'_, str> {
    fix_c1_controls_noting(text, &mut Vec::new(), None)
}

/// [`fix_c1_controls`], pushing to `fixed_ranges` the ranges of the result
/// that replaced a control, and telling `changes` where it changed the
/// text.
pub(crate) fn fix_c1_controls_noting<'a>(
    text: &'a str,
    fixed_ranges: &mut Vec<Range<usize>>,
    changes: Option<&mut Changes>,
) -> Cow<'a, str> {
    let mut edits = Edits::noting(text, changes);
    // How many bytes longer the result is than `text` so far.
    let mut growth = 0;
    for (at, byte) in C1Controls::of(text) {
        if let Some(c) = codecs::SLOPPY_WINDOWS_1252.decode_byte(byte) {
            if u32::from(c) != u32::from(byte) {
                let fixed_start = at + growth;
                fixed_ranges.push(fixed_start..fixed_start + c.len_utf8());
                // Every control takes two bytes, and its character two or three.
                growth += c.len_utf8() - 2;
                edits.replace(at, at + 2, c.encode_utf8(&mut [0; 4]));
            }
        }
    }
    edits.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    use regex::bytes::Regex as BytesRegex;
    use std::sync::LazyLock;

    /// ftfy's `ALTERED_UTF8_RE`, which `altered_utf8_at` writes out.
    static ALTERED_UTF8: LazyLock<BytesRegex> = LazyLock::new(|| {
        BytesRegex::new(
            r"(?-u)[\xc2\xc3\xc5\xce\xd0\xd9][ ]|[\xe2\xe3][ ][\x80-\x84\x86-\x9f\xa1-\xbf]|[\xe0-\xe3][\x80-\x84\x86-\x9f\xa1-\xbf][ ]|[\xf0][ ][\x80-\xbf][\x80-\xbf]|[\xf0][\x80-\xbf][ ][\x80-\xbf]|[\xf0][\x80-\xbf][\x80-\xbf][ ]",
        )
        .expect("valid pattern")
    });

    /// ftfy's `LOSSY_UTF8_RE`, which `lossy_sequence_at` writes out.
    static LOSSY_UTF8: LazyLock<BytesRegex> = LazyLock::new(|| {
        BytesRegex::new(concat!(
            r"(?-u)[\xc2-\xdf][\x1a]",
            r"|[\xc2-\xc3][?]",
            r"|\xed[\xa0-\xaf][\x1a?]\xed[\xb0-\xbf][\x1a?\x80-\xbf]",
            r"|\xed[\xa0-\xaf][\x1a?\x80-\xbf]\xed[\xb0-\xbf][\x1a?]",
            r"|[\xe0-\xef][\x1a?][\x1a\x80-\xbf]",
            r"|[\xe0-\xef][\x1a\x80-\xbf][\x1a?]",
            r"|[\xf0-\xf4][\x1a?][\x1a\x80-\xbf][\x1a\x80-\xbf]",
            r"|[\xf0-\xf4][\x1a\x80-\xbf][\x1a?][\x1a\x80-\xbf]",
            r"|[\xf0-\xf4][\x1a\x80-\xbf][\x1a\x80-\xbf][\x1a?]",
            r"|\x1a",
        ))
        .expect("valid pattern")
    });

    /// The plain definition of [`fix_c1_controls`]: each character in
    /// turn, C1 controls mapped through Windows-1252.
    fn plain_fix_c1_controls(text: &str) -> String {
        text.chars()
            .map(|c| match u8::try_from(c as u32) {
                Ok(byte @ 0x80..=0x9F) => {
                    codecs::SLOPPY_WINDOWS_1252.decode_byte(byte).unwrap_or(c)
                }
                _ => c,
            })
            .collect()
    }

    /// The plain definition of [`decode_inconsistent_utf8`]: every run
    /// fixed afresh.
    fn plain_decode_inconsistent_utf8(text: &str) -> String {
        let mut fixed = String::new();
        let mut copied = 0;
        let mut search_from = 0;
        while let Some((start, end)) = next_run(text, search_from) {
            if end - start < text.len() {
                if let Some(run) = fixed_run(&text[start..end]) {
                    fixed.push_str(&text[copied..start]);
                    fixed.push_str(&run);
                    copied = end;
                }
            }
            search_from = end;
        }
        fixed.push_str(&text[copied..]);
        fixed
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// Remembering the fixes of recent runs changes nothing: texts
        /// of a few runs, good and bad, repeated in any order.
        #[test]
        fn recent_runs_remembered_as_fixed_afresh(
            picks in proptest::collection::vec(0..12usize, 0..40)
        ) {
            let pieces = [
                "Ã©", "â€™", "Ã", "é", " ", "Ð¿", "Ã©Ã", "ðŸ˜€", "Ã\u{a0}", "×²", "中", "Ã©Ã©",
            ];
            let text: String = picks.into_iter().map(|i| pieces[i]).collect();
            prop_assert_eq!(
                decode_inconsistent_utf8(&text).into_owned(),
                plain_decode_inconsistent_utf8(&text),
                "{:?}",
                text
            );
        }

        /// Searching for runs only around what the step before changed
        /// finds what searching everywhere finds, step after step, as
        /// fix_encoding's steps search: runs fixed, else C1 controls.
        #[test]
        fn runs_searched_around_changes_as_everywhere(
            picks in proptest::collection::vec(0..24usize, 0..48)
        ) {
            let pieces = [
                "Ã", "Â", "©", "ƒ", "Ã©", "ÃƒÂ©", "â€™", "\u{80}", "\u{85}", "\u{9d}", " ", "a",
                "ñ", "€", "™", "Ð", "¿", "Ñ", "Ð¿", "×", "ŠÂ", "Ä", "\u{a0}", "¢",
            ];
            let mut current: String = picks.into_iter().map(|i| pieces[i]).collect();
            let mut changed: Option<Vec<Range<usize>>> = None;
            for _ in 0..6 {
                let mut fixed_ranges = Vec::new();
                let around =
                    decode_inconsistent_utf8_around(&current, changed.as_deref(), &mut fixed_ranges);
                prop_assert_eq!(&around, &decode_inconsistent_utf8(&current), "{:?}", current);
                let mut c1_ranges = Vec::new();
                let (next, ranges) = match around {
                    Cow::Owned(fixed) => (fixed, fixed_ranges),
                    Cow::Borrowed(_) => (
                        fix_c1_controls_noting(&current, &mut c1_ranges, None).into_owned(),
                        c1_ranges,
                    ),
                };
                if next == current {
                    break;
                }
                current = next;
                changed = Some(ranges);
            }
        }

        /// Replacing the controls' bytes in place gives what mapping every
        /// character gives, borrowing when that changes nothing.
        #[test]
        fn c1_controls_fixed_in_place_as_char_by_char(
            picks in proptest::collection::vec(0..16usize, 0..48)
        ) {
            let pool: Vec<char> = "a \u{80}\u{81}\u{85}\u{8d}\u{93}\u{9d}\u{9f}\u{a0}Â€“中😀\n".chars().collect();
            let text: String = picks.into_iter().map(|i| pool[i % pool.len()]).collect();
            // Long enough for C1Controls to search both ways.
            let has_c1 = text.chars().any(|c| ('\u{80}'..='\u{9f}').contains(&c));
            prop_assert_eq!(has_c1_control(&text), has_c1, "{:?}", text);
            let fixed = fix_c1_controls(&text);
            let plain = plain_fix_c1_controls(&text);
            prop_assert_eq!(matches!(fixed, Cow::Borrowed(_)), plain == text, "{:?}", text);
            prop_assert_eq!(fixed.into_owned(), plain, "{:?}", text);
        }

        /// The byte test in front of the A0 pattern never turns a match
        /// away, and the lossy sequences written out are the regex's.
        #[test]
        fn prefilters_keep_every_match(picks in proptest::collection::vec(0..32usize, 0..16)) {
            // Bytes, and halves of CESU-8 surrogate pairs, which the
            // longest lossy sequences are made of.
            let pool: [&[u8]; 32] = [
                b" ", b"?", b"\x1a", b"a", b"\x80", b"\x9f", b"\xa0", b"\xbf", b"\xc2", b"\xc3", b"\xc5",
                b"\xd9", b"\xe2", b"\xe3", b"\xed", b"\xf0", b"\x1a", b"?", b"\xaf", b"\xb0", b"\xc4",
                b"\xdf", b"\xe0", b"\xef", b"\xf4", b"\xf5", b"\xed", b"\xed\xa5", b"\xed\xb5",
                b"\xed\xa5\x1a", b"\xed\xb5?", b"\xed\xaf\x80",
            ];
            let bytes: Vec<u8> = picks.into_iter().flat_map(|i| pool[i].iter().copied()).collect();
            prop_assert_eq!(might_have_altered_utf8(&bytes), ALTERED_UTF8.is_match(&bytes), "{:?}", bytes);
            // restore_byte_a0's second half, against the pattern.
            let restored = insert_a0_after_lone_c3(&bytes).into_owned();
            let plain = ALTERED_UTF8.replace_all(&restored, |found: &regex::bytes::Captures| {
                found[0].iter().map(|&b| if b == b' ' { 0xA0 } else { b }).collect::<Vec<u8>>()
            });
            prop_assert_eq!(restore_byte_a0(&bytes).into_owned(), plain.into_owned(), "{:?}", bytes);
            let plain = match LOSSY_UTF8.replace_all(&bytes, "\u{fffd}".as_bytes()) {
                Cow::Owned(replaced) if replaced != bytes => replaced,
                _ => bytes.clone(),
            };
            prop_assert_eq!(replace_lossy_sequences(&bytes).into_owned(), plain, "{:?}", bytes);
        }
    }
}
