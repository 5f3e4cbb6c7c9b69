//! `fix_encoding`: detect mojibake and undo it, recording a replayable plan.
//!
//! One step of fixing (ftfy 6.3.1's order, which matters):
//!
//! 1. Text that is ASCII, or that the [`badness`](crate::badness)
//!    heuristic finds nothing wrong with, is left alone.
//! 2. For each single-byte codec in [`UNDONE_CODECS`] that can encode the
//!    whole text: encode it, repair the bytes ([`restore_byte_a0`],
//!    [`replace_lossy_sequences`]) and decode them as UTF-8 (or
//!    `utf-8-variants` when CESU-8 or Java's `C0 80` may be present). The
//!    first codec whose bytes decode wins.
//! 3. Otherwise fix UTF-8 mojibake embedded in other text
//!    ([`decode_inconsistent_utf8`](repairs::decode_inconsistent_utf8)).
//! 4. Otherwise, text that Latin-1 can encode but that holds C1 controls
//!    was probably Windows-1252 read as Latin-1: re-decode it.
//! 5. Otherwise replace lone C1 controls
//!    ([`fix_c1_controls`](repairs::fix_c1_controls)).
//!
//! `fix_encoding` repeats steps until the text stops changing, which undoes
//! several layers of mojibake.

mod cascade;
mod fixer;
pub(crate) mod repairs;
mod runs;

use std::borrow::Cow;
use std::ops::Range;

use crate::badness::is_bad;
use crate::codecs::{self, Charmap, Codec, CodecSet, MisreadCodec};
use crate::plan::ExplanationStep;
use crate::plan::Fix;
use crate::TextFixerConfig;
use cascade::Settled;
#[cfg(test)]
pub(crate) use fixer::WithoutShortcuts;
pub use fixer::{
    Capabilities, EncodingFixer, ExplainEncoding, Ftfy, RoundFacts, RoundFix, ScanFacts,
};
use repairs::{
    decode_inconsistent_utf8_around, fix_c1_controls_noting, has_c1_control,
    has_fixable_c1_control, might_have_altered_utf8, replace_lossy_sequences, restore_byte_a0,
};

/// ftfy 6.3.1's `fix_encoding`: steps until the text stops changing, with
/// their plan pushed to `plan` when given.
pub(crate) fn ftfy_fix_encoding<'a>(
    text: &'a str,
    config: &TextFixerConfig,
    plan: Option<&mut Vec<ExplanationStep>>,
) -> Cow<'a, str> {
    fix_steps(text, config, plan, false)
}

/// ftfy's `fix_encoding` on text that [`is_bad`] flags, as the caller
/// (`fix_text`) found: the same answer, without asking again, and what is
/// known of it (`None` when `config` doesn't fix encodings). When `changed` is given, the
/// text is one in which `fix_encoding` found [`EncodingEnd::NothingToFix`]
/// with only these byte ranges changed since: the search for runs of
/// mojibake and C1 controls to fix begins around them.
pub(crate) fn fix_encoding_of_bad<'a>(
    text: &'a str,
    config: &TextFixerConfig,
    changed: Option<&[Range<usize>]>,
) -> (Cow<'a, str>, Option<EncodingEnd>) {
    debug_assert!(is_bad(text));
    if !config.fix_encoding {
        return (Cow::Borrowed(text), None);
    }
    let (fixed, end) = fix_steps_from(text, config, None, true, true, changed);
    (fixed, Some(end))
}

/// What the last step of ftfy's `fix_encoding` found in the text it gave
/// back (which it would give back unchanged).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EncodingEnd {
    /// `is_bad` found the text not bad.
    NotBad,
    /// The text is bad, but no codec re-decodes it, and neither
    /// `decode_inconsistent_utf8` nor `fix_c1_controls` (as the config
    /// has them) changes it. Both act within runs and characters, so they
    /// leave any part of it cut at a line break as it is too.
    NothingToFix,
    /// Neither is known: a step of another kind changed nothing.
    Unknown,
}

