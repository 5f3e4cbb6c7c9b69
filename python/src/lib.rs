//! `ftfy_rs._native`: the compiled half of the Python package `ftfy_rs`.
//!
//! Each function here is a thin layer over the `ftfy` crate's public API;
//! `ftfy_rs/__init__.py` wraps them in ftfy 6.3.1's signatures (defaults,
//! keyword options, named tuples, exceptions). Strings cross the boundary
//! through the `text` module, which handles the surrogates a Python `str` may hold.
//! Nothing here panics across the FFI boundary: PyO3 turns a panic into a
//! Python exception, and the library promises not to panic at all.

mod arrow;
mod bad_items;
mod batch;
mod column;
mod config;
mod file;
mod interrupt;
mod polars;
mod surrogates;
mod text;

use std::borrow::Cow;

use ftfy::codecs::{utf8_variants, Codec, UNDONE_CODECS};
use ftfy::fixes::Fix;

use pyo3::exceptions::{
    PyLookupError, PyTypeError, PyUnicodeDecodeError, PyUnicodeError, PyValueError,
};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};

use interrupt::{DETACH_BYTES, GIL_FREE_BYTES};
use text::PyText;

/// Runs `job`, a fix of `input` as one unit, with the GIL held for short
/// input, released for longer, and on a thread of its own for the longest,
/// so that Ctrl-C stops the wait (see [`interrupt::run_detached`]).
fn run_unit<R: Send + 'static>(
    py: Python<'_>,
    input: &str,
    job: impl Fn(&str) -> R + Send + 'static,
) -> PyResult<R> {
    if input.len() < GIL_FREE_BYTES {
        Ok(job(input))
    } else if input.len() < DETACH_BYTES {
        Ok(py.allow_threads(move || job(input)))
    } else {
        let input = input.to_owned();
        interrupt::run_detached(py, move || job(&input))
    }
}

/// `Some` of the fixed text, or `None` when nothing changed.
fn changed(fixed: Cow<'_, str>) -> Option<String> {
    match fixed {
        Cow::Borrowed(_) => None,
        Cow::Owned(fixed) => Some(fixed),
    }
}

/// A `str` holding `utf8`, the text of `original`: `original` itself when
/// it is a `str`, a new `str` when it is an instance of a subclass (ftfy's
/// functions return `str`).
fn exact_str<'py>(original: &Bound<'py, PyAny>, utf8: &str) -> Bound<'py, PyAny> {
    if original.is_exact_instance_of::<PyString>() {
        original.clone()
    } else {
        PyString::new(original.py(), utf8).into_any()
    }
}

/// Runs `fix` on `text`, whose surrogates (if any) it leaves as they are.
/// Unchanged text is returned as the very same object, as ftfy's
/// `fix_encoding` returns it, with `Unchanged::Same`; as a `str` (for an
/// instance of a subclass), as ftfy's other fixes return it, with
/// `Unchanged::Str`.
fn fix_str<'py>(
    text: &Bound<'py, PyAny>,
    unchanged: Unchanged,
    fix: impl for<'a> Fn(&'a str) -> Cow<'a, str> + Send + 'static,
) -> PyResult<Bound<'py, PyAny>> {
    let (input, placeholders) = text::read_keeping_surrogates(text)?;
    let fixed = run_unit(text.py(), &input, move |input| changed(fix(input)))?;
    match (fixed, unchanged) {
        // Placeholders, if any, stand for its own surrogates.
        (None, Unchanged::Same) => Ok(text.clone()),
        (None, Unchanged::Str) if text.is_exact_instance_of::<PyString>() => Ok(text.clone()),
        (None, Unchanged::Str) => placeholders.swap_out(text.py(), &input),
        (Some(fixed), _) => placeholders.swap_out(text.py(), &fixed),
    }
}

/// What [`fix_str`] returns for text it leaves unchanged.
#[derive(Clone, Copy)]
enum Unchanged {
    Same,
    Str,
}

