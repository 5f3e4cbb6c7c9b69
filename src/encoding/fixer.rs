//! The seam between `fix_text`'s pipeline and the two modes: the pipeline
//! is written against [`EncodingFixer`], ftfy 6.3.1's algorithm implements
//! it here ([`Ftfy`]), and extended recovery implements it on top of that
//! in the layer above. [`crate::mode`] picks one from the configuration.

use std::borrow::Cow;
use std::ops::Range;

use super::{fix_encoding_of_bad, ftfy_fix_encoding, EncodingEnd};
use crate::badness::is_bad;
use crate::plan::ExplanationStep;
use crate::TextFixerConfig;

/// How a mode fixes the encoding of a piece of text.
pub(crate) trait EncodingFixer: Sync {
    /// Fixes the encoding of `text` (which `config` lets it fix), pushing
    /// the plan's steps to `plan` when given.
    fn fix_encoding<'a>(
        &self,
        text: &'a str,
        config: &TextFixerConfig,
        plan: Option<&mut Vec<ExplanationStep>>,
    ) -> Cow<'a, str>;

    /// [`Self::fix_encoding`] without a plan, in a round of `fix_text`,
    /// told what the round knows of `text`.
    fn fix_in_round<'a>(
        &self,
        text: &'a str,
        config: &TextFixerConfig,
        known: RoundFacts<'_>,
    ) -> RoundFix<'a>;

    /// Whether this is ftfy 6.3.1's algorithm, whose answers `fix_text`'s
    /// shortcuts may rely on: it gives its own answers back unchanged, it
    /// leaves alone text that `is_bad` finds clean, and what
    /// [`RoundFix::end`] reports of a text holds for each of its lines
    /// (so that a segment can be fixed a line at a time).
    fn settles_like_ftfy(&self) -> bool;

    /// Whether it may change `text`, which ftfy's heuristic finds clean
    /// (`!is_bad(text)`), given what `fix_text`'s scan found in it.
    fn may_change_clean(&self, text: &str, scanned: ScanFacts) -> bool;
}

/// What a round of `fix_text` knows of the text it fixes the encoding of.
#[derive(Clone, Copy, Default)]
pub(crate) struct RoundFacts<'r> {
    /// `is_bad` has found the text bad.
    pub(crate) known_bad: bool,
    /// The text holds a character that some badness rule needs (see
    /// [`crate::badness::is_anchor`]); without one it is not bad.
    pub(crate) may_be_bad: bool,
    /// The text is one in which the last `fix_encoding` found
    /// [`EncodingEnd::NothingToFix`], with only these byte ranges changed
    /// since.
    pub(crate) changed: Option<&'r [Range<usize>]>,
}

/// What [`EncodingFixer::fix_in_round`] gives back.
pub(crate) struct RoundFix<'a> {
    pub(crate) text: Cow<'a, str>,
    /// What ftfy's `fix_encoding` last found in `text`, when it was the
    /// last to look at it.
    pub(crate) end: Option<EncodingEnd>,
    /// Whether the text was found not bad, and left alone.
    pub(crate) found_clean: bool,
}

/// What `fix_text`'s scan found among a text's characters.
#[derive(Clone, Copy)]
pub(crate) struct ScanFacts {
    /// A non-ASCII character that some codec of
    /// [`UTF8_MISREAD_AS`](crate::codecs::UTF8_MISREAD_AS) may encode.
    pub(crate) encodable: bool,
    /// A character that some such codec encodes as a UTF-8 continuation
    /// byte.
    pub(crate) continuation: bool,
}

/// ftfy 6.3.1's `fix_encoding`: the default mode.
pub(crate) struct Ftfy;

impl EncodingFixer for Ftfy {
    fn fix_encoding<'a>(
        &self,
        text: &'a str,
        config: &TextFixerConfig,
        plan: Option<&mut Vec<ExplanationStep>>,
    ) -> Cow<'a, str> {
        // ASCII is never bad: ftfy's first step finds nothing. (Said here, a
        // short line costs no more than the check.)
        if plan.is_none() && text.is_ascii() {
            return Cow::Borrowed(text);
        }
        ftfy_fix_encoding(text, config, plan)
    }

    fn fix_in_round<'a>(
        &self,
        text: &'a str,
        config: &TextFixerConfig,
        known: RoundFacts<'_>,
    ) -> RoundFix<'a> {
        // ftfy's `fix_encoding` leaves text that is not bad as it is.
        let bad = known.known_bad || (known.may_be_bad && !text.is_ascii() && is_bad(text));
        if !bad {
            return RoundFix {
                text: Cow::Borrowed(text),
                end: Some(EncodingEnd::NotBad),
                found_clean: true,
            };
        }
        let (text, end) = fix_encoding_of_bad(text, config, known.changed);
        RoundFix {
            text,
            end,
            found_clean: false,
        }
    }

    fn settles_like_ftfy(&self) -> bool {
        true
    }

    fn may_change_clean(&self, _text: &str, _scanned: ScanFacts) -> bool {
        false
    }
}
