//! fix_text on arbitrary text and configurations (extended recovery
//! among them): no panic, idempotent, its plan replays, and NFC output
//! when NFC is asked for.
#![no_main]

use ftfy::{apply_plan, fix_and_explain, fix_text_with, Normalization, TextFixerConfig, UnescapeHtml};
use libfuzzer_sys::fuzz_target;
use unicode_normalization::is_nfc;

fuzz_target!(|input: (u16, &str)| {
    let (flags, text) = input;
    let bit = |n: u16| flags & (1 << n) != 0;
    let config = TextFixerConfig::default()
        .unescape_html(if bit(0) { UnescapeHtml::Always } else if bit(1) { UnescapeHtml::Never } else { UnescapeHtml::Auto })
        .fix_encoding(!bit(2))
        .restore_byte_a0(!bit(3))
        .replace_lossy_sequences(!bit(4))
        .decode_inconsistent_utf8(!bit(5))
        .fix_c1_controls(!bit(6))
        .uncurl_quotes(!bit(7))
        .fix_line_breaks(!bit(8))
        .remove_control_chars(!bit(9))
        .fix_character_width(!bit(10))
        .remove_terminal_escapes(!bit(11))
        .normalization(if bit(12) { Some(Normalization::Nfkc) } else if bit(13) { None } else { Some(Normalization::Nfc) })
        .extended_recovery(bit(14));

    let once = fix_text_with(text, &config);
    if text.split('\n').all(|line| line.chars().count() < config.max_decode_length) {
        assert_eq!(fix_text_with(&once, &config), once, "not idempotent");
    }
    if config.normalization == Some(Normalization::Nfc) {
        assert!(is_nfc(&once), "output is not NFC");
    }
    let explained = fix_and_explain(text, &config);
    let plan = explained.explanation.unwrap_or_default();
    assert_eq!(apply_plan(text, &plan).as_deref(), Ok(explained.text.as_str()), "plan does not replay");
});
