"""Shared fixtures for ftfy_rs's own tests.

Expected values come from the Python package ftfy 6.3.1, installed beside
ftfy_rs as the oracle (ftfy_rs itself never imports it); the corpus is the
project's differential corpus, built by xtask/python/differential/corpus.py
(loaded from its file, under a name of its own). Tests that need pyarrow,
pandas or Polars take the fixture of that name, and are skipped alone
where it is not installed.
"""
import importlib.util
import random
from pathlib import Path

import pytest

import ftfy_rs

ROOT = Path(__file__).resolve().parents[2]

# The same option sets as the differential check: defaults, each option
# off in turn, and the other values.
OPTION_SETS = [{}] + [{option: False} for option in [
    "unescape_html", "remove_terminal_escapes", "fix_encoding", "restore_byte_a0",
    "replace_lossy_sequences", "decode_inconsistent_utf8", "fix_c1_controls",
    "fix_latin_ligatures", "fix_character_width", "uncurl_quotes", "fix_line_breaks",
    "fix_surrogates", "remove_control_chars",
]] + [{"unescape_html": True}, {"normalization": "NFKC"}, {"normalization": "NFD"},
      {"normalization": None}, {"max_decode_length": 12}, {"explain": False}]


@pytest.fixture(scope="session")
def oracle():
    """ftfy 6.3.1, the reference."""
    import ftfy

    assert ftfy.__version__ == "6.3.1"
    assert ftfy is not ftfy_rs and "ftfy_rs" not in ftfy.__file__, "the oracle must be the real ftfy"
    return ftfy


@pytest.fixture(scope="session")
def differential():
    """xtask/python/differential/corpus.py, as a module."""
    path = ROOT / "xtask" / "python" / "differential" / "corpus.py"
    spec = importlib.util.spec_from_file_location("ftfy_rs_tests_differential_corpus", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def corpus(differential):
    """Clean and mangled strings, and inputs rich in everything fix_text fixes."""
    clean, mangled = differential.build(per_locale=25)
    rng = random.Random(11)
    texts = [case["text"] for case in clean] + [case["text"] for case in mangled]
    texts += differential.rich_inputs(1500, texts, seed=12)
    texts += ["\n".join(rng.sample(texts, rng.randint(2, 5))) for _ in range(300)]
    return texts


@pytest.fixture
def pa():
    """pyarrow, or the test is skipped."""
    return pytest.importorskip("pyarrow")


@pytest.fixture
def pd():
    """pandas, or the test is skipped."""
    return pytest.importorskip("pandas")


@pytest.fixture
def pl():
    """Polars, or the test is skipped."""
    return pytest.importorskip("polars")
