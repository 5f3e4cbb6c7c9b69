#!/usr/bin/env python3
"""Python threads calling fix_text at once run in parallel: fix_text
releases the GIL while it fixes a long text.

    python python/benchmarks/threads.py [--strings 32] [--megabytes 1] [--threads 8] [--repeat 5]

Fixes --strings texts of --megabytes MB each (lines of text, one in ten
damaged: inputs.py), once on one Python thread and once shared by --threads Python
threads, interleaved --repeat times; keeps the best time of each. Beside
it, a perfectly parallel control (hashing, which releases the GIL, on the
same number of threads) shows how much of the machine's cores the run
got. Prints the times and the ratios.
"""
import argparse
import hashlib
import sys
import threading
import time

import ftfy_rs
from inputs import long_text

def on_threads(work, items: list, threads: int) -> tuple:
    """Seconds to apply `work` to every item, shared by `threads` threads,
    and how many cores the process used meanwhile (its CPU time over the
    wall time: near the thread count, up to the cores the machine gave)."""
    shares = [items[i::threads] for i in range(threads)]
    workers = [threading.Thread(target=lambda share=share: [work(item) for item in share])
               for share in shares]
    started, cpu = time.perf_counter(), time.process_time()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    wall = time.perf_counter() - started
    return wall, (time.process_time() - cpu) / wall


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--strings", type=int, default=32)
    parser.add_argument("--megabytes", type=float, default=1.0)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    inputs = [long_text(args.megabytes, seed=seed) for seed in range(args.strings)]
    expected = [ftfy_rs.fix_text(text) for text in inputs]
    blocks = [b"x" * int(args.megabytes * 1_000_000)] * (4 * args.strings)
    def sha256(block):
        return hashlib.sha256(block).digest()

    runs = {"one": (ftfy_rs.fix_text, inputs, 1),
            "many": (ftfy_rs.fix_text, inputs, args.threads),
            "control one": (sha256, blocks, 1),
            "control many": (sha256, blocks, args.threads)}
    best = {name: (float("inf"), 0.0) for name in runs}
    for _ in range(args.repeat):
        for name, run in runs.items():
            best[name] = min(best[name], on_threads(*run))
    # The threads' answers are fix_text's.
    results = {}
    on_threads(lambda i: results.__setitem__(i, ftfy_rs.fix_text(inputs[i])),
               list(range(len(inputs))), args.threads)
    assert [results[i] for i in range(len(inputs))] == expected
    print(f"{args.strings} texts of {args.megabytes:g} MB, best of {args.repeat} "
          "(seconds, and the cores the process used meanwhile):")
    for label, one, many in (("fix_text", "one", "many"),
                             ("control (sha256)", "control one", "control many")):
        print(f"  {label + ', 1 thread:':28} {best[one][0]:.3f} s ({best[one][1]:.2f} cores)")
        print(f"  {label + f', {args.threads} threads:':28} {best[many][0]:.3f} s "
              f"({best[many][1]:.2f} cores): {best[one][0] / best[many][0]:.2f}x as fast")
    return 0


if __name__ == "__main__":
    sys.exit(main())
