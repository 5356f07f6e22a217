"""The corpus the duplication checks judge: the eligible pages, their digests, and how a canonical copy is chosen.

Corpus: every page except deliberate copies (versioned and i18n variants, an older version folder's page where a
newer version folder has one at the same place, and a page of a version folder inside the current docs where the
docs around it have one at the same place), pages that name another page as their canonical address (`<link
rel="canonical" href="...">`, front matter `canonical_url`), pages whose type repeats others on purpose (blog posts,
release notes, design documents, landing pages, generated pages, redirects, 404 pages, partials: `_*.md(x)`), files
that MDX pages import or mkdocs snippets include, and pages matching the `allow-duplicates` globs. It is made once
per run, before the checks, by the prepare stage.
"""

from __future__ import annotations

import fnmatch
import functools
import hashlib
import os
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sitelint.cache import Cache
from sitelint.cachevalues import decode_arrays, encode_arrays
from sitelint.checks.duplication import digest as digestmod
from sitelint.checks.duplication.digest import Digest
from sitelint.checks.duplication.spans import ShingleIndex, shingle_index
from sitelint.gitinfo import GitHistory
from sitelint.model import Location, Page, Site

if TYPE_CHECKING:
    from sitelint.sites.navigation.graph import SiteGraph

NAMESPACE, VERSION = "dup-digest", 1
_IMPORT = re.compile(r"""^import\s[^;\n]*?\bfrom\s+['"]([^'"]+\.mdx?)['"]""", re.M)
_SNIPPET = re.compile(r"""--8<--\s+["']([^"'\n]+)["']""")
# Page types that repeat other pages on purpose or are not read alone: posts, release notes and design documents
# restate the docs of their day, a landing page sums the site up, generated pages repeat their generator's template,
# partials are included, redirects and 404 pages point elsewhere, showcases (demo pages, style samples) repeat what they
# show on purpose.
RECORDS = frozenset({"blog", "release-notes", "proposal", "landing", "generated", "partial", "redirect", "404",
                     "template", "showcase"})
# A page that names its canonical address: `<link rel="canonical" href="...">` in its head, or front matter.
_CANONICAL_LINK = re.compile(r"""<link\b(?=[^>]*\brel=["']canonical["'])[^>]*\bhref=["']([^"']+)["']""", re.I)
_CANONICAL_KEYS = ("canonical", "canonical_url", "canonicalUrl", "canonicalURL")


def _canonical_elsewhere(page: Page, root: Path) -> bool:
    """Whether the page says its canonical address is another page's: the address does not end with the page's own
    path under the docs root (a page that names itself canonical is no copy)."""
    named = next((str(page.front_matter[k]) for k in _CANONICAL_KEYS if isinstance(page.front_matter.get(k), str)),
                 None)
    if named is None:
        found = _CANONICAL_LINK.search(page.source) if "canonical" in page.source else None
        named = found.group(1) if found else None
    if not named:
        return False
    address = re.sub(r"[?#].*$", "", named).rstrip("/").lower()
    try:
        own = page.abspath.relative_to(root).as_posix().lower()
    except ValueError:
        own = page.path.lower()
    own = re.sub(r"(^|/)(index|readme)$", "", re.sub(r"\.(mdx?|markdown)$", "", own))
    own = "/".join(re.sub(r"^\d+[-_.]", "", part) for part in own.split("/") if part)
    return not (own and address.endswith("/" + own)) and address not in ("", "/")


_CHANGELOG = re.compile(r"(?i)(changelog|change-log|changes|release[-_]?notes|releasenotes)\.\w+$")
_SNIPPET_BLOCK = re.compile(r"^-{2}8<-{2}\s*$\n(.*?)^-{2}8<-{2}\s*$", re.M | re.S)
_CODE = hashlib.sha256((Path(__file__).parent / "digest.py").read_bytes()).hexdigest()[:12]


