#!/usr/bin/env python3
"""Extracts CLDR's main exemplar characters into cldr_exemplars.json.

    python3 tools/language-model/extract_cldr_exemplars.py

alphabets.py needs each language's letters (CLDR's exemplar characters),
which Babel leaves out of its CLDR data. They come from CLDR's own JSON
release on npm, `cldr-misc-full` (pinned below, fetched with `npm pack` into
target/extended/ when absent, and checked against the integrity hash npm
publishes). The extract is checked in, so that regenerating the tables
(scripts/regen.sh, run by CI) needs neither npm nor its registry.

Kept: `main/<locale>/characters.json`'s `exemplarCharacters` for every
locale that is a language or a language in the Latin script (`sr-Latn`);
regional variants (`de-AT`) repeat their language's letters.

CLDR data: Unicode License v3 (https://www.unicode.org/license.txt).
"""
import base64
import hashlib
import json
import subprocess
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "tools" / "language-model" / "cldr_exemplars.json"
PACKAGE, VERSION = "cldr-misc-full", "48.2.0"
SHA512 = "dSc2Tr53dQcUGwsTinamEeoP2YXOhQrIZ+SyeuUrv4MzJOSjT/Q0qkSmX11ZwfcTbYSkIqbrgALQLhAm1yf5fA=="


def tarball(package=PACKAGE, version=VERSION, sha512=SHA512):
    """A pinned npm package (CLDR's JSON release), fetched once into
    target/extended/ and checked against its integrity hash."""
    path = ROOT / "target" / "extended" / f"{package}-{version}.tgz"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["npm", "pack", "--silent", f"{package}@{version}",
                        "--pack-destination", str(path.parent)], check=True,
                       stdout=subprocess.DEVNULL)
    digest = base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()
    assert digest == sha512, f"{path}: unexpected sha512 {digest}"
    return path


def main():
    exemplars = {}
    with tarfile.open(tarball()) as tar:
        for member in tar.getmembers():
            parts = member.name.split("/")
            if len(parts) != 4 or parts[1] != "main" or parts[3] != "characters.json":
                continue
            locale = parts[2]
            if "-" in locale and not locale.endswith("-Latn"):
                continue
            data = json.load(tar.extractfile(member))["main"][locale]["characters"]
            exemplars[locale] = data["exemplarCharacters"]
    document = {
        "source": f"CLDR JSON, npm package {PACKAGE}, main/*/characters.json",
        "version": VERSION,
        "license": "Unicode License v3, https://www.unicode.org/license.txt",
        "exemplars": dict(sorted(exemplars.items())),
    }
    OUT.write_text(json.dumps(document, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(exemplars)} locales")


if __name__ == "__main__":
    main()
