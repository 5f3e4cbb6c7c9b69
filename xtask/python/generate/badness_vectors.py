"""Writes tests/data/badness_vectors.jsonl: strings with the `badness` that
ftfy 6.3.1 gives them, one JSON array [text, badness] per line.

The strings are: for each of the 37 alternatives of ftfy's badness regex,
strings generated from that alternative itself (so every rule is
exercised, with and without surrounding text); random strings built mostly
from the characters the rules name; and real mojibake of multilingual text.
The seed is fixed, so the file is reproducible.

Run: cargo xtask regen badness-vectors
"""
import json
import random
import re
import re._parser as sre_parse

import ftfy
from ftfy.badness import BADNESS_RE, MOJIBAKE_CATEGORIES, badness

from common import ROOT

assert ftfy.__version__ == "6.3.1", ftfy.__version__

OUT = ROOT / "tests" / "data" / "badness_vectors.jsonl"


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


def alternatives():
    """The top-level alternatives of BADNESS_RE, each compiled alone."""
    pattern, parts, current, depth, in_class, i = BADNESS_RE.pattern, [], "", 0, False, 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            current += pattern[i:i + 2]
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
        elif c in "()":
            depth += 1 if c == "(" else -1
        elif c == "|" and depth == 0:
            parts.append(current)
            current, i = "", i + 1
            continue
        current += c
        i += 1
    parts.append(current)
    return [re.compile(part, re.VERBOSE) for part in parts]


def class_members(items):
    members, negated = [], False
    for op, value in items:
        if op == sre_parse.NEGATE:
            negated = True
        elif op == sre_parse.LITERAL:
            members.append(chr(value))
        elif op == sre_parse.RANGE:
            members.extend(chr(c) for c in range(value[0], value[1] + 1))
        elif op == sre_parse.CATEGORY:
            members.extend(" \u3000" if value == sre_parse.CATEGORY_SPACE else "aé1_")
    return members, negated


def generate(tokens, rng):
    """A random string matching the parsed pattern `tokens`."""
    out = ""
    for op, value in tokens:
        if op == sre_parse.LITERAL:
            out += chr(value)
        elif op == sre_parse.IN:
            members, negated = class_members(value)
            out += rng.choice([c for c in "1xZ-" if c not in members]) if negated else rng.choice(members)
        elif op == sre_parse.ANY:
            out += rng.choice("x ë")
        elif op in (sre_parse.MAX_REPEAT, sre_parse.MIN_REPEAT):
            low, high, inner = value
            out += "".join(generate(inner, rng) for _ in range(rng.randint(low, min(high, low + 1))))
        elif op == sre_parse.CATEGORY:
            out += " " if value == sre_parse.CATEGORY_SPACE else "a"
    return out


def rule_cases(rng, chars):
    cases = []
    for alternative in alternatives():
        tokens = sre_parse.parse(alternative.pattern, re.VERBOSE)
        anchored = any(op == sre_parse.AT for op, _ in tokens)
        for n in range(40):
            core = generate(tokens, rng)
            assert alternative.search(core), (alternative.pattern, core)
            if n % 2 and not anchored:
                core = "".join(rng.choice(chars) for _ in range(rng.randint(0, 2))) + core
            if n % 4 == 3:
                core += "".join(rng.choice(chars) for _ in range(rng.randint(1, 3)))
            cases.append(core)
    return cases


def main():
    rng = random.Random(20261122)
    chars = alphabet()
    cases = rule_cases(rng, chars)
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
