//! Python `str` in and out, including strings Rust cannot hold.
//!
//! A Python `str` may contain surrogate code points (U+D800–U+DFFF), paired
//! or not; a Rust `&str` never does. At the boundary every surrogate is
//! either repaired as ftfy's `fix_surrogates` repairs it (pairs become the
//! astral character they encode, lone ones U+FFFD), or, where ftfy would
//! leave it alone, swapped for a private-use *placeholder* that no fix
//! touches and swapped back on the way out.

use std::ops::Deref;

use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

const SURROGATES: u32 = 0xD800;
const SURROGATE_COUNT: u32 = 0x800;

/// The UTF-8 encoding of a Python `str`, borrowed from Python.
///
/// Where the interpreter exports `PyUnicode_AsUTF8AndSize` to every
/// extension (Unix; it joined the stable ABI in 3.10 but CPython 3.9
/// exports it too), the text is the string's own UTF-8: an ASCII string's
/// characters themselves, or the UTF-8 copy Python makes once and keeps
/// with a non-ASCII string, so that a string seen again (a column of
/// repeated values) costs nothing to read. Elsewhere it is a `bytes`
/// object Python encodes it into, one allocation and one pass.
pub struct Utf8<'py> {
    /// Keeps the memory of `text` alive: the `str` or the `bytes`.
    _owner: Bound<'py, PyAny>,
    text: *const u8,
    len: usize,
}

#[cfg(not(windows))]
extern "C" {
    /// CPython's, exported by every CPython 3 on Unix (see [`Utf8`]).
    fn PyUnicode_AsUTF8AndSize(
        unicode: *mut ffi::PyObject,
        size: *mut ffi::Py_ssize_t,
    ) -> *const std::ffi::c_char;
}

impl<'py> Utf8<'py> {
    /// Encodes `string`, or `None` when it holds surrogates (which UTF-8
    /// cannot encode; the error Python raised is dropped).
    #[cfg(not(windows))]
    pub fn encode(string: &Bound<'py, PyString>) -> Option<Utf8<'py>> {
        let mut size: ffi::Py_ssize_t = 0;
        // Safety: `string` is a live `str`; the result points to UTF-8
        // that lives as long as the string (which `_owner` holds), or is
        // NULL with an exception set.
        let text = unsafe { PyUnicode_AsUTF8AndSize(string.as_ptr(), &mut size) };
        if text.is_null() {
            drop(PyErr::take(string.py()));
            return None;
        }
        Some(Utf8 {
            _owner: string.clone().into_any(),
            text: text.cast(),
            len: usize::try_from(size).unwrap_or(0),
        })
    }

    /// Encodes `string`, or `None` when it holds surrogates (which UTF-8
    /// cannot encode; the error Python raised is dropped).
    #[cfg(windows)]
    pub fn encode(string: &Bound<'py, PyString>) -> Option<Utf8<'py>> {
        let py = string.py();
        // Safety: `string` is a live `str`; the result is a new reference
        // to a `bytes` object, or NULL with an exception set.
        let encoded = unsafe { ffi::PyUnicode_AsUTF8String(string.as_ptr()) };
        if encoded.is_null() {
            drop(PyErr::take(py));
            return None;
        }
        // Safety: PyUnicode_AsUTF8String returns `bytes`, as owned.
        let bytes: Bound<'py, PyBytes> =
            unsafe { Bound::from_owned_ptr(py, encoded).downcast_into_unchecked() };
        let (text, len) = (bytes.as_bytes().as_ptr(), bytes.as_bytes().len());
        Some(Utf8 {
            _owner: bytes.into_any(),
            text,
            len,
        })
    }
}

impl Deref for Utf8<'_> {
    type Target = str;

    fn deref(&self) -> &str {
        // Safety: `text` is `len` bytes of UTF-8 written by Python's strict
        // encoder, in memory that `_owner` keeps alive and that Python
        // never changes (`str` and `bytes` are immutable).
        unsafe { std::str::from_utf8_unchecked(std::slice::from_raw_parts(self.text, self.len)) }
    }
}

/// Text read from a Python `str`.
pub enum PyText<'py> {
    /// Plain text: no surrogates.
    Plain(Utf8<'py>),
    /// The text had surrogates: its code points, surrogates included.
    Surrogates(Vec<u32>),
}

impl<'py> PyText<'py> {
    /// Reads `object`, which must be a `str`.
    pub fn read(object: &Bound<'py, PyAny>) -> PyResult<PyText<'py>> {
        let string = object.downcast::<PyString>().map_err(|_| {
            let name = object
                .get_type()
                .name()
                .map_or_else(|_| "object".to_owned(), |name| name.to_string());
            PyTypeError::new_err(format!("expected str, got {name}"))
        })?;
        read_string(string)
    }
}

/// Reads a `str`, falling back to its code points when it holds
/// surrogates (which UTF-8 cannot encode). UTF-32 keeps a pair of
/// surrogate code points apart from the astral character they encode,
/// which UTF-16 would not.
pub fn read_string<'py>(string: &Bound<'py, PyString>) -> PyResult<PyText<'py>> {
    match Utf8::encode(string) {
        Some(text) => Ok(PyText::Plain(text)),
        None => Ok(PyText::Surrogates(code_points(string)?)),
    }
}

