//! ftfy's toolbox: `cargo xtask TASK` (the alias is in `.cargo/config.toml`).
//!
//! Every generator, every check against ftfy 6.3.1 beyond `cargo test`,
//! every measurement and every corpus builder is a task here; `cargo xtask
//! --help` lists them. A task runs in the repository's root, whatever the
//! folder it is started from, so paths given to it are relative to the
//! root.
//!
//! Tasks written in Python (`xtask/python/`, whose packages are the oracle
//! ftfy 6.3.1 and the data the corpora come from) run in one virtual
//! environment, `.venv` at the root, which a task creates from
//! `xtask/python/requirements.txt` when it is missing or out of date. The
//! programs the tasks and the Python scripts run are the binaries of this
//! package (`src/bin/`), built in release mode.

mod callgrind;
mod command_speed;
mod fuzz;
mod python;
mod regen;
mod run;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser};

use crate::run::Result;

/// ftfy's toolbox: generators, checks against ftfy 6.3.1, measurements and
/// corpus builders. Tasks marked (args) pass what follows to their script
/// or tool: `cargo xtask TASK --help` shows its options.
#[derive(Parser)]
#[command(name = "cargo xtask", bin_name = "cargo xtask")]
enum Task {
    /// Run every generator (or the named ones) once; --check fails if a checked-in file changes
    Regen(regen::Regen),
    /// Check this crate against ftfy 6.3.1 on the differential corpus (args: --sample N, ...)
    #[command(disable_help_flag = true)]
    Differential(Passthrough),
    /// Check every expected value of golden/*.toml against ftfy 6.3.1
    Golden,
    /// Check explain_unicode and the display widths against ftfy 6.3.1
    Utilities,
    /// Seed the fuzz corpora with the golden inputs and fuzz each target for a while
    Fuzz(fuzz::Fuzz),
    /// Speed side by side with ftfy 6.3.1 and plsfix on the benchmark inputs (args)
    #[command(disable_help_flag = true)]
    SideBySide(Passthrough),
    /// Count instructions a byte (callgrind) on benchmark inputs: repeatable on a busy machine
    Instructions(callgrind::Instructions),
    /// Time the ftfy command on a large file with -j 1 and -j 2: speed, memory, same output
    CommandSpeed(command_speed::CommandSpeed),
    /// Hunt for inputs that fix_text is slow on, without the fuzzer (args: PATTERNS SEED, optional)
    #[command(disable_help_flag = true)]
    HuntSlow(Passthrough),
    /// Time fix_text called once per short string, as Python users call it (args: FILE, and RUNS for a profiler)
    #[command(disable_help_flag = true)]
    PerString(Passthrough),
    /// Write the benchmarks' message corpora (benches/inputs/data/)
    BenchMessages,
    /// Write extended recovery's corpora of generated text (target/extended/)
    ExtendedCorpus,
    /// Write extended recovery's corpora of real text (target/extended/real/)
    ExtendedRealCorpus,
    /// Measure extended recovery: false positives, recovery, ftfy's cases (args: --real, a PART)
    #[command(disable_help_flag = true)]
    ExtendedMeasure(Passthrough),
    /// Write golden/extended.toml, extended recovery's golden cases
    ExtendedGolden,
    /// Run extended recovery's independent false-positive checks (names, odd-text, fresh-latin)
    FalsePositives(FalsePositives),
    /// Count extended recovery's cost on clean text in instructions (callgrind)
    ExtendedCost(callgrind::ExtendedCost),
    /// Write the real-text corpus of lingua's test data (target/language-corpus/)
    LanguageCorpus,
    /// Evaluate the language model on real text, development and held out (args)
    #[command(disable_help_flag = true)]
    LanguageEval(Passthrough),
    /// Write the guess benchmark's files in every encoding (target/guess-corpus/)
    GuessCorpus,
    /// Guess the encoding of files beside chardet and charset-normalizer (args)
    #[command(disable_help_flag = true)]
    GuessBenchmark(Passthrough),
    /// Create or update .venv, the one virtual environment of the Python tasks
    Venv,
}

