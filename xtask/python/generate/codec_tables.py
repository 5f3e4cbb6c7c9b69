"""Writes the codec tables, and test vectors to check them.

- crates/core/src/codecs/charmaps_table.rs: for every single-byte codec, the
  character each byte decodes to, and the sorted (character, byte) pairs
  for encoding. Python 3.11's codecs are the source of truth; the sloppy
  codecs are ftfy 6.3.1's.
- crates/core/src/codecs/double_byte/*.bin and double_byte_table.rs: the
  double-byte codecs that encoding_rs lacks or reads otherwise than Python
  (Johab, CP932, Big5, Big5-HKSCS, Shift_JIS, GB2312): Python's decoding of
  every byte and every two-byte sequence.
- tests/data/codec_vectors.json: what Python's single-byte codecs
  themselves answer, byte by byte and character by character, for
  tests/codecs.rs to compare against; tests/data/multi_byte_vectors.json:
  the same for every multi-byte codec, each byte sequence of one or two
  bytes summed up per lead byte (which decode, and a digest of what they
  decode to), and a sample of characters encoded. The vectors come from
  calling the codecs, not from the tables.

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


TABLES = ROOT / "crates" / "core" / "src" / "codecs" / "charmaps_table.rs"
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
# More code pages real files come in: Ukrainian KOI8, the Mac's and DOS's
# Cyrillic, DOS's Arabic.
STRICT += [("KOI8_U", "koi8_u", "koi8-u"), ("MAC_CYRILLIC", "mac_cyrillic", "mac-cyrillic")]
STRICT += [("IBM855", "cp855", "ibm855"), ("CP864", "cp864", "cp864")]
SLOPPY = [(f"SLOPPY_WINDOWS_{n}", f"sloppy-windows-{n}", f"sloppy-windows-{n}") for n in range(1250, 1259)]
SLOPPY += [(f"SLOPPY_ISO_8859_{n}", f"sloppy-iso-8859-{n}", f"sloppy-iso-8859-{n}") for n in (3, 6, 7, 8, 11)]
SLOPPY += [("SLOPPY_CP874", "sloppy-cp874", "sloppy-cp874")]
CODECS = STRICT + SLOPPY

UNMAPPED = 0xFFFF  # never a character of these codecs

DOUBLE_BYTE_DIR = ROOT / "crates" / "core" / "src" / "codecs" / "double_byte"
DOUBLE_BYTE_TABLES = DOUBLE_BYTE_DIR / "double_byte_table.rs"
MULTI_BYTE_VECTORS = ROOT / "tests" / "data" / "multi_byte_vectors.json"
# (Rust static name, Python codec name, our canonical name): double-byte
# codecs read from tables of Python's own decoding.
DOUBLE_BYTE = [
    ("JOHAB", "johab", "johab"),
    ("CP932", "cp932", "cp932"),
    ("SHIFT_JIS", "shift_jis", "shift_jis"),
    ("BIG5", "big5", "big5"),
    ("BIG5HKSCS", "big5hkscs", "big5hkscs"),
    ("GB2312", "gb2312", "gb2312"),
]
# Every multi-byte codec, for the vectors: (Python codec name, our
# canonical name, bytes before and after each probe, lead bytes probed).
HIGH = list(range(0x80, 0x100))
SEVEN_BIT = list(range(0x21, 0x7F))
MULTI_BYTE = [(python, canonical, b"", b"", HIGH) for _, python, canonical in DOUBLE_BYTE]
MULTI_BYTE += [
    ("gbk", "gbk", b"", b"", HIGH),
    ("cp949", "euc-kr", b"", b"", HIGH),
    ("euc_jp", "euc-jp", b"", b"", HIGH),
    ("iso2022_jp", "iso-2022-jp", b"\x1b$B", b"\x1b(B", SEVEN_BIT),
    ("iso2022_kr", "iso-2022-kr", b"\x1b$)C\x0e", b"\x0f", SEVEN_BIT),
]
# A cell of a double-byte table: 0 for no character, a code point of the
# Basic Multilingual Plane, or an index into the extras (the surrogates,
# which no codec decodes to, serve as escapes).
NO_CHARACTER = 0
EXTRA = 0xD800
# What a character encodes to, in the encoding overrides: one byte, two
# bytes (lead << 8 | trail), or this, which stands for "not encoded".
NOT_ENCODED = 0xFFFF


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


def decode_or_none(data, python_name):
    try:
        return data.decode(python_name)
    except UnicodeDecodeError:
        return None


def double_byte_table(python_name):
    """The table of a double-byte codec: its single bytes above 7F, the
    lead and trail byte ranges of its pairs, its cells (one per pair of
    the ranges) and the extras (characters beyond the BMP, and pairs that
    decode to two characters)."""
    for byte in range(0x80):
        assert bytes([byte]).decode(python_name) == chr(byte), (python_name, byte)
    singles = [decode_or_none(bytes([byte]), python_name) for byte in HIGH]
    assert all(s is None or (len(s) == 1 and ord(s) <= 0xFFFF) for s in singles)
    pairs = {}
    for lead in HIGH:
        if singles[lead - 0x80] is not None:
            continue
        for trail in range(0x100):
            text = decode_or_none(bytes([lead, trail]), python_name)
            if text is not None:
                pairs[lead, trail] = text
    leads = (min(lead for lead, _ in pairs), max(lead for lead, _ in pairs))
    trails = (min(trail for _, trail in pairs), max(trail for _, trail in pairs))
    cells, extras = [], []
    for lead in range(leads[0], leads[1] + 1):
        for trail in range(trails[0], trails[1] + 1):
            text = pairs.get((lead, trail))
            if text is None:
                cells.append(NO_CHARACTER)
            elif len(text) == 1 and ord(text) <= 0xFFFF and not 0xD800 <= ord(text) <= 0xDFFF:
                assert ord(text) != NO_CHARACTER
                cells.append(ord(text))
            else:
                assert len(text) <= 2 and len(extras) < 0x800, (python_name, lead, trail, text)
                cells.append(EXTRA + len(extras))
                extras.append([ord(c) for c in text] + [0] * (2 - len(text)))
    singles = [0 if s is None else ord(s) for s in singles]
    return singles, leads, trails, cells, extras


def encode_overrides(python_name, singles, leads, trails, cells, extras):
    """Where Python's encoder differs from the table read backwards (the
    first byte sequence, in byte order, that decodes to the character):
    (code point, bytes as a number, or NOT_ENCODED), for every character."""
    first = {}
    for byte, cp in zip(HIGH, singles):
        if cp:
            first.setdefault(chr(cp), byte)
    cell = iter(cells)
    for lead in range(leads[0], leads[1] + 1):
        for trail in range(trails[0], trails[1] + 1):
            value = next(cell)
            if EXTRA <= value < EXTRA + len(extras):
                text = "".join(chr(cp) for cp in extras[value - EXTRA] if cp)
            elif value != NO_CHARACTER:
                text = chr(value)
            else:
                continue
            first.setdefault(text, lead << 8 | trail)
    overrides = []
    beyond = any(len(extra) and extra[0] > 0xFFFF for extra in extras)
    for cp in range(0x80, 0x110000 if beyond else 0x10000):
        if 0xD800 <= cp <= 0xDFFF:
            continue
        try:
            encoded = int.from_bytes(chr(cp).encode(python_name), "big")
        except UnicodeEncodeError:
            encoded = NOT_ENCODED
        if encoded != first.get(chr(cp), NOT_ENCODED):
            overrides.append((cp, encoded))
    return overrides


def rust_double_byte(static, python_name, canonical):
    singles, leads, trails, cells, extras = double_byte_table(python_name)
    overrides = encode_overrides(python_name, singles, leads, trails, cells, extras)
    overrides = "".join(f"\n        (0x{cp:04x}, 0x{encoded:04x})," for cp, encoded in overrides)
    data = b"".join(cell.to_bytes(2, "little") for cell in cells)
    data += b"".join(c.to_bytes(4, "little") for extra in extras for c in extra)
    (DOUBLE_BYTE_DIR / f"{canonical}.bin").write_bytes(data)
    if any(singles):
        rows = ",\n".join(
            "        " + ", ".join(f"0x{cp:04x}" for cp in singles[i : i + 8]) for i in range(0, 128, 8)
        )
        singles_field = f"Some(&[\n{rows},\n    ])"
    else:
        singles_field = "None"
    return (
        f"/// Python's `{python_name}` codec.\n"
        f"pub(in crate::codecs) static {static}: DoubleByteTable = DoubleByteTable {{\n"
        f'    name: "{canonical}",\n'
        f"    singles: {singles_field},\n"
        f"    leads: (0x{leads[0]:02x}, 0x{leads[1]:02x}),\n"
        f"    trails: (0x{trails[0]:02x}, 0x{trails[1]:02x}),\n"
        f"    extras: {len(extras)},\n"
        f"    encode_overrides: &[{overrides}\n    ],\n"
        f'    data: include_bytes!("{canonical}.bin"),\n'
        f"}};\n"
    )


def fnv1a(data, digest=0xCBF29CE484222325):
    for byte in data:
        digest = ((digest ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return digest


def multi_byte_vectors():
    """For each multi-byte codec and each lead byte probed: what the byte
    alone decodes to, which trail bytes 00-FF make a pair that decodes
    (a bitmap, as hex), and a digest (FNV-1a, 64 bits) of each such trail
    byte followed by the UTF-8 of the pair's text and a byte FF. Each probe
    is wrapped in the codec's `before` and `after` bytes. Then a sample of
    characters and what they encode to."""
    out = {}
    for python_name, canonical, before, after, leads in MULTI_BYTE:
        rows, texts = [], []
        for lead in leads:
            single = decode_or_none(before + bytes([lead]) + after, python_name)
            bitmap, digest = 0, fnv1a(b"")
            for trail in range(0x100):
                text = decode_or_none(before + bytes([lead, trail]) + after, python_name)
                if text is not None:
                    texts.append(text)
                    bitmap |= 1 << trail
                    digest = fnv1a(bytes([trail]) + text.encode("utf-8", "surrogatepass") + b"\xff", digest)
            rows.append({"lead": lead, "single": single, "pairs": f"{bitmap:064x}", "digest": f"{digest:016x}"})
        # Every 16th character the probes decode to, and a spread of others.
        decoded = sorted({ord(c) for text in texts for c in text if ord(c) >= 0x80})
        chars = set(decoded[::16]) | set(range(0x80, 0x10000, 257)) | {0x20AC, 0xFF5E, 0x301C, 0x2014, 0x2015}
        chars |= {0xB7, 0x30FB, 0xA5, 0x203E, 0x20000, 0x2A3A9, 0x1F600}
        chars = sorted(chars)
        chars = [c for c in chars if not 0xD800 <= c <= 0xDFFF]
        encoded = []
        for cp in chars:
            try:
                encoded.append(chr(cp).encode(python_name).hex())
            except UnicodeEncodeError:
                encoded.append(None)
        out[canonical] = {"before": before.hex(), "after": after.hex(), "rows": rows, "chars": chars, "encode": encoded}
    return out


def write_double_byte_tables():
    DOUBLE_BYTE_DIR.mkdir(exist_ok=True)
    parts = [
        f"// Generated by xtask/python/generate/codec_tables.py from Python {PYTHON}'s codecs; do not edit.",
        "",
        "use super::DoubleByteTable;",
        "",
    ]
    parts.extend(rust_double_byte(*codec) for codec in DOUBLE_BYTE)
    parts.append("/// Every double-byte table, for lookup by name.")
    parts.append("pub(in crate::codecs) static ALL: &[&DoubleByteTable] = &[")
    parts.extend(f"    &{static}," for static, _, _ in DOUBLE_BYTE)
    parts.append("];\n")
    DOUBLE_BYTE_TABLES.write_text("\n".join(parts))
    MULTI_BYTE_VECTORS.write_text(json.dumps(multi_byte_vectors(), ensure_ascii=True, separators=(",", ":")))


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
    write_double_byte_tables()
    print(f"wrote {TABLES}, {DOUBLE_BYTE_TABLES} and the vectors in {VECTORS.parent}")


if __name__ == "__main__":
    main()
