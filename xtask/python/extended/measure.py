"""Measures extended recovery on the corpora of corpus.py (generated text)
or real_corpus.py (real sentences, `--real`), beside ftfy 6.3.1.

    cargo xtask extended-measure            # generated text, and ftfy's test_cases.json
    cargo xtask extended-measure --real     # real text

(The task writes the corpora first when they are missing:
`cargo xtask extended-corpus`, `cargo xtask extended-real-corpus`.)

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
clean, mojibake, legacy or cases. Exits 1 if a clean string of the
generated corpus or of the real corpus's development split changes (a
held-out change is reported, not tuned away).
"""
import collections
import json
import sys
import unicodedata

import ftfy

from common import ROOT, ftfy_test_cases
from extended import batch

REAL = "--real" in sys.argv
ARGUMENTS = [argument for argument in sys.argv[1:] if argument != "--real"]
DATA = ROOT / "target" / "extended" / ("real" if REAL else "")
SPLITS = ["dev", "held-out"] if REAL else ["all"]


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
    ours = batch.run(texts)
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
    tuned_on = [r for r, _ in changed if split_of(r) != "held-out"]
    with open(DATA / "misses-clean.txt", "w", encoding="utf-8") as f:
        for r, o in changed:
            if split_of(r) != "held-out":
                f.write(f"{r['source']}/{r['lang']}: {r['text']!r} -> {o!r}\n")
    return len(tuned_on)


def recovery():
    rows = load("mojibake.jsonl")
    broken = [r["broken"] for r in rows]
    before = [ftfy.fix_encoding(t) for t in broken]
    after = batch.run(broken)
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
    after = batch.run(broken)
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


def test_cases():
    cases = json.loads(ftfy_test_cases().read_text(encoding="utf-8"))
    outputs = batch.run([c["original"] for c in cases], "fix_text")
    passing = sum(1 for c, o in zip(cases, outputs) if c["expect"] == "pass" and o == c["fixed"])
    fixed = [c["label"] for c, o in zip(cases, outputs) if c["expect"] == "fail" and o == c["fixed"]]
    broken = [c["label"] for c, o in zip(cases, outputs) if c["expect"] == "pass" and o != c["fixed"]]
    print(f"(d) test_cases.json in extended mode: {passing}/151 passing cases pass; "
          f"{len(fixed)}/10 known failures fixed")
    for label in broken:
        print(f"    NOW FAILS: {label}")
    for label in fixed:
        print(f"    fixed: {label}")


def main():
    parts = [argument for argument in ARGUMENTS if argument in ("clean", "mojibake", "legacy", "cases")]
    if len(parts) != len(ARGUMENTS):
        sys.exit("usage: cargo xtask extended-measure [--real] [clean | mojibake | legacy | cases]")
    what = parts[0] if parts else "all"
    changed = 0
    if what in ("all", "clean"):
        changed = clean_gate()
    if what in ("all", "mojibake"):
        recovery()
    if what in ("all", "legacy"):
        legacy()
    # ftfy's own cases are generated text's companion: measured with it.
    if what == "cases" or (what == "all" and not REAL):
        test_cases()
    sys.exit(1 if changed else 0)


if __name__ == "__main__":
    main()
