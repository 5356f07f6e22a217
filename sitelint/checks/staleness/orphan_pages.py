"""Where each page stands in the site as its readers walk it: listed by the navigation or not, how many pages link
to it, and whether a reader can reach it from the navigation, the site's chrome or its home pages by links; and
the share of the site's pages that are neither listed nor reached (a site that keeps many pages outside its
navigation does so on purpose).

With no navigation read (no framework config, or one that is not valid YAML or JSON), every page counts as listed:
the navigation is never guessed.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Mapping
from pathlib import Path

from sitelint.checks import CheckContext, site_fact, spec
from sitelint.model import Location, Measurement, Page, Site
from sitelint.sites.navigation import Navigation, key


def orphan_pages(ctx: CheckContext) -> Iterator[Measurement]:
    graph = ctx.run.graph
    if graph is None:
        return
    nav = graph.navigation
    pages = [p for p in ctx.site.pages if not p.variant]
    # Left out on purpose: the pages the navigation says so of, and the pages only they link to (the rest of a
    # section hidden until it ships).
    kept_out = {p.path for p in pages if key(p.abspath) in nav.unlisted or key(p.abspath) in nav.unknown}
    # Pages the project's READMEs link to by their address (`https://docs.example.org/docs/api#container`): readers
    # arrive there from the repository and the package registry, whatever the sidebar lists.
    linked = site_fact(ctx.site, "readme-links", lambda site: _readme_links(site, nav))
    kept_out |= {p.path for p in pages if key(p.abspath) in linked}
    kept_out |= {p.path for p in pages if p.path not in graph.reachable and p.path not in graph.in_nav
                 and set(graph.inbound.get(p.path, ())) and set(graph.inbound.get(p.path, ())) <= kept_out}
    # A README among example programs (`examples/styles/README.md` beside the scripts it says how to run) is a note
    # for those who browse the repository, not a page the site's readers are meant to reach.
    kept_out |= {p.path for p in pages if p.path not in graph.in_nav and _code_folder_readme(p)}
    out = {p.path for p in pages if p.path not in graph.in_nav and p.path not in graph.reachable
           and p.path not in graph.chrome and p.path not in kept_out}
    outside = len(out)
    share = round(outside / len(pages), 3) if pages else 0.0
    # A folder whose every page is outside the navigation (an "internal" section for maintainers, the pages a
    # site's own tests render) is kept out as a whole, on purpose: its pages are not leftovers one by one. A page of
    # it left out by front matter, or read as a landing, is outside the navigation too.
    in_folder: Counter[tuple[str, ...]] = Counter()
    out_folder: Counter[tuple[str, ...]] = Counter()
    for p in pages:
        for folder in _folders(p, ctx.site.root):
            in_folder[folder] += 1
            out_folder[folder] += p.path not in graph.in_nav and p.path not in graph.chrome
    moved = site_fact(ctx.site, "redirected-pages", lambda site: _redirected(site, nav.routes))
    dropped = _taken_out(ctx.site, nav, [p for p in pages if p.path in out])
    for page in pages:
        inbound = graph.links_to(page.path)
        reached = page.path in graph.reachable
        sources = graph.inbound.get(page.path, ())
        linked = ("no page links to it" if not sources else
                  f"linked only from {_pages(sources)} that no reader reaches from the navigation or home page")
        said = f"not in the navigation ({nav.source}); {linked}"
        redirect = moved.get(key(page.abspath))
        if page.path in dropped and redirect is None:
            day, file = dropped[page.path]
            said = (f"taken out of the navigation ({file}) on {day} and kept; {linked}: kept for old links, or to "
                    "delete?")
        if redirect is not None:
            route, destination, file = redirect
            said = (f"its address {route} is redirected to {destination} by {file}: no reader reaches it; delete it "
                    "or drop the redirect")
        yield Measurement({"in_nav": page.path in graph.in_nav, "reached": reached, "inbound": inbound,
                           "chrome": page.path in graph.chrome, "unlisted": page.path in kept_out,
                           "nav_read": nav.read, "nav_confident": nav.read and nav.confident,
                           "orphans": outside, "orphan_share": share, "retired": _retired(page),
                           "folder_out": any(in_folder[f] >= _SECTION_PAGES and out_folder[f] == in_folder[f]
                                             for f in _folders(page, ctx.site.root)),
                           "redirected": redirect is not None, "taken_out": page.path in dropped},
                          Location(page.path, 1), {"place": graph.place(page.path), "said": said},
                          tuple(Location(p, 1) for p in sources[:5]))


def _redirected(site: Site, routes: Mapping[str, str]) -> dict[str, tuple[str, str, str]]:
    """Page key -> (its address, where the host sends it, the file that says so), for pages whose own address the
    host redirects (`vercel.json`, `netlify.toml`, `_redirects`), with the site's base path (`/docs/`) or without."""
    from sitelint.sites.navigation.graph import site_address
    from sitelint.sites.redirects import hosting_redirects, normal

    folders = [site.repo_root, site.product_root, *(c.parent for c in site.config_files)]
    redirects = hosting_redirects(folders)
    if not redirects:
        return {}
    address = site_address(site)
    base = "/" + address.split("/", 3)[3].strip("/") if address.count("/") >= 3 else ""
    out: dict[str, tuple[str, str, str]] = {}
    own = {normal(route): page_key for route, page_key in routes.items()}
    if base:
        own |= {normal(f"{base.rstrip('/')}/{route.lstrip('/')}"): page_key for route, page_key in routes.items()}
    for route, page_key in routes.items():
        for written in (route, f"{base.rstrip('/')}/{route.lstrip('/')}" if base else route):
            hit = redirects.get(normal(written))
            # A redirect to another address of the same page (an old `/docs/x` to the current version's
            # `/docs/v4/x`) brings readers to it, not away.
            if hit is not None and normal(hit[0]) != normal(written) and normal(written) != "/" \
                    and own.get(normal(hit[0])) != page_key:
                out.setdefault(page_key, (normal(written), hit[0], hit[1]))
    return out


