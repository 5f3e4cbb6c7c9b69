"""Type stubs for ftfy_rs: ftfy 6.3.1's interface, plus fix_texts."""

from typing import Any, BinaryIO, Callable, Iterable, Iterator, Literal, NamedTuple, TextIO, TypeVar, overload

from ftfy_rs import bad_codecs as bad_codecs
from ftfy_rs import badness as badness
from ftfy_rs import chardata as chardata
from ftfy_rs import fixes as fixes
from ftfy_rs import formatting as formatting

__version__: str
BYTES_ERROR_TEXT: str
FIXERS: dict[str, Callable[..., Any]]

class ExplanationStep(NamedTuple):
    action: str
    parameter: str

class ExplainedText(NamedTuple):
    text: str
    explanation: list[ExplanationStep] | None

class TextFixerConfig(NamedTuple):
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
    normalization: Literal["NFC", "NFD", "NFKC", "NFKD"] | None = "NFC"
    max_decode_length: int = 1000000
    explain: bool = True
    extended_recovery: bool = False

def fix_text(text: str, config: TextFixerConfig | None = None, **kwargs: Any) -> str: ...
def ftfy(text: str, config: TextFixerConfig | None = None, **kwargs: Any) -> str: ...
def fix_and_explain(text: str, config: TextFixerConfig | None = None, **kwargs: Any) -> ExplainedText: ...
def fix_encoding_and_explain(
    text: str, config: TextFixerConfig | None = None, **kwargs: Any
) -> ExplainedText: ...
def fix_encoding(text: str, config: TextFixerConfig | None = None, **kwargs: Any) -> str: ...
def fix_text_segment(text: str, config: TextFixerConfig | None = None, **kwargs: Any) -> str: ...
def fix_file(
    input_file: TextIO | BinaryIO,
    encoding: str | None = None,
    config: TextFixerConfig | None = None,
    **kwargs: Any,
) -> Iterator[str]: ...
def guess_bytes(bstring: bytes) -> tuple[str, str]: ...
def guess_bytes_with(
    bstring: bytes, config: TextFixerConfig | None = ..., **kwargs: Any
) -> tuple[str, str]: ...
def apply_plan(text: str, plan: list[tuple[str, str]]) -> str: ...
def explain_unicode(text: str) -> None: ...

_Arrow = TypeVar("_Arrow")

@overload
def fix_texts(
    texts: Iterable[str], config: TextFixerConfig | None = None, *, threads: int | None = None, **kwargs: Any
) -> list[str]: ...
@overload
def fix_texts(
    texts: _Arrow, config: TextFixerConfig | None = None, *, threads: int | None = None, **kwargs: Any
) -> _Arrow: ...
