"""Duplication checks: the same prose in two places, found without comparing every pair of pages or passages.

Corpus: every page except deliberate copies (versioned and i18n variants, changelogs and release notes), shared
partials (`_*.md(x)`, files that MDX pages import or mkdocs snippets include) and pages matching the
`allow-duplicates` globs. Only prose is compared;
code has its own, optional check.

Complexity, for P pages, N prose words, U semantic passages, d = embedding size:
- duplicate-pages: one hash per page, O(N).
- near-duplicate-pages: a 128-hash MinHash of each page's 5-word shingles, O(N·128); LSH banding turns signatures into
  candidate pairs in O(P·bands); each candidate gets one exact Jaccard, O(shingles).
- copied-passages, repeated-passages: every 8-word shingle of the corpus sorted once, O(N log N); equal hashes give
  matches (a shingle on more than max-copies pages is boilerplate and skipped), chained along diagonals into passages,
  O(M log M) for M matches.
- paraphrased-duplicates: a top-k cosine search of each new passage against all passages, in blocks of 512 query rows
  (memory O(512·U)); below about 8M products it is exact, O(Δ·U·d) for Δ new passages; above, passages are grouped
  around √U spherical k-means centroids and each passage is compared with the members of its 6 nearest groups,
  O(U·√U·d). Pairs found are kept in the cache, so a later run searches only passages it has not seen (Δ ≪ U).
Per-page shingles and hashes are cached by page content hash; each check's result by a fingerprint of the corpus.
"""

from __future__ import annotations

import datetime as dt
import fnmatch
import hashlib
import os
import pickle
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np

from sitelint.model import Block, CheckContext, CheckSpec, Location, Measurement, Page

_WORD = re.compile(r"\w+(?:['’]\w+)*")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|-")
_IMPORT = re.compile(r"""^import\s[^;\n]*?\bfrom\s+['"]([^'"]+\.mdx?)['"]""", re.M)
_SNIPPET = re.compile(r"""--8<--\s+["']([^"'\n]+)["']""")
_CHANGELOG = re.compile(r"(?i)(changelog|change-log|changes|release[-_]?notes|releasenotes)\.\w+$")
_SNIPPET_BLOCK = re.compile(r"^-{2}8<-{2}\s*$\n(.*?)^-{2}8<-{2}\s*$", re.M | re.S)
# Cached digests and results are only valid for the code that made them: a change to this file starts afresh.
_VERSION = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:12]
_DIGEST_NS = f"dup-digest-{_VERSION}"
_RESULT_NS = f"dup-result-{_VERSION}"
_INDEX_NS = f"dup-semantic-{_VERSION}"
_RUN_K = 8  # words per shingle when looking for copied passages
_PAGE_K = 5  # words per shingle for page similarity
_PERMS = 128
_PRIME = np.uint64(1099511628211)
_SEEDS = np.random.default_rng(0x5173).integers(1, 2**63 - 1, size=(2, _PERMS), dtype=np.uint64)
_MULT, _ADD = _SEEDS[0] | np.uint64(1), _SEEDS[1]
_EPOCH_ORDINAL = dt.date(1970, 1, 1).toordinal()
_BLOCK = 512  # query rows per similarity block
_BRUTE_LIMIT = 8_000_000  # query x passage products above which the semantic search groups passages first
_UNIT_MAX_WORDS = 150  # a semantic passage: consecutive prose of one section, cut to what the model reads


# --- per-page digests ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Digest:
    """What the lexical checks need of a page, cached by its content hash."""

    words: int
    prose_hash: str
    ids: np.ndarray  # uint64 hash of each passage word (prose outside tables, inline code included)
    lines: np.ndarray  # uint32 source line of each passage word
    sig: np.ndarray  # uint32 MinHash of the page's _PAGE_K-word shingles
    shingles: np.ndarray  # sorted unique uint64 _PAGE_K-word shingles
    headings: frozenset[str]
    subject: frozenset[int]  # word hashes of the title and headings: what the page documents
    units: tuple[tuple[int, int, int, str], ...]  # semantic passages: (line, end line, words, text)

    def line(self, position: int) -> int:
        return int(self.lines[min(position, len(self.lines) - 1)]) if len(self.lines) else 1

    @property
    def grams(self) -> np.ndarray:
        return _shingle(self.ids, _RUN_K)


def _tokens(text: str) -> list[str]:
    return [t for t in (w.strip("_").casefold() for w in _WORD.findall(text)) if t]


_NOT_PROSE = frozenset({"code", "html", "jsx", "esm", "heading", "front_matter", "comment"})
_LINK_TARGET = re.compile(r"\]\([^)]*\)")
_MARKUP = re.compile(r"<!--.*?-->|</?[A-Za-z][^>]*>|https?://\S+|^\s*(?:>\s*)*(?:[-*+]|\d+[.)])\s+")


