"""The site as its readers walk it: which pages link to which (relative file links, and route links mapped back to
the page that serves the route), how many pages link to each, and which pages a reader can reach from the
navigation, the site's chrome and its home pages by following links.

Versioned copies and translations are neither walked from nor counted: a translation links to translations."""

from __future__ import annotations

import hashlib
import posixpath
import re
from collections import defaultdict, deque
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from sitelint.model import Page, Site
from sitelint.sites.locales import LOCALE_SUFFIX as _LOCALE_SUFFIX
from sitelint.sites.navigation import Collector, Navigation, key
from sitelint.sites.siteconfig import mask_comments, read_text

_EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:|^//", re.I)
# The address a site is published at, as its config says: MkDocs's `site_url`, Sphinx's `html_baseurl`, Docusaurus's
# `url` (its `baseUrl` beside it), Astro's `site` (its `base`), VitePress's `sitemap: { hostname }`. A link written
# as that address (`https://example.org/docs/setup/#proxy`) is a link to the site's own page.
_ADDRESS = re.compile(r"""(?m)(?:^site_url[ \t]*:[ \t]*|^html_baseurl[ \t]*=[ \t]*|\b(?:url|site|hostname)\s*:\s*)"""
                      r"""["'`]?(https?://[^\s"'`,;)]+)""")
_BASE = re.compile(r"""\b(?:baseUrl|base)\s*:\s*["'`](/[^"'`]*)["'`]""")
_SCHEME = re.compile(r"^https?:", re.I)
_LINK_KEYS = frozenset({"link", "href", "to", "url"})
_ROOT_NAMES = frozenset({"index", "readme", "_index"})
_STARTS = frozenset({"landing", "blog", "release-notes"})
# A component that lists a section's pages, placed alone on a line of the section's index page (`<DocCardList />`,
# `<DeployGuidesNav />`): the build fills it with links to the pages of that folder.
_LISTING = re.compile(r"(?m)^\s*<([A-Z]\w*?(?:Nav|List|Listing|Cards|Grid|Index|Toc|TOC))\b[^<>]*/>\s*$")


@dataclass(frozen=True)
class SiteGraph:
    """The navigation and the links between pages, by page path."""

    navigation: Navigation
    inbound: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # page -> the other pages linking to it
    reachable: frozenset[str] = frozenset()  # pages reached from the navigation, chrome and home pages
    in_nav: frozenset[str] = frozenset()  # pages the navigation lists
    chrome: frozenset[str] = frozenset()  # pages the navbar, footer or home layout link to

    def links_to(self, path: str) -> int:
        return len(self.inbound.get(path, ()))

    def place(self, path: str) -> str:
        """Where a page stands, for people: "in the navigation, 3 pages link to it"."""
        nav = ("navigation not read" if not self.navigation.read else
               "in the navigation" if path in self.in_nav else "not in the navigation")
        count = self.links_to(path)
        links = f"{count} {'page links' if count == 1 else 'pages link'} to it"
        extra = ", linked from the home layout" if path in self.chrome else ""
        return f"{nav}, {links}{extra}" + ("" if path in self.reachable or not self.navigation.read else
                                          ", not reachable")


Resolved = tuple[str, tuple[str, ...]]  # a digest of a page's link targets as written, and the pages they reach
Links = Mapping[str, Resolved]  # by the page's key()


def build(site: Site, navigation: Navigation) -> SiteGraph:
    return assemble(site, navigation, resolve(site, navigation))


def targets(page: Page) -> tuple[str, ...]:
    """What a page links to, as written: its links (not images), and a landing page's front matter links."""
    out = tuple(link.target for link in page.links if not link.image)
    return out + tuple(_front_matter_links(page.front_matter)) if page.page_type == "landing" else out


def resolve(site: Site, navigation: Navigation, known: Links | None = None) -> dict[str, Resolved]:
    """Per page, by key(): a digest of its link targets and the other pages they resolve to. A page whose targets
    are those `known` holds for it keeps the pages known (resolved among the same pages and routes)."""
    resolve_link: Callable[[str, Page], str | None] | None = None  # made at the first page the cache cannot answer
    out: dict[str, Resolved] = {}
    for own, page in keyed(site):
        written = targets(page)
        signed = hashlib.sha256("\0".join(written).encode("utf-8", "surrogatepass")).hexdigest()[:20]
        before = (known or {}).get(own)
        if before is not None and before[0] == signed:
            out[own] = before
            continue
        resolve_link = resolve_link or link_resolver(site, navigation)
        hits = (resolve_link(target, page) for target in written)
        out[own] = (signed, tuple(dict.fromkeys(h for h in hits if h is not None and h != own)))
    return out


