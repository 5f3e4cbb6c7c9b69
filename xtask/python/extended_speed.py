#!/usr/bin/env python3
"""Speed of the extended mode against the default mode and ftfy 6.3.1, on
the inputs of speed_inputs.py, in one run: MB/s of each and the ratios,
side by side.

Each tool fixes the whole file with fix_text: this crate through the
command (`ftfy FILE -o /dev/null`, with and without
`--extended-recovery`; start-up is a few milliseconds), ftfy 6.3.1 in a
Python process of its own (the read excluded). The tools take turns,
input by input, for ROUNDS rounds; each figure is the median, and each
ratio the median of the ratios of one round. A run that takes longer than
TIMEOUT seconds is cut and shown as "> TIMEOUT".

--check FACTOR (the CI smoke test): exits non-zero when an input's
extended/default ratio exceeds FACTOR times its ratio in
xtask/python/extended_speed_baseline.json, or the extended mode is slower
than 1 MB/s on it.

Run:
    .venv/bin/python xtask/python/speed_inputs.py
    .venv/bin/python xtask/python/extended_speed.py [--rounds N] [--no-ftfy] [NAME ...]
(FTFY_BIN names another build of the command; otherwise
target/release/ftfy is built.)
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "target" / "xtask" / "speed"
BINARY = Path(os.environ.get("FTFY_BIN", ROOT / "target" / "release" / "ftfy"))
BASELINE = Path(__file__).resolve().parent / "extended_speed_baseline.json"

PYTHON_FTFY = """
import sys, time, ftfy
text = open(sys.argv[1], encoding="utf-8").read()
started = time.perf_counter()
ftfy.fix_text(text)
print(time.perf_counter() - started)
"""


def timed(command, timeout):
    started = time.perf_counter()
    try:
        subprocess.run(command, check=True, timeout=timeout, stdout=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return None
    return time.perf_counter() - started


def python_ftfy(path, timeout):
    try:
        done = subprocess.run([sys.executable, "-c", PYTHON_FTFY, str(path)], check=True, timeout=timeout,
                              capture_output=True, text=True)
    except subprocess.TimeoutExpired:
        return None
    return float(done.stdout)


def rate(megabytes, seconds):
    return None if seconds is None else megabytes / seconds


def show(value, timeout, megabytes):
    return f"{'> ' + str(timeout) + ' s':>9}" if value is None else f"{value:9.2f}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("names", nargs="*")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=30)
    parser.add_argument("--no-ftfy", action="store_true")
    parser.add_argument("--check", type=float)
    parser.add_argument("--save-baseline", action="store_true")
    args = parser.parse_args()
    if "FTFY_BIN" not in os.environ:
        subprocess.run(["cargo", "build", "--quiet", "--release", "-p", "ftfy-cli"], cwd=ROOT, check=True)
    names = args.names or sorted(path.stem for path in DATA.glob("*.txt"))
    print(f"{'input':28} {'MB/s: default':>13} {'extended':>9} {'ftfy':>9}   {'ext/default':>11} {'ext vs ftfy':>11}")
    results = {}
    failures = []
    baseline = json.loads(BASELINE.read_text()) if BASELINE.exists() else {}
    for name in names:
        path = DATA / f"{name}.txt"
        megabytes = path.stat().st_size / 1e6
        rounds = []
        for _ in range(args.rounds):
            default = timed([str(BINARY), str(path), "-o", "/dev/null"], args.timeout)
            extended = timed([str(BINARY), "--extended-recovery", str(path), "-o", "/dev/null"], args.timeout)
            ftfy = None if args.no_ftfy else python_ftfy(path, args.timeout)
            rounds.append((default, extended, ftfy))
            if extended is None:
                break

        def median(index):
            values = [r[index] for r in rounds if r[index] is not None]
            return statistics.median(values) if len(values) == len(rounds) else None

        def ratio(a, b):
            values = [r[a] / r[b] for r in rounds if r[a] is not None and r[b] is not None]
            return statistics.median(values) if len(values) == len(rounds) else None
        default, extended, ftfy = (rate(megabytes, median(i)) for i in range(3))
        slowdown = ratio(1, 0)
        versus_ftfy = ratio(2, 1)
        results[name] = {"default": default, "extended": extended, "ftfy": ftfy, "extended_over_default": slowdown}
        print(f"{name:28} {show(default, args.timeout, megabytes):>13} {show(extended, args.timeout, megabytes)} "
              f"{show(ftfy, args.timeout, megabytes) if not args.no_ftfy else '        -'}   "
              f"{'-' if slowdown is None else f'{slowdown:10.2f}x':>11} "
              f"{'-' if versus_ftfy is None else f'{versus_ftfy:10.1f}x':>11}")
        if args.check:
            known = baseline.get(name)
            if extended is None or extended < 1.0:
                failures.append(f"{name}: extended mode below 1 MB/s")
            elif known and slowdown and slowdown > args.check * known:
                failures.append(f"{name}: {slowdown:.2f}x the default's time, baseline {known:.2f}x")
    if args.save_baseline:
        BASELINE.write_text(json.dumps({name: r["extended_over_default"] for name, r in results.items()}, indent=1)
                            + "\n")
    if failures:
        print("\n".join(failures))
        sys.exit(1)


if __name__ == "__main__":
    main()
