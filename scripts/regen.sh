#!/usr/bin/env bash
# Re-runs every table and test-data generator, then rustfmt, so that
# `git diff --exit-code` afterwards shows whether the checked-in tables are
# exactly what the generators make (CI runs it). Needs .venv with the pinned
# oracle: `python3 scripts/differential/run.py --sample 10` creates it.
set -euo pipefail
cd "$(dirname "$0")/.."
python=.venv/bin/python
for generator in scripts/gen_*.py; do
  "$python" "$generator"
done
# Extended recovery's table of CLDR's Latin alphabets.
"$python" scripts/extended/gen_alphabets.py
# The real-text language model (lingua's 75 model crates, pinned; the
# first run downloads them, 160 MB).
# tools/language-model/alphabets.py writes the alphabets it keeps letters of.
"$python" tools/language-model/alphabets.py
cargo run --quiet --release --manifest-path tools/language-model/Cargo.toml
# The tables the library works out from its own sources and crates (the
# pre-scan's, the badness rules', NFC's): tests that write them. Twice,
# since the pre-scan's table is made from the others.
FTFY_REGENERATE=1 cargo test --quiet -p ftfy-core --lib generated_
FTFY_REGENERATE=1 cargo test --quiet -p ftfy-core --lib generated_
# Extended recovery's per-character table, from the codecs above.
FTFY_REGENERATE=1 cargo test --quiet -p ftfy-extended --lib generated_
cargo fmt --all
