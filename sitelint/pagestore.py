"""The parse cache: pages by content hash, loaded lazily when cached, parsed in worker processes when many are new.

A warm pre-commit run reports on one page but reads the whole site as its corpus; reading and unpickling 2,000 full
pages (their blocks and inline code are most of their bytes and objects) cost more than everything else in that run.
So a cached page is stored in two rows: its light fields (path, title, links, words, hashes, problems), read and
unpickled for every page at once, and its lazy groups (sections; blocks and inline code), read the first time
something opens one of them and unpickled group by group. The source is not stored: the run has just read it to
compute the key. Site-level checks that look only at links and metadata leave most pages light.
A cold cache with hundreds of new pages is parsed by one worker process per core.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from functools import partial
from pathlib import Path
from typing import Any, Protocol

from sitelint import __version__, parse
from sitelint.model import Page

# Unpickled on first use, each group on its own: sections are a third of what the light part would cost, blocks and
# inline code most of a page's objects.
_LAZY_GROUPS = (("sections",), ("blocks", "inline_code"))
_LAZY = {name: n for n, group in enumerate(_LAZY_GROUPS) for name in group}
_GIVEN = ("source", "abspath")  # known to the run before the cache is read, so never stored
_LIGHT = tuple(f.name for f in fields(Page) if f.name not in _LAZY and f.name not in _GIVEN)
_LAYOUT = hashlib.sha256(f"{[f.name for f in fields(Page)]}{_LAZY_GROUPS}:split".encode()).hexdigest()[:8]
NS = f"page-{__version__}-{parse.PARSER_VERSION}-{_LAYOUT}"
HEAVY_NS = f"{NS}-parts"  # the lazy groups, a row of their own: a run reads them only for the pages it opens
PARALLEL_MIN = 200  # new pages below which worker processes cost more than they save
_LOADING = threading.Lock()


class Store(Protocol):
    def get_many(self, ns: str, keys: Sequence[str]) -> Mapping[str, bytes]: ...

    def put_many(self, ns: str, items: Mapping[str, bytes]) -> None: ...


class CachedPage(Page):
    """A Page from the cache whose blocks and inline code are unpickled on first access; equal to the Page it was."""

    def __getattr__(self, name: str) -> Any:
        # Python calls this only for attributes missing from __dict__: the lazy fields before their first use.
        group = _LAZY.get(name)
        if group is None or "_lazy" not in self.__dict__:
            raise AttributeError(name)
        with _LOADING:  # a check on a worker thread may open the same page
            if name in self.__dict__:
                return self.__dict__[name]
            if self.__dict__["_lazy"] is None:
                self.__dict__["_lazy"] = self.__dict__.pop("_fetch")()
            blobs = self.__dict__["_lazy"]
            names = _LAZY_GROUPS[group]
            try:
                values = pickle.loads(blobs[group])
                if len(values) != len(names):
                    raise ValueError(f"{len(values)} values for {names}")
            except Exception:  # noqa: BLE001 - a damaged or missing row: the source is at hand, parse it again
                again = parse.parse_page(self.path, self.abspath, self.source, variant=self.variant)
                values = tuple(getattr(again, n) for n in names)
            self.__dict__.update(zip(names, values, strict=True))
            blobs[group] = None
            return self.__dict__[name]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Page):
            return NotImplemented
        return all(getattr(self, f.name) == getattr(other, f.name) for f in fields(Page))

    __hash__ = Page.__hash__

    def __reduce__(self) -> tuple[Any, ...]:
        return Page, tuple(getattr(self, f.name) for f in fields(Page))


def page_key(rel: str, variant: str, text: str) -> str:
    return hashlib.sha256(f"{rel}\0{variant}\0{text}".encode("utf-8", "surrogatepass")).hexdigest()


def load_pages(sources: Sequence[tuple[str, Path, str, str]], cache_getter: Callable[[], Store | None]) -> list[Page]:
    """A Page for each (rel path, absolute path, variant, text): from the cache when unchanged, else parsed.

    A cached page is read in two rows: its light fields for every page at once, its lazy groups (most of its bytes)
    when something first reads them, which for most pages of a run on a few pages is never.
    """
    keys = [page_key(rel, variant, text) for rel, _, variant, text in sources]
    cache = cache_getter() if sources else None
    cached = cache.get_many(NS, keys) if cache is not None else {}
    pages: list[Page | None] = [_restore(cached.get(key), src, _parts(cache, key), key)
                                for key, src in zip(keys, sources, strict=True)]
    todo = [n for n, page in enumerate(pages) if page is None]
    fresh: dict[str, tuple[bytes, bytes]] = {}
    for n, blobs in zip(todo, _parse_many([sources[n] for n in todo]), strict=True):
        fresh[keys[n]] = blobs
        pages[n] = _restore(blobs[0], sources[n], partial(_groups, blobs[1]), keys[n])
    if fresh and cache is not None:
        cache.put_many(NS, {key: light for key, (light, _) in fresh.items()})
        cache.put_many(HEAVY_NS, {key: parts for key, (_, parts) in fresh.items()})
    return [p for p in pages if p is not None]


def open_parts(pages: Sequence[Page], cache: Store | None) -> None:
    """Read the lazy parts of these cached pages in one query, for a run that is about to open all of them."""
    light = [p for p in pages if isinstance(p, CachedPage) and p.__dict__.get("_lazy", ()) is None]
    if cache is None or len(light) < 2:
        return
    rows = cache.get_many(HEAVY_NS, [p.__dict__["_key"] for p in light])
    with _LOADING:
        for page in light:
            if page.__dict__.get("_lazy", ()) is None:
                page.__dict__["_lazy"] = _groups(rows.get(page.__dict__["_key"]))
                page.__dict__.pop("_fetch", None)


def _parts(cache: Store | None, key: str) -> Callable[[], list[bytes | None]]:
    def fetch() -> list[bytes | None]:
        blob = cache.get_many(HEAVY_NS, [key]).get(key) if cache is not None else None
        return _groups(blob)

    return fetch


def _groups(blob: bytes | None) -> list[bytes | None]:
    """The pickled lazy groups of a page; a missing or damaged row gives b"" for each, which is parsed again."""
    try:
        groups = pickle.loads(blob) if blob is not None else None
        if isinstance(groups, tuple) and len(groups) == len(_LAZY_GROUPS) and all(isinstance(b, bytes) for b in groups):
            return list(groups)
    except Exception:  # noqa: BLE001 - parsed again on use
        pass
    return [b""] * len(_LAZY_GROUPS)


def _restore(blob: bytes | None, source: tuple[str, Path, str, str], fetch: Callable[[], list[bytes | None]],
             key: str) -> Page | None:
    if blob is None:
        return None
    try:
        light = pickle.loads(blob)
        if not isinstance(light, tuple) or len(light) != len(_LIGHT):
            return None
    except Exception:  # noqa: BLE001 - a row another version wrote, or damage: parse again
        return None
    page = object.__new__(CachedPage)
    page.__dict__.update(zip(_LIGHT, light, strict=True), source=source[3], abspath=source[1], _lazy=None,
                         _fetch=fetch, _key=key)
    return page


def _encode(page: Page) -> tuple[bytes, bytes]:
    """The two rows of a page: its light fields, and its lazy groups each pickled on its own."""
    lazy = tuple(pickle.dumps(tuple(getattr(page, n) for n in group), protocol=pickle.HIGHEST_PROTOCOL)
                 for group in _LAZY_GROUPS)
    return (pickle.dumps(tuple(getattr(page, name) for name in _LIGHT), protocol=pickle.HIGHEST_PROTOCOL),
            pickle.dumps(lazy, protocol=pickle.HIGHEST_PROTOCOL))


def _parse_one(source: tuple[str, Path, str, str]) -> tuple[bytes, bytes]:
    rel, abspath, variant, text = source
    return _encode(parse.parse_page(rel, abspath, text, variant=variant))


def _parse_many(sources: list[tuple[str, Path, str, str]]) -> list[tuple[bytes, bytes]]:
    workers = min(_cores(), len(sources) // (PARALLEL_MIN // 2))
    if workers > 1 and len(sources) >= PARALLEL_MIN:
        from concurrent.futures import ProcessPoolExecutor  # 13 ms to import: only when there is much to parse

        try:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                return list(pool.map(_parse_one, sources, chunksize=16))
        except (OSError, RuntimeError, pickle.PicklingError):  # no processes here (sandbox, frozen app): serially
            pass
    return [_parse_one(source) for source in sources]


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1
