"""Per-page digests for the duplication checks: words, shingles, MinHash signatures, passages and tabs of a page."""

from __future__ import annotations

import hashlib
import pickle
import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from sitelint.model import Block, Page

_WORD = re.compile(r"\w+(?:['’]\w+)*")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|-")
RUN_K = 8  # words per shingle when looking for copied passages
_PAGE_K = 5  # words per shingle for page similarity
PERMS = 128
_PRIME = np.uint64(1099511628211)


def constants(seed: int, count: int) -> np.ndarray:
    """`count` fixed pseudo-random odd uint64 values below 2**63, by SplitMix64 (numpy.random costs 10 ms to import)."""
    out, mask = [], (1 << 64) - 1
    for _ in range(count):
        seed = (seed + 0x9E3779B97F4A7C15) & mask
        z = ((seed ^ (seed >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        out.append(((z ^ (z >> 31)) >> 1) | 1)
    return np.array(out, dtype=np.uint64)


_MULT, _ADD = constants(0x5173, PERMS), constants(0x5174, PERMS)
_UNIT_MAX_WORDS = 150  # a semantic passage: consecutive prose of one section, cut to what the model reads


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


def _unique(values: np.ndarray) -> np.ndarray:
    """np.unique of a 1-d array, without the 10 ms import of numpy.ma that np.unique makes on its first call."""
    ordered = np.sort(values)
    return ordered[np.r_[True, ordered[1:] != ordered[:-1]]] if len(ordered) else ordered


def tokens(text: str) -> list[str]:
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


def digest(page: Page) -> Digest:
    words: list[str] = []
    passage_words: list[str] = []  # tables are left out: their rows repeat a template's frame by design
    lines: list[int] = []
    prose = _prose(page)
    for block, texts in prose:
        for n, text in texts:
            found = tokens(text)
            words += found
            if block.kind != "table":
                passage_words += found
                lines += [n] * len(found)
    ids: dict[str, int] = {}
    source = page.source.splitlines()
    titles = [page.title, *(source[b.line - 1] for b in page.blocks if b.kind == "heading" and b.line <= len(source))]
    named = {t for title in titles for t in tokens(f"{title} {_CAMEL.sub(' ', title)}")}
    for w in [*words, *named]:
        if w not in ids:
            ids[w] = int.from_bytes(hashlib.blake2b(w.encode(), digest_size=8).digest(), "little")
    shingles = _unique(shingle(np.array([ids[w] for w in words], dtype=np.uint64), _PAGE_K))
    headings = frozenset(" ".join(tokens(s.title)) for s in page.sections if s.level > 1 and tokens(s.title))
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


def passages(page: Page) -> tuple[tuple[int, int, int, str], ...]:
    """A page's semantic passages, as its digest holds them (units), without the rest of the digest."""
    return _units(_prose(page))


def shingle(ids: np.ndarray, k: int) -> np.ndarray:
    """The rolling hash of each k-word window of ids (a shingle per position that has k words)."""
    n = len(ids) - k + 1
    if n <= 0:
        return np.zeros(0, dtype=np.uint64)
    out = ids[:n].copy()
    for j in range(1, k):
        out = out * _PRIME + ids[j : j + n]  # wraps modulo 2**64 on purpose
    return out


def _minhash(shingles: np.ndarray) -> np.ndarray:
    if not len(shingles):
        return np.full(PERMS, 0xFFFFFFFF, dtype=np.uint32)
    sig = np.full(PERMS, np.iinfo(np.uint64).max, dtype=np.uint64)
    for start in range(0, len(shingles), 4096):  # bounded temporary: 128 x 4096, one buffer worked in place
        hashed = _MULT[:, None] * shingles[None, start : start + 4096]
        hashed += _ADD[:, None]
        hashed >>= np.uint64(32)
        np.minimum(sig, hashed.min(axis=1), out=sig)
    return sig.astype(np.uint32)


def encode(d: Digest) -> bytes:
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


def decode(blob: bytes) -> Digest | None:
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


_TAB_OPEN = re.compile(r"<TabItem\b")
_TAB_CLOSE = re.compile(r"</TabItem\s*>")
_MKDOCS_TAB = re.compile(r"^(===|/// tab)\s")


def tabs(page: Page) -> list[tuple[int, int]]:
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


def other_tab(tabs: Sequence[tuple[int, int]], first: tuple[int, int], second: tuple[int, int]) -> bool:
    def tab(line: int) -> tuple[int, int] | None:
        holding = [t for t in tabs if t[0] <= line <= t[1]]
        return min(holding, key=lambda t: t[1] - t[0]) if holding else None

    a, b = tab(first[0]), tab(second[0])
    return a is not None and b is not None and a != b


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
