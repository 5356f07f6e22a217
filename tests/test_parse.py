"""The page model: real Markdown/MDX parsing of fixtures, bad input, and whole real corpora."""

from __future__ import annotations

import hashlib
import os
import random
import re
from pathlib import Path

import pytest

from sitelint.model import Block, Page
from sitelint.pipeline.parse import parse_page
from sitelint.pipeline.read import InputProblem, read_source

ROOT = Path(__file__).resolve().parent.parent
PAGES = ROOT / "fixtures" / "pages"
CORPORA = ROOT.parent / "shared" / "corpora"


def load(name: str) -> Page:
    path = PAGES / name
    return parse_page(f"fixtures/pages/{name}", path, read_source(path, 1_000_000))


def parse(source: str, path: str = "docs/page.md") -> Page:
    return parse_page(path, Path(path), source)


def block_at(page: Page, line: int, kind: str | None = None) -> Block:
    found = [b for b in page.blocks if b.line == line and (kind is None or b.kind == kind)]
    assert len(found) == 1, f"expected one block at line {line}, got {found}"
    return found[0]


def kinds(page: Page) -> list[tuple[str, int, int]]:
    return [(b.kind, b.line, b.end_line) for b in page.blocks]


# --- read_source --------------------------------------------------------------------------------------------------


def test_read_source_strips_bom() -> None:
    text = read_source(PAGES / "bom.md", 1000)
    assert text.startswith("# Page with a byte order mark")
    assert parse("".join(text)).title == "Page with a byte order mark"


def test_read_source_empty_file_is_empty_page() -> None:
    page = parse_page("empty.md", PAGES / "empty.md", read_source(PAGES / "empty.md", 1000))
    assert (page.words, page.line_count, page.blocks, page.sections, page.title) == (0, 0, (), (), "empty")
    assert page.content_hash == hashlib.sha256(b"").hexdigest()


def test_read_source_rejects_binary() -> None:
    with pytest.raises(InputProblem, match=r"binary data \(a NUL byte at offset 22\)"):
        read_source(PAGES / "binary.md", 1000)


def test_read_source_names_a_stray_nul_byte_in_a_page_of_text(tmp_path: Path) -> None:
    # A page of UTF-8 text with one NUL byte an editor left at its end: the byte to delete, not a binary file.
    path = tmp_path / "guide.md"
    path.write_bytes(b"# Guide\n\nTune it with a plugin.\x00\n")
    with pytest.raises(InputProblem, match=r"text but for a stray NUL byte \(offset 31, line 3\); delete it"):
        read_source(path, 1000)


def test_read_source_rejects_non_utf8_with_position_and_advice() -> None:
    with pytest.raises(InputProblem) as info:
        read_source(PAGES / "latin1.md", 1000)
    message = str(info.value)
    assert "not valid UTF-8" in message and "byte 0xe9 at offset 19, line 3" in message
    assert "re-encode it as UTF-8" in message
    assert info.value.line == 3


def test_read_source_rejects_utf16(tmp_path: Path) -> None:
    page = tmp_path / "utf16.md"
    page.write_bytes("# Title\n".encode("utf-16"))
    with pytest.raises(InputProblem, match="UTF-16"):
        read_source(page, 1000)


def test_read_source_rejects_oversized_page_naming_the_setting(tmp_path: Path) -> None:
    page = tmp_path / "huge.md"
    page.write_text("word " * 2000)
    with pytest.raises(InputProblem, match=r"10,000 bytes, over the max-page-bytes limit of 5,000"):
        read_source(page, 5000)
    assert read_source(page, 10_000).startswith("word")


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads files whatever their permissions")
def test_read_source_unreadable_file(tmp_path: Path) -> None:
    page = tmp_path / "secret.md"
    page.write_text("# Secret\n")
    page.chmod(0)
    try:
        with pytest.raises(InputProblem, match="permission denied"):
            read_source(page, 1000)
    finally:
        page.chmod(0o644)


def test_read_source_directory_fifo_and_symlink_loop(tmp_path: Path) -> None:
    (tmp_path / "folder.md").mkdir()
    with pytest.raises(InputProblem, match="is a directory, not a page"):
        read_source(tmp_path / "folder.md", 1000)
    os.mkfifo(tmp_path / "pipe.md")
    with pytest.raises(InputProblem, match="not a regular file"):
        read_source(tmp_path / "pipe.md", 1000)
    loop = tmp_path / "loop.md"
    loop.symlink_to(tmp_path / "loop.md")
    with pytest.raises(InputProblem, match="cannot be read .*symbolic links"):
        read_source(loop, 1000)


# --- Docusaurus MDX -----------------------------------------------------------------------------------------------


def test_docusaurus_front_matter_esm_and_title() -> None:
    page = load("docusaurus.mdx")
    assert page.front_matter == {"id": "installation", "title": "Installing the CLI", "sidebar_position": 2}
    assert page.title == "Installing the CLI"
    assert kinds(page)[:4] == [("front_matter", 1, 5), ("esm", 7, 12), ("esm", 14, 14), ("comment", 16, 16)]
    assert page.problems == ()


def test_docusaurus_jsx_lines_are_blocks_and_markdown_inside_tabs_is_parsed() -> None:
    page = load("docusaurus.mdx")
    jsx = [(b.line, b.end_line) for b in page.blocks if b.kind == "jsx"]
    assert jsx == [(22, 22), (23, 23), (31, 31), (32, 32), (40, 40), (41, 41), (58, 61)]
    npm = block_at(page, 25)
    assert (npm.kind, npm.text, npm.inline_code) == ("paragraph", "Install it with npm so that can find it:", ("npx",))
    # MDX has no indented code: the indented line inside the second TabItem is prose
    assert block_at(page, 34).kind == "paragraph"
    assert [(b.line, b.end_line, b.lang) for b in page.code_blocks] == [(27, 29, "bash"), (36, 38, "bash")]
    assert "npm install" in page.code_blocks[0].text


def test_docusaurus_expressions_urls_and_inline_jsx_leave_prose() -> None:
    page = load("docusaurus.mdx")
    assert block_at(page, 18).text == "The command line tool needs Node or newer. Read the release notes first."
    assert block_at(page, 63).text == "Create a file named with new options as below."
    assert block_at(page, 74).text == "If the install fails, see or open an issue."
    assert not any(re.search(r"[{}<>]|https?:", b.text) for b in page.prose_blocks)


