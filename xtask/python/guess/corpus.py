"""Builds the corpus the encoding guess is measured on: files of every
encoding the guesser knows, made of the real sentences of lingua's model
crates (`cargo xtask language-corpus` writes them, split into development
and held-out sentences) in the shapes real files come in.

Each encoding gets documents in the languages written in it, of 200
bytes, 2 KB and 20 KB, in these kinds:

- plain: consecutive sentences, one per line;
- readme: a text file with a title, underlines, a URL, an indented
  command and paragraphs;
- manual: a manual page in roff (`.TH`, `.SH`, `.TP`, `\\fB...\\fR`,
  `\\-\\-option`), mostly ASCII markup around the translated sentences;
- html: a web page whose `<meta charset>` names the encoding, names a
  wrong one (one page in five: UTF-8 or ISO-8859-1, the usual wrong
  defaults) or is missing (one in five);
- feed: an RSS feed whose XML declaration names the encoding (wrong or
  missing as often as the pages');
- dos: for the DOS code pages, lines ending in CR LF under a box-drawing
  frame;
- mac: for the Mac encodings, lines ending in CR alone.

Documents are cut at the size, at a character boundary (ISO-2022 ends
shifted text before the cut). Documents made of development sentences and
of held-out sentences are written apart, and the held-out ones are never
looked at while tuning.

Writes target/guess-corpus/manifest.jsonl, one line per document:
{"path", "encoding" (the core's name), "python" (Python's codec), "language",
"kind", "size", "split", "text" (the text as written)}, and the files
under target/guess-corpus/{dev,held-out}/.

    cargo xtask guess-corpus
"""
import json
import random
import shutil
import unicodedata
from pathlib import Path

from common import ROOT
from language.evaluate import encode  # Windows-1258's combining tones too

SENTENCES = ROOT / "target" / "language-corpus" / "sentences.jsonl"
OUT = ROOT / "target" / "guess-corpus"

