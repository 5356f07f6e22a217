"""Where a site is: its project root, its framework and config, its docs roots, and the copies it makes on purpose.

The project root is the nearest folder, from the start folder upward, that holds a sitelint config or a docs
framework's config (or .git). A framework's config (Docusaurus, Fumadocs' `source.config.ts`, Nextra's
`next.config.*` and its `content/` or `pages/`, Contentlayer's `contentDirPath`, Starlight, a plain Astro site's
content collections or its `src/pages`, Rspress (its config's `root`), VuePress, VitePress, MkDocs or Zensical's
`zensical.toml`, Sphinx) may sit in that folder, in `website/`,
`www/`, `docs/` or `documentation/` (of the project, or of a monorepo's `packages/` or `apps/`), or one level
further (`docs/en/mkdocs.yml`), or an mdBook's `book.toml` there or in `doc/`, `guide/` or `book/` (its `src`; a book
per folder of `docs/` or `doc/` is a docs root each), or a site in
another top-level folder (the one package.json's scripts build with VitePress, else the only one with a framework's
config); with none, the docs are `docs/`, else `documentation/docs/` or `documentation/`. Versioned docs and
translations are deliberate copies (Page.variant): versioned copies are Docusaurus's `versioned_docs/` and Rspress'
`multiVersion` folders other than the default's, translations
come from the framework's own config (Docusaurus `i18n/`, Starlight and VitePress `locales`, the MkDocs i18n
plugin's `languages`), else from top-level folders named like locales that mirror the pages beside them.
"""

from __future__ import annotations

import itertools
import json
import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from sitelint.sites import docusaurus, locales as localemod, siteconfig
from sitelint.sites.siteconfig import (
    ASTRO_CONFIGS,
    DOCUSAURUS_CONFIGS,
    VITEPRESS_CONFIGS,
    block_after,
    mask_comments,
    module_candidates,
)

# Docusaurus' frozen versions: `versioned_docs/version-1.2/`, a docs instance's `rollouts_versioned_docs/version-1.2/`,
# and their translations, `i18n/zh/docusaurus-plugin-content-docs-rollouts/version-1.2/`.
_VERSIONED = re.compile(r"(?:^|/)(?:[\w-]+_)?versioned_docs/version-([^/]+)/"
                        r"|(?:^|/)i18n/[^/]+/docusaurus-plugin-content-docs(?:-[\w-]+)?/version-([^/]+)/")
_I18N = re.compile(r"(?:^|/)i18n/([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]+)?)/")
_I18N_PLUGIN = re.compile(r"/i18n/[^/]+/docusaurus-plugin-content-([\w-]+)/(.+)$")
_NAMES_DOCS_BESIDE = re.compile(r"""["'`]\.\./docs(?:/[^"'`\s]*)?["'`]""")  # `'../docs/table-of-contents.json'`
_DOCS_PATH = re.compile(r"""\bpath\s*:\s*['"]([^'"]+)['"]""")
_MKDOCS_DIR = re.compile(r"^docs_dir\s*[:=]\s*['\"]?([^'\"\n#]+?)['\"]?\s*(?:#.*)?$", re.M)
# ProperDocs, the maintained drop-in fork of MkDocs, reads the same settings from `properdocs.yml`.
_MKDOCS_NAMES = ("mkdocs.yml", "mkdocs.yaml", "properdocs.yml", "properdocs.yaml")
_ZENSICAL = "zensical.toml"  # Zensical, which builds MkDocs sites: the same settings in TOML
_MKDOCS_NAV = re.compile(r"(?m)^nav\s*:")
_MKDOCS_SITE_NAME = re.compile(r"(?m)^site_name\s*:")
DOCS_APPS = ("website", "www")  # folders a repository keeps its docs app in, beside the code it documents
_MONOREPO_GROUPS = ("packages", "apps")  # the folders a monorepo keeps its packages and apps in
# Fumadocs' `source.config.ts`: each collection's folder, `defineDocs({ dir: "content" })` or
# `defineCollections({ type: "doc", dir: "content/blog" })`, or the one folder a helper of the site's is called with
# (`createDocsCollection('content/docs')`)
_FUMADOCS_DIR = re.compile(r"""\bdir\s*:\s*["']([^"']+)["']""")
_FUMADOCS_HELPER_DIR = re.compile(r"""\b\w+\(\s*["']([\w.][\w./-]*)["']\s*\)""")
# Nextra: a Next.js config that wraps itself in Nextra (`nextra({...})`, or The Guild's `withGuildDocs` built on it);
# its pages in `content/` (Nextra 4) or `pages/` (Nextra 2 and 3), at the app's top or in `src/`.
_NEXT_CONFIGS = tuple(f"next.config.{ext}" for ext in ("js", "mjs", "cjs", "ts", "mts"))
_NEXTRA = re.compile(r"""["']nextra["']|["']@theguild/components/next\.config["']""")
_NEXTRA_PAGES = ("content", "src/content", "pages", "src/pages")
_CONTENTLAYER_CONFIGS = ("contentlayer.config.ts", "contentlayer.config.js", "contentlayer.config.mjs")
_VERSIONED_SITE = re.compile(r"(?i)(.+?)[-_.]?(v?\d+(?:\.\d+)*)")  # a site's folder named for a major: `docs-v2`
_ROOT_DIR = re.compile(r"""\brootDir\s*:\s*["']([^"']+)["']""")  # Vocs' folder of `pages/`
_VELITE_CONFIGS = ("velite.config.ts", "velite.config.js", "velite.config.mjs")
# Velite's `root`: a path, or one joined to the folder it runs in (`root: join(process.cwd(), './src/content')`).
_VELITE_ROOT = re.compile(r"""\broot\s*:\s*(?:(?:path\.)?(?:join|resolve)\(\s*(?:process\.cwd\(\)|__dirname)\s*,\s*)?"""
                          r"""["']([^"']+)["']""")
_VELITE_PATTERN = re.compile(r"""\bpattern\s*:\s*\[?\s*["']([^"']+)["']""")
_CONTENT_DIR = re.compile(r"""\bcontentDirPath\s*:\s*["']([^"']+)["']""")
# Astro's content collections (`src/content.config.ts`): each `glob({ pattern, base })` loader's folder of pages
_ASTRO_CONTENT = tuple(f"src/{name}.{ext}" for name in ("content.config", "content/config")
                       for ext in ("ts", "mts", "js", "mjs"))
_COLLECTIONS = re.compile(r"""\bexport\s+const\s+collections\s*=\s*\{""")
# A key of the collections object at its top level: `blog,`, `docs: docsCollection`, `'release-notes': ...`
_COLLECTION_KEY = re.compile(r"""(?:^|,)\s*["']?([\w-]+)["']?\s*(?=[:,]|$)""")
_GLOB_LOADER = re.compile(r"""\bglob\s*\(\s*\{""")
_GLOB_BASE = re.compile(r"""\bbase\s*:\s*["'`]([^"'`]+)["'`]""")
# A base given from the content config's own folder: `join(import.meta.dirname, "guides")`, `path.resolve(__dirname,
# "docs")`, `new URL("./guides/", import.meta.url)`.
_GLOB_BASE_HERE = re.compile(
    r"""\bbase\s*:\s*(?:(?:path\.)?(?:join|resolve)\s*\(\s*(?:import\.meta\.dirname|__dirname)\s*,\s*["'`]([^"'`]+)"""
    r"""["'`]\s*\)|(?:fileURLToPath\s*\(\s*)?new\s+URL\s*\(\s*["'`]([^"'`]+)["'`]\s*,\s*import\.meta\.url\s*\)"""
    # ... or the folder itself (`base: import.meta.dirname`)
    r"""|(?:import\.meta\.dirname|__dirname)\s*(?=[,}\s]))""")
_GLOB_PATTERN = re.compile(r"""\bpattern\s*:\s*["'`]([^"'`]+)["'`]""")
# Rspress: `rspress.config.ts`, or the `rstack.config.ts` of the Rstack CLI when it defines a doc site
_RSPRESS_CONFIGS = tuple(f"{name}.config.{ext}" for name in ("rspress", "rstack")
                         for ext in ("ts", "mts", "js", "mjs", "cjs"))
# `root:`, or `rootDir:` as a preset of Rspress takes it (`withCallstackPreset({docs: {rootDir: '.'}}, ...)`)
_RSPRESS_ROOT = re.compile(r"""(?<![\w$.])root(?:Dir)?\s*:\s*""")
_JS_SUFFIXES = (".ts", ".mts", ".cts", ".js", ".mjs", ".cjs")
_STRING = re.compile(r"""['"]([^'"]*)['"]""")
# Hugo: `hugo.toml` (or .yaml, .json), an older `config.toml` with a `baseURL`, or `config/_default/hugo.toml`;
# its pages in `contentDir`, `content/` by default.
_HUGO_CONFIGS = tuple(f"{d}{name}.{ext}" for d in ("", "config/_default/") for name in ("hugo", "config")
                      for ext in ("toml", "yaml", "yml", "json"))
_HUGO_CONTENT = re.compile(r"""(?m)^\s*["']?contentDir["']?\s*[=:]\s*["']?([^"'\n,]+?)["']?\s*,?\s*$""")
_MDBOOK_SRC = re.compile(r"""(?m)^\s*src\s*=\s*["']([^"'\n]+)["']""")  # book.toml's [book] src
# the folder a package.json script builds with VitePress (`vitepress build packages`): its root argument
# Top-level folders whose framework configs are not the project's site: samples, starters and test fixtures.
_NOT_THE_SITE = frozenset({"node_modules", "examples", "example", "templates", "template", "fixtures", "test", "tests",
                           "e2e", "playground", "playgrounds", "starters", "demo", "demos", "benchmarks"})
_VITEPRESS_SCRIPT = re.compile(r"\bvitepress\s+(?:dev|build|serve|preview)\s+(?:--?[\w-]+(?:[= ]\S+)?\s+)*"
                               r"([\w.][\w./-]*)")


