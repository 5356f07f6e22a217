"""Substance checks: does a page give the reader something (enough prose, no placeholders, explained code)?"""

from __future__ import annotations

import hashlib
import posixpath
import re
import struct
import zlib
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from sitelint.model import Block, CheckContext, CheckSpec, Link, Location, Measurement, Page, Site

_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")
_PAIR = struct.Struct("<dd")  # a cached (reading ease, grade)
# Kinds that show the reader something; comments, imports and front matter do not.
_CONTENT_KINDS = frozenset({"paragraph", "list_item", "blockquote", "admonition", "table", "code", "html", "jsx"})
_STOPWORDS = """
    a about above after again all also am an and any are as at be because been before being below between both but
    by can could did do does doing down during each few for from further had has have having he her here hers him his
    how i if in into is it its itself just let me more most my no nor not now of off on once only or other our ours out
    over own same she should so some such than that the their theirs them then there these they this those through to
    too under until up us very was we were what when where which while who whom why will with would you your yours
    may might must shall one two get gets use used using like make makes see way want need needs via per etc"""
_STOP = frozenset(_STOPWORDS.split())


def _words(text: str) -> list[str]:
    return _WORD.findall(text)


def _content_words(text: str) -> list[str]:
    return [w for w in (t.lower().strip("'’") for t in _WORD.findall(text)) if len(w) > 2 and w not in _STOP]


def _prose_words(blocks: Sequence[Block]) -> int:
    return sum(len(_words(b.text)) for b in blocks if b.is_prose)


def _at(page: Page, line: int, end_line: int | None = None) -> Location:
    return Location(page.path, line, end_line)


def _lines(block: Block) -> int:
    return len(block.text.strip("\n").splitlines())


# --- SUB001 thin page -------------------------------------------------------------------------------------------

_NAV_JSX = re.compile(r"<\s*(DocCardList|DocCard|CardList|Cards|CardGrid|LinkCard)\b")
_REDIRECT_KEYS = ("redirect", "redirect_to", "redirect_url", "external_url")
_NOTICE = re.compile(
    r"(?i)\b(?:removed|deprecated|moved|renamed|superseded|replaced by|no longer (?:supported|maintained))\b"
)
_PARTIAL_IMPORT = re.compile(r"""import\s+\w+\s+from\s+['"](\.{1,2}/[^'"]+\.mdx?)['"]""")
_NOTICE_WORDS = 80  # a moved/removed notice longer than this is a page, not a signpost
# Content filled in at build time: snippet includes (pymdownx, markdown-include, Jinja) and autodoc directives
# (mkdocstrings `::: package.module`, mkdocs-click) followed by their indented options.
_BUILD_TIME = re.compile(r"(?m)^\s*(?:-+8<-+\s|\{%\s*include\b|\{!.+!\})|^:::[ \t]*[\w.-]+[ \t]*\n[ \t]+\S")
_TAG = re.compile(r"<(script|style)\b.*?</\1\s*>|<[^>]*>", re.DOTALL | re.IGNORECASE)


def exemption(page: Page, density_floor: float) -> str:
    """Why a page may be short by design (it lists links, redirects or documents members), or "" when not."""
    if page.path.rsplit("/", 1)[-1].startswith("_"):
        return "partial"  # Docusaurus/MDX partials and Hugo section lists are included or generated, not read alone
    if any(page.front_matter.get(key) for key in _REDIRECT_KEYS):
        return "redirect"
    if any(b.kind in ("jsx", "html") and _NAV_JSX.search(b.text) for b in page.blocks):
        return "card list"
    if _BUILD_TIME.search(page.source):
        return "filled in at build time"
    prose = [b for b in page.prose_blocks if b.kind != "table"]
    total = sum(len(_words(b.text)) for b in prose)
    links = [link for link in page.links if not link.image]
    if total and sum(len(_words(link.text)) for link in links) / total >= density_floor:
        return "link list"
    items = [b for b in prose if b.kind == "list_item" and _mostly_link(b, links)]
    if len(items) >= 3 and 2 * len(items) >= len(prose):
        return "link list"
    if links and total <= _NOTICE_WORDS and any(_NOTICE.search(b.text) for b in prose):
        return "moved or removed notice"
    members = [b for b in page.blocks if b.kind == "heading" and b.inline_code and len(_words(b.text)) <= 2]
    if len(members) >= 2:
        return "reference page"  # one section per documented member: short by design
    return ""


def _mostly_link(block: Block, links: Sequence[Link]) -> bool:
    words = len(_words(block.text))
    inside = sum(len(_words(link.text)) for link in links if block.line <= link.line <= block.end_line)
    return words > 0 and 2 * inside >= words


