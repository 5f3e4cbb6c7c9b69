//! Running programs: the root folder, commands that must succeed, and the
//! tools of `src/bin/`.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A task's outcome: an error is printed, and `cargo xtask` exits non-zero.
pub type Result<T = ()> = std::result::Result<T, Box<dyn std::error::Error>>;

/// Makes the repository's root (the folder above this package) the
/// current folder.
pub fn enter_root() -> Result {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .ok_or("xtask/ has no parent folder")?;
    std::env::set_current_dir(root)?;
    Ok(())
}

/// Runs `command`, printing it first, and fails unless it succeeds.
pub fn run(command: &mut Command) -> Result {
    eprintln!("$ {}", shown(command));
    let status = command
        .status()
        .map_err(|error| format!("cannot run {}: {error}", shown(command)))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{} failed ({status})", shown(command)).into())
    }
}

/// What `command` runs, as a shell would show it.
fn shown(command: &Command) -> String {
    let mut words = vec![command.get_program().to_string_lossy().into_owned()];
    words.extend(
        command
            .get_args()
            .map(|arg| arg.to_string_lossy().into_owned()),
    );
    words.join(" ")
}

/// A `cargo` command. `cargo` and not `$CARGO`, so that a `+toolchain`
/// argument reaches rustup's proxy.
pub fn cargo() -> Command {
    Command::new("cargo")
}

/// Where cargo puts release builds.
pub fn release_folder() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| PathBuf::from("target"), PathBuf::from)
        .join("release")
}

/// Builds the tool `name` (`src/bin/NAME.rs`) in release mode and gives
/// its path.
pub fn build_tool(name: &str) -> Result<PathBuf> {
    run(cargo().args([
        "build",
        "--quiet",
        "--release",
        "-p",
        "xtask",
        "--bin",
        name,
    ]))?;
    Ok(release_folder().join(name))
}

/// Builds the tool `name` and runs it with `args`.
pub fn tool(name: &str, args: &[impl AsRef<OsStr>]) -> Result {
    let binary = build_tool(name)?;
    run(Command::new(binary).args(args))
}
