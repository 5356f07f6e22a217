"""Measurements of pure page checks, reused by content hash: a page that did not change is not measured again.

A check is pure (CheckSpec.pure) when what it measures depends only on the page and its params: no other page, no
git, no date, no service. Its measurements are then keyed by the check's name, the source of the module defining
it, its params and the page (path, variant, text, parser version). Readability alone loads a 130,000-word
pronouncing dictionary (about 1 s) the first time it runs; with this cache, runs that did not touch a page's prose
never pay for it.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import pickle
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from sitelint import __version__, parse
from sitelint.model import CheckSpec, Measurement, Page

NS = f"measure-{__version__}-{parse.PARSER_VERSION}"


class Store(Protocol):
    def get_many(self, ns: str, keys: Sequence[str]) -> Mapping[str, bytes]: ...

    def put_many(self, ns: str, items: Mapping[str, bytes]) -> None: ...


class MeasureCache:
    """The stored measurements of one pure check with one set of params."""

    def __init__(self, store: Store, spec: CheckSpec, params: Mapping[str, Any]) -> None:
        self._store = store
        self._prefix = f"{spec.name}\0{_code_version(spec)}\0{json.dumps(params, sort_keys=True, default=repr)}"

    def key(self, page: Page) -> str:
        return hashlib.sha256(f"{self._prefix}\0{page.path}\0{page.variant}\0{page.content_hash}".encode(
            "utf-8", "surrogatepass")).hexdigest()

    def get(self, pages: Sequence[Page]) -> dict[str, list[Measurement]]:
        """Stored measurements by page path, for the pages that have them."""
        keys = {self.key(page): page.path for page in pages}
        out: dict[str, list[Measurement]] = {}
        for key, blob in self._store.get_many(NS, list(keys)).items():
            try:
                found = pickle.loads(blob)
            except Exception:  # noqa: BLE001 - a damaged row is measured again
                continue
            if isinstance(found, list) and all(isinstance(m, Measurement) for m in found):
                out[keys[key]] = found
        return out

    def put(self, measured: Mapping[str, tuple[Page, list[Measurement]]]) -> None:
        self._store.put_many(NS, {self.key(page): pickle.dumps(found, protocol=pickle.HIGHEST_PROTOCOL)
                                  for page, found in measured.values()})


def _code_version(spec: CheckSpec) -> str:
    """A digest of the source of the module that defines the check: editing a check invalidates what it measured."""
    try:
        text = inspect.getsource(inspect.getmodule(spec.fn) or spec.fn)
    except (OSError, TypeError):
        text = f"{getattr(spec.fn, '__module__', '')}.{getattr(spec.fn, '__qualname__', '')}"
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]
