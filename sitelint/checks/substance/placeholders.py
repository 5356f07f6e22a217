"""Placeholder text left in a page: TODO markers and phrases that promise content instead of giving it."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from sitelint import includes
from sitelint.checks import CheckContext, Count, Words, spec
from sitelint.model import Block, Location, Measurement, Page
from sitelint.pagetypes import from_source, is_roadmap
from sitelint.text import ECHO, count, flat, phrase_source, struck, unspaced_phrases


@functools.lru_cache(maxsize=16)
def _pattern(markers: tuple[str, ...], found: tuple[str, ...], starting: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern, so that overlapping matches ("TODO:") count once: markers in their exact case, phrases in any
    case (not as a possessive: "write this page's code"), and sentence markers in any case where a sentence starts
    ("todo:" but not "a todo: list")."""
    edge, end = r"(?<![\w-])", r"(?![\w-])"
    owner = r"(?![\w-]|['’]s\b)"  # "write this page's code": the page's, an instruction, not the phrase
    # A phrase of a script written without spaces (`敬请期待`, "stay tuned") is one wherever it stands among its
    # sentence's characters: no word's edge to find.
    spaced, unspaced = unspaced_phrases(found)
    return re.compile(rf"{edge}(?:{phrase_source(markers)}){end}|(?i:{edge}(?:{phrase_source(spaced)}){owner})"
                      + (rf"|(?:{phrase_source(unspaced)})" if unspaced else "")
                      + rf"|(?im:(?:^|[.!?]\s+)(?:{phrase_source(starting)}))")


def _source_line(page: Page, block: Block, needle: str) -> int:
    """The source line of a block that holds the matched words (block text has lost its line breaks)."""
    lines = page.source.splitlines()
    pattern = re.compile(r"\s+".join(map(re.escape, needle.split())), re.IGNORECASE)
    for number in range(block.line, min(block.end_line, len(lines)) + 1):
        line = re.sub(r"`[^`]*`", "", lines[number - 1])
        if pattern.search(line):
            return number
    return block.line


_BOLD_LINE = re.compile(r"[ \t]*(\*\*|__)(?P<said>[^*_\n]+)\1[ \t]*$")


def _bold_title(page: Page, block: Block, notice: str) -> bool:
    """Whether the notice is part of a title set in bold on a line of its own, with words of its own, over the text
    it titles ("**Vitess: New and Coming Soon!**" over a talk's summary): the talk's name, not the page's gap."""
    lines = page.source.split("\n")
    if block.kind != "paragraph" or block.line != block.end_line or not 0 < block.line <= len(lines):
        return False
    title = _BOLD_LINE.match(lines[block.line - 1])
    after = next((b for b in page.blocks if b.line > block.end_line), None)
    return (title is not None and count(title.group("said")) >= count(notice) + 2 and after is not None
            and after.kind == "paragraph")


# A task set in bold on a line of its own, as a page titles each of its steps: "**ToDo: Install Composer globally**".
_STEP_LABEL = re.compile(r"(?i)^\s*(\*\*|__)\s*to-?do\s*:\s*(?P<task>[^*_\n]+?)\s*\1\s*$")
_STEP_LABELS_MIN = 2  # labels of that form that make them the page's way of titling its steps
_STEP_TASK_WORDS = 2


def _step_labels(page: Page) -> frozenset[int]:
    """The lines of the labels a page titles its steps with, each with the step's task and the step's text after it
    ("**ToDo: Download and install Laragon**" over its list of what to do), when it has two or more."""
    lines = page.source.split("\n")
    starts = {b.line: b for b in page.blocks}
    out = set()
    for number, text in enumerate(lines, 1):
        label = _STEP_LABEL.match(text)
        if label is None or count(label.group("task")) < _STEP_TASK_WORDS:
            continue
        after = next((starts[n] for n in range(number + 1, min(number + 4, len(lines) + 1)) if n in starts), None)
        if after is not None and after.kind in ("list_item", "paragraph", "code"):
            out.add(number)
    return frozenset(out) if len(out) >= _STEP_LABELS_MIN else frozenset()


_SENTENCE = re.compile(r"[^.!?]*(?:[.!?]+|$)")
# A marker spoken of as a thing is not one left in the page: "the TODO comments said", "a TODO list", "no FIXME",
# "marked as WIP", "a title which marks them WIP", "a good TODO".
_NAMED_BEFORE = re.compile(r"(?i:\b(?:the|a|an|this|that|these|those|any|no|each|every|your|our|its|their"
                           r"|(?:mark(?:s|ed)?|labell?(?:s|ed)?|tag(?:s|ged)?|flag(?:s|ged)?|noted)"
                           r"(?:\s+(?:it|them|this|that|these|those))?(?:\s+as)?))\s+(?:(?:good|open|old|new|remaining|"
                           r"existing|single|stray|unfinished|forgotten|leftover|such|other|empty)\s+)?"
                           # ... a marker's words quoted before it: 'a "change to 0.0f" TODO' (a comment's TODO)
                           r"(?:[\"“][^\"“”\n]{1,40}[\"”]\s+)?$")
# A marker given as an example of placeholders: "no placeholder text like TODO, TBD, Lorem ipsum".
_EXAMPLES_OF = re.compile(r"(?i)\bplaceholders?(?:\s+(?:text|words?|markers?|content))?\s+(?:like|such\s+as"
                          r"|e\.g\.,?|including)\s+(?:[^.;:!?\n]{0,40}?,\s*)?$")
# Words that tell the reader to do what a phrase says: "Make sure to always add details here."
_TOLD_TO = re.compile(r"(?i)\b(?:(?:make|be)\s+sure\s+(?:to|you)|remember\s+to|don['’]t\s+forget\s+to"
                      r")(?:\s+(?:always|also|then))?\s+$")
# A sentence that opens with its purpose: "To write this page, we used ...".
_PURPOSE = re.compile(r"(?i)(?:^|[.!?:]\s+)to\s+\Z")
# Words that send the reader to a marker: "(see FIXME)", "look for the TODO", "find XXX".
_POINTED_AT = re.compile(r"(?i)\b(?:see|find|look\s+for|search\s+for|near|at)\s+$")
# Other markers joined to it, before the word that names them: "TODO/FIXME/XXX comments", "TODO and FIXME notes".
_OTHER_MARKERS = re.compile(r"(?:\s*(?:/|,|\band\b|\bor\b)\s*[A-Z]{2,})+")
_LOREM = re.compile(r"(?i)lorem\s+ipsum")
# Lorem ipsum as the filler a tool makes, talked about: an amount of it ("five sentences of lorem ipsum"), made
# ("generating random Lorem Ipsum words"), or the name of helpers that make it ("Lorem Ipsum & Placehold.it helpers").
_LOREM_MADE_BEFORE = re.compile(r"(?i)\b(?:(?:sentences?|paragraphs?|words?|lines?|characters?|bits?|blocks?|amount)"
                                r"\s+of|generat\w*|insert(?:s|ing)?|random|dummy|fake)\s+$")
