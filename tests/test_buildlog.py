"""The build-log parsers against real logs, with the logs' MANIFEST.md as ground truth."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sitelint.build.logs import parse_log
from sitelint.build.logs.docusaurus import COLD_CACHE_NOTE

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "fixtures" / "build_logs"
SITES = ROOT / "fixtures" / "sites" / "defects"
# Where each framework's site keeps the pages of ../defect-pages (the manifest names them by file name only).
DOCS = {"docusaurus": "docs/acme", "vitepress": "docs", "mkdocs": "docs", "sphinx": "docs"}


def ground_truth() -> dict[tuple[str, int], str]:
    """(page file name, line) -> defect class, from the manifest's ground-truth table (build-visible rows)."""
    rows = re.findall(r"^\| (\S+\.md) line (\d+) \| .*? \| ([\w-]+)", (LOGS / "MANIFEST.md").read_text(), re.M)
    assert rows, "MANIFEST.md has no ground-truth rows"
    return {(page, int(line)): cls for page, line, cls in rows}


TRUTH = ground_truth()
LINK, ANCHOR_OTHER, ANCHOR_SAME, IMAGE = (
    ("broken-links.md", 3),
    ("broken-links.md", 5),
    ("broken-links.md", 7),
    ("missing-image.md", 5),
)

# Which ground-truth defects each log reports (MANIFEST.md, "The logs" and "What the builds said"),
# the exit status it shows, and the severity the build gave each defect.
CASES = [
    ("docusaurus/build.log", 1, {LINK: "warning", IMAGE: "error"}),
    ("docusaurus/build-pass2-no-image.log", 1, {LINK: "error"}),
    ("docusaurus/build-pass2-cleancache.log", 1, {LINK: "error"}),
    ("docusaurus/build-pass3.log", 0, {ANCHOR_OTHER: "warning", ANCHOR_SAME: "warning"}),
    ("docusaurus/build-pass3-cleancache.log", 0, {ANCHOR_OTHER: "warning", ANCHOR_SAME: "warning"}),
    ("vitepress/build.log", 1, {IMAGE: "error"}),
    ("vitepress/build-pass2-no-image.log", 1, {LINK: "error"}),
    ("vitepress/build-pass3.log", 0, {}),
    ("mkdocs/build.log", 0, {LINK: "warning", IMAGE: "warning", ANCHOR_OTHER: "info", ANCHOR_SAME: "info"}),
    ("mkdocs/build-strict.log", 1, {LINK: "error", IMAGE: "error", ANCHOR_OTHER: "info", ANCHOR_SAME: "info"}),
    (
        "mkdocs/build-strict-anchors-warn.log",
        1,
        {LINK: "error", IMAGE: "error", ANCHOR_OTHER: "error", ANCHOR_SAME: "error"},
    ),
    ("sphinx/myst-build.log", 0, {k: "warning" for k in (LINK, IMAGE, ANCHOR_OTHER, ANCHOR_SAME)}),
    ("sphinx/myst-build-W.log", 1, {k: "error" for k in (LINK, IMAGE, ANCHOR_OTHER, ANCHOR_SAME)}),
]


@pytest.mark.parametrize(("log", "status", "expected"), CASES, ids=[c[0] for c in CASES])
def test_log_matches_manifest(log: str, status: int, expected: dict[tuple[str, int], str]) -> None:
    framework = log.split("/")[0]
    site = SITES / framework
    result = parse_log((LOGS / log).read_text(encoding="utf-8"), "auto", site)
    assert result.framework == framework
    assert result.exit_status == status
    got = {(f.path, f.line, f.defect_class, f.severity) for f in result.findings}
    want = {(f"{DOCS[framework]}/{page}", line, TRUTH[(page, line)], sev) for (page, line), sev in expected.items()}
    assert got == want
    assert all(f.framework == framework for f in result.findings)


@pytest.mark.parametrize("log", ["vitepress/build-pass4-absimage.log", "vitepress/build-pass5-rawimg.log"])
def test_vitepress_asset_on_page_outside_the_template(log: str) -> None:
    result = parse_log((LOGS / log).read_text(encoding="utf-8"), "vitepress", SITES / "vitepress")
    assert [(f.path, f.defect_class, f.severity) for f in result.findings] == [
        ("docs/abs-image.md", "missing-asset", "error")
    ]
    assert result.exit_status == 1


