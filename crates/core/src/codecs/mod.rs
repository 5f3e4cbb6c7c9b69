//! The codecs mojibake is made with: single-byte encodings, strict and
//! "sloppy", and `utf-8-variants`.
//!
//! A [`Charmap`] maps each byte to one character. The strict codecs leave
//! some bytes unmapped, as Python does; the *sloppy* codecs (ftfy's
//! invention, and what web browsers actually do) map those bytes to the
//! code point of the same number, except byte 1A, which stands for U+FFFD
//! so that text that lost characters to `�` can still be re-encoded.
//!
//! [`Codec`] names any codec a plan can use: a [`Charmap`], UTF-8 or
//! `utf-8-variants`, or a CJK encoding. [`MisreadCodec`] is the list of
//! the single-byte codecs that UTF-8 is misread through, from which
//! [`UNDONE_CODECS`], [`UTF8_MISREAD_AS`] and every use of them are derived.
//!
//! ```
//! use ftfy_core::codecs::{Codec, LATIN_1, SLOPPY_WINDOWS_1252, WINDOWS_1252};
//!
//! // Windows-1252 and its sloppy version differ only on unmapped bytes.
//! assert!(WINDOWS_1252.decode(b"\x80\x81\x82").is_err());
//! assert_eq!(SLOPPY_WINDOWS_1252.decode(b"\x80\x81\x82").unwrap(), "€\u{81}‚");
//! assert_eq!(LATIN_1.encode("café").unwrap(), b"caf\xe9");
//! let codec: Codec = "sloppy-cp1252".parse().unwrap();
//! assert_eq!(codec.decode(b"\x80").unwrap(), "€");
//! ```
//!
//! The tables are generated from Python's codecs by
//! `xtask/python/generate/codec_tables.py`, and `tests/codecs.rs` checks every byte
//! and a wide sample of characters against Python itself.

mod charmaps_table;
mod double_byte;
mod iso_2022_kr;
pub(crate) mod misread;
mod multi_byte;
pub(crate) mod undone;
pub mod utf8_variants;

use std::fmt;
use std::sync::LazyLock;

use crate::fnv::FnvMap;

pub use charmaps_table::{
    CP437, CP850, CP864, CP874, IBM855, IBM866, ISO_8859_11, ISO_8859_13, ISO_8859_15, ISO_8859_16,
    ISO_8859_2, ISO_8859_3, ISO_8859_4, ISO_8859_5, ISO_8859_6, ISO_8859_7, ISO_8859_8, ISO_8859_9,
    KOI8_R, KOI8_U, LATIN_1, MACROMAN, MAC_CYRILLIC, SLOPPY_CP874, SLOPPY_ISO_8859_11,
    SLOPPY_ISO_8859_3, SLOPPY_ISO_8859_6, SLOPPY_ISO_8859_7, SLOPPY_ISO_8859_8,
    SLOPPY_WINDOWS_1250, SLOPPY_WINDOWS_1251, SLOPPY_WINDOWS_1252, SLOPPY_WINDOWS_1253,
    SLOPPY_WINDOWS_1254, SLOPPY_WINDOWS_1255, SLOPPY_WINDOWS_1256, SLOPPY_WINDOWS_1257,
    SLOPPY_WINDOWS_1258, WINDOWS_1250, WINDOWS_1251, WINDOWS_1252, WINDOWS_1253, WINDOWS_1254,
    WINDOWS_1255, WINDOWS_1256, WINDOWS_1257, WINDOWS_1258,
};
pub use misread::{CodecSet, MisreadCodec, UNDONE_CODECS, UTF8_MISREAD_AS};
pub use multi_byte::{gb2312_standard, jis_standard};
pub use multi_byte::{MultiByte, MultiByteDecoder};

/// A decode-table entry for a byte the codec leaves unmapped. (U+FFFF is
/// a noncharacter that no codec here maps to.)
const UNMAPPED: u16 = 0xFFFF;

