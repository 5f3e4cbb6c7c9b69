"""
Columns in, columns out: what :func:`ftfy_rs.fix_texts` and
:func:`ftfy_rs.fix_column` do with pandas, Polars and Arrow data. Arrow
columns cross to the compiled half through the Arrow PyCapsule interface,
without a Python object per string; Polars Series and Arrow-backed pandas
Series go through Arrow, pandas Series of Python objects are read object
by object; each comes back in its own kind. None of these libraries is
imported unless the input is one of theirs.
"""

from __future__ import annotations

from typing import Any

from ftfy_rs import _native


def fix(texts: Any, config: Any, threads: int | None, errors: str, per_string: bool) -> Any:
    """fix_texts on any input (its argument checks already made)."""
    library = type(texts).__module__.partition(".")[0]
    if library == "pandas":
        return _fix_pandas(texts, config, threads, errors, per_string)
    if library == "polars":
        return _fix_polars(texts, config, threads, errors, per_string)
    if library == "pyarrow":
        return _fix_pyarrow(texts, config, threads, errors, per_string)
    if hasattr(texts, "__arrow_c_array__") or hasattr(texts, "__arrow_c_stream__"):
        # Any other Arrow producer gets an object exporting the same.
        return _native.fix_arrow(texts, config, threads, errors, per_string)
    return _native.fix_texts(texts, config, threads, errors, per_string=per_string)


def _fix_pyarrow(array: Any, config: Any, threads: int | None, errors: str, per_string: bool) -> Any:
    """A pyarrow Array or ChunkedArray, fixed into the same kind."""
    import pyarrow

    if isinstance(array, (pyarrow.Table, pyarrow.RecordBatch)):
        raise TypeError("fix_texts takes one column: fix a column of a table with fix_column")
    if isinstance(array, pyarrow.ChunkedArray):
        if hasattr(array, "__arrow_c_stream__"):
            # Its chunks are one column.
            fixed = _native.fix_arrow(array, config, threads, errors, per_string)
            return pyarrow.chunked_array(fixed, type=array.type)
        # Chunk by chunk (a ChunkedArray exports no stream before pyarrow 15).
        chunks = [_fix_pyarrow(chunk, config, threads, errors, per_string) for chunk in array.chunks]
        return pyarrow.chunked_array(chunks, type=array.type)
    return pyarrow.array(_native.fix_arrow(array, config, threads, errors, per_string))


def _fix_pandas(series: Any, config: Any, threads: int | None, errors: str, per_string: bool) -> Any:
    """A pandas Series, fixed into a Series with the same index, name and
    dtype, missing values kept as they were."""
    import pandas

    if not isinstance(series, pandas.Series):
        if isinstance(series, pandas.DataFrame):
            raise TypeError("fix_texts takes one column: fix a column of a DataFrame with fix_column")
        return _native.fix_texts(series, config, threads, errors, per_string=per_string)
    if isinstance(series.dtype, pandas.CategoricalDtype):
        return _fix_categorical(series, config, threads, errors, per_string)
    if getattr(series.dtype, "storage", None) == "pyarrow" or isinstance(
        series.dtype, getattr(pandas, "ArrowDtype", ())
    ):
        # Arrow-backed (pandas 3's default for strings): through Arrow, with
        # no Python object per string either way.
        import pyarrow

        arrow = pyarrow.array(series, from_pandas=True)
        fixed = _fix_pyarrow(arrow, config, threads, errors, per_string)
        return pandas.Series(fixed, index=series.index, name=series.name, dtype=series.dtype)
    # Python objects (dtype object, or string[python]): each string read
    # where it is, and the unchanged ones given back as they are.
    values = _native.fix_texts(
        series.to_numpy(dtype=object), config, threads, errors, (pandas.NA, pandas.NaT), per_string
    )
    return pandas.Series(values, index=series.index, name=series.name, dtype=series.dtype)


def _fix_categorical(series: Any, config: Any, threads: int | None, errors: str, per_string: bool) -> Any:
    """A categorical Series: each category is fixed once."""
    import pandas

    categories = fix(series.cat.categories.to_series(), config, threads, errors, per_string)
    fixed = pandas.Index(categories.to_numpy(dtype=object))
    if fixed.is_unique:
        return series.cat.rename_categories(fixed)
    # Two categories fixed into one: the categories are made again.
    codes = series.cat.codes.to_numpy()
    values = fixed.to_numpy(dtype=object)[codes]
    values[codes < 0] = None
    return pandas.Series(pandas.Categorical(values), index=series.index, name=series.name)


def _fix_polars(texts: Any, config: Any, threads: int | None, errors: str, per_string: bool) -> Any:
    """A Polars Series (fixed through Arrow into a Series of the same type)
    or expression (an expression that fixes its values in batches)."""
    import polars

    if isinstance(texts, polars.Expr):
        def fix_batch(batch: Any) -> Any:
            return _fix_polars(batch, config, threads, errors, per_string)

        # A batch is the whole column unless the answers cannot depend on
        # it (elementwise lets Polars cut the column into batches).
        extended = config is not None and len(config) > 16 and bool(config[16])
        elementwise = per_string or not extended
        return texts.map_batches(fix_batch, return_dtype=polars.String, is_elementwise=elementwise)
    if not isinstance(texts, polars.Series):
        if isinstance(texts, (polars.DataFrame, polars.LazyFrame)):
            raise TypeError("fix_texts takes one column: fix a column of a DataFrame with fix_column")
        return _native.fix_texts(texts, config, threads, errors, per_string=per_string)
    fixed = _native.fix_arrow(texts, config, threads, errors, per_string)
    return polars.Series(texts.name, fixed)


def fix_column(table: Any, column: Any, config: Any, threads: int | None, errors: str, per_string: bool) -> Any:
    """fix_column (its argument checks already made)."""
    library = type(table).__module__.partition(".")[0]
    if library == "pandas":
        import pandas

        if isinstance(table, pandas.DataFrame):
            out = table.copy(deep=False)
            out[column] = fix(table[column], config, threads, errors, per_string)
            return out
    if library == "polars":
        import polars

        if isinstance(table, polars.DataFrame):
            return table.with_columns(fix(table[column], config, threads, errors, per_string))
        if isinstance(table, polars.LazyFrame):
            return table.with_columns(fix(polars.col(column), config, threads, errors, per_string))
    if library == "pyarrow":
        import pyarrow

        if isinstance(table, (pyarrow.Table, pyarrow.RecordBatch)):
            index = table.schema.get_field_index(column)
            if index < 0:
                raise KeyError(column)
            fixed = fix(table.column(index), config, threads, errors, per_string)
            return table.set_column(index, table.schema.field(index), fixed)
    raise TypeError(
        "fix_column takes a pandas or Polars DataFrame, a Polars LazyFrame or a pyarrow Table, "
        f"not {type(table).__name__}"
    )
