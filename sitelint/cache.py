"""The run cache: one sqlite database of values keyed by (namespace, content-hash key).

Everything expensive (parsed pages, measurements, shingles, embeddings, git dates) is stored here so an unchanged
site recomputes nothing. Callers reach it through a Namespace, which carries an explicit version (bumped when the
shape of its values changes) and stores values as data only: JSON, or numpy arrays as raw bytes behind a JSON
header. Nothing read from the file is ever unpickled or evaluated, so a cache file from elsewhere cannot run code.
The cache is an optimisation and never the reason a run fails: a corrupt or foreign file is moved aside and
rebuilt, an unwritable location falls back to the user cache directory, then to memory, each time with a note.
Several runs may share the file at once: WAL journal, a busy timeout, and schema creation in one IMMEDIATE transaction.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sitelint.cachevalues import Namespace

SCHEMA = "2"  # bump when the table layout changes: older files are then rebuilt
FORMAT = "sitelint-cache"
DEFAULT_PATH = Path(".sitelint") / "cache.sqlite"
BUSY_TIMEOUT_MS = 30_000
_CHUNK = 500  # keys per IN (...) query, far below sqlite's variable limit on every build


class CacheUnusable(Exception):
    """The database file cannot serve as this program's cache (corrupt or another program's file)."""


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
                with _transaction(self._conn):
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
                with _transaction(self._conn):
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
                self._conn = _connect(self.path, self._note, CacheUnusable(f"damaged database ({exc})"))
                return
            except (sqlite3.Error, OSError):
                self._conn = _memory()
        if not self._failed:  # one note per run is enough: the run goes on, only slower
            self._failed = True
            self._note(f"cache {self.path or 'in memory'}: could not {action} ({exc}); continuing without it")


class _transaction:
    """BEGIN IMMEDIATE ... COMMIT on an autocommit connection: takes the write lock up front, waiting if busy."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    def __enter__(self) -> None:
        self._conn.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, exc: object, tb: object) -> None:
        self._conn.execute("COMMIT" if kind is None else "ROLLBACK")


def open_cache(settings: Mapping[str, Any], project_root: Path, note: Callable[[str], None]) -> Cache:
    """Open (creating or repairing as needed) the cache the settings ask for; falls back rather than fails."""
    configured = str(settings.get("cache") or "")
    primary = Path(configured).expanduser() if configured else DEFAULT_PATH
    if not primary.is_absolute():
        primary = project_root / primary
    fallback = _user_cache_dir() / f"{project_root.name or 'root'}-{_digest(str(project_root))}.sqlite"
    problems: list[str] = []
    for path in (primary, fallback):
        problem = _prepare_dir(path.parent)
        if problem is None:
            try:
                cache = Cache(_connect(path, note), path, note)
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
    return Cache(_memory(), None, note)


def _user_cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or ""
    return (Path(base) if base else Path.home() / ".cache") / "sitelint"


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def _read_only(folder: Path) -> bool:
    """A folder whose nearest existing ancestor has no write bit at all is a read-only checkout, even for root
    (who may write anyway): sitelint must not leave files there."""
    for existing in (folder, *folder.parents):
        if existing.exists():
            return not existing.stat().st_mode & 0o222
    return False


def _prepare_dir(folder: Path) -> str | None:
    """Create the cache folder; a new `.sitelint` folder gets a .gitignore so it never shows in git status."""
    if _read_only(folder):
        return "read-only folder"
    try:
        created = not folder.exists()
        folder.mkdir(parents=True, exist_ok=True)
        if created and folder.name == ".sitelint":
            (folder / ".gitignore").write_text("*\n", encoding="utf-8")
    except OSError as exc:
        return exc.strerror or str(exc)
    if not os.access(folder, os.W_OK | os.X_OK):
        return "folder is not writable"
    return None


def _memory() -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    _check_and_create(conn)
    return conn


def _connect(path: Path, note: Callable[[str], None], damaged: CacheUnusable | None = None) -> sqlite3.Connection:
    """Open the cache file, moving it aside first when it is damaged or not ours."""
    if damaged is None:
        try:
            return _open_checked(path)
        except CacheUnusable as exc:
            damaged = exc
    aside = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d%H%M%S')}-{os.getpid()}")
    with contextlib.suppress(FileNotFoundError):  # another run moved it first
        os.replace(path, aside)
    for suffix in ("-wal", "-shm"):
        with contextlib.suppress(OSError):
            os.remove(f"{path}{suffix}")
    note(f"cache {path}: {damaged}; moved it to {aside.name} and started a new cache")
    return _open_checked(path)


def _open_checked(path: Path) -> sqlite3.Connection:
    if path.exists() and not os.access(path, os.W_OK):
        raise OSError("file is not writable")
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False)
    try:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        if conn.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
            conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")
        _check_and_create(conn)
    except sqlite3.OperationalError:
        conn.close()
        raise  # locked, read-only, disk full: the caller falls back to another location
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise CacheUnusable(f"not a usable database ({exc})") from None
    except CacheUnusable:
        conn.close()
        raise
    return conn


def _check_and_create(conn: sqlite3.Connection) -> None:
    """Recognise our own file (and its format version) and create the tables, all under one write lock."""
    with _transaction(conn):
        tables = {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if tables - {"meta", "entries"} or (tables and "meta" not in tables):
            raise CacheUnusable("a database of another program, not a sitelint cache")
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall()) if "meta" in tables else {}
        if meta and meta.get("format") != FORMAT:
            raise CacheUnusable("a database of another program, not a sitelint cache")
        if meta.get("schema") not in (None, SCHEMA):
            # An older or newer layout: its values cannot be read, so start over in the same file.
            conn.execute("DROP TABLE IF EXISTS entries")
            conn.execute("DELETE FROM meta")
        conn.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        conn.execute(
            "CREATE TABLE IF NOT EXISTS entries (ns TEXT NOT NULL, key TEXT NOT NULL, value BLOB NOT NULL,"
            " PRIMARY KEY (ns, key)) WITHOUT ROWID"
        )
        conn.executemany(
            "INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)", (("format", FORMAT), ("schema", SCHEMA))
        )
