#!/usr/bin/env python3
"""Measures extended recovery on the corpora of corpus.py (generated text)
or real_corpus.py (real sentences, `--real`), beside ftfy 6.3.1.

    .venv/bin/python scripts/extended/corpus.py ftfy-6.3.1/tests/test_cases.json
    .venv/bin/python scripts/extended/measure.py ftfy-6.3.1/tests/test_cases.json
    python3 scripts/language/corpus.py && .venv/bin/python scripts/extended/real_corpus.py
    .venv/bin/python scripts/extended/measure.py --real

(test_cases.json comes from ftfy's sdist:
`pip download --no-binary :all: --no-deps ftfy==6.3.1`.)

Prints: (a) the false-positive gate: clean strings that fix_encoding changes
in extended mode (must be 0), by source; (b) recovery of UTF-8 mojibake per
class and per codec, before (ftfy 6.3.1) and after (extended mode), with
changed-but-wrong counts; (c) legacy mixups per pair and by length; (d)
ftfy's test_cases.json in extended mode. Failures go to
target/extended/misses-*.txt (target/extended/real/misses-*.txt with
`--real`, development cases only: the held-out third is counted, never
looked at).

On the real corpus every row has a development and a held-out column, and
cases are also counted by length (messages under 30, 30 to 59 and 60 or
more characters, and paragraphs). An optional last argument picks one part:
clean, mojibake, legacy or cases.
"""
import collections
import json
import os
import subprocess
import sys
import time
import unicodedata
from pathlib import Path

import ftfy

ROOT = Path(__file__).resolve().parents[2]
REAL = "--real" in sys.argv
ARGUMENTS = [argument for argument in sys.argv[1:] if argument != "--real"]
DATA = ROOT / "target" / "extended" / ("real" if REAL else "")
SPLITS = ["dev", "held-out"] if REAL else ["all"]
# The tools' build: `target/` unless CARGO_TARGET_DIR says otherwise.
TARGET = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
# FTFY_BATCH names another build of the batch runner (another commit's, to
# measure before and after), used as it is.
BINARY = Path(os.environ.get("FTFY_BATCH", TARGET / "release" / "ftfy_batch"))


def run(func, texts, extended=True):
    payload = "".join(
        json.dumps({"id": i, "func": func, "config": {"extended_recovery": extended}, "input": t},
                   ensure_ascii=False) + "\n" for i, t in enumerate(texts))
    started = time.perf_counter()
    done = subprocess.run([str(BINARY)], input=payload.encode(), capture_output=True, check=True)
    elapsed = time.perf_counter() - started
    outputs = [json.loads(line)["output"] for line in done.stdout.decode().split("\n") if line]
    assert len(outputs) == len(texts)
    return outputs, elapsed


