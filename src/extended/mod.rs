//! Extended recovery: the mojibake ftfy 6.3.1 leaves broken, behind
//! [`TextFixerConfig::extended_recovery`](crate::TextFixerConfig::extended_recovery)
//! (off by default).
//!
//! ftfy only re-decodes text when the bytes of one codec decode as UTF-8
//! and its byte-level heuristic is sure. This mode adds a language model
//! (letter pairs of hundreds of languages, script coherence inside words;
//! see `model`) and tries more re-decodings (see `candidates`): UTF-8
//! read as Windows-1251 or -1253 (`cafГ©` → `café`), as ISO-8859-2
//! (`GrĂźnen` → `Grünen`), the wrong codec winning (`ShqipĆ«ri` →
//! `Shqipëri`, where ftfy gives `Shqipƫri`), damaged words among correct
//! ones (`Łódź i GdaÅ„sk`, see `spans`), quotes straightened after the
//! damage (`2010â€"2020`) and lost no-break spaces, and one legacy
//! encoding read as another (`Ïðèâåò` → `Привет`, `ðÒÉ×ÅÔ` → `Привет`,
//! `ÊáëçìÝñá` → `Καλημέρα`, `“ú–{Œê` → `日本語`, and within the Latin
//! script `Za¿ó³æ` → `Zażółć`, see `latin`).
//!
//! A candidate replaces the text only when the model finds the text as
//! read far less like any language than the candidate, and the candidate
//! no worse than what ftfy would give; short strings are rarely that
//! clear and are left alone. Each fix is an ordinary plan
//! (`('encode', 'sloppy-windows-1252'), ('decode', 'windows-1251')`) that
//! [`apply_plan`](crate::apply_plan) replays.
//!
//! ```
//! use ftfy::{fix_encoding_with, fix_encoding_and_explain, TextFixerConfig};
//!
//! let config = TextFixerConfig::default().extended_recovery(true);
//! assert_eq!(fix_encoding_with("Un cafГ© au lait", &config), "Un café au lait");
//! assert_eq!(fix_encoding_with("ðÒÉ×ÅÔ, ËÁË ÄÅÌÁ?", &config), "Привет, как дела?");
//! // Polish in Windows-1250 read as Windows-1252 (see `latin`).
//! assert_eq!(fix_encoding_with("Za¿ó³æ gêœl¹ jaŸñ", &config), "Zażółć gęślą jaźń");
//! // Clean text, and short ambiguous strings, are left alone.
//! assert_eq!(fix_encoding_with("Þórður á Íslandi", &config), "Þórður á Íslandi");
//!
//! let fixed = fix_encoding_and_explain("Ïðèâåò, êàê äåëà?", &config);
//! let plan: Vec<String> = fixed.explanation.unwrap().iter().map(|s| s.to_string()).collect();
//! assert_eq!(plan, ["('encode', 'sloppy-windows-1252')", "('decode', 'windows-1251')"]);
//! ```

mod candidates;
mod chars;
mod cyrillic;
pub(crate) mod guess;
mod latin;
mod model;
mod prefilter;
mod repairs;
mod spans;
mod tables;

use std::borrow::Cow;

use crate::badness::is_bad;
use crate::encoding::{ftfy_fix_encoding, EncodingFixer, RoundFacts, RoundFix, ScanFacts};
use crate::fixes::ByteFix;
use crate::plan::ExplanationStep;
use crate::plan::Fix;
use crate::plan::{ExtensionFix, SpanRepair as Repair};
use crate::replay::ReplayExtension;
use crate::TextFixerConfig;
use candidates::{
    whole_line, whole_line_encoded, Candidate, Decoder, LEGACY_TRANSFORMS, UTF8_TRANSFORMS,
};

/// How much less a UTF-8 re-decoding must cost than the text as read (and
/// than ftfy's answer). UTF-8 that decodes is itself strong evidence.
const UTF8_MARGIN: u32 = 6;
/// The same for a single re-decoded sequence in text that shows a hard
/// sign, which no other codec reads differently (`pi√π` → `più`).
const SINGLE_SEQUENCE_MARGIN: u32 = 5;
/// The same for UTF-8 re-decodings of text that shows only soft signs of
/// mojibake (unusual letter pairs, no script mixing or symbols in words).
const SOFT_MARGIN: u32 = 14;
/// The same for a legacy re-decoding, which any single-byte text allows.
const LEGACY_MARGIN: u32 = 12;
/// The words a legacy re-decoding changes must also cost at most this
/// share of what they cost as read (1/N).
const LEGACY_SHARE: u32 = 2;
/// The cost of what a straightened quote leaves of a UTF-8 sequence
/// (see [`straightened_sequences`]), a hard sign as a symbol between
/// letters is.
const STRAIGHTENED_SEQUENCE: u32 = 8;
/// The model cost above which ftfy's own answer may be overruled.
const FTFY_SUSPECT: u32 = 9;
/// How much costlier than the text as read the fix of leftovers may be
/// per merged character (a one-letter word costs more than the symbols it
/// was read as).
const LEFTOVER_SLACK: u32 = 2;
/// A legacy re-decoding needs at least this many non-ASCII characters to
/// go on: shorter strings are too ambiguous (`journÇe`).
const LEGACY_MIN_CHANGED: usize = 4;
/// A legacy mixup within the Latin script needs at least this many
/// non-ASCII characters (`journÇe` alone is left alone).
const LATIN_MIN_CHANGED: usize = 2;
/// A legacy mixup within the Latin script whose one non-ASCII character
/// is a capital inside a word (`zÑhlen`, which no orthography writes)
/// needs only one, among at least this many words of letters: enough of
/// the line's language for the model to go on.
const LATIN_ONE_CHANGE_WORDS: usize = 6;
/// The margin of a legacy mixup within the Latin script, which must also
/// show the signs of `latin` (text as read that no language writes, a
/// re-decoding that one language does).
const LATIN_MARGIN: u32 = 1;
/// How much more than the text as read (with its signs, less
/// [`LATIN_MARGIN`]) a legacy mixup within the Latin script that shows a
/// strong sign may cost when the words it changes go on as a native
/// language's (see `latin::writes_like_native`).
const LATIN_NATIVE_SLACK: u32 = 6;
/// The same for a multi-byte (CJK) re-decoding, which merges characters.
const LEGACY_MIN_CHANGED_MULTI_BYTE: usize = 8;
/// Rounds of fixing before giving up on a fixed point.
const MAX_ROUNDS: usize = 8;

