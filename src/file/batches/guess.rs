//! Guessing the encoding from the first bytes: the first line, as ftfy's
//! `fix_file` does, or the document guess's sample.

use std::io::Read;

use ftfy_core::codecs::Codec;

use super::super::decoding::{Decoding, UTF_16};
use super::super::{guess_bytes, FixFileError, Guesser};
use super::TextBatches;
#[cfg(doc)]
use crate::guess_bytes_with;

impl<R: Read> TextBatches<R> {
    /// Picks the decoding from the first line, as ftfy's `fix_file` does,
    /// or from as much of it as `max_decode_length` characters can take
    /// (4 bytes each), so that a file without line breaks is not read
    /// whole. In extended mode, from the lines of the first 64 KiB, with
    /// [`guess_bytes_with`].
    pub(super) fn guess(&mut self) -> Result<(), FixFileError> {
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
}

fn starts_with_utf16_bom(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\xfe\xff") || bytes.starts_with(b"\xff\xfe")
}