def test_docusaurus_admonitions() -> None:
    page = load("docusaurus.mdx")
    note = block_at(page, 43)
    assert (note.kind, note.end_line) == ("admonition", 45)
    assert note.text == "Before you start\nCheck your version with . See for installers."
    assert note.inline_code == ("node --version",)
    tip = block_at(page, 47)
    assert (tip.kind, tip.end_line) == ("admonition", 54)
    assert tip.text == "Faster installs\nEnable the package cache on CI, as described in the caching guide."
    assert [(b.kind, b.text) for b in page.blocks if b.line in (51, 52)] == [
        ("list_item", "Cache the folder."),
        ("list_item", "Key the cache on the lock file."),
    ]


def test_mdc_block_components_and_their_props_are_not_headings() -> None:
    # Nuxt Content: a `---` props block after `::card` would otherwise make the line above it a setext heading.
    page = parse("# Rendering\n\n::card-group\n  ::card\n  ---\n  icon: i-lucide-zap\n  title: Fast\n  ---\n"
                 "  Pages render on the server.\n  ::\n::\n\n## Next\n\nRead on.\n")
    assert [(s.title, s.line) for s in page.sections] == [("Rendering", 1), ("Next", 13)]
    assert [(b.kind, b.line, b.end_line) for b in page.blocks if b.kind == "jsx"] == [("jsx", 3, 3), ("jsx", 4, 8)]
    assert block_at(page, 9).text == "Pages render on the server."
    assert not any("icon" in b.text or b.text.strip() == "::" for b in page.prose_blocks)


def test_mdc_inline_components_are_markup_and_their_to_is_a_link() -> None:
    page = parse("# Errors\n\nThrow it on the server.\n\n"
                 ":read-more{to=\"/docs/api/utils/create-error\" title=\"x\"}\n\n"
                 "The hook runs :link-example{to=\"/docs/examples/hooks\"} once per request, at 10:30{sharp}.\n")
    assert [link.target for link in page.links] == ["/docs/api/utils/create-error", "/docs/examples/hooks"]
    assert not any("read-more" in b.text or "link-example" in b.text for b in page.blocks)
    assert block_at(page, 7).text.startswith("The hook runs once per request")


def test_a_number_ordering_a_file_is_not_in_the_route_a_link_names() -> None:
    from sitelint.checks.duplication.corpus import page_links

    guide = parse("# Errors\n\nSee [createError](/docs/api/utils/create-error).\n", "docs/1.guide/2.errors.md")
    target = parse("# createError\n\nMakes an error.\n", "docs/4.api/3.utils/create-error.md")
    assert page_links([guide, target]) == {"docs/1.guide/2.errors.md": [(3, "docs/4.api/3.utils/create-error.md")]}


def test_myst_directive_fences_are_callouts_tables_of_contents_or_code() -> None:
    page = parse("# Topics\n\n```{note}\n:class: dropdown\nThis part is being written.\n% TODO: say when\n```\n\n"
                 "```{toctree}\n:maxdepth: 1\n\ncaching\n```\n\n```{code-block} python\nimport pip\n```\n\n"
                 "```{r}\nsummary(cars)\n```\n")
    assert [(b.kind, b.line, b.lang) for b in page.blocks if b.kind != "heading"] == [
        ("admonition", 3, ""), ("directive", 9, ""), ("code", 15, "python"), ("code", 19, "r")]
    assert block_at(page, 3).text == "This part is being written."  # its option and `% comment` lines are not


def test_a_myst_page_s_comments_and_colon_fenced_directives() -> None:
    source = ("(topics)=\n# Topics\n\n% TODO: uncomment once the extension is released\n% ## Diagrams\n\n"
              ":::{note}\n:class: dropdown\nThis part explains the cache.\n:::\n\n"
              "::::{tab-set}\n:::{tab-item} Linux\nRun the installer.\n:::\n::::\n\n"
              "::::{myst-example}\n## A heading\n\n## A heading\n::::\n\n## Next\n\nMore.\n")
    page = parse(source)
    # A target and a comment are no prose, nor is the heading a comment comments out; a callout's and a tab's bodies
    # are prose without their fences and options; an extension's own directive is built from its body, whose headings
    # are no sections.
    assert [(b.kind, b.line) for b in page.blocks if b.kind not in ("heading",)] == [
        ("directive", 1), ("comment", 4), ("comment", 5), ("paragraph", 9), ("paragraph", 14), ("directive", 18),
        ("paragraph", 26)]
    assert [s.title for s in page.sections] == ["Topics", "Next"]
    assert block_at(page, 9).text == "This part explains the cache."
    assert "TODO" not in " ".join(b.text for b in page.blocks if b.kind == "paragraph")
    # A page with no MyST markup (no `{name}` fence, no target) is read as before: a `%` line is text.
    plain = parse("# Rates\n\n% of users who stay\n\n## Churn\n\nText.\n")
    assert [s.title for s in plain.sections] == ["Rates", "Churn"]
    assert block_at(plain, 3).text == "% of users who stay"


def test_docusaurus_sections_tables_and_links() -> None:
    page = load("docusaurus.mdx")
    assert [(s.title, s.level, s.line, s.end_line, s.parent) for s in page.sections] == [
        ("Install the package", 2, 20, 55, -1),
        ("Configure it", 2, 56, 74, -1),
        ("Troubleshooting", 3, 72, 74, 1),
    ]
    assert [b.section for b in page.blocks if b.line in (18, 25, 63, 74)] == [-1, 0, 1, 2]
    table = block_at(page, 65)
    assert (table.kind, table.end_line) == ("table", 68)
    assert table.text == "Option\nMeaning\nWhere the sources live\nRebuild on change"
    assert table.inline_code == ("root", "watch")
    assert [(link.target, link.text, link.line, link.image) for link in page.links] == [
        ("./releases.md", "release notes", 18, False),
        ("https://nodejs.org/en/download", "https://nodejs.org/en/download", 44, False),
        ("/docs/ci#caching", "caching guide", 49, False),
        ("/img/architecture.png", "Architecture diagram", 70, True),
        ("https://example.com/help", "", 74, False),
    ]
    assert [(c.text, c.line) for c in page.inline_code] == [
        ("npx", 25),
        ("node --version", 44),
        ("node_modules", 51),
        ("example.config.js", 63),
        ("root", 67),
        ("watch", 68),
    ]


def test_docusaurus_words_count_prose_only() -> None:
    page = load("docusaurus.mdx")
    prose = " ".join(b.text for b in page.prose_blocks)
    assert page.words == len(re.findall(r"\w[\w'-]*", prose))
    for absent in ("npm install", "minimumNode", "sidebar_position", "Keep this page", "nodejs", "Highlight"):
        assert absent not in prose
    assert 80 < page.words < 100


# --- mkdocs and CommonMark ----------------------------------------------------------------------------------------


