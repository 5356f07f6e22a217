"""MyST's own site (mystmd, Jupyter Book 2): `myst.yml`'s `project.toc` lists the pages (`file:` entries, `pattern:`
globs, `children:` nested); without a toc every page of the project is in the navigation."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sitelint.model import Site
from sitelint.sites.navigation import Collector, Navigation, file_routes, key
from sitelint.sites.siteconfig import load_yaml


def read(site: Site, found: Collector) -> Navigation:
    config = site.config_files[0]
    data = found.parsed(config, load_yaml)
    project = data.get("project")
    toc = project.get("toc") if isinstance(project, dict) else None
    if toc is None:
        if isinstance(data.get("extends"), (str, list)):
            found.unread.append(f"the toc of the files {config.name} extends")
            return found.done(f"{config.name} (extends another config)", routes=file_routes(site.root, found))
        return found.done(f"{config.name} (no toc: every page)", every_page=True, routes=file_routes(site.root, found))
    _walk(toc, config.parent, found)
    return found.done(f"{config.name} toc", routes=file_routes(site.root, found))


def _walk(items: Any, base: Path, found: Collector) -> None:
    for item in found.readable(items):
        if not isinstance(item, dict):
            continue
        file = item.get("file")
        if isinstance(file, str):
            hit = found.find(base, file)
            if hit is not None:
                found.listed.add(hit)
        pattern = item.get("pattern")
        if isinstance(pattern, str):  # `pattern: "guides/*.md"`, matched from the config's folder
            found.listed.update(k for path in found.listing("glob", base, pattern) if (k := key(path)) in found.files)
        if "children" in item:
            _walk(item["children"], base, found)
