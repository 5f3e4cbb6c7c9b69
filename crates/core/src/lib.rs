//! ftfy 6.3.1's algorithm: the lower layer of the `ftfy` crate.
//!
//! This crate holds everything that gives ftfy 6.3.1's answers: the
//! single-byte codecs and `utf-8-variants`, the badness heuristic,
//! `fix_encoding` and its byte repairs, the small fixes, and `fix_text`'s
//! pipeline (the pre-scan, the round of fixes, the loop to a fixed point).
//! It cannot name the extended mode: `ftfy-extended` builds on the
//! documented extension points of [`extension`], and the `ftfy` crate picks
//! the mode. Use `ftfy` unless you want ftfy 6.3.1's answers without the
//! extended mode's language model.
//!
//! ```
//! assert_eq!(ftfy_core::fix_text("âœ” No problems"), "✔ No problems");
//! assert_eq!(ftfy_core::fix_encoding("schÃ¶n"), "schön");
//! assert!(ftfy_core::badness::is_bad("schÃ¶n"));
//! ```
//!
//! Where to go next:
//! - [`fix_text`] and [`TextFixerConfig`] for the whole pipeline, and
//!   [`Mode`] for the pipeline around another way of fixing encodings;
//! - [`badness::is_bad`] to *detect* mojibake without fixing it;
//! - [`fixes`] for each fix on its own, [`codecs`] for the codecs,
//!   [`breaker`] to damage text on purpose;
//! - [`extension`] for what a layer built on this one may use.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod api;
pub mod badness;
pub mod breaker;
mod bytes;
pub mod codecs;
mod config;
mod document;
mod edits;
mod encoding;
mod explain;
pub mod extension;
pub mod fixes;
mod fnv;
pub mod formatting;
mod normalize;
mod pipeline;
mod plan;
mod python_classes;
mod replay;
mod segments;
mod stream;
mod text;

pub use api::{
    apply_plan, fix_and_explain, fix_encoding, fix_encoding_and_explain, fix_encoding_with,
    fix_text, fix_text_segment, fix_text_with, Mode,
};
pub use bytes::guess_bytes;
pub use config::{Normalization, TextFixerConfig, UnescapeHtml};
pub use document::DocumentDecision;
pub use explain::general_category;
#[cfg(feature = "names")]
pub use explain::{explain_unicode, write_explanation};
pub use plan::{Action, ExplainedText, ExplanationStep, NoExtension, PlanError, PlanExtension};
pub use segments::{complete_segments_len, segment_end};
pub use stream::{ExplainedLines, LineState, StreamFixer};
