"""`--show-settings`: what sitelint found before it lints anything (config, docs root, framework, pages)."""

from __future__ import annotations

import importlib.util
import json
import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sitelint import __version__, gitinfo
from sitelint.cli import engine_overrides, load_config
from sitelint.model import partial_path
from sitelint.pipeline import discover
from sitelint.sites import locales as localemod, siteconfig
from sitelint.sites.product import find_product

SHOWN = ("docs-root", "include", "exclude", "fail-on", "select", "ignore", "semantic", "lint-variants",
         "allow-duplicates", "current-version", "rules-dirs")
_SPHINX_LANGUAGE = re.compile(r"^language\s*=\s*['\"]([^'\"]+)['\"]", re.M)


def show(paths: Sequence[str], opts: dict[str, Any]) -> str:
    cwd = Path.cwd()
    config = load_config(opts["config_path"], engine_overrides(opts))
    settings = config.settings
    start = next((cwd / p for p in paths if (cwd / p).is_dir()), cwd)
    layout = discover.detect(start, settings["docs-root"])
    found = list(discover.walk(layout, settings["include"], settings["exclude"], lambda folder: False))
    current = [f for f in found if not f.variant and not f.problem and not f.not_read]
    partials = sum(1 for f in current if _partial(f.path, layout.docs_roots, layout.page_folders))
    copies: Counter[str] = Counter()
    for f in found:
        if f.variant:
            copies[f.variant] += f.not_read or 1  # a folder left unread stands for the pages it holds
    versions = {v.split(":", 1)[1]: n for v, n in sorted(copies.items()) if v.startswith("versioned:")}
    locales = {v.split(":", 1)[1]: n for v, n in sorted(copies.items()) if v.startswith("i18n:")}
    # Looked for as a run looks for it: the project folder, the repository root, then the newest version tag.
    repo = next((f for f in (layout.project_root, *layout.project_root.parents) if (f / ".git").exists()),
                layout.project_root)
    product = find_product(layout.project_root, settings, repo, lambda: gitinfo.version_tags(repo),
                           [c.parent for c in layout.config_files])
    docs = [r for r in layout.docs_roots if "versioned_docs" not in r.parts and "i18n" not in r.parts]
    frozen = [r for r in layout.docs_roots if r not in docs]
    lines = [
        f"sitelint {__version__}",
        f"config file: {_rel(config.source, cwd) if config.source else 'none (the defaults)'}",
        f"project root: {_rel(layout.project_root, cwd)}",
        f"framework: {layout.framework or 'none recognised'}"
        + (f" ({', '.join(_rel(c, cwd) for c in layout.config_files)})" if layout.config_files else ""),
        f"docs root: {', '.join(_rel(r, cwd) for r in docs) or 'none'}",
    ]
    if frozen:
        lines.append(f"copies (read only when named or with lint-variants): {', '.join(_rel(r, cwd) for r in frozen)}")
    lines += [
        "product version: " + (f"{product.version.text} ({product.source})" if product.version else "not found "
                               "(set current-version, or a version in pyproject.toml, package.json or Cargo.toml)"),
        f"languages: {_default_language(layout)} (the docs root)"
        + (", translations: " + ", ".join(f"{k} ({n} pages)" for k, n in locales.items()) if locales else ""),
        f"pages: {len(current) - partials} pages, {partials} partials, {sum(versions.values())} versioned copies"
        + (f" ({', '.join(f'{k}: {n}' for k, n in versions.items())})" if versions else "")
        + f", {sum(locales.values())} translated copies, {sum(1 for f in found if f.problem)} unreadable",
        f"semantic rules: {_semantic(settings)}",
        f"cache: {settings['cache'] or '.sitelint/cache.sqlite'}",
        f"pre-commit `files:` for this docs root: {_files_pattern(docs, layout.project_root)}",
        "settings:",
    ]
    lines += [f"  {key} = {json.dumps(settings[key])}" for key in SHOWN]
    return "\n".join(lines) + "\n"


def _rel(path: Path, cwd: Path) -> str:
    try:
        return path.resolve().relative_to(cwd.resolve()).as_posix() or "."
    except ValueError:
        return str(path)


def _partial(path: Path, roots: Sequence[Path], page_folders: frozenset[str] = frozenset()) -> bool:
    for root in roots:
        try:
            rel = path.relative_to(root)
        except ValueError:
            continue
        return partial_path(rel.parts, page_folders)
    return False


def _default_language(layout: discover.Layout) -> str:
    read = localemod.read(layout.framework, layout.config_files, layout.docs_roots).default
    if read:
        return read
    for config in layout.config_files:
        text = siteconfig.mask_comments(siteconfig.read_text(config))
        if layout.framework == "docusaurus":
            for body in siteconfig.js_objects_after(text, r"\bi18n\s*:\s*"):
                locale = siteconfig.js_string(body, "defaultLocale")
                if locale:
                    return locale
        match = _SPHINX_LANGUAGE.search(text) if layout.framework == "sphinx" else None
        if match:
            return match.group(1)
    return "not stated"


def _semantic(settings: Any) -> str:
    if settings["semantic"] is False:
        return "off (semantic = false or --no-semantic)"
    if importlib.util.find_spec("torch") and importlib.util.find_spec("sentence_transformers"):
        return "on (torch and sentence-transformers installed)"
    return ("on, but the semantic extra is not installed: the lexical rules run, the semantic rule does not (pip "
            "install 'sitelint[semantic]')")


def _files_pattern(docs: Sequence[Path], project: Path) -> str:
    git = next((f for f in (project, *project.parents) if (f / ".git").exists()), project)
    names = []
    for root in docs:
        try:
            rel = root.relative_to(git).as_posix()
        except ValueError:
            continue
        if rel == ".":
            return "none needed (the docs root is the repository's top level)"
        names.append(re.escape(rel))
    if not names:
        return "none found (the docs root is outside the repository)"
    return "^(" + "|".join(names) + ")/" if len(names) > 1 else f"^{names[0]}/"
