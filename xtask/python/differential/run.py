"""Differential check: this crate against Python ftfy 6.3.1, same inputs,
one run, for both of its engines: the library (`fast`) and ftfy-reference,
ftfy 6.3.1 written plainly (`reference`), each with its own figures.

    cargo xtask differential                 # everything
    cargo xtask differential --sample 5000   # a random subset (CI)
    cargo xtask differential --suite encoding --max-show 50
    cargo xtask differential --engine reference

It builds the batch runner `xtask/src/bin/ftfy_batch.rs` in release mode,
and runs it and ftfy 6.3.1 (pinned in xtask/python/requirements.txt) on:

- the *encoding* suite: clean multilingual strings (Faker locales and
  hand-written sentences) and the same strings mangled every way the library
  claims to undo (see corpus.py), through fix_encoding and
  fix_encoding_and_explain. It checks that outputs and plans agree, that no
  clean string is changed where ftfy leaves it alone, and that
  apply_plan(input, plan) reproduces our output;
- the *fix_text* suite: a sample of that corpus plus inputs rich in entities,
  HTML, terminal escapes, ligatures, full-width text, line breaks and control
  characters, through fix_text with the default configuration and with each
  option switched off in turn.

Every disagreement is written to
target/differential/disagreements-SUITE-ENGINE.txt. The exit status is
non-zero when an engine's agreement falls below --min-agreement, when it
changes a clean string, or when its plan does not replay or differs from
ftfy's. The library may give ftfy's fix_text answer fixed once more (its
idempotence fix); the reference, ftfy itself, may not.
"""
import argparse
import collections
import json
import random
import subprocess
import sys
import time

from common import ROOT, tool


# Options switched off in turn in the fix_text suite, plus other settings.
FIX_TEXT_CONFIGS = [{}] + [{option: False} for option in [
    "unescape_html", "remove_terminal_escapes", "fix_encoding", "restore_byte_a0",
    "replace_lossy_sequences", "decode_inconsistent_utf8", "fix_c1_controls",
    "fix_latin_ligatures", "fix_character_width", "uncurl_quotes", "fix_line_breaks",
    "fix_surrogates", "remove_control_chars",
]] + [{"unescape_html": True}, {"normalization": "NFKC"}, {"normalization": "NFD"},
      {"normalization": None}, {"max_decode_length": 12}]


ENGINES = ["fast", "reference"]


def run_rust(cases, engine="fast"):
    """Runs the batch runner on cases (dicts with func, config, input), on
    the library (`fast`) or on ftfy-reference (`reference`)."""
    binary = tool("ftfy_batch")
    payload = "".join(json.dumps({"id": i, "engine": engine, **case}, ensure_ascii=False) + "\n"
                      for i, case in enumerate(cases))
    started = time.perf_counter()
    done = subprocess.run([str(binary)], input=payload.encode("utf-8"), capture_output=True, check=True)
    elapsed = time.perf_counter() - started
    results = [json.loads(line) for line in done.stdout.decode("utf-8").split("\n") if line]
    assert len(results) == len(cases), "the batch runner lost cases"
    return results, elapsed


def encoding_suite(args, ftfy, corpus):
    clean, mangled = corpus.build(per_locale=args.per_locale)
    cases = [dict(c, clean=True) for c in clean] + [dict(m, clean=False) for m in mangled]
    if args.sample:
        cases = random.Random(1).sample(cases, min(args.sample, len(cases)))
    languages = {c["language"] for c in cases}
    scripts = {c["script"] for c in cases}
    print(f"encoding suite: {sum(c['clean'] for c in cases)} clean and "
          f"{sum(not c['clean'] for c in cases)} mangled strings, "
          f"{len(languages)} languages, {len(scripts)} scripts")

    started = time.perf_counter()
    expected = [ftfy.fix_encoding_and_explain(c["text"]) for c in cases]
    python_time = time.perf_counter() - started
    rust_cases = []
    for c in cases:
        rust_cases.append({"func": "fix_encoding", "config": {}, "input": c["text"]})
        rust_cases.append({"func": "fix_encoding_and_explain", "config": {}, "input": c["text"]})
    ftfy_changed_clean = sum(1 for c, w in zip(cases, expected) if c["clean"] and w.text != c["text"])
    print(f"  clean strings ftfy 6.3.1 changes: {ftfy_changed_clean}; time: ftfy {python_time:.1f}s")
    return [check_encoding(args, engine, cases, expected, rust_cases) for engine in args.engines]


def check_encoding(args, engine, cases, expected, rust_cases):
    """One engine's figures on the encoding suite."""
    results, rust_time = run_rust(rust_cases, engine)
    stats = collections.defaultdict(lambda: [0, 0])
    problems, false_positives, replay_failures, plan_differences = [], [], 0, 0
    for case, want, plain, explained in zip(cases, expected, results[0::2], results[1::2]):
        plan = [tuple(step) for step in explained.get("plan") or []]
        want_plan = [tuple(step) for step in want.explanation]
        agree = plain.get("output") == want.text == explained.get("output")
        kind = case["kind"].split(":")[0]
        for key in ("all", f"kind {kind}", f"script {case['script']}"):
            stats[key][0] += agree
            stats[key][1] += 1
        if agree and plan != want_plan:
            plan_differences += 1
            problems.append(("plan", case, want_plan, plan))
        if not agree:
            problems.append(("output", case, want.text, plain.get("output", plain.get("error"))))
        if case["clean"] and plain.get("output") != case["text"] and want.text == case["text"]:
            false_positives.append(case)
        if explained.get("replay") != explained.get("output"):
            replay_failures += 1
            problems.append(("replay", case, explained.get("output"), explained.get("replay")))
    report(args, f"encoding-{engine}", stats, problems)
    print(f"  [{engine}] plans differing where outputs agree: {plan_differences}")
    print(f"  [{engine}] plan replay failures: {replay_failures}")
    print(f"  [{engine}] clean strings only this engine changes (false positives): {len(false_positives)}")
    print(f"  [{engine}] time: {rust_time:.2f}s (including JSON and process start; see benches/ for throughput)")
    agreement = stats["all"][0] / max(stats["all"][1], 1)
    ok = agreement >= args.min_agreement and not false_positives and not replay_failures and not plan_differences
    return ok, f"encoding [{engine}] {stats['all'][0]}/{stats['all'][1]} = {agreement:.4%}"


