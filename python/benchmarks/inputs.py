"""Inputs the benchmarks share: strings of about 100 characters (one in ten
damaged: mojibake, entities) and long texts, made from a few sentences in
several scripts, deterministic for a seed. (compare_ftfy.py uses the
project's differential corpus instead.)"""
import random

CLEAN = [
    "The quick brown fox jumps over the lazy dog near the riverbank today.",
    "Ça va très bien, merci ; nous partons à la montagne demain matin.",
    "Größere Straßen führen über die Brücke in die Altstadt von München.",
    "Съешь же ещё этих мягких французских булок, да выпей чаю.",
    "我能吞下玻璃而不伤身体。你好，世界！今天天气很好。",
    "“Curly quotes” and an ellipsis… in a line of ordinary text, 5 € each.",
]
# English, for pipelines of English text (mostly ASCII, which the library
# fixes fastest).
ENGLISH = [
    "The quick brown fox jumps over the lazy dog near the riverbank today.",
    "Our quarterly results beat expectations, and the board approved a dividend.",
    "Click here to read the full article and share it with your friends.",
    "It’s a beautiful day in the neighborhood — a beautiful day for a neighbor.",
    "Shipping is free on orders over $50; returns are accepted within 30 days.",
]
ENGLISH_DAMAGED = [
    "The Mona Lisa doesnÃ¢â‚¬â„¢t have eyebrows, and thatâ€™s fine by me.",
    "Weâ€™re open â€“ come in! Prices start at â‚¬5 &amp; up.",
]
DAMAGED = [
    "The Mona Lisa doesnÃ¢â‚¬â„¢t have eyebrows, and cafÃ© au lait is nice.",
    "Ð¿Ñ€Ð¸Ð²ÐµÑ‚ Ð¼Ð¸Ñ€, caf&eacute; &amp; crÃ¨me brÃ»lÃ©e for dessert.",
]


def strings(count: int, seed: int = 5, english: bool = False) -> list:
    """`count` different strings of about 100 characters, one in ten
    damaged: in several languages and scripts, or in English only. (Each is
    a new object, as rows read from a file are: a list of a few objects
    repeated would stay in the CPU's caches, and Python would encode each
    to UTF-8 once.)"""
    rng = random.Random(seed)
    clean, damaged = (ENGLISH, ENGLISH_DAMAGED) if english else (CLEAN, DAMAGED)
    out = []
    for index in range(count):
        source = damaged if rng.random() < 0.1 else clean
        out.append(f"{rng.choice(source)} {rng.choice(clean)[: rng.randint(10, 40)]} {index}")
    return out


def long_text(megabytes: float, seed: int = 3, lines: bool = True) -> str:
    """About `megabytes` MB of text: lines (one in ten damaged), or one
    line without a line break."""
    rng = random.Random(seed)
    parts, size = [], 0
    while size < megabytes * 1_000_000:
        part = rng.choice(DAMAGED if rng.random() < 0.1 else CLEAN) + ("\n" if lines else " ")
        parts.append(part)
        size += len(part.encode("utf-8"))
    return "".join(parts)
