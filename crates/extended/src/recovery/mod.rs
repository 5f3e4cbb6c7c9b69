//! Extended recovery: the mojibake ftfy 6.3.1 leaves broken, behind
//! [`TextFixerConfig::extended_recovery`](ftfy_core::TextFixerConfig::extended_recovery)
//! (off by default), as an [`EncodingFixer`] of the core
//! ([`ExtendedRecovery`]).
//!
//! ftfy only re-decodes text when the bytes of one codec decode as UTF-8
//! and its byte-level heuristic is sure. This mode tries more
//! re-decodings (see `candidates`): UTF-8 read as Windows-1251 or -1253
//! (`cafГ©` → `café`), as ISO-8859-2 (`GrĂźnen` → `Grünen`), the wrong
//! codec winning (`ShqipĆ«ri` → `Shqipëri`, where ftfy gives
//! `Shqipƫri`), damaged words among correct ones (`Łódź i GdaÅ„sk`, see
//! `spans`), quotes straightened after the damage (`2010â€"2020`) and
//! lost no-break spaces, and one legacy encoding read as another
//! (`Ïðèâåò` → `Привет`, `ðÒÉ×ÅÔ` → `Привет`, `ÊáëçìÝñá` → `Καλημέρα`,
//! `“ú–{Œê` → `日本語`, `Za¿ó³æ` → `Zażółć`).
//!
//! It judges them with the language model of [`crate::language`]
//! (lingua's letter n-grams of 75 languages, counted on real text): a
//! candidate replaces the text only when it makes the line far more
//! likely as writing, by a margin that grows as the change gets shorter,
//! and the text as read shows signs of mojibake (`signs`); guards keep
//! technical text, identifiers, text in languages the model doesn't know
//! and look-alike letters as they are (`judge`). Each fix is an ordinary
//! plan (`('encode', 'sloppy-windows-1252'), ('decode', 'windows-1251')`)
//! that the core's [`apply_plan`](ftfy_core::apply_plan) replays.
//!
//! The stages: `prefilter` (one cheap pass that rules out most clean
//! lines and most codecs, exactly: what it rules out the judge would turn
//! down), `candidates`, `repairs` and `spans` (the re-decodings), `signs`
//! and `readings` (what is known of the text as read and of each
//! reading), `judge` (the decision), `garbage` (no stray letters of a
//! new script), `budget` (a bound on the work per text), and `document`
//! (a text of many lines judged by windows before its lines are fixed).
//!
//! ```
//! use ftfy_core::{Mode, TextFixerConfig};
//! use ftfy_extended::{ExtendedRecovery, ExtensionFix};
//!
//! let mode: Mode<ExtensionFix> = Mode::new(&ExtendedRecovery, &ExtendedRecovery);
//! let config = TextFixerConfig::default();
//! assert_eq!(mode.fix_encoding("Un cafГ© au lait", &config), "Un café au lait");
//! assert_eq!(mode.fix_encoding("ðÒÉ×ÅÔ, ËÁË ÄÅÌÁ?", &config), "Привет, как дела?");
//! // Polish in Windows-1250 read as Windows-1252.
//! assert_eq!(mode.fix_encoding("Za¿ó³æ gêœl¹ jaŸñ", &config), "Zażółć gęślą jaźń");
//! // Clean text, and short ambiguous strings, are left alone.
//! assert_eq!(mode.fix_encoding("Þórður á Íslandi", &config), "Þórður á Íslandi");
//!
//! let fixed = mode.fix_encoding_and_explain("Ïðèâåò, êàê äåëà?", &config);
//! let plan: Vec<String> = fixed.explanation.unwrap().iter().map(|s| s.to_string()).collect();
//! assert_eq!(plan, ["('encode', 'sloppy-windows-1252')", "('decode', 'windows-1251')"]);
//! ```

mod alphabets_table;
mod budget;
mod candidates;
mod chars;
mod cyrillic;
mod document;
mod garbage;
mod judge;
mod prefilter;
mod readings;
mod repairs;
mod signs;
mod spans;

use std::borrow::Cow;

use ftfy_core::extension::{
    Capabilities, EncodingFixer, ExplainEncoding, Ftfy, RoundFacts, RoundFix, ScanFacts,
};
use ftfy_core::fixes::ByteFix;
use ftfy_core::TextFixerConfig;

