//! Ranking the candidates' readings of a sample: the text every
//! candidate reads alike is scored once, the stretches the candidates read
//! differently are read round by round, candidates that fall far behind
//! are dropped, and the costs become confidences.

use super::candidates::{self, candidates, Applies, Reader};
use super::reading::{Piece, Reading, Shared};
use super::{
    escape_applies, EncodingGuess, Evidence, CONFIDENCE_SCALE, DECLARED_BITS, DOS_LINES_BITS,
    FIRST_ROUND_BYTES, MAC_LINES_BITS, PIECE_BYTES, PRUNE_BITS, ROUND_BYTES, SHARED_LANGUAGE_BYTES,
    WIDE_BYTES,
};
use crate::language::Scorer;

/// A candidate's place in a ranking.
pub(super) struct Ranked {
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
pub(super) fn rank(sample: &[u8], declared: &[&str]) -> Vec<Ranked> {
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
pub(super) fn confidences(ranked: &[Ranked]) -> Vec<EncodingGuess> {
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
