"""pandas and Polars in, pandas and Polars out: a Series comes back as a
Series of the same kind, index, name and dtype, each string fixed as
ftfy 6.3.1's fix_text fixes it, missing values kept as they were; a
DataFrame's column through fix_column. Each test needs the library it
uses (the `pd` and `pl` fixtures), and pyarrow where it says so."""
import math

import pytest

import ftfy_rs


def expected_for(oracle, values, **options):
    """ftfy's answer for each string; anything else as it is."""
    return [oracle.fix_text(value, **options) if isinstance(value, str) else value
            for value in values]


def agrees(oracle, ours, theirs):
    """Equal, or golden/differences.toml's kind: ftfy's fix_text answer is
    not a fixed point, and ours is that answer fixed again."""
    return ours == theirs or (isinstance(theirs, str) and ours == oracle.fix_text(theirs))


def same_rows(oracle, ours, theirs):
    """Row by row: strings as `agrees` says, anything else (None, NaN,
    pd.NA, a number) the very same object or an equal number."""
    def same(a, b):
        if isinstance(b, str):
            return isinstance(a, str) and agrees(oracle, a, b)
        if isinstance(a, float) and isinstance(b, float):
            return a == b or (math.isnan(a) and math.isnan(b))
        return a is b or (type(a) is type(b) is int and a == b)
    return len(ours) == len(theirs) and all(map(same, ours, theirs))


def without_na(pd, values):
    return [None if pd.isna(value) else value for value in values]


def values_with_missing(corpus, missing):
    return [missing if i % 100 == 0 else text for i, text in enumerate(corpus)]


def test_str_series(pa, pd, oracle, corpus):
    values = values_with_missing(corpus, None)
    # pandas' default dtype for strings (pandas 3: Arrow-backed), or
    # string[pyarrow] where the default is object (pandas 2).
    dtype = pd.Series(["x"]).dtype
    dtype = "string[pyarrow]" if dtype == object else dtype
    series = pd.Series(values, index=range(10, 10 + len(values)), name="text", dtype=dtype)
    fixed = ftfy_rs.fix_texts(series)
    assert isinstance(fixed, pd.Series)
    assert fixed.dtype == series.dtype and fixed.name == "text"
    assert fixed.index.equals(series.index)
    assert fixed.isna().equals(series.isna())
    assert same_rows(oracle, without_na(pd, fixed), expected_for(oracle, values))


@pytest.mark.parametrize("missing", [None, float("nan"), "pd.NA"])
def test_object_series_keep_their_missing_values(pa, pd, oracle, corpus, missing):
    missing = pd.NA if missing == "pd.NA" else missing
    values = values_with_missing(corpus[:3000], missing)
    series = pd.Series(values, index=[f"row {i}" for i in range(len(values))], dtype=object)
    fixed = ftfy_rs.fix_texts(series)
    assert fixed.dtype == object and fixed.index.equals(series.index)
    assert same_rows(oracle, list(fixed), expected_for(oracle, values))
    # Missing values are the very objects they were.
    assert all(fixed.iloc[i] is missing for i in range(0, len(values), 100))


@pytest.mark.parametrize("dtype", ["string[python]", "string[pyarrow]"])
def test_string_dtypes(pa, pd, oracle, corpus, dtype):
    values = values_with_missing(corpus[:2000], None)
    series = pd.Series(values, dtype=dtype, name=3)
    fixed = ftfy_rs.fix_texts(series)
    assert fixed.dtype == series.dtype and fixed.name == 3
    assert same_rows(oracle, without_na(pd, fixed), expected_for(oracle, values))


def test_mixed_object_series(pd, oracle):
    # Not strings only: the error names the position; errors= decides.
    values = ["cafÃ©", None, 7, float("nan"), "ok"]
    series = pd.Series(values, dtype=object, index=list("abcde"))
    with pytest.raises(TypeError, match="element 2 is int"):
        ftfy_rs.fix_texts(series)
    kept = ftfy_rs.fix_texts(series, errors="keep")
    assert same_rows(oracle, list(kept), ["café", None, 7, float("nan"), "ok"])
    assert list(kept.index) == list("abcde")
    nulled = ftfy_rs.fix_texts(series, errors="null")
    assert same_rows(oracle, list(nulled), ["café", None, None, float("nan"), "ok"])