def test_paths_relative_to_the_working_directory() -> None:
    log = (LOGS / "mkdocs/build.log").read_text(encoding="utf-8")
    result = parse_log(log, "mkdocs", SITES / "mkdocs", relative_to=ROOT)
    assert "fixtures/sites/defects/mkdocs/docs/broken-links.md" in result.pages


def test_logs_from_another_machine_map_without_the_site(tmp_path: Path) -> None:
    """Absolute paths from a CI runner map into the docs folder even when the files are not on this machine."""
    log = (LOGS / "sphinx/myst-build.log").read_text(encoding="utf-8")
    result = parse_log(log, "sphinx", tmp_path)
    assert result.pages == {"docs/broken-links.md", "docs/missing-image.md"}


def test_docusaurus_cold_cache_note_only_when_the_compile_warning_is_absent() -> None:
    warm = parse_log((LOGS / "docusaurus/build-pass2-no-image.log").read_text(), "auto", SITES / "docusaurus")
    cold = parse_log((LOGS / "docusaurus/build-pass2-cleancache.log").read_text(), "auto", SITES / "docusaurus")
    assert COLD_CACHE_NOTE in warm.notes
    assert COLD_CACHE_NOTE not in cold.notes


def test_docusaurus_route_mapping_follows_slug_id_and_route_base(tmp_path: Path) -> None:
    (tmp_path / "guides" / "01-setup").mkdir(parents=True)
    (tmp_path / "docusaurus.config.ts").write_text(
        "export default { baseUrl: '/acme/', presets: [['classic', { docs: { path: 'guides', "
        "routeBasePath: '/', sidebarPath: './sidebars.ts', versions: { current: { path: 'next' } } } }]] };\n"
    )
    (tmp_path / "guides" / "01-setup" / "02-install.md").write_text("---\nid: installing\n---\n# Install\n")
    (tmp_path / "guides" / "moved.md").write_text("---\nslug: /elsewhere/page\n---\n# Moved\n\nSee [x](#gone).\n")
    (tmp_path / "guides" / "01-setup" / "index.md").write_text("# Setup\n")
    # The current version's path is set explicitly ("next"), which Docusaurus puts in its routes even when there are
    # no other versions.
    log = (
        "[WARNING] Docusaurus found broken anchors!\n"
        "Exhaustive list of all broken anchors found:\n"
        "- Broken anchor on source page path = /acme/next/elsewhere/page:\n"
        "   -> linking to #gone (resolved as: /acme/next/elsewhere/page#gone)\n"
        "- Broken anchor on source page path = /acme/next/setup/installing:\n"
        "   -> linking to /acme/next/setup#missing\n"
        "- Broken anchor on source page path = /acme/next/setup/:\n"
        "   -> linking to /acme/next/setup/installing#nope\n"
    )
    result = parse_log(log, "docusaurus", tmp_path)
    got = {(f.path, f.line, f.defect_class) for f in result.findings}
    assert got == {
        ("guides/moved.md", 6, "broken-anchor"),
        ("guides/01-setup/02-install.md", None, "broken-anchor"),
        ("guides/01-setup/index.md", None, "broken-anchor"),
    }


def _broken_links(*routes: str) -> str:
    return "[ERROR] Error: Docusaurus found broken links!\n" + "".join(
        f"- Broken link on source page path = {route}:\n   -> linking to /nowhere\n" for route in routes)


def _docusaurus_site(root: Path, options: str = "", extra: str = "") -> None:
    (root / "docusaurus.config.js").write_text(
        f"module.exports = {{ baseUrl: '/', {extra} presets: [['classic', {{ docs: {{ {options} }} }}]] }};\n")
    for rel in ("docs/intro.md", "versioned_docs/version-2.0/intro.md", "versioned_docs/version-1.0/intro.md"):
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text("# Intro\n")


