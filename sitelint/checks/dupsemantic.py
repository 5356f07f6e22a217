"""Paraphrase search for the duplication checks: passage pairs close in embedding space, by a top-k cosine search."""

from __future__ import annotations

import hashlib
import pickle
from collections import defaultdict
from collections.abc import Mapping
from typing import Any

import numpy as np

from sitelint.checks.dupcorpus import VERSION, Corpus
from sitelint.checks.dupdigest import Digest, tokens

_INDEX_NS = f"dup-semantic-{VERSION}"
_BLOCK = 512  # query rows per similarity block
_BRUTE_LIMIT = 8_000_000  # query x passage products above which the semantic search groups passages first


def _trigrams(text: str) -> set[tuple[str, str, str]]:
    words = tokens(text)
    return set(zip(words, words[1:], words[2:], strict=False))


def _overlap(a: str, b: str) -> float:
    """Lexical overlap of two passages: the share of the smaller one's 3-word shingles found in the other."""
    ta, tb = _trigrams(a), _trigrams(b)
    return len(ta & tb) / min(len(ta), len(tb)) if ta and tb else 0.0


def _siblings(a: Digest, b: Digest, min_shared: int) -> bool:
    """Pages built from one template (reference pages): most of their headings are the same words."""
    shared = len(a.headings & b.headings)
    return min_shared > 0 and shared >= min_shared and shared >= 0.5 * min(len(a.headings), len(b.headings))


def paraphrases(corpus: Corpus, embedder: Any, params: Mapping[str, Any]) -> list[tuple[Any, ...]]:
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
        if not corpus.touches(*(units[n][0] for n in (*where[ka], *where[kb]))):
            continue  # both passages are on pages outside the run's scope
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