/// `fix_encoding` in extended mode: ftfy's fix, or a recovery the model
/// finds far better, repeated until neither changes the text. Steps go to
/// `plan` when given.
fn fix_encoding<'a>(
    text: &'a str,
    config: &TextFixerConfig,
    mut plan: Option<&mut Vec<ExplanationStep>>,
) -> Cow<'a, str> {
    // ftfy leaves ASCII alone, and so does recovery.
    if text.is_ascii() {
        return Cow::Borrowed(text);
    }
    let mut current = Cow::Borrowed(text);
    // Characters that re-decoding has merged so far: evidence that this
    // line is mojibake, which lets a later round fix the leftovers.
    let mut merged_so_far = 0;
    for _ in 0..MAX_ROUNDS {
        let mut ftfy_plan = Vec::new();
        let ftfy = ftfy_fix_encoding(&current, config, plan.is_some().then_some(&mut ftfy_plan));
        // (ftfy's answer is borrowed exactly when it changed nothing.)
        let ftfy_changed = match ftfy {
            Cow::Borrowed(_) => None,
            Cow::Owned(fixed) => (fixed != *current).then_some(fixed),
        };
        let recovered = recover(&current, ftfy_changed.as_deref(), merged_so_far);
        let (text, steps) = match (recovered, ftfy_changed) {
            (Some(candidate), _) => (candidate.text, candidate.plan),
            (None, Some(text)) => (text, ftfy_plan),
            (None, None) => {
                if let Some(plan) = plan.as_deref_mut() {
                    plan.extend(ftfy_plan);
                }
                break;
            }
        };
        if let Some(plan) = plan.as_deref_mut() {
            plan.extend(steps);
        }
        merged_so_far += current.chars().count().saturating_sub(text.chars().count());
        current = Cow::Owned(text);
    }
    current
}

/// Extended recovery as the pipeline's [`EncodingFixer`].
pub(crate) struct ExtendedRecovery;

