//! Bytes in: [`guess_bytes`] for bytes of unknown encoding, [`fix_file`],
//! which reads, decodes and fixes a file piece by piece, and
//! [`TextBatches`], which reads a file as decoded batches that end where
//! `fix_text` ends a segment, so that each can be fixed on its own, on any
//! thread, in bounded memory.
//!
//! ftfy is not an encoding detector: when you know the encoding, say so.
//! Guessing exists for the unfortunate cases where nobody knows.

use std::fmt;
use std::io::{self, Read};

use encoding_rs::{DecoderResult, Encoding};

use ftfy_core::codecs::{self, Charmap, Codec, CodecError, MultiByte, MultiByteDecoder};
pub use ftfy_core::guess_bytes;

use ftfy_core::extension::Window;
use ftfy_core::{complete_segments_len, segment_end};

use crate::mode;
pub use crate::mode::Guesser;
use crate::{StreamFixer, TextFixerConfig};

/// Python's name of its UTF-16 codec, which reads the byte order from the
/// byte-order mark.
const UTF_16: &str = "utf-16";

/// Python's name of its UTF-32 codec, which reads the byte order from the
/// byte-order mark.
const UTF_32: &str = "utf-32";

/// Python's name of its 7-bit ASCII codec.
const ASCII: &str = "ascii";

/// What to do with bytes the encoding cannot decode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Errors {
    /// Stop with [`FixFileError::Undecodable`], naming the offset (as
    /// Python's `errors="strict"`).
    Strict,
    /// Read each byte sequence that does not decode as U+FFFD and go on
    /// (as Python's `errors="replace"`).
    Replace,
}

/// [`guess_bytes`], and with
/// [`extended_recovery`](TextFixerConfig::extended_recovery) the document
/// guess ([`guess_bytes_ranked`](crate::guess_bytes_ranked)): every
/// encoding the guesser knows (UTF-8, UTF-16 and UTF-32 with or without a
/// byte-order mark, the Western, Central European, Cyrillic, Greek,
/// Turkish, Hebrew, Arabic, Baltic, Vietnamese and Thai code pages, the
/// DOS and Mac ones, KOI8, the CJK encodings, ISO-2022), weighed on the
/// first 64 KiB by the language model; bytes the guessed encoding cannot
/// decode are read as U+FFFD. Without the mode, exactly `guess_bytes`.
///
/// ```
/// use ftfy::{guess_bytes_with, TextFixerConfig};
///
/// let extended = TextFixerConfig::default().extended_recovery(true);
/// // "Привет, как дела? Сегодня хорошая погода." in KOI8-R.
/// let koi8 = b"\xf0\xd2\xc9\xd7\xc5\xd4, \xcb\xc1\xcb \xc4\xc5\xcc\xc1? \xf3\xc5\xc7\xcf\xc4\xce\xd1 \
///     \xc8\xcf\xd2\xcf\xdb\xc1\xd1 \xd0\xcf\xc7\xcf\xc4\xc1.";
/// let (text, encoding) = guess_bytes_with(koi8, &extended).unwrap();
/// assert_eq!((text.as_str(), encoding), ("Привет, как дела? Сегодня хорошая погода.", "koi8-r"));
/// // Without the mode, ftfy's guess.
/// let (_, encoding) = guess_bytes_with(koi8, &TextFixerConfig::default()).unwrap();
/// assert_eq!(encoding, "sloppy-windows-1252");
/// // Western text stays Windows-1252.
/// let (text, encoding) = guess_bytes_with(b"caf\xe9 cr\xe8me br\xfbl\xe9e", &extended).unwrap();
/// assert_eq!((text.as_str(), encoding), ("café crème brûlée", "sloppy-windows-1252"));
/// ```
///
/// # Errors
///
/// As [`guess_bytes`]'s, without the mode; with it, none.
pub fn guess_bytes_with(
    bytes: &[u8],
    config: &TextFixerConfig,
) -> Result<(String, &'static str), CodecError> {
    guess_with(bytes, mode::guesser(config))
}

/// [`guess_bytes_with`] by `guesser`.
fn guess_with(bytes: &[u8], guesser: Guesser) -> Result<(String, &'static str), CodecError> {
    if guesser == Guesser::FirstLine {
        return guess_bytes(bytes);
    }
    // (Only empty input has no guess: ftfy's is UTF-8.)
    ftfy_extended::decode_document(bytes).map_or_else(|| guess_bytes(bytes), Ok)
}

fn starts_with_utf16_bom(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\xfe\xff") || bytes.starts_with(b"\xff\xfe")
}

/// The length of `bytes` without a UTF-8 sequence at its end that its
/// lead byte says goes on past it (all of `bytes` when none does, or when
/// its end is not the start of a sequence at all, which decoding then
/// reports).
fn complete_prefix(bytes: &[u8]) -> usize {
    // The last lead byte, among the last four bytes.
    let Some(lead_at) = (bytes.len().saturating_sub(4)..bytes.len())
        .rev()
        .find(|&at| bytes[at] & 0xC0 != 0x80)
    else {
        return bytes.len();
    };
    let length = match bytes[lead_at] {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => 1,
    };
    if lead_at + length > bytes.len() {
        lead_at
    } else {
        bytes.len()
    }
}

/// Why a file could not be read and decoded.
#[derive(Debug)]
#[non_exhaustive]
pub enum FixFileError {
    /// Reading failed.
    Io(io::Error),
    /// The bytes at `offset` (counted from the start of the input) are not
    /// valid in the encoding: the input is in another encoding, which
    /// must be named, or guessed.
    Undecodable {
        /// The encoding the input was decoded with.
        encoding: &'static str,
        /// The offset of the first byte that failed.
        offset: usize,
    },
    /// No codec has this name.
    UnknownEncoding {
        /// The name as given.
        name: String,
    },
}

impl fmt::Display for FixFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FixFileError::Io(error) => write!(f, "cannot read the input: {error}"),
            FixFileError::Undecodable { encoding, offset } => write!(
                f,
                "the input is not valid {encoding} at byte offset {offset}"
            ),
            FixFileError::UnknownEncoding { name } => write!(
                f,
                "unknown encoding '{name}'; try utf-8, latin-1, sloppy-windows-1252, \
                 utf-8-variants, macroman, cp437, utf-16 or a WHATWG label such as shift_jis"
            ),
        }
    }
}

