"""The run cache: one sqlite database of values keyed by (namespace, content-hash key).

Everything expensive (parsed pages, measurements, shingles, embeddings, git dates) is stored here so an unchanged
site recomputes nothing. Callers reach it through a Namespace, which carries an explicit version (bumped when the
shape of its values changes) and stores values as data only: JSON, or numpy arrays as raw bytes behind a JSON
header. Nothing read from the file is ever unpickled or evaluated, so a cache file from elsewhere cannot run code.
The file is sitelint's own: created by it and marked (sqlite's application id), it lives in the project's
`.sitelint/` folder unless the `cache` setting names another place inside the project and outside the docs roots,
or the command line names one anywhere. A file there that is not a sitelint cache is refused (CacheRefused), never
replaced. Otherwise the cache is an optimisation and never the reason a run fails: a damaged cache is moved aside
(the last one kept) and rebuilt, an unwritable location falls back to the user cache directory, then to memory,
each time with a note.
Several runs may share the file at once: WAL journal, a busy timeout, and schema creation in one IMMEDIATE transaction.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sitelint.cachefile import (
    DEFAULT_PATH,
    SCHEMA,
    CacheRefused,
    CacheUnusable,
    configured_path,
    connect,
    digest,
    in_own_folder,
    memory,
    prepare_dir,
    transaction,
    user_cache_dir,
)

__all__ = ["DEFAULT_PATH", "SCHEMA", "Cache", "CacheRefused", "CacheUnusable", "open_cache"]

if TYPE_CHECKING:
    from sitelint.cachevalues import Namespace

_CHUNK = 500  # keys per IN (...) query, far below sqlite's variable limit on every build


class Cache:
    """A namespaced key/value store on one sqlite connection; every failure degrades to a miss, never an error."""

    def __init__(self, conn: sqlite3.Connection, path: Path | None, note: Callable[[str], None]) -> None:
        self._conn = conn
        self.path = path  # None for the in-memory fallback
        self._note = note
        self._lock = threading.Lock()
        self._failed = False

    def get(self, ns: str, key: str) -> bytes | None:
        return self.get_many(ns, [key]).get(key)

    def get_many(self, ns: str, keys: Iterable[str]) -> dict[str, bytes]:
        wanted = list(dict.fromkeys(keys))
        found: dict[str, bytes] = {}
        with self._lock:
            try:
                for start in range(0, len(wanted), _CHUNK):
                    chunk = wanted[start : start + _CHUNK]
                    marks = ",".join("?" * len(chunk))
                    rows = self._conn.execute(
                        f"SELECT key, value FROM entries WHERE ns = ? AND key IN ({marks})", (ns, *chunk)
                    )
                    found.update((k, bytes(v)) for k, v in rows)
            except sqlite3.Error as exc:
                self._trouble("read", exc)
        return found

    def put(self, ns: str, key: str, value: bytes) -> None:
        self.put_many(ns, {key: value})

    def put_many(self, ns: str, items: Mapping[str, bytes]) -> None:
        if not items:
            return
        with self._lock:
            try:
                with transaction(self._conn):
                    self._conn.executemany(
                        "INSERT OR REPLACE INTO entries (ns, key, value) VALUES (?, ?, ?)",
                        [(ns, k, v) for k, v in items.items()],
                    )
            except sqlite3.Error as exc:
                self._trouble("write", exc)

    def namespace(self, name: str, version: int | str) -> Namespace:
        from sitelint.cachevalues import Namespace

        """The values of one kind; a new version leaves the rows of older ones unread."""
        return Namespace(self, f"{name}.v{version}")

    def info(self) -> dict[str, Any]:
        """Where the cache lives, how big it is and how many rows each namespace holds."""
        rows: dict[str, int] = {}
        with self._lock:
            try:
                rows = dict(self._conn.execute("SELECT ns, COUNT(*) FROM entries GROUP BY ns ORDER BY ns").fetchall())
            except sqlite3.Error as exc:
                self._trouble("read", exc)
        size = 0
        if self.path is not None:
            for suffix in ("", "-wal"):
                with contextlib.suppress(OSError):
                    size += os.stat(f"{self.path}{suffix}").st_size
        return {"path": str(self.path) if self.path else ":memory:", "size": size, "schema": SCHEMA, "rows": rows}

    def clear(self) -> None:
        """Delete every entry; the file stays, so a run using it at the same time keeps a valid database."""
        with self._lock:
            try:
                with transaction(self._conn):
                    self._conn.execute("DELETE FROM entries")
                self._conn.execute("VACUUM")
            except sqlite3.Error as exc:
                self._trouble("clear", exc)

    def close(self) -> None:
        with self._lock, contextlib.suppress(sqlite3.Error):
            self._conn.close()

    def _trouble(self, action: str, exc: sqlite3.Error) -> None:
        if (
            isinstance(exc, sqlite3.DatabaseError)
            and not isinstance(exc, sqlite3.OperationalError)
            and self.path is not None
        ):
            # Damage found only now (the header was fine): start a fresh file rather than fail every lookup.
            try:
                self._conn.close()
                self._conn = connect(self.path, self._note, CacheUnusable(f"damaged database ({exc})"))
                return
            except (sqlite3.Error, OSError):
                self._conn = memory()
        if not self._failed:  # one note per run is enough: the run goes on, only slower
            self._failed = True
            self._note(f"cache {self.path or 'in memory'}: could not {action} ({exc}); continuing without it")


def open_cache(settings: Mapping[str, Any], project_root: Path, note: Callable[[str], None], *,
               docs_roots: Iterable[Path] = (), explicit: Path | None = None) -> Cache:
    """Open (creating or repairing as needed) the cache the settings ask for; falls back rather than fails.

    `explicit` is a path the user named on the command line: it may be anywhere. The `cache` setting may only name a
    file inside the project and outside its docs roots. CacheRefused when the location breaks that, or holds a file
    that is not a sitelint cache.
    """
    configured = str(settings.get("cache") or "")
    if explicit is not None:
        primary = explicit
    elif configured:
        primary = configured_path(configured, project_root, docs_roots)
    else:
        primary = project_root / DEFAULT_PATH
    fallback = user_cache_dir() / f"{project_root.name or 'root'}-{digest(str(project_root))}.sqlite"
    problems: list[str] = []
    for path in (primary, fallback):
        problem = prepare_dir(path.parent)
        if problem is None:
            try:
                cache = Cache(connect(path, note, own_folder=path != primary or in_own_folder(path)), path, note)
            except (sqlite3.Error, OSError, CacheUnusable) as exc:
                problem = str(exc)
            else:
                if path != primary:
                    note(f"cache: cannot use {primary} ({problems[0]}); using {path} instead")
                return cache
        problems.append(problem)
    note(
        f"cache: cannot use {primary} ({problems[0]}) nor {fallback} ({problems[1]}); "
        "results are kept in memory for this run only"
    )
    return Cache(memory(), None, note)
