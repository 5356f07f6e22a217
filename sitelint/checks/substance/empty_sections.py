"""Headings with nothing under them (a parent holding only empty subsections is empty too)."""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from pathlib import Path

from sitelint import pagetypes
from sitelint.checks import CheckContext, site_fact, spec
from sitelint.checks.staleness.anchors import FOOTNOTE, slugs
from sitelint.model import Location, Measurement, Page, Site
from sitelint.text import UNSPACED, count

# Kinds that show the reader something; comments, imports and front matter do not. A directive (mkdocstrings
# `::: pkg.Class`, a snippet include) is filled in at build time.
CONTENT_KINDS = frozenset({"paragraph", "list_item", "blockquote", "admonition", "table", "card", "code", "example",
                           "html", "jsx", "directive"})


# A comment that marks where the build inserts content (`{/* insert option description */}`, `<!-- AUTO-GENERATED
# -->`, `<!-- Autogenerate in the build -->`, VitePress' `<!--@include: ./parts/setup.md-->`, a preprocessor's
# `<!--@@@DLT_SNIPPET ./snippets/dataset.py::getting_started-->`): the section is filled in when the site is built.
# Or ExDoc's tabs, `<!-- tabs-open -->` over headings that are the tabs' labels: the section holds the tabs.
_INSERTED = re.compile(r"(?i)\b(?:insert(?:ed)?|auto-?generated?|generated|injected|populated|filled in)\b"
                       r"|<!--\s*@include:|<!--\s*\S*\s+\.{1,2}/[\w./-]+\.\w+(?:::[\w-]+)?\s*-->"
                       r"|<!--\s*tabs-open\s*-->")
# A heading that numbers its place in a run of steps or parts: "1. Deploy", "a) Transport", "Step 2: Sign".
# (or a number a badge of its own draws before the step's words: `<h2 class="step"><span ...>1</span>Install the
# Docker CLI</h2>` reads "1 Install the Docker CLI")
_NUMBERED = re.compile(r"(?i)\s*(?:(?:\d{1,2}|[a-h]|[ivx]{1,4})[.)]\s|(?:step|phase|part|stage)\s+\d+\b"
                       r"|\d{1,2}\s*(?-i:[A-Z])[a-z])")

# A heading that names a range of codes, its digits written as x (`PSYNC_S3xxx`, `4xx`): the codes of the range
# may follow as its siblings (`PSYNC_S3001`, `404`).
_RANGE = re.compile(r"(?<![\w-])([A-Za-z_-]*\d*)([xX]{1,4})(?![\w-])")
_CAMEL = re.compile(r"\s*[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\s*")  # a name as code spells it: UniqueForDateValidator
# An option's path as code spells it, without backticks: `css.modules`, `css.requireModuleExtension` (lower case
# first: "Node.js" is a name of prose).
_DOTTED = re.compile(r"\s*[a-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+\s*")
# A signature as code spells it, without backticks: `execaSync(file, arguments?)`, `.command(cmd, [builder])`,
# `$.sync()`: a name (dotted, or a method's `.name`) right before its parameters, and a label after (`[DEPRECATED]`).
_SIGNATURE = re.compile(r"\s*\.?[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\([^()]*\)(?:\s+\[[A-Z][A-Za-z ]*\])?\s*")
# ... and one with its keywords before it (`async`, `static`) or its return type after it (`: AsyncIterator`,
# `-> bool`): an overload of the next when it has the same name (`async parseInBatches(data, loaders): AsyncIterator`
# over `async parseInBatches(data): AsyncIterator` and their text).
_TYPED_SIGNATURE = re.compile(r"\s*(?:(?:async|static|export|function|def|fn|func|public|abstract|override|get|set)"
                              r"\s+)*\.?([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\([^()]*\)"
                              r"(?:\s*(?::|->|=>)\s*[^()\n]{1,60})?\s*")
