"""Grav's pages: each page is a folder under `pages/` (`04.guides/02.settings/`, its number only orders the menu and
is no part of its route, `/guides/settings`), whose one Markdown file is named for its template (`docs.md`), or for
its template and a language (`docs.en.md`), which Grav serves in that language before the plain file."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable

_NUMBER = re.compile(r"^\d+\.")
_LANGUAGE = re.compile(r"\.([a-z]{2}(?:[-_][A-Za-z]{2,4})?)\.(?:md|markdown)$")
_HOME_ALIAS = re.compile(r"(?m)^home:\s*\n(?:[ \t]+.*\n)*?[ \t]+alias:[ \t]*['\"]?(/[^'\"\s#]*)")
DEFAULT_HOME = "/home"  # Grav's `home.alias` unless system.yaml sets another


def route(folder: str) -> str:
    """The route of a page folder given relative to `pages/` (`04.guides/02.settings` -> `/guides/settings`)."""
    return "/" + "/".join(_NUMBER.sub("", part) for part in folder.replace(os.sep, "/").split("/")
                          if part and part != ".")


def language_of(name: str) -> str:
    """The language a page file is named for (`docs.en.md` -> "en"), "" for a plain one."""
    found = _LANGUAGE.search(name)
    return found.group(1) if found else ""


def shadowed(paths: Iterable[str], language: str) -> set[str]:
    """The plain page files (`default.md`) in a folder that also holds one named for the site's language
    (`docs.en.md`): Grav serves that one, and the plain file only to readers of a language that has none."""
    by_folder: dict[str, list[str]] = {}
    for path in paths:
        by_folder.setdefault(os.path.dirname(path), []).append(path)
    out: set[str] = set()
    for files in by_folder.values():
        if any(language_of(os.path.basename(f)) == language for f in files):
            out.update(f for f in files if not language_of(os.path.basename(f)))
    return out


def home_alias(system_yaml: str) -> str:
    """The route `/` serves, from system.yaml's `home: alias:` (Grav's default, `/home`, when it does not say)."""
    found = _HOME_ALIAS.search(system_yaml)
    return (found.group(1).rstrip("/") or DEFAULT_HOME) if found else DEFAULT_HOME