/// A single-byte codec: each byte stands for at most one character, and
/// every character it maps is in the Basic Multilingual Plane.
#[derive(Debug)]
pub struct Charmap {
    name: &'static str,
    /// The character of each byte, or [`UNMAPPED`].
    decode: &'static [u16; 256],
    /// `(character, byte)` sorted by character, for every mapping except
    /// ASCII characters that stand for themselves.
    encode: &'static [(u16, u8)],
}

impl PartialEq for Charmap {
    /// Codecs are the same when their names are: each name is defined
    /// once, in the generated tables.
    fn eq(&self, other: &Charmap) -> bool {
        self.name == other.name
    }
}

impl Eq for Charmap {}

impl std::hash::Hash for Charmap {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name.hash(state);
    }
}

impl Charmap {
    /// Whether this is one of ftfy's *sloppy* codecs, which decode every
    /// byte. (ftfy names each of them `sloppy-` and the strict codec's
    /// name.)
    ///
    /// ```
    /// use ftfy_core::codecs::{SLOPPY_WINDOWS_1252, WINDOWS_1252};
    /// assert!(SLOPPY_WINDOWS_1252.is_sloppy());
    /// assert!(!WINDOWS_1252.is_sloppy());
    /// ```
    pub fn is_sloppy(&self) -> bool {
        self.name.starts_with("sloppy-")
    }

    /// The codec's canonical name, as Python and ftfy spell it.
    ///
    /// ```
    /// assert_eq!(ftfy_core::codecs::SLOPPY_WINDOWS_1252.name(), "sloppy-windows-1252");
    /// ```
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The character `byte` decodes to, or `None` if the codec leaves the
    /// byte unmapped.
    ///
    /// ```
    /// use ftfy_core::codecs::{SLOPPY_WINDOWS_1252, WINDOWS_1252};
    /// assert_eq!(WINDOWS_1252.decode_byte(0x80), Some('€'));
    /// assert_eq!(WINDOWS_1252.decode_byte(0x81), None);
    /// assert_eq!(SLOPPY_WINDOWS_1252.decode_byte(0x81), Some('\u{81}'));
    /// assert_eq!(SLOPPY_WINDOWS_1252.decode_byte(0x1a), Some('\u{fffd}'));
    /// ```
    pub fn decode_byte(&self, byte: u8) -> Option<char> {
        match self.decode[usize::from(byte)] {
            UNMAPPED => None,
            code => char::from_u32(u32::from(code)),
        }
    }

    /// The byte that encodes `c`, or `None` if the codec cannot encode it.
    ///
    /// ```
    /// use ftfy_core::codecs::{LATIN_1, SLOPPY_WINDOWS_1252};
    /// assert_eq!(LATIN_1.encode_char('é'), Some(0xe9));
    /// assert_eq!(LATIN_1.encode_char('€'), None);
    /// assert_eq!(SLOPPY_WINDOWS_1252.encode_char('€'), Some(0x80));
    /// assert_eq!(SLOPPY_WINDOWS_1252.encode_char('\u{1a}'), None);
    /// ```
    pub fn encode_char(&self, c: char) -> Option<u8> {
        let code = c as u32;
        // Most characters a codec encodes below U+0100 sit at their own
        // byte (all of Latin-1's, most of Windows-1252's): one read of the
        // decoding table instead of a search. Python's codecs agree for
        // every such character (`tests/codecs.rs`).
        if code < 0x100 && u32::from(self.decode[code as usize]) == code {
            return Some(code as u8);
        }
        let code = u16::try_from(code).ok()?;
        self.encode
            .binary_search_by_key(&code, |&(character, _)| character)
            .ok()
            .map(|index| self.encode[index].1)
    }

