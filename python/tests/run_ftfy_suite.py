#!/usr/bin/env python3
"""Runs ftfy 6.3.1's own test suite against ftfy_rs and our `ftfy` command.

    python python/tests/run_ftfy_suite.py [pytest arguments...]

Run it with a Python where ftfy_rs is installed (`pip install ./python`).
It fetches ftfy 6.3.1's source distribution with pip, copies its tests/
(unmodified) into target/ftfy-suite/, adds a conftest.py that makes
`import ftfy` give ftfy_rs, builds our command (`cargo build --release -p
ftfy-cli`) and puts it first on PATH for test_cli.py, then runs pytest.
The exit status is pytest's.
"""
import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WORK = ROOT / "target" / "ftfy-suite"
VERSION = "6.3.1"

CONFTEST = '''\
"""Added by ftfy_rs's run_ftfy_suite.py: the tests import `ftfy`, and get ftfy_rs."""
import shutil
import sys

import ftfy_rs

sys.modules["ftfy"] = ftfy_rs

import ftfy  # noqa: E402

assert ftfy is ftfy_rs, "the alias did not take"
assert shutil.which("ftfy") == {binary!r}, "test_cli.py must run our command"
'''


def fetch_sdist() -> Path:
    """The unpacked sdist, downloaded with pip on first use."""
    unpacked = WORK / f"ftfy-{VERSION}"
    if not unpacked.exists():
        WORK.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-binary", ":all:",
             "--no-deps", f"ftfy=={VERSION}", "-d", str(WORK)],
            check=True,
        )
        with tarfile.open(WORK / f"ftfy-{VERSION}.tar.gz") as archive:
            archive.extractall(WORK)
    return unpacked


def build_command() -> Path:
    """Builds our `ftfy` command and returns the folder it is in."""
    subprocess.run(["cargo", "build", "--quiet", "--release", "-p", "ftfy-cli"], cwd=ROOT,
                   check=True)
    return ROOT / "target" / "release"


def main() -> int:
    sdist = fetch_sdist()
    bin_dir = build_command()
    # Only the tests and their pytest settings: never ftfy's own package,
    # which pytest could otherwise import instead of the alias.
    suite = WORK / "suite"
    shutil.rmtree(suite, ignore_errors=True)
    shutil.copytree(sdist / "tests", suite / "tests")
    shutil.copy(sdist / "pytest.ini", suite / "pytest.ini")
    (suite / "conftest.py").write_text(CONFTEST.format(binary=str(bin_dir / "ftfy")))
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "tests", *sys.argv[1:]]
    return subprocess.run(command, cwd=suite, env=env).returncode


if __name__ == "__main__":
    sys.exit(main())
