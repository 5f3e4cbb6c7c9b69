//! `fix_file` on a binary stream: the crate's reading, decoding and
//! guessing ([`TextBatches`]), and ftfy's `fix_file` loop on each segment.

use std::collections::VecDeque;
use std::ffi::CString;
use std::io::{self, Read};
use std::sync::{Arc, Mutex, PoisonError};

use ftfy::codecs::Codec;
use ftfy::file::{FixFileError, TextBatches};
use ftfy::{TextFixerConfig, UnescapeHtml};
use pyo3::exceptions::{PyLookupError, PyOSError, PyTypeError, PyUnicodeDecodeError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes};

use crate::interrupt::segment_end;

/// How much text a batch holds: a few tens of milliseconds of work.
const BATCH_BYTES: usize = 1 << 20;

/// A Python binary stream as a [`Read`]: its `read(size)`, called with the
/// GIL taken back.
struct PyReader {
    read: Py<PyAny>,
    log: Arc<Mutex<ReadLog>>,
}

/// What the caller may need after a read failed: the Python exception
/// `read` raised, to raise it again, and the last two reads, to show the
/// bytes a decoding error is about.
#[derive(Default)]
struct ReadLog {
    error: Option<PyErr>,
    /// The offset and bytes of the last two reads.
    recent: VecDeque<(u64, Vec<u8>)>,
    position: u64,
    /// The first two bytes of the input (a UTF-16 byte-order mark, if any).
    head: Vec<u8>,
}

impl Read for PyReader {
    fn read(&mut self, buffer: &mut [u8]) -> io::Result<usize> {
        let bytes = Python::with_gil(|py| -> PyResult<Vec<u8>> {
            let data = self.read.call1(py, (buffer.len(),))?;
            let data = data.bind(py);
            if let Ok(bytes) = data.downcast::<PyBytes>() {
                return Ok(bytes.as_bytes().to_vec());
            }
            if let Ok(bytes) = data.downcast::<PyByteArray>() {
                return Ok(bytes.to_vec());
            }
            Err(PyTypeError::new_err(format!(
                "fix_file: the file's read() returned {}, not bytes",
                data.get_type().name()?
            )))
        });
        let bytes = bytes.and_then(|bytes| {
            if bytes.len() > buffer.len() {
                Err(PyOSError::new_err(
                    "fix_file: read() returned more than it was asked for",
                ))
            } else {
                Ok(bytes)
            }
        });
        let mut log = self.log.lock().unwrap_or_else(PoisonError::into_inner);
        match bytes {
            Ok(bytes) => {
                buffer[..bytes.len()].copy_from_slice(&bytes);
                let read = bytes.len();
                if log.recent.len() == 2 {
                    log.recent.pop_front();
                }
                let position = log.position;
                if log.head.len() < 2 {
                    let wanted = (2 - log.head.len()).min(bytes.len());
                    log.head.extend_from_slice(&bytes[..wanted]);
                }
                log.recent.push_back((position, bytes));
                log.position += read as u64;
                Ok(read)
            }
            Err(error) => {
                log.error = Some(error);
                Err(io::Error::other("the file's read() raised"))
            }
        }
    }
}

impl ReadLog {
    /// The bytes Python would decode as one unit to meet the bad byte at
    /// `offset`, as far as the last reads hold them, and Python's codec for
    /// them: the line that holds it (ftfy decodes line by line), or for
    /// UTF-16, which the crate decodes whole, the input from its start (or
    /// from a code unit's start in the last reads).
    fn unit_at(&self, offset: u64, encoding: &str) -> (Vec<u8>, String) {
        let start = self.recent.front().map_or(0, |(start, _)| *start);
        let bytes: Vec<u8> = self
            .recent
            .iter()
            .flat_map(|(_, bytes)| bytes.clone())
            .collect();
        let bad = usize::try_from(offset.saturating_sub(start)).unwrap_or(usize::MAX);
        let bad = bad.min(bytes.len());
        if encoding == "utf-16" {
            let codec = match (start, &self.head[..]) {
                (0, _) => "utf-16",
                (_, [0xFE, 0xFF]) => "utf-16-be",
                _ => "utf-16-le",
            };
            let skip = usize::from(start % 2 == 1);
            return (bytes[skip.min(bytes.len())..].to_vec(), codec.to_owned());
        }
        let line_start = bytes[..bad]
            .iter()
            .rposition(|&byte| byte == b'\n')
            .map_or(0, |newline| newline + 1);
        let line_end = bytes[bad..]
            .iter()
            .position(|&byte| byte == b'\n')
            .map_or(bytes.len(), |newline| bad + newline + 1);
        (bytes[line_start..line_end].to_vec(), encoding.to_owned())
    }
}

/// The `UnicodeDecodeError` Python's codec `codec` raises for `bytes`, or
/// `None` if it decodes them.
fn python_decode_error(py: Python<'_>, bytes: &[u8], codec: &str) -> Option<PyErr> {
    let decoded = PyBytes::new(py, bytes).call_method1("decode", (codec,));
    decoded
        .err()
        .filter(|error| error.is_instance_of::<PyUnicodeDecodeError>(py))
}

