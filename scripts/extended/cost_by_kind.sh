#!/bin/sh
# Extended recovery's cost on clean text by the kind of line: the clean
# corpus split four ways (ASCII; Latin script, every non-ASCII character
# below U+0250; other two-byte scripts, Cyrillic, Greek, Hebrew, Arabic,
# Armenian; the rest, only characters of three or four bytes: CJK, Indic,
# Thai), each counted by cost_instructions.sh; the two-byte lines are then
# split again by their main script (Cyrillic, Greek, Hebrew, Arabic, the
# rest) and counted too. Usage:
# scripts/extended/cost_by_kind.sh [CORPUS]
set -eu
corpus=${1:-target/extended/clean.jsonl}
dir=target/extended/by-kind
mkdir -p "$dir"
python3 - "$corpus" "$dir" <<'PY'
import json, sys
corpus, out = sys.argv[1], sys.argv[2]
kinds = ("ascii", "latin", "two-byte", "three-byte",
         "two-byte-cyrillic", "two-byte-greek", "two-byte-hebrew", "two-byte-arabic", "two-byte-other")
files = {kind: open(f"{out}/{kind}.jsonl", "w") for kind in kinds}
SCRIPTS = (("cyrillic", 0x400, 0x530), ("greek", 0x370, 0x400), ("hebrew", 0x590, 0x600),
           ("arabic", 0x600, 0x780))


def main_script(text):
    counts = {}
    for c in text:
        if 0x250 <= ord(c) < 0x800:
            name = next((name for name, low, high in SCRIPTS if low <= ord(c) < high), "other")
            counts[name] = counts.get(name, 0) + 1
    return max(counts, key=counts.get) if counts else "other"

for line in open(corpus, encoding="utf-8"):
    text = json.loads(line)["text"]
    two_byte = [c for c in text if 0x80 <= ord(c) < 0x800]
    if text.isascii():
        kind = "ascii"
    elif two_byte and all(ord(c) < 0x250 for c in two_byte):
        kind = "latin"
    elif two_byte:
        kind = "two-byte"
    else:
        kind = "three-byte"
    files[kind].write(line)
    if kind == "two-byte":
        files["two-byte-" + main_script(text)].write(line)
PY
for kind in ascii latin two-byte three-byte \
    two-byte-cyrillic two-byte-greek two-byte-hebrew two-byte-arabic two-byte-other; do
    echo "$kind ($(wc -l < "$dir/$kind.jsonl") lines):"
    sh scripts/extended/cost_instructions.sh "$dir/$kind.jsonl" | grep fix_text
done