impl EncodingFixer for ExtendedRecovery {
    fn fix_encoding<'a>(
        &self,
        text: &'a str,
        config: &TextFixerConfig,
        plan: Option<&mut Vec<ExplanationStep>>,
    ) -> Cow<'a, str> {
        fix_encoding(text, config, plan)
    }

    fn fix_in_round<'a>(
        &self,
        text: &'a str,
        config: &TextFixerConfig,
        _known: RoundFacts<'_>,
    ) -> RoundFix<'a> {
        RoundFix {
            text: fix_encoding(text, config, None),
            end: None,
            found_clean: false,
        }
    }

    fn settles_like_ftfy(&self) -> bool {
        false
    }

    fn may_change_clean(&self, text: &str, scanned: ScanFacts) -> bool {
        scanned.encodable && may_change_clean(text, scanned.continuation)
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
fn recover(text: &str, ftfy: Option<&str>, merged_so_far: usize) -> Option<Candidate> {
    if text.is_ascii() {
        return None;
    }
    // One cheap pass rules out most clean text, and most codecs.
    let viable = prefilter::viable(text)?;
    // A single weak sequence needs earlier merges on the line.
    if viable.weak && merged_so_far < 2 {
        return None;
    }
    if merged_so_far < 2 && only_rereads_clean_words(text, viable) {
        return None;
    }
    recover_viable(text, ftfy, merged_so_far, viable)
}

/// Whether the only candidates `viable` allows are span repairs that
/// [`recover_viable`] would turn down on a first look at `text`, before
/// any is scored ([`spans::every_repair_is_turned_down`]). Persian and
/// Urdu lines, whose letters often make UTF-8 sequences in Windows-1256,
/// stop here.
fn only_rereads_clean_words(text: &str, viable: prefilter::Viable) -> bool {
    if viable.line != 0 || viable.legacy != 0 || !prefilter::shows_no_hard_sign(text) {
        return false;
    }
    let scripts = model::scripts_of(text);
    UTF8_TRANSFORMS
        .iter()
        .enumerate()
        .filter(|&(bit, _)| viable.spans & (1 << bit) != 0)
        .all(|(_, transform)| spans::every_repair_is_turned_down(text, transform.encoder, &scripts))
}

/// [`recover`], trying only the candidates that `viable` allows.
fn recover_viable(
    text: &str,
    ftfy: Option<&str>,
    merged_so_far: usize,
    viable: prefilter::Viable,
) -> Option<Candidate> {
    let before = if merged_so_far < 2 {
        model::score_unless_clean(text)?
    } else {
        model::score(text)
    };
    // ftfy's answer stands unless the model finds it unlike any language
    // too (the wrong codec won: `Shqipƫri`).
    let ftfy_cost = ftfy.map(model::cost);
    // What a straightened quote leaves of a UTF-8 sequence, in the text
    // as read or in ftfy's answer, is a sign for UTF-8 re-decodings.
    let straightened = straightened_sequences(text);
    let utf8_before = model::Score {
        cost: before.cost + STRAIGHTENED_SEQUENCE * straightened,
        hard: before.hard + straightened,
    };
    let utf8_ftfy_cost = ftfy
        .zip(ftfy_cost)
        .map(|(ftfy, cost)| cost + STRAIGHTENED_SEQUENCE * straightened_sequences(ftfy));
    // (Or writes accented letters that no one language writes together,
    // or an accented capital inside a sentence, where another codec may
    // read one language's, or a small letter: `båðum` for `báðum`, `În`
    // for `în`.)
    let ftfy_may_be_misread = || {
        ftfy.is_some_and(|ftfy| {
            !latin::letters_of(ftfy).one_language_writes()
                || accented_capitals_inside_sentences(ftfy) > 0
        })
    };
    if utf8_ftfy_cost.is_some_and(|cost| cost < FTFY_SUSPECT) && !ftfy_may_be_misread() {
        return None;
    }
    let reference = ftfy_cost.map_or(before.cost, |cost| before.cost.min(cost));
    let utf8_reference = utf8_ftfy_cost.map_or(utf8_before.cost, |cost| utf8_before.cost.min(cost));
    // Every fix must cost at least a margin less than the text as read,
    // except leftovers: cheap text has nothing to gain.
    if merged_so_far < 2 && utf8_before.cost < UTF8_MARGIN {
        return None;
    }
    let counts = Counts::of(text);
    let (symbols, length, non_ascii) = (counts.symbols, counts.chars, counts.non_ascii);
    let mut utf8_candidates = Vec::new();
    // Codecs through which the whole line re-decodes: their span repair
    // could only fix part of the same (`a├░ ├╛arf nær`, of which the
    // model likes the box drawing better than `þ`).
    let mut whole_lines = 0u16;
    for (bit, &transform) in UTF8_TRANSFORMS.iter().enumerate() {
        if viable.line & (1 << bit) != 0 {
            if let Some(candidate) = whole_line(text, transform) {
                utf8_candidates.push(candidate);
                whole_lines |= 1 << bit;
            }
        }
    }
    // Text that ftfy fixes, or that decodes as UTF-8 as a whole, is UTF-8
    // mojibake: not a mixup within the Latin script (`Ä°stanbul`).
    let utf8_mojibake = ftfy.is_some() || !utf8_candidates.is_empty();
    let repairs: &[Repair] = if viable.spans == 0 || !spans::may_hold_utf8(text) {
        &[]
    } else if merged_so_far >= 2 {
        &[Repair::Likelier, Repair::Leftovers]
    } else {
        &[Repair::Likelier]
    };
    for &repair in repairs {
        for (bit, &transform) in UTF8_TRANSFORMS.iter().enumerate() {
            if (viable.spans & !whole_lines) & (1 << bit) == 0 {
                continue;
            }
            if let Cow::Owned(fixed) = spans::repair_spans(text, transform.encoder, repair) {
                let codec = candidates::charmap(transform.encoder);
                if let Some(name) = codec.and_then(|codec| ExtensionFix::spans(codec, repair)) {
                    let plan = vec![ExplanationStep::Apply(Fix::Extension(name))];
                    utf8_candidates.push(Candidate { text: fixed, plan });
                }
            }
        }
    }
    // Where one re-decoded sequence is all there is and codecs disagree on
    // it (`DrÃ¥ber`: Latin-1 or MacRoman?), it is safest to decode neither.
    let ambiguous = utf8_candidates
        .iter()
        .any(|candidate| candidate.text != utf8_candidates[0].text);
    // Unless the readings are those of two codecs of one region, which
    // place some letters apart, and the model finds one far likelier than
    // the other (`prüfung`, not `prßfung`, for ISO-8859-2's `prĂźfung`
    // read again as Windows-1250). (Latin-1 and MacRoman, say, stay
    // ambiguous.)
    let readings: Vec<(String, &str, u32)> = if ambiguous {
        utf8_candidates
            .iter()
            .map(|candidate| {
                let cost = model::cost(&candidate.text);
                (
                    candidate.text.clone(),
                    region(read_through(candidate)),
                    cost,
                )
            })
            .collect()
    } else {
        Vec::new()
    };
    let far_likeliest = |candidate: &Candidate, cost: u32| {
        let own_region = region(read_through(candidate));
        readings.iter().all(|(other, other_region, other_cost)| {
            *other == candidate.text
                || (*other_region == own_region && cost + UTF8_MARGIN <= *other_cost)
        })
    };
    // The best candidate writes in the fewest scripts, then costs least.
    // The cheap checks come first: most candidates fail them.
    let mut best: Option<(CandidateKey, Candidate)> = None;
    let text_scripts = std::cell::OnceCell::new();
    // What the text as read shows of a mixup within the Latin script
    // (signs other than hard ones; all its letters Latin), worked out once.
    let latin_mixup = std::cell::OnceCell::new();
    let latin_letters_only = std::cell::OnceCell::new();
    let latin_signs = std::cell::OnceCell::new();
    // Whether the text as read has one foreign capital inside a word among
    // enough words to go on (for a single change within the Latin script).
    let one_change_suffices = std::cell::OnceCell::new();
    let mut consider = |candidate: Candidate, legacy: bool| {
        let candidate_length = candidate.text.chars().count();
        let merged = length.saturating_sub(candidate_length);
        if legacy {
            // A single-byte mixup maps letters to letters.
            let same_length = candidate_length == length;
            let keeps_letters = !same_length || letter_count(&candidate.text) >= counts.letters;
            // Hard signs (`schьtzen`: a Cyrillic letter in a German word)
            // are evidence enough in one character, signs of a mixup
            // within the Latin script (`donnÇes`) in two, for a reading
            // that stays within it (not Vietnamese `áß` as Windows-1251's
            // `сп`). A multi-byte
            // (CJK) reading needs more: it makes one character of two,
            // so that any short string with a hard sign would make some
            // ideograph (`ºC`, a typo for `°C`, as GBK's `慢`).
            let enough = if !same_length {
                if before.hard > 0 {
                    LEGACY_MIN_CHANGED
                } else {
                    LEGACY_MIN_CHANGED_MULTI_BYTE
                }
            } else if before.hard > 0
                || (*latin_letters_only.get_or_init(|| latin::has_only_latin_letters(text))
                    && *one_change_suffices.get_or_init(|| {
                        latin::has_foreign_capital_inside_word(text)
                            && words_of_letters(text) >= LATIN_ONE_CHANGE_WORDS
                    })
                    && latin::has_only_latin_letters(&candidate.text))
            {
                1
            } else if (LATIN_MIN_CHANGED..LEGACY_MIN_CHANGED).contains(&non_ascii)
                && *latin_letters_only.get_or_init(|| latin::has_only_latin_letters(text))
                && *latin_mixup.get_or_init(|| latin::mixup_sign(text, 0)) != latin::Sign::None
                && latin::has_only_latin_letters(&candidate.text)
            {
                LATIN_MIN_CHANGED
            } else {
                LEGACY_MIN_CHANGED
            };
            if !keeps_letters
                || non_ascii < enough
                || (same_length && !makes_letters(text, &candidate.text))
            {
                return;
            }
        } else if merged_so_far < 2
            && utf8_before.hard == 0
            && merged <= 1
            && !opens_inverted_question(text, &candidate.text)
            && !shows_latin_sign(text, &candidate.text)
        {
            // One re-decoded sequence is weak evidence: it needs a hard
            // sign of mojibake in the text as read (or a Spanish `¿` that
            // the line's `?` closes, or Latin letters no language writes
            // that the re-decoding makes one language's), and no other
            // reading.
            return;
        } else if merged_so_far < 2
            && utf8_before.hard == 0
            && rereads_letters_in_new_script(text, &candidate.text)
        {
            // A re-decoding needs a sign in the words it re-reads: a clean
            // word's letters may happen to be UTF-8 in some codec (Urdu
            // `وکٹ` read as Windows-1256 is `昊`).
            return;
        } else if merged_so_far < 2
            && merged <= 2
            && glues_ideograph_to_latin(text, &candidate.text)
        {
            // Nor can one sequence that makes an ideograph inside a Latin
            // word of a line that has none (`Σçöp`, a sum sign before a
            // Turkish word, read as CP437's `䇔p`).
            return;
        }
        if model::symbol_count(&candidate.text) > symbols {
            return;
        }
        let mut within_latin = false;
        let mut latin_sign = latin::Sign::None;
        if legacy {
            // A script the text did not have must make most of the letters
            // (Russian read as Latin-1), not a word here and there (`à` as
            // Cyrillic `а` in French).
            let (new, all) = model::letters_outside(
                &candidate.text,
                text_scripts.get_or_init(|| model::scripts_of(text)),
            );
            // A mixup within the Latin script: Latin letters only, on both
            // sides, and accented ones on one (`l‚ger` for `léger`).
            within_latin = new == 0
                && *latin_letters_only.get_or_init(|| latin::has_only_latin_letters(text))
                && (counts.latin_accents || has_latin_accents(&candidate.text));
            if within_latin {
                latin_sign = if before.hard > 0 {
                    latin::Sign::Strong
                } else {
                    *latin_mixup.get_or_init(|| latin::mixup_sign(text, 0))
                };
            }
            // A multi-byte (CJK) re-decoding that makes no letters of a new
            // script merged symbols into symbols (`ve¡a` as Big5's `ve｛`).
            let merges_into_symbols = new == 0 && candidate_length != length;
            if new * 2 < all * usize::from(new > 0)
                || merges_into_symbols
                || (within_latin && (utf8_mojibake || latin_sign == latin::Sign::None))
            {
                return;
            }
        }
        // Whether the words a mixup within the Latin script changes go on
        // as those of a language its code page was made for: what lets a
        // sign count for more (`latin::writes_like_native`).
        let native = within_latin
            && latin::writes_like_native(
                text,
                &candidate.text,
                last_decoder(&candidate),
                latin_sign == latin::Sign::Weak,
            );
        let kana = kana_penalty(&candidate);
        let after = if legacy {
            // Only a candidate that costs a margin less than the reference
            // can be accepted: scoring stops once it can't.
            let cap = if within_latin {
                // Symbols touching letters are what such mixups show
                // (`s±`, `móg³by`), and so are accented letters that no one
                // language writes together (Slovenian `razlièni` beside
                // `že` and `šola`), yet they cost the model little. A weak
                // sign (names of several languages show it) needs the
                // margin of other legacy mixups instead, which its foreign
                // letters must not pay for.
                // Unless the words it changes go on as those of a language
                // its code page was made for (`latin::writes_like_native`),
                // which also lets a strong sign's reading cost a little more
                // than the text as read: the model's letter pairs are those
                // of every language at once, which like Icelandic `ð` and
                // Danish `ø` as well as Lithuanian `š` and `ų`.
                let (margin, foreign, slack) = match latin_sign {
                    latin::Sign::Strong | latin::Sign::Foreign if native => {
                        (LATIN_MARGIN, true, LATIN_NATIVE_SLACK)
                    }
                    latin::Sign::Strong => (LATIN_MARGIN, true, 0),
                    latin::Sign::Weak if native => (LATIN_MARGIN, false, 0),
                    latin::Sign::Weak | latin::Sign::Foreign | latin::Sign::None => {
                        (LEGACY_MARGIN, false, 0)
                    }
                };
                let signs = *latin_signs.get_or_init(|| {
                    let foreign = if foreign {
                        latin::foreign_letters_cost(text)
                    } else {
                        0
                    };
                    latin::signs_by_letters(text).saturating_add(foreign)
                });
                reference
                    .saturating_add(signs)
                    .saturating_add(slack)
                    .checked_sub(margin)
            } else {
                reference.checked_sub(LEGACY_MARGIN + kana)
            };
            let Some(cap) = cap else {
                return;
            };
            match model::score_capped(&candidate.text, cap) {
                Some(score) => model::Score {
                    cost: score.cost + kana,
                    hard: score.hard,
                },
                None => return,
            }
        } else {
            let mut after = model::score(&candidate.text);
            after.cost = after.cost.saturating_add(kana);
            after
        };
        if after.hard > 0 {
            return;
        }
        let accepted = if legacy {
            if within_latin {
                // The signs of `latin` do the work of the share.
                latin::accepts(
                    text,
                    &candidate.text,
                    last_decoder(&candidate),
                    latin_sign,
                    native,
                )
            } else {
                let (changed_before, changed_after) = changed_words_cost(text, &candidate.text);
                after.cost + LEGACY_MARGIN <= reference
                    && changed_after * LEGACY_SHARE <= changed_before
            }
        } else if merged_so_far >= 2
            && merged > 0
            && after.cost
                <= utf8_reference + LEFTOVER_SLACK * u32::try_from(merged).unwrap_or(u32::MAX)
            && !rereads_letters_in_new_script(text, &candidate.text)
        {
            // Leftovers of mojibake already undone on this line, such as a
            // one-letter word (`╨▓` for `в`) that gave no sign. (Others
            // are weighed as on a first look, which a second fix of the
            // line takes.)
            true
        } else {
            // Another codec's reading of the same sequences as ftfy's
            // answer (the whole line's, or its damaged words', `по` where
            // ftfy's `decode_inconsistent_utf8` read `пО`) is weighed
            // against the text as read, and need only beat ftfy's: with
            // fewer capitals inside words (`sætter` where ftfy read
            // `sÌtter`), or else by a margin.
            // (ftfy has then decided that the text changes: codecs that
            // disagree on it make it no more ambiguous.)
            let mut ambiguous = ambiguous;
            let reference = match (ftfy, utf8_ftfy_cost) {
                (Some(ftfy), Some(ftfy_cost))
                    if ftfy.chars().count() == candidate_length
                        && matches!(
                            candidate.plan.first(),
                            Some(ExplanationStep::Encode(_) | ExplanationStep::Apply(_))
                        ) =>
                {
                    ambiguous = false;
                    let better = match capitals_inside_words(&candidate.text)
                        .cmp(&capitals_inside_words(ftfy))
                    {
                        std::cmp::Ordering::Less => true,
                        std::cmp::Ordering::Equal => {
                            after.cost + UTF8_MARGIN <= ftfy_cost
                                || (after.cost <= ftfy_cost
                                    && reads_likelier(&candidate.text, ftfy))
                        }
                        std::cmp::Ordering::Greater => false,
                    };
                    if !better {
                        return;
                    }
                    utf8_before.cost
                }
                _ => utf8_reference,
            };
            match (merged, utf8_before.hard) {
                (0, _) => after.cost + UTF8_MARGIN <= reference && utf8_before.hard > 0,
                (1, 0) if opens_inverted_question(text, &candidate.text) => {
                    !ambiguous && after.cost < reference
                }
                (1, _) => {
                    (!ambiguous || far_likeliest(&candidate, after.cost))
                        && after.cost + SINGLE_SEQUENCE_MARGIN <= reference
                }
                (_, 0) => after.cost + SOFT_MARGIN <= reference,
                _ => after.cost + UTF8_MARGIN <= reference,
            }
        };
        if !accepted {
            return;
        }
        // ftfy's answer is a whole-line reading: a candidate that keeps a
        // letter of another script (`Г` where ftfy read `à`) is not better.
        if !legacy
            && ftfy.is_some_and(|ftfy| model::letters_in_new_scripts(&candidate.text, ftfy).0 > 0)
        {
            return;
        }
        // Then accented letters that one language writes, fewer capitals
        // inside words, then (of single-byte legacy readings, which map
        // letters to letters) fewer words that start with a character that
        // is not a letter (Windows-1253 reads `Ά` where ISO-8859-7 reads
        // `’`, and ISO-8859-7 `Ά` where Windows-1253 reads `¶`), the lower
        // cost, fewer capitals: ISO-8859-2 and Windows-1250 place some
        // letters apart, so that one reads `sætter`, `în`, `þýska … á`
        // where the other reads `sÌtter`, `În`, `Þýska … å`, which the
        // letter-pair model may like as well.
        let non_letter_starts = if legacy && candidate_length == length {
            non_letter_word_starts(&candidate.text)
        } else {
            0
        };
        let key = (
            model::script_count(&candidate.text),
            !latin::letters_of(&candidate.text).one_language_writes(),
            capitals_inside_words(&candidate.text),
            non_letter_starts,
            after.cost,
            candidate.text.chars().filter(|c| c.is_uppercase()).count(),
        );
        if best.as_ref().is_none_or(|(best_key, _)| key < *best_key)
            && is_plausible(text, &candidate.text)
        {
            best = Some((key, candidate));
        }
    };
    for candidate in utf8_candidates {
        consider(candidate, false);
    }
    if before.cost >= LEGACY_MARGIN {
        // The text's bytes in each encoder, made once.
        let mut encoded: Vec<(&str, Option<Vec<u8>>)> = Vec::new();
        let cyrillic_signs = std::cell::OnceCell::new();
        for (index, &transform) in LEGACY_TRANSFORMS.iter().enumerate() {
            debug_assert!(matches!(transform.decoder, Decoder::Legacy(_)));
            if !viable.legacy_through(transform.encoder) {
                continue;
            }
            if let Decoder::Legacy(decoder) = transform.decoder {
                if transform.encoder == cyrillic::READ_AS
                    && !cyrillic_signs
                        .get_or_init(|| cyrillic::Signs::of(text))
                        .allow(decoder)
                {
                    continue;
                }
            }
            let bytes = match encoded.iter().find(|(name, _)| *name == transform.encoder) {
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
            // turned down by `consider` anyway.
            if let Some(facts) = candidates::byte_facts(index) {
                let (mut defined, mut letters, mut added_symbols) = (true, 0usize, 0usize);
                for &byte in bytes {
                    let byte = usize::from(byte);
                    defined &= facts.defined[byte];
                    letters += usize::from(facts.alphabetic[byte]);
                    added_symbols += usize::from(facts.symbol[byte]);
                }
                if !defined || added_symbols > symbols || letters < counts.letters {
                    continue;
                }
            }
            if let Some(candidate) = whole_line_encoded(text, transform, bytes) {
                consider(candidate, true);
            }
        }
    }
    best.map(|(_, candidate)| candidate)
}

/// Whether `candidate`, another codec's reading of the sequences that
/// ftfy read as `ftfy`, reads likelier in ways the letter-pair model
/// doesn't weigh: its accented letters are one language's where ftfy's
/// are no one language's (`báðum`, not `båðum`, beside `ð`), or it is
/// the same letters with fewer accented capitals inside sentences (`în`,
/// not `În`).
fn reads_likelier(candidate: &str, ftfy: &str) -> bool {
    let one_language = |text: &str| latin::letters_of(text).one_language_writes();
    (one_language(candidate) && !one_language(ftfy))
        || (accented_capitals_inside_sentences(candidate)
            < accented_capitals_inside_sentences(ftfy)
            && candidate.to_lowercase() == ftfy.to_lowercase())
}

/// How many capitals of `text` that are not ASCII stand elsewhere than
/// at the start of a sentence (after the line's start or `.`, `!`, `?`).
fn accented_capitals_inside_sentences(text: &str) -> usize {
    let mut count = 0;
    let mut sentence_start = true;
    for c in text.chars() {
        if c.is_alphanumeric() {
            count += usize::from(!sentence_start && !c.is_ascii() && c.is_uppercase());
            sentence_start = false;
        } else if matches!(c, '.' | '!' | '?') {
            sentence_start = true;
        }
    }
    count
}

/// Whether a single-byte re-decoding `candidate` of `text` makes letters
/// of most of the characters it changes: a mixup maps letters to letters,
/// so a reading that turns symbols into other symbols (`ve¡a` as
/// ISO-8859-7's `ve‘a`) explains nothing, nor one that turns a letter
/// into a symbol as much as a symbol into a letter (`ú·` as CP850's `·À`).
fn makes_letters(text: &str, candidate: &str) -> bool {
    let (mut changed, mut letters) = (0, 0);
    for (before, after) in text.chars().zip(candidate.chars()) {
        if before != after {
            changed += 1;
            letters += usize::from(after.is_alphabetic());
        }
    }
    2 * letters > changed
}

/// Whether `candidate` has an ideograph, kana or Hangul syllable beside a
/// Latin letter where `text` has none of them.
fn glues_ideograph_to_latin(text: &str, candidate: &str) -> bool {
    let is_cjk = |c: char| matches!(chars::info(c).kind, model::Kind::Ideograph);
    let is_latin = |c: char| matches!(chars::info(c).kind, model::Kind::Letter(1));
    !text.chars().any(is_cjk)
        && candidate
            .chars()
            .zip(candidate.chars().skip(1))
            .any(|(a, b)| (is_cjk(a) && is_latin(b)) || (is_latin(a) && is_cjk(b)))
}

/// The codec that the last step of a candidate's plan decodes with.
fn last_decoder(candidate: &Candidate) -> &str {
    candidate
        .plan
        .last()
        .map_or("", |step| step.parameter_name())
}

/// The words of `text` (split at white space) that hold a letter.
fn words_of_letters(text: &str) -> usize {
    text.split_whitespace()
        .filter(|word| word.chars().any(char::is_alphabetic))
        .count()
}

/// How many words start with a character other than ASCII that is not a
/// letter and go on with a letter (`’σκηση`, `¶μεσα`).
fn non_letter_word_starts(text: &str) -> usize {
    let mut count = 0;
    let mut before = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        count += usize::from(
            !c.is_ascii()
                && !chars::info(c).alphabetic
                && before.is_none_or(char::is_whitespace)
                && chars
                    .peek()
                    .is_some_and(|&next| chars::info(next).alphabetic),
        );
        before = Some(c);
    }
    count
}

/// The single-byte codec a UTF-8 candidate was read through (the encoder
/// of its plan's first step, or of its span repair).
fn read_through(candidate: &Candidate) -> &'static str {
    let name = candidate
        .plan
        .first()
        .map_or("", |step| step.parameter_name());
    name.rsplit(':').next().unwrap_or(name)
}

