//! The steps that only extended recovery's plans name ([`ExtensionFix`]):
//! their names, how they parse, and (in [`crate::recovery`]) how they
//! replay. The core's plans carry them as their extension steps
//! ([`PlanExtension`]), so that every plan prints, parses and replays
//! through the core.

use std::borrow::Cow;
use std::sync::LazyLock;

use ftfy_core::codecs::{Charmap, MisreadCodec};
use ftfy_core::fixes::ByteFix;
use ftfy_core::PlanExtension;

/// A repair that only extended recovery's plans name: putting back the
/// continuation bytes that became a space or a straightened quote
/// (`restore_continuation_bytes`, on bytes), or re-decoding the damaged
/// words of a line, read as UTF-8 through one of the codecs of
/// [`UTF8_MISREAD_AS`](ftfy_core::codecs::UTF8_MISREAD_AS)
/// (`decode_utf8_spans:CODEC`, and
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
    /// A span repair through a codec of the list.
    Spans(SpanRepair, MisreadCodec),
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

impl SpanRepair {
    /// Both kinds.
    const ALL: [SpanRepair; 2] = [SpanRepair::Likelier, SpanRepair::Leftovers];

    /// The name of its steps, before the codec's.
    fn step_name(self) -> &'static str {
        match self {
            SpanRepair::Likelier => "decode_utf8_spans",
            SpanRepair::Leftovers => "decode_utf8_leftovers",
        }
    }
}

/// The plan step name of each span repair (`decode_utf8_spans:CODEC`),
/// made from the codec list: by [`SpanRepair`], then by the codec's place
/// in the list.
static SPAN_STEP_NAMES: LazyLock<Vec<String>> = LazyLock::new(|| {
    SpanRepair::ALL
        .into_iter()
        .flat_map(|repair| {
            MisreadCodec::ALL.map(|codec| format!("{}:{}", repair.step_name(), codec.name()))
        })
        .collect()
});

impl ExtensionFix {
    /// `restore_continuation_bytes`.
    pub const RESTORE_CONTINUATION_BYTES: ExtensionFix =
        ExtensionFix(ExtensionKind::RestoreContinuationBytes);

    /// The span repair through `codec`, if it is one of
    /// [`UTF8_MISREAD_AS`](ftfy_core::codecs::UTF8_MISREAD_AS).
    pub fn spans(codec: &Charmap, repair: SpanRepair) -> Option<ExtensionFix> {
        Some(ExtensionFix::span_step(MisreadCodec::of(codec)?, repair))
    }

    /// The span repair through `codec`.
    pub(crate) fn span_step(codec: MisreadCodec, repair: SpanRepair) -> ExtensionFix {
        ExtensionFix(ExtensionKind::Spans(repair, codec))
    }

    /// The codec a span repair reads UTF-8 through, and which words it
    /// repairs; `None` for `restore_continuation_bytes`.
    pub fn span_repair(self) -> Option<(&'static Charmap, SpanRepair)> {
        self.span_codec()
            .map(|(codec, repair)| (codec.charmap(), repair))
    }

    /// [`Self::span_repair`], with the codec of the list.
    pub(crate) fn span_codec(self) -> Option<(MisreadCodec, SpanRepair)> {
        match self.0 {
            ExtensionKind::RestoreContinuationBytes => None,
            ExtensionKind::Spans(repair, codec) => Some((codec, repair)),
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
            ExtensionKind::Spans(repair, codec) => {
                let kind = usize::from(repair == SpanRepair::Leftovers);
                &SPAN_STEP_NAMES[kind * MisreadCodec::ALL.len() + codec.index()]
            }
        }
    }

    /// The repair with this name, if there is one.
    pub fn from_name(name: &str) -> Option<ExtensionFix> {
        if name == "restore_continuation_bytes" {
            return Some(ExtensionFix::RESTORE_CONTINUATION_BYTES);
        }
        let (step, codec) = name.split_once(':')?;
        let repair = SpanRepair::ALL
            .into_iter()
            .find(|repair| repair.step_name() == step)?;
        // (By the canonical name alone, as plans spell it.)
        let codec = MisreadCodec::ALL
            .into_iter()
            .find(|known| known.name() == codec)?;
        Some(ExtensionFix::span_step(codec, repair))
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

    /// Each span step names its repair and codec, and parses back.
    #[test]
    fn span_steps_name_their_codecs() {
        for codec in MisreadCodec::ALL {
            for repair in SpanRepair::ALL {
                let fix = ExtensionFix::spans(codec.charmap(), repair).unwrap();
                assert_eq!(
                    fix.name(),
                    format!("{}:{}", repair.step_name(), codec.name())
                );
                assert_eq!(ExtensionFix::from_name(fix.name()), Some(fix));
                assert_eq!(fix.span_repair(), Some((codec.charmap(), repair)));
            }
        }
        // Aliases are no names of steps.
        assert_eq!(ExtensionFix::from_name("decode_utf8_spans:latin1"), None);
    }
}
