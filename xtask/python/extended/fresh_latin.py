"""A false-positive check for the mixups within the Latin script on text
that no tuning used: random sentences of wordfreq words (deeper in
the lists than names.py and odd_text.py go, ranks up to 30 000) of the
Latin-script languages, half of their words drawn from the words with an
accented letter, some lines of two languages, some words capitalized. Its
seed is its own. None may change in extended mode. (wordfreq's data is
CC BY-SA: used here as test text only, never for the model.)

Run: cargo xtask false-positives fresh-latin [COUNT] [SEED]
Exits 1 if anything changed.
"""
import random
import sys
import unicodedata

import wordfreq

from extended import batch

LANGUAGES = ["cs", "sk", "pl", "hu", "ro", "sh", "sl", "lt", "lv", "tr", "is", "vi", "de", "fr",
             "es", "pt", "it", "ca", "da", "nb", "sv", "fi", "nl", "id", "ms", "fil", "en"]


def words_of(lang):
    words = [unicodedata.normalize("NFC", w) for w in wordfreq.top_n_list(lang, 30000)
             if any(c.isalpha() for c in w)]
    return words, [w for w in words if not w.isascii()]


def sentences(count, rng):
    langs = [lang for lang in LANGUAGES if lang in wordfreq.available_languages()]
    pools = {lang: words_of(lang) for lang in langs}
    texts = []
    for _ in range(count):
        chosen = [rng.choice(langs)]
        if rng.random() < 0.2:
            chosen.append(rng.choice(langs))
        sentence = []
        for _ in range(rng.randint(4, 35)):
            words, accented = pools[rng.choice(chosen)]
            word = rng.choice(accented if accented and rng.random() < 0.5 else words)
            if rng.random() < 0.1:
                word = word[:1].upper() + word[1:]
            sentence.append(word)
        text = " ".join(sentence)
        texts.append(text[:1].upper() + text[1:] + rng.choice(["", ".", ",", "?", "!"]))
    return texts


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 20261124
    texts = sentences(count, random.Random(seed))
    changed = batch.changed_clean(texts, f"sentences of wordfreq words (seed {seed})")
    sys.exit(1 if changed else 0)


if __name__ == "__main__":
    main()
