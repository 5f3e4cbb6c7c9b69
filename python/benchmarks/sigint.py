#!/usr/bin/env python3
"""Ctrl-C stops ftfy_rs's long calls promptly, and leaves the interpreter
usable.

    python python/benchmarks/sigint.py [--repeat 3] [--strings 2000000] [--chars 50000000]

Run it with a Python where ftfy_rs and pyarrow are installed. For each
case, SIGINT is sent to the process one second into the call (from a timer
thread, as a terminal's Ctrl-C would send it); the call must raise
KeyboardInterrupt within 0.5 s, every time. Cases:

- fix_texts on a list of --strings strings of about 100 characters (one in
  ten damaged: inputs.py), with 1 and with 2 threads;
- fix_texts on the same strings as an Arrow array, 1 and 2 threads;
- fix_text on one string of --chars characters in lines, and on one line of
  twice as many (one line is fixed faster);
- fix_encoding on one string of twice as many: it cannot be cut into
  pieces, so it runs on a thread of its own that the call leaves on Ctrl-C
  (the script reports how long that thread goes on in the background);
- the command: SIGINT to `python -m ftfy_rs big.txt -o out.txt` once it
  has started writing: it must exit (status 130) within 0.5 s and leave
  neither out.txt nor its temporary file.

After each interrupted call the script checks that the interpreter is
usable: the same call on a small input gives fix_text's answers, and the
process uses no CPU while idle (no thread left fixing). Prints one line
per run; exits with status 1 if any run misses.
"""
import argparse
import glob
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time

import ftfy_rs
from inputs import strings

LIMIT = 0.5
DELAY = 1.0

def one_long_string(chars: int, lines: bool) -> str:
    unit = "Plain words, “quotes”, caf&eacute;, and mojibake: cafÃ© Ã  la crÃ¨me. "
    if lines:
        unit = unit + "\n"
    return unit * (chars // len(unit))


def idle_cpu() -> float:
    """CPU seconds this process uses over 0.5 s of sleep."""
    started = time.process_time()
    time.sleep(0.5)
    return time.process_time() - started


def interrupt(call) -> tuple:
    """Runs `call`, sending SIGINT after DELAY seconds: the seconds from the
    signal to KeyboardInterrupt, or None if the call finished first."""
    sent = []

    def send():
        sent.append(time.perf_counter())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(DELAY, send)
    started = time.perf_counter()
    try:
        timer.start()
        call()
        timer.cancel()
        # A signal sent as the call ended is taken here.
        time.sleep(0.1)
        return None, time.perf_counter() - started
    except KeyboardInterrupt:
        caught = time.perf_counter()
        timer.join()
        return caught - sent[0], caught - started


def check_usable(small_call, expected) -> bool:
    return small_call() == expected and idle_cpu() < 0.05


def wait_idle() -> float:
    """Seconds until the process uses no CPU (a thread left to finish)."""
    started = time.perf_counter()
    while idle_cpu() >= 0.05 and time.perf_counter() - started < 30:
        pass
    return time.perf_counter() - started


def run_case(name, call, small_call, expected, repeat, background=False) -> bool:
    ok = True
    for run in range(1, repeat + 1):
        latency, elapsed = interrupt(call)
        after = f"; work went on {wait_idle():.1f} s in the background" if background else ""
        usable = check_usable(small_call, expected)
        if latency is None:
            print(f"{name:50} run {run}: finished in {elapsed:.2f} s before the signal: MISSED "
                  "(give it more work)")
            ok = False
            continue
        good = latency <= LIMIT and usable
        ok &= good
        print(f"{name:50} run {run}: KeyboardInterrupt {latency * 1000:6.1f} ms after SIGINT; "
              f"interpreter usable: {usable}{after}  {'ok' if good else 'MISSED'}")
    return ok


def run_command(texts, repeat) -> bool:
    ok = True
    with tempfile.TemporaryDirectory() as folder:
        big = os.path.join(folder, "big.txt")
        with open(big, "w", encoding="utf-8") as out:
            out.write("\n".join(texts) + "\n")
        size = os.path.getsize(big) / 1e6
        output = os.path.join(folder, "out.txt")
        for run in range(1, repeat + 1):
            process = subprocess.Popen([sys.executable, "-m", "ftfy_rs", big, "-o", output],
                                       stderr=subprocess.PIPE)
            pattern = os.path.join(folder, ".out.txt.*.ftfy-rs")
            while not any(os.path.getsize(name) > 0 for name in glob.glob(pattern)):
                if process.poll() is not None:
                    break
                time.sleep(0.005)
            sent = time.perf_counter()
            process.send_signal(signal.SIGINT)
            process.communicate()
            latency = time.perf_counter() - sent
            left = sorted(os.listdir(folder))
            good = process.returncode == 130 and left == ["big.txt"] and latency <= LIMIT
            ok &= good
            print(f"{'python -m ftfy_rs on ' + f'{size:.0f} MB':50} run {run}: exit "
                  f"{process.returncode} {latency * 1000:6.1f} ms after SIGINT; files left: "
                  f"{left}  {'ok' if good else 'MISSED'}")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--strings", type=int, default=2_000_000)
    parser.add_argument("--chars", type=int, default=50_000_000)
    args = parser.parse_args()
    import pyarrow

    texts = strings(args.strings)
    small = texts[:2000]
    expected = [ftfy_rs.fix_text(text) for text in small]
    array = pyarrow.array(texts)
    ok = True
    for threads in (1, 2):
        ok &= run_case(f"fix_texts, list of {len(texts):,}, {threads} thread(s)",
                       lambda: ftfy_rs.fix_texts(texts, threads=threads),
                       lambda: ftfy_rs.fix_texts(small, threads=threads), expected, args.repeat)
    for threads in (1, 2):
        ok &= run_case(f"fix_texts, Arrow array of {len(texts):,}, {threads} thread(s)",
                       lambda: ftfy_rs.fix_texts(array, threads=threads),
                       lambda: ftfy_rs.fix_texts(pyarrow.array(small), threads=threads).to_pylist(),
                       expected, args.repeat)
    for lines in (True, False):
        # One line is fixed faster (its segments are long): twice as much.
        text = one_long_string(args.chars if lines else 2 * args.chars, lines)
        shape = "lines of 75" if lines else "one line"
        ok &= run_case(f"fix_text, {len(text):,} characters, {shape}",
                       lambda: ftfy_rs.fix_text(text),
                       lambda: [ftfy_rs.fix_text(t) for t in small], expected, args.repeat)
    text = one_long_string(2 * args.chars, True)
    ok &= run_case(f"fix_encoding, {len(text):,} characters", lambda: ftfy_rs.fix_encoding(text),
                   lambda: [ftfy_rs.fix_encoding(t) for t in small],
                   [ftfy_rs.fix_encoding(t) for t in small], args.repeat, background=True)
    ok &= run_command(texts[: args.strings // 4], args.repeat)
    print("all within 0.5 s" if ok else "MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
