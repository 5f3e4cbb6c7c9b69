//! The three layouts of Arrow text arrays: reading their values, and
//! building an array of the same layout from fixed values.

use std::ffi::c_void;

use pyo3::Python;

use super::ffi::{ArrayData, ArrowArray};

/// How an array stores its strings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// `string`: 32-bit offsets into one data buffer.
    String,
    /// `large_string`: 64-bit offsets.
    LargeString,
    /// `string_view`: 16-byte views, short strings inline, longer ones
    /// pointing into any number of data buffers.
    StringView,
}

impl Layout {
    pub fn from_format(format: &str) -> Option<Layout> {
        match format {
            "u" => Some(Layout::String),
            "U" => Some(Layout::LargeString),
            "vu" => Some(Layout::StringView),
            _ => None,
        }
    }
}

/// The bytes of each value of a text array (`None` for a null).
///
/// # Safety
///
/// `array` must be a valid, unreleased array of this layout.
pub unsafe fn read_values(
    layout: Layout,
    array: &ArrowArray,
) -> Result<Vec<Option<&[u8]>>, String> {
    let length = usize::try_from(array.length).map_err(|_| "a negative length")?;
    let offset = usize::try_from(array.offset).map_err(|_| "a negative offset")?;
    let buffers = usize::try_from(array.n_buffers).unwrap_or(0);
    // Every layout has a validity bitmap, then two buffers at least (a
    // view array without long strings has no data buffer, only sizes).
    if buffers < 3 || array.buffers.is_null() {
        return Err(format!("a text array with {buffers} buffers"));
    }
    // Safety: the struct's buffer pointers, as many as it says.
    let buffers = unsafe { std::slice::from_raw_parts(array.buffers, buffers) };
    let validity = Validity::new(buffers[0], offset);
    let values = match layout {
        // Safety: the layouts' buffers, as the caller promises.
        Layout::String => unsafe { offset_values::<i32>(buffers, offset, length) },
        Layout::LargeString => unsafe { offset_values::<i64>(buffers, offset, length) },
        Layout::StringView => unsafe { view_values(buffers, offset, length) },
    };
    Ok(values
        .into_iter()
        .enumerate()
        // Safety: the bitmap covers offset + length bits.
        .map(|(index, value)| unsafe { validity.is_valid(index) }.then_some(value))
        .collect())
}

/// A validity bitmap, or none (every value valid).
pub struct Validity {
    bits: *const u8,
    offset: usize,
}

impl Validity {
    pub fn new(bits: *const c_void, offset: usize) -> Validity {
        Validity {
            bits: bits.cast(),
            offset,
        }
    }

    /// # Safety
    ///
    /// The bitmap, if any, must cover `offset + index + 1` bits.
    pub unsafe fn is_valid(&self, index: usize) -> bool {
        if self.bits.is_null() {
            return true;
        }
        let bit = self.offset + index;
        // Safety: within the bitmap, as the caller promises.
        unsafe { *self.bits.add(bit / 8) >> (bit % 8) & 1 == 1 }
    }

    /// The bitmap of `length` values from offset 0, or `None` when every
    /// value is valid.
    ///
    /// # Safety
    ///
    /// As [`Validity::is_valid`], for every index below `length`.
    pub unsafe fn rebased(&self, length: usize) -> Option<Vec<u8>> {
        if self.bits.is_null() {
            return None;
        }
        let mut bits = vec![0u8; length.div_ceil(8)];
        for index in 0..length {
            // Safety: as the caller promises.
            if unsafe { self.is_valid(index) } {
                bits[index / 8] |= 1 << (index % 8);
            }
        }
        Some(bits)
    }
}

/// An offset type of the offset layouts.
trait Offset: Copy {
    fn to_usize(self) -> usize;
}

impl Offset for i32 {
    fn to_usize(self) -> usize {
        usize::try_from(self).unwrap_or(0)
    }
}

impl Offset for i64 {
    fn to_usize(self) -> usize {
        usize::try_from(self).unwrap_or(0)
    }
}

/// # Safety
///
/// `buffers` must be an offset layout's: validity, `offset + length + 1`
/// offsets, and the data they index.
unsafe fn offset_values<'a, O: Offset>(
    buffers: &[*const c_void],
    offset: usize,
    length: usize,
) -> Vec<&'a [u8]> {
    if length == 0 {
        return Vec::new();
    }
    // Safety: as the caller promises.
    let offsets =
        unsafe { std::slice::from_raw_parts(buffers[1].cast::<O>(), offset + length + 1) };
    let data = buffers[2].cast::<u8>();
    offsets[offset..]
        .windows(2)
        .map(|pair| {
            let (start, end) = (pair[0].to_usize(), pair[1].to_usize());
            if end <= start || data.is_null() {
                return &[][..];
            }
            // Safety: the offsets index the data buffer.
            unsafe { std::slice::from_raw_parts(data.add(start), end - start) }
        })
        .collect()
}

/// The most bytes a view holds inline.
const INLINE: usize = 12;

