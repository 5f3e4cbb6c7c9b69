"""fix_file: ftfy 6.3.1's answers for every file whose lines fit in
max_decode_length characters, text or bytes; longer lines cut where
fix_text cuts them (ftfy reads such a line whole); memory bounded by
max_decode_length, not by the length of a line."""
import io
import random
import tracemalloc

import pytest

import ftfy_rs

SMALL = 80


def lines_that_fit(corpus, limit, count, seed):
    """Corpus lines of at most `limit` characters with a line break of
    one or two characters (\r\n)."""
    rng = random.Random(seed)
    lines = [line for text in corpus for line in text.split("\n") if 0 < len(line) < limit - 1]
    return rng.sample(lines, count)


@pytest.fixture(scope="module")
def small_lines(corpus):
    lines = lines_that_fit(corpus, SMALL, 1500, seed=5)
    # Entities before a tag are decoded, and not after it ("auto").
    return (["caf&eacute; &amp; cr&egrave;me", "Ð¿Ñ€Ð¸Ð²ÐµÑ‚ in the first part"] + lines[:700]
            + ["<p>a tag &amp; its entities</p>", "then caf&eacute; stays"] + lines[700:])


def both(oracle, make_stream, **options):
    """The lists ftfy_rs and ftfy yield for the same input."""
    ours = list(ftfy_rs.fix_file(make_stream(), **options))
    theirs = list(oracle.fix_file(make_stream(), **options))
    return ours, theirs


@pytest.mark.parametrize("options", [{}, {"uncurl_quotes": False}, {"unescape_html": True},
                                     {"normalization": "NFKC"}])
def test_text_streams_as_ftfy(oracle, small_lines, options):
    text = "\n".join(small_lines) + "\n"
    options = dict(options, max_decode_length=SMALL)
    ours, theirs = both(oracle, lambda: io.StringIO(text), **options)
    assert len(theirs) == len(small_lines)
    assert ours == theirs
    # Universal newlines and \r line ends, read through a text wrapper.
    crlf = text.replace("\n", "\r\n").encode("utf-8")
    for newline in (None, ""):
        ours, theirs = both(oracle, lambda: io.TextIOWrapper(io.BytesIO(crlf), "utf-8", newline=newline),
                            **options)
        assert ours == theirs
    old_mac = text.replace("\n", "\r").encode("utf-8")
    ours, theirs = both(oracle, lambda: io.TextIOWrapper(io.BytesIO(old_mac), "utf-8", newline=""),
                        **options)
    assert len(theirs) > 1000
    assert ours == theirs


def test_byte_streams_as_ftfy(oracle, small_lines):
    text = "\n".join(small_lines) + "\n"
    data = text.encode("utf-8")
    # Many lines take more bytes than they have characters: read in pieces
    # of SMALL bytes, they are decoded and joined again.
    assert sum(len(line.encode()) > SMALL for line in small_lines) > 100
    ours, theirs = both(oracle, lambda: io.BytesIO(data), max_decode_length=SMALL)
    assert ours == theirs
    for encoding in ("utf-8", "latin-1"):
        sample = text.encode(encoding, "replace")
        ours, theirs = both(oracle, lambda: io.BytesIO(sample), encoding=encoding,
                            max_decode_length=SMALL)
        assert ours == theirs


@pytest.mark.parametrize("first_line", [
    "Привет, как дела? Всё хорошо, спасибо. Погода сегодня чудесная, правда",  # 2 bytes each
    "caf\xe9 cr\xe8me",  # not UTF-8: guessed as sloppy-windows-1252
    "Java's null \x00 and caf\xe9",  # C0 80: utf-8-variants
    "no line feed at all\rjust carriage returns \x8e\r",  # MacRoman
])
def test_the_guess_sees_the_whole_first_line(oracle, first_line):
    if "\x00" in first_line:
        data = first_line.replace("\x00", "\0").encode("utf-8").replace(b"\0", b"\xc0\x80") + b"\n"
    elif "\xe9" in first_line and "Java" not in first_line:
        data = first_line.encode("latin-1") + b"\nand more \xe9\n"
    elif "\r" in first_line:
        data = first_line.encode("latin-1")
    else:
        data = (first_line + "\nвторая строка\n").encode("utf-8")
    assert len(first_line) < SMALL
    ours, theirs = both(oracle, lambda: io.BytesIO(data), max_decode_length=SMALL)
    assert ours == theirs
    assert ftfy_rs.guess_bytes(data.split(b"\n")[0] + b"\n")[1] == \
        oracle.guess_bytes(data.split(b"\n")[0] + b"\n")[1]


