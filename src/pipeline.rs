//! `fix_text` and friends: split text into lines, run every enabled fix in
//! order, and repeat until nothing changes.

use std::borrow::Cow;

use crate::{ExplainedText, TextFixerConfig};

/// Fixes text with the default configuration.
pub fn fix_text(text: &str) -> Cow<'_, str> {
    fix_text_with(text, &TextFixerConfig::default())
}

/// Fixes text with the given configuration, line by line.
pub fn fix_text_with<'a>(_text: &'a str, _config: &TextFixerConfig) -> Cow<'a, str> {
    todo!()
}

/// Fixes text as one segment.
pub fn fix_text_segment<'a>(_text: &'a str, _config: &TextFixerConfig) -> Cow<'a, str> {
    todo!()
}

/// Fixes text as one segment and explains what was done.
pub fn fix_and_explain(_text: &str, _config: &TextFixerConfig) -> ExplainedText {
    todo!()
}