def _prose(page: Page) -> list[tuple[Block, list[tuple[int, str]]]]:
    """Each prose block with its source lines, markup stripped but inline code kept.

    Inline code stays because it often is the only word that differs between two sentences of a template
    ("`maxWidth` is the maximum width ..."); link targets, tags and list markers go. Lines of code, JSX or HTML
    nested in a prose block (a code block inside a list item) are left out.
    """
    source = page.source.splitlines()
    skip: set[int] = set()
    for block in page.blocks:
        if block.kind in _NOT_PROSE:
            skip.update(range(block.line, block.end_line + 1))
    out = []
    for block in page.blocks:
        if block.is_prose:
            lines = [
                (n, _MARKUP.sub(" ", _LINK_TARGET.sub("]", source[n - 1])))
                for n in range(block.line, min(block.end_line, len(source)) + 1)
                if n not in skip
            ]
            skip.update(n for n, _ in lines)
            out.append((block, lines))
    return out


def _digest(page: Page) -> Digest:
    words: list[str] = []
    passage_words: list[str] = []  # tables are left out: their rows repeat a template's frame by design
    lines: list[int] = []
    prose = _prose(page)
    for block, texts in prose:
        for n, text in texts:
            found = _tokens(text)
            words += found
            if block.kind != "table":
                passage_words += found
                lines += [n] * len(found)
    ids: dict[str, int] = {}
    source = page.source.splitlines()
    titles = [page.title, *(source[b.line - 1] for b in page.blocks if b.kind == "heading" and b.line <= len(source))]
    named = {t for title in titles for t in _tokens(f"{title} {_CAMEL.sub(' ', title)}")}
    for w in [*words, *named]:
        if w not in ids:
            ids[w] = int.from_bytes(hashlib.blake2b(w.encode(), digest_size=8).digest(), "little")
    shingles = np.unique(_shingle(np.array([ids[w] for w in words], dtype=np.uint64), _PAGE_K))
    headings = frozenset(" ".join(_tokens(s.title)) for s in page.sections if s.level > 1 and _tokens(s.title))
    return Digest(
        len(words),
        hashlib.sha256(" ".join(words).encode()).hexdigest(),
        np.array([ids[w] for w in passage_words], dtype=np.uint64),
        np.array(lines, dtype=np.uint32),
        _minhash(shingles),
        shingles,
        headings,
        frozenset(ids[w] for w in named),
        _units(prose),
    )


def _shingle(ids: np.ndarray, k: int) -> np.ndarray:
    n = len(ids) - k + 1
    if n <= 0:
        return np.zeros(0, dtype=np.uint64)
    out = ids[:n].copy()
    for j in range(1, k):
        out = out * _PRIME + ids[j : j + n]  # wraps modulo 2**64 on purpose
    return out


def _minhash(shingles: np.ndarray) -> np.ndarray:
    if not len(shingles):
        return np.full(_PERMS, 0xFFFFFFFF, dtype=np.uint32)
    sig = np.full(_PERMS, np.iinfo(np.uint64).max, dtype=np.uint64)
    for start in range(0, len(shingles), 4096):  # bounded temporary: 128 x 4096
        part = shingles[None, start : start + 4096]
        sig = np.minimum(sig, ((_MULT[:, None] * part + _ADD[:, None]) >> np.uint64(32)).min(axis=1))
    return sig.astype(np.uint32)


def _encode(d: Digest) -> bytes:
    return pickle.dumps(
        (
            d.words,
            d.prose_hash,
            d.ids.tobytes(),
            d.lines.tobytes(),
            d.sig.tobytes(),
            d.shingles.tobytes(),
            sorted(d.headings),
            sorted(d.subject),
            d.units,
        ),
        protocol=pickle.HIGHEST_PROTOCOL,
    )


def _decode(blob: bytes) -> Digest | None:
    try:
        words, prose, ids, lines, sig, shingles, headings, subject, units = pickle.loads(blob)
        return Digest(
            words,
            prose,
            np.frombuffer(ids, np.uint64),
            np.frombuffer(lines, np.uint32),
            np.frombuffer(sig, np.uint32),
            np.frombuffer(shingles, np.uint64),
            frozenset(headings),
            frozenset(subject),
            tuple(units),
        )
    except Exception:  # noqa: BLE001 - an unreadable row is recomputed, never trusted
        return None


# --- the corpus and what is known about it ---------------------------------------------------------------------