    /// Encodes `text`, failing at the first character the codec cannot
    /// encode.
    ///
    /// ```
    /// use ftfy_core::codecs::LATIN_1;
    /// assert_eq!(LATIN_1.encode("schön").unwrap(), b"sch\xf6n");
    /// let error = LATIN_1.encode("a€b").unwrap_err();
    /// assert_eq!(error.offset(), Some(1));
    /// assert_eq!(error.to_string(), "latin-1 cannot encode '€' (U+20AC) at byte offset 1");
    /// ```
    ///
    /// # Errors
    ///
    /// [`CodecError::Unencodable`] naming the first character that has no
    /// byte.
    pub fn encode(&self, text: &str) -> Result<Vec<u8>, CodecError> {
        let mut bytes = Vec::with_capacity(text.len());
        let mut rest = text;
        loop {
            // Copy the ASCII run that stands for itself in one go.
            let ascii_len = rest
                .bytes()
                .position(|b| b >= 0x80 || u16::from(b) != self.decode[usize::from(b)])
                .unwrap_or(rest.len());
            bytes.extend_from_slice(&rest.as_bytes()[..ascii_len]);
            rest = &rest[ascii_len..];
            let Some(c) = rest.chars().next() else {
                return Ok(bytes);
            };
            let byte = self.encode_char(c).ok_or(CodecError::Unencodable {
                codec: self.name,
                offset: text.len() - rest.len(),
                character: c,
            })?;
            bytes.push(byte);
            rest = &rest[c.len_utf8()..];
        }
    }

    /// Whether the codec can encode every character of `text`.
    ///
    /// ```
    /// assert!(ftfy_core::codecs::MACROMAN.can_encode("√∂"));
    /// assert!(!ftfy_core::codecs::LATIN_1.can_encode("√∂"));
    /// ```
    pub fn can_encode(&self, text: &str) -> bool {
        text.chars().all(|c| self.encode_char(c).is_some())
    }

    /// Decodes `bytes`, failing at the first unmapped byte.
    ///
    /// ```
    /// use ftfy_core::codecs::{CP437, WINDOWS_1252};
    /// assert_eq!(CP437.decode(b"\xc9\xcd\xbb").unwrap(), "╔═╗");
    /// assert_eq!(WINDOWS_1252.decode(b"ok\x81").unwrap_err().offset(), Some(2));
    /// ```
    ///
    /// # Errors
    ///
    /// [`CodecError::Undecodable`] at the first byte the codec leaves
    /// unmapped.
    pub fn decode(&self, bytes: &[u8]) -> Result<String, CodecError> {
        // Room for half the bytes to become two- or three-byte characters,
        // and for a short text (a line of mojibake, say) to become all of
        // them, without growing.
        let mut text = String::with_capacity(bytes.len() + bytes.len() / 2 + 16);
        for (offset, &byte) in bytes.iter().enumerate() {
            let c = self.decode_byte(byte).ok_or(CodecError::Undecodable {
                codec: self.name,
                offset,
                reason: "byte not mapped by this codec",
            })?;
            text.push(c);
        }
        Ok(text)
    }
}

/// Why text could not be encoded or bytes decoded.
///
/// Every error of this crate is an enum of this shape: `#[non_exhaustive]`,
/// with [`Display`](fmt::Display), and byte offsets as `usize`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CodecError {
    /// No codec has this name.
    UnknownEncoding {
        /// The name as given.
        name: String,
    },
    /// The text holds a character the codec cannot encode.
    Unencodable {
        /// The codec's canonical name.
        codec: &'static str,
        /// The byte offset of the character in the text.
        offset: usize,
        /// The character.
        character: char,
    },
    /// The bytes are not valid in the codec.
    Undecodable {
        /// The codec's canonical name.
        codec: &'static str,
        /// The offset of the first byte that could not be decoded.
        offset: usize,
        /// What is wrong there.
        reason: &'static str,
    },
}

impl CodecError {
    /// The byte offset where encoding or decoding failed, if it did.
    ///
    /// ```
    /// use ftfy_core::codecs::Codec;
    /// assert_eq!(Codec::Utf8.decode(b"ok\xff").unwrap_err().offset(), Some(2));
    /// assert_eq!("klingon".parse::<Codec>().unwrap_err().offset(), None);
    /// ```
    pub fn offset(&self) -> Option<usize> {
        match self {
            CodecError::UnknownEncoding { .. } => None,
            CodecError::Unencodable { offset, .. } | CodecError::Undecodable { offset, .. } => {
                Some(*offset)
            }
        }
    }
}