/// `fix_text`: the whole pipeline, line by line.
#[pyfunction]
#[pyo3(signature = (text, config=None))]
fn fix_text<'py>(
    text: &Bound<'py, PyAny>,
    config: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let config = config::from_python(config)?;
    if text.is_instance_of::<PyBytes>() {
        return Err(PyUnicodeError::new_err(batch::BYTES_ERROR_TEXT));
    }
    match PyText::read(text)? {
        PyText::Plain(input) => {
            let fixed = if input.len() < GIL_FREE_BYTES {
                changed(ftfy::fix_text_with(&input, &config))
            } else {
                interrupt::fix_text_in_slices(text.py(), &input, &config)?
            };
            Ok(match fixed {
                None => exact_str(text, &input),
                Some(fixed) => PyString::new(text.py(), &fixed).into_any(),
            })
        }
        PyText::Surrogates(points) => {
            text::points_to_python(text.py(), &surrogates::fix_text(&points, &config))
        }
    }
}

/// `fix_text_segment`: the pipeline on text taken as one segment.
#[pyfunction]
#[pyo3(signature = (text, config=None))]
fn fix_text_segment<'py>(
    text: &Bound<'py, PyAny>,
    config: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let config = config::from_python(config)?.explain(false);
    match PyText::read(text)? {
        PyText::Plain(input) => {
            let fixed = run_unit(text.py(), &input, move |input| {
                changed(ftfy::fix_text_segment(input, &config))
            })?;
            Ok(match fixed {
                None => exact_str(text, &input),
                Some(fixed) => PyString::new(text.py(), &fixed).into_any(),
            })
        }
        PyText::Surrogates(points) => {
            let (fixed, _) = surrogates::fix_and_explain(&points, &config);
            text::points_to_python(text.py(), &fixed)
        }
    }
}

/// `fix_encoding`: mojibake only.
#[pyfunction]
#[pyo3(signature = (text, config=None))]
fn fix_encoding<'py>(
    text: &Bound<'py, PyAny>,
    config: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let config = config::from_python(config)?;
    fix_str(text, Unchanged::Same, move |input| {
        ftfy::fix_encoding_with(input, &config)
    })
}

/// A plan as a list of `(action, parameter)` tuples, or `None`.
fn plan_to_python<'py>(
    py: Python<'py>,
    explanation: Option<&[ftfy::ExplanationStep]>,
) -> PyResult<Bound<'py, PyAny>> {
    let Some(steps) = explanation else {
        return Ok(py.None().into_bound(py));
    };
    let steps = steps
        .iter()
        .map(|step| (step.action().name(), step.parameter_name()));
    Ok(PyList::new(py, steps)?.into_any())
}

/// `fix_and_explain`: the pipeline on one segment, with its plan.
#[pyfunction]
#[pyo3(signature = (text, config=None))]
fn fix_and_explain<'py>(
    text: &Bound<'py, PyAny>,
    config: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyTuple>> {
    let py = text.py();
    let config = config::from_python(config)?;
    let (fixed, plan) = match PyText::read(text)? {
        PyText::Plain(input) => {
            let fixed = run_unit(py, &input, move |input| {
                ftfy::fix_and_explain(input, &config)
            })?;
            (PyString::new(py, &fixed.text).into_any(), fixed.explanation)
        }
        PyText::Surrogates(points) => {
            let (fixed, plan) = surrogates::fix_and_explain(&points, &config);
            (text::points_to_python(py, &fixed)?, plan)
        }
    };
    PyTuple::new(py, [fixed, plan_to_python(py, plan.as_deref())?])
}

/// `fix_encoding_and_explain`: mojibake only, with its plan.
#[pyfunction]
#[pyo3(signature = (text, config=None))]
fn fix_encoding_and_explain<'py>(
    text: &Bound<'py, PyAny>,
    config: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyTuple>> {
    let config = config::from_python(config)?;
    let (input, placeholders) = text::read_keeping_surrogates(text)?;
    let fixed = run_unit(text.py(), &input, move |input| {
        ftfy::fix_encoding_and_explain(input, &config)
    })?;
    // ftfy's fix_encoding_and_explain returns a list even with explain off.
    let plan = fixed.explanation.unwrap_or_default();
    let py = text.py();
    // Unchanged text is the very same object, as in ftfy.
    let fixed_text = if fixed.text == *input {
        text.clone()
    } else {
        placeholders.swap_out(py, &fixed.text)?
    };
    PyTuple::new(py, [fixed_text, plan_to_python(py, Some(&plan))?])
}

