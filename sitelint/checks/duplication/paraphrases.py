"""Passages that say what a passage on another page says, in other words: pairs close in embedding space.

A pair counts when it is very close on its own, or close when several passages of the same two pages match one to
one and in the same order (a page rewritten section by section). Pairs whose wording overlaps much are a lexical
copy (copied-passage reports them); pages built from one template are not compared. The search is exact: each new
passage's cosine with every passage, in blocks of rows; the pairs found are kept in the cache, so a later run
searches only the passages it has not seen.
"""

from __future__ import annotations

import hashlib
from collections import Counter, defaultdict
from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np

from sitelint.checks import CheckContext, Count, Share, Words, spec
from sitelint.checks.duplication.copied_passages import section_title
from sitelint.checks.duplication.corpus import Corpus, page_links
from sitelint.checks.duplication.digest import RUN_K, siblings, tokens
from sitelint.checks.duplication.report import passage_measurements
from sitelint.model import Measurement, Page

NAMESPACE, VERSION = "dup-semantic", 2
_BLOCK = 512  # query rows per similarity block: memory stays O(_BLOCK x passages)


def _overlap(a: str, b: str) -> float:
    """Lexical overlap of two passages as copied-passage sees it: the share of the shorter one's words inside
    RUN_K-word runs the other has at one offset (the same words in the same order). Sentences reordered or reworded
    every few words leave little of that, though most 3-word sequences survive: a paraphrase, reported here."""
    ta, tb = tokens(a), tokens(b)
    if len(ta) > len(tb):
        ta, tb = tb, ta
    if len(ta) < RUN_K:
        return 0.0
    where: dict[tuple[str, ...], list[int]] = defaultdict(list)
    for j in range(len(tb) - RUN_K + 1):
        where[tuple(tb[j : j + RUN_K])].append(j)
    covered: dict[int, set[int]] = defaultdict(set)
    for i in range(len(ta) - RUN_K + 1):
        for j in where.get(tuple(ta[i : i + RUN_K]), ()):
            covered[j - i].update(range(i, i + RUN_K))
    return max((len(c) for c in covered.values()), default=0) / len(ta)


def paraphrased_passages(ctx: CheckContext) -> Iterator[Measurement]:
    corpus, embedder = ctx.run.corpus, ctx.run.embedder
    if corpus is None or embedder is None:
        return  # the run has said why (semantic rules off, or no model)
    found = paraphrases(corpus, embedder, ctx)
    yield from passage_measurements(corpus, found, "similarity")


def focus_passages(ctx: CheckContext) -> list[str]:
    """The passages of the pages in a narrow run's scope this check compares (and so may have to embed)."""
    corpus = ctx.run.corpus
    if corpus is None or corpus.focus is None:
        return []
    least = int(ctx.params["min-words"])
    return [u[3] for n in sorted(corpus.focus) for u in corpus.digests[n].units if u[2] >= least]


