//! Bytes in: [`guess_bytes`] for bytes of unknown encoding, [`fix_file`],
//! which reads, decodes and fixes a file line by line, and [`LineBatches`],
//! which reads a file as decoded batches of whole lines (what the `ftfy`
//! command fixes in parallel).
//!
//! ftfy is not an encoding detector: when you know the encoding, say so.
//! Guessing exists for the unfortunate cases where nobody knows.

use std::fmt;
use std::io::{self, Read};

use encoding_rs::{DecoderResult, Encoding};

use crate::codecs::{self, Charmap, DecodeError};
use crate::{StreamFixer, TextFixerConfig};

/// Guesses how to decode bytes of unknown encoding, trying a few common
/// encodings that can be told apart, as ftfy 6.3.1 does:
///
/// 1. UTF-16, if the bytes start with a byte-order mark (which is removed);
/// 2. UTF-8, or `utf-8-variants` if a byte ED or C0 suggests CESU-8 or
///    Java's `C0 80`;
/// 3. MacRoman, if there are carriage returns but no line feeds (old Mac
///    line breaks);
/// 4. otherwise `sloppy-windows-1252`, which decodes anything.
///
/// Returns the text and the name of the encoding used. The guess may be
/// wrong, and may *create* mojibake rather than fix it.
///
/// ```
/// use ftfy::guess_bytes;
///
/// let guess = |bytes: &[u8]| guess_bytes(bytes).unwrap();
/// assert_eq!(guess("café".as_bytes()), ("café".to_string(), "utf-8"));
/// assert_eq!(guess(b"Java's null: \xc0\x80"), ("Java's null: \0".to_string(), "utf-8-variants"));
/// assert_eq!(guess(b"caf\x8e\rbar"), ("café\rbar".to_string(), "macroman"));
/// assert_eq!(guess(b"caf\xe9\nbar"), ("café\nbar".to_string(), "sloppy-windows-1252"));
/// assert_eq!(guess(b"\xff\xfec\x00a\x00"), ("ca".to_string(), "utf-16"));
/// ```
///
/// # Errors
///
/// Only UTF-16 can fail, as it does in ftfy: a byte-order mark followed by
/// an odd number of bytes or by an unpaired surrogate gives a
/// [`DecodeError`] naming the offset of the bad bytes. Every other input
/// decodes, if only as `sloppy-windows-1252`.
///
/// ```
/// assert_eq!(ftfy::guess_bytes(b"\xff\xfec\x00a").unwrap_err().offset(), 4);
/// ```
pub fn guess_bytes(bytes: &[u8]) -> Result<(String, &'static str), DecodeError> {
    if starts_with_utf16_bom(bytes) {
        return decode_utf16_with_bom(bytes).map(|text| (text, "utf-16"));
    }
    // Byte ED starts CESU-8 surrogates, and C0 is only ever Java's NUL;
    // utf-8-variants decodes standard UTF-8 the same way.
    if bytes.contains(&0xED) || bytes.contains(&0xC0) {
        if let Ok(text) = codecs::utf8_variants::decode(bytes) {
            return Ok((text, "utf-8-variants"));
        }
    } else if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok((text.to_owned(), "utf-8"));
    }
    if bytes.contains(&b'\r') && !bytes.contains(&b'\n') {
        if let Ok(text) = codecs::MACROMAN.decode(bytes) {
            return Ok((text, "macroman"));
        }
    }
    codecs::SLOPPY_WINDOWS_1252
        .decode(bytes)
        .map(|text| (text, "sloppy-windows-1252"))
}

fn starts_with_utf16_bom(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\xfe\xff") || bytes.starts_with(b"\xff\xfe")
}

