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

mod alphabets;
mod bounds;
mod budget;
mod candidates;
mod chars;
mod cyrillic;
mod latin;
mod model;
mod judge;
mod prefilter;
mod readings;
mod repairs;
mod signs;
mod spans;
mod tables;

use std::borrow::Cow;

use crate::badness::is_bad;
use crate::encoding::{ftfy_fix_encoding, EncodingFixer, RoundFacts, RoundFix, ScanFacts};
use crate::fixes::ByteFix;
use crate::plan::ExplanationStep;
use crate::plan::ExtensionFix;
use crate::replay::ReplayExtension;
use crate::TextFixerConfig;
use bounds::Bound;
use budget::{Budget, Exhausted};
use candidates::{Candidate, UTF8_TRANSFORMS};

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
    plan: Option<&mut Vec<ExplanationStep>>,
) -> Cow<'a, str> {
    // ftfy leaves ASCII alone, and so does recovery.
    if text.is_ascii() {
        return Cow::Borrowed(text);
    }
    fix_encoding_within(text, config, plan, &Budget::for_text(text))
}

/// [`fix_encoding`] within `budget`.
fn fix_encoding_within<'a>(
    text: &'a str,
    config: &TextFixerConfig,
    mut plan: Option<&mut Vec<ExplanationStep>>,
    budget: &Budget,
) -> Cow<'a, str> {
    let mut current = Cow::Borrowed(text);
    let plan_start = plan.as_deref().map_or(0, Vec::len);
    // What earlier rounds did: characters that re-decoding has merged so
    // far (evidence that this line is mojibake, which lets a later round
    // fix the leftovers), and whether a legacy mixup was undone (a text
    // is read in the wrong code page once).
    let mut earlier = judge::Earlier::default();
    for _ in 0..MAX_ROUNDS {
        let mut ftfy_plan = Vec::new();
        let ftfy = ftfy_fix_encoding(&current, config, plan.is_some().then_some(&mut ftfy_plan));
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
            return ftfy_fix_encoding(text, config, plan);
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
        if let Some(plan) = plan.as_deref_mut() {
            plan.extend(steps);
        }
        earlier.merged += current.chars().count().saturating_sub(text.chars().count());
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
    if text.is_ascii() || bounds::on(Bound::NoPrefilter) {
        return false;
    }
    if !text.is_ascii() {
        return true;
    }
    let viable = if continuation {
        prefilter::viable(text)
    } else {
        prefilter::viable_without_continuations(text)
    };
    if bounds::on(Bound::PrefilterOnly) {
        return false;
    }
    // (The first round: nothing merged yet.)
    viable.is_some_and(|viable| !viable.weak && !only_rereads_clean_words(text, viable))
}

/// The best re-decoding of `text` if the model finds it overwhelmingly
/// better than both `text` and ftfy's answer `ftfy` (when ftfy changes it).
fn recover(
    text: &str,
    ftfy: Option<&str>,
    earlier: judge::Earlier,
    budget: &Budget,
) -> Result<Option<Candidate>, Exhausted> {
    if text.is_ascii() {
        return Ok(None);
    }
    budget.charge(text.len())?;
    // One cheap pass rules out most clean text, and most codecs.
    let viable = if true || bounds::on(Bound::Recovery) {
        prefilter::Viable {
            legacy: u16::MAX,
            weak: false,
            ..prefilter::viable(text).unwrap_or(prefilter::Viable::NOTHING)
        }
    } else {
        match prefilter::viable(text) {
            Some(viable) => viable,
            None => return Ok(None),
        }
    };
    // A single weak sequence needs earlier merges on the line.
    judge::recover_viable(text, ftfy, earlier, viable, budget)
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
    let scripts = readings::Scripts::of(text);
    UTF8_TRANSFORMS
        .iter()
        .enumerate()
        .filter(|&(bit, _)| viable.spans & (1 << bit) != 0)
        .all(|(_, transform)| spans::every_repair_is_turned_down(text, transform.encoder, scripts))
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
        // Replaying a plan does one repair: no budget needed.
        spans::repair_spans(text, codec.name(), repair, &Budget::unlimited()).ok()
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
