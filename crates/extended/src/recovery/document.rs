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
//! 2. **Windows.** Lines are weighed in windows of at most 48 lines and
//!    16 KiB ([`DOCUMENT_WINDOW`]), cut from the start of the text by the
//!    core (a stream counts on across the pieces it is given, and holds
//!    back the lines of a window until it is whole).
//! 3. **Decision.** Pairs are ranked by the lines they read best, then by
//!    their evidence; a pair is supported when at least two lines that no
//!    pair ranked before it explains gain [`DOCUMENT_BITS`] by it
//!    together, no more of them lose by it than gain, and no more than
//!    [`UNEXPLAINED_PER_LINE_FOR`] times as many show legacy bytes that
//!    neither it nor a pair before it reads. So a rival
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

use std::borrow::Cow;
use std::ops::Range;

use ftfy_core::extension::{DocumentFixer, Window, WindowExplanation};
use ftfy_core::{segment_end, DocumentDecision, TextFixerConfig};

use super::candidates::{self, Decoder, LEGACY_TRANSFORMS};
use super::judge::{self, Leniency};
use super::prefilter;
use super::readings::Scripts;
use crate::{ExtensionFix, Step};

/// The windows a document is judged in: at most 48 lines, ended by the
/// line that brings them to 16 KiB.
pub const DOCUMENT_WINDOW: Window = Window {
    segments: 48,
    bytes: 16 * 1024,
};
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

/// A pair is not decided on where more than this many times the lines
/// it reads show legacy bytes it cannot explain, each read by no pair
/// taken before it: two Polish-looking lines among twenty of Big5 read
/// as Windows-1252 are no Windows-1250 document, while a document half
/// in one mixup and half in another, or half clean, keeps each.
const UNEXPLAINED_PER_LINE_FOR: u32 = 3;

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

