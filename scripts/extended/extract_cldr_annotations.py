#!/usr/bin/env python3
"""Extracts words of CLDR's emoji annotations into cldr_annotation_words.json.

    python3 scripts/extended/extract_cldr_annotations.py

gen_model.py builds LANGUAGE_TRIGRAMS, the letter triples of the languages
the Central European, Turkish and Baltic code pages were made for, from
CLDR's localized data and Faker's word lists; for some of them (Lithuanian,
Latvian) those hold few words with accented letters. CLDR's emoji
annotations (a short name and keywords for each of some 2,000 emoji, in
each language: `šypsena`, `žvaigždė`) add thousands of ordinary words. They
come from CLDR's own JSON release on npm, `cldr-annotations-full` (pinned
below, fetched with `npm pack` into target/extended/ when absent, and
checked against the integrity hash npm publishes). The extract is checked
in, so that regenerating the tables (scripts/regen.sh, run by CI) needs
neither npm nor its registry.

Kept: for each language of gen_model.py's TRIGRAM_LANGUAGES, the distinct
lowercase words (runs of letters) of `annotations/<locale>/annotations.json`
(names and keywords) that hold a letter beyond ASCII: the only ones with
triples that LANGUAGE_TRIGRAMS keeps.

CLDR data: Unicode License v3 (https://www.unicode.org/license.txt).
"""
import json
import re
import tarfile
from pathlib import Path

# The same fetch as the exemplars' (this directory is on the import path
# when the script runs).
from extract_cldr_exemplars import tarball

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "scripts" / "extended" / "cldr_annotation_words.json"
PACKAGE, VERSION = "cldr-annotations-full", "48.2.0"
SHA512 = "DV7A+rEcgUSNTRsVGNGqBZRmAkGfwhGHO5Q1dRwzBoBnVrHWp804JP7/QJdEc66iHmx3+zLWVIMCFLm0lW7PUQ=="
# gen_model.py's TRIGRAM_LANGUAGES (CLDR locales of the same names).
LANGUAGES = ["az", "bs", "cs", "et", "hr", "hu", "lt", "lv", "pl", "ro", "sk", "sl", "sq",
             "sr-Latn", "tr"]


def main():
    words = {}
    with tarfile.open(tarball(PACKAGE, VERSION, SHA512)) as tar:
        for language in LANGUAGES:
            member = tar.getmember(f"package/annotations/{language}/annotations.json")
            data = json.load(tar.extractfile(member))["annotations"]["annotations"]
            found = set()
            for annotation in data.values():
                for text in annotation.get("default", []) + annotation.get("tts", []):
                    found.update(word for word in re.findall(r"[^\W\d_]+", text.lower())
                                 if not word.isascii())
            words[language] = " ".join(sorted(found))
    document = {
        "source": f"CLDR JSON, npm package {PACKAGE}, annotations/*/annotations.json",
        "version": VERSION,
        "license": "Unicode License v3, https://www.unicode.org/license.txt",
        "words": words,
    }
    OUT.write_text(json.dumps(document, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"{OUT}: {sum(len(found.split()) for found in words.values())} words")


if __name__ == "__main__":
    main()
