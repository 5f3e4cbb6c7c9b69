"""`python -m ftfy_rs` (and the `ftfy-rs` command) is ftfy 6.3.1's command:
the same arguments, the same output and messages; and an output file is
never left half written."""
import glob
import os
import shutil
import signal
import subprocess
import sys
import time

import pytest

OURS = [sys.executable, "-m", "ftfy_rs"]
# ftfy's own command, from the oracle's package (its console script may not
# be on PATH, or may be the Rust command).
THEIRS = [sys.executable, "-c", "import sys; from ftfy.cli import main; sys.argv[0] = 'ftfy'; main()"]


def run(command, *args, stdin=b""):
    return subprocess.run([*command, *args], input=stdin, capture_output=True, timeout=120)


@pytest.fixture
def sample(tmp_path, corpus):
    path = tmp_path / "input.txt"
    lines = corpus[:1500] + ["caf&eacute; &amp; more", "<p>then a tag &amp; no more entities</p>",
                             "caf&eacute;", "sÃ³ mojibake"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("args", [[], ["-n", "NFKC"], ["-n", "none"], ["--preserve-entities"], ["-g"],
                                  ["-e", "utf-8"]])
def test_same_output_as_ftfy(oracle, sample, args):
    ours, theirs = run(OURS, str(sample), *args), run(THEIRS, str(sample), *args)
    assert theirs.returncode == 0, theirs.stderr
    assert ours.returncode == 0, ours.stderr
    assert ours.stdout == theirs.stdout


def test_standard_input_and_encodings(oracle, tmp_path):
    text = "naïve café – “quoted”\nsecond line\n"
    for args, data in ([["-e", "latin-1"], text.encode("latin-1", "replace")],
                       [["-e", "cp1252"], text.encode("cp1252")], [["-g"], text.encode("cp1252")],
                       [["-e", "shift_jis"], "日本語のテキスト\n".encode("shift_jis")]):
        ours, theirs = run(OURS, *args, stdin=data), run(THEIRS, *args, stdin=data)
        assert (ours.returncode, ours.stdout) == (theirs.returncode, theirs.stdout), args


def test_output_file(oracle, sample, tmp_path):
    ours_path, theirs_path = tmp_path / "ours.txt", tmp_path / "theirs.txt"
    assert run(OURS, str(sample), "-o", str(ours_path)).returncode == 0
    assert run(THEIRS, str(sample), "-o", str(theirs_path)).returncode == 0
    assert ours_path.read_bytes() == theirs_path.read_bytes()
    assert os.stat(ours_path).st_mode == os.stat(theirs_path).st_mode
    # Nothing else is left in the folder.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["input.txt", "ours.txt", "theirs.txt"]


def test_same_file_is_refused(oracle, sample):
    ours, theirs = run(OURS, str(sample), "-o", str(sample)), run(THEIRS, str(sample), "-o", str(sample))
    assert (ours.returncode, ours.stderr) == (theirs.returncode, theirs.stderr) == (1, ours.stderr)
    assert b"Can't read and write the same file" in ours.stderr


def test_undecodable_input(oracle, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_bytes(b"good line\nbad \xff byte\n")
    ours, theirs = run(OURS, str(path)), run(THEIRS, str(path))
    assert ours.returncode == theirs.returncode == 1
    assert ours.stderr.startswith(b"ftfy error:\nThis input couldn't be decoded as 'utf-8'.")
    assert b"byte offset 14" in ours.stderr
    # ftfy leaves the lines before the error in an output file; we leave
    # no file at all.
    output = tmp_path / "out.txt"
    assert run(OURS, str(path), "-o", str(output)).returncode == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.txt"]


def test_console_script():
    script = shutil.which("ftfy-rs", path=os.path.dirname(sys.executable))
    assert script, "pip installs the ftfy-rs command beside python"
    done = subprocess.run([script, "-"], input="âœ” No problems\n".encode(), capture_output=True)
    assert done.stdout == "✔ No problems\n".encode()
    done = subprocess.run([script, "--help"], capture_output=True, text=True)
    assert "a drop-in for ftfy 6.3.1" in done.stdout


def test_ctrl_c_leaves_no_partial_output(tmp_path, corpus):
    # Long enough to be still running when Ctrl-C comes.
    path = tmp_path / "big.txt"
    with open(path, "w", encoding="utf-8") as out:
        for _ in range(60):
            out.write("\n".join(corpus) + "\n")
    output = tmp_path / "fixed.txt"
    process = subprocess.Popen([*OURS, str(path), "-o", str(output)], stderr=subprocess.PIPE)
    temporary = str(tmp_path / ".fixed.txt.*.ftfy-rs")
    deadline = time.monotonic() + 60
    while not any(os.path.getsize(name) > 0 for name in glob.glob(temporary)):
        assert process.poll() is None and time.monotonic() < deadline, "it never started writing"
        time.sleep(0.01)
    process.send_signal(signal.SIGINT)
    sent = time.monotonic()
    _, stderr = process.communicate(timeout=30)
    # At once, not at the end of the file (python/benchmarks/sigint.py
    # measures how soon).
    assert time.monotonic() - sent < 5
    assert process.returncode == 130, stderr
    assert b"interrupted" in stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.txt"]


def test_help():
    done = run(OURS, "--help")
    assert done.returncode == 0
    assert b"--preserve-entities" in done.stdout and b"a drop-in for ftfy 6.3.1" in done.stdout
