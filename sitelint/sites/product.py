"""The product a site documents: its current version, its names, and where they were found."""

from __future__ import annotations

import dataclasses
import functools
import json
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_PLACEHOLDER_VERSION = re.compile(r"0\.0\.0\b")
_NUMBER = re.compile(r"(\d+)(?:\.(\d+|x|X|\*))?(?:\.(\d+))?")
# npm's `-alpha.19`, `-rc.1`, `-0`; Python's (PEP 440) `b2`, `rc1`, `a1`, `.dev0` right after the number.
_PRERELEASE = re.compile(r"-(?:alpha|beta|rc|next|canary|pre|dev|\d)|\.?(?:a|b|c|rc|dev|alpha|beta|pre)\d", re.I)


@dataclass(frozen=True)
class Version:
    """A product version as written: 'v2.x', '1.2', '0.57' (a missing or wildcard part is None)."""

    text: str
    parts: tuple[int | None, ...]
    prerelease: bool = False  # '5.0.0-0', '2.0.0-alpha.19': not released yet
    released: tuple[int, ...] = ()  # a prerelease's: the line of the newest release tagged before it, where known

    @classmethod
    def parse(cls, text: str) -> Version | None:
        match = _NUMBER.search(text)
        if match is None:
            return None
        parts = tuple(int(p) if p and p.isdigit() else None for p in match.groups())
        return cls(text, parts, bool(_PRERELEASE.match(text, match.end())))

    @property
    def line(self) -> tuple[int, ...]:
        """The release line: the major version, or 0.minor for 0.x products (where the minor breaks)."""
        major, minor = self.parts[0] or 0, self.parts[1]
        return (major,) if major > 0 or minor is None else (0, minor)

    @property
    def released_line(self) -> tuple[int, ...]:
        """The line readers use: this one, or the one before while this is the first prerelease of a new line
        (a repository at 5.0.0-0 documents 4.x until 5.0.0 ships)."""
        if self.prerelease and self.released:
            return self.released  # `9.0.0-beta.0` after 8.0.0's alphas alone: readers use 7.x, the newest tagged
        major, minor = self.parts[0] or 0, self.parts[1] or 0
        if self.prerelease and not any(self.parts[2:3]):
            if major > 1 and minor == 0:
                return (major - 1,)
            if major == 0 and minor > 0:
                return (0, minor - 1)
        return self.line

    def older_line(self, current: Version) -> bool:
        """Whether this version belongs to a release line before the current one."""
        if (self.parts[0] or 0) >= 1000 > (current.parts[0] or 0):  # a year, not a version of this product
            return False
        return self.line < current.released_line[: len(self.line)]

    def released_by(self, current: Version) -> bool:
        """Whether current has reached this version (an 'upcoming' release that has shipped); a prerelease has not
        reached its own version."""
        mine, now = [p or 0 for p in self.parts], [p or 0 for p in current.parts]
        return mine < now[: len(mine)] or (mine <= now and not current.prerelease)


@dataclass(frozen=True)
class Product:
    version: Version | None
    name: str
    source: str  # where the version came from ("setting current-version", "package.json"), "" when not found


_VERSION_ASSIGN = re.compile(r"""(?m)^(?:__version__|VERSION|version)\s*(?::\s*\w+\s*)?=\s*['"]([^'"]+)['"]""")
# A version kept as numbers (`__version_info__ = Version(11, 0, 0, "final")`, Django's `VERSION = (5, 1, 0, ...)`).
_VERSION_TUPLE = re.compile(r"(?m)^(?:__version_info__|version_info|VERSION)\s*(?::[^=\n]+)?=\s*\w*\(\s*(\d+)\s*,"
                            r"\s*(\d+)(?:\s*,\s*(\d+))?")
_TAG = re.compile(r"^v?(\d+\.\d+(?:\.\d+)?)$")
_MKDOCS_NAMES = ("mkdocs.yml", "mkdocs.yaml", "properdocs.yml", "properdocs.yaml")


@dataclass(frozen=True)
class Found:
    version: str
    name: str
    where: str  # the file (relative to the repository) or "git tag v1.2.3"


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return {}
    # Imported here, not at the top: a project with no pyproject.toml (a Node project's docs) never pays for it.
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return {}


def _usable(version: Any) -> bool:
    return isinstance(version, str) and Version.parse(version) is not None and not _PLACEHOLDER_VERSION.match(version)


def _rel(path: Path, base: Path) -> str:
    try:
        return path.relative_to(base).as_posix()
    except ValueError:
        return str(path)


