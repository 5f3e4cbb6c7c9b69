"""
ftfy_rs: fixes text for you, in Rust.

A drop-in for the Python package ftfy 6.3.1: the same functions with the
same signatures, defaults, return types and exceptions, giving the same
answers, many times faster. Existing code switches with one line::

    import ftfy_rs as ftfy

or, before importing a library that uses ftfy::

    import sys, ftfy_rs
    sys.modules["ftfy"] = ftfy_rs

Beyond ftfy, :func:`fix_texts` fixes many strings (a list, any iterable,
an Arrow array, a pandas or Polars Series) in parallel without holding the
GIL, and :func:`fix_column` a column of a DataFrame or Arrow table.

The package's own version is ``ftfy_rs.__version__``; the version of ftfy
whose interface and answers it reproduces is ``ftfy_rs.ftfy_version``.
"""

from __future__ import annotations

import codecs
import importlib
import sys
import unicodedata
import warnings
from collections.abc import Iterable, Iterator
from typing import Any, BinaryIO, Callable, Literal, NamedTuple, TextIO, cast

from ftfy_rs import _columns, _native, bad_codecs, fixes
from ftfy_rs._native import BYTES_ERROR_TEXT
from ftfy_rs.badness import is_bad  # noqa: F401 (as in ftfy)
from ftfy_rs.formatting import display_ljust

# This distribution's version (the Rust crate's, which the wheel carries).
__version__: str = _native.__version__

# The version of ftfy whose interface and answers this package reproduces.
ftfy_version = "6.3.1"

bad_codecs.ok()


class ExplanationStep(NamedTuple):
    """
    One step of a plan, as a pair: the action (`encode`, `decode`,
    `transcode`, `apply` or `normalize`) and what it uses (a codec's
    name, a fix's name, or a normalization form). A list of them is what
    `fix_and_explain` returns and `apply_plan` replays.
    """

    action: str
    parameter: str

    def __repr__(self) -> str:
        """The representation of the equivalent tuple, as in ftfy."""
        return repr(tuple(self))


class ExplainedText(NamedTuple):
    """
    The fixed text, and the plan that fixed it (`None` when the config
    asked for no explanation).
    """

    text: str
    explanation: list[ExplanationStep] | None


# Functions that can be applied using `apply_plan`.
FIXERS: dict[str, Callable] = {  # type: ignore[type-arg]
    "unescape_html": fixes.unescape_html,
    "remove_terminal_escapes": fixes.remove_terminal_escapes,
    "restore_byte_a0": fixes.restore_byte_a0,
    "replace_lossy_sequences": fixes.replace_lossy_sequences,
    "decode_inconsistent_utf8": fixes.decode_inconsistent_utf8,
    "fix_c1_controls": fixes.fix_c1_controls,
    "fix_latin_ligatures": fixes.fix_latin_ligatures,
    "fix_character_width": fixes.fix_character_width,
    "uncurl_quotes": fixes.uncurl_quotes,
    "fix_line_breaks": fixes.fix_line_breaks,
    "fix_surrogates": fixes.fix_surrogates,
    "remove_control_chars": fixes.remove_control_chars,
}


