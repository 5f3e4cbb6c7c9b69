//! The small, independent fixes that [`fix_text`](crate::fix_text) applies,
//! each usable on its own, plus the encoding repairs that
//! [`fix_encoding`](crate::fix_encoding) uses on the way.
//!
//! Every fix takes `&str` and returns `Cow<str>`: borrowed, not copied,
//! when there was nothing to fix.
//!
//! ```
//! use ftfy_core::fixes;
//!
//! assert_eq!(fixes::unescape_html("P&EACUTE;REZ"), "PÉREZ");
//! assert_eq!(fixes::fix_latin_ligatures("ﬂuﬃeﬆ"), "fluffiest");
//! assert_eq!(fixes::uncurl_quotes("“here’s a test”"), "\"here's a test\"");
//! ```

mod compatibility;
mod controls;
mod escapes;
mod html;
mod html_entities_table;
mod line_breaks;
pub(crate) mod quotes;
mod surrogates;
mod terminal;
mod width_table;

use std::borrow::Cow;

use crate::edits::{Changes, Edits, Recorder};

pub use crate::plan::{ByteFix, Fix};

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

/// A fix of text: borrows when there is nothing to fix.
pub type TextFix = fn(&str) -> Cow<'_, str>;

/// A text fix that also tells [`Changes`] (when given) where it changed
/// the text.
pub(crate) type NotingTextFix = for<'a> fn(&'a str, Option<&mut Changes>) -> Cow<'a, str>;

/// The functions behind the names of [`Fix`] (the plans' vocabulary,
/// kept in the plan layer so that every layer can record steps).
impl<X> Fix<X> {
    /// The function that fixes text, or `None` for the byte repairs and for
    /// the steps of `X` (which replay themselves: [`crate::PlanExtension`]).
    pub fn text_fix(self) -> Option<TextFix> {
        let fix: TextFix = match self {
            Fix::UnescapeHtml => unescape_html,
            Fix::RemoveTerminalEscapes => remove_terminal_escapes,
            Fix::DecodeInconsistentUtf8 => decode_inconsistent_utf8,
            Fix::FixC1Controls => fix_c1_controls,
            Fix::FixLatinLigatures => fix_latin_ligatures,
            Fix::FixCharacterWidth => fix_character_width,
            Fix::UncurlQuotes => uncurl_quotes,
            Fix::FixLineBreaks => fix_line_breaks,
            Fix::FixSurrogates => fix_surrogates,
            Fix::RemoveControlChars => remove_control_chars,
            Fix::RestoreByteA0 | Fix::ReplaceLossySequences | Fix::Extension(_) => return None,
        };
        Some(fix)
    }

    /// [`Fix::text_fix`] for the fixes of `fix_text`'s round, telling
    /// `changes` (when given) where it changed the text.
    pub(crate) fn round_fix_noting(self) -> Option<NotingTextFix> {
        let fix: NotingTextFix = match self {
            Fix::RemoveTerminalEscapes => terminal::remove_terminal_escapes_noting,
            Fix::FixC1Controls => |text, changes| {
                crate::encoding::repairs::fix_c1_controls_noting(text, &mut Vec::new(), changes)
            },
            Fix::FixLatinLigatures => compatibility::fix_latin_ligatures_noting,
            Fix::FixCharacterWidth => compatibility::fix_character_width_noting,
            Fix::UncurlQuotes => quotes::uncurl_quotes_noting,
            Fix::FixLineBreaks => line_breaks::fix_line_breaks_noting,
            // A `&str` holds no surrogate.
            Fix::FixSurrogates => |text, _| Cow::Borrowed(text),
            Fix::RemoveControlChars => controls::remove_control_chars_noting,
            _ => return None,
        };
        Some(fix)
    }

    /// The function that repairs bytes, for ftfy's two byte repairs
    /// (`None` for the rest, and for the steps of `X`, which replay
    /// themselves).
    pub fn byte_fix(self) -> Option<ByteFix> {
        match self {
            Fix::RestoreByteA0 => Some(restore_byte_a0),
            Fix::ReplaceLossySequences => Some(replace_lossy_sequences),
            _ => None,
        }
    }
}

/// Replaces every character for which `replacement` gives a string,
/// borrowing `text` when there is none. Only characters whose first byte
/// in UTF-8 passes `may_start` are looked at, which lets a fix skip most
/// of the text a byte at a time; `may_start` must be false for
/// continuation bytes (80–BF), so that a byte it passes starts a character.
fn replace_chars<'a>(
    text: &'a str,
    may_start: impl Fn(u8) -> bool,
    replacement: impl Fn(char) -> Option<&'static str>,
    recorder: impl Recorder,
) -> Cow<'a, str> {
    let bytes = text.as_bytes();
    let mut edits = Edits::noting(text, recorder);
    let mut index = 0;
    while let Some(offset) = bytes[index..].iter().position(|&byte| may_start(byte)) {
        index += offset;
        debug_assert!(text.is_char_boundary(index), "a continuation byte passed");
        // OK because `index` is at a character (see above).
        let c = text[index..].chars().next().expect("a character");
        if let Some(replaced) = replacement(c) {
            edits.replace(index, index + c.len_utf8(), replaced);
        }
        index += c.len_utf8();
    }
    edits.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fix built on [`replace_chars`]: its name, byte filter and
    /// replacement.
    type CharFix = (
        &'static str,
        fn(u8) -> bool,
        fn(char) -> Option<&'static str>,
    );

    /// The byte filters of the fixes built on [`replace_chars`] pass the
    /// first byte of every character the fix replaces, and no
    /// continuation byte: checked on every code point.
    #[test]
    fn byte_filters_pass_every_replaced_character() {
        let fixes: [CharFix; 4] = [
            (
                "uncurl_quotes",
                quotes::may_start_curly_quote,
                quotes::straightened,
            ),
            (
                "fix_latin_ligatures",
                compatibility::may_start_ligature,
                compatibility::separated_ligature,
            ),
            (
                "fix_character_width",
                compatibility::may_start_wide_char,
                compatibility::narrowed,
            ),
            (
                "remove_control_chars",
                controls::may_start_control_char,
                |c| controls::is_removed_control_char(c).then_some(""),
            ),
        ];
        for (name, may_start, replacement) in fixes {
            assert!(
                !(0x80..=0xBF).any(may_start),
                "{name} passes a continuation byte"
            );
            for c in (0..=0x10FFFF).filter_map(char::from_u32) {
                if replacement(c).is_some() {
                    let first = c.to_string().as_bytes()[0];
                    assert!(may_start(first), "{name} skips U+{:04X}", u32::from(c));
                }
            }
        }
    }
}
