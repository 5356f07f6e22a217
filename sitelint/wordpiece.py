"""BERT's uncased WordPiece tokenizer in Python, for the numpy encoder: the ids the `tokenizers` package gives.

Importing `tokenizers` and reading tokenizer.json with it holds the interpreter for about 30 ms, more than tokenizing
the passages of one edited page takes here. This reads the same file and follows the same steps, for exactly the
configuration it checks for (BertNormalizer with lowercasing, BertPreTokenizer, WordPiece, [CLS] A [SEP]);
`load` returns None for any other, and the encoder then uses `tokenizers`.

Steps, as in tokenizers' Rust code: special tokens are split off first (they are not normalised); the normaliser
drops NUL, U+FFFD and control characters, maps whitespace to a space, pads CJK ideographs with spaces, decomposes
(NFD) and drops nonspacing marks, and lowercases character by character; the pre-tokenizer splits on whitespace
and isolates punctuation; WordPiece takes the longest vocabulary prefix, then "##" pieces, and makes a word that
cannot be covered (or longer than max_input_chars_per_word) [UNK].
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping
from pathlib import Path
from typing import Any

_NORMALIZER = {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True, "strip_accents": None,
               "lowercase": True}
_CJK = ((0x4E00, 0x9FFF), (0x3400, 0x4DBF), (0x20000, 0x2A6DF), (0x2A700, 0x2B73F), (0x2B740, 0x2B81F),
        (0x2B920, 0x2CEAF), (0xF900, 0xFAFF), (0x2F800, 0x2FA1F))
_ASCII_PUNCT = frozenset(chr(c) for r in ((33, 47), (58, 64), (91, 96), (123, 126)) for c in range(r[0], r[1] + 1))
# ASCII text: control characters other than tab, newline and return go; the rest splits into runs of letters and
# digits and single punctuation marks (in ASCII, BERT's punctuation is exactly the four ranges above).
_ASCII_DROP = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_ASCII_WORD = re.compile(r"[^\s!-/:-@\[-`{-~]+|[!-/:-@\[-`{-~]")


class WordPiece:
    """Token ids of a text: [CLS], its pieces (cut to fit max_length), [SEP]."""

    def __init__(self, vocab: Mapping[str, int], specials: Mapping[str, int], unk: str, prefix: str,
                 max_chars: int, cls: int, sep: int, max_length: int) -> None:
        self._vocab, self._unk, self._prefix, self._max_chars = vocab, vocab[unk], prefix, max_chars
        self._cls, self._sep, self._max_length = cls, sep, max_length
        self._specials = dict(specials)
        # Longest first, so that a special token that contains another is matched whole.
        names = sorted(self._specials, key=len, reverse=True)
        self._split = re.compile("(" + "|".join(re.escape(n) for n in names) + ")") if names else None
        self._memo: dict[str, list[int]] = {}

    def ids(self, text: str) -> list[int]:
        out: list[int] = []
        for n, part in enumerate(self._split.split(text) if self._split else [text]):
            if n % 2:  # a special token, matched on the raw text
                out.append(self._specials[part])
            elif part.isascii():  # the usual case, by regular expressions: same words, ten times faster
                for word in _ASCII_WORD.findall(_ASCII_DROP.sub("", part).lower()):
                    out.extend(self._word(word))
            elif part:
                for word in _pre_tokenize(_normalize(part)):
                    out.extend(self._word(word))
        return [self._cls, *out[: max(self._max_length - 2, 0)], self._sep]

    def _word(self, word: str) -> list[int]:
        known = self._memo.get(word)
        if known is not None:
            return known
        pieces: list[int] = []
        start = 0
        while start < len(word) and len(word) <= self._max_chars:
            end, found = len(word), None
            while start < end:  # the longest piece the vocabulary has
                found = self._vocab.get(word[start:end] if start == 0 else self._prefix + word[start:end])
                if found is not None:
                    break
                end -= 1
            if found is None:
                break
            pieces.append(found)
            start = end
        if start < len(word) or not word:  # a word the pieces cannot cover, or too long: one unknown token
            pieces = [self._unk]
        self._memo[word] = pieces
        return pieces


def _normalize(text: str) -> str:
    out = []
    for ch in text:
        code = ord(ch)
        if code == 0 or code == 0xFFFD or _is_control(ch):
            continue
        if _is_whitespace(ch):
            out.append(" ")
        elif any(lo <= code <= hi for lo, hi in _CJK):
            out.append(f" {ch} ")
        else:
            out.append(ch)
    decomposed = unicodedata.normalize("NFD", "".join(out))
    return "".join(c.lower() for c in decomposed if unicodedata.category(c) != "Mn")


def _is_control(ch: str) -> bool:
    return ch not in "\t\n\r" and unicodedata.category(ch).startswith("C")


def _is_whitespace(ch: str) -> bool:
    return ch in "\t\n\r " or unicodedata.category(ch) in ("Zs", "Zl", "Zp")


def _is_punctuation(ch: str) -> bool:
    return ch in _ASCII_PUNCT or unicodedata.category(ch).startswith("P")


def _pre_tokenize(text: str) -> list[str]:
    words: list[str] = []
    for chunk in text.split():
        current = ""
        for ch in chunk:
            if _is_punctuation(ch):
                if current:
                    words.append(current)
                    current = ""
                words.append(ch)
            else:
                current += ch
        if current:
            words.append(current)
    return words


def load(path: Path, max_length: int) -> WordPiece | None:
    """The tokenizer of a tokenizer.json when it is the configuration this module follows, else None."""
    try:
        spec: dict[str, Any] = json.loads(path.read_bytes())
        model, post = spec.get("model") or {}, spec.get("post_processor") or {}
        if spec.get("normalizer") != _NORMALIZER or spec.get("pre_tokenizer") != {"type": "BertPreTokenizer"}:
            return None
        if model.get("type") != "WordPiece" or post.get("type") != "TemplateProcessing":
            return None
        single = post.get("single")
        if not (isinstance(single, list) and len(single) == 3 and single[1] == {"Sequence": {"id": "A", "type_id": 0}}
                and all("SpecialToken" in s and s["SpecialToken"].get("type_id") == 0 for s in (single[0], single[2]))):
            return None
        specials = {t["content"]: int(t["id"]) for t in spec.get("added_tokens") or []}
        if not all(t.get("special") and not t.get("normalized") and not t.get("single_word") and not t.get("lstrip")
                   and not t.get("rstrip") for t in spec.get("added_tokens") or []):
            return None
        vocab: dict[str, int] = model["vocab"]
        cls = vocab[single[0]["SpecialToken"]["id"]]
        sep = vocab[single[2]["SpecialToken"]["id"]]
        return WordPiece(vocab, specials, str(model["unk_token"]), str(model["continuing_subword_prefix"]),
                         int(model["max_input_chars_per_word"]), cls, sep, max_length)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
