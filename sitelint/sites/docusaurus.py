"""Maps Docusaurus routes back to source files: docs folders and their versions, blog posts, pages, translations.

Routes are computed the way Docusaurus 3 computes them by default (slug and id front matter, number prefixes, route
base paths, baseUrl; a version's path part is its `versions.<name>.path`, else "" for the last version, "next" for
the current one and the version's name for the others; a blog post's slug is its front matter's, else its file's date
and name; a translated route without a translated file is built from the default locale's file).
"""

from __future__ import annotations

import json
import os
import posixpath
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath
from types import MappingProxyType
from typing import Any

import yaml

from sitelint import language
from sitelint.sites.siteconfig import (
    docusaurus_config,
    imported_modules,
    js_object,
    js_objects_after,
    js_string,
    js_value,
    mask_comments,
    read_text,
    top_level,
)

_DOC_SUFFIXES = (".md", ".mdx")
_PAGE_SUFFIXES = (".md", ".mdx", ".js", ".jsx", ".ts", ".tsx")
_NUMBER_PREFIX = re.compile(r"^\d+\s*[-_.]+\s*(?=[^\d])")
_FRONT_MATTER = re.compile(r"\A---\s*\n(.*?)\n---\s*(?:\n|\Z)", re.S)
_BLOG_DATE = re.compile(r"^(?P<folder>.*)(?P<date>\d{4}[-/]\d{1,2}[-/]\d{1,2})[-/]?(?P<text>.*?)(?:/index)?\.mdx?$")
_YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
CURRENT = "current"  # Docusaurus's name for the version in the docs folder itself


@dataclass(frozen=True)
class DocsInstance:
    """One docs plugin: where its files are (relative to the site) and the route they are served under."""

    path: str = "docs"
    route_base: str = "docs"
    plugin_id: str = "default"
    last_version: str | None = None  # the lastVersion option; None: the newest in versions.json, else current
    version_paths: Mapping[str, str] = field(default_factory=dict)  # versions.<name>.path, where set
    include_current: bool = True
    sidebar_path: str | None = None  # the sidebarPath option ("false": no sidebar); None: not set
    exclude: tuple[str, ...] = ()  # the exclude option's globs: files of the folder that are no docs (partials)
    # for a path written as a template that folders of several languages fit (`./docs/${siteName}/guides`), the
    # folder that holds those languages' folders (`docs`), "" otherwise
    languages_in: str = ""

    def versions(self, root: Path) -> Iterator[tuple[str, str, str]]:
        """(version name, its folder relative to the site, its route path part), current version first."""
        prefix = "" if self.plugin_id == "default" else f"{self.plugin_id}_"
        names = _version_names(root / f"{prefix}versions.json")
        last = self.last_version or (names[0] if names else CURRENT)
        for name in ([CURRENT] if self.include_current else []) + names:
            default = "" if name == last else ("next" if name == CURRENT else name)
            folder = self.path if name == CURRENT else f"{prefix}versioned_docs/version-{name}"
            yield name, folder, self.version_paths.get(name, default).strip("/")

    def i18n_folder(self, locale: str, version: str) -> str:
        plugin = "docusaurus-plugin-content-docs" + ("" if self.plugin_id == "default" else f"-{self.plugin_id}")
        return f"i18n/{locale}/{plugin}/{version if version == CURRENT else 'version-' + version}"


_SHOWN_SHARE = 3  # times the pages of its docs folder a shown version holds to be the site's pages


def shown_version(root: Path, instance: DocsInstance) -> tuple[str, str] | None:
    """(name, folder relative to the site) of the version that holds a docs instance's pages: the version readers are
    shown (`lastVersion`, by default the newest of versions.json) where the docs folder holds a third of its pages or
    fewer (a few pages kept outside versions, the versions edited in place), so the docs folder is no next edition of
    it; None where the docs folder is the one edited."""
    shown = next(((name, folder) for name, folder, part in instance.versions(root) if not part and name != CURRENT),
                  None)
    if shown is None or not (root / shown[1]).is_dir():
        return None
    own = len(_files(root / instance.path, _DOC_SUFFIXES))
    return shown if own * _SHOWN_SHARE <= len(_files(root / shown[1], _DOC_SUFFIXES)) else None