SIZES = [200, 2000, 20000]
DOCUMENTS_PER_SIZE = {200: 3, 2000: 2, 20000: 1}
WESTERN = "English French German Spanish Portuguese Italian Dutch Swedish Danish Bokmal Finnish Icelandic Catalan".split()
CENTRAL = "Polish Czech Slovak Hungarian Slovene Croatian Romanian".split()
CYRILLIC = "Russian Bulgarian Serbian Macedonian Ukrainian Belarusian".split()
# (our name, Python's codec, languages, the label declarations use)
ENCODINGS = [
    ("utf-8", "utf-8", ["English", "French", "Russian", "Greek", "Chinese", "Japanese", "Hindi", "Arabic"], "utf-8"),
    ("utf-16le", "utf-16-le", ["English", "Russian", "Chinese"], "utf-16le"),
    ("utf-16be", "utf-16-be", ["English", "Russian", "Japanese"], "utf-16be"),
    ("utf-32le", "utf-32-le", ["English", "Greek", "Chinese"], "utf-32le"),
    ("utf-32be", "utf-32-be", ["English", "Korean"], "utf-32be"),
    ("utf-16", "utf-16", ["English", "Russian", "Chinese"], "utf-16"),
    ("utf-32", "utf-32", ["English", "Arabic"], "utf-32"),
    ("sloppy-windows-1252", "cp1252", WESTERN, "windows-1252"),
    ("latin-1", "latin-1", WESTERN, "iso-8859-1"),
    ("iso-8859-15", "iso8859_15", WESTERN, "iso-8859-15"),
    ("macroman", "mac_roman", WESTERN, "macintosh"),
    ("cp437", "cp437", WESTERN, "ibm437"),
    ("cp850", "cp850", WESTERN, "ibm850"),
    ("windows-1250", "cp1250", CENTRAL, "windows-1250"),
    ("iso-8859-2", "iso8859_2", CENTRAL, "iso-8859-2"),
    ("windows-1251", "cp1251", CYRILLIC, "windows-1251"),
    ("koi8-r", "koi8_r", ["Russian", "Bulgarian"], "koi8-r"),
    ("koi8-u", "koi8_u", ["Ukrainian", "Russian"], "koi8-u"),
    ("ibm866", "cp866", ["Russian", "Ukrainian", "Belarusian"], "cp866"),
    ("ibm855", "cp855", ["Russian", "Serbian", "Macedonian", "Bulgarian"], "ibm855"),
    ("mac-cyrillic", "mac_cyrillic", ["Russian", "Bulgarian", "Ukrainian"], "x-mac-cyrillic"),
    ("iso-8859-5", "iso8859_5", ["Russian", "Bulgarian", "Serbian", "Macedonian"], "iso-8859-5"),
    ("windows-1253", "cp1253", ["Greek"], "windows-1253"),
    ("iso-8859-7", "iso8859_7", ["Greek"], "iso-8859-7"),
    ("windows-1254", "cp1254", ["Turkish", "Azerbaijani"], "windows-1254"),
    ("iso-8859-9", "iso8859_9", ["Turkish"], "iso-8859-9"),
    ("windows-1255", "cp1255", ["Hebrew"], "windows-1255"),
    ("iso-8859-8", "iso8859_8", ["Hebrew"], "iso-8859-8"),
    ("windows-1256", "cp1256", ["Arabic", "Persian", "Urdu"], "windows-1256"),
    ("iso-8859-6", "iso8859_6", ["Arabic"], "iso-8859-6"),
    ("windows-1257", "cp1257", ["Lithuanian", "Latvian", "Estonian"], "windows-1257"),
    ("iso-8859-13", "iso8859_13", ["Lithuanian", "Latvian"], "iso-8859-13"),
    ("windows-1258", "cp1258", ["Vietnamese"], "windows-1258"),
    ("cp874", "cp874", ["Thai"], "windows-874"),
    ("shift_jis", "shift_jis", ["Japanese"], "shift_jis"),
    ("cp932", "cp932", ["Japanese"], "windows-31j"),
    ("euc-jp", "euc_jp", ["Japanese"], "euc-jp"),
    ("iso-2022-jp", "iso2022_jp", ["Japanese"], "iso-2022-jp"),
    ("gb2312", "gb2312", ["Chinese"], "gb2312"),
    ("gbk", "gbk", ["Chinese"], "gbk"),
    ("big5", "big5", ["Traditional Chinese"], "big5"),
    ("big5hkscs", "big5hkscs", ["Chinese", "Traditional Chinese"], "big5-hkscs"),
    ("euc-kr", "euc_kr", ["Korean"], "euc-kr"),
    ("johab", "johab", ["Korean"], "johab"),
    ("iso-2022-kr", "iso2022_kr", ["Korean"], "iso-2022-kr"),
]
DOS = {"cp437", "cp850", "ibm866", "ibm855"}
MAC = {"macroman", "mac-cyrillic"}
# Encodings without ASCII (UTF-16 and UTF-32) get the kinds whose markup
# is plausible in them.
WIDE = {"utf-16le", "utf-16be", "utf-32le", "utf-32be", "utf-16", "utf-32"}


def sentences_by_language():
    by = {}
    with open(SENTENCES, encoding="utf-8") as lines:
        for line in lines:
            entry = json.loads(line)
            by.setdefault(entry["language"], {"dev": [], "held-out": []})[entry["split"]].append(entry["text"])
    by["Traditional Chinese"] = {split: traditional_chinese(split) for split in ["dev", "held-out"]}
    return by


def traditional_chinese(split):
    """Traditional Chinese, which lingua's Chinese (simplified) is not:
    Faker's zh_TW sentences, addresses, names and companies, seeded apart
    for each split."""
    from faker import Faker

    fake = Faker("zh_TW")
    fake.seed_instance(1 if split == "dev" else 2)
    out = []
    for number in range(600):
        kind = number % 4
        if kind == 0:
            out.append(fake.sentence(nb_words=12).replace(".", "。"))
        elif kind == 1:
            out.append(f"地址：{fake.address()}，電話：{fake.phone_number()}")
        elif kind == 2:
            out.append(f"{fake.name()}（{fake.company()}）{fake.sentence(nb_words=6).replace('.', '。')}")
        else:
            out.append(fake.paragraph(nb_sentences=3).replace(".", "。"))
    return out