/// Decodes UTF-16 that starts with a byte-order mark, dropping the mark.
fn decode_utf16_with_bom(bytes: &[u8]) -> Result<String, DecodeError> {
    let little_endian = bytes.starts_with(b"\xff\xfe");
    let body = &bytes[2..];
    let units = body.chunks_exact(2).map(|pair| {
        let pair = [pair[0], pair[1]];
        if little_endian {
            u16::from_le_bytes(pair)
        } else {
            u16::from_be_bytes(pair)
        }
    });
    let mut text = String::with_capacity(body.len() / 2);
    let mut units_before = 0;
    for unit in char::decode_utf16(units) {
        let Ok(c) = unit else {
            let offset = 2 + 2 * units_before;
            return Err(DecodeError::new("utf-16", offset, "unpaired surrogate"));
        };
        units_before += c.len_utf16();
        text.push(c);
    }
    if body.len() % 2 == 1 {
        return Err(DecodeError::new(
            "utf-16",
            bytes.len() - 1,
            "truncated data",
        ));
    }
    Ok(text)
}

/// Why a file could not be read and decoded.
#[derive(Debug)]
#[non_exhaustive]
pub enum FixFileError {
    /// Reading failed.
    Io(io::Error),
    /// The bytes at `offset` (counted from the start of the input) are not
    /// valid in the encoding.
    Decode {
        /// The encoding the input was decoded with.
        encoding: &'static str,
        /// The offset of the first byte that failed.
        offset: u64,
    },
    /// No codec has this name.
    UnknownEncoding(String),
}

impl fmt::Display for FixFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FixFileError::Io(error) => write!(f, "cannot read the input: {error}"),
            FixFileError::Decode { encoding, offset } => write!(
                f,
                "the input is not valid {encoding} at byte offset {offset}; \
                 give its encoding with --encoding (-e), or let ftfy guess with --guess (-g)"
            ),
            FixFileError::UnknownEncoding(name) => write!(
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
    /// An encoding that `encoding_rs` knows, decoded as a stream.
    Other(&'static Encoding),
}

impl Decoding {
    /// The decoding for an encoding name. This crate's codecs come first
    /// (so `latin-1` is Latin-1 and `windows-1252` is strict, as in Python,
    /// not as the WHATWG labels say); other names are `encoding_rs` labels.
    fn from_name(name: &str) -> Option<Decoding> {
        let label = name.trim().to_ascii_lowercase().replace('_', "-");
        match codecs::canonical_name(name) {
            Some("utf-8") => Some(Decoding::Utf8),
            Some("utf-8-variants") => Some(Decoding::Utf8Variants),
            Some(_) => codecs::charmap(name).map(Decoding::Charmap),
            None => match label.as_str() {
                "utf-16" | "utf16" => Some(Decoding::Utf16),
                "ascii" | "us-ascii" | "646" => Some(Decoding::Ascii),
                _ => Encoding::for_label(name.trim().as_bytes()).map(Decoding::Other),
            },
        }
    }

    fn name(self) -> Option<&'static str> {
        match self {
            Decoding::Guess => None,
            Decoding::Utf8 => Some("utf-8"),
            Decoding::Ascii => Some("ascii"),
            Decoding::Utf8Variants => Some("utf-8-variants"),
            Decoding::Charmap(charmap) => Some(charmap.name()),
            Decoding::Utf16 => Some("utf-16"),
            Decoding::Other(encoding) => Some(encoding.name()),
        }
    }
}

/// The default size of a batch of [`LineBatches`]: 1 MiB.
pub const DEFAULT_BATCH_BYTES: usize = 1 << 20;