_README_URL = re.compile(r"""\]\(\s*(https?://[^)\s]+)|<(https?://[^>\s]+)>|href\s*=\s*["'](https?://[^"']+)""")
_README_GLOBS = ("README.md", "*/README.md", "packages/*/README.md", "apps/*/README.md")
_MAX_READMES = 200


def _readme_links(site: Site, nav: Navigation) -> frozenset[str]:
    """The pages (their keys) that the repository's READMEs, at its top and in its packages, link to by the site's
    own address."""
    from sitelint.sites.navigation.graph import link_resolver, site_address

    if not site.pages or not site_address(site):
        return frozenset()
    resolve = link_resolver(site, nav)
    files = list(dict.fromkeys(f for pattern in _README_GLOBS for f in sorted(site.repo_root.glob(pattern))
                               if "node_modules" not in f.parts))[:_MAX_READMES]
    found: set[str] = set()
    for file in files:
        try:
            source = file.read_text(encoding="utf-8", errors="replace")[:500_000]
        except OSError:
            continue
        for match in _README_URL.finditer(source):
            hit = resolve(next(g for g in match.groups() if g), site.pages[0])
            if hit is not None:
                found.add(hit)
    return frozenset(found)


_SECTION_PAGES = 3  # pages that make a folder a section of its own


def _folders(page: Page, root: Path) -> list[tuple[str, ...]]:
    """The folders below the docs root that hold the page, nearest last."""
    try:
        parts = page.abspath.relative_to(root).parent.parts
    except ValueError:
        return []
    return [parts[: n + 1] for n in range(len(parts))]


# A notice at the top of a page that it is kept only for those already using what it describes.
_RETIRED = re.compile(r"(?i)\bdeprecated\b|\bsuccessor\b|\bsuperseded\b|\bno\s+longer\s+(?:recommended|supported|"
                      r"maintained)\b|\brecommends?\s+(?:using\s+)?.{0,80}?\binstead\b")


_MAX_NAV_COMMITS = 2000  # commits of the navigation's files read for entries taken out


