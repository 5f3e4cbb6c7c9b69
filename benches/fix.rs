//! Throughput of fix_text, fix_encoding and is_bad on the inputs of
//! `ftfy-bench-inputs` (`benches/inputs/`): ordinary text (clean ASCII in
//! short and long lines, clean multilingual and non-Latin text, short
//! multilingual lines with 1% mojibake, dense mojibake, one very long
//! line), and the adversarial long lines of one repeated pattern, with
//! fix_text only.
//!
//! `fix_text_extended` is the same call in the extended mode
//! (`TextFixerConfig::extended_recovery`), on every input.
//!
//! Run: `cargo bench`, or `cargo bench -- adversarial` for one group. For
//! the comparison with Python ftfy and plsfix, see `cargo xtask
//! side-by-side`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ftfy::{fix_encoding_with, fix_text_with, TextFixerConfig};
use ftfy_bench_inputs as inputs;

fn ordinary(c: &mut Criterion) {
    let config = TextFixerConfig::default();
    let extended = TextFixerConfig::default().extended_recovery(true);
    for (name, text) in inputs::inputs() {
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.sample_size(20);
        group.bench_function("fix_text", |b| b.iter(|| fix_text_with(&text, &config)));
        group.bench_function("fix_text_extended", |b| {
            b.iter(|| fix_text_with(&text, &extended))
        });
        // Lines split beforehand, as for ftfy in `cargo xtask side-by-side`.
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        group.bench_function("fix_encoding_per_line", |b| {
            b.iter(|| {
                lines
                    .iter()
                    .map(|line| fix_encoding_with(line, &config).len())
                    .sum::<usize>()
            })
        });
        group.bench_function("is_bad_per_line", |b| {
            b.iter(|| {
                lines
                    .iter()
                    .filter(|line| ftfy::badness::is_bad(line))
                    .count()
            })
        });
        group.finish();
    }
}

fn adversarial(c: &mut Criterion) {
    let config = TextFixerConfig::default();
    let mut group = c.benchmark_group("adversarial");
    group.sample_size(10);
    for (name, text) in inputs::adversarial() {
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(name, |b| b.iter(|| fix_text_with(&text, &config)));
    }
    group.finish();
}

/// The adversarial inputs in the extended mode, in a group of their own:
/// some take seconds a run there.
fn adversarial_extended(c: &mut Criterion) {
    let config = TextFixerConfig::default().extended_recovery(true);
    let mut group = c.benchmark_group("adversarial_extended");
    group.sample_size(10);
    for (name, text) in inputs::adversarial() {
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(name, |b| b.iter(|| fix_text_with(&text, &config)));
    }
    group.finish();
}

criterion_group!(benches, ordinary, adversarial, adversarial_extended);
criterion_main!(benches);
