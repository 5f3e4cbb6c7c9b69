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

mod candidates;
mod declaration;
mod reading;

use std::fmt;

use candidates::{candidates, Applies, Reader};
use reading::{Piece, Reading, Shared};

use crate::language::Scorer;

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

/// A candidate's place in a ranking.
struct Ranked {
    index: usize,
    /// The reading's cost, prior included.
    cost: f64,
    /// The candidate ranked before it that reads the sample alike.
    same_as: Option<usize>,
    /// Whether it read the whole sample (was not dropped).
    read_whole: bool,
    evidence: Evidence,
}

/// Every applicable candidate for `sample`, most likely first (ties keep
/// the candidates' order).
fn rank(sample: &[u8], declared: &[&str]) -> Vec<Ranked> {
    let has_nul = sample.contains(&0);
    let sample = if has_nul {
        &sample[..sample.len().min(WIDE_BYTES)]
    } else {
        sample
    };
    let mut readings = readings_for(sample, has_nul, declared);
    let stretches = stretches_of(sample);
    // The shared text costs every reader of ASCII alike: its bits matter
    // only beside readers of the whole sample (UTF-16 and UTF-32,
    // ISO-2022), and the language it is in shows in its start.
    let whole = readings.iter().any(|r| r.applicable && !r.reads_ascii());
    let shared = Shared::new(
        &shared_text(
            sample,
            &stretches,
            if whole {
                usize::MAX
            } else {
                SHARED_LANGUAGE_BYTES
            },
        ),
        whole,
    );
    read_in_rounds(sample, &stretches, &shared, &mut readings);
    ranking(&readings, &shared, sample)
}

/// A reading for each candidate, with its prior from what the document
/// says, and the single-byte readings that read the sample's bytes alike
/// marked as one.
fn readings_for(sample: &[u8], has_nul: bool, declared: &[&str]) -> Vec<Reading> {
    let mut present = [false; 128];
    for &byte in sample.iter().filter(|&&byte| byte >= 0x80) {
        present[usize::from(byte - 0x80)] = true;
    }
    let only_cr = sample.contains(&b'\r') && !sample.contains(&b'\n');
    let crlf = sample.windows(2).any(|pair| pair == b"\r\n");
    let ascii_letters = sample
        .iter()
        .filter(|byte| byte.is_ascii_alphabetic())
        .count() as u64;
    let mut readings: Vec<Reading> = candidates()
        .iter()
        .enumerate()
        .map(|(index, candidate)| {
            let applicable = match candidate.applies {
                Applies::Always => true,
                Applies::WithNuls => has_nul,
                escape => escape_applies(escape, sample),
            };
            let mut reading = Reading::new(index, candidate, applicable, ascii_letters);
            reading.declared = declared.contains(&candidate.name);
            if reading.declared {
                reading.prior_bits -= DECLARED_BITS;
            }
            if only_cr && candidate.mac {
                reading.prior_bits -= MAC_LINES_BITS;
            }
            if crlf && candidate.dos {
                reading.prior_bits -= DOS_LINES_BITS;
            }
            reading
        })
        .collect();
    for later in 0..readings.len() {
        let Some(table) = readings[later].table else {
            continue;
        };
        let same = (0..later).find(|&earlier| {
            readings[earlier].same_as.is_none()
                && readings[earlier].applicable
                && readings[earlier].table.is_some_and(|other| {
                    (0..128).all(|byte| !present[byte] || other[byte] == table[byte])
                })
        });
        if let Some(earlier) = same {
            readings[later].same_as = Some(earlier);
            readings[later].alive = false;
        }
    }
    readings
}

