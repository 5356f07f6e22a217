"""Finds the non-Markdown lines of a page (front matter, MDX import/export, JSX, {expressions}, build-time
directives) and blanks them.

Blanking instead of deleting keeps every other line where it was, so Markdown between JSX tags (a TabItem's body)
is parsed as Markdown with its true line numbers.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from sitelint.model import FRONT_MATTER_TO_END

# A JSX scan gives up after this many lines: an unbalanced quote or brace must not swallow the page (a component
# given its data as props, a theme gallery say, runs to a few hundred lines).
MAX_JSX_LINES = 400

_FENCE = re.compile(r"[ \t]*(`{3,}|~{3,})")
_TAB_MARKER = re.compile(r"[ \t]*<!--\s*::(start|end):[\w-]+\b[^>]*-->[ \t]*$")
_ATX = re.compile(r" {0,3}#{1,6}[ \t]+\S")
# A component's name may open with `$` or `_`, as a JS identifier may (`import $count from ...`, `<$count/>`).
_COMPONENT = re.compile(r"</?[A-Z$][\w$.]*[\s/>]|</?>|</?[A-Z$][\w$.]*$")
_ANY_TAG = re.compile(r"</?[A-Za-z$_][\w$.:-]*[\s/>]|</?>|</?[A-Za-z$_][\w$.:-]*$")
_ESM = re.compile(
    r"(?:import(?:\s+[\w$*{'\"]|[{*'\"])|export\s+(?:default|const|let|var|function|class|async|type|interface|enum)\b"
    r"|export\s*[{*])"
)
_ESM_SOURCE = re.compile(r"\bfrom\s*['\"]|^import\s*['\"]|^export\b")
_FM_KEY = re.compile(r"[\w-]+\s*:")
_OPENERS = {"{": "}", "(": ")", "[": "]"}


@dataclass(frozen=True)
class MaskedSource:
    """A page's lines with non-Markdown regions blanked; regions are (kind, first line, last line), 1-based."""

    lines: list[str]
    regions: tuple[tuple[str, int, int], ...]
    front_matter: str | None  # the YAML text between the --- lines, None when the page has none
    problems: tuple[tuple[int, str], ...]
    toml: bool = False  # the front matter is TOML between +++ lines (Hugo, Zola), not YAML


# MkDocs (Python-Markdown and pymdownx) blocks whose body is indented four spaces: content tabs, admonitions and
# collapsible details. A blank line does not end one while the next text line is still indented.
_CONTAINER = re.compile(r'(?P<indent>[ \t]*)(?:===[!+]{0,2}[ \t]+"(?P<tab>[^"]*)"|(?:!!!|\?\?\?\+?)[ \t]*[\w-]*'
                        r'(?:[ \t]+"(?P<title>[^"]*)")?)[ \t]*$')
_DIRECTIVE = re.compile(r"[ \t]*(?::::[ \t]*[A-Za-z_][\w]*(?:\.[\w]+)+[ \t]*|-+8<-+[ \t]+\S.*|-+8<-+[ \t]*"
                        r"|\{\*[^\n]*\*\}[ \t]*|\{%[ \t]*include[ \t][^\n]*%\}[ \t]*)$")
_OPTIONS = re.compile(r"[ \t]+\S")
_BARE_AUTODOC = re.compile(r":::[ \t]+[A-Za-z_][\w-]*[ \t]*")
_AUTODOC_OPTION = re.compile(r"[ \t]+(?:options:|:[\w-]+:)")  # mkdocstrings' `options:`, mkdocs-click's `:module:`


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def unindent_containers(lines: list[str]) -> list[str]:
    """MkDocs content tabs (`=== "Tab"`) and admonitions (`!!! note`, `??? tip "Title"`) made readable to the parser.

    Their body is indented four spaces and goes on across blank lines while the next text line is still indented.
    A tab's label line is blanked and its body loses four spaces (it is plain Markdown); an admonition keeps its marker
    and indentation, and the blank lines inside its body are filled with that indentation, so that the parser does not
    end it at two blank lines and leave a fence inside it open. Nested blocks are handled in turn; lines keep their
    places.
    """
    if not any(line.lstrip()[:3] in ("===", "!!!", "???") for line in lines):
        return lines
    out = list(lines)
    n = 0
    while n < len(out):
        found = _CONTAINER.fullmatch(out[n])
        if found is None:
            n += 1
            continue
        base = len(found.group("indent").expandtabs(4))
        tab = found.group("tab") is not None
        if tab:
            out[n] = ""
        body = n + 1
        while body < len(out):
            line = out[body]
            if line.strip():
                if len(line[: _indent(line)].expandtabs(4)) < base + 4:
                    break
                if tab:
                    out[body] = " " * base + line.expandtabs(4)[base + 4 :]
            elif any(len(later[: _indent(later)].expandtabs(4)) >= base + 4 for later in _next_text(out, body)):
                out[body] = " " * (base if tab else base + 4)
            else:
                break
            body += 1
        n += 1
    return out


