//! Fixing batches of lines, on one thread or several.
//!
//! With several threads, a reader thread numbers the batches and deals
//! them out to the workers in turn, each over its own bounded channel; the
//! writer collects the results from the workers in the same turn, so
//! batches come out in input order without any reordering buffer. When the
//! writer stops early (a closed pipe, an error), dropping its channels
//! stops the workers, and theirs stop the reader.

use std::borrow::Cow;
use std::io::Read;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::sync_channel;
use std::thread;

use ftfy::file::{FixFileError, LineBatches};
use ftfy::{fix_and_explain, fix_text_with, StreamFixer, TextFixerConfig, UnescapeHtml};

use super::jsonl;
use super::Failure;

/// How `--explain` prints plans.
#[derive(Clone, Copy)]
pub enum Explain {
    /// `line 3: [('encode', 'sloppy-windows-1252'), ('decode', 'utf-8')]`
    Text,
    /// `{"line":3,"plan":[["encode","sloppy-windows-1252"],["decode","utf-8"]]}`
    Json,
}

/// A batch of input lines in order.
pub struct Batch {
    /// The number of the batch's first line, counting from 1.
    first_line: u64,
    /// Whether a line before the batch held a `<` (the auto-HTML rule).
    saw_tag_before: bool,
    text: String,
}

/// A fixed batch, and the plans that `--explain` prints for it.
pub struct Fixed {
    pub text: String,
    pub explanations: String,
}

/// Numbers batches and their lines, and carries the auto-HTML rule across
/// batches, so that workers can fix each batch on its own.
struct Numbering {
    next_line: u64,
    saw_tag: bool,
    counts_lines: bool,
}

impl Numbering {
    fn new(fixer: &BatchFixer<'_>) -> Numbering {
        Numbering {
            next_line: 1,
            saw_tag: false,
            counts_lines: fixer.field.is_some() || fixer.explain.is_some(),
        }
    }

    fn batch(&mut self, text: String) -> Batch {
        let batch = Batch {
            first_line: self.next_line,
            saw_tag_before: self.saw_tag,
            text,
        };
        if self.counts_lines {
            self.next_line += batch.text.bytes().filter(|&b| b == b'\n').count() as u64;
        }
        // One scan per batch until the first `<`, then none.
        self.saw_tag = self.saw_tag || batch.text.contains('<');
        batch
    }
}

/// What to do to each batch.
pub struct BatchFixer<'a> {
    config: &'a TextFixerConfig,
    /// The JSON-lines field to fix, if any.
    field: Option<&'a str>,
    explain: Option<Explain>,
    /// The configurations `fix_and_explain` explains a line with, before
    /// and after a line held `<`.
    explaining: TextFixerConfig,
    explaining_after_tag: TextFixerConfig,
}

impl<'a> BatchFixer<'a> {
    pub fn new(
        config: &'a TextFixerConfig,
        field: Option<&'a str>,
        explain: Option<Explain>,
    ) -> BatchFixer<'a> {
        let explaining = config.clone().explain(true);
        let explaining_after_tag = if config.unescape_html == UnescapeHtml::Auto {
            explaining.clone().unescape_html(UnescapeHtml::Never)
        } else {
            explaining.clone()
        };
        BatchFixer {
            config,
            field,
            explain,
            explaining,
            explaining_after_tag,
        }
    }

    fn fix(&self, batch: Batch) -> Result<Fixed, Failure> {
        match self.field {
            Some(field) => self.fix_records(batch, field),
            None => Ok(self.fix_lines(batch)),
        }
    }

    fn fix_lines(&self, batch: Batch) -> Fixed {
        let mut fixer = StreamFixer::after(self.config, batch.saw_tag_before);
        let Some(format) = self.explain else {
            let text = match fixer.fix_lines(&batch.text) {
                Cow::Owned(fixed) => fixed,
                Cow::Borrowed(_) => batch.text,
            };
            return Fixed {
                text,
                explanations: String::new(),
            };
        };
        let mut text = String::with_capacity(batch.text.len());
        let mut explanations = String::new();
        let mut saw_tag = batch.saw_tag_before;
        for (number, line) in (batch.first_line..).zip(batch.text.split_inclusive('\n')) {
            let fixed = fixer.fix_lines(line);
            if fixed != line {
                let config = if saw_tag {
                    &self.explaining_after_tag
                } else {
                    &self.explaining
                };
                explain_into(&mut explanations, number, line, config, format);
            }
            saw_tag |= line.contains('<');
            text.push_str(&fixed);
        }
        Fixed { text, explanations }
    }

    fn fix_records(&self, batch: Batch, field: &str) -> Result<Fixed, Failure> {
        let mut text = String::with_capacity(batch.text.len());
        let mut explanations = String::new();
        for (number, line) in (batch.first_line..).zip(batch.text.split_inclusive('\n')) {
            let body = line.trim_end_matches(['\n', '\r']);
            let fix = |value: &str| {
                let fixed = fix_text_with(value, self.config);
                if let (Some(format), Cow::Owned(_)) = (self.explain, &fixed) {
                    explain_into(&mut explanations, number, value, &self.explaining, format);
                }
                fixed.into_owned()
            };
            let fixed = if body.trim().is_empty() {
                Cow::Borrowed(body)
            } else {
                jsonl::fix_record(body, field, self.config.fix_surrogates, fix)
                    .map_err(|error| format!("line {number}: {error}"))?
            };
            text.push_str(&fixed);
            text.push_str(&line[body.len()..]);
        }
        Ok(Fixed { text, explanations })
    }
}