/// The public account of a supported pair over a block's `lines`.
fn decision(supported: &Supported, lines: Range<usize>) -> DocumentDecision {
    let transform = LEGACY_TRANSFORMS[supported.transform];
    DocumentDecision {
        lines,
        read_as: transform.encoder.name(),
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

/// The pairs supported by the lines of a window (their `gains`), best
/// first. Pairs are taken by what they gain in all; each must gain
/// enough on lines that no pair taken before it explains, so that a
/// rival reading of the same lines (Korean read as Windows-1252 is also
/// Cyrillic in Windows-1251) is explained away, while a region in
/// another mixup keeps its own.
fn supported(gains: &[Option<Vec<Gain>>]) -> Vec<Supported> {
    let mut total = vec![0.0; LEGACY_TRANSFORMS.len()];
    let mut votes = vec![0u32; LEGACY_TRANSFORMS.len()];
    for line in gains.iter().flatten() {
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
        let (mut own, mut winners, mut losers, mut unexplained) = (0.0, 0u32, 0u32, 0u32);
        for line in gains {
            // (A line of no legacy bytes a reader encodes says nothing.)
            let Some(line) = line else {
                continue;
            };
            // (A line is explained by a pair taken before that reads it
            // about as well as its best reading does.)
            let best = best_saved(line).unwrap_or(0.0);
            let explained = line.iter().any(|gain| {
                gain.bits > 0.0
                    && gain.saved >= best - AS_GOOD
                    && taken.iter().any(|taken| taken.transform == gain.transform)
            });
            if explained {
                continue;
            }
            let Some(gain) = line.iter().find(|gain| gain.transform == transform) else {
                unexplained += 1;
                continue;
            };
            if gain.bits > 0.0 {
                own += gain.bits.min(LINE_CAP);
                winners += 1;
            } else {
                losers += 1;
            }
        }
        let enough = own >= DOCUMENT_BITS && winners >= 2;
        if enough && losers <= winners && unexplained <= UNEXPLAINED_PER_LINE_FOR * winners {
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
    prefilter::viable(line).filter(|viable| !viable.legacy.is_empty())
}

/// Whether some codec a legacy pair reads with encodes every character
/// of `line` (from the codecs' own tables): a line of Han, Hangul or
/// Devanagari stops at its first such letter.
fn some_reader_encodes(line: &str) -> bool {
    // (The chars table holds the set of those codecs.)
    super::chars::TABLE.legacy.iter().any(|reader| {
        let encode = candidates::char_encoder(reader);
        line.chars().all(|c| encode(c).is_some())
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
) -> Option<(String, Vec<Step>)> {
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

/// The gains of each of `lines` (without line breaks): what each says of
/// each legacy pair (nothing for a line the prefilter rules out; nothing
/// at all when fewer than two lines are left, as a pair needs two).
fn gains_of(lines: &[&str], config: &TextFixerConfig) -> Vec<Option<Vec<Gain>>> {
    let viable: Vec<Option<prefilter::Viable>> =
        lines.iter().map(|line| legacy_viable(line)).collect();
    if viable.iter().flatten().count() < 2 {
        return vec![None; lines.len()];
    }
    lines
        .iter()
        .zip(&viable)
        .map(|(line, viable)| viable.map(|viable| signed_gains(line, viable, config)))
        .collect()
}

/// The pairs (by index into [`LEGACY_TRANSFORMS`]) of `supported`.
fn transforms(supported: &[Supported]) -> Vec<usize> {
    supported
        .iter()
        .map(|supported| supported.transform)
        .collect()
}

/// Extended recovery's judgement of documents, a window at a time (the
/// core's [`DocumentFixer`]): the evidence of a window's lines decides
/// which legacy mixups it holds, and each line is repaired with those
/// readings (see the module's comment).
///
/// ```
/// use ftfy_core::{Mode, TextFixerConfig};
/// use ftfy_extended::{DocumentRecovery, ExtendedRecovery, ExtensionFix};
///
/// static DOCUMENTS: DocumentRecovery = DocumentRecovery::new(ftfy_extended::DOCUMENT_WINDOW);
/// let mode: Mode<ExtensionFix> =
///     Mode::new(&ExtendedRecovery, &ExtendedRecovery).with_documents(&DOCUMENTS);
/// let config = TextFixerConfig::default();
/// // Each line alone is too short to judge; together they are Polish.
/// let text = "Ca³a\n£ódŸ\nGdañsk\n";
/// assert_eq!(mode.fix_text(text, &config), "Cała\nŁódź\nGdańsk\n");
/// assert_eq!(mode.fix_text("Gdañsk", &config), "Gdañsk");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct DocumentRecovery {
    window: Window,
}

impl DocumentRecovery {
    /// Judges documents in windows of `window`'s size
    /// ([`DOCUMENT_WINDOW`] is the library's).
    pub const fn new(window: Window) -> DocumentRecovery {
        DocumentRecovery { window }
    }
}

impl DocumentFixer<ExtensionFix> for DocumentRecovery {
    fn window(&self) -> Window {
        self.window
    }

    fn repair(
        &self,
        segments: &[&str],
        config: &TextFixerConfig,
        explanation: Option<&mut WindowExplanation<ExtensionFix>>,
    ) -> Vec<(usize, String)> {
        // (One line is a lone string, judged alone; a pair needs two
        // lines beyond ASCII.)
        if segments
            .iter()
            .filter(|segment| !segment.is_ascii())
            .nth(1)
            .is_none()
        {
            return Vec::new();
        }
        let lines: Vec<&str> = segments.iter().map(|segment| content(segment)).collect();
        let gains = gains_of(&lines, config);
        let supported = supported(&gains);
        if supported.is_empty() {
            return Vec::new();
        }
        let transforms = transforms(&supported);
        let mut plans = Vec::new();
        let mut repairs = Vec::new();
        for (index, (line, gains)) in lines.iter().zip(&gains).enumerate() {
            let best = gains.as_deref().and_then(best_saved);
            if let Some((fixed, plan)) = repair_line(line, config, &transforms, best) {
                let line_break = &segments[index][line.len()..];
                repairs.push((index, fixed + line_break));
                plans.push((index, plan));
            }
        }
        if let Some(explanation) = explanation {
            explanation.decisions.extend(
                supported
                    .iter()
                    .map(|supported| decision(supported, 0..segments.len())),
            );
            explanation.plans = plans;
        }
        repairs
    }
}

/// The legacy mixups a set of texts judged as one document holds (a
/// column of a table, the values of a field): its evidence gathered over
/// every line of every text, decided once, then applied to each text
/// with [`DocumentReadings::repair`], so that the texts can be repaired
/// in any order or on any thread.
///
/// ```
/// use ftfy_core::TextFixerConfig;
/// use ftfy_extended::DocumentReadings;
///
/// let config = TextFixerConfig::default();
/// let column = ["Ca³a", "£ódŸ", "Gdañsk", "Kraków"];
/// let readings = DocumentReadings::decide(column, &config);
/// assert_eq!(readings.decisions()[0].written_in, "windows-1250");
/// assert_eq!(readings.repair("Gdañsk", &config), "Gdańsk");
/// assert_eq!(readings.repair("Kraków", &config), "Kraków");
/// ```
#[derive(Clone, Debug, Default)]
pub struct DocumentReadings {
    supported: Vec<Supported>,
    /// How many lines the evidence was gathered over.
    lines: usize,
}

impl DocumentReadings {
    /// Gathers the evidence of every line of `texts` (every segment, as
    /// `fix_text` cuts them) and decides which legacy mixups they hold.
    pub fn decide<'a>(
        texts: impl IntoIterator<Item = &'a str>,
        config: &TextFixerConfig,
    ) -> DocumentReadings {
        // (Only lines the prefilter lets through say anything: keep
        // those.)
        let mut lines = 0;
        let mut viable = Vec::new();
        for text in texts {
            let mut start = 0;
            while start < text.len() {
                let end = segment_end(text, start, config.max_decode_length);
                let line = content(&text[start..end]);
                lines += 1;
                if let Some(allowed) = legacy_viable(line) {
                    viable.push((line, allowed));
                }
                start = end;
            }
        }
        if viable.len() < 2 || !config.fix_encoding {
            return DocumentReadings {
                supported: Vec::new(),
                lines,
            };
        }
        let gains: Vec<Option<Vec<Gain>>> = viable
            .iter()
            .map(|&(line, allowed)| Some(signed_gains(line, allowed, config)))
            .collect();
        DocumentReadings {
            supported: supported(&gains),
            lines,
        }
    }

    /// What the evidence decided: each mixup found, over every line.
    pub fn decisions(&self) -> Vec<DocumentDecision> {
        self.supported
            .iter()
            .map(|supported| decision(supported, 0..self.lines))
            .collect()
    }

    /// `text` with each of its segments (its lines, and pieces of
    /// `max_decode_length` characters of longer lines, as `fix_text` cuts
    /// them) repaired by the mixups decided, as a window's segments are;
    /// borrowed when none is. Segments are repaired each on its own, so a
    /// text cut at segment ends may be repaired piece by piece.
    pub fn repair<'t>(&self, text: &'t str, config: &TextFixerConfig) -> Cow<'t, str> {
        if self.supported.is_empty() || text.is_ascii() || !config.fix_encoding {
            return Cow::Borrowed(text);
        }
        let transforms = transforms(&self.supported);
        let mut output: Option<String> = None;
        let mut copied = 0;
        let mut start = 0;
        while start < text.len() {
            let end = segment_end(text, start, config.max_decode_length);
            let content = content(&text[start..end]);
            let best = legacy_viable(content)
                .and_then(|allowed| best_saved(&signed_gains(content, allowed, config)));
            if let Some((fixed, _)) = repair_line(content, config, &transforms, best) {
                let output = output.get_or_insert_with(|| String::with_capacity(text.len()));
                output.push_str(&text[copied..start]);
                output.push_str(&fixed);
                copied = start + content.len();
            }
            start = end;
        }
        match output {
            Some(mut output) => {
                output.push_str(&text[copied..]);
                Cow::Owned(output)
            }
            None => Cow::Borrowed(text),
        }
    }
}
