"""Links to a place on a page that the page does not have: `[setup](#install)` after the heading became `## Setup`,
`[caveats](other.md#caveats)` after the section moved. The reader lands at the top of the page, or nowhere.

A page's anchors are its headings' ids, as the frameworks make them (the slugs of GitHub, VitePress, Python-Markdown
and Sphinx, compared loosely: case, `_` and repeated `-` aside, with the `-1` a repeated heading gets), the ids it
writes (`{#custom-id}`, `{/*custom-id*/}`, `{ #id }`, Fumadocs' `[#id]`, `<a id="x">`, `name="x"`, a MyST `(label)=`),
and any word of its source the anchor is written as (a component may make an id of a prop). A page whose headings its
build fills in (generated pages, includes, imported Markdown, a component of the site's own that renders headings,
Nextra's TSDoc that gives a type's fields ids) is not judged, nor is a link to a route sitelint cannot map to a page.
On a Sphinx site, MyST resolves `[text](#name)` to an explicit target anywhere in the project (`(name)=`, `{#name}`,
a directive's `:name:` option) when the page has no such anchor, so those count too.
"""

from __future__ import annotations

import html
import posixpath
import re
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from urllib.parse import quote, unquote

from sitelint.checks import CheckContext, Words, spec
from sitelint.model import Link, Location, Measurement, Page, Site
from sitelint.pagetypes import MACRO_LINE, bare, from_source, outside_code, section_cascades, sends_away
from sitelint.sites.navigation import EVERY_PAGE, key
from sitelint.sites.navigation.graph import link_resolver
from sitelint.sites.siteconfig import read_text

_ATX = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")
# An id written at a heading's end, glued to its text (`## Using Cloudflare R2 (via S3 API)#s3-r2`): the renderer
# of some sites cuts it off and gives the heading that id. Glued, it is no closing sequence (that needs a space).
_GLUED_ID = re.compile(r"\S#([A-Za-z][\w-]*)$")
# `{#id}` (in MDX escaped as `\{#id\}`), `{/*id*/}`, `id="x"`, MyST's `(label)=`, an HTML tag's unquoted `<a id=x>`,
# Fumadocs' `[#id]` after a heading's text, and remark-heading-id's `(#id)` (Effector's docs: `## Common unit
# (#common-unit)`; an issue's number in parentheses, `(#1234)`, is not an id).
_EXPLICIT = re.compile(r"""\{\s*:?\s*#([^\s}\\]+)[^}]*\}|\{/\*\s*#?([^*\s]+)\s*\*/\}"""
                       r"""|\b(?:id|name)\s*=\s*\{?\s*["']([^"']+)["']|^\s*\(([^)\s]+)\)=\s*$"""
                       r"""|<[A-Za-z][\w-]*\s(?:[^<>]*\s)?(?:id|name)\s*=\s*([^\s"'=<>`{}]+)"""
                       r"""|^\s{0,3}#{1,6}\s.*\[#([^\]\s]+)\]\s*$"""
                       r"""|^\s{0,3}#{1,6}\s.*\(#([A-Za-z][\w.-]*)\)\s*$"""
                       # ... and an attribute list's unquoted id at a heading's end (Writerside's `{id = read-object}`)
                       r"""|^\s{0,3}#{1,6}\s.*\{[^}\n]*\bid\s*=\s*([A-Za-z][\w.-]*)[^}\n]*\}\s*$"""
                       # ... and an id after other attributes (Goldmark's `{.notranslate lang=en #localization}`)
                       r"""|^\s{0,3}#{1,6}\s.*\{[^}\n#]*[\s.]#([A-Za-z][\w.:-]*)[^}\n]*\}\s*$""", re.M)
# MyST's explicit targets, which a `#name` link on any page of a Sphinx project reaches: `(name)=`, `{#name}` and a
# directive's `:name: name` option.
_MYST_TARGET = re.compile(r"^\s*\(([^)\s]+)\)=\s*$|\{\s*#([^\s}]+)[^}]*\}|^\s*:(?:name|label):\s*(\S+)\s*$"
                          r"|^\s*\$\$[^$\n]*\(([^)\s]+)\)\s*$", re.M)
_TAGS = re.compile(r"(?<!\\)<[^>]+>")  # a tag; `\<T\>`, escaped, is text (`## Field\<T\>` is `#fieldt`)
# Mintlify's fields, each an anchor of its own: `<ParamField path="--max-session-duration">`, `<ResponseField name=..>`
_FIELD = re.compile(r"""<(ParamField|ResponseField)\b[^>]*?\b(path|query|body|header|name)\s*=\s*["']([^"']+)["']""")
# Mintlify's tabs, steps, accordions and views, each an anchor named for its title: `<Tab title="API Level">` is
# `#api-level`; an accordion a link names opens.
_TAB_TITLE = re.compile(r"""<(?:Tab|Step|Accordion|View)\b[^>]*?\btitle\s*=\s*["']([^"']+)["']""")
# ... and a directive's of those kinds, its title its label: `:::accordion[Teardown]`
_DIRECTIVE_TITLE = re.compile(r"(?im)^[ \t>]*:{3,}[ \t]*(?:accordion|details|collapse|collapsible|expand|expandable"
                              r"|tab|step)\[([^\]\n]+)\]")
_REF_DEFINITION = re.compile(r"[ ]{0,3}\[[^\]]+\]:\s*<?([^\s>]*#[^\s>]+)>?")  # `[name]: path#anchor`
_REF_LINK = re.compile(r"\[([^\]]*)\]\[[^\]]*\]")  # `[text][reference]`, `[text][]`
_MD_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_TRAILING_ATTRS = re.compile(r"\s*(?:\{[^}]*\}|\{/\*.*?\*/\})\s*$")
# Braces glued to the heading's last word, holding no id, class or key (`#### DELETE /api/bounces/{bounce_id}`): a
# path's parameter, which Python-Markdown's attribute lists (a space before the brace) leave in the text.
_GLUED_BRACES = re.compile(r"\S\{[^}#.:=\s][^}=\s]*\}\s*$")
_CODE_SPAN = re.compile(r"(`+)[^`]+?\1")
_LINE_ANCHOR = re.compile(r"L\d+(?:-L?\d+)?")
# A line that fills the page in at build time: a snippet, an include (Liquid's `{% render 'snippet' %}`,
# markdown-it-include's `!!!include(x.md)!!!`, mdBook's `{{#include x.md}}`, Madoko's `[INCLUDE=tour.kk.md]`,
# DocFX's `[!INCLUDE [name](x.md)]`, a build hook's `<!-- include: x.md -->` and a Hugo shortcode's too), an autodoc
# directive (`::: package.module`; not a container of VitePress, Docusaurus or Starlight, `::: tip`, `:::code-group`).
_CONTAINERS = ("tip|note|info|warning|danger|caution|important|details|code-group|success|error|question|example"
               "|raw|v-pre")
_FILLED = re.compile(r"(?m)^\s*(?:-+8<-+\s|\{%-?\s*(?:include|render)\b|<!--\s*@?include:|@include\s|!!!include\("
                     r"|\[!INCLUDE\s*\["
                     # a heading a template's loop writes from data (`## {{ group[0] }}` in a Liquid `{% for %}`)
                     r"|\#{1,6}[ \t]+\{\{(?![<%#])"
                     r"|\{\{#include\s|:\[[^\]\n]*\]\([^)\s]+\.mdx?\)[ \t]*$|\[INCLUDE\s*=\s*[^\]\n]+\][ \t]*$"
                     r"|<include\b[^>]*>[^<]+\.mdx?\s*</include>|<embed\s+src\s*=\s*[\"'][^\"']+\.mdx?(?:#[^\"']*)?[\"']"
                     rf"|:::\s*(?!(?:{_CONTAINERS})\s*$)[\w.]+\s*$"
                     r"|\{\{[<%]\s*(?:include|readfile|partial)\b|(?:`{3,}|~{3,}).*\bexec\s*=\s*[\"']?(?:true|1|on|yes)\b"
                     # a shortcode of the site's own given a Markdown file (`{{< inline contentPath="x.md" >}}`)
                     r"|\{\{[<%]\s*[\w-]+\s+(?:[\w-]+\s*=\s*[\"'][^\"'\n]*[\"']\s+)*(?i:content[-_]?path"
                     r"|file(?:[-_]?(?:name|path))?|path|src|include|markdown|md)\s*=\s*[\"'][^\"'\n]+\.mdx?[\"'])")
# A content tab (`=== "Label"`), which pymdownx.tabbed gives an id of its label, after its section's (`logo-image`).
_TAB = re.compile(r'(?m)^\s*===[+!]?\s+"([^"\n]+)"')
_ICON = re.compile(r":[\w-]+:")
FOOTNOTE = re.compile(r"(?m)^[ ]{0,3}\[\^([^\]\s]+)\]:")  # a footnote's definition, `[^1]: The source.`
# A definition list's term (`Term` over `: its definition`, the colon indented or not, the term as code too:
# `` `defaultContentRole` ``, not a code fence), which Hugo, mdBook and others give an id.
_TERM = re.compile(r"(?m)^(?!`{3})([^\s:>#|-][^\n]*)\n(?=[ \t]{0,3}:\s)")
# A specification's rule marker alone on a line (`r[names.scopes]`), an anchor its book's own preprocessor makes.
_RULE_MARKER = re.compile(r"(?m)^([A-Za-z]\w{0,11})\[([\w.-]+)\][ \t]*$")
_ELEMENT = re.compile(r"<([A-Za-z][\w.-]*)\b[^<>]*>[^<]*</\1\s*>")  # an element and its text: `<Badge>2.2.0+</Badge>`
_MD_IMPORT = re.compile(r"""(?m)^\s*import\s+[\w$]+\s+from\s+["'][^"']+\.mdx?["']""")
# A component of the site's own (imported from a file of the project, not a package) placed alone on a line with no
# children (`<Settings :level="2" />`) whose source renders headings: the page's ids include ones its source lacks.
_LOCAL_IMPORT = re.compile(r"""(?m)^\s*import\s+(?:\{([^}]*)\}|([\w$]+))\s+from\s+"""
                           r"""["']((?:\.{1,2}/|/|[@~]/|@site/|@theme/|\$lib/|@[\w-]+/)[^"']+)["']""")
# A module's re-export of a component (`export { default as APISection } from "./api-section.svelte"`), as an index
# file of components gives them.
_REEXPORT = re.compile(r"""export\s*\{([^}]*)\}\s*from\s*["'](\.{1,2}/[^"']+)["']""")
_ALONE_TAG = re.compile(r"(?m)^\s*<([A-Z][\w.]*)\b([^<>]*?)/?>\s*$")
# An element a component gives an id it computes from its props (`<details className="api-endpoint" id={id}>`, Vue's
# `:id="slug"`), no form control's (whose id is its label's): the page has ids no heading shows.
_COMPUTED_ID = re.compile(r"<(?!(?:input|label|textarea|select|option|button)\b)[a-z][\w-]*\b[^<>]*?"
                          r"\s(?:id=\{|(?:v-bind)?:id=\")")
# Markup that renders headings, or Nextra's TSDoc (`nextra/tsdoc`), which gives each field of a type an id.
# A component that renders Markdown it reads (Astro's `createMarkdownProcessor`, marked, markdown-it) shows its
# headings.
_HEADING_MARKUP = re.compile(r"<h[1-6][\s>:]|`h\$\{|['\"]h['\"]\s*\+|['\"]@?nextra/tsdoc['\"]"
                             r"|\bcreateMarkdownProcessor\b|\bmarked(?:\.parse)?\(|\bnew\s+MarkdownIt\b|\bmarkdownit\(")