@dataclass(frozen=True)
class Corpus:
    """The pages duplication is judged on, their digests, the run's focus and the facts that pick a canonical copy.

    focus: indices of the corpus pages whose findings the run keeps, when that is not all of them; work on pairs of
    two other pages can then be skipped (a pre-commit run compares its staged pages with the site, not the site).
    """

    pages: tuple[Page, ...]
    digests: tuple[Digest, ...]
    focus: frozenset[int] | None
    inbound: Mapping[str, int]
    created: Mapping[str, float]  # path -> the day git first saw the page (a day number), when known
    shingles: ShingleIndex | None  # the passage shingles of the corpus (of the focus pages, with a focus)
    in_nav: frozenset[str] = frozenset()  # pages the site's navigation lists
    linked_from: Mapping[str, frozenset[str]] = field(default_factory=dict)  # page -> the pages that link to it
    folder_pages: Mapping[str, frozenset[str]] = field(default_factory=dict)  # folder -> the file names of its pages
    # page -> the version its front matter says it is for (`version: v20`, `custom: {version: Mini}`), when it says
    versions: Mapping[str, str] = field(default_factory=dict)

    def touches(self, *indices: int) -> bool:
        """Whether a finding between these corpus pages can be kept (one of them is in the run's scope)."""
        return self.focus is None or any(i in self.focus for i in indices)

    def canonical(self, paths: Iterable[str]) -> tuple[str, str]:
        """The copy that looks canonical and why: the one copy the others link to, else the one copy in the
        navigation, else the most linked to, else the oldest in git, else the shortest path (a leftover copy is
        often the older one, and the one readers no longer reach)."""
        group = sorted(set(paths), key=lambda p: (len(p), p))
        # A copy the others link to is where they send readers for the whole of it (a summary linking to its page).
        homes = [p for p in group if any(q != p and q in self.linked_from.get(p, ()) for q in group)]
        if len(homes) == 1 and len(group) > 1:
            return homes[0], "the copy the other links to"
        listed = [p for p in group if p in self.in_nav]
        if len(listed) == 1 and len(group) > 1:
            return listed[0], "the copy in the navigation"
        links = [self.inbound.get(p, 0) for p in group]
        if sorted(links)[-1] > (sorted(links)[-2] if len(links) > 1 else -1):
            best = group[links.index(max(links))]
            return best, f"most linked: {max(links)} {'pages link' if max(links) != 1 else 'page links'} to it"
        dates = [self.created.get(p) for p in group]
        if all(d is not None for d in dates) and len(set(dates)) > 1:
            oldest = min(group, key=lambda p: (self.created[p], len(p), p))
            return oldest, "oldest in git history"
        return group[0], "shortest path"

    def editions(self, paths: Iterable[str]) -> bool:
        """Whether pages are one page in editions of the docs: the same file name in folders that are editions of
        one another (`pg/select.mdx`, `mysql/select.mdx`; `react/guide/x.md`, `solid/guide/x.md`), a site's copy per
        database, framework or language that its readers see one of."""
        group = sorted(set(paths))
        if len(group) < 2:
            return False
        if self.version_pages(group):
            return True
        if len({_ORDER_PREFIX.sub("", p.rpartition("/")[2]) for p in group}) != 1:
            return False
        return all(self.in_editions(a, b) for a, b in zip(group, group[1:], strict=False))

    def version_pages(self, paths: Sequence[str]) -> bool:
        """Whether pages of one folder are each for another version of one thing, as their front matter says
        (`custom: {version: v19}` and `{version: v20}`) or their file names do (`reference/0.13.x.md`,
        `reference/0.14.x.md` and `reference/latest.md`): the pages a site keeps once per release."""
        versions = [self.versions.get(p, "") for p in paths]
        if not any(versions):  # the names say it only where the front matter says nothing
            stems = [p.rpartition("/")[2].rpartition(".")[0] or p.rpartition("/")[2] for p in paths]
            if not any(_VERSION_NAME.fullmatch(stem) for stem in stems):
                return False
            versions = [stem if _VERSION_NAME.fullmatch(stem) or stem.lower() in _VERSION_ALIASES else ""
                        for stem in stems]
        return len({p.rpartition("/")[0] for p in paths}) == 1 and all(versions) and \
            len(set(versions)) == len(versions)

    @functools.cached_property
    def archives(self) -> frozenset[str]:
        """The folders named for a version that keep that version's docs beside the current ones (made once: every
        pair of copies asks)."""
        return _archives(self.folder_pages)

    def in_editions(self, a: str, b: str) -> bool:
        """Whether two pages are in folders that are editions of one another (or are pages of one folder, one
        manual written for each of two programming languages): sibling folders that mirror each other page for
        page, folders of the same name under such folders (`react/guide`, `solid/guide`), or the default edition at
        the top and a folder in it that repeats three of its pages or more."""
        folder_a, folder_b = a.rpartition("/")[0], b.rpartition("/")[0]
        if folder_a == folder_b:
            return self.version_pages([a, b]) or digestmod.language_editions(a, b)
        version_a, version_b = _version_folder(folder_a), _version_folder(folder_b)
        if version_a != version_b and (version_a in self.archives or version_b in self.archives):
            return True  # the docs of another version kept beside these (`versions/0.14.0/api.md`)
        if version_a and version_b and version_a != version_b and \
                version_a.rpartition("/")[0] == version_b.rpartition("/")[0]:
            return True  # two release lines side by side (`guide/v10/`, `guide/v11/`), each current, on purpose
        names = self.folder_pages
        parent_a, parent_b = folder_a.rpartition("/")[0], folder_b.rpartition("/")[0]
        if parent_a == parent_b:
            return _mirror(names.get(folder_a, frozenset()), names.get(folder_b, frozenset()))
        if _edition_rest(folder_a) == _edition_rest(folder_b):
            return any(_mirror(names.get(x, frozenset()), names.get(y, frozenset()))
                       for x, y in ((parent_a, parent_b), (folder_a, folder_b)))
        if folder_a == parent_b or folder_b == parent_a:
            shared = names.get(folder_a, frozenset()) & names.get(folder_b, frozenset())
            return len(shared) >= _MIRROR_PAGES
        return False

    def detail(self, page: str, others: Sequence[Location], **extra: Any) -> dict[str, Any]:
        canonical, reason = self.canonical([page, *(o.path for o in others)])
        who = "this copy" if canonical == page else canonical
        shown = [f"{o.path}:{o.line}" for o in others[:3]]
        more = f" and {len(others) - 3} more" if len(others) > 3 else ""
        return {"others": ", ".join(shown) + more, "copies": len(others) + 1, "canonical": canonical,
                "reason": reason, "canonical_note": f"{who} looks canonical ({reason})", **extra}


