"""Facts about the encodings ftfy works with, for code that imports them
from ``ftfy.chardata``."""

from __future__ import annotations

from ftfy_rs import _native

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
