"""Rules that combine others: a finding raised by, or left to, the findings of other rules on the same page."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from sitelint.model import Finding, Location
from sitelint.sites.layout import VERSION_LINE_NAMES, version_line_folder

if TYPE_CHECKING:
    from sitelint.rulebook import Rule


def corroborate(findings: Sequence[Finding], rules: Sequence[Rule]) -> list[Finding]:
    """Raise a finding to its rule's corroborated level when one of the rules it names fires on the same page as a
    warning or error; its message then says which (a stale page that also carries an expired review is where a
    review pays off). Evidence too weak to act on alone (an info finding: a bare `v7` that may be another thing's
    version) corroborates nothing. A rule whose `alone` param is false reports only corroborated findings; a rule
    may ask for more than one of the rules it names (`min`): one alone is evidence its own finding already reports."""
    by_code = {r.code: r for r in rules}
    on_page: dict[str, set[str]] = {}
    for f in findings:
        if f.severity in ("warning", "error"):
            on_page.setdefault(f.path, set()).add(f.rule)
    out = []
    for f in findings:
        rule = by_code.get(f.rule)
        if rule is not None and rule.corroborated_by and rule.corroborated_level:
            also = [by_code[c].name.replace("-", " ") for c in rule.corroborated_by if c in on_page.get(f.path, ())]
            if len(also) >= rule.corroborated_min:
                f = replace(f, severity=rule.corroborated_level,  # type: ignore[arg-type]
                            message=f"{f.message}; also on this page: {', '.join(also)}")
            elif rule.params.get("alone") is False:
                continue  # weak evidence alone (a page's age) is not reported unless the user asks for it
        out.append(f)
    return out


_QUOTED = re.compile(r"'([^']+)'")  # the words a message quotes: "Dated claim: 'coming soon' (...)"


def one_cause(findings: Sequence[Finding], rules: Sequence[Rule]) -> list[Finding]:
    """Report one cause once: a finding of a rule that `yields` to others is left out where a finding of one of those
    rules covers its line and quotes the words it quotes ("Will coming soon." is a placeholder, which placeholder-text
    reports; dated-claim would quote the same 'coming soon' on the same line), and a finding about a whole page,
    which quotes nothing, where one of those rules has a finding on the page (a page that says only "Coming soon."
    is thin because it is a placeholder: placeholder-text says so)."""
    yields = {r.code: set(r.yields) for r in rules if r.yields}
    if not yields:
        return list(findings)
    quoted: dict[tuple[str, str], list[tuple[int, int, set[str]]]] = {}
    for f in findings:
        words = {w.lower() for w in _QUOTED.findall(f.message)}
        if words:
            quoted.setdefault((f.path, f.rule), []).append((f.line, f.end_line or f.line, words))

    on_page = {(f.path, f.rule) for f in findings}

    def covered(f: Finding) -> bool:
        said = _QUOTED.search(f.message)
        if said is None:
            return f.line <= 1 and any((f.path, code) in on_page for code in yields[f.rule])
        words = said.group(1).lower()
        return any(first <= f.line <= last and words in others
                   for code in yields[f.rule] for first, last, others in quoted.get((f.path, code), ()))

    return [f for f in findings if f.rule not in yields or not covered(f)]


def per_page_pair(findings: Sequence[Finding], rules: Sequence[str] = ("DUP004",)) -> list[Finding]:
    """Report once what one page says of another in other words: the paraphrases a page makes of the same other
    pages (a FAQ that restates a feature page, answer by answer) are one finding, at the first, its message naming
    the lines of the others, and their places related: one decision for its maintainer (merge, or link), not a
    finding a passage."""
    groups: dict[tuple[str, str, str, tuple[str, ...]], list[Finding]] = {}
    for f in findings:
        if f.rule in rules and f.related:
            groups.setdefault((f.rule, f.severity, f.path, tuple(sorted({r.path for r in f.related}))), []).append(f)
    dropped: set[int] = set()
    grown: dict[int, Finding] = {}
    for (_, _, _, others_paths), group in groups.items():
        if len(group) < 2:
            continue
        group.sort(key=lambda f: f.line)
        kept, others = group[0], group[1:]
        lines = ", ".join(str(o.line) for o in others)
        many, one = len(others) > 1, len(others_paths) == 1
        said = (f"{len(others)} more passage{'s' if many else ''} of this page (line{'s' if many else ''} {lines}) "
                f"say{'' if many else 's'} what {' and '.join(others_paths)} say{'s' if one else ''}")
        places = [*kept.related]
        for o in others:
            places += [Location(o.path, o.line, o.end_line), *o.related]
        grown[id(kept)] = replace(kept, message=f"{kept.message}; {said}", related=tuple(places))
        dropped.update(id(o) for o in others)
    return [grown.get(id(f), f) for f in findings if id(f) not in dropped]


def _rank(folder: str) -> tuple[int, tuple[int, ...]]:
    """The folder whose finding is kept: a line's name first (`docs`, `master`), then releases from the highest
    (`2.19`, `v2.3`), then versions named otherwise (`2-edge`)."""
    name = folder.lower()
    if name in VERSION_LINE_NAMES:
        return (0, (VERSION_LINE_NAMES.index(name),))
    numbers = tuple(-int(n) for n in re.findall(r"\d+", name))
    return (1 if re.fullmatch(r"v?[\d.x]+", name) else 2, numbers)


def _told_once(kept: Finding, others: Sequence[Finding], said: str) -> Finding:
    """The finding that stands for a group: its message says what the others share, and they are its related
    places."""
    return replace(kept, message=f"{kept.message}; {said}",
                   related=(*kept.related, *(Location(o.path, o.line, o.end_line) for o in others)))


def across_versions(findings: Sequence[Finding]) -> list[Finding]:
    """Report once what several current versions of the docs share: the same finding (rule and message, but for
    the version folder, the n-th of its message on the page) on a page copied into folders named for versions
    (`docs/`, `2.19/`, `2.18/`, `2-edge/`) is one finding, on the latest line's copy, with the other copies as
    related places to fix too."""
    keyed: dict[tuple[str, ...], list[tuple[Finding, str]]] = {}
    seen: dict[tuple[str, str, str], int] = {}
    for f in findings:
        # the n-th finding of its message on its page: a copy's lines move as its version's text does
        nth = seen[(f.path, f.rule, f.message)] = seen.get((f.path, f.rule, f.message), 0) + 1
        parts = f.path.split("/")
        for i, folder in enumerate(parts[:-1]):
            if version_line_folder(folder):
                before, after = "/".join(parts[:i]), "/".join(parts[i + 1:])
                said = f.message.replace("/".join([*parts[:i], folder, ""]), "/".join([*parts[:i], "\0", ""]))
                keyed.setdefault((f.rule, str(nth), before, after, said), []).append((f, folder))
    dropped: set[int] = set()
    grown: dict[int, Finding] = {}
    for group in keyed.values():
        group = [(f, folder) for f, folder in group if id(f) not in dropped and id(f) not in grown]
        folders = {folder for _, folder in group}
        if len(folders) < 2 or not any(any(c.isdigit() for c in f) for f in folders):
            continue  # one folder, or folders all named as lines (`docs/`, `dev/`): no copies of versions
        group.sort(key=lambda pair: _rank(pair[1]))
        kept, others = group[0][0], [f for f, _ in group[1:]]
        named = ", ".join(folder for _, folder in group[1:])
        grown[id(kept)] = _told_once(kept, others, f"the same in {len(others)} other version "
                                                   f"folder{'s' if len(others) > 1 else ''} ({named})")
        dropped.update(id(o) for o in others)
    return [grown.get(id(f), f) for f in findings if id(f) not in dropped]


_SAME_NOTICE_PAGES = 3  # pages that carry one notice word for word for it to be one finding
_LINK_TARGET = re.compile(r"\]\([^)]*\)")


# The rules whose finding a site repeats from one template, and how the finding that stands for them says so. An
# empty section is one template's only among the pages of one folder (a generator's pages of controls, each with
# its empty "Related resources"); the same placeholder anywhere is one notice.
_SAME_ON_PAGES = {"SUB002": "the same words", "SUB003": "the same empty section", "SUB000": "the same"}
_IN_ONE_FOLDER = frozenset({"SUB003"})


def across_pages(findings: Sequence[Finding], sources: dict[str, str], rules: Sequence[str] = ("SUB002", "SUB003"),
                 generated: frozenset[str] = frozenset()) -> list[Finding]:
    """Report once a placeholder a site repeats word for word on many pages (a template's box, "This section is a
    work in progress. We appreciate any help...", on a hundred stubs), the same front matter problem on many pages
    (Hugo's TOML left between `---` lines when the site moved to VitePress), an empty section the pages of one folder
    each have (a generator's template that leaves "Related resources" empty), or the generated pages of one folder
    no navigation lists (an API scraper writes a page per endpoint, the maintainer lists the ones readers need):
    one decision for its maintainer, on the first page, with the others as related places, not a finding a page."""
    split: dict[str, list[str]] = {}
    # a generated orphan's folder: the highest folder of generated orphans above it (`api-reference/auto` for
    # `api-reference/auto/analysis/get-chart.mdx`)
    made = sorted({posixpath.dirname(f.path) for f in findings if f.rule == "STL008" and f.path in generated},
                  key=len)
    made_root = {d: next(r for r in made if d == r or d.startswith(r + "/")) for d in made}

    def said(f: Finding) -> str:
        if f.path not in split:
            split[f.path] = sources.get(f.path, "").split("\n")
        lines = split[f.path]
        text = " ".join(lines[f.line - 1 : (f.end_line or f.line)]) if 0 < f.line <= len(lines) else ""
        return " ".join(_LINK_TARGET.sub("]", text).lower().split())

    groups: dict[tuple[str, str, str, str, str], list[Finding]] = {}
    for f in findings:
        if f.rule in rules:
            text = said(f)
            folder = posixpath.dirname(f.path) if f.rule in _IN_ONE_FOLDER else ""
            if text:
                groups.setdefault((f.rule, f.severity, f.message, text, folder), []).append(f)
        elif f.rule == "SUB000" and f.message.startswith("front matter"):
            # front matter many pages get wrong word for word (a site's old framework's TOML on each): one fix
            groups.setdefault((f.rule, f.severity, f.message, "", ""), []).append(f)
        elif f.rule == "STL008" and f.path in generated:
            groups.setdefault((f.rule, f.severity, f.message, "", made_root[posixpath.dirname(f.path)]), []).append(f)
    dropped: set[int] = set()
    grown: dict[int, Finding] = {}
    for group in groups.values():
        if len({f.path for f in group}) < _SAME_NOTICE_PAGES:
            continue
        group.sort(key=lambda f: (f.path, f.line))
        kept, others = group[0], group[1:]
        if kept.rule == "STL008":
            told = f"the same for {len(others)} other generated pages under {made_root[posixpath.dirname(kept.path)]}/"
        else:
            told = f"{_SAME_ON_PAGES.get(kept.rule, 'the same')} on {len(others)} other pages"
        grown[id(kept)] = _told_once(kept, others, told)
        dropped.update(id(o) for o in others)
    return [grown.get(id(f), f) for f in findings if id(f) not in dropped]
