//! The one place that picks the mode: ftfy 6.3.1's algorithm, or
//! extended recovery on top of it, from
//! [`TextFixerConfig::extended_recovery`]. Everything else asks here.

use ftfy_core::Mode;
use ftfy_extended::{ExtendedRecovery, ExtensionFix};

use crate::TextFixerConfig;

/// `config`'s mode: how `fix_text`'s pipeline fixes encodings, and which
/// plans it records.
pub(crate) fn of(config: &TextFixerConfig) -> Mode<ExtensionFix> {
    if config.extended_recovery {
        Mode::new(&ExtendedRecovery, &ExtendedRecovery)
    } else {
        Mode::ftfy()
    }
}

/// How bytes of unknown encoding are guessed in `config`'s mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Guesser {
    /// ftfy 6.3.1's `guess_bytes`, from the first line of a file.
    FirstLine,
    /// Extended recovery's guess from the whole lines of a document's
    /// first [`SAMPLE_BYTES`](ftfy_extended::SAMPLE_BYTES), where ftfy's
    /// would fall back to Windows-1252 or MacRoman.
    Document,
}

/// `config`'s [`Guesser`].
pub(crate) fn guesser(config: &TextFixerConfig) -> Guesser {
    if config.extended_recovery {
        Guesser::Document
    } else {
        Guesser::FirstLine
    }
}
