"""The JSON report: {"version": 1, "findings": [...], "pages": [...], "summary": {...}} (see the README)."""

from __future__ import annotations

import json
from typing import Any

from sitelint.model import Finding

VERSION = 1


def finding_dict(f: Finding) -> dict[str, Any]:
    return {
        "rule": f.rule, "name": f.name, "dimension": f.dimension, "severity": f.severity, "path": f.path,
        "line": f.line, "end_line": f.end_line, "col": f.col, "message": f.message,
        "related": [{"path": r.path, "line": r.line} for r in f.related],
    }


def document(result: Any, build: Any = None) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "version": VERSION,
        "findings": [finding_dict(f) for f in result.findings],
        "pages": [{"path": p.path, "words": p.words, "scores": dict(p.scores), "type": p.page_type,
                   "type_reason": p.type_reason, "language": p.language} for p in result.pages],
        "summary": {**result.summary, "notes": list(result.notes)},
    }
    if build is not None:
        doc["build"] = build.to_dict()
    return doc


def render(result: Any, build: Any = None) -> str:
    return json.dumps(document(result, build), indent=2, ensure_ascii=False) + "\n"
