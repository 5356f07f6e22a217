"""Build logs as an instrument: parse a docs build's log into BuildFindings, per framework, or run the build."""

from __future__ import annotations

from pathlib import Path

from sitelint.build.logs import detect, docusaurus, generic, mkdocs, sphinx, vitepress
from sitelint.build.logs.base import DEFECT_CLASSES, BuildLog
from sitelint.build.run import run_build

FRAMEWORK_CHOICES = ("auto", *detect.FRAMEWORKS, "generic")
_PARSERS = {
    "docusaurus": docusaurus.parse,
    "vitepress": vitepress.parse,
    "mkdocs": mkdocs.parse,
    "sphinx": sphinx.parse,
}


def parse_log(
    text: str, framework: str = "auto", site_root: Path = Path("."), relative_to: Path | None = None
) -> BuildLog:
    """Read a build log into a BuildLog.

    framework is one of FRAMEWORK_CHOICES; "auto" decides from the log's wording, then the site's config files.
    site_root is the project the build ran in (where its config file is). Finding paths are relative to
    relative_to (default: site_root), so pass the working directory when it is not the site root.
    """
    if framework not in FRAMEWORK_CHOICES:
        raise ValueError(f"unknown framework {framework!r}: use one of {', '.join(FRAMEWORK_CHOICES)}")
    name = detect.detect(text, site_root) if framework == "auto" else framework
    parser = _PARSERS.get(name)
    if parser is None:
        return generic.parse(text, site_root, relative_to, framework=name)
    return parser(text, site_root, relative_to)


__all__ = ["DEFECT_CLASSES", "FRAMEWORK_CHOICES", "BuildLog", "parse_log", "run_build"]