def _included_words(page: Page, site: Site) -> int:
    """Prose words of the partials an MDX page imports and renders in place."""
    folder = page.path.rsplit("/", 1)[0] if "/" in page.path else ""
    total = 0
    for block in page.blocks:
        if block.kind == "esm":
            for target in _PARTIAL_IMPORT.findall(block.text.replace("\\", "")):
                partial = site.page(posixpath.normpath(posixpath.join(folder, target)))
                total += partial.words if partial else 0
    return total


def prose_words(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    """Count a page's prose words (with HTML text and included partials), unless the page is short by design."""
    if exemption(page, float(ctx.params["nav-link-density"])):
        return
    # Text inside HTML blocks (cards on a landing page) is read like prose.
    html = sum(len(_words(_TAG.sub(" ", b.text))) for b in page.blocks if b.kind == "html")
    words = page.words + html + _included_words(page, ctx.site)
    yield Measurement(words, _at(page, 1, page.line_count), {"title": page.title})


# --- SUB002 placeholder text ------------------------------------------------------------------------------------

_PLACEHOLDER = re.compile(
    r"\bTODO\b|(?im:(?:^|[.!?]\s+)todo\s*:)|\bTBD\b|\bTBA\b|\bFIXME\b|\bXXX\b|\bWIP\b"
    r"|(?i:\blorem ipsum\b|\bcoming soon\b|\bunder construction\b|\bcheck back (?:later|soon)\b"
    r"|\bwrite this (?:section|page|part|paragraph|later|up)\b|\b(?:still|yet) to be (?:written|documented)\b"
    r"|\bto be (?:written|documented|added) (?:later|soon)\b"
    r"|\b(?:page|section|document|documentation|guide|article) is (?:a |still )?(?:work in progress|wip|incomplete)\b"
    r"|\b(?:insert|add) (?:content|text|description|details) here\b|\bdocs? (?:are |is )?not (?:yet )?written\b)"
)


def _source_line(page: Page, block: Block, needle: str) -> int:
    """The source line of a block that holds the matched words (block text has lost its line breaks)."""
    lines = page.source.splitlines()
    pattern = re.compile(r"\s+".join(map(re.escape, needle.split())), re.IGNORECASE)
    for number in range(block.line, min(block.end_line, len(lines)) + 1):
        line = re.sub(r"`[^`]*`", "", lines[number - 1])
        if pattern.search(line):
            return number
    return block.line


def placeholder_text(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    """Find placeholder markers in prose and headings, one measurement per source line."""
    found: dict[int, list[str]] = {}
    for block in page.blocks:
        if not (block.is_prose or block.kind == "heading"):
            continue
        for match in _PLACEHOLDER.finditer(block.text):
            marker = match.group().lstrip(".!?").strip()
            found.setdefault(_source_line(page, block, marker), []).append(marker)
    for line, markers in sorted(found.items()):
        quoted = ", ".join(f"'{m}'" for m in dict.fromkeys(markers))
        yield Measurement(True, _at(page, line), {"marker": quoted})


# --- SUB003 empty section ---------------------------------------------------------------------------------------


def empty_sections(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    """Find headings with nothing under them; a parent holding only empty subsections is empty too."""
    if not any(b.kind in _CONTENT_KINDS for b in page.blocks):
        return  # an empty page is a thin page; one finding says it
    own = [False] * len(page.sections)
    for index, section in enumerate(page.sections):
        # mkdocstrings fills a `### ::: package.name` heading with API docs at build time.
        own[index] = section.title.startswith(":::")
    for block in (b for b in page.blocks if b.kind in _CONTENT_KINDS):
        if block.section >= 0:
            own[block.section] = True
        # A block left open above a heading (an unclosed admonition) runs on into that section.
        for index, section in enumerate(page.sections):
            if block.line < section.line < block.end_line:
                own[index] = True
    # A first heading with nothing above it is the page's title; sections follow it by design.
    title = (
        0
        if page.sections and not any(b.kind in _CONTENT_KINDS and b.line < page.sections[0].line for b in page.blocks)
        else -1
    )
    children: dict[int, list[int]] = {}
    for index, section in enumerate(page.sections):
        children.setdefault(section.parent, []).append(index)

    def empty(index: int) -> bool:
        return not own[index] and all(empty(child) for child in children.get(index, []))

    def report(index: int) -> Iterator[Measurement]:
        section = page.sections[index]
        if empty(index) and index != title:
            subs = len(children.get(index, []))
            yield Measurement(
                True,
                _at(page, section.line, section.end_line),
                {"heading": section.title, "subsections": f" (nor have its {subs} subsections)" if subs else ""},
            )
            return
        for child in children.get(index, []):
            yield from report(child)

    for top in children.get(-1, []):
        yield from report(top)


# --- SUB004 padded prose ----------------------------------------------------------------------------------------

_SENTENCE = re.compile(r"[^.!?]+[.!?]*")
# Wordy phrases say in four words what one would, hedges add nothing: two separate padding habits.
_WORDY = re.compile(
    r"(?i)\b(?:it is (?:important|worth|essential|crucial) to (?:note|mention|remember|understand)"
    r"|it should be noted|it is worth (?:noting|mentioning)|needless to say|it goes without saying"
    r"|as (?:mentioned|noted|stated|discussed) (?:above|before|earlier|previously)|at the end of the day"
    r"|in terms of|for all intents and purposes|the fact that|in order to|due to the fact|at this point in time"
    r"|in a (?:very )?(?:real|meaningful|significant) way|in the event that|with regard to|when it comes to"
    r"|as a matter of fact|all things considered|each and every)\b"
)
_HEDGE = re.compile(
    r"(?i)\b(?:basically|essentially|actually|really|very|simply|quite|literally|totally|extremely|truly"
    r"|definitely|certainly|various)\b"
)
_TOP_WORDS = 5


def _mattr(words: Sequence[str], window: int) -> float:
    """Moving-average type-token ratio: lexical variety that does not shrink as a text grows."""
    if len(words) <= window:
        return len(set(words)) / len(words) if words else 1.0
    counts = Counter(words[:window])
    total = len(counts)
    for i in range(window, len(words)):
        counts[words[i]] += 1
        counts[words[i - window]] -= 1
        if counts[words[i - window]] == 0:
            del counts[words[i - window]]
        total += len(counts)
    return total / (len(words) - window + 1) / window


def _compression(text: str, chunk: int) -> float:
    """Mean zlib ratio over fixed-size chunks, so long pages are not punished for being long."""
    data = " ".join(text.split()).encode()
    if not data:
        return 1.0
    parts = [data[i : i + chunk] for i in range(0, len(data), chunk)]
    parts = [p for p in parts if len(p) >= chunk // 2] or [data]
    return sum(len(zlib.compress(p, 9)) / len(p) for p in parts) / len(parts)


def _frame_share(paragraphs: Sequence[str]) -> float:
    """Share of sentences opening with the same two words as another sentence of the same paragraph.

    Within one paragraph only: reference pages legitimately open every entry the same way ("Returns a promise").
    """
    repeated = total = 0
    for text in paragraphs:
        openers = [tuple(w.lower() for w in _words(s)[:2]) for s in _SENTENCE.findall(text) if len(_words(s)) >= 3]
        repeated += sum(c for c in Counter(openers).values() if c >= 2)
        total += len(openers)
    return repeated / total if total else 0.0


def padding_signals(paragraphs: Sequence[str], params: Mapping[str, Any]) -> dict[str, tuple[float, float, bool]]:
    """Each padding signal as (measured, threshold, exceeded)."""
    text = " ".join(paragraphs)
    content = _content_words(text)
    top = sum(c for _, c in Counter(content).most_common(_TOP_WORDS))
    words = max(len(_words(text)), 1)
    measured = {
        "repetition": (top / len(content) if content else 0.0, float(params["max-top-share"]), True),
        "sentence frames": (_frame_share(paragraphs), float(params["max-frame-share"]), True),
        "compressibility": (_compression(text, _CHUNK), float(params["min-zlib-ratio"]), False),
        "variety": (_mattr(content, _WINDOW), float(params["min-mattr"]), False),
        "wordy phrases": (100 * len(_WORDY.findall(text)) / words, float(params["max-wordy-per-100"]), True),
        "hedges": (100 * len(_HEDGE.findall(text)) / words, float(params["max-hedges-per-100"]), True),
    }
    return {
        name: (value, limit, value > limit if high else value < limit)
        for name, (value, limit, high) in measured.items()
    }


_CHUNK = 2000  # characters per compressibility sample
_WINDOW = 50  # content words per MATTR window
_SENTENCE_LIKE = 8  # list items shorter than this are enumerations, not prose that can be padded


def padded_prose(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    """Count how many padding signals a page's prose exceeds (the rule fires at two or more)."""
    paragraphs = [
        _terminated(b.text)
        for b in page.prose_blocks
        if b.kind != "table" and (b.kind != "list_item" or len(_words(b.text)) >= _SENTENCE_LIKE)
    ]
    if sum(len(_words(p)) for p in paragraphs) < int(ctx.params["min-words"]):
        return
    signals = padding_signals(paragraphs, ctx.params)
    hits = [
        f"{name} {value:.3g} {'>' if name in _HIGH_IS_BAD else '<'} {limit}"
        for name, (value, limit, over) in signals.items()
        if over
    ]
    yield Measurement(len(hits), _at(page, 1, page.line_count), {"signals": "; ".join(hits) or "none"})


_HIGH_IS_BAD = frozenset({"repetition", "sentence frames", "wordy phrases", "hedges"})


# --- SUB005 code without explanation ----------------------------------------------------------------------------


_EXAMPLE = re.compile(r"(?i)\b(?:examples?|demo|playground|sandbox|snack)\b")
# Fences that render as something other than code to read (MDX, diagrams) or as a live, runnable example.
_NOT_READ = re.compile(r"(?i)mdx-code-block|mermaid|math|snackplayer|sandpack|playground|live|demo")


def code_explanation(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    """Count the prose words that explain each section's code (its own and its parent's introduction).

    Sections under an "Example" heading are left out: they show code the rest of the page explains.
    """
    floor = int(ctx.params["min-code-lines"])
    readable = [b for b in page.code_blocks if not _NOT_READ.fullmatch(b.lang)]
    code = [b for b in readable if _lines(b) >= floor]
    if not code:
        return
    total_lines = sum(_lines(b) for b in readable)
    if page.words < int(ctx.params["page-words"]):
        yield Measurement(page.words, _at(page, 1, page.line_count), {"where": "The page", "code_lines": total_lines})
        return
    for index in sorted({b.section for b in code}):
        if _under_example(page, index):
            continue
        own = page.blocks_in(index)
        parent = page.sections[index].parent if index >= 0 else -2
        words = _prose_words(own) + (_prose_words(page.blocks_in(parent)) if parent >= -1 else 0)
        lines = sum(_lines(b) for b in own if b in readable)
        where = f"Section '{page.sections[index].title}'" if index >= 0 else "The introduction"
        line = page.sections[index].line if index >= 0 else code[0].line
        yield Measurement(words, _at(page, line), {"where": where, "code_lines": lines})


def _under_example(page: Page, index: int) -> bool:
    while index >= 0:
        if _EXAMPLE.search(page.sections[index].title):
            return True
        index = page.sections[index].parent
    return False


# --- SUB006 hard to read ----------------------------------------------------------------------------------------

_IDENT = re.compile(
    r"[^\s.,;:!?]*(?:[_/\\<>{}()\[\]=#@$|]|\w\.\w|\b[a-z]+[A-Z][a-z]|\d)[^\s,;:!?]*?(?=[.,;:!?]*(?:\s|$))"
)
_ABBREV = re.compile(r"\b(?:e\.g|i\.e|etc|vs|cf|approx|incl)\.", re.IGNORECASE)


def _terminated(text: str) -> str:
    text = text.strip()
    return text if not text or text[-1] in ".!?" else text.rstrip(":;,") + "."


def readable_text(blocks: Sequence[Block]) -> str:
    """Prose ready for a readability formula: identifiers, paths and abbreviations that fake sentence ends removed."""
    parts = []
    for block in blocks:
        # textstat drops sentences of one or two words but keeps their words: leave such fragments out.
        if block.is_prose and block.kind != "table" and len(_words(block.text)) >= 3:
            text = _ABBREV.sub(lambda m: m.group().rstrip("."), block.text)
            parts.append(_terminated(" ".join(_IDENT.sub(" ", text).split())))
    return " ".join(p for p in parts if p)


def readability(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    """Flesch reading ease and Flesch-Kincaid grade for each section with enough prose to measure."""
    measured = []
    for index in range(-1, len(page.sections)):
        text = readable_text(page.blocks_in(index))
        words = len(_words(text))
        if words >= int(ctx.params["min-words"]):
            measured.append((index, text, words))
    if not measured:
        return  # most warm runs never need the scorer
    score = _flesch(ctx)
    for (index, _, words), (ease, grade) in zip(measured, score.many([text for _, text, _ in measured]), strict=True):
        section = page.sections[index] if index >= 0 else None
        line = section.line if section else next(b.line for b in page.blocks_in(-1) if b.is_prose)
        where = f"Section '{section.title}'" if section else "The introduction"
        yield Measurement(
            round(ease, 1),
            _at(page, line, section.end_line if section else None),
            {"where": where, "grade": round(grade, 1), "words": words},
        )
    score.flush()


class _Score:
    """(reading ease, grade) of texts; with a store, each text's pair is kept by its hash, so an edited page
    measures again only its edited sections. flush() keeps what was learnt (pairs, new words) for the next run."""

    def __init__(self, measure: Callable[[str], tuple[float, float]], flush: Callable[[], None] = lambda: None,
                 store: Any = None, namespace: str = "") -> None:
        self._measure, self._flush, self._store, self._namespace = measure, flush, store, namespace
        self._new: dict[str, bytes] = {}

    def __call__(self, text: str) -> tuple[float, float]:
        return self.many([text])[0]

    def many(self, texts: Sequence[str]) -> list[tuple[float, float]]:
        if self._store is None:
            return [self._measure(text) for text in texts]
        keys = [hashlib.blake2b(text.encode(), digest_size=16).hexdigest() for text in texts]
        found = self._store.get_many(self._namespace, keys)
        out = []
        for key, text in zip(keys, texts, strict=True):
            blob = found.get(key) or self._new.get(key)
            if blob is not None and len(blob) == _PAIR.size:
                out.append(_PAIR.unpack(blob))
                continue
            pair = self._measure(text)
            self._new[key] = _PAIR.pack(*pair)
            out.append(pair)
        return out

    def flush(self) -> None:
        self._flush()
        if self._new and self._store is not None:
            self._store.put_many(self._namespace, self._new)
        self._new = {}


def _flesch(ctx: CheckContext) -> _Score:
    """(reading ease, grade) of a text, the same floats textstat's flesch_reading_ease and flesch_kincaid_grade give.

    Words and sentences are counted by textstat's rules as sitelint.checks.syllables writes them out, and syllables
    come from the run cache (see there why): a run on known words never imports textstat.
    """
    from sitelint.checks import syllables as counts

    def public(text: str) -> tuple[float, float]:
        import textstat

        return float(textstat.flesch_reading_ease(text)), float(textstat.flesch_kincaid_grade(text))

    if counts.installed_version("textstat") != counts.TEXTSTAT:  # another textstat than the pinned one: its own
        return _Score(public)
    try:
        syllables = counts.Syllables(ctx.service("cache") if "cache" in ctx.services else None)
    except Exception:  # noqa: BLE001 - no cache and no table: textstat's own path, only slower
        return _Score(public)
    base, per_length, per_syllable = counts.FLESCH_EN

    def score(text: str) -> tuple[float, float]:
        length = counts.words_per_sentence(text)
        count = counts.count_words(text)
        words = counts.list_words(text)
        known = syllables.counts(words)
        per_word = sum(known[word] for word in words) / count if count else 0.0
        if length == 0 or per_word == 0:
            return 0.0, 0.0
        return base - per_length * length - per_syllable * per_word, (0.39 * length) + (11.8 * per_word) - 15.59

    # Exact doubles by the hash of the text, valid for the counting rules of this textstat and dictionary.
    return _Score(score, syllables.flush, syllables.store, f"flesch-1-{syllables.namespace}")


# --- SUB000 page problems ---------------------------------------------------------------------------------------


def page_problems(ctx: CheckContext) -> Iterator[Measurement]:
    """Report files that could not be read and input the parser had to work around."""
    for path, problem in ctx.site.unreadable:
        yield Measurement(True, Location(path, 1), {"problem": problem, "severity": "error"})
    for page in ctx.site.pages:
        for line, problem in page.problems:
            yield Measurement(True, _at(page, max(line, 1)), {"problem": problem, "severity": "warning"})


CHECKS: tuple[CheckSpec, ...] = (
    CheckSpec("page-problems", "site", page_problems),
    CheckSpec("prose-words", "page", prose_words, {"nav-link-density": 0.5}),
    CheckSpec("placeholder-text", "page", placeholder_text, pure=True),
    CheckSpec("empty-sections", "page", empty_sections, pure=True),
    CheckSpec(
        "padded-prose",
        "page",
        padded_prose,
        {
            "min-words": 150,
            "max-top-share": 0.42,
            "max-frame-share": 0.35,
            "min-zlib-ratio": 0.34,
            "min-mattr": 0.5,
            "max-wordy-per-100": 2.0,
            "max-hedges-per-100": 2.5,
        },
        pure=True,
    ),
    CheckSpec("code-explanation", "section", code_explanation, {"min-code-lines": 10, "page-words": 15}, pure=True),
    CheckSpec("readability", "section", readability, {"min-words": 100}, pure=True),
)
