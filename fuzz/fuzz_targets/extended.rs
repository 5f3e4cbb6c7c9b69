//! fix_encoding in extended recovery mode on arbitrary text: no panic, a
//! fixed point, and its plan replays.
#![no_main]

use ftfy::{apply_plan, fix_encoding_and_explain, fix_encoding_with, TextFixerConfig};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let config = TextFixerConfig::default().extended_recovery(true);
    let fixed = fix_encoding_with(text, &config);
    assert_eq!(
        fix_encoding_with(&fixed, &config),
        fixed,
        "extended fix_encoding is not a fixed point"
    );
    let explained = fix_encoding_and_explain(text, &config);
    assert_eq!(explained.text, fixed);
    let plan = explained.explanation.unwrap_or_default();
    assert_eq!(apply_plan(text, &plan).as_deref(), Ok(fixed.as_ref()), "plan does not replay");
});
