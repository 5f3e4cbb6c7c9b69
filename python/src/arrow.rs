//! Arrow string arrays in and out through the Arrow PyCapsule interface,
//! so that `fix_texts` can take a pyarrow (or any Arrow) string array
//! without pyarrow being a dependency, and without a copy per string.
//!
//! Only the few structs of the Arrow C data interface that string arrays
//! use are declared here; the layouts are fixed by the Arrow spec
//! (<https://arrow.apache.org/docs/format/CDataInterface.html>).

use std::borrow::Cow;
use std::ffi::{c_char, c_void, CStr};
use std::ptr;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyTuple};

use crate::batch::{par_map, thread_count};

/// `struct ArrowSchema` of the C data interface.
#[repr(C)]
pub struct ArrowSchema {
    format: *const c_char,
    name: *const c_char,
    metadata: *const c_char,
    flags: i64,
    n_children: i64,
    children: *mut *mut ArrowSchema,
    dictionary: *mut ArrowSchema,
    release: Option<unsafe extern "C" fn(*mut ArrowSchema)>,
    private_data: *mut c_void,
}

/// `struct ArrowArray` of the C data interface.
#[repr(C)]
pub struct ArrowArray {
    length: i64,
    null_count: i64,
    offset: i64,
    n_buffers: i64,
    n_children: i64,
    buffers: *mut *const c_void,
    children: *mut *mut ArrowArray,
    dictionary: *mut ArrowArray,
    release: Option<unsafe extern "C" fn(*mut ArrowArray)>,
    private_data: *mut c_void,
}

/// An exported struct in a capsule. Safety: the pointers it holds are
/// owned by the struct (released through its `release` callback), not
/// tied to a thread, so moving it to the thread that frees the capsule is
/// sound.
#[repr(transparent)]
struct Exported<T>(T);
unsafe impl<T> Send for Exported<T> {}

/// The buffers behind an exported array, freed by [`release_array`].
struct ArrayData {
    validity: Option<Vec<u8>>,
    offsets: Vec<u8>,
    data: Vec<u8>,
    buffers: [*const c_void; 3],
}

unsafe extern "C" fn release_array(array: *mut ArrowArray) {
    // Safety: called by the consumer, once, on an array this module
    // exported, whose private_data is the Box made in `export_array`.
    unsafe {
        drop(Box::from_raw((*array).private_data as *mut ArrayData));
        (*array).release = None;
    }
}

unsafe extern "C" fn release_schema(schema: *mut ArrowSchema) {
    // Safety: the schema's strings are static; only the flag to clear.
    unsafe { (*schema).release = None };
}

/// Whether offsets are 32-bit (`u`, string) or 64-bit (`U`, large_string).
#[derive(Clone, Copy, PartialEq)]
enum OffsetWidth {
    Narrow,
    Wide,
}

impl OffsetWidth {
    fn format(self) -> &'static CStr {
        match self {
            OffsetWidth::Narrow => c"u",
            OffsetWidth::Wide => c"U",
        }
    }
}

/// A fixed array's capsules, ready for `pyarrow.array()` or any consumer
/// of the PyCapsule interface.
#[pyclass(module = "ftfy_rs._native")]
pub struct FixedArrowArray {
    capsules: Option<(Py<PyCapsule>, Py<PyCapsule>)>,
}

#[pymethods]
impl FixedArrowArray {
    /// The Arrow PyCapsule interface: `(schema capsule, array capsule)`.
    /// The array can be taken once.
    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_array__<'py>(
        &mut self,
        py: Python<'py>,
        requested_schema: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let _ = requested_schema; // the array is returned as it is
        let (schema, array) = self
            .capsules
            .take()
            .ok_or_else(|| PyValueError::new_err("this array was already consumed"))?;
        PyTuple::new(py, [schema, array])
    }
}

