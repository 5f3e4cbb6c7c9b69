"""Writes the single-byte codec tables, and test vectors to check them.

- crates/core/src/codecs/tables.rs: for every codec, the character each byte decodes
  to, and the sorted (character, byte) pairs for encoding. Python 3.11's
  codecs are the source of truth; the sloppy codecs are ftfy 6.3.1's.
- tests/data/codec_vectors.json: what Python's codecs themselves answer,
  byte by byte and character by character, for tests/codecs.rs to compare
  against. The vectors come from calling the codecs, not from the tables.

Run: cargo xtask regen codec-tables
"""
import json
import sys
import unicodedata

import ftfy.bad_codecs  # noqa: F401  (registers the sloppy codecs)

from common import ROOT

# The data these tables come from: Python 3.11's codecs and unicodedata
# (Unicode 14.0, what ftfy 6.3.1 runs on in Python 3.11). Patch releases do
# not change them, so the header names only the minor version.
PYTHON = "3.11"
assert sys.version_info[:2] == (3, 11), f"run with Python {PYTHON}"
assert unicodedata.unidata_version == "14.0.0", unicodedata.unidata_version


TABLES = ROOT / "crates" / "core" / "src" / "codecs" / "tables.rs"
VECTORS = ROOT / "tests" / "data" / "codec_vectors.json"

# (Rust static name, Python codec name, our canonical name)
STRICT = [("LATIN_1", "latin-1", "latin-1")]
STRICT += [(f"WINDOWS_{n}", f"windows-{n}", f"windows-{n}") for n in range(1250, 1259)]
STRICT += [(f"ISO_8859_{n}", f"iso-8859-{n}", f"iso-8859-{n}") for n in (2, 3, 6, 7, 8, 11)]
STRICT += [("CP874", "cp874", "cp874"), ("MACROMAN", "mac_roman", "macroman"), ("CP437", "cp437", "cp437")]
# Legacy code pages that text is written in and then misread (a Russian
# KOI8-R file read as Windows-1252): plans that undo such mixups decode
# with them.
STRICT += [("KOI8_R", "koi8_r", "koi8-r"), ("IBM866", "cp866", "ibm866"), ("CP850", "cp850", "cp850")]
STRICT += [(f"ISO_8859_{n}", f"iso-8859-{n}", f"iso-8859-{n}") for n in (4, 5, 9, 13, 15, 16)]
SLOPPY = [(f"SLOPPY_WINDOWS_{n}", f"sloppy-windows-{n}", f"sloppy-windows-{n}") for n in range(1250, 1259)]
SLOPPY += [(f"SLOPPY_ISO_8859_{n}", f"sloppy-iso-8859-{n}", f"sloppy-iso-8859-{n}") for n in (3, 6, 7, 8, 11)]
SLOPPY += [("SLOPPY_CP874", "sloppy-cp874", "sloppy-cp874")]
CODECS = STRICT + SLOPPY

UNMAPPED = 0xFFFF  # never a character of these codecs


def decode_table(python_name):
    table = []
    for byte in range(256):
        try:
            table.append(ord(bytes([byte]).decode(python_name)))
        except UnicodeDecodeError:
            table.append(UNMAPPED)
    return table


def rust_codec(static, canonical, table):
    assert all(cp <= 0xFFFF for cp in table), canonical
    # Where two bytes decode to one character (only sloppy-iso-8859-8's ×),
    # Python's charmap_build keeps the later byte for encoding.
    encoding = {cp: byte for byte, cp in enumerate(table) if cp != UNMAPPED}
    duplicates = len([cp for cp in table if cp != UNMAPPED]) - len(encoding)
    assert duplicates == 0 or canonical == "sloppy-iso-8859-8", canonical
    encode = sorted((cp, byte) for cp, byte in encoding.items() if not (byte < 0x80 and cp == byte))
    rows = ",\n".join(
        "        " + ", ".join(f"0x{cp:04x}" for cp in table[i : i + 8]) for i in range(0, 256, 8)
    )
    pairs = ",\n".join(
        "        " + ", ".join(f"(0x{cp:04x}, 0x{byte:02x})" for cp, byte in encode[i : i + 4])
        for i in range(0, len(encode), 4)
    )
    sloppy = " (ftfy's sloppy version: unmapped bytes decode to the code point of the same number)"
    doc = f"/// The `{canonical}` codec{sloppy if canonical.startswith('sloppy-') else ''}.\n"
    return (
        doc + f"pub static {static}: Charmap = Charmap {{\n"
        f'    name: "{canonical}",\n'
        f"    decode: &[\n{rows},\n    ],\n"
        f"    encode: &[\n{pairs},\n    ],\n"
        f"}};\n"
    )


def sample_chars():
    """Characters to test encoding with: everything any codec maps to, and
    a spread of others."""
    chars = set(range(0x100)) | {0xFFFD, 0x1A, 0x10000, 0x1F600, 0x10FFFF, 0xFEFF}
    for _, python_name, _ in CODECS:
        chars.update(cp for cp in decode_table(python_name) if cp != UNMAPPED)
    chars.update(range(0x100, 0x3000, 61))
    return sorted(c for c in chars if not 0xD800 <= c <= 0xDFFF)


def vectors():
    chars = sample_chars()
    out = {"chars": chars, "codecs": {}}
    for _, python_name, canonical in CODECS:
        decoded = []
        for byte in range(256):
            try:
                decoded.append(bytes([byte]).decode(python_name))
            except UnicodeDecodeError:
                decoded.append(None)
        encoded = []
        for cp in chars:
            try:
                encoded.append(chr(cp).encode(python_name)[0])
            except UnicodeEncodeError:
                encoded.append(None)
        out["codecs"][canonical] = {"decode": decoded, "encode": encoded}
    return out


def main():
    if sys.version_info[:2] != (3, 11):
        sys.exit("run this with Python 3.11, the Python ftfy 6.3.1 is tested on")
    parts = [
        f"// Generated by xtask/python/generate/codec_tables.py from Python {PYTHON}'s codecs"
        " and ftfy 6.3.1's sloppy codecs; do not edit.",
        "",
        "use super::Charmap;",
        "",
    ]
    for static, python_name, canonical in CODECS:
        parts.append(rust_codec(static, canonical, decode_table(python_name)))
    parts.append("/// Every single-byte codec, for lookup by name.")
    parts.append("pub static ALL: &[&Charmap] = &[")
    parts.extend(f"    &{static}," for static, _, _ in CODECS)
    parts.append("];\n")
    TABLES.write_text("\n".join(parts))
    VECTORS.write_text(json.dumps(vectors(), ensure_ascii=True, separators=(",", ":")))
    print(f"wrote {TABLES} and {VECTORS}")


if __name__ == "__main__":
    main()
