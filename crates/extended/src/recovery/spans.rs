//! Span-level repair: fix the damaged words of a line and keep the rest,
//! for lines where correct text and UTF-8 mojibake sit side by side
//! (`Łódź i GdaÅ„sk`), so that no codec can re-decode the line as a
//! whole.
//!
//! Plans record it as one step, `('apply', 'decode_utf8_spans:CODEC')`
//! ([`crate::ExtensionFix`]), which [`crate::apply_plan`] replays
//! with [`repair_spans`].

use std::borrow::Cow;
use std::ops::ControlFlow;

use super::budget::{Budget, Exhausted};
use super::repairs::{restore_continuation_bytes, MayBecomeUtf8};
use super::signs::{hard_signs, latin_letters_are_foreign};
use ftfy_core::codecs::MisreadCodec;

use crate::SpanRepair as Repair;
use ftfy_core::extension::text::{char_boundary_at_or_after, char_boundary_at_or_before};

/// How many bits likelier, to the model, a word must become to be
/// replaced.
const WORD_MARGIN: f64 = 8.0;

/// A run of a word that re-decodes, as UTF-8 read through an encoder, to
/// something else: what span repair may replace.
struct Reread<'t, 'f> {
    /// The word (whitespace-separated, or joined across a lost no-break
    /// space) and its byte offset in the text.
    word_start: usize,
    word: &'t str,
    /// The run (what the codec encodes of the word) and its offset in the
    /// word.
    run_start: usize,
    run: &'t str,
    /// What the run re-decodes to.
    fixed: &'f str,
}

