//! The codecs mojibake is made with: single-byte encodings, strict and
//! "sloppy", and `utf-8-variants`.
//!
//! A [`Charmap`] maps each byte to one character. The strict codecs leave
//! some bytes unmapped, as Python does; the *sloppy* codecs (ftfy's
//! invention, and what web browsers actually do) map those bytes to the
//! code point of the same number, except byte 1A, which stands for U+FFFD
//! so that text that lost characters to `�` can still be re-encoded.
//!
//! ```
//! use ftfy::codecs;
//!
//! // Windows-1252 and its sloppy version differ only on unmapped bytes.
//! assert!(codecs::decode(b"\x80\x81\x82", "windows-1252").is_err());
//! assert_eq!(codecs::decode(b"\x80\x81\x82", "sloppy-windows-1252").unwrap(), "€\u{81}‚");
//! assert_eq!(codecs::encode("café", "latin-1").unwrap(), b"caf\xe9");
//! ```
//!
//! The tables are generated from Python's codecs by
//! `scripts/gen_codec_tables.py`, and `tests/codecs.rs` checks every byte
//! and a wide sample of characters against Python itself.

mod tables;
pub mod utf8_variants;

use std::fmt;

pub use tables::{
    CP437, CP874, ISO_8859_11, ISO_8859_2, ISO_8859_3, ISO_8859_6, ISO_8859_7, ISO_8859_8, LATIN_1,
    MACROMAN, SLOPPY_CP874, SLOPPY_ISO_8859_11, SLOPPY_ISO_8859_3, SLOPPY_ISO_8859_6,
    SLOPPY_ISO_8859_7, SLOPPY_ISO_8859_8, SLOPPY_WINDOWS_1250, SLOPPY_WINDOWS_1251,
    SLOPPY_WINDOWS_1252, SLOPPY_WINDOWS_1253, SLOPPY_WINDOWS_1254, SLOPPY_WINDOWS_1255,
    SLOPPY_WINDOWS_1256, SLOPPY_WINDOWS_1257, SLOPPY_WINDOWS_1258, WINDOWS_1250, WINDOWS_1251,
    WINDOWS_1252, WINDOWS_1253, WINDOWS_1254, WINDOWS_1255, WINDOWS_1256, WINDOWS_1257,
    WINDOWS_1258,
};

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

impl Charmap {
    /// The codec's canonical name, as Python and ftfy spell it.
    ///
    /// ```
    /// assert_eq!(ftfy::codecs::SLOPPY_WINDOWS_1252.name(), "sloppy-windows-1252");
    /// ```
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The character `byte` decodes to, or `None` if the codec leaves the
    /// byte unmapped.
    ///
    /// ```
    /// use ftfy::codecs::{SLOPPY_WINDOWS_1252, WINDOWS_1252};
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
    /// use ftfy::codecs::{LATIN_1, SLOPPY_WINDOWS_1252};
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
    /// use ftfy::codecs::LATIN_1;
    /// assert_eq!(LATIN_1.encode("schön").unwrap(), b"sch\xf6n");
    /// let error = LATIN_1.encode("a€b").unwrap_err();
    /// assert_eq!((error.offset(), error.character()), (1, '€'));
    /// ```
    ///
    /// # Errors
    ///
    /// An [`EncodeError`] naming the first character that has no byte.
    pub fn encode(&self, text: &str) -> Result<Vec<u8>, EncodeError> {
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
            let byte = self.encode_char(c).ok_or(EncodeError {
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
    /// assert!(ftfy::codecs::MACROMAN.can_encode("√∂"));
    /// assert!(!ftfy::codecs::LATIN_1.can_encode("√∂"));
    /// ```
    pub fn can_encode(&self, text: &str) -> bool {
        text.chars().all(|c| self.encode_char(c).is_some())
    }

    /// Decodes `bytes`, failing at the first unmapped byte.
    ///
    /// ```
    /// use ftfy::codecs::{CP437, WINDOWS_1252};
    /// assert_eq!(CP437.decode(b"\xc9\xcd\xbb").unwrap(), "╔═╗");
    /// assert_eq!(WINDOWS_1252.decode(b"ok\x81").unwrap_err().offset(), 2);
    /// ```
    ///
    /// # Errors
    ///
    /// A [`DecodeError`] at the first byte the codec leaves unmapped.
    pub fn decode(&self, bytes: &[u8]) -> Result<String, DecodeError> {
        let mut text = String::with_capacity(bytes.len() + bytes.len() / 2);
        for (offset, &byte) in bytes.iter().enumerate() {
            let c = self.decode_byte(byte).ok_or(DecodeError {
                codec: self.name,
                offset,
                reason: "byte not mapped by this codec",
            })?;
            text.push(c);
        }
        Ok(text)
    }
}

/// A byte sequence a codec could not decode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError {
    codec: &'static str,
    offset: usize,
    reason: &'static str,
}

impl DecodeError {
    pub(crate) fn new(codec: &'static str, offset: usize, reason: &'static str) -> DecodeError {
        DecodeError {
            codec,
            offset,
            reason,
        }
    }

    /// The offset of the first byte that could not be decoded.
    ///
    /// ```
    /// let error = ftfy::codecs::WINDOWS_1252.decode(b"ab\x81").unwrap_err();
    /// assert_eq!(error.offset(), 2);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The codec's name.
    ///
    /// ```
    /// let error = ftfy::codecs::WINDOWS_1252.decode(b"\x81").unwrap_err();
    /// assert_eq!(error.codec(), "windows-1252");
    /// ```
    pub fn codec(&self) -> &'static str {
        self.codec
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot decode byte offset {} as {}: {}",
            self.offset, self.codec, self.reason
        )
    }
}

