"""SARIF 2.1.0: one reportingDescriptor per rule, one result per finding, build findings as their own run."""

from __future__ import annotations

import json
from typing import Any

from sitelint import __version__

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
LEVEL = {"error": "error", "warning": "warning", "info": "note"}
INFO_URI = "https://pypi.org/project/sitelint/"


def _descriptor(rule: Any) -> dict[str, Any]:
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule.why},
        "help": {"text": f"{rule.why}\nRun `sitelint explain {rule.code}` for examples and options."},
        "defaultConfiguration": {"level": LEVEL[rule.level], "enabled": rule.enabled},
        "properties": {"dimension": rule.dimension, "defect_class": rule.defect_class,
                       "build_overlap": dict(rule.build_overlap)},
    }


def _location(path: str, line: int | None, end_line: int | None = None) -> dict[str, Any]:
    region: dict[str, Any] = {"startLine": max(1, line or 1)}
    if end_line and end_line >= region["startLine"]:
        region["endLine"] = end_line
    return {"physicalLocation": {"artifactLocation": {"uri": path}, "region": region}}


def render(result: Any, build: Any = None) -> str:
    rules = sorted(result.rules, key=lambda r: r.code)
    index = {r.code: i for i, r in enumerate(rules)}
    descriptors = [_descriptor(r) for r in rules]
    if any(f.rule not in index for f in result.findings):
        # Findings of rules that were not part of this run's rule list (e.g. unused suppressions).
        for f in result.findings:
            if f.rule not in index and f.dimension != "build":
                index[f.rule] = len(descriptors)
                descriptors.append({"id": f.rule, "name": f.name, "shortDescription": {"text": f.name}})
    results = []
    for f in result.findings:
        if f.dimension == "build":  # the build's own run below carries these
            continue
        item: dict[str, Any] = {
            "ruleId": f.rule, "ruleIndex": index[f.rule], "level": LEVEL[f.severity],
            "message": {"text": f.message}, "locations": [_location(f.path, f.line, f.end_line)],
            "properties": {"dimension": f.dimension},
        }
        if f.related:
            item["relatedLocations"] = [{"id": i, **_location(r.path, r.line)} for i, r in enumerate(f.related)]
        results.append(item)
    runs: list[dict[str, Any]] = [{
        "tool": {"driver": {"name": "sitelint", "version": __version__, "informationUri": INFO_URI,
                            "rules": descriptors}},
        "results": results,
        "invocations": [{"executionSuccessful": True,
                         "toolExecutionNotifications": [{"message": {"text": n}, "level": "note"}
                                                        for n in result.notes]}],
        "properties": {"summary": result.summary} | ({"build": build.to_dict()} if build is not None else {}),
    }]
    if build is not None:
        runs.append(_build_run(build))
    return json.dumps({"$schema": SCHEMA, "version": "2.1.0", "runs": runs}, indent=2, ensure_ascii=False) + "\n"


def _build_run(build: Any) -> dict[str, Any]:
    """The build's own findings, attributed to the build's tool, not to sitelint."""
    findings = list(getattr(build, "build_findings", ()))
    classes = sorted({f.defect_class for f in findings})
    return {
        "tool": {"driver": {"name": f"{build.framework or 'build'} (via sitelint)",
                            "rules": [{"id": c, "shortDescription": {"text": c}} for c in classes]}},
        "results": [{"ruleId": f.defect_class, "ruleIndex": classes.index(f.defect_class),
                     "level": LEVEL[f.severity], "message": {"text": f.message},
                     "locations": [_location(f.path, f.line)] if f.path else []} for f in findings],
    }
