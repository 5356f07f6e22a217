"""The corpus the duplication checks judge: eligible pages, their cached digests and results, the canonical copy."""

from __future__ import annotations

import datetime as dt
import fnmatch
import hashlib
import os
import pickle
import re
import threading
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cached_property
from pathlib import Path
from typing import Any

from sitelint.checks import dupdigest
from sitelint.checks.dupdigest import Digest, decode, encode
from sitelint.checks.dupmatch import ShingleIndex, shingle_index
from sitelint.model import CheckContext, Location, Page

_IMPORT = re.compile(r"""^import\s[^;\n]*?\bfrom\s+['"]([^'"]+\.mdx?)['"]""", re.M)
_SNIPPET = re.compile(r"""--8<--\s+["']([^"'\n]+)["']""")
_CHANGELOG = re.compile(r"(?i)(changelog|change-log|changes|release[-_]?notes|releasenotes)\.\w+$")
_SNIPPET_BLOCK = re.compile(r"^-{2}8<-{2}\s*$\n(.*?)^-{2}8<-{2}\s*$", re.M | re.S)
# Cached digests and results are only valid for the code that made them: a change to any of these files starts afresh.
_SOURCES = ("duplication.py", "dupcorpus.py", "dupdigest.py", "dupmatch.py", "dupsemantic.py")
VERSION = hashlib.sha256(b"".join((Path(__file__).parent / name).read_bytes() for name in _SOURCES)).hexdigest()[:12]
_DIGEST_NS = f"dup-digest-{VERSION}"
_RESULT_NS = f"dup-result-{VERSION}"
_EPOCH_ORDINAL = dt.date(1970, 1, 1).toordinal()
_MAKING = threading.Lock()


def service(ctx: CheckContext, name: str) -> Any:
    try:
        return ctx.service(name)
    except Exception:  # noqa: BLE001 - a missing or failing service only costs speed or the canonical hint
        return None


class Corpus:
    """The pages duplication is judged on, their digests, and the facts that pick a canonical copy."""

    def __init__(self, ctx: CheckContext) -> None:
        self.ctx = ctx
        self.pages = _eligible(ctx)
        self._by_path = {p.path: p for p in self.pages}
        # The corpus pages whose findings the run keeps, when that is not all of them: work on pairs of two other
        # pages can be skipped (a pre-commit run on one staged page compares that page with the site, not the site).
        inside = [n for n, p in enumerate(self.pages) if ctx.scope is None or p.path in ctx.scope]
        self.focus: frozenset[int] | None = frozenset(inside) if len(inside) < len(self.pages) else None
        self._dates: dict[str, float | None] = {}
        self._digests: list[Digest] | None = None
        self._digesting = threading.Lock()
        self.cache = service(ctx, "cache")
        self.fingerprint = hashlib.sha256(
            "\n".join(f"{p.path}\0{p.content_hash}" for p in self.pages).encode()
        ).hexdigest()

    @classmethod
    def of(cls, ctx: CheckContext) -> Corpus:
        """The run's corpus, made once and shared by the duplication checks (their params are not part of it)."""
        shared = ctx.shared()
        if shared is None:
            return cls(ctx)
        key = ("dup-corpus", tuple(str(g) for g in ctx.settings.get("allow-duplicates") or ()), ctx.scope)
        with _MAKING:  # a check on a worker thread may ask at the same time as one on the main thread
            if key not in shared:
                shared[key] = cls(ctx)
            corpus: Corpus = shared[key]
        return corpus

    def touches(self, *indices: int) -> bool:
        """Whether a finding between these corpus pages can be kept (one of them is in the run's scope)."""
        return self.focus is None or any(i in self.focus for i in indices)

    @property
    def digests(self) -> list[Digest]:
        """Each page's digest, in page order: computed once even when two threads ask at the same time."""
        with self._digesting:
            if self._digests is None:
                self._digests = self._load_digests()
            return self._digests

    @cached_property
    def shingles(self) -> ShingleIndex | None:
        """The corpus's sorted passage shingles (those the focus pages share, when there is a focus), shared by
        copied-passage and repeated-passage."""
        return shingle_index(self.digests, self.focus)

    def _load_digests(self) -> list[Digest]:
        return page_digests(self.cache, self.pages)

    def memo(self, name: str, params: Mapping[str, Any], compute: Callable[[], Any]) -> Any:
        """A check's result for this exact corpus and these params, from the cache when a run already made it.

        One row per check, params and focus holds the latest corpus only, so edits do not pile up results in the
        cache; a focused result covers the pairs that touch the focus pages.
        """
        focus = sorted(self.pages[n].path for n in self.focus) if self.focus is not None else None
        key = hashlib.sha256(f"{name}\0{sorted(params.items())}\0{self.ctx.site.root}\0{focus}".encode()).hexdigest()
        blob = self.cache.get(_RESULT_NS, key) if self.cache is not None else None
        if blob is not None:
            try:
                fingerprint, result = pickle.loads(blob)
                if fingerprint == self.fingerprint:
                    return result
            except Exception:  # noqa: BLE001 - recomputed, never trusted
                pass
        result = compute()
        if self.cache is not None:
            blob = pickle.dumps((self.fingerprint, result), protocol=pickle.HIGHEST_PROTOCOL)
            self.cache.put(_RESULT_NS, key, blob)
        return result

    @cached_property
    def _inbound(self) -> dict[str, int]:
        return _inbound_links(self.pages)

    @cached_property
    def _history(self) -> Callable[[Any], Any] | None:
        lookup = getattr(service(self.ctx, "git"), "file", None)
        return lookup if callable(lookup) else None

    def _created(self, path: str) -> float | None:
        """When git first saw the page (asked only for pages in a finding: one lookup each)."""
        if path not in self._dates:
            page = self._by_path.get(path)
            try:
                self._dates[path] = _first_seen(self._history(page.abspath)) if self._history and page else None
            except Exception:  # noqa: BLE001 - no date is no hint, not a failed check
                self._dates[path] = None
        return self._dates[path]

    def canonical(self, paths: Iterable[str]) -> tuple[str, str]:
        """The copy that looks canonical and why: oldest in git, else most linked to, else the shortest path."""
        group = sorted(set(paths), key=lambda p: (len(p), p))
        dates = [self._created(p) for p in group]
        if all(d is not None for d in dates) and len(set(dates)) > 1:
            oldest = min(group, key=lambda p: (self._created(p) or 0.0, len(p), p))
            return oldest, "oldest in git history"
        links = [self._inbound.get(p, 0) for p in group]
        if sorted(links)[-1] > (sorted(links)[-2] if len(links) > 1 else -1):
            best = group[links.index(max(links))]
            return best, f"most linked: {max(links)} {'pages link' if max(links) != 1 else 'page links'} to it"
        return group[0], "shortest path"

    def detail(self, page: str, others: Sequence[Location], **extra: Any) -> dict[str, Any]:
        canonical, reason = self.canonical([page, *(o.path for o in others)])
        who = "this copy" if canonical == page else canonical
        note = f"{who} looks canonical ({reason})"
        shown = [f"{o.path}:{o.line}" for o in others[:3]]
        more = f" and {len(others) - 3} more" if len(others) > 3 else ""
        return {
            "others": ", ".join(shown) + more,
            "copies": len(others) + 1,
            "canonical": canonical,
            "reason": reason,
            "canonical_note": note,
            **extra,
        }


