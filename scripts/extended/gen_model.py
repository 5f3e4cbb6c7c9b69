#!/usr/bin/env python3
"""Writes src/extended/tables.rs: the language model of extended recovery.

The model is built only from permissively licensed data shipped in PyPI
packages, never from text found on the machine:

- Unicode CLDR's localized names (languages, territories, scripts, months,
  days, currencies, units, date fields) in every locale, through Babel;
- Faker's locale word lists (names, cities, streets, lorem words, jobs);
- the common-character ranges of the CJK codecs' own repertoires (GB2312
  level 1, JIS X 0208 level 1, KS X 1001 Hangul, Big5 frequent
  characters), read from Python's codecs.

It writes:

- SCRIPTS / SCRIPT_RANGES: which writing system each letter belongs to
  (from Python's unicodedata names), to see script mixing inside a word;
- FOLLOWERS: for every letter, the letters seen after it inside a word,
  in eight frequency bands (a space stands for the word boundary);
- COMMON_IDEOGRAPHS: Han, kana and Hangul characters seen in that text,
  and KNOWN_IDEOGRAPHS: the rest of the codecs' common levels;
- LATIN_LETTERS / LANGUAGE_LETTERS: the accented Latin letters of the
  single-byte codecs, and which of them each Latin-script language writes
  (CLDR's main exemplar characters), for the mixups within the Latin
  script (`latin.rs`). Babel leaves exemplar characters out of its CLDR
  data, so they come from CLDR's own JSON release on npm, through
  cldr_exemplars.json (checked in; extract_cldr_exemplars.py makes it);
- LANGUAGE_TRIGRAMS: for each language a Central European, Turkish or
  Baltic code page was made for, the letter triples (a space: a word's
  start or end) with an accented letter in the words of that language's
  own CLDR locales (all their data), CLDR's emoji annotations in it
  (cldr_annotation_words.json, checked in; extract_cldr_annotations.py
  makes it) and Faker locales (the generated strings above and the
  providers' own lists): how its words go on around its accented
  letters, for the mixups within the Latin script.

Run: .venv/bin/python scripts/extended/gen_model.py
(Python 3.11 and the .venv of scripts/requirements.txt; the output is
deterministic.)
"""
import collections
import json
import math
import os
import re
import sys
import unicodedata
from pathlib import Path

import babel
import babel.localedata
from babel import Locale
import faker
from faker import Faker

# Some of Faker's word lists are sets, whose order depends on string
# hashing: fix the hash seed, so that the tables are the same on every run.
if os.environ.get("PYTHONHASHSEED") != "0":
    os.environ["PYTHONHASHSEED"] = "0"
    os.execv(sys.executable, [sys.executable, *sys.argv])

PINNED = {"Babel": "2.16.0"}
assert babel.__version__ == PINNED["Babel"], babel.__version__

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "src" / "extended" / "tables.rs"

BANDS = 8

# CLDR's main exemplar characters (Unicode License v3), checked in as
# extract_cldr_exemplars.py took them from CLDR's JSON release.
EXEMPLARS = ROOT / "tools" / "language-model" / "cldr_exemplars.json"
# Words of CLDR's emoji annotations (Unicode License v3), checked in as
# extract_cldr_annotations.py took them from CLDR's JSON release.
ANNOTATION_WORDS = ROOT / "scripts" / "extended" / "cldr_annotation_words.json"
# The single-byte codecs whose letters the Latin mixups are made of.
LATIN_CODECS = ["cp1250", "cp1252", "cp1254", "cp1257", "cp1258", "iso8859_2", "iso8859_3",
                "iso8859_4", "iso8859_9", "iso8859_10", "iso8859_13", "iso8859_14", "iso8859_15",
                "iso8859_16", "cp437", "cp850", "mac_roman"]

SCRIPT_NAMES = [
    "LATIN", "CYRILLIC", "GREEK", "ARMENIAN", "HEBREW", "ARABIC", "SYRIAC", "THAANA",
    "DEVANAGARI", "BENGALI", "GURMUKHI", "GUJARATI", "ORIYA", "TAMIL", "TELUGU", "KANNADA",
    "MALAYALAM", "SINHALA", "THAI", "LAO", "TIBETAN", "MYANMAR", "GEORGIAN", "HANGUL",
    "ETHIOPIC", "CHEROKEE", "KHMER", "MONGOLIAN", "HIRAGANA", "KATAKANA", "CJK", "BOPOMOFO",
    "YI", "NKO", "TIFINAGH", "VAI", "CANADIAN", "OL", "JAVANESE", "BALINESE", "SUNDANESE",
    "ADLAM", "CHAKMA", "MEETEI", "SAURASHTRA", "LIMBU", "TAI", "NEW",
]


