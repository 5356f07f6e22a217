"""The mutation probe: known defects planted in a copy of a site, counted against what the build and sitelint catch."""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT, invoke
from sitelint import config as configmod, probe
from sitelint.probe import catalogue, operators, schedule

DEMO = ROOT / "fixtures" / "sites" / "demo"
TODAY = dt.date(2026, 11, 30)
LEXICAL = configmod.validate({"semantic": False}, None)
# A build that checks links the way MkDocs reports them: every missing page or image is a warning; with `--stop`
# a missing image stops it (exit 1), as some frameworks' builds do.
FAKE_BUILD = '''
import pathlib, re, sys
docs = pathlib.Path("docs")
stop = False
for page in sorted(docs.rglob("*.md")):
    for target in re.findall(r"\\]\\(([^)#\\s]+)", page.read_text()):
        if "://" in target or (page.parent / target).exists():
            continue
        rel = page.relative_to(docs).as_posix()
        print(f"WARNING -  Doc file '{rel}' contains a link '{target}', but the target is not found among "
              "documentation files.")
        stop = stop or target.endswith(".png")
if stop and "--stop" in sys.argv:
    print("ERROR - an image is missing; the build stops")
    sys.exit(1)
print("INFO -  Documentation built")
'''
PAIRED = {
    "docs/heartbeats.md": "# Heartbeats\n\nA heartbeat check waits for your job to call Lookout, instead of Lookout "
                          "calling a service. When a call does not arrive in time, the check fails and the alert goes "
                          "out.\n\n## Set one up\n\nGive the check a name and the longest gap you accept between "
                          "two calls.\n\n```yaml\nheartbeats:\n  - name: nightly-backup\n    every: 24h\n```\n",
    "docs/fr/heartbeats.md": "# Battements\n\nUne vérification par battement attend que votre tâche appelle "
                             "Lookout, au lieu que Lookout appelle un service. Quand un appel n'arrive pas à temps, la "
                             "vérification échoue et l'alerte part.\n\n## En créer un\n\nDonnez un nom à la "
                             "vérification et l'écart le plus long accepté entre deux appels.\n\n```yaml\n"
                             "heartbeats:\n  - name: nightly-backup\n    every: 24h\n```\n",
    "docs/silences.md": "# Silences\n\nA silence stops the alerts of one check for a while, without pausing the "
                        "check itself: results are still recorded.\n\n## Start a silence\n\nName the check and how "
                        "long the silence lasts.\n\n```bash\nlookout silence nightly-backup --for 2h\n```\n",
    "docs/fr/silences.md": "# Silences\n\nUn silence arrête les alertes d'une vérification pendant un temps, sans "
                           "mettre la vérification en pause : les résultats sont toujours enregistrés.\n\n## "
                           "Commencer un silence\n\nNommez la vérification et la durée du silence.\n\n```bash\n"
                           "lookout silence nightly-backup --for 2h\n```\n",
}


def _site(tmp_path: Path, french: bool = True) -> Path:
    site = tmp_path / "site"
    shutil.copytree(DEMO / "docs", site / "docs")
    shutil.copytree(DEMO / "src", site / "src")
    shutil.copy(DEMO / "package.json", site / "package.json")
    (site / "mkdocs.yml").write_text("site_name: Lookout\n", encoding="utf-8")
    for path, text in (PAIRED.items() if french else ()):
        (site / path).parent.mkdir(parents=True, exist_ok=True)
        (site / path).write_text(text, encoding="utf-8")
    return site


def _digests(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file() or p.is_symlink()}


def _fake_build(tmp_path: Path, *args: str) -> list[str]:
    script = tmp_path / "fake_build.py"
    script.write_text(FAKE_BUILD, encoding="utf-8")
    return [sys.executable, str(script), *args]


def test_the_catalogue_is_data_each_entry_checked() -> None:
    ops = catalogue.load()
    assert {op.defect_class for op in ops} >= {
        "broken-link", "broken-anchor", "missing-image", "copied-passage", "whole-page-duplicate",
        "paraphrased-section", "emptied-section", "placeholder", "padding", "dated-claim", "outdated-version",
        "missing-file", "code-changed", "translation-behind", "thin-page"}
    assert all(op.action in operators.ACTIONS for op in ops)
    with pytest.raises(catalogue.CatalogueError, match="x: `action: explode` is not one of"):
        catalogue.parse([{"class": "x", "action": "explode", "where": "prose", "undo": "restore"}])
    with pytest.raises(catalogue.CatalogueError, match="y: unknown field"):
        catalogue.parse([{"class": "y", "action": "cut", "where": "page", "undo": "restore", "colour": "red"}])


