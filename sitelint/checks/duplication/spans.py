"""Lexical matching for the duplication checks: shared shingles, passages copied between or within pages, Jaccard.

Every RUN_K-word shingle of the corpus is sorted once, O(N log N) for N words; equal hashes give matches (a shingle
on more than max-copies pages is boilerplate and skipped), chained along diagonals into passages, O(M log M) for M
matches. Page similarity counts the PAGE_K-word shingles two pages share the same way (a shingle on more than
max-copies pages again skipped), then measures each candidate pair's Jaccard exactly.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Sequence
from dataclasses import dataclass

import numpy as np

from sitelint.checks.duplication.digest import RUN_K, Digest, shingle


def jaccard(a: np.ndarray, b: np.ndarray) -> float:
    if not len(a) or not len(b):
        return 0.0
    both = len(np.intersect1d(a, b, assume_unique=True))
    return both / (len(a) + len(b) - both)


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


@dataclass(frozen=True)
class ShingleIndex:
    """Shingles of a corpus sorted by hash: (hash, page, position) columns and the runs of equal hashes."""

    hashes: np.ndarray
    pages: np.ndarray
    pos: np.ndarray
    starts: np.ndarray
    sizes: np.ndarray


def _member(focus: Collection[int], pages: int) -> np.ndarray:
    chosen = np.zeros(pages, dtype=bool)
    chosen[list(focus)] = True
    return chosen


def _index(hashes: np.ndarray, pages: np.ndarray, pos: np.ndarray, count: int,
           focus: Collection[int] | None) -> ShingleIndex | None:
    if focus is not None:
        wanted = np.sort(hashes[_member(focus, count)[pages]])
        if not len(wanted):
            return None
        at = np.minimum(np.searchsorted(wanted, hashes), len(wanted) - 1)
        keep = wanted[at] == hashes
        hashes, pages, pos = hashes[keep], pages[keep], pos[keep]
    if not len(hashes):
        return None
    order = np.argsort(hashes, kind="stable")
    hashes, pages, pos = hashes[order], pages[order], pos[order]
    starts = np.flatnonzero(np.r_[True, hashes[1:] != hashes[:-1]])
    return ShingleIndex(hashes, pages, pos, starts, np.diff(np.r_[starts, len(hashes)]))


def shingle_index(digests: Sequence[Digest], focus: Collection[int] | None = None) -> ShingleIndex | None:
    """The sorted RUN_K-word passage shingles of digests (with focus: only those that occur on a focus page, every
    occurrence of them); None when there are none. All pages are hashed in one pass over their concatenation."""
    if not digests:
        return None
    lengths = np.array([len(d.ids) for d in digests], dtype=np.int64)
    ids = np.concatenate([d.ids for d in digests]) if lengths.sum() else np.zeros(0, dtype=np.uint64)
    windows = len(ids) - RUN_K + 1
    if windows <= 0:
        return None
    page_of = np.repeat(np.arange(len(digests), dtype=np.int64), lengths)[:windows]
    pos = (np.arange(len(ids), dtype=np.int64) - np.repeat(np.cumsum(lengths) - lengths, lengths))[:windows]
    fits = pos <= lengths[page_of] - RUN_K
    return _index(shingle(ids, RUN_K)[fits], page_of[fits], pos[fits], len(digests), focus)


def similar_pages(digests: Sequence[Digest], eligible: Sequence[int], threshold: float, max_copies: int,
                  focus: Collection[int] | None = None) -> list[tuple[int, int, float]]:
    """(i, j, Jaccard) of the eligible pages whose PAGE_K-word shingle sets reach threshold, exactly measured."""
    if len(eligible) < 2:
        return []
    chosen = list(eligible)
    sets = [digests[n].shingles for n in chosen]
    lengths = np.array([len(s) for s in sets], dtype=np.int64)
    if not lengths.sum():
        return []
    local_focus = None if focus is None else [k for k, n in enumerate(chosen) if n in focus]
    index = _index(np.concatenate(sets), np.repeat(np.arange(len(chosen), dtype=np.int64), lengths),
                   np.zeros(int(lengths.sum()), dtype=np.int64), len(chosen), local_focus)
    if index is None:
        return []
    shared: dict[tuple[int, int], int] = defaultdict(int)
    for start, size in zip(index.starts[index.sizes > 1].tolist(), index.sizes[index.sizes > 1].tolist(),
                           strict=True):
        if size > max_copies:
            continue  # a phrase on many pages is the site's boilerplate: it makes no two pages alike
        members = sorted(index.pages[start : start + size].tolist())
        for x in range(size):
            for y in range(x + 1, size):
                shared[(members[x], members[y])] += 1
    out = []
    for (a, b), count in shared.items():
        if count < threshold * min(lengths[a], lengths[b]):
            continue  # cannot reach the threshold even if every other shingle were shared
        if local_focus is not None and a not in local_focus and b not in local_focus:
            continue
        similarity = jaccard(sets[a], sets[b])
        if similarity >= threshold:
            out.append((chosen[a], chosen[b], similarity))
    return sorted(out)


def copied_spans(digests: Sequence[Digest], max_copies: int, max_gap: int,
                 focus: Collection[int] | None = None, index: ShingleIndex | None = None) -> list[Span]:
    """Passages shared verbatim or nearly so: equal 8-word shingles chained along diagonals, small edits bridged.

    With focus (page indices), only spans with a focus page on at least one side are made; they are the same spans
    the whole search finds, since what counts as boilerplate is still judged on every page. index, when given, is
    shingle_index(digests) or shingle_index(digests, focus), made once for several calls.
    """
    if focus is not None and not focus:
        return []
    index = index or shingle_index(digests, focus)
    if index is None:
        return []
    pages, pos, starts, sizes = index.pages, index.pos, index.starts, index.sizes
    # Most shared shingles occur exactly twice: those pairs are made in one vectorised step, the rest one by one.
    two = starts[sizes == 2]
    big = sizes > 2
    if focus is not None:
        hit = _member(focus, len(digests))[pages]
        two = two[hit[two] | hit[two + 1]]
        big &= np.add.reduceat(hit.astype(np.int64), starts) > 0
    if max_copies < 2:  # then only a page's own repeats count
        two = two[pages[two] == pages[two + 1]]
    cols = [pages[two], pos[two], pages[two + 1], pos[two + 1]]
    more: list[tuple[int, int, int, int]] = []
    for start, size in zip(starts[big].tolist(), sizes[big].tolist(), strict=True):
        if size > 4 * max_copies or len(set(pages[start : start + size].tolist())) > max_copies:
            continue  # boilerplate on many pages (a template's frame), not a copy someone made
        group = list(zip(pages[start : start + size].tolist(), pos[start : start + size].tolist(), strict=True))
        more += [(*group[x], *group[y]) for x in range(size) for y in range(x + 1, size)
                 if focus is None or group[x][0] in focus or group[y][0] in focus]
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
        Span(a, lo, hi + RUN_K, b, lo - d, hi - d + RUN_K, hi - lo + RUN_K)
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
                and -RUN_K < run.a_lo - c.a_hi <= max_gap
                and -RUN_K < run.b_lo - c.b_hi <= max_gap
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
