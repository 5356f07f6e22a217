"""Progress of a run on stderr, from discovery to the report: a bar on a terminal (tqdm), plain lines in a log.

A log (CI) gets a line when a stage starts and, within a long stage, one every `interval` seconds. Nothing is shown
for a run shorter than `delay` seconds; when a run outlasts it, the stages it went through so far are shown first,
so a log always tells the whole run from discovery on.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

TTY_DELAY = 0.5  # seconds of a run before a bar appears on a terminal
LOG_DELAY = 3.0  # seconds before a log hears anything, unless progress was asked for
LOG_INTERVAL = 10.0  # seconds between two lines of the same stage in a log


class Progress:
    """A run's progress callback (stage, done, total), shown on a stream as a bar or as lines."""

    def __init__(self, stream: TextIO, *, bar: bool, delay: float, interval: float = LOG_INTERVAL,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._stream = stream
        self._bar_wanted = bar
        self._delay = delay
        self._interval = interval
        self._clock = clock
        self._start = clock()
        self._stage = ""
        self._said = -1.0  # when the last line was written (clock), -1 before any
        self._pending: list[str] = []
        self._bar: Any = None
        self._bar_stage = ""

    def __call__(self, stage: str, done: int, total: int) -> None:
        if self._bar_wanted:
            self._draw(stage, done, total)
            return
        now = self._clock()
        elapsed = now - self._start
        new_stage = stage != self._stage
        self._stage = stage
        line = f"sitelint: [{elapsed:6.1f} s] {stage}" + (f" {done}/{total}" if total else "")
        if elapsed < self._delay:
            if new_stage:
                self._pending.append(line)
            return
        if self._pending:
            self._write(*self._pending)
            self._pending.clear()
            if new_stage:
                self._write(line)
            return
        if new_stage or now - self._said >= self._interval or (total and done == total):
            self._write(line)

    def close(self) -> None:
        """The run is over: a log hears how long it took, a bar is cleared."""
        if self._bar is not None:
            self._bar.close()
            self._bar = None
        elif self._said >= 0:
            self._write(f"sitelint: [{self._clock() - self._start:6.1f} s] done")

    def _write(self, *lines: str) -> None:
        for line in lines:
            self._stream.write(line + "\n")
        self._stream.flush()
        self._said = self._clock()

    def _draw(self, stage: str, done: int, total: int) -> None:
        # A bar appears only once the run has lasted `delay` (a quick run shows none), and at once from then on:
        # nothing redraws a bar while a stage works without telling, so a bar held back would stay hidden.
        if self._clock() - self._start < self._delay:
            return
        if self._bar is None or stage != self._bar_stage:
            from tqdm import tqdm

            if self._bar is not None:
                self._bar.close()
            self._bar = tqdm(total=total or None, desc=f"sitelint: {stage}", file=self._stream, leave=False,
                             dynamic_ncols=True, unit="")
            self._bar_stage = stage
        if total and self._bar.total != total:
            self._bar.total = total
        self._bar.update(max(0, done - self._bar.n))


def for_run(wanted: bool | None, configured: bool) -> Progress | None:
    """The run's progress display: asked for (--progress, or progress = true), refused (--no-progress), or by
    default a bar on a terminal and lines in a log, both only once the run lasts."""
    if wanted is False:
        return None
    forced = bool(wanted) or configured
    tty = sys.stderr.isatty()
    return Progress(sys.stderr, bar=tty, delay=TTY_DELAY if tty else (0.0 if forced else LOG_DELAY))
