"""Recorded history: runs recorded by `check --record` beside the cache, trends and the fitted state read back, and
many runs recording into one file at once."""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import write_site
from sitelint import api as engine, config as configmod
from sitelint.cli import main
from sitelint.health import history

TODAY = "2026-06-01"
SHORT = "# Page {i}\n\nRun `harbor deploy {i}` to publish release {i} of the site.\n"
PADDING = " ".join(["This page is about deploying. Deploying is good to know about."] * 14)
SECRET = "Zanzibar-quokka-7"  # a word only the pages hold: the history must never contain it


def honest(i: int) -> str:
    words = [f"{SECRET} region{i} token{n} folder{n + i} release{2 * n} queue{n * i} mirror{n}." for n in range(30)]
    return SHORT.format(i=i) + "\n" + " ".join(words) + "\n"


def site(root: Path) -> Path:
    pages = {f"docs/page{i:02d}.md": (SHORT.format(i=i) if i < 6 else honest(i)) for i in range(12)}
    return write_site(root, pages, {"mkdocs.yml": "site_name: Harbor\n"})


def check(root: Path, *args: str) -> str:
    out = CliRunner().invoke(main, ["check", "--no-semantic", "--select", "SUB001", "--fail-on", "never",
                                    "--cache", str(root / "c.sqlite"), *args], env={"SITELINT_TODAY": TODAY})
    assert out.exit_code == 0, out.output
    return out.output


def health(root: Path, *args: str) -> dict:  # type: ignore[type-arg]
    out = CliRunner().invoke(main, ["health", "--no-semantic", "--select", "SUB001", "--format", "json",
                                    "--cache", str(root / "c.sqlite"), *args], env={"SITELINT_TODAY": TODAY})
    assert out.exit_code == 0, out.output
    return json.loads(out.output)  # type: ignore[no-any-return]


def fix(root: Path, pages: range, text: str) -> None:
    for i in pages:
        (root / f"docs/page{i:02d}.md").write_text(text.format(i=i), encoding="utf-8")


@pytest.mark.parametrize("kind", ["padded", "honest"])
def test_a_fire_rate_that_falls_without_the_independent_measure_is_fitted(tmp_path: Path, monkeypatch,  # type: ignore[no-untyped-def]
                                                                         kind: str) -> None:
    root = site(tmp_path)
    monkeypatch.chdir(root)
    check(root, "--record")  # six thin pages of twelve
    for step in (range(0, 2), range(2, 4)):
        if kind == "padded":
            fix(root, step, SHORT + "\n" + PADDING + "\n")
        else:
            for i in step:
                (root / f"docs/page{i:02d}.md").write_text(honest(i), encoding="utf-8")
        check(root, "--record")
    doc = health(root, "--history")
    state = doc["rules"][0]
    runs = doc["history"]["SUB001"]
    assert [(r["fired"], r["judged"]) for r in runs] == [(6, 12), (4, 12), (2, 12)]
    in_check = json.loads(check(root, "--format", "json"))["summary"]["rules"][0]
    if kind == "padded":
        assert state["state"] == "fitted", state
        assert "fell from 50% to 17% over 3 recorded runs" in state["why"] and "only 0 gained" in state["why"]
        assert in_check["state"] == "fitted"  # check's JSON reads the same history
    else:
        assert state["state"] == "informative", state
    text = CliRunner().invoke(main, ["health", "--no-semantic", "--select", "SUB001", "--history", "--cache",
                                     str(root / "c.sqlite")], env={"SITELINT_TODAY": TODAY}).output
    assert "SUB001: 6/12 4/12 2/12  falling (50% to 17%)" in text
    assert "3 recorded run(s), judged as of 2026-06-01 to 2026-06-01" in text  # SITELINT_TODAY, not the clock
    stored = b"".join(p.read_bytes() for p in root.glob("c.history.sqlite*"))
    assert SECRET.encode() not in stored and b"harbor deploy" not in stored  # measurements, never text


def test_ci_records_beside_the_build(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    root = site(tmp_path)
    monkeypatch.chdir(root)
    log = root / "build.log"
    log.write_text("INFO    -  Building documentation to directory: /tmp/site\n"
                   "WARNING -  Doc file 'page00.md' contains a link './gone.md', but the target 'gone.md' is not "
                   "found among documentation files.\n", encoding="utf-8")
    out = CliRunner().invoke(main, ["ci", "--build-log", str(log), "--no-semantic", "--select", "SUB001",
                                    "--fail-on", "never", "--record", "--cache", str(root / "c.sqlite")],
                             env={"SITELINT_TODAY": TODAY})
    assert out.exit_code == 0, out.output
    assert [(r["fired"], r["judged"]) for r in history.trends(root / "c.history.sqlite")["SUB001"]] == [(6, 12)]


def test_only_whole_site_runs_are_recorded_and_history_is_asked_for(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    root = site(tmp_path)
    monkeypatch.chdir(root)
    out = CliRunner().invoke(main, ["health", "--no-semantic", "--history", "--cache", str(root / "c.sqlite")])
    assert out.exit_code == 2 and "no history recorded yet" in out.output
    check(root, "--record", "docs/page00.md")
    assert not (root / "c.history.sqlite").exists()
    check(root)  # --record is off by default
    assert not (root / "c.history.sqlite").exists()


def test_a_file_that_is_not_a_history_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "c.history.sqlite"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE notes (body TEXT)")
    conn.close()
    with pytest.raises(history.HistoryError, match="is not a sitelint history file"):
        history.trends(other)


def _record_many(args: tuple[str, str, int]) -> int:
    root, store, times = args
    config = configmod.validate({"semantic": False}, None)
    result = engine.lint(cwd=Path(root), config=config, today=dt.date(2026, 6, 1), select=["SUB001"],
                         cache=Path(root) / f"c-{times}.sqlite")
    return len([history.record(Path(store), result, frozenset()) for _ in range(times)])


def test_runs_recording_at_once_are_all_kept(tmp_path: Path) -> None:
    root = site(tmp_path / "site")
    store = tmp_path / "shared.history.sqlite"
    with ProcessPoolExecutor(max_workers=4) as pool:
        done = list(pool.map(_record_many, [(str(root), str(store), n) for n in (10, 11, 12, 13)]))
    assert done == [10, 11, 12, 13]
    with sqlite3.connect(store) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert conn.execute("SELECT count(*) FROM runs").fetchone() == (46,)
        assert conn.execute("SELECT count(DISTINCT run) FROM measures").fetchone() == (46,)
    conn.close()
    assert sum(r["fired"] for r in history.trends(store, window=100)["SUB001"]) == 46 * 6
