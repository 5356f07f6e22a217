"""Walking a page's markdown-it syntax tree into blocks, headings, links and inline code with their source lines."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from sitelint.model import FENCE_TO_END, PROSE_KINDS, InlineCode, Link

if TYPE_CHECKING:
    from markdown_it.tree import SyntaxTreeNode

KIND = re.compile(r"[A-Za-z][\w-]*")  # an admonition's kind: note, tip, or a site's own
# pymdownx.blocks' `/// name | title` after its slashes; its blocks of structure, the others being callouts.
BLOCK_HEADER = re.compile(r"([A-Za-z][\w-]*)[ \t]*(?:\|[ \t]*(.*))?")
_STRUCTURE_BLOCKS = frozenset({"tab", "html", "define", "caption", "figure-caption", "table-caption"})

# Nuxt Content's inline component: `:read-more{to="/docs/x" title="X"}`, `:badge[v3]{color="info"}` keeps its label.
_MDC_INLINE = re.compile(r"""(?<![\w:]):[a-z][\w-]*\{(?:[^{}\n]*?\b(?:to|href)=["']([^"'\n]+)["'])?[^{}\n]*\}""")
# MyST (Sphinx's Markdown) directives written as fences: ```{name} argument. Unknown names stay code (a Quarto or
# knitr chunk, ```{r}, is code).
_MYST_DIRECTIVE = re.compile(r"\{([\w:-]+)\}\s*(\S*)")
_MYST_OPTION = re.compile(r"\s*:[\w-]+:")
_MYST_COMMENT = re.compile(r" {0,3}%")
# MyST's role that links to a page, `{doc}` before inline code: {doc}`entry-points`, {doc}`the guide <guide/setup>`.
_MYST_DOC_ROLE = re.compile(r"\{doc\}$")
_QUOTED = re.compile(r"[ \t]*>")  # a line of a block quote (one in a list item indented further)
_ROLE_TARGET = re.compile(r"(.*?)\s*<([^<>]+)>")
_MYST_ADMONITIONS = frozenset({"note", "warning", "tip", "important", "hint", "caution", "danger", "error", "attention",
                               "seealso", "admonition", "versionadded", "versionchanged", "deprecated", "todo"})
# ... of them, the ones whose body is Markdown, its links a reader's to follow.
_MYST_MARKDOWN_BODIES = frozenset({"tab-set", "tab-item", "grid", "grid-item", "grid-item-card", "card", "dropdown",
                                   "only", "glossary", "list-table", "figure", "table"})
_MYST_NOT_CODE = frozenset({"toctree", "contents", "include", "eval-rst", "figure", "image", "tab-set", "tab-item",
                            "grid", "grid-item", "grid-item-card", "card", "dropdown", "list-table", "csv-table",
                            "table", "mermaid", "raw", "only", "glossary", "automodule", "autoclass", "autofunction",
                            "automethod", "autoattribute", "autodata", "autoexception", "autosummary", "autodoc",
                            "click", "argparse", "program-output", "command-output", "pip-command-usage"})
_MYST_CODE = frozenset({"code-block", "code", "sourcecode", "code-cell", "jupyter-execute", "literalinclude"})
_URL = re.compile(r"(?:https?://|www\.)[^\s<>()\[\]]*[^\s<>()\[\].,;:!?'\"]")
TAG = re.compile(r"</?[A-Za-z][\w.:-]*(?:\s[^<>]*)?/?>")
_HTML_LINK = re.compile(
    r"<(a|img)\b[^>]*?\s(?:href|src)\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|\{\s*[\"'`]([^\"'`]*)[\"'`]\s*\})", re.I
)
# A component's link (`<Card title="DigitalOcean" href="/self-host/digital-ocean">`, Docusaurus' `<Link to="...">`):
# readers follow it as they follow `<a href>`.
_COMPONENT_LINK = re.compile(
    r"<([A-Z][\w.]*)\b[^<>]*?\s(href|to)\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|\{\s*[\"'`]([^\"'`]*)[\"'`]\s*\})")
# A link a component takes in an object of its props (`<TutorialNavigation next={{title: "Part 2", href:
# "/v3/tutorial/basics"}}>`): a key of an object literal that names a route.
_OBJECT_PROP_LINK = re.compile(r"""[{,]\s*(?:href|to|link)\s*:\s*["'`]([^"'`\s]+)["'`]""")
# A Hugo shortcode's parameter that names the page it links (`{{< card path="/integrations/dns/" title="DNS" >}}`,
# `{{< button href="/docs/start" >}}`).
_SHORTCODE_LINK = re.compile(r"""\{\{[<%]\s*[\w/-]+\b[^}]*?\s(?:link|path|href|url)\s*=\s*["']([^"'\s{}]+)["']""")
_ROUTE_VALUE = re.compile(r"(?:/(?!/)|\.{1,2}/)[^\s]*$|[^\s]+\.mdx?(?:#[^\s]*)?$")
_HTML_HEADING = re.compile(r"\s*<h([1-6])\b[^>]*>(.*?)</h\1>\s*$", re.I)
# Explicit anchors and attribute lists after a heading's text: ## Title {#id}, ## Title { #id .class }.
_HEADING_ID = re.compile(r"\s*\{\s*[#.][^{}]*\}\s*$")
_SPACES = re.compile(r"[ \t]+")
_WRAPPERS = {"list_item": "list_item", "blockquote": "blockquote", "admonition": "admonition"}
# Markdown inside an HTML block (MkDocs Material's md_in_html): `<div class="result" markdown>` shows what the example
# above it renders to, `<div class="grid cards" markdown>` holds navigation cards. Their prose blocks take that role.
_DIV = re.compile(r"<div\b([^>]*)>|</div\s*>", re.I)
_CLASS = re.compile(r"""\bclass\s*=\s*["']([^"']*)["']""", re.I)
_ROLES = (("result", "example"), ("cards", "card"), ("card", "card"))
_PASS_THROUGH = frozenset({"bullet_list", "ordered_list", "footnote_block", "footnote", "dl", "dd"})


def _strip_expressions(text: str) -> str:
    """Text with every balanced MDX {expression} (and {/* comment */}) removed."""
    if "{" not in text:
        return text
    out: list[str] = []
    depth = 0
    for ch in text:
        if ch == "{":
            depth += 1
        elif ch == "}" and depth:
            depth -= 1
        elif not depth:
            out.append(ch)
    return "".join(out)


def clean(text: str) -> str:
    """Plain prose: no expressions, stray tags or URLs, single spaces, no blank lines."""
    text = _strip_expressions(text)
    if "<" in text:
        text = TAG.sub(" ", text)
    lines = (_SPACES.sub(" ", line).strip() for line in text.split("\n"))
    return "\n".join(line for line in lines if line)


def _plain(node: SyntaxTreeNode) -> str:
    """Everything a reader sees in an inline run, inline code included (for titles and link text)."""
    parts: list[str] = []
    for child in node.children:
        if child.type in ("text", "code_inline"):
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append(" ")
        elif child.children:
            parts.append(_plain(child))
    return "".join(parts)


_CONTAINER_CLOSE = re.compile(r"^\s*:{3,}\s*$")  # a `:::` container's closing line


class Builder:
    """Collects one page's blocks, headings, links and inline code while the syntax tree is walked."""

    def __init__(self, lines: list[str], tree_of: Callable[[str], SyntaxTreeNode] | None = None) -> None:
        self.lines = lines
        self.tree_of = tree_of  # the page's Markdown parser, for directive bodies MyST parses as Markdown
        self.blocks: list[tuple[str, str, int, int, str, tuple[str, ...]]] = []
        self.headings: list[tuple[str, int, int]] = []
        self.links: list[Link] = []
        self.inline_code: list[InlineCode] = []
        self.problems: list[tuple[int, str]] = []
        self.roles: list[str] = []  # the md_in_html divs open where the walk is: a role or "" each
        self.fences: list[tuple[int, str, str]] = []  # (line, markup, info) of each fence opened so far

    def add(self, kind: str, text: str, line: int, end: int, lang: str = "", codes: tuple[str, ...] = ()) -> None:
        while end > line and end <= len(self.lines) and not self.lines[end - 1].strip():
            end -= 1  # markdown-it ranges of lists and admonitions take in the blank line after them
        role = next((r for r in reversed(self.roles) if r), "")
        if role and kind in PROSE_KINDS:
            kind = role
        self.blocks.append((kind, text, line, max(line, end), lang, codes))

    def walk(self, nodes: list[SyntaxTreeNode], line: int) -> None:
        for node in nodes:
            kind = node.type
            start = node.map[0] + 1 if node.map else line
            end = node.map[1] if node.map else start
            if kind == "paragraph" or kind == "dt":
                text, codes = self.inline_text([node], start)
                self.add("paragraph", text, start, end, codes=codes)
            elif kind == "heading":
                text, codes = self.inline_text([node], start)
                title = _HEADING_ID.sub("", _plain(node.children[0])).strip() if node.children else ""
                self.headings.append((title, int(node.tag[1:]), start))
                self.add("heading", text, start, end, codes=codes)
            elif kind in _WRAPPERS or kind == "container_admonition":
                self.wrapper(node, start, end)
            elif kind == "container_block":
                self.pymdown_block(node, start, end)
            elif kind == "table":
                rows = [self.inline_text([row], start) for row in _rows(node)]
                codes = tuple(code for _, row_codes in rows for code in row_codes)
                self.add("table", "\n".join(text for text, _ in rows), start, end, codes=codes)
            elif kind in ("fence", "code_block"):
                self.code(node, start, end)
            elif kind == "html_block":
                self.html(node.content, start, end)
            elif kind in _PASS_THROUGH or (node.children and kind != "inline"):
                self.walk(node.children, start)

    def wrapper(self, node: SyntaxTreeNode, start: int, end: int) -> None:
        """A list item, blockquote or admonition: its own paragraphs are one block; nested blocks stand alone."""
        own = [child for child in node.children if child.type == "paragraph"]
        kind = _WRAPPERS.get(node.type, "admonition")
        text, codes = self.inline_text(own, start)
        if kind == "admonition":
            closer = self.lines[end].lstrip() if end < len(self.lines) else ""
            if node.type in ("container_admonition", "container_block") and closer.startswith((":::", "///")):
                end += 1  # the container plugin leaves the closing ::: out of the range
            title = _admonition_title(node)
            text = "\n".join(part for part in (title, text) if part)
        if kind == "list_item":
            ends = [child.map[1] for child in node.children if child.map and child.type not in _LISTS]
            end = max(ends, default=start)
        self.add(kind, text, start, end, codes=codes)
        self.walk([child for child in node.children if child.type not in ("paragraph", "admonition_title")], start)

    def body_links(self, content: str, fence_line: int) -> None:
        """The links of a directive fence whose body MyST parses as Markdown (```{note}, ```{dropdown}, ```{tab-item}),
        at their lines in the page: the links a reader follows from the callout or tab."""
        if self.tree_of is None:
            return
        inner = Builder(content.split("\n"), self.tree_of)
        inner.walk(self.tree_of(content).children, 1)
        self.links += [replace(link, line=link.line + fence_line) for link in inner.links]

    def pymdown_block(self, node: SyntaxTreeNode, start: int, end: int) -> None:
        """`/// note | Title` is a callout; `/// tab | Title` and `/// html | div.result` hold blocks, which take the
        role of the html's classes as a `<div class="result" markdown>` gives it (what an example renders to)."""
        header = BLOCK_HEADER.fullmatch(node.info.strip())
        name = header.group(1).lower() if header else ""
        if name not in _STRUCTURE_BLOCKS:
            self.wrapper(node, start, end)
            return
        classes = (header.group(2) or "").split(".")[1:] if name == "html" and header else []
        self.roles.append(next((role for cls, role in _ROLES if cls in classes), ""))
        self.walk(node.children, start)
        self.roles.pop()

    def inline_text(self, holders: list[SyntaxTreeNode], line: int) -> tuple[str, tuple[str, ...]]:
        """Prose text and inline code spans of the inline runs inside holders, recording links on the way."""
        parts: list[str] = []
        codes: list[str] = []
        for holder in holders:
            for inline in _inlines(holder):
                at = inline.map[0] + 1 if inline.map else line
                if parts:
                    parts.append("\n")
                self.inline(inline, [at], parts, codes, in_link=False)
        return clean("".join(parts)), tuple(codes)

    def inline(self, node: SyntaxTreeNode, line: list[int], parts: list[str], codes: list[str], in_link: bool) -> None:
        """Walk an inline run; line holds the source line reached, moved on at each line break of the run."""
        for child in node.children:
            kind = child.type
            if kind == "text":
                text = child.content
                if ":" in text and "{" in text:  # MDC inline components are markup; their `to` is a link
                    for match in _MDC_INLINE.finditer(text):
                        if match.group(1):
                            self.links.append(Link(match.group(1), "", line[0]))
                    text = _MDC_INLINE.sub(" ", text)
                if not in_link and ("://" in text or "www." in text):
                    for url in _URL.findall(text):
                        self.links.append(Link(url, "", line[0]))
                    text = _URL.sub(" ", text)
                parts.append(text)
            elif kind == "softbreak" or kind == "hardbreak":
                parts.append("\n")
                line[0] += 1
            elif kind == "code_inline":
                role = _MYST_DOC_ROLE.search(parts[-1]) if parts else None
                if role is not None:  # MyST's {doc}`entry-points`: a link to a page, shown by its title
                    parts[-1] = parts[-1][: role.start()]
                    named = _ROLE_TARGET.fullmatch(child.content.strip())
                    target = named.group(2) if named else child.content.strip()
                    self.links.append(Link(target, named.group(1) if named else "", line[0]))
                    parts.append(named.group(1) if named else target)
                    continue
                codes.append(child.content)
                self.inline_code.append(InlineCode(child.content, line[0]))
            elif kind == "link":
                self.links.append(Link(str(child.attrs.get("href", "")), _plain(child).strip(), line[0]))
                if child.info == "auto":
                    continue
                self.inline(child, line, parts, codes, in_link=True)
            elif kind == "image":
                self.links.append(Link(str(child.attrs.get("src", "")), _plain(child).strip(), line[0], image=True))
                line[0] += sum(1 for part in child.children if part.type in ("softbreak", "hardbreak"))
            elif kind == "html_inline":
                self.html_links(child.content, line[0])
                if child.content.startswith("<!--"):
                    self.add("comment", child.content, line[0], line[0] + child.content.count("\n"))
                line[0] += child.content.count("\n")
                parts.append(" ")
            elif child.children:
                self.inline(child, line, parts, codes, in_link)

    def code(self, node: SyntaxTreeNode, start: int, end: int) -> None:
        info = node.info.strip()
        lang = info.split(maxsplit=1)[0].strip("{}.") if info else ""
        myst = _MYST_DIRECTIVE.match(info) if node.type == "fence" else None
        if myst is not None and myst.group(1).lower() in _MYST_ADMONITIONS:
            # MyST's ```{note}: a callout whose body is prose (its `:class:` option lines and `% comment` lines are
            # not)
            body = "\n".join(ln for ln in node.content.split("\n")
                             if not _MYST_OPTION.match(ln) and not _MYST_COMMENT.match(ln))
            self.add("admonition", clean(body), start, end)
            self.body_links(node.content, start)
            return
        if myst is not None and myst.group(1).lower() in _MYST_NOT_CODE:
            self.add("directive", node.content, start, end)  # ```{toctree}, ```{figure}: built, not shown as code
            if myst.group(1).lower() in _MYST_MARKDOWN_BODIES:
                self.body_links(node.content, start)
            return
        if myst is not None and myst.group(1).lower() in _MYST_CODE:
            lang = myst.group(2) or ""  # ```{code-block} python
        self.add("code", node.content, start, end, lang=lang)
        if node.type == "fence":
            self.fences.append((start, node.markup, info))
        if node.type == "fence" and not _closes(self.lines, end - 1, start - 1, node.markup) \
                and not self.container_closes(start, end, _swallowed(node.content, lang)) \
                and "example" not in self.roles:
            # (what an example renders to shows the fence as the example's source leaves it, on purpose or not)
            stray = self.stray_fence(start, node.markup)
            if stray and self.cut_at_margin(stray):
                # `    openstack stack create ...` wrapped so its rest starts at the margin (`tup/openstack/...`):
                # that line ends the list item, its code block with it, and the item's closing fence opens one.
                message = (f"line {stray - 1} starts at the margin inside the code block of the list item above "
                           f"it: it ends the item and its code block, the fence at line {stray} opens another, and "
                           f"the one at line {start} is never closed; indent line {stray - 1} as the block's other "
                           "lines are, or join it to the line above")
                self.problems.append((stray - 1, message))
                return
            if stray:
                message = (f"code fence at line {stray} follows text and opens a code block where one was meant to "
                           f"close: the fences after it pair up wrong, and the one at line {start} is never closed; "
                           "remove the stray fence")
                self.problems.append((stray, message))
                return
            message = f"code fence opened at line {start} is never closed; add a closing {node.markup} line"
            if not any(line.strip() for line in self.lines[end:]) and not _swallowed(node.content, lang):
                # The last block, all of it code: it runs to the end of the page, which shows it as meant.
                message = (f"code fence opened at line {start} is never closed; {FENCE_TO_END}; "
                           f"add a closing {node.markup} line")
            self.problems.append((start, message))

    def container_closes(self, start: int, end: int, swallowed: bool) -> bool:
        """Whether a fence in a `:::` container, a list item or a quote was closed by the end of that container: the
        container's closing line, or text written further left, so the code block ends there and renders as meant.
        A quote's code block ends with the quote (the next line not quoted), as meant unless it took in the quote's
        own text (`swallowed`) or the quote goes on after a blank line (`> code`, a blank line, `> more code`: the
        blank line cut it)."""
        if not 0 < start <= len(self.lines) or end >= len(self.lines):
            return False
        opening, after = self.lines[start - 1], self.lines[end]
        if _CONTAINER_CLOSE.match(after):
            # The closing line of the `:::` container it is in: markdown-it-container (VitePress, VuePress) and
            # remark-directive (Docusaurus, Starlight) end the container there, and the code block with it.
            return True
        if _QUOTED.match(opening):
            resumed = next((line for line in self.lines[end:] if line.strip()), "")
            return not _QUOTED.match(after) and not _QUOTED.match(resumed) and not swallowed
        indent = len(opening) - len(opening.lstrip(" "))
        return indent > 0 and bool(after.strip()) and len(after) - len(after.lstrip(" ")) < indent

    def cut_at_margin(self, stray: int) -> bool:
        """Whether the text line before an indented stray fence starts at the margin, right after a line of an
        indented code block: a code line wrapped out of its list item, not text."""
        if stray < 3:
            return False
        fence, text, above = self.lines[stray - 1], self.lines[stray - 2], self.lines[stray - 3]
        indent = len(fence) - len(fence.lstrip(" "))
        return (indent > 0 and bool(text.strip()) and not text[:1].isspace() and bool(above.strip())
                and len(above) - len(above.lstrip(" ")) >= indent
                and any(line < stray and len(self.lines[line - 1]) - len(self.lines[line - 1].lstrip(" ")) == indent
                        for line, _, _ in self.fences))

    def stray_fence(self, unclosed: int, markup: str) -> int:
        """The line of a bare fence before an unclosed one that was meant to close a block, not open one: it comes
        right after a line of text and a blank line follows it (code rarely starts with one); 0 when there is none."""
        for line, written, info in self.fences:
            if line >= unclosed or info or written[0] != markup[0] or line < 2 or line >= len(self.lines):
                continue
            before, after = self.lines[line - 2].strip(), self.lines[line].strip()
            if before and not before.startswith(written[0] * 3) and not after:
                return line
        return 0

    def html(self, content: str, start: int, end: int) -> None:
        heading = _HTML_HEADING.match(content)
        if heading:  # <h2>Title</h2> is a heading the reader sees; sites built from partials use it
            text = clean(TAG.sub(" ", heading.group(2)))
            self.headings.append((text, int(heading.group(1)), start))
            self.add("heading", text, start, end)
            return
        self.add("comment" if content.lstrip().startswith("<!--") else "html", content, start, end)
        self.html_links(content, start)
        if "div" in content:
            self.divs(content)

    def divs(self, content: str) -> None:
        """Follow the divs an HTML block opens and closes (the markdown between them is walked in between)."""
        for match in _DIV.finditer(content):
            if match.group(0).startswith("</"):
                if self.roles:
                    self.roles.pop()
            elif not match.group(0).endswith("/>"):
                found = _CLASS.search(match.group(1) or "")
                classes = found.group(1).split() if found else []
                self.roles.append(next((role for name, role in _ROLES if name in classes), ""))

    def html_links(self, content: str, line: int) -> None:
        if "<" not in content:
            return
        for match in _HTML_LINK.finditer(content):
            target = match.group(2) or match.group(3) or match.group(4) or ""
            at = line + content.count("\n", 0, match.start())
            self.links.append(Link(target, "", at, image=match.group(1).lower() == "img"))
        for match in _SHORTCODE_LINK.finditer(content):  # `{{< card path="/integrations/dns/" >}}`
            at = line + content.count("\n", 0, match.start())
            self.links.append(Link(match.group(1), "", at))
        for match in _COMPONENT_LINK.finditer(_jsx_props_blanked(content)):
            target = match.group(3) or match.group(4) or match.group(5) or ""
            if match.group(2) == "to" and not match.group(1).endswith("Link") and not _ROUTE_VALUE.match(target):
                continue  # `to` is a link's on a link component (`<Link to>`, `<NavLink to>`), or where it names a
                # route (`<PrimaryCTA to="/deploy">`), not a state (`<Transition to="opacity-0">`)
            self.links.append(Link(target, "", line + content.count("\n", 0, match.start())))
        if "={" in content:
            for match in _OBJECT_PROP_LINK.finditer(content):
                if _ROUTE_VALUE.match(match.group(1)):
                    self.links.append(Link(match.group(1), "", line + content.count("\n", 0, match.start(1))))


def _jsx_props_blanked(content: str) -> str:
    """The text with each prop whose value is markup (`icon={<svg ...>...</svg>}`) blanked, its lines kept: the
    tags in it would hide the props after it (`href="/x"`) from a reading of the component's opening tag."""
    if "={" not in content:
        return content
    out = list(content)
    start = content.find("={")
    while start != -1:
        depth, end = 0, start + 1
        while end < len(content):
            depth += {"{": 1, "}": -1}.get(content[end], 0)
            if depth == 0:
                break
            end += 1
        if "<" in content[start + 2:end]:
            for i in range(start + 2, min(end, len(content))):
                if out[i] != "\n":
                    out[i] = " "
        start = content.find("={", end)
    return "".join(out)


_LISTS = frozenset({"bullet_list", "ordered_list"})


def _inlines(node: SyntaxTreeNode) -> list[SyntaxTreeNode]:
    if node.type == "inline":
        return [node]
    return [inline for child in node.children for inline in _inlines(child)]


def _rows(table: SyntaxTreeNode) -> list[SyntaxTreeNode]:
    return [row for part in table.children for row in part.children if row.type == "tr"]


def _admonition_title(node: SyntaxTreeNode) -> str:
    """An admonition's own title; the bare kind (note, tip) is not the author's words."""
    if node.type == "container_block":
        header = BLOCK_HEADER.fullmatch(node.info.strip())
        return (header.group(2) or "").strip() if header else ""
    if node.type == "container_admonition":
        params = node.info.strip()
        kind = KIND.match(params)
        title = params[kind.end() :] if kind else params
        title = title.strip().strip("[]").strip()
        return "" if title.startswith("{") else title
    for child in node.children:
        if child.type == "admonition_title":
            title = _plain(child).strip()
            tag = node.info.strip().split(maxsplit=1)[0] if node.info.strip() else ""
            return "" if title.lower() == tag.lower() else title
    return ""


# Languages whose comments start with `#`: a `# line` in their code is no Markdown heading.
_HASH_COMMENTS = frozenset({"python", "py", "sh", "bash", "shell", "zsh", "console", "shell-session", "yaml", "yml",
                            "toml", "ruby", "rb", "r", "perl", "dockerfile", "docker", "make", "makefile", "ini",
                            "conf", "nginx", "powershell", "ps1", "text", "txt", "plaintext", "properties", "nix",
                            "elixir", "julia", "coffee", "tcl", "cmake", "gitignore", "diff", "md", "markdown", "mdx"})
# A paragraph of prose after a blank line: a capital, words without code's punctuation, a full stop ("Save.").
_PROSE_LINE = re.compile(r"^[A-Z][^;{}()=<>\[\]`$|\\]*[.!?:]$")
_HEADING_LINE = re.compile(r"^#{1,6}\s+\S")
_MARKUP_LINE = re.compile(r"^(?:</?[A-Z][\w.]*[\s/>]|<!--)")  # a component, a comment: markup that code may hold
_MARKUP_LANGS = frozenset({"md", "markdown", "mdx", "html", "xml", "jsx", "tsx", "vue", "svelte", "astro"})


def _swallowed(content: str, lang: str) -> bool:
    """Whether the code of a fence never closed holds what reads as the page's own text, not code: a paragraph of
    prose after a blank line, a heading (in a language whose comments are not `#` lines), an admonition or a
    component. Such text was meant to be read, and the open fence shows it as code."""
    lines, lang = content.split("\n"), lang.lower()
    for n, line in enumerate(lines):
        stripped = line.strip()
        if not stripped or (n and lines[n - 1].strip()) or line[:1].isspace():
            continue
        if _PROSE_LINE.match(stripped) and lang not in ("text", "txt", "plaintext", "console", "output"):
            return True
        if stripped.startswith(":::") or (_HEADING_LINE.match(stripped) and lang not in _HASH_COMMENTS):
            return True
        if _MARKUP_LINE.match(stripped) and lang not in _MARKUP_LANGS:
            return True
    return False


def _closes(lines: list[str], last: int, first: int, markup: str) -> bool:
    """Whether the last line of a fence's range is its closing fence (markdown-it closes open fences silently)."""
    if last <= first or last >= len(lines):
        return False
    closing = lines[last].lstrip(" \t>").rstrip()
    return len(closing) >= len(markup) and closing == markup[0] * len(closing)
