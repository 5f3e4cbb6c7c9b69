//! The seam between `fix_text`'s pipeline and the ways of fixing
//! encodings: the pipeline is written against [`EncodingFixer`] (and
//! [`ExplainEncoding`] when it records a plan), ftfy 6.3.1's algorithm
//! implements both here ([`Ftfy`]), and a layer built on the core may
//! implement them on top of it (the `ftfy` crate's extended recovery).

use std::borrow::Cow;
use std::fmt;
use std::ops::Range;

use super::{fix_encoding_of_bad, ftfy_fix_encoding, EncodingEnd};
use crate::badness::is_bad;
use crate::plan::{ExplanationStep, PlanExtension};
use crate::TextFixerConfig;

/// How a mode fixes the encoding of a piece of text, as `fix_text`'s
/// pipeline asks it (see [`crate::Mode`]).
pub trait EncodingFixer: Sync + fmt::Debug {
    /// Fixes the encoding of `text` (which `config` lets it fix).
    fn fix_encoding<'a>(&self, text: &'a str, config: &TextFixerConfig) -> Cow<'a, str>;

    /// [`Self::fix_encoding`] in a round of `fix_text`, told what the round
    /// knows of `text`.
    fn fix_in_round<'a>(
        &self,
        text: &'a str,
        config: &TextFixerConfig,
        known: RoundFacts<'_>,
    ) -> RoundFix<'a>;

    /// What the pipeline's shortcuts may rely on in this fixer's answers.
    fn capabilities(&self) -> Capabilities;

    /// Whether it may change `text`, which ftfy's heuristic finds clean
    /// (`!is_bad(text)`) and which holds a character that some codec of
    /// [`UTF8_MISREAD_AS`](crate::codecs::UTF8_MISREAD_AS) may encode,
    /// given what `fix_text`'s scan found in it. (Always false for a fixer
    /// that [leaves clean text
    /// alone](Capabilities::leaves_clean_text_alone).)
    ///
    /// The pipeline asks no fixer of clean text without such a character
    /// (Han, Hangul or an Indic script beside ASCII): re-reading through
    /// those codecs leaves it alone, and every fixer must.
    fn may_change_clean(&self, text: &str, scanned: ScanFacts) -> bool;
}

/// [`EncodingFixer::fix_encoding`], recording the steps of a plan whose
/// extension steps are `X`s.
pub trait ExplainEncoding<X>: Sync + fmt::Debug {
    /// Fixes the encoding of `text` (which `config` lets it fix), pushing
    /// the plan's steps to `plan`.
    fn fix_encoding_and_explain<'a>(
        &self,
        text: &'a str,
        config: &TextFixerConfig,
        plan: &mut Vec<ExplanationStep<X>>,
    ) -> Cow<'a, str>;
}

/// What `fix_text`'s shortcuts may rely on in the answers of an
/// [`EncodingFixer`]. ftfy 6.3.1's algorithm ([`Ftfy`]) has every one; a
/// fixer without them gets the same answers from the pipeline, by the
/// longer way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Capabilities {
    /// Its answers are fixed points: it gives the text it gave back
    /// unchanged, so a round need not fix the encoding again of text that
    /// only it changed.
    pub gives_fixed_points: bool,
    /// It leaves alone text that ftfy's heuristic finds clean: a segment of
    /// clean non-ASCII text is left as it is without asking it, a line of
    /// nothing but such text is *quiet* (passed over by the pre-scan), and
    /// a segment whose only other trigger is an apostrophe only has its
    /// quotes straightened.
    pub leaves_clean_text_alone: bool,
    /// Its answer on a segment of several lines is the one that
    /// `pipeline/lines.rs` works out a line at a time from ftfy's steps, and
    /// what it reports of a text ([`RoundFix`]) holds for each line of it:
    /// a long segment may be fixed by lines, and which lines a second run
    /// might change worked out from the report.
    pub works_line_by_line: bool,
}

impl Capabilities {
    /// None of the capabilities: every shortcut is off.
    pub const NONE: Capabilities = Capabilities {
        gives_fixed_points: false,
        leaves_clean_text_alone: false,
        works_line_by_line: false,
    };

    /// Every capability, as ftfy 6.3.1's algorithm has them.
    pub const ALL: Capabilities = Capabilities {
        gives_fixed_points: true,
        leaves_clean_text_alone: true,
        works_line_by_line: true,
    };
}