/// A name for the codecs of one region that a reader may have used
/// either of: ISO-8859-2 and Windows-1250, Latin-1 and Windows-1252.
/// Other codecs are their own region.
fn region(codec: &str) -> &str {
    match codec.trim_start_matches("sloppy-") {
        "iso-8859-2" | "windows-1250" => "central european",
        "latin-1" | "windows-1252" => "western european",
        _ => codec,
    }
}

/// Whether each word that `candidate` changes shows, as read, Latin
/// letters that no orthography writes so (a capital after the lowercase
/// letters that start the word, `prĂźfung`; accented letters that no one
/// language writes together, `ĂŠducation`), and reads, re-decoded, as one
/// language's, with no such capital: a sign of mojibake, if a softer one
/// than a symbol between letters.
fn shows_latin_sign(text: &str, candidate: &str) -> bool {
    let before: Vec<&str> = text.split(char::is_whitespace).collect();
    let after: Vec<&str> = candidate.split(char::is_whitespace).collect();
    if before.len() != after.len() {
        return false;
    }
    let mut changed = before.iter().zip(&after).filter(|(old, new)| old != new);
    let mut any = false;
    changed.all(|(old, new)| {
        any = true;
        (latin::has_capital_inside_word(old) || !latin::letters_of(old).one_language_writes())
            && latin::letters_of(new).one_language_writes()
            && !latin::has_capital_inside_word(new)
    }) && any
}