impl fmt::Display for CodecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodecError::UnknownEncoding { name } => write!(f, "unknown encoding '{name}'"),
            CodecError::Unencodable {
                codec,
                offset,
                character,
            } => write!(
                f,
                "{codec} cannot encode {character:?} (U+{:04X}) at byte offset {offset}",
                u32::from(*character)
            ),
            CodecError::Undecodable {
                codec,
                offset,
                reason,
            } => write!(f, "cannot decode byte offset {offset} as {codec}: {reason}"),
        }
    }
}

impl std::error::Error for CodecError {}

/// A codec that plans name: one of the single-byte codecs, UTF-8, or
/// ftfy's `utf-8-variants`. Its [`Display`](fmt::Display) is its canonical
/// name, as ftfy spells it, and it parses from any of its names.
///
/// ```
/// use ftfy_core::codecs::{Codec, SLOPPY_WINDOWS_1252};
///
/// let codec: Codec = "Sloppy_CP1252".parse().unwrap();
/// assert_eq!(codec, Codec::SingleByte(&SLOPPY_WINDOWS_1252));
/// assert_eq!(codec.to_string(), "sloppy-windows-1252");
/// assert_eq!(codec.encode("€").unwrap(), b"\x80");
/// assert_eq!(Codec::Utf8Variants.decode(b"here comes a null! \xc0\x80").unwrap(), "here comes a null! \0");
/// assert!(Codec::Utf8.decode(b"\xc0\x80").is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Codec {
    /// A single-byte codec.
    SingleByte(&'static Charmap),
    /// Standard UTF-8.
    Utf8,
    /// UTF-8 that also accepts CESU-8 surrogate pairs and Java's `C0 80`
    /// (see [`utf8_variants`]); it encodes as plain UTF-8, as ftfy's does.
    Utf8Variants,
    /// A multi-byte encoding: a CJK one (Shift_JIS, GBK, EUC-KR, Big5,
    /// EUC-JP, ISO-2022, Johab, ...), or UTF-16 or UTF-32 in one byte order.
    MultiByte(MultiByte),
}

impl Codec {
    /// The canonical name, as Python and ftfy spell it.
    ///
    /// ```
    /// assert_eq!(ftfy_core::codecs::Codec::Utf8Variants.name(), "utf-8-variants");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Codec::SingleByte(charmap) => charmap.name(),
            Codec::Utf8 => "utf-8",
            Codec::Utf8Variants => "utf-8-variants",
            Codec::MultiByte(codec) => codec.name(),
        }
    }

    /// The codec with this name or alias (`latin1`, `sloppy-cp1252`,
    /// `utf8-var`, `cesu-8` …), ignoring case, `_` and spaces.
    ///
    /// ```
    /// use ftfy_core::codecs::Codec;
    /// assert_eq!(Codec::from_name("Sloppy_CP1252").unwrap().name(), "sloppy-windows-1252");
    /// assert_eq!(Codec::from_name("latin1").unwrap().name(), "latin-1");
    /// assert_eq!(Codec::from_name("utf-8-var"), Some(Codec::Utf8Variants));
    /// assert_eq!(Codec::from_name("klingon"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Codec> {
        BY_NAME.get(normalize_name(name).as_str()).copied()
    }

    /// Encodes `text`. `utf-8-variants` encodes as plain UTF-8.
    ///
    /// ```
    /// use ftfy_core::codecs::Codec;
    /// let latin_1: Codec = "latin-1".parse().unwrap();
    /// assert_eq!(latin_1.encode("café").unwrap(), b"caf\xe9");
    /// assert!(latin_1.encode("€").is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// [`CodecError::Unencodable`] for a character the codec cannot
    /// encode.
    pub fn encode(self, text: &str) -> Result<Vec<u8>, CodecError> {
        match self {
            Codec::SingleByte(charmap) => charmap.encode(text),
            Codec::Utf8 | Codec::Utf8Variants => Ok(text.as_bytes().to_vec()),
            Codec::MultiByte(codec) => {
                codec
                    .encode(text)
                    .map_err(|offset| CodecError::Unencodable {
                        codec: codec.name(),
                        offset,
                        character: text[offset..].chars().next().unwrap_or('\u{fffd}'),
                    })
            }
        }
    }

    /// Decodes `bytes`.
    ///
    /// ```
    /// use ftfy_core::codecs::Codec;
    /// assert_eq!(Codec::Utf8Variants.decode(b"\xed\xa0\xbd\xed\xb8\x8d").unwrap(), "😍");
    /// ```
    ///
    /// # Errors
    ///
    /// [`CodecError::Undecodable`] for bytes that are not valid in the
    /// codec.
    pub fn decode(self, bytes: &[u8]) -> Result<String, CodecError> {
        match self {
            Codec::SingleByte(charmap) => charmap.decode(bytes),
            Codec::Utf8 => {
                String::from_utf8(bytes.to_vec()).map_err(|error| CodecError::Undecodable {
                    codec: self.name(),
                    offset: error.utf8_error().valid_up_to(),
                    reason: "invalid UTF-8",
                })
            }
            Codec::Utf8Variants => utf8_variants::decode(bytes),
            Codec::MultiByte(codec) => {
                codec
                    .decode(bytes)
                    .map_err(|offset| CodecError::Undecodable {
                        codec: codec.name(),
                        offset,
                        reason: "no character for these bytes",
                    })
            }
        }
    }
}