_LOREM_MADE_AFTER = re.compile(r"(?i)(?:\s*(?:&|and|/|,)\s*[\w.-]+)?\s+(?:helpers?|functions?|methods?|generators?)\b")
_FILLER_GOES_ON = re.compile(r"(?i)\s+dolor\b")
_INLINE_TAG = re.compile(r"<(?:mark|kbd|abbr|span|sup|sub|ins|del|u|s|small|code|em|strong|b|i)\b[^>]*>", re.I)
_QUOTES = frozenset("\"'“”‘’«»")
_NAMED_AFTER = re.compile(r"(?i:\s+(?:comments?|markers?|tags?|keywords?|annotations?|notes?|items?|lists?|entries"
                          r"|messages?|apps?|applications?|tasks?|text|generators?|placeholders?|queues?"
                          # "(TODO removed, custom fields added)": what was done to the scaffold's marker
                          r"|removed|deleted|replaced))\b"
                          # "a repo for WIP development of the editor": the state of another thing it names
                          r"|(?<=WIP)\s+(?:development|branch(?:es)?|builds?|versions?|pull\s+requests?|PRs?"
                          r"|commits?|prototypes?|implementations?|projects?)\b")
# A state a table gives a row: a cell of only TBA, TBD or WIP (a release's end of life, an adapter's support) in a
# column whose other cells are dates, versions or other states.
_STATUS_CELL_WORDS = 4  # words of a cell that says a state (YES, NO, "Not supported")
_DATE_OR_VERSION = re.compile(r"\d{4}|\bv?\d+\.\d+|\b(?:Q[1-4]|H[12])\b")
# A column whose header names a state, first: its cells say how far each row's item is ("| grouping | TBD |" under
# "| Aggregator | Progress |", "| Function | Progress / Example |").
_STATE_HEADER = re.compile(r"(?i)\W*(?:progress|status|state|stage|support(?:ed)?|availability|eta|maturity)"
                           r"\b(?:\W.*)?")


def _sentence_words(text: str, start: int, end: int) -> int:
    """Words of the sentence holding text[start:end], those words left out."""
    for sentence in _SENTENCE.finditer(text):
        if sentence.start() <= start < max(sentence.end(), start + 1):
            return count(text[sentence.start():start] + " " + text[end:sentence.end()])
    return 0


# A notice that names the page or its part ("page is work in progress"), not something on its way ("more to come").
_OF_THE_PAGE = re.compile(r"(?i)(?:page|section|document|documentation|guide|article)\b")
_ASIDE_WORDS = 3  # words a sentence says outside a parenthesis for a notice in the parenthesis to be an aside


def _aside(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] sits in a parenthesis of a sentence that says something of its own around it:
    "Some platforms have zero-config support (more to come in future)", "Subscriptions are ignored (SSE coming
    soon)"."""
    opened, closed = text.rfind("(", 0, start), text.find(")", end)
    if opened < 0 or closed < 0 or ")" in text[opened:start] or "(" in text[end:closed]:
        return False
    for sentence in _SENTENCE.finditer(text):
        if sentence.start() <= start < max(sentence.end(), start + 1):
            outside = text[sentence.start():opened] + " " + text[closed + 1:sentence.end()]
            return count(outside) >= _ASIDE_WORDS
    return False


# A release named by its number before "coming soon" in the sentence: "Hydra 1.4 is coming soon", "Version 3 is
# coming soon". The release is on its way, not the page's content; outdated-version and dated-claim judge it later.
_RELEASE_NAMED = re.compile(r"(?i)\bv?\d+\.\d+(?:\.\d+)*\b|\b(?:version|release|v)\s*\d+\b")


# What a sentence says is on its way, right before the notice: the product's features, not the page's content ("We
# have many more team features coming soon", "Windows support is coming soon", "Additional bulk methods are coming
# soon for the Go SDK").
_FEATURES_COMING = re.compile(r"(?i)\b(?:features?|support|integrations?|improvements?|capabilities|plugins?"
                              r"|providers?|adapters?|methods?|functions?|commands?|endpoints?|sdks?|clients?"
                              r"|platforms?)\s+(?:(?:is|are)\s+)?$")


# Where what is on its way arrives, named right after the notice: the product or a platform ("Shared notebooks with
# permissions are coming soon to Acme", "coming soon to Windows"), not the docs.
_COMING_TO = re.compile(r"\s+to\s+(?!(?:This|These|The|Our|Your|Its)\b)[A-Z][\w.-]*")


# A call to sign up for what is on its way, in the sentences after the notice ("Acme Cloud is coming soon. ... Join
# the waitlist"): an offering announced, not a part of the docs left unwritten.
_SIGN_UP = re.compile(r"(?i)\bwait\s*-?list\b|\bearly\s+access\b|\bget\s+notified\b|\bnotify\s+me\b"
                      r"|\bregister\s+(?:your\s+)?interest\b|\bjoin\s+the\s+beta\b")
_SIGN_UP_REACH = 240  # characters after the notice a call to sign up is looked for in


def _release_on_its_way(text: str, start: int, end: int) -> bool:
    """Whether the sentence of a notice at text[start:end] names a release by its number or features of the product
    as what is on its way, or names the product it comes to, or the text after it asks readers to sign up for it."""
    if _COMING_TO.match(text, end) or _SIGN_UP.search(text, end, end + _SIGN_UP_REACH):
        return True
    for sentence in _SENTENCE.finditer(text):
        if sentence.start() <= start < max(sentence.end(), start + 1):
            return bool(_RELEASE_NAMED.search(text, sentence.start(), start)
                        or _FEATURES_COMING.search(text[sentence.start():start]))
    return False


# A thing a notice qualifies, no verb between ("the version of the package currently under construction"): the
# state of what the sentence talks about, not of the page ("This page is under construction").
_THING_BEFORE = re.compile(r"(?i)\b(?:the|a|an|each|every|any|with)\s+(?:[\w-]+\s+){0,2}?([\w-]+)\s+"
                           r"(?:(?:currently|now|still)\s+)?$")