def _assigned(path: Path) -> str:
    """A version assigned in a Python file (`__version__ = "1.2"`, `VERSION = '2.0'`, or its numbers
    `__version_info__ = (1, 2, 0)`), read as text."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")[:20_000]
    except OSError:
        return ""
    found = _VERSION_ASSIGN.search(text)
    if found and _usable(found.group(1)):
        return found.group(1)
    numbers = _VERSION_TUPLE.search(text)
    return ".".join(n for n in numbers.groups() if n is not None) if numbers else ""


def _table(data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = data.get(key)
    return value if isinstance(value, dict) else {}


def _python_project(folder: Path, base: Path) -> Found | None:
    """pyproject.toml's [project] or [tool.poetry] version; a dynamic version from the file hatch or setuptools name,
    else `__version__` in the package of the project's name."""
    data = _read_toml(folder / "pyproject.toml")
    if not data:
        return None
    project = _table(data, "project")
    tool = _table(data, "tool")
    if _table(tool, "rye").get("virtual") is True or _table(tool, "uv").get("package") is False:
        return None  # a workspace that is not a package (a repository's tooling, its docs' dependencies)
    poetry = _table(tool, "poetry")
    name = str(project.get("name") or poetry.get("name") or "")
    for table in (project, poetry):
        if _usable(table.get("version")):
            return Found(str(table["version"]), name, _rel(folder / "pyproject.toml", base))
    files: list[Path] = []
    hatch = _table(_table(tool, "hatch"), "version")
    if isinstance(hatch.get("path"), str):
        files.append(folder / hatch["path"])
    dynamic = _table(_table(_table(tool, "setuptools"), "dynamic"), "version")
    if isinstance(dynamic.get("attr"), str):
        module = dynamic["attr"].rsplit(".", 1)[0].replace(".", "/")
        files += [folder / f"{module}.py", folder / module / "__init__.py", folder / "src" / module / "__init__.py"]
    package = name.replace("-", "_").lower()
    if package:
        for sub in (folder / package, folder / "src" / package):
            files += [sub / "__init__.py", sub / "version.py", sub / "_version.py", sub / "__about__.py"]
    for path in files:
        version = _assigned(path)
        if version:
            return Found(version, name, _rel(path, base))
    return None


# The docs frameworks a site's own package.json depends on.
_SITE_FRAMEWORKS = ("astro", "@astrojs/starlight", "@docusaurus/core", "vitepress", "vuepress", "nextra",
                    "fumadocs-core", "fumadocs-mdx")
# What a package that others install declares; a site's own package declares none of them.
_PUBLISHED_FIELDS = ("main", "module", "exports", "bin", "files", "types")


# A package script that builds the site with a generator that is no npm package (`"build:hugo:prod": "hugo"`): the
# package is the site's front-end tooling. (A library's `"docs": "vitepress build"` is no such sign.)
_SITE_BUILD = re.compile(r"(?:^|[\s;&|(])(?:hugo|jekyll|bundle\s+exec\s+jekyll|zola|mkdocs|sphinx-build)(?:\s|$)")


def _site_package(data: Mapping[str, Any]) -> bool:
    """A docs site's own package.json, left unmarked `private` (Astro's starter gives `"version": "0.0.1"`): it
    depends on a docs framework, or a script of it runs a site generator (`"build": "hugo"`, the front-end tooling of a
    Hugo site), and it declares nothing for others to install (a `main` aside, which `npm init` writes)."""
    deps = {name for key in ("dependencies", "devDependencies") for name in _table(data, key)}
    scripts = _table(data, "scripts").values()
    builds = any(isinstance(command, str) and _SITE_BUILD.search(command) for command in scripts)
    published = [field for field in _PUBLISHED_FIELDS if field in data and (field != "main" or not builds)]
    return (bool(deps & set(_SITE_FRAMEWORKS)) or builds) and not published


def _build_tooling(data: Mapping[str, Any], folder: Path) -> bool:
    """The package.json of a Python or Rust project's build (its assets' scripts and devDependencies): it declares
    nothing for others to install and depends on nothing at run time."""
    return (not any(field in data for field in (*_PUBLISHED_FIELDS, "dependencies"))
            and any((folder / name).is_file() for name in ("pyproject.toml", "setup.py", "Cargo.toml")))


def _package(path: Path, base: Path) -> Found | None:
    """A published package.json's version: a private package (a docs site's own, a monorepo's root) has none, nor
    has the build tooling of a project in another language."""
    data = _read_json(path)
    if (not isinstance(data, dict) or data.get("private") is True or _site_package(data)
            or _build_tooling(data, path.parent) or not _usable(data.get("version"))):
        return None
    return Found(str(data["version"]), str(data.get("name", "")).rsplit("/", 1)[-1], _rel(path, base))


