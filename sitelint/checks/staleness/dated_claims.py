"""Claims true at a moment that has passed: 'as of 2019', 'new in 1.2', 'the upcoming 2.0 release', ..."""

from __future__ import annotations

import re
from collections.abc import Iterator

from sitelint.checks import CheckContext, spec
from sitelint.checks.staleness.common import frozen, in_link_text, line_of
from sitelint.checks.staleness.history_text import (
    AS_OF_YEAR,
    NEXT_NAMED,
    UNDATED,
    YEAR,
    claims_of_versions,
    exempt_reason,
    past_event,
    prose,
    told_past,
    version_callout,
    version_mentions,
    version_note,
)
from sitelint.checks.staleness.versions import HISTORY_PARAMS, names
from sitelint.model import Block, Location, Measurement, Page
from sitelint.pagetypes import from_source, is_roadmap
from sitelint.sites.product import Version
from sitelint.text import ECHO, flat, struck

# An entry that opens with its version note ("_Version added: 1.0_ named server UI is new in 1.0."), as Sphinx's
# `versionadded` writes it: its versions say when it arrived.
# A version note that opens its paragraph: "New in 1.4:", "New in version 1.7.6", "New in borgmatic version 1.9.0"
# (a badge, `<span class="minilink-addedin">`, as the paragraph's first words).
# (after a label of its own, "*Note* new in 0.51.0")
_NOTE_OPENS = re.compile(r"(?i)[\W_]*(?:note\b[\W_]*)?(?:version\s+(?:added|changed)"
                         r"|(?:new|added|introduced|changed)\s+(?:in|since)"
                         r"(?:\s+(?![vV]?\d)[\w.-]+){0,2})\s*:?\s*v?\d")
# A supposition the sentences after it play out ("For example, assume that the current release is v4.2.3. ... the
# next minor release (v4.3.0)"): an illustration, not a claim about today.
_SUPPOSED = re.compile(r"(?i)\b(?:assume|assuming|suppose|supposing|imagine|hypothetically|let'?s\s+say)\b")


# A plural noun and a comma or colon right before a bare version: the versions of the thing it names ("two supported
# schemas, v2 and v3", "two formats: v1 and v2"); not "versions" or "releases", which may be the product's.
# A bare version that qualifies a thing earlier in the sentence ("the v2 `kv` secrets engine"): the sentence's bare
# versions are that thing's.
_THING_VERSIONED = re.compile(r"(?i)\b(?:the|a|its|their|our)\s+v\d+(?:\.\d+)*\s+(?:`[^`\n]+`|[a-z][\w-]*)")
_THING_LISTED = re.compile(r"(?i)\b(?!versions\b|releases\b)[a-z]{3,}s\s*[,:]\s*$")


def _emphasised(page: Page, block: Block, claim: str) -> bool:
    """Whether the claim opens an emphasised aside in the block's source (`_new in 2.0, prior to 2.0 ..._`), or a
    badge of its own (`<span class="minilink-addedin">New in borgmatic 1.7.14</span>`)."""
    source = "\n".join(page.source.split("\n")[block.line - 1 : block.end_line])
    return re.search(rf"(?<![\w*_])[_*]{re.escape(claim.strip())}|<(?:span|small|sup|mark|Badge)\b[^>]*>\s*"
                     rf"{re.escape(claim.strip())}", source) is not None


# Words that set out wording as an example of how to write, or how not to: "Example: _Filters can be used_ instead
# of _As of June 2022 update, you can..._", "avoid "as of this writing"".
_WORDING = re.compile(r"(?i)(?:\binstead\s+of|\brather\s+than|\bavoid(?:ing)?|\bnot|\be\.g\.|\bexamples?|\bsuch\s+as"
                      r"|\blike|\bwrite|\bwriting|\bsay(?:ing)?|\bphrases?)\s*[,:]?[\s\"“'‘_*]*$")


def _wording_shown(page: Page, block: Block, claim: str, before: str) -> bool:
    """Whether the claim is wording a style guide shows, set in italics or quotes after words that say so
    ("instead of _As of June 2022 update, you can..._"): an example of how to write, not a claim of the page."""
    source = "\n".join(page.source.split("\n")[block.line - 1 : block.end_line])
    said = r"\s+".join(re.escape(word) for word in claim.split())
    return (_WORDING.search(before) is not None
            and re.search(rf"(?<![\w*_])(?:[_*]{{1,2}}|[\"“'‘])\s*{said}", source, re.I) is not None)