impl std::error::Error for DecodeError {}

/// A character a codec could not encode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncodeError {
    codec: &'static str,
    offset: usize,
    character: char,
}

impl EncodeError {
    /// The byte offset in the text of the character that could not be
    /// encoded.
    ///
    /// ```
    /// let error = ftfy::codecs::LATIN_1.encode("né€").unwrap_err();
    /// assert_eq!(error.offset(), 3);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The character that could not be encoded.
    ///
    /// ```
    /// let error = ftfy::codecs::LATIN_1.encode("né€").unwrap_err();
    /// assert_eq!(error.character(), '€');
    /// ```
    pub fn character(&self) -> char {
        self.character
    }

    /// The codec's name.
    ///
    /// ```
    /// let error = ftfy::codecs::MACROMAN.encode("中").unwrap_err();
    /// assert_eq!(error.codec(), "macroman");
    /// ```
    pub fn codec(&self) -> &'static str {
        self.codec
    }
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} cannot encode {:?} (U+{:04X}) at byte offset {}",
            self.codec, self.character, self.character as u32, self.offset
        )
    }
}

impl std::error::Error for EncodeError {}

/// An error from [`decode`] or [`encode`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodecError {
    /// No codec has this name.
    UnknownEncoding(String),
    /// The bytes are not valid in the codec.
    Decode(DecodeError),
    /// The text holds a character the codec cannot encode.
    Encode(EncodeError),
}

impl CodecError {
    /// The byte offset where decoding or encoding failed, if it did.
    ///
    /// ```
    /// use ftfy::codecs::decode;
    /// assert_eq!(decode(b"ok\xff", "utf-8").unwrap_err().offset(), Some(2));
    /// assert_eq!(decode(b"ok", "klingon").unwrap_err().offset(), None);
    /// ```
    pub fn offset(&self) -> Option<usize> {
        match self {
            CodecError::UnknownEncoding(_) => None,
            CodecError::Decode(error) => Some(error.offset()),
            CodecError::Encode(error) => Some(error.offset()),
        }
    }
}

impl fmt::Display for CodecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodecError::UnknownEncoding(name) => write!(f, "unknown encoding '{name}'"),
            CodecError::Decode(error) => error.fmt(f),
            CodecError::Encode(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for CodecError {}

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
];

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

