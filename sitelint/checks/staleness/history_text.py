"""Reading a page's claims about time: product versions it names, dated phrases, and the parts of a page (and the
pages) whose job is history, where old versions and dates are named on purpose."""

from __future__ import annotations

import fnmatch
import functools
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sitelint.model import Block, Page
from sitelint.saferegex import searcher
from sitelint.sites.product import Version
from sitelint.text import MONTHS

VER = r"v?\d+(?:\.(?:\d+|x|X|\*))*(?![\w-]*\d)"
_VER = VER


def _names_pattern(names: Sequence[str]) -> str:
    alternatives = sorted({r"[\s-]".join(map(re.escape, re.split(r"[\s_-]+", n.strip()))) for n in names}, key=len)
    return "|".join(reversed(alternatives)) or r"(?!x)x"


# Words that may stand before a bare "version 1.2" without making it another product's version.
_FUNCTION_WORDS = frozenset(
    """a an the in on at to of for from with by and or is are was were be this that these those our your its their
    current latest newest stable new old older previous recent next upcoming since until before after upgrade
    requires require supports support use using install run running get see""".split()  # noqa: SIM905
)


# Nouns that, after "version 2 of the", name the product itself, not another thing with versions of its own.
_SELF_NOUNS = frozenset("""library package framework sdk tool cli client server project module app plugin extension api
    docs""".split())  # noqa: SIM905


@dataclass(frozen=True)
class Mention:
    version: Version
    start: int  # offset of the mention in the block text
    end: int
    claim: bool  # "the current version is X": a present-tense claim, never historical
    unnamed: bool = False  # "version 1.2", "v2": no product named with it


def version_mentions(text: str, names: Sequence[str], other_products: frozenset[str],
                     proper: frozenset[str] = frozenset()) -> Iterator[Mention]:
    """Versions of this product named in prose: 'version 1.2', 'v2.x', '<Product> 1.2', 'current version is 1.2'.
    proper: names the page capitalises inside its sentences (see `proper_names`), another product's where one opens
    a sentence before a version ('Nitro v3 will ...')."""
    product = _names_pattern(names)
    patterns = (
        (
            rf"\b(?:current|latest|newest)\s+(?:stable\s+)?(?:release|version)(?:\s+of\s+(?:{product}))?\s*(?:is|:)"
            rf"\s*(?:now\s+)?(?:version\s+)?(?P<ver>{_VER})",
            True,
            False,
        ),
        (rf"(?<![\w./-])(?i:{product})(?:\s+version)?\s+(?P<ver>{_VER})", False, False),
        (rf"(?<![\w.-])(?i:version)\s+(?P<ver>{_VER})", False, True),
        (r"(?<![\w./-])v(?P<ver>\d+(?:\.(?:\d+|x))*)(?![\w-]*\d)", False, True),
    )
    seen: set[int] = set()
    taken: list[tuple[int, int]] = []  # the text of each mention yielded: a version is named once ('pip v7.0')
    for pattern, claim, generic in patterns:
        for match in re.finditer(pattern, text):
            start = match.start("ver")
            if start in seen or any(a <= start < b for a, b in taken) or (
                    generic and _other_product(text, match.start(), match.end(), other_products, proper, product)):
                continue
            version = Version.parse(match.group("ver"))
            bare = version is not None and version.parts[1] is None and "x" not in match.group("ver")
            if not claim and bare and re.match(r"\s+[A-Z]", text[match.end() :]):
                continue  # 'Redux 4 Ways': a number in a title, not a release
            if version is not None:
                seen.add(start)
                taken.append((match.start(), match.end()))
                yield Mention(version, match.start(), match.end(), claim, generic)


_USING_VERBS = frozenset({"use", "uses", "using", "support", "supports", "require", "requires", "run", "runs"})
_CHAINED = re.compile(r"(?<![\w.])v?\d+(?:\.\d+)*\s*(?:,\s*(?:or|and)\b|,|/|\bor\b|\band\b)\s*$", re.I)


