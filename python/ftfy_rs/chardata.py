"""Facts about the encodings ftfy works with, for code that imports them
from ``ftfy.chardata``."""

from __future__ import annotations

# Names of ftfy's module.
import html  # noqa: F401
import itertools  # noqa: F401
import re  # noqa: F401
import unicodedata  # noqa: F401

from ftfy_rs import _native
from ftfy_rs._lazy import lazy_tables

# ftfy's tables and regular expressions, with its values (the compiled
# library has its own, generated from the same source).
__getattr__, __dir__ = lazy_tables(
    globals(),
    (
        "ALTERED_UTF8_RE", "C1_CONTROL_RE", "CONTROL_CHARS", "DOUBLE_QUOTE_RE",
        "ENCODING_REGEXES", "HTML_ENTITIES", "HTML_ENTITY_RE", "LIGATURES", "LOSSY_UTF8_RE",
        "SINGLE_QUOTE_RE", "UTF8_CLUES", "UTF8_DETECTOR_RE", "WIDTH_MAP",
    ),
)

# The single-byte encodings whose mojibake ftfy undoes, in the order it
# tries them.
CHARMAP_ENCODINGS = _native.charmap_candidates()


def possible_encoding(text: str, encoding: str) -> bool:
    """Whether `text` could have been decoded from `encoding`, a single-byte
    encoding: whether that encoding can encode every character of it.

    >>> possible_encoding("café", "latin-1")
    True
    >>> possible_encoding("€", "latin-1")
    False
    """
    return _native.can_encode(encoding, text)
