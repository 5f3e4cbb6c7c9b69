"""Generates the corpora that measure extended recovery.

Only generated text: wordfreq's word lists (sentences of random frequent
words), Faker's locales, Unicode CLDR's localized names through Babel, and
templates written here; never text files found on the machine. The
language model (xtask/language-model) is built from lingua's n-gram counts,
not from wordfreq, so the wordfreq sentences are text the model has not
seen.

Writes, under target/extended/:
- clean.jsonl: {"text", "source", "lang"}: text that must never change;
- mojibake.jsonl: {"original", "broken", "class", "codec", "lang"}: UTF-8
  read as a single-byte codec, one class per line;
- legacy.jsonl: {"original", "broken", "pair", "lang"}: a legacy encoding
  read as another, sentences of 30 to 200 characters.

Run: cargo xtask extended-corpus
(seeded, so the output is the same on every run; ftfy 6.3.1's own
test_cases.json, whose negative cases join the clean text, is downloaded
once.)
"""
import json
import os
import random
import unicodedata

import babel
import babel.localedata
from babel import Locale
import ftfy
import ftfy.bad_codecs  # noqa: F401 (registers the sloppy codecs)
import wordfreq
from faker import Faker
from faker.config import AVAILABLE_LOCALES

from common import ROOT, ftfy_test_cases

# Some of Faker's word lists are sets, whose order depends on string
# hashing: the same text on every run needs the hash seed that cargo xtask
# sets.
assert os.environ.get("PYTHONHASHSEED") == "0", "run through cargo xtask (PYTHONHASHSEED=0)"

assert babel.__version__ == "2.16.0" and ftfy.__version__ == "6.3.1"
OUT = ROOT / "target" / "extended"
RNG = random.Random(20261123)

NO_SPACES = {"ja", "zh"}


def words_for(lang, n=3000):
    words = [w for w in wordfreq.top_n_list(lang, n) if any(c.isalpha() for c in w)]
    return words


WORDS = {}


def sentence(lang, low=30, high=200):
    """A sentence of frequent words, of a length drawn between low and high."""
    if lang not in WORDS:
        WORDS[lang] = words_for(lang)
    words = WORDS[lang]
    target = RNG.randint(low, high)
    joiner = "" if lang in NO_SPACES else " "
    out = []
    while len(joiner.join(out)) < target:
        out.append(words[min(int(RNG.paretovariate(0.6)) - 1, len(words) - 1)] if RNG.random() < 0.5
                   else RNG.choice(words))
    text = joiner.join(out)
    while len(text) > high and len(out) > 1:
        out.pop()
        text = joiner.join(out)
    text = text[0].upper() + text[1:]
    text += RNG.choice([".", ".", "!", "?", "", ","]) if lang not in NO_SPACES else RNG.choice(["。", "", "！"])
    return unicodedata.normalize("NFC", text)


def faker_texts(per_locale):
    out = []
    for locale in sorted(AVAILABLE_LOCALES):
        fake = Faker(locale)
        fake.seed_instance(7)
        methods = ["name", "address", "company", "job", "city", "street_address", "text", "sentence",
                   "catch_phrase", "country"]
        count = 0
        while count < per_locale:
            method = RNG.choice(methods)
            try:
                value = getattr(fake, method)()
            except Exception:  # noqa: BLE001
                continue
            for line in str(value).split("\n"):
                out.append((line, "faker", locale))
                count += 1
    return out


def cldr_texts(limit):
    seen = set()
    out = []
    for identifier in sorted(babel.localedata.locale_identifiers()):
        try:
            locale = Locale.parse(identifier)
        except Exception:  # noqa: BLE001
            continue
        for key in ("languages", "territories", "scripts"):
            for value in getattr(locale, key).values():
                if value not in seen:
                    seen.add(value)
                    out.append((value, "cldr", identifier))
        for width in ("wide", "abbreviated"):
            for value in list(locale.months["format"][width].values()) + list(locale.days["format"][width].values()):
                if value not in seen:
                    seen.add(value)
                    out.append((value, "cldr", identifier))
    RNG.shuffle(out)
    return out[:limit]