impl std::error::Error for FixFileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FixFileError::Io(error) => Some(error),
            _ => None,
        }
    }
}

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
enum Decoding {
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
    fn from_name(name: &str) -> Option<Decoding> {
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
    fn for_guess(name: &str) -> Option<Decoding> {
        match Codec::from_name(name) {
            Some(Codec::SingleByte(charmap)) => Some(Decoding::Charmap(charmap)),
            _ => Decoding::from_name(name),
        }
    }

    fn name(self) -> Option<&'static str> {
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

/// Reads bytes and returns them as decoded text in batches of about
/// `batch_bytes`, each ending where [`fix_text_with`](crate::fix_text_with)
/// ends a segment (after a `\n`, or `max_decode_length` characters into a
/// longer line). A batch can then be fixed on its own with a
/// [`StreamFixer`] resumed from the [`LineState`](crate::LineState) before
/// it, on any thread; the fixed batches, joined, are `fix_text_with` of
/// the whole input. Memory stays bounded by a batch plus one segment,
/// however the input is cut into lines, or not at all.
///
/// ```
/// use ftfy::{file::TextBatches, TextFixerConfig};
///
/// let config = TextFixerConfig::default();
/// let mut batches = TextBatches::new(&b"one\ntwo\nthree"[..], Some("utf-8"), &config, 8).unwrap();
/// assert_eq!(batches.next_batch().unwrap().as_deref(), Some("one\ntwo\n"));
/// assert_eq!(batches.next_batch().unwrap().as_deref(), Some("three"));
/// assert_eq!(batches.next_batch().unwrap(), None);
/// assert_eq!(batches.bytes_read(), 13);
///
/// // A line longer than max_decode_length is cut where fix_text cuts it.
/// let config = config.max_decode_length(4);
/// let mut batches = TextBatches::new(&b"abcdefghij"[..], Some("utf-8"), &config, 1).unwrap();
/// assert_eq!(batches.next_batch().unwrap().as_deref(), Some("abcd"));
/// ```
///
/// Given no encoding, it guesses one from the first line with
/// [`guess_bytes`] and keeps it for the rest of the input, as ftfy's
/// `fix_file` does:
///
/// ```
/// use ftfy::{file::TextBatches, TextFixerConfig};
///
/// let mut batches = TextBatches::new(&b"caf\xe9\n"[..], None, &TextFixerConfig::default(), 1 << 20).unwrap();
/// assert_eq!(batches.encoding(), None);
/// assert_eq!(batches.next_batch().unwrap().as_deref(), Some("café\n"));
/// assert_eq!(batches.encoding(), Some("sloppy-windows-1252"));
/// ```
///
/// Bytes that the encoding cannot decode end the input with an error
/// naming their offset, after every whole segment before them:
///
/// ```
/// use ftfy::{file::{FixFileError, TextBatches}, TextFixerConfig};
///
/// let config = TextFixerConfig::default();
/// let mut batches = TextBatches::new(&b"good\nbad \xff\n"[..], Some("utf-8"), &config, 1 << 20).unwrap();
/// assert_eq!(batches.next_batch().unwrap().as_deref(), Some("good\n"));
/// assert!(matches!(batches.next_batch(), Err(FixFileError::Undecodable { offset: 9, .. })));
/// assert!(batches.next_batch().unwrap().is_none());
/// ```
pub struct TextBatches<R> {
    reader: R,
    decoding: Decoding,
    /// The name the guess gave, once guessed.
    guessed: Option<&'static str>,
    batch_bytes: usize,
    max_decode_length: usize,
    /// How to guess the encoding when none is given.
    guesser: Guesser,
    /// The windows the mode judges a document in, if it judges documents.
    document_window: Option<Window>,
    /// What to do with bytes that do not decode.
    errors: Errors,
    /// The encodings the document declares, from the first sample the
    /// document guess saw (kept while the guess waits for text that is
    /// more than ASCII).
    declared: Option<Vec<&'static str>>,
    /// The ranking the document guess made, once it guessed.
    ranking: Vec<ftfy_extended::EncodingGuess>,
    /// The decoder of a multi-byte codec, once decoding started, and the
    /// input offset it started at.
    multi_byte_decoder: Option<MultiByteDecoder>,
    decoder_start: usize,
    /// Bytes read but not yet decoded.
    raw: Vec<u8>,
    /// The input offset of `raw`'s first byte.
    offset: usize,
    /// Text decoded but not yet returned.
    text: String,
    stream_decoder: Option<encoding_rs::Decoder>,
    /// How many byte sequences were read as U+FFFD.
    replaced: u64,
    /// A decoding error, to report once the segments before it are out.
    failure: Option<FixFileError>,
    /// How long `text` must be before looking again for a segment's end,
    /// after `text` held none: a line without `\n` is counted again only
    /// once it has doubled, so counting costs a constant per byte.
    look_again_at: usize,
    bytes_read: u64,
    eof: bool,
    done: bool,
}

impl<R> TextBatches<R> {
    /// The name of the encoding being decoded, or `None` while it is still
    /// to be guessed.
    pub fn encoding(&self) -> Option<&'static str> {
        self.decoding.name()
    }

    /// How many bytes have been read from the reader so far.
    pub fn bytes_read(&self) -> u64 {
        self.bytes_read
    }

    /// The encodings the document guess weighed, most likely first, with
    /// their evidence (see
    /// [`guess_bytes_ranked`](crate::guess_bytes_ranked)); empty before
    /// the guess, and for ftfy's guess.
    pub fn guesses(&self) -> &[ftfy_extended::EncodingGuess] {
        &self.ranking
    }

    /// How many byte sequences that did not decode have been read as
    /// U+FFFD so far (with [`Errors::Replace`]).
    pub fn replaced(&self) -> u64 {
        self.replaced
    }

    /// Guesses with `guesser` when no encoding was named (instead of the
    /// config's mode's guess), and reads bytes that do not decode as that
    /// guesser does ([`Errors::Strict`] for ftfy's, [`Errors::Replace`]
    /// for the document guess).
    ///
    /// ```
    /// use ftfy::file::{Guesser, TextBatches};
    /// use ftfy::TextFixerConfig;
    ///
    /// // "Привет" in Windows-1251, read with the document guess in the
    /// // default fixing mode.
    /// let bytes = &b"\xcf\xf0\xe8\xe2\xe5\xf2, \xea\xe0\xea \xe4\xe5\xeb\xe0?\n"[..];
    /// let config = TextFixerConfig::default();
    /// let mut batches = TextBatches::new(bytes, None, &config, 64).unwrap().guesser(Guesser::Document);
    /// assert_eq!(batches.next_batch().unwrap().unwrap(), "Привет, как дела?\n");
    /// assert_eq!(batches.encoding(), Some("windows-1251"));
    /// ```
    pub fn guesser(mut self, guesser: Guesser) -> TextBatches<R> {
        self.guesser = guesser;
        self.errors = match guesser {
            Guesser::FirstLine => Errors::Strict,
            Guesser::Document => Errors::Replace,
        };
        self
    }

    /// Reads bytes that do not decode as `errors` says (by default: strict
    /// when the encoding is named or guessed as ftfy does, U+FFFD when the
    /// document guess chose it).
    ///
    /// ```
    /// use ftfy::file::{Errors, TextBatches};
    /// use ftfy::TextFixerConfig;
    ///
    /// let config = TextFixerConfig::default();
    /// let mut batches = TextBatches::new(&b"ok \xff\n"[..], Some("utf-8"), &config, 64).unwrap().errors(Errors::Replace);
    /// assert_eq!(batches.next_batch().unwrap().unwrap(), "ok \u{fffd}\n");
    /// assert_eq!(batches.replaced(), 1);
    /// ```
    pub fn errors(mut self, errors: Errors) -> TextBatches<R> {
        self.errors = errors;
        self
    }
}

impl<R: Read> TextBatches<R> {
    /// Reads `reader`, decoding with `encoding` (a codec name that
    /// [`Codec::from_name`] knows, `utf-16`, `ascii`, or a WHATWG label
    /// that `encoding_rs` knows, such as `shift_jis` or `gb18030`), or
    /// guessing from the first line when `encoding` is `None`, and cutting
    /// where `fix_text_with(text, config)` cuts.
    ///
    /// # Errors
    ///
    /// [`FixFileError::UnknownEncoding`] for a name no codec has.
    pub fn new(
        reader: R,
        encoding: Option<&str>,
        config: &TextFixerConfig,
        batch_bytes: usize,
    ) -> Result<TextBatches<R>, FixFileError> {
        let decoding = match encoding {
            None => Decoding::Guess,
            Some(name) => {
                Decoding::from_name(name).ok_or_else(|| FixFileError::UnknownEncoding {
                    name: name.to_owned(),
                })?
            }
        };
        let guesser = mode::guesser(config);
        let errors = match (encoding, guesser) {
            (None, Guesser::Document) => Errors::Replace,
            _ => Errors::Strict,
        };
        Ok(TextBatches {
            reader,
            decoding,
            guessed: None,
            batch_bytes: batch_bytes.max(1),
            max_decode_length: config.max_decode_length,
            guesser,
            document_window: mode::document_window(config),
            errors,
            declared: None,
            ranking: Vec::new(),
            multi_byte_decoder: None,
            decoder_start: 0,
            replaced: 0,
            raw: Vec::new(),
            offset: 0,
            text: String::new(),
            stream_decoder: None,
            failure: None,
            look_again_at: 0,
            bytes_read: 0,
            eof: false,
            done: false,
        })
    }

