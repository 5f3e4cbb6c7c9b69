//! [`TextBatches`]: the input read, decoded and cut where `fix_text`
//! ends a segment. Guessing the encoding from the first bytes is in
//! `guess`, decoding what was read in `decode`.

mod decode;
mod guess;

use std::io::{self, Read};

use ftfy_core::codecs::MultiByteDecoder;
use ftfy_core::complete_segments_len;
use ftfy_core::extension::Window;

use super::decoding::Decoding;
use super::{Errors, FixFileError, Guesser};
use crate::mode;
use crate::TextFixerConfig;
#[cfg(doc)]
use crate::{guess_bytes, StreamFixer};
#[cfg(doc)]
use ftfy_core::codecs::Codec;

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
}
