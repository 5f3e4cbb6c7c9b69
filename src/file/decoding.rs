//! The encodings a file may be read in, by name: this crate's codecs,
//! Python's `utf-16`, `utf-32` and `ascii`, and the WHATWG labels of
//! `encoding_rs`.

use encoding_rs::Encoding;

use ftfy_core::codecs::{Charmap, Codec, MultiByte};

/// Python's name of its UTF-16 codec, which reads the byte order from the
/// byte-order mark.
pub(super) const UTF_16: &str = "utf-16";

/// Python's name of its UTF-32 codec, which reads the byte order from the
/// byte-order mark.
pub(super) const UTF_32: &str = "utf-32";

/// Python's name of its 7-bit ASCII codec.
pub(super) const ASCII: &str = "ascii";

/// Legacy single-byte encodings that files are read in as web browsers
/// read them (encoding_rs's WHATWG definitions) when the name given is a
/// WHATWG label, so that `iso-8859-9` reads as Windows-1254; under other
/// names, and for CP850, which WHATWG lacks, with Python's tables.
const READ_BY_LABEL: [&str; 9] = [
    "koi8-r",
    "ibm866",
    "cp850",
    "iso-8859-4",
    "iso-8859-5",
    "iso-8859-9",
    "iso-8859-13",
    "iso-8859-15",
    "iso-8859-16",
];

/// How the input's bytes become text.
#[derive(Clone, Copy)]
pub(super) enum Decoding {
    /// Not known yet: guess from the first line, as ftfy does.
    Guess,
    /// Strict UTF-8.
    Utf8,
    /// Strict 7-bit ASCII, as Python reads `ascii` (WHATWG reads it as
    /// windows-1252).
    Ascii,
    /// UTF-8 with CESU-8 and Java's `C0 80` (ftfy's `utf-8-variants`).
    Utf8Variants,
    /// One of this crate's single-byte codecs.
    Charmap(&'static Charmap),
    /// UTF-16 in the byte order its byte-order mark gives (little-endian
    /// without one), as Python's `utf-16` codec reads it.
    Utf16,
    /// UTF-32 in the byte order its byte-order mark gives (little-endian
    /// without one), as Python's `utf-32` codec reads it.
    Utf32,
    /// One of the core's multi-byte codecs (the CJK encodings, ISO-2022,
    /// UTF-16 and UTF-32 in one byte order), which read as Python does.
    MultiByte(MultiByte),
    /// An encoding that `encoding_rs` knows, decoded as a stream.
    Other(&'static Encoding),
}

impl Decoding {
    /// The decoding for an encoding name. This crate's codecs come first
    /// (so `latin-1` is Latin-1 and `windows-1252` is strict, as in Python,
    /// not as the WHATWG labels say); other names are `encoding_rs` labels.
    pub(super) fn from_name(name: &str) -> Option<Decoding> {
        let label = name.trim().to_ascii_lowercase().replace('_', "-");
        match Codec::from_name(name) {
            Some(Codec::Utf8) => Some(Decoding::Utf8),
            Some(Codec::Utf8Variants) => Some(Decoding::Utf8Variants),
            Some(Codec::SingleByte(charmap)) if READ_BY_LABEL.contains(&charmap.name()) => {
                Encoding::for_label(name.trim().as_bytes())
                    .map(Decoding::Other)
                    .or(Some(Decoding::Charmap(charmap)))
            }
            Some(Codec::SingleByte(charmap)) => Some(Decoding::Charmap(charmap)),
            Some(Codec::MultiByte(codec)) => Some(Decoding::MultiByte(codec)),
            // (A kind of codec the core may add: read by its label.)
            Some(_) => Encoding::for_label(name.trim().as_bytes()).map(Decoding::Other),
            None => match label.as_str() {
                UTF_16 | "utf16" => Some(Decoding::Utf16),
                UTF_32 | "utf32" => Some(Decoding::Utf32),
                ASCII | "us-ascii" | "646" => Some(Decoding::Ascii),
                _ => Encoding::for_label(name.trim().as_bytes()).map(Decoding::Other),
            },
        }
    }

    /// The decoding of an encoding a guess names: the core's codec of that
    /// name, exactly as the guess read it (not the WHATWG label's reading).
    pub(super) fn for_guess(name: &str) -> Option<Decoding> {
        match Codec::from_name(name) {
            Some(Codec::SingleByte(charmap)) => Some(Decoding::Charmap(charmap)),
            _ => Decoding::from_name(name),
        }
    }

    pub(super) fn name(self) -> Option<&'static str> {
        match self {
            Decoding::Guess => None,
            Decoding::Utf8 => Some(Codec::Utf8.name()),
            Decoding::Ascii => Some(ASCII),
            Decoding::Utf8Variants => Some(Codec::Utf8Variants.name()),
            Decoding::Charmap(charmap) => Some(charmap.name()),
            Decoding::Utf16 => Some(UTF_16),
            Decoding::Utf32 => Some(UTF_32),
            Decoding::MultiByte(codec) => Some(codec.name()),
            Decoding::Other(encoding) => Some(encoding.name()),
        }
    }
}
