"""Guessing the encoding of documents: this library's `guess_bytes_with` in
extended mode (what `ftfy -g --extended-recovery` and `fix_file` use)
against chardet and charset-normalizer, in process, on documents made from
the real sentences of lingua's model crates (`cargo xtask language-corpus`).

Every encoding the guesser knows gets documents of 200 bytes, 2 KB and
20 KB in each language written in it: consecutive sentences that the
encoding can write, one per line, cut at a character boundary at the size.
Documents from development sentences and from held-out sentences are
reported apart. A guess is right when the bytes read in the guessed
encoding are the text written (in NFC: Windows-1258 writes tones as
combining marks); Latin-1, Windows-1252 and ISO-8859-15 on text they
read alike are all right. Sentences that are not clean text are left out
(a few of lingua's hold control characters, U+FFFD or UTF-8 mojibake).

    cargo xtask guess-benchmark > target/guess-benchmark.md

(chardet and charset-normalizer are pinned in xtask/python/requirements.txt;
the task writes the real-text corpus first if it is missing.)

Prints Markdown tables: right per tool by encoding and size, and the time
each tool spent guessing (ours timed inside the tool guess_documents,
the others around their calls). `--ours-only` leaves the others out;
`--failures` lists the development documents ours gets wrong. With the
others, a last table compares ours with chardet for each encoding and
size, development and held-out documents apart.
"""
import collections
import json
import subprocess
import sys
import time
import unicodedata

import chardet
import charset_normalizer

from common import ROOT, tool
from language.evaluate import encode  # Windows-1258 with combining tones

SIZES = [200, 2000, 20000]
DOCUMENTS_PER_SIZE = {200: 6, 2000: 3, 20000: 1}
WESTERN = "English French German Spanish Portuguese Italian Dutch Swedish Danish Bokmal Finnish Icelandic Catalan".split()
CENTRAL = "Polish Czech Slovak Hungarian Slovene Croatian Romanian".split()
CYRILLIC = "Russian Bulgarian Serbian Macedonian Ukrainian Belarusian".split()
# (name Python writes with, name the report gives, languages)
ENCODINGS = [
    ("utf-8", "utf-8", ["English", "French", "Russian", "Greek", "Chinese", "Japanese", "Hindi", "Arabic"]),
    ("utf-16", "utf-16", ["English", "Russian", "Chinese"]),
    ("cp1252", "windows-1252", WESTERN),
    ("latin-1", "latin-1", WESTERN),
    ("iso8859_15", "iso-8859-15", WESTERN),
    ("mac_roman", "macroman", WESTERN),
    ("cp437", "cp437", WESTERN),
    ("cp850", "cp850", WESTERN),
    ("cp1250", "windows-1250", CENTRAL),
    ("iso8859_2", "iso-8859-2", CENTRAL),
    ("cp1251", "windows-1251", CYRILLIC),
    ("koi8_r", "koi8-r", ["Russian", "Bulgarian"]),
    ("koi8_u", "koi8-u", ["Ukrainian", "Russian"]),
    ("cp866", "ibm866", ["Russian", "Ukrainian", "Belarusian"]),
    ("iso8859_5", "iso-8859-5", ["Russian", "Bulgarian", "Serbian", "Macedonian"]),
    ("cp1253", "windows-1253", ["Greek"]),
    ("iso8859_7", "iso-8859-7", ["Greek"]),
    ("cp1254", "windows-1254", ["Turkish", "Azerbaijani"]),
    ("iso8859_9", "iso-8859-9", ["Turkish"]),
    ("cp1255", "windows-1255", ["Hebrew"]),
    ("cp1256", "windows-1256", ["Arabic", "Persian", "Urdu"]),
    ("cp1257", "windows-1257", ["Lithuanian", "Latvian", "Estonian"]),
    ("iso8859_13", "iso-8859-13", ["Lithuanian", "Latvian"]),
    ("cp1258", "windows-1258", ["Vietnamese"]),
    ("cp874", "cp874", ["Thai"]),
    ("shift_jis", "shift_jis", ["Japanese"]),
    ("euc_jp", "euc-jp", ["Japanese"]),
    ("gb2312", "gb2312", ["Chinese"]),
    ("gbk", "gbk", ["Chinese"]),
    ("big5", "big5", ["Chinese"]),
    ("euc_kr", "euc-kr", ["Korean"]),
]


def sentences_by_language():
    by = collections.defaultdict(lambda: {"dev": [], "held-out": []})
    with open(ROOT / "target" / "language-corpus" / "sentences.jsonl", encoding="utf-8") as lines:
        for line in lines:
            entry = json.loads(line)
            by[entry["language"]][entry["split"]].append(entry["text"])
    return by


def is_clean(text):
    """Whether a sentence is text a program would write: a few of lingua's
    hold control characters (U+0092 and its like, Windows-1252 bytes read
    as Latin-1), U+FFFD, or UTF-8 mojibake (text that some single-byte
    code page writes as valid UTF-8 of other text)."""
    if "\ufffd" in text or any(unicodedata.category(c) == "Cc" for c in text):
        return False
    for codec in ["cp1252", "cp1250", "cp1251", "latin-1"]:
        try:
            if text.encode(codec).decode("utf-8") != text:
                return False
        except UnicodeError:
            pass
    return True


def written(text, codec):
    if codec == "utf-16":
        return text.encode("utf-16")
    return encode(text, codec)


