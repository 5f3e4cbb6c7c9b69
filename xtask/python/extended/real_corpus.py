"""Generates the real-text corpora that measure extended recovery: the
classes and pairs of corpus.py, made from real sentences instead of
generated ones.

The text is that of `cargo xtask language-corpus` (run first): lingua's
testdata (real sentences, single words and word pairs in 75 languages,
Apache-2.0) with its fixed split (line i of each file held out when
i % 3 == 2), and technical text of this project's own making. Every case
keeps the split of the text it is made from, and a paragraph joins
sentences of one split only, so that measure.py can report the held-out
third apart; nothing is ever tuned on it.

Lengths, as the independent check counts them: a *message* is a word, a
word pair or a sentence (about half under 30 characters, as translated
software messages are); a *paragraph* joins consecutive sentences of one
language to 30 to 2,000 characters.

Writes, under target/extended/real/:
- clean.jsonl: {"text", "source", "lang", "split"}: text that must never
  change (every sentence, word, word pair, paragraph and technical string,
  less those ftfy 6.3.1 itself changes, which are counted and left out);
- mojibake.jsonl: {"original", "broken", "class", "codec", "lang", "split",
  "length"}: UTF-8 read as a single-byte codec (classes single, double,
  mixed, quotes, lost-a0);
- legacy.jsonl: {"original", "broken", "pair", "lang", "split", "length"}:
  a legacy encoding read as another, for every pair of LEGACY_PAIRS.

Run: cargo xtask extended-real-corpus
(seeded: the output is the same on every run.)
"""
import json
import random
from collections import defaultdict

import ftfy
import ftfy.bad_codecs  # noqa: F401 (registers the sloppy codecs)

from common import ROOT
from language.evaluate import encode  # Windows-1258's combining tones too

assert ftfy.__version__ == "6.3.1"
SOURCE = ROOT / "target" / "language-corpus"
OUT = ROOT / "target" / "extended" / "real"
RNG = random.Random(20261127)

WESTERN = ["Afrikaans", "Basque", "Catalan", "Danish", "Dutch", "English", "Finnish", "French", "German",
           "Icelandic", "Indonesian", "Irish", "Italian", "Malay", "Bokmal", "Nynorsk", "Portuguese", "Spanish",
           "Swedish", "Welsh", "Latin", "Swahili", "Tagalog"]
CENTRAL = ["Polish", "Czech", "Slovak", "Hungarian", "Slovene", "Croatian", "Bosnian", "Romanian", "Albanian"]
BALTIC = ["Lithuanian", "Latvian", "Estonian"]
CYRILLIC = ["Russian", "Bulgarian", "Belarusian", "Macedonian", "Serbian", "Ukrainian"]