class TextFixerConfig(NamedTuple):
    r"""
    The options of ftfy's fixes, with ftfy 6.3.1's names and defaults. Build
    one with keyword arguments, and change one with `_replace`::

        >>> config = TextFixerConfig(uncurl_quotes=False)
        >>> config._replace(unescape_html=False).unescape_html
        False

    - `unescape_html`: "auto" (decode HTML entities unless the text holds a
      `<`), True or False.
    - `remove_terminal_escapes`: remove ANSI terminal escapes.
    - `fix_encoding`: detect and undo mojibake; `restore_byte_a0`,
      `replace_lossy_sequences` and `decode_inconsistent_utf8` tune it.
    - `fix_c1_controls`: C1 controls become the Windows-1252 characters.
    - `fix_latin_ligatures`, `fix_character_width`, `uncurl_quotes`,
      `fix_line_breaks`, `fix_surrogates`, `remove_control_chars`.
    - `normalization`: "NFC", "NFD", "NFKC", "NFKD" or None.
    - `max_decode_length`: the longest segment fixed at once.
    - `explain`: whether the `*_and_explain` functions build a plan.
    - `extended_recovery` (ftfy_rs only, off by default): also undo the
      mojibake that ftfy 6.3.1 leaves broken, such as Latin text read as
      Cyrillic (`'Un cafГ© au lait'` becomes `'Un café au lait'`) or one
      Cyrillic encoding read as another (`'Ïðèâåò'` becomes `'Привет'`).
      Off, every answer is ftfy 6.3.1's.

    The first 16 fields are ftfy 6.3.1's, in its order; `extended_recovery`
    comes last, so configs built by position or with `_replace` for ftfy
    work unchanged. Functions also accept ftfy's own `TextFixerConfig`.
    """

    unescape_html: str | bool = "auto"
    remove_terminal_escapes: bool = True
    fix_encoding: bool = True
    restore_byte_a0: bool = True
    replace_lossy_sequences: bool = True
    decode_inconsistent_utf8: bool = True
    fix_c1_controls: bool = True
    fix_latin_ligatures: bool = True
    fix_character_width: bool = True
    uncurl_quotes: bool = True
    fix_line_breaks: bool = True
    fix_surrogates: bool = True
    remove_control_chars: bool = True
    normalization: str | None = "NFC"
    max_decode_length: int = 1000000
    explain: bool = True
    extended_recovery: bool = False


# The compiled half reads a config by position: make sure it agrees.
assert TextFixerConfig._fields == tuple(_native.CONFIG_FIELDS)


# The default configs, made once: a config is immutable, and the compiled
# half converts the config object it last saw only once.
_DEFAULTS = TextFixerConfig()
_DEFAULTS_NO_EXPLAIN = TextFixerConfig(explain=False)


def _config_from_kwargs(config: TextFixerConfig, kwargs: dict[str, Any]) -> TextFixerConfig:
    """Applies keyword options to a config, accepting ftfy 4's `fix_entities`."""
    if not kwargs and type(config) is TextFixerConfig:
        # What `_replace()` would give: an equal config.
        return config
    if "fix_entities" in kwargs:
        warnings.warn(
            "`fix_entities` has been renamed to `unescape_html`",
            DeprecationWarning,
            stacklevel=3,
        )
        kwargs = kwargs.copy()
        kwargs["unescape_html"] = kwargs["fix_entities"]
        del kwargs["fix_entities"]
    return config._replace(**kwargs)


def _check_text(text: Any) -> None:
    """Raises what ftfy raises for bytes given as text."""
    if isinstance(text, bytes):
        raise UnicodeError(BYTES_ERROR_TEXT)


def _steps(plan: list[tuple[str, str]] | None) -> list[ExplanationStep] | None:
    """A plan from the compiled half as ExplanationSteps."""
    if plan is None:
        return None
    return [ExplanationStep(action, parameter) for action, parameter in plan]


def fix_text(text: str, config: TextFixerConfig | None = None, **kwargs: Any) -> str:
    r"""
    Fixes damaged Unicode text line by line: mojibake, HTML entities
    outside HTML, terminal escapes, ligatures, full-width letters, curly
    quotes, line breaks, surrogates, control characters and
    normalization, as the config (or keyword options) chooses.

            >>> fix_text('âœ” No problems')
            '✔ No problems'
            >>> fix_text('&macr;\\_(ã\x83\x84)_/&macr;')
            '¯\\_(ツ)_/¯'

        `config` is a :class:`TextFixerConfig`; keyword arguments override its
        options (`fix_text(text, uncurl_quotes=False)`). The text is fixed line
        by line, in segments of at most `max_decode_length` characters; in
        "auto" mode, HTML entities stop being decoded from the first line that
        holds a `<`.
    """
    if kwargs or (config is not None and type(config) is not TextFixerConfig):
        # The slow path only where ftfy's `_replace` has work to do (or
        # raises, for a config that is not a TextFixerConfig).
        if config is None:
            config = _DEFAULTS_NO_EXPLAIN
        config = _config_from_kwargs(config, kwargs)
    # The compiled half raises ftfy's UnicodeError for bytes itself.
    return _native.fix_text(text, config)


