"""VitePress `themeConfig.sidebar` (an array, or an object of path prefixes each with its items or `{base, items}`;
an item's `link` joined to the `base` it inherits; before 1.0, as VuePress, each locale's under
`themeConfig.locales` and a group's entries under `children`) from `.vitepress/config.*` and the locale configs
beside the pages, with `srcDir` and `rewrites` of the `prefix/:rest*` form; `themeConfig.nav` is the site's chrome,
and so are the pages a data loader lists (`createContentLoader('posts/*.md')` in a `*.data.ts` file, which a blog or
feature index renders as its list of links) and those the site's own components link to (`href="/agents/demos"` in
`.vitepress/theme/` or `src/components/`). A sidebar entry commented out leaves its page out on purpose."""

from __future__ import annotations

import fnmatch
import re
from pathlib import Path
from typing import Any

from sitelint.model import Site
from sitelint.sites.navigation import Collector, Navigation, relative
from sitelint.sites.navigation.jsdata import JsSource, Unread, commented_links
from sitelint.sites.siteconfig import VITEPRESS_CONFIGS, fast_glob

_EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:|^//", re.I)
_REST = re.compile(r"^([\w./-]*?)/?:rest\*$|^:rest\*$")
_LOADER = re.compile(r"\bcreateContentLoader\s*\(\s*(\[[^\]]*\]|'[^'\n]*'|\"[^\"\n]*\"|`[^`$\n]*`)")
_GLOB_STRING = re.compile(r"'([^'\n]*)'|\"([^\"\n]*)\"|`([^`$\n]*)`")
_DATA_SUFFIXES = ".data.ts .data.js .data.mts .data.mjs"


def route_of(rel: str) -> str:
    """The route VitePress serves a page at (path relative to the source folder): no suffix, index is its folder."""
    stem = re.sub(r"\.(md|mdx|markdown)$", "", rel)
    stem = re.sub(r"(^|/)index$", "", stem)
    return "/" + stem.strip("/")


def normalise(link: str) -> str:
    link = link.split("#", 1)[0].split("?", 1)[0]
    link = re.sub(r"\.(html|md)$", "", link)
    link = re.sub(r"(^|/)index$", "", link)
    return "/" + link.strip("/")


def read(site: Site, found: Collector) -> Navigation:
    config = site.config_files[0]
    root = config.parent.parent
    data = JsSource(config, found.text(config), found.text, found.root).exported()
    if not isinstance(data, dict):
        found.unread.append(f"{config.name} (its export is not an object)")
        return found.done(relative(config, site.repo_root))
    if "extends" in data:
        found.unread.append("the config it `extends`")
    # A srcDir the config computes (`fileURLToPath(new URL('../..', import.meta.url))`) is not known: the pages are
    # taken to be where the site keeps them, beside .vitepress/.
    src_dir = data.get("srcDir")
    src = root / (src_dir if isinstance(src_dir, str) and src_dir else ".")
    excluded = data.get("srcExclude")
    for pattern in excluded if isinstance(excluded, list) else []:
        if isinstance(pattern, str):  # pages VitePress does not build: read only where another page includes them
            found.unlisted.update(k for k in found.under(src) if _excluded(relative(k, src), pattern))
    rewrites = data.get("rewrites")
    forward = _rewrites(rewrites if isinstance(rewrites, dict) else {}, found)
    routes = {}
    for page_key in found.under(src):
        routes[route_of(_rewrite(relative(page_key, src), forward))] = page_key
    themes = [data.get("themeConfig")]
    locales = data.get("locales")
    if isinstance(locales, dict):
        themes += [v.get("themeConfig") for v in locales.values() if isinstance(v, dict)]
    read_from = [relative(config, site.repo_root)]
    for extra in [src / n for n in VITEPRESS_CONFIGS] + found.listing("glob", src, "*/config.*"):
        if found.is_file(extra) and extra.name in VITEPRESS_CONFIGS and extra != config:
            more = JsSource(extra, found.text(extra), found.text, found.root).exported()
            if isinstance(more, dict):
                themes.append(more.get("themeConfig"))
                read_from.append(relative(extra, site.repo_root))
    # VitePress before 1.0, as VuePress: each locale's nav and sidebar under `themeConfig.locales`.
    themes += [v for theme in themes if isinstance(theme, dict) and isinstance(theme.get("locales"), dict)
               for v in theme["locales"].values() if isinstance(v, dict)]
    sidebars = 0
    for theme in themes:
        if isinstance(theme, Unread):
            found.unread.append(theme.what)
        if not isinstance(theme, dict):
            continue
        if "sidebar" in theme:
            sidebars += 1
            _sidebar(theme["sidebar"], routes, found)
        _links(theme.get("nav"), "", routes, found, found.chrome)
    # the files the config and its sidebar were read from, the modules it imports (`getSidebar()`) among them
    scripts = [Path(name) for kind, name, _ in list(found.inputs) if kind == "file"
               and Path(name).suffix in _SCRIPT_SUFFIXES]
    _loaded(root, src, found)
    _components(root, routes, found)
    for read_file in dict.fromkeys([config, *(site.repo_root / f for f in read_from[1:]), *scripts]):
        for link in commented_links(found.text(read_file)):  # entries commented out: pages kept out on purpose
            hit = routes.get(normalise(link))
            if hit is not None and hit not in found.listed:
                found.unlisted.add(hit)
    source = ", ".join(read_from) + ("" if sidebars else " (no sidebar)")
    return found.done(source, routes=routes)


