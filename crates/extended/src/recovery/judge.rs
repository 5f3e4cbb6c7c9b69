//! Choosing among the candidate re-decodings of a line: each is scored by
//! the language model ([`crate::language`]) and judged against the text
//! as read (and ftfy's answer) with the evidence its kind of re-decoding
//! needs; the best one that passes wins.
//!
//! A candidate must make the line more likely as writing by a margin
//! that grows as the change gets shorter: many changed characters are
//! evidence the model weighs well, one or two are not. Beyond the margin:
//!
//! - a legacy mixup (one code page read as another) must change at least
//!   one character that is a sign of mojibake in the text as read
//!   ([`super::signs`]), and is scored in the languages its code page was
//!   made for (Windows-1250's Central European ones, Shift_JIS's Japanese);
//! - a UTF-8 re-decoding of a single sequence needs a sign of its own;
//! - no reading may show a hard sign ([`super::signs::Sign::is_hard`]);
//! - a change of an abbreviation sign or a character beside a digit
//!   (`3ª`, `nºlin.`, `25 ºC`) needs far more, and so, less, does one
//!   inside an identifier, a format string or a path;
//! - a change of one character inside a long stretch of correct text of
//!   another script is never made (a Thai word that happens to be UTF-8
//!   in CP874);
//! - a legacy reading that brings a script the UTF-8 readings of the
//!   line don't have wins over them only when the model is overwhelmingly
//!   sure.

use std::cell::OnceCell;

use super::budget::{Budget, Exhausted};
use super::candidates::{
    self, whole_line, whole_line_encoded, Candidate, Decoder, Transform, LEGACY_TRANSFORMS,
    UTF8_TRANSFORMS,
};
use super::cyrillic;
use super::garbage;
use super::prefilter;
use super::readings::{self, Scripts};
use super::signs;
use super::spans;
use crate::language::Scorer;
use ftfy_core::codecs::{CodecSet, MisreadCodec};
use ftfy_core::fixes::Fix;
use ftfy_core::ExplanationStep;

use crate::{ExtensionFix, SpanRepair as Repair};

/// How many bits likelier than the text as read (and than ftfy's answer)
/// a UTF-8 re-decoding must make the line, when the text as read shows a
/// hard sign: UTF-8 that decodes is itself strong evidence.
const UTF8_MARGIN: f64 = 8.0;
/// The same when the text as read shows no hard sign.
const SOFT_MARGIN: f64 = 16.0;
/// The same for a single re-decoded sequence, which needs a sign too.
const SINGLE_SEQUENCE_MARGIN: f64 = 8.0;
/// How much costlier than the text as read the fix of leftovers may be
/// per merged character (a one-letter word costs more than the symbols
/// it was read as).
const LEFTOVER_SLACK: f64 = 4.0;
/// A legacy reading needs this many bits, by how many characters it
/// changes: one, two or three, four or five, up to nine, up to 19, more.
const LEGACY_MARGINS: [(usize, f64); 6] = [
    (1, 16.0),
    (3, 16.0),
    (5, 14.0),
    (9, 12.0),
    (19, 10.0),
    (usize::MAX, 8.0),
];
/// The words a legacy reading changes must cost at most this share of
/// what they cost as read.
const LEGACY_SHARE: f64 = 0.5;
/// What share of its margin a legacy reading must gain on the words it
/// changes, each scored alone.
const WORDS_SHARE: f64 = 0.5;
/// What a change of an abbreviation sign or of a character beside a
/// digit needs more (`3ª` read as Windows-1254's `3Ş`).
const TECHNICAL_MARGIN: f64 = 40.0;
/// What a reading needs more when every character it changes is
/// punctuation written before a word (Spanish `¡hola`, which ISO-8859-16
/// reads as `Ąhola`): clean text writes it there, and mixups of a
/// language's letters change letters inside words too.
const OPENING_MARGIN: f64 = 40.0;
/// What a change inside an identifier, a format string or a path needs
/// more.
const IDENTIFIER_MARGIN: f64 = 12.0;
/// How much likelier than the best UTF-8 re-decoding a legacy reading of
/// a script that the UTF-8 readings don't write must be.
const OVERWHELMING: f64 = 64.0;
/// Two legacy readings this close are ambiguous when they change few
/// characters (`AMBIGUOUS_CHANGES` at most): neither is made.
const AMBIGUOUS_BITS: f64 = 3.0;
const AMBIGUOUS_CHANGES: usize = 5;
/// A single changed character in a stretch of at least this many letters
/// of another script is never a repair.
const LONG_STRETCH: usize = 20;

