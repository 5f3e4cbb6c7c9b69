"""
Display widths of text in a monospaced terminal, and padding by them, with
ftfy 6.3.1's names. The widths come from the compiled library's tables,
which reproduce what ftfy gets from wcwidth.
"""

from __future__ import annotations

from unicodedata import normalize  # noqa: F401 (a name of ftfy's module)

from ftfy_rs import _native
from ftfy_rs.fixes import remove_terminal_escapes  # noqa: F401 (as in ftfy)

# wcwidth's own defaults, the only ones these measure with.
_DEFAULTS = ("auto", 1)


def wcwidth(wc: str, unicode_version: str = "auto", ambiguous_width: int = 1) -> int:
    """
    The width of one character as the `wcwidth` package's `wcwidth`
    (which ftfy's module re-exports) measures it with its defaults: what
    :func:`character_width` gives.

        >>> wcwidth('車')
        2
    """
    if (unicode_version, ambiguous_width) != _DEFAULTS:
        raise ValueError("ftfy_rs measures widths with wcwidth's defaults only")
    return character_width(wc)


def wcswidth(
    pwcs: str, n: int | None = None, unicode_version: str = "auto", ambiguous_width: int = 1
) -> int:
    """
    The width of the first `n` characters of `pwcs` (all of them if `n` is
    None) as the `wcwidth` package's `wcswidth` measures it with its
    defaults: by grapheme clusters, -1 if one is a control character.
    Unlike :func:`monospaced_width`, it neither normalizes nor skips
    terminal escapes.

        >>> wcswidth('ちゃぶ台返し'), wcswidth('\x1b[34mblue\x1b[m')
        (12, -1)
    """
    if (unicode_version, ambiguous_width) != _DEFAULTS:
        raise ValueError("ftfy_rs measures widths with wcwidth's defaults only")
    return _native.wcswidth(pwcs if n is None else pwcs[:n])  # type: ignore[no-any-return]


def character_width(char: str) -> int:
    r"""
    How many cells `char` takes in a monospaced terminal: 0, 1 or 2, or
    -1 for a control character.

        >>> character_width('車'), character_width('A'), character_width('\n')
        (2, 1, -1)
    """
    return _native.character_width(char)  # type: ignore[no-any-return]


def monospaced_width(text: str) -> int:
    r"""
    How many cells `text` takes in a monospaced terminal, or -1 if it
    holds control characters (terminal escapes are not counted).

        >>> monospaced_width('ちゃぶ台返し')
        12
        >>> monospaced_width('\x1b[34mblue\x1b[m')
        4
    """
    return _native.monospaced_width(text)  # type: ignore[no-any-return]


def display_ljust(text: str, width: int, fillchar: str = " ") -> str:
    """
    Pads `text` on the right with `fillchar` to `width` terminal cells;
    text holding control characters comes back as it is.

        >>> display_ljust("ちゃぶ台返し", 16, '.')
        'ちゃぶ台返し....'
    """
    left, right = _padding(text, width, fillchar, 0)
    return left + text + right


def display_rjust(text: str, width: int, fillchar: str = " ") -> str:
    """
    Pads `text` on the left with `fillchar` to `width` terminal cells;
    text holding control characters comes back as it is.

        >>> display_rjust("ちゃぶ台返し", 16, '.')
        '....ちゃぶ台返し'
    """
    left, right = _padding(text, width, fillchar, 1)
    return left + text + right


def display_center(text: str, width: int, fillchar: str = " ") -> str:
    """
    Pads `text` on both sides with `fillchar` to `width` terminal cells;
    text holding control characters comes back as it is.

        >>> display_center("ちゃぶ台返し", 16, '.')
        '..ちゃぶ台返し..'
    """
    left, right = _padding(text, width, fillchar, 0.5)
    return left + text + right


def _padding(text: str, width: int, fillchar: str, left_share: float) -> tuple[str, str]:
    """The padding before and after `text` that brings it to `width`
    cells, `left_share` of it (rounded down) before; none for text with
    control characters, which has no width."""
    if character_width(fillchar) != 1:
        raise ValueError("The padding character must have display width 1")
    text_width = monospaced_width(text)
    padding = 0 if text_width == -1 else max(0, width - text_width)
    left = int(padding * left_share)
    return fillchar * left, fillchar * (padding - left)
