#!/usr/bin/env python3
"""pandas and Polars Series through fix_texts, against the list path.

    python python/benchmarks/frames.py [--rows 1000000] [--repeat 3] [--english] [--check]
    python python/benchmarks/frames.py --rows 200000 --write-strings FILE.json

Run it with a Python that has ftfy_rs, pyarrow, pandas and Polars (and
ftfy==6.3.1 for --check). The column: --rows strings of about 100
characters (one in ten damaged: inputs.py), in several languages and
scripts or, with --english, in English only; 1% of them missing. Times,
interleaved --repeat times, best kept, every core:

- a pandas Series of pandas' default string dtype (Arrow-backed), and one
  of dtype object: `fix_texts(series)` (a Series out, through Arrow)
  against the list path, `pd.Series(fix_texts(iter(series),
  errors="keep"), index=series.index)` (what fix_texts did with a Series
  before it knew Series: read it as an iterable of Python strings);
- a Polars Series: `fix_texts(series)` against
  `pl.Series(fix_texts(iter(series), errors="keep"))`, the same list path;
- for reference, the same column as a pyarrow array, and as a Python list
  of str already made (`fix_texts(list)`: the list path without reading
  the Series).

Prints the best time of each, then the ratios of the best times and the
ratio of each round (list path against fix_texts(series), the two timed
one after the other), which shows how far the load moved them.

--write-strings writes the column's strings (without the missing values)
to a JSON file and stops: `cargo xtask per-string
FILE.json` times the library's fix_text on them, the cost of
fixing a row without Python around it.

With --check, every row of each result is compared with ftfy 6.3.1's
fix_text (a minute or more per million rows: ftfy is the slow part).
"""
import argparse
import sys
import time

import ftfy_rs
from inputs import strings


def rounds_of(repeat: int, calls: dict) -> tuple:
    times = {name: [] for name in calls}
    results = {}
    for _ in range(repeat):
        for name, call in calls.items():
            started = time.perf_counter()
            results[name] = call()
            times[name].append(time.perf_counter() - started)
    return times, results


def check(results: dict, values: list) -> None:
    import ftfy

    expected = [ftfy.fix_text(value) if isinstance(value, str) else None for value in values]
    for name, result in results.items():
        # pandas and Polars have to_list, pyarrow to_pylist, a list neither.
        rows = getattr(result, "to_list", getattr(result, "to_pylist", lambda: list(result)))()
        rows = [row if isinstance(row, str) else None for row in rows]
        # Equal, or golden/differences.toml's kind (ftfy's answer is not a
        # fixed point; ours is that answer fixed again).
        differ = [i for i, (ours, theirs) in enumerate(zip(rows, expected))
                  if ours != theirs and ours != (theirs and ftfy.fix_text(theirs))]
        assert len(rows) == len(expected) and not differ, (name, differ[:5])
        print(f"  {name}: all {len(rows):,} rows equal to ftfy 6.3.1's fix_text")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--english", action="store_true")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--write-strings", metavar="FILE")
    args = parser.parse_args()
    if args.write_strings:
        import json

        texts = strings(args.rows, english=args.english)
        with open(args.write_strings, "w", encoding="utf-8") as file:
            json.dump([text for i, text in enumerate(texts) if i % 100 != 0], file)
        return 0
    import pandas as pd
    import polars as pl
    import pyarrow as pa

    texts = strings(args.rows, english=args.english)
    values = [None if i % 100 == 0 else text for i, text in enumerate(texts)]
    index = pd.RangeIndex(10, 10 + len(values))
    series = pd.Series(values, index=index, name="text")
    objects = pd.Series(values, index=index, name="text", dtype=object)
    polars = pl.Series("text", values)
    array = pa.array(values)

    def list_path(column):
        return pd.Series(ftfy_rs.fix_texts(iter(column), errors="keep"), index=column.index,
                         name=column.name, dtype=column.dtype)

    calls = {
        f"pandas ({series.dtype}), fix_texts(series)": lambda: ftfy_rs.fix_texts(series),
        f"pandas ({series.dtype}), list path": lambda: list_path(series),
        "pandas (object), fix_texts(series)": lambda: ftfy_rs.fix_texts(objects),
        "pandas (object), list path": lambda: list_path(objects),
        "Polars, fix_texts(series)": lambda: ftfy_rs.fix_texts(polars),
        "Polars, list path": lambda: pl.Series("text", ftfy_rs.fix_texts(iter(polars),
                                                                         errors="keep")),
        "pyarrow array, fix_texts(array)": lambda: ftfy_rs.fix_texts(array),
        "Python list, fix_texts(list)": lambda: ftfy_rs.fix_texts(values, errors="keep"),
    }
    times, results = rounds_of(args.repeat, calls)
    best = {name: min(seconds) for name, seconds in times.items()}
    language = "English" if args.english else "several languages"
    print(f"{len(values):,} rows ({language}), 1% missing, best of {args.repeat}:")
    for name, seconds in best.items():
        print(f"  {name:50} {seconds:7.3f} s")
    for kind in (f"pandas ({series.dtype})", "pandas (object)", "Polars"):
        ratio = best[f"{kind}, list path"] / best[f"{kind}, fix_texts(series)"]
        rounds = ", ".join(
            f"{slow / fast:.1f}x"
            for slow, fast in zip(times[f"{kind}, list path"], times[f"{kind}, fix_texts(series)"])
        )
        print(f"  {kind}: fix_texts(series) is {ratio:.1f}x as fast as the list path "
              f"(each round: {rounds})")
    fixed = results[f"pandas ({series.dtype}), fix_texts(series)"]
    assert fixed.index.equals(series.index) and fixed.isna().equals(series.isna())
    if args.check:
        check({name: results[name] for name in calls
               if "list path" not in name and "list)" not in name}, values)
    return 0


if __name__ == "__main__":
    sys.exit(main())