/// Whether the first step of [`fix_one_step`] on `text`, which tries to
/// re-decode it as a whole, might change it: some codec re-decodes it, or
/// Latin-1 encodes it and Windows-1252 decodes the bytes differently (the
/// step tries that too), which it does when the text holds C1 controls,
/// all of which Windows-1252 defines.
pub(crate) fn may_redecode_whole(text: &str, config: &TextFixerConfig) -> bool {
    // Only codecs whose bytes may have UTF-8's shape are tried, as in
    // `fix_one_step`.
    let mut encoded = EncodingBuffer::take();
    let (encoders, may_decode) = codecs::undone::encode_with_first_into(text, &mut encoded.0);
    (encoders.contains(MisreadCodec::Latin1) && repairs::only_fixable_c1_controls(text))
        || first_reinterpretation(text, encoders, may_decode, &mut encoded.0, config).is_some()
}

/// [`ftfy_fix_encoding`], told whether `text` is known to be bad.
///
/// It gives back its own answers unchanged, which `fix_text` relies on:
/// it stops at a text on which a step finds nothing to do or changes
/// nothing, and a step depends on nothing but that text.
fn fix_steps<'a>(
    text: &'a str,
    config: &TextFixerConfig,
    plan: Option<&mut Vec<ExplanationStep>>,
    known_bad: bool,
) -> Cow<'a, str> {
    fix_steps_from(text, config, plan, known_bad, true, None).0
}

/// [`fix_steps`], taking chains of steps that fix runs stretch by stretch
/// ([`cascade`]) when `settle_chains`, else step by step (for tests), on a
/// text of which only the `changed` byte ranges (if given) may hold what a
/// step fixes, as [`fix_encoding_of_bad`] has it; and saying what its last
/// step found.
fn fix_steps_from<'a>(
    text: &'a str,
    config: &TextFixerConfig,
    mut plan: Option<&mut Vec<ExplanationStep>>,
    known_bad: bool,
    mut settle_chains: bool,
    changed: Option<&[Range<usize>]>,
) -> (Cow<'a, str>, EncodingEnd) {
    // (A plan needs ftfy's steps: its C1 step is recorded even when it
    // changes nothing.)
    if plan.is_none() && only_unfixable_c1_controls(text) {
        return (Cow::Borrowed(text), EncodingEnd::NothingToFix);
    }
    let mut fixed = Cow::Borrowed(text);
    let mut known_bad = known_bad;
    let mut runs_changed = changed.map(<[_]>::to_vec);
    // Where the first step looks for C1 controls to fix.
    let mut c1_changed = changed;
    let mut pinned = Pinned::Unknown;
    let mut end = EncodingEnd::Unknown;
    // Whether the last step fixed runs of mojibake.
    let mut fixed_runs_last = false;
    while let Some(step) = fix_one_step(
        &fixed,
        config,
        std::mem::take(&mut known_bad),
        &mut runs_changed,
        c1_changed.take(),
        &mut end,
    ) {
        let fixes_runs = step.plan.steps[0] == Some(DECODE_RUNS);
        let fixes_c1_controls =
            step.plan.steps[0] == Some(ExplanationStep::Transcode(Fix::FixC1Controls));
        if let Some(plan) = plan.as_deref_mut() {
            plan.extend(step.plan.steps.into_iter().flatten());
        }
        if step.text == *fixed {
            break;
        }
        fixed = Cow::Owned(step.text);
        if !fixes_runs && !fixes_c1_controls {
            // The text was re-decoded as a whole.
            pinned = Pinned::Unknown;
        }
        // A second step in a row that fixes runs may be the start of a
        // long chain of them (each fixing a run that makes the next): the
        // rest of the chain is taken stretch by stretch, where proofs that
        // no codec re-decodes the text last through it.
        let chained = std::mem::replace(&mut fixed_runs_last, fixes_runs) && fixes_runs;
        let changed = runs_changed.as_deref().unwrap_or_default();
        if chained || fixes_runs && pinned == Pinned::No {
            pinned = pinned.after_fixing_runs(&fixed, changed);
        }
        if settle_chains && chained {
            match cascade::settle_runs(&fixed, changed, pinned == Pinned::Yes) {
                Settled::Changed { text, steps } => {
                    if let Some(plan) = plan.as_deref_mut() {
                        plan.extend(std::iter::repeat_n(DECODE_RUNS, steps));
                    }
                    fixed = Cow::Owned(text);
                }
                Settled::Unchanged => {}
                Settled::Unsure => {
                    // Step by step from here, without trying again.
                    settle_chains = false;
                    continue;
                }
            }
            // No run is left that a step would fix.
            runs_changed = Some(Vec::new());
            fixed_runs_last = false;
        }
    }
    (fixed, end)
}

