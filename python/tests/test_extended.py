"""extended_recovery: ftfy_rs's one option beyond ftfy 6.3.1. Off (the
default), every answer is ftfy's; on, the mojibake ftfy leaves broken is
recovered, as the Rust crate documents, and clean text is left alone."""
import io
import sys
from pathlib import Path

import pytest

import ftfy_rs

# The Rust crate's documented examples (README, "Extended recovery").
LATIN_AS_CYRILLIC = ("Un cafГ© au lait", "Un café au lait")
CP1251_AS_LATIN1 = ("Ïðèâåò, êàê äåëà?", "Привет, как дела?")
EXAMPLES = [LATIN_AS_CYRILLIC, CP1251_AS_LATIN1]


@pytest.mark.parametrize("broken, intended", EXAMPLES)
def test_off_by_default_is_ftfy(oracle, broken, intended):
    assert ftfy_rs.TextFixerConfig().extended_recovery is False
    # ftfy 6.3.1 leaves both broken; so do we, unless asked.
    assert oracle.fix_text(broken) == broken
    assert ftfy_rs.fix_text(broken) == broken
    assert ftfy_rs.fix_text(broken, extended_recovery=False) == broken
    assert ftfy_rs.fix_encoding(broken) == oracle.fix_encoding(broken)
    assert ftfy_rs.fix_and_explain(broken) == oracle.fix_and_explain(broken)


@pytest.mark.parametrize("broken, intended", EXAMPLES)
def test_every_function_takes_it(broken, intended):
    config = ftfy_rs.TextFixerConfig(extended_recovery=True)
    for function in (ftfy_rs.fix_text, ftfy_rs.fix_encoding, ftfy_rs.fix_text_segment):
        assert function(broken, extended_recovery=True) == intended, function
        assert function(broken, config) == intended, function
    for function in (ftfy_rs.fix_and_explain, ftfy_rs.fix_encoding_and_explain):
        for fixed in (function(broken, extended_recovery=True), function(broken, config)):
            assert fixed.text == intended
            # The plan replays: apply_plan knows extended recovery's steps.
            assert ftfy_rs.apply_plan(broken, fixed.explanation) == intended
    assert ftfy_rs.fix_texts([broken, "ok"], extended_recovery=True) == [intended, "ok"]
    assert ftfy_rs.fix_texts([broken, "ok"], config, threads=2) == [intended, "ok"]
    assert list(ftfy_rs.fix_file(io.StringIO(broken + "\n"), extended_recovery=True)) == \
        [intended + "\n"]
    assert list(ftfy_rs.fix_file(io.BytesIO(broken.encode() + b"\n"), config=config)) == \
        [intended + "\n"]


def test_ftfys_own_config_is_accepted(oracle):
    # A config made by ftfy itself (16 fields) means extended recovery off.
    broken = LATIN_AS_CYRILLIC[0]
    assert ftfy_rs.fix_text(broken, oracle.TextFixerConfig()) == broken
    assert ftfy_rs.fix_text("cafÃ©", oracle.TextFixerConfig(explain=False)) == "café"
    with pytest.raises(TypeError):
        ftfy_rs.fix_texts(["x"], (1, 2, 3))


def test_clean_text_is_left_alone(oracle, differential):
    clean, _ = differential.build(per_locale=25)
    texts = [case["text"] for case in clean]
    assert len(texts) > 1000
    config = ftfy_rs.TextFixerConfig(extended_recovery=True)
    for text in texts:
        # Clean text gets what ftfy gives it (at most its normal
        # tidying: NFC, quotes), never a re-decoding.
        assert ftfy_rs.fix_text(text, config) == oracle.fix_text(text), text
        assert ftfy_rs.fix_encoding(text, config) == oracle.fix_encoding(text), text
    assert ftfy_rs.fix_texts(texts, config) == [oracle.fix_text(text) for text in texts]


def golden_cases():
    """golden/extended.toml: generated from original texts the generator
    damaged (see its header); each case names the function it tests."""
    if sys.version_info < (3, 11):
        return []
    import tomllib

    path = Path(__file__).resolve().parents[2] / "golden" / "extended.toml"
    cases = tomllib.loads(path.read_text(encoding="utf-8"))["case"]
    return [case for case in cases if case.get("config") == {"extended_recovery": True}]


