//! `fix_texts`: many strings fixed in parallel, without the GIL.

use std::any::Any;
use std::borrow::Cow;
use std::collections::{BTreeMap, VecDeque};
use std::num::NonZeroUsize;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;

use ftfy::TextFixerConfig;
use pyo3::exceptions::{PyTypeError, PyUnicodeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyIterator, PyList, PyString};

use crate::text::Utf8;

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

/// The most items and the most bytes of text in one chunk of
/// `fix_texts`' input: enough to make handing a chunk to a thread (a lock,
/// and releasing the GIL) free, few enough to spread uneven lines over
/// the threads and to keep a chunk's text in the CPU's caches between
/// reading it, fixing it and making its Python strings.
const CHUNK_ITEMS: usize = 256;
const CHUNK_BYTES: usize = 1 << 18;

/// A chunk of the input, as the fixing threads see it: the UTF-8 of its
/// strings end to end in one buffer (one allocation for the chunk, none
/// per string), and where each string ends, or `None` for a string with
/// surrogates, which is fixed later with the GIL held.
struct Chunk {
    index: usize,
    text: String,
    ends: Vec<Option<usize>>,
}

/// What fixing a chunk gives: for each string, its fixed text, or `None`
/// when fixing left it as it was (or it waits for the GIL).
type Fixed = Vec<Option<String>>;

/// Fixes every plain string of a chunk.
fn fix_chunk(chunk: &Chunk, config: &TextFixerConfig) -> Fixed {
    let mut start = 0;
    chunk
        .ends
        .iter()
        .map(|end| {
            let end = (*end)?;
            let text = &chunk.text[start..end];
            start = end;
            match ftfy::fix_text_with(text, config) {
                Cow::Borrowed(_) => None,
                Cow::Owned(fixed) => Some(fixed),
            }
        })
        .collect()
}

/// What the calling thread and the helper threads share: chunks to fix,
/// chunks fixed (by index), and whether more chunks may come.
#[derive(Default)]
struct Shared {
    todo: VecDeque<Chunk>,
    done: BTreeMap<usize, Fixed>,
    /// No chunk will be added: helpers leave once `todo` is empty.
    closed: bool,
    /// A helper's panic, for the calling thread to resume.
    panic: Option<Box<dyn Any + Send>>,
}

struct Queue {
    shared: Mutex<Shared>,
    /// Signalled when a chunk is added or the queue closes.
    work: Condvar,
    /// Signalled when a chunk is fixed.
    fixed: Condvar,
}

impl Queue {
    fn lock(&self) -> MutexGuard<'_, Shared> {
        // Nothing panics while holding the lock; should it, the state is
        // still consistent (each change is one assignment).
        self.shared.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A helper thread: fixes chunks until the queue is closed and empty.
    fn help(&self, config: &TextFixerConfig) {
        let mut shared = self.lock();
        loop {
            if let Some(chunk) = shared.todo.pop_front() {
                drop(shared);
                let fixed = panic::catch_unwind(AssertUnwindSafe(|| fix_chunk(&chunk, config)));
                shared = self.lock();
                match fixed {
                    Ok(fixed) => {
                        shared.done.insert(chunk.index, fixed);
                    }
                    Err(payload) => {
                        shared.panic = Some(payload);
                        shared.closed = true;
                        shared.todo.clear();
                    }
                }
                self.fixed.notify_one();
            } else if shared.closed {
                return;
            } else {
                shared = self
                    .work
                    .wait(shared)
                    .unwrap_or_else(PoisonError::into_inner);
            }
        }
    }

    /// Closes the queue, dropping the chunks not yet taken: the helpers
    /// then leave.
    fn close(&self) {
        let mut shared = self.lock();
        shared.closed = true;
        shared.todo.clear();
        drop(shared);
        self.work.notify_all();
    }
}

/// Closes the queue when the calling thread leaves the thread scope, by
/// returning, raising or panicking, so that no helper waits forever.
struct CloseOnDrop<'a>(&'a Queue);