_QUOTE_MARKS = "'\"‘’“”"
_PRESENT = re.compile(r"(?i)as\s+of\s+(?:right\s+)?now|as\s+of\s+today")
_HEDGE = re.compile(r"(?i)at\s+the\s+time\s+of\s+(?:this\s+)?writing|as\s+of\s+(?:this\s+)?writing"
                    r"|as\s+of\s+(?:right\s+)?now|as\s+of\s+today")
_PRESENT_SPAN = 2  # years after which a claim about the present ("as of now") is judged


def _anchor_year(block: Block, page: Page, ctx: CheckContext) -> tuple[int | None, bool]:
    """When an undated claim was written at the latest: a year in the same block, else the page's last change; and
    whether the text said it (a page's age alone says no more than that time went by)."""
    # (not a standard's edition joined to its name, `SQL:2011`, `ISO 8601:2004`: a name, not when it was written)
    years = [int(y) for y in re.findall(rf"(?<!\w:)\b({YEAR})\b", block.text)]
    if years:
        return max(years), True
    record = ctx.run.git.file(page.abspath) if ctx.run.git is not None else None
    return (record.last_changed(ctx.today).year if record else None), False


def _another_package(page: Page, block: Block, lead: str, ver: str, product_names: list[str]) -> bool:
    """Whether the block's source names a package in code between the claim's lead and its version, and not the
    product: "new in `jupyter-ai-jupyternaut` 0.0.12" on the docs of jupyter-ai (the prose text has no code)."""
    source = "\n".join(page.source.split("\n")[block.line - 1 : block.end_line])
    said = r"\s+".join(re.escape(word) for word in lead.split())
    named = re.search(rf"(?i){said}\s+`([^`\n]+)`\s+v?{re.escape(ver)}(?!\w)", source)
    return named is not None and named.group(1).strip().lower() not in {n.lower() for n in product_names}


# A change told as done, in the passive, right before its moment: "has been archived by the maintainer as of ...",
# "was moved to a new home as of ...".
# ... or a stop or a rule that starts then: "No new indexers are to be added to v1 as of 2021-10-13", "All new
# indexers shall be in v3 as of 2021-10-21".
_NO_LONGER = re.compile(r"(?i)\bno\s+(?:longer|new|(?:more|further)(?!\s+than))\b|\ball\s+new\b")
# ... or the state a record took on then, or a notice it dates, under a label of its own: "Resolved: As of
# 2024-09-17 ...", "**Privacy Policy Updates:** As of October 20th, 2023.", "**Deprecation Notice:** As of June 27,
# 2023, we announce ...". ("**Update:** As of 2023, Windows is not supported" still claims the present.)
# ... or the releases of that moment it came in, named after it: "Flannel is available as of February 2024 releases:
# v1.29.2, v1.28.7".
_RELEASES_OF = re.compile(r"(?i)\s+(?:patch\s+|minor\s+)?releases?\b")
_RECORD_STATE = re.compile(r"(?i)\b(?:resolved|fixed|closed|mitigated|updates|notices?|announcements?)\s*[:\-–—]\s*$")
# ... and after it, in the present perfect: "As of February 12, 2023, Radarr has updated its cache to ...", "As of
# 2022, the API has been replaced", "As of December 15, 2023, Rocket.Chat has ceased support": a change done then,
# which stays done (a name's dot is no sentence's end).
# (A participle, not a number or a noun in -en, "has ten members", nor an adjective, "has limited support".)
_CHANGED_AFTER = re.compile(r"(?i)^(?:[^.;!?]|\.(?=\w)){0,60}?\b(?:has|have)\s+(?:been\s+)?(?!been\b)"
                            r"(?!(?:limited|unlimited|advanced|detailed|dedicated|mixed|integrated|extended|varied"
                            r"|speciali[sz]ed|experimental)\b)"
                            r"(?:[a-z]{2,}ed|(?:re|over|under)?(?:taken|given|written|chosen|broken|shown|seen|known"
                            r"|driven|hidden|proven|frozen|grown|gone|done|made|become|begun|built|left|split|moved))\b")
# ... or a state that, once reached, lasts: "As of 2020, it is End-of-Life", "As of v3 the API is deprecated".
_FINAL_STATE_AFTER = re.compile(r"(?i)^,?\s*(?:[^.;!?]){0,60}?\b(?:is|are)\s+(?:now\s+)?(?:officially\s+)?"
                                r"(?:end[- ]of[- ]life|EOL|deprecated|discontinued|archived|retired|sunset|obsolete"
                                r"|unmaintained|read[- ]only)\b")