/// Calls `visit` on each run of each word of `text` that re-decodes
/// through `encoder` to something else, in order, until it breaks. The
/// one walk that span repair and its pre-check share.
fn for_each_reread(
    text: &str,
    encoder: MisreadCodec,
    mut visit: impl FnMut(Reread<'_, '_>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let encode = super::candidates::char_encoder(encoder);
    let mut bytes = Vec::new();
    for (word_start, word) in words_joined_by_lost_a0(text, encode) {
        if !may_hold_utf8(word) {
            continue;
        }
        // The runs of the word that the codec can encode: in `жиÑ'ели` the
        // damaged `Ñ'` sits beside letters ftfy already fixed.
        for (run_start, run) in encodable_runs(word, |c| encode(c).is_some()) {
            if run.is_ascii() {
                continue;
            }
            bytes.clear();
            // (Given up at the first byte that can't decode.)
            let mut check = MayBecomeUtf8::default();
            let may_decode = run.chars().filter_map(encode).all(|byte| {
                bytes.push(byte);
                check.push(byte)
            }) && check.complete();
            if !may_decode {
                continue;
            }
            let repaired = restore_continuation_bytes(&bytes);
            let Ok(fixed) = std::str::from_utf8(&repaired) else {
                continue;
            };
            if fixed != run {
                visit(Reread {
                    word_start,
                    word,
                    run_start,
                    run,
                    fixed,
                })?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Re-decodes, as UTF-8 read through `encoder`, each whitespace-separated
/// word that the model then finds much likelier; other words are kept.
/// Each run's judging is charged to `budget`.
pub(crate) fn repair_spans<'a>(
    text: &'a str,
    encoder: MisreadCodec,
    repair: Repair,
    budget: &Budget,
) -> Result<Cow<'a, str>, Exhausted> {
    let mut output: Option<String> = None;
    let mut done = 0;
    let mut exhausted = false;
    let _ = for_each_reread(text, encoder, |reread| {
        let Reread {
            word_start,
            word,
            run_start,
            run,
            fixed,
        } = reread;
        // The word, or in a long one the part around the run, before and
        // after.
        let (from, to) = judged_part(word, run_start, run_start + run.len());
        let judged = &word[from..to];
        if budget.charge(2 * judged.len()).is_err() {
            exhausted = true;
            return ControlFlow::Break(());
        }
        let rebuilt = format!(
            "{}{fixed}{}",
            &word[from..run_start],
            &word[run_start + run.len()..to]
        );
        let keep = match repair {
            Repair::Likelier => !is_likelier(judged, &rebuilt),
            Repair::Leftovers => hard_signs(&rebuilt) > 0,
        };
        if !keep {
            let start = word_start + run_start;
            let output = output.get_or_insert_with(|| String::with_capacity(text.len()));
            output.push_str(&text[done..start]);
            output.push_str(fixed);
            done = start + run.len();
        }
        ControlFlow::Continue(())
    });
    if exhausted {
        return Err(Exhausted);
    }
    Ok(match output {
        None => Cow::Borrowed(text),
        Some(mut output) => {
            output.push_str(&text[done..]);
            Cow::Owned(output)
        }
    })
}

/// Whether [`super::recover_viable`] turns down, before scoring it, every
/// repair that [`repair_spans`] could make through `encoder` on a first
/// look at `text`, a line with no hard sign of mojibake whose scripts are
/// `scripts`. Each run that re-decodes to something else either
///
/// - re-reads clean letters in a new script (Persian `وکٹ`, whose
///   Windows-1256 bytes are `昊` in UTF-8): it makes a letter of a script
///   the line lacks, in a word of letters and ASCII punctuation, and a
///   repair that changes its word is turned down
///   ([`super::rereads_letters_in_new_script`]); or
/// - is one of the others, which together merge at most one character,
///   make no `¿` or `¡`, and change words with no Latin letters that no
///   orthography writes so: a repair of those alone is a single sequence
///   with no sign, also turned down.
///
/// (Runs must make no white space and their words not be joined, so that
/// the repaired words stay where they were.)
pub(crate) fn every_repair_is_turned_down(
    text: &str,
    encoder: MisreadCodec,
    scripts: super::readings::Scripts,
) -> bool {
    let mut other_merges = 0;
    // What is asked of a word, once for all its runs: (where it starts,
    // whether it is letters and ASCII punctuation, whether a repair of it
    // would show a sign).
    let mut word_facts: Option<(usize, bool, bool)> = None;
    for_each_reread(
        text,
        encoder,
        |Reread {
             word_start,
             word,
             run,
             fixed,
             ..
         }| {
            if word.contains(char::is_whitespace) || fixed.contains(char::is_whitespace) {
                return ControlFlow::Break(());
            }
            let (_, letters_and_punctuation, shows_sign) = *word_facts
                .filter(|&(start, ..)| start == word_start)
                .get_or_insert_with(|| {
                    let letters_and_punctuation = word
                        .chars()
                        .all(|c| c.is_alphabetic() || c.is_ascii_punctuation());
                    let shows_sign = super::readings::capitals_inside_words(word) > 0
                        || latin_letters_are_foreign(word);
                    (word_start, letters_and_punctuation, shows_sign)
                });
            word_facts = Some((word_start, letters_and_punctuation, shows_sign));
            let rereads =
                super::readings::letters_outside(fixed, scripts).0 > 0 && letters_and_punctuation;
            if rereads {
                return ControlFlow::Continue(());
            }
            other_merges += run.chars().count().saturating_sub(fixed.chars().count());
            if other_merges > 1 || fixed.contains(['¿', '¡']) || shows_sign {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        },
    )
    .is_continue()
}

/// Words longer than this (in bytes) are judged on the part around each
/// run, so that the work on a line with no spaces (a soup of symbols,
/// text without spaces between words) grows with its length, not with its
/// length times its runs. Written words are far shorter.
const LONG_WORD: usize = 512;

/// How much of a long word around a run is judged, on each side (bytes).
const CONTEXT: usize = 64;

/// The byte range of `word` on which a run from `start` to `end` is
/// judged: the whole word, or in a word longer than [`LONG_WORD`] the run
/// with [`CONTEXT`] bytes on each side (to character boundaries).
fn judged_part(word: &str, start: usize, end: usize) -> (usize, usize) {
    if word.len() <= LONG_WORD {
        return (0, word.len());
    }
    (
        char_boundary_at_or_before(word, start.saturating_sub(CONTEXT)),
        char_boundary_at_or_after(word, end + CONTEXT),
    )
}

/// Whether the model finds `rebuilt` much likelier than `word`: cheaper
/// by a margin, or rid of a hard sign of mojibake (`Г®n` for `în`, with a
/// symbol between letters) at no extra cost.
fn is_likelier(word: &str, rebuilt: &str) -> bool {
    let bits = |text: &str| crate::language::score(text).bits();
    let (before, after) = (bits(word), bits(rebuilt));
    after + WORD_MARGIN <= before
        || (hard_signs(word) > 0 && hard_signs(rebuilt) == 0 && after <= before)
}

/// Whether `word` may hold a UTF-8 sequence read as single bytes: a
/// non-ASCII character followed by another, or by a quote that may have
/// been straightened from one.
pub(crate) fn may_hold_utf8(word: &str) -> bool {
    let mut previous_non_ascii = false;
    for c in word.chars() {
        if previous_non_ascii && (!c.is_ascii() || c == '\'' || c == '"') {
            return true;
        }
        previous_non_ascii = !c.is_ascii();
    }
    false
}

/// The maximal runs of `word` whose characters `encodable` accepts, with
/// their byte offsets.
fn encodable_runs(
    word: &str,
    encodable: impl Fn(char) -> bool,
) -> impl Iterator<Item = (usize, &str)> {
    let mut chars = word.char_indices().peekable();
    std::iter::from_fn(move || {
        let (start, _) = chars.find(|&(_, c)| encodable(c))?;
        let mut end = word.len();
        while let Some(&(index, c)) = chars.peek() {
            if !encodable(c) {
                end = index;
                break;
            }
            chars.next();
        }
        Some((start, &word[start..end]))
    })
}

/// The whitespace-separated words of `text`, with their byte offsets.
fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split(char::is_whitespace)
        .filter(|word| !word.is_empty())
        .map(move |word| (word.as_ptr() as usize - text.as_ptr() as usize, word))
}

/// [`words`], where a word that ends in a capital Latin letter that is a
/// UTF-8 lead byte of two bytes (in the codec that `encode` encodes with)
/// is joined to the next across one space, which may stand for a lost
/// no-break space: Arabic digits `Ù Ù¡` (D9 A0 D9 A1) are `٠١`. (Other
/// leads, such as `ß`, MacRoman's `”` or Thai letters in CP874, end
/// clean words too often to be worth the try.)
fn words_joined_by_lost_a0(text: &str, encode: impl Fn(char) -> Option<u8>) -> Vec<(usize, &str)> {
    let mut joined: Vec<(usize, &str)> = Vec::new();
    for (start, word) in words(text) {
        if let Some((previous_start, previous)) = joined.last_mut() {
            let previous_end = *previous_start + previous.len();
            let awaits_continuation = previous.chars().next_back().is_some_and(|last| {
                encode(last).is_some_and(|byte| (0xC2..=0xDF).contains(&byte)) && {
                    matches!(
                        super::chars::info(last).kind,
                        super::signs::Kind::Letter {
                            script: Some(crate::language::Script::Latin),
                            lower: false,
                            ..
                        }
                    )
                }
            });
            if awaits_continuation && &text[previous_end..start] == " " {
                *previous = &text[*previous_start..start + word.len()];
                continue;
            }
        }
        joined.push((start, word));
    }
    joined
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damaged_words_are_fixed_and_the_rest_kept() {
        assert_eq!(
            repair_spans(
                "Łódź i GdaÅ„sk",
                MisreadCodec::SloppyWindows1252,
                Repair::Likelier,
                &Budget::unlimited()
            )
            .unwrap(),
            "Łódź i Gdańsk"
        );
        assert_eq!(
            repair_spans(
                "žena i Å¡kola",
                MisreadCodec::SloppyWindows1252,
                Repair::Likelier,
                &Budget::unlimited()
            )
            .unwrap(),
            "žena i škola"
        );
        assert!(matches!(
            repair_spans(
                "Łódź i Gdańsk",
                MisreadCodec::SloppyWindows1252,
                Repair::Likelier,
                &Budget::unlimited()
            )
            .unwrap(),
            Cow::Borrowed(_)
        ));
        assert_eq!(
            repair_spans(
                "жиÑ'ели",
                MisreadCodec::SloppyWindows1252,
                Repair::Likelier,
                &Budget::unlimited()
            )
            .unwrap(),
            "жители"
        );
        // The no-break space of ٠ (D9 A0) became a space between words.
        // (The model finds the Arabic-Indic digits alone little likelier:
        // the leftovers of a line take them.)
        assert_eq!(
            repair_spans(
                "أكثر Ù…Ù† Ù Ù Ù¡ Ø¨Ù„Ø¯",
                MisreadCodec::SloppyWindows1252,
                Repair::Leftovers,
                &Budget::unlimited()
            )
            .unwrap(),
            "أكثر من ٠٠١ بلد"
        );
    }

    #[test]
    fn leftovers_are_read_through_cp437() {
        assert_eq!(
            repair_spans(
                "ä ╨╜╨╕╤é╨╛ ╨▓",
                MisreadCodec::Cp437,
                Repair::Leftovers,
                &Budget::unlimited()
            )
            .unwrap(),
            "ä нито в"
        );
    }
}
