//! Breaking arbitrary text and fixing it never panics, never makes the
//! mojibake worse by fixing into nonsense the fixer would change again, and
//! restores text whose UTF-8 was read as Latin-1 when that mojibake is
//! unambiguous (no earlier codec applies, and it looks bad).
#![no_main]

use ftfy::breaker::{break_text_with, Mangle};
use ftfy::codecs::UNDONE_CODECS;
use ftfy::fix_encoding;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (Vec<u8>, &str)| {
    let (choices, text) = input;
    let mangles: Vec<Mangle> = choices
        .iter()
        .take(3)
        .map(|&choice| match choice % 4 {
            0 | 1 => Mangle::Utf8As(UNDONE_CODECS[usize::from(choice / 4) % UNDONE_CODECS.len()]),
            2 => Mangle::NoBreakSpaceToSpace,
            _ => Mangle::StraightenQuotes,
        })
        .collect();
    let Some(broken) = break_text_with(text, &mangles) else { return };
    let fixed = fix_encoding(&broken);
    assert_eq!(fix_encoding(&fixed), fixed, "not a fixed point");
    if let [Mangle::Utf8As(codec)] = mangles[..] {
        let latin_1_first = std::ptr::eq(codec, UNDONE_CODECS[0]);
        if latin_1_first && ftfy::badness::is_bad(&broken) && !ftfy::badness::is_bad(text) && !text.contains('\u{a0}') && !text.contains(' ') {
            assert_eq!(fixed, text, "Latin-1 mojibake not undone");
        }
    }
});
