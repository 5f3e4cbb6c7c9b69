//! Choosing among the candidate re-decodings of a line: each is judged
//! against the text as read (and ftfy's answer) by the model's cost, with
//! the evidence each kind of re-decoding needs, and the best one that
//! passes wins.

use std::cell::OnceCell;

use super::bounds::{self, Bound};
use super::budget::{Budget, Exhausted};
use super::candidates::{
    self, whole_line, whole_line_encoded, Candidate, Decoder, LEGACY_TRANSFORMS, UTF8_TRANSFORMS,
};
use super::*;
use crate::plan::{ExplanationStep, ExtensionFix, Fix, SpanRepair as Repair};

/// [`super::recover`], trying only the candidates that `viable` allows.
pub(super) fn recover_viable(
    text: &str,
    ftfy: Option<&str>,
    merged_so_far: usize,
    viable: prefilter::Viable,
    budget: &Budget,
) -> Result<Option<Candidate>, Exhausted> {
    let Some(mut judge) = Judge::new(text, ftfy, merged_so_far, budget) else {
        return Ok(None);
    };
    let (utf8_candidates, utf8_mojibake) =
        utf8_candidates(text, ftfy, merged_so_far, viable, budget)?;
    judge.utf8_mojibake = utf8_mojibake;
    judge.weigh_ambiguity(&utf8_candidates)?;
    let mut best = None;
    for candidate in utf8_candidates {
        judge.consider(candidate, false, &mut best)?;
    }
    if judge.before.cost >= LEGACY_MARGIN {
        for_each_legacy_candidate(text, viable, &judge.counts, budget, |candidate| {
            judge.consider(candidate, true, &mut best)
        })?;
    }
    Ok(best.map(|(_, candidate)| candidate))
}

/// The UTF-8 re-decodings `viable` allows: of the whole line, then of its
/// damaged words; and whether the text is UTF-8 mojibake (ftfy fixes it,
/// or it decodes as UTF-8 as a whole): not a mixup within the Latin
/// script (`Ä°stanbul`).
fn utf8_candidates(
    text: &str,
    ftfy: Option<&str>,
    merged_so_far: usize,
    viable: prefilter::Viable,
    budget: &Budget,
) -> Result<(Vec<Candidate>, bool), Exhausted> {
    let mut utf8_candidates = Vec::new();
    // Codecs through which the whole line re-decodes: their span repair
    // could only fix part of the same (`a├░ ├╛arf nær`, of which the
    // model likes the box drawing better than `þ`).
    let mut whole_lines = 0u16;
    for (bit, &transform) in UTF8_TRANSFORMS.iter().enumerate() {
        if viable.line & (1 << bit) != 0 {
            budget.charge(text.len())?;
            if let Some(candidate) = whole_line(text, transform) {
                utf8_candidates.push(candidate);
                whole_lines |= 1 << bit;
            }
        }
    }
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
            budget.charge(text.len())?;
            if let Cow::Owned(fixed) = spans::repair_spans(text, transform.encoder, repair, budget)?
            {
                let codec = candidates::charmap(transform.encoder);
                if let Some(name) = codec.and_then(|codec| ExtensionFix::spans(codec, repair)) {
                    let plan = vec![ExplanationStep::Apply(Fix::Extension(name))];
                    utf8_candidates.push(Candidate { text: fixed, plan });
                }
            }
        }
    }
    Ok((utf8_candidates, utf8_mojibake))
}

/// Calls `visit` with each legacy re-decoding of `text` that `viable`
/// allows and that may keep its letters (`counts`, of the text as read).
fn for_each_legacy_candidate(
    text: &str,
    viable: prefilter::Viable,
    counts: &Counts,
    budget: &Budget,
    mut visit: impl FnMut(Candidate) -> Result<(), Exhausted>,
) -> Result<(), Exhausted> {
    // The text's bytes in each encoder, made once.
    let mut encoded: Vec<(&str, Option<Vec<u8>>)> = Vec::new();
    let cyrillic_signs = OnceCell::new();
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
        budget.charge(text.len())?;
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
        // turned down by `Judge::consider` anyway.
        if let Some(facts) = candidates::byte_facts(index) {
            let (mut defined, mut letters, mut added_symbols) = (true, 0usize, 0usize);
            for &byte in bytes {
                let byte = usize::from(byte);
                defined &= facts.defined[byte];
                letters += usize::from(facts.alphabetic[byte]);
                added_symbols += usize::from(facts.symbol[byte]);
            }
            if !defined || added_symbols > counts.symbols || letters < counts.letters {
                continue;
            }
        }
        if let Some(candidate) = whole_line_encoded(text, transform, bytes) {
            visit(candidate)?;
        }
    }
    Ok(())
}