/// Fixes every string of an Arrow string or large_string array (any
/// object with `__arrow_c_array__`), keeping nulls; returns the fixed
/// array in the same type, as an object exporting it.
#[pyfunction]
#[pyo3(signature = (array, config=None, threads=None))]
pub fn fix_arrow_array<'py>(
    py: Python<'py>,
    array: &Bound<'py, PyAny>,
    config: Option<&Bound<'py, PyAny>>,
    threads: Option<usize>,
) -> PyResult<FixedArrowArray> {
    let threads = thread_count(threads)?;
    let config = crate::config::from_python(config)?;
    let exported = array.call_method0("__arrow_c_array__")?;
    let (schema, input) = exported.extract::<(Bound<PyCapsule>, Bound<PyCapsule>)>()?;
    // Safety: the capsules hold a live ArrowSchema and ArrowArray (that is
    // the interface's contract) and stay alive, unconsumed, until the end
    // of this function, after which their destructors release them.
    let schema = unsafe { &*(schema.pointer() as *const ArrowSchema) };
    let input = unsafe { &*(input.pointer() as *const ArrowArray) };
    let format = unsafe { CStr::from_ptr(schema.format) };
    let width = match format.to_bytes() {
        b"u" => OffsetWidth::Narrow,
        b"U" => OffsetWidth::Wide,
        other => {
            return Err(PyTypeError::new_err(format!(
                "fix_texts takes Arrow string or large_string arrays, not format {:?}",
                String::from_utf8_lossy(other)
            )))
        }
    };
    if input.n_buffers != 3 {
        return Err(PyValueError::new_err("a string array has 3 buffers"));
    }
    let length = usize::try_from(input.length).map_err(PyValueError::new_err)?;
    let offset = usize::try_from(input.offset).map_err(PyValueError::new_err)?;
    // Safety: a string array's buffers are validity (may be null), offsets
    // of `offset + length + 1` entries, and the character data they index.
    let (validity, offsets) = unsafe {
        let buffers = std::slice::from_raw_parts(input.buffers, 3);
        let validity = (!buffers[0].is_null()).then(|| {
            std::slice::from_raw_parts(buffers[0] as *const u8, (offset + length).div_ceil(8))
        });
        let offsets: Vec<usize> = match width {
            OffsetWidth::Narrow => {
                std::slice::from_raw_parts(buffers[1] as *const i32, offset + length + 1)
                    .iter()
                    .map(|&o| o as usize)
                    .collect()
            }
            OffsetWidth::Wide => {
                std::slice::from_raw_parts(buffers[1] as *const i64, offset + length + 1)
                    .iter()
                    .map(|&o| o as usize)
                    .collect()
            }
        };
        (validity, offsets)
    };
    let data_end = offsets[offset + length];
    // Safety: the data buffer holds at least the bytes the last offset
    // points to.
    let data: &[u8] = if data_end == 0 {
        &[]
    } else {
        unsafe { std::slice::from_raw_parts(*input.buffers.add(2) as *const u8, data_end) }
    };
    let is_valid = |i: usize| {
        validity.is_none_or(|bits| bits[(offset + i) / 8] >> ((offset + i) % 8) & 1 == 1)
    };
    let slots: Vec<Option<&[u8]>> = (0..length)
        .map(|i| is_valid(i).then(|| &data[offsets[offset + i]..offsets[offset + i + 1]]))
        .collect();

    let fixed: Vec<Result<Option<String>, ()>> = py.allow_threads(|| {
        par_map(&slots, threads, |slot| match slot {
            None => Ok(None),
            Some(bytes) => {
                let text = std::str::from_utf8(bytes).map_err(|_| ())?;
                Ok(match ftfy::fix_text_with(text, &config) {
                    Cow::Borrowed(_) => None,
                    Cow::Owned(fixed) => Some(fixed),
                })
            }
        })
    });

    let mut out_data = Vec::with_capacity(data.len() + data.len() / 16);
    let mut out_offsets: Vec<u8> = Vec::with_capacity((length + 1) * 8);
    let mut push_offset = |end: usize| -> PyResult<()> {
        match width {
            OffsetWidth::Narrow => out_offsets.extend_from_slice(
                &i32::try_from(end)
                    .map_err(|_| {
                        PyValueError::new_err("fixed strings exceed a string array's 2 GiB")
                    })?
                    .to_ne_bytes(),
            ),
            OffsetWidth::Wide => out_offsets.extend_from_slice(&(end as i64).to_ne_bytes()),
        }
        Ok(())
    };
    push_offset(0)?;
    for (slot, fixed) in slots.iter().zip(fixed) {
        let fixed = fixed.map_err(|()| PyValueError::new_err("an Arrow string is not UTF-8"))?;
        match (slot, fixed) {
            (_, Some(fixed)) => out_data.extend_from_slice(fixed.as_bytes()),
            (Some(bytes), None) => out_data.extend_from_slice(bytes),
            (None, None) => {}
        }
        push_offset(out_data.len())?;
    }
    let null_count = slots.iter().filter(|slot| slot.is_none()).count();
    let out_validity = (null_count > 0).then(|| {
        let mut bits = vec![0u8; length.div_ceil(8)];
        for (i, slot) in slots.iter().enumerate() {
            if slot.is_some() {
                bits[i / 8] |= 1 << (i % 8);
            }
        }
        bits
    });
    Ok(FixedArrowArray {
        capsules: Some(export(
            py,
            width,
            out_validity,
            out_offsets,
            out_data,
            length,
            null_count,
        )?),
    })
}