def test_mkdocs_admonitions_deflist_footnote_and_indented_code() -> None:
    page = load("mkdocs.md")
    assert [(b.line, b.end_line, b.text) for b in page.blocks if b.kind == "admonition"] == [
        (5, 8, "Where pages live\nPages live in the folder.\nSubfolders become sections of the navigation."),
        (10, 11, "Files whose names start with a dot are skipped."),
        (13, 14, "Collapsed by default\nReaders open this block to see the hint."),
    ]
    assert block_at(page, 16).text == "Configuration file"
    assert block_at(page, 17).text == "The file at the root of the project."
    code = block_at(page, 21)
    assert (code.kind, code.end_line, code.lang, code.text) == ("code", 23, "", "mkdocs.yml\ndocs/\n    index.md\n")
    assert block_at(page, 25).kind == "comment"
    assert block_at(page, 33).text == "The site is plain HTML and can be hosted anywhere."
    assert [(link.target, link.line) for link in page.links] == [
        ("index.md", 29),
        ("user-guide/configuration.md#nav", 29),
    ]


def test_a_heading_after_a_definition_list_is_a_heading_even_over_a_definition_line() -> None:
    # `#### Long press` right after a definition list, with `:    There are ...` under it: Python-Markdown keeps the
    # heading (its id is linked to); the definition list's plugin took the line for its next term.
    source = ("# Buttons\n\n`6 short presses`\n:    Start the Wi-Fi manager.\n\n#### `Long press`\n"
              ":    There are two functions, by how long it is held.\n\n## Topics\n\nText.\n")
    page = parse_page("docs/buttons.md", Path("/site/docs/buttons.md"), source)
    assert [(s.line, s.title) for s in page.sections] == [(1, "Buttons"), (6, "Long press"), (9, "Topics")]
    assert block_at(page, 4).text == "Start the Wi-Fi manager."


def test_pymdown_blocks_are_callouts_and_blocks_of_structure() -> None:
    # pymdownx.blocks: `/// name | title` closed by `///` (more slashes around nested ones), options indented under
    # the header. A callout of any name is an admonition with its title; tabs hold plain blocks; `/// html |
    # div.result` holds what an example renders to, whose fence left open is the example's, not the page's.
    page = parse(
        "# Blocks\n\nIntro.\n\n/// new | New in 7.0\nStarting in 7.0, the base logic can be replaced.\n///\n\n"
        "/// admonition | Careful\n    type: warning\n    attrs: {class: wide}\n\nBody of the callout.\n///\n\n"
        "//// tab | First\nTab text.\n\n/// note\nA note in the tab.\n///\n////\n\n"
        "/// html | div.result\nThis will not.\n\n> ```\n> Test\n\n> Test\n> ```\n///\n\nAfter.\n"
    )
    kinds = [(b.kind, b.line, b.end_line, b.text) for b in page.blocks if b.kind not in ("heading", "code")]
    assert kinds == [
        ("paragraph", 3, 3, "Intro."),
        ("admonition", 5, 7, "New in 7.0\nStarting in 7.0, the base logic can be replaced."),
        ("admonition", 9, 14, "Careful\nBody of the callout."),
        ("paragraph", 17, 17, "Tab text."),
        ("admonition", 19, 21, "A note in the tab."),
        ("example", 25, 25, "This will not."),
        ("example", 27, 28, ""),
        ("example", 30, 31, "Test"),
        ("paragraph", 34, 34, "After."),
    ]
    assert not [b for b in page.blocks if b.kind == "code" and "type:" in b.text]  # options are not code
    assert page.problems == ()
    # The same open fence on the page itself is reported.
    assert parse("# Quotes\n\n> ```\n> Test\n\n> Test\n> ```\n").problems
    # A header no `///` line closes is a line of prose, not a block taking in the rest of the page; headers and
    # options shown in a code block stay code.
    loose = parse("# Doc comments\n\n/// note\nWrite them above the item.\n\n## Next\n\nMore.\n")
    assert [(b.kind, b.line, b.text) for b in loose.blocks if b.kind == "paragraph"] == [
        ("paragraph", 3, "/// note\nWrite them above the item."), ("paragraph", 8, "More.")]
    shown = parse("# Syntax\n\n```text\n/// admonition | Title\n    type: warning\n\nBody.\n///\n```\n")
    assert [b.text for b in shown.blocks if b.kind == "code"] == [
        "/// admonition | Title\n    type: warning\n\nBody.\n///\n"]


def test_a_myst_doc_role_is_a_link_to_the_page_it_names() -> None:
    page = parse("# Moved\n\nMoved to {doc}`entry-points`, or see {doc}`the setup guide <guide/setup>`.\n\n"
                 "The `{doc}` role and {ref}`a-label` are not links to pages.\n")
    assert [(link.target, link.text, link.line) for link in page.links] == [
        ("entry-points", "", 3), ("guide/setup", "the setup guide", 3)]
    assert block_at(page, 3).text == "Moved to entry-points, or see the setup guide."
    assert "entry-points" not in [c.text for c in page.inline_code]


def test_markdown_in_html_divs_takes_the_role_of_its_div() -> None:
    page = parse(
        "# Images\n\nFloat an image:\n\n```markdown\n![Title](a.png){ align=left }\n```\n\n"
        '<div class="result" markdown>\n\nText the image floats beside.\n\n'
        "!!! note\n\n    A rendered note.\n\n</div>\n\n"
        '<div class="grid cards" markdown>\n\n-   __[Search](search.md)__\n\n    Find any page.\n\n'
        '<div markdown>\n\nInside a plain div.\n\n</div>\n\n</div>\n\nAfter the grid.\n'
    )
    roles = [(b.kind, b.text) for b in page.blocks if b.kind in ("paragraph", "example", "card", "admonition")]
    assert roles == [
        ("paragraph", "Float an image:"),
        ("example", "Text the image floats beside."),
        ("example", "A rendered note."),
        ("card", "Search\nFind any page."),
        ("card", "Inside a plain div."),  # a div without a role inside the grid is still the grid's
        ("paragraph", "After the grid."),
    ]
    assert page.words == 3 + 4 + 4 + 3  # prose and cards; what an example renders to is not the author's prose


def test_commonmark_blocks_lists_and_quotes() -> None:
    page = load("commonmark.md")
    assert page.title == "Setext title"
    assert [(s.title, s.level, s.line, s.end_line, s.parent) for s in page.sections] == [
        ("Setext title", 1, 1, 47, -1),
        ("Second level", 2, 23, 47, 0),
        ("Deep heading", 4, 43, 44, 1),
        ("Shallow heading", 3, 45, 47, 1),
    ]
    intro = block_at(page, 4)
    assert intro.text == "Intro paragraph with bold, emphasis, struck and that\ncontinues on a second line with a link."
    assert (intro.end_line, intro.inline_code) == (5, ("inline code",))
    items = [(b.line, b.end_line, b.text) for b in page.blocks if b.kind == "list_item"]
    assert items == [
        (7, 7, "First item with"),
        (8, 9, "Nested item\nthat wraps"),
        (10, 10, "Second nested item"),
        (11, 13, "Second item\nwith a second paragraph"),
        (15, 15, "Ordered item"),
        (16, 16, "Ordered item with an image"),
        (21, 21, "a list inside the quote"),
    ]
    quote = block_at(page, 18)
    assert (quote.kind, quote.text) == ("blockquote", "A quoted sentence\nover two lines.")


