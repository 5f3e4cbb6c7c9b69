"""Runs texts through the batch runner `tools/src/bin/ftfy_batch.rs`, for
the checks in this directory that compare its answers with ftfy 6.3.1's."""
import json
import subprocess
from pathlib import Path

import ftfy

ROOT = Path(__file__).resolve().parents[2]
BINARY = ROOT / "target" / "release" / "ftfy_batch"


def build():
    """Builds the batch runner (release)."""
    subprocess.run(["cargo", "build", "--quiet", "--release", "-p", "ftfy-tools", "--bin", "ftfy_batch"], cwd=ROOT,
                   check=True)


def run_extended(texts, func="fix_encoding"):
    """The answers of `func` (`fix_encoding` or `fix_text`) in extended mode
    to each of `texts`, in order."""
    payload = "".join(json.dumps({"id": i, "func": func, "config": {"extended_recovery": True},
                                  "input": text}, ensure_ascii=False) + "\n"
                      for i, text in enumerate(texts))
    done = subprocess.run([str(BINARY)], input=payload.encode(), capture_output=True, check=True)
    return [json.loads(line)["output"] for line in done.stdout.decode().split("\n") if line]


def changed_clean(texts, what):
    """Builds the batch runner, runs extended `fix_encoding` on `texts` and
    reports (as `what`) those it changes that are clean: text ftfy 6.3.1
    itself changes is not, and is left out, as in corpus.py. Returns them,
    as (text, output) pairs."""
    build()
    outputs = run_extended(texts)
    changed = [(text, output) for text, output in zip(texts, outputs)
               if output != text and ftfy.fix_encoding(text) == text]
    print(f"{len(texts)} {what}: {len(changed)} changed in extended mode")
    for text, output in changed[:20]:
        print(f"    {text!r} -> {output!r}")
    return changed
