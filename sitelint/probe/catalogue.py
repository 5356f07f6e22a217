"""The probe's catalogue of defects, read from catalogue.yml and checked: each operator is data the probe runs."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import Any

import yaml

ACTIONS = ("insert", "cut", "empty-section", "copy-page", "copy-passage", "paraphrase", "pad", "commit-code",
           "commit-source")
PLACES = ("prose", "page", "section", "names-code", "translation")
NEEDS = ("git", "version", "code-folder", "translations", "semantic")
UNDO = ("restore", "delete", "reset")
FIELDS = ("class", "description", "action", "where", "rules", "sitelint", "build", "marker", "stops", "needs",
          "undo", "texts", "swaps")


class CatalogueError(ValueError):
    pass


@dataclass(frozen=True)
class Operator:
    """One defect the probe can plant: what, where, what counts as catching it, and how the copy is put back."""

    defect_class: str
    description: str
    action: str
    where: str
    undo: str
    rules: tuple[str, ...] = ()
    sitelint: tuple[str, ...] = ()
    build: tuple[str, ...] = ()
    marker: str = ""
    stops: tuple[str, ...] = ()
    needs: tuple[str, ...] = ()
    texts: tuple[str, ...] = ()
    swaps: tuple[tuple[str, str], ...] = ()

    def stops_build(self, framework: str) -> bool:
        return framework in self.stops


def _words(entry: dict[str, Any], key: str) -> tuple[str, ...]:
    value = entry.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CatalogueError(f"{entry.get('class', '?')}: `{key}` must be a list of strings")
    return tuple(value)


def _choice(entry: dict[str, Any], key: str, choices: tuple[str, ...]) -> str:
    value = entry.get(key)
    if value not in choices:
        raise CatalogueError(f"{entry.get('class', '?')}: `{key}: {value}` is not one of {', '.join(choices)}")
    return str(value)


def parse(entries: Any) -> tuple[Operator, ...]:
    if not isinstance(entries, list):
        raise CatalogueError("the catalogue must be a list of defects")
    out: list[Operator] = []
    for entry in entries:
        if not isinstance(entry, dict) or not isinstance(entry.get("class"), str):
            raise CatalogueError(f"each defect needs a `class`: {entry!r}")
        unknown = sorted(set(entry) - set(FIELDS))
        if unknown:
            raise CatalogueError(f"{entry['class']}: unknown field(s) {', '.join(unknown)}")
        needs = _words(entry, "needs")
        for need in needs:
            if need not in NEEDS:
                raise CatalogueError(f"{entry['class']}: needs `{need}`, not one of {', '.join(NEEDS)}")
        swaps = entry.get("swaps", [])
        if not all(isinstance(s, list) and len(s) == 2 and all(isinstance(w, str) for w in s) for s in swaps):
            raise CatalogueError(f"{entry['class']}: `swaps` must be pairs of words")
        op = Operator(entry["class"], str(entry.get("description", "")), _choice(entry, "action", ACTIONS),
                      _choice(entry, "where", PLACES), _choice(entry, "undo", UNDO), _words(entry, "rules"),
                      _words(entry, "sitelint"), _words(entry, "build"), str(entry.get("marker", "")),
                      _words(entry, "stops"), needs, _words(entry, "texts"), tuple((a, b) for a, b in swaps))
        if op.action in ("insert", "pad", "commit-code", "commit-source") and not op.texts:
            raise CatalogueError(f"{op.defect_class}: action `{op.action}` needs `texts`")
        out.append(op)
    classes = [op.defect_class for op in out]
    if len(set(classes)) != len(classes):
        raise CatalogueError("a defect class is listed twice")
    return tuple(out)


def load() -> tuple[Operator, ...]:
    text = resources.files("sitelint.probe").joinpath("catalogue.yml").read_text(encoding="utf-8")
    return parse(yaml.safe_load(text))