@dataclass(frozen=True)
class Layout:
    """Where the site is and what it is built with."""

    project_root: Path
    framework: str
    docs_roots: tuple[Path, ...]
    config_files: tuple[Path, ...]
    default_locale: str = ""  # the site's own language ("" when the config does not say)
    # folder (absolute, forward slashes, with a trailing slash) -> locale of the translations it holds
    translation_dirs: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    suffix_locales: tuple[str, ...] = ()  # the MkDocs i18n plugin's `page.<locale>.md` translations
    source_dir: Path | None = None  # where the pages translations translate are, when in a folder of their own
    page_folders: frozenset[str] = frozenset()  # `_` folders that hold pages (Jekyll's collections: `_docs`, `_posts`)
    # folder (absolute, forward slashes, with a trailing slash) -> the version whose frozen copy it holds (Rspress'
    # `multiVersion` folders other than the default's; a folder named for a version that mirrors the current pages)
    version_dirs: tuple[tuple[str, str], ...] = ()
    # Of those, the ones guessed from folders side by side named for versions: (the older folder, the newest one),
    # for the run to check against the repository's history (an older version still edited is not frozen).
    version_guesses: tuple[tuple[str, str], ...] = ()
    other_sites: tuple[Path, ...] = ()  # the other docs sites of a monorepo's packages, each linted in its folder
    # Docusaurus version folders that hold the site's pages (absolute, forward slashes, a trailing slash): the version
    # readers are shown, where the docs folder is no edition of it (`versioned_docs/version-4.0.0/` edited in place)
    shown_versions: tuple[str, ...] = ()
    # folder (absolute, forward slashes, with a trailing slash) -> the language its pages are written in, where not the
    # site's (`default_locale`): there, the pages named with the site's locale (`page.en.md`) are the translations
    folder_locales: tuple[tuple[str, str], ...] = ()

    def own_locale(self, full: str) -> str:
        """The language the pages at this path (forward slashes) are written in, translations aside."""
        return next((locale for folder, locale in self.folder_locales if full.startswith(folder)), self.default_locale)

    def _suffix_locales(self, full: str) -> tuple[str, str]:
        """(The locale a `page.<locale>.md` name gives, when it is a translation's; the language of the pages it
        translates there), ("", "") when the name gives none."""
        stem = full.rsplit("/", 1)[-1].rsplit(".", 1)[0]
        suffix = stem.rsplit(".", 1)[-1] if "." in stem else ""
        own = self.own_locale(full)
        known = {*self.suffix_locales, self.default_locale, *(locale for _, locale in self.folder_locales)}
        return (suffix, own) if suffix in known and suffix != own else ("", "")

    def variant_of(self, path: Path | str) -> str:
        """versioned:<version> or i18n:<locale> for the copies a framework makes on purpose, else ''."""
        full = str(path).replace(os.sep, "/")
        if self.shown(full):
            return ""
        match = _VERSIONED.search(full)
        if match:
            return f"versioned:{match.group(1) or match.group(2)}"
        for folder, version in self.version_dirs:
            if full.startswith(folder):
                return f"versioned:{version}"
        for folder, locale in self.translation_dirs:
            if full.startswith(folder) or full + "/" == folder:
                # A translation of a version's frozen copy (`pt/docs/0.14/` of `docs/0.14/`) is frozen with it.
                frozen = next((version for source in (self.source_candidates(full) if self.version_dirs else [])
                               for vfolder, version in self.version_dirs
                               if str(source).replace(os.sep, "/").startswith(vfolder)), None)
                return f"versioned:{frozen}" if frozen else f"i18n:{locale}"
        match = _I18N.search(full)
        if match:
            return f"i18n:{match.group(1)}"
        if self.suffix_locales or self.folder_locales:
            suffix, _ = self._suffix_locales(full)
            if suffix:
                return f"i18n:{suffix}"
        return ""


    def shown(self, path: Path | str) -> bool:
        """Whether the path is in a version folder that holds the site's pages (`shown_versions`)."""
        full = str(path).replace(os.sep, "/")
        return any(full.startswith(folder) for folder in self.shown_versions)

    def source_candidates(self, path: Path | str) -> list[Path]:
        """Where the source of a translation would be (the page it translates), most likely first; [] when the path
        is not a translation."""
        full = str(path).replace(os.sep, "/")
        own = [self.source_dir] if self.source_dir else [
            r for r in self.docs_roots if not self.variant_of(os.path.join(str(r), "")) and
            r.name not in ("i18n", "versioned_docs")]
        rests: list[tuple[Path, str]] = []
        for folder, _ in self.translation_dirs:
            if full.startswith(folder):
                # A locale folder mirrors the folder it sits in, or the default locale's folder beside it.
                parent = Path(folder.rstrip("/")).parent
                beside = parent / self.default_locale if self.default_locale else None
                if beside is not None and not beside.is_dir():  # named with its region too (`zh-cn/` for zh)
                    beside = localemod.own_folder(parent, self.default_locale) or beside
                home = (self.source_dir if self.source_dir and self.source_dir.parent == parent else
                        beside if beside is not None and beside.is_dir() else self.source_dir or parent)
                rests.append((home, full[len(folder):]))
        match = _I18N_PLUGIN.search(full)
        if match:
            plugin, rest = match.group(1), match.group(2)
            if plugin.startswith("blog"):
                rests += [(root, rest) for root in own if root.name == "blog"]
            elif plugin.startswith("pages"):
                rests += [(self.project_root / "src" / "pages", rest)]
            else:
                rest = rest.split("/", 1)[1] if rest.startswith("current/") else ""
                # `docusaurus-plugin-content-docs-rollouts/` translates the docs instance `rollouts`, whose folder is
                # most often named for it; the default instance's is `docs/`
                instance = plugin[len("docs-"):] if plugin.startswith("docs-") else "docs"
                named = [root for root in own if root.name == instance]
                rests += [(root, rest) for root in (named or [r for r in own if r.name != "blog"])] if rest else []
        if (self.suffix_locales or self.folder_locales) and not rests:
            folder, _, name = full.rpartition("/")
            stem, dot, ext = name.rpartition(".")
            base = stem.rpartition(".")[0]
            suffix, language = self._suffix_locales(full)
            if base and suffix:
                # the source as `install.md`, or with its pages' own locale as its suffix, `install.en.md`
                own = [Path(f"{folder}/{base}.{language}{dot}{ext}")] if language else []
                return [Path(f"{folder}/{base}{dot}{ext}"), *own]
        out: list[Path] = []
        for root, rest in rests:
            stem, _, ext = rest.rpartition(".")
            for suffix in dict.fromkeys((ext, "md", "mdx")):
                out.append(root / f"{stem}.{suffix}")
        return out


def variant_of(relpath: str) -> str:
    """The variant of a path by the conventions alone (no site config): versioned_docs/ and i18n/ folders."""
    return Layout(Path("/"), "", (), ()).variant_of(relpath)


def _markers(folder: Path) -> bool:
    names = ("sitelint.toml", *_MKDOCS_NAMES, _ZENSICAL, "hugo.toml", "conf.py", ".vitepress", ".gitbook.yaml", ".git",
             *DOCUSAURUS_CONFIGS, *ASTRO_CONFIGS)
    if any((folder / name).exists() for name in names):
        return True
    if any((folder / app / name).exists() for app in DOCS_APPS for name in DOCUSAURUS_CONFIGS):
        return True
    if (folder / "docs" / ".vitepress").is_dir() or (folder / "docs" / "conf.py").is_file():
        return True
    if _nuxt_content(folder):
        return True  # a Nuxt Content site, one of several docs apps of a monorepo
    pyproject = folder / "pyproject.toml"
    return pyproject.is_file() and "[tool.sitelint" in pyproject.read_text(encoding="utf-8", errors="replace")


def project_root(start: Path) -> Path:
    start = start.resolve()
    for folder in (start, *start.parents):
        if _markers(folder):
            return folder
    return start


_SRC_DIR = re.compile(r"""(?m)^\s*srcDir\s*:\s*['"]([^'"]+)['"]""")


def _vitepress_src(site: Path, configs: list[Path]) -> Path:
    """The folder a VitePress site's pages are in: its config's `srcDir` (`srcDir: './content'`), else the site's."""
    for config in configs:
        found = _SRC_DIR.search(config.read_text(encoding="utf-8", errors="replace"))
        folder = (site / found.group(1)).resolve() if found else None
        if folder is not None and folder.is_dir() and folder.is_relative_to(site.resolve()):
            return site / os.path.normpath(found.group(1)) if found else site
    return site


def detect(start: Path, docs_root: str = "", language: str = "") -> Layout:
    """Find the site that `start` belongs to; `docs_root` (config) overrides the framework's convention, `language`
    (config) the language its framework's config gives (else English)."""
    root = project_root(start)
    bases = _bases(root)
    framework, roots, configs = _framework(root, bases)
    if docs_root:
        roots = [(root / docs_root).resolve()]
    page_folders = _jekyll_collections(configs[0]) if framework == "jekyll" and configs else frozenset()
    if not roots:  # no framework: Eleventy's input folder, the docs folder by the usual names, else the project
        eleventy = _eleventy_input(root)
        page_folders = _eleventy_page_folders(*eleventy) if eleventy else page_folders
        roots = [eleventy[0]] if eleventy else next(
            ([root / f] for f in ("docs", "documentation/docs", "documentation") if (root / f).is_dir()
             and not _published_build(root / f)), [root])
        if roots == [root / "docs"]:
            roots = _app_docs(root) or roots
        if roots != [root] and _nuxt_content(roots[0]):
            roots = [roots[0] / "content"]  # the docs folder is a Nuxt Content app: its pages are in content/
        if roots == [root]:
            # A site that renders its pages from src/content, src/pages or src/routes (Next.js, Astro, a Vite app,
            # Qwik City's or SvelteKit's routes), at the top or as a monorepo's docs app (`packages/docs/src/pages`).
            apps = [root, *(root / group / "docs" for group in _MONOREPO_GROUPS)]
            roots = next(([app / sub] for app in apps for sub in ("src/content", "src/pages", "src/routes")
                          if (app / sub).is_dir() and _holds_pages(app / sub)), roots)
            # A Nuxt Content site: `content/` beside its nuxt.config, at the top or as a monorepo's docs app.
            roots = roots if roots != [root] else next(([app / "content"] for app in apps if _nuxt_content(app)),
                                                       roots)
    # Docusaurus keeps frozen copies next to the site config: include them as marked variants.
    for base in {root, root / "website", *(c.parent for c in configs)}:
        for extra in ("versioned_docs", "i18n"):
            if (base / extra).is_dir() and (base / extra) not in roots:
                roots.append(base / extra)
    # A folder that holds the project itself (a config's `path: '..'`) is never its docs: reading it reads outside.
    found = tuple(dict.fromkeys(r.resolve() for r in roots if r.is_dir() and not _holds_project(r, root)))
    languages = localemod.read(framework, configs, found[:1] if framework != "astro" else found)
    own = localemod.language.base(language) if language else (languages.default or "en")
    if not docs_root:  # a language's own folder beside the docs root (Hugo's `[languages.cn] contentDir`) is read too
        found += tuple(dict.fromkeys(folder.resolve() for folder, _ in languages.folders if folder.is_dir() and not any(
            folder.resolve().is_relative_to(r) for r in found) and not _holds_project(folder, root)))
    return Layout(root, framework, found, tuple(configs), own,
                  tuple((_folder_key(folder), locale) for folder, locale in languages.folders),
                  languages.suffixes, languages.source_dir,
                  page_folders, *_versions(framework, found, configs),
                  other_sites=() if docs_root else other_sites(root, configs, bases),
                  shown_versions=_shown_versions(configs) if framework == "docusaurus" else (),
                  folder_locales=tuple((_folder_key(folder), locale) for folder, locale in languages.folder_defaults))