def _other_product(text: str, start: int, end: int, others: frozenset[str],
                   proper: frozenset[str] = frozenset(), product: str = r"(?!x)x") -> bool:
    """Whether a bare 'version 3.10' or 'v14' belongs to another product ('Python version 3.10', 'node v14',
    'version 1.37 of the conventions', 'a rough "v1.x" of our governance'); a version joined to one before it
    ('Python v3 or v2.7', 'React Router v5, v6, and v7') belongs to that one's product. A capitalised word opening
    a sentence is a name only where the page also capitalises it inside a sentence (proper). product: the pattern of
    this product's names."""
    window = text[max(0, start - 40) : start]
    chained = _CHAINED.search(window)
    if chained:
        earlier = start - len(window) + chained.start()
        return _other_product(text, earlier, earlier, others, proper, product)
    before = re.search(r"([\w.+#-]+)\W{0,2}$", window)
    if before:
        word = before.group(1)
        initial = re.search(r"(?:^|[.!?:]\s+|\n)$", text[: start - len(before.group(0))]) is not None
        named = not initial or word in proper
        if word.lower() in others or (word.lower() not in _FUNCTION_WORDS and word[:1].isupper() and named):
            return True
        if any(c.isupper() for c in word[1:]):
            return True
    # Another product's thing and its version: 'npm search v1', 'Node LTS v18'.
    two = re.search(r"([\w.+#-]+)\s+[\w-]+\W{0,2}$", window)
    if two and two.group(1).lower() in others:
        return True
    # ... or a thing a name stands before, a word or two back: 'Vault KV engine version 1', 'Kafka client version 2';
    # or the name that uses it ('CNode currently use v1 interface').
    if before and before.group(1).islower() and (before.group(1) not in _FUNCTION_WORDS
                                                  or before.group(1) in _USING_VERBS):
        words = list(re.finditer(r"[\w.+#-]+", window[: len(window) - len(before.group(0))]))
        for found in reversed(words[-2:]):
            word = found.group()
            if word.lower() in _FUNCTION_WORDS or re.fullmatch(product, word, re.I):
                break
            initial = re.search(r"(?:^|[.!?:]\s+|\n)$", text[: start - len(window) + found.start()]) is not None
            if word[:1].isupper() and (not initial or word in proper or word.isupper()
                                       or any(c.isupper() for c in word[1:])):
                return True  # a capital inside a word names, wherever the word stands (`CNode`, `GitHub`)
    after = re.match(r"[\"'”’]?\s+of\s+((?:the|our|its|their|this|that|your)\s+)?([\w.+#-]+)",
                     text[end : end + 60])
    if after is None or re.fullmatch(product, after.group(2), re.I):
        return False
    noun = after.group(2).rstrip(".")
    return noun[:1].isupper() or noun.lower() in others or bool(after.group(1) and noun.lower() not in _SELF_NOUNS)


# A heading that names what its section's versions are of: "Payload format version", "Schema versions".
_VERSIONED_THING = re.compile(r"(?i)\b([a-z][\w-]*)\s+versions?\b")
_VERSION_QUALIFIERS = frozenset("""minimum maximum min max required supported compatible compatibility target
    specific exact different major minor patch release stable lts pinned installed which what each every any one
    same other""".split())  # noqa: SIM905


def versioned_thing(heading: str, product: Sequence[str]) -> str:
    """What a heading says its section's versions are of ('payload format version': 'format'), unless it is this
    product or a word that only qualifies the version ('Minimum version'); '' when it names nothing."""
    ours = _names_pattern(product)
    for match in _VERSIONED_THING.finditer(heading):
        word = match.group(1)
        if word.lower() in _FUNCTION_WORDS or word.lower() in _VERSION_QUALIFIERS or re.fullmatch(ours, word, re.I):
            continue
        return word
    return ""


_INSIDE_CAPITAL = re.compile(r"(?<=[\w,;)`'\"] )([A-Z][\w+#-]*)")


def proper_names(texts: Sequence[str]) -> frozenset[str]:
    """Capitalised words a page writes inside its sentences (after a word, not after a full stop): names, so
    one of them opening a sentence is still a name."""
    return frozenset(m.group(1) for t in texts for m in _INSIDE_CAPITAL.finditer(t)
                     if m.group(1).lower() not in _FUNCTION_WORDS)


# --- pages and sections whose job is history -------------------------------------------------------------------


def _history_title(text: str, pattern: str) -> bool:
    if searcher(pattern).search(text) is not None:
        return True
    return re.match(r"\s*(?:version\s+)?v?\d+\.\d+", text, re.I) is not None


def exempt_reason(page: Page, params: Mapping[str, Any]) -> str:
    """Why a page may name old versions on purpose (changelog, release notes, migration guide, ...), else ''."""
    path = page.path.lower()
    for glob in params["exempt-paths"]:
        if fnmatch.fnmatch(path, str(glob).lower()):
            return f"path matches {glob}"
    titles = searcher(params["exempt-titles"])  # a configured pattern: RE2, linear in the text
    if titles.search(page.title):
        return f"title '{page.title}'"
    tags = " ".join(str(page.front_matter.get(k, "")) for k in ("tags", "keywords", "category", "categories", "type"))
    if titles.search(tags):
        return "front matter"
    return ""


