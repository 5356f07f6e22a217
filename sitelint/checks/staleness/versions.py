"""Mentions of a release line before the current one, outside history pages, sections and phrasing."""

from __future__ import annotations

import re
from collections.abc import Iterator

from sitelint.checks import CheckContext, Pattern, Words, site_fact, spec
from sitelint.checks.staleness.common import after_link, frozen, in_link_text, line_of, titles_link
from sitelint.checks.staleness.history_text import (
    HISTORICAL,
    LAST_WITH,
    RANGE,
    dated_after,
    exempt_reason,
    hypothetical,
    in_badge,
    old_line_as_such,
    past_tense,
    proper_names,
    prose,
    version_callout,
    version_mentions,
    versioned_thing,
)
from sitelint.model import Location, Measurement, Page
from sitelint.sites.product import Version

HISTORY_PARAMS = {
    "exempt-paths": Words("Globs of pages whose job is history (changelogs, migration guides)."),
    "exempt-titles": Pattern("A regular expression of titles and headings whose sections are history."),
    "product-names": Words("Names of the product besides the one its package file gives."),
    "other-products": Words("Products whose versions a page may name (node, python): never this product's."),
}


def names(ctx: CheckContext) -> list[str]:
    product = ctx.run.product
    return [str(n) for n in (*ctx.params["product-names"], product.name if product else "") if str(n).strip()]


# A name that carries a version of its own: `ConcurrencyLimitV2`, `flow_run_graph_v2`, `read-flow-run-graph-v2`.
_VERSIONED_NAME = re.compile(r"(?<=[A-Za-z])(?:[_-]?V|[_-]v)(\d+)(?![a-z\d])")  # `LimitV2Create` too


def _generations(page: Page) -> frozenset[int]:
    """Majors that the page's code names carry (`ConcurrencyLimitV2`): a bare "v2" there is that thing's
    generation, not a release of the product."""
    names = [*(code for b in page.blocks for code in b.inline_code), *(b.text for b in page.code_blocks),
             *(b.text for b in page.blocks if b.kind == "heading")]
    return frozenset(int(m.group(1)) for name in names for m in _VERSIONED_NAME.finditer(name))


def _kind_label(text: str, start: int, end: int) -> bool:
    """Whether a bare version is a parenthesised label of a kind of thing: "global (v2) concurrency limits"."""
    return bool(re.search(r"[a-z]\s*\($", text[max(0, start - 3):start])
                and re.match(r"\)\s+[a-z]", text[end:end + 4]))


# A release a Chinese or Japanese sentence compares with ("与 dumi 1 一样", as with dumi 1; "v2 と同じ"): history.
_LIKE = re.compile(r"\s*(?:一样|一樣|相同|一致|と同じ|と同様)")
# A release line written as such, bare: "deprecated since 2.x".
_LINE_X = re.compile(r"(?<![\w.])v?(\d+)\.x\b")
# What joins a version to the one before it in a list of alternatives: "fixed in Metro 0.82.3 (for React Native 0.79)
# or Metro 0.81.5" (a parenthesis about the first, then "or", "and" or a comma, and the product's name again).
_JOINED = re.compile(r"(?:\s*\([^()]{0,60}\))?\s*(?:,|\bor\b|\band\b)\s+(?:\S+\s+){0,2}$")


# A sentence that ends by offering an example ("For example :", "e.g.:", "Here is an example:"): the quote under it
# is a sample to copy, its versions the sample's.
_OFFERS_SAMPLE = re.compile(r"(?i)(?:\b(?:for\s+(?:example|instance)|e\.\s?g\.|example|sample|such\s+as)"
                            r"|例如|比如|示例|如下)\s*[:：]\s*$")


_RELEASE_TITLE = re.compile(r"(?i)^(?:version\s+|(?P<name>.+?)\s+)?(?P<version>v?\d+(?:\.(?:\d+|x))*)$")


def _release_title(title: str, names: list[str]) -> Version | None:
    """The release a heading names alone, with the product's name or "version" before it (`Egg 2.x`), or None."""
    found = _RELEASE_TITLE.match(title.strip().strip("*_`"))
    if found is None or (found.group("name") and found.group("name").lower() not in names):
        return None
    return Version.parse(found.group("version"))


def _samples(page: Page) -> frozenset[int]:
    """The first lines of the quotes a sentence just above offers as an example (a reply to a vote: "[ ] +1 Release
    this as PyIceberg 0.3.0")."""
    return frozenset(b.line for a, b in zip(page.blocks, page.blocks[1:], strict=False)
                     if b.kind == "blockquote" and a.kind == "paragraph" and _OFFERS_SAMPLE.search(a.text))


# "If the current version is ...", "when your latest release is ...": a condition the sentence supposes.
_CONDITIONED = re.compile(r"(?i)\b(?:if|when|whenever|once|unless|suppose|say|assuming)\s+(?:the\s+|your\s+)?$")