_ELEVENTY_CONFIGS = (".eleventy.js", ".eleventy.cjs", "eleventy.config.js", "eleventy.config.mjs",
                     "eleventy.config.cjs", "eleventy.config.ts")
_ELEVENTY_INPUT = re.compile(r"""\binput\s*:\s*["'`]([^"'`$]+)["'`]""")


def _eleventy_input(root: Path) -> tuple[Path, Path] | None:
    """An Eleventy site's input folder, as its config returns it (`dir: { input: "content" }`), when it holds the
    pages, and that config: the site's home is its `index.md`, not the repository's README beside the config. The
    config may be the docs app's, beside the code it documents (`website/.eleventy.js`)."""
    for base in (root, *(root / app for app in DOCS_APPS)):
        for name in _ELEVENTY_CONFIGS:
            if not (base / name).is_file():
                continue
            match = _ELEVENTY_INPUT.search(siteconfig.mask_comments(siteconfig.read_text(base / name)))
            rel = os.path.normpath(match.group(1)) if match else "."
            folder = base / rel
            if (rel != "." or base != root) and not rel.startswith("..") and folder.is_dir() and _holds_pages(folder):
                return folder, base / name
    return None


_ELEVENTY_SPECIAL = re.compile(r"""\b(includes|data|layouts)\s*:\s*["'`]([^"'`$]+)["'`]""")
_ELEVENTY_FOLDER_DEPTH = 3


def _eleventy_page_folders(input_folder: Path, config: Path) -> frozenset[str]:
    """The `_` folders of an Eleventy site's input that hold pages (`src/_posts/`): Eleventy makes a page of every
    template there but its includes, layouts and data folders (`_includes`, `_data`, or those its config names)."""
    special = {"_includes", "_data", "_layouts"} | {
        os.path.basename(os.path.normpath(m.group(2)))
        for m in _ELEVENTY_SPECIAL.finditer(siteconfig.mask_comments(siteconfig.read_text(config)))}
    found: set[str] = set()
    for folder, dirs, _ in os.walk(input_folder):
        depth = len(Path(folder).relative_to(input_folder).parts)
        dirs[:] = [d for d in dirs if d not in special and not d.startswith(".") and d != "node_modules"
                   and depth < _ELEVENTY_FOLDER_DEPTH]
        found.update(d for d in dirs if d.startswith("_"))
    return frozenset(found)


_APP_DOCS_SHARE = 3  # times the pages of the top `docs/` an app's own `docs/` holds to be the site's pages
_APP_DOCS_MIN = 10
_EXAMPLE_SHARE = 10  # times an app's pages another app of `apps/` holds for it to be an example, not a site


def _app_docs(root: Path) -> list[Path]:
    """The `docs/` folder of the repository's docs app (`site/`, `website/` or `www/` with a package.json of its own;
    a monorepo's `apps/docs/`, or its `docs/`), when it holds many more pages than the top `docs/` (a migration note
    or two kept there), else none."""
    top = _page_count(root / "docs")
    for name in ("site", *DOCS_APPS):
        folder = root / name / "docs"
        if (root / name / "package.json").is_file() and folder.is_dir():
            pages = _page_count(folder)
            if pages >= _APP_DOCS_MIN and pages >= _APP_DOCS_SHARE * top:
                return [folder]
    # ... or a monorepo's docs app (`apps/docs/`, `apps/docs-analog/`, its pages in folders of its own:
    # `markdown-pages/docs/`)
    apps = [root / group / name for group in _MONOREPO_GROUPS for name in ("docs", *DOCS_APPS)]
    for app in [*apps, *(a for group in _MONOREPO_GROUPS for a in _named_like_docs(root / group) if a not in apps)]:
        if (app / "package.json").is_file():
            folder = app / "docs" if (app / "docs").is_dir() else app
            pages = _page_count(folder)
            if pages >= _APP_DOCS_MIN and pages >= _APP_DOCS_SHARE * top:
                return [folder]
    return []


_DOCS_APP_NAME = re.compile(r"(?i)(?:^|[-_.])(?:docs?|documents?|documentation|websites?|sites?|www)(?:$|[-_.])")


def _named_like_docs(group: Path) -> list[Path]:
    """The packages of a monorepo's group folder named as its docs app (`lexical-website`, `docs-site`), by name."""
    try:
        return sorted(d for d in group.iterdir() if d.is_dir() and _DOCS_APP_NAME.search(d.name))
    except OSError:
        return []


def _workspace_groups(root: Path) -> list[Path]:
    """The folders a JS workspace keeps its packages in besides `packages/` and `apps/`: the `group/*` patterns of
    pnpm-workspace.yaml's `packages` and of package.json's `workspaces` (a list, or `{packages: [...]}`)."""
    patterns: list[object] = []
    try:
        data = siteconfig.load_yaml(root / "pnpm-workspace.yaml")
    except (OSError, ValueError):
        data = {}
    if isinstance(data.get("packages"), list):
        patterns += data["packages"]
    try:
        manifest = json.loads((root / "package.json").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        manifest = None
    spaces = manifest.get("workspaces") if isinstance(manifest, dict) else None
    if isinstance(spaces, dict):
        spaces = spaces.get("packages")
    if isinstance(spaces, list):
        patterns += spaces
    out: list[Path] = []
    for pattern in patterns:
        match = re.fullmatch(r"\.?/?([\w.-]+)/\*\*?/?", pattern) if isinstance(pattern, str) else None
        group = root / match.group(1) if match and match.group(1) not in _MONOREPO_GROUPS else None
        if group is not None and group.is_dir() and group not in out:
            out.append(group)
    return out


def _packages(group: Path) -> list[Path]:
    try:
        return sorted(d for d in group.iterdir() if d.is_dir() and not d.name.startswith((".", "_")))
    except OSError:
        return []


def _page_count(folder: Path, most: int = 5000) -> int:
    """How many Markdown pages a folder holds (counted up to a little past `most`), node_modules and hidden folders
    aside."""
    pages = 0
    for _, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if d != "node_modules" and not d.startswith(".")]
        pages += sum(1 for name in files if name.endswith((".md", ".mdx")))
        if pages > most:
            break
    return pages


