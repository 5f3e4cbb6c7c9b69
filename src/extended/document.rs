//! The document-level decision: a text of many lines (a file, a stream, a
//! column) read in the wrong code page was read so as a whole, so the
//! evidence of all its lines decides which legacy mixups are present, and
//! each line is then fixed with the readings the document supports, at a
//! lower margin than a lone string needs.
//!
//! 1. **Evidence.** Each line that shows a sign of mojibake
//!    ([`super::signs`]) is read through every legacy pair, and the judge
//!    ([`super::judge::legacy_readings`]) weighs each reading with every
//!    test a lone string's reading must pass, at half its margin: the
//!    bits a reading that changes a sign saves beyond that are the
//!    line's evidence for its pair (negative: against). ftfy's answer
//!    stands for a line it fixes, as for a lone string.
//! 2. **Blocks.** Lines are weighed in blocks of at most [`BLOCK_LINES`]
//!    lines and [`BLOCK_BYTES`] bytes, cut from the start of the text (a
//!    stream counts on across the pieces it is given, and holds back the
//!    lines of a block until it is whole).
//! 3. **Decision.** Pairs are ranked by the lines they read best, then by
//!    their evidence; a pair is supported when at least two lines that no
//!    pair ranked before it explains gain [`DOCUMENT_BITS`] by it
//!    together, and no more of them lose by it than gain. So a rival
//!    reading of the same lines is explained away (Korean read as
//!    Windows-1252 is also Cyrillic in Windows-1251), while a region in
//!    another mixup, or a clean region, keeps its own decision.
//! 4. **Repair.** Each line takes the supported reading it gains most by
//!    if it gains a quarter of a lone string's margin (and, when the
//!    reading changes no sign, [`UNSIGNED_LINE_BITS`]), with the judge's
//!    every other test; letters of the decided code page's script are
//!    known to the no-garbage rule. A line the reading makes less likely
//!    contradicts it and stays as it is.
//!
//! The repaired text then goes through `fix_text` as usual, line by line.

use super::candidates::{self, Decoder, LEGACY_TRANSFORMS};
use super::judge::{self, Leniency};
use super::prefilter;
use super::readings::Scripts;
use crate::plan::ExplanationStep;
use crate::TextFixerConfig;

/// A block holds at most this many lines…
const BLOCK_LINES: usize = 48;
/// …and is cut after the line that brings it to this many bytes.
const BLOCK_BYTES: usize = 16 * 1024;
/// What the lines gaining by a reading must gain together in a window.
const DOCUMENT_BITS: f64 = 24.0;
/// How the judge weighs a line's readings as evidence: every test, with
/// half a lone string's margin; a line's evidence is what its reading
/// gains beyond that (so that the guards' margins, for technical text or
/// opening punctuation, hold in documents too).
const EVIDENCE: Leniency = Leniency {
    margin: 0.5,
    unsigned: false,
};
/// How it judges a line's readings by the pairs the document decided: a
/// quarter of a lone string's margin, signs or none.
const DECIDED: Leniency = Leniency {
    margin: 0.25,
    unsigned: true,
};
/// What a line must gain by a decided reading that changes no sign.
const UNSIGNED_LINE_BITS: f64 = 8.0;
/// A line's gain counts at most this much toward a decision, so that one
/// long line doesn't stand for a document.
const LINE_CAP: f64 = 64.0;

/// What one line says of one legacy pair.
#[derive(Clone, Copy, Debug)]
struct Gain {
    /// The pair, an index into [`LEGACY_TRANSFORMS`].
    transform: usize,
    /// The evidence: bits saved by the reading beyond half a lone
    /// string's margin (negative: against the pair).
    bits: f64,
    /// Bits saved by the reading over the line as read.
    saved: f64,
}

/// How close to a line's best reading another must come to explain the
/// line as well (as the judge's ambiguity between two legacy readings).
const AS_GOOD: f64 = 3.0;

/// The bits the best reading of a line's `gains` saves, if any saves.
fn best_saved(gains: &[Gain]) -> Option<f64> {
    gains
        .iter()
        .map(|gain| gain.saved)
        .filter(|&saved| saved > 0.0)
        .max_by(f64::total_cmp)
}

/// Where a text given in pieces stands in its blocks: how many lines and
/// bytes of the current block came before.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Position {
    lines: usize,
    bytes: usize,
}

