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

def on_threads(work, items: list, threads: int) -> float:
    """Seconds to apply `work` to every item, shared by `threads` threads."""
    shares = [items[i::threads] for i in range(threads)]
    workers = [threading.Thread(target=lambda share=share: [work(item) for item in share])
               for share in shares]
    started = time.perf_counter()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return time.perf_counter() - started


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
    best = {"one": float("inf"), "many": float("inf"), "control one": float("inf"),
            "control many": float("inf")}
    for _ in range(args.repeat):
        best["one"] = min(best["one"], on_threads(ftfy_rs.fix_text, inputs, 1))
        best["many"] = min(best["many"], on_threads(ftfy_rs.fix_text, inputs, args.threads))
        best["control one"] = min(best["control one"],
                                  on_threads(lambda b: hashlib.sha256(b).digest(), blocks, 1))
        best["control many"] = min(best["control many"],
                                   on_threads(lambda b: hashlib.sha256(b).digest(), blocks,
                                              args.threads))
    # The threads' answers are fix_text's.
    results = {}
    on_threads(lambda i: results.__setitem__(i, ftfy_rs.fix_text(inputs[i])),
               list(range(len(inputs))), args.threads)
    assert [results[i] for i in range(len(inputs))] == expected
    print(f"{args.strings} texts of {args.megabytes:g} MB, best of {args.repeat}:")
    print(f"  fix_text on 1 thread:            {best['one']:.3f} s")
    print(f"  fix_text on {args.threads} threads:           {best['many']:.3f} s  "
          f"({best['one'] / best['many']:.2f}x as fast)")
    print(f"  control (sha256), 1 thread:      {best['control one']:.3f} s")
    print(f"  control (sha256), {args.threads} threads:     {best['control many']:.3f} s  "
          f"({best['control one'] / best['control many']:.2f}x as fast)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
