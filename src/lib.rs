//! ftfy fixes text for you: it takes Unicode text that was damaged on its
//! way to you and gives back the text that was meant.
//!
//! Above all it undoes *mojibake*: UTF-8 bytes that some program decoded
//! as Windows-1252, Latin-1, MacRoman or another single-byte encoding,
//! perhaps twice, perhaps mixed with correct text. It also decodes stray
//! HTML entities, removes terminal escapes and invisible control
//! characters, separates Latin ligatures, narrows full-width letters,
//! straightens curly quotes, unifies line breaks and normalizes to NFC.
//!
//! ```
//! assert_eq!(ftfy::fix_text("âœ” No problems"), "✔ No problems");
//! assert_eq!(ftfy::fix_text("ＬＯＵＤ　ＮＯＩＳＥＳ"), "LOUD NOISES");
//! assert_eq!(ftfy::fix_encoding("schÃ¶n"), "schön");
//! // Correct text is left alone, and not copied.
//! assert!(matches!(ftfy::fix_text("Plain text"), std::borrow::Cow::Borrowed(_)));
//! ```
//!
//! This crate gives the same answers as the Python library ftfy 6.3.1, the
//! reference it is tested against, except where that library is wrong; the
//! `golden/` folder lists every deliberate difference with its reason.
//!
//! Where to go next:
//! - [`fix_text`] and [`TextFixerConfig`] for the whole pipeline;
//! - [`fix_encoding`] and [`fix_encoding_and_explain`] for mojibake only,
//!   and [`apply_plan`] to replay a fix on other text;
//! - [`badness::is_bad`] to *detect* mojibake without fixing it;
//! - [`fixes`] for each fix on its own, [`codecs`] for the single-byte and
//!   `utf-8-variants` codecs, [`breaker`] to damage text on purpose;
//! - [`guess_bytes`] and [`fix_file`] for bytes of unknown encoding.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod api;
pub mod badness;
pub mod breaker;
pub mod codecs;
mod config;
mod edits;
mod encoding;
mod explain;
pub mod extended;
pub mod file;
pub mod fixes;
mod fnv;
pub mod formatting;
mod guess;
pub mod language;
mod mode;
mod normalize;
mod pipeline;
mod plan;
mod python_classes;
mod replay;
mod stream;
mod text;

pub use api::{
    apply_plan, fix_and_explain, fix_encoding, fix_encoding_and_explain, fix_encoding_with,
    fix_text, fix_text_segment, fix_text_with, fix_texts_with,
};
pub use config::{Normalization, TextFixerConfig, UnescapeHtml};
pub use explain::general_category;
#[cfg(feature = "names")]
pub use explain::{explain_unicode, write_explanation};
pub use extended::document::DocumentDecision;
pub use file::{fix_file, guess_bytes, guess_bytes_with};
pub use guess::{guess_bytes_ranked, EncodingGuess};
pub use plan::{Action, ExplainedText, ExplanationStep, PlanError};
pub use stream::{ExplainedLines, LineState, StreamFixer};
