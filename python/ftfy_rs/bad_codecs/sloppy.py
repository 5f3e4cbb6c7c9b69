"""
ftfy's *sloppy* single-byte codecs: ``sloppy-windows-1252`` and its
kin decode every byte, where Python's codec of the same encoding leaves
some bytes undefined (those decode as Latin-1 does), and byte 1A decodes
as U+FFFD, the mark of a character lost to such a codec.

The tables come from the Rust library, so Python and the library always
agree; importing ``ftfy_rs`` registers the codecs with Python.

    >>> CODECS["sloppy_windows_1252"].decode(b"\\x81\\x80")[0]
    '\\x81€'
"""

from __future__ import annotations

import codecs
from encodings import normalize_encoding

from ftfy_rs import _native
from ftfy_rs._ftfy_names import INCOMPLETE_ENCODINGS, REPLACEMENT_CHAR

__all__ = ["CODECS", "INCOMPLETE_ENCODINGS", "REPLACEMENT_CHAR", "make_sloppy_codec"]
# ftfy's module has these names too (imported there).
__all__ += ["codecs", "normalize_encoding"]


def make_sloppy_codec(encoding: str) -> codecs.CodecInfo:
    """
    The sloppy version of the single-byte codec `encoding` (such as
    ``"windows-1252"``): a codec named ``sloppy-`` + `encoding` that
    decodes and encodes every byte.
    """
    name = "sloppy-" + encoding
    decoding_table = _native.decoding_table(name)
    encoding_table = codecs.charmap_build(decoding_table)

    class Codec(codecs.Codec):
        def encode(self, input: str, errors: str | None = "strict") -> tuple[bytes, int]:
            return codecs.charmap_encode(input, errors, encoding_table)

        def decode(self, input: bytes, errors: str | None = "strict") -> tuple[str, int]:
            return codecs.charmap_decode(input, errors, decoding_table)  # type: ignore[arg-type]

    class IncrementalEncoder(codecs.IncrementalEncoder):
        def encode(self, input: str, final: bool = False) -> bytes:
            return codecs.charmap_encode(input, self.errors, encoding_table)[0]

    class IncrementalDecoder(codecs.IncrementalDecoder):
        def decode(self, input: bytes, final: bool = False) -> str:  # type: ignore[override]
            return codecs.charmap_decode(input, self.errors, decoding_table)[0]  # type: ignore[arg-type]

    class StreamWriter(Codec, codecs.StreamWriter):
        pass

    class StreamReader(Codec, codecs.StreamReader):
        pass

    return codecs.CodecInfo(
        name=name,
        encode=Codec().encode,
        decode=Codec().decode,
        incrementalencoder=IncrementalEncoder,
        incrementaldecoder=IncrementalDecoder,
        streamreader=StreamReader,
        streamwriter=StreamWriter,
    )


# Every sloppy codec, by its normalized name ("sloppy_windows_1252").
CODECS: dict[str, codecs.CodecInfo] = {
    normalize_encoding("sloppy-" + encoding): make_sloppy_codec(encoding)
    for encoding in INCOMPLETE_ENCODINGS
}