def paraphrases(corpus: Corpus, embedder: Any, ctx: CheckContext) -> list[tuple[Any, ...]]:
    params = ctx.params
    strong, weak = float(params["min-similarity"]), float(params["page-similarity"])
    units = [(i, u[0], u[1], u[3]) for i, d in enumerate(corpus.digests) for u in d.units
             if u[2] >= int(params["min-words"])]
    key_of = [hashlib.sha256(u[3].encode()).hexdigest() for u in units]
    texts = dict(zip(key_of, (u[3] for u in units), strict=True))
    where: dict[str, list[int]] = defaultdict(list)
    for n, key in enumerate(key_of):
        where[key].append(n)
    links = page_links(corpus.pages)

    def points_to(unit: tuple[Any, ...], other: int) -> bool:
        """The passage, or the section it is in, links to the other page: a summary that sends the reader to the
        full text, on purpose ("More on hooks on the dedicated page" closing the section)."""
        target = corpus.pages[other].path
        first, last = _section_span(corpus.pages[unit[0]], unit[1], unit[2])
        return any(first <= line <= last and path == target
                   for line, path in links.get(corpus.pages[unit[0]].path, ()))

    by_pages: dict[tuple[int, int], list[tuple[int, int, float]]] = defaultdict(list)
    parallel = {str(t) for t in params["parallel-types"]}
    recurring = _recurring_sections(corpus.pages, int(params["recurring-sections"]))

    def template_slot(a: int, b: int) -> bool:
        """Both passages sit in a section of one title that recurs on the pages of their folder (each plugin's
        "Permissions", each tool's "Installation"): the folder's template says the same thing there by design."""
        pa, pb = corpus.pages[units[a][0]], corpus.pages[units[b][0]]
        folder = pa.path.rpartition("/")[0]
        if folder != pb.path.rpartition("/")[0]:
            return False
        title = section_title(pa, units[a][1])
        return bool(title) and (folder, title) in recurring and title == section_title(pb, units[b][1])

    for ka, kb, cosine in _pairs(ctx, embedder, texts, min(strong, weak), int(params["top-k"])):
        if not corpus.touches(*(units[n][0] for n in (*where[ka], *where[kb]))):
            continue  # both passages are on pages outside the run's scope
        if _overlap(texts[ka], texts[kb]) >= float(params["max-lexical-overlap"]):
            continue  # a lexical copy: copied-passage reports it
        for x in where[ka]:
            for y in where[kb]:
                a, b = sorted((x, y), key=lambda n: units[n][0])
                pa, pb = units[a][0], units[b][0]
                same_language = corpus.pages[pa].language == corpus.pages[pb].language
                both_parallel = {corpus.pages[pa].page_type, corpus.pages[pb].page_type} <= parallel
                template = siblings(corpus.digests[pa], corpus.digests[pb], int(params["template-headings"]))
                summary = points_to(units[a], pb) or points_to(units[b], pa)
                editions = corpus.in_editions(corpus.pages[pa].path, corpus.pages[pb].path)
                if (pa != pb and same_language and not both_parallel and not template and not summary
                        and not editions and not template_slot(a, b)):
                    by_pages[(pa, pb)].append((a, b, cosine))
    out = set()
    for matches in by_pages.values():
        # A page rewritten section by section matches its source passage for passage, in the same order: that is
        # evidence a single close pair is not. Passages that merely share the site's topic match many-to-many.
        aligned = _aligned(matches, units)
        corroborated = set(aligned) if len(aligned) >= int(params["corroboration"]) else set()
        for a, b, cosine in matches:
            if cosine >= strong or (cosine >= weak and (a, b) in corroborated):
                ua, ub = units[a], units[b]
                out.add((ua[0], ua[1], ua[2], ub[0], ub[1], ub[2], round(cosine, 3)))
                out.add((ub[0], ub[1], ub[2], ua[0], ua[1], ua[2], round(cosine, 3)))
    return sorted(out)


def _recurring_sections(pages: Any, least: int) -> frozenset[tuple[str, str]]:
    """(folder, section title) pairs that least or more pages of the folder have: the sections of its template."""
    counts: Counter[tuple[str, str]] = Counter()
    for page in pages:
        folder = page.path.rpartition("/")[0]
        titles = {section_title(page, sec.line) for sec in page.sections if sec.level >= 2}
        counts.update((folder, t) for t in titles if t)
    return frozenset(k for k, n in counts.items() if n >= max(least, 2)) if least > 0 else frozenset()


def _aligned(matches: list[tuple[int, int, float]], units: list[tuple[Any, ...]]) -> list[tuple[int, int]]:
    """The longest run of one-to-one passage matches between two pages that keeps both pages' order.

    Each passage keeps its closest partner only (closest pairs first); of those pairs, the longest chain that goes
    down both pages together. A section-by-section rewrite aligns; passages on the same topic cross each other.
    """
    used_a: set[int] = set()
    used_b: set[int] = set()
    pairs = []
    for a, b, _ in sorted(matches, key=lambda m: -m[2]):
        if a not in used_a and b not in used_b:
            used_a.add(a)
            used_b.add(b)
            pairs.append((a, b))
    pairs.sort(key=lambda p: units[p[0]][1])
    best: list[list[tuple[int, int]]] = []  # best[i]: the longest chain ending with pairs[i]
    for i, (a, b) in enumerate(pairs):
        line_a, line_b = units[a][1], units[b][1]
        before = [best[j] for j, (x, y) in enumerate(pairs[:i]) if units[x][1] < line_a and units[y][1] < line_b]
        best.append([*max(before, key=len, default=[]), (a, b)])
    return max(best, key=len, default=[])


