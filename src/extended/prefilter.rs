//! A cheap, conservative test run before the language model: when it
//! says a line can't be recovered, no candidate of [`super::recover`]
//! exists or could be accepted, so recovery returns `None` without
//! scoring anything. Most clean text stops here, in one pass over its
//! characters.
//!
//! What it relies on (each a necessary condition of `recover`):
//!
//! - A UTF-8 re-decoding (whole line, [`super::candidates::whole_line`],
//!   or damaged words, [`super::spans::repair_spans`]) through a codec
//!   needs the line, or a run of one word that the codec encodes and
//!   that holds a non-ASCII character, to decode as UTF-8 once encoded.
//!   The bytes of all the codecs are followed at once, one bit each: a
//!   lead byte must be followed by its continuation bytes (a space, `'`
//!   or `"` may stand for one: `restore_continuation_bytes`), and no
//!   other byte above 7F may appear. (The finer rules of UTF-8, such as
//!   overlong forms, are not checked: the test only ever says *maybe*
//!   too often.)
//! - A legacy re-decoding needs a codec that encodes the whole line, and
//!   then either a hard sign of mojibake in the text as read (see
//!   [`maybe_hard`]) or at least `LEGACY_MIN_CHANGED` non-ASCII
//!   characters and, where the line has accented Latin letters, enough
//!   of them for the new script's letters to make half the candidate's
//!   letters (`3 × non-ASCII ≥ ASCII letters` bounds that for every
//!   codec, multi-byte ones included).
//!
//! The per-character facts come from one table built on first use from
//! the codecs' own tables and the model's `kind_of`, so they can't
//! disagree with what `recover` does; `tests` checks the claim on
//! random text and the corpus check in `scripts/extended/measure.py`
//! counts the lines it lets through.

use super::candidates::UTF8_TRANSFORMS;
use super::chars::{Info, TABLE};
use super::model::{joins_letters, Kind};
use super::LEGACY_MIN_CHANGED;

/// The bytes of every codec at once: which codecs are still in a valid
/// UTF-8 sequence, and which await one, two or three continuation bytes.
#[derive(Clone, Copy)]
struct Utf8State {
    ok: u16,
    need1: u16,
    need2: u16,
    need3: u16,
}

impl Utf8State {
    fn new(all: u16) -> Utf8State {
        Utf8State {
            ok: all,
            need1: 0,
            need2: 0,
            need3: 0,
        }
    }

    fn pending(self) -> u16 {
        self.need1 | self.need2 | self.need3
    }

    /// Follows one character (codecs that can't encode it fail).
    fn step(&mut self, info: &Info) {
        let pending = self.pending();
        let idle = !pending;
        let takes = info.cont | info.quote;
        let fail = !info.enc | (pending & !takes) | (idle & (info.cont | info.bad));
        self.ok &= !fail;
        self.need1 = ((self.need2 & takes) | (idle & info.lead1)) & self.ok;
        self.need2 = ((self.need3 & takes) | (idle & info.lead2)) & self.ok;
        self.need3 = idle & info.lead3 & self.ok;
    }

    /// The codecs for which everything so far decodes.
    fn complete(self) -> u16 {
        self.ok & !self.pending()
    }
}

/// Which candidates of [`super::recover`] may exist for a line, one bit
/// per entry of [`UTF8_TRANSFORMS`] (see [`encoder_bit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Viable {
    /// Codecs through which the whole line may decode as UTF-8.
    pub(crate) line: u16,
    /// Codecs through which some run of a word may decode as UTF-8.
    pub(crate) spans: u16,
    /// Codecs that encode the whole line, when a legacy re-decoding may
    /// be accepted (else 0).
    pub(crate) legacy: u16,
}

impl Viable {
    /// Every candidate: recovery without the prefilter, for tests.
    #[cfg(test)]
    pub(crate) const EVERYTHING: Viable = Viable {
        line: u16::MAX,
        spans: u16::MAX,
        legacy: u16::MAX,
    };

    /// Whether the legacy transforms that encode with `encoder` may make
    /// a candidate.
    pub(crate) fn legacy_through(self, encoder: &str) -> bool {
        encoder_bit(encoder).is_none_or(|bit| self.legacy & bit != 0)
    }
}

/// The bit of a codec of [`UTF8_TRANSFORMS`] in [`Viable`]'s masks.
pub(crate) fn encoder_bit(encoder: &str) -> Option<u16> {
    UTF8_TRANSFORMS
        .iter()
        .position(|transform| transform.encoder == encoder)
        .map(|bit| 1 << bit)
}

