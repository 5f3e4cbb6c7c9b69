#!/usr/bin/env python3
"""Compares explain_unicode and the display widths with ftfy 6.3.1 on every
code point, and lists the differences by kind.

    python3 scripts/compare_utilities.py

Runs inside the .venv that scripts/differential/run.py sets up (ftfy 6.3.1,
and the wcwidth version pinned there).
"""
import collections
import io
import json
import subprocess
import sys
import unicodedata
from contextlib import redirect_stdout
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts" / "differential"))
from run import ensure_venv  # noqa: E402


def rust(cases):
    subprocess.run(["cargo", "build", "--quiet", "--release", "--example", "ftfy_batch"], cwd=ROOT, check=True)
    payload = "".join(json.dumps({"id": i, "config": {}, **c}) + "\n" for i, c in enumerate(cases))
    out = subprocess.run([str(ROOT / "target/release/examples/ftfy_batch")], input=payload.encode(),
                         capture_output=True, check=True).stdout.decode()
    return [json.loads(line)["output"] for line in out.split("\n") if line]


def main():
    ensure_venv()
    import ftfy
    from ftfy.formatting import character_width
    import wcwidth
    print(f"ftfy {ftfy.__version__}, wcwidth {wcwidth.__version__}, Unicode {unicodedata.unidata_version}")

    bmp = "".join(chr(c) for c in range(0x10000) if not 0xD800 <= c <= 0xDFFF)
    buffer = io.StringIO()
    with redirect_stdout(buffer):
        ftfy.explain_unicode(bmp)
    expected = buffer.getvalue().split("\n")
    ours = rust([{"func": "explain_unicode", "input": bmp}])[0].split("\n")
    differing = [(e, o) for e, o in zip(expected, ours) if e != o]
    print(f"explain_unicode: {len(expected) - 1 - len(differing)} of {len(expected) - 1} BMP code points agree")
    for e, o in differing[:20]:
        print(f"  ftfy: {e}\n  ours: {o}")

    everything = [chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]
    ours = rust([{"func": "character_widths", "input": "".join(everything[i:i + 4096])}
                 for i in range(0, len(everything), 4096)])
    ours = [w for chunk in ours for w in chunk]
    kinds = collections.Counter()
    examples = collections.defaultdict(list)
    assigned = 0
    for char, width in zip(everything, ours):
        category = unicodedata.category(char)
        if category == "Cn":
            continue
        assigned += 1
        theirs = character_width(char)
        if theirs != width:
            key = (category, theirs, width)
            kinds[key] += 1
            examples[key].append(f"U+{ord(char):04X}")
    print(f"character_width: {assigned - sum(kinds.values())} of {assigned} assigned code points agree")
    for (category, theirs, width), count in kinds.most_common():
        print(f"  [{category}] wcwidth {theirs}, ours {width}: {count} (e.g. {', '.join(examples[(category, theirs, width)][:4])})")


if __name__ == "__main__":
    main()