def test_docusaurus_versioned_routes_map_to_their_version_folders(tmp_path: Path) -> None:
    _docusaurus_site(tmp_path)
    (tmp_path / "versions.json").write_text('["2.0", "1.0"]\n')
    log = _broken_links("/docs/intro", "/docs/next/intro", "/docs/1.0/intro")
    # The newest version is served at the docs root, the docs folder under next/, older versions under their name.
    assert {f.path for f in parse_log(log, "docusaurus", tmp_path).findings} == {
        "versioned_docs/version-2.0/intro.md", "docs/intro.md", "versioned_docs/version-1.0/intro.md"}


def test_docusaurus_version_paths_follow_last_version_and_path_options(tmp_path: Path) -> None:
    _docusaurus_site(tmp_path, "lastVersion: 'current', versions: { '1.0': { path: 'legacy' } },")
    (tmp_path / "versions.json").write_text('["2.0", "1.0"]\n')
    log = _broken_links("/docs/intro", "/docs/2.0/intro", "/docs/legacy/intro")
    assert {f.path for f in parse_log(log, "docusaurus", tmp_path).findings} == {
        "docs/intro.md", "versioned_docs/version-2.0/intro.md", "versioned_docs/version-1.0/intro.md"}


def test_docusaurus_docs_folder_outside_the_site_folder(tmp_path: Path) -> None:
    # react-native-website's layout: the site in website/, its current docs in ../docs.
    site = tmp_path / "website"
    site.mkdir()
    _docusaurus_site(site, "path: '../docs',")
    (site / "versions.json").write_text('["2.0", "1.0"]\n')
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "intro.md").write_text("# Intro\n")
    log = _broken_links("/docs/next/intro", "/docs/intro")
    assert sorted(f.path for f in parse_log(log, "docusaurus", site, relative_to=tmp_path).findings) == [
        "docs/intro.md", "website/versioned_docs/version-2.0/intro.md"]


def test_docusaurus_translated_routes_fall_back_to_the_original_page(tmp_path: Path) -> None:
    _docusaurus_site(tmp_path, extra="i18n: { defaultLocale: 'en', locales: ['en', 'fr'] },")
    (tmp_path / "docs" / "other.md").write_text("# Other\n")
    translated = tmp_path / "i18n" / "fr" / "docusaurus-plugin-content-docs" / "current" / "intro.md"
    translated.parent.mkdir(parents=True)
    translated.write_text("# Introduction\n")
    log = _broken_links("/fr/docs/intro", "/fr/docs/other", "/docs/intro")
    assert sorted(f.path for f in parse_log(log, "docusaurus", tmp_path).findings) == [
        "docs/intro.md", "docs/other.md", "i18n/fr/docusaurus-plugin-content-docs/current/intro.md"]


def test_docusaurus_blog_routes_follow_dates_folders_and_slugs(tmp_path: Path) -> None:
    _docusaurus_site(tmp_path)
    posts = {"blog/2024-01-15-hello.md": "# Hello\n", "blog/2024-02-01-news/index.md": "# News\n",
             "blog/notes.md": "---\nslug: custom/path\n---\n# Notes\n", "blog/archive/old.mdx": "# Old\n"}
    for rel, text in posts.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    log = _broken_links("/blog/2024/01/15/hello", "/blog/2024/02/01/news", "/blog/custom/path", "/blog/archive/old")
    assert sorted(f.path for f in parse_log(log, "docusaurus", tmp_path).findings) == sorted(posts)


def test_docusaurus_unmapped_route_is_kept_and_noted(tmp_path: Path) -> None:
    log = (
        "[ERROR] Error: Unable to build website for locale en.\n"
        "  [cause]: Error: Docusaurus found broken links!\n"
        "  - Broken link on source page path = /blog/hello:\n"
        "     -> linking to /docs/nowhere\n"
    )
    result = parse_log(log, "auto", tmp_path)
    assert [(f.path, f.defect_class, f.severity) for f in result.findings] == [("/blog/hello", "broken-link", "error")]
    assert any("/blog/hello" in note for note in result.notes)


