"""MyST's own site (mystmd, Jupyter Book 2): `myst.yml`'s `project.toc` lists the pages (`file:` entries, `pattern:`
globs, `children:` nested); without a toc every page of the project is in the navigation. The files a config or the
configs it `extends` name as the site's parts (`site: {parts: {footer: footer.md}}`) are parts of every page, not
pages of their own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sitelint.model import Site
from sitelint.sites.navigation import Collector, Navigation, file_routes, key
from sitelint.sites.siteconfig import load_yaml


def read(site: Site, found: Collector) -> Navigation:
    config = site.config_files[0]
    data = found.parsed(config, load_yaml)
    configs = [(config, data)]
    extends = data.get("extends")
    for name in [extends] if isinstance(extends, str) else extends if isinstance(extends, list) else []:
        other = (config.parent / str(name)).resolve()
        inside = isinstance(name, str) and found.root is not None and other.is_relative_to(found.root.resolve())
        if inside and found.is_file(other):  # a config of the repository's own, not one from a URL
            configs.append((other, found.parsed(other, load_yaml)))
    for where, part in configs:
        for holder in (part.get("site"), part.get("project")):
            parts = holder.get("parts") if isinstance(holder, dict) else None
            for file in parts.values() if isinstance(parts, dict) else ():
                # from the folder of the config that names it, else from the project's
                hit = (found.find(where.parent, file) or found.find(config.parent, file)) if isinstance(file, str) \
                    else None
                if hit is not None:
                    found.unlisted.add(hit)
    project = data.get("project")
    toc = project.get("toc") if isinstance(project, dict) else None
    if toc is None:
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