def fix_and_explain(
    text: str, config: TextFixerConfig | None = None, **kwargs: Any
) -> ExplainedText:
    """
    Fixes `text` as one segment, as `fix_text` fixes a line, and returns
    the fixed text with the plan of steps that made it (see
    `apply_plan`).

            >>> fix_and_explain("sÃ³")
            ExplainedText(text='só', explanation=[('encode', 'latin-1'), ('decode', 'utf-8')])

        The explanation is None when the config's `explain` option is off.
    """
    if config is None:
        config = _DEFAULTS
    _check_text(text)
    config = _config_from_kwargs(config, kwargs)
    fixed, plan = _native.fix_and_explain(text, config)
    return ExplainedText(fixed, _steps(plan))


def fix_encoding_and_explain(
    text: str, config: TextFixerConfig | None = None, **kwargs: Any
) -> ExplainedText:
    """
    Undoes mojibake in `text` and returns the result with the plan that
    undid it; other fixes are not applied.

        >>> fix_encoding_and_explain("sÃ³")
        ExplainedText(text='só', explanation=[('encode', 'latin-1'), ('decode', 'utf-8')])
    """
    if config is None:
        config = _DEFAULTS
    _check_text(text)
    config = _config_from_kwargs(config, kwargs)
    fixed, plan = _native.fix_encoding_and_explain(text, config)
    return ExplainedText(fixed, _steps(plan))


def fix_encoding(text: str, config: TextFixerConfig | None = None, **kwargs: Any) -> str:
    """
    Undoes mojibake in `text` (UTF-8 decoded as a single-byte encoding,
    once or more), and nothing else.

        >>> fix_encoding('Ã\xa0 perturber la rÃ©flexion')
        'à perturber la réflexion'
    """
    if config is None:
        config = _DEFAULTS_NO_EXPLAIN
    config = _config_from_kwargs(config, kwargs)
    _check_text(text)
    return _native.fix_encoding(text, config)


# Some alternate names for the main functions, as in ftfy.
ftfy = fix_text


def fix_text_segment(text: str, config: TextFixerConfig | None = None, **kwargs: Any) -> str:
    """
    Fixes `text` as a single segment, without cutting it into lines: for
    text that surely went through one kind of damage.
    """
    if config is None:
        config = _DEFAULTS_NO_EXPLAIN
    config = _config_from_kwargs(config, kwargs)
    _check_text(text)
    return _native.fix_text_segment(text, config)


def fix_file(
    input_file: TextIO | BinaryIO,
    encoding: str | None = None,
    config: TextFixerConfig | None = None,
    **kwargs: Any,
) -> Iterator[str]:
    """
    Fix text that is found in a file, yielding the fixed text line by line.

    The file may be opened in text or binary mode (or be any iterable of
    lines). Bytes are decoded with `encoding`, or, if it is None, with the
    encoding that :func:`guess_bytes` guesses from the first line (from the
    first 64 KiB with `extended_recovery`). In "auto" mode, HTML entities
    stop being decoded from the first line that holds a `<`.

    Memory stays bounded however long the lines are: a line longer than
    `max_decode_length` characters is fixed in pieces, cut where
    :func:`fix_text` cuts it (ftfy 6.3.1 reads and fixes such a line
    whole).
    """
    if config is None:
        config = _DEFAULTS
    config = _config_from_kwargs(config, kwargs)
    read = getattr(input_file, "read", None)
    if read is not None and isinstance(read(0), bytes):
        yield from _fix_binary_file(input_file, encoding, config)
        return
    # Text: a text stream's own lines (read at most max_decode_length
    # characters at a time), or the items of an iterable.
    limit = max(config.max_decode_length, 1)
    decoder = None
    for line in _lines(input_file, limit):
        if isinstance(line, bytes):
            # An iterable of bytes: each item a line, decoded as ftfy does
            # (a character cut between two items is joined again).
            if decoder is None:
                if encoding is None:
                    encoding = _guess(line, config.extended_recovery)[1]
                decoder = codecs.getincrementaldecoder(encoding)()
            line = decoder.decode(line)
        segments = [line] if len(line) <= limit else _native.split_segments(line, limit)
        for segment in segments:
            if config.unescape_html == "auto" and "<" in segment:
                config = config._replace(unescape_html=False)
            yield _native.fix_text_segment(segment, config)
    if decoder is not None:
        # Raises for bytes left undecoded at the end.
        decoder.decode(b"", True)