    /// Guesses the encoding now, if it is still to be guessed (reading as
    /// much input as the guess needs, which later batches still return),
    /// and gives the name the guess gave; `None` when the encoding was
    /// named.
    ///
    /// ```
    /// use ftfy::file::TextBatches;
    /// use ftfy::TextFixerConfig;
    ///
    /// let config = TextFixerConfig::default().extended_recovery(true);
    /// // "Привет, как дела?" in KOI8-R.
    /// let bytes = &b"\xf0\xd2\xc9\xd7\xc5\xd4, \xcb\xc1\xcb \xc4\xc5\xcc\xc1?\n"[..];
    /// let mut batches = TextBatches::new(bytes, None, &config, 64).unwrap();
    /// assert_eq!(batches.guess_encoding().unwrap(), Some("koi8-r"));
    /// assert_eq!(batches.next_batch().unwrap().unwrap(), "Привет, как дела?\n");
    /// ```
    ///
    /// # Errors
    ///
    /// [`FixFileError::Io`] when reading fails.
    pub fn guess_encoding(&mut self) -> Result<Option<&'static str>, FixFileError> {
        while let Decoding::Guess = self.decoding {
            self.guess()?;
            self.fill()?;
        }
        Ok(self.guessed)
    }

    /// The next batch of decoded text, or `None` at the end of the input.
    ///
    /// # Errors
    ///
    /// [`FixFileError::Io`] when reading fails and
    /// [`FixFileError::Undecodable`] for bytes the encoding cannot decode
    /// (after the batches of the whole segments before them). After an
    /// error, the input is over.
    pub fn next_batch(&mut self) -> Result<Option<String>, FixFileError> {
        if self.done {
            return Ok(None);
        }
        let result = self.read_batch();
        if !matches!(result, Ok(Some(_))) {
            self.done = true;
        }
        result
    }

    fn read_batch(&mut self) -> Result<Option<String>, FixFileError> {
        if let Decoding::Guess = self.decoding {
            self.guess()?;
        }
        loop {
            // Decoding is over at the end of input or at a bad byte; the
            // text before a bad byte is cut at its last whole segment.
            let over = self.failure.is_some() || (self.eof && self.raw.is_empty());
            if over || self.text.len() >= self.batch_bytes.max(self.look_again_at) {
                let mut cut = if self.failure.is_none() && over {
                    self.text.len()
                } else {
                    complete_segments_len(&self.text, self.max_decode_length)
                };
                // (Where the mode judges documents, whole windows of
                // lines: each batch is then fixed as within the whole
                // text. A window ends within its byte size and one more
                // segment, so reading on is bounded.)
                let at_end = self.failure.is_none() && over;
                if let (Some(window), false) = (self.document_window, at_end) {
                    cut = window.complete_len(&self.text[..cut], self.max_decode_length);
                }
                self.look_again_at = 2 * self.text.len();
                if cut > 0 {
                    self.look_again_at = 0;
                    let rest = self.text[cut..].to_owned();
                    let mut batch = std::mem::replace(&mut self.text, rest);
                    batch.truncate(cut);
                    return Ok(Some(batch));
                }
                if over {
                    return self.failure.take().map_or(Ok(None), Err);
                }
            }
            self.fill()?;
            if let Decoding::Guess = self.decoding {
                self.guess()?;
            } else {
                self.decode_available();
            }
        }
    }

    /// Reads more input into `raw`.
    fn fill(&mut self) -> Result<(), FixFileError> {
        if self.eof {
            return Ok(());
        }
        // Small reads first, so that a small input costs no large buffer
        // to zero (the start-up cost of a command run on a short file).
        let first_reads = (self.bytes_read as usize).saturating_mul(2).max(1 << 12);
        let chunk = (self.batch_bytes / 4).clamp(1, 1 << 18).min(first_reads);
        let start = self.raw.len();
        self.raw.resize(start + chunk, 0);
        let read = loop {
            match self.reader.read(&mut self.raw[start..]) {
                Ok(read) => break read,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => {
                    self.raw.truncate(start);
                    return Err(FixFileError::Io(error));
                }
            }
        };
        self.raw.truncate(start + read);
        self.bytes_read += read as u64;
        self.eof = read == 0;
        Ok(())
    }

    /// Picks the decoding from the first line, as ftfy's `fix_file` does,
    /// or from as much of it as `max_decode_length` characters can take
    /// (4 bytes each), so that a file without line breaks is not read
    /// whole. In extended mode, from the lines of the first 64 KiB, with
    /// [`guess_bytes_with`].
    fn guess(&mut self) -> Result<(), FixFileError> {
        if self.guesser == Guesser::Document {
            return self.guess_from_sample();
        }
        let limit = self.max_decode_length.max(1).saturating_mul(4);
        let mut searched = 0;
        let first_line_end = loop {
            if let Some(newline) = self.raw[searched..].iter().position(|&b| b == b'\n') {
                break searched + newline + 1;
            }
            searched = self.raw.len();
            if searched >= limit {
                break limit;
            }
            self.fill()?;
            if self.eof {
                break self.raw.len();
            }
        };
        let first_line = &self.raw[..first_line_end];
        let name = if starts_with_utf16_bom(first_line) {
            UTF_16
        } else {
            guess_bytes(first_line)
                .expect("only UTF-16 can fail to decode, and that was ruled out")
                .1
        };
        self.decoding =
            Decoding::from_name(name).expect("guess_bytes names a decoding this module knows");
        self.guessed = Some(name);
        Ok(())
    }

