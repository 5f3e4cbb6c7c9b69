//! Where fixed text goes: standard output, or a file that appears only
//! when the run succeeds.
//!
//! Output to a file is written to a temporary file in the same directory
//! and renamed into place at the end, so a failed run never leaves a
//! half-written file, and never touches an existing one. An output that is
//! not a regular file (a device such as /dev/null, a pipe) is written
//! where it is.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use super::Failure;

/// Standard output, or a temporary file renamed over the output file on
/// [`Output::commit`].
pub struct Output {
    writer: BufWriter<Box<dyn Write>>,
    file: Option<OutputFile>,
}

struct OutputFile {
    temporary: PathBuf,
    path: PathBuf,
}

impl Output {
    /// Opens the output `name` (`-` for standard output). `input` is the
    /// input file, which must not be the output.
    pub fn open(name: &str, input: Option<&String>) -> Result<Output, Failure> {
        if name == "-" {
            return Ok(Output {
                writer: BufWriter::with_capacity(1 << 16, Box::new(io::stdout())),
                file: None,
            });
        }
        let path = PathBuf::from(name);
        if input.is_some_and(|input| same_file(Path::new(input), &path)) {
            return Err(super::ftfy_messages::SAME_FILE.into());
        }
        if let Some(writer) = write_in_place(&path, name)? {
            return Ok(Output { writer, file: None });
        }
        let file_name = path
            .file_name()
            .ok_or_else(|| format!("{name} is not a file name"))?;
        let temporary = path.with_file_name(format!(
            ".{}.ftfy-{}.tmp",
            file_name.to_string_lossy(),
            std::process::id()
        ));
        let file = File::options()
            .write(true)
            .create_new(true)
            .open(&temporary)
            .map_err(|error| {
                if path.exists() {
                    format!(
                        "cannot write {name}: no file can be made in its folder ({error}), \
                         where the output is written first and renamed over it when complete"
                    )
                } else {
                    format!("cannot create {name}: {error}")
                }
            })?;
        // An existing output keeps its permissions.
        if let Ok(metadata) = fs::metadata(&path) {
            let _ = fs::set_permissions(&temporary, metadata.permissions());
        }
        Ok(Output {
            writer: BufWriter::with_capacity(1 << 16, Box::new(file)),
            file: Some(OutputFile { temporary, path }),
        })
    }

    pub fn write(&mut self, text: &str) -> Result<(), Failure> {
        self.writer
            .write_all(text.as_bytes())
            .map_err(write_failure)
    }

    /// Finishes the output: flushes it, and puts the output file in place.
    pub fn commit(mut self) -> Result<(), Failure> {
        self.writer.flush().map_err(write_failure)?;
        if let Some(file) = &self.file {
            let cannot_write = |error| format!("cannot write {}: {error}", file.path.display());
            File::open(&file.temporary)
                .and_then(|written| written.sync_all())
                .map_err(cannot_write)?;
            fs::rename(&file.temporary, &file.path).map_err(cannot_write)?;
            self.file = None;
        }
        Ok(())
    }
}

impl Drop for Output {
    fn drop(&mut self) {
        // Not committed: remove the partial output.
        if let Some(file) = &self.file {
            let _ = fs::remove_file(&file.temporary);
        }
    }
}

/// The writer for an existing output that must be written where it is:
/// one that is not a regular file (a device such as /dev/null, a pipe),
/// which renaming a file over would replace. `None` for a regular file or
/// none, which get a temporary file renamed over them; an existing one
/// that cannot be written (a read-only file, a file of a pseudo-filesystem
/// such as /proc) is an error that says so.
fn write_in_place(path: &Path, name: &str) -> Result<Option<BufWriter<Box<dyn Write>>>, Failure> {
    let Ok(metadata) = fs::metadata(path) else {
        return Ok(None);
    };
    let cannot_write = |error: io::Error| format!("cannot write {name}: {error}");
    // Opened without truncating: only to learn whether it can be written.
    let file = File::options()
        .write(true)
        .open(path)
        .map_err(cannot_write)?;
    if metadata.is_file() {
        return Ok(None);
    }
    Ok(Some(BufWriter::with_capacity(1 << 16, Box::new(file))))
}

fn write_failure(error: io::Error) -> Failure {
    if error.kind() == io::ErrorKind::BrokenPipe {
        Failure::BrokenPipe
    } else {
        Failure::Message(format!("cannot write the output: {error}"))
    }
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (fs::canonicalize(a), fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