def _service(ctx: CheckContext, name: str) -> Any:
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
        self._dates: dict[str, float | None] = {}
        self.cache = _service(ctx, "cache")
        self.fingerprint = hashlib.sha256(
            "\n".join(f"{p.path}\0{p.content_hash}" for p in self.pages).encode()
        ).hexdigest()

    @cached_property
    def digests(self) -> list[Digest]:
        keys = [p.content_hash for p in self.pages]
        stored = self.cache.get_many(_DIGEST_NS, keys) if self.cache is not None else {}
        out: list[Digest] = []
        fresh: dict[str, bytes] = {}
        for page, key in zip(self.pages, keys, strict=True):
            blob = stored.get(key)
            digest = _decode(blob) if blob is not None else None
            if digest is None:
                digest = _digest(page)
                fresh[key] = _encode(digest)
            out.append(digest)
        if fresh and self.cache is not None:
            self.cache.put_many(_DIGEST_NS, fresh)
        return out

    def memo(self, name: str, params: Mapping[str, Any], compute: Callable[[], Any]) -> Any:
        """A check's result for this exact corpus and these params, from the cache when a run already made it.

        One row per check and params holds the latest corpus only, so edits do not pile up results in the cache.
        """
        key = hashlib.sha256(f"{name}\0{sorted(params.items())}\0{self.ctx.site.root}".encode()).hexdigest()
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
        lookup = getattr(_service(self.ctx, "git"), "file", None)
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
        if _is_partial(page, site.root) or os.path.normpath(page.abspath) in included:
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
    by_suffix: dict[str, list[str]] = defaultdict(list)
    out: set[str] = set()
    snippets: list[str] = []
    for page in pages:
        parts = page.abspath.as_posix().split("/")
        for n in range(1, min(len(parts), 4) + 1):
            by_suffix["/".join(parts[-n:])].append(os.path.normpath(page.abspath))
        if "import" in page.source:
            folder = os.path.dirname(page.abspath)
            for target in _IMPORT.findall(page.source):
                out.add(os.path.normpath(os.path.join(folder, target.replace("\\", ""))))
        if "--8<--" in page.source:
            snippets += _SNIPPET.findall(page.source)
            for body in _SNIPPET_BLOCK.findall(page.source):
                snippets += [t.strip() for t in body.splitlines() if t.strip() and not t.strip().startswith(";")]
    for target in snippets:
        out.update(by_suffix.get(target.strip().lstrip("./"), ()))
    return out


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


def _page_at(page: Page) -> Location:
    return Location(page.path, 1)


# --- DUP001 duplicate page, DUP002 near-duplicate page ---------------------------------------------------------


def duplicate_pages(ctx: CheckContext) -> Iterator[Measurement]:
    corpus = Corpus(ctx)
    groups = corpus.memo("duplicate-pages", ctx.params, lambda: _duplicate_groups(corpus, ctx.params))
    by_path = {p.path: p for p in corpus.pages}
    for group in groups:
        for path in group:
            others = tuple(_page_at(by_path[o]) for o in group if o != path)
            yield Measurement(len(others), _page_at(by_path[path]), corpus.detail(path, others), others)


def _duplicate_groups(corpus: Corpus, params: Mapping[str, Any]) -> list[list[str]]:
    groups: dict[str, list[str]] = defaultdict(list)
    for page, digest in zip(corpus.pages, corpus.digests, strict=True):
        if digest.words >= int(params["min-words"]):
            groups[digest.prose_hash].append(page.path)
    return [g for g in groups.values() if len(g) > 1]


def near_duplicate_pages(ctx: CheckContext) -> Iterator[Measurement]:
    corpus = Corpus(ctx)
    pairs = corpus.memo("near-duplicate-pages", ctx.params, lambda: _similar_pages(corpus, ctx.params))
    found: dict[str, list[tuple[float, str]]] = defaultdict(list)
    for a, b, similarity in pairs:
        found[a].append((similarity, b))
        found[b].append((similarity, a))
    for path, matches in sorted(found.items()):
        matches.sort(key=lambda m: (-m[0], m[1]))
        others = tuple(Location(o, 1) for _, o in matches)
        yield Measurement(
            matches[0][0], Location(path, 1), corpus.detail(path, others, similarity=matches[0][0]), others
        )


def _similar_pages(corpus: Corpus, params: Mapping[str, Any]) -> list[tuple[str, str, float]]:
    """Page pairs whose 5-word shingle Jaccard reaches min-similarity (exact duplicates are another rule's)."""
    threshold = float(params["min-similarity"])
    pages = [(p, d) for p, d in zip(corpus.pages, corpus.digests, strict=True) if d.words >= int(params["min-words"])]
    out = []
    for i, j in _lsh_candidates([d.sig for _, d in pages], threshold):
        (pa, da), (pb, db) = pages[i], pages[j]
        if da.prose_hash == db.prose_hash:
            continue
        similarity = _jaccard(da.shingles, db.shingles)
        if similarity >= threshold:
            out.append((pa.path, pb.path, round(similarity, 4)))
    return sorted(out)


