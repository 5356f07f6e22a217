"""Maps Docusaurus routes back to source files: docs folders, slug and id front matter, route base path, baseUrl."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from types import MappingProxyType
from typing import Any

import yaml

from sitelint.buildlog.siteconfig import (
    docusaurus_config,
    js_object,
    js_objects_after,
    js_value,
    mask_comments,
    read_text,
)

_DOC_SUFFIXES = (".md", ".mdx")
_PAGE_SUFFIXES = (".md", ".mdx", ".js", ".jsx", ".ts", ".tsx")
_NUMBER_PREFIX = re.compile(r"^\d+\s*[-_.]+\s*(?=[^\d])")
_FRONT_MATTER = re.compile(r"\A---\s*\n(.*?)\n---\s*(?:\n|\Z)", re.S)


@dataclass(frozen=True)
class DocsInstance:
    """One docs plugin: where its files are (relative to the site) and the route they are served under."""

    path: str = "docs"
    route_base: str = "docs"


@dataclass(frozen=True)
class DocusaurusSite:
    """What route mapping needs from docusaurus.config: baseUrl and the docs plugin instances."""

    base_url: str = "/"
    docs: tuple[DocsInstance, ...] = (DocsInstance(),)
    pages_path: str = "src/pages"

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
    for preset in js_objects_after(source, r"['\"](?:@docusaurus/preset-)?classic['\"]\s*,"):
        docs_value = js_value(preset, "docs")
        if docs_value == "false":
            continue
        body = js_object(preset, "docs")
        instances.append(_instance(body or ""))
    for body in js_objects_after(source, r"['\"]@docusaurus/plugin-content-docs['\"]\s*,"):
        instances.append(_instance(body))
    return DocusaurusSite(base_url.group(1) if base_url else "/", tuple(instances) or (DocsInstance(),))


def _instance(body: str) -> DocsInstance:
    path = js_value(body, "path") or "docs"
    route = js_value(body, "routeBasePath")
    return DocsInstance(path.strip("./") or "docs", "docs" if route is None else route.strip("/"))


def _front_matter(file: Path) -> Mapping[str, Any]:
    match = _FRONT_MATTER.match(read_text(file))
    if match is None:
        return {}
    try:
        data = yaml.safe_load(match.group(1))
    except yaml.YAMLError:
        return {}
    return data if isinstance(data, dict) else {}


def _strip_number(name: str) -> str:
    return _NUMBER_PREFIX.sub("", name)


def _doc_route(rel: PurePosixPath, file: Path) -> str:
    meta = _front_matter(file)
    dirs = [_strip_number(p) for p in rel.parent.parts]
    slug = meta.get("slug")
    if isinstance(slug, str) and slug:
        return slug if slug.startswith("/") else "/".join(["", *dirs, slug])
    stem = _strip_number(rel.stem)
    doc_id = meta.get("id")
    if isinstance(doc_id, str) and doc_id:
        stem = doc_id
    elif stem.lower() in ("index", "readme") or (dirs and stem == dirs[-1]):
        return "/" + "/".join(dirs)
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
    """Every docs and pages route of the site at root, computed the way Docusaurus computes them by default."""
    site = read_site(root)
    routes: dict[str, list[str]] = {}
    for inst in site.docs:
        for file in _files(root / inst.path, _DOC_SUFFIXES):
            rel = PurePosixPath(file.relative_to(root / inst.path).as_posix())
            route = _join(inst.route_base, _doc_route(rel, file))
            routes.setdefault(route, []).append(file.relative_to(root).as_posix())
    for file in _files(root / site.pages_path, _PAGE_SUFFIXES):
        rel = PurePosixPath(file.relative_to(root / site.pages_path).as_posix())
        stem = "" if rel.stem == "index" else rel.stem
        routes.setdefault(_join(*rel.parent.parts, stem), []).append(file.relative_to(root).as_posix())
    return RouteMap(site, MappingProxyType({k: tuple(sorted(v)) for k, v in routes.items()}))


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