# A constant or an environment variable as code spells it, without backticks (`RELAY_USER`), and a command-line flag
# (`--dry-run`, `-v`).
_CONSTANT = re.compile(r"\s*(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|--?[a-z][a-z0-9]*(?:-[a-z0-9]+)*)\s*")
# A doc comment's tag or a decorator: `@deprecated`, `@experimental/@beta`.
_TAG_NAME = re.compile(r"\s*@[\w-]+(?:\s*/\s*@[\w-]+)*\s*")
# An option's entry whose heading gives its name, its type and its value (`type(string) = 'flowGL'`, `zoom(string) =
# 'area zooming'`): all there is to say of a fixed value or a label's default; not an unset one (`= undefined`), whose
# meaning the entry has to give.
_OPTION_VALUE = re.compile(r"\s*[A-Za-z_$][\w$.]*\s*\([^()]*\)\s*=\s*(?!(?:undefined|null|None|nil)\s*$)\S.*")
# A heading that says its part has nothing in it: "No environment variables", "None", "N/A" (not "No-Merge Policy").
_SAYS_NONE = re.compile(r"(?i)\s*(?:no\s+[a-z]|none\b|nothing\b|n/a\b)")
# A step or a way of doing something named by its label and told in full after it: "The first step: Enter the
# corresponding project", "Step 2: Restart the server", "方式一：在demo示例中直接更改页面代码即可".
_TOLD_STEP = re.compile(r"(?i)\s*(?:the\s+\w+\s+step|step\s*\w+|option\s*\w+|method\s*\w+|way\s*\w+"
                        r"|第[一二三四五六七八九十\d]+步|方式[一二三四五六七八九十\d]+|方法[一二三四五六七八九十\d]+)"
                        r"\s*[:：]\s*(?P<told>.+)")
_TOLD_WORDS = 4  # words after a step's label that tell the whole step
# A warning set as a heading, its word and a colon first: "Watch out: ...", "Warning: ...", "Important: ...".
_BANNER = re.compile(r"(?i)\s*[*_]*\s*(?:watch out|warning|caution|attention|important|heads up|note)\s*[*_]*\s*:")
# ... or signs off ("## Enjoy!", "## Happy coding!").
_DONE = re.compile(r"(?i)\b(?:done|finished|all set|that'?s it|you'?re (?:done|all set)|enjoy|have fun|happy \w+ing"
                   r"|congratulations|congrats|well done"
                   r"|(?:setup|set-up|configuration|installation|integration|migration|onboarding) (?:is )?complete)\b"
                   r"|✅|🎉")
# A release's whole entry written as its heading: "#### Initial Release" under a changelog's first version.
_FIRST_RELEASE = re.compile(r"(?i)^\W*(?:initial|first)\s+(?:public\s+|stable\s+)?(?:release|version)\W*$")
# The heading of a part of a reference entry (`### Attributes` under `### The Project Object`): a heading above it
# with nothing in it names the entry, its part written a level too high.
_PART_LABEL = re.compile(r"(?i)\s*(?:attributes|parameters|params|properties|props|fields|arguments|args|returns?"
                         r"|return (?:value|type)s?|(?:request|response)(?: body| fields| parameters)?|examples?"
                         r"|example (?:request|response|usage|output)|output|methods|events|options|usage|values)"
                         r"\s*:?\s*(?:\{[^{}]*\})?\s*$")
# A heading over questions asked as headings ("## FAQ" then "## What's the difference ...?", "### Q: ..."): the
# questions are its items, written at its level.
_QUESTIONS_LABEL = re.compile(r"(?i)\s*(?:faqs?|frequently\s+asked\s+questions|q\s*&\s*a|(?:common\s+)?questions)"
                              r"\s*:?\s*$")
_QUESTION = re.compile(r"(?i)\s*q\s*[:：.]|.*[?？]\s*$")
# The headings a page closes with, no items of a part above them: "See also", "Next steps".
_CLOSING = re.compile(r"(?i)\s*(?:see also|next steps?|related\b.*|troubleshooting|summary|notes?|faq|learn more"
                      r"|further reading|references|resources)\s*:?\s*$")