use crate::{ExtensionFix, Step};
use budget::{Budget, Exhausted};
use candidates::Candidate;
use judge::Earlier;

pub use document::{DocumentReadings, DocumentRecovery, DOCUMENT_WINDOW};

/// Rounds of fixing before giving up on a fixed point.
const MAX_ROUNDS: usize = 8;

/// `fix_encoding` in extended mode: ftfy's fix, or a recovery the model
/// finds far better, repeated until neither changes the text. Steps go to
/// `plan` when given.
fn fix_encoding<'a>(
    text: &'a str,
    config: &TextFixerConfig,
    plan: Option<&mut Vec<Step>>,
) -> Cow<'a, str> {
    // ftfy leaves ASCII alone, and so does recovery.
    if text.is_ascii() {
        return Cow::Borrowed(text);
    }
    let mut plan = plan;
    let plan_start = plan.as_deref().map_or(0, Vec::len);
    let (fixed, legacy) = fix_encoding_within(
        text,
        config,
        plan.as_deref_mut(),
        &Budget::for_text(text),
        true,
    );
    // A text is read in the wrong code page once: where the text a legacy
    // reading gives would take another one (`ЛШ` read as Windows-1252's
    // `ËØ`, which Windows-1257 reads as `ĖŲ`), the chain has no end to
    // trust, and the text gets no legacy reading at all, so that fixing
    // twice gives what fixing once does.
    if legacy {
        let again = fix_encoding_within(&fixed, config, None, &Budget::for_text(&fixed), true).0;
        if again != fixed {
            if let Some(plan) = plan.as_deref_mut() {
                plan.truncate(plan_start);
            }
            return fix_encoding_within(text, config, plan, &Budget::for_text(text), false).0;
        }
    }
    fixed
}

/// [`fix_encoding`] within `budget`, with legacy readings when `legacy`
/// allows them; also says whether one was made.
fn fix_encoding_within<'a>(
    text: &'a str,
    config: &TextFixerConfig,
    mut plan: Option<&mut Vec<Step>>,
    budget: &Budget,
    legacy: bool,
) -> (Cow<'a, str>, bool) {
    let mut current = Cow::Borrowed(text);
    let plan_start = plan.as_deref().map_or(0, Vec::len);
    // What earlier rounds did: characters that re-decoding has merged so
    // far (evidence that this line is mojibake, which lets a later round
    // fix the leftovers), and whether a legacy mixup was undone (a text
    // is read in the wrong code page once).
    let mut earlier = Earlier {
        legacy: !legacy,
        ..Earlier::default()
    };
    for _ in 0..MAX_ROUNDS {
        let mut ftfy_plan = Vec::new();
        // (ftfy's plan says whether it re-decoded the whole line.)
        let ftfy = ftfy_fix_encoding(&current, config, Some(&mut ftfy_plan));
        // (ftfy's answer is borrowed exactly when it changed nothing.)
        let ftfy_changed = match ftfy {
            Cow::Borrowed(_) => None,
            Cow::Owned(fixed) => (fixed != *current).then_some(fixed),
        };
        let Ok(recovered) = recover(&current, ftfy_changed.as_deref(), earlier, budget) else {
            // Degenerate input: ftfy's answer, the default mode's.
            if let Some(plan) = plan.as_deref_mut() {
                plan.truncate(plan_start);
            }
            return (ftfy_fix_encoding(text, config, plan), false);
        };
        let (text, steps) = match (recovered, ftfy_changed) {
            (Some(candidate), _) => {
                earlier.legacy |= candidate.is_legacy();
                (candidate.text, candidate.plan)
            }
            (None, Some(text)) => (text, ftfy_plan),
            (None, None) => {
                if let Some(plan) = plan.as_deref_mut() {
                    plan.extend(ftfy_plan);
                }
                break;
            }
        };
        // Merges are evidence for the leftovers of a line that still shows
        // mojibake; a line re-decoded whole into text with no sign in its
        // words (one more layer of Latin-1 over `2012—∞`, or `¬´`), or
        // that shows no more mojibake at all, is judged afresh, as a lone
        // string.
        let whole_line = matches!(steps.first(), Some(ftfy_core::ExplanationStep::Encode(_)));
        if let Some(plan) = plan.as_deref_mut() {
            plan.extend(steps);
        }
        earlier.merged += current.chars().count().saturating_sub(text.chars().count());
        if whole_line && !shows_sign_in_words(&text) || !readings::looks_misread(&text) {
            earlier.merged = 0;
        }
        current = Cow::Owned(text);
    }
    (current, earlier.legacy && legacy)
}

