//! Which encoding a document of unknown encoding is in, judged by how
//! likely each candidate's reading is as writing in some language
//! ([`crate::language`]), by what the bytes allow (bytes an encoding
//! leaves undefined, sequences a multi-byte encoding cannot form), and by
//! what the document says of itself (a byte-order mark, a declared
//! charset, its line endings).
//!
//! A byte-order mark decides at once, and so does valid UTF-8 (without
//! NULs or ISO-2022's escapes, which are ASCII too). Otherwise every
//! candidate (UTF-8 itself, read with a replacement for each bad byte; the
//! single-byte code pages of Western, Central and Eastern Europe, Greek,
//! Turkish, Hebrew, Arabic, Baltic, Vietnamese and Thai text; the DOS and
//! Mac code pages; KOI8; the CJK encodings; ISO-2022-JP and -KR when their
//! escapes are there; UTF-16 and UTF-32 without a byte-order mark when the
//! bytes hold NULs) reads the first 64 KiB (16 KiB when there are NULs).
//! The candidates that read ASCII as ASCII read it alike, so the ASCII text
//! between the words with bytes above 7F is scored once, for all of them,
//! and each reads only those words. A reading pays the model's bits, 24
//! bits for each byte it cannot decode or reads as a C1 control, 16 bits
//! for each script its letters are in beyond the first (ASCII letters
//! count as Latin), 16 bits when none of its letters above ASCII are in the
//! script the encoding is made for, and a prior: a few bits for rarer
//! encodings, 16 bits less for an encoding the document declares, a few
//! bits less for a Mac encoding when lines end in CR alone and for a DOS
//! code page when they end in CR LF. Candidates that fall far behind are
//! dropped as the reading goes on. Candidates that read the bytes to the
//! same text (Windows-1252, Latin-1 and ISO-8859-15 on text without the
//! bytes where they differ) are one reading, named by the most common,
//! and the ranking says which read alike.

//!
//! The ranking of the readings, round by round, is in `ranking`; the
//! public guesses and the shortcut of a decisive sample are here.

mod candidates;
mod declaration;
mod ranking;
mod reading;
#[cfg(test)]
mod tests;

use std::fmt;

use candidates::{candidates, Applies};
use ranking::{confidences, rank};

/// How much of a document the guess reads.
pub const SAMPLE_BYTES: usize = 1 << 16;
/// A candidate this many bits behind the best is dropped.
const PRUNE_BITS: f64 = 64.0;
/// The bytes of words read before the first pruning; each round reads
/// twice as many as the one before, up to `ROUND_BYTES`.
const FIRST_ROUND_BYTES: usize = 64;
const ROUND_BYTES: usize = 4096;
/// The sample when the bytes hold NULs (and so may be UTF-16 or UTF-32,
/// which are read whole).
const WIDE_BYTES: usize = 1 << 14;
/// How long a stretch is before it is cut (see `split_long`).
const PIECE_BYTES: usize = 64;
/// The shared text read to find the languages it suits, when its bits are
/// not needed.
const SHARED_LANGUAGE_BYTES: usize = 4096;
/// Bits of cost difference that halve a candidate's confidence: the
/// model's bits are not independent evidence, so they count for less.
const CONFIDENCE_SCALE: f64 = 8.0;
/// How much likelier a declared encoding is than one that is not.
const DECLARED_BITS: f64 = 16.0;
/// How much likelier a Mac encoding is when lines end in CR alone
/// (ftfy's own reason to read MacRoman, here a prior).
const MAC_LINES_BITS: f64 = 16.0;
/// How much likelier a DOS code page is when lines end in CR LF.
const DOS_LINES_BITS: f64 = 2.0;

/// One encoding that bytes may be in, how sure the guess is of it, and
/// why.
#[derive(Clone, Debug, PartialEq)]
pub struct EncodingGuess {
    /// The encoding's name, one that the `ftfy` crate's `fix_file` reads
    /// and, where Python has the codec, Python's.
    pub encoding: &'static str,
    /// How likely this encoding's reading is, from 0 to 1. Encodings
    /// that read the bytes to the same text follow the first of them with
    /// its confidence; counting each reading once, the confidences of a
    /// ranking add up to 1.
    pub confidence: f64,
    /// The encoding ranked before this one that reads the bytes to the
    /// same text, if any.
    pub reads_like: Option<&'static str>,
    /// What the guess weighed.
    pub evidence: Evidence,
}

