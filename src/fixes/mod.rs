//! The small, independent fixes that [`fix_text`](crate::fix_text) applies,
//! each usable on its own, plus the encoding repairs that
//! [`fix_encoding`](crate::fix_encoding) uses on the way.
//!
//! Every fix takes `&str` and returns `Cow<str>`: borrowed, not copied,
//! when there was nothing to fix.
//!
//! ```
//! use ftfy::fixes;
//!
//! assert_eq!(fixes::unescape_html("P&EACUTE;REZ"), "PÉREZ");
//! assert_eq!(fixes::fix_latin_ligatures("ﬂuﬃeﬆ"), "fluffiest");
//! assert_eq!(fixes::uncurl_quotes("“here’s a test”"), "\"here's a test\"");
//! ```

mod compatibility;
mod controls;
mod escapes;
mod html;
mod html_entities;
mod line_breaks;
mod quotes;
mod surrogates;
mod terminal;
mod width_map;

use std::borrow::Cow;

pub use crate::encoding::repairs::{
    decode_inconsistent_utf8, fix_c1_controls, replace_lossy_sequences, restore_byte_a0,
};
pub use compatibility::{fix_character_width, fix_latin_ligatures};
pub use controls::{remove_bom, remove_control_chars};
pub use escapes::decode_escapes;
pub use html::unescape_html;
pub use line_breaks::fix_line_breaks;
pub use quotes::uncurl_quotes;
pub use surrogates::{fix_surrogates, fix_utf16};
pub use terminal::remove_terminal_escapes;

/// The text-to-text fix that ftfy 6.3.1 names `name` in its plans, if
/// there is one.
///
/// ```
/// let fix = ftfy::fixes::text_fixer("uncurl_quotes").unwrap();
/// assert_eq!(fix("‘a’"), "'a'");
/// assert!(ftfy::fixes::text_fixer("restore_byte_a0").is_none()); // bytes, not text
/// ```
pub fn text_fixer(name: &str) -> Option<fn(&str) -> Cow<'_, str>> {
    let fix: fn(&str) -> Cow<'_, str> = match name {
        "unescape_html" => unescape_html,
        "remove_terminal_escapes" => remove_terminal_escapes,
        "decode_inconsistent_utf8" => decode_inconsistent_utf8,
        "fix_c1_controls" => fix_c1_controls,
        "fix_latin_ligatures" => fix_latin_ligatures,
        "fix_character_width" => fix_character_width,
        "uncurl_quotes" => uncurl_quotes,
        "fix_line_breaks" => fix_line_breaks,
        "fix_surrogates" => fix_surrogates,
        "remove_control_chars" => remove_control_chars,
        _ => return None,
    };
    Some(fix)
}

/// Replaces every character for which `replacement` gives a string,
/// borrowing `text` when there is none.
fn replace_chars(text: &str, replacement: impl Fn(char) -> Option<&'static str>) -> Cow<'_, str> {
    let mut output: Option<String> = None;
    let mut copied_up_to = 0;
    for (index, c) in text.char_indices() {
        if let Some(replaced) = replacement(c) {
            let out = output.get_or_insert_with(|| String::with_capacity(text.len()));
            out.push_str(&text[copied_up_to..index]);
            out.push_str(replaced);
            copied_up_to = index + c.len_utf8();
        }
    }
    match output {
        Some(mut out) => {
            out.push_str(&text[copied_up_to..]);
            Cow::Owned(out)
        }
        None => Cow::Borrowed(text),
    }
}
