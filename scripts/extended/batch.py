"""Runs texts through the crate's `ftfy_batch` example, for the checks in
this directory that compare its answers with ftfy 6.3.1's."""
import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BINARY = ROOT / "target" / "release" / "examples" / "ftfy_batch"


def build():
    """Builds the batch example (release)."""
    subprocess.run(["cargo", "build", "--quiet", "--release", "--example", "ftfy_batch"], cwd=ROOT,
                   check=True)


def run_extended(texts, func="fix_encoding"):
    """The answers of `func` (`fix_encoding` or `fix_text`) in extended mode
    to each of `texts`, in order."""
    payload = "".join(json.dumps({"id": i, "func": func, "config": {"extended_recovery": True},
                                  "input": text}, ensure_ascii=False) + "\n"
                      for i, text in enumerate(texts))
    done = subprocess.run([str(BINARY)], input=payload.encode(), capture_output=True, check=True)
    return [json.loads(line)["output"] for line in done.stdout.decode().split("\n") if line]