impl Drop for CloseOnDrop<'_> {
    fn drop(&mut self) {
        self.0.close();
    }
}

/// The strings of one chunk as the calling thread keeps them: each object,
/// and whether it holds surrogates.
type Objects<'py> = Vec<(Bound<'py, PyAny>, bool)>;

/// Where `fix_texts` reads its strings from.
enum Source<'py> {
    /// A `list` (exactly), read by index: this lets the next strings be
    /// fetched into the CPU cache while one is converted, where a string
    /// that is not in cache (a list of millions, or of strings repeated
    /// in any order) otherwise costs a wait on memory for each.
    List(Bound<'py, PyList>, usize),
    /// Any other iterable.
    Iter(Bound<'py, PyIterator>),
}

/// How many strings ahead of the one being read a list's are fetched.
const PREFETCH: usize = 4;

impl<'py> Source<'py> {
    fn new(texts: &Bound<'py, PyAny>) -> PyResult<Source<'py>> {
        Ok(match texts.downcast_exact::<PyList>() {
            Ok(list) => Source::List(list.clone(), 0),
            Err(_) => Source::Iter(texts.try_iter()?),
        })
    }

    fn next(&mut self) -> Option<PyResult<Bound<'py, PyAny>>> {
        match self {
            Source::Iter(iterator) => iterator.next(),
            Source::List(list, position) => {
                // The length is read each time, as a list iterator does:
                // another thread may change the list while the GIL is
                // released between chunks.
                let item = list.get_item(*position).ok()?;
                *position += 1;
                if *position + PREFETCH < list.len() {
                    prefetch(list, *position + PREFETCH);
                }
                Some(Ok(item))
            }
        }
    }
}

/// Asks the CPU to fetch the object at `index` of `list` into its cache.
#[cfg(target_arch = "x86_64")]
fn prefetch(list: &Bound<'_, PyList>, index: usize) {
    use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
    let Ok(index) = isize::try_from(index) else {
        return;
    };
    // Safety: `index` is within the list (checked by the caller, with the
    // GIL held), so PyList_GetItem returns a borrowed pointer, which is
    // only prefetched, never read here; a prefetch never faults.
    #[allow(unused_unsafe)]
    unsafe {
        let object = pyo3::ffi::PyList_GetItem(list.as_ptr(), index);
        if !object.is_null() {
            _mm_prefetch::<_MM_HINT_T0>(object.cast::<i8>());
        }
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn prefetch(_list: &Bound<'_, PyList>, _index: usize) {}

/// Reads the next chunk of strings from `texts`; `None` at its end.
fn read_chunk<'py>(
    texts: &mut Source<'py>,
    index: usize,
) -> PyResult<Option<(Chunk, Objects<'py>)>> {
    let mut chunk = Chunk {
        index,
        text: String::new(),
        ends: Vec::with_capacity(CHUNK_ITEMS),
    };
    let mut objects = Vec::with_capacity(CHUNK_ITEMS);
    while objects.len() < CHUNK_ITEMS && chunk.text.len() < CHUNK_BYTES {
        let Some(object) = texts.next() else { break };
        let object = object?;
        let surrogates = match object.downcast::<PyString>() {
            Ok(string) => match Utf8::encode(string) {
                Some(utf8) => {
                    chunk.text.push_str(&utf8);
                    chunk.ends.push(Some(chunk.text.len()));
                    false
                }
                None => {
                    chunk.ends.push(None);
                    true
                }
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
        objects.push((object, surrogates));
    }
    Ok((!objects.is_empty()).then_some((chunk, objects)))
}

/// Appends a fixed chunk's strings to `list`: a new `str` where the text
/// changed, the very same object where it did not.
fn deliver<'py>(
    list: &Bound<'py, PyList>,
    objects: Objects<'py>,
    fixed: Fixed,
    config: Option<&Bound<'py, PyAny>>,
) -> PyResult<()> {
    let py = list.py();
    for ((object, surrogates), fixed) in objects.into_iter().zip(fixed) {
        match fixed {
            Some(fixed) => list.append(PyString::new(py, &fixed))?,
            None if surrogates => list.append(crate::fix_text(&object, config)?)?,
            None => list.append(object)?,
        }
    }
    Ok(())
}

/// Fixes every string of `texts` as `fix_text(text, config)` would; the
/// list returned keeps the order.
///
/// The calling thread reads the input a chunk at a time and makes the
/// output's strings, which needs the GIL; the fixing, which does not, is
/// shared by it and `threads - 1` helper threads. The calling thread keeps
/// four chunks per thread waiting to be fixed, delivers the fixed ones in
/// order, and fixes chunks itself (with the GIL released) the rest of the
/// time; memory holds only the chunks in flight.
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
    let rust_config = &rust_config;
    let mut texts = Source::new(texts)?;
    let list = PyList::empty(py);
    // The most chunks read and not yet delivered: enough that a helper
    // slow on one chunk (or not scheduled, on a busy machine) does not
    // hold up the others, few enough to bound memory (each chunk holds at
    // most CHUNK_ITEMS strings and CHUNK_BYTES of text). With 16 per
    // thread, two threads ran 1.55 times as fast as one on
    // compare_ftfy.py's lines, the calling thread often waiting for the
    // chunk next in order; with 128, 1.9 times.
    let most_in_flight = 128 * threads;
    let queue = Queue {
        shared: Mutex::new(Shared::default()),
        work: Condvar::new(),
        fixed: Condvar::new(),
    };
    let queue = &queue;
    thread::scope(|scope| -> PyResult<()> {
        let _close = CloseOnDrop(queue);
        let mut helpers = 0;
        let mut waiting: VecDeque<Objects<'py>> = VecDeque::new();
        let (mut read, mut delivered, mut exhausted) = (0, 0, false);
        loop {
            // Deliver what is fixed, in order.
            loop {
                let fixed = {
                    let mut shared = queue.lock();
                    if let Some(payload) = shared.panic.take() {
                        panic::resume_unwind(payload);
                    }
                    shared.done.remove(&delivered)
                };
                let Some(fixed) = fixed else { break };
                let objects = waiting
                    .pop_front()
                    .expect("each chunk read has its objects");
                deliver(&list, objects, fixed, config)?;
                delivered += 1;
            }
            if exhausted && delivered == read {
                return Ok(());
            }
            // Read while fewer than four chunks per thread wait to be
            // fixed, within the cap: the helpers must not run dry while
            // this thread fixes a chunk of its own, however long it takes.
            let queued = queue.lock().todo.len();
            if !exhausted && queued < 4 * threads && read - delivered < most_in_flight {
                match read_chunk(&mut texts, read)? {
                    Some((chunk, objects)) => {
                        queue.lock().todo.push_back(chunk);
                        waiting.push_back(objects);
                        read += 1;
                        // Helpers start once there is more than one chunk.
                        if read >= 2 && helpers + 1 < threads {
                            scope.spawn(|| queue.help(rust_config));
                            helpers += 1;
                        }
                        queue.work.notify_one();
                    }
                    None => exhausted = true,
                }
                continue;
            }
            // Fix a chunk, or wait for a helper to finish one.
            py.allow_threads(|| {
                let mut shared = queue.lock();
                if let Some(chunk) = shared.todo.pop_front() {
                    drop(shared);
                    let fixed = fix_chunk(&chunk, rust_config);
                    queue.lock().done.insert(chunk.index, fixed);
                } else {
                    while !shared.done.contains_key(&delivered) && shared.panic.is_none() {
                        shared = queue
                            .fixed
                            .wait(shared)
                            .unwrap_or_else(PoisonError::into_inner);
                    }
                }
            });
        }
    })?;
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
