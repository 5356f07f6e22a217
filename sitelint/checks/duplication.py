"""Duplication checks: the same prose in two places, found without comparing every pair of pages or passages.

Corpus: every page except deliberate copies (versioned and i18n variants, changelogs and release notes), shared
partials (`_*.md(x)`, files that MDX pages import or mkdocs snippets include) and pages matching the
`allow-duplicates` globs. Only prose is compared;
code has its own, optional check.

This module holds the checks; the work they share is beside it: dupdigest (per-page digests), dupcorpus (the
corpus, its eligibility and cache), dupmatch (copied spans, LSH, Jaccard), dupsemantic (the paraphrase search).

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

import hashlib
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from sitelint.checks import dupdigest
from sitelint.checks.dupcorpus import Corpus, service
from sitelint.checks.dupmatch import Span, copied_spans, jaccard, lsh_candidates
from sitelint.checks.dupsemantic import paraphrases
from sitelint.model import CheckContext, CheckSpec, Location, Measurement, Page


def _page_at(page: Page) -> Location:
    return Location(page.path, 1)


# --- DUP001 duplicate page, DUP002 near-duplicate page ---------------------------------------------------------


def duplicate_pages(ctx: CheckContext) -> Iterator[Measurement]:
    corpus = Corpus.of(ctx)
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
    corpus = Corpus.of(ctx)
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
    long_enough = [n for n, d in enumerate(corpus.digests) if d.words >= int(params["min-words"])]
    pages = [(corpus.pages[n], corpus.digests[n]) for n in long_enough]
    focus = None if corpus.focus is None else [k for k, n in enumerate(long_enough) if n in corpus.focus]
    out = []
    for i, j in lsh_candidates([d.sig for _, d in pages], threshold, focus):
        (pa, da), (pb, db) = pages[i], pages[j]
        if da.prose_hash == db.prose_hash:
            continue
        similarity = jaccard(da.shingles, db.shingles)
        if similarity >= threshold:
            out.append((pa.path, pb.path, round(similarity, 4)))
    return sorted(out)


# --- DUP003 copied passage, DUP005 repeated within a page ------------------------------------------------------


def _passage_spans(corpus: Corpus, params: Mapping[str, Any]) -> list[Span]:
    spans = copied_spans(corpus.digests, int(params["max-copies"]), int(params["max-gap"]), corpus.focus,
                         corpus.shingles)
    keep = []
    for s in spans:
        words = min(s.a_hi - s.a_lo, s.b_hi - s.b_lo)
        if words >= int(params["min-words"]) and s.matched / max(s.a_hi - s.a_lo, s.b_hi - s.b_lo) >= float(
            params["min-similarity"]
        ):
            keep.append(s)
    return keep


def copied_passages(ctx: CheckContext) -> Iterator[Measurement]:
    corpus = Corpus.of(ctx)
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
        if da.prose_hash == db.prose_hash or jaccard(da.shingles, db.shingles) >= whole:
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
    corpus = Corpus.of(ctx)
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
            tabs[s.a] = dupdigest.tabs(corpus.pages[s.a])
        if dupdigest.other_tab(tabs[s.a], first, second):
            continue  # the same steps for macOS and for Windows: a reader sees one tab at a time
        out.append((s.a, *second, *first, s.b_hi - s.b_lo))
    return sorted(set(out))


# --- DUP004 paraphrased duplicate ------------------------------------------------------------------------------


def paraphrased_passages(ctx: CheckContext) -> Iterator[Measurement]:
    from sitelint.embed import ModelUnavailable

    if ctx.settings.get("semantic") is False:
        ctx.note("semantic rules are off (semantic = false or --no-semantic): paraphrases are not looked for")
        return
    embedder = service(ctx, "embedder")
    if embedder is None:
        ctx.note("semantic rules skipped: no embedding service in this run")
        return
    if not getattr(embedder, "available", True):
        return  # the embedder has said why, once
    if ctx.scope is not None:
        _embed_first(ctx, embedder)
    corpus = Corpus.of(ctx)
    params = {**ctx.params, "model": getattr(embedder, "namespace", type(embedder).__name__)}
    try:
        found = corpus.memo("paraphrased-passages", params, lambda: paraphrases(corpus, embedder, params))
    except ModelUnavailable:
        return
    finally:
        getattr(embedder, "wait", lambda: None)()  # a prefetch nobody needed (the result was in the cache)
    yield from _passage_measurements(corpus, found, "similarity")


def _embed_first(ctx: CheckContext, embedder: Any) -> None:
    """A run on a few pages: their passages go to the model at once, on a thread of the embedder's, before the
    corpus they are compared with is read; the model's work overlaps the rest of this check and the other checks,
    and the search takes the vectors when it gets to them."""
    pages = [p for p in ctx.site.pages if ctx.scope is not None and p.path in ctx.scope and not p.variant]
    least = int(ctx.params["min-words"])
    texts = [u[3] for page in pages for u in dupdigest.passages(page) if u[2] >= least]
    if texts and hasattr(embedder, "prefetch"):
        embedder.prefetch(texts)


# --- DUP006 duplicate code block (off by default) --------------------------------------------------------------


def duplicate_code(ctx: CheckContext) -> Iterator[Measurement]:
    corpus = Corpus.of(ctx)
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
        concurrent=True,
    ),
    CheckSpec("duplicate-code-blocks", "site", duplicate_code, {"min-lines": 8}),
)