def outdated_versions(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    product = ctx.run.product
    current = product.version if product else None
    if current is None or frozen(page) or exempt_reason(page, ctx.params):
        return
    others = frozenset(str(o).lower() for o in ctx.params["other-products"])
    blocks = list(prose(page, ctx.params))
    # Names capitalised inside a sentence anywhere on the site: "Pydantic v2 treats ..." opening a sentence is
    # Pydantic's version where another page writes "built on Pydantic".
    proper = proper_names([b.text for b in page.blocks if b.is_prose]) | site_fact(
        ctx.site, "proper-names", lambda site: proper_names([b.text for p in site.pages for b in p.blocks
                                                             if b.is_prose and not p.variant]))
    generations = _generations(page)
    samples = _samples(page)
    # A section opened by a version note (```{versionadded} 3.0```, `/// new | New in 3.0`) tells how it came to
    # be: its mentions of that release and the ones before are that history.
    noted: dict[int, Version] = {}
    for block in page.blocks:
        said_version = version_callout(page, block)
        parsed = Version.parse(said_version) if said_version else None
        if parsed is not None and (block.section not in noted or noted[block.section].older_line(parsed)):
            noted[block.section] = parsed
    product_names = names(ctx)
    lowered = [n.lower() for n in product_names]
    # A section titled by one of the product's releases alone ("#### Egg 1.x", "### Version 2") tells of that
    # release: its mentions of it and the ones before are its history, as under a version note.
    for number, section in enumerate(page.sections):
        release = _release_title(section.title, lowered)
        if release is not None and (number not in noted or noted[number].older_line(release)):
            noted[number] = release
    said: set[tuple[int, str]] = set()
    told: set[tuple[int | None, ...]] = set()  # the releases this page names as the last with something
    # A page that names the product's current line ("Jupyter Book 2 vs 1", "upgrade to Zod 4") compares it with
    # the older ones it names: a FAQ of the two, a downgrade guide.
    texts = [*(b.text for b in blocks), *(sec.title for sec in page.sections)]
    compares = any(not m.version.older_line(current) and not m.unnamed
                   for t in texts for m in version_mentions(t, product_names, others, proper))
    for block in blocks:
        if block.line in samples:
            continue
        mentions = list(version_mentions(block.text, product_names, others, proper))
        # A passage that also names the current line (or a newer one) sets releases side by side: "v5 uses AJV v8;
        # v3 requires ajv-errors 1.0", "In Formik 0.9 to 1.x, ... It has been deprecated since 2.x".
        major = current.parts[0] or 0  # a 0.x product's lines are its minors: "0.x" names none of them
        side_by_side = compares or any(not m.version.older_line(current) for m in mentions) or (
            major > 0 and any(int(n) >= major for n in _LINE_X.findall(block.text)))
        # Bare versions under a heading that says what they are of ("Payload format version") are that thing's.
        heading = page.sections[block.section].title if 0 <= block.section < len(page.sections) else ""
        thing = versioned_thing(heading, product_names) if heading else ""
        history_ends: list[int] = []  # where mentions the text around them tells as history end
        for m in mentions:
            if not m.version.older_line(current):
                continue
            if not m.claim and (side_by_side or (m.unnamed and thing)):
                continue
            if m.unnamed and (m.version.parts[0] in generations and m.version.parts[1] is None
                           or _kind_label(block.text, m.start, m.end)):
                continue
            mention = block.text[m.start : m.end]
            if in_link_text(page, block, mention) or titles_link(page, block, block.text[m.end :]):
                continue  # the title of another document: linked, or listed before its link
            if m.unnamed and after_link(page, block, block.text[: m.start], lowered):
                continue  # "[kitty](https://...) (>= v0.47.1)": the linked program's version
            if in_badge(block.text[: m.start]):
                continue
            slashed = _SLASHED.match(block.text, m.end)
            if slashed and int(slashed.group(1)) >= major > 0:
                continue  # "with Ajv v7/8": the lines it names run to the current one
            if block.section in noted and not noted[block.section].older_line(m.version):
                continue  # "One of the new introductions in Click 3.0" under ```{versionadded} 3.0```
            if m.claim and _CONDITIONED.search(block.text[: m.start]):
                continue  # "(ex: v1.2.0 if the current version is v1.1.0)": a condition, not a claim
            if not m.claim and m.version.parts in told:
                continue  # "assuming Kedro version 0.18.14" after "the latest version that supports it is 0.18.14"
            if not m.claim and (HISTORICAL.search(block.text[max(0, m.start - 60) : m.start])
                                or LAST_WITH.search(block.text[max(0, m.start - 80) : m.start])
                                or RANGE.match(block.text[m.end :]) or _LIKE.match(block.text[m.end :])
                                or hypothetical(block.text[: m.start])
                                or dated_after(block.text[m.end :])
                                or past_tense(block.text[: m.start], block.text[m.end :])
                                or old_line_as_such(block.text[: m.start], block.text[m.end :])
                                or any(_JOINED.match(block.text[end : m.start]) for end in history_ends)):
                history_ends.append(m.end)  # an alternative joined to it ("or Metro 0.81.5") is history too
                if LAST_WITH.search(block.text[max(0, m.start - 80) : m.start]):
                    told.add(m.version.parts)
                continue
            line = line_of(page, block, mention, block.text[: m.start].count(mention))
            if (line, mention) in said:
                continue  # one finding for a version a line names twice
            said.add((line, mention))
            yield Measurement({"older": True, "named": m.claim or not m.unnamed}, Location(page.path, line),
                              {"mention": mention, "current": current.text})


_SLASHED = re.compile(r"\s*/\s*v?(\d+)(?!\w|\.\d)")  # another line joined by a slash: "v7/8"


CHECK = spec("outdated-version", "page", outdated_versions, values=("older", "named"), params=HISTORY_PARAMS,
             needs=("product",), requires=("product",))