/// What earlier rounds of fixing a line did.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Earlier {
    /// Characters re-decoding has merged.
    pub(crate) merged: usize,
    /// Whether a legacy mixup was undone.
    pub(crate) legacy: bool,
}

/// [`super::recover`], trying only the candidates that `viable` allows.
pub(super) fn recover_viable(
    text: &str,
    ftfy: Option<&str>,
    earlier: Earlier,
    viable: prefilter::Viable,
    budget: &Budget,
) -> Result<Option<Candidate>, Exhausted> {
    let merged_so_far = earlier.merged;
    let Some(judge) = Judge::new(text, ftfy, merged_so_far, budget)? else {
        return Ok(None);
    };
    let utf8_candidates = utf8_candidates(text, merged_so_far, viable, budget)?;
    let mut readings = Vec::new();
    // Readings that disagree are a guess; leftovers' repairs, which only
    // earlier merges allow, don't count, so that a line judged after a
    // merge is judged as it is when fixed again afresh.
    let first_reading = utf8_candidates
        .iter()
        .find(|candidate| !is_leftovers(candidate));
    let ambiguous = utf8_candidates.iter().any(|candidate| {
        !is_leftovers(candidate) && first_reading.is_some_and(|first| candidate.text != first.text)
    });
    for candidate in utf8_candidates {
        if let Some(reading) = judge.utf8(candidate, ambiguous)? {
            readings.push(reading);
        }
    }
    let utf8_readings = readings.len();
    if !earlier.legacy && judge.legacy_possible() {
        for_each_legacy_candidate(
            text,
            viable,
            &judge.counts,
            budget,
            |candidate, transform| {
                if let Some(reading) = judge.legacy(candidate, transform)? {
                    readings.push(reading);
                }
                Ok(())
            },
        )?;
    }
    Ok(choose(readings, utf8_readings, &judge))
}

/// How far the judge relaxes for a line of a document whose evidence
/// decided a reading: lone strings get none.
#[derive(Clone, Copy, Debug)]
pub(super) struct Leniency {
    /// What share of a lone string's margin a reading needs.
    pub(super) margin: f64,
    /// Whether a reading may change no sign (and keep ASCII words beside
    /// the letters it makes in another script).
    pub(super) unsigned: bool,
}

impl Leniency {
    const LONE_STRING: Leniency = Leniency {
        margin: 1.0,
        unsigned: false,
    };
}

/// A legacy reading that passes every test but the margin.
struct Assessed {
    reading: Reading,
    /// Bits it saves over the text as read (and ftfy's answer).
    gain: f64,
    /// The margin it needs.
    margin: f64,
    /// Whether it changes a sign of the text as read.
    signed: bool,
}

/// A legacy reading of a document's line, as the document's decision
/// weighs it.
pub(super) struct LineReading {
    /// The pair, an index into [`LEGACY_TRANSFORMS`].
    pub(super) transform: usize,
    pub(super) text: String,
    /// The steps that make it (`apply_plan` replays them).
    pub(super) plan: Vec<crate::Step>,
    /// Bits saved over the line as read.
    pub(super) gain: f64,
    /// The margin the reading needs, `leniency` applied.
    pub(super) margin: f64,
    /// Whether it changes a sign of the line as read.
    pub(super) signed: bool,
}