def history_blocks(page: Page, params: Mapping[str, Any]) -> set[int]:
    """Indexes of blocks inside history sections ('## Changelog', '## 1.2.0') or version tables."""
    historical: set[int] = set()
    for index, section in enumerate(page.sections):
        parent = section.parent
        if _history_title(section.title, params["exempt-titles"]) or parent in historical:
            historical.add(index)
    lines = page.source.split("\n")
    out = set()
    for i, block in enumerate(page.blocks):
        if block.section in historical or (block.kind == "table" and _version_table(lines, block)):
            out.add(i)
    return out


def _version_table(lines: list[str], block: Block) -> bool:
    rows = [line.strip().strip("|").split("|") for line in lines[block.line - 1 : block.end_line] if "|" in line]
    if not rows:
        return False
    if any(re.search(r"\b(?:version|release)s?\b", cell, re.I) for cell in rows[0]):
        return True
    data = [r for r in rows[2:] if r and r[0].strip()]
    versions = sum(1 for r in data if re.match(r"\W*v?\d+\.\d+", r[0].strip()))
    return len(data) >= 2 and versions * 2 >= len(data)


def prose(page: Page, params: Mapping[str, Any]) -> Iterator[Block]:
    skip = history_blocks(page, params)
    for index, block in enumerate(page.blocks):
        if block.is_prose and index not in skip:
            yield block


HISTORICAL = re.compile(
    r"\b(?:since|no\s+longer|added|introduced|deprecated|removed|changed|renamed|replaced|superseded|dropped|prior\s+to|before|pre|until|till|up\s+to"
    r"|older\s+than|earlier\s+than|from|as\s+of|starting|beginning|released|shipped|landed|fixed|currently|new\s+in"
    r"|upcoming|coming|next|migrat\w*|upgrad\w*|legacy|old|older|previous|earlier|available|named|called"
    r"|stabili[sz]ed|stable|promoted|graduated|between|versus|vs|compared\s+(?:to|with)|unlike|than|similar\s+to"
    r"|(?:the\s+)?same\s+as)"
    r"\W+(?:\w+\W+){0,8}$",
    re.I,
)
# A release named as the last one with something ("The latest version of Kedro that supports `pandas-iris` is
# Kedro 0.18.14", "the last release to run on Python 3.7 was 2.4"): a bound in the past, named on purpose.
LAST_WITH = re.compile(
    r"\b(?:last|latest|final)\s+(?:[\w`'-]+\W+){0,4}?(?:(?:that|which|to)\s+(?:still\s+)?"
    r"(?:supports?|supported|support|works?|worked|work|runs?|ran|run|includes?|included|include|ships?|shipped|ship"
    r"|contains?|contained|contain|has|had|have|allows?|allowed|allow|offers?|offered|offer)"
    r"|with|supporting|including)\b(?:\W+[\w`'-]+){0,8}\W*$",
    re.I,
)
# A block that is only a version note ("_New in Ruff v0.5.0_", "Added in 2.3"), as Sphinx's versionadded writes one
# under an entry: when the entry arrived, history by design.
_VERSION_NOTE = re.compile(r"[\W_]*(?:new|added|introduced|stabili[sz]ed|available|changed|deprecated)\s+(?:in|since)"
                           r"\s+(?:[A-Za-z][\w.-]*\s+){0,2}v?\d+(?:\.[^\W_]+)*[\W_]*", re.I)


# A version in a badge beside an entry says when the entry arrived: MDC `:badge[v3.8]`, `<Badge text="v3.8" />`,
# `<Badge type="tip">v3.8</Badge>`.
# Material for MkDocs' version badge is a tag icon before the release a feature arrived in (`:octicons-tag-24: 9.0.0`,
# `:material-tag-outline: v1.4`).
_BADGE = re.compile(r"""(?i)(?::badge\[|<badge\b[^>]{0,80}?\btext\s*=\s*["']?|<badge\b[^>]{0,80}>"""
                    r"""|:(?:octicons|material|fontawesome-[a-z]+)-tag[\w-]*:)\s*$""")


