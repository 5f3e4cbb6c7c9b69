#!/bin/sh
# Upper bounds for extended recovery, each measured on a copy of the
# library with one of the patches under scripts/extended/bounds/ applied
# (a git worktree of HEAD in target/extended/bound-worktree; main's tree
# is not touched). They say how far a change of the kind could go, not
# what the library does.
#
#   scripts/extended/bounds.sh recovery
#       Every gate of a legacy reading within the Latin script forced
#       open (bounds/recovery.patch): every legacy codec viable, one
#       changed character enough, every text as read a strong sign, every
#       reading a native language's, no cap from the model. Prints the
#       legacy corpus's exact recovery by length and the clean corpus's
#       false positives (measure.py's rows).
#   scripts/extended/bounds.sh cost [CORPUS]
#       fix_text's instructions a pass, default and extended, as
#       cost_instructions.sh counts them, on CORPUS (default: the Cyrillic
#       lines of cost_by_kind.sh): as it is; with neither prefilter nor
#       recovery on clean lines (bounds/no-prefilter.patch); with the
#       prefilter and no recovery (bounds/prefilter-only.patch).
#
# Needs the corpora of scripts/extended/corpus.py (and, for `cost` with
# no CORPUS, cost_by_kind.sh's split) and valgrind for `cost`.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
what=${1:?recovery or cost}
tree=target/extended/bound-worktree
data="$root/target/extended"

# A worktree of HEAD with the patch $1 applied (none: HEAD as it is), its
# build in $tree/target, and the corpora linked in.
prepare() {
    git worktree remove --force "$tree" 2>/dev/null || rm -rf "$tree"
    git worktree add --quiet --detach "$tree" HEAD
    if [ -n "$1" ]; then
        git -C "$tree" apply "$root/scripts/extended/bounds/$1"
    fi
    mkdir -p "$tree/target"
    ln -s "$data" "$tree/target/extended"
}

cleanup() {
    git worktree remove --force "$tree" 2>/dev/null || true
}
trap cleanup EXIT

# `fix_text`'s instructions a pass, default and extended, of the
# worktree's build on corpus $1 (cost_instructions.sh's line).
instructions() {
    (cd "$tree" && sh scripts/extended/cost_instructions.sh "$1" fix_text)
}

case "$what" in
recovery)
    prepare recovery.patch
    (cd "$tree" && "$root/.venv/bin/python" scripts/extended/measure.py - clean \
        | grep -E 'TOTAL')
    (cd "$tree" && "$root/.venv/bin/python" scripts/extended/measure.py - legacy \
        | grep -E '^ +(all|length) ')
    ;;
cost)
    corpus=${2:-$data/by-kind/two-byte-cyrillic.jsonl}
    case "$corpus" in
    /*) ;;
    *) corpus="$root/$corpus" ;;
    esac
    echo "as it is:"
    prepare ""
    instructions "$corpus"
    echo "no prefilter or recovery on clean lines (the extended figure):"
    prepare no-prefilter.patch
    instructions "$corpus"
    echo "the prefilter and no recovery (the extended figure):"
    prepare prefilter-only.patch
    instructions "$corpus"
    ;;
*)
    echo "usage: $0 recovery | cost [CORPUS]" >&2
    exit 2
    ;;
esac
