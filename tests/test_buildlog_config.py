"""Severity gaps read from the frameworks' config files (parsed, never executed)."""

from __future__ import annotations

from pathlib import Path

from sitelint.build.logs import parse_log
from sitelint.build.severity import read_build_config

SITES = Path(__file__).resolve().parent.parent / "fixtures" / "sites" / "defects"


def test_docusaurus_defaults_of_the_defect_site() -> None:
    config = read_build_config("docusaurus", SITES / "docusaurus")
    assert config.config_file == "docusaurus.config.js"
    assert config.passing == {"broken-anchor", "duplicate-route", "orphan-page"}
    md = next(g for g in config.gaps if g.setting.startswith("onBrokenMarkdownLinks"))
    assert md.source == "docusaurus.config.js" and not md.passes


def test_docusaurus_ts_config_with_comments_and_hooks(tmp_path: Path) -> None:
    (tmp_path / "docusaurus.config.ts").write_text(
        "import type {Config} from '@docusaurus/types';\n"
        "// onBrokenLinks: 'throw' is what we used to have\n"
        "const config: Config = {\n"
        "  url: 'https://x.org', // a URL with // inside a string is not a comment\n"
        "  onBrokenLinks: 'warn',\n"
        "  onBrokenAnchors: 'throw',\n"
        "  markdown: { format: 'detect', hooks: { onBrokenMarkdownLinks: 'throw', onBrokenMarkdownImages: 'warn' } },\n"
        "};\nexport default config;\n"
    )
    config = read_build_config("docusaurus", tmp_path)
    assert config.passing == {"broken-link", "missing-asset", "duplicate-route", "orphan-page"}
    assert not any(g.setting.startswith("onBrokenMarkdownLinks") for g in config.gaps)


def test_docusaurus_without_config_uses_defaults(tmp_path: Path) -> None:
    config = read_build_config("docusaurus", tmp_path)
    assert config.passing == {"broken-anchor", "duplicate-route", "orphan-page"}
    assert all(g.source == "default" for g in config.gaps)


def test_mkdocs_defaults_without_and_with_strict() -> None:
    loose = read_build_config("mkdocs", SITES / "mkdocs")
    assert loose.passing == {"broken-link", "missing-asset", "broken-anchor", "orphan-page", "syntax-error"}
    strict = read_build_config("mkdocs", SITES / "mkdocs", ["mkdocs", "build", "--strict"])
    assert strict.passing == {"broken-anchor", "orphan-page", "broken-link", "syntax-error"}
    anchors = [g for g in strict.gaps if g.defect_class == "broken-anchor"]
    assert [g.setting for g in anchors] == ["validation.links.anchors: info"]
    # unrecognized_links stays at info under --strict: the broken-link gap that remains is that one.
    assert {g.setting for g in strict.gaps if g.defect_class == "broken-link"} == {
        "validation.links.unrecognized_links: info"
    }


def test_mkdocs_yml_with_python_tags_and_flat_validation(tmp_path: Path) -> None:
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: X\nstrict: true\n"
        "validation:\n  anchors: warn\n  omitted_files: warn\n  unrecognized_links: warn\n"
        "markdown_extensions:\n  - pymdownx.superfences:\n      custom_fences:\n"
        "        - name: mermaid\n          format: !!python/name:pymdownx.superfences.fence_code_format\n"
        "extra:\n  analytics: !ENV [GA_KEY, 'none']\n"
    )
    config = read_build_config("mkdocs", tmp_path)
    assert config.passing == {"syntax-error"}


def test_mkdocs_malformed_yaml_names_the_file(tmp_path: Path) -> None:
    (tmp_path / "mkdocs.yml").write_text("site_name: [unclosed\n")
    config = read_build_config("mkdocs", tmp_path)
    assert any("mkdocs.yml" in note and "not valid YAML" in note for note in config.notes)
    assert "broken-anchor" in config.passing
    log = "WARNING -  Doc file 'a.md' contains a link 'b.md', but the target 'b.md' is not found among doc files.\n"
    build = parse_log(log, "mkdocs", tmp_path)
    assert build.pages == {"docs/a.md"} and any("not valid YAML" in note for note in build.notes)


def test_vitepress_ignore_dead_links(tmp_path: Path) -> None:
    assert read_build_config("vitepress", SITES / "vitepress").passing == {
        "broken-anchor",
        "orphan-page",
        "duplicate-route",
    }
    (tmp_path / ".vitepress").mkdir()
    (tmp_path / ".vitepress" / "config.ts").write_text("export default defineConfig({ ignoreDeadLinks: true })\n")
    config = read_build_config("vitepress", tmp_path)
    assert "broken-link" in config.passing
    assert config.config_file == ".vitepress/config.ts"


def test_sphinx_flags_from_command_makefile_and_conf(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "conf.py").write_text(
        "import os\nnitpicky = True\nsuppress_warnings = ['image.not_readable']\nproject = os.environ['X']\n"
    )
    plain = read_build_config("sphinx", tmp_path, ["sphinx-build", "-b", "html", "docs", "out"])
    assert {"broken-link", "broken-anchor", "missing-asset", "orphan-page"} <= plain.passing
    assert not any("nitpicky" in g.setting for g in plain.gaps)
    strict = read_build_config("sphinx", tmp_path, ["sphinx-build", "-W", "--keep-going", "docs", "out"])
    assert strict.passing == {"duplicate-route", "missing-asset"}  # the image warnings are suppressed in conf.py
    (tmp_path / "docs" / "Makefile").write_text("SPHINXOPTS    ?= -W -n\nSPHINXBUILD   ?= sphinx-build\n")
    assert read_build_config("sphinx", tmp_path, ["make", "-C", "docs", "html"]).passing == strict.passing


def test_sphinx_log_shows_warnings_as_errors() -> None:
    config = read_build_config("sphinx", SITES / "sphinx", log_text="build finished (with warnings treated as errors)")
    assert config.passing == {"duplicate-route", "broken-link"}  # broken-link: API references need -n