def fix_text_suite(args, ftfy, corpus):
    clean, mangled = corpus.build(per_locale=args.per_locale)
    rng = random.Random(2)
    texts = [c["text"] for c in rng.sample(clean, min(1500, len(clean)))]
    texts += [m["text"] for m in rng.sample(mangled, min(1500, len(mangled)))]
    texts += corpus.rich_inputs(2000, texts, seed=3)
    # multi-line texts
    texts += ["\n".join(rng.sample(texts, rng.randint(2, 6))) for _ in range(500)]
    per_config = args.sample // len(FIX_TEXT_CONFIGS) if args.sample else len(texts)
    cases = []
    for options in FIX_TEXT_CONFIGS:
        for text in rng.sample(texts, min(per_config, len(texts))):
            cases.append({"options": options, "text": text, "kind": "fix_text", "script": "-",
                          "language": "-", "clean": False})
    print(f"fix_text suite: {len(cases)} cases over {len(FIX_TEXT_CONFIGS)} configurations")
    started = time.perf_counter()
    expected = [ftfy.fix_text(c["text"], ftfy.TextFixerConfig(**c["options"])) for c in cases]
    python_time = time.perf_counter() - started
    rust_cases = [{"func": "fix_text", "config": c["options"], "input": c["text"]} for c in cases]
    print(f"  time: ftfy {python_time:.1f}s")
    return [check_fix_text(args, ftfy, engine, cases, expected, rust_cases) for engine in args.engines]


def check_fix_text(args, ftfy, engine, cases, expected, rust_cases):
    """One engine's figures on the fix_text suite. The library's answer may
    be ftfy's answer fixed once more, where ftfy's is not a fixed point
    (golden/differences.toml); the reference's must be ftfy's."""
    results, rust_time = run_rust(rust_cases, engine)
    stats = collections.defaultdict(lambda: [0, 0])
    problems = []
    for case, want, got in zip(cases, expected, results):
        agree = got.get("output") == want
        key = "config " + (json.dumps(case["options"]) if case["options"] else "default")
        for k in ("all", key):
            stats[k][0] += agree
            stats[k][1] += 1
        if not agree:
            config = ftfy.TextFixerConfig(**case["options"])
            idempotence = engine == "fast" and ftfy.fix_text(want, config) == got.get("output")
            problems.append(("idempotence" if idempotence else "output", case, want, got.get("output")))
    report(args, f"fix_text-{engine}", stats, problems)
    idempotence = sum(1 for p in problems if p[0] == "idempotence")
    if engine == "fast":
        print(f"  [{engine}] differences where ours is ftfy's output fixed once more (idempotence): {idempotence}")
    print(f"  [{engine}] time: {rust_time:.2f}s")
    agreement = (stats["all"][0] + idempotence) / max(stats["all"][1], 1)
    counting = " counting idempotence fixes" if engine == "fast" else ""
    return (agreement >= args.min_agreement,
            f"fix_text [{engine}] {stats['all'][0]}/{stats['all'][1]} ({agreement:.4%}{counting})")


def report(args, suite, stats, problems):
    for key, (agree, total) in sorted(stats.items()):
        if key == "all" or agree != total or args.verbose:
            print(f"  {suite} {key}: {agree}/{total} agree ({agree / total:.4%})")
    out = ROOT / "target" / "differential"
    out.mkdir(parents=True, exist_ok=True)
    with open(out / f"disagreements-{suite}.txt", "w", encoding="utf-8") as f:
        for what, case, want, got in problems:
            f.write(f"[{what}] {case['kind']} {case.get('options', '')}\n  input: {case['text']!r}\n"
                    f"  ftfy:  {want!r}\n  ours:  {got!r}\n")
    for what, case, want, got in problems[: args.max_show]:
        print(f"  [{what}] {case['kind']} {case.get('options', '')}\n    input: {case['text']!r}\n"
              f"    ftfy:  {want!r}\n    ours:  {got!r}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--suite", choices=["encoding", "fix_text", "all"], default="all")
    parser.add_argument("--sample", type=int, default=0, help="check a random subset of this size per suite")
    parser.add_argument("--per-locale", type=int, default=1100, help="clean strings per Faker locale")
    parser.add_argument("--min-agreement", type=float, default=0.999)
    parser.add_argument("--max-show", type=int, default=20)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--engine", choices=ENGINES + ["both"], default="both",
                        help="the library (fast), ftfy-reference (reference), or both")
    args = parser.parse_args()
    args.engines = ENGINES if args.engine == "both" else [args.engine]
    import ftfy

    from differential import corpus
    assert ftfy.__version__ == "6.3.1"

    results = []
    if args.suite in ("encoding", "all"):
        results += encoding_suite(args, ftfy, corpus)
    if args.suite in ("fix_text", "all"):
        results += fix_text_suite(args, ftfy, corpus)
    ok = all(good for good, _ in results)
    print(("differential: PASS " if ok else "differential: FAIL ") + "; ".join(s for _, s in results))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
