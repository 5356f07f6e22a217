"""Per-page digests for the duplication checks: word hashes with their lines, shingles and semantic passages.

A digest is what the lexical checks need of a page and is kept in the cache by the page's content hash, as named
arrays and a JSON header (never pickled).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from sitelint import text
from sitelint.model import Block, Page
from sitelint.pagetypes import LINK_ENTRY

RUN_K = 8  # words per shingle when looking for copied passages
PAGE_K = 5  # words per shingle for page similarity
_PRIME = np.uint64(1099511628211)
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|-")
_UNIT_MAX_WORDS = 150  # a semantic passage: consecutive prose of one section, cut to what the model reads
_UNIT_KINDS = frozenset({"paragraph", "list_item", "blockquote", "admonition"})
# Lines never compared. A card's blurb in a grid of links says what the linked page says, in its words, by design.
_NOT_PROSE = frozenset({"code", "example", "card", "html", "jsx", "esm", "heading", "front_matter", "comment"})
_LINK_TARGET = re.compile(r"\]\([^)]*\)")
_MARKUP = re.compile(r"<!--.*?-->|</?[A-Za-z][^>]*>|https?://\S+|^\s*(?:>\s*)*(?:[-*+]|\d+[.)])\s+")


_STRAY = 3  # words of the next or the last block a passage may take with it by chance


@dataclass(frozen=True)
class Digest:
    """What the lexical checks need of a page."""

    words: int
    prose_hash: str
    ids: np.ndarray  # uint64 hash of each passage word (prose outside tables, inline code included)
    lines: np.ndarray  # uint32 source line of each passage word
    shingles: np.ndarray  # sorted unique uint64 PAGE_K-word shingles of all the page's prose
    headings: frozenset[str]
    subject: frozenset[int]  # word hashes of the title and headings: what the page documents
    units: tuple[tuple[int, int, int, str], ...]  # semantic passages: (line, end line, words, text)

    def line(self, position: int) -> int:
        return int(self.lines[min(position, len(self.lines) - 1)]) if len(self.lines) else 1


def span_lines(da: Digest, a_lo: int, a_hi: int, db: Digest, b_lo: int, b_hi: int) -> tuple[tuple[int, int],
                                                                                         tuple[int, int]]:
    """The first and last lines of two copies of a passage (words [a_lo, a_hi) of da, [b_lo, b_hi) of db). A word or
    three at either end that belong to the block before or after it, and match by chance (the `name` of
    "`Category.products.name`." before a note copied whole), are left out: between them and the rest, one copy
    skips other lines than the other does. A copy laid out as the other (a note's title over its text) is whole."""
    def gap(d: Digest, at: int) -> int:
        return d.line(at) - d.line(at - 1)

    def apart(k_a: int, k_b: int) -> bool:
        return gap(da, k_a) != gap(db, k_b) and max(gap(da, k_a), gap(db, k_b)) >= 2

    start = next((k for k in range(1, _STRAY + 1) if a_lo + k < a_hi and apart(a_lo + k, b_lo + k)), 0)
    end = next((k for k in range(1, _STRAY + 1) if a_hi - k - 1 > a_lo + start and apart(a_hi - k, b_hi - k)), 0)
    return ((da.line(a_lo + start), da.line(a_hi - 1 - end)), (db.line(b_lo + start), db.line(b_hi - 1 - end)))


_QUOTE_LINE = re.compile(r"^\s*>")


@lru_cache(maxsize=64)
def _source_lines(source: str) -> list[str]:
    return source.splitlines()


def quoted(page: Page, line: int) -> bool:
    """Whether a passage that starts at this line is quoted (a `>` line): a copy shown as a quotation, on purpose
    ("In the layout section we said: > ..."). A page's lines are split once for the many passages asked about."""
    lines = _source_lines(page.source)
    return 0 < line <= len(lines) and _QUOTE_LINE.match(lines[line - 1]) is not None


def signposts(page: Page, first: int, last: int) -> bool:
    """Whether a passage (its first and last lines) lies in a list of link entries, two or more side by side, each a
    link and a line about the page it links to ("What's next: **[Workers](workers.md)** - ..."), with the line that
    introduces them: a card's blurb written as a paragraph, which says what the linked page says on each page that
    points to it, by design."""
    lines = _source_lines(page.source)

    def entry(block: Block) -> bool:
        return 0 < block.line <= len(lines) and LINK_ENTRY.match(lines[block.line - 1]) is not None

    blocks = [b for b in page.blocks if b.is_prose and b.end_line >= first and b.line <= last]
    if len(blocks) > 1 and blocks[0].text.rstrip().endswith(":"):
        blocks = blocks[1:]  # the line that introduces the list ("Now that you understand X, explore these topics:")
    if not blocks or not all(entry(b) for b in blocks):
        return False
    return len(blocks) >= 2 or any(entry(b) for b in page.blocks
                                   if b.is_prose and b is not blocks[0] and abs(b.line - blocks[0].line) <= 6)


def tokens(prose: str) -> list[str]:
    """The words two passages are compared by (the text module's terms)."""
    return text.terms(prose)


def _unique(values: np.ndarray) -> np.ndarray:
    ordered = np.sort(values)
    return ordered[np.r_[True, ordered[1:] != ordered[:-1]]] if len(ordered) else ordered


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
            lines = [(n, _MARKUP.sub(" ", _LINK_TARGET.sub("]", source[n - 1])))
                     for n in range(block.line, min(block.end_line, len(source)) + 1) if n not in skip]
            skip.update(n for n, _ in lines)
            out.append((block, lines))
    return out


def _hash(word: str) -> int:
    return int.from_bytes(hashlib.blake2b(word.encode(), digest_size=8).digest(), "little")


def digest(page: Page) -> Digest:
    words: list[str] = []
    passage_words: list[str] = []  # tables are left out: their rows repeat a template's frame by design
    lines: list[int] = []
    prose = _prose(page)
    for block, texts in prose:
        for n, line in texts:
            found = tokens(line)
            words += found
            if block.kind != "table":
                passage_words += found
                lines += [n] * len(found)
    source = page.source.splitlines()
    titles = [page.title, *(source[b.line - 1] for b in page.blocks if b.kind == "heading" and b.line <= len(source))]
    named = {t for title in titles for t in tokens(f"{title} {_CAMEL.sub(' ', title)}")}
    ids = {w: _hash(w) for w in {*words, *named}}
    return Digest(
        len(words),
        hashlib.sha256(" ".join(words).encode()).hexdigest(),
        np.array([ids[w] for w in passage_words], dtype=np.uint64),
        np.array(lines, dtype=np.uint32),
        _unique(shingle(np.array([ids[w] for w in words], dtype=np.uint64), PAGE_K)),
        frozenset(" ".join(tokens(s.title)) for s in page.sections if s.level > 1 and tokens(s.title)),
        frozenset(ids[w] for w in named),
        _units(prose),
    )


def passage_words(page: Page) -> list[str]:
    """The words the digest's ids are the hashes of, in order (to show what two copies' words are)."""
    return [word for block, texts in _prose(page) if block.kind != "table" for _, line in texts
            for word in tokens(line)]


def passages(page: Page) -> tuple[tuple[int, int, int, str], ...]:
    """A page's semantic passages, as its digest holds them."""
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


def arrays(d: Digest) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """A digest as cache data: its arrays, and the rest as JSON."""
    meta = {"words": d.words, "prose": d.prose_hash, "headings": sorted(d.headings),
            "subject": [str(s) for s in sorted(d.subject)], "units": [list(u) for u in d.units]}
    return {"ids": d.ids, "lines": d.lines, "shingles": d.shingles}, meta


def from_arrays(found: dict[str, Any] | None) -> Digest | None:
    """The digest stored by arrays(), or None when the value is not one (it is then made again)."""
    if not found:
        return None
    try:
        meta = found["__meta__"]
        return Digest(int(meta["words"]), str(meta["prose"]), found["ids"], found["lines"],
                      found["shingles"], frozenset(map(str, meta["headings"])),
                      frozenset(int(s) for s in meta["subject"]),
                      tuple((int(a), int(b), int(c), str(t)) for a, b, c, t in meta["units"]))
    except (KeyError, TypeError, ValueError):
        return None


_TAB_OPEN = re.compile(r"<(?:TabItem|Tab)\b")  # Docusaurus and Starlight <TabItem>; Mintlify, Nextra, Fumadocs <Tab>
_TAB_CLOSE = re.compile(r"</(?:TabItem|Tab)\s*>")
_MKDOCS_TAB = re.compile(r"^(===|/// tab)\s")


def tabs(page: Page) -> list[tuple[int, int]]:
    """Line ranges of the tabs of a page: <TabItem> and <Tab> components and Material for MkDocs `=== "..."`
    blocks."""
    out: list[tuple[int, int]] = []
    opened: list[int] = []
    for block in page.blocks:
        if block.kind in ("jsx", "html"):
            for match in sorted([(m.start(), 1) for m in _TAB_OPEN.finditer(block.text)]
                                + [(m.start(), -1) for m in _TAB_CLOSE.finditer(block.text)]):
                if match[1] > 0:
                    opened.append(block.line)
                elif opened:
                    out.append((opened.pop(), block.end_line))
    lines = page.source.splitlines()
    for n, line in enumerate(lines):
        if _MKDOCS_TAB.match(line):
            end = n + 1
            while end < len(lines) and (not lines[end].strip() or lines[end].startswith((" ", "\t"))):
                end += 1
            out.append((n + 1, end))
    return out + _switched(lines)


# A component on a line of its own that wraps a block, with a first attribute: `<DatabaseBlock global-id="sql">`.
_SWITCH_OPEN = re.compile(r"""^\s*<([A-Z][\w.]*)\s+([\w:-]+)\s*=\s*["']([^"']*)["'][^<>]*(?<!/)>\s*$""")


def _switched(lines: Sequence[str]) -> list[tuple[int, int]]:
    """Line ranges of blocks a site's switch shows one of: two blocks or more of one component, one right after the
    other, told apart by the value of one attribute (`<DatabaseBlock global-id="sql">` then `global-id="mongodb"`):
    the reader picks a database, as a tab, and sees that block only."""
    blocks: list[tuple[str, str, str, int, int]] = []  # name, attribute, value, first line, last line
    n = 0
    while n < len(lines):
        match = _SWITCH_OPEN.match(lines[n])
        end = None
        if match is not None:
            close = re.compile(rf"^\s*</{re.escape(match.group(1))}\s*>\s*$")
            end = next((k for k in range(n + 1, len(lines)) if close.match(lines[k])), None)
        if match is None or end is None:
            n += 1
            continue
        blocks.append((match.group(1), match.group(2), match.group(3), n + 1, end + 1))
        n = end + 1
    out: list[tuple[int, int]] = []
    for one, other in zip(blocks, blocks[1:], strict=False):
        between = lines[one[4]:other[3] - 1]
        if one[:2] == other[:2] and one[2] != other[2] and not any(line.strip() for line in between):
            out += [(one[3], one[4]), (other[3], other[4])]
    return sorted(set(out))


def other_tab(ranges: Sequence[tuple[int, int]], first: tuple[int, int], second: tuple[int, int]) -> bool:
    """Whether two passages sit in two different tabs (a reader sees one tab at a time)."""
    def tab(line: int) -> tuple[int, int] | None:
        holding = [t for t in ranges if t[0] <= line <= t[1]]
        return min(holding, key=lambda t: t[1] - t[0]) if holding else None

    a, b = tab(first[0]), tab(second[0])
    return a is not None and b is not None and a != b


def _size(passage: str) -> int:
    """A passage's length as the model reads it: its spaced pieces (a word with its punctuation is about a word
    piece or two); Chinese and Japanese have no spaces, so there the text module's word count."""
    return text.count(passage) if text.has_cjk(passage) else len(passage.split())


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
        joined = " ".join(" ".join(t for _, t in lines).split())
        if block.kind not in _UNIT_KINDS or not joined:
            continue
        words = _size(joined)
        if count and count + words > _UNIT_MAX_WORDS:
            flush()
            count = 0
        parts.append((lines[0][0], lines[-1][0], joined))
        count += words
    flush()
    return tuple(out)


def siblings(a: Digest, b: Digest, min_shared: int) -> bool:
    """Pages built from one template (a page per platform, per component, per option): most of their headings are
    the same words. What they share is the template's, not a copy someone made."""
    shared = len(a.headings & b.headings)
    return min_shared > 0 and shared >= min_shared and shared >= 0.5 * min(len(a.headings), len(b.headings))


# Programming languages a manual is written once for each of (`core_manual_java.md`, `core_manual_ruby.md`).
CODE_LANGUAGES = frozenset((
    "java", "js", "javascript", "node", "nodejs", "ts", "typescript", "python", "py", "ruby", "rb", "go", "golang",
    "rust", "kotlin", "swift", "csharp", "cs", "dotnet", "cpp", "c", "php", "scala", "groovy", "clojure", "ceylon",
    "dart", "elixir", "erlang", "haskell", "lua", "perl", "r", "julia", "objc", "fsharp", "ocaml", "zig"))


def language_editions(a: str, b: str) -> bool:
    """Two pages of one folder whose file names differ in one word, a programming language's name in each
    (`core_manual_js.md` and `core_manual_ruby.md`, `quickstart-python.md` and `quickstart-go.md`): one manual
    written for each language, whose readers read the one of theirs."""
    if not parallel_names(a, b):
        return False
    words_a = re.split(r"[-_.]", a.rpartition("/")[2].rsplit(".", 1)[0].lower())
    words_b = re.split(r"[-_.]", b.rpartition("/")[2].rsplit(".", 1)[0].lower())
    return all(x in CODE_LANGUAGES and y in CODE_LANGUAGES for x, y in zip(words_a, words_b, strict=True) if x != y)


def parallel_names(a: str, b: str) -> bool:
    """Two pages of one folder whose file names differ in one word (`native-modules-ios.md` and
    `native-modules-android.md`, `query-param-models.md` and `cookie-param-models.md`): a page per platform or per
    kind, written from one template."""
    folder_a, _, name_a = a.rpartition("/")
    folder_b, _, name_b = b.rpartition("/")
    words_a = re.split(r"[-_.]", name_a.rsplit(".", 1)[0].lower())
    words_b = re.split(r"[-_.]", name_b.rsplit(".", 1)[0].lower())
    return (folder_a == folder_b and len(words_a) == len(words_b) > 1
            and sum(x != y for x, y in zip(words_a, words_b, strict=True)) == 1)