/// The canonical name of a codec this module knows, given any of its
/// names: `"sloppy-cp1252"` → `"sloppy-windows-1252"`, `"utf8-var"` →
/// `"utf-8-variants"`.
///
/// ```
/// use ftfy::codecs::canonical_name;
/// assert_eq!(canonical_name("Sloppy_CP1252"), Some("sloppy-windows-1252"));
/// assert_eq!(canonical_name("latin1"), Some("latin-1"));
/// assert_eq!(canonical_name("utf-8-var"), Some("utf-8-variants"));
/// assert_eq!(canonical_name("klingon"), None);
/// ```
pub fn canonical_name(name: &str) -> Option<&'static str> {
    let mut name = normalize_name(name);
    if let Some(&(_, canonical)) = ALIASES.iter().find(|(alias, _)| *alias == name) {
        return Some(canonical);
    }
    for (short, long) in [("cp125", "windows-125"), ("iso8859-", "iso-8859-")] {
        if let Some(rest) = name.strip_prefix(short) {
            name = format!("{long}{rest}");
        } else if let Some(rest) = name.strip_prefix(&format!("sloppy-{short}")) {
            name = format!("sloppy-{long}{rest}");
        }
    }
    match name.as_str() {
        "utf-8" => Some("utf-8"),
        "utf-8-variants" => Some("utf-8-variants"),
        _ => tables::ALL
            .iter()
            .find(|charmap| charmap.name == name)
            .map(|charmap| charmap.name),
    }
}

/// The single-byte codec with this name or alias.
///
/// ```
/// let charmap = ftfy::codecs::charmap("sloppy-cp1251").unwrap();
/// assert_eq!(charmap.name(), "sloppy-windows-1251");
/// assert!(ftfy::codecs::charmap("utf-8").is_none());
/// ```
pub fn charmap(name: &str) -> Option<&'static Charmap> {
    let canonical = canonical_name(name)?;
    tables::ALL
        .iter()
        .copied()
        .find(|charmap| charmap.name == canonical)
}

/// Decodes `bytes` with the codec named `encoding`: any single-byte codec
/// here, `utf-8`, or `utf-8-variants`.
///
/// ```
/// use ftfy::codecs::decode;
/// assert_eq!(decode(b"\xed\xa0\xbd\xed\xb8\x8d", "utf-8-variants").unwrap(), "😍");
/// assert_eq!(decode(b"here comes a null! \xc0\x80", "utf-8-var").unwrap(), "here comes a null! \0");
/// assert!(decode(b"\xc0\x80", "utf-8").is_err());
/// ```
///
/// # Errors
///
/// [`CodecError::UnknownEncoding`] for a name no codec has, and
/// [`CodecError::Decode`] for bytes that are not valid in the codec.
pub fn decode(bytes: &[u8], encoding: &str) -> Result<String, CodecError> {
    let unknown = || CodecError::UnknownEncoding(encoding.to_owned());
    match canonical_name(encoding).ok_or_else(unknown)? {
        "utf-8" => String::from_utf8(bytes.to_vec()).map_err(|error| {
            CodecError::Decode(DecodeError::new(
                "utf-8",
                error.utf8_error().valid_up_to(),
                "invalid UTF-8",
            ))
        }),
        "utf-8-variants" => utf8_variants::decode(bytes).map_err(CodecError::Decode),
        _ => charmap(encoding)
            .ok_or_else(unknown)?
            .decode(bytes)
            .map_err(CodecError::Decode),
    }
}

/// Encodes `text` with the codec named `encoding`. `utf-8-variants`
/// encodes as plain UTF-8, as ftfy's codec does.
///
/// ```
/// use ftfy::codecs::encode;
/// assert_eq!(encode("€", "sloppy-windows-1252").unwrap(), b"\x80");
/// assert_eq!(encode("😍", "utf-8-variants").unwrap(), "😍".as_bytes());
/// assert!(encode("€", "latin-1").is_err());
/// ```
///
/// # Errors
///
/// [`CodecError::UnknownEncoding`] for a name no codec has, and
/// [`CodecError::Encode`] for a character the codec cannot encode.
pub fn encode(text: &str, encoding: &str) -> Result<Vec<u8>, CodecError> {
    let unknown = || CodecError::UnknownEncoding(encoding.to_owned());
    match canonical_name(encoding).ok_or_else(unknown)? {
        "utf-8" | "utf-8-variants" => Ok(text.as_bytes().to_vec()),
        _ => charmap(encoding)
            .ok_or_else(unknown)?
            .encode(text)
            .map_err(CodecError::Encode),
    }
}
