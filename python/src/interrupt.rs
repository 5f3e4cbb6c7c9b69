//! Long calls that Ctrl-C can stop, and that leave the GIL to other threads.
//!
//! Python runs a signal handler (the one that raises `KeyboardInterrupt`)
//! only when the main thread checks for signals while it holds the GIL. A
//! call that fixes text for seconds with the GIL released would hear Ctrl-C
//! only at its end. So long work is done in *slices*: the thread that called
//! works (or waits for the threads that work) for at most [`SLICE`], then
//! takes the GIL back and checks for signals; on a signal it tells the
//! workers to stop and raises.
//!
//! Text is fixed in *pieces* of whole segments (where `fix_text` cuts:
//! after a line feed, or `max_decode_length` characters into a longer line)
//! by the column's [`ftfy::ColumnPieces`], which gives exactly what the
//! column gives the whole string (`fix_text` of it, judged alone); a piece
//! is the unit of work between two checks.

use std::borrow::Cow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Condvar, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use ftfy::TextFixerConfig;
use pyo3::prelude::*;

use crate::column::{ColumnFixer, Scope};

/// How long a thread that holds the GIL on and off works or waits between
/// two checks for signals.
pub const SLICE: Duration = Duration::from_millis(50);

/// Texts from this many bytes are fixed with the GIL released. Releasing
/// and taking it back costs a fraction of a microsecond when no other
/// thread wants it (`fix_text` on 4 KiB of ASCII, the fastest text, took
/// 1.76 µs with it held and 1.78 µs released), but taking it back may wait
/// for a thread running Python code: shorter texts keep it.
pub const GIL_FREE_BYTES: usize = 4 * 1024;

/// Calls that fix a text as one unit (`fix_encoding`, `fix_text_segment`,
/// ...) cannot be cut into pieces: from this many bytes they run on a
/// thread of their own, which the caller leaves on Ctrl-C (it finishes in
/// the background, its result unused). Below, they take at most a few
/// tens of milliseconds.
pub const DETACH_BYTES: usize = 1 << 20;

/// Pieces are whole segments adding up to about this many bytes, about a
/// millisecond of work (one segment longer than this is a piece of its
/// own: at most `max_decode_length` characters, which `fix_text` fixes as
/// one). Shorter texts are fixed at once.
pub const PIECE_BYTES: usize = 64 * 1024;

/// The length in bytes of the first segment of `text`, as `fix_text` cuts
/// segments: up to and with the first line feed, or the first `max_chars`
/// characters of a longer line.
pub fn segment_end(text: &str, max_chars: usize) -> usize {
    let max_chars = max_chars.max(1);
    let line_end = text.find('\n').map_or(text.len(), |newline| newline + 1);
    // A line of at most max_chars bytes has at most max_chars characters.
    if line_end <= max_chars {
        return line_end;
    }
    text[..line_end]
        .char_indices()
        .nth(max_chars)
        .map_or(line_end, |(offset, _)| offset)
}

/// Fixes one text piece by piece, so that the work can stop between two
/// pieces and go on later, on the same thread or another. Give it the
/// same text each time.
#[derive(Clone, Debug)]
pub struct PieceFixer {
    pieces: ftfy::ColumnPieces,
    max_chars: usize,
    /// [`PIECE_BYTES`], but in tests.
    piece_bytes: usize,
    /// Where the next piece starts.
    position: usize,
    /// The fixed text so far.
    fixed: String,
    /// Whether `fixed` differs from the text it stands for.
    changed: bool,
}

impl PieceFixer {
    /// A fixer for one long string of `column`.
    pub fn new(column: &ColumnFixer) -> PieceFixer {
        PieceFixer {
            pieces: column.pieces(),
            max_chars: column.config().max_decode_length,
            piece_bytes: PIECE_BYTES,
            position: 0,
            fixed: String::new(),
            changed: false,
        }
    }

    /// Fixes pieces of `text` while `keep_going` says so (asked before
    /// each piece but the first); returns whether all of it is fixed.
    pub fn fix_while(&mut self, text: &str, mut keep_going: impl FnMut() -> bool) -> bool {
        let mut first = true;
        while self.position < text.len() {
            if !first && !keep_going() {
                return false;
            }
            first = false;
            self.fix_piece(text);
        }
        true
    }

    fn fix_piece(&mut self, text: &str) {
        let start = self.position;
        let mut end = start;
        while end < text.len() && end - start < self.piece_bytes {
            end += segment_end(&text[end..], self.max_chars);
        }
        // (The fixer holds back what it can't fix yet: an unfinished
        // window of lines, where the text is judged as a document.)
        let mut out = self.pieces.feed(&text[start..end]);
        if end == text.len() {
            out += &self.pieces.finish();
        }
        let emitted = self.fixed.len();
        self.changed |= !text
            .get(emitted..)
            .is_some_and(|rest| rest.starts_with(&out));
        self.fixed.push_str(&out);
        self.position = end;
    }

