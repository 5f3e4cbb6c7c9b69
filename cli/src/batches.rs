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
//! With several threads, a reader thread hands numbered batches to
//! whichever worker is free (one queue for all, so that a slow batch holds
//! up no other worker), and the writer puts the results back in input
//! order. The reader may run only so many batches ahead of the writer
//! (it takes a ticket for each, which the writer gives back once the batch
//! is written), so memory stays bounded however uneven the batches. When
//! the writer stops early (a closed pipe, an error), dropping its channels
//! stops the workers and the reader.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::io::Read;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread;

use ftfy::file::{FixFileError, TextBatches};
use ftfy::{
    fix_text_with, DocumentDecision, ExplanationStep, LineState, StreamFixer, TextFixerConfig,
};

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
    /// The input's name in messages: its file name, or "standard input".
    input: &'a str,
    /// The JSON-lines field to fix, if any.
    field: Option<&'a str>,
    explain: Option<Explain>,
}

impl<'a> BatchFixer<'a> {
    pub fn new(
        config: &'a TextFixerConfig,
        input: &'a str,
        field: Option<&'a str>,
        explain: Option<Explain>,
    ) -> BatchFixer<'a> {
        BatchFixer {
            config,
            input,
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
        // (The whole batch at once: in extended recovery its windows of
        // lines are judged together, and say what they were read in.)
        let explained = fixer.fix_lines_explained(&batch.text);
        let mut explanations = String::new();
        for decision in &explained.documents {
            document_into(&mut explanations, batch.first_line, decision, format);
        }
        for (index, plan) in &explained.lines {
            explain_into(
                &mut explanations,
                batch.first_line + *index as u64,
                plan,
                format,
            );
        }
        Fixed {
            end_state: fixer.state(),
            batch,
            text: Some(explained.text),
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
                    .map_err(|error| format!("{}, line {number}: {error}", self.input))?
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

/// Writes what a block of lines was found to be read in, as `--explain`
/// shows it (`lines 1-40: written in windows-1250, read as
/// sloppy-windows-1252 (…)`), lines counted from `first_line`.
fn document_into(out: &mut String, first_line: u64, decision: &DocumentDecision, format: Explain) {
    let (start, end) = (
        first_line + decision.lines.start as u64,
        first_line + decision.lines.end as u64 - 1,
    );
    match format {
        Explain::Text => out.push_str(&format!(
            "lines {start}-{end}: written in {}, read as {} ({:.1} bits of evidence from {} lines, {} against)\n",
            decision.written_in,
            decision.read_as,
            decision.evidence_bits,
            decision.lines_for,
            decision.lines_against
        )),
        Explain::Json => out.push_str(&format!(
            "{{\"lines\":[{start},{end}],\"written_in\":\"{}\",\"read_as\":\"{}\",\"evidence_bits\":{:.1},\"lines_for\":{},\"lines_against\":{}}}\n",
            decision.written_in,
            decision.read_as,
            decision.evidence_bits,
            decision.lines_for,
            decision.lines_against
        )),
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
    // Batches read but not yet written: one per worker at work, and one
    // more each waiting, fixed or to be fixed. A batch of a line-less file
    // is a whole segment (megabytes), so every batch ahead is memory.
    let lead = 2 * jobs;
    thread::scope(|scope| {
        // Room for a batch per worker, so that the reader can read ahead
        // while all are at work; the tickets bound what is in flight.
        let (batch_sender, batch_receiver) = sync_channel::<(u64, Batch)>(jobs);
        // Shared by the workers, and dropped with the last of them, which
        // stops a reader waiting to hand one a batch.
        let batch_receiver = Arc::new(Mutex::new(batch_receiver));
        let (fixed_sender, fixed_receiver) = sync_channel(jobs);
        let (ticket_sender, ticket_receiver) = sync_channel::<()>(lead);
        for _ in 0..lead {
            ticket_sender.send(()).expect("room for every ticket");
        }
        for _ in 0..jobs {
            let batch_receiver = Arc::clone(&batch_receiver);
            let fixed_sender = fixed_sender.clone();
            scope.spawn(move || loop {
                // The lock is held only while waiting for the next batch.
                let next = batch_receiver.lock().map(|receiver| receiver.recv());
                let Ok(Ok((number, batch))) = next else {
                    return; // the reader is done
                };
                if fixed_sender.send((number, fixer.fix(batch))).is_err() {
                    return; // the writer stopped
                }
            });
        }
        // The workers hold the only senders of results and receivers of
        // batches.
        drop(fixed_sender);
        drop(batch_receiver);
        let mut numbering = Numbering::new(fixer);
        let mut writer = Writer {
            fixer,
            state: numbering.state,
            write,
        };
        let reader = scope.spawn(move || -> Result<(), FixFileError> {
            for number in 0.. {
                if ticket_receiver.recv().is_err() {
                    return Ok(()); // the writer stopped
                }
                let Some(text) = batches.next_batch()? else {
                    return Ok(());
                };
                bytes_read.store(batches.bytes_read(), Ordering::Relaxed);
                if batch_sender.send((number, numbering.batch(text))).is_err() {
                    return Ok(()); // the workers stopped
                }
            }
            Ok(())
        });
        let written = write_in_order(fixed_receiver, ticket_sender, &mut writer);
        let read = match reader.join() {
            Ok(read) => read.map_err(read_failure),
            Err(panic) => std::panic::resume_unwind(panic),
        };
        written.and(read)
    })
}

/// Writes the fixed batches that come numbered from the workers in the
/// order of their numbers, giving back a ticket for each, until the
/// workers are done or a batch fails. Returning drops both channels.
fn write_in_order(
    fixed: Receiver<(u64, Result<Fixed, Failure>)>,
    tickets: SyncSender<()>,
    writer: &mut Writer<'_, '_>,
) -> Result<(), Failure> {
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    for (number, result) in fixed {
        waiting.insert(number, result);
        while let Some(result) = waiting.remove(&next) {
            writer.accept(result?)?;
            next += 1;
            // The reader may be done: a ticket it won't take is no matter.
            let _ = tickets.send(());
        }
    }
    Ok(())
}