def assemble(site: Site, navigation: Navigation, links: Links) -> SiteGraph:
    """The graph of the pages' resolved links (from `resolve`): inbound links, and the pages reached."""
    pages = keyed(site)
    by_key = {k: p.path for k, p in pages}
    edges: dict[str, set[str]] = defaultdict(set)
    for own, page in pages:
        for hit in links[own][1]:
            if hit in by_key:  # a file the site does not lint (an .rst page beside the Markdown ones) is no page
                edges[by_key[hit]].add(page.path)
    root = key(site.root)
    for own, page in pages:
        folder, _, name = own.rpartition("/")
        if folder != root and name.rsplit(".", 1)[0].lower() in _ROOT_NAMES and "/>" in page.source \
                and _LISTING.search(page.source):
            for other, listed in pages:
                if other != own and other.startswith(folder + "/"):
                    edges[listed.path].add(page.path)
    in_nav = frozenset(p.path for k, p in pages if navigation.every_page or k in navigation.listed)
    chrome = frozenset(by_key[k] for k in navigation.chrome if k in by_key)
    roots = set(in_nav | chrome)
    # Landing pages are where readers start; posts and release notes are reached through the blog's index, a page
    # the build makes. So is the docs root's own index page.
    roots |= {p.path for k, p in pages if p.page_type in _STARTS or _is_root_page(k, root)}
    outgoing: dict[str, set[str]] = defaultdict(set)
    for target, sources in edges.items():
        for source in sources:
            outgoing[source].add(target)
    reached, queue = set(roots), deque(sorted(roots))
    while queue:
        for nxt in sorted(outgoing.get(queue.popleft(), ())):
            if nxt not in reached:
                reached.add(nxt)
                queue.append(nxt)
    inbound = MappingProxyType({k: tuple(sorted(v)) for k, v in sorted(edges.items())})
    return SiteGraph(navigation, inbound, frozenset(reached), in_nav, chrome)


def keyed(site: Site) -> list[tuple[str, Page]]:
    """The pages the graph is made of (no versioned copies, no translations), each with its key()."""
    return [(key(p.abspath), p) for p in site.pages if not p.variant]


def _is_root_page(page_key: str, root: str) -> bool:
    folder, _, name = page_key.rpartition("/")
    return folder == root and name.rsplit(".", 1)[0].lower() in _ROOT_NAMES


def _front_matter_links(value: Any) -> Iterator[str]:
    """Links a layout page holds in its front matter (VitePress `hero.actions[].link`, `features[].link`)."""
    if isinstance(value, Mapping):
        for k, v in value.items():
            if k in _LINK_KEYS and isinstance(v, str):
                yield v
            else:
                yield from _front_matter_links(v)
    elif isinstance(value, list):
        for item in value:
            yield from _front_matter_links(item)


def link_resolver(site: Site, navigation: Navigation, translations: bool = False) -> Callable[[str, Page], str | None]:
    """A function giving the key() of the page a link of a page goes to, when it goes to one of the site's pages
    (with `translations`, also to a translated page: the link of a translation to its locale's pages)."""
    pages = keyed(site) + ([(key(p.abspath), p) for p in site.pages if p.variant.startswith("i18n:")]
                           if translations else [])
    found = Collector({k: p.front_matter for k, p in pages}, root=site.repo_root)
    route_of = {k: r for r, k in navigation.routes.items()}
    address = site_address(site)
    from_address = _folder_per_page(site)
    by_address = from_address and site.framework == "hugo" and not _hugo_link_hook(site)

    moved: list[tuple[str, str]] | None = None

    def resolve_link(target: str, page: Page) -> str | None:
        nonlocal moved
        if address and _SCHEME.match(target):
            target = _on_site(target, address)
        route = route_of.get(key(page.abspath))
        hit = _hugo_address(target, page, found) if by_address else None
        hit = hit or _resolve(target, page, found, navigation, route, site, from_address)
        if hit is None and site.framework == "docusaurus" and _FILE_LINK.match(target):
            # Docusaurus looks a Markdown file link up beside the page, then from the docs folder
            # (`[BYOC and Self-Hosted](byoc-vs-self-hosted.mdx)` from `self-hosted/manage/license.mdx`)
            from_root = posixpath.relpath((site.root / target).as_posix(), page.abspath.parent.as_posix())
            hit = _resolve(from_root, page, found, navigation, route, site, from_address)
        if hit is not None and (suffix := _LOCALE_SUFFIX.search(page.abspath.name)):
            # A page of a language named by its file (`routes.en-US.md` beside `routes.md`, as dumi and the MkDocs
            # i18n plugin name them): its link to a page that has a copy in that language opens the copy.
            stem, dot, ext = hit.rpartition(".")
            local = f"{stem}.{suffix.group(1)}.{ext}" if dot and not _LOCALE_SUFFIX.search(hit) else hit
            return local if local in found.files else hit
        if hit is not None or not target.startswith("/"):
            return hit
        if moved is None:  # a link to a folder the host sends whole to another lands there (`/pt-BR/x`)
            from sitelint.sites.redirects import folder_redirects
            moved = folder_redirects([site.repo_root, site.product_root, *(c.parent for c in site.config_files)])
        for source, destination in moved:
            if target.startswith(source):
                version = _VERSION_PART.match(destination)
                if version and f"/{version.group(1)}/" not in f"/{page.path}":
                    return None  # sent on to another version's copy: this version's page is not reached
                return _resolve(destination + target[len(source):], page, found, navigation, route, site,
                                from_address)
        return None
    return resolve_link


