//! The one list of the single-byte codecs that UTF-8 is misread through
//! ([`MisreadCodec`]), from which everything that names them is derived:
//! ftfy's [`UNDONE_CODECS`] (its first ten, in ftfy's order),
//! [`UTF8_MISREAD_AS`] (all of them), typed sets of them ([`CodecSet`],
//! one bit per codec in the list's order), and, in the layer above, the
//! extended mode's re-decodings and the names of its plan steps. Also what
//! `fix_text`'s scan asks of them: whether some of them may encode a
//! character at all, and whether some encode it as a UTF-8 continuation
//! byte. Lines with neither are ones that re-reading UTF-8 through these
//! codecs never changes.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Range, Sub, SubAssign};
use std::sync::LazyLock;

use super::{
    Charmap, CP437, ISO_8859_2, LATIN_1, MACROMAN, SLOPPY_CP874, SLOPPY_ISO_8859_3,
    SLOPPY_WINDOWS_1250, SLOPPY_WINDOWS_1251, SLOPPY_WINDOWS_1252, SLOPPY_WINDOWS_1253,
    SLOPPY_WINDOWS_1254, SLOPPY_WINDOWS_1255, SLOPPY_WINDOWS_1256, SLOPPY_WINDOWS_1257,
    SLOPPY_WINDOWS_1258,
};

/// A single-byte codec that UTF-8 is commonly misread through: ftfy
/// 6.3.1's ten (its `CHARMAP_ENCODINGS`, in the order it tries them),
/// then the Hebrew, Arabic, Vietnamese, Latin-3 and Thai code pages, in
/// their sloppy versions (what web browsers decode them as). The order is
/// the list's: [`MisreadCodec::ALL`], the bits of a [`CodecSet`].
///
/// ```
/// use ftfy_core::codecs::{MisreadCodec, LATIN_1};
///
/// assert_eq!(MisreadCodec::Latin1.charmap(), &LATIN_1);
/// assert_eq!(MisreadCodec::SloppyCp874.name(), "sloppy-cp874");
/// assert!(MisreadCodec::Cp437.is_undone() && !MisreadCodec::SloppyWindows1255.is_undone());
/// assert_eq!(MisreadCodec::from_name("SLOPPY_CP1250"), Some(MisreadCodec::SloppyWindows1250));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MisreadCodec {
    /// `latin-1`
    Latin1,
    /// `sloppy-windows-1252`
    SloppyWindows1252,
    /// `sloppy-windows-1251`
    SloppyWindows1251,
    /// `sloppy-windows-1250`
    SloppyWindows1250,
    /// `sloppy-windows-1253`
    SloppyWindows1253,
    /// `sloppy-windows-1254`
    SloppyWindows1254,
    /// `sloppy-windows-1257`
    SloppyWindows1257,
    /// `iso-8859-2`
    Iso8859_2,
    /// `macroman`
    MacRoman,
    /// `cp437`
    Cp437,
    /// `sloppy-windows-1255`
    SloppyWindows1255,
    /// `sloppy-windows-1256`
    SloppyWindows1256,
    /// `sloppy-windows-1258`
    SloppyWindows1258,
    /// `sloppy-iso-8859-3`
    SloppyIso8859_3,
    /// `sloppy-cp874`
    SloppyCp874,
}

/// How many of the list are ftfy's own.
const UNDONE_COUNT: usize = 10;

impl MisreadCodec {
    /// Every codec of the list, in its order.
    pub const ALL: [MisreadCodec; 15] = [
        MisreadCodec::Latin1,
        MisreadCodec::SloppyWindows1252,
        MisreadCodec::SloppyWindows1251,
        MisreadCodec::SloppyWindows1250,
        MisreadCodec::SloppyWindows1253,
        MisreadCodec::SloppyWindows1254,
        MisreadCodec::SloppyWindows1257,
        MisreadCodec::Iso8859_2,
        MisreadCodec::MacRoman,
        MisreadCodec::Cp437,
        MisreadCodec::SloppyWindows1255,
        MisreadCodec::SloppyWindows1256,
        MisreadCodec::SloppyWindows1258,
        MisreadCodec::SloppyIso8859_3,
        MisreadCodec::SloppyCp874,
    ];