/// The ranking of the readings: a dropped candidate stays as far behind
/// the best as it was; one that reads alike shares its reading's cost
/// (with its own prior). Multi-byte readings of equal cost are checked for
/// reading the sample alike.
fn ranking(readings: &[Reading], shared: &Shared, sample: &[u8]) -> Vec<Ranked> {
    let scores: Vec<Option<(f64, Evidence)>> = readings
        .iter()
        .map(|reading| reading.alive.then(|| evidence_of(reading, shared)))
        .collect();
    let best = scores
        .iter()
        .flatten()
        .map(|(cost, _)| *cost)
        .fold(f64::INFINITY, f64::min);
    let bits_of = |reading: &Reading| -> (f64, Evidence) {
        scores[reading.index].clone().unwrap_or_else(|| {
            let bits = best + reading.behind - reading.prior_bits;
            (
                best + reading.behind,
                Evidence {
                    bits,
                    prior_bits: reading.prior_bits,
                    declared: reading.declared,
                    ..Evidence::default()
                },
            )
        })
    };
    let mut ranked: Vec<Ranked> = readings
        .iter()
        .filter(|reading| reading.applicable)
        .map(|reading| match reading.same_as {
            Some(earlier) => {
                let (_, mut evidence) = bits_of(&readings[earlier]);
                evidence.prior_bits = reading.prior_bits;
                evidence.declared = reading.declared;
                Ranked {
                    index: reading.index,
                    cost: evidence.bits + reading.prior_bits,
                    same_as: Some(earlier),
                    read_whole: false,
                    evidence,
                }
            }
            None => {
                let (cost, evidence) = bits_of(reading);
                Ranked {
                    index: reading.index,
                    cost,
                    same_as: None,
                    read_whole: reading.alive,
                    evidence,
                }
            }
        })
        .collect();
    ranked.sort_by(|a, b| a.cost.total_cmp(&b.cost).then(a.index.cmp(&b.index)));
    mark_multi_byte_alike(&mut ranked, sample);
    ranked
}

/// The cost, prior included, and the evidence of a reading that is alive.
fn evidence_of(reading: &Reading, shared: &Shared) -> (f64, Evidence) {
    let score = reading.score(shared);
    let bits = reading.cost(shared);
    let evidence = Evidence {
        bits,
        prior_bits: reading.prior_bits,
        undecodable: reading.undecodable,
        declared: reading.declared,
        language: score.language().map(|language| language.name()),
        decisive: None,
    };
    (bits + reading.prior_bits, evidence)
}

/// Marks the multi-byte readings that read the sample as a reading ranked
/// before them with the same bits (Big5 and Big5-HKSCS, Shift_JIS and
/// CP932, GB2312 and GBK on the characters they share).
fn mark_multi_byte_alike(ranked: &mut [Ranked], sample: &[u8]) {
    let all = candidates();
    for later in 1..ranked.len() {
        if ranked[later].same_as.is_some()
            || !ranked[later].read_whole
            || !matches!(all[ranked[later].index].reader, Reader::MultiByte(_))
        {
            continue;
        }
        let same = (0..later).find(|&earlier| {
            ranked[earlier].same_as.is_none()
                && ranked[earlier].read_whole
                && ranked[earlier].evidence.bits == ranked[later].evidence.bits
                && ranked[earlier].evidence.undecodable == ranked[later].evidence.undecodable
                && candidates::decode_lossy(all[ranked[earlier].index].reader, sample)
                    == candidates::decode_lossy(all[ranked[later].index].reader, sample)
        });
        if let Some(earlier) = same {
            ranked[later].same_as = Some(ranked[earlier].index);
        }
    }
}

