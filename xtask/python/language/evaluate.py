"""Intrinsic evaluation of the language model (src/language/) on the
real-text corpus of `cargo xtask language-corpus`, development and held-out
sentences side by side:

- language identification of the sentences;
- separation of clean text from its mojibake: UTF-8 read as a single-byte
  code page, and legacy mixups (text in code page X read as code page Y),
  by length (short: lingua's single words and word pairs, under 30
  characters; medium: sentences of 30 to 100; long: over 100). "pairs"
  is the share of (clean, broken) pairs where the clean text costs fewer
  bits; "AUC" the chance that a clean text has fewer bits per character
  than a broken one (each judged alone, no pair to compare with);
- the false-positive gate on technical text of our own making (format
  strings, options, abbreviations with º ª ° № §, units, identifiers,
  file names, mixed scripts): how often a "repair" of a correct string
  (its Windows-1252 bytes read in another code page, or its UTF-8 bytes
  read as Windows-1252 and back) costs fewer bits than the string itself.

Run: cargo xtask language-eval   (which writes the corpus first if it is missing)
(`--failures "cp437 as cp1252"` shows development pairs the model gets wrong.)
(Python's own codecs; the scores come from the tool language_scores.)
"""
import json
import random
import subprocess
import sys
import unicodedata
from collections import defaultdict

from common import ROOT, tool

CORPUS = ROOT / "target" / "language-corpus"

# UTF-8 read as a single-byte code page.
UTF8_READ_AS = ["cp1252", "cp1251", "cp1250", "cp1253", "mac_roman", "latin-1", "cp437"]

WESTERN = [("cp1252", "mac_roman"), ("mac_roman", "cp1252"), ("cp437", "cp1252"), ("cp850", "cp1252"), ("cp1252", "cp437")]
CENTRAL = [("cp1250", "cp1252"), ("iso8859_2", "cp1250"), ("iso8859_2", "cp1252"), ("cp852", "cp1250")]
CYRILLIC = [("cp1251", "cp1252"), ("koi8_r", "cp1251"), ("cp866", "cp1251"), ("iso8859_5", "cp1251"), ("cp1251", "koi8_r")]
# Legacy mixups per language: (written in, read as).
LEGACY = defaultdict(list)
for language in "Afrikaans Basque Catalan Danish Dutch English Finnish French German Icelandic Indonesian Irish Italian Malay Bokmal Nynorsk Portuguese Spanish Swedish Welsh Latin".split():
    LEGACY[language] = WESTERN
for language in "Polish Czech Slovak Hungarian Slovene Croatian Bosnian Romanian Albanian".split():
    LEGACY[language] = CENTRAL
for language in "Russian Bulgarian Belarusian Macedonian Serbian".split():
    LEGACY[language] = CYRILLIC
LEGACY["Ukrainian"] = CYRILLIC + [("koi8_u", "cp1251")]
LEGACY["Greek"] = [("cp1253", "cp1252"), ("iso8859_7", "cp1252")]
LEGACY["Turkish"] = [("cp1254", "cp1252"), ("iso8859_9", "cp1252")]
LEGACY["Azerbaijani"] = [("cp1254", "cp1252")]
LEGACY["Lithuanian"] = LEGACY["Latvian"] = LEGACY["Estonian"] = [("cp1257", "cp1252")]
LEGACY["Hebrew"] = [("cp1255", "cp1252")]
LEGACY["Arabic"] = LEGACY["Persian"] = LEGACY["Urdu"] = [("cp1256", "cp1252")]
LEGACY["Thai"] = [("cp874", "cp1252")]
LEGACY["Vietnamese"] = [("cp1258", "cp1252")]
LEGACY["Japanese"] = [("shift_jis", "cp1252"), ("euc_jp", "cp1252"), ("shift_jis", "gbk"), ("euc_jp", "big5")]
LEGACY["Chinese"] = [("gbk", "cp1252"), ("big5", "cp1252"), ("gbk", "big5"), ("big5", "gbk"), ("gbk", "euc_kr")]
LEGACY["Korean"] = [("euc_kr", "cp1252"), ("euc_kr", "euc_jp"), ("euc_kr", "gbk")]


