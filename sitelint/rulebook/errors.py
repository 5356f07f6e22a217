"""What the rule book says when a rule or a setting cannot be used."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


class RuleError(Exception):
    """A rule file or a rule setting that cannot be used, worded for the user."""


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, sorted(choices), n=1)
    return f" (did you mean `{close[0]}`?)" if close else ""