impl Position {
    /// The position after `line` (with its line break), and whether that
    /// line ends a block.
    fn after(self, line: &str) -> (Position, bool) {
        let next = Position {
            lines: self.lines + 1,
            bytes: self.bytes + line.len(),
        };
        if next.lines >= BLOCK_LINES || next.bytes >= BLOCK_BYTES {
            (Position::default(), true)
        } else {
            (next, false)
        }
    }
}

/// The position after `text`, whose lines follow `position`.
pub(crate) fn position_after(text: &str, position: Position) -> Position {
    text.split_inclusive('\n')
        .fold(position, |position, line| position.after(line).0)
}

/// The length of the longest prefix of `text` (whose lines follow
/// `position`) made of whole blocks: what a stream can fix before more
/// text comes.
pub(crate) fn complete_blocks_len(text: &str, position: Position) -> usize {
    let (mut position, mut length, mut complete) = (position, 0, 0);
    for line in text
        .split_inclusive('\n')
        .filter(|line| line.ends_with('\n'))
    {
        let ends;
        (position, ends) = position.after(line);
        length += line.len();
        if ends {
            complete = length;
        }
    }
    complete
}

/// The repairs of `text`'s lines (which follow `position`) that their
/// blocks' evidence supports, or `None` when there is none; and the
/// position after `text`. A text of one line is a lone string, judged
/// alone: `None`.
pub(crate) fn repair(
    text: &str,
    config: &TextFixerConfig,
    position: Position,
    mut explained: Option<&mut Explained>,
) -> (Option<String>, Position) {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut blocks = Vec::new();
    let (mut end_position, mut start) = (position, 0);
    for (index, line) in lines.iter().enumerate() {
        let ends;
        (end_position, ends) = end_position.after(line);
        if ends {
            blocks.push(start..index + 1);
            start = index + 1;
        }
    }
    if start < lines.len() {
        blocks.push(start..lines.len());
    }
    if lines.len() < 2 || text.is_ascii() {
        return (None, end_position);
    }
    let mut output = String::new();
    let mut changed = false;
    for block in blocks {
        let first_line = block.start;
        let lines = &lines[block];
        // (A pair needs two lines that gain by it: a block with fewer
        // lines the prefilter lets through has no decision to make.)
        let viable: Vec<Option<prefilter::Viable>> = lines
            .iter()
            .map(|line| legacy_viable(content(line)))
            .collect();
        let gains: Vec<Vec<Gain>> = if viable.iter().flatten().count() < 2 {
            vec![Vec::new(); lines.len()]
        } else {
            lines
                .iter()
                .zip(&viable)
                .map(|(line, viable)| {
                    viable.map_or_else(Vec::new, |viable| {
                        signed_gains(content(line), viable, config)
                    })
                })
                .collect()
        };
        let supported = supported(&gains);
        if let Some(explained) = explained.as_deref_mut() {
            explained.decisions.extend(
                supported
                    .iter()
                    .map(|supported| decision(supported, first_line..first_line + lines.len())),
            );
        }
        let transforms: Vec<usize> = supported
            .iter()
            .map(|supported| supported.transform)
            .collect();
        for (offset, (line, gains)) in lines.iter().zip(&gains).enumerate() {
            let fixed = if transforms.is_empty() {
                None
            } else {
                repair_line(content(line), config, &transforms, best_saved(gains))
            };
            match fixed {
                Some((fixed, plan)) => {
                    changed = true;
                    if let Some(explained) = explained.as_deref_mut() {
                        explained.plans.push((first_line + offset, plan));
                    }
                    output.push_str(&fixed);
                    output.push_str(&line[content(line).len()..]);
                }
                None => output.push_str(line),
            }
        }
    }
    (changed.then_some(output), end_position)
}

/// The public account of a supported pair over a block's `lines`.
fn decision(supported: &Supported, lines: std::ops::Range<usize>) -> DocumentDecision {
    let transform = LEGACY_TRANSFORMS[supported.transform];
    DocumentDecision {
        lines,
        read_as: transform.encoder,
        written_in: match transform.decoder {
            Decoder::Legacy(name) => name,
            Decoder::Utf8 => "utf-8",
        },
        evidence_bits: supported.evidence,
        lines_for: supported.winners,
        lines_against: supported.losers,
    }
}

/// A line without its line break.
fn content(line: &str) -> &str {
    line.strip_suffix('\n')
        .map_or(line, |line| line.strip_suffix('\r').unwrap_or(line))
}

