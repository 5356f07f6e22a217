"""Substance: does a page give the reader something (enough prose, no placeholders, explained code)?"""

from __future__ import annotations

from sitelint.checks import CheckSpec
from sitelint.checks.substance import (
    code_explanation,
    empty_sections,
    padding,
    page_problems,
    placeholders,
    prose_words,
    readability,
)

CHECKS: tuple[CheckSpec, ...] = (
    page_problems.CHECK,
    prose_words.CHECK,
    placeholders.CHECK,
    empty_sections.CHECK,
    padding.CHECK,
    code_explanation.CHECK,
    readability.CHECK,
)
