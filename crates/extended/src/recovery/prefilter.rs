//! A cheap, conservative test run before the language model: when it
//! says a line can't be recovered, no candidate of [`super::recover`]
//! exists or could be accepted, so recovery returns `None` without
//! scoring anything. Most clean text stops here, in one pass over its
//! characters.
//!
//! What it relies on (each a necessary condition of `recover`):
//!
//! - A UTF-8 re-decoding (whole line, [`super::candidates::whole_line`],
//!   or damaged words, [`super::spans::repair_spans`]) through a codec
//!   needs the line, or a run of one word that the codec encodes and
//!   that holds a non-ASCII character, to decode as UTF-8 once encoded.
//!   The bytes of all the codecs are followed at once, one bit each: a
//!   lead byte must be followed by its continuation bytes (a space, `'`
//!   or `"` may stand for one: `restore_continuation_bytes`), and no
//!   other byte above 7F may appear. (The finer rules of UTF-8, such as
//!   overlong forms, are not checked: the test only ever says *maybe*
//!   too often.)
//! - A legacy re-decoding needs a codec that encodes the whole line, and
//!   then either a hard sign of mojibake in the text as read (as
//!   [`super::signs`] finds them, followed by `Scanner`) or at least
//!   `LEGACY_MIN_CHANGED` non-ASCII characters and, where the line has
//!   accented Latin letters, enough of them for the new script's letters
//!   to make half the candidate's letters (`3 × non-ASCII ≥ ASCII
//!   letters` bounds that for every codec, multi-byte ones included, and
//!   `non-ASCII ≥ ASCII letters` on a line of Latin letters too short for
//!   a multi-byte reading: `new_letters_bound`), or a sign of a mixup
//!   within the Latin script (accented letters no one language writes
//!   together, a capital inside a word: [`super::signs`]).
//! - A UTF-8 re-decoding that merges one character alone (one two-byte
//!   sequence) is accepted only on a sign in the text as read (a hard
//!   one, Latin letters no language writes, a `¿` that a `?` closes) or
//!   after earlier rounds merged characters: so a line that allows no
//!   legacy re-decoding and no run or line that merges two characters,
//!   and shows none of those signs, is [`Viable::weak`] (Persian `بگ`,
//!   which Windows-1256 reads as a lead and a continuation byte).
//!
//! The per-character facts come from one table built on first use from
//! the codecs' own tables and the model's `kind_of`, so they can't
//! disagree with what `recover` does; `tests` checks the claim on
//! random text and the corpus check in `xtask/python/extended/measure.py`
//! counts the lines it lets through.

use super::chars::{Info, Sequencing, Table, TABLE, TWO_BYTE_END};
use super::cyrillic;
use super::signs::{Kind, Scanner};
use crate::language::Script;
use ftfy_core::codecs::{CodecSet, MisreadCodec};
use ftfy_core::extension::text::{bytes_below, bytes_equal, word_at, HIGH_BITS};
use ftfy_core::extension::{starts_unencodable, UNENCODABLE};
use std::sync::LazyLock;

/// The bytes of every codec at once: which codecs are still in a valid
/// UTF-8 sequence, and which await one, two or three continuation bytes.
#[derive(Clone, Copy)]
struct Utf8State {
    ok: CodecSet,
    need1: CodecSet,
    need2: CodecSet,
    need3: CodecSet,
    /// The characters taken as continuation bytes so far: those a
    /// re-decoding would merge into the character before them.
    merged: Merges,
}

/// How many characters a re-decoding merges, per codec, counted up to two
/// (one merged character alone is weak evidence: see [`Viable::weak`]).
#[derive(Clone, Copy, Default)]
struct Merges {
    /// Codecs that merge at least one character.
    once: CodecSet,
    /// Codecs that merge at least two.
    twice: CodecSet,
}

impl Merges {
    /// One more merged character in the codecs of `codecs`.
    fn add(&mut self, codecs: CodecSet) {
        self.twice |= self.once & codecs;
        self.once |= codecs;
    }

    /// Those of `other` too, in the codecs of `codecs`.
    fn add_all(&mut self, other: Merges, codecs: CodecSet) {
        self.twice |= (other.twice | (self.once & other.once)) & codecs;
        self.once |= other.once & codecs;
    }

    /// Forgets the codecs of `codecs`.
    fn clear(&mut self, codecs: CodecSet) {
        self.once -= codecs;
        self.twice -= codecs;
    }
}

/// The codecs among those that encode a character in which it breaks
/// UTF-8, where the codecs of `pending` await a continuation byte: an open
/// sequence doesn't take it (`takes`), or it can't stand where none is
/// open (`stray`: a continuation byte, or a byte that neither starts nor
/// continues a sequence). (In the codecs that don't encode it, it breaks
/// UTF-8 too.)
#[inline]
fn breaks(pending: CodecSet, takes: CodecSet, stray: CodecSet) -> CodecSet {
    (pending - takes) | (stray - pending)
}

impl Utf8State {
    fn new(all: CodecSet) -> Utf8State {
        Utf8State {
            ok: all,
            need1: CodecSet::EMPTY,
            need2: CodecSet::EMPTY,
            need3: CodecSet::EMPTY,
            merged: Merges::default(),
        }
    }

    fn pending(self) -> CodecSet {
        self.need1 | self.need2 | self.need3
    }

    /// Follows one character (codecs that can't encode it fail).
    #[inline]
    fn step(&mut self, info: &Bytes) {
        let pending = self.pending();
        let takes = info.cont | info.quote;
        self.ok = (self.ok & info.enc) - breaks(pending, takes, info.cont | info.bad);
        self.merged.add(pending & takes & self.ok);
        self.need1 = ((self.need2 & takes) | (info.lead1 - pending)) & self.ok;
        self.need2 = ((self.need3 & takes) | (info.lead2 - pending)) & self.ok;
        self.need3 = (info.lead3 - pending) & self.ok;
    }

    /// The codecs for which everything so far decodes.
    fn complete(self) -> CodecSet {
        self.ok - self.pending()
    }
}

/// What each codec's byte for a character is, as [`Utf8State`] follows
/// it (see [`Info`]'s fields of the same names).
#[derive(Clone, Copy)]
struct Bytes {
    enc: CodecSet,
    lead1: CodecSet,
    lead2: CodecSet,
    lead3: CodecSet,
    cont: CodecSet,
    quote: CodecSet,
    bad: CodecSet,
}

impl From<&Info> for Bytes {
    #[inline]
    fn from(info: &Info) -> Bytes {
        Bytes {
            enc: info.enc,
            lead1: info.lead1,
            lead2: info.lead2,
            lead3: info.lead3,
            cont: info.cont,
            quote: info.quote,
            bad: info.bad,
        }
    }
}

impl From<&Sequencing> for Bytes {
    /// (No codec takes a non-ASCII character for a space or a quote, see
    /// `tests`, and the rest of its bytes above 7F are bad.)
    #[inline]
    fn from(info: &Sequencing) -> Bytes {
        Bytes {
            enc: info.enc,
            lead1: info.lead1,
            lead2: info.lead2,
            lead3: info.lead3,
            cont: info.cont,
            quote: CodecSet::EMPTY,
            bad: info.enc - (info.cont | info.lead1 | info.lead2 | info.lead3),
        }
    }
}