def _lines(input_file: Any, limit: int) -> Iterator[Any]:
    """The lines of a text stream, read at most `limit` characters at a
    time, or the items of any other iterable."""
    readline = getattr(input_file, "readline", None)
    if readline is not None:
        try:
            line = readline(limit)
        except TypeError:
            # A readline that takes no size: iterate, as ftfy does.
            readline = None
    if readline is None:
        yield from input_file
        return
    while line:
        yield line
        line = readline(limit)


def _fix_binary_file(
    input_file: BinaryIO, encoding: str | None, config: TextFixerConfig
) -> Iterator[str]:
    """fix_file on a binary stream: read, decoded (or guessed) and cut by
    the Rust crate, or, for an encoding that the crate does not decode as
    Python does, decoded by Python's codec first."""
    try:
        lines = _native.FileFixer(input_file, encoding, config)
    except LookupError:
        codecs.lookup(cast(str, encoding))  # an unknown name raises here
        lines = _native.FileFixer(_Utf8Reader(input_file, cast(str, encoding)), "utf-8", config)
    yield from lines


class _Utf8Reader:
    """A binary stream in another encoding, read as UTF-8: decoded by
    Python's codec, so that its errors are Python's."""

    def __init__(self, stream: BinaryIO, encoding: str) -> None:
        """Reads `stream`, in `encoding`."""
        self.stream = stream
        self.decoder = codecs.getincrementaldecoder(encoding)()
        self.pending = b""

    def read(self, size: int) -> bytes:
        """At most `size` bytes of UTF-8; empty at the end."""
        while len(self.pending) < size:
            data = self.stream.read(size)
            final = not data
            self.pending += self.decoder.decode(data, final).encode("utf-8", "surrogatepass")
            if final:
                break
        out, self.pending = self.pending[:size], self.pending[size:]
        return out


def guess_bytes(bstring: bytes) -> tuple[str, str]:
    """
    Guess the encoding of bytes of unknown encoding, among UTF-16 (with a
    byte-order mark), UTF-8, utf-8-variants, MacRoman and
    sloppy-windows-1252. Returns the decoded text and the encoding's name.

        >>> guess_bytes(b"caf\\xc3\\xa9")
        ('café', 'utf-8')

    This is not a good way to use ftfy: know your encoding if you can.
    """
    return _guess(bstring, False)


def guess_bytes_with(
    bstring: bytes, config: TextFixerConfig | None = None, **kwargs: Any
) -> tuple[str, str]:
    """
    :func:`guess_bytes` with a config (not in ftfy): with
    `extended_recovery=True`, the document guess of
    :func:`guess_bytes_ranked` (every encoding it knows, weighed on the
    first 64 KiB by a language model), reading bytes the encoding cannot
    decode as U+FFFD:

        >>> guess_bytes_with("Привет, как дела? Сегодня хорошая погода.".encode("koi8-r"),
        ...                  extended_recovery=True)
        ('Привет, как дела? Сегодня хорошая погода.', 'koi8-r')

    Without it, exactly guess_bytes. The names are Python's codecs' (or
    ftfy's, for sloppy-windows-1252 and utf-8-variants).
    """
    if config is None:
        config = _DEFAULTS
    config = _config_from_kwargs(config, kwargs)
    return _guess(bstring, config.extended_recovery)


class EncodingGuess(NamedTuple):
    """One encoding that bytes may be in, as :func:`guess_bytes_ranked`
    ranks it."""

    encoding: str
    """The encoding's name, one that Python's codecs (with ftfy_rs's
    sloppy codecs) and :func:`fix_file` read."""
    confidence: float
    """How likely its reading is, from 0 to 1; encodings that read the
    bytes alike share one."""
    reads_like: str | None
    """The encoding ranked before it that reads the bytes to the same
    text, if any."""
    evidence: str
    """What the guess weighed: the reading's bits, its prior, bytes it
    cannot decode, a declaration, the language it reads as."""


def guess_bytes_ranked(bstring: bytes) -> list[EncodingGuess]:
    """
    Every encoding bytes of unknown encoding may be in, most likely first
    (not in ftfy): UTF-8, UTF-16 and UTF-32 with or without a byte-order
    mark, the Windows, ISO-8859, DOS, Mac and KOI8 code pages, the CJK
    encodings, ISO-2022; each reading judged by a language model on the
    first 64 KiB, a declared charset taken as evidence.

        >>> ranked = guess_bytes_ranked("Привет, как дела?".encode("cp1251"))
        >>> ranked[0].encoding, ranked[0].confidence > 0.9
        ('windows-1251', True)
    """
    if isinstance(bstring, str):
        raise UnicodeError(
            "This string was already decoded as Unicode. You should pass "
            "bytes to guess_bytes_ranked, not Unicode."
        )
    return [EncodingGuess(*guess) for guess in _native.guess_bytes_ranked(bytes(bstring))]


