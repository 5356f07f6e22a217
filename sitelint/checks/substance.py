"""Substance checks."""

from __future__ import annotations

from sitelint.model import CheckSpec

CHECKS: tuple[CheckSpec, ...] = ()