/// The legacy readings of `text` through the pairs `allowed` passes (by
/// index into [`LEGACY_TRANSFORMS`]) that pass every test of the judge
/// but the margin: the same tests as a lone string's, with `leniency`,
/// letters of the `decided` scripts allowed as stray letters.
pub(super) fn legacy_readings(
    text: &str,
    config: &ftfy_core::TextFixerConfig,
    allowed: &dyn Fn(usize) -> bool,
    decided: Scripts,
    leniency: Leniency,
) -> Vec<LineReading> {
    let budget = Budget::for_text(text);
    // ftfy's answer stands unless it shows mojibake itself, as for a lone
    // string: a line of UTF-8 mojibake in a legacy document is ftfy's.
    let ftfy = super::ftfy_fix_encoding(text, config, None);
    let ftfy = (ftfy != text).then_some(ftfy.as_ref());
    let Ok(Some(mut judge)) = Judge::new(text, ftfy, 0, &budget) else {
        return Vec::new();
    };
    judge.known_scripts = judge.known_scripts.union(decided);
    let viable = prefilter::Viable {
        legacy: CodecSet::ALL,
        ..prefilter::Viable::NOTHING
    };
    let mut readings = Vec::new();
    let _ = for_each_legacy_candidate(
        text,
        viable,
        &judge.counts,
        &budget,
        |candidate, transform| {
            let Some(index) = LEGACY_TRANSFORMS
                .iter()
                .position(|known| *known == transform)
            else {
                return Ok(());
            };
            if !allowed(index) {
                return Ok(());
            }
            if let Some(assessed) = judge.legacy_assessed(candidate, transform, leniency) {
                readings.push(LineReading {
                    transform: index,
                    text: assessed.reading.candidate.text,
                    plan: assessed.reading.candidate.plan,
                    gain: assessed.gain,
                    margin: assessed.margin,
                    signed: assessed.signed,
                });
            }
            Ok(())
        },
    );
    readings
}

/// Whether `candidate` repairs the leftovers of earlier merges.
fn is_leftovers(candidate: &Candidate) -> bool {
    matches!(
        candidate.plan.first(),
        Some(ExplanationStep::Apply(Fix::Extension(fix)))
            if fix.span_repair().is_some_and(|(_, repair)| repair == Repair::Leftovers)
    )
}

/// A candidate that passed, with what ranks it.
struct Reading {
    candidate: Candidate,
    /// The model's bits (for a legacy reading, in its code page's
    /// languages).
    bits: f64,
    /// The characters a legacy reading changes (0 for UTF-8).
    changed: usize,
    /// The scripts of its letters.
    scripts: Scripts,
}

/// The reading that wins among those that passed (`readings`, of which
/// the first `utf8` are UTF-8 re-decodings), if any.
fn choose(mut readings: Vec<Reading>, utf8: usize, judge: &Judge) -> Option<Candidate> {
    let legacy = readings.split_off(utf8);
    let readings_whole: Vec<Scripts> = readings
        .iter()
        .filter(|reading| {
            matches!(
                reading.candidate.plan.first(),
                Some(ExplanationStep::Encode(_))
            )
        })
        .map(|reading| reading.scripts)
        .collect();
    let best_utf8 = readings
        .into_iter()
        .min_by(|a, b| a.bits.total_cmp(&b.bits));
    let mut legacy_ranked: Vec<&Reading> = legacy.iter().collect();
    legacy_ranked.sort_by(|a, b| a.bits.total_cmp(&b.bits));
    let best_legacy = legacy_ranked.first().copied().filter(|best| {
        // Two readings alike in cost and in what they change little are
        // a guess: neither.
        !legacy_ranked.iter().skip(1).any(|other| {
            other.candidate.text != best.candidate.text
                && other.bits - best.bits < AMBIGUOUS_BITS
                && best.changed <= AMBIGUOUS_CHANGES
        })
    });
    // The scripts a whole-line UTF-8 re-decoding writes are a plausible
    // original's.
    let plausible = readings_whole
        .iter()
        .fold(judge.scripts, |scripts, reading| scripts.union(*reading));
    match (best_utf8, best_legacy) {
        (Some(utf8), Some(legacy)) => {
            let new_script = !readings_whole.is_empty() && !legacy.scripts.within(plausible);
            let needed = if new_script { OVERWHELMING } else { 0.0 };
            if legacy.bits + needed < utf8.bits {
                Some(legacy_clone(legacy))
            } else {
                Some(utf8.candidate)
            }
        }
        (Some(utf8), None) => Some(utf8.candidate),
        (None, Some(legacy)) => Some(legacy_clone(legacy)),
        (None, None) => None,
    }
}

fn legacy_clone(reading: &Reading) -> Candidate {
    Candidate {
        text: reading.candidate.text.clone(),
        plan: reading.candidate.plan.clone(),
    }
}