_FILE_LINK = re.compile(r"(?![a-z][\w+.-]*:|/|#)[^?#]*\.mdx?(?:[?#].*)?$", re.I)  # a relative link to a page's file
_VERSION_PART = re.compile(r"/(v?\d+(?:\.\d+)*)/")  # a redirect into a version's folder: `/v1.15.17/en/`


_NO_FOLDER_URLS = re.compile(r"(?mi)^use_directory_urls[ \t]*:[ \t]*(?:false|no|off)\b"
                             r"|^[ \t]*[\"']?uglyurls[\"']?[ \t]*[:=][ \t]*true\b")
_NO_ASTRO_FOLDER_URLS = re.compile(r"""\btrailingSlash\s*:\s*["']never["']|\bformat\s*:\s*["']file["']""")
_DOCUSAURUS_FOLDER_URLS = re.compile(r"(?<![\w$.])['\"]?trailingSlash['\"]?\s*:\s*true\b")
_PAGE_FILE = re.compile(r"\.(?:mdx?|markdown|ipynb)(?:/|$)", re.I)  # `setup.md`, and `index.md/` that serves nothing


def _folder_per_page(site: Site) -> bool:
    """Whether the site serves each page at a folder of its own and leaves links that name no Markdown file as they
    are: MkDocs, unless `use_directory_urls: false` (`queries/create.md` at `queries/create/`), Hugo, unless
    `uglyURLs = true` (`install/airgap.md` at `install/airgap/`), and Astro and Starlight, which serve a page at its
    folder with a trailing slash (`music/pandora.md` at `/music/pandora/`, where `../#setup` is `/music/#setup`)
    unless the config says `trailingSlash: 'never'` or `format: 'file'`; and Docusaurus where its config says
    `trailingSlash: true` (`table/nested.md` at `/table/nested/`, where `./#inserting-a-node` is the page itself)."""
    if site.framework == "docusaurus":
        return any(_DOCUSAURUS_FOLDER_URLS.search(mask_comments(read_text(config))) for config in site.config_files)
    if site.framework not in ("mkdocs", "hugo", "starlight", "astro"):
        return False
    no_folder = _NO_FOLDER_URLS if site.framework in ("mkdocs", "hugo") else _NO_ASTRO_FOLDER_URLS
    for config in site.config_files:
        try:
            if no_folder.search(config.read_text(encoding="utf-8", errors="replace")[:500_000]):
                return False
        except OSError:
            continue
    return True


# Hugo's link render hooks: a site's or its theme's own (`layouts/_default/_markup/render-link.html`, or one for a
# section), or the embedded one, which the config turns on (`enableDefault = true`) and Hugo turns on for a site of
# several languages. A hook looks a relative link up as a page path, from the page's file.
_HUGO_HOOK_ON = re.compile(r"(?mi)\benableDefault\b[\"']?\s*[:=]\s*true\b|^\[languages\.|^languages\s*:")


def _hugo_link_hook(site: Site) -> bool:
    """Whether a Hugo site renders its relative Markdown links through a link render hook that looks them up. A
    site's own hook that looks up only a path from the site's root (`if not (hasPrefix .Destination "/")`: "leave
    as is"), in itself or a partial it calls, leaves a relative link to the browser, as no hook does."""
    for base in dict.fromkeys((site.root, site.repo_root)):
        for layouts in (base / "layouts", *(base / "themes").glob("*/layouts")):
            hooks = sorted(layouts.glob("**/_markup/render-link*")) if layouts.is_dir() else []
            if hooks:
                return not all(_ROOT_PATHS_ONLY.search(_with_partials(hook, layouts)) for hook in hooks)
    return any(_HUGO_HOOK_ON.search(read_text(config)[:500_000]) for config in site.config_files)


_ROOT_PATHS_ONLY = re.compile(r"hasPrefix\s+(?:\$?\.?\w+)?\.Destination\s+[\"`]/[\"`]")
_PARTIAL_CALL = re.compile(r"\bpartial(?:Cached)?\s+\"([^\"]+)\"")