    /// The fixed text, or `None` when fixing changed nothing. Call it once
    /// [`fix_while`](PieceFixer::fix_while) has returned `true`.
    pub fn into_fixed(self) -> Option<String> {
        // Each piece's output matched the text where it stands: the text
        // changed if the output is shorter (`&amp;` at the end fixed to
        // `&`, which the text at that place starts with).
        let changed = self.changed || self.fixed.len() != self.position;
        changed.then_some(self.fixed)
    }
}

/// A string of a column as `column` fixes it (`None` when nothing
/// changed); a long one fixed in pieces, as `fix_text` cuts it, with the
/// column's config, while `keep_going` says so: `None` when it stopped
/// first.
pub fn fix_stoppable(
    text: &str,
    column: &ColumnFixer,
    keep_going: impl FnMut() -> bool,
) -> Option<Option<String>> {
    if text.len() < PIECE_BYTES {
        return Some(match column.fix(text) {
            Cow::Borrowed(_) => None,
            Cow::Owned(fixed) => Some(fixed),
        });
    }
    let mut pieces = PieceFixer::new(column);
    pieces
        .fix_while(text, keep_going)
        .then(|| pieces.into_fixed())
}

/// Applies `fix` to every item on `threads` threads, keeping the order,
/// while the calling thread waits with the GIL released and checks for
/// signals every [`SLICE`]. On a signal the threads are told to stop
/// (`fix` gets the flag, for long items, and returns `None` when it
/// stopped) and the signal's error is returned once they have. A thread
/// takes one item at a time: an item should be enough work to make taking
/// it free (a block of rows, not a row).
pub fn par_map<T: Sync, R: Send>(
    py: Python<'_>,
    items: &[T],
    threads: usize,
    fix: impl Fn(&T, &AtomicBool) -> Option<R> + Sync,
) -> PyResult<Vec<R>> {
    let threads = threads.clamp(1, items.len().max(1));
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    // The items fixed, and how many threads are still at work.
    let state = Mutex::new((Vec::<(usize, R)>::new(), threads));
    let finished = Condvar::new();
    let lock = || state.lock().unwrap_or_else(PoisonError::into_inner);
    thread::scope(|scope| -> PyResult<()> {
        for _ in 0..threads {
            scope.spawn(|| {
                // Counts this thread out however it ends, so that the
                // caller never waits for a thread that is gone.
                let _done = OnDrop(|| {
                    lock().1 -= 1;
                    finished.notify_all();
                });
                let mut mine = Vec::new();
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= items.len() || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let Some(fixed) = fix(&items[index], &stop) else {
                        break;
                    };
                    mine.push((index, fixed));
                }
                lock().0.append(&mut mine);
            });
        }
        loop {
            let all_done = py.allow_threads(|| {
                let (state, _) = finished
                    .wait_timeout_while(lock(), SLICE, |state| state.1 > 0)
                    .unwrap_or_else(PoisonError::into_inner);
                state.1 == 0
            });
            if all_done {
                return Ok(());
            }
            if let Err(error) = py.check_signals() {
                stop.store(true, Ordering::Relaxed);
                return Err(error);
            }
        }
    })?;
    let mut done = std::mem::take(&mut lock().0);
    done.sort_unstable_by_key(|(index, _)| *index);
    Ok(done.into_iter().map(|(_, fixed)| fixed).collect())
}

/// Runs a closure when dropped.
struct OnDrop<F: FnMut()>(F);

impl<F: FnMut()> Drop for OnDrop<F> {
    fn drop(&mut self) {
        (self.0)();
    }
}

/// `fix_text(text, config)`, fixed in slices with the GIL released and
/// signals checked between them: `None` when nothing changed.
pub fn fix_text_in_slices(
    py: Python<'_>,
    text: &str,
    config: &TextFixerConfig,
) -> PyResult<Option<String>> {
    let mut pieces = PieceFixer::new(&ColumnFixer::decide(config, Scope::String, []));
    loop {
        let done = py.allow_threads(|| {
            let deadline = Instant::now() + SLICE;
            pieces.fix_while(text, || Instant::now() < deadline)
        });
        if done {
            return Ok(pieces.into_fixed());
        }
        py.check_signals()?;
    }
}