/// How candidates are ranked, least first: scripts written, accented
/// letters that no one language writes together, capitals inside words,
/// words that start with a character that is not a letter (of
/// single-byte legacy readings), the model's cost, capitals.
type CandidateKey = (u32, bool, usize, usize, u32, usize);

/// How many times `text` shows what a straightened quote leaves of a
/// UTF-8 sequence read as Windows-1252 or Latin-1: a capital that is a
/// lead byte there (C2–DE) between a lowercase letter and a `'` or `"` (`stwierdziÅ'`,
/// `hÅ'mérséklet` for `stwierdził`, `hőmérséklet`), which no text writes
/// and the model takes for a capital beside an apostrophe.
pub(crate) fn straightened_sequences(text: &str) -> u32 {
    let mut count = 0u32;
    let (mut before_last, mut last) = (' ', ' ');
    for c in text.chars() {
        if before_last.is_lowercase()
            && ('Â'..='Þ').contains(&last)
            && last.is_uppercase()
            && matches!(c, '\'' | '"')
        {
            count = count.saturating_add(1);
        }
        (before_last, last) = (last, c);
    }
    count
}

/// Whether `candidate` reads a word of `text` that is letters alone (and
/// ASCII punctuation) with no hard sign as letters of a script `text`
/// lacks: `䳺` for Ukrainian `діє`, whose Windows-1251 bytes are UTF-8,
/// where a leftover of mojibake shows symbols or scripts mixed
/// (`Щ…Ш§ШЎ` for `ماء`, `ΓÇö` for `—`).
fn rereads_letters_in_new_script(text: &str, candidate: &str) -> bool {
    let scripts = model::scripts_of(text);
    text.split_whitespace()
        .zip(candidate.split_whitespace())
        .any(|(word, reread)| {
            word != reread
                && model::letters_outside(reread, &scripts).0 > 0
                && word
                    .chars()
                    .all(|c| c.is_alphabetic() || c.is_ascii_punctuation())
                && model::word_score(word).hard == 0
        })
}

