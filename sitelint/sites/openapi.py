"""The endpoints of a site's OpenAPI specs, for the endpoint pages a build fills in from them.

A page whose front matter names an endpoint (`openapi: get /flows/{id}`, Mintlify's convention, optionally with the
spec's file first) has no text of its own: the build renders the endpoint from the spec. Where the site holds specs
and none of them has that endpoint any more, the page renders empty. Specs are JSON or YAML files under the docs
root whose top level has `openapi` (or `swagger`) and `paths`; they are read as data, never run.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable
from pathlib import Path

import yaml

# `get /flows/{id}`, with the spec's file before it (`openapi.json get /x`) or its name without a suffix, as a site
# of several specs writes it (`openapi-admin post /users/{id}/password`).
ENDPOINT = re.compile(r"(?i)(?:(\S+)\s+)?(get|put|post|delete|patch|head|options|trace)\s+(/\S*)")
_METHODS = frozenset({"get", "put", "post", "delete", "patch", "head", "options", "trace"})
_MAX_BYTES = 20_000_000
_SKIP = frozenset({"node_modules", ".git", "dist", "build", "site", "_build"})
_YAML = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def endpoint_of(value: object) -> tuple[str, str, str] | None:
    """(spec file or '', method, route) that an `openapi:` front matter value names, else None."""
    if not isinstance(value, str):
        return None
    found = ENDPOINT.fullmatch(value.strip())
    return (found.group(1) or "", found.group(2).lower(), _route(found.group(3))) if found else None


def _route(path: str) -> str:
    return path.rstrip("/") or "/"


def specs(root: Path) -> dict[str, frozenset[tuple[str, str]]]:
    """Each OpenAPI spec under root (its path relative to root) with its (method, route) pairs."""
    out: dict[str, frozenset[tuple[str, str]]] = {}
    for base, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in _SKIP and not d.startswith("."))
        for name in sorted(files):
            if name.endswith((".json", ".yaml", ".yml")):
                found = _endpoints(Path(base) / name)
                if found is not None:
                    out[(Path(base) / name).relative_to(root).as_posix()] = found
    return out


_SPEC_KEY = re.compile(r"""(?m)^["']?(?:openapi|swagger)["']?\s*:|["'](?:openapi|swagger)["']\s*:""")


def _endpoints(path: Path) -> frozenset[tuple[str, str]] | None:
    try:
        if path.stat().st_size > _MAX_BYTES:
            return None
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    if not _SPEC_KEY.search(text):  # anywhere: a YAML spec may write its `openapi:` key after its components
        return None
    try:
        data = json.loads(text) if path.suffix == ".json" else yaml.load(text, Loader=_YAML)  # noqa: S506 - safe loader
    except (ValueError, yaml.YAMLError, RecursionError):
        return None
    if not isinstance(data, dict) or not ({"openapi", "swagger"} & data.keys()) or not isinstance(
            data.get("paths"), dict):
        return None
    return frozenset((method.lower(), _route(str(route))) for route, ops in data["paths"].items()
                     if isinstance(ops, dict) for method in ops if str(method).lower() in _METHODS)


def missing(endpoint: tuple[str, str, str], known: dict[str, frozenset[tuple[str, str]]]) -> bool:
    """Whether the specs the site holds lack an endpoint (in the spec the page names, else in any of them); a page
    that names a spec the site does not hold is not judged."""
    file, method, route = endpoint
    name = file.lstrip("/")
    named = [pairs for rel, pairs in known.items() if name and any(
        r == name or r.endswith("/" + name) for r in (rel, rel.rsplit(".", 1)[0]))]
    if name and not named:
        return False
    pools: Iterable[frozenset[tuple[str, str]]] = named or known.values()
    return not any((method, route) in pairs for pairs in pools)