def encode(text, codec):
    """`text` in `codec`, or None. Windows-1258 writes Vietnamese with
    combining tone marks where it has no precomposed letter."""
    try:
        return text.encode(codec)
    except UnicodeEncodeError:
        if codec != "cp1258":
            return None
    out = bytearray()
    for c in text:
        try:
            out += c.encode(codec)
            continue
        except UnicodeEncodeError:
            pass
        base, *marks = unicodedata.normalize("NFD", c)
        for mark in list(marks):
            composed = unicodedata.normalize("NFC", base + mark)
            if len(composed) == 1 and _encodable(composed, codec):
                base = composed
                marks.remove(mark)
        try:
            out += (base + "".join(marks)).encode(codec)
        except UnicodeEncodeError:
            return None
    return bytes(out)


def _encodable(c, codec):
    try:
        c.encode(codec)
        return True
    except UnicodeEncodeError:
        return False


def decode(data, codec):
    """`data` read as `codec`; a single-byte code page reads its undefined
    bytes as Latin-1 does (as ftfy's sloppy codecs), a multi-byte one must
    read them all."""
    try:
        return data.decode(codec)
    except UnicodeDecodeError:
        pass
    if codec in ("gbk", "big5", "euc_jp", "euc_kr", "shift_jis"):
        return None
    return "".join(_byte(b, codec) for b in data)


def _byte(b, codec):
    try:
        return bytes([b]).decode(codec)
    except UnicodeDecodeError:
        return chr(b)


def bucket_of(text):
    n = len(text)
    return "short" if n < 30 else "medium" if n <= 100 else "long"


def items():
    """(split, bucket, language, text): sentences of 30 characters or more,
    and the single words and word pairs."""
    with open(CORPUS / "sentences.jsonl", encoding="utf-8") as lines:
        for line in lines:
            entry = json.loads(line)
            if len(entry["text"]) >= 30:
                yield entry["split"], bucket_of(entry["text"]), entry["language"], entry["text"]
    with open(CORPUS / "words.jsonl", encoding="utf-8") as lines:
        for line in lines:
            entry = json.loads(line)
            if len(entry["text"]) < 30:
                yield entry["split"], "short", entry["language"], entry["text"]


def scored(texts):
    """The scores of `texts` from the tool language_scores."""
    payload = "".join(json.dumps(text) + "\n" for text in texts)
    result = subprocess.run([str(tool("language_scores"))], input=payload, capture_output=True, text=True, check=True)
    scores = []
    for line in result.stdout.splitlines():
        bits, chars, unmodeled, language = line.split("\t")
        scores.append((float(bits), int(chars), int(unmodeled), language))
    assert len(scores) == len(texts)
    return scores


def auc(clean, broken):
    """P(a clean value < a broken value), ties half (Mann-Whitney)."""
    if not clean or not broken:
        return float("nan")
    values = sorted([(v, 0) for v in clean] + [(v, 1) for v in broken])
    rank_sum, i = 0.0, 0
    while i < len(values):
        j = i
        while j < len(values) and values[j][0] == values[i][0]:
            j += 1
        rank = (i + j + 1) / 2
        rank_sum += rank * sum(1 for k in range(i, j) if values[k][1] == 0)
        i = j
    n0, n1 = len(clean), len(broken)
    return 1 - (rank_sum - n0 * (n0 + 1) / 2) / (n0 * n1)