def script_of(char):
    """Script id (1-based index in SCRIPT_NAMES, 0 for other letters,
    None for non-letters and combining marks)."""
    if not char.isalpha():
        return None
    name = unicodedata.name(char, "")
    first = name.split(" ")[0]
    if first in ("HALFWIDTH", "FULLWIDTH"):
        first = name.split(" ")[1]
    if first == "MODIFIER":
        return None
    if first in SCRIPT_NAMES:
        return SCRIPT_NAMES.index(first) + 1
    return 0


def strings_in(value, depth=0):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict) and depth < 4:
        for item in value.values():
            yield from strings_in(item, depth + 1)
    elif isinstance(value, (list, tuple)) and depth < 4:
        for item in value:
            yield from strings_in(item, depth + 1)


def cldr_strings():
    keys = ["languages", "territories", "scripts", "months", "days", "currency_names",
            "currency_names_plural", "unit_display_names", "date_fields", "variants", "eras",
            "day_periods", "quarters"]
    seen = set()
    for identifier in sorted(babel.localedata.locale_identifiers()):
        try:
            data = Locale.parse(identifier)._data
        except Exception:  # noqa: BLE001 (a few identifiers have no data of their own)
            continue
        for key in keys:
            try:
                value = data[key]
            except KeyError:
                continue
            for text in strings_in(dict(value) if hasattr(value, "keys") else value):
                if text not in seen:
                    seen.add(text)
                    yield text


def faker_samples(fake):
    """Strings of a seeded Faker locale: 600 draws of each of a few
    providers (until one fails), then its word list."""
    for method in ["first_name", "last_name", "city", "street_name", "country", "job",
                   "company", "word"]:
        for _ in range(600):
            try:
                text = getattr(fake, method)()
            except Exception:  # noqa: BLE001 (not every locale has every provider)
                break
            yield text
    try:
        words = fake.get_words_list()
    except Exception:  # noqa: BLE001
        words = []
    yield from words


def faker_strings():
    from faker.config import AVAILABLE_LOCALES
    seen = set()
    # Some providers draw from the shared generator: seed it too.
    Faker.seed(20261123)
    for locale in sorted(AVAILABLE_LOCALES):
        fake = Faker(locale)
        fake.seed_instance(20261123)
        for text in faker_samples(fake):
            if text not in seen:
                seen.add(text)
                yield text


def words_of(text):
    word = []
    for char in unicodedata.normalize("NFC", text).lower():
        if char.isalpha() or unicodedata.category(char).startswith("M"):
            word.append(char)
        else:
            if word:
                yield "".join(word)
            word = []
    if word:
        yield "".join(word)


def is_ideographic(char):
    return script_of(char) in (SCRIPT_NAMES.index(s) + 1 for s in ("CJK", "HIRAGANA", "KATAKANA", "HANGUL"))


def codec_range_chars(codec, lead_range, trail_range):
    chars = set()
    for lead in lead_range:
        for trail in trail_range:
            try:
                chars.add(bytes([lead, trail]).decode(codec))
            except UnicodeDecodeError:
                pass
    return chars


def latin_letters():
    """The lowercase accented Latin letters of LATIN_CODECS, in order."""
    letters = set()
    for codec in LATIN_CODECS:
        for byte in range(0x80, 0x100):
            try:
                char = bytes([byte]).decode(codec)
            except UnicodeDecodeError:
                continue
            lower = char.lower()
            if len(lower) == 1 and script_of(char) == SCRIPT_NAMES.index("LATIN") + 1:
                letters.add(lower)
    return sorted(letters)


def cldr_version():
    """The version of the CLDR JSON release the exemplars come from."""
    with open(EXEMPLARS, encoding="utf-8") as file:
        return json.load(file)["version"]


def cldr_exemplars():
    """CLDR's main exemplar characters, by locale, as extract_cldr_exemplars.py
    took them from CLDR's JSON release."""
    with open(EXEMPLARS, encoding="utf-8") as file:
        return json.load(file)["exemplars"]


