"""
The heuristic that tells whether text is mojibake, with ftfy 6.3.1's
names: :func:`is_bad` to detect mojibake without fixing it, and
:func:`badness` to count the suspicious sequences.
"""

from __future__ import annotations

import re  # noqa: F401 (a name of ftfy's module)
import warnings

from ftfy_rs import _native
from ftfy_rs._lazy import lazy_tables

# ftfy's categories of characters that appear in mojibake, and its regular
# expression of the sequences it counts (the compiled library has its own).
__getattr__, __dir__ = lazy_tables(globals(), ("MOJIBAKE_CATEGORIES", "BADNESS_RE"))


def sequence_weirdness(text: str) -> int:
    """
    The name of the heuristic in ftfy 2.x through 5.x, redirected (with a
    warning, as ftfy does) to :func:`badness`.
    """
    warnings.warn(
        "`sequence_weirdness()` is an old heuristic, and the current "
        "closest equivalent is `ftfy.badness.badness()`"
    )
    return badness(text)


def badness(text: str) -> int:
    """
    A score of how much `text` looks like mojibake: the number of
    suspicious sequences the heuristic finds in it (0 for ordinary
    text).

        >>> badness("cafÃ©"), badness("café")
        (1, 0)
    """
    return _native.badness(text)  # type: ignore[no-any-return]


def is_bad(text: str) -> bool:
    """
    Whether `text` looks like mojibake to the heuristic: a filter for
    data sets, without fixing anything.

        >>> is_bad("cafÃ©"), is_bad("café")
        (True, False)
    """
    return _native.is_bad(text)  # type: ignore[no-any-return]
