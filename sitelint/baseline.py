"""Baselines: today's findings recorded by what they are about, so that a run fails only on new ones.

A finding's key is its rule, its page (for a duplicate, the sorted pair of pages) and a fingerprint of the content it
is about: the text of the blocks it covers, whitespace-normalised. Never a line number: a passage moved down the
page keeps its key, an edit of the offending text makes a new one. Pages renamed since the baseline's commit are
followed through git. Paths are relative to the repository's top level, so a baseline works from any folder.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sitelint.changes import repo_path
from sitelint.model import Finding, Page, Site

VERSION = 1
DEFAULT_FILE = ".sitelint-baseline.json"


class BaselineError(Exception):
    """A baseline file that cannot be used; the message names it and says what to do."""


@dataclass(frozen=True)
class Entry:
    """One recorded finding: rule, page, the other page of a duplicate, and the content fingerprint."""

    rule: str
    path: str  # relative to the repository's top level
    fingerprint: str
    other: str = ""  # a duplicate's other page ("" for findings about one page)
    message: str = ""  # as reported when recorded, for people reading the file; not part of the key

    @property
    def key(self) -> tuple[str, tuple[str, ...], str]:
        return self.rule, tuple(sorted(p for p in (self.path, self.other) if p)), self.fingerprint


@dataclass(frozen=True)
class Baseline:
    entries: tuple[Entry, ...]
    commit: str = ""  # HEAD when recorded: renames since then are followed


@dataclass(frozen=True)
class Comparison:
    """Findings split against a baseline, and the entries a --baseline-update keeps (under today's names)."""

    new: tuple[Finding, ...]
    baselined: tuple[Finding, ...]
    fixed: tuple[Entry, ...]
    kept: tuple[Entry, ...]


def normalised(text: str) -> str:
    return " ".join(text.split())


def content(finding: Finding, page: Page | None) -> str:
    """What a finding is about: the text of the page's blocks its lines touch (their source lines where no block
    covers them), or its message when there is no page to read."""
    if page is None:
        return normalised(finding.message)
    first, last = finding.line, finding.end_line or finding.line
    blocks = [b.text for b in page.blocks if b.line <= last and b.end_line >= first]
    text = " ".join(blocks) if blocks else "\n".join(page.source.splitlines()[first - 1 : last])
    return normalised(text) or normalised(finding.message)


def fingerprint(finding: Finding, page: Page | None) -> str:
    return hashlib.sha256(f"{finding.rule}\0{content(finding, page)}".encode()).hexdigest()[:20]


def entry(finding: Finding, page: Page | None, base: str) -> Entry:
    """The entry recording a finding; base is the working directory relative to the repository's top level."""
    other = ""
    if finding.dimension == "duplication" and finding.related:
        other = repo_path(finding.related[0].path, base)
    return Entry(finding.rule, repo_path(finding.path, base), fingerprint(finding, page), other, finding.message)


def record(findings: Iterable[Finding], site: Site, base: str, commit: str) -> Baseline:
    pages = {p.path: p for p in site.pages}
    entries = [entry(f, pages.get(f.path), base) for f in findings]
    return Baseline(tuple(sorted(entries, key=_order)), commit)


def compare(baseline: Baseline, findings: Sequence[Finding], site: Site, base: str, renamed: Mapping[str, str],
            in_scope: Callable[[str], bool]) -> Comparison:
    """Split findings into new and baselined; entries no finding matched are fixed when the run reported on their
    page (in_scope, a repository-relative path), else kept as they are."""
    pages = {p.path: p for p in site.pages}
    pool: dict[tuple[str, tuple[str, ...], str], list[Entry]] = defaultdict(list)
    for old in baseline.entries:
        now = _follow(old, renamed)
        pool[now.key].append(now)
    new: list[Finding] = []
    baselined: list[Finding] = []
    kept: list[Entry] = []
    for f in findings:
        mine = entry(f, pages.get(f.path), base)
        matches = pool.get(mine.key)
        if matches:
            matches.pop()
            baselined.append(f)
            kept.append(mine)
        else:
            new.append(f)
    left = [e for entries in pool.values() for e in entries]
    fixed = [e for e in left if in_scope(e.path)]
    kept += [e for e in left if not in_scope(e.path)]
    return Comparison(tuple(new), tuple(baselined), tuple(sorted(fixed, key=_order)), tuple(sorted(kept, key=_order)))


def _follow(old: Entry, renamed: Mapping[str, str]) -> Entry:
    return replace(old, path=renamed.get(old.path, old.path), other=renamed.get(old.other, old.other))


def _order(e: Entry) -> tuple[str, str, str, str]:
    return e.path, e.rule, e.other, e.fingerprint


def dump(baseline: Baseline) -> str:
    doc = {"version": VERSION, "commit": baseline.commit, "findings": [
        {"rule": e.rule, "path": e.path, **({"other": e.other} if e.other else {}), "fingerprint": e.fingerprint,
         "message": e.message} for e in baseline.entries]}
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def save(baseline: Baseline, path: Path) -> None:
    try:
        path.write_text(dump(baseline), encoding="utf-8")
    except OSError as exc:
        raise BaselineError(f"{path}: cannot write the baseline ({exc.strerror})") from None


def load(path: Path) -> Baseline:
    remake = f"make one with `sitelint baseline -o {path}`"
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BaselineError(f"{path}: no such baseline file; {remake}") from None
    except OSError as exc:
        raise BaselineError(f"{path}: cannot read the baseline ({exc.strerror})") from None
    except ValueError as exc:
        raise BaselineError(f"{path}: not valid JSON ({exc}); {remake}") from None
    if not isinstance(doc, dict) or doc.get("version") != VERSION or not isinstance(doc.get("findings"), list):
        raise BaselineError(f"{path}: not a sitelint baseline (version {VERSION} with a list of findings); {remake}")
    return Baseline(tuple(_entry(item, path, n) for n, item in enumerate(doc["findings"], 1)),
                    str(doc.get("commit") or ""))


def _entry(item: Any, path: Path, n: int) -> Entry:
    fields = ("rule", "path", "fingerprint")
    if not isinstance(item, dict) or not all(isinstance(item.get(k), str) and item[k] for k in fields):
        raise BaselineError(f"{path}: finding {n} needs rule, path and fingerprint as text; fix it or make the "
                            f"baseline again with `sitelint baseline -o {path}`")
    return Entry(item["rule"], item["path"], item["fingerprint"], str(item.get("other") or ""),
                 str(item.get("message") or ""))