def _lsh_candidates(sigs: Sequence[np.ndarray], threshold: float) -> set[tuple[int, int]]:
    # Rows per band: the most selective banding whose S-curve midpoint stays at least 0.1 below the threshold.
    rows = next((r for r in (16, 8, 4, 2) if (r / _PERMS) ** (1 / r) <= threshold - 0.1), 1)
    buckets: dict[bytes, list[int]] = defaultdict(list)
    for i, sig in enumerate(sigs):
        for band in range(0, _PERMS, rows):
            buckets[band.to_bytes(2, "little") + sig[band : band + rows].tobytes()].append(i)
    pairs: set[tuple[int, int]] = set()
    for members in buckets.values():
        for x in range(len(members)):
            for y in range(x + 1, len(members)):
                pairs.add((members[x], members[y]))
    return pairs


def _jaccard(a: np.ndarray, b: np.ndarray) -> float:
    if not len(a) or not len(b):
        return 0.0
    both = len(np.intersect1d(a, b, assume_unique=True))
    return both / (len(a) + len(b) - both)


# --- DUP003 copied passage, DUP005 repeated within a page ------------------------------------------------------


@dataclass(frozen=True)
class Span:
    """Words [a_lo, a_hi) of page a match words [b_lo, b_hi) of page b; matched counts the words that agree."""

    a: int
    a_lo: int
    a_hi: int
    b: int
    b_lo: int
    b_hi: int
    matched: int


def _copied_spans(digests: Sequence[Digest], max_copies: int, max_gap: int) -> list[Span]:
    """Passages shared verbatim or nearly so: equal 8-word shingles chained along diagonals, small edits bridged."""
    if not digests:
        return []
    hashes = np.concatenate([d.grams for d in digests])
    pages = np.concatenate([np.full(len(d.grams), i, dtype=np.int64) for i, d in enumerate(digests)])
    pos = np.concatenate([np.arange(len(d.grams), dtype=np.int64) for d in digests])
    order = np.argsort(hashes, kind="stable")
    hashes, pages, pos = hashes[order], pages[order], pos[order]
    starts = np.flatnonzero(np.r_[True, hashes[1:] != hashes[:-1]])
    sizes = np.diff(np.r_[starts, len(hashes)])
    # Most shared shingles occur exactly twice: those pairs are made in one vectorised step, the rest one by one.
    two = starts[sizes == 2]
    if max_copies < 2:  # then only a page's own repeats count
        two = two[pages[two] == pages[two + 1]]
    cols = [pages[two], pos[two], pages[two + 1], pos[two + 1]]
    more: list[tuple[int, int, int, int]] = []
    for start, size in zip(starts[sizes > 2].tolist(), sizes[sizes > 2].tolist(), strict=True):
        if size > 4 * max_copies or len(set(pages[start : start + size].tolist())) > max_copies:
            continue  # boilerplate on many pages (a template's frame), not a copy someone made
        group = list(zip(pages[start : start + size].tolist(), pos[start : start + size].tolist(), strict=True))
        more += [(*group[x], *group[y]) for x in range(size) for y in range(x + 1, size)]
    if more:
        extra = np.array(more, dtype=np.int64)
        cols = [np.concatenate([c, extra[:, n]]) for n, c in enumerate(cols)]
    p1, i1, p2, i2 = cols
    if not len(p1):
        return []  # no shingle is shared: nothing was copied
    swap = (p2 < p1) | ((p2 == p1) & (i2 < i1))  # the earlier (page, position) is side a
    pa, ia = np.where(swap, p2, p1), np.where(swap, i2, i1)
    pb, ib = np.where(swap, p1, p2), np.where(swap, i1, i2)
    diag = ia - ib
    order = np.lexsort((ia, diag, pb, pa))
    pa, pb, diag, ia = pa[order], pb[order], diag[order], ia[order]
    # A run is a stretch of consecutive shingle matches on one diagonal of one page pair.
    new_run = np.r_[True, (pa[1:] != pa[:-1]) | (pb[1:] != pb[:-1]) | (diag[1:] != diag[:-1]) | (ia[1:] > ia[:-1] + 1)]
    first = np.flatnonzero(new_run)
    last = np.r_[first[1:], len(ia)] - 1
    runs = [
        Span(a, lo, hi + _RUN_K, b, lo - d, hi - d + _RUN_K, hi - lo + _RUN_K)
        for a, b, d, lo, hi in zip(
            pa[first].tolist(),
            pb[first].tolist(),
            diag[first].tolist(),
            ia[first].tolist(),
            ia[last].tolist(),
            strict=True,
        )
    ]
    return _bridge(runs, max_gap, digests)