/// The plan of a step that fixes runs of mojibake.
const DECODE_RUNS: ExplanationStep = ExplanationStep::Apply(Fix::DecodeInconsistentUtf8);

/// Whether a text holds a character that [`cascade::pins`], which spares
/// [`cascade::settle_runs`] counting proofs of failure.
#[derive(Clone, Copy, PartialEq)]
enum Pinned {
    Unknown,
    No,
    Yes,
}

impl Pinned {
    /// What is known of `text` after a step fixed runs of mojibake, which
    /// are now the `changed` ranges of it. A pinning character stays (the
    /// runs fixed never hold one), and one that appears is in what the
    /// step changed.
    fn after_fixing_runs(self, text: &str, changed: &[Range<usize>]) -> Pinned {
        let found = match self {
            Pinned::Yes => return Pinned::Yes,
            Pinned::Unknown => text.chars().any(cascade::pins),
            Pinned::No => changed
                .iter()
                .any(|range| text[range.clone()].chars().any(cascade::pins)),
        };
        if found {
            Pinned::Yes
        } else {
            Pinned::No
        }
    }
}

/// The outcome of one step of fixing: the new text and how it was made.
/// (The text may equal the input: ftfy reports its C1 fix even when it
/// changed nothing, and so do we, to keep plans identical.)
struct FixedStep {
    text: String,
    plan: StepPlan,
}

/// The plan of one step of fixing: at most four steps (encode, two byte
/// repairs, decode), kept in place, as most plans are never asked for.
#[derive(Default)]
struct StepPlan {
    steps: [Option<ExplanationStep>; 4],
}

impl StepPlan {
    fn of(steps: &[ExplanationStep]) -> StepPlan {
        let mut plan = StepPlan::default();
        for &step in steps {
            plan.push(step);
        }
        plan
    }

    fn push(&mut self, step: ExplanationStep) {
        // OK because a step of fixing has at most four steps.
        let free = self.steps.iter_mut().find(|slot| slot.is_none());
        *free.expect("at most four steps") = Some(step);
    }
}

