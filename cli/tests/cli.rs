//! Runs the `ftfy` binary: every case of `tests/data/cli_cases.toml`
//! (expected outputs from ftfy 6.3.1, written by
//! `xtask/python/generate/cli_cases.py`), the output file, pipes, threads,
//! and each kind of bad input.

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde::Deserialize;

fn ftfy() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ftfy"))
}

/// Runs the binary with `args` on `stdin`.
fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = ftfy()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the ftfy binary runs");
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    // Write on a thread, so that a large input cannot deadlock with the
    // output filling its pipe.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

fn stdout(output: &Output) -> &str {
    std::str::from_utf8(&output.stdout).expect("UTF-8 output")
}

fn stderr(output: &Output) -> &str {
    std::str::from_utf8(&output.stderr).expect("UTF-8 errors")
}

/// A fresh directory for one test's files.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ftfy-cli-{}-{test}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// The files in `dir`, by name.
fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[derive(Deserialize)]
struct Cases {
    case: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    name: String,
    args: Vec<String>,
    stdin: Option<String>,
    stdin_hex: Option<String>,
    stdout: String,
    stderr: Option<String>,
}

fn from_hex(hex: &str) -> Vec<u8> {
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
        .collect()
}

#[test]
fn cases_from_ftfy() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/cli_cases.toml");
    let cases: Cases = toml::from_str(&fs::read_to_string(path).unwrap()).unwrap();
    assert!(cases.case.len() >= 40);
    let mut failures = Vec::new();
    for case in &cases.case {
        let input = match (&case.stdin, &case.stdin_hex) {
            (Some(text), None) => text.as_bytes().to_vec(),
            (None, Some(hex)) => from_hex(hex),
            _ => panic!("{}: give stdin or stdin_hex", case.name),
        };
        // Each case runs on one thread and on three, which must agree.
        for jobs in ["1", "3"] {
            let mut args: Vec<&str> = case.args.iter().map(String::as_str).collect();
            if !args.contains(&"-j") {
                args.extend(["-j", jobs]);
            }
            let output = run(&args, &input);
            let problem = if !output.status.success() {
                Some(format!("failed: {}", stderr(&output)))
            } else if stdout(&output) != case.stdout {
                Some(format!(
                    "stdout {:?}, expected {:?}",
                    stdout(&output),
                    case.stdout
                ))
            } else if case.stderr.as_deref().unwrap_or("") != stderr(&output) {
                Some(format!(
                    "stderr {:?}, expected {:?}",
                    stderr(&output),
                    case.stderr
                ))
            } else {
                None
            };
            if let Some(problem) = problem {
                failures.push(format!(
                    "{} (ftfy {}): {problem}",
                    case.name,
                    args.join(" ")
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn reads_a_file_and_writes_a_file() {
    let dir = scratch("files");
    let input = dir.join("in.txt");
    let output = dir.join("out.txt");
    fs::write(&input, "cafÃ©\nâœ” No problems\n").unwrap();
    let run = run(
        &[input.to_str().unwrap(), "-o", output.to_str().unwrap()],
        b"",
    );
    assert!(run.status.success(), "{}", stderr(&run));
    assert_eq!(run.stdout, b"");
    // From ftfy 6.3.1: `ftfy in.txt -o out.txt`.
    assert_eq!(
        fs::read_to_string(&output).unwrap(),
        "café\n✔ No problems\n"
    );
    assert_eq!(files_in(&dir), ["in.txt", "out.txt"]);
    // An existing output is replaced.
    fs::write(&input, "naÃ¯ve\n").unwrap();
    let run = ftfy()
        .args([
            input.to_str().unwrap(),
            "--output",
            output.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(run.status.success());
    assert_eq!(fs::read_to_string(&output).unwrap(), "naïve\n");
    assert_eq!(files_in(&dir), ["in.txt", "out.txt"]);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn prints_its_version_and_help() {
    let version = ftfy().arg("--version").output().unwrap();
    assert!(version.status.success());
    assert_eq!(
        stdout(&version).trim(),
        format!("ftfy {}", env!("CARGO_PKG_VERSION"))
    );
    let help = ftfy().arg("--help").output().unwrap();
    assert!(help.status.success());
    let help = stdout(&help);
    assert!(help.contains(
        "ftfy [-h] [-o OUTPUT] [-g] [-e ENCODING] [-n NORMALIZATION] [--preserve-entities]"
    ));
    for flag in [
        "--no-uncurl-quotes",
        "--no-fix-encoding",
        "--unescape-html",
        "--max-decode-length",
        "--explain-format",
        "--jsonl",
        "--jobs",
        "--explain-unicode",
    ] {
        assert!(help.contains(flag), "{flag} missing from --help");
    }
}

/// `--explain-unicode TEXT` prints what the seeds print for their table
/// flip (the golden case `explain-table-flip`, checked against ftfy 6.3.1).
#[test]
fn explains_unicode() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../golden/utilities.toml");
    let golden: toml::Table = toml::from_str(&fs::read_to_string(path).unwrap()).unwrap();
    let case = golden["case"]
        .as_array()
        .unwrap()
        .iter()
        .find(|case| case["name"].as_str() == Some("explain-table-flip"))
        .expect("the golden table-flip case");
    let output = ftfy()
        .args(["--explain-unicode", case["input"].as_str().unwrap()])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), case["explain_unicode"].as_str().unwrap());

    let both = ftfy()
        .args(["--explain-unicode", "x", "file.txt"])
        .output()
        .unwrap();
    assert!(
        !both.status.success(),
        "a file and --explain-unicode conflict"
    );
}

/// A few MB of lines: clean multilingual text, mojibake, HTML entities
/// before and after the first tag, long and short lines, CRLF.
fn generated_input(megabytes: usize) -> String {
    let lines = [
        "The quick brown fox jumps over the lazy dog.\n",
        "cafÃ© crÃ¨me, naÃ¯ve faÃ§ade\n",
        "Съешь же ещё этих мягких французских булок\n",
        "日本語のテキストと中文 and ASCII\n",
        "â€œquotedâ€\u{9d} &amp; entities &eacute;\n",
        "ＬＯＵＤ　ＮＯＩＳＥＳ and ﬁne ligatures\r\n",
        "\n",
        "The Mona Lisa doesnÃƒÂ¢Ã¢â€šÂ¬Ã¢â€žÂ¢t have eyebrows.\n",
    ];
    let mut text = String::new();
    let mut index = 0usize;
    while text.len() < megabytes << 20 {
        text.push_str(lines[index % lines.len()]);
        if index % 97 == 0 {
            text.push_str(&"long line of words ".repeat(index % 1000));
            text.push('\n');
        }
        // The first tag turns entity decoding off for the rest.
        if index == 40_000 {
            text.push_str("<p>a tag &amp; more</p>\n");
        }
        index += 1;
    }
    text
}

#[test]
fn threads_give_the_same_output() {
    let input = generated_input(6);
    let one = run(&["-j", "1"], input.as_bytes());
    assert!(one.status.success(), "{}", stderr(&one));
    // The library on the whole input is the contract.
    assert_eq!(stdout(&one), ftfy::fix_text(&input));
    for args in [&["-j", "2"][..], &["-j", "3", "--batch-bytes", "65536"]] {
        let many = run(args, input.as_bytes());
        assert!(many.status.success(), "{}", stderr(&many));
        assert!(many.stdout == one.stdout, "ftfy {args:?} differs from -j 1");
    }
    // No progress display when standard error is not a terminal.
    assert_eq!(stderr(&one), "");
}

#[test]
fn explains_in_order_on_many_threads() {
    let input = generated_input(3);
    let explain = |jobs| {
        run(
            &["--explain", "-j", jobs, "--batch-bytes", "100000"],
            input.as_bytes(),
        )
    };
    let (one, many) = (explain("1"), explain("4"));
    assert!(one.status.success() && many.status.success());
    assert!(!one.stderr.is_empty());
    assert!(one.stderr == many.stderr, "--explain differs with -j 4");
    assert!(one.stdout == many.stdout);
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let dir = scratch("pipe");
    let input = dir.join("big.txt");
    fs::write(&input, generated_input(8)).unwrap();
    for jobs in ["1", "2"] {
        let mut child = ftfy()
            .args([input.to_str().unwrap(), "-j", jobs])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Read a little, as `head` would, and close the pipe.
        let mut stdout = child.stdout.take().unwrap();
        let mut start = [0; 100];
        stdout.read_exact(&mut start).unwrap();
        drop(stdout);
        let mut errors = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut errors)
            .unwrap();
        let status = child.wait().unwrap();
        assert!(status.success(), "-j {jobs}: {status}, {errors}");
        assert_eq!(errors, "", "-j {jobs}");
    }
    fs::remove_dir_all(dir).unwrap();
}

/// Asserts that a run failed with a message on standard error laid out
/// as ftfy's (`ftfy error:` on a line of its own, then one line) and
/// holding each of `words`.
fn assert_fails_with(output: &Output, words: &[&str]) {
    assert!(!output.status.success());
    let message = stderr(output);
    assert!(message.starts_with("ftfy error:\n"), "{message:?}");
    assert_eq!(message.lines().count(), 2, "{message:?}");
    for word in words {
        assert!(message.contains(word), "{message:?} lacks {word:?}");
    }
}

/// Asserts that a run failed with ftfy's message for input that does not
/// decode, naming the encoding and holding each of `words`.
fn assert_undecodable(output: &Output, encoding: &str, words: &[&str]) {
    assert!(!output.status.success());
    let message = stderr(output);
    let opening = format!(
        "ftfy error:\nThis input couldn't be decoded as '{encoding}'. We got the following error:\n\n    "
    );
    assert!(message.starts_with(&opening), "{message:?}");
    assert!(
        message.ends_with("such as `ftfy -e latin-1`.\n"),
        "{message:?}"
    );
    for word in words {
        assert!(message.contains(word), "{message:?} lacks {word:?}");
    }
}

#[test]
fn invalid_utf8_names_the_offset_and_the_way_out() {
    let input = b"fine line\ncaf\xe9\n";
    for jobs in ["1", "2"] {
        let output = run(&["-j", jobs], input);
        // Standard input cannot be read again to quote the line as
        // Python would: the offset counts from the input's start.
        assert_undecodable(&output, "utf-8", &["offset 13"]);
        // The lines before the bad one are out, as with ftfy.
        assert_eq!(stdout(&output), "fine line\n");
    }
    // So do other encodings, and bytes cut short at the end.
    assert_undecodable(
        &run(&["-e", "windows-1252"], b"ok \x81"),
        "windows-1252",
        &["offset 3"],
    );
    assert_undecodable(
        &run(&["-e", "utf-16le"], b"o\x00k\x00\x00\xdc"),
        "utf-16le",
        &["offset 4"],
    );
    assert_undecodable(
        &run(&["-e", "shift_jis"], b"ok\n\x82"),
        "shift_jis",
        &["offset 3"],
    );
    assert_undecodable(
        &run(&["-g", "--ftfy-guess"], b"\xff\xfeo\x00k"),
        "utf-16",
        &["offset 4"],
    );
    // The document guess reads bytes that do not decode as U+FFFD, unless
    // told otherwise.
    let replaced = run(&["-g"], b"\xff\xfeo\x00k");
    assert!(replaced.status.success(), "{replaced:?}");
    // (The last byte is half a UTF-16 unit.)
    assert_eq!(stdout(&replaced), "o\u{fffd}");
    assert_undecodable(
        &run(&["-g", "--errors", "strict"], b"\xff\xfeo\x00k"),
        "utf-16",
        &["offset 4"],
    );
}

#[test]
fn a_file_that_is_not_utf16_gets_pythons_error_for_it() {
    // Python: open(path, "rb").read().decode("utf-16") on these 71 bytes.
    let dir = scratch("utf16");
    let path = dir.join("file.txt");
    fs::write(&path, format!("{}\n", "x".repeat(70))).unwrap();
    assert_undecodable(
        &run(&["-e", "utf-16", path.to_str().unwrap()], b""),
        "utf-16",
        &["'utf-16-le' codec can't decode byte 0x0a in position 70: truncated data"],
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn invalid_utf8_after_many_batches_keeps_every_line_before_it() {
    // Workers finish small batches out of order; the writer still puts
    // out every line before the bad byte, in order, and nothing after.
    let mut input = Vec::new();
    for number in 0..20_000 {
        input.extend_from_slice(format!("line {number} is plain ASCII\n").as_bytes());
    }
    let good = input.len();
    input.extend_from_slice(b"caf\xe9\n");
    input.extend_from_slice(b"after the bad byte\n");
    for jobs in ["1", "2", "3"] {
        let output = run(&["-j", jobs, "--batch-bytes", "4096"], &input);
        assert_undecodable(&output, "utf-8", &[&format!("offset {}", good + 3)]);
        assert!(stdout(&output).as_bytes() == &input[..good], "-j {jobs}");
    }
}

#[test]
fn bad_input_leaves_no_output_file() {
    let dir = scratch("partial");
    let input = dir.join("in.txt");
    let output = dir.join("out.txt");
    let mut bytes = "cafÃ©\n".repeat(500_000).into_bytes();
    bytes.extend_from_slice(b"bad \xff byte\n");
    fs::write(&input, &bytes).unwrap();
    let run = run(
        &[input.to_str().unwrap(), "-o", output.to_str().unwrap()],
        b"",
    );
    // A file is read again to quote the bad line as Python would.
    assert_undecodable(
        &run,
        "utf-8",
        &["can't decode byte 0xff in position 4: invalid start byte"],
    );
    assert_eq!(files_in(&dir), ["in.txt"]);
    // An existing output file is left as it was.
    fs::write(&output, "precious").unwrap();
    let again = ftfy()
        .args([input.to_str().unwrap(), "-o", output.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!again.status.success());
    assert_eq!(fs::read_to_string(&output).unwrap(), "precious");
    assert_eq!(files_in(&dir), ["in.txt", "out.txt"]);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn one_line_errors() {
    let dir = scratch("errors");
    let missing = dir.join("missing.txt");
    assert_fails_with(
        &run(&[missing.to_str().unwrap()], b""),
        &["cannot open", "missing.txt"],
    );
    assert_fails_with(&run(&[dir.to_str().unwrap()], b""), &["is a directory"]);
    assert_fails_with(
        &run(&["-e", "klingon"], b"text\n"),
        &["unknown encoding 'klingon'"],
    );
    assert_fails_with(
        &run(&["-n", "NFX"], b"text\n"),
        &["unknown normalization 'NFX'"],
    );
    let input = dir.join("in.txt");
    fs::write(&input, "cafÃ©\n").unwrap();
    let same = run(
        &[input.to_str().unwrap(), "-o", input.to_str().unwrap()],
        b"",
    );
    assert_fails_with(&same, &["same file"]);
    assert_eq!(fs::read_to_string(&input).unwrap(), "cafÃ©\n");
    // The same file by another path.
    let other_path = dir.join(".").join("in.txt");
    let same = run(
        &[input.to_str().unwrap(), "-o", other_path.to_str().unwrap()],
        b"",
    );
    assert_fails_with(&same, &["same file"]);
    let no_dir = dir.join("no/such/dir/out.txt");
    assert_fails_with(
        &run(&["-o", no_dir.to_str().unwrap()], b"x\n"),
        &["cannot create"],
    );
    assert_eq!(files_in(&dir), ["in.txt"]);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn invalid_json_lines_name_the_line() {
    let input = "{\"text\": \"cafÃ©\"}\n\n{\"text\": \"ok\"}\n{\"text\": oops}\n";
    for jobs in ["1", "2"] {
        let output = run(&["--jsonl", "text", "-j", jobs], input.as_bytes());
        assert_fails_with(&output, &["standard input, line 4"]);
    }
    let output = run(&["--jsonl", "text"], b"[1, 2]\n");
    assert_fails_with(&output, &["standard input, line 1: not a JSON object"]);
    // A file is named.
    let dir = scratch("jsonl-name");
    let path = dir.join("j.jsonl");
    fs::write(&path, "{\"text\": \"a\"}\n{}\n[3]\n").unwrap();
    let output = run(&["--jsonl", "text", path.to_str().unwrap()], b"");
    let expected = format!("{}, line 3: not a JSON object", path.display());
    assert_fails_with(&output, &[expected.as_str()]);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn output_to_a_pipe_or_device_is_written_where_it_is() {
    // A FIFO stands for /dev/null and the like: renaming a file over it
    // would replace it.
    let dir = scratch("fifo");
    let fifo = dir.join("pipe");
    if !Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        eprintln!("SKIPPED: mkfifo is not available");
        return;
    }
    let reader = Command::new("cat")
        .arg(&fifo)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let done = run(&["-o", fifo.to_str().unwrap()], "cafÃ©\n".as_bytes());
    assert!(done.status.success(), "{}", stderr(&done));
    let read = reader.wait_with_output().unwrap();
    assert_eq!(read.stdout, "café\n".as_bytes());
    use std::os::unix::fs::FileTypeExt;
    assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(files_in(&dir), ["pipe"]);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn jsonl_records_longer_than_max_decode_length_stay_whole() {
    let value = "cafÃ© ".repeat(40);
    let input = format!("{{\"text\": \"{value}\"}}\n");
    for jobs in ["1", "2"] {
        let args = [
            "--jsonl",
            "text",
            "--max-decode-length",
            "16",
            "--batch-bytes",
            "8",
            "-j",
            jobs,
        ];
        let output = run(&args, input.as_bytes());
        assert!(output.status.success(), "{}", stderr(&output));
        let expected = ftfy::fix_text_with(
            &value,
            &ftfy::TextFixerConfig::default().max_decode_length(16),
        );
        assert_eq!(stdout(&output), format!("{{\"text\": \"{expected}\"}}\n"));
    }
}

#[test]
fn jsonl_keeps_line_breaks_and_blank_lines() {
    let input = "{\"text\": \"cafÃ©\"}\r\n\n{\"id\": 1}";
    let output = run(&["--jsonl", "text"], input.as_bytes());
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "{\"text\": \"café\"}\r\n\n{\"id\": 1}");
}

/// `--extended-recovery` turns the mode on; without it the command gives
/// ftfy 6.3.1's answer (which leaves this legacy mixup alone).
#[test]
fn extended_recovery_flag() {
    let input = "Ïðèâåò, êàê äåëà?\ncafÃ©\n".as_bytes();
    let plain = run(&[], input);
    assert_eq!(stdout(&plain), "Ïðèâåò, êàê äåëà?\ncafé\n");
    let extended = run(&["--extended-recovery"], input);
    assert!(extended.status.success(), "{}", stderr(&extended));
    assert_eq!(stdout(&extended), "Привет, как дела?\ncafé\n");
}

#[test]
fn guessing_finds_legacy_encodings() {
    // "1\nПривет, как дела? Сегодня хорошая погода.\nДа.\n" in KOI8-R: a
    // subtitle's number, then Russian. ftfy guesses UTF-8 from the first
    // line and stops at the first Cyrillic letter; the document guess
    // reads the first 64 KiB and reads the file as KOI8-R, the short last
    // line too, in either fixing mode.
    let koi8 = b"1\n\xf0\xd2\xc9\xd7\xc5\xd4, \xcb\xc1\xcb \xc4\xc5\xcc\xc1? \xf3\xc5\xc7\xcf\xc4\xce\xd1 \
        \xc8\xcf\xd2\xcf\xdb\xc1\xd1 \xd0\xcf\xc7\xcf\xc4\xc1.\n\xe4\xc1.\n";
    let russian = "1\nПривет, как дела? Сегодня хорошая погода.\nДа.\n";
    for args in [&["-g"][..], &["-g", "--extended-recovery"]] {
        let output = run(args, koi8);
        assert!(output.status.success(), "{output:?}");
        assert_eq!(stdout(&output), russian);
    }
    assert_undecodable(&run(&["-g", "--ftfy-guess"], koi8), "utf-8", &["offset 2"]);
    // --explain says which encoding the guess chose, and what it weighed,
    // on standard error.
    let explained = run(&["-g", "--explain"], koi8);
    assert_eq!(stdout(&explained), russian);
    let explanation = stderr(&explained);
    assert!(
        explanation.starts_with("ftfy: guessed encoding koi8-r\nftfy:   koi8-r "),
        "{explanation}"
    );
    assert!(explanation.contains("reads as Russian"), "{explanation}");
    assert!(explanation.contains("koi8-u"), "{explanation}");
}

/// In extended recovery a file is judged as a document: `--explain` says
/// which mixup its lines were found to be read in, with the evidence, and
/// the plan of each line, and the text is what it is without `--explain`.
#[test]
fn explains_the_document_s_mixup() {
    let input = "Ïðèâåò, êàê äåëà?\nÂñ¸ õîðîøî, ñïàñèáî.\nplain\n";
    let plain = run(&["--extended-recovery"], input.as_bytes());
    let explained = run(&["--extended-recovery", "--explain"], input.as_bytes());
    assert!(explained.status.success(), "{}", stderr(&explained));
    assert_eq!(
        stdout(&explained),
        "Привет, как дела?\nВсё хорошо, спасибо.\nplain\n"
    );
    assert_eq!(stdout(&explained), stdout(&plain));
    let report = stderr(&explained);
    assert!(
        report.starts_with("lines 1-3: written in windows-1251, read as sloppy-windows-1252 ("),
        "{report}"
    );
    assert!(report.contains("from 2 lines, 0 against)\n"), "{report}");
    assert!(report.ends_with(
        "line 1: [('encode', 'sloppy-windows-1252'), ('decode', 'windows-1251')]\n\
         line 2: [('encode', 'sloppy-windows-1252'), ('decode', 'windows-1251')]\n"
    ));
}
