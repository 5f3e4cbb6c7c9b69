//! `fix_texts` on an iterable of strings: fixed in parallel, mostly
//! without the GIL, and stopped by Ctrl-C.

use std::any::Any;
use std::borrow::Cow;
use std::collections::{BTreeMap, VecDeque};
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::thread;
use std::time::Instant;

use crate::column::{ColumnFixer, Scope};
use pyo3::exceptions::{PyTypeError, PyUnicodeError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyFloat, PyIterator, PyList, PyString, PyTuple};

use crate::bad_items::{thousands, OnBadItem, HOW_TO_GO_ON};
use crate::interrupt::{PieceFixer, PIECE_BYTES, SLICE};
use crate::text::Utf8;

/// ftfy's message for bytes given where text is expected.
pub const BYTES_ERROR_TEXT: &str = "Hey wait, this isn't Unicode.\n\nftfy is designed to fix problems with text. Treating bytes like they're\ninterchangeable with Unicode text is usually something that introduces\nproblems with text.\n\nYou should first decode these bytes from the encoding you think they're in.\nIf you're not sure what encoding they're in:\n\n- First, try to find out. 'utf-8' is a good assumption.\n- If the encoding is simply unknowable, try running your bytes through\n  ftfy.guess_bytes. As the name implies, this may not always be accurate.\n\nFor more information on the distinction between bytes and text, read the\nPython Unicode HOWTO:\n\n    http://docs.python.org/3/howto/unicode.html\n";

/// The most items and the most bytes of text in one chunk of the input:
/// enough to make handing a chunk to a thread (a lock, and releasing the
/// GIL) free, few enough to spread uneven lines over the threads and to
/// keep a chunk's text in the CPU's caches between reading it, fixing it
/// and making its Python strings.
const CHUNK_ITEMS: usize = 256;
const CHUNK_BYTES: usize = 1 << 18;

/// How many items a chunk fixes between two looks at whether to go on.
const ITEMS_BETWEEN_CHECKS: usize = 16;

/// An element of a chunk, as the fixing threads see it.
enum Slot {
    /// A string, whose UTF-8 ends at this offset of the chunk's text.
    Text(usize),
    /// Nothing for the fixing threads: a string holding surrogates (fixed
    /// with the GIL when delivered), a missing value, or a bad element.
    Later,
}

/// A chunk of the input: the UTF-8 of its strings end to end in one
/// buffer (one allocation for the chunk, none per string), and how far
/// fixing it has come, so that a thread can stop in its middle (or in the
/// middle of a long string) and this or another thread go on.
struct Chunk {
    index: usize,
    text: String,
    slots: Vec<Slot>,
    /// For each slot fixed so far, its fixed text, or `None` when fixing
    /// left it as it was (or it was not to be fixed).
    fixed: Vec<Option<String>>,
    /// Where the text of the next slot starts.
    start: usize,
    /// The long string being fixed in pieces, when stopped in its middle.
    pieces: Option<PieceFixer>,
}

impl Chunk {
    /// The strings of the chunk's slots that hold one.
    fn values(&self) -> impl Iterator<Item = &str> {
        let mut start = 0;
        self.slots.iter().filter_map(move |slot| match *slot {
            Slot::Text(end) => {
                let text = &self.text[start..end];
                start = end;
                Some(text)
            }
            Slot::Later => None,
        })
    }

    /// Fixes the slots left while `keep_going` says so; returns whether all
    /// are fixed.
    fn fix(&mut self, column: &ColumnFixer, mut keep_going: impl FnMut() -> bool) -> bool {
        while self.fixed.len() < self.slots.len() {
            let Slot::Text(end) = self.slots[self.fixed.len()] else {
                self.fixed.push(None);
                continue;
            };
            let text = &self.text[self.start..end];
            if text.len() >= PIECE_BYTES {
                // Fixed in pieces as fix_text fixes it, with the column's config.
                let pieces = self.pieces.get_or_insert_with(|| PieceFixer::new(column));
                if !pieces.fix_while(text, &mut keep_going) {
                    return false;
                }
                self.fixed
                    .push(self.pieces.take().and_then(PieceFixer::into_fixed));
            } else {
                self.fixed.push(match column.fix(text) {
                    Cow::Borrowed(_) => None,
                    Cow::Owned(fixed) => Some(fixed),
                });
            }
            self.start = end;
            let count = self.fixed.len();
            if count % ITEMS_BETWEEN_CHECKS == 0 && count < self.slots.len() && !keep_going() {
                return false;
            }
        }
        true
    }
}

