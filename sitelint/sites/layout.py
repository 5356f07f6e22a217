"""Where a site is: its project root, its framework, its docs roots and the copies it makes on purpose.

The project root is the nearest folder, from the start folder upward, that holds a sitelint config or a docs
framework's config (or .git). The docs roots come from the framework's conventions; Docusaurus versioned docs and
i18n copies are marked as deliberate copies (Page.variant).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from sitelint.sites.siteconfig import ASTRO_CONFIGS, DOCUSAURUS_CONFIGS

_VERSIONED = re.compile(r"(?:^|/)versioned_docs/version-([^/]+)/")
_I18N = re.compile(r"(?:^|/)i18n/([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]+)?)/")
_DOCS_PATH = re.compile(r"""\bpath\s*:\s*['"]([^'"]+)['"]""")
_MKDOCS_DIR = re.compile(r"^docs_dir\s*:\s*['\"]?([^'\"\n#]+?)['\"]?\s*(?:#.*)?$", re.M)


@dataclass(frozen=True)
class Layout:
    """Where the site is and what it is built with."""

    project_root: Path
    framework: str
    docs_roots: tuple[Path, ...]
    config_files: tuple[Path, ...]


def _markers(folder: Path) -> bool:
    names = ("sitelint.toml", "mkdocs.yml", "mkdocs.yaml", "conf.py", ".vitepress", ".git",
             *DOCUSAURUS_CONFIGS, *ASTRO_CONFIGS)
    if any((folder / name).exists() for name in names):
        return True
    if any((folder / "website" / name).exists() for name in DOCUSAURUS_CONFIGS):
        return True
    if (folder / "docs" / ".vitepress").is_dir() or (folder / "docs" / "conf.py").is_file():
        return True
    pyproject = folder / "pyproject.toml"
    return pyproject.is_file() and "[tool.sitelint" in pyproject.read_text(encoding="utf-8", errors="replace")


def project_root(start: Path) -> Path:
    start = start.resolve()
    for folder in (start, *start.parents):
        if _markers(folder):
            return folder
    return start


def detect(start: Path, docs_root: str = "") -> Layout:
    """Find the site that `start` belongs to; `docs_root` (config) overrides the framework's convention."""
    root = project_root(start)
    framework, roots, configs = _framework(root)
    if docs_root:
        roots = [(root / docs_root).resolve()]
    if not roots:
        roots = [root / "docs"] if (root / "docs").is_dir() else [root]
    # Docusaurus keeps frozen copies next to the site config: include them as marked variants.
    for base in {root, root / "website", *(c.parent for c in configs)}:
        for extra in ("versioned_docs", "i18n"):
            if (base / extra).is_dir() and (base / extra) not in roots:
                roots.append(base / extra)
    return Layout(root, framework, tuple(dict.fromkeys(r.resolve() for r in roots if r.is_dir())), tuple(configs))


def _framework(root: Path) -> tuple[str, list[Path], list[Path]]:
    for base in (root, root / "website"):
        for name in DOCUSAURUS_CONFIGS:
            config = base / name
            if config.is_file():
                text = config.read_text(encoding="utf-8", errors="replace")
                docs = [base / m for m in _DOCS_PATH.findall(text) if (base / m).is_dir()]
                return "docusaurus", docs or [base / "docs"], [config]
    for name in ASTRO_CONFIGS:
        if (root / name).is_file() and (root / "src" / "content" / "docs").is_dir():
            return "starlight", [root / "src" / "content" / "docs"], [root / name]
    for base in (root, root / "docs"):
        if (base / ".vitepress").is_dir():
            configs = sorted((base / ".vitepress").glob("config.*"))
            return "vitepress", [base], configs
    for name in ("mkdocs.yml", "mkdocs.yaml"):
        config = root / name
        if config.is_file():
            match = _MKDOCS_DIR.search(config.read_text(encoding="utf-8", errors="replace"))
            return "mkdocs", [root / (match.group(1).strip() if match else "docs")], [config]
    for base in (root, root / "docs", root / "docs" / "source", root / "doc"):
        if (base / "conf.py").is_file():
            return "sphinx", [base], [base / "conf.py"]
    return "", [], []


def variant_of(relpath: str) -> str:
    """versioned:<version> or i18n:<locale> for the copies a framework makes on purpose, else ''."""
    match = _VERSIONED.search(relpath)
    if match:
        return f"versioned:{match.group(1)}"
    match = _I18N.search(relpath)
    return f"i18n:{match.group(1)}" if match else ""