/// Which candidates of [`super::recover`] may exist for a line: sets of
/// the codecs UTF-8 is misread through (those of [`UTF8_TRANSFORMS`],
/// the encoders of the legacy transforms among them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Viable {
    /// Codecs through which the whole line may decode as UTF-8.
    pub(crate) line: CodecSet,
    /// Codecs through which some run of a word may decode as UTF-8.
    pub(crate) spans: CodecSet,
    /// Codecs that encode the whole line, when a legacy re-decoding may
    /// be accepted (else 0).
    pub(crate) legacy: CodecSet,
    /// Whether only UTF-8 re-decodings may exist, each merging at most
    /// one character, and the text as read shows none of the signs that
    /// one such sequence needs (a hard sign, Latin letters no language
    /// writes, a Spanish `¿` that a `?` closes): then none is accepted
    /// before two characters were merged on the line (see
    /// `recover_viable`).
    pub(crate) weak: bool,
}

impl Viable {
    /// No candidate.
    pub(crate) const NOTHING: Viable = Viable {
        line: CodecSet::EMPTY,
        spans: CodecSet::EMPTY,
        legacy: CodecSet::EMPTY,
        weak: false,
    };

    /// Every candidate: recovery without the prefilter, for tests.
    #[cfg(test)]
    pub(crate) const EVERYTHING: Viable = Viable {
        line: CodecSet::ALL,
        spans: CodecSet::ALL,
        legacy: CodecSet::ALL,
        weak: false,
    };

    /// Whether the legacy transforms that encode with `encoder` may make
    /// a candidate.
    pub(crate) fn legacy_through(self, encoder: MisreadCodec) -> bool {
        self.legacy.contains(encoder)
    }
}

fn is_printable_ascii(byte: u8) -> bool {
    (0x20..0x7f).contains(&byte)
}

/// Which candidates [`super::recover`] may find in `text` (a non-ASCII
/// line), or `None` when it certainly finds none.
pub(crate) fn viable(text: &str) -> Option<Viable> {
    match shortcut(text) {
        Shortcut::Decided(decided) => decided,
        Shortcut::FullPass => viable_in_full(text),
    }
}

/// [`viable`] for a line none of whose characters
/// [`may_continue_sequence`], which most often
/// [`alphabet_line_is_clean`] decides at less cost.
pub(crate) fn viable_without_continuations(text: &str) -> Option<Viable> {
    if alphabet_line_is_clean(text) {
        return None;
    }
    viable(text)
}

/// Whether `text` is a line that [`viable`] certainly turns down, found
/// the cheap way for a common kind of clean line: printable ASCII with no
/// quote, and two-byte characters that are neither Latin nor Cyrillic
/// letters and that no codec reads as a continuation byte (most Greek,
/// Hebrew and Arabic letters). Each such character is a lead byte or a
/// bad one in every codec that encodes it, so no sequence completes but
/// where spaces stand for continuation bytes, which only the whole line's
/// re-decoding may take: two such characters side by side, or one before
/// anything but a space, rule that out. What is left is a legacy
/// re-decoding, which needs a legacy codec that encodes the line. `false`
/// whenever in doubt (the shortcut and the full pass then decide).
/// (Cyrillic letters are left to the shortcut, whose loop over them
/// costs less than this one's would with the signs of
/// [`cyrillic::Signs`].)
fn alphabet_line_is_clean(text: &str) -> bool {
    let table = &TABLE;
    let bytes = text.as_bytes();
    // Most lines of other kinds (Latin, Cyrillic, CJK) show it at their
    // first non-ASCII character. (Before it, printable ASCII, a quote
    // among it, changes nothing: no sequence is open.)
    let mut at = end_of_printable_ascii(bytes, 0);
    if two_byte_char(bytes, at)
        .and_then(|code| alphabet_letter(table, code))
        .is_none()
    {
        return false;
    }
    let mut encodable = table.all;
    let mut line_may_decode = true;
    let mut after_non_ascii = false;
    while let Some(&byte) = bytes.get(at) {
        if byte < 0x80 {
            if !is_printable_ascii(byte) || byte == b'\'' || byte == b'"' {
                return false;
            }
            if after_non_ascii && byte != b' ' {
                line_may_decode = false;
            }
            after_non_ascii = false;
            at += 1;
            continue;
        }
        let Some(bits) = two_byte_char(bytes, at).and_then(|code| alphabet_letter(table, code))
        else {
            return false;
        };
        encodable &= bits.enc();
        if after_non_ascii {
            line_may_decode = false;
        }
        after_non_ascii = true;
        at += 2;
    }
    // (A sequence at the very end is cut short.)
    (after_non_ascii || !line_may_decode) && (encodable & table.legacy).is_empty()
}

/// The run bits of the two-byte character of code point `code` if it is
/// one that [`alphabet_line_is_clean`] takes: not a Latin or Cyrillic
/// letter, not read as an ASCII byte, and a continuation byte in no codec.
fn alphabet_letter(table: &Table, code: usize) -> Option<super::chars::RunBits> {
    let bits = table.two_byte_run[code - 0x80];
    (bits.plain() && bits.cont().is_empty() && !(0x400..0x530).contains(&code)).then_some(bits)
}

/// What the shortcut decided of a line.
#[derive(Debug)]
enum Shortcut {
    /// What [`viable`] gives.
    Decided(Option<Viable>),
    /// Only the full pass can tell.
    FullPass,
}

/// [`viable`] decided on the non-ASCII characters alone, when it can be:
/// when none of them starts a UTF-8 sequence with the characters after it
/// in any codec, no UTF-8 re-decoding can exist, and whether a legacy one
/// may is decided by the counts, or, when that takes the model's hard
/// signs, by their absence in lines whose non-ASCII characters are all
/// Latin letters (beside ASCII, those show none: one script, and ASCII
/// punctuation joins letters).
fn shortcut(text: &str) -> Shortcut {
    let mut pass = ShortcutPass::new(text);
    while let Some(&byte) = pass.bytes.get(pass.at) {
        let step = if byte < 0x80 {
            pass.ascii(byte)
        } else if pass.alphabet_word() {
            Ok(())
        } else {
            pass.other_char()
        };
        if let Err(decided) = step {
            return decided;
        }
    }
    pass.conclude()
}

/// The shortcut's one pass over a line: the codecs' UTF-8 sequences, all
/// followed at once (one bit per codec), and what the counts need.
struct ShortcutPass<'t> {
    text: &'t str,
    bytes: &'t [u8],
    table: &'static Table,
    at: usize,
    non_ascii: usize,
    /// Codecs that encode the line so far.
    encodable: CodecSet,
    /// The signs of the line, while a legacy re-decoding through a codec
    /// other than Windows-1251 may need them ([`ShortcutPass::scanning`]).
    scanner: Scanner,
    /// What `cyrillic::Signs::of` counts, on the way.
    cyrillic_letters: CyrillicLetters,
    /// Codecs in which a lead byte still awaits one, two or three
    /// continuation bytes; a sequence that completes is a UTF-8 candidate.
    need1: CodecSet,
    need2: CodecSet,
    need3: CodecSet,
    /// Codecs through which the line may still decode as UTF-8 as a whole
    /// (a superset: bytes that start nothing are not checked). Only their
    /// sequences may take a space for a continuation byte, as runs end at
    /// whitespace.
    line_ok: CodecSet,
}

