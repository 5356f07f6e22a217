"""Markdown and MDX source -> Page: blocks, sections, links and prose words with 1-based source lines.

The only module that imports markdown-it.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import re
from bisect import bisect_right
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from sitelint import text as words_of
from sitelint.model import PLAIN_FRONT_MATTER, PROSE_KINDS, TOML_IN_YAML_FENCES, Block, Page, Section
from sitelint.pipeline.blocks import BLOCK_HEADER, KIND, Builder, clean
from sitelint.pipeline.mdx import (
    MaskedSource,
    blank_block_options,
    close_html_at_tags,
    close_vue_components,
    mask_source,
    unindent_containers,
)

if TYPE_CHECKING:  # imported when a page is parsed (_parser, parse_page)
    from markdown_it import MarkdownIt
    from markdown_it.rules_block import StateBlock

# Bump when the same source would give a different Page (its blocks, or the type pagetypes gives it), so that
# cached Pages are parsed again.
PARSER_VERSION = 133


_YAML = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_MKDOCSTRINGS = re.compile(r"\s*[A-Za-z_][\w]*(?:\.[\w]+)+\s*$")


def _admonition_kind(params: str, *_: Any) -> bool:
    """Any `:::kind` opens an admonition: Docusaurus and VitePress sites define their own kinds.

    mkdocstrings' `::: package.module` is an API-doc directive that is never closed, not an admonition.
    """
    return KIND.match(params.strip()) is not None and _MKDOCSTRINGS.match(params) is None


def _pymdown_block(params: str, *_: Any) -> bool:
    """pymdownx.blocks' `/// name | title`: a callout (`/// note`, `/// details`, a site's own `/// new`) or a block
    of structure (`/// tab`, `/// html | div.result`), closed by a `///` line."""
    return BLOCK_HEADER.fullmatch(params.strip()) is not None


def _markdown(indented_code: bool, deep_fences: bool = False) -> MarkdownIt:
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
        .use(container_plugin, "block", marker="/", validate=_pymdown_block)
    )
    original = next(rule.fn for rule in md.block.ruler.__rules__ if rule.name == "deflist")
    md.block.ruler.at("deflist", _deflist_to_a_heading(original), {"alt": ["paragraph", "reference", "blockquote"]})
    if indented_code:
        return md
    # (`at` replaces a rule's options too: the rules a paragraph gives way to are named again)
    md.block.ruler.at("html_block", _mdx_html_block, {"alt": ["paragraph", "reference", "blockquote"]})
    if deep_fences:  # a page MDX reads (not a .md page with tags in it, which its framework may read as CommonMark)
        md.block.ruler.at("fence", _mdx_fence, {"alt": ["paragraph", "reference", "blockquote", "list"]})
        md.block.ruler.at("paragraph", _mdx_paragraph)
    return md.disable("code")


_ATX_LINE = re.compile(r"#{1,6}(?:[ \t]|$)")


def _deflist_to_a_heading(rule: Any) -> Any:
    """A definition list that ends at the next heading: its plugin takes any line above a `:` line for its next term,
    a heading too (`#### Long press` over `:    There are two ...`), where Python-Markdown's def_list (MkDocs) and
    other renderers keep the heading and define nothing by it."""

    def deflist(state: StateBlock, start: int, end: int, silent: bool) -> bool:
        fence = ""  # the fence of a code block the definition holds, whose `# comment` lines are no headings
        for line in range(start + 1, end):
            at = state.bMarks[line] + state.tShift[line]
            opened = _FENCE_OPENER.match(state.src, at)
            if fence:
                if opened and opened.group(0)[0] == fence[0] and len(opened.group(0)) >= len(fence):
                    fence = ""
                continue
            if opened and state.sCount[line] - state.blkIndent < 4:
                fence = opened.group(0)
                continue
            if state.sCount[line] - state.blkIndent < 4 and _ATX_LINE.match(state.src, at):
                end = line
                break
        return bool(rule(state, start, end, silent))
    return deflist


_FENCE_OPENER = re.compile(r"(?:`{3,}(?!.*`)|~{3,})")


def _fence_opener(state: StateBlock, line: int) -> bool:
    return _FENCE_OPENER.match(state.src, state.bMarks[line] + state.tShift[line]) is not None


def _mdx_fence(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """MDX has no indented code, so a fence indented four spaces or more (in a component's children) is a fence, and
    its closing fence may be indented as deep or less (``` at the margin, as micromark reads it): read as if both
    stood at the block's own indent."""
    from markdown_it.rules_block import fence

    if state.sCount[start] - state.blkIndent < 4 or not _fence_opener(state, start):
        return fence(state, start, end, silent)
    opener = state.src[state.bMarks[start] + state.tShift[start] : state.eMarks[start]]
    marker = opener[0] * (len(opener) - len(opener.lstrip(opener[0])))
    moved = {start: state.sCount[start]}
    for line in range(start + 1, end):
        text = state.src[state.bMarks[line] + state.tShift[line] : state.eMarks[line]].rstrip()
        if text.startswith(marker) and text == marker[0] * len(text):
            moved[line] = state.sCount[line]
            break
    deeper = state.sCount[start] - state.blkIndent
    try:
        for line in moved:
            state.sCount[line] = min(state.sCount[line], state.blkIndent)
        found = fence(state, start, end, silent)
        if found and not silent and state.tokens and state.tokens[-1].type == "fence":
            token = state.tokens[-1]  # its lines without the indent the fence had
            token.content = re.sub(rf"(?m)^[ ]{{1,{deeper}}}", "", token.content)
        return found
    finally:
        for line, count in moved.items():
            state.sCount[line] = count


def _mdx_paragraph(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """A paragraph that an indented fence ends, as MDX reads it (CommonMark takes a line indented four spaces after
    a paragraph's line for more of the paragraph, whatever it holds)."""
    from markdown_it.rules_block import paragraph

    lowered: dict[int, int] = {}
    line = start + 1
    while line < end and not state.isEmpty(line):
        if state.sCount[line] - state.blkIndent > 3 and _fence_opener(state, line):
            lowered[line] = state.sCount[line]
            state.sCount[line] = state.blkIndent + 3
            break
        line += 1
    try:
        return paragraph(state, start, end, silent)
    finally:
        for line, count in lowered.items():
            state.sCount[line] = count


_RAW_HTML = re.compile(r"<(?:!--|(?:script|pre|style|textarea)\b)", re.IGNORECASE)


def _mdx_html_block(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """MDX's reading of an HTML block: a tag is a JSX element, and a fenced code block right under it (a `<summary>`
    line, then the fence a `<details>` holds) is code, where CommonMark's HTML block would run on to a blank line,
    take in the fence's first lines and leave the rest of it to be read as Markdown."""
    from markdown_it.rules_block import html_block

    first = state.src[state.bMarks[start] + state.tShift[start] : state.eMarks[start]]
    if silent and not first.startswith("<!--"):
        return False  # a tag after a paragraph's line is JSX inside it; a comment ends it (hidden either way)
    if not silent and not _RAW_HTML.match(first):
        for line in range(start + 1, end):
            text = state.src[state.bMarks[line] + state.tShift[line] : state.eMarks[line]]
            if not text:
                break
            if text.startswith(("```", "~~~")):
                end = line
                break
    return html_block(state, start, end, silent)


# Parser configuration only (markdown-it keeps no per-document state on the instance); MDX has no indented code.
@functools.cache
def _parser(mdx: bool, deep_fences: bool = False) -> MarkdownIt:
    """The parser for Markdown or for MDX, made the first time a page is parsed: a run whose pages all come from the
    cache never imports markdown-it (30 ms)."""
    return _markdown(indented_code=not mdx, deep_fences=mdx and deep_fences)

# Front matter is a few dozen values; YAML aliases can make a few hundred bytes stand for billions of them, and
# nesting deeper than Python's recursion limit breaks every walk over the values.
MAX_FRONT_MATTER_VALUES = 100_000
MAX_FRONT_MATTER_DEPTH = 50
_YAML_OPENERS = frozenset("[{\"'|>&*!")
_PLAIN_LINE = re.compile(r"([A-Za-z_][\w-]*)[ \t]*:(?:[ \t]+(.*))?")


def _bracketed_text(value: str) -> bool:
    """A value in braces or brackets that is no YAML collection, one value with no comma or `key: value` in it: a
    template tag as a page's title (`{#if ...}`, `{@html ...}`), which a site's own front-matter reader takes as
    text."""
    return value[:1] in "{[" and value[-1:] == {"{": "}", "[": "]"}[value[0]] and "," not in value and not re.search(
        r":(?:\s|$)", value)


def _plain_lines(front_matter: str) -> dict[str, str] | None:
    """Front matter of one `key: value` per line, no nesting, read as strings; None when it is not that."""
    data: dict[str, str] = {}
    for line in front_matter.split("\n"):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = _PLAIN_LINE.fullmatch(line.rstrip())
        value = (match.group(2) or "").strip() if match else ""
        if match is None or (value[:1] in _YAML_OPENERS and not _bracketed_text(value)):
            return None  # a flow list, a quote or a block scalar that YAML could not close: YAML was meant
        data[match.group(1)] = value
    return data or None


class _JsKeysLoader(yaml.SafeLoader):
    """YAML read as js-yaml reads a key that is a list: as its text (`[//]` is the key `//`). A mapping as a key is
    still an error: js-yaml's `[object Object]` is no key a page means."""

    def construct_mapping(self, node: yaml.Node, deep: bool = False) -> dict[Any, Any]:
        if isinstance(node, yaml.MappingNode):
            self.flatten_mapping(node)
        mapping: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = self.construct_object(key_node, deep=True)
            if isinstance(key, list):
                key = ",".join(str(k) for k in key)
            elif isinstance(key, dict):  # `title: {{ title }}`: a template's placeholder, no title to read
                raise yaml.constructor.ConstructorError(None, None, "found unhashable key", key_node.start_mark)
            mapping[key] = self.construct_object(value_node, deep=deep)
        return mapping


def _js_keys(front_matter: str) -> dict[str, Any]:
    data = yaml.load(front_matter, Loader=_JsKeysLoader)  # noqa: S506 - a SafeLoader, its keys as js-yaml's
    return data if isinstance(data, dict) else {}


_FLOW_COLON_WORD = re.compile(r"(?<=[\[,])([ \t]*)(:[\w$-][^\s,\]\}\"']*)(?=[ \t]*[,\]])")


def _front_matter(masked: MaskedSource, problems: list[tuple[int, str]]) -> dict[str, Any]:
    if masked.front_matter is None:
        return {}
    if masked.toml:
        import tomllib  # only a page with TOML front matter needs it

        try:
            return tomllib.loads(masked.front_matter)
        except tomllib.TOMLDecodeError as exc:
            problems.append((1, f"front matter is not valid TOML: {exc}; fix it or remove it"))
            return {}
    loader = _YAML(masked.front_matter)
    try:
        node = loader.get_single_node()
        size, depth = _expanded_size(node)
        if size > MAX_FRONT_MATTER_VALUES:
            problems.append((1, f"front matter expands to more than {MAX_FRONT_MATTER_VALUES:,} values through YAML "
                                "aliases (&anchor, *alias); it is ignored: write the values out"))
            return {}
        if depth > MAX_FRONT_MATTER_DEPTH:
            problems.append((1, f"front matter nests deeper than {MAX_FRONT_MATTER_DEPTH} levels; it is ignored: "
                                "flatten it"))
            return {}
        data = loader.construct_document(node) if node is not None else None
    except Exception as exc:  # noqa: BLE001 - besides YAMLError: ValueError for 2024-02-30, RecursionError
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 2 if mark is not None else 1
        reason = getattr(exc, "problem", None) or (str(exc).splitlines() or [type(exc).__name__])[0]
        if isinstance(exc, yaml.constructor.ConstructorError) and "unhashable key" in str(exc):
            # A key written as a list (`[//]: # (a comment)`, Markdown's comment line kept in front matter): a
            # JavaScript build's reader (js-yaml) takes its text as the key; PyYAML cannot.
            try:
                return _js_keys(masked.front_matter)
            except yaml.YAMLError:
                pass
        # Only text YAML could not even scan: a value it read but could not build (2024-02-30) was meant as YAML.
        scanned = isinstance(exc, yaml.YAMLError) and not isinstance(exc, yaml.constructor.ConstructorError)
        # YAML 1.2, as a JavaScript build reads it (js-yaml), takes a word that starts with a colon inside brackets
        # (`- [services, :serviceId, operations]`, a route's parameter) as text; PyYAML's 1.1 does not.
        quoted = _FLOW_COLON_WORD.sub(r'\1"\2"', masked.front_matter) if scanned else masked.front_matter
        if quoted != masked.front_matter:
            return _front_matter(dataclasses.replace(masked, front_matter=quoted), problems)
        plain = _plain_lines(masked.front_matter) if scanned else None
        if plain is not None:
            problems.append((line, f"{PLAIN_FRONT_MATTER} ({reason}); a YAML reader fails on it: quote the value"))
            return plain
        problems.append((line, f"front matter is not valid YAML: {reason}; fix it or remove it"))
        return {}
    finally:
        loader.dispose()
    if data is None:
        return {}
    if not isinstance(data, dict):
        if isinstance(data, str) and _toml_table(masked.front_matter):
            # Hugo's TOML (`title = "..."`, `[menu.docs]`) fenced as YAML: the build's YAML reader takes it as one
            # string and ignores its keys.
            problems.append((1, f"{TOML_IN_YAML_FENCES}: a YAML reader takes it as one string and ignores its keys; "
                                "write it as YAML (`title: ...`)"))
            return {}
        problems.append((1, f"front matter is a YAML {type(data).__name__}, not a mapping of keys to values; fix it"))
        return {}
    return data


def _toml_table(text: str) -> bool:
    """Whether text is a TOML table of keys (`title = "Install"`), as Hugo writes front matter."""
    import tomllib  # only a page whose front matter YAML reads as one string needs it

    try:
        return bool(tomllib.loads(text))
    except tomllib.TOMLDecodeError:
        return False


def _expanded_size(root: yaml.Node | None) -> tuple[int, int]:
    """How many values a composed YAML document stands for once every alias is expanded, and how deep it nests,
    counted on the node graph (an alias is the same node object again) without expanding it; the count stops past
    the limit."""
    if root is None:
        return 0, 0
    endless = (MAX_FRONT_MATTER_VALUES + 1, MAX_FRONT_MATTER_DEPTH + 1)
    sizes: dict[int, tuple[int, int]] = {}
    open_: set[int] = set()  # nodes whose values are being counted: meeting one again is a recursive alias
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if id(node) in sizes:
            continue
        kids = _children(node)
        if not children_done and id(node) in open_:
            return endless  # `a: &a [*a]` stands for values without end
        if children_done or not kids:
            open_.discard(id(node))
            total = 1 + sum(sizes.get(id(kid), (0, 0))[0] for kid in kids)
            depth = 1 + max((sizes.get(id(kid), (0, 0))[1] for kid in kids), default=0)
            sizes[id(node)] = (min(total, MAX_FRONT_MATTER_VALUES + 1), depth)
            continue
        open_.add(id(node))
        stack.append((node, True))
        stack.extend((kid, False) for kid in kids if id(kid) not in sizes)
    return sizes[id(root)]


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _sections(headings: list[tuple[str, int, int]], line_count: int) -> tuple[Section, ...]:
    """Each heading's section: it ends before the next heading of its level or higher, and its parent is the nearest
    heading above it of a higher level (one pass, a stack of the open headings: 100,000 headings stay linear)."""
    ends = [line_count] * len(headings)
    parents = [-1] * len(headings)
    open_: list[int] = []  # indexes of headings whose sections are still open, levels strictly increasing
    for index, (_, level, line) in enumerate(headings):
        while open_ and headings[open_[-1]][1] >= level:
            ends[open_.pop()] = line - 1
        parents[index] = open_[-1] if open_ else -1
        open_.append(index)
    return tuple(Section(title, level, line, max(line, ends[i]), parents[i])
                 for i, (title, level, line) in enumerate(headings))


def parse_page(path: str, abspath: Path, source: str, variant: str = "", md_as_mdx: bool = False,
               html_ends: str = "") -> Page:
    """The Page model of one Markdown or MDX source; input the parser cannot model becomes a problem, not an error.
    With `md_as_mdx` a .md page is read as MDX, as Docusaurus reads it (no indented code, tags and braces are JSX);
    `html_ends` says where a block of HTML ends other than at a blank line: "kramdown" at its closing tag, as
    Jekyll's kramdown ends it; "vue" at a Vue component's tag, as VuePress and VitePress end it."""
    text = source.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    line_count = len(lines) - 1 if text.endswith("\n") else len(lines) if text else 0
    mdx = read_as_mdx = path.endswith(".mdx") or (md_as_mdx and path.endswith(".md"))
    try:
        if not mdx:
            lines = blank_block_options(unindent_containers(lines))
            if html_ends == "kramdown":
                lines = close_html_at_tags(lines)
            elif html_ends == "vue":
                lines = close_vue_components(lines)
        lines = _unwrap_mdx_code_blocks(lines)
        myst = not mdx and _myst_flavoured(lines)
        masked = mask_source(lines, mdx=mdx, myst=myst)
        if not mdx and _mdx_flavoured(masked, lines):
            mdx = True  # Docusaurus reads .md as MDX: no indented code, lowercase tags are JSX too
            masked = mask_source(lines, mdx=True)
        from markdown_it.tree import SyntaxTreeNode

        builder = Builder(lines, lambda text: SyntaxTreeNode(_parser(False).parse(text)))
        builder.problems.extend(masked.problems)
        for kind, start, end in masked.regions:
            region = "\n".join(lines[start - 1 : end])
            builder.add(kind, region, start, end)
            if kind == "jsx":
                builder.html_links(region, start)
        tree = SyntaxTreeNode(_parser(mdx, deep_fences=read_as_mdx).parse("\n".join(masked.lines)))
        builder.walk(tree.children, 1)
    except Exception as exc:  # noqa: BLE001 - a page the parser cannot model must still be linted as text
        builder = Builder(lines)
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
    blocks = _preformatted(blocks)
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


_PRE_OPENS = re.compile(r"\s*<pre\b", re.I)
_PRE_CLOSES = re.compile(r"</pre\s*>", re.I)


def _preformatted(blocks: tuple[Block, ...]) -> tuple[Block, ...]:
    """The blocks between a `<pre>` tag and its `</pre>`, each on lines of their own (MDX reads what is between as
    Markdown, a sample email's lines as a paragraph), as what they are: preformatted text shown as written, an
    example, not the author's prose."""
    spans: list[tuple[int, int]] = []
    opened = 0
    for b in blocks:
        if b.kind not in ("jsx", "html"):
            continue
        if not opened and _PRE_OPENS.match(b.text) and not _PRE_CLOSES.search(b.text):
            opened = b.end_line
        elif opened and _PRE_CLOSES.search(b.text):
            spans.append((opened, b.line))
            opened = 0
    if not spans:
        return blocks
    return tuple(dataclasses.replace(b, kind="example") if b.kind in PROSE_KINDS and any(
        start < b.line and b.end_line < end for start, end in spans) else b for b in blocks)


_MDX_CODE_BLOCK = re.compile(r"^ {0,3}(`{3,}|~{3,})mdx-code-block\s*$")


def _unwrap_mdx_code_blocks(lines: list[str]) -> list[str]:
    """Docusaurus reads a ```` ```mdx-code-block ```` fence's body as MDX (imports, components, Markdown), not as
    code: its fence lines are blanked, so its body is read as the page's own (line numbers kept). One inside another
    fence is that block's code."""
    if not any("mdx-code-block" in line for line in lines):
        return lines
    out = list(lines)
    index, fence = 0, ""
    while index < len(out):
        line = out[index]
        opened = _FENCE_LINE.match(line)
        if fence:
            if _closes_fence(line, fence):
                fence = ""
        elif (mdx_block := _MDX_CODE_BLOCK.match(line)) is not None:
            width = mdx_block.group(1)
            close = next((k for k in range(index + 1, len(out)) if _closes_fence(out[k], width)), None)
            if close is not None:
                out[index] = out[close] = ""
                index = close
        elif opened:
            fence = opened.group(1)
        index += 1
    return out


_FENCE_LINE = re.compile(r"^\s*(`{3,}|~{3,})(.*)$")


def _closes_fence(line: str, fence: str) -> bool:
    """Whether a line closes a code block opened by `fence`: the same character, at least as many, nothing after."""
    found = _FENCE_LINE.match(line)
    return found is not None and found.group(1)[0] == fence[0] and len(found.group(1)) >= len(fence) \
        and not found.group(2).strip()


_MYST_MARKUP = re.compile(r"(?m)^ {0,3}(?:(?:`{3,}|~{3,}|:{3,})\{[\w:.-]+\}|\([^)\s]+\)=[ \t]*$)")


def _myst_flavoured(lines: list[str]) -> bool:
    """Whether a .md page is MyST (Sphinx's Markdown): it has a `{name}` directive fence or a `(label)=` target."""
    return any(("{" in line or ")=" in line) and _MYST_MARKUP.match(line) for line in lines)


def _mdx_flavoured(masked: MaskedSource, lines: list[str]) -> bool:
    """Whether a .md page uses MDX: it imports modules or holds component tags outside code."""
    return any(
        kind == "esm" or (kind == "jsx" and lines[start - 1].lstrip().startswith("<"))
        for kind, start, _ in masked.regions
    )


def _plain_text(builder: Builder, lines: list[str]) -> None:
    """Fallback model: every run of non-blank lines is a paragraph."""
    start = 0
    for index, line in enumerate([*lines, ""]):
        if not line.strip():
            if start < index:
                builder.add("paragraph", clean("\n".join(lines[start:index])), start + 1, index)
            start = index + 1
