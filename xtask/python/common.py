"""What the scripts of xtask/python/ share: the repository's root, the tools
of xtask/src/bin/, and ftfy 6.3.1's own test cases.

The scripts run through `cargo xtask TASK`, which runs them in `.venv`
(xtask/python/requirements.txt) with this folder on the import path.
"""
import os
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Where cargo puts its builds: target/ unless CARGO_TARGET_DIR says otherwise.
TARGET = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
FTFY_VERSION = "6.3.1"


def tool(name):
    """The path of the tool `name` (xtask/src/bin/NAME.rs), built in
    release mode first."""
    subprocess.run(["cargo", "build", "--quiet", "--release", "-p", "xtask", "--bin", name], cwd=ROOT,
                   check=True)
    return TARGET / "release" / name


def ftfy_test_cases():
    """The path of tests/test_cases.json of ftfy 6.3.1's source
    distribution, which pip downloads into target/ftfy-sdist/ once."""
    folder = ROOT / "target" / "ftfy-sdist"
    cases = folder / f"ftfy-{FTFY_VERSION}" / "tests" / "test_cases.json"
    if not cases.exists():
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
                        "--no-binary", ":all:", "--no-deps", "--dest", str(folder), f"ftfy=={FTFY_VERSION}"],
                       check=True)
        with tarfile.open(folder / f"ftfy-{FTFY_VERSION}.tar.gz") as tar:
            tar.extractall(folder, filter="data")
    return cases
