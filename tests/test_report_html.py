"""The HTML report: one file that loads nothing, page text always shown as text, and (in headless Chromium) every
section and chart drawn, the filters working, no console error and no page script run."""

from __future__ import annotations

import base64
import hashlib
import html.parser
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from report_support import TODAY, demo_reports, sitelint

from conftest import shared, write_site
from sitelint.model import Finding, Location
from sitelint.pipeline.parse import parse_page
from sitelint.report import clusters, groups as report_groups, staleness

SECTIONS = ("overview", "instruments", "duplicates", "staleness", "rules", "eval", "findings", "explain", "notes")
CHARTS = {"check": {"pages", "findings", "scores", "timeline", "rule-health", "redundancy"}}
CHARTS["ci"] = CHARTS["check"] | {"overlap"}
CHARTS["probe"] = CHARTS["check"] | {"probe"}
CHARTS["eval"] = CHARTS["check"] | {"eval"}
PWNED = "window.__sitelintPwned"
HOSTILE = {
    "docs/hostile.md": f"---\ntitle: \"<script>{PWNED}=1</script>\"\n---\n\n# <img src=x onerror=\"{PWNED}=2\">\n\n"
                       f"TODO: <script>{PWNED}=4</script> write this.\n\n[Open it](javascript:{PWNED}=3)\n\n"
                       f"## Limits &lt;script&gt;{PWNED}=6&lt;/script&gt;\n\n## Next\n\nSee the guide.\n",
    f"docs/\"><img src=x onerror={PWNED}=5>/thin.md": "# Thin <b>bold</b>\n\nNot much here.\n",
    "docs/guide.md": "# Guide\n\n" + " ".join(f"Step {i} of the guide explains how the {w} part of the service works "
                                              "when a request comes in with its token." for i, w in
                                              enumerate(["login", "billing", "export", "import", "search", "upload",
                                                         "audit", "backup", "restore", "invite", "notify"])) + "\n",
}