def prepare(site: Site, settings: Mapping[str, Any], scope: frozenset[str] | None, cache: Cache | None,
            git: GitHistory | None, graph: SiteGraph | None = None) -> Corpus:
    pages = _eligible(site, [str(g) for g in settings.get("allow-duplicates") or ()])
    inside = [n for n, p in enumerate(pages) if scope is None or p.path in scope]
    focus = frozenset(inside) if len(inside) < len(pages) else None
    created: dict[str, float] = {}
    if git is not None:
        for page in pages:
            record = git.file(page.abspath)
            if record is not None and record.first_commit is not None:
                created[page.path] = float(record.first_commit.toordinal())
    made = tuple(digests(cache, pages))
    sources = ({p: frozenset(v) for p, v in graph.inbound.items()} if graph is not None and graph.navigation.read
               else _linked_from(pages))
    inbound = {p: len(v) for p, v in sources.items()}
    in_nav = graph.in_nav if graph is not None and graph.navigation.read and not graph.navigation.every_page else ()
    folders: dict[str, set[str]] = defaultdict(set)  # the site's pages by folder: its structure, every type counted
    for page in site.pages:
        if page.variant:
            continue
        folder, _, name = page.path.rpartition("/")
        folders[folder].add(_ORDER_PREFIX.sub("", name))  # `06.forms.md` and `07.forms.md` are one page's places
    versions = {p.path: v for p in pages if (v := _declared_version(p.front_matter))}
    return Corpus(tuple(pages), made, focus, inbound, created, shingle_index(made, focus), frozenset(in_nav),
                  sources, {f: frozenset(n) for f, n in folders.items()}, versions)


