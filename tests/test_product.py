"""The current version of the documented product: where sites keep it, and the note that says where it came from."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
from pathlib import Path

import pytest

from conftest import write_site
from sitelint import api, config as configmod, gitinfo
from sitelint.sites.product import Version, find_product

PRIVATE_SITE = json.dumps({"name": "docs", "version": "0.0.1", "private": True,
                           "dependencies": {"@acme/harbor": "workspace:*", "astro": "^5"}})


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")


@pytest.mark.parametrize(("files", "site", "version", "where"), [
    ({"mkdocs.yml": "site_name: H\nextra:\n  social: []\n  version: 2.4.1\n"}, ".", "2.4.1", "mkdocs.yml"),
    ({"website/versions.json": '["0.76", "0.75"]', "website/package.json": '{"private": true, "version": "0.0.0"}'},
     "website", "0.76", "website/versions.json"),
    # A monorepo: the docs site is private; the package it depends on through the workspace is the product.
    ({"docs/package.json": PRIVATE_SITE,
      "packages/harbor/package.json": '{"name": "@acme/harbor", "version": "5.2.0"}',
      "packages/create-harbor/package.json": '{"name": "create-harbor", "version": "1.0.3"}'},
     "docs", "5.2.0", "packages/harbor/package.json"),
    ({"pyproject.toml": "[project]\nname = 'harbor-py'\ndynamic = ['version']\n",
      "harbor_py/__init__.py": '"""Harbor."""\n\n__version__ = "0.115.2"\n'}, ".", "0.115.2", "harbor_py/__init__.py"),
    ({"pyproject.toml": "[project]\nname = 'harbor'\ndynamic = ['version']\n[tool.hatch.version]\n"
                        "path = 'harbor/version.py'\n",
      "harbor/version.py": "VERSION = '2.12.0'\n"}, ".", "2.12.0", "harbor/version.py"),
    # The version kept as numbers; the package.json beside it only builds the docs' assets, a stale number.
    ({"pyproject.toml": "[project]\nname = 'harbor'\ndynamic = ['version']\n[tool.hatch.version]\n"
                        "path = 'harbor/__meta__.py'\n",
      "harbor/__meta__.py": '__version_info__ = Version(11, 0, 0, "final")\n'
                            "__version__ = __version_info__._get_canonical()\n",
      "package.json": '{"name": "harbor", "version": "8.1.2", "scripts": {"build": "gulp"}, '
                      '"devDependencies": {"gulp": "^5"}}'}, ".", "11.0.0", "harbor/__meta__.py"),
    ({"pyproject.toml": "[project]\nname = 'harbor'\ndynamic = ['version']\n",
      "harbor/__init__.py": "VERSION = (5, 1, 0, 'alpha', 0)\n"}, ".", "5.1.0", "harbor/__init__.py"),
    ({"pyproject.toml": "[project]\nname = 'harbor'\nversion = '3.1.0'\n"}, "docs", "3.1.0", "pyproject.toml"),
    ({"lerna.json": '{"version": "7.0.2"}', "package.json": '{"private": true, "version": "0.0.0"}'},
     ".", "7.0.2", "lerna.json"),
    # A Rust workspace's shared version; a crate of the repository's tooling (`publish = false`) is not the product.
    ({"Cargo.toml": "[workspace]\nmembers = ['harbor-term']\n[workspace.package]\nversion = '25.7.1'\n",
      "book/book.toml": "[book]\n"}, "book", "25.7.1", "Cargo.toml"),
    ({"Cargo.toml": "[package]\nname = 'harbor'\nversion = '0.29.0'\n",
      "xtask/Cargo.toml": "[package]\nname = 'xtask'\nversion = '0.1.0'\npublish = false\n"},
     "xtask", "0.29.0", "Cargo.toml"),
], ids=["mkdocs-extra", "docusaurus-versions", "workspace-package", "dunder-version", "hatch-path",
        "version-numbers-beside-build-tooling", "django-version-tuple", "repo-pyproject",
        "lerna", "cargo-workspace", "cargo-unpublished"])
def test_current_version_is_found_where_the_site_keeps_it(tmp_path: Path, files: dict[str, str], site: str,
                                                          version: str, where: str) -> None:
    _write(tmp_path, files)
    (tmp_path / site).mkdir(exist_ok=True)
    product = find_product(tmp_path / site, {}, tmp_path)
    assert product.version is not None and (product.version.text, product.source) == (version, where)


def _site_depending_on(*names: str) -> str:
    return json.dumps({"name": "website", "private": True, "dependencies": dict.fromkeys(names, "workspace:*")})


def test_the_product_is_the_core_a_sites_plugin_belongs_to_or_the_version_a_family_shares(tmp_path: Path) -> None:
    """The docs site builds with a plugin of the product (`@harbor/plugin-sass`): the product is the package named
    like the repository (`@harbor/core`). A site depending on several packages of one scope released together
    (one version for all) documents that version; of a scope's packages at different versions, none is chosen."""
    repo = tmp_path / "harbor"
    _write(repo, {"website/package.json": _site_depending_on("@harbor/plugin-sass"),
                  "packages/core/package.json": '{"name": "@harbor/core", "version": "2.2.0"}',
                  "packages/plugin-sass/package.json": '{"name": "@harbor/plugin-sass", "version": "2.0.1"}'})
    product = find_product(repo / "website", {}, repo)
    assert product.version is not None and (product.version.text, product.name, product.source) == (
        "2.2.0", "core", "packages/core/package.json")
    family = tmp_path / "federation"
    packages = {"runtime": "2.8.2", "error-codes": "2.8.2", "docs-plugin": "2.8.2"}
    _write(family, {"apps/website/package.json": _site_depending_on(*(f"@fed/{n}" for n in packages)),
                    **{f"packages/{n}/package.json": json.dumps({"name": f"@fed/{n}", "version": v})
                       for n, v in packages.items()}})
    product = find_product(family / "apps" / "website", {}, family)
    assert product.version is not None and (product.version.text, product.name) == ("2.8.2", "fed")
    _write(family, {"packages/docs-plugin/package.json": '{"name": "@fed/docs-plugin", "version": "0.3.0"}'})
    assert find_product(family / "apps" / "website", {}, family).version is None


