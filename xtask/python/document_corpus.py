#!/usr/bin/env python3
"""Builds the real-text DOCUMENT corpus that measures extended recovery on
whole documents (a file, a column, a stream), as the command and fix_file
see them.

The text is lingua's real test sentences and words (xtask/python/language/
corpus.py, run it first), with lingua's fixed split kept: a document is
made from one split only (line i of each testdata file is held out when
i % 3 == 2), so that measure_documents.py reports the held-out documents
apart and nothing is tuned on them. Around the sentences, templates of
this project's own: subtitles (SRT), CSV rows, catalog-like key = value
lines, technical log lines, plain prose. A document is one language, up
to 40 lines.

Kinds of document:
- legacy: every line put through one legacy pair (written in X, read as
  Y), for every pair the extended mode undoes (LEGACY_TRANSFORMS); ASCII
  lines stay as they are, as they do in any such file;
- half-clean: one region of lines clean, the other put through a pair;
- two-mixups: two regions, each in its own language and pair;
- utf8: every line UTF-8 read as one single-byte codec;
- sprinkled: a clean document with one or two lines of UTF-8 mojibake;
- clean: documents in every language the model knows, unchanged.

Each record holds the original and broken documents, which lines are
broken, and ftfy 6.3.1's fix_text of both (`expected` and `default`):
the oracle's answers, computed here once.

Writes target/xtask/documents/documents.jsonl (seeded; the same on
every run).

Run: .venv/bin/python xtask/python/document_corpus.py
"""
import json
import random
import sys
from collections import defaultdict
from pathlib import Path

import ftfy
import ftfy.bad_codecs  # noqa: F401 (registers the sloppy codecs)

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "language"))
sys.path.insert(0, str(ROOT / "scripts" / "extended"))
from evaluate import encode  # noqa: E402 (Windows-1258's combining tones too)
from real_corpus import BALTIC, CENTRAL, CYRILLIC, WESTERN, is_source_mojibake  # noqa: E402

assert ftfy.__version__ == "6.3.1"
SOURCE = ROOT / "target" / "language-corpus"
OUT = ROOT / "target" / "xtask" / "documents"
RNG = random.Random(20261128)

# (written in, read as, languages): every pair of LEGACY_TRANSFORMS in
# src/extended/candidates.rs, with Python's codec names.
PAIRS = [
    ("cp1251", "sloppy-windows-1252", CYRILLIC),
    ("koi8_r", "sloppy-windows-1252", ["Russian", "Bulgarian"]),
    ("cp866", "sloppy-windows-1252", ["Russian", "Bulgarian", "Belarusian", "Ukrainian"]),
    ("iso8859_5", "sloppy-windows-1252", ["Russian", "Bulgarian", "Macedonian", "Serbian"]),
    ("cp1253", "sloppy-windows-1252", ["Greek"]),
    ("iso8859_7", "sloppy-windows-1252", ["Greek"]),
    ("cp1250", "sloppy-windows-1252", CENTRAL),
    ("iso8859_2", "sloppy-windows-1252", CENTRAL),
    ("cp1254", "sloppy-windows-1252", ["Turkish", "Azerbaijani"]),
    ("cp1257", "sloppy-windows-1252", BALTIC),
    ("iso8859_13", "sloppy-windows-1252", BALTIC),
    ("iso8859_4", "sloppy-windows-1252", BALTIC),
    ("cp1258", "sloppy-windows-1252", ["Vietnamese"]),
    ("iso8859_15", "sloppy-windows-1252", ["French", "Finnish", "Estonian"]),
    ("iso8859_16", "sloppy-windows-1252", ["Romanian", "Polish", "Hungarian", "Croatian", "Slovene", "Albanian"]),
    ("cp1255", "sloppy-windows-1252", ["Hebrew"]),
    ("cp1256", "sloppy-windows-1252", ["Arabic", "Persian", "Urdu"]),
    ("shift_jis", "sloppy-windows-1252", ["Japanese"]),
    ("gbk", "sloppy-windows-1252", ["Chinese"]),
    ("euc_kr", "sloppy-windows-1252", ["Korean"]),
    ("big5", "sloppy-windows-1252", ["Chinese"]),
    ("euc_jp", "sloppy-windows-1252", ["Japanese"]),
    ("cp850", "sloppy-windows-1252", WESTERN),
    ("cp437", "sloppy-windows-1252", WESTERN),
    ("mac_roman", "sloppy-windows-1252", WESTERN),
    ("cp874", "sloppy-windows-1252", ["Thai"]),
    ("cp1251", "latin-1", ["Russian", "Bulgarian"]),
    ("koi8_r", "latin-1", ["Russian", "Bulgarian"]),
    ("cp1253", "latin-1", ["Greek"]),
    ("koi8_r", "sloppy-windows-1251", ["Russian", "Bulgarian"]),
    ("cp866", "sloppy-windows-1251", ["Russian", "Bulgarian", "Belarusian", "Ukrainian"]),
    ("cp1252", "sloppy-windows-1251", WESTERN),
    ("cp437", "macroman", WESTERN),
    ("cp850", "macroman", WESTERN),
    ("cp1252", "macroman", WESTERN),
    ("cp1252", "cp437", WESTERN),
]

