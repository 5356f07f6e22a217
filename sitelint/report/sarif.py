"""SARIF 2.1.0: one reportingDescriptor per rule, one result per finding, build findings as their own run.

Locations are relative to the repository's top level (uriBaseId %SRCROOT%), and each result carries the baseline's
key as a partial fingerprint, so code scanning follows a finding across edits that only move it.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from sitelint import __version__, baseline
from sitelint.changes import repo_path
from sitelint.report import Context

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
LEVEL = {"error": "error", "warning": "warning", "info": "note"}
INFO_URI = "https://pypi.org/project/sitelint/"
ROOT = "%SRCROOT%"
FINGERPRINT = "sitelint/v1"


def title(name: str) -> str:
    """A rule's short title from its name: thin-page -> Thin page."""
    return name.replace("-", " ").capitalize()


def _descriptor(rule: Any) -> dict[str, Any]:
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": title(rule.name)},
        "fullDescription": {"text": " ".join(rule.summary.split())},
        "help": {"text": f"{rule.why}\nRun `sitelint explain {rule.code}` for examples and options."},
        "defaultConfiguration": {"level": LEVEL[rule.level], "enabled": rule.enabled},
        "properties": {"dimension": rule.dimension, "defect_class": rule.defect_class,
                       "build_overlap": dict(rule.build_overlap)},
    }


def _location(path: str, line: int | None, end_line: int | None = None, col: int = 1) -> dict[str, Any]:
    region: dict[str, Any] = {"startLine": max(1, line or 1), "startColumn": max(1, col)}
    if end_line and end_line >= region["startLine"]:
        region["endLine"] = end_line
    return {"physicalLocation": {"artifactLocation": {"uri": path, "uriBaseId": ROOT}, "region": region}}


def _fingerprint(f: Any, pages: dict[str, Any], base: str) -> str:
    key = baseline.entry(f, pages.get(f.path), base).key
    return hashlib.sha256(json.dumps(key).encode()).hexdigest()[:32]


def render(result: Any, build: Any = None, context: Context | None = None) -> str:
    context = context or Context()
    base = context.base
    pages = {p.path: p for p in result.site.pages}
    rules = sorted(result.rules, key=lambda r: r.code)
    index = {r.code: i for i, r in enumerate(rules)}
    descriptors = [_descriptor(r) for r in rules]
    if any(f.rule not in index for f in result.findings):
        # Findings of rules that were not part of this run's rule list (e.g. unused suppressions).
        for f in result.findings:
            if f.rule not in index and f.dimension != "build":
                index[f.rule] = len(descriptors)
                descriptors.append({"id": f.rule, "name": f.name, "shortDescription": {"text": title(f.name)}})
    results = []
    for f in result.findings:
        if f.dimension == "build":  # the build's own run below carries these
            continue
        item: dict[str, Any] = {
            "ruleId": f.rule, "ruleIndex": index[f.rule], "level": LEVEL[f.severity],
            "message": {"text": f.message},
            "locations": [_location(repo_path(f.path, base), f.line, f.end_line, f.col)],
            "partialFingerprints": {FINGERPRINT: _fingerprint(f, pages, base)},
            "properties": {"dimension": f.dimension},
        }
        if f.related:
            item["relatedLocations"] = [{"id": i, **_location(repo_path(r.path, base), r.line, None, r.col)}
                                        for i, r in enumerate(f.related)]
        results.append(item)
    runs: list[dict[str, Any]] = [{
        "tool": {"driver": {"name": "sitelint", "version": __version__, "informationUri": INFO_URI,
                            "rules": descriptors}},
        "results": results,
        **_bases(context),
        "invocations": [{"executionSuccessful": True,
                         "toolExecutionNotifications": [{"message": {"text": n}, "level": "note"}
                                                        for n in result.notes]}],
        "properties": {"summary": result.summary} | ({"build": build.to_dict()} if build is not None else {}),
    }]
    if build is not None:
        runs.append({**_build_run(build, base), **_bases(context)})
    return json.dumps({"$schema": SCHEMA, "version": "2.1.0", "runs": runs}, indent=2, ensure_ascii=False) + "\n"


def _bases(context: Context) -> dict[str, Any]:
    """Where %SRCROOT% is on this machine (a consumer may map it elsewhere)."""
    return {"originalUriBaseIds": {ROOT: {"uri": context.root.as_uri() + "/"}}} if context.root else {}


def _build_run(build: Any, base: str) -> dict[str, Any]:
    """The build's own findings, attributed to the build's tool, not to sitelint."""
    findings = list(getattr(build, "build_findings", ()))
    classes = sorted({f.defect_class for f in findings})
    return {
        "tool": {"driver": {"name": f"{build.framework or 'build'} (via sitelint)",
                            "rules": [{"id": c, "shortDescription": {"text": c}} for c in classes]}},
        "results": [{"ruleId": f.defect_class, "ruleIndex": classes.index(f.defect_class),
                     "level": LEVEL[f.severity], "message": {"text": f.message},
                     "locations": [_location(repo_path(f.path, base), f.line)] if f.path else []}
                    for f in findings],
    }