def test_a_private_docs_package_is_not_the_product(tmp_path: Path) -> None:
    _write(tmp_path, {"package.json": '{"name": "docs", "version": "0.0.1", "private": true}'})
    assert find_product(tmp_path, {}, tmp_path).version is None


def test_the_version_is_looked_for_beside_the_framework_config_too(tmp_path: Path) -> None:
    # A Docusaurus site in packages/website of a monorepo whose project is the repository's root.
    _write(tmp_path / "a", {"packages/website/docusaurus.config.mjs": "export default {};",
                            "packages/website/versions.json": '["v4", "v3", "legacy"]',
                            "package.json": '{"private": true, "workspaces": ["packages/*"]}'})
    product = find_product(tmp_path / "a", {}, tmp_path / "a", config_dirs=[tmp_path / "a/packages/website"])
    assert product.version is not None and (product.version.text, product.source) == (
        "v4", "packages/website/versions.json")
    # The docs app of a family of packages depends on several through the workspace: the one named as the repository
    # (`harbor-core` in harbor/) is the product; with none so named, none is.
    site = json.dumps({"private": True, "dependencies": {"harbor-core": "workspace:*", "harbor-ui": "workspace:*"}})
    family = {"apps/docs/package.json": site, "apps/docs/source.config.ts": "export default {};",
              "packages/ui/package.json": '{"name": "harbor-ui", "version": "16.1.0"}',
              "packages/asyncapi/package.json": '{"name": "harbor-asyncapi", "version": "0.2.1"}',
              "packages/core/package.json": '{"name": "harbor-core", "version": "16.12.1"}'}
    _write(tmp_path / "harbor", family)
    product = find_product(tmp_path / "harbor", {}, tmp_path / "harbor", config_dirs=[tmp_path / "harbor/apps/docs"])
    assert product.version is not None and (product.version.text, product.source) == (
        "16.12.1", "packages/core/package.json")
    _write(tmp_path / "dock", family)
    assert find_product(tmp_path / "dock", {}, tmp_path / "dock", config_dirs=[tmp_path / "dock/apps/docs"]
                        ).version is None