# A heading that says the headings after it are a list: "List of hints", "Available options", "Supported formats".
_LIST_LABEL = re.compile(r"(?i)\s*(?:(?:a\s+|the\s+)?(?:full\s+|complete\s+)?list\s+of|available|supported|all)\s+\w")
_INDEX_LETTERS = 5  # single-letter headings at one level that make a page an alphabetical index
_TEMPLATE_VARIABLE = re.compile(r"\s*(?:%[A-Z][A-Z0-9_]*%|\{\{[^{}\n]+\}\}|\$\{[^{}\n]+\})\s*")
_SMALL_PRINT = 6  # the heading level a page's byline is set in
_TABLE_HEAD_LINES = 2  # a table's header row and its delimiter row
_TOC_DEPTH = 3  # the deepest heading the frameworks' tables of contents show by default (Docusaurus, Starlight)
_GENERATED_MEMBERS = 10  # sections of a reference page of members that a generator writes, not a person
# A component that draws its headings as numbered steps: `<Steps>` (Nextra, Mintlify, a site's own), `<Stepper>`.
_STEPS_OPEN = re.compile(r"(?m)^[ \t]*<(Steps|Stepper)\b[^>]*(?<!/)>")
# A step that sends the reader back to steps above it: "4. Repeat step 2 to step 3 for all other members".
_REPEAT_STEPS = re.compile(r"(?i)\b(?:repeat|redo|go back to)\b.{0,20}\bsteps?\s+\d")
_MARKDOWN_LANGS = frozenset({"md", "mdx", "markdown"})  # fences that show Markdown source
_PULL_QUOTE = re.compile(r"\s*[\"“„«]")
_PULL_QUOTE_WORDS = 10
_CENTRED_HEADING = re.compile(r"""\s*<h[1-6]\b[^>]*\balign\s*=\s*["']?center\b""", re.I)
_QUOTED_HEADING = re.compile(r"^\s{0,3}>[\s>]*#{1,6}\s")
# A heading holding a link, inline or by reference (`#### [Overlay GURU][28]`).
_LINK_IN_HEADING = re.compile(r"^\s{0,3}#{1,6}\s.*\[[^\]]+\](?:\([^)\s]+\)|\[[^\]\s][^\]]*\])")
# DocFX's tabs: headings that link `#tab/<id>` (`### [Windows](#tab/windows)`), a tab group of the section before them.
_DOCFX_TAB = re.compile(r"^\s{0,3}#{1,6}\s+\[[^\]]+\]\(#tab/[^)\s]+\)")
# A picture, or a picture that links somewhere (a badge): `![logo](logo.svg)`, `[![build](badge.svg)](ci)`, `<img>`.
_PICTURE = re.compile(r"\[?!\[[^\]]*\]\([^)]*\)(?:\]\([^)]*\))?|<img\b[^>]*>|<a\b[^>]*>\s*<img\b[^>]*>\s*</a>")


# A heading struck through whole (`### ~~Offline mode~~`, `## <del>Sync</del>`): a part marked as dropped.
_STRUCK_HEADING = re.compile(r"[ ]{0,3}#{1,6}[ \t]+(?:~~[^~\n]+~~|<(del|s|strike)>[^<\n]+</\1>)[ \t]*#*[ \t]*$")
# An HTTP API's endpoint written as a heading, with its method or without: `GET /api/vhosts/{name}`, `/api/vhosts/`.
_ENDPOINT = re.compile(r"(?:(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)[ \t]+)?`?(/[^\s`]*)`?")


def _endpoint_method(title: str) -> str | None:
    """The method of an endpoint's heading ("" when it names none), None when the heading is no endpoint."""
    match = _ENDPOINT.fullmatch(title.strip())
    return None if match is None else match.group(1) or ""


def _in_range(heading: str, following: str) -> bool:
    """Whether `following` names a code, or a range, within the range `heading` names: `PSYNC_S3001` or `PSYNC_S31xx`
    in `PSYNC_S3xxx: Errors`."""
    for match in _RANGE.finditer(heading):
        prefix, xs = match.groups()
        if not prefix or (not prefix[-1].isdigit() and not prefix.isupper() and "_" not in prefix):
            continue  # a word that ends in x ("Linux", "box") names no range
        # a code of the range (`PSYNC_S3001`) or a range within it (`PSYNC_S31xx`)
        if re.search(rf"(?<![\w-]){re.escape(prefix)}(?![xX]{{{len(xs)}}})[\dxX]{{{len(xs)}}}(?![\w-])", following):
            return True
    return False