@dataclass(frozen=True)
class BlogInstance:
    """One blog plugin: its folder and route base path."""

    path: str = "blog"
    route_base: str = "blog"
    plugin_id: str = "default"


@dataclass(frozen=True)
class DocusaurusSite:
    """What route mapping needs from docusaurus.config: baseUrl, locales and the docs and blog plugin instances."""

    base_url: str = "/"
    docs: tuple[DocsInstance, ...] = (DocsInstance(),)
    pages_path: str = "src/pages"
    blogs: tuple[BlogInstance, ...] = ()
    # more instances of the pages plugin (`'@docusaurus/plugin-content-pages', {path: 'learn', routeBasePath:
    # 'learn'}`): (folder, route base) each
    more_pages: tuple[tuple[str, str], ...] = ()
    default_locale: str = "en"
    locales: tuple[str, ...] = ()

    @property
    def docs_dirs(self) -> tuple[str, ...]:
        return tuple(d.path for d in self.docs)


def read_site(root: Path) -> DocusaurusSite:
    """The route settings in docusaurus.config.*, read as text; defaults when there is no config."""
    source = mask_comments(read_text(docusaurus_config(root)))
    if not source:
        return DocusaurusSite()
    base_url = re.search(r"\bbaseUrl\s*:\s*['\"`]([^'\"`]*)['\"`]", source)
    instances: list[DocsInstance] = []
    blogs: list[BlogInstance] = []
    more_pages: list[tuple[str, str]] = []
    # Plugins may be kept in a module the config imports (`plugins: [...docs]`, `import { docs } from './docs'`), and
    # the whole config too (`module.exports = require('./config_impl.ts').config`): then its presets are there.
    modules = [mask_comments(read_text(m)) for m in imported_modules(docusaurus_config(root), root)]
    preset_text = next((text for text in (source, *modules) if re.search(_PRESET, text)), source)
    presets = list(js_objects_after(preset_text, _PRESET))
    classic = set(js_objects_after(preset_text, _CLASSIC))
    for preset in presets:
        # A preset beside the classic one that adds to it (`'docusaurus-preset-shiki-twoslash'` with its themes)
        # has no docs or blog of its own unless its options give them.
        if classic and preset not in classic and not re.search(r"\b(?:docs|blog)\s*:", top_level(preset)):
            continue
        if js_value(preset, "docs") != "false":
            instances.append(_instance(js_object(preset, "docs") or "", source))
        if js_value(preset, "blog") != "false":
            blogs.append(_blog(js_object(preset, "blog") or ""))
    for text in (source, *modules):
        for body in js_objects_after(text, _PLUGIN.format(name="docs")):
            instances.append(_instance(body, text))
        # A site's own plugin that wraps the docs plugin (`"./src/plugins/docs/index.js"` with a docs instance's
        # options: its `sidebarPath`, its `path` or the default's).
        for body in js_objects_after(text, _OWN_PLUGIN):
            if re.search(r"\bsidebarPath\s*:", top_level(body)):
                instances.append(_instance(body, text))
        for body in js_objects_after(text, _PLUGIN.format(name="blog")):
            blogs.append(_blog(body))
        for body in js_objects_after(text, _PLUGIN.format(name="pages")):
            path, route = js_value(body, "path"), js_value(body, "routeBasePath")
            if path and _folder(path) != "src/pages":
                more_pages.append((_folder(path), (route or "").strip("/")))
    i18n = next(js_objects_after(source, r"(?<![\w$.])['\"]?i18n['\"]?\s*:\s*(?=\{)"), "")
    default_locale = js_string(i18n, "defaultLocale") or "en"
    templated = [inst.path for inst in instances if "${" in inst.path]
    if templated:  # the site's folders, walked once for all the paths written as templates
        folders = sorted(_folders_under(root, max(path.count("/") for path in templated) + 1))
        instances = [_templated(inst, folders, default_locale) if "${" in inst.path else inst for inst in instances]
    locales = tuple(re.findall(r"['\"]([^'\"]+)['\"]", js_object(i18n, "locales") or ""))
    return DocusaurusSite(base_url.group(1) if base_url else "/", tuple(instances) or (DocsInstance(),),
                          blogs=tuple(blogs), more_pages=tuple(dict.fromkeys(more_pages)),
                          default_locale=default_locale,
                          locales=tuple(loc for loc in locales if loc != default_locale))


