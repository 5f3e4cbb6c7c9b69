#!/bin/sh
# Instructions per byte of fix_text (or fix_encoding, is_bad: line by line)
# on inputs of benches/inputs.rs, counted by callgrind, which other load on
# the machine does not change: for each input, the count of one run less
# the count of none (tools/src/bin/throughput.rs --once), over its bytes.
#
# Usage: scripts/count_instructions.sh [-f FUNCTION] NAME...
#        (names as `target/release/throughput --list` prints them)
# Needs valgrind.
set -eu
cd "$(dirname "$0")/.."
function=fix_text
if [ "${1:-}" = "-f" ]; then
    function=$2
    shift 2
fi
[ $# -gt 0 ] || { echo "usage: $0 [-f FUNCTION] NAME..." >&2; exit 2; }
cargo build -q --release -p ftfy-tools --bin throughput
data=target/bench-data
target/release/throughput --write "$data"
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        target/release/throughput --once "$data" "$1" "$function" "$2" 2>&1 \
        | sed -n 's/.*refs: *//p' | tr -d ,
}
for name in "$@"; do
    bytes=$(wc -c < "$data/$name.txt")
    one=$(count "$name" 1)
    none=$(count "$name" 0)
    awk -v n="$name" -v f="$function" -v d=$((one - none)) -v b="$bytes" \
        'BEGIN { printf "%s %s: %.1f instructions a byte\n", n, f, d / b }'
done
