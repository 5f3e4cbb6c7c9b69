//! Instruction counts under callgrind, which other load on a shared machine
//! does not change: the way to compare two versions of a hot path.
//!
//! Each count is a difference of two runs of a tool that differ only in
//! how many times they repeat the work, so that start-up, reading the
//! input and the first call's table building drop out.

use std::ffi::OsStr;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use clap::Args;

use crate::python;
use crate::run::{build_tool, run, Result};
use crate::target;

#[derive(Args)]
pub struct Instructions {
    /// The function: fix_text on the whole input, or fix_encoding or is_bad line by line
    #[arg(short, long, default_value = "fix_text")]
    function: String,
    /// Inputs of benches/inputs/ (`target/release/throughput --list` names them)
    #[arg(required = true)]
    names: Vec<String>,
}

impl Instructions {
    /// For each input, the instructions of one run of the function less
    /// those of none (`throughput --once`), over the input's bytes.
    pub fn run(self) -> Result {
        let throughput = build_tool("throughput")?;
        let data = target("bench-data");
        run(Command::new(&throughput).arg("--write").arg(&data))?;
        for name in &self.names {
            let bytes = fs::metadata(data.join(format!("{name}.txt")))
                .map_err(|_| format!("no input named {name}"))?
                .len();
            let count = |runs: &str| {
                let args = [OsStr::new("--once"), data.as_os_str()];
                let more = [name, &self.function, runs].map(OsStr::new);
                instructions(&throughput, args.iter().chain(&more))
            };
            let one = count("1")?;
            let none = count("0")?;
            println!(
                "{name} {}: {:.1} instructions a byte",
                self.function,
                one.saturating_sub(none) as f64 / bytes as f64
            );
        }
        Ok(())
    }
}

#[derive(Args)]
pub struct ExtendedCost {
    /// JSON lines with a `text` field [default: the clean messages of the
    /// real-text corpus, target/extended/real/messages.jsonl, written when missing]
    corpus: Option<PathBuf>,
    /// The functions to count
    #[arg(short, long, default_values = ["fix_text", "fix_encoding"])]
    function: Vec<String>,
}

impl ExtendedCost {
    /// For each function, the instructions of two passes over the corpus
    /// less those of one, in the default mode and in extended recovery.
    pub fn run(self) -> Result {
        let corpus = match self.corpus {
            Some(corpus) => corpus,
            None => real_messages()?,
        };
        let tool = build_tool("extended_cost")?;
        let passes = |passes: &str, function: &str| {
            let args = [corpus.as_os_str(), OsStr::new("--passes")];
            let more = [passes, function].map(OsStr::new);
            instructions(&tool, args.iter().chain(&more))
        };
        let lines = fs::read_to_string(&corpus)?.lines().count();
        println!("{}: {lines} lines", corpus.display());
        for function in &self.function {
            let extended_function = format!("extended-{function}");
            let default = passes("2", function)?.saturating_sub(passes("1", function)?);
            let extended =
                passes("2", &extended_function)?.saturating_sub(passes("1", &extended_function)?);
            println!(
                "{function}: default {} M, extended {} M instructions a pass, ratio {:.2}",
                default / 1_000_000,
                extended / 1_000_000,
                extended as f64 / default as f64
            );
        }
        Ok(())
    }
}

/// The clean messages (lingua's words, word pairs and sentences, both
/// splits) of extended recovery's real-text corpus, one per line.
fn real_messages() -> Result<PathBuf> {
    let messages = target("extended/real/messages.jsonl");
    if !messages.exists() {
        python::ensure_real_corpus()?;
        let clean = fs::read_to_string(target("extended/real/clean.jsonl"))?;
        let kept: String = clean
            .lines()
            .filter(|line| line.contains(r#""source": "message""#))
            .map(|line| format!("{line}\n"))
            .collect();
        fs::write(&messages, kept)?;
    }
    Ok(messages)
}

/// The instructions `program` executes with `args`, as callgrind counts
/// them.
fn instructions<'a>(program: &Path, args: impl Iterator<Item = &'a &'a OsStr>) -> Result<u64> {
    // callgrind's own output goes to a file in target/ (not /dev/null,
    // which some machines lack as a device).
    let out = target(&format!("callgrind.out.{}", std::process::id()));
    let output = Command::new("valgrind")
        .arg("--tool=callgrind")
        .arg(format!("--callgrind-out-file={}", out.display()))
        .arg(program)
        .args(args)
        .output()
        .map_err(|error| format!("cannot run valgrind (is it installed?): {error}"))?;
    let _ = fs::remove_file(&out);
    let report = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        return Err(format!("callgrind failed: {report}").into());
    }
    // callgrind's summary: "==PID== Collected : N" and "I   refs:      N".
    let refs = report
        .lines()
        .find_map(|line| line.split_once("refs:").map(|(_, count)| count.trim()))
        .ok_or_else(|| format!("no instruction count in callgrind's report: {report}"))?;
    Ok(refs.replace(',', "").parse()?)
}