_COPY = re.compile(r"^(?:i18n/(?P<locale>[^/]+)/(?:docusaurus-plugin-content-docs(?:-(?P<plugin>[^/]+))?/"
                   r"(?:version-(?P<tversion>[^/]+)/)?)?|(?:(?P<vplugin>[^/]+)_)?versioned_docs/version-(?P<version>[^/]+)/)")


# A file in a locale's docs folder but in no version's (`i18n/es/docusaurus-plugin-content-docs/guide/x.md`, beside
# `current/` and `version-2.0/`): Docusaurus builds the translations of each version's folder only.
_OUTSIDE_VERSIONS = re.compile(r"^i18n/[^/]+/docusaurus-plugin-content-docs(?:-[^/]+)?/(?!current/|version-[^/]+/)"
                               r"[^/]+/")


# A translated doc: its locale, its docs instance's plugin id, its version's folder (`current`, `version-2.0`) and its
# path there, which is its source's path in that version's folder.
_TRANSLATED_DOC = re.compile(r"^i18n/[^/]+/docusaurus-plugin-content-docs(?:-(?P<plugin>[^/]+))?/"
                             r"(?P<version>current|version-[^/]+)/(?P<rest>.+)$")


def unbuilt(root: Path, site: DocusaurusSite | None = None) -> Callable[[str], bool]:
    """Whether a file (its path relative to the site at root) is a copy Docusaurus does not build: a translation into a
    locale the config's `i18n.locales` does not list, a copy of a version its `versions.json` does not list (a
    frozen version's folder kept after the version was dropped, a translation of it), or a translated doc whose source
    is gone (Docusaurus builds the docs of the source folder, each in the translation it finds for it: a translation
    with no source is never published). Without a `versions.json`, versions are not judged."""
    site = site or read_site(root)
    instances = {inst.plugin_id: inst for inst in site.docs}

    def sourceless(rel: str) -> bool:
        found = _TRANSLATED_DOC.match(rel)
        inst = instances.get(found.group("plugin") or "default") if found else None
        if found is None or inst is None:
            return False
        prefix = "" if inst.plugin_id == "default" else f"{inst.plugin_id}_"
        folder = inst.path if found.group("version") == CURRENT else f"{prefix}versioned_docs/{found.group('version')}"
        source = root / folder / found.group("rest")
        return (root / folder).is_dir() and not any(
            source.with_suffix(suffix).is_file() for suffix in (source.suffix, *_DOC_SUFFIXES))
    files = {inst.plugin_id: root / f"{'' if inst.plugin_id == 'default' else inst.plugin_id + '_'}versions.json"
             for inst in site.docs}
    named = {plugin: set(_version_names(file)) for plugin, file in files.items() if file.is_file()}

    def left_out(rel: str) -> bool:
        if _OUTSIDE_VERSIONS.match(rel):
            return True
        found = _COPY.match(rel)
        if found is None:
            return False
        locale = found.group("locale")
        if locale and site.locales and locale not in site.locales and locale != site.default_locale:
            return True
        version = found.group("tversion") or found.group("version")
        plugin = found.group("plugin") or found.group("vplugin") or "default"
        return (bool(version) and plugin in named and version not in named[plugin]) or sourceless(rel)

    return left_out