def _declared_version(front: Mapping[str, Any]) -> str:
    """The version a page's front matter says it is for: its `version`, or one a mapping of it holds (`custom:
    {version: v20}`)."""
    for holder in (front, *(v for v in front.values() if isinstance(v, Mapping))):
        value = holder.get("version")
        if isinstance(value, (str, int, float)) and not isinstance(value, bool) and str(value).strip():
            return str(value).strip()
    return ""


# A number a file name starts with to order the pages (`01.data-fetching.md`, `02-setup.md`), which Nuxt Content,
# Docusaurus and others leave out of the page's address.
_ORDER_PREFIX = re.compile(r"^\d+[._-](?=.)")
_MIRROR_PAGES = 3  # page names two folders must share to be editions of one another
_VERSION_NAME = re.compile(r"(?i)v?\d+(?:\.(?:\d+|x))+|v\d+")  # a folder named for a version: 0.14.0, v1, 2.x
_VERSION_ALIASES = frozenset({"latest", "current", "stable", "next"})  # the page of the release a name stands for


def _version_folder(folder: str) -> str:
    """The folder named for a version that holds a folder of the docs (`docs/versions/0.14.0/api` ->
    `docs/versions/0.14.0`), "" for none."""
    parts = folder.split("/")
    return next(("/".join(parts[: i + 1]) for i, part in enumerate(parts) if _VERSION_NAME.fullmatch(part)), "")


def _archives(folder_pages: Mapping[str, frozenset[str]]) -> frozenset[str]:
    """The folders named for a version whose pages, two or more, each have a page of the same name outside them:
    that version's docs, kept beside the current ones. One page alone in a `v2/` folder may be a page about an API's
    v2."""
    out = set()
    for top in {_version_folder(folder) for folder in folder_pages} - {""}:
        inside: set[str] = set()
        outside: set[str] = set()
        for where, names in folder_pages.items():
            (inside if where == top or where.startswith(top + "/") else outside).update(names)
        if len(inside) >= 2 and inside <= outside:
            out.add(top)
    return frozenset(out)


def _mirror(a: frozenset[str], b: frozenset[str]) -> bool:
    """Whether two folders hold mostly the same pages: three names or more in common, half of the smaller one's;
    or the same two pages and no other (`vue3/story.md`, `svelte3/story.md`, each with its `variant.md`)."""
    shared = len(a & b)
    return (shared >= _MIRROR_PAGES and shared >= 0.5 * min(len(a), len(b))) or (shared >= 2 and a == b)


def _edition_rest(folder: str) -> str:
    """A folder's path with the part above its last blanked (`start/react/guide` -> `start/*/guide`): the folders
    of editions one level up."""
    parts = folder.split("/")
    return "/".join(parts[:-2] + ["*"] + parts[-1:]) if len(parts) >= 2 else folder


def digests(cache: Cache | None, pages: Sequence[Page]) -> list[Digest]:
    """The digest of each page, from the cache (by content hash) or made and stored."""
    ns = cache.namespace(NAMESPACE, f"{VERSION}-{_CODE}") if cache is not None else None
    stored = ns.get_many(p.content_hash for p in pages) if ns is not None else {}
    out: list[Digest] = []
    fresh: dict[str, bytes] = {}
    for page in pages:
        blob = stored.get(page.content_hash)
        found = digestmod.from_arrays(decode_arrays(blob)) if blob is not None else None
        if found is None:
            found = digestmod.digest(page)
            fresh[page.content_hash] = encode_arrays(*digestmod.arrays(found))
        out.append(found)
    if ns is not None and fresh:
        ns.put_many(fresh)
    return out


