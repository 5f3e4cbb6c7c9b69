"""Writes the input of `cargo xtask command-speed`: SIZE_MB of multilingual
lines, and the same text with other line endings.

    cargo xtask command-speed [SIZE_MB [SHAPE ...]]

The base file (`lf`) mixes clean multilingual lines (English, French,
German, Russian, Greek, Japanese, Chinese, Korean, Arabic, emoji) with
about 1% mojibake lines (UTF-8 read as Windows-1252, once or twice) and a
few HTML entities; the other shapes are the base file with each \\n
replaced: `cr` (classic Mac), `u2028` (U+2028 line separators), `none`
(a space: one line, no break at all), so they hold the same text. Files
are kept as target/command-speed/SIZEMB_SHAPE.txt and reused. Seeded:
the same bytes on every run.

Arguments: SIZE_MB SHAPE... (what the task passes).
"""
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
FOLDER = ROOT / "target" / "command-speed"

SENTENCES = [
    "The quick brown fox jumps over the lazy dog, again and again.",
    "Le cœur déçu mais l'âme plutôt naïve, Louÿs rêva de crapaüter.",
    "Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich.",
    "Съешь же ещё этих мягких французских булок да выпей чаю.",
    "Ξεσκεπάζω την ψυχοφθόρα βδελυγμία.",
    "いろはにほへと ちりぬるを わかよたれそ つねならむ",
    "我能吞下玻璃而不伤身体。",
    "다람쥐 헌 쳇바퀴에 타고파",
    "نص حكيم له سر قاطع وذو شأن عظيم",
    "Emoji are text too: 😀 🎉 ✔ ☃",
    "Prices: 5 € or £4.20, &amp; that's final.",
    "Plain ASCII log line: GET /index.html 200 1534 0.012s",
]
WORDS = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do".split()
SEPARATORS = {"cr": b"\r", "u2028": "\u2028".encode(), "none": b" "}


def path_of(size_mb, shape):
    return FOLDER / f"{size_mb}MB_{shape}.txt"


def sloppy_1252(data):
    """UTF-8 bytes read as Windows-1252, keeping its five holes as Latin-1."""
    return "".join(
        chr(b) if b in (0x81, 0x8D, 0x8F, 0x90, 0x9D) else bytes([b]).decode("cp1252")
        for b in data
    )


def line():
    if random.random() < 0.01:
        text = random.choice(SENTENCES[1:10])
        for _ in range(random.choice([1, 1, 1, 2])):
            text = sloppy_1252(text.encode("utf-8"))
        return text
    if random.random() < 0.3:
        return " ".join(random.choices(WORDS, k=random.randint(3, 30)))
    return random.choice(SENTENCES)


def write_base(size_mb, path):
    """A pool of distinct chunks, written in random order until the size
    is met."""
    size = size_mb << 20
    random.seed(5)
    chunks = []
    for _ in range(64):
        lines = [line() for _ in range(20000)]
        chunks.append(("\n".join(lines) + "\n").encode("utf-8"))
    written = 0
    with open(path, "wb") as out:
        while written < size:
            chunk = random.choice(chunks)
            if written + len(chunk) > size:
                chunk = chunk[: chunk.rfind(b"\n", 0, size - written) + 1] or chunk
            out.write(chunk)
            written += len(chunk)


def write_shape(source, target, shape):
    with open(source, "rb") as lines, open(target, "wb") as out:
        while block := lines.read(1 << 24):
            out.write(block.replace(b"\n", SEPARATORS[shape]))


def main():
    size_mb, shapes = int(sys.argv[1]), sys.argv[2:]
    FOLDER.mkdir(parents=True, exist_ok=True)
    base = path_of(size_mb, "lf")
    if not base.exists():
        print(f"generating {size_mb} MB in {base} ...", file=sys.stderr)
        write_base(size_mb, base)
    for shape in shapes:
        if shape != "lf" and not path_of(size_mb, shape).exists():
            write_shape(base, path_of(size_mb, shape), shape)


if __name__ == "__main__":
    main()
