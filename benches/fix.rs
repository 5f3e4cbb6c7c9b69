//! Throughput of fix_text and fix_encoding on the five inputs of
//! `benches/inputs.rs`: clean ASCII, clean multilingual text, text with 1%
//! mojibake lines, dense mojibake, and one very long line.
//!
//! Run: `cargo bench`. For the comparison with Python ftfy, see
//! `scripts/side_by_side.py`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ftfy::{fix_encoding_with, fix_text_with, TextFixerConfig};

mod inputs;

fn throughput(c: &mut Criterion) {
    let config = TextFixerConfig::default();
    for (name, text) in inputs::inputs() {
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.sample_size(20);
        group.bench_function("fix_text", |b| b.iter(|| fix_text_with(&text, &config)));
        group.bench_function("fix_encoding_per_line", |b| {
            b.iter(|| {
                text.split_inclusive('\n')
                    .map(|line| fix_encoding_with(line, &config).len())
                    .sum::<usize>()
            })
        });
        group.finish();
    }
}

criterion_group!(benches, throughput);
criterion_main!(benches);