def _eligible(site: Site, globs: Sequence[str]) -> list[Page]:
    pages = [p for p in site.pages if not p.variant]
    included = _included(pages)
    out = []
    for page in pages:
        if page.page_type in RECORDS or (included and os.path.normpath(page.abspath) in included):
            continue
        if _CHANGELOG.search(page.path.rsplit("/", 1)[-1]):
            continue  # a changelog quotes the docs of its day on purpose: a record, like a versioned copy
        if _canonical_elsewhere(page, site.root):
            continue  # it names another page as the canonical one: a copy kept on purpose, under another route
        if globs and _allowed(page, site.root, site.repo_root, globs):
            continue
        out.append(page)
    older = _older_versions(out)
    return sorted((p for p in out if p.path not in older), key=lambda p: p.path)


# A folder named as a version: v1, v2.3, 1.x, 4x, 2.0 (not a bare number, a year or Nuxt's ordering `2.deploy`), or as
# a revision of a specification by its date (2025-06-18), beside which `draft` (or `next`) is the one to come.
_VERSION_FOLDER = re.compile(r"(?i)v(\d+)(?:\.(\d+))?(?:\.(?:\d+|x))?|(\d+)\.(\d+|x)(?:\.\d+)?|(\d+)x")
_DATED_FOLDER = re.compile(r"((?:19|20)\d\d)-(0[1-9]|1[0-2])(?:-(0[1-9]|[12]\d|3[01]))?")
_NEXT_FOLDERS = frozenset({"draft", "next", "unreleased"})
_NEXT = (10_000, 0, 0)  # the version of a `draft` folder: after every numbered or dated one
# The folder of the release readers use, beside numbered ones and the next's (`latest/`, `v2/`, `next/`): after every
# numbered one, before the next's.
_LATEST_FOLDERS = frozenset({"latest", "current", "stable"})
_LATEST = (9_999, 0, 0)


def _folder_version(part: str) -> tuple[int, int, int] | None:
    found = _VERSION_FOLDER.fullmatch(part)
    if found:
        major, minor = ((found.group(1), found.group(2)) if found.group(1) else (found.group(3), found.group(4))
                        if found.group(3) else (found.group(5), None))
        return int(major), int(minor) if minor and minor.isdigit() else 0, 0
    dated = _DATED_FOLDER.fullmatch(part)
    if dated:
        return int(dated.group(1)), int(dated.group(2)), int(dated.group(3) or 0)
    return _NEXT if part.lower() in _NEXT_FOLDERS else _LATEST if part.lower() in _LATEST_FOLDERS else None


def _older_versions(pages: Sequence[Page]) -> set[str]:
    """Pages of a version folder kept by hand (`solid-start/v1/routing.mdx` beside `solid-start/v2/routing.mdx`,
    `specification/2025-03-26/index.mdx` beside `specification/2025-06-18/index.mdx`) that a newer version folder
    has a page for at the same place: an older version's copy, as a versioned docs folder holds, never a duplicate
    to merge."""
    twins: dict[tuple[str, ...], list[tuple[tuple[int, int, int], str]]] = defaultdict(list)
    # A version folder inside the current docs (`guide/v11/advanced/x.md` beside `guide/advanced/x.md`): the pages
    # of the version the docs around it moved on from, when three of its pages or more sit at the same place there.
    paths = {page.path for page in pages}
    nested: dict[str, list[str]] = defaultdict(list)  # version folder -> its pages the docs around it also have
    for page in pages:
        parts = page.path.split("/")
        for i, part in enumerate(parts[:-1]):
            version = _folder_version(part)
            if version is not None:
                twins[(*parts[:i], "*", *parts[i + 1 :])].append((version, page.path))
                if version != _NEXT and "/".join(parts[:i] + parts[i + 1 :]) in paths:
                    nested["/".join(parts[: i + 1])].append(page.path)
                break
    # A `draft` folder alone is no version: it is one only beside numbered or dated ones.
    older = {path for group in twins.values() if any(v != _NEXT for v, _ in group)
             and len({v for v, _ in group}) > 1 for version, path in group if version < max(v for v, _ in group)}
    return older | {path for found in nested.values() if len(found) >= _MIRROR_PAGES for path in found}


