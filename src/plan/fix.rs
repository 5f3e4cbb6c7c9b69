//! The names of the fixes that plans record: ftfy 6.3.1's, and the
//! repairs that only extended recovery makes. Names only: the functions
//! behind them are in [`crate::fixes`] (see [`Fix::text_fix`]), and
//! [`crate::apply_plan`] replays every one.

use std::fmt;

use crate::codecs::{Charmap, UTF8_MISREAD_AS};
use crate::PlanError;

/// A fix that plans name, with its name as ftfy 6.3.1 spells it (its
/// `Display`; parsing takes the same spelling).
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
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Fix {
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
    /// A repair that only extended recovery's plans name, such as
    /// `decode_utf8_spans:sloppy-windows-1250`.
    ///
    /// ```
    /// use ftfy::fixes::Fix;
    /// let fix = Fix::from_name("restore_continuation_bytes").unwrap();
    /// assert_eq!(fix.name(), "restore_continuation_bytes");
    /// // `apply_plan` replays it.
    /// let plan = [ftfy::ExplanationStep::Apply(Fix::from_name("decode_utf8_spans:sloppy-windows-1252").unwrap())];
    /// assert_eq!(ftfy::apply_plan("Łódź i GdaÅ„sk", &plan).unwrap(), "Łódź i Gdańsk");
    /// ```
    Extension(ExtensionFix),
}

impl Fix {
    /// Every fix of ftfy 6.3.1, in the order of its `FIXERS`.
    pub const ALL: [Fix; 12] = [
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

    /// The fix's name, as ftfy 6.3.1 spells it in plans.
    ///
    /// ```
    /// assert_eq!(ftfy::fixes::Fix::FixC1Controls.name(), "fix_c1_controls");
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
            Fix::Extension(fix) => fix.name(),
        }
    }

    /// The fix with this name, if there is one.
    ///
    /// ```
    /// use ftfy::fixes::Fix;
    /// assert_eq!(Fix::from_name("fix_line_breaks"), Some(Fix::FixLineBreaks));
    /// assert_eq!(Fix::from_name("make_it_nice"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Fix> {
        Fix::ALL
            .into_iter()
            .find(|fix| fix.name() == name)
            .or_else(|| ExtensionFix::from_name(name).map(Fix::Extension))
    }
}

impl fmt::Display for Fix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Fix {
    type Err = PlanError;

    fn from_str(name: &str) -> Result<Fix, PlanError> {
        Fix::from_name(name).ok_or_else(|| PlanError::UnknownFix {
            name: name.to_owned(),
        })
    }
}

/// A repair that only extended recovery's plans name: putting back the
/// continuation bytes that became a space or a straightened quote
/// (`restore_continuation_bytes`, on bytes), or re-decoding the damaged
/// words of a line, read as UTF-8 through one of the codecs of
/// [`UTF8_MISREAD_AS`] (`decode_utf8_spans:CODEC`, and
/// `decode_utf8_leftovers:CODEC` for the last words of a line already
/// partly fixed). [`crate::apply_plan`] replays them.
///
/// ```
/// use ftfy::codecs::SLOPPY_WINDOWS_1250;
/// use ftfy::fixes::{ExtensionFix, SpanRepair};
///
/// let fix = ExtensionFix::from_name("decode_utf8_leftovers:sloppy-windows-1250").unwrap();
/// assert_eq!(fix.span_repair(), Some((&SLOPPY_WINDOWS_1250, SpanRepair::Leftovers)));
/// assert_eq!(ExtensionFix::spans(&SLOPPY_WINDOWS_1250, SpanRepair::Leftovers), Some(fix));
/// assert!(ExtensionFix::from_name("decode_utf8_spans:klingon").is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ExtensionFix(ExtensionKind);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum ExtensionKind {
    RestoreContinuationBytes,
    /// A span repair through `UTF8_MISREAD_AS[index]`.
    Spans(SpanRepair, usize),
}

/// Which words of a line a span repair re-decodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SpanRepair {
    /// Words that read as far likelier text once re-decoded
    /// (`decode_utf8_spans`).
    Likelier,
    /// Every word that re-decodes without a hard sign of mojibake: the
    /// leftovers on a line whose other mojibake is already undone, such as
    /// a one-letter word (`╨▓` for `в`) that showed no sign of its own
    /// (`decode_utf8_leftovers`).
    Leftovers,
}