# pymdownx.blocks' header, `/// note | Title` (more slashes for a block around others), and its options: YAML
# indented four spaces right under it (`    type: warning`), settings of the block, not its text.
_BLOCK_OPENER = re.compile(r"([ \t]*)/{3,}[ \t]*[A-Za-z][\w-]*[ \t]*(?:\|.*)?")


_BLOCK_CLOSER = re.compile(r"[ \t]*(/{3,})[ \t]*")
_FENCE_LINE = re.compile(r"[ \t]*(`{3,}|~{3,})")


# The block-level elements CommonMark's HTML blocks of its sixth kind open with (they end at a blank line there).
_BLOCK_ELEMENTS = ("address|article|aside|blockquote|center|details|dialog|dir|div|dl|fieldset|figcaption|figure|"
                   "footer|form|header|main|nav|ol|section|summary|table|ul")
_CLOSING_TAG = re.compile(rf"[ ]{{0,3}}</(?:{_BLOCK_ELEMENTS})\s*>[ \t]*", re.I)
# A block element whose content kramdown reads as Markdown (`<figure markdown="1">`, `markdown="block"`).
_MARKDOWN_INSIDE = re.compile(rf"[ ]{{0,3}}<(?:{_BLOCK_ELEMENTS})\b[^<>]*\bmarkdown\s*=\s*"
                              r"""["']?(?:1|block)["']?[^<>]*>[ \t]*""", re.I)


def close_html_at_tags(lines: list[str]) -> list[str]:
    """kramdown's HTML blocks (Jekyll's): a block element ends at its closing tag, and the Markdown right after it is
    read as Markdown (`</div>` then a fence opens a code block), where CommonMark would go on reading HTML up to a
    blank line. A closing tag alone on its line, with text right after, is read as the blank line that ends the HTML
    block there (outside code blocks); so is an opening tag alone on its line that asks kramdown to read its content
    as Markdown (`<figure markdown="1">` over a fence), where CommonMark would read the fence as the HTML's text;
    lines keep their places."""
    out = list(lines)
    for n, line in _outside_fences(lines):
        if n + 1 < len(lines) and lines[n + 1].strip() and (
                _CLOSING_TAG.fullmatch(line) or _MARKDOWN_INSIDE.fullmatch(line)):
            out[n] = ""
    return out


# A Vue component's tag alone on its line, opening or closing (`<code-group>`, `<CodeGroupItem title="npm">`,
# `</code-block>`): a custom element's name holds a dash, a component's starts with a capital.
_VUE_TAG = re.compile(r"[ ]{0,3}</?(?:[A-Z][\w.]*|[a-z][\w]*(?:-[\w]+)+)(?:\s[^<>]*)?/?>[ \t]*")


_ATX_LINE = re.compile(r"[ ]{0,3}#{1,6}(?:[ \t]|$)")


def close_vue_components(lines: list[str]) -> list[str]:
    """VuePress' and VitePress' HTML blocks: a Vue component's tag that opens an HTML block ends it at the `>` that
    closes it, and the Markdown right after it is read as Markdown (`<code-group>` then a fence opens a code block),
    where CommonMark would go on reading HTML up to a blank line. Such a tag alone on its line, where a block may
    start (after a blank line, a heading, a fence's end or another such tag; not inside an HTML block or a
    paragraph), with text right after, is read as the blank line that ends the HTML block there; lines keep their
    places."""
    out = list(lines)
    starts, previous = True, -1  # whether a block may start on this line; the last line outside fences
    for n, line in _outside_fences(lines):
        if n != previous + 1:
            starts = True  # the line before it closed a fence, and its block with it
        previous = n
        if starts and _VUE_TAG.fullmatch(line) and n + 1 < len(lines) and lines[n + 1].strip():
            out[n] = ""
            continue  # the tag's block ended at its `>`: the next line may start one
        starts = not line.strip() or bool(_ATX_LINE.match(line))  # a heading is a block of one line
    return out