def test_commonmark_html_comments_and_links() -> None:
    page = load("commonmark.md")
    assert block_at(page, 26).kind == "html"
    assert (block_at(page, 31).kind, block_at(page, 31).end_line) == ("comment", 34)
    assert block_at(page, 37, "comment").text == "<!-- inline comment -->"
    assert block_at(page, 36, "paragraph").text == "Autolink and bare plus\nan inline anchor and text."
    tilde = block_at(page, 39)
    assert (tilde.kind, tilde.end_line, tilde.text) == ("code", 41, "tilde fence\n")
    # Each link on the line it starts on, also inside a paragraph or an HTML block of several lines.
    assert [(link.target, link.line, link.image) for link in page.links] == [
        ("https://example.com/a", 5, False),
        ("logo.svg", 16, True),
        ("https://example.org/raw", 27, False),
        ("raw.png", 28, True),
        ("https://example.net", 36, False),
        ("www.example.info/page", 36, False),
        ("inline.html", 37, False),
    ]
    prose = " ".join(b.text for b in page.prose_blocks)
    assert "multi-line comment" not in prose and "raw link" not in prose and "tilde" not in prose


def test_crlf_lines() -> None:
    page = load("crlf.md")
    assert kinds(page) == [("heading", 1, 1), ("paragraph", 3, 3), ("heading", 5, 5), ("paragraph", 7, 7)]
    assert page.line_count == 7
    # read with its lines ending in `\n`, where they are: the rules' patterns read it as any other page
    assert "\r" not in page.source and page.source.count("\n") == 7


# --- input the parser works around -----------------------------------------------------------------------------


def test_malformed_front_matter_is_a_problem_and_the_body_is_parsed() -> None:
    page = load("bad-front-matter.md")
    assert page.front_matter == {}
    assert page.problems == (
        (4, "front matter is not valid YAML: did not find expected ',' or ']'; fix it or remove it"),
    )
    assert page.title == "Broken front matter"
    assert kinds(page) == [("front_matter", 1, 5), ("heading", 7, 7), ("paragraph", 9, 9)]


def test_front_matter_values_yaml_cannot_build_are_problems() -> None:
    page = parse("---\ndate: 2024-02-30\n---\n# Dated\n")
    assert page.problems == ((1, "front matter is not valid YAML: day is out of range for month; fix it or remove it"),)
    assert (page.front_matter, page.title) == ({}, "Dated")
    deep = parse("---\na: " + "[" * 5000 + "]" * 5000 + "\n---\n")
    assert deep.problems[0][1].startswith("front matter is not valid YAML")


def test_front_matter_that_is_not_a_mapping() -> None:
    page = load("list-front-matter.md")
    assert page.front_matter == {}
    assert page.problems == ((1, "front matter is a YAML list, not a mapping of keys to values; fix it"),)
    assert page.words == 2


def test_unclosed_front_matter() -> None:
    page = load("unclosed-front-matter.md")
    assert page.problems == ((1, "front matter opened at line 1 is never closed; add a closing --- line"),)
    assert page.front_matter == {}
    assert page.title == "Heading"


def test_a_stray_fence_after_text_is_named_rather_than_the_last_fence_it_shifted() -> None:
    # The ``` after the paragraph was meant to close the block above it (already closed): it opens one instead,
    # every fence after it pairs up wrong, and markdown-it finds the last one open. The stray line is the problem.
    source = ("# Upgrade\n\n```\npip install -U harbor\n```\n\nThe option makes pip reinstall.\n```\n\n"
              "Then check the version:\n\n```\nharbor --version\n```\n")
    page = parse(source)
    assert [line for line, _ in page.problems] == [8]
    assert "line 14 is never closed" in page.problems[0][1] and "remove the stray fence" in page.problems[0][1]
    # A bare fence right after text that starts a block of code is an ordinary opener: the unclosed one is named.
    plain = parse("# Run\n\nRun:\n```\nharbor\n```\n\nThen:\n\n```sh\nharbor deploy\n")
    assert plain.problems == ((10, "code fence opened at line 10 is never closed; it runs to the end of the page, "
                                   "which shows it as meant; add a closing ``` line"),)


def test_markdown_between_two_rules_at_the_top_is_no_front_matter() -> None:
    # `---`, the title and a paragraph, `---`: two thematic breaks around Markdown, which MkDocs renders whole.
    page = parse("---\n\n# Model converters\n\nConverters turn model fields into form fields.\n\n---\n\n"
                 "## Overview\n\nThe base class.\n")
    assert page.problems == () and page.front_matter == {}
    assert page.title == "Model converters" and [s.title for s in page.sections] == ["Model converters", "Overview"]
    # A YAML comment over keys is front matter.
    keyed = parse("---\n# generated\ntitle: Converters\n---\n\nText.\n")
    assert keyed.front_matter == {"title": "Converters"} and keyed.title == "Converters"


def test_an_mdx_fence_indented_in_a_component_and_closed_at_the_margin_is_one_block_of_code() -> None:
    # MDX has no indented code: `    ```bash` in a <Step> opens a fence, and the ``` at the margin closes it.
    source = ("# Cloud\n\n<Steps>\n  <Step title=\"Start\">\n    Start a session:\n    ```bash\n"
              "    curl --request POST \\\n  --url https://example.org\n```\n\n  </Step>\n</Steps>\n\n"
              "## Next steps\n\nDeploy it.\n")
    page = parse(source, "docs/cloud.mdx")
    assert page.problems == ()
    assert ("code", 6, 9) in kinds(page) and [s.title for s in page.sections] == ["Cloud", "Next steps"]
    # In a .md page CommonMark's reading stands: four spaces in after a line of text, the fence is that text's.
    assert parse(source, "docs/cloud.md").problems != ()