/// What the guess weighed for one encoding.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Evidence {
    /// The reading's cost in bits: the language model's bits for the text
    /// it gives, and the bits for bytes it cannot decode and for letters
    /// of scripts the encoding is not made for. Lower is likelier. (For a
    /// candidate dropped early, an estimate.)
    pub bits: f64,
    /// The bits of the prior: how rare the encoding is, less what the
    /// document says for it (a declaration, its line endings).
    pub prior_bits: f64,
    /// The bytes of the sample the encoding cannot decode.
    pub undecodable: u64,
    /// The document declares this encoding (an XML declaration, a
    /// `<meta charset>`, a MIME header), or starts with its byte-order
    /// mark.
    pub declared: bool,
    /// The language the model finds the reading is in.
    pub language: Option<&'static str>,
    /// The sample decodes whole, as this encoding alone can tell (a
    /// byte-order mark, valid UTF-8), and nothing else was weighed.
    pub decisive: Option<&'static str>,
}

impl fmt::Display for Evidence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(reason) = self.decisive {
            return f.write_str(reason);
        }
        write!(f, "{:.1} bits", self.bits)?;
        if self.prior_bits != 0.0 {
            write!(f, " {:+.1} prior", self.prior_bits)?;
        }
        if self.undecodable > 0 {
            write!(f, ", {} undecodable", self.undecodable)?;
        }
        if self.declared {
            f.write_str(", declared")?;
        }
        if let Some(language) = self.language {
            write!(f, ", reads as {language}")?;
        }
        Ok(())
    }
}

/// The encodings `bytes` may be in, most likely first, with a confidence
/// each and the evidence: the document-level guess of the `ftfy` crate's
/// `guess_bytes_with` in extended mode ([`decode_document`]) and of its
/// command's `-g`. Reads the first 64 KiB.
///
/// ```
/// // "Привет, как дела? Сегодня хорошая погода." in Windows-1251.
/// let bytes = b"\xcf\xf0\xe8\xe2\xe5\xf2, \xea\xe0\xea \xe4\xe5\xeb\xe0? \xd1\xe5\xe3\xee\xe4\xed\xff \
///     \xf5\xee\xf0\xee\xf8\xe0\xff \xef\xee\xe3\xee\xe4\xe0.";
/// let ranked = ftfy_extended::guess_bytes_ranked(bytes);
/// assert_eq!(ranked[0].encoding, "windows-1251");
/// assert!(ranked[0].confidence > 0.99);
/// assert_eq!(ranked[0].evidence.language, Some("Russian"));
/// // Valid UTF-8 is UTF-8.
/// assert_eq!(ftfy_extended::guess_bytes_ranked("Привет".as_bytes())[0].encoding, "utf-8");
/// ```
pub fn guess_bytes_ranked(bytes: &[u8]) -> Vec<EncodingGuess> {
    guess_bytes_ranked_declared(bytes, &declared_encodings(bytes))
}

/// The encodings a document declares for itself in its first 4 KiB (an
/// XML declaration, an HTML `<meta>` charset, a MIME header), by the names
/// the guess gives them: what [`guess_bytes_ranked`] takes as evidence.
///
/// ```
/// let page = b"<html><head><meta charset=\"koi8-r\"><title>...";
/// assert_eq!(ftfy_extended::declared_encodings(page), ["koi8-r"]);
/// ```
pub fn declared_encodings(bytes: &[u8]) -> Vec<&'static str> {
    declaration::declared(bytes)
}

/// [`guess_bytes_ranked`], taking `declared` as the encodings the document
/// declares (as [`declared_encodings`] finds them, perhaps in an earlier
/// part of the document than `bytes`).
pub fn guess_bytes_ranked_declared(bytes: &[u8], declared: &[&str]) -> Vec<EncodingGuess> {
    let sample = &bytes[..bytes.len().min(SAMPLE_BYTES)];
    if let Some(decided) = decisive(sample, bytes.len() > sample.len(), declared) {
        return vec![decided];
    }
    let ranked = rank(sample, declared);
    confidences(&ranked)
}

/// The guess when the sample leaves no doubt: a byte-order mark of UTF-32
/// or UTF-16 (`utf-32` and `utf-16` read it, as Python's codecs do), or
/// UTF-8, valid (but for a character cut by the sample's end) and free of
/// NULs and of ISO-2022's escapes, which are ASCII too.
fn decisive(sample: &[u8], cut: bool, declared: &[&str]) -> Option<EncodingGuess> {
    let (encoding, reason) =
        if sample.starts_with(b"\xff\xfe\x00\x00") || sample.starts_with(b"\x00\x00\xfe\xff") {
            ("utf-32", "byte-order mark")
        } else if sample.starts_with(b"\xff\xfe") || sample.starts_with(b"\xfe\xff") {
            ("utf-16", "byte-order mark")
        } else {
            let valid = match std::str::from_utf8(sample) {
                Ok(_) => true,
                Err(error) => cut && error.error_len().is_none(),
            };
            let escaped = sample.contains(&0x1B)
                && candidates()
                    .iter()
                    .any(|candidate| escape_applies(candidate.applies, sample));
            if sample.contains(&0) || escaped {
                return None;
            }
            if valid {
                ("utf-8", "valid UTF-8")
            } else if utf8_variants(sample, cut) {
                ("utf-8-variants", "valid UTF-8 with CESU-8 or Java's C0 80")
            } else {
                return None;
            }
        };
    Some(EncodingGuess {
        encoding,
        confidence: 1.0,
        reads_like: None,
        evidence: Evidence {
            declared: declared.contains(&encoding) || reason == "byte-order mark",
            decisive: Some(reason),
            ..Evidence::default()
        },
    })
}

