"""Markdown and MDX source -> Page: blocks, sections, links and prose words with 1-based source lines.

The only module that imports markdown-it.
"""

from __future__ import annotations

import functools
import hashlib
import re
from bisect import bisect_right
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from sitelint import text as words_of
from sitelint.model import PROSE_KINDS, Block, InlineCode, Link, Page, Section
from sitelint.pipeline.mdx import MaskedSource, mask_source, unindent_tabs

if TYPE_CHECKING:  # imported when a page is parsed (_parser, parse_page)
    from markdown_it import MarkdownIt
    from markdown_it.tree import SyntaxTreeNode

# Bump when the same source would give a different Page, so that cached Pages are parsed again.
PARSER_VERSION = 3


_KIND = re.compile(r"[A-Za-z][\w-]*")
_MKDOCSTRINGS = re.compile(r"\s*[A-Za-z_][\w]*(?:\.[\w]+)+\s*$")


def _admonition_kind(params: str, *_: Any) -> bool:
    """Any `:::kind` opens an admonition: Docusaurus and VitePress sites define their own kinds.

    mkdocstrings' `::: package.module` is an API-doc directive that is never closed, not an admonition.
    """
    return _KIND.match(params.strip()) is not None and _MKDOCSTRINGS.match(params) is None


def _markdown(indented_code: bool) -> MarkdownIt:
    from markdown_it import MarkdownIt
    from mdit_py_plugins.admon import admon_plugin
    from mdit_py_plugins.container import container_plugin
    from mdit_py_plugins.deflist import deflist_plugin
    from mdit_py_plugins.footnote import footnote_plugin

    md = (
        MarkdownIt("commonmark")
        .enable(["table", "strikethrough"])
        .use(admon_plugin)
        .use(footnote_plugin)
        .use(deflist_plugin)
        .use(container_plugin, "admonition", validate=_admonition_kind)
    )
    return md if indented_code else md.disable("code")


# Parser configuration only (markdown-it keeps no per-document state on the instance); MDX has no indented code.
@functools.cache
def _parser(mdx: bool) -> MarkdownIt:
    """The parser for Markdown or for MDX, made the first time a page is parsed: a run whose pages all come from the
    cache never imports markdown-it (30 ms)."""
    return _markdown(indented_code=not mdx)

_URL = re.compile(r"(?:https?://|www\.)[^\s<>()\[\]]*[^\s<>()\[\].,;:!?'\"]")
_TAG = re.compile(r"</?[A-Za-z][\w.:-]*(?:\s[^<>]*)?/?>")
_HTML_LINK = re.compile(
    r"<(a|img)\b[^>]*?\s(?:href|src)\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|\{\s*[\"'`]([^\"'`]*)[\"'`]\s*\})", re.I
)
_HTML_HEADING = re.compile(r"\s*<h([1-6])\b[^>]*>(.*?)</h\1>\s*$", re.I)
_HEADING_ID = re.compile(r"\s*\{#[^{}]*\}\s*$")  # Docusaurus/mkdocs explicit anchors: ## Title {#id}
_SPACES = re.compile(r"[ \t]+")
_YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_WRAPPERS = {"list_item": "list_item", "blockquote": "blockquote", "admonition": "admonition"}
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


def _clean(text: str) -> str:
    """Plain prose: no expressions, stray tags or URLs, single spaces, no blank lines."""
    text = _strip_expressions(text)
    if "<" in text:
        text = _TAG.sub(" ", text)
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