def template_texts():
    """Text that legitimately mixes scripts or looks odd."""
    out = []
    serbian = ["Београд је главни град Србије", "Beograd je glavni grad Srbije", "Ćevapi i ćuprija",
               "Ђорђе Đorđe Џон Džon", "Школа / Škola", "Вук Караџић (Vuk Karadžić)", "Љубљана – Ljubljana",
               "Нови Сад, Novi Sad, Újvidék"]
    cjk = ["iPhone 15 Pro の価格は¥159,800です", "我用Python写了一个API", "東京タワーはTokyo Towerです",
           "GPU性能测试：RTX 4090", "한국어와 English 혼합", "第3章 Machine Learning入門", "Windows 11で動作確認済み",
           "USB-C充電器", "北京Beijing 2008年", "ラーメン ramen 拉面"]
    math = ["α = 0.05, β = 0.2", "Δt = 5 ms", "λ-calculus and π ≈ 3.14159", "a 10 kΩ resistor", "μm and µs",
            "σ² = Σ(x − μ)² / n", "∀x ∈ ℝ: x² ≥ 0", "θ = 45°", "the Ω-limit set", "E = mc²", "ΔG° = −RT ln K",
            "vitamin B₁₂", "H₂O and CO₂", "½ cup of sugar", "x³ + y³ = z³", "5 µg/mL", "γ-rays", "β-blockers",
            "the ε-δ definition", "Φ(x) = P(X ≤ x)"]
    translit = ["Moskva (Москва)", "Athína / Αθήνα", "Tōkyō (東京)", "Beijing (Běijīng, 北京)", "Kyiv / Київ",
                "Thessaloníki", "Dvořák", "Tchaikovsky (Чайковский)", "Ḥaifa", "Šiauliai", "Ürümqi",
                "Mumbai (मुंबई)", "Al-Qāhirah (القاهرة)", "Yerushalayim (ירושלים)"]
    codes = ["SKU-ÄÖ-2291", "Art.-Nr. 4711-Ü", "REF: ÉTÉ-2024/ß", "Modell X-Ω 300", "P/N 74HC595N", "ISO 8859-1",
             "Part № 42-ÅØ", "ID#ÇĞ-17", "Lot 2024-ÑA-03", "v2.0-β", "Σ-Delta ADC", "µC-Board v3"]
    emoji = ["I ❤️ NY 🗽", "Great job 👍🏽🎉", "🇯🇵 🇫🇷 🇧🇷", "👩‍👩‍👧‍👦 family", "☕️ + 🥐 = 😋", "Weather: ☀️ 23°C",
             "★★★★☆ (4/5)", "✔ done ✘ failed", "→ next ← back ↑ up", "♫ ♪ music"]
    boxes = ["├─┤", "┌──────┬──────┐", "│ Name │ Wert │", "╔═══╗\n║ A ║\n╚═══╝", "└──┴──┘", "├── src/\n│   └── main.rs",
             "░▒▓█ progress 75%", "■ □ ▪ ▫", "╭─────╮ │ ok │ ╰─────╯", "┃ ┣━━ ┗━━"]
    ascii_art = ["¯\\_(ツ)_/¯", "(╯°□°）╯︵ ┻━┻", "ʕ•ᴥ•ʔ", "(◕‿◕)", "ಠ_ಠ", "( ͡° ͜ʖ ͡°)", "•ᴗ•", "<(°.°)>", "~(˘▾˘~)",
                 "♥‿♥", "(ノಠ益ಠ)ノ彡┻━┻", "°º¤ø,¸¸,ø¤º°`°º¤ø,¸"]
    currency = ["€12,50", "£9.99", "¥1,200", "₹ 499", "₽ 350", "$5 – €4.60", "₩10,000", "CHF 20.–", "R$ 15,00",
                "12,00 zł", "₺45", "₫50.000", "฿300", "₴120", "kr 99,–", "1 BTC ≈ ₿"]
    for lang in ["is", "vi", "tr", "ca", "ro", "hu", "pl", "cs", "lv", "lt"]:
        for _ in range(300):
            out.append((sentence(lang, 10, 120), "accented", lang))
    faroese = Locale.parse("fo")
    for value in list(faroese.languages.values()) + list(faroese.territories.values()):
        out.append((value, "accented", "fo"))
    groups = [("serbian", serbian), ("cjk-latin", cjk), ("math", math), ("transliteration", translit),
              ("codes", codes), ("emoji", emoji), ("boxes", boxes), ("ascii-art", ascii_art), ("currency", currency)]
    for name, items in groups:
        for item in items:
            for line in item.split("\n"):
                out.append((line, name, "mixed"))
        # The same, inside sentences of frequent words.
        for _ in range(200):
            lang = RNG.choice(["en", "de", "fr", "ru", "ja", "es", "el", "sh", "zh"])
            words = sentence(lang, 10, 60)
            item = RNG.choice(items).split("\n")[0]
            out.append((f"{words} {item}" if RNG.random() < 0.5 else f"{item} {words}", name, lang))
    for case in json.loads(ftfy_test_cases().read_text(encoding="utf-8")):
        if case["original"] == case["fixed"]:
            out.append((case["original"], "ftfy-negative", "mixed"))
    return out