def documents():
    """(encoding, language, size, split, text, bytes)"""
    by_language = sentences_by_language()
    for codec, name, languages in ENCODINGS:
        for language in languages:
            for split in ["dev", "held-out"]:
                usable = [s for s in by_language[language][split] if written(s, codec) is not None and is_clean(s)]
                at = 0
                for size in SIZES:
                    for _ in range(DOCUMENTS_PER_SIZE[size]):
                        lines, length = [], 0
                        while length < size and usable:
                            sentence = usable[at % len(usable)]
                            at += 1
                            lines.append(sentence)
                            length += len(written(sentence, codec)) + 1
                        text = cut("\n".join(lines) + "\n", codec, size)
                        if text:
                            yield name, language, size, split, text, written(text, codec)


def cut(text, codec, size):
    """The longest prefix of `text` that the codec writes in `size` bytes."""
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if len(written(text[:middle], codec)) <= size:
            low = middle
        else:
            high = middle - 1
    # Keep a base letter with its tone marks.
    while low and unicodedata.combining(text[low - 1]):
        low -= 1
    return text[:low]


def same(read, text):
    return read is not None and unicodedata.normalize("NFC", read) == unicodedata.normalize("NFC", text)


def decoded(data, name):
    try:
        return data.decode(name) if name else None
    except (LookupError, UnicodeDecodeError):
        return None


def ours(docs):
    payload = "".join(json.dumps({"hex": doc[5].hex()}) + "\n" for doc in docs)
    done = subprocess.run([str(tool("guess_documents"))], input=payload.encode(), capture_output=True, check=True)
    lines = [json.loads(line) for line in done.stdout.decode().splitlines()]
    return [(line["text"], line["encoding"]) for line in lines[:-1]], lines[-1]["seconds"]


def timed(function, docs):
    results, spent = [], 0.0
    for doc in docs:
        start = time.perf_counter()
        results.append(function(doc[5]))
        spent += time.perf_counter() - start
    return results, spent


def chardet_guess(data):
    name = chardet.detect(data)["encoding"]
    return decoded(data, name), name


def charset_normalizer_guess(data):
    best = charset_normalizer.from_bytes(data).best()
    return (str(best), best.encoding) if best is not None else (None, None)


def main():
    docs = list(documents())
    print(f"{len(docs)} documents", file=sys.stderr)
    tools = {"ftfy -g --extended-recovery": ours(docs)}
    if "--ours-only" not in sys.argv:
        tools["chardet 7.7.0"] = timed(chardet_guess, docs)
        tools["charset-normalizer 3.5.2"] = timed(charset_normalizer_guess, docs)
    right = {tool: [same(result[0], doc[4]) for result, doc in zip(results, docs)] for tool, (results, _) in tools.items()}
    names = list(tools)
    print("| documents | " + " | ".join(names) + " |")
    print("| --- | " + " | ".join("---:" for _ in names) + " |")

    def row(label, chosen):
        cells = [f"{100 * sum(right[tool][i] for i in chosen) / len(chosen):.1f}%" for tool in names]
        print(f"| {label} ({len(chosen)}) | " + " | ".join(cells) + " |")

    for split in ["dev", "held-out"]:
        row(f"all, {split}", [i for i, doc in enumerate(docs) if doc[3] == split])
    for size in SIZES:
        row(f"{size} B", [i for i, doc in enumerate(docs) if doc[2] == size])
    print("| time, all documents | " + " | ".join(f"{tools[tool][1]:.2f} s" for tool in names) + " |")
    print("\nBy encoding (all sizes; dev / held-out for ours):\n")
    print("| encoding | " + " | ".join(names) + " | ours 200 B / 2 KB / 20 KB | ours dev / held-out |")
    print("| --- | " + " | ".join("---:" for _ in names) + " | ---: | ---: |")
    for _, name, _ in ENCODINGS:
        chosen = [i for i, doc in enumerate(docs) if doc[0] == name]
        cells = [f"{100 * sum(right[tool][i] for i in chosen) / len(chosen):.1f}%" for tool in names]
        ours_right = right[names[0]]
        by_size = [[i for i in chosen if docs[i][2] == size] for size in SIZES]
        sizes = " / ".join(f"{100 * sum(ours_right[i] for i in s) / len(s):.0f}" for s in by_size if s)
        by_split = [[i for i in chosen if docs[i][3] == split] for split in ["dev", "held-out"]]
        splits = " / ".join(f"{100 * sum(ours_right[i] for i in s) / len(s):.0f}" for s in by_split if s)
        print(f"| {name} | " + " | ".join(cells) + f" | {sizes} | {splits} |")
    if len(names) > 1:
        print(f"\nBy encoding and size, {names[0]} / {names[1]} (dev; held-out):\n")
        print("| encoding | " + " | ".join(f"{size} B" for size in SIZES) + " |")
        print("| --- | " + " | ".join("---:" for _ in SIZES) + " |")
        for _, name, _ in ENCODINGS:
            cells = []
            for size in SIZES:
                parts = []
                for split in ["dev", "held-out"]:
                    chosen = [i for i, doc in enumerate(docs) if doc[0] == name and doc[2] == size and doc[3] == split]
                    parts.append(" / ".join(f"{100 * sum(right[tool][i] for i in chosen) / len(chosen):.0f}" for tool in names[:2]))
                cells.append("; ".join(parts))
            print(f"| {name} | " + " | ".join(cells) + " |")
    if "--failures" in sys.argv:
        # Development documents only: the held-out ones are never looked at.
        for i, doc in enumerate(docs):
            if doc[3] == "dev" and not right[names[0]][i]:
                print(f"{doc[0]} {doc[1]} {doc[2]}: guessed {tools[names[0]][0][i][1]}", file=sys.stderr)


if __name__ == "__main__":
    main()
