"""The product a site documents: its current version, its names, and where they were found."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

_PLACEHOLDER_VERSION = re.compile(r"0\.0\.0\b")
_NUMBER = re.compile(r"(\d+)(?:\.(\d+|x|X|\*))?(?:\.(\d+))?")


@dataclass(frozen=True)
class Version:
    """A product version as written: 'v2.x', '1.2', '0.57' (a missing or wildcard part is None)."""

    text: str
    parts: tuple[int | None, ...]

    @classmethod
    def parse(cls, text: str) -> Version | None:
        match = _NUMBER.search(text)
        if match is None:
            return None
        parts = tuple(int(p) if p and p.isdigit() else None for p in match.groups())
        return cls(text, parts)

    @property
    def line(self) -> tuple[int, ...]:
        """The release line: the major version, or 0.minor for 0.x products (where the minor breaks)."""
        major, minor = self.parts[0] or 0, self.parts[1]
        return (major,) if major > 0 or minor is None else (0, minor)

    def older_line(self, current: Version) -> bool:
        """Whether this version belongs to a release line before the current one."""
        if (self.parts[0] or 0) >= 1000 > (current.parts[0] or 0):  # a year, not a version of this product
            return False
        return self.line < current.line[: len(self.line)]

    def released_by(self, current: Version) -> bool:
        """Whether current has reached this version (an 'upcoming' release that has shipped)."""
        mine = [p or 0 for p in self.parts]
        return mine <= [p or 0 for p in current.parts]


@dataclass(frozen=True)
class Product:
    version: Version | None
    name: str
    source: str  # where the version came from ("setting current-version", "package.json"), "" when not found


def _from_files(root: Path) -> tuple[str, str, str]:
    """(version, name, file) from [project] in pyproject.toml, else from package.json; empty when neither says."""
    try:
        project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8")).get("project", {})
        if isinstance(project.get("version"), str):
            return project["version"], str(project.get("name", "")), "pyproject.toml"
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, AttributeError):
        pass
    try:
        package = json.loads((root / "package.json").read_text(encoding="utf-8"))
        version = package.get("version") if isinstance(package, dict) else None
        if isinstance(version, str) and not _PLACEHOLDER_VERSION.match(version):
            return version, str(package.get("name", "")).rsplit("/", 1)[-1], "package.json"
    except (OSError, UnicodeDecodeError, ValueError):
        pass
    return "", "", ""


def find_product(root: Path, settings: Mapping[str, Any]) -> Product:
    """The current version (setting current-version, else pyproject.toml, else package.json) and the name."""
    version, name, where = _from_files(root)
    configured = str(settings.get("current-version") or "")
    if configured:
        return Product(Version.parse(configured), name, "setting current-version")
    return Product(Version.parse(version) if version else None, name, where)
