#!/usr/bin/env python3
"""Hugging Face `datasets` and DuckDB: the recipes of docs/python.md against
ftfy 6.3.1 (and DuckDB's Arrow UDF against a scalar UDF), side by side in
one run.

    python python/benchmarks/engines.py [--rows 200000] [--repeat 2]

Run it with a Python that has ftfy_rs, ftfy==6.3.1, datasets, duckdb and
pyarrow. The column: --rows strings of about 100 characters in several
languages, one in ten damaged (inputs.py), 1% missing. Each round times,
one after the other:

- datasets, `Dataset.map(batched=True)` with 1 and 2 processes: ftfy's
  fix_text on each string of the batch, against `ftfy_rs.fix_texts` on the
  batch's list, and against `ftfy_rs.fix_column` on the batch as an Arrow
  table (`with_format("arrow")`); the map's cache is off, so each round
  maps again;
- DuckDB, `SELECT fix_text(text) FROM messages`: the Arrow UDF
  (`ftfy_rs.fix_texts` on each vector), against a scalar UDF calling
  `ftfy_rs.fix_text` per value and one calling ftfy's.

Prints the best time of each and the ratios against ftfy's.
"""
import argparse
import sys
import time

import datasets
import duckdb
import ftfy
import pyarrow as pa

import ftfy_rs
from inputs import strings

try:
    from duckdb.sqltypes import VARCHAR
except ImportError:  # duckdb before 1.4
    from duckdb.typing import VARCHAR


def ftfy_batch(batch):
    return {"text": [None if t is None else ftfy.fix_text(t) for t in batch["text"]]}


def ftfy_rs_batch(batch):
    return {"text": ftfy_rs.fix_texts(batch["text"], errors="keep")}


def ftfy_rs_table(table):
    return ftfy_rs.fix_column(table, "text")


def datasets_calls(values):
    dataset = datasets.Dataset.from_dict({"text": values})
    arrow = dataset.with_format("arrow")
    calls = {}
    for processes in (1, 2):
        procs = None if processes == 1 else processes
        calls[f"datasets, {processes} process(es): ftfy"] = (
            lambda p=procs: dataset.map(ftfy_batch, batched=True, num_proc=p))
        calls[f"datasets, {processes} process(es): ftfy_rs lists"] = (
            lambda p=procs: dataset.map(ftfy_rs_batch, batched=True, num_proc=p))
        calls[f"datasets, {processes} process(es): ftfy_rs Arrow"] = (
            lambda p=procs: arrow.map(ftfy_rs_table, batched=True, num_proc=p))
    return calls


def duckdb_calls(values):
    connection = duckdb.connect()
    connection.register("messages", pa.table({"text": values}))
    connection.create_function("fix_arrow", lambda texts: ftfy_rs.fix_texts(texts),
                               [VARCHAR], VARCHAR, type="arrow")
    connection.create_function("fix_scalar", lambda text: ftfy_rs.fix_text(text), [VARCHAR], VARCHAR)
    connection.create_function("fix_ftfy", lambda text: ftfy.fix_text(text), [VARCHAR], VARCHAR)

    def query(function):
        return lambda: connection.sql(f"SELECT {function}(text) FROM messages").fetchall()

    return {
        "DuckDB: scalar UDF, ftfy": query("fix_ftfy"),
        "DuckDB: scalar UDF, ftfy_rs.fix_text": query("fix_scalar"),
        "DuckDB: Arrow UDF, ftfy_rs.fix_texts": query("fix_arrow"),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    datasets.disable_caching()
    datasets.logging.set_verbosity_error()
    datasets.disable_progress_bars()
    texts = strings(args.rows)
    values = [None if i % 100 == 0 else text for i, text in enumerate(texts)]
    calls = {**datasets_calls(values), **duckdb_calls(values)}
    times = {name: [] for name in calls}
    for _ in range(args.repeat):
        for name, call in calls.items():
            started = time.perf_counter()
            call()
            times[name].append(time.perf_counter() - started)
    best = {name: min(seconds) for name, seconds in times.items()}
    print(f"{args.rows:,} rows (several languages, one in ten damaged), 1% missing, "
          f"best of {args.repeat}; datasets {datasets.__version__}, DuckDB {duckdb.__version__}:")
    for name, seconds in best.items():
        group = name.split(":")[0]
        reference = next(other for other in best if other.startswith(group) and "ftfy" in
                         other.split(":")[1] and "ftfy_rs" not in other)
        ratio = best[reference] / seconds
        print(f"  {name:48} {seconds:8.3f} s  {ratio:6.1f}x ftfy's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
