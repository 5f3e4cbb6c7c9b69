"""Runs texts through the batch runner `xtask/src/bin/ftfy_batch.rs` in
extended mode, for the scripts of this folder that measure its answers or
compare them with ftfy 6.3.1's.

FTFY_BATCH names another build of the batch runner (another commit's, to
measure before and after), used as it is."""
import json
import os
import subprocess
from pathlib import Path

import ftfy

from common import tool


def binary():
    """The batch runner: FTFY_BATCH, or this tree's, built (release)."""
    if "FTFY_BATCH" in os.environ:
        return Path(os.environ["FTFY_BATCH"])
    return tool("ftfy_batch")


def run(texts, func="fix_encoding", extended=True):
    """The answers of `func` (`fix_encoding` or `fix_text`) to each of
    `texts`, in order, in extended mode (or the default's)."""
    payload = "".join(json.dumps({"id": i, "func": func, "config": {"extended_recovery": extended},
                                  "input": text}, ensure_ascii=False) + "\n"
                      for i, text in enumerate(texts))
    done = subprocess.run([str(binary())], input=payload.encode(), capture_output=True, check=True)
    outputs = [json.loads(line)["output"] for line in done.stdout.decode().split("\n") if line]
    assert len(outputs) == len(texts), "the batch runner lost texts"
    return outputs


def changed_clean(texts, what):
    """Builds the batch runner, runs extended `fix_encoding` on `texts` and
    reports (as `what`) those it changes that are clean: text ftfy 6.3.1
    itself changes is not, and is left out, as in corpus.py. Returns them,
    as (text, output) pairs."""
    outputs = run(texts)
    changed = [(text, output) for text, output in zip(texts, outputs)
               if output != text and ftfy.fix_encoding(text) == text]
    print(f"{len(texts)} {what}: {len(changed)} changed in extended mode")
    for text, output in changed[:20]:
        print(f"    {text!r} -> {output!r}")
    return changed
