"""
ftfy's expressions for Polars, as a Polars plugin: they run inside Polars'
engine, on its threads, in eager, lazy and streaming queries, with no
Python in the loop. Importing this module adds a ``ftfy`` namespace to
Polars expressions and Series::

    import polars as pl
    import ftfy_rs.polars  # noqa: F401 (adds the namespace)

    df.with_columns(pl.col("text").ftfy.fix_text())
    df.with_columns(pl.col("text").ftfy.fix_text(uncurl_quotes=False, extended_recovery=True))
    df.filter(pl.col("text").ftfy.is_bad())
    series.ftfy.fix_encoding()

Every expression takes a String column and gives a column of the same
length, nulls kept: ``fix_text``, ``fix_text_segment`` and
``fix_encoding`` (with :class:`ftfy_rs.TextFixerConfig`'s options as
keyword arguments, or a ``config``), ``is_bad`` (Boolean), ``badness``
(UInt32), and each of ftfy's text fixes (``unescape_html``,
``uncurl_quotes``, ``fix_line_breaks``, ...). Answers are those of the
functions of the same name, row by row.

A column is one document for extended recovery: with
``extended_recovery=True``, ``fix_text`` runs on the whole column at once
(``per_string=True`` judges each string alone, and lets Polars cut the
column into pieces). The plugin is the package's own native library.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl
from polars.plugins import register_plugin_function

from ftfy_rs import TextFixerConfig, _config_from_kwargs, _DEFAULTS_NO_EXPLAIN, _native

__all__ = ["FtfyExpressions", "FtfySeries"]

# Polars loads the plugin from this file: the package's native library.
_LIBRARY = Path(_native.__file__)

# ftfy's text fixes, as expressions (see ftfy_rs.fixes).
_FIXES = (
    "unescape_html",
    "remove_terminal_escapes",
    "uncurl_quotes",
    "fix_latin_ligatures",
    "fix_character_width",
    "fix_line_breaks",
    "remove_control_chars",
    "remove_bom",
    "decode_escapes",
    "decode_inconsistent_utf8",
    "fix_c1_controls",
)


def _options(config: TextFixerConfig | None, kwargs: dict[str, Any]) -> dict[str, Any]:
    """The plugin's keyword arguments: every option of the config, checked
    as fix_text checks them (an unknown option, a bad normalization or a
    negative max_decode_length raises here, not when the query runs)."""
    if config is not None and not isinstance(config, tuple):
        raise TypeError("config must be a TextFixerConfig or None")
    config = _config_from_kwargs(_DEFAULTS_NO_EXPLAIN if config is None else config, kwargs)
    _native.fix_text("", config)  # raises for a bad value
    options = dict(zip(TextFixerConfig._fields, config))
    options.setdefault("extended_recovery", False)  # ftfy's own config has 16 fields
    for name, value in options.items():
        if name == "unescape_html" and value == "auto":
            continue
        if name not in ("normalization", "max_decode_length"):
            options[name] = bool(value)
    options["explain"] = False
    return options


def _call(expr: pl.Expr, function: str, kwargs: dict[str, Any], elementwise: bool = True) -> pl.Expr:
    return register_plugin_function(
        plugin_path=_LIBRARY,
        function_name=function,
        args=expr,
        kwargs=kwargs,
        is_elementwise=elementwise,
    )


@pl.api.register_expr_namespace("ftfy")
class FtfyExpressions:
    """``pl.col(...).ftfy``: ftfy's functions as Polars expressions."""

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def fix_text(
        self, config: TextFixerConfig | None = None, *, per_string: bool = False, **kwargs: Any
    ) -> pl.Expr:
        """:func:`ftfy_rs.fix_text` of each row. With
        ``extended_recovery=True`` the column is one document, unless
        ``per_string=True``."""
        options = _options(config, kwargs)
        options["per_string"] = bool(per_string)
        # Each row's answer is its own unless the column is judged whole.
        elementwise = per_string or not options["extended_recovery"]
        return _call(self._expr, "fix_text", options, elementwise)

    def fix_text_segment(self, config: TextFixerConfig | None = None, **kwargs: Any) -> pl.Expr:
        """:func:`ftfy_rs.fix_text_segment` of each row."""
        return _call(self._expr, "fix_text_segment", _options(config, kwargs))

    def fix_encoding(self, config: TextFixerConfig | None = None, **kwargs: Any) -> pl.Expr:
        """:func:`ftfy_rs.fix_encoding` of each row."""
        return _call(self._expr, "fix_encoding", _options(config, kwargs))

    def is_bad(self) -> pl.Expr:
        """:func:`ftfy_rs.badness.is_bad` of each row (Boolean)."""
        return _call(self._expr, "is_bad", {})

    def badness(self) -> pl.Expr:
        """:func:`ftfy_rs.badness.badness` of each row (UInt32)."""
        return _call(self._expr, "badness", {})

    def __getattr__(self, name: str) -> Any:
        """ftfy's text fixes: ``pl.col("text").ftfy.uncurl_quotes()``."""
        if name not in _FIXES:
            raise AttributeError(f"'ftfy' expressions have no {name!r}")

        def fix() -> pl.Expr:
            return _call(self._expr, "apply_fix", {"fix": name})

        fix.__name__ = name
        fix.__doc__ = f":func:`ftfy_rs.fixes.{name}` of each row."
        return fix

    def __dir__(self) -> list[str]:
        return sorted({*super().__dir__(), *_FIXES})


@pl.api.register_series_namespace("ftfy")
class FtfySeries:
    """``series.ftfy``: the same functions on a Series, giving a Series."""

    def __init__(self, series: pl.Series) -> None:
        self._series = series

    def __getattr__(self, name: str) -> Any:
        expressions = FtfyExpressions(pl.col(self._series.name))
        method = getattr(expressions, name)

        def run(*args: Any, **kwargs: Any) -> pl.Series:
            frame = self._series.to_frame()
            return frame.select(method(*args, **kwargs)).to_series()

        run.__name__ = name
        run.__doc__ = method.__doc__
        return run

    def __dir__(self) -> list[str]:
        return dir(FtfyExpressions(pl.col("")))
