"""Staleness checks: is a page still true (age, review date, versions, dated claims, references, code drift)?"""

from __future__ import annotations

import datetime as dt
import fnmatch
import json
import re
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath
from types import MappingProxyType
from typing import Any

from sitelint.gitinfo import GitHistory
from sitelint.model import Block, CheckContext, CheckSpec, Location, Measurement, Page

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


def _at(page: Page, line: int) -> Location:
    return Location(page.path, line)


def _frozen(page: Page) -> bool:
    """A Docusaurus versioned copy describes an old release on purpose: no staleness rule judges it."""
    return page.variant.startswith("versioned:")


def _history(ctx: CheckContext) -> GitHistory | None:
    try:
        history = ctx.service("git")
    except KeyError:  # no git service registered (a bare CheckContext)
        return None
    return history if isinstance(history, GitHistory) else None


def _line_of(page: Page, block: Block, needle: str) -> int:
    """The source line of a block that holds needle (block text is plain text, so search the raw lines)."""
    lines = page.source.split("\n")[block.line - 1 : block.end_line]
    for offset, line in enumerate(lines):
        if needle in line:
            return block.line + offset
    squeezed = " ".join(needle.split()[:2])
    return next((block.line + i for i, line in enumerate(lines) if squeezed in line), block.line)


# --- versions --------------------------------------------------------------------------------------------------

_VER = r"v?\d+(?:\.(?:\d+|x|X|\*))*(?![\w-]*\d)"
_PLACEHOLDER_VERSION = re.compile(r"0\.0\.0\b")
_NUMBER = re.compile(r"(\d+)(?:\.(\d+|x|X|\*))?(?:\.(\d+))?")


@dataclass(frozen=True)
class Version:
    """A product version as written: 'v2.x', '1.2', '0.57' (a missing or wildcard part is None)."""

    text: str
    parts: tuple[int | None, ...]

    @classmethod
    def parse(cls, text: str) -> Version | None:
        match = _NUMBER.search(text)
        if match is None:
            return None
        parts = tuple(int(p) if p and p.isdigit() else None for p in match.groups())
        return cls(text, parts)

    @property
    def line(self) -> tuple[int, ...]:
        """The release line: the major version, or 0.minor for 0.x products (where the minor breaks)."""
        major, minor = self.parts[0] or 0, self.parts[1]
        return (major,) if major > 0 or minor is None else (0, minor)

    def older_line(self, current: Version) -> bool:
        """Whether this version belongs to a release line before the current one."""
        if (self.parts[0] or 0) >= 1000 > (current.parts[0] or 0):  # a year, not a version of this product
            return False
        return self.line < current.line[: len(self.line)]

    def released_by(self, current: Version) -> bool:
        """Whether current has reached this version (an 'upcoming' release that has shipped)."""
        mine = [p or 0 for p in self.parts]
        return mine <= [p or 0 for p in current.parts]


def _product_file(root: Path) -> tuple[str, str]:
    """(version, name) from [project] in pyproject.toml, else from package.json; ('', '') when neither says."""
    try:
        project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8")).get("project", {})
        if isinstance(project.get("version"), str):
            return project["version"], str(project.get("name", ""))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, AttributeError):
        pass
    try:
        package = json.loads((root / "package.json").read_text(encoding="utf-8"))
        version = package.get("version") if isinstance(package, dict) else None
        if isinstance(version, str) and not _PLACEHOLDER_VERSION.match(version):
            return version, str(package.get("name", "")).rsplit("/", 1)[-1]
    except (OSError, UnicodeDecodeError, ValueError):
        pass
    return "", ""


def product(ctx: CheckContext) -> tuple[Version | None, list[str]]:
    """The product's current version (setting current-version, else pyproject.toml, else package.json) and names."""
    version, name = _product_file(ctx.site.product_root)
    configured = str(ctx.settings.get("current-version") or "")
    names = [str(n) for n in (*ctx.params.get("product-names", ()), name) if str(n).strip()]
    return Version.parse(configured or version), names


