//! The Arrow C data and stream interfaces: the three structs, reading the
//! ones another library exports, and exporting arrays this module builds.
//!
//! Layouts follow the specification
//! (<https://arrow.apache.org/docs/format/CDataInterface.html> and
//! `CStreamInterface.html`); only what text columns need is here.

use std::collections::VecDeque;
use std::ffi::{c_char, c_int, c_void, CStr, CString};
use std::ptr;

/// `struct ArrowSchema`.
#[repr(C)]
pub struct ArrowSchema {
    pub format: *const c_char,
    pub name: *const c_char,
    pub metadata: *const c_char,
    pub flags: i64,
    pub n_children: i64,
    pub children: *mut *mut ArrowSchema,
    pub dictionary: *mut ArrowSchema,
    pub release: Option<unsafe extern "C" fn(*mut ArrowSchema)>,
    pub private_data: *mut c_void,
}

/// `struct ArrowArray`.
#[repr(C)]
pub struct ArrowArray {
    pub length: i64,
    pub null_count: i64,
    pub offset: i64,
    pub n_buffers: i64,
    pub n_children: i64,
    pub buffers: *mut *const c_void,
    pub children: *mut *mut ArrowArray,
    pub dictionary: *mut ArrowArray,
    pub release: Option<unsafe extern "C" fn(*mut ArrowArray)>,
    pub private_data: *mut c_void,
}

/// `struct ArrowArrayStream`.
#[repr(C)]
pub struct ArrowArrayStream {
    pub get_schema: Option<unsafe extern "C" fn(*mut ArrowArrayStream, *mut ArrowSchema) -> c_int>,
    pub get_next: Option<unsafe extern "C" fn(*mut ArrowArrayStream, *mut ArrowArray) -> c_int>,
    pub get_last_error: Option<unsafe extern "C" fn(*mut ArrowArrayStream) -> *const c_char>,
    pub release: Option<unsafe extern "C" fn(*mut ArrowArrayStream)>,
    pub private_data: *mut c_void,
}

/// `ARROW_FLAG_NULLABLE`.
const NULLABLE: i64 = 2;

impl ArrowSchema {
    /// A released (empty) struct, for a producer to fill.
    pub fn empty() -> ArrowSchema {
        ArrowSchema {
            format: ptr::null(),
            name: ptr::null(),
            metadata: ptr::null(),
            flags: 0,
            n_children: 0,
            children: ptr::null_mut(),
            dictionary: ptr::null_mut(),
            release: None,
            private_data: ptr::null_mut(),
        }
    }
}

impl ArrowArray {
    /// A released (empty) struct, for a producer to fill.
    pub fn empty() -> ArrowArray {
        ArrowArray {
            length: 0,
            null_count: 0,
            offset: 0,
            n_buffers: 0,
            n_children: 0,
            buffers: ptr::null_mut(),
            children: ptr::null_mut(),
            dictionary: ptr::null_mut(),
            release: None,
            private_data: ptr::null_mut(),
        }
    }
}

/// A schema or array struct this module owns: released when dropped.
/// Safety: the structs hold only pointers that their producer lets any
/// thread use and release (the C interface requires it).
pub struct Owned<T: Release>(pub T);
unsafe impl<T: Release> Send for Owned<T> {}

pub trait Release {
    fn release(&mut self);
}

impl Release for ArrowSchema {
    fn release(&mut self) {
        if let Some(release) = self.release {
            // Safety: an unreleased struct's own release callback.
            unsafe { release(self) };
        }
    }
}

impl Release for ArrowArray {
    fn release(&mut self) {
        if let Some(release) = self.release {
            // Safety: as above.
            unsafe { release(self) };
        }
    }
}

impl Release for ArrowArrayStream {
    fn release(&mut self) {
        if let Some(release) = self.release {
            // Safety: as above.
            unsafe { release(self) };
        }
    }
}

impl<T: Release> Drop for Owned<T> {
    fn drop(&mut self) {
        self.0.release();
    }
}

/// What a schema says about a column, as far as text goes.
pub struct SchemaInfo {
    pub format: String,
    pub name: CString,
    /// The value type of a dictionary-encoded column.
    pub dictionary: Option<Box<SchemaInfo>>,
}

