"""What a page is, for grouping errors by cause: folder, page type, framework syntax, language and length band.

These are the facts that explain why a rule erred on real sites (a locale folder, MkDocs admonitions, a generated
reference page, a very short page), so the evaluation groups false alarms and misses by them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import PurePosixPath
from typing import Any

from sitelint.model import Page, Site, partial_name

LENGTH_BANDS = ((50, "under 50 words"), (150, "50-149 words"), (500, "150-499 words"), (2000, "500-1999 words"))
# ISO 639-1 codes that sites use as locale folders, with an optional region (pt-br, zh-cn, zh-hant).
_LOCALE = re.compile(
    r"(?:ar|bg|bn|ca|cs|da|de|el|es|et|fa|fi|fr|he|hi|hu|id|it|ja|ko|lt|lv|ms|nb|nl|no|pl|pt|ro|ru|sk|sl|sr|sv|"
    r"ta|te|th|tr|uk|ur|uz|vi|zh|az|hy|ka|kk|km|ky|mn|my|ne|si|sw|tl|tg)(?:[-_][a-z]{2,4})?",
    re.I,
)
_SYNTAX = (
    ("mkdocs admonition", re.compile(r"(?m)^[ \t]*(?:!!!|\?\?\?\+?)[ \t]*[\w-]")),
    ("content tabs", re.compile(r'(?m)^[ \t]*===[!+]*[ \t]+"')),
    ("mkdocstrings", re.compile(r"(?m)^:::[ \t]+[\w.]+")),
    ("snippet include", re.compile(r"(?m)--8<--|\{\*[^\n]*\*\}|\{%\s*include")),
    ("heading attributes", re.compile(r"(?m)^#{1,6} .*\{\s*#[\w-]+\s*\}\s*$")),
    ("directive container", re.compile(r"(?m)^:::[ \t]*[A-Za-z]")),
)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_LETTER = re.compile(r"[^\W\d_]")


def relative_to_root(page: Page, site: Site) -> str:
    """The page's path inside the docs root (its path as given when it lies outside)."""
    try:
        return PurePosixPath(page.abspath.resolve().relative_to(site.root.resolve()).as_posix()).as_posix()
    except ValueError:
        return page.path


def folder(rel: str) -> str:
    parts = rel.split("/")[:-1]
    if parts and _LOCALE.fullmatch(parts[0]) and len(parts) > 1:
        return f"{parts[0]}/{parts[1]}/"
    return f"{parts[0]}/" if parts else "(top)"


def language(page: Page, rel: str) -> str:
    """The locale a page is written in: a translation's variant, a locale folder, else a guess from its script."""
    if page.variant.startswith("i18n:"):
        return page.variant.split(":", 1)[1].lower()
    for part in rel.split("/")[:-1]:
        if _LOCALE.fullmatch(part):
            return part.lower()
    text = " ".join(b.text for b in page.prose_blocks)
    letters = len(_LETTER.findall(text)) or 1
    if len(_CJK.findall(text)) / letters > 0.2:
        return "cjk (guessed)"
    if len(_CYRILLIC.findall(text)) / letters > 0.3:
        return "cyrillic (guessed)"
    return "en (guessed)"


def page_type(page: Page, rel: str) -> str:
    rel = rel.lower()
    name = PurePosixPath(rel).name
    stem = name.rsplit(".", 1)[0]
    fm: Mapping[str, Any] = page.front_matter
    if partial_name(name):
        return "partial"
    if stem == "404":
        return "404"
    if re.search(r"(^|/)blog/|(^|/)\d{4}-\d{2}-\d{2}-", rel):
        return "blog post"
    if re.search(r"change-?log|release[-_]?notes|history|whats-new", stem):
        return "release notes"
    if str(fm.get("layout", "")).lower() in ("home", "landing", "page") or str(fm.get("template", "")) == "splash" \
            or "hero" in fm:
        return "landing"
    if re.search(r"(?m)^:::[ \t]+[\w.]+", page.source) or re.search(r"(^|/)(api|reference)/", rel):
        return "reference"
    if stem in ("index", "readme", "overview") or stem == PurePosixPath(rel).parent.name:
        return "section index"
    return "doc"


def syntax(page: Page) -> tuple[str, ...]:
    found = [name for name, pattern in _SYNTAX if pattern.search(page.source)]
    if any(b.kind in ("jsx", "esm") for b in page.blocks):
        found.append("mdx components")
    return tuple(found) or ("plain markdown",)


def length_band(page: Page) -> str:
    return next((label for limit, label in LENGTH_BANDS if page.words < limit), "2000+ words")


def of(page: Page | None, rel: str) -> dict[str, tuple[str, ...]]:
    """Every cause kind of a page (rel: its path inside the docs root), each with its values; syntax may have
    several."""
    if page is None:
        return {"folder": (folder(rel),), "page type": ("unreadable",), "syntax": ("unknown",),
                "language": ("unknown",), "length": ("unknown",)}
    return {
        "folder": (folder(rel),),
        "page type": (page_type(page, rel),),
        "syntax": syntax(page),
        "language": (language(page, rel),),
        "length": (length_band(page),),
    }
