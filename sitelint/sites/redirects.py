"""Redirects the site's host serves before its files (`vercel.json` `redirects`; Netlify's forced ones, in
`netlify.toml` or a `_redirects` file): read as data, never run. A page whose own address the host sends elsewhere
is never seen by a reader."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from sitelint.sites.siteconfig import read_text

_PATTERN = re.compile(r"[*:()\[\]{}?]")  # a source with a wildcard or a parameter names many addresses: not read


def hosting_redirects(folders: Iterable[Path]) -> dict[str, tuple[str, str]]:
    """Exact source path -> (destination, the file that says so), from the host configs in `folders` and their
    `static/` and `public/` folders (a `_redirects` file is copied into the built site from there)."""
    out: dict[str, tuple[str, str]] = {}
    for folder in dict.fromkeys(folders):
        for source, destination in _json_redirects(folder / "vercel.json"):
            _add(out, source, destination, "vercel.json")
        netlify = _toml(read_text(folder / "netlify.toml"))
        listed = netlify.get("redirects")
        for entry in listed if isinstance(listed, list) else []:
            # Netlify serves a file that is there before its redirect, unless the redirect is forced.
            if isinstance(entry, dict) and entry.get("force") is True \
                    and str(entry.get("status", 301)) in ("301", "302", "308", "307"):
                _add(out, entry.get("from"), entry.get("to"), "netlify.toml")
        for sub in ("", "static", "public"):
            for line in read_text(folder / sub / "_redirects").splitlines():
                parts = line.split("#", 1)[0].split()
                # Forced (`301!`): without the `!` the file at that path is served, not the redirect.
                if len(parts) >= 3 and parts[2].endswith("!") and parts[2].rstrip("!") in ("301", "302", "307", "308"):
                    _add(out, parts[0], parts[1], f"{sub}/_redirects".lstrip("/"))
    return out


def _json_redirects(path: Path) -> Iterator[tuple[object, object]]:
    """(source, destination) of each redirect a JSON config lists (`vercel.json`, Mintlify's `docs.json`), but for
    conditional ones (`has`, `missing`: not every request is sent on)."""
    try:
        data = json.loads(read_text(path) or "{}")
    except ValueError:
        return
    for entry in data.get("redirects", []) if isinstance(data, dict) else []:
        if isinstance(entry, dict) and "has" not in entry and "missing" not in entry:
            yield entry.get("source"), entry.get("destination")


def _toml(text: str) -> dict[str, object]:
    if not text:
        return {}
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _add(out: dict[str, tuple[str, str]], source: object, destination: object, file: str) -> None:
    if isinstance(source, str) and isinstance(destination, str) and source.startswith("/") \
            and not _PATTERN.search(source):
        out.setdefault(normal(source), (destination, file))


def normal(path: str) -> str:
    """A path as the host matches it: no trailing slash, no `.html`, no `/index`."""
    path = re.sub(r"(?:/index)?(?:\.html)?/?$", "", path.split("?", 1)[0].split("#", 1)[0])
    return path or "/"


# A redirect of a whole folder, its rest kept: `/pt-BR/:slug*` to `/v1.15.17/pt-BR/:slug*` (Mintlify's docs.json,
# Vercel), `/guides/*` to `/v2/guides/:splat` (Netlify).
_REST = re.compile(r"^(/(?:[^:*()\[\]{}?]*/)?)(?::(\w+)(?:\*|\(\.\*\))|\*)$")


def folder_redirects(folders: Iterable[Path]) -> list[tuple[str, str]]:
    """(source folder, destination folder) of the redirects that send a whole folder of the site to another of it,
    the rest of the path kept, longest source first: where a link to the old folder lands."""
    out: dict[str, str] = {}
    for folder in dict.fromkeys(folders):
        for name in ("docs.json", "mint.json", "vercel.json"):
            for source, destination in _json_redirects(folder / name):
                if not isinstance(source, str) or not isinstance(destination, str):
                    continue
                found, to = _REST.match(source), _REST.match(destination)
                if found and to and (found.group(2) or "") == (to.group(2) or "") and found.group(1) != "/":
                    out.setdefault(found.group(1), to.group(1))
    return sorted(out.items(), key=lambda item: -len(item[0]))