/// What a legacy reading is, as far as the Latin script goes.
#[derive(Clone, Copy)]
struct Mixup {
    /// Latin letters only, on both sides, and accented ones on one
    /// (`l‚ger` for `léger`).
    within_latin: bool,
    /// The sign of a mixup within the Latin script the text as read shows.
    sign: latin::Sign,
    /// Whether the words the mixup changes go on as those of a language
    /// its code page was made for: what lets a sign count for more
    /// (`latin::writes_like_native`).
    native: bool,
}

/// What the candidates of a line are judged against: the text as read,
/// ftfy's answer, and what is worked out of the text once.
struct Judge<'t> {
    text: &'t str,
    budget: &'t Budget,
    ftfy: Option<&'t str>,
    merged_so_far: usize,
    before: model::Score,
    /// `before` with what straightened quotes left as signs for UTF-8
    /// re-decodings.
    utf8_before: model::Score,
    utf8_ftfy_cost: Option<u32>,
    /// What a candidate must beat: the text as read, or ftfy's answer.
    reference: u32,
    utf8_reference: u32,
    counts: Counts,
    utf8_mojibake: bool,
    /// Whether the UTF-8 candidates disagree (see [`Judge::weigh_ambiguity`]).
    ambiguous: bool,
    readings: Vec<(String, &'static str, u32)>,
    // What the text as read shows, worked out once when first needed.
    text_scripts: OnceCell<[bool; 256]>,
    /// Signs of a mixup within the Latin script, other than hard ones.
    latin_mixup: OnceCell<latin::Sign>,
    latin_letters_only: OnceCell<bool>,
    latin_signs: OnceCell<u32>,
    /// Whether the text as read has one foreign capital inside a word
    /// among enough words to go on (for a single change within the Latin
    /// script).
    one_change_suffices: OnceCell<bool>,
}