def uncurl(text):
    return ftfy.fixes.uncurl_quotes(text)


def mojibake_cases():
    out = []
    langs = ["fr", "de", "es", "pt", "it", "pl", "cs", "sk", "hu", "ro", "tr", "lt", "lv", "sv", "da", "fi",
             "is", "ca", "nl", "ru", "uk", "bg", "el", "he", "ar", "fa", "ja", "zh", "ko", "hi", "vi", "sl", "sh"]
    codecs = ["latin-1", "sloppy-windows-1252", "sloppy-windows-1251", "sloppy-windows-1250",
              "sloppy-windows-1253", "sloppy-windows-1254", "sloppy-windows-1257", "iso-8859-2", "macroman",
              "cp437"]
    for codec in codecs:
        for i in range(400):
            lang = langs[i % len(langs)]
            original = sentence(lang, 20, 140)
            if original.isascii():
                continue
            broken = original.encode("utf-8").decode(codec)
            out.append({"original": original, "broken": broken, "class": "single", "codec": codec, "lang": lang})
    for i in range(400):
        lang = langs[i % len(langs)]
        original = sentence(lang, 20, 100)
        if original.isascii():
            continue
        broken = original.encode("utf-8").decode("sloppy-windows-1252").encode("utf-8").decode("sloppy-windows-1252")
        out.append({"original": original, "broken": broken, "class": "double", "codec": "sloppy-windows-1252",
                    "lang": lang})
    mixed_langs = ["pl", "cs", "sk", "hu", "sl", "sh", "ro", "lt", "lv", "tr", "ru", "bg", "el", "de", "fr"]
    for i in range(600):
        lang = mixed_langs[i % len(mixed_langs)]
        codec = RNG.choice(["sloppy-windows-1252", "sloppy-windows-1250", "sloppy-windows-1251", "iso-8859-2",
                            "sloppy-windows-1257", "latin-1"])
        clean, damaged = sentence(lang, 10, 60), sentence(lang, 10, 60)
        if damaged.isascii():
            continue
        broken_part = damaged.encode("utf-8").decode(codec)
        out.append({"original": f"{clean} {damaged}", "broken": f"{clean} {broken_part}", "class": "mixed",
                    "codec": codec, "lang": lang})
    quote_langs = ["ru", "uk", "bg", "pl", "cs", "el", "en", "de", "fr", "lt", "hu", "tr"]
    count = tries = 0
    while count < 500 and tries < 50000:
        tries += 1
        lang = quote_langs[tries % len(quote_langs)]
        original = sentence(lang, 20, 120)
        if lang in ("en", "de", "fr"):
            words = original.split(" ")
            at = RNG.randrange(len(words))
            words.insert(at, RNG.choice(["–", "—", "2010–2020", "pp. 12–15"]))
            original = " ".join(words)
        codec = RNG.choice(["sloppy-windows-1252", "sloppy-windows-1252", "sloppy-windows-1250",
                            "sloppy-windows-1251"])
        damaged = original.encode("utf-8").decode(codec)
        broken = uncurl(damaged)
        if broken == damaged:
            continue
        out.append({"original": original, "broken": broken, "class": "quotes", "codec": codec, "lang": lang})
        count += 1
    count = 0
    a0_langs = ["ja", "zh", "ko", "hi", "bn", "ta"]
    tries = 0
    while count < 400 and tries < 20000:
        tries += 1
        lang = a0_langs[tries % len(a0_langs)]
        original = sentence(lang, 10, 80)
        damaged = original.encode("utf-8").decode("sloppy-windows-1252")
        if "\xa0" not in damaged:
            continue
        broken = damaged.replace("\xa0", " ")
        out.append({"original": original, "broken": broken, "class": "lost-a0", "codec": "sloppy-windows-1252",
                    "lang": lang})
        count += 1
    return out