/// The UTF-8 re-decodings `viable` allows: of the whole line, then of its
/// damaged words.
fn utf8_candidates(
    text: &str,
    merged_so_far: usize,
    viable: prefilter::Viable,
    budget: &Budget,
) -> Result<Vec<Candidate>, Exhausted> {
    let mut utf8_candidates = Vec::new();
    // Codecs through which the whole line re-decodes: their span repair
    // could only fix part of the same.
    let mut whole_lines = CodecSet::EMPTY;
    for transform in UTF8_TRANSFORMS {
        if viable.line.contains(transform.encoder) {
            budget.charge(text.len())?;
            if let Some(candidate) = whole_line(text, transform) {
                utf8_candidates.push(candidate);
                whole_lines |= CodecSet::of(transform.encoder);
            }
        }
    }
    let repairs: &[Repair] = if viable.spans.is_empty() || !spans::may_hold_utf8(text) {
        &[]
    } else if merged_so_far >= 2 {
        &[Repair::Likelier, Repair::Leftovers]
    } else {
        &[Repair::Likelier]
    };
    for &repair in repairs {
        for codec in (viable.spans - whole_lines).iter() {
            budget.charge(text.len())?;
            let fixed = spans::repair_spans(text, codec, repair, budget)?;
            if let std::borrow::Cow::Owned(fixed) = fixed {
                let step = ExtensionFix::span_step(codec, repair);
                let plan = vec![ExplanationStep::Apply(Fix::Extension(step))];
                utf8_candidates.push(Candidate { text: fixed, plan });
            }
        }
    }
    Ok(utf8_candidates)
}

/// Calls `visit` with each legacy re-decoding of `text` that `viable`
/// allows and that may keep its letters (`counts`, of the text as read),
/// and its transform.
fn for_each_legacy_candidate(
    text: &str,
    viable: prefilter::Viable,
    counts: &readings::Counts,
    budget: &Budget,
    mut visit: impl FnMut(Candidate, Transform) -> Result<(), Exhausted>,
) -> Result<(), Exhausted> {
    // The text's bytes in each encoder, made once.
    let mut encoded: Vec<(MisreadCodec, Option<Vec<u8>>)> = Vec::new();
    let cyrillic_signs = OnceCell::new();
    for (index, &transform) in LEGACY_TRANSFORMS.iter().enumerate() {
        let Decoder::Legacy(decoder) = transform.decoder else {
            continue;
        };
        if !viable.legacy_through(transform.encoder) {
            continue;
        }
        if transform.encoder == cyrillic::READ_AS
            && !cyrillic_signs
                .get_or_init(|| cyrillic::Signs::of(text))
                .allow(decoder)
        {
            continue;
        }
        budget.charge(text.len())?;
        let bytes = match encoded
            .iter()
            .find(|(codec, _)| *codec == transform.encoder)
        {
            Some((_, bytes)) => bytes,
            None => {
                let bytes = candidates::encode(text, transform.encoder);
                encoded.push((transform.encoder, bytes));
                &encoded[encoded.len() - 1].1
            }
        };
        let Some(bytes) = bytes.as_deref() else {
            continue;
        };
        // A single-byte decoder's letters and symbols, counted on the
        // bytes: a candidate that loses letters or gains symbols is
        // turned down anyway.
        if let Some(facts) = candidates::byte_facts(index) {
            let (mut defined, mut letters, mut added_symbols) = (true, 0usize, 0usize);
            for &byte in bytes {
                let byte = usize::from(byte);
                defined &= facts.defined[byte];
                letters += usize::from(facts.alphabetic[byte]);
                added_symbols += usize::from(facts.symbol[byte]);
            }
            let may_lose = readings::letters_it_may_lose(counts.letters);
            if !defined || added_symbols > counts.symbols || letters + may_lose < counts.letters {
                continue;
            }
        }
        if let Some(candidate) = whole_line_encoded(text, transform, bytes) {
            visit(candidate, transform)?;
        }
    }
    Ok(())
}

