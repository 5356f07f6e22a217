"""The mutation probe: known defects injected into a copy of a real site, caught (or not) by the build and sitelint."""

from __future__ import annotations

import datetime as dt
import shutil
import sys
from pathlib import Path

from conftest import ROOT
from sitelint import config as configmod, probe

DEMO = ROOT / "fixtures" / "sites" / "demo"


def _site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    shutil.copytree(DEMO / "docs", site / "docs")
    (site / "mkdocs.yml").write_text("site_name: Lookout\n", encoding="utf-8")
    return site


def test_probe_maps_each_injected_defect_to_the_instruments_that_see_it(tmp_path: Path) -> None:
    site = _site(tmp_path)
    before = sorted(p.read_bytes() for p in site.rglob("*.md"))
    mkdocs = str(Path(sys.executable).parent / "mkdocs")
    rows, notes = probe.run(site, [mkdocs, "build"], config=configmod.validate({"semantic": False}, None),
                            today=dt.date(2026, 11, 30))
    verdicts = {r.defect_class: r for r in rows}
    # The build sees the link graph, and only warns about it; sitelint sees what the build cannot.
    for cls in ("broken-link", "missing-asset", "broken-anchor"):
        assert verdicts[cls].build and not verdicts[cls].build_fails and not verdicts[cls].sitelint
    for cls in ("thin-page", "placeholder-text", "stale-claim", "empty-section", "duplicate-page"):
        assert verdicts[cls].sitelint and verdicts[cls].build is False, verdicts[cls]
        assert verdicts[cls].verdict == "sitelint only"
    assert any("exited 0" in n for n in notes)
    assert sorted(p.read_bytes() for p in site.rglob("*.md")) == before, "the probe must not touch the site"
    text = probe.render(rows, notes)
    assert "The build only warns about broken-link" in text


def test_probe_without_a_build_says_nothing_about_the_build(tmp_path: Path) -> None:
    rows, _ = probe.run(_site(tmp_path), config=configmod.validate({"semantic": False}, None),
                        today=dt.date(2026, 11, 30))
    assert all(r.build is None for r in rows)
    link = next(r for r in rows if r.defect_class == "broken-link")
    assert link.verdict == "missed by sitelint (no build ran)"