/// Runs the text-to-text fix ftfy names `name` (a key of ftfy's FIXERS).
#[pyfunction]
fn apply_fix<'py>(name: String, text: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    if name == "fix_surrogates" {
        return match PyText::read(text)? {
            PyText::Plain(_) => Ok(text.clone()),
            PyText::Surrogates(points) => {
                Ok(PyString::new(text.py(), &text::repair_surrogates(&points)).into_any())
            }
        };
    }
    if let Some(Fix::Extension(extended)) = Fix::from_name(&name) {
        // The span repairs that extended recovery's plans name.
        if extended.byte_fix().is_some() {
            return Err(PyTypeError::new_err(format!("{name} takes bytes")));
        }
        return fix_str(text, Unchanged::Str, move |input| {
            extended.apply_text(input).unwrap_or(Cow::Borrowed(input))
        });
    }
    let fix = Fix::from_name(&name)
        .and_then(Fix::text_fix)
        .or(match name.as_str() {
            "decode_escapes" => Some(ftfy::fixes::decode_escapes),
            _ => None,
        })
        .ok_or_else(|| PyValueError::new_err(format!("Unknown function to apply: {name}")))?;
    fix_str(text, Unchanged::Str, fix)
}

/// Runs the bytes-to-bytes repair ftfy names `name`.
#[pyfunction]
fn apply_byte_fix<'py>(name: String, data: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let bytes = data
        .downcast::<PyBytes>()
        .map_err(|_| PyTypeError::new_err(format!("{name} takes bytes")))?;
    // ftfy's two byte repairs, and extended recovery's
    // `restore_continuation_bytes`.
    let repair = Fix::from_name(&name)
        .and_then(|fix| match fix {
            Fix::Extension(extended) => extended.byte_fix(),
            fix => fix.byte_fix(),
        })
        .ok_or_else(|| PyValueError::new_err(format!("Unknown function to apply: {name}")))?;
    let fixed = repair(bytes.as_bytes());
    Ok(match fixed {
        Cow::Borrowed(_) => data.clone(),
        Cow::Owned(fixed) => PyBytes::new(data.py(), &fixed).into_any(),
    })
}

/// How much `text` looks like mojibake (ftfy's `badness`).
#[pyfunction]
fn badness(text: &Bound<'_, PyAny>) -> PyResult<usize> {
    let (input, _) = text::read_keeping_surrogates(text)?;
    Ok(ftfy::badness::badness(&input))
}

/// Whether `text` looks like mojibake (ftfy's `is_bad`).
#[pyfunction]
fn is_bad(text: &Bound<'_, PyAny>) -> PyResult<bool> {
    let (input, _) = text::read_keeping_surrogates(text)?;
    Ok(ftfy::badness::is_bad(&input))
}

/// The display width of one character: 0, 1, 2, or -1 for controls.
#[pyfunction]
fn character_width(character: &Bound<'_, PyAny>) -> PyResult<i32> {
    let points = match PyText::read(character)? {
        PyText::Plain(text) => text.chars().map(|c| c as u32).collect(),
        PyText::Surrogates(points) => points,
    };
    match points[..] {
        // A surrogate is a control character as far as a terminal goes.
        [point] => Ok(char::from_u32(point).map_or(-1, ftfy::formatting::character_width)),
        // What ord() raises for anything but one character.
        _ => Err(PyTypeError::new_err(format!(
            "ord() expected a character, but string of length {} found",
            points.len()
        ))),
    }
}

/// The display width of `text`, or -1 if it holds control characters.
#[pyfunction]
fn monospaced_width(text: &Bound<'_, PyAny>) -> PyResult<i32> {
    Ok(match PyText::read(text)? {
        PyText::Plain(text) => ftfy::formatting::monospaced_width(&text),
        PyText::Surrogates(_) => -1,
    })
}