# A component a global map defines in place: `TSDoc(props) {` or `Callout: (props) =>` in Nextra's mdx-components.
_DEFINED_COMPONENT = re.compile(r"(?m)^\s+([A-Z]\w*)\s*(?:\([^)]*\)\s*\{|:\s*\()")
_MD_HEADING = re.compile(r"(?m)^#{1,6}[ \t]+\S|<h[1-6][\s>]")  # a Markdown file's heading, or an HTML one in it
_LEVEL_PROP = re.compile(r"(?<![\w-]):?(?:level|heading-?level|headingLevel)\s*=")


def _loose(anchor: str) -> str:
    """An anchor compared loosely: lower case, `_` as `-`, runs of `-` as one, none at the ends, its characters
    composed (VitePress writes ids decomposed, NFKD: `グ` as `ク` and a combining mark, and so may a link)."""
    return re.sub(r"-+", "-", unicodedata.normalize("NFC", anchor).lower().replace("_", "-")).strip("-")


# An emoji shortcode (`:computer:`): VitePress (markdown-it-emoji) and pymdownx.emoji render it as a picture or an
# emoji token, which their id leaves out (`## :computer: Editor integrations` is `#editor-integrations`).
_SHORTCODE = re.compile(r"(?<![\w:]):[a-z0-9_+-]+:(?![\w:])")


def slugs(heading: str) -> set[str]:
    """The ids the frameworks give a heading of this text (its markup and trailing `{#id}` left out). An element in
    it with text inside (`### html2sketch <Badge>2.2.0+</Badge>`) may be left out whole, as Docusaurus and dumi
    leave a component out of the heading's id."""
    out = _slugs(heading)
    if _GLUED_BRACES.search(heading):
        out |= _slugs(heading, attrs=False)
    if "&" in heading or "\\" in heading:  # a slugger of the raw text keeps an entity's letters (`#get-pkicaltidgt`)
        out |= _slugs(heading, decode=False)
    if _SHORTCODE.search(heading):
        out |= _slugs(_SHORTCODE.sub("", heading))
    if _ELEMENT.search(heading):
        out |= _slugs(_ELEMENT.sub("", heading))
    return out


_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")  # CommonMark's backslash escapes


def _decoded(text: str, decode: bool) -> str:
    return _ESCAPE.sub(r"\1", html.unescape(text)) if decode else text


def _shown_text(heading: str, decode: bool = True, attrs: bool = True) -> str:
    """A heading's text as shown, lower case: the text sluggers slug."""
    text = _MD_LINK.sub(r"\1", _TRAILING_ATTRS.sub("", heading) if attrs else heading)
    # Tags are markup, but not inside code: "`<Page>` component" is shown, and slugged, as "<Page> component".
    # Emphasis markers are markup too, but not inside code: "`targets.*.source`" keeps its star.
    # Outside code, an entity or a backslash escape is the character it stands for once the tags are gone
    # (`&lt;severity\>` is shown, and slugged, as "<severity>").
    return "".join(part[1:-1] if part.startswith("`") else _decoded(
                       re.sub(r"[*~]|(?<!\w)_|_(?!\w)", "", _TAGS.sub("", part)), decode)
                   for part in re.split(r"(`[^`]*`)", text)).strip().lower()


def _github_slug(text: str) -> str:
    """github-slugger's id of a heading's shown text: it drops punctuation and symbols only (a script's combining
    marks, Devanagari's vowel signs, stay)."""
    return "".join(c for c in text if c.isalnum() or c in "_- " or unicodedata.category(c)[0] == "M"
                   ).replace(" ", "-")


def _slugs(heading: str, decode: bool = True, attrs: bool = True) -> set[str]:
    text = _shown_text(heading, decode, attrs)
    github = _github_slug(text)
    accentless = re.sub(r"[\u0300-\u036f]", "", unicodedata.normalize("NFKD", text))  # as VitePress's slugify
    vitepress = re.sub(r"[\s~`!@#$%^&*()\-_+=\[\]{}|\\;:\"'“”‘’<>,.?/]+", "-", accentless).strip("-")
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    python_markdown = _python_markdown_slug(text)
    sphinx = re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")
    return {_loose(s) for s in (github, vitepress, python_markdown, sphinx) if s}


def _without_pictures(page: Page, heading: str, title: str) -> str:
    """A heading's text without the alt text of the pictures on its line (a badge after a name)."""
    line = next((sec.line for sec in page.sections if sec.title == heading), 0)
    for alt in (link.text for link in page.links if link.image and link.line == line and link.text):
        at = title.rfind(alt)
        if at >= 0:
            title = (title[:at] + title[at + len(alt):]).strip()
    return title


def _own_slugs(page: Page, framework: str) -> frozenset[str]:
    """The ids sluggers of their own give a page's headings. On a site of no framework sitelint knows (the frameworks
    it knows slug their own way: there `#params.route` is broken): markdown-it-anchor's default (an Eleventy site's),
    spaces to dashes, punctuation kept (`## Inlining fs.readFileSync` is `#inlining-fs.readfilesync`), and
    @sindresorhus/slugify's, which splits words written together (`## LangChain` is `#lang-chain`, `FastAPI`
    `fast-api`) and spells `&` out (`#one-sided-and-two-sided`), and league/commonmark's (a PHP site's), which keeps
    letters, digits and dashes alone (`` ## `form_ajax()` `` is `#formajax`), and stringex's (a Ruby site's), which
    spells marks out as words (`## macOS Tahoe 26.6` is `#macos-tahoe-26-dot-6`). On Mintlify its own, which keeps
    punctuation but periods and parentheses, its quotes typographic (`### @tool` is `#@tool`, `## What's next?`
    `#what’s-next`). On GitBook its own: lower case, `<`, `>` and `&` spelled out, `$` written `usd` in its word,
    dots and plus signs kept, any other run of characters a dash (`` `--secret <env-var>` `` is
    `#secret-less-than-env-var-greater-than`, `` `IF ...` vs `RUN if ...` `` `#if-...-vs-run-if-...`), `id-` before
    a digit (`### 12. Direct Reply Node` is `#id-12.-direct-reply-node`). On Hexo hexo-util's slugize of the
    rendered text, its `&` still `&amp;` (`## Settings & Their Default Values` is
    `#Settings-amp-Their-Default-Values`). On Docsify its own, which keeps marks outside ASCII's and the General
    Punctuation block (`## 方式一：改代码` is `#方式一：改代码`). On a site of no framework, too, Rails' `parameterize`
    of the escaped title (Middleman's: `## Principles & Design` is `#principles-amp-design`) and FSharp.Formatting's:
    the words of the heading, its code spans left out, joined by dashes (``### Special case: `dotnet` CLI tools`` is
    `#Special-case-CLI-tools`)."""
    out = set()
    if framework == "jekyll-commonmark":
        return _kramdown_ids_of_html(page)
    if framework == "mkdocs-positional":
        return _positional_ids(page)
    for heading in [s.title for s in page.sections] + _joined_titles(page):
        plain = _MD_LINK.sub(r"\1", _TRAILING_ATTRS.sub("", heading)).replace("`", "")
        if framework == "gitbook":
            spelled = plain.lower().replace("<", " less than ").replace(">", " greater than ").replace("&", " and ")
            spelled = spelled.replace("$", "usd")  # a currency's sign its code, in the word: `#dolt_history_usdtable`
            slug = re.sub(r"[^\w.+]+", "-", spelled.replace("*", "")).strip("-")
            # an id may not start with a digit there: `### 12. Direct Reply Node` is `#id-12.-direct-reply-node`
            out.add(_loose(f"id-{slug}" if slug[:1].isdigit() else slug))
            continue
        title = _TAGS.sub("", plain).strip()
        if framework == "docsify":  # lower case, ASCII and general punctuation dropped, others kept (`：`)
            slug = re.sub(r"-+", "-", re.sub(r"\s", "-", _DOCSIFY_DROPS.sub("", title.lower())))
            out.add(_loose(re.sub(r"^(\d)", r"_\1", slug)))
            continue
        if framework == "hexo":  # hexo-renderer-marked slugs the rendered text, its `&` still `&amp;`, its
            # pictures' tags stripped, their alt text with them (`## Mongo Adapter [![NPM version](...)](...)` is
            # `#Mongo-Adapter`)
            for said in dict.fromkeys((title, _without_pictures(page, heading, title))):
                escaped = html.escape(html.unescape(said), quote=True).replace("&#x27;", "&#39;")
                out.add(_loose(re.sub(r"[\s~`!@#$%^&*()\-_+=\[\]{}|\\;:\"'<>,.?/]+", "-", escaped).strip("-")))
        if framework == "mintlify":  # quotes made typographic first: `## 'Backend Connector'` is `#‘backend-connector’`
            title = re.sub(r"[()]", "", _smart_quotes(title.replace(".", "-")))
            out.add(_loose(re.sub(r"\s+", "-", re.sub(r"[?:!,;]", "", title).lower())))  # `#what’s-next`
        else:  # @sindresorhus/slugify's default splits words written together: "LangChain" is `#lang-chain`;
            # its default replacements spell `&` out: "One & two" is `#one-and-two`
            spelled = title.replace("&", " and ") if framework == "" else title
            spaced = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1 \2", re.sub(r"([a-z\d])([A-Z])", r"\1 \2", spelled))
            out.add(_loose(re.sub(r"[^a-z0-9]+", "-", spaced.lower()).strip("-")))
        if framework == "":  # league/commonmark's (a PHP site's): spaces to dashes, then only letters, digits, `-`
            out.add(_loose(re.sub(r"[^\w-]|_", "", re.sub(r"\s+", "-", title.strip().lower()))))
            # ... and simov/slugify's (a Gatsby site's): its quotes straight, it keeps `.()'"!:@*+~$` and drops
            # other marks (`?`, `/`)
            straight = title.translate(_STRAIGHT_QUOTES)
            out.add(_loose(re.sub(r"[-\s]+", "-", re.sub(r"[^\w\s$*_+~.()'\"!:@-]+", "", straight)).strip("-").lower()))
            out.add(_loose(_stringex_url(straight)))
            # ... and Rails' `parameterize` of the escaped title (Middleman's): `## Principles & Design` is
            # `#principles-amp-design`
            out.add(_loose(re.sub(r"[^a-z0-9]+", "-", html.escape(title).lower()).strip("-")))
        spaced = re.sub(r"\s+", "-", title.lower())
        out.add(_loose(spaced))
        if framework == "":  # ... as markdown-it-anchor writes it, percent-encoded (`#--autoload-file%7C-a`)
            out.add(_loose(quote(spaced, safe="-_.!~*'()")))
    if framework == "":
        out |= _badged_github_ids(page)
        # A renderer that reads no attribute list (Kiln's) slugs it as text:
        # `## ファイルミドルウェア {#file-middleware}` is `#ファイルミドルウェア-file-middleware`.
        lines = page.source.split("\n")
        for section in page.sections:
            raw = _ATX.match(lines[section.line - 1]) if 0 < section.line <= len(lines) else None
            if raw is not None and _TRAILING_ATTRS.search(raw.group(1)):
                out |= _slugs(raw.group(1), attrs=False)
            # ... and FSharp.Formatting's (an F# project's docs): the words of its text, its code spans left out,
            # joined by dashes (``### Special case: `dotnet` CLI tools`` is `#Special-case-CLI-tools`)
            if raw is not None:
                uncoded = _CODE_SPAN.sub("", _MD_LINK.sub(r"\1", _TRAILING_ATTRS.sub("", raw.group(1))))
                out.add(_loose("-".join(re.findall(r"\w+", _TAGS.sub("", uncoded)))))
    return frozenset(out)


