//! Hunts for slow inputs: a short pattern (the fuzz input's first few
//! characters, after a first byte that picks the mode: odd for extended
//! recovery, even for the default), repeated into one line, on which
//! `fix_text`'s work grows faster than the line or costs far more per
//! byte than ordinary text ([`SLOWDOWN`]: about 20 MB/s in a plain release
//! build). What it finds joins the adversarial inputs of `benches/inputs/`.
//!
//! Wall time can't be trusted on a shared machine, so nothing is reported
//! on one measurement:
//!
//! - Bytes allocated, counted by a wrapping allocator, are deterministic:
//!   if the long line (4× the short) allocates more than [`ALLOCATION_GROWTH`]
//!   times as much per byte, the work is quadratic (a step copying the
//!   whole line once per fix), and that is reported at once.
//! - Time is the thread's CPU time (on Linux; the clock elsewhere), the
//!   least of several runs, the short line, the long line and ordinary
//!   text taking turns so that what load remains slows them alike, judged
//!   by ratios against generous bounds (time per byte growing
//!   [`TIME_GROWTH`]× from the short line to the long, or [`SLOWDOWN`]×
//!   ordinary text's), and a pattern is reported only if every one of
//!   [`CONFIRMATIONS`] fresh measurements, spread over a while, agrees.
//!
//! ```text
//! cd fuzz && cargo +nightly fuzz run slow_input -- -max_total_time=300
//! ```
//!
//! (A saved input's first byte is its mode: `printf '\001ﬁ'` is the
//! pattern `ﬁ` in the extended mode.)
//!
//! Add `-fork=1 -ignore_crashes=1` to keep hunting after a finding.
#![no_main]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::Duration;

use ftfy::{fix_text_with, TextFixerConfig};
use libfuzzer_sys::fuzz_target;

/// The system allocator, counting the bytes asked for.
struct Counting;

static ALLOCATED: AtomicU64 = AtomicU64::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATED.fetch_add(layout.size() as u64, Ordering::Relaxed);
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATED.fetch_add(new_size as u64, Ordering::Relaxed);
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Longest pattern, in characters: longer ones are ordinary text.
const PATTERN_CHARS: usize = 8;
/// The short line's size; the long line is four times as long. Small
/// enough that a quadratic pattern still finishes in a second or so.
const SHORT_BYTES: usize = 2 * 1024;
/// Linear work keeps allocation per byte within a factor of about 2
/// (vectors doubling); quadratic work multiplies it by 4.
const ALLOCATION_GROWTH: f64 = 3.0;
/// Linear work keeps time per byte the same (or lower: fixed costs
/// spread thinner); quadratic work multiplies it by 4.
const TIME_GROWTH: f64 = 3.0;
/// Time per byte this many times ordinary text's is a finding: ordinary
/// text runs at about 700 MB/s in a plain release build, so this is about
/// 20 MB/s there, the least speed any input should have. (A ratio, not a
/// speed: the fuzzer's instrumented build runs everything several times
/// slower.)
const SLOWDOWN: f64 = 35.0;
/// Patterns already in `benches/inputs/` and still reported, skipped
/// (with their rotations) so the hunt goes on to new ones: U+FFFD
/// between line separators is re-encoded whole by every sloppy codec at
/// each step (`hunt_separator_replacement`). Remove one when it is
/// fixed.
const KNOWN: &[&str] = &["\u{2028}‹\u{fffd}"];

/// Whether `pattern` repeated is a line of a known slow pattern.
fn known(pattern: &str) -> bool {
    KNOWN.iter().any(|known| {
        let chars: Vec<char> = known.chars().collect();
        (0..chars.len()).any(|turn| {
            let rotation: String = chars[turn..].iter().chain(&chars[..turn]).collect();
            let mut rest = pattern;
            while let Some(after) = rest.strip_prefix(rotation.as_str()) {
                rest = after;
            }
            rest.is_empty() || (rotation.starts_with(rest) && rest.len() < pattern.len())
        })
    })
}

/// Fresh measurements that must all agree before a time is reported.
const CONFIRMATIONS: usize = 3;

/// The bytes allocated by one run of `fix_text` on `text`, per byte.
fn allocated(text: &str, config: &TextFixerConfig) -> f64 {
    let before = ALLOCATED.load(Ordering::Relaxed);
    std::hint::black_box(fix_text_with(text, config));
    (ALLOCATED.load(Ordering::Relaxed) - before) as f64 / text.len() as f64
}

