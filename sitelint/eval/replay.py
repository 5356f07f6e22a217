"""Linting pages as they were: a temporary clone moved from commit to commit, and the events' outcomes."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from sitelint.eval.history import Event, Git, HistoryError, Outcome
from sitelint.model import Page


class Checkout:
    """A temporary clone sharing the repository's objects, moved from commit to commit; removed on close."""

    def __init__(self, top: Path) -> None:
        self._tmp = tempfile.TemporaryDirectory(prefix="sitelint-replay-")
        self.path = Path(self._tmp.name) / "repo"
        # No program of the repository's runs: no fsmonitor, no hooks (checkout would run post-checkout).
        done = subprocess.run(["git", "-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null", "clone",
                               "--quiet", "--shared", "--no-checkout", "--no-hardlinks", str(top), str(self.path)],
                              capture_output=True, text=True, check=False)
        if done.returncode != 0:
            self.close()
            raise HistoryError(f"cannot make a temporary clone of {top}: {done.stderr.strip()}")
        self.git = Git(self.path)

    def at(self, commit: str) -> Path:
        self.git("-c", "advice.detachedHead=false", "checkout", "--quiet", "--force", "--detach", commit)
        self.git("clean", "-q", "-f", "-d", "-x")
        return self.path

    def close(self) -> None:
        self._tmp.cleanup()

    def __enter__(self) -> Checkout:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


LintPage = Callable[[Path, Sequence[str], dt.date, str], tuple[dict[str, list[tuple[str, str, str]]],
                                                               dict[str, Page]]]


def replay(top: Path, site_dir: str, chosen: Sequence[Event], lint: LintPage,
           progress: Callable[[int, int, Event], None] = lambda i, n, e: None) -> list[Outcome]:
    """Lint every event's page in its parent tree; events of one parent and dimension share one run."""
    batches: dict[tuple[str, str, dt.date], list[Event]] = {}
    for e in chosen:
        batches.setdefault((e.parent, e.dimension, e.date), []).append(e)
    outcomes: list[Outcome] = []
    done = 0
    with Checkout(top) as checkout:
        for (parent, dimension, date), batch in batches.items():
            root = checkout.at(parent)
            cwd = root / site_dir
            rel = {e.page: os.path.relpath(root / e.page, cwd).replace(os.sep, "/") for e in batch}
            problem = ""
            try:
                found, pages = lint(cwd if cwd.is_dir() else root, sorted(set(rel.values())), date, dimension)
            except Exception as exc:  # noqa: BLE001 - one old tree sitelint cannot read must not end the replay
                found, pages, problem = {}, {}, f"{type(exc).__name__}: {exc}"
            for e in batch:
                hits = found.get(rel[e.page], [])
                mine = [(code, dim, sev) for code, dim, sev in hits if not e.dimension or dim == e.dimension]
                outcomes.append(Outcome(
                    e, any(sev in ("warning", "error") for _, _, sev in mine), bool(mine),
                    tuple(sorted({code for code, _, _ in hits})),
                    tuple(sorted({dim for _, dim, sev in hits if sev in ("warning", "error")})),
                    pages.get(rel[e.page]), problem))
                done += 1
                progress(done, len(chosen), e)
    return outcomes