impl<'t> ShortcutPass<'t> {
    fn new(text: &'t str) -> ShortcutPass<'t> {
        let table = &TABLE;
        ShortcutPass {
            text,
            bytes: text.as_bytes(),
            table,
            at: 0,
            non_ascii: 0,
            encodable: table.all,
            scanner: Scanner::default(),
            cyrillic_letters: CyrillicLetters::default(),
            need1: CodecSet::EMPTY,
            need2: CodecSet::EMPTY,
            need3: CodecSet::EMPTY,
            line_ok: table.all,
        }
    }

    fn open(&self) -> CodecSet {
        self.need1 | self.need2 | self.need3
    }

    /// Whether a codec other than Windows-1251 that a legacy re-decoding
    /// encodes with still encodes the line: then its signs matter.
    #[inline]
    fn scanning(&self) -> bool {
        !((self.encodable & self.table.legacy) - self.table.windows_1251).is_empty()
    }

    /// Every sequence breaks at a character no codec encodes, and the line
    /// neither decodes nor has a legacy reading: skips to the next one a
    /// codec may encode.
    fn unencodable(&mut self) {
        self.at = skip_to_encodable(self.bytes, self.at);
        self.encodable = CodecSet::EMPTY;
        self.line_ok = CodecSet::EMPTY;
        (self.need1, self.need2, self.need3) = (CodecSet::EMPTY, CodecSet::EMPTY, CodecSet::EMPTY);
    }

    /// Takes the ASCII byte at `at`.
    #[inline]
    fn ascii(&mut self, byte: u8) -> Result<(), Shortcut> {
        let table = self.table;
        // With no sequence open, printable ASCII changes nothing: skip it,
        // eight bytes at a time while it lasts. Nor does it once the line
        // can't decode, but end the sequences open (unless a quote may
        // continue them, or a space join the word to the next: see below).
        if is_printable_ascii(byte)
            && (self.open().is_empty()
                || (self.line_ok.is_empty()
                    && self.need1.is_empty()
                    && byte != b'\''
                    && byte != b'"'))
        {
            (self.need2, self.need3) = (CodecSet::EMPTY, CodecSet::EMPTY);
            let end = end_of_printable_ascii(self.bytes, self.at + 1);
            if self.scanning() {
                scan_ascii(&mut self.scanner, &self.bytes[self.at..end]);
            }
            self.at = end;
            return Ok(());
        }
        if self.scanning() {
            self.scanner.push(char::from(byte));
        }
        // Some codecs don't encode some ASCII controls.
        if !matches!(byte, 0x20..=0x7e | b'\t' | b'\n' | 0x0b | 0x0c | b'\r') {
            self.encodable &= table.info(char::from(byte)).enc;
        }
        let mut takes = if matches!(byte, b' ' | b'\'' | b'"') {
            table.all
        } else {
            CodecSet::EMPTY
        };
        // (Controls a codec doesn't encode are left out: a superset.)
        self.line_ok -= breaks(self.open(), takes, CodecSet::EMPTY);
        if byte == b' ' {
            // A run that span repair joins to the next word across the
            // space (see `takes_space`) is left to the full pass.
            if !self.need1.is_empty() && ends_in_capital_latin(&self.text[..self.at]) {
                return Err(Shortcut::FullPass);
            }
            // Otherwise the space continues only the line's sequence, and
            // whether the line decodes is known at its end.
            takes &= self.line_ok;
        } else if !(self.need1 & takes).is_empty() {
            return Err(Shortcut::FullPass);
        }
        self.need1 = self.need2 & takes;
        self.need2 = self.need3 & takes;
        self.need3 = CodecSet::EMPTY;
        self.at += 1;
        Ok(())
    }

    /// Takes a word of Cyrillic, Greek, Hebrew or Arabic letters at `at`
    /// (two-byte characters, not Latin letters), if there is one: while no
    /// character continues a sequence open before it, each sequence breaks
    /// at the next character, and what is open is the last one's.
    #[inline]
    fn alphabet_word(&mut self) -> bool {
        let (table, bytes) = (self.table, self.bytes);
        let mut last = None;
        let mut next = two_byte_char(bytes, self.at);
        while let Some(code) = next {
            let bits = table.two_byte_run[code - 0x80];
            if !bits.plain() || !(self.open() & bits.cont()).is_empty() {
                break;
            }
            if last.is_none() {
                self.cyrillic_letters.after(bytes, self.at, code);
            }
            if self.scanning() {
                let c = char::from_u32(code as u32).unwrap_or('\0');
                self.scanner.push_kind(c, table.two_byte[code - 0x80].kind);
            }
            self.cyrillic_letters.count(code);
            // `breaks` where no open sequence takes the character: the line
            // goes on only where it starts a sequence and none is open.
            self.line_ok &= bits.leads() - self.open();
            self.encodable &= bits.enc();
            (self.need1, self.need2, self.need3) = (bits.leads(), CodecSet::EMPTY, CodecSet::EMPTY);
            self.non_ascii += 1;
            self.at += 2;
            last = Some(code);
            next = two_byte_char(bytes, self.at);
        }
        let Some(code) = last else {
            return false;
        };
        self.cyrillic_letters.before(bytes, self.at, code);
        let info = &table.two_byte[code - 0x80];
        (self.need1, self.need2, self.need3) = (info.lead1, info.lead2, info.lead3);
        true
    }

    /// Takes any other non-ASCII character, at `at`.
    fn other_char(&mut self) -> Result<(), Shortcut> {
        let (table, bytes) = (self.table, self.bytes);
        let start = self.at;
        self.non_ascii += 1;
        if self.scanning() {
            let c = self.text[self.at..].chars().next().unwrap_or('\0');
            self.scanner.push_kind(c, table.info(c).kind);
        }
        let beyond_two_bytes;
        let (c, info) = match two_byte_char(bytes, self.at) {
            Some(code) => {
                // (Mostly a Latin letter here: the Cyrillic counts look at
                // Cyrillic letters alone.)
                if is_cyrillic_letter(code) {
                    self.cyrillic_letters.after(bytes, self.at, code);
                    self.cyrillic_letters.count(code);
                    self.cyrillic_letters.before(bytes, self.at + 2, code);
                }
                self.at += 2;
                let c = char::from_u32(code as u32).unwrap_or('\0');
                (c, &table.two_byte[code - 0x80])
            }
            None if starts_unencodable(bytes, self.at) => {
                self.unencodable();
                return Ok(());
            }
            None => {
                let c = self.text[self.at..].chars().next().unwrap_or('\0');
                self.at += c.len_utf8();
                match table.bmp(c) {
                    Some(info) if !UNENCODABLE.contains(&c) => {
                        beyond_two_bytes = Sequencing::from(info);
                        (c, &beyond_two_bytes)
                    }
                    _ => {
                        self.unencodable();
                        return Ok(());
                    }
                }
            }
        };
        self.sequence(start, c, info)
    }

    /// Follows the codecs' sequences through `c` (its facts `info`), which
    /// starts at `start`.
    #[inline]
    fn sequence(&mut self, start: usize, c: char, info: &Sequencing) -> Result<(), Shortcut> {
        let leads = info.lead1 | info.lead2 | info.lead3;
        // (A non-ASCII character's byte starts, continues or is bad: no
        // codec takes one for a space or a quote, see `tests`.)
        let bad = info.enc - (info.cont | leads);
        self.line_ok = (self.line_ok & info.enc) - breaks(self.open(), info.cont, info.cont | bad);
        self.encodable &= info.enc;
        let _ = c;
        if info.ascii_byte {
            // U+FFFD is byte 1A in the sloppy codecs: a re-decoding changes
            // it with no UTF-8 sequence at all.
            return Err(Shortcut::FullPass);
        }
        if !(self.need1 & info.cont).is_empty() {
            // A sequence completes: whether its word's runs decode is the
            // full pass's to say, from this word on when no legacy
            // re-decoding is left.
            return Err(if (self.encodable & self.table.legacy).is_empty() {
                Shortcut::Decided(viable_without_legacy(
                    self.text,
                    !self.line_ok.is_empty(),
                    start,
                ))
            } else {
                Shortcut::FullPass
            });
        }
        self.need1 = (self.need2 & info.cont) | info.lead1;
        self.need2 = (self.need3 & info.cont) | info.lead2;
        self.need3 = info.lead3;
        Ok(())
    }

    /// What the line's end decides.
    fn conclude(self) -> Shortcut {
        if !(self.line_ok - self.open()).is_empty() {
            // The whole line may decode.
            return Shortcut::FullPass;
        }
        let (cyrillic, non_ascii) = (&self.cyrillic_letters, self.non_ascii);
        // (`beside_latin` counts every Cyrillic letter beside an ASCII
        // one, which `cyrillic::Signs::of` asks more of: more viable.)
        let signed = self.scanner.any();
        let legacy = legacy_codecs(self.encodable & self.table.legacy, signed, || {
            cyrillic::Signs::from_counts(
                cyrillic.capitals,
                cyrillic.lowercase,
                non_ascii,
                cyrillic.beside_latin,
            )
        });
        Shortcut::Decided((!legacy.is_empty()).then_some(Viable {
            line: CodecSet::EMPTY,
            spans: CodecSet::EMPTY,
            legacy,
            weak: false,
        }))
    }
}

/// What [`cyrillic::Signs::of`] counts of Cyrillic letters, counted by
/// the shortcut on the two-byte characters it reads.
#[derive(Default)]
struct CyrillicLetters {
    /// `А`–`Я` (U+0410 to U+042F).
    capitals: usize,
    /// `а`–`я` (U+0430 to U+044F).
    lowercase: usize,
    /// A Cyrillic letter (U+0400 to U+045F) next to an ASCII letter.
    beside_latin: bool,
}

impl CyrillicLetters {
    /// The character of code point `code`.
    #[inline]
    fn count(&mut self, code: usize) {
        self.capitals += usize::from(code.wrapping_sub(0x410) < 0x20);
        self.lowercase += usize::from(code.wrapping_sub(0x430) < 0x20);
    }