/// One step of fixing; `known_bad` says that [`is_bad`] flags `text`.
///
/// `runs_changed`, when known, holds the ranges of `text` that changed
/// since a search for runs of mojibake found none that
/// [`repairs::decode_inconsistent_utf8`] would fix elsewhere: the step searches
/// only around them, and leaves there what it knows of the text it
/// returns (a step that fixes runs or C1 controls changes a long text in
/// a few places; one that re-decodes it, everywhere).
fn fix_one_step(
    text: &str,
    config: &TextFixerConfig,
    known_bad: bool,
    runs_changed: &mut Option<Vec<Range<usize>>>,
    c1_changed: Option<&[Range<usize>]>,
    end: &mut EncodingEnd,
) -> Option<FixedStep> {
    let changed_before = runs_changed.take();
    *end = EncodingEnd::Unknown;
    if !known_bad && (text.is_ascii() || !is_bad(text)) {
        *end = EncodingEnd::NotBad;
        return None;
    }

    // Each codec that can encode the text, in order: all of them found,
    // and the text encoded with the first, in one pass, rather than by
    // trying the codecs that can't. The bytes go to a buffer kept from
    // step to step and line to line.
    // Only those whose bytes may decode are tried: the others would fail.
    // A text whose only characters beyond ASCII are C1 controls (Windows
    // quotes read as Latin-1: `don\u{92}t`) is left to the last two steps
    // at once: no codec re-decodes it and it holds no run (see
    // `only_c1_controls_beyond_ascii`).
    let only_c1_controls = only_c1_controls_beyond_ascii(text);
    let mut encoded = EncodingBuffer::take();
    let (encoders, may_decode) = if only_c1_controls {
        // Latin-1 encodes every C1 control.
        (CodecSet::of(MisreadCodec::Latin1), CodecSet::EMPTY)
    } else {
        codecs::undone::encode_with_first_into(text, &mut encoded.0)
    };
    if let Some(fixed) = first_reinterpretation(text, encoders, may_decode, &mut encoded.0, config)
    {
        return Some(fixed);
    }
    // Whether Latin-1 encodes the text, for the Windows-1252 step below.
    let latin_1_encodes = encoders.contains(MisreadCodec::Latin1);

    // Whether the text is known to hold no run that would be fixed.
    let mut runs_all_searched = false;
    if config.decode_inconsistent_utf8 {
        let mut fixed_ranges = Vec::new();
        let searched = if only_c1_controls {
            Cow::Borrowed(text)
        } else {
            decode_inconsistent_utf8_around(text, changed_before.as_deref(), &mut fixed_ranges)
        };
        match searched {
            Cow::Owned(fixed) => {
                *runs_changed = Some(fixed_ranges);
                return Some(FixedStep {
                    text: fixed,
                    plan: StepPlan::of(&[ExplanationStep::Apply(Fix::DecodeInconsistentUtf8)]),
                });
            }
            Cow::Borrowed(_) => runs_all_searched = true,
        }
    }

    // Text in the intersection of Latin-1 and Windows-1252 would be left
    // alone, but ftfy's candidates include only *sloppy* Windows-1252, so
    // its check for that case never fires: Latin-1 text always gets here.
    if latin_1_encodes {
        if let Some(fixed) = latin_1_as_windows_1252(text) {
            return Some(FixedStep {
                text: fixed,
                plan: StepPlan::of(&[
                    ExplanationStep::Encode(Codec::SingleByte(&codecs::LATIN_1)),
                    ExplanationStep::Decode(Codec::SingleByte(&codecs::WINDOWS_1252)),
                ]),
            });
        }
    }

    // Unless the step below changes the text, no step would.
    *end = EncodingEnd::NothingToFix;
    // Outside `c1_changed`, the text holds no C1 control the step would
    // change: when none is inside either, the step changes nothing.
    let c1_fixable_within = |ranges: &[Range<usize>]| {
        ranges
            .iter()
            .any(|range| has_fixable_c1_control(&text[range.clone()]))
    };
    if config.fix_c1_controls && has_c1_control(text) && c1_changed.is_none_or(c1_fixable_within) {
        let mut fixed_ranges = Vec::new();
        let fixed = fix_c1_controls_noting(text, &mut fixed_ranges, None).into_owned();
        if runs_all_searched {
            *runs_changed = Some(fixed_ranges);
        }
        return Some(FixedStep {
            text: fixed,
            plan: StepPlan::of(&[ExplanationStep::Transcode(Fix::FixC1Controls)]),
        });
    }
    None
}

/// Whether the only characters of `text` beyond ASCII are the five C1
/// controls that Windows-1252 leaves undefined (U+0081, U+008D, U+008F,
/// U+0090, U+009D), which no step changes: every codec encodes each as a
/// lone continuation byte between ASCII bytes, which no repair touches
/// and UTF-8 never decodes; no run holds one without a lead character;
/// and `fix_c1_controls` keeps them. A line of controls such as
/// `\u{90}\u{1a}` is then left alone at once, as the steps would leave it,
/// with nothing to fix. (`tests` checks each claim on such texts.)
fn only_unfixable_c1_controls(text: &str) -> bool {
    only_c1_controls_of(text, |second| {
        matches!(second, 0x81 | 0x8D | 0x8F | 0x90 | 0x9D)
    })
}

