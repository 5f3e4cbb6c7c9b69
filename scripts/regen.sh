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
cargo fmt --all