def _names_pattern(names: Sequence[str]) -> str:
    alternatives = sorted({r"[\s-]".join(map(re.escape, re.split(r"[\s_-]+", n.strip()))) for n in names}, key=len)
    return "|".join(reversed(alternatives)) or r"(?!x)x"


# Words that may stand before a bare "version 1.2" without making it another product's version.
_FUNCTION_WORDS = frozenset(
    """a an the in on at to of for from with by and or is are was were be this that these those our your its their
    current latest newest stable new old older previous recent next upcoming since until before after upgrade
    requires require supports support use using install run running get see""".split()  # noqa: SIM905
)


@dataclass(frozen=True)
class Mention:
    version: Version
    start: int  # offset of the mention in the block text
    end: int
    claim: bool  # "the current version is X": a present-tense claim, never historical


def version_mentions(text: str, names: Sequence[str], other_products: frozenset[str]) -> Iterator[Mention]:
    """Versions of this product named in prose: 'version 1.2', 'v2.x', '<Product> 1.2', 'current version is 1.2'."""
    product = _names_pattern(names)
    patterns = (
        (
            rf"\b(?:current|latest|newest)\s+(?:stable\s+)?(?:release|version)(?:\s+of\s+(?:{product}))?\s*(?:is|:)"
            rf"\s*(?:now\s+)?(?:version\s+)?(?P<ver>{_VER})",
            True,
            False,
        ),
        (rf"(?<![\w./-])(?i:{product})(?:\s+version)?\s+(?P<ver>{_VER})", False, False),
        (rf"(?<![\w.-])(?i:version)\s+(?P<ver>{_VER})", False, True),
        (r"(?<![\w./-])v(?P<ver>\d+(?:\.(?:\d+|x))*)(?![\w-]*\d)", False, True),
    )
    seen: set[int] = set()
    for pattern, claim, generic in patterns:
        for match in re.finditer(pattern, text):
            start = match.start("ver")
            if start in seen or (generic and _other_product(text, match.start(), match.end(), other_products)):
                continue
            version = Version.parse(match.group("ver"))
            bare = version is not None and version.parts[1] is None and "x" not in match.group("ver")
            if not claim and bare and re.match(r"\s+[A-Z]", text[match.end() :]):
                continue  # 'Redux 4 Ways': a number in a title, not a release
            if version is not None:
                seen.add(start)
                yield Mention(version, match.start(), match.end(), claim)


def _other_product(text: str, start: int, end: int, others: frozenset[str]) -> bool:
    """Whether a bare 'version 3.10' or 'v14' belongs to another product ('Python version 3.10', 'node v14')."""
    before = re.search(r"([\w.+#-]+)\W{0,2}$", text[max(0, start - 40) : start])
    if before:
        word = before.group(1)
        initial = re.search(r"(?:^|[.!?:]\s+|\n)$", text[: start - len(before.group(0))]) is not None
        if word.lower() in others or (word.lower() not in _FUNCTION_WORDS and word[:1].isupper() and not initial):
            return True
        if any(c.isupper() for c in word[1:]):
            return True
    after = re.match(r"\s+of\s+(?:the\s+)?([\w.+#-]+)", text[end : end + 60])
    return bool(after and (after.group(1)[:1].isupper() or after.group(1).lower() in others))


# --- pages and sections whose job is history -------------------------------------------------------------------


def _history_title(text: str, pattern: str) -> bool:
    return bool(re.search(pattern, text, re.I)) or re.match(r"\s*(?:version\s+)?v?\d+\.\d+", text, re.I) is not None


def exempt_reason(page: Page, params: Mapping[str, Any]) -> str:
    """Why a page may name old versions on purpose (changelog, release notes, migration guide, ...), else ''."""
    path = page.path.lower()
    for glob in params["exempt-paths"]:
        if fnmatch.fnmatch(path, str(glob).lower()):
            return f"path matches {glob}"
    if re.search(params["exempt-titles"], page.title, re.I):
        return f"title '{page.title}'"
    tags = " ".join(str(page.front_matter.get(k, "")) for k in ("tags", "keywords", "category", "categories", "type"))
    if re.search(params["exempt-titles"], tags, re.I):
        return "front matter"
    return ""