class _Builder:
    """Collects one page's blocks, headings, links and inline code while the syntax tree is walked."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.blocks: list[tuple[str, str, int, int, str, tuple[str, ...]]] = []
        self.headings: list[tuple[str, int, int]] = []
        self.links: list[Link] = []
        self.inline_code: list[InlineCode] = []
        self.problems: list[tuple[int, str]] = []

    def add(self, kind: str, text: str, line: int, end: int, lang: str = "", codes: tuple[str, ...] = ()) -> None:
        while end > line and end <= len(self.lines) and not self.lines[end - 1].strip():
            end -= 1  # markdown-it ranges of lists and admonitions take in the blank line after them
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
            if node.type == "container_admonition" and closer.startswith(":::"):
                end += 1  # the container plugin leaves the closing ::: out of the range
            title = _admonition_title(node)
            text = "\n".join(part for part in (title, text) if part)
        if kind == "list_item":
            ends = [child.map[1] for child in node.children if child.map and child.type not in _LISTS]
            end = max(ends, default=start)
        self.add(kind, text, start, end, codes=codes)
        self.walk([child for child in node.children if child.type not in ("paragraph", "admonition_title")], start)

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
        return _clean("".join(parts)), tuple(codes)

    def inline(self, node: SyntaxTreeNode, line: list[int], parts: list[str], codes: list[str], in_link: bool) -> None:
        """Walk an inline run; line holds the source line reached, moved on at each line break of the run."""
        for child in node.children:
            kind = child.type
            if kind == "text":
                text = child.content
                if not in_link and ("://" in text or "www." in text):
                    for url in _URL.findall(text):
                        self.links.append(Link(url, "", line[0]))
                    text = _URL.sub(" ", text)
                parts.append(text)
            elif kind == "softbreak" or kind == "hardbreak":
                parts.append("\n")
                line[0] += 1
            elif kind == "code_inline":
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
        self.add("code", node.content, start, end, lang=lang)
        if node.type == "fence" and not _closes(self.lines, end - 1, start - 1, node.markup):
            message = f"code fence opened at line {start} is never closed; add a closing {node.markup} line"
            self.problems.append((start, message))

    def html(self, content: str, start: int, end: int) -> None:
        heading = _HTML_HEADING.match(content)
        if heading:  # <h2>Title</h2> is a heading the reader sees; sites built from partials use it
            text = _clean(_TAG.sub(" ", heading.group(2)))
            self.headings.append((text, int(heading.group(1)), start))
            self.add("heading", text, start, end)
            return
        self.add("comment" if content.lstrip().startswith("<!--") else "html", content, start, end)
        self.html_links(content, start)

    def html_links(self, content: str, line: int) -> None:
        if "<" not in content:
            return
        for match in _HTML_LINK.finditer(content):
            target = match.group(2) or match.group(3) or match.group(4) or ""
            at = line + content.count("\n", 0, match.start())
            self.links.append(Link(target, "", at, image=match.group(1).lower() == "img"))


_LISTS = frozenset({"bullet_list", "ordered_list"})


def _inlines(node: SyntaxTreeNode) -> list[SyntaxTreeNode]:
    if node.type == "inline":
        return [node]
    return [inline for child in node.children for inline in _inlines(child)]


def _rows(table: SyntaxTreeNode) -> list[SyntaxTreeNode]:
    return [row for part in table.children for row in part.children if row.type == "tr"]


def _admonition_title(node: SyntaxTreeNode) -> str:
    """An admonition's own title; the bare kind (note, tip) is not the author's words."""
    if node.type == "container_admonition":
        params = node.info.strip()
        kind = _KIND.match(params)
        title = params[kind.end() :] if kind else params
        title = title.strip().strip("[]").strip()
        return "" if title.startswith("{") else title
    for child in node.children:
        if child.type == "admonition_title":
            title = _plain(child).strip()
            tag = node.info.strip().split(maxsplit=1)[0] if node.info.strip() else ""
            return "" if title.lower() == tag.lower() else title
    return ""


def _closes(lines: list[str], last: int, first: int, markup: str) -> bool:
    """Whether the last line of a fence's range is its closing fence (markdown-it closes open fences silently)."""
    if last <= first or last >= len(lines):
        return False
    closing = lines[last].lstrip(" \t>").rstrip()
    return len(closing) >= len(markup) and closing == markup[0] * len(closing)


def _front_matter(masked: MaskedSource, problems: list[tuple[int, str]]) -> dict[str, Any]:
    if masked.front_matter is None:
        return {}
    try:
        data = yaml.load(masked.front_matter, Loader=_YAML_LOADER)  # noqa: S506 - a safe loader
    except Exception as exc:  # noqa: BLE001 - besides YAMLError: ValueError for 2024-02-30, RecursionError
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 2 if mark is not None else 1
        reason = getattr(exc, "problem", None) or (str(exc).splitlines() or [type(exc).__name__])[0]
        problems.append((line, f"front matter is not valid YAML: {reason}; fix it or remove it"))
        return {}
    if data is None:
        return {}
    if not isinstance(data, dict):
        problems.append((1, f"front matter is a YAML {type(data).__name__}, not a mapping of keys to values; fix it"))
        return {}
    return data


