"""
The individual fixes that :func:`ftfy_rs.fix_text` can apply, each usable
on its own, with ftfy 6.3.1's names. Each runs in the compiled library.
"""

from __future__ import annotations

# Names of ftfy's module.
import codecs  # noqa: F401
import html  # noqa: F401
import re  # noqa: F401
import warnings
from re import Match
from typing import Any

import ftfy_rs as ftfy
from ftfy_rs import _native
from ftfy_rs._lazy import lazy_tables
from ftfy_rs.badness import is_bad  # noqa: F401 (as in ftfy)

# ftfy's tables and regular expressions (its own, and those it imports from
# ftfy.chardata), with its values.
__getattr__, __dir__ = lazy_tables(
    globals(),
    (
        "ALTERED_UTF8_RE", "ANSI_RE", "A_GRAVE_WORD_RE", "C1_CONTROL_RE", "CONTROL_CHARS",
        "DOUBLE_QUOTE_RE", "ESCAPE_SEQUENCE_RE", "HTML_ENTITIES", "HTML_ENTITY_RE", "LIGATURES",
        "LOSSY_UTF8_RE", "SINGLE_QUOTE_RE", "SURROGATE_PAIR_RE", "SURROGATE_RE",
        "UTF8_DETECTOR_RE", "WIDTH_MAP",
    ),
)


def fix_encoding_and_explain(text: str) -> Any:
    """
    Undoes mojibake in `text` and returns the result with the plan that
    undid it; other fixes are not applied.
    """
    warnings.warn(
        "`fix_encoding_and_explain()` has moved to the main module of ftfy.",
        DeprecationWarning,
        stacklevel=2,
    )
    return ftfy.fix_encoding_and_explain(text)


def fix_encoding(text: str) -> str:
    """
    Undoes mojibake in `text` (UTF-8 decoded as a single-byte encoding,
    once or more), and nothing else.
    """
    warnings.warn(
        "`fix_encoding()` has moved to the main module of ftfy.",
        DeprecationWarning,
        stacklevel=2,
    )
    return ftfy.fix_encoding(text)


def apply_plan(text: str, plan: list[tuple[str, str]]) -> str:
    """
    Replays a plan (from `fix_and_explain` or
    `fix_encoding_and_explain`) on `text`, to fix other text damaged the
    same way.
    """
    warnings.warn(
        "`apply_plan()` has moved to the main module of ftfy.",
        DeprecationWarning,
        stacklevel=2,
    )
    return ftfy.apply_plan(text, plan)


def unescape_html(text: str) -> str:
    """
    Decodes HTML entities and numeric character references, including
    the all-capital entity names some programs write.

        >>> unescape_html("&lt;tag&gt; &EACUTE;")
        '<tag> É'
    """
    return _native.apply_fix("unescape_html", text)


def remove_terminal_escapes(text: str) -> str:
    r"""
    Removes ANSI terminal escape sequences (colors, cursor moves), which
    have no place in text.

        >>> remove_terminal_escapes("\033[36;44mI'm blue, da ba dee da ba doo...\033[0m")
        "I'm blue, da ba dee da ba doo..."
    """
    return _native.apply_fix("remove_terminal_escapes", text)


def uncurl_quotes(text: str) -> str:
    r"""
    Turns curly single and double quotes into straight ASCII ones.

        >>> print(uncurl_quotes('\u201chere\u2019s a test\u201d'))
        "here's a test"
    """
    return _native.apply_fix("uncurl_quotes", text)


def fix_latin_ligatures(text: str) -> str:
    """
    Spells out Latin ligatures such as ﬁ and ﬂ as separate letters, as
    text meant them before a typesetting step joined them.

        >>> print(fix_latin_ligatures("ﬂuﬃeﬆ"))
        fluffiest
    """
    return _native.apply_fix("fix_latin_ligatures", text)


def fix_character_width(text: str) -> str:
    """
    Turns full-width Latin letters, digits and punctuation into their
    ordinary forms, and half-width katakana into full-width ones.

        >>> print(fix_character_width("ＬＯＵＤ　ＮＯＩＳＥＳ"))
        LOUD NOISES
    """
    return _native.apply_fix("fix_character_width", text)


def fix_line_breaks(text: str) -> str:
    r"""
    Turns every kind of line break (CRLF, CR, U+2028, U+2029, U+0085)
    into a line feed.

        >>> print(fix_line_breaks("This string is made of two things:\u2029"
        ...                       "1. Unicode\u2028"
        ...                       "2. Spite").replace("\n", "|"))
        This string is made of two things:|1. Unicode|2. Spite
    """
    return _native.apply_fix("fix_line_breaks", text)


def convert_surrogate_pair(match: Match[str]) -> str:
    """
    The character that a high and a low UTF-16 surrogate stand for
    together.
    """
    pair = match.group(0)
    codept = 0x10000 + (ord(pair[0]) - 0xD800) * 0x400 + (ord(pair[1]) - 0xDC00)
    return chr(codept)


def fix_surrogates(text: str) -> str:
    r"""
    Joins UTF-16 surrogate pairs left in a string into the characters
    they encode, and replaces lone surrogates with U+FFFD.

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
    Removes control characters and other invisible characters that only
    get in the way (but keeps tab, line feed, form feed and the like).
    """
    return _native.apply_fix("remove_control_chars", text)


def remove_bom(text: str) -> str:
    r"""
    Removes a byte-order mark (U+FEFF) from the start of the text.

        >>> print(remove_bom(chr(0xfeff) + "Where do you want to go today?"))
        Where do you want to go today?
    """
    return text.lstrip(chr(0xFEFF))


def decode_escapes(text: str) -> str:
    r"""
    Decodes backslash escapes (`\n`, `\x41`, `\u20a1`, ...) as
    Python's string literals do, leaving the rest of the text alone.

        >>> factoid = '\\u20a1 is the currency symbol for the colón.'
        >>> print(decode_escapes(factoid))
        ₡ is the currency symbol for the colón.
    """
    return _native.apply_fix("decode_escapes", text)


def restore_byte_a0(byts: bytes) -> bytes:
    """
    Puts back byte A0 where a space replaced it inside bytes that would
    then decode as UTF-8 (works on the bytes of re-encoded mojibake).
    """
    return _native.apply_byte_fix("restore_byte_a0", byts)


def replace_lossy_sequences(byts: bytes) -> bytes:
    """
    Replaces UTF-8 sequences that lost a byte (to U+FFFD, shown as byte
    1A by the sloppy codecs) with U+FFFD, so the rest can decode (works
    on bytes).
    """
    return _native.apply_byte_fix("replace_lossy_sequences", byts)


def decode_inconsistent_utf8(text: str) -> str:
    """
    Fixes runs of UTF-8 mojibake inside text that cannot be re-decoded
    as a whole, such as a line joined from two sources.
    """
    return _native.apply_fix("decode_inconsistent_utf8", text)


def fix_c1_controls(text: str) -> str:
    """
    Turns C1 control characters into the Windows-1252 characters of the
    same byte, as browsers do.
    """
    return _native.apply_fix("fix_c1_controls", text)
