//! The small, independent fixes that [`fix_text`](crate::fix_text) applies,
//! each usable on its own, plus the encoding repairs that
//! [`fix_encoding`](crate::fix_encoding) uses on the way, and the names
//! plans give them ([`Fix`], with extended recovery's [`ExtensionFix`]).
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

pub use ftfy_core::fixes::*;
pub use ftfy_extended::{ExtensionFix, SpanRepair};

/// A fix that plans name, with its name as ftfy 6.3.1 spells it (its
/// `Display`; parsing takes the same spelling), or one of extended
/// recovery's repairs ([`ExtensionFix`]).
///
/// ```
/// use ftfy::fixes::Fix;
///
/// let fix: Fix = "uncurl_quotes".parse().unwrap();
/// assert_eq!(fix, Fix::UncurlQuotes);
/// assert_eq!(fix.to_string(), "uncurl_quotes");
/// assert_eq!(fix.text_fix().unwrap()("‘a’"), "'a'");
/// // Two fixes work on the bytes of re-encoded mojibake, not on text.
/// assert!(Fix::RestoreByteA0.text_fix().is_none());
/// assert_eq!(Fix::RestoreByteA0.byte_fix().unwrap()(b"\xf0\x9f\x8c ").as_ref(), b"\xf0\x9f\x8c\xa0");
/// // Extended recovery's repairs, which `apply_plan` replays.
/// let fix = Fix::from_name("restore_continuation_bytes").unwrap();
/// assert_eq!(fix.name(), "restore_continuation_bytes");
/// let plan = [ftfy::ExplanationStep::Apply(Fix::from_name("decode_utf8_spans:sloppy-windows-1252").unwrap())];
/// assert_eq!(ftfy::apply_plan("Łódź i GdaÅ„sk", &plan).unwrap(), "Łódź i Gdańsk");
/// ```
pub type Fix = ftfy_core::fixes::Fix<ExtensionFix>;
