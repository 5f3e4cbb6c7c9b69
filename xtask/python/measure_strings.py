#!/usr/bin/env python3
"""Measures extended recovery one string at a time, as a lone string is
judged (a one-line fix_text, fix_encoding): the per-string checks that
go with measure_documents.py.

1. ftfy's own test: for every passing case of its test_cases.json, in
   extended mode, every assertion of its test_json_example: fix_text
   gives `fixed`; the plans of fix_and_explain and
   fix_encoding_and_explain replay to their answers; fix_text with every
   other fix off gives fix_encoding's answer, which is `fixed-encoding`;
   and fix_text of the text with one more layer of mojibake
   (`orig.encode('utf-8').decode('latin-1')`) still gives `fixed`.
2. Clean real text (xtask/python/extended/real_corpus.py's clean.jsonl, and a
   few strings known to have been changed): extended fix_text must give
   ftfy 6.3.1's fix_text.
3. Garbage: outputs (of the mojibake and legacy cases) with a letter of a
   script found neither in the input nor in the original (Latin split by
   block: Latin-1, Extended-A, Extended-B, IPA, Extended Additional).
4. Legacy mixups in fix_text, by pair and by length (messages under 30,
   30-59, 60+ characters; paragraphs): right when fix_text gives ftfy's
   fix_text of the original, wrong when it changes the text into
   something else than the default mode does.
5. UTF-8 mojibake in fix_text, by class and length.

Development and held-out cases apart (the lingua split real_corpus.py
keeps); misses of development cases go to
target/xtask/results/misses-strings-*.txt. --save LABEL keeps the figures
in target/xtask/results/strings-LABEL.json.

Run:
    cargo xtask language-corpus && cargo xtask extended-real-corpus
    .venv/bin/pip download --no-binary :all: --no-deps ftfy==6.3.1 -d target/ftfy-sdist
    tar xzf target/ftfy-sdist/ftfy-6.3.1.tar.gz -C target/ftfy-sdist
    .venv/bin/python xtask/python/measure_strings.py [--save LABEL]
"""
import collections
import json
import sys
import unicodedata
from pathlib import Path

import ftfy

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measure_documents import BINARY, RESULTS, build, pct, run_batch  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
REAL = ROOT / "target" / "extended" / "real"
CASES = ROOT / "target" / "ftfy-sdist" / "ftfy-6.3.1" / "tests" / "test_cases.json"
EXTENDED = {"extended_recovery": True}
ENCODING_ONLY = {
    "unescape_html": False, "remove_terminal_escapes": False, "fix_character_width": False,
    "fix_latin_ligatures": False, "uncurl_quotes": False, "fix_line_breaks": False, "fix_surrogates": False,
    "remove_control_chars": False, "normalization": None, "extended_recovery": True,
}
# Clean text the extended mode was seen to change (each stands for a
# class: a final accented letter before aligned spaces; a capital after a
# lowercase letter in Kurdish).
KNOWN_CLEAN = ["Tempo di validità    :", "Keleka eÇp", "Data di scadenza: validità    : 12/2025",
               "città    |    stato"]
LATIN_BLOCKS = [(0x0000, 0x00FF, "LATIN-1"), (0x0100, 0x017F, "LATIN EXTENDED-A"),
                (0x0180, 0x024F, "LATIN EXTENDED-B"), (0x0250, 0x02AF, "IPA"),
                (0x1E00, 0x1EFF, "LATIN EXTENDED ADDITIONAL")]


def outputs(func, texts, config=EXTENDED):
    answers, _ = run_batch(func, texts, config)
    for answer in answers:
        if "error" in answer:
            raise SystemExit(f"batch runner: {answer['error']}")
    return answers


def ftfy_cases(summary):
    cases = [case for case in json.loads(CASES.read_text()) if case["expect"] == "pass"]
    originals = [case["original"] for case in cases]
    extra = [text.encode("utf-8").decode("latin-1") for text in originals]
    text = outputs("fix_text", originals)
    explained = outputs("fix_and_explain", originals, {"extended_recovery": True, "explain": True})
    encoding = outputs("fix_encoding_and_explain", originals)
    only_encoding = outputs("fix_text", originals, ENCODING_ONLY)
    extra_text = outputs("fix_text", extra)
    failures = collections.defaultdict(list)
    for i, case in enumerate(cases):
        fixed = case["fixed"]
        checks = {
            "fix_text": text[i]["output"] == fixed,
            "fix_and_explain replays": explained[i]["replay"] == explained[i]["output"],
            "fix_encoding_and_explain replays": encoding[i]["replay"] == encoding[i]["output"],
            "fix_text with the rest off": only_encoding[i]["output"] == encoding[i]["output"],
            "fixed-encoding": encoding[i]["output"] == case.get("fixed-encoding", fixed),
            "one more layer (latin-1)": extra_text[i]["output"] == fixed,
        }
        for name, ok in checks.items():
            if not ok:
                failures[name].append((case["label"], extra[i] if "layer" in name else case["original"],
                                       extra_text[i]["output"] if "layer" in name else text[i]["output"], fixed))
    failing_cases = {label for failed in failures.values() for label, *_ in failed}
    print(f"(1) ftfy's test_cases.json, {len(cases)} passing cases in extended mode: "
          f"{len(cases) - len(failing_cases)} pass every assertion")
    for name, failed in failures.items():
        print(f"    {name}: {len(failed)} fail")
        for label, given, got, want in failed[:20]:
            print(f"        {label}: {given!r} -> {got!r} (want {want!r})")
    summary["ftfy cases passing"] = len(cases) - len(failing_cases)
    summary["ftfy cases failing"] = {name: len(failed) for name, failed in failures.items()}