def _exempt_blocks(page: Page, params: Mapping[str, Any]) -> set[int]:
    """Indexes of blocks inside history sections ('## Changelog', '## 1.2.0') or version tables."""
    historical: set[int] = set()
    for index, section in enumerate(page.sections):
        parent = section.parent
        if _history_title(section.title, params["exempt-titles"]) or parent in historical:
            historical.add(index)
    lines = page.source.split("\n")
    out = set()
    for i, block in enumerate(page.blocks):
        if block.section in historical or (block.kind == "table" and _version_table(lines, block)):
            out.add(i)
    return out


def _version_table(lines: list[str], block: Block) -> bool:
    rows = [line.strip().strip("|").split("|") for line in lines[block.line - 1 : block.end_line] if "|" in line]
    if not rows:
        return False
    if any(re.search(r"\b(?:version|release)s?\b", cell, re.I) for cell in rows[0]):
        return True
    data = [r for r in rows[2:] if r and r[0].strip()]
    versions = sum(1 for r in data if re.match(r"\W*v?\d+\.\d+", r[0].strip()))
    return len(data) >= 2 and versions * 2 >= len(data)


def _prose(page: Page, params: Mapping[str, Any]) -> Iterator[Block]:
    skip = _exempt_blocks(page, params)
    for index, block in enumerate(page.blocks):
        if block.is_prose and index not in skip:
            yield block


_HISTORICAL = re.compile(
    r"\b(?:since|added|introduced|deprecated|removed|changed|renamed|dropped|prior\s+to|before|pre|until|till|up\s+to"
    r"|older\s+than|earlier\s+than|from|as\s+of|starting|beginning|released|shipped|landed|fixed|currently|new\s+in"
    r"|upcoming|coming|next|migrat\w*|upgrad\w*|legacy|old|older|previous|earlier)\W+(?:\w+\W+){0,3}$",
    re.I,
)
# A version that bounds a range ('1.2 and later', 'v2+', '1.4 and below') names every release on one side of it.
_RANGE = re.compile(
    r"\s*(?:\+|(?:and|or)\s+(?:later|above|newer|up|higher|greater|beyond|below|earlier|older|lower|prior)"
    r"|onwards?)(?!\w)",
    re.I,
)


_HYPOTHETICAL = re.compile(r"\b(?:if|eg|for\s+example|for\s+instance|such\s+as|suppose|say|whether|unless)\b", re.I)


def _hypothetical(text: str) -> bool:
    """Whether the clause that text ends in is an example or a condition ('if your app is on 1.2', 'e.g. 1.2')."""
    plain = re.sub(r"\b(?:e\.g|i\.e)\.", "eg", text, flags=re.I)
    return bool(_HYPOTHETICAL.search(re.split(r"[.;!?]\s|[()\n]", plain)[-1]))


def _in_link_text(page: Page, block: Block, fragment: str) -> bool:
    """Whether fragment is part of a link's text: the title of another document, not a claim of this page."""
    return any(block.line <= link.line <= block.end_line and fragment in link.text for link in page.links)


