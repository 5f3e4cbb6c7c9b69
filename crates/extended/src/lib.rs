//! Extended recovery for ftfy: the upper layer of the `ftfy` crate.
//!
//! ftfy 6.3.1's algorithm (the `ftfy-core` crate) re-decodes text only
//! when its byte-level heuristic is sure. This crate recovers what it
//! leaves broken, judged by a language model of 75 languages ([`language`]):
//! Latin text read as Cyrillic or Greek, the wrong codec winning, damaged
//! words among correct ones, straightened quotes and lost no-break spaces,
//! one legacy code page read as another ([`ExtendedRecovery`], with the
//! steps its plans name, [`ExtensionFix`]); and it guesses the encoding of
//! a whole document of bytes ([`guess_bytes_ranked`]).
//!
//! It builds on the core's public extension points only
//! ([`ftfy_core::extension`]: the fixer traits and the scan's facts, the
//! codecs UTF-8 is misread through, the extension steps of plans). The
//! `ftfy` crate picks it when
//! [`TextFixerConfig::extended_recovery`](ftfy_core::TextFixerConfig::extended_recovery)
//! is on: use that crate.
//!
//! ```
//! use ftfy_core::{Mode, TextFixerConfig};
//! use ftfy_extended::{ExtendedRecovery, ExtensionFix};
//!
//! let mode: Mode<ExtensionFix> = Mode::new(&ExtendedRecovery, &ExtendedRecovery);
//! let config = TextFixerConfig::default();
//! assert_eq!(mode.fix_text("Ïðèâåò, êàê äåëà?", &config), "Привет, как дела?");
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod guess;
pub mod language;
mod recovery;
mod steps;

use ftfy_core::ExplanationStep;

pub use guess::{
    declared_encodings, decode_document, guess_bytes_ranked, guess_bytes_ranked_declared,
    guessed_encodings, EncodingGuess, Evidence, SAMPLE_BYTES,
};
pub use recovery::{DocumentReadings, DocumentRecovery, ExtendedRecovery, DOCUMENT_WINDOW};
pub use steps::{ExtensionFix, SpanRepair};

/// A step of this mode's plans.
type Step = ExplanationStep<ExtensionFix>;

/// The mode of this crate, for its tests.
#[cfg(test)]
fn extended_mode() -> ftfy_core::Mode<ExtensionFix> {
    ftfy_core::Mode::new(&ExtendedRecovery, &ExtendedRecovery)
}
