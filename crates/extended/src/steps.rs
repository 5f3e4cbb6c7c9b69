//! The steps that only extended recovery's plans name ([`ExtensionFix`]):
//! their names, how they parse, and (in [`crate::recovery`]) how they
//! replay. The core's plans carry them as their extension steps
//! ([`PlanExtension`]), so that every plan prints, parses and replays
//! through the core.

use std::borrow::Cow;

use ftfy_core::codecs::{Charmap, UTF8_MISREAD_AS};
use ftfy_core::fixes::ByteFix;
use ftfy_core::PlanExtension;

/// A repair that only extended recovery's plans name: putting back the
/// continuation bytes that became a space or a straightened quote
/// (`restore_continuation_bytes`, on bytes), or re-decoding the damaged
/// words of a line, read as UTF-8 through one of the codecs of
/// [`UTF8_MISREAD_AS`] (`decode_utf8_spans:CODEC`, and
/// `decode_utf8_leftovers:CODEC` for the last words of a line already
/// partly fixed). The core's `apply_plan` replays them
/// ([`PlanExtension`]).
///
/// ```
/// use ftfy_core::codecs::SLOPPY_WINDOWS_1250;
/// use ftfy_extended::{ExtensionFix, SpanRepair};
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
    /// let fix = ftfy_extended::ExtensionFix::from_name("decode_utf8_leftovers:cp437").unwrap();
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

impl PlanExtension for ExtensionFix {
    fn name(self) -> &'static str {
        ExtensionFix::name(self)
    }

    fn from_name(name: &str) -> Option<Self> {
        ExtensionFix::from_name(name)
    }

    fn byte_fix(self) -> Option<ByteFix> {
        ExtensionFix::byte_fix(self)
    }

    fn apply_text(self, text: &str) -> Option<Cow<'_, str>> {
        ExtensionFix::apply_text(self, text)
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
