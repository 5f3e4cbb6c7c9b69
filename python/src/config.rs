//! ftfy's `TextFixerConfig` (a Python `NamedTuple`) to the library's.

use std::num::NonZeroUsize;
use std::sync::{Mutex, PoisonError};
use std::thread;

use ftfy::{Normalization, TextFixerConfig, UnescapeHtml};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString, PyTuple};

/// The fields of ftfy 6.3.1's `TextFixerConfig`, in its order, then
/// ftfy_rs's one addition, `extended_recovery`, last (so that a tuple
/// built by position for ftfy means the same here). The Python class in
/// `ftfy_rs/__init__.py` declares the same.
const FIELDS: [&str; 17] = [
    "unescape_html",
    "remove_terminal_escapes",
    "fix_encoding",
    "restore_byte_a0",
    "replace_lossy_sequences",
    "decode_inconsistent_utf8",
    "fix_c1_controls",
    "fix_latin_ligatures",
    "fix_character_width",
    "uncurl_quotes",
    "fix_line_breaks",
    "fix_surrogates",
    "remove_control_chars",
    "normalization",
    "max_decode_length",
    "explain",
    "extended_recovery",
];

/// How many of [`FIELDS`] ftfy 6.3.1's own `TextFixerConfig` has: a
/// config made by ftfy itself is accepted too, with extended recovery off.
const FTFY_FIELD_COUNT: usize = 16;

/// The last config object converted, kept alive (so that its address
/// cannot be reused by another object), with what it converted to. Code
/// that passes one config to many calls then converts it once.
static LAST: Mutex<Option<(Py<PyAny>, TextFixerConfig)>> = Mutex::new(None);

/// Converts a `TextFixerConfig`, or `None` for ftfy's defaults with
/// `explain` off (what `fix_text` uses when given no config).
///
/// Options are read as ftfy reads them: by truthiness, except
/// `unescape_html`, where the string `"auto"` is the third value.
pub fn from_python(config: Option<&Bound<'_, PyAny>>) -> PyResult<TextFixerConfig> {
    let Some(config) = config.filter(|config| !config.is_none()) else {
        return Ok(TextFixerConfig::default().explain(false));
    };
    let last = || LAST.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((object, converted)) = &*last() {
        if object.as_ptr() == config.as_ptr() {
            return Ok(converted.clone());
        }
    }
    let tuple = config.downcast::<PyTuple>().map_err(|_| {
        PyTypeError::new_err("config must be a TextFixerConfig (or None for the defaults)")
    })?;
    let converted = convert(tuple)?;
    // A tuple never changes, but what it holds might (a list's truth
    // changes as it fills): only configs of plain values are remembered.
    let plain = |item: Bound<'_, PyAny>| {
        item.is_none()
            || item.is_exact_instance_of::<PyBool>()
            || item.is_exact_instance_of::<PyInt>()
            || item.is_exact_instance_of::<PyString>()
    };
    if tuple.iter().all(plain) {
        let replaced = last().replace((config.clone().unbind(), converted.clone()));
        // Freed once the lock is released: freeing may run Python code.
        drop(replaced);
    }
    Ok(converted)
}

fn convert(tuple: &Bound<'_, PyTuple>) -> PyResult<TextFixerConfig> {
    if tuple.len() != FIELDS.len() && tuple.len() != FTFY_FIELD_COUNT {
        return Err(PyTypeError::new_err(
            "config must be a TextFixerConfig: ftfy 6.3.1's 16 fields, and extended_recovery",
        ));
    }
    let flag = |index: usize| -> PyResult<bool> { tuple.get_item(index)?.is_truthy() };
    let unescape_html = tuple.get_item(0)?;
    let unescape_html = if unescape_html.eq("auto")? {
        UnescapeHtml::Auto
    } else if unescape_html.is_truthy()? {
        UnescapeHtml::Always
    } else {
        UnescapeHtml::Never
    };
    let normalization = tuple.get_item(13)?;
    let normalization = if normalization.is_none() {
        None
    } else {
        let name: String = normalization.extract()?;
        // Python's unicodedata.normalize takes the upper-case names only.
        let form = Normalization::from_name(&name).filter(|form| form.name() == name);
        Some(form.ok_or_else(|| PyValueError::new_err("invalid normalization form"))?)
    };
    let extended_recovery = tuple.len() > FTFY_FIELD_COUNT && flag(FTFY_FIELD_COUNT)?;
    Ok(TextFixerConfig::default()
        .unescape_html(unescape_html)
        .remove_terminal_escapes(flag(1)?)
        .fix_encoding(flag(2)?)
        .restore_byte_a0(flag(3)?)
        .replace_lossy_sequences(flag(4)?)
        .decode_inconsistent_utf8(flag(5)?)
        .fix_c1_controls(flag(6)?)
        .fix_latin_ligatures(flag(7)?)
        .fix_character_width(flag(8)?)
        .uncurl_quotes(flag(9)?)
        .fix_line_breaks(flag(10)?)
        .fix_surrogates(flag(11)?)
        .remove_control_chars(flag(12)?)
        .normalization(normalization)
        .max_decode_length(max_decode_length(&tuple.get_item(14)?)?)
        .explain(flag(15)?)
        .extended_recovery(extended_recovery))
}

/// An integer option, as an `i64` (saturated); the error names the
/// option.
fn integer(value: &Bound<'_, PyAny>, name: &str) -> PyResult<i64> {
    if let Ok(number) = value.extract::<i64>() {
        return Ok(number);
    }
    if value.is_instance_of::<PyInt>() {
        // Too large either way for an i64.
        return Ok(if value.lt(0)? { i64::MIN } else { i64::MAX });
    }
    let type_name = value
        .get_type()
        .name()
        .map_or_else(|_| "object".to_owned(), |name| name.to_string());
    Err(PyTypeError::new_err(format!(
        "{name} must be an integer, not {type_name}"
    )))
}

/// `max_decode_length`: 0 or more (0 fixes a character at a time, as 1).
fn max_decode_length(value: &Bound<'_, PyAny>) -> PyResult<usize> {
    let number = integer(value, "max_decode_length")?;
    usize::try_from(number).map_err(|_| {
        PyValueError::new_err(format!("max_decode_length must be 0 or more, not {number}"))
    })
}

/// The number of threads for the `threads` keyword: 1 or more, or `None`
/// for every core.
pub fn thread_count(threads: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
    let Some(threads) = threads else {
        return Ok(thread::available_parallelism().map_or(1, NonZeroUsize::get));
    };
    let number = integer(threads, "threads")?;
    match usize::try_from(number) {
        Ok(count) if count >= 1 => Ok(count),
        _ => Err(PyValueError::new_err(format!(
            "threads must be 1 or more (or None for every core), not {number}"
        ))),
    }
}

/// The field names, for the Python class to check itself against.
pub fn field_names() -> Vec<&'static str> {
    FIELDS.to_vec()
}