    /// [`Self::guess`] with the document guess: from the first
    /// [`SAMPLE_BYTES`](ftfy_extended::SAMPLE_BYTES) of input. While
    /// those are plain ASCII (no byte above 7F, no NUL of UTF-16, no
    /// escape of ISO-2022), every encoding reads them alike: their lines
    /// are read as ASCII and the guess waits for the first sample that
    /// holds more, remembering what the document declared at its start.
    fn guess_from_sample(&mut self) -> Result<(), FixFileError> {
        let limit = ftfy_extended::SAMPLE_BYTES;
        while self.raw.len() <= limit && !self.eof {
            self.fill()?;
        }
        let declared = self
            .declared
            .get_or_insert_with(|| ftfy_extended::declared_encodings(&self.raw));
        let sample = &self.raw[..self.raw.len().min(limit)];
        let plain = sample
            .iter()
            .all(|&byte| byte.is_ascii() && byte != 0 && byte != 0x1B);
        if plain && !self.eof {
            // Whole lines of ASCII, or all of it when no line ends there.
            let end = sample
                .iter()
                .rposition(|&byte| byte == b'\n')
                .map_or(sample.len(), |newline| newline + 1);
            let ascii = std::str::from_utf8(&sample[..end]).expect("ASCII is UTF-8");
            self.text.push_str(ascii);
            self.raw.drain(..end);
            self.offset += end;
            return Ok(());
        }
        let ranked = ftfy_extended::guess_bytes_ranked_declared(&self.raw, declared);
        let name = ranked
            .first()
            .map_or(Codec::Utf8.name(), |guess| guess.encoding);
        self.ranking = ranked;
        self.decoding = Decoding::for_guess(name)
            .expect("the document guess names a decoding this module knows");
        self.guessed = Some(name);
        self.decode_available();
        Ok(())
    }

    /// Decodes what `raw` holds into `text`, but for the bytes of a
    /// character that may continue in the input still to read. A bad byte
    /// ends decoding, recorded in `failure`, or is read as U+FFFD, as
    /// `errors` says.
    fn decode_available(&mut self) {
        loop {
            let (consumed, bad) = match self.decoding {
                Decoding::Utf16 | Decoding::Other(_) => return self.decode_stream(),
                Decoding::Utf32 | Decoding::MultiByte(_) => return self.decode_multi_byte(),
                Decoding::Guess => unreachable!("the decoding was guessed before any batch"),
                _ => self.decode_strictly(),
            };
            // Decoding stops at a bad byte, so `bad` is where it stopped.
            self.raw.drain(..consumed);
            self.offset += consumed;
            let Some(length) = bad else {
                return;
            };
            if self.errors == Errors::Strict {
                return self.fail_at(self.offset);
            }
            self.text.push('\u{FFFD}');
            self.replaced += 1;
            let length = length.clamp(1, self.raw.len());
            self.raw.drain(..length);
            self.offset += length;
        }
    }

    /// Decodes `raw` with a decoding of this module's own into `text` up
    /// to its first bad byte sequence; gives the bytes decoded and the
    /// length of the bad sequence after them, if any.
    fn decode_strictly(&mut self) -> (usize, Option<usize>) {
        let raw = &self.raw;
        let text = &mut self.text;
        match self.decoding {
            Decoding::Utf8 => {
                // A character the read cut short is left for the next
                // batch, so that valid input is validated once.
                let complete = if self.eof {
                    raw.len()
                } else {
                    complete_prefix(raw)
                };
                match simdutf8::compat::from_utf8(&raw[..complete]) {
                    Ok(valid) => {
                        text.push_str(valid);
                        (complete, None)
                    }
                    Err(error) => {
                        let valid = error.valid_up_to();
                        text.push_str(
                            std::str::from_utf8(&raw[..valid])
                                .expect("the validated prefix is UTF-8"),
                        );
                        // A sequence cut short by the end of what was read
                        // waits for the rest; at the end it is bad.
                        match error.error_len() {
                            Some(length) => (valid, Some(length)),
                            None if self.eof => (valid, Some(complete - valid)),
                            None => (valid, None),
                        }
                    }
                }
            }
            Decoding::Ascii => {
                let valid = raw.iter().position(|byte| !byte.is_ascii());
                let ascii = &raw[..valid.unwrap_or(raw.len())];
                text.push_str(std::str::from_utf8(ascii).expect("ASCII is UTF-8"));
                (ascii.len(), valid.map(|_| 1))
            }
            Decoding::Charmap(charmap) => {
                let mut bad = None;
                for (index, &byte) in raw.iter().enumerate() {
                    match charmap.decode_byte(byte) {
                        Some(c) => text.push(c),
                        None => {
                            bad = Some(index);
                            break;
                        }
                    }
                }
                (bad.unwrap_or(raw.len()), bad.map(|_| 1))
            }
            Decoding::Utf8Variants => {
                let cut = if self.eof {
                    raw.len()
                } else {
                    utf8_variants_safe_cut(raw)
                };
                let (decoded, valid, bad) = match codecs::utf8_variants::decode(&raw[..cut]) {
                    Ok(decoded) => (decoded, cut, None),
                    Err(error) => {
                        let bad = error.offset().expect("decoding errors have an offset");
                        let decoded = codecs::utf8_variants::decode(&raw[..bad])
                            .expect("the bytes before the first bad one decode");
                        (decoded, bad, Some(1))
                    }
                };
                text.push_str(&decoded);
                (valid, bad)
            }
            _ => unreachable!("not a decoding of this module's own"),
        }
    }

    /// Decodes what `raw` holds with a multi-byte codec of the core, which
    /// keeps the bytes of an unfinished character itself. (UTF-32 first
    /// reads the byte order from its byte-order mark.)
    fn decode_multi_byte(&mut self) {
        if self.multi_byte_decoder.is_none() {
            let codec = match self.decoding {
                Decoding::MultiByte(codec) => codec,
                _ => {
                    if self.raw.len() < 4 && !self.eof {
                        return;
                    }
                    let big_endian = self.raw.starts_with(b"\x00\x00\xfe\xff");
                    if big_endian || self.raw.starts_with(b"\xff\xfe\x00\x00") {
                        self.raw.drain(..4);
                        self.offset += 4;
                    }
                    let name = if big_endian { "utf-32be" } else { "utf-32le" };
                    match Codec::from_name(name) {
                        Some(Codec::MultiByte(codec)) => codec,
                        _ => unreachable!("the core has UTF-32"),
                    }
                }
            };
            // (The decoder counts offsets from here.)
            self.decoder_start = self.offset;
            self.multi_byte_decoder = Some(codec.new_decoder());
        }
        let decoder = self
            .multi_byte_decoder
            .as_mut()
            .expect("the decoder was made above");
        let read = self.raw.len();
        let result = match self.errors {
            Errors::Strict => decoder.decode_to(&self.raw, &mut self.text, self.eof),
            Errors::Replace => {
                self.replaced +=
                    decoder.decode_lossy_to(&self.raw, &mut self.text, self.eof) as u64;
                Ok(())
            }
        };
        self.raw.clear();
        self.offset += read;
        if let Err(bad) = result {
            self.fail_at(self.decoder_start + bad);
        }
    }