_CHANGED_BEFORE = re.compile(r"(?i)\b(?:(?:has|have|had)\s+been|was|were)\s+[a-z]+(?:ed|en)\b[^.;!?]{0,60}$")
# A change named just before the moment it took effect: "- Deprecated as of 2022", "archived as of March 2023", "a
# file system (stable as of 2008)", and the day terms or a law took effect: "These terms are effective as of
# 2023-04-08", "Regulation (EU) 2016/679 ... applicable as of May 25, 2018".
_CHANGE_JUST_BEFORE = re.compile(r"(?i)\b(?:deprecated|removed|archived|discontinued|retired|superseded|dropped"
                                 r"|abandoned|unmaintained|sunset|end[- ]of[- ]life|effective|in\s+effect|applicable"
                                 r"|in\s+force"
                                 r"|stable|released|introduced|launched)\s*[,(]?\s*$")


def _dated_entry(page: Page, block: Block, year: str) -> bool:
    """Whether the block is in a section whose heading (or one above it) names the claim's year: an entry of a
    record dated by its heading (an audit of "February 2021"), true of that moment by design."""
    index = block.section
    while 0 <= index < len(page.sections):
        if re.search(rf"(?<!\d){year}(?!\d)", page.sections[index].title):
            return True
        index = page.sections[index].parent
    return False


# A sentence that opens with a condition: what it says of the moment holds whenever the condition does.
_CONDITION = re.compile(r"(?i)\s*(?:if|whenever|once|unless)\b")
# A moment that names a control of a calendar or a pager: the word after it ("next year button", "the next page
# link"), or its opposite before it ("previous year/next year").
_CONTROL_AFTER = re.compile(r"(?i)\s*(?:buttons?|arrows?|icons?|links?|tabs?|slots?|controls?)\b")
_CONTROL_PAIR = re.compile(r"(?i)\b(?:previous|prev|last)\s+\w+\s*/\s*$")
# A moment right after "when" or "each time" that names a turn of time in the general ("when the next year arrives"):
# what the sentence says happens at every such turn; or after "start of the" (`sony` - "Start of the next year"): a
# date counted from whatever day it is, as a keyword's definition gives it.
_WHENEVER = re.compile(r"(?i)\b(?:when|whenever|each time|every time)\s+the\s*$"
                       r"|\b(?:start|end|beginning|first\s+day|last\s+day)\s+of\s+the\s*$")


def _captions_picture(page: Page, block: Block) -> bool:
    """Whether the block ends with a colon and the block after it is a picture: its words say what the picture shows
    and when it was taken ("At the time of writing, notifications look like this:" over a screenshot)."""
    if not block.text.rstrip().endswith(":"):
        return False
    after = next((b for b in page.blocks if b.line > block.end_line), None)
    return after is not None and any(link.image and after.line <= link.line <= after.end_line for link in page.links)


# A moment followed by a parenthesis that dates it: a release or a year ("at the time of writing this (v1.3 release
# timeframe)", "as of now (March 2024)").
_DATED_BY_ITS_PARENTHESIS = re.compile(r"(?i)(?:\s+(?:this|these\s+docs|this\s+page))?\s*\([^()]*?"
                                       r"(?:\bv?\d+\.\d+\b|\b(?:19|20)\d\d\b)[^()]*\)")


# A version a migration starts from ("a config from v14", "upgrading from version 2.3"): an old line named as such.
_FROM_OLD = re.compile(r"(?i)\bfrom\s+(?:version\s+)?$")


# A version said to be tested with the product ("version 7.6.0 is tested and recommended", "has been verified"): a
# compatibility pin of another tool, true until a newer one is tested.
_TESTED = re.compile(r"(?i)[*_`]*\s+(?:is|are|was|has\s+been|have\s+been)\s+(?:\w+\s+)?"
                     r"(?:tested|certified|validated|verified)\b")