def _mintlify_config(config: Path) -> bool:
    """Whether a `docs.json` (or the older `mint.json`) configures a Mintlify site: a mapping with its `navigation`."""
    if not config.is_file():
        return False
    try:
        data = json.loads(config.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return False
    return isinstance(data, dict) and "navigation" in data and (
        "mintlify" in str(data.get("$schema", "")) or config.name == "mint.json" or "theme" in data)


def _myst_project(config: Path) -> bool:
    """Whether a `myst.yml` configures a MyST project (its `project:` mapping), the folder it sits in its pages."""
    if not config.is_file():
        return False
    try:
        return isinstance(siteconfig.load_yaml(config).get("project"), dict)
    except ValueError:
        return True  # a broken myst.yml is still the site's; its navigation's reader says what is wrong


# A build command naming Jekyll's config (`bundle exec jekyll build --config jekyll.yml`, in netlify.toml or a
# Makefile), the first of a list (`--config a.yml,b.yml`).
_JEKYLL_SCRIPT = re.compile(r"\bjekyll\s+(?:build|serve|s|b)\b[^\n\"']*?\s--config[= ]\s*['\"]?"
                            r"([\w.][\w./-]*\.ya?ml)\b")


def _jekyll_scripted(base: Path) -> tuple[Path, Path] | None:
    """A Jekyll site whose config has a name of its own that its build command gives (`jekyll.yml`): the config,
    and the folder its `source` names (`source: app`), the site's folder, else the config's own."""
    for name in (*_BUILD_FILES, "netlify.toml"):
        file = base / name
        if not file.is_file():
            continue
        for spec in _JEKYLL_SCRIPT.findall(file.read_text(encoding="utf-8", errors="replace")):
            config = Path(os.path.normpath(base / spec))
            if not config.is_file() or not config.resolve().is_relative_to(base.resolve()):
                continue
            try:
                source = siteconfig.load_yaml(config).get("source")
            except ValueError:
                source = None
            folder = Path(os.path.normpath(config.parent / source)) if isinstance(source, str) else config.parent
            if folder.is_dir() and folder.resolve().is_relative_to(base.resolve()):
                return config, folder
    return None


def _jekyll_collections(config: Path) -> frozenset[str]:
    """The folders of a Jekyll site's collections that it writes out as pages (`collections: {docs: {output:
    true}}` keeps them in `_docs/`), and `_posts/`, its blog."""
    try:
        data = siteconfig.load_yaml(config)
    except ValueError:
        return frozenset({"_posts"})
    collections = data.get("collections")
    names = {"posts"}
    if isinstance(collections, dict):
        names |= {str(k) for k, v in collections.items() if isinstance(v, dict) and v.get("output")}
    elif isinstance(collections, list):
        names |= {str(k) for k in collections}  # a list of names: read as pages, as a reader of the docs finds them
    return frozenset(f"_{n}" for n in names)


def _nuxt_content(app: Path) -> bool:
    """Whether a folder is a Nuxt Content site, or a Next.js app that renders its pages from Markdown in the same
    place: a nuxt.config (a next.config) beside a `content/` folder of pages."""
    return (any((app / f"{name}.config.{ext}").is_file() for name in ("nuxt", "next") for ext in ("ts", "js", "mjs"))
            and (app / "content").is_dir() and _holds_pages(app / "content"))


_BUILT_SHARE = 20  # times the Markdown files a folder's HTML files outnumber for it to be a build


def _published_build(folder: Path) -> bool:
    """Whether a folder is a site's build, committed to be published from it (GitHub Pages' `docs/`): a built home
    page at its top, and no Markdown page in it, or a file or two the build copied beside hundreds of built pages
    (`docs/skills/SKILL.md` among `docs/api/**/*.html`; the first thousands of files looked at)."""
    if not (folder / "index.html").is_file():
        return False
    markdown = html = 0
    for count, path in enumerate(folder.rglob("*")):
        markdown += path.suffix in (".md", ".mdx", ".markdown")
        html += path.suffix == ".html"
        if count > 5000:
            break
    return markdown * _BUILT_SHARE < html


def _holds_pages(folder: Path) -> bool:
    """Whether a folder has Markdown pages in it or in the folders below it (the first few hundred files looked at)."""
    for count, path in enumerate(folder.rglob("*")):
        if path.suffix in (".md", ".mdx", ".markdown"):
            return True
        if count > 500:
            break
    return False


def _framework(root: Path, bases: Sequence[Path]) -> tuple[str, list[Path], list[Path]]:
    """The framework, its docs roots and its config files, looked for in `bases` (`_bases`: the project root, then the
    folders where sites keep their docs app or docs, `website/`, `www/`, `docs/`, `documentation/`, then one level
    into `docs/`, a site per language), else beyond them."""
    for index, base in enumerate(bases):
        found = _framework_in(base)
        if found[0]:
            if 0 < index <= len(DOCS_APPS):  # `website/`: a site of its own in `docs/` beside it may be the docs
                rivals = [f for f in map(_framework_in, bases[1 + len(DOCS_APPS):3 + len(DOCS_APPS)])
                          if f[0] and f[2] and _apart(f[2][0].parent, found[2][0].parent)
                          and not any(not _apart(r, mine) for r in f[1] for mine in found[1])]
                found = max([found, *rivals], key=lambda f: sum(_page_count(r) for r in f[1]))
            return found
    return _framework_beyond(root)


def _package_sites(root: Path) -> list[tuple[str, list[Path], list[Path]]]:
    """The packages of a monorepo's groups that are docs sites themselves, each its framework, roots and configs."""
    return [found for group in _MONOREPO_GROUPS for pkg in _packages(root / group) if (found := _framework_in(pkg))[0]]


def _apart(one: Path, other: Path) -> bool:
    """Whether two sites' folders are two sites: neither is the other or inside it."""
    one, other = one.resolve(), other.resolve()
    return one != other and not one.is_relative_to(other) and not other.is_relative_to(one)


def other_sites(root: Path, configs: Sequence[Path], bases: Sequence[Path]) -> tuple[Path, ...]:
    """The other docs sites a monorepo's packages hold (`grafast/website/`, `postgraphile/website/` beside the one
    found, among the folders `_bases` gave): each a site of its own, run in its folder."""
    if not configs:
        return ()
    chosen = configs[0].parent.resolve()
    out = []
    # the docs-app folders (a site in `website/` beside one in `docs/`), then the monorepo's groups and workspaces
    for base in bases[1:]:
        if base.parent == root / "docs":
            continue  # a site per language in the docs folder: one project's
        found = _framework_in(base)
        here = found[2][0].parent.resolve() if found[0] and found[2] else None
        if here is not None and _apart(here, chosen) and here not in out:
            out.append(here)
    if any(chosen.is_relative_to((root / group).resolve()) for group in _MONOREPO_GROUPS):
        for found in _package_sites(root):  # the packages that are sites beside the one chosen
            here = found[2][0].parent.resolve() if found[2] else None
            if here is not None and _apart(here, chosen) and here not in out:
                out.append(here)
    return tuple(out)


def _bases(root: Path) -> list[Path]:
    """The folders a site may be built from, in the order they are looked at."""
    bases = [root, *(root / app for app in DOCS_APPS), root / "docs", root / "documentation"]
    # A monorepo keeps its docs app among its packages: `packages/docs/`, `apps/website/`, `packages/acme-website/`.
    bases += [root / group / app for group in _MONOREPO_GROUPS for app in (*DOCS_APPS, "docs", "documentation")]
    bases += [app for group in _MONOREPO_GROUPS for app in _named_like_docs(root / group) if app not in bases]
    # `apps/` holds a monorepo's sites whatever their names (`apps/v4/`): each app, the one with the most pages first
    # (an app of a tenth of the pages of another or fewer is an example of the project's, `apps/astro-app/` of one
    # page beside `apps/docs-analog/` of 146, not its docs).
    counted = {app: _page_count(app) for app in _packages(root / "apps")}
    most = max(counted.values(), default=0)
    bases += [app for app in sorted(counted, key=lambda app: -counted[app])
              if app not in bases and counted[app] * _EXAMPLE_SHARE > most]
    # A JS workspace may keep its sites in a group of another name (`websites/*` in pnpm-workspace.yaml): the docs
    # apps among its packages, or, in a group named for sites, every package, the one with the most pages first.
    for group in _workspace_groups(root):
        named = [group / app for app in (*DOCS_APPS, "docs", "documentation")] + _named_like_docs(group)
        if _DOCS_APP_NAME.search(group.name):
            named += sorted(_packages(group), key=lambda app: -_page_count(app))
        bases += [app for app in named if app not in bases]
    if (root / "docs").is_dir():
        bases += sorted((d for d in (root / "docs").iterdir() if d.is_dir() and not d.name.startswith(".")),
                        key=lambda d: (d.name != "en", d.name))
    return bases


def _framework_beyond(root: Path) -> tuple[str, list[Path], list[Path]]:
    """A site in none of the usual folders: one a build script names (`vitepress build packages`,
    `mkdocs build -f assets/site/mkdocs.yml`), an mdBook's book in a folder named for one
    (`book/book.toml`), or the one folder with a framework's config; a book named for the docs comes before a
    package's own small site (`pyclient/mkdocs.yml` beside `book/book.toml`)."""
    scripted = _vitepress_scripted(root) or _mkdocs_scripted(root)
    if scripted:
        return _framework_in(scripted[0])
    for base in (root, root / "docs", root / "doc", root / "guide", root / "book", root / "documentation",
                 root / "manual"):
        books = [base / "book.toml"] if (base / "book.toml").is_file() else []
        if not books and base != root and base.name in ("docs", "doc") and base.is_dir():  # a book per audience
            books = sorted(d / "book.toml" for d in base.iterdir() if (d / "book.toml").is_file())
        books_found = [(book, src) for book in books if (src := book_source(book)).is_dir()]
        if books_found:
            return "mdbook", [src for _, src in books_found], [book for book, _ in books_found]
    elsewhere = _site_elsewhere(root)
    if elsewhere is not None:
        return _framework_in(elsewhere)
    pointed = _config_of_the_docs_folder(root)
    if pointed is not None:
        return _framework_in(pointed)
    # A monorepo whose main package keeps the site in its `docs/` (`packages/appium/docs/mkdocs-en.yml`, built by
    # that package's scripts): the one package of its groups with a framework's config there.
    # ... or a group whose packages are sites themselves (`packages/dolt/.gitbook.yaml`, `packages/doltlab/...`):
    # the one with the most pages, the others named as sites of their own (`other_sites`). Either holds more pages
    # than a top `docs/` of no framework.
    held = [found for group in _MONOREPO_GROUPS for pkg in _packages(root / group)
            if (pkg / "docs").is_dir() and (found := _framework_in(pkg / "docs"))[0]]
    sites = held if len(held) == 1 else _package_sites(root)
    if sites:  # (each site's pages counted once)
        most, best = max(((sum(_page_count(r) for r in found[1]), index) for index, found in enumerate(sites)),
                         key=lambda counted: counted[0])
        if most > _page_count(root / "docs"):
            return sites[best]
    # A top-level folder of books (`docs-src/0.6/book.toml`, `docs-src/0.7/book.toml`, `docs-src/blog/book.toml`):
    # each a docs root; books named for versions are one book's releases (see `_versions`).
    try:
        folders = sorted(d for d in root.iterdir() if d.is_dir() and not d.name.startswith(".")
                         and d.name.lower() not in _NOT_THE_SITE)
    except OSError:
        folders = []
    for base in folders:
        books = sorted(d / "book.toml" for d in base.iterdir() if d.is_dir() and (d / "book.toml").is_file())
        books_found = [(book, src) for book in books if (src := book_source(book)).is_dir()]
        if len(books_found) >= 2:
            return "mdbook", [src for _, src in books_found], [book for book, _ in books_found]
    # A shelf of books at the top, one a folder (`bridges/book.toml`, `gomuks/book.toml`, two or more): each a docs
    # root, as a book per folder of `docs/` is.
    books_found = [(book, src) for book in (d / "book.toml" for d in folders if (d / "book.toml").is_file())
                   if (src := book_source(book)).is_dir()]
    if len(books_found) >= 2:
        return "mdbook", [src for _, src in books_found], [book for book, _ in books_found]
    return "", [], []


def _versions(framework: str, found: tuple[Path, ...], configs: list[Path]
              ) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]:
    """The frozen copies' folders with their versions, and of them those guessed from folder names beside a newer
    one, each with the newest's folder (for the run to check against git): Rspress' `multiVersion` folders; books
    in folders named for versions (`0.6/book.toml`, `0.7/book.toml`, two or more: one book's releases, the newest
    its current pages); else the version folders of the docs (`_version_copies`)."""
    if framework == "rspress":
        return (_rspress_versions(configs[0], found[0]) if configs and found else ()), ()
    if framework == "mdbook" and len(configs) >= 2:
        books = sorted((_version_key(b.parent.name), b) for b in configs if _VERSION_FOLDER.fullmatch(b.parent.name))
        if len(books) < 2:
            return (), ()
        newest = _folder_key(book_source(books[-1][1]))
        older = [(_folder_key(book_source(b)), b.parent.name) for _, b in books[:-1]]
        return tuple(older), tuple((folder, newest) for folder, _ in older)
    siblings = _sibling_versions(found[0]) if found else []
    return _version_copies(found[:1], siblings), tuple((folder, newest) for folder, _, newest in siblings)


def _shown_versions(configs: list[Path]) -> tuple[str, ...]:
    """The version folders of a Docusaurus site that hold its pages (`docusaurus.shown_version`)."""
    out: list[str] = []
    for config in configs[:1]:
        base = config.parent
        for inst in docusaurus.read_site(base).docs:
            shown = docusaurus.shown_version(base, inst)
            if shown is not None:
                out.append(_folder_key(base / shown[1]))
    return tuple(out)


def _version_key(name: str) -> tuple[int, ...]:
    """A version's numbers, to order versions by (`v3.10` after `v3.9`)."""
    return tuple(int(n) for n in re.findall(r"\d+", name))


def _folder_key(folder: Path) -> str:
    """A folder as Layout keeps it: absolute, forward slashes, a trailing slash."""
    return str(folder).replace(os.sep, "/").rstrip("/") + "/"


def book_source(book: Path) -> Path:
    """The folder of an mdBook's pages: its book.toml's `src` (src/ by default)."""
    match = _MDBOOK_SRC.search(book.read_text(encoding="utf-8", errors="replace"))
    return book.parent / (match.group(1) if match else "src")


_HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)
_SUMMARY_LINK = re.compile(r"\[[^\]]*\]\(\s*(?:<([^>\n]+)>|([^)\s>]+))")


def book_summary(root: Path) -> str | None:
    """A book's table of contents, the SUMMARY.md in its pages folder (mdBook, GitBook), its HTML comments left out
    (an entry in one is no chapter); None when there is none."""
    try:
        return _HTML_COMMENT.sub("", (root / "SUMMARY.md").read_text(encoding="utf-8", errors="replace"))
    except OSError:
        return None


# A backslash escape of Markdown, which a link's destination may hold too: GitBook writes `cluster\_config.md` for
# `cluster_config.md`.
_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")


def unescape(target: str) -> str:
    """A link's destination as Markdown reads it, its backslash escapes taken out (`nats\\_cli/` is `nats_cli/`)."""
    return _ESCAPED.sub(r"\1", target)