def _outside_fences(lines: list[str]) -> Iterator[tuple[int, str]]:
    """The lines outside fenced code blocks, with their indexes (the fence lines themselves left out)."""
    fence = ""
    for n, line in enumerate(lines):
        marker = _FENCE_LINE.match(line)
        mark = marker.group(1) if marker else ""
        if mark and (not fence or (mark[0] == fence[0] and len(mark) >= len(fence))):
            fence = "" if fence else mark
            continue
        if not fence:
            yield n, line


def blank_block_options(lines: list[str]) -> list[str]:
    """pymdownx.blocks' option lines blanked, so that they are not read as indented code, and a header no `///` line
    after it closes escaped (`\\/\\/\\/ This`, shown as written: a line of prose, not a block that would take in the
    rest of the page); code blocks are left as they are, and lines keep their places."""
    if not any(line.lstrip().startswith("///") for line in lines):
        return lines
    out = list(lines)
    for n, line in _outside_fences(lines):
        opener = _BLOCK_OPENER.fullmatch(line) if out[n] else None
        if opener is None:
            continue
        slashes = len(line.lstrip(" \t")) - len(line.lstrip(" \t").lstrip("/"))
        if not any((closer := _BLOCK_CLOSER.fullmatch(later)) and len(closer.group(1)) >= slashes
                   for later in lines[n + 1:]):
            indent = opener.group(1)
            out[n] = indent + "\\/" * slashes + line[len(indent) + slashes:]
            continue
        base = len(opener.group(1).expandtabs(4))
        k = n + 1
        while k < len(out) and out[k].strip() and _indent(out[k].expandtabs(4)) >= base + 4:
            out[k] = ""
            k += 1
    return out


def _next_text(lines: list[str], at: int) -> list[str]:
    """The first line with text after `at`, as a one-item list (empty at the end of the page)."""
    for line in lines[at + 1 :]:
        if line.strip():
            return [line]
    return []


def _bare_autodoc(lines: list[str], index: int) -> bool:
    """`::: pydantic_core`, a module without a dot, or `::: mkdocs-click`: a build-time directive when options follow
    it or no `:::` line ever closes it (a container `::: note` is closed; mkdocstrings never is)."""
    match = _BARE_AUTODOC.fullmatch(lines[index])
    if match is None:
        return False
    following = next((ln for ln in lines[index + 1 : index + 3] if ln.strip()), "")
    if _AUTODOC_OPTION.match(following):
        return True
    return not any(ln.strip() == ":::" for ln in lines[index + 1 :])


def _directive_end(lines: list[str], index: int) -> int:
    """Index of the last line of a build-time directive starting at lines[index], or -1 when it is not one.

    mkdocstrings' `::: package.Member` takes its indented options with it; a `--8<--` line alone opens a block of
    file names closed by another.
    """
    line = lines[index]
    if not _DIRECTIVE.fullmatch(line) and not _bare_autodoc(lines, index):
        return -1
    end = index
    if line.lstrip().startswith(":::"):
        while end + 1 < len(lines) and (_OPTIONS.match(lines[end + 1]) or (
                not lines[end + 1].strip() and end + 2 < len(lines) and _OPTIONS.match(lines[end + 2]))):
            end += 1
    elif line.strip().rstrip("-") == "--8<":
        end = next((k for k in range(index + 1, min(len(lines), index + 200))
                    if lines[k].strip().startswith("--8<--")), index)
    return end


# Nuxt Content's MDC block components: `::card{icon="x"}` opens one (its props may follow between `---` lines),
# `::` closes it; what is between is Markdown. Three colons or more are admonitions and directives, not these.
_MDC_OPEN = re.compile(r"[ \t]*::(?!:)[A-Za-z][\w-]*(?:\{[^}\n]*\})?[ \t]*$")
_MDC_CLOSE = re.compile(r"[ \t]*::[ \t]*$")
# An MDC inline component alone in its paragraph (`:component-props`, `:icons-list{set="lucide"}`) renders in place;
# one that links (`:read-more{to="/docs/x"}`) stays in its paragraph, where its `to` is read as a link.
_MDC_ALONE = re.compile(r"[ \t]*:(?!:)[A-Za-z][\w-]*(?:\{(?![^}\n]*\b(?:to|href)=)[^}\n]*\})?[ \t]*$")


