"""
Display widths of text in a monospaced terminal, and padding by them, with
ftfy 6.3.1's names. The widths come from the compiled library's tables,
which reproduce what ftfy gets from wcwidth.
"""

from __future__ import annotations

from ftfy_rs import _native


def character_width(char: str) -> int:
    r"""
    Determine the width that a character is likely to be displayed as in
    a monospaced terminal: 0, 1 or 2 for a printable character, -1 for a
    nonprintable or control character.

        >>> character_width('車'), character_width('A'), character_width('\n')
        (2, 1, -1)
    """
    return _native.character_width(char)  # type: ignore[no-any-return]


def monospaced_width(text: str) -> int:
    r"""
    Return the number of character cells that this string is likely to occupy
    when displayed in a monospaced, modern, Unicode-aware terminal emulator,
    or -1 if the string contains a non-printable or control character.

        >>> monospaced_width('ちゃぶ台返し')
        12
        >>> monospaced_width('\x1b[34mblue\x1b[m')
        4
    """
    return _native.monospaced_width(text)  # type: ignore[no-any-return]


def display_ljust(text: str, width: int, fillchar: str = " ") -> str:
    """
    Return `text` left-justified in a Unicode string whose display width,
    in a monospaced terminal, should be at least `width` character cells.
    Text with control characters is returned as it is.

        >>> display_ljust("ちゃぶ台返し", 16, '.')
        'ちゃぶ台返し....'
    """
    if character_width(fillchar) != 1:
        raise ValueError("The padding character must have display width 1")
    text_width = monospaced_width(text)
    if text_width == -1:
        return text
    padding = max(0, width - text_width)
    return text + fillchar * padding


def display_rjust(text: str, width: int, fillchar: str = " ") -> str:
    """
    Return `text` right-justified in a Unicode string whose display width,
    in a monospaced terminal, should be at least `width` character cells.

        >>> display_rjust("ちゃぶ台返し", 16, '.')
        '....ちゃぶ台返し'
    """
    if character_width(fillchar) != 1:
        raise ValueError("The padding character must have display width 1")
    text_width = monospaced_width(text)
    if text_width == -1:
        return text
    padding = max(0, width - text_width)
    return fillchar * padding + text


def display_center(text: str, width: int, fillchar: str = " ") -> str:
    """
    Return `text` centered in a Unicode string whose display width, in a
    monospaced terminal, should be at least `width` character cells.

        >>> display_center("ちゃぶ台返し", 16, '.')
        '..ちゃぶ台返し..'
    """
    if character_width(fillchar) != 1:
        raise ValueError("The padding character must have display width 1")
    text_width = monospaced_width(text)
    if text_width == -1:
        return text
    padding = max(0, width - text_width)
    left_padding = padding // 2
    right_padding = padding - left_padding
    return fillchar * left_padding + text + fillchar * right_padding
