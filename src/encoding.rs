//! `fix_encoding`: detect mojibake and undo it.

use std::borrow::Cow;

use crate::{ExplainedText, TextFixerConfig};

/// Fixes mojibake with the default configuration.
pub fn fix_encoding(text: &str) -> Cow<'_, str> {
    fix_encoding_with(text, &TextFixerConfig::default())
}

/// Fixes mojibake with the given configuration.
pub fn fix_encoding_with<'a>(_text: &'a str, _config: &TextFixerConfig) -> Cow<'a, str> {
    todo!()
}

/// Fixes mojibake and explains how.
pub fn fix_encoding_and_explain(_text: &str, _config: &TextFixerConfig) -> ExplainedText {
    todo!()
}
