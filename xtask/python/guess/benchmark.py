"""Guessing the encoding of files: this library's document guess (what
`ftfy -g` uses, and `guess_bytes_with(..., extended_recovery=True)`)
against chardet and charset-normalizer, in process, on the files of
`cargo xtask guess-corpus` (guess/corpus.py: lingua's real sentences and Faker's
traditional Chinese, in every encoding the guesser knows, as plain text,
readme files, manual pages, web pages and feeds with right, wrong or no
declarations, DOS files and Mac files; 200 B, 2 KB and 20 KB).

A guess is right when the bytes read in the guessed encoding are the text
written (in NFC), whatever the encoding is called: Latin-1 and
Windows-1252 on text they read alike are both right. Documents made of
development sentences and of held-out sentences are reported apart; the
held-out ones are never looked at while tuning (`--failures` lists only
development documents).

    .venv/bin/pip install ./python      # the Python package, ftfy_rs, into .venv
    cargo xtask guess-benchmark > target/guess-benchmark.md

Ours runs in the same process as the others, through the Python package
(`ftfy_rs.guess_bytes_with`) when .venv has it; `--rust` (or a .venv
without it) runs it through the tool `guess_documents` instead (same
answers; its time is measured inside the tool). `--ours-only` leaves the
others out. Prints Markdown tables: right per tool by split,
size, kind and encoding, and the time each tool spent guessing.
"""
import json
import subprocess
import sys
import time
import unicodedata

from common import ROOT, tool

CORPUS = ROOT / "target" / "guess-corpus"
SIZES = [200, 2000, 20000]
SPLITS = ["dev", "held-out"]


def documents():
    with open(CORPUS / "manifest.jsonl", encoding="utf-8") as lines:
        for line in lines:
            entry = json.loads(line)
            entry["bytes"] = (CORPUS / entry["path"]).read_bytes()
            yield entry


def same(read, text):
    return read is not None and unicodedata.normalize("NFC", read) == unicodedata.normalize("NFC", text)


def decoded(data, name):
    try:
        return data.decode(name) if name else None
    except (LookupError, UnicodeDecodeError):
        return None


def ours_in_process(docs):
    import ftfy_rs

    def guess(data):
        return ftfy_rs.guess_bytes_with(data, extended_recovery=True)

    return timed(guess, docs)


def ours_in_rust(docs):
    payload = "".join(json.dumps({"hex": doc["bytes"].hex()}) + "\n" for doc in docs)
    done = subprocess.run([str(tool("guess_documents"))], input=payload.encode(), capture_output=True, check=True)
    lines = [json.loads(line) for line in done.stdout.decode().split("\n") if line]
    return [(line["text"], line["encoding"]) for line in lines[:-1]], lines[-1]["seconds"]


def timed(function, docs):
    results, spent = [], 0.0
    for doc in docs:
        start = time.perf_counter()
        results.append(function(doc["bytes"]))
        spent += time.perf_counter() - start
    return results, spent


def chardet_guess(data):
    import chardet

    name = chardet.detect(data)["encoding"]
    return decoded(data, name), name


def charset_normalizer_guess(data):
    import charset_normalizer

    best = charset_normalizer.from_bytes(data).best()
    return (str(best), best.encoding) if best is not None else (None, None)


def percent(right, chosen):
    return f"{100 * sum(right[i] for i in chosen) / len(chosen):.1f}%" if chosen else "-"


def report(docs, tools):
    right = {tool: [same(result[0], doc["text"]) for result, doc in zip(results, docs)]
             for tool, (results, _) in tools.items()}
    names = list(tools)
    ours = names[0]
    where = lambda **filters: [i for i, doc in enumerate(docs) if all(doc[k] == v for k, v in filters.items())]  # noqa: E731

    print("| documents | " + " | ".join(names) + " |")
    print("| --- | " + " | ".join("---:" for _ in names) + " |")
    for split in SPLITS:
        chosen = where(split=split)
        print(f"| all, {split} ({len(chosen)}) | " + " | ".join(percent(right[t], chosen) for t in names) + " |")
        for size in SIZES:
            chosen = where(split=split, size=size)
            print(f"| {size} B, {split} ({len(chosen)}) | " + " | ".join(percent(right[t], chosen) for t in names) + " |")
    print("| time, all documents | " + " | ".join(f"{tools[t][1]:.2f} s" for t in names) + " |")

    print("\nBy kind of file (development / held out):\n")
    print("| kind | " + " | ".join(names) + " |")
    print("| --- | " + " | ".join("---:" for _ in names) + " |")
    for kind in sorted({doc["kind"] for doc in docs}):
        cells = [" / ".join(percent(right[t], where(kind=kind, split=s)) for s in SPLITS) for t in names]
        print(f"| {kind} | " + " | ".join(cells) + " |")
    print("\nManual pages by size (development / held out):\n")
    print("| size | " + " | ".join(names) + " |")
    print("| --- | " + " | ".join("---:" for _ in names) + " |")
    for size in SIZES:
        cells = [" / ".join(percent(right[t], where(kind="manual", size=size, split=s)) for s in SPLITS) for t in names]
        print(f"| {size} B | " + " | ".join(cells) + " |")

    print("\nBy encoding (development / held out):\n")
    print("| encoding | documents | " + " | ".join(names) + f" | {ours} 200 B / 2 KB / 20 KB |")
    print("| --- | ---: | " + " | ".join("---:" for _ in names) + " | ---: |")
    for encoding in dict.fromkeys(doc["encoding"] for doc in docs):
        cells = [" / ".join(percent(right[t], where(encoding=encoding, split=s)) for s in SPLITS) for t in names]
        sizes = " / ".join(percent(right[ours], where(encoding=encoding, size=size)) for size in SIZES)
        print(f"| {encoding} | {len(where(encoding=encoding))} | " + " | ".join(cells) + f" | {sizes} |")
    return right


def main():
    docs = list(documents())
    print(f"{len(docs)} documents", file=sys.stderr)
    try:
        import ftfy_rs  # noqa: F401
    except ImportError:
        if "--rust" not in sys.argv:
            print("ftfy_rs is not in this environment: running ours as guess_documents", file=sys.stderr)
        sys.argv.append("--rust")
    ours = ours_in_rust if "--rust" in sys.argv else ours_in_process
    tools = {"ftfy -g": ours(docs)}
    if "--ours-only" not in sys.argv:
        import chardet
        import charset_normalizer

        tools[f"chardet {chardet.__version__}"] = timed(chardet_guess, docs)
        tools[f"charset-normalizer {charset_normalizer.__version__}"] = timed(charset_normalizer_guess, docs)
    right = report(docs, tools)
    if "--failures" in sys.argv:
        # Development documents only: the held-out ones are never looked at.
        results = tools["ftfy -g"][0]
        for i, doc in enumerate(docs):
            if doc["split"] == "dev" and not right["ftfy -g"][i]:
                print(f"{doc['path']}: guessed {results[i][1]}", file=sys.stderr)


if __name__ == "__main__":
    main()