impl SchemaInfo {
    /// Reads an exported schema.
    ///
    /// # Safety
    ///
    /// `schema` must be a valid, unreleased `ArrowSchema`.
    pub unsafe fn read(schema: &ArrowSchema) -> SchemaInfo {
        let string = |pointer: *const c_char| {
            if pointer.is_null() {
                CString::default()
            } else {
                // Safety: the interface's strings are NUL-terminated.
                unsafe { CStr::from_ptr(pointer) }.to_owned()
            }
        };
        SchemaInfo {
            format: string(schema.format).to_string_lossy().into_owned(),
            name: string(schema.name),
            // Safety: a dictionary schema is valid as its parent is.
            dictionary: (!schema.dictionary.is_null())
                .then(|| Box::new(unsafe { SchemaInfo::read(&*schema.dictionary) })),
        }
    }
}

/// A schema to export: a format, a name and, for a dictionary column,
/// the schema of its values.
#[derive(Clone)]
pub struct SchemaSpec {
    pub format: CString,
    pub name: CString,
    pub dictionary: Option<Box<SchemaSpec>>,
}

/// What an exported schema's `private_data` holds.
struct SchemaData {
    format: CString,
    name: CString,
    dictionary: Option<Box<ArrowSchema>>,
}

impl SchemaSpec {
    pub fn export(&self) -> ArrowSchema {
        let mut data = Box::new(SchemaData {
            format: self.format.clone(),
            name: self.name.clone(),
            dictionary: self.dictionary.as_ref().map(|spec| Box::new(spec.export())),
        });
        ArrowSchema {
            format: data.format.as_ptr(),
            name: data.name.as_ptr(),
            metadata: ptr::null(),
            flags: NULLABLE,
            n_children: 0,
            children: ptr::null_mut(),
            dictionary: data
                .dictionary
                .as_mut()
                .map_or(ptr::null_mut(), |dictionary| &mut **dictionary as *mut _),
            release: Some(release_schema),
            private_data: Box::into_raw(data).cast(),
        }
    }
}

unsafe extern "C" fn release_schema(schema: *mut ArrowSchema) {
    // Safety: called once by the consumer on a schema `export` made, whose
    // private_data is the box made there.
    unsafe {
        let mut data = Box::from_raw((*schema).private_data.cast::<SchemaData>());
        if let Some(dictionary) = &mut data.dictionary {
            dictionary.release();
        }
        (*schema).release = None;
    }
}

/// An array this module built: its buffers (`None` for an absent validity
/// bitmap), its counts and, for a dictionary column, its values.
pub struct ArrayData {
    pub length: usize,
    pub null_count: usize,
    pub buffers: Vec<Option<Vec<u8>>>,
    pub dictionary: Option<Box<ArrayData>>,
}

/// What an exported array's `private_data` holds.
struct ExportedData {
    /// Owns the memory `pointers` points into.
    _buffers: Vec<Option<Vec<u8>>>,
    pointers: Vec<*const c_void>,
    dictionary: Option<Box<ArrowArray>>,
}

impl ArrayData {
    pub fn export(self) -> ArrowArray {
        let pointers = self
            .buffers
            .iter()
            .map(|buffer| {
                buffer
                    .as_ref()
                    .map_or(ptr::null(), |bytes| bytes.as_ptr().cast::<c_void>())
            })
            .collect();
        let mut data = Box::new(ExportedData {
            _buffers: self.buffers,
            pointers,
            dictionary: self.dictionary.map(|values| Box::new(values.export())),
        });
        ArrowArray {
            length: self.length as i64,
            null_count: self.null_count as i64,
            offset: 0,
            n_buffers: data.pointers.len() as i64,
            n_children: 0,
            buffers: data.pointers.as_mut_ptr(),
            children: ptr::null_mut(),
            dictionary: data
                .dictionary
                .as_mut()
                .map_or(ptr::null_mut(), |dictionary| &mut **dictionary as *mut _),
            release: Some(release_array),
            private_data: Box::into_raw(data).cast(),
        }
    }
}