impl<'t> Judge<'t> {
    /// The judge of `text`'s candidates, or `None` when none could win:
    /// the text is clean enough, or ftfy's answer stands.
    fn new(
        text: &'t str,
        ftfy: Option<&'t str>,
        merged_so_far: usize,
        budget: &'t Budget,
    ) -> Option<Judge<'t>> {
        let before = if merged_so_far < 2 {
            model::score_unless_clean(text)?
        } else {
            model::score(text)
        };
        // ftfy's answer stands unless the model finds it unlike any
        // language too (the wrong codec won: `Shqipƫri`).
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
        // (Or writes accented letters that no one language writes
        // together, or an accented capital inside a sentence, where another
        // codec may read one language's, or a small letter: `båðum` for
        // `báðum`, `În` for `în`.)
        let ftfy_may_be_misread = || {
            ftfy.is_some_and(|ftfy| {
                !latin::letters_of(ftfy).one_language_writes()
                    || accented_capitals_inside_sentences(ftfy) > 0
            })
        };
        if utf8_ftfy_cost.is_some_and(|cost| cost < FTFY_SUSPECT) && !ftfy_may_be_misread() {
            return None;
        }
        // Every fix must cost at least a margin less than the text as read,
        // except leftovers: cheap text has nothing to gain.
        if merged_so_far < 2 && utf8_before.cost < UTF8_MARGIN {
            return None;
        }
        Some(Judge {
            text,
            budget,
            ftfy,
            merged_so_far,
            before,
            utf8_before,
            utf8_ftfy_cost,
            reference: ftfy_cost.map_or(before.cost, |cost| before.cost.min(cost)),
            utf8_reference: utf8_ftfy_cost
                .map_or(utf8_before.cost, |cost| utf8_before.cost.min(cost)),
            counts: Counts::of(text),
            utf8_mojibake: false,
            ambiguous: false,
            readings: Vec::new(),
            text_scripts: OnceCell::new(),
            latin_mixup: OnceCell::new(),
            latin_letters_only: OnceCell::new(),
            latin_signs: OnceCell::new(),
            one_change_suffices: OnceCell::new(),
        })
    }

    /// Where one re-decoded sequence is all there is and codecs disagree
    /// on it (`DrÃ¥ber`: Latin-1 or MacRoman?), it is safest to decode
    /// neither. Unless the readings are those of two codecs of one region,
    /// which place some letters apart, and the model finds one far
    /// likelier than the other (`prüfung`, not `prßfung`, for ISO-8859-2's
    /// `prĂźfung` read again as Windows-1250). (Latin-1 and MacRoman, say,
    /// stay ambiguous.)
    fn weigh_ambiguity(&mut self, utf8_candidates: &[Candidate]) -> Result<(), Exhausted> {
        self.ambiguous = utf8_candidates
            .iter()
            .any(|candidate| candidate.text != utf8_candidates[0].text);
        if self.ambiguous {
            for candidate in utf8_candidates {
                self.budget.charge(candidate.text.len())?;
                let cost = model::cost(&candidate.text);
                let reading = (
                    candidate.text.clone(),
                    region(read_through(candidate)),
                    cost,
                );
                self.readings.push(reading);
            }
        }
        Ok(())
    }

    fn far_likeliest(&self, candidate: &Candidate, cost: u32) -> bool {
        let own_region = region(read_through(candidate));
        self.readings
            .iter()
            .all(|(other, other_region, other_cost)| {
                *other == candidate.text
                    || (*other_region == own_region && cost + UTF8_MARGIN <= *other_cost)
            })
    }

    fn latin_letters_only(&self) -> bool {
        *self
            .latin_letters_only
            .get_or_init(|| latin::has_only_latin_letters(self.text))
    }

    fn latin_mixup(&self) -> latin::Sign {
        *self
            .latin_mixup
            .get_or_init(|| latin::mixup_sign(self.text, 0))
    }

    /// Makes `candidate` the `best` if it passes and beats it. The best
    /// writes in the fewest scripts, then costs least; the cheap checks
    /// come first: most candidates fail them.
    fn consider(
        &self,
        candidate: Candidate,
        legacy: bool,
        best: &mut Option<(CandidateKey, Candidate)>,
    ) -> Result<(), Exhausted> {
        // Judging a candidate takes a few passes over it.
        self.budget.charge(candidate.text.len().saturating_mul(4))?;
        let candidate_length = candidate.text.chars().count();
        let merged = self.counts.chars.saturating_sub(candidate_length);
        if !self.shows_enough_evidence(&candidate.text, legacy, candidate_length, merged)
            || model::symbol_count(&candidate.text) > self.counts.symbols
        {
            return Ok(());
        }
        let mixup = if legacy {
            match self.legacy_mixup(&candidate, candidate_length) {
                Some(mixup) => mixup,
                None => return Ok(()),
            }
        } else {
            Mixup {
                within_latin: false,
                sign: latin::Sign::None,
                native: false,
            }
        };
        let kana = kana_penalty(&candidate);
        let Some(after) = self.score(&candidate.text, legacy, mixup, kana) else {
            return Ok(());
        };
        if after.hard > 0
            || !self.accepts(&candidate, legacy, mixup, after, (merged, candidate_length))
        {
            return Ok(());
        }
        // ftfy's answer is a whole-line reading: a candidate that keeps a
        // letter of another script (`Г` where ftfy read `à`) is not better.
        if !legacy
            && self
                .ftfy
                .is_some_and(|ftfy| model::letters_in_new_scripts(&candidate.text, ftfy).0 > 0)
        {
            return Ok(());
        }
        let key = self.key(&candidate.text, legacy, candidate_length, after);
        if best.as_ref().is_none_or(|(best_key, _)| key < *best_key)
            && is_plausible(self.text, &candidate.text)
        {
            *best = Some((key, candidate));
        }
        Ok(())
    }

    /// Whether the text as read shows enough evidence for `candidate`
    /// (`candidate_length` characters long, `merged` fewer than the text),
    /// before it is scored.
    fn shows_enough_evidence(
        &self,
        candidate: &str,
        legacy: bool,
        candidate_length: usize,
        merged: usize,
    ) -> bool {
        let text = self.text;
        if legacy {
            // A single-byte mixup maps letters to letters.
            let same_length = candidate_length == self.counts.chars;
            let keeps_letters = !same_length || letter_count(candidate) >= self.counts.letters;
            return keeps_letters
                && self.counts.non_ascii >= self.legacy_evidence_needed(candidate, same_length)
                && (!same_length || makes_letters(text, candidate));
        }
        if self.merged_so_far >= 2 {
            return true;
        }
        let first_look_without_hard_sign = self.utf8_before.hard == 0;
        if first_look_without_hard_sign
            && merged <= 1
            && !opens_inverted_question(text, candidate)
            && !shows_latin_sign(text, candidate)
        {
            // One re-decoded sequence is weak evidence: it needs a hard
            // sign of mojibake in the text as read (or a Spanish `¿` that
            // the line's `?` closes, or Latin letters no language writes
            // that the re-decoding makes one language's), and no other
            // reading.
            return false;
        }
        if first_look_without_hard_sign && rereads_letters_in_new_script(text, candidate) {
            // A re-decoding needs a sign in the words it re-reads: a clean
            // word's letters may happen to be UTF-8 in some codec (Urdu
            // `وکٹ` read as Windows-1256 is `昊`).
            return false;
        }
        // Nor can one sequence that makes an ideograph inside a Latin
        // word of a line that has none (`Σçöp`, a sum sign before a
        // Turkish word, read as CP437's `䇔p`).
        !(merged <= 2 && glues_ideograph_to_latin(text, candidate))
    }

    /// How many non-ASCII characters a legacy reading needs to go on.
    /// Hard signs (`schьtzen`: a Cyrillic letter in a German word) are
    /// evidence enough in one character, signs of a mixup within the
    /// Latin script (`donnÇes`) in two, for a reading that stays within it
    /// (not Vietnamese `áß` as Windows-1251's `сп`). A multi-byte (CJK)
    /// reading needs more: it makes one character of two, so that any
    /// short string with a hard sign would make some ideograph (`ºC`, a
    /// typo for `°C`, as GBK's `慢`).
    fn legacy_evidence_needed(&self, candidate: &str, same_length: bool) -> usize {
        if bounds::on(Bound::Recovery) {
            return 1;
        }
        let text = self.text;
        if !same_length {
            return if self.before.hard > 0 {
                LEGACY_MIN_CHANGED
            } else {
                LEGACY_MIN_CHANGED_MULTI_BYTE
            };
        }
        let one_change_suffices = || {
            *self.one_change_suffices.get_or_init(|| {
                latin::has_foreign_capital_inside_word(text)
                    && words_of_letters(text) >= LATIN_ONE_CHANGE_WORDS
            })
        };
        if self.before.hard > 0
            || (self.latin_letters_only()
                && one_change_suffices()
                && latin::has_only_latin_letters(candidate))
        {
            1
        } else if (LATIN_MIN_CHANGED..LEGACY_MIN_CHANGED).contains(&self.counts.non_ascii)
            && self.latin_letters_only()
            && self.latin_mixup() != latin::Sign::None
            && latin::has_only_latin_letters(candidate)
        {
            LATIN_MIN_CHANGED
        } else {
            LEGACY_MIN_CHANGED
        }
    }

    /// What a legacy reading is as far as the Latin script goes, or `None`
    /// when it can't win: a script the text did not have must make most of
    /// the letters (Russian read as Latin-1), not a word here and there
    /// (`à` as Cyrillic `а` in French).
    fn legacy_mixup(&self, candidate: &Candidate, candidate_length: usize) -> Option<Mixup> {
        let text = self.text;
        let (new, all) = model::letters_outside(
            &candidate.text,
            self.text_scripts.get_or_init(|| model::scripts_of(text)),
        );
        // A mixup within the Latin script: Latin letters only, on both
        // sides, and accented ones on one (`l‚ger` for `léger`).
        let within_latin = new == 0
            && self.latin_letters_only()
            && (self.counts.latin_accents || has_latin_accents(&candidate.text));
        let mut sign = latin::Sign::None;
        if within_latin && bounds::on(Bound::Recovery) {
            sign = latin::Sign::Strong;
        } else if within_latin {
            sign = if self.before.hard > 0 {
                latin::Sign::Strong
            } else {
                self.latin_mixup()
            };
        }
        // A multi-byte (CJK) re-decoding that makes no letters of a new
        // script merged symbols into symbols (`ve¡a` as Big5's `ve｛`).
        let merges_into_symbols = new == 0 && candidate_length != self.counts.chars;
        if new * 2 < all * usize::from(new > 0)
            || merges_into_symbols
            || (within_latin && (self.utf8_mojibake || sign == latin::Sign::None))
        {
            return None;
        }
        let native = within_latin
            && (bounds::on(Bound::Recovery)
                || latin::writes_like_native(
                    text,
                    &candidate.text,
                    last_decoder(candidate),
                    sign == latin::Sign::Weak,
                ));
        Some(Mixup {
            within_latin,
            sign,
            native,
        })
    }

    /// The model's score of a candidate, with `kana` added; for a legacy
    /// reading, `None` once it can't cost a margin less than the
    /// reference (scoring stops there).
    fn score(
        &self,
        candidate: &str,
        legacy: bool,
        mixup: Mixup,
        kana: u32,
    ) -> Option<model::Score> {
        if !legacy {
            let mut after = model::score(candidate);
            after.cost = after.cost.saturating_add(kana);
            return Some(after);
        }
        let cap = if mixup.within_latin && bounds::on(Bound::Recovery) {
            Some(u32::MAX)
        } else if mixup.within_latin {
            self.latin_cap(mixup)
        } else {
            self.reference.checked_sub(LEGACY_MARGIN + kana)
        }?;
        let score = model::score_capped(candidate, cap)?;
        Some(model::Score {
            cost: score.cost + kana,
            hard: score.hard,
        })
    }

    /// The most a mixup within the Latin script may cost. Symbols touching
    /// letters are what such mixups show (`s±`, `móg³by`), and so are
    /// accented letters that no one language writes together (Slovenian
    /// `razlièni` beside `že` and `šola`), yet they cost the model little.
    /// A weak sign (names of several languages show it) needs the margin of
    /// other legacy mixups instead, which its foreign letters must not pay
    /// for. Unless the words it changes go on as those of a language its
    /// code page was made for (`latin::writes_like_native`), which also
    /// lets a strong sign's reading cost a little more than the text as
    /// read: the model's letter pairs are those of every language at once,
    /// which like Icelandic `ð` and Danish `ø` as well as Lithuanian `š`
    /// and `ų`.
    fn latin_cap(&self, mixup: Mixup) -> Option<u32> {
        let (margin, foreign, slack) = match mixup.sign {
            latin::Sign::Strong | latin::Sign::Foreign if mixup.native => {
                (LATIN_MARGIN, true, LATIN_NATIVE_SLACK)
            }
            latin::Sign::Strong => (LATIN_MARGIN, true, 0),
            latin::Sign::Weak if mixup.native => (LATIN_MARGIN, false, 0),
            latin::Sign::Weak | latin::Sign::Foreign | latin::Sign::None => {
                (LEGACY_MARGIN, false, 0)
            }
        };
        let signs = *self.latin_signs.get_or_init(|| {
            let foreign = if foreign {
                latin::foreign_letters_cost(self.text)
            } else {
                0
            };
            latin::signs_by_letters(self.text).saturating_add(foreign)
        });
        self.reference
            .saturating_add(signs)
            .saturating_add(slack)
            .checked_sub(margin)
    }

    /// Whether a scored candidate (`merged` characters shorter than the
    /// text, `candidate_length` long) wins over the text as read and
    /// ftfy's answer.
    fn accepts(
        &self,
        candidate: &Candidate,
        legacy: bool,
        mixup: Mixup,
        after: model::Score,
        (merged, candidate_length): (usize, usize),
    ) -> bool {
        let text = self.text;
        if legacy {
            if mixup.within_latin {
                // The signs of `latin` do the work of the share.
                return latin::accepts(
                    text,
                    &candidate.text,
                    last_decoder(candidate),
                    mixup.sign,
                    mixup.native,
                );
            }
            let (changed_before, changed_after) = changed_words_cost(text, &candidate.text);
            return after.cost + LEGACY_MARGIN <= self.reference
                && changed_after * LEGACY_SHARE <= changed_before;
        }
        if self.merged_so_far >= 2
            && merged > 0
            && after.cost
                <= self.utf8_reference + LEFTOVER_SLACK * u32::try_from(merged).unwrap_or(u32::MAX)
            && !rereads_letters_in_new_script(text, &candidate.text)
        {
            // Leftovers of mojibake already undone on this line, such as a
            // one-letter word (`╨▓` for `в`) that gave no sign. (Others
            // are weighed as on a first look, which a second fix of the
            // line takes.)
            return true;
        }
        self.accepts_utf8(candidate, after, merged, candidate_length)
    }

    /// [`Judge::accepts`] for a UTF-8 re-decoding on a first look. Another
    /// codec's reading of the same sequences as ftfy's answer (the whole
    /// line's, or its damaged words', `по` where ftfy's
    /// `decode_inconsistent_utf8` read `пО`) is weighed against the text as
    /// read, and need only beat ftfy's: with fewer capitals inside words
    /// (`sætter` where ftfy read `sÌtter`), or else by a margin. (ftfy has
    /// then decided that the text changes: codecs that disagree on it make
    /// it no more ambiguous.)
    fn accepts_utf8(
        &self,
        candidate: &Candidate,
        after: model::Score,
        merged: usize,
        candidate_length: usize,
    ) -> bool {
        let mut ambiguous = self.ambiguous;
        let reference = match (self.ftfy, self.utf8_ftfy_cost) {
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
                            || (after.cost <= ftfy_cost && reads_likelier(&candidate.text, ftfy))
                    }
                    std::cmp::Ordering::Greater => false,
                };
                if !better {
                    return false;
                }
                self.utf8_before.cost
            }
            _ => self.utf8_reference,
        };
        match (merged, self.utf8_before.hard) {
            (0, _) => after.cost + UTF8_MARGIN <= reference && self.utf8_before.hard > 0,
            (1, 0) if opens_inverted_question(self.text, &candidate.text) => {
                !ambiguous && after.cost < reference
            }
            (1, _) => {
                (!ambiguous || self.far_likeliest(candidate, after.cost))
                    && after.cost + SINGLE_SEQUENCE_MARGIN <= reference
            }
            (_, 0) => after.cost + SOFT_MARGIN <= reference,
            _ => after.cost + UTF8_MARGIN <= reference,
        }
    }

    /// How a passing candidate ranks, lowest best: the fewest scripts, then
    /// accented letters that one language writes, fewer capitals inside
    /// words, then (of single-byte legacy readings, which map letters to
    /// letters) fewer words that start with a character that is not a
    /// letter (Windows-1253 reads `Ά` where ISO-8859-7 reads `’`, and
    /// ISO-8859-7 `Ά` where Windows-1253 reads `¶`), the lower cost, fewer
    /// capitals: ISO-8859-2 and Windows-1250 place some letters apart, so
    /// that one reads `sætter`, `în`, `þýska … á` where the other reads
    /// `sÌtter`, `În`, `Þýska … å`, which the letter-pair model may like as
    /// well.
    fn key(
        &self,
        candidate: &str,
        legacy: bool,
        candidate_length: usize,
        after: model::Score,
    ) -> CandidateKey {
        let non_letter_starts = if legacy && candidate_length == self.counts.chars {
            non_letter_word_starts(candidate)
        } else {
            0
        };
        (
            model::script_count(candidate),
            !latin::letters_of(candidate).one_language_writes(),
            capitals_inside_words(candidate),
            non_letter_starts,
            after.cost,
            candidate.chars().filter(|c| c.is_uppercase()).count(),
        )
    }
}