    /// ftfy 6.3.1's codecs, in the order its `fix_encoding` tries them:
    /// the first of [`Self::ALL`].
    pub const UNDONE: [MisreadCodec; UNDONE_COUNT] = {
        let mut undone = [MisreadCodec::Latin1; UNDONE_COUNT];
        let mut i = 0;
        while i < UNDONE_COUNT {
            undone[i] = MisreadCodec::ALL[i];
            i += 1;
        }
        undone
    };

    /// The codec's table.
    pub const fn charmap(self) -> &'static Charmap {
        match self {
            MisreadCodec::Latin1 => &LATIN_1,
            MisreadCodec::SloppyWindows1252 => &SLOPPY_WINDOWS_1252,
            MisreadCodec::SloppyWindows1251 => &SLOPPY_WINDOWS_1251,
            MisreadCodec::SloppyWindows1250 => &SLOPPY_WINDOWS_1250,
            MisreadCodec::SloppyWindows1253 => &SLOPPY_WINDOWS_1253,
            MisreadCodec::SloppyWindows1254 => &SLOPPY_WINDOWS_1254,
            MisreadCodec::SloppyWindows1257 => &SLOPPY_WINDOWS_1257,
            MisreadCodec::Iso8859_2 => &ISO_8859_2,
            MisreadCodec::MacRoman => &MACROMAN,
            MisreadCodec::Cp437 => &CP437,
            MisreadCodec::SloppyWindows1255 => &SLOPPY_WINDOWS_1255,
            MisreadCodec::SloppyWindows1256 => &SLOPPY_WINDOWS_1256,
            MisreadCodec::SloppyWindows1258 => &SLOPPY_WINDOWS_1258,
            MisreadCodec::SloppyIso8859_3 => &SLOPPY_ISO_8859_3,
            MisreadCodec::SloppyCp874 => &SLOPPY_CP874,
        }
    }

    /// The codec's canonical name, as Python and ftfy spell it.
    #[inline]
    pub fn name(self) -> &'static str {
        self.charmap().name()
    }

    /// Its place in the list, from 0.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether it is one of ftfy 6.3.1's codecs ([`Self::UNDONE`]).
    #[inline]
    pub const fn is_undone(self) -> bool {
        self.index() < UNDONE_COUNT
    }

    /// The codec of the list with this table.
    pub fn of(charmap: &Charmap) -> Option<MisreadCodec> {
        MisreadCodec::ALL
            .into_iter()
            .find(|codec| codec.charmap() == charmap)
    }

    /// The codec of the list with this name or alias (as
    /// [`Codec::from_name`](super::Codec::from_name) reads it).
    pub fn from_name(name: &str) -> Option<MisreadCodec> {
        match super::Codec::from_name(name)? {
            super::Codec::SingleByte(charmap) => MisreadCodec::of(charmap),
            _ => None,
        }
    }
}

impl fmt::Display for MisreadCodec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The tables of `codecs`, in order.
const fn charmaps<const N: usize>(codecs: [MisreadCodec; N]) -> [&'static Charmap; N] {
    let mut charmaps = [&LATIN_1; N];
    let mut i = 0;
    while i < N {
        charmaps[i] = codecs[i].charmap();
        i += 1;
    }
    charmaps
}

/// The tables of every [`MisreadCodec`], in the list's order. Extended
/// recovery undoes UTF-8 read through any of them, and plans name them in
/// its span repairs.
///
/// ```
/// let names: Vec<&str> = ftfy_core::codecs::UTF8_MISREAD_AS.iter().map(|c| c.name()).collect();
/// assert_eq!(names[10..], ["sloppy-windows-1255", "sloppy-windows-1256", "sloppy-windows-1258", "sloppy-iso-8859-3", "sloppy-cp874"]);
/// ```
pub static UTF8_MISREAD_AS: [&Charmap; 15] = charmaps(MisreadCodec::ALL);

