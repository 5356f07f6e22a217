"""Reads a docs build's severity settings and says which defect classes a green build lets through.

Config files are parsed, never executed: JS/TS configs are scanned as text, mkdocs.yml is read with a loader that
tolerates `!!python/...` tags, conf.py is read with `ast` (assignments of literals only).
"""

from __future__ import annotations

import ast
import re
import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sitelint.build.logs.sphinx import classify
from sitelint.sites.siteconfig import (
    block_after,
    docusaurus_config,
    js_object,
    js_value,
    load_yaml,
    mask_comments,
    mkdocs_config,
    read_text,
    sphinx_conf,
    vitepress_config,
)

# Defect classes no build of the framework checks at all, whatever its config.
NEVER_CHECKED: dict[str, frozenset[str]] = {
    "docusaurus": frozenset({"orphan-page"}),
    "vitepress": frozenset({"broken-anchor", "orphan-page", "duplicate-route"}),
    "mkdocs": frozenset({"syntax-error"}),
    "sphinx": frozenset({"duplicate-route"}),
    "starlight": frozenset({"broken-link", "broken-anchor", "orphan-page", "duplicate-route"}),
}
_FATAL_JS = ("throw",)


@dataclass(frozen=True)
class SeverityGap:
    """One setting that lets defects of a class through a build that still ends green."""

    defect_class: str
    setting: str  # as the user would write it, e.g. "onBrokenAnchors: 'warn'"
    source: str  # the file (or "command line") the setting comes from, or "default"
    effect: str  # what happens to such defects, in one sentence
    passes: bool = True  # False when a later check of the same build still fails on them
    logged: str = ""  # the severity such defects get in the log ("warning", "info"), "" when they are not logged


@dataclass(frozen=True)
class BuildConfig:
    """The build's severity settings as far as they matter for the overlap report."""

    framework: str
    config_file: str  # relative to the site root, "" when none was found
    gaps: tuple[SeverityGap, ...]
    notes: tuple[str, ...] = ()

    @property
    def passing(self) -> frozenset[str]:
        """Defect classes a green build lets through: reported below the failing level, or not checked at all."""
        return frozenset(g.defect_class for g in self.gaps if g.passes)


def read_build_config(
    framework: str, site_root: Path, command: Sequence[str] | None = None, log_text: str = ""
) -> BuildConfig:
    """The severity gaps of the site's build. command is the build command when known (e.g. for Sphinx's -W)."""
    reader = {"docusaurus": _docusaurus, "vitepress": _vitepress, "mkdocs": _mkdocs, "sphinx": _sphinx}.get(framework)
    if reader is None:
        never = NEVER_CHECKED.get(framework, frozenset())
        gaps = tuple(SeverityGap(c, "(not checked)", "default", "the build never checks this") for c in sorted(never))
        return BuildConfig(framework, "", gaps, (f"No severity settings are read for {framework or 'this'} builds.",))
    return reader(site_root, list(command or ()), log_text)


def _never(framework: str) -> list[SeverityGap]:
    return [
        SeverityGap(c, "(not checked)", "default", f"{framework} never checks this defect class")
        for c in sorted(NEVER_CHECKED[framework])
    ]


def _rel(path: Path | None, root: Path) -> str:
    return path.resolve().relative_to(root.resolve()).as_posix() if path else ""


