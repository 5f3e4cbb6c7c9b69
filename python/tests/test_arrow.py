"""fix_texts on Arrow data gives what fix_text gives for each value, in the
column's own type: string, large_string and string_view arrays,
dictionary-encoded ones, chunked arrays and any Arrow producer; nulls
stay null. Each test needs pyarrow (the `pa` fixture)."""
import pytest

import ftfy_rs

TEXT_TYPES = ["string", "large_string", "string_view"]


def with_nulls(corpus):
    return [None if i % 17 == 0 else text for i, text in enumerate(corpus)]


def expected_for(values, **options):
    return [None if text is None else ftfy_rs.fix_text(text, **options) for text in values]


@pytest.mark.parametrize("kind", TEXT_TYPES)
@pytest.mark.parametrize("threads", [1, 2, 5])
def test_text_arrays(pa, corpus, kind, threads):
    values = with_nulls(corpus)
    expected = expected_for(values)
    array = pa.array(values, type=getattr(pa, kind)())
    fixed = ftfy_rs.fix_texts(array, threads=threads)
    assert isinstance(fixed, pa.Array) and fixed.type == array.type
    fixed.validate(full=True)
    assert fixed.to_pylist() == expected
    # A slice starts at an offset into the buffers.
    assert ftfy_rs.fix_texts(array.slice(5, 300), threads=threads).to_pylist() == expected[5:305]
    chunked = pa.chunked_array([array.slice(0, 100), array.slice(100)], type=array.type)
    fixed_chunked = ftfy_rs.fix_texts(chunked, threads=threads)
    assert isinstance(fixed_chunked, pa.ChunkedArray) and fixed_chunked.type == array.type
    assert fixed_chunked.to_pylist() == expected


@pytest.mark.parametrize("kind", TEXT_TYPES)
@pytest.mark.parametrize("index", ["int8", "int16", "int32", "int64", "uint8", "uint32"])
def test_dictionary_arrays(pa, corpus, kind, index):
    values = with_nulls(corpus[:120]) * 3
    dictionary_type = pa.dictionary(getattr(pa, index)(), getattr(pa, kind)())
    encoded = pa.array(values).dictionary_encode()
    array = pa.DictionaryArray.from_arrays(
        encoded.indices.cast(dictionary_type.index_type),
        encoded.dictionary.cast(dictionary_type.value_type),
    )
    fixed = ftfy_rs.fix_texts(array)
    assert fixed.type == dictionary_type
    fixed.validate(full=True)
    assert fixed.to_pylist() == expected_for(values)
    # Only the dictionary is fixed; the indices are the input's.
    assert fixed.indices.to_pylist() == array.indices.to_pylist()
    assert fixed.dictionary.to_pylist() == expected_for(array.dictionary.to_pylist())
    assert ftfy_rs.fix_texts(array.slice(7, 50)).to_pylist() == expected_for(values[7:57])


def test_dictionary_entries_that_fix_into_one(pa):
    array = pa.array(["cafÃ©", "café", None, "cafÃ©"]).dictionary_encode()
    fixed = ftfy_rs.fix_texts(array)
    assert fixed.to_pylist() == ["café", "café", None, "café"]
    assert fixed.dictionary.to_pylist() == ["café", "café"]


def test_long_values_and_views(pa):
    # Views hold 12 bytes inline; longer values point into data buffers.
    long_line = "The Mona Lisa doesnÃ¢â‚¬â„¢t have eyebrows. " * 5000
    values = ["", "short Ã©", "exactly 12 b", "thirteen byte", long_line, None, long_line + "\n" + long_line]
    for kind in TEXT_TYPES:
        array = pa.array(values, type=getattr(pa, kind)())
        fixed = ftfy_rs.fix_texts(array, threads=2)
        fixed.validate(full=True)
        assert fixed.to_pylist() == expected_for(values)


def test_edge_cases(pa):
    assert ftfy_rs.fix_texts(pa.array([], pa.string())).to_pylist() == []
    assert ftfy_rs.fix_texts(pa.array([None, None], pa.string())).to_pylist() == [None, None]
    assert ftfy_rs.fix_texts(pa.array(["", "cafÃ©"])).to_pylist() == ["", "café"]
    assert ftfy_rs.fix_texts(pa.chunked_array([], pa.string())).to_pylist() == []
    # A column of nulls only (what a column of missing values becomes).
    nulls = ftfy_rs.fix_texts(pa.array([None, None]))
    assert nulls.type == pa.null() and nulls.to_pylist() == [None, None]