def _relative(page: Page, base: Path) -> str | None:
    try:
        return page.abspath.relative_to(base).as_posix()
    except ValueError:
        return None


def _allowed(page: Page, root: Path, repo_root: Path, globs: Sequence[str]) -> bool:
    names = {page.path, _relative(page, root), _relative(page, repo_root)} - {None}
    return any(fnmatch.fnmatch(str(name), g) or (g.startswith("**/") and fnmatch.fnmatch(str(name), g[3:]))
               for name in names for g in globs)


def _included(pages: Sequence[Page]) -> set[str]:
    """Absolute paths of files other pages pull in (MDX imports, mkdocs snippets): single sources, not copies."""
    out: set[str] = set()
    snippets: list[str] = []
    for page in pages:
        source = page.source
        if "import" in source:
            folder = os.path.dirname(page.abspath)
            for target in _imports(source):
                out.add(os.path.normpath(os.path.join(folder, target.replace("\\", ""))))
        if "--8<--" in source:
            snippets += _SNIPPET.findall(source)
            for body in _SNIPPET_BLOCK.findall(source):
                snippets += [t.strip() for t in body.splitlines() if t.strip() and not t.strip().startswith(";")]
    if snippets:  # a snippet names a file by a tail of its path: index the pages by theirs
        by_suffix: dict[str, list[str]] = defaultdict(list)
        for page in pages:
            parts = page.abspath.as_posix().split("/")
            for n in range(1, min(len(parts), 4) + 1):
                by_suffix["/".join(parts[-n:])].append(os.path.normpath(page.abspath))
        for target in snippets:
            out.update(by_suffix.get(target.strip().lstrip("./"), ()))
    return out


def _imports(source: str) -> Iterator[str]:
    """The .md/.mdx files an MDX page imports (a regular expression tried only where a line starts with import)."""
    starts = [0] if source.startswith("import") else []
    at = source.find("\nimport")
    while at != -1:
        starts.append(at + 1)
        at = source.find("\nimport", at + 1)
    for start in starts:
        match = _IMPORT.match(source, start)
        if match:
            yield match.group(1)


def _linked_from(pages: Sequence[Page]) -> dict[str, frozenset[str]]:
    """The other pages that link to each page (relative links, extensions and /index optional)."""
    linked: dict[str, set[str]] = defaultdict(set)
    for source, targets in page_links(pages).items():
        for _, target in targets:
            linked[target].add(source)
    return {path: frozenset(sources) for path, sources in linked.items()}


_ORDER = re.compile(r"^\d+[.-]")


def page_links(pages: Sequence[Page]) -> dict[str, list[tuple[int, str]]]:
    """Per page, the line of each relative link to another corpus page and the page it names (extensions and /index
    optional; a link that could name several pages names none)."""
    index: dict[str, set[str]] = defaultdict(set)
    for page in pages:
        parts = re.sub(r"(/(index|README))?\.(mdx?|markdown)$", "", page.path).split("/")
        # A number that orders a file or folder is not in its route (Nuxt Content `4.api/3.utils/x.md`,
        # Docusaurus `01-intro.md`).
        bare = [_ORDER.sub("", part) or part for part in parts]
        for n in range(1, len(parts) + 1):
            index["/".join(parts[-n:])].add(page.path)
            if bare != parts:
                index["/".join(bare[-n:])].add(page.path)
    out: dict[str, list[tuple[int, str]]] = {}
    for page in pages:
        folder = os.path.dirname(page.path)
        for link in page.links:
            target = link.target.split("#", 1)[0].split("?", 1)[0]
            if not target or link.image or re.match(r"^[a-z][a-z0-9+.-]*:|^//", target):
                continue
            joined = target.lstrip("/") if target.startswith("/") else os.path.normpath(os.path.join(folder, target))
            key = re.sub(r"(/(index|README))?(\.(mdx?|markdown))?/?$", "", joined)
            hits = index.get(key) or index.get("/".join(key.split("/")[-2:])) or set()
            if len(hits) == 1 and page.path not in hits:
                out.setdefault(page.path, []).append((link.line, next(iter(hits))))
    return out
