"""Read: the site's page files as UTF-8 text (or a problem saying why one cannot be linted), parsed into Pages."""

from __future__ import annotations

import fnmatch
import json
import os
import posixpath
import re
import stat
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from sitelint import gitinfo, includes, pagetypes
from sitelint.cache import Cache
from sitelint.model import Page, Site
from sitelint.pipeline import discover, pages
from sitelint.sites import docusaurus, grav, openapi, siteconfig
from sitelint.sites.layout import book_summary, one_folder_apart, summary_targets


class InputProblem(Exception):
    """A file that cannot be read as a UTF-8 text page; the message says what is wrong and what to do."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


def read_source(abspath: Path, max_bytes: int) -> str:
    """Read a page as UTF-8 text (a BOM is dropped, Windows' line endings read as `\\n`), or raise InputProblem
    saying why it cannot be linted."""
    try:
        info = abspath.stat()
        if not stat.S_ISREG(info.st_mode):  # a directory or a FIFO named *.md; reading a FIFO would block
            kind = "a directory" if stat.S_ISDIR(info.st_mode) else "not a regular file"
            raise InputProblem(f"the path is {kind}, not a page; rename it or exclude it")
        size = info.st_size
        if size > max_bytes:
            raise InputProblem(
                f"the file is {size:,} bytes, over the max-page-bytes limit of {max_bytes:,}; "
                "split the page, exclude it, or raise max-page-bytes in the sitelint configuration"
            )
        data = abspath.read_bytes()
    except PermissionError:
        raise InputProblem("the file cannot be read (permission denied); make it readable or exclude it") from None
    except OSError as exc:
        raise InputProblem(f"the file cannot be read ({exc.strerror or exc}); fix it or exclude it") from None
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise InputProblem("the file is UTF-16 text; re-encode it as UTF-8")
    nul = data.find(b"\x00")
    codec = _utf16_without_bom(data) if nul >= 0 else ""
    if codec:
        raise InputProblem(f"the file is {codec} text (without a byte order mark); re-encode it as UTF-8 "
                           f"(for example: iconv -f {codec} -t UTF-8)")
    if nul >= 0:
        line = data.count(b"\n", 0, nul) + 1
        if data.count(b"\x00") <= _STRAY_NULS and _utf8(data.replace(b"\x00", b"")):
            # A page of text but for a NUL byte or two that an editor or a paste left in it.
            raise InputProblem(f"the file is text but for a stray NUL byte (offset {nul}, line {line}); delete it",
                               line)
        raise InputProblem(
            f"the file holds binary data (a NUL byte at offset {nul}), not text; "
            "exclude it or give it a name that is not a page's"
        )
    try:
        return data.decode("utf-8-sig").replace("\r\n", "\n")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputProblem(
            f"the file is not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start}, line {line}); "
            "re-encode it as UTF-8 (for example: iconv -f latin1 -t utf-8)",
            line,
        ) from None


_STRAY_NULS = 3  # NUL bytes in a file of UTF-8 text that are a slip, not binary data


def _utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return False
    return True


def _utf16_without_bom(data: bytes) -> str:
    """The UTF-16 codec NUL-holding bytes read as ("" for none): an even length, NULs in every other byte for Latin
    letters, and nothing but printable characters and white space once decoded."""
    if len(data) % 2 or len(data) < 4:
        return ""
    for codec, high in (("UTF-16LE", data[1::2]), ("UTF-16BE", data[0::2])):
        if high.count(0) * 4 < len(high):  # text in a Latin script has a zero high byte for most characters
            continue
        try:
            text = data.decode(codec)
        except UnicodeDecodeError:
            continue
        if all(ch.isprintable() or ch in "\t\n\r\f" for ch in text):
            return codec
    return ""


def display(path: str) -> str:
    """A path as a report can show it: bytes of a file name that are not UTF-8 written as \\xNN escapes."""
    return path.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def rel(path: Path, cwd: Path) -> str:
    """A path as findings name it: relative to the working directory, forward slashes."""
    full, base = str(path), os.path.join(str(cwd), "")
    out = full[len(base):] if full.startswith(base) else os.path.relpath(full, cwd)
    return out if os.sep == "/" else Path(out).as_posix()


def matcher(targets: Sequence[Path]) -> Callable[[str], bool]:
    """Whether an absolute path is one of the targets or under one of them."""
    files = {str(t) for t in targets if t.is_file()}
    folders = tuple(os.path.join(str(t), "") for t in targets if t.is_dir())

    def named(where: str) -> bool:
        return where in files or os.path.join(where, "").startswith(folders)

    return named


def read_site(layout: discover.Layout, settings: Mapping[str, Any], cwd: Path, targets: Sequence[Path],
              cache: Cache | None) -> Site:
    """Every page of the site, read and parsed (or taken from the cache), and the files that could not be read.

    Versioned copies and translations are frozen on purpose and read only when reported on: named on the command
    line, or with lint-variants. Pages named on the command line outside the docs roots are read too.
    """
    in_targets, below = matcher(targets), [os.path.join(str(t), "") for t in targets]

    def read_variants(folder: str) -> bool:  # a folder of copies is read when it holds or is under a target
        if not targets:
            return bool(settings["lint-variants"])
        return in_targets(folder) or any(t.startswith(os.path.join(folder, "")) for t in below)

    found = list(discover.walk(layout, settings["include"], settings["exclude"], read_variants))
    not_read = sum(f.not_read for f in found)
    found = [f for f in found if not f.not_read]
    named = [t for t in targets if t.is_file() and t.suffix in discover.PAGE_SUFFIXES]
    if named:
        known = {f.path.resolve() for f in found}
        found += [discover.Found(t) for t in named if t.resolve() not in known]
    unreadable: list[tuple[str, str]] = []
    sources: list[tuple[str, Path, str, str]] = []
    for item in found:
        where = rel(item.path, cwd)
        if where != display(where):  # a name that is not UTF-8 cannot be shown, matched by globs or keyed
            unreadable.append((display(where), "the file name is not valid UTF-8; rename the file"))
            continue
        if item.problem:
            unreadable.append((where, item.problem))
            continue
        try:
            sources.append((where, item.path, item.variant, read_source(item.path, settings["max-page-bytes"])))
        except InputProblem as exc:
            unreadable.append((where, str(exc)))
    repo_root = next((f for f in (layout.project_root, *layout.project_root.parents) if (f / ".git").exists()),
                     layout.project_root)
    site = Site(root=layout.docs_roots[0] if layout.docs_roots else layout.project_root, repo_root=repo_root,
                framework=layout.framework,
                pages=tuple(pages.load(sources, cache, layout.default_locale, _md_as_mdx(layout),
                                       _html_ends(layout))),
                config_files=layout.config_files, unreadable=tuple(unreadable), project_root=layout.project_root,
                variants_not_read=not_read, language=layout.default_locale, page_folders=layout.page_folders)
    # A page under a `_` folder is a partial whatever it looks like (its name alone is known at parse time), and so
    # is a page another page includes.
    appended = siteconfig.mkdocs_appended(layout.config_files[:1], site.root) if layout.framework == "mkdocs" else ()
    included = {**dict.fromkeys(map(_key, appended), "every page (pymdownx.snippets' auto_append)"),
                **_pasted(layout.config_files, layout.project_root),
                **_component_imports(layout.config_files, layout.project_root),
                **_included(site.pages, site.root, layout.project_root)}
    typed = tuple(replace(p, page_type="partial", type_reason="in a folder whose name starts with _")
                  if p.page_type not in ("partial", "showcase") and site.is_partial(p) else
                  replace(p, page_type="partial", type_reason=f"included into {included[_key(p.abspath)]}")
                  if (p.page_type != "partial" or p.type_reason.startswith((pagetypes.MODULE, pagetypes.SNIPPET)))
                  and _key(p.abspath) in included else p for p in site.pages)
    if site.framework == "mintlify":  # Mintlify renders no page of its `snippets/` folder: pages import them
        snippets = (site.root / "snippets").resolve()
        typed = tuple(replace(p, page_type="partial", type_reason="in Mintlify's snippets/ folder, never a page")
                      if p.page_type != "partial" and p.abspath.resolve().is_relative_to(snippets) else p
                      for p in typed)
        # ... and a page whose front matter `url` is an address (another site's, or a route of this one,
        # `/local-development#cli`) is a link in its navigation
        typed = tuple(replace(p, page_type="redirect", type_reason="front matter `url` (Mintlify): a link")
                      if p.page_type not in ("partial", "redirect") and isinstance(p.front_matter.get("url"), str)
                      and p.front_matter["url"].startswith(("http://", "https://", "/")) else p for p in typed)
    # Docusaurus's config, read once for the files its docs plugin leaves out and those it never builds
    config = (docusaurus.read_site(layout.config_files[0].parent)
              if site.framework == "docusaurus" and layout.config_files else None)
    if config is not None:
        typed = _docusaurus_excluded(typed, layout.config_files[0].parent, config)
        typed = _docusaurus_posts(typed, layout.config_files[0].parent, config)
    typed = _literate_nav_files(typed, layout)
    typed = _unfilled_endpoints(typed, site.root, layout.config_files)
    typed = _made_by_the_build(typed, layout.project_root)
    typed = _written_over(typed, layout.project_root)
    typed = _data_entries(typed)
    typed = _redirected(typed, layout)
    typed = _drawn_by_routes(typed, layout)
    typed = _menu_groups(typed)
    matched, unmatched = _sources(typed, layout)
    return replace(site, pages=typed, sources=matched, unmatched=unmatched,
                   unbuilt=_unbuilt(typed, layout, config, frozenset(included)))


# Docusaurus' `markdown: { format: 'detect' }`: a .md page is CommonMark, an .mdx page MDX.
_DETECT_FORMAT = re.compile(r"""\bformat\s*:\s*["']detect["']""")


def _md_as_mdx(layout: discover.Layout) -> bool:
    """Whether the framework reads a .md page as MDX: Docusaurus does (its `markdown.format` is `mdx` by default:
    no indented code, a fence indented by a tab opens a fence), unless its config sets the format to `detect`."""
    return layout.framework == "docusaurus" and not any(
        _DETECT_FORMAT.search(siteconfig.read_text(c)) for c in layout.config_files if c.is_file())


_MARKDOWN_ENGINE = re.compile(r"(?m)^markdown\s*:\s*['\"]?([\w-]+)")


def _html_ends(layout: discover.Layout) -> str:
    """Where the site's Markdown renderer ends a block of HTML other than at a blank line: "kramdown" where Jekyll
    reads the pages with kramdown (its default, unless its _config.yml names another converter, `markdown:
    CommonMarkGhPages`), "vue" on VuePress and VitePress (a Vue component's tag ends it), else ""."""
    if layout.framework in ("vuepress", "vitepress"):
        return "vue"
    if layout.framework != "jekyll":
        return ""
    said = next((m.group(1) for c in layout.config_files if c.is_file()
                 for m in [_MARKDOWN_ENGINE.search(siteconfig.read_text(c))] if m), "kramdown")
    return "kramdown" if said.lower() == "kramdown" else ""


_MAKEFILES = ("Makefile", "GNUmakefile", "makefile")
# An output a build's command writes: `--output-path=$(DOCS)/book/src/reference/api.md`, `-o docs/cli.md`,
# `> docs/reference.md`, `--out docs/x.md`.
_OUTPUT_OPTION = r"--?(?:output[-_]?(?:path|file|dir)?|out|o)(?:=|[ \t]+)"
_OUTPUT = re.compile(rf"(?:{_OUTPUT_OPTION}|>[ \t]*)([^\s;|&]+\.mdx?)\b")
# ... and in the generator scripts and settings of the project's tool folders: pydoc-markdown's renderer `filename:
# docs/reference/client-api.md`, a script's `API_DOC_PATH="docs/reference/client-api.md"`.
# (A variable named for an output or a doc's path, not any path a script reads: `input_file = "docs/index.md"`.)
_SCRIPT_OUTPUT = re.compile(r"""(?m)\b\w*(?:out|OUT|Out|doc|DOC|Doc)\w*(?:PATH|FILE|path|file|Path|File)\w*[ \t]*="""
                            r"""[ \t]*["']?([^\s"';|&]+\.mdx?)\b""")
_RENDERER_OUTPUT = re.compile(r"""(?m)^[ \t]*filename:[ \t]*["']?([^\s"';|&]+\.mdx?)\b""")  # under `renderer:`
# (In a script a redirect, `echo "# T" > page.md`, may be a test's stand-in: only a generator's output option counts.)
_FLAG_OUTPUT = re.compile(rf"{_OUTPUT_OPTION}([^\s;|&]+\.mdx?)\b")
_TOOL_FOLDERS = ("hack", "scripts", "tools")
_TOOL_SUFFIXES = frozenset({".sh", ".py", ".yml", ".yaml", ".mk"})
_TEST_FILE = re.compile(r"(?i)(?:^test_|_test\.|\.test\.|_spec\.)")  # a script's tests write pages of their own
_MAX_TOOL_FILES = 200


# The makefiles a makefile reads: `include tools/make/docs.mk`, `-include $(ROOT)/make/*.mk`, `$(MAKE) -f x.mk`.
_MAKE_INCLUDE = re.compile(r"(?m)^[ \t]*-?s?include[ \t]+([^\n#]+)|(?<![\w-])-f[ \t]+(\S+)")
_MAX_MAKEFILES = 50


def _makefiles(project: Path) -> list[str]:
    """The text of the project's Makefile and of the makefiles it includes or runs with `-f` (paths from the
    project's folder, a leading variable such as `$(ROOT_DIR)/` dropped, globs expanded), at most 50."""
    queue = [project / name for name in _MAKEFILES if (project / name).is_file()]
    seen: set[Path] = set()
    texts = []
    while queue and len(seen) < _MAX_MAKEFILES:
        file = queue.pop(0)
        if file in seen:
            continue
        seen.add(file)
        text = siteconfig.read_text(file)
        texts.append(text)
        for match in _MAKE_INCLUDE.finditer(text):
            for name in (match.group(1) or match.group(2) or "").split():
                name = re.sub(r"^\$[({][^)}]*[)}]/", "", name)
                if "$" in name or name.startswith("/"):
                    continue
                queue += sorted(p for p in project.glob(name) if p.is_file() and p.resolve().is_relative_to(
                    project.resolve()))
    return texts


def _tool_files(project: Path) -> list[str]:
    """The text of the scripts and generator settings in the project's tool folders (`hack/`, `scripts/`, `tools/`),
    at most 200, each read as text, never run."""
    texts: list[str] = []
    for folder in _TOOL_FOLDERS:
        base = project / folder
        if not base.is_dir():
            continue
        for file in sorted(base.rglob("*")):
            if len(texts) >= _MAX_TOOL_FILES:
                return texts
            if (file.suffix in _TOOL_SUFFIXES and file.is_file() and "node_modules" not in file.parts
                    and not _TEST_FILE.search(file.name)):
                texts.append(siteconfig.read_text(file))
    return texts


def _made_by_the_build(site_pages: tuple[Page, ...], project: Path) -> tuple[Page, ...]:
    """Pages a command of the project's Makefile writes (`crd-ref-docs ... --output-path=$(DOCS_DIR)/book/src/
    reference/api/crd-api-reference.md`), or a generator's script or settings in its tool folders names as its
    output (pydoc-markdown's `filename: docs/reference/client-api.md`): generated from the source, whatever is wrong
    in them fixed in the code or the generator's settings. An output is matched by the end of its path, from its
    last variable (`$(DOCS_DIR)`)."""
    outputs: set[str] = set()
    tools = _tool_files(project)
    found = [(text, _OUTPUT) for text in _makefiles(project)]
    found += [(text, pattern) for text in tools for pattern in (_FLAG_OUTPUT, _SCRIPT_OUTPUT)]
    found += [(text, _RENDERER_OUTPUT) for text in tools if "renderer:" in text]
    for text, pattern in found:
        for match in pattern.finditer(text):
            tail = re.split(r"\$[({][^)}]*[)}]/?|\$\w+/?", match.group(1))[-1].lstrip("./")
            if tail.count("/") >= 1:
                outputs.add(tail)
    if not outputs:
        return site_pages
    out = []
    for page in site_pages:
        try:
            rel_path = page.abspath.relative_to(project).as_posix()
        except ValueError:
            rel_path = page.path
        # the output itself, or its copy in another version's folder (`v1.9/api/x.md` beside `latest/api/x.md`)
        parts = rel_path.split("/")
        written = next((o for o in outputs if rel_path == o or rel_path.endswith("/" + o) or one_folder_apart(
            "/".join(parts[-(o.count("/") + 1):]), o)), None)
        out.append(replace(page, page_type="generated",
                           type_reason=f"{pagetypes.BUILD_WRITES}: a command of its Makefile or a generator's "
                                       f"script writes `{written}`")
                   if written and page.page_type != "partial" else page)
    return tuple(out)


_STAND_IN_WORDS = 30  # words a stand-in the build writes over holds, at most


def _written_over(site_pages: tuple[Page, ...], project: Path) -> tuple[Page, ...]:
    """Pages of a few words whose paths the repository's .gitignore covers (`docs/references/*/*.md`), committed all
    the same: a stand-in the build writes over (`**AutoGenerated PlaceHolder**`), what readers see made from the
    source; or, not committed, a local build's output. Neither holds what readers see. (A page of its own words there
    is one a pattern covers by chance, `api` ignoring the build's `api/` and the translated `zh/api/` alike.)"""
    rel = {}
    for page in site_pages:
        if page.words > _STAND_IN_WORDS:
            continue
        try:
            rel[page.abspath.relative_to(project).as_posix()] = page
        except ValueError:
            continue
    over = {rel[path].path for path in gitinfo.ignored_paths(project, sorted(rel)) if path in rel}
    return tuple(replace(page, page_type="generated", type_reason=pagetypes.WRITTEN_OVER)
                 if page.path in over and page.page_type != "partial" else page for page in site_pages)


_ENTRY_WORDS = 8  # words of text a front matter value holds for an entry's text to live there
_ENTRIES = 3  # files of a folder alike before they are a collection of entries


def _entry_text_key(page: Page) -> str:
    """The front matter key holding an entry's text when the file is front matter only (no body at all), else ""."""
    if not pagetypes.bare(page):
        return ""
    return next((str(k) for k, v in page.front_matter.items() if isinstance(v, str) and len(v.split()) >= _ENTRY_WORDS),
                "")


def _data_entries(site_pages: tuple[Page, ...]) -> tuple[Page, ...]:
    """Files of front matter only, a folder of them alike (the same keys, one of them holding a sentence or more): a
    collection of entries the site's code reads (a glossary's terms for its tooltips, its authors), not pages with
    nothing on them. A lone empty page with a long `description` is still an empty page."""
    folders: dict[str, list[Page]] = {}
    for page in site_pages:
        folders.setdefault(posixpath.dirname(page.path), []).append(page)
    entries: dict[str, str] = {}
    for alike in folders.values():
        keyed = [(p, _entry_text_key(p)) for p in alike]
        if len(alike) < _ENTRIES or not all(key for _, key in keyed):
            continue
        shapes = {frozenset(map(str, p.front_matter)) for p in alike}
        if len(shapes) == 1:
            entries.update((p.path, key) for p, key in keyed)
    if not entries:
        return site_pages
    return tuple(replace(p, page_type="partial", type_reason=f"an entry of a collection the site's code reads: front "
                                                              f"matter only, its text in `{entries[p.path]}`")
                 if p.path in entries and p.page_type == "doc" else p for p in site_pages)


_ROUTE_SUFFIXES = (".astro", ".md", ".mdx", ".html")  # the files of src/pages that render a page (not `.md.ts`)
_ROUTE_PARAM = re.compile(r"\[(\.\.\.)?[^\]/]+\]")


def _routes(pages_dir: Path) -> list[tuple[re.Pattern[str], str]]:
    """The addresses an Astro site's own page files serve, as patterns (`reference/cli/commands/[...slug].astro`:
    `reference/cli/commands/` and anything below), each with the file's name. A route of parameters only
    (`[...slug].astro`) is left out: that is how a site renders its collection's pages, not a page in their place."""
    routes = []
    for file in sorted(pages_dir.rglob("*")) if pages_dir.is_dir() else ():
        if file.suffix not in _ROUTE_SUFFIXES or not file.is_file():
            continue
        parts = [*file.relative_to(pages_dir).parent.parts, file.name[:-len(file.suffix)]]
        if parts[-1] == "index":
            parts.pop()
        if not any(_ROUTE_PARAM.sub("", part) for part in parts):
            continue
        pattern = ""
        for i, part in enumerate(parts):
            if re.fullmatch(r"\[\.\.\.[^\]/]+\]", part):  # a rest parameter: any path below, or none
                pattern += "(?:/.*)?" if i else ".*"
                continue
            pieces = _ROUTE_PARAM.split(part)  # static text between parameters, each matched as it is
            pattern += ("/" if i else "") + "[^/]+".join(re.escape(piece.lower()) for piece in pieces[::2])
        routes.append((re.compile(pattern), file.relative_to(pages_dir.parents[1]).as_posix()))
    return routes


_GROUPED = 2  # pages of the site a bare page's front matter lists for it to be their group in a menu
# lists of words that may happen to be a page's name (`tags: [api]` beside api.md), or old addresses (Hugo's aliases)
_NOT_MENU_KEYS = frozenset({"tags", "categories", "keywords", "authors", "aliases", "redirect_from"})


def _menu_groups(site_pages: tuple[Page, ...]) -> tuple[Page, ...]:
    """Files of front matter only that list other pages of the site by name (`subGuides: [getting-started-part-1,
    distributing-your-plugin]`): a group of the site's menu, which its code renders from that list, not a page with
    nothing on it."""
    names: set[str] = set()
    for page in site_pages:
        parts = posixpath.splitext(page.path)[0].split("/")
        names.update("/".join(parts[i:]) for i in range(len(parts)))  # `tagmanager/settingup`, `settingup`
    out = []
    for page in site_pages:
        listed = ""
        if page.page_type not in ("partial", "redirect", "landing", "hub") and pagetypes.bare(page):
            own = posixpath.basename(posixpath.splitext(page.path)[0])
            for key, value in page.front_matter.items():
                if (not isinstance(value, list) or not all(isinstance(v, str) for v in value)
                        or str(key).lower() in _NOT_MENU_KEYS):
                    continue
                hits = [v for v in value if v.split("#")[0].strip("/") in names and v.strip("/") != own]
                if len(hits) >= _GROUPED and 2 * len(hits) >= len(value):
                    listed = f"{pagetypes.MENU_GROUP} its front matter lists {len(hits)} pages of the site (`{key}`)"
                    break
        out.append(replace(page, page_type="hub", type_reason=listed) if listed else page)
    return tuple(out)


def _in_root(page: Page, roots: Sequence[Path]) -> str:
    """The page's path in the docs root that holds it, without its suffix (`guides/patterns`)."""
    for root in roots:
        if page.abspath.is_relative_to(root):
            return posixpath.splitext(page.abspath.relative_to(root).as_posix())[0]
    return posixpath.splitext(page.path)[0]


def _drawn_by_routes(site_pages: tuple[Page, ...], layout: discover.Layout) -> tuple[Page, ...]:
    """A content page of an Astro site (Starlight's or a collection's) with nothing in it but front matter and
    comments, whose address a page file of the site's own serves (`src/pages/guides/patterns.astro` for a page of
    `slug: guides/patterns`): that file draws the page from elsewhere (the site's data), the content file only puts
    it in the sidebar. A bare page no route serves stays a page with nothing on it."""
    if layout.framework not in ("starlight", "astro") or not layout.config_files or not layout.docs_roots:
        return site_pages
    pages_dir = layout.config_files[0].parent / "src" / "pages"
    if any(root.resolve() == pages_dir.resolve() for root in layout.docs_roots):
        return site_pages
    routes = _routes(pages_dir)
    if not routes:
        return site_pages
    out = []
    for page in site_pages:
        drawn = None
        if page.page_type not in ("partial", "redirect", "landing") and pagetypes.bare(page):
            slug = page.front_matter.get("slug")
            address = (slug if isinstance(slug, str) else _in_root(page, layout.docs_roots)).strip("/").lower()
            address = re.sub(r"(^|/)index$", "", address)
            drawn = next((name for pattern, name in routes if pattern.fullmatch(address)), None)
        out.append(replace(page, page_type="landing", type_reason=f"no content of its own: `{drawn}` draws its "
                                                                  "address from the site's data")
                   if drawn else page)
    return tuple(out)


def _redirected(site_pages: tuple[Page, ...], layout: discover.Layout) -> tuple[Page, ...]:
    """Pages the MkDocs redirects plugin replaces with a redirect (`redirect_maps: {jobs.md: https://...}`): a
    navigation entry to somewhere else, whatever its file holds."""
    if layout.framework != "mkdocs" or not layout.docs_roots or not layout.config_files:
        return site_pages
    maps = siteconfig.mkdocs_redirect_maps(layout.config_files)
    if not maps:
        return site_pages
    docs = layout.docs_roots[0]
    out = []
    for page in site_pages:
        try:
            target = maps.get(page.abspath.relative_to(docs).as_posix())
        except ValueError:
            target = None
        out.append(replace(page, page_type="redirect", type_reason=f"the redirects plugin sends it to {target}")
                   if target is not None else page)
    return tuple(out)


def _docusaurus_posts(site_pages: tuple[Page, ...], site_root: Path,
                      config: docusaurus.DocusaurusSite) -> tuple[Page, ...]:
    """The posts of every blog plugin instance (`id: "events", path: "./events"`): the build lists them on the blog's
    own pages, whatever their folder is named. (Their translations' folder names the blog plugin:
    `i18n/fr/docusaurus-plugin-content-blog-events/`.)"""
    folders = [site_root / blog.path for blog in config.blogs]
    out = []
    for page in site_pages:
        folder = next((f for f in folders if page.abspath.is_relative_to(f)), None) if (
            page.page_type in ("doc", "hub", "reference", "generated")) else None
        out.append(page if folder is None else replace(
            page, page_type="blog", type_reason=f"a post in `{folder.relative_to(site_root).as_posix()}/`, a blog of "
                                                "the site's config"))
    return tuple(out)


def _docusaurus_excluded(site_pages: tuple[Page, ...], site_root: Path,
                         config: docusaurus.DocusaurusSite) -> tuple[Page, ...]:
    """The files the docs plugin's `exclude` globs leave out of the docs (`**/partials/**`): no pages of their own,
    partials that pages import (so judged as a page's part, as a `_` file is)."""
    matched = docusaurus.excluded(site_root, config)
    out = []
    for page in site_pages:
        pattern = matched(_site_path(page, site_root)) if page.page_type != "partial" else ""
        out.append(replace(page, page_type="partial", type_reason=f"left out of the docs by the config's `exclude` "
                                                                  f"(`{pattern}`)") if pattern else page)
    return tuple(out)


def _literate_nav_files(site_pages: tuple[Page, ...], layout: discover.Layout) -> tuple[Page, ...]:
    """MkDocs' literate-nav files (`SUMMARY.md`, or the plugin's `nav_file`): the site's navigation written as a
    list of links in a page, a hub, not a page of content that could be thin."""
    name = siteconfig.mkdocs_literate_nav(layout.config_files[:1]) if layout.framework == "mkdocs" else ""
    if not name:
        return site_pages
    return tuple(replace(page, page_type="hub", type_reason=f"{pagetypes.LITERATE_NAV} ({name})")
                 if page.path.rsplit("/", 1)[-1] == name and page.page_type not in ("partial", "redirect") else page
                 for page in site_pages)


def _site_path(page: Page, site_root: Path) -> str:
    """A page's path relative to the folder of the site's config, `../docs/intro.md` for a docs folder beside it
    (Docusaurus's `path: '../docs'`)."""
    return Path(os.path.relpath(page.abspath, site_root)).as_posix()


def _unbuilt(site_pages: tuple[Page, ...], layout: discover.Layout,
             config: docusaurus.DocusaurusSite | None = None, included: frozenset[str] = frozenset()) -> frozenset[str]:
    """The pages the site's build leaves out (MkDocs `exclude_docs`, `draft_docs`, the exclude plugin; Sphinx's
    `exclude_patterns`; Docusaurus copies of locales and versions its config does not list; the pages an mdBook's or a
    GitBook's SUMMARY.md does not link, those Mintlify's `.mintignore` names, those a Dimer collection's `db.json`
    does not; a Grav page folder's plain file beside the one for the site's language): templates and notes kept
    beside the pages, reported on only when named, like drafts."""
    if layout.framework == "docusaurus" and layout.config_files:
        site_root = layout.config_files[0].parent
        left_out = docusaurus.unbuilt(site_root, config)
        # ... and a file the docs plugin's `exclude` leaves out that no page imports (`_templates/tutorial.md`, an
        # authoring template): neither a page nor part of one.
        excluded = docusaurus.excluded(site_root, config)
        return frozenset(page.path for page in site_pages
                         if left_out(rel := _site_path(page, site_root))
                         or (excluded(rel) and _key(page.abspath) not in included))
    if not layout.framework:
        return _dimer_unlisted(site_pages, layout.project_root)
    if layout.framework == "jekyll" and layout.config_files:
        return _jekyll_unbuilt(site_pages, layout.config_files[0])
    if layout.framework == "hugo":
        return _bundle_resources(site_pages) | _cascaded_no_page(site_pages)
    if layout.framework == "vuepress" and layout.config_files and layout.docs_roots:
        return _vuepress_unbuilt(site_pages, layout.docs_roots[0],
                                 siteconfig.vuepress_page_patterns(layout.config_files[0]))
    if layout.framework == "grav":  # a page folder's plain file, where one named for the site's language is served
        return frozenset(grav.shadowed([page.path for page in site_pages], layout.default_locale or "en"))
    if layout.framework == "mintlify" and layout.docs_roots:
        # Mintlify publishes no file its `.mintignore` names (a bare `README.md` at any depth, `drafts/`).
        patterns = siteconfig.ignore_lines(siteconfig.read_text(layout.docs_roots[0] / ".mintignore"))
        return _matching(site_pages, layout.docs_roots[0], patterns, _ignored)
    if layout.framework in ("mdbook", "gitbook"):
        return _unsummarised(site_pages, layout.docs_roots, always=("README.md",) if layout.framework == "gitbook"
                             else ())
    if layout.framework not in ("mkdocs", "sphinx") or not layout.docs_roots or not layout.config_files:
        return frozenset()
    if layout.framework == "sphinx":
        if not siteconfig.sphinx_reads_markdown(layout.config_files[0]):
            # a Sphinx site of reStructuredText alone builds no Markdown file: its `.md` files are read on GitHub
            return frozenset(page.path for page in site_pages if page.abspath.suffix in discover.PAGE_SUFFIXES)
        patterns = siteconfig.sphinx_excluded(layout.config_files[0])
        docs, ignored = layout.config_files[0].parent, _sphinx_ignored
    else:
        patterns = siteconfig.mkdocs_unbuilt(layout.config_files)
        docs, ignored = layout.docs_roots[0], _ignored
    return _matching(site_pages, docs, patterns, ignored)


def _vuepress_unbuilt(site_pages: tuple[Page, ...], source: Path, patterns: Sequence[str]) -> frozenset[str]:
    """The pages VuePress' `pagePatterns` leave out: those no pattern takes, or a `!` pattern drops (a glob, or a
    folder named whole: `!.vuepress`)."""
    take = [siteconfig.fast_glob(p) for p in patterns if not p.startswith("!")]
    drop = [p[1:].strip("/") for p in patterns if p.startswith("!")]
    if not take and not drop:
        return frozenset()
    dropped = [siteconfig.fast_glob(p) for p in drop]

    def left_out(rel: str, _patterns: str) -> bool:
        return bool(take and not any(t.fullmatch(rel) for t in take)) or any(
            d.fullmatch(rel) or rel.startswith(p + "/") for d, p in zip(dropped, drop, strict=True))
    return _matching(site_pages, source, ("pagePatterns",), left_out)


def _cascaded_no_page(site_pages: tuple[Page, ...]) -> frozenset[str]:
    """Hugo's `cascade` in a section's `_index.md` gives its pages front matter of its own: `cascade: {build: {render:
    never}}` (a list of cascades too, those without a `_target`) leaves every page below it unrendered, its
    sub-sections' too: entries a list layout shows as cards (a features grid), no pages of their own; so does
    `cascade: {draft: true}`, a section of drafts the site's build leaves out. The section's own page is rendered."""
    sections = [page.abspath.parent for page in site_pages for given in pagetypes.section_cascades(page)
                if _no_page(given) or _flag(given.get("draft")) is True]
    return frozenset(page.path for page in site_pages
                     if any(page.abspath.is_relative_to(folder) and page.abspath != folder / "_index.md"
                            for folder in sections))


def _bundle_resources(site_pages: tuple[Page, ...]) -> frozenset[str]:
    """Hugo renders a folder whose page is `index.md` (a leaf bundle) as that one page: the other Markdown files in
    it, and below it, are its resources (a glossary's terms its layout shows, a table a shortcode reads), no pages
    of their own."""
    bundles = {page.abspath.parent for page in site_pages if page.abspath.name == "index.md"}
    if not bundles:
        return frozenset()
    return frozenset(page.path for page in site_pages if page.abspath.name != "index.md"
                     and any(folder in bundles for folder in page.abspath.parents))


# The meta files GitHub Pages' optional-front-matter plugin leaves unbuilt when they have no front matter.
_JEKYLL_META = frozenset({"readme", "license", "licence", "copying", "code_of_conduct", "contributing",
                          "issue_template", "pull_request_template"})
_INDEX_FILES = ("index.md", "index.markdown", "index.html")


def _jekyll_unbuilt(site_pages: tuple[Page, ...], config: Path) -> frozenset[str]:
    """Jekyll builds no file its config's `exclude:` names, and no meta file without front matter (`README.md`,
    `CONTRIBUTING.md`, `LICENSE.md`: the repository's, shown by GitHub) unless `include:` names it, or, for a README,
    it is its folder's index (no index page beside it)."""
    try:
        data = siteconfig.load_yaml(config)
    except ValueError:  # a config Jekyll cannot read either: its build fails, reported by the build
        data = {}
    site = config.parent

    def names(key: str) -> list[str]:
        value = data.get(key)
        return [str(v).strip("/") for v in value if isinstance(v, str)] if isinstance(value, list) else []
    included = {os.path.normpath(site / name) for name in names("include")}
    meta = {page.path for page in site_pages if page.abspath.stem.lower() in _JEKYLL_META and not page.front_matter
            and not page.source.startswith("---") and os.path.normpath(page.abspath) not in included
            and (page.abspath.stem.lower() != "readme"
                 or any((page.abspath.parent / n).is_file() for n in _INDEX_FILES))}
    return _matching(site_pages, site, names("exclude"), _jekyll_excluded) | meta


def _jekyll_excluded(rel_path: str, pattern: str) -> bool:
    """Whether a path is one Jekyll's `exclude:` entry names: the file, a folder above it, or a glob."""
    return rel_path == pattern or rel_path.startswith(pattern + "/") or fnmatch.fnmatch(rel_path, pattern)


def _matching(site_pages: tuple[Page, ...], docs: Path, patterns: Sequence[str],
              ignored: Callable[[str, str], bool]) -> frozenset[str]:
    """The pages under `docs` whose path relative to it one of the patterns matches, as `ignored` reads them."""
    out = set()
    for page in site_pages:
        try:
            rel_path = page.abspath.relative_to(docs).as_posix()
        except ValueError:
            continue
        if any(ignored(rel_path, p) for p in patterns):
            out.add(page.path)
    return frozenset(out)


def _unsummarised(site_pages: tuple[Page, ...], roots: tuple[Path, ...], always: tuple[str, ...] = ()
                  ) -> frozenset[str]:
    """mdBook and GitBook publish the pages their SUMMARY.md links and nothing else: a file of a book's folder that
    no entry links (or only one in a comment, `<!-- - [Android](deploy/android.md) -->`) is not built. `always`:
    the pages published whatever it lists (a GitBook space's README.md, its first page)."""
    out = set()
    for root in roots:
        text = book_summary(root)
        if text is None:
            continue
        listed = {os.path.normpath(root / unquote(t.split("#", 1)[0])) for t in summary_targets(text)}
        listed |= {os.path.normpath(root / name) for name in always}
        for page in site_pages:
            if (page.abspath.is_relative_to(root) and page.abspath != root / "SUMMARY.md"
                    and os.path.normpath(page.abspath) not in listed and page.page_type != "partial"):
                out.add(page.path)
    return frozenset(out)


def _dimer_unlisted(site_pages: tuple[Page, ...], root: Path) -> frozenset[str]:
    """A Dimer content collection (`@dimerapp/content`, as AdonisJS' docs are built) renders the entries of its
    `db.json`, each `{"permalink": ..., "contentPath": "./basics/routing.md"}`, and nothing else: a page of the
    collection's folder that no entry names (an `old/` folder kept beside the pages) is not built."""
    top = os.path.normpath(root.resolve())
    folders = {os.path.dirname(os.path.normpath(page.abspath)) for page in site_pages}
    ancestors = {a for f in folders for a in _ancestors(f, top)}
    out: set[str] = set()
    for folder in sorted(ancestors):
        listed = _collection_entries(Path(folder) / "db.json")
        if listed is None:
            continue
        for page in site_pages:
            path = os.path.normpath(page.abspath)
            if path.startswith(folder.rstrip(os.sep) + os.sep) and path not in listed and page.page_type != "partial":
                out.add(page.path)
    return frozenset(out)


def _ancestors(folder: str, top: str) -> list[str]:
    """A folder and the folders it is in, up to `top` (the project's root), or none when it is not inside it."""
    out = []
    while folder == top or folder.startswith(top.rstrip(os.sep) + os.sep):
        out.append(folder)
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    return out


def _collection_entries(db: Path) -> set[str] | None:
    """The files a Dimer collection's `db.json` names (normalised absolute paths), or None when there is no such
    file or it is not a list of entries with a `contentPath`."""
    try:
        entries = json.loads(db.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(entries, list) or not entries or not all(
            isinstance(e, dict) and isinstance(e.get("contentPath"), str) for e in entries):
        return None
    return {os.path.normpath(db.parent / e["contentPath"]) for e in entries}


def _sphinx_ignored(rel_path: str, pattern: str) -> bool:
    """Whether a path relative to the Sphinx source folder is one of `exclude_patterns`, or in a folder that is:
    `*` stays within a folder, `**` crosses them."""
    regex = re.compile("".join(".*" if part == "**" else "[^/]*" if part == "*" else "[^/]" if part == "?"
                               else re.escape(part) for part in re.split(r"(\*\*|\*|\?)", pattern.strip("/"))))
    parts = rel_path.split("/")
    return any(regex.fullmatch("/".join(parts[:n])) for n in range(1, len(parts) + 1))


def _ignored(rel_path: str, pattern: str) -> bool:
    """Whether a path relative to the docs folder matches a gitignore-like line or a glob (`**/_template.md`,
    `drafts/`, `/notes.md`, `*.tmp.md`)."""
    anchored = pattern.startswith("/")
    pattern = pattern.strip("/") + ("/**" if pattern.endswith("/") else "")
    if fnmatch.fnmatch(rel_path, pattern) or (pattern.startswith("**/") and fnmatch.fnmatch(rel_path, pattern[3:])):
        return True
    return not anchored and "/" not in pattern and fnmatch.fnmatch(rel_path.rsplit("/", 1)[-1], pattern)


# A spec the site's config names by its address (Mintlify's `"openapi": "https://api.example.com/openapi.yaml"`).
_REMOTE_SPEC = re.compile(r"""["']?openapi["']?\s*:\s*(?:\[[^\]]*?)?["']https?://""")


def _unfilled_endpoints(site_pages: tuple[Page, ...], root: Path,
                        config_files: Sequence[Path] = ()) -> tuple[Page, ...]:
    """Endpoint pages (`openapi: get /x`) whose endpoint none of the site's OpenAPI specs has any more: the build has
    nothing to fill them with, and says so as a page problem. A site with no spec under its docs root is not judged,
    nor one whose config names a spec by its address (the build fills the pages from that one, which is not here)."""
    endpoints = {p.path: e for p in site_pages if (e := openapi.endpoint_of(p.front_matter.get("openapi")))}
    if endpoints and any(_REMOTE_SPEC.search(siteconfig.read_text(c)) for c in config_files if c.is_file()):
        return site_pages
    known = openapi.specs(root) if endpoints else {}
    if not known:
        return site_pages
    out = []
    for page in site_pages:
        endpoint = endpoints.get(page.path)
        if endpoint and openapi.missing(endpoint, known):
            line = next((n for n, text in enumerate(page.source.split("\n")[:50], 1) if text.startswith("openapi:")), 1)
            page = replace(page, problems=(*page.problems, (line, f"its endpoint `{endpoint[1]} {endpoint[2]}` is in "
                                                            "none of the site's OpenAPI specs, so the page renders "
                                                            "empty: remove the page or restore the endpoint")))
        out.append(page)
    return tuple(out)


# Includes of one page into another: VitePress <!--@include: ./x.md-->, MkDocs snippets --8<-- "x.md", Sphinx
# `.. include:: x.rst` and MyST's ```{include} x.md``` directive, Fumadocs' `<include>x.mdx</include>`, and an MDX
# import of a Markdown file (`import Notice from`, `import { Cli } from`).
# The parameter of a shortcode that names a file to show: `contentPath=`, `file=`, `path=`, `src=`, `markdown=`.
_FILE_PARAM = r"(?i:content[-_]?path|file(?:[-_]?(?:name|path))?|path|src|include|markdown|md)"
_INCLUDES = re.compile(r"""<!--\s*@include:\s*([^\s{#]+?)(?:[{#][^>]*)?\s*-->"""
                       r"""|<include\b[^>]*>\s*([^<\s]+?)\s*</include>"""
                       r"""|--8<--\s*["']([^"'\s]+)["']|^\s*\.\. include::\s*(\S+)"""
                       r"""|^\s*(?:`{3,}|~{3,}|:{3,})\{include\}[ \t]+(\S+)"""
                       r"""|^\s*import\s+(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}\s*|\*\s*as\s+[\w$]+\s*)?from\s+"""
                       r"""["']([^"']+\.mdx?)["']"""
                       # Hugo's `{{% include "x.md" %}}`, Docsy's `{{< readfile file="/vendor/x.md" >}}`
                       r"""|\{\{[<%]\s*(?:include|readfile)\s+(?:file\s*=\s*)?["']([^"']+\.mdx?)["']"""
                       # ... and a shortcode of the site's own given a Markdown file to show: `{{< markdown_inline
                       # contentPath="/docs/x.md" >}}` (not `{{< ref "x.md" >}}` nor `github="x.md"`: links)
                       r"""|^[ \t]*\{\{[<%]\s*[\w-]+\s+(?:[\w-]+\s*=\s*["'][^"'\n]*["']\s+)*""" + _FILE_PARAM
                       + r"""\s*=\s*["']([^"'\n]+\.mdx?)["']"""
                       # a line that is a Markdown file's path in double braces: `{{fragments/faq.md}}`
                       r"""|^[ \t]*\{\{\s*([\w.-]+(?:/[\w.-]+)*\.mdx?)\s*\}\}[ \t]*$""", re.M)


def _key(path: Path) -> str:
    return os.path.normpath(str(path))


def _included(site_pages: Sequence[Page], docs: Path, project: Path) -> dict[str, str]:
    """The pages other pages include (by file), each with the first page that includes it."""
    out: dict[str, str] = {}
    for page in site_pages:
        if not any(mark in page.source for mark in ("include", "--8<--", "import", "readfile", "{{", "{!", ":[")):
            continue
        # ... and the include lines a Markdown build replaces with a file's text (mkdocs-include-markdown's
        # `{% include-markdown "../x.md" %}`, over several lines or not; mdBook's `{{#include x.md}}`)
        found = [next(group for group in match.groups() if group) for match in _INCLUDES.finditer(page.source)]
        for target in dict.fromkeys([*found, *includes.targets(page.source)]):
            if target.startswith("@"):  # VitePress: `@` is the source folder (`@/x.md`, `@shared/x.md`)
                places = [docs / target[1:].lstrip("/")]
            elif target.startswith("/"):
                places = [docs / target.lstrip("/"), project / target.lstrip("/")]
            elif target.startswith("./"):  # from the including page, or a snippet's base path (the project)
                places = [page.abspath.parent / target, project / target]
            elif target.startswith("../"):  # from the including page
                places = [page.abspath.parent / target]
            else:  # a snippet's base path: the page's folder or one above it, the docs root or the project
                places = [folder / target for folder in (page.abspath.parent, *page.abspath.parent.parents)
                          if folder.is_relative_to(docs)] + [docs / target, project / target]
            for place in places:
                if _key(place) != _key(page.abspath):  # (a page that names its own file links to its source)
                    out.setdefault(_key(place), page.path)
    return out


# An ES import of a Markdown file in the site's own code: `import Step1 from '../../docs/intro/Step1.md'`.
_COMPONENT_IMPORT = re.compile(r"""\bimport\s+[\w$]+\s+from\s+["']([^"'\n]+\.mdx?)["']""")
_COMPONENT_SUFFIXES = frozenset({".js", ".jsx", ".mjs", ".ts", ".tsx", ".astro", ".vue", ".svelte"})
_MAX_COMPONENT_FILES = 5000


# A script that pastes Markdown files into another (`"build:metadata": "cat main-metadata.md > README.md"`).
_PASTE = re.compile(r"\bcat\s+((?:[^\s;|&<>\"']+\.mdx?\s+)+)>>?\s*([^\s;|&\"']+\.mdx?)")


def _pasted(config_files: Sequence[Path], project: Path) -> dict[str, str]:
    """Files a package.json script of the site pastes into another (`cat main-metadata.md > README.md`): parts of
    the file it writes, as a partial is of the page that includes it. Paths are the script's, from its package.json's
    folder (the project's, the site config's or the folder above that)."""
    out: dict[str, str] = {}
    folders = dict.fromkeys([project, *(c.parent for c in config_files), *(c.parent.parent for c in config_files)])
    for folder in folders:
        manifest = folder / "package.json"
        if not manifest.is_file():
            continue
        for match in _PASTE.finditer(siteconfig.read_text(manifest)):
            for name in match.group(1).split():
                out.setdefault(_key(folder / name), f"{match.group(2)} (a script of {manifest.name} pastes it in)")
    return out


def _component_imports(config_files: Sequence[Path], project: Path) -> dict[str, str]:
    """Pages that the site's own components import (a home page's component showing `docs/intro/Step1.md`): their
    content is shown inside another page, as a partial's is. Read from the `src/` and `theme/` folders beside the
    site's config file; `@site/` is that folder (Docusaurus). A Next.js app of no docs framework (`next.config.*` at
    the project's top) shows the Markdown its routes import (`app/docs/v7/page.tsx` importing `migration.mdx` and
    `plugins.mdx`, one page): read from its `app/` and `src/` folders."""
    out: dict[str, str] = {}
    seen = 0
    bases = [config.parent for config in config_files]
    if not bases and any((project / f"next.config.{ext}").is_file() for ext in ("js", "mjs", "cjs", "ts", "mts")):
        bases = [project]
    for base in bases:
        for folder in (base / "src", base / "theme", base / "app"):
            if not folder.is_dir():
                continue
            for here, dirs, files in os.walk(folder):
                dirs[:] = [d for d in dirs if d not in ("node_modules", "dist", "build") and not d.startswith(".")]
                for name in files:
                    if os.path.splitext(name)[1] not in _COMPONENT_SUFFIXES:
                        continue
                    seen += 1
                    if seen > _MAX_COMPONENT_FILES:
                        return out
                    path = Path(here) / name
                    try:
                        code = path.read_text(encoding="utf-8", errors="replace")[:500_000]
                    except OSError:
                        continue
                    for match in _COMPONENT_IMPORT.finditer(code):
                        target = match.group(1)
                        if target.startswith("@site/"):
                            place = base / target[len("@site/"):]
                        elif target.startswith(("@/", "~/")):  # the app's folder, or its `src/`, by its alias
                            rest = target[2:]
                            place = next((p for p in (base / rest, base / "src" / rest) if p.is_file()), base / rest)
                        elif target.startswith(("./", "../")):
                            place = path.parent / target
                        else:
                            continue
                        out.setdefault(_key(place), rel(path, project))
    return out


def _sources(site_pages: Sequence[Page], layout: discover.Layout) -> tuple[dict[str, str], dict[str, tuple[Path, ...]]]:
    """The page each translation translates, where the site has it; and, for the others, where it would be."""
    by_file = {os.path.normpath(str(p.abspath)): p.path for p in site_pages}
    out, unmatched = {}, {}
    for page in site_pages:
        if page.variant.startswith("i18n:"):
            candidates = layout.source_candidates(page.abspath)
            found = next((by_file[c] for c in map(os.path.normpath, map(str, candidates)) if c in by_file), None)
            if found is not None:
                out[page.path] = found
            elif candidates:
                unmatched[page.path] = tuple(Path(c) for c in candidates)
    return out, unmatched


def new_to_cache(targets: Sequence[Path], cwd: Path, settings: Mapping[str, Any], cache: Cache | None,
                 layout: discover.Layout) -> bool:
    """Whether one of the pages named on the command line is not in the page cache as it is now (it was edited)."""
    named = [t for t in targets if t.is_file() and t.suffix in discover.PAGE_SUFFIXES]
    if not named or cache is None:
        return False
    sources = []
    for target in named:
        try:
            where = rel(target, cwd)
            sources.append((where, target, layout.variant_of(target), read_source(target, settings["max-page-bytes"])))
        except InputProblem:
            continue
    return not pages.all_cached(sources, cache)


def translations_of(site: Site, targets: Sequence[Path]) -> frozenset[str]:
    """The translations reported on by the rules that judge translations: all of them in a run over the whole site,
    else those named or under a named folder; those the build leaves out, and drafts, only when named."""
    named = matcher(targets) if targets else (lambda where: True)
    files = {os.path.normpath(str(t)) for t in targets}
    return frozenset(p.path for p in site.pages if p.variant.startswith("i18n:") and named(str(p.abspath))
                     and (not (p.path in site.unbuilt or draft(p)) or os.path.normpath(str(p.abspath)) in files))


# A page that tells search engines to leave it out: `<meta name="robots" content="noindex">` in its head (an MDX
# page's `<head>`), or front matter that says so.
_NOINDEX = re.compile(r"""<meta\s+name\s*=\s*["']robots["']\s+content\s*=\s*["'][^"']*\bnoindex\b""", re.I)


def _flag(value: Any) -> bool | None:
    """A front matter flag, written as YAML's boolean or quoted (`noindex: "true"`, which a JavaScript build reads as
    true all the same); None when it is neither."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    return None


def draft(page: Page) -> bool:
    """A page its front matter keeps from readers: out of the published site (`draft: true`, `published: false`, as
    Docusaurus, Astro, Hugo and Jekyll read them), out of the navigation with nothing linking to it by design
    (`hidden: true`; `hidePage: true`, as Prisma's Gatsby docs theme reads it), or kept from search engines
    (`noindex: true`, `robots: noindex`, a robots `noindex` meta tag in its head, or in the `head:` its front matter
    adds): a page for the site's makers, a styling test page of placeholder text; or no page at all (`headless:
    true`)."""
    front = page.front_matter
    robots = front.get("robots")
    return (_flag(front.get("draft")) is True or _flag(front.get("published")) is False
            or _flag(front.get("hidden")) is True or _flag(front.get("noindex")) is True
            or _flag(front.get("hidePage")) is True or _flag(front.get("hide_page")) is True
            or _flag(front.get("no_index")) is True
            or (isinstance(robots, str) and "noindex" in robots.lower())
            or bool(_NOINDEX.search(page.source[:5000])) or _no_page(front) or _head_noindex(front.get("head")))


def _head_noindex(head: Any) -> bool:
    """Whether front matter adds a robots `noindex` tag to the page's head, as VitePress reads it (`head: [[meta,
    {name: robots, content: 'noindex, nofollow'}]]`)."""
    return isinstance(head, list) and any(
        isinstance(tag, list) and len(tag) > 1 and tag[0] == "meta" and isinstance(tag[1], Mapping)
        and str(tag[1].get("name", "")).lower() == "robots" and "noindex" in str(tag[1].get("content", "")).lower()
        for tag in head)


_NO_PAGE_KEYS = ("noPage", "no_page", "nopage", "headless")


def _no_page(front: Mapping[str, Any]) -> bool:
    """Whether front matter says the file renders no page of its own: Hugo's `headless: true` and `build: {render:
    never}` (or `_build`, `render: false`; `render: link`, a menu entry that links elsewhere), or a flag named for it
    (`noPage: true`: a sidebar group's file)."""
    if any(front.get(key) is True for key in _NO_PAGE_KEYS):
        return True
    return any(isinstance(build := front.get(key), Mapping)
               and build.get("render") in ("never", "link", False, "false") for key in ("build", "_build"))


def scope_of(site: Site, targets: Sequence[Path], variants: bool, cwd: Path) -> frozenset[str] | None:
    """The pages reported on: those under the given paths, else every page (None when that is the whole site);
    frozen versioned copies and translations only when asked for (by lint-variants or by naming them), and drafts
    only when named."""
    if not targets:
        chosen = {p.path for p in site.pages if (variants or not p.variant) and not draft(p)
                  and p.path not in site.unbuilt}
        return None if len(chosen) == len(site.pages) else frozenset(chosen | {p for p, _ in site.unreadable})
    named = matcher(targets)
    files = {os.path.normpath(str(t)) for t in targets}
    chosen = {p.path for p in site.pages if named(str(p.abspath))
              and (not (draft(p) or p.path in site.unbuilt) or os.path.normpath(str(p.abspath)) in files)}
    return frozenset(chosen | {p for p, _ in site.unreadable if named(os.path.normpath(os.path.join(cwd, p)))})