@pytest.mark.parametrize("make, message", [
    (lambda pa: pa.array([b"caf\xc3\xa9"]), "binary .*decode it first"),
    (lambda pa: pa.array([b"x"], pa.large_binary()), "binary .*decode it first"),
    (lambda pa: pa.array([b"x"], pa.binary_view()), "binary .*decode it first"),
    (lambda pa: pa.array([1, 2]), "holds integers"),
    (lambda pa: pa.array([1.5]), "holds floating-point numbers"),
    (lambda pa: pa.array([["a"]]), "holds nested values"),
])
def test_other_types_are_refused_by_name(pa, make, message):
    with pytest.raises(TypeError, match=message) as raised:
        ftfy_rs.fix_texts(make(pa))
    # No Arrow format codes ("vz", "l") in the message.
    assert '"' not in str(raised.value)


def test_tables_point_to_fix_column(pa):
    with pytest.raises(TypeError, match="fix_column"):
        ftfy_rs.fix_texts(pa.table({"text": ["x"]}))


def test_invalid_utf8_follows_errors(pa):
    data = b"okcaf\xc3\xa9\xff\xfe"
    offsets = pa.array([0, 2, 7, 9], pa.int32()).buffers()[1]
    array = pa.Array.from_buffers(pa.string(), 3, [None, offsets, pa.py_buffer(data)])
    with pytest.raises(ValueError, match="element 2 of the Arrow column is not valid UTF-8"):
        ftfy_rs.fix_texts(array)
    nulled = ftfy_rs.fix_texts(array, errors="null")
    assert nulled.to_pylist() == ["ok", "café", None]
    kept = ftfy_rs.fix_texts(array, errors="keep")
    assert kept.cast(pa.binary()).to_pylist() == [b"ok", "café".encode(), b"\xff\xfe"]


@pytest.mark.parametrize("large", [False, True])
def test_a_character_cut_between_rows_is_not_utf8(pa, large):
    # The data buffer is valid UTF-8 as a whole, but the offsets cut "é"
    # between rows 1 and 2: each of those rows alone is not UTF-8. Enough
    # rows around them to fill blocks and to be fixed on threads.
    rows = [("cafÃ© %d " % i).encode() for i in range(3000)]
    rows[1001:1003] = [b"caf\xc3", b"\xa9 au lait"]
    data = b"".join(rows)
    ends = [0]
    for row in rows:
        ends.append(ends[-1] + len(row))
    kind, width = (pa.large_string(), pa.int64()) if large else (pa.string(), pa.int32())
    offsets = pa.array(ends, width).buffers()[1]
    array = pa.Array.from_buffers(kind, len(rows), [None, offsets, pa.py_buffer(data)])
    with pytest.raises(ValueError, match="element 1,001 of the Arrow column is not valid UTF-8"):
        ftfy_rs.fix_texts(array, threads=2)
    nulled = ftfy_rs.fix_texts(array, threads=2, errors="null").to_pylist()
    assert nulled[1001:1003] == [None, None]
    assert nulled[:1001] + nulled[1003:] == [f"café {i} " for i in range(3000) if i not in (1001, 1002)]
    kept = ftfy_rs.fix_texts(array, threads=2, errors="keep").cast(pa.large_binary()).to_pylist()
    assert kept[1001:1003] == [b"caf\xc3", b"\xa9 au lait"]
    assert kept[1000] == "café 1000 ".encode()


def test_any_arrow_producer(pa, corpus):
    class Producer:
        """Exports an array through the PyCapsule interface only."""

        def __init__(self, array):
            self.array = array

        def __arrow_c_array__(self, requested_schema=None):
            return self.array.__arrow_c_array__(requested_schema)

    class StreamProducer:
        """Exports a stream through the PyCapsule interface only."""

        def __init__(self, array):
            self.array = array

        def __arrow_c_stream__(self, requested_schema=None):
            return self.array.__arrow_c_stream__(requested_schema)

    values = with_nulls(corpus[:500])
    fixed = ftfy_rs.fix_texts(Producer(pa.array(values)))
    assert not isinstance(fixed, pa.Array)
    assert pa.array(fixed).to_pylist() == expected_for(values)
    # Exported once.
    with pytest.raises(ValueError, match="already exported"):
        pa.array(fixed)
    stream = StreamProducer(pa.chunked_array([values[:100], values[100:]]))
    assert pa.chunked_array(ftfy_rs.fix_texts(stream)).to_pylist() == expected_for(values)


@pytest.mark.parametrize("options", [{"uncurl_quotes": False}, {"normalization": "NFKC"},
                                     {"max_decode_length": 5}, {"extended_recovery": True}])
def test_config_options_reach_the_arrow_path(pa, corpus, options):
    values = with_nulls(corpus[:800]) + ["Un cafГ© au lait"]
    config = ftfy_rs.TextFixerConfig(**options)
    assert ftfy_rs.fix_texts(pa.array(values), config).to_pylist() == expected_for(values, **options)
    assert ftfy_rs.fix_texts(pa.array(values), **options).to_pylist() == expected_for(values, **options)
