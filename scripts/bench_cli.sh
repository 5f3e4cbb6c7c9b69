#!/usr/bin/env bash
# Times the `ftfy` command on a large generated file with -j 1 and -j 2:
# wall time, throughput, peak memory, and the speedup.
#
# Usage: scripts/bench_cli.sh [SIZE_MB] [FILE]
#   SIZE_MB  size of the input to generate (default 1024, i.e. 1 GB)
#   FILE     where to keep the input (default target/bench_cli_SIZE.txt);
#            an existing file of that name is reused
#
# The input mixes clean multilingual lines (English, French, German,
# Russian, Greek, Japanese, Chinese, Korean, Arabic, emoji) with about 1%
# mojibake lines (UTF-8 read as Windows-1252, once or twice) and a few
# HTML entities; the output goes to /dev/null so that the disk is not
# timed. Targets (issue 5): peak RSS < 64 MB, -j 2 >= 1.7x faster.
set -euo pipefail

size_mb=${1:-1024}
root=$(cd "$(dirname "$0")/.." && pwd)
input=${2:-$root/target/bench_cli_${size_mb}MB.txt}

cd "$root"
cargo build --release --quiet --bin ftfy
binary=$root/target/release/ftfy

if [[ ! -f $input ]]; then
    echo "generating $size_mb MB in $input ..." >&2
    python3 - "$size_mb" "$input" <<'EOF'
import random
import sys

size = int(sys.argv[1]) << 20
path = sys.argv[2]
random.seed(5)

sentences = [
    "The quick brown fox jumps over the lazy dog, again and again.",
    "Le cœur déçu mais l'âme plutôt naïve, Louÿs rêva de crapaüter.",
    "Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich.",
    "Съешь же ещё этих мягких французских булок да выпей чаю.",
    "Ξεσκεπάζω την ψυχοφθόρα βδελυγμία.",
    "いろはにほへと ちりぬるを わかよたれそ つねならむ",
    "我能吞下玻璃而不伤身体。",
    "다람쥐 헌 쳇바퀴에 타고파",
    "نص حكيم له سر قاطع وذو شأن عظيم",
    "Emoji are text too: 😀 🎉 ✔ ☃",
    "Prices: 5 € or £4.20, &amp; that's final.",
    "Plain ASCII log line: GET /index.html 200 1534 0.012s",
]
words = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do".split()


def sloppy_1252(data):
    """UTF-8 bytes read as Windows-1252, keeping its five holes as Latin-1."""
    return "".join(
        chr(b) if b in (0x81, 0x8D, 0x8F, 0x90, 0x9D) else bytes([b]).decode("cp1252")
        for b in data
    )


def line():
    if random.random() < 0.01:
        text = random.choice(sentences[1:10])
        for _ in range(random.choice([1, 1, 1, 2])):
            text = sloppy_1252(text.encode("utf-8"))
        return text
    if random.random() < 0.3:
        return " ".join(random.choices(words, k=random.randint(3, 30)))
    return random.choice(sentences)


# A pool of distinct chunks, written in random order until the size is met.
chunks = []
for _ in range(64):
    lines = [line() for _ in range(20000)]
    chunks.append(("\n".join(lines) + "\n").encode("utf-8"))
written = 0
with open(path, "wb") as out:
    while written < size:
        chunk = random.choice(chunks)
        if written + len(chunk) > size:
            chunk = chunk[: chunk.rfind(b"\n", 0, size - written) + 1] or chunk
        out.write(chunk)
        written += len(chunk)
EOF
fi

bytes=$(stat -c %s "$input")
echo "input: $input ($((bytes >> 20)) MB)"
declare -A wall
for jobs in 1 2; do
    report=$(mktemp)
    /usr/bin/time -v -o "$report" "$binary" -j "$jobs" "$input" >/dev/null
    seconds=$(awk -F': ' '/Elapsed \(wall clock\)/ {
        n = split($2, t, ":"); s = 0
        for (i = 1; i <= n; i++) s = s * 60 + t[i]
        print s }' "$report")
    rss_kb=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$report")
    cpu=$(awk -F': ' '/Percent of CPU/ { print $2 }' "$report")
    rm -f "$report"
    wall[$jobs]=$seconds
    awk -v j="$jobs" -v s="$seconds" -v b="$bytes" -v r="$rss_kb" -v c="$cpu" 'BEGIN {
        printf "-j %s: %7.2f s  %7.1f MB/s  peak RSS %5.1f MB  CPU %s\n",
            j, s, b / 1048576 / s, r / 1024, c }'
done
awk -v a="${wall[1]}" -v b="${wall[2]}" 'BEGIN { printf "speedup -j 2 / -j 1: %.2fx\n", a / b }'