/// The arguments of a task that hands them to its script or tool.
#[derive(Args)]
struct Passthrough {
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    args: Vec<String>,
}

#[derive(Args)]
struct FalsePositives {
    /// One check (names, odd-text or fresh-latin; all three when left out)
    check: Option<String>,
    /// Its arguments (names: COUNT; odd-text: SEED...; fresh-latin: COUNT SEED)
    args: Vec<String>,
}

fn main() -> ExitCode {
    let task = Task::parse();
    match run::enter_root().and_then(|()| dispatch(task)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("cargo xtask: {error}");
            ExitCode::FAILURE
        }
    }
}

fn dispatch(task: Task) -> Result {
    match task {
        Task::Regen(regen) => regen.run(),
        Task::Differential(Passthrough { args }) => python::run("differential.run", &args),
        Task::Golden => python::run("checks.golden", &[]),
        Task::Utilities => python::run("checks.utilities", &[]),
        Task::Fuzz(fuzz) => fuzz.run(),
        Task::SideBySide(Passthrough { args }) => python::run("speed.side_by_side", &args),
        Task::Instructions(instructions) => instructions.run(),
        Task::CommandSpeed(command_speed) => command_speed.run(),
        Task::HuntSlow(Passthrough { args }) => run::tool("hunt_slow", &args),
        Task::PerString(Passthrough { args }) => run::tool("per_string", &args),
        Task::BenchMessages => python::run("speed.bench_messages", &[]),
        Task::ExtendedCorpus => python::run("extended.corpus", &[]),
        Task::ExtendedRealCorpus => {
            python::ensure_language_corpus()?;
            python::run("extended.real_corpus", &[])
        }
        Task::ExtendedMeasure(Passthrough { args }) => {
            if args.iter().any(|arg| arg == "--real") {
                python::ensure_real_corpus()?;
            } else {
                python::ensure_generated_corpus()?;
            }
            python::run("extended.measure", &args)
        }
        Task::ExtendedGolden => python::run("extended.golden", &[]),
        Task::FalsePositives(checks) => checks.run(),
        Task::ExtendedCost(cost) => cost.run(),
        Task::LanguageCorpus => python::run("language.corpus", &[]),
        Task::LanguageEval(Passthrough { args }) => {
            python::ensure_language_corpus()?;
            python::run("language.evaluate", &args)
        }
        Task::GuessCorpus => {
            python::ensure_language_corpus()?;
            python::run("guess.corpus", &[])
        }
        Task::GuessBenchmark(Passthrough { args }) => {
            python::ensure_guess_corpus()?;
            python::run("guess.benchmark", &args)
        }
        Task::Venv => python::venv().map(|path| println!("{}", path.display())),
    }
}

impl FalsePositives {
    /// The checks, each a script of `xtask/python/extended/` that exits
    /// non-zero when it changes a clean string.
    const CHECKS: [(&'static str, &'static str); 3] = [
        ("names", "extended.names"),
        ("odd-text", "extended.odd_text"),
        ("fresh-latin", "extended.fresh_latin"),
    ];

    fn run(self) -> Result {
        let chosen: Vec<_> = Self::CHECKS
            .iter()
            .filter(|(name, _)| self.check.as_deref().is_none_or(|check| check == *name))
            .collect();
        if chosen.is_empty() {
            let names: Vec<&str> = Self::CHECKS.iter().map(|(name, _)| *name).collect();
            return Err(format!("no check named {:?}: {}", self.check, names.join(", ")).into());
        }
        // Every check runs, whatever the one before found.
        let failed: Vec<&str> = chosen
            .into_iter()
            .filter(|(_, module)| python::run(module, &self.args).is_err())
            .map(|(name, _)| *name)
            .collect();
        if failed.is_empty() {
            Ok(())
        } else {
            Err(format!("changed clean text: {}", failed.join(", ")).into())
        }
    }
}

/// A path under `target/`.
fn target(path: &str) -> PathBuf {
    PathBuf::from("target").join(path)
}