impl fmt::Display for Codec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Codec {
    type Err = CodecError;

    fn from_str(name: &str) -> Result<Codec, CodecError> {
        Codec::from_name(name).ok_or_else(|| CodecError::UnknownEncoding {
            name: name.to_owned(),
        })
    }
}

/// Alternative names, after [`normalize_name`], for the codecs that have
/// them.
const ALIASES: &[(&str, &str)] = &[
    ("latin1", "latin-1"),
    ("latin", "latin-1"),
    ("l1", "latin-1"),
    ("iso-8859-1", "latin-1"),
    ("iso8859-1", "latin-1"),
    ("8859", "latin-1"),
    ("cp819", "latin-1"),
    ("mac-roman", "macroman"),
    ("macintosh", "macroman"),
    ("ibm437", "cp437"),
    ("437", "cp437"),
    ("utf8", "utf-8"),
    ("utf-8-var", "utf-8-variants"),
    ("utf8-var", "utf-8-variants"),
    ("utf-8-variant", "utf-8-variants"),
    ("utf8-variant", "utf-8-variants"),
    ("utf8-variants", "utf-8-variants"),
    ("cesu-8", "utf-8-variants"),
    ("cesu8", "utf-8-variants"),
    ("java-utf-8", "utf-8-variants"),
    ("java-utf8", "utf-8-variants"),
    ("koi8r", "koi8-r"),
    ("cp866", "ibm866"),
    ("866", "ibm866"),
    ("850", "cp850"),
    ("ibm850", "cp850"),
    ("shift-jis", "shift_jis"),
    ("sjis", "shift_jis"),
    ("windows-31j", "cp932"),
    ("ms932", "cp932"),
    ("mskanji", "cp932"),
    ("ms-kanji", "cp932"),
    ("cp936", "gbk"),
    ("euc-cn", "gb2312"),
    ("euccn", "gb2312"),
    ("euckr", "euc-kr"),
    ("cp949", "euc-kr"),
    ("big5-hkscs", "big5hkscs"),
    ("hkscs", "big5hkscs"),
    ("cp1361", "johab"),
    ("eucjp", "euc-jp"),
    ("iso2022-jp", "iso-2022-jp"),
    ("iso2022jp", "iso-2022-jp"),
    ("csiso2022jp", "iso-2022-jp"),
    ("iso2022-kr", "iso-2022-kr"),
    ("iso2022kr", "iso-2022-kr"),
    ("csiso2022kr", "iso-2022-kr"),
    ("utf-16-le", "utf-16le"),
    ("utf16le", "utf-16le"),
    ("utf-16-be", "utf-16be"),
    ("utf16be", "utf-16be"),
    ("utf-32-le", "utf-32le"),
    ("utf32le", "utf-32le"),
    ("utf-32-be", "utf-32be"),
    ("utf32be", "utf-32be"),
    ("koi8u", "koi8-u"),
    ("maccyrillic", "mac-cyrillic"),
    ("x-mac-cyrillic", "mac-cyrillic"),
    ("cp855", "ibm855"),
    ("855", "ibm855"),
    ("ibm864", "cp864"),
    ("864", "cp864"),
];

