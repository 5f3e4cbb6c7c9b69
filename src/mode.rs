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

/// How bytes of unknown encoding are guessed: what
/// [`TextBatches`](crate::file::TextBatches) and
/// [`fix_file`](crate::fix_file) do when no encoding is named (by default
/// the guess of the config's mode: [`Guesser::FirstLine`], or
/// [`Guesser::Document`] with extended recovery), and what the command's
/// `-g` does (the document guess, or ftfy's with `--ftfy-guess`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Guesser {
    /// ftfy 6.3.1's `guess_bytes` ([`guess_bytes`](crate::guess_bytes)),
    /// from the first line of a file: a UTF-16 byte-order mark, UTF-8,
    /// MacRoman when lines end in CR alone, else `sloppy-windows-1252`.
    /// Bytes that the guess cannot decode later are an error.
    FirstLine,
    /// The document guess ([`guess_bytes_ranked`](crate::guess_bytes_ranked)):
    /// every encoding the guesser knows, weighed on the first 64 KiB that
    /// hold more than ASCII. Bytes that the guess cannot decode later are
    /// read as U+FFFD.
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