@pytest.mark.parametrize("files", [
    # Astro's starter leaves the site's own package.json unmarked and at 0.0.1.
    {"package.json": json.dumps({"name": "harbor.rs", "type": "module", "version": "0.0.1",
                                 "dependencies": {"astro": "^5", "@astrojs/starlight": "^0.30"}})},
    # A workspace of the repository's docs tooling, not a package (rye's `virtual`, uv's `package = false`).
    {"pyproject.toml": "[project]\nname = 'harbor-dev'\nversion = '1.0.0'\ndependencies = ['mkdocs']\n"
                       "[tool.rye]\nvirtual = true\n"},
    {"pyproject.toml": "[project]\nname = 'harbor-docs'\nversion = '0.1.0'\n[tool.uv]\npackage = false\n"},
    # A Hugo site's front-end tooling: its scripts run the site's generator, its `main` is what `npm init` wrote.
    {"package.json": json.dumps({"name": "harbor-site", "version": "1.0.0", "main": "gulpfile.js",
                                 "scripts": {"build:css": "sass ./themes/x/sass:./static/css", "build:hugo": "hugo"}}),
     "hugo.toml": "baseURL = 'https://example.org/'\n"},
], ids=["astro-site-package", "rye-virtual", "uv-not-a-package", "hugo-site-tooling"])
def test_a_docs_sites_own_project_is_not_the_product(tmp_path: Path, files: dict[str, str]) -> None:
    _write(tmp_path, files)
    assert find_product(tmp_path, {}, tmp_path).version is None


def test_a_package_that_depends_on_its_docs_framework_and_publishes_is_the_product(tmp_path: Path) -> None:
    _write(tmp_path, {"package.json": json.dumps({"name": "starlight-harbor", "version": "0.4.2",
                                                  "exports": {".": "./index.ts"},
                                                  "devDependencies": {"@astrojs/starlight": "^0.30"}})})
    product = find_product(tmp_path, {}, tmp_path)
    assert product.version is not None and product.version.text == "0.4.2"


def test_newest_version_tag_is_the_last_resort(tmp_path: Path) -> None:
    write_site(tmp_path, {"docs/page.md": "# Page\n"},
               commits=[{"date": "2026-01-01T12:00:00", "paths": ["docs/page.md"]}])
    for tag in ("v1.9.0", "v1.10.0", "nightly"):
        subprocess.run(["git", "tag", tag], cwd=tmp_path, check=True)
    product = find_product(tmp_path, {}, tmp_path, lambda: gitinfo.version_tags(tmp_path))
    assert product.version is not None and (product.version.text, product.source) == ("1.10.0", "git tag v1.10.0")


def test_a_lone_published_side_package_no_tag_names_is_not_the_product(tmp_path: Path) -> None:
    # A monorepo of private apps and one published helper (`emailo` at 0.0.1) that tags the product's releases
    # `v0.23.0`: the helper is not what the docs are about; the newest version tag is. Where a tag names the lone
    # package's version, that package is the product.
    write_site(tmp_path, {"packages/docs/intro.md": "# Intro\n"}, {
        "package.json": '{"name": "harbor", "private": true, "version": "0.0.3"}',
        "packages/api/package.json": '{"name": "api", "private": true, "version": "0.0.3"}',
        "packages/emailo/package.json": '{"name": "emailo", "version": "0.0.1", "main": "index.js"}',
    }, commits=[{"date": "2026-01-01T12:00:00", "paths": ["packages/docs/intro.md", "package.json",
                                                         "packages/api/package.json", "packages/emailo/package.json"]}])
    for tag in ("v0.22.0", "v0.23.0", "v0.24.0-alpha.3"):
        subprocess.run(["git", "tag", tag], cwd=tmp_path, check=True)
    product = find_product(tmp_path / "packages" / "docs", {}, tmp_path, lambda: gitinfo.version_tags(tmp_path))
    assert product.version is not None and (product.version.text, product.source) == ("0.23.0", "git tag v0.23.0")
    subprocess.run(["git", "tag", "emailo@0.0.1"], cwd=tmp_path, check=True)
    product = find_product(tmp_path / "packages" / "docs", {}, tmp_path, lambda: gitinfo.version_tags(tmp_path))
    assert product.version is not None and product.source == "packages/emailo/package.json"