def load(name):
    return [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").split("\n") if line]


def pct(n, d):
    return f"{100 * n / d:5.1f}%" if d else "   - "


def split_of(row):
    return row.get("split", "all")


def print_table(table, columns):
    """Rows of `table` ({(key, split): counts}) with one column group per
    split; `columns(counts)` formats a group."""
    for key in sorted({key for key, _ in table}):
        groups = [columns(table.get((key, split))) for split in SPLITS]
        print(f"    {key[0]:6} {key[1]:44} " + "  |  ".join(groups))


def clean_gate():
    rows = load("clean.jsonl")
    texts = [r["text"] for r in rows]
    ours, _ = run("fix_encoding", texts)
    changed = [(r, o) for r, o in zip(rows, ours) if o != r["text"]]
    langs = {r["lang"] for r in rows}
    scripts = set()
    for t in texts:
        for c in t:
            if c.isalpha():
                scripts.add(unicodedata.name(c, "?").split(" ")[0])
    print(f"(a) clean gate: {len(rows)} strings, {len(langs)} languages/locales, {len(scripts)} scripts")
    by_source = collections.Counter((r["source"], split_of(r)) for r in rows)
    bad = collections.Counter((r["source"], split_of(r)) for r, _ in changed)
    for (source, split), n in sorted(by_source.items()):
        print(f"    {source:22} {split:8} {n:7}  changed in extended mode: {bad[source, split]}")
    print(f"    TOTAL changed: {len(changed)}")
    with open(DATA / "misses-clean.txt", "w", encoding="utf-8") as f:
        for r, o in changed:
            if split_of(r) != "held-out":
                f.write(f"{r['source']}/{r['lang']}: {r['text']!r} -> {o!r}\n")
    return len(changed)


def recovery():
    rows = load("mojibake.jsonl")
    broken = [r["broken"] for r in rows]
    before = [ftfy.fix_encoding(t) for t in broken]
    after, _ = run("fix_encoding", broken)
    table = collections.defaultdict(lambda: [0, 0, 0, 0, 0])  # n, ftfy ok, ours ok, ftfy wrong, ours wrong
    misses = []
    for r, b, a in zip(rows, before, after):
        keys = [("class", r["class"]), ("all", "all")]
        if r["class"] == "single":
            keys.append(("codec", r["codec"]))
        if REAL:
            keys.append(("length", r["length"]))
            if r["class"] != "lossy":
                keys.append(("length", f"{r['class']}/{r['length']}"))
        for key in keys:
            t = table[key, split_of(r)]
            t[0] += 1
            t[1] += b == r["original"]
            t[2] += a == r["original"]
            t[3] += b != r["original"] and b != r["broken"]
            t[4] += a != r["original"] and a != r["broken"]
        if a != r["original"] and split_of(r) != "held-out":
            misses.append(f"{r['class']}/{r['codec']}/{r['lang']}: {r['broken']!r}\n  want {r['original']!r}\n  got  {a!r}\n")
    print("(b) UTF-8 mojibake: exact before (ftfy 6.3.1) -> after (extended); changed-but-wrong before -> after"
          + ("; development | held out" if REAL else ""))

    def columns(t):
        if t is None:
            return " " * 45
        n, fb, fa, wb, wa = t
        return f"{n:5}  {pct(fb, n)} -> {pct(fa, n)}   wrong {wb:4} -> {wa:4}"
    print_table(table, columns)
    (DATA / "misses-mojibake.txt").write_text("".join(misses), encoding="utf-8")


def legacy():
    rows = load("legacy.jsonl")
    broken = [r["broken"] for r in rows]
    before = [ftfy.fix_encoding(t) for t in broken]
    after, _ = run("fix_encoding", broken)
    table = collections.defaultdict(lambda: [0, 0, 0, 0])  # n, ftfy ok, ours ok, ours wrong
    misses = []
    langs = set()
    for r, b, a in zip(rows, before, after):
        length = r.get("length") or ("60-200" if len(r["original"]) >= 60 else "30-59")
        langs.add(r["lang"])
        keys = [("pair", r["pair"]), ("length", length), ("all", "all")]
        if REAL:
            keys.append(("pair", f"{r['pair']} ({'paragraphs' if length == 'paragraph' else 'messages'})"))
            keys.append(("all", "messages" if length != "paragraph" else "paragraphs"))
        for key in keys:
            t = table[key, split_of(r)]
            t[0] += 1
            t[1] += b == r["original"]
            t[2] += a == r["original"]
            t[3] += a != r["original"] and a != r["broken"]
        if a != r["original"] and split_of(r) != "held-out":
            misses.append(f"{r['pair']}/{r['lang']}: {r['broken']!r}\n  want {r['original']!r}\n  got  {a!r}\n")
    print(f"(c) legacy mixups ({len(langs)} languages): exact before (ftfy 6.3.1) -> after; wrong after"
          + ("; development | held out" if REAL else ""))

    def columns(t):
        if t is None:
            return " " * 33
        n, fb, fa, wa = t
        return f"{n:5}  {pct(fb, n)} -> {pct(fa, n)}   wrong {wa:3}"
    print_table(table, columns)
    (DATA / "misses-legacy.txt").write_text("".join(misses), encoding="utf-8")


def test_cases(path):
    cases = json.loads(Path(path).read_text())
    outputs, _ = run("fix_text", [c["original"] for c in cases])
    passing = sum(1 for c, o in zip(cases, outputs) if c["expect"] == "pass" and o == c["fixed"])
    fixed = [c["label"] for c, o in zip(cases, outputs) if c["expect"] == "fail" and o == c["fixed"]]
    broken = [c["label"] for c, o in zip(cases, outputs) if c["expect"] == "pass" and o != c["fixed"]]
    print(f"(d) test_cases.json in extended mode: {passing}/151 passing cases pass; "
          f"{len(fixed)}/10 known failures fixed")
    for label in broken:
        print(f"    NOW FAILS: {label}")
    for label in fixed:
        print(f"    fixed: {label}")


if __name__ == "__main__":
    if "FTFY_BATCH" not in os.environ:
        subprocess.run(["cargo", "build", "--quiet", "--release", "-p", "ftfy-tools", "--bin", "ftfy_batch"], cwd=ROOT, check=True)
    parts = [argument for argument in ARGUMENTS if argument in ("clean", "mojibake", "legacy", "cases")]
    what = parts[0] if parts else "all"
    cases_file = next((argument for argument in ARGUMENTS if argument.endswith(".json")), None)
    if what in ("all", "clean"):
        clean_gate()
    if what in ("all", "mojibake"):
        recovery()
    if what in ("all", "legacy"):
        legacy()
    if what in ("all", "cases") and cases_file:
        test_cases(cases_file)