def _taken_out(site: Site, nav: Navigation, candidates: list[Page]) -> dict[str, tuple[str, str]]:
    """Page path -> (day, navigation file) for the pages git shows listed in the navigation once and taken out by a
    commit that kept the page: left out on purpose (served for the old links to it), not forgotten."""
    from sitelint import gitinfo

    if not candidates or not nav.read:
        return {}
    repo = site.repo_root.resolve()
    files = sorted({Path(path).resolve() for kind, path, _ in nav.inputs if kind == "file"})
    files = [f for f in files if f.is_file() and f.is_relative_to(repo)]
    if not files:
        return {}
    log = gitinfo.run(repo, "log", f"--max-count={_MAX_NAV_COMMITS}", "-p", "-U0", "--no-ext-diff",
                      "--format=%x00%cs", "--", *(f.relative_to(repo).as_posix() for f in files))
    if log.returncode:
        return {}
    removed: list[tuple[str, str, str]] = []  # (day, file, the lines the commit took out of it)
    for entry in log.stdout.split("\0")[1:]:
        day, _, patch = entry.partition("\n")
        for part in re.split(r"(?m)^diff --git ", patch)[1:]:
            name = part.split("\n", 1)[0].rsplit(" b/", 1)[-1]
            gone = "\n".join(line[1:] for line in part.split("\n") if line.startswith("-")
                              and not line.startswith("---"))
            if gone:
                removed.append((day.strip(), name, gone))
    out: dict[str, tuple[str, str]] = {}
    root = site.root.resolve()
    for page in candidates:
        try:
            rel = page.abspath.resolve().relative_to(root).as_posix()
        except ValueError:
            continue
        stem = re.sub(r"(?:/index)?\.(?:mdx?|markdown|rst|ipynb)$", "", rel)
        if not stem or stem == "index":
            continue
        # As a navigation names a page: its file (`- env.md`), or its id or route in quotes (`'guide/env'`,
        # `'/guide/env'`); not a word of a key that happens to be its name (`env:`).
        name = re.escape(stem)
        written = re.compile(rf"(?<![\w/.-]){name}(?:/index)?\.(?:mdx?|markdown)(?![\w.-])"
                             rf"|[\"'/]{name}(?:/index)?(?:\.html)?/?[\"'#]")
        hit = next(((day, name) for day, name, gone in removed if written.search(gone)), None)
        if hit is not None:
            out[page.path] = hit
    return out


_CODE_SUFFIXES = frozenset({".py", ".js", ".mjs", ".ts", ".tsx", ".jsx", ".go", ".rs", ".rb", ".java", ".kt", ".c",
                            ".cpp", ".cs", ".swift", ".php", ".sh", ".tcss", ".css", ".vue", ".svelte"})
_CODE_FILES = 3  # programs beside a README that make its folder one of examples


def _code_folder_readme(page: Page) -> bool:
    """Whether the page is a README in a folder of programs: no other Markdown page there, three code files or
    more."""
    if page.abspath.stem.lower() != "readme":
        return False
    try:
        files = [f for f in page.abspath.parent.iterdir() if f.is_file()]
    except OSError:
        return False
    pages = sum(1 for f in files if f.suffix.lower() in (".md", ".mdx") and f != page.abspath)
    return pages == 0 and sum(1 for f in files if f.suffix.lower() in _CODE_SUFFIXES) >= _CODE_FILES


def _retired(page: Page) -> bool:
    """Whether the page opens with a notice that it is retired ("For new projects, Cloudflare now recommends
    Workers instead", "Deprecated: use ..."): a page taken out of the navigation on purpose and kept for its users."""
    opening = [b for b in page.blocks if b.is_prose][:2]
    return any(b.kind in ("admonition", "blockquote") and _RETIRED.search(b.text) for b in opening)


def _pages(paths: tuple[str, ...]) -> str:
    shown = ", ".join(paths[:2]) + (f" and {len(paths) - 2} more" if len(paths) > 2 else "")
    return f"{'a page' if len(paths) == 1 else f'{len(paths)} pages'} ({shown})"


CHECK = spec("orphan-pages", "site", orphan_pages,
             values=("in_nav", "reached", "inbound", "chrome", "unlisted", "nav_read", "nav_confident", "orphans",
                     "orphan_share", "retired", "folder_out", "redirected", "taken_out"),
             needs=("graph",))
