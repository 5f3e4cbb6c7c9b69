//! The Python tasks: one virtual environment, `.venv`, for every script of
//! `xtask/python/`, and the corpora some scripts read, built when missing.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::run::{run as run_command, Result};

/// The virtual environment, at the root.
const VENV: &str = ".venv";
/// The pinned packages of every script.
const REQUIREMENTS: &str = "xtask/python/requirements.txt";
/// The copy of the requirements `.venv` was last set up from.
const INSTALLED: &str = ".venv/xtask-requirements.txt";
/// The folder of the scripts, the root of their imports.
const SCRIPTS: &str = "xtask/python";
/// The Python the generators need: ftfy 6.3.1's answers and Unicode 14
/// tables are those of Python 3.11.
const VERSION: &str = "3.11";

/// Creates `.venv` if it is missing, installs the pinned packages if they
/// changed since it was set up, and gives the path of its interpreter.
pub fn venv() -> Result<PathBuf> {
    let python = Path::new(VENV).join("bin").join("python");
    if !python.exists() {
        let base = ["python3.11", "python3"]
            .into_iter()
            .find(|candidate| is_version(Path::new(candidate)))
            .ok_or(format!(
                ".venv needs Python {VERSION}: put python{VERSION} on PATH"
            ))?;
        run_command(Command::new(base).args(["-m", "venv", VENV]))?;
    }
    if !is_version(&python) {
        return Err(format!(
            "{VENV} is not Python {VERSION}: remove it, and put python{VERSION} on PATH"
        )
        .into());
    }
    let wanted = fs::read_to_string(REQUIREMENTS)?;
    if fs::read_to_string(INSTALLED).ok().as_deref() != Some(wanted.as_str()) {
        run_command(Command::new(&python).args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "-r",
            REQUIREMENTS,
        ]))?;
        fs::write(INSTALLED, wanted)?;
    }
    Ok(python)
}

/// Whether `python` runs and is Python 3.11.
fn is_version(python: &Path) -> bool {
    Command::new(python)
        .args(["-c", "import sys; print('%d.%d' % sys.version_info[:2])"])
        .output()
        .is_ok_and(|output| String::from_utf8_lossy(&output.stdout).trim() == VERSION)
}

/// Runs the script `module` of `xtask/python/` (`extended.measure` is
/// `xtask/python/extended/measure.py`) with `args`, in `.venv`.
pub fn run(module: &str, args: &[String]) -> Result {
    let python = venv()?;
    run_command(
        Command::new(python)
            .arg("-m")
            .arg(module)
            .args(args)
            .env("PYTHONPATH", SCRIPTS)
            // Some corpora iterate sets of strings: the same hash seed on
            // every run makes the same corpus.
            .env("PYTHONHASHSEED", "0"),
    )
}

/// Runs `module` unless `output` exists.
fn ensure(output: &str, module: &str) -> Result {
    if Path::new(output).exists() {
        return Ok(());
    }
    eprintln!("{output} is missing: writing it");
    run(module, &[])
}

/// The real-text corpus of lingua's test data (`target/language-corpus/`).
pub fn ensure_language_corpus() -> Result {
    ensure("target/language-corpus/sentences.jsonl", "language.corpus")
}

/// Extended recovery's corpora of generated text (`target/extended/`).
pub fn ensure_generated_corpus() -> Result {
    ensure("target/extended/legacy.jsonl", "extended.corpus")
}

/// Extended recovery's corpora of real text (`target/extended/real/`).
pub fn ensure_real_corpus() -> Result {
    ensure_language_corpus()?;
    ensure("target/extended/real/legacy.jsonl", "extended.real_corpus")
}

/// The guess benchmark's files (`target/guess-corpus/`).
pub fn ensure_guess_corpus() -> Result {
    ensure_language_corpus()?;
    ensure("target/guess-corpus/manifest.jsonl", "guess.corpus")
}
