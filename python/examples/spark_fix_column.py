#!/usr/bin/env python3
"""Fixes a text column with Spark: reads JSON lines or Parquet, fixes the
column with a vectorised Arrow UDF that calls ftfy_rs.fix_texts, and
writes Parquet.

    python python/examples/spark_fix_column.py INPUT OUTPUT [--column text]
        [--engine ftfy_rs|ftfy] [--master local[2]]

INPUT is read as Parquet if it ends in .parquet (a file or a folder), as
JSON lines otherwise. `--engine ftfy` runs the same job with Python's ftfy,
calling ftfy.fix_text once per row, for comparison. The job's rows per
second (reading, fixing and writing, after Spark has started) are printed
as the last line, as JSON.
"""
import argparse
import json
import os
import sys
import time
from typing import Callable, Iterator

import pyarrow as pa


def fixer(engine: str) -> Callable[[pa.Array], pa.Array]:
    """The column fix for a batch: one call into Rust, or ftfy per row."""
    if engine == "ftfy_rs":
        import ftfy_rs

        # Spark already runs one Python worker per task slot: one thread each.
        return lambda column: ftfy_rs.fix_texts(column, threads=1)
    import ftfy

    def fix_each(column: pa.Array) -> pa.Array:
        values = [None if text is None else ftfy.fix_text(text) for text in column.to_pylist()]
        return pa.array(values, type=column.type)

    return fix_each


def fix_batches(column: str, engine: str) -> Callable[[Iterator[pa.RecordBatch]], Iterator[pa.RecordBatch]]:
    """The function mapInArrow runs on each partition's record batches."""

    def run(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        fix = fixer(engine)
        for batch in batches:
            index = batch.schema.get_field_index(column)
            columns = list(batch.columns)
            columns[index] = fix(columns[index])
            yield pa.RecordBatch.from_arrays(columns, schema=batch.schema)

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("--column", default="text")
    parser.add_argument("--engine", choices=["ftfy_rs", "ftfy"], default="ftfy_rs")
    parser.add_argument("--master", default="local[2]")
    args = parser.parse_args()

    # Spark's Python workers run this interpreter, which has ftfy_rs.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark.sql import SparkSession

    spark = (
        SparkSession.builder.master(args.master)
        .appName(f"fix-column-{args.engine}")
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    started = time.perf_counter()
    if args.input.rstrip("/").endswith(".parquet"):
        frame = spark.read.parquet(args.input)
    else:
        frame = spark.read.json(args.input)
    fixed = frame.mapInArrow(fix_batches(args.column, args.engine), frame.schema)
    fixed.write.mode("overwrite").parquet(args.output)
    rows = spark.read.parquet(args.output).count()
    elapsed = time.perf_counter() - started
    spark.stop()
    print(json.dumps({"engine": args.engine, "rows": rows, "seconds": round(elapsed, 2),
                      "rows_per_second": round(rows / elapsed)}))


if __name__ == "__main__":
    main()
