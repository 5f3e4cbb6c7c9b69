//! The names of the fixes that plans record: ftfy 6.3.1's, and the steps a
//! layer built on the core adds ([`PlanExtension`]). Names only: the
//! functions behind ftfy's are in [`crate::fixes`] (see [`Fix::text_fix`]),
//! and [`crate::apply_plan`] replays every one.

use std::borrow::Cow;
use std::fmt;
use std::hash::Hash;

use crate::PlanError;

/// A repair of the bytes of re-encoded mojibake.
pub type ByteFix = fn(&[u8]) -> Cow<'_, [u8]>;

/// The steps that a layer built on the core adds to plans (extended
/// recovery's repairs, in the `ftfy` crate): the core records, prints,
/// parses and replays them through this trait, without knowing what they
/// do. Plans that hold no such step use [`NoExtension`].
pub trait PlanExtension: Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static {
    /// The step's name in plans, as ftfy's `('apply', NAME)` prints it.
    fn name(self) -> &'static str;

    /// The step with this name, if there is one.
    fn from_name(name: &str) -> Option<Self>;

    /// The function that repairs bytes for this step, if it works on bytes.
    fn byte_fix(self) -> Option<ByteFix>;

    /// This step applied to `text`, if it works on text.
    fn apply_text(self, text: &str) -> Option<Cow<'_, str>>;
}

/// The extension of plans that hold only ftfy 6.3.1's steps: there is no
/// value of this type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoExtension {}

impl PlanExtension for NoExtension {
    fn name(self) -> &'static str {
        match self {}
    }

    fn from_name(_name: &str) -> Option<Self> {
        None
    }

    fn byte_fix(self) -> Option<ByteFix> {
        match self {}
    }

    fn apply_text(self, _text: &str) -> Option<Cow<'_, str>> {
        match self {}
    }
}

/// A fix that plans name, with its name as ftfy 6.3.1 spells it (its
/// `Display`; parsing takes the same spelling). `X` names the steps that a
/// layer built on the core adds ([`PlanExtension`]).
///
/// ```
/// use ftfy_core::fixes::Fix;
///
/// let fix: Fix = "uncurl_quotes".parse().unwrap();
/// assert_eq!(fix, Fix::UncurlQuotes);
/// assert_eq!(fix.to_string(), "uncurl_quotes");
/// assert_eq!(fix.text_fix().unwrap()("‘a’"), "'a'");
/// // Two fixes work on the bytes of re-encoded mojibake, not on text.
/// let restore: Fix = Fix::RestoreByteA0;
/// assert!(restore.text_fix().is_none());
/// assert_eq!(restore.byte_fix().unwrap()(b"\xf0\x9f\x8c ").as_ref(), b"\xf0\x9f\x8c\xa0");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Fix<X = NoExtension> {
    /// [`unescape_html`](crate::fixes::unescape_html)
    UnescapeHtml,
    /// [`remove_terminal_escapes`](crate::fixes::remove_terminal_escapes)
    RemoveTerminalEscapes,
    /// [`restore_byte_a0`](crate::fixes::restore_byte_a0), on bytes
    RestoreByteA0,
    /// [`replace_lossy_sequences`](crate::fixes::replace_lossy_sequences), on bytes
    ReplaceLossySequences,
    /// [`decode_inconsistent_utf8`](crate::fixes::decode_inconsistent_utf8)
    DecodeInconsistentUtf8,
    /// [`fix_c1_controls`](crate::fixes::fix_c1_controls)
    FixC1Controls,
    /// [`fix_latin_ligatures`](crate::fixes::fix_latin_ligatures)
    FixLatinLigatures,
    /// [`fix_character_width`](crate::fixes::fix_character_width)
    FixCharacterWidth,
    /// [`uncurl_quotes`](crate::fixes::uncurl_quotes)
    UncurlQuotes,
    /// [`fix_line_breaks`](crate::fixes::fix_line_breaks)
    FixLineBreaks,
    /// [`fix_surrogates`](crate::fixes::fix_surrogates)
    FixSurrogates,
    /// [`remove_control_chars`](crate::fixes::remove_control_chars)
    RemoveControlChars,
    /// A step that a layer built on the core adds, such as extended
    /// recovery's `decode_utf8_spans:sloppy-windows-1250` in the `ftfy`
    /// crate.
    Extension(X),
}