    /// The character of code point `code` at byte `at` of `bytes`, after
    /// what comes before it.
    #[inline]
    fn after(&mut self, bytes: &[u8], at: usize, code: usize) {
        self.beside_latin |= is_cyrillic_letter(code)
            && at > 0
            && bytes.get(at - 1).is_some_and(u8::is_ascii_alphabetic);
    }

    /// The character of code point `code` that ends at byte `at` of
    /// `bytes`, before what comes after it.
    #[inline]
    fn before(&mut self, bytes: &[u8], at: usize, code: usize) {
        self.beside_latin |=
            is_cyrillic_letter(code) && bytes.get(at).is_some_and(u8::is_ascii_alphabetic);
    }
}

/// U+0400 to U+045F: Cyrillic letters to [`cyrillic::Signs`].
fn is_cyrillic_letter(code: usize) -> bool {
    (0x400..0x460).contains(&code)
}

/// The first character from `at` of `bytes` that is neither ASCII nor
/// one that [`starts_unencodable`] (or the end): once no sequence is open,
/// the line can't decode and no codec encodes it, only such a character
/// can start a sequence, and the shortcut skips the rest (Han, Hangul,
/// Indic scripts, and the spaces between their words).
#[inline]
fn skip_to_encodable(bytes: &[u8], mut at: usize) -> usize {
    while let Some(&byte) = bytes.get(at) {
        if byte < 0x80 {
            at += 1;
        } else if starts_unencodable(bytes, at) {
            at += if byte >= 0xF0 { 4 } else { 3 };
        } else {
            break;
        }
    }
    at
}

/// The code point of the two-byte UTF-8 character at `at` in valid UTF-8
/// `bytes`, if it is one.
#[inline]
fn two_byte_char(bytes: &[u8], at: usize) -> Option<usize> {
    match bytes.get(at..at + 2)? {
        &[lead @ 0xC2..=0xDF, continuation] => {
            Some((usize::from(lead & 0x1F) << 6) | usize::from(continuation & 0x3F))
        }
        _ => None,
    }
}

/// The code point of the three-byte UTF-8 character at `at` in valid
/// UTF-8 `bytes`, if it is one below [`THREE_BYTE_END`] (the characters
/// of [`THREE_BYTE`]).
#[inline]
fn three_byte_char(bytes: &[u8], at: usize) -> Option<usize> {
    match bytes.get(at..at + 3)? {
        &[lead @ 0xE0..=0xE2, second, third] => {
            let code = (usize::from(lead & 0x0F) << 12)
                | (usize::from(second & 0x3F) << 6)
                | usize::from(third & 0x3F);
            (code < THREE_BYTE_END).then_some(code)
        }
        _ => None,
    }
}

/// Where three-byte characters stop being in [`THREE_BYTE`]: the codecs
/// encode few beyond (where [`UNENCODABLE`] starts).
const THREE_BYTE_END: usize = UNENCODABLE.start as usize;

/// What the full pass needs of a three-byte character below
/// [`THREE_BYTE_END`] (Thai, general punctuation, arrows, box drawing).
#[derive(Clone, Copy)]
struct ThreeByte {
    bytes: Bytes,
    whitespace: bool,
}

/// [`ThreeByte`] of each character from U+0800 to [`THREE_BYTE_END`], by
/// code point less U+0800: one read where a lookup in [`TABLE`] takes
/// three and a copy.
static THREE_BYTE: LazyLock<Box<[ThreeByte]>> = LazyLock::new(|| {
    (TWO_BYTE_END..THREE_BYTE_END)
        .map(|code| {
            let c = char::from_u32(code as u32).unwrap_or('\0');
            ThreeByte {
                bytes: Bytes::from(&TABLE.info(c)),
                whitespace: c.is_whitespace(),
            }
        })
        .collect()
});

/// The first byte from `at` of `bytes` that is not printable ASCII (or
/// the end), eight bytes at a time.
#[inline]
fn end_of_printable_ascii(bytes: &[u8], mut at: usize) -> usize {
    while let Some(word) = word_at(bytes, at) {
        let others = not_printable_ascii(word);
        if others != 0 {
            // The lowest flag is exact (see `not_printable_ascii`), and the
            // first byte is the lowest.
            return at + (others.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    while bytes.get(at).is_some_and(|&byte| is_printable_ascii(byte)) {
        at += 1;
    }
    at
}

/// The high bit of each byte of `word` that is not printable ASCII
/// (20–7E), exact up to the lowest flagged byte: a borrow may flag a
/// printable byte above a flagged one, never below.
fn not_printable_ascii(word: u64) -> u64 {
    (word & HIGH_BITS) | bytes_below(word, 0x20) | bytes_equal(word, 0x7F)
}

/// [`viable`], character by character.
fn viable_in_full(text: &str) -> Option<Viable> {
    let table = &TABLE;
    let all = table.all;
    // Whole line, and the current run of the current word.
    let mut line = Utf8State::new(all);
    let mut run = Utf8State::new(all);
    let mut run_non_ascii = CodecSet::EMPTY;
    let mut spans = Spans::default();
    let mut encodable = all;
    let mut non_ascii = 0usize;
    let mut scanner = Scanner::default();
    let bytes = text.as_bytes();
    let mut at = 0;
    // While a legacy re-decoding is possible: everything.
    while at < bytes.len() {
        let idle = (line.pending() | run.pending()).is_empty();
        if idle && is_printable_ascii(bytes[at]) {
            // Printable ASCII stands for itself in every codec, and with
            // no sequence open only a space changes the runs; of the
            // signs, only its first character and its last two can take
            // part in one.
            let end = bytes[at..]
                .iter()
                .position(|&byte| !is_printable_ascii(byte))
                .map_or(bytes.len(), |length| at + length);
            let segment = &bytes[at..end];
            if segment.contains(&b' ') {
                spans.end(&run, run.complete() & run_non_ascii);
                run = Utf8State::new(all);
                run_non_ascii = CodecSet::EMPTY;
            }
            scan_ascii(&mut scanner, segment);
            at = end;
            continue;
        }
        let c = text[at..].chars().next().unwrap_or('\0');
        let start = at;
        at += c.len_utf8();
        let info = &table.info(c);
        encodable &= info.enc;
        let bytes_of_c = Bytes::from(info);
        line.step(&bytes_of_c);
        non_ascii += usize::from(!c.is_ascii());
        scanner.push_kind(c, info.kind);
        if c.is_whitespace() {
            spans.end_at_whitespace(run, run_non_ascii, c, text, start);
            run = Utf8State::new(all);
            run_non_ascii = CodecSet::EMPTY;
        } else {
            step_run(
                &mut run,
                &mut run_non_ascii,
                &mut spans,
                &bytes_of_c,
                all,
                !c.is_ascii(),
            );
        }
        if (encodable & table.legacy).is_empty() {
            break;
        }
    }
    // No legacy re-decoding: only UTF-8 runs and the line are left.
    let (line, spans) = utf8_runs_from(text, at, line, run, run_non_ascii, spans);
    let legacy = if non_ascii > 0 {
        legacy_codecs(encodable & table.legacy, scanner.any(), || {
            cyrillic::Signs::of(text)
        })
    } else {
        CodecSet::EMPTY
    };
    concluded(text, line, spans, legacy)
}

/// Gives `scanner` what it needs of a run of printable ASCII: its first
/// character and its last two (between them, ASCII letters and signs
/// leave nothing behind that a sign of a character beyond ASCII looks
/// at, but for a space).
#[inline]
fn scan_ascii(scanner: &mut Scanner, segment: &[u8]) {
    let Some((&first, rest)) = segment.split_first() else {
        return;
    };
    scanner.push(char::from(first));
    match rest {
        [] => {}
        [last] => scanner.push(char::from(*last)),
        [middle @ .., before_last, last] => {
            if middle.contains(&b' ') {
                scanner.push(' ');
            }
            scanner.push(char::from(*before_last));
            scanner.push(char::from(*last));
        }
    }
}

/// The codecs of `encodable` (bits of those legacy transforms encode
/// with) that a legacy re-decoding may come from: any, where the line
/// shows a sign of mojibake (`signed`); Windows-1251 only where it shows
/// the signs of its mixups too ([`cyrillic::Signs`]), which the judge
/// asks of them.
fn legacy_codecs(
    encodable: CodecSet,
    signed: bool,
    signs: impl FnOnce() -> cyrillic::Signs,
) -> CodecSet {
    let legacy = if signed {
        encodable
    } else {
        encodable & CodecSet::of(cyrillic::READ_AS)
    };
    without_unsigned_cyrillic(legacy, signs)
}

/// [`Viable`] from the states at the end of `text` and the codecs that
/// may make a legacy re-decoding; `None` if no candidate may exist.
fn concluded(text: &str, line: Utf8State, spans: Spans, legacy: CodecSet) -> Option<Viable> {
    let mut viable = Viable {
        line: line.complete(),
        spans: spans.decoding,
        legacy,
        weak: false,
    };
    // The line's re-decoding and the span repairs are candidates of their
    // own: each merges what it merges (not the two together).
    let twice = spans.merged.twice | (line.merged.twice & viable.line);
    let utf8 = viable.line | viable.spans;
    viable.weak = viable.legacy.is_empty()
        && !utf8.is_empty()
        && (twice & utf8).is_empty()
        && shows_no_sign_for_one_sequence(text);
    (!(viable.line | viable.spans | viable.legacy).is_empty()).then_some(viable)
}

/// [`viable_in_full`] for a line of which no legacy re-decoding can be
/// made (no codec of one encodes all of it), where the shortcut found a
/// sequence that completes in the word at byte `at`. The runs of a word
/// decode only where a sequence completes in it, so that the pass
/// follows the runs of those words alone, from that one on (and the line
/// too, from its start, when it may still decode as a whole:
/// `line_may_decode`). This is what spares Persian, Urdu and Thai lines,
/// whose letters make UTF-8 sequences in Windows-1256 or CP874 here and
/// there, most of the full pass.
#[cold]
#[inline(never)]
fn viable_without_legacy(text: &str, line_may_decode: bool, at: usize) -> Option<Viable> {
    let table = &TABLE;
    let all = table.all;
    if line_may_decode {
        let (line, spans) = utf8_runs_from(
            text,
            0,
            Utf8State::new(all),
            Utf8State::new(all),
            CodecSet::EMPTY,
            Spans::default(),
        );
        return concluded(text, line, spans, CodecSet::EMPTY);
    }
    let no_line = Utf8State {
        ok: CodecSet::EMPTY,
        ..Utf8State::new(all)
    };
    let mut spans = Spans::default();
    let bytes = text.as_bytes();
    let mut word = text[..at]
        .char_indices()
        .rev()
        .find(|&(_, c)| c.is_whitespace())
        .map_or(0, |(index, c)| index + c.len_utf8());
    // Whether a UTF-8 sequence may complete in the word, in some codec: a
    // superset, as which sequences are open is not checked against
    // earlier breaks.
    let (mut need1, mut need2, mut need3, mut completes) =
        (CodecSet::EMPTY, CodecSet::EMPTY, CodecSet::EMPTY, false);
    let mut next = word;
    while next < bytes.len() {
        let at = next;
        let (lead1, lead2, lead3, takes, whitespace) = if bytes[at] < 0x80 {
            next += 1;
            match bytes[at] {
                b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ' => (
                    CodecSet::EMPTY,
                    CodecSet::EMPTY,
                    CodecSet::EMPTY,
                    CodecSet::EMPTY,
                    true,
                ),
                b'\'' | b'"' => (
                    CodecSet::EMPTY,
                    CodecSet::EMPTY,
                    CodecSet::EMPTY,
                    all,
                    false,
                ),
                _ => (
                    CodecSet::EMPTY,
                    CodecSet::EMPTY,
                    CodecSet::EMPTY,
                    CodecSet::EMPTY,
                    false,
                ),
            }
        } else if let Some(code) = two_byte_char(bytes, at) {
            next += 2;
            let info = &table.two_byte[code - 0x80];
            let whitespace = code == 0x85 || code == 0xA0;
            (info.lead1, info.lead2, info.lead3, info.cont, whitespace)
        } else {
            let c = text[at..].chars().next().unwrap_or(' ');
            next += c.len_utf8();
            let info = table.info(c);
            (
                info.lead1,
                info.lead2,
                info.lead3,
                info.cont,
                c.is_whitespace(),
            )
        };
        if whitespace {
            // A space may continue the word's last sequence (see
            // `takes_space`).
            if completes
                || (!need1.is_empty() && bytes[at] == b' ' && ends_in_capital_latin(&text[..at]))
            {
                let run = Utf8State::new(all);
                (_, spans) =
                    utf8_runs_from(&text[..next], word, no_line, run, CodecSet::EMPTY, spans);
            }
            (need1, need2, need3, completes) =
                (CodecSet::EMPTY, CodecSet::EMPTY, CodecSet::EMPTY, false);
            word = next;
            continue;
        }
        completes |= !(need1 & takes).is_empty();
        (need1, need2, need3) = ((need2 & takes) | lead1, (need3 & takes) | lead2, lead3);
    }
    if completes {
        let run = Utf8State::new(all);
        (_, spans) = utf8_runs_from(text, word, no_line, run, CodecSet::EMPTY, spans);
    }
    concluded(text, no_line, spans, CodecSet::EMPTY)
}

/// The rest of [`viable_in_full`] once no legacy re-decoding is possible:
/// follows the line and the runs of words from byte `at` of `text` to its
/// end, from the states there, and ends the last run.
#[inline(always)]
fn utf8_runs_from(
    text: &str,
    mut at: usize,
    mut line: Utf8State,
    mut run: Utf8State,
    mut run_non_ascii: CodecSet,
    mut spans: Spans,
) -> (Utf8State, Spans) {
    let table = &TABLE;
    let all = table.all;
    let bytes = text.as_bytes();
    while at < bytes.len() {
        // Two-byte characters (all but U+0085 and U+00A0, whitespace)
        // from their own table.
        if let Some(code) = two_byte_char(bytes, at).filter(|&code| code != 0x85 && code != 0xA0) {
            at += 2;
            let info = Bytes::from(&table.two_byte[code - 0x80]);
            if !line.ok.is_empty() {
                line.step(&info);
            }
            step_run(&mut run, &mut run_non_ascii, &mut spans, &info, all, true);
            continue;
        }
        // So are those of three bytes that codecs encode (Thai, general
        // punctuation), white space aside.
        if let Some(code) = three_byte_char(bytes, at) {
            let info = THREE_BYTE[code - TWO_BYTE_END];
            if !info.whitespace {
                at += 3;
                if !line.ok.is_empty() {
                    line.step(&info.bytes);
                }
                step_run(
                    &mut run,
                    &mut run_non_ascii,
                    &mut spans,
                    &info.bytes,
                    all,
                    true,
                );
                continue;
            }
        }
        let c = text[at..].chars().next().unwrap_or('\0');
        let offset = at;
        at += c.len_utf8();
        let idle = (line.pending() | run.pending()).is_empty();
        if idle && c.is_ascii() && c != ' ' && !c.is_ascii_control() {
            continue;
        }
        if UNENCODABLE.contains(&c) {
            // No codec encodes it: the line fails, the run ends.
            line.ok = CodecSet::EMPTY;
            spans.end(&run, run.complete() & run_non_ascii);
            run = Utf8State::new(all);
            run_non_ascii = CodecSet::EMPTY;
            continue;
        }
        let info = Bytes::from(&table.info(c));
        if !line.ok.is_empty() {
            line.step(&info);
        }
        if c.is_whitespace() {
            spans.end_at_whitespace(run, run_non_ascii, c, text, offset);
            run = Utf8State::new(all);
            run_non_ascii = CodecSet::EMPTY;
        } else {
            step_run(
                &mut run,
                &mut run_non_ascii,
                &mut spans,
                &info,
                all,
                !c.is_ascii(),
            );
        }
    }
    spans.end(&run, run.complete() & run_non_ascii);
    (line, spans)
}

/// Whether `text` shows none of the signs that let the judge take a
/// UTF-8 re-decoding of a single sequence (see `judge`): no hard sign
/// (as [`Scanner`] finds them: wherever the judge's signs are, and maybe
/// more), no `?` or `!` that a new `¿` or `¡` might open, no capital after
/// a lowercase letter and no Latin letters that no one language writes
/// together (which `readings::shows_latin_sign` asks of the words as
/// read), nor what a straightened quote leaves of a UTF-8 sequence, which
/// counts as a hard sign ([`super::readings::straightened_sequences`]:
/// `AeÉ"naïve`, where `É"` is Windows-1250's `ɔ`). One pass, on the
/// table's facts.
fn shows_no_sign_for_one_sequence(text: &str) -> bool {
    if text.contains(['?', '!']) || super::readings::capitals_inside_words(text) > 0 {
        return false;
    }
    if text.contains(['\'', '"']) && super::readings::straightened_sequences(text) > 0 {
        return false;
    }
    let scanner = scan_with_table(text);
    !scanner.hard() && !scanner.foreign()
}

/// Whether `text` shows no hard sign of mojibake: none that [`Scanner`]
/// finds (wherever the judge's signs are, and maybe more), and nothing
/// that a straightened quote left of a UTF-8 sequence
/// ([`super::readings::straightened_sequences`]), which counts as one.
pub(crate) fn shows_no_hard_sign(text: &str) -> bool {
    if text.contains(['\'', '"']) && super::readings::straightened_sequences(text) > 0 {
        return false;
    }
    !scan_with_table(text).hard()
}

/// [`Scanner`] over `text`, with the table's kinds.
fn scan_with_table(text: &str) -> Scanner {
    let table = &TABLE;
    let mut scanner = Scanner::default();
    for c in text.chars() {
        scanner.push_kind(c, table.info(c).kind);
    }
    scanner
}

/// The runs of words that may decode as UTF-8, and the characters their
/// re-decodings merge.
#[derive(Default)]
struct Spans {
    /// Codecs through which some run decodes.
    decoding: CodecSet,
    merged: Merges,
}

impl Spans {
    /// `run` ends, and decodes through the codecs of `decoding`.
    fn end(&mut self, run: &Utf8State, decoding: CodecSet) {
        self.decoding |= decoding;
        self.merged.add_all(run.merged, decoding);
    }

    /// `run` ends at the whitespace `c`, at byte `at` of `text`, which
    /// some codecs may take for its last continuation byte
    /// ([`takes_space`]).
    fn end_at_whitespace(
        &mut self,
        mut run: Utf8State,
        run_non_ascii: CodecSet,
        c: char,
        text: &str,
        at: usize,
    ) {
        let space = takes_space(run, c, text, at);
        run.merged.add(space);
        self.end(&run, (run.complete() | space) & run_non_ascii);
    }
}

/// `legacy` less Windows-1251 when `text` shows none of the signs that
/// a mixup read as it leaves (see [`cyrillic`]): clean Cyrillic text,
/// all of which Windows-1251 encodes.
fn without_unsigned_cyrillic(
    legacy: CodecSet,
    signs: impl FnOnce() -> cyrillic::Signs,
) -> CodecSet {
    if legacy.contains(cyrillic::READ_AS) && !signs().any() {
        legacy.without(cyrillic::READ_AS)
    } else {
        legacy
    }
}

/// The codecs whose run, awaiting one continuation byte, may take the
/// whitespace `c` at byte `at` of `text` for it: a space after a capital
/// Latin letter (span repair joins the words: `Ù Ù¡` for `٠١`).
fn takes_space(run: Utf8State, c: char, text: &str, at: usize) -> CodecSet {
    if c == ' ' && !run.need1.is_empty() && ends_in_capital_latin(&text[..at]) {
        run.need1
    } else {
        CodecSet::EMPTY
    }
}

/// Whether `text` ends in a Latin letter not in lowercase, which span
/// repair may join to the next word across a space (see
/// `spans::words_joined_by_lost_a0`).
fn ends_in_capital_latin(text: &str) -> bool {
    let bytes = text.as_bytes();
    match bytes
        .len()
        .checked_sub(2)
        .and_then(|at| two_byte_char(bytes, at))
    {
        // (Most often a letter of two bytes.)
        Some(code) => is_latin_non_lowercase(TABLE.two_byte[code - 0x80].kind),
        None => text
            .chars()
            .next_back()
            .is_some_and(|c| is_latin_non_lowercase(TABLE.info(c).kind)),
    }
}

/// Whether a character of kind `kind` is a Latin letter that is not
/// lowercase (as `spans::words_joined_by_lost_a0` asks).
fn is_latin_non_lowercase(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::Letter {
            script: Some(Script::Latin),
            lower: false,
            ..
        }
    )
}

/// Follows one non-whitespace character through the runs of a word:
/// codecs that can't encode it end their run before it (which counts if
/// it decodes and holds a non-ASCII character) and start a new one after
/// it.
#[inline]
fn step_run(
    run: &mut Utf8State,
    run_non_ascii: &mut CodecSet,
    spans: &mut Spans,
    info: &Bytes,
    all: CodecSet,
    non_ascii: bool,
) {
    let ends = all - info.enc;
    if ends == all && (*run_non_ascii).is_empty() {
        *run = Utf8State::new(all);
        return;
    }
    let decoding = run.complete() & *run_non_ascii & ends;
    if !decoding.is_empty() {
        spans.end(run, decoding);
    }
    run.need1 -= ends;
    run.need2 -= ends;
    run.need3 -= ends;
    run.merged.clear(ends);
    *run_non_ascii -= ends;
    run.step(info);
    run.ok |= ends;
    if non_ascii {
        *run_non_ascii |= info.enc;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recovery::budget::Budget;
    use crate::recovery::candidates::{LEGACY_TRANSFORMS, UTF8_TRANSFORMS};
    use crate::recovery::judge::{recover_viable, Earlier};
    use crate::recovery::recover;
    use ftfy_core::extension::{may_be_encodable, may_continue_sequence};
    use proptest::prelude::*;

    /// Words of several scripts, punctuation and symbols that mojibake
    /// and clean text are made of.
    const WORDS: &[&str] = &[
        "café",
        "naïve",
        "Łódź",
        "Gdańsk",
        "Þórður",
        "Привет",
        "всё",
        "жители",
        "Καλημέρα",
        "שלום",
        "مرحبا",
        "日本語",
        "한국어",
        "ไทย",
        "Grünen",
        "2010–2020",
        "“quoted”",
        "don’t",
        "€5",
        "kΩ",
        "l·l",
        "x",
        "the",
        "a",
        "İstanbul",
        "Ελλάδα",
        "¿qué?",
        "«ça»",
        "naïve",
        "e\u{301}",
        "╔═╗",
        "µm",
        "’",
        "—",
        "\u{a0}",
        "tiếng",
        "Việt",
        "№",
        "☃",
        "😀",
        // Words that end in a lead byte of their own codec, before a
        // space, and words with continuation bytes among their letters
        // (Greek, Arabic, Persian, Ukrainian, Serbian, Devanagari, Thai).
        "گفت،",
        "Ђорђе",
        "καί",
        "ΑΘΗΝΑ",
        "Київ",
        "її",
        "مرحبا",
        "یک",
        "नमस्ते",
        "สวัสดี",
        // Words whose letters are whole UTF-8 sequences in their own
        // codec (Windows-1256, CP874), or hold one among others.
        "بگ",
        "وکٹ",
        "عکس",
        "کتاب\u{200c}ها",
        "پیش",
        "โกง",
    ];

    /// A word as clean text, or as UTF-8 or a legacy encoding read
    /// through one of the codecs recovery tries.
    fn piece() -> impl Strategy<Value = String> {
        let word = proptest::sample::select(WORDS).prop_map(str::to_owned);
        prop_oneof![
            word.clone(),
            (word.clone(), 0..UTF8_TRANSFORMS.len()).prop_map(|(word, index)| {
                let charmap = UTF8_TRANSFORMS[index].encoder.charmap();
                word.bytes()
                    .filter_map(|byte| charmap.decode_byte(byte))
                    .collect()
            }),
            (word, 0..LEGACY_TRANSFORMS.len()).prop_map(|(word, index)| {
                let transform = LEGACY_TRANSFORMS[index];
                let crate::recovery::candidates::Decoder::Legacy(name) = transform.decoder else {
                    return word;
                };
                let charmap = transform.encoder.charmap();
                match ftfy_core::codecs::Codec::from_name(name)
                    .unwrap()
                    .encode(&word)
                {
                    Ok(bytes) => bytes
                        .into_iter()
                        .filter_map(|byte| charmap.decode_byte(byte))
                        .collect(),
                    Err(_) => word,
                }
            }),
            "[a-zA-Z0-9 '\"\u{a0}-\u{17f}\u{2013}-\u{201e}\u{400}-\u{45f}\u{2500}-\u{2560}]{1,6}",
        ]
    }

    fn line() -> impl Strategy<Value = String> {
        proptest::collection::vec(
            (
                piece(),
                proptest::sample::select(&[" ", " ", "", "'", "\"", "\u{a0}", ", "][..]),
            ),
            1..8,
        )
        .prop_map(|pieces| pieces.into_iter().map(|(piece, gap)| piece + gap).collect())
    }

    fn outcome(candidate: Option<crate::recovery::Candidate>) -> Option<(String, Vec<String>)> {
        candidate.map(|candidate| {
            let plan = candidate.plan.iter().map(ToString::to_string).collect();
            (candidate.text, plan)
        })
    }

    /// What a straightened quote leaves of a sequence is a sign for one
    /// sequence alone (found by `prefilter_never_changes_the_answer`).
    #[test]
    fn a_straightened_sequence_is_a_sign() {
        let text = "AeÉ\"naïve ";
        let ftfy = ftfy_core::fix_encoding(text);
        assert_eq!(ftfy, text);
        let everything = outcome(
            recover_viable(
                text,
                None,
                Earlier::default(),
                Viable::EVERYTHING,
                &Budget::unlimited(),
            )
            .unwrap(),
        );
        assert!(everything.is_some());
        assert_eq!(
            outcome(recover(text, None, Earlier::default(), &Budget::unlimited()).unwrap()),
            everything
        );
    }

    /// A capital lead byte before a space (a lost no-break space) is one
    /// sequence, which the line's re-decoding and the span repair both
    /// merge: one character each, not two, so the line is weak.
    #[test]
    fn a_sequence_of_the_line_and_of_a_span_is_merged_once() {
        for text in ["Í efnum n karlar.", "À cesse parlait."] {
            let viable = viable(text).expect("a UTF-8 re-decoding");
            assert!(
                !viable.line.is_empty() && !viable.spans.is_empty() && viable.weak,
                "{text}"
            );
            assert_eq!(
                outcome(
                    recover_viable(
                        text,
                        None,
                        Earlier::default(),
                        Viable::EVERYTHING,
                        &Budget::unlimited()
                    )
                    .unwrap()
                ),
                None
            );
        }
    }

    #[test]
    fn printable_ascii_words() {
        // Any byte at any place, a second one after it (a borrow from the
        // first must not hide it), any length.
        for byte in 0..=255u8 {
            for position in 0..10 {
                for (later, second) in [(0, b'a'), (1, 0x00), (3, 0x7f), (7, 0x80), (9, 0x1f)] {
                    let mut bytes = *b"abcdefghijklmnop";
                    bytes[position] = byte;
                    if position + 1 + later < bytes.len() {
                        bytes[position + 1 + later] = second;
                    }
                    for length in 0..=bytes.len() {
                        let bytes = &bytes[..length];
                        let expected = bytes
                            .iter()
                            .position(|&byte| !is_printable_ascii(byte))
                            .unwrap_or(length);
                        assert_eq!(end_of_printable_ascii(bytes, 0), expected, "{bytes:?}");
                    }
                }
            }
        }
    }

    /// `may_continue_sequence` is what the table says: some codec reads
    /// the character as a continuation byte.
    #[test]
    fn continuing_characters_are_the_tables() {
        for c in (0x80..=0x10FFFF).filter_map(char::from_u32) {
            assert_eq!(
                may_continue_sequence(c),
                !TABLE.info(c).cont.is_empty(),
                "{c:?}"
            );
        }
    }

    /// Characters of a line that no character of `may_continue_sequence`:
    /// ASCII (quotes and spaces among it), letters and signs of many
    /// scripts, and some that no codec encodes.
    fn line_without_continuations() -> impl Strategy<Value = String> {
        let chars: Vec<char> = (' '..='~')
            .chain("  ''\"\t".chars())
            .chain((0x80..0x800).filter_map(char::from_u32))
            .chain(('\u{e01}'..='\u{e5b}').chain('\u{2010}'..='\u{2600}'))
            .chain("中文한국어😀\u{fffd}".chars())
            .filter(|&c| c.is_ascii() || !may_continue_sequence(c))
            .collect();
        let words: Vec<&str> = WORDS
            .iter()
            .copied()
            .filter(|word| !word.chars().any(may_continue_sequence))
            .collect();
        let non_ascii: Vec<char> = chars.iter().copied().filter(|c| !c.is_ascii()).collect();
        let piece = prop_oneof![
            proptest::sample::select(chars).prop_map(String::from),
            proptest::sample::select(words).prop_map(|word| format!("{word} ")),
            // A sequence a space may continue (`Ù ` is Windows-1252's `٠`).
            proptest::sample::select(non_ascii).prop_map(|c| format!("{c} ")),
            proptest::sample::select(&["ab", "x", "Zu", "1"][..]).prop_map(str::to_owned),
        ];
        proptest::collection::vec(piece, 1..12).prop_map(|pieces| pieces.concat())
    }

    /// A line of ASCII and of the two-byte characters that
    /// `alphabet_line_is_clean` looks at, alone, before a space or before
    /// a quote.
    fn alphabet_line() -> impl Strategy<Value = String> {
        let letters: Vec<char> = (0x370..0x800)
            .filter_map(char::from_u32)
            .filter(|&c| alphabet_letter(&TABLE, c as usize).is_some())
            .collect();
        let piece = prop_oneof![
            proptest::sample::select(letters.clone()).prop_map(String::from),
            (
                proptest::sample::select(letters),
                proptest::sample::select(&[" ", "'", "\"", "  "][..])
            )
                .prop_map(|(c, after)| format!("{c}{after}")),
            proptest::sample::select(&[" ", "ab", "1", ".", "'", "\""][..]).prop_map(str::to_owned),
        ];
        proptest::collection::vec(piece, 1..8).prop_map(|pieces| pieces.concat())
    }

    /// No codec encodes the characters the prefilter skips (those
    /// `may_be_encodable` turns down), and none takes a non-ASCII
    /// character for a space or a quote.
    #[test]
    fn unencodable_characters_are_unencodable() {
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let info = TABLE.info(c);
            if !c.is_ascii() && !may_be_encodable(c) {
                assert_eq!(info.enc, CodecSet::EMPTY, "{c:?}");
            }
            if !c.is_ascii() {
                assert_eq!(info.quote, CodecSet::EMPTY, "{c:?}");
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// The prefilter only ever rules out what recovery would not
        /// find: with it and without it, recovery gives the same answer.
        #[test]
        fn prefilter_never_changes_the_answer(text in line(), merged in 0usize..3) {
            let ftfy = ftfy_core::fix_encoding(&text);
            let ftfy = (ftfy != text).then(|| ftfy.into_owned());
            let filtered = outcome(recover(&text, ftfy.as_deref(), Earlier { merged, legacy: false }, &Budget::unlimited()).unwrap());
            let everything = if text.is_ascii() {
                None
            } else {
                outcome(recover_viable(&text, ftfy.as_deref(), Earlier { merged, legacy: false }, Viable::EVERYTHING, &Budget::unlimited()).unwrap())
            };
            prop_assert_eq!(filtered, everything);
        }

        /// The shortcut decides as the full pass does, but that it counts
        /// every Cyrillic letter beside an ASCII one as the sign of
        /// Windows-1252 read as Windows-1251 (`cyrillic::Signs` asks more,
        /// of words of look-alike letters): Windows-1251's bit may be more.
        #[test]
        fn the_shortcut_agrees(text in line()) {
            if text.is_ascii() {
                return Ok(());
            }
            if let Shortcut::Decided(decided) = shortcut(&text) {
                let full = viable_in_full(&text);
                let bit = TABLE.windows_1251;
                let without_1251 = |viable: Option<Viable>| {
                    viable.and_then(|viable| {
                        let viable = Viable { legacy: viable.legacy - bit, ..viable };
                        (viable != Viable::NOTHING).then_some(viable)
                    })
                };
                prop_assert_eq!(without_1251(decided), without_1251(full));
                let legacy = |viable: Option<Viable>| viable.map_or(CodecSet::EMPTY, |viable| viable.legacy);
                prop_assert_eq!(legacy(full) - legacy(decided), CodecSet::EMPTY);
            }
        }

        /// What `fix_text` skips as clean (`may_change_clean`), recovery
        /// without the prefilter leaves alone on a first look.
        #[test]
        fn what_fix_text_skips_recovery_leaves(text in line()) {
            let continuation = text.chars().any(|c| !c.is_ascii() && may_continue_sequence(c));
            if !crate::recovery::may_change_clean(&text, continuation) {
                let everything = recover_viable(&text, None, Earlier::default(), Viable::EVERYTHING, &Budget::unlimited()).unwrap();
                prop_assert_eq!(outcome(everything), None);
            }
        }

        /// A line of ASCII and characters no codec may encode, which
        /// `fix_text`'s scan lets skip recovery (`may_be_encodable`), is
        /// one that recovery leaves alone.
        #[test]
        fn lines_no_codec_encodes_are_left_alone(
            text in "[ -~\u{900}-\u{97f}\u{3040}-\u{30ff}\u{4e00}-\u{4e40}\u{ac00}-\u{ac40}\u{2600}-\u{2640}\u{e000}-\u{e010}\u{1f600}-\u{1f640}]{1,30}",
            merged in 0usize..3,
        ) {
            prop_assert!(text.chars().all(|c| c.is_ascii() || !may_be_encodable(c)));
            let ftfy = ftfy_core::fix_encoding(&text);
            let ftfy = (ftfy != text).then(|| ftfy.into_owned());
            let everything = recover_viable(&text, ftfy.as_deref(), Earlier { merged, legacy: false }, Viable::EVERYTHING, &Budget::unlimited()).unwrap();
            prop_assert_eq!(outcome(everything), None);
        }

        /// What the cheaper pass for lines with no continuing character
        /// turns down, the full pass turns down too.
        #[test]
        fn clean_alphabet_lines_are_turned_down(
            text in prop_oneof![line_without_continuations(), alphabet_line()],
        ) {
            prop_assume!(!text.is_ascii());
            if alphabet_line_is_clean(&text) {
                prop_assert_eq!(viable_in_full(&text), None);
            }
        }

        /// Codecs the prefilter rules out for UTF-8 make no candidate.
        #[test]
        fn ruled_out_codecs_make_no_utf8_candidate(text in line()) {
            if text.is_ascii() {
                return Ok(());
            }
            let viable = viable(&text).unwrap_or(Viable::NOTHING);
            for transform in UTF8_TRANSFORMS {
                if !viable.line.contains(transform.encoder) {
                    prop_assert!(crate::recovery::candidates::whole_line(&text, transform).is_none());
                }
                if !viable.spans.contains(transform.encoder) {
                    for repair in [crate::SpanRepair::Likelier, crate::SpanRepair::Leftovers] {
                        let repaired = crate::recovery::spans::repair_spans(&text, transform.encoder, repair, &Budget::unlimited()).unwrap();
                        prop_assert!(matches!(repaired, std::borrow::Cow::Borrowed(_)), "{} {}", text, transform.encoder);
                    }
                }
            }
        }
    }
}