/// What the calling thread and the helper threads share: chunks to fix,
/// chunks fixed (by index), and whether more chunks may come.
#[derive(Default)]
struct Shared {
    todo: VecDeque<Chunk>,
    done: BTreeMap<usize, Vec<Option<String>>>,
    /// No chunk will be added: helpers leave once `todo` is empty.
    closed: bool,
    /// A helper's panic, for the calling thread to resume.
    panic: Option<Box<dyn Any + Send>>,
}

#[derive(Default)]
struct Queue {
    shared: Mutex<Shared>,
    /// Set with `closed`, read without the lock: helpers stop in the
    /// middle of a chunk.
    stop: AtomicBool,
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

    /// A helper thread: fixes chunks until the queue is closed.
    fn help(&self, column: &ColumnFixer) {
        let mut shared = self.lock();
        loop {
            if let Some(mut chunk) = shared.todo.pop_front() {
                drop(shared);
                let finished = panic::catch_unwind(AssertUnwindSafe(|| {
                    chunk.fix(column, || !self.stop.load(Ordering::Relaxed))
                }));
                shared = self.lock();
                match finished {
                    Ok(true) => {
                        shared
                            .done
                            .insert(chunk.index, std::mem::take(&mut chunk.fixed));
                    }
                    // Stopped: the queue is closed, and the chunk unwanted.
                    Ok(false) => {}
                    Err(payload) => {
                        shared.panic = Some(payload);
                        shared.closed = true;
                        shared.todo.clear();
                    }
                }
                self.fixed.notify_all();
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

    /// The calling thread's share, with the GIL released, for at most one
    /// slice: fixes (part of) the next chunk, or waits for the helpers to
    /// fix the chunk to deliver next.
    fn work_or_wait(&self, column: &ColumnFixer, next_to_deliver: usize) {
        let deadline = Instant::now() + SLICE;
        let mut shared = self.lock();
        if let Some(mut chunk) = shared.todo.pop_front() {
            drop(shared);
            let finished = chunk.fix(column, || Instant::now() < deadline);
            let mut shared = self.lock();
            if finished {
                shared
                    .done
                    .insert(chunk.index, std::mem::take(&mut chunk.fixed));
            } else {
                // Left for a helper, or for this thread's next slice.
                shared.todo.push_front(chunk);
                self.work.notify_one();
            }
            return;
        }
        while !shared.done.contains_key(&next_to_deliver) && shared.panic.is_none() {
            let now = Instant::now();
            if now >= deadline {
                return;
            }
            shared = self
                .fixed
                .wait_timeout(shared, deadline - now)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }

    /// Closes the queue, dropping the chunks not yet taken and stopping
    /// the ones being fixed: the helpers then leave.
    fn close(&self) {
        let mut shared = self.lock();
        shared.closed = true;
        shared.todo.clear();
        self.stop.store(true, Ordering::Relaxed);
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

/// An element as the calling thread keeps it, to deliver its result.
enum Item<'py> {
    /// A string (of `str` or a subclass) the fixing threads fix.
    Text(Bound<'py, PyString>),
    /// A string holding surrogates, fixed when delivered.
    Surrogates(Bound<'py, PyAny>),
    /// Given back as it is: a missing value, or a bad element with
    /// `errors="keep"`.
    Keep(Bound<'py, PyAny>),
    /// A bad element with `errors="null"`.
    Null,
}

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

/// What `fix_texts` does with elements that are not strings.
struct Policy<'py> {
    errors: OnBadItem,
    /// Given: None, float NaN and these objects are missing values, kept
    /// as they are (what a pandas Series holds where data is missing).
    missing: Option<Bound<'py, PyTuple>>,
}

impl<'py> Policy<'py> {
    fn is_missing(&self, object: &Bound<'py, PyAny>) -> bool {
        let Some(sentinels) = &self.missing else {
            return false;
        };
        object.is_none()
            || object
                .downcast::<PyFloat>()
                .is_ok_and(|number| number.value().is_nan())
            || sentinels.iter().any(|sentinel| sentinel.is(object))
    }

    /// The item for an element that is not a string, or the error.
    fn not_a_string(&self, object: Bound<'py, PyAny>, position: usize) -> PyResult<Item<'py>> {
        if self.is_missing(&object) {
            return Ok(Item::Keep(object));
        }
        match self.errors {
            OnBadItem::Keep => Ok(Item::Keep(object)),
            OnBadItem::Null => Ok(Item::Null),
            OnBadItem::Raise => Err(bad_element(&object, position)),
        }
    }
}

/// The error for an element that is not a string.
fn bad_element(object: &Bound<'_, PyAny>, position: usize) -> PyErr {
    let position = thousands(position);
    if object.is_none() {
        return PyTypeError::new_err(format!(
            "fix_texts: element {position} is None, not str; {HOW_TO_GO_ON}"
        ));
    }
    let type_name = object
        .get_type()
        .name()
        .map_or_else(|_| "object".to_owned(), |name| name.to_string());
    let mut repr = object
        .repr()
        .map_or_else(|_| "?".to_owned(), |repr| repr.to_string());
    if repr.chars().count() > 40 {
        repr = repr.chars().take(37).collect::<String>() + "...";
    }
    if object.is_instance_of::<PyBytes>() {
        return PyUnicodeError::new_err(format!(
            "fix_texts: element {position} is bytes ({repr}), not str: decode it first \
             (ftfy_rs.guess_bytes can guess the encoding); or {HOW_TO_GO_ON}"
        ));
    }
    PyTypeError::new_err(format!(
        "fix_texts: element {position} is {type_name} ({repr}), not str; {HOW_TO_GO_ON}"
    ))
}

/// Reads the next chunk of elements from `texts` (the first is element
/// `first` of the input); `None` at its end.
fn read_chunk<'py>(
    texts: &mut Source<'py>,
    index: usize,
    first: usize,
    policy: &Policy<'py>,
) -> PyResult<Option<(Chunk, Vec<Item<'py>>)>> {
    let mut chunk = Chunk {
        index,
        text: String::new(),
        slots: Vec::with_capacity(CHUNK_ITEMS),
        fixed: Vec::with_capacity(CHUNK_ITEMS),
        start: 0,
        pieces: None,
    };
    let mut items = Vec::with_capacity(CHUNK_ITEMS);
    while items.len() < CHUNK_ITEMS && chunk.text.len() < CHUNK_BYTES {
        let Some(object) = texts.next() else { break };
        let object = object?;
        let item = match object.downcast_into::<PyString>() {
            Ok(string) => match Utf8::encode(&string) {
                Some(utf8) => {
                    chunk.text.push_str(&utf8);
                    chunk.slots.push(Slot::Text(chunk.text.len()));
                    items.push(Item::Text(string));
                    continue;
                }
                None => Item::Surrogates(string.into_any()),
            },
            Err(error) => policy.not_a_string(error.into_inner(), first + items.len())?,
        };
        chunk.slots.push(Slot::Later);
        items.push(item);
    }
    Ok((!items.is_empty()).then_some((chunk, items)))
}

/// Appends a fixed chunk's results to `list`: a new `str` where the text
/// changed, the very same object where it did not (a `str` for an
/// instance of a subclass, as ftfy's fix_text returns).
fn deliver<'py>(
    list: &Bound<'py, PyList>,
    items: Vec<Item<'py>>,
    fixed: Vec<Option<String>>,
    config: Option<&Bound<'py, PyAny>>,
) -> PyResult<()> {
    let py = list.py();
    for (item, fixed) in items.into_iter().zip(fixed) {
        match (item, fixed) {
            (_, Some(fixed)) => list.append(PyString::new(py, &fixed))?,
            (Item::Text(string), None) if string.is_exact_instance_of::<PyString>() => {
                list.append(string)?
            }
            (Item::Text(string), None) => {
                let utf8 = Utf8::encode(&string).expect("it was read as UTF-8");
                list.append(PyString::new(py, &utf8))?
            }
            (Item::Surrogates(object), None) => list.append(crate::fix_text(&object, config)?)?,
            (Item::Keep(object), None) => list.append(object)?,
            (Item::Null, None) => list.append(py.None())?,
        }
    }
    Ok(())
}

/// The calling thread's state: what it has read and delivered.
struct Batch<'py> {
    list: Bound<'py, PyList>,
    config: Option<Bound<'py, PyAny>>,
    source: Source<'py>,
    policy: Policy<'py>,
    /// The items of the chunks read and not yet delivered, in order.
    waiting: VecDeque<Vec<Item<'py>>>,
    /// Chunks read and delivered, and elements read.
    read: usize,
    delivered: usize,
    elements: usize,
    exhausted: bool,
}

impl<'py> Batch<'py> {
    /// Delivers the chunks fixed, in order.
    fn deliver_ready(&mut self, queue: &Queue) -> PyResult<()> {
        loop {
            let fixed = {
                let mut shared = queue.lock();
                if let Some(payload) = shared.panic.take() {
                    panic::resume_unwind(payload);
                }
                shared.done.remove(&self.delivered)
            };
            let Some(fixed) = fixed else { return Ok(()) };
            let items = self
                .waiting
                .pop_front()
                .expect("each chunk read has its items");
            deliver(&self.list, items, fixed, self.config.as_ref())?;
            self.delivered += 1;
        }
    }

    /// Reads a chunk into the queue, if one is wanted: while fewer than
    /// four chunks per thread wait to be fixed (so that the helpers never
    /// run dry while this thread fixes a chunk of its own), and no more
    /// than `most_in_flight` are read and not delivered. Returns whether
    /// it read one.
    fn read_more(
        &mut self,
        queue: &Queue,
        threads: usize,
        most_in_flight: usize,
    ) -> PyResult<bool> {
        let queued = queue.lock().todo.len();
        if self.exhausted || queued >= 4 * threads || self.read - self.delivered >= most_in_flight {
            return Ok(false);
        }
        match read_chunk(&mut self.source, self.read, self.elements, &self.policy)? {
            Some((chunk, items)) => {
                self.elements += items.len();
                queue.lock().todo.push_back(chunk);
                queue.work.notify_one();
                self.waiting.push_back(items);
                self.read += 1;
            }
            None => self.exhausted = true,
        }
        Ok(true)
    }
}

/// Fixes every string of `texts` as `fix_text(text, config)` would; the
/// list returned keeps the order. Elements that are not strings raise
/// (naming the first), or are passed on or nulled, as `errors` says;
/// with `missing` given, None, NaN and those objects are kept as they are.
/// The strings are one column, fixed by a [`ColumnFixer`] (judged each
/// alone with `per_string`); a string holding surrogates is fixed by
/// `fix_text` when its result is delivered.
///
/// The calling thread reads the input a chunk at a time and makes the
/// output's strings, which needs the GIL; the fixing, which does not, is
/// shared by it and `threads - 1` helper threads. Memory holds only the
/// chunks in flight. The calling thread works (or waits) at most
/// [`SLICE`] at a time with the GIL released, then checks for signals:
/// Ctrl-C stops the helpers and raises.
#[pyfunction]
#[pyo3(signature = (texts, config=None, threads=None, errors="raise", missing=None, per_string=false))]
pub fn fix_texts<'py>(
    py: Python<'py>,
    texts: &Bound<'py, PyAny>,
    config: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    errors: &str,
    missing: Option<Bound<'py, PyTuple>>,
    per_string: bool,
) -> PyResult<Bound<'py, PyList>> {
    let threads = crate::config::thread_count(threads)?;
    let rust_config = crate::config::from_python(config)?;
    let mut batch = Batch {
        list: PyList::empty(py),
        config: config.cloned(),
        source: Source::new(texts)?,
        policy: Policy {
            errors: OnBadItem::from_name(errors)?,
            missing,
        },
        waiting: VecDeque::new(),
        read: 0,
        delivered: 0,
        elements: 0,
        exhausted: false,
    };
    // The most chunks read and not yet delivered: enough that a helper
    // slow on one chunk (or not scheduled, on a busy machine) does not
    // hold up the others, few enough to bound memory (each chunk holds at
    // most CHUNK_ITEMS strings and CHUNK_BYTES of text). With 16 per
    // thread, two threads ran 1.55 times as fast as one on
    // compare_ftfy.py's lines, the calling thread often waiting for the
    // chunk next in order; with 128, 1.9 times.
    let most_in_flight = 128 * threads;
    let queue = &Queue::default();
    // The column is decided from its first chunk: an iterable is read
    // once, as it arrives.
    batch.read_more(queue, threads, most_in_flight)?;
    let scope = if per_string {
        Scope::String
    } else {
        Scope::Column
    };
    let column = &{
        let shared = queue.lock();
        let first = shared.todo.front().into_iter().flat_map(Chunk::values);
        ColumnFixer::decide(&rust_config, scope, first)
    };
    thread::scope(|scope| -> PyResult<()> {
        let _close = CloseOnDrop(queue);
        let mut helpers = 0;
        loop {
            py.check_signals()?;
            batch.deliver_ready(queue)?;
            if batch.exhausted && batch.delivered == batch.read {
                return Ok(());
            }
            if batch.read_more(queue, threads, most_in_flight)? {
                // Helpers start once there is more than one chunk.
                if batch.read >= 2 && helpers + 1 < threads {
                    scope.spawn(|| queue.help(column));
                    helpers += 1;
                }
                continue;
            }
            let delivered = batch.delivered;
            py.allow_threads(|| queue.work_or_wait(column, delivered));
        }
    })?;
    Ok(batch.list)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn chunk_of(texts: &[String]) -> Chunk {
        let mut chunk = Chunk {
            index: 0,
            text: String::new(),
            slots: Vec::new(),
            fixed: Vec::new(),
            start: 0,
            pieces: None,
        };
        for text in texts {
            chunk.text.push_str(text);
            chunk.slots.push(Slot::Text(chunk.text.len()));
        }
        chunk
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// A chunk stopped anywhere (between items, and inside a long
        /// one) and resumed gives each item's fix_text.
        #[test]
        fn chunks_stopped_anywhere_give_fix_text(
            texts in prop::collection::vec(
                prop::collection::vec(
                    prop::sample::select(&["cafÃ©", "ok", "\n", "&amp;", "â€œqâ€\u{9d}", "ï¬\u{81}", " "][..]),
                    0..20,
                ).prop_map(|parts| parts.concat()),
                1..30,
            ),
            long_at in any::<prop::sample::Index>(),
            stops in prop::collection::vec(any::<bool>(), 1..30),
        ) {
            let mut texts = texts;
            // One item long enough to be fixed in pieces.
            let long = long_at.index(texts.len());
            let line = format!("{}x\n", texts[long]);
            texts[long] = line.repeat(PIECE_BYTES / line.len() + 2);
            let config = ftfy::TextFixerConfig::default();
            let column = ColumnFixer::decide(&config, Scope::Column, texts.iter().map(String::as_str));
            let mut chunk = chunk_of(&texts);
            let mut answers = stops.into_iter().cycle();
            while !chunk.fix(&column, || answers.next().unwrap_or(true)) {}
            let expected: Vec<Option<String>> = texts
                .iter()
                .map(|text| match ftfy::fix_text_with(text, &config) {
                    Cow::Borrowed(_) => None,
                    Cow::Owned(fixed) => Some(fixed),
                })
                .collect();
            prop_assert_eq!(chunk.fixed, expected);
        }
    }
}