/// Writes the plan that fixes `text` as `--explain` shows it.
fn explain_into(
    out: &mut String,
    line: u64,
    text: &str,
    config: &TextFixerConfig,
    format: Explain,
) {
    let plan = fix_and_explain(text, config)
        .explanation
        .unwrap_or_default();
    match format {
        Explain::Text => {
            let steps: Vec<String> = plan.iter().map(ToString::to_string).collect();
            out.push_str(&format!("line {line}: [{}]\n", steps.join(", ")));
        }
        Explain::Json => {
            out.push_str(&format!("{{\"line\":{line},\"plan\":["));
            for (index, step) in plan.iter().enumerate() {
                if index > 0 {
                    out.push(',');
                }
                out.push('[');
                jsonl::write_string(step.action.name(), out);
                out.push(',');
                jsonl::write_string(step.parameter, out);
                out.push(']');
            }
            out.push_str("]}\n");
        }
    }
}

/// Reads, fixes and writes every batch on this thread.
pub fn run_sequential<R: Read>(
    mut batches: LineBatches<R>,
    fixer: &BatchFixer<'_>,
    bytes_read: &AtomicU64,
    write: &mut dyn FnMut(Fixed) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let mut numbering = Numbering::new(fixer);
    while let Some(text) = batches.next_batch()? {
        bytes_read.store(batches.bytes_read(), Ordering::Relaxed);
        write(fixer.fix(numbering.batch(text))?)?;
    }
    Ok(())
}

/// Reads on one thread, fixes on `jobs` threads, and writes on this one,
/// in input order.
pub fn run_parallel<R: Read + Send>(
    mut batches: LineBatches<R>,
    fixer: &BatchFixer<'_>,
    jobs: usize,
    bytes_read: &AtomicU64,
    write: &mut dyn FnMut(Fixed) -> Result<(), Failure>,
) -> Result<(), Failure> {
    thread::scope(|scope| {
        let mut to_workers = Vec::with_capacity(jobs);
        let mut from_workers = Vec::with_capacity(jobs);
        for _ in 0..jobs {
            let (batch_sender, batch_receiver) = sync_channel::<Batch>(1);
            let (fixed_sender, fixed_receiver) = sync_channel(1);
            scope.spawn(move || {
                for batch in batch_receiver {
                    if fixed_sender.send(fixer.fix(batch)).is_err() {
                        return; // the writer stopped
                    }
                }
            });
            to_workers.push(batch_sender);
            from_workers.push(fixed_receiver);
        }
        let reader = scope.spawn(move || -> Result<(), FixFileError> {
            let mut numbering = Numbering::new(fixer);
            for worker in to_workers.iter().cycle() {
                let Some(text) = batches.next_batch()? else {
                    return Ok(());
                };
                bytes_read.store(batches.bytes_read(), Ordering::Relaxed);
                if worker.send(numbering.batch(text)).is_err() {
                    return Ok(()); // the writer stopped
                }
            }
            Ok(())
        });
        let mut written = Ok(());
        for worker in from_workers.iter().cycle() {
            // A closed channel means the reader ran out of batches.
            let Ok(fixed) = worker.recv() else { break };
            if let Err(failure) = fixed.and_then(&mut *write) {
                written = Err(failure);
                break;
            }
        }
        drop(from_workers);
        let read = match reader.join() {
            Ok(read) => read.map_err(Failure::from),
            Err(panic) => std::panic::resume_unwind(panic),
        };
        written.and(read)
    })
}
