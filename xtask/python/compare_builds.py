#!/usr/bin/env python3
"""Compares two builds of the batch runner (xtask/src/bin/ftfy_batch.rs) on
the same inputs, and reports every difference: a change that no user may
see must give zero.

    python3 xtask/python/compare_builds.py BASE NEW [--sample N] [--quick]

BASE and NEW are two `ftfy_batch` binaries (say, one built from main and
copied aside, and target/release/ftfy_batch). Both read the same JSON lines
and their answers are compared line by line: the text, the plan (as
`[action, parameter]` pairs) and its replay by `apply_plan`, or the error.

The texts:
- *differential*: the differential check's corpus
  (xtask/python/differential/corpus.py: clean strings of many languages, the
  same strings mangled every way the library undoes, text rich in
  entities, escapes, ligatures, widths, line breaks and controls), and
  multi-line texts joined from it;
- *golden*: every string value of golden/*.toml;
- *extended*: the extended mode's corpora, when they have been made
  (target/extended/*.jsonl by xtask/python/extended/corpus.py,
  target/extended/real/*.jsonl by xtask/python/extended/real_corpus.py; see
  docs/extended-recovery.md);
- *adversarial*: the benchmark inputs of benches/inputs.rs, hunted slow
  inputs among them (written by `throughput --write`): the first 16 KiB of
  each, and its first hundred lines each on its own.

The configurations: the default, extended recovery, and each option of
`TextFixerConfig` switched off in turn (with the other settings the
differential check uses), for fix_text, fix_text_segment, fix_encoding,
fix_and_explain and fix_encoding_and_explain (texts over 4 KiB skip the
last two, whose plans give up the shortcuts that keep long adversarial
text linear, and in extended recovery go through fix_text only); and
guess_bytes with and
without extended recovery on each text's UTF-8 bytes and its bytes in the
legacy code pages that encode it. Every text goes through the default and
the extended mode; `--sample N` texts (default 4000) through each other
configuration.

Needs the pinned .venv for the differential corpus (python3
cargo xtask differential creates it).
"""
import argparse
import collections
import json
import random
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

FUNCS = ["fix_text", "fix_text_segment", "fix_encoding", "fix_and_explain", "fix_encoding_and_explain"]

# Each option switched off in turn, and the other settings the differential
# check tries (cargo xtask differential).
OTHER_CONFIGS = [{option: False} for option in [
    "unescape_html", "remove_terminal_escapes", "fix_encoding", "restore_byte_a0",
    "replace_lossy_sequences", "decode_inconsistent_utf8", "fix_c1_controls",
    "fix_latin_ligatures", "fix_character_width", "uncurl_quotes", "fix_line_breaks",
    "fix_surrogates", "remove_control_chars", "explain",
]] + [{"unescape_html": True}, {"normalization": "NFKC"}, {"normalization": "NFD"},
      {"normalization": None}, {"max_decode_length": 12},
      {"extended_recovery": True, "uncurl_quotes": False},
      {"extended_recovery": True, "fix_encoding": False},
      {"extended_recovery": True, "max_decode_length": 12}]

# Legacy code pages the guess_bytes cases encode each text in.
GUESS_CODECS = ["cp1252", "cp1251", "cp1250", "koi8_r", "cp1253", "shift_jis", "gbk"]


def differential_texts():
    sys.path.insert(0, str(ROOT / "xtask" / "python" / "differential"))
    import ftfy.bad_codecs  # noqa: F401 (registers the sloppy codecs the corpus mangles with)
    import corpus  # noqa: E402 (the differential check's corpus)
    clean, mangled = corpus.build()
    texts = [c["text"] for c in clean] + [m["text"] for m in mangled]
    texts += corpus.rich_inputs(2000, texts, seed=3)
    return texts


def golden_texts():
    texts = []

    def strings(value):
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            for item in value.values():
                yield from strings(item)
        elif isinstance(value, list):
            for item in value:
                yield from strings(item)

    for path in sorted((ROOT / "golden").glob("**/*.toml")):
        with open(path, "rb") as f:
            texts += list(strings(tomllib.load(f)))
    return texts


def extended_texts():
    texts = []
    for folder in [ROOT / "target" / "extended", ROOT / "target" / "extended" / "real"]:
        for path in sorted(folder.glob("*.jsonl")):
            with open(path, encoding="utf-8") as f:
                for line in f:
                    case = json.loads(line)
                    texts += [case[key] for key in ("text", "broken", "original") if isinstance(case.get(key), str)]
    return texts


def adversarial_texts(throughput, work):
    data = work / "bench-data"
    subprocess.run([str(throughput), "--write", str(data)], check=True, capture_output=True)
    texts = []
    for path in sorted(data.glob("*.txt")):
        raw = path.read_bytes()[: 1 << 14]
        texts.append(raw.decode("utf-8", errors="ignore"))
        # Its lines too, each on its own (the first hundred).
        texts += raw.decode("utf-8", errors="ignore").splitlines(keepends=True)[:100]
    return texts