def dated_claims(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    if frozen(page) or (exempt_reason(page, ctx.params) and not is_roadmap(page)):
        return  # a history page's claims were true when written; a roadmap's are kept current
    if from_source(page):
        return  # a page a program wrote: its claims are the text it was made from, fixed there
    current = ctx.run.product.version if ctx.run.product else None
    product_names = names(ctx)
    others = frozenset(str(o).lower() for o in ctx.params["other-products"])
    versions = claims_of_versions(product_names)
    shown: str | None = None  # the words of the page's code, read once a claim is found: most pages make none
    for block in prose(page, ctx.params):
        text = block.text
        found: list[tuple[int, str, str]] = []
        aged: set[int] = set()  # the claims dated by the page's last change alone
        cited = [link.text.strip() for link in page.links if block.line <= link.line <= block.end_line]
        for match in AS_OF_YEAR.finditer(text):
            moment = re.sub(r"(?i)^as\s+of\s+", "", match.group(0)).strip()
            if any(moment and moment in link_text for link_text in cited):
                continue  # "compliant as of [April 2016](commit)": the moment a change landed, cited as history
            if past_event(text[match.end():]):
                continue  # "As of October 2020, Meta deprecated its APIs": an event told in the past
            before = re.split(r"[.;!?]\s", text[: match.start()])[-1]
            after = re.split(r"[.;!?]\s", text[match.end():])[0]
            if _CHANGED_BEFORE.search(before) or _CHANGE_JUST_BEFORE.search(before) or _RECORD_STATE.search(
                    before) or _NO_LONGER.search(
                    before) or _NO_LONGER.search(after) or _CHANGED_AFTER.search(after) or _FINAL_STATE_AFTER.search(
                    after):
                continue  # "has been archived ... as of 2023-09-16", "As of 2022, X is no longer supported", "X is no
                # longer maintained (as of March 2023)", "As of 2023, X has updated Y": the moment a change took effect
            if _RELEASES_OF.match(text, match.end()):
                continue  # "available as of February 2024 releases: v1.29.2, v1.28.7": the releases it came in
            if _dated_entry(page, block, match.group("year")):
                continue  # "As of February 16, 2021, Dapr has 0 criticals" under "### February 2021": a record
            if int(match.group("year")) < ctx.today.year:
                # "As of November 2025, Vercel has a bug that ...", "four ways to write it (as of 2023)": an
                # observation dated on purpose, the reader told when it held. Worth checking again (info), no claim
                # overtaken by time alone: on sites never seen before, 2 of 18 such warnings dated to a month or a
                # day were judged real, 1 of 11 dated to a year.
                aged.add(match.start())
                found.append((match.start(), match.group(0),
                              f"the year {match.group('year')} has passed; check it still holds"))
        for match in versions.finditer(text):
            ver = match.group("ver")
            if re.fullmatch(YEAR, ver) and not (current and (current.parts[0] or 0) >= 1000):
                if int(ver) < ctx.today.year:
                    found.append((match.start(), match.group(0), f"{ver} has passed"))
                continue
            version = Version.parse(ver)
            if current is None or version is None or (ver.isdigit() and not match.group("named").strip()):
                continue  # 'expected in 2 weeks': a bare number is a version only when named as one
            if _another_package(page, block, match.group("lead"), ver, product_names):
                continue  # "new in `jupyter-ai-jupyternaut` 0.0.12": a version of another package
            new = match.group("lead").lower().startswith("new")
            if new and (version_note(text) or _NOTE_OPENS.match(text) or text[:match.start()].rstrip().endswith("(")
                        or _emphasised(page, block, match.group(0)) or version_callout(page, block) is not None):
                continue  # a version note (under an entry, opening it, in a parenthesis, italics or a callout of
                # its own) says when
            if version.older_line(current) if new else version.released_by(current):
                found.append((match.start(), match.group(0), f"the current version is {current.text}"))
        for match in NEXT_NAMED.finditer(text):
            version = Version.parse(match.group("ver"))
            if current is not None and version is not None and version.released_by(current):
                found.append((match.start(), match.group(0), f"the current version is {current.text}"))
        for match in re.finditer(r"\bcurrently\b", text, re.I):
            # The sentence from its start, whose words before "currently" may name what the version is of ("CNode
            # currently use v1 interface": CNode's API, not this product).
            opened = max((m.end() for m in re.finditer(r"[.!?]\s", text[: match.start()])), default=0)
            sentence = text[opened : match.end()] + re.split(r"(?<=[.!?])\s", text[match.end() : match.end() + 80])[0]
            for m in version_mentions(sentence, product_names, others):
                if m.start < match.end() - opened:
                    continue
                if _TESTED.match(sentence, m.end):
                    break  # "Currently, version 25.2.0 is tested and recommended": the version of the tool it is
                    # tested with, not this product's
                if _FROM_OLD.search(sentence[: m.start]):
                    break  # "This currently expects a config from v14": the old line a migration starts from
                if m.unnamed and (_THING_LISTED.search(sentence[: m.start])
                                  or in_link_text(page, block, sentence[m.start : m.end])
                                  or _THING_VERSIONED.search(text[opened : match.start()])):
                    break  # "two supported schemas, [v2](.../generate.proto) and v3", "the v2 `kv` secrets engine
                    # is enabled ... (it is currently v1)": the versions of a thing
                if current is not None and m.version.older_line(current):
                    claim = text[match.start() : opened + m.end]
                    found.append((match.start(), claim, f"the current version is {current.text}"))
                    break
        for match in UNDATED.finditer(text):
            if told_past(text[match.end():]):
                continue  # "..., at the time of writing, no theme quite fit what I wanted": an account of the past
            year, said = _anchor_year(block, page, ctx)
            # "As of now" and "as of today" speak of the present, as "currently" does: true until what they say
            # changes, which a year gone by does not show (a limitation "not supported as of now" a year on);
            # two years gone, they want a look. The other moments date themselves: the year of writing, or one
            # to come.
            span = _PRESENT_SPAN if _PRESENT.fullmatch(match.group(0)) else 1
            opening = re.split(r"(?<=[.!?])\s+", text[:match.start()])[-1]
            if _CONDITION.match(opening):
                continue  # "If many are tagged fixed, a new release is probably coming soon": a rule of thumb
            if _WHENEVER.search(text[max(0, match.start() - 24):match.start()]):
                continue  # "a new sequence starts at 1 when the next year arrives": any year's turn, not one
            if _CONTROL_AFTER.match(text, match.end()) or _CONTROL_PAIR.search(text[max(0, match.start() - 24):
                                                                                     match.start()]):
                continue  # "Custom next year button", "buttons for previous year/next year": a calendar's control
            if text[match.start() - 1:match.start()] in _QUOTE_MARKS and match.start() > 0 and \
                    text[match.end():match.end() + 1] in _QUOTE_MARKS and match.end() < len(text):
                continue  # "the default 'as of now' query context": the words quoted, a name, not a claim
            if _captions_picture(page, block):
                continue  # "At the time of writing, notifications look like this:" over a screenshot: its caveat
            if _DATED_BY_ITS_PARENTHESIS.match(text, match.end()):
                continue  # "at the time of writing this (v1.3 release timeframe)": the moment says which it is
            if year is not None and year <= ctx.today.year - span:
                if not said and _HEDGE.fullmatch(match.group(0)):
                    # "As of now", "at the time of writing", dated by the page's last change alone: what they hedge
                    # may still hold, and age is no evidence it does not (info). "Coming soon" and "later this
                    # year" are overtaken by that time itself.
                    aged.add(match.start())
                found.append((match.start(), match.group(0), f"written in {year} at the latest"))
        told: set[tuple[int, str]] = set()  # a line that says one moment twice ("Start of the next year. End of
        # the next year.") is one finding
        for start, claim, why in sorted(found):
            if _SUPPOSED.search(" ".join(re.split(r"(?<=[.!?])\s+", text[:start])[-2:])):
                continue  # "For example, assume the current release is v4.2.3": the claims after it illustrate
            claim = " ".join(claim.split())
            if _wording_shown(page, block, claim, re.split(r"[.;!?]\s", text[:start])[-1]):
                continue  # "Example: _Filters can be used_ instead of _As of June 2022 update_": how to write
            if shown is None:
                shown = flat(" ".join(b.text for b in page.code_blocks))
            if shown and flat(text[start:start + ECHO]) in shown:
                continue  # a label its example's code shows too ("Coming soon {: .label }"): the example's output
            line = line_of(page, block, claim)
            if struck(page.source, line, claim):
                continue  # "~~As of February 4, 2023, ...~~": crossed out, kept as history
            if (line, claim.lower()) in told:
                continue
            told.add((line, claim.lower()))
            if not in_link_text(page, block, claim):
                yield Measurement({"passed": True, "dated": start not in aged}, Location(page.path, line),
                                  {"claim": claim, "why": why})


CHECK = spec("dated-claim", "page", dated_claims, values=("passed", "dated"), params=HISTORY_PARAMS,
             needs=("product", "git"))
