"""Regular expressions from configuration, compiled with RE2: matching takes time linear in the text whatever the
pattern (`^(a+)+$` cannot backtrack for ever), and a pattern RE2 cannot run is refused, never handed to `re`."""

from __future__ import annotations

import functools
from typing import Protocol


class UnsafePattern(ValueError):
    """A configured pattern RE2 cannot compile; the message says why."""


class Searcher(Protocol):
    def search(self, text: str) -> object | None: ...


def refusal(pattern: str) -> str:
    """Why RE2 cannot run `pattern` ("" when it can)."""
    try:
        searcher(pattern)
    except UnsafePattern as exc:
        return str(exc)
    return ""


@functools.lru_cache(maxsize=32)
def searcher(pattern: str) -> Searcher:
    """`pattern` compiled by RE2, matching case-insensitively; UnsafePattern when RE2 cannot compile it (a
    backreference, a lookaround, or a syntax error)."""
    import re2

    options = re2.Options()
    options.case_sensitive = False
    options.log_errors = False  # RE2 would print its own complaint to stderr beside ours
    try:
        return re2.compile(pattern, options)
    except re2.error as exc:
        reason = exc.args[0] if exc.args else exc
        text = reason.decode(errors="replace") if isinstance(reason, bytes) else str(reason)
        raise UnsafePattern(f"{text}; RE2 runs patterns in linear time and has no backreferences or "
                            "lookaround") from None
