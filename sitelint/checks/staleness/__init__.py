"""Staleness: is a page still true (age, review date, versions, dated claims, references, code drift) and still
reached (orphan pages)?"""

from __future__ import annotations

from sitelint.checks import CheckSpec
from sitelint.checks.staleness import (
    anchors,
    code_drift,
    dated_claims,
    orphan_pages,
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
    orphan_pages.CHECK,
    anchors.CHECK,
    anchors.MISDIRECTED,
)
