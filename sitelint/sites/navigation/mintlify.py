"""Mintlify's `docs.json` (`mint.json` before v4): the pages its `navigation` lists under any of its keys (`pages` of
groups, tabs, anchors, dropdowns, versions and languages, a group's `root`), in it or in a JSON file it names with
`$ref`; each page by its path from the docs folder, without its suffix."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from sitelint.model import Site
from sitelint.sites.navigation import Collector, Navigation, file_routes

_DEPTH = 40  # how deep a navigation nests before the reader stops (a `$ref` that names itself)


def read(site: Site, found: Collector) -> Navigation:
    config = site.config_files[0]
    data = _load(config, found)
    _walk(data.get("navigation") if isinstance(data, dict) else None, config.parent, site.root, found, 0)
    if isinstance(data, dict):  # the navbar's, footer's and 404 page's links (`errors.404.description`)
        _chrome({k: v for k, v in data.items() if k not in ("navigation", "redirects")}, site.root, found, 0)
    # The site's own llms.txt, its index of pages for language models, links each page it lists.
    llms = config.parent / "llms.txt"
    if found.is_file(llms):
        _chrome(found.text(llms), site.root, found, 0)
    return found.done(f"{config.name} navigation", routes=file_routes(site.root, found))


_ROUTE_LINK = re.compile(r"\]\((/[^)\s]*)\)")  # a Markdown link to a route of the site: `[Resources](/developers)`


def _chrome(value: Any, docs: Path, found: Collector, depth: int) -> None:
    """The pages a part of the config outside the navigation links to: `href` and `url` values that are routes of the
    site, and Markdown links in its strings."""
    if depth > _DEPTH:
        return
    if isinstance(value, str):
        for route in _ROUTE_LINK.findall(value):
            # `/about.md`: the page's Markdown, as Mintlify serves it beside each page (`about.mdx`)
            hit = found.find(docs, route) or found.find(docs, route.split("#")[0].removesuffix(".md"))
            if hit is not None:
                found.chrome.add(hit)
    elif isinstance(value, list):
        for item in value:
            _chrome(item, docs, found, depth + 1)
    elif isinstance(value, dict):
        for key, item in value.items():
            if key in ("href", "url") and isinstance(item, str) and item.startswith("/"):
                hit = found.find(docs, item)
                if hit is not None:
                    found.chrome.add(hit)
            else:
                _chrome(item, docs, found, depth + 1)


def _load(path: Path, found: Collector) -> Any:
    text = found.text(path)
    try:
        return json.loads(text)
    except ValueError as exc:
        raise ValueError(f"{path}: not valid JSON ({exc}); fix the file") from None


def _walk(value: Any, base: Path, docs: Path, found: Collector, depth: int, pages: bool = False) -> None:
    """Walk a part of the navigation; `pages` says it is the value of a `pages` key (or a group's `root`), whose
    strings are pages."""
    if depth > _DEPTH:
        return
    if isinstance(value, str) and pages:
        hit = found.find(docs, value)
        if hit is not None:
            found.listed.add(hit)
        return
    if isinstance(value, list):
        for item in value:
            _walk(item, base, docs, found, depth + 1, pages)
        return
    if not isinstance(value, dict):
        return
    ref = value.get("$ref")
    if isinstance(ref, str):  # `{"$ref": "v2-navigation.json"}`: a part of the navigation kept in a file of its own
        path = (base / ref).resolve()
        if found.root is None or path.is_relative_to(found.root.resolve()):
            if found.is_file(path):
                _walk(_load(path, found), path.parent, docs, found, depth + 1, pages)
            else:
                found.unread.append(f"{ref} (no such file)")
    spec = value.get("openapi")
    if spec and not pages:
        _endpoint_pages(spec, docs, found)
    for key, item in value.items():
        if key != "$ref":
            _walk(item, base, docs, found, depth + 1, key in ("pages", "root"))


def _endpoint_pages(spec: Any, docs: Path, found: Collector) -> None:
    """A navigation entry given a spec (`"openapi": {"source": "openapi.json", "directory": "api-reference"}`, or the
    spec's path alone) gets a page in its sidebar for each of the spec's endpoints: the endpoint pages the site keeps
    (front matter `openapi: get /users`), those in its `directory` when it names one, are in the navigation."""
    folder = spec.get("directory") if isinstance(spec, dict) else None
    under = os.path.normpath(os.path.join(str(docs), folder.strip("/"))) + os.sep if isinstance(folder, str) else ""
    for page, front_matter in found.files.items():
        if isinstance(front_matter.get("openapi"), str) and page.startswith(under):
            found.listed.add(page)