def clean_strings(summary):
    rows = [json.loads(line) for line in (REAL / "clean.jsonl").read_text(encoding="utf-8").split("\n") if line]
    rows += [{"text": text, "source": "known", "lang": "-", "split": "dev"} for text in KNOWN_CLEAN]
    texts = [row["text"] for row in rows]
    ours = outputs("fix_text", texts)
    changed = collections.Counter()
    total = collections.Counter()
    misses = []
    for row, answer in zip(rows, ours):
        key = (row["source"].split("-")[0], row["split"])
        total[key] += 1
        want = ftfy.fix_text(row["text"])
        if answer["output"] != want:
            changed[key] += 1
            if row["split"] != "held-out":
                misses.append(f"{row['source']}/{row['lang']}: {row['text']!r} -> {answer['output']!r}\n")
    print(f"(2) clean strings: {len(rows)}; changed beyond ftfy 6.3.1's fix_text:")
    for key in sorted(total):
        print(f"    {key[0]:12} {key[1]:9} {total[key]:7}  changed {changed[key]}")
    (RESULTS / "misses-strings-clean.txt").write_text("".join(misses), encoding="utf-8")
    summary["clean changed"] = {f"{k[0]}:{k[1]}": v for k, v in changed.items()}
    summary["clean total"] = {f"{k[0]}:{k[1]}": v for k, v in total.items()}


def script_of(c):
    """The script of a letter (the first word of its name; Latin by block),
    or None for anything else."""
    if not unicodedata.category(c).startswith("L"):
        return None
    name = unicodedata.name(c, "UNKNOWN")
    first = name.split(" ")[0]
    if first == "LATIN":
        code = ord(c)
        return next((block for low, high, block in LATIN_BLOCKS if low <= code <= high), "LATIN OTHER")
    if first == "CJK":
        return "HAN"
    return first


def new_scripts(given, original, output):
    known = {script_of(c) for c in given + original}
    return {script for c in output if (script := script_of(c)) and script not in known}


def recovery(name, rows, keys_of, summary):
    """Fix_text in extended mode on each broken case of `rows`: right,
    wrong, garbage, by the keys `keys_of(row)` gives."""
    broken = [row["broken"] for row in rows]
    ours = outputs("fix_text", broken)
    table = collections.defaultdict(lambda: [0, 0, 0, 0])  # cases, right, wrong, garbage
    misses = []
    for row, answer in zip(rows, ours):
        got = answer["output"]
        want = ftfy.fix_text(row["original"])
        plain = ftfy.fix_text(row["broken"])
        garbage = got != plain and bool(new_scripts(row["broken"], row["original"], got))
        for key in keys_of(row) + [("all", "all")]:
            counts = table[key, row["split"]]
            counts[0] += 1
            counts[1] += got == want
            counts[2] += got != want and got != plain
            counts[3] += garbage
        if got != want and row["split"] != "held-out":
            misses.append(f"{keys_of(row)[0][1]}/{row['lang']}: {row['broken']!r}\n  want {want!r}\n  got  {got!r}\n")
    print(f"({name}) development | held out: cases, right, wrong, in a new script")
    for key in sorted({key for key, _ in table}, key=lambda k: (k[0] != "all", k)):
        cells = []
        for split in ["dev", "held-out"]:
            n, right, wrong, garbage = table.get((key, split), [0, 0, 0, 0])
            cells.append(f"{n:5} {pct(right, n)} wrong {wrong:4} garbage {garbage:3}")
        print(f"    {key[0]:6} {key[1]:44} " + " | ".join(cells))
    (RESULTS / f"misses-strings-{name}.txt").write_text("".join(misses), encoding="utf-8")
    summary[name] = {f"{key[0]}:{key[1]}:{split}": counts for (key, split), counts in table.items()}


def length_key(row):
    return "paragraphs" if row["length"] == "paragraph" else f"messages {row['length']}"


def main():
    build()
    save = sys.argv[sys.argv.index("--save") + 1] if "--save" in sys.argv else None
    RESULTS.mkdir(parents=True, exist_ok=True)
    print(f"binary: {BINARY}")
    summary = {}
    ftfy_cases(summary)
    clean_strings(summary)

    def load(name):
        return [json.loads(line) for line in (REAL / name).read_text(encoding="utf-8").split("\n") if line]
    recovery("legacy", load("legacy.jsonl"), lambda row: [("pair", row["pair"]), ("length", length_key(row))],
             summary)
    recovery("utf8", load("mojibake.jsonl"),
             lambda row: [("class", row["class"]), ("length", length_key(row)),
                          ("class", f"{row['class']}, {'paragraphs' if row['length'] == 'paragraph' else 'messages'}")],
             summary)
    if save:
        (RESULTS / f"strings-{save}.json").write_text(json.dumps(summary, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