# stringex's `to_url` (a Ruby site's, Rails or Jekyll's Octopress), which spells marks out as words: `## macOS Tahoe
# 26.6` is `#macos-tahoe-26-dot-6`, `## Block / input steps` `#block-slash-input-steps`, `_` a space.
_STRINGEX_WORDS = ((re.compile(r"\s*\.{3,}\s*"), " dot dot dot "), (re.compile(r"\s*&\s*"), " and "),
                   (re.compile(r"\s*@\s*"), " at "), (re.compile(r"(\S|^)\.(\S)"), r"\1 dot \2"),
                   (re.compile(r"\s*=\s*"), " equals "), (re.compile(r"\s*#"), " number "),
                   (re.compile(r"\s*%\s*"), " percent "), (re.compile(r"\s*\+\s*"), " plus "),
                   (re.compile(r"\s*[\\/／]\s*"), " slash "), (re.compile(r"\s*\*\s*"), " star "))
_STRINGEX_ABBREVIATION = re.compile(r"(?<!\S)[^\W\d_](?:\.[^\W\d_])+\.?(?!\S)")  # `e.g.` is `eg`
_STRINGEX_SPACED = re.compile(r"[.,:;(){}\[\]?!^'ʼ\"_|<>]")


def _stringex_url(title: str) -> str:
    text = _STRINGEX_ABBREVIATION.sub(lambda m: m.group(0).replace(".", ""), title)
    text = re.sub(r"(?<=[^\W\d_])'|'(?=[^\W\d_])", "", text)  # `it's` is `its`
    for pattern, words in _STRINGEX_WORDS:
        text = pattern.sub(words, text)
    return re.sub(r"-+", "-", re.sub(r"\s+", "-", _STRINGEX_SPACED.sub(" ", text).strip().lower())).strip("-")

# A link to a folder, not a file in it: no name with a suffix at its end (`./packages/cli`, `../`, `.`).
_FOLDER_LINK = re.compile(r"(?:^|/)(?:[^/.]+|\.{1,2})/?$")
_PICTURE = re.compile(r"!\[[^\]]*\](?:\([^)]*\)|\[[^\]]*\])?")
_EMPTY_LINK = re.compile(r"\[\s*\](?:\([^)]*\)|\[[^\]]*\])?")


def _badged_github_ids(page: Page) -> set[str]:
    """The ids GitHub gives headings with pictures on their line (a README's badges): from the text it shows, the
    pictures none, the space before them kept (`## Contributors [![Contributors][src]][href]` is `#contributors-`)."""
    lines = page.source.split("\n")
    out = set()
    for sec in page.sections:
        line = lines[sec.line - 1] if 0 < sec.line <= len(lines) else ""
        if "![" not in line or not line.lstrip().startswith("#"):
            continue
        shown = _EMPTY_LINK.sub("", _PICTURE.sub("", re.sub(r"^\s*#+\s+", "", line).rstrip("\r")))
        shown = _MD_LINK.sub(r"\1", re.sub(r"\s+#+\s*$", "", shown)).replace("`", "")
        out.add(_loose(_github_slug(shown.lower())))
    return out


# Jekyll's `markdown:` setting: CommonMark (jekyll-commonmark) or CommonMarkGhPages in place of kramdown.
_COMMONMARK_ENGINE = re.compile(r"(?mi)^markdown\s*:\s*['\"]?commonmark")


_STATIC_ID = re.compile(r"""\b(?:id|name)\s*=\s*["']([^"'{}<>\s]+)["']""")
_INCLUDE_RELATIVE = re.compile(r"\{%-?\s*include_relative\s+([^\s%]+)")
_LAYOUT_FILES = 200  # layout and include files read for the ids a Jekyll site's layouts write on every page


def _layout_ids(site: Site) -> frozenset[str]:
    """The ids a Jekyll site's layouts write (`_layouts/`, the `_includes/` files and the files their
    `{% include_relative navigation.html %}` lines pull in): on every page that uses them, whatever its own headings
    (a sidebar's `<a name="beginner-mode">`)."""
    if site.framework != "jekyll" or not site.config_files:
        return frozenset()
    root = site.config_files[0].parent
    files = sorted((root / "_layouts").glob("*.html"))[:_LAYOUT_FILES]
    files += sorted((root / "_includes").rglob("*.html"))[:_LAYOUT_FILES]
    layouts = [read_text(f) for f in files]
    for layout, text in zip(list(files), list(layouts), strict=True):
        if layout.parent.name == "_layouts":
            for name in _INCLUDE_RELATIVE.findall(text):
                pulled = next((c for c in (layout.parent / name, root / name) if c.is_file()), None)
                if pulled is not None:
                    layouts.append(read_text(pulled))
    return frozenset(_loose(found) for text in layouts for found in _STATIC_ID.findall(text))


_TOC_SLUGIFY = re.compile(r"(?m)^\s*slugify\s*:")


def _mkdocs_positional(site: Site) -> bool:
    """Whether a MkDocs site leaves Python-Markdown's toc its default slugify, which keeps ASCII alone: a heading of
    no ASCII letter or digit (`## 静态路由`) gets an id by its place, `_1`, `_2`, ..."""
    return site.framework == "mkdocs" and not any(_TOC_SLUGIFY.search(read_text(c)) for c in site.config_files)


def _positional_ids(page: Page) -> frozenset[str]:
    """The ids Python-Markdown's toc gives a page's headings whose slug of ASCII is empty: `_1` for the first, `_2`
    for the next, in the page's order (an explicit `{#id}` is the heading's own)."""
    out, count = set(), 0
    lines = page.source.split("\n")
    for section in page.sections:
        if _EXPLICIT.search(lines[section.line - 1] if 0 < section.line <= len(lines) else section.title):
            continue
        if not _slug_ascii(section.title):
            count += 1
            out.add(_loose(f"_{count}"))
    return frozenset(out)


def _slug_ascii(title: str) -> str:
    """Python-Markdown's default slug of a heading's markup: its text's ASCII letters, digits, `_`, spaces and
    dashes."""
    return _python_markdown_slug(_TAGS.sub("", _MD_LINK.sub(r"\1", _TRAILING_ATTRS.sub("", title))).replace("`", ""))