# A template's paired tag (Liquid, Nunjucks: an Eleventy or Jekyll shortcode) on lines of its own, and its end tag.
# Tags whose body is the page's own Markdown (conditions, loops, blocks) are left to the Markdown reader.
_TEMPLATE_OPEN = re.compile(r"[ \t]{0,3}\{%-?[ \t]*([A-Za-z_]\w*)\b[^\n]*?-?%\}[ \t]*$")
_TEMPLATE_FLOW = frozenset({"if", "unless", "for", "each", "block", "macro", "call", "filter", "set", "capture",
                            "with", "case", "tablerow", "raw", "verbatim", "markdown", "comment"})
# An abbreviation's definition (PHP Markdown Extra's, kramdown's, Python-Markdown's `abbr`): a line of its own, the
# hover text of the term wherever the page uses it, not shown where it is written.
_ABBREVIATION = re.compile(r"[ ]{0,3}\*\[[^\]\n]+\]:[ \t]+\S")
_LIQUID_COMMENT = re.compile(r"[ \t]{0,3}\{%-?[ \t]*comment[ \t]*-?%\}")
_LIQUID_COMMENT_END = r".*\{%-?[ \t]*endcomment[ \t]*-?%\}[ \t]*$"
_LIQUID_COMMENT_END_RE = re.compile(_LIQUID_COMMENT_END)
_SEPARATOR = re.compile(r"[ \t]*(?:-{3,}|={3,})[ \t]*$")
_TEMPLATE_SCAN = 400  # lines a paired tag's body may run to


def _template_block_end(lines: list[str], index: int) -> int:
    """The last line of a paired template tag whose body is the tag's own input, not Markdown: it holds a `---` or
    `===` line right after a line of text (Sass' `{% codeExample %}`: the files of an example, split by `---`),
    which Markdown would read as a heading's underline though the template hands the body to the tag first. -1 when
    the line opens no such tag."""
    opened = _TEMPLATE_OPEN.match(lines[index])
    if opened is None or opened.group(1).lower() in _TEMPLATE_FLOW or opened.group(1).lower().startswith("end"):
        return -1
    end = _closing_line(lines, index, r"[ \t]*\{%-?[ \t]*end" + re.escape(opened.group(1)) + r"[ \t]*-?%\}[ \t]*$")
    body = lines[index + 1 : end] if end >= 0 else []
    split = any(_SEPARATOR.match(line) and body[n - 1].strip() for n, line in enumerate(body) if n)
    return end if split else -1


def _closing_line(lines: list[str], index: int, closer: str) -> int:
    """The first line after `index`, within `_TEMPLATE_SCAN` lines, that the pattern `closer` matches; -1 if none."""
    close = re.compile(closer)
    return next((end for end in range(index + 1, min(len(lines), index + _TEMPLATE_SCAN)) if close.match(lines[end])),
                -1)


# A Hugo shortcode that shows its inner text as code: the built-in `{{< highlight yaml >}}`, one named for code
# (`{{< codeFromInline lang="yaml" >}}`, `{{< code >}}`) or given a language (`lang="yaml"`); its `# comment` lines
# are the code's, not headings.
_HUGO_CODE = re.compile(r"[ \t]{0,3}\{\{<[ \t]*((?i:highlight|[\w-]*code[\w-]*)|[\w-]+(?=[^>\n]*\blang\s*=))\b"
                        r"[^\n]*?>\}\}[ \t]*$")


def _hugo_code_end(lines: list[str], index: int) -> int:
    """The line of the shortcode's closing tag (`{{< /highlight >}}`) when the line opens a shortcode of code, else
    -1; the tag may close a line of other tags (`{{< /code-tab >}}{{< /code-tabs >}}`)."""
    opened = _HUGO_CODE.match(lines[index])
    if opened is None:
        return -1
    others = r"[ \t]*(?:\{\{<[^\n]*?>\}\}[ \t]*)*"  # the tags closed before it on its line
    closing = r"\{\{<[ \t]*/[ \t]*" + re.escape(opened.group(1)) + r"[ \t]*>\}\}[ \t]*$"
    return _closing_line(lines, index, others + closing)


# Liquid's code block, Jekyll's `{% highlight capnp %}` to `{% endhighlight %}` (with `linenos` or not): its
# `# comment` lines are the code's, not headings.
_LIQUID_CODE = re.compile(r"[ \t]{0,3}\{%-?[ \t]*highlight\b[^\n]*?-?%\}[ \t]*$")


