"""ftfy_rs has ftfy 6.3.1's interface: signatures, defaults, types, errors,
submodules, the drop-in import; and survives what ftfy survives."""
import inspect
import subprocess
import sys
import threading
import warnings

import pytest

import ftfy_rs

PUBLIC = ["fix_text", "fix_and_explain", "fix_encoding", "fix_encoding_and_explain",
          "fix_text_segment", "apply_plan", "explain_unicode", "guess_bytes", "fix_file"]


@pytest.mark.parametrize("name", PUBLIC)
def test_signatures_match(oracle, name):
    ours, theirs = inspect.signature(getattr(ftfy_rs, name)), inspect.signature(getattr(oracle, name))
    assert list(ours.parameters) == list(theirs.parameters)
    for parameter in ours.parameters.values():
        other = theirs.parameters[parameter.name]
        assert (parameter.kind, parameter.default) == (other.kind, other.default)


@pytest.mark.parametrize("module", ["fixes", "badness", "formatting", "chardata", "bad_codecs"])
def test_submodules_have_ftfys_functions(oracle, module):
    import importlib

    theirs = importlib.import_module(f"ftfy.{module}")
    ours = importlib.import_module(f"ftfy_rs.{module}")
    functions = [name for name, value in vars(theirs).items()
                 if inspect.isfunction(value) and value.__module__ == theirs.__name__
                 and not name.startswith("_")]
    assert functions
    for name in functions:
        assert callable(getattr(ours, name)), name
        assert getattr(ours, name).__doc__, name
        ours_parameters = list(inspect.signature(getattr(ours, name)).parameters)
        assert ours_parameters == list(inspect.signature(getattr(theirs, name)).parameters), name


def test_every_function_has_a_docstring():
    import ftfy_rs.badness
    import ftfy_rs.fixes
    import ftfy_rs.formatting

    for module in (ftfy_rs, ftfy_rs.fixes, ftfy_rs.badness, ftfy_rs.formatting):
        for name, value in vars(module).items():
            if inspect.isfunction(value) and value.__module__ == module.__name__:
                assert value.__doc__, f"{module.__name__}.{name}"


def test_text_fixer_config_is_ftfys(oracle):
    # ftfy's 16 fields in ftfy's order, then extended_recovery (off).
    assert ftfy_rs.TextFixerConfig._fields == oracle.TextFixerConfig._fields + ("extended_recovery",)
    assert ftfy_rs.TextFixerConfig()[:16] == oracle.TextFixerConfig()
    assert ftfy_rs.TextFixerConfig._field_defaults == \
        dict(oracle.TextFixerConfig._field_defaults, extended_recovery=False)
    config = ftfy_rs.TextFixerConfig(uncurl_quotes=False)._replace(normalization="NFKC")
    assert config[:16] == oracle.TextFixerConfig(uncurl_quotes=False, normalization="NFKC")
    assert config.extended_recovery is False
    assert isinstance(config, tuple)
    # Built by position as for ftfy: the same options.
    positional = ftfy_rs.TextFixerConfig(*oracle.TextFixerConfig(fix_encoding=False))
    assert positional == ftfy_rs.TextFixerConfig(fix_encoding=False)
    with pytest.raises(TypeError):
        ftfy_rs.TextFixerConfig(no_such_option=True)


def test_return_types(oracle):
    explained = ftfy_rs.fix_and_explain("sÃ³")
    assert type(explained) is ftfy_rs.ExplainedText
    assert all(type(step) is ftfy_rs.ExplanationStep for step in explained.explanation)
    assert repr(explained) == repr(oracle.fix_and_explain("sÃ³"))
    assert ftfy_rs.fix_and_explain("sÃ³", explain=False) == ("só", None)
    assert ftfy_rs.fix_encoding_and_explain("x", explain=False) == ("x", [])
    assert ftfy_rs.fix_and_explain("", ftfy_rs.TextFixerConfig()) == ("", [])


