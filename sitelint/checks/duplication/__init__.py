"""Duplication: the same prose in two places, found without comparing every pair of pages or passages."""

from __future__ import annotations

from sitelint.checks import CheckSpec
from sitelint.checks.duplication import (
    code_blocks,
    copied_passages,
    exact_pages,
    near_pages,
    paraphrases,
    repeated_passages,
)

CHECKS: tuple[CheckSpec, ...] = (
    exact_pages.CHECK,
    near_pages.CHECK,
    copied_passages.CHECK,
    repeated_passages.CHECK,
    paraphrases.CHECK,
    code_blocks.CHECK,
)
