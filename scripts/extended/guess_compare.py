#!/usr/bin/env python3
"""Guessing the encoding of bytes, side by side: this library's
`guess_bytes_with` in extended mode, ftfy 6.3.1's `guess_bytes`, chardet and
charset-normalizer, on bytes generated from the legacy corpus of corpus.py.

    .venv/bin/python scripts/extended/guess_compare.py

(chardet and charset-normalizer are pinned in scripts/requirements.txt.)

Each original sentence of target/extended/legacy.jsonl (30 to 200
characters, 27 languages) is encoded in the encoding it was written in,
alone ("sentences") and five of one encoding and language to a "file",
one per line. Western European sentences in Windows-1252 (the corpus's
`windows-1252 read as …` rows) are the check that text in the encoding
everyone falls back on stays as it is. A guess counts when the bytes
decode to exactly the original text. Prints a Markdown table.
"""
import collections
import json
import subprocess
import sys
from pathlib import Path

import chardet
import charset_normalizer
import ftfy

ROOT = Path(__file__).resolve().parents[2]
BINARY = ROOT / "target" / "release" / "ftfy_batch"
LEGACY = ROOT / "target" / "extended" / "legacy.jsonl"
FILE_LINES = 5


def ours(samples):
    payload = "".join(
        json.dumps({"id": i, "func": "guess_bytes", "config": {"extended_recovery": True},
                    "input_hex": data.hex()}) + "\n"
        for i, data in enumerate(samples))
    done = subprocess.run([str(BINARY)], input=payload.encode(), capture_output=True, check=True)
    return [json.loads(line).get("output") for line in done.stdout.decode().split("\n") if line]


def decoded_by(name, data):
    try:
        return data.decode(name) if name else None
    except (LookupError, UnicodeDecodeError):
        return None


def guess_chardet(data):
    return decoded_by(chardet.detect(data)["encoding"], data)


def guess_charset_normalizer(data):
    best = charset_normalizer.from_bytes(data).best()
    return str(best) if best is not None else None


def guess_ftfy(data):
    try:
        return ftfy.guess_bytes(data)[0]
    except UnicodeError:
        return None


def samples():
    """(encoding, kind, bytes, original) for sentences and files."""
    by_encoding = collections.defaultdict(list)
    for line in LEGACY.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        written_in = row["pair"].split(" read as ")[0]
        if row["original"] not in (text for _, text in by_encoding[written_in]):
            by_encoding[written_in].append((row["lang"], row["original"]))
    out = []
    for encoding, rows in sorted(by_encoding.items()):
        rows = rows[:160]
        for _, text in rows:
            out.append((encoding, "sentence", text.encode(encoding), text))
        by_lang = collections.defaultdict(list)
        for lang, text in rows:
            by_lang[lang].append(text)
        for texts in by_lang.values():
            for start in range(0, len(texts) - FILE_LINES + 1, FILE_LINES):
                text = "\n".join(texts[start:start + FILE_LINES]) + "\n"
                out.append((encoding, "file", text.encode(encoding), text))
    return out


def main():
    if not BINARY.exists():
        subprocess.run(["cargo", "build", "-q", "--release", "-p", "ftfy-tools", "--bin", "ftfy_batch"], cwd=ROOT, check=True)
    rows = samples()
    ours_guesses = ours([data for _, _, data, _ in rows])
    detectors = (("this library, extended", lambda i, data: ours_guesses[i]),
                 ("ftfy 6.3.1", lambda i, data: guess_ftfy(data)),
                 ("chardet", lambda i, data: guess_chardet(data)),
                 ("charset-normalizer", lambda i, data: guess_charset_normalizer(data)))
    right = collections.Counter()
    cases = collections.Counter()
    for i, (encoding, kind, data, text) in enumerate(rows):
        for kinds in ((encoding, kind), ("all but windows-1252", kind)) if encoding != "windows-1252" else ((encoding, kind),):
            cases[kinds] += 1
            for name, guess in detectors:
                if guess(i, data) == text:
                    right[kinds, name] += 1
    names = [name for name, _ in detectors]
    print(f"chardet {chardet.__version__}, charset-normalizer {charset_normalizer.__version__}, "
          f"ftfy {ftfy.__version__}; exact decodings")
    print()
    print("| written in | kind | cases | " + " | ".join(names) + " |")
    print("| --- | --- | ---: | " + " | ".join("---:" for _ in names) + " |")
    for kinds in sorted(cases, key=lambda k: (k[0] == "all but windows-1252", k)):
        n = cases[kinds]
        cells = " | ".join(f"{100 * right[kinds, name] / n:.1f}%" for name in names)
        label = f"**{kinds[0]}**" if kinds[0] == "all but windows-1252" else kinds[0]
        print(f"| {label} | {kinds[1]} | {n} | {cells} |")
    sys.exit(0)


if __name__ == "__main__":
    main()
