"""The demo site's HTML reports, made the way a user makes them: copies of fixtures/sites/demo with a back-dated git
history, and `sitelint check|ci|probe|eval --format html` run on them.

Run as a script to refresh the README's screenshots: `.venv/bin/python tests/report_support.py docs/`.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent))

from conftest import ROOT, git

DEMO = ROOT / "fixtures" / "sites" / "demo"
TODAY = "2026-11-30"
BIN = Path(sys.executable).parent
# When each page of the copy was last written: the older ones are stale on TODAY, and src/checks/http.js changes
# after the pages that document it (code drift).
HISTORY: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("2024-02-12T10:00:00", ("docs/architecture.md", "docs/troubleshooting.md", "docs/reference/cli.md")),
    ("2024-09-03T10:00:00", ("docs/configuration.md", "docs/faq.md", "docs/guides/http-checks.md")),
    ("2025-04-22T10:00:00", ("docs/contributing.md", "docs/deployment.md", "docs/versions.md")),
)
CODE_CHANGE = ("2026-10-05T10:00:00", "src/checks/http.js")
LABELS = """path\trule\tverdict\treason
docs/faq.md\tSUB001\tT\tone question is not a FAQ
docs/reference/api-examples.md\tSUB001\tF\tan examples page is code by design
docs/reference/api-examples.md\tSUB005\tD\tthe requests are self-explanatory to API users
docs/deployment.md\tSUB002\tT\tleft-over TODO
docs/deployment.md\tSUB003\tT\tthe Upgrades section is empty
docs/getting-started.md\tDUP001\tT\ta copy of the quickstart
docs/quickstart.md\tDUP001\tD\tthe page people link to
docs/why-lookout.md\tSUB004\tT\tsays one thing four times
docs/architecture.md\tSUB006\tF\tstate names read as long words
docs/versions.md\tSTL004\tT\tthe 2019 claim is out of date
docs/troubleshooting.md\tSTL001\tT\tnobody has checked it since 2024
docs/installation.md\tsubstance\tT\tthe requirements are missing
"""


def copy_demo(dest: Path, *, mkdocs: bool = False) -> Path:
    """The demo site in dest with a git history: the pages of HISTORY written on those days, the rest and the
    code this autumn; with mkdocs, an mkdocs.yml beside it so that `mkdocs build` builds its docs, semantic rules
    off."""
    shutil.copytree(DEMO, dest, ignore=shutil.ignore_patterns(".sitelint", "node_modules", "build"))
    if mkdocs:
        (dest / "mkdocs.yml").write_text("site_name: Lookout\n", encoding="utf-8")
        (dest / "sitelint.toml").write_text("semantic = false\n", encoding="utf-8")
    git(dest, "init", "-q", "-b", "main")
    for day, paths in HISTORY:
        git(dest, "add", *paths)
        git(dest, "commit", "-q", "-m", "docs update", date=day)
    code_day, code = CODE_CHANGE
    code_file = dest / code
    original = code_file.read_text(encoding="utf-8")
    code_file.write_text("// first draft\n", encoding="utf-8")
    git(dest, "add", "-A")
    git(dest, "commit", "-q", "-m", "the rest of the site", date="2026-09-14T10:00:00")
    code_file.write_text(original, encoding="utf-8")
    git(dest, "commit", "-q", "-am", "http check: count redirects as failures", date=code_day)
    return dest


def sitelint(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1", "SITELINT_TODAY": TODAY}
    return subprocess.run([sys.executable, "-m", "sitelint", *args], cwd=cwd, capture_output=True, text=True,
                          env=env, timeout=900)


def _made(done: subprocess.CompletedProcess[str], report: Path) -> Path:
    assert done.returncode in (0, 1), done.stderr[-3000:]
    assert report.is_file(), done.stderr[-3000:]
    return report


def demo_reports(workdir: Path) -> dict[str, Path]:
    """The four reports of the demo site: check (semantic rules on), ci and probe beside a real `mkdocs build` of
    its pages, and eval against the LABELS above."""
    site = copy_demo(workdir / "demo")
    built = copy_demo(workdir / "demo-mkdocs", mkdocs=True)
    (built / "labels.tsv").write_text(LABELS, encoding="utf-8")
    mkdocs = str(BIN / "mkdocs")
    out = workdir / "reports"
    out.mkdir(exist_ok=True)
    reports = {
        "check": _made(sitelint(site, "check", "--format", "html", "-o", str(out / "check.html")),
                       out / "check.html"),
        "ci": _made(sitelint(built, "ci", "--format", "html", "-o", str(out / "ci.html"), "--", mkdocs, "build"),
                    out / "ci.html"),
        "probe": _made(sitelint(built, "probe", "--format", "html", "-o", str(out / "probe.html"), "--", mkdocs,
                                "build"), out / "probe.html"),
        "eval": _made(sitelint(built, "eval", "labels.tsv", "--format", "html", "-o", str(out / "eval.html")),
                      out / "eval.html"),
    }
    return reports


SHOTS = (("check", "#overview", "report-overview.png"), ("check", "#duplicates", "report-duplicates.png"),
         ("check", "#staleness", "report-staleness.png"), ("probe", "#instruments", "report-probe.png"),
         ("check", "#rules", "report-rules.png"), ("eval", "#eval", "report-eval.png"),
         ("check", "#findings", "report-findings.png"))


def screenshots(target: Path) -> list[Path]:
    """PNGs of the demo reports' sections, for the README."""
    from browser import Browser, executable

    binary = executable()
    if binary is None:
        raise SystemExit("no chromium: run `make chromium` (apt-get install chromium)")
    written = []
    with tempfile.TemporaryDirectory(prefix="sitelint-shots-") as tmp:
        reports = demo_reports(Path(tmp))
        with Browser(binary) as browser:
            for name, selector, png in SHOTS:
                tab = browser.open(reports[name], width=1240)
                if selector == "#findings":
                    tab.evaluate("(() => { const s = document.getElementById('filter-dimension');"
                                 " s.value = 'duplication'; s.dispatchEvent(new Event('change')); })()")
                tab.screenshot(target / png, selector)
                written.append(target / png)
    return written


if __name__ == "__main__":
    for path in screenshots(Path(sys.argv[1] if len(sys.argv) > 1 else "docs")):
        print(path)