def _python_markdown_slug(text: str) -> str:
    """Python-Markdown's toc slugify of a heading's text: its ASCII letters, digits, `_`, spaces and dashes, runs of
    spaces and dashes one dash (empty for a heading of no ASCII letter or digit)."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[-\s]+", "-", re.sub(r"[^\w\s-]", "", ascii_text).strip())


def _jekyll_commonmark(site: Site) -> bool:
    """Whether a Jekyll site reads its pages with jekyll-commonmark (`markdown: CommonMarkGhPages`)."""
    return any(_COMMONMARK_ENGINE.search(read_text(c)) for c in site.config_files)


def _kramdown_ids_of_html(page: Page) -> frozenset[str]:
    """The ids jekyll-commonmark gives a page's headings: kramdown's id of the heading's HTML, tags and all
    (`` ### `load_dotenv` `` renders `<code>load_dotenv</code>`, whose id is `#codeloaddotenvcode`): no leading
    character but a letter, only letters, digits, spaces and dashes kept, spaces to dashes, lower case."""
    lines = page.source.split("\n")
    out = set()
    for section in page.sections:
        raw = lines[section.line - 1] if 0 < section.line <= len(lines) else ""
        match = _ATX.match(raw)
        rendered = _as_html(match.group(1) if match else section.title)
        slug = re.sub(r"[^a-zA-Z0-9 -]", "", re.sub(r"^[^a-zA-Z]+", "", rendered)).replace(" ", "-").lower()
        out.add(_loose(slug or "section"))
    return frozenset(out)


def _as_html(text: str) -> str:
    """A heading's inline Markdown as CommonMark renders it, as far as its id's letters go: the text escaped (`&` is
    `&amp;`), code, emphasis and links as their tags (`<code>`, `<em>`, `<strong>`, `<a href="...">`)."""
    text = html.escape(text, quote=False)
    text = re.sub(r"(`+)(.+?)\1", r"<code>\2</code>", text)
    text = re.sub(r"(\*\*|__)(.+?)\1", r"<strong>\2</strong>", text)
    text = re.sub(r"(?<![\w*])([*_])(?!\s)(.+?)(?<!\s)\1(?![\w*])", r"<em>\2</em>", text)
    return re.sub(r"\[([^\]]*)\]\(([^)\s]*)[^)]*\)", r'<a href="\2">\1</a>', text)


_OPENS = re.compile(r"""(^|[\s(\[{\u2014-])(['"])""")


def _smart_quotes(text: str) -> str:
    """Straight quotes as a typographer's (as Mintlify renders a heading before it slugs it): one at the start of a
    word opens (`‘`, `“`), any other closes or is an apostrophe (`’`, `”`)."""
    text = _OPENS.sub(lambda m: m.group(1) + ("\u2018" if m.group(2) == "'" else "\u201c"), text)
    return text.replace("'", "\u2019").replace('"', "\u201d")


_STRAIGHT_QUOTES = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"'})


def _joined_titles(page: Page) -> list[str]:
    """Each heading's title joined to an enclosing heading's ("General - Which K8s environments are supported?"):
    the ids some sites make, so that the same question asked in two parts of a page has an id in each
    (`#general-which-k8s-environments-are-supported`). The page's title is no part of them."""
    out = []
    for section in page.sections:
        parent = section.parent
        while 0 <= parent < len(page.sections) and page.sections[parent].level > 1:
            out.append(f"{page.sections[parent].title} - {section.title}")
            parent = page.sections[parent].parent
    return out


def _tagged_heading_ids(page: Page) -> frozenset[str]:
    """Hugo's ids of a page's headings that hold an HTML tag: goldmark slugs the heading's source, the tag's text and
    all (`### <a name="istio_validations"></a> Istio Validations` is `#a-nameistio_validationsa-istio-validations`)."""
    lines = page.source.split("\n")
    out = set()
    for section in page.sections:
        raw = lines[section.line - 1] if 0 < section.line <= len(lines) else ""
        match = _ATX.match(raw)
        said = (match.group(1) if match else raw).strip()
        if "<" in said:
            out.add(_loose(_github_slug(said.lower())))
    return frozenset(out)


# Hugo's `param` shortcode, which writes a page's parameter (its front matter's, or one a section's `cascade` gives
# its pages) before the heading's id is made: `## Configure {{% param "PRODUCT_NAME" %}}` is `#configure-alloy`.
_PARAM_SHORTCODE = re.compile(r"""\{\{[<%]\s*param\s+["']?([\w.-]+)["']?\s*[%>]\}\}""")


def _hugo_params(site: Site) -> Callable[[Page], dict[str, str]]:
    """The parameters Hugo's `param` shortcode reads for a page: those the `cascade` of each `_index.md` above it
    gives (the nearest first), then its own front matter's; names in lower case, as Hugo reads them."""
    cascades: dict[str, dict[str, str]] = {}
    for page in site.pages:
        merged = {str(k).lower(): str(v) for given in section_cascades(page) for k, v in given.items()
                  if isinstance(v, (str, int, float))}
        if merged:
            cascades[page.path.rpartition("/")[0]] = merged

    def params(page: Page) -> dict[str, str]:
        if not cascades:
            return {}
        out: dict[str, str] = {}
        folder = page.path.rpartition("/")[0]
        chain = [folder]
        while folder:
            folder = folder.rpartition("/")[0]
            chain.append(folder)
        for at in reversed(chain):
            out.update(cascades.get(at, {}))
        out.update({str(k).lower(): str(v) for k, v in page.front_matter.items() if isinstance(v, (str, int, float))})
        return out
    return params


# A Hugo layout that shows Markdown files it reads in its pages (a manual laid out as one page from its chapters'
# files: `{{ readFile "content/manual/what.md" | markdownify }}`).
_READ_MARKDOWN = re.compile(r"readFile\s+\"([^\"]+\.md)\"\s*\|\s*(?:markdownify|\$?\.?RenderString)")


def _hugo_layout_reads(site: Site) -> dict[str, list[Path]]:
    """The Markdown files each Hugo section's page layout (`layouts/manual/single.html`, the site's or a theme's)
    reads and shows in its pages, by section name."""
    if site.framework != "hugo":
        return {}
    project = site.product_root
    tops = dict.fromkeys(f for c in site.config_files for f in (c.parent, *c.parents) if f.is_relative_to(project))
    out: dict[str, list[Path]] = {}
    for top in tops:
        for folder in (top, *sorted((top / "themes").glob("*"))):
            # (`single.html`, or `page.html` as Hugo 0.146's template system names a page's layout)
            for layout in sorted(f for name in ("single.html", "page.html")
                                 for f in (folder / "layouts").glob(f"*/{name}")):
                try:
                    text = layout.read_text(encoding="utf-8", errors="replace")
                except OSError:
                    continue
                files = [top / name for name in _READ_MARKDOWN.findall(text) if (top / name).is_file()]
                if files:
                    out.setdefault(layout.parent.name, []).extend(files)
    return out


def _anchors(page: Page, params: Mapping[str, str] | None = None) -> frozenset[str]:
    lines = page.source.split("\n")
    found: set[str] = set()
    for section in page.sections:
        raw = lines[section.line - 1] if 0 < section.line <= len(lines) else ""
        match = _ATX.match(raw)
        found |= slugs(section.title) | slugs(match.group(1) if match else raw)
        if params and _PARAM_SHORTCODE.search(raw):
            filled = _PARAM_SHORTCODE.sub(lambda m: params.get(m.group(1).lower(), m.group(0)),
                                          match.group(1) if match else raw)
            found |= slugs(filled)
        # A reference link renders its text (``[`ModelProfile`][pkg.profiles.ModelProfile] is now a `TypedDict` ``,
        # the reference mkdocs-autorefs resolves at build time): the id is the text's.
        referred = _REF_LINK.sub(r"\1", match.group(1) if match else raw)
        if referred != (match.group(1) if match else raw):
            found |= slugs(referred)
        glued = _GLUED_ID.search(match.group(1) if match else raw)
        if glued:  # `## Cross-origin resource sharing (CORS)#cors`: an id some sites' renderers cut from the end
            found.add(_loose(glued.group(1)))
    for joined in _joined_titles(page):
        found |= slugs(joined)
    found |= {_loose(written) for written in _written_ids(page)}
    # A footnote's definition and its reference, by the ids GitHub's renderer (and GitBook, which writes them as
    # links, `[1](#user-content-fn-1)[^1]`) and markdown-it give them.
    for label in FOOTNOTE.findall(page.source):
        found |= {_loose(f"{prefix}{kind}-{label}") for prefix in ("", "user-content-") for kind in ("fn", "fnref")}
        found |= {_loose(f"fn{label}"), _loose(f"fnref{label}")}
    for match in _TERM.finditer(page.source):
        found |= slugs(match.group(1))
    # a specification's rule marker, alone on a line (`r[names.scopes]`), which the book's own preprocessor makes
    # an anchor of (`#r-names.scopes`); as text it would read "r[names.scopes]", so its place shows a program's work
    found.update(_loose(f"{m.group(1)}-{m.group(2)}") for m in _RULE_MARKER.finditer(page.source))
    for match in _FIELD.finditer(page.source):  # Mintlify's `<ParamField path="onError">` is `#param-on-error`
        kebab = re.sub(r"[^a-z0-9]+", "-", re.sub(r"([a-z0-9])([A-Z])", r"\1-\2", match.group(3)).lower()).strip("-")
        # a response field's id is `#param-` too on Mintlify's sites (`<ResponseField name="thumbnails.background">`
        # is linked as `#param-thumbnails-background`), `#response-` on others
        found.update(_loose(prefix + kebab) for prefix in (
            ("param-",) if match.group(1) == "ParamField" else ("param-", "response-")))
    for match in (*_TAB_TITLE.finditer(page.source), *_DIRECTIVE_TITLE.finditer(page.source)):
        found |= slugs(match.group(1))
    found |= _tab_ids(lines)
    for match in _TAB.finditer(page.source):
        line = page.source.count("\n", 0, match.start()) + 1
        label = slugs(_ICON.sub("", match.group(1)))
        holder = max((s for s in page.sections if s.line <= line), key=lambda s: s.line, default=None)
        found |= label | {_loose(f"{head}-{tab}") for head in (slugs(holder.title) if holder else ())
                          for tab in label}
    return frozenset(found)


_TAB_LINE = re.compile(r'^([ \t]*)===(!?)\+?!?\s+"')


def _tab_ids(lines: list[str]) -> set[str]:
    """The ids pymdownx.tabbed gives content tabs by their place where it does not slug their labels: the n-th tab
    set of the page, its m-th tab, `#__tabbed_n_m`. A set is a run of `===` tabs at one indent with nothing between
    them but their content (indented deeper) and blank lines; `===!` starts a new one."""
    out: set[str] = set()
    sets = 0
    open_sets: dict[int, list[int]] = {}  # indent -> [set number, tabs so far]
    for text in lines:
        if not text.strip():
            continue
        spaced = text.expandtabs(4)
        indent = len(spaced) - len(spaced.lstrip())
        for depth in [d for d in open_sets if d > indent]:
            del open_sets[depth]  # a line back out at a shallower indent ends the sets deeper in
        tab = _TAB_LINE.match(text)
        if tab is None:
            open_sets.pop(indent, None)  # content at the set's own indent ends it
            continue
        if indent not in open_sets or tab.group(2):
            sets += 1
            open_sets[indent] = [sets, 0]
        open_sets[indent][1] += 1
        out.add(_loose(f"__tabbed_{open_sets[indent][0]}_{open_sets[indent][1]}"))
    return out


def _unjudged(page: Page, skip: frozenset[str], renders: Callable[[Page], bool] = lambda page: False) -> bool:
    """Whether the page's anchors may come from what its build adds: headings filled in or imported, made by a
    component of the site's own, a page its components make whole (VitePress' `page: true`, an app of examples
    that reads its own `#modal`) or its layout draws (front matter only)."""
    # (VitePress `page: true`: the page is components; a page of front matter only is drawn by its layout, ids and
    # all: `layout: index.njk` renders a section per entry of a data file)
    # A page a program wrote from the source (a reference its generator committed) holds the headings it shows: a
    # link to it is judged, though its own links are the generator's. A redirect's anchors are where it sends its
    # readers.
    return (page.page_type in skip and not from_source(page)) or bool(_FILLED.search(page.source)) \
        or bool(_MD_IMPORT.search(page.source)) \
        or renders(page) or page.front_matter.get("page") is True \
        or bare(page) or sends_away(page) or outside_code(page, _TEMPLATED_ID) is not None \
        or outside_code(page, MACRO_LINE) is not None


# An id a template expression writes (`<tr id="<%= parameter_name %>">` in a loop over a data file, `id="{{ .name }}"`),
# or the page's own script binds (Vue's `:id="slugify(ext.name)"`, JSX's `id={slug(name)}`): ids sitelint cannot
# list, so links to the page are not judged.
_TEMPLATED_ID = re.compile(r"""\b(?:id|name)\s*=\s*["']?[^"'\s>]*(?:<%|\{\{|\{%|\$\{)"""
                           r"""|(?<![\w-])(?::|v-bind:)id\s*=\s*["']|(?<![\w-])id\s*=\s*\{(?!\s*["'`])""")


_ENTRIES = 4  # files of front matter alone in a folder, at least, for it to be a collection of data entries


def _data_entry_ids(pages: Sequence[Page]) -> frozenset[str]:
    """The names of a folder's files, lower case, when it is a folder of data entries: four or more of them front
    matter alone (no heading, two fields or more: `category: Math`, `remeda: add`), no prose at the median. A content
    collection's data that the site's code shows as cards on one page, each with its file's name as id; else none."""
    entries = [p for p in pages if len(p.front_matter) >= 2 and not p.sections and not p.words]
    words = sorted(p.words for p in pages)
    if len(entries) < _ENTRIES or words[len(words) // 2] > 0:
        return frozenset()
    return frozenset(posixpath.splitext(posixpath.basename(p.path))[0].lower() for p in pages)


def _joined_sections(pages: Sequence[Page]) -> dict[str, Page]:
    """A folder's pages by their file's stem (lower case), when the site's own build joins them into one page whose
    sections take those names as ids: their links to `#<stem>` and `#<stem>.<heading>` of one another, never to their
    files, three or more (`[transactions](#state.transactions)` on intro.md beside state.md); else none."""
    stems = {posixpath.splitext(posixpath.basename(p.path))[0].lower(): p for p in pages}
    joined = 0
    for page in pages:
        own = posixpath.splitext(posixpath.basename(page.path))[0].lower()
        for link in page.links:
            where, _, anchor = link.target.partition("#")
            if (where.strip() and not _ADDRESS.match(where.strip())
                    and posixpath.splitext(posixpath.basename(where.strip()))[0].lower() in stems):
                return {}  # they link to one another's files: pages of their own
            named = anchor.partition(".")[0].lower()
            joined += not where.strip() and named != own and named in stems
    return stems if joined >= _JOINED else {}


_ADDRESS = re.compile(r"^[a-z][\w+.-]*:", re.I)  # a link with a scheme: another site's, not a file beside the page
_JOINED = 3  # links of a folder's pages to the sections named for one another that say the build joins them


_DEMO_DEPTH = 2  # folders below a page's own where the files it shows (its demos) are looked for
_DEMO_FILES = 200  # files of a page's folder looked at, at most


def _folder_file_ids(folder: Path, root: Path) -> frozenset[str]:
    """The ids a component library's site gives the boxes of the demo files under a page's folder: each file's path
    from the repository's root, its suffix dropped, folders joined by dashes, lower case
    (`components/anchor/demo/targetOffset.vue` is `#components-anchor-demo-targetoffset`, as Ant Design's sites make
    them)."""
    out: set[str] = set()
    try:
        files = [f for depth in range(1, _DEMO_DEPTH + 1) for f in folder.glob("/".join(["*"] * depth))
                 if f.is_file()][:_DEMO_FILES]
    except OSError:
        return frozenset()
    for file in files:
        try:
            rel = file.relative_to(root).with_suffix("").as_posix()
        except ValueError:
            continue
        out.add(rel.replace("/", "-").lower())
    return frozenset(out)


_TEMPLATE_TAG = re.compile(r"\{%-?\s*([A-Za-z_][\w-]*)")
_HUGO_SHORTCODE = re.compile(r"(?m)^[ \t]*\{\{[<%]\s*([\w/-]+)(?:\s[^\n]*?)?\s*[%>]\}\}[ \t]*$")
_HUGO_PARTIAL = re.compile(r"""\bpartial(?:Cached)?\s+["']([\w./-]+)["']""")
_ID_ATTRIBUTE = re.compile(r"""\bid\s*=\s*["']""")


_REGISTERED = re.compile(r"""\bapp\.component\(\s*['"]([A-Za-z][\w-]*)['"]\s*,\s*([A-Za-z_$][\w$]*)\s*\)""")


def _component_headings(site: Site) -> Callable[[Page], bool]:
    """Whether a page places alone on a line a component of the site's own that renders headings: its source file
    (found from the import, relative to the page, the docs root, the project or its `src/`, a Docusaurus
    `@theme/` component in `src/theme/`) writes a heading tag, or, when the file is not found, the page gives it a
    heading level (`:level="2"`)."""
    read: dict[Path, bool] = {}
    project = site.product_root
    apps = list(dict.fromkeys([*(c.parent for c in site.config_files), project]))

    sources: dict[Path, str] = {}

    def source(file: Path) -> str:
        """A component's source, read once ("" for a file over a megabyte or unreadable)."""
        if file not in sources:
            try:
                sources[file] = (file.read_text(encoding="utf-8", errors="replace")
                                 if file.stat().st_size < 1_000_000 else "")
            except OSError:
                sources[file] = ""
        return sources[file]

    def headings_in(file: Path) -> bool:
        if file not in read:
            markup = _MD_HEADING if file.suffix in (".md", ".mdx") else _HEADING_MARKUP
            read[file] = bool(markup.search(source(file)))
        return read[file]

    aliases = _path_aliases([*apps, project])

    def scoped(spec: str) -> bool:
        """Whether the import names a scope (`@components/`, `@astrojs/`), not `@/`, `@site/` or `@theme/`."""
        return re.match(r"@[\w-]+/", spec) is not None and not spec.startswith(("@site/", "@theme/"))

    def package(spec: str) -> bool:
        """Whether a scoped import is an npm package's (`@astrojs/starlight/components`), no alias of the project's."""
        return scoped(spec) and not any(spec.startswith(alias) for alias, _ in aliases)

    def files_of(spec: str, page: Page | None, near: Path | None = None) -> list[Path]:
        if scoped(spec):  # `@components/Plugin.astro`: a path alias of the project's tsconfig; else a package's
            bases = [target / spec[len(alias):] for alias, target in aliases if spec.startswith(alias)]
            if not bases:
                return []
        elif spec.startswith("."):
            bases = [(near if near is not None else page.abspath.parent if page is not None else project) / spec]
        elif spec.startswith("/"):
            bases = [site.root / spec[1:], project / spec[1:]]
        elif spec.startswith("@theme/"):  # Docusaurus: the site's own theme component, in src/theme/
            bases = [app / "src" / "theme" / spec.split("/", 1)[1] for app in apps]
        elif spec.startswith("$lib/"):  # SvelteKit: the app's src/lib/
            bases = [top / "src" / "lib" / spec.split("/", 1)[1] for top in dict.fromkeys([*apps, project])]
        else:  # `@/`, `~/`, `@site/`: the project's src/ or the project itself, or the site app's
            rest = spec.split("/", 1)[1]
            bases = [*(b for top in dict.fromkeys([project, *apps]) for b in (top / "src" / rest, top / rest)),
                     site.root / rest]
        exts = (".vue", ".astro", ".svelte", ".tsx", ".jsx", ".js", ".ts")
        # `@site/src/components/plugins-list`: the file of that name, or the folder's index file; `index.js` of a
        # TypeScript project is its `index.ts`.
        bases += [b.with_suffix(".ts") for b in bases if b.suffix == ".js"]
        return [c for b in bases for c in (b, *(b.with_name(b.name + ext) for ext in exts),
                                           *(b / f"index{ext}" for ext in exts)) if c.is_file()]

    def exported(files: list[Path], name: str) -> list[Path]:
        """The files a component comes from: those imported, and the file an index among them re-exports it from."""
        out = list(files)
        for file in files:
            for match in _REEXPORT.finditer(source(file) if file.suffix in (".js", ".ts", ".mjs") else ""):
                if any(part.split(" as ")[-1].strip() == name for part in match.group(1).split(",")):
                    out += files_of(match.group(2), page=None, near=file.parent)
        return out

    # Docusaurus' `src/theme/MDXComponents.js` and Nextra's `mdx-components.tsx` give every page the components they
    # import, with no import of theirs (`<HeaderTimeouts />` from `@site/docs/partials/_header-timeouts.mdx`,
    # `<APIDocs typeName="Edge" />` from `@/components/api-docs`), and those they define (`TSDoc(props) {...}`).
    everywhere: dict[str, list[Path]] = {}
    mappings = ([m for app in apps for m in sorted((app / "src" / "theme").glob("MDXComponents.*"))]
                if site.framework == "docusaurus" else
                [m for app in apps for folder in (app, app / "src") for m in sorted(folder.glob("mdx-components.*"))]
                if site.framework == "nextra" else [])
    for mapping in mappings:
        if mapping.suffix not in (".js", ".jsx", ".ts", ".tsx") or not mapping.is_file():
            continue
        text = mapping.read_text(encoding="utf-8", errors="replace")
        for match in _LOCAL_IMPORT.finditer(text):
            spec = match.group(3)
            files = (files_of(spec, page=None, near=mapping.parent) if spec.startswith(".")
                     else files_of(spec, page=None))
            for name in (match.group(1) or match.group(2) or "").split(","):
                everywhere.setdefault(name.split(" as ")[-1].strip(), files)
        for name in _DEFINED_COMPONENT.findall(text):
            everywhere.setdefault(name, [mapping])
    # VitePress' theme registers components every page may place with no import (`app.component('PluginsDirectory',
    # PluginsDirectory)` in `.vitepress/theme/index.ts`, the component imported there, at once or lazily).
    themes = ([t for c in site.config_files for t in sorted((c.parent / "theme").glob("index.*"))]
              if site.framework == "vitepress" else [])
    for theme in themes:
        text = source(theme)
        for name, held in _REGISTERED.findall(text):
            found = re.search(rf"(?:\bimport\s+{re.escape(held)}\s+from\s*|\b{re.escape(held)}\s*=\s*"
                              rf"defineAsyncComponent\(\s*\(\)\s*=>\s*import\(\s*)['\"]([^'\"]+)['\"]", text)
            if found is not None:
                everywhere.setdefault(name, files_of(found.group(1), page=None, near=theme.parent))

    relayed: dict[Path, bool] = {}

    def makes_ids(file: Path) -> bool:
        """A component's file renders headings or an element with an id of its making, or renders a component every
        page is given that does (`<APIDocs code={...} />` in a component of the site's own)."""
        if headings_in(file) or (file.suffix not in (".md", ".mdx") and _COMPUTED_ID.search(source(file))):
            return True
        if file not in relayed:
            text = source(file)
            relayed[file] = any(f"<{name}" in text and any(headings_in(f) for f in files if f != file)
                                for name, files in everywhere.items())
        return relayed[file]

    # Eleventy's and Jekyll's `_includes/`: a template tag named for a template there that writes ids
    # (`{% function color_scale %}` drawn by `function.liquid`, `<div id="{{ names[0] }}">`) gives the page ids of
    # its own making.
    includes = [d for d in dict.fromkeys([site.root / "_includes", site.root.parent / "_includes",
                                          project / "_includes", *(app / "_includes" for app in apps)]) if d.is_dir()]
    template_ids: dict[str, bool] = {}

    def writes_ids(tag: str) -> bool:
        if tag not in template_ids:
            template_ids[tag] = any(_ID_ATTRIBUTE.search(source(folder / f"{tag}{ext}"))
                                    for folder in includes for ext in (".liquid", ".njk", ".html")
                                    if (folder / f"{tag}{ext}").is_file())
        return template_ids[tag]

    # Hugo's shortcodes: one alone on a line whose template (`layouts/shortcodes/`, `layouts/_shortcodes/` since Hugo
    # 0.146, or a theme's) writes ids, itself or through the partials it calls (`{{% http-api api="versions" %}}`
    # rendering an OpenAPI spec's operations, `#get_matrixclientversions`).
    layouts = ([d / "layouts" for top in dict.fromkeys(f for c in site.config_files for f in (c.parent, *c.parents)
                                                         if f.is_relative_to(project))
                for d in (top, *sorted((top / "themes").glob("*"))) if (d / "layouts").is_dir()]
               if site.framework == "hugo" else [])
    shortcode_ids: dict[str, bool] = {}

    def template(kind: str, name: str) -> list[Path]:
        return [f for folder in layouts for sub in (kind, f"_{kind}") for f in (
            folder / sub / name, folder / sub / f"{name}.html") if f.is_file()]

    def writes_hugo_ids(name: str, kind: str = "shortcodes", depth: int = 0) -> bool:
        key = f"{kind}/{name}"
        if key not in shortcode_ids:
            shortcode_ids[key] = False  # (a partial that calls itself)
            texts = [source(f) for f in template(kind, name)]
            # (a heading tag a template writes has no id of Hugo's making: `<h4 class="alert-heading">` has none)
            shortcode_ids[key] = any(_ID_ATTRIBUTE.search(t) for t in texts) or (
                depth < 3 and any(writes_hugo_ids(called, "partials", depth + 1)
                                  for t in texts for called in _HUGO_PARTIAL.findall(t)))
        return shortcode_ids[key]

    def renders(page: Page) -> bool:
        source = page.source
        if includes and "{%" in source and any(writes_ids(m.group(1)) for m in _TEMPLATE_TAG.finditer(source)):
            return True
        if layouts and "{{" in source and any(writes_hugo_ids(m.group(1)) for m in _HUGO_SHORTCODE.finditer(source)):
            return True
        if "<" not in source or ("import" not in source and not everywhere):
            return False
        imported: dict[str, str] = {}
        for match in _LOCAL_IMPORT.finditer(source):
            for name in (match.group(1) or match.group(2) or "").split(","):
                imported[name.split(" as ")[-1].strip()] = match.group(3)
        for tag in _ALONE_TAG.finditer(source):
            spec = imported.get(tag.group(1))
            if spec is None:
                if any(headings_in(f) for f in everywhere.get(tag.group(1), ())):
                    return True
                continue
            if package(spec):
                continue  # a component of an npm package's (`@astrojs/starlight/components`)
            files = exported(files_of(spec, page), tag.group(1))
            # A component that renders a spec (Redoc) gives its own ids (`#operation/getUser`), not headings': a
            # link to a heading's slug there is broken, so it is judged like any other.
            if any(makes_ids(f) for f in files) or (not files and _LEVEL_PROP.search(tag.group(2))):
                return True
        return False

    answers: dict[str, bool] = {}

    def renders_once(page: Page) -> bool:
        """`renders`, read once a page: a link to it asks for every link."""
        if page.path not in answers:
            answers[page.path] = renders(page)
        return answers[page.path]

    return renders_once


_TSCONFIGS = ("tsconfig.json", "jsconfig.json")
_JSON_COMMENT = re.compile(r"""("(?:[^"\\\n]|\\.)*")|//[^\n]*|/\*.*?\*/""", re.S)


def _path_aliases(folders: list[Path]) -> list[tuple[str, Path]]:
    """The path aliases of the projects' tsconfig (`"@components/*": ["src/components/*"]`): (`@components/`, the
    folder it names), longest first."""
    import json

    out: dict[str, Path] = {}
    for folder in dict.fromkeys(folders):
        for name in _TSCONFIGS:
            file = folder / name
            if not file.is_file():
                continue
            try:
                text = _JSON_COMMENT.sub(lambda m: m.group(1) or "", file.read_text(encoding="utf-8", errors="replace"))
                options = json.loads(re.sub(r",(\s*[}\]])", r"\1", text)).get("compilerOptions") or {}
            except (ValueError, AttributeError, OSError):
                continue
            base = folder / str(options.get("baseUrl") or ".")
            for alias, targets in (options.get("paths") or {}).items():
                if isinstance(alias, str) and alias.endswith("/*") and isinstance(targets, list) and targets \
                        and isinstance(targets[0], str) and targets[0].endswith("/*"):
                    out.setdefault(alias[:-1], base / targets[0][:-2])
    return sorted(out.items(), key=lambda item: -len(item[0]))


# A name of a documented object, as a Sphinx domain knows it (`Spawner.start`, `Authenticator`, `HubAuth.allow_token`):
# an upper-case letter or a dot, which no heading's slug has.
_DOMAIN_OBJECT = re.compile(r"(?=[^.]*[A-Z]|.*\.)[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")
# Frameworks whose heading ids are always lower case (github-slugger's; Hugo's, of each `autoHeadingIDType`): a
# link's anchor in another case opens the page at its top (`#EventsEmit` for `### EventsEmit`, whose id is
# `eventsemit`).
# (Sphinx's ids are docutils', and MyST's heading anchors its slugs: lower case, as the frameworks' below)
_LOWER_CASE_IDS = frozenset({"docusaurus", "starlight", "fumadocs", "hugo", "sphinx", "myst"})
# Ids a framework gives every page whatever its headings: Starlight's page title is `<h1 id="_top">`, which its
# table of contents' "Overview" links to.
_FRAMEWORK_IDS = {"starlight": frozenset({"_top"})}
_CASE_HABIT = 10  # links in their headings' case, on three pages or more, that make a habit of the site's
_HABIT_SHOWN = 50  # the other places a habit's finding lists
_ADVICE = "link to the section it became, or drop the anchor"
# Sluggers whose ids sitelint makes besides the frameworks' own (a site of no framework it knows: markdown-it-anchor's
# and others that keep punctuation)
_OWN_SLUGGERS = frozenset({"", "mintlify", "gitbook", "hexo", "jekyll-commonmark", "mkdocs-positional", "docsify"})
# Docsify's slugify drops ASCII punctuation but `-` and `_`, and the General and Supplemental Punctuation blocks; it
# keeps other marks, a full-width colon among them.
_DOCSIFY_DROPS = re.compile(r"[\u2000-\u206F\u2E00-\u2E7F\\'!\"#$%&()*+,./:;<=>?@\[\]^`{|}~]")
_SOURCE_ID = " (the id of "  # a translation's anchor that is its source's heading's id
# Hugging Face doc-builder's `[[autodoc]] CodeAgent`: the build renders the object's reference there, an id for it
# and each of its documented members by their full names (`#smolagents.CodeAgent`, `#smolagents.Tool.from_space`).
_AUTODOC = re.compile(r"(?m)^[ \t]*\[\[autodoc\]\][ \t]+[\w.]+[ \t]*$")
_PREFIXED_TEXT = re.compile(r"[A-Za-z][\w-]*::[\w-]")  # `api::rom::Relation`: a link text of a site's own syntax
_BARE_NAME = re.compile(r"[A-Za-z_][\w-]*")
_SHORTHAND = 3  # links whose fragment opens with `##` that make it a site's shorthand, not a typo
_PLACEHOLDER_ANCHOR = re.compile(r"(?i)todo|tbd|tba|fixme|xxx")  # `[left margin](#TODO)`: a link left to finish


def _written_ids(page: Page) -> frozenset[str]:
    """The ids a page writes (`{#id}`, `<a id="x">`, ...), as written: their case kept."""
    return frozenset(next(g for g in m.groups() if g) for m in _EXPLICIT.finditer(page.source))


def _cased_id(page: Page, anchor: str) -> str:
    """The id the heading an anchor in another case names has (`#Log_levels` for `## Log levels` is `log-levels`),
    numbered as a repeated heading's is: `#Configuration` for `## Configuration` after a `### configuration` is
    `configuration-1`; the anchor in lower case when no heading's slug is it."""
    loose = _loose(anchor)
    seen: dict[str, int] = {}
    found: list[tuple[bool, str]] = []
    for section in page.sections:
        shown = _shown_text(section.title)
        slug = _github_slug(shown)
        slug_id = slug if slug not in seen else f"{slug}-{seen[slug]}"
        seen[slug] = seen.get(slug, 0) + 1
        if loose in slugs(section.title):
            # the heading written in the anchor's own case is the one it means
            found.append((re.sub(r"\s+", "-", re.sub(r"[^\w\s-]", "", section.title).strip()) == anchor, slug_id))
    if not found:
        return anchor.lower()
    return next((slug_id for same_case, slug_id in found if same_case), found[0][1])


def _case_differs(page: Page, anchor: str, written: frozenset[str]) -> bool:
    """Whether an anchor with upper-case letters can only be a heading's id in another case: no id the page writes
    (`written`), and no value of its markup, is the anchor as written."""
    if anchor == anchor.lower() or "#" in anchor:
        return False
    return anchor not in written and re.search(rf"""["'=]{re.escape(anchor)}["'\s]""", page.source) is None


_MARKUP = frozenset({"comment", "jsx", "html", "directive"})  # blocks a build reads, not a reader
_COMPONENT_ID = re.compile(r"""<[A-Z][\w.]*\b[^<>]*?\sid\s*=\s*["']([^"'\s]+)["']""")


def _has(page: Page, anchor: str, anchors: frozenset[str]) -> bool:
    anchor = anchor.lstrip("+")  # `#+toc.slugify`: an id a site's own hook makes of an option it documents
    loose = _loose(anchor)
    if loose in anchors or re.sub(r"-\d+$", "", loose) in anchors:
        return True
    # A part its layout draws from the data of its front matter, under a heading of the key's name (`options:` as
    # `<h2 id="options">`: a CMS's template for each page of a collection).
    if any(isinstance(value, (list, dict)) and value and _loose(str(key)) == loose
           for key, value in page.front_matter.items()):
        return True
    # A word of the page's markup written as the anchor: an id a component makes of a prop (`<Option
    # name="max-age">`, `id: 'max-age'`), a site's hook of a comment (`<!-- md:option theme.logo -->`). The same
    # words in a sentence ("its own live-reloading server") make no id.
    word = re.escape(anchor.lower())
    if re.search(rf"""(?<=["'=]){word}(?=["'])""", page.source.lower()):
        return True
    markup = "\n".join(b.text for b in page.blocks if b.kind in _MARKUP).lower()
    if re.search(rf"(?<![\w-]){word}(?![\w-])", markup) is not None:
        return True
    # An id a component makes of the id it is given and a suffix of its own (`<FirebaseExample id="original">`
    # renders `original_rtdb` and `original_firestore`).
    return any(anchor.lower().startswith(f"{given.lower()}{sep}") for given in _COMPONENT_ID.findall(page.source)
               for sep in "_-")


def _project_targets(pages: tuple[Page, ...]) -> frozenset[str]:
    """Every MyST explicit target of a Sphinx or MyST project (`(name)=`, `{#name}`, a directive's `:name:` or
    `:label:`, an equation's `$$ (name)`, a page's front matter `label:`), which `[text](#name)` on any of its pages
    may name."""
    labels = {_loose(next(g for g in match.groups() if g))
              for page in pages for match in _MYST_TARGET.finditer(page.source)}
    return frozenset(labels | {_loose(str(p.front_matter["label"])) for p in pages
                               if isinstance(p.front_matter.get("label"), str)})


def _shown_in(pages: tuple[Page, ...], by_path: dict[str, Page], skip: frozenset[str],
              renders: Callable[[Page], bool]) -> dict[str, tuple[Page, ...]]:
    """Each partial included into a page (`<!--@include: ./x.md-->`, its type's reason "included into <page>"), with
    that page and the other partials it includes: what a reader sees around the partial's text. Left out when the
    page gets its headings elsewhere too (a generated page, an imported file, a component of the site's own)."""
    into: dict[str, list[Page]] = {}
    for page in pages:
        reason = page.type_reason if page.page_type == "partial" else ""
        if reason.startswith("included into ") and not page.variant:
            into.setdefault(reason[len("included into "):], []).append(page)
    out: dict[str, tuple[Page, ...]] = {}
    for host_path, partials in into.items():
        host = by_path.get(host_path)
        if host is None or _MD_IMPORT.search(host.source) or renders(host) or (
                host.page_type in skip and not host.type_reason.endswith("by includes")):
            continue
        fills = [m.group(0) for m in _FILLED.finditer(host.source)]
        if any(not any(mark in line for mark in ("@include", "--8<--", "<include")) for line in fills):
            continue  # filled in by other means too (an autodoc directive, a shortcode)
        for partial in partials:
            out[partial.path] = (host, *partials)
    return out


def _permalink(page: Page, link: Link) -> bool:
    """Whether the link on a heading's line is a Markdown link with no text (`## Title[](#old-id)`); its line is read
    only for such a link, not for every page's."""
    lines = page.source.split("\n")
    return 0 < link.line <= len(lines) and re.search(
        rf"\[\s*\]\(\s*<?{re.escape(link.target)}", lines[link.line - 1]) is not None


# markdownlint's own check of a page's links to its headings (MD051, link-fragments) turned off in the page: its
# author says those links follow the ids another renderer gives (`### `array_first()`` at `#arrayfirst`).
_FRAGMENTS_OFF = re.compile(r"<!--\s*markdownlint-disable(?:-file)?(?![\w-])[^>]*?\b(?:MD051|link-fragments)\b",
                            re.I)
_FRAGMENTS_OFF_NEXT = re.compile(
    r"<!--\s*markdownlint-disable-(?:next-)?line\b[^>]*?\b(?:MD051|link-fragments)\b", re.I)


def _fragments_off(page: Page) -> frozenset[int]:
    """The lines whose links to the page's own headings its author took out of markdownlint's check (every line, as
    0, for a page that turns it off)."""
    if "markdownlint" not in page.source:
        return frozenset()
    if _FRAGMENTS_OFF.search(page.source):
        return frozenset({0})
    lines = page.source.split("\n")
    return frozenset(n + (2 if "next-line" in line else 1) for n, line in enumerate(lines)
                     if _FRAGMENTS_OFF_NEXT.search(line))


def broken_anchors(ctx: CheckContext) -> Iterator[Measurement]:
    site = ctx.site
    graph = ctx.run.graph
    navigation = graph.navigation if graph is not None else EVERY_PAGE
    by_key = {key(p.abspath): p for p in site.pages}
    by_path = {p.path: p for p in site.pages}
    skip = frozenset(str(t) for t in ctx.params["skip-types"])
    resolve = link_resolver(site, navigation, translations=True)
    renders = _component_headings(site)
    anchors: dict[str, frozenset[str]] = {}  # page path -> its anchors, made when a link first asks for them
    unjudged: dict[str, bool] = {}  # page path -> whether its anchors may come from what its build adds
    file_ids: dict[Path, frozenset[str]] = {}  # a page's folder -> the ids of the demo files under it
    entry_ids: dict[str, frozenset[str]] = {}  # a folder of data entries -> their names, each its card's id
    in_folder: dict[str, list[Page]] = {}
    joined_in: dict[str, dict[str, Page]] = {}  # a folder -> its pages by stem, when the build joins them into one
    project_targets: frozenset[str] | None = None  # MyST's explicit targets of every page, made when first needed
    found: list[tuple[Page, int, bool, str, str, str, bool]] = []
    written: dict[str, frozenset[str]] = {}  # page path -> the ids it writes, made when a link in another case asks
    plain_ids: dict[str, frozenset[str]] = {}  # page path -> its ids as sluggers of their own make them, when asked
    tagged_ids: dict[str, frozenset[str]] = {}  # page path -> Hugo's ids of its headings that hold a tag
    # whose ids those are: the framework's, or jekyll-commonmark's on a Jekyll site that reads its pages with it
    slugger = ("jekyll-commonmark" if site.framework == "jekyll" and _jekyll_commonmark(site)
               else "mkdocs-positional" if _mkdocs_positional(site) else site.framework)
    layout_ids = _layout_ids(site)
    shown_in = _shown_in(site.pages, by_path, skip, renders)
    params = _hugo_params(site)
    # the pages of a Hugo section whose layout shows files it reads have those files' headings too
    read_in = {section: [by_key[key(f)] for f in files if key(f) in by_key]
               for section, files in _hugo_layout_reads(site).items()}

    # A fragment that opens with a second `#` (`[collab](##collab.collab)`), written again and again across the site, is
    # the site's own shorthand its build rewrites into a link of its own (an API reference's); one alone is a typo.
    shorthand = sum(link.target.partition("#")[2].startswith("#") for p in site.pages for link in p.links)
    # ... as is a link whose text opens with a prefix of the site's own (`[api::rom::Relation](#combine)`, which its
    # Markdown renderer turns into a link to the API reference's `#combine-instance_method`): one the site writes
    # again and again with a bare name for its target (`[api::rom-sql::SQL](Gateway)`), no path a link could open
    prefixed = sum(bool(_PREFIXED_TEXT.match(link.text) and _BARE_NAME.fullmatch(link.target.strip()))
                   for p in site.pages for link in p.links)

    def own_anchors(target: Page) -> frozenset[str]:
        found = _anchors(target, params(target))
        parts = target.abspath.relative_to(site.root).parts if target.abspath.is_relative_to(site.root) else ()
        for shown in read_in.get(parts[0], []) if len(parts) > 1 else []:
            found |= _anchors(shown, params(shown))
        return found

    for page in site.pages:
        includer = shown_in.get(page.path)
        if page.variant.startswith("versioned:") or (page.page_type in skip and includer is None):
            continue  # a translation is judged: its links go to its own locale's pages, whose headings it translated
        reported: set[tuple[int, str, str]] = set()  # a line that links twice to one missing place is one finding
        headings = {s.line for s in page.sections}
        unchecked = _fragments_off(page)
        for link in page.links:
            if link.image or "#" not in link.target:
                continue
            if link.line in headings and _permalink(page, link):
                continue  # a heading's permalink copied from a built page (`## Title[](#old-id)`): no text, unseen
            where, _, anchor = link.target.partition("#")
            anchor = unquote(anchor).strip()
            if not anchor or _LINE_ANCHOR.fullmatch(anchor) or re.search(r"[{}$<>\s/:=&]|^!", anchor):
                continue  # a line of a source file, a template's or a router's fragment
            if anchor.startswith("#") and shorthand >= _SHORTHAND:
                continue
            if prefixed >= _SHORTHAND and _PREFIXED_TEXT.match(link.text):
                continue
            if includer is not None:
                # A partial shown inside a page: its links to its own sections are to the page it is shown in.
                if where.strip():
                    continue
                known = anchors.get(page.path)
                if known is None:
                    known = anchors[page.path] = _anchors(page, params(page)).union(
                        *(_anchors(p, params(p)) for p in includer))
                target: Page = page
            else:
                linked = page if not where.strip() else by_key.get(resolve(where, page) or "")
                if linked is not None and linked.path not in unjudged:
                    unjudged[linked.path] = _unjudged(linked, skip, renders)
                if linked is None or linked.variant.startswith("versioned:") or unjudged[linked.path]:
                    continue
                if site.framework == "" and anchor.lower() == "readme" and _FOLDER_LINK.search(where.strip()):
                    continue  # GitHub's own: a folder's page shows its README in a box of that id (`./pkg#readme`)
                target = linked
                if page.variant and not target.variant:
                    continue  # which locale's page a translation's link opens is the build's to say (`x.md`)
                known = anchors.get(target.path)
                if known is None:
                    known = anchors[target.path] = own_anchors(target)
            if (link.line, target.path, _loose(anchor)) in reported:
                continue
            if target is page and unchecked and (0 in unchecked or link.line in unchecked):
                continue  # its author turned markdownlint's check of these links off: the ids are another renderer's
            cased = False
            if site.framework in _LOWER_CASE_IDS and anchor != anchor.lower():
                if target.path not in written:
                    written[target.path] = _written_ids(target)
                cased = _case_differs(target, anchor, written[target.path])
            present = _has(target, anchor, known)
            if (present and not cased or anchor in _FRAMEWORK_IDS.get(site.framework, ())
                    or _loose(anchor) in layout_ids):
                continue
            if site.framework == "hugo" and target.path not in tagged_ids:
                tagged_ids[target.path] = _tagged_heading_ids(target)
            if site.framework == "hugo" and _loose(anchor) in tagged_ids[target.path]:
                continue  # Hugo's id of a heading that holds a tag, the tag's text and all
            if slugger in _OWN_SLUGGERS:
                if target.path not in plain_ids:
                    plain_ids[target.path] = _own_slugs(target, slugger)
                if _loose(anchor) in plain_ids[target.path]:
                    continue
            if _DOMAIN_OBJECT.fullmatch(anchor) and _AUTODOC.search(target.source):
                continue  # `#smolagents.CodeAgent` on a page of `[[autodoc]] CodeAgent`: an id its build gives
            if "-" in anchor and target.abspath.parent not in file_ids:
                file_ids[target.abspath.parent] = _folder_file_ids(target.abspath.parent, site.repo_root)
            if "-" in anchor and anchor.lower() in file_ids[target.abspath.parent]:
                continue  # `#components-anchor-demo-targetoffset`: the box of the demo `demo/targetOffset.vue`
            folder = posixpath.dirname(target.path)
            if folder not in entry_ids:
                if not in_folder:  # the site's pages by folder, made the first time a folder is asked for
                    for other in site.pages:
                        in_folder.setdefault(posixpath.dirname(other.path), []).append(other)
                entry_ids[folder] = _data_entry_ids(in_folder.get(folder, []))
            if anchor.lower() in entry_ids[folder]:
                continue  # `#deburr` among a collection's data entries: the card of `deburr.md`, on the page they share
            if not site.framework and target is page:
                if folder not in joined_in:
                    joined_in[folder] = _joined_sections(in_folder.get(folder, []))
                file_id, dot, heading_id = anchor.partition(".")
                section = joined_in[folder].get(file_id.lower())
                if section is not None and section is not page:
                    if section.path not in anchors:
                        anchors[section.path] = own_anchors(section)
                    if not dot or _has(section, heading_id, anchors[section.path]):
                        continue  # `#state.transactions`: the section of state.md on the page the build joins
            if target is page and site.framework in ("sphinx", "myst"):
                if project_targets is None:
                    project_targets = _project_targets(site.pages)
                if _loose(anchor) in project_targets or _DOMAIN_OBJECT.fullmatch(anchor):
                    continue  # MyST resolves `#Spawner.start` as a reference to a documented object, not a heading
            reported.add((link.line, target.path, _loose(anchor)))
            source = by_path.get(site.sources.get(target.path, ""))
            translated = ""
            if cased and present:  # the page has the id in lower case, else no heading of that name at all
                translated = f" (ids are lower case: its heading's is '#{_cased_id(target, anchor)}')"
            elif source is not None:
                if source.path not in anchors:
                    anchors[source.path] = _anchors(source, params(source))
                if slugger in _OWN_SLUGGERS and source.path not in plain_ids:
                    plain_ids[source.path] = _own_slugs(source, slugger)
                if _has(source, anchor, anchors[source.path]) or (
                        slugger in _OWN_SLUGGERS and _loose(anchor) in plain_ids[source.path]):
                    translated = f"{_SOURCE_ID}{source.path}'s heading; the translation's heading has its own)"
            found.append((page, link.line, target is page, anchor, "this page" if target is page else target.path,
                          translated, cased and present))
    # A translation that keeps its source's broken link is the source's fault, fixed there: one finding, on the
    # source, that counts the translations carrying it.
    on_source = {(p.path, a) for p, _, _, a, *_ in found if not p.variant}
    copies: dict[tuple[str, str], set[str]] = {}
    kept = []
    for item in found:
        page, anchor = item[0], item[3]
        origin = (site.sources.get(page.path, ""), anchor)
        if page.variant.startswith("i18n:") and origin in on_source:
            if page.path not in site.unbuilt:
                copies.setdefault(origin, set()).add(page.path)
        else:
            kept.append(item)
    records = frozenset(str(t) for t in ctx.params["record-types"])
    # Links that write anchors in their headings' case, on a site whose ids are lower case, are one habit of the
    # site's (a convention kept from an earlier generator): one finding, at the first, naming the others.
    habit = [item for item in kept if item[6]]
    if len(habit) >= _CASE_HABIT and len({item[0].path for item in habit}) >= 3:
        first = next((item for item in habit if item[0].page_type not in records), habit[0])
        pages = len({item[0].path for item in habit})
        setting = ", or keep the headings' case in ids (`markdown: {anchors: {maintainCase: true}}`)" \
            if site.framework == "docusaurus" else ""
        advice = (f"{len(habit)} links on {pages} pages write an anchor in its heading's case: lower-case their"
                  f" anchors{setting}")
        kept = [item for item in kept if not item[6]]
        yield Measurement({"same_page": first[2], "page_type": "habit"}, Location(first[0].path, first[1]),
                          {"anchor": first[3], "target": first[4], "translated": first[5], "advice": advice},
                          tuple(Location(item[0].path, item[1]) for item in habit if item is not first)[:_HABIT_SHOWN])
    # A page's links that write anchors in their headings' case (a table of contents written by hand) are one fix:
    # one finding a page, at the first, naming the others.
    cased_on: dict[str, list[tuple[Page, int, bool, str, str, str, bool]]] = {}
    for item in kept:
        if item[6]:
            cased_on.setdefault(item[0].path, []).append(item)
    for items in cased_on.values():
        if len(items) < 2:
            continue
        kept = [item for item in kept if item not in items]
        first = items[0]
        yield Measurement({"same_page": first[2], "page_type": first[0].page_type}, Location(first[0].path, first[1]),
                          {"anchor": first[3], "target": first[4],
                           "translated": f"{first[5]} (and {len(items) - 1} more on this page)",
                           "advice": "lower-case their anchors"},
                          tuple(Location(item[0].path, item[1]) for item in items[1:]))
    # A locale's translations that link to their sources' ids, ten times or more on three pages or more, keep them by
    # the way they are translated (a tool that leaves links as they are): one finding a locale, at the first, naming
    # the others, where the framework gives translated headings ids of their own. A build sitelint does not know may
    # give them their sources' ids, as the habit says it does: not reported.
    by_locale: dict[str, list[tuple[Page, int, bool, str, str, str, bool]]] = {}
    for item in kept:
        if item[0].variant.startswith("i18n:") and item[5].startswith(_SOURCE_ID):
            by_locale.setdefault(item[0].variant, []).append(item)
    for items in by_locale.values():
        pages = len({item[0].path for item in items})
        if len(items) < _CASE_HABIT or pages < 3:
            continue
        kept = [item for item in kept if item not in items]
        if not site.framework:
            continue
        first = next((item for item in items if item[0].page_type not in records), items[0])
        advice = (f"{len(items)} links of this language's pages, on {pages} pages, use the ids of their sources' "
                  f"headings: give the translated headings those ids, or link to the ids they have")
        yield Measurement({"same_page": first[2], "page_type": "habit"}, Location(first[0].path, first[1]),
                          {"anchor": first[3], "target": first[4], "translated": first[5], "advice": advice},
                          tuple(Location(item[0].path, item[1]) for item in items if item is not first)[:_HABIT_SHOWN])
    # Links whose anchor is a placeholder (`[left margin](#TODO)`) are a page's unfinished cross-references: one
    # finding per page, at the first, naming the others.
    held: dict[str, list[tuple[Page, int, bool, str, str, str, bool]]] = {}
    rest = []
    for item in kept:
        if _PLACEHOLDER_ANCHOR.fullmatch(item[3]):
            held.setdefault(item[0].path, []).append(item)
        else:
            rest.append(item)
    kept = rest
    for items in held.values():
        first = items[0]
        more = f" (a placeholder, and {len(items) - 1} more on this page)" if len(items) > 1 else " (a placeholder)"
        yield Measurement({"same_page": first[2], "page_type": first[0].page_type}, Location(first[0].path, first[1]),
                          {"anchor": first[3], "target": first[4], "translated": first[5] + more,
                           "advice": "link each to the section it means"},
                          tuple(Location(item[0].path, item[1]) for item in items[1:]))
    # Links of one page to one missing place (a reference definition's anchor, `[services]: #services`, used in each
    # paragraph) are one fix: one finding, at the definition where there is one, else at the first, naming the others.
    repeats: dict[tuple[str, str, str], list[tuple[Page, int, bool, str, str, str, bool]]] = {}
    for item in kept:
        if item[0].page_type not in records:
            repeats.setdefault((item[0].path, item[4], _loose(item[3])), []).append(item)
    for items in repeats.values():
        if len(items) < 2:
            continue
        page, line, same_page, anchor, where_to, translated, _ = items[0]
        used = list(dict.fromkeys(item[1] for item in items))
        definition = _definition_line(page, anchor)
        at = definition or line
        extra = len(used) if definition else len(used) - 1
        noun = "line" if extra == 1 else "lines"
        what = (f"a reference definition, used on {extra} {noun} of this page" if definition
                else f"and on {extra} more {noun} of this page")
        count = len(copies.get((page.path, anchor), ())) if not page.variant else 0
        also = f" (also in {count} translation{'s' if count > 1 else ''})" if count else ""
        yield Measurement({"same_page": same_page, "page_type": page.page_type}, Location(page.path, at),
                          {"anchor": anchor, "target": where_to, "translated": f"{translated} ({what}){also}",
                           "advice": _ADVICE}, tuple(Location(page.path, n) for n in used if n != at))
    kept = [item for item in kept if item[0].page_type in records
            or len(repeats[(item[0].path, item[4], _loose(item[3]))]) < 2]
    # A record's broken anchors (a changelog's links to the sections of its day) are one finding per page, at the
    # first, naming the others: a note to read, not a list of dozens.
    records_lines: dict[str, list[int]] = {}
    for page, line, *_ in kept:
        if page.page_type in records:
            records_lines.setdefault(page.path, []).append(line)
    for page, line, same_page, anchor, where_to, translated, _ in kept:
        count = len(copies.get((page.path, anchor), ())) if not page.variant else 0
        also = f" (also in {count} translation{'s' if count > 1 else ''})" if count else ""
        others: tuple[Location, ...] = ()
        lines = records_lines.pop(page.path, None)
        if lines is None and page.page_type in records:
            continue  # told with the page's first
        if lines and len(lines) > 1:
            others = tuple(Location(page.path, n) for n in dict.fromkeys(lines[1:]) if n != line)
            also += f" (and {len(lines) - 1} more on this page)"
        yield Measurement({"same_page": same_page, "page_type": page.page_type}, Location(page.path, line),
                          {"anchor": anchor, "target": where_to, "translated": translated + also,
                           "advice": _ADVICE}, others)


CHECK = spec("broken-anchors", "site", broken_anchors, values=("same_page", "page_type"), needs=("graph",),
             params={"skip-types": Words("Page types whose links and anchors are not judged."),
                     "record-types": Words("Page types that are records of their day, whose broken anchors are info.")})


_NAMING_WORDS = 2  # words a link's text needs to name a section (one word names too many things)


def _definition_line(page: Page, anchor: str) -> int | None:
    """The line of the page's reference definition whose target ends in this anchor (`[services]: #services`)."""
    for number, line in enumerate(page.source.splitlines(), 1):
        match = _REF_DEFINITION.match(line)
        if match and unquote(match.group(1).partition("#")[2]).strip() == anchor:
            return number
    return None


def _plain_words(text: str) -> str:
    return " ".join(re.findall(r"\w+", unicodedata.normalize("NFC", text).lower()))


def _singular(words: str) -> str:
    """Words with a plural's `s` left out ("stats presets" and "stats preset" are "stat preset")."""
    return " ".join(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in words.split())


_LITTLE_WORDS = frozenset({"the", "a", "an", "our", "your", "its", "their", "this", "that", "of", "to", "for", "and",
                           "in", "on", "with", "my"})


def _stems(words: str) -> frozenset[str]:
    """The words but the little ones, each without an inflection's ending ("Securing the Virtual Service" and "Secure
    the Virtual Service" are the same; "Testing our configuration" and "Testing the configuration" too)."""
    out = set()
    for word in words.split():
        if word in _LITTLE_WORDS:
            continue
        for ending in ("ing", "ed", "es", "s", "e"):
            if len(word) > len(ending) + 3 and word.endswith(ending):
                word = word[: -len(ending)]
                break
        out.add(word)
    return frozenset(out)


_QUALIFIER_WORDS = 4  # words right after a link that may qualify what its text names ("for Scala 3")


def _joined(words: str) -> str:
    """Plain words with a number joined to the word before it, as a heading's id may join them ("Scala 3",
    "Scala3")."""
    return re.sub(r"\b([a-z]+) (\d+)\b", r"\1\2", _plain_words(words))


def _line_text(page: Page, line: int) -> str:
    """The text a reader sees around a line: the prose block that holds it (no link targets in it)."""
    return next((b.text for b in page.blocks if b.line <= line <= b.end_line and b.is_prose), "")


# Words that say a link's text is the title of a part of the docs: "see the [current version configuration](#...)
# section".
_PART_WORDS = re.compile(r"\b(?:see|section|chapter|heading|part|below|above)\b")


def _names_a_thing(text: str, title: str, around: str) -> bool:
    """Whether a link's text, written in lower case inside a sentence where its heading is capitalised, names the
    thing the sentence is about (a feature, a concept), not the section of that title: the sentence has words before
    the link and does not speak of a section ("see", "section", "below")."""
    shown, titled = text.strip(" `*_"), title.strip(" `*_#")
    before = around.split(" | ", 1)[0].strip() if " | " in around else ""
    return (shown[:1].islower() and titled[:1].isupper() and bool(before)
            and _PART_WORDS.search(around) is None)


# A heading that is an identifier, its words joined by punctuation: a flag (`--filters-file`), a key (`max_retries`),
# a dotted name (`build.target`); not a word of prose with a hyphen ("Built-in").
_IDENTIFIER = re.compile(r"--?\w+(?:-\w+)*|\w+(?:-\w+)*(?:[_.]\w+(?:-\w+)*)+")


def _identifier_unnamed(title: str, text: str) -> bool:
    """Whether a heading is an identifier that a link's words do not write: "a [filters file](#filtering)" speaks of
    a file, not of the flag `--filters-file`."""
    ident = _TRAILING_ATTRS.sub("", title).strip(" `*_#")
    return bool(_IDENTIFIER.fullmatch(ident)) and ident.lower().lstrip("-") not in text.lower().replace("`", "")


def misdirected_anchors(ctx: CheckContext) -> Iterator[Measurement]:
    """Links whose text names a section of the page they open, and whose anchor points at another section of it:
    `see [No-Merge Policy](#keeping-things-up-to-date)` on a page with a `## No-Merge Policy`."""
    site = ctx.site
    graph = ctx.run.graph
    navigation = graph.navigation if graph is not None else EVERY_PAGE
    by_key = {key(p.abspath): p for p in site.pages}
    skip = frozenset(str(t) for t in ctx.params["skip-types"])
    resolve = link_resolver(site, navigation)
    # page -> (section, its slugs, its words, the ids written on its heading line: `## Events & Logging {#events}`)
    headings: dict[str, list[tuple[int, frozenset[str], str, frozenset[str]]]] = {}
    for page in site.pages:
        if page.variant or page.page_type in skip:
            continue
        said: set[tuple[int, str]] = set()
        for link in page.links:
            text = _plain_words(link.text)
            if link.image or "#" not in link.target or len(text.split()) < _NAMING_WORDS:
                continue
            if any(c.line == link.line and c.text.strip() == link.text.strip() for c in page.inline_code):
                continue  # "[`mini-redis-server`](setup#mini-redis)": code names a program or a symbol, no section
            where, _, anchor = link.target.partition("#")
            anchor = _loose(unquote(anchor).strip())
            target = page if not where.strip() else by_key.get(resolve(where, page) or "")
            if not anchor or target is None or target.variant:
                continue
            known = headings.get(target.path)
            if known is None:
                lines = target.source.split("\n")
                known = headings[target.path] = [
                    (n, frozenset(slugs(s.title)), _plain_words(s.title), _written_on(lines, s.line))
                    for n, s in enumerate(target.sections)]
            # An id written on a heading is that heading's, whatever another heading's words would slug to.
            pointed = [n for n, _, _, written in known if anchor in written] or [
                n for n, ids, _, _ in known if anchor in ids]
            named = [n for n, _, words, _ in known if words == text
                     and not _identifier_unnamed(target.sections[n].title, link.text)]
            if len(pointed) != 1 or len(named) != 1 or pointed == named:
                continue
            at, name = target.sections[pointed[0]], target.sections[named[0]]
            # The page's own title names the page, not a section; a section inside the one linked is reached there,
            # and one inside the named section is a precise place in it ("[application hooks](#setup-and-teardown)").
            if (name.level == 1 or named[0] == 0 or at.line <= name.line <= at.end_line
                    or name.line <= at.line <= name.end_line or (link.line, anchor) in said):
                continue
            # Words all of the page's title name the page ("the docs about [async and await](async.md#in-a-hurry)"
            # on "Concurrency and async / await"), and a sentence that names the section opened says where it goes.
            title = target.sections[0].title if target.sections and target.sections[0].level == 1 else ""
            around = f" {_plain_words(_line_text(page, link.line))} ".replace(f" {text} ", " | ", 1)
            if set(text.split()) <= set(_plain_words(title).split()) or f" {_plain_words(at.title)} " in around:
                continue
            # ... and so do the title's words with the words of the page's path ("[Edge Compute settings](
            # ../settings/edge.md#mtls-certificate)" on `settings/edge.md`, titled "Edge Compute"): a deep link into
            # the page, whatever section shares those words.
            titled = set(_plain_words(title).split())
            if titled and titled <= set(text.split()) <= titled | set(_plain_words(
                    target.path.rsplit(".", 1)[0].replace("/", " ").replace("_", " ").replace("-", " ")).split()):
                continue
            if _singular(text) == _singular(_plain_words(at.title)):
                continue  # "[stats preset](#stats-presets)" names the section it opens, one in the singular
            if _stems(text) == _stems(_plain_words(at.title)):
                continue  # "[Secure the Virtual Service](#securing-the-virtual-service)": the same words, inflected
            if set(text.split()) <= set(_plain_words(at.title).split()):
                continue  # "[Layout Manager](#automating-this-process-with-the-layout-manager)": its words are there
            after = " ".join(around.split(" | ", 1)[1].split()[:_QUALIFIER_WORDS]) if " | " in around else ""
            opened = _stems(_joined(at.title))
            if not opened <= _stems(_joined(text)) and opened <= _stems(_joined(f"{text} {after}")):
                continue  # "see [rewrite rules](#scala3-rewrites) for Scala 3": the words after it say which
            if target is page and name.line <= link.line <= name.end_line:
                continue  # "[RTSP URL template](#options) option" in the section of that name: not a link to itself
            if any(name.line <= other.line <= name.end_line and "#" in other.target
                   and _loose(unquote(other.target.partition("#")[2]).strip()) == anchor for other in target.links):
                continue  # a glossary's "## Java Virtual Machine" says "See [JVM](#jvm)": it sends readers there too
            here = target is page and at.line <= link.line <= at.end_line  # the section the link sits in
            if not here and _names_a_thing(link.text, name.title, around):
                continue  # "similar to [schema hooks](hooks.md#hooks-registration)": the feature, not its section
            said.add((link.line, anchor))
            yield Measurement({"misdirected": True}, Location(page.path, link.line),
                              {"anchor": anchor, "named": name.title, "pointed": at.title,
                               "target": "this page" if target is page else target.path, "line": name.line})


def _written_on(lines: list[str], line: int) -> frozenset[str]:
    """The ids written on a heading's line (`{#events}`, `{/*events*/}`, Fumadocs' `[#events]`)."""
    raw = lines[line - 1] if 0 < line <= len(lines) else ""
    return frozenset(_loose(next(g for g in m.groups() if g)) for m in _EXPLICIT.finditer(raw))


MISDIRECTED = spec("misdirected-anchors", "site", misdirected_anchors, values=("misdirected",), needs=("graph",),
                   params={"skip-types": Words("Page types whose links are not judged.")})