def test_no_build_holds_two_plants_on_one_page_and_a_class_that_stops_the_build_is_built_alone() -> None:
    ops = {op.defect_class: op for op in catalogue.load()}
    rng = random.Random(3)
    pages = [f"docs/p{i}.md" for i in range(6)]
    plants = []
    for cls in ("broken-link", "placeholder", "dated-claim", "copied-passage"):
        for _ in range(4):
            page, source = rng.sample(pages, 2)
            touched = {page, source} if cls == "copied-passage" else {page}
            plants.append(operators.Plant(ops[cls], page, 3, frozenset(touched), ()))
    groups = schedule.groups(plants, "docusaurus")  # a Docusaurus build stops on a broken link
    assert sum(len(g) for g in groups) == len(plants)
    for group in groups:
        touched = [p for plant in group for p in plant.touched]
        assert len(touched) == len(set(touched)), "two plants touch one page in one build"
        classes = {plant.op.defect_class for plant in group}
        assert "broken-link" not in classes or classes == {"broken-link"}
    # MkDocs only warns: its broken links share builds with the other classes.
    assert any({"broken-link"} < {p.op.defect_class for p in g} for g in schedule.groups(plants, "mkdocs"))


def test_probe_with_a_fake_build_counts_each_plant_where_it_was_planted(tmp_path: Path) -> None:
    site = _site(tmp_path)
    before = _digests(site)
    result, _ = probe.run(site, _fake_build(tmp_path, "--stop"), sample=2, seed=7, config=LEXICAL, today=TODAY)
    rows = {r.defect_class: r for r in result.rows}
    # The build sees the links it checks; the lexical rules see what the build cannot, broken anchors among them.
    for cls in ("broken-link", "missing-image"):
        assert (rows[cls].planted, rows[cls].build, rows[cls].sitelint) == (2, 2, 0), rows[cls]
    assert (rows["broken-anchor"].build, rows["broken-anchor"].sitelint, rows["broken-anchor"].neither) == (0, 2, 0)
    for cls in ("thin-page", "placeholder", "emptied-section", "dated-claim", "outdated-version", "missing-file",
                "code-changed", "translation-behind", "whole-page-duplicate", "copied-passage"):
        assert (rows[cls].planted, rows[cls].sitelint, rows[cls].build) == (2, 2, 0), rows[cls]
    assert rows["paraphrased-section"].why_not == "the semantic rules are off (semantic = false)"
    # The fake build stops on a missing image the catalogue does not expect MkDocs to stop on: those plants were
    # built again on their own, so that the stop hid nothing.
    assert any("each class was built again on its own" in n for n in result.notes), result.notes
    image_rounds = {p.round for p in result.plants if p.defect_class == "missing-image"}
    assert all({p.defect_class for p in result.plants if p.round in image_rounds} == {"missing-image"}
               for _ in [0])
    assert all(p.build_fails for p in result.plants if p.defect_class == "missing-image")
    # Never two plants on one page in one build.
    by_round = [(p.round, p.page) for p in result.plants]
    assert len(by_round) == len(set(by_round))
    # Every plant neither caught is listed with its page and line: here none, as the rules see the anchors the
    # build does not check.
    assert {(p.defect_class, p.page) for p in result.neither} == set()
    text = probe.render(result)
    for p in result.neither:
        assert f"{p.page}:{p.line}: broken-anchor" in text
    assert result.exit_status == 0
    assert _digests(site) == before, "the probe must not touch the site"


def test_plants_go_only_where_a_reader_sees_them_and_no_rule_skips_them(tmp_path: Path) -> None:
    site = _site(tmp_path, french=False)
    history = ("# Release notes\n\n## 3.0\n\nThe 3.0 release changed the schedule format and the alert settings, and "
               "it dropped the old configuration keys that the 2.x line read.\n\n## 2.0\n\nFrom 2.x on, checks run "
               "in parallel and alerts are sent once per incident, which replaced the older behaviour.\n")
    (site / "docs" / "release-notes.md").write_text(history, encoding="utf-8")
    guide = (site / "docs" / "installation.md").read_text(encoding="utf-8")
    (site / "docs" / "installation.md").write_text(
        guide + "\n## History\n\nFrom 2.x on, the installer checks the Node.js version before it starts.\n",
        encoding="utf-8")
    result, before = probe.run(site, sample=40, seed=1, classes=["dated-claim", "outdated-version", "placeholder"],
                               config=LEXICAL, today=TODAY)
    pages = {p.path: p for p in before.site.pages}
    assert result.plants
    for plant in result.plants:
        assert plant.page != "docs/release-notes.md"
        page = pages[plant.page]
        assert not any(s.title == "History" and s.line <= plant.line - 1 <= s.end_line for s in page.sections), plant
    rows = {r.defect_class: r for r in result.rows}
    assert any("release-notes" in reason for reason in rows["dated-claim"].excluded), rows["dated-claim"].excluded


