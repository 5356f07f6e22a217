"""Runs a docs build as a child process, passing its output through unchanged while keeping a copy of the log."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO


def run_build(command: Sequence[str], cwd: Path, out: TextIO | None = None) -> tuple[int, str]:
    """Run the build command in cwd, stream its stdout and stderr (merged) to out, return (exit code, log text).

    A command that cannot be started is reported as exit code 127 with the reason as its log, the way a shell
    reports an unknown command, so the caller states it like any failed build.
    """
    stream = out if out is not None else sys.stdout
    try:
        proc = subprocess.Popen(
            list(command),
            cwd=cwd,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
    except OSError as exc:
        message = f"could not run {' '.join(command)!r} in {cwd}: {exc.strerror or exc}\n"
        stream.write(message)
        return 127, message
    assert proc.stdout is not None
    chunks: list[bytes] = []
    try:
        for chunk in iter(lambda: proc.stdout.readline(), b""):  # type: ignore[union-attr]
            chunks.append(chunk)
            stream.write(chunk.decode("utf-8", errors="replace"))
            stream.flush()
    except BaseException:
        # Ctrl-C, SIGTERM or a broken stdout: the build must not go on writing into a folder being cleaned up.
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        raise
    proc.stdout.close()
    code = proc.wait()
    return code, b"".join(chunks).decode("utf-8", errors="replace")
