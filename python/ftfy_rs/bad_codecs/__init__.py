"""Python codecs for the encodings ftfy adds: its *sloppy* single-byte
encodings (``sloppy-windows-1252`` and friends, which decode every byte) and
``utf-8-variants`` (UTF-8 that also accepts CESU-8 surrogate pairs and
Java's ``C0 80`` null, also called ``cesu-8`` and ``java-utf-8``).

Importing ``ftfy_rs`` registers them with Python's codec registry, as
importing ``ftfy`` does, so ``b"\\x80".decode("sloppy-windows-1252")``
works. The tables and the names come from the Rust library, so Python and
the library always agree.

    >>> import ftfy_rs.bad_codecs
    >>> b"\\xed\\xa0\\xbd\\xed\\xb8\\x8d".decode("utf-8-variants")
    '😍'
"""

from __future__ import annotations

import codecs
from encodings import normalize_encoding
from typing import Optional

from ftfy_rs import _native
from ftfy_rs._ftfy_names import UTF8_VAR_NAMES
from ftfy_rs.bad_codecs import utf8_variants

__all__ = ["search_function", "ok", "UTF8_VAR_NAMES"]
# ftfy's module has these names too (imported there).
__all__ += ["codecs", "normalize_encoding", "Optional"]


def search_function(encoding: str) -> Optional[codecs.CodecInfo]:
    """Finds the codec for one of ftfy's encoding names, or ``None`` for a
    name that is not one of them (Python's own codecs answer for the
    rest)."""
    from ftfy_rs.bad_codecs.sloppy import CODECS, make_sloppy_codec

    # ftfy's names first, with ftfy's codec names ("sloppy-cp1252").
    codec = CODECS.get(normalize_encoding(encoding))
    if codec is not None:
        return codec
    # Then any other spelling the library knows ("Sloppy-Windows-1252").
    name = _native.codec_name(encoding)
    if name == utf8_variants.NAME:
        return utf8_variants.CODEC_INFO
    if name is not None and name.startswith("sloppy-"):
        return CODECS.get(normalize_encoding(name)) or make_sloppy_codec(name[len("sloppy-"):])
    return None


def ok() -> None:
    """Does nothing: something to call after importing this module only for
    the codecs it registers, so that linters see it used."""


codecs.register(search_function)
