"""Redundancy: rules that fire on the same pages, and rules that fire where the build already complains.

For two rules A and B over N pages, lift = P(A and B) / (P(A) P(B)) = joint * N / (|A| |B|): 1 when they fire
independently, above 1 when they fire together more than chance would have them. Lift alone favours rare rules (two
rules firing on one page each, the same one, have lift N), so each pair also carries its Jaccard share (joint over the
pages either fires on): a pair firing together on most of the pages either fires on is one instrument counted twice.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from typing import Any

from sitelint.model import Finding

REDUNDANT = 0.5  # Jaccard share from which two rules are said to be one instrument counted twice
MIN_JOINT = 2  # pages two rules must share before their co-firing is reported


def fired_pages(findings: Iterable[Finding]) -> dict[str, set[str]]:
    """The pages each rule fires on (the build's findings left out)."""
    fired: dict[str, set[str]] = {}
    for f in findings:
        if f.dimension != "build":
            fired.setdefault(f.rule, set()).add(f.path)
    return fired


def _pair(a: Collection[str], b: Collection[str], pages: int) -> dict[str, Any]:
    joint = len(set(a) & set(b))
    union = len(set(a) | set(b))
    lift = joint * pages / (len(a) * len(b)) if a and b else 0.0
    return {"joint": joint, "lift": round(lift, 2), "jaccard": round(joint / union, 3) if union else 0.0,
            "redundant": union > 0 and joint >= MIN_JOINT and joint / union >= REDUNDANT}


def co_firing(fired: Mapping[str, Collection[str]], pages: int) -> list[dict[str, Any]]:
    """Every pair of rules sharing at least MIN_JOINT pages, most redundant first."""
    codes = sorted(c for c in fired if fired[c])
    out = []
    for i, a in enumerate(codes):
        for b in codes[i + 1:]:
            pair = _pair(fired[a], fired[b], pages)
            if pair["joint"] >= MIN_JOINT:
                out.append({"a": a, "b": b, "pages_a": len(fired[a]), "pages_b": len(fired[b]), **pair})
    return sorted(out, key=lambda p: (-p["jaccard"], -p["lift"], p["a"], p["b"]))


def against_build(fired: Mapping[str, Collection[str]], flagged: Collection[str], pages: int) -> dict[str, Any]:
    """Each rule against the pages the build's log flags: the pages both flag and the lift."""
    rows = [{"rule": code, "pages": len(fired[code]), **_pair(fired[code], flagged, pages)}
            for code in sorted(fired) if fired[code]]
    return {"flagged": len(set(flagged)),
            "rules": sorted(rows, key=lambda r: (-r["jaccard"], -r["lift"], r["rule"]))}