/// The plan step names of span repair, one per codec of
/// [`UTF8_MISREAD_AS`].
static SPAN_STEPS: [&str; 15] = [
    "decode_utf8_spans:latin-1",
    "decode_utf8_spans:sloppy-windows-1252",
    "decode_utf8_spans:sloppy-windows-1251",
    "decode_utf8_spans:sloppy-windows-1250",
    "decode_utf8_spans:sloppy-windows-1253",
    "decode_utf8_spans:sloppy-windows-1254",
    "decode_utf8_spans:sloppy-windows-1257",
    "decode_utf8_spans:iso-8859-2",
    "decode_utf8_spans:macroman",
    "decode_utf8_spans:cp437",
    "decode_utf8_spans:sloppy-windows-1255",
    "decode_utf8_spans:sloppy-windows-1256",
    "decode_utf8_spans:sloppy-windows-1258",
    "decode_utf8_spans:sloppy-iso-8859-3",
    "decode_utf8_spans:sloppy-cp874",
];

/// The plan step names of leftover repair, one per codec of
/// [`UTF8_MISREAD_AS`].
static LEFTOVER_STEPS: [&str; 15] = [
    "decode_utf8_leftovers:latin-1",
    "decode_utf8_leftovers:sloppy-windows-1252",
    "decode_utf8_leftovers:sloppy-windows-1251",
    "decode_utf8_leftovers:sloppy-windows-1250",
    "decode_utf8_leftovers:sloppy-windows-1253",
    "decode_utf8_leftovers:sloppy-windows-1254",
    "decode_utf8_leftovers:sloppy-windows-1257",
    "decode_utf8_leftovers:iso-8859-2",
    "decode_utf8_leftovers:macroman",
    "decode_utf8_leftovers:cp437",
    "decode_utf8_leftovers:sloppy-windows-1255",
    "decode_utf8_leftovers:sloppy-windows-1256",
    "decode_utf8_leftovers:sloppy-windows-1258",
    "decode_utf8_leftovers:sloppy-iso-8859-3",
    "decode_utf8_leftovers:sloppy-cp874",
];

impl SpanRepair {
    fn step_names(self) -> &'static [&'static str; 15] {
        match self {
            SpanRepair::Likelier => &SPAN_STEPS,
            SpanRepair::Leftovers => &LEFTOVER_STEPS,
        }
    }
}

impl ExtensionFix {
    /// `restore_continuation_bytes`.
    pub const RESTORE_CONTINUATION_BYTES: ExtensionFix =
        ExtensionFix(ExtensionKind::RestoreContinuationBytes);

    /// The span repair through `codec`, if it is one of [`UTF8_MISREAD_AS`].
    pub fn spans(codec: &Charmap, repair: SpanRepair) -> Option<ExtensionFix> {
        let index = UTF8_MISREAD_AS.iter().position(|&known| known == codec)?;
        Some(ExtensionFix(ExtensionKind::Spans(repair, index)))
    }

    /// The codec a span repair reads UTF-8 through, and which words it
    /// repairs; `None` for `restore_continuation_bytes`.
    pub fn span_repair(self) -> Option<(&'static Charmap, SpanRepair)> {
        match self.0 {
            ExtensionKind::RestoreContinuationBytes => None,
            ExtensionKind::Spans(repair, index) => Some((UTF8_MISREAD_AS[index], repair)),
        }
    }

    /// The repair's name in plans.
    ///
    /// ```
    /// let fix = ftfy::fixes::Fix::from_name("decode_utf8_leftovers:cp437").unwrap();
    /// assert_eq!(fix.name(), "decode_utf8_leftovers:cp437");
    /// ```
    pub fn name(self) -> &'static str {
        match self.0 {
            ExtensionKind::RestoreContinuationBytes => "restore_continuation_bytes",
            ExtensionKind::Spans(repair, index) => repair.step_names()[index],
        }
    }

    /// The repair with this name, if there is one.
    pub fn from_name(name: &str) -> Option<ExtensionFix> {
        if name == "restore_continuation_bytes" {
            return Some(ExtensionFix::RESTORE_CONTINUATION_BYTES);
        }
        [SpanRepair::Likelier, SpanRepair::Leftovers]
            .into_iter()
            .find_map(|repair| {
                let index = repair.step_names().iter().position(|&step| step == name)?;
                Some(ExtensionFix(ExtensionKind::Spans(repair, index)))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each span step names its codec.
    #[test]
    fn span_step_names_follow_the_codecs() {
        for (index, codec) in UTF8_MISREAD_AS.iter().enumerate() {
            assert_eq!(
                SPAN_STEPS[index],
                format!("decode_utf8_spans:{}", codec.name())
            );
            assert_eq!(
                LEFTOVER_STEPS[index],
                format!("decode_utf8_leftovers:{}", codec.name())
            );
            for repair in [SpanRepair::Likelier, SpanRepair::Leftovers] {
                let fix = ExtensionFix::spans(codec, repair).unwrap();
                assert_eq!(ExtensionFix::from_name(fix.name()), Some(fix));
                assert_eq!(fix.span_repair(), Some((*codec, repair)));
            }
        }
    }
}