def test_toml_front_matter_between_plus_lines_is_front_matter() -> None:
    # Hugo and Zola write front matter as TOML between +++ lines; Zola lets blank lines come before it.
    page = parse('\n+++\ntitle = "Cela"\ntemplate = "theme.html"\n\n[extra]\nrepository = '
                 '"https://github.com/acme/cela.git"\n+++\n\n# Cela\n\nA minimalist theme.\n')
    assert page.problems == ()
    assert page.front_matter["title"] == "Cela"
    assert page.front_matter["extra"] == {"repository": "https://github.com/acme/cela.git"}
    assert kinds(page) == [("front_matter", 1, 8), ("heading", 10, 10), ("paragraph", 12, 12)]
    assert page.words == 3  # the TOML is no prose
    broken = parse('+++\ntitle = "Cela\n+++\n# Cela\n')
    assert broken.front_matter == {} and broken.problems[0][1].startswith("front matter is not valid TOML")
    unclosed = parse('+++\ntitle = "Cela"\n# Cela\n')
    assert unclosed.problems == ((1, "front matter opened with +++ is never closed; add a closing +++ line"),)


def test_front_matter_commented_out_at_the_top_is_still_front_matter() -> None:
    # Hugo reads front matter inside an HTML comment that opens the page (hidden where the file is shown as is).
    page = parse('<!--\n---\ntitle: "Install Pipelines"\nmanualLink: "https://example.com/install/"\n---\n-->\n\n'
                 'Install it on your cluster.\n')
    assert page.problems == ()
    assert page.front_matter == {"title": "Install Pipelines", "manualLink": "https://example.com/install/"}
    assert kinds(page) == [("front_matter", 1, 6), ("paragraph", 8, 8)]
    assert page.words == 5
    # A longer line of dashes closes front matter too (Hugo reads its first three).
    dashes = parse("---\ntitle: Tuning\nweight: 30\n----------\n\nTune the kernel source.\n")
    assert dashes.problems == () and dashes.front_matter == {"title": "Tuning", "weight": 30}
    # Front matter after a comment closed on the first line (a formatter's directive) and a blank line.
    directive = parse('<!-- mdformat global-off -->\n\n---\ntitle: "C++ API"\nmanualLink: "/reference/cpp/api/"\n---\n')
    assert directive.problems == () and directive.front_matter["manualLink"] == "/reference/cpp/api/"
    assert kinds(directive) == [("front_matter", 1, 6)] and directive.words == 0
    after = parse('<!-- keep -->\n+++\ntitle = "Go API"\n+++\n\nRead it.\n')
    assert after.front_matter == {"title": "Go API"} and kinds(after) == [("front_matter", 1, 4), ("paragraph", 6, 6)]
    # A comment followed by a thematic break and text is no front matter.
    rule = parse('<!-- note -->\n\n---\n\nText after a rule.\n')
    assert rule.front_matter == {} and rule.problems == () and kinds(rule)[-1] == ("paragraph", 5, 5)
    assert parse("<!-- note -->\n\n---\ntitle: x\n").problems[0][0] == 3  # the line the front matter opens on
    # A comment that holds more than front matter is a comment.
    other = parse('<!--\n---\ntitle: Old\n---\nNotes kept for later.\n-->\n\nInstall it.\n')
    assert other.front_matter == {} and kinds(other)[-1] == ("paragraph", 8, 8)


def test_a_front_matter_key_written_as_a_list_is_its_text_as_a_javascript_build_reads_it() -> None:
    # `[//]: # (...)`, Markdown's comment line kept in front matter: js-yaml (Docusaurus) takes `//` as the key;
    # PyYAML cannot hash a list. The page builds: no problem to report.
    page = parse('---\nid: quickstart\n[//]: # (sidebar_position: 2, set by sidebars.js)\ndescription: ""\n---\n\n'
                 "# Quickstart\n\nRun it.\n")
    assert page.problems == ()
    assert page.front_matter == {"id": "quickstart", "//": None, "description": ""}
    assert parse("---\n[a, b]: 1\n---\n").front_matter == {"a,b": 1}
    # A mapping as a key (a template's `title: {{ title }}`) is still no front matter to read.
    assert parse("---\ntitle: {{ title }}\n---\n").problems[0][1].startswith("front matter is not valid YAML")


def test_front_matter_title_must_be_text_and_empty_front_matter_is_fine() -> None:
    assert parse("---\n---\n\nText only.\n", "docs/guide/intro.md").title == "intro"
    assert parse("---\ntitle: [a, b]\n---\n# Real\n").title == "Real"
    assert parse("---\ntitle: 2024\n---\n").title == "2024"
    assert parse("## Only a subheading\n", "docs/sub.mdx").title == "sub"


def test_unterminated_fence_is_a_problem_and_the_page_is_still_modelled() -> None:
    page = load("unterminated-fence.md")
    assert page.problems == ((5, "code fence opened at line 5 is never closed; add a closing ``` line"),)
    assert kinds(page) == [("heading", 1, 1), ("paragraph", 3, 3), ("code", 5, 11)]
    assert [s.title for s in page.sections] == ["Unterminated fence"]


def test_a_fence_in_a_list_item_ends_with_the_item_when_text_further_left_follows() -> None:
    # The list item ends at the line written further left, and its code block with it: it renders as meant.
    text = ("# Steps\n\n1. Map the claims:\n\n   ```jsonnet\n   { email: claims.email }\n\n"
            "<Warning use=\"data mapping\" />\n\n2. Save.\n")
    assert parse(text, "docs/steps.mdx").problems == ()
    # At the top level nothing ends it: it runs to the end of the page.
    assert parse("# Steps\n\n```jsonnet\n{ email: claims.email }\n\nSave.\n").problems == (
        (3, "code fence opened at line 3 is never closed; add a closing ``` line"),)


def test_a_last_fence_never_closed_holds_code_or_the_pages_own_text() -> None:
    # All of it code, to the end of the page: shown as meant.
    code = parse("# Run\n\n```jsx\nfunction App() {\n  return <div />;\n}\n\n// one more\nrender(App);\n")
    assert "runs to the end of the page" in code.problems[0][1]
    # A paragraph of prose, a heading, an admonition or a component after a blank line is the page's own text,
    # shown as code.
    for lang, rest in (("jsx", "Then deploy it."), ("jsx", "## Deploy"), ("jsx", ":::tip\nDeploy it.\n:::"),
                       ("sh", "<Callout>Deploy it.</Callout>")):
        page = parse(f"# Run\n\n```{lang}\nrender(App);\n\n{rest}\n", "docs/run.mdx")
        assert page.problems == ((3, "code fence opened at line 3 is never closed; add a closing ``` line"),), rest
    # A component in the code of a language of markup is code.
    assert "runs to the end" in parse("# Run\n\n```jsx\nrender(App);\n\n<App />\n", "docs/run.mdx").problems[0][1]
    # In a language whose comments are `#` lines, such a line is code.
    assert "runs to the end" in parse("# Run\n\n```python\nrun()\n\n# then deploy\ndeploy()\n").problems[0][1]