/// # Safety
///
/// `buffers` must be a string view layout's: validity, the views, the
/// data buffers, and their sizes.
unsafe fn view_values<'a>(
    buffers: &[*const c_void],
    offset: usize,
    length: usize,
) -> Vec<&'a [u8]> {
    let views = buffers[1].cast::<u8>();
    let data = &buffers[2..buffers.len() - 1];
    (offset..offset + length)
        .map(|index| {
            // Safety: a view is 16 bytes: the length, then the inline bytes
            // or a prefix, a buffer index and an offset, all little-endian
            // 32-bit integers on the machines Arrow runs on (native order).
            unsafe {
                let view = std::slice::from_raw_parts(views.add(16 * index), 16);
                let word =
                    |at: usize| i32::from_ne_bytes(view[at..at + 4].try_into().unwrap_or([0; 4]));
                let length = usize::try_from(word(0)).unwrap_or(0);
                if length <= INLINE {
                    return &view[4..4 + length];
                }
                let buffer = usize::try_from(word(8)).unwrap_or(usize::MAX);
                let start = usize::try_from(word(12)).unwrap_or(0);
                match data.get(buffer) {
                    Some(bytes) if !bytes.is_null() => {
                        std::slice::from_raw_parts(bytes.cast::<u8>().add(start), length)
                    }
                    _ => &[][..],
                }
            }
        })
        .collect()
}

/// Builds an array of `layout` holding `values` with `changes` made (each
/// a position and its new value), with the GIL released.
pub fn build<'a>(
    py: Python<'_>,
    layout: Layout,
    values: Vec<Option<&'a [u8]>>,
    changes: &'a [(usize, Option<String>)],
) -> Result<ArrayData, String> {
    py.allow_threads(|| build_array(layout, values, changes))
}

/// [`build`] on the calling thread, without Python.
pub fn build_array<'a>(
    layout: Layout,
    mut values: Vec<Option<&'a [u8]>>,
    changes: &'a [(usize, Option<String>)],
) -> Result<ArrayData, String> {
    for (index, change) in changes {
        values[*index] = change.as_deref().map(str::as_bytes);
    }
    {
        let length = values.len();
        let null_count = values.iter().filter(|value| value.is_none()).count();
        let validity = (null_count > 0).then(|| {
            let mut bits = vec![0u8; length.div_ceil(8)];
            for (index, value) in values.iter().enumerate() {
                if value.is_some() {
                    bits[index / 8] |= 1 << (index % 8);
                }
            }
            bits
        });
        let mut buffers = vec![validity];
        match layout {
            Layout::String => buffers.extend(offsets_and_data::<4>(&values)?),
            Layout::LargeString => buffers.extend(offsets_and_data::<8>(&values)?),
            Layout::StringView => buffers.extend(views_and_data(&values)),
        }
        Ok(ArrayData {
            length,
            null_count,
            buffers,
            dictionary: None,
        })
    }
}

/// The offsets (of `WIDTH` bytes) and data buffers of an offset layout.
fn offsets_and_data<const WIDTH: usize>(
    values: &[Option<&[u8]>],
) -> Result<[Option<Vec<u8>>; 2], String> {
    let mut offsets = Vec::with_capacity((values.len() + 1) * WIDTH);
    let mut data = Vec::with_capacity(values.iter().flatten().map(|value| value.len()).sum());
    let mut push_offset = |end: usize| -> Result<(), String> {
        if WIDTH == 4 {
            let end = i32::try_from(end).map_err(|_| {
                "the fixed strings take more than the 2 GiB of a string array: pass a large_string array"
            })?;
            offsets.extend_from_slice(&end.to_ne_bytes());
        } else {
            offsets.extend_from_slice(&(end as i64).to_ne_bytes());
        }
        Ok(())
    };
    push_offset(0)?;
    for value in values {
        data.extend_from_slice(value.unwrap_or_default());
        push_offset(data.len())?;
    }
    Ok([Some(offsets), Some(data)])
}

/// The views, data buffers and buffer sizes of a string view layout.
fn views_and_data(values: &[Option<&[u8]>]) -> Vec<Option<Vec<u8>>> {
    // A view addresses a buffer with a 32-bit offset: start a new buffer
    // before one would pass it.
    const MOST_PER_BUFFER: usize = i32::MAX as usize;
    let mut views = Vec::with_capacity(values.len() * 16);
    let mut data: Vec<Vec<u8>> = Vec::new();
    // The bytes of the values not held inline and not yet written: what a
    // new data buffer makes room for.
    let mut long: usize = values
        .iter()
        .flatten()
        .filter(|value| value.len() > INLINE)
        .map(|value| value.len())
        .sum();
    for value in values {
        let value = value.unwrap_or_default();
        let mut view = [0u8; 16];
        view[..4].copy_from_slice(&(value.len() as i32).to_ne_bytes());
        if value.len() <= INLINE {
            view[4..4 + value.len()].copy_from_slice(value);
        } else {
            if data
                .last()
                .is_none_or(|last| last.len() + value.len() > MOST_PER_BUFFER)
            {
                data.push(Vec::with_capacity(long.min(MOST_PER_BUFFER)));
            }
            long = long.saturating_sub(value.len());
            let buffer = data.len() - 1;
            let last = &mut data[buffer];
            view[4..8].copy_from_slice(&value[..4]);
            view[8..12].copy_from_slice(&(buffer as i32).to_ne_bytes());
            view[12..16].copy_from_slice(&(last.len() as i32).to_ne_bytes());
            last.extend_from_slice(value);
        }
        views.extend_from_slice(&view);
    }
    let sizes: Vec<u8> = data
        .iter()
        .flat_map(|buffer| (buffer.len() as i64).to_ne_bytes())
        .collect();
    let mut buffers = vec![Some(views)];
    buffers.extend(data.into_iter().map(Some));
    buffers.push(Some(sizes));
    buffers
}
