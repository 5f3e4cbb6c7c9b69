"""The codecs ftfy_rs registers decode and encode as ftfy 6.3.1's do."""
import random

import pytest

import ftfy_rs.bad_codecs
from ftfy_rs.chardata import CHARMAP_ENCODINGS, possible_encoding

SLOPPY = [f"sloppy-windows-{n}" for n in range(1250, 1259)] + [
    f"sloppy-iso-8859-{n}" for n in (3, 6, 7, 8, 11)
] + ["sloppy-cp874"]


@pytest.mark.parametrize("name", SLOPPY)
def test_sloppy_codecs_match_ftfy(oracle, name):
    theirs = oracle.bad_codecs.search_function(name)
    ours = ftfy_rs.bad_codecs.search_function(name)
    every_byte = bytes(range(256))
    assert ours.decode(every_byte)[0] == theirs.decode(every_byte)[0]
    text = theirs.decode(every_byte)[0]
    assert ours.encode(text)[0] == theirs.encode(text)[0]
    for errors in ("strict", "replace", "ignore"):
        sample = "a€\u0101✔\x1a\ufffd"
        try:
            expected = theirs.encode(sample, errors)[0]
        except UnicodeEncodeError:
            with pytest.raises(UnicodeEncodeError):
                ours.encode(sample, errors)
        else:
            assert ours.encode(sample, errors)[0] == expected


def test_aliases_find_the_same_codec(oracle):
    # ftfy's names give ftfy's codec names.
    for alias in ("sloppy_cp1252", "sloppy-windows-1252", "sloppy-iso-8859-3", "utf8_var"):
        theirs = oracle.bad_codecs.search_function(alias)
        assert ftfy_rs.bad_codecs.search_function(alias).name == theirs.name
    # Other spellings (which Python's registry lower-cases first) too.
    assert ftfy_rs.bad_codecs.search_function("Sloppy-Windows-1252").name == "sloppy-windows-1252"
    for alias in ("utf8-var", "cesu8", "cesu-8", "java_utf8", "utf-8-variants"):
        assert ftfy_rs.bad_codecs.search_function(alias).name == "utf-8-variants"
    assert ftfy_rs.bad_codecs.search_function("latin-1") is None
    assert ftfy_rs.bad_codecs.search_function("klingon") is None


# Pieces of well-formed and broken UTF-8, and both variant forms. (A lone
# CESU-8 surrogate is left out: ftfy's codec then hands the rest of the
# input to Python's decoder, which this one does not copy; see README.)
PIECES = [b"\xc0\x80", b"\xed\xa0\xbd\xed\xb8\x8d", b"\xe2\x82\xac", b"\xe2\x82", b"a",
          b"\xff", b"\xc3", b"\xa9", b"\n", b"\xf0\x9f\x98", b"\xc3\xa9"]


def test_utf8_variants_matches_ftfy_with_every_error_handler(oracle):
    theirs = oracle.bad_codecs.search_function("utf-8-variants")
    ours = ftfy_rs.bad_codecs.search_function("utf-8-variants")
    rng = random.Random(3)
    for _ in range(5000):
        data = b"".join(rng.choice(PIECES) for _ in range(rng.randint(0, 8)))
        for errors in ("replace", "ignore", "backslashreplace"):
            assert ours.decode(data, errors) == theirs.decode(data, errors), (data, errors)
        try:
            expected = theirs.decode(data)[0]
        except UnicodeDecodeError:
            with pytest.raises(UnicodeDecodeError):
                ours.decode(data)
        else:
            assert ours.decode(data)[0] == expected
        cut = rng.randint(0, len(data))
        pieces = []
        for info in (ours, theirs):
            decoder = info.incrementaldecoder("replace")
            pieces.append(decoder.decode(data[:cut]) + decoder.decode(data[cut:], final=True))
        assert pieces[0] == pieces[1], (data, cut)


def test_chardata_matches_ftfy(oracle):
    assert CHARMAP_ENCODINGS == oracle.chardata.CHARMAP_ENCODINGS
    rng = random.Random(4)
    for encoding in CHARMAP_ENCODINGS:
        for _ in range(300):
            text = "".join(chr(rng.choice([rng.randrange(0x100), rng.randrange(0x2000)])) for _ in range(3))
            assert possible_encoding(text, encoding) == oracle.chardata.possible_encoding(text, encoding), (text, encoding)