/// Every codec by each of its names after [`normalize_name`]: its
/// canonical name, its [`ALIASES`], and the short spellings of the
/// Windows and ISO-8859 code pages (`cp1252`, `sloppy-cp1252`,
/// `iso8859-2`).
static BY_NAME: LazyLock<FnvMap<String, Codec>> = LazyLock::new(|| {
    let codecs = [Codec::Utf8, Codec::Utf8Variants]
        .into_iter()
        .chain(
            charmaps_table::ALL
                .iter()
                .map(|&charmap| Codec::SingleByte(charmap)),
        )
        .chain(multi_byte::ALL.iter().map(|&codec| Codec::MultiByte(codec)));
    let mut by_name = FnvMap::default();
    for codec in codecs {
        let name = codec.name();
        by_name.insert(name.to_owned(), codec);
        for (long, short) in [("windows-125", "cp125"), ("iso-8859-", "iso8859-")] {
            for prefix in ["", "sloppy-"] {
                if let Some(rest) = name.strip_prefix(&format!("{prefix}{long}")) {
                    by_name.insert(format!("{prefix}{short}{rest}"), codec);
                }
            }
        }
    }
    for &(alias, canonical) in ALIASES {
        if let Some(&codec) = by_name.get(canonical) {
            by_name.insert(alias.to_owned(), codec);
        }
    }
    by_name
});

/// Lowercases a name and spells separators as `-`, so that `Sloppy_CP1252`
/// and `sloppy-cp1252` are the same name.
fn normalize_name(name: &str) -> String {
    name.trim()
        .chars()
        .map(|c| match c {
            '_' | ' ' => '-',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lookup as a search: the name, its alias's codec, or the short
    /// spellings of the Windows and ISO-8859 code pages written out.
    fn searched(name: &str) -> Option<Codec> {
        let mut name = normalize_name(name);
        if let Some(&(_, canonical)) = ALIASES.iter().find(|(alias, _)| *alias == name) {
            name = canonical.to_owned();
        }
        for (short, long) in [("cp125", "windows-125"), ("iso8859-", "iso-8859-")] {
            if let Some(rest) = name.strip_prefix(short) {
                name = format!("{long}{rest}");
            } else if let Some(rest) = name.strip_prefix(&format!("sloppy-{short}")) {
                name = format!("sloppy-{long}{rest}");
            }
        }
        BY_NAME.values().copied().find(|codec| codec.name() == name)
    }

    /// The table finds what the search finds, for every name it holds and
    /// their spellings, and for names it doesn't.
    #[test]
    fn the_name_table_finds_what_a_search_finds() {
        let mut names: Vec<String> = BY_NAME.keys().cloned().collect();
        names.extend(ALIASES.iter().map(|&(alias, _)| alias.to_owned()));
        let spellings: Vec<String> = names
            .iter()
            .flat_map(|name| {
                [
                    name.to_uppercase(),
                    name.replace('-', "_"),
                    format!(" {name} "),
                    format!("sloppy-{name}"),
                    format!("{name}x"),
                    name.replacen("windows-", "cp", 1),
                    name.replacen("iso-8859-", "iso8859-", 1),
                ]
            })
            .collect();
        for name in names
            .iter()
            .chain(&spellings)
            .chain(&["klingon".to_owned(), String::new()])
        {
            assert_eq!(Codec::from_name(name), searched(name), "{name:?}");
        }
    }
}
