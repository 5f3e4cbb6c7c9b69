//! A bound on the work recovery does on one text, so that no input can
//! stall the extended mode: every candidate it builds or scores is charged
//! its length, and once the budget of a text is spent, recovery gives up
//! on it and `fix_encoding` settles for ftfy's answer, the default mode's.
//!
//! The budget is [`WORK_PER_BYTE`] times the text's length, plus
//! [`WORK_BASE`]: many times what recovery spends on written text (a test
//! checks that no text of the test corpora comes near it), and reached
//! only by degenerate input, such as a line of thousands of damaged
//! sequences that every codec re-reads. Beyond [`LONG_TEXT`] bytes, a
//! text gets [`LONG_WORK_PER_BYTE`] per byte more: written lines are
//! shorter, and a line of a megabyte (minified markup, a soup of symbols)
//! is so bounded to about a second of work.

use std::cell::Cell;

/// Bytes of work allowed per byte of the text.
pub(crate) const WORK_PER_BYTE: usize = 400;
/// Bytes of work allowed on any text, however short.
pub(crate) const WORK_BASE: usize = 64 * 1024;
/// The length beyond which a text gets [`LONG_WORK_PER_BYTE`].
pub(crate) const LONG_TEXT: usize = 16 * 1024;
/// Bytes of work allowed per byte of a text beyond [`LONG_TEXT`].
pub(crate) const LONG_WORK_PER_BYTE: usize = 16;

/// The work left for one text.
pub(crate) struct Budget {
    left: Cell<usize>,
}

/// The budget of a text is spent: recovery gives up on it.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Exhausted;

impl Budget {
    /// The budget of `text`.
    pub(crate) fn for_text(text: &str) -> Budget {
        Budget {
            left: Cell::new(
                (text.len().min(LONG_TEXT) * WORK_PER_BYTE + WORK_BASE).saturating_add(
                    text.len()
                        .saturating_sub(LONG_TEXT)
                        .saturating_mul(LONG_WORK_PER_BYTE),
                ),
            ),
        }
    }

    /// A budget that is never spent, for work done once (replaying a
    /// plan's step).
    pub(crate) fn unlimited() -> Budget {
        Budget {
            left: Cell::new(usize::MAX),
        }
    }

    /// Charges `bytes` of work (a pass over that many bytes).
    pub(crate) fn charge(&self, bytes: usize) -> Result<(), Exhausted> {
        match self.left.get().checked_sub(bytes) {
            Some(left) => {
                self.left.set(left);
                Ok(())
            }
            None => {
                self.left.set(0);
                Err(Exhausted)
            }
        }
    }

    /// How much of the budget is spent, as a share of it.
    #[cfg(test)]
    pub(crate) fn spent_share(&self, text: &str) -> f64 {
        let total = Budget::for_text(text).left.get();
        (total - self.left.get()) as f64 / total as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ftfy_core::TextFixerConfig;

    /// The inputs of the extended mode's golden cases: written text, clean
    /// or damaged the ways the mode undoes.
    fn golden_inputs() -> Vec<String> {
        let golden: toml::Table = include_str!("../../../../golden/extended.toml")
            .parse()
            .expect("golden/extended.toml is TOML");
        let cases = golden["case"].as_array().expect("cases");
        cases
            .iter()
            .filter_map(|case| case.get("input")?.as_str().map(str::to_owned))
            .collect()
    }

    /// Recovery spends a small share of the budget on written text, clean
    /// or damaged, short or long (the golden inputs, alone and joined into
    /// paragraphs): the budget never changes its answers there.
    #[test]
    fn written_text_stays_far_within_the_budget() {
        let inputs = golden_inputs();
        assert!(inputs.len() > 50);
        let paragraphs = inputs.chunks(8).map(|lines| lines.join(" "));
        let config = TextFixerConfig::default().extended_recovery(true);
        for text in inputs.iter().cloned().chain(paragraphs) {
            let budget = Budget::for_text(&text);
            super::super::fix_encoding_within(&text, &config, None, &budget, true);
            let share = budget.spent_share(&text);
            assert!(share < 0.5, "{share:.2} of the budget spent on {text:?}");
        }
    }

    /// A line of thousands of damaged sequences that every codec re-reads
    /// spends it, and gets ftfy's answer.
    #[test]
    fn degenerate_input_spends_the_budget_and_gets_ftfy_s_answer() {
        let text = "Ã\u{fffd}".repeat(20_000);
        let budget = Budget::for_text(&text);
        let config = TextFixerConfig::default().extended_recovery(true);
        let fixed = super::super::fix_encoding_within(&text, &config, None, &budget, true).0;
        assert_eq!(budget.spent_share(&text), 1.0);
        let ftfy = ftfy_core::fix_encoding_with(&text, &config);
        assert_eq!(fixed, ftfy);
    }
}