/// The codecs whose UTF-8 mojibake `fix_encoding` undoes, in the order
/// ftfy 6.3.1 tries them (its `CHARMAP_ENCODINGS`): the tables of
/// [`MisreadCodec::UNDONE`].
///
/// ```
/// let names: Vec<&str> = ftfy_core::codecs::UNDONE_CODECS.iter().map(|c| c.name()).collect();
/// assert_eq!(names[..3], ["latin-1", "sloppy-windows-1252", "sloppy-windows-1251"]);
/// ```
pub static UNDONE_CODECS: [&Charmap; UNDONE_COUNT] = charmaps(MisreadCodec::UNDONE);

/// A set of [`MisreadCodec`]s: one bit each, in the list's order, so that
/// a set of ftfy's own codecs is one of the first ten bits.
///
/// ```
/// use ftfy_core::codecs::{CodecSet, MisreadCodec};
///
/// let set = CodecSet::of(MisreadCodec::Latin1) | CodecSet::of(MisreadCodec::Cp437);
/// assert!(set.contains(MisreadCodec::Cp437) && !set.contains(MisreadCodec::MacRoman));
/// assert_eq!(set.first(), Some(MisreadCodec::Latin1));
/// assert_eq!(set.iter().collect::<Vec<_>>(), [MisreadCodec::Latin1, MisreadCodec::Cp437]);
/// assert_eq!((CodecSet::UNDONE - set).len(), 8);
/// assert_eq!(!set & CodecSet::UNDONE, CodecSet::UNDONE - set);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CodecSet(u16);

impl CodecSet {
    /// No codec.
    pub const EMPTY: CodecSet = CodecSet(0);
    /// Every codec of the list.
    pub const ALL: CodecSet = CodecSet((1 << MisreadCodec::ALL.len()) - 1);
    /// ftfy 6.3.1's codecs ([`MisreadCodec::UNDONE`]).
    pub const UNDONE: CodecSet = CodecSet((1 << UNDONE_COUNT) - 1);

    /// The set of `codec` alone.
    #[inline]
    pub const fn of(codec: MisreadCodec) -> CodecSet {
        CodecSet(1 << codec.index())
    }

    /// The set whose bit `i` stands for `MisreadCodec::ALL[i]`, for packed
    /// tables (bits past the list are dropped).
    #[inline]
    pub const fn from_bits(bits: u16) -> CodecSet {
        CodecSet(bits & CodecSet::ALL.0)
    }

    /// The set's bits, as [`Self::from_bits`] reads them.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Whether `codec` is in the set.
    #[inline]
    pub const fn contains(self, codec: MisreadCodec) -> bool {
        self.0 & 1 << codec.index() != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many codecs the set holds.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The first codec of the set, in the list's order.
    #[inline]
    pub fn first(self) -> Option<MisreadCodec> {
        MisreadCodec::ALL
            .get(self.0.trailing_zeros() as usize)
            .copied()
    }

    /// The set with `codec` too.
    #[inline]
    #[must_use]
    pub const fn with(self, codec: MisreadCodec) -> CodecSet {
        CodecSet(self.0 | 1 << codec.index())
    }

    /// The set without `codec`.
    #[inline]
    #[must_use]
    pub const fn without(self, codec: MisreadCodec) -> CodecSet {
        CodecSet(self.0 & !(1 << codec.index()))
    }

    /// The codecs of the set, in the list's order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = MisreadCodec> {
        let mut rest = self;
        std::iter::from_fn(move || {
            let first = rest.first()?;
            rest = rest.without(first);
            Some(first)
        })
    }
}

impl fmt::Debug for CodecSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(MisreadCodec::name))
            .finish()
    }
}

impl BitOr for CodecSet {
    type Output = CodecSet;
    #[inline]
    fn bitor(self, other: CodecSet) -> CodecSet {
        CodecSet(self.0 | other.0)
    }
}

impl BitOrAssign for CodecSet {
    #[inline]
    fn bitor_assign(&mut self, other: CodecSet) {
        self.0 |= other.0;
    }
}

impl BitAnd for CodecSet {
    type Output = CodecSet;
    #[inline]
    fn bitand(self, other: CodecSet) -> CodecSet {
        CodecSet(self.0 & other.0)
    }
}

impl BitAndAssign for CodecSet {
    #[inline]
    fn bitand_assign(&mut self, other: CodecSet) {
        self.0 &= other.0;
    }
}

