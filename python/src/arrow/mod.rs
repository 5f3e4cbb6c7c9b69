//! Arrow text columns in and out through the Arrow PyCapsule interface
//! (`__arrow_c_array__` and `__arrow_c_stream__`), so that `fix_texts` takes
//! a pyarrow array or chunked array, a pandas or Polars Series, or any
//! other Arrow producer, without pyarrow being a dependency and without a
//! Python object per string.
//!
//! `string`, `large_string` and `string_view` arrays, and dictionary-encoded
//! arrays of them (only the dictionary is fixed), come back in the same
//! type; nulls stay null.

pub(crate) mod ffi;
mod fixing;
pub(crate) mod strings;

use crate::column::{ColumnFixer, Scope};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyCapsule;

use crate::bad_items::OnBadItem;
use ffi::{ArrayData, ArrowArray, ArrowArrayStream, ArrowSchema, Owned, SchemaInfo, SchemaSpec};
use strings::{Layout, Validity};

/// A fixed array, exported through `__arrow_c_array__` (once).
#[pyclass(module = "ftfy_rs._native")]
pub struct FixedArrowArray {
    exported: Option<(SchemaSpec, ArrayData)>,
}

#[pymethods]
impl FixedArrowArray {
    /// The Arrow PyCapsule interface: `(schema capsule, array capsule)`.
    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_array__<'py>(
        &mut self,
        py: Python<'py>,
        requested_schema: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<(Bound<'py, PyCapsule>, Bound<'py, PyCapsule>)> {
        let _ = requested_schema; // the array is exported as it is
        let (schema, array) = self
            .exported
            .take()
            .ok_or_else(|| PyValueError::new_err("this array was already exported"))?;
        let schema = PyCapsule::new(py, Owned(schema.export()), Some(c"arrow_schema".to_owned()))?;
        let array = PyCapsule::new(py, Owned(array.export()), Some(c"arrow_array".to_owned()))?;
        Ok((schema, array))
    }
}

/// Fixed arrays, exported through `__arrow_c_stream__` (once).
#[pyclass(module = "ftfy_rs._native")]
pub struct FixedArrowStream {
    exported: Option<(SchemaSpec, Vec<ArrayData>)>,
}

#[pymethods]
impl FixedArrowStream {
    /// The Arrow PyCapsule interface: a stream capsule.
    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_stream__<'py>(
        &mut self,
        py: Python<'py>,
        requested_schema: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        let _ = requested_schema; // the stream is exported as it is
        let (schema, arrays) = self
            .exported
            .take()
            .ok_or_else(|| PyValueError::new_err("this stream was already exported"))?;
        let stream = ffi::export_stream(schema, arrays);
        PyCapsule::new(py, Owned(stream), Some(c"arrow_array_stream".to_owned()))
    }
}

/// How to fix the values of a column.
struct Job<'a> {
    column: &'a ColumnFixer,
    threads: usize,
    errors: OnBadItem,
}