def test_without_pyarrow_too(pd, monkeypatch, oracle, corpus):
    import builtins

    real_import = builtins.__import__

    def no_pyarrow(name, *args, **kwargs):
        if name == "pyarrow" or name.startswith("pyarrow."):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    values = values_with_missing(corpus[:500], None)
    series = pd.Series(values, dtype=object)
    monkeypatch.setattr(builtins, "__import__", no_pyarrow)
    fixed = ftfy_rs.fix_texts(series)
    assert same_rows(oracle, list(fixed), expected_for(oracle, values))


def test_categorical_series(pd, pa):
    series = pd.Series(["cafÃ©", "ok", None, "cafÃ©"], dtype="category")
    fixed = ftfy_rs.fix_texts(series)
    assert fixed.dtype == "category"
    assert list(fixed.cat.categories) == ["café", "ok"]
    assert without_na(pd, fixed) == ["café", "ok", None, "café"]
    # Two categories that fix into one.
    merged = ftfy_rs.fix_texts(pd.Series(["cafÃ©", "café", None], dtype="category"))
    assert list(merged.cat.categories) == ["café"]
    assert without_na(pd, merged) == ["café", "café", None]


def test_pandas_fix_column(pa, pd, oracle):
    frame = pd.DataFrame({"id": [1, 2, 3], "text": ["cafÃ©", None, "â€œquotedâ€\x9d"]})
    fixed = ftfy_rs.fix_column(frame, "text", uncurl_quotes=False)
    assert list(fixed.columns) == ["id", "text"]
    assert list(fixed["id"]) == [1, 2, 3]
    assert fixed["text"].iloc[0] == "café" and pd.isna(fixed["text"].iloc[1])
    assert fixed["text"].iloc[2] == oracle.fix_text("â€œquotedâ€\x9d", uncurl_quotes=False)
    # The input is left as it was.
    assert frame["text"].iloc[0] == "cafÃ©"


def test_polars_series(pl, oracle, corpus):
    values = values_with_missing(corpus, None)
    series = pl.Series("text", values)
    fixed = ftfy_rs.fix_texts(series, threads=2)
    assert isinstance(fixed, pl.Series)
    assert fixed.name == "text" and fixed.dtype == series.dtype
    assert same_rows(oracle, fixed.to_list(), expected_for(oracle, values))


def test_polars_categorical(pl):
    series = pl.Series("text", ["cafÃ©", "ok", None, "cafÃ©"], dtype=pl.Categorical)
    assert ftfy_rs.fix_texts(series).to_list() == ["café", "ok", None, "café"]


def test_polars_expressions_and_frames(pl, oracle):
    frame = pl.DataFrame({"id": [1, 2, 3], "text": ["cafÃ©", None, "Un cafГ© au lait"]})
    fixed = frame.with_columns(ftfy_rs.fix_texts(pl.col("text"), extended_recovery=True))
    assert fixed["text"].to_list() == ["café", None, "Un café au lait"]
    assert ftfy_rs.fix_column(frame, "text")["text"].to_list() == \
        ["café", None, oracle.fix_text("Un cafГ© au lait")]
    lazy = ftfy_rs.fix_column(frame.lazy(), "text")
    assert isinstance(lazy, pl.LazyFrame)
    assert lazy.collect()["text"].to_list()[0] == "café"


def test_polars_errors(pl):
    with pytest.raises(TypeError, match="holds integers"):
        ftfy_rs.fix_texts(pl.Series([1, 2]))
    with pytest.raises(TypeError, match="binary .*decode it first"):
        ftfy_rs.fix_texts(pl.Series([b"x"]))


def test_arrow_fix_column(pa):
    table = pa.table({"id": [1, 2], "text": pa.array(["cafÃ©", None], pa.large_string())})
    fixed = ftfy_rs.fix_column(table, "text")
    assert fixed.schema == table.schema
    assert fixed.column("text").to_pylist() == ["café", None]
    with pytest.raises(KeyError):
        ftfy_rs.fix_column(table, "nope")


def test_fix_column_refuses_other_things():
    with pytest.raises(TypeError, match="fix_column takes"):
        ftfy_rs.fix_column([["a"]], 0)