# What a page's content is called: a placeholder phrase after these names the page's own state ("the docs still to be
# written").
_CONTENT = (r"(?:page|section|document|documentation|docs?|guide|article|content|text|chapter|tutorial|reference"
            r"|readme|example)s?")
_CONTENT_WORDS = re.compile(rf"(?i){_CONTENT}$")


# ... or a relative clause on it ("If you come across API calls that are yet to be documented, please contribute").
_THING_CLAUSE = re.compile(r"(?i)\b([\w-]+)\s+(?:that|which)\s+(?:are|is|remains?)\s+(?:(?:currently|now|still)\s+)?$")


# ... or the product's features as the subject of its clause ("and related capabilities on disk IO and network
# resources are under construction"): what is being built is the product, not the page.
_FEATURE_CLAUSE = re.compile(r"(?i)\b(?:features?|support|integrations?|capabilities|plugins?|providers?|adapters?"
                             r"|commands?|endpoints?|sdks?|clients?|platforms?)\b[^,;:.!?]*\b(?:is|are)\s+"
                             r"(?:(?:currently|now|still)\s+)?$")
_CONTENT_NAMED = re.compile(rf"(?i)\b{_CONTENT}\b")


def _qualifies_a_thing(text: str, start: int) -> bool:
    """Whether the placeholder phrase at text[start] follows the name of a thing other than the page's content, no
    verb between, a relative clause on such a thing, or a clause whose subject is the product's features."""
    before = text[max(0, start - 60):start]
    found = _THING_BEFORE.search(before) or _THING_CLAUSE.search(before)
    if found is not None and not _CONTENT_WORDS.match(found.group(1)):
        return True
    clause = re.split(r"[,;:.!?]", text[max(0, start - 160):start])[-1]
    return _FEATURE_CLAUSE.search(clause) is not None and _CONTENT_NAMED.search(clause) is None


# Markers that say how far along something is (work in progress, to be decided), not that the page is unwritten.
_STATUS = frozenset({"WIP", "TBD", "TBA", "TBC"})
# A stage of maturity joined to it: "**Experimental / WIP.** The binding is unreleased": a thing's state, as a badge.
_MATURITY_BEFORE = re.compile(r"(?i)\b(?:experimental|alpha|beta|preview|unstable|unreleased|incubating)\W{0,4}"
                              r"(?:/|,|&|\band\b|\bor\b)\s*$")
_ITEM_STATE = re.compile(r"\s*\)[\s.,;:!]*$")  # a status whose parenthesis ends its list item
# A status that opens the question it leaves open ("TBD whether the fallback remains", "TBD which release"): a
# decision the page reports as not made, not a gap in it.
_UNDECIDED = re.compile(r"\s+(?:whether|if|which|when|how|what|who|where)\s+\w", re.I)
# A link to an issue or pull request: the work a status note speaks of is tracked there.
_TRACKED = re.compile(r"/(?:issues|pull|pulls|merge_requests)/\d+\b|(?<![\w&])#\d{2,}\b")


# A status the page names as the value of something, not as the state of its own text: what a title or name is set to
# ("they'll be titled TBA", "### Episode Name is TBA"), the state a thing may be in under a condition ("if the
# episode is TBA"), or a word qualifying the things in that state ("If you want TBA episodes imported", "How do WIP
# Pacts work?", "Enable WIP and Pending Pacts", "Submit WIP PRs for feedback").
_VALUE_BEFORE = re.compile(r"(?i)(?:\b(?:titled|named|called|label(?:l)?ed|marked|tagged|shown\s+as|listed\s+as"
                           r"|set\s+to)|\b(?:names?|titles?|labels?|status(?:es)?|values?)\s+(?:is|are|will\s+be"
                           r"|becomes?|shows?|reads?)|\b(?:if|when|whenever|unless|until|while)\s[^.;:!?,]*\b(?:is|are"
                           r"|be|was|were|remains?|stays?))(?:\s+(?:still|now|currently|yet))?\s+$")
# ... or a word before a thing of that state, after an article: "the TBA timer", "renaming of TBA titled files".
_DETERMINER_BEFORE = re.compile(r"(?i)\b(?:the|a|an|of|any|no|all|these|those|each|every)\s+$")
_WORD_AFTER = re.compile(r"\s+[a-z]{3,}\b")
_QUALIFIES = re.compile(r"(?:\s+(?:and|or)\s+[A-Za-z]+)?\s+(?!(?i:is|was|has|does|this|thus|as|its|us|yes|plus"
                        r"|always|perhaps|unless|less)\b)(?:[A-Za-z][a-z]+|[A-Z]{2,})s\b")


# ... or the work a thing the sentence names is under ("The multi-shard charts are currently WIP and considered
# experimental"), not the page ("This section is WIP", "It is WIP"); what is TBD is not settled yet ("Step one is
# TBD."), a gap.
_THING_IS = re.compile(r"(?i)\b([\w-]+)\s+(?:is|are)\s+(?:(?:currently|still|now)\s+)?$")
_NOT_A_THING = frozenset({"it", "this", "that", "which", "here", "there"})


def _a_value(text: str, start: int, end: int) -> bool:
    """Whether a status marker at text[start:end] is a value the page speaks of: what a name or title is, the state
    of a thing under a condition or of a thing the sentence names, or a word before the things in that state."""
    before = text[max(0, start - 80):start]
    thing = _THING_IS.search(before)
    return bool(_VALUE_BEFORE.search(before) or _QUALIFIES.match(text, end)
                or (_DETERMINER_BEFORE.search(before) and _WORD_AFTER.match(text, end))
                or (text[start:end].upper() == "WIP" and thing is not None
                    and thing.group(1).lower() not in _NOT_A_THING and not _CONTENT_WORDS.match(thing.group(1))))


def _names_the_page(page: Page, marker: str) -> bool:
    """Whether the page is named for a thing the status names, among other words of its file name or title
    (`wip_pacts.md`, "WIP pacts"): a feature the page documents ("a WIP pact stays WIP until merged"), not its state."""
    stem = page.path.rsplit("/", 1)[-1].split(".", 1)[0]
    return any(marker.lower() in words and len(words) > 1
               for words in (re.split(r"[-_\s]+", stem.lower()), re.findall(r"\w+", page.title.lower())))


def _tracked(page: Page, block: Block) -> bool:
    """Whether a block links to an issue or pull request (or names one, `#357`): the work it speaks of is tracked."""
    return any(_TRACKED.search(link.target) or _TRACKED.search(link.text) for link in page.links
               if block.line <= link.line <= block.end_line) or bool(_TRACKED.search(block.text))