def test_probe_exits_with_the_build_s_status_when_the_build_fails_on_the_site_as_it_is(tmp_path: Path) -> None:
    site = _site(tmp_path, french=False)
    before = _digests(site)
    failing = tmp_path / "failing.py"
    failing.write_text("import sys\nprint('ERROR - the config is broken')\nsys.exit(3)\n", encoding="utf-8")
    code, output = invoke(site, "probe", "--sample", "1", "--class", "placeholder", "--", sys.executable,
                          str(failing))
    assert code == 3, output
    assert "the build fails on the site as it is" in output
    assert _digests(site) == before


def test_ctrl_c_during_a_build_leaves_the_tree_as_it_was_and_no_copy_behind(tmp_path: Path) -> None:
    site = _site(tmp_path, french=False)
    before = _digests(site)
    started = tmp_path / "started"
    slow = tmp_path / "slow.py"
    slow.write_text(f"import pathlib, time\npathlib.Path({str(started)!r}).write_text('x')\ntime.sleep(60)\n",
                    encoding="utf-8")
    temp = tmp_path / "tmp"
    temp.mkdir()
    env = {**os.environ, "TMPDIR": str(temp), "SITELINT_TODAY": "2026-11-30"}
    # As from a shell: Ctrl-C is not ignored (a test worker may ignore it, and a child inherits that).
    proc = subprocess.Popen([sys.executable, "-m", "sitelint", "probe", "--sample", "1", "--", sys.executable,
                             str(slow)], cwd=site, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 120
    while not started.exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.1)
    assert started.exists(), proc.communicate()[1][-2000:]
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err[-2000:]
    assert _digests(site) == before
    assert not [p for p in temp.iterdir() if p.name.startswith("sitelint-probe-")], "the copy was left behind"


def test_an_unknown_class_is_a_usage_error_with_a_suggestion(tmp_path: Path) -> None:
    code, output = invoke(_site(tmp_path, french=False), "probe", "--class", "thin-pages")
    assert code == 2 and "--class thin-pages: no such defect class; did you mean thin-page?" in output


def test_probe_without_a_build_measures_sitelint_only(tmp_path: Path) -> None:
    result, _ = probe.run(_site(tmp_path, french=False), sample=1, classes=["broken-link", "thin-page"],
                          config=LEXICAL, today=TODAY)
    rows = {r.defect_class: r for r in result.rows}
    assert rows["broken-link"].recall("build") is None and rows["broken-link"].builds == 0
    assert rows["thin-page"].recall("sitelint") == 1.0
    assert result.builds == 0 and "no build was measured" in probe.render(result)


def test_a_site_whose_config_reads_pages_from_a_folder_beside_it_is_copied_whole(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    shutil.copytree(DEMO / "docs", root / "docs")
    (root / "website").mkdir()
    (root / "website" / "mkdocs.yml").write_text("site_name: Lookout\ndocs_dir: ../docs\n", encoding="utf-8")
    before = _digests(root)
    result, _ = probe.run(root / "website", _fake_build(tmp_path), sample=2, classes=["thin-page", "broken-link"],
                          config=LEXICAL, today=TODAY)
    rows = {r.defect_class: r for r in result.rows}
    assert all(p.page.startswith("../docs/") for p in result.plants), result.plants
    assert (rows["thin-page"].sitelint, rows["broken-link"].planted) == (2, 2)
    assert _digests(root) == before


@pytest.mark.slow
def test_probe_on_a_real_mkdocs_build_matches_the_plants(tmp_path: Path) -> None:
    site = _site(tmp_path)
    before = _digests(site)
    mkdocs = str(Path(sys.executable).parent / "mkdocs")
    result, _ = probe.run(site, [mkdocs, "build"], sample=2, seed=0, today=TODAY)
    rows = {r.defect_class: r for r in result.rows}
    # MkDocs warns about links, anchors and images it cannot find, and a warning lets the build pass; broken-anchor
    # sees the anchors too.
    for cls in ("broken-link", "broken-anchor", "missing-image"):
        found = 2 if cls == "broken-anchor" else 0
        assert (rows[cls].planted, rows[cls].build, rows[cls].sitelint) == (2, 2, found), rows[cls]
        assert not any(p.build_fails for p in result.plants if p.defect_class == cls)
    for cls in ("thin-page", "placeholder", "emptied-section", "dated-claim", "outdated-version", "missing-file",
                "code-changed", "translation-behind", "whole-page-duplicate", "copied-passage"):
        assert (rows[cls].planted, rows[cls].sitelint, rows[cls].build) == (2, 2, 0), rows[cls]
    assert rows["paraphrased-section"].planted == 2 and rows["paraphrased-section"].cosine is not None
    assert result.builds == 1 + len({p.round for p in result.plants})
    assert "The build only warns about broken-link, missing-image:" in probe.render(result)
    assert _digests(site) == before
