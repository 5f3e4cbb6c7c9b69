"""The Polars plugin (`import ftfy_rs.polars`): `pl.col(...).ftfy.fix_text()`
and the other expressions give ftfy 6.3.1's answer for every row, in eager,
lazy and streaming queries, nulls kept; every option of TextFixerConfig
reaches them; bad options fail when the expression is made."""
import pytest

import ftfy_rs
from conftest import OPTION_SETS


@pytest.fixture
def plugin(pl):
    import ftfy_rs.polars

    return ftfy_rs.polars


def agrees(oracle, ours, theirs):
    """Equal, or golden/differences.toml's kind: ftfy's fix_text answer is
    not a fixed point, and ours is that answer fixed again."""
    if theirs is None:
        return ours is None
    return ours == theirs or ours == oracle.fix_text(theirs)


def with_nulls(corpus):
    return [None if i % 50 == 0 else text for i, text in enumerate(corpus)]


def collect_each_way(pl, frame, expression):
    """The column `expression` makes of `frame`, eager, lazy and streaming."""
    eager = frame.with_columns(expression.alias("fixed"))["fixed"]
    lazy = frame.lazy().with_columns(expression.alias("fixed")).collect()["fixed"]
    streaming = (
        frame.lazy().with_columns(expression.alias("fixed")).collect(engine="streaming")["fixed"]
    )
    return {"eager": eager, "lazy": lazy, "streaming": streaming}


def test_fix_text_is_ftfys_on_every_row(pl, plugin, oracle, corpus):
    values = with_nulls(corpus)
    # Several chunks, as a column read in pieces is.
    frame = pl.concat([pl.DataFrame({"text": values[:1000]}),
                       pl.DataFrame({"text": values[1000:]})], rechunk=False)
    expected = [None if value is None else oracle.fix_text(value) for value in values]
    for way, fixed in collect_each_way(pl, frame, pl.col("text").ftfy.fix_text()).items():
        assert fixed.dtype == pl.String and fixed.len() == len(values), way
        rows = fixed.to_list()
        wrong = [i for i, (ours, theirs) in enumerate(zip(rows, expected))
                 if not agrees(oracle, ours, theirs)]
        assert wrong == [], (way, [(values[i], rows[i], expected[i]) for i in wrong[:3]])


def test_the_other_functions_are_ftfys(pl, plugin, oracle, corpus):
    values = with_nulls(corpus[:3000])
    frame = pl.DataFrame({"text": values})
    strings = [value for value in values if value is not None]
    cases = {
        "fix_encoding": (pl.col("text").ftfy.fix_encoding(), oracle.fix_encoding),
        "fix_text_segment": (pl.col("text").ftfy.fix_text_segment(), oracle.fix_text_segment),
        "is_bad": (pl.col("text").ftfy.is_bad(), oracle.badness.is_bad),
        "badness": (pl.col("text").ftfy.badness(), oracle.badness.badness),
    }
    for name in ftfy_rs.polars._FIXES:
        cases[name] = (getattr(pl.col("text").ftfy, name)(), getattr(oracle.fixes, name))
    for name, (expression, function) in cases.items():
        result = frame.select(expression)["text"].to_list()
        assert [row for row in result if row is not None] == [function(s) for s in strings], name
        assert [row is None for row in result] == [value is None for value in values], name


def test_every_option_reaches_the_plugin(pl, plugin, corpus):
    values = with_nulls(corpus[:1500])
    frame = pl.DataFrame({"text": values})
    for options in OPTION_SETS + [{"extended_recovery": True}]:
        for per_string in (False, True):
            expression = pl.col("text").ftfy.fix_text(per_string=per_string, **options)
            fixed = frame.lazy().select(expression).collect()["text"].to_list()
            # ftfy_rs's fix_text, itself checked against ftfy for every option
            # (test_against_ftfy.py), with the plugin's explain off.
            expected = [None if value is None else ftfy_rs.fix_text(value, **options)
                        for value in values]
            assert fixed == expected, options
    config = ftfy_rs.TextFixerConfig(uncurl_quotes=False, normalization="NFKC")
    fixed = frame.select(pl.col("text").ftfy.fix_text(config))["text"].to_list()
    assert fixed == [None if v is None else ftfy_rs.fix_text(v, config) for v in values]


def test_extended_recovery_judges_the_column_whole_unless_per_string(pl, plugin):
    texts = ["Un cafГ© au lait", "Ïðèâåò, êàê äåëà?", None, "fine"]
    frame = pl.DataFrame({"text": texts})
    expected = [None if t is None else ftfy_rs.fix_text(t, extended_recovery=True) for t in texts]
    assert expected[:2] == ["Un café au lait", "Привет, как дела?"]
    for per_string in (False, True):
        expression = pl.col("text").ftfy.fix_text(extended_recovery=True, per_string=per_string)
        for way, fixed in collect_each_way(pl, frame, expression).items():
            assert fixed.to_list() == expected, (way, per_string)


def test_series_namespace_names_and_nulls(pl, plugin):
    series = pl.Series("words", ["cafÃ©", None, "", "âœ” No problems"])
    fixed = series.ftfy.fix_text()
    assert fixed.name == "words" and fixed.to_list() == ["café", None, "", "✔ No problems"]
    assert series.ftfy.is_bad().to_list() == [True, None, False, True]
    assert pl.Series("e", [], dtype=pl.String).ftfy.fix_text().to_list() == []
    nulls = pl.Series("n", [None, None], dtype=pl.String)
    assert nulls.ftfy.fix_text().to_list() == [None, None]
    # Long strings, past where the plugin shares rows among threads.
    long = pl.Series("long", ["cafÃ© " * 40_000, "fine " * 40_000] * 4)
    assert long.ftfy.fix_text().to_list() == [ftfy_rs.fix_text(t) for t in long.to_list()]


def test_bad_arguments_fail_when_the_expression_is_made(pl, plugin):
    with pytest.raises(ValueError, match="invalid normalization form"):
        pl.col("text").ftfy.fix_text(normalization="NFX")
    with pytest.raises(ValueError, match="max_decode_length must be 0 or more"):
        pl.col("text").ftfy.fix_text(max_decode_length=-1)
    with pytest.raises(ValueError, match="unexpected field names"):
        pl.col("text").ftfy.fix_text(no_such_option=True)
    with pytest.raises(AttributeError):
        pl.col("text").ftfy.make_it_nice()
    # A column of another type names the way out.
    with pytest.raises(pl.exceptions.ComputeError, match="take a String column"):
        pl.DataFrame({"n": [1, 2]}).select(pl.col("n").ftfy.fix_text())
