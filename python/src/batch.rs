//! `fix_texts`: many strings fixed in parallel, without the GIL.

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

use ftfy::TextFixerConfig;
use pyo3::exceptions::{PyTypeError, PyUnicodeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString};

use crate::text::{self, PyText};

/// ftfy's message for bytes given where text is expected.
pub const BYTES_ERROR_TEXT: &str = "Hey wait, this isn't Unicode.\n\nftfy is designed to fix problems with text. Treating bytes like they're\ninterchangeable with Unicode text is usually something that introduces\nproblems with text.\n\nYou should first decode these bytes from the encoding you think they're in.\nIf you're not sure what encoding they're in:\n\n- First, try to find out. 'utf-8' is a good assumption.\n- If the encoding is simply unknowable, try running your bytes through\n  ftfy.guess_bytes. As the name implies, this may not always be accurate.\n\nFor more information on the distinction between bytes and text, read the\nPython Unicode HOWTO:\n\n    http://docs.python.org/3/howto/unicode.html";

/// Items per unit of work handed to a thread: small enough to balance
/// uneven lines across threads, large enough to make the hand-out free.
const BLOCK: usize = 256;

/// The number of threads for `threads` (`None`: every core).
pub fn thread_count(threads: Option<usize>) -> PyResult<usize> {
    match threads {
        Some(0) => Err(PyValueError::new_err("threads must be at least 1")),
        Some(threads) => Ok(threads),
        None => Ok(thread::available_parallelism().map_or(1, NonZeroUsize::get)),
    }
}

/// Applies `fix` to every item, on `threads` threads, keeping the order.
/// `fix` returns `None` for an item it leaves unchanged.
pub fn par_map<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    fix: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let blocks = items.len().div_ceil(BLOCK);
    let threads = threads.min(blocks).max(1);
    if threads == 1 {
        return items.iter().map(&fix).collect();
    }
    let next = AtomicUsize::new(0);
    let mut done: Vec<(usize, Vec<R>)> = thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let block = next.fetch_add(1, Ordering::Relaxed);
                        if block >= blocks {
                            return mine;
                        }
                        let end = ((block + 1) * BLOCK).min(items.len());
                        let fixed = items[block * BLOCK..end].iter().map(&fix).collect();
                        mine.push((block, fixed));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| match worker.join() {
                Ok(blocks) => blocks,
                // A worker only panics if the library does, which it
                // promises never to; re-raise rather than lose items.
                Err(panic) => std::panic::resume_unwind(panic),
            })
            .collect()
    });
    done.sort_unstable_by_key(|(block, _)| *block);
    done.into_iter().flat_map(|(_, fixed)| fixed).collect()
}

/// An item of the input: plain text, or a string with surrogates that is
/// fixed one at a time with the GIL held.
enum Item {
    Plain(String),
    Surrogates,
}

/// Fixes every string of `texts` as `fix_text(text, config)` would; the
/// list returned keeps the order.
#[pyfunction]
#[pyo3(signature = (texts, config=None, threads=None))]
pub fn fix_texts<'py>(
    py: Python<'py>,
    texts: &Bound<'py, PyAny>,
    config: Option<&Bound<'py, PyAny>>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyList>> {
    let threads = thread_count(threads)?;
    let rust_config: TextFixerConfig = crate::config::from_python(config)?;
    let mut objects = Vec::new();
    let mut items = Vec::new();
    for object in texts.try_iter()? {
        let object = object?;
        let item = match object.downcast::<PyString>() {
            Ok(string) => match text::read_string(string)? {
                PyText::Plain(text) => Item::Plain(text.into_owned()),
                PyText::Surrogates(_) => Item::Surrogates,
            },
            Err(_) if object.is_instance_of::<PyBytes>() => {
                return Err(PyUnicodeError::new_err(BYTES_ERROR_TEXT))
            }
            Err(_) => {
                return Err(PyTypeError::new_err(format!(
                    "fix_texts takes strings, got {}",
                    object.get_type().name()?
                )))
            }
        };
        items.push(item);
        objects.push(object);
    }
    let fixed: Vec<Option<String>> = py.allow_threads(|| {
        par_map(&items, threads, |item| match item {
            Item::Plain(text) => match ftfy::fix_text_with(text, &rust_config) {
                std::borrow::Cow::Borrowed(_) => None,
                std::borrow::Cow::Owned(fixed) => Some(fixed),
            },
            Item::Surrogates => None,
        })
    });
    let list = PyList::empty(py);
    for ((object, item), fixed) in objects.iter().zip(&items).zip(fixed) {
        match (item, fixed) {
            (_, Some(fixed)) => list.append(PyString::new(py, &fixed))?,
            (Item::Plain(_), None) => list.append(object)?,
            (Item::Surrogates, None) => list.append(crate::fix_text(object, config)?)?,
        }
    }
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn par_map_keeps_order_for_any_thread_count() {
        let items: Vec<usize> = (0..5000).collect();
        for threads in [1, 2, 3, 8] {
            assert_eq!(
                par_map(&items, threads, |i| i * 2),
                items.iter().map(|i| i * 2).collect::<Vec<_>>()
            );
        }
    }
}
