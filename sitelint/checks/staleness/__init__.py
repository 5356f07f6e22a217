"""Staleness: is a page still true (age, review date, versions, dated claims, references, code drift)?"""

from __future__ import annotations

from sitelint.checks import CheckSpec
from sitelint.checks.staleness import (
    code_drift,
    dated_claims,
    page_age,
    references,
    review_dates,
    translation_lag,
    versions,
)

CHECKS: tuple[CheckSpec, ...] = (
    page_age.CHECK,
    review_dates.CHECK,
    versions.CHECK,
    dated_claims.CHECK,
    references.CHECK,
    code_drift.CHECK,
    translation_lag.CHECK,
)