def _pairs(ctx: CheckContext, embedder: Any, texts: Mapping[str, str], floor: float,
           top_k: int) -> list[tuple[str, str, float]]:
    """Passage pairs at or above floor; passages searched in an earlier run are not searched again."""
    cache = ctx.run.cache
    ns = cache.namespace(NAMESPACE, VERSION) if cache is not None else None
    state_key = hashlib.sha256(f"{embedder.name}\0{floor}\0{top_k}".encode()).hexdigest()
    state = ns.get_json(state_key) if ns is not None else None
    known: set[str] = set()
    pairs: dict[tuple[str, str], float] = {}
    if isinstance(state, dict) and isinstance(state.get("known"), list) and isinstance(state.get("pairs"), list):
        known = {str(k) for k in state["known"]}
        pairs = {(str(a), str(b)): float(c) for a, b, c in state["pairs"]}
    keys = sorted(texts)
    new = [n for n, k in enumerate(keys) if k not in known]
    if new:
        vectors = embedder.embed([texts[k] for k in keys])
        if vectors is None:
            return []
        for q, j, cosine in search(vectors, np.array(new, dtype=np.int64), floor, top_k):
            a, b = sorted((keys[q], keys[j]))
            pairs[(a, b)] = cosine
    alive = set(keys)
    pairs = {p: c for p, c in pairs.items() if p[0] in alive and p[1] in alive}
    if ns is not None and (new or len(known) != len(alive)):
        ns.put_json(state_key, {"known": sorted(alive), "pairs": [[a, b, c] for (a, b), c in sorted(pairs.items())]})
    return sorted((a, b, c) for (a, b), c in pairs.items())


def search(vectors: np.ndarray, queries: np.ndarray, floor: float, top_k: int) -> list[tuple[int, int, float]]:
    """(query, neighbour, cosine) for each query's top_k neighbours at or above floor, by exact search over
    L2-normalised vectors."""
    out = []
    for start in range(0, len(queries), _BLOCK):
        block = queries[start : start + _BLOCK]
        sims = vectors[block] @ vectors.T
        sims[np.arange(len(block)), block] = -1.0  # a passage is not its own neighbour
        for row, q in enumerate(block.tolist()):
            hits = np.flatnonzero(sims[row] >= floor)
            if len(hits) > top_k:
                hits = hits[np.argsort(-sims[row, hits], kind="stable")[:top_k]]
            out += [(q, int(j), float(sims[row, j])) for j in hits.tolist()]
    return out


CHECK = spec(
    "paraphrased-passages", "site", paraphrased_passages, values=("similarity",), needs=("corpus", "embedder"),
    prefetch=focus_passages, requires=("embedder",),
    params={
        "min-similarity": Share("Cosine from which one pair of passages is reported on its own."),
        "page-similarity": Share("Cosine from which pairs count when several passages of two pages align."),
        "corroboration": Count("Aligned passage pairs that make the weaker pairs of two pages count.", low=1),
        "min-words": Count("Passages with fewer words than this are not compared."),
        "max-lexical-overlap": Share("Share of the shorter passage in 8-word runs the other has in the same order, "
                                     "from which a pair is a lexical copy (copied-passage's), not a paraphrase."),
        "template-headings": Count("Shared headings that make two pages one template's (not compared)."),
        "recurring-sections": Count("Pages of one folder with a section of one title that make it a template's "
                                    "section (its passages not compared); 0 compares them."),
        "top-k": Count("Neighbours kept per passage.", low=1),
        "parallel-types": Words("Page types of which two pages say one thing twice by design (a command line "
                                "reference and a configuration reference documenting one option): such pairs are "
                                "not compared."),
    },
)


def _section_span(page: Page, first: int, last: int) -> tuple[int, int]:
    """The lines of the innermost section below the page's title that holds lines first to last, up to its first
    subsection (a link in a subsection is about that part); the lines themselves outside one."""
    holders = [sec for sec in page.sections if sec.level >= 2 and sec.line <= first and last <= sec.end_line]
    if not holders:
        return first, last
    inner = max(holders, key=lambda sec: sec.line)
    below = [sec.line for sec in page.sections if inner.line < sec.line <= inner.end_line]
    return inner.line, max(last, min(below, default=inner.end_line + 1) - 1)
