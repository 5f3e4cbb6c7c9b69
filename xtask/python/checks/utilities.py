"""Compares explain_unicode and the display widths with ftfy 6.3.1 on every
code point, and monospaced_width on generated strings full of clusters
(emoji sequences, flags, variation selectors, conjuncts), and lists the
differences by kind.

    cargo xtask utilities

(ftfy 6.3.1, and the wcwidth version pinned in xtask/python/requirements.txt.)
"""
import collections
import io
import json
import random
import subprocess
import sys
import unicodedata
from contextlib import redirect_stdout

from common import tool


def rust(cases):
    payload = "".join(json.dumps({"id": i, "config": {}, **c}) + "\n" for i, c in enumerate(cases))
    out = subprocess.run([str(tool("ftfy_batch"))], input=payload.encode(),
                         capture_output=True, check=True).stdout.decode()
    return [json.loads(line)["output"] for line in out.split("\n") if line]


def main():
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
    problems = len(differing)
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
    problems += sum(kinds.values())
    print(f"character_width: {assigned - sum(kinds.values())} of {assigned} assigned code points agree")
    for (category, theirs, width), count in kinds.most_common():
        print(f"  [{category}] wcwidth {theirs}, ours {width}: {count} (e.g. {', '.join(examples[(category, theirs, width)][:4])})")

    strings = cluster_strings(50_000)
    ours = rust([{"func": "monospaced_width", "input": text} for text in strings])
    from ftfy.formatting import monospaced_width
    theirs = [monospaced_width(text) for text in strings]
    differing = [(text, their_width, width) for text, their_width, width in zip(strings, theirs, ours)
                 if their_width != width]
    print(f"monospaced_width: {len(strings) - len(differing)} of {len(strings)} generated strings agree")
    # Python 3.11 normalizes by Unicode 14, unicode-normalization by a newer
    # version: where a newer mark's combining class reorders the text, NFC
    # differs. Measure our NFC with wcwidth to tell those apart.
    off = {name: False for name in ("fix_encoding", "unescape_html", "remove_terminal_escapes",
                                    "fix_latin_ligatures", "fix_character_width", "uncurl_quotes",
                                    "fix_line_breaks", "fix_surrogates", "remove_control_chars")}
    our_nfc = rust([{"func": "fix_text_segment", "input": text, "config": off} for text, _, _ in differing])
    import wcwidth
    from ftfy.fixes import remove_terminal_escapes
    by_version = [width == wcwidth.wcswidth(remove_terminal_escapes(nfc))
                  for (_, _, width), nfc in zip(differing, our_nfc)]
    print(f"  of which {sum(by_version)} differ only because NFC differs between Unicode versions")
    for (text, theirs, width), explained in zip(differing, by_version):
        if not explained:
            problems += 1
            print(f"  {text!r}: ftfy {theirs}, ours {width}")
    print("utilities: PASS" if problems == 0 else f"utilities: FAIL, {problems} unexplained differences")
    return 1 if problems else 0


def cluster_strings(count):
    """Strings made of the pieces wcswidth measures as clusters, mixed with
    plain, wide, combining and control characters."""
    from wcwidth import _constants
    from wcwidth.table_vs16 import VS16_NARROW_TO_WIDE
    from wcwidth.table_vs15 import VS15_WIDE_TO_NARROW

    def points(table):
        return [chr(cp) for lo, hi in table for cp in range(lo, hi + 1)]

    pools = {
        "ascii": [chr(c) for c in range(0x20, 0x7F)],
        "pictographic": [chr(c) for c in sorted(_constants._EMOJI_ZWJ_SET)],
        "indicator": [chr(c) for c in sorted(_constants._REGIONAL_INDICATOR_SET)],
        "skin tone": [chr(c) for c in range(0x1F3FB, 0x1F400)],
        "joiners": ["\u200d", "\ufe0f", "\ufe0e", "\u200c"],
        "vs16 base": points(VS16_NARROW_TO_WIDE["9.0.0"]),
        "vs15 base": points(VS15_WIDE_TO_NARROW["9.0.0"]),
        "virama": [chr(c) for c in sorted(_constants._ISC_VIRAMA_SET)],
        "spacing mark": points(_constants._CATEGORY_MC_TABLE),
        "indic": [chr(c) for c in range(0x0915, 0x0939)] + [chr(c) for c in range(0x0B95, 0x0BB9)],
        "combining": [chr(c) for c in range(0x0300, 0x0370)],
        "wide": list("車ちゃぶ台返し입니다ＬＯＵＤ"),
        "jamo": [chr(c) for c in range(0x1100, 0x1200)],
        "ambiguous": list("°±×÷§¶"),
        "escape": ["\x1b[31m", "\x1b[0m", "\x1b[1;4m"],
        "control": ["\x07", "\n", "\x85", "\x00"],
    }
    names = list(pools)
    weights = [20, 12, 8, 6, 12, 6, 3, 5, 5, 8, 4, 4, 3, 2, 2, 0.3]
    rng = random.Random(6)
    return ["".join(rng.choice(pools[name]) for name in rng.choices(names, weights, k=rng.randint(1, 12)))
            for _ in range(count)]


if __name__ == "__main__":
    sys.exit(main())
