"""Tells which docs framework produced a build log: from the log's own wording, else from the site's config files."""

from __future__ import annotations

import re
from pathlib import Path

from sitelint.build.logs.base import strip_ansi
from sitelint.sites.siteconfig import astro_config, docusaurus_config, mkdocs_config, sphinx_conf, vitepress_config

FRAMEWORKS = ("docusaurus", "vitepress", "mkdocs", "sphinx", "starlight")

_MARKERS: dict[str, re.Pattern[str]] = {
    "docusaurus": re.compile(
        r"Docusaurus version|docusaurus (?:build|clear)|Docusaurus found broken|MDX compilation failed|"
        r"\[INFO\] \[[\w-]+\] Creating an optimized production build|@docusaurus/"
    ),
    "vitepress": re.compile(r"vitepress v\d|vitepress build|Found dead link|\[vitepress\]"),
    "mkdocs": re.compile(
        r"^(?:INFO|WARNING|ERROR)\s*-\s+(?:Building documentation|Cleaning site|Doc file|Documentation built)|"
        r"mkdocs build|warnings? in strict mode",
        re.M,
    ),
    "sphinx": re.compile(
        r"Running Sphinx v|sphinx-build|^build succeeded|build finished with problems|"
        r"\[(?:myst|image|toc|ref|docutils)\.?[\w.]*\]$",
        re.M,
    ),
    "starlight": re.compile(r"astro build|@astrojs/starlight|starlight-links-validator|\[build\] Complete!"),
}


def from_log(text: str) -> str:
    """The framework whose wording the log shows most, or "" when none shows."""
    clean = strip_ansi(text)
    scores = {name: len(pattern.findall(clean)) for name, pattern in _MARKERS.items()}
    best = max(FRAMEWORKS, key=lambda name: scores[name])
    return best if scores[best] else ""


def from_site(root: Path) -> str:
    """The framework whose config file the site holds, or "" when it holds none."""
    probes = (
        ("docusaurus", docusaurus_config),
        ("vitepress", vitepress_config),
        ("mkdocs", mkdocs_config),
        ("starlight", astro_config),
        ("sphinx", sphinx_conf),
    )
    return next((name for name, probe in probes if probe(root) is not None), "")


def detect(text: str, root: Path) -> str:
    """The framework of a build log: the log's wording first, the site's config files second, else "generic"."""
    return from_log(text) or from_site(root) or "generic"