/// Whether the crate decodes `name` exactly as Python's codec of that name
/// does: its own codecs (made from Python's tables), UTF-16 and ASCII. Other
/// names (WHATWG labels such as `shift_jis`, which the crate reads its
/// way) are left to Python's codecs.
fn decodes_as_python(name: &str) -> bool {
    let label = name.trim().to_ascii_lowercase().replace('_', "-");
    matches!(
        Codec::from_name(name),
        Some(Codec::Utf8 | Codec::Utf8Variants | Codec::SingleByte(_))
    ) || matches!(
        label.as_str(),
        "utf-16" | "utf16" | "ascii" | "us-ascii" | "646"
    )
}

/// The fixed lines of a binary file, read and decoded by the crate: an
/// iterator of `str`, one per segment (a line, or a piece of
/// `max_decode_length` characters of a longer one), each fixed as ftfy's
/// `fix_file` fixes a line.
#[pyclass(module = "ftfy_rs._native")]
pub struct FileFixer {
    batches: TextBatches<PyReader>,
    log: Arc<Mutex<ReadLog>>,
    config: TextFixerConfig,
    /// Fixed segments not yet returned.
    ready: VecDeque<String>,
    /// The error that ended the input, raised after the segments before it.
    failed: Option<PyErr>,
    done: bool,
}

#[pymethods]
impl FileFixer {
    /// Reads `file` (with `read(size)` returning bytes) in `encoding`, or
    /// guessing it when `None`. Raises `LookupError` for an encoding the
    /// crate does not decode as Python does.
    #[new]
    #[pyo3(signature = (file, encoding, config=None))]
    fn new(
        file: &Bound<'_, PyAny>,
        encoding: Option<&str>,
        config: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<FileFixer> {
        if let Some(name) = encoding {
            if !decodes_as_python(name) {
                return Err(PyLookupError::new_err(format!("left to Python: {name}")));
            }
        }
        let config = crate::config::from_python(config)?.explain(false);
        let log = Arc::new(Mutex::new(ReadLog::default()));
        let reader = PyReader {
            read: file.getattr("read")?.unbind(),
            log: Arc::clone(&log),
        };
        let batches = TextBatches::new(reader, encoding, &config, BATCH_BYTES)
            .map_err(|error| PyLookupError::new_err(error.to_string()))?;
        Ok(FileFixer {
            batches,
            log,
            config,
            ready: VecDeque::new(),
            failed: None,
            done: false,
        })
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<String>> {
        while self.ready.is_empty() && !self.done {
            self.fix_next_batch(py)?;
        }
        if let Some(line) = self.ready.pop_front() {
            return Ok(Some(line));
        }
        match self.failed.take() {
            Some(error) => Err(error),
            None => Ok(None),
        }
    }

    /// The encoding the file is decoded with (`None` until it is guessed).
    #[getter]
    fn encoding(&self) -> Option<&'static str> {
        self.batches.encoding()
    }
}

impl FileFixer {
    /// Reads, decodes and fixes the next batch, with the GIL released
    /// (taken back by each read).
    fn fix_next_batch(&mut self, py: Python<'_>) -> PyResult<()> {
        let FileFixer {
            batches,
            config,
            ready,
            ..
        } = self;
        let batch = py.allow_threads(|| {
            let batch = batches.next_batch()?;
            if let Some(text) = &batch {
                fix_segments(text, config, ready);
            }
            Ok::<_, FixFileError>(batch.is_some())
        });
        match batch {
            Ok(true) => {}
            Ok(false) => self.done = true,
            Err(error) => {
                self.done = true;
                self.failed = Some(self.error(py, error));
            }
        }
        Ok(())
    }

    /// The Python exception for an error of the crate's reading.
    fn error(&mut self, py: Python<'_>, error: FixFileError) -> PyErr {
        let mut log = self.log.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(raised) = log.error.take() {
            return raised;
        }
        match error {
            // Python's own error, from its codec on the bytes ftfy would
            // have decoded together: its codec name, position and reason.
            FixFileError::Undecodable { encoding, offset } => {
                let (unit, codec) = log.unit_at(offset as u64, encoding);
                python_decode_error(py, &unit, &codec).unwrap_or_else(|| {
                    let reason =
                        format!("the input is not valid {encoding} at byte offset {offset}");
                    let encoding = CString::new(encoding).unwrap_or_default();
                    let reason = CString::new(reason).unwrap_or_default();
                    match PyUnicodeDecodeError::new(py, &encoding, &[], 0..0, &reason) {
                        Ok(error) => PyErr::from_value(error.into_any()),
                        Err(error) => error,
                    }
                })
            }
            FixFileError::UnknownEncoding { name } => PyLookupError::new_err(name),
            other => PyOSError::new_err(other.to_string()),
        }
    }
}

/// Fixes each segment of `text` as ftfy's `fix_file` fixes a line: on its
/// own, with HTML entities left alone from the first segment holding a
/// `<` on, in "auto" mode.
fn fix_segments(text: &str, config: &mut TextFixerConfig, ready: &mut VecDeque<String>) {
    let mut rest = text;
    while !rest.is_empty() {
        let end = segment_end(rest, config.max_decode_length);
        let segment = &rest[..end];
        if config.unescape_html == UnescapeHtml::Auto && segment.contains('<') {
            *config = config.clone().unescape_html(UnescapeHtml::Never);
        }
        ready.push_back(ftfy::fix_text_segment(segment, config).into_owned());
        rest = &rest[end..];
    }
}