def exemplar_set(pattern):
    """The single characters of a CLDR exemplar set such as `[a ą b c-e {ch}]`."""
    body = re.sub(r"\{[^}]*\}", " ", pattern.strip()[1:-1]).replace("\\-", " ").replace("\\", "")
    chars = set()
    for token in body.split():
        if re.fullmatch(r".-.", token):
            chars.update(chr(code) for code in range(ord(token[0]), ord(token[2]) + 1))
        else:
            chars.update(unicodedata.normalize("NFC", token))
    return chars


def official_languages():
    """Languages official somewhere (CLDR's territory data, through Babel):
    the languages text is written in, without the hundreds of minority
    languages whose large inventories would make any mix of letters look
    like one language (Ligurian writes à â ä æ ç è é ê ë ì î ï ñ ò ó ô ö ù
    û ü)."""
    official = set()
    for languages in babel.core.get_global("territory_languages").values():
        for language, info in languages.items():
            if info.get("official_status") in ("official", "de_facto_official", "official_regional"):
                official.add(language)
    return official


def language_letters(letters):
    """(locale, letters) for every Latin-script language of CLDR that is
    official somewhere: the accented letters of `letters` its main
    exemplar characters hold. Regional variants (`de-AT`) are left out;
    script variants (`sr-Latn`) are kept."""
    wanted = set(letters)
    official = official_languages()
    languages = []
    # In the order of the release's paths (`az-Latn/` before `az/`).
    for locale, pattern in sorted(cldr_exemplars().items(), key=lambda item: item[0] + "/"):
        if locale.replace("-", "_") not in official and locale.split("-")[0] not in official:
            continue
        main = {c for c in exemplar_set(pattern) if c.isalpha()}
        latin = {c for c in main if "LATIN" in unicodedata.name(c, "")}
        if len(latin) < 15 or latin != main:
            continue
        own = "".join(sorted({c.lower() for c in latin} & wanted))
        languages.append((locale, own))
    return languages


