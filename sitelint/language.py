"""The language a page is written in, when neither its front matter, its locale folder nor the site's config says.

Two cheap signals, in order: the script of its letters (kana is Japanese, hangul Korean, other CJK ideographs
Chinese, Cyrillic Russian, and so on), then, for Latin script, which language's most frequent function words its
prose uses. A guess needs enough text and a clear margin; otherwise it is "" and the caller keeps the site's own
language. (A statistical identifier such as py3langid costs about 0.5 s to import and 5 s on its first call: more
than a pre-commit run of sitelint takes, for pages that nearly always carry their locale in their path.)
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

_MIN_LETTERS = 40  # fewer letters than this (a title, a link list) is too little to guess from
_MIN_FUNCTION_WORDS = 8
_MARGIN = 2.0  # the best Latin-script language needs this many times the runner-up's function words

# Each language's most frequent short words (from frequency lists of each language); a word two of them share
# ("de", "que", "e") tells them apart from neither and is dropped below.
_FREQUENT: dict[str, str] = {
    "en": "the and of to is are that this with for you your it be can from or not when which will by an have if",
    "de": "der die das und ist nicht mit sie ein eine auf für den dem sich auch werden wird oder kann wenn zu",
    "fr": "le la les et est des une pour dans qui pas sur avec vous sont être ce cette ou peut du au aux",
    "es": "el los las y es una para por con del se su como puede más está esta este sus pero también cuando",
    "pt": "o os e um uma para com não do da dos das em seu sua você pode também isso mais são",
    "it": "il lo gli e è un una per con non della di sono questo questa può anche nel alla che",
    "nl": "het een en van op met voor niet dat die zijn je wordt kan ook als dit bij naar",
    "id": "yang dan di ini itu dengan untuk dari tidak dalam akan pada anda dapat adalah atau bisa juga",
    "pl": "i w na z jest nie się to że do jak po dla są może oraz lub przez",
    "tr": "ve bir bu için ile olarak daha çok olan gibi ancak kadar sonra veya",
    "vi": "và của là có các được trong cho với không một những này khi để bạn",
}
_SEEN: dict[str, int] = {}
for _words in _FREQUENT.values():
    for _word in set(_words.split()):
        _SEEN[_word] = _SEEN.get(_word, 0) + 1
_FUNCTION_WORDS: dict[str, frozenset[str]] = {
    lang: frozenset(w for w in words.split() if _SEEN[w] == 1) for lang, words in _FREQUENT.items()
}
_LANGS_OF: dict[str, tuple[str, ...]] = {}
for _lang, _vocabulary in _FUNCTION_WORDS.items():
    for _word in _vocabulary:
        _LANGS_OF[_word] = (*_LANGS_OF.get(_word, ()), _lang)
_WORD = re.compile(r"[^\W\d_]+")
_ASCII_LETTER = re.compile(r"[A-Za-z]")
_NON_ASCII = re.compile(r"[^\x00-\x7f]")


def _script(char: str) -> str:
    if "\u3040" <= char <= "\u30ff" or "\uff66" <= char <= "\uff9f":
        return "ja"  # hiragana, katakana
    if "\uac00" <= char <= "\ud7af" or "\u1100" <= char <= "\u11ff" or "\u3130" <= char <= "\u318f":
        return "ko"
    if "\u4e00" <= char <= "\u9fff" or "\u3400" <= char <= "\u4dbf" or "\uf900" <= char <= "\ufaff":
        return "han"
    name = unicodedata.name(char, "")
    for prefix, lang in (("CYRILLIC", "ru"), ("ARABIC", "ar"), ("HEBREW", "he"), ("GREEK", "el"), ("THAI", "th"),
                         ("DEVANAGARI", "hi"), ("LATIN", "latin")):
        if name.startswith(prefix):
            return lang
    return "other"


def guess(prose: str) -> str:
    """The language of a text ("en", "ja", "zh", "ru", ...), or "" when the text does not say clearly."""
    prose = prose[:20_000]
    ascii_letters = len(_ASCII_LETTER.findall(prose))
    scripts = Counter(_script(c) for c in _NON_ASCII.findall(prose) if c.isalpha())
    scripts["latin"] += ascii_letters
    letters = sum(scripts.values())
    if letters < _MIN_LETTERS:
        return ""
    top, _ = scripts.most_common(1)[0]
    cjk = scripts["ja"] + scripts["han"]
    if cjk >= 0.2 * letters:  # a CJK page still writes its identifiers and product names in Latin letters
        return "ja" if scripts["ja"] >= 0.1 * cjk else "zh"
    if scripts["ko"] >= 0.2 * letters:
        return "ko"
    if top not in ("latin", "other"):
        return top
    counts: Counter[str] = Counter()
    for word in _WORD.findall(prose.lower()):
        for lang in _LANGS_OF.get(word, ()):
            counts[lang] += 1
    ranked = counts.most_common(2)
    if not ranked or ranked[0][1] < _MIN_FUNCTION_WORDS:
        return ""
    if len(ranked) > 1 and ranked[0][1] < _MARGIN * ranked[1][1]:
        return ""
    return ranked[0][0]


# Country codes sites name a language's locale by (`jp/`, `lang: 'jp'`), where the language code is another; only codes
# that are no ISO 639-1 language of their own.
_COUNTRY_LOCALES = {"jp": "ja", "cn": "zh", "ua": "uk", "cz": "cs", "gr": "el", "dk": "da", "vn": "vi"}


def base(lang: str) -> str:
    """A locale as rules compare it: its language, lower case (en-US: en, pt-BR: pt; zh-Hans and zh-CN: zh; a
    country code written for the language, jp: ja)."""
    code = lang.strip().lower().replace("_", "-").split("-", 1)[0]
    return _COUNTRY_LOCALES.get(code, code)
