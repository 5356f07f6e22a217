"""The sqlite cache: round trips, concurrent runs, repair of damaged files, fallbacks when the folder is unusable."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from sitelint.cache import SCHEMA, CacheRefused, open_cache

ROOT = Path(__file__).resolve().parents[1]


def test_round_trip_and_info(tmp_path: Path) -> None:
    notes: list[str] = []
    cache = open_cache({}, tmp_path, notes.append)
    cache.put("a", "k1", b"one")
    cache.put_many("a", {"k2": b"two", "k3": b"\x00\xff"})
    cache.put_many("b", {"k1": b"other namespace"})
    assert cache.get("a", "k1") == b"one"
    assert cache.get("a", "missing") is None
    assert cache.get_many("a", ["k3", "k2", "nope"]) == {"k2": b"two", "k3": b"\x00\xff"}
    assert cache.get("b", "k1") == b"other namespace"
    info = cache.info()
    assert info["path"] == str(tmp_path / ".sitelint" / "cache.sqlite")
    assert info["rows"] == {"a": 3, "b": 1}
    assert info["size"] > 0
    cache.clear()
    assert cache.info()["rows"] == {}
    cache.close()
    assert notes == []
    assert (tmp_path / ".sitelint" / ".gitignore").read_text() == "*\n"


def test_many_keys_in_one_lookup(tmp_path: Path) -> None:
    cache = open_cache({}, tmp_path, lambda m: None)
    items = {f"key{i}": str(i).encode() for i in range(2500)}
    cache.put_many("ns", items)
    assert cache.get_many("ns", list(items)) == items


def test_values_survive_reopening_and_wal_is_on(tmp_path: Path) -> None:
    cache = open_cache({}, tmp_path, lambda m: None)
    cache.put("ns", "k", b"v")
    cache.close()
    again = open_cache({}, tmp_path, lambda m: None)
    assert again.get("ns", "k") == b"v"
    again.close()
    conn = sqlite3.connect(tmp_path / ".sitelint" / "cache.sqlite")
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()[0] == SCHEMA


def test_configured_path_is_relative_to_the_project(tmp_path: Path) -> None:
    cache = open_cache({"cache": "build/lint.db"}, tmp_path, lambda m: None)
    cache.put("ns", "k", b"v")
    assert cache.info()["path"] == str(tmp_path / "build" / "lint.db")
    assert not (tmp_path / "build" / ".gitignore").exists()


def test_corrupt_file_is_moved_aside_and_rebuilt(tmp_path: Path) -> None:
    folder = tmp_path / ".sitelint"
    folder.mkdir()
    (folder / "cache.sqlite").write_bytes(b"this is not a database at all, just bytes " * 100)
    notes: list[str] = []
    cache = open_cache({}, tmp_path, notes.append)
    cache.put("ns", "k", b"v")
    assert cache.get("ns", "k") == b"v"
    assert len(notes) == 1 and "moved it to cache.sqlite.corrupt-" in notes[0]
    assert [p.name for p in folder.glob("cache.sqlite.corrupt-*")]


def test_foreign_database_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE customers (name TEXT)")
    conn.execute("INSERT INTO customers VALUES ('kept')")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(CacheRefused, match="not a sitelint cache"):
        open_cache({"cache": str(path)}, tmp_path, lambda m: None)
    assert path.read_bytes() == before
    assert not list(tmp_path.glob("other.db.corrupt-*"))


def test_old_schema_is_rebuilt_in_place(tmp_path: Path) -> None:
    cache = open_cache({}, tmp_path, lambda m: None)
    cache.put("ns", "k", b"v")
    cache.close()
    conn = sqlite3.connect(tmp_path / ".sitelint" / "cache.sqlite")
    conn.execute("UPDATE meta SET value = '0' WHERE key = 'schema'")
    conn.commit()
    conn.close()
    again = open_cache({}, tmp_path, lambda m: None)
    assert again.get("ns", "k") is None
    again.put("ns", "k", b"new")
    assert again.get("ns", "k") == b"new"


def test_unwritable_location_falls_back_to_user_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = tmp_path / "checkout"
    project.mkdir()
    (project / ".sitelint").write_text("a file where the cache folder should be")  # mkdir fails even for root
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    notes: list[str] = []
    cache = open_cache({}, project, notes.append)
    cache.put("ns", "k", b"v")
    assert cache.get("ns", "k") == b"v"
    assert Path(cache.info()["path"]).parent == tmp_path / "xdg" / "sitelint"
    assert len(notes) == 1 and "using" in notes[0] and str(project / ".sitelint") in notes[0]


def test_nothing_writable_keeps_cache_in_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / ".sitelint").write_text("")
    (tmp_path / "xdg").write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    notes: list[str] = []
    cache = open_cache({}, tmp_path, notes.append)
    cache.put("ns", "k", b"v")
    assert cache.get("ns", "k") == b"v"
    assert cache.info()["path"] == ":memory:"
    assert "memory" in notes[-1]


def test_damage_found_later_starts_a_new_file(tmp_path: Path) -> None:
    notes: list[str] = []
    cache = open_cache({}, tmp_path, notes.append)
    cache.put_many("ns", {f"k{i}": b"x" * 3000 for i in range(200)})
    cache.close()
    path = tmp_path / ".sitelint" / "cache.sqlite"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    data = bytearray(path.read_bytes())
    data[8192:40960] = b"\x13" * (40960 - 8192)  # wreck pages past the header
    path.write_bytes(bytes(data))
    cache = open_cache({}, tmp_path, notes.append)
    cache.get_many("ns", [f"k{i}" for i in range(200)])  # must not raise
    cache.put("ns", "fresh", b"1")
    assert cache.get("ns", "fresh") == b"1"
    assert any("corrupt-" in n for n in notes)


WRITER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from sitelint.cache import open_cache
    notes = []
    cache = open_cache({}, Path(sys.argv[1]), notes.append)
    me = sys.argv[2]
    for batch in range(40):
        cache.put_many("ns", {f"{me}-{batch}-{i}": (me * 200).encode() for i in range(50)})
        cache.put_many("shared", {f"s{i}": me.encode() for i in range(20)})
        got = cache.get_many("ns", [f"{me}-{batch}-{i}" for i in range(50)])
        assert len(got) == 50, len(got)
    cache.close()
    assert not notes, notes
""")


