"""The benchmark suite runs end to end on the demo site (--quick) and writes its table and JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT


@pytest.mark.slow
def test_quick_benchmark_writes_table_and_json(tmp_path: Path) -> None:
    out = tmp_path / "results"
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "run.py"), "--quick", "--no-tools", "--no-model", "--repeats", "3",
         "--out", str(out), "--work", str(tmp_path / "work")],
        capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    result = json.loads((out / "latest.json").read_text(encoding="utf-8"))
    rows = result["sitelint"]
    assert {"cold", "warm", "precommit", "precommit_again", "cold_x2", "warm_x2"} <= set(rows)
    assert rows["cold"]["embedded"] > 0 and rows["warm"]["embedded"] == 0
    assert "torch" not in rows["warm"]["imported"]  # an unchanged site never imports torch
    pre = rows["precommit"]
    assert pre["scope"] == 1 and pre["pages"] + pre["variants_not_read"] == result["pages"]
    assert pre["variants_not_read"] > 0  # the demo site's versioned copy is not read for one current page
    assert len(pre["walls_s"]) == 3 and pre["embedded"] > 0  # each edit is new text, with a passage to embed
    assert result["growth"]["warm_exponent"] is not None
    table = (out / "latest.md").read_text(encoding="utf-8")
    assert "| full check, warm cache |" in table and "| target | measured | met |" in table