@pytest.mark.skipif(sys.version_info < (3, 11), reason="tomllib")
@pytest.mark.parametrize("case", golden_cases(), ids=lambda case: case["name"])
def test_golden_extended_cases(case):
    checked = 0
    for name in ("fix_text", "fix_encoding"):
        if name in case:
            assert getattr(ftfy_rs, name)(case["input"], extended_recovery=True) == case[name]
            checked += 1
    assert checked


def test_guess_bytes_learns_legacy_encodings(oracle):
    import codecs

    text = "Привет, как дела? Сегодня хорошая погода.\nМы пойдём гулять в парк после обеда.\n"
    for encoding in ("windows-1251", "koi8-r", "cp866"):
        data = text.encode(encoding)
        # Off, ftfy's guess; on, the encoding the text was written in.
        assert ftfy_rs.guess_bytes(data) == oracle.guess_bytes(data)
        assert ftfy_rs.guess_bytes_with(data) == oracle.guess_bytes(data)
        for decoded, name in (ftfy_rs.guess_bytes_with(data, extended_recovery=True),
                              ftfy_rs.guess_bytes_with(data, ftfy_rs.TextFixerConfig(extended_recovery=True))):
            assert decoded == text
            assert codecs.lookup(name).name == codecs.lookup(encoding).name
    western = "Le café de la crème brûlée était délicieux.\n".encode("cp1252")
    assert ftfy_rs.guess_bytes_with(western, extended_recovery=True) == oracle.guess_bytes(western)


# Text in each encoding real files come in, as Python writes it: the
# document guess names the encoding (or one that reads the bytes alike),
# by a name Python's codecs read, and fix_file reads the file by that name.
GUESSED = [
    ("mac-cyrillic", "Привет, как дела? Сегодня хорошая погода, мы пойдём гулять в парк.\n"),
    ("cp855", "Привет, как дела? Сегодня хорошая погода, мы пойдём гулять в парк.\n"),
    ("koi8-u", "Найпридатнішим є той, хто їсть ґудзики і п'є воду з криниці.\n"),
    ("iso-8859-6", "مرحبا بالعالم. الطقس جميل جدا اليوم وسنذهب إلى الحديقة.\n"),
    ("johab", "한국어 텍스트입니다. 오늘은 날씨가 아주 좋습니다. 공원에 갑시다.\n"),
    ("iso2022_kr", "한국어 텍스트입니다. 오늘은 날씨가 아주 좋습니다. 공원에 갑시다.\n"),
    ("iso2022_jp", "日本語のテキストです。今日はいい天気ですね。明日も晴れるでしょう。\n"),
    ("cp932", "①から⑩までの番号と、髙橋さんの名前です。今日はいい天気ですね。\n"),
    ("big5hkscs", "中文文本。今天天氣很好，我們去公園散步吧。這是一個測試。\n"),
    ("utf-16-le", "Hello, this is a plain English sentence. Привет!\n"),
    ("utf-32-be", "Hello, this is a plain English sentence. Привет!\n"),
]


@pytest.mark.parametrize("encoding,text", GUESSED)
def test_the_document_guess_names_encodings_python_reads(encoding, text):
    import codecs

    data = text.encode(encoding)
    decoded, name = ftfy_rs.guess_bytes_with(data, extended_recovery=True)
    assert decoded == text, name
    assert data.decode(codecs.lookup(name).name) == text
    ranked = ftfy_rs.guess_bytes_ranked(data)
    assert ranked[0].encoding == name
    assert any(codecs.lookup(guess.encoding).name == codecs.lookup(encoding).name for guess in ranked)
    read = "".join(ftfy_rs.fix_file(io.BytesIO(data), encoding=name, fix_encoding=False))
    assert read == ftfy_rs.fix_text(text, fix_encoding=False)


def test_fix_file_guesses_from_more_than_the_first_line():
    # A subtitle's number, then Russian in KOI8-R: ftfy guesses UTF-8 from
    # the first line; extended mode, from the first 64 KiB.
    text = "1\nПривет, как дела? Сегодня хорошая погода.\nДа.\n"
    data = text.encode("koi8-r")
    assert "".join(ftfy_rs.fix_file(io.BytesIO(data), extended_recovery=True)) == text
    with pytest.raises(UnicodeDecodeError):
        list(ftfy_rs.fix_file(io.BytesIO(data)))