/// What a round of `fix_text` knows of the text it fixes the encoding of.
#[derive(Clone, Copy, Debug, Default)]
pub struct RoundFacts<'r> {
    /// `is_bad` has found the text bad.
    pub(crate) known_bad: bool,
    /// The text holds a character that some badness rule needs (see
    /// `badness::is_anchor`); without one it is not bad.
    pub(crate) may_be_bad: bool,
    /// The text is one in which the last `fix_encoding` found
    /// [`EncodingEnd::NothingToFix`], with only these byte ranges changed
    /// since.
    pub(crate) changed: Option<&'r [Range<usize>]>,
}

/// What [`EncodingFixer::fix_in_round`] gives back.
#[derive(Debug)]
pub struct RoundFix<'a> {
    pub(crate) text: Cow<'a, str>,
    /// What ftfy's `fix_encoding` last found in `text`, when it was the
    /// last to look at it.
    pub(crate) end: Option<EncodingEnd>,
    /// Whether the text was found not bad, and left alone.
    pub(crate) found_clean: bool,
}

impl<'a> RoundFix<'a> {
    /// The fixed text, with nothing more known of it.
    pub fn new(text: Cow<'a, str>) -> RoundFix<'a> {
        RoundFix {
            text,
            end: None,
            found_clean: false,
        }
    }
}

/// What `fix_text`'s pre-scan found among a text's characters, beyond the
/// fixes they trigger: a fact about the codecs of
/// [`UTF8_MISREAD_AS`](crate::codecs::UTF8_MISREAD_AS), which ftfy 6.3.1's
/// algorithm never asks, for a fixer that re-reads text through them (the
/// pre-scan's table holds it at no extra cost).
#[derive(Clone, Copy, Debug)]
pub struct ScanFacts {
    pub(crate) continuation: bool,
}

impl ScanFacts {
    /// Whether the text holds a character that some codec of
    /// [`UTF8_MISREAD_AS`](crate::codecs::UTF8_MISREAD_AS) encodes as a
    /// UTF-8 continuation byte (80 to BF): without one, no run of UTF-8
    /// mojibake can be in it.
    pub fn continuation(self) -> bool {
        self.continuation
    }
}

/// ftfy 6.3.1's `fix_encoding`: the default mode.
#[derive(Clone, Copy, Debug)]
pub struct Ftfy;

impl EncodingFixer for Ftfy {
    fn fix_encoding<'a>(&self, text: &'a str, config: &TextFixerConfig) -> Cow<'a, str> {
        // ASCII is never bad: ftfy's first step finds nothing. (Said here, a
        // short line costs no more than the check.)
        if text.is_ascii() {
            return Cow::Borrowed(text);
        }
        ftfy_fix_encoding(text, config, None)
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

    fn capabilities(&self) -> Capabilities {
        Capabilities::ALL
    }

    fn may_change_clean(&self, _text: &str, _scanned: ScanFacts) -> bool {
        false
    }
}

impl<X: PlanExtension> ExplainEncoding<X> for Ftfy {
    fn fix_encoding_and_explain<'a>(
        &self,
        text: &'a str,
        config: &TextFixerConfig,
        plan: &mut Vec<ExplanationStep<X>>,
    ) -> Cow<'a, str> {
        let mut steps = Vec::new();
        let fixed = ftfy_fix_encoding(text, config, Some(&mut steps));
        plan.extend(steps.into_iter().map(ExplanationStep::widen));
        fixed
    }
}

/// ftfy 6.3.1's answers without any of the [`Capabilities`], and asked
/// of every clean text it may be asked of: the tests' stand-in for a fixer
/// built on the core, whose answers the pipeline must give by the long way
/// exactly as by the shortcuts.
#[cfg(test)]
#[derive(Clone, Copy, Debug)]
pub(crate) struct WithoutShortcuts;

#[cfg(test)]
impl EncodingFixer for WithoutShortcuts {
    fn fix_encoding<'a>(&self, text: &'a str, config: &TextFixerConfig) -> Cow<'a, str> {
        Ftfy.fix_encoding(text, config)
    }

    fn fix_in_round<'a>(
        &self,
        text: &'a str,
        config: &TextFixerConfig,
        _known: RoundFacts<'_>,
    ) -> RoundFix<'a> {
        RoundFix::new(Ftfy.fix_encoding(text, config))
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities::NONE
    }

    fn may_change_clean(&self, _text: &str, _scanned: ScanFacts) -> bool {
        true
    }
}

#[cfg(test)]
impl<X: PlanExtension> ExplainEncoding<X> for WithoutShortcuts {
    fn fix_encoding_and_explain<'a>(
        &self,
        text: &'a str,
        config: &TextFixerConfig,
        plan: &mut Vec<ExplanationStep<X>>,
    ) -> Cow<'a, str> {
        Ftfy.fix_encoding_and_explain(text, config, plan)
    }
}
