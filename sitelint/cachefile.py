"""The cache's sqlite file: where it may live, recognising sitelint's own file by its mark, creating it, and moving a
damaged one aside. The values in it are cache.py's business."""

from __future__ import annotations

import contextlib
import glob
import hashlib
import os
import sqlite3
import time
from collections.abc import Callable, Iterable
from pathlib import Path

SCHEMA = "2"  # bump when the table layout changes: older files are then rebuilt
FORMAT = "sitelint-cache"
APPLICATION_ID = 0x53544C31  # "STL1" in the database header: the mark of a file sitelint made
_SQLITE_MAGIC = b"SQLite format 3\x00"
DEFAULT_PATH = Path(".sitelint") / "cache.sqlite"
BUSY_TIMEOUT_MS = 30_000


class CacheUnusable(Exception):
    """The database file cannot serve as this program's cache (corrupt or another program's file)."""


class CacheRefused(Exception):
    """A cache location sitelint will not write: outside the project, inside the docs, or a file not its own."""


class transaction:
    """BEGIN IMMEDIATE ... COMMIT on an autocommit connection: takes the write lock up front, waiting if busy."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    def __enter__(self) -> None:
        self._conn.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, exc: object, tb: object) -> None:
        self._conn.execute("COMMIT" if kind is None else "ROLLBACK")


def configured_path(configured: str, project_root: Path, docs_roots: Iterable[Path]) -> Path:
    """The `cache` setting as a path, refused when it leaves the project or lies in the docs (the walk would meet
    it there, and a page could be replaced by a database)."""
    given = Path(configured).expanduser()
    path = Path(os.path.realpath(given if given.is_absolute() else project_root / given))
    project = Path(os.path.realpath(project_root))
    if not path.is_relative_to(project):
        raise CacheRefused(f"the `cache` setting names {configured}, outside the project ({project_root}); name a "
                           "file inside the project, or pass --cache PATH on the command line for another place")
    if path.is_relative_to(project / ".sitelint"):
        return path
    for root in docs_roots:
        if path.is_relative_to(os.path.realpath(root)):
            raise CacheRefused(f"the `cache` setting names {configured}, inside the docs ({root}); name a file "
                               "outside the docs roots (the default is .sitelint/cache.sqlite)")
    return path


def in_own_folder(path: Path) -> bool:
    """Whether the file lies in a `.sitelint` folder: there every file is sitelint's, so one it does not recognise is
    a damaged cache, moved aside; elsewhere it is a file of the user's, and refused."""
    return path.parent.name == ".sitelint"


def user_cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or ""
    return (Path(base) if base else Path.home() / ".cache") / "sitelint"


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def read_only(folder: Path) -> bool:
    """A folder whose nearest existing ancestor has no write bit at all is a read-only checkout, even for root
    (who may write anyway): sitelint must not leave files there."""
    for existing in (folder, *folder.parents):
        if existing.exists():
            return not existing.stat().st_mode & 0o222
    return False


def prepare_dir(folder: Path) -> str | None:
    """Create the cache folder; a new `.sitelint` folder gets a .gitignore so it never shows in git status."""
    if read_only(folder):
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


def memory() -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    check_and_create(conn)
    return conn


def connect(path: Path, note: Callable[[str], None], damaged: CacheUnusable | None = None, *,
             own_folder: bool = True) -> sqlite3.Connection:
    """Open the cache file, moving it aside first when it is damaged or not ours (in sitelint's own folder only:
    anywhere else a file that is not a sitelint cache is refused)."""
    if damaged is None:
        if not own_folder and not marked(path):
            raise CacheRefused(f"{path} is not a sitelint cache; sitelint writes only files it made: delete it, or "
                               "name a new file for the cache")
        try:
            return open_checked(path)
        except CacheUnusable as exc:
            damaged = exc
    aside = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%d%H%M%S')}-{os.getpid()}")
    for older in path.parent.glob(f"{glob.escape(path.name)}.corrupt-*"):  # the last damaged file is enough to keep
        with contextlib.suppress(OSError):
            older.unlink()
    with contextlib.suppress(FileNotFoundError):  # another run moved it first
        os.replace(path, aside)
    for suffix in ("-wal", "-shm"):
        with contextlib.suppress(OSError):
            os.remove(f"{path}{suffix}")
    note(f"cache {path}: {damaged}; moved it to {aside.name} and started a new cache")
    return open_checked(path)


def marked(path: Path) -> bool:
    """Whether the file is absent or empty (sitelint may create it) or is a database carrying sitelint's mark."""
    try:
        with path.open("rb") as fh:
            header = fh.read(100)
    except FileNotFoundError:
        return True
    except OSError:
        return True  # unreadable: opening it fails next, and the run falls back to another location
    if not header:
        return True
    if len(header) < 100 or not header.startswith(_SQLITE_MAGIC):
        return False
    mark = int.from_bytes(header[68:72], "big")
    return mark == APPLICATION_ID or (mark == 0 and _older_sitelint_cache(path))


def _older_sitelint_cache(path: Path) -> bool:
    """A cache written before files were marked: its meta table names the format (read only, nothing changed)."""
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            row = conn.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
        finally:
            conn.close()
    except sqlite3.Error:
        return False
    return row is not None and row[0] == FORMAT


def open_checked(path: Path) -> sqlite3.Connection:
    if path.exists() and not os.access(path, os.W_OK):
        raise OSError("file is not writable")
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False)
    try:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        _set_up(conn)
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


def _set_up(conn: sqlite3.Connection) -> None:
    """WAL journal, then our tables."""

    def step() -> None:
        if conn.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
            conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")
        check_and_create(conn)

    when_unlocked(conn, step)


def when_unlocked(conn: sqlite3.Connection, step: Callable[[], None]) -> None:
    """Run the set-up of a file several runs share, again while SQLite says "locked" without waiting: it does not
    wait, whatever the busy timeout, when waiting could deadlock, as when runs opening a new file at once all switch
    it to WAL. A transaction the step left open is rolled back first; past the busy timeout the error stands."""
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            step()
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            time.sleep(0.05)


def check_and_create(conn: sqlite3.Connection) -> None:
    """Recognise our own file (and its format version) and create the tables, all under one write lock."""
    with transaction(conn):
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
        if conn.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