unsafe extern "C" fn release_array(array: *mut ArrowArray) {
    // Safety: called once by the consumer on an array `export` made, whose
    // private_data is the box made there.
    unsafe {
        let mut data = Box::from_raw((*array).private_data.cast::<ExportedData>());
        if let Some(dictionary) = &mut data.dictionary {
            dictionary.release();
        }
        (*array).release = None;
    }
}

/// What an exported stream's `private_data` holds: its schema, and the
/// arrays not yet taken.
struct StreamData {
    schema: SchemaSpec,
    arrays: VecDeque<Owned<ArrowArray>>,
}

/// Exports `arrays`, all of type `schema`, as a stream.
pub fn export_stream(schema: SchemaSpec, arrays: Vec<ArrayData>) -> ArrowArrayStream {
    let data = Box::new(StreamData {
        schema,
        arrays: arrays
            .into_iter()
            .map(|array| Owned(array.export()))
            .collect(),
    });
    ArrowArrayStream {
        get_schema: Some(stream_get_schema),
        get_next: Some(stream_get_next),
        get_last_error: Some(stream_get_last_error),
        release: Some(stream_release),
        private_data: Box::into_raw(data).cast(),
    }
}

unsafe extern "C" fn stream_get_schema(
    stream: *mut ArrowArrayStream,
    out: *mut ArrowSchema,
) -> c_int {
    // Safety: the consumer passes our live stream and a struct to fill.
    unsafe {
        let data = &*(*stream).private_data.cast::<StreamData>();
        out.write(data.schema.export());
    }
    0
}

unsafe extern "C" fn stream_get_next(stream: *mut ArrowArrayStream, out: *mut ArrowArray) -> c_int {
    // Safety: as above; the array moves to the consumer, who releases it.
    unsafe {
        let data = &mut *(*stream).private_data.cast::<StreamData>();
        match data.arrays.pop_front() {
            Some(array) => {
                let array = std::mem::ManuallyDrop::new(array);
                out.write(ptr::read(&array.0));
            }
            // A released array marks the end of the stream.
            None => out.write(ArrowArray::empty()),
        }
    }
    0
}

unsafe extern "C" fn stream_get_last_error(_stream: *mut ArrowArrayStream) -> *const c_char {
    ptr::null()
}

unsafe extern "C" fn stream_release(stream: *mut ArrowArrayStream) {
    // Safety: called once, on our stream; the arrays left are released as
    // the box drops.
    unsafe {
        drop(Box::from_raw((*stream).private_data.cast::<StreamData>()));
        (*stream).release = None;
    }
}

/// Reads an imported stream to its end: its schema and every array.
///
/// # Safety
///
/// `stream` must be a valid, unreleased `ArrowArrayStream`.
pub unsafe fn read_stream(
    stream: &mut ArrowArrayStream,
) -> Result<(Owned<ArrowSchema>, Vec<Owned<ArrowArray>>), String> {
    let failure = |stream: &mut ArrowArrayStream, code: c_int| {
        let message = stream
            .get_last_error
            // Safety: the stream's own callback, on the stream.
            .map(|get_last_error| unsafe { get_last_error(stream) })
            .filter(|message| !message.is_null())
            // Safety: a NUL-terminated message, valid until the next call.
            .map(|message| {
                unsafe { CStr::from_ptr(message) }
                    .to_string_lossy()
                    .into_owned()
            });
        message.unwrap_or_else(|| format!("the Arrow stream failed with error {code}"))
    };
    let (Some(get_schema), Some(get_next)) = (stream.get_schema, stream.get_next) else {
        return Err("the Arrow stream was already consumed".to_owned());
    };
    let mut schema = Owned(ArrowSchema::empty());
    // Safety: the stream's callbacks, with structs for them to fill.
    let code = unsafe { get_schema(stream, &mut schema.0) };
    if code != 0 {
        return Err(failure(stream, code));
    }
    let mut arrays = Vec::new();
    loop {
        let mut array = Owned(ArrowArray::empty());
        // Safety: as above.
        let code = unsafe { get_next(stream, &mut array.0) };
        if code != 0 {
            return Err(failure(stream, code));
        }
        if array.0.release.is_none() {
            return Ok((schema, arrays));
        }
        arrays.push(array);
    }
}