/// The code points of a `str`, surrogates included.
pub fn code_points(string: &Bound<'_, PyString>) -> PyResult<Vec<u32>> {
    let encoded = string.call_method1("encode", ("utf-32-le", "surrogatepass"))?;
    let bytes = encoded.downcast::<PyBytes>()?.as_bytes();
    Ok(bytes
        .chunks_exact(4)
        .map(|quad| u32::from_le_bytes([quad[0], quad[1], quad[2], quad[3]]))
        .collect())
}

/// ftfy's `fix_surrogates` on code points: a high surrogate followed by a
/// low one becomes the character they encode, any other surrogate U+FFFD.
pub fn repair_surrogates(points: &[u32]) -> String {
    let mut units = Vec::with_capacity(points.len() + 8);
    for &point in points {
        match char::from_u32(point) {
            Some(c) => {
                let mut pair = [0u16; 2];
                units.extend_from_slice(c.encode_utf16(&mut pair));
            }
            // A surrogate: kept as one UTF-16 unit, so that fix_utf16
            // pairs it with its neighbour exactly where ftfy would.
            None => units.push(point as u16),
        }
    }
    ftfy::fixes::fix_utf16(&units)
}

/// Text with its surrogates swapped for placeholders, and the way back.
pub struct Placeholders {
    /// The first of the 0x800 private-use characters standing for
    /// U+D800..U+DFFF; `None` when the text had no surrogates.
    base: Option<u32>,
}

impl Placeholders {
    /// No placeholders: the text had no surrogates.
    pub const NONE: Placeholders = Placeholders { base: None };

    /// Swaps each surrogate code point for a placeholder from a block of
    /// private-use characters (planes 15 and 16) that the text does not
    /// already use, so that the way back is exact.
    pub fn swap_in(points: &[u32]) -> (String, Placeholders) {
        let in_block = |base: u32, point: u32| (base..base + SURROGATE_COUNT).contains(&point);
        let base = (0..64u32)
            .map(|block| 0xF0000 + block * SURROGATE_COUNT)
            .find(|&base| !points.iter().any(|&point| in_block(base, point)));
        // A text using all 64 blocks would have to hold over 64 chosen
        // private-use characters; should one, it gets ftfy's repair.
        let Some(base) = base else {
            return (repair_surrogates(points), Placeholders::NONE);
        };
        let text = points
            .iter()
            .map(|&point| {
                char::from_u32(point)
                    .or_else(|| char::from_u32(base + point - SURROGATES))
                    .unwrap_or(char::REPLACEMENT_CHARACTER)
            })
            .collect();
        (text, Placeholders { base: Some(base) })
    }

    /// The code points of text computed from placeholder text, with the
    /// surrogates back in place of their placeholders.
    pub fn points(&self, text: &str) -> Vec<u32> {
        text.chars()
            .map(|c| match self.base {
                Some(base) if (base..base + SURROGATE_COUNT).contains(&(c as u32)) => {
                    SURROGATES + c as u32 - base
                }
                _ => c as u32,
            })
            .collect()
    }

    /// Makes the Python `str` for text computed from placeholder text,
    /// holding the surrogates again.
    pub fn swap_out<'py>(&self, py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
        let Some(base) = self.base else {
            return Ok(PyString::new(py, text).into_any());
        };
        let _ = base;
        points_to_python(py, &self.points(text))
    }
}

/// A Python `str` from code points that may hold surrogates.
pub fn points_to_python<'py>(py: Python<'py>, points: &[u32]) -> PyResult<Bound<'py, PyAny>> {
    let bytes: Vec<u8> = points
        .iter()
        .flat_map(|point| point.to_le_bytes())
        .collect();
    PyBytes::new(py, &bytes).call_method1("decode", ("utf-32-le", "surrogatepass"))
}

/// Text a function reads from a `str`: Python's UTF-8 of it, or, when it
/// held surrogates, placeholder text made from its code points.
pub enum Text<'py> {
    /// The `str` as it was.
    Utf8(Utf8<'py>),
    /// Placeholders stand for the surrogates.
    Placeholders(String),
}

impl Deref for Text<'_> {
    type Target = str;

    fn deref(&self) -> &str {
        match self {
            Text::Utf8(text) => text,
            Text::Placeholders(text) => text,
        }
    }
}

/// Reads `object` (a `str`) for a function that leaves surrogates as they
/// are: they become placeholders.
pub fn read_keeping_surrogates<'py>(
    object: &Bound<'py, PyAny>,
) -> PyResult<(Text<'py>, Placeholders)> {
    Ok(match PyText::read(object)? {
        PyText::Plain(text) => (Text::Utf8(text), Placeholders::NONE),
        PyText::Surrogates(points) => {
            let (text, placeholders) = Placeholders::swap_in(&points);
            (Text::Placeholders(text), placeholders)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_avoid_private_use_characters_the_text_has() {
        let (text, placeholders) = Placeholders::swap_in(&[0xF0001, 0x61, 0xD800]);
        let base = placeholders.base.unwrap();
        assert_eq!(base, 0xF0000 + 0x800);
        assert_eq!(text, format!("\u{F0001}a{}", char::from_u32(base).unwrap()));
    }

    #[test]
    fn surrogates_pair_up_only_in_order() {
        assert_eq!(repair_surrogates(&[0x61, 0xD83D, 0xDE00]), "a😀");
        assert_eq!(repair_surrogates(&[0xDE00, 0xD83D]), "\u{fffd}\u{fffd}");
        assert_eq!(repair_surrogates(&[0xD83D, 0x1F600]), "\u{fffd}😀");
    }
}