/// Which candidates [`super::recover`] may find in `text` (a non-ASCII
/// line), or `None` when it certainly finds none.
pub(crate) fn viable(text: &str) -> Option<Viable> {
    let table = &*TABLE;
    let all = table.all;
    // Whole line, and the current run of the current word.
    let mut line = Utf8State::new(all);
    let mut run = Utf8State::new(all);
    let mut run_non_ascii = 0u16;
    let mut spans = 0u16;
    let mut encodable = all;
    let mut non_ascii = 0usize;
    let mut ascii_letters = 0usize;
    let mut latin_accents = false;
    let mut hard = false;
    // The model's view inside the current word (see `word_score`).
    let mut previous_kind = Kind::Punctuation;
    let mut previous_script: Option<u8> = None;
    let mut previous_char = ' ';
    // A non-ASCII punctuation or symbol right after a letter: a hard sign
    // if a letter follows.
    let mut between: Option<(char, Kind, char)> = None;
    for c in text.chars() {
        if c.is_ascii()
            && !c.is_ascii_control()
            && c != ' '
            && line.pending() == 0
            && run.pending() == 0
        {
            // Plain ASCII with no sequence open: only the model's view
            // moves.
            if c.is_ascii_alphabetic() {
                ascii_letters += 1;
                if previous_script.is_some_and(|script| script != 1) {
                    hard = true;
                }
                if let Some((symbol, kind, before)) = between.take() {
                    if kind == Kind::Symbol || !joins_letters(symbol, before, Some(&c)) {
                        hard = true;
                    }
                }
                previous_script = Some(1);
                previous_kind = Kind::Letter(1);
            } else {
                between = None;
                previous_script = None;
                previous_kind = if c.is_ascii_digit() {
                    Kind::Digit
                } else {
                    Kind::Punctuation
                };
            }
            previous_char = c;
            continue;
        }
        let info = table.info(c);
        encodable &= info.enc;
        if !c.is_ascii() {
            non_ascii += 1;
        }
        line.step(&info);
        if c.is_whitespace() {
            spans |= run.complete() & run_non_ascii;
            run = Utf8State::new(all);
            run_non_ascii = 0;
            between = None;
            previous_kind = Kind::Punctuation;
            previous_script = None;
            previous_char = c;
            continue;
        }
        // Codecs that can't encode `c` end their run before it, and
        // start a new one after it.
        let ends = all & !info.enc;
        spans |= run.complete() & run_non_ascii & ends;
        run.need1 &= !ends;
        run.need2 &= !ends;
        run.need3 &= !ends;
        run_non_ascii &= !ends;
        run.step(&info);
        run.ok |= ends;
        if !c.is_ascii() {
            run_non_ascii |= info.enc;
        }
        // The model's hard signs, conservatively.
        match info.kind {
            Kind::Letter(script) => {
                if c.is_ascii_alphabetic() {
                    ascii_letters += 1;
                } else if script == 1 {
                    latin_accents = true;
                }
                if previous_script.is_some_and(|before| before != script) {
                    hard = true;
                }
                if let Some((symbol, kind, before)) = between.take() {
                    if kind == Kind::Symbol || !joins_letters(symbol, before, Some(&c)) {
                        hard = true;
                    }
                }
                previous_script = Some(script);
            }
            Kind::Mark => {
                if !matches!(previous_kind, Kind::Letter(script) if script > 3) {
                    hard = true;
                }
            }
            Kind::Control => hard = true,
            Kind::Punctuation | Kind::Symbol => {
                previous_script = None;
                let after_letter = matches!(previous_kind, Kind::Letter(_));
                if c == '€' && after_letter {
                    hard = true;
                }
                between = (after_letter && !c.is_ascii() || c == '€').then_some((
                    c,
                    info.kind,
                    previous_char,
                ));
            }
            Kind::Ideograph | Kind::Digit => {
                previous_script = None;
                between = None;
            }
        }
        if info.kind != Kind::Mark {
            previous_kind = info.kind;
            if !matches!(info.kind, Kind::Punctuation | Kind::Symbol) {
                between = None;
            }
        }
        previous_char = c;
    }
    spans |= run.complete() & run_non_ascii;
    let legacy_possible = non_ascii > 0
        && (hard
            || (non_ascii >= LEGACY_MIN_CHANGED
                && (!latin_accents || 3 * non_ascii >= ascii_letters)));
    let viable = Viable {
        line: line.complete(),
        spans,
        legacy: if legacy_possible {
            encodable & table.legacy
        } else {
            0
        },
    };
    (viable.line | viable.spans | viable.legacy != 0).then_some(viable)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extended::candidates::{charmap, LEGACY_TRANSFORMS};
    use crate::extended::{codecs, recover, recover_viable};
    use proptest::prelude::*;

    /// Words of several scripts, punctuation and symbols that mojibake
    /// and clean text are made of.
    const WORDS: &[&str] = &[
        "café",
        "naïve",
        "Łódź",
        "Gdańsk",
        "Þórður",
        "Привет",
        "всё",
        "жители",
        "Καλημέρα",
        "שלום",
        "مرحبا",
        "日本語",
        "한국어",
        "ไทย",
        "Grünen",
        "2010–2020",
        "“quoted”",
        "don’t",
        "€5",
        "kΩ",
        "l·l",
        "x",
        "the",
        "a",
        "İstanbul",
        "Ελλάδα",
        "¿qué?",
        "«ça»",
        "naïve",
        "e\u{301}",
        "╔═╗",
        "µm",
        "’",
        "—",
        "\u{a0}",
        "tiếng",
        "Việt",
        "№",
        "☃",
        "😀",
    ];

    /// A word as clean text, or as UTF-8 or a legacy encoding read
    /// through one of the codecs recovery tries.
    fn piece() -> impl Strategy<Value = String> {
        let word = proptest::sample::select(WORDS).prop_map(str::to_owned);
        prop_oneof![
            word.clone(),
            (word.clone(), 0..UTF8_TRANSFORMS.len()).prop_map(|(word, index)| {
                let charmap = charmap(UTF8_TRANSFORMS[index].encoder).unwrap();
                word.bytes()
                    .filter_map(|byte| charmap.decode_byte(byte))
                    .collect()
            }),
            (word, 0..LEGACY_TRANSFORMS.len()).prop_map(|(word, index)| {
                let transform = LEGACY_TRANSFORMS[index];
                let crate::extended::candidates::Decoder::Legacy(name) = transform.decoder else {
                    return word;
                };
                let charmap = charmap(transform.encoder).unwrap();
                match codecs::encode(&word, name) {
                    Ok(bytes) => bytes
                        .into_iter()
                        .filter_map(|byte| charmap.decode_byte(byte))
                        .collect(),
                    Err(_) => word,
                }
            }),
            "[a-zA-Z0-9 '\"\u{a0}-\u{17f}\u{2013}-\u{201e}\u{400}-\u{45f}\u{2500}-\u{2560}]{1,6}",
        ]
    }

    fn line() -> impl Strategy<Value = String> {
        proptest::collection::vec(
            (
                piece(),
                proptest::sample::select(&[" ", " ", "", "'", "\"", "\u{a0}", ", "][..]),
            ),
            1..8,
        )
        .prop_map(|pieces| pieces.into_iter().map(|(piece, gap)| piece + gap).collect())
    }

    fn outcome(candidate: Option<crate::extended::Candidate>) -> Option<(String, Vec<String>)> {
        candidate.map(|candidate| {
            let plan = candidate.plan.iter().map(ToString::to_string).collect();
            (candidate.text, plan)
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// The prefilter only ever rules out what recovery would not
        /// find: with it and without it, recovery gives the same answer.
        #[test]
        fn prefilter_never_changes_the_answer(text in line(), merged in 0usize..3) {
            let ftfy = crate::encoding::ftfy_fix_encoding(&text, &crate::TextFixerConfig::default(), None);
            let ftfy = (ftfy != text).then(|| ftfy.into_owned());
            let filtered = outcome(recover(&text, ftfy.as_deref(), merged));
            let everything = if text.is_ascii() {
                None
            } else {
                outcome(recover_viable(&text, ftfy.as_deref(), merged, Viable::EVERYTHING))
            };
            prop_assert_eq!(filtered, everything);
        }

        /// Codecs the prefilter rules out for UTF-8 make no candidate.
        #[test]
        fn ruled_out_codecs_make_no_utf8_candidate(text in line()) {
            prop_assume!(!text.is_ascii());
            let viable = viable(&text).unwrap_or(Viable { line: 0, spans: 0, legacy: 0 });
            for (bit, &transform) in UTF8_TRANSFORMS.iter().enumerate() {
                if viable.line & (1 << bit) == 0 {
                    prop_assert!(crate::extended::candidates::whole_line(&text, transform).is_none());
                }
                if viable.spans & (1 << bit) == 0 {
                    for repair in [crate::extended::spans::Repair::Likelier, crate::extended::spans::Repair::Leftovers] {
                        let repaired = crate::extended::spans::repair_spans(&text, transform.encoder, repair);
                        prop_assert!(matches!(repaired, std::borrow::Cow::Borrowed(_)), "{} {}", text, transform.encoder);
                    }
                }
            }
        }
    }
}