def _docusaurus(root: Path, command: list[str], log_text: str) -> BuildConfig:
    config = docusaurus_config(root)
    source = mask_comments(read_text(config))
    name = _rel(config, root) or "default"
    markdown = re.search(r"(?<![\w$.])markdown\s*:\s*(?=\{)", source)
    hooks = js_object(block_after(source, markdown.end()), "hooks") or "" if markdown else ""

    def setting(key: str, default: str, where: str = "") -> tuple[str, str]:
        value = js_value(hooks, key) if where == "hooks" else _find_js(source, key)
        return (value, name) if value is not None else (default, "default")

    links, links_src = setting("onBrokenLinks", "throw")
    anchors, anchors_src = setting("onBrokenAnchors", "warn")
    md_links, md_src = setting("onBrokenMarkdownLinks", "", "hooks")
    if not md_links:
        md_links, md_src = setting("onBrokenMarkdownLinks", "warn")
    images, images_src = setting("onBrokenMarkdownImages", "throw", "hooks")
    dupes, dupes_src = setting("onDuplicateRoutes", "warn")
    gaps = _never("docusaurus")
    for cls, key, value, src in (
        ("broken-link", "onBrokenLinks", links, links_src),
        ("broken-anchor", "onBrokenAnchors", anchors, anchors_src),
        ("missing-asset", "onBrokenMarkdownImages", images, images_src),
        ("duplicate-route", "onDuplicateRoutes", dupes, dupes_src),
    ):
        if value not in _FATAL_JS:
            effect = f"reported at '{value}', the build still passes"
            logged = {"warn": "warning", "log": "info"}.get(value, "")
            gaps.append(SeverityGap(cls, f"{key}: '{value}'", src, effect, logged=logged))
    if md_links not in _FATAL_JS:
        caught = links in _FATAL_JS
        effect = "unresolved Markdown file links only warn at compile time, and only on a cold cache" + (
            "; the end-of-build link check still fails on them" if caught else ""
        )
        logged = {"warn": "warning", "log": "info"}.get(md_links, "")
        gaps.append(
            SeverityGap("broken-link", f"onBrokenMarkdownLinks: '{md_links}'", md_src, effect, not caught, logged)
        )
    notes = ("docusaurus.config was read as text: settings computed at run time are not seen.",) if config else ()
    return BuildConfig("docusaurus", _rel(config, root), tuple(gaps), notes)


def _find_js(source: str, key: str) -> str | None:
    """A top-level-looking `key: 'value'` anywhere in the config (these keys are unique to the site config)."""
    match = re.search(r"(?<![\w$.])" + key + r"\s*:\s*['\"`](\w+)['\"`]", source)
    return match.group(1) if match else None


def _vitepress(root: Path, command: list[str], log_text: str) -> BuildConfig:
    config = vitepress_config(root)
    source = mask_comments(read_text(config))
    gaps = _never("vitepress")
    match = re.search(r"(?<![\w$.])ignoreDeadLinks\s*:\s*(true|false|['\"`][\w]+['\"`]|\[)", source)
    value = match.group(1) if match else "false"
    if value != "false":
        partial = value != "true"
        effect = "some dead links are ignored" if partial else "dead links are not reported and the build passes"
        shown = "[...]" if value == "[" else value
        gaps.append(SeverityGap("broken-link", f"ignoreDeadLinks: {shown}", _rel(config, root), effect))
    return BuildConfig("vitepress", _rel(config, root), tuple(gaps))


_MKDOCS_DEFAULTS = {  # page links first: a logged defect is counted against the first gap that fits it
    ("links", "not_found"): "warn",
    ("links", "anchors"): "info",
    ("links", "unrecognized_links"): "info",
    ("nav", "not_found"): "warn",
    ("nav", "omitted_files"): "info",
}
_MKDOCS_CLASSES = {
    ("nav", "omitted_files"): ("orphan-page",),
    ("nav", "not_found"): ("broken-link",),
    ("links", "not_found"): ("broken-link", "missing-asset"),
    ("links", "anchors"): ("broken-anchor",),
    ("links", "unrecognized_links"): ("broken-link",),
}


def _mkdocs(root: Path, command: list[str], log_text: str) -> BuildConfig:
    config = mkdocs_config(root)
    try:
        data = load_yaml(config) if config else {}
    except ValueError as exc:
        data = {"_error": str(exc)}
    name = _rel(config, root) or "default"
    validation = data.get("validation") if isinstance(data.get("validation"), dict) else {}
    strict = bool(data.get("strict")) or "--strict" in command or "-s" in command or "in strict mode" in log_text
    gaps = _never("mkdocs")
    for (group, key), default in _MKDOCS_DEFAULTS.items():
        level, src = _mkdocs_level(validation or {}, group, key, default, name)
        if level == "warn" and strict:
            continue
        setting = f"validation.{group}.{key}: {level}"
        if level == "warn":
            effect = "logged as WARNING; without --strict the build passes"
            setting += " (without --strict)"
        else:
            effect = f"logged at {level.upper()}: passes even with --strict" if level == "info" else "not reported"
        logged = {"warn": "warning", "info": "info"}.get(level, "")
        gaps.extend(SeverityGap(cls, setting, src, effect, logged=logged) for cls in _MKDOCS_CLASSES[(group, key)])
    notes = () if strict else ("MkDocs ran without --strict (as far as sitelint can tell): no warning fails it.",)
    if "_error" in data:
        notes = (f"{data['_error']}; its defaults are assumed.", *notes)
    return BuildConfig("mkdocs", _rel(config, root), tuple(gaps), notes)