    /// Decodes what `raw` holds with `encoding_rs`, which keeps the bytes
    /// of an unfinished character itself.
    fn decode_stream(&mut self) {
        let decoder = match (&mut self.stream_decoder, self.decoding) {
            (Some(decoder), _) => decoder,
            (None, Decoding::Utf16) => {
                // Python's utf-16 reads the byte order from the mark.
                if self.raw.len() < 2 && !self.eof {
                    return;
                }
                let encoding = if self.raw.starts_with(b"\xfe\xff") {
                    encoding_rs::UTF_16BE
                } else {
                    encoding_rs::UTF_16LE
                };
                self.stream_decoder
                    .insert(encoding.new_decoder_with_bom_removal())
            }
            (None, Decoding::Other(encoding)) => self
                .stream_decoder
                .insert(encoding.new_decoder_without_bom_handling()),
            (None, _) => unreachable!("not a streamed decoding"),
        };
        loop {
            let needed = decoder
                .max_utf8_buffer_length_without_replacement(self.raw.len())
                .unwrap_or(self.raw.len() * 3 + 16);
            self.text.reserve(needed);
            let (result, read) =
                decoder.decode_to_string_without_replacement(&self.raw, &mut self.text, self.eof);
            self.raw.drain(..read);
            self.offset += read;
            match result {
                DecoderResult::InputEmpty => return,
                DecoderResult::OutputFull => {}
                DecoderResult::Malformed(bad, extra) if self.errors == Errors::Strict => {
                    // The decoder read `extra` bytes past the `bad` ones.
                    let bad_at = self
                        .offset
                        .saturating_sub(usize::from(bad) + usize::from(extra));
                    return self.fail_at(bad_at);
                }
                DecoderResult::Malformed(..) => {
                    self.text.push('\u{FFFD}');
                    self.replaced += 1;
                }
            }
        }
    }

    /// Ends decoding at a bad byte at input offset `offset`.
    fn fail_at(&mut self, offset: usize) {
        self.failure = Some(FixFileError::Undecodable {
            encoding: self.decoding.name().expect("the decoding is known by now"),
            offset,
        });
        self.raw.clear();
        self.eof = true;
    }
}

/// Where `utf-8-variants` bytes can be cut without splitting a character:
/// before an ASCII byte or a lead byte, except ED, whose CESU-8 surrogate
/// pairs are two sequences that must be decoded together.
fn utf8_variants_safe_cut(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .rposition(|&byte| byte < 0x80 || matches!(byte, 0xC0..=0xEC | 0xEE..=0xF4))
        .unwrap_or(0)
}

/// The text of a file, decoded and fixed piece by piece: see [`fix_file`].
pub struct FixFile<R> {
    batches: TextBatches<R>,
    fixer: StreamFixer,
    max_decode_length: usize,
    batch: String,
    /// Where the next segment of `batch` starts.
    position: usize,
    /// The windows the mode judges a document in, if it judges documents:
    /// then a window is fixed at a time, and its lines yielded from
    /// `fixed`.
    document_window: Option<Window>,
    fixed: String,
    /// Where the next line of `fixed` starts.
    fixed_position: usize,
}

/// The size of the batches `fix_file` reads; it yields segment by segment.
const FIX_FILE_BATCH_BYTES: usize = 1 << 16;

/// Reads `reader`, decodes it with `encoding`, and yields the text fixed
/// as [`fix_text_with`](crate::fix_text_with) fixes the whole: one item per
/// line (or per `max_decode_length` characters of a longer line), so that
/// the items joined are `fix_text_with(whole input, config)`.
///
/// `encoding` is any name [`TextBatches::new`] takes; `None` means guess
/// it from the first line with [`guess_bytes`] and keep it for the rest of
/// the file, as ftfy 6.3.1's `fix_file` does. Memory stays bounded by
/// `max_decode_length` characters plus 64 KiB, whatever the input's lines.
///
/// ```
/// use ftfy::{fix_file, TextFixerConfig};
///
/// let input = "cafÃ© &amp;\n<p>naïve &amp;</p>\n".as_bytes();
/// let lines: Vec<String> = fix_file(input, Some("utf-8"), &TextFixerConfig::default())
///     .unwrap()
///     .collect::<Result<_, _>>()
///     .unwrap();
/// assert_eq!(lines, ["café &\n", "<p>naïve &amp;</p>\n"]);
///
/// let guessed: Vec<String> = fix_file(&b"caf\xe9\n"[..], None, &TextFixerConfig::default())
///     .unwrap()
///     .collect::<Result<_, _>>()
///     .unwrap();
/// assert_eq!(guessed, ["café\n"]);
/// ```
///
/// # Errors
///
/// [`FixFileError::UnknownEncoding`] at once for an unknown encoding name.
/// The iterator yields [`FixFileError::Io`] or
/// [`FixFileError::Undecodable`] (which names the byte offset) after the
/// lines before the failure, and then ends.
///
/// ```
/// use ftfy::{fix_file, file::FixFileError, TextFixerConfig};
///
/// let mut lines = fix_file(&b"ok\nnot utf-8: \xe9\n"[..], Some("utf-8"), &TextFixerConfig::default()).unwrap();
/// assert_eq!(lines.next().unwrap().unwrap(), "ok\n");
/// let error = lines.next().unwrap().unwrap_err();
/// assert!(matches!(error, FixFileError::Undecodable { offset: 14, .. }));
/// assert_eq!(error.to_string(), "the input is not valid utf-8 at byte offset 14");
/// assert!(lines.next().is_none());
/// ```
pub fn fix_file<R: Read>(
    reader: R,
    encoding: Option<&str>,
    config: &TextFixerConfig,
) -> Result<FixFile<R>, FixFileError> {
    Ok(FixFile {
        batches: TextBatches::new(reader, encoding, config, FIX_FILE_BATCH_BYTES)?,
        fixer: StreamFixer::new(config),
        max_decode_length: config.max_decode_length,
        batch: String::new(),
        position: 0,
        document_window: mode::document_window(config),
        fixed: String::new(),
        fixed_position: 0,
    })
}

impl<R> FixFile<R> {
    /// The name of the encoding the file is decoded with, or `None` while
    /// it is still to be guessed.
    pub fn encoding(&self) -> Option<&'static str> {
        self.batches.encoding()
    }
}

impl<R: Read> Iterator for FixFile<R> {
    type Item = Result<String, FixFileError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.fixed_position < self.fixed.len() {
            return Some(Ok(self.next_fixed_line()));
        }
        if self.position == self.batch.len() {
            match self.batches.next_batch() {
                Ok(Some(batch)) => {
                    self.batch = batch;
                    self.position = 0;
                }
                Ok(None) => return None,
                Err(error) => return Some(Err(error)),
            }
        }
        let rest = &self.batch[self.position..];
        let Some(window) = self.document_window else {
            let end = segment_end(rest, 0, self.max_decode_length);
            self.position += end;
            return Some(Ok(self.fixer.fix_lines(&rest[..end]).into_owned()));
        };
        // (Batches end where windows end, but the last: a window whole.)
        let end = match window.complete_len(rest, self.max_decode_length) {
            0 => rest.len(),
            end => end,
        };
        self.fixed = self.fixer.fix_lines(&rest[..end]).into_owned();
        self.fixed_position = 0;
        self.position += end;
        Some(Ok(self.next_fixed_line()))
    }
}

