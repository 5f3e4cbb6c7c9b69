"""`python -m ftfy_rs` (and the `ftfy-rs` command) is ftfy 6.3.1's command:
the same arguments, the same output and messages; and an output file is
never left half written."""
import glob
import os
import shutil
import signal
import stat
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
    # ftfy's message, with Python's error for the bad line, word for word.
    assert ours.stderr == theirs.stderr
    assert b"'utf-8' codec can't decode byte 0xff in position 4: invalid start byte" in ours.stderr
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
    # The input comes from a pipe left open, so that the command is still
    # running when Ctrl-C comes however busy the machine is: it has fixed
    # and written the first batches, and waits for more.
    output = tmp_path / "fixed.txt"
    # Ctrl-C's default action in the command, even where this test runs
    # with SIGINT ignored (a job a shell started in the background).
    process = subprocess.Popen([*OURS, "-", "-o", str(output)], stdin=subprocess.PIPE,
                               stderr=subprocess.PIPE,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    data = ("\n".join(corpus) + "\n").encode("utf-8")
    while len(data) < 3_000_000:
        data += data
    process.stdin.write(data)
    process.stdin.flush()
    temporary = str(tmp_path / ".fixed.txt.*.ftfy-rs")
    deadline = time.monotonic() + 120
    while not any(os.path.getsize(name) > 0 for name in glob.glob(temporary)):
        assert process.poll() is None and time.monotonic() < deadline, "it never started writing"
        time.sleep(0.01)
    process.send_signal(signal.SIGINT)
    sent = time.monotonic()
    _, stderr = process.communicate(timeout=60)
    # At once, not at the end of the input (python/benchmarks/sigint.py
    # measures how soon).
    assert time.monotonic() - sent < 30
    assert process.returncode == 130, stderr
    assert b"interrupted" in stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_help():
    done = run(OURS, "--help")
    assert done.returncode == 0
    assert b"--preserve-entities" in done.stdout and b"a drop-in for ftfy 6.3.1" in done.stdout


def test_help_names_the_command():
    assert run(OURS, "--help").stdout.startswith(b"usage: python -m ftfy_rs ")
    script = shutil.which("ftfy-rs", path=os.path.dirname(sys.executable))
    done = subprocess.run([script, "--help"], capture_output=True)
    assert done.stdout.startswith(b"usage: ftfy-rs ")


def test_missing_input_and_directories_are_named_without_a_traceback(tmp_path):
    missing = run(OURS, str(tmp_path / "nosuch.txt"))
    assert missing.returncode == 1
    assert missing.stderr == f"ftfy error:\ncannot open {tmp_path / 'nosuch.txt'}: No such file or directory\n".encode()
    folder = run(OURS, str(tmp_path))
    assert (folder.returncode, folder.stderr) == (1, f"ftfy error:\n{tmp_path} is a directory\n".encode())
    nowhere = run(OURS, "-o", str(tmp_path / "no" / "out.txt"), stdin=b"text\n")
    assert nowhere.returncode == 1 and b"Traceback" not in nowhere.stderr
    assert nowhere.stderr.startswith(f"ftfy error:\ncannot create {tmp_path / 'no' / 'out.txt'}: ".encode())


def test_binary_input_gets_pythons_error(oracle, tmp_path):
    path = tmp_path / "binary"
    path.write_bytes(b"\x7fELF\x02\x01\x01\x00" + bytes(range(11, 27)) + b"\xd0\x00\x00\n")
    ours, theirs = run(OURS, str(path)), run(THEIRS, str(path))
    assert (ours.returncode, ours.stderr) == (theirs.returncode, theirs.stderr)
    assert b"position 24: invalid continuation byte" in ours.stderr


def test_output_to_a_device_or_pipe_is_written_in_place(tmp_path):
    # A FIFO stands for /dev/null and the like: renaming a file over it
    # would replace it.
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    done = run(OURS, "-o", str(fifo), stdin="cafÃ©\n".encode())
    assert done.returncode == 0, done.stderr
    assert reader.communicate(timeout=30)[0] == "café\n".encode()
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]