def test_empty_input(oracle):
    for name in ["fix_text", "fix_encoding", "fix_text_segment"]:
        assert getattr(ftfy_rs, name)("") == ""
    assert ftfy_rs.fix_texts([]) == []
    assert ftfy_rs.fix_texts(iter(())) == []
    assert ftfy_rs.guess_bytes(b"") == oracle.guess_bytes(b"")
    assert list(ftfy_rs.fix_file([])) == []


def raised(function, *args, **kwargs):
    """The type of the exception a call raises, or None."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            function(*args, **kwargs)
    except Exception as error:  # noqa: BLE001 - the type is what is compared
        return type(error)
    return None


@pytest.mark.parametrize("call", [
    ("fix_text", (b"bytes",), {}), ("fix_text", (None,), {}), ("fix_text", (12,), {}),
    ("fix_text", ("x",), {"no_such_option": True}), ("fix_text", ("x", {"a": 1}), {}),
    ("fix_text", ("x",), {"normalization": "NFX"}), ("fix_encoding", (b"x",), {}),
    ("fix_and_explain", (b"x",), {}), ("fix_encoding_and_explain", (b"x",), {}),
    ("fix_text_segment", (b"x",), {}), ("guess_bytes", ("text",), {}),
    ("guess_bytes", (b"\xff\xfeo\x00k",), {}), ("apply_plan", ("x", [("encode", "no-such-codec")]), {}),
    ("apply_plan", ("x", [("apply", "make_it_nice")]), {}), ("apply_plan", ("x", [("frob", "x")]), {}),
    ("apply_plan", (b"x", [("encode", "latin-1")]), {}),
    ("fix_encoding", (None,), {}), ("fix_and_explain", (3.5,), {}),
])
def test_wrong_arguments_raise_what_ftfy_raises(oracle, call):
    name, args, kwargs = call
    expected = raised(getattr(oracle, name), *args, **kwargs)
    assert expected is not None
    assert raised(getattr(ftfy_rs, name), *args, **kwargs) is expected


@pytest.mark.parametrize("call", [
    ("fixes", "uncurl_quotes", (None,)), ("fixes", "restore_byte_a0", ("text",)),
    ("formatting", "character_width", ("ab",)), ("formatting", "display_ljust", ("x", 5, "車")),
    ("badness", "badness", (5,)), ("fixes", "fix_latin_ligatures", (b"x",)),
])
def test_wrong_arguments_to_submodules(oracle, call):
    import importlib

    module, name, args = call
    theirs = getattr(importlib.import_module(f"ftfy.{module}"), name)
    ours = getattr(importlib.import_module(f"ftfy_rs.{module}"), name)
    expected = raised(theirs, *args)
    assert expected is not None
    assert raised(ours, *args) is expected or issubclass(raised(ours, *args), expected)


def test_fix_entities_is_deprecated():
    with pytest.deprecated_call():
        assert ftfy_rs.fix_text("&amp;\n<html>", fix_entities=True) == "&\n<html>"


SURROGATE_INPUTS = [
    "\ud83d\ude00", "a\udc00b", "\udbff\udfff", "\ud800", "x\ud83d", "\ude00\ud83d",
    "cafÃ©\ud800", "Ã©\ud83d\ude00 ok", "\ud83d\ude00&amp;“quotes”\r\n\udc00", "ﬁ\ud800ﬂ",
    "\U0001F600\ud83d", "\ud800\n\ud800", "\uf0000\ud800\U000f0800",
]


@pytest.mark.parametrize("text", SURROGATE_INPUTS, ids=ascii)
@pytest.mark.parametrize("options", [{}, {"fix_surrogates": False}, {"fix_encoding": False},
                                     {"normalization": None, "fix_surrogates": False}])
def test_surrogates_as_ftfy(oracle, text, options):
    assert ftfy_rs.fix_text(text, **options) == oracle.fix_text(text, **options)
    assert ftfy_rs.fix_and_explain(text, **options) == oracle.fix_and_explain(text, **options)
    assert ftfy_rs.fix_encoding(text) == oracle.fix_encoding(text)
    assert ftfy_rs.fixes.fix_surrogates(text) == oracle.fixes.fix_surrogates(text)
    assert ftfy_rs.fixes.uncurl_quotes(text) == oracle.fixes.uncurl_quotes(text)
    assert ftfy_rs.fix_texts([text, "ok"], ftfy_rs.TextFixerConfig(**options)) == \
        [oracle.fix_text(text, **options), "ok"]


def test_huge_strings(oracle):
    line = "The Mona Lisa doesnÃ¢â‚¬â„¢t have eyebrows. " * 5000
    one_line = line * 10  # 2 MB on one line: cut at max_decode_length
    assert ftfy_rs.fix_text(one_line) == oracle.fix_text(one_line)
    many_lines = (line + "\n") * 20
    assert ftfy_rs.fix_text(many_lines) == oracle.fix_text(many_lines)
    assert ftfy_rs.fix_texts([one_line, many_lines], threads=2) == \
        [ftfy_rs.fix_text(one_line), ftfy_rs.fix_text(many_lines)]


def test_threads_calling_at_once(oracle, corpus):
    texts = corpus[:1500]
    expected = [oracle.fix_text(text) for text in texts]
    results, errors = {}, []

    def work(worker):
        try:
            if worker % 2:
                results[worker] = [ftfy_rs.fix_text(text) for text in texts]
            else:
                results[worker] = ftfy_rs.fix_texts(texts, threads=2)
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)

    threads = [threading.Thread(target=work, args=(worker,)) for worker in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert all(result == expected for result in results.values()) and len(results) == 8


def test_drop_in_through_sys_modules():
    # A fresh interpreter: a library importing ftfy gets ftfy_rs, submodules too.
    program = """