# A callout whose kind is a version note (pymdownx.blocks' `/// new | New in 7.0`, MkDocs' `!!! version-added`,
# MyST's ```{versionadded} 3.0``): all of it says when what it describes arrived or changed, the release it names
# after its kind.
_VERSION_CALLOUT = re.compile(r"(?i)[ \t>]*(?:/{3,}|:{3,}|`{3,}|~{3,}|!!!|\?{3}\+?)[ \t]*\{?"
                              r"(?:new|added|changed|version[-_ ]?(?:added|changed)|deprecated)\b\}?"
                              r"(?:[ \t|\"']*(?:(?:new|added|changed)(?:[ \t]+in)?[ \t]+)?v?(\d+(?:\.\d+)*))?")


def version_callout(page: Page, block: Block) -> str | None:
    """The release a version-note callout names ("" when it names none); None when the block is not one."""
    if block.kind != "admonition":
        return None
    lines = page.source.split("\n", block.line)
    found = _VERSION_CALLOUT.match(lines[block.line - 1]) if block.line <= len(lines) else None
    return None if found is None else found.group(1) or ""


def in_badge(before: str) -> bool:
    """Whether the text before a version mention opens a badge around it."""
    return _BADGE.search(before[-120:]) is not None


def version_note(text: str) -> bool:
    """Whether a block's text is a version note and nothing else ("New in Ruff v0.5.0", not "New in 1.4: plugins
    can add commands")."""
    return _VERSION_NOTE.fullmatch(text.strip()) is not None


# A version that bounds a range ('1.2 and later', 'v2+', '1.4 and below', 'v2.9 and after') names every release on
# one side of it.
RANGE = re.compile(
    r"\s*(?:\+|(?:and|or)\s+(?:later|above|newer|up|higher|greater|beyond|after|below|earlier|older|lower|prior"
    r"|before)"
    r"|onwards?)(?!\w)",
    re.I,
)


# A clause in the past tense tells what a release was ("Vite 5 didn't allow", "v5 had a mixed graph", "influenced
# Vite 1.0's design"): history, not a claim about today.
_PAST = re.compile(r"\b(?:was|were|had|did|didn't|did\s+not|wasn't|weren't|hadn't|used\s+to|became|began|came|made"
                   r"|took|went|gave|brought|built|chose|wrote|grew)\b", re.I)
# The verb of a clause in the past, a few words before the version it dates: after its subject or opening the
# clause ("We first leveraged X in 6.13", "- started a data router in v6.4"), never an adjective in -ed ("the
# recommended setup for v2") or a passive of today ("is supported in v2").
_PAST_CLAUSE = re.compile(r"(?i)(?:^|[-*:;]\s*|\b(?:we|they|it|you|i|he|she|that|which|who|and|then|first|also|just|"
                          r"already|originally|initially)\s+)(\w+[^\We]ed)\b(?:\W+\w+){0,10}\W*$")
_PAST_VERB = re.compile(r"\b\w+[^\We]ed\b", re.I)
_NOT_PAST = frozenset({"embed", "embedded", "speed", "need", "feed", "seed", "shed", "based", "red", "bed"})


# Verbs in the past that follow a name ("Dan left his day-job"), beside those _PAST knows.
_PAST_AFTER_NAME = frozenset({"left", "quit", "sold", "lost", "won", "led", "ran", "met", "joined", "moved"})


def _past_word(word: str) -> bool:
    """Whether a word, its punctuation and emphasis left out, is a verb in -ed ("shipped", not "embedded")."""
    bare = word.strip(".,'\"`*_")
    return _PAST_VERB.fullmatch(bare) is not None and bare.lower() not in _NOT_PAST


def past_event(after: str) -> bool:
    """Whether the clause after a moment that opens its sentence ("As of October 2020, Meta deprecated its APIs")
    tells an event in the simple past: history, not a state said to hold since ("..., the API is"). A change in the
    present perfect ("..., the product has been replaced") is dated-claim's to read."""
    if not after.startswith(","):
        # ... its comma left out ("As of October 2021 Dan left his day-job"): a name and a verb in the past
        words = after.split()[:2]
        verb = words[1].strip(".,") if len(words) == 2 else ""
        return (words[0][:1].isupper() and verb.islower()
                and (_PAST.fullmatch(verb) is not None or _past_word(verb) or verb in _PAST_AFTER_NAME))
    words = re.split(r"[.;!?]\s", after[1:])[0].split()[:6]
    for word in words:
        bare = word.strip(".,'\"`*_").lower()
        if bare in ("has", "have", "is", "are", "will", "can", "may", "must", "should", "remains", "stays"):
            return False
        if _PAST.fullmatch(bare) or (word.strip(".,'\"`*_").islower() and _past_word(word)):
            return True  # a verb in the past; a name is not one ("oEmbed")
    return False


