#!/bin/sh
# Upper bounds for extended recovery, each measured on a build of the tools
# with the library's `bounds` feature (in target/bounds) and one of its
# knobs set in FTFY_BOUND (see src/extended/bounds.rs). They say how far a
# change of the kind could go, not what the library does.
#
#   scripts/extended/bounds.sh recovery
#       Every gate of a legacy reading within the Latin script forced
#       open (FTFY_BOUND=recovery): every legacy codec viable, one changed
#       character enough, every text as read a strong sign, every reading
#       a native language's, no cap from the model. Prints the legacy
#       corpus's exact recovery by length and the clean corpus's false
#       positives (measure.py's rows).
#   scripts/extended/bounds.sh cost [CORPUS]
#       fix_text's instructions a pass, default and extended, as
#       cost_instructions.sh counts them, on CORPUS (default: the Cyrillic
#       lines of cost_by_kind.sh): as it is; with neither prefilter nor
#       recovery on clean lines (FTFY_BOUND=no-prefilter); with the
#       prefilter and no recovery (FTFY_BOUND=prefilter-only).
#
# Needs the corpora of scripts/extended/corpus.py (and, for `cost` with
# no CORPUS, cost_by_kind.sh's split) and valgrind for `cost`.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
what=${1:?recovery or cost}
data="$root/target/extended"
CARGO_TARGET_DIR="$root/target/bounds"
FTFY_TOOLS_FEATURES=bounds
export CARGO_TARGET_DIR FTFY_TOOLS_FEATURES

case "$what" in
recovery)
    export FTFY_BOUND=recovery
    .venv/bin/python scripts/extended/measure.py - clean | grep -E 'TOTAL'
    .venv/bin/python scripts/extended/measure.py - legacy | grep -E '^ +(all|length) '
    ;;
cost)
    corpus=${2:-$data/by-kind/two-byte-cyrillic.jsonl}
    for bound in "" no-prefilter prefilter-only; do
        case "$bound" in
        "") echo "as it is:" ;;
        no-prefilter) echo "no prefilter or recovery on clean lines (the extended figure):" ;;
        prefilter-only) echo "the prefilter and no recovery (the extended figure):" ;;
        esac
        FTFY_BOUND=$bound sh scripts/extended/cost_instructions.sh "$corpus" fix_text
    done
    ;;
*)
    echo "usage: $0 recovery | cost [CORPUS]" >&2
    exit 2
    ;;
esac