# A reference-style link's definition (`[3]: install.md`) and a link that uses one (`[Install][3]`, `[Install][]`).
_SUMMARY_DEFINITION = re.compile(r"(?m)^[ ]{0,3}\[([^\]\n]+)\]:[ \t]*(?:<([^>\n]+)>|(\S+))")
_SUMMARY_REFERENCE = re.compile(r"\[([^\]\n]*)\]\[([^\]\n]*)\]")


def summary_targets(summary: str) -> list[str]:
    """The pages a SUMMARY.md links, in its order (`guide/install.md`, `./intro.md#why`), escapes taken out; a
    chapter linked by reference (`- [Install][3]` over `[3]: install.md`, as mdBook's reader resolves it) too."""
    defined = {" ".join(label.lower().split()): bracketed or bare
               for label, bracketed, bare in _SUMMARY_DEFINITION.findall(summary)}
    found: list[tuple[int, str]] = [(m.start(), m.group(1) or m.group(2)) for m in _SUMMARY_LINK.finditer(summary)]
    if defined:
        for m in _SUMMARY_REFERENCE.finditer(summary):
            target = defined.get(" ".join((m.group(2) or m.group(1)).lower().split()))
            if target:
                found.append((m.start(), target))
    return [unescape(target) for _, target in sorted(found)]


def _vitepress_scripted(base: Path) -> list[Path]:
    """The folders a package.json's scripts build with VitePress (`vitepress build src`) that hold a `.vitepress`."""
    manifest = base / "package.json"
    if not manifest.is_file():
        return []
    out: list[Path] = []
    for name in _VITEPRESS_SCRIPT.findall(manifest.read_text(encoding="utf-8", errors="replace")):
        folder = Path(os.path.normpath(base / name))  # as the project's paths are written, not resolved
        if folder.resolve().is_relative_to(base.resolve()) and (folder / ".vitepress").is_dir() and folder not in out:
            out.append(folder)
    return out


# A build command naming MkDocs' config elsewhere: `mkdocs build -f assets/site/mkdocs.yml` (a task of
# pyproject.toml, a Makefile's, a package.json script's).
_MKDOCS_SCRIPT = re.compile(r"\b(?:mkdocs|properdocs|zensical)\s+(?:build|serve|gh-deploy)\b[^\n\"']*?"
                            r"\s(?:-f|--config-file)[= ]\s*['\"]?([\w.][\w./-]*\.ya?ml)\b")
_BUILD_FILES = ("pyproject.toml", "package.json", "Makefile", "justfile", "Justfile", "Taskfile.yml", "tox.ini",
                "noxfile.py")


_HUGO_SCRIPT = re.compile(r"\bhugo\b[^\n\"']*?\s--config[= ]\s*['\"]?([\w.][\w./-]*\.(?:toml|ya?ml|json))\b")


def _scripted(base: Path, command: re.Pattern[str]) -> Iterator[str]:
    """The config files the build commands in the project's build files at base name (the command's one group)."""
    for name in _BUILD_FILES:
        file = base / name
        if file.is_file():
            yield from command.findall(file.read_text(encoding="utf-8", errors="replace"))


def _hugo_scripted(base: Path) -> list[str]:
    """The Hugo configs the build commands beside the site name (`hugo --config docs.toml` in its Makefile)."""
    return list(dict.fromkeys(spec.removeprefix("./") for spec in _scripted(base, _HUGO_SCRIPT)
                              if "/" not in spec.strip("./")))


def _mkdocs_scripted(base: Path) -> list[Path]:
    """The folders of the MkDocs configs the project's build commands name (`mkdocs build -f site/mkdocs.yml`)."""
    out: list[Path] = []
    for spec in _scripted(base, _MKDOCS_SCRIPT):
        folder = Path(os.path.normpath(base / spec)).parent
        if folder != base and folder.resolve().is_relative_to(base.resolve()) and (base / spec).is_file() \
                and folder not in out:
            out.append(folder)
    return out


_DOCS_FOLDERS = ("docs", "doc", "documentation")


def _config_of_the_docs_folder(root: Path) -> Path | None:
    """The folder of a MkDocs config kept among the project's tooling whose `docs_dir` is the top-level docs folder
    (`hack/api-docs/mkdocs.yml` with `docs_dir: ../../docs`, which a Makefile there builds): the one such config, two
    or three folders down, examples and tests aside."""
    tops = {(root / name).resolve() for name in _DOCS_FOLDERS if (root / name).is_dir()}
    if not tops:
        return None
    found = []
    for folder, dirs, files in os.walk(root):
        depth = len(Path(folder).relative_to(root).parts)
        dirs[:] = sorted(d for d in dirs if depth < 3 and not d.startswith(".") and d.lower() not in _NOT_THE_SITE)
        if depth >= 2 and any(name in files for name in _MKDOCS_NAMES):
            framework, roots, _ = _framework_in(Path(folder))
            if framework == "mkdocs" and roots and roots[0].resolve() in tops:
                found.append(Path(folder))
    return found[0] if len(found) == 1 else None


def _site_elsewhere(root: Path) -> Path | None:
    """A docs site in a top-level folder of another name (`dev-docs/docusaurus.config.js`): the one top-level folder
    holding a framework's config (examples, templates and test fixtures aside), else the one such folder inside the
    docs folder (`doc/website/`). A folder a build script names comes first (`_framework_beyond`)."""
    try:
        folders = sorted(d for d in root.iterdir() if d.is_dir() and not d.name.startswith(".")
                         and d.name.lower() not in _NOT_THE_SITE)
    except OSError:
        return None
    holders = [d for d in folders if _framework_in(d)[0]]
    if not holders:
        # A site app inside the docs folder, its pages beside it (`doc/website/` building `doc/md/`).
        holders = [sub for d in folders if d.name.lower() in ("doc", "docs", "documentation")
                   for sub in sorted(d.iterdir()) if sub.is_dir() and not sub.name.startswith(".")
                   and sub.name.lower() not in _NOT_THE_SITE and _framework_in(sub)[0]]
    if len(holders) > 1:
        # Sites of one name but a version's (`docs-v1/`, `docs-v2/`): the docs of each major, the newest current.
        named = [(match.group(1), _version_key(match.group(2)), d) for d in holders
                 if (match := _VERSIONED_SITE.fullmatch(d.name))]
        if len(named) == len(holders) and len({stem for stem, _, _ in named}) == 1:
            return max(named)[2]
    return holders[0] if len(holders) == 1 else None


def _astro_collections(base: Path) -> list[Path]:
    """The folders of an Astro site's content collections of Markdown or MDX pages (`glob({ pattern: '**/*.md',
    base: './src/content/blog' })`), in the order its content config defines them."""
    config = next((base / name for name in _ASTRO_CONTENT if (base / name).is_file()), None)
    if config is None:
        return []
    out: list[Path] = []
    text = mask_comments(config.read_text(encoding="utf-8", errors="replace"))
    # ... and in the modules of the site it imports them from (`import { docsCollection } from
    # "@/content/docs/content.config"`, `@/` the site's `src/`), each loader's folder given from its module's
    for module, source in ((config, text), *_content_modules(base, config, text)):
        for loader in _GLOB_LOADER.finditer(source):
            options = block_after(source, loader.end() - 1)
            folder, pattern = _GLOB_BASE.search(options), _GLOB_PATTERN.search(options)
            here = _GLOB_BASE_HERE.search(options)
            given = (base / folder.group(1) if folder else
                     module.parent / (here.group(1) or here.group(2) or "") if here else None)
            if given is not None and (pattern is None or "md" in pattern.group(1)):
                path = given.resolve()
                if path.is_dir() and path.is_relative_to(base.resolve()) and path not in out:
                    out.append(path)
    if not out and (declared := _COLLECTIONS.search(text)):
        # Collections without a loader (Astro 2 to 4: `export const collections = { blog, docs: docsCollection }`)
        # each keep their pages in the folder of their name, `src/content/blog/`.
        for name in _COLLECTION_KEY.findall(block_after(text, declared.end() - 1)):
            path = base / "src" / "content" / name
            if path.is_dir() and _holds_pages(path) and path not in out:
                out.append(path)
    return out


_CONTENT_IMPORT = re.compile(r"""\bfrom\s+["']((?:@/|~/|\.{1,2}/)[^"'\n]+)["']""")


def _content_modules(base: Path, config: Path, text: str) -> list[tuple[Path, str]]:
    """The site's own modules a content config imports (relative, or from `src/` by the `@/` and `~/` aliases), each
    with its text, comments masked."""
    out: list[tuple[Path, str]] = []
    for spec in _CONTENT_IMPORT.findall(text):
        start = base / "src" / spec[2:] if spec.startswith(("@/", "~/")) else config.parent / spec
        module = next((m for m in module_candidates(start, (".ts", ".mts", ".js", ".mjs")) if m.is_file()), None)
        if module is not None and module != config and all(module != m for m, _ in out):
            out.append((module, mask_comments(module.read_text(encoding="utf-8", errors="replace"))))
    return out


def _calls(text: str, name: str) -> list[str]:
    """The arguments of each call of a function in a config's text (`defineDocs({...})`), to its closing bracket."""
    out = []
    for match in re.finditer(rf"\b{name}\s*\(", text):
        depth, end = 1, match.end()
        while end < len(text) and depth:
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            end += 1
        out.append(text[match.end():end - 1])
    return out


def _fumadocs(base: Path) -> tuple[str, list[Path], list[Path]]:
    """A Fumadocs site: its `source.config.ts` (which imports fumadocs-mdx, or a helper of the site's beside a
    package.json that depends on it) and the folders of its collections of pages, `content/docs` by default."""
    config = base / "source.config.ts"
    if not config.is_file():
        return "", [], []
    text = mask_comments(config.read_text(encoding="utf-8", errors="replace"))
    if "fumadocs-mdx" not in text:
        package = base / "package.json"
        if "fumadocs" not in text or not package.is_file() or \
                '"fumadocs-mdx"' not in package.read_text(encoding="utf-8", errors="replace"):
            return "", [], []
    named = [*_FUMADOCS_DIR.findall(text), *_FUMADOCS_HELPER_DIR.findall(text)]
    if not named or any(not _FUMADOCS_DIR.search(call) for call in _calls(text, "defineDocs")):
        named.append("content/docs")  # a collection that names no `dir` is Fumadocs' default folder
    folders = [base / d for d in dict.fromkeys(named)]
    folders = [f for f in folders if f.is_dir() and f.resolve().is_relative_to(base.resolve()) and _holds_pages(f)]
    return ("fumadocs", folders, [config]) if folders else ("", [], [])