# A content plugin by its package's name or a shorthand Docusaurus resolves (`'content-docs'`,
# `'@docusaurus/content-docs'`, `'docusaurus-plugin-content-docs'`), its options object after it.
_PLUGIN = r"['\"](?:@docusaurus/(?:plugin-)?|docusaurus-plugin-)?content-{name}['\"]\s*,"


# A plugin of the site's own, by its path (`"./src/plugins/docs/index.js"`, `require.resolve("./plugins/docs")`).
_OWN_PLUGIN = r"(?:require\.resolve\(\s*)?['\"]\.{1,2}/[^'\"\n]+['\"]\s*\)?\s*,"


# The classic preset, or a preset that wraps it (`'@acme/docusaurus-preset'`,
# `require.resolve('docusaurus-plugin-internaldocs-fb/docusaurus-preset')`), with its options object after it: the
# docs and blog options are the classic's.
_CLASSIC_NAME = r"['\"](?:@docusaurus/preset-)?classic['\"]"
_CLASSIC = _CLASSIC_NAME + r"\s*,"
_PRESET = (rf"(?:{_CLASSIC_NAME}"
           r"|(?:require\.resolve\(\s*)?['\"][^'\"\n]*docusaurus-preset[^'\"\n]*['\"]\s*\)?)\s*,")


def _instance(body: str, source: str = "") -> DocsInstance:
    path = _option(body, "path", source) or _declared("docs", source)
    route = _option(body, "routeBasePath", source)
    versions = js_object(body, "versions") or ""
    paths = {}
    for name in re.findall(r"(?:^|[{,\s])['\"]?([\w.-]+)['\"]?\s*:\s*\{", top_level(versions)):
        found = js_value(js_object(versions, name) or "", "path")
        if found is not None:
            paths[name] = found
    key = _EXCLUDE.search(top_level(body))  # the instance's own key, not one of an object inside it
    listed = body[key.end():].split("]", 1)[0] if key else ""
    named = _EXCLUDE_NAMED.search(top_level(body)) if key is None else None
    if named is not None:  # `exclude: docsExcludePatterns`, with `const docsExcludePatterns = [...]` in the config
        declared = re.search(rf"\b(?:const|let|var)\s+{re.escape(named.group(1))}\b[^=\n]*=\s*\[", source)
        listed = source[declared.end():].split("]", 1)[0] if declared else ""
    return DocsInstance(_folder(path), "docs" if route is None else route.strip("/"),
                        js_value(body, "id") or "default", js_value(body, "lastVersion"),
                        MappingProxyType(paths), js_value(body, "includeCurrentVersion") != "false",
                        _sidebar_path(body, source), tuple(re.findall(r"['\"`]([^'\"`]+)['\"`]", listed)))


def _templated(inst: DocsInstance, folders: list[str], default_locale: str) -> DocsInstance:
    """A plugin whose `path` is written as a template (`./docs/${siteName}/guides`, the site built once per value of a
    variable the build sets), with the folder of the site that fits it, each `${...}` one folder's name. Where folders
    of several languages fit (`docs/en/guides`, `docs/cn/guides`: one site a language), the site's own language's (its
    default locale, else English), the folder above the languages' kept as `languages_in` (where the others are its
    translations); the template as written when no folder fits."""
    parts = [re.escape(part) for part in re.split(r"\$\{[^}]*\}", inst.path)]
    shape = re.compile("([^/]+)".join(parts))
    fits: list[tuple[str, tuple[str, ...]]] = []
    for folder in folders:  # (the site's, relative to it, sorted)
        found = shape.fullmatch(folder)
        if found is not None:
            fits.append((folder, found.groups()))
    above = inst.path.split("${", 1)[0].rstrip("/")
    for wanted in (language.base(default_locale), "en"):
        for folder, names in fits:
            if any(language.base(name) == wanted for name in names):
                return replace(inst, path=folder, languages_in=above if len(fits) > 1 else "")
    return replace(inst, path=fits[0][0]) if len(fits) == 1 else inst