class Markup(html.parser.HTMLParser):
    """Every tag and attribute of a document, and its text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {k: v or "" for k, v in attrs}))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parsed(document: str) -> Markup:
    out = Markup()
    out.feed(document)
    return out


def _hostile(tmp_path: Path) -> Path:
    from conftest import git

    site = write_site(tmp_path / "hostile", HOSTILE)
    # Old pages with nothing else against them are reported, so the timeline shows the hostile folder's name.
    (site / "sitelint.toml").write_text("[rule.STL001]\nalone = true\n", encoding="utf-8")
    git(site, "init", "-q", "-b", "main")
    git(site, "add", "-A")
    git(site, "commit", "-q", "-m", "pages", date="2023-03-01T10:00:00")
    return site


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return demo_reports(tmp_path_factory.mktemp("demo-reports"))


def test_the_report_is_one_file_that_loads_nothing_and_runs_only_its_own_script(tmp_path: Path) -> None:
    site = _hostile(tmp_path)
    done = sitelint(site, "check", "--format", "html", "-o", "report.html", "--no-semantic")
    assert done.returncode == 1, done.stderr
    document = (site / "report.html").read_text(encoding="utf-8")
    tags = parsed(document).tags
    assert not [t for t, a in tags if t in ("link", "iframe", "object", "embed", "img", "base")]
    assert not [a for _, a in tags if a.get("src") or (a.get("href") and not a["href"].startswith("#"))]
    assert not re.search(r"url\((?!#)|@import", document), "CSS and SVG refer only to the document itself"
    scripts = re.findall(r"<script>(.*?)</script>", document, re.S)
    assert len(scripts) == 1 == sum(t == "script" for t, _ in tags)
    digest = base64.b64encode(hashlib.sha256(scripts[0].encode("utf-8")).digest()).decode()
    policy = next(a["content"] for t, a in tags if t == "meta" and a.get("http-equiv") == "Content-Security-Policy")
    assert "default-src 'none'" in policy and f"script-src 'sha256-{digest}'" in policy


def test_titles_headings_paths_and_excerpts_from_pages_render_as_text(tmp_path: Path) -> None:
    site = _hostile(tmp_path)
    sitelint(site, "check", "--format", "html", "-o", "report.html", "--no-semantic")
    document = (site / "report.html").read_text(encoding="utf-8")
    markup = parsed(document)
    assert not [(t, k) for t, a in markup.tags for k in a if k.startswith("on")], "no event handler attribute"
    assert not [a for _, a in markup.tags if "javascript:" in a.get("href", "").lower()]
    assert sum(t == "img" for t, _ in markup.tags) == 0
    text = "".join(markup.text)
    for shown in (f"<script>{PWNED}=1</script>", f"<img src=x onerror={PWNED}=5>", f"<script>{PWNED}=6</script>"):
        assert shown in text, shown
    # The timeline's tick labels name the hostile folder too: matplotlib writes them as escaped SVG text.
    assert "onerror=window.__sitelintPwned=5&gt;/thin.md" in document.split('data-chart="timeline"')[1]


def _page(path: str, text: str) -> Any:
    return parse_page(path, Path("/site") / path, text)


def test_duplication_findings_join_into_connected_clusters_with_the_copy_to_change() -> None:
    text = "# A\n\nThe release goes live in seconds because the files are already stored on the network.\n"
    pages = {p.path: p for p in (_page("docs/a.md", text), _page("docs/b.md", text.replace("seconds", "minutes")),
                                 _page("docs/c.md", text), _page("docs/d.md", text), _page("docs/e.md", text))}

    def dup(path: str, other: str, note: str) -> Finding:
        return Finding("DUP003", "copied-passage", "duplication", "warning", path, 3, 3,
                       f"Copied passage: 15 words also on {other}:3; {note}", (Location(other, 3, 3),))

    found = clusters.clusters([dup("docs/a.md", "docs/b.md", "this copy looks canonical (oldest)"),
                               dup("docs/b.md", "docs/c.md", "docs/a.md looks canonical (oldest)"),
                               dup("docs/d.md", "docs/e.md", "docs/e.md looks canonical (shortest path)")], pages)
    assert [[p.path for p in c.places] for c in found] == [["docs/a.md", "docs/b.md", "docs/c.md"],
                                                           ["docs/d.md", "docs/e.md"]]
    first = found[0]
    assert first.canonical == Location("docs/a.md", 3, 3) and first.why_canonical == "oldest"
    assert first.to_change == ("docs/b.md", "docs/c.md")
    # Each diff is of two places one finding names together, the canonical copy on the left.
    assert [(d.left.path, d.right.path) for d in first.diffs] == [("docs/a.md", "docs/b.md"),
                                                                  ("docs/b.md", "docs/c.md")]
    assert [s.text for s in first.diffs[0].right_text if s.drift] == ["minutes"]
    assert [s.text for s in first.diffs[1].left_text if s.drift] == ["minutes"]
    assert clusters.diff(first.places[0], first.places[2], pages).ratio == 1.0


def test_a_diff_shows_the_stretch_two_passages_share_with_its_drift() -> None:
    shared = "A rollback makes an earlier release live again and nothing is uploaded to the network at all."
    before = " ".join(f"Unrelated word{i}." for i in range(60))
    pages = {"docs/a.md": _page("docs/a.md", f"# A\n\n{before} {shared}\n"),
             "docs/b.md": _page("docs/b.md", f"# B\n\n{shared.replace('earlier', 'older')} The end.\n")}
    found = clusters.diff(Location("docs/a.md", 3, 3), Location("docs/b.md", 3, 3), pages)
    left = " ".join(s.text for s in found.left_text)
    assert found.cut == ((True, False), (False, False)), "only what comes before the shared stretch is left out"
    assert "word10." not in left and left.endswith(shared.split(" ", 3)[-1])
    assert [s.text for s in found.right_text if s.drift] == ["older", "The end."]


def test_staleness_dates_come_from_the_findings_messages_and_translations_meet_their_source() -> None:
    def stl(rule: str, path: str, message: str) -> Finding:
        return Finding(rule, "x", "staleness", "info", path, 1, None, message)

    ja = "i18n/ja/docusaurus-plugin-content-docs/current/a.md"
    findings = [
        stl("STL001", "docs/a.md", "Stale page: no content change in 700 days (last 2025-01-02 by Docs Writer)"),
        stl("STL006", "docs/b.md", "Code drift: 'src/x.js' changed on 2026-05-01, 90 days after this page's last "
                                   "content change (2026-01-31)"),
        stl("STL007", ja, "Translation lags its source: docs/a.md changed on 2025-01-02, 200 days after this "
                          "translation (2024-06-16)"),
    ]
    dates = staleness.dated(findings)
    assert [(d.path, str(d.last_change)) for d in dates] == [
        (ja, "2024-06-16"), ("docs/a.md", "2025-01-02"), ("docs/b.md", "2026-01-31")]
    assert [kind for _, kind in dates[0].events] == [staleness.LAST_CHANGE, staleness.SOURCE_CHANGE]
    assert [kind for _, kind in dates[2].events] == [staleness.LAST_CHANGE, staleness.CODE_CHANGE]
    text = "# A\n\nWords.\n"
    pages = {"docs/a.md": _page("docs/a.md", text), ja: parse_page(ja, Path("/site/x"), text, variant="i18n:ja"),
             "i18n/ja/other.md": parse_page("i18n/ja/other.md", Path("/site/y"), text, variant="i18n:ja")}
    sources = {ja: "docs/a.md", "i18n/ja/other.md": "docs/other.md", "i18n/fr/a.md": "docs/a.md"}
    pairs = staleness.translations(sources, pages, dates, findings)
    assert [(t.path, t.language, t.source, t.behind_days, bool(t.lag)) for t in pairs] == [
        (ja, "ja", "docs/a.md", 200, True), ("i18n/ja/other.md", "ja", "docs/other.md", None, False)]


def test_the_largest_groups_of_findings_share_a_cause_across_pages() -> None:
    def thin(path: str, words: int) -> Finding:
        return Finding("SUB001", "thin-page", "substance", "warning", path, 1, None,
                       f"Thin page: {words} words of prose (minimum 70)")

    other = Finding("SUB002", "placeholder-text", "substance", "warning", "docs/a.md", 3, None, "Placeholder 'TODO'")
    groups = report_groups.groups([thin("docs/a.md", 3), thin("docs/b.md", 40), thin("docs/c.md", 9), other])
    assert groups[0]["rule"] == "SUB001" and groups[0]["pages"] == ["docs/a.md", "docs/b.md", "docs/c.md"]
    assert groups[0]["cause"] == "Thin page: N words of prose (minimum N)"
    assert all(g["rule"] != "SUB002" for g in groups), "a cause on one page is no group"


def test_other_formats_never_import_the_html_reports_libraries(tmp_path: Path) -> None:
    site = write_site(tmp_path, {"docs/a.md": "# A\n\nA short page.\n"})
    code = ("import sys\nfrom click.testing import CliRunner\nfrom sitelint.cli import main\n"
            "CliRunner().invoke(main, ['check', '--format', 'json', '--no-semantic'])\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'matplotlib', 'jinja2'}))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=site, capture_output=True, text=True, timeout=300,
                         env={**os.environ, "SITELINT_TODAY": TODAY})
    assert out.stdout.strip().splitlines()[-1] == "[]", out.stderr


def test_eval_history_has_no_html_report_and_says_so(tmp_path: Path) -> None:
    done = sitelint(write_site(tmp_path, {"docs/a.md": "# A\n\nWords.\n"}), "eval", "--history", "--format", "html")
    assert done.returncode == 2 and "--format html reports an evaluation against labels" in done.stderr


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from browser import Browser, executable

    binary = executable()
    if binary is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is missing: the Makefile installs it (make chromium)")
        pytest.skip("chromium is not installed (make chromium installs it with apt-get)")
    with Browser(binary) as opened:
        yield opened


CHECKS = """(() => {
  const box = e => { const r = e.getBoundingClientRect(); return [Math.round(r.width), Math.round(r.height)]; };
  return {
    sections: Object.fromEntries([...document.querySelectorAll("section[data-section]")].map(s => [s.id, box(s)])),
    charts: Object.fromEntries([...document.querySelectorAll("figure[data-chart]")].map(f => {
      const svg = f.querySelector("svg");
      return [f.dataset.chart, svg ? [...box(svg), svg.querySelectorAll("path, use, text").length] : null]; })),
    links: [...document.querySelectorAll("a.rule-link")].map(a => a.getAttribute("href"))
      .filter(h => !document.getElementById(h.slice(1))),
    scripts: document.scripts.length, pwned: typeof window.__sitelintPwned,
    ids: (ids => ids.length - new Set(ids).size)([...document.querySelectorAll("[id]")].map(e => e.id)),
  };
})()"""
FILTER = """((key, value) => {
  const select = document.getElementById("filter-" + key);
  select.value = value;
  select.dispatchEvent(new Event("change"));
  const rows = [...document.querySelectorAll("#findings-table tbody tr")];
  const shown = rows.filter(r => !r.hidden && r.offsetHeight > 0);
  return {shown: shown.length, matching: rows.filter(r => r.dataset[key] === value).length,
          others: shown.filter(r => r.dataset[key] !== value).length,
          count: document.getElementById("findings-shown").textContent, total: rows.length};
})"""


def _check_in_browser(browser: Any, report: Path, charts: set[str]) -> dict[str, Any]:
    tab = browser.open(report)
    seen = tab.evaluate(CHECKS)
    assert set(seen["sections"]) == set(SECTIONS), seen["sections"]
    assert all(w > 300 and h > 40 for w, h in seen["sections"].values()), seen["sections"]
    assert charts <= set(seen["charts"]), (charts, seen["charts"])
    for name, drawn in seen["charts"].items():
        assert drawn is not None and drawn[0] > 150 and drawn[1] > 60 and drawn[2] > 10, (name, drawn)
    assert seen["links"] == [], "every rule link has its explain text"
    assert seen["scripts"] == 1 and seen["pwned"] == "undefined"
    assert seen["ids"] == 0, "no id is used twice (the charts' own ids are prefixed with the chart's name)"
    # Filter by the rule of the last finding listed (a site's findings come from more than one rule).
    rule = tab.evaluate('[...document.querySelectorAll("#findings-table tbody tr")].pop().dataset.rule')
    chosen = tab.evaluate(f"{FILTER}('rule', {json.dumps(rule)})")
    assert 0 < chosen["shown"] == chosen["matching"] < chosen["total"] and chosen["others"] == 0
    assert chosen["count"] == str(chosen["shown"])
    everything = tab.evaluate(FILTER + "('rule', '')")
    assert everything["shown"] == everything["total"]
    assert tab.console_errors() == [] and tab.requests() == [] and tab.dialogs() == []
    return seen


@pytest.mark.slow
@pytest.mark.parametrize("name", ["check", "ci", "probe", "eval"])
def test_the_demo_sites_reports_render_in_chromium(browser: Any, demo: dict[str, Path], name: str) -> None:
    _check_in_browser(browser, demo[name], CHARTS[name])


@pytest.mark.slow
def test_no_script_from_a_page_runs_in_chromium(browser: Any, tmp_path: Path) -> None:
    site = _hostile(tmp_path)
    sitelint(site, "check", "--format", "html", "-o", "report.html", "--no-semantic")
    tab = browser.open(site / "report.html")
    assert tab.evaluate("typeof window.__sitelintPwned") == "undefined"
    assert tab.dialogs() == [] and tab.console_errors() == [] and tab.requests() == []
    text = tab.evaluate("document.body.innerText")
    assert f"<script>{PWNED}=1</script>" in text and f"<img src=x onerror={PWNED}=5>" in text


@pytest.mark.slow
def test_a_shared_corpus_report_renders_in_chromium(browser: Any, tmp_path: Path) -> None:
    corpus = shared("corpora", "starlight")
    site = tmp_path / "starlight"
    made = subprocess.run([sys.executable, str(corpus.parent / "make_repo.py"), str(corpus), str(site)],
                          capture_output=True, text=True, timeout=600)
    assert made.returncode == 0, made.stderr
    done = sitelint(site, "check", "--format", "html", "-o", str(tmp_path / "report.html"), "--no-semantic")
    assert done.returncode in (0, 1), done.stderr[-3000:]
    _check_in_browser(browser, tmp_path / "report.html", CHARTS["check"])
