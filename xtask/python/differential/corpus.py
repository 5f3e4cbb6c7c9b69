"""The differential corpus: clean multilingual text, and that text damaged
every way the library claims to undo. Deterministic for a given seed.

Clean text comes from Faker's locales (names, addresses, companies,
sentences in each locale's language and script) and a few hand-written
sentences rich in punctuation and emoji.
"""
import random
import unicodedata

from faker import Faker

# locale -> (language, script)
LOCALES = {
    "ar_AA": ("Arabic", "Arabic"), "fa_IR": ("Persian", "Arabic"),
    "bg_BG": ("Bulgarian", "Cyrillic"), "ru_RU": ("Russian", "Cyrillic"),
    "uk_UA": ("Ukrainian", "Cyrillic"), "bn_BD": ("Bengali", "Bengali"),
    "cs_CZ": ("Czech", "Latin"), "da_DK": ("Danish", "Latin"), "de_DE": ("German", "Latin"),
    "el_GR": ("Greek", "Greek"), "en_US": ("English", "Latin"), "es_ES": ("Spanish", "Latin"),
    "et_EE": ("Estonian", "Latin"), "fi_FI": ("Finnish", "Latin"), "fr_FR": ("French", "Latin"),
    "ga_IE": ("Irish", "Latin"), "he_IL": ("Hebrew", "Hebrew"), "hi_IN": ("Hindi", "Devanagari"),
    "ne_NP": ("Nepali", "Devanagari"), "hr_HR": ("Croatian", "Latin"),
    "hu_HU": ("Hungarian", "Latin"), "hy_AM": ("Armenian", "Armenian"),
    "id_ID": ("Indonesian", "Latin"), "it_IT": ("Italian", "Latin"),
    "ja_JP": ("Japanese", "CJK"), "ka_GE": ("Georgian", "Georgian"), "ko_KR": ("Korean", "Hangul"),
    "lt_LT": ("Lithuanian", "Latin"), "lv_LV": ("Latvian", "Latin"), "mt_MT": ("Maltese", "Latin"),
    "nl_NL": ("Dutch", "Latin"), "no_NO": ("Norwegian", "Latin"), "pl_PL": ("Polish", "Latin"),
    "pt_BR": ("Portuguese", "Latin"), "ro_RO": ("Romanian", "Latin"), "sk_SK": ("Slovak", "Latin"),
    "sl_SI": ("Slovene", "Latin"), "sq_AL": ("Albanian", "Latin"), "sv_SE": ("Swedish", "Latin"),
    "ta_IN": ("Tamil", "Tamil"), "th_TH": ("Thai", "Thai"), "tr_TR": ("Turkish", "Latin"),
    "vi_VN": ("Vietnamese", "Latin"), "zh_CN": ("Chinese", "CJK"), "zh_TW": ("Chinese (Taiwan)", "CJK"),
    "az_AZ": ("Azerbaijani", "Latin"), "gu_IN": ("Gujarati", "Gujarati"), "or_IN": ("Odia", "Odia"),
}

