#!/usr/bin/env python3
"""ftfy_rs against ftfy 6.3.1, side by side in one run, interleaved.

    python python/benchmarks/compare_ftfy.py [--lines 1000000] [--repeat 3]
    python python/benchmarks/compare_ftfy.py --write-strings DIR

Run it with a Python that has both ftfy_rs and ftfy==6.3.1 installed, and
Faker (for the project's differential corpus). Inputs are strings of about
100 characters made from that corpus: clean multilingual text, mojibake
of every kind, entities, escapes, quotes, line breaks. Measures:

1. fix_text called once per string, in a Python loop (call overhead
   counts): ftfy against ftfy_rs, on clean strings, on damaged ones, and
   on the mix of 2;
2. fix_texts over --lines lines (nine in ten clean) on one thread, against a loop over
   ftfy.fix_text (run once: it is slow);
3. fix_texts with two threads against one, beside a perfectly parallel
   control (hashing on two threads against one), which shows how much of
   a second core a shared machine gave at the time.

Timings 1 and 3 are interleaved and repeated; the best of each is kept.

`--write-strings DIR` only writes the clean and the damaged strings to
DIR/clean.json and DIR/damaged.json (JSON arrays), for
`cargo run --release --example per_string` to time and profile the library
on them without Python; it does not need ftfy_rs.
"""
import argparse
import hashlib
import json
import os
import random
import sys
import threading
import time
from pathlib import Path

import importlib.util

import ftfy  # also registers the sloppy codecs that the corpus uses


def _load_corpus():
    """xtask/python/differential/corpus.py, loaded from its file."""
    path = Path(__file__).resolve().parents[2] / "xtask" / "python" / "differential" / "corpus.py"
    spec = importlib.util.spec_from_file_location("differential_corpus", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


differential = _load_corpus()


def strings_of_about_100_chars(count: int, damaged: bool, seed: int = 7) -> list:
    """Corpus strings joined with spaces until each is 90 to 110
    characters: clean multilingual text, or pieces of every kind of damage
    (mojibake, entities, escapes, quotes, line breaks)."""
    clean, mangled = differential.build(per_locale=40)
    if damaged:
        pieces = [case["text"] for case in mangled]
        pieces += differential.rich_inputs(3000, pieces, seed=seed)
    else:
        pieces = [case["text"] for case in clean]
    pieces = [piece for piece in pieces if len(piece) <= 100]
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        text = rng.choice(pieces)
        while len(text) < 90:
            text += " " + rng.choice(pieces)
        if len(text) <= 110:
            out.append(text)
    return out


def timed(function) -> float:
    started = time.perf_counter()
    function()
    return time.perf_counter() - started


def control(threads: int) -> None:
    """Hashes 64 MB, split over `threads` threads (hashlib releases the
    GIL): work that two idle cores do in half the time."""
    data = b"x" * 1_000_000

    def work(count: int) -> None:
        for _ in range(count):
            hashlib.sha256(data).digest()

    workers = [threading.Thread(target=work, args=(256 // threads,)) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()


def main() -> None:
    # The corpus iterates sets of strings: a fixed hash seed makes every
    # run build the same strings.
    if os.environ.get("PYTHONHASHSEED") != "0":
        os.environ["PYTHONHASHSEED"] = "0"
        os.execv(sys.executable, [sys.executable, *sys.argv])
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--per-call", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--write-strings", metavar="DIR", type=Path)
    args = parser.parse_args()

    clean = strings_of_about_100_chars(45_000, damaged=False)
    damaged = strings_of_about_100_chars(5_000, damaged=True)
    if args.write_strings:
        args.write_strings.mkdir(parents=True, exist_ok=True)
        for name, strings in [("clean", clean), ("damaged", damaged)]:
            (args.write_strings / f"{name}.json").write_text(json.dumps(strings), encoding="utf-8")
        return

    global ftfy_rs
    import ftfy_rs
    assert ftfy.__version__ == "6.3.1" and ftfy is not ftfy_rs
    # Lines as a web crawl has them: mostly clean, one in ten damaged.
    pool = clean + damaged
    random.Random(3).shuffle(pool)
    lines = [pool[i % len(pool)] for i in range(args.lines)]
    print(f"cores: {os.cpu_count()}, load average {os.getloadavg()[0]:.1f}; "
          f"{len(pool):,} distinct strings of {sum(map(len, pool)) / len(pool):.0f} characters on average")

    per_call = {}
    for name, calls in [("clean", clean[: args.per_call]), ("damaged", damaged[: args.per_call]),
                        ("mix", pool[: args.per_call])]:
        ftfy_calls, ours_calls = [], []
        for _ in range(args.repeat):
            ftfy_calls.append(timed(lambda: [ftfy.fix_text(text) for text in calls]))
            ours_calls.append(timed(lambda: [ftfy_rs.fix_text(text) for text in calls]))
        theirs, ours = min(ftfy_calls) / len(calls) * 1e6, min(ours_calls) / len(calls) * 1e6
        per_call[name] = {"ftfy_us": round(theirs, 2), "ftfy_rs_us": round(ours, 3),
                          "ratio": round(theirs / ours, 1)}
        print(f"1. fix_text per ~100-char string, {name}: ftfy {theirs:.2f} µs, "
              f"ftfy_rs {ours:.2f} µs -> {theirs / ours:.1f}x")

    one_thread, two_threads = [], []
    for _ in range(args.repeat):
        one_thread.append(timed(lambda: ftfy_rs.fix_texts(lines, threads=1)))
        two_threads.append(timed(lambda: ftfy_rs.fix_texts(lines, threads=2)))
    loop_ftfy = timed(lambda: [ftfy.fix_text(text) for text in lines])
    print(f"2. {len(lines):,} lines: loop over ftfy.fix_text {loop_ftfy:.1f} s, "
          f"fix_texts on one thread {min(one_thread):.3f} s -> {loop_ftfy / min(one_thread):.0f}x")
    print(f"3. fix_texts on two threads {min(two_threads):.3f} s -> "
          f"{min(one_thread) / min(two_threads):.2f}x faster than one")
    # On a shared machine two threads may not get two cores: a control
    # that is perfectly parallel (hashing releases the GIL) shows what the
    # machine gave at the time.
    control_one, control_two = [], []
    for _ in range(args.repeat):
        control_one.append(timed(lambda: control(1)))
        control_two.append(timed(lambda: control(2)))
    control_ratio = min(control_one) / min(control_two)
    print(f"   control, the same hashing split over two threads: {control_ratio:.2f}x "
          f"(2.00x when the machine has two idle cores)")
    print(f"load average at the end {os.getloadavg()[0]:.1f}")
    print(json.dumps({
        "per_call": per_call,
        "lines": len(lines), "ftfy_loop_s": round(loop_ftfy, 2),
        "fix_texts_1_thread_s": [round(t, 3) for t in one_thread],
        "fix_texts_2_threads_s": [round(t, 3) for t in two_threads],
        "control_two_threads_ratio": round(control_ratio, 2),
    }))


if __name__ == "__main__":
    main()