def test_version_tags_sort_by_their_numbers_with_or_without_a_v(tmp_path: Path) -> None:
    # A repository that tagged `v0.6.0` and then moved to calendar versions without the `v`.
    write_site(tmp_path, {"docs/page.md": "# Page\n"},
               commits=[{"date": "2026-01-01T12:00:00", "paths": ["docs/page.md"]}])
    for tag in ("v0.5.0", "v0.6.0", "24.07", "25.07", "25.07.1"):
        subprocess.run(["git", "tag", tag], cwd=tmp_path, check=True)
    assert gitinfo.version_tags(tmp_path)[:3] == ["25.07.1", "25.07", "24.07"]
    product = find_product(tmp_path, {}, tmp_path, lambda: gitinfo.version_tags(tmp_path))
    assert product.version is not None and product.version.text == "25.07.1"


def _tagged_repo(root: Path, first: str, tag: str, then: str) -> None:
    """A repository whose first commit (on day `first`) carries `tag`, and a later empty commit on day `then`."""
    root.mkdir(exist_ok=True)
    write_site(root, {"docs/page.md": "# Page\n"}, commits=[{"date": f"{first}T12:00:00", "paths": ["docs/page.md"]}])
    subprocess.run(["git", "tag", tag], cwd=root, check=True)
    env = {"GIT_COMMITTER_DATE": f"{then}T12:00:00", "GIT_AUTHOR_DATE": f"{then}T12:00:00"}
    subprocess.run(["git", "commit", "-q", "--allow-empty", "-m", "later"], cwd=root, check=True,
                   env={**os.environ, **env})


def _tagged_version(root: Path) -> str | None:
    product = find_product(root, {}, root, lambda: gitinfo.version_tags(root))
    return product.version.text if product.version is not None else None


def test_plain_version_tags_from_before_a_repository_tagged_each_package_are_not_its_version(tmp_path: Path) -> None:
    _tagged_repo(tmp_path, "2025-01-01", "v1.17.7", "2026-08-08")
    for tag in ("release-1786152605491", *(f"@acme/{name}@5.0.{n}" for name in ("cli", "core") for n in range(5))):
        subprocess.run(["git", "tag", tag], cwd=tmp_path, check=True)
    assert _tagged_version(tmp_path) is None
    # A plain version tag among the latest ones is the version again.
    later = {"GIT_COMMITTER_DATE": "2026-08-09T12:00:00"}
    subprocess.run(["git", "tag", "-a", "v5.0.1", "-m", "5.0.1"], cwd=tmp_path, check=True,
                   env={**os.environ, **later})
    assert _tagged_version(tmp_path) == "5.0.1"


def test_a_lone_version_tag_years_older_than_the_last_commit_is_not_the_version(tmp_path: Path) -> None:
    _tagged_repo(tmp_path / "a", "2023-05-26", "v0.80", "2026-08-21")
    assert _tagged_version(tmp_path / "a") is None
    # A year's gap between releases is still a project that tags them.
    _tagged_repo(tmp_path / "b", "2023-05-26", "v0.80", "2024-05-26")
    assert _tagged_version(tmp_path / "b") == "0.80"


