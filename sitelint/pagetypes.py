"""What kind of page a page is, from its structure, front matter and name, and why: each kind has the rules that
apply to it (a landing page is not thin, a blog post is not stale, release notes name removed files on purpose).

    doc            an ordinary page: every rule applies
    generated      written by a program (a "generated ... do not edit" comment at its top), or filled in at build time:
                   mkdocstrings `::: module`, includes (an MDX import of a Markdown file among them) with little
                   prose around them, a build's `> MODULE: name` line, member headings that link to their source
                   lines (an API reference made from docstrings), an endpoint page of an OpenAPI spec
                   (`openapi: get /path`), made from the page its front matter names (TanStack's `ref:`), or
                   sections that are each a component the build fills in (`## Props` over `:component-props`),
                   or a command's page as spf13/cobra writes it (`### Options`, `### SEE ALSO`)
    reference      a section per documented member (`### size`, `## onPress()`), or the page of one API symbol
    landing        a layout page: VitePress `layout: home`, Starlight `template: splash`, a `hero`, made of components
                   (a title, perhaps a one-line caption, and a component that renders the site's data) or drawn by a
                   script it loads (`<script src="showcase.js">`)
    hub            navigation: a card list component, prose that is mostly links, a list of links with a line about
                   each, entries with addresses its front matter lists for its layout, a folder's short index page,
                   or a gallery entry (a picture, a line and a link out)
    blog           a post: under a blog/posts/news folder (an articles/ folder when the page is dated), a
                   date-prefixed file name, or dated with an author; or
                   the notes of meetings (named so, or entries dated over their attendees and agenda)
    release-notes  a changelog, release notes, "what's new", or headings that are version numbers
    migration      a migration or upgrade guide
    proposal       a design document, RFC or enhancement proposal (under rfcs/, proposals/, proposals-accepted/,
                   adr/, peps/, hips/, naps/, enhancements/, under design/ with its sections or numbered in its series
                   (`design/002-wasm.md`), or named so: "NAP-10 — ...", hip-0016.md):
                   plans and open questions on purpose
    partial        included into other pages (a `_` name), never read alone
    redirect       a redirect (front matter, meta refresh, a script that navigates away) or a short moved/removed
                   notice that links elsewhere
    showcase       a page that shows how the site's elements look: headings named for their level ("Heading 2")
                   or numbered, not named ("Heading 1" to "Heading 35", to fill a long page), filler text under
                   them, on purpose; or an entry of a gallery of other projects whose front matter names the
                   project's repository beside its homepage, demo or author (its text is that project's README)
    template       a page to copy: headings, and under them only comments that say what to write
    404            the not-found page

The first kind that matches, in the order partial, 404, redirect, showcase, template, landing, a folder's empty index
(hub), release-notes, blog, migration, proposal, generated, reference, hub, wins.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sitelint import text
from sitelint.model import PROSE_KINDS, Block, Link, Page, partial_name
from sitelint.sites import openapi

TYPES = ("doc", "reference", "generated", "landing", "hub", "blog", "release-notes", "migration", "proposal",
         "showcase", "template", "partial", "redirect", "404")


@dataclass(frozen=True)
class Signals:
    """The tunable parts of the detection (the thin-page rule exposes them as its params)."""

    redirect_keys: tuple[str, ...] = ("redirect", "redirect_to", "redirect_url", "external_url")
    card_components: tuple[str, ...] = ("DocCardList", "DocCard", "CardList", "Cards", "CardGrid", "LinkCard")
    nav_link_density: float = 0.5
    notice_words: tuple[str, ...] = ("removed", "deprecated", "moved", "renamed", "superseded", "replaced by",
                                     "no longer supported", "no longer maintained",
                                     # the same in Chinese: 已废弃 (deprecated), 已弃用, 已迁移 (migrated), 已移至
                                     "已废弃", "已弃用", "已迁移", "已移至", "已移动到")
    notice_words_max: int = 80


DEFAULT = Signals()
MEMBERS = "a section per documented member"  # the reason of a reference page made of its members' sections
MENU_GROUP = "a group of the site's menu:"  # the reason of a hub whose front matter lists pages of the site
LITERATE_NAV = "the literate-nav plugin's navigation file"  # the reason of a hub that is MkDocs' nav, written as a list
# The reasons of a generated page whose text a program wrote from the source code (its doc comments, its help
# text): what is wrong in that text is fixed in the code, not on the page.
BUILD_WRITES = "written by the project's build"
IN_GENERATED = "in a folder of generated pages"
# The reason of a page the build writes over: what readers see is not what the file holds (not from_source's).
WRITTEN_OVER = "a stand-in the build writes over: git ignores its path"
FROM_SOURCE = ("a command's reference as cobra", "a TypeDoc page", "an API reference made from the source", "says so:",
               "made from the page", BUILD_WRITES, IN_GENERATED)
_GENERATED_DIRS = frozenset({"generated", "autogenerated", "auto-generated", "_generated"})


def bare(page: Page) -> bool:
    """Whether the page holds nothing but front matter and comments: what readers see at its address, something
    else draws (its layout, a route, the site's code), or nothing does."""
    return all(b.kind in ("front_matter", "comment") for b in page.blocks)


def from_source(page: Page) -> bool:
    """Whether a program wrote the page's text from the source code (or from another page)."""
    return page.page_type == "generated" and page.type_reason.startswith(FROM_SOURCE)
_DYNAMIC_ROUTE = re.compile(r"\[{1,2}(?:\.\.\.)?[\w-]+\]{1,2}")  # `[name].md`, `[...slug].md`, `[[lang]].md`
_GENERATOR_ENTRY = re.compile(r"(?:async\s+)?(?:class|interface|namespace|method|property|event|param|option|"
                              r"return|type):\s+\S", re.I)
# VitePress, Starlight, Hugo themes; Hugo's `list` renders a section's pages
_LAYOUTS = frozenset({"home", "landing", "splash", "hero", "homepage", "page", "list", "search"})
# An MDX page's default export is the component that renders it in place of its Markdown (Nextra's pages, MDX's
# layout): with little prose of its own, the page is that component's.
_DEFAULT_EXPORT = re.compile(r"(?m)^\s*export\s+default\b")
# A Next.js page (Nextra's) that exports a data loader: what its components show is fetched when the site is built.
_DATA_EXPORT = re.compile(r"(?m)^\s*export\b.*\b(?:getStaticProps|getServerSideProps)\b")
_WRAPPER = re.compile(r"\{\{[<%]\s*([\w-]+)|<([A-Z][\w]*)")
_LAYOUT_KEYS = ("layout", "template", "pageType", "page_type")
_SNIPPET_DIRS = frozenset({"snippets", "_snippets", "code-snippets"})
SNIPPET = "a snippet: code alone"  # the reason of a partial that is a code block in a folder of snippets
_BLOG_DIRS = frozenset({"blog", "blogs", "posts", "_posts", "news"})
# A folder of articles is a docs site's folder of guides as often as a blog: its page is a post when it is dated.
_ARTICLE_DIRS = frozenset({"articles"})
_POST_DATES = ("date", "pubDate", "publishDate", "published", "author", "authors")
# Design documents and RFCs: what is planned or was decided, with its open questions on purpose.
_PROPOSAL_DIRS = frozenset({"design-docs", "design_docs", "rfc", "rfcs", "proposal", "proposals", "adr", "adrs",
                            "decisions"})
# A design/ folder holds design documents when a page has their sections (a design system's guidelines do not).
_PROPOSAL_HEADING = re.compile(r"(?i)\s*(?:objectives?|goals|non-goals|motivation|proposal|proposed design"
                               r"|detailed design|alternatives(?: considered)?|open questions|drawbacks"
                               r"|unresolved questions)\s*$")
# A design document numbered in its series, as ADRs and enhancement proposals are (`design/002-wasm-support.md`).
_NUMBERED_NAME = re.compile(r"^\d{3,4}[-_][A-Za-z]")
# An RFC or ADR by its name, or an improvement proposal by its number (`hip-0016.md`, `kep-1287`, `pep-0008`).
_PROPOSAL_NAME = re.compile(r"(?i)^(?:(?:rfc|adr)(?:[-_ ]?\d+)?|[a-z]{1,3}[ei]p[-_]\d{3,})(?:[-_].*)?$")
_PROPOSAL_TITLE = re.compile(r"(?i)^(?:RFC|ADR)\b[\s:#-]*\d*|^design doc(?:ument)?\b"
                             r"|^(?-i:[A-Z]{1,3}EP|NAP)[- ]?\d+\b")  # an enhancement proposal: PEP 8, NEP-29, NAP-10
# The folders a project keeps its enhancement proposals in: peps/, neps/, keps/, naps/, enhancements/, and proposals
# filed by their state (proposals-accepted/, proposals-done/, accepted-rfcs/).
_PROPOSAL_DIR = re.compile(r"^(?:[jknpstx]eps|[bhk]ips|naps|enhancements|(?:proposals?|rfcs?)[-_][a-z]+"
                           r"|[a-z]+[-_](?:proposals|rfcs))$")
_REFERENCE_DIRS = frozenset({"reference", "references", "api", "api-reference", "api_reference"})
_REFERENCE_WORDS = 30  # prose words from which a page in a reference folder documents something
_DATED_NAME = re.compile(r"^(?:19|20)\d\d-\d\d(?:-\d\d)?[-_]")
_NOTES_NAME = re.compile(r"(?i)^(?:changelog|change-log|changes|history|news|release[-_]?notes?|releasenotes|"
                         r"releases|whats[-_]?new|what-s-new|upgrading-notes)$")
# A fence whose code the build runs and whose output it renders in its place (markdown-exec's `exec="true"`).
_EXECUTED = re.compile(r"""(?i)^\s*(?:`{3,}|~{3,}).*\bexec\s*=\s*["']?(?:true|1|on|yes)\b""")
_ROADMAP = re.compile(r"(?i)^(?:\d+[-_.\s]*)?(?:roadmap|road map)$")
# A page named for the release it notes: `release_0_4_12.md`, `release-2.1.md`, `releases-v3.0.0rc1.md`.
_RELEASE_NAME = re.compile(r"(?i)^releases?[-_.]?v?\d+(?:[._-]\d+)+(?:[-_.]?[a-z]+\d*)?$")
_VERSION_NAME = re.compile(r"^v?\d+\.\d+(?:\.(?:\d+|x))?$", re.I)  # (`2.29.x.md`: the notes of a release line)
# A release's version as a file name writes it, dots made dashes too: `0-1-0-beta-29`, `v5-0`, `2.0.0-rc.1`.
_PRE = r"(?:alpha|beta|rc|pre|preview|next|canary)"
_VERSION_STEM = re.compile(rf"(?i)^v?\d+(?:[-._]\d+)+(?:[-._]?{_PRE}(?:[-._]?\d+)?)?$")
_TITLE_VERSION = re.compile(rf"(?i)(?<![\w.])v?\d+(?:\.\d+)+(?:-?{_PRE}(?:\.?\d+)?)?")
_NOTES_DIRS = frozenset({"releases", "release-notes", "changelog", "changelogs", "release_notes", "changes",
                         "breaking-changes"})
_NOTES_TITLE = re.compile(r"(?i)\b(?:release notes?|change ?log|what'?s new in|what’s new in|changes in (?:v|version)"
                          r"\s*\d)|(?<![\w.])v?\d+\.\d+(?:\.(?:\d+|x))?\s+release\b|\brelease\s+v?\d+\.\d+")
_NOTES_DIR_END = re.compile(r"(?i)[-_](?:releases|changelogs?|release[-_]notes)$")  # latest-releases/, past_releases/
# (or a release's date and then its version: `## Apr 7, 2026 (v1.2.893-nightly)`, `## 2024-05-01 - v2.1`)
_VERSION_HEADING = re.compile(r"^(?:(?:[A-Z][a-z]{2,8}\.?\s+\d{1,2},?\s+\d{4}|\d{4}-\d{2}-\d{2})"
                              r"\s*[(\[–—-]\s*(?=v?\d))?"
                              r"\[?v?\d+\.\d+(?:\.\d+)?(?:[-.][\w.]+)?\]?(?:\s|$|[()\]:–—-])", re.I)
_RELEASE = re.compile(r"(?<![\w.])v?\d+\.\d+(?:\.\d+)?(?![\w.])|\breleased?\b", re.I)  # a post announcing one
# A release announced in the words of its makers: "we are thrilled to announce our upcoming release ... v2.9.0".
_WE_ANNOUNCE = re.compile(r"(?i)\bwe(?:'re| are)? (?:(?:very|so|really) )?(?:thrilled|excited|proud|happy|pleased"
                          r"|delighted) to (?:announce|introduce|unveil|release)\b")
_VERSION_SAID = re.compile(r"(?<![\w.])v?\d+\.\d+(?:\.\d+)?(?![\w.])")
_OPENING_BLOCKS = 3  # the prose blocks a page opens with, where an announcement says what it announces


def _announces(page: Page) -> bool:
    """Whether the page opens as a release's announcement: in its first paragraphs, its makers announce ("we are
    thrilled to announce") and a version is named."""
    opening = [b.text for b in page.blocks if b.kind in PROSE_KINDS][:_OPENING_BLOCKS]
    return any(_WE_ANNOUNCE.search(t) for t in opening) and any(_VERSION_SAID.search(t) for t in opening)


# A release's announcement: `3.10-announcement.md`, "Announcing Harbor 2.0", "Harbor 2.0 is out".
_ANNOUNCED = re.compile(r"(?i)(?<![\w.])v?\d+(?:\.\d+)+[-_ ]+(?:announcement|release[-_ ]announcement)\b"
                        r"|\bannouncing\b.*?(?<![\w.])v?\d+(?:\.\d+)+|(?<![\w.])v?\d+(?:\.\d+)+ (?:is out|released)\b")
# typedoc-plugin-markdown titles each page by the kind of its symbol: "Interface: TestingPinia", "Function: x()".
# The folders typedoc-plugin-markdown writes each kind of symbol into, a page per symbol.
_TYPEDOC_FOLDERS = frozenset({"type-aliases", "interfaces", "functions", "classes", "variables", "enumerations",
                              "namespaces"})
# typedoc-plugin-markdown names a symbol's page for its module and the symbol (`api_key.Query`,
# `core_flows.Api_Key.createApiKeysStepId`, `types.Maybe-1` for the second of a name), titled with the symbol alone.
_SYMBOL_PAGE = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\.([A-Za-z_$][\w$]*)(?:-\d+)?")
_SYMBOL_SPACING = re.compile(r"[\\\s_]")  # a title's escapes and spaces (`Workflows\_Line Item`)
_ROUTE_FILES = frozenset({"page", "index", "readme", "_index", "+page"})  # a route's page named for its folder
_TYPEDOC_TITLE = re.compile(r"(?:Interface|Function|Type Alias|Variable|Class|Enumeration|Namespace|Module):\s+\S")
# typedoc-plugin-markdown's line under each symbol: "Defined in: [packages/x/src/y.ts:16](https://...)", or the
# path alone; its older releases wrote "*Defined in [src/utils.ts:35](https://...)*"; with line numbers left out of
# its source links, "Defined in: [ui/label/index.ts](https://...)".
_TYPEDOC_DEFINED = re.compile(r"(?m)^[*_]?Defined in:? \[?[^\s\]]+\.[cm]?[jt]sx?(?::\d+|\]\()")
# An anchor named for a member's qualified name, in its heading's line or on the line above it, as API reference
# generators write them (jsii-docgen's `### AbstractPod <a name="org.cdk8s.plus27.AbstractPod"></a>`, protoc-gen-doc's
# `<a name="acme.v1.Order"></a>` over `### Order`): links to types of other packages go to ids no page of the site has.
_QUALIFIED_ANCHOR = re.compile(r"""<a\s+(?:name|id)\s*=\s*["'][A-Za-z_][\w-]*(?:\.[\w-]+)+["']\s*>\s*</a>\s*$""")
_QUALIFIED_LEAST = 10


def _qualified_anchors(headings: list[Block], lines: list[str]) -> int:
    """How many headings carry an anchor named for a qualified name (`_QUALIFIED_ANCHOR`)."""
    return sum(1 for b in headings if 0 < b.line <= len(lines) and (
        _QUALIFIED_ANCHOR.search(lines[b.line - 1]) or (b.line > 1 and _QUALIFIED_ANCHOR.match(lines[b.line - 2]))))


# A member heading that links to the line of the source file it was made from, as API reference generators write
# them (`### \`start\` <sup><a href="https://github.com/o/r/blob/main/src/x/cli.py#L36">`).
_SOURCE_LINE_LINK = re.compile(r"""(?i)(?:href=["']|\]\()[^"')\s]*/(?:blob|tree|src)/[^"')\s]+"""
                               r"""\.(?:py|pyi|[cm]?[jt]sx?|go|rs|java|kt|rb|php|cs|swift|c|cc|cpp|h|hpp)#L\d+""")
# A member of a type as API docs list it: "* `width` number", "- `headers` Record<string, string> (optional) - ...".
_TYPED_MEMBER = re.compile(r"\s*[-*+]\s+`[\w$.]+`\s+(?:\\?[\[(<]|[A-Za-z])")
_TOCTREE = re.compile(r"\s*(?:`{3,}|~{3,}|:{3,})\{toctree\}")  # MyST's table of contents directive
_MIGRATION = re.compile(r"(?i)\b(?:migrat\w*|upgrad\w*|updating\s+(?:from|to)\s+(?:\w+\s+)?v?\d|update\s+to\s+v?\d)")
# The page a form, a sign-up or a donation sends its reader back to: "Thanks for the Coffee", "Thank you for
# subscribing"; a line or two is all it says. ("Thanks" alone titles a page of credits.)
_THANKS_TITLE = re.compile(r"(?i)\s*(?:thanks|thank\s+you)(?:\s+so\s+much)?\s+for\b")
_THANKS_WORDS = 40
_NOT_FOUND_NAME = frozenset({"404", "not-found", "notfound", "404-page"})
# GitHub's community files that say where to report or ask (`SECURITY.md`, `SUPPORT.md`, named in capitals as GitHub
# looks for them), at the top of the repository, in `.github/` or `docs/`.
_POLICY_NAMES = frozenset({"SECURITY", "SUPPORT"})
_META_REFRESH = re.compile(r"""<meta\s[^>]*http-equiv\s*=\s*['"]?refresh""", re.I)
_REDIRECT_COMPONENT = re.compile(r"<\s*(?:Redirect|Navigate)\b")
# A script that sends the reader elsewhere as the page loads: a router's go/push/replace, or the location set.
# Or a script of the site's named for what it does (`<script src="/docs/js/redirect-old-api.js">`).
_REDIRECT_SCRIPT = re.compile(r"<script\b[^>]*>(?:(?!</script>).)*?(?:\b(?:go|navigate)\s*\("
                              r"|\brouter\.(?:push|replace)\s*\(|\blocation\.(?:replace|assign)\s*\("
                              r"|\blocation(?:\.href)?\s*=[^=])"
                              r"|<script\b[^>]*\bsrc\s*=\s*['\"][^'\"]*\bredirect[^'\"/]*['\"]", re.S | re.I)
_NOSCRIPT = re.compile(r"(?is)<noscript\b[^>]*>.*</noscript>")
_REDIRECT_WORDS = 12  # words a page that redirects by script may say while it does ("Resolving legacy link…")
# A front matter value naming another page's file: the page it is made from, with a few words replaced.
_PAGE_PATH = re.compile(r"(?:\.{0,2}/)?(?:[\w.-]+/)+[\w.-]+\.mdx?")
# Content filled in at build time: snippet includes (pymdownx, markdown-include, Jinja, FastAPI's `{* *}`, an
# `@include path` line a site's own build replaces with the file (`@include: path`, markdown-it-include's `includeRe`
# as a site sets it), Hugo's `{{% include "x.md" %}}` and Docsy's
# `{{< readfile "x.md" >}}`, markdown-it-include's `!!!include(x.md)!!!`, MyST's ```{include} and ```{literalinclude},
# reStructuredText's `.. include::`). A page
# with includes and little prose of its own is made of them; one with prose of its own is a doc that shows a file.
_INCLUDE = re.compile(r"(?m)^\s*(?:-+8<-+\s|\{%\s*include\b|\{!.+!\}|\{\*.+\*\}|<!--\s*@include:|!!!include\("
                      r"|:{1,2}(?:partial|include|snippet)\{"  # an MDC component a site fills in from a partial
                      r"|\{\{#include\s|<include\b[^>]*>[^<]+\.mdx?\s*</include>"
                      r"|<embed\s+src\s*=\s*[\"'][^\"']+\.mdx?(?:#[^\"']*)?[\"']"  # dumi's embed of a Markdown file
                      r"|@include:?\s+[\w./-]+\s*$|\{\{[<%]\s*(?:include|readfile)\s"
                      r"|(?:`{3,}|:{3,})\{(?:literal)?include\}|\.\.\s+(?:literal)?include::)")
# mkdocs-render-swagger-plugin's embed of an OpenAPI spec, a file or an address: `!!swagger openapi.json!!`,
# `!!swagger-http https://api.example.org/openapi.json!!`.
_SWAGGER = re.compile(r"(?m)^\s*!!swagger(?:-http)?\s+\S+!!\s*$")
# A line that is a build plugin's macro alone, which it replaces with what it makes: remark-auto-glossary's
# `%%RemarkAutoGlossary::list_all%%`, the whole glossary.
# ... or an mdBook preprocessor's directive of its own (`{{#markerdocs object}}`, declared in `book.toml` as
# `[preprocessor.markerdocs]`), not mdBook's built-in includes.
MACRO_LINE = re.compile(r"(?m)^[ \t]*(?:%%[A-Za-z][\w-]*(?:::[\w\\-]+)+%%"  # (`list\_all`, escaped too)
                         r"|\{\{#(?!(?:include|rustdoc_include|playground|title)\b)[a-z][\w-]*(?:[ \t][^}\n]*)?\}\})"
                         r"[ \t]*$")
_FILLED_PROSE = 100
# A line that is an expression the docs app evaluates when it shows the page, its result shown in its place:
# SilverBullet's Space Lua, `${query[[from p = index.pages("guide") select templates.pageItem(p)]]}`,
# `${widgets.subPages()}` (a call or a query, not a `${name}` placeholder).
_LIVE_EXPRESSION = re.compile(r"(?m)^[ \t]*\$\{[ \t]*([A-Za-z_][\w.]*)[ \t]*(?:\[\[|\()")
_ATTRIBUTES = re.compile(r"\s*\{[^{}]*\}\s*$|^\s+")  # a heading's attributes after it, `{#id}`, `{docsify-ignore}`
# An MDC block component that links (a card): `::card{to="/x"}`, or `:::u-page-card` with `to:` among the YAML props
# between `---` lines after it.
_MDC_LINK_CARD = re.compile(r"(?m)^[ \t]*:{2,}[A-Za-z][\w-]*(?:\{[^}\n]*\b(?:to|href)=[^}\n]*\}[ \t]*$"
                            r"|[ \t]*\n[ \t]*---[ \t]*\n(?:[ \t]*[\w-]+:[^\n]*\n){0,12}?[ \t]*(?:to|href):)")
# A line the site's build replaces with generated content, written as a quote of one upper-case keyword and its
# argument: `> MODULE: @scope/pkg`, `> TYPES: Private types`, `> EXPANDED_TYPES: Config#Kit` (as Svelte's docs do).
# A callout keyword (`> NOTE: ...`) opens prose, not a directive; an argument of more than a few words is prose too.
_BUILD_DIRECTIVE = re.compile(r"(?m)^>[ \t]*([A-Z][A-Z_]{2,}):[ \t]+([^\s.!?][^\n]{0,60}?)[ \t]*$")
_CALLOUT_WORDS = frozenset("""NOTE NOTES TIP TIPS HINT INFO WARNING WARN CAUTION DANGER IMPORTANT ATTENTION ERROR
    EXAMPLE EXAMPLES TODO FIXME BUG DEPRECATED SEE UPDATE EDIT TLDR SUMMARY QUESTION ANSWER""".split())  # noqa: SIM905
# A page that says, in a comment at its top (front matter or HTML/MDX), that a program writes it: the convention of
# code generators ("Code generated by X. DO NOT EDIT.", "This file is auto generated from source", "This file is
# automatically generated").
_SAYS_GENERATED = re.compile(r"(?i)\b(?:auto-?\s?generated|automatically generated|generated (?:by|from|with)"
                             r"|do not edit|don'?t (?:edit|modify) this file)\b[^\n]*")
# A comment at a page's top that says the file is there only for the navigation: "This file exists only to create a
# section heading. Its output is deleted by the build."
_SAYS_NAV_ONLY = re.compile(r"(?i)\b(?:file|page)\s+(?:exists|is\s+here|is\s+there)\s+(?:only|solely|just)\s+to\s+"
                            r"(?:create|make|add|define|hold|group)\b[^\n.]*?\b(?:heading|section|sidebar|navigation|nav"
                            r"|group|category|menu)\b[^\n]*")
_HEAD_LINES = 15
_INDEX_NAMES = frozenset({"index", "readme", "_index"})
# Sections named for the element they show: a page of the site's styles for text (lorem ipsum on purpose).
_ELEMENT = re.compile(r"(?i)(?:block\s*quotes?|paragraphs?|code|inline\s+code|code\s+blocks?|variables?|user\s+input|"
                      r"sample\s+output|keyboard(?:\s+input)?|lists?|(?:un)?ordered\s+lists?|tables?|headings?|"
                      r"emphasis|bold|italics?|strikethrough|links?|images?|horizontal\s+rules?|abbreviations?|"
                      r"marked\s+text|subscripts?|superscripts?|definition\s+lists?|typography)")
# A page that says of itself that it is there to show something work, not to tell the reader anything: a plugin's
# demo pages ("This page exists solely for demonstration purposes and contains no useful information").
_SAYS_DEMO = re.compile(r"(?i)\bthis\s+page\s+(?:exists|is\s+here|is)\s+(?:solely\s+|only\s+|purely\s+|just\s+)?"
                        r"(?:for|as)\s+(?:a\s+)?demonstration(?:\s+purposes)?\b|\bthis\s+is\s+a\s+demo(?:nstration)?\s+page\b"
                        # "This page demonstrates the styling and colors of alerts": a page of how the theme looks
                        r"|\bthis\s+page\s+(?:demonstrates|shows(?:\s+off)?|showcases)\s+(?:the\s+|how\s+)?"
                        r"(?:(?:\w+\s+)?(?:styl(?:e|es|ing)|colou?rs?|look|appearance|rendering)\b|\w+\s+(?:look|render)s?\b)")
# A heading that shows its level's style: "Heading 2", "H2", "h2 Heading", "Header 3", "h2 title", its own markup
# shown before it ("\\### Header 3").
_LEVEL_NAMED = re.compile(r"(?i)(?:\\?#{1,6}\s*)?(?:head(?:ing|er)\s*h?|h)\s*([1-6])"
                          r"(?:\s+(?:heading|header|(?:\w\s+)?title))?")
_COUNTED = re.compile(r"(?i)heading[ _]?(\d+)(?!\d)")  # "Heading 7", "Heading 7.1", "Heading_17_is_a_long_one"
_COUNTED_MIN = 3
_LINK_SECTION_WORDS = 40
_OPENING_CODE = re.compile(r"^\[?`([^`\n]{1,60})`")
# A heading that is a name as code spells it, without backticks: `## add`, `### license-files`, `#### cache.dir`.
_IDENTIFIER = re.compile(r"[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)*")
# A type's name as code spells it, a capital inside it: `AsPos`, `UniqueForDateValidator`.
_CAMEL = re.compile(r"[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+")
# Two of them, the first a heading of its own: a subcommand, `### cache clear` under `## cache`.
_SUBCOMMAND = re.compile(r"[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)* [a-z][a-z0-9]*(?:[-_.][a-z0-9]+)*")
# A heading that is a call's signature, its arguments in a parenthesis (`scaleLinear(domain, range)`,
# `linear.invert(value)`, `selection.on(typenames[, listener])`): one member of an API, written without code marks.
_SIGNATURE = re.compile(r"(?:new\s+)?[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\s*\([^()]{0,80}\)")
_MEMBER_SHARE = 0.4  # headings that name one member each (`size`, `onPress()`), of the page's section headings


def _version_parts(version: str) -> list[str]:
    """A version's numbers and words in order: `0-1-0-beta-29` and `0.1.0-beta.29` -> 0, 1, 0, beta, 29."""
    return [part for part in re.split(r"[-._]+|(?<=\d)(?=[a-z])|(?<=[a-z])(?=\d)", version.lower().lstrip("v")) if part]


def _named_for_its_version(stem: str, title: str) -> bool:
    """A page whose file is named for one release its title gives, a patch or a pre-release: that release's notes,
    even titled as an upgrade (`0-1-0-beta-29.mdx`, "Upgrade: 0.1.0-beta.29"). A page for a line (`6-0.md`,
    "Updating to 6.0") is a migration guide."""
    if not _VERSION_STEM.match(stem):
        return False
    parts = _version_parts(stem)
    if not (any(part.isalpha() for part in parts) or (len(parts) >= 3 and parts[2] != "0")):
        return False
    return any(_version_parts(m.group(0)) == parts for m in _TITLE_VERSION.finditer(title))


def _build_directives(source: str) -> list[str]:
    """Keywords of the lines a build fills in (`> MODULE: $app/forms`) in a page's source."""
    return [m.group(1) for m in _BUILD_DIRECTIVE.finditer(source)
            if m.group(1) not in _CALLOUT_WORDS and len(m.group(2).split()) <= 3 and not m.group(2).endswith(".")]


def _source_linked_headings(page: Page, lines: Sequence[str]) -> int:
    """Headings whose own line links to a line of a source file; a lone one counts twice where it names a member
    in code (a module's one class, `InvalidTokenError`, with its source link)."""
    if "#L" not in page.source:
        return 0
    linked = [b for b in page.blocks if b.kind == "heading" and 0 < b.line <= len(lines)
              and _SOURCE_LINE_LINK.search(lines[b.line - 1])]
    return 2 if len(linked) == 1 and linked[0].inline_code else len(linked)


def is_version_heading(title: str) -> bool:
    """A heading that names a release (`## 0.104.0`, `## v2.1 (2024-05-01)`), as release notes are sectioned."""
    return bool(_VERSION_HEADING.match(title.strip()))


def is_roadmap(page: Page) -> bool:
    """Whether the page says what is to come (`roadmap.md`, `# Roadmap`): kept current, never a record, even in a
    folder of releases."""
    stem = page.path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    return bool(_ROADMAP.match(stem) or _ROADMAP.match(page.title.strip()))


# What a redirect that sends its reader on by itself was known by (its front matter, a tag, a component, a script), as
# against a notice the reader reads and then follows.
_SENDS_AWAY = ("front matter", "redirects its readers", "a script sends")


def section_cascades(page: Page) -> list[Mapping[str, Any]]:
    """The front matter Hugo's `cascade` in a section's `_index.md` gives every page below it: a mapping, or each of a
    list of them, those aimed at some pages alone (`_target`) aside; none for any other page."""
    if page.abspath.name != "_index.md":
        return []
    cascade = page.front_matter.get("cascade")
    return [given for given in (cascade if isinstance(cascade, list) else [cascade])
            if isinstance(given, Mapping) and not given.get("_target") and not given.get("target")]


def sends_away(page: Page) -> bool:
    """Whether the page is a redirect that sends its reader elsewhere as it loads: an anchor in a link to it is looked
    for where it sends them (by its script, when that maps old anchors to new pages), not on it."""
    return page.page_type == "redirect" and page.type_reason.startswith(_SENDS_AWAY)


# The number a folder's name starts with to order it (`02-rfcs/`, `1.guides/`), which Docusaurus, VuePress and
# GitBook themes drop from its name.
_ORDER_PREFIX = re.compile(r"^\d+[-_.](?=[a-z])")


def folder_names(path: str) -> list[str]:
    """The names of the folders a page is in, lower-cased, without the numbers that order them (`02-rfcs` is
    `rfcs`)."""
    return [_ORDER_PREFIX.sub("", f.lower()) for f in path.split("/")[:-1]]


def post_reason(page: Page) -> str:
    """Why a page is a dated post (a blog folder, a date-prefixed name, front matter date and author, the notes of
    meetings), or ''."""
    name = page.path.rsplit("/", 1)[-1]
    front = page.front_matter
    # a blog folder, or one named with a blog's name among its words (`blog-video/`, `tech_blog/`)
    folders = folder_names(page.path)
    return ("in a blog folder" if any(f in _BLOG_DIRS or _BLOG_DIRS & set(re.split(r"[-_]", f)) for f in folders)
            else "in a folder of articles, dated" if _ARTICLE_DIRS & set(folders) and any(
                front.get(k) for k in _POST_DATES) else
            "a date-prefixed file name" if _DATED_NAME.match(name) else
            "front matter `date` and `author`" if front.get("date") and (front.get("authors") or front.get("author"))
            else "front matter `layout: post`" if _post_layout(page)
            else "the notes of meetings, a dated record" if _minutes(page) else "")


def _post_layout(page: Page) -> bool:
    """Whether the page's front matter lays it out as a post (`layout: post`, Jekyll's and Eleventy's blogs')."""
    layout = page.front_matter.get("layout")
    return isinstance(layout, str) and layout.strip().lower() in ("post", "blog-post", "blogpost")


# The notes of meetings: named so ("Meeting Notes Archive - 2020", `meeting-minutes.md`), or their entries' headings
# (`## December 7, 2020` over `### Attendees:`). What they record was said on the day: an action item's "TODO",
# "in the coming weeks", the empty entry of a meeting cancelled.
_MINUTES_NAME = re.compile(r"(?i)\bmeeting[-_\s]+(?:notes?|minutes|recaps?|records?)\b|\bminutes\s+of\s+(?:the\s+)?\w+")
_ROLL_HEADING = re.compile(r"(?i)\s*(?:attendees|attendance|participants|present|agenda(?:\s+items)?|action\s+items|"
                           r"minutes|notes)\s*:?\s*$")
_MONTH = rf"(?:{text.MONTHS})\.?"
_DATE_HEADING = re.compile(rf"(?i)\s*(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\s+)?"
                           rf"(?:{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+(?:19|20)\d\d"
                           rf"|\d{{1,2}}\s+{_MONTH},?\s+(?:19|20)\d\d|(?:19|20)\d\d[-/.]\d\d?[-/.]\d\d?)\b")


def _minutes(page: Page) -> bool:
    """Whether a page holds the notes of meetings: named so, with an entry's parts (attendees, agenda, notes) or a
    heading that is a date; or two or more headings that are dates over those parts."""
    rolls = any(_ROLL_HEADING.match(sec.title) for sec in page.sections)
    dated = sum(1 for sec in page.sections if _DATE_HEADING.match(sec.title))
    stem = page.path.rsplit("/", 1)[-1].rsplit(".", 1)[0].replace("-", " ").replace("_", " ")
    if _MINUTES_NAME.search(page.title) or _MINUTES_NAME.search(stem):
        return rolls or dated > 0
    return rolls and dated >= 2


def _defines_title(page: Page, prose: list[Block]) -> bool:
    """Whether the page is one short paragraph that defines its title ("A _string_ is a sequence of bytes."), as a
    glossary's entries are."""
    title = page.title.strip().strip("`*_").lower()
    if not title or len(prose) != 1 or text.count(prose[0].text) > 60 or page.code_blocks:
        return False
    first = re.sub(r"[`*_]", "", prose[0].text).strip().lower()
    return re.match(rf"(?:an?\s+|the\s+)?{re.escape(title)}s?\s+(?:is|are|means|refers\s+to)\b", first) is not None


def _shows_levels(page: Page) -> int:
    """How many headings, two or more, are named for their level ("## Heading 2", "### Heading H3"; an attribute
    after one aside: `# Heading 1 {docsify-ignore}`): a page that shows how each level looks; else 0."""
    levels = [sec for sec in page.sections if (named := _LEVEL_NAMED.fullmatch(_ATTRIBUTES.sub("", sec.title)))
              and int(named.group(1)) == sec.level]
    return len(levels) if len(levels) >= 2 else 0


MODULE = "a module of the site's own"  # an MDX file of exports, which pages import: the partial's reason starts so
_DEFAULT_EXPORT = re.compile(r"(?m)^\s*export\s+default\b")  # `export default () => <Search />` renders the page


# A Hugo archetype (`archetypes/default.md`): the front matter `hugo new` fills in for a new page, its values Go
# template actions (`title: "{{ replace .Name "-" " " | title }}"`, `date: {{ .Date }}`). No page of the site.
ARCHETYPE = "a Hugo archetype: the front matter `hugo new` fills in for a new page"
FILLED_FRONT = "a page to copy, as its name says: its front matter holds the placeholders its copier fills in"
_GO_TEMPLATE_FRONT = re.compile(r"\A\ufeff?(---|\+\+\+)[ \t]*\n(?:(?!\1).*\n)*?.*\{\{.*\}\}", re.M)


# A file that opens by defining a partial of etpl, the template engine a site's build assembles its pages with
# (`{{ target: partial-version }}`, used in entries as `{{ use: partial-version(...) }}`): a fragment, no page.
_TEMPLATE_PARTIAL = re.compile(r"\A\s*\{\{\s*target\s*:\s*partial[-\w]*\s*\}\}")


# A slide deck in Markdown: remark.js' (slides between `---` lines, a slide's properties right after one, `class:
# center, middle`, its presenter notes after `???`, `--` for a step of a slide), Marp's (`marp: true`) or reveal.js'
# (reveal-md's `revealOptions` front matter; a slide's attributes in a comment, `<!-- .slide: data-background=... -->`,
# its speaker notes after a `Note:` line; or the deck an HTML page of its name beside it shows, `class="reveal"`).
_REVEAL_SLIDE = re.compile(r"<!--\s*\.(?:slide|element):")
_REVEAL_NOTES = re.compile(r"(?m)^Note:[ \t]*$")  # alone on its line: a paragraph that opens "Note:" is prose
_REVEAL_PAGE = re.compile(r"""class\s*=\s*["']reveal["']""")
_SLIDE_BREAK = re.compile(r"(?m)^---[ \t]*$")
_SLIDE_NOTES = re.compile(r"(?m)^\?\?\?[ \t]*$")
_SLIDE_PROPERTY = re.compile(r"(?m)^---[ \t]*\n(?:class|name|layout|template|background-image|count):[ \t]*\S")
_SLIDE_STEP = re.compile(r"(?m)^--[ \t]*$")
_SLIDE_BREAKS_MIN = 3


def _slide_deck(page: Page) -> str:
    """Why the page is a slide deck (remark.js' slides and presenter notes, Marp's front matter), or ''."""
    if page.front_matter.get("marp") is True:
        return "front matter `marp: true`"
    if isinstance(page.front_matter.get("revealOptions"), dict):
        return "reveal-md's front matter `revealOptions`"
    after = next((b.end_line for b in page.blocks if b.kind == "front_matter"), 0)
    body = "\n".join(page.source.split("\n")[after:])
    if len(_SLIDE_BREAK.findall(body)) < _SLIDE_BREAKS_MIN:
        return ""
    if _SLIDE_NOTES.search(body):
        return "slides between `---` lines, presenter notes after `???`"
    if _SLIDE_PROPERTY.search(body) or len(_SLIDE_STEP.findall(body)) >= 2:
        return "slides between `---` lines, each with its properties or steps"
    if _REVEAL_SLIDE.search(body) or _REVEAL_NOTES.search(body):
        return "reveal.js slides between `---` lines, with slide attributes or speaker notes"
    shown = page.abspath.with_suffix(".html")
    try:
        if shown.is_file() and _REVEAL_PAGE.search(shown.read_text(encoding="utf-8", errors="replace")):
            return f"reveal.js slides between `---` lines, shown by {shown.name} beside it"
    except OSError:
        pass
    return ""


_LAIKA_NAVIGATION = re.compile(r"(?m)^@:navigationTree\b")  # Laika's directive (Typelevel's sites), alone on its line
# Swift-DocC: a catalog (`Sources/Acme/Acme.docc/`) whose pages end in a `## Topics` section of task groups
# (`### Essentials`), each a list of symbols and articles (``` - ``Acme/Widget`` ```, `- <doc:GettingStarted>`): DocC
# shows each item with its summary, and leaves out a group that lists nothing.
DOCC_TOPICS = "DocC's Topics: each symbol and article it lists shown with its summary"
_DOCC_ITEM = re.compile(r"\s*[-*+]\s+(?:``[^`\n]+``|<doc:[^>\s]+>)")


# A DocC page titled with a symbol (``# ``Acme/Widget`` ``) extends the documentation the source's doc comment writes:
# DocC joins the two into the symbol's page.
_DOCC_SYMBOL_TITLE = re.compile(r"\s{0,3}#\s+``[^`\n]+``\s*$")


def _in_docc(page: Page) -> bool:
    return any(folder.endswith(".docc") for folder in page.path.split("/")[:-1])


def docc_topics(page: Page) -> int | None:
    """The index of a DocC catalog page's `## Topics` section, if it has one."""
    if not _in_docc(page):
        return None
    return next((i for i, s in enumerate(page.sections) if s.level == 2 and s.title.strip() == "Topics"), None)


def classify(page: Page, partial: bool = False, signals: Signals = DEFAULT) -> tuple[str, str]:
    """(page type, why) of a page; `partial` says the site includes it into other pages."""
    name = page.path.rsplit("/", 1)[-1]
    stem = name.split(".", 1)[0]
    folders = folder_names(page.path)
    front = page.front_matter
    if partial or partial_name(name) and not _shows_levels(page):  # `__elements.md`: the site's makers' styling page
        return "partial", "included into other pages"
    if _SNIPPET_DIRS & set(folders) and page.code_blocks and not (
            {b.kind for b in page.blocks} - {"front_matter", "comment", "code", "esm"}):
        return "partial", f"{SNIPPET}, in a `snippets/` folder, shown inside other pages"
    if {b.kind for b in page.blocks} - {"front_matter", "comment"} == {"esm"} and not any(
            _DEFAULT_EXPORT.search(b.text) for b in page.blocks if b.kind == "esm"):  # `export const Badge = ...`
        return "partial", f"{MODULE}: only `import` and `export` statements, nothing shown"
    if _TEMPLATE_PARTIAL.match(page.source):
        return "partial", "a template engine's partial (`{{ target: partial-version }}`), used in other entries"
    if _DYNAMIC_ROUTE.fullmatch(name.rsplit(".", 1)[0]):
        return "generated", "a dynamic route's template, filled in for each of its pages (`[name].md`)"
    if "archetypes" in folders and _GO_TEMPLATE_FRONT.match(page.source):
        return "template", ARCHETYPE
    if _TEMPLATE_NAME.search(stem) and _GO_TEMPLATE_FRONT.match(page.source):
        return "template", FILLED_FRONT
    if stem.lower() in _NOT_FOUND_NAME:
        return "404", f"file name {name}"
    if stem in _POLICY_NAMES and folders in ([], [".github"], ["docs"]):
        return "hub", f"the repository's {stem.lower()} policy, which GitHub shows: where to report, with whom"
    if any(folder.lower() in _GENERATED_DIRS for folder in page.path.split("/")[:-1]):
        return "generated", f"{IN_GENERATED} (`generated/`: a program writes them)"
    if _cobra(page):  # `helm upgrade`'s page is a command's reference, not an upgrade guide; `tilt demo`'s no notice
        return "generated", "a command's reference as cobra's doc generator writes it (`### SEE ALSO`)"
    redirect = next((k for k in signals.redirect_keys if front.get(k)), None)
    if redirect:
        return "redirect", f"front matter `{redirect}`"
    # A page of front matter only whose own key says it sends its readers on (`metaRefreshToLatest: true`)
    redirect = next((str(k) for k, v in front.items() if v and _REDIRECT_KEY.search(str(k))), None)
    if redirect and not page.prose_blocks:
        return "redirect", f"front matter `{redirect}`, and nothing else on the page"
    # A file of front matter only that gives another site's address (`url: https://docs.rs/...`, `link:`): an entry a
    # site's list shows as a link there (a showcase of community projects, a list of resources), nothing to read.
    elsewhere = next((str(k) for k in _ADDRESS_KEYS if isinstance(front.get(k), str)
                      and _ELSEWHERE.match(front[k].strip())), None)
    if elsewhere and bare(page):
        return "redirect", f"front matter `{elsewhere}`: another site's address, and nothing else on the page"
    # Docsy's `manualLink`: the page's menu entry opens another site; the sentence or two under it say where.
    if front.get("manualLink") and page.words < _MANUAL_LINK_WORDS:
        return "redirect", "front matter `manualLink`: its menu entry links elsewhere"
    if _META_REFRESH.search(page.source) or any(b.kind == "jsx" and _REDIRECT_COMPONENT.search(b.text)
                                                for b in page.blocks):
        return "redirect", "redirects its readers"
    prose = [b for b in page.prose_blocks if b.kind != "table"]
    total = sum(text.count(b.text) for b in prose)
    # (the words of a `<noscript>` paragraph are for a reader whose browser runs no scripts: not the page's)
    lines = page.source.splitlines()
    scripted = sum(text.count(b.text) for b in prose
                   if not _NOSCRIPT.fullmatch(" ".join(lines[b.line - 1:b.end_line]).strip()))
    if scripted <= _REDIRECT_WORDS and any(b.kind in ("html", "jsx") and _REDIRECT_SCRIPT.search(b.text)
                                        for b in page.blocks):
        return "redirect", "a script sends its readers elsewhere"
    links = [link for link in page.links if not link.image]
    notice = text.phrases(signals.notice_words)
    # The notice may be a shortcode's or component's name around the link (`{{< deprecated-in 0.163 >}}`).
    wrappers = " ".join(re.sub(r"[-_]|(?<=[a-z])(?=[A-Z])", " ", m.group(1) or m.group(2)).lower()
                        for m in _WRAPPER.finditer(page.source))
    # (A short changelog, its entries under version headings, says "removed" and "renamed" of what it lists.)
    versions = sum(1 for b in page.blocks if b.kind == "heading" and _VERSION_HEADING.match(b.text.strip()))
    # A dated post that links elsewhere tells news ("we removed the experimental tag", "how he moved from Docker to
    # Podman": a link to the full post): a post, not a page that moved.
    # Worked examples under the notice (two code blocks, or one of more than a few lines) make it a guide to what
    # replaced the thing removed.
    worked = len(page.code_blocks) > 1 or any(b.end_line - b.line > _NOTICE_CODE_LINES for b in page.code_blocks)
    if links and total <= signals.notice_words_max and versions < 2 and not post_reason(page) and not worked and (
            any(notice.search(b.text) for b in prose) or notice.search(wrappers)):
        return "redirect", "a short moved or removed notice that links elsewhere"
    told = [b for b in prose if not _VERSION_NOTE.fullmatch(b.text)]  # a version note (`> v2.0 and after`) aside
    # One short paragraph that sends its readers to one place (or two or three: a card for each), the pointer its
    # first sentence or its last ("X supports proxying out of the box. See https://github.com/x/x#proxy."), the place
    # linked once or twice.
    if (len(told) == 1 and total <= _POINTER_WORDS and not page.code_blocks
            and _pointed_places(links, told[0])
            and any(_POINTER.match(sentence) for sentence in re.split(r"(?<=[.!?])\s+", told[0].text))):
        return "redirect", "one sentence that sends its readers to another page"
    if not links and len(told) == 1 and total <= _NOTICE_ALONE_WORDS and not page.code_blocks and len(
            page.sections) <= 1 and _DEPRECATED_ALONE.search(told[0].text):
        # "The Redash Slackbot is now deprecated.": all a page kept for its old addresses says, no place to go to
        return "redirect", "a short notice alone that what it documented is deprecated or removed"
    if not links and len(told) == 1 and total <= _POINTER_WORDS and not page.code_blocks and _TO_MENU.search(
            told[0].text):  # "Check out the available labs on the side menu": the menu its layout draws
        return "hub", "one sentence that sends its readers to the menu beside it"
    deck = _slide_deck(page)
    if deck:
        return "showcase", f"a slide deck: its headings are its slides' titles ({deck})"
    levels = _shows_levels(page)
    if levels:
        return "showcase", f"shows how the site's elements look ({levels} headings named for their level)"
    below = [sec for sec in page.sections if sec.level > 1]
    # "## Heading 1", "## Heading 2", ... "## Heading 35": sections counted, not named, to fill a page and its table
    # of contents (a page that shows how a long one looks).
    counted = {int(found.group(1)) for sec in below if (found := _COUNTED.match(sec.title.strip()))}
    if len(counted) >= _COUNTED_MIN and len(counted) * 2 > len(below):
        return "showcase", f"shows how the site's elements look ({len(counted)} headings numbered, not named)"
    shown = _other_project(page.front_matter)
    if shown:  # a theme gallery's page of each theme, its README copied in by a script
        return "showcase", f"an entry of a gallery of other projects, whose own text it shows ({shown})"
    says_demo = next((said for b in page.blocks if b.kind in PROSE_KINDS and (said := _SAYS_DEMO.search(b.text))),
                     None)
    if says_demo:  # a plugin's demo pages: "This page exists solely for demonstration purposes"
        words = " ".join(says_demo.group(0).split())
        return "showcase", f"says it is there to demonstrate: '{words}'"
    elements = [sec for sec in below if _ELEMENT.fullmatch(sec.title.strip())]
    if len(elements) >= 3 and len(elements) * 2 > len(below):  # "## Block quote", "## Paragraphs", "## Code"
        return "showcase", f"shows how the site's elements look ({len(elements)} sections named for an element)"
    pictures = sum(1 for link in page.links if link.image) + sum(
        len(_IMG.findall(b.text)) for b in page.blocks if b.kind in ("html", "jsx"))
    labels = [b for b in prose if b.text.strip()]
    if pictures >= _GALLERY_MIN and pictures >= len(labels) and not page.code_blocks and all(
            len(b.text.split()) <= _CAPTION_WORDS for b in labels):  # a logo page: "## Standard logo", "**SVG:**", ...
        return "showcase", f"a gallery: {pictures} pictures, its text only their labels"
    if total <= _VIDEO_WORDS and not page.code_blocks and any(
            b.kind in ("html", "jsx") and _VIDEO.search(b.text) for b in page.blocks):
        return "showcase", "a video: the player it embeds is what its readers come for"
    if stem.lower() in _GITHUB_TEMPLATES:
        return "template", "GitHub's issue or pull request template, by its name: filled in by whoever opens one"
    guides = _template_comments(page)
    if guides:
        return "template", f"a page to copy: headings, and {guides} comments that say what to write under them"
    copy = _says_copy(page, stem)
    if copy:
        return "template", f"a page to copy, as its name and its own words say: '{copy}'"
    blanks = _named_template(page, stem)
    if blanks:
        return "template", f"a page to copy, as its name or its folder's says: {blanks} sections left empty to fill in"
    variables = _variables(page)
    if variables:
        return "template", f"a template a build fills: {variables} of its lines hold variables (`{{{{var.x}}}}`)"
    for key in _LAYOUT_KEYS:
        value = front.get(key)
        if isinstance(value, str) and "redirect" in value.lower():  # MkDocs `template: redirect.html`
            return "redirect", f"front matter `{key}: {value.strip()}`"
        if isinstance(value, str) and value.strip().lower() in _LAYOUTS and not (
                total >= _FILLED_PROSE and post_reason(page)):  # a post laid out wide (`template: splash`) is a post
            return "landing", f"front matter `{key}: {value.strip()}`"
    # (Hugo's `type` picks the layouts too: `type: search-index` with `url: index.json` is the search index's file)
    kind_key = next((k for k in (*_LAYOUT_KEYS, "type") if isinstance(front.get(k), str) and front[k].strip()), "")
    if kind_key and bare(page):  # `layout: docs-mobile-nav` and nothing else: a page its layout draws whole
        layout_said = f"{kind_key}: {front[kind_key].strip()}"
        return "landing", f"front matter `{layout_said}` and no content: its layout draws the page"
    if isinstance(front.get("hero"), dict) or isinstance(front.get("features"), list):
        return "landing", "front matter `hero`" if "hero" in front else "front matter `features`"
    if total < _THANKS_WORDS and _THANKS_TITLE.match(page.title):
        return "landing", f"a thank-you page a form or a payment returns the reader to ('{page.title.strip()}')"
    if str(front.get("slug", "")).strip() == "/":  # Docusaurus serves it at the docs' root: their home page
        return "landing", "front matter `slug: /`: the docs' home page"
    cards = re.compile(r"<\s*(?:" + "|".join(map(re.escape, signals.card_components)) + r")\b")
    if signals.card_components and any(b.kind in ("jsx", "html") and cards.search(b.text) for b in page.blocks):
        return "hub", "a card list"  # whatever it is about: an overview of migration guides is made of cards too
    if total < _FILLED_PROSE and len(_MDC_LINK_CARD.findall(page.source)) >= 2:
        return "hub", "a card list"  # Nuxt Content's cards, each a link (`:::u-page-card` with `to:` in its props)
    if total < _FILLED_PROSE and any(b.kind == "esm" and _DEFAULT_EXPORT.search(b.text) for b in page.blocks):
        return "landing", "its default export renders it (`export default`)"
    if total < _FILLED_PROSE and any(b.kind == "esm" and _DATA_EXPORT.search(b.text) for b in page.blocks):
        return "generated", "the build fetches what it shows (`getStaticProps`)"
    # A dated post's file (`_posts/2018-04-13-website-redesign.md`) or one its layout says is a post (`layout: post`)
    # is a post, however much of it is pictures and markup.
    if _made_of_components(page, total) and not (_DATED_NAME.match(name) or _post_layout(page)):
        return "landing", "made of components"
    if _gallery_entry(page, total):
        return "hub", "a gallery entry: a picture, a line about it and a link out"
    demo = _demo_entry(page, total)
    if demo:
        return "hub", f"a demo's page: a live example the build renders (`<{demo}>`) and a line about it"
    component_sections = _filled_by_components(page, total)
    if component_sections:
        return "generated", f"its sections are components the build fills in ({component_sections} sections)"
    if stem.lower() in _INDEX_NAMES and folders and not any(b.kind not in ("heading", "front_matter", "comment")
                                                             for b in page.blocks) and sum(
            1 for b in page.blocks if b.kind == "heading") <= 1:
        return "hub", "its folder's entry in the navigation (no content of its own)"
    in_notes = any(f in _NOTES_DIRS or _NOTES_DIR_END.search(f) for f in folders)
    # ... or by the version alone, titled with it too: `highlights/v0.25.md`, "v0.25.0"
    by_name = bool(_NOTES_NAME.match(stem) or _RELEASE_NAME.match(stem) or (
        _VERSION_NAME.match(name.rsplit(".", 1)[0]) and _VERSION_HEADING.match(page.title.strip()))) or (
        _named_for_its_version(name.rsplit(".", 1)[0], page.title))
    if not is_roadmap(page) and (by_name or in_notes):
        return "release-notes", f"named {name}" if by_name else "in a release notes folder"
    if _NOTES_TITLE.search(page.title):
        return "release-notes", f"title '{page.title}'"
    if _ANNOUNCED.search(name.rsplit(".", 1)[0]) or _ANNOUNCED.search(page.title):
        return "release-notes", "announces a release"
    if _announces(page):
        return "release-notes", "opens by announcing a release"
    if versions >= 2:
        return "release-notes", f"{versions} headings are version numbers"
    post = post_reason(page)
    if post:
        if _RELEASE.search(_DATED_NAME.sub("", stem)) or _RELEASE.search(page.title):
            return "release-notes", f"a post announcing a release ({post})"
        return "blog", post
    route = page.path.split("/")[-2] if stem.lower() in _ROUTE_FILES and folders else name.rsplit(".", 1)[0]
    named = _SYMBOL_PAGE.fullmatch(route)
    if named and _SYMBOL_SPACING.sub("", named.group(1)) == _SYMBOL_SPACING.sub("", page.title):
        return "generated", f"a TypeDoc page (named for its symbol as TypeDoc names them, `{route}`)"
    imported = any(f"<{m.group(1)}" in page.source for b in page.blocks if b.kind == "esm"
                   for m in _RENDERED_IMPORT.finditer(b.text))  # MDX: `import Content from './x.mdx'`, `<Content />`
    # Its steps come from an include, or from an imported MDX file it renders.
    included = (bool(_INCLUDE.search(page.source)) or imported) and total < _FILLED_PROSE
    # A proposal's folder says what it is, whatever it proposes ("Migrate to OCI registries" is a proposal too); its
    # index (`README.md`) is the folder's list of them.
    # (`EPs/`, enhancement proposals, when the page is numbered in their series: `EPs/001-CaptureMetadata.md`)
    proposal = next((f for f in folders if f in _PROPOSAL_DIRS or _PROPOSAL_DIR.match(f)
                     or (f == "eps" and _NUMBERED_NAME.match(stem))), "") if stem.lower() not in _INDEX_NAMES else ""
    if not proposal and not included and (_MIGRATION.search(stem.replace("-", " ").replace("_", " "))
                                          or _MIGRATION.search(page.title)):
        return "migration", "a migration or upgrade guide"
    if not proposal and any(f in ("design", "designs") for f in folders) and (any(
            _PROPOSAL_HEADING.match(sec.title) for sec in page.sections) or _NUMBERED_NAME.match(stem)):
        proposal = next(f for f in folders if f in ("design", "designs"))  # not a design system's guidelines
    if proposal or _PROPOSAL_NAME.match(stem) or _PROPOSAL_TITLE.match(page.title):
        return "proposal", (f"in a {proposal}/ folder" if proposal else "an RFC or design document by its name")
    if _TYPEDOC_TITLE.match(page.title):
        return "generated", f"a TypeDoc page (title '{page.title}')"
    if _TYPEDOC_DEFINED.search(page.source):
        return "generated", "a TypeDoc page (its `Defined in:` source line)"
    kind = next((f for f in folders if f in _TYPEDOC_FOLDERS), "")
    first = next((b for b in page.blocks if b.kind not in ("heading", "front_matter", "comment", "esm")), None)
    if kind and first is not None and first.kind == "code" and first.lang in ("ts", "typescript", "tsx"):
        return "generated", f"a TypeDoc page (in its `{kind}/` folder, its signature first)"
    lines = page.source.splitlines()
    linked = _source_linked_headings(page, lines)
    if linked >= 2:
        return "generated", f"an API reference made from the source ({linked} member headings link to their lines)"
    said = _SAYS_NAV_ONLY.search(_head_comments(page))
    if said and total < _FILLED_PROSE:
        return "hub", f"its folder's entry in the navigation, it says: '{said.group(0).strip()}'"
    said = _SAYS_GENERATED.search(_head_comments(page))
    if said:
        return "generated", f"says so: '{said.group(0).strip()}'"
    directives = [b for b in page.blocks if b.kind == "directive"]
    tocs = [b for b in directives if b.line <= len(lines) and _TOCTREE.match(lines[b.line - 1])]
    if tocs and total < _FILLED_PROSE:
        return "hub", "a table of contents (toctree) and little prose"
    if total < _FILLED_PROSE and _LAIKA_NAVIGATION.search(page.source):
        return "hub", "Laika's navigation tree (`@:navigationTree`), which lists the pages under it"
    topics = docc_topics(page)
    if topics is not None and total < _FILLED_PROSE and any(
            _DOCC_ITEM.match(line) for line in lines[page.sections[topics].line:page.sections[topics].end_line]):
        return "hub", DOCC_TOPICS
    if _in_docc(page) and page.sections and page.sections[0].level == 1 and 0 < page.sections[0].line <= len(lines) \
            and _DOCC_SYMBOL_TITLE.match(lines[page.sections[0].line - 1]) and total < _FILLED_PROSE:
        return "reference", "a DocC extension of a symbol's documentation, which the source's doc comment writes"
    directives = [b for b in directives if b not in tocs]
    if any(_AUTODOC.match(b.text) for b in directives):
        return "generated", "an autodoc directive (`::: module`)"
    if any(b.kind == "heading" and re.match(r":::\s*[\w.]+", b.text.strip()) for b in page.blocks):
        return "generated", "an autodoc directive as a heading (`# ::: package.Class`)"
    if total < _FILLED_PROSE and any(b.is_prose and _DOC_BUILDER_AUTODOC.match(b.text) for b in page.blocks):
        # (a reference, not generated: its headings are the page's own, and links to them are judged)
        return "reference", "autodoc lines render its members (`[[autodoc]] package.Class`, Hugging Face's doc-builder)"
    executed = sum(1 for b in page.blocks if b.kind == "code" and 0 < b.line <= len(lines)
                   and _EXECUTED.match(lines[b.line - 1]))
    if executed and total < _FILLED_PROSE:
        return "generated", "filled in at build time by the code it runs (a fence with `exec=\"true\"`)"
    if total < _FILLED_PROSE and _SWAGGER.search(page.source):
        return "generated", "an OpenAPI reference the build renders (`!!swagger file!!`)"
    macro = outside_code(page, MACRO_LINE) if total < _FILLED_PROSE else None
    if macro:
        return "generated", f"filled in at build time by a plugin's macro (`{macro.group(0).strip()}`)"
    expression = _live_expression(page) if total < _FILLED_PROSE else ""
    if expression:
        return "generated", f"filled in when it is shown, by the expression it holds (`{expression}`)"
    if (directives or imported or _INCLUDE.search(page.source)) and total < _FILLED_PROSE:
        return "generated", "filled in at build time by includes"
    filled = _build_directives(page.source) if total < _FILLED_PROSE else []
    if filled:
        return "generated", f"filled in at build time (`> {filled[0]}:`)"
    endpoint = openapi.endpoint_of(front.get("openapi"))  # `openapi: get /flows/{id}`, as Mintlify renders it
    if endpoint:
        return "generated", f"an endpoint filled in from the OpenAPI spec (`openapi: {endpoint[1]} {endpoint[2]}`)"
    channel = front.get("asyncapi")  # Mintlify's page of one channel of an AsyncAPI spec: `asyncapi: "/x.yaml chat"`
    if isinstance(channel, str) and channel.strip() and total < _FILLED_PROSE:
        return "generated", f"a channel filled in from the AsyncAPI spec (`asyncapi: {channel.strip()}`)"
    schema = front.get("openapi-schema")  # Mintlify's page of one schema of the spec: `openapi-schema: AddOnObject`
    if isinstance(schema, str) and schema.strip() and total < _FILLED_PROSE:
        return "generated", f"a schema filled in from the OpenAPI spec (`openapi-schema: {schema.strip()}`)"
    made_from = next((k for k, v in front.items() if isinstance(v, str) and _PAGE_PATH.fullmatch(v.strip())), None)
    if made_from and total < _FILLED_PROSE:  # TanStack's `ref: docs/framework/react/guides/queries.md`
        return "generated", f"made from the page its front matter `{made_from}` names"
    headings = [b for b in page.blocks if b.kind == "heading"]
    qualified = _qualified_anchors(headings, lines)
    if qualified >= _QUALIFIED_LEAST and qualified * 2 >= len(headings):
        return "generated", (f"an API reference made from the source ({qualified} headings carry their member's "
                             "qualified name, `<a name=\"pkg.Type\">`)")
    typed_entries = sum(1 for b in headings if _GENERATOR_ENTRY.match(b.text.strip()))
    if typed_entries >= 3 and typed_entries * 2 >= len(headings):
        # `## method: Page.click`, `### option: Page.click.force`: the source a reference generator makes its pages
        # from, headings, anchors and the text each entry shares.
        return "generated", f"the source of an API reference generator ({typed_entries} typed entry headings)"
    names = {b.text.strip() for b in headings
             if _IDENTIFIER.fullmatch(b.text.strip()) or _CAMEL.fullmatch(b.text.strip())}
    # a name set as code in HTML (`#### [<code>ORIGINAL</code>](#original)`, as graphql-markdown writes an enum's
    # values) names code as backticks do
    all_lines = page.source.split("\n") if headings and "<code" in page.source else []
    coded = {b.line for b in headings if 0 < b.line <= len(all_lines) and _HTML_CODE.search(all_lines[b.line - 1])}
    members = [b for b in headings if (b.inline_code or b.line in coded or b.text.strip() in names
                                       or _SUBCOMMAND.fullmatch(b.text.strip()) and b.text.split()[0] in names)
               and text.count(b.text) <= 2 or _SIGNATURE.fullmatch(b.text.strip())]
    if len(members) >= 2 and len(members) >= _MEMBER_SHARE * (len(headings) - 1):  # the page title is not a member
        return "reference", f"{MEMBERS} ({len(members)} of {len(headings)} headings)"
    symbol = _defined_symbol(page)
    if symbol:
        return "reference", f"documents one API symbol (`{symbol}`)"
    source_lines = page.source.split("\n", 200)
    dotted = next((m.group(1) for b in page.blocks[:3] if b.kind == "heading" and 0 < b.line < len(source_lines)
                   and (m := _DOTTED_TITLE.match(source_lines[b.line - 1]))), "")
    if dotted:  # "# `fastmcp.cli`" over the module's docstring: a page per module, made from the code
        return "reference", f"the page of one module or object, titled with its dotted name as code (`{dotted}`)"
    member = next((m.group(1) for b in page.blocks[:3] if b.kind == "heading" and 0 < b.line < len(source_lines)
                   and (m := _MEMBER_TITLE.match(source_lines[b.line - 1]))), "")
    if member:  # "# `pane:send_text(text)`", "# `font_size = 14.0`": a page per method or option
        return "reference", f"the page of one member, titled with its signature or its default as code (`{member}`)"
    called = _called_symbol(page)
    if called:
        return "reference", f"the page of one function its examples call (`{called}`)"
    signature = [k for k in _SIGNATURE_KEYS if front.get(k)]
    # (with a sentence of its own: "Documentation needed." under the signature is a stub)
    if signature and _SIGNATURE_WORDS <= total < _FILLED_PROSE:
        # `parameters: [pattern, rTypes]`, `parameter_types: {...}`: the layout renders the function's signature
        return "reference", f"one function's entry, its signature in front matter (`{signature[0]}`) for its layout"
    fields = _option_fields(page)
    if fields:
        return "reference", f"documents one option ({', '.join(fields)} fields)"
    typed = _typed_members(page, lines)
    if typed:
        return "reference", f"a list of the {typed} members of one type (`name` type ...)"
    if _defines_title(page, prose):
        return "reference", "a glossary entry: a sentence that defines its title"
    if total < _FILLED_PROSE and _front_matter_entries(front) >= 3:
        return "hub", "links its front matter lists, for its layout to show"
    if total < _FILLED_PROSE:  # a short page: its front matter may hold what its layout draws
        listing = _listing_template(front)
        if listing:
            return "hub", f"its template lists the pages (`{listing}`)"
        drawn = _front_matter_prose(front)
        if sum(drawn.values()) >= _DRAWN_WORDS:
            return "landing", f"its layout draws its text from its front matter ({', '.join(sorted(drawn)[:4])})"
    if total and sum(text.count(link.text) for link in links) / total >= signals.nav_link_density:
        return "hub", "mostly links"
    by_line = sorted(links, key=_line_of)
    items = [b for b in prose if b.kind == "list_item" and (_mostly_link(b, by_line) or _link_entry(b, lines))]
    if len(items) >= 3 and 2 * len(items) >= len(prose):
        return "hub", "a list of links"
    if _sections_of_links(page, links):
        return "hub", "a short section with a link for each resource"
    # A list of links written as headings, each a link ("### 2020/04/27 [Introducing Acme 0.3](https://...)"), with
    # hardly a sentence under them.
    heads = [b for b in page.blocks if b.kind == "heading"]
    linked_heads = sum(1 for b in heads if _mostly_link(b, by_line))
    if linked_heads >= 3 and 2 * linked_heads >= len(heads) and total <= _LINK_SECTION_WORDS * linked_heads // 2:
        return "hub", "a list of links, each a heading"
    # A folder's index page that only introduces its section: the site's navigation lists the pages under it.
    if stem.lower() in _INDEX_NAMES and folders and total < _FILLED_PROSE and not page.code_blocks:
        return "hub", "a short index page of its section"
    # The reference part of a site (Diataxis' "reference", an "api" folder): a short page there documents one small
    # thing completely; a long one is a reference whatever its headings. A page with hardly a sentence documents
    # nothing, wherever it is.
    shelf = next((f for f in folders if f in _REFERENCE_DIRS), "")
    if shelf and total >= _REFERENCE_WORDS:
        return "reference", f"in the site's {shelf}/ folder"
    return "doc", ""


# A page whose one sentence sends its readers on ("See the [Examples section](/examples/)."): kept for an old link.
_POINTER = re.compile(r"(?i)\s*(?:please\s+)?(?:see|go\s+to|refer\s+to|head\s+(?:over\s+)?to|visit|moved\s+to|download|"
                      # "Redirect page for [Installation](/installation/)": a wiki's page kept to send readers on
                      r"redirect(?:s|ion)?(?:\s+page)?\s+(?:for|to)|"
                      r"check\s+out|review|consult|"
                      # "Find more information about Acme Nvidia [here](...)": a product documented elsewhere
                      r"find\s+(?:more\s+|further\s+|all\s+(?:the\s+)?)?(?:information|info|details|documentation|docs)\b|"
                      r"(?:for\s+)?(?:more|further)\s+(?:information|details)\b|"
                      # "Alias for [TO_STRING](to-string.md).": a reference's entry for another's other name
                      r"(?:an?\s+|(?:this|it)\s+is\s+an\s+)?alias\s+(?:for|of|to)|"
                      # "Follow the instructions on the [Acme-Ansible](...) repo": the steps are kept there
                      r"follow\s+the\s+(?:instructions|steps|guide|docs|documentation)\s+(?:on|in|at|from)\b|"
                      r"this\s+page\s+(?:has\s+)?moved\s+to|now\s+(?:at|in)"
                      # "This docs is migrated to [here](...)", "This doc has been moved to ...", "It's migrated to"
                      r"|(?:this|the|it)(?:\s+(?:page|docs?|document(?:ation)?|guide|content|section))?"
                      r"\s*(?:['’]s|\s+(?:is|are|was|were|has|have)(?:\s+been)?)"
                      r"\s+(?:moved|migrated|relocated|converted)\s+(?:to|into))\b")
_POINTER_WORDS = 15
_NOTICE_CODE_LINES = 8  # lines of one code block a moved notice may show (the new import, the new command)
_NOTICE_ALONE_WORDS = 15  # words of a page that says no more than that its subject is deprecated or removed
# ... said of its subject ("The Slackbot is now deprecated", "has been removed"), not a change a page documents
# ("Version 2 renamed the `ship` command to `deploy`": an upgrade's note).
_DEPRECATED_ALONE = re.compile(r"(?i)\b(?:is|are|has\s+been|have\s+been|was|were)\s+(?:now\s+)?(?:deprecated|removed"
                               r"|discontinued|retired|no\s+longer\s+(?:supported|available|maintained))\b")
_POINTER_PLACES = 3  # places a pointer page may send its readers to: "Refer to the guide" over a card for each mesh


def _pointed_places(links: Sequence[Link], told: Block) -> bool:
    """Whether a pointer's paragraph sends its readers to one place, or to two or three cards under it (none linked in
    its own words: "Set up [x](...) first. See [the guide](...)" is a page of its own)."""
    places = {link.target.split("#")[0].rstrip("/") for link in links}
    if len(places) == 1:
        return True
    return 1 < len(places) <= _POINTER_PLACES and not any(told.line <= link.line <= told.end_line for link in links)
_IMG = re.compile(r"(?i)<img\b")
_GALLERY_MIN = 3  # pictures a gallery shows
# A video player a page embeds: `<video>`, an `<iframe>` of a video host, a YouTube component.
_VIDEO = re.compile(r"(?i)<video\b|<iframe\b[^>]*\bsrc\s*=\s*[\"']?[^\"'>\s]*(?:youtube\.com|youtu\.be|"
                    r"youtube-nocookie\.com|vimeo\.com|bilibili\.com|loom\.com|wistia\.|dailymotion\.com|"
                    r"/player\b|/embed/)|<(?:YouTube|LiteYouTubeEmbed|Video|ReactPlayer)\b")
_VIDEO_WORDS = 40  # words of prose a video's page may say about it
_CAPTION_WORDS = 6  # words of a picture's label or caption
_MANUAL_LINK_WORDS = 40  # words a page whose menu entry links elsewhere may say of where it goes
_TO_MENU = re.compile(r"(?i)\b(?:in|on|from|at)\s+the\s+(?:(?:left|right)(?:-hand)?\s+)?"
                      r"(?:side\s*(?:menu|bar|nav)|sidebar|navigation(?:\s+(?:menu|bar))?"
                      r"|menu(?:\s+(?:on\s+the\s+)?(?:left|right))?)\b")
# Front matter keys that give a function's signature for the layout to render (not Hugo's `params`, any page's).
_SIGNATURE_WORDS = 5  # words of prose a function's entry says of it, at least
_SIGNATURE_KEYS = ("parameters", "parameter_types", "signature", "arguments", "return_type")
_DOC_BUILDER_AUTODOC = re.compile(r"\s*\[\[autodoc\]\][ \t]+[A-Za-z_]")  # doc-builder's `[[autodoc]] utils.Error`
# mkdocstrings' `::: package.module` (`:::package.Member` too), not MyST's `:::{note}` nor an admonition's `:::note`
_AUTODOC = re.compile(r"\s*:::(?:[ \t]+[A-Za-z_]|[A-Za-z_]\w*(?:\.\w+)+[ \t]*$)")
# A front matter key that sends the page's readers on (`metaRefreshToLatest`, `redirectTo`); not `redirect_from`,
# the old addresses sent here.
# Docsy's `manualLink` (and `manualLinkRelref`) makes the page's menu entry a link elsewhere.
_ADDRESS_KEYS = ("url", "link", "href", "externalUrl", "external_link")
_ELSEWHERE = re.compile(r"https?://\S+$")
_REDIRECT_KEY = re.compile(r"(?i)^(?!.*from).*(?:redirect|refresh)|^manualLink")
# A note of the release a page's feature arrived in, and nothing else: "v2.0 and after", "New in 3.1", "Since v2".
_VERSION_NOTE = re.compile(r"(?i)\s*(?:(?:new|added|available)\s+(?:in|since)\s+|since\s+)?v?\d+(?:\.\d+){0,2}"
                           r"(?:\s+(?:and|or)\s+(?:after|later|above|newer|up)|\+)?\s*")


# Markdown's comment idiom, a link reference definition nothing uses: `[comment]: # (text)`, `[//]: <> "text"`.
_MARKDOWN_COMMENT = re.compile(r"^ {0,3}\[[^\]\n]*\]:[ \t]*(?:#|<>)[ \t]+[(\"'](.*)[)\"'][ \t]*$")


def _head_comments(page: Page) -> str:
    """The comments at the top of a page: YAML comments in its front matter, HTML or MDX comments and Markdown's
    `[comment]: # (text)` in its first lines (never its prose)."""
    lines = page.source.split("\n", 200)
    out = []
    if lines and lines[0].strip() == "---":
        for line in lines[1:200]:
            if line.strip() in ("---", "..."):
                break
            if line.lstrip().startswith("#"):
                out.append(line)
    out += [b.text for b in page.blocks if b.kind == "comment" and b.line <= _HEAD_LINES]
    out += [found.group(1) for line in lines[:_HEAD_LINES] if (found := _MARKDOWN_COMMENT.match(line))]
    return "\n".join(out)


def _defined_symbol(page: Page) -> str:
    """The symbol a page is the reference of: its title names it and its first sentence opens with it as code
    ("`self` is an alias for ...", "`TargetEvent` object is returned ..."); "" when not."""
    first = next((b for b in page.blocks if b.is_prose), None)
    title = page.title.strip()
    if first is None or not title or first.kind != "paragraph":
        return ""
    lines = page.source.splitlines()
    opening = _OPENING_CODE.match(lines[first.line - 1].strip()) if 0 < first.line <= len(lines) else None
    if opening is None:
        return ""
    symbol = opening.group(1).strip()
    return symbol if title == symbol or title.startswith(symbol + " ") else ""


# A title that is a dotted name as code and nothing else: `# \`fastmcp.server.auth\``, an API reference's page of one
# module or object, or a call of it (`# \`sandbox.createStubInstance();\``, `# \`spy.calledWith(arg1, ...)\``).
_DOTTED_TITLE = re.compile(r"^#\s+`([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)(?:\([^()`]*\))?;?`\s*$")
# A title that is a member's signature as code, its receiver's name before it or not (`# \`pane:send_text(text)\``,
# `# \`Window::maximize()\``), or an option with its default (`# \`font_size = 14.0\``): a reference's page per member.
_MEMBER_TITLE = re.compile(r"^#{1,2}\s+`((?:[A-Za-z_$][\w$]*(?:\.|::?))?[A-Za-z_$][\w$]*"
                           r"(?:\([^()`]*\)|\s*=\s*[^`=\s][^`]*));?`\s*$")
# A title spelled as code names it (`useArrayEvery`, `create_engine`, `z.string`): a word with a capital inside,
# an underscore or a dot, not a word of prose ("Installation").
_CODE_TITLE = re.compile(r"`?([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)(?:\(\))?`?")
_CODE_LIKE = re.compile(r"[a-z][A-Z]|_|\.|\$")


def _called_symbol(page: Page) -> str:
    """The function a page documents by name: its title is the function's name as code spells it, and its examples
    call it (`useArrayEvery(list, ...)`), as a collection of functions writes a short page per function; "" when
    not."""
    match = _CODE_TITLE.fullmatch(page.title.strip())
    if match is None or not _CODE_LIKE.search(match.group(1).lstrip("_$")):
        return ""
    name = match.group(1)
    call = re.compile(rf"(?<![\w$.]){re.escape(name)}\s*[(<]")
    return name if any(call.search(b.text) for b in page.code_blocks) else ""


# The fields an option's entry opens with: "- **Type:** `number`", "- **Default:** `5_000`", "- CLI: `--mode`".
_FIELD = re.compile(r"(?i)\s*(?:[-*+]\s+)?(?:\*\*|__)?(type|types|default|cli|env|required|since|values|"
                    r"accepted values|alias|aliases)\s*(?::|\*\*|__)")  # "**Type:**", "**Type**", "Type:"


def _option_fields(page: Page) -> list[str]:
    """The option fields a page opens with (list items of Type, Default, CLI ... before any other prose, under the
    page's title; two of them, or one in bold: "- **Type:** `string`"): the page of one option, complete in a few
    lines."""
    lines = page.source.splitlines()
    fields: list[str] = []
    bold = False
    for block in page.blocks:
        if block.kind in ("front_matter", "heading", "comment", "esm") and not fields:
            continue
        found = _FIELD.match(lines[block.line - 1]) if block.kind == "list_item" and block.line <= len(lines) else None
        if found is None:
            break
        fields.append(found.group(1))
        bold = bold or "**" in lines[block.line - 1] or "__" in lines[block.line - 1]
    return fields if len(fields) >= 2 or (fields and bold) else []


def _typed_members(page: Page, lines: Sequence[str]) -> int:
    """How many members of one type a page lists, when listing them is nearly all it does (every other list item and
    at most two other prose blocks: Electron's `api/structures/size.md`, "* `width` number"); else 0. lines: the
    page's source lines."""
    items = [b for b in page.blocks if b.kind == "list_item" and b.line <= len(lines)]
    members = sum(1 for b in items if _TYPED_MEMBER.match(lines[b.line - 1]))
    others = sum(1 for b in page.prose_blocks if b.kind != "list_item")
    return members if members and 2 * members >= len(items) and others <= 2 else 0


def _sections_of_links(page: Page, links: Sequence[Link]) -> bool:
    """Four or more sections, nearly each a sentence or two around a link (a page of places to get help, of
    integrations, of community resources): navigation in prose form."""
    if len(page.sections) < 4:
        return False
    linked = 0
    link_lines = sorted(link.line for link in links)
    for index, section in enumerate(page.sections):
        prose = [b for b in page.blocks_in(index) if b.is_prose]
        words = sum(text.count(b.text) for b in prose)
        at = bisect_left(link_lines, section.line)
        has_link = at < len(link_lines) and link_lines[at] <= section.end_line
        if prose and has_link and words <= _LINK_SECTION_WORDS:
            linked += 1
    return linked >= 0.8 * len(page.sections)


_MARKDOWN_IMPORT = re.compile(r"""from\s+["'][^"']+\.mdx?["']""")  # a partial's text, rendered in place
# its default export, named bindings beside it or not (`import Template, { toc } from "./_t.mdx"`, over several lines)
_RENDERED_IMPORT = re.compile(r"""(?m)^\s*import\s+([\w$]+)\s*(?:,\s*\{[^}]*\}\s*)?\s+from\s+["'][^"']+\.mdx?["']""")


_CAPTION_WORDS = 12  # a line over a component that says what it shows
_COMPONENT_TAG = re.compile(r"\s*<[A-Z][\w.]*")
_SCRIPT_SRC = re.compile(r"<script\b[^>]*\bsrc\s*=", re.I)


def _made_of_components(page: Page, prose_words: int) -> bool:
    """A page whose body is mostly components (JSX or HTML blocks) rather than prose, with no sections to speak of,
    or only components: a layout page. (A page that shows components in its sections is a doc about them.)"""
    headings = sum(b.kind == "heading" for b in page.blocks)
    if headings > 2:
        return False
    markup = [b for b in page.blocks if b.kind in ("jsx", "html")]
    imports_text = any(b.kind == "esm" and _MARKDOWN_IMPORT.search(b.text) for b in page.blocks)
    if markup and headings <= 1 and prose_words <= _CAPTION_WORDS and not imports_text and (
            not prose_words or any(b.kind == "jsx" and _COMPONENT_TAG.match(b.text) or _SCRIPT_SRC.search(b.text)
                                   for b in markup)):
        # A title at most and a component (<TeamPage />), perhaps under a caption ("Talks made with Harbor." over
        # <ShowCases />), or a script that draws the page (`<script src="/javascript/showcase.js">`): the page is
        # its layout, its content the component's or the script's data.
        return True
    lines = sum(b.end_line - b.line + 1 for b in markup)
    prose_lines = sum(b.end_line - b.line + 1 for b in page.prose_blocks)
    return len(markup) >= 2 and lines >= 20 and lines >= 2 * prose_lines and prose_words < 300


# The pages spf13/cobra's doc generator writes for each command of a Go program: `### Synopsis`, `### Options`,
# `### Options inherited from parent commands`, `### SEE ALSO` and, unless the project trims it, a last heading
# `###### Auto generated by spf13/cobra on 12-Jun-2026`.
_COBRA_SIGNED = re.compile(r"(?i)auto generated by spf13/cobra\b")
_COBRA_SECTIONS = frozenset({"options", "options inherited from parent commands", "synopsis", "examples"})


def _cobra(page: Page) -> bool:
    titles = [sec.title.strip() for sec in page.sections]
    if any(_COBRA_SIGNED.match(t) for t in titles):
        return True
    return "SEE ALSO" in titles and any(t.lower() in _COBRA_SECTIONS for t in titles)


# An entry of a gallery of other projects (a site's themes or plugins), its front matter naming the project's
# repository and its homepage, demo or author: `[extra] repository = "https://github.com/x/cela.git"`, `demo = ...`.
# Its text is that project's README, copied in: its TODOs and empty sections are the project's, not the site's.
_REPOSITORY_KEYS = ("repository", "repo", "repo_url", "source_repository")
_ENTRY_KEYS = ("homepage", "demo", "author", "authors")
_REPOSITORY_URL = re.compile(r"(?i)https?://(?:www\.)?(?:github\.com|gitlab\.com|codeberg\.org|bitbucket\.org"
                             r"|git\.sr\.ht)/[^/\s]+/[^/\s]+")


def _other_project(front: Mapping[str, Any]) -> str:
    """The repository a gallery entry's front matter names beside the project's homepage, demo or author, else ""."""
    for holder in (front, *(v for v in front.values() if isinstance(v, Mapping))):
        for key in _REPOSITORY_KEYS:
            value = holder.get(key)
            if isinstance(value, str) and _REPOSITORY_URL.match(value.strip()) and any(
                    holder.get(k) for k in _ENTRY_KEYS):
                return f"{key} = {value.strip()}"
    return ""


_ENTRY_WORDS = 40  # the line of a gallery entry under its picture ("Fully anonymous end-to-end encrypted chat.")
_IMAGE = re.compile(r"<img\b", re.I)


def _gallery_entry(page: Page, prose_words: int) -> bool:
    """A page of a showcase or gallery: its title, a picture (a Markdown image or an `<img>`), a line about it and
    a link out to the thing shown, nothing more (no sections, no code)."""
    if prose_words > _ENTRY_WORDS or page.code_blocks or sum(b.kind == "heading" for b in page.blocks) > 1:
        return False
    pictured = any(link.image for link in page.links) or any(
        b.kind in ("html", "jsx") and _IMAGE.search(b.text) for b in page.blocks)
    return pictured and any(not link.image and link.target.startswith(("http://", "https://")) for link in page.links)


# A component that renders a live example, often with its source beside it: `<ComponentPreview name="x" />`,
# `<Demo src="./x.vue" />`, `<Sandpack>`, `<StackBlitz id="x" />`, `<Repl example="edges">`; on a line of its own,
# in a wrapper or not (`<div class="mt-6">` around it).
_DEMO = re.compile(r"(?m)^\s*<([A-Z]\w*(?:Preview|Demo|Example|Playground|Sandbox|Repl)|Demo|Example|Playground"
                   r"|Sandpack|Repl|StackBlitz|CodePen|CodeSandbox|LiveCode)\b")


def _demo_entry(page: Page, prose_words: int) -> str:
    """The component a page of a gallery of live examples renders its demo with: the title, a line about it and
    the demo, nothing more (no code blocks, no sections but the title and one), else ""."""
    if prose_words > _ENTRY_WORDS or page.code_blocks or sum(b.kind == "heading" for b in page.blocks) > 2:
        return ""
    return next((name for b in page.blocks if (name := demo(b))), "")


def demo(block: Block) -> str:
    """The component a block renders a live example with (`ComponentPreview`), else ""."""
    match = _DEMO.search(block.text) if block.kind in ("jsx", "html") else None
    return match.group(1) if match else ""


_TEMPLATE_SECTIONS = 3  # headings over nothing but comments: an outline to copy, each comment what to write there


# A template variable a build fills (`{{var.title}}`, `{{ page.name }}`), not a shortcode (`{{< x >}}`) nor an include.
_VARIABLE = re.compile(r"\{\{\s*[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)+\s*\}\}")
_INLINE_CODE = re.compile(r"(`+)[^`]*?\1")
_MIN_VARIABLES = 2


def _variables(page: Page) -> int:
    """The lines of text and headings holding a template variable outside code (`#### the author is {{var.name}}`),
    when they are half of those lines or more, and two or more: a template of a build of the site's own; else 0."""
    lines = page.source.split("\n")
    said = [lines[b.line - 1] for b in page.blocks
            if b.kind in ("heading", "paragraph", "list_item") and 0 < b.line <= len(lines)]
    made = sum(1 for line in said if _VARIABLE.search(_INLINE_CODE.sub("", line)))
    return made if made >= _MIN_VARIABLES and 2 * made >= len(said) else 0


def _template_comments(page: Page) -> int:
    """The comments of a page made of headings and, under them, comments alone (`## Breaking Changes` over `<!-- What
    changed that could affect your setup -->`): 0 when the page has anything else, or fewer sections."""
    kinds = [b.kind for b in page.blocks if b.kind != "front_matter"]
    comments = kinds.count("comment")
    headings = kinds.count("heading")
    if headings < _TEMPLATE_SECTIONS or comments < 2 or headings + comments != len(kinds):
        return 0
    return comments


# The files GitHub offers as a new issue's or pull request's text, wherever the repository keeps them (its top,
# `docs/`, `.github/`): `ISSUE_TEMPLATE.md`, `pull_request_template.md`.
_GITHUB_TEMPLATES = frozenset({"issue_template", "pull_request_template"})
_TEMPLATE_NAME = re.compile(r"(?i)(?:^|[-_.])templates?$")  # `new-package-manager-template.md`, `issue_template.md`


def _named_template(page: Page, stem: str) -> int:
    """The empty sections of a page named a template (`issue-template.md`, or in a folder of templates:
    `_templates/tutorial.md`), three or more: the headings (questions, an outline) the one who copies it fills in;
    else 0."""
    folder = page.path.rsplit("/", 2)[-2] if page.path.count("/") >= 1 else ""
    if not _TEMPLATE_NAME.search(stem) and not _TEMPLATE_NAME.search(folder):
        return 0
    blanks = _blank_sections(page)
    return blanks if blanks >= _TEMPLATE_SECTIONS else 0


# A template's own instructions, near its top: "Copy this template to create a new reference page".
_SAYS_COPY = re.compile(r"(?i)\b(?:copy|duplicate)\s+this\s+(?:template|file|page)\b")
_SAYS_COPY_BLOCKS = 8  # blocks from the top a template's instructions stand in


def _says_copy(page: Page, stem: str) -> str:
    """The words of a page named a template (or in a folder of templates) that tell its reader to copy it, near its
    top; else ""."""
    folder = page.path.rsplit("/", 2)[-2] if page.path.count("/") >= 1 else ""
    if not _TEMPLATE_NAME.search(stem) and not _TEMPLATE_NAME.search(folder):
        return ""
    said = next((m for b in page.blocks[:_SAYS_COPY_BLOCKS] if b.kind in PROSE_KINDS
                 and (m := _SAYS_COPY.search(b.text))), None)
    return said.group(0) if said else ""


def _blank_sections(page: Page) -> int:
    """The sections of a page with nothing in them but comments, subsections aside."""
    filled = {b.section for b in page.blocks if b.kind not in ("heading", "comment", "front_matter")}
    parents = {sec.parent for sec in page.sections}
    return sum(1 for index in range(len(page.sections)) if index not in filled and index not in parents)


_COMPONENT_SECTIONS = 3  # sections holding a component each, and nothing else to speak of: a page of data


def outside_code(page: Page, pattern: re.Pattern[str]) -> re.Match[str] | None:
    """The first match of the pattern in the page's source on a line outside its code blocks, None when none."""
    code = [(b.line, b.end_line) for b in page.blocks if b.kind == "code"]
    for match in pattern.finditer(page.source):
        line = page.source.count("\n", 0, match.start()) + 1
        if not any(first <= line <= last for first, last in code):
            return match
    return None


def _live_expression(page: Page) -> str:
    """The name an expression line outside code calls (`query`, `widgets.subPages`), else ""."""
    match = outside_code(page, _LIVE_EXPRESSION)
    return "${" + match.group(1) + "...}" if match else ""


def _filled_by_components(page: Page, prose_words: int) -> int:
    """The number of sections of a page whose every section is a component with little or no prose about it (Nuxt UI's
    `## Props` over `:component-props`, `## Usage` over `::component-example`): what the reader finds there, the
    build renders from the code. 0 when the page is not such a page."""
    if prose_words * 2 >= _FILLED_PROSE:
        return 0
    bodies: dict[int, list[str]] = {}
    heading = 0
    for block in page.blocks:
        if block.kind == "heading":
            heading = block.line
        elif heading and block.kind not in ("comment", "front_matter"):
            bodies.setdefault(heading, []).append(block.kind)
    if len(bodies) < _COMPONENT_SECTIONS or not all("jsx" in kinds for kinds in bodies.values()):
        return 0
    return len(bodies)


def _line_of(link: Link) -> int:
    return link.line


_NAME_WORDS = 8  # words beside a bare address that only name what it points to


def _mostly_link(block: Block, by_line: Sequence[Link]) -> bool:
    """Half the block's words or more are link text (`by_line`: the page's links sorted by line, searched, not
    scanned, so a page of thousands of linked list items stays linear)."""
    words = text.count(block.text)
    start = bisect_left(by_line, block.line, key=_line_of)
    end = bisect_right(by_line, block.end_line, lo=start, key=_line_of)
    inside = sum(text.count(link.text) for link in by_line[start:end])
    # "Project Jupyter - https://...": a name beside a written-out address (a link with no text of its own)
    bare = sum(1 for link in by_line[start:end] if not link.text.strip())
    return (words > 0 and 2 * inside >= words) or (bare > 0 and words <= _NAME_WORDS * bare)


_LINK_ENTRY_WORDS = 30  # most words of the line about the linked page in an entry of a list of links
# An entry of a list of links, as its source line opens: a link, bold or not, then a dash or colon before a line about
# what it links to ("**[Workers](workers.md)** - Run code in a background thread", "* [@acme/test](...) - Helpers").
LINK_ENTRY = re.compile(r"^\s*(?:[-*+]\s+)?(?:\*\*|__)?\[([^\]\n]+)\]\([^)\s]+\)(?:\*\*|__)?\s*[-\u2013\u2014:]\s")


def _link_entry(block: Block, lines: Sequence[str]) -> bool:
    """Whether a list item is an entry of a list of links: a link, then a dash or colon and a line of at most
    `_LINK_ENTRY_WORDS` words about what it links to ("[@oclif/test](https://github.com/oclif/test) - Test helper")."""
    found = LINK_ENTRY.match(lines[block.line - 1]) if 0 < block.line <= len(lines) else None
    return found is not None and text.count(block.text) - text.count(found.group(1)) <= _LINK_ENTRY_WORDS


_ENTRY_LINK_KEYS = frozenset({"url", "link", "href"})
# Front matter a page's head, the site's lists and search read, not its layout's body: words there draw no text.
_META_KEYS = frozenset({"title", "description", "keywords", "summary", "excerpt", "seo", "meta", "og", "head",
                        "image", "slug", "id", "tags", "categories", "author", "authors", "date", "sidebar_label",
                        "sidebar_title", "nav_title", "short_title", "subtitle", "redirect_from", "aliases"})
_DRAWN_WORDS = 40  # words of prose in front matter's own fields that a layout draws as the page's text
_SENTENCE_WORDS = 5  # words a front matter value has to be prose, not a name or a label
_LISTING_NAMES = frozenset({"index", "list", "listing"})


def _front_matter_prose(front: Mapping[str, Any]) -> dict[str, int]:
    """Words of prose in each of front matter's own fields (not its meta: title, description, tags), its values of
    a sentence or more, in lists and mappings too (`overview: >` and each option's `description`)."""
    def words(value: Any, depth: int = 0) -> int:
        if depth > 6:
            return 0
        if isinstance(value, str):
            count = len(text.words(value))
            return count if count >= _SENTENCE_WORDS else 0
        if isinstance(value, Mapping):
            return sum(words(v, depth + 1) for v in value.values())
        if isinstance(value, list):
            return sum(words(v, depth + 1) for v in value)
        return 0
    out = {str(key): words(value) for key, value in front.items() if str(key).lower() not in _META_KEYS}
    return {key: count for key, count in out.items() if count}


def _listing_template(front: Mapping[str, Any]) -> str:
    """The template or layout front matter names when it is a listing's (`template: tags/index`, `layout: list`):
    the page is the index its template draws of a collection's pages."""
    for key in ("template", "layout"):
        value = front.get(key)
        if isinstance(value, str) and value.strip().rsplit("/", 1)[-1].lower() in _LISTING_NAMES:
            return f"{key}: {value.strip()}"
    return ""
_HTML_CODE = re.compile(r"<code\b[^>]*>[^<]+</code>")


def _front_matter_entries(value: Any, depth: int = 0) -> int:
    """Entries with an address that front matter lists ({title, url, description} of a resources page): a page
    whose layout renders them."""
    if depth > 6:
        return 0
    if isinstance(value, dict):
        own = 1 if any(isinstance(value.get(k), str) for k in _ENTRY_LINK_KEYS) else 0
        return own + sum(_front_matter_entries(v, depth + 1) for v in value.values() if isinstance(v, (dict, list)))
    if isinstance(value, list):
        return sum(_front_matter_entries(v, depth + 1) for v in value)
    return 0

