//! Throughput of the language model (`ftfy::language::score`) on clean
//! multilingual and non-Latin text, and of the document-level encoding
//! guess (`guess_bytes_ranked`) on that text written in a legacy code page
//! (200 bytes, 2 KB, 20 KB of Windows-1252, Windows-1251 and Shift_JIS).
//!
//! Run: `cargo bench --bench language`. For the comparison with chardet
//! and charset-normalizer, see `cargo xtask guess-benchmark`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ftfy::codecs::Codec;
use ftfy_bench_inputs as inputs;

fn scoring(c: &mut Criterion) {
    for (name, text) in inputs::inputs() {
        if !name.starts_with("clean_") {
            continue;
        }
        let mut group = c.benchmark_group(format!("language_{name}"));
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.sample_size(10);
        group.bench_function("score", |b| b.iter(|| ftfy::language::score(&text).bits()));
        group.finish();
    }
}

fn guessing(c: &mut Criterion) {
    let texts = [
        ("windows-1252", "Le café de la société générale était très agréable. Ça marche bien, merci beaucoup à vous.\n"),
        ("windows-1251", "Привет, как дела? Сегодня хорошая погода, и мы пойдём гулять в парк после обеда.\n"),
        ("shift_jis", "日本語のテキストです。今日はいい天気ですね。明日も晴れるでしょう。\n"),
    ];
    for (encoding, line) in texts {
        let bytes = Codec::from_name(encoding)
            .and_then(|codec| codec.encode(line).ok())
            .expect("encodes");
        for size in [200, 2_000, 20_000] {
            let document: Vec<u8> = bytes.iter().copied().cycle().take(size).collect();
            let mut group = c.benchmark_group(format!("guess_{encoding}"));
            group.throughput(Throughput::Bytes(size as u64));
            group.sample_size(10);
            group.bench_function(format!("{size}_bytes"), |b| {
                b.iter(|| ftfy::guess_bytes_ranked(&document).len())
            });
            group.finish();
        }
    }
}

criterion_group!(benches, scoring, guessing);
criterion_main!(benches);