/// The first step of fixing that re-decodes `text` as a whole, if any:
/// through the first codec of `may_decode` (codecs of `encoders`, the
/// codecs that encode the text) whose bytes, repaired, decode. `encoded`
/// holds the text encoded with the first of `encoders`, and is used again
/// for the others.
fn first_reinterpretation(
    text: &str,
    encoders: CodecSet,
    may_decode: CodecSet,
    encoded: &mut Vec<u8>,
    config: &TextFixerConfig,
) -> Option<FixedStep> {
    let mut untried = may_decode;
    // The codec whose bytes are in `encoded`.
    let mut in_buffer = encoders.first();
    while let Some(codec) = untried.first() {
        untried = untried.without(codec);
        if in_buffer != Some(codec) {
            codecs::undone::encode_encodable_into(text, codec, encoded);
            in_buffer = Some(codec);
        }
        let repairs = Repairs::of(codec.charmap());
        match reinterpret_as_utf8(encoded, codec.charmap(), repairs, config) {
            Some(fixed) => return Some(fixed),
            None => {
                // Codecs often encode a text to the same bytes, and with
                // the same repairs they fail alike: comparing their table
                // entries tells, in one pass, without encoding again.
                let same_repairs = codecs_with_repairs(untried, repairs);
                untried -= codecs::undone::encoding_alike(text, codec, same_repairs);
            }
        }
    }
    None
}

/// Whether the only characters of `text` beyond ASCII, of which it holds
/// at least one, are C1 controls: then the first step of fixing can only
/// be the Windows-1252 step or `fix_c1_controls`. Every codec that encodes
/// a C1 control gives it a byte from 80 to 9F, a continuation byte; with
/// no lead byte around, UTF-8 never decodes the bytes and no repair (each
/// needs a lead byte) touches them; and a run of mojibake starts with a
/// lead character, which the text lacks. (`tests` checks it against the
/// full step.)
fn only_c1_controls_beyond_ascii(text: &str) -> bool {
    only_c1_controls_of(text, |_| true)
}

/// Whether `text` holds characters beyond ASCII, all of them C1 controls
/// whose second byte in UTF-8 (C1 controls are C2 80 – C2 9F) `takes`.
fn only_c1_controls_of(text: &str, takes: impl Fn(u8) -> bool) -> bool {
    let bytes = text.as_bytes();
    let mut at = 0;
    let mut any = false;
    while let Some(offset) = bytes[at..].iter().position(|byte| !byte.is_ascii()) {
        at += offset;
        match bytes.get(at..at + 2) {
            Some(&[0xC2, second @ 0x80..=0x9F]) if takes(second) => {
                any = true;
                at += 2;
            }
            _ => return false,
        }
    }
    any
}

/// `text` (which Latin-1 encodes) encoded in Latin-1 and decoded in
/// Windows-1252, when that decodes and changes it; worked out from the
/// characters, without the bytes. Latin-1 and Windows-1252 differ only at
/// bytes 80 to 9F, the C1 controls' in Latin-1: the strict Windows-1252
/// fails at the five it leaves unmapped, and maps every other one to a
/// character that is not a control. So the text changes exactly when it
/// holds a C1 control, each becoming its Windows-1252 character. (A
/// property test checks it against the codecs.)
fn latin_1_as_windows_1252(text: &str) -> Option<String> {
    debug_assert!(codecs::LATIN_1.encode(text).is_ok());
    if !has_c1_control(text) {
        return None;
    }
    let bytes = text.as_bytes();
    let mut fixed = String::with_capacity(text.len() + text.len() / 2);
    // Up to where `text` is copied to `fixed`.
    let mut copied = 0;
    let mut at = 0;
    while let Some(&[lead, second]) = bytes.get(at..at + 2) {
        // C1 controls are encoded as C2 80 – C2 9F.
        if lead != 0xC2 || !(0x80..=0x9F).contains(&second) {
            at += 1;
            continue;
        }
        if copied < at {
            fixed.push_str(&text[copied..at]);
        }
        fixed.push(codecs::WINDOWS_1252.decode_byte(second)?);
        at += 2;
        copied = at;
    }
    fixed.push_str(&text[copied..]);
    Some(fixed)
}