def outdated_versions(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    """Mentions of a release line before the current one, outside history pages, sections and phrasing."""
    if _frozen(page) or exempt_reason(page, ctx.params):
        return
    current, names = product(ctx)
    if current is None:
        return
    others = frozenset(str(o).lower() for o in ctx.params["other-products"])
    for block in _prose(page, ctx.params):
        for m in version_mentions(block.text, names, others):
            if not m.version.older_line(current):
                continue
            mention = block.text[m.start : m.end]
            if _in_link_text(page, block, mention):
                continue
            if not m.claim and (
                _HISTORICAL.search(block.text[max(0, m.start - 60) : m.start])
                or _RANGE.match(block.text[m.end :])
                or _hypothetical(block.text[: m.start])
            ):
                continue
            yield Measurement(
                True, _at(page, _line_of(page, block, mention)), {"mention": mention, "current": current.text}
            )


# --- dated claims ----------------------------------------------------------------------------------------------

_MONTHS = (
    "january|february|march|april|may|june|july|august|september|october|november|december"
    "|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec"
)
_YEAR = r"(?:19|20)\d\d"
_AS_OF_YEAR = re.compile(
    rf"\bas\s+of\s+(?:(?:early|mid|late|the\s+(?:end|start|beginning)\s+of)\s+)?"
    rf"(?:(?:(?:{_MONTHS})\.?|q[1-4]|spring|summer|fall|autumn|winter)\s+)?(?:\d{{1,2}}(?:st|nd|rd|th)?,?\s+)?"
    rf"(?P<year>{_YEAR})\b",
    re.I,
)
_UNDATED = re.compile(
    r"\b(?:at\s+the\s+time\s+of\s+(?:this\s+)?writing|as\s+of\s+(?:this\s+)?writing|as\s+of\s+(?:right\s+)?now"
    r"|as\s+of\s+today|(?:later|early|earlier|by\s+the\s+end\s+of|at\s+the\s+end\s+of)\s+this\s+year|next\s+year"
    r"|coming\s+soon|in\s+the\s+coming\s+(?:days|weeks|months))\b",
    re.I,
)


def _claims_of_versions(names: Sequence[str]) -> re.Pattern[str]:
    product = _names_pattern(names)
    return re.compile(
        r"\b(?P<lead>new\s+in|(?:the\s+)?upcoming|(?:coming|arriving|landing|planned|scheduled|expected)\s+(?:in|for|with)"
        r"|will\s+be\s+(?:released|available|added|shipped|included|supported)\s+(?:in|with)"
        r"|the\s+next\s+(?:major\s+|minor\s+)?(?:release|version)\s*\(?)\s*"
        rf"(?P<named>(?:(?i:{product})\s+)?(?:(?:version|release)\s+)?)(?P<ver>{_VER}|{_YEAR})(?!\w)",
        re.I,
    )


def _anchor_year(block: Block, page: Page, ctx: CheckContext) -> int | None:
    """When an undated claim was written at the latest: a year in the same block, else the page's last change."""
    years = [int(y) for y in re.findall(rf"\b({_YEAR})\b", block.text)]
    if years:
        return max(years)
    history = _history(ctx)  # read only when an undated claim needs it
    record = history.file(page.abspath) if history else None
    return record.last_changed(ctx.today).year if record else None


def dated_claims(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    """Claims true at a moment that has passed: 'as of 2019', 'new in 1.2', 'the upcoming 2.0 release', ..."""
    if _frozen(page) or exempt_reason(page, ctx.params):
        return
    current, names = product(ctx)
    others = frozenset(str(o).lower() for o in ctx.params["other-products"])
    versions = _claims_of_versions(names)
    for block in _prose(page, ctx.params):
        text = block.text
        found: list[tuple[int, str, str]] = []
        for match in _AS_OF_YEAR.finditer(text):
            if int(match.group("year")) < ctx.today.year:
                found.append((match.start(), match.group(0), f"the year {match.group('year')} has passed"))
        for match in versions.finditer(text):
            ver = match.group("ver")
            if re.fullmatch(_YEAR, ver) and not (current and (current.parts[0] or 0) >= 1000):
                if int(ver) < ctx.today.year:
                    found.append((match.start(), match.group(0), f"{ver} has passed"))
                continue
            version = Version.parse(ver)
            if current is None or version is None or (ver.isdigit() and not match.group("named").strip()):
                continue  # 'expected in 2 weeks': a bare number is a version only when named as one
            new = match.group("lead").lower().startswith("new")
            stale = version.older_line(current) if new else version.released_by(current)
            if stale:
                found.append((match.start(), match.group(0), f"the current version is {current.text}"))
        for match in re.finditer(r"\bcurrently\b", text, re.I):
            sentence = re.split(r"(?<=[.!?])\s", text[match.end() : match.end() + 80])[0]
            for m in version_mentions(sentence, names, others):
                if current is not None and m.version.older_line(current):
                    claim = text[match.start() : match.end() + m.end]
                    found.append((match.start(), claim, f"the current version is {current.text}"))
                    break
        for match in _UNDATED.finditer(text):
            year = _anchor_year(block, page, ctx)
            if year is not None and year < ctx.today.year:
                found.append((match.start(), match.group(0), f"written in {year} at the latest"))
        for _, claim, why in sorted(found):
            claim = " ".join(claim.split())
            if _in_link_text(page, block, claim):
                continue
            yield Measurement(True, _at(page, _line_of(page, block, claim)), {"claim": claim, "why": why})


# --- review dates ----------------------------------------------------------------------------------------------

_FRESHNESS = re.compile(r"freshness\s*:\s*\{(?P<body>[^}]*)\}", re.S)
_PAIR = re.compile(r"(\w+)\s*:\s*(?:'([^']*)'|\"([^\"]*)\"|([^\s,}]+))")
_DATE_FORMATS = ("%Y/%m/%d", "%m/%d/%Y", "%B %d, %Y", "%b %d, %Y", "%d %B %Y", "%d %b %Y")


def parse_date(value: object) -> dt.date | None:
    """A review date as YAML or people write it: a date, 2023-01-31 (a time may follow), 01/31/2023, Jan 31, 2023."""
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    text = str(value).strip()
    try:
        return dt.date.fromisoformat(text[:10])
    except ValueError:
        pass
    for fmt in _DATE_FORMATS:
        try:
            return dt.datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    return None


def _front_matter_line(page: Page, key: str, after: int = 1) -> int:
    """The line of a front matter key (the first one after line `after`), or 1."""
    lines = page.source.split("\n")
    if not lines or lines[0].strip() != "---":
        return 1
    for number, line in enumerate(lines[1:], start=2):
        if line.strip() == "---":
            break
        if number > after and re.match(rf"\s*{re.escape(key)}\s*:", line):
            return number
    return 1


def review_marks(page: Page) -> Iterator[tuple[object, int, str, str]]:
    """(date as written, line, where, owner) for every review date the page carries."""
    fm = page.front_matter
    owner = str(fm.get("owner") or fm.get("reviewer") or fm.get("reviewed_by") or "")
    for key in ("last_reviewed", "reviewed", "last_review"):
        if fm.get(key):
            yield fm[key], _front_matter_line(page, key), f"front matter {key}", owner
    update = fm.get("last_update")
    if isinstance(update, Mapping) and update.get("date"):
        line = _front_matter_line(page, "date", after=_front_matter_line(page, "last_update"))
        yield update["date"], line, "front matter last_update.date", str(update.get("author") or owner)
    for block in page.blocks:
        if block.kind != "comment":
            continue  # a freshness block is an HTML comment; an example of one in a code block is not
        for match in _FRESHNESS.finditer(block.text):
            fields = {m.group(1): m.group(2) or m.group(3) or m.group(4) for m in _PAIR.finditer(match.group("body"))}
            if fields.get("reviewed"):
                line = block.line + block.text.count("\n", 0, match.start())
                yield fields["reviewed"], line, "freshness comment", fields.get("owner", "") or owner


def review_age(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    """Days since the page's latest review date (front matter or a freshness comment)."""
    if _frozen(page):
        return
    latest: tuple[dt.date, int, str, str] | None = None
    for raw, line, where, owner in review_marks(page):
        date = parse_date(raw)
        if date is None:
            ctx.note(f"{page.path}:{line}: review date {str(raw)!r} ({where}) is not a date; write it as YYYY-MM-DD")
        elif latest is None or date > latest[0]:
            latest = (date, line, where, owner)
    if latest is not None:
        date, line, where, owner = latest
        yield Measurement(
            (ctx.today - date).days,
            _at(page, line),
            {
                "reviewed": date.isoformat(),
                "where": where,
                "owner": owner,
                "owner_text": f"; owner: {owner}" if owner else "; the page names no owner",
            },
        )


# --- repository references -------------------------------------------------------------------------------------

_PATHLIKE = re.compile(r"(?:\.{1,2}/)*[\w@.+-]+(?:/[\w@.+-]+)+/?")
_PAGE_SUFFIXES = (".md", ".mdx", ".markdown", ".rst")


@dataclass(frozen=True)
class Reference:
    text: str  # as written
    line: int
    found: Path | None  # the file or folder it names, None when it dangles


def _clean_reference(raw: str, link: bool) -> str:
    text = raw.strip()
    if link:
        text = text.split("#", 1)[0].split("?", 1)[0]
    else:
        text = re.sub(r"(?::\d+(?:[:-]\d+)?|#L\d+(?:-L\d+)?)$", "", text)
    if not _PATHLIKE.fullmatch(text) or "path/to/" in text or "..." in text or "//" in text:
        return ""
    last = text.rstrip("/").rsplit("/", 1)[-1]
    if "." in last.strip("."):
        return text
    return text if text.endswith("/") and not link else ""  # a link to a folder is a route of the built site


def _roots(page: Page, ctx: CheckContext, text: str, link: bool) -> list[Path]:
    """Where a path may be relative to: the page's folder for links and ./ ../ paths, else the repository."""
    if link or text.startswith(("./", "../")):
        return [page.abspath.parent]
    bases = list(dict.fromkeys([ctx.site.product_root, ctx.site.repo_root]))
    return [*bases, *(base / str(r) for base in bases for r in ctx.params.get("roots", ()))]


def _plausible(folder: Path, name: str) -> bool:
    """Whether a folder is where such a file would live: it holds a file of the same kind (extension)."""
    suffix = PurePosixPath(name).suffix.lower()
    if not suffix:
        return True
    try:
        return any(child.suffix.lower() == suffix for child in folder.iterdir())
    except OSError:
        return False


def references(page: Page, ctx: CheckContext) -> Iterator[Reference]:
    """Repository paths the page names in inline code or links, judged only where they are about this repository.

    A path counts when its folder exists and holds files of the same kind; otherwise ('src/features/todos/slice.js'
    in a tutorial, 'api/server.ts' beside a docs folder named api/) it is about the reader's own project. Code
    blocks are never read; URLs, single file names, pages and images (the build checks those) are not references.
    """
    candidates = [(c.text, c.line, False) for c in page.inline_code]
    for link in page.links:
        if not link.image and not re.match(r"[a-z][\w+.-]*:|#|/", link.target, re.I):
            candidates.append((link.target, link.line, True))
    seen: set[str] = set()
    for raw, line, is_link in candidates:
        text = _clean_reference(raw, is_link)
        if not text or text in seen or text.rstrip("/").lower().endswith(_PAGE_SUFFIXES):
            continue
        seen.add(text)
        parent = PurePosixPath(text.rstrip("/")).parent.as_posix()
        if parent in (".", ""):
            continue
        roots = [r for r in _roots(page, ctx, text, is_link) if (r / parent).is_dir()]
        if not roots:
            continue
        found = next(((r / text).resolve() for r in roots if (r / text).exists()), None)
        if found is None and not any(_plausible(r / parent, text.rstrip("/")) for r in roots):
            continue
        if is_link and found is not None and found.is_relative_to(ctx.site.root.resolve()):
            continue  # a file inside the docs: the build copies or checks it
        yield Reference(text, line, found)


def dangling_references(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    """Repository paths named by the page that do not exist."""
    if _frozen(page):
        return
    for ref in references(page, ctx):
        if ref.found is None:
            yield Measurement(True, _at(page, ref.line), {"ref": ref.text})


def code_drift(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    """For each source file the page names: days it changed after the page's last content change."""
    history = _history(ctx)
    record = history.file(page.abspath) if history and not _frozen(page) else None
    if history is None or record is None:
        return
    page_date = record.last_changed(ctx.today)
    for ref in references(page, ctx):
        if ref.found is None or not ref.found.is_file() or ref.found.suffix.lower() in _PAGE_SUFFIXES:
            continue
        source = history.file(ref.found)
        if source is None:
            continue
        changed = source.last_changed(ctx.today)
        yield Measurement(
            (changed - page_date).days,
            _at(page, ref.line),
            {"file": ref.text, "file_date": changed.isoformat(), "page_date": page_date.isoformat()},
        )


# --- stale page ------------------------------------------------------------------------------------------------


# The checks that corroborate a stale page: how the message names them, and the param holding their threshold.
_SIGNALS = {
    "review-age": ("expired review", "review-period-days"),
    "outdated-version": ("outdated version", ""),
    "dated-claim": ("dated claim", ""),
    "dangling-reference": ("dangling reference", ""),
    "code-drift": ("code drift", "drift-days"),
}


def _signals(page: Page, ctx: CheckContext) -> list[str]:
    """The other staleness signals on the page, judged with this rule's params and the other checks' defaults."""
    found = []
    for spec in CHECKS:
        if spec.name not in _SIGNALS:
            continue
        label, limit = _SIGNALS[spec.name]
        sub = replace(ctx, params={**spec.defaults, **ctx.params}, note=lambda message: None)
        if any(m.value > sub.params[limit] if limit else m.value for m in spec.fn(page, sub)):
            found.append(label)
    return found


def stale_page(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    """Days since the last commit that changed the page's content (whitespace-only commits do not count)."""
    history = _history(ctx)
    record = history.file(page.abspath) if history and not _frozen(page) else None
    if record is None:
        return
    last = record.last_changed(ctx.today)
    detail: dict[str, Any] = {"last": last.isoformat(), "author": record.author or "an uncommitted change", "also": ""}
    age = (ctx.today - last).days
    if age > 0:
        also = _signals(page, ctx)
        if also:
            detail["also"] = f"; also on this page: {', '.join(also)}"
            if ctx.params.get("corroborated-level"):
                detail["severity"] = ctx.params["corroborated-level"]
    yield Measurement(age, _at(page, 1), detail)


# Defaults shared by the version-based checks; word lists are written as text to stay readable.
_HISTORY_PATHS = """*changelog* *change-log* *release-notes* *release_notes* *releasenotes* */releases/* *migrat*
    *upgrad* *version-history* */history.md* *whats-new*"""
_OTHER_PRODUCTS = """node nodejs node.js npm yarn pnpm python java jdk ruby go php gradle xcode ios android macos
    windows ubuntu kotlin swift typescript chrome firefox safari cocoapods hermes react webpack babel http tls oauth
    api es ecmascript unicode utf ipv"""
_EXEMPT: Mapping[str, Any] = MappingProxyType(
    {
        "exempt-paths": tuple(_HISTORY_PATHS.split()),
        "exempt-titles": r"\b(?:change\s*log|release\s+notes?|releases|migrat\w*|upgrad\w*|version\s+history"
        r"|what'?s\s+new|breaking\s+changes)\b",
        "product-names": (),
        "other-products": tuple(_OTHER_PRODUCTS.split()),
    }
)

CHECKS: tuple[CheckSpec, ...] = (
    CheckSpec(
        "stale-page", "page", stale_page, {"corroborated-level": "warning", "review-period-days": 180, "drift-days": 90}
    ),
    CheckSpec("review-age", "page", review_age, {}),
    CheckSpec("outdated-version", "page", outdated_versions, _EXEMPT),
    CheckSpec("dated-claim", "page", dated_claims, _EXEMPT),
    CheckSpec("dangling-reference", "page", dangling_references, {"roots": ()}),
    CheckSpec("code-drift", "page", code_drift, {"roots": ()}),
)
