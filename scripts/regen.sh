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
# Extended recovery's language model (CLDR through Babel, Faker).
"$python" scripts/extended/gen_model.py
# The real-text language model (lingua's 75 model crates, pinned; the
# first run downloads them, 160 MB).
cargo run --quiet --release --manifest-path tools/language-model/Cargo.toml
cargo fmt --all