def _bridge(runs: list[Span], max_gap: int, digests: Sequence[Digest]) -> list[Span]:
    """Join runs of the same two pages separated by a small edit (a changed, added or dropped word or two).

    An edit where each copy names its own subject (a word of its title or headings: "maximum `width`" against
    "maximum `height`") is a template's slot, not an edit, and is never bridged.
    """
    runs.sort(key=lambda s: (s.a, s.b, s.a_lo, s.b_lo))
    chains: list[Span] = []
    open_for: dict[tuple[int, int], list[int]] = defaultdict(list)
    for run in runs:
        best = None
        for i in open_for[(run.a, run.b)]:
            c = chains[i]
            if (
                c.a_lo < run.a_lo
                and c.b_lo < run.b_lo
                and -_RUN_K < run.a_lo - c.a_hi <= max_gap
                and -_RUN_K < run.b_lo - c.b_hi <= max_gap
                and (best is None or c.matched > chains[best].matched)
                and not _slot(digests[run.a], c.a_hi, run.a_lo, digests[run.b], c.b_hi, run.b_lo)
            ):
                best = i
        if best is None:
            open_for[(run.a, run.b)].append(len(chains))
            chains.append(run)
            continue
        c = chains[best]
        overlap = max(0, c.a_hi - run.a_lo)
        chains[best] = Span(
            run.a,
            c.a_lo,
            max(c.a_hi, run.a_hi),
            run.b,
            c.b_lo,
            max(c.b_hi, run.b_hi),
            c.matched + run.matched - overlap,
        )
    return chains


def _slot(da: Digest, a_lo: int, a_hi: int, db: Digest, b_lo: int, b_hi: int) -> bool:
    gap_a, gap_b = set(da.ids[a_lo:a_hi].tolist()), set(db.ids[b_lo:b_hi].tolist())
    own_a, own_b = gap_a & da.subject - gap_b, gap_b & db.subject - gap_a
    return bool(own_a) and bool(own_b)


def _passage_spans(corpus: Corpus, params: Mapping[str, Any]) -> list[Span]:
    spans = _copied_spans(corpus.digests, int(params["max-copies"]), int(params["max-gap"]))
    keep = []
    for s in spans:
        words = min(s.a_hi - s.a_lo, s.b_hi - s.b_lo)
        if words >= int(params["min-words"]) and s.matched / max(s.a_hi - s.a_lo, s.b_hi - s.b_lo) >= float(
            params["min-similarity"]
        ):
            keep.append(s)
    return keep


def copied_passages(ctx: CheckContext) -> Iterator[Measurement]:
    corpus = Corpus(ctx)
    spans = corpus.memo("copied-passages", ctx.params, lambda: _cross_page(corpus, ctx.params))
    yield from _passage_measurements(corpus, spans)


def _cross_page(corpus: Corpus, params: Mapping[str, Any]) -> list[tuple[int, ...]]:
    """(page, first line, last line, other page, its first line, its last line, words) of each copied passage."""
    digests = corpus.digests
    whole = float(params["page-similarity"])
    out: list[tuple[int, ...]] = []
    for s in _passage_spans(corpus, params):
        if s.a == s.b:
            continue
        da, db = digests[s.a], digests[s.b]
        if da.prose_hash == db.prose_hash or _jaccard(da.shingles, db.shingles) >= whole:
            continue  # the whole page is a copy: duplicate-page or near-duplicate-page says so
        out.append(
            (s.a, da.line(s.a_lo), da.line(s.a_hi - 1), s.b, db.line(s.b_lo), db.line(s.b_hi - 1), s.a_hi - s.a_lo)
        )
        out.append(
            (s.b, db.line(s.b_lo), db.line(s.b_hi - 1), s.a, da.line(s.a_lo), da.line(s.a_hi - 1), s.b_hi - s.b_lo)
        )
    return out


def _passage_measurements(
    corpus: Corpus, found: Sequence[tuple[Any, ...]], value: str = "words"
) -> Iterator[Measurement]:
    """One finding per passage of a page: copies of overlapping lines are merged, every other copy is related."""
    by_page: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    for entry in found:
        by_page[entry[0]].append(entry)
    for index in sorted(by_page):
        page = corpus.pages[index]
        clusters: list[list[tuple[Any, ...]]] = []
        for entry in sorted(by_page[index], key=lambda t: (t[1], t[2])):
            if clusters and entry[1] <= max(c[2] for c in clusters[-1]):
                clusters[-1].append(entry)
            else:
                clusters.append([entry])
        for cluster in clusters:
            others = _merge_locations(Location(corpus.pages[c[3]].path, c[4], c[5]) for c in cluster)
            measured = max(c[6] for c in cluster)
            at = Location(page.path, cluster[0][1], max(c[2] for c in cluster))
            yield Measurement(measured, at, corpus.detail(page.path, others, **{value: measured}), others)


def _merge_locations(locations: Iterable[Location]) -> tuple[Location, ...]:
    """Sorted, with overlapping ranges of one page joined: each other copy is named once."""
    out: list[Location] = []
    for loc in sorted(locations, key=lambda x: (x.path, x.line, x.end_line or x.line)):
        last = out[-1] if out else None
        if last is not None and last.path == loc.path and loc.line <= (last.end_line or last.line):
            out[-1] = Location(last.path, last.line, max(last.end_line or last.line, loc.end_line or loc.line))
        else:
            out.append(loc)
    return tuple(out)