/// Fixes every string of an Arrow text column: an object with
/// `__arrow_c_array__` gives a `FixedArrowArray`, one with
/// `__arrow_c_stream__` (a chunked array, a pandas or Polars Series) a
/// `FixedArrowStream`, of the same type.
#[pyfunction]
#[pyo3(signature = (data, config=None, threads=None, errors="raise", per_string=false))]
pub fn fix_arrow(
    py: Python<'_>,
    data: &Bound<'_, PyAny>,
    config: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
    errors: &str,
    per_string: bool,
) -> PyResult<PyObject> {
    let config = crate::config::from_python(config)?;
    let scope = if per_string {
        Scope::String
    } else {
        Scope::Column
    };
    let threads = crate::config::thread_count(threads)?;
    let errors = OnBadItem::from_name(errors)?;
    if data.hasattr("__arrow_c_array__")? {
        let exported = data.call_method0("__arrow_c_array__")?;
        let (schema, array) = exported.extract::<(Bound<PyCapsule>, Bound<PyCapsule>)>()?;
        // Safety: the capsules hold a live ArrowSchema and ArrowArray (the
        // interface's contract) until they are freed, after this function.
        let (schema, array) = unsafe {
            (
                &*schema.pointer().cast::<ArrowSchema>(),
                &*array.pointer().cast::<ArrowArray>(),
            )
        };
        // Safety: as above.
        let info = unsafe { SchemaInfo::read(schema) };
        let column = ColumnFixer::decide(&config, scope, column_strings(&info, [array]));
        let job = Job {
            column: &column,
            threads,
            errors,
        };
        let fixed = fix_array(py, &info, array, &job, 0)?;
        return Ok(FixedArrowArray {
            exported: Some((spec_of(&info), fixed)),
        }
        .into_pyobject(py)?
        .into_any()
        .unbind());
    }
    if data.hasattr("__arrow_c_stream__")? {
        let capsule = data.call_method0("__arrow_c_stream__")?;
        let capsule = capsule.downcast::<PyCapsule>()?;
        // Safety: the capsule holds a live stream until it is freed; this
        // reads it to its end and leaves it for the capsule to release.
        let (schema, arrays) =
            unsafe { ffi::read_stream(&mut *capsule.pointer().cast::<ArrowArrayStream>()) }
                .map_err(PyValueError::new_err)?;
        // Safety: the schema the stream gave, owned here.
        let info = unsafe { SchemaInfo::read(&schema.0) };
        // The arrays of a stream are one column.
        let strings = column_strings(&info, arrays.iter().map(|array| &array.0));
        let column = ColumnFixer::decide(&config, scope, strings);
        let job = Job {
            column: &column,
            threads,
            errors,
        };
        let mut fixed = Vec::with_capacity(arrays.len());
        let mut start = 0;
        for array in &arrays {
            fixed.push(fix_array(py, &info, &array.0, &job, start)?);
            start += usize::try_from(array.0.length).unwrap_or(0);
        }
        return Ok(FixedArrowStream {
            exported: Some((spec_of(&info), fixed)),
        }
        .into_pyobject(py)?
        .into_any()
        .unbind());
    }
    Err(PyTypeError::new_err(
        "fix_arrow takes an Arrow array or stream (an object with __arrow_c_array__ or __arrow_c_stream__)",
    ))
}

/// The strings of a column's arrays (or of their dictionaries), read
/// lazily, for the column's decision; rows that are not valid UTF-8 are
/// left out (fixing them reports them).
fn column_strings<'a>(
    info: &'a SchemaInfo,
    arrays: impl IntoIterator<Item = &'a ArrowArray> + 'a,
) -> impl Iterator<Item = &'a str> + 'a {
    arrays.into_iter().flat_map(move |array| {
        let (format, array) = match &info.dictionary {
            // Safety: a dictionary array's dictionary, when it has one, is
            // a live array of the values' type.
            Some(values) => (&values.format, unsafe { array.dictionary.as_ref() }),
            None => (&info.format, Some(array)),
        };
        let values = match (Layout::from_format(format), array) {
            // Safety: a live array of the type its schema names.
            (Some(layout), Some(array)) => {
                unsafe { strings::read_values(layout, array) }.unwrap_or_default()
            }
            _ => Vec::new(),
        };
        values
            .into_iter()
            .flatten()
            .filter_map(|bytes| simdutf8::basic::from_utf8(bytes).ok())
    })
}

/// The schema of the output: the input's type and name.
fn spec_of(info: &SchemaInfo) -> SchemaSpec {
    SchemaSpec {
        format: std::ffi::CString::new(info.format.clone()).unwrap_or_default(),
        name: info.name.clone(),
        dictionary: info
            .dictionary
            .as_deref()
            .map(|values| Box::new(spec_of(values))),
    }
}

/// Fixes one array of the column (`first` is the position of its first
/// element in the column, for error messages).
fn fix_array(
    py: Python<'_>,
    info: &SchemaInfo,
    array: &ArrowArray,
    job: &Job<'_>,
    first: usize,
) -> PyResult<ArrayData> {
    if let Some(values) = &info.dictionary {
        return fix_dictionary(py, info, values, array, job);
    }
    if info.format == "n" {
        // A column of nulls only (what a column of missing values becomes).
        let length = usize::try_from(array.length).unwrap_or(0);
        return Ok(ArrayData {
            length,
            null_count: length,
            buffers: Vec::new(),
            dictionary: None,
        });
    }
    let layout = Layout::from_format(&info.format).ok_or_else(|| not_text(&info.format))?;
    // Safety: a live array of the type its schema names.
    let values = unsafe { strings::read_values(layout, array) }.map_err(PyValueError::new_err)?;
    let changes = fixing::fix_values(py, &values, layout != Layout::StringView, job, first)?;
    strings::build(py, layout, values, &changes).map_err(PyValueError::new_err)
}

