//! fix_encoding on arbitrary text: no panic, a fixed point, and its plan
//! replays. Text that is not bad is returned unchanged.
#![no_main]

use ftfy::{apply_plan, fix_encoding, fix_encoding_and_explain, TextFixerConfig};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let fixed = fix_encoding(text);
    if !ftfy::badness::is_bad(text) {
        assert_eq!(fixed, text, "changed text that does not look bad");
    }
    assert_eq!(fix_encoding(&fixed), fixed, "fix_encoding is not a fixed point");
    let explained = fix_encoding_and_explain(text, &TextFixerConfig::default());
    assert_eq!(explained.text, fixed);
    let plan = explained.explanation.unwrap_or_default();
    assert_eq!(apply_plan(text, &plan).as_deref(), Ok(fixed.as_ref()), "plan does not replay");
});