def _folders_under(root: Path, depth: int) -> Iterator[str]:
    """The folders under root, to depth levels, as paths relative to it written as a plugin's option would
    ("./docs/en/guides" is "docs/en/guides")."""
    level = [root]
    for _ in range(depth):
        below = []
        for folder in level:
            try:
                below += [d for d in folder.iterdir() if d.is_dir() and d.name not in ("node_modules", ".git")]
            except OSError:
                continue
        for d in below:
            yield d.relative_to(root).as_posix()
        level = below


def _option(body: str, key: str, source: str) -> str | None:
    """An option's value, the constant it names looked up (`_declared`), or, written as a shorthand property
    (`routeBasePath,`), the value of the variable of that name (None when the source does not say it, or the option
    is not set: its default then)."""
    value = js_value(body, key)
    if value is not None:
        return _declared(value, source)
    if re.search(rf"(?:^|[{{,])\s*{re.escape(key)}\s*(?=[,}}]|$)", top_level(body)):
        held = _declared(key, source)
        return None if held == key else held
    return None


def _declared(value: str, source: str) -> str:
    """An option's value, or the value of the constant it names: `path: docsPath` with `const docsPath =
    "./current_docs"`, a file joined to the site's folder (`const op = path.resolve(rootDir, 'docs')` in a module's
    function that makes the plugin's options), or the default of that function's parameter (`routeBasePath: string =
    'docs/openziti'`)."""
    if not re.fullmatch(r"[A-Za-z_$][\w$]*", value):
        return value
    name = re.escape(value)
    declared = re.search(rf"\b(?:const|let|var)\s+{name}\b[^=\n]*=\s*(['\"`])([^'\"`]+)\1", source) or re.search(
        rf"[(,]\s*{name}\s*(?::\s*[\w$.<>|\[\] ]+)?=\s*(['\"`])([^'\"`]+)\1\s*[,)]", source)
    joined = re.search(rf"\b(?:const|let|var)\s+{name}\b[^=\n]*=\s*path\.(?:resolve|join)\(\s*[\w$.]+\s*,\s*"
                       rf"(['\"])([^'\"]+)\1\s*\)", source)
    return declared.group(2) if declared else joined.group(2) if joined else value


_EXCLUDE = re.compile(r"\bexclude\s*:\s*\[")  # the docs plugin's `exclude: ["**/partials/**"]`
_EXCLUDE_NAMED = re.compile(r"\bexclude\s*:\s*([A-Za-z_$][\w$]*)\s*(?=[,}\n]|$)")  # or a constant's name


# The docs plugin's `exclude` where its options set none: files and folders named with a leading `_` (a partial
# pages import, a draft kept beside them) and tests.
_DEFAULT_EXCLUDE = ("**/_*.{js,jsx,ts,tsx,md,mdx}", "**/_*/**", "**/*.test.{js,jsx,ts,tsx}", "**/__tests__/**")


def excluded(root: Path, site: DocusaurusSite | None = None) -> Callable[[str], str]:
    """The docs plugin's `exclude` glob a file (its path relative to the site at root) matches (its default where the
    options set none), "" for none: a file of the docs folder, or of a translation of it, that Docusaurus builds no
    page of (a partial pages import)."""
    site = site or read_site(root)
    globs = [(inst, pattern) for inst in site.docs for pattern in (inst.exclude or _DEFAULT_EXCLUDE)]

    def matched(rel: str) -> str:
        if not globs:
            return ""
        found = _TRANSLATED_DOC.match(rel)
        for inst, pattern in globs:
            if found is not None and found.group("version") == CURRENT and (
                    found.group("plugin") or "default") == inst.plugin_id:
                inner = found.group("rest")
            elif rel.startswith(folder := posixpath.normpath(inst.path) + "/"):
                inner = rel[len(folder):]
            else:
                continue
            if _glob(inner, pattern):
                return pattern
        return ""
    return matched