def test_iterables_of_lines_as_ftfy(oracle, small_lines):
    lines = [line + "\n" for line in small_lines[:300]] + ["no line break"]
    assert list(ftfy_rs.fix_file(lines)) == list(oracle.fix_file(lines))
    data = [line.encode("utf-8") for line in lines]
    assert list(ftfy_rs.fix_file(data)) == list(oracle.fix_file(data))


@pytest.mark.parametrize("limit", [1, 5, 7, 64])
def test_long_lines_are_cut_where_fix_text_cuts(oracle, corpus, limit):
    rng = random.Random(limit)
    # Long lines of mixed text and mojibake, with 1- to 4-byte characters.
    text = "\n".join(" ".join(rng.sample(corpus, 6)) for _ in range(20)) + " 😀 end"
    expected = oracle.fix_text(text, max_decode_length=limit)
    assert max(map(len, text.split("\n"))) > limit
    for stream in (io.StringIO(text), io.BytesIO(text.encode("utf-8"))):
        pieces = list(ftfy_rs.fix_file(stream, max_decode_length=limit))
        assert "".join(pieces) == expected
    # ftfy's own fix_file fixes each line whole: the documented difference.
    assert len(list(oracle.fix_file(io.StringIO(text)))) == text.count("\n") + 1


def test_utf16_files_decode_whole(oracle):
    text = "première ligne\nzweite Zeile 😀\n"
    data = text.encode("utf-16")
    # ftfy reads UTF-16 bytes by b"\n" and fails on the half characters;
    # decoded as a stream, every line is whole.
    with pytest.raises(UnicodeDecodeError):
        list(oracle.fix_file(io.BytesIO(data)))
    assert list(ftfy_rs.fix_file(io.BytesIO(data))) == text.splitlines(keepends=True)
    # In pieces of 3 bytes, the 2-byte units and the 4-byte emoji are cut
    # and joined again.
    assert "".join(ftfy_rs.fix_file(io.BytesIO(data), max_decode_length=3)) == \
        oracle.fix_text(text, max_decode_length=3)


def test_undecodable_bytes_raise_as_in_ftfy(oracle):
    data = b"caf\xc3\xa9\nbad \xff byte\n"
    with pytest.raises(UnicodeDecodeError):
        list(oracle.fix_file(io.BytesIO(data)))
    fixed = ftfy_rs.fix_file(io.BytesIO(data))
    assert next(fixed) == "café\n"
    with pytest.raises(UnicodeDecodeError):
        next(fixed)