def _pictures(lines: list[str]) -> bool:
    """Whether the lines are pictures alone (a logo, a row of badges), with no words of their own."""
    return any(_PICTURE.search(line) for line in lines) and all(not _PICTURE.sub("", line).strip() for line in lines)


def _lists_its_pages(page: Page, ctx: CheckContext) -> bool:
    """Whether the page is a Hugo (or Zola) section's `_index.md` with pages in its section, which the section's
    layout follows with the list of those pages (as Docsy and most themes draw a section, unless its front matter
    says `no_list: true`): a last heading with nothing under it ("## Offerings") introduces that list. A section of
    no pages lists nothing: its empty last heading is empty."""
    return (page.abspath.name == "_index.md" and page.front_matter.get("no_list") is not True
            and page.abspath.parent in site_fact(ctx.site, "folders-with-pages", _folders_with_pages))


def _folders_with_pages(site: Site) -> frozenset[Path]:
    """The folders holding a page other than their `_index.md`, in them or below."""
    out: set[Path] = set()
    for page in site.pages:
        folders = page.abspath.parents if page.abspath.name != "_index.md" else page.abspath.parent.parents
        out.update(folders)
    return frozenset(out)


# A heading that is a field and its value, as a template writes one on each page ("### Default Severity: medium"):
# a label of a few words, a colon, a value of a few.
_FIELD = re.compile(r"\s*([A-Za-z][\w ()/-]{0,40}?)\s*:\s+(\S[^:]{0,40})")
# ... not a step, an option or an example named before what it is ("Option A: Docker", "Step 2: Install").
_NOT_A_FIELD = re.compile(r"(?i)(?:the\s+\w+\s+)?(?:step|option|method|way|part|phase|stage|example|case|scenario|tip"
                          r"|note|warning|q|question|answer|chapter|lesson|exercise)\b")
_FIELD_PAGES = 3  # pages whose headings give one label with values of their own, for it to be a template's field


def _field_labels(site: Site) -> frozenset[str]:
    """The labels the site's pages write as headings with a value after them ("Default Severity: high" on one page,
    "Default Severity: low" on another), on three pages or more with two values or more: a template's fields."""
    pages: dict[str, set[str]] = {}
    values: dict[str, set[str]] = {}
    for page in site.pages:
        for section in page.sections:
            found = _FIELD.fullmatch(section.title)
            if found and len(found.group(2).split()) <= 4:
                label = found.group(1).strip().lower()
                pages.setdefault(label, set()).add(page.path)
                values.setdefault(label, set()).add(found.group(2).strip().lower())
    return frozenset(label for label, where in pages.items()
                     if len(where) >= _FIELD_PAGES and len(values[label]) >= 2 and not _NUMBERED.match(label)
                     and not _NOT_A_FIELD.match(label))