def _liquid_code_end(lines: list[str], index: int) -> int:
    """The line of `{% endhighlight %}` when the line opens Liquid's code block, else -1."""
    if _LIQUID_CODE.match(lines[index]) is None:
        return -1
    return _closing_line(lines, index, r"[ \t]*\{%-?[ \t]*endhighlight[ \t]*-?%\}[ \t]*$")


def _mdc_props_end(lines: list[str], index: int, limit: int = 100) -> int:
    """The last line of an MDC component's opening: the opener, or the `---` that closes the props after it."""
    if index + 1 < len(lines) and lines[index + 1].strip() == "---":
        for after in range(index + 2, min(len(lines), index + 2 + limit)):
            if lines[after].strip() == "---":
                return after
    return index


def mask_source(lines: list[str], mdx: bool, myst: bool = False) -> MaskedSource:
    """Blank front matter, ESM, JSX-only and expression-only lines outside code fences and HTML comments, and the
    headings that label tabs between `<!-- ::start:tabs -->` and `<!-- ::end:tabs -->` markers.

    On a MyST page, `% comment` lines are comments, `(label)=` lines targets, and a `:::{name}` directive either
    holds Markdown (a callout, a tab, a card, a dropdown: its fence and option lines are blanked) or is built from its
    body (a toctree, a figure, an extension's own directive: the whole of it is a directive region, whose headings
    are no sections of the page).

    In .md files only capitalised component tags count as JSX (lowercase tags stay HTML for markdown-it) and
    lines indented four spaces or more are left alone, since there they may be indented code.
    """
    out = list(lines)
    regions: list[tuple[str, int, int]] = []
    problems: list[tuple[int, str]] = []
    # Hugo reads front matter commented out at the top (`<!--`, the `---` block, `-->`): hidden where the file is
    # shown as it is (on GitHub), still the page's front matter; and front matter after a comment that closes on the
    # page's first line (a formatter's directive, `<!-- mdformat global-off -->`).
    commented = _commented_front_matter(lines)
    front_matter, index = _front_matter(lines[commented:], problems)
    toml = front_matter is None
    if toml:
        front_matter, index = _toml_front_matter(lines[commented:], problems)
        toml = front_matter is not None
    problems[:] = [(line + commented, text) for line, text in problems]  # numbered from the page's first line
    if front_matter is None and not commented:
        index = _ruby_front_matter_end(lines)
        front_matter = "" if index else None  # Ruby, run by the build: no data sitelint reads
    if front_matter is not None and commented and not _one_line_comment(lines[0]):
        index += commented + 1  # the `-->` line after it
    elif front_matter is not None and commented:
        index += commented
    if front_matter is not None:
        regions.append(("front_matter", 1, index))
        out[:index] = [""] * index
    tag_start = _ANY_TAG if mdx else _COMPONENT
    fence = ""
    in_comment = False
    prev_blank = True
    tabs = 0  # how deep in sets of tabs the line is
    colons: list[int] = []  # the fence lengths of the MyST `:::{name}` containers the line is in
    while index < len(lines):
        line = lines[index]
        stripped = line.lstrip()
        if fence:
            closing = stripped.rstrip()
            if closing.startswith(fence) and closing == fence[0] * len(closing):
                fence = ""
            index += 1
            continue
        if in_comment:
            in_comment = "-->" not in line
            index += 1
            continue
        opened = _FENCE.match(line)
        if opened:
            fence = opened.group(1)
            prev_blank = False
            index += 1
            continue
        if myst:
            end = _myst_line(lines, out, index, colons, regions)
            if end >= 0:
                index = end + 1
                prev_blank = True
                continue
        marker = _TAB_MARKER.match(line)
        if marker:  # TanStack's `<!-- ::start:framework -->` ... `<!-- ::end:framework -->`: a set of tabs
            tabs += 1 if marker.group(1) == "start" else -1 if tabs else 0
        elif tabs and _ATX.match(line):
            out[index] = ""  # `# React` inside a set of tabs is a tab's label, not a section
            index += 1
            continue
        if stripped.startswith("<!--"):
            in_comment = "-->" not in stripped[4:]
            if not in_comment and stripped.rstrip().endswith("-->"):
                index += 1  # a one-line comment (<!-- prettier-ignore -->) does not break the run before ESM
                continue
        if not mdx and _MDC_CLOSE.match(line):
            out[index] = ""  # the end of an MDC block component
            index += 1
            continue
        if not mdx and prev_blank and _MDC_ALONE.match(line) and (index + 1 == len(lines)
                                                                 or not lines[index + 1].strip()):
            regions.append(("jsx", index + 1, index + 1))
            out[index] = ""
            index += 1
            continue
        if not mdx and _MDC_OPEN.match(line):
            end = _mdc_props_end(lines, index)
            regions.append(("jsx", index + 1, end + 1))
            out[index : end + 1] = [""] * (end + 1 - index)
            index = end + 1
            prev_blank = True
            continue
        end = -1 if mdx else _directive_end(lines, index)
        if end < 0 and not mdx and stripped.startswith("{%"):
            end = _template_block_end(lines, index)
        shown = -1  # a Hugo shortcode of code: its inner text is code a reader sees, not markup
        if end < 0 and not mdx and stripped.startswith("{{<"):
            end = shown = _hugo_code_end(lines, index)
        if end < 0 and not mdx and stripped.startswith("{%"):  # ... or Liquid's `{% highlight capnp %}`
            end = shown = _liquid_code_end(lines, index)
        kind = "code" if end >= 0 and end == shown else "directive"
        if end < 0 and not mdx and _ABBREVIATION.match(line):
            end, kind = index, "comment"  # `*[HTML]: Hyper Text Markup Language`: hover text the page shows nowhere
        if end < 0 and _LIQUID_COMMENT.match(line):
            # a Liquid comment (`{% comment %}` to `{% endcomment %}`, Jekyll's): the build drops it, words and all,
            # on a page read as MDX for its components too (Liquid runs before the Markdown is read)
            end = index if _LIQUID_COMMENT_END_RE.match(line) else _closing_line(lines, index, _LIQUID_COMMENT_END)
            kind = "comment"
        if end < 0 and (mdx or len(line) - len(stripped) < 4):
            kind = "jsx"
            first = stripped[:1]
            if mdx and stripped.startswith("{/*"):
                end, kind = _comment_end(lines, index), "comment"
            elif (first == "<" and tag_start.match(stripped)) or first == "{":
                end = _markup_end(lines, index, len(line) - len(stripped))
                if end >= 0 and first == "{" and stripped.startswith("{/*"):
                    kind = "comment"
            elif prev_blank and not line[:1].isspace() and first in "ie" and _ESM.match(line):
                end = _esm_end(lines, index)
                kind = "esm"
        if end >= 0:
            regions.append((kind, index + 1, end + 1))
            out[index : end + 1] = [""] * (end + 1 - index)
            index = end + 1
            prev_blank = True
            continue
        prev_blank = not stripped
        index += 1
    return MaskedSource(out, tuple(regions), front_matter, tuple(problems), toml)


