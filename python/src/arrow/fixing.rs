//! Fixing the values of an Arrow text array: in blocks of rows, shared by
//! the threads, each block's UTF-8 checked at once where its rows lie end
//! to end, and only the rows that fixing changes kept aside.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::column::ColumnFixer;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use super::Job;
use crate::bad_items::{thousands, OnBadItem, HOW_TO_GO_ON};
use crate::interrupt::{self, GIL_FREE_BYTES};

/// Rows a block holds: the unit a thread fixes between two looks at
/// whether to stop (a few tens of microseconds for rows of ordinary
/// length; a long row is fixed in pieces that look on their own).
const BLOCK_ROWS: usize = 64;

/// A row that fixing changes.
enum Change {
    Fixed(String),
    /// Not valid UTF-8: what `errors` says.
    NotUtf8,
}

/// The rows of a column that fixing changes, by position: the fixed text,
/// or `None` for a row to become null (`errors="null"`). Rows not listed
/// stay as they are. `end_to_end` says the rows lie in one buffer, in order
/// (the offset layouts); `first` is the position of the first row in its
/// column, for error messages.
pub fn fix_values(
    py: Python<'_>,
    values: &[Option<&[u8]>],
    end_to_end: bool,
    job: &Job<'_>,
    first: usize,
) -> PyResult<Vec<(usize, Option<String>)>> {
    let column = job.column;
    let blocks: Vec<usize> = (0..values.len()).step_by(BLOCK_ROWS).collect();
    let fix = |&start: &usize, stop: &AtomicBool| {
        let rows = &values[start..(start + BLOCK_ROWS).min(values.len())];
        fix_block(rows, start, end_to_end, column, stop)
    };
    let bytes: usize = values.iter().flatten().map(|value| value.len()).sum();
    let changes: Vec<Vec<(usize, Change)>> = if bytes < GIL_FREE_BYTES {
        let never = AtomicBool::new(false);
        blocks
            .iter()
            .map(|start| fix(start, &never).expect("nothing stops it"))
            .collect()
    } else {
        interrupt::par_map(py, &blocks, job.threads, fix)?
    };
    let mut out = Vec::with_capacity(changes.iter().map(Vec::len).sum());
    for (index, change) in changes.into_iter().flatten() {
        match (change, job.errors) {
            (Change::Fixed(text), _) => out.push((index, Some(text))),
            (Change::NotUtf8, OnBadItem::Keep) => {}
            (Change::NotUtf8, OnBadItem::Null) => out.push((index, None)),
            (Change::NotUtf8, OnBadItem::Raise) => {
                return Err(PyValueError::new_err(format!(
                    "fix_texts: element {} of the Arrow column is not valid UTF-8; {HOW_TO_GO_ON}",
                    thousands(first + index)
                )))
            }
        }
    }
    Ok(out)
}

/// Fixes the rows of a block (`start` is the position of its first), or
/// `None` when told to stop first.
fn fix_block(
    rows: &[Option<&[u8]>],
    start: usize,
    end_to_end: bool,
    column: &ColumnFixer,
    stop: &AtomicBool,
) -> Option<Vec<(usize, Change)>> {
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let checked = end_to_end && rows_are_utf8(rows);
    let mut changes = Vec::new();
    for (index, bytes) in rows.iter().enumerate() {
        let Some(bytes) = bytes else { continue };
        let text = if checked {
            // Safety: checked above, with the whole block.
            unsafe { std::str::from_utf8_unchecked(bytes) }
        } else if let Ok(text) = simdutf8::basic::from_utf8(bytes) {
            text
        } else {
            changes.push((start + index, Change::NotUtf8));
            continue;
        };
        let keep_going = || !stop.load(Ordering::Relaxed);
        if let Some(fixed) = interrupt::fix_stoppable(text, column, keep_going)? {
            changes.push((start + index, Change::Fixed(fixed)));
        }
    }
    Some(changes)
}

/// Whether every row is valid UTF-8, checked with one pass over the bytes
/// of all when they lie end to end in one buffer (in an offset layout they
/// do, unless nulls or odd offsets leave gaps: then `false`, and the rows
/// are checked one by one). The bytes being valid UTF-8, each row is when
/// it starts at the start of a character.
fn rows_are_utf8(rows: &[Option<&[u8]>]) -> bool {
    let mut span: Option<&[u8]> = None;
    let mut length = 0;
    for bytes in rows.iter().flatten().filter(|bytes| !bytes.is_empty()) {
        if bytes[0] & 0xC0 == 0x80 {
            return false;
        }
        match span {
            None => span = Some(bytes),
            Some(first) if first.as_ptr() as usize + length == bytes.as_ptr() as usize => {}
            Some(_) => return false,
        }
        length += bytes.len();
    }
    let Some(first) = span else { return true };
    // Safety: the rows are adjacent slices of one buffer (the caller's
    // promise that they lie in one), so together they are one slice of it.
    let all = unsafe { std::slice::from_raw_parts(first.as_ptr(), length) };
    simdutf8::basic::from_utf8(all).is_ok()
}
