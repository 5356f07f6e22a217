"""How much prose a page gives its reader, and whether it is short by design (a link hub, a redirect, a partial)."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from sitelint import includes, pagetypes, text
from sitelint.checks import CheckContext, Count, Param, Share, Words, site_fact, spec
from sitelint.model import Location, Measurement, Page, Site
from sitelint.sites.locales import LOCALE

_PARTIAL_IMPORT = re.compile(r"""import\s+\w+\s+from\s+['"](\.{1,2}/[^'"]+\.mdx?)['"]""")
_TAG = re.compile(r"<(script|style)\b.*?</\1\s*>|<[^>]*>", re.DOTALL | re.IGNORECASE)


def signals(params: Mapping[str, Any]) -> pagetypes.Signals:
    return pagetypes.Signals(
        redirect_keys=tuple(map(str, params["redirect-keys"])),
        card_components=tuple(map(str, params["card-components"])),
        nav_link_density=float(params["nav-link-density"]), notice_words=tuple(map(str, params["notice-words"])),
        notice_words_max=int(params["notice-words-max"]))


# types the site's config or other files can give a page (a landing page: one its own route file draws); a page's
# content alone never gives landing by the signals these params tune, so reading the stored type changes nothing else
_SITE_TYPES = frozenset({"redirect", "generated", "landing"})


def exemption(page: Page, params: Mapping[str, Any], site: Site | None = None) -> str:
    """Why a page may be short by design (its page type is one of `skip-types`: a link hub, a redirect, a generated
    reference...), or "" when not."""
    if page.page_type in params["skip-types"] and (page.page_type in _SITE_TYPES or (
            page.page_type == "hub" and page.type_reason.startswith((pagetypes.MENU_GROUP, pagetypes.LITERATE_NAV)))):
        return f"{page.page_type}: {page.type_reason}"  # known from the site, not the page: a redirect plugin's map
    partial = page.page_type == "partial" or (site.is_partial(page) if site else False)
    kind, why = pagetypes.classify(page, partial, signals(params))
    return f"{kind}: {why}" if kind in params["skip-types"] else ""


_MARKDOWN = (".md", ".mdx")
_FENCE = re.compile(r"(?ms)^[ \t]*(`{3,}|~{3,}).*?^[ \t]*\1[ \t]*$")


def _included_words(page: Page, site: Site) -> int:
    """Prose words of the partials an MDX page imports and renders in place, and of the files its include lines
    (`{% include-markdown "x.md" %}`, `--8<-- "x.md"`) pull in, found beside the page, in the docs root or in the
    repository."""
    folder = page.path.rsplit("/", 1)[0] if "/" in page.path else ""
    total = 0
    for block in page.blocks:
        if block.kind == "esm":
            for target in _PARTIAL_IMPORT.findall(block.text.replace("\\", "")):
                partial = site.page(posixpath.normpath(posixpath.join(folder, target)))
                total += partial.words if partial else 0
    repo = site.repo_root.resolve()
    for target in includes.targets(page.source):
        if not target.lower().endswith(_MARKDOWN):
            continue
        for base in (page.abspath.parent, site.root, site.repo_root):
            path = (base / target.lstrip("/")).resolve()
            if path.is_relative_to(repo) and path.is_file():
                try:
                    included = path.read_text(encoding="utf-8", errors="replace")[:200_000]
                except OSError:
                    break
                total += text.count(_TAG.sub(" ", _FENCE.sub(" ", included)))
                break
    return total


_NUMBERED = re.compile(r"^\s*\d+[.)]\s")
_STEPS = 3  # numbered steps a page needs to be a procedure


def _inline_steps(page: Page) -> int:
    """1 when the page is a procedure: three numbered steps or more, its list items naming commands or files in
    inline code in two of them or more (`yarn install`, then `./playground/ios` in a step's sub-item)."""
    lines = page.source.split("\n")
    items = [b for b in page.blocks if b.kind == "list_item"]
    numbered = sum(1 for b in items if 0 < b.line <= len(lines) and _NUMBERED.match(lines[b.line - 1]))
    return int(numbered >= _STEPS and sum(1 for b in items if b.inline_code) >= 2)


_VIDEO = re.compile(r"(?i)<video\b|<iframe\b[^>]*\bsrc\s*=\s*[\"']?(?:https?:)?//(?:www\.)?"
                    r"(?:youtube(?:-nocookie)?\.com/embed|player\.vimeo\.com/video|(?:www\.)?loom\.com/embed"
                    r"|fast\.wistia\.net/embed)/")
_HELP_PICTURE = re.compile(r"(?i)(?:^|\s)--help\b|[/_-]help\.(?:svg|png|gif|webp)\b")


def prose_words(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    """A page's prose words (with HTML text and included partials), and why it may be short by design."""
    # Text inside HTML blocks (cards on a landing page) is read like prose.
    html = sum(text.count(_TAG.sub(" ", b.text)) for b in page.blocks if b.kind == "html")
    words = page.words + html + _included_words(page, ctx.site)
    # Examples the page shows: code blocks, included example files ({* file *}, --8<--) and live demos
    # (`<ComponentPreview name="x" />`), each one piece a recipe or tutorial step is made of.
    examples = sum(1 for b in page.blocks
                   if b.kind == "code" or (b.kind == "directive" and not b.text.startswith(":::")) or pagetypes.demo(b))
    # ... and numbered steps that give the commands to run or the files to open inline (`yarn install`): a recipe
    # written as a list.
    examples += _inline_steps(page)
    # ... and videos it embeds (`<iframe src="https://www.youtube.com/embed/...">`, `<video>`): a video tutorial.
    examples += sum(len(_VIDEO.findall(b.text)) for b in page.blocks if b.kind in ("html", "jsx"))
    # ... and a picture of a command's help output (`![cz info --help](cli_help/cz_info___help.svg)`): its usage.
    examples += sum(1 for link in page.links if link.image and _HELP_PICTURE.search(f"{link.text} {link.target}"))
    # ... and a picture the page or its section is named for (`![Cheat sheet](/assets/cheatsheet.png)` on the page
    # "Cheat sheet", `![Search screen](search.jpg)` under "## Search screen"): what the page holds, a cheat sheet, a
    # diagram, a screenshot.
    titles = {" ".join(t.lower().split()) for t in (page.title, *(s.title for s in page.sections))} - {""}
    examples += sum(1 for link in page.links if link.image and " ".join(link.text.lower().split()) in titles)
    siblings = _sibling_words(ctx.site, page)
    # A section's pages (a folder below the docs root: forty providers' setup pages) are one kind of page; the
    # docs root's own pages are a mix of everything.
    section = siblings if page.abspath.parent.resolve() != ctx.site.root.resolve() else -1
    exempt = exemption(page, ctx.params, ctx.site)
    if exempt.startswith("generated: says so") and _no_content(page) and not _regenerated(page, ctx.site):
        exempt = ""  # a program wrote the file, and left it empty: its readers find nothing, as on any empty page
    if not exempt and "hub" in ctx.params["skip-types"] and page.abspath.resolve() in site_fact(
            ctx.site, "chapters-with-parts", _chapters_with_parts):
        exempt = "hub: a chapter whose sub-chapters follow it (SUMMARY.md)"
    # A file of no content of its own beside a folder of its name (`advanced.md` beside `advanced/`, its front
    # matter a title and an order, or a translation's `advanced.zh-cn.md`, as Hugo names one): that folder's entry
    # in the navigation, as an empty index page in it is.
    if not exempt and "hub" in ctx.params["skip-types"] and _no_content(page) and {
            stem := posixpath.splitext(page.path)[0], _without_language(stem)} & site_fact(
            ctx.site, "page-folders", _page_folders):
        exempt = "hub: the entry of the folder of its name beside it (no content of its own)"
    # An entry of a folder of files of front matter alone (`category: Math`, `remeda: add`, the entries of a content
    # collection that the site's code lays out from their fields, with a note or none): data, not a page of its own.
    if not exempt and "partial" in ctx.params["skip-types"] and siblings == 0 and not any(
            b.kind == "heading" for b in page.blocks) and len(page.front_matter) >= _DATA_FIELDS:
        exempt = "partial: an entry of a folder of front matter alone, which the site's code lays out"
    # The book's home page is as short as its authors like, but not empty: a stub there is still a stub.
    if not exempt and "landing" in ctx.params["skip-types"] and words >= _HOME_WORDS and \
            page.abspath.resolve() in site_fact(ctx.site, "book-index", _book_index):
        exempt = "landing: the book's first chapter, which mdBook serves as its index page (SUMMARY.md)"
    # The longest code listing: a chapter's "Final code" (a line over the whole program) is that listing's page; and
    # the longest table, a lookup list of codes and names (ISO 4217's currencies, a row each) that page's.
    listing = max((b.end_line - b.line + 1 for b in page.blocks if b.kind in ("code", "table")), default=0)
    yield Measurement({"words": words, "exempt": exempt, "examples": examples, "listing_lines": listing,
                       "sibling_words": siblings, "section_words": section, "prose_blocks": len(page.prose_blocks),
                       "sibling_examples": _sibling_examples(ctx.site, page) if section >= 0 else -1.0},
                      Location(page.path, 1, page.line_count),
                      {"title": page.title, "siblings_note": f"; its folder's pages have {siblings} words at the median"
                       if siblings >= 0 else ""})


# An entry of mdBook's SUMMARY.md: `- [Supported Types](./reference/types.md)`, indented under its parent chapter.
_SUMMARY_ENTRY = re.compile(r"^([ \t]*)[-*+][ \t]+\[[^\]]*\]\(([^)\s]+)\)")


def _summaries(site: Site) -> list[tuple[Path, str]]:
    """On an mdBook site, each book's pages folder and its SUMMARY.md (a site may hold a book per audience)."""
    if site.framework != "mdbook":
        return []
    from sitelint.sites.layout import book_source, book_summary

    roots = [book_source(c) for c in site.config_files if c.name == "book.toml"] or [site.root]
    return [(root, summary) for root in roots if (summary := book_summary(root)) is not None]


def _chapters_with_parts(site: Site) -> frozenset[Path]:
    """On an mdBook site, the pages whose SUMMARY.md entry has sub-chapters indented under it: a part's entry page,
    which introduces the chapters the reader turns to next."""
    from sitelint.sites.layout import unescape

    found: set[Path] = set()
    for root, summary in _summaries(site):
        entries = [(len(m.group(1).expandtabs(4)), unescape(m.group(2))) for line in summary.splitlines()
                   if (m := _SUMMARY_ENTRY.match(line))]
        found |= {(root / target.split("#", 1)[0]).resolve()
                  for (depth, target), (below, _) in zip(entries, entries[1:], strict=False) if below > depth}
    return frozenset(found)


_HOME_WORDS = 10  # words of a book's home page of its own below which it is a stub still (the rule's `stub`)


def _book_index(site: Site) -> frozenset[Path]:
    """On an mdBook site, the page of each SUMMARY.md's first link (a prefix chapter, `[Introduction](introduction.md)`,
    or the first entry): mdBook serves it as the book's `index.html`, its home page."""
    from sitelint.sites.layout import summary_targets

    found = set()
    for root, summary in _summaries(site):
        first = next(iter(summary_targets(summary)), None)
        if first:
            found.add((root / first.split("#", 1)[0]).resolve())
    return frozenset(found)


# Where a site's build runs in CI, and a generator script's path as a page's comment names it (`GENERATED FROM
# https://github.com/acme/docs/scripts/generate-index.py`).
_CI_FILES = (".gitlab-ci.yml", ".circleci/config.yml", "netlify.toml", "vercel.json")
_SCRIPT = re.compile(r"[\w.-]+(?:/[\w.-]+)*\.(?:py|js|mjs|cjs|ts|sh|rb|go|pl)\b")
_COMMON_NAMES = frozenset({"index.md", "readme.md", "_index.md", "index.mdx"})


def _regenerated(page: Page, site: Site) -> bool:
    """Whether the site's build writes the page anew, which its file only stands in for: a CI workflow names the
    file (`python scripts/generate-index.py` in a step "Generate images-by-category.md"), or the generator script
    its comment names is in the repository."""
    root = site.repo_root
    rel = page.abspath.relative_to(root).as_posix() if page.abspath.is_relative_to(root) else page.path
    ci = site_fact(site, "ci-text", _ci_text)
    named = re.compile(rf"(?<![\w.-]){re.escape(page.abspath.name)}(?![\w-])")
    if rel in ci or (page.abspath.name.lower() not in _COMMON_NAMES and named.search(ci)):
        return True  # (`api.md` named, not `openapi.md`)
    for comment in (b.text for b in page.blocks if b.kind == "comment"):
        for found in _SCRIPT.finditer(comment):
            parts = found.group(0).split("/")
            if any((root / "/".join(parts[i:])).is_file() for i in range(len(parts)) if len(parts) - i <= 4):
                return True
    return False


def _ci_text(site: Site) -> str:
    """The text of the files that run the site's build in CI (GitHub workflows, GitLab CI, Netlify, Vercel)."""
    root = site.repo_root
    files = [*sorted((root / ".github" / "workflows").glob("*.y*ml")), *(root / name for name in _CI_FILES)]
    out = []
    for file in files:
        try:
            out.append(file.read_text(encoding="utf-8", errors="replace")[:200_000])
        except OSError:
            continue
    return "\n".join(out)


_DATA_FIELDS = 2  # front matter fields of an entry of a folder of data files, at least


def _no_content(page: Page) -> bool:
    """Whether a page holds nothing but front matter, comments and at most its title."""
    return not any(b.kind not in ("heading", "front_matter", "comment") for b in page.blocks) and sum(
        b.kind == "heading" for b in page.blocks) <= 1


def _without_language(stem: str) -> str:
    """A file name's stem without the language code a translation's file name ends in (`advanced.zh-cn`)."""
    name, dot, code = stem.rpartition(".")
    return name if dot and "/" not in code and LOCALE.fullmatch(code) else stem


def _page_folders(site: Site) -> frozenset[str]:
    """Every folder that holds a page of the site, or a folder that does."""
    out: set[str] = set()
    for page in site.pages:
        folder = posixpath.dirname(page.path)
        while folder and folder not in out:
            out.add(folder)
            folder = posixpath.dirname(folder)
    return frozenset(out)


_MIN_SIBLINGS = 4  # other pages a folder needs for its pages' length to be its format


def _shows_code(page: Page) -> bool:
    return any(b.kind == "code" for b in page.blocks)


def _folders(site: Site) -> dict[str, tuple[list[int], int]]:
    """Per folder, the prose words of its pages (sorted) and how many of them show a code block."""
    words: dict[str, list[int]] = {}
    showing: dict[str, int] = {}
    for other in site.pages:
        if not other.variant:
            folder = posixpath.dirname(other.path)
            words.setdefault(folder, []).append(other.words)
            showing[folder] = showing.get(folder, 0) + _shows_code(other)
    return {k: (sorted(v), showing[k]) for k, v in words.items()}


def _sibling_examples(site: Site, page: Page) -> float:
    """The share of the other pages of the page's folder that show a code block (-1 with fewer than four): a folder
    of short pages that each show an example (a widget's settings and its YAML, one page each) is a reference by
    that format."""
    words, showing = site_fact(site, "folders", _folders).get(posixpath.dirname(page.path), ([], 0))
    pages = len(words)
    if not page.variant:
        pages, showing = pages - 1, showing - _shows_code(page)
    return showing / pages if pages >= _MIN_SIBLINGS else -1.0


def _sibling_words(site: Site, page: Page) -> int:
    """The median prose words of the other pages in the page's folder (-1 with fewer than four): a folder of short
    pages (a type's fields, one page per framework made from another) has that length by design."""
    others = list(site_fact(site, "folders", _folders).get(posixpath.dirname(page.path), ([], 0))[0])
    if page.words in others:
        others.remove(page.words)
    return others[len(others) // 2] if len(others) >= _MIN_SIBLINGS else -1


CHECK = spec(
    "prose-words", "page", prose_words,
    values=("words", "exempt", "examples", "listing_lines", "sibling_words", "section_words", "prose_blocks",
            "sibling_examples"),
    params={
        "nav-link-density": Share("Share of prose words inside links at or above which a page is navigation."),
        "redirect-keys": Words("Front matter keys that make a page a redirect."),
        "card-components": Words("Components that render a list of cards or links."),
        "notice-words": Words("Words that make a short page linking elsewhere a moved or removed notice."),
        "notice-words-max": Count("A moved/removed notice longer than this many words is a page, not a signpost."),
        "skip-types": Param((list, tuple), "Page types that are short by design.", items=str,
                            choices=pagetypes.TYPES, default=["partial", "redirect", "landing", "hub", "reference",
                                                              "generated", "404", "release-notes"]),
    },
)