def test_the_run_says_which_version_it_judged_against_or_that_it_found_none(tmp_path: Path) -> None:
    page = "# Install\n\nHarbor 1.2 is the version to install.\n"
    write_site(tmp_path, {"docs/page.md": page},
               files={"pyproject.toml": "[project]\nname = 'harbor'\nversion = '2.0'\n"})
    config = configmod.validate({"semantic": False}, None)
    found = api.lint(cwd=tmp_path, config=config, today=dt.date(2026, 11, 30), select=["STL003"])
    assert "current version 2.0 from pyproject.toml" in found.notes
    assert [f.rule for f in found.findings] == ["STL003"]
    (tmp_path / "pyproject.toml").unlink()
    missing = api.lint(cwd=tmp_path, config=config, today=dt.date(2026, 11, 30), select=["STL003"])
    assert any(n.startswith("no current version found") and "outdated-version did not run" in n
               for n in missing.notes)
    assert missing.findings == ()


def test_a_project_file_left_behind_the_releases_tagged_since_gives_way_to_the_newest_tag(tmp_path: Path) -> None:
    # `version = "2.3.1"` in pyproject.toml while the releases are made from a VERSION file and tagged up to v2.4.4.
    write_site(tmp_path, {"docs/page.md": "# Page\n"}, {
        "pyproject.toml": "[project]\nname = 'kit'\nversion = '2.3.1'\n", "VERSION": "2.4.4\n"},
        commits=[{"date": "2026-01-01T12:00:00", "paths": ["docs/page.md", "pyproject.toml", "VERSION"]}])
    for tag in ("v2.3.1", "v2.4.3", "v2.4.4"):
        subprocess.run(["git", "tag", tag], cwd=tmp_path, check=True)
    product = find_product(tmp_path, {}, tmp_path, lambda: gitinfo.version_tags(tmp_path))
    assert product.version is not None and product.version.text == "2.4.4"
    assert product.source == "git tag v2.4.4, newer than pyproject.toml"
    # The project's file at the newest tag, or ahead of it, is the version.
    subprocess.run(["git", "tag", "-d", "v2.4.3", "v2.4.4"], cwd=tmp_path, check=True, capture_output=True)
    product = find_product(tmp_path, {}, tmp_path, lambda: gitinfo.version_tags(tmp_path))
    assert product.version is not None and (product.version.text, product.source) == ("2.3.1", "pyproject.toml")
    # Tags that never name the file's version count other releases (the docs' own, by the calendar): the file stays.
    subprocess.run(["git", "tag", "-d", "v2.3.1"], cwd=tmp_path, check=True, capture_output=True)
    for tag in ("24.07", "25.07"):
        subprocess.run(["git", "tag", tag], cwd=tmp_path, check=True)
    product = find_product(tmp_path, {}, tmp_path, lambda: gitinfo.version_tags(tmp_path))
    assert product.version is not None and (product.version.text, product.source) == ("2.3.1", "pyproject.toml")


def test_a_prerelease_after_alphas_alone_keeps_the_newest_tagged_release_as_its_readers_line(tmp_path: Path) -> None:
    # `9.0.0-beta.0` in package.json, 8.0.0 tagged only as alphas, 7.8.2 the newest release: pages naming 7.x
    # describe the release readers use, not an older line.
    _write(tmp_path, {"package.json": '{"name": "acme", "version": "9.0.0-beta.0"}'})
    tags = ["9.0.0-beta.0", "7.8.2", "8.0.0-alpha.14", "7.8.1", "6.6.7"]
    version = find_product(tmp_path, {}, tmp_path, tags=lambda: tags).version
    assert version is not None and version.released_line == (7,)
    seven, six = Version.parse("RxJS 7.8"), Version.parse("RxJS 6")
    assert seven is not None and six is not None
    assert not seven.older_line(version) and six.older_line(version)
    # With no release tagged, the line before the prerelease's, as before.
    version = find_product(tmp_path, {}, tmp_path).version
    assert version is not None and version.released_line == (8,)