def repeated_passages(ctx: CheckContext) -> Iterator[Measurement]:
    corpus = Corpus(ctx)
    found = corpus.memo("repeated-passages", ctx.params, lambda: _within_page(corpus, ctx.params))
    for index, lo, hi, first, first_end, words in found:
        page = corpus.pages[index]
        yield Measurement(
            words,
            Location(page.path, lo, hi),
            {"first_line": first, "words": words, "others": f"{page.path}:{first}"},
            (Location(page.path, first, first_end),),
        )


def _within_page(corpus: Corpus, params: Mapping[str, Any]) -> list[tuple[int, int, int, int, int, int]]:
    """(page, first line, last line, line and last line of the earlier copy, words) of each repeat on a page."""
    out = []
    tabs: dict[int, list[tuple[int, int]]] = {}
    for s in _passage_spans(corpus, params):
        if s.a != s.b or s.a_hi > s.b_lo:  # two pages (another rule), or a passage overlapping its own repeat
            continue
        d = corpus.digests[s.a]
        first, second = (d.line(s.a_lo), d.line(s.a_hi - 1)), (d.line(s.b_lo), d.line(s.b_hi - 1))
        if s.a not in tabs:
            tabs[s.a] = _tabs(corpus.pages[s.a])
        if _other_tab(tabs[s.a], first, second):
            continue  # the same steps for macOS and for Windows: a reader sees one tab at a time
        out.append((s.a, *second, *first, s.b_hi - s.b_lo))
    return sorted(set(out))


_TAB_OPEN = re.compile(r"<TabItem\b")
_TAB_CLOSE = re.compile(r"</TabItem\s*>")
_MKDOCS_TAB = re.compile(r"^(===|/// tab)\s")


def _tabs(page: Page) -> list[tuple[int, int]]:
    """Line ranges of the tabs of a page: Docusaurus/Starlight <TabItem> and Material for MkDocs `=== "..."` blocks."""
    out: list[tuple[int, int]] = []
    opened: list[int] = []
    for block in page.blocks:
        if block.kind in ("jsx", "html"):
            for match in sorted(
                [(m.start(), 1) for m in _TAB_OPEN.finditer(block.text)]
                + [(m.start(), -1) for m in _TAB_CLOSE.finditer(block.text)]
            ):
                if match[1] > 0:
                    opened.append(block.line)
                elif opened:
                    out.append((opened.pop(), block.end_line))
    lines = page.source.splitlines()
    for n, text in enumerate(lines):
        if _MKDOCS_TAB.match(text):
            end = n + 1
            while end < len(lines) and (not lines[end].strip() or lines[end].startswith((" ", "\t"))):
                end += 1
            out.append((n + 1, end))
    return out


def _other_tab(tabs: Sequence[tuple[int, int]], first: tuple[int, int], second: tuple[int, int]) -> bool:
    def tab(line: int) -> tuple[int, int] | None:
        holding = [t for t in tabs if t[0] <= line <= t[1]]
        return min(holding, key=lambda t: t[1] - t[0]) if holding else None

    a, b = tab(first[0]), tab(second[0])
    return a is not None and b is not None and a != b


# --- DUP004 paraphrased duplicate ------------------------------------------------------------------------------

_UNIT_KINDS = frozenset({"paragraph", "list_item", "blockquote", "admonition"})


def _units(prose: Sequence[tuple[Block, list[tuple[int, str]]]]) -> tuple[tuple[int, int, int, str], ...]:
    """Semantic passages: consecutive prose of one section (tables left out), at most what the model reads."""
    out: list[tuple[int, int, int, str]] = []
    parts: list[tuple[int, int, str]] = []
    count, section = 0, -2

    def flush() -> None:
        if parts:
            out.append((parts[0][0], parts[-1][1], count, " ".join(p[2] for p in parts)))
        parts.clear()

    for block, lines in prose:
        if block.section != section:
            flush()
            count, section = 0, block.section
        text = " ".join(" ".join(t for _, t in lines).split())
        if block.kind not in _UNIT_KINDS or not text:
            continue
        words = len(text.split())
        if count and count + words > _UNIT_MAX_WORDS:
            flush()
            count = 0
        parts.append((lines[0][0], lines[-1][0], text))
        count += words
    flush()
    return tuple(out)


def _trigrams(text: str) -> set[tuple[str, str, str]]:
    words = _tokens(text)
    return set(zip(words, words[1:], words[2:], strict=False))


def _overlap(a: str, b: str) -> float:
    """Lexical overlap of two passages: the share of the smaller one's 3-word shingles found in the other."""
    ta, tb = _trigrams(a), _trigrams(b)
    return len(ta & tb) / min(len(ta), len(tb)) if ta and tb else 0.0


def _siblings(a: Digest, b: Digest, min_shared: int) -> bool:
    """Pages built from one template (reference pages): most of their headings are the same words."""
    shared = len(a.headings & b.headings)
    return min_shared > 0 and shared >= min_shared and shared >= 0.5 * min(len(a.headings), len(b.headings))