def _guess(bstring: bytes, extended_recovery: bool) -> tuple[str, str]:
    """guess_bytes, in extended mode or not; ftfy's errors either way."""
    if isinstance(bstring, str):
        raise UnicodeError(
            "This string was already decoded as Unicode. You should pass "
            "bytes to guess_bytes, not Unicode."
        )
    if not isinstance(bstring, bytes):
        # What ftfy ends up doing with other buffers: the same decoding.
        bstring = bytes(bstring)
    return cast("tuple[str, str]", _native.guess_bytes(bstring, extended_recovery))


def apply_plan(text: str, plan: list[tuple[str, str]]) -> str:
    """
    Replays a plan (from `fix_and_explain` or
    `fix_encoding_and_explain`) on `text`, to fix other text damaged the
    same way.

        >>> apply_plan("sÃ³", [("encode", "latin-1"), ("decode", "utf-8")])
        'só'
    """
    obj: Any = text
    for operation, encoding in plan:
        if operation == "encode":
            obj = obj.encode(encoding)
        elif operation == "decode":
            obj = obj.decode(encoding)
        elif operation in ("transcode", "apply"):
            if encoding in FIXERS:
                obj = FIXERS[encoding](obj)
            elif isinstance(obj, bytes):
                # Extended recovery's byte repair, or an unknown name.
                obj = _native.apply_byte_fix(encoding, obj)
            else:
                # Extended recovery's span repairs, or an unknown name.
                obj = _native.apply_fix(encoding, obj)
        elif operation == "normalize":
            # ftfy's plans name this step but its apply_plan rejects it;
            # replaying it is what the plan means.
            obj = unicodedata.normalize(encoding, obj)
        else:
            raise ValueError(f"Unknown plan step: {operation}")
    return obj  # type: ignore[no-any-return]


def explain_unicode(text: str) -> None:
    """
    Prints one line per code point of `text`: its number, the character
    (escaped if invisible), its general category and its name. For
    seeing what a puzzling string really holds.

        >>> explain_unicode('(╯°□°)╯︵ ┻━┻')
        U+0028  (       [Ps] LEFT PARENTHESIS
        U+256F  ╯       [So] BOX DRAWINGS LIGHT ARC UP AND LEFT
        U+00B0  °       [So] DEGREE SIGN
        U+25A1  □       [So] WHITE SQUARE
        U+00B0  °       [So] DEGREE SIGN
        U+0029  )       [Pe] RIGHT PARENTHESIS
        U+256F  ╯       [So] BOX DRAWINGS LIGHT ARC UP AND LEFT
        U+FE35  ︵      [Ps] PRESENTATION FORM FOR VERTICAL LEFT PARENTHESIS
        U+0020          [Zs] SPACE
        U+253B  ┻       [So] BOX DRAWINGS HEAVY UP AND HORIZONTAL
        U+2501  ━       [So] BOX DRAWINGS HEAVY HORIZONTAL
        U+253B  ┻       [So] BOX DRAWINGS HEAVY UP AND HORIZONTAL
    """
    for char in text:
        if char.isprintable():
            display = char
        else:
            display = char.encode("unicode-escape").decode("ascii")
        print(
            "U+{code:04X}  {display} [{category}] {name}".format(
                display=display_ljust(display, 7),
                code=ord(char),
                category=unicodedata.category(char),
                name=unicodedata.name(char, "<unknown>"),
            )
        )