/// How many capitals follow a lowercase letter (`sÌtter`), which text
/// rarely writes.
fn capitals_inside_words(text: &str) -> usize {
    let mut previous_lowercase = false;
    let mut count = 0;
    for c in text.chars() {
        count += usize::from(previous_lowercase && c.is_uppercase());
        previous_lowercase = c.is_lowercase();
    }
    count
}

/// Whether `candidate` opens a question or exclamation with a Spanish
/// `¿` or `¡` that `text` lacked, at the start of a word, closed by a `?`
/// or `!` later in the line: `┬┐que diferencia hay?`, where the rest of
/// the line shows no sign of mojibake.
fn opens_inverted_question(text: &str, candidate: &str) -> bool {
    [('¿', '?'), ('¡', '!')]
        .into_iter()
        .any(|(opening, closing)| {
            let count = |text: &str| text.chars().filter(|&c| c == opening).count();
            count(candidate) > count(text)
                && candidate.match_indices(opening).any(|(at, _)| {
                    let starts_word = candidate[..at]
                        .chars()
                        .next_back()
                        .is_none_or(|before| before.is_whitespace() || before == '"');
                    let after = &candidate[at + opening.len_utf8()..];
                    starts_word
                        && after.chars().next().is_some_and(char::is_alphabetic)
                        && after.contains(closing)
                })
        })
}