/// Reads bytes and returns them as decoded text in batches of whole lines,
/// each about `batch_bytes` long (longer when a line is longer), so that
/// memory stays bounded by a batch plus the longest line however large the
/// input is. Lines end at `\n`; the last batch may end without one.
///
/// Batches can be fixed independently with
/// [`StreamFixer::after`](crate::StreamFixer::after): this is how the
/// `ftfy` command fixes a file on several threads.
///
/// ```
/// use ftfy::file::LineBatches;
///
/// let input: &[u8] = b"one\ntwo\nthree";
/// let mut batches = LineBatches::new(input, Some("utf-8"), 8).unwrap();
/// assert_eq!(batches.next_batch().unwrap().as_deref(), Some("one\ntwo\n"));
/// assert_eq!(batches.next_batch().unwrap().as_deref(), Some("three"));
/// assert_eq!(batches.next_batch().unwrap(), None);
/// assert_eq!(batches.bytes_read(), 13);
/// ```
///
/// Given no encoding, it guesses one from the first line with
/// [`guess_bytes`] and keeps it for the rest of the input, as ftfy's
/// `fix_file` does:
///
/// ```
/// use ftfy::file::LineBatches;
///
/// let mut batches = LineBatches::new(&b"caf\xe9\n"[..], None, 1 << 20).unwrap();
/// assert_eq!(batches.encoding(), None);
/// assert_eq!(batches.next_batch().unwrap().as_deref(), Some("café\n"));
/// assert_eq!(batches.encoding(), Some("sloppy-windows-1252"));
/// ```
///
/// Bytes that the encoding cannot decode end the input with an error
/// naming their offset, after every whole line before them:
///
/// ```
/// use ftfy::file::{FixFileError, LineBatches};
///
/// let mut batches = LineBatches::new(&b"good\nbad \xff\n"[..], Some("utf-8"), 1 << 20).unwrap();
/// assert_eq!(batches.next_batch().unwrap().as_deref(), Some("good\n"));
/// assert!(matches!(batches.next_batch(), Err(FixFileError::Decode { offset: 9, .. })));
/// assert!(batches.next_batch().unwrap().is_none());
/// ```
pub struct LineBatches<R> {
    reader: R,
    decoding: Decoding,
    batch_bytes: usize,
    /// Bytes read but not yet decoded.
    pending: Vec<u8>,
    /// The input offset of `pending`'s first byte.
    offset: u64,
    /// Text decoded but not yet returned, for streamed decodings.
    pending_text: String,
    stream_decoder: Option<encoding_rs::Decoder>,
    /// An error to report once the lines before it have been returned.
    deferred_error: Option<FixFileError>,
    bytes_read: u64,
    eof: bool,
    done: bool,
}

impl<R> LineBatches<R> {
    /// The name of the encoding being decoded, or `None` while it is still
    /// to be guessed.
    pub fn encoding(&self) -> Option<&'static str> {
        self.decoding.name()
    }

    /// How many bytes have been read from the reader so far.
    pub fn bytes_read(&self) -> u64 {
        self.bytes_read
    }
}

impl<R: Read> LineBatches<R> {
    /// Reads `reader`, decoding with `encoding` (a name [`codecs`] knows,
    /// `utf-16`, or a WHATWG label that `encoding_rs` knows, such as
    /// `shift_jis` or `gb18030`), or guessing from the first line when
    /// `encoding` is `None`.
    ///
    /// # Errors
    ///
    /// [`FixFileError::UnknownEncoding`] for a name no codec has.
    pub fn new(
        reader: R,
        encoding: Option<&str>,
        batch_bytes: usize,
    ) -> Result<LineBatches<R>, FixFileError> {
        let decoding = match encoding {
            None => Decoding::Guess,
            Some(name) => Decoding::from_name(name)
                .ok_or_else(|| FixFileError::UnknownEncoding(name.to_owned()))?,
        };
        Ok(LineBatches {
            reader,
            decoding,
            batch_bytes: batch_bytes.max(1),
            pending: Vec::new(),
            offset: 0,
            pending_text: String::new(),
            stream_decoder: None,
            deferred_error: None,
            bytes_read: 0,
            eof: false,
            done: false,
        })
    }