impl Sub for CodecSet {
    type Output = CodecSet;
    /// The codecs of `self` that are not in `other`.
    #[inline]
    fn sub(self, other: CodecSet) -> CodecSet {
        CodecSet(self.0 & !other.0)
    }
}

impl SubAssign for CodecSet {
    #[inline]
    fn sub_assign(&mut self, other: CodecSet) {
        self.0 &= !other.0;
    }
}

impl Not for CodecSet {
    type Output = CodecSet;
    /// The codecs of the list not in the set.
    #[inline]
    fn not(self) -> CodecSet {
        CodecSet(!self.0 & CodecSet::ALL.0)
    }
}

impl FromIterator<MisreadCodec> for CodecSet {
    fn from_iter<I: IntoIterator<Item = MisreadCodec>>(codecs: I) -> CodecSet {
        codecs.into_iter().fold(CodecSet::EMPTY, CodecSet::with)
    }
}

/// Characters that no codec of [`UTF8_MISREAD_AS`] encodes (Han, kana,
/// Hangul, most symbols; checked in `tests`).
pub const UNENCODABLE: Range<char> = '\u{2600}'..'\u{f8ff}';

/// Whether some codec of [`UTF8_MISREAD_AS`] may encode `c`, a non-ASCII
/// character (what the pre-scan's generated table says of it): false only
/// for characters that none encodes, told by their first bytes
/// ([`starts_unencodable`]) or their block ([`UNENCODABLE`]).
pub fn may_be_encodable(c: char) -> bool {
    let mut utf8 = [0; 4];
    !starts_unencodable(c.encode_utf8(&mut utf8).as_bytes(), 0) && !UNENCODABLE.contains(&c)
}

/// Whether some codec of [`UTF8_MISREAD_AS`] encodes `c`, a non-ASCII
/// character, as a UTF-8 continuation byte (80 to BF) (what the pre-scan's
/// generated table says of it).
pub fn may_continue_sequence(c: char) -> bool {
    // One bit per character of the BMP (no codec encodes any beyond),
    // made from the codecs' own tables: the bytes 80–BF of each decode to
    // the characters it encodes there.
    static CONTINUING: LazyLock<Vec<u64>> = LazyLock::new(|| {
        let mut bits = vec![0u64; 0x10000 / 64];
        for charmap in UTF8_MISREAD_AS {
            for c in (0x80..=0xBF).filter_map(|byte| charmap.decode_byte(byte)) {
                bits[c as usize / 64] |= 1 << (c as usize % 64);
            }
        }
        bits
    });
    CONTINUING
        .get(c as usize / 64)
        .is_some_and(|word| word & (1 << (c as usize % 64)) != 0)
}

/// Whether the character at `at` of valid UTF-8 `bytes` (one of three or
/// four bytes) is one that no codec of [`UTF8_MISREAD_AS`] encodes, by its
/// first two bytes: all beyond the BMP, and U+0800 to U+1FFF (Indic
/// scripts and more) but Thai (E0 B8 and E0 B9), and U+3000 to U+EFFF
/// (Han, kana, Hangul, private use). Checked in `tests`.
#[inline]
pub fn starts_unencodable(bytes: &[u8], at: usize) -> bool {
    match bytes[at] {
        0xE0 => !matches!(bytes.get(at + 1), Some(0xB8 | 0xB9)),
        0xE1 | 0xE3..=0xEE | 0xF0..=0xF4 => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcuts against the codecs themselves, for every character.
    #[test]
    fn shortcuts_agree_with_the_codecs() {
        for c in ('\u{80}'..=char::MAX).filter(|c| !c.is_ascii()) {
            let encoded: Vec<u8> = UTF8_MISREAD_AS
                .iter()
                .filter_map(|charmap| charmap.encode_char(c))
                .collect();
            if !may_be_encodable(c) {
                assert!(encoded.is_empty(), "{c:?}");
            }
            let continues = encoded.iter().any(|byte| (0x80..=0xBF).contains(byte));
            assert_eq!(may_continue_sequence(c), continues, "{c:?}");
        }
    }
}
