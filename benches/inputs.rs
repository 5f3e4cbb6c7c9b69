//! The benchmark inputs, shared by `benches/fix.rs` (criterion) and
//! `examples/throughput.rs` (the side-by-side run against Python ftfy), so
//! both measure the same text. Deterministic: no randomness, no files.

use ftfy::breaker::{break_text, Mangle};
use ftfy::codecs;

const CLEAN_ASCII: &[&str] = &[
    "The quick brown fox jumps over the lazy dog, again and again.",
    "Server 42 restarted at 10:15; all checks passed (3 warnings).",
    "Please find the quarterly report attached -- questions welcome!",
    "user=alice id=1029 status=active plan=pro region=us-east-1",
];

const CLEAN_MULTILINGUAL: &[&str] = &[
    "Le café était fermé à cause de la grève, dit-elle.",
    "Größere Straßen führen über die Brücke nach München.",
    "¿Qué tal? Mañana vamos a la montaña con los niños.",
    "Съешь же ещё этих мягких французских булок, да выпей чаю.",
    "Ξεσκεπάζω την ψυχοφθόρα βδελυγμία στην Αθήνα.",
    "いろはにほへと ちりぬるを、東京の天気は晴れです。",
    "我能吞下玻璃而不伤身体，你好世界。",
    "다람쥐 헌 쳇바퀴에 타고파, 안녕하세요!",
    "Zażółć gęślą jaźń — pchnąć w tę łódź jeża.",
    "नमस्ते दुनिया, आप कैसे हैं? 😀",
];

/// `count` lines cycling through `lines`, each numbered so lines differ.
fn lines(lines: &[&str], count: usize, mangle_every: Option<usize>) -> String {
    let mut text = String::new();
    for i in 0..count {
        let line = format!("{i}: {}", lines[i % lines.len()]);
        let mangled = mangle_every
            .filter(|every| i % every == 0)
            .and_then(|_| break_text(&line, Mangle::Utf8As(&codecs::SLOPPY_WINDOWS_1252)));
        text.push_str(mangled.as_deref().unwrap_or(&line));
        text.push('\n');
    }
    text
}

/// The five inputs, named, each about 1 MB.
pub fn inputs() -> Vec<(&'static str, String)> {
    let multilingual_line = lines(CLEAN_MULTILINGUAL, 10, None).replace('\n', " ");
    vec![
        ("clean_ascii", lines(CLEAN_ASCII, 16_000, None)),
        (
            "clean_multilingual",
            lines(CLEAN_MULTILINGUAL, 12_000, None),
        ),
        (
            "mojibake_1_percent",
            lines(CLEAN_MULTILINGUAL, 12_000, Some(100)),
        ),
        ("mojibake_dense", lines(CLEAN_MULTILINGUAL, 8_000, Some(1))),
        ("one_long_line", multilingual_line.repeat(1_700)),
    ]
}