def _gitbook(base: Path) -> tuple[str, list[Path], list[Path]]:
    """A GitBook space synced from the repository: `.gitbook.yaml`, its pages under its `root` (the folder of the
    file by default), its `SUMMARY.md` the table of contents; without that file, a `SUMMARY.md` beside the space's
    `.gitbook/` folder of uploads."""
    config = base / ".gitbook.yaml"
    if not config.is_file():
        # A space synced with GitBook's defaults has no `.gitbook.yaml`: its `SUMMARY.md` beside the `.gitbook/`
        # folder GitBook keeps the space's uploads in.
        summary = base / "SUMMARY.md"
        if summary.is_file() and (base / ".gitbook").is_dir():
            return "gitbook", [base], [summary]
        # ... and a repository of several spaces (one a language: `en/`, `esp/`) holds each in a folder of its own
        spaces = sorted(d for d in (base.iterdir() if base.is_dir() else ()) if d.is_dir()
                        and not d.name.startswith(".") and (d / "SUMMARY.md").is_file() and (d / ".gitbook").is_dir())
        if spaces:
            return "gitbook", spaces, [d / "SUMMARY.md" for d in spaces]
        return "", [], []
    try:
        data = siteconfig.load_yaml(config)
    except ValueError:
        data = {}
    root = data.get("root") if isinstance(data.get("root"), str) else ""
    folder = Path(os.path.normpath(base / root)) if root else base
    return ("gitbook", [folder], [config]) if folder.is_dir() else ("", [], [])


def _vocs(base: Path) -> tuple[str, list[Path], list[Path]]:
    """A Vocs site: `vocs.config.*`, its pages in `<rootDir>/pages` (`rootDir` is `docs` unless the config names
    another folder)."""
    for config in sorted(base.glob("vocs.config.*")):
        if config.suffix not in (*_JS_SUFFIXES, ".tsx", ".jsx") or not config.is_file():
            continue
        named = _ROOT_DIR.search(mask_comments(config.read_text(encoding="utf-8", errors="replace")))
        pages = base / (named.group(1) if named else "docs") / "pages"
        if pages.is_dir():
            return "vocs", [Path(os.path.normpath(pages))], [config]
    return "", [], []


def _velite(base: Path) -> tuple[str, list[Path], list[Path]]:
    """A Velite site (Next.js): its `velite.config` collections' Markdown patterns (`pattern: "content/docs/**/*.mdx"`,
    or a list of them), under its `root` (`content` unless the config names another folder)."""
    for name in _VELITE_CONFIGS:
        config = base / name
        if not config.is_file():
            continue
        text = config.read_text(encoding="utf-8", errors="replace")
        named_root = _VELITE_ROOT.search(text)
        root = Path(os.path.normpath(base / named_root.group(1))) if named_root else base / "content" if re.search(
            r"\broot\s*:", text) is None else base  # a root the config computes (`root: cwd`) is its folder
        folders: list[Path] = []
        for pattern in _VELITE_PATTERN.findall(text):
            if not pattern.endswith((".md", ".mdx", "}")):
                continue  # a collection of data (`content/showcases.json`)
            folder = root / re.split(r"[*{\[]", pattern, maxsplit=1)[0].rstrip("/")
            if folder.is_dir() and folder not in folders:
                folders.append(folder)
        if folders:
            return "velite", folders, [config]
    return "", [], []


def _nextra(base: Path) -> tuple[str, list[Path], list[Path]]:
    """A Nextra site: a Next.js config that imports Nextra, and the first of its page folders that holds Markdown."""
    config = next((base / n for n in _NEXT_CONFIGS if (base / n).is_file()), None)
    if config is None or not _NEXTRA.search(mask_comments(config.read_text(encoding="utf-8", errors="replace"))):
        return "", [], []
    pages = next((base / d for d in _NEXTRA_PAGES if (base / d).is_dir() and _holds_pages(base / d)), None)
    return ("nextra", [pages], [config]) if pages is not None else ("", [], [])


_MULTI_VERSION = re.compile(r"""(?<![\w$.])multiVersion\s*:\s*\{""")
_DEFAULT_VERSION = re.compile(r"""(?<![\w$.])default\s*:\s*['"]([^'"]+)['"]""")
_VERSIONS = re.compile(r"""(?<![\w$.])versions\s*:\s*\[([^\]]*)\]""")


def _rspress_versions(config: Path, docs: Path) -> tuple[tuple[str, str], ...]:
    """Rspress' `multiVersion: {default: '14.x', versions: ['12.x', '13.x', '14.x']}`: each version's pages are in a
    folder of its name under the docs root; those of the versions other than the default are frozen copies."""
    text = mask_comments(config.read_text(encoding="utf-8", errors="replace"))
    opened = _MULTI_VERSION.search(text)
    if opened is None:
        return ()
    options = block_after(text, opened.end() - 1)
    default, versions = _DEFAULT_VERSION.search(options), _VERSIONS.search(options)
    if default is None or versions is None:
        return ()
    folder = str(docs).replace(os.sep, "/").rstrip("/")
    return tuple((f"{folder}/{name}/", name) for name in _STRING.findall(versions.group(1))
                 if name != default.group(1) and (docs / name).is_dir())


_VERSION_FOLDER = re.compile(r"(?i)v?\d+(?:\.(?:\d+|x))+|v\d+")  # a folder named for a version: v2, 2.x, 1.0
# A folder named for a version of the docs, or for the line the docs are written on: `2.18`, `v2.3`, `2-edge`,
# `docs` (the latest, beside its versions), `master`, `next`, `latest`.
VERSION_LINE_NAMES = ("docs", "latest", "current", "stable", "main", "master", "next", "edge", "develop", "development",
                      "dev", "trunk", "unreleased", "nightly", "canary")
_VERSION_LINE_FOLDER = re.compile(r"(?i)v?\d+(?:[._-](?:\d+|x|[a-z]+))*|" + "|".join(VERSION_LINE_NAMES))


def version_line_folder(name: str) -> bool:
    """Whether a folder's name is a version's (`2.18`, `v2.3`, `2-edge`) or a line's (`docs`, `latest`, `master`)."""
    return _VERSION_LINE_FOLDER.fullmatch(name) is not None


def one_folder_apart(a: str, b: str) -> bool:
    """Whether two paths are one path but for one folder, named for a version or a line in both (`latest/api/x.md`,
    `v1.9/api/x.md`): a page and its copy in another version's folder."""
    x, y = a.split("/"), b.split("/")
    if len(x) != len(y) or x[-1] != y[-1]:
        return False
    apart = [i for i, (m, n) in enumerate(zip(x, y, strict=True)) if m != n]
    return len(apart) == 1 and version_line_folder(x[apart[0]]) and version_line_folder(y[apart[0]])


# A folder named for a version and the folder it copies: `v1.0-docs` beside `docs`, `docs-v2`.
_VERSIONED_FOLDER = re.compile(r"(?i)(?P<v1>v?\d+(?:\.(?:\d+|x))+|v\d+)[-_](?P<n1>[a-z][\w-]*)"
                               r"|(?P<n2>[a-z][\w-]*?)[-_](?P<v2>v?\d+(?:\.(?:\d+|x))+|v\d+)")
_ARCHIVE_NAMES = frozenset({"archive", "archives", "archived", "old-versions", "previous-versions"})
_MIRRORED = 3  # pages a version's folder needs, half of them beside the current ones, to be that version's copy


def _version_copies(roots: tuple[Path, ...], siblings: list[tuple[str, str, str]]) -> tuple[tuple[str, str], ...]:
    """The folders at the top of the docs named for a version (`v2/`, `3.x/`) whose pages are, half of them or
    more, the current pages' paths again (`v2/servers/tools.mdx` beside `servers/tools.mdx`): that version's docs,
    kept beside the current ones (Mintlify's versions, a hand-made archive), frozen copies as Docusaurus's are; a
    folder named for a version and the folder beside it whose pages it copies (`v1.0-docs/` beside `docs/`); and the
    older of version folders side by side (`siblings`, from `_sibling_versions`)."""
    out: list[tuple[str, str]] = []
    for docs in roots:
        try:
            folders = sorted(d for d in docs.iterdir() if d.is_dir())
        except OSError:
            continue
        for folder in folders:
            # `v2/` copies the docs' top; `v1.0-docs/` (or `docs-v1.0/`) copies the folder `docs/` beside it
            named = _VERSION_FOLDER.fullmatch(folder.name)
            prefixed = named or _VERSIONED_FOLDER.fullmatch(folder.name)
            if prefixed is None:
                continue
            version = folder.name if named else prefixed.group("v1") or prefixed.group("v2")
            current = docs if named else docs / (prefixed.group("n1") or prefixed.group("n2"))
            if not named and not current.is_dir():
                continue
            inside = [p.relative_to(folder) for p in itertools.islice(folder.rglob("*.md*"), 3000)
                      if p.suffix in (".md", ".mdx") and "node_modules" not in p.parts]
            mirrored = sum(1 for rel in inside
                           if any((current / rel).with_suffix(s).is_file() for s in (".md", ".mdx")))
            if len(inside) >= _MIRRORED and 2 * mirrored >= len(inside):
                out.append((_folder_key(folder), version))
    out += [(folder, name) for folder, name, _ in siblings if (folder, name) not in out]
    return tuple(out)


def _pages_in(folder: Path) -> set[Path]:
    return {p.relative_to(folder).with_suffix("") for p in itertools.islice(folder.rglob("*.md*"), 3000)
            if p.suffix in (".md", ".mdx") and "node_modules" not in p.parts}


def _sibling_versions(docs: Path, depth: int = 5) -> list[tuple[str, str, str]]:
    """Folders side by side named for versions (`guide/v8/`, `guide/v10/`, `guide/v11/`; `docs/v1/` to `docs/v3/`)
    with no current pages above them: the newest is current, and each older one half of whose pages the newest has
    again at the same paths is that version's frozen copy: (its folder, its version, the newest's folder)."""
    out: list[tuple[str, str, str]] = []
    archives: list[tuple[Path, list[tuple[tuple[int, ...], str]]]] = []
    newest_of_all: tuple[tuple[int, ...], Path] | None = None
    lone: list[tuple[tuple[int, ...], Path]] = []
    for here, dirs, _ in os.walk(docs):
        base = Path(here)
        dirs[:] = [d for d in dirs if not d.startswith((".", "_")) and d != "node_modules"
                   and len(base.relative_to(docs).parts) < depth]
        named = sorted((_version_key(d), d) for d in dirs if _VERSION_FOLDER.fullmatch(d))
        if named and base.name.lower() in _ARCHIVE_NAMES:
            archives.append((base, named))  # an archive's versions are all old: sorted out below
            continue
        if named and (newest_of_all is None or named[-1][0] > newest_of_all[0]):
            newest_of_all = (named[-1][0], base / named[-1][1])
        if len(named) == 1 and _VERSION_FOLDER.fullmatch(base.name):
            lone.append((named[0][0], base / named[0][1]))  # `v1/1.76/`: a major's one release, sorted out below
        if len(named) < 2:
            continue
        newest = _pages_in(base / named[-1][1])
        mirrored = []
        for _, name in named[:-1]:
            inside = _pages_in(base / name)
            if len(inside) >= _MIRRORED and 2 * len(inside & newest) >= len(inside):
                mirrored.append(name)
        # Three versions or more, one of them a copy of the newest: a series of the docs' releases, of which the
        # oldest may have been written otherwise (`v2.3/` beside `v3.1/` to `v3.8/`), a copy too.
        kept = [name for _, name in named[:-1]] if mirrored and len(named) >= 3 else mirrored
        newest_folder = _folder_key(base / named[-1][1])
        out += [(_folder_key(base / name), name, newest_folder) for name in kept]
    # Version folders in an `archives/` folder (`docs/archives/1.10.2/` beside `docs/1.13.0/`): releases kept for the
    # record, every one older than the newest outside it.
    # They come first: the release just before the newest, which the run keeps current while it is still edited, is
    # the series' own, never an archived one.
    archived = [(_folder_key(base / name), name, _folder_key(newest_of_all[1])) for base, named in archives
                if newest_of_all is not None and all(key < newest_of_all[0] for key, _ in named) for _, name in named]
    # A series grouped by major (`v1/1.76/` beside `v2/2.0/` to `v2/2.20/`): an older major's one release, half of
    # whose pages the newest release has again at the same paths, is that release's frozen copy (before the series'
    # own too, never taken for the release just before the newest).
    if newest_of_all is not None:
        newest = _pages_in(newest_of_all[1])
        for key, folder in lone:
            inside = _pages_in(folder)
            if key < newest_of_all[0] and len(inside) >= _MIRRORED and 2 * len(inside & newest) >= len(inside):
                archived.append((_folder_key(folder), folder.name, _folder_key(newest_of_all[1])))
    return archived + out