def paraphrased_passages(ctx: CheckContext) -> Iterator[Measurement]:
    from sitelint.embed import ModelUnavailable

    if ctx.settings.get("semantic") is False:
        ctx.note("semantic rules are off (semantic = false or --no-semantic): paraphrases are not looked for")
        return
    embedder = _service(ctx, "embedder")
    if embedder is None:
        ctx.note("semantic rules skipped: no embedding service in this run")
        return
    if not getattr(embedder, "available", True):
        return  # the embedder has said why, once
    corpus = Corpus(ctx)
    params = {**ctx.params, "model": getattr(embedder, "namespace", type(embedder).__name__)}
    try:
        found = corpus.memo("paraphrased-passages", params, lambda: _paraphrases(corpus, embedder, params))
    except ModelUnavailable:
        return
    yield from _passage_measurements(corpus, found, "similarity")


def _paraphrases(corpus: Corpus, embedder: Any, params: Mapping[str, Any]) -> list[tuple[Any, ...]]:
    """Passage pairs that say the same thing: one very close pair, or several close pairs between the same pages."""
    strong, weak = float(params["min-similarity"]), float(params["page-similarity"])
    least = int(params["min-words"])
    units = [(i, u[0], u[1], u[3]) for i, d in enumerate(corpus.digests) for u in d.units if u[2] >= least]
    key_of = [hashlib.sha256(u[3].encode()).hexdigest() for u in units]
    texts = dict(zip(key_of, (u[3] for u in units), strict=True))
    where: dict[str, list[int]] = defaultdict(list)
    for n, key in enumerate(key_of):
        where[key].append(n)
    digests = corpus.digests
    by_pages: dict[tuple[int, int], list[tuple[int, int, float]]] = defaultdict(list)
    for ka, kb, cosine in _semantic_pairs(corpus, embedder, texts, {**params, "floor": min(strong, weak)}):
        if _overlap(texts[ka], texts[kb]) >= float(params["max-lexical-overlap"]):
            continue  # a lexical copy: copied-passage reports it
        for x in where[ka]:
            for y in where[kb]:
                a, b = sorted((x, y), key=lambda n: units[n][0])
                pa, pb = units[a][0], units[b][0]
                if pa != pb and not _siblings(digests[pa], digests[pb], int(params["template-headings"])):
                    by_pages[(pa, pb)].append((a, b, cosine))
    out = set()
    for matches in by_pages.values():
        # Several passages of one page matching passages of another is evidence a single close pair is not.
        sides = min(len({a for a, _, _ in matches}), len({b for _, b, _ in matches}))
        corroborated = sides >= int(params["corroboration"])
        for a, b, cosine in matches:
            if cosine >= strong or (corroborated and cosine >= weak):
                ua, ub = units[a], units[b]
                out.add((ua[0], ua[1], ua[2], ub[0], ub[1], ub[2], round(cosine, 3)))
                out.add((ub[0], ub[1], ub[2], ua[0], ua[1], ua[2], round(cosine, 3)))
    return sorted(out)


def _semantic_pairs(
    corpus: Corpus, embedder: Any, texts: Mapping[str, str], params: Mapping[str, Any]
) -> list[tuple[str, str, float]]:
    """Passage pairs above the threshold; passages already searched in an earlier run are not searched again."""
    floor = float(params["floor"])
    state_key = hashlib.sha256(f"{params['model']}\0{floor}\0{params['top-k']}".encode()).hexdigest()
    known: set[str] = set()
    pairs: dict[tuple[str, str], float] = {}
    blob = corpus.cache.get(_INDEX_NS, state_key) if corpus.cache is not None else None
    if blob is not None:
        try:
            known, pairs = pickle.loads(blob)
        except Exception:  # noqa: BLE001
            known, pairs = set(), {}
    keys = sorted(texts)
    new = [n for n, k in enumerate(keys) if k not in known]
    if new:
        vectors = embedder.embed([texts[k] for k in keys])
        for q, j, cosine in _search(vectors, np.array(new, dtype=np.int64), floor, int(params["top-k"])):
            a, b = sorted((keys[q], keys[j]))
            pairs[(a, b)] = cosine
    alive = set(keys)
    pairs = {p: c for p, c in pairs.items() if p[0] in alive and p[1] in alive}
    if corpus.cache is not None and (new or len(known) != len(alive)):
        corpus.cache.put(_INDEX_NS, state_key, pickle.dumps((alive, pairs), protocol=pickle.HIGHEST_PROTOCOL))
    return sorted((a, b, c) for (a, b), c in pairs.items())