def _mkdocs_level(validation: dict[str, Any], group: str, key: str, default: str, name: str) -> tuple[str, str]:
    nested = validation.get(group)
    if isinstance(nested, dict) and isinstance(nested.get(key), str):
        return nested[key], name
    # The flat form (validation: {anchors: warn}) sets the option for both nav and links.
    if isinstance(validation.get(key), str):
        return validation[key], name
    return default, "default"


def _sphinx(root: Path, command: list[str], log_text: str) -> BuildConfig:
    conf = sphinx_conf(root)
    values = _conf_literals(conf)
    options = _sphinx_options(root, command)
    fatal = bool({"-W", "--fail-on-warning"} & options) or "treated as error" in log_text
    nitpicky = "-n" in options or "--nitpicky" in options or values.get("nitpicky") is True
    src = "command line" if command else "default"
    gaps = _never("sphinx")
    if not fatal:
        for cls in ("broken-link", "broken-anchor", "missing-asset", "orphan-page", "syntax-error"):
            gaps.append(SeverityGap(cls, "no -W", src, "reported as WARNING; the build passes", logged="warning"))
    if not nitpicky:
        effect = "unresolved references to API objects (py:class, ...) are not reported"
        gaps.append(SeverityGap("broken-link", "no -n / nitpicky = False", src, effect))
    for kind in values.get("suppress_warnings") or ():
        for cls in _suppressed_classes(str(kind)):
            effect = "these warnings are not printed"
            gaps.append(SeverityGap(cls, f"suppress_warnings: {kind}", _rel(conf, root), effect))
    notes = () if command or log_text else ("The sphinx-build command is unknown: assumed without -W and -n.",)
    return BuildConfig("sphinx", _rel(conf, root), tuple(gaps), notes)


def _suppressed_classes(kind: str) -> tuple[str, ...]:
    """The defect classes a suppress_warnings entry silences ("myst" or "ref" silence a whole family)."""
    if kind in ("myst", "ref", "myst.xref_missing", "ref.any") or kind.startswith("ref.python"):
        return ("broken-link", "broken-anchor")
    if kind in ("toc", "image"):
        return ("orphan-page", "broken-link") if kind == "toc" else ("missing-asset",)
    return (classify("", kind),)


def _conf_literals(conf: Path | None) -> dict[str, Any]:
    """Top-level `name = <literal>` assignments of conf.py, read with ast (the file is never run)."""
    try:
        tree = ast.parse(read_text(conf))
    except SyntaxError:
        return {}
    values: dict[str, Any] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                values[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                continue
    return values


def _sphinx_options(root: Path, command: list[str]) -> set[str]:
    """The sphinx-build flags of the command, looking through `make` into SPHINXOPTS of the docs Makefile."""
    words = list(command)
    if words and Path(words[0]).name == "make":
        for makefile in (root / "Makefile", root / "docs" / "Makefile"):
            opts = re.search(r"^SPHINXOPTS\s*\??=\s*(.*)$", read_text(makefile), re.M)
            if opts:
                words += shlex.split(opts.group(1))
        words += [w.split("=", 1)[1] for w in command if w.startswith("SPHINXOPTS=")]
        words = [part for w in words for part in w.split()]
    flags: set[str] = set()
    for w in words:
        if w.startswith("--"):
            flags.add(w)
        elif w.startswith("-") and len(w) > 1:
            flags.update(f"-{c}" for c in w[1:] if c.isalpha())
    return flags
