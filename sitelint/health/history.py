"""Recorded history (`--record`): per run, per rule counts and per page measurements, numbers and digests only,
never a page's text, in a small sqlite file beside the cache; each rule's trend, and the `fitted` state, read back.

Several runs may record at once (two CI jobs, an editor and a hook): every write is one BEGIN IMMEDIATE transaction
on a WAL database with a busy timeout, so a second writer waits for the first instead of failing or interleaving.

`fitted`: over the recorded runs a rule's fire rate fell, yet the pages that stopped firing did not improve by the
independent measure its `fix-measure` pairs it with (distinct content words for a word floor or a placeholder, any
change to the prose for a review date): the pages learned to pass the rule, not what it stands for.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import sqlite3
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from sitelint import text
from sitelint.cachefile import when_unlocked
from sitelint.health.redundancy import fired_pages

APPLICATION_ID = 0x53544C48  # "STLH": the mark of a history file sitelint made
KEEP = 200  # runs kept; older ones are dropped as new ones come
WINDOW = 10  # runs a trend and the fitted state look back over
MIN_FIXED = 2  # pages that must have stopped firing before a rule can be called fitted
GAIN = 0.2  # share of distinct content words a page must gain to count as improved
BUSY_MS = 30_000
_TABLES = """
CREATE TABLE IF NOT EXISTS runs (id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, day TEXT NOT NULL,
                                 pages INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS rules (run INTEGER NOT NULL, rule TEXT NOT NULL, state TEXT NOT NULL,
                                  judged INTEGER NOT NULL, fired INTEGER NOT NULL, PRIMARY KEY (run, rule));
CREATE TABLE IF NOT EXISTS pages (run INTEGER NOT NULL, path TEXT NOT NULL, words INTEGER NOT NULL,
                                  content_words INTEGER NOT NULL, digest TEXT NOT NULL, PRIMARY KEY (run, path));
CREATE TABLE IF NOT EXISTS measures (run INTEGER NOT NULL, rule TEXT NOT NULL, path TEXT NOT NULL, value REAL,
                                     fired INTEGER NOT NULL, PRIMARY KEY (run, rule, path));
"""
INDEPENDENT = {"added-information": "content_words", "section-content": "content_words",
               "content-changed": "digest"}


class HistoryError(Exception):
    """The history file cannot be used (not sitelint's, damaged); the message names it."""


def path_for(cache_file: Path) -> Path:
    """The history file beside a cache file: .sitelint/cache.sqlite keeps .sitelint/cache.history.sqlite."""
    return cache_file.with_name(f"{cache_file.stem}.history.sqlite")


def _connect(path: Path, create: bool) -> sqlite3.Connection:
    if not create and not path.is_file():
        raise HistoryError(f"{path}: no history recorded yet; run `sitelint check --record` first")
    try:
        conn = sqlite3.connect(path, timeout=BUSY_MS / 1000, isolation_level=None)
        conn.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
        when_unlocked(conn, lambda: _check_and_create(conn, path))
    except sqlite3.DatabaseError as exc:
        raise HistoryError(f"{path}: cannot be used as sitelint's history ({exc})") from None
    return conn


def _check_and_create(conn: sqlite3.Connection, path: Path) -> None:
    """Refuse a file that is not sitelint's history; make the tables of a new one."""
    conn.execute("BEGIN")  # both read from one snapshot: another run may commit the new file between two reads
    tables = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]  # starts the read snapshot
    mark = conn.execute("PRAGMA application_id").fetchone()[0]
    conn.execute("COMMIT")
    if mark != APPLICATION_ID and tables:
        conn.close()
        raise HistoryError(f"{path}: is not a sitelint history file; move it away or name another --cache")
    if tables:
        return
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("BEGIN IMMEDIATE")  # another run may be creating it too: the second finds it made
    if not conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
        for statement in _TABLES.split(";"):
            if statement.strip():
                conn.execute(statement)
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute("COMMIT")


def record(path: Path, result: Any, stop: frozenset[str], now: dt.datetime | None = None) -> int:
    """Record one whole-site run (a LintResult); the run's id."""
    fired = fired_pages(result.findings)
    reported = {p.path for p in result.pages}
    pages = []
    for page in result.site.pages:
        if page.path in reported:
            prose = " ".join(b.text for b in page.prose_blocks)
            digest = hashlib.sha256(" ".join(text.terms(prose)).encode()).hexdigest()[:16]
            pages.append((page.path, page.words, len(set(text.content_words(prose, stop))), digest))
    at = (now or dt.datetime.now(dt.timezone.utc)).isoformat(timespec="seconds")
    day = result.today.isoformat() if getattr(result, "today", None) else at[:10]  # the day it judged ages from
    conn = _connect(path, create=True)
    try:
        conn.execute("BEGIN IMMEDIATE")
        run = conn.execute("INSERT INTO runs (at, day, pages) VALUES (?, ?, ?)", (at, day, len(reported))).lastrowid
        conn.executemany("INSERT INTO rules VALUES (?, ?, ?, ?, ?)",
                         [(run, s["rule"], s["state"], s["judged"], s["pages"]) for s in result.summary["rules"]])
        conn.executemany("INSERT INTO pages VALUES (?, ?, ?, ?, ?)", [(run, *row) for row in pages])
        rows = [(run, code, p, result.values.get(code, {}).get(p), int(p in fired.get(code, ())))
                for code, judged in result.judged.items() for p in sorted(judged)]
        conn.executemany("INSERT INTO measures VALUES (?, ?, ?, ?, ?)", rows)
        old = conn.execute("SELECT id FROM runs ORDER BY id DESC LIMIT -1 OFFSET ?", (KEEP,)).fetchall()
        for table, key in (("rules", "run"), ("pages", "run"), ("measures", "run"), ("runs", "id")):
            conn.executemany(f"DELETE FROM {table} WHERE {key} = ?", old)  # noqa: S608 - names from this module
        conn.execute("COMMIT")
    except sqlite3.DatabaseError as exc:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise HistoryError(f"{path}: the run could not be recorded ({exc})") from None
    finally:
        conn.close()
    assert run is not None
    return run


def trends(path: Path, window: int = WINDOW) -> dict[str, list[dict[str, Any]]]:
    """Per rule, its last `window` recorded runs, oldest first: when it ran (`at`), the day it judged ages from
    (`day`), state, pages fired and judged."""
    conn = _connect(path, create=False)
    try:
        runs = conn.execute("SELECT id, at, day FROM runs ORDER BY id DESC LIMIT ?", (window,)).fetchall()[::-1]
        out: dict[str, list[dict[str, Any]]] = {}
        for run, at, day in runs:
            for rule, state, judged, fired in conn.execute(
                    "SELECT rule, state, judged, fired FROM rules WHERE run = ? ORDER BY rule", (run,)):
                out.setdefault(rule, []).append({"run": run, "at": at, "day": day, "state": state,
                                                 "judged": judged, "fired": fired})
        return out
    finally:
        conn.close()


def fitted(path: Path, measures: Mapping[str, str], window: int = WINDOW) -> dict[str, str]:
    """Rules whose fire rate fell over the window while the pages that stopped firing did not improve by their
    independent measure; `measures` maps a rule to its fix-measure's name. {code: why}."""
    conn = _connect(path, create=False)
    try:
        runs = [r for (r,) in conn.execute("SELECT id FROM runs ORDER BY id DESC LIMIT ?", (window,))][::-1]
        out: dict[str, str] = {}
        for code, measure in sorted(measures.items()):
            field = INDEPENDENT.get(measure)
            seen = [r for r in runs if conn.execute("SELECT 1 FROM rules WHERE run = ? AND rule = ?",
                                                    (r, code)).fetchone()]
            if field is None or len(seen) < 2:
                continue
            why = _fitted(conn, code, field, seen[0], seen[-1], len(seen))
            if why:
                out[code] = why
        return out
    finally:
        conn.close()


def _fitted(conn: sqlite3.Connection, code: str, field: str, first: int, last: int, runs: int) -> str:
    def rate(run: int) -> tuple[int, int]:
        fired, judged = conn.execute("SELECT fired, judged FROM rules WHERE run = ? AND rule = ?",
                                     (run, code)).fetchone()
        return int(fired), int(judged)

    (fired_a, judged_a), (fired_b, judged_b) = rate(first), rate(last)
    if not judged_a or not judged_b or fired_b / judged_b >= fired_a / judged_a:
        return ""
    stopped = _fixed_pages(conn, code, first, last)
    if len(stopped) < MIN_FIXED:
        return ""
    improved = sum(_improved(conn, field, first, last, p) for p in stopped)
    if improved * 2 >= len(stopped):
        return ""
    named = {"content_words": "gained distinct content words", "digest": "changed their prose"}[field]
    return (f"fire rate fell from {fired_a / judged_a:.0%} to {fired_b / judged_b:.0%} over {runs} recorded runs, "
            f"but of the {len(stopped)} pages that stopped firing only {improved} {named} (its independent "
            "measure): pages learned to pass the rule")


def _fixed_pages(conn: sqlite3.Connection, code: str, first: int, last: int) -> Sequence[str]:
    return [p for (p,) in conn.execute(
        "SELECT a.path FROM measures a JOIN measures b ON a.path = b.path AND b.rule = a.rule AND b.run = ? "
        "WHERE a.run = ? AND a.rule = ? AND a.fired = 1 AND b.fired = 0 ORDER BY a.path", (last, first, code))]


def _improved(conn: sqlite3.Connection, field: str, first: int, last: int, path: str) -> bool:
    query = f"SELECT {field} FROM pages WHERE run = ? AND path = ?"  # noqa: S608 - field from INDEPENDENT
    before, after = (conn.execute(query, (run, path)).fetchone() for run in (first, last))
    if before is None or after is None:
        return False
    if field == "digest":
        return bool(before[0] != after[0])
    return bool(after[0] >= before[0] * (1 + GAIN) and after[0] - before[0] >= 5)


def apply_fitted(states: Sequence[Mapping[str, Any]], found: Mapping[str, str]) -> list[dict[str, Any]]:
    """The run's rule states with `fitted` where history says so (replacing informative or spent)."""
    return [{**s, "state": "fitted", "why": found[s["rule"]]}
            if s["rule"] in found and s["state"] in ("informative", "spent") else dict(s) for s in states]