/// Whether the first step of fixing would re-decode a text whose bytes in
/// `codec` are `bytes`: [`reinterpret_as_utf8`] succeeds.
pub(crate) fn reinterprets(bytes: &[u8], codec: MisreadCodec, config: &TextFixerConfig) -> bool {
    let charmap = codec.charmap();
    reinterpret_as_utf8(bytes, charmap, Repairs::of(charmap), config).is_some()
}

/// The buffer that [`fix_one_step`] encodes text into, one per thread,
/// kept from step to step so that a short line costs no allocation for
/// its bytes. Taken out of its slot while in use, and put back when
/// dropped (unless it has grown large: a long text's buffer is freed).
struct EncodingBuffer(Vec<u8>);

thread_local! {
    static ENCODING_BUFFER: std::cell::Cell<Vec<u8>> = const { std::cell::Cell::new(Vec::new()) };
}

impl EncodingBuffer {
    /// Buffers larger than this are not kept.
    const KEPT_CAPACITY: usize = 1 << 16;

    fn take() -> EncodingBuffer {
        EncodingBuffer(ENCODING_BUFFER.with(std::cell::Cell::take))
    }
}

impl Drop for EncodingBuffer {
    fn drop(&mut self) {
        if self.0.capacity() <= Self::KEPT_CAPACITY {
            let buffer = std::mem::take(&mut self.0);
            // A thread being torn down has no slot left: the buffer is
            // then simply freed.
            let _ = ENCODING_BUFFER.try_with(|slot| slot.set(buffer));
        }
    }
}

/// The codecs of `codecs` whose repairs are `repairs`.
fn codecs_with_repairs(codecs: CodecSet, repairs: Repairs) -> CodecSet {
    codecs
        .iter()
        .filter(|codec| Repairs::of(codec.charmap()) == repairs)
        .collect()
}

/// What of a codec [`reinterpret_as_utf8`] looks at besides the bytes:
/// whether a lost byte A0 may be restored, and lossy sequences replaced.
#[derive(Clone, Copy, PartialEq)]
struct Repairs {
    restore_byte_a0: bool,
    replace_lossy_sequences: bool,
}

impl Repairs {
    fn of(charmap: &Charmap) -> Repairs {
        Repairs {
            restore_byte_a0: *charmap != codecs::MACROMAN,
            replace_lossy_sequences: charmap.is_sloppy(),
        }
    }
}

