"""Speed of this crate against Python ftfy 6.3.1 and plsfix, on the same
inputs, in one run: prints MB/s for each and the ratios.

    cargo xtask side-by-side                  # every input, 3 rounds
    cargo xtask side-by-side --rounds 1 ligature_fi entities
    cargo xtask side-by-side --markdown       # the tables of docs/performance.md
    cargo xtask side-by-side --extended       # also the extended mode's fix_text

The inputs are those of the criterion benchmarks (benches/inputs/):
ordinary text and the adversarial long lines, written out by
xtask/src/bin/throughput.rs. Every tool fixes the whole input with fix_text;
this crate and ftfy also run fix_encoding and is_bad on each line of the
ordinary inputs (plsfix has no such functions). All in-process: no
start-up or I/O in the timings, one core.

The machine may be shared, so the tools are measured in turns, input by
input, for several rounds; each figure is the median over the rounds, and
each ratio the median of the ratios measured in the same round.

ftfy and plsfix are pinned in xtask/python/requirements.txt.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

from common import ROOT, tool

DATA = ROOT / "target" / "bench-data"


def rate(work, megabytes, seconds):
    """MB/s of `work`, repeated for at least `seconds`."""
    started, runs = time.perf_counter(), 0
    while runs < 1 or time.perf_counter() - started < seconds:
        work()
        runs += 1
    return runs * megabytes / (time.perf_counter() - started)


def ours(binary, name, extended=False):
    mode = ["--extended"] if extended else []
    done = subprocess.run([str(binary), *mode, str(DATA), name], capture_output=True, check=True, text=True)
    return json.loads(done.stdout)


def measure(binary, name, ordinary, seconds, extended):
    """One round on one input: every tool in turn."""
    import ftfy
    import ftfy.badness
    import plsfix

    text = (DATA / f"{name}.txt").read_text(encoding="utf-8")
    megabytes = len(text.encode("utf-8")) / 1e6
    lines = text.splitlines(keepends=True)
    figures = {"ftfy fix_text": rate(lambda: ftfy.fix_text(text), megabytes, seconds),
               "plsfix fix_text": rate(lambda: plsfix.fix_text(text), megabytes, seconds)}
    if ordinary:
        figures["ftfy fix_encoding"] = rate(lambda: [ftfy.fix_encoding(line) for line in lines],
                                            megabytes, seconds)
        figures["ftfy is_bad"] = rate(lambda: [ftfy.badness.is_bad(line) for line in lines],
                                      megabytes, seconds)
    record = ours(binary, name)
    for function in ("fix_text", "fix_encoding", "is_bad"):
        figures[f"ours {function}"] = record[function]
    if extended:
        figures["ours extended fix_text"] = ours(binary, name, extended=True)["fix_text"]
    return figures


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", help="inputs to run (default: all)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=1.0, help="minimum time per Python measurement")
    parser.add_argument("--markdown", action="store_true", help="print Markdown tables")
    parser.add_argument("--extended", action="store_true",
                        help="also run the extended mode's fix_text (its MB/s, its time against the default's)")
    args = parser.parse_args()
    # plsfix panics (and recovers) on some adversarial inputs; its
    # backtraces would flood the output.
    os.environ["RUST_BACKTRACE"] = "0"

    binary = tool("throughput")
    subprocess.run([str(binary), "--write", str(DATA)], check=True)
    listed = subprocess.run([str(binary), "--list"], capture_output=True, check=True, text=True).stdout.split()
    ordinary_names = set(listed[:listed.index("ligature_fi")])
    names = [name for name in listed if not args.names or name in args.names]

    rounds = {name: [] for name in names}
    for round_number in range(args.rounds):
        for name in names:
            rounds[name].append(measure(binary, name, name in ordinary_names, args.seconds, args.extended))
            print(f"round {round_number + 1}/{args.rounds}: {name}", file=sys.stderr)

    def median(name, key):
        return statistics.median(figures[key] for figures in rounds[name])

    def ratio(name, ours_key, theirs_key):
        return statistics.median(figures[ours_key] / figures[theirs_key] for figures in rounds[name])

    head = ["input", "ftfy 6.3.1", "plsfix 0.1.8", "this crate", "vs ftfy", "vs plsfix"]
    if args.extended:
        head += ["extended", "extended vs ftfy", "extended's time / default's"]
    print(f"\nfix_text, MB/s (median of {args.rounds} rounds):")
    if args.markdown:
        print("| " + " | ".join(head) + " |\n| --- |" + " ---: |" * (len(head) - 1))
    else:
        print(f"{head[0]:32} " + " ".join(f"{cell:>12}" for cell in head[1:]))
    for name in names:
        cells = [f"{median(name, 'ftfy fix_text'):.1f}", f"{median(name, 'plsfix fix_text'):.1f}",
                 f"{median(name, 'ours fix_text'):.0f}",
                 f"{ratio(name, 'ours fix_text', 'ftfy fix_text'):.0f}×",
                 f"{ratio(name, 'ours fix_text', 'plsfix fix_text'):.1f}×"]
        if args.extended:
            cells += [f"{median(name, 'ours extended fix_text'):.1f}",
                      f"{ratio(name, 'ours extended fix_text', 'ftfy fix_text'):.1f}×",
                      f"{ratio(name, 'ours fix_text', 'ours extended fix_text'):.2f}×"]
        if args.markdown:
            print(f"| {name} | " + " | ".join(cells) + " |")
        else:
            print(f"{name:32} " + " ".join(f"{cell:>12}" for cell in cells))

    print(f"\nper line, MB/s (median of {args.rounds} rounds):")
    head = ["input", "function", "ftfy 6.3.1", "this crate", "vs ftfy"]
    if args.markdown:
        print("| " + " | ".join(head) + " |\n| --- | --- |" + " ---: |" * 3)
    else:
        print(f"{head[0]:30} {head[1]:13} {head[2]:>11} {head[3]:>11} {head[4]:>8}")
    for name in (name for name in names if name in ordinary_names):
        for function in ("fix_encoding", "is_bad"):
            cells = [f"{median(name, f'ftfy {function}'):.1f}", f"{median(name, f'ours {function}'):.0f}",
                     f"{ratio(name, f'ours {function}', f'ftfy {function}'):.0f}×"]
            if args.markdown:
                print(f"| {name} | {function} | " + " | ".join(cells) + " |")
            else:
                print(f"{name:30} {function:13} {cells[0]:>11} {cells[1]:>11} {cells[2]:>8}")


if __name__ == "__main__":
    main()