def main():
    bigrams = collections.Counter()
    ideographs = set()
    texts = list(cldr_strings()) + list(faker_strings())
    for text in texts:
        for word in words_of(text):
            if any(is_ideographic(c) for c in word):
                ideographs.update(c for c in word if is_ideographic(c))
                continue
            padded = " " + word + " "
            for a, b in zip(padded, padded[1:]):
                bigrams[a, b] += 1
    # Common characters of the CJK codecs' first levels.
    known = set()
    known |= codec_range_chars("gb2312", range(0xB0, 0xD8), range(0xA1, 0xFF))
    known |= codec_range_chars("shift_jis", range(0x88, 0x99), range(0x40, 0xFD))
    known |= codec_range_chars("euc_kr", range(0xB0, 0xC9), range(0xA1, 0xFF))
    known |= codec_range_chars("big5", range(0xA4, 0xC7), range(0x40, 0xFF))
    ideographs |= {chr(c) for c in range(0x3041, 0x3097)} | {chr(c) for c in range(0x30A1, 0x30FB)}
    known = {c for c in known | ideographs if is_ideographic(c)} - ideographs
    ideographs = {c for c in ideographs if is_ideographic(c)}

    # Frequency bands by conditional probability: band k holds the pairs
    # (a, b) with P(b | a) about 2^-(k+3) (band 0: at least 1/8, band 7:
    # below 1/1024). After a word start, b is counted within its script.
    def context(a, b):
        return (a, script_of(b)) if a == " " else (a, None)

    totals = collections.Counter()
    for (a, b), count in bigrams.items():
        totals[context(a, b)] += count
    followers = collections.defaultdict(lambda: [[] for _ in range(BANDS)])
    kept = 0
    for (a, b), count in sorted(bigrams.items()):
        if count < 2:
            continue
        probability = count / totals[context(a, b)]
        band = min(BANDS - 1, max(0, math.floor(-math.log2(probability)) - 3))
        followers[a][band].append(b)
        kept += 1

    ranges = []
    for code in range(0x30000):
        char = chr(code)
        script = script_of(char)
        script = 255 if script is None else script
        if ranges and ranges[-1][2] == script and ranges[-1][1] == code - 1:
            ranges[-1][1] = code
        else:
            ranges.append([code, code, script])
    ranges = [r for r in ranges if r[2] != 255]

    def rust_str(chars):
        out = []
        for c in chars:
            if c in '"\\' or not c.isprintable() or unicodedata.category(c).startswith("M"):
                out.append("\\u{%x}" % ord(c))
            else:
                out.append(c)
        return '"' + "".join(out) + '"'

    lines = [
        "// Generated by scripts/extended/gen_model.py from Unicode CLDR (Babel "
        f"{babel.__version__}), Faker's locale word lists (Faker 33.1.0) and Python "
        f"{sys.version_info.major}.{sys.version_info.minor}'s codecs and unicodedata "
        f"(Unicode {unicodedata.unidata_version}); do not edit.",
        "//! The language model's tables (generated; see scripts/extended/gen_model.py).",
        "",
        "/// Script names, indexed by the script ids of [`SCRIPT_RANGES`] minus one.",
        "pub(super) static SCRIPTS: [&str; %d] = [%s];" % (
            len(SCRIPT_NAMES), ", ".join(f'"{s}"' for s in SCRIPT_NAMES)),
        "",
        "/// Letters by script: (first, last, script id); id 0 is a letter of another",
        "/// script. Code points outside every range are not letters.",
        "pub(super) static SCRIPT_RANGES: [(u32, u32, u8); %d] = [" % len(ranges),
    ]
    for start, end, script in ranges:
        lines.append(f"    (0x{start:x}, 0x{end:x}, {script}),")
    lines += [
        "];",
        "",
        f"/// For each letter (a space: the start of a word), the letters that follow it",
        f"/// inside words of the model's text, in {BANDS} bands from frequent to rare",
        f"/// ({kept} pairs; a space: the end of a word).",
        "pub(super) static FOLLOWERS: [(char, [&str; %d]); %d] = [" % (BANDS, len(followers)),
    ]
    for a in sorted(followers):
        bands = ", ".join(rust_str(sorted(band)) for band in followers[a])
        lines.append(f"    ({repr_char(a)}, [{bands}]),")
    lines += [
        "];",
        "",
        "/// Han, kana and Hangul characters seen in the model's text.",
        "pub(super) static COMMON_IDEOGRAPHS: &str = concat!(",
    ]
    ordered = sorted(ideographs)
    for i in range(0, len(ordered), 40):
        lines.append("    " + rust_str(ordered[i:i + 40]) + ",")
    lines += [");", "",
              "/// Other Han and Hangul characters of the CJK codecs' first (common) levels.",
              "pub(super) static KNOWN_IDEOGRAPHS: &str = concat!("]
    ordered = sorted(known)
    for i in range(0, len(ordered), 40):
        lines.append("    " + rust_str(ordered[i:i + 40]) + ",")
    lines += [");"]
    letters = latin_letters()
    assert len(letters) < 128, "one bit each in a u128, and one for the others"
    languages = language_letters(letters)
    lines += ["", "/// The lowercase accented Latin letters of the single-byte Latin codecs; a",
              "/// letter's bit in [`LANGUAGE_LETTERS`] is its position here.",
              "pub(super) static LATIN_LETTERS: [char; %d] = [" % len(letters)]
    for i in range(0, len(letters), 12):
        lines.append("    " + " ".join(repr_char(c) + "," for c in letters[i:i + 12]))
    lines += ["];", "",
              "/// The accented letters of [`LATIN_LETTERS`] that each Latin-script language",
              f"/// of CLDR {cldr_version()} writes (its main exemplar characters).",
              "pub(super) static LANGUAGE_LETTERS: [(&str, &str); %d] = [" % len(languages)]
    for locale, own in languages:
        lines.append(f'    ("{locale}", {rust_str(own)}),')
    lines.append("];")
    trigrams = language_trigrams()
    lines += ["", "/// For the languages the Central European, Turkish and Baltic code pages",
              "/// were made for, the letter triples with an accented letter (lowercase; a",
              "/// space: a word's start or end) in the words of the language's CLDR names",
              "/// and Faker lists, sorted, three characters each.",
              "pub(super) static LANGUAGE_TRIGRAMS: [(&str, &str); %d] = [" % len(trigrams)]
    for language, triples in trigrams.items():
        lines.append(f'    ("{language}", concat!(')
        for i in range(0, len(triples), 40):
            lines.append("        " + rust_str("".join(triples[i:i + 40])) + ",")
        lines.append("    )),")
    lines.append("];")
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(texts)} strings, {kept} letter pairs, {len(ideographs)} ideographs, "
          f"{len(ranges)} script ranges, {OUT.stat().st_size} bytes")


