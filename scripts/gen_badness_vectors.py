#!/usr/bin/env python3
"""Writes tests/data/badness_vectors.jsonl: strings with the `badness` that
ftfy 6.3.1 gives them, one JSON array [text, badness] per line.

The strings are random, built mostly from the characters ftfy's badness
rules name (so that most rules fire somewhere), plus real mojibake of
multilingual text. The seed is fixed, so the file is reproducible.

Run: /path/to/venv-with-ftfy-6.3.1/bin/python scripts/gen_badness_vectors.py
"""
import json
import random
from pathlib import Path

import ftfy
from ftfy.badness import MOJIBAKE_CATEGORIES, badness

assert ftfy.__version__ == "6.3.1", ftfy.__version__

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "badness_vectors.jsonl"


def expand(members):
    chars, i = [], 0
    while i < len(members):
        if i + 2 < len(members) and members[i + 1] == "-":
            chars.extend(chr(c) for c in range(ord(members[i]), ord(members[i + 2]) + 1))
            i += 3
        else:
            chars.append(members[i])
            i += 1
    return chars


def alphabet():
    chars = set()
    for members in MOJIBAKE_CATEGORIES.values():
        chars.update(expand(members))
    # characters the rules name outside the categories, and their context
    chars.update("ÂÃÎÐ×ØÙà√≈‚ÄвЂВГРСўβΆΒΓΞΟā€ŸŠ®°µ»Œœ¡ìîïòôúùûπâóäê")
    chars.update("abczAQZ.,?!  \t\n\u3000_1ä中ᄀ́")
    return sorted(chars)


SENTENCES = [
    "Le café était fermé à cause de la grève.",
    "Ünïcödé façade — “quoted” ‘text’ …",
    "Привет, как дела? Всё хорошо.",
    "Καλημέρα κόσμε, τι κάνεις;",
    "שלום עולם", "مرحبا بالعالم", "こんにちは世界", "안녕하세요", "สวัสดีครับ",
    "नमस्ते दुनिया", "Zażółć gęślą jaźń", "Příliš žluťoučký kůň", "Árvíztűrő tükörfúrógép",
    "İstanbul'da güzel bir gün", "Ā ē ī ō ū — Latvian ļ ņ ķ", "¯\\_(ツ)_/¯ 😀 🇬🇧",
]
ENCODINGS = ["latin-1", "sloppy-windows-1252", "sloppy-windows-1251", "sloppy-windows-1250",
             "sloppy-windows-1253", "sloppy-windows-1254", "sloppy-windows-1257",
             "iso-8859-2", "macroman", "cp437"]


def main():
    rng = random.Random(20261122)
    chars = alphabet()
    cases = []
    for _ in range(12000):
        length = rng.randint(1, 10)
        cases.append("".join(rng.choice(chars) for _ in range(length)))
    for sentence in SENTENCES:
        for encoding in ENCODINGS:
            mangled = sentence.encode("utf-8").decode(encoding, errors="replace")
            cases.append(mangled)
            cases.append(mangled.encode("utf-8").decode(encoding, errors="replace")[:200])
        cases.append(sentence)
    with OUT.open("w", encoding="utf-8") as out:
        for text in cases:
            out.write(json.dumps([text, badness(text)], ensure_ascii=False) + "\n")
    print(f"wrote {len(cases)} cases to {OUT}")


if __name__ == "__main__":
    main()