/// Whether `text` shows a sign of mojibake in its words: a hard sign, a
/// capital inside a word, or a symbol ending a word after a letter (not
/// symbols side by side, nor letters no one alphabet or language writes
/// together, which names and symbols show too).
fn shows_sign_in_words(text: &str) -> bool {
    let mut any = false;
    signs::for_each_sign(text, |_, sign| {
        any |= !matches!(
            sign,
            signs::Sign::Soup | signs::Sign::Foreign | signs::Sign::UnseenPair
        );
    });
    any
}

/// ftfy 6.3.1's `fix_encoding`, recording its plan when given.
fn ftfy_fix_encoding<'a>(
    text: &'a str,
    config: &TextFixerConfig,
    plan: Option<&mut Vec<Step>>,
) -> Cow<'a, str> {
    match plan {
        Some(plan) => Ftfy.fix_encoding_and_explain(text, config, plan),
        None => Ftfy.fix_encoding(text, config),
    }
}

/// Extended recovery as the core's [`EncodingFixer`]: ftfy 6.3.1's
/// `fix_encoding`, or a recovery the language model finds far better.
///
/// It has none of the [`Capabilities`] that ftfy's shortcuts rely on, so
/// the pipeline takes the long way with it: its answers need not be fixed
/// points of a round, it may change text ftfy's heuristic finds clean, and
/// it judges a segment whole.
#[derive(Clone, Copy, Debug)]
pub struct ExtendedRecovery;

impl EncodingFixer for ExtendedRecovery {
    fn fix_encoding<'a>(&self, text: &'a str, config: &TextFixerConfig) -> Cow<'a, str> {
        fix_encoding(text, config, None)
    }

    fn fix_in_round<'a>(
        &self,
        text: &'a str,
        config: &TextFixerConfig,
        _known: RoundFacts<'_>,
    ) -> RoundFix<'a> {
        RoundFix::new(fix_encoding(text, config, None))
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities::NONE
    }

    fn may_change_clean(&self, text: &str, scanned: ScanFacts) -> bool {
        may_change_clean(text, scanned.continuation())
    }
}

impl ExplainEncoding<ExtensionFix> for ExtendedRecovery {
    fn fix_encoding_and_explain<'a>(
        &self,
        text: &'a str,
        config: &TextFixerConfig,
        plan: &mut Vec<Step>,
    ) -> Cow<'a, str> {
        fix_encoding(text, config, Some(plan))
    }
}

/// Whether extended recovery may change `text`, which ftfy's heuristic
/// leaves alone (`!is_bad(text)`): a cheap pass that lets `fix_text` skip
/// most clean segments. `continuation` says whether some character of
/// `text` [`may_continue_sequence`] (when none does, a cheaper pass
/// decides many lines).
fn may_change_clean(text: &str, continuation: bool) -> bool {
    if text.is_ascii() {
        return false;
    }
    let viable = if continuation {
        prefilter::viable(text)
    } else {
        prefilter::viable_without_continuations(text)
    };
    // (The first round: nothing merged yet.)
    viable.is_some_and(|viable| !viable.weak && !only_rereads_clean_words(text, viable))
}

/// The best re-decoding of `text` if the model finds it overwhelmingly
/// better than both `text` and ftfy's answer `ftfy` (when ftfy changes it).
///
/// A line is judged without its line break, which is no text: a line of a
/// file gets the answer the same words get as a lone string (clean
/// Kurdish `Keleka eÇp` followed by `\n` became MacRoman-as-CP437's
/// `Keleka eép`, alone it stayed).
fn recover(
    text: &str,
    ftfy: Option<&str>,
    earlier: Earlier,
    budget: &Budget,
) -> Result<Option<Candidate>, Exhausted> {
    let line = text.trim_end_matches(['\n', '\r']);
    let line_break = &text[line.len()..];
    // (Where ftfy's answer ends otherwise, the line is judged whole.)
    let ftfy_line = match ftfy {
        Some(ftfy) => ftfy.strip_suffix(line_break).map(Some),
        None => Some(None),
    };
    match ftfy_line {
        Some(ftfy_line) if !line_break.is_empty() => {
            let recovered = recover_line(line, ftfy_line, earlier, budget)?;
            Ok(recovered.map(|candidate| Candidate {
                text: candidate.text + line_break,
                plan: candidate.plan,
            }))
        }
        _ => recover_line(text, ftfy, earlier, budget),
    }
}

