"""Label files: a docs team's own verdicts on findings (TSV, YAML or JSON), and which findings a label covers.

A label names a page (a path relative to the current directory, or a glob such as `reference/**`), a rule (a code,
a name or a dimension), a verdict (T a real problem that must be reported, F not a problem that must not be, D
debatable) and optionally a line. `path:line` in the path column is read as the path and the line.
"""

from __future__ import annotations

import csv
import functools
import io
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

VERDICTS = {"T": "T", "F": "F", "D": "D", "TRUE": "T", "FALSE": "F", "DEBATABLE": "D"}
FIELDS = ("path", "rule", "verdict", "reason", "line")
_PATH_LINE = re.compile(r"(.+?):(\d+)$")


class LabelError(Exception):
    """A label file that cannot be used, worded for the user (file:line and what to do)."""


@dataclass(frozen=True)
class Label:
    path: str  # a path or a glob, forward slashes, relative to the current directory
    rule: str  # a code, a name or a dimension, as written
    verdict: str  # T, F or D
    reason: str
    line: int | None
    source: str  # file:line of the label, for messages

    @property
    def is_glob(self) -> bool:
        return any(ch in self.path for ch in "*?[{")

    @property
    def specificity(self) -> int:
        """Which of several labels covering one finding decides: a line beats a page, a page beats a glob."""
        return (2 if self.line is not None else 0) + (0 if self.is_glob else 1)

    def matches_path(self, path: str) -> bool:
        return _glob(self.path).fullmatch(path) is not None if self.is_glob else path == self.path


def load(path: Path) -> list[Label]:
    """Labels from a .tsv, .yml/.yaml or .json file; raise LabelError naming the file and row when one is bad."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise LabelError(f"{path}: cannot read the label file ({exc}); give a UTF-8 TSV, YAML or JSON file") from None
    suffix = path.suffix.lower()
    rows = _structured(text, path, suffix) if suffix in (".yml", ".yaml", ".json") else _tsv(text, path)
    labels = [_label(row, f"{path}:{number}") for number, row in rows]
    if not labels:
        raise LabelError(f"{path}: no labels; write a header line `path<TAB>rule<TAB>verdict<TAB>reason` and rows")
    return labels


def _tsv(text: str, path: Path) -> list[tuple[int, Mapping[str, Any]]]:
    lines = [(n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip() and line[:1] != "#"]
    if not lines:
        return []
    header = [h.strip().lower() for h in lines[0][1].split("\t")]
    missing = [f for f in ("path", "rule", "verdict")
               if f not in header and not (f == "path" and "path:line" in header)]
    if missing:
        raise LabelError(f"{path}:{lines[0][0]}: the header needs the columns path, rule and verdict (tab-separated);"
                         f" missing {', '.join(missing)}")
    rows: list[tuple[int, Mapping[str, Any]]] = []
    for number, line in lines[1:]:
        cells = next(csv.reader(io.StringIO(line), delimiter="\t", quoting=csv.QUOTE_NONE))
        row = {name: cells[i].strip() if i < len(cells) else "" for i, name in enumerate(header)}
        if "path:line" in row and not row.get("path"):
            row["path"] = row.pop("path:line")
        rows.append((number, row))
    return rows


def _structured(text: str, path: Path, suffix: str) -> list[tuple[int, Mapping[str, Any]]]:
    try:
        data = json.loads(text) if suffix == ".json" else yaml.safe_load(text)
    except (ValueError, yaml.YAMLError) as exc:
        raise LabelError(f"{path}: not valid {suffix[1:].upper()}: {exc}") from None
    if isinstance(data, Mapping):
        data = data.get("labels")
    if not isinstance(data, list) or not all(isinstance(row, Mapping) for row in data):
        raise LabelError(f"{path}: expected a list of labels (or a mapping with `labels:`), each with path, rule "
                         "and verdict")
    return [(index, row) for index, row in enumerate(data, start=1)]


def _label(row: Mapping[str, Any], where: str) -> Label:
    path, rule = str(row.get("path") or "").strip(), str(row.get("rule") or "").strip()
    verdict = VERDICTS.get(str(row.get("verdict") or "").strip().upper())
    if not path or not rule:
        raise LabelError(f"{where}: a label needs a path and a rule")
    if verdict is None:
        raise LabelError(f"{where}: verdict {row.get('verdict')!r} is not one of T (real problem), F (not a problem),"
                         " D (debatable)")
    line = row.get("line")
    found = _PATH_LINE.match(path)
    if found and not line:
        path, line = found.group(1), found.group(2)
    try:
        number = int(line) if line not in (None, "") else None
    except (TypeError, ValueError):
        raise LabelError(f"{where}: line {line!r} is not a number") from None
    return Label(path.replace("\\", "/").removeprefix("./"), rule, verdict, str(row.get("reason") or ""), number,
                 where)


def rule_matcher(selector: str, rules: Iterable[Any]) -> tuple[str, frozenset[str]]:
    """What a label's rule column selects: ("rule", codes) or ("dimension", {dimension}); unknown raises."""
    wanted = selector.strip()
    dimensions = {r.dimension for r in rules}
    if wanted.lower() in dimensions or wanted.lower() in ("substance", "duplication", "staleness"):
        return "dimension", frozenset({wanted.lower()})
    codes = frozenset(r.code for r in rules if wanted.upper() == r.code or wanted == r.name)
    if not codes:
        raise LabelError(f"unknown rule `{selector}`; a label's rule is a code (SUB001), a name (thin-page) or a "
                         "dimension (substance)")
    return "rule", codes


