#!/usr/bin/env python3
"""Measures extended recovery on whole documents (document_corpus.py's),
as the command and fix_text see them: each broken document is given to
fix_text in extended mode as one text.

For every document, line by line against ftfy 6.3.1's fix_text of the
original (`expected`) and of the broken document (`default`, the default
mode's answer):
- lines right: of the lines the damage changed, those that come back as
  expected;
- lines wrong: lines whose output is neither expected nor the default
  mode's answer (the extended mode changed them, wrongly);
- documents whole: every line as expected;
- clean lines changed: lines of a line the damage did not touch that come
  out other than the default mode's answer (a false positive).

Prints one table per kind of document and one row per pair, development
and held-out documents apart. Misses of development documents only go to
target/xtask/results/misses-documents.txt; held-out documents are
counted, never looked at. With --save LABEL the figures go to
target/xtask/results/documents-LABEL.json too.

Run:
    .venv/bin/python xtask/python/document_corpus.py
    .venv/bin/python xtask/python/measure_documents.py [--save LABEL]
(FTFY_BATCH names another build of xtask/src/bin/ftfy_batch.rs, e.g. the
one before a change; otherwise target/release/ftfy_batch is built.)
"""
import collections
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "target" / "xtask" / "documents" / "documents.jsonl"
RESULTS = ROOT / "target" / "xtask" / "results"
BINARY = Path(os.environ.get("FTFY_BATCH", ROOT / "target" / "release" / "ftfy_batch"))
SPLITS = ["dev", "held-out"]


def run_batch(func, texts, config):
    payload = "".join(json.dumps({"id": i, "func": func, "config": config, "input": t}, ensure_ascii=False) + "\n"
                      for i, t in enumerate(texts))
    started = time.perf_counter()
    done = subprocess.run([str(BINARY)], input=payload.encode(), capture_output=True, check=True)
    elapsed = time.perf_counter() - started
    outputs = [json.loads(line) for line in done.stdout.decode().split("\n") if line]
    assert len(outputs) == len(texts)
    return outputs, elapsed


def build():
    if "FTFY_BATCH" not in os.environ:
        subprocess.run(["cargo", "build", "--quiet", "--release", "-p", "xtask", "--bin", "ftfy_batch"],
                       cwd=ROOT, check=True)


class Counts:
    FIELDS = ["documents", "whole", "broken_lines", "right", "wrong", "clean_lines", "clean_changed"]

    def __init__(self):
        for field in self.FIELDS:
            setattr(self, field, 0)

    def add(self, other):
        for field in self.FIELDS:
            setattr(self, field, getattr(self, field) + getattr(other, field))

    def as_dict(self):
        return {field: getattr(self, field) for field in self.FIELDS}


def judge(document, output):
    """The counts of one document, and its missed or wrong lines."""
    expected = document["expected"].split("\n")
    default = document["default"].split("\n")
    got = output.split("\n")
    broken = set(document["broken_lines"])
    counts = Counts()
    counts.documents = 1
    counts.whole = int(got == expected)
    misses = []
    if not (len(got) == len(expected) == len(default)):
        counts.broken_lines = len(broken)
        counts.wrong = len(broken)
        return counts, [("line count", document["broken"][:200], output[:200])]
    for index, (want, plain, line) in enumerate(zip(expected, default, got)):
        if index in broken:
            counts.broken_lines += 1
            counts.right += line == want
        else:
            counts.clean_lines += 1
            counts.clean_changed += line != plain and line != want
        if line != want and line != plain:
            counts.wrong += 1
        if line != want:
            source = document["broken"].split("\n")[index]
            misses.append((index in broken, source, line, want))
    return counts, misses


def pct(n, d):
    return f"{100 * n / d:5.1f}%" if d else "    - "


def columns(counts):
    if counts is None or counts.documents == 0:
        return " " * 54
    return (f"{counts.documents:4} docs  lines {pct(counts.right, counts.broken_lines)}  whole "
            f"{pct(counts.whole, counts.documents)}  wrong {counts.wrong:4}  clean changed {counts.clean_changed:3}")


def main():
    build()
    save = sys.argv[sys.argv.index("--save") + 1] if "--save" in sys.argv else None
    documents = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").split("\n") if line]
    outputs, elapsed = run_batch("fix_text", [d["broken"] for d in documents], {"extended_recovery": True})
    table = collections.defaultdict(Counts)
    misses = []
    for document, output in zip(documents, outputs):
        if "error" in output:
            raise SystemExit(f"batch runner: {output['error']}")
        counts, missed = judge(document, output["output"])
        keys = [("kind", document["kind"]), ("all", "all")]
        if document["kind"] == "legacy":
            keys.append(("pair", document["pairs"][0]))
            keys.append(("template", document["template"]))
            keys.append(("lines", "short (≤5 lines)" if len(document["original"].split("\n")) <= 6
                         else "long (6+ lines)"))
        if document["kind"] != "clean":
            keys.append(("broken", "all broken documents"))
        for key in keys:
            table[key, document["split"]].add(counts)
        if missed and document["split"] == "dev":
            misses.append((document, missed))
    print(f"documents: {len(documents)} in {elapsed:.1f} s; development | held out")
    order = {"all": 0, "broken": 1, "kind": 2, "lines": 3, "template": 4, "pair": 5}
    for key in sorted({key for key, _ in table}, key=lambda k: (order[k[0]], k[1])):
        print(f"  {key[0]:8} {key[1]:42} " + " | ".join(columns(table.get((key, s))) for s in SPLITS))
    RESULTS.mkdir(parents=True, exist_ok=True)
    with open(RESULTS / "misses-documents.txt", "w", encoding="utf-8") as f:
        for document, missed in misses:
            f.write(f"== {document['id']} {document['kind']} {document['template']} {document['pairs']} "
                    f"{document['lang']}\n")
            for was_broken, source, line, want in missed[:8]:
                f.write(f"  {'broken' if was_broken else 'clean '} {source!r}\n     got  {line!r}\n     want {want!r}\n")
    if save:
        summary = {f"{key[0]}:{key[1]}:{split}": counts.as_dict() for (key, split), counts in table.items()}
        (RESULTS / f"documents-{save}.json").write_text(json.dumps(summary, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