/// What the candidates of a line are judged against: the text as read,
/// ftfy's answer, and what is worked out of the text once.
struct Judge<'t> {
    text: &'t str,
    budget: &'t Budget,
    ftfy: Option<&'t str>,
    /// The model's bits of ftfy's answer, worked out when first needed.
    ftfy_bits: OnceCell<Option<f64>>,
    merged_so_far: usize,
    /// The model's bits of the text as read, worked out when a candidate
    /// is first judged (most lines have none that gets that far).
    bits: OnceCell<f64>,
    /// Hard signs of the text as read, with what straightened quotes
    /// left of UTF-8 sequences.
    hard: usize,
    /// Which characters of the text as read are signs.
    signed: Vec<bool>,
    /// Whether its only signs are Latin letters that no one alphabet
    /// writes together, or letter pairs no language writes.
    weak_signs_only: bool,
    counts: readings::Counts,
    scripts: Scripts,
    /// The scripts a reading may bring as stray letters
    /// ([`garbage::brings_stray_script`]): the text's and ftfy's answer's.
    known_scripts: Scripts,
    /// The characters of the text as read.
    chars: Vec<char>,
}

impl<'t> Judge<'t> {
    /// The model's bits of the text as read.
    fn bits(&self) -> f64 {
        *self
            .bits
            .get_or_init(|| crate::language::score(self.text).bits())
    }

    /// The model's bits of ftfy's answer, if ftfy changed the text.
    fn ftfy_bits(&self) -> Option<f64> {
        *self
            .ftfy_bits
            .get_or_init(|| self.ftfy.map(|ftfy| crate::language::score(ftfy).bits()))
    }

