"""
ftfy's command-line tool, on ftfy_rs: ``python -m ftfy_rs`` and the
``ftfy-rs`` command take ftfy's arguments and write what ftfy's ``ftfy``
command writes.

    python -m ftfy_rs [-o OUTPUT] [-g] [-e ENCODING] [-n NORMALIZATION]
                      [--preserve-entities] [filename]

An output file is written under a temporary name beside it and renamed
when the input is all fixed, so that an interrupted run (Ctrl-C), or one
that fails on bytes it cannot decode, leaves no partial file behind.
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import stat
import sys
from typing import IO, NoReturn, Union

from ftfy_rs import TextFixerConfig, __version__, fix_file, ftfy_version
from ftfy_rs._ftfy_names import (
    DECODE_ERROR_TEXT,
    ENCODE_ERROR_TEXT_UNIX,
    ENCODE_ERROR_TEXT_WINDOWS,
    SAME_FILE_ERROR_TEXT,
)

__all__ = ["main", "DECODE_ERROR_TEXT", "ENCODE_ERROR_TEXT_UNIX", "ENCODE_ERROR_TEXT_WINDOWS",
           "SAME_FILE_ERROR_TEXT"]
# ftfy's module has these names too (imported there).
__all__ += ["TextFixerConfig", "Union", "fix_file", "os", "sys"]

# The exit status of a command stopped by Ctrl-C (128 + SIGINT).
_INTERRUPTED = 130


def main() -> None:
    """
    Run ftfy as a command-line utility.
    """
    run()


def run(prog: str | None = None) -> None:
    """The command, named `prog` in its help and errors (by default, the
    name it was run by: `ftfy-rs`)."""
    args = _parser(prog).parse_args()
    encoding = None if args.guess else args.encoding
    if args.output != "-" and args.filename != "-" and (
        os.path.realpath(args.output) == os.path.realpath(args.filename)
    ):
        sys.stderr.write(SAME_FILE_ERROR_TEXT)
        sys.exit(1)
    normalization = None if args.normalization.lower() == "none" else args.normalization
    unescape_html: Union[str, bool] = False if args.preserve_entities else "auto"
    config = TextFixerConfig(unescape_html=unescape_html, normalization=normalization)

    file = sys.stdin.buffer if args.filename == "-" else _open_input(args.filename)
    try:
        output = _Output(args.output)
    except OSError as error:
        _fail(f"cannot create {args.output}: {error.strerror or error}")
    try:
        with file:
            for line in fix_file(file, encoding=encoding, config=config):
                output.write(line)
        output.commit()
    except UnicodeDecodeError as err:
        output.discard()
        sys.stderr.write(DECODE_ERROR_TEXT % (encoding, err))
        sys.exit(1)
    except KeyboardInterrupt:
        output.discard()
        sys.stderr.write("ftfy_rs: interrupted; no output written\n")
        sys.exit(_INTERRUPTED)
    except BaseException:
        output.discard()
        raise


def _fail(message: str) -> NoReturn:
    """Ends the run as the Rust command does: ftfy's first line, then what
    went wrong, and status 1."""
    sys.stderr.write(f"ftfy error:\n{message}\n")
    sys.exit(1)


def _open_input(name: str) -> IO[bytes]:
    """The input file, or the end of the run with what is wrong with it."""
    if os.path.isdir(name):
        _fail(f"{name} is a directory")
    try:
        return open(name, "rb")
    except OSError as error:
        _fail(f"cannot open {name}: {error.strerror or error}")


def _parser(prog: str | None = None) -> argparse.ArgumentParser:
    """ftfy's arguments."""
    parser = argparse.ArgumentParser(
        prog=prog,
        description=f"ftfy (fixes text for you): ftfy_rs {__version__}, "
        f"a drop-in for ftfy {ftfy_version}"
    )
    parser.add_argument(
        "filename",
        default="-",
        nargs="?",
        help="The file whose Unicode is to be fixed. Defaults to -, meaning standard input.",
    )
    parser.add_argument(
        "-o",
        "--output",
        type=str,
        default="-",
        help="The file to output to. Defaults to -, meaning standard output.",
    )
    parser.add_argument(
        "-g",
        "--guess",
        action="store_true",
        help="Ask ftfy to guess the encoding of your input. This is risky. Overrides -e.",
    )
    parser.add_argument(
        "-e",
        "--encoding",
        type=str,
        default="utf-8",
        help="The encoding of the input. Defaults to UTF-8.",
    )
    parser.add_argument(
        "-n",
        "--normalization",
        type=str,
        default="NFC",
        help='The normalization of Unicode to apply. Defaults to NFC. Can be "none".',
    )
    parser.add_argument(
        "--preserve-entities",
        action="store_true",
        help="Leave HTML entities as they are. The default "
        "is to decode them, as long as no HTML tags have appeared in the file.",
    )
    return parser


class _Output:
    """Standard output, or a file written under a temporary name in its
    folder and renamed over it by `commit` (`discard` removes it)."""

    def __init__(self, path: str) -> None:
        """Opens the output, `-` for standard output. An existing output
        that is not a regular file (a device such as /dev/null, a pipe) is
        written directly: renaming a file over it would replace it."""
        self.path = path
        self.temporary: str | None = None
        if path == "-":
            self.stream: IO[str] = sys.stdout
            return
        if os.path.exists(path) and not stat.S_ISREG(os.stat(path).st_mode):
            self.stream = open(path, "w", encoding="utf-8")
            return
        if os.path.exists(path):
            # The file's own error (a read-only file, or one of a
            # pseudo-filesystem such as /proc), not the temporary file's.
            with open(path, "r+b"):
                pass
        folder, name = os.path.split(os.path.abspath(path))
        self.temporary = os.path.join(folder, f".{name}.{secrets.token_hex(4)}.ftfy-rs")
        # Created as open(path, "w") would create it (mode 666 less umask).
        descriptor = os.open(self.temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        self.stream = open(descriptor, "w", encoding="utf-8")

    def write(self, line: str) -> None:
        """Writes a line, or exits with ftfy's message when the output
        cannot encode it."""
        try:
            self.stream.write(line)
        except UnicodeEncodeError:
            self.discard()
            if sys.platform == "win32":
                sys.stderr.write(ENCODE_ERROR_TEXT_WINDOWS)
            else:
                sys.stderr.write(ENCODE_ERROR_TEXT_UNIX)
            sys.exit(1)

    def commit(self) -> None:
        """Puts the output file in place (keeping the mode of a file it
        replaces)."""
        self.stream.flush()
        if self.temporary is None:
            if self.stream is not sys.stdout:
                self.stream.close()
            return
        self.stream.close()
        if os.path.exists(self.path):
            shutil.copymode(self.path, self.temporary)
        os.replace(self.temporary, self.path)
        self.temporary = None

    def discard(self) -> None:
        """Removes the temporary file, if any."""
        if self.temporary is None:
            return
        self.stream.close()
        try:
            os.remove(self.temporary)
        except FileNotFoundError:
            pass
        self.temporary = None
