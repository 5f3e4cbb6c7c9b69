"""The ``utf-8-variants`` codec: UTF-8 that also decodes CESU-8 (characters
above U+FFFF written as two UTF-8-encoded surrogates) and Java's ``C0 80``
for U+0000. It encodes as standard UTF-8. Decoding is done by the Rust
library, and the rest by Python's UTF-8 decoder, whose error handling is
what users of a codec expect; this module also decodes in pieces.
"""

from __future__ import annotations

import codecs
import re
from encodings.utf_8 import IncrementalDecoder as UTF8IncrementalDecoder
from encodings.utf_8 import IncrementalEncoder as UTF8IncrementalEncoder
from typing import Callable, Optional

from ftfy_rs import _native
from ftfy_rs._ftfy_names import CESU8_EXPR, NULL_EXPR, SURROGATE_EXPR
from ftfy_rs._lazy import lazy_tables

# ftfy's compiled patterns of the forms above (this codec does not use them).
__getattr__, __dir__ = lazy_tables(globals(), ("CESU8_RE", "SPECIAL_BYTES_RE"))

__all__ = ["NAME", "CODEC_INFO", "IncrementalDecoder", "IncrementalEncoder", "StreamReader",
           "StreamWriter", "CESU8_EXPR", "CESU8_RE", "NULL_EXPR", "SPECIAL_BYTES_RE",
           "SURROGATE_EXPR"]
# ftfy's module has these names too (imported there).
__all__ += ["UTF8IncrementalDecoder", "UTF8IncrementalEncoder", "Callable", "Optional", "codecs",
            "re"]

NAME = "utf-8-variants"


# The two forms standard UTF-8 rejects and this codec reads: Java's null,
# and a CESU-8 surrogate pair (high surrogate ED A0-AF xx, low ED B0-BF xx).
_VARIANT_FORMS = re.compile(rb"\xc0\x80|\xed[\xa0-\xaf][\x80-\xbf]\xed[\xb0-\xbf][\x80-\xbf]")


def _decode(data: bytes, errors: str, final: bool) -> tuple[str, int]:
    """Decodes `data`: the variant forms by the library, everything between
    them by Python's own UTF-8 decoder, which also handles errors. Unless
    `final`, bytes that may begin a sequence still to come are left
    undecoded; returns the text and the number of bytes used."""
    data = bytes(data)
    usable = len(data) if final else len(data) - _unfinished_variant(data)
    pieces = []
    position = 0
    for form in _VARIANT_FORMS.finditer(data, 0, usable):
        pieces.append(codecs.utf_8_decode(data[position : form.start()], errors, True)[0])
        pieces.append(_native.decode_utf8_variants(form.group())[0])
        position = form.end()
    text, used = codecs.utf_8_decode(data[position:usable], errors, final)
    pieces.append(text)
    return "".join(pieces), position + used


def _unfinished_variant(data: bytes) -> int:
    """How many bytes at the end of `data` may be the start of a variant
    form that more data would complete: a lone ``C0``, or a CESU-8 high
    surrogate with none or part of its low half. (An unfinished ordinary
    sequence is left to Python's decoder.)"""
    if data.endswith(b"\xc0"):
        return 1
    for length in range(5, 0, -1):
        tail = data[-length:]
        if len(tail) == length and _starts_surrogate_pair(tail):
            return length
    return 0


def _starts_surrogate_pair(tail: bytes) -> bool:
    """Whether `tail` (1 to 5 bytes) is the beginning of a CESU-8 pair."""
    ranges = ((0xED, 0xED), (0xA0, 0xAF), (0x80, 0xBF), (0xED, 0xED), (0xB0, 0xBF))
    return all(low <= byte <= high for byte, (low, high) in zip(tail, ranges))


def encode(text: str, errors: str = "strict") -> tuple[bytes, int]:
    """Encodes as standard UTF-8."""
    return codecs.utf_8_encode(text, errors)


def decode(data: bytes, errors: str = "strict") -> tuple[str, int]:
    """Decodes `data` whole."""
    return _decode(data, errors, True)


# Encodes as standard UTF-8, piece by piece.
IncrementalEncoder = UTF8IncrementalEncoder


class IncrementalDecoder(UTF8IncrementalDecoder):
    """Decodes bytes given in pieces cut anywhere: a sequence cut in two is
    held back until its end arrives."""

    def _buffer_decode(  # type: ignore[override]
        self, data: bytes, errors: str, final: bool
    ) -> tuple[str, int]:
        return _decode(data, errors, final)


class StreamWriter(codecs.StreamWriter):
    """Writes standard UTF-8 to a stream."""

    def encode(self, text: str, errors: str = "strict") -> tuple[bytes, int]:
        return encode(text, errors)


class StreamReader(codecs.StreamReader):
    """Reads utf-8-variants from a stream."""

    def decode(self, data: bytes, errors: str = "strict") -> tuple[str, int]:
        return _decode(data, errors, False)


CODEC_INFO = codecs.CodecInfo(
    name=NAME,
    encode=encode,
    decode=decode,
    incrementalencoder=IncrementalEncoder,
    incrementaldecoder=IncrementalDecoder,
    streamwriter=StreamWriter,
    streamreader=StreamReader,
)
