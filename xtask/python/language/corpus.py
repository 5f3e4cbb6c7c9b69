"""Builds the real-text development corpus from lingua's model crates.

Each crate `lingua-<language>-language-model` 1.3.0 (pinned by
xtask/language-model/Cargo.lock, Apache-2.0) ships `testdata/` with 1000
real sentences, 1000 single words and 1000 word pairs. This script reads
them where cargo unpacked them (`cargo metadata` on the generator's
manifest fetches them) and splits every language's sentences the same
fixed way: line i (from 0) is held out when i % 3 == 2, the rest is for
development. The language model's generator uses the same rule for the
class costs it counts; nothing is ever tuned on the held-out third.

It also writes technical text of this project's own making (format
strings, options, abbreviations with º ª ° № §, units, identifiers, file
names, mixed scripts): text that must score as plausible, for
false-positive gates.

Writes, under target/language-corpus/ (not in git):
- sentences.jsonl: {"language", "split": "dev"|"held-out", "text"}
- words.jsonl: {"language", "split", "kind": "word"|"pair", "text"}
  (words and pairs split by the same rule)
- technical.jsonl: {"kind", "text"}

Run: cargo xtask language-corpus   (no packages beyond Python's)
"""
import json
import random
import subprocess
import sys
from pathlib import Path

from common import ROOT

OUT = ROOT / "target" / "language-corpus"
MANIFEST = ROOT / "xtask" / "language-model" / "Cargo.toml"
PREFIX = "lingua-"
SUFFIX = "-language-model"


def split_of(index):
    """The fixed split: every third line (from the third) is held out."""
    return "held-out" if index % 3 == 2 else "dev"


def model_crates():
    """(language, testdata folder) of every pinned model crate."""
    metadata = json.loads(
        subprocess.run(
            ["cargo", "metadata", "--format-version", "1", "--locked", "--manifest-path", str(MANIFEST)],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )
    crates = []
    for package in metadata["packages"]:
        name = package["name"]
        if name.startswith(PREFIX) and name.endswith(SUFFIX):
            assert package["version"] == "1.3.0", package["version"]
            language = name[len(PREFIX) : -len(SUFFIX)].capitalize()
            crates.append((language, Path(package["manifest_path"]).parent / "testdata"))
    assert len(crates) == 75, len(crates)
    return sorted(crates)


def lines_of(path):
    return [line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def technical_text():
    """Technical strings of our own making, seeded: every one is correct
    text that no recovery may change."""
    rng = random.Random(36)
    texts = []

    def add(kind, text):
        texts.append({"kind": kind, "text": text})

    for text in [
        "%s: %d files", "Error %d: %s (errno=%i)", "{0} of {1} items", "%-10s|%5.2f", "%1$s → %2$s",
        "${HOME}/.config/%s", "printf(\"%s\\n\", argv[0]);", "{name!r:>20}", "%(count)d found",
        "--output=FILE", "-o, --output <file>", "--no-color", "-vvv", "--max-count=NUM", "-j4",
        "nº", "Nº 5", "nºlin.", "nºfich.", "1ª edição", "2º andar", "3ª", "art. 5º, § 2º", "§ 14 Abs. 2",
        "№ 12", "№ 3/2021", "°C", "25 °C", "-40°", "90°", "5 µm", "10 km²", "3 m³", "½ cup", "¼",
        "© 2024 ACME Inc.", "Foo™", "Bar®", "± 0,5 %", "≥ 18", "× 2", "÷", "¿Qué?", "¡Hola!",
        "«citação»", "„Zitat“", "‹a›", "…", "—", "–", "•", "·", "†", "‡", "‰", "€ 5,00", "£10", "¥500",
        "getHTTPResponse", "snake_case_name", "kebab-case-name", "SCREAMING_CASE", "x86_64-unknown-linux-gnu",
        "README.md", "Cargo.toml", "/usr/local/bin/ftfy", "C:\\Program Files\\App\\app.exe", "file_001.tar.gz",
        "résumé.pdf", "naïve_café.txt", "Ångström.dat", "señor-niño.png", "über_größe.csv", "image (1).jpg",
        "https://example.com/path?q=1&r=2", "user@example.org", "v1.2.3-rc.1", "0x7FFF", "1e-9", "3.14159",
        "ISO-8859-1", "UTF-8", "windows-1252", "en_US.UTF-8", "de_DE@euro", "Ctrl+Alt+Del", "⌘C", "⇧⌥",
        "Москва (Moscow)", "東京 (Tokyo)", "Αθήνα/Athens", "Київ — Kyiv", "서울 Seoul", "Straße/Strasse",
        "日本語 text", "ASCII и кириллица", "α-β-γ", "β-carotene", "µs", "Ω", "Å", "ÆØÅ", "æøå",
    ]:
        add("fixed", text)
    words = ["file", "line", "error", "value", "name", "size", "user", "path", "mode", "count"]
    marks = ["º", "ª", "°", "№", "§"]
    for _ in range(300):
        word = rng.choice(words)
        number = rng.randint(1, 999)
        mark = rng.choice(marks)
        add("abbreviation", rng.choice([f"{mark}{number}", f"{number}{mark}", f"{word} {mark} {number}", f"n{mark}{word}."]))
        add("format", rng.choice([f"%s {word}: %d", f"{{{word}}}: {{{number}}}", f"{word}=%{rng.choice('sdifx')}", f"[{word}] %s"]))
        add("option", rng.choice([f"--{word}-{rng.choice(words)}", f"-{word[0]}", f"--{word}={number}", f"--{word} <{word.upper()}>"]))
        add("identifier", rng.choice([f"{word}_{rng.choice(words)}_{number}", f"{word}{rng.choice(words).capitalize()}", f"{word.upper()}_{number}"]))
        add("unit", rng.choice([f"{number} km/h", f"{number}°C", f"{number} m²", f"{number} µs", f"{number}%", f"{number} €", f"{number}×{number}"]))
    return texts


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    counts = {"dev": 0, "held-out": 0}
    with open(OUT / "sentences.jsonl", "w", encoding="utf-8") as sentences, open(
        OUT / "words.jsonl", "w", encoding="utf-8"
    ) as words:
        for language, testdata in model_crates():
            for index, text in enumerate(lines_of(testdata / "sentences.txt")):
                split = split_of(index)
                counts[split] += 1
                sentences.write(json.dumps({"language": language, "split": split, "text": text}, ensure_ascii=False) + "\n")
            for kind, name in [("word", "single-words.txt"), ("pair", "word-pairs.txt")]:
                for index, text in enumerate(lines_of(testdata / name)):
                    words.write(
                        json.dumps({"language": language, "split": split_of(index), "kind": kind, "text": text}, ensure_ascii=False)
                        + "\n"
                    )
    with open(OUT / "technical.jsonl", "w", encoding="utf-8") as technical:
        for entry in technical_text():
            technical.write(json.dumps(entry, ensure_ascii=False) + "\n")
    print(f"sentences: {counts['dev']} dev, {counts['held-out']} held out; written to {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
