//! `cargo xtask command-speed`: the `ftfy` command on a large file, with
//! one thread and with two, for each shape of line ending: wall time,
//! throughput, peak memory and CPU (GNU time's report), and whether the
//! two outputs are the same.
//!
//! What to look for: peak memory bounded for every shape (the command
//! streams whatever the line endings), identical outputs, and `-j 2` near
//! twice `-j 1` on a machine with two idle cores.

use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::Command;

use clap::Args;

use crate::python;
use crate::run::{cargo, release_folder, run, Result};
use crate::target;

#[derive(Args)]
pub struct CommandSpeed {
    /// The size of the generated input, in MB (MiB, as are the MB/s)
    #[arg(default_value_t = 1024)]
    size_mb: u64,
    /// Line endings to time, of lf, cr, u2028 (line separators) and none (no break at all)
    #[arg(default_values = ["lf", "cr", "u2028", "none"])]
    shapes: Vec<String>,
}

/// One run of the command, as GNU time reports it.
struct Measured {
    seconds: f64,
    peak_rss_mb: f64,
    cpu: String,
    output: PathBuf,
}

impl CommandSpeed {
    pub fn run(self) -> Result {
        run(cargo().args([
            "build",
            "--quiet",
            "--release",
            "-p",
            "ftfy-cli",
            "--bin",
            "ftfy",
        ]))?;
        let binary = release_folder().join("ftfy");
        let mut args = vec![self.size_mb.to_string()];
        args.extend(self.shapes.iter().cloned());
        python::run("speed.command_input", &args)?;
        println!("| shape | `-j 1` | `-j 2` | peak RSS, `-j 1` / `-j 2` | CPU, `-j 1` / `-j 2` | outputs |");
        println!("| --- | ---: | ---: | ---: | ---: | --- |");
        for shape in &self.shapes {
            let input = target(&format!("command-speed/{}MB_{shape}.txt", self.size_mb));
            let megabytes = fs::metadata(&input)?.len() as f64 / f64::from(1 << 20);
            let one = measure(&binary, &input, 1)?;
            let two = measure(&binary, &input, 2)?;
            let same = fs::read(&one.output)? == fs::read(&two.output)?;
            for output in [&one.output, &two.output] {
                fs::remove_file(output)?;
            }
            let rate =
                |m: &Measured| format!("{:.2} s ({:.0} MB/s)", m.seconds, megabytes / m.seconds);
            println!(
                "| {shape} | {} | {} | {:.1} / {:.1} MB | {} / {} | {} |",
                rate(&one),
                rate(&two),
                one.peak_rss_mb,
                two.peak_rss_mb,
                one.cpu,
                two.cpu,
                if same { "identical" } else { "DIFFERENT" }
            );
        }
        Ok(())
    }
}

/// `ftfy -j JOBS INPUT`, its output written to a file in `target/`.
fn measure(binary: &Path, input: &Path, jobs: u32) -> Result<Measured> {
    let report = target(&format!("command-speed/time-{jobs}.txt"));
    let output = target(&format!("command-speed/output-{jobs}.txt"));
    run(Command::new("/usr/bin/time")
        .arg("-v")
        .arg("-o")
        .arg(&report)
        .arg(binary)
        .args(["-j", &jobs.to_string()])
        .arg(input)
        .stdout(File::create(&output)?))?;
    let report = fs::read_to_string(&report)?;
    let field = |name: &str| {
        report
            .lines()
            .find_map(|line| line.trim().strip_prefix(name))
            .and_then(|rest| rest.rsplit(": ").next())
            .map(str::to_owned)
            .ok_or(format!("GNU time's report has no {name:?}"))
    };
    // "h:mm:ss" or "m:ss.ss".
    let seconds = field("Elapsed (wall clock) time")?
        .split(':')
        .try_fold(0.0, |total, part| {
            part.parse::<f64>().map(|value| total * 60.0 + value)
        })?;
    let peak_rss_kb: f64 = field("Maximum resident set size")?.parse()?;
    Ok(Measured {
        seconds,
        peak_rss_mb: peak_rss_kb / 1024.0,
        cpu: field("Percent of CPU this job got")?,
        output,
    })
}
