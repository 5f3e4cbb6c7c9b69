//! Bytes in: [`guess_bytes`] for bytes of unknown encoding, [`fix_file`],
//! which reads, decodes and fixes a file piece by piece, and
//! [`TextBatches`], which reads a file as decoded batches that end where
//! `fix_text` ends a segment, so that each can be fixed on its own, on any
//! thread, in bounded memory.
//!
//! ftfy is not an encoding detector: when you know the encoding, say so.
//! Guessing exists for the unfortunate cases where nobody knows.
//!
//! The parts: [`TextBatches`] (`batches`, with the guess of the encoding
//! from the first bytes and the decoding of each batch below it), the
//! names of encodings a file may be read in (`decoding`), and the error
//! ([`FixFileError`], `error`); [`fix_file`] and [`guess_bytes_with`] are
//! here.

mod batches;
mod decoding;
mod error;
#[cfg(test)]
mod tests;

use std::io::Read;

use ftfy_core::codecs::CodecError;
pub use ftfy_core::guess_bytes;

use ftfy_core::extension::Window;
use ftfy_core::segment_end;

use crate::mode;
pub use crate::mode::Guesser;
use crate::{StreamFixer, TextFixerConfig};

pub use batches::TextBatches;
pub use error::FixFileError;

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