# The languages of LANGUAGE_TRIGRAMS (codes of LANGUAGE_LETTERS): those the
# Central European, Turkish and Baltic code pages were made for.
TRIGRAM_LANGUAGES = ["az", "bs", "cs", "et", "hr", "hu", "lt", "lv", "pl", "ro", "sk", "sl",
                     "sq", "sr-Latn", "tr"]


def locale_language(identifier):
    """The code of TRIGRAM_LANGUAGES that a Babel or Faker locale writes in
    the Latin script, or None (`sr_Latn_RS` is sr-Latn, `bs_Cyrl` none)."""
    parts = identifier.split("_")
    if parts[0] == "sr":
        return "sr-Latn" if "Latn" in parts else None
    if any(part in ("Cyrl", "Arab") for part in parts) or parts[0] not in TRIGRAM_LANGUAGES:
        return None
    return parts[0]


def all_strings_in(value, depth=0):
    """The strings of nested mappings (keys too), lists and sets (sorted)."""
    if isinstance(value, str):
        yield value
    elif depth >= 8:
        return
    elif hasattr(value, "keys"):
        for key in list(value.keys()):
            try:
                item = value[key]
            except Exception:  # noqa: BLE001 (Babel's lazy aliases)
                continue
            if isinstance(key, str):
                yield key
            yield from all_strings_in(item, depth + 1)
    elif isinstance(value, (set, frozenset)):
        for item in sorted(value, key=str):
            yield from all_strings_in(item, depth + 1)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from all_strings_in(item, depth + 1)


def language_trigrams():
    """For each language of TRIGRAM_LANGUAGES, the sorted letter triples
    (lowercase, a space at a word's ends) with an accented Latin letter in
    the words of its CLDR locales' data and emoji annotations and its Faker
    locales' lists."""
    texts = collections.defaultdict(list)
    annotations = json.loads(ANNOTATION_WORDS.read_text(encoding="utf-8"))["words"]
    for language in TRIGRAM_LANGUAGES:
        texts[language].append(annotations[language])
    for identifier in sorted(babel.localedata.locale_identifiers()):
        language = locale_language(identifier)
        if language is None:
            continue
        try:
            data = Locale.parse(identifier)._data
        except Exception:  # noqa: BLE001
            continue
        # All of the locale's data: time zone and unit names too.
        for key in list(data.keys()):
            texts[language].extend(all_strings_in(data[key]))
    from faker.config import AVAILABLE_LOCALES
    Faker.seed(20261123)
    for locale in sorted(AVAILABLE_LOCALES):
        language = locale_language(locale)
        if language is None:
            continue
        fake = Faker(locale)
        fake.seed_instance(20261123)
        texts[language].extend(faker_samples(fake))
        # The word lists of the locale's own providers (job titles, colours,
        # street and city names ...), templates left out.
        for provider in fake.get_providers():
            for cls in type(provider).__mro__:
                if not (cls.__module__.startswith("faker.providers.") and cls.__module__.endswith(locale)):
                    continue
                for name, value in vars(cls).items():
                    if name.startswith("_") or callable(value):
                        continue
                    texts[language].extend(text for text in all_strings_in(value)
                                           if "{{" not in text and "#" not in text)
    latin = SCRIPT_NAMES.index("LATIN") + 1
    trigrams = {}
    for language in TRIGRAM_LANGUAGES:
        found = set()
        for text in texts[language]:
            for word in words_of(text):
                if not all(script_of(c) == latin for c in word):
                    continue
                padded = " " + word + " "
                for i in range(len(padded) - 2):
                    triple = padded[i:i + 3]
                    if any(ord(c) > 0x7F for c in triple):
                        found.add(triple)
        trigrams[language] = sorted(found)
    return trigrams


def repr_char(c):
    if c == "'" or c == "\\" or not c.isprintable() or unicodedata.category(c).startswith("M"):
        return "'\\u{%x}'" % ord(c)
    return f"'{c}'"


if __name__ == "__main__":
    main()
