#!/usr/bin/env python3
"""The inputs of the extended mode's speed check (extended_speed.py): one
file per shape of damaged or degenerate text a corpus job meets, and clean
text in every script the model knows.

Shapes (one line unless said): `\\x80\\x81` repeated; `Ã` and U+FFFD
alternating; a Latin-1 soup, in one line and in short lines; mojibake
interleaved with clean words; Windows-1253 and -1251 soups; a lead byte
before a no-break space, repeated; `doesnÃ¢â‚¬â„¢t` repeated; `Ã` + space,
`Ã` + NBSP, `Ã` + `©` repeated; controls; replacement characters; one
letter repeated; symbols. Clean text: lingua's sentences of each script,
one per line (xtask/python/language/corpus.py), English alone, and every
language's messages with 1% of lines UTF-8 mojibake (the corpus-job
case). Deterministic (a fixed seed).

Writes target/xtask/speed/NAME.txt; SIZE bytes each (default 1 MB: the
cost is linear, so MB/s on 1 MB is MB/s on 5 MB; give 5000000 to check).

Run: .venv/bin/python xtask/python/speed_inputs.py [SIZE]
"""
import json
import random
import sys
import unicodedata
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "target" / "xtask" / "speed"
SENTENCES = ROOT / "target" / "language-corpus" / "sentences.jsonl"
RNG = random.Random(41)


def repeated(pattern, size):
    return (pattern * (size // len(pattern.encode()) + 1))[: size // max(1, len(pattern.encode()) // len(pattern))]


def fit(text, size):
    """`text` cut to about `size` bytes of UTF-8."""
    data = text.encode()[:size]
    return data.decode("utf-8", errors="ignore")


def soup(alphabet, size, line=None):
    chars = []
    total = 0
    while total < size:
        if line and len(chars) % line == line - 1:
            chars.append("\n")
        else:
            chars.append(RNG.choice(alphabet))
        total += len(chars[-1].encode())
    return "".join(chars)


def codepage(name):
    out = []
    for byte in range(0x80, 0x100):
        try:
            out.append(bytes([byte]).decode(name))
        except UnicodeDecodeError:
            pass
    return out


def shapes(size):
    latin_1 = [chr(c) for c in range(0xA0, 0x100)]
    return {
        "c1_pair": fit(repeated("\x80\x81", size), size),
        "a_tilde_replacement": fit(repeated("Ã\ufffd", size), size),
        "soup_latin_1": soup(latin_1, size),
        "soup_latin_1_lines": soup(latin_1, size, line=40),
        "mojibake_interleaved": fit(repeated("The café is open. The cafÃ© is open. ", size), size),
        "soup_windows_1253": soup(codepage("cp1253"), size),
        "soup_windows_1251": soup(codepage("cp1251"), size),
        "lead_byte_nbsp": fit(repeated("\xa0Ã\xa0text ", size), size),
        "doesnt_double": fit(repeated("doesnÃ¢â‚¬â„¢t ", size), size),
        "a_tilde_space": fit(repeated("Ã ", size), size),
        "a_tilde_nbsp": fit(repeated("Ã\xa0", size), size),
        "a_tilde_copyright": fit(repeated("Ã©", size), size),
        "controls": soup([chr(c) for c in list(range(1, 9)) + list(range(0x0E, 0x20)) + list(range(0x80, 0xA0))],
                         size),
        "replacement": fit(repeated("\ufffd", size), size),
        "one_letter": fit(repeated("é", size), size),
        "symbols": soup([chr(c) for c in range(0x2190, 0x2300)] + list("§¶†‡•©®™°±×÷"), size),
    }


# Scripts by the first word of a letter's Unicode name.
def script_of(text):
    counts = defaultdict(int)
    for c in text:
        if unicodedata.category(c).startswith("L") and not c.isascii():
            counts[unicodedata.name(c, "X").split(" ")[0]] += 1
    if not counts:
        return "LATIN"
    return max(counts, key=counts.get)


def clean(size):
    by_script = defaultdict(list)
    english = []
    every = []
    for line in SENTENCES.read_text(encoding="utf-8").split("\n"):
        if not line:
            continue
        entry = json.loads(line)
        text = entry["text"]
        every.append(text)
        by_script[script_of(text)].append(text)
        if entry["language"] == "English":
            english.append(text)
    out = {}
    for script, lines in by_script.items():
        if len(lines) >= 200:
            out[f"clean_{script.lower()}"] = lines_to(lines, size)
    out["clean_english"] = lines_to(english, size)
    RNG.shuffle(every)
    mixed = []
    for text in every:
        if RNG.random() < 0.01 and not text.isascii():
            text = text.encode("utf-8").decode(RNG.choice(["sloppy-windows-1252", "latin-1", "sloppy-windows-1250"]))
        mixed.append(text)
    out["multilingual_1pct_mojibake"] = lines_to(mixed, size)
    return out


def lines_to(lines, size):
    out, total = [], 0
    while total < size:
        for text in lines:
            out.append(text)
            total += len(text.encode()) + 1
            if total >= size:
                break
    return "\n".join(out) + "\n"


def main():
    import ftfy.bad_codecs  # noqa: F401 (the sloppy codecs)
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    OUT.mkdir(parents=True, exist_ok=True)
    for name, text in {**shapes(size), **clean(size)}.items():
        (OUT / f"{name}.txt").write_text(text, encoding="utf-8")
    print(f"written to {OUT}")


if __name__ == "__main__":
    main()