# UTF-8 read as each of these (UTF8_TRANSFORMS in src/extended/candidates.rs).
UTF8_CODECS = ["latin-1", "sloppy-windows-1252", "sloppy-windows-1251", "sloppy-windows-1250",
               "sloppy-windows-1253", "sloppy-windows-1254", "sloppy-windows-1257", "iso-8859-2", "macroman",
               "cp437", "sloppy-windows-1255", "sloppy-windows-1256", "sloppy-windows-1258", "sloppy-iso-8859-3",
               "sloppy-cp874"]

# Documents per pair (development, held out): lingua's split holds a third
# of the text out, so the held-out documents are half as many.
PER_PAIR = (24, 12)
PER_UTF8_CODEC = (8, 4)
MIXED = (72, 36)
CLEAN_PER_LANGUAGE = (2, 1)
MAX_LINES = 40
TEMPLATES = ["prose", "subtitles", "csv", "catalog", "technical"]
LENGTHS = [2, 3, 5, 8, 12, 20, 30, 40]


def read(name):
    with open(SOURCE / name, encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


class Text:
    """Lingua's sentences and words by (language, split), in their order."""

    def __init__(self):
        self.sentences = defaultdict(list)
        self.words = defaultdict(list)
        for entry in read("sentences.jsonl"):
            if not is_source_mojibake(entry["text"], entry["language"]):
                self.sentences[entry["language"], entry["split"]].append(entry["text"])
        for entry in read("words.jsonl"):
            if not is_source_mojibake(entry["text"], entry["language"]):
                self.words[entry["language"], entry["split"]].append(entry["text"])
        self.languages = sorted({language for language, _ in self.sentences})

    def run_of_sentences(self, language, split, fits):
        """Consecutive sentences from a random place, those that `fits`."""
        pool = self.sentences[language, split]
        start = RNG.randrange(len(pool))
        for offset in range(len(pool)):
            text = pool[(start + offset) % len(pool)]
            if fits(text):
                yield text
        # Few sentences fit some code pages (lingua's Chinese is simplified,
        # Big5 traditional): then words and word pairs that fit.
        words = [text for text in self.words[language, split] if fits(text)]
        RNG.shuffle(words)
        yield from words

    def word(self, language, split, fits):
        pool = self.words[language, split]
        for _ in range(200):
            text = RNG.choice(pool)
            if fits(text):
                return text
        return "x"


def wrap(sentence, width=42):
    """A subtitle's one or two lines."""
    if len(sentence) <= width or " " not in sentence:
        return [sentence]
    middle = len(sentence) // 2
    spaces = [i for i, c in enumerate(sentence) if c == " "]
    cut = min(spaces, key=lambda i: abs(i - middle))
    return [sentence[:cut], sentence[cut + 1:]]


def timestamp(seconds):
    ms = int(seconds * 1000)
    return f"{ms // 3600000:02}:{ms // 60000 % 60:02}:{ms // 1000 % 60:02},{ms % 1000:03}"


def csv_field(text):
    return '"' + text.replace('"', '""') + '"'


KEYS = ["menu", "dialog", "error", "button", "label", "status", "tooltip", "title", "message", "help"]
NAMES = ["open", "save", "close", "retry", "cancel", "confirm", "delete", "rename", "search", "export"]
WORKERS = ["main", "worker-1", "worker-2", "io", "net", "db"]
LEVELS = ["INFO", "WARN", "ERROR", "DEBUG"]


def template_lines(kind, text, language, split, lines, fits):
    """About `lines` lines (at most MAX_LINES) of document `kind` around
    lingua's text of `language` in `split`; every text taken must `fits`."""
    sentences = text.run_of_sentences(language, split, fits)
    out = []
    if kind == "prose":
        for sentence in sentences:
            if len(out) >= lines:
                break
            out.append(sentence)
    elif kind == "subtitles":
        at = RNG.uniform(1, 600)
        for number, sentence in enumerate(sentences, 1):
            block = [str(number), f"{timestamp(at)} --> {timestamp(at + RNG.uniform(1, 5))}", *wrap(sentence), ""]
            if out and len(out) + len(block) > min(lines + 3, MAX_LINES):
                break
            out += block
            at += RNG.uniform(2, 8)
        while out and out[-1] == "":
            out.pop()
    elif kind == "csv":
        out.append(RNG.choice(["id,name,place,comment", "id,word,phrase,text"]))
        for number, sentence in enumerate(sentences, RNG.randrange(1, 9000)):
            if len(out) >= lines:
                break
            word = text.word(language, split, fits)
            pair = text.word(language, split, fits)
            out.append(f"{number},{csv_field(word)},{csv_field(pair)},{csv_field(sentence)}")
    elif kind == "catalog":
        section = RNG.choice(KEYS)
        out.append(f"# {section} messages")
        for sentence in sentences:
            if len(out) >= lines:
                break
            key = f"{section}.{RNG.choice(NAMES)}_{RNG.randrange(100)}"
            value = text.word(language, split, fits) if RNG.random() < 0.4 else sentence
            out.append(f"{key} = {value}")
            if RNG.random() < 0.1 and len(out) < lines:
                section = RNG.choice(KEYS)
                out.append(f"[{section}]")
    else:  # technical
        for sentence in sentences:
            if len(out) >= lines:
                break
            stamp = f"2025-{RNG.randrange(1, 13):02}-{RNG.randrange(1, 29):02} " \
                    f"{RNG.randrange(24):02}:{RNG.randrange(60):02}:{RNG.randrange(60):02}"
            choice = RNG.random()
            if choice < 0.5:
                out.append(f"{stamp} {RNG.choice(LEVELS)} [{RNG.choice(WORKERS)}] {sentence}")
            elif choice < 0.8:
                word = text.word(language, split, fits)
                out.append(f"/srv/data/{RNG.choice(NAMES)}/{word}.txt: {sentence}")
            else:
                out.append(f"{stamp} code={RNG.randrange(1000)} msg=\"{sentence}\"")
    return out[:MAX_LINES]


def through_pair(line, written, read_as):
    """`line` written in `written` and read as `read_as` (None when it
    can't be written so)."""
    data = encode(line, written)
    if data is None:
        return None
    return data.decode(read_as, errors="strict")


def utf8_read_as(line, codec):
    try:
        return line.encode("utf-8").decode(codec)
    except UnicodeDecodeError:
        return None


def encodable(written):
    return lambda text: encode(text, written) is not None


def length():
    return RNG.choice(LENGTHS)


def record(kind, template, labels, language, split, original, broken):
    broken_lines = [i for i, (a, b) in enumerate(zip(original, broken)) if a != b]
    return {"kind": kind, "template": template, "pairs": labels, "lang": language, "split": split,
            "original": "\n".join(original) + "\n", "broken": "\n".join(broken) + "\n",
            "broken_lines": broken_lines}


def pair_label(written, read_as):
    return f"{written} read as {read_as}"


def legacy_document(text, pair, split, template, lines, language):
    written, read_as, _ = pair
    original = template_lines(template, text, language, split, lines, encodable(written))
    if not original:
        return None
    broken = [through_pair(line, written, read_as) for line in original]
    if any(line is None for line in broken) or broken == original:
        return None
    return record("legacy", template, [pair_label(written, read_as)], language, split, original, broken)


def legacy_documents(text):
    out = []
    for pair in PAIRS:
        languages = pair[2]
        for split, count in zip(["dev", "held-out"], PER_PAIR):
            made = tries = 0
            while made < count and tries < count * 20:
                tries += 1
                document = legacy_document(text, pair, split, TEMPLATES[tries % len(TEMPLATES)], length(),
                                           languages[tries % len(languages)])
                if document:
                    out.append(document)
                    made += 1
    return out


def mixed_documents(text):
    out = []
    for split, count in zip(["dev", "held-out"], MIXED):
        made = 0
        while made < count:
            template = RNG.choice(TEMPLATES)
            lines = RNG.choice([8, 12, 20, 30, 40])
            if made % 2 == 0:
                # One region clean, the other read in the wrong code page.
                written, read_as, languages = RNG.choice(PAIRS)
                language = RNG.choice(languages)
                original = template_lines(template, text, language, split, lines, encodable(written))
                half = len(original) // 2
                broken_first = RNG.random() < 0.5
                broken = [through_pair(line, written, read_as) if (i < half) == broken_first else line
                          for i, line in enumerate(original)]
                if broken == original or any(line is None for line in broken):
                    continue
                out.append(record("half-clean", template, [pair_label(written, read_as)], language, split,
                                  original, broken))
            else:
                # Two regions, each its own language and mixup.
                first, second = RNG.sample(PAIRS, 2)
                regions = []
                for written, read_as, languages in (first, second):
                    language = RNG.choice(languages)
                    original = template_lines(template, text, language, split, lines // 2, encodable(written))
                    broken = [through_pair(line, written, read_as) for line in original]
                    regions.append((original, broken, language))
                if any(line is None for region in regions for line in region[1]):
                    continue
                original = regions[0][0] + regions[1][0]
                broken = regions[0][1] + regions[1][1]
                if broken == original:
                    continue
                labels = [pair_label(first[0], first[1]), pair_label(second[0], second[1])]
                out.append(record("two-mixups", template, labels, f"{regions[0][2]}+{regions[1][2]}", split,
                                  original, broken))
            made += 1
    return out


def utf8_documents(text):
    out = []
    for codec in UTF8_CODECS:
        for split, count in zip(["dev", "held-out"], PER_UTF8_CODEC):
            made = tries = 0
            while made < count and tries < count * 20:
                tries += 1
                language = RNG.choice(text.languages)
                template = RNG.choice(TEMPLATES)
                original = template_lines(template, text, language, split, length(), lambda _: True)
                broken = [utf8_read_as(line, codec) for line in original]
                if any(line is None for line in broken) or broken == original:
                    continue
                out.append(record("utf8", template, [f"utf-8 read as {codec}"], language, split, original, broken))
                made += 1
    return out


def sprinkled_documents(text):
    """Clean documents with one or two lines of UTF-8 mojibake."""
    out = []
    for split, count in zip(["dev", "held-out"], MIXED):
        made = 0
        while made < count:
            language = RNG.choice(text.languages)
            template = RNG.choice(TEMPLATES)
            original = template_lines(template, text, language, split, RNG.choice([12, 20, 30, 40]),
                                      lambda _: True)
            candidates = [i for i, line in enumerate(original) if not line.isascii()]
            if not candidates:
                continue
            codec = RNG.choice(UTF8_CODECS[:10])
            broken = list(original)
            for i in RNG.sample(candidates, min(len(candidates), RNG.choice([1, 2]))):
                broken[i] = utf8_read_as(original[i], codec) or original[i]
            if broken == original:
                continue
            out.append(record("sprinkled", template, [f"utf-8 read as {codec}"], language, split, original, broken))
            made += 1
    return out


def clean_documents(text):
    out = []
    for language in text.languages:
        for split, count in zip(["dev", "held-out"], CLEAN_PER_LANGUAGE):
            for _ in range(count):
                template = RNG.choice(TEMPLATES)
                original = template_lines(template, text, language, split, length(), lambda _: True)
                out.append(record("clean", template, [], language, split, original, original))
    return out


def with_oracle(document):
    """ftfy 6.3.1's fix_text of the original (what a fixed line must be)
    and of the broken document (the default mode's answer)."""
    document["expected"] = ftfy.fix_text(document["original"])
    document["default"] = ftfy.fix_text(document["broken"])
    return document


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    text = Text()
    documents = (legacy_documents(text) + mixed_documents(text) + utf8_documents(text)
                 + sprinkled_documents(text) + clean_documents(text))
    with open(OUT / "documents.jsonl", "w", encoding="utf-8") as f:
        for number, document in enumerate(documents):
            document["id"] = number
            f.write(json.dumps(with_oracle(document), ensure_ascii=False) + "\n")
    counts = defaultdict(int)
    for document in documents:
        counts[document["kind"], document["split"]] += 1
    for (kind, split), n in sorted(counts.items()):
        print(f"{kind:12} {split:9} {n:5} documents")
    print(f"{len(documents)} documents written to {OUT / 'documents.jsonl'}")


if __name__ == "__main__":
    main()
