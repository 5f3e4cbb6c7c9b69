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
import functools

from ftfy_rs import _native
from ftfy_rs.bad_codecs import utf8_variants

__all__ = ["search_function", "ok"]


@functools.lru_cache(maxsize=None)
def _sloppy_codec(name: str) -> codecs.CodecInfo:
    """A charmap codec built from the library's table for `name`."""
    decoding_table = _native.decoding_table(name)
    encoding_table = codecs.charmap_build(decoding_table)

    def encode(text: str, errors: str = "strict") -> tuple[bytes, int]:
        return codecs.charmap_encode(text, errors, encoding_table)

    def decode(data: bytes, errors: str = "strict") -> tuple[str, int]:
        return codecs.charmap_decode(data, errors, decoding_table)

    class IncrementalEncoder(codecs.IncrementalEncoder):
        def encode(self, text: str, final: bool = False) -> bytes:
            return codecs.charmap_encode(text, self.errors, encoding_table)[0]

    class IncrementalDecoder(codecs.IncrementalDecoder):
        def decode(self, data: bytes, final: bool = False) -> str:
            return codecs.charmap_decode(data, self.errors, decoding_table)[0]

    class StreamWriter(codecs.StreamWriter):
        def encode(self, text: str, errors: str = "strict") -> tuple[bytes, int]:
            return encode(text, errors)

    class StreamReader(codecs.StreamReader):
        def decode(self, data: bytes, errors: str = "strict") -> tuple[str, int]:
            return decode(data, errors)

    return codecs.CodecInfo(
        name=name,
        encode=encode,
        decode=decode,
        incrementalencoder=IncrementalEncoder,
        incrementaldecoder=IncrementalDecoder,
        streamwriter=StreamWriter,
        streamreader=StreamReader,
    )


def search_function(encoding: str) -> codecs.CodecInfo | None:
    """Finds the codec for one of ftfy's encoding names, or ``None`` for a
    name that is not one of them (Python's own codecs answer for the
    rest)."""
    name = _native.codec_name(encoding)
    if name == utf8_variants.NAME:
        return utf8_variants.CODEC_INFO
    if name is not None and name.startswith("sloppy-"):
        return _sloppy_codec(name)
    return None


def ok() -> None:
    """Does nothing: something to call after importing this module only for
    the codecs it registers, so that linters see it used."""


codecs.register(search_function)