def is_clean(text):
    """Whether a sentence is text a program would write: a few of lingua's
    hold control characters, U+FFFD or UTF-8 mojibake."""
    if "\ufffd" in text or any(unicodedata.category(c) == "Cc" for c in text):
        return False
    for codec in ["cp1252", "cp1250", "cp1251", "latin-1"]:
        try:
            if text.encode(codec).decode("utf-8") != text:
                return False
        except UnicodeError:
            pass
    return True


def cut(text, python, size):
    """The longest prefix of `text` that the codec writes in `size` bytes,
    keeping a base letter with its marks."""
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if len(encode(text[:middle], python)) <= size:
            low = middle
        else:
            high = middle - 1
    while low and unicodedata.combining(text[low - 1]):
        low -= 1
    return text[:low]


class Sentences:
    """The sentences of one language and split that a codec can write,
    handed out in order, round and round."""

    def __init__(self, sentences, python):
        self.usable = [s for s in sentences if is_clean(s) and encode(s, python) is not None]
        self.at = 0

    def next(self):
        sentence = self.usable[self.at % len(self.usable)]
        self.at += 1
        return sentence

    def some(self, size):
        """Sentences of about `size` characters in all."""
        out, length = [], 0
        while length < size:
            sentence = self.next()
            out.append(sentence)
            length += len(sentence) + 1
        return out


def words(sentence, count):
    return " ".join(sentence.split()[:count]).strip(".,;:!?")


def plain(sentences, size, rng):
    return "\n".join(sentences.some(size)) + "\n"


def readme(sentences, size, rng):
    title = words(sentences.next(), 4)
    parts = [title, "=" * max(len(title), 3), "", sentences.next(), "",
             f"https://example.org/{rng.choice(['download', 'docs', 'project'])}/", ""]
    parts += ["    ./configure --prefix=/usr/local && make install", ""]
    while sum(len(part) + 1 for part in parts) < size:
        heading = words(sentences.next(), 3)
        parts += [heading, "-" * max(len(heading), 3), ""]
        parts += [" ".join(sentences.some(300)), ""]
    return "\n".join(parts)


def manual(sentences, size, rng):
    name = rng.choice(["ls", "tar", "grep", "sed", "find", "rsync", "wget", "passwd"])
    out = [
        '.\\" -*- coding: translated -*-',
        f'.TH {name.upper()} 1 "2023-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}" "{name} 4.2" "User Commands"',
        ".SH NAME",
        f"{name} \\- {words(sentences.next(), 6)}",
        ".SH SYNOPSIS",
        f".B {name}",
        "[\\fIOPTION\\fR]... [\\fIFILE\\fR]...",
        ".SH DESCRIPTION",
        sentences.next(),
        ".PP",
    ]
    options = ["all", "brief", "color", "directory", "force", "human-readable", "recursive", "verbose", "version"]
    while sum(len(line) + 1 for line in out) < size:
        option = rng.choice(options)
        out += [".TP", f"\\fB\\-{option[0]}\\fR, \\fB\\-\\-{option}\\fR", sentences.next()]
        if rng.random() < 0.2:
            out += [".SH " + rng.choice(["EXAMPLES", "SEE ALSO", "AUTHOR", "REPORTING BUGS"]), sentences.next()]
    return "\n".join(out) + "\n"


def declared_label(label, rng):
    """The label a declaration gives: the encoding's (three documents in
    five), a wrong one (one in five) or none (one in five)."""
    roll = rng.random()
    if roll < 0.6:
        return label
    if roll < 0.8:
        return rng.choice(["utf-8", "iso-8859-1"]) if label.lower() not in ("utf-8", "iso-8859-1") else "windows-1251"
    return None