def covers(label: Label, kind: str, selected: frozenset[str], finding: Any, anywhere: bool = False) -> bool:
    """Whether a label judges a finding: same rule (or dimension), the finding's page and, if the label has one, the
    line inside the finding's lines. A duplicate is one finding about all its copies, reported on the copy to change:
    a label on a line of another copy judges it too (a label on a whole page judges that page's own findings only,
    since it was written about them), and with `anywhere` (is a T label's page reported?) a label on any copy."""
    if kind == "rule" and finding.rule not in selected:
        return False
    if kind == "dimension" and finding.dimension not in selected:
        return False
    if _at(label, finding):
        return True
    return (anywhere or label.line is not None) and any(_at(label, place)
                                                        for place in places(finding, named=anywhere)[1:])


def places(finding: Any, named: bool = False) -> list[Any]:
    """The places a finding is about: its own, and for a duplicate every copy it names; with `named` (is a page
    reported?), every place any finding names, as a group finding names the other pages of its kind (the
    translations behind one change of their source, one finding on the first)."""
    return [finding, *finding.related] if named or finding.dimension == "duplication" else [finding]


def _at(label: Label, place: Any) -> bool:
    if not label.matches_path(place.path):
        return False
    if label.line is None:
        return True
    return place.line <= label.line <= max(place.line, place.end_line or place.line)


@functools.lru_cache(maxsize=1024)
def _glob(pattern: str) -> re.Pattern[str]:
    """A path glob: `*` within one folder, `**` across folders, `?`, `[abc]` and `{a,b}`."""
    out, i = [], 0
    while i < len(pattern):
        ch = pattern[i]
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
            continue
        if pattern.startswith("**", i):
            out.append(".*")
            i += 2
            continue
        if ch == "*":
            out.append("[^/]*")
        elif ch == "?":
            out.append("[^/]")
        elif ch == "{" and "}" in pattern[i:]:
            end = pattern.index("}", i)
            out.append("(?:" + "|".join(re.escape(p) for p in pattern[i + 1 : end].split(",")) + ")")
            i = end
        elif ch == "[" and "]" in pattern[i + 1 :]:
            end = pattern.index("]", i + 1)
            out.append("[" + pattern[i + 1 : end].replace("\\", "\\\\") + "]")
            i = end
        else:
            out.append(re.escape(ch))
        i += 1
    return re.compile("".join(out))


def pages_of(label: Label, paths: Sequence[str]) -> list[str]:
    """The pages of the site a label names (for a glob, every page it matches)."""
    return [p for p in paths if label.matches_path(p)]
