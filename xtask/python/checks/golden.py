"""Checks every expected value in golden/*.toml against ftfy 6.3.1.

A case's expected fix_encoding / fix_text / fix_text_segment / plan must be
ftfy 6.3.1's answer, unless the case is a deliberate difference: then it has
a `why`, and its `ftfy` field must hold ftfy 6.3.1's actual answer (for the
one function the case disagrees on, named by `differs_in`).

Run: cargo xtask golden
"""
import io
import sys
import tomllib
from contextlib import redirect_stdout

import ftfy
from ftfy import formatting

from common import ROOT

assert ftfy.__version__ == "6.3.1", ftfy.__version__

GOLDEN = ROOT / "golden"
HTML_MODES = {"auto": "auto", "always": True, "never": False}


def ftfy_config(overrides):
    options = dict(overrides)
    # ftfy has no extended mode: an extended case's expected value is either
    # ftfy's own (text both leave alone) or a difference with its `why`.
    options.pop("extended_recovery", None)
    if "normalization" in options:
        form = options["normalization"]
        options["normalization"] = None if form == "none" else form
    if "unescape_html" in options:
        options["unescape_html"] = HTML_MODES[options["unescape_html"]]
    return ftfy.TextFixerConfig(**options)


def ftfy_answer(function, text, config, case):
    if function == "explain_unicode":
        buffer = io.StringIO()
        with redirect_stdout(buffer):
            ftfy.explain_unicode(text)
        return buffer.getvalue()
    if function == "character_width":
        return formatting.character_width(text)
    if function == "monospaced_width":
        return formatting.monospaced_width(text)
    if function.startswith("display_"):
        return getattr(formatting, function)(text, case["width"], case["fill"])
    if function == "plan":
        return [repr(step) for step in ftfy.fix_encoding_and_explain(text, config).explanation]
    return getattr(ftfy, function)(text, config._replace(explain=False))


def main():
    checked, problems = 0, []
    for path in sorted(GOLDEN.glob("*.toml")):
        for case in tomllib.loads(path.read_text(encoding="utf-8")).get("case", []):
            config = ftfy_config(case.get("config", {}))
            for function in ("fix_encoding", "fix_text", "fix_text_segment", "plan", "explain_unicode",
                             "character_width", "monospaced_width", "display_ljust", "display_rjust",
                             "display_center"):
                if function not in case:
                    continue
                actual = ftfy_answer(function, case["input"], config, case)
                differs = case.get("differs_in") == function
                expected = case["ftfy"] if differs else case[function]
                checked += 1
                if differs and not case.get("why"):
                    problems.append(f"{path.name}:{case['name']}: a difference needs a `why`")
                if actual != expected:
                    problems.append(
                        f"{path.name}:{case['name']}: {function}: ftfy 6.3.1 says {actual!r}, "
                        f"the golden file says {expected!r}"
                    )
    for problem in problems:
        print(problem)
    print(f"checked {checked} golden values against ftfy 6.3.1: {len(problems)} problems")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