def one_line(megabytes):
    """A line of about `megabytes` MB without a line break: text, curly
    quotes, entities and mojibake."""
    unit = "Plain words, “quotes”, caf&eacute;, and mojibake: cafÃ© Ã  la crÃ¨me. "
    return unit * (megabytes * 1_000_000 // len(unit.encode("utf-8")))


def peak_while(function):
    tracemalloc.start()
    try:
        function()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_memory_is_bounded_by_max_decode_length(oracle):
    text = one_line(50)
    unit = text[: text.index("Plain", 1)]
    # What comes out: ftfy's fix of each unit (give or take the units that
    # a cut every 5000 characters splits).
    expected = len(oracle.fix_text(unit)) * (len(text) // len(unit))
    data = text.encode("utf-8")
    assert len(data) >= 49_000_000 and "\n" not in text

    # The control: reading that line as ftfy does needs all of it.
    wrapper = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    assert peak_while(lambda: [len(line) for line in wrapper]) > 45_000_000

    def consume(stream):
        count = 0
        for fixed in ftfy_rs.fix_file(stream, max_decode_length=5000):
            assert len(fixed) <= 5000
            count += len(fixed)
        assert abs(count - expected) < expected // 100

    streams = {
        "bytes": io.BytesIO(data),
        "text wrapper": io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"),
        "str": io.StringIO(text),
    }
    # A StringIO builds its buffer on first read: build it before measuring.
    streams["str"].readline(1)
    streams["str"].seek(0)
    for name, stream in streams.items():
        peak = peak_while(lambda: consume(stream))
        assert peak < 1_000_000, (name, peak)


@pytest.mark.parametrize("encoding", ["shift_jis", "utf-32", "cp037", "utf-16-le", "euc_kr", "koi8-r"])
def test_encodings_python_decodes(oracle, encoding):
    # Encodings the crate does not decode as Python does are read with
    # Python's codec (and cut and fixed by the crate).
    text = {"shift_jis": "日本語のテキスト\nもう一行\n", "euc_kr": "한국어 텍스트\n둘째 줄\n",
            "koi8-r": "Привет, мир\nвторая строка\n"}.get(encoding, "naïve café\nsecond line\n")
    data = text.encode(encoding)
    ours = list(ftfy_rs.fix_file(io.BytesIO(data), encoding=encoding))
    assert "".join(ours) == text
    if encoding in ("shift_jis", "euc_kr", "koi8-r"):
        # ASCII-compatible: ftfy reads them line by line as we do.
        assert ours == list(oracle.fix_file(io.BytesIO(data), encoding=encoding))
    elif encoding == "cp037":
        # EBCDIC's line feed is not byte 0A, by which ftfy cuts lines.
        assert "".join(ours) == "".join(oracle.fix_file(io.BytesIO(data), encoding=encoding))
    else:
        # ftfy cuts UTF-16 and UTF-32 at byte 0A, inside a character.
        with pytest.raises(UnicodeDecodeError):
            list(oracle.fix_file(io.BytesIO(data), encoding=encoding))
    with pytest.raises(LookupError):
        list(ftfy_rs.fix_file(io.BytesIO(data), encoding="no-such-encoding"))


@pytest.mark.parametrize("data, encoding", [
    (b"good line\nbad \xff byte\n", None),
    (b"good line\nbad \xe2\x82 cut\n", "utf-8"),
    (b"ok \x81 there\n", "windows-1252"),
    (b"ok\n\x80\n", "ascii"),
    ("x".encode("utf-16-le") * 35 + b"\n", "utf-16"),
    ("bom".encode("utf-16") + b"\x00\xdcz\x00", "utf-16"),
])
def test_decoding_errors_are_pythons(oracle, data, encoding):
    # The codec's name, the position in the line (ftfy decodes line by
    # line; UTF-16, which the crate decodes whole, in the input) and the
    # reason, as Python's codec gives them.
    with pytest.raises(UnicodeDecodeError) as ours:
        list(ftfy_rs.fix_file(io.BytesIO(data), encoding=encoding))
    unit = data if encoding == "utf-16" else next(
        line for line in io.BytesIO(data) if not _decodes(line, encoding or "utf-8"))
    with pytest.raises(UnicodeDecodeError) as python:
        unit.decode(encoding or "utf-8")
    assert str(ours.value) == str(python.value)
    assert (ours.value.encoding, ours.value.object, ours.value.start) == (
        python.value.encoding, python.value.object, python.value.start)
    if encoding != "utf-16":
        # ftfy's own fix_file raises the same error.
        with pytest.raises(UnicodeDecodeError) as theirs:
            list(oracle.fix_file(io.BytesIO(data), encoding=encoding or "utf-8"))
        assert str(ours.value) == str(theirs.value)


def _decodes(line, encoding):
    try:
        line.decode(encoding)
        return True
    except UnicodeDecodeError:
        return False


def test_a_read_that_raises_is_raised_again():
    class Failing(io.RawIOBase):
        def read(self, size=-1):
            raise OSError("the disk is on fire")

        def readable(self):
            return True

    with pytest.raises(OSError, match="on fire"):
        list(ftfy_rs.fix_file(Failing()))


def test_the_guess_is_the_crates(oracle):
    # Each guess of ftfy, from the first line, as guess_bytes makes it.
    for data in (b"caf\xc3\xa9\n", b"caf\xe9\n", b"Java \xc0\x80\n", b"old mac \x8e\rline\r"):
        assert list(ftfy_rs.fix_file(io.BytesIO(data))) == list(oracle.fix_file(io.BytesIO(data)))