HANDWRITTEN = [
    ("English", "Latin", "“Don’t panic,” she said — it’s only 5 €… 😀"),
    ("French", "Latin", "L’été dernier, nous sommes allés à la mer ; c’était très agréable !"),
    ("German", "Latin", "Größere Straßen führen über die Brücke – „Grüß Gott“."),
    ("Spanish", "Latin", "¿Qué tal? ¡Mañana vamos a la montaña con niños!"),
    ("Portuguese", "Latin", "Ele está à espera; às vezes não é fácil. Ação e coração."),
    ("Catalan", "Latin", "L’àvia va fer una paella fàcil al carrer."),
    ("Polish", "Latin", "Zażółć gęślą jaźń — pchnąć w tę łódź jeża."),
    ("Czech", "Latin", "Příliš žluťoučký kůň úpěl ďábelské ódy."),
    ("Turkish", "Latin", "Pijamalı hasta yağız şoföre çabucak güvendi."),
    ("Icelandic", "Latin", "Þetta reddast — ég fæ mér kaffi í Reykjavík."),
    ("Russian", "Cyrillic", "Съешь же ещё этих мягких французских булок, да выпей чаю."),
    ("Greek", "Greek", "Ξεσκεπάζω την ψυχοφθόρα βδελυγμία — «καλημέρα»."),
    ("Hebrew", "Hebrew", "עטלף אבק נס דרך מזגן שהתפוצץ כי חם"),
    ("Arabic", "Arabic", "نص حكيم له سر قاطع وذو شأن عظيم مكتوب على ثوب أخضر"),
    ("Japanese", "CJK", "いろはにほへと ちりぬるを、わかよたれそ「日本語」です。"),
    ("Chinese", "CJK", "我能吞下玻璃而不伤身体。你好，世界！"),
    ("Korean", "Hangul", "다람쥐 헌 쳇바퀴에 타고파. 안녕하세요!"),
    ("Thai", "Thai", "เป็นมนุษย์สุดประเสริฐเลิศคุณค่า"),
    ("Hindi", "Devanagari", "ऋषियों को सताने वाले दुष्ट राक्षसों के राजा रावण का सर्वनाश"),
    ("Emoji", "Emoji", "Party 🎉🎊 time! 👩‍👩‍👧 🇬🇧 ❤️ ¯\\_(ツ)_/¯"),
    ("Math", "Symbols", "∀x ∈ ℝ: x² ≥ 0, ½ + ¼ = ¾, 10 µm ± 0.5 × 10³"),
    ("Kaomoji", "Symbols", "(╯°□°)╯︵ ┻━┻ ಠ_ಠ (ノ°∀°)ノ⌒･*:.｡. .｡.:*･゜ﾟ･*☆"),
]

# The codecs ftfy undoes, as Python names them (sloppy: ftfy's codecs).
CODECS = [
    "latin-1", "sloppy-windows-1252", "sloppy-windows-1251", "sloppy-windows-1250",
    "sloppy-windows-1253", "sloppy-windows-1254", "sloppy-windows-1257",
    "iso-8859-2", "macroman", "cp437",
]
STRICT_WITH_HOLES = ["windows-1250", "windows-1251", "windows-1252", "windows-1253",
                     "windows-1254", "windows-1257"]
UNCURL = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"'})


def clean_strings(per_locale, seed):
    """[(text, language, script)]: Faker text for every locale, plus the
    hand-written sentences, with some punctuation-rich variants."""
    rng = random.Random(seed)
    # Some providers draw from Faker's shared generator, not the instance's.
    Faker.seed(seed)
    out = []
    for locale, (language, script) in sorted(LOCALES.items()):
        fake = Faker(locale)
        fake.seed_instance(seed)
        makers = [fake.name, fake.address, fake.company, fake.sentence, fake.city,
                  fake.street_address, fake.catch_phrase if hasattr(fake, "catch_phrase") else fake.word]
        seen = set()
        tries = 0
        while len(seen) < per_locale and tries < per_locale * 4:
            tries += 1
            try:
                text = rng.choice(makers)()
            except Exception:  # some providers are missing in some locales
                continue
            text = text.replace("\n", ", ")
            if rng.random() < 0.15:
                text = rng.choice(["“{}”", "«{}»", "‘{}’", "{} — ok", "{}…", "{} 😀", "„{}“", "{} ✔"]).format(text)
            if text not in seen:
                seen.add(text)
                out.append((text, language, script))
    for language, script, text in HANDWRITTEN:
        out.append((text, language, script))
    return out


def cesu8(text):
    """UTF-8 of the UTF-16 code units: astral characters as surrogate pairs."""
    units = text.encode("utf-16-be")
    chars = "".join(chr(int.from_bytes(units[i:i + 2], "big")) for i in range(0, len(units), 2))
    return chars.encode("utf-8", "surrogatepass")


def utf8_as(text, codec, errors="strict"):
    return text.encode("utf-8").decode(codec, errors=errors)