/// The width of `text` as `wcwidth.wcswidth` measures it: -1 if it holds
/// a control character (a surrogate counts as one).
#[pyfunction]
fn wcswidth(text: &Bound<'_, PyAny>) -> PyResult<i32> {
    Ok(match PyText::read(text)? {
        PyText::Plain(text) => ftfy::formatting::cluster_width(&text),
        PyText::Surrogates(_) => -1,
    })
}

/// `guess_bytes` on bytes: `(text, encoding)`; with `extended_recovery`,
/// `guess_bytes_with` in that mode. Raises `UnicodeDecodeError` where
/// ftfy's does: for bytes that start with a UTF-16 byte-order mark and are
/// not UTF-16.
#[pyfunction]
#[pyo3(signature = (data, extended_recovery=false))]
fn guess_bytes(
    data: &Bound<'_, PyBytes>,
    extended_recovery: bool,
) -> PyResult<(String, &'static str)> {
    let py = data.py();
    let bytes = data.as_bytes();
    let config = ftfy::TextFixerConfig::default().extended_recovery(extended_recovery);
    let guess = if bytes.len() < GIL_FREE_BYTES {
        ftfy::guess_bytes_with(bytes, &config)
    } else {
        py.allow_threads(|| ftfy::guess_bytes_with(bytes, &config))
    };
    guess.map_err(|error| {
        let bad = error.offset().unwrap_or(0).min(bytes.len());
        let reason = std::ffi::CString::new(error.to_string()).unwrap_or_default();
        match PyUnicodeDecodeError::new(py, c"utf-16", bytes, bad..bytes.len(), &reason) {
            Ok(error) => PyErr::from_value(error.into_any()),
            Err(error) => error,
        }
    })
}

/// `guess_bytes_ranked`: every encoding `data` may be in, most likely
/// first, as `(encoding, confidence, reads_like, evidence)`.
#[pyfunction]
fn guess_bytes_ranked(
    data: &Bound<'_, PyBytes>,
) -> Vec<(&'static str, f64, Option<&'static str>, String)> {
    let bytes = data.as_bytes();
    let ranked = if bytes.len() < GIL_FREE_BYTES {
        ftfy::guess_bytes_ranked(bytes)
    } else {
        data.py().allow_threads(|| ftfy::guess_bytes_ranked(bytes))
    };
    ranked
        .into_iter()
        .map(|guess| {
            let evidence = guess.evidence.to_string();
            (guess.encoding, guess.confidence, guess.reads_like, evidence)
        })
        .collect()
}

/// The segments that `fix_text` cuts `text` into: after each line feed,
/// and every `max_decode_length` characters of a longer line.
#[pyfunction]
fn split_segments<'py>(
    text: &Bound<'py, PyAny>,
    max_decode_length: usize,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let py = text.py();
    match PyText::read(text)? {
        PyText::Plain(input) => {
            let mut segments = Vec::new();
            let mut rest: &str = &input;
            while !rest.is_empty() {
                let end = interrupt::segment_end(rest, max_decode_length);
                segments.push(PyString::new(py, &rest[..end]).into_any());
                rest = &rest[end..];
            }
            Ok(segments)
        }
        PyText::Surrogates(points) => {
            let max_chars = max_decode_length.max(1);
            let mut segments = Vec::new();
            let mut rest = &points[..];
            while !rest.is_empty() {
                let line = rest
                    .iter()
                    .position(|&point| point == u32::from('\n'))
                    .map_or(rest.len(), |newline| newline + 1);
                let end = line.min(max_chars);
                segments.push(text::points_to_python(py, &rest[..end])?);
                rest = &rest[end..];
            }
            Ok(segments)
        }
    }
}

/// The canonical name of the codec `name` (any alias), or `None`: what
/// the Python codec registry asks first.
#[pyfunction]
fn codec_name(name: &str) -> Option<&'static str> {
    Codec::from_name(name).map(Codec::name)
}