# MyST: a line comment, a colon-fenced directive `:::{name} argument` and its closing fence, the `:key: value` options
# that follow an opening fence (or a `---` block of YAML ones), and the directives whose body is Markdown a reader
# reads (others are built from their body: a toctree's entries, a figure's image, an extension's own syntax).
_MYST_COMMENT = re.compile(r" {0,3}%")
_MYST_TARGET = re.compile(r" {0,3}\([^)\s]+\)=[ \t]*$")
_MYST_COLON = re.compile(r" {0,3}(:{3,})\{([\w:.-]+)\}")
_MYST_CLOSE = re.compile(r" {0,3}(:{3,})[ \t]*$")
_MYST_OPTION = re.compile(r"[ \t]*:[\w-]+:")
_MYST_PROSE = frozenset({
    "note", "warning", "tip", "important", "hint", "caution", "danger", "error", "attention", "seealso", "admonition",
    "versionadded", "versionchanged", "deprecated", "todo", "tab-set", "tab-item", "tab-set-code", "grid",
    "grid-item", "grid-item-card", "card", "card-carousel", "dropdown", "only", "div", "topic", "sidebar", "margin",
    "epigraph", "pull-quote", "highlights", "container", "compound", "rubric", "exercise", "solution", "tabs", "tab",
    "aside", "details", "hlist"})