/// A pair a block's evidence supports, with that evidence.
#[derive(Clone, Copy, Debug)]
struct Supported {
    /// The pair, an index into [`LEGACY_TRANSFORMS`].
    transform: usize,
    /// What the lines it explains gain by it, in bits.
    evidence: f64,
    /// How many of them gain by it, and how many lose.
    winners: u32,
    losers: u32,
}

/// What a document was found to be read in: a legacy pair its evidence
/// supports over a block of its lines, which `--explain` and
/// [`StreamFixer::fix_lines_explained`](crate::StreamFixer::fix_lines_explained)
/// report, so that a reader sees why a line was changed.
#[derive(Clone, Debug, PartialEq)]
pub struct DocumentDecision {
    /// The block's lines, counted from 0 in the text given.
    pub lines: std::ops::Range<usize>,
    /// The codec the text was read as (`sloppy-windows-1252`).
    pub read_as: &'static str,
    /// The codec it was written in (`windows-1250`).
    pub written_in: &'static str,
    /// The evidence: what the lines that gain by the reading gain beyond
    /// half a lone string's margin, in bits.
    pub evidence_bits: f64,
    /// How many lines gain by the reading…
    pub lines_for: u32,
    /// …and how many lose by it.
    pub lines_against: u32,
}

impl std::fmt::Display for DocumentDecision {
    /// `lines 1-40: written in windows-1250, read as sloppy-windows-1252
    /// (412.5 bits of evidence from 31 lines, 0 against)`, lines counted
    /// from 1.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "lines {}-{}: written in {}, read as {} ({:.1} bits of evidence from {} lines, {} against)",
            self.lines.start + 1,
            self.lines.end,
            self.written_in,
            self.read_as,
            self.evidence_bits,
            self.lines_for,
            self.lines_against
        )
    }
}

/// What explaining a document collects: the decisions of its blocks, and
/// the plan of each line a decided reading repaired (by index).
#[derive(Debug, Default)]
pub(crate) struct Explained {
    pub(crate) decisions: Vec<DocumentDecision>,
    pub(crate) plans: Vec<(usize, Vec<ExplanationStep>)>,
}

/// The pairs supported by the lines of a window (their `gains`), best
/// first. Pairs are taken by what they gain in all; each must gain
/// enough on lines that no pair taken before it explains, so that a
/// rival reading of the same lines (Korean read as Windows-1252 is also
/// Cyrillic in Windows-1251) is explained away, while a region in
/// another mixup keeps its own.
fn supported(gains: &[Vec<Gain>]) -> Vec<Supported> {
    let mut total = vec![0.0; LEGACY_TRANSFORMS.len()];
    let mut votes = vec![0u32; LEGACY_TRANSFORMS.len()];
    for line in gains {
        for gain in line.iter().filter(|gain| gain.bits > 0.0) {
            total[gain.transform] += gain.bits.min(LINE_CAP);
        }
        // (Of readings alike, the first pair's: Windows-1252 before
        // Latin-1, as the pairs are listed.)
        if let Some(best) = line
            .iter()
            .filter(|gain| gain.bits > 0.0)
            .reduce(|best, gain| if gain.bits > best.bits { gain } else { best })
        {
            votes[best.transform] += 1;
        }
    }
    let mut ranked: Vec<usize> = (0..LEGACY_TRANSFORMS.len())
        .filter(|&transform| total[transform] >= DOCUMENT_BITS)
        .collect();
    // Pairs are ranked by the lines they read best, then by what they
    // gain: bits of readings in different code pages' languages compare
    // within a line better than summed over many.
    ranked.sort_by(|&a, &b| votes[b].cmp(&votes[a]).then(total[b].total_cmp(&total[a])));
    let mut taken: Vec<Supported> = Vec::new();
    for transform in ranked {
        let (mut own, mut winners, mut losers) = (0.0, 0u32, 0u32);
        for line in gains {
            // (A line is explained by a pair taken before that reads it
            // about as well as its best reading does.)
            let best = best_saved(line).unwrap_or(0.0);
            let explained = line.iter().any(|gain| {
                gain.bits > 0.0
                    && gain.saved >= best - AS_GOOD
                    && taken.iter().any(|taken| taken.transform == gain.transform)
            });
            let Some(gain) = line.iter().find(|gain| gain.transform == transform) else {
                continue;
            };
            if explained {
                continue;
            }
            if gain.bits > 0.0 {
                own += gain.bits.min(LINE_CAP);
                winners += 1;
            } else {
                losers += 1;
            }
        }
        let enough = own >= DOCUMENT_BITS && winners >= 2;
        if enough && losers <= winners {
            taken.push(Supported {
                transform,
                evidence: own,
                winners,
                losers,
            });
        }
    }
    taken
}