def fix_texts(
    texts: Iterable[str] | Any,
    config: TextFixerConfig | None = None,
    *,
    threads: int | None = None,
    errors: Literal["raise", "keep", "null"] = "raise",
    per_string: bool = False,
    **kwargs: Any,
) -> Any:
    """
    Fix many texts at once, each as :func:`fix_text` fixes it, in parallel
    and without holding the GIL.

    `texts` may be

    - any iterable of `str`: the result is a list, in the same order;
    - a pandas Series: a Series with the same index, name and dtype,
      missing values kept;
    - a Polars Series: a Polars Series; a Polars expression: an expression
      (for `df.with_columns(fix_texts(pl.col("text")))`);
    - a pyarrow Array or ChunkedArray, or any object that exports an Arrow
      array or stream (`__arrow_c_array__`, `__arrow_c_stream__`): the same
      kind, nulls kept. Arrow string, large_string and string_view columns,
      and dictionary-encoded ones (only the dictionary is fixed), keep
      their type.

    `threads` is the number of threads that fix; None uses every core.
    `errors` says what to do with an element that is not a string: "raise"
    (a TypeError naming the first one), "keep" (return it unchanged) or
    "null" (None in its place). Keyword options override the config's, as
    in :func:`fix_text`.

    The texts are one column: with `extended_recovery=True`, the mode may
    judge them together, as one document; `per_string=True` judges each
    alone, as :func:`fix_text` does. (In this version each string is judged
    alone either way; off extended recovery every answer is fix_text's.)

        >>> fix_texts(["cafÃ©", "fine"])
        ['café', 'fine']
        >>> fix_texts(["cafÃ©", 3.5], errors="keep")
        ['café', 3.5]
    """
    if isinstance(texts, (str, bytes)):
        raise TypeError("fix_texts takes an iterable of strings, not one string")
    if config is not None and not isinstance(config, tuple):
        raise TypeError("config must be a TextFixerConfig or None")
    if kwargs:
        config = _config_from_kwargs(_DEFAULTS_NO_EXPLAIN if config is None else config, kwargs)
    return _columns.fix(texts, config, threads, errors, per_string)


def fix_column(
    table: Any,
    column: Any,
    config: TextFixerConfig | None = None,
    *,
    threads: int | None = None,
    errors: Literal["raise", "keep", "null"] = "raise",
    per_string: bool = False,
    **kwargs: Any,
) -> Any:
    """
    A copy of `table` with its text column `column` fixed as
    :func:`fix_texts` fixes a Series: `table` is a pandas or Polars
    DataFrame, a Polars LazyFrame, or a pyarrow Table (or RecordBatch).
    The other columns are shared, not copied.

        >>> import pandas as pd
        >>> fix_column(pd.DataFrame({"id": [1, 2], "text": ["cafÃ©", None]}), "text")
           id  text
        0   1  café
        1   2   NaN
    """
    if config is not None and not isinstance(config, tuple):
        raise TypeError("config must be a TextFixerConfig or None")
    if kwargs:
        config = _config_from_kwargs(_DEFAULTS_NO_EXPLAIN if config is None else config, kwargs)
    return _columns.fix_column(table, column, config, threads, errors, per_string)


_SUBMODULES = ("badness", "bad_codecs", "chardata", "cli", "fixes", "formatting")


def __getattr__(name: str) -> Any:
    """Imports a submodule (`ftfy_rs.chardata`, say) when it is first used."""
    if name in _SUBMODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# `sys.modules["ftfy"] = ftfy_rs` makes `import ftfy` find this module;
# make `import ftfy.fixes` and friends find ours too.
class _AliasFinder:
    """Resolves `ftfy.<submodule>` to `ftfy_rs.<submodule>` when `ftfy` is
    an alias of this module."""

    @staticmethod
    def find_spec(fullname: str, path: Any = None, target: Any = None) -> Any:
        """Finds `ftfy.x` as `ftfy_rs.x` while `ftfy` is this module."""
        head, _, tail = fullname.partition(".")
        if head == "ftfy" and tail and sys.modules.get("ftfy") is sys.modules[__name__]:
            import importlib.util

            module = importlib.import_module(f"{__name__}.{tail}")
            return importlib.util.spec_from_loader(fullname, _AliasLoader(module))
        return None


class _AliasLoader:
    """Hands an already imported module out under another name."""

    def __init__(self, module: Any) -> None:
        """Remembers the module to hand out."""
        self.module = module

    def create_module(self, spec: Any) -> Any:
        """The module itself, not a new one."""
        return self.module

    def exec_module(self, module: Any) -> None:
        """Nothing to run: the module is already imported."""


# First in line: the path finder would otherwise load a second copy of
# each submodule under the `ftfy.` name.
sys.meta_path.insert(0, _AliasFinder)