/// Whether `sample` is ftfy's `utf-8-variants` (but for a character cut by
/// the sample's end): UTF-8 with CESU-8's surrogate pairs or Java's `C0
/// 80`, which start with bytes ED and C0.
fn utf8_variants(sample: &[u8], cut: bool) -> bool {
    if !sample.contains(&0xED) && !sample.contains(&0xC0) {
        return false;
    }
    match ftfy_core::codecs::utf8_variants::decode(sample) {
        Ok(_) => true,
        // (A CESU-8 pair takes six bytes.)
        Err(error) => cut && error.offset().is_some_and(|at| at + 6 >= sample.len()),
    }
}

/// Whether an ISO-2022 candidate's escape applies to `sample`.
fn escape_applies(applies: Applies, sample: &[u8]) -> bool {
    match applies {
        Applies::WithEscape(escapes) => {
            sample.iter().all(u8::is_ascii)
                && escapes
                    .iter()
                    .any(|escape| sample.windows(escape.len()).any(|window| window == *escape))
        }
        _ => false,
    }
}

/// The text of `bytes` in the encoding the guess finds most likely, and
/// its name; `None` for empty input. Bytes that encoding cannot decode
/// are each read as U+FFFD. Of encodings that read the sample alike, the
/// one that decodes the most of the rest is taken (Big5-HKSCS for Big5
/// with a Hong Kong character after the first 64 KiB).
///
/// ```
/// // KOI8-R, and a byte that is not (the file was cut).
/// let bytes = b"\xf0\xd2\xc9\xd7\xc5\xd4, \xcb\xc1\xcb \xc4\xc5\xcc\xc1?";
/// let (text, encoding) = ftfy_extended::decode_document(bytes).unwrap();
/// assert_eq!((text.as_str(), encoding), ("Привет, как дела?", "koi8-r"));
/// ```
pub fn decode_document(bytes: &[u8]) -> Option<(String, &'static str)> {
    let ranked = guess_bytes_ranked(bytes);
    let best = ranked.first()?;
    if best.evidence.decisive.is_some() {
        return Some((decode_decided(best.encoding, bytes), best.encoding));
    }
    let alike = ranked
        .iter()
        .filter(|guess| guess.encoding == best.encoding || guess.reads_like == Some(best.encoding));
    let all = candidates();
    let mut chosen: Option<(String, usize, &'static str)> = None;
    for guess in alike {
        let candidate = all
            .iter()
            .find(|candidate| candidate.name == guess.encoding)?;
        let (text, replaced) = candidates::decode_lossy(candidate.reader, bytes);
        if chosen
            .as_ref()
            .is_none_or(|(_, fewest, _)| replaced < *fewest)
        {
            chosen = Some((text, replaced, candidate.name));
        }
        if replaced == 0 {
            break;
        }
    }
    chosen.map(|(text, _, name)| (text, name))
}

/// `bytes` read by an encoding a decisive guess names.
fn decode_decided(encoding: &str, bytes: &[u8]) -> String {
    let (body, reader) = match encoding {
        "utf-32" => {
            let name = if bytes.starts_with(b"\xff\xfe") {
                "utf-32le"
            } else {
                "utf-32be"
            };
            (&bytes[4..], name)
        }
        "utf-16" => {
            let name = if bytes.starts_with(b"\xff\xfe") {
                "utf-16le"
            } else {
                "utf-16be"
            };
            (&bytes[2..], name)
        }
        "utf-8-variants" => {
            let text = ftfy_core::codecs::utf8_variants::decode(bytes);
            return text.unwrap_or_else(|_| String::from_utf8_lossy(bytes).into_owned());
        }
        _ => (bytes, "utf-8"),
    };
    let candidate = candidates()
        .iter()
        .find(|candidate| candidate.name == reader)
        .expect("the Unicode encodings are candidates");
    candidates::decode_lossy(candidate.reader, body).0
}

/// Every encoding a guess may name, in the order ties are broken.
pub fn guessed_encodings() -> impl Iterator<Item = &'static str> {
    ["utf-16", "utf-32", "utf-8-variants"]
        .into_iter()
        .chain(candidates().iter().map(|candidate| candidate.name))
}
