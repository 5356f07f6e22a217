"""Repository paths a page names that do not exist (dangling references)."""

from __future__ import annotations

import json
import os
import re
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import unquote

from sitelint import gitinfo, text
from sitelint.checks import CheckContext, Words, site_fact, spec
from sitelint.checks.staleness.common import frozen
from sitelint.model import Block, Location, Measurement, Page, Site
from sitelint.sites import siteconfig

# The folders of a Hugo project: on a Hugo site, `layouts/_shortcodes/foo.html` is the reader's project, whatever
# the site's own repository holds.
_HUGO_PROJECT = frozenset({"layouts", "archetypes", "assets", "static", "data", "i18n", "themes", "content", "config"})
_PATHLIKE = re.compile(r"(?:\.{1,2}/)*[\w@.+-]+(?:/[\w@.+-]+)+/?")
PAGE_SUFFIXES = (".md", ".mdx", ".markdown", ".rst")
# A name that stands for one to fill in: `constraints-pyodideXYZ.txt`, `release-X.Y.md`, `YYYY-MM-DD-post.md`.
_PLACEHOLDER = re.compile(r"XYZ|XXX|YYYY|NNN|(?<![\w.])[Xx]\.[Yy](?:\.[Zz])?(?!\w)")


@dataclass(frozen=True)
class Reference:
    text: str  # as written
    line: int
    found: Path | None  # the file or folder it names, None when it dangles


def _clean_reference(raw: str, link: bool) -> str:
    text = raw.strip()
    if link:
        text = text.split("#", 1)[0].split("?", 1)[0]
    else:
        text = re.sub(r"(?::\d+(?:[:-]\d+)?|#L\d+(?:-L\d+)?)$", "", text)
    if not _PATHLIKE.fullmatch(text) or "path/to/" in text or "..." in text or "//" in text \
            or _PLACEHOLDER.search(text):
        return ""
    last = text.rstrip("/").rsplit("/", 1)[-1]
    if "." in last.strip("."):
        return text
    return text if text.endswith("/") and not link else ""  # a link to a folder is a route of the built site


def _roots(page: Page, ctx: CheckContext, text: str, link: bool) -> list[Path]:
    """Where a path may be relative to: the page's folder for links and ./ ../ paths, else the repository."""
    if link or text.startswith(("./", "../")):
        return [page.abspath.parent]
    bases = list(dict.fromkeys([ctx.site.product_root, ctx.site.repo_root]))
    return [*bases, *(base / str(r) for base in bases for r in ctx.params["roots"])]


def _pages_folder(site: Site) -> Path | None:
    """The deepest folder nearly all the site's pages live in (`docs/`, or `src/routes` of a site whose framework is
    not known, its README beside it), when it is not the repository's or the product's own top folder."""
    found: Path | None = site_fact(site, "pages-folder", _deepest_holding)
    return found


def _deepest_holding(site: Site) -> Path | None:
    tops = {site.repo_root.resolve(), site.product_root.resolve()}
    pages = [p.abspath.resolve().parent for p in site.pages if not p.variant]
    counts: dict[Path, int] = {}
    for folder in pages:
        for up in (folder, *folder.parents):
            counts[up] = counts.get(up, 0) + 1
            if up in tops:
                break
    held_by = [f for f, n in counts.items() if n >= _NEARLY_ALL * len(pages) and f not in tops]
    return max(held_by, key=lambda f: len(f.parts)) if held_by else None


_NEARLY_ALL = 0.9  # share of the pages a folder holds to be the folder the pages live in


# The folders a site's app is built from, beside its config: its components, layouts, pages and static files.
_APP_FOLDERS = {"docusaurus": ("src", "static"), "starlight": ("src", "public"), "astro": ("src", "public"),
                "vitepress": (".vitepress", "public")}