def _glob(rel: str, pattern: str) -> bool:
    """Whether a path matches a glob of micromatch's kind: `**` crosses folders (none too), `*` stays in one."""
    parts = re.split(r"(\*\*/|\*\*|\*|\?|\{[^{}]*\})", pattern.removeprefix("./"))
    regex = "".join("(?:.*/)?" if part == "**/" else ".*" if part == "**" else "[^/]*" if part == "*"
                    else "[^/]" if part == "?"
                    else "(?:" + "|".join(map(re.escape, part[1:-1].split(","))) + ")" if part.startswith("{")
                    else re.escape(part) for part in parts)
    return re.fullmatch(regex, rel) is not None


# `sidebarPath: require.resolve('./sidebars')`, or a path joined to the config's folder: `path.resolve(__dirname,
# 'sidebars.ts')`, `path.join(import.meta.dirname, 'sidebars.js')`, or to a function's parameter that holds it
# (`path.resolve(rootDir, 'sidebars.ts')`): the folder as a name (`__dirname` among them) or an expression.
_SIDEBAR_CALL = re.compile(r"\bsidebarPath\s*:\s*(?:require\.resolve\(|path\.(?:resolve|join)\(\s*"
                           r"(?:import\.meta\.dirname|process\.cwd\(\)|[A-Za-z_$][\w$]*)\s*,)"
                           r"\s*['\"]([^'\"]+)['\"]\s*\)")


def _sidebar_path(body: str, source: str = "") -> str | None:
    resolved = _SIDEBAR_CALL.search(body)
    named = js_value(body, "sidebarPath")
    return resolved.group(1) if resolved else _declared(named, source) if named is not None else None


def _blog(body: str) -> BlogInstance:
    path = js_value(body, "path") or "blog"
    route = js_value(body, "routeBasePath")
    return BlogInstance(_folder(path), "blog" if route is None else route.strip("/"),
                        js_value(body, "id") or "default")


def _folder(path: str) -> str:
    """A plugin's `path` option as a folder relative to the site ("./docs" and "docs/" are "docs"; "../docs" stays)."""
    return posixpath.normpath(path.replace("\\", "/")).removeprefix("./")


def _version_names(file: Path) -> list[str]:
    try:
        names = json.loads(read_text(file) or "[]")
    except ValueError:
        return []
    return [str(n) for n in names] if isinstance(names, list) else []


def _front_matter(file: Path) -> Mapping[str, Any]:
    match = _FRONT_MATTER.match(read_text(file))
    if match is None:
        return {}
    try:
        data = yaml.load(match.group(1), Loader=_YAML_LOADER)  # noqa: S506 - a safe loader, in C when there is one
    except yaml.YAMLError:
        return {}
    return data if isinstance(data, dict) else {}


def _strip_number(name: str) -> str:
    return _NUMBER_PREFIX.sub("", name)


def _doc_route(rel: PurePosixPath, file: Path) -> str:
    return doc_route(rel, _front_matter(file))


def doc_route(rel: PurePosixPath, meta: Mapping[str, Any]) -> str:
    """A doc's route under its version's base: its slug, else its path with number prefixes stripped and its id."""
    dirs = [_strip_number(p) for p in rel.parent.parts]
    slug = meta.get("slug")
    if isinstance(slug, str) and slug:
        return slug if slug.startswith("/") else "/".join(["", *dirs, slug])
    stem = _strip_number(rel.stem)
    # A category's index (`index`, `README`, or named as its folder: `projects/projects.mdx`) is served at its
    # folder, whatever its front matter `id` (the file's name decides, as Docusaurus' isCategoryIndex reads it).
    if stem.lower() in ("index", "readme") or (dirs and stem.lower() == dirs[-1].lower()):
        return "/" + "/".join(dirs)
    doc_id = meta.get("id")
    if isinstance(doc_id, str) and doc_id:
        stem = doc_id
    return "/" + "/".join([*dirs, stem])


def _join(*parts: str) -> str:
    joined = "/".join(p.strip("/") for p in parts if p.strip("/"))
    return "/" + joined


