//! Fixing batches of text, on one thread or several.
//!
//! Batches end where `fix_text` ends a segment, so each can be fixed on
//! its own from the [`LineState`] before it. That state is predicted from
//! the input (which holds a `<` or not) so that workers need not wait for
//! each other; the writer, which sees batches in order, knows the true
//! state and fixes a batch again in the rare case the prediction was wrong
//! (fixing made or removed a line's only `<`). So the output is
//! `fix_text_with` of the whole input, for any number of threads.
//!
//! With several threads, a reader thread deals batches out to the workers
//! in turn, each over its own bounded channel; the writer collects the
//! results from the workers in the same turn, so batches come out in input
//! order without any reordering buffer. When the writer stops early (a
//! closed pipe, an error), dropping its channels stops the workers, and
//! theirs stop the reader.

use std::borrow::Cow;
use std::io::Read;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::sync_channel;
use std::thread;

use ftfy::file::{FixFileError, TextBatches};
use ftfy::{fix_text_with, ExplanationStep, LineState, StreamFixer, TextFixerConfig};

use super::jsonl;
use super::{read_failure, Failure};

/// How `--explain` prints plans.
#[derive(Clone, Copy)]
pub enum Explain {
    /// `line 3: [('encode', 'sloppy-windows-1252'), ('decode', 'utf-8')]`
    Text,
    /// `{"line":3,"plan":[["encode","sloppy-windows-1252"],["decode","utf-8"]]}`
    Json,
}

/// A batch of input text in order.
pub struct Batch {
    /// The number of the batch's first line, counting from 1.
    first_line: u64,
    /// The state before the batch, as predicted from the input before it.
    predicted_state: LineState,
    text: String,
}

/// A fixed batch, and the plans that `--explain` prints for it.
pub struct Fixed {
    /// The input, kept to fix it again if its predicted state was wrong.
    batch: Batch,
    /// The fixed text, or `None` when it is the input.
    text: Option<String>,
    explanations: String,
    /// The state after the batch.
    end_state: LineState,
}

impl Fixed {
    /// The fixed text.
    pub fn text(&self) -> &str {
        self.text.as_deref().unwrap_or(&self.batch.text)
    }

    /// The plans of `--explain`, ready to print.
    pub fn explanations(&self) -> &str {
        &self.explanations
    }
}

/// Numbers batches and their lines, and predicts the state before each.
struct Numbering {
    next_line: u64,
    state: LineState,
    counts_lines: bool,
}

impl Numbering {
    fn new(fixer: &BatchFixer<'_>) -> Numbering {
        Numbering {
            next_line: 1,
            state: LineState::start(fixer.config),
            counts_lines: fixer.field.is_some() || fixer.explain.is_some(),
        }
    }

    fn batch(&mut self, text: String) -> Batch {
        let batch = Batch {
            first_line: self.next_line,
            predicted_state: self.state,
            text,
        };
        if self.counts_lines {
            self.next_line += batch.text.bytes().filter(|&b| b == b'\n').count() as u64;
        }
        self.state = self.state.predicted_after(&batch.text);
        batch
    }
}

/// What to do to each batch.
pub struct BatchFixer<'a> {
    config: &'a TextFixerConfig,
    /// The JSON-lines field to fix, if any.
    field: Option<&'a str>,
    explain: Option<Explain>,
}

