//! Polars' plugin interface, version 0.1, as Polars 0.20.6 to 2.x call it
//! (the `polars-ffi` crate's `version_0`, and what `pyo3-polars` generates
//! for a plugin): four kinds of exported C functions.
//!
//! - `_polars_plugin_get_version() -> u32`: the interface's major version
//!   in the high 16 bits, the minor in the low; Polars refuses a library
//!   whose version it does not know, with a clear error.
//! - `_polars_plugin_field_NAME(fields, n, out, kwargs, kwargs_len)`: the
//!   output field (name and Arrow type) for input fields.
//! - `_polars_plugin_NAME(inputs, n, kwargs, kwargs_len, out, context)`:
//!   the output series for input series. Each series crosses as a
//!   [`SeriesExport`]: an Arrow schema and Arrow arrays (the C data
//!   interface). The plugin owns the inputs it is given (Polars forgets
//!   them) and gives Polars the output, which Polars releases.
//! - `_polars_plugin_get_last_error_message() -> *const c_char`: the
//!   message of the last call that wrote no output, on this thread.
//!
//! Series and fields are read and written with the Arrow C data interface
//! of [`crate::arrow::ffi`], so the plugin needs none of Polars' crates.

use std::cell::RefCell;
use std::ffi::{c_char, c_void, CString};
use std::ptr;

use crate::arrow::ffi::{ArrayData, ArrowArray, ArrowSchema, Owned, SchemaInfo, SchemaSpec};

/// The interface's version: 0.1.
pub const VERSION: u32 = 1;

/// `polars_ffi::version_0::SeriesExport`: a series as Arrow.
#[repr(C)]
pub struct SeriesExport {
    field: *mut ArrowSchema,
    arrays: *mut *mut ArrowArray,
    len: usize,
    release: Option<unsafe extern "C" fn(*mut SeriesExport)>,
    private_data: *mut c_void,
}

/// `polars_ffi::version_0::CallerContext`: bit 0 says Polars already runs
/// the call in parallel with others.
#[repr(C)]
pub struct CallerContext {
    bitflags: u64,
}

impl CallerContext {
    pub fn parallel(&self) -> bool {
        self.bitflags & 1 != 0
    }
}

/// An input series, taken over from Polars: its schema's facts and its
/// arrays (released when dropped).
pub struct Series {
    pub info: SchemaInfo,
    pub arrays: Vec<Owned<ArrowArray>>,
}

/// Takes over the series Polars passes.
///
/// # Safety
/// `inputs` points to `count` live `SeriesExport`s that Polars leaves to
/// the plugin.
pub unsafe fn take_inputs(inputs: *const SeriesExport, count: usize) -> Vec<Series> {
    let mut series = Vec::with_capacity(count);
    for index in 0..count {
        // Safety: as the caller promises.
        unsafe {
            let export = inputs.add(index).cast_mut();
            let info = SchemaInfo::read(&*(*export).field);
            let arrays = (0..(*export).len)
                .map(|array| {
                    let slot = *(*export).arrays.add(array);
                    let moved = Owned(ptr::read(slot));
                    // Moved out: its release is ours now.
                    (*slot).release = None;
                    moved
                })
                .collect();
            if let Some(release) = (*export).release {
                release(export);
            }
            series.push(Series { info, arrays });
        }
    }
    series
}

/// The schemas of the input fields Polars passes.
///
/// # Safety
/// `fields` points to `count` live schemas, which Polars keeps.
pub unsafe fn read_fields(fields: *const ArrowSchema, count: usize) -> Vec<SchemaInfo> {
    // Safety: as the caller promises.
    (0..count)
        .map(|index| unsafe { SchemaInfo::read(&*fields.add(index)) })
        .collect()
}

/// What an output `SeriesExport`'s `private_data` holds: the schema, and
/// the boxes of the arrays (whose contents Polars moves out).
struct OutputData {
    schema: Box<Owned<ArrowSchema>>,
    arrays: Vec<*mut ArrowArray>,
}

/// A series for Polars: `schema`, and `arrays` of its type.
pub fn export_series(schema: &SchemaSpec, arrays: Vec<ArrayData>) -> SeriesExport {
    let mut arrays: Vec<*mut ArrowArray> = arrays
        .into_iter()
        .map(|array| Box::into_raw(Box::new(array.export())))
        .collect();
    let mut data = Box::new(OutputData {
        schema: Box::new(Owned(schema.export())),
        arrays: Vec::new(),
    });
    let field = &mut data.schema.0 as *mut ArrowSchema;
    let pointers = arrays.as_mut_ptr();
    let len = arrays.len();
    data.arrays = arrays;
    SeriesExport {
        field,
        arrays: pointers,
        len,
        release: Some(release_output),
        private_data: Box::into_raw(data).cast(),
    }
}

unsafe extern "C" fn release_output(export: *mut SeriesExport) {
    // Safety: called once by Polars on a series `export_series` made. Polars
    // moved each array out of its box (and releases it): only the boxes are
    // freed here, and the schema released.
    unsafe {
        let data = Box::from_raw((*export).private_data.cast::<OutputData>());
        for &array in &data.arrays {
            drop(Box::from_raw(array));
        }
        (*export).release = None;
        (*export).private_data = ptr::null_mut();
    }
}

thread_local! {
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

/// Records the message Polars asks for when a call writes no output.
pub fn set_error(message: &str) {
    let message = CString::new(message.replace('\0', " ")).unwrap_or_default();
    LAST_ERROR.with(|last| *last.borrow_mut() = message);
}

/// The message of the last failed call on this thread; it stays valid
/// until the next call on this thread fails.
pub fn last_error() -> *const c_char {
    LAST_ERROR.with(|last| last.borrow().as_ptr())
}

/// Writes the outcome of a call: the output, or the error message that
/// Polars will ask for (a panic, which the library never makes, is
/// reported as an error too).
///
/// # Safety
/// `out` points to a `SeriesExport` Polars made empty.
pub unsafe fn write_result(
    out: *mut SeriesExport,
    result: std::thread::Result<Result<SeriesExport, String>>,
) {
    match result {
        // Safety: as the caller promises.
        Ok(Ok(series)) => unsafe { ptr::write(out, series) },
        Ok(Err(message)) => set_error(&message),
        Err(_) => set_error("ftfy_rs's plugin panicked (a bug: please report it)"),
    }
}

/// Writes an output field, or the error message.
///
/// # Safety
/// `out` points to an `ArrowSchema` Polars made empty.
pub unsafe fn write_field(out: *mut ArrowSchema, result: Result<SchemaSpec, String>) {
    match result {
        // Safety: as the caller promises.
        Ok(spec) => unsafe { ptr::write(out, spec.export()) },
        Err(message) => set_error(&message),
    }
}