def _myst_line(lines: list[str], out: list[str], index: int, colons: list[int],
               regions: list[tuple[str, int, int]]) -> int:
    """The last line of the MyST markup starting at lines[index] once it is blanked, or -1 when there is none."""
    line = lines[index]
    kind = "comment" if _MYST_COMMENT.match(line) else "directive" if _MYST_TARGET.match(line) else ""
    if kind:  # a comment, or a target `(label)=` (the anchor the next block gets)
        regions.append((kind, index + 1, index + 1))
        out[index] = ""
        return index
    closing = _MYST_CLOSE.match(line)
    if closing and colons and len(closing.group(1)) >= colons[-1]:
        colons.pop()
        out[index] = ""
        return index
    opened = _MYST_COLON.match(line)
    if not opened:
        return -1
    name, width = opened.group(2).lower(), len(opened.group(1))
    if name in _MYST_PROSE or name.startswith("prf:"):
        end = index
        if end + 1 < len(lines) and lines[end + 1].strip() == "---":
            end = next((k for k in range(end + 2, min(len(lines), end + 100)) if lines[k].strip() == "---"), end)
        while end + 1 < len(lines) and _MYST_OPTION.match(lines[end + 1]):
            end += 1
        colons.append(width)
        out[index : end + 1] = [""] * (end + 1 - index)
        return end
    end = next((k for k in range(index + 1, len(lines))
                if (close := _MYST_CLOSE.match(lines[k])) and len(close.group(1)) >= width), -1)
    if end < 0:
        return -1
    regions.append(("directive", index + 1, end + 1))
    out[index : end + 1] = [""] * (end + 1 - index)
    return end


_ATX_LINE = re.compile(r"^#{1,6}[ \t]+\S")


def _markdown_between_rules(block: list[str]) -> bool:
    """Whether what two `---` lines at the top of a page hold is Markdown, not YAML: a heading and a line of text,
    and no `key:` line. It is two thematic breaks around the page's title (MkDocs reads front matter only when its
    YAML is a mapping, and renders the page whole otherwise)."""
    return (any(_ATX_LINE.match(line) for line in block) and not any(_FM_KEY.match(line) for line in block)
            and any(line.strip() and not line.lstrip().startswith(("#", "-")) for line in block))


# Bridgetown's Ruby front matter: `~~~ruby` (or `---ruby`, or `~~~{%` ... `%}~~~`) to its closing `~~~`.
_RUBY_FRONT_OPEN = re.compile(r"(~~~|---)[ \t]*(?:ruby|\{%|<%)[ \t]*$")
_RUBY_FRONT_CLOSE = re.compile(r"(?:%\}|%>)?[ \t]*(~~~|---)[ \t]*$")


def _ruby_front_matter_end(lines: list[str]) -> int:
    """The index of the line after Ruby front matter that opens the page, 0 when none does."""
    opened = _RUBY_FRONT_OPEN.match(lines[0]) if lines else None
    if opened is None:
        return 0
    for index in range(1, min(len(lines), MAX_JSX_LINES)):
        closed = _RUBY_FRONT_CLOSE.match(lines[index])
        if closed and closed.group(1) == opened.group(1):
            return index + 1
    return 0


def _one_line_comment(line: str) -> bool:
    return line.startswith("<!--") and line.rstrip().endswith("-->") and "-->" not in line.rstrip()[4:-3]


def _commented_front_matter(lines: list[str]) -> int:
    """1 when the page opens with an HTML comment whose first line is `<!--` alone and which holds nothing but a
    front matter block (`---` or `+++` lines around it) closed by a `-->` line; else 0. After a comment closed on the
    first line (`<!-- mdformat global-off -->`), the number of lines before the front matter that follows it after
    blank lines, as Hugo reads on past that line; else 0."""
    if lines and _one_line_comment(lines[0]):
        start = next((n for n, line in enumerate(lines[1:], 1) if line.strip()), 0)
        return start if start and lines[start].rstrip() in ("---", "+++") else 0
    if len(lines) < 4 or lines[0].strip() != "<!--" or lines[1].rstrip() not in ("---", "+++"):
        return 0
    read = _front_matter if lines[1].rstrip() == "---" else _toml_front_matter
    block, after = read(lines[1:], [])  # the block as an uncommented one is read; `after` counts from lines[1]
    return 1 if block is not None and after < len(lines) - 1 and lines[after + 1].strip() == "-->" else 0


