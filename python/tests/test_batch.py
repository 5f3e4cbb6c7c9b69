"""fix_texts gives what fix_text gives for each item, in order, for any
thread count and any kind of input."""
import pytest

import ftfy_rs


@pytest.mark.parametrize("threads", [None, 1, 2, 3, 8])
def test_equals_fix_text_per_item(corpus, threads):
    expected = [ftfy_rs.fix_text(text) for text in corpus]
    assert ftfy_rs.fix_texts(corpus, threads=threads) == expected
    assert ftfy_rs.fix_texts(iter(corpus), threads=threads) == expected
    assert ftfy_rs.fix_texts(tuple(corpus[:7]), threads=threads) == expected[:7]


@pytest.mark.parametrize("options", [{"uncurl_quotes": False}, {"normalization": "NFKC"},
                                     {"unescape_html": False}, {"max_decode_length": 5}])
def test_with_a_config(corpus, options):
    config = ftfy_rs.TextFixerConfig(**options)
    assert ftfy_rs.fix_texts(corpus, config, threads=2) == [ftfy_rs.fix_text(t, config) for t in corpus]


def test_bad_items_and_arguments():
    with pytest.raises(TypeError):
        ftfy_rs.fix_texts(["ok", 3])
    with pytest.raises(UnicodeError):
        ftfy_rs.fix_texts(["ok", b"bytes"])
    with pytest.raises(TypeError):
        ftfy_rs.fix_texts("one string")
    with pytest.raises(TypeError):
        ftfy_rs.fix_texts(5)
    with pytest.raises(ValueError):
        ftfy_rs.fix_texts(["x"], threads=0)
    with pytest.raises(TypeError):
        ftfy_rs.fix_texts(["x"], {"uncurl_quotes": False})
    with pytest.raises(TypeError):
        ftfy_rs.fix_texts(["x"], None, 2)  # threads is keyword-only


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_errors_far_into_the_input(corpus, threads):
    # Many chunks are read, and being fixed, when the bad item comes.
    texts = (corpus * 4)[:6000]
    with pytest.raises(UnicodeError):
        ftfy_rs.fix_texts(texts + [b"bytes"] + texts, threads=threads)
    with pytest.raises(TypeError):
        ftfy_rs.fix_texts(texts + [None], threads=threads)

    def failing():
        yield from texts
        raise KeyError("the input's own error")

    with pytest.raises(KeyError):
        ftfy_rs.fix_texts(failing(), threads=threads)
    # And the next call works.
    assert ftfy_rs.fix_texts(texts[:600], threads=threads) == [ftfy_rs.fix_text(t) for t in texts[:600]]


def test_unchanged_strings_are_the_same_objects(corpus):
    fixed = ftfy_rs.fix_texts(corpus, threads=2)
    unchanged = [(a, b) for a, b in zip(corpus, fixed) if a == b]
    assert len(unchanged) > 1000
    assert all(a is b for a, b in unchanged)


def test_list_subclasses_are_iterated():
    class Reversed(list):
        def __iter__(self):
            return reversed(self)

    texts = Reversed(["cafÃ©", "one", "two"] * 300)
    assert ftfy_rs.fix_texts(texts, threads=2) == [ftfy_rs.fix_text(t) for t in reversed(texts)]


pa = pytest.importorskip("pyarrow")


@pytest.mark.parametrize("kind", ["string", "large_string"])
@pytest.mark.parametrize("threads", [1, 2, 5])
def test_arrow_arrays(corpus, kind, threads):
    values = [None if i % 17 == 0 else text for i, text in enumerate(corpus)]
    expected = [None if text is None else ftfy_rs.fix_text(text) for text in values]
    array = pa.array(values, type=getattr(pa, kind)())
    fixed = ftfy_rs.fix_texts(array, threads=threads)
    assert isinstance(fixed, pa.Array) and fixed.type == array.type
    assert fixed.to_pylist() == expected
    # A slice starts at an offset into the buffers.
    assert ftfy_rs.fix_texts(array.slice(5, 300), threads=threads).to_pylist() == expected[5:305]
    chunked = pa.chunked_array([array.slice(0, 100), array.slice(100)], type=array.type)
    fixed_chunked = ftfy_rs.fix_texts(chunked, threads=threads)
    assert isinstance(fixed_chunked, pa.ChunkedArray) and fixed_chunked.type == array.type
    assert fixed_chunked.to_pylist() == expected


def test_arrow_edge_cases():
    assert ftfy_rs.fix_texts(pa.array([], pa.string())).to_pylist() == []
    assert ftfy_rs.fix_texts(pa.array([None, None], pa.string())).to_pylist() == [None, None]
    assert ftfy_rs.fix_texts(pa.array(["", "cafÃ©"])).to_pylist() == ["", "café"]
    assert ftfy_rs.fix_texts(pa.chunked_array([], pa.string())).to_pylist() == []
    with pytest.raises(TypeError):
        ftfy_rs.fix_texts(pa.array([1, 2]))