def _app_folders(site: Site) -> list[Path]:
    """The docs app's own source folders (an Astro site's `src/`, a Docusaurus site's `src/` and `static/`), when its
    config sits in a folder of its own or at the top of a repository whose package.json says it is private (only
    the site), and that folder is no published package: a page names a path in them to teach the reader's project,
    not to point at the site's implementation."""
    if not site.config_files or site.framework not in _APP_FOLDERS:
        return []
    app = site.config_files[0].parent.resolve()
    if app.name == ".vitepress":
        app = app.parent  # the VitePress site's folder, which holds `.vitepress/` and `public/`
    manifest = _manifest(app / "package.json")
    if manifest.get("main") or manifest.get("exports") or manifest.get("bin"):
        return []  # a package published for others: its `src/` is the product's code
    if app == site.repo_root.resolve() and not manifest.get("private"):
        return []  # a site at the top of a repository that does not say it is only the site: `src/` may be the code
    return [(app / name).resolve() for name in _APP_FOLDERS[site.framework] if (app / name).is_dir()]


def _manifest(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8", errors="replace"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _inside(folder: Path, docs: Path) -> bool:
    return folder == docs or docs in folder.parents


def _plausible(folder: Path, name: str) -> bool:
    """Whether a folder is where such a file would live: it holds a file of the same kind (extension)."""
    suffix = PurePosixPath(name).suffix.lower()
    if not suffix:
        return True
    try:
        return any(child.suffix.lower() == suffix for child in folder.iterdir())
    except OSError:
        return False


def references(page: Page, ctx: CheckContext) -> Iterator[Reference]:
    """Repository paths the page names in inline code or links, judged only where they are about this repository.

    A path counts when its folder exists and holds files of the same kind; otherwise ('src/features/todos/slice.js'
    in a tutorial, 'api/server.ts' beside a docs folder named api/) it is about the reader's own project. So is a
    path in inline code in a sentence that speaks to the reader ("create `.github/workflows/ci.yml`", "for example
    `public/icon.png`", "in your project"), unless it says it means this repository, and a path in inline code into
    the folder the pages live in (a site built with the framework it documents teaches its own folders), or into
    a Hugo project's folders on a Hugo site (`layouts/_shortcodes/foo.html`). So are paths the page names as
    alternatives of one file (`mise.toml`, `.config/mise.toml`): where a program looks for it. Code
    blocks are never read; URLs, single file names, pages and images (the build checks those) are not references.
    """
    speaks = _reader_words(ctx.params["reader-words"], ctx.params["ours-words"])
    shown = _shown_files(page) | _other_repositories(page, site_fact(ctx.site, "own-repositories", own_repositories))
    # Inline code that is the text of a link to a page of the site (`[`src/utils.rs`](./src-utils-rs.md)`, a tutorial's
    # page about the reader's file) names that page's subject: the link says where it goes.
    titles: dict[int, list[str]] = {}
    for link in page.links:
        if not link.image and not re.match(r"[a-z][\w+.-]*:|//", link.target, re.I):
            titles.setdefault(link.line, []).append(link.text)
    candidates = [(c.text, c.line, False) for c in page.inline_code
                  if c.text.strip() not in shown and not any(c.text.strip() in t for t in titles.get(c.line, ()))
                  and not _readers(page, c.text, c.line, speaks)]
    for link in page.links:
        if not link.image and not re.match(r"[a-z][\w+.-]*:|#|/", link.target, re.I):
            candidates.append((link.target, link.line, True))
    docs = _pages_folder(ctx.site)
    seen: set[str] = set()
    options = _alternatives([c.text.strip() for c in page.inline_code])
    for raw, line, is_link in candidates:
        text = _clean_reference(raw, is_link)
        if not text or text in seen or text.rstrip("/").lower().endswith(PAGE_SUFFIXES):
            continue
        if not is_link and text in options:
            continue  # one of the names a program looks for in the reader's project
        seen.add(text)
        parent = PurePosixPath(text.rstrip("/")).parent.as_posix()
        if parent in (".", ""):
            continue
        roots = [r for r in _roots(page, ctx, text, is_link) if (r / parent).is_dir()]
        if not roots:
            continue
        if (not is_link and docs is not None and not text.startswith(("./", "../"))
                and any(_inside((r / parent).resolve(), docs) for r in roots)):
            continue  # the pages' own folder named from the top: a route the docs teach (`src/routes/about.tsx`)
        if not is_link and not text.startswith(("./", "../")) and any(
                _inside((r / parent).resolve(), app) for r in roots
                for app in site_fact(ctx.site, "app-folders", _app_folders)):
            continue  # the docs app's own source (`src/layouts/`): a folder of the reader's project it teaches
        if not is_link and ctx.site.framework == "hugo" and text.split("/", 1)[0] in _HUGO_PROJECT:
            continue
        found = next(((r / text).resolve() for r in roots if (r / text).exists()), None)
        if found is None and not any(_plausible(r / parent, text.rstrip("/")) for r in roots):
            continue
        if found is None and _ignored(ctx.site.repo_root.resolve(), roots, text):
            continue  # a path the repository ignores is a build's output (`site/`, `dist/`), not a file gone
        if is_link and found is not None and found.is_relative_to(ctx.site.root.resolve()):
            continue  # a file inside the docs: the build copies or checks it
        if is_link and found is None and _docs_path(page, text, ctx.site) in site_fact(
                ctx.site, "generated-files", generated_files):
            continue  # a file a build script writes into the site (mkdocs-gen-files): there once it is built
        yield Reference(text, line, found)


def _ignored(repo: Path, roots: Sequence[Path], text: str) -> bool:
    """Whether the repository's ignore rules cover the path under any of the roots it may be relative to."""
    folder = "/" if text.endswith("/") else ""
    names = [(r / text).resolve().relative_to(repo).as_posix() + folder for r in roots
             if (r / text).resolve().is_relative_to(repo)]
    return gitinfo.ignored(repo, names)


_FILE_NAME = re.compile(r"(?:\.{0,2}/)?[\w@.+-]+(?:/[\w@.+-]+)*")


def _file_key(path: str) -> str:
    """A file's name without its folder, leading dot and extensions: `.config/lefthook.yaml` -> `lefthook`."""
    return path.rstrip("/").rsplit("/", 1)[-1].lstrip(".").split(".", 1)[0].lower()


def _alternatives(paths: Sequence[str]) -> frozenset[str]:
    """Paths the page names as alternatives of one file: the same name in other folders, hidden or not, or with
    other extensions (`mise.toml`, `.config/mise.toml`; `.config/lefthook.yml`, `.config/lefthook.toml`). Those
    are the places a program looks for its file in the reader's project, which no repository has all of."""
    groups: dict[str, set[str]] = {}
    for path in paths:
        if _FILE_NAME.fullmatch(path) and "." in path.rsplit("/", 1)[-1].lstrip("."):
            groups.setdefault(_file_key(path), set()).add(path)
    return frozenset(p for group in groups.values() if len(group) > 1 for p in group)


# A file an mkdocs-gen-files script writes into the site: `mkdocs_gen_files.open("griffe.json", "w")`.
_GEN_FILES_OPEN = re.compile(r"""\bopen\(\s*["']([^"'{}\s]+)["']""")


def generated_files(site: Site) -> frozenset[str]:
    """The paths, relative to the docs, that the site's build scripts write into it: the scripts of an MkDocs
    site's `gen-files` plugin, read as text (never run)."""
    if site.framework != "mkdocs" or not site.config_files:
        return frozenset()
    try:
        plugins = siteconfig.load_mkdocs(site.config_files[0]).get("plugins") or []
    except ValueError:
        return frozenset()
    scripts = [str(x) for p in plugins if isinstance(p, dict) and isinstance(p.get("gen-files"), dict)
               for x in p["gen-files"].get("scripts") or []]
    base = site.config_files[0].parent.resolve()
    out: set[str] = set()
    for script in scripts:
        path = (base / script).resolve()
        if not path.is_relative_to(site.repo_root.resolve()):
            continue  # only the repository's own files are read
        source = siteconfig.read_text(path)
        if "mkdocs_gen_files" in source:
            out.update(PurePosixPath(m).as_posix().lstrip("./") for m in _GEN_FILES_OPEN.findall(source))
    return frozenset(out)


def _docs_path(page: Page, target: str, site: Site) -> str:
    """Where a link of the page points, relative to the docs ("" outside them)."""
    where = Path(os.path.realpath(page.abspath.parent / target))
    try:
        return where.relative_to(os.path.realpath(site.root)).as_posix()
    except ValueError:
        return ""


# A code block that shows a file names it: ```json title=".vscode/tasks.json", filename="...", VitePress's [path].
_FENCE_FILE = re.compile(r"""(?:\b(?:title|filename|file)\s*=\s*["']?([^"'\s]+)|\[([^\]\s]+)\])""")
_LANG_OF = {"yml": "yaml", "rs": "rust", "py": "python", "js": "javascript", "ts": "typescript", "md": "markdown",
            "sh": "bash", "rb": "ruby", "kt": "kotlin"}


def fence_file(lines: Sequence[str], block: Block) -> str:
    """The file a code block is titled with on its fence line (after its language), or ""."""
    fence = lines[block.line - 1] if 0 < block.line <= len(lines) else ""
    titled = _FENCE_FILE.search(fence.split(block.lang, 1)[-1] if block.lang else "")
    return (titled.group(1) or titled.group(2)) if titled else ""


def _fits(path: str, lang: str) -> bool:
    """Whether a file of this name could be what a fence of this language shows."""
    suffix = path.rpartition(".")[2].lower() if "." in path.rpartition("/")[2] else ""
    lang = lang.lower()
    return bool(suffix) and (lang == suffix or _LANG_OF.get(suffix) == lang or _LANG_OF.get(lang) == suffix
                             or (suffix == "sh" and lang in ("shell", "sh", "zsh")))


_SHELL_LANGS = frozenset({"bash", "sh", "shell", "console", "zsh", "powershell", "ps1", "cmd", "bat", "fish"})


def _shown_files(page: Page) -> frozenset[str]:
    """Files whose contents the page shows for the reader to write: the file a code block is titled with, a file
    named in the paragraph that leads straight into a code block of its kind ("a workflow file at
    `.github/workflows/test.yml`:" and the YAML below it), and a path a directory tree on the page draws. They are
    the reader's, whether or not this repository has one. So is a file a link to another site opens (a sandbox's
    `?file=`), and a path a shell command on the page is given."""
    lines = page.source.split("\n")
    out: set[str] = set()
    blocks = [b for b in page.blocks if b.kind not in ("comment", "html", "jsx")]
    tree: set[str] = set()
    for before, block in zip([None, *blocks], blocks, strict=False):
        if block.kind != "code" or block.line > len(lines):
            continue
        names = [m.group(1).strip("/") for m in map(_TREE_LINE.match, block.text.split("\n")) if m]
        if len(names) >= 2:
            tree.update(names)
        titled = fence_file(lines, block)
        if titled:
            out.add(titled)
        if before is not None and before.is_prose:
            out.update(c.text.strip() for c in page.inline_code
                       if before.line <= c.line <= before.end_line and _fits(c.text.strip(), block.lang))
    # A VitePress snippet import titled with a file name (`<<< ./ci.yaml [.github/workflows/deploy.yml]`) shows that
    # file's contents.
    out.update(m.group(1).strip() for m in _SNIPPET_TITLE.finditer(page.source))
    # A path every part of which a directory tree on the page shows (`test/unit/` beside a tree of test/, unit/)
    # is the layout the page draws for the reader's project.
    out.update(c.text.strip() for c in page.inline_code
               if tree and all(part in tree for part in c.text.strip().strip("./").rstrip("/").split("/") if part))
    # A path that a link to another site opens is that site's file: a sandbox's `?file=/src/ViewModel.ts`. (A
    # repository's `/blob/main/src/x.ts` is not read so: it may be this repository's own file.)
    elsewhere = " ".join(unquote(link.target) for link in page.links if re.match(r"https?://", link.target, re.I))
    out.update(c.text.strip() for c in page.inline_code
               if "/" in c.text and re.search(rf"=/?{re.escape(c.text.strip().lstrip('./'))}(?![\w/.-])", elsewhere))
    # A path a command on the page is given (`tsdown src/entry1.ts src/entry2.ts`, then "this command will bundle
    # `src/entry1.ts`"): the reader runs it in their own project.
    out.update(word.strip("'\"") for block in blocks if block.kind == "code" and block.lang.lower() in _SHELL_LANGS
               for line in block.text.split("\n") for word in line.split()[1:] if "/" in word)
    return frozenset(out)


# A repository a URL names on a forge: github.com/owner/name, git@github.com:owner/name.git.
_FORGE_REPO = re.compile(r"(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org)[/:]([\w.-]+)/([\w.-]+?)(?:\.git)?"
                         r"(?=[/#?\s\"')]|$)", re.I)


def own_repositories(site: Site) -> frozenset[str]:
    """The forge repositories (`owner/name`, lower case) the site says it is: package.json's `repository`, a
    pyproject's project URLs, MkDocs' `repo_url`, the git remotes in .git/config. Empty when none says."""
    texts = []
    for folder in dict.fromkeys((site.product_root, site.repo_root)):
        for name in ("package.json", "pyproject.toml", ".git/config"):
            try:
                texts.append((folder / name).read_text(encoding="utf-8", errors="replace")[:200_000])
            except OSError:
                continue
    for config in site.config_files:
        if config.name.startswith(("mkdocs", "zensical", "properdocs")):
            texts += [line for line in siteconfig.read_text(config).splitlines() if line.startswith("repo_url")]
    return frozenset(f"{m.group(1)}/{m.group(2)}".lower() for t in texts for m in _FORGE_REPO.finditer(t))


def _other_repositories(page: Page, own: frozenset[str]) -> frozenset[str]:
    """Paths that are the text of a link into another repository (`examples/basic-app/` linking to another
    project's tree): that repository's files. Only when the site says which repository is its own."""
    if not own:
        return frozenset()
    out: set[str] = set()
    for link in page.links:
        match = _FORGE_REPO.search(link.target) if re.match(r"https?://", link.target, re.I) else None
        if match and f"{match.group(1)}/{match.group(2)}".lower() not in own:
            out.update(c.text.strip() for c in page.inline_code if c.line == link.line and c.text.strip()
                       and c.text.strip() in link.text)
    return frozenset(out)


# A VitePress code snippet import with a title: `<<< ./file.yaml#region{2,3} [title.yml]`.
_SNIPPET_TITLE = re.compile(r"^[ \t>]*<<<[ \t]+\S+(?:[ \t]*\{[^}\n]*\})?[ \t]*\[([^\]\n]+)\]", re.M)

# A line of a directory tree: `├── src/`, `│   └── index.ts`, `|-- src`, `+-- src`, Nuxt's `-| test/`, `---| e2e/`.
_TREE_LINE = re.compile(r"^[\s│|]*(?:[├└+`|]\s*[─—-]{1,3}|-+\|)\s*([^\s#]+)")


def _reader_words(reader: Sequence[str], ours: Sequence[str]) -> tuple[re.Pattern[str], re.Pattern[str]]:
    return text.phrases([str(w) for w in reader]), text.phrases([str(w) for w in ours])


# A sentence ends at . ! ? or : before a space, but not at an abbreviation that introduces an example.
_SENTENCES = re.compile(r"(?<=[.!?:])(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\bvs\.)\s+(?=\S)")


def _block_at(blocks: Sequence[Block], line: int) -> Block | None:
    at = bisect_right(blocks, line, key=_line_of) - 1
    while at >= 0 and blocks[at].end_line < line:
        at -= 1
    return blocks[at] if at >= 0 and blocks[at].line <= line <= blocks[at].end_line else None


def _line_of(block: Block) -> int:
    return block.line


def _readers(page: Page, code: str, line: int, speaks: tuple[re.Pattern[str], re.Pattern[str]]) -> bool:
    """Whether inline code sits in a sentence addressed to the reader about their own project (an instruction or an
    example), and not one that says it means this repository."""
    reader, ours = speaks
    block = _block_at(page.blocks, line)
    if block is None:
        return False
    # The block's source, not its text: its text leaves the inline code out, so the sentence naming the code is
    # found where the code is written (a later line quoting the same path is another sentence).
    source = "\n".join(page.source.split("\n")[block.line - 1:block.end_line])
    sentence = next((s for s in _SENTENCES.split(source) if f"`{code}`" in s or code in s), block.text)
    return bool(reader.search(sentence)) and not ours.search(sentence)


def dangling_references(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    if frozen(page):
        return
    for ref in references(page, ctx):
        if ref.found is None:
            yield Measurement({"missing": True}, Location(page.path, ref.line), {"ref": ref.text})


ROOT_PARAMS = {
    "roots": Words("Folders, relative to the repository, that paths a page names may be relative to."),
    "reader-words": Words("Words of a sentence that speaks to the reader of their own project (your, create, for "
                          "example): a path in it is theirs."),
    "ours-words": Words("Words that say a sentence means this repository (this repository) even so."),
}
CHECK = spec("dangling-reference", "page", dangling_references, values=("missing",), params=ROOT_PARAMS)
