#!/usr/bin/env python3
"""The Polars expression plugin against the map_batches path and ftfy 6.3.1,
side by side in one run.

    python python/benchmarks/polars_plugin.py [--rows 1000000] [--repeat 3] [--ftfy-rows N]

Run it with a Python that has ftfy_rs, Polars and ftfy==6.3.1. The column:
--rows strings of about 100 characters in several languages and scripts,
one in ten damaged (inputs.py), 1% of them missing, in a DataFrame. Each
round times, one after the other, on every core:

- the plugin: `df.select(pl.col("text").ftfy.fix_text())`;
- the map_batches path: `pl.col("text").map_batches(ftfy_rs.fix_texts, ...)`
  (each batch leaves Polars for Python, crosses as Arrow, is fixed on
  every core without the GIL, and comes back);
- ftfy 6.3.1 through `pl.col("text").map_elements(ftfy.fix_text, ...)`
  (on the first --ftfy-rows rows, default all, as it takes a minute or
  more per million rows; its time is scaled to --rows).

Prints the best time of each (and the least CPU time the process spent
on it, every thread counted), the ratios of the best times and each
round's ratios. Then checks that the plugin's column, from an eager, a
lazy and a streaming query, is ftfy's on every row ftfy fixed (equal, or
golden/differences.toml's kind: ftfy's answer fixed once more), nulls kept.
"""
import argparse
import sys
import time

import ftfy
import polars as pl

import ftfy_rs
import ftfy_rs.polars  # noqa: F401 (the .ftfy namespace)
from inputs import strings


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--ftfy-rows", type=int, default=None)
    args = parser.parse_args()
    texts = strings(args.rows)
    values = [None if i % 100 == 0 else text for i, text in enumerate(texts)]
    frame = pl.DataFrame({"text": values})
    ftfy_rows = min(args.ftfy_rows or args.rows, args.rows)
    ftfy_frame = frame.head(ftfy_rows)

    calls = {
        "plugin": lambda: frame.select(pl.col("text").ftfy.fix_text()),
        "map_batches": lambda: frame.select(
            pl.col("text").map_batches(lambda batch: ftfy_rs.fix_texts(batch), return_dtype=pl.String,
                                       is_elementwise=True)
        ),
        "ftfy map_elements": lambda: ftfy_frame.select(
            pl.col("text").map_elements(ftfy.fix_text, return_dtype=pl.String)
        ),
    }
    times = {name: [] for name in calls}
    cpu = {name: [] for name in calls}
    results = {}
    for _ in range(args.repeat):
        for name, call in calls.items():
            started, started_cpu = time.perf_counter(), time.process_time()
            results[name] = call()["text"]
            seconds = time.perf_counter() - started
            cpu_seconds = time.process_time() - started_cpu
            if name == "ftfy map_elements":
                seconds *= args.rows / ftfy_rows
                cpu_seconds *= args.rows / ftfy_rows
            times[name].append(seconds)
            cpu[name].append(cpu_seconds)
    best = {name: min(seconds) for name, seconds in times.items()}
    print(f"{args.rows:,} rows (several languages, one in ten damaged), 1% missing, "
          f"best of {args.repeat}, Polars {pl.__version__}:")
    for name, seconds in best.items():
        scaled = f" (scaled from {ftfy_rows:,} rows)" if "ftfy" in name and ftfy_rows < args.rows else ""
        print(f"  {name:20} {seconds:8.3f} s, {min(cpu[name]):8.3f} s of CPU{scaled}")
    for slower in ("map_batches", "ftfy map_elements"):
        rounds = ", ".join(f"{s / p:.1f}x" for s, p in zip(times[slower], times["plugin"]))
        print(f"  plugin against {slower}: {best[slower] / best['plugin']:.1f}x "
              f"(each round: {rounds})")
    check(frame, results["ftfy map_elements"].to_list(), ftfy_rows)
    return 0


def check(frame: pl.DataFrame, expected: list, rows: int) -> None:
    """The plugin's column, eager, lazy and streaming, against ftfy's."""
    expression = pl.col("text").ftfy.fix_text()
    head = frame.head(rows)
    ways = {
        "eager": head.select(expression),
        "lazy": head.lazy().select(expression).collect(),
        "streaming": head.lazy().select(expression).collect(engine="streaming"),
    }
    for way, result in ways.items():
        ours = result["text"].to_list()
        wrong = [i for i, (a, b) in enumerate(zip(ours, expected))
                 if a != b and not (b is not None and a == ftfy.fix_text(b))]
        assert len(ours) == len(expected) and not wrong, (way, wrong[:5])
        print(f"  {way}: all {len(ours):,} rows are ftfy 6.3.1's fix_text (nulls kept)")


if __name__ == "__main__":
    sys.exit(main())
