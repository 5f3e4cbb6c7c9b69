//! Decoding what was read: strictly (UTF-8, ASCII, the single-byte
//! codecs, `utf-8-variants`), with the core's multi-byte codecs, or as a
//! stream with `encoding_rs`; a bad byte ends the input or is read as
//! U+FFFD.

use std::io::Read;

use encoding_rs::DecoderResult;

use ftfy_core::codecs::{self, Codec};

use super::super::decoding::Decoding;
use super::super::{Errors, FixFileError};
use super::TextBatches;

impl<R: Read> TextBatches<R> {
    /// Decodes what `raw` holds into `text`, but for the bytes of a
    /// character that may continue in the input still to read. A bad byte
    /// ends decoding, recorded in `failure`, or is read as U+FFFD, as
    /// `errors` says.
    pub(super) fn decode_available(&mut self) {
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
    pub(super) fn fail_at(&mut self, offset: usize) {
        self.failure = Some(FixFileError::Undecodable {
            encoding: self.decoding.name().expect("the decoding is known by now"),
            offset,
        });
        self.raw.clear();
        self.eof = true;
    }
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

/// Where `utf-8-variants` bytes can be cut without splitting a character:
/// before an ASCII byte or a lead byte, except ED, whose CESU-8 surrogate
/// pairs are two sequences that must be decoded together.
fn utf8_variants_safe_cut(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .rposition(|&byte| byte < 0x80 || matches!(byte, 0xC0..=0xEC | 0xEE..=0xF4))
        .unwrap_or(0)
}