/// The model's cost of the words that differ between `text` and
/// `candidate` (of each, in that order), or of the whole texts when their
/// words don't line up.
fn changed_words_cost(text: &str, candidate: &str) -> (u32, u32) {
    let before: Vec<&str> = text.split(char::is_whitespace).collect();
    let after: Vec<&str> = candidate.split(char::is_whitespace).collect();
    if before.len() != after.len() {
        return (model::cost(text), model::cost(candidate));
    }
    before
        .iter()
        .zip(&after)
        .filter(|(old, new)| old != new)
        .fold((0, 0), |(old_total, new_total), (old, new)| {
            (
                old_total + model::word_cost(old),
                new_total + model::word_cost(new),
            )
        })
}

/// Whether `text` has non-ASCII Latin letters: text where a mixup within
/// the Latin script (Icelandic `þ` read as Turkish `ş`) would look as
/// plausible as the original.
fn has_latin_accents(text: &str) -> bool {
    text.chars()
        .any(|c| !c.is_ascii() && chars::info(c).script() == Some(1))
}

/// What recovery counts in the text as read, in one pass.
struct Counts {
    chars: usize,
    non_ascii: usize,
    /// Alphabetic characters ([`letter_count`]).
    letters: usize,
    /// [`model::symbol_count`].
    symbols: usize,
    /// Whether it has non-ASCII Latin letters: text where a mixup within
    /// the Latin script (Icelandic `þ` read as Turkish `ş`) would look as
    /// plausible as the original.
    latin_accents: bool,
}

impl Counts {
    fn of(text: &str) -> Counts {
        let mut counts = Counts {
            chars: 0,
            non_ascii: 0,
            letters: 0,
            symbols: 0,
            latin_accents: false,
        };
        for c in text.chars() {
            counts.chars += 1;
            if c.is_ascii() {
                counts.letters += usize::from(c.is_ascii_alphabetic());
                continue;
            }
            let info = chars::info(c);
            counts.non_ascii += 1;
            counts.letters += usize::from(info.alphabetic);
            counts.symbols += usize::from(info.kind == model::Kind::Symbol);
            counts.latin_accents |= info.script() == Some(1);
        }
        counts
    }
}