def test_docusaurus_mdx_syntax_error_and_duplicate_route(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("---\nslug: /same\n---\n# A\n")
    (tmp_path / "docs" / "b.md").write_text("---\nslug: /same\n---\n# B\n")
    log = (
        "[WARNING] Duplicate routes found!\n"
        "- Attempting to create page at /docs/same, but a page already exists at this route.\n"
        "This could lead to non-deterministic routing behavior.\n"
        "[ERROR] Client bundle compiled with errors therefore further build is impossible.\n"
        f'Error: MDX compilation failed for file "{tmp_path}/docs/b.md"\n'
        "Cause: Could not parse expression with acorn\n"
        "Details:\n"
        '{\n  "column": 3,\n  "line": 7,\n  "name": "7:3"\n}\n'
    )
    result = parse_log(log, "docusaurus", tmp_path)
    got = {(f.path, f.line, f.defect_class, f.severity) for f in result.findings}
    assert got == {
        ("docs/a.md", None, "duplicate-route", "warning"),
        ("docs/b.md", None, "duplicate-route", "warning"),
        ("docs/b.md", 7, "syntax-error", "error"),
    }


def test_vitepress_ansi_codes_are_stripped(tmp_path: Path) -> None:
    log = "\x1b[33m(!) Found dead link \x1b[1m./gone\x1b[22m in file \x1b[36mguide/a.md\x1b[39m\x1b[0m\nbuild error:\n"
    result = parse_log(log, "vitepress", tmp_path)
    assert [(f.path, f.defect_class) for f in result.findings] == [("guide/a.md", "broken-link")]


def test_mkdocs_continuation_lines_nav_and_conflicts(tmp_path: Path) -> None:
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: X\ndocs_dir: content\nmarkdown_extensions:\n"
        "  - pymdownx.emoji:\n      emoji_index: !!python/name:material.extensions.emoji.twemoji\n"
    )
    log = (
        "INFO    -  Cleaning site directory\n"
        'INFO    -  The following pages exist in the docs directory, but are not included in the "nav" configuration:\n'
        "  - orphan.md\n"
        "  - sub/lost.md\n"
        "WARNING -  A reference to 'missing.md' is included in the 'nav' configuration, which is not found in the "
        "documentation files.\n"
        "INFO    -  Excluding 'README.md' from the site because it conflicts with 'index.md'.\n"
        "WARNING -  Doc file 'a.md' contains an unrecognized relative link 'sub/', it was left as is.\n"
        "WARNING -  Something else entirely\n"
        "Aborted with 3 warnings in strict mode!\n"
    )
    result = parse_log(log, "auto", tmp_path)
    got = {(f.path, f.defect_class, f.severity) for f in result.findings}
    assert got == {
        ("content/orphan.md", "orphan-page", "info"),
        ("content/sub/lost.md", "orphan-page", "info"),
        ("mkdocs.yml", "broken-link", "error"),
        ("content/README.md", "duplicate-route", "info"),
        ("content/a.md", "broken-link", "error"),
        ("mkdocs.yml", "other", "error"),  # a message naming no page stands on the config, never on no file
    }
    assert result.exit_status == 1


FORMS = ROOT / "fixtures" / "sites" / "mkdocs-forms"


MKDOCS_16 = {
    ("docs/guide/unlisted.md", None, "orphan-page", "info"),
    ("mkdocs.yml", None, "broken-link", "warning"),  # gone.md in the nav
    ("docs/index.md", 5, "broken-link", "warning"),  # missing.md: MkDocs names no target when it is the link
    ("docs/index.md", 7, "other", "warning"),  # an absolute link
    ("docs/index.md", 9, "broken-link", "warning"),  # guide/: no file
    ("docs/index.md", 11, "broken-link", "info"),  # a link to an excluded draft
    ("docs/guide/setup.md", 5, "broken-link", "warning"),  # ../nowhere.md
    ("docs/guide/setup.md", 7, "missing-asset", "warning"),
}
MKDOCS_14 = {  # no exclude_docs or link validation settings yet: the draft is a page, absolute links are silent
    ("mkdocs.yml", None, "other", "warning"),  # "Unrecognised configuration name: exclude_docs"
    ("docs/drafts/idea.md", None, "orphan-page", "info"),
    ("docs/guide/unlisted.md", None, "orphan-page", "info"),
    ("mkdocs.yml", None, "broken-link", "warning"),
    ("docs/index.md", 5, "broken-link", "warning"),
    ("docs/guide/setup.md", 5, "broken-link", "warning"),  # logged as 'nowhere.md', written '../nowhere.md'
    ("docs/guide/setup.md", 7, "missing-asset", "warning"),  # logged as 'guide/img/diagram.png'
}