def _status_note(page: Page, block: Block, text: str, start: int, end: int) -> bool:
    """Whether a status marker describes something other than the page: in a parenthesis of a sentence with its own
    words ("A template for workshops (WIP)") or ending a list item after the name of what it lists ("- iOS preset:
    (WIP)"), opening the question it leaves open ("TBD whether the fallback remains"), or in a block that links to
    the issue tracking the work ("WIP, moving slowly. Follow #357 for updates")."""
    if _aside(text, start, end) or _UNDECIDED.match(text, end):
        return True
    before = text[:start].rstrip()
    if (block.kind == "list_item" and before.endswith("(") and _ITEM_STATE.match(text, end) and count(before[:-1])
            and not _siblings_say_more(page, block, count(before[:-1]))):
        return True  # "- iOS preset (`ios`): (WIP)": the state of the item the list names, in a parenthesis after it
    return _tracked(page, block) and count(text[:start] + " " + text[end:]) >= _ASIDE_WORDS


_SAYS_MORE = 5  # words the other items of a list say beyond an item's name, at the median, for its status to stand in


def _siblings_say_more(page: Page, block: Block, words: int) -> bool:
    """Whether the other items of a list item's list each say more than its name (`- Public - There will exist at
    most one instance...`): a name with only a status beside them ("- Global (WIP)") stands in for its description."""
    items = sorted((b for b in page.blocks if b.kind == "list_item"), key=lambda b: b.line)
    at = items.index(block)
    run: list[Block] = []
    for step in (-1, 1):  # the items right above it, then right below it, with at most a blank line between
        n, edge = at + step, block
        while 0 <= n < len(items) and (edge.line - items[n].end_line if step < 0
                                       else items[n].line - edge.end_line) <= 2:
            run.append(items[n])
            n, edge = n + step, items[n]
    sizes = sorted(count(b.text) for b in run)
    return bool(sizes) and sizes[len(sizes) // 2] >= words + _SAYS_MORE


_MORE = re.compile(r"(?i)\s*(?:and\s+)?(?:many\s+)?more\b")  # "More tutorials coming soon", "and more to come"


def _list_goes_on(page: Page, block: Block) -> bool:
    """Whether a list item is the last of a list of others, saying the list will grow ("- ... and more to come!"),
    or a line right after such a list, or a table of two rows or more, that says more of them are coming ("More
    tutorials coming soon", "More to come, please file an issue if you have ideas!"): the list is complete so far."""
    if block.kind != "list_item" and not (block.kind == "paragraph" and _MORE.match(block.text)):
        return False
    before = [b for b in page.blocks if b.end_line < block.line and b.line >= block.line - 40]
    if block.kind == "paragraph" and before and before[-1].kind == "table" and \
            before[-1].end_line >= block.line - 2 and before[-1].end_line - before[-1].line >= 3:
        return True  # the header, its rule and two rows at least
    items = [b for b in before if b.kind == "list_item"]
    return len(items) >= 2 and bool(before) and before[-1].kind == "list_item" and before[-1].end_line >= block.line - 2


def _block_source(page: Page, block: Block) -> str:
    return "\n".join(page.source.split("\n")[block.line - 1:block.end_line])


# A marker spelled out after it: "a duplicate WIP (work in progress) issue" explains the term.
_SPELLED_OUT = re.compile(r"(?i)\s*\((?:work[- ]in[- ]progress|to\s+be\s+(?:determined|decided|announced|confirmed)"
                          r"|to[- ]?do|fix[- ]?me)\)")


# A to-do of the code the page documents, noted where the page explains it ("**TODO:** Rewrite how OutputObjects are
# transferred from `BuildStep`s to other `BuildStep`s. ..."): a note of its own, long, naming code, whose first
# sentence asks nothing of the page's text ("Explain how ...", "Add an example"), records the design's debt, which the
# page describes as it is.
_CODE_TODO_WORDS = 15
_FIRST_SENTENCE = re.compile(r"[\s\S]*?[.!?](?=\s|$)")
_TODO_OPENS = re.compile(r"\W*(?:TODO|FIXME)\W*:")
_DOCS_WORDS = re.compile(r"(?i)\b(?:document\w*|docs?|explain\w*|describ\w*|write|written|example\w*|screenshots?"
                         r"|sections?|pages?|tutorials?|guides?|chapters?|paragraphs?|links?|info|details?|mention\w*"
                         r"|cover\w*|expand\w*|fill\w*|finish\w*|elaborat\w*)\b")


def _code_todo(page: Page, block: Block, text: str, start: int) -> bool:
    """Whether a TODO that opens a note of its own is a to-do of the code the page documents."""
    if text[:start].strip(" *_>") or not _TODO_OPENS.match(text, start):
        return False
    note = text[start:]
    task = _FIRST_SENTENCE.match(note)  # what the note asks for: the page's text, or the code
    return (count(note) > _CODE_TODO_WORDS and "`" in _block_source(page, block)
            and not _DOCS_WORDS.search(task.group() if task else note))


def _names_filler(page: Page, line: int) -> bool:
    """Whether a table's row names filler text as well as showing it (a generator of filler, its description and
    its example: "| `{{$randomLoremWord}}` | A random Lorem Ipsum word | lorem, ipsum |"): the filler is the
    example's value."""
    lines = page.source.split("\n")
    return 0 < line <= len(lines) and lines[line - 1].lower().count("lorem") >= 2


def _header_cell(page: Page, line: int, marker: str) -> bool:
    """Whether the marker is the whole of a cell of the table's header row at that line (a column named "TODO")."""
    lines = page.source.splitlines()
    row = lines[line - 1] if 0 < line <= len(lines) else ""
    return "|" in row and any(cell.strip().strip("*_`") == marker for cell in row.strip().strip("|").split("|"))


def _named(text: str, start: int, end: int) -> bool:
    """Whether the marker at text[start:end] is a word the sentence talks about, not a marker left in it: after a
    determiner, before a word like "comments", in quotes ("search for "TODO""), or spelled out after it ("WIP (work
    in progress)")."""
    quoted = start > 0 and text[start - 1] in _QUOTES and end < len(text) and text[end] in _QUOTES
    joined = _OTHER_MARKERS.match(text, end)
    return quoted or _in_quotation(text, start, end) or bool(_SPELLED_OUT.match(text, end)) or bool(
        _NAMED_BEFORE.search(text[max(0, start - 24):start]) or _EXAMPLES_OF.search(text[max(0, start - 80):start])
        or _NAMED_AFTER.match(text, joined.end() if joined else end))


_QUOTATION_WORDS = 8  # words of a quoted label or message a stand-in word may be part of
_MESSAGE_WORDS = 20  # ... of a quoted message the sentence names as one (an error, a warning)
_NAMED_MESSAGE = re.compile(r"\s*(?:error|warning|message|exception|panic)s?\b", re.I)
_QUOTE_PAIRS = (("“", "”"), ("«", "»"), ('"', '"'))


_JOINER = "/:.-+#@="  # what joins the parts of an address, a number's format or a file name


def _in_notation(text: str, start: int, end: int) -> bool:
    """Whether the marker is joined to the text beside it by an address's or a format's punctuation, no space
    between: the stand-in of a notation (`::/XXX`, `192.168.1.XXX`, `+1-555-XXX`), part of a name (`TODO.md`), or a
    name as code writes it (`&XXX{}`, `TODO()`)."""
    before = text[start - 2:start] if start >= 2 else ""
    after = text[end:end + 2]
    if text[start - 1:start] == "#" and _WILDCARD.fullmatch(text[start:end]):
        return True  # `[ISSUE #XXX]`: an issue's number in a title's format
    if after.startswith(("()", "{", "<")) or (before[-1:] in ("&", "*") and after[:1] in ("", " ", ".", ",", "{")):
        return True  # "the &XXX{} syntax", "call TODO()": a stand-in name as code writes it, not a note to self
    if before[-1:] == ")" and before[:1].isalnum():
        return True  # "(MI)XXX = Mixed-integer equivalent of problem type XXX": a name's stand-in after its prefix
    return (len(before) == 2 and before[1] in _JOINER and not before[0].isspace()) or (
        len(after) == 2 and after[0] in _JOINER and after[1].isalnum())


def _in_quotation(text: str, start: int, end: int) -> bool:
    """Whether the marker is part of a short quotation, a label or message quoted with a stand-in of its own: a
    menu item titled “Create Type Stub For XXX”, an error that reads "Cannot find module TODO"."""
    for opening, closing in _QUOTE_PAIRS:
        before = text[:start]
        opened = before.rfind(opening)
        if opened < 0 or (opening == closing and before.count(opening) % 2 == 0) or (
                opening != closing and closing in before[opened + 1:]):
            continue
        closed = text.find(closing, end)
        quote = text[opened + 1:closed] if closed >= 0 else ""
        # A message quoted and named so after it ("a "plugin was built with a different version of package XXX"
        # error") may be longer: its words are the program's.
        most = _MESSAGE_WORDS if _NAMED_MESSAGE.match(text, closed + len(closing)) else _QUOTATION_WORDS
        if quote and count(quote) <= most and not re.search(r"[.!?]\s", quote):
            return True
    return False


def _linked_name(page: Page, line: int, text: str, start: int, end: int) -> bool:
    """Whether the marker is part of a name the page links to, not a marker: the text of a link on its line
    (`[TODO MVC](http://todomvc.com/)`), or, with the word after it, the linked address ("TODO MVC" and
    todomvc.com)."""
    marker = text[start:end]
    after = re.match(r"[\s-]*(\w+)", text[end:])
    name = (marker + after.group(1)).lower() if after else ""
    return any((link.line == line and marker in link.text) or (name and name in link.target.lower())
               for link in page.links)


_ITEM = r"^\s*(?:[-*+]|\d+[.)])\s+"  # a list item's marker
_TERM_ITEM = _ITEM + r"(\*\*|__)"  # a list item that opens with a term in bold


# A term an abbreviation's definition gives hover text (`*[Coming Soon]: We're working on it!`): a defined label.
_ABBREVIATION_TERM = re.compile(r"(?m)^[ ]{0,3}\*\[([^\]\n]+)\]:[ \t]+\S")


def _term(page: Page, line: int, marker: str) -> bool:
    """Whether the marker is written in bold as the term of a list of terms and what each means (`- **praise:**
    highlights something positive`, `- **todo:** notes something to be addressed later`), not left in the page."""
    lines = page.source.split("\n")
    if not 0 < line <= len(lines):
        return False
    own = re.match(rf"{_TERM_ITEM}{re.escape(marker.rstrip(':'))}:?\1\s*:?\s*\w", lines[line - 1], re.I)
    return own is not None and any(re.match(rf"{_TERM_ITEM}[^*_\n]+?\1", lines[n])
                                   for n in (line - 2, line) if 0 <= n < len(lines))


# A field of an entry that says when or in what release something happens (`- **Planned removal:** TBD`,
# `- Release date: TBA`): a value not known yet, as a table's schedule column holds one.
_WHEN_FIELD = re.compile(_ITEM + r"(?:(\*\*|__)(?P<bold>[^:*_\n]{1,40}?)(?::\1|\1:)"
                         r"|(?P<plain>[^:*_\n]{1,40}?):)\s*(?:\*\*|__|_|\*)?(?:TBD|TBA|TBC)(?:\*\*|__|_|\*)?\.?\s*$",
                         re.I)
_WHEN_LABEL = re.compile(r"(?i)\b(?:dates?|when|release[sd]?|versions?|removal|deadline|eta|planned|target|schedule[d]?"
                         r"|end[- ]of[- ]life|eol|until|since|due|milestone|timeline|expected"
                         r"|alpha|beta|ga|general[- ]availability|stable|preview|deprecat\w*)\b")  # a stage's release


# A status right after the word for when ("ETA TBD", "release date: TBA"): a date not set yet, in a sentence.
_WHEN_BEFORE = re.compile(r"(?i)\b(?:eta|date|release date|deadline|due date|timeline|timing)\s*:?\s*$")


def _scheduled_field(page: Page, line: int) -> bool:
    """Whether the line is a field of an entry whose value, only a status (TBD, TBA), says when something happens
    (`- **Planned removal:** TBD`): a date or release not set yet, not a gap in the page."""
    lines = page.source.split("\n")
    found = _WHEN_FIELD.match(lines[line - 1]) if 0 < line <= len(lines) else None
    return found is not None and _WHEN_LABEL.search(found.group("bold") or found.group("plain")) is not None


# A cell's footnote reference and link markup, around the words it shows: `[WIP][^freebsd]`, `[WIP](url)`, `WIP[^1]`.
_CELL_MARKUP = re.compile(r"\[\^[^\]]*\]|\[([^\]]*)\](?:\([^)]*\)|\[[^\]]*\])?")


_WILDCARD = re.compile(r"(?i)x{2,4}")  # `XXX` for any number, as `5xx` is any server error
# `XXX` as the alternative or the comparison a question ends on: "with a Discord bot, or XXX?", "How does it differ
# from XXX?": any other thing.
_ANY_OTHER = re.compile(r"(?i)\b(?:or|from|than|vs\.?|versus)\s+x{2,4}\s*\?\s*$")
# The words of an error message a troubleshooting heading quotes: "## [TMDB] failed to retrieve/fetch XXX".
_ERROR_WORDS = re.compile(r"(?i)\b(?:failed|fails|error|cannot|can't|unable|not found|exception|denied|refused"
                          r"|timed out|invalid)\b|报错|错误|不存在|不能|无法|失败")  # (报错: "reports an error")


def _cell_text(cell: str) -> str:
    """A table cell's words: its link and footnote markup, tags and the symbols around them left out (`🔶 <br /> WIP`
    is `WIP`, as a column of check marks writes a state)."""
    text = re.sub(r"<[^<>]*>", " ", _CELL_MARKUP.sub(r"\1", cell)).strip().strip("*_ ")
    edges = re.match(r"^[^\w]*(.*?)[^\w]*$", text, re.S)
    return edges.group(1) if edges and edges.group(1) else text


def _schedule_cells(page: Page, block: Block) -> frozenset[int]:
    """Source lines of a table holding a cell that is only a status (TBA, TBD, WIP) in a column of dates, versions
    or other short statuses (YES, NO, a check mark): the state of that row's item, not a gap in the page; or only
    `XXX` in a column of numbers as long (status codes `200`, `500`, `XXX`): any other number."""
    lines = page.source.split("\n")[block.line - 1 : block.end_line]
    rows = [(block.line + n, [_cell_text(c) for c in line.strip().strip("|").split("|")])
            for n, line in enumerate(lines) if "|" in line]
    out = set()
    for number, cells in rows:
        for column, cell in enumerate(cells):
            if _WILDCARD.fullmatch(cell):
                numbers = [other[column] for _, other in rows[1:] if len(other) > column and other is not cells
                           and other[column] and not set(other[column]) <= set("-: ")]
                if numbers and all(n.isdigit() and len(n) == len(cell) for n in numbers):
                    out.add(number)
                continue
            if cell.upper() not in _STATUS:
                continue
            known = [other[column] for _, other in rows[1:] if len(other) > column and other is not cells
                     and other[column] and not set(other[column]) <= set("-: ")]  # the header row aside
            short = [value for value in known if count(value) <= _STATUS_CELL_WORDS]
            header = rows[0][1][column] if rows and len(rows[0][1]) > column and rows[0][1] is not cells else ""
            if _STATE_HEADER.fullmatch(header) or any(_DATE_OR_VERSION.search(value) for value in known) or (
                    len(short) >= 2 and 2 * len(short) >= len(known)):
                out.add(number)
    return frozenset(out)


_PART_SAYS_MORE = 40  # prose words the rest of a part says for a notice of its own state to be a disclaimer
_NOTICE_EXPLAINED = 16  # words of the notice's own paragraph, which says what is planned and what to do meanwhile
_PART_IS = re.compile(r"(?i)\bthis\s+(?:page|section|document|documentation|guide|article)\s+is\s+"
                      r"(?:still\s+|currently\s+)?$")


def _section_words(page: Page) -> dict[int, int]:
    """The prose words of each section of the page (-1: before its first heading), counted once."""
    words: dict[int, int] = {}
    for b in page.blocks:
        if b.is_prose:
            words[b.section] = words.get(b.section, 0) + count(b.text)
    return words


def _part_says_more(words: dict[int, int], block: Block) -> bool:
    """Whether the other prose of the block's section (or of the page, before its first heading) holds
    `_PART_SAYS_MORE` words or more."""
    own = count(block.text) if block.is_prose else 0
    return words.get(block.section, 0) - own >= _PART_SAYS_MORE


def _defined(text: str, marker: str) -> bool:
    """Whether the block says what the marker stands for: "`#currency:XXX` where XXX is the currency code", "replace
    XXX with your key", "XXX stands for the port", "assign issues to XXX (your JIRA username)": a stand-in the
    reader fills in, not a gap."""
    m = re.escape(marker)
    return re.search(rf"(?i:\bwhere\s+|\breplac\w*\s+|\bsubstitut\w*\s+|\bfill\s+in\s+)(?:the\s+)?{m}\b"
                     rf"|\b{m}\s+(?i:is\s+(?:the|a|an|your)|are\s+(?:the|your)|stands\s+for|represents|means)\b"
                     rf"|\b{m}\s*[(（]\s*(?i:your|the\s+\w+\s+of\s+your)\s",
                     text) is not None


_CALLOUT_BODY = 12  # words a callout says under a status title for the title to be its label
_TITLE_WORDS = 6  # words of a callout's title that holds a notice and names what it is about ("Coming soon: beta")


def _callout_label(block: Block, marker: str, start: int, rest: int) -> bool:
    """Whether a marker in a callout's title labels what the callout says: a status that is the whole title over
    what is in that state (`!!! danger "WIP"` over "a basic permission system has been added ... not yet fully
    done"), or a notice in a short title over a paragraph that explains it, above `rest` words of the page's content
    (`:::info Coming soon — Enterprise beta` over what is launching and how to join): a caution to readers, its text
    judged on its own."""
    if block.kind != "admonition":
        return False
    title, _, body = block.text.partition("\n")
    if start > len(title):
        return False
    said = title.strip(" .:!*_")
    if marker.upper() in _STATUS and said.upper() == marker.upper():
        return count(body) >= _CALLOUT_BODY
    return (len(said.split()) <= _TITLE_WORDS and count(body) >= _NOTICE_EXPLAINED
            and rest - count(block.text) >= _PART_SAYS_MORE)


_OWN_STATE = re.compile(r"(?i)\bthis\s+(?:page|section|document|documentation|guide|article)\b|\bcheck\s+back\b"
                        r"|\bstay\s+tuned\b")
_HEADING_EXTRA = 2  # words a heading may hold beside a notice for the notice to be its title ("Coming soon 🚀")


def _section_title(page: Page, block: Block, marker: str, words: dict[int, int]) -> bool:
    """Whether a notice is the title of a section that says what is coming ("## Coming soon" over "Bring your own
    warehouse: connections for Snowflake, BigQuery and Databricks"): a part of the page about what is planned, not a
    gap in it. A section that speaks of its own state ("this section", "check back") is still one."""
    if block.kind != "heading" or count(block.text) - count(marker) > _HEADING_EXTRA:
        return False
    own = [b for b in page.blocks if b.section == block.section and b.is_prose]
    return words.get(block.section, 0) >= _CALLOUT_BODY and not any(_OWN_STATE.search(b.text) for b in own)


def _tags_a_name(page: Page, block: Block, text: str, start: int, end: int) -> bool:
    """Whether a status in brackets tags a thing a list links to or names in code ("- `frontend`: [WIP]"), or a
    table's cell names ("- [WIP]
    [centrifuge-csharp](...) - for .NET", "| c# [WIP] |"), or a status describes the project of another site an
    entry of a list opens with ("- [ntfy Discord bot](https://github.com/...) - WIP ntfy discord bot"): the state of
    that thing, not of the page."""
    if block.kind == "list_item" and _describes_its_link(page, block, text, start):
        return True
    if text[start - 1:start] != "[" or text[end:end + 1] != "]":
        return False
    if block.kind == "table":  # a cell per line of the table's text
        cell_end = text.find("\n", end)
        cell = text[text.rfind("\n", 0, start) + 1:cell_end if cell_end != -1 else len(text)]
        return count(cell.replace(f"[{text[start:end]}]", "")) >= 1
    if block.kind == "list_item" and _NAMED_ITEM.match(_block_source(page, block)):
        return True  # "- `frontend`: [WIP] This does nothing yet": the state of the value the item names
    return block.kind == "list_item" and any(block.line <= link.line <= block.end_line for link in page.links)


_NAMED_ITEM = re.compile(r"\s*(?:[-*+]|\d+[.)])\s+(?:\*\*)?`[^`\n]+`(?:\*\*)?\s*[:\u2013\u2014-]")


def _describes_its_link(page: Page, block: Block, text: str, start: int) -> bool:
    """Whether a list item opens with a link to another site, its text the link's (`text` is the rendered item),
    and the status comes after it: the item's words describe that project."""
    first = next((link for link in page.links if block.line <= link.line <= block.end_line and not link.image), None)
    if first is None or "://" not in first.target or not first.text.strip():
        return False
    return text.lstrip().startswith(first.text.strip()) and start >= len(text) - len(text.lstrip()) + len(
        first.text.strip())


# A few words and an ellipsis set apart from them, the line's whole text, a sentence's start: "Used for ...".
_TRAILS_OFF = re.compile(r"\s*([A-Z][a-z'-]*(?:[ \t]+[\w'-]+){0,3})[ \t]+(?:\.\.\.|…)\s*")
_GOES_ON = re.compile(r"(?i)(?:.*\s)?(?:etc|so on|so forth|more|others?)")  # "And so on ...": the list goes on


def _trailing_off(page: Page) -> Iterator[tuple[int, str]]:
    """The line of each section whose only text, up to the next heading, is a few words trailing off ("Used for
    ..."), in a container (`::: details`) or not."""
    lines = page.source.split("\n")
    starts = [s.line for s in page.sections] + [len(lines) + 1]
    for index, section in enumerate(page.sections):
        said = [(n, lines[n - 1]) for n in range(section.line + 1, min(starts[index + 1], len(lines) + 1))
                if lines[n - 1].strip()]
        if len(said) != 1:
            continue
        line, raw = said[0]
        match = _TRAILS_OFF.fullmatch(raw)
        if match and not _GOES_ON.fullmatch(match.group(1)):
            yield line, raw.strip()


def placeholder_text(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    """Placeholder markers in prose and headings, one measurement per run of consecutive source lines."""
    pattern = _pattern(tuple(ctx.params["markers"]), tuple(ctx.params["phrases"]),
                       tuple(ctx.params["sentence-markers"]))
    notices = _pattern((), tuple(ctx.params["notice-phrases"]), ())
    most = int(ctx.params["notice-words"])
    # a page with content, or one its build fills in with another file's (`[!INCLUDE [changes](../includes/x.md)]`)
    has_content = page.words >= int(ctx.params["notice-page-words"]) or any(True for _ in includes.targets(page.source))
    if from_source(page):
        return  # a generated page's markers are the doc comments of the code it was made from, fixed there
    found: dict[int, list[str]] = {}
    steps = _step_labels(page)
    code = " ".join(b.text for b in page.code_blocks)
    shown = flat(code)
    roadmap = is_roadmap(page)
    section_words = _section_words(page)
    abbreviations = {m.group(1).strip().lower() for m in _ABBREVIATION_TERM.finditer(page.source)}
    for block in page.blocks:
        if not (block.is_prose or block.kind == "heading"):
            continue
        # A notice ("Coming soon.") is a placeholder where it stands for the content, not in a sentence that says
        # something else is on its way ("the updater service (coming soon)").
        # Nor one beside a link to the pull request or issue doing the work: "coming soon (https://github.com/...
        # /pull/132706)" says a feature of another project is on its way, not this page's content.
        # A notice of the page's own state in a longer sentence still counts on a page with little else ("This page
        # is work in progress, so please refer to MDN"): there it stands for the content the page lacks; on a page
        # with content it is a disclaimer ("This guide is a work in progress and may not cover all the differences").
        # However short its sentence, a notice of the page's own state on a page with content is a disclaimer:
        # "This section's documentation is incomplete." above two hundred words of it.
        # A notice of the page's or the section's own state, in a paragraph that says what is planned and what to do
        # meanwhile, above what that part goes on to say ("This section is under construction. ... In the meantime,
        # use the Gauge template" over its steps and pictures) is a disclaimer about that content, not the gap
        # itself; a bare "This section is coming soon." among the section's paragraphs is still one.
        says_more = _part_says_more(section_words, block) and count(block.text) >= _NOTICE_EXPLAINED
        held = [m for m in notices.finditer(block.text)
                if ((_sentence_words(block.text, m.start(), m.end()) <= most
                     and not (has_content and _OF_THE_PAGE.match(m.group().lstrip(".!? "))))
                    or (not has_content and _OF_THE_PAGE.match(m.group().lstrip(".!? "))))
                and not _aside(block.text, m.start(), m.end()) and not _list_goes_on(page, block)
                and not _bold_title(page, block, m.group())
                and not _release_on_its_way(block.text, m.start(), m.end())
                and not _tracked(page, block)
                and not (says_more and _OF_THE_PAGE.match(m.group().lstrip(".!? ")))]
        schedule: frozenset[int] | None = None  # the table's lines of TBA cells in a column of dates, read once
        for match in sorted([*pattern.finditer(block.text), *held], key=lambda m: m.start()):
            marker = match.group().lstrip(".!?").strip()
            lorem = _LOREM.fullmatch(marker) is not None
            if (marker.isupper() or (lorem and not _FILLER_GOES_ON.match(block.text, match.end()))) and _named(
                    block.text, match.start(), match.end()):
                continue  # "search for TODO", "[Lorem Picsum] - the Lorem Ipsum for photos": a name, not filler
            if marker.isupper() and _POINTED_AT.search(block.text[max(0, match.start() - 16):match.start()]) and \
                    re.search(rf"\b{re.escape(marker)}\b", code):
                continue  # "Fix the code above (see FIXME)": the page's example holds the marker the reader is sent to
            at = block.text.find(marker, match.start())
            if not marker.isupper() and not lorem and at > 0 and block.text[at - 1] in _QUOTES and block.text[
                    at + len(marker):at + len(marker) + 1] in _QUOTES:
                continue  # `### "Coming soon" — pre-ordering a scheduled product`: a label quoted, its feature's name
            if not marker.isupper() and not lorem and _TOLD_TO.search(block.text[max(0, match.start() - 40):
                                                                                match.start()]):
                continue  # "Make sure to always add details here": what the reader is told to do in their code
            if not marker.isupper() and not lorem and _PURPOSE.search(block.text, 0, match.start()) and \
                    block.text[match.end():match.end() + 1] == ",":
                continue  # "To write this page, we used SDK 1612": how the page was written, not a request
            if not marker.isupper() and not lorem and _qualifies_a_thing(block.text, match.start()):
                continue  # "the package currently under construction": the state of a thing, not of the page
            if not marker.isupper() and says_more and _PART_IS.search(block.text[max(0, match.start() - 40):
                                                                                 match.start()]):
                continue  # "This section is under construction." over the section's content: a disclaimer
            if marker.isupper() and _code_todo(page, block, block.text, match.start()):
                continue  # "TODO: Rewrite how `BuildStep`s pass their outputs on ...": the code's debt, noted
            if marker.isupper() and _in_notation(block.text, match.start(), match.end()):
                continue  # "a netmask in ::/XXX format", "192.168.1.XXX", "TODO.md": a stand-in in a format or a name
            if _WILDCARD.fullmatch(marker) and _ANY_OTHER.search(block.text[:match.end() + 3]):
                continue  # "Can I use it with a Discord bot, or XXX?": any other thing, the question's last word
            if block.kind == "heading" and _WILDCARD.fullmatch(marker) and _ERROR_WORDS.search(block.text):
                continue  # "## [TMDB] failed to retrieve/fetch XXX": an error quoted, XXX where its words vary
            if lorem and (_LOREM_MADE_BEFORE.search(block.text[max(0, match.start() - 30):match.start()])
                          or _LOREM_MADE_AFTER.match(block.text, match.end())):
                continue  # "five sentences of lorem ipsum", "Lorem Ipsum & Placehold.it helpers": filler talked of
            if lorem and _INLINE_TAG.search(_block_source(page, block)):
                continue  # filler around `<mark>` or `<kbd>` shows how that markup renders
            if marker in _STATUS and (roadmap or _names_the_page(page, marker)
                                      or _MATURITY_BEFORE.search(block.text[max(0, match.start() - 24):match.start()])
                                      or _status_note(page, block, block.text, match.start(), match.end())
                                      or _a_value(block.text, match.start(), match.end())
                                      or _tags_a_name(page, block, block.text, match.start(), match.end())):
                continue  # on a roadmap, "WIP" under an item is that item's state
            if _callout_label(block, marker, match.start(), page.words) or _section_title(
                    page, block, marker, section_words):
                continue  # a callout's label, a section's title: what they say below is judged on its own
            if marker.isupper() and _defined(block.text, marker):
                continue  # "`#currency:XXX` where XXX is the currency code": a stand-in the page defines
            if shown and flat(block.text[match.start():match.start() + ECHO]) in shown:
                continue  # the rendered output of an example the page shows as code (Lorem ipsum in a demo)
            line = _source_line(page, block, marker)
            if marker.isupper() and _linked_name(page, line, block.text, match.start(), match.end()):
                continue
            if block.kind == "table" and line == block.line and _header_cell(page, line, marker):
                continue  # "| Package Manager | URL | TODO |": a column's name, its rows say what to do
            if lorem and block.kind == "table" and _names_filler(page, line):
                continue  # "| `{{$randomLoremWord}}` | A random Lorem Ipsum word | lorem, ipsum |": its example
            if struck(page.source, line, marker):
                continue  # "~~**TODO**: how?~~ This is done by ...": a marker struck through is done
            if line in steps:
                continue  # "**ToDo: Install Composer globally**" over its steps: the page titles its steps so
            if _term(page, line, marker) or (marker.upper() in _STATUS and (
                    _scheduled_field(page, line) or _WHEN_BEFORE.search(block.text[max(0, match.start() - 30):
                                                                                   match.start()]))):
                continue  # "- **Planned removal:** TBD", "Pay-as-you-go pricing, ETA TBD.": a date not set yet
            if marker.lower() in abbreviations:
                continue  # "| Oracle | Coming Soon |" with `*[Coming Soon]: We're working on it!`: a status defined
            if block.kind == "table" and (marker.upper() in _STATUS or _WILDCARD.fullmatch(marker)):
                schedule = _schedule_cells(page, block) if schedule is None else schedule
                if line in schedule:
                    continue
            found.setdefault(line, []).append(marker)
    # A section whose whole content is a few words that trail off ("### Undo" over "Used for ..."): a sentence
    # begun and never finished.
    for line, said in _trailing_off(page):
        if line not in found:  # ("Coming soon ..." is a notice already)
            found[line] = [said]
    # Markers on consecutive lines are one gap, reported once: a list whose items are each marked TODO, a "WIP"
    # callout title above its "Coming soon." line.
    runs: list[list[int]] = []
    for line in sorted(found):
        if runs and line == runs[-1][-1] + 1:
            runs[-1].append(line)
        else:
            runs.append([line])
    for run in runs:
        unique = list(dict.fromkeys(m for line in run for m in found[line]))
        yield Measurement({"markers": len(unique)}, Location(page.path, run[0], run[-1]),
                          {"marker": ", ".join(f"'{m}'" for m in unique)})


CHECK = spec(
    "placeholder-text", "page", placeholder_text, values=("markers",), pure=True,
    params={
        "markers": Words("Markers that count in this exact case, as whole words (TODO, TBD)."),
        "phrases": Words("Phrases that count in any case (coming soon, lorem ipsum)."),
        "sentence-markers": Words("Markers that count in any case only where a sentence starts (todo:)."),
        "notice-phrases": Words("Phrases that count in any case where they make up the sentence (Coming soon.)."),
        "notice-words": Count("Most other words a sentence may hold for a notice phrase in it to count."),
        "notice-page-words": Count("Under this many prose words on the page, a notice of its state counts in any "
                                   "sentence."),
    },
)
