"""Substance checks: does a page give the reader something (enough prose, no placeholders, explained code)?"""

from __future__ import annotations

import re
import zlib
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from sitelint.model import Block, CheckContext, CheckSpec, Location, Measurement, Page

_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")
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


def navigation_reason(page: Page, density_floor: float) -> str:
    """Why a page is a navigation page (its job is to list links), or "" when it is not."""
    if page.path.rsplit("/", 1)[-1].startswith("_"):
        return "partial"  # Docusaurus/MDX partials and Hugo section lists are included or generated, not read alone
    if any(page.front_matter.get(key) for key in _REDIRECT_KEYS):
        return "redirect"
    if any(b.kind in ("jsx", "html") and _NAV_JSX.search(b.text) for b in page.blocks):
        return "card list"
    link_words = sum(len(_words(link.text)) for link in page.links if not link.image)
    prose = sum(len(_words(b.text)) for b in page.prose_blocks)
    if prose and link_words / prose >= density_floor:
        return "link list"
    return ""


def prose_words(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    """Count a page's prose words, unless the page is there to list links."""
    if navigation_reason(page, float(ctx.params["nav-link-density"])):
        return
    yield Measurement(page.words, _at(page, 1, page.line_count), {"title": page.title})


# --- SUB002 placeholder text ------------------------------------------------------------------------------------

_PLACEHOLDER = re.compile(
    r"\bTODO\b|(?i:\btodo\s*:)|\bTBD\b|\bTBA\b|\bFIXME\b|\bXXX\b|\bWIP\b"
    r"|(?i:\blorem ipsum\b|\bcoming soon\b|\bunder construction\b|\bcheck back (?:later|soon)\b"
    r"|\bwrite this (?:section|page|part|paragraph|later|up)\b|\b(?:still |yet )?to be (?:written|documented)\b"
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
            found.setdefault(_source_line(page, block, match.group()), []).append(match.group())
    for line, markers in sorted(found.items()):
        quoted = ", ".join(f"'{m}'" for m in dict.fromkeys(markers))
        yield Measurement(True, _at(page, line), {"marker": quoted})


# --- SUB003 empty section ---------------------------------------------------------------------------------------


def empty_sections(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    """Find headings with nothing under them; a parent holding only empty subsections is empty too."""
    if not any(b.kind in _CONTENT_KINDS for b in page.blocks):
        return  # an empty page is a thin page; one finding says it
    own = [False] * len(page.sections)
    for block in page.blocks:
        if block.section >= 0 and block.kind in _CONTENT_KINDS:
            own[block.section] = True
    children: dict[int, list[int]] = {}
    for index, section in enumerate(page.sections):
        children.setdefault(section.parent, []).append(index)

    def empty(index: int) -> bool:
        return not own[index] and all(empty(child) for child in children.get(index, []))

    def report(index: int) -> Iterator[Measurement]:
        section = page.sections[index]
        if empty(index):
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
_FILLER = re.compile(
    r"(?i)\b(?:it is (?:important|worth|essential) to (?:note|mention|remember|understand)|it should be noted"
    r"|needless to say|as (?:mentioned|noted|stated|discussed) (?:above|before|earlier|previously)"
    r"|at the end of the day|in terms of|for all intents and purposes|the fact that|in order to|basically"
    r"|essentially|actually|really|very|simply|various|in a (?:very )?(?:real|meaningful|significant) way"
    r"|when it comes to|it goes without saying|as a matter of fact|all things considered)\b"
)


def _mattr(words: Sequence[str], window: int) -> float:
    """Moving-average type-token ratio: lexical variety that does not shrink with text length."""
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
    parts = [data[i : i + chunk] for i in range(0, len(data), chunk)]
    parts = [p for p in parts if len(p) >= chunk // 2] or [data]
    return sum(len(zlib.compress(p, 9)) / len(p) for p in parts) / len(parts)


def _frame_share(sentences: Sequence[str]) -> float:
    """Share of sentences that open with the same three words as at least two other sentences."""
    openers = [tuple(w.lower() for w in _words(s)[:3]) for s in sentences]
    openers = [o for o in openers if len(o) == 3]
    counts = Counter(openers)
    return sum(c for c in counts.values() if c >= 3) / len(openers) if openers else 0.0


def padding_signals(text: str, params: Mapping[str, Any]) -> dict[str, tuple[float, float, bool]]:
    """Each padding signal as (measured, threshold, exceeded)."""
    content = _content_words(text)
    top = sum(c for _, c in Counter(content).most_common(int(params["top-words"])))
    sentences = [s for s in _SENTENCE.findall(text) if len(_words(s)) >= 3]
    words = max(len(_words(text)), 1)
    measured = {
        "repetition": (top / len(content) if content else 0.0, float(params["max-top-share"]), True),
        "sentence frames": (_frame_share(sentences), float(params["max-frame-share"]), True),
        "compressibility": (_compression(text, int(params["chunk-chars"])), float(params["min-zlib-ratio"]), False),
        "variety": (_mattr(content, int(params["mattr-window"])), float(params["min-mattr"]), False),
        "filler": (100 * len(_FILLER.findall(text)) / words, float(params["max-filler-per-100"]), True),
    }
    return {
        name: (value, limit, value > limit if high else value < limit)
        for name, (value, limit, high) in measured.items()
    }


def padded_prose(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    """Count how many padding signals a page's prose exceeds (the rule fires at two or more)."""
    blocks = [b for b in page.prose_blocks if b.kind != "table"]
    text = " ".join(_terminated(b.text) for b in blocks)
    if len(_words(text)) < int(ctx.params["min-words"]):
        return
    signals = padding_signals(text, ctx.params)
    hits = [f"{name} {value:.2f}" for name, (value, _, over) in signals.items() if over]
    yield Measurement(len(hits), _at(page, 1, page.line_count), {"signals": ", ".join(hits) or "none"})


# --- SUB005 code without explanation ----------------------------------------------------------------------------


def code_explanation(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    """Count the prose words that explain each section's code (its own and its parent's introduction)."""
    floor = int(ctx.params["min-code-lines"])
    code = [b for b in page.code_blocks if _lines(b) >= floor]
    if not code:
        return
    total_lines = sum(_lines(b) for b in page.code_blocks)
    if page.words < int(ctx.params["page-words"]):
        yield Measurement(page.words, _at(page, 1, page.line_count), {"where": "The page", "code_lines": total_lines})
        return
    for index in sorted({b.section for b in code}):
        own = page.blocks_in(index)
        parent = page.sections[index].parent if index >= 0 else -2
        words = _prose_words(own) + (_prose_words(page.blocks_in(parent)) if parent >= -1 else 0)
        lines = sum(_lines(b) for b in own if b.kind == "code")
        where = f"Section '{page.sections[index].title}'" if index >= 0 else "The introduction"
        line = page.sections[index].line if index >= 0 else code[0].line
        yield Measurement(words, _at(page, line), {"where": where, "code_lines": lines})


# --- SUB006 hard to read ----------------------------------------------------------------------------------------

_IDENT = re.compile(r"\S*(?:[_/\\<>{}()\[\]=#@$|]|\w\.\w|[a-z][A-Z]|\d)\S*")
_ABBREV = re.compile(r"\b(?:e\.g|i\.e|etc|vs|cf|approx|incl)\.", re.IGNORECASE)


def _terminated(text: str) -> str:
    text = text.strip()
    return text if not text or text[-1] in ".!?" else text.rstrip(":;,") + "."


def readable_text(blocks: Sequence[Block]) -> str:
    """Prose ready for a readability formula: identifiers, paths and abbreviations that fake sentence ends removed."""
    parts = []
    for block in blocks:
        if block.is_prose and block.kind != "table":
            text = _ABBREV.sub(lambda m: m.group().rstrip("."), block.text)
            parts.append(_terminated(" ".join(_IDENT.sub(" ", text).split())))
    return " ".join(p for p in parts if p)


def readability(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    """Flesch reading ease and Flesch-Kincaid grade for each section with enough prose to measure."""
    import textstat  # imported here: a pre-commit run without this rule must not pay for it

    for index in range(-1, len(page.sections)):
        text = readable_text(page.blocks_in(index))
        words = len(_words(text))
        if words < int(ctx.params["min-words"]):
            continue
        ease = float(textstat.flesch_reading_ease(text))
        grade = float(textstat.flesch_kincaid_grade(text))
        section = page.sections[index] if index >= 0 else None
        line = section.line if section else next(b.line for b in page.blocks_in(-1) if b.is_prose)
        where = f"Section '{section.title}'" if section else "The introduction"
        yield Measurement(
            round(ease, 1),
            _at(page, line, section.end_line if section else None),
            {"where": where, "grade": round(grade, 1), "words": words},
        )


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
    CheckSpec("placeholder-text", "page", placeholder_text),
    CheckSpec("empty-sections", "page", empty_sections),
    CheckSpec(
        "padded-prose",
        "page",
        padded_prose,
        {
            "min-words": 150,
            "top-words": 5,
            "max-top-share": 0.35,
            "max-frame-share": 0.3,
            "chunk-chars": 2000,
            "min-zlib-ratio": 0.3,
            "mattr-window": 50,
            "min-mattr": 0.7,
            "max-filler-per-100": 2.0,
        },
    ),
    CheckSpec("code-explanation", "section", code_explanation, {"min-code-lines": 5, "page-words": 40}),
    CheckSpec("readability", "section", readability, {"min-words": 100}),
)
