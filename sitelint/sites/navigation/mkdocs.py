"""MkDocs `nav`: the pages it names (a folder entry, with the literate-nav plugin, is that folder's nav file, its
wildcard items, `- *.md`, the pages of that folder they match); no
`nav` lists every page. `not_in_nav` pages are left out on purpose."""

from __future__ import annotations

import fnmatch
import re
from pathlib import Path
from typing import Any

from sitelint.model import Site
from sitelint.sites.navigation import Collector, Navigation, file_routes, key, relative
from sitelint.sites.siteconfig import literate_nav_file, load_mkdocs, mkdocs_plugins

_LIST_LINK = re.compile(r"^\s*[-*+]\s+\[[^\]]*\]\(\s*<?([^)>\s]+)>?[^)]*\)", re.M)
_WILDCARD_ITEM = re.compile(r"^\s*[-*+]\s+([^\s\[\]()]*[*?][^\s\[\]()]*)\s*$", re.M)
_EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:|^//", re.I)


def read(site: Site, found: Collector) -> Navigation:
    config = site.config_files[0]
    data = found.parsed(config, load_mkdocs)
    # A config INHERITs another, which may inherit a third; a site whose build joins its `mkdocs-*.yml` files
    # (the nav in one, the theme and plugins in another) has them all as its config files.
    parts, seen = [data], {config}
    while isinstance(parts[-1].get("INHERIT"), str) and len(parts) < 5:
        parent = config.parent / str(parts[-1]["INHERIT"])
        if parent in seen or not found.is_file(parent):
            break
        seen.add(parent)
        parts.append(found.parsed(parent, load_mkdocs))
    if "INHERIT" not in data:
        parts += [found.parsed(other, load_mkdocs) for other in site.config_files[1:] if other not in seen]
    data = {k: v for part in reversed(parts) if isinstance(part, dict) for k, v in part.items()}
    docs = site.root
    # Pages MkDocs leaves out of the nav on purpose, or out of the site (exclude_docs, draft_docs).
    patterns = [line for name in ("not_in_nav", "exclude_docs", "draft_docs")
                for line in str(data.get(name) or "").splitlines()]
    for pattern in patterns:
        pattern = pattern.strip().lstrip("/")
        if pattern and not pattern.startswith("#"):
            found.unlisted.update(k for k in found.files if _matches(relative(k, docs), pattern))
    plugins = mkdocs_plugins(data.get("plugins"))
    nav_file = literate_nav_file(data)
    nav = data.get("nav")
    if nav is None:
        if nav_file and found.is_file(docs / nav_file):
            _nav_file(docs, docs / nav_file, found, nav_file)
            return found.done(f"{config.name} literate-nav {nav_file}", routes=file_routes(docs, found))
        return found.done(f"{config.name} (no nav: every page)", every_page=True, routes=file_routes(docs, found))
    _walk(nav, docs, found, nav_file)
    notes = []
    for name in ("awesome-pages", "awesome-nav", "monorepo"):
        if name in plugins:
            found.unread.append(f"what the {name} plugin adds to the nav")
            notes.append(f"navigation ({config.name}): the {name} plugin rewrites the nav; its files were not read")
    return found.done(f"{config.name} nav", notes, routes=file_routes(docs, found))


def _matches(rel: str, pattern: str) -> bool:
    if pattern.endswith("/"):
        return rel.startswith(pattern)
    return fnmatch.fnmatch(rel, pattern) or fnmatch.fnmatch(rel.rsplit("/", 1)[-1], pattern)


def _walk(items: Any, docs: Path, found: Collector, nav_file: str) -> None:
    if isinstance(items, dict):
        items = list(items.values())
    if isinstance(items, str):
        items = [items]
    if not isinstance(items, list):
        return
    for item in items:
        if isinstance(item, dict):
            for value in item.values():
                _walk(value, docs, found, nav_file)
            continue
        if not isinstance(item, str) or _EXTERNAL.match(item):
            continue
        target = item.strip()
        if nav_file and target.endswith("/"):
            folder = docs / target
            if found.is_file(folder / nav_file):
                _nav_file(folder, folder / nav_file, found, nav_file)
            else:  # literate-nav lists a folder without a nav file the way MkDocs would: every page in it
                found.listed.update(found.under(folder))
            continue
        hit = found.find(docs, target)
        if hit is not None:
            found.listed.add(hit)


def _nav_file(folder: Path, file: Path, found: Collector, nav_file: str) -> None:
    """A literate-nav file: the page itself and every page its list items link to (folders in turn)."""
    own = key(file)
    if own in found.files:
        found.listed.add(own)
    text = found.text(file)
    # a wildcard item (`- *.md`, `- guides/*.md`, `- */`): the pages it matches, in that folder
    for pattern in _WILDCARD_ITEM.findall(text):
        if pattern.endswith("/"):
            for sub in sorted({relative(k, folder).split("/", 1)[0] for k in found.under(folder)
                               if "/" in relative(k, folder)}):
                if fnmatch.fnmatch(sub + "/", pattern):
                    if found.is_file(folder / sub / nav_file):
                        _nav_file(folder / sub, folder / sub / nav_file, found, nav_file)
                    else:
                        found.listed.update(found.under(folder / sub))
            continue
        found.listed.update(k for k in found.under(folder) if (rel := relative(k, folder)).count("/") ==
                            pattern.count("/") and fnmatch.fnmatch(rel, pattern))
    for target in _LIST_LINK.findall(text):
        if _EXTERNAL.match(target):
            continue
        if target.endswith("/") and found.is_file(folder / target / nav_file) and folder / target != folder:
            _nav_file(folder / target, folder / target / nav_file, found, nav_file)
            continue
        hit = found.find(folder, target)
        if hit is not None:
            found.listed.add(hit)