/// Fixes a dictionary-encoded array: its dictionary, keeping its indices.
fn fix_dictionary(
    py: Python<'_>,
    info: &SchemaInfo,
    values: &SchemaInfo,
    array: &ArrowArray,
    job: &Job<'_>,
) -> PyResult<ArrayData> {
    let width = index_width(&info.format)
        .ok_or_else(|| PyValueError::new_err("a dictionary with an unknown index type"))?;
    let layout = Layout::from_format(&values.format).ok_or_else(|| not_text(&values.format))?;
    if array.dictionary.is_null() || array.n_buffers < 2 || array.buffers.is_null() {
        return Err(PyValueError::new_err(
            "a dictionary array without its dictionary",
        ));
    }
    let length = usize::try_from(array.length).unwrap_or(0);
    let offset = usize::try_from(array.offset).unwrap_or(0);
    // Safety: a dictionary array's buffers are its validity and its
    // indices, of `width` bytes each, and its dictionary is a live array
    // of the values' type.
    let (validity, indices, dictionary) = unsafe {
        let buffers = std::slice::from_raw_parts(array.buffers, 2);
        let validity = Validity::new(buffers[0], offset).rebased(length);
        let indices = if length == 0 {
            Vec::new()
        } else {
            std::slice::from_raw_parts(buffers[1].cast::<u8>().add(offset * width), length * width)
                .to_vec()
        };
        (validity, indices, &*array.dictionary)
    };
    // Safety: as above.
    let entries =
        unsafe { strings::read_values(layout, dictionary) }.map_err(PyValueError::new_err)?;
    // Positions in error messages are the dictionary's own.
    let changes = fixing::fix_values(py, &entries, layout != Layout::StringView, job, 0)?;
    let dictionary =
        strings::build(py, layout, entries, &changes).map_err(PyValueError::new_err)?;
    let valid = validity.as_ref().map_or(length, |bits| {
        (0..length)
            .filter(|&index| bits[index / 8] >> (index % 8) & 1 == 1)
            .count()
    });
    Ok(ArrayData {
        length,
        null_count: length - valid,
        buffers: vec![validity, Some(indices)],
        dictionary: Some(Box::new(dictionary)),
    })
}

/// The width in bytes of a dictionary's index type.
fn index_width(format: &str) -> Option<usize> {
    match format {
        "c" | "C" => Some(1),
        "s" | "S" => Some(2),
        "i" | "I" => Some(4),
        "l" | "L" => Some(8),
        _ => None,
    }
}

/// The error for a column that does not hold text.
fn not_text(format: &str) -> PyErr {
    if matches!(format, "z" | "Z" | "vz") || format.starts_with("w:") {
        return PyTypeError::new_err(
            "fix_texts takes text, and this Arrow column is binary (bytes): decode it first, \
             for example with column.cast(pyarrow.string()) when it holds UTF-8 \
             (ftfy_rs.guess_bytes can guess another encoding)",
        );
    }
    if format.starts_with("+s") {
        return PyTypeError::new_err(
            "fix_texts takes one text column, and this Arrow data is a table: \
             fix a column of it with ftfy_rs.fix_column(table, name)",
        );
    }
    PyTypeError::new_err(format!(
        "fix_texts takes text, and this Arrow column holds {}",
        type_name(format)
    ))
}

/// The name of an Arrow type, for messages.
fn type_name(format: &str) -> &'static str {
    match format {
        "b" => "booleans",
        "c" | "C" | "s" | "S" | "i" | "I" | "l" | "L" => "integers",
        "e" | "f" | "g" => "floating-point numbers",
        _ if format.starts_with("d:") => "decimals",
        _ if format.starts_with("t") => "dates or times",
        _ if format.starts_with("+") => "nested values (lists, structs or maps)",
        _ => "values of another type",
    }
}