def normalise_route(route: str, base_url: str = "/") -> str:
    route = route.split("#", 1)[0].split("?", 1)[0]
    base = "/" + base_url.strip("/")
    if base != "/" and (route == base or route.startswith(base + "/")):
        route = route[len(base) :]
    return "/" + route.strip("/")


@dataclass(frozen=True)
class RouteMap:
    """Route (without baseUrl, no trailing slash) -> source files that produce it, relative to the site."""

    site: DocusaurusSite
    routes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def sources(self, route: str) -> tuple[str, ...]:
        return self.routes.get(normalise_route(route, self.site.base_url), ())


def build_route_map(root: Path) -> RouteMap:
    """Every docs, blog and pages route of the site at root, computed the way Docusaurus computes them by default."""
    site = read_site(root)
    routes: dict[str, list[str]] = {}

    def add(route: str, file: Path) -> None:
        routes.setdefault(route, []).append(Path(os.path.relpath(file, root)).as_posix())

    for locale in ("", *site.locales):
        for inst in site.docs:
            for version, folder, part in inst.versions(root):
                translated = inst.i18n_folder(locale, version) if locale else None
                for rel, file in _tree(root, folder, translated, _DOC_SUFFIXES):
                    add(_join(locale, inst.route_base, part, _doc_route(rel, file)), file)
        for blog in site.blogs:
            plugin = "docusaurus-plugin-content-blog" + ("" if blog.plugin_id == "default" else f"-{blog.plugin_id}")
            for rel, file in _tree(root, blog.path, f"i18n/{locale}/{plugin}" if locale else None, _DOC_SUFFIXES):
                add(_join(locale, blog.route_base, _blog_slug(rel, file)), file)
        pages = f"i18n/{locale}/docusaurus-plugin-content-pages" if locale else None
        for rel, file in _tree(root, site.pages_path, pages, _PAGE_SUFFIXES):
            add(_join(locale, *rel.parent.parts, "" if rel.stem == "index" else rel.stem), file)
        for folder, base in site.more_pages:
            for rel, file in _tree(root, folder, None, _PAGE_SUFFIXES):
                add(_join(locale, base, *rel.parent.parts, "" if rel.stem == "index" else rel.stem), file)
    return RouteMap(site, MappingProxyType({k: tuple(sorted(v)) for k, v in routes.items()}))


def _tree(root: Path, folder: str, translated: str | None,
          suffixes: tuple[str, ...]) -> list[tuple[PurePosixPath, Path]]:
    """(path relative to the folder, file) of each source file, sorted; with a translation folder, its file stands
    in for the original at the same path (an untranslated page is served from the original)."""
    found = {}
    for base in [folder] + ([translated] if translated else []):
        for file in _files(root / base, suffixes):
            found[PurePosixPath(file.relative_to(root / base).as_posix())] = file
    return sorted(found.items())


def _blog_slug(rel: PurePosixPath, file: Path) -> str:
    return blog_slug(rel, _front_matter(file))


def blog_slug(rel: PurePosixPath, meta: Mapping[str, Any]) -> str:
    """A blog post's route under the blog's base: its slug, else its file's date and name."""
    slug = meta.get("slug")
    if isinstance(slug, str) and slug:
        return slug
    match = _BLOG_DATE.match(rel.as_posix())
    if match:
        return f"/{match['date'].replace('-', '/')}/{match['folder']}{match['text']}"
    return "/" + re.sub(r"(?:/index)?\.mdx?$", "", rel.as_posix())


def _files(folder: Path, suffixes: tuple[str, ...]) -> list[Path]:
    if not folder.is_dir():
        return []
    found = []
    for file in sorted(folder.rglob("*")):
        rel = file.relative_to(folder).parts
        # Files and folders starting with "_" are partials; node_modules never holds pages.
        if any(p.startswith("_") or p == "node_modules" for p in rel) or file.suffix not in suffixes:
            continue
        if file.is_file():
            found.append(file)
    return found
