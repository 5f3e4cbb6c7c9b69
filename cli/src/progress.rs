//! A progress line on standard error for long runs, shown only when
//! standard error is a terminal (never in pipes, logs or tests).

use std::io::{self, IsTerminal};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Runs shorter than this show no progress at all.
const QUIET_START: Duration = Duration::from_secs(1);
const REFRESH: Duration = Duration::from_millis(250);

pub struct Progress {
    /// The input size, when known.
    total: Option<u64>,
    /// Bytes read so far, counted by the reading thread.
    read: Arc<AtomicU64>,
    started: Instant,
    last_shown: Option<Instant>,
    enabled: bool,
}

impl Progress {
    /// A progress display, if `wanted` and standard error is a terminal.
    pub fn new(total: Option<u64>, read: Arc<AtomicU64>, wanted: bool) -> Progress {
        Progress {
            total,
            read,
            started: Instant::now(),
            last_shown: None,
            enabled: wanted && io::stderr().is_terminal(),
        }
    }

    /// Shows the progress, if it is time to.
    pub fn update(&mut self) {
        if !self.enabled || self.started.elapsed() < QUIET_START {
            return;
        }
        if self
            .last_shown
            .is_some_and(|shown| shown.elapsed() < REFRESH)
        {
            return;
        }
        self.last_shown = Some(Instant::now());
        let read = self.read.load(Ordering::Relaxed);
        let megabytes = read as f64 / 1e6;
        let rate = megabytes / self.started.elapsed().as_secs_f64();
        let line = match self.total {
            Some(total) if total > 0 => format!(
                "ftfy: {:3.0}% ({megabytes:.0} of {:.0} MB, {rate:.0} MB/s)",
                100.0 * read as f64 / total as f64,
                total as f64 / 1e6
            ),
            _ => format!("ftfy: {megabytes:.0} MB ({rate:.0} MB/s)"),
        };
        eprint!("\r{line}\u{1b}[K");
    }

    /// Clears the progress line, if one was shown.
    pub fn finish(&self) {
        if self.last_shown.is_some() {
            eprint!("\r\u{1b}[K");
        }
    }
}
