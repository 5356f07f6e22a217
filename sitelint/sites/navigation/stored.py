"""The site graph as data the cache keeps between runs, and the graph made from it again with only what changed
recomputed: the navigation while the pages' front matter and the files and listings it was read from are unchanged,
and each page's resolved links while its link targets, the site's pages and its routes are unchanged.

A stored value is data only (JSON lists and objects); one that is not what this module writes counts as none.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

from sitelint import __version__
from sitelint.model import Page, Site
from sitelint.sites.navigation import Navigation, key, read_navigation, unchanged
from sitelint.sites.navigation.graph import Links, SiteGraph, assemble, keyed, resolve, site_address


def _code() -> str:
    """The version and a digest of the code a stored graph comes from: the readers, the graph, the configs' readers."""
    here = Path(__file__).parent
    files = [*sorted(here.glob("*.py")), here.parent / "docusaurus.py", here.parent / "siteconfig.py"]
    return hashlib.sha256(b"".join(f.read_bytes() for f in files)).hexdigest()[:12]


VERSION = f"1-{__version__}-{_code()}"  # the cache namespace's version: a new sitelint leaves old graphs unread


def slot(site: Site) -> str:
    """The key a site's graph is stored under: where the site is and which config it is read from. What the graph
    depends on beyond that is stored with it and checked when it is read back."""
    parts = [site.framework, key(site.root), key(site.repo_root), *(key(c) for c in site.config_files)]
    return _digest("\0".join(parts))


def graph(site: Site, stored: Any) -> tuple[SiteGraph, dict[str, Any] | None]:
    """The site's graph, from what was `stored` where it still holds; with the value to store in its place, or None
    when the stored one holds entirely."""
    pages = keyed(site)
    fronts = _fronts(pages)
    old = stored if isinstance(stored, dict) else {}
    navigation = _navigation(old.get("navigation")) if old.get("fronts") == fronts else None
    if navigation is not None and not unchanged(navigation.inputs):
        navigation = None
    read = navigation is None
    if navigation is None:
        navigation = read_navigation(site)
    context = _digest("\0".join([key(site.root), site_address(site), *sorted(k for k, _ in pages),
                                 *(f"{r}\0{k}" for r, k in navigation.routes.items())]))
    known = _links(old.get("links"), {k for k, _ in pages}) if old.get("context") == context else {}
    links = resolve(site, navigation, known)
    made = assemble(site, navigation, links)
    if not read and links == known:
        return made, None
    return made, {"fronts": fronts, "navigation": navigation_data(navigation), "context": context,
                  "links": {k: [signed, list(hits)] for k, (signed, hits) in links.items()}}


def navigation_data(navigation: Navigation) -> dict[str, Any]:
    return {"source": navigation.source, "listed": sorted(navigation.listed), "every_page": navigation.every_page,
            "confident": navigation.confident, "chrome": sorted(navigation.chrome),
            "unlisted": sorted(navigation.unlisted), "notes": list(navigation.notes),
            "routes": [[r, k] for r, k in navigation.routes.items()],
            "inputs": [[*spec, seen] for spec, seen in navigation.inputs.items()],
            "unknown": sorted(navigation.unknown)}


def _navigation(data: Any) -> Navigation | None:
    try:
        return Navigation(
            str(data["source"]), _keys(data["listed"]), bool(data["every_page"]), bool(data["confident"]),
            _keys(data["chrome"]), _keys(data["unlisted"]), tuple(str(n) for n in data["notes"]),
            MappingProxyType({str(r): str(k) for r, k in data["routes"]}),
            MappingProxyType({(str(kind), str(path), str(pattern)): str(seen)
                              for kind, path, pattern, seen in data["inputs"]}), _keys(data["unknown"]))
    except (KeyError, TypeError, ValueError):
        return None


def _keys(values: Any) -> frozenset[str]:
    if not isinstance(values, list):
        raise TypeError("not a list")
    return frozenset(str(v) for v in values)


def _links(data: Any, pages: set[str]) -> Links:
    """The stored links of the pages still in the site, each pointing only at pages of the site."""
    out = {}
    for own, value in data.items() if isinstance(data, dict) else ():
        try:
            signed, hits = value
            entry = (str(signed), tuple(str(h) for h in hits))
        except (TypeError, ValueError):
            continue
        if own in pages and all(h in pages for h in entry[1]):
            out[own] = entry
    return out


def _fronts(pages: Sequence[tuple[str, Page]]) -> str:
    """A digest of what the readers see of the pages: each page's key and front matter."""
    parts = []
    for own, page in sorted(pages, key=lambda kp: kp[0]):
        try:
            front = json.dumps(page.front_matter, sort_keys=True, default=_typed, ensure_ascii=False)
        except TypeError:  # keys of mixed types, which sort_keys cannot order
            front = repr(page.front_matter)
        parts.append(f"{own}\0{front}")
    return _digest("\0".join(parts))


def _typed(value: Any) -> dict[str, str]:
    """A value JSON has no form for, with its type: a date is not the string of that date to a reader."""
    return {f"${type(value).__name__}": str(value)}


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:24]