/// Repairs `bytes` (the text encoded with `charmap`, whose repairs are
/// `repairs`) and decodes them as UTF-8, or `None` if they still aren't
/// UTF-8.
fn reinterpret_as_utf8(
    bytes: &[u8],
    charmap: &'static Charmap,
    repairs: Repairs,
    config: &TextFixerConfig,
) -> Option<FixedStep> {
    let mut plan = StepPlan::of(&[ExplanationStep::Encode(Codec::SingleByte(charmap))]);
    // The bytes once a repair has changed them.
    let mut repaired: Option<Vec<u8>> = None;

    // In MacRoman, a space after an en dash would look like a lost A0.
    if config.restore_byte_a0 && repairs.restore_byte_a0 && might_have_altered_utf8(bytes) {
        if let Cow::Owned(restored) = restore_byte_a0(bytes) {
            plan.push(ExplanationStep::Transcode(Fix::RestoreByteA0));
            repaired = Some(restored);
        }
    }
    if config.replace_lossy_sequences && repairs.replace_lossy_sequences {
        if let Cow::Owned(replaced) = replace_lossy_sequences(repaired.as_deref().unwrap_or(bytes))
        {
            plan.push(ExplanationStep::Transcode(Fix::ReplaceLossySequences));
            repaired = Some(replaced);
        }
    }

    let current = repaired.as_deref().unwrap_or(bytes);
    let (decoder, text) = if current.contains(&0xED) || current.contains(&0xC0) {
        (
            Codec::Utf8Variants,
            codecs::utf8_variants::decode(current).ok()?,
        )
    } else {
        let text = match repaired {
            Some(repaired) => String::from_utf8(repaired).ok()?,
            None => std::str::from_utf8(bytes).ok()?.to_owned(),
        };
        (Codec::Utf8, text)
    };
    plan.push(ExplanationStep::Decode(decoder));
    Some(FixedStep { text, plan })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Whether some codec that encodes `text` re-decodes it (without the
    /// Windows-1252 step that [`may_redecode_whole`] takes for Latin-1).
    fn may_redecode_whole_ignoring_latin_1(text: &str, config: &TextFixerConfig) -> bool {
        codecs::undone::codecs_encoding(text).iter().any(|codec| {
            reinterprets(
                &codecs::undone::encode_encodable(text, codec),
                codec,
                config,
            )
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// The Windows-1252 step worked out from the characters, as the
        /// codecs make it: encoded in Latin-1, decoded in Windows-1252,
        /// kept when it decodes and changes the text.
        #[test]
        fn latin_1_as_windows_1252_as_the_codecs_say(
            picks in proptest::collection::vec(0..256usize, 0..12),
        ) {
            let text: String = picks.into_iter().filter_map(|code| char::from_u32(code as u32)).collect();
            let bytes = codecs::LATIN_1.encode(&text).expect("Latin-1 encodes U+0000 to U+00FF");
            let expected = codecs::WINDOWS_1252.decode(&bytes).ok().filter(|fixed| *fixed != text);
            prop_assert_eq!(latin_1_as_windows_1252(&text), expected, "{:?}", text);
        }

        /// What lets a text whose only non-ASCII characters are C1
        /// controls skip the search of the first step: no codec
        /// re-decodes it (under every setting of the byte repairs) and it
        /// holds no run. What lets one whose only ones are the five
        /// undefined C1 controls skip the steps: besides, the
        /// Windows-1252 step fails and `fix_c1_controls` keeps it; and
        /// the steps, with a plan, do leave it alone. ASCII includes
        /// controls, `?`, U+001A and spaces, which the repairs look at.
        #[test]
        fn c1_controls_alone_are_left_to_the_c1_steps(
            picks in proptest::collection::vec(0..24usize, 0..16),
            intruder in proptest::option::of((0..16usize, 0..3usize)),
        ) {
            let pool: Vec<char> = "a ?\n\r\u{1a}\u{7}&\u{81}\u{8d}\u{8f}\u{90}\u{9d}\u{0}\t\u{7f}\u{80}\u{85}\u{8c}\u{92}\u{93}\u{9f}\u{83}\u{99}"
                .chars()
                .collect();
            let mut text: Vec<char> = picks.into_iter().map(|i| pool[i % pool.len()]).collect();
            // Sometimes a lead, an accented letter or a no-break space,
            // for which the claims do not hold: the checks must turn the
            // text away.
            if let Some((at, which)) = intruder {
                text.insert(at.min(text.len()), ['Â', 'é', '\u{a0}'][which]);
            }
            let text: String = text.into_iter().collect();
            if !only_c1_controls_beyond_ascii(&text) {
                prop_assert!(!only_unfixable_c1_controls(&text));
                return Ok(());
            }
            let configs = [
                TextFixerConfig::default(),
                TextFixerConfig::default().restore_byte_a0(false),
                TextFixerConfig::default().replace_lossy_sequences(false),
            ];
            for config in &configs {
                prop_assert!(!may_redecode_whole_ignoring_latin_1(&text, config), "{:?}", text);
            }
            prop_assert!(matches!(decode_inconsistent_utf8_around(&text, None, &mut Vec::new()), Cow::Borrowed(_)));
            if !only_unfixable_c1_controls(&text) {
                return Ok(());
            }
            prop_assert_eq!(latin_1_as_windows_1252(&text), None);
            prop_assert!(matches!(repairs::fix_c1_controls(&text), Cow::Borrowed(_)));
            let mut plan = Vec::new();
            let (fixed, _) = fix_steps_from(&text, &TextFixerConfig::default(), Some(&mut plan), false, true, None);
            prop_assert_eq!(fixed.as_ref(), text.as_str());
        }

        /// The codecs that the first step of fixing skips, as their bytes
        /// cannot have UTF-8's shape, fail to decode when tried.
        #[test]
        fn codecs_ruled_out_by_shape_do_not_decode(
            picks in proptest::collection::vec(0..80usize, 0..10),
        ) {
            let mut pool: Vec<String> = "a ?\n\u{1a}\u{80}\u{81}\u{a0}ÃÂâÐðéÎ€œŠš¢£Ÿž®©°·»–—´×¦²³µ¼½¾¿ˆ™‚„†‡•…‰‹›ЂђвРСΒΓβ√∂π\u{fffd}│═中"
                .chars()
                .map(String::from)
                .collect();
            // Pieces that the repairs make UTF-8 of, in some codec: a lost
            // A0 (a space) or a lost byte (`?`) after a lead or a
            // continuation byte.
            pool.extend(["Ã ", "Ã?", "â€?", "â€ ", "â ", "Ð?", "ð\u{9f}?", "Ã\u{1a}", "Ď?", "Ă "].map(String::from));
            let text: String = picks.into_iter().map(|i| pool[i % pool.len()].as_str()).collect();
            let config = TextFixerConfig::default();
            let (encoders, may_decode) = codecs::undone::encode_with_first_into(&text, &mut Vec::new());
            prop_assert_eq!(may_decode - encoders, CodecSet::EMPTY);
            for codec in (encoders - may_decode).iter() {
                let bytes = codecs::undone::encode_encodable(&text, codec);
                prop_assert!(!reinterprets(&bytes, codec, &config), "{:?} in {}", text, codec);
            }
        }

        /// A codec that a text holds a proof of failure for (see
        /// `count_failure_proofs`) does not encode it, or its bytes,
        /// repaired, do not decode: on UTF-8 read through a codec, then
        /// damaged a little (bytes replaced with a space, `?` or 1A,
        /// taken out, or put in), where the repairs act.
        #[test]
        fn codecs_with_proofs_of_failure_do_not_decode(
            codec in 0..10usize,
            picks in proptest::collection::vec(0..40usize, 1..8),
            edits in proptest::collection::vec((0..64usize, 0..6u8, 0x80..0x100u16), 0..3),
        ) {
            let pool: Vec<char> = "a ?Zéü€œ中😀ЖπĂČ\u{a0}\u{ad}Þß™•…Ÿ\u{fffd}\u{85}ǅ\u{301}→│ﬁ،ה"
                .chars()
                .collect();
            let source: String = picks.into_iter().map(|i| pool[i % pool.len()]).collect();
            let mut bytes = source.into_bytes();
            for (at, edit, byte) in edits {
                let at = at % (bytes.len() + 1);
                match (edit, at < bytes.len()) {
                    (0, true) => bytes[at] = b' ',
                    (1, true) => bytes[at] = b'?',
                    (2, true) => bytes[at] = 0x1a,
                    (3, true) => { bytes.remove(at); }
                    _ => bytes.insert(at, byte as u8),
                }
            }
            let codec = MisreadCodec::UNDONE[codec];
            let text: String = bytes.iter().filter_map(|&byte| codec.charmap().decode_byte(byte)).collect();
            let config = TextFixerConfig::default();
            let mut proofs = [0; 10];
            codecs::undone::count_failure_proofs(text.chars(), 1, &mut proofs);
            let encoders = codecs::undone::codecs_encoding(&text);
            for codec in encoders.iter().filter(|codec| proofs[codec.index()] > 0) {
                let bytes = codecs::undone::encode_encodable(&text, codec);
                prop_assert!(!reinterprets(&bytes, codec, &config), "{:?} in {}", text, codec);
            }
        }
    }
}
