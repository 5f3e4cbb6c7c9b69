#!/usr/bin/env python3
"""A second false-positive check for extended recovery: lists of names and
places from several Latin-script locales joined in one line (`Hjortø Allé
und Szabadság utca`), whose accented letters no one language writes
together, as a mixup within the Latin script shows. None may change.

Only generated text (Faker's locales, seeded).

Run: .venv/bin/python scripts/extended/names.py [COUNT]
(Faker==33.1.0, ftfy==6.3.1; builds the batch example first.)
"""
import json
import random
import subprocess
import sys
from pathlib import Path

import ftfy
from faker import Faker

ROOT = Path(__file__).resolve().parents[2]
BINARY = ROOT / "target" / "release" / "examples" / "ftfy_batch"
LOCALES = ["de_DE", "fr_FR", "es_ES", "it_IT", "pt_PT", "pt_BR", "pl_PL", "cs_CZ", "sk_SK", "hu_HU", "ro_RO",
           "tr_TR", "lt_LT", "lv_LV", "et_EE", "fi_FI", "sv_SE", "da_DK", "no_NO", "nl_NL", "hr_HR", "sl_SI",
           "is_IS", "fr_CA", "es_MX", "vi_VN", "az_AZ", "sq_AL", "de_AT", "de_CH", "en_IE", "ga_IE", "tl_PH",
           "id_ID"]


def name_lists(count, rng):
    pool = {}
    for locale in LOCALES:
        try:
            fake = Faker(locale)
        except AttributeError:
            continue
        fake.seed_instance(9)
        names = []
        for _ in range(400):
            for method in ("city", "last_name", "first_name", "street_name", "company"):
                try:
                    names.append(getattr(fake, method)())
                except AttributeError:
                    pass
        pool[locale] = [name for name in names if name]
    locales = list(pool)
    lists = []
    for _ in range(count):
        names = [rng.choice(pool[rng.choice(locales)]) for _ in range(rng.randint(2, 5))]
        lists.append(rng.choice([" ", ", ", " - ", " und ", " et ", " i ", "; "]).join(names))
    return lists


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 150000
    texts = name_lists(count, random.Random(77))
    subprocess.run(["cargo", "build", "--quiet", "--release", "--example", "ftfy_batch"], cwd=ROOT, check=True)
    payload = "".join(json.dumps({"id": i, "func": "fix_encoding", "config": {"extended_recovery": True},
                                  "input": text}, ensure_ascii=False) + "\n" for i, text in enumerate(texts))
    done = subprocess.run([str(BINARY)], input=payload.encode(), capture_output=True, check=True)
    outputs = [json.loads(line)["output"] for line in done.stdout.decode().split("\n") if line]
    # Text ftfy 6.3.1 itself changes is not clean: left out, as in corpus.py.
    changed = [(text, output) for text, output in zip(texts, outputs)
               if output != text and ftfy.fix_encoding(text) == text]
    print(f"{len(texts)} lists of names: {len(changed)} changed in extended mode")
    for text, output in changed[:20]:
        print(f"    {text!r} -> {output!r}")


if __name__ == "__main__":
    main()
