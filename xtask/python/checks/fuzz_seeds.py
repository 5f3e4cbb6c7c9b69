"""Seeds fuzz/corpus/<target>/ with the inputs of every golden case, so the
fuzzers start from the interesting corners the golden files name.

Run: cargo xtask fuzz (which seeds the corpora, then fuzzes); stdlib only.
"""
import hashlib
import tomllib

from common import ROOT
TARGETS = ["fix_text", "fix_encoding", "codecs", "breaker_roundtrip", "guess_bytes", "reference"]


def main():
    inputs = []
    for path in sorted((ROOT / "golden").glob("*.toml")):
        for case in tomllib.loads(path.read_text(encoding="utf-8")).get("case", []):
            if isinstance(case.get("input"), str):
                inputs.append(case["input"].encode("utf-8"))
    # guess_bytes also starts from the bytes that mojibake read as
    # Windows-1252 came from (legacy encodings: `Ïðèâåò` is Windows-1251).
    legacy = []
    for data in inputs:
        try:
            legacy.append(data.decode("utf-8").encode("cp1252"))
        except UnicodeEncodeError:
            pass
    for target in TARGETS:
        folder = ROOT / "fuzz" / "corpus" / target
        folder.mkdir(parents=True, exist_ok=True)
        for data in inputs + (legacy if target == "guess_bytes" else []):
            # Targets taking a tuple read a few leading bytes as options.
            seed = data if target in ("fix_encoding", "codecs", "guess_bytes") else b"\x00\x00" + data
            (folder / hashlib.sha1(seed).hexdigest()).write_bytes(seed)
    print(f"seeded {len(TARGETS)} corpora with {len(inputs)} golden inputs")


if __name__ == "__main__":
    main()