/// The CPU time this thread has used, in seconds: unlike the clock, it
/// stands still while other processes run, so load does not slow a run
/// down (a slow pattern's long runs would be interrupted more often than
/// ordinary text's short ones, and their least times would not compare).
#[cfg(target_os = "linux")]
fn cpu_seconds() -> f64 {
    #[repr(C)]
    struct Timespec {
        seconds: i64,
        nanoseconds: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
    }
    /// Linux's `CLOCK_THREAD_CPUTIME_ID`.
    const THREAD_CPU_TIME: i32 = 3;
    let mut time = Timespec {
        seconds: 0,
        nanoseconds: 0,
    };
    // SAFETY: `time` is a valid `struct timespec` (two 64-bit fields on
    // the 64-bit targets libFuzzer runs on) for the call to fill.
    let status = unsafe { clock_gettime(THREAD_CPU_TIME, &mut time) };
    assert_eq!(status, 0, "clock_gettime failed");
    time.seconds as f64 + time.nanoseconds as f64 * 1e-9
}

/// Elsewhere, the clock, since the process started.
#[cfg(not(target_os = "linux"))]
fn cpu_seconds() -> f64 {
    static START: OnceLock<std::time::Instant> = OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed().as_secs_f64()
}

/// The least time of `fix_text` on each of `texts`, in ns per byte, the
/// texts taking turns so that a burst of load from other processes slows
/// them alike (it is their ratios that are judged).
fn times(texts: [&str; 3], config: &TextFixerConfig) -> [f64; 3] {
    let mut least = [f64::INFINITY; 3];
    for _ in 0..5 {
        for (text, least) in texts.iter().zip(&mut least) {
            let started = cpu_seconds();
            std::hint::black_box(fix_text_with(text, config));
            *least = least.min((cpu_seconds() - started) * 1e9 / text.len() as f64);
        }
    }
    least
}

/// Why `fix_text` looks slow by the clock on `short` and `long` (the same
/// pattern repeated, `long` four times as long), if it does.
fn slow_by_time(short: &str, long: &str, config: &TextFixerConfig) -> Option<String> {
    static ORDINARY: OnceLock<String> = OnceLock::new();
    let ordinary = ORDINARY.get_or_init(|| {
        let line = "Le café était fermé, dit-elle. Съешь же ещё этих булок. 東京の天気は晴れです。\n";
        line.repeat(long.len() / line.len() + 1)
    });
    let [short_time, long_time, ordinary_time] = times([short, long, ordinary], config);
    if std::env::var_os("SLOW_INPUT_VERBOSE").is_some() {
        eprintln!(
            "ns per byte: {short_time:.1} short, {long_time:.1} long, {ordinary_time:.2} ordinary"
        );
    }
    if long_time > TIME_GROWTH * short_time {
        Some(format!(
            "time per byte grows with the line: {short_time:.1} ns on {} bytes, {long_time:.1} ns on {}",
            short.len(),
            long.len()
        ))
    } else if long_time > SLOWDOWN * ordinary_time {
        Some(format!(
            "{long_time:.1} ns per byte, ordinary text {ordinary_time:.2} ns"
        ))
    } else {
        None
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, text)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    let pattern: String = text.chars().take(PATTERN_CHARS).collect();
    if pattern.is_empty() || known(&pattern) {
        return;
    }
    let config = TextFixerConfig::default().extended_recovery(mode % 2 == 1);
    let short = pattern.repeat(SHORT_BYTES.div_ceil(pattern.len()));
    let long = pattern.repeat(4 * SHORT_BYTES.div_ceil(pattern.len()));

    // A first run builds the tables made on first use, which must not
    // count as the work of either line.
    for text in [&short, &long] {
        std::hint::black_box(fix_text_with(text, &config));
    }
    let short_allocated = allocated(&short, &config);
    let long_allocated = allocated(&long, &config);
    assert!(
        long_allocated <= ALLOCATION_GROWTH * short_allocated.max(1.0),
        "allocation per byte grows with the line: {short_allocated:.1} bytes on {} bytes, \
         {long_allocated:.1} on {}; pattern {pattern:?}",
        short.len(),
        long.len()
    );

    if slow_by_time(&short, &long, &config).is_some() {
        // Spread over a while, so that one burst of load can't confirm.
        let reasons: Vec<Option<String>> = (0..CONFIRMATIONS)
            .map(|_| {
                std::thread::sleep(Duration::from_millis(50));
                slow_by_time(&short, &long, &config)
            })
            .collect();
        if reasons.iter().all(Option::is_some) {
            let mode = if config.extended_recovery { "extended" } else { "default" };
            panic!("slow pattern {pattern:?} in the {mode} mode: {reasons:?}");
        }
    }
});
