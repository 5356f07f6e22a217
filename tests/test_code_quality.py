"""The codebase keeps its own rules: layer contracts, type checks and lint."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

BIN = Path(sys.executable).parent


def _run(*cmd: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_import_layers_hold() -> None:
    out = _run(str(BIN / "lint-imports"))
    assert out.returncode == 0, out.stdout[-3000:]
    assert "BROKEN" not in out.stdout


def test_ruff_is_clean() -> None:
    out = _run(str(BIN / "ruff"), "check", "sitelint", "tests", "benchmarks")
    assert out.returncode == 0, out.stdout[-3000:]


@pytest.mark.slow
def test_mypy_is_clean() -> None:
    out = _run(str(BIN / "mypy"))
    assert out.returncode == 0, out.stdout[-3000:]