def html(sentences, size, rng, label):
    declared = declared_label(label, rng)
    meta = f'<meta charset="{declared}">\n' if declared else ""
    if declared and rng.random() < 0.4:
        meta = f'<meta http-equiv="Content-Type" content="text/html; charset={declared}">\n'
    out = [f"<!DOCTYPE html>\n<html>\n<head>\n{meta}<title>{words(sentences.next(), 5)}</title>\n"
           '<link rel="stylesheet" href="/style.css">\n</head>\n<body>\n'
           f"<h1>{words(sentences.next(), 4)}</h1>\n"]
    while sum(len(part) for part in out) < size:
        out.append(f"<p>{sentences.next()}</p>\n")
        if rng.random() < 0.3:
            out.append(f'<ul>\n<li><a href="/page{rng.randint(1, 99)}.html">{words(sentences.next(), 3)}</a></li>\n</ul>\n')
    out.append("</body>\n</html>\n")
    return "".join(out)


def feed(sentences, size, rng, label):
    declared = declared_label(label, rng)
    head = f'<?xml version="1.0" encoding="{declared}"?>\n' if declared else '<?xml version="1.0"?>\n'
    out = [head, '<rss version="2.0">\n<channel>\n', f"<title>{words(sentences.next(), 4)}</title>\n",
           "<link>https://example.org/</link>\n"]
    number = 0
    while sum(len(part) for part in out) < size:
        number += 1
        out.append(f"<item>\n<title>{words(sentences.next(), 6)}</title>\n"
                   f"<link>https://example.org/news/{number}</link>\n"
                   f"<description>{sentences.next()}</description>\n</item>\n")
    out.append("</channel>\n</rss>\n")
    return "".join(out)


def dos(sentences, size, rng, python):
    frame = ["╔" + "═" * 40 + "╗", "║" + words(sentences.next(), 4)[:38].center(40) + "║", "╚" + "═" * 40 + "╝"]
    if any(encode(line, python) is None for line in frame):
        frame = ["+" + "-" * 40 + "+"]
    lines = frame + [""] + sentences.some(size)
    return "\r\n".join(lines) + "\r\n"


def mac(sentences, size, rng):
    return "\r".join(sentences.some(size)) + "\r"


def kinds_of(name):
    kinds = ["plain", "readme", "manual", "html", "feed"]
    if name in DOS:
        kinds.append("dos")
    if name in MAC:
        kinds.append("mac")
    if name in WIDE:
        kinds = ["plain", "html"]
    return kinds


def make(kind, sentences, size, rng, python, label):
    if kind == "html":
        return html(sentences, size, rng, label)
    if kind == "feed":
        return feed(sentences, size, rng, label)
    if kind == "dos":
        return dos(sentences, size, rng, python)
    return {"plain": plain, "readme": readme, "manual": manual, "mac": mac}[kind](sentences, size, rng)


def main():
    by_language = sentences_by_language()
    shutil.rmtree(OUT, ignore_errors=True)
    manifest = []
    for name, python, languages, label in ENCODINGS:
        for language in languages:
            for split in ["dev", "held-out"]:
                rng = random.Random(f"{name} {language} {split}")
                sentences = Sentences(by_language[language][split], python)
                if not sentences.usable:
                    continue
                for kind in kinds_of(name):
                    for size in SIZES:
                        for number in range(DOCUMENTS_PER_SIZE[size]):
                            # Enough text for the size even in a four-byte encoding.
                            text = cut(make(kind, sentences, size, rng, python, label), python, size)
                            data = encode(text, python)
                            if not text or data is None:
                                continue
                            path = Path(split) / f"{name}.{language}.{kind}.{size}.{number}.txt"
                            (OUT / path).parent.mkdir(parents=True, exist_ok=True)
                            (OUT / path).write_bytes(data)
                            manifest.append({"path": str(path), "encoding": name, "python": python,
                                             "language": language, "kind": kind, "size": size, "split": split,
                                             "text": text})
    with open(OUT / "manifest.jsonl", "w", encoding="utf-8") as out:
        for entry in manifest:
            out.write(json.dumps(entry, ensure_ascii=False) + "\n")
    print(f"wrote {len(manifest)} documents to {OUT}")


if __name__ == "__main__":
    main()