_PRESENT = frozenset({"is", "are", "isn't", "aren't", "has", "have", "hasn't", "haven't", "can", "can't", "cannot",
                      "will", "won't", "does", "do", "doesn't", "don't", "remains", "remain", "stays", "still"})


def told_past(after: str) -> bool:
    """Whether the rest of the sentence after an undated moment tells the past ("Harbor exists because, at the time of
    writing, no tool quite fit what we wanted"): a verb in the past in it and none of the present ("As of this
    writing, the scheduler, which was rewritten, is experimental" is said of today)."""
    rest = re.split(r"[.;!?](?:\s|$)", after)[0]
    words = [w.strip(".,'\"`*_()").lower() for w in rest.split()]
    if any(w in _PRESENT for w in words):
        return False
    return bool(_PAST.search(rest)) or any(_past_word(w) for w in rest.split())


# What may follow a version before the rest of its clause: more versions joined to it ("v7.0 and v7.0.1") and a
# parenthesis ("(from May 2015)").
_CHAIN_AFTER = re.compile(r"(?:\s*(?:,|/|\band\b|\bor\b)\s*v?\d+(?:\.\w+)*)*\s*(?:\(([^()\n]{0,60})\))?")


def dated_after(after: str) -> bool:
    """Whether a version is dated in a parenthesis after it ("pip v7.0 (from May 2015)"): a release of its day."""
    found = _CHAIN_AFTER.match(after)
    return bool(found and found.group(1) and re.search(r"\b(?:19|20)\d\d\b", found.group(1)))


def past_tense(before: str, after: str) -> bool:
    """Whether the clause a version mention sits in (the text before it and after it, up to a clause's end) is
    in the past tense: an auxiliary of the past in it, or a verb in -ed right beside the mention (or beside the
    versions and the parenthesis that follow it)."""
    clause_before = re.split(r"[.;!?:]\s|[()\n]|,\s+(?:but|while|whereas)\s", before)[-1]
    chained = _CHAIN_AFTER.match(after)
    after = after[chained.end():] if chained else after
    clause_after = re.split(r"[.;!?:]\s|[()\n]|,\s", after)[0]
    if _PAST.search(clause_before[-60:]) or _PAST.search(clause_after[:60]):
        return True
    verb = _PAST_CLAUSE.search(clause_before[-120:])
    if verb and verb.group(1).lower() not in _NOT_PAST:
        return True
    # A version opening its sentence in a phrase ("In v7, that became the default"): the clause after the comma.
    if re.search(r"(?:^|[.!?]\s+)(?:in|with|by|from|since|as\s+of)\s+$", before, re.I) and after[:1] == ",":
        rest = re.split(r"[.;!?]\s", after[1:])[0]
        if _PAST.search(rest[:80]) or any(_past_word(w) for w in rest.split()[:6]):
            return True
        # ... or a change that release made, told as news ("In v6, we are now building all environments at once").
        if re.match(r"\s*(?:\w+\W+){0,4}?now\b", rest):
            return True
    # A participle and its preposition right before the version date what it qualifies: "the file used in v1",
    # "a book written for Jupyter Book 1" (not "is recommended for v1", which is said of today).
    words = clause_before.split()
    if (len(words) >= 2 and words[-1].lower() in _PARTICIPLE_PREPOSITIONS
            and (_past_word(words[-2]) or words[-2].lower() in _IRREGULAR_PARTICIPLES)
            and (len(words) < 3 or words[-3].lower() not in _PRESENT_BE)):
        return True
    return any(_past_word(word) for word in (*clause_before.split()[-1:], *clause_after.lstrip("'s ").split()[:1]))


_PARTICIPLE_PREPOSITIONS = frozenset({"in", "for", "by", "with", "under", "since"})
_IRREGULAR_PARTICIPLES = frozenset({"written", "built", "made", "shipped", "taken", "given", "known", "seen",
                                    "done", "found", "brought", "kept", "left", "held", "run", "set", "put"})
_PRESENT_BE = frozenset({"is", "are", "be", "being", "isn't", "aren't"})


