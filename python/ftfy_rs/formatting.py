"""
Display widths of text in a monospaced terminal, and padding by them, with
ftfy 6.3.1's names. The widths come from the compiled library's tables,
which reproduce what ftfy gets from wcwidth.
"""

from __future__ import annotations

from ftfy_rs import _native


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