def test_closed_fences_are_not_problems() -> None:
    source = "- item\n\n  ```js\n  x\n  ```\n\n> ```\n> quoted\n> ```\n\n````md\n```\n````\n\n```\n```\n"
    page = parse(source)
    assert page.problems == ()
    assert len(page.code_blocks) == 4


# --- MDX edge cases -----------------------------------------------------------------------------------------------


def test_plain_md_keeps_html_blocks_and_indented_code() -> None:
    page = parse("Text.\n\n<div>\nraw\n</div>\n\n    indented code\n")
    assert kinds(page) == [("paragraph", 1, 1), ("html", 3, 5), ("code", 7, 7)]


def test_md_with_components_is_read_as_mdx() -> None:
    source = (
        "<Tabs>\n    <TabItem value='a'>\n\n    Text in a tab.\n\n    </TabItem>\n</Tabs>\n\n<div>\nraw text\n</div>\n"
    )
    page = parse(source)
    assert kinds(page) == [
        ("jsx", 1, 1),
        ("jsx", 2, 2),
        ("paragraph", 4, 4),
        ("jsx", 6, 6),
        ("jsx", 7, 7),
        ("jsx", 9, 9),
        ("paragraph", 10, 10),
        ("jsx", 11, 11),
    ]
    assert page.words == 6


def test_md_with_imports_is_read_as_mdx() -> None:
    source = "<!-- prettier-ignore -->\nimport Warning from './_warning.mdx';\n\n<Warning />\n\n    Indented prose.\n"
    page = parse(source)
    assert kinds(page) == [("comment", 1, 1), ("esm", 2, 2), ("jsx", 4, 4), ("paragraph", 6, 6)]


def test_lowercase_jsx_in_mdx_does_not_swallow_markdown() -> None:
    page = parse('<div className="card">\nText right after the tag.\n</div>\n<img src={"/a.png"} />\n', "docs/page.mdx")
    assert kinds(page) == [("jsx", 1, 1), ("paragraph", 2, 2), ("jsx", 3, 3), ("jsx", 4, 4)]
    assert [(link.target, link.line, link.image) for link in page.links] == [("/a.png", 4, True)]


def test_a_fence_right_under_a_tag_line_in_mdx_is_code_not_part_of_an_html_block() -> None:
    # A <details> whose <summary> line is followed by an indented fence with blank lines inside: CommonMark's HTML
    # block would run on to the first blank line and leave the rest of the code to be read as Markdown headings.
    source = ("import X from './x';\n\n<details>\n  <summary>Expand definition</summary>\n  ```python\n"
              "  # runtime information\n  name: str\n\n  # change the working dir\n  chdir: bool\n  ```\n"
              "</details>\n\n### hydra.job.name\n\nThe job name.\n")
    page = parse(source)
    assert [(s.title, s.line) for s in page.sections] == [("hydra.job.name", 14)]
    assert ("code", 5, 11) in kinds(page)
    # In plain Markdown, CommonMark's reading stands: the HTML block runs to the blank line.
    plain = parse(source.replace("import X from './x';\n", "\n"))
    assert ("html", 3, 7) in kinds(plain)


def test_inline_jsx_and_expressions_in_a_paragraph() -> None:
    page = parse('Use <Badge type="tip">beta</Badge> builds {props.x} with {/* note */} care.\n', "d/p.mdx")
    assert page.blocks[0].text == "Use beta builds with care."
    assert page.words == 5


def test_jsx_and_esm_inside_code_fences_are_code() -> None:
    source = "```jsx\nimport A from 'a';\n\n<Tabs>\n{x}\n```\n"
    page = parse(source, "docs/page.mdx")
    assert kinds(page) == [("code", 1, 6)]
    assert "<Tabs>" in page.blocks[0].text


def test_fence_markers_inside_html_comments_do_not_confuse_jsx_detection() -> None:
    page = parse("<!--\n```\n-->\n\n<Tabs>\n\nText.\n")
    assert kinds(page) == [("comment", 1, 3), ("jsx", 5, 5), ("paragraph", 7, 7)]


def test_expression_only_lines_and_mdx_comments() -> None:
    page = parse("{/* a\nmulti-line comment */}\n\n{items.map(item => (\n  <Item key={item} />\n))}\n\nProse.\n")
    assert kinds(page) == [("comment", 1, 2), ("jsx", 4, 6), ("paragraph", 8, 8)]
    assert page.words == 1


def test_an_mdx_comment_ends_at_its_first_close_whatever_it_holds() -> None:
    # A section commented out whole: its code has template strings and braces, and its last fence is mistyped.
    source = ("{/* ## Changed: `.refine()`\n\n```ts\n"
              "const s = z.string().refine((val) => ({ message: `${val} is short` }));\n"
              "```\n\n```ts\nconst t = 1;\n``\n */}\n\nProse.\n")
    page = parse(source, "docs/changelog.mdx")
    assert kinds(page) == [("comment", 1, 10), ("paragraph", 12, 12)]
    assert page.problems == ()


def test_headings_inside_tab_markers_label_tabs_and_open_no_section() -> None:
    source = ("## Import the Devtools\n\n<!-- ::start:framework -->\n\n# React\n\n```tsx\nimport A from 'a'\n```\n\n"
              "# Solid\n\n```tsx\nimport B from 'b'\n```\n\n<!-- ::end:framework -->\n\n## Next\n\nText.\n")
    page = parse(source)
    assert [s.title for s in page.sections] == ["Import the Devtools", "Next"]
    assert [b.kind for b in page.blocks if b.section == 0 and b.kind == "code"] == ["code", "code"]


def test_a_component_named_like_a_js_identifier_with_a_dollar_is_mdx() -> None:
    page = parse("import $count from '@mdx/$count-mysql.mdx';\n\n# Query utils\n\n### $count\n<$count/>\n",
                 "docs/query-utils.mdx")
    assert kinds(page) == [("esm", 1, 1), ("heading", 3, 3), ("heading", 5, 5), ("jsx", 6, 6)]


def test_esm_needs_a_module_shape_and_its_own_block() -> None:
    source = (
        "import the data before you start.\n\nText\nimport X from 'x';\n\n"
        "export const meta = {\n  a: 1,\n\n  b: 2,\n};\n\nAfter.\n"
    )
    page = parse(source, "docs/page.mdx")
    assert kinds(page) == [("paragraph", 1, 1), ("paragraph", 3, 4), ("esm", 6, 10), ("paragraph", 12, 12)]


def test_unbalanced_jsx_is_left_to_markdown() -> None:
    page = parse('<Foo bar="never closed\n\nSome text.\n', "docs/page.mdx")
    assert page.blocks[-1].text == "Some text."
    assert page.problems == ()


