//! The one place that picks the mode: ftfy 6.3.1's algorithm, or
//! extended recovery on top of it, from
//! [`TextFixerConfig::extended_recovery`]. Everything else asks here.

use ftfy_core::extension::Window;
use ftfy_core::Mode;
use ftfy_extended::{DocumentRecovery, ExtendedRecovery, ExtensionFix, DOCUMENT_WINDOW};

use crate::TextFixerConfig;

/// Extended recovery's judgement of documents, in the library's windows.
static DOCUMENTS: DocumentRecovery = DocumentRecovery::new(DOCUMENT_WINDOW);

/// `config`'s mode: how `fix_text`'s pipeline fixes encodings, which
/// plans it records, and whether it judges a text of many lines as a
/// document first.
pub(crate) fn of(config: &TextFixerConfig) -> Mode<ExtensionFix> {
    if config.extended_recovery {
        per_line(config).with_documents(&DOCUMENTS)
    } else {
        Mode::ftfy()
    }
}

/// `config`'s mode for lines already judged as part of a document (the
/// texts of a column): [`of`] without its judgement of documents.
pub(crate) fn per_line(config: &TextFixerConfig) -> Mode<ExtensionFix> {
    if config.extended_recovery {
        Mode::new(&ExtendedRecovery, &ExtendedRecovery)
    } else {
        Mode::ftfy()
    }
}

/// The windows `config`'s mode judges a document in, if it judges
/// documents: a reader that hands pieces of a text to independent fixers
/// cuts them at a window's end.
pub(crate) fn document_window(config: &TextFixerConfig) -> Option<Window> {
    of(config).document_window().filter(|_| config.fix_encoding)
}

/// Whether `config`'s mode judges a set of texts (a column) as one
/// document.
pub(crate) fn judges_columns(config: &TextFixerConfig) -> bool {
    config.extended_recovery && config.fix_encoding
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
