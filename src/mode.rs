//! The one place that picks the mode: ftfy 6.3.1's algorithm, or
//! extended recovery on top of it, from
//! [`TextFixerConfig::extended_recovery`]. The layers below take the
//! mode's pieces as traits and never name the extended mode.

use crate::encoding::{EncodingFixer, Ftfy};
use crate::replay::ReplayExtension;
use crate::TextFixerConfig;

/// How `config`'s mode fixes the encoding of text.
pub(crate) fn encoding_fixer(config: &TextFixerConfig) -> &'static dyn EncodingFixer {
    if config.extended_recovery {
        &crate::extended::ExtendedRecovery
    } else {
        &Ftfy
    }
}

/// What replays the repairs that only extended recovery records. Plans
/// replay the same in either mode: a plan holds its own steps.
pub(crate) fn extension_replay() -> &'static dyn ReplayExtension {
    &crate::extended::Replay
}

/// Where a stream stands in the blocks of lines whose evidence extended
/// recovery weighs together ([`crate::extended::document`]).
pub(crate) type DocumentPosition = crate::extended::document::Position;

/// The lines of a text of several lines (which follow `position`) that
/// the document's evidence repairs before they are fixed one by one
/// (extended recovery only), or `None`; and the position after the text.
pub(crate) fn repair_document(
    config: &TextFixerConfig,
    text: &str,
    position: DocumentPosition,
    explained: Option<&mut crate::extended::document::Explained>,
) -> (Option<String>, DocumentPosition) {
    if config.extended_recovery && config.fix_encoding {
        crate::extended::document::repair(text, config, position, explained)
    } else {
        (None, position)
    }
}

/// How much of `text` a stream may fix now: in extended recovery, whole
/// blocks only, as their evidence is weighed together.
pub(crate) fn complete_document_len(
    config: &TextFixerConfig,
    text: &str,
    position: DocumentPosition,
) -> usize {
    if config.extended_recovery && config.fix_encoding {
        crate::extended::document::complete_blocks_len(text, position)
    } else {
        text.len()
    }
}

/// The length of the longest prefix of `text` (whose lines follow
/// `position`) made of whole blocks of lines as extended recovery weighs
/// them, and the position after that prefix: where a reader that hands
/// pieces of a text to independent fixers cuts them.
pub(crate) fn whole_blocks_len(
    text: &str,
    position: DocumentPosition,
) -> (usize, DocumentPosition) {
    let length = crate::extended::document::complete_blocks_len(text, position);
    (
        length,
        crate::extended::document::position_after(&text[..length], position),
    )
}

/// The texts of a column judged as one document in extended recovery
/// (their repairs, `None` where nothing is repaired); every `None` in the
/// default mode.
pub(crate) fn repair_texts(config: &TextFixerConfig, texts: &[&str]) -> Vec<Option<String>> {
    if config.extended_recovery && config.fix_encoding {
        crate::extended::document::repair_texts(texts, config)
    } else {
        vec![None; texts.len()]
    }
}