# --- page fields --------------------------------------------------------------------------------------------------


def test_hash_lines_and_variant() -> None:
    source = "# T\n\nOne two three.\n"
    page = parse_page("docs/a.md", Path("/x/docs/a.md"), source, "versioned:1.0")
    assert page.content_hash == hashlib.sha256(source.encode()).hexdigest()
    assert (page.line_count, page.variant, page.path, page.abspath) == (
        3,
        "versioned:1.0",
        "docs/a.md",
        Path("/x/docs/a.md"),
    )
    assert parse("a\nb").line_count == 2


def test_words_exclude_code_urls_comments_and_front_matter() -> None:
    source = (
        "---\ntitle: Words words words\n---\n\n# Heading words\n\n"
        "One two `three` https://four.example/five six [seven](https://eight.example) don't well-known.\n\n"
        "<!-- nine ten -->\n\n```\neleven twelve\n```\n\n    thirteen\n\n- fourteen\n- fifteen\n"
    )
    page = parse(source)
    assert page.words == 9  # One two six seven don't well known fourteen fifteen: compounds count by parts


def test_heading_blocks_hold_text_without_code_and_sections_keep_it() -> None:
    page = parse("# The `useState` hook {#use-state}\n")
    assert (page.blocks[0].kind, page.blocks[0].text, page.blocks[0].inline_code) == (
        "heading",
        "The hook",
        ("useState",),
    )
    assert page.sections[0].title == "The useState hook"


def test_html_headings_are_sections() -> None:
    page = parse('<h2>Installing</h2>\n\nText.\n\n<h3 id="x">Node <code>18</code></h3>\n')
    assert [(s.title, s.level, s.line, s.parent) for s in page.sections] == [
        ("Installing", 2, 1, -1),
        ("Node 18", 3, 5, 0),
    ]


def test_garbage_never_raises() -> None:
    rng = random.Random(7)
    alphabet = "#*_`~[]()<>{}!:|-=+>\\/\"' \n\tabcXYZ019.;,&$%^@\u00e9\u200b\x00"
    nasty = [
        "[" * 5000,
        "{" * 5000,
        "> " * 3000 + "x",
        "- " * 3000 + "x",
        "<Foo " * 2000,
        "```\n" * 999,
        ":::note\n" * 500,
        "!!! note\n    " * 300,
        "---\n" + "a: [\n" * 200,
        "<!--" * 1000,
        "\r" * 100,
    ]
    sources = nasty + ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 400))) for _ in range(300)]
    for index, source in enumerate(sources):
        for suffix in (".md", ".mdx"):
            page = parse(source, f"docs/fuzz{index}{suffix}")
            assert page.words >= 0
            assert all(1 <= b.line <= b.end_line <= max(page.line_count, 1) for b in page.blocks), source[:80]


# --- real corpora -------------------------------------------------------------------------------------------------


def corpus_files(*folders: str) -> list[Path]:
    found = [CORPORA / folder for folder in folders if (CORPORA / folder).is_dir()]
    if not found:
        pytest.skip(f"real corpora not present under {CORPORA}")
    return sorted(p for folder in found for p in folder.rglob("*") if p.suffix in (".md", ".mdx"))


def test_every_corpus_page_parses() -> None:
    files = corpus_files("react-native-website/docs", "redux/docs")
    assert len(files) > 300
    for path in files:
        page = parse_page(str(path), path, read_source(path, 5_000_000))
        assert not [p for p in page.problems if "could not be parsed" in p[1]], path
        lines = page.source.split("\n")
        for block in page.blocks:
            assert 1 <= block.line <= block.end_line <= page.line_count, (path, block)
            first = lines[block.line - 1].lstrip(" >")
            if block.kind == "heading":
                assert first.startswith(("#", "<h")) or re.fullmatch(r"[=-]+\s*", lines[block.line]), (path, block)
            elif block.kind == "code" and block.lang:
                assert first.startswith(("```", "~~~")), (path, block)
            elif block.kind == "esm":
                assert first.startswith(("import", "export")), (path, block)
            elif block.kind == "front_matter":
                assert block.line == 1
        for code in page.inline_code:
            window = "\n".join(lines[code.line - 1 : code.line + 40])
            assert code.text.strip() in " ".join(window.replace("\\|", "|").split()), (path, code)


def test_spot_check_react_native_page_lines() -> None:
    (path,) = [p for p in corpus_files("react-native-website/docs") if p.name == "communication-android.md"]
    page = parse_page("docs/communication-android.md", path, read_source(path, 5_000_000))
    lines = page.source.split("\n")
    assert page.title == "Communication between native and React Native"
    properties = next(s for s in page.sections if s.title == "Properties")
    assert (properties.line, properties.level) == (16, 2)
    assert lines[properties.line - 1] == "## Properties"
    assert [s.parent for s in page.sections if s.level == 3][:3] == [page.sections.index(properties)] * 3
    assert block_at(page, 6).kind == "esm"
    assert [(b.line, b.lang) for b in page.code_blocks][:2] == [(28, "java"), (52, "kotlin")]
    assert lines[27] == "```java" and lines[45] == "```"
    assert block_at(page, 28).end_line == 46
    assert [b.kind for b in page.blocks if b.line in (24, 26, 48, 67)] == ["jsx"] * 4
    link = page.links[0]
    assert (link.target, link.line) == ("integration-with-existing-apps", 8)
    assert "](integration-with-existing-apps)" in lines[link.line - 1]
    admonition = block_at(page, 116)
    assert (admonition.kind, admonition.end_line, lines[115], lines[117]) == ("admonition", 118, ":::info", ":::")


def test_spot_check_redux_mdx_page_lines() -> None:
    (path,) = [p for p in corpus_files("redux/docs") if p.name == "writing-logic-thunks.mdx"]
    page = parse_page("docs/usage/writing-logic-thunks.mdx", path, read_source(path, 5_000_000))
    lines = page.source.split("\n")
    assert page.problems == ()
    assert block_at(page, 7).kind == "esm"
    assert [(b.line, lines[b.line - 1][:21]) for b in page.blocks if b.kind == "jsx"] == [
        (89, "<DetailedExplanation "),
        (95, "</DetailedExplanation"),
    ]
    assert block_at(page, 91).kind == "paragraph"  # Markdown inside the component
    overview = page.sections[0]
    assert (overview.title, overview.line, lines[overview.line - 1]) == ("Thunk Overview", 18, "## Thunk Overview")
    learn = block_at(page, 9)
    assert (learn.kind, learn.text, lines[8]) == ("admonition", "What You'll Learn", ":::tip What You'll Learn")
    for link in page.links:
        if not link.target.startswith("#"):
            assert link.target in "\n".join(lines[link.line - 1 : link.line + 5]) or f"]: {link.target}" in page.source