/// Runs `job` on a thread of its own and waits for it with the GIL
/// released, checking for signals every [`SLICE`]. On a signal, returns
/// its error at once and leaves the thread to finish alone (it owns all it
/// uses, and its result is dropped).
pub fn run_detached<R: Send + 'static>(
    py: Python<'_>,
    job: impl FnOnce() -> R + Send + 'static,
) -> PyResult<R> {
    let (sender, receiver) = mpsc::sync_channel(1);
    thread::Builder::new()
        .name("ftfy_rs worker".to_owned())
        .spawn(move || {
            // The caller may have left: then nobody needs the result.
            let _ = sender.send(job());
        })
        .map_err(|error| pyo3::exceptions::PyRuntimeError::new_err(error.to_string()))?;
    let mut receiver = receiver;
    loop {
        let (received, returned) = py.allow_threads(move || {
            let received = receiver.recv_timeout(SLICE);
            (received, receiver)
        });
        receiver = returned;
        match received {
            Ok(result) => return Ok(result),
            Err(mpsc::RecvTimeoutError::Timeout) => py.check_signals()?,
            // The thread panicked: the library promises not to.
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(pyo3::exceptions::PyRuntimeError::new_err(
                    "ftfy_rs: a worker thread failed",
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Text made of pieces that fixes touch: line breaks, mojibake,
    /// entities, a tag, wide characters.
    fn damaged_text() -> impl Strategy<Value = String> {
        const PARTS: [&str; 19] = [
            "a",
            "word ",
            "\n",
            "\r\n",
            "\r",
            "é",
            "Ã©",
            "â€œ",
            "Ã",
            "©",
            "&amp;",
            "&eacute;",
            "<p>",
            "𝄞",
            "ﬁ",
            "\u{2028}",
            "ＡＢ",
            "\u{1b}[31m",
            "Ð¿Ñ€Ð¸",
        ];
        prop::collection::vec(prop::sample::select(&PARTS[..]), 0..80)
            .prop_map(|parts| parts.concat())
    }

    proptest! {
        #[test]
        fn pieces_stopped_anywhere_give_fix_text(
            text in damaged_text(),
            max_chars in 1usize..12,
            piece_bytes in 1usize..40,
            stops in prop::collection::vec(any::<bool>(), 0..40),
        ) {
            let config = TextFixerConfig::default().max_decode_length(max_chars);
            let mut pieces = PieceFixer::new(&ColumnFixer::decide(&config, Scope::String, []));
            pieces.piece_bytes = piece_bytes;
            let mut answers = stops.into_iter().cycle();
            while !pieces.fix_while(&text, || answers.next().unwrap_or(true)) {}
            let expected = ftfy::fix_text_with(&text, &config);
            match pieces.into_fixed() {
                Some(fixed) => prop_assert_eq!(fixed, expected),
                None => prop_assert!(matches!(expected, Cow::Borrowed(_))),
            }
        }
    }

    /// What `fix_text` cuts `text` into, by ftfy's own loop.
    fn ftfy_segments(text: &str, max_chars: usize) -> Vec<String> {
        let chars: Vec<char> = text.chars().collect();
        let mut segments = Vec::new();
        let mut position = 0;
        while position < chars.len() {
            let mut end = chars[position..]
                .iter()
                .position(|&c| c == '\n')
                .map_or(chars.len(), |newline| position + newline + 1);
            if end - position > max_chars {
                end = position + max_chars;
            }
            segments.push(chars[position..end].iter().collect());
            position = end;
        }
        segments
    }

    fn segments(text: &str, max_chars: usize) -> Vec<String> {
        let mut out = Vec::new();
        let mut rest = text;
        while !rest.is_empty() {
            let end = segment_end(rest, max_chars);
            out.push(rest[..end].to_owned());
            rest = &rest[end..];
        }
        out
    }

    #[test]
    fn segments_are_where_ftfy_cuts() {
        let texts = [
            "",
            "one\ntwo\n\nthree",
            "ab€d\n𝄞𝄞𝄞𝄞𝄞\nxyz",
            "\n\n\n",
            "a long line without any line feed at all",
        ];
        for text in texts {
            for max_chars in [1, 2, 3, 4, 5, 7, 100] {
                assert_eq!(segments(text, max_chars), ftfy_segments(text, max_chars));
            }
        }
        // max_decode_length 0 cuts every character, as 1 does.
        assert_eq!(segments("abc", 0), ["a", "b", "c"]);
    }

    #[test]
    fn pieces_give_fix_text_of_the_whole() {
        let unit = "Plain words, “quotes”, caf&eacute;, and mojibake: cafÃ© Ã  la crÃ¨me. ";
        let lines = format!("{unit}\n<p>tag</p>\ncaf&eacute;\r\n").repeat(3000);
        let one_line = unit.repeat(4000);
        for text in [lines.as_str(), one_line.as_str(), "", "plain"] {
            for config in [
                TextFixerConfig::default(),
                TextFixerConfig::default().max_decode_length(1000),
            ] {
                let column = ColumnFixer::decide(&config, Scope::String, []);
                let mut pieces = PieceFixer::new(&column);
                let mut slices = 0;
                // Stop after every piece, and go on.
                while !pieces.fix_while(text, || false) {
                    slices += 1;
                }
                // Text of short segments comes in pieces; a segment longer
                // than a piece is one piece.
                let short_segments = text.contains('\n') || config.max_decode_length < 10_000;
                if short_segments && text.len() > 3 * PIECE_BYTES {
                    assert!(slices >= text.len() / PIECE_BYTES - 1, "{slices}");
                }
                let expected = ftfy::fix_text_with(text, &config);
                match pieces.into_fixed() {
                    Some(fixed) => assert_eq!(fixed, expected),
                    None => assert!(matches!(expected, Cow::Borrowed(_))),
                }
            }
        }
    }
}
