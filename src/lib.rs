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
//! [`TextFixerConfig::extended_recovery`] turns on the [`extended`] mode,
//! which also recovers what ftfy leaves broken.
//!
//! Where to go next:
//! - [`fix_text`] and [`TextFixerConfig`] for the whole pipeline;
//! - [`fix_encoding`] and [`fix_encoding_and_explain`] for mojibake only,
//!   and [`apply_plan`] to replay a fix on other text;
//! - [`badness::is_bad`] to *detect* mojibake without fixing it;
//! - [`fixes`] for each fix on its own, [`codecs`] for the single-byte and
//!   `utf-8-variants` codecs, [`breaker`] to damage text on purpose;
//! - [`guess_bytes`] and [`fix_file`] for bytes of unknown encoding;
//! - [`ColumnFixer`] and [`fix_texts_with`] for the texts of a column,
//!   judged together in extended recovery.
//!
//! The crate is a thin layer on two others, which the compiler keeps
//! apart: `ftfy-core` (ftfy 6.3.1's algorithm) and `ftfy-extended`
//! (extended recovery, the document guesser and the language model, built
//! on the core's extension points). This layer picks the mode.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod api;
mod column;
pub mod extended;
pub mod file;
pub mod fixes;
mod mode;
mod stream;

pub use ftfy_core::{badness, breaker, codecs, formatting};
pub use ftfy_extended::language;

pub use api::{
    apply_plan, fix_and_explain, fix_encoding, fix_encoding_and_explain, fix_encoding_with,
    fix_text, fix_text_segment, fix_text_with,
};
pub use column::{fix_texts_with, ColumnFixer, ColumnPieces};
pub use file::{fix_file, guess_bytes, guess_bytes_with};
pub use ftfy_core::general_category;
#[cfg(feature = "names")]
pub use ftfy_core::{explain_unicode, write_explanation};
pub use ftfy_core::{
    Action, DocumentDecision, LineState, Normalization, PlanError, TextFixerConfig, UnescapeHtml,
};
pub use ftfy_extended::{guess_bytes_ranked, EncodingGuess};
pub use stream::{ExplainedLines, StreamFixer};

use ftfy_extended::ExtensionFix;

/// One step of a plan: an action with the codec, fix or normalization form
/// it uses, as [`fix_and_explain`] records it and [`apply_plan`] replays
/// it; extended recovery's steps among them ([`fixes::ExtensionFix`]).
///
/// ```
/// use ftfy::codecs::{Codec, LATIN_1};
/// use ftfy::ExplanationStep;
///
/// let step = ExplanationStep::from_names("encode", "latin1").unwrap();
/// assert_eq!(step, ExplanationStep::Encode(Codec::SingleByte(&LATIN_1)));
/// assert_eq!(step.to_string(), "('encode', 'latin-1')");
/// assert_eq!(step.parameter_name(), "latin-1");
/// assert!(ExplanationStep::from_names("apply", "make_it_nice").is_err());
/// let step = ExplanationStep::from_names("apply", "decode_utf8_spans:latin-1").unwrap();
/// assert_eq!(step.to_string(), "('apply', 'decode_utf8_spans:latin-1')");
/// ```
pub type ExplanationStep = ftfy_core::ExplanationStep<ExtensionFix>;

/// Fixed text, and the plan that fixed it when one was asked for.
pub type ExplainedText = ftfy_core::ExplainedText<ExtensionFix>;
