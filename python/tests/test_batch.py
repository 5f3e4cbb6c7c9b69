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


def test_bad_arguments():
    with pytest.raises(TypeError):
        ftfy_rs.fix_texts("one string")
    with pytest.raises(TypeError):
        ftfy_rs.fix_texts(5)
    with pytest.raises(TypeError):
        ftfy_rs.fix_texts(["x"], {"uncurl_quotes": False})
    with pytest.raises(TypeError):
        ftfy_rs.fix_texts(["x"], None, 2)  # threads is keyword-only
    with pytest.raises(ValueError, match="errors must be 'raise', 'keep' or 'null'"):
        ftfy_rs.fix_texts(["x"], errors="ignore")


@pytest.mark.parametrize("threads, message", [
    (0, "threads must be 1 or more .* not 0"), (-1, "threads must be 1 or more .* not -1"),
    (-(2 ** 70), "threads must be 1 or more"),
])
def test_thread_counts_are_checked(threads, message):
    with pytest.raises(ValueError, match=message):
        ftfy_rs.fix_texts(["x"], threads=threads)
    with pytest.raises(TypeError, match="threads must be an integer, not str"):
        ftfy_rs.fix_texts(["x"], threads="2")


@pytest.mark.parametrize("function", ["fix_text", "fix_encoding", "fix_text_segment", "fix_and_explain"])
def test_negative_max_decode_length_names_itself(function):
    with pytest.raises(ValueError, match="max_decode_length must be 0 or more, not -1"):
        getattr(ftfy_rs, function)("x", max_decode_length=-1)
    with pytest.raises(ValueError, match="max_decode_length must be 0 or more"):
        ftfy_rs.fix_texts(["x"], max_decode_length=-5)


BAD = [(3, "int (3)", TypeError), (float("nan"), "float (nan)", TypeError),
       (None, "None", TypeError), (b"caf\xc3\xa9", "bytes (b'caf\\xc3\\xa9')", UnicodeError),
       (["nested"], "list (['nested'])", TypeError), (object, "type (<class 'object'>)", TypeError)]


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("bad, described, error", BAD, ids=lambda value: repr(value)[:20])
def test_a_bad_element_is_named(corpus, threads, bad, described, error):
    # Far into the input, where many chunks are being fixed: its position
    # and what it is, and how to go on.
    texts = (corpus * (381_204 // len(corpus) + 1))[:381_204] + [bad, "cafÃ©", bad]
    with pytest.raises(error) as raised:
        ftfy_rs.fix_texts(texts, threads=threads)
    message = str(raised.value)
    assert message.startswith(f"fix_texts: element 381,204 is {described}"), message
    assert "errors='keep'" in message and "errors='null'" in message
    # errors="keep" passes it on as it is, errors="null" as None.
    kept = ftfy_rs.fix_texts(texts[-5:], threads=threads, errors="keep")
    assert kept[-3] is bad and kept[-1] is bad and kept[-2] == "café"
    assert ftfy_rs.fix_texts(texts[-5:], threads=threads, errors="null")[-3:] == [None, "café", None]


def test_long_reprs_are_cut():
    with pytest.raises(TypeError) as raised:
        ftfy_rs.fix_texts(["ok", list(range(1000))])
    assert "element 1 is list ([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11...), not str" in str(raised.value)


def test_str_subclasses_come_back_as_str(corpus):
    class Text(str):
        pass

    texts = [Text(text) for text in corpus[:500]]
    fixed = ftfy_rs.fix_texts(texts)
    assert all(type(text) is str for text in fixed)
    assert fixed == ftfy_rs.fix_texts(corpus[:500])


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