def page_digests(cache: Any, pages: Sequence[Page]) -> list[Digest]:
    """The digest of each page, from the cache (by content hash) or made and stored."""
    keys = [p.content_hash for p in pages]
    stored = cache.get_many(_DIGEST_NS, keys) if cache is not None else {}
    out: list[Digest] = []
    fresh: dict[str, bytes] = {}
    for page, key in zip(pages, keys, strict=True):
        blob = stored.get(key)
        digest = decode(blob) if blob is not None else None
        if digest is None:
            digest = dupdigest.digest(page)
            fresh[key] = encode(digest)
        out.append(digest)
    if fresh and cache is not None:
        cache.put_many(_DIGEST_NS, fresh)
    return out


def _first_seen(history: Any) -> float | None:
    """When git first saw a file, in days, from a file history that may give a date or a unix time."""
    for name in ("first_commit", "created"):
        value = getattr(history, name, None)
        if isinstance(value, dt.datetime):
            return value.timestamp() / 86400
        if isinstance(value, dt.date):
            return float(value.toordinal() - _EPOCH_ORDINAL)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return value / 86400
    return None


def _eligible(ctx: CheckContext) -> list[Page]:
    site = ctx.site
    globs = [str(g) for g in ctx.settings.get("allow-duplicates") or ()]
    # Only light fields and the source are read here: a cached page's blocks stay packed until a check needs them.
    pages = [p for p in site.pages if not p.variant]
    included = _included(pages)
    out = []
    for page in pages:
        if _is_partial(page, site.root) or (included and os.path.normpath(page.abspath) in included):
            continue
        if _CHANGELOG.search(page.path.rsplit("/", 1)[-1]):
            continue  # a changelog quotes the docs of its day on purpose: a record, like a versioned copy
        if globs and _allowed(page, site.root, site.repo_root, globs):
            continue
        out.append(page)
    return sorted(out, key=lambda p: p.path)


def _relative(page: Page, base: Any) -> str | None:
    try:
        return page.abspath.relative_to(base).as_posix()
    except ValueError:
        return None


def _is_partial(page: Page, root: Any) -> bool:
    """A page whose name, or a folder's name under the docs root, starts with "_" (a partial, never a page)."""
    if f"{os.sep}_" not in str(page.abspath):
        return False  # no name in the whole path starts with "_": the common case, without path arithmetic
    rel = _relative(page, root) or page.path
    return any(part.startswith("_") for part in rel.split("/"))


def _allowed(page: Page, root: Any, repo_root: Any, globs: Sequence[str]) -> bool:
    names = {page.path, _relative(page, root), _relative(page, repo_root)} - {None}
    return any(
        fnmatch.fnmatch(str(name), g) or (g.startswith("**/") and fnmatch.fnmatch(str(name), g[3:]))
        for name in names
        for g in globs
    )


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


def _inbound_links(pages: Sequence[Page]) -> dict[str, int]:
    """How many other pages link to each page (relative links, extensions and /index optional)."""
    index: dict[str, set[str]] = defaultdict(set)
    for page in pages:
        stem = re.sub(r"(/(index|README))?\.(mdx?|markdown)$", "", page.path)
        parts = stem.split("/")
        for n in range(1, len(parts) + 1):
            index["/".join(parts[-n:])].add(page.path)
    linked: dict[str, set[str]] = defaultdict(set)
    for page in pages:
        folder = os.path.dirname(page.path)
        for link in page.links:
            target = link.target.split("#", 1)[0].split("?", 1)[0]
            if not target or link.image or re.match(r"^[a-z][a-z0-9+.-]*:|^//", target):
                continue
            joined = target.lstrip("/") if target.startswith("/") else os.path.normpath(os.path.join(folder, target))
            key = re.sub(r"(/(index|README))?(\.(mdx?|markdown))?/?$", "", joined)
            hits = index.get(key) or index.get("/".join(key.split("/")[-2:])) or set()
            if len(hits) == 1:
                (hit,) = hits
                if hit != page.path:
                    linked[hit].add(page.path)
    return {path: len(sources) for path, sources in linked.items()}