import sys, ftfy_rs
sys.modules["ftfy"] = ftfy_rs
import ftfy
from ftfy.fixes import uncurl_quotes
from ftfy.badness import is_bad
from ftfy.formatting import display_ljust
from ftfy.bad_codecs.utf8_variants import IncrementalDecoder
from ftfy.chardata import possible_encoding
import ftfy.fixes
assert ftfy.fixes is ftfy_rs.fixes and uncurl_quotes is ftfy_rs.fixes.uncurl_quotes
assert ftfy.fix_text("âœ” No problems") == "✔ No problems"
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert done.stdout == "ok\n", done.stderr


def test_import_as():
    program = "import ftfy_rs as ftfy; print(ftfy.fix_text('âœ” No problems'))"
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert done.stdout == "✔ No problems\n", done.stderr


def test_stubs_and_marker_ship():
    from pathlib import Path

    package = Path(ftfy_rs.__file__).parent
    assert (package / "py.typed").exists()
    # One stub, for the compiled module; the Python modules are annotated.
    assert sorted(path.name for path in package.rglob("*.pyi")) == ["_native.pyi"]


TOP_LEVEL = ["fix_text", "fix_encoding", "fix_text_segment", "ftfy"]
FIXES = ["unescape_html", "remove_terminal_escapes", "uncurl_quotes", "fix_latin_ligatures",
         "fix_character_width", "fix_line_breaks", "fix_surrogates", "remove_control_chars",
         "remove_bom", "decode_escapes", "decode_inconsistent_utf8", "fix_c1_controls"]


def test_str_subclasses_get_what_ftfy_returns(oracle, corpus):
    # ftfy returns the very object where some functions leave text
    # unchanged (fix_encoding, fix_surrogates), and a new str elsewhere.
    import ftfy.fixes

    class Text(str):
        pass

    texts = [Text(text) for text in corpus[:400] + ["plain", "cafÃ©", "", "\ud800", "x" * 10_000]]
    pairs = [(getattr(ftfy_rs, name), getattr(oracle, name)) for name in TOP_LEVEL]
    pairs += [(getattr(ftfy_rs.fixes, name), getattr(ftfy.fixes, name)) for name in FIXES]
    for ours, theirs in pairs:
        for text in texts:
            assert type(ours(text)) is type(theirs(text)), (ours.__name__, text[:30])
    for name in ("fix_and_explain", "fix_encoding_and_explain"):
        for text in texts:
            ours, theirs = getattr(ftfy_rs, name)(text), getattr(oracle, name)(text)
            assert type(ours.text) is type(theirs.text), (name, text[:30])