def funcs_for(text, config):
    """The functions `text` goes through in `config`: for text over 4 KiB
    not those recording plans, and in extended recovery only fix_text."""
    if len(text.encode("utf-8")) <= 4096:
        return FUNCS
    return FUNCS[:1] if config.get("extended_recovery") else FUNCS[:3]


def cases_for(sources, sample, seed=631):
    """The JSON-line cases: (source, func, config, input) for every text."""
    rng = random.Random(seed)
    for source, texts in sources.items():
        texts = list(dict.fromkeys(texts))
        multiline = ["\n".join(rng.sample(texts, min(len(texts), rng.randint(2, 6)))) for _ in range(len(texts) // 20)]
        texts += multiline
        for text in texts:
            for config in ({}, {"extended_recovery": True}):
                for func in funcs_for(text, config):
                    yield source, {"func": func, "config": config, "input": text}
        sampled = rng.sample(texts, min(sample, len(texts)))
        for config in OTHER_CONFIGS:
            for text in sampled:
                for func in funcs_for(text, config):
                    yield source, {"func": func, "config": config, "input": text}
        for text in rng.sample(texts, min(sample, len(texts))):
            encodings = [text.encode("utf-8")]
            for codec in GUESS_CODECS:
                try:
                    encodings.append(text.encode(codec))
                except UnicodeEncodeError:
                    pass
            for data in encodings:
                for config in ({}, {"extended_recovery": True}):
                    yield source, {"func": "guess_bytes", "config": config, "input_hex": data.hex()}


def run(binary, payload, out):
    with open(payload, "rb") as stdin, open(out, "wb") as stdout:
        return subprocess.Popen([str(binary)], stdin=stdin, stdout=stdout)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base", type=Path, help="the batch runner built before the change")
    parser.add_argument("new", type=Path, help="the batch runner built after it")
    parser.add_argument("--throughput", type=Path, default=ROOT / "target" / "release" / "throughput",
                        help="the throughput binary that writes the benchmark inputs")
    parser.add_argument("--sample", type=int, default=4000, help="texts per source for each other configuration")
    parser.add_argument("--quick", action="store_true", help="the golden and adversarial texts only")
    parser.add_argument("--max-show", type=int, default=10)
    parser.add_argument("--work", type=Path, default=ROOT / "target" / "compare",
                        help="where the cases, the answers and the differences are written")
    args = parser.parse_args()

    sources = {"golden": golden_texts(), "adversarial": adversarial_texts(args.throughput, args.work)}
    if not args.quick:
        sources["differential"] = differential_texts()
        sources["extended"] = extended_texts()
    for source, texts in sources.items():
        print(f"{source}: {len(set(texts))} texts")

    work = args.work
    work.mkdir(parents=True, exist_ok=True)
    payload = work / "payload.jsonl"
    origins = []
    with open(payload, "w", encoding="utf-8") as f:
        for index, (source, case) in enumerate(cases_for(sources, args.sample)):
            f.write(json.dumps({"id": index, **case}, ensure_ascii=False) + "\n")
            origins.append(source)
    print(f"{len(origins)} cases; running both builds")
    processes = [run(args.base, payload, work / "base.jsonl"), run(args.new, payload, work / "new.jsonl")]
    for process in processes:
        if process.wait() != 0:
            sys.exit(f"a batch runner failed ({process.args[0]})")

    differences = collections.Counter()
    per_source = collections.Counter()
    shown = 0
    with open(payload, encoding="utf-8") as cases, open(work / "base.jsonl", encoding="utf-8") as base, \
            open(work / "new.jsonl", encoding="utf-8") as new, open(work / "differences.txt", "w", encoding="utf-8") as out:
        for origin, case_line, base_line, new_line in zip(origins, cases, base, new, strict=True):
            per_source[origin] += 1
            if base_line == new_line:
                continue
            case = json.loads(case_line)
            key = (origin, case["func"], json.dumps(case["config"], sort_keys=True))
            differences[key] += 1
            out.write(f"{key}\n  input: {case.get('input', case.get('input_hex'))!r}\n"
                      f"  base:  {base_line.strip()}\n  new:   {new_line.strip()}\n")
            if shown < args.max_show:
                shown += 1
                print(f"  {key}: {case.get('input', case.get('input_hex'))!r}\n    base: {base_line.strip()[:300]}\n"
                      f"    new:  {new_line.strip()[:300]}")
    for source, count in per_source.items():
        print(f"{source}: {count} cases")
    total = sum(differences.values())
    print(f"{len(origins)} cases compared, {total} differences"
          + (f" (listed in {work / 'differences.txt'})" if total else ""))
    for key, count in differences.most_common():
        print(f"  {count:6d}  {key}")
    sys.exit(1 if total else 0)


if __name__ == "__main__":
    main()
