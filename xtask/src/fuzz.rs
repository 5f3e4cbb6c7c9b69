//! `cargo xtask fuzz`: seeds the corpora of the cargo-fuzz targets
//! (`fuzz/`) with the inputs of the golden cases, then runs each target
//! for a while on nightly Rust.

use clap::Args;

use crate::python;
use crate::run::{cargo, run, Result};

#[derive(Args)]
pub struct Fuzz {
    /// How long to run each target
    #[arg(long, default_value_t = 20)]
    seconds: u32,
    /// Targets to run [default: every target but slow_input, whose findings are work for the
    /// benchmarks, not regressions]
    targets: Vec<String>,
}

/// The target that hunts for slow inputs (docs/testing.md#fuzzing).
const SLOW_INPUT: &str = "slow_input";

impl Fuzz {
    pub fn run(self) -> Result {
        python::run("checks.fuzz_seeds", &[])?;
        let installed = cargo()
            .args(["fuzz", "--version"])
            .output()
            .is_ok_and(|output| output.status.success());
        if !installed {
            run(cargo().args(["install", "cargo-fuzz", "--locked", "--quiet"]))?;
        }
        let targets = if self.targets.is_empty() {
            let listed = cargo().args(["+nightly", "fuzz", "list"]).output()?;
            if !listed.status.success() {
                return Err("cargo +nightly fuzz list failed: is nightly Rust installed?".into());
            }
            String::from_utf8(listed.stdout)?
                .lines()
                .filter(|target| *target != SLOW_INPUT)
                .map(str::to_owned)
                .collect()
        } else {
            self.targets
        };
        for target in &targets {
            run(cargo().args([
                "+nightly",
                "fuzz",
                "run",
                target,
                "--",
                &format!("-max_total_time={}", self.seconds),
                "-rss_limit_mb=2048",
            ]))?;
        }
        Ok(())
    }
}