def mangles(text, rng):
    """[(kind, mangled)] for one clean string: a random selection of the
    kinds of damage, each applied once."""
    out = []
    codec = rng.choice(CODECS)
    out.append((f"utf8-as:{codec}", utf8_as(text, codec)))
    other = rng.choice(CODECS)
    out.append((f"utf8-as:{other}", utf8_as(text, other)))
    kind = rng.randrange(9)
    if kind == 0:
        strict = rng.choice(STRICT_WITH_HOLES)
        out.append((f"holes-become-fffd:{strict}", utf8_as(text, strict, "replace")))
    elif kind == 1:
        second = rng.choice(["latin-1", "sloppy-windows-1252", codec])
        out.append((f"twice:{codec}+{second}", utf8_as(utf8_as(text, codec), second)))
    elif kind == 2:
        codec = rng.choice(["latin-1", "sloppy-windows-1252", "sloppy-windows-1251"])
        out.append((f"a0-to-space:{codec}", utf8_as(text, codec).replace("\xa0", " ")))
    elif kind == 3:
        codec = rng.choice(["sloppy-windows-1252", "sloppy-windows-1250", "sloppy-windows-1251"])
        out.append((f"quotes-straightened:{codec}", utf8_as(text, codec).translate(UNCURL)))
    elif kind == 4:
        codec = rng.choice(["latin-1", "sloppy-windows-1252"])
        words = text.split(" ")
        cut = rng.randrange(len(words) + 1)
        mixed = " ".join(words[:cut] + [utf8_as(w, codec) for w in words[cut:]])
        out.append((f"mixed-with-clean:{codec}", mixed))
    elif kind == 5:
        codec = rng.choice(["latin-1", "sloppy-windows-1252"])
        out.append((f"cesu8-as:{codec}", cesu8(text).decode(codec)))
    elif kind == 6:
        try:
            out.append(("windows-1252-as-latin-1", text.encode("windows-1252").decode("latin-1")))
        except UnicodeEncodeError:
            out.append((f"nfc-after:{codec}", unicodedata.normalize("NFC", utf8_as(text, codec))))
    elif kind == 7:
        out.append((f"nfc-after:{codec}", unicodedata.normalize("NFC", utf8_as(text, codec))))
    else:
        codec = rng.choice(["latin-1", "sloppy-windows-1252"])
        out.append((f"twice:{codec}+{codec}", utf8_as(utf8_as(text, codec), codec)))
    return out


def has_surrogate(text):
    return any(0xD800 <= ord(c) <= 0xDFFF for c in text)


def build(per_locale=1100, seed=6_3_1):
    """Returns (clean, mangled): lists of dicts with text, language, script,
    and (for mangled) kind and the clean original."""
    rng = random.Random(seed)
    clean = [dict(text=t, language=l, script=s, kind="clean") for t, l, s in clean_strings(per_locale, seed)]
    mangled, seen = [], set()
    for case in clean:
        if case["text"].isascii():
            continue
        for kind, text in mangles(case["text"], rng):
            if text == case["text"] or has_surrogate(text) or (text, kind) in seen:
                continue
            seen.add((text, kind))
            mangled.append(dict(text=text, language=case["language"], script=case["script"],
                                kind=kind, original=case["text"]))
    return clean, mangled


# Inputs for the fix_text suite: the other fixes, and multi-line text.
RICH_PIECES = [
    "&amp;", "&lt;3", "&EACUTE;", "&eacute;", "&#x2019;", "&#8217;", "&#150;", "&hellip;", "&nbsp;",
    "&amp;amp;", "&not", "AT&T", "&#59;", "&#x1F600;", "&#0;", "&#128;", "<b>", "</b>", "<p>",
    "\x1b[31m", "\x1b[0m", "\x1b[1;32;40m", "ﬁ", "ﬂ", "ﬃ", "ĳ", "ǆ", "ＡＢＣ", "１２３", "ﾀｰﾝ", "　",
    "\r\n", "\r", "\n", "\u2028", "\u2029", "\x85", "\x00", "\x07", "\x0b", "\x7f", "\ufeff",
    "\u206a", "\ufffc", "“", "”", "‘", "’", "ʼ", "\x93", "\x94", "\x80", "e\u0301", "\u00a0",
    "Ã©", "â€™", "â€œ", "Ã¼", "ÐŸ", "Ã", " ",
]


def rich_inputs(count, clean_texts, seed):
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        pieces = [rng.choice(RICH_PIECES) if rng.random() < 0.5 else rng.choice(clean_texts)
                  for _ in range(rng.randint(1, 8))]
        out.append(" ".join(pieces) if rng.random() < 0.5 else "".join(pieces))
    return out