impl<'a> BatchFixer<'a> {
    pub fn new(
        config: &'a TextFixerConfig,
        field: Option<&'a str>,
        explain: Option<Explain>,
    ) -> BatchFixer<'a> {
        BatchFixer {
            config,
            field,
            explain,
        }
    }

    fn fix(&self, batch: Batch) -> Result<Fixed, Failure> {
        let state = batch.predicted_state;
        self.fix_from(batch, state)
    }

    /// Fixes `batch` from the state `state`.
    fn fix_from(&self, batch: Batch, state: LineState) -> Result<Fixed, Failure> {
        match self.field {
            Some(field) => self.fix_records(batch, field),
            None => Ok(self.fix_lines(batch, state)),
        }
    }

    fn fix_lines(&self, batch: Batch, state: LineState) -> Fixed {
        let mut fixer = StreamFixer::resume(self.config, state);
        let Some(format) = self.explain else {
            let text = match fixer.fix_lines(&batch.text) {
                Cow::Owned(fixed) => Some(fixed),
                Cow::Borrowed(_) => None,
            };
            return Fixed {
                batch,
                text,
                explanations: String::new(),
                end_state: fixer.state(),
            };
        };
        let mut text = String::with_capacity(batch.text.len());
        let mut explanations = String::new();
        for (number, line) in (batch.first_line..).zip(batch.text.split_inclusive('\n')) {
            let before = fixer.clone();
            let fixed = fixer.fix_lines(line);
            if fixed != line {
                explain_into(
                    &mut explanations,
                    number,
                    &before.explain_segment(line),
                    format,
                );
            }
            text.push_str(&fixed);
        }
        Fixed {
            end_state: fixer.state(),
            batch,
            text: Some(text),
            explanations,
        }
    }

    /// Fixes one field of each JSON record on its own: no state is carried
    /// between records.
    fn fix_records(&self, batch: Batch, field: &str) -> Result<Fixed, Failure> {
        let mut text = String::with_capacity(batch.text.len());
        let mut explanations = String::new();
        for (number, line) in (batch.first_line..).zip(batch.text.split_inclusive('\n')) {
            let body = line.trim_end_matches(['\n', '\r']);
            let fix = |value: &str| {
                let fixed = fix_text_with(value, self.config);
                if let (Some(format), Cow::Owned(_)) = (self.explain, &fixed) {
                    let plan = StreamFixer::new(self.config).explain_segment(value);
                    explain_into(&mut explanations, number, &plan, format);
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
        Ok(Fixed {
            end_state: batch.predicted_state,
            batch,
            text: Some(text),
            explanations,
        })
    }
}

/// Writes a plan as `--explain` shows it.
fn explain_into(out: &mut String, line: u64, plan: &[ExplanationStep], format: Explain) {
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
                jsonl::write_string(step.action().name(), out);
                out.push(',');
                jsonl::write_string(step.parameter_name(), out);
                out.push(']');
            }
            out.push_str("]}\n");
        }
    }
}

/// Receives fixed batches in input order and writes them, fixing again a
/// batch whose predicted state was wrong.
struct Writer<'w, 'f> {
    fixer: &'w BatchFixer<'f>,
    /// The true state after the batches written so far.
    state: LineState,
    write: &'w mut dyn FnMut(&Fixed) -> Result<(), Failure>,
}

impl Writer<'_, '_> {
    fn accept(&mut self, fixed: Fixed) -> Result<(), Failure> {
        let fixed = if fixed.batch.predicted_state == self.state {
            fixed
        } else {
            self.fixer.fix_from(fixed.batch, self.state)?
        };
        self.state = fixed.end_state;
        (self.write)(&fixed)
    }
}

/// Reads, fixes and writes every batch on this thread.
pub fn run_sequential<R: Read>(
    mut batches: TextBatches<R>,
    fixer: &BatchFixer<'_>,
    bytes_read: &AtomicU64,
    write: &mut dyn FnMut(&Fixed) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let mut numbering = Numbering::new(fixer);
    let mut writer = Writer {
        fixer,
        state: numbering.state,
        write,
    };
    while let Some(text) = batches.next_batch().map_err(read_failure)? {
        bytes_read.store(batches.bytes_read(), Ordering::Relaxed);
        writer.accept(fixer.fix(numbering.batch(text))?)?;
    }
    Ok(())
}

/// Reads on one thread, fixes on `jobs` threads, and writes on this one,
/// in input order.
pub fn run_parallel<R: Read + Send>(
    mut batches: TextBatches<R>,
    fixer: &BatchFixer<'_>,
    jobs: usize,
    bytes_read: &AtomicU64,
    write: &mut dyn FnMut(&Fixed) -> Result<(), Failure>,
) -> Result<(), Failure> {
    thread::scope(|scope| {
        let mut to_workers = Vec::with_capacity(jobs);
        let mut from_workers = Vec::with_capacity(jobs);
        for _ in 0..jobs {
            // Hand-offs, not queues: a batch of a line-less file is a whole
            // segment (megabytes), and every batch waiting in a queue is
            // memory. The reader and the writer keep the workers busy.
            let (batch_sender, batch_receiver) = sync_channel::<Batch>(0);
            let (fixed_sender, fixed_receiver) = sync_channel(0);
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
        let mut numbering = Numbering::new(fixer);
        let mut writer = Writer {
            fixer,
            state: numbering.state,
            write,
        };
        let reader = scope.spawn(move || -> Result<(), FixFileError> {
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
            if let Err(failure) = fixed.and_then(|fixed| writer.accept(fixed)) {
                written = Err(failure);
                break;
            }
        }
        drop(from_workers);
        let read = match reader.join() {
            Ok(read) => read.map_err(read_failure),
            Err(panic) => std::panic::resume_unwind(panic),
        };
        written.and(read)
    })
}
