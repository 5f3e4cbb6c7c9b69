"""Every public name of every module of ftfy 6.3.1 is in the ftfy_rs module
of the same name: ftfy's own functions and classes with their parameters,
its constants with its values, and the names it imports (modules, typing
helpers, stdlib functions) as the same objects."""
import codecs
import importlib
import inspect
import types

import pytest

import ftfy_rs

MODULES = ["ftfy", "ftfy.bad_codecs", "ftfy.bad_codecs.sloppy", "ftfy.bad_codecs.utf8_variants",
           "ftfy.badness", "ftfy.chardata", "ftfy.cli", "ftfy.fixes", "ftfy.formatting"]

# Names whose value differs on purpose (docs/python.md, "Differences").
DIFFERENT = {
    # The distribution's own version; ftfy's is ftfy_rs.ftfy_version.
    ("ftfy", "__version__"),
}


def public_names(module):
    return [name for name in dir(module) if not name.startswith("_")]


def ours_for(module_name):
    return importlib.import_module("ftfy_rs" + module_name[len("ftfy"):])


def same_codec(ours, theirs):
    every_byte = bytes(range(256))
    assert ours.name == theirs.name
    assert ours.decode(every_byte, "replace") == theirs.decode(every_byte, "replace")
    text = theirs.decode(every_byte, "replace")[0]
    assert ours.encode(text, "replace") == theirs.encode(text, "replace")


def check(name, ours, theirs):
    """`ours` stands for ftfy's `theirs` under `name`."""
    if isinstance(theirs, types.ModuleType):
        if theirs.__name__.split(".")[0] == "ftfy":
            assert ours is ours_for(theirs.__name__), name
        else:
            assert ours is theirs, name
        return
    defined_in = getattr(theirs, "__module__", None) or ""
    if callable(theirs) and defined_in.split(".")[0] == "ftfy":
        # ftfy's own function or class: ours, with the same parameters.
        assert callable(ours) and getattr(ours, "__module__", "").startswith("ftfy_rs"), name
        if inspect.isfunction(theirs):
            assert list(inspect.signature(ours).parameters) == \
                list(inspect.signature(theirs).parameters), name
        else:
            assert inspect.isclass(ours), name
        return
    if callable(theirs) and defined_in.split(".")[0] == "wcwidth":
        # The wcwidth package's functions: ours measure as they do.
        texts = ["a", "車", "\x1b", "\u0301", "\u200d", "😀"]
        if name.endswith("wcswidth"):
            texts += ["e\u0301", "👨\u200d👩\u200d👧", "\x1b[34mblue", "🇫🇷", "ちゃぶ台返し"]
        for text in texts:
            assert ours(text) == theirs(text), (name, text)
        return
    if isinstance(theirs, codecs.CodecInfo):
        same_codec(ours, theirs)
        return
    if isinstance(theirs, dict) and theirs and all(map(inspect.isfunction, theirs.values())):
        # FIXERS: ftfy's functions by name, and ours.
        assert ours.keys() == theirs.keys(), name
        for key, function in theirs.items():
            check(f"{name}[{key!r}]", ours[key], function)
        return
    if isinstance(theirs, dict) and theirs and all(
        isinstance(value, codecs.CodecInfo) for value in theirs.values()
    ):
        assert ours.keys() == theirs.keys(), name
        for key in theirs:
            same_codec(ours[key], theirs[key])
        return
    if callable(theirs) or not isinstance(theirs, (str, bytes, int, float, list, tuple, dict,
                                                   type(None), type(ours))):
        # Something ftfy imports (a typing helper, a stdlib function,
        # __future__'s annotations): the very same object.
        assert ours is theirs, name
        return
    # A constant: ftfy's value (compiled patterns compare by pattern and
    # flags).
    assert ours == theirs, name


@pytest.mark.parametrize("module_name", MODULES)
def test_every_public_name(oracle, module_name):
    theirs = importlib.import_module(module_name)
    ours = ours_for(module_name)
    names = public_names(theirs)
    assert len(names) >= 6
    assert [name for name in names if not hasattr(ours, name)] == []
    for name in names:
        if (module_name, name) not in DIFFERENT:
            check(f"{module_name}.{name}", getattr(ours, name), getattr(theirs, name))


def test_constants_are_loaded_when_first_used():
    import subprocess
    import sys

    program = ("import sys, ftfy_rs, ftfy_rs.chardata, ftfy_rs.fixes, ftfy_rs.badness; "
               "assert 'ftfy_rs._ftfy_tables' not in sys.modules; "
               "ftfy_rs.chardata.HTML_ENTITIES; "
               "assert 'ftfy_rs._ftfy_tables' in sys.modules; "
               "assert 'HTML_ENTITIES' in dir(ftfy_rs.chardata); print('ok')")
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert done.stdout == "ok\n", done.stderr


def test_versions(oracle):
    from importlib.metadata import version

    assert ftfy_rs.ftfy_version == oracle.__version__ == "6.3.1"
    assert ftfy_rs.__version__ == version("ftfy_rs")
