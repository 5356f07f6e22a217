"""Pages through the cache: a page whose source, path and parser are unchanged is read back, not parsed again.

A parsed page is stored as JSON (front matter dates tagged so they come back as dates), keyed by its path, variant
and source together with a digest of the parsing code.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from sitelint import cache as cachemod, language, pagetypes
from sitelint.model import Block, InlineCode, Link, Page, Section
from sitelint.pipeline import parse

NAMESPACE, VERSION = "page", 1
_CODE = ("parse.py", "blocks.py", "mdx.py")


def _code_digest() -> str:
    here = Path(__file__).parent
    data = b"".join((here / name).read_bytes() for name in _CODE)
    data += b"".join((here.parent / name).read_bytes() for name in ("text.py", "pagetypes.py", "language.py"))
    return hashlib.sha256(data).hexdigest()[:16]


_DIGEST = _code_digest()


def key(rel: str, variant: str, text: str, md_as_mdx: bool = False, html_ends: str = "") -> str:
    head = f"{_DIGEST}\0{rel}\0{variant}\0{'mdx' if md_as_mdx else ''}{html_ends}\0".encode()
    return hashlib.sha256(head + text.encode("utf-8", "surrogatepass")).hexdigest()


def load(sources: Sequence[tuple[str, Path, str, str]], cache: cachemod.Cache | None,
         site_language: str = "", md_as_mdx: bool = False, html_ends: str = "") -> list[Page]:
    """The Page of each (path, absolute path, variant, text): from the cache when it has it, else parsed (a .md
    page as MDX where the site's framework reads it so, its HTML blocks as kramdown closes them on a Jekyll site and
    as VuePress and VitePress close a Vue component's);
    with its page type and language (the site's own language unless the page says or shows another)."""
    ns = cache.namespace(NAMESPACE, f"{VERSION}-{parse.PARSER_VERSION}") if cache is not None else None
    keys = [key(rel, variant, text, md_as_mdx, html_ends) for rel, _, variant, text in sources]
    stored = ns.get_json_many(keys) if ns is not None else {}
    pages: list[Page] = []
    fresh: dict[str, Any] = {}
    for k, (rel, abspath, variant, text) in zip(keys, sources, strict=True):
        page = from_data(stored[k], rel, abspath, variant, text) if k in stored else None
        if page is None:
            parsed = _typed(parse.parse_page(rel, abspath, text, variant, md_as_mdx, html_ends))
            fresh[k] = to_data(parsed)
            # As the cache gives it back: front matter as JSON holds it, so a cold and a warm run agree.
            page = replace(parsed, front_matter=_untagged(fresh[k]["fm"]))
        pages.append(replace(page, language=language_of(page, page.language, site_language)))
    if ns is not None and fresh:
        ns.put_json_many(fresh)
    return pages


def page_from_text(rel: str, abspath: Path, text: str, variant: str = "", site_language: str = "en") -> Page:
    """A page parsed and typed as a run reads it (without the cache)."""
    page = _typed(parse.parse_page(rel, abspath, text, variant))
    return replace(page, language=language_of(page, page.language, site_language))


def _typed(page: Page) -> Page:
    """The parsed page with its page type and the language its prose shows (language_of decides)."""
    kind, why = pagetypes.classify(page)
    return replace(page, page_type=kind, type_reason=why, language=language.guess(_prose(page)))


def _prose(page: Page) -> str:
    return "\n".join(b.text for b in page.blocks if b.is_prose or b.kind == "heading")


def language_of(page: Page, guessed: str, site_language: str) -> str:
    """The page's language: its front matter's `lang`, its translation's locale, a clear guess from its prose that
    is not the site's language, else the site's language."""
    for key in ("lang", "language", "locale"):
        value = page.front_matter.get(key)
        if isinstance(value, str) and 2 <= len(value.strip()) <= 12:
            return language.base(value)
    if page.variant.startswith("i18n:"):
        return language.base(page.variant[5:])
    return guessed or site_language


def all_cached(sources: Sequence[tuple[str, Path, str, str]], cache: cachemod.Cache) -> bool:
    """Whether the cache holds every one of these pages as they are."""
    keys = [key(rel, variant, text) for rel, _, variant, text in sources]
    ns = cache.namespace(NAMESPACE, f"{VERSION}-{parse.PARSER_VERSION}")
    return len(ns.get_many(keys)) == len(set(keys))


def to_data(page: Page) -> dict[str, Any]:
    return {
        "fm": _tagged(page.front_matter), "title": page.title,
        "sections": [[s.title, s.level, s.line, s.end_line, s.parent] for s in page.sections],
        "blocks": [[b.kind, b.text, b.line, b.end_line, b.section, b.lang, list(b.inline_code)] for b in page.blocks],
        "links": [[k.target, k.text, k.line, k.image] for k in page.links],
        "code": [[c.text, c.line] for c in page.inline_code],
        "words": page.words, "hash": page.content_hash, "lines": page.line_count,
        "problems": [list(p) for p in page.problems],
        "type": [page.page_type, page.type_reason], "guess": page.language,
    }


def from_data(data: Any, rel: str, abspath: Path, variant: str, text: str) -> Page | None:
    """The Page stored as data, or None when the stored value is not one (it is then parsed again)."""
    try:
        return Page(
            path=rel, abspath=abspath, source=text, front_matter=_untagged(data["fm"]), title=str(data["title"]),
            sections=tuple(Section(str(t), int(lv), int(ln), int(e), int(p)) for t, lv, ln, e, p in data["sections"]),
            blocks=tuple(Block(str(k), str(t), int(ln), int(e), int(s), str(lang), tuple(codes))
                         for k, t, ln, e, s, lang, codes in data["blocks"]),
            links=tuple(Link(str(t), str(x), int(ln), bool(i)) for t, x, ln, i in data["links"]),
            inline_code=tuple(InlineCode(str(t), int(ln)) for t, ln in data["code"]),
            words=int(data["words"]), content_hash=str(data["hash"]), line_count=int(data["lines"]),
            problems=tuple((int(ln), str(m)) for ln, m in data["problems"]), variant=variant,
            page_type=str(data["type"][0]), type_reason=str(data["type"][1]), language=str(data["guess"]),
        )
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


def _tagged(value: Any) -> Any:
    """Front matter as JSON: dates and times tagged, keys as text, anything else JSON lacks as text."""
    if isinstance(value, dt.datetime):
        return {"$datetime": value.isoformat()}
    if isinstance(value, dt.date):
        return {"$date": value.isoformat()}
    if isinstance(value, dict):
        return {str(k): _tagged(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_tagged(v) for v in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)


def _untagged(value: Any) -> Any:
    if isinstance(value, dict):
        if len(value) == 1 and "$date" in value:
            return dt.date.fromisoformat(value["$date"])
        if len(value) == 1 and "$datetime" in value:
            return dt.datetime.fromisoformat(value["$datetime"])
        return {k: _untagged(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_untagged(v) for v in value]
    return value