    /// The judge of `text`'s candidates, or `None` when none could win:
    /// ftfy's answer stands.
    fn new(
        text: &'t str,
        ftfy: Option<&'t str>,
        merged_so_far: usize,
        budget: &'t Budget,
    ) -> Result<Option<Judge<'t>>, Exhausted> {
        budget.charge(text.len().saturating_mul(4))?;
        // ftfy's answer stands unless it shows signs of mojibake itself
        // (the wrong codec won: `Shqipƫri`, `båðum`).
        if ftfy.is_some_and(|ftfy| !readings::looks_misread(ftfy)) {
            return Ok(None);
        }
        let mut signed = vec![false; text.chars().count()];
        let (mut hard, mut weak_signs_only) = (false, true);
        signs::for_each_sign(text, |index, sign| {
            signed[index] = true;
            hard |= sign.is_hard();
            weak_signs_only &= matches!(sign, signs::Sign::Foreign | signs::Sign::UnseenPair);
        });
        let straightened = readings::straightened_sequences(text);
        Ok(Some(Judge {
            text,
            budget,
            ftfy,
            ftfy_bits: OnceCell::new(),
            merged_so_far,
            bits: OnceCell::new(),
            hard: usize::from(hard) + straightened,
            signed,
            weak_signs_only,
            counts: readings::Counts::of(text),
            scripts: Scripts::of(text),
            known_scripts: ftfy.map_or(Scripts::of_letters_and_digits(text), |ftfy| {
                Scripts::of_letters_and_digits(text).union(Scripts::of_letters_and_digits(ftfy))
            }),
            chars: text.chars().collect(),
        }))
    }

    /// Whether a legacy reading may pass: the text shows a sign.
    fn legacy_possible(&self) -> bool {
        self.counts.non_ascii > 0 && self.signed.iter().any(|&signed| signed)
            || cyrillic::Signs::of(self.text).any()
    }

    /// The reading of a UTF-8 re-decoding if it passes.
    fn utf8(&self, candidate: Candidate, ambiguous: bool) -> Result<Option<Reading>, Exhausted> {
        self.budget.charge(candidate.text.len().saturating_mul(4))?;
        let text = self.text;
        let length = candidate.text.chars().count();
        let merged = self.counts.chars.saturating_sub(length);
        if !readings::is_plausible(text, &candidate.text)
            || signs::hard_signs(&candidate.text) > 0
            || garbage::brings_stray_script(self.known_scripts, &candidate.text)
            || !self.shows_evidence_for_utf8(&candidate.text, merged)
        {
            return Ok(None);
        }
        // ftfy's answer is a whole-line reading: a candidate that keeps a
        // letter of another script (`Г` where ftfy read `à`) is no better.
        if self
            .ftfy
            .is_some_and(|ftfy| !Scripts::of(&candidate.text).within(Scripts::of(ftfy)))
        {
            return Ok(None);
        }
        let bits = crate::language::score(&candidate.text).bits();
        if !self.accepts_utf8(&candidate, bits, merged, length, ambiguous) {
            return Ok(None);
        }
        Ok(Some(Reading {
            scripts: Scripts::of(&candidate.text),
            candidate,
            bits,
            changed: 0,
        }))
    }

    /// Whether the text as read shows enough evidence for a UTF-8
    /// re-decoding `candidate` that merges `merged` characters, before it
    /// is scored.
    fn shows_evidence_for_utf8(&self, candidate: &str, merged: usize) -> bool {
        let text = self.text;
        if self.merged_so_far >= 2 {
            return true;
        }
        let no_hard_sign = self.hard == 0;
        // A no-break space taken into a sequence joins two words: weak
        // evidence (`SELKÄ EDELLÄ`, Finnish capitals before no-break
        // spaces, are `SELKĠEDELLĠ` in UTF-8).
        let merged = merged.saturating_sub(readings::merged_no_break_spaces(text, candidate));
        if no_hard_sign
            && merged <= 1
            && !readings::opens_inverted_question(text, candidate)
            && !readings::shows_latin_sign(text, candidate)
        {
            // One re-decoded sequence is weak evidence: it needs a hard
            // sign, a Spanish `¿` that the line's `?` closes, or Latin
            // letters no language writes so that it makes one
            // language's.
            return false;
        }
        if no_hard_sign
            && (readings::rereads_letters_in_new_script(text, candidate)
                || readings::makes_unknown_symbol(text, candidate))
        {
            // A clean word's letters may happen to be UTF-8 in some codec
            // (Urdu `وکٹ` read as Windows-1256 is `昊`, Turkish `âşık`
            // ISO-8859-3's CJK radical `⺹k`).
            return false;
        }
        if readings::changes_one_character_in_long_stretch(text, candidate, LONG_STRETCH) {
            return false;
        }
        // Nor can one sequence that makes an ideograph inside a Latin
        // word of a line that has none (`Σçöp` as CP437's `䇔p`).
        !(merged <= 2 && readings::glues_ideograph_to_latin(text, candidate))
    }

    /// Whether a scored UTF-8 candidate (`merged` characters shorter than
    /// the text, `length` long) wins over the text as read and ftfy's
    /// answer.
    fn accepts_utf8(
        &self,
        candidate: &Candidate,
        bits: f64,
        merged: usize,
        length: usize,
        ambiguous: bool,
    ) -> bool {
        let straightened = readings::straightened_sequences(self.text) as f64;
        let before = self.bits() + readings::STRAIGHTENED_SEQUENCE_BITS * straightened;
        let mut reference = self.ftfy_bits().map_or(before, |ftfy| before.min(ftfy));
        let mut ambiguous = ambiguous;
        if let (Some(ftfy), Some(ftfy_bits)) = (self.ftfy, self.ftfy_bits()) {
            // Another codec's reading of the sequences ftfy read need only
            // beat ftfy's answer (which decided that the text changes).
            if ftfy.chars().count() == length
                && matches!(
                    candidate.plan.first(),
                    Some(ExplanationStep::Encode(_) | ExplanationStep::Apply(_))
                )
            {
                ambiguous = false;
                if !readings::beats_ftfy(&candidate.text, bits, ftfy, ftfy_bits, UTF8_MARGIN) {
                    return false;
                }
                reference = before;
            }
        }
        if self.merged_so_far >= 2
            && merged > 0
            && !ambiguous
            && bits <= reference + LEFTOVER_SLACK * merged as f64
            && !readings::rereads_letters_in_new_script(self.text, &candidate.text)
        {
            // Leftovers of mojibake already undone on this line.
            return true;
        }
        match (merged, self.hard) {
            (0, hard) => bits + UTF8_MARGIN <= reference && hard > 0,
            (1, 0) if readings::opens_inverted_question(self.text, &candidate.text) => {
                !ambiguous && bits < reference
            }
            (1, _) => !ambiguous && bits + SINGLE_SEQUENCE_MARGIN <= reference,
            (_, 0) => bits + SOFT_MARGIN <= reference,
            _ => bits + UTF8_MARGIN <= reference,
        }
    }

    /// The reading of a legacy re-decoding (by `transform`) if it passes.
    fn legacy(
        &self,
        candidate: Candidate,
        transform: Transform,
    ) -> Result<Option<Reading>, Exhausted> {
        self.budget.charge(candidate.text.len().saturating_mul(4))?;
        Ok(self
            .legacy_assessed(candidate, transform, Leniency::LONE_STRING)
            .filter(|assessed| assessed.gain >= assessed.margin)
            .map(|assessed| assessed.reading))
    }

    /// A legacy re-decoding (by `transform`) that passes every test but
    /// the margin, which `leniency` scales, with what it gains over the
    /// text as read (and ftfy's answer) and the margin it needs.
    fn legacy_assessed(
        &self,
        candidate: Candidate,
        transform: Transform,
        leniency: Leniency,
    ) -> Option<Assessed> {
        let Decoder::Legacy(decoder) = transform.decoder else {
            return None;
        };
        // KOI8-R and CP866 read as Windows-1251 show their own sign
        // (`cyrillic`), which the candidates have already been checked
        // for: it stands for every character.
        let cyrillic_sign = transform.encoder == cyrillic::READ_AS
            && matches!(decoder, "koi8-r" | "ibm866")
            && self.scripts.has_cyrillic();
        let (changed, signed, margin) =
            self.legacy_evidence(&candidate.text, cyrillic_sign, leniency.unsigned)?;
        let margin = margin * leniency.margin;
        let single_byte = !candidates::decodes_multi_byte(decoder);
        let letters = if leniency.unsigned {
            readings::new_script_makes_most_letters_beyond_ascii
        } else {
            readings::new_script_makes_most_letters
        };
        if signed == 0 && !leniency.unsigned
            // Letters no one alphabet writes together are explained only by
            // a reading whose letters one alphabet writes (clean Tagalog
            // `biñan … piñas à` is no ISO-8859-4 `biņan … piņas ā`).
            || self.weak_signs_only && signs::latin_letters_are_foreign(&candidate.text)
            || !readings::is_plausible(self.text, &candidate.text)
            || signs::hard_signs(&candidate.text) > 0
            || garbage::brings_stray_script(self.known_scripts, &candidate.text)
            || !readings::keeps_letters(&candidate.text, &self.counts)
            || !letters(&candidate.text, self.scripts, single_byte)
        {
            return None;
        }
        let mut scorer = Scorer::new();
        scorer.push_str(&candidate.text);
        let bits = readings::bits_in_code_page(&scorer, decoder);
        // (It must beat ftfy's answer too, where ftfy changes the text.)
        let reference = self
            .ftfy_bits()
            .map_or(self.bits(), |ftfy| self.bits().min(ftfy));
        let gain = reference - bits;
        if gain < margin {
            // (A reading that loses is evidence against its pair.)
            return Some(Assessed {
                gain,
                margin,
                signed: signed > 0,
                reading: Reading {
                    scripts: Scripts::default(),
                    candidate,
                    bits,
                    changed,
                },
            });
        }
        // The words it changes, each taken alone in its likeliest
        // language, must be likelier too, by half the margin: a gain
        // that comes only from the line's words agreeing on a language
        // is no evidence (clean Italian `finì … noè` among Slovenian
        // words, which Windows-1250 reads as `fině … noč`, one
        // language's; Norwegian `Bøe` in a list of Czech names, `Bře`). A
        // reading in another script must make them far likelier text, not
        // merely less unlikely (Arabic read as Windows-1251 costs far less
        // than its Latin-1 soup, and is no text).
        let (before, after) = readings::changed_words_bits(self.text, &candidate.text);
        // (In a document whose evidence decided the reading's script, its
        // letters are no new script.)
        let known = if leniency.unsigned {
            self.known_scripts
        } else {
            self.scripts
        };
        let needed = if readings::letters_outside(&candidate.text, known).0 > 0 {
            before * LEGACY_SHARE
        } else {
            before - margin * WORDS_SHARE
        };
        if after > needed {
            return None;
        }
        Some(Assessed {
            gain,
            margin,
            signed: signed > 0,
            reading: Reading {
                scripts: Scripts::of(&candidate.text),
                candidate,
                bits,
                changed,
            },
        })
    }

    /// How many characters a legacy reading `candidate` changes, how
    /// many of them are signs, and the margin it needs; `None` when it
    /// can't pass.
    fn legacy_evidence(
        &self,
        candidate: &str,
        cyrillic_sign: bool,
        unsigned: bool,
    ) -> Option<(usize, usize, f64)> {
        let same_length = candidate.chars().count() == self.counts.chars;
        let mut changed = 0;
        let mut signed = 0;
        let mut technical = false;
        let mut identifier = false;
        let changed_positions: Vec<usize> = if same_length {
            self.chars
                .iter()
                .zip(candidate.chars())
                .enumerate()
                .filter(|(_, (&before, after))| before != *after)
                .map(|(index, _)| index)
                .collect()
        } else {
            self.chars
                .iter()
                .enumerate()
                .filter(|(_, c)| !c.is_ascii())
                .map(|(index, _)| index)
                .collect()
        };
        for &index in &changed_positions {
            changed += 1;
            signed += usize::from(self.signed[index] || cyrillic_sign);
        }
        // A reading that changes no sign can't pass: the tests below,
        // which score text, are for readings that may.
        if signed == 0 && !unsigned
            || same_length
                && (!readings::makes_letters(self.text, candidate)
                    || !readings::changes_words_of_letters(self.text, candidate))
        {
            return None;
        }
        for &index in &changed_positions {
            technical |= readings::is_technical_at(&self.chars, index);
            identifier |= readings::in_identifier(&self.chars, index);
        }
        let opening = changed_positions
            .iter()
            .all(|&index| readings::opens_word(&self.chars, index));
        let margin = LEGACY_MARGINS
            .iter()
            .find(|&&(most, _)| changed <= most)
            .map_or(0.0, |&(_, margin)| margin)
            + if technical { TECHNICAL_MARGIN } else { 0.0 }
            + if identifier { IDENTIFIER_MARGIN } else { 0.0 }
            + if opening { OPENING_MARGIN } else { 0.0 };
        Some((changed, signed, margin))
    }
}

