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