def _toml_front_matter(lines: list[str], problems: list[tuple[int, str]]) -> tuple[str | None, int]:
    """The TOML between a +++ line and its closing +++, as Hugo and Zola write front matter (Zola lets blank lines
    come before it), and the index of the first line after it."""
    first = next((n for n, line in enumerate(lines) if line.strip()), None)
    if first is None or lines[first].rstrip() != "+++":
        return None, 0
    for index in range(first + 1, len(lines)):
        if lines[index].rstrip() == "+++":
            return "\n".join(lines[first + 1:index]), index + 1
    problems.append((first + 1, "front matter opened with +++ is never closed; add a closing +++ line"))
    return None, 0


_DASHES = re.compile(r"-{4,}")


def _front_matter(lines: list[str], problems: list[tuple[int, str]]) -> tuple[str | None, int]:
    """The YAML between a first-line --- and its closing --- (or ...), and the index of the first line after it."""
    if not lines or lines[0].rstrip() != "---":
        return None, 0
    for index in range(1, len(lines)):
        # (a longer line of dashes closes it too, as Hugo and gray-matter read its first three: `----------`)
        if lines[index].rstrip() in ("---", "...") or _DASHES.fullmatch(lines[index].rstrip()):
            if _markdown_between_rules(lines[1:index]):
                return None, 0
            return "\n".join(lines[1:index]), index + 1
    if len(lines) > 1 and _FM_KEY.match(lines[1]):
        if all(not line.strip() or line[:1] in " \t#-" or _FM_KEY.match(line) for line in lines[1:]):
            # The whole page is YAML: a reader that closes front matter at the end of the file (gray-matter)
            # renders it as the layout it names; a stricter one shows it as text.
            problems.append((1, f"{FRONT_MATTER_TO_END}: Jekyll, Hugo and Astro show it as text; add a closing ---"
                                " line"))
            return "\n".join(lines[1:]), len(lines)
        problems.append((1, "front matter opened at line 1 is never closed; add a closing --- line"))
    return None, 0


def _comment_end(lines: list[str], index: int) -> int:
    """Index of the line an MDX comment `{/* ... */}` opened on lines[index] ends on: its first `*/}`, whatever it
    holds (code fences, quotes, braces: a JS comment nests nothing); -1 when it never closes or text follows it."""
    for end in range(index, min(len(lines), index + MAX_JSX_LINES)):
        start = lines[index].index("{/*") + 3 if end == index else 0
        close = re.search(r"\*/\s*\}", lines[end][start:])
        if close:
            return end if not lines[end][start + close.end():].strip() else -1
    return -1


def _markup_end(lines: list[str], index: int, column: int) -> int:
    """Index of the last line of a run of JSX tags and {expressions} starting at lines[index][column].

    -1 when the line also holds text (then it is Markdown with inline JSX) or the markup never closes.
    """
    chunk = "\n".join(lines[index : index + MAX_JSX_LINES])
    pos = column
    size = len(chunk)
    while True:
        while pos < size and chunk[pos] in " \t":
            pos += 1
        if pos >= size or chunk[pos] == "\n":
            return index + chunk.count("\n", 0, pos)
        char = chunk[pos]
        if char == "<" and pos + 1 < size and (chunk[pos + 1].isalpha() or chunk[pos + 1] in "/>$_"):
            pos = _skip(chunk, pos + 1, ">")
        elif char == "{":
            pos = _skip(chunk, pos + 1, "}")
        else:
            return -1
        if pos < 0:
            return -1


def _skip(chunk: str, pos: int, closer: str) -> int:
    """Position just after the closer that ends a tag or expression, skipping quoted strings and nested braces."""
    depth = 0
    quote = ""
    size = len(chunk)
    while pos < size:
        char = chunk[pos]
        if quote:
            if char == "\\":
                pos += 1
            elif char == quote:
                quote = ""
        elif char in "\"'`" and (depth or closer == ">" or char != "'"):
            quote = char
        elif char == "{":
            depth += 1
        elif char == "}" and depth:
            depth -= 1
        elif char == closer and not depth:
            return pos + 1
        pos += 1
    return -1


def _esm_end(lines: list[str], index: int) -> int:
    """Last line of an import/export statement run: up to a blank line outside brackets; -1 if it is prose."""
    depth = 0
    end = index
    while end < len(lines):
        line = lines[end]
        if not line.strip() and depth <= 0:
            break
        for char in line:
            if char in _OPENERS:
                depth += 1
            elif char in ")}]":
                depth -= 1
        end += 1
        if end - index > MAX_JSX_LINES * 4:
            return -1
    statement = "\n".join(lines[index:end])
    return end - 1 if _ESM_SOURCE.search(statement) else -1
