#!/usr/bin/env bash
# Times the `ftfy` command on a large generated file with -j 1 and -j 2:
# wall time, throughput, peak memory, and the speedup.
#
# Usage: scripts/bench_cli.sh [SIZE_MB] [SHAPES]
#   SIZE_MB  size of the input to generate (default 1024, i.e. 1 GB)
#   SHAPES   which line endings to time, of: lf (the base file), cr (classic
#            Mac), u2028 (U+2028 line separators), none (one line, no
#            break at all); default "lf cr u2028 none"
#
# Inputs are kept as target/bench_cli_SIZEMB_SHAPE.txt and reused. The
# other shapes are the base file with each \n replaced, so they hold the
# same text.
#
# The input mixes clean multilingual lines (English, French, German,
# Russian, Greek, Japanese, Chinese, Korean, Arabic, emoji) with about 1%
# mojibake lines (UTF-8 read as Windows-1252, once or twice) and a few
# HTML entities. Each run writes its output to a temporary file, and the
# outputs of -j 1 and -j 2 are compared. What to look for: peak RSS under
# 64 MB and -j 2 at least 1.8x -j 1 for every shape.
set -euo pipefail

size_mb=${1:-1024}
shapes=${2:-lf cr u2028 none}
root=$(cd "$(dirname "$0")/.." && pwd)
input=$root/target/bench_cli_${size_mb}MB_lf.txt

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

# The other shapes: the same text with each line feed replaced.
for shape in $shapes; do
    file=$root/target/bench_cli_${size_mb}MB_${shape}.txt
    [[ $shape == lf || -f $file ]] && continue
    python3 - "$input" "$file" "$shape" <<'EOF'
import sys

source, target, shape = sys.argv[1:]
separator = {"cr": b"\r", "u2028": "\u2028".encode(), "none": b" "}[shape]
with open(source, "rb") as lines, open(target, "wb") as out:
    while block := lines.read(1 << 24):
        out.write(block.replace(b"\n", separator))
EOF
done

printf "%-6s %4s %9s %10s %11s %6s\n" shape jobs seconds "MB/s" "peak RSS" "CPU"
for shape in $shapes; do
    file=$root/target/bench_cli_${size_mb}MB_${shape}.txt
    bytes=$(stat -c %s "$file")
    declare -A wall sums
    for jobs in 1 2; do
        report=$(mktemp)
        output=$(mktemp)
        /usr/bin/time -v -o "$report" "$binary" -j "$jobs" "$file" >"$output"
        seconds=$(awk -F': ' '/Elapsed \(wall clock\)/ {
            n = split($2, t, ":"); s = 0
            for (i = 1; i <= n; i++) s = s * 60 + t[i]
            print s }' "$report")
        rss_kb=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$report")
        cpu=$(awk -F': ' '/Percent of CPU/ { print $2 }' "$report")
        sums[$jobs]=$(md5sum <"$output" | cut -c1-32)
        rm -f "$report" "$output"
        wall[$jobs]=$seconds
        awk -v shape="$shape" -v j="$jobs" -v s="$seconds" -v b="$bytes" -v r="$rss_kb" -v c="$cpu" 'BEGIN {
            printf "%-6s %4s %9.2f %10.1f %8.1f MB %6s\n", shape, j, s, b / 1048576 / s, r / 1024, c }'
    done
    same=$([[ ${sums[1]} == "${sums[2]}" ]] && echo identical || echo DIFFERENT)
    awk -v shape="$shape" -v a="${wall[1]}" -v b="${wall[2]}" -v same="$same" \
        'BEGIN { printf "%-6s speedup -j 2 / -j 1: %.2fx, outputs %s\n", shape, a / b, same }'
done