    /// The next batch of decoded text, or `None` at the end of the input.
    ///
    /// # Errors
    ///
    /// [`FixFileError::Io`] when reading fails and [`FixFileError::Decode`]
    /// for bytes the encoding cannot decode (after the batches of the whole
    /// lines before them). After an error, the input is over.
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
        if let Some(error) = self.deferred_error.take() {
            return Err(error);
        }
        if let Decoding::Guess = self.decoding {
            self.guess()?;
        }
        match self.decoding {
            Decoding::Utf16 | Decoding::Other(_) => self.next_streamed_batch(),
            _ => self.next_bytes_batch(),
        }
    }

    /// Reads more input into `pending`; false at the end of input.
    fn fill(&mut self) -> Result<bool, FixFileError> {
        if self.eof {
            return Ok(false);
        }
        let chunk = (self.batch_bytes / 4).clamp(1, 1 << 18);
        let start = self.pending.len();
        self.pending.resize(start + chunk, 0);
        let read = loop {
            match self.reader.read(&mut self.pending[start..]) {
                Ok(read) => break read,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => {
                    self.pending.truncate(start);
                    return Err(FixFileError::Io(error));
                }
            }
        };
        self.pending.truncate(start + read);
        self.bytes_read += read as u64;
        self.eof = read == 0;
        Ok(read > 0)
    }

    /// Picks the decoding from the whole first line, as ftfy's `fix_file`
    /// does.
    fn guess(&mut self) -> Result<(), FixFileError> {
        let mut searched = 0;
        let first_line_end = loop {
            if let Some(newline) = self.pending[searched..].iter().position(|&b| b == b'\n') {
                break searched + newline + 1;
            }
            searched = self.pending.len();
            if !self.fill()? {
                break self.pending.len();
            }
        };
        let first_line = &self.pending[..first_line_end];
        self.decoding = if starts_with_utf16_bom(first_line) {
            Decoding::Utf16
        } else {
            // Only UTF-16 can fail to decode, and that was ruled out.
            let name = guess_bytes(first_line).map_or("sloppy-windows-1252", |(_, name)| name);
            Decoding::from_name(name).unwrap_or(Decoding::Utf8)
        };
        Ok(())
    }

    /// A batch for byte-oriented decodings: the bytes are cut after their
    /// last `\n`, then decoded.
    fn next_bytes_batch(&mut self) -> Result<Option<String>, FixFileError> {
        let mut searched = 0;
        let cut = loop {
            if self.eof {
                break self.pending.len();
            }
            if self.pending.len() >= self.batch_bytes {
                if let Some(newline) = self.pending[searched..].iter().rposition(|&b| b == b'\n') {
                    break searched + newline + 1;
                }
                // One long line so far: read on.
                searched = self.pending.len();
            }
            self.fill()?;
        };
        if cut == 0 {
            return Ok(None);
        }
        let mut rest = Vec::with_capacity(self.batch_bytes + self.batch_bytes / 4 + 1);
        rest.extend_from_slice(&self.pending[cut..]);
        let mut bytes = std::mem::replace(&mut self.pending, rest);
        bytes.truncate(cut);
        let start = self.offset;
        self.offset += cut as u64;
        match self.decode_bytes(bytes) {
            Ok(text) => Ok(Some(text)),
            Err((bytes, bad)) => {
                let error = FixFileError::Decode {
                    encoding: self.decoding.name().unwrap_or("utf-8"),
                    offset: start + bad as u64,
                };
                // Return the whole lines before the bad bytes first.
                match bytes[..bad].iter().rposition(|&b| b == b'\n') {
                    Some(newline) => {
                        let good = self.decode_bytes(bytes[..=newline].to_vec());
                        self.deferred_error = Some(error);
                        Ok(good.ok())
                    }
                    None => Err(error),
                }
            }
        }
    }

    /// Decodes `bytes`, or gives them back with the offset of the first
    /// byte that failed.
    fn decode_bytes(&self, bytes: Vec<u8>) -> Result<String, (Vec<u8>, usize)> {
        let failed = match self.decoding {
            Decoding::Utf8 => {
                return String::from_utf8(bytes).map_err(|error| {
                    let bad = error.utf8_error().valid_up_to();
                    (error.into_bytes(), bad)
                })
            }
            Decoding::Ascii => {
                return match bytes.iter().position(|byte| !byte.is_ascii()) {
                    Some(bad) => Err((bytes, bad)),
                    None => String::from_utf8(bytes).map_err(|error| (error.into_bytes(), 0)),
                }
            }
            Decoding::Utf8Variants => codecs::utf8_variants::decode(&bytes),
            Decoding::Charmap(charmap) => charmap.decode(&bytes),
            Decoding::Guess | Decoding::Utf16 | Decoding::Other(_) => {
                unreachable!("not a byte-oriented decoding")
            }
        };
        failed.map_err(|error| {
            let bad = error.offset();
            (bytes, bad)
        })
    }

    /// A batch for decodings that `encoding_rs` runs as a stream, whose
    /// lines cannot be found in the bytes: the decoded text is cut after
    /// its last `\n`.
    fn next_streamed_batch(&mut self) -> Result<Option<String>, FixFileError> {
        let mut searched = 0;
        loop {
            let finished = self.eof && self.pending.is_empty() && self.stream_decoder.is_some();
            if finished || self.pending_text.len() >= self.batch_bytes {
                let cut = if finished {
                    self.pending_text.len()
                } else {
                    self.pending_text[searched..]
                        .rfind('\n')
                        .map_or(0, |i| searched + i + 1)
                };
                if finished && cut == 0 {
                    return Ok(None);
                }
                if cut > 0 {
                    let rest = self.pending_text[cut..].to_owned();
                    let mut text = std::mem::replace(&mut self.pending_text, rest);
                    text.truncate(cut);
                    return Ok(Some(text));
                }
                searched = self.pending_text.len();
            }
            if self.pending.is_empty() || self.stream_decoder.is_none() {
                self.fill()?;
            }
            self.decode_stream()?;
        }
    }

    /// Decodes what `pending` holds into `pending_text`.
    fn decode_stream(&mut self) -> Result<(), FixFileError> {
        let decoder = match (&mut self.stream_decoder, self.decoding) {
            (Some(decoder), _) => decoder,
            (None, Decoding::Utf16) => {
                // Python's utf-16 reads the byte order from the mark.
                if self.pending.len() < 2 && !self.eof {
                    return Ok(());
                }
                let encoding = if self.pending.starts_with(b"\xfe\xff") {
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
        let last = self.eof;
        let needed = decoder
            .max_utf8_buffer_length_without_replacement(self.pending.len())
            .unwrap_or(self.pending.len() * 3 + 16);
        self.pending_text.reserve(needed);
        let (result, read) = decoder.decode_to_string_without_replacement(
            &self.pending,
            &mut self.pending_text,
            last,
        );
        let encoding = self.decoding.name().unwrap_or("utf-16");
        self.pending.drain(..read);
        self.offset += read as u64;
        if let DecoderResult::Malformed(bad, extra) = result {
            // The decoder read `extra` bytes past the `bad` ones.
            let error = FixFileError::Decode {
                encoding,
                offset: self
                    .offset
                    .saturating_sub(u64::from(bad) + u64::from(extra)),
            };
            // Return the whole lines decoded before the bad bytes first.
            return match self.pending_text.rfind('\n') {
                Some(newline) => {
                    self.pending_text.truncate(newline + 1);
                    self.pending.clear();
                    self.eof = true;
                    self.deferred_error = Some(error);
                    Ok(())
                }
                None => Err(error),
            };
        }
        Ok(())
    }
}

/// The lines of a file, decoded and fixed: see [`fix_file`].
pub struct FixFile<R> {
    batches: LineBatches<R>,
    config: TextFixerConfig,
    /// Whether a line so far held a `<` (the auto-HTML rule).
    saw_tag: bool,
    batch: String,
    /// Where the next line of `batch` starts.
    position: usize,
}

/// The size of the batches `fix_file` reads; lines are yielded one by one.
const FIX_FILE_BATCH_BYTES: usize = 1 << 16;

/// Reads `reader` line by line, decodes each line with `encoding`, and
/// yields each line fixed as [`fix_text_with`](crate::fix_text_with) would
/// fix it as part of the whole text (including the rule that the first
/// line holding a `<` turns HTML entity decoding off for the rest).
///
/// `encoding` is any name [`LineBatches::new`] takes; `None` means guess
/// it from the first line with [`guess_bytes`] and keep it for the rest of
/// the file, as ftfy 6.3.1's `fix_file` does. Memory use is bounded by the
/// longest line plus 64 KiB.
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
/// The iterator yields [`FixFileError::Io`] or [`FixFileError::Decode`]
/// (which names the byte offset) after the lines before the failure, and
/// then ends.
///
/// ```
/// use ftfy::{fix_file, file::FixFileError, TextFixerConfig};
///
/// let mut lines = fix_file(&b"ok\nnot utf-8: \xe9\n"[..], Some("utf-8"), &TextFixerConfig::default()).unwrap();
/// assert_eq!(lines.next().unwrap().unwrap(), "ok\n");
/// let error = lines.next().unwrap().unwrap_err();
/// assert!(matches!(error, FixFileError::Decode { offset: 14, .. }));
/// assert!(error.to_string().contains("--encoding"));
/// assert!(lines.next().is_none());
/// ```
pub fn fix_file<R: Read>(
    reader: R,
    encoding: Option<&str>,
    config: &TextFixerConfig,
) -> Result<FixFile<R>, FixFileError> {
    Ok(FixFile {
        batches: LineBatches::new(reader, encoding, FIX_FILE_BATCH_BYTES)?,
        config: config.clone(),
        saw_tag: false,
        batch: String::new(),
        position: 0,
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
        let line = &rest[..rest.find('\n').map_or(rest.len(), |i| i + 1)];
        self.position += line.len();
        let fixed = StreamFixer::after(&self.config, self.saw_tag)
            .fix_lines(line)
            .into_owned();
        self.saw_tag |= line.contains('<');
        Some(Ok(fixed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text and encoding `guess_bytes` gives, or its error offset.
    type Guess = Result<(&'static str, &'static str), usize>;

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
                Err(offset) => assert_eq!(guess.unwrap_err().offset(), *offset, "{bytes:x?}"),
            }
        }
    }

    fn all_batches(
        bytes: &[u8],
        encoding: Option<&str>,
        batch_bytes: usize,
    ) -> Result<Vec<String>, FixFileError> {
        let mut batches = LineBatches::new(bytes, encoding, batch_bytes)?;
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
        let mut batches = LineBatches::new(&bytes[..], None, 16).unwrap();
        let first = batches.next_batch().unwrap().unwrap();
        assert_eq!(batches.encoding(), Some("sloppy-windows-1252"));
        assert!(first.ends_with(" café\n"), "{first}");
        assert_eq!(batches.next_batch().unwrap().unwrap(), "next Ã©\n");
    }

    #[test]
    fn decode_errors_come_after_the_lines_before_them() {
        let cases: &[(&[u8], &str, &str, u64)] = &[
            (b"one\ntwo\nbad\xff\n", "utf-8", "one\ntwo\n", 11),
            (b"one\ntwo \xed\xa0\xbd\n", "utf-8-variants", "one\n", 8),
            (b"one\n\x81", "windows-1252", "one\n", 4),
            (b"o\0\n\0k\0\0\xdc", "utf-16le", "o\n", 6),
            (b"ok\n\x82", "shift_jis", "ok\n", 3),
            (b"\xff\xfeo\0\n\0k", "utf-16", "o\n", 6),
        ];
        for &(bytes, encoding, good, offset) in cases {
            for batch_bytes in [1, 3, 1 << 20] {
                let mut batches = LineBatches::new(bytes, Some(encoding), batch_bytes).unwrap();
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
                    FixFileError::Decode {
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

    #[test]
    fn unknown_encodings_are_refused_at_once() {
        assert!(matches!(
            LineBatches::new(&b""[..], Some("klingon"), 1),
            Err(FixFileError::UnknownEncoding(name)) if name == "klingon"
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
}