# (written in, read as, languages): every pair of the mixups the extended
# mode undoes. Python's codec names.
LEGACY_PAIRS = [
    ("cp1251", "sloppy-windows-1252", CYRILLIC),
    ("cp1251", "latin-1", ["Russian", "Bulgarian"]),
    ("koi8_r", "sloppy-windows-1252", ["Russian", "Bulgarian"]),
    ("koi8_r", "sloppy-windows-1251", ["Russian", "Bulgarian"]),
    ("cp866", "sloppy-windows-1251", ["Russian", "Bulgarian", "Belarusian", "Ukrainian"]),
    ("cp866", "sloppy-windows-1252", ["Russian", "Bulgarian", "Belarusian", "Ukrainian"]),
    ("iso8859_5", "sloppy-windows-1252", ["Russian", "Bulgarian", "Macedonian", "Serbian"]),
    ("cp1253", "sloppy-windows-1252", ["Greek"]),
    ("iso8859_7", "sloppy-windows-1252", ["Greek"]),
    ("cp1255", "sloppy-windows-1252", ["Hebrew"]),
    ("cp1256", "sloppy-windows-1252", ["Arabic", "Persian", "Urdu"]),
    ("cp874", "sloppy-windows-1252", ["Thai"]),
    ("cp1258", "sloppy-windows-1252", ["Vietnamese"]),
    ("shift_jis", "sloppy-windows-1252", ["Japanese"]),
    ("euc_jp", "sloppy-windows-1252", ["Japanese"]),
    ("gbk", "sloppy-windows-1252", ["Chinese"]),
    ("big5", "sloppy-windows-1252", ["Chinese"]),
    ("euc_kr", "sloppy-windows-1252", ["Korean"]),
    ("cp1250", "sloppy-windows-1252", CENTRAL),
    ("iso8859_2", "sloppy-windows-1252", CENTRAL),
    ("iso8859_16", "sloppy-windows-1252", ["Romanian", "Polish", "Hungarian", "Croatian", "Slovene", "Albanian"]),
    ("cp1254", "sloppy-windows-1252", ["Turkish", "Azerbaijani"]),
    ("cp1257", "sloppy-windows-1252", BALTIC),
    ("iso8859_13", "sloppy-windows-1252", BALTIC),
    ("iso8859_4", "sloppy-windows-1252", BALTIC),
    ("iso8859_15", "sloppy-windows-1252", ["French", "Finnish", "Estonian"]),
    ("cp850", "sloppy-windows-1252", WESTERN),
    ("cp437", "sloppy-windows-1252", WESTERN),
    ("cp437", "macroman", WESTERN),
    ("cp850", "macroman", WESTERN),
    ("mac_roman", "sloppy-windows-1252", WESTERN),
    ("cp1252", "macroman", WESTERN),
    ("cp1252", "cp437", WESTERN),
    ("cp1252", "sloppy-windows-1251", WESTERN),
]

# UTF-8 read through each of these (measure.py's codecs).
UTF8_CODECS = ["latin-1", "sloppy-windows-1252", "sloppy-windows-1251", "sloppy-windows-1250",
               "sloppy-windows-1253", "sloppy-windows-1254", "sloppy-windows-1257", "iso-8859-2", "macroman",
               "cp437"]
MIXED_CODECS = ["sloppy-windows-1252", "sloppy-windows-1250", "sloppy-windows-1251", "iso-8859-2",
                "sloppy-windows-1257", "latin-1"]
QUOTE_CODECS = ["sloppy-windows-1252", "sloppy-windows-1252", "sloppy-windows-1250", "sloppy-windows-1251"]

MESSAGES_PER_PAIR = 400
PARAGRAPHS_PER_PAIR = 100


