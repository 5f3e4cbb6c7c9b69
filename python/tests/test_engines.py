"""The recipes of docs/python.md for Hugging Face `datasets` and DuckDB: a
`datasets` map with `batched=True` and `num_proc=2`, on Python lists and
on Arrow tables, and DuckDB's Arrow UDF called from SQL, each giving ftfy
6.3.1's fix_text on every row, missing values kept. Each test skips itself,
saying why, where its package is not installed; CI installs both and sets
FTFY_RS_REQUIRE_ENGINES=1, which turns a skip into a failure."""
import os

import pytest

import ftfy_rs


def need(module):
    """The module, or a skip (a failure under FTFY_RS_REQUIRE_ENGINES=1)."""
    try:
        return pytest.importorskip(module, reason=f"{module} is not installed: "
                                   f"pip install -c python/requirements-dev.txt {module}")
    except pytest.skip.Exception:
        if os.environ.get("FTFY_RS_REQUIRE_ENGINES"):
            pytest.fail(f"{module} is required here (FTFY_RS_REQUIRE_ENGINES=1)")
        raise


def expected(oracle, values):
    return [None if value is None else oracle.fix_text(value) for value in values]


def agree(oracle, ours, theirs):
    """Row by row equal, or golden/differences.toml's kind: ftfy's answer is
    not a fixed point, and ours is that answer fixed again."""
    return len(ours) == len(theirs) and all(
        a == b or (b is not None and a == oracle.fix_text(b)) for a, b in zip(ours, theirs))


def values_of(corpus, count=4000):
    return [None if i % 100 == 0 else text for i, text in enumerate(corpus[:count])]


# The recipe's function: a module-level function, which `num_proc` pickles
# by reference (a lambda that names ftfy_rs works as well).
def fix_batch(batch):
    return {"text": ftfy_rs.fix_texts(batch["text"], errors="keep")}


def test_datasets_map_batched_with_two_processes(oracle, corpus):
    datasets = need("datasets")
    values = values_of(corpus)
    dataset = datasets.Dataset.from_dict({"id": list(range(len(values))), "text": values})
    fixed = dataset.map(fix_batch, batched=True, num_proc=2)
    assert fixed["id"] == list(range(len(values)))
    assert agree(oracle, fixed["text"], expected(oracle, values))
    # The same with a lambda, in one process.
    fixed = dataset.map(lambda batch: {"text": ftfy_rs.fix_texts(batch["text"], errors="keep")},
                        batched=True)
    assert agree(oracle, fixed["text"], expected(oracle, values))


def test_datasets_map_on_arrow_batches(oracle, corpus):
    datasets = need("datasets")
    values = values_of(corpus)
    dataset = datasets.Dataset.from_dict({"id": list(range(len(values))), "text": values})
    fixed = dataset.with_format("arrow").map(
        lambda table: ftfy_rs.fix_column(table, "text"), batched=True, num_proc=2
    )
    assert fixed.with_format(None)["id"] == list(range(len(values)))
    assert agree(oracle, fixed.with_format(None)["text"], expected(oracle, values))


def duckdb_varchar(duckdb):
    """DuckDB's VARCHAR type object (duckdb.sqltypes from 1.4, duckdb.typing before)."""
    try:
        from duckdb.sqltypes import VARCHAR
    except ImportError:
        from duckdb.typing import VARCHAR
    return VARCHAR


def test_duckdb_arrow_udf(oracle, corpus):
    duckdb = need("duckdb")
    pa = need("pyarrow")
    values = values_of(corpus)
    varchar = duckdb_varchar(duckdb)
    connection = duckdb.connect()
    connection.create_function("fix_text", lambda texts: ftfy_rs.fix_texts(texts),
                               [varchar], varchar, type="arrow")
    connection.register("messages", pa.table({"id": list(range(len(values))), "text": values}))
    rows = connection.sql("SELECT id, fix_text(text) AS text FROM messages ORDER BY id").fetchall()
    assert [row[0] for row in rows] == list(range(len(values)))
    assert agree(oracle, [row[1] for row in rows], expected(oracle, values))
    # Options are the UDF's own: one function per configuration.
    connection.create_function(
        "fix_text_keep_quotes",
        lambda texts: ftfy_rs.fix_texts(texts, uncurl_quotes=False), [varchar], varchar,
        type="arrow")
    assert connection.sql("SELECT fix_text_keep_quotes('“cafÃ©”')").fetchall() == [("“café”",)]
    assert connection.sql("SELECT fix_text(NULL)").fetchall() == [(None,)]