#[cfg(test)]
mod tests {
    use ftfy_core::TextFixerConfig;

    fn fixed(text: &str) -> String {
        let config = TextFixerConfig::default().extended_recovery(true);
        crate::extended_mode()
            .fix_encoding(text, &config)
            .into_owned()
    }

    #[test]
    fn technical_text_is_left_alone() {
        for text in [
            "nºlin.",
            "nºfich.",
            "3ª",
            "n°error.",
            "5 µm",
            "art. 5º, § 2º",
            "25 ºC",
        ] {
            assert_eq!(fixed(text), text);
        }
    }

    #[test]
    fn clean_words_of_two_languages_are_left_alone() {
        // Italian words ending in a grave vowel among Slovenian ones:
        // Windows-1250 reads them as one language's (`fině … noč`), but
        // no word alone is likelier so.
        let text = "Kavi stikala spoštovan finì štore paris inviò sladice noè attestata.";
        assert_eq!(fixed(text), text);
        // A Norwegian name among Czech ones (Windows-1250's `Bře`).
        let text = "Košir Chrenová Bøe Downar";
        assert_eq!(fixed(text), text);
    }

    #[test]
    fn clean_lines_of_several_languages_are_left_alone() {
        for text in [
            // Letters no one alphabet writes together (Tagalog `ñ`, `à`)
            // that ISO-8859-4's `ņ`, `ā` leave no one alphabet's either.
            "Allergy biñan isáng piñas à abstrak!",
            // Turkish `âşık` is ISO-8859-3's UTF-8 of the CJK radical `⺹`.
            "Simulator fyldestgørende buddet penceresinden keşke âşık altındağ Lucy oldun \
             skødet fdf hævde file Bestemmer çalıştıkları foreløbig inkluderer rama nişan \
             dræne Sækken yanda!",
            // `â ª`, with a lost no-break space, the Braille pattern `⠪`.
            "Kamis dianugerahkan wanitaku berteman â ª yuan!",
            // Spanish opening marks, which ISO-8859-16 reads as `Ą` and
            // ISO-8859-2 `¿` as `ż`.
            "¡hola! «¡hola!",
            "«¿Dónde está?» ¡Qué día!",
        ] {
            assert_eq!(fixed(text), text);
        }
    }

    #[test]
    fn mixups_are_undone() {
        assert_eq!(fixed("Ïðèâåò, êàê äåëà?"), "Привет, как дела?");
        assert_eq!(fixed("Za¿ó³æ gêœl¹ jaŸñ"), "Zażółć gęślą jaźń");
    }
}