/// Wraps the buffers of a string array into the two capsules of the
/// PyCapsule interface, owning them until a consumer releases them.
fn export(
    py: Python<'_>,
    width: OffsetWidth,
    validity: Option<Vec<u8>>,
    offsets: Vec<u8>,
    data: Vec<u8>,
    length: usize,
    null_count: usize,
) -> PyResult<(Py<PyCapsule>, Py<PyCapsule>)> {
    let schema = ArrowSchema {
        format: width.format().as_ptr(),
        name: c"".as_ptr(),
        metadata: ptr::null(),
        flags: 2, // ARROW_FLAG_NULLABLE
        n_children: 0,
        children: ptr::null_mut(),
        dictionary: ptr::null_mut(),
        release: Some(release_schema),
        private_data: ptr::null_mut(),
    };
    let mut private = Box::new(ArrayData {
        validity,
        offsets,
        data,
        buffers: [ptr::null(); 3],
    });
    private.buffers = [
        private
            .validity
            .as_ref()
            .map_or(ptr::null(), |bits| bits.as_ptr() as *const c_void),
        private.offsets.as_ptr() as *const c_void,
        private.data.as_ptr() as *const c_void,
    ];
    let buffers = private.buffers.as_ptr() as *mut *const c_void;
    let array = ArrowArray {
        length: length as i64,
        null_count: null_count as i64,
        offset: 0,
        n_buffers: 3,
        n_children: 0,
        buffers,
        children: ptr::null_mut(),
        dictionary: ptr::null_mut(),
        release: Some(release_array),
        private_data: Box::into_raw(private) as *mut c_void,
    };
    // A consumer moves the struct out and clears `release`; a capsule
    // dropped unconsumed releases it here.
    let schema = PyCapsule::new_with_destructor(
        py,
        Exported(schema),
        Some(c"arrow_schema".to_owned()),
        |mut schema, _| {
            if let Some(release) = schema.0.release {
                // Safety: the struct is ours and still unreleased.
                unsafe { release(&mut schema.0) }
            }
        },
    )?;
    let array = PyCapsule::new_with_destructor(
        py,
        Exported(array),
        Some(c"arrow_array".to_owned()),
        |mut array, _| {
            if let Some(release) = array.0.release {
                // Safety: the struct is ours and still unreleased.
                unsafe { release(&mut array.0) }
            }
        },
    )?;
    Ok((schema.unbind(), array.unbind()))
}
