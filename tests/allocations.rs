//! Clean text costs nothing extra: fixing it allocates nothing and borrows
//! the input. A counting allocator (for this test binary only) sees every
//! allocation made on the test's thread.

use std::alloc::{GlobalAlloc, Layout, System};
use std::borrow::Cow;
use std::cell::Cell;

use ftfy::{fix_encoding, fix_text, fix_text_segment, TextFixerConfig};

struct CountingAllocator;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every call is passed on to the system allocator unchanged; the
// count is a thread-local `Cell`, which neither allocates nor re-enters.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|count| count.set(count.get() + 1));
        // SAFETY: the caller's obligations are those of `System.alloc`.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` above, that is, from `System`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|count| count.set(count.get() + 1));
        // SAFETY: as for `dealloc`, and `new_size` is the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: CountingAllocator = CountingAllocator;

/// How many allocations `work` makes on this thread.
fn allocations(work: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    work();
    ALLOCATIONS.with(Cell::get) - before
}

/// Clean text of many kinds: ASCII, with entities that HTML keeps,
/// Latin, Cyrillic, Greek, CJK, Hangul, Arabic, Devanagari, Thai, Tamil
/// (whose NFC quick check says "maybe"), emoji, in short and long lines.
fn clean_texts() -> Vec<String> {
    let lines = [
        "The quick brown fox jumps over the lazy dog.",
        "<p>AT&amp;T</p>",
        "Le café était fermé à cause de la grève, dit-elle. «Bonjour» — 5 °C",
        "Größere Straßen führen über die Brücke nach München.",
        "Съешь же ещё этих мягких французских булок, да выпей чаю.",
        "Ξεσκεπάζω την ψυχοφθόρα βδελυγμία στην Αθήνα.",
        "我能吞下玻璃而不伤身体、你好世界。東京の天気は晴れです。",
        "다람쥐 헌 쳇바퀴에 타고파, 안녕하세요!",
        "نص حكيم له سر قاطع وذو شأن عظيم",
        "नमस्ते दुनिया, आप कैसे हैं?",
        "เป็นมนุษย์สุดประเสริฐเลิศคุณค่า",
        "வணக்கம் உலகம்",
        "👍 Great job! 🎉",
    ];
    let mut texts: Vec<String> = lines.iter().map(|line| line.to_string()).collect();
    texts.push(lines.join("\n") + "\n");
    texts.push(lines[2..].join(" ").repeat(200));
    texts
}

#[test]
fn clean_text_is_borrowed_without_allocating() {
    let config = TextFixerConfig::default();
    let texts = clean_texts();
    // The first calls build lazily made tables; those allocations are
    // made once per process, not per call.
    for text in &texts {
        fix_text(text);
        fix_encoding(text);
        fix_text_segment(text, &config);
    }
    for text in &texts {
        let mut borrowed = true;
        let count = allocations(|| {
            borrowed &= matches!(fix_text(text), Cow::Borrowed(_));
            borrowed &= matches!(fix_encoding(text), Cow::Borrowed(_));
            borrowed &= matches!(fix_text_segment(text, &config), Cow::Borrowed(_));
            borrowed &= !ftfy::badness::is_bad(text);
        });
        assert!(borrowed, "{text:?} was changed or copied");
        assert_eq!(count, 0, "{text:?} cost {count} allocations");
    }
}

/// The counter works: a fix that changes text is seen to allocate.
#[test]
fn changed_text_is_seen_allocating() {
    fix_text("cafÃ©");
    assert!(allocations(|| drop(fix_text("cafÃ©"))) > 0);
}