def _crate(folder: Path, base: Path) -> Found | None:
    """Cargo.toml's `[package]` version, or a workspace's shared `[workspace.package]` one; a crate marked
    `publish = false` is not what the docs are about."""
    data = _read_toml(folder / "Cargo.toml")
    for table in (_table(data, "package"), _table(_table(data, "workspace"), "package")):
        if table.get("publish") is False:
            return None
        if _usable(table.get("version")):
            return Found(str(table["version"]), str(table.get("name", "")), _rel(folder / "Cargo.toml", base))
    return None


def _workspace_packages(repo: Path) -> list[Path]:
    out: list[Path] = []
    for pattern in ("packages/*/package.json", "packages/*/*/package.json", "libs/*/package.json"):
        out += sorted(repo.glob(pattern))
    return [p for p in out if "node_modules" not in p.parts]


def _scope(data: Mapping[str, Any]) -> str:
    """A package's npm scope without its `@` (`@rsbuild/core`: rsbuild), "" when it has none."""
    name = str(data.get("name", ""))
    return name[1:].split("/", 1)[0] if name.startswith("@") and "/" in name else ""


def _documented_package(site_folder: Path, repo: Path, tags: Callable[[], Sequence[str]] = list) -> Found | None:
    """In a monorepo, the workspace package the docs site depends on (`"@x/y": "workspace:*"`), but the package named
    like the repository when what the site depends on are plugins in its scope; of several, the one named like the
    repository, or their one version when they are a family released together; else the only published package
    (unless the repository tags its releases with plain versions and no tag names that package's version: a side
    package, `emailo` at 0.0.1 beside the product's `v0.23.0`), else the one named like the repository."""
    site = _read_json(site_folder / "package.json")
    wanted: set[str] = set()
    if isinstance(site, dict):
        for key in ("dependencies", "devDependencies"):
            deps = site.get(key)
            if isinstance(deps, dict):
                wanted |= {n for n, spec in deps.items() if isinstance(spec, str) and spec.startswith(
                    ("workspace:", "file:", "link:"))}
    found = [(p, _read_json(p)) for p in _workspace_packages(repo)]
    published = [(p, d) for p, d in found if isinstance(d, dict) and d.get("private") is not True
                 and _usable(d.get("version"))]
    depended = [(path, data) for path, data in published if data.get("name") in wanted]
    own = {repo.name, f"{repo.name}-core", f"@{repo.name}/core", f"@{repo.name}/{repo.name}"}
    named = [(path, data) for path, data in published if str(data.get("name")).lower() in own]
    if depended and len(named) == 1 and named[0] not in depended and all(
            _scope(data) and _scope(data) == _scope(named[0][1]) for _, data in depended):
        depended = named  # the site builds with a plugin of the product (`@rsbuild/plugin-sass`): the product's core
    if len(depended) > 1:  # the docs of a family of packages: the one named as the repository is the product
        family = depended
        depended = [item for item in depended if item in named]
        versions = {str(data["version"]) for _, data in family}
        scopes = {_scope(data) for _, data in family}
        if not depended and len(versions) == 1 and len(scopes) == 1 and "" not in scopes:
            # ... else a family released together, one version for all (`@module-federation/runtime` and its kin)
            return Found(versions.pop(), scopes.pop(), _rel(family[0][0], repo))
        if len(depended) != 1:
            return None
    if depended:
        path, data = depended[0]
        return Found(str(data["version"]), str(data["name"]).rsplit("/", 1)[-1], _rel(path, repo))
    if len(published) == 1 and not _untagged(str(published[0][1]["version"]), tags):
        return _package(published[0][0], repo)
    for path, data in published:
        if str(data.get("name", "")).rsplit("/", 1)[-1] == repo.name:
            return _package(path, repo)
    return None


def _untagged(version: str, tags: Callable[[], Sequence[str]]) -> bool:
    """Whether the repository tags releases with plain versions (`v0.23.0`) and none of its tags names `version`."""
    listed = tags()
    named = re.compile(rf"(?:^|[@/-])v?{re.escape(version)}$")
    return any(_TAG.match(t) for t in listed) and not any(named.search(t) for t in listed)