_COMPONENT_SUFFIXES = ".vue .ts .js .tsx .jsx .mts .mjs"
_SCRIPT_SUFFIXES = frozenset({".ts", ".mts", ".cts", ".js", ".mjs", ".cjs"})
# A route the site's own components write as a link: `href="/agents/demos"`, `{ text: "Demos", link: "/x" }`.
_COMPONENT_ROUTE = re.compile(r"""\b(?:href|to|link)\s*[:=]\s*\{?\s*["'`](/[^"'`\s$#?]*)""")


def _components(root: Path, routes: dict[str, str], found: Collector) -> None:
    """The pages the site's own components link to (its theme's, `.vitepress/theme/`, and a `src/` of components
    beside it: a home page, a sidebar's header) count as linked from its layout."""
    for folder in (root / ".vitepress" / "theme", root / "src"):
        for file in found.listing("walk", folder, _COMPONENT_SUFFIXES):
            for target in _COMPONENT_ROUTE.findall(found.text(file)):
                hit = routes.get(normalise(target))
                if hit is not None:
                    found.chrome.add(hit)


def _loaded(root: Path, src: Path, found: Collector) -> None:
    """The pages the site's data loaders list count as linked from its layout: `createContentLoader(globs)` (globs
    relative to the source folder, `!` excluding) in a `*.data.*` file under the source folder or `.vitepress/`."""
    files = found.listing("walk", src, _DATA_SUFFIXES)
    files += [f for f in found.listing("rglob", root / ".vitepress", "*.data.*")
              if f.name.endswith(tuple(_DATA_SUFFIXES.split())) and "node_modules" not in f.parts]
    for data in dict.fromkeys(files):
        for call in _LOADER.finditer(found.text(data)):
            globs = ["".join(m.groups(default="")) for m in _GLOB_STRING.finditer(call.group(1))]
            take = [fast_glob(g) for g in globs if g and not g.startswith("!")]
            drop = [fast_glob(g[1:]) for g in globs if g.startswith("!")]
            for page_key in found.under(src):
                rel = relative(page_key, src)
                if any(t.fullmatch(rel) for t in take) and not any(d.fullmatch(rel) for d in drop):
                    found.chrome.add(page_key)


def _excluded(rel: str, pattern: str) -> bool:
    """Whether a page matches a srcExclude glob (`**/guide/examples/*` also matches at the top folder)."""
    return fnmatch.fnmatch(rel, pattern) or (pattern.startswith("**/") and fnmatch.fnmatch(rel, pattern[3:]))


def _rewrites(rewrites: dict[str, Any], found: Collector) -> list[tuple[str, str]]:
    out = []
    for source, target in rewrites.items():
        a, b = _REST.match(str(source)), _REST.match(str(target)) if isinstance(target, str) else None
        if a is None or b is None:
            found.unread.append(f"the rewrite {source!r}")
            continue
        out.append(((a.group(1) or "").strip("/"), (b.group(1) or "").strip("/")))
    return out


def _rewrite(rel: str, forward: list[tuple[str, str]]) -> str:
    for source, target in forward:
        if not source or rel.startswith(source + "/"):
            rest = rel[len(source) + 1:] if source else rel
            return f"{target}/{rest}" if target else rest
    return rel


def _sidebar(sidebar: Any, routes: dict[str, str], found: Collector) -> None:
    if isinstance(sidebar, list):
        _links(sidebar, "", routes, found, found.listed)
    elif isinstance(sidebar, dict):
        for value in sidebar.values():
            if isinstance(value, dict):
                _links(value.get("items"), str(value.get("base") or ""), routes, found, found.listed)
            else:
                _links(value, "", routes, found, found.listed)
    elif isinstance(sidebar, Unread):
        found.unread.append(sidebar.what)


def _links(items: Any, base: str, routes: dict[str, str], found: Collector, into: set[str]) -> None:
    for item in found.readable(items):
        if not isinstance(item, dict):
            continue
        own = str(item.get("base") or base) if not isinstance(item.get("base"), Unread) else base
        link = item.get("link")
        if isinstance(link, Unread):
            found.unread.append(link.what)
        elif isinstance(link, str) and not _EXTERNAL.match(link):
            # VitePress prefixes every link of a group with its base, a link from the root too (`base:
            # '/openapi-react-query'` and `link: '/use-query'` make `/openapi-react-query/use-query`).
            joined = re.sub(r"/{2,}", "/", own + link) if own else link
            hit = routes.get(normalise(joined))
            if hit is not None:
                into.add(hit)
        for key in ("items", "children"):  # a group's entries (`children` before VitePress 1.0)
            if key in item:
                _links(item[key], own, routes, found, into)