def _rspress(base: Path) -> tuple[str, list[Path], list[Path]]:
    """An Rspress site: its config's `root` (`root: path.join(__dirname, 'docs')` or `root: 'docs'`), `docs/` by
    default. An `rstack.config.*` is one when it defines a doc site (`define.doc(...)`) or imports Rspress."""
    for name in _RSPRESS_CONFIGS:
        config = base / name
        if not config.is_file():
            continue
        text = mask_comments(config.read_text(encoding="utf-8", errors="replace"))
        if name.startswith("rstack") and "define.doc(" not in text and "@rspress/" not in text:
            continue
        docs = base / "docs"
        marker = _RSPRESS_ROOT.search(text)
        if marker is not None:
            rest = text[marker.end():]
            call = re.match(r"(?:path\.)?(?:join|resolve)\(", rest)
            if call:  # path.join(import.meta.dirname, 'docs', 'en'): the string parts of the call, in order
                depth, end = 0, len(rest)
                for i, char in enumerate(rest):
                    depth += {"(": 1, ")": -1}.get(char, 0)
                    if char == ")" and depth == 0:
                        end = i
                        break
                parts = [p for p in _STRING.findall(rest[call.end():end]) if p not in (".", "./")]
                if parts:
                    docs = base.joinpath(*parts)
            elif (literal := _STRING.match(rest)) is not None:
                docs = base / literal.group(1)
        if docs.is_dir():
            return "rspress", [docs], [config]
    return "", [], []


def _own_mkdocs_config(text: str) -> bool:
    """A YAML file in MkDocs' format: a `site_name`, and the folder or the table of its pages (`docs_dir`, `nav`)."""
    return bool(_MKDOCS_SITE_NAME.search(text) and (_MKDOCS_DIR.search(text) or _MKDOCS_NAV.search(text)))


def _mkdocs_configs(base: Path) -> list[Path]:
    """The MkDocs config of a folder: `mkdocs.yml`, else the `mkdocs-*.yml` files a build names with
    `--config-file` (`mkdocs-nav.yml`, `mkdocs-common.yml`), the one with the `nav` first, then the one with the
    `site_name`, else a YAML file of another name in MkDocs' format (`zensical.yml`); Zensical's `zensical.toml`
    before them all (it reads an `mkdocs.yml` only where it has no config of its own)."""
    named = [base / n for n in (_ZENSICAL, *_MKDOCS_NAMES) if (base / n).is_file()]
    if named:
        return named[:1]
    found = sorted(p for p in base.glob("mkdocs[-_.]*") if p.suffix in (".yml", ".yaml") and p.is_file())
    if not found:  # a config the build names with `--config-file` under a name of its own (`zensical.yml`)
        found = sorted(p for p in base.glob("*.y*ml") if p.suffix in (".yml", ".yaml") and p.is_file()
                       and _own_mkdocs_config(p.read_text(encoding="utf-8", errors="replace")))

    def rank(config: Path) -> tuple[int, str]:
        text = config.read_text(encoding="utf-8", errors="replace")
        return (0 if _MKDOCS_NAV.search(text) else 1 if _MKDOCS_SITE_NAME.search(text) else 2), config.name
    return sorted(found, key=rank)


_NAV_SHARE = 2  # a folder holding at least half of the files a nav names is the one it names them in


def _mkdocs_docs_dir(base: Path, docs_dir: str, configs: list[Path]) -> Path:
    """A config's `docs_dir`, beside it; but a base config that another one inherits (`INHERIT: docs/base.yml` in
    an `mkdocs.yml` the build writes at the top), or a config the build copies to the top first (`cp
    docs/mkdocs.yml ./` before `mkdocs build`, its `docs_dir: docs`), has it read from where it is built: where the
    folder is not beside the config, the nearest folder above that holds it."""
    docs = base / docs_dir
    if docs.is_dir():
        return docs
    # A `docs_dir` a build step writes (not in the repository) from a folder beside the config that holds the files
    # the nav names (`pages/`, which a preprocessor compiles into `docs/`): that folder.
    named = siteconfig.mkdocs_nav_files(configs)
    if named:
        beside = [d for d in sorted(base.iterdir()) if d.is_dir() and not d.name.startswith(".")] \
            if base.is_dir() else []
        found = max(beside, key=lambda d: sum((d / n).is_file() for n in named), default=None)
        if found is not None and _NAV_SHARE * sum((found / n).is_file() for n in named) >= len(named):
            return found
    # Never above the repository the config is in: a folder out of it is no page of this site.
    top = next((p for p in (base, *base.parents) if (p / ".git").exists()), None)
    ups = [up for up in list(base.parents)[:2] if top is not None and up.is_relative_to(top)]
    return next((up / docs_dir for up in ups if (up / docs_dir).is_dir()), docs)


def _holds_project(folder: Path, root: Path) -> bool:
    """Whether a folder is an ancestor of the project's root (not the root itself)."""
    folder, root = folder.resolve(), root.resolve()
    return folder != root and root.is_relative_to(folder)


# Hexo: `_config.yml` beside its `scaffolds/` (the templates `hexo new` copies, never built) or a package.json that
# depends on `hexo`; its pages in `source_dir`, `source/` by default.
_HEXO_SOURCE = re.compile(r"(?m)^source_dir\s*:\s*['\"]?([^'\"#\n]+?)['\"]?\s*(?:#.*)?$")


def _hexo(base: Path) -> tuple[str, list[Path], list[Path]]:
    config = base / "_config.yml"
    if not config.is_file():
        return "", [], []
    package = base / "package.json"
    depends = package.is_file() and re.search(r'"hexo"\s*:', package.read_text(encoding="utf-8", errors="replace"))
    if not ((base / "scaffolds").is_dir() or depends):
        return "", [], []
    found = _HEXO_SOURCE.search(config.read_text(encoding="utf-8", errors="replace"))
    source = base / (found.group(1).strip().strip("/") if found else "source")
    return ("hexo", [source], [config]) if source.is_dir() else ("", [], [])


# Grav: its `user/` folder (or a repository of it) holds `pages/`, where each page is a folder (`04.guides/`, ordered
# by its number) with one Markdown file named for its template (`docs.md`, `default.en.md`), beside `plugins/` and
# `themes/`, each a package with its `blueprints.yaml` (their README, CHANGELOG and page templates are no pages).
_GRAV_CONFIGS = ("config/system.yaml", "config/site.yaml")
_GRAV_FOLDER = re.compile(r"^\d+\.[^.]")


def _grav(base: Path) -> tuple[str, list[Path], list[Path]]:
    for user in (base, base / "user"):
        pages = user / "pages"
        if not pages.is_dir():
            continue
        packaged = any(next(iter((user / kind).glob("*/blueprints.yaml")), None) is not None
                       for kind in ("plugins", "themes"))
        configs = [user / name for name in _GRAV_CONFIGS if (user / name).is_file()]
        try:
            numbered = any(_GRAV_FOLDER.match(d.name) and d.is_dir() for d in pages.iterdir())
        except OSError:
            numbered = False
        if numbered and (packaged or configs):
            return "grav", [pages], configs
    return "", [], []


_ROOT_DOC = re.compile(r"(?m)^(?:root_doc|master_doc)\s*=\s*['\"]([^'\"]+)['\"]")
_SOURCE_SUFFIXES = (".md", ".rst", ".ipynb", ".txt")


def _sphinx_source(conf_dir: Path) -> Path:
    """The folder a Sphinx site's pages are in: conf.py's own, or, where conf.py is kept apart (`sphinx-build -c
    doc/_sphinx doc`, its Makefile's `SOURCEDIR` the folder above) and its folder holds no root document, the folder
    above, which does (`index.md`, or the `root_doc` conf.py names)."""
    try:
        text = (conf_dir / "conf.py").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return conf_dir
    match = _ROOT_DOC.search(text)
    names = (match.group(1),) if match else ("index", "contents")

    def holds_root(folder: Path) -> bool:
        return any((folder / f"{name}{suffix}").is_file() for name in names for suffix in _SOURCE_SUFFIXES)

    if holds_root(conf_dir) or not holds_root(conf_dir.parent):
        return conf_dir
    return conf_dir.parent


_BRIDGETOWN_SOURCE = re.compile(r"(?m)^source:[ \t]*([^#\n]+?)[ \t]*$")


# mdoc, Scala's documentation compiler, writes the pages a Docusaurus site reads (`path: "../website/target/docs"`,
# not in the repository) from its input: the sbt build's `mdocIn` (`baseDirectory.value / "src" / "main" /
# "markdown"` of the project that sets it, or `file("...")`), else `docs/` at the build's root, mdoc's default.
_MDOC_IN = re.compile(r"""\bmdocIn\s*:=\s*(?:(\(?\s*(?:ThisBuild\s*/\s*)?baseDirectory\s*\)?\s*\.value)"""
                      r"""|file\(\s*"([^"]+)"\s*\))((?:\s*/\s*"[^"]+")*)""")
# an sbt project and its folder: `lazy val docs = project` (the folder named for the val), `project.in(file("x"))`,
# `(project in file("x"))`
_SBT_PROJECT = re.compile(r"""\blazy\s+val\s+(\w+)\s*=\s*\(?\s*project\b(?:\s*\.in\s*\(\s*file\(\s*"([^"]+)"\s*\)"""
                          r"""|\s+in\s+file\(\s*"([^"]+)"\s*\))?""")