impl<R> FixFile<R> {
    /// The next line of the fixed window.
    fn next_fixed_line(&mut self) -> String {
        let rest = &self.fixed[self.fixed_position..];
        let end = rest.find('\n').map_or(rest.len(), |newline| newline + 1);
        self.fixed_position += end;
        rest[..end].to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text and encoding `guess_bytes` gives, or its error offset.
    type Guess = Result<(&'static str, &'static str), usize>;

    /// In extended mode a file's encoding is guessed from its first 64 KiB,
    /// not its first line: a first line of ASCII (a subtitle's number)
    /// says nothing of the KOI8-R that follows, where ftfy guesses UTF-8
    /// from it and fails at the first Cyrillic letter.
    #[test]
    fn extended_mode_guesses_from_more_than_the_first_line() {
        let text = "1\nПривет, как дела? Сегодня хорошая погода.\nМы пойдём гулять в парк.\n";
        let bytes = Codec::from_name("koi8-r").unwrap().encode(text).unwrap();
        let read = |config: &TextFixerConfig| -> Result<String, FixFileError> {
            fix_file(&bytes[..], None, config)?.collect()
        };
        let extended = TextFixerConfig::default().extended_recovery(true);
        assert_eq!(read(&extended).unwrap(), text);
        let mut batches = TextBatches::new(&bytes[..], None, &extended, 8).unwrap();
        assert!(batches.next_batch().unwrap().is_some());
        // (encoding_rs's name for it.)
        assert!(batches
            .encoding()
            .is_some_and(|name| name.eq_ignore_ascii_case("koi8-r")));
        assert!(matches!(
            read(&TextFixerConfig::default()),
            Err(FixFileError::Undecodable { offset: 2, .. })
        ));
    }

    /// The document guess waits past a start of plain ASCII longer than its
    /// sample for the text that tells the encoding (a KOI8-R file whose
    /// first 64 KiB are ASCII stopped the command at its first Cyrillic
    /// byte), keeping what the start declared.
    #[test]
    fn the_document_guess_waits_for_more_than_ascii() {
        let head = "<html><head><meta charset=\"koi8-r\"></head><body>\n";
        let ascii = "<p>Plain ASCII, line after line of it.</p>\n".repeat(2000);
        let russian = "Привет, как дела? Сегодня хорошая погода.\n";
        let mut bytes = Codec::from_name("koi8-r")
            .unwrap()
            .encode(&format!("{head}{ascii}{russian}"))
            .unwrap();
        assert!(bytes.len() > ftfy_extended::SAMPLE_BYTES + 1000);
        bytes.extend_from_slice(b"\xff\xfe\n");
        let config = TextFixerConfig::default().fix_encoding(false);
        for batch_bytes in [64, 1 << 16, 1 << 20] {
            let mut batches = TextBatches::new(&bytes[..], None, &config, batch_bytes)
                .unwrap()
                .guesser(Guesser::Document);
            let mut text = String::new();
            while let Some(batch) = batches.next_batch().unwrap() {
                text.push_str(&batch);
            }
            assert_eq!(batches.encoding(), Some("koi8-r"), "{batch_bytes}");
            assert!(text.ends_with(&format!("{russian}ЪЧ\n")), "{batch_bytes}");
            assert_eq!(batches.replaced(), 0);
        }
    }

    /// CP850, which encoding_rs does not know, is read with the crate's
    /// own table: named, or guessed in extended mode (by `ø`, which CP437
    /// reads as `¢`).
    #[test]
    fn cp850_is_read_with_the_crates_own_table() {
        let text = "Vi går på kafé i Tromsø, og så spiser vi smørbrød med ørret.\n\
                    Det er en fin dag, og været er godt.\n";
        let bytes = Codec::from_name("cp850").unwrap().encode(text).unwrap();
        let read = |encoding: Option<&str>, config: &TextFixerConfig| -> String {
            fix_file(&bytes[..], encoding, config)
                .unwrap()
                .collect::<Result<String, _>>()
                .unwrap()
        };
        assert_eq!(read(Some("cp850"), &TextFixerConfig::default()), text);
        let extended = TextFixerConfig::default().extended_recovery(true);
        assert_eq!(read(None, &extended), text);
        let mut batches = TextBatches::new(&bytes[..], None, &extended, 64).unwrap();
        assert!(batches.next_batch().unwrap().is_some());
        assert_eq!(batches.encoding(), Some("cp850"));
    }

    /// ftfy 6.3.1's `guess_bytes` on each input: the text and encoding, or
    /// the offset of its UnicodeDecodeError.
    #[test]
    fn guesses_as_ftfy_does() {
        let cases: &[(&[u8], Guess)] = &[
            (b"", Ok(("", "utf-8"))),
            (b"caf\xc3\xa9", Ok(("café", "utf-8"))),
            (b"caf\xe9", Ok(("café", "sloppy-windows-1252"))),
            (b"caf\x8e\rbar", Ok(("café\rbar", "macroman"))),
            (
                b"caf\x8e\r\nbar",
                Ok(("cafŽ\r\nbar", "sloppy-windows-1252")),
            ),
            (b"x\ry\rz\xff", Ok(("x\ry\rzˇ", "macroman"))),
            (b"\xed\xa0\xbd\xed\xb8\x8d", Ok(("😍", "utf-8-variants"))),
            (b"\xc0\x80", Ok(("\0", "utf-8-variants"))),
            (b"\xed\x95\x9c", Ok(("한", "utf-8-variants"))),
            (b"\xed\xa0\xbd", Ok(("í\u{a0}½", "sloppy-windows-1252"))),
            (b"\xc0\xaf", Ok(("À¯", "sloppy-windows-1252"))),
            (
                b"\x81\x8d\x8f\x90\x9d",
                Ok(("\u{81}\u{8d}\u{8f}\u{90}\u{9d}", "sloppy-windows-1252")),
            ),
            (b"\xfe\xff\x00c\x00a", Ok(("ca", "utf-16"))),
            (b"\xff\xfec\x00a\x00", Ok(("ca", "utf-16"))),
            (b"\xff\xfec\x00a", Err(4)),
            (b"\xff\xfe\x00\xd8a\x00", Err(2)),
        ];
        for (bytes, expected) in cases {
            let guess = guess_bytes(bytes);
            match expected {
                Ok((text, encoding)) => {
                    assert_eq!(guess, Ok((text.to_string(), *encoding)), "{bytes:x?}")
                }
                Err(offset) => assert_eq!(guess.unwrap_err().offset(), Some(*offset), "{bytes:x?}"),
            }
        }
    }

    fn all_batches(
        bytes: &[u8],
        encoding: Option<&str>,
        batch_bytes: usize,
    ) -> Result<Vec<String>, FixFileError> {
        let config = TextFixerConfig::default();
        let mut batches = TextBatches::new(bytes, encoding, &config, batch_bytes)?;
        let mut all = Vec::new();
        while let Some(batch) = batches.next_batch()? {
            all.push(batch);
        }
        assert_eq!(batches.bytes_read(), bytes.len() as u64);
        Ok(all)
    }

    #[test]
    fn batches_are_whole_lines_in_every_encoding() {
        let text = "first line\ncafé ✔\n\n日本語 and more\nПривет\r\nlast";
        let japanese = "first line\n日本語\r\n\nテキスト\nlast";
        let inputs: Vec<(Vec<u8>, Option<&str>, &str)> = vec![
            (text.as_bytes().to_vec(), Some("utf-8"), text),
            (text.as_bytes().to_vec(), None, text),
            (text.as_bytes().to_vec(), Some("utf-8-variants"), text),
            (utf16(text, true), None, text),
            (utf16(text, false), Some("utf-16"), text),
            (utf16(text, true)[2..].to_vec(), Some("utf-16le"), text),
            (
                encoding_rs::SHIFT_JIS.encode(japanese).0.into_owned(),
                Some("shift_jis"),
                japanese,
            ),
        ];
        for (bytes, encoding, expected) in &inputs {
            for batch_bytes in 1..30 {
                let batches = all_batches(bytes, *encoding, batch_bytes).unwrap();
                let (last, whole) = batches.split_last().unwrap();
                assert!(whole.iter().all(|batch| batch.ends_with('\n')));
                assert!(!last.is_empty());
                assert_eq!(batches.concat(), *expected, "{encoding:?} {batch_bytes}");
            }
        }
        assert!(all_batches(b"", Some("utf-8"), 4).unwrap().is_empty());
        assert!(all_batches(b"", Some("utf-16"), 4).unwrap().is_empty());
    }

    fn utf16(text: &str, little_endian: bool) -> Vec<u8> {
        std::iter::once(0xFEFF)
            .chain(text.encode_utf16())
            .flat_map(|unit| {
                if little_endian {
                    unit.to_le_bytes()
                } else {
                    unit.to_be_bytes()
                }
            })
            .collect()
    }

    #[test]
    fn the_guess_reads_the_whole_first_line() {
        // Valid UTF-8 for far longer than a batch, then a Latin-1 byte:
        // ftfy's guess sees the whole line.
        let mut bytes = "é".repeat(100).into_bytes();
        bytes.extend_from_slice(b" caf\xe9\nnext \xc3\xa9\n");
        let config = TextFixerConfig::default();
        let mut batches = TextBatches::new(&bytes[..], None, &config, 16).unwrap();
        let first = batches.next_batch().unwrap().unwrap();
        assert_eq!(batches.encoding(), Some("sloppy-windows-1252"));
        assert!(first.ends_with(" café\n"), "{first}");
        assert_eq!(batches.next_batch().unwrap().unwrap(), "next Ã©\n");
    }

    #[test]
    fn decode_errors_come_after_the_lines_before_them() {
        let cases: &[(&[u8], &str, &str, usize)] = &[
            (b"one\ntwo\nbad\xff\n", "utf-8", "one\ntwo\n", 11),
            (b"one\ntwo \xed\xa0\xbd\n", "utf-8-variants", "one\n", 8),
            (b"one\n\x81", "windows-1252", "one\n", 4),
            (b"o\0\n\0k\0\0\xdc", "utf-16le", "o\n", 6),
            (b"ok\n\x82", "shift_jis", "ok\n", 3),
            (b"\xff\xfeo\0\n\0k", "utf-16", "o\n", 6),
        ];
        for &(bytes, encoding, good, offset) in cases {
            for batch_bytes in [1, 3, 1 << 20] {
                let config = TextFixerConfig::default();
                let mut batches =
                    TextBatches::new(bytes, Some(encoding), &config, batch_bytes).unwrap();
                let mut text = String::new();
                let error = loop {
                    match batches.next_batch() {
                        Ok(Some(batch)) => text.push_str(&batch),
                        Ok(None) => panic!("{encoding}: no error"),
                        Err(error) => break error,
                    }
                };
                assert_eq!(text, good, "{encoding} {batch_bytes}");
                match error {
                    FixFileError::Undecodable {
                        offset: at,
                        encoding: name,
                    } => {
                        assert_eq!(at, offset, "{encoding} {batch_bytes}");
                        assert!(name.eq_ignore_ascii_case(encoding), "{name}");
                    }
                    other => panic!("{other}"),
                }
                assert!(batches.next_batch().unwrap().is_none());
            }
        }
    }

    /// Characters of one to four bytes, a line break, and bytes that are
    /// not UTF-8 on their own.
    const UTF8_PIECES: &[&[u8]] = &[
        b"a",
        b"\n",
        b"\xc3\xa9",
        b"\xe6\x97\xa5",
        b"\xf0\x9f\x98\x80",
        b"\xff",
        b"\xc3",
        b"\xe6\x97",
        b"\x80",
    ];

    proptest::proptest! {
        /// UTF-8 read in pieces of any size, characters cut anywhere: the
        /// batches are the input up to its first bad byte, but for the
        /// line that byte is on, and the error is at that byte.
        #[test]
        fn utf8_read_in_any_pieces_is_decoded_up_to_its_first_bad_byte(
            pieces in proptest::collection::vec(
                proptest::sample::select(UTF8_PIECES),
                0..24,
            ),
            batch_bytes in 1..40usize,
        ) {
            let bytes = pieces.concat();
            let config = TextFixerConfig::default();
            let mut batches = TextBatches::new(&bytes[..], Some("utf-8"), &config, batch_bytes).unwrap();
            let mut text = String::new();
            let error = loop {
                match batches.next_batch() {
                    Ok(Some(batch)) => text.push_str(&batch),
                    Ok(None) => break None,
                    Err(FixFileError::Undecodable { offset, .. }) => break Some(offset),
                    Err(other) => panic!("{other}"),
                }
            };
            match std::str::from_utf8(&bytes) {
                Ok(whole) => {
                    proptest::prop_assert_eq!(text.as_str(), whole);
                    proptest::prop_assert_eq!(error, None);
                }
                Err(bad) => {
                    let valid = std::str::from_utf8(&bytes[..bad.valid_up_to()]).unwrap();
                    let lines = valid.rfind('\n').map_or("", |end| &valid[..=end]);
                    proptest::prop_assert_eq!(text.as_str(), lines);
                    proptest::prop_assert_eq!(error, Some(bad.valid_up_to()));
                }
            }
        }
    }

    /// Memory stays bounded without line breaks, guessing included: the
    /// first batch comes before the input is read whole, and is cut where
    /// fix_text cuts.
    #[test]
    fn a_line_without_breaks_is_read_in_bounded_pieces() {
        let config = TextFixerConfig::default().max_decode_length(10);
        let input = "é".repeat(50_000);
        for encoding in [None, Some("utf-8")] {
            let mut batches = TextBatches::new(input.as_bytes(), encoding, &config, 16).unwrap();
            let first = batches.next_batch().unwrap().unwrap();
            assert!(
                batches.bytes_read() < 1000,
                "{encoding:?}: read {}",
                batches.bytes_read()
            );
            assert_eq!(first.chars().count() % 10, 0, "{first}");
            let mut all = first;
            while let Some(batch) = batches.next_batch().unwrap() {
                assert!(batch.len() < 1000);
                all += &batch;
            }
            assert_eq!(all, input);
        }
    }

    #[test]
    fn unknown_encodings_are_refused_at_once() {
        assert!(matches!(
            TextBatches::new(&b""[..], Some("klingon"), &TextFixerConfig::default(), 1),
            Err(FixFileError::UnknownEncoding { name }) if name == "klingon"
        ));
        assert!(fix_file(&b""[..], Some("utf-9"), &TextFixerConfig::default()).is_err());
    }

    #[test]
    fn our_codecs_come_before_whatwg_labels() {
        // WHATWG reads latin-1 as windows-1252; Python and ftfy do not.
        let batches = all_batches(b"\x93\n", Some("latin-1"), 8).unwrap();
        assert_eq!(batches, ["\u{93}\n"]);
        assert!(all_batches(b"\x81\n", Some("windows-1252"), 8).is_err());
        // And ASCII is 7-bit, as in Python, not windows-1252.
        assert_eq!(all_batches(b"ok\n", Some("ASCII"), 8).unwrap(), ["ok\n"]);
        assert!(all_batches(b"ok \xe9\n", Some("us-ascii"), 8).is_err());
        let batches = all_batches(b"\x81\n", Some("sloppy-windows-1252"), 8).unwrap();
        assert_eq!(batches, ["\u{81}\n"]);
    }

    /// `text` in `encoding` (by the codec of that name, or encoding_rs's
    /// KOI8-U).
    fn encoded(text: &str, encoding: &str) -> Vec<u8> {
        match encoding {
            "koi8-u" => encoding_rs::KOI8_U.encode(text).0.into_owned(),
            _ => Codec::from_name(encoding)
                .and_then(|codec| codec.encode(text).ok())
                .unwrap_or_else(|| panic!("{encoding} encodes {text}")),
        }
    }

    fn extended() -> TextFixerConfig {
        TextFixerConfig::default().extended_recovery(true)
    }

    /// `guess_bytes_with` in extended mode reads a legacy file with the best
    /// guess; without the mode it is ftfy's `guess_bytes`.
    #[test]
    fn guess_bytes_with_reads_legacy_encodings_in_extended_mode() {
        let russian =
            "Привет, как дела? Сегодня хорошая погода.\nМы пойдём гулять в парк после обеда.\nДа.\n";
        for encoding in ["windows-1251", "koi8-r", "ibm866", "iso-8859-5"] {
            let bytes = encoded(russian, encoding);
            let (text, name) = guess_bytes_with(&bytes, &extended()).unwrap();
            assert_eq!((text.as_str(), name), (russian, encoding));
            assert_eq!(
                guess_bytes_with(&bytes, &TextFixerConfig::default()).unwrap(),
                guess_bytes(&bytes).unwrap()
            );
        }
    }

    /// Text in Windows-1252 itself and UTF-8 keep ftfy's guess.
    #[test]
    fn windows_1252_and_utf8_keep_ftfys_guess() {
        for bytes in [
            encoded(
                "Le café de la crème brûlée était délicieux.\nÇa va très bien, merci.\n",
                "sloppy-windows-1252",
            ),
            encoded(
                "Größe und Maß, naïve Æsir, smørrebrød.\n",
                "sloppy-windows-1252",
            ),
            "Привет, как дела? Сегодня хорошая погода.\n"
                .as_bytes()
                .to_vec(),
        ] {
            assert_eq!(
                guess_bytes_with(&bytes, &extended()).unwrap(),
                guess_bytes(&bytes).unwrap()
            );
        }
    }

    /// Every encoding a guess may name is one that files are read in, to the
    /// same text (a guess the reader can't follow would stop `fix_file`).
    #[test]
    fn files_are_read_in_every_encoding_a_guess_names() {
        for name in ftfy_extended::guessed_encodings() {
            let config = TextFixerConfig::default();
            assert!(
                TextBatches::new(&b""[..], Some(name), &config, 64).is_ok(),
                "{name}"
            );
        }
        for (text, encoding) in [
            ("今日は10時〜12時です。¢と£と¬。\n", "shift_jis"),
            ("今日は10時〜12時です。¢と£と¬。\n", "euc-jp"),
            ("中文―文本・测试。\n", "gb2312"),
            ("Найпридатнішим є той, хто їсть ґудзики.\n", "koi8-u"),
        ] {
            let bytes = match encoding {
                "gb2312" => encoding_rs::GBK
                    .encode(&text.replace('―', "—").replace('・', "·"))
                    .0
                    .into_owned(),
                _ => encoded(text, encoding),
            };
            let read: String = fix_file(
                &bytes[..],
                Some(encoding),
                &TextFixerConfig::default().fix_encoding(false),
            )
            .unwrap()
            .collect::<Result<String, _>>()
            .unwrap();
            assert_eq!(read, text, "{encoding}");
        }
    }

    /// A line longer than the sample is read as far as the sample goes: the
    /// guess holds for the whole of it.
    #[test]
    fn a_long_line_is_guessed_from_its_start() {
        let text = "Привет, как дела? Сегодня хорошая погода. ".repeat(5000);
        let bytes = encoded(&text, "koi8-r");
        assert!(bytes.len() > ftfy_extended::SAMPLE_BYTES);
        let (guessed, name) = guess_bytes_with(&bytes, &extended()).unwrap();
        assert_eq!((guessed == text, name), (true, "koi8-r"));
    }

    proptest::proptest! {
        /// Whatever the bytes, the guess is ftfy's without the mode, and in it
        /// the encoding named reads the bytes to the text returned.
        #[test]
        fn guesses_decode_their_bytes(
            bytes in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::num::u8::ANY,
                    proptest::sample::select(b" \n.eaoE".to_vec()),
                    0xC0u8..=0xFF,
                ],
                0..64,
            )
        ) {
            let guess = guess_bytes(&bytes);
            proptest::prop_assert_eq!(
                guess_bytes_with(&bytes, &TextFixerConfig::default()).ok(),
                guess.clone().ok()
            );
            // With it, the encoding named reads the bytes to the text (bytes
            // it cannot decode as U+FFFD).
            if let Ok((text, name)) = guess_bytes_with(&bytes, &extended()) {
                let mut batches = TextBatches::new(&bytes[..], Some(name), &TextFixerConfig::default(), 64)
                    .expect("a guess names an encoding files are read in")
                    .errors(Errors::Replace);
                let mut read = String::new();
                while let Some(batch) = batches.next_batch().expect("the guess decodes the bytes") {
                    read.push_str(&batch);
                }
                proptest::prop_assert_eq!(read, text);
            }
        }
    }
}