# (written in, read as, languages)
LEGACY_PAIRS = [
    ("windows-1251", "sloppy-windows-1252", ["ru", "uk", "bg", "mk"]),
    ("windows-1251", "latin-1", ["ru", "bg"]),
    ("koi8-r", "sloppy-windows-1251", ["ru"]),
    ("koi8-r", "latin-1", ["ru"]),
    ("cp866", "sloppy-windows-1251", ["ru", "bg"]),
    ("iso-8859-5", "sloppy-windows-1252", ["ru", "bg"]),
    ("windows-1253", "sloppy-windows-1252", ["el"]),
    ("iso-8859-7", "sloppy-windows-1252", ["el"]),
    ("windows-1250", "sloppy-windows-1252", ["pl", "cs", "sk", "hu", "sl", "sh"]),
    ("iso-8859-2", "sloppy-windows-1252", ["pl", "cs", "hu", "sh"]),
    ("windows-1254", "sloppy-windows-1252", ["tr"]),
    ("windows-1257", "sloppy-windows-1252", ["lt", "lv"]),
    ("iso-8859-13", "sloppy-windows-1252", ["lt", "lv"]),
    ("windows-1255", "sloppy-windows-1252", ["he"]),
    ("windows-1256", "sloppy-windows-1252", ["ar", "fa", "ur"]),
    ("shift_jis", "sloppy-windows-1252", ["ja"]),
    ("euc_jp", "sloppy-windows-1252", ["ja"]),
    ("gbk", "sloppy-windows-1252", ["zh"]),
    ("euc_kr", "sloppy-windows-1252", ["ko"]),
    ("big5", "sloppy-windows-1252", ["zh-tw"]),
    ("cp437", "macroman", ["fr", "de", "es"]),
    ("cp850", "sloppy-windows-1252", ["fr", "de", "es", "pt"]),
    ("windows-1252", "sloppy-windows-1251", ["fr", "de", "es", "pt"]),
    # Added last, so that the cases above stay the same.
    ("iso-8859-4", "sloppy-windows-1252", ["lt", "lv"]),
    # ISO-8859-15 differs from Windows-1252 in eight letters and signs
    # (œ, š, ž, Ÿ, €: French and Finnish), ISO-8859-16 is Romanian's.
    ("iso-8859-15", "sloppy-windows-1252", ["fr", "fi"]),
    ("iso-8859-16", "sloppy-windows-1252", ["ro"]),
]


def big5_sentence():
    if "zh-tw" not in WORDS:
        fake = Faker("zh_TW")
        fake.seed_instance(3)
        WORDS["zh-tw"] = [w for w in fake.get_words_list() if w]
    words = WORDS["zh-tw"]
    target = RNG.randint(30, 200)
    text = ""
    while len(text) < target:
        text += RNG.choice(words)
    return text[:target] + "。"


def legacy_cases(per_pair=160):
    out = []
    for written, read, langs in LEGACY_PAIRS:
        made = tries = 0
        while made < per_pair and tries < per_pair * 20:
            tries += 1
            lang = langs[made % len(langs)]
            original = big5_sentence() if lang == "zh-tw" else sentence(lang, 30, 200)
            try:
                broken = original.encode(written).decode(read)
            except (UnicodeEncodeError, UnicodeDecodeError):
                continue
            if broken == original:
                continue
            out.append({"original": original, "broken": broken, "pair": f"{written} read as {read}",
                        "lang": lang})
            made += 1
    return out


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    clean = []
    for lang in sorted(wordfreq.available_languages()):
        for _ in range(2500):
            clean.append((sentence(lang, 5, 200), "wordfreq", lang))
    clean += faker_texts(700)
    clean += cldr_texts(60000)
    clean += template_texts()
    # Text ftfy 6.3.1 changes is not clean (Faker's data holds a little
    # mojibake, such as 'SÃ£o TomÃ©'): it is left out, and counted.
    kept = [row for row in clean if ftfy.fix_encoding(row[0]) == row[0]]
    print(f"{len(clean) - len(kept)} strings that ftfy 6.3.1 changes left out")
    clean = kept
    with open(OUT / "clean.jsonl", "w", encoding="utf-8") as f:
        for text, source, lang in clean:
            f.write(json.dumps({"text": text, "source": source, "lang": lang}, ensure_ascii=False) + "\n")
    with open(OUT / "mojibake.jsonl", "w", encoding="utf-8") as f:
        for case in mojibake_cases():
            f.write(json.dumps(case, ensure_ascii=False) + "\n")
    with open(OUT / "legacy.jsonl", "w", encoding="utf-8") as f:
        for case in legacy_cases():
            f.write(json.dumps(case, ensure_ascii=False) + "\n")
    print(f"{len(clean)} clean strings written to {OUT}")


if __name__ == "__main__":
    main()