@pytest.mark.parametrize(("log", "expected"), [
    ("build-1.6.1.log", MKDOCS_16),
    ("build-strict-1.6.1.log", {(p, line, c, "error" if s == "warning" else s) for p, line, c, s in MKDOCS_16}),
    ("build-1.5.3.log", MKDOCS_16),  # "a relative link", "A relative path to ... in the 'nav'"
    ("build-1.4.3.log", MKDOCS_14),  # "Documentation file ... contains a link to ... which is not found"
])
def test_mkdocs_link_message_forms_from_real_builds(log: str, expected: set[tuple[str, int | None, str, str]]) -> None:
    """Every link form MkDocs 1.4 to 1.6 reports (fixtures/sites/mkdocs-forms, built with each `mkdocs build`): a
    page and a line for each, the class of each defect, and no finding without a file."""
    text = (LOGS / "mkdocs" / "forms" / log).read_text(encoding="utf-8")
    result = parse_log(text, "mkdocs", FORMS, relative_to=FORMS)
    assert {(f.path, f.line, f.defect_class, f.severity) for f in result.findings} == expected
    assert all(f.path for f in result.findings)
    assert result.exit_status == (1 if "strict" in log else 0)


def test_sphinx_toctree_and_reference_warnings(tmp_path: Path) -> None:
    log = (
        "/ci/proj/docs/orphan.rst: WARNING: document isn't included in any toctree [toc.not_included]\n"
        "/ci/proj/docs/index.rst:9: WARNING: toctree contains reference to nonexisting document 'nope' "
        "[toc.not_readable]\n"
        "/ci/proj/docs/api.rst:4: WARNING: undefined label: 'setup' [ref.ref]\n"
        "/ci/proj/docs/api.rst:12: ERROR: Unexpected indentation. [docutils]\n"
        "WARNING: html_static_path entry '_static' does not exist\n"
        "build finished with problems, 5 warnings.\n"
    )
    result = parse_log(log, "auto", tmp_path)
    got = {(f.path, f.line, f.defect_class, f.severity) for f in result.findings}
    assert got == {
        ("docs/orphan.rst", None, "orphan-page", "warning"),
        ("docs/index.rst", 9, "broken-link", "warning"),
        ("docs/api.rst", 4, "broken-anchor", "warning"),
        ("docs/api.rst", 12, "syntax-error", "error"),
        ("", None, "other", "warning"),
    }


def test_sphinx_old_style_warning_treated_as_error(tmp_path: Path) -> None:
    log = "Running Sphinx v6.2.1\nWarning, treated as error:\n/w/docs/index.rst:3:undefined label: 'x'\n"
    result = parse_log(log, "auto", tmp_path)
    assert [(f.path, f.line, f.defect_class, f.severity) for f in result.findings] == [
        ("docs/index.rst", 3, "broken-anchor", "error")
    ]
    assert result.exit_status == 1


def test_generic_log_is_read_and_flagged_unrecognised(tmp_path: Path) -> None:
    log = "building...\ndocs/a.md:12:3: warning: broken link to ./b.md\nsrc/x.md:4: error: image not found: y.png\n"
    result = parse_log(log, "auto", tmp_path)
    assert result.framework == "generic" and not result.recognised
    assert any("not recognised" in note for note in result.notes)
    assert {(f.path, f.line, f.defect_class, f.severity) for f in result.findings} == {
        ("docs/a.md", 12, "broken-link", "warning"),
        ("src/x.md", 4, "missing-asset", "error"),
    }


def test_auto_detection_falls_back_to_the_site_config(tmp_path: Path) -> None:
    (tmp_path / "mkdocs.yml").write_text("site_name: X\n")
    assert parse_log("", "auto", tmp_path).framework == "mkdocs"


def test_unknown_framework_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown framework 'hugo'"):
        parse_log("", "hugo")
