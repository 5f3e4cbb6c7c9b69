//! Why a file could not be read and decoded.

use std::fmt;
use std::io;

/// Why a file could not be read and decoded.
#[derive(Debug)]
#[non_exhaustive]
pub enum FixFileError {
    /// Reading failed.
    Io(io::Error),
    /// The bytes at `offset` (counted from the start of the input) are not
    /// valid in the encoding: the input is in another encoding, which
    /// must be named, or guessed.
    Undecodable {
        /// The encoding the input was decoded with.
        encoding: &'static str,
        /// The offset of the first byte that failed.
        offset: usize,
    },
    /// No codec has this name.
    UnknownEncoding {
        /// The name as given.
        name: String,
    },
}

impl fmt::Display for FixFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FixFileError::Io(error) => write!(f, "cannot read the input: {error}"),
            FixFileError::Undecodable { encoding, offset } => write!(
                f,
                "the input is not valid {encoding} at byte offset {offset}"
            ),
            FixFileError::UnknownEncoding { name } => write!(
                f,
                "unknown encoding '{name}'; try utf-8, latin-1, sloppy-windows-1252, \
                 utf-8-variants, macroman, cp437, utf-16 or a WHATWG label such as shift_jis"
            ),
        }
    }
}

impl std::error::Error for FixFileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FixFileError::Io(error) => Some(error),
            _ => None,
        }
    }
}