def _sections(headings: list[tuple[str, int, int]], line_count: int) -> tuple[Section, ...]:
    sections: list[Section] = []
    for index, (title, level, line) in enumerate(headings):
        end = next((h[2] - 1 for h in headings[index + 1 :] if h[1] <= level), line_count)
        parent = next((j for j in range(index - 1, -1, -1) if headings[j][1] < level), -1)
        sections.append(Section(title, level, line, max(line, end), parent))
    return tuple(sections)


def parse_page(path: str, abspath: Path, source: str, variant: str = "") -> Page:
    """The Page model of one Markdown or MDX source; input the parser cannot model becomes a problem, not an error."""
    text = source.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    line_count = len(lines) - 1 if text.endswith("\n") else len(lines) if text else 0
    mdx = path.endswith(".mdx")
    try:
        if not mdx:
            lines = unindent_tabs(lines)
        masked = mask_source(lines, mdx=mdx)
        if not mdx and _mdx_flavoured(masked, lines):
            mdx = True  # Docusaurus reads .md as MDX: no indented code, lowercase tags are JSX too
            masked = mask_source(lines, mdx=True)
        builder = _Builder(lines)
        builder.problems.extend(masked.problems)
        for kind, start, end in masked.regions:
            region = "\n".join(lines[start - 1 : end])
            builder.add(kind, region, start, end)
            if kind == "jsx":
                builder.html_links(region, start)
        from markdown_it.tree import SyntaxTreeNode

        tree = SyntaxTreeNode(_parser(mdx).parse("\n".join(masked.lines)))
        builder.walk(tree.children, 1)
    except Exception as exc:  # noqa: BLE001 - a page the parser cannot model must still be linted as text
        builder = _Builder(lines)
        reason = f"{type(exc).__name__}: {exc}"
        builder.problems.append((1, f"the page could not be parsed as Markdown ({reason}); it is read as plain text"))
        masked = MaskedSource(lines, (), None, ())
        _plain_text(builder, lines)
    front_matter = _front_matter(masked, builder.problems)
    sections = _sections(sorted(builder.headings, key=lambda h: h[2]), line_count)
    heading_lines = [s.line for s in sections]
    blocks = tuple(
        Block(kind, body, line, end, bisect_right(heading_lines, line) - 1, lang, codes)
        for kind, body, line, end, lang, codes in sorted(builder.blocks, key=lambda b: (b[2], -b[3]))
    )
    h1 = next((s.title for s in sections if s.level == 1), "")
    fm_title = front_matter.get("title")
    title = str(fm_title).strip() if isinstance(fm_title, (str, int, float)) and str(fm_title).strip() else h1
    return Page(
        path=path,
        abspath=abspath,
        source=source,
        front_matter=front_matter,
        title=title or Path(path).stem,
        sections=sections,
        blocks=blocks,
        links=tuple(sorted(builder.links, key=lambda link: link.line)),
        inline_code=tuple(sorted(builder.inline_code, key=lambda code: code.line)),
        words=sum(words_of.count(b.text) for b in blocks if b.kind in PROSE_KINDS),
        content_hash=hashlib.sha256(source.encode("utf-8", "surrogatepass")).hexdigest(),
        line_count=line_count,
        problems=tuple(sorted(builder.problems)),
        variant=variant,
    )


def _mdx_flavoured(masked: MaskedSource, lines: list[str]) -> bool:
    """Whether a .md page uses MDX: it imports modules or holds component tags outside code."""
    return any(
        kind == "esm" or (kind == "jsx" and lines[start - 1].lstrip().startswith("<"))
        for kind, start, _ in masked.regions
    )


def _plain_text(builder: _Builder, lines: list[str]) -> None:
    """Fallback model: every run of non-blank lines is a paragraph."""
    start = 0
    for index, line in enumerate([*lines, ""]):
        if not line.strip():
            if start < index:
                builder.add("paragraph", _clean("\n".join(lines[start:index])), start + 1, index)
            start = index + 1
