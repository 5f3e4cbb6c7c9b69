"""Module attributes imported when first used: ftfy's tables and regular
expressions (in `_ftfy_tables`, which takes tens of milliseconds to
import), so that importing ftfy_rs does not pay for them."""

from __future__ import annotations

from typing import Any, Callable


def lazy_tables(
    namespace: dict[str, Any], names: tuple[str, ...]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """A module's `__getattr__` and `__dir__` (PEP 562) that give `names`
    from `_ftfy_tables`, importing it on first use."""

    def __getattr__(name: str) -> Any:
        if name not in names:
            raise AttributeError(f"module {namespace['__name__']!r} has no attribute {name!r}")
        from ftfy_rs import _ftfy_tables

        value = getattr(_ftfy_tables, name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(names))

    return __getattr__, __dir__