def _with_partials(hook: Path, layouts: Path) -> str:
    """A render hook's text and the text of the partials it calls (`partial "hooks/render-link.html"`), one level."""
    text = read_text(hook)
    for name in dict.fromkeys(_PARTIAL_CALL.findall(text)):
        for folder in ("_partials", "partials"):
            for candidate in (layouts / folder / name, layouts / folder / f"{name}.html"):
                if candidate.is_file():
                    text += "\n" + read_text(candidate)
                    break
    return text


def _hugo_address(target: str, page: Page, found: Collector) -> str | None:
    """The page a relative link without a file suffix opens from a Hugo page's address: the browser reads it from
    the page's folder address (`monitor/api.md` is served at `monitor/api/`, so `../deploy` is `monitor/deploy.md`),
    where no render hook rewrites it. A page's index (`_index.md`, `index.md`) is served at its folder."""
    path = target.split("#", 1)[0].split("?", 1)[0].strip()
    if not path or path.startswith("/") or _EXTERNAL.match(path) or _PAGE_FILE.search(path):
        return None
    stem = page.abspath.name.split(".", 1)[0]
    if stem.lower() in _ROOT_NAMES:
        return None  # served at its folder: the link is read from the folder, as sitelint reads it already
    return found.find(page.abspath.parent / stem, path)


def site_address(site: Site) -> str:
    """Where the site is published (`//example.org/docs`, no scheme, no trailing `/`), from its config; "" when it
    does not say."""
    for config in site.config_files:
        try:
            text = config.read_text(encoding="utf-8", errors="replace")[:500_000]
        except OSError:
            continue
        found = _ADDRESS.search(text)
        if found is None:
            continue
        address = _SCHEME.sub("", found.group(1)).rstrip("/")
        if address.count("/") == 2:  # a host alone: the site's path is a setting of its own (`baseUrl: '/docs/'`)
            base = _BASE.search(text)
            address += "/" + base.group(1).strip("/") if base and base.group(1).strip("/") else ""
        return address.lower()
    return ""


def _on_site(target: str, address: str) -> str:
    """A link written as the site's own address, as a link from the site's root (`/setup/#proxy`); others as they
    are."""
    bare = _SCHEME.sub("", target)
    head = bare[: len(address)].lower()
    rest = bare[len(address):]
    if head == address and (not rest or rest[0] in "/#?"):
        return "/" + rest.lstrip("/")
    return target


def normalise(route: str) -> str:
    route = re.sub(r"\.(html|mdx?|markdown)$", "", route)
    route = re.sub(r"(^|/)(index|README)$", "", route)
    return "/" + route.strip("/")


def _resolve(target: str, page: Page, found: Collector, navigation: Navigation, own_route: str | None,
             site: Site, from_address: bool = False) -> str | None:
    """The page a link goes to, when it goes to one of the site's pages."""
    target = target.split("#", 1)[0].split("?", 1)[0].strip()
    if not target or _EXTERNAL.match(target):
        return None
    if from_address and target in (".", "./"):
        return key(page.abspath)  # the page's own folder address is the page: `./#recommendation` on Hugo too
    if from_address and own_route is not None and not target.startswith("/") and not _PAGE_FILE.search(target):
        # MkDocs leaves a link that names no Markdown file as it is, and the browser reads it from the page's own
        # folder address: `./#count` on queries/create.md (served at queries/create/) is that page, not the
        # folder's index.
        hit = navigation.routes.get(normalise(posixpath.normpath(posixpath.join(own_route + "/", target))))
        if hit is not None:
            return hit
    if target.startswith("/"):
        if not site.framework and _PAGE_FILE.search(target):
            # Read as GitHub shows the repository's files: `/CONTRIBUTING.md` is the file at its root, not the docs'.
            return found.find(site.repo_root, target)
        route = normalise(target)
        if route == "/" and navigation.routes:
            return navigation.routes.get(route)  # the site's home: a page of the routes, or one the build makes
        # (a route a page's slug names with its suffix, `slug: concurrency.html`, is served at that name)
        return navigation.routes.get(route) or navigation.routes.get("/" + target.strip("/")) \
            or found.find(site.root, target)
    hit = found.find(page.abspath.parent, target)
    # (Docusaurus reads a link to a Markdown file as a file's path, never as an address: one not beside the page is
    # looked up from the docs folder, see `resolve_link`.)
    if hit is None and own_route is not None and not (site.framework == "docusaurus" and _FILE_LINK.match(target)):
        # A link without a file suffix is relative to the page's URL: `../y/` from /guides/x/ is /guides/y, and
        # `y` from /docs/x (no trailing slash) is /docs/y.
        for base in (own_route + "/", own_route.rsplit("/", 1)[0] + "/"):
            hit = navigation.routes.get(normalise(posixpath.normpath(posixpath.join(base, target))))
            if hit is not None:
                break
    return hit