def _mdoc_input(base: Path) -> Path | None:
    """The folder mdoc compiles a Docusaurus site's pages from, when its sbt build (beside the site's config or one
    folder up) runs mdoc."""
    for build_root in dict.fromkeys((base, base.parent)):
        build = build_root / "build.sbt"
        if not build.is_file():
            continue
        text = siteconfig.read_text(build)
        if "mdoc" not in text.lower():
            continue
        match = _MDOC_IN.search(text)
        if match:
            start = build_root / match.group(2) if match.group(2) else build_root
            if match.group(1):  # the folder of the project whose settings set it
                project = next(iter(reversed(list(_SBT_PROJECT.finditer(text, 0, match.start())))), None)
                if project is not None and not match.group(1).lstrip("( ").startswith("ThisBuild"):
                    start = build_root / (project.group(2) or project.group(3) or project.group(1))
            folder = start.joinpath(*re.findall(r'"([^"]+)"', match.group(3)))
            if folder.is_dir() and _holds_pages(folder):
                return folder
        if (build_root / "docs").is_dir() and _holds_pages(build_root / "docs"):
            return build_root / "docs"
    return None


def _framework_in(base: Path) -> tuple[str, list[Path], list[Path]]:
    for name in DOCUSAURUS_CONFIGS:
        config = base / name
        if config.is_file():
            text = config.read_text(encoding="utf-8", errors="replace")
            # Each docs instance the config sets up (the classic preset's is `docs/` unless it names a path), and
            # any other `path:` it names but a URL route's (`actions.addRoute({path: '/'})`).
            # (A path written for a site built once per language is read from the folder above the languages':
            # the own language's pages the source, the others' its translations.)
            paths = [*(inst.languages_in or inst.path for inst in docusaurus.read_site(base).docs),
                     *(p for p in _DOCS_PATH.findall(text) if not p.startswith("/"))]
            docs = list(dict.fromkeys(base / m for m in paths if (base / m).is_dir()))
            blog = [base / "blog"] if (base / "blog").is_dir() else []
            mdoc = None if docs else _mdoc_input(base)
            docs = [mdoc] if mdoc is not None else docs
            # A config whose docs options come from a package's function (`getDocusaurusConfig({...})`), in a docs
            # app with no docs folder of its own, that names the repository's `docs/` beside it
            # (`require('../docs/table-of-contents.json')`): those are its docs.
            if not docs and not (base / "docs").is_dir() and _NAMES_DOCS_BESIDE.search(text) \
                    and (base.parent / "docs").is_dir() and _holds_pages(base.parent / "docs"):
                docs = [base.parent / "docs"]
            return "docusaurus", [*(docs or [base / "docs"]), *blog], [config]
    fumadocs = _fumadocs(base)
    if fumadocs[0]:
        return fumadocs
    for found in (_velite(base), _vocs(base)):
        if found[0]:
            return found
    nextra = _nextra(base)
    if nextra[0]:
        return nextra
    for name in _CONTENTLAYER_CONFIGS:  # Contentlayer (Next.js sites): `contentDirPath: "src/content"`
        config = base / name
        if config.is_file():
            match = _CONTENT_DIR.search(config.read_text(encoding="utf-8", errors="replace"))
            if match and (base / match.group(1)).is_dir():
                return "contentlayer", [base / match.group(1)], [config]
    for name in ASTRO_CONFIGS:
        if not (base / name).is_file():
            continue
        collections = _astro_collections(base)
        starlight = "starlight" in (base / name).read_text(encoding="utf-8", errors="replace")
        if (base / "src" / "content" / "docs").is_dir() and (starlight or not collections):
            return "starlight", [base / "src" / "content" / "docs"], [base / name]
        if collections:  # a plain Astro site's pages: its content collections of Markdown
            return "astro", collections, [base / name]
        if (base / "src" / "pages").is_dir():  # Astro's routes, one page per file
            return "astro", [base / "src" / "pages"], [base / name]
    rspress = _rspress(base)
    if rspress[0]:
        return rspress
    for sub in (base, base / "docs", *_vitepress_scripted(base)):
        if (sub / ".vuepress").is_dir():  # VuePress: its pages in the folder that holds `.vuepress/`
            configs = sorted(p for p in (sub / ".vuepress").glob("config.*") if p.suffix in _JS_SUFFIXES)
            if configs:
                return "vuepress", [sub], configs
        if (sub / ".vitepress").is_dir():
            configs = sorted(p for p in (sub / ".vitepress").glob("config.*") if p.name in VITEPRESS_CONFIGS)
            return "vitepress", [_vitepress_src(sub, configs)], configs
    mkdocs = _mkdocs_configs(base)
    if mkdocs:
        match = next(filter(None, (_MKDOCS_DIR.search(c.read_text(encoding="utf-8", errors="replace"))
                                   for c in mkdocs)), None)
        return "mkdocs", [_mkdocs_docs_dir(base, match.group(1).strip() if match else "docs", mkdocs)], mkdocs
    for sub in (base, base / "docs"):
        if _myst_project(sub / "myst.yml"):  # MyST's own site builder (mystmd, Jupyter Book 2)
            return "myst", [sub], [sub / "myst.yml"]
        mintlify = next((sub / n for n in ("docs.json", "mint.json") if _mintlify_config(sub / n)), None)
        if mintlify is not None:  # Mintlify: its pages beside its docs.json (mint.json before v4)
            return "mintlify", [sub], [mintlify]
    # (sphinx-quickstart's separate source and build folders put conf.py in `source/`, at the top or under `docs/`.)
    # (or in a `src/` or `source/` folder of `doc/`, sympy's `doc/src/conf.py`)
    for sub in (base, base / "docs", base / "docs" / "source", base / "doc", base / "source", base / "doc" / "source",
                base / "doc" / "src", base / "docs" / "src"):
        if (sub / "conf.py").is_file():
            return "sphinx", [_sphinx_source(sub)], [sub / "conf.py"]
    gitbook = _gitbook(base)
    if gitbook[0]:
        return gitbook
    hexo = _hexo(base)
    if hexo[0]:
        return hexo
    # Bridgetown, Jekyll's successor in Ruby: its pages in `src/` (or its config's `source:`), its collections in `_`
    # folders as Jekyll's, read with kramdown as Jekyll reads them.
    bridgetown = next((base / n for n in ("bridgetown.config.yml", "bridgetown.config.yaml") if (base / n).is_file()),
                      None)
    if bridgetown is not None:
        source = _BRIDGETOWN_SOURCE.search(bridgetown.read_text(encoding="utf-8", errors="replace"))
        pages = base / (source.group(1).strip("'\" ") if source else "src")
        if pages.is_dir():
            return "jekyll", [pages], [bridgetown]
    jekyll = next((base / n for n in ("_config.yml", "_config.yaml") if (base / n).is_file()), None)
    if jekyll is not None and any((base / d).is_dir() for d in ("_layouts", "_includes", "_posts", "_data")):
        return "jekyll", [base], [jekyll]  # Jekyll: the site's folder, `_` folders its layouts but for collections
    scripted_jekyll = _jekyll_scripted(base)
    if scripted_jekyll is not None:
        return "jekyll", [scripted_jekyll[1]], [scripted_jekyll[0]]
    # (or the config its build names, `hugo --config docs.toml` in a Makefile beside it)
    for name in (*_HUGO_CONFIGS, *_hugo_scripted(base)):
        config = base / name
        if not config.is_file():
            continue
        text = config.read_text(encoding="utf-8", errors="replace")
        if name in _HUGO_CONFIGS and "/config." in f"/{name}" and not re.search(r"(?i)\bbaseURL\b", text):
            continue  # a `config.toml` of another tool
        match = _HUGO_CONTENT.search(text)
        content = base / (localemod.hugo_default_content(config) or (match.group(1).strip() if match else "content"))
        if content.is_dir():
            return "hugo", [content], [config]
    grav = _grav(base)
    if grav[0]:
        return grav
    for name in ("zola.toml", "config.toml"):  # Zola: its config's snake-case `base_url`, its pages in `content/`
        config = base / name
        if config.is_file() and (base / "content").is_dir() and re.search(
                r"(?m)^\s*base_url\s*=", config.read_text(encoding="utf-8", errors="replace")):
            return "zola", [base / "content"], [config]
    docsify = _docsify(base)
    if docsify is not None:
        return "docsify", [base], [docsify]
    gatsby = _gatsby(base)
    if gatsby[0]:
        return gatsby
    return "", [], []


_GATSBY_CONFIGS = ("gatsby-config.js", "gatsby-config.ts", "gatsby-config.mjs")
# gatsby-source-filesystem's folder: `${__dirname}/content/docs`, `path.join(__dirname, "docs")`, `./content`
_GATSBY_PATH = re.compile(r"""\bpath\s*:\s*(?:`\$\{__dirname\}/([^`]+)`|(?:path\.)?(?:join|resolve)\(\s*__dirname\s*,"""
                          r"""\s*["'`]([^"'`]+)["'`]\s*\)|["'`]\./([^"'`]+)["'`])""")
# The folder a Gatsby docs theme reads its pages from: GitHub's Doctocat's `content/`, smooth-doc's `pages/`.
_GATSBY_THEMES = (("gatsby-theme-doctocat", "content"), ("smooth-doc", "pages"))


def _gatsby(base: Path) -> tuple[str, list[Path], list[Path]]:
    """A Gatsby site: the folders its gatsby-source-filesystem instances read that hold pages, else its docs theme's
    folder, else `content/` or `src/pages/`."""
    config = next((base / name for name in _GATSBY_CONFIGS if (base / name).is_file()), None)
    if config is None:
        return "", [], []
    text = mask_comments(config.read_text(encoding="utf-8", errors="replace"))
    folders = [base / next(g for g in m.groups() if g).strip("/") for m in _GATSBY_PATH.finditer(text)]
    folders = [f for f in dict.fromkeys(folders) if f.is_dir() and _holds_pages(f)]
    if not folders:
        themed = [base / folder for theme, folder in _GATSBY_THEMES if theme in text]
        folders = [f for f in (*themed, base / "content", base / "src" / "pages") if f.is_dir() and _holds_pages(f)][:1]
    return ("gatsby", folders, [config]) if folders else ("", [], [])


_DOCSIFY = re.compile(r"window\.\$docsify\s*=")
_DOCSIFY_PAGES = 5  # the HTML files at a folder's top read for Docsify's settings


def _docsify(base: Path) -> Path | None:
    """Docsify's page: an HTML file at the folder's top that sets `window.$docsify` (`index.html`, or another name,
    `doc.html`, beside a home page of its own), its Markdown pages fetched from the folder as they are."""
    try:
        pages = sorted(base.glob("*.html"), key=lambda f: (f.name != "index.html", f.name))[:_DOCSIFY_PAGES]
    except OSError:
        return None
    return next((f for f in pages if f.is_file() and _DOCSIFY.search(f.read_text(encoding="utf-8", errors="replace"))),
                None)
