"""
The individual fixes that :func:`ftfy_rs.fix_text` can apply, each usable
on its own, with ftfy 6.3.1's names. Each runs in the compiled library.
"""

from __future__ import annotations

import warnings
from re import Match
from typing import Any

from ftfy_rs import _native


def fix_encoding_and_explain(text: str) -> Any:
    """Deprecated copy of `ftfy.fix_encoding_and_explain()`."""
    warnings.warn(
        "`fix_encoding_and_explain()` has moved to the main module of ftfy.",
        DeprecationWarning,
        stacklevel=2,
    )
    import ftfy_rs

    return ftfy_rs.fix_encoding_and_explain(text)


def fix_encoding(text: str) -> str:
    """Deprecated copy of `ftfy.fix_encoding()`."""
    warnings.warn(
        "`fix_encoding()` has moved to the main module of ftfy.",
        DeprecationWarning,
        stacklevel=2,
    )
    import ftfy_rs

    return ftfy_rs.fix_encoding(text)


def apply_plan(text: str, plan: list[tuple[str, str]]) -> str:
    """Deprecated copy of `ftfy.apply_plan()`."""
    warnings.warn(
        "`apply_plan()` has moved to the main module of ftfy.",
        DeprecationWarning,
        stacklevel=2,
    )
    import ftfy_rs

    return ftfy_rs.apply_plan(text, plan)


def unescape_html(text: str) -> str:
    """
    Decode HTML entities and character references, including some nonstandard
    ones written in all-caps.

        >>> unescape_html("&lt;tag&gt; &EACUTE;")
        '<tag> É'
    """
    return _native.apply_fix("unescape_html", text)


def remove_terminal_escapes(text: str) -> str:
    r"""
    Strip out "ANSI" terminal escape sequences, such as those that produce
    colored text on Unix.

        >>> remove_terminal_escapes("\033[36;44mI'm blue, da ba dee da ba doo...\033[0m")
        "I'm blue, da ba dee da ba doo..."
    """
    return _native.apply_fix("remove_terminal_escapes", text)


def uncurl_quotes(text: str) -> str:
    r"""
    Replace curly quotation marks with straight equivalents.

        >>> print(uncurl_quotes('\u201chere\u2019s a test\u201d'))
        "here's a test"
    """
    return _native.apply_fix("uncurl_quotes", text)


def fix_latin_ligatures(text: str) -> str:
    """
    Replace single-character ligatures of Latin letters, such as 'ﬁ', with the
    characters that they contain, as in 'fi'.

        >>> print(fix_latin_ligatures("ﬂuﬃeﬆ"))
        fluffiest
    """
    return _native.apply_fix("fix_latin_ligatures", text)


def fix_character_width(text: str) -> str:
    """
    The ASCII characters, katakana, and Hangul characters have alternate
    "halfwidth" or "fullwidth" forms that help text line up in a grid. Replace
    them with their standard forms.

        >>> print(fix_character_width("ＬＯＵＤ　ＮＯＩＳＥＳ"))
        LOUD NOISES
    """
    return _native.apply_fix("fix_character_width", text)


def fix_line_breaks(text: str) -> str:
    r"""
    Convert all line breaks to Unix style: CRLF, CR, LINE SEPARATOR,
    PARAGRAPH SEPARATOR and NEXT LINE all become "\n".

        >>> print(fix_line_breaks("This string is made of two things:\u2029"
        ...                       "1. Unicode\u2028"
        ...                       "2. Spite").replace("\n", "|"))
        This string is made of two things:|1. Unicode|2. Spite
    """
    return _native.apply_fix("fix_line_breaks", text)


def convert_surrogate_pair(match: Match[str]) -> str:
    """
    Convert a surrogate pair to the single codepoint it represents (ftfy
    uses this as a regex replacement function).
    """
    pair = match.group(0)
    codept = 0x10000 + (ord(pair[0]) - 0xD800) * 0x400 + (ord(pair[1]) - 0xDC00)
    return chr(codept)


def fix_surrogates(text: str) -> str:
    r"""
    Replace 16-bit surrogate codepoints with the characters they represent
    (when properly paired), or with \ufffd otherwise.

        >>> high_surrogate = chr(0xd83d)
        >>> low_surrogate = chr(0xdca9)
        >>> print(fix_surrogates(high_surrogate + low_surrogate))
        💩
        >>> print(fix_surrogates(low_surrogate + high_surrogate))
        ��
    """
    return _native.apply_fix("fix_surrogates", text)


def remove_control_chars(text: str) -> str:
    """
    Remove various control characters that you probably didn't intend to be
    in your text: ASCII controls other than tab and line breaks, the
    deprecated Arabic and Unicode format controls, interlinear annotation
    characters, object replacement characters, the byte-order mark and
    musical notation formatting characters.
    """
    return _native.apply_fix("remove_control_chars", text)


def remove_bom(text: str) -> str:
    r"""
    Remove a byte-order mark that was accidentally decoded as if it were part
    of the text.

        >>> print(remove_bom(chr(0xfeff) + "Where do you want to go today?"))
        Where do you want to go today?
    """
    return text.lstrip(chr(0xFEFF))


def decode_escapes(text: str) -> str:
    r"""
    Decode backslashed escape sequences, including \x, \u, and \U character
    references, even in the presence of other Unicode.

        >>> factoid = '\\u20a1 is the currency symbol for the colón.'
        >>> print(decode_escapes(factoid))
        ₡ is the currency symbol for the colón.
    """
    return _native.apply_fix("decode_escapes", text)


def restore_byte_a0(byts: bytes) -> bytes:
    """
    Some mojibake has been additionally altered by a process that said "hmm,
    byte A0, that's basically a space!" and replaced it with an ASCII space.
    Where that makes a UTF-8 sequence decodable again, restore the A0 byte.
    """
    return _native.apply_byte_fix("restore_byte_a0", byts)


def replace_lossy_sequences(byts: bytes) -> bytes:
    """
    This function identifies sequences where information has been lost in a
    "sloppy" codec, indicated by byte 1A, and if they would otherwise look
    like a UTF-8 sequence, it replaces them with the UTF-8 sequence for
    U+FFFD.
    """
    return _native.apply_byte_fix("replace_lossy_sequences", byts)


def decode_inconsistent_utf8(text: str) -> str:
    """
    Sometimes, text from one encoding ends up embedded within text from a
    different one. This function looks for sequences that look like UTF-8
    mojibake and fixes them, without decoding the whole string.
    """
    return _native.apply_fix("decode_inconsistent_utf8", text)


def fix_c1_controls(text: str) -> str:
    """
    If text still contains C1 control characters, treat them as their
    Windows-1252 equivalents. This matches what Web browsers do.
    """
    return _native.apply_fix("fix_c1_controls", text)