def _framework_version(site_folder: Path, base: Path) -> Found | None:
    """The version the docs framework is told it documents: mkdocs `extra.version`, Docusaurus versions.json."""
    for name in _MKDOCS_NAMES:
        path = site_folder / name
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        extra = re.search(r"(?m)^extra:\s*\n((?:[ \t]+.*\n?|\s*\n)*)", text)
        version = re.search(r"""(?m)^[ \t]+version:\s*['"]?([\w.\-]+)['"]?\s*$""", extra.group(1)) if extra else None
        if version and _usable(version.group(1)):
            return Found(version.group(1), "", _rel(path, base))
    for folder in (site_folder, site_folder / "website"):
        versions = _read_json(folder / "versions.json")
        if isinstance(versions, list) and versions and _usable(str(versions[0])):
            return Found(str(versions[0]), "", _rel(folder / "versions.json", base))
    return None


def _lerna(repo: Path) -> Found | None:
    data = _read_json(repo / "lerna.json")
    if isinstance(data, dict) and _usable(data.get("version")):
        return Found(str(data["version"]), "", "lerna.json")
    return None


def discover(site_folder: Path, repo: Path, tags: Callable[[], Sequence[str]] = list,
             config_dirs: Sequence[Path] = ()) -> Found | None:
    """The current version of the product the site documents, and where it was found, looked for in this order: the
    docs framework's own declaration, the package the docs site depends on in its workspace (both at the site's
    folder and at the folder of its framework's config: `packages/website/versions.json`, `apps/docs/package.json`),
    the project at the site's folder and at the repository root (pyproject.toml and its version file, a published
    package.json, Cargo.toml), lerna.json, the newest version tag. A project's file older than the newest version tag
    gives way to the tag."""
    sites = list(dict.fromkeys((site_folder, *config_dirs)))
    tags = functools.cache(tags)  # the repository's tags, listed by git once for every place that asks
    declared: list[Callable[[], Found | None]] = [
        *(lambda folder=folder: _framework_version(folder, repo) for folder in sites),
        *(lambda folder=folder: _documented_package(folder, repo, tags) for folder in sites)]
    projects: list[Callable[[], Found | None]] = [
        *(step for folder in dict.fromkeys((site_folder, repo)) for step in (
            lambda folder=folder: _python_project(folder, repo),
            lambda folder=folder: _package(folder / "package.json", repo),
            lambda folder=folder: _crate(folder, repo))),
        lambda: _lerna(repo),
    ]
    for look in declared:
        found = look()
        if found is not None:
            return found
    for look in projects:
        found = look()
        if found is not None:
            return _newer_tag(found, tags()) or found
    return next((Found(match.group(1), "", f"git tag {tag}") for tag in tags() if (match := _TAG.match(tag))), None)


def _newer_tag(found: Found, listed: Sequence[str]) -> Found | None:
    """The newest version tag, where the project's file was left behind the releases tagged since (`version =
    "2.3.1"` in pyproject.toml, tagged `v2.3.1` once, then releases made from a VERSION file up to `v2.4.4`): the
    tags count the same releases as the file (one names its version), and the newest is newer."""
    ours = Version.parse(found.version)
    versions = [(match.group(1), tag) for tag in listed if (match := _TAG.match(tag))]
    if ours is None or ours.prerelease or not versions or found.version not in {v for v, _ in versions}:
        return None
    newest, tag = versions[0]
    tagged = Version.parse(newest)
    if tagged is None or _key(tagged) <= _key(ours):
        return None
    return Found(newest, found.name, f"git tag {tag}, newer than {found.where}")


def _key(version: Version) -> tuple[int, ...]:
    return tuple(part or 0 for part in version.parts)


def find_product(site_folder: Path, settings: Mapping[str, Any], repo: Path | None = None,
                 tags: Callable[[], Sequence[str]] = list, config_dirs: Sequence[Path] = ()) -> Product:
    """The current version (setting current-version, else discovered) and the product's name."""
    configured = str(settings.get("current-version") or "")
    tags = functools.cache(tags)  # listed by git once, for the version and for a prerelease's released line
    found = discover(site_folder, repo or site_folder, list if configured else tags, config_dirs)
    name = found.name if found else ""
    if configured:
        return Product(Version.parse(configured), name, "setting current-version")
    if found is None:
        return Product(None, name, "")
    return Product(_with_release(Version.parse(found.version), tags), name, found.where)


def _with_release(version: Version | None, tags: Callable[[], Sequence[str]]) -> Version | None:
    """A prerelease with the line of the newest release tagged before it (`v7.8.2` below `9.0.0-beta.0`, whose
    8.x never shipped but as alphas): the line its readers use."""
    if version is None or not version.prerelease:
        return version
    stable = next((v for tag in tags() if (match := _TAG.match(tag)) and (v := Version.parse(match.group(1)))
                   and _key(v) < _key(version)), None)
    return dataclasses.replace(version, released=stable.line) if stable is not None and stable.line < version.line \
        else version