/// What a kana adds to a reading through a Chinese or Korean codec:
/// Chinese and Korean text has none, so that one is at least as unusual
/// there as an ideograph the model's text lacks (`model`'s
/// `KNOWN_IDEOGRAPH`).
const KANA_IN_CHINESE_OR_KOREAN: usize = 2;

/// Japanese text has kana, which Chinese and Korean codecs also encode:
/// a reading of it through them costs [`KANA_IN_CHINESE_OR_KOREAN`] more
/// per kana (EUC-JP read as GBK keeps its kana, and reads its kanji as
/// common Chinese characters). Half-width
/// katakana, which Shift_JIS gives for most bytes it is wrongly handed,
/// cost four more each.
fn kana_penalty(candidate: &Candidate) -> u32 {
    let half_width = candidate
        .text
        .chars()
        .filter(|c| matches!(c, '\u{ff61}'..='\u{ff9f}'))
        .count();
    let half_width = u32::try_from(half_width * 4).unwrap_or(u32::MAX);
    let chinese_or_korean = candidate
        .plan
        .last()
        .is_some_and(|step| matches!(step.parameter_name(), "gbk" | "big5" | "euc-kr"));
    if !chinese_or_korean {
        return half_width;
    }
    let kana = candidate
        .text
        .chars()
        .filter(|c| matches!(c, '\u{3041}'..='\u{30ff}'))
        .count();
    u32::try_from(kana * KANA_IN_CHINESE_OR_KOREAN)
        .unwrap_or(u32::MAX)
        .saturating_add(half_width)
}

/// How many characters of `text` are alphabetic.
fn letter_count(text: &str) -> usize {
    text.chars().filter(|&c| chars::info(c).alphabetic).count()
}

/// Whether a candidate is text at all: no control characters, U+FFFD or
/// private-use characters that the text as read did not have, and nothing ftfy's own heuristic
/// calls mojibake.
fn is_plausible(text: &str, candidate: &str) -> bool {
    let suspicious = |c: char| {
        (c.is_control() && !c.is_whitespace())
            || matches!(c, '\u{fffd}' | '\u{e000}'..='\u{f8ff}' | '\u{f0000}'..)
    };
    if candidate.chars().filter(|&c| suspicious(c)).count()
        > text.chars().filter(|&c| suspicious(c)).count()
    {
        return false;
    }
    !is_bad(candidate)
}

/// The functions behind the names of [`ExtensionFix`] (the plans'
/// vocabulary, kept in the plan layer).
impl ExtensionFix {
    /// The function that repairs bytes, for `restore_continuation_bytes`.
    ///
    /// ```
    /// use ftfy::fixes::ExtensionFix;
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
    /// use ftfy::fixes::ExtensionFix;
    /// let fix = ExtensionFix::from_name("decode_utf8_spans:sloppy-windows-1252").unwrap();
    /// assert_eq!(fix.apply_text("žena i Å¡kola").unwrap(), "žena i škola");
    /// ```
    pub fn apply_text(self, text: &str) -> Option<Cow<'_, str>> {
        let (codec, repair) = self.span_repair()?;
        Some(spans::repair_spans(text, codec.name(), repair))
    }
}

/// Replays the repairs of [`ExtensionFix`] for [`crate::apply_plan`].
pub(crate) struct Replay;

impl ReplayExtension for Replay {
    fn byte_fix(&self, fix: ExtensionFix) -> Option<ByteFix> {
        fix.byte_fix()
    }

    fn apply_to_text(&self, fix: ExtensionFix, text: &str) -> Option<String> {
        fix.apply_text(text).map(Cow::into_owned)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn another_codec_may_read_likelier_than_ftfy() {
        assert!(reads_likelier("og í báðum", "og í båðum"));
        assert!(reads_likelier("durată în dreptate", "durată În dreptate"));
        assert!(!reads_likelier("În dreptate", "în dreptate"));
        assert!(!reads_likelier("Hörde", "HÜrde"));
        assert_eq!(accented_capitals_inside_sentences("Él dijo. Ésta Ésta"), 1);
    }

    #[test]
    fn latin_signs_of_one_sequence() {
        assert!(shows_latin_sign("aktion prĂźfung", "aktion prüfung"));
        assert!(shows_latin_sign(
            "naissance ĂŠducation",
            "naissance éducation"
        ));
        assert!(!shows_latin_sign("Sa dreptate", "Să dreptate"));
    }

    #[test]
    fn straightened_quotes_leave_a_sign() {
        assert_eq!(straightened_sequences("az hÅ'mérséklet és"), 1);
        assert_eq!(straightened_sequences("O'Neil, Åsa's, l'École, ÑŽ\""), 0);
        let config = TextFixerConfig::default().extended_recovery(true);
        // Soft signs alone, and ftfy's answer beside.
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

    proptest::proptest! {
        /// [`Counts`] counts what the one-purpose functions count.
        #[test]
        fn counts_agree_with_the_functions(text in "[a-zA-Z0-9 .é€ŸœĂ\u{ad}©±×÷Ё-ӿΑ-ωא-ת؀-ۿ☃─-╿日本😀\u{300}]{0,24}") {
            let counts = Counts::of(&text);
            proptest::prop_assert_eq!(counts.chars, text.chars().count());
            proptest::prop_assert_eq!(counts.non_ascii, text.chars().filter(|c| !c.is_ascii()).count());
            proptest::prop_assert_eq!(counts.letters, letter_count(&text));
            proptest::prop_assert_eq!(counts.symbols, model::symbol_count(&text));
            let latin_accents = text
                .chars()
                .any(|c| !c.is_ascii() && model::script_of(c) == Some(1));
            proptest::prop_assert_eq!(counts.latin_accents, latin_accents);
        }
    }
}
