"""Words and sentences: the one notion of each that every rule counts with, for every script.

A word is a run of letters or digits (apostrophes and hyphens inside it kept: "don't", "built-in"), in any script
that separates words with spaces; in counts, the parts of a hyphenated compound count as words. Chinese and
Japanese do not separate words: there each ideograph or kana is a unit, and CJK_UNITS_PER_WORD of them count as one
word, so that a word floor set for English means about as much reading there.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

CJK_UNITS_PER_WORD = 2  # Chinese and Japanese characters a reader takes in for about one English word
# Han ideographs (with extensions and compatibility forms), hiragana, katakana and their half-width forms.
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f"
# A letter or digit, then letters, digits and underscores (an identifier such as status_code is one word), with
# apostrophes and hyphens inside: "don't", "built-in".
_TOKEN = re.compile(rf"[{_CJK}]|(?![{_CJK}])[^\W_](?:(?![{_CJK}])\w)*(?:['’\-](?:(?![{_CJK}])\w)+)*")
_CJK_CHAR = re.compile(rf"[{_CJK}]")
# A sentence ends at . ! ? (followed by a space or the end) or at a CJK full stop, exclamation or question mark.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[。！？])")


def words(text: str) -> list[str]:
    """The words of a text in order; a CJK character is a word of its own (count() weighs them as readers do)."""
    return _TOKEN.findall(text)


# The months by name, written out or cut short ("September", "Sept", "Sep"), for patterns of dates.
MONTHS = (
    "january|february|march|april|may|june|july|august|september|october|november|december"
    "|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec"
)


ECHO = 60  # characters of prose from a point on that, found in a code block of the page too, show an example's output


def flat(text: str) -> str:
    """A text's words, lower case, one space apart: to find one text's words inside another's, markup aside."""
    return " ".join(re.findall(r"\w+", text.lower()))


def count(text: str) -> int:
    """How many words a reader meets in a text: spaced words (the parts of a hyphenated compound each count, as
    the rules' floors were set), plus CJK characters in CJK_UNITS_PER_WORD units."""
    found = _TOKEN.findall(text)
    if not found:
        return 0
    cjk = sum(1 for t in found if len(t) == 1 and _CJK_CHAR.match(t))
    hyphens = sum(t.count("-") for t in found)
    return len(found) - cjk + hyphens + (cjk + CJK_UNITS_PER_WORD - 1) // CJK_UNITS_PER_WORD


def normal(token: str) -> str:
    """A token as compared across pages: case folded, apostrophes and edge hyphens dropped."""
    return token.casefold().replace("’", "'").strip("'-_")


def terms(text: str) -> list[str]:
    """The words two texts are compared by: case folded, hyphenated words split ("max-width": max, width)."""
    return [part for token in _TOKEN.findall(text) for part in normal(token).split("-") if part]


def content_words(text: str, stop: frozenset[str], shortest: int = 3) -> list[str]:
    """Lower-cased words that carry meaning: not in stop, not a number, at least `shortest` letters (CJK characters
    kept)."""
    out = []
    for token in _TOKEN.findall(text):
        word = normal(token)
        if word and not word[0].isdigit() and (len(word) >= shortest or _CJK_CHAR.match(word)) and word not in stop:
            out.append(word)
    return out


def sentences(text: str) -> list[str]:
    """The sentences of a text, in order, without empty ones."""
    return [s.strip() for s in _SENTENCE_END.split(text) if s.strip()]


def has_cjk(text: str, share: float = 0.2) -> bool:
    """Whether CJK characters make up at least `share` of a text's word tokens."""
    found = _TOKEN.findall(text)
    return bool(found) and sum(1 for t in found if _CJK_CHAR.match(t)) >= share * len(found)


_GROUP = re.compile(r"\{([^{}]*)\}")


def _literal(part: str) -> str:
    """A phrase's literal text as a pattern: each run of white space matches any run of white space."""
    return re.sub(r"(?:\\\s)+|\\ ", r"\\s+", re.escape(part)).replace(r"\s+\s+", r"\s+")


def _phrase(phrase: str) -> str:
    """One phrase as a pattern; `{a|b|}` in a phrase is a choice of literal texts (an empty one: optional)."""
    out, at = [], 0
    for match in _GROUP.finditer(phrase):
        out.append(_literal(phrase[at : match.start()]))
        out.append("(?:" + "|".join(_literal(option) for option in match.group(1).split("|")) + ")")
        at = match.end()
    out.append(_literal(phrase[at:]))
    return "".join(out)


def phrase_source(words: Sequence[str]) -> str:
    """The pattern text of a phrase list, for joining into a larger pattern (see phrases)."""
    alternatives = sorted({_phrase(" ".join(str(p).split())) for p in words if str(p).strip()}, key=len, reverse=True)
    return "|".join(alternatives) or r"(?!x)x"


# A script written without spaces between words (kana, CJK ideographs): a phrase of it (`敬请期待`, "stay tuned";
# `已废弃`, "deprecated") is one wherever it stands among its sentence's characters, with no word's edge to find.
UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")


def unspaced_phrases(phrases: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(The phrases of a script written with spaces, those of one written without: see UNSPACED.)"""
    unspaced = tuple(p for p in phrases if UNSPACED.match(str(p).lstrip("{")))
    return tuple(p for p in phrases if p not in unspaced), unspaced


@functools.lru_cache(maxsize=64)
def _phrase_pattern(phrases: tuple[str, ...], ignore_case: bool) -> re.Pattern[str]:
    spaced, unspaced = unspaced_phrases(phrases)
    whole = rf"(?<![\w-])(?:{phrase_source(spaced)})(?![\w-])" if spaced else ""
    among = rf"(?:{phrase_source(unspaced)})" if unspaced else ""
    return re.compile("|".join(p for p in (whole, among) if p) or r"(?!x)x", re.IGNORECASE if ignore_case else 0)


def phrases(words: Sequence[str], ignore_case: bool = True) -> re.Pattern[str]:
    """A pattern matching any of the phrases as whole words (a rule's word list, from its YAML). A space in a phrase
    matches any run of white space; `{a|b}` is a choice of texts, `{a |}` an optional one."""
    return _phrase_pattern(tuple(str(w) for w in words), ignore_case)


def struck(source: str, line: int, words: str) -> bool:
    """Whether every use of the words on the source's line is inside a strikethrough (`~~TODO: how?~~`, `~~As of
    2023, ...~~`): crossed out, kept as history."""
    lines = source.splitlines()
    if not 0 < line <= len(lines):
        return False
    text = re.sub(r"\*+|`+", "", lines[line - 1])  # its emphasis and code marks aside: `~~As of **May 2023**~~`
    spans = [m.span() for m in re.finditer(r"~~(?!~).+?~~", text)]
    hits = [m.start() for m in re.finditer(re.escape(words), text, re.IGNORECASE)]
    return bool(hits and spans) and all(any(a < h < b for a, b in spans) for h in hits)