def read(name):
    with open(SOURCE / name, encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


def damaged(text, written, read_as):
    data = encode(text, written)
    if data is None:
        return None
    try:
        broken = data.decode(read_as)
    except UnicodeDecodeError:
        return None
    return broken if broken != text else None


def length_of(text, paragraph):
    if paragraph:
        return "paragraph"
    return "under-30" if len(text) < 30 else "30-59" if len(text) < 60 else "60+"


class Texts:
    """The corpus's texts by (language, split): messages (words, pairs and
    sentences) and paragraphs."""

    def __init__(self):
        self.short = defaultdict(list)
        self.sentences = defaultdict(list)
        # Texts that are mojibake already are no one's original.
        self.source_mojibake = []
        for entry in read("words.jsonl") + read("sentences.jsonl"):
            if is_source_mojibake(entry["text"], entry["language"]):
                self.source_mojibake.append((entry["text"], "message", entry["language"], entry["split"]))
        for entry in read("words.jsonl"):
            if not is_source_mojibake(entry["text"], entry["language"]):
                self.short[entry["language"], entry["split"]].append(entry["text"])
        for entry in read("sentences.jsonl"):
            if is_source_mojibake(entry["text"], entry["language"]):
                continue
            key = entry["language"], entry["split"]
            (self.short if len(entry["text"]) < 30 else self.sentences)[key].append(entry["text"])
        self.paragraphs = defaultdict(list)
        for key, sentences in self.sentences.items():
            at = 0
            while at < len(sentences):
                target = RNG.choice([80, 200, 400, 800, 1500])
                paragraph = sentences[at]
                at += 1
                while at < len(sentences) and len(paragraph) + len(sentences[at]) < min(target, 2000):
                    paragraph += " " + sentences[at]
                    at += 1
                if 30 <= len(paragraph) <= 2000:
                    self.paragraphs[key].append(paragraph)

    def message(self, language, split):
        """A message: under 30 characters about half the time."""
        pool = self.short if RNG.random() < 0.5 else self.sentences
        texts = pool[language, split] or self.sentences[language, split] or self.short[language, split]
        return RNG.choice(texts)

    def paragraph(self, language, split):
        return RNG.choice(self.paragraphs[language, split])


def split_choice():
    """A split, in the corpus's proportions (two development lines to one
    held out)."""
    return "held-out" if RNG.random() < 1 / 3 else "dev"


def legacy_cases(texts):
    out = []
    for written, read_as, languages in LEGACY_PAIRS:
        pair = f"{written} read as {read_as}"
        for count, paragraph in [(MESSAGES_PER_PAIR, False), (PARAGRAPHS_PER_PAIR, True)]:
            made = tries = 0
            while made < count and tries < count * 40:
                tries += 1
                language = languages[tries % len(languages)]
                split = split_choice()
                original = texts.paragraph(language, split) if paragraph else texts.message(language, split)
                broken = damaged(original, written, read_as)
                if broken is None:
                    continue
                out.append({"original": original, "broken": broken, "pair": pair, "lang": language,
                            "split": split, "length": length_of(original, paragraph)})
                made += 1
    return out


def utf8_single(text, codec):
    return text.encode("utf-8").decode(codec)


def mojibake_case(texts, kind, language, split, paragraph):
    """One case of UTF-8 mojibake of class `kind`, or None when the text
    doesn't show that damage."""
    pick = texts.paragraph if paragraph else texts.message
    original = pick(language, split)
    if original.isascii():
        return None
    if kind == "single":
        codec = RNG.choice(UTF8_CODECS)
        broken = utf8_single(original, codec)
    elif kind == "double":
        codec = "sloppy-windows-1252"
        broken = utf8_single(original, codec).encode("utf-8").decode(codec)
    elif kind == "mixed":
        codec = RNG.choice(MIXED_CODECS)
        clean = pick(language, split)
        original = f"{clean} {original}"
        broken = f"{clean} {utf8_single(original[len(clean) + 1:], codec)}"
    elif kind == "quotes":
        codec = RNG.choice(QUOTE_CODECS)
        first = utf8_single(original, codec)
        broken = ftfy.fixes.uncurl_quotes(first)
        if broken == first:
            return None
    else:
        codec = "sloppy-windows-1252"
        first = utf8_single(original, codec)
        if "\xa0" not in first:
            return None
        broken = first.replace("\xa0", " ")
    if broken == original:
        return None
    return {"original": original, "broken": broken, "class": kind, "codec": codec, "lang": language,
            "split": split, "length": length_of(original, paragraph)}


# Cases per language of each class: (messages, paragraphs).
MOJIBAKE_COUNTS = {"single": (60, 12), "double": (8, 2), "mixed": (12, 3), "quotes": (16, 4), "lost-a0": (16, 4)}


def mojibake_cases(texts):
    out = []
    languages = sorted({language for language, _ in texts.sentences})
    for kind, (messages, paragraphs) in MOJIBAKE_COUNTS.items():
        for language in languages:
            for count, paragraph in [(messages, False), (paragraphs, True)]:
                made = tries = 0
                while made < count and tries < count * 30:
                    tries += 1
                    case = mojibake_case(texts, kind, language, split_choice(), paragraph)
                    if case is not None:
                        out.append(case)
                        made += 1
    return out


# Lingua's sentences hold some real mojibake: text that was written in a
# legacy code page and read as Latin-1 before lingua collected it. A text
# of one of these languages that shows one of its signature characters
# (letters the language's alphabet never has, which its code page's bytes
# become in Latin-1) is left out of every corpus (no clean text, and no
# one's original), and written to source-mojibake.jsonl: Turkish
# `ş ı ğ İ` of Windows-1254 read as `þ ý ð Ý`; Hungarian `ő ű` of
# ISO-8859-2 read as `õ û`; Romanian `ă ț ș` read as `ã þ º`; Slovene,
# Croatian and Bosnian `č ž š ć đ` of Windows-1250 or ISO-8859-2 read as
# `è ¾ ¹ æ ð`. Also UTF-8 read as Windows-1250 or -1252 in Croatian, which
# ftfy leaves (`izmeÄ‘u`, `HĹ˝`).
SOURCE_MOJIBAKE = {
    "Turkish": "þýðÞÝÐ",
    "Azerbaijani": "þýðÞÝÐ",
    "Hungarian": "õûÕÛ",
    "Romanian": "ãþÞ",
    "Slovene": "èÈ¾¹æð",
    "Croatian": "èÈ¾¹æð",
    "Bosnian": "èÈ¾¹æð",
    "Czech": "èìøùÈÌØÙ¾ò",
    "Slovak": "èìøùÈÌØÙ¾ò",
    "Polish": "æê¿³¹œŸÆÊ",
    "Lithuanian": "àèëðøûþÀÈËÐØÛÞ",
    "Latvian": "ðþÐÞ",
}
UTF8_SIGNATURES = ["Ä‘", "Ä‡", "Ä\x8d", "Ĺ˝", "Ĺľ", "ĹĄ", "Ä\x87"]


def is_source_mojibake(text, language):
    """Whether `text`, a sentence of lingua's testdata in `language`, is
    itself mojibake by the signatures above."""
    return (any(c in text for c in SOURCE_MOJIBAKE.get(language, "")) or any(s in text for s in UTF8_SIGNATURES)
            or any("\x80" <= c <= "\x9f" for c in text))


def clean_texts(texts):
    out = []
    for (language, split), items in sorted(texts.short.items()):
        out += [(text, "message", language, split) for text in items]
    for (language, split), items in sorted(texts.sentences.items()):
        out += [(text, "message", language, split) for text in items]
    for (language, split), items in sorted(texts.paragraphs.items()):
        out += [(text, "paragraph", language, split) for text in items]
    for entry in read("technical.jsonl"):
        out.append((entry["text"], f"technical-{entry['kind']}", "mixed", "dev"))
    return out


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    texts = Texts()
    clean = clean_texts(texts)
    kept = [row for row in clean if ftfy.fix_encoding(row[0]) == row[0]]
    print(f"{len(clean) - len(kept)} texts that ftfy 6.3.1 changes left out of the clean gate")
    print(f"{len(texts.source_mojibake)} texts that are mojibake in lingua's testdata left out of every corpus")
    with open(OUT / "source-mojibake.jsonl", "w", encoding="utf-8") as f:
        for text, source, language, split in texts.source_mojibake:
            f.write(json.dumps({"text": text, "source": source, "lang": language, "split": split},
                               ensure_ascii=False) + "\n")
    with open(OUT / "clean.jsonl", "w", encoding="utf-8") as f:
        for text, source, language, split in kept:
            f.write(json.dumps({"text": text, "source": source, "lang": language, "split": split},
                               ensure_ascii=False) + "\n")
    for name, cases in [("mojibake.jsonl", mojibake_cases(texts)), ("legacy.jsonl", legacy_cases(texts))]:
        with open(OUT / name, "w", encoding="utf-8") as f:
            for case in cases:
                f.write(json.dumps(case, ensure_ascii=False) + "\n")
        print(f"{len(cases)} cases written to {OUT / name}")
    print(f"{len(kept)} clean texts written to {OUT / 'clean.jsonl'}")


if __name__ == "__main__":
    main()
