//! `cargo xtask regen`: every generator of a checked-in table or data file,
//! once each, in an order where no generator reads a file that a later one
//! writes.

use std::process::Command;

use clap::Args;

use crate::python;
use crate::run::{cargo, run, Result};

#[derive(Args)]
pub struct Regen {
    /// Afterwards, fail if any checked-in file differs from what its generator made (CI)
    #[arg(long)]
    check: bool,
    /// Only these generators, in the order they run: codec-tables, fix-tables,
    /// python-classes, unicode-categories, widths, badness-vectors, ftfy-test-cases,
    /// cli-cases, python-ftfy-data, alphabets, language-model, library-tables
    generators: Vec<String>,
}

/// How a generator runs.
enum Generator {
    /// A script of `xtask/python/generate/`, run in `.venv`.
    Python(&'static str),
    /// The language model's generator, a workspace of its own.
    LanguageModel,
    /// The tables the library works out from its own code and crates.
    LibraryTables,
}

/// Every generator, by name, in the order they run. The Python scripts
/// come first: they read only Python and its packages (ftfy 6.3.1, CLDR,
/// wcwidth). `alphabets` writes the alphabets the language model's
/// generator compiles in, so it runs before it. The library's own tables
/// come last, as they are worked out from code that reads the codec
/// tables and character classes written above.
const GENERATORS: [(&str, Generator); 12] = [
    ("codec-tables", Generator::Python("generate.codec_tables")),
    ("fix-tables", Generator::Python("generate.fix_tables")),
    (
        "python-classes",
        Generator::Python("generate.python_classes"),
    ),
    (
        "unicode-categories",
        Generator::Python("generate.unicode_categories"),
    ),
    ("widths", Generator::Python("generate.widths")),
    (
        "badness-vectors",
        Generator::Python("generate.badness_vectors"),
    ),
    (
        "ftfy-test-cases",
        Generator::Python("generate.ftfy_test_cases"),
    ),
    ("cli-cases", Generator::Python("generate.cli_cases")),
    (
        "python-ftfy-data",
        Generator::Python("generate.python_ftfy_data"),
    ),
    ("alphabets", Generator::Python("generate.alphabets")),
    ("language-model", Generator::LanguageModel),
    ("library-tables", Generator::LibraryTables),
];

/// The packages whose unit tests named `generated_*` write their tables
/// when `FTFY_REGENERATE` is set: the core's, then extended recovery's
/// per-character table, made from the core's codecs as compiled.
const LIBRARY: &str = "ftfy-core";
const EXTENDED: &str = "ftfy-extended";
/// The library's table that is made from its other tables as compiled in
/// (the pre-scan's, from NFC's, the badness rules' and the undone codecs'):
/// it is written after the others, by a second build that includes them.
const LAST_TABLE: &str = "generated_scan_table";

impl Regen {
    pub fn run(self) -> Result {
        for wanted in &self.generators {
            if !GENERATORS.iter().any(|(name, _)| name == wanted) {
                return Err(
                    format!("no generator named {wanted} (see cargo xtask regen --help)").into(),
                );
            }
        }
        for (name, generator) in &GENERATORS {
            if !self.generators.is_empty() && !self.generators.iter().any(|wanted| wanted == name) {
                continue;
            }
            eprintln!("== {name}");
            match generator {
                Generator::Python(module) => python::run(module, &[])?,
                Generator::LanguageModel => language_model()?,
                Generator::LibraryTables => library_tables()?,
            }
        }
        run(cargo().args(["fmt", "--all"]))?;
        if self.check {
            run(Command::new("git").args(["diff", "--stat", "--exit-code"]))
                .map_err(|_| "the files above differ from what their generators make")?;
        }
        Ok(())
    }
}

/// `crates/extended/src/language/model.bin` and `model_table.rs`, from lingua's 75 model
/// crates (pinned by `xtask/language-model/Cargo.lock`; the first run
/// downloads them). Built in `target/language-model/`.
fn language_model() -> Result {
    run(cargo().args([
        "run",
        "--quiet",
        "--release",
        "--locked",
        "--manifest-path",
        "xtask/language-model/Cargo.toml",
        "--target-dir",
        "target/language-model",
    ]))
}

/// The library's tables worked out from its own code: each test named
/// `generated_*` writes its table when `FTFY_REGENERATE` is set. The
/// core's in two builds, each table written once: the others, then the
/// one made from them; then extended recovery's.
fn library_tables() -> Result {
    let test = |package: &str| {
        let mut command = cargo();
        command
            .args(["test", "--quiet", "-p", package, "--lib", "--"])
            .env("FTFY_REGENERATE", "1");
        command
    };
    run(test(LIBRARY).args(["generated_", "--skip", LAST_TABLE]))?;
    run(test(LIBRARY).arg(LAST_TABLE))?;
    run(test(EXTENDED).arg("generated_"))
}
