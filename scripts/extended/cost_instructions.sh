#!/bin/sh
# Extended recovery's cost on clean text in instructions (callgrind), which
# other work on the machine doesn't change: for each function, the
# instructions of two passes over the corpus less those of one (so the
# first call's table building drops out), default and extended, and the
# ratio. Usage: scripts/extended/cost_instructions.sh [CORPUS [FUNCTIONS]]
# (FUNCTIONS: `fix_encoding`, `fix_text` or both, the default.)
set -eu
corpus=${1:-target/extended/clean.jsonl}
functions=${2:-fix_encoding fix_text}
# The tools' build: target/ unless CARGO_TARGET_DIR says otherwise.
cargo build -q --release -p ftfy-tools --bin extended_cost
binary=${CARGO_TARGET_DIR:-target}/release/extended_cost
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        "$binary" "$corpus" --passes "$1" "$2" 2>&1 \
        | sed -n 's/.*refs: *//p' | tr -d ,
}
for function in $functions; do
    default=$(( $(count 2 "$function") - $(count 1 "$function") ))
    extended=$(( $(count 2 "extended-$function") - $(count 1 "extended-$function") ))
    echo "$function: default $((default / 1000000)) M, extended $((extended / 1000000)) M instructions a pass, ratio $(awk "BEGIN { printf \"%.2f\", $extended / $default }")"
done