/// The guesses of a ranking, with confidences: readings alike share the
/// confidence of the first of them, and are listed after it.
fn confidences(ranked: &[Ranked]) -> Vec<EncodingGuess> {
    let Some(best) = ranked.first().map(|entry| entry.cost) else {
        return Vec::new();
    };
    let weight = |cost: f64| (-(cost - best) / CONFIDENCE_SCALE).exp2();
    let total: f64 = ranked
        .iter()
        .filter(|entry| entry.same_as.is_none())
        .map(|entry| weight(entry.cost))
        .sum();
    let all = candidates();
    let mut guesses = Vec::with_capacity(ranked.len());
    for first in ranked.iter().filter(|entry| entry.same_as.is_none()) {
        let confidence = weight(first.cost) / total;
        let name = all[first.index].name;
        guesses.push(EncodingGuess {
            encoding: name,
            confidence,
            reads_like: None,
            evidence: first.evidence.clone(),
        });
        for alike in ranked
            .iter()
            .filter(|entry| entry.same_as == Some(first.index))
        {
            guesses.push(EncodingGuess {
                encoding: all[alike.index].name,
                confidence,
                reads_like: Some(name),
                evidence: alike.evidence.clone(),
            });
        }
    }
    guesses
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

/// Reads the stretches round by round, dropping the candidates that fall
/// far behind after each round, until one is left or the sample is read.
fn read_in_rounds(
    sample: &[u8],
    stretches: &[(usize, usize)],
    shared: &Shared,
    readings: &mut [Reading],
) {
    let mut text = String::new();
    for reading in readings.iter_mut().filter(|r| r.alive && !r.reads_ascii()) {
        let undecodable = reading.decode(sample, &mut text);
        reading.add(&Piece::of(&text, undecodable));
    }
    let mut step = FIRST_ROUND_BYTES;
    let mut round_end = step;
    let mut read = 0;
    // The pieces of one stretch: candidates that read it alike share one.
    let mut pieces: Vec<(String, Piece)> = Vec::new();
    for &(start, end) in stretches {
        pieces.clear();
        for reading in readings.iter_mut().filter(|r| r.alive && r.reads_ascii()) {
            let undecodable = reading.decode(&sample[start..end], &mut text);
            let at = match pieces.iter().position(|(read, _)| *read == text) {
                Some(at) => at,
                None => {
                    pieces.push((text.clone(), Piece::of(&text, undecodable)));
                    pieces.len() - 1
                }
            };
            reading.add(&pieces[at].1);
        }
        read += end - start;
        if read >= round_end {
            step = (step * 2).min(ROUND_BYTES);
            round_end = read + step;
            let wide = readings.iter().any(|r| r.alive && !r.reads_ascii());
            if prune(readings, shared) <= 1 && !wide {
                return;
            }
        }
    }
}

/// Drops the candidates that read ASCII and are far behind the best of
/// them; gives how many are left. (The others read the whole sample at
/// once: their costs are not comparable until the end.)
fn prune(readings: &mut [Reading], shared: &Shared) -> usize {
    let costs: Vec<Option<f64>> = readings
        .iter()
        .map(|reading| {
            (reading.alive && reading.reads_ascii())
                .then(|| reading.cost(shared) + reading.prior_bits)
        })
        .collect();
    let best = costs
        .iter()
        .flatten()
        .copied()
        .fold(f64::INFINITY, f64::min);
    let mut alive = 0;
    for (reading, cost) in readings.iter_mut().zip(costs) {
        if let Some(cost) = cost {
            reading.alive = cost <= best + PRUNE_BITS;
            reading.behind = cost - best;
            alive += usize::from(reading.alive);
        }
    }
    alive
}

/// The text between the stretches (ASCII, which every candidate that
/// reads ASCII reads alike), to be scored once; each stretch stands as a
/// line break.
fn shared_text(sample: &[u8], stretches: &[(usize, usize)], most: usize) -> Scorer {
    let mut scorer = Scorer::new();
    let mut at = 0;
    let mut left = most;
    for &(start, end) in stretches
        .iter()
        .chain(std::iter::once(&(sample.len(), sample.len())))
    {
        let piece = &sample[at..start.max(at)];
        for &byte in &piece[..piece.len().min(left)] {
            scorer.push_char(char::from(byte));
        }
        left = left.saturating_sub(piece.len());
        if left == 0 {
            break;
        }
        scorer.push_char('\n');
        at = end;
    }
    scorer
}

/// The stretches of `sample` that candidates read differently: each run
/// of bytes above 7F with the letters and digits around it (its word) and
/// one byte more on each side, merged where they touch, each starting and
/// ending after two ASCII bytes (so between characters in every
/// candidate: a double-byte encoding's second byte may be ASCII, but then
/// its first is not).
fn stretches_of(sample: &[u8]) -> Vec<(usize, usize)> {
    let boundary = |at: usize| at < 2 || (sample[at - 1] < 0x80 && sample[at - 2] < 0x80);
    let word = |byte: u8| byte >= 0x80 || byte.is_ascii_alphanumeric();
    let mut stretches: Vec<(usize, usize)> = Vec::new();
    let mut at = 0;
    while let Some(offset) = sample[at..].iter().position(|&byte| byte >= 0x80) {
        let mut start = at + offset;
        let mut end = start;
        while end < sample.len() && word(sample[end]) {
            end += 1;
        }
        while start > 0 && word(sample[start - 1]) {
            start -= 1;
        }
        start = start.saturating_sub(1);
        end = (end + 1).min(sample.len());
        while !boundary(start) {
            start -= 1;
        }
        while end < sample.len() && !boundary(end) {
            end += 1;
        }
        match stretches.last_mut() {
            Some(last) if last.1 >= start => last.1 = end,
            _ => stretches.push((start, end)),
        }
        at = end;
    }
    split_long(sample, stretches)
}

/// The stretches of [`stretches_of`], each cut into pieces of about
/// [`PIECE_BYTES`] where every candidate is between characters, so that
/// candidates far behind are dropped before they read all of a long one
/// (Chinese text is one stretch from line to line). A byte below 31 is a
/// character of its own in every candidate: no double-byte encoding
/// takes it as a trail byte (Johab's start at 31, the others' at 40).
fn split_long(sample: &[u8], stretches: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
    let cut_after = |byte: u8| byte < 0x31;
    let mut pieces = Vec::with_capacity(stretches.len());
    for (mut start, end) in stretches {
        while end - start > PIECE_BYTES {
            let Some(cut) = (start + PIECE_BYTES..end).find(|&at| cut_after(sample[at - 1])) else {
                break;
            };
            pieces.push((start, cut));
            start = cut;
        }
        pieces.push((start, end));
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::guess_bytes_ranked;
    use ftfy_core::codecs::Codec;

    fn encoded(text: &str, encoding: &str) -> Vec<u8> {
        match encoding {
            "windows-1258" => vietnamese_in_windows_1258(text),
            _ => Codec::from_name(encoding)
                .and_then(|codec| codec.encode(text).ok())
                .unwrap_or_else(|| panic!("{encoding} encodes {text}")),
        }
    }

    /// Windows-1258 writes a Vietnamese letter it has no byte for as a base
    /// letter (with the marks it has) and a combining tone mark.
    fn vietnamese_in_windows_1258(text: &str) -> Vec<u8> {
        use unicode_normalization::UnicodeNormalization;
        let codec = Codec::from_name("windows-1258").unwrap();
        let mut bytes = Vec::new();
        for c in text.chars() {
            let mut buffer = [0; 4];
            if let Ok(encoded) = codec.encode(c.encode_utf8(&mut buffer)) {
                bytes.extend(encoded);
                continue;
            }
            let mut parts: Vec<char> = std::iter::once(c).nfd().collect();
            let mut base = parts.remove(0);
            parts.retain(
                |&mark| match unicode_normalization::char::compose(base, mark) {
                    Some(composed) if codec.encode(composed.encode_utf8(&mut buffer)).is_ok() => {
                        base = composed;
                        false
                    }
                    _ => true,
                },
            );
            let rest: String = std::iter::once(base).chain(parts).collect();
            bytes.extend(codec.encode(&rest).unwrap());
        }
        bytes
    }

    /// The bytes read in `encoding`, in NFC.
    fn decoded(bytes: &[u8], encoding: &str) -> Option<String> {
        use unicode_normalization::UnicodeNormalization;
        let text = match Codec::from_name(encoding) {
            Some(codec) => codec.decode(bytes).ok()?,
            None => {
                let encoding = encoding_rs::Encoding::for_label(encoding.as_bytes())?;
                encoding
                    .decode_without_bom_handling_and_without_replacement(bytes)?
                    .into_owned()
            }
        };
        Some(text.nfc().collect())
    }

    #[test]
    fn each_encoding_is_guessed_from_a_few_sentences() {
        for (text, encoding) in [
            (
                "Größere Änderungen sind möglich, sagte der Bürgermeister gestern.",
                "sloppy-windows-1252",
            ),
            (
                "Größere Änderungen sind möglich, sagte der Bürgermeister gestern.",
                "macroman",
            ),
            (
                "Größere Änderungen sind möglich, sagte der Bürgermeister gestern.",
                "cp850",
            ),
            (
                "Jeg vil gerne høre om det, og så går vi på café i aften, før æblerne.",
                "cp850",
            ),
            (
                "Zażółć gęślą jaźń. Pchnąć w tę łódź jeża lub ośm skrzyń fig.",
                "windows-1250",
            ),
            (
                "Zażółć gęślą jaźń. Pchnąć w tę łódź jeża lub ośm skrzyń fig.",
                "iso-8859-2",
            ),
            (
                "A szűrés és az árvíztűrő tükörfúrógép működése.",
                "windows-1250",
            ),
            (
                "Привет, как дела? Сегодня хорошая погода, мы пойдём гулять.",
                "windows-1251",
            ),
            (
                "Привет, как дела? Сегодня хорошая погода, мы пойдём гулять.",
                "koi8-r",
            ),
            (
                "Привет, как дела? Сегодня хорошая погода, мы пойдём гулять.",
                "ibm866",
            ),
            (
                "Найпридатнішим є той, хто їсть ґудзики і п'є воду.",
                "koi8-u",
            ),
            (
                "Καλημέρα κόσμε, σήμερα ο καιρός είναι πολύ ωραίος.",
                "windows-1253",
            ),
            (
                "Bugün hava çok güzel, işte şöyle bir ağaç gördüm.",
                "windows-1254",
            ),
            (
                "שלום עולם. היום מזג האוויר יפה מאוד ואנחנו הולכים לפארק.",
                "windows-1255",
            ),
            (
                "مرحبا بالعالم. الطقس جميل جدا اليوم وسنذهب إلى الحديقة.",
                "windows-1256",
            ),
            (
                "Labdien, šodien ir ļoti jauka diena, un mēs iesim uz parku.",
                "windows-1257",
            ),
            (
                "Tiếng Việt có dấu thanh điệu rất phong phú và giải mã.",
                "windows-1258",
            ),
            ("ภาษาไทยเป็นภาษาที่สวยงามมาก วันนี้อากาศดี", "cp874"),
            (
                "日本語のテキストです。今日はいい天気ですね。明日も晴れるでしょう。",
                "shift_jis",
            ),
            (
                "日本語のテキストです。今日はいい天気ですね。明日も晴れるでしょう。",
                "euc-jp",
            ),
            (
                "中文文本。今天天气很好，我们去公园散步吧。这是一个测试。",
                "gbk",
            ),
            (
                "中文文本。今天天氣很好，我們去公園散步吧。這是一個測試。",
                "big5",
            ),
            (
                "한국어 텍스트입니다. 오늘은 날씨가 아주 좋습니다. 공원에 갑시다.",
                "euc-kr",
            ),
        ] {
            // Right when the best guess reads the text as written (CP850 and
            // CP437 read German alike).
            let bytes = encoded(text, encoding);
            let ranked = guess_bytes_ranked(&bytes);
            let read = decoded(&bytes, ranked[0].encoding);
            assert_eq!(
                read.as_deref(),
                Some(text),
                "{encoding}: {:?}",
                &ranked[..3]
            );
        }
    }

    #[test]
    fn any_bytes_give_a_ranking() {
        for bytes in [
            &b""[..],
            b"\x00",
            b"\xff\xfe\xfd",
            b"\x81\x40\x81",
            b"\x00a\x00b\x00\xd8",
        ] {
            let ranked = guess_bytes_ranked(bytes);
            // (Readings alike share one confidence, counted once.)
            let distinct = ranked.iter().filter(|guess| guess.reads_like.is_none());
            let total: f64 = distinct.map(|guess| guess.confidence).sum();
            assert!(ranked.is_empty() || total >= 0.999, "{bytes:?} {total}");
        }
    }

    /// Where encodings read the bytes to the same text, any of them is
    /// right; the guess names the most common, and the ranking lists the
    /// others with the same confidence.
    #[test]
    fn encodings_that_read_the_text_alike_are_named_by_the_most_common() {
        for (text, written_in, named) in [
            // No byte in 80-9F, nor any where ISO-8859-15 differs.
            (
                "Le café de la société générale était très agréable.",
                "latin-1",
                "sloppy-windows-1252",
            ),
            (
                "Le café de la société générale était très agréable.",
                "iso-8859-15",
                "sloppy-windows-1252",
            ),
            // Polish without ą ś ź (and capitals), where the two differ.
            (
                "Mówię, że Gdańsk i Kraków to piękne miejsca, w których mieszkał.",
                "iso-8859-2",
                "windows-1250",
            ),
            // Russian without the letters KOI8-U adds.
            (
                "Привет, как дела? Сегодня хорошая погода.",
                "koi8-u",
                "koi8-r",
            ),
            // German: CP850 and CP437 agree on ä ö ü ß.
            (
                "Größere Änderungen sind möglich, sagte er.",
                "cp850",
                "cp437",
            ),
        ] {
            let bytes = encoded(text, written_in);
            let ranked = guess_bytes_ranked(&bytes);
            assert_eq!(
                ranked[0].encoding,
                named,
                "{text} in {written_in}: {:?}",
                &ranked[..3]
            );
            assert_eq!(decoded(&bytes, written_in), decoded(&bytes, named));
            let alike = ranked
                .iter()
                .find(|guess| guess.encoding == written_in)
                .unwrap();
            assert_eq!(alike.confidence, ranked[0].confidence);
            assert_eq!(alike.reads_like, Some(named), "{written_in}: {ranked:?}");
        }
    }

    /// The euro sign tells ISO-8859-15 from Latin-1 and Windows-1252 (where
    /// its byte is `¤`); Windows-1252's own euro byte is a C1 control in the
    /// others.
    #[test]
    fn the_euro_sign_tells_iso_8859_15_and_windows_1252_apart() {
        let text = "Le billet coûte 25 € par personne, et le café 3 €.";
        for encoding in ["iso-8859-15", "sloppy-windows-1252"] {
            let bytes = encoded(text, encoding);
            assert_eq!(guess_bytes_ranked(&bytes)[0].encoding, encoding);
        }
    }

    /// ftfy's reason to read MacRoman (lines ending in CR alone) is a prior;
    /// with LF, MacRoman is found by its letters.
    #[test]
    fn macroman_is_read_with_either_line_ending() {
        for text in [
            "Größere Änderungen sind möglich.\rSchöne Grüße aus Köln.\r",
            "Größere Änderungen sind möglich.\nSchöne Grüße aus Köln.\n",
        ] {
            assert_eq!(
                guess_bytes_ranked(&encoded(text, "macroman"))[0].encoding,
                "macroman"
            );
        }
    }

    /// UTF-16 without a byte-order mark, either byte order.
    #[test]
    fn utf16_without_a_byte_order_mark_is_found_by_its_nuls() {
        let text = "Hello, this is a plain English sentence. Привет!";
        let little: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let big: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert_eq!(guess_bytes_ranked(&little)[0].encoding, "utf-16le");
        assert_eq!(guess_bytes_ranked(&big)[0].encoding, "utf-16be");
        assert_eq!(super::decode_document(&little).unwrap().0, text);
    }

    /// Shift_JIS and EUC-JP read WAVE DASH and the other JIS characters as
    /// their standard (and Python) does, not as the full-width forms that
    /// browsers read after Windows' code page 932.
    #[test]
    fn japanese_readings_keep_the_wave_dash() {
        let text = "今日は10時〜12時です。価格は¢100、£5、¬です。";
        for (encoding, bytes) in [
            (
                "shift_jis",
                encoding_rs::SHIFT_JIS
                    .encode(
                        &text
                            .replace('〜', "～")
                            .replace('¢', "￠")
                            .replace('£', "￡")
                            .replace('¬', "￢"),
                    )
                    .0
                    .into_owned(),
            ),
            (
                "euc-jp",
                encoding_rs::EUC_JP
                    .encode(
                        &text
                            .replace('〜', "～")
                            .replace('¢', "￠")
                            .replace('£', "￡")
                            .replace('¬', "￢"),
                    )
                    .0
                    .into_owned(),
            ),
        ] {
            assert_eq!(
                super::decode_document(&bytes),
                Some((text.to_string(), encoding))
            );
        }
    }

    proptest::proptest! {
        /// Whatever the bytes, the encoding a document is decoded with is
        /// the best of the ranking that reads the bytes whole, to the text
        /// returned.
        #[test]
        fn documents_decode_their_bytes(
            bytes in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::num::u8::ANY,
                    proptest::sample::select(b" \n.eaoE".to_vec()),
                    0xC0u8..=0xFF,
                ],
                0..64,
            )
        ) {
            if let Some((text, name)) = super::decode_document(&bytes) {
                proptest::prop_assert_eq!(decoded_raw(&bytes, name), Some(text));
            }
        }
    }

    /// The bytes read by the candidate named `name`, U+FFFD for those it
    /// cannot decode.
    fn decoded_raw(bytes: &[u8], name: &str) -> Option<String> {
        let candidate = super::candidates::candidates()
            .iter()
            .find(|candidate| candidate.name == name);
        match candidate {
            Some(candidate) => Some(super::candidates::decode_lossy(candidate.reader, bytes).0),
            // (A byte-order mark's encodings, and utf-8-variants.)
            None => Some(super::decode_decided(name, bytes)),
        }
    }
}