/// [`recover`] of a line without its line break.
fn recover_line(
    text: &str,
    ftfy: Option<&str>,
    earlier: Earlier,
    budget: &Budget,
) -> Result<Option<Candidate>, Exhausted> {
    if text.is_ascii() {
        return Ok(None);
    }
    budget.charge(text.len())?;
    // One cheap pass rules out most clean text, and most codecs.
    let Some(viable) = prefilter::viable(text) else {
        return Ok(None);
    };
    // A single weak sequence needs earlier merges on the line.
    if viable.weak && earlier.merged < 2 {
        return Ok(None);
    }
    if earlier.merged < 2 && only_rereads_clean_words(text, viable) {
        return Ok(None);
    }
    judge::recover_viable(text, ftfy, earlier, viable, budget)
}

/// Whether the only candidates `viable` allows are span repairs that
/// [`recover_viable`] would turn down on a first look at `text`, before
/// any is scored ([`spans::every_repair_is_turned_down`]). Persian and
/// Urdu lines, whose letters often make UTF-8 sequences in Windows-1256,
/// stop here.
fn only_rereads_clean_words(text: &str, viable: prefilter::Viable) -> bool {
    if !viable.line.is_empty() || !viable.legacy.is_empty() || !prefilter::shows_no_hard_sign(text)
    {
        return false;
    }
    let scripts = readings::Scripts::of(text);
    viable
        .spans
        .iter()
        .all(|codec| spans::every_repair_is_turned_down(text, codec, scripts))
}

/// The functions behind the names of [`ExtensionFix`] (the plans'
/// vocabulary, in `steps.rs`).
impl ExtensionFix {
    /// The function that repairs bytes, for `restore_continuation_bytes`.
    ///
    /// ```
    /// use ftfy_extended::ExtensionFix;
    /// let repair = ExtensionFix::RESTORE_CONTINUATION_BYTES.byte_fix().unwrap();
    /// // `Ñ'` is `т` (D1 82) whose byte 82 (a low quote) was straightened.
    /// assert_eq!(repair(b"\xd1' ok").as_ref(), "т ok".as_bytes());
    /// ```
    pub fn byte_fix(self) -> Option<ByteFix> {
        (self == ExtensionFix::RESTORE_CONTINUATION_BYTES)
            .then_some(repairs::restore_continuation_bytes as ByteFix)
    }

    /// Applies a span repair to text (`None` for the byte repair).
    ///
    /// ```
    /// use ftfy_extended::ExtensionFix;
    /// let fix = ExtensionFix::from_name("decode_utf8_spans:sloppy-windows-1252").unwrap();
    /// assert_eq!(fix.apply_text("žena i Å¡kola").unwrap(), "žena i škola");
    /// ```
    pub fn apply_text(self, text: &str) -> Option<Cow<'_, str>> {
        let (codec, repair) = self.span_codec()?;
        // Replaying a plan does one repair: no budget needed.
        spans::repair_spans(text, codec, repair, &Budget::unlimited()).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn straightened_quotes_leave_a_sign() {
        let config = TextFixerConfig::default().extended_recovery(true);
        for (text, fixed) in [
            ("byle siÄ™ i w stwierdziÅ',", "byle się i w stwierdził,"),
            ("Az tÃ¶rtÃ©nÅ' a szereti", "Az történő a szereti"),
        ] {
            assert_eq!(fix_encoding(text, &config, None), fixed);
        }
    }

    #[test]
    fn leftovers_stay_in_the_line_s_scripts() {
        let config = TextFixerConfig::default().extended_recovery(true);
        // `діє` is `䳺` read as Windows-1251.
        let text = "Ð—ÐµÐ¼Ð»Ñ– Ð² Ñ\u{8f} Ð´Ñ–Ñ\" at Ñƒ Ð´Ð¾Ð·Ð²Ñ–Ð»";
        assert_eq!(
            fix_encoding(text, &config, None),
            "Землі в я діє at у дозвіл"
        );
    }
}
