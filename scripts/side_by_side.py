#!/usr/bin/env python3
"""Speed of this crate against Python ftfy 6.3.1, on the same inputs, in
one run: prints MB/s for each and the ratio.

    python3 scripts/side_by_side.py

The inputs are those of the criterion benchmarks (benches/inputs.rs),
written out by examples/throughput.rs. Both sides fix the whole input with
fix_text, and each line with fix_encoding, in-process (no start-up or I/O
in the timings). Uses the .venv of scripts/differential/run.py.
"""
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts" / "differential"))
from run import ensure_venv  # noqa: E402

DATA = ROOT / "target" / "bench-data"


def rate(work, megabytes):
    """MB/s of `work`, repeated for at least two seconds."""
    started, runs = time.perf_counter(), 0
    while runs < 1 or time.perf_counter() - started < 2:
        work()
        runs += 1
    return runs * megabytes / (time.perf_counter() - started)


def main():
    ensure_venv()
    import ftfy

    subprocess.run(["cargo", "build", "--quiet", "--release", "--example", "throughput"], cwd=ROOT, check=True)
    binary = ROOT / "target" / "release" / "examples" / "throughput"
    subprocess.run([str(binary), "--write", str(DATA)], check=True)
    ours = {}
    for line in subprocess.run([str(binary), str(DATA)], capture_output=True, check=True, text=True).stdout.splitlines():
        record = json.loads(line)
        ours[record["input"]] = record

    print(f"{'input':22} {'function':14} {'ftfy 6.3.1':>12} {'this crate':>12} {'ratio':>8}")
    for name, record in ours.items():
        text = (DATA / f"{name}.txt").read_text(encoding="utf-8")
        megabytes = len(text.encode("utf-8")) / 1e6
        lines = text.splitlines(keepends=True)
        python = {
            "fix_text": rate(lambda: ftfy.fix_text(text), megabytes),
            "fix_encoding": rate(lambda: [ftfy.fix_encoding(line) for line in lines], megabytes),
        }
        for function in ("fix_text", "fix_encoding"):
            print(f"{name:22} {function:14} {python[function]:9.2f} MB/s {record[function]:9.1f} MB/s "
                  f"{record[function] / python[function]:7.0f}x")


if __name__ == "__main__":
    main()