def main():
    rng = random.Random(36)
    texts, index = [], {}

    def text_id(text):
        if text not in index:
            index[text] = len(texts)
            texts.append(text)
        return index[text]

    cases = []  # (split, bucket, kind, pair name, clean id, broken id)
    cleans = []  # (split, bucket, language, id)
    for split, bucket, language, text in items():
        cleans.append((split, bucket, language, text_id(text)))
        readings = UTF8_READ_AS if bucket != "short" else rng.sample(UTF8_READ_AS, 2)
        data = text.encode("utf-8")
        for codec in readings:
            broken = decode(data, codec)
            if broken is not None and broken != text:
                cases.append((split, bucket, "utf8", f"utf-8 as {codec}", text_id(text), text_id(broken)))
        for written, read in LEGACY[language]:
            data = encode(text, written)
            broken = decode(data, read) if data is not None else None
            if broken is not None and broken != text:
                cases.append((split, bucket, "legacy", f"{written} as {read}", text_id(text), text_id(broken)))
    # Technical text: each correct string against its readings as if it
    # were mojibake (what a recovery that trusts the model alone would do).
    repairs = []
    with open(CORPUS / "technical.jsonl", encoding="utf-8") as lines:
        for line in lines:
            text = json.loads(line)["text"]
            if text.isascii():
                continue
            for written, read in [("cp1252", "cp1257"), ("cp1252", "cp1250"), ("cp1252", "cp1251"), ("cp1252", "mac_roman"), ("cp1252", "cp437"), ("latin-1", "cp1252")]:
                data = encode(text, written)
                other = decode(data, read) if data is not None else None
                if other is not None and other != text:
                    repairs.append((text_id(text), text_id(other), f"{written} as {read}"))
    print(f"scoring {len(texts)} texts ({len(cases)} pairs)", file=sys.stderr)
    scores = scored(texts)
    if len(sys.argv) > 2 and sys.argv[1] == "--failures":
        # Development pairs only: the held-out third is never looked at.
        shown = [c for c in cases if c[3] == sys.argv[2] and c[0] == "dev" and scores[c[4]][0] >= scores[c[5]][0]]
        for case in shown[:25]:
            clean, broken = texts[case[4]], texts[case[5]]
            print(f"{scores[case[4]][0]:8.1f} {clean[:70]!r}\n{scores[case[5]][0]:8.1f} {broken[:70]!r}")
        return
    report(cleans, cases, scores)
    print("\n## Technical text against its \"repairs\"\n")
    print("| strings | readings | a reading costs fewer bits | ... by 10 bits or more |")
    print("| ---: | ---: | ---: | ---: |")
    cheaper = [r for r in repairs if scores[r[1]][0] < scores[r[0]][0]]
    far = [r for r in cheaper if scores[r[1]][0] + 10 <= scores[r[0]][0]]
    print(f"| {len({r[0] for r in repairs})} | {len(repairs)} | {len(cheaper)} | {len(far)} |")
    for r in cheaper[:10]:
        print(f"- `{texts[r[0]]}` → `{texts[r[1]]}` ({r[2]}): {scores[r[0]][0]:.1f} / {scores[r[1]][0]:.1f} bits")


def report(cleans, cases, scores):
    per_char = [bits / max(chars, 1) for bits, chars, _, _ in scores]
    print("## Language identification (sentences of 30+ characters)\n")
    print("| split | sentences | right |")
    print("| --- | ---: | ---: |")
    for split in ["dev", "held-out"]:
        judged = [(language, scores[i][3]) for s, bucket, language, i in cleans if s == split and bucket != "short"]
        right = sum(1 for language, found in judged if language == found)
        print(f"| {split} | {len(judged)} | {100 * right / len(judged):.1f}% |")
    print("\n## Clean text against its mojibake\n")
    print("| length | kind | split | pairs | clean costs less | AUC, bits per character |")
    print("| --- | --- | --- | ---: | ---: | ---: |")
    for bucket in ["short", "medium", "long"]:
        for kind in ["utf8", "legacy"]:
            for split in ["dev", "held-out"]:
                chosen = [c for c in cases if c[0] == split and c[1] == bucket and c[2] == kind]
                if not chosen:
                    continue
                right = sum(1 for c in chosen if scores[c[4]][0] < scores[c[5]][0])
                clean_ids = {c[4] for c in chosen}
                value = auc([per_char[i] for i in clean_ids], [per_char[c[5]] for c in chosen])
                name = "UTF-8 read as a code page" if kind == "utf8" else "legacy mixup"
                print(f"| {bucket} | {name} | {split} | {len(chosen)} | {100 * right / len(chosen):.2f}% | {value:.4f} |")
    print("\n## By mixup (all lengths): clean costs less, dev / held-out\n")
    print("| mixup | pairs | dev | held-out |")
    print("| --- | ---: | ---: | ---: |")
    for name in sorted({c[3] for c in cases}):
        row = []
        for split in ["dev", "held-out"]:
            chosen = [c for c in cases if c[3] == name and c[0] == split]
            right = sum(1 for c in chosen if scores[c[4]][0] < scores[c[5]][0])
            row.append(f"{100 * right / len(chosen):.2f}%" if chosen else "")
        total = sum(1 for c in cases if c[3] == name)
        print(f"| {name} | {total} | {row[0]} | {row[1]} |")


if __name__ == "__main__":
    main()