def test_mkdocstrings_directive_is_not_an_unclosed_admonition() -> None:
    text = ("# API\n\n::: mkdocs.plugins.BasePlugin\n    options:\n      show_root_heading: true\n\n"
            "After the directive, prose goes on.\n\n## Next\n\nMore text.\n\n::: tip\nVitePress tip.\n:::\n")
    page = parse_page("docs/api.md", Path("/site/docs/api.md"), text)
    kinds = [(b.kind, b.line) for b in page.blocks if b.kind != "paragraph" or "prose" in b.text or "More" in b.text]
    assert ("paragraph", 7) in kinds and ("heading", 9) in kinds and ("paragraph", 11) in kinds
    assert ("admonition", 13) in kinds


def test_mkdocs_content_tabs_are_prose_not_indented_code() -> None:
    text = ('# Install\n\n=== "pip"\n\n    Install the package with pip into a fresh virtual environment.\n\n'
            '    ```sh\n    pip install lookout\n    ```\n\n=== "conda"\n\n    Use the conda-forge channel.\n\n'
            "After either, run the checks.\n")
    page = parse_page("docs/install.md", Path("/site/docs/install.md"), text)
    prose = [(b.line, b.text) for b in page.prose_blocks]
    assert (5, "Install the package with pip into a fresh virtual environment.") in prose
    assert (13, "Use the conda-forge channel.") in prose and (15, "After either, run the checks.") in prose
    [code] = page.code_blocks
    assert code.lang == "sh" and code.line == 7 and code.text.strip() == "pip install lookout"
    assert not any('"pip"' in b.text for b in page.blocks)


def test_material_for_mkdocs_blocks_keep_their_fences_and_directives_are_not_prose() -> None:
    page = load("material.md")
    assert page.problems == ()  # every fence inside an admonition or a tab is closed where its author closed it
    assert [s.title for s in page.sections] == ["Validators", "Reference"]  # attribute lists are not the title
    code = [(b.line, b.end_line, b.lang) for b in page.blocks if b.kind == "code"]
    assert code == [(7, 15, "python"), (20, 23, "py"), (30, 35, "sh")]
    admonitions = [(b.line, b.text) for b in page.blocks if b.kind == "admonition"]
    assert admonitions == [(5, "A before validator"), (17, "Validators run in the order they are declared."),
                           (25, "Nested\nA validator may call another.")]
    assert block_at(page, 38).text == "Install it with uv instead."  # a tab's body is plain Markdown
    directives = [(b.line, b.end_line) for b in page.blocks if b.kind == "directive"]
    assert directives == [(42, 44), (46, 46), (48, 48), (50, 50), (52, 55)]
    prose = " ".join(b.text for b in page.prose_blocks)
    assert "harbor.Release" not in prose and "show_root_heading" not in prose and "snippets" not in prose


def test_a_code_line_wrapped_to_the_margin_is_named_as_what_cut_the_list_item() -> None:
    # A long command wrapped so that its rest starts at the margin ends the list item and its code block; the
    # item's closing fence then opens a block, and the fences after it pair up wrong (as Docusaurus reads a .md page,
    # as MDX). The wrapped line is the cause.
    source = ("# Deploy\n\n1.  Create the stack:\n    ```\n    openstack stack create -t https://example.com/se\n"
              "tup/single.yml --parameter image_id=jammy\n    ```\n\n## Check\n\n1.  Log in with:\n    ```\n"
              "    ssh ubuntu@IP\n    ```\n")
    page = parse_page("docs/page.md", Path("docs/page.md"), source, md_as_mdx=True)
    assert [line for line, _ in page.problems] == [6]
    assert page.problems[0][1].startswith("line 6 starts at the margin inside the code block of the list item")
    assert "indent line 6" in page.problems[0][1] and "the one at line 14 is never closed" in page.problems[0][1]


def test_a_word_that_starts_with_a_colon_in_brackets_is_text_as_yaml_1_2_reads_it() -> None:
    # `- [services, :serviceId, operations]`: a route's parameter, text to js-yaml (YAML 1.2), an error to PyYAML.
    page = parse("---\ntitle: Backup\ncloud_ui:\n    path:\n        - [services, :serviceId, operations]\n---\n\n"
                 "# Backup\n\nHow backups work.\n")
    assert page.problems == ()
    assert page.front_matter["cloud_ui"] == {"path": [["services", ":serviceId", "operations"]]}
    # A colon that YAML 1.2 cannot read either is still a problem.
    broken = parse("---\ntitle: [a, : b]\n---\n\n# X\n\nText.\n")
    assert [p.split(":")[0] for _, p in broken.problems] == ["front matter is not valid YAML"]


def test_the_lines_of_a_pre_element_on_lines_of_their_own_are_an_example_not_prose() -> None:
    # MDX reads what is between `<pre>` and `</pre>` as Markdown; readers see it as written, a sample email.
    page = parse("# SSO\n\nEmail us:\n\n<details>\n  <summary>Email template</summary>\n  <pre>\n"
                 "    Subject: Enable SSO<br/>\n    - Company name: XXX<br/>\n  </pre>\n</details>\n\nWe reply soon.\n",
                 path="docs/sso.mdx")
    kinds = {b.kind for b in page.blocks if "Company name" in b.text}
    assert kinds == {"example"}, [(b.kind, b.line, b.text) for b in page.blocks]
    assert "Company name" not in " ".join(b.text for b in page.prose_blocks)
    assert "We reply soon." in " ".join(b.text for b in page.prose_blocks)


def test_a_hugo_shortcode_that_names_a_page_links_it() -> None:
    page = parse('# Security\n\n{{< cards >}}\n  {{< card path="/integrations/dns/" title="DNS" >}}\n{{< /cards >}}\n\n'
                 '{{< button href="/docs/start" >}}\n\n{{< figure src="/img/a.png" >}}\n')
    assert [(link.target, link.line) for link in page.links] == [("/integrations/dns/", 4), ("/docs/start", 7)]


def test_links_in_a_myst_directive_fence_whose_body_is_markdown() -> None:
    """MyST parses the body of ```{note} and ```{dropdown} as Markdown: their links are links, at their lines; a
    ```{code-block}'s are code."""
    page = parse("# Scaling\n\nText.\n\n```{note}\nSee the detailed\ndocumentation [here](hpa.md).\n```\n\n"
                 "```{dropdown} More\nAnd [the guide](guide.md#setup).\n```\n\n"
                 "```{code-block} markdown\n[not a link](nope.md)\n```\n")
    assert [(link.target, link.line) for link in page.links] == [("hpa.md", 7), ("guide.md#setup", 11)]