# An old release spoken of as such: its users, support for it beside the current one, its end of life.
_OLD_LINE_BEFORE = re.compile(r"\b(?:users?\s+of|still\s+(?:on|using)|stuck\s+on|support(?:s|ing)?(?:\s+for)?"
                              r"|compatib(?:le|ility)\s+with|backport(?:ed|s)?\s+to)\s+$", re.I)
# ... or the release a feature arrived in, told as the release's news ("Solito v2 introduces a new `nativeBehavior`
# option", "v3 adds support for React 19"): when it arrived, as a version note says.
_OLD_LINE_AFTER = re.compile(r"^(?:'s)?\s+(?:users\b|codebases?\b|alongside\b"
                             r"|(?:also\s+)?(?:introduces|adds|brings|ships)\s+(?:(?:a|an|the)\s+)?(?:new\b|support\b)|(?:is|are|was|has\s+been|will\s+be)\s+"
                             r"(?:\w+\s+){0,2}(?:end[- ]of[- ]life|EOL\b|deprecated|unsupported|no\s+longer\s+"
                             r"(?:supported|maintained)|out\s+of\s+support|in\s+maintenance))", re.I)


def old_line_as_such(before: str, after: str) -> bool:
    """Whether a version is named as the old release it is: its users ("libraries with Zod 3 users"), support for
    it ("support Zod 3 alongside Zod 4"), its end of life ("Zod 3 is functionally end-of-life"), or what it brought
    ("Zod 3 introduces a new ...")."""
    return bool(_OLD_LINE_BEFORE.search(before[-40:]) or _OLD_LINE_AFTER.match(after[:80]))


_HYPOTHETICAL = re.compile(r"\b(?:if|eg|for\s+example|for\s+instance|such\s+as|suppose|say|whether|unless)\b", re.I)


def hypothetical(text: str) -> bool:
    """Whether the clause that text ends in is an example or a condition ('if your app is on 1.2', 'e.g. 1.2')."""
    plain = re.sub(r"\b(?:e\.g|i\.e)\.", "eg", text, flags=re.I)
    return bool(_HYPOTHETICAL.search(re.split(r"[.;!?]\s|[()\n]", plain)[-1]))


# --- dated claims ----------------------------------------------------------------------------------------------

YEAR = r"(?:19|20)\d\d"
AS_OF_YEAR = re.compile(
    rf"\bas\s+of\s+(?:(?:early|mid|late|the\s+(?:end|start|beginning)\s+of)\s+)?"
    rf"(?:(?:(?:{MONTHS})\.?|q[1-4]|spring|summer|fall|autumn|winter)\s+)?(?:\d{{1,2}}(?:st|nd|rd|th)?,?\s+)?"
    rf"(?P<year>{YEAR})(?:-[01]\d-[0-3]\d)?\b",  # the day too, when given as an ISO date: the claim quotes it whole
    re.I,
)
# A release named before what it is said to be: "**1.0** — the next major release", "v3: our upcoming version".
NEXT_NAMED = re.compile(
    rf"(?<![\w.])(?P<ver>v?{_VER})\s*[—–:-]+\s*(?:the|our)\s+(?:next|upcoming)\s+(?:major\s+|minor\s+)?"
    r"(?:release|version)\b",
    re.I,
)
UNDATED = re.compile(
    r"\b(?:at\s+the\s+time\s+of\s+(?:this\s+)?writing|as\s+of\s+(?:this\s+)?writing|as\s+of\s+(?:right\s+)?now"
    r"|as\s+of\s+today|(?:later|early|earlier|by\s+the\s+end\s+of|at\s+the\s+end\s+of)\s+this\s+year|next\s+year"
    r"|coming\s+soon|in\s+the\s+coming\s+(?:days|weeks|months))\b",
    re.I,
)


def claims_of_versions(names: Sequence[str]) -> re.Pattern[str]:
    return _claims(tuple(names))


@functools.lru_cache(maxsize=32)
def _claims(names: tuple[str, ...]) -> re.Pattern[str]:
    product = _names_pattern(names)
    return re.compile(
        r"\b(?P<lead>new\s+in|(?:the\s+)?upcoming|(?:coming|arriving|landing|planned|scheduled|expected)\s+(?:in|for|with)"
        r"|will\s+be\s+(?:released|available|added|shipped|included|supported)\s+(?:in|with)"
        r"|the\s+next\s+(?:major\s+|minor\s+)?(?:release|version)\s*\(?)\s*"
        rf"(?P<named>(?:(?i:{product})\s+)?(?:(?:version|release)\s+)?)(?P<ver>{_VER}|{YEAR})(?!\w)",
        re.I,
    )