/// What the prefilter allows of `line`'s legacy readings, if any: in one
/// pass, it rules out the lines and codecs whose legacy readings the judge
/// turns down before any is scored.
fn legacy_viable(line: &str) -> Option<prefilter::Viable> {
    if line.is_ascii() || !some_reader_encodes(line) {
        return None;
    }
    prefilter::viable(line).filter(|viable| viable.legacy != 0)
}

/// Whether some codec a legacy pair reads with encodes every character
/// of `line` (from the codecs' own tables): a line of Han, Hangul or
/// Devanagari stops at its first such letter.
fn some_reader_encodes(line: &str) -> bool {
    static READERS: std::sync::LazyLock<Vec<&'static str>> = std::sync::LazyLock::new(|| {
        let mut readers: Vec<&'static str> = Vec::new();
        for transform in &LEGACY_TRANSFORMS {
            if !readers.contains(&transform.encoder) {
                readers.push(transform.encoder);
            }
        }
        readers
    });
    READERS.iter().any(|&reader| {
        candidates::char_encoder(reader)
            .is_some_and(|encode| line.chars().all(|c| encode(c).is_some()))
    })
}

/// The gains of `line`'s legacy readings (through the codecs `viable`
/// allows) that change a sign.
fn signed_gains(line: &str, viable: prefilter::Viable, config: &TextFixerConfig) -> Vec<Gain> {
    let allowed = |transform: usize| viable.legacy_through(LEGACY_TRANSFORMS[transform].encoder);
    judge::legacy_readings(line, config, &allowed, Scripts::default(), EVIDENCE)
        .into_iter()
        .filter(|reading| reading.signed)
        .map(|reading| Gain {
            transform: reading.transform,
            bits: reading.gain - reading.margin,
            saved: reading.gain,
        })
        .collect()
}

/// The reading of `line` by the `supported` pair it gains most by, if it
/// gains enough.
/// A line whose best reading of all (`best`, the bits it saves) is
/// another pair's, by more than [`AS_GOOD`], is read otherwise than the
/// document: it is left to be judged alone.
fn repair_line(
    line: &str,
    config: &TextFixerConfig,
    supported: &[usize],
    best: Option<f64>,
) -> Option<(String, Vec<ExplanationStep>)> {
    if line.is_ascii() {
        return None;
    }
    let decided = supported
        .iter()
        .filter_map(|&transform| match LEGACY_TRANSFORMS[transform].decoder {
            Decoder::Legacy(decoder) => Some(Scripts::of_code_page(decoder)),
            Decoder::Utf8 => None,
        })
        .fold(Scripts::default(), Scripts::union);
    let allowed = |transform| supported.contains(&transform);
    judge::legacy_readings(line, config, &allowed, decided, DECIDED)
        .into_iter()
        .filter(|reading| {
            let needed = if reading.signed {
                reading.margin
            } else {
                reading.margin.max(UNSIGNED_LINE_BITS)
            };
            reading.gain >= needed && reading.gain > 0.0
        })
        .max_by(|a, b| a.gain.total_cmp(&b.gain))
        .filter(|reading| best.is_none_or(|best| reading.gain >= best - AS_GOOD))
        .map(|reading| (reading.text, reading.plan))
}

/// The repairs of a column of `texts` judged as one document: each text's
/// lines are lines of the document (a text of one line is one line), in
/// blocks as a file's are. `None` for a text nothing repairs.
pub(crate) fn repair_texts(texts: &[&str], config: &TextFixerConfig) -> Vec<Option<String>> {
    let mut joined = String::with_capacity(texts.iter().map(|text| text.len() + 1).sum());
    for text in texts {
        joined.push_str(text);
        joined.push('\n');
    }
    let (Some(repaired), _) = repair(&joined, config, Position::default(), None) else {
        return vec![None; texts.len()];
    };
    let mut lines = repaired.split_inclusive('\n');
    texts
        .iter()
        .map(|text| {
            // (Each text is its own lines and the line break after it.)
            let mut own: String = lines
                .by_ref()
                .take(text.matches('\n').count() + 1)
                .collect();
            own.pop();
            (own != *text).then_some(own)
        })
        .collect()
}