/// The character each byte decodes to in a single-byte codec, as the 256
/// characters of a Python charmap table (U+FFFE where a byte is unmapped,
/// as Python's own tables mark it).
#[pyfunction]
fn decoding_table(name: &str) -> PyResult<String> {
    match Codec::from_name(name) {
        Some(Codec::SingleByte(charmap)) => Ok((0..=255u8)
            .map(|byte| charmap.decode_byte(byte).unwrap_or('\u{fffe}'))
            .collect()),
        _ => Err(PyLookupError::new_err(format!(
            "no single-byte codec named {name:?}"
        ))),
    }
}

/// Decodes `utf-8-variants`: the text of the longest valid prefix of
/// `data`, and the offset of the first byte that starts no valid sequence
/// (`None` when all of it decodes).
#[pyfunction]
fn decode_utf8_variants(data: &[u8]) -> (String, Option<usize>) {
    match utf8_variants::decode(data) {
        Ok(text) => (text, None),
        Err(error) => {
            let bad = error.offset().expect("a decoding error has an offset");
            let text = utf8_variants::decode(&data[..bad])
                .expect("the bytes before the first bad one decode");
            (text, Some(bad))
        }
    }
}

/// Whether the single-byte codec `encoding` can encode every character
/// of `text` (false for text holding surrogates, which no codec encodes).
#[pyfunction]
fn can_encode(encoding: &str, text: &Bound<'_, PyString>) -> PyResult<bool> {
    let Some(Codec::SingleByte(charmap)) = Codec::from_name(encoding) else {
        return Err(PyLookupError::new_err(format!(
            "no single-byte codec named {encoding:?}"
        )));
    };
    Ok(text.to_cow().is_ok_and(|text| charmap.can_encode(&text)))
}

/// The single-byte codecs whose mojibake `fix_encoding` undoes, in order.
#[pyfunction]
fn charmap_candidates() -> Vec<&'static str> {
    UNDONE_CODECS.iter().map(|charmap| charmap.name()).collect()
}

/// The Python module `ftfy_rs._native`.
#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(fix_text, module)?)?;
    module.add_function(wrap_pyfunction!(codec_name, module)?)?;
    module.add_function(wrap_pyfunction!(decoding_table, module)?)?;
    module.add_function(wrap_pyfunction!(decode_utf8_variants, module)?)?;
    module.add_function(wrap_pyfunction!(can_encode, module)?)?;
    module.add_function(wrap_pyfunction!(charmap_candidates, module)?)?;
    module.add_function(wrap_pyfunction!(fix_text_segment, module)?)?;
    module.add_function(wrap_pyfunction!(fix_encoding, module)?)?;
    module.add_function(wrap_pyfunction!(fix_and_explain, module)?)?;
    module.add_function(wrap_pyfunction!(fix_encoding_and_explain, module)?)?;
    module.add_function(wrap_pyfunction!(apply_fix, module)?)?;
    module.add_function(wrap_pyfunction!(apply_byte_fix, module)?)?;
    module.add_function(wrap_pyfunction!(badness, module)?)?;
    module.add_function(wrap_pyfunction!(is_bad, module)?)?;
    module.add_function(wrap_pyfunction!(character_width, module)?)?;
    module.add_function(wrap_pyfunction!(monospaced_width, module)?)?;
    module.add_function(wrap_pyfunction!(guess_bytes, module)?)?;
    module.add_function(wrap_pyfunction!(guess_bytes_ranked, module)?)?;
    module.add_function(wrap_pyfunction!(batch::fix_texts, module)?)?;
    module.add_function(wrap_pyfunction!(arrow::fix_arrow, module)?)?;
    module.add_function(wrap_pyfunction!(split_segments, module)?)?;
    module.add_function(wrap_pyfunction!(wcswidth, module)?)?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    module.add_class::<file::FileFixer>()?;
    module.add_class::<arrow::FixedArrowArray>()?;
    module.add_class::<arrow::FixedArrowStream>()?;
    module.add("CONFIG_FIELDS", config::field_names())?;
    module.add("BYTES_ERROR_TEXT", batch::BYTES_ERROR_TEXT)?;
    Ok(())
}