def test_concurrent_processes_do_not_corrupt(tmp_path: Path) -> None:
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(tmp_path), name],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for name in ("a", "b", "c")
    ]
    for proc in procs:
        _, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err.decode()
    conn = sqlite3.connect(tmp_path / ".sitelint" / "cache.sqlite")
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert conn.execute("SELECT COUNT(*) FROM entries WHERE ns = 'ns'").fetchone()[0] == 3 * 40 * 50
    assert conn.execute("SELECT COUNT(*) FROM entries WHERE ns = 'shared'").fetchone()[0] == 20


def test_concurrent_first_open_of_a_new_cache(tmp_path: Path) -> None:
    script = (
        "import sys; from pathlib import Path; from sitelint.cache import open_cache; "
        "n = []; c = open_cache({}, Path(sys.argv[1]), n.append); c.put('ns', sys.argv[2], b'1'); "
        "assert not n, n"
    )
    procs = [
        subprocess.Popen([sys.executable, "-c", script, str(tmp_path), str(i)], cwd=ROOT, stderr=subprocess.PIPE)
        for i in range(6)
    ]
    for proc in procs:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err.decode()
    cache = open_cache({}, tmp_path, lambda m: None)
    assert cache.info()["rows"] == {"ns": 6}
    assert not list((tmp_path / ".sitelint").glob("*.corrupt-*"))


def test_read_only_checkout_is_left_alone_even_for_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    project = tmp_path / "checkout"
    project.mkdir()
    project.chmod(0o555)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    notes: list[str] = []
    try:
        cache = open_cache({}, project, notes.append)
        cache.put("ns", "k", b"v")
        assert cache.get("ns", "k") == b"v"
        cache.close()
        assert not (project / ".sitelint").exists()
        assert any("read-only folder" in n and str(tmp_path / "xdg") in n for n in notes)
    finally:
        project.chmod(0o755)