def empty_sections(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    if not any(b.kind in CONTENT_KINDS for b in page.blocks):
        return  # an empty page is a thin page; one finding says it
    own = [False] * len(page.sections)
    for index, section in enumerate(page.sections):
        # mkdocstrings fills a `### ::: package.name` heading with API docs at build time.
        own[index] = section.title.startswith(":::")
    starts = [s.line for s in page.sections]
    if page.sections and _lists_its_pages(page, ctx):
        own[-1] = True  # Hugo's section page: the layout lists the section's pages right after the last heading
    if page.sections and page.page_type == "partial" and page.type_reason.startswith("included into "):
        own[-1] = True  # a partial's last heading opens a section the page including it goes on with
    if page.sections and FOOTNOTE.search(page.source):
        own[-1] = True  # "## Footnotes" last: the page's footnotes are rendered at its end, right under it
    topics = pagetypes.docc_topics(page)
    if topics is not None:  # a DocC page's task groups under `## Topics`: DocC leaves out a group that lists nothing
        held = page.sections[topics]
        for index, section in enumerate(page.sections):
            own[index] = own[index] or held.line <= section.line <= held.end_line
    for block in (b for b in page.blocks if b.kind == "comment" and b.section >= 0 and _INSERTED.search(b.text)):
        own[block.section] = True
    for block in (b for b in page.blocks if b.kind in CONTENT_KINDS):
        if block.kind == "table" and block.end_line - block.line < _TABLE_HEAD_LINES:
            continue  # a table's header and no row (`| Option | Type |` over its `| --- |`): nothing under it yet
        if block.section >= 0:
            own[block.section] = True
        # A block left open above a heading (an unclosed admonition) runs on into that section.
        for index in range(bisect_right(starts, block.line), bisect_left(starts, block.end_line)):
            own[index] = True
    # A heading inside a block quote (`> ###### 🎯 Name the file acme.toml`) is the quote's text, shown in the
    # section above it: that section has content, and the quote is not a section of its own.
    lines = page.source.split("\n")
    for index, section in enumerate(page.sections):
        if 0 < section.line <= len(lines) and _QUOTED_HEADING.match(lines[section.line - 1]):
            own[index] = True
            if index > 0:
                own[index - 1] = True
        # A quotation set as a heading (a case study's pull quote, `<h2><em>"The support is great ..."</em></h2>`)
        # is said for itself, not a title over a section.
        if _PULL_QUOTE.match(section.title) and len(section.title.split()) >= _PULL_QUOTE_WORDS:
            own[index] = True
        # A heading that is a template's variable (`# %PROTOCOLS%`, `## {{ group.title }}`) is filled in by the
        # build that writes the page, its section too.
        if _TEMPLATE_VARIABLE.fullmatch(section.title):
            own[index] = True
        # A centred HTML heading (`<h5 align="center">Source-backed tileset loading</h5>` under a README's centred
        # banner) is the banner's tagline, not a title over a section.
        if 0 < section.line <= len(lines) and _CENTRED_HEADING.match(lines[section.line - 1]):
            own[index] = True
    # A heading inside a steps component (`<Steps>` over `## Create a role` `## Assign it`) titles a numbered step,
    # which the component draws; a step may be its title alone.
    for opened in _STEPS_OPEN.finditer(page.source):
        first = page.source.count("\n", 0, opened.start()) + 1
        closed = page.source.find("</" + opened.group(1), opened.end())
        last = page.source.count("\n", 0, closed) + 1 if closed >= 0 else first
        for index in range(bisect_left(starts, first), bisect_right(starts, last)):
            own[index] = True
    # A first heading with nothing above it is the page's title; sections follow it by design. A logo or a row of
    # badges over it (`![podman logo](logo.svg)`) is a picture over the title, not a part the title closes.
    title = (0 if page.sections and not any(b.kind in CONTENT_KINDS and b.line < page.sections[0].line
                                            and not _pictures(lines[b.line - 1 : b.end_line]) for b in page.blocks)
             else -1)
    children: dict[int, list[int]] = {}
    for index, section in enumerate(page.sections):
        children.setdefault(section.parent, []).append(index)

    # A heading the page also shows in a code block is that example rendered ("Code above renders like:").
    shown = {line.strip() for b in page.blocks if b.kind == "code" for line in lines[b.line - 1 : b.end_line]}
    # A Markdown example's headings also without their marks: the rendered copy may sit a level deeper than its
    # source (`### Installation [step]` shown as `####`).
    shown_md = {line.strip().lstrip("#").strip() for b in page.blocks if b.kind == "code"
                and b.lang.lower() in _MARKDOWN_LANGS for line in lines[b.line - 1 : b.end_line]
                if line.lstrip().startswith("#")}

    def rendered(index: int) -> bool:
        line = page.sections[index].line
        if not 0 < line <= len(lines):
            return False
        return lines[line - 1].strip() in shown or lines[line - 1].strip().lstrip("#").strip() in shown_md

    def empty(index: int) -> bool:
        return not own[index] and all(empty(child) and not statement(child) for child in children.get(index, []))

    def linked(index: int) -> bool:
        """A heading holding a link: a pointer the reader follows (`##### [Installation guide](https://...)`,
        `#### Understand the [Code Contribution Guide](code.md)`), its parent's content when it has none."""
        line = page.sections[index].line
        return 0 < line <= len(lines) and _LINK_IN_HEADING.match(lines[line - 1]) is not None

    # A long reference page of a section per documented member (an API reference a generator writes from the
    # source): a member's heading with nothing under it is a member the source gives no description, not an outline.
    members = (page.page_type == "reference" and page.type_reason.startswith(pagetypes.MEMBERS)
               and len(page.sections) >= _GENERATED_MEMBERS)

    def tabbed(index: int) -> bool:
        """A section DocFX's tabs follow (`### [Windows](#tab/windows)` after `### Building and packaging`): the tab
        group is its content."""
        after = page.sections[index + 1].line if index + 1 < len(page.sections) else 0
        return 0 < after <= len(lines) and _DOCFX_TAB.match(lines[after - 1]) is not None

    def byline(index: int) -> bool:
        """The smallest heading ending the page ("###### fortran-lang intrinsic descriptions (license: MIT)"): its
        byline, small print, not a section; nor the content of the section it sits in."""
        section = page.sections[index]
        return section.level == _SMALL_PRINT and index == len(page.sections) - 1 and not any(
            b.kind in CONTENT_KINDS and b.line > section.line for b in page.blocks)

    def hollow(index: int) -> bool:
        # A heading of no words (`### ---`) is a divider a theme draws in the table of contents, not a section.
        return (empty(index) and index != title and not rendered(index) and not overload(index) and not tabbed(index)
                and not byline(index)
                and not statement(index) and any(c.isalnum() for c in page.sections[index].title)
                and not (members and len(page.sections[index].title.split()) == 1))

    def statement(index: int) -> bool:
        """A heading that is its own message: a link (a banner pointing elsewhere), or a sentence ("For more
        information, read Setup.", "Make sure all tests pass before committing!")."""
        section = page.sections[index]
        if linked(index):
            return True
        words = section.title.split()
        last = index == len(page.sections) - 1 or children.get(section.parent, [])[-1:] == [index]
        if last and _DONE.search(section.title):
            # the last step of a page (or of a part) of steps says the reader is done: "Step 3 - Done ✅", "###
            # Okta configuration complete" above the page's next part
            return True
        if _FIRST_RELEASE.match(section.title) or _REPEAT_STEPS.search(section.title):
            return True  # "4. Repeat step 2 to step 3 for all other members": the step says it all
        aside = section.title.strip()
        if aside.startswith("(") and aside.endswith(")") and len(words) >= 3:
            return True  # "###### (🏷️ = Require tags for working)": a legend set small, for the tables after it
        parent = section.parent
        if parent >= 0 and linked(parent) and section.line == page.sections[parent].line + 1 and not children.get(
                index):
            return True  # "### [Mathematics](MATH_index)" over "#### General mathematical functions": its caption
        if _OPTION_VALUE.fullmatch(section.title):
            return True  # "## type(string) = 'flowGL'": the option's name, type and value are its whole entry
        field = _FIELD.fullmatch(section.title)
        if field and field.group(1).strip().lower() in site_fact(ctx.site, "heading-fields", _field_labels):
            return True  # "### Default Severity: medium", as every check's page gives it: a field of its template
        raw = lines[section.line - 1] if 0 < section.line <= len(lines) else ""
        if _STRUCK_HEADING.match(raw):
            return True  # "### ~~Offline mode~~": a part struck out, left to say it was dropped, not one to fill
        if _SAYS_NONE.match(section.title):
            return True  # "##### No environment variables" under a hook's entry: the heading says there is none
        if _BANNER.match(section.title) and len(words) >= 4:
            return True  # "## **Watch out: SP1 devices sold nowadays ... incompatible!!**": a warning set as a heading
        told = _TOLD_STEP.match(section.title)
        if told and count(told.group("told")) >= _TOLD_WORDS:
            return True  # "#### The first step: Enter the corresponding project": the step told in its heading
        if introduced(index):
            return True  # "We have several contribution points:" then "#### Wiki & JavaDoc", "#### Nacos Console"
        said = section.title.rstrip()
        # (a sentence in a language written without spaces counts its words so: "已确认过文档确实有误或存在缺失。")
        return (count(said) if UNSPACED.search(said) else len(words)) >= 4 and said.endswith((".", "!", "。", "！")) \
            and not said.endswith(("..", "!!"))

    block_lines = [b.line for b in page.blocks]

    def introduced(index: int) -> bool:
        """A heading that is an item of a list a sentence introduces, the items written as headings: one of a run of
        sibling headings, none numbered nor naming code, with nothing under them, right after a paragraph that ends in
        a colon. (Steps are still to write, and so are the entries of a reference: "Its methods:" over `### get`.)"""
        at = index
        while not _NUMBERED.match(page.sections[at].title) and page.sections[at].line not in names_code:
            before = bisect_left(block_lines, page.sections[at].line) - 1
            block = page.blocks[before] if before >= 0 else None
            if block is None:
                return False
            if block.kind == "paragraph":
                return block.text.rstrip().endswith((":", "："))
            previous = next((i for i in range(at - 1, -1, -1) if page.sections[i].line == block.line), None)
            if block.kind != "heading" or previous is None or \
                    page.sections[previous].level != page.sections[at].level or own[previous]:
                return False
            at = previous
        return False

    names_code = {b.line for b in page.blocks if b.kind == "heading"
                  and (b.inline_code or _CAMEL.fullmatch(b.text) or _DOTTED.fullmatch(b.text)
                       or _TAG_NAME.fullmatch(b.text) or _SIGNATURE.fullmatch(b.text) or _CONSTANT.fullmatch(b.text))}
    typed = {b.line: m.group(1) for b in page.blocks
             if b.kind == "heading" and (m := _TYPED_SIGNATURE.fullmatch(b.text))}

    def overload(index: int) -> bool:
        """A heading that names code (`parse(code)`, `UniqueForDateValidator`, `RELAY_USER`) in a run of sibling
        headings that name code, the first of them with content after this one: several names of one description,
        written as a heading each (`registerFileProtocol`, `registerBufferProtocol`, ... and the text they share)."""
        section, after = page.sections[index], index + 1
        method = _endpoint_method(section.title)
        if method is not None:
            # endpoints written as a heading each over the text they share (`## /api/vhosts/` `## /api/vhosts/(name)`),
            # by the same method: a GET right above a POST with content is a GET left undescribed
            while (after < len(page.sections) and page.sections[after].parent == section.parent
                   and _endpoint_method(page.sections[after].title) == method):
                if not empty(after):
                    return True
                after += 1
            return False
        if section.line not in names_code:
            # an overload written with its keywords or its return type: the next ones of its name share the text
            name = typed.get(section.line)
            while (name is not None and after < len(page.sections) and page.sections[after].parent == section.parent
                   and typed.get(page.sections[after].line) == name):
                if not empty(after):
                    return True
                after += 1
            return False
        while (after < len(page.sections) and page.sections[after].parent == section.parent
               and page.sections[after].line in names_code):
            if not empty(after):
                return True
            after += 1
        return False

    # A changelog page's release heading with nothing under it is a fault of the page kept now; a dated post is
    # history that nobody restructures.
    release_page = not pagetypes.post_reason(page)

    # The ids the page's own links open (`upgrade.html#other-upgrade-methods`, `#other-upgrade-methods`).
    link_ids = {link.target.rsplit("#", 1)[1].lower() for link in page.links if "#" in link.target and not link.image}

    def targeted(index: int) -> bool:
        """A heading the page's own text links to ("one of the [other upgrade methods](#other-upgrade-methods)
        listed below"): a label its link lands readers on, the methods after it its items."""
        return bool(link_ids) and bool(slugs(page.sections[index].title) & link_ids)

    def measured(run: list[int]) -> Measurement:
        """One finding for a run of empty sibling sections (a list of names written as headings is one fault)."""
        first, last = page.sections[run[0]], page.sections[run[-1]]
        subs = len(children.get(run[0], [])) if len(run) == 1 else 0
        names = [f"'{page.sections[i].title}'" for i in run]
        said = (f"section: {names[0]} has" if len(run) == 1 else
                f"sections: {', '.join(names[:3])}{f' and {len(run) - 3} more' if len(run) > 3 else ''} have")
        # A heading right above a sibling with content that names code may be meant to introduce the entries after
        # it, a level too high: "### Builder Methods" then "### `builder.addCase`".
        # (A heading of no words, a divider such as a changelog's closing `##`, is no heading after it.)
        after = next((i for i in range(run[-1] + 1, len(page.sections)) if page.sections[i].line > last.line
                      and any(c.isalnum() for c in page.sections[i].title)), None)
        # A release with no notes right above the next release (two tagged the same day) is a record too; above a
        # heading that is no release (`## Features` that should have been `###`), it is a fault of the page.
        release = release_page and pagetypes.is_version_heading(first.title) and after is not None \
            and not pagetypes.is_version_heading(page.sections[after].title)
        following = page.sections[after] if after is not None else None
        sibling = (len(run) == 1 and following is not None and following.level == first.level
                   and after is not None and not empty(after))
        # ... and one right above numbered siblings ("### Basic setup" then "### 1. Install", "### a. Transport"),
        # above the label of a reference entry's part ("### The Project Object" then "### Attributes"), a label of
        # questions above the first ("## FAQ" then "## How do I ...?"), a label the page's text links to ("the
        # [other upgrade methods](#other-upgrade-methods) listed below"), a part's label
        # above its items ("#### Examples" then "#### Get all users"),
        # siblings that name code below the levels a table of contents shows ("#### Amazon S3 Storage" then "####
        # `S3_ACCESS_KEY_ID`"; at `###` the contents show it as an empty entry) or at any level under a heading that
        # says a list follows ("### List of hints" then "### `asof_dense(l r)`"), or a release's heading above its
        # notes' headings (`## v0.157.0` then `## Fixes`), introduces them: its parts written a level too high, which
        # readers find under it all the same.
        slip = following is not None and sibling and (_NUMBERED.match(following.title) is not None or release
                                                      or targeted(run[0])
                                                      or _in_range(first.title, following.title)
                                                      or _PART_LABEL.match(following.title) is not None
                                                      or (_QUESTIONS_LABEL.match(first.title) is not None
                                                          and _QUESTION.match(following.title) is not None)
                                                      or (_PART_LABEL.match(first.title) is not None
                                                          and first.level > 2 and not _PART_LABEL.match(
                                                              following.title)
                                                          and not _CLOSING.match(following.title))
                                                      or (following.line in names_code
                                                          and (first.level > _TOC_DEPTH
                                                               or _LIST_LABEL.match(first.title) is not None)))
        # A letter of an alphabetical index (a glossary's `## B` among `## A` to `## Z`) with no entries yet: the
        # index is laid out whole on purpose, its empty letters a choice to make, not a part left out.
        letter = all(len(page.sections[i].title.strip()) == 1 and page.sections[i].title.strip().isalpha()
                     for i in run) and sum(1 for other in page.sections if other.level == first.level and len(
                         other.title.strip()) == 1 and other.title.strip().isalpha()) >= _INDEX_LETTERS
        nested = (f"; if it introduces '{following.title}' and the headings after it, make them one level deeper"
                  if following is not None and sibling and (slip or following.line in names_code) else "")
        return Measurement(
            {"empty": True, "subsections": subs, "release": release, "slip": slip, "letter": letter},
            Location(page.path, first.line, last.end_line),
            {"heading": first.title, "said": said,
             "subsections_text": (f" (nor have its {subs} subsections)" if subs else "") + nested})

    def report(siblings: list[int]) -> Iterator[Measurement]:
        run: list[int] = []
        for index in siblings:
            if hollow(index):
                run.append(index)
                continue
            if run:
                yield measured(run)
                run = []
            yield from report(children.get(index, []))
        if run:
            yield measured(run)

    yield from report(children.get(-1, []))


# Not pure: whether a section page's folder holds pages is the site's to say.
CHECK = spec("empty-sections", "page", empty_sections, values=("empty", "subsections", "release", "slip", "letter"))
