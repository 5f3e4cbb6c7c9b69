//! ftfy 6.3.1, written plainly: the reference the fast library `ftfy` is
//! tested against.
//!
//! Each module follows a module of ftfy's Python source, function by
//! function, with no fast path, no cache of results and no cleverness; the
//! only departures are those Rust forces (a `&str` holds no surrogate, the
//! `regex` crate has no look-around), and each says so where it happens.
//!
//! ```
//! use ftfy_reference::{fix_text, TextFixerConfig};
//! assert_eq!(fix_text("schÃ¶n", &TextFixerConfig::default()), "schön");
//! ```
//!
//! Read it in this order (see `README.md`):
//! [`fix_text`] and [`fix_and_explain`] (`fix_text.rs`), [`fix_encoding`]
//! (`fix_encoding.rs`), [`badness`](badness()) (`badness.rs`), the data of
//! `chardata.rs` and `utf8_clues.rs`, the [`fixes`], the codecs
//! (`codecs.rs`, `utf8_variants.rs`), and [`apply_plan`] (`plan.rs`).

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod badness;
mod chardata;
pub mod codecs;
mod config;
mod data;
pub mod differences;
mod fix_encoding;
mod fix_text;
pub mod fixes;
mod html;
mod plan;
mod python;
mod utf8_clues;
mod utf8_variants;

pub use badness::{badness, is_bad};
pub use chardata::CHARMAP_ENCODINGS;
pub use config::{Normalization, TextFixerConfig, UnescapeHtml};
pub use fix_encoding::{fix_encoding, fix_encoding_and_explain};
pub use fix_text::{fix_and_explain, fix_text};
pub use plan::{apply_plan, ExplainedText, ExplanationStep, PlanError};