impl<X> Fix<X> {
    /// Every fix of ftfy 6.3.1, in the order of its `FIXERS`.
    pub const ALL: [Fix<X>; 12] = [
        Fix::UnescapeHtml,
        Fix::RemoveTerminalEscapes,
        Fix::RestoreByteA0,
        Fix::ReplaceLossySequences,
        Fix::DecodeInconsistentUtf8,
        Fix::FixC1Controls,
        Fix::FixLatinLigatures,
        Fix::FixCharacterWidth,
        Fix::UncurlQuotes,
        Fix::FixLineBreaks,
        Fix::FixSurrogates,
        Fix::RemoveControlChars,
    ];
}

impl Fix {
    /// The same fix, in plans that may also hold the steps of `X`.
    pub fn widen<X>(self) -> Fix<X> {
        match self {
            Fix::UnescapeHtml => Fix::UnescapeHtml,
            Fix::RemoveTerminalEscapes => Fix::RemoveTerminalEscapes,
            Fix::RestoreByteA0 => Fix::RestoreByteA0,
            Fix::ReplaceLossySequences => Fix::ReplaceLossySequences,
            Fix::DecodeInconsistentUtf8 => Fix::DecodeInconsistentUtf8,
            Fix::FixC1Controls => Fix::FixC1Controls,
            Fix::FixLatinLigatures => Fix::FixLatinLigatures,
            Fix::FixCharacterWidth => Fix::FixCharacterWidth,
            Fix::UncurlQuotes => Fix::UncurlQuotes,
            Fix::FixLineBreaks => Fix::FixLineBreaks,
            Fix::FixSurrogates => Fix::FixSurrogates,
            Fix::RemoveControlChars => Fix::RemoveControlChars,
            Fix::Extension(never) => match never {},
        }
    }
}

impl<X: PlanExtension> Fix<X> {
    /// The fix's name, as ftfy 6.3.1 spells it in plans.
    ///
    /// ```
    /// use ftfy_core::fixes::Fix;
    /// assert_eq!(Fix::<ftfy_core::NoExtension>::FixC1Controls.name(), "fix_c1_controls");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Fix::UnescapeHtml => "unescape_html",
            Fix::RemoveTerminalEscapes => "remove_terminal_escapes",
            Fix::RestoreByteA0 => "restore_byte_a0",
            Fix::ReplaceLossySequences => "replace_lossy_sequences",
            Fix::DecodeInconsistentUtf8 => "decode_inconsistent_utf8",
            Fix::FixC1Controls => "fix_c1_controls",
            Fix::FixLatinLigatures => "fix_latin_ligatures",
            Fix::FixCharacterWidth => "fix_character_width",
            Fix::UncurlQuotes => "uncurl_quotes",
            Fix::FixLineBreaks => "fix_line_breaks",
            Fix::FixSurrogates => "fix_surrogates",
            Fix::RemoveControlChars => "remove_control_chars",
            Fix::Extension(step) => step.name(),
        }
    }

    /// The fix with this name, if there is one.
    ///
    /// ```
    /// use ftfy_core::fixes::Fix;
    /// assert_eq!(Fix::from_name("fix_line_breaks"), Some(Fix::<ftfy_core::NoExtension>::FixLineBreaks));
    /// assert_eq!(Fix::<ftfy_core::NoExtension>::from_name("make_it_nice"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Fix<X>> {
        Fix::ALL
            .into_iter()
            .find(|fix: &Fix<X>| fix.name() == name)
            .or_else(|| X::from_name(name).map(Fix::Extension))
    }
}

impl<X: PlanExtension> fmt::Display for Fix<X> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl<X: PlanExtension> std::str::FromStr for Fix<X> {
    type Err = PlanError;

    fn from_str(name: &str) -> Result<Fix<X>, PlanError> {
        Fix::from_name(name).ok_or_else(|| PlanError::UnknownFix {
            name: name.to_owned(),
        })
    }
}
