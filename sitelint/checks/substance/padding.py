"""Padded prose: six signals of text that says little at length (repetition, repeated sentence frames,
compressibility, low variety, wordy phrases, hedges). The rule decides how many of them make a page padded."""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Iterator, Sequence

from sitelint import text
from sitelint.checks import CheckContext, Count, Words, spec
from sitelint.model import Location, Measurement, Page
from sitelint.text import phrases

_CHUNK = 2000  # characters per compressibility sample
_WINDOW = 50  # content words per MATTR window
_SENTENCE_LIKE = 8  # list items shorter than this are enumerations, not prose that can be padded
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


def _compression(prose: str, chunk: int) -> float:
    """Mean zlib ratio over fixed-size chunks, so long pages are not punished for being long."""
    data = " ".join(prose.split()).encode()
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
    for paragraph in paragraphs:
        openers = [tuple(w.lower() for w in text.words(s)[:2]) for s in text.sentences(paragraph)
                   if len(text.words(s)) >= 3]
        repeated += sum(c for c in Counter(openers).values() if c >= 2)
        total += len(openers)
    return repeated / total if total else 0.0


def _terminated(prose: str) -> str:
    prose = prose.strip()
    return prose if not prose or prose[-1] in ".!?" else prose.rstrip(":;,") + "."


def padded_prose(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    """Each padding signal of a page's prose, measured raw."""
    paragraphs = [_terminated(b.text) for b in page.prose_blocks
                  if b.kind != "table" and (b.kind != "list_item" or text.count(b.text) >= _SENTENCE_LIKE)]
    joined = " ".join(paragraphs)
    words = text.count(joined)
    if words < int(ctx.params["min-words"]):
        return
    content = text.content_words(joined, frozenset(ctx.params["stopwords"]))
    top = sum(c for _, c in Counter(content).most_common(_TOP_WORDS))
    yield Measurement({
        "repetition": top / len(content) if content else 0.0,
        "sentence_frames": _frame_share(paragraphs),
        "compressibility": _compression(joined, _CHUNK),
        "variety": _mattr(content, _WINDOW),
        "wordy_per_100": 100 * len(phrases(ctx.params["wordy-phrases"]).findall(joined)) / words,
        "hedges_per_100": 100 * len(phrases(ctx.params["hedges"]).findall(joined)) / words,
        "words": words,
    }, Location(page.path, 1, page.line_count))


CHECK = spec(
    "padded-prose", "page", padded_prose, pure=True,
    values=("repetition", "sentence_frames", "compressibility", "variety", "wordy_per_100", "hedges_per_100", "words"),
    params={
        "min-words": Count("Pages with fewer prose words than this are not measured."),
        "stopwords": Words("Words left out of the repetition and variety signals."),
        "wordy-phrases": Words("Phrases that say in four words what one would."),
        "hedges": Words("Words that hedge and add nothing."),
    },
)