def _search(vectors: np.ndarray, queries: np.ndarray, floor: float, top_k: int) -> list[tuple[int, int, float]]:
    """(query, neighbour, cosine) for each query's top_k neighbours at or above floor; vectors are L2-normalised."""
    n = len(vectors)
    groups = [(queries, np.arange(n))] if len(queries) * n <= _BRUTE_LIMIT else _groups(vectors, queries)
    best: dict[int, list[tuple[float, int]]] = defaultdict(list)
    for qs, members in groups:
        candidates = vectors[members]
        for start in range(0, len(qs), _BLOCK):
            block = qs[start : start + _BLOCK]
            sims = vectors[block] @ candidates.T
            rows, cols = np.nonzero(sims >= floor)
            for r, c in zip(rows.tolist(), cols.tolist(), strict=True):
                j = int(members[c])
                if j != block[r]:
                    best[int(block[r])].append((float(sims[r, c]), j))
    out = []
    for q, found in best.items():
        for cosine, j in sorted(set(found), reverse=True)[:top_k]:
            out.append((q, j, cosine))
    return out


def _groups(vectors: np.ndarray, queries: np.ndarray, probes: int = 6) -> list[tuple[np.ndarray, np.ndarray]]:
    """Spherical k-means around √n centroids; each query meets the members of its `probes` nearest groups."""
    n = len(vectors)
    rng = np.random.default_rng(0)
    centroids = vectors[rng.choice(n, size=max(1, int(np.sqrt(n))), replace=False)].copy()
    for _ in range(5):
        assign = _nearest(vectors, centroids, 1)[:, 0]
        sums = np.zeros_like(centroids)
        np.add.at(sums, assign, vectors)
        norms = np.linalg.norm(sums, axis=1)
        keep = norms > 0
        centroids[keep] = sums[keep] / norms[keep, None]
    assign = _nearest(vectors, centroids, 1)[:, 0]
    near = _nearest(vectors[queries], centroids, min(probes, len(centroids)))
    groups = []
    for c in range(len(centroids)):
        members = np.flatnonzero(assign == c)
        asking = queries[np.any(near == c, axis=1)]
        if len(members) and len(asking):
            groups.append((asking, members))
    return groups


def _nearest(vectors: np.ndarray, centroids: np.ndarray, k: int) -> np.ndarray:
    out = np.empty((len(vectors), k), dtype=np.int64)
    for start in range(0, len(vectors), 4 * _BLOCK):
        sims = vectors[start : start + 4 * _BLOCK] @ centroids.T
        out[start : start + len(sims)] = np.argsort(-sims, axis=1)[:, :k]
    return out


# --- DUP006 duplicate code block (off by default) --------------------------------------------------------------


def duplicate_code(ctx: CheckContext) -> Iterator[Measurement]:
    corpus = Corpus(ctx)
    for members in corpus.memo("duplicate-code-blocks", ctx.params, lambda: _code_groups(corpus, ctx.params)):
        for index, line, end, count in members:
            path = corpus.pages[index].path
            others = tuple(Location(corpus.pages[i].path, ln, e) for i, ln, e, _ in members if i != index)
            yield Measurement(count, Location(path, line, end), corpus.detail(path, others, lines=count), others)


def _code_groups(corpus: Corpus, params: Mapping[str, Any]) -> list[list[tuple[int, int, int, int]]]:
    """Code blocks equal up to indentation and blank lines, on at least two pages: (page, line, end, lines)."""
    groups: dict[str, list[tuple[int, int, int, int]]] = defaultdict(list)
    for index, page in enumerate(corpus.pages):
        for block in page.code_blocks:
            lines = [line.strip() for line in block.text.splitlines() if line.strip()]
            if len(lines) >= int(params["min-lines"]):
                key = hashlib.sha256("\n".join(lines).encode()).hexdigest()
                groups[key].append((index, block.line, block.end_line, len(lines)))
    return [members for members in groups.values() if len({m[0] for m in members}) > 1]


CHECKS: tuple[CheckSpec, ...] = (
    CheckSpec("duplicate-pages", "site", duplicate_pages, {"min-words": 30}),
    CheckSpec("near-duplicate-pages", "site", near_duplicate_pages, {"min-similarity": 0.9, "min-words": 50}),
    CheckSpec(
        "copied-passages",
        "site",
        copied_passages,
        {"min-words": 40, "min-similarity": 0.8, "max-gap": 6, "max-copies": 20, "page-similarity": 0.9},
    ),
    CheckSpec(
        "repeated-passages",
        "site",
        repeated_passages,
        {"min-words": 30, "min-similarity": 1.0, "max-gap": 0, "max-copies": 20},
    ),
    CheckSpec(
        "paraphrased-passages",
        "site",
        paraphrased_passages,
        {
            "min-similarity": 0.88,
            "page-similarity": 0.8,
            "corroboration": 3,
            "min-words": 30,
            "max-lexical-overlap": 0.5,
            "template-headings": 3,
            "top-k": 10,
        },
    ),
    CheckSpec("duplicate-code-blocks", "site", duplicate_code, {"min-lines": 8}),
)
