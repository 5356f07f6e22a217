"""Page types, languages and translations: what a page is decides which rules judge it.

The cases in fixtures/pagetypes/cases.yml give a page (its path and source) and the type and language a run gives it.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from conftest import ROOT, git, write_site
from sitelint import api, config as configmod
from sitelint.cli import main
from sitelint.pipeline import discover
from sitelint.pipeline.pages import page_from_text

CASES = yaml.safe_load((ROOT / "fixtures" / "pagetypes" / "cases.yml").read_text(encoding="utf-8"))["cases"]
TODAY = dt.date(2026, 11, 30)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_page_type_and_language(case: dict[str, Any]) -> None:
    page = page_from_text(case["path"], ROOT / case["path"], case["source"])
    assert (page.page_type, page.type_reason != "") == (str(case["type"]), case["type"] != "doc")
    if "language" in case:
        assert page.language == case["language"]


def _lint(root: Path, *rules: str, **settings: Any) -> api.LintResult:
    config = configmod.validate({"semantic": False, **settings}, None)
    return api.lint(cwd=root, config=config, today=TODAY, select=list(rules))


OLD = [{"date": "2020-01-10T12:00:00", "paths": ["docs/guide.md", "blog/2020-01-10-launch.md", "docs/changelog.md",
                                                 "docs/index.md", "docs/migrating-from-v1.md"]}]


def test_rules_skip_the_page_types_they_cannot_judge(tmp_path: Path) -> None:
    """Old, short pages naming a missing file: the ordinary guide is thin, dated and dangling (not stale: of the two
    kinds of evidence a stale page needs as warnings, a dangling reference is info); the post, the changelog and the
    migration guide are records (their old paths are history), the landing page is a layout (not thin, though a
    missing file it names is missing). A short migration guide is still thin; a short post is news of its day,
    complete as it is."""
    dangling = "Short. See `src/removed.js` for the old loader. As of 2019, it reads JSON only.\n"
    write_site(tmp_path, {
        "docs/guide.md": "# Guide\n\n" + dangling,
        "blog/2020-01-10-launch.md": "# We launched\n\n" + dangling,
        "docs/changelog.md": "# Changelog\n\n" + dangling,
        "docs/index.md": "---\nlayout: home\nhero:\n  name: Harbor\n---\n\n" + dangling,
        "docs/migrating-from-v1.md": "# Migrating from v1\n\n" + dangling,
    }, files={"src/loader.js": "export {};\n"}, commits=OLD)
    (tmp_path / "docusaurus.config.js").write_text("module.exports = {};\n", encoding="utf-8")
    result = _lint(tmp_path, "SUB001", "STL001", "STL004", "STL005")
    by_page = {(f.path, f.rule) for f in result.findings}
    assert by_page == {("docs/guide.md", "SUB001"), ("docs/guide.md", "STL004"),
                       ("docs/guide.md", "STL005"), ("docs/migrating-from-v1.md", "SUB001"),
                       ("docs/index.md", "STL004"), ("docs/index.md", "STL005")}
    types = {p.path: p.page_type for p in result.site.pages}
    assert types == {"docs/guide.md": "doc", "blog/2020-01-10-launch.md": "blog", "docs/changelog.md": "release-notes",
                     "docs/index.md": "landing", "docs/migrating-from-v1.md": "migration"}


def test_a_page_the_mkdocs_redirects_plugin_maps_elsewhere_is_a_redirect(tmp_path: Path) -> None:
    # The nav's "Jobs (External)" entry is an empty page the plugin replaces with a redirect to another site.
    write_site(tmp_path, {"docs/index.md": "# Harbor\n\n" + "Harbor runs your apps. " * 40 + "\n",
                          "docs/jobs.md": "---\ntitle: Jobs\n---\n", "docs/old.md": "# Old\n\nShort.\n"},
               {"mkdocs.yml": "site_name: Harbor\nnav:\n- index.md\n- Jobs (External): jobs.md\n- old.md\n"
                              "plugins:\n- redirects:\n    redirect_maps:\n      jobs.md: https://jobs.example.org/\n"})
    result = _lint(tmp_path, "SUB001")
    assert [f.path for f in result.findings] == ["docs/old.md"]
    jobs = next(p for p in result.site.pages if p.path == "docs/jobs.md")
    assert (jobs.page_type, jobs.type_reason) == ("redirect", "the redirects plugin sends it to https://jobs.example.org/")


def test_the_words_an_include_line_brings_in_count_for_a_pages_length(tmp_path: Path) -> None:
    # A page whose install steps come from a file the build pulls in (mkdocs-include-markdown, inside an
    # admonition): its 36 words of its own are not all the reader gets.
    steps = "=== \"Linux\"\n\n    " + "Run the installer, which picks the binary for your system and CPU. " * 6 + "\n"
    intro = "# Harbor\n\n" + "Harbor manages projects and their tools. " * 6 + "\n\n## Installation\n\n"
    write_site(tmp_path, {"docs/setup.md": intro + '!!! abstract "Install"\n\n'
                                           '    {% include-markdown ".includes/install.md" %}\n',
                          "docs/other.md": intro + "See the releases page.\n",
                          "docs/.includes/install.md": steps,
                          # mdBook's include of a generated table, and Fumadocs' include element
                          "docs/langs.md": intro + "{{#include ./generated/langs.md}}\n",
                          "docs/conventions.mdx": intro + "<include>./generated/langs.md</include>\n",
                          "docs/autofix.md": intro + "{!generated/langs.md!}\n",
                          "docs/generated/langs.md": "| Language | Server |\n| --- | --- |\n"
                                                     + "| Rust language support | rust-analyzer server |\n" * 30},
               {"mkdocs.yml": "site_name: Harbor\n"})
    assert [f.path for f in _lint(tmp_path, "SUB001").findings] == ["docs/other.md"]


def test_a_page_another_page_includes_is_a_partial(tmp_path: Path) -> None:
    """VitePress includes, MkDocs snippets, Sphinx and MyST includes: the included page is read inside its includer,
    never alone, so it is not judged thin or without explanation on its own."""
    snippet = "```ts\n" + "".join(f"export const step{n} = {n}\n" for n in range(12)) + "```\n"
    write_site(tmp_path, {
        "docs/guide/migration.md": "# Migration\n\nThe done callback is gone; return a promise instead.\n\n"
                                   "<!--@include: ./examples/promise-done.md{3,20}-->\n",
        "docs/guide/examples/promise-done.md": snippet,
        "docs/guide/setup.md": '# Setup\n\nThe settings file:\n\n--8<-- "docs/snippets/settings.md"\n',
        "docs/snippets/settings.md": snippet,
        "docs/guide/alone.md": snippet,
        # An MDX page imports a snippet's named export from the docs root (Mintlify's `/snippets/`).
        "docs/guide/variables.mdx": 'import { Cli } from "/snippets/cli.mdx"\n\n# Variables\n\n<Cli name="x" />\n',
        "docs/snippets/cli.mdx": "export const Cli = ({ name }) => (\n<p>Manage {name} with the CLI.</p>\n);\n",
        # MyST's include directive, in a backtick or a colon fence.
        "docs/faq/index.md": "# FAQ\n\nA snippet:\n\n```{include} snippets/hello.md\n```\n\n"
                             ":::{include} /part.md\n:::\n",
        "docs/faq/snippets/hello.md": "Hello from a [snippet](#ref).\n",
        "docs/part.md": "Shared part.\n",
        # VitePress's `@` is the source folder, written before a folder's name too (`@shared/`).
        "docs/guide/install.md": "# Install\n\nRun the installer.\n\n<!-- @include: @shared/install.md -->\n",
        "docs/shared/install.md": snippet,
        # Fumadocs' include element; a file whose name starts with "." is a partial, included or not.
        "docs/search/algolia.mdx": "# Algolia\n\nThe route:\n\n<include>./search-route.mdx</include>\n",
        "docs/search/search-route.mdx": snippet,
        "docs/search/.shared.mdx": snippet,
        # mkdocs-include-markdown's include, its options over several lines, from a folder below the file's.
        "docs/templates/defaults/country.md": '# Country\n\nCollections per country.\n\n    {%\n'
                                              '        include-markdown "./../variable_list.md"\n'
                                              '        include-tags="limit"\n    %}\n',
        "docs/templates/variable_list.md": "| Variable | Description |\n| --- | --- |\n"
                                           "| `limit` | The [key's](#collection_section) most items. |\n",
        # Hercule's transclusion link on a line of its own, in a list item; a link in a sentence includes nothing.
        "docs/manuals/extensions.md": "# Extensions\n\n- Platforms that support them:\n\n"
                                      "  :[platforms](../shared/platforms.md)\n\nSee :[the list](../shared/list.md).\n",
        "docs/shared/platforms.md": snippet,
        "docs/shared/list.md": snippet,
        # DocFX's include, in a paragraph of its own.
        "docs/compat/index.md": "# Breaking changes\n\nWhat may affect you.\n\n"
                                "[!INCLUDE [binary](../includes/binary.md)]\n",
        "docs/includes/binary.md": snippet,
    })
    result = _lint(tmp_path, "SUB001", "SUB005")
    types = {p.path: (p.page_type, p.type_reason) for p in result.site.pages}
    assert types["docs/guide/examples/promise-done.md"] == ("partial", "included into docs/guide/migration.md")
    assert types["docs/snippets/settings.md"] == ("partial", "included into docs/guide/setup.md")
    assert types["docs/snippets/cli.mdx"] == ("partial", "included into docs/guide/variables.mdx")
    assert types["docs/faq/snippets/hello.md"] == ("partial", "included into docs/faq/index.md")
    assert types["docs/part.md"] == ("partial", "included into docs/faq/index.md")
    assert types["docs/shared/install.md"] == ("partial", "included into docs/guide/install.md")
    assert types["docs/templates/variable_list.md"] == ("partial", "included into docs/templates/defaults/country.md")
    assert types["docs/search/search-route.mdx"] == ("partial", "included into docs/search/algolia.mdx")
    assert types["docs/search/.shared.mdx"][0] == "partial"
    assert types["docs/shared/platforms.md"] == ("partial", "included into docs/manuals/extensions.md")
    assert types["docs/includes/binary.md"] == ("partial", "included into docs/compat/index.md")
    assert types["docs/shared/list.md"][0] == "doc"
    assert types["docs/guide/alone.md"][0] == "doc"
    assert {f.path for f in result.findings} >= {"docs/guide/alone.md"}
    assert not {f.path for f in result.findings} & {"docs/guide/examples/promise-done.md", "docs/snippets/settings.md",
                                                     "docs/snippets/cli.mdx"}


def test_dated_posts_in_a_posts_folder_are_posts_on_a_site_whose_config_is_elsewhere(tmp_path: Path) -> None:
    """Jekyll's `_posts/2015-04-21-release.md` is a post wherever the site keeps its config (`conf/_config.yml`, which
    its build names): its "later this year" is the news of its day, not a partial's claim; an undated file in a `_`
    folder is still a partial."""
    write_site(tmp_path, {
        "www/index.md": "# Acme\n\nAcme builds mobile apps with web technologies.\n",
        "www/_posts/2015-04-21-plugins-to-npm.md": "---\nlayout: post\ntitle: Plugins move to npm\n---\n\n"
                                                   "We will move every plugin to npm later this year.\n",
        "www/_includes/footer.md": "Made by the Acme team later this year.\n",
    })
    result = _lint(tmp_path, "STL004")
    types = {p.path: p.page_type for p in result.site.pages}
    assert types["www/_posts/2015-04-21-plugins-to-npm.md"] == "blog"
    assert types["www/_includes/footer.md"] == "partial"
    assert [f.path for f in result.findings] == []


def test_a_file_pymdownx_snippets_appends_to_every_page_is_a_partial(tmp_path: Path) -> None:
    """pymdownx.snippets' `auto_append` adds a file (the site's abbreviations) to the end of every page: a part of
    each, not a thin page nor an orphan of its own; a file beside it that nothing appends is judged."""
    write_site(tmp_path, {
        "docs/index.md": "# Acme\n\nAcme blocks ads and trackers for every device of the network.\n",
        "docs/includes/abbreviations.md": "*[DNS]: Domain Name System\n*[TTL]: Time to live\n",
        "docs/includes/other.md": "*[API]: Application programming interface\n",
    }, {"mkdocs.yml": "site_name: Acme\nnav:\n  - index.md\nmarkdown_extensions:\n  - abbr\n"
                      "  - pymdownx.emoji:\n      emoji_index: !!python/name:material.extensions.emoji.twemoji\n"
                      "  - pymdownx.snippets:\n      base_path: [docs]\n      auto_append:\n"
                      "        - includes/abbreviations.md\n"})
    result = _lint(tmp_path, "SUB001", "STL008")
    types = {p.path: (p.page_type, p.type_reason) for p in result.site.pages}
    assert types["docs/includes/abbreviations.md"] == (
        "partial", "included into every page (pymdownx.snippets' auto_append)")
    assert {f.path for f in result.findings} == {"docs/includes/other.md"}


def test_a_file_a_script_pastes_into_another_is_a_partial(tmp_path: Path) -> None:
    """A package.json script that pastes a Markdown file into another (`cat main-metadata.md > README.md`) makes it
    a part of that file, no thin page; a file no script names is judged."""
    write_site(tmp_path, {
        "docs/main-metadata.md": '---\nmeta:\n  - name: description\n    content: "Acme | Documentation"\n---\n',
        "docs/other-metadata.md": '---\nmeta:\n  - name: description\n    content: "Acme"\n---\n',
        "docs/README.md": "# Acme\n\nAcme checks your cluster's workloads against the practices you choose.\n",
    }, {"docs/.vuepress/config.js": "module.exports = { title: 'Acme' };\n",
        "docs/package.json": '{"scripts": {"build:metadata": "cat main-metadata.md > README.md || true"}}\n'})
    result = _lint(tmp_path, "SUB001")
    types = {p.path: (p.page_type, p.type_reason) for p in result.site.pages}
    assert types["docs/main-metadata.md"][0] == "partial"
    assert "README.md" in types["docs/main-metadata.md"][1]
    assert {f.path for f in result.findings} == {"docs/other-metadata.md"}


def test_a_file_the_docusaurus_docs_plugin_excludes_is_a_partial(tmp_path: Path) -> None:
    """The docs plugin's `exclude` globs (`**/partials/**`) leave files out of the docs: partials pages import, no
    pages of their own, in the docs folder and in its translations; its links are not judged alone."""
    write_site(tmp_path, {
        "docs/storage/remove-disk.mdx": "# Remove a disk\n\nimport Steps from './partials/steps.mdx';\n\n<Steps />\n",
        "docs/storage/partials/steps.mdx": "1. Stop the array.\n2. See [resetting](#reset-the-array).\n",
        "docs/storage/partials/unused.mdx": "See [resetting](#reset-the-array).\n",
        "i18n/de/docusaurus-plugin-content-docs/current/storage/partials/unused.mdx":
            "Siehe [hier](#reset-the-array).\n",
        "docs/storage/install.mdx": "# Install\n\nAdd the disk to the array, then format it from the main page. "
                                    "See [resetting](#reset-the-array) when the array will not start.\n",
    }, {"docusaurus.config.js": "module.exports = { i18n: { defaultLocale: 'en', locales: ['en', 'de'] }, presets: "
                                "[['classic', { docs: { routeBasePath: '/', exclude: ['**/partials/**'] } }]] };\n"})
    result = _lint(tmp_path, "STL009")
    types = {p.path: (p.page_type, p.type_reason) for p in result.site.pages}
    assert types["docs/storage/partials/steps.mdx"] == ("partial", "included into docs/storage/remove-disk.mdx")
    assert types["docs/storage/partials/unused.mdx"] == (
        "partial", "left out of the docs by the config's `exclude` (`**/partials/**`)")
    assert types["i18n/de/docusaurus-plugin-content-docs/current/storage/partials/unused.mdx"][0] == "partial"
    assert types["docs/storage/install.mdx"][0] == "doc"
    assert [f.path for f in result.findings] == ["docs/storage/install.mdx"]
    # One no page imports is neither a page nor part of one: not built, reported on only when named.
    assert {"docs/storage/partials/unused.mdx",
            "i18n/de/docusaurus-plugin-content-docs/current/storage/partials/unused.mdx"} <= result.site.unbuilt
    assert "docs/storage/partials/steps.mdx" not in result.site.unbuilt


def test_a_translation_in_no_version_s_folder_is_never_built(tmp_path: Path) -> None:
    # Docusaurus builds a locale's translations of each version's folder (`current/`, `version-2.0/`) only: a file
    # beside them is never published, nor its links.
    write_site(tmp_path, {
        "docs/troubleshooting.md": "# Troubleshooting\n\nRestart the server when it stops answering requests.\n",
        "i18n/es/docusaurus-plugin-content-docs/current/troubleshooting.md":
            "# Solución de problemas\n\nReinicie el servidor cuando deje de responder.\n",
        "i18n/es/docusaurus-plugin-content-docs/troubleshooting/README.md":
            "# Solución de problemas\n\nVea [los servidores](#server-override).\n",
    }, {"docusaurus.config.js": "module.exports = { i18n: { defaultLocale: 'en', locales: ['en', 'es'] }, presets: "
                                "[['classic', { docs: { routeBasePath: '/' } }]] };\n"})
    result = _lint(tmp_path, "STL009")
    assert "i18n/es/docusaurus-plugin-content-docs/troubleshooting/README.md" in result.site.unbuilt
    assert "i18n/es/docusaurus-plugin-content-docs/current/troubleshooting.md" not in result.site.unbuilt
    assert not result.findings


def test_the_docusaurus_docs_plugin_s_exclude_named_by_a_constant(tmp_path: Path) -> None:
    """`exclude: docsExcludePatterns`, the list declared in the config (shared with another plugin): its files are
    left out of the docs, their links not judged."""
    write_site(tmp_path, {
        "docs/guide/scripts/types.md": "# Types\n\nSee [the list](#supported-types).\n",
        "docs/guide/install.md": "# Install\n\nSee [the steps](#steps).\n",
    }, {"docusaurus.config.js": "const docsExcludePatterns = [\n  '**/template.md',\n  'guide/scripts/**',\n];\n"
                                "module.exports = { presets: [['classic', { docs: { routeBasePath: '/', "
                                "exclude: docsExcludePatterns } }]] };\n"})
    result = _lint(tmp_path, "STL009")
    types = {p.path: p.page_type for p in result.site.pages}
    assert types["docs/guide/scripts/types.md"] == "partial"
    assert [f.path for f in result.findings] == ["docs/guide/install.md"]


def test_a_page_whose_path_git_ignores_is_a_stand_in_the_build_writes_over(tmp_path: Path) -> None:
    """`docs/reference/*.md` in .gitignore, the reference's pages committed all the same as stand-ins the build writes
    over (`**AutoGenerated PlaceHolder**`): what readers see is made from the source, so neither links to them nor
    their length are judged on the file."""
    write_site(tmp_path, {
        "docs/reference/task.md": "---\ntitle: Task\n---\n\n**AutoGenerated PlaceHolder**\n",
        "docs/other.md": "# Other\n\nWhat else there is to know about tasks and how they run on agents.\n",
        "docs/guide.md": "# Guide\n\nCall [Task.init](reference/task.md#taskinit), as [the other page](other.md#gone)"
                         " says; [the log](reference/zh/logger.md#gone-too).\n",
        # a page of its own words the pattern covers by chance (the build writes the English reference only)
        "docs/reference/zh/logger.md": "# 日志\n\n" + "记录每一次运行的结果。" * 20 + "\n",
    }, {".gitignore": "docs/reference/*.md\ndocs/reference/zh/\n"})
    git(tmp_path, "init", "-q", "-b", "main")
    git(tmp_path, "add", "-f", ".")
    git(tmp_path, "commit", "-q", "-m", "docs")
    result = _lint(tmp_path, "STL009", "SUB001")
    types = {p.path: (p.page_type, p.type_reason) for p in result.site.pages}
    assert types["docs/reference/task.md"] == ("generated", "a stand-in the build writes over: git ignores its path")
    assert types["docs/reference/zh/logger.md"][0] != "generated"
    assert sorted((f.rule, f.path) for f in result.findings) == [("STL009", "docs/guide.md"),
                                                                  ("STL009", "docs/guide.md"),
                                                                  ("SUB001", "docs/other.md")]
    assert {f.message.split(";")[0] for f in result.findings if f.rule == "STL009"} == {
        "Broken anchor: docs/other.md has no heading or id '#gone'",
        "Broken anchor: docs/reference/zh/logger.md has no heading or id '#gone-too'"}


def test_a_page_the_sites_components_import_is_a_partial(tmp_path: Path) -> None:
    """A home page's component that imports Markdown files (`import Step1 from '../../docs/intro/step1.md'`) shows
    them inside another page: they are snippets, neither thin pages nor orphans; one no component imports is read
    as a page."""
    snippet = "```ts\n" + "".join(f"export const step{n} = {n}\n" for n in range(12)) + "```\n"
    write_site(tmp_path, {
        "docs/intro.md": "# Intro\n\nHarbor moves files between machines and keeps them in step.\n",
        "docs/landing/step1.md": snippet,
        "docs/landing/step2.md": snippet,
        "docs/landing/step3.md": snippet,
    }, files={
        "src/components/QuickIntro.tsx": "import Step1 from '../../docs/landing/step1.md';\n"
                                         "import Step2 from '@site/docs/landing/step2.md';\n"
                                         "export default () => <><Step1 /><Step2 /></>;\n",
        "src/vendor/node_modules/pkg/index.js": "import Step3 from '../../../../docs/landing/step3.md';\n",
    })
    (tmp_path / "docusaurus.config.js").write_text("module.exports = {};\n", encoding="utf-8")
    result = _lint(tmp_path, "SUB001", "STL008")
    types = {p.path: (p.page_type, p.type_reason) for p in result.site.pages}
    assert types["docs/landing/step1.md"] == ("partial", "included into src/components/QuickIntro.tsx")
    assert types["docs/landing/step2.md"] == ("partial", "included into src/components/QuickIntro.tsx")
    assert types["docs/landing/step3.md"][0] == "doc"
    flagged = {f.path for f in result.findings}
    assert "docs/landing/step3.md" in flagged
    assert not flagged & {"docs/landing/step1.md", "docs/landing/step2.md"}


def test_markdown_a_next_js_app_s_route_imports_is_a_part_of_that_route(tmp_path: Path) -> None:
    """A Next.js app of no docs framework whose route shows several Markdown files as one page (`app/docs/v7/page.tsx`
    importing `@/sections/v7/migration.mdx` and `plugins.mdx`): each a part of that page, their links to each other's
    sections not judged as a page's own; one no route imports is read as a page."""
    write_site(tmp_path, {
        "sections/v7/migration.mdx": "## Migration\n\nSee [the plugin API](#prefixplugin).\n",
        "sections/v7/plugins.mdx": "## Plugins\n\n### prefixPlugin\n\nAdds a prefix.\n",
        "sections/v6/faq.mdx": "## FAQ\n\nSee [the answer](#no-such-answer).\n",
    }, files={
        "next.config.mjs": "export default {};\n",
        "app/docs/v7/page.tsx": "import Migration from '@/sections/v7/migration.mdx';\n"
                                "import Plugins from '@/sections/v7/plugins.mdx';\n"
                                "export default () => <><Migration /><Plugins /></>;\n",
    })
    result = _lint(tmp_path, "STL009")
    types = {p.path: (p.page_type, p.type_reason) for p in result.site.pages}
    assert types["sections/v7/migration.mdx"] == ("partial", "included into app/docs/v7/page.tsx")
    assert {f.path for f in result.findings} == {"sections/v6/faq.mdx"}


GERMAN = ("Diese Seite zeigt, wie man Harbor installiert und die Seite veröffentlicht. Zuerst wird das Paket mit "
          "npm installiert, dann legt man die Konfigurationsdatei im Projektordner an. Wenn der Build fertig ist, wird "
          "der Ausgabeordner auf den Server geladen, und die Seite ist für die Leser sichtbar, auch wenn sie nicht "
          "mit der englischen Seite übereinstimmt. ") * 3


def test_a_draft_is_reported_on_only_when_named(tmp_path: Path) -> None:
    body = "\n# Relay\n\nFIXME: add a code example and a sandbox link before this page is published.\n"
    write_site(tmp_path, {"docs/relay.md": "---\npublished: false\n---\n" + body,
                          "docs/swr.md": "---\ndraft: true\n---\n" + body,
                          "docs/location.md": "---\nhidden: true\n---\n" + body,
                          "docs/hack.mdx": "---\ntitle: Hack\nhidePage: true\n---\n" + body,
                          # kept from search engines: a styling test page for the site's makers
                          "docs/demo.mdx": '---\ntitle: Demo\n---\n\n<head>\n  <meta name="robots" '
                                           'content="noindex, nofollow" />\n</head>\n' + body,
                          "docs/styles.md": "---\nrobots: noindex, follow\n---\n" + body,
                          # the flag quoted, which a JavaScript build reads as true all the same; "false" is false
                          "docs/colors.mdx": '---\ntitle: Colors [UNPUBLISHED]\nnoindex: "true"\n---\n' + body,
                          "docs/shown.mdx": '---\ntitle: Shown\nnoindex: "false"\n---\n\n# Shown\n\n'
                                            'TODO: a screenshot.\n',
                          # no page of its own: a sidebar group's file, Hugo's headless bundles and unrendered pages
                          "docs/group._index.mdx": "---\nnoPage: true\n---\n" + body,
                          "docs/bundle/index.md": "+++\nheadless = true\n+++\n" + body,
                          "docs/list.md": "---\nbuild:\n  render: never\n---\n" + body,
                          # a menu entry whose address redirects elsewhere (`render: link`)
                          "docs/api.md": "---\ntitle: API\n_build: { render: link }\n---\n" + body,
                          "docs/trpc.md": "---\ntitle: tRPC\n---\n" + body})
    assert [f.path for f in _lint(tmp_path, "SUB002").findings] == ["docs/shown.mdx", "docs/trpc.md"]
    named = api.lint(["docs/relay.md", "docs"], cwd=tmp_path, config=configmod.validate({"semantic": False}, None),
                     today=TODAY, select=["SUB002"])
    assert sorted(f.path for f in named.findings) == ["docs/relay.md", "docs/shown.mdx", "docs/trpc.md"]


def test_a_page_the_mkdocs_build_leaves_out_is_reported_on_only_when_named(tmp_path: Path) -> None:
    body = "# Widget\n\nWhat the widget shows.\n\n## Reactive Attributes\n\n## Messages\n\nIt sends Changed.\n"
    write_site(tmp_path, {"docs/widgets/_template.md": body, "docs/notes/plan.md": body, "docs/styles/old.md": body,
                          "docs/widgets/button.md": body}, {
        "mkdocs-common.yml": "site_name: x\nexclude_docs: |\n  notes/\n  /styles/old.md\n"
                             "plugins:\n  - exclude:\n      glob:\n        - '**/_template.md'\n",
        "mkdocs-nav.yml": "nav:\n  - widgets/button.md\n"})
    assert [f.path for f in _lint(tmp_path, "SUB003").findings] == ["docs/widgets/button.md"]
    # `plugins` may be a mapping of plugin names to options, as MkDocs also accepts.
    mapping = ("site_name: x\nplugins:\n  search:\n  exclude:\n    glob:\n"
               "      - '**/_template.md'\n      - 'notes/*'\n      - 'styles/old.md'\n")
    write_site(tmp_path, {}, {"mkdocs-common.yml": mapping})
    assert [f.path for f in _lint(tmp_path, "SUB003").findings] == ["docs/widgets/button.md"]
    named = api.lint(["docs/widgets/_template.md"], cwd=tmp_path,
                     config=configmod.validate({"semantic": False}, None), today=TODAY, select=["SUB003"])
    assert [f.path for f in named.findings] == ["docs/widgets/_template.md"]


def test_an_endpoint_page_whose_endpoint_the_spec_no_longer_has_renders_empty(tmp_path: Path) -> None:
    spec = json.dumps({"openapi": "3.1.0", "info": {"title": "Harbor", "version": "3"},
                       "paths": {"/flows/": {"post": {}}, "/flows/{id}": {"get": {}, "delete": {}}}})
    pages = {"docs/api/read-flow.mdx": "---\nopenapi: get /flows/{id}\n---\n",
             "docs/api/create-flow.mdx": "---\nopenapi: post /flows\n---\n",
             "docs/api/drop-database.mdx": "---\nopenapi: post /admin/database/drop\n---\n",
             "docs/guide.md": "# Guide\n\nFlows run on workers, and each run keeps its logs for a week.\n"}
    write_site(tmp_path, pages, {"docs/api/schema.json": spec})
    found = [(f.path, f.line, f.severity) for f in _lint(tmp_path, "SUB000", "SUB001").findings
             if f.path.startswith("docs/api/")]
    assert found == [("docs/api/drop-database.mdx", 2, "warning")]
    assert "`post /admin/database/drop` is in none of the site's OpenAPI specs" in _lint(
        tmp_path, "SUB000").findings[0].message
    (tmp_path / "docs" / "api" / "schema.json").unlink()  # no spec on the site: nothing is known, nothing said
    assert not [f for f in _lint(tmp_path, "SUB000", "SUB001").findings if f.path.startswith("docs/api/")]


def test_endpoint_pages_of_a_spec_the_config_names_by_its_address_are_not_judged(tmp_path: Path) -> None:
    # The build fills the pages from the spec at that address; a spec under the docs root is another (a profile).
    spec = json.dumps({"openapi": "3.1.0", "info": {"title": "Harbor", "version": "3"},
                       "paths": {"/events": {"post": {}}}})
    config = json.dumps({"$schema": "https://mintlify.com/docs.json", "theme": "mint", "name": "Harbor",
                         "navigation": {"groups": [{"group": "API", "openapi": "https://api.example.org/openapi.yaml",
                                                    "pages": ["api/add-ons/create", "api/add-ons/object"]}]}})
    write_site(tmp_path, {"docs/api/add-ons/create.mdx": "---\nopenapi: POST /add_ons\ntitle: Create\n---\n",
                          "docs/api/add-ons/object.mdx": '---\ntitle: "The add-on object"\n'
                                                         'openapi-schema: "AddOnObject"\n---\n'},
               {"docs/openapi.json": spec, "docs/docs.json": config})
    result = _lint(tmp_path, "SUB000", "SUB001")
    assert not [f for f in result.findings if f.path.startswith("docs/api/")]
    assert {p.path: p.page_type for p in result.site.pages}["docs/api/add-ons/object.mdx"] == "generated"
    (tmp_path / "docs" / "docs.json").write_text(config.replace("https://api.example.org/openapi.yaml", "openapi.json"))
    assert [f.path for f in _lint(tmp_path, "SUB000").findings] == ["docs/api/add-ons/create.mdx"]


def test_endpoint_pages_name_their_spec_without_its_suffix(tmp_path: Path) -> None:
    # A site of several specs: `openapi: openapi-admin post /users`, the spec `openapi-admin.yaml`, its `openapi:` key
    # written after its components; a page naming a spec the site does not hold is not judged.
    admin = ("components:\n  schemas:\n    User:\n      type: object\n" + "      description: a user\n" * 300
             + "paths:\n  /users:\n    post:\n      summary: Create a user\nopenapi: 3.0.1\ninfo:\n  title: Admin\n"
             "  version: '1'\n")
    write_site(tmp_path, {"docs/api/create-user.mdx": "---\nopenapi: openapi-admin post /users\n---\n",
                          "docs/api/drop-user.mdx": "---\nopenapi: openapi-admin delete /users/{id}\n---\n",
                          "docs/api/cancel.mdx": "---\nopenapi: openapi-authenticator delete /v1/requests/{id}\n---\n"},
               {"docs/openapi-admin.yaml": admin})
    found = [(f.path, f.severity) for f in _lint(tmp_path, "SUB000", "SUB001").findings]
    assert found == [("docs/api/drop-user.mdx", "warning")]


def test_a_folder_of_front_matter_entries_is_data_not_empty_pages(tmp_path: Path) -> None:
    """A glossary kept as one file per term, its text in the front matter for the site's tooltips: entries the
    site's code reads, not empty pages. A lone empty page with a long description, or a folder of empty pages whose
    keys differ, is still empty."""
    def term(name: str, extra: str = "") -> str:
        return (f"---\nname: {name}\nmatch: [{name.lower()}]\ntooltip: >-\n  A {name.lower()} is a file or folder "
                f"the project tracks, with its metadata kept beside it in the repository.\n{extra}---\n")
    write_site(tmp_path, {
        "docs/index.md": "# Harbor\n\n" + "Harbor runs your apps. " * 40 + "\n",
        "docs/glossary/artifact.md": term("Artifact"), "docs/glossary/stage.md": term("Stage"),
        "docs/glossary/metric.md": term("Metric"),
        "docs/guide/empty.md": "---\ntitle: Empty\ndescription: How to run Harbor on your own servers, with the "
                               "settings each deployment needs.\n---\n",
        "docs/drafts/one.md": term("One"), "docs/drafts/two.md": term("Two", "order: 2\n"),
        "docs/drafts/three.md": term("Three"),
    })
    result = _lint(tmp_path, "SUB001")
    assert sorted(f.path for f in result.findings) == ["docs/drafts/one.md", "docs/drafts/three.md",
                                                       "docs/drafts/two.md", "docs/guide/empty.md"]
    artifact = next(p for p in result.site.pages if p.path == "docs/glossary/artifact.md")
    assert (artifact.page_type, artifact.type_reason) == (
        "partial", "an entry of a collection the site's code reads: front matter only, its text in `tooltip`")


def test_english_rules_leave_other_languages_alone(tmp_path: Path) -> None:
    """Readability and padding formulas are English: a German page (not in a locale folder) is not measured."""
    write_site(tmp_path, {"docs/anleitung.md": "# Anleitung\n\n" + GERMAN})
    result = _lint(tmp_path, "SUB004", "SUB006", **{"rule": {"SUB006": {"min": 200, "severe": 200}}})
    assert result.findings == ()
    assert [p.language for p in result.site.pages] == ["de"]
    # Told the site is German, the rules still do not judge it: their languages are English only.
    assert _lint(tmp_path, "SUB006", language="de", **{"rule": {"SUB006": {"min": 200, "severe": 200}}}).findings == ()
    # The same text with the rule's languages widened is measured (and is hard to read by an English formula).
    widened = _lint(tmp_path, "SUB006", **{"rule": {"SUB006": {"min": 200, "severe": 200, "languages": ["en", "de"]}}})
    assert {f.rule for f in widened.findings} == {"SUB006"}


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")


STARLIGHT = """import starlight from '@astrojs/starlight';
export default defineConfig({ integrations: [starlight({
  title: 'Docs', defaultLocale: 'root',
  locales: {
    root: { label: 'English', lang: 'en' }, de: { label: 'Deutsch' }, 'zh-cn': { label: '简体中文', lang: 'zh-CN' },
  },
})] });
"""
VITEPRESS = """export default {
  locales: { root: { label: 'English', lang: 'en-US' }, ja: { label: '日本語', lang: 'ja' } },
}
"""
# Each locale's settings imported from a module of its own, named in `locales` by shorthand, one of them by the
# country's code (`jp`) rather than the language's.
VITEPRESS_IMPORTED = """import jp from './locales/jp.js'
import zh from './locales/zh.js'
export default {
  locales: { root: { label: 'English', lang: 'en' }, zh, jp },
}
"""
# The root locale's settings spread in from a module (`...en`): the config names no language for it.
VITEPRESS_SPREAD = """import { en } from './en'
export default defineConfig({
  locales: { root: { label: 'English', ...en }, ja: { label: '日本語', ...ja } },
})
"""
VITEPRESS_REWRITE = """export default {
  rewrites: { 'en/:rest*': ':rest*' },
  locales: { root: { label: 'English', lang: 'en-US' }, ja: { label: '日本語', lang: 'ja' } },
}
"""
MKDOCS_SUFFIX = """site_name: Harbor
plugins:
  - i18n:
      docs_structure: suffix
      languages:
        - locale: en
          default: true
        - locale: fr
"""
MKDOCS_FOLDER = MKDOCS_SUFFIX.replace("suffix", "folder")
RSPRESS = """import path from 'node:path';
export default defineConfig({
  root: path.join(__dirname, 'docs'),
  lang: 'en',
  locales: [{ lang: 'en', label: 'English' }, { lang: 'zh', label: '简体中文' }],
});
"""
VUEPRESS = """export default defineUserConfig({
  locales: {
    '/': { lang: 'en-US', title: 'Shell' },
    '/zh-CN/': { lang: 'zh-CN', title: 'Shell' },
  },
});
"""
ASTRO_COLLECTIONS = """import { glob } from 'astro/loaders';
const docs = defineCollection({ loader: glob({ pattern: '**/[^_]*.{md,mdx}', base: './src/content/docs' }) });
const pages = defineCollection({ loader: glob({ pattern: '**/*.md', base: './src/content/pages' }) });
const team = defineCollection({ loader: glob({ pattern: '**/*.json', base: './src/content/team' }) });
export const collections = { docs, pages, team };
"""


@pytest.mark.parametrize(("files", "translation", "source", "locale"), [
    ({"astro.config.mjs": STARLIGHT, "src/content/docs/guide.md": "# G\n", "src/content/docs/de/guide.md": "# G\n",
      "src/content/docs/zh-CN/guide.md": "# G\n", "src/content/docs/design/guide.md": "# G\n"},
     "src/content/docs/zh-CN/guide.md", "src/content/docs/guide.md", "zh"),  # key zh-cn, folder zh-CN
    ({"astro.config.mjs": STARLIGHT, "src/content/docs/guide.md": "# G\n", "src/content/docs/de/guide.md": "# G\n"},
     "src/content/docs/de/guide.md", "src/content/docs/guide.md", "de"),
    ({"docs/.vitepress/config.mts": VITEPRESS, "docs/guide.md": "# G\n", "docs/ja/guide.md": "# G\n"},
     "docs/ja/guide.md", "docs/guide.md", "ja"),
    # VuePress keys each locale by the path its pages are served at.
    ({".vuepress/config.js": VUEPRESS, "guide.md": "# G\n", "zh-CN/guide.md": "# G\n", "tr/guide.md": "# G\n"},
     "zh-CN/guide.md", "guide.md", "zh"),
    # A translation service's folder the config does not list yet (Crowdin syncs every language, Kurdish's ckb-IR
    # too) mirrors the pages as the listed ones do.
    ({"docs/.vitepress/config.mts": VITEPRESS, "docs/guide.md": "# G\n", "docs/setup.md": "# S\n",
      "docs/ja/guide.md": "# G\n", "docs/ckb-IR/guide.md": "# G\n", "docs/ckb-IR/setup.md": "# S\n"},
     "docs/ckb-IR/guide.md", "docs/guide.md", "ckb"),
    ({"docs/.vitepress/config.mts": VITEPRESS_IMPORTED, "docs/guide.md": "# G\n", "docs/jp/guide.md": "# G\n",
      "docs/zh/guide.md": "# G\n"}, "docs/jp/guide.md", "docs/guide.md", "ja"),
    ({"docs/.vitepress/config.mts": VITEPRESS_SPREAD, "docs/guide.md": "# G\n", "docs/ja/guide.md": "# G\n"},
     "docs/ja/guide.md", "docs/guide.md", "ja"),
    # VitePress before 1.0 keys each locale by its path, as VuePress does, and a folder need not be named by its
    # language (`'/ptbr/': {lang: 'pt-BR'}`).
    ({"docs/.vitepress/config.js": "module.exports = {locales: {'/': {lang: 'en-US'}, '/zh/': {lang: 'zh-CN'}, "
                                   "'/ptbr/': {lang: 'pt-BR'}}}\n", "docs/guide.md": "# G\n",
      "docs/ptbr/guide.md": "# G\n", "docs/zh/guide.md": "# G\n"}, "docs/ptbr/guide.md", "docs/guide.md", "pt"),
    # The root locale's pages kept in a folder of their own, served at the root by a rewrite.
    ({"docs/.vitepress/config.mts": VITEPRESS_REWRITE, "docs/en/guide.md": "# G\n", "docs/ja/guide.md": "# G\n"},
     "docs/ja/guide.md", "docs/en/guide.md", "ja"),
    ({"mkdocs.yml": MKDOCS_SUFFIX, "docs/guide.md": "# G\n", "docs/guide.fr.md": "# G\n"},
     "docs/guide.fr.md", "docs/guide.md", "fr"),
    ({"mkdocs.yml": MKDOCS_FOLDER, "docs/en/guide.md": "# G\n", "docs/fr/guide.md": "# G\n"},
     "docs/fr/guide.md", "docs/en/guide.md", "fr"),
    ({"docusaurus.config.js": "module.exports = {};", "docs/guide.md": "# G\n",
      "i18n/ko/docusaurus-plugin-content-docs/current/guide.md": "# G\n"},
     "i18n/ko/docusaurus-plugin-content-docs/current/guide.md", "docs/guide.md", "ko"),
    # A docs instance's translation translates that instance's page, not another's of the same name.
    ({"docusaurus.config.js": "module.exports = {plugins: [['@docusaurus/plugin-content-docs', {id: 'agents', "
                              "path: 'agents', routeBasePath: 'agents'}], ['@docusaurus/plugin-content-docs', "
                              "{id: 'game', path: 'game', routeBasePath: 'game'}]]};",
      "docs/faq.md": "# F\n", "game/faq.md": "# F\n", "agents/faq.md": "# F\n",
      "i18n/zh/docusaurus-plugin-content-docs-game/current/faq.md": "# F\n"},
     "i18n/zh/docusaurus-plugin-content-docs-game/current/faq.md", "game/faq.md", "zh"),
    # No config says: a top-level folder named like a locale whose pages mirror the others is a translation.
    ({"docs/guide.md": "# G\n", "docs/setup.md": "# S\n", "docs/pt-br/guide.md": "# G\n",
      "docs/pt-br/setup.md": "# S\n"}, "docs/pt-br/guide.md", "docs/guide.md", "pt"),
    # ... also further down, where a content folder keeps them (a Starlight site whose astro config is elsewhere).
    ({"docs/src/content/docs/guide.md": "# G\n", "docs/src/content/docs/setup.md": "# S\n",
      "docs/src/content/docs/es/guide.md": "# G\n", "docs/src/content/docs/api/id.md": "# I\n"},
     "docs/src/content/docs/es/guide.md", "docs/src/content/docs/guide.md", "es"),
    # Rspress: the site's own language in a folder beside its translations (`lang: 'en'`, docs/en and docs/zh).
    ({"website/rspress.config.ts": RSPRESS, "website/docs/en/guide.md": "# G\n", "website/docs/zh/guide.md": "# G\n",
      "README.md": "# Repo\n"}, "website/docs/zh/guide.md", "website/docs/en/guide.md", "zh"),
    # A plain Astro site: each content collection a docs root, each with its translations beside its own pages.
    ({"astro.config.mjs": "export default {};", "src/content.config.ts": ASTRO_COLLECTIONS,
      "src/content/docs/en/guide.md": "# G\n", "src/content/docs/de/guide.md": "# G\n",
      "src/content/pages/en/support.md": "# S\n", "src/content/pages/de/support.md": "# S\n"},
     "src/content/pages/de/support.md", "src/content/pages/en/support.md", "de"),
    # A manual whose languages are folders named in English words, the site's own beside the others.
    ({"manual/english/Searching/KNN.md": "# K\n", "manual/english/Intro.md": "# I\n",
      "manual/russian/Searching/KNN.md": "# K\n", "manual/russian/Intro.md": "# I\n",
      "manual/chinese/Intro.md": "# I\n"}, "manual/russian/Searching/KNN.md", "manual/english/Searching/KNN.md", "ru"),
    # Hugo: each language its own `contentDir`, the other language's folder beside the docs root.
    ({"config.toml": "baseURL = 'https://x.org/'\ndefaultContentLanguage = 'en'\n[languages.zh]\n"
                     "contentDir = 'content/zh'\n[languages.en]\ncontentDir = 'content/en'\n",
      "content/en/docs/guide.md": "# G\n", "content/zh/docs/guide.md": "# G\n"},
     "content/zh/docs/guide.md", "content/en/docs/guide.md", "zh"),
], ids=["starlight-region", "starlight", "vitepress", "vuepress", "vitepress-unlisted", "vitepress-imported-locales",
        "vitepress-spread", "vitepress-before-1-0-path-keys",
        "vitepress-rewrite",
        "mkdocs-suffix", "mkdocs-folder",
        "docusaurus", "docusaurus-instance", "mirrored", "mirrored-deeper", "rspress", "astro-collections",
        "language-names", "hugo-content-dir-per-language"])
def test_translations_from_each_frameworks_config(tmp_path: Path, files: dict[str, str], translation: str,
                                                  source: str, locale: str) -> None:
    _write(tmp_path, files)
    result = _lint(tmp_path, "STL007")
    pages = {p.path: p for p in result.site.pages}
    assert pages[translation].variant.startswith("i18n:") and pages[translation].language == locale
    assert pages[source].variant == "" and pages[source].language == "en"
    assert result.site.sources[translation] == source
    # A folder that is not a locale (design/) is the site's own.
    assert all(not p.variant for path, p in pages.items() if "/design/" in path)


def test_starlight_locales_imported_from_a_module_of_the_site(tmp_path: Path) -> None:
    # `locales: locales` from `./doc.config.mjs`, its root Chinese; a sitemap's `locales: {...}` after it is not the
    # site's.
    _write(tmp_path, {
        "astro.config.mjs": "import starlight from '@astrojs/starlight';\nimport { sidebar, locales } from "
                            "'./doc.config.mjs';\nexport default defineConfig({ integrations: [starlight({\n"
                            "  title: 'Docs', defaultLocale: 'root', locales: locales, sidebar }),\n"
                            "  sitemap({ i18n: { defaultLocale: 'zh-CN',\n"
                            "    locales: { 'zh-CN': 'zh-CN', en: 'en' } } })] });\n",
        "doc.config.mjs": "export const locales = {\n  root: { label: '简体中文', lang: 'zh-CN' },\n"
                          "  en: { label: 'English', lang: 'en' },\n};\nexport const sidebar = [];\n",
        "src/content/docs/guide.md": "# 指南\n\n先安装依赖，然后在项目根目录运行构建命令，最后检查输出目录中的文件。\n",
        "src/content/docs/en/guide.md": "# Guide\n\nInstall the dependencies, then run the build.\n"})
    result = _lint(tmp_path, "STL007")
    pages = {p.path: p for p in result.site.pages}
    assert result.site.language == "zh"
    assert pages["src/content/docs/en/guide.md"].variant.startswith("i18n:")
    assert result.site.sources["src/content/docs/en/guide.md"] == "src/content/docs/guide.md"


def test_language_folders_named_with_their_region_are_a_source_and_its_translation(tmp_path: Path) -> None:
    # `en_US/` beside `zh_CN/`, no framework: the site's own pages in the folder of its language with a region.
    _write(tmp_path, {"README.md": "# Docs\n\nThe docs of the broker.\n",
                      "en_US/admin/cli.md": "# CLI\n\nRun the broker's command line.\n",
                      "en_US/deploy/install.md": "# Install\n\nInstall the broker.\n",
                      "zh_CN/admin/cli.md": "# 命令行\n\n运行命令行工具。\n",
                      "zh_CN/deploy/install.md": "# 安装\n\n安装服务。\n"})
    result = _lint(tmp_path, "STL007")
    assert result.site.sources == {"zh_CN/admin/cli.md": "en_US/admin/cli.md",
                                   "zh_CN/deploy/install.md": "en_US/deploy/install.md"}


def test_translations_are_judged_only_by_the_translation_rules(tmp_path: Path) -> None:
    thin = "# Install\n\n## Steps\n\nRun `npm install harbor`.\n"
    write_site(tmp_path, {"docs/page.md": thin,
                          "i18n/fr/docusaurus-plugin-content-docs/current/page.md": "# Installer\n\nLancez npm.\n"})
    result = _lint(tmp_path)
    assert {(f.path, f.rule) for f in result.findings} == {
        ("docs/page.md", "SUB001"),
        ("i18n/fr/docusaurus-plugin-content-docs/current/page.md", "STL007"),  # a section short
    }
    # Named alone, the source is reported on and its translation is not.
    named = api.lint(["docs/page.md"], cwd=tmp_path, config=configmod.validate({"semantic": False}, None),
                     today=TODAY)
    assert {f.path for f in named.findings} == {"docs/page.md"}


def test_translations_whose_sources_one_day_deleted_are_one_finding_naming_the_others(tmp_path: Path) -> None:
    # A reference regenerated in another layout: its three old pages gone the same day, their translations left.
    fr = "i18n/fr/docusaurus-plugin-content-docs/current/"
    body = "# {0}\n\n## Steps\n\nRun the {0} command, then read what it prints before you go on.\n"
    names = ["install", "deploy", "config", "api/client", "api/server", "api/types"]
    pages = {**{f"docs/{n}.md": body.format(n) for n in names}, **{f"{fr}{n}.md": body.format(n) for n in names}}
    write_site(tmp_path, pages, commits=[{"date": "2026-10-01T10:00:00", "paths": sorted(pages)}])
    git(tmp_path, "mv", "docs/api", "docs/reference")
    git(tmp_path, "commit", "-q", "-m", "regenerate the reference", date="2026-10-17T10:00:00")
    result = _lint(tmp_path, "STL007")
    assert [(f.path, [r.path for r in f.related]) for f in result.findings] == [
        (f"{fr}api/client.md", [f"{fr}api/server.md", f"{fr}api/types.md"])]
    assert "docs/api/client.md (and the sources of the 2 other translations named here, the same day) moved to " \
           "docs/reference/client.md on 2026-10-17" in result.findings[0].message
    # Taken out of git to be generated on each build (the folder now ignored): the site still has those pages, and
    # the translations are copies of them as they were.
    (tmp_path / ".gitignore").write_text("docs/api\n", encoding="utf-8")
    found = _lint(tmp_path, "STL007").findings
    assert [(f.path, len(f.related)) for f in found] == [(f"{fr}api/client.md", 2)]
    assert "left git on 2026-10-17, and its path is ignored now, as the output of a build that writes it is" \
           in found[0].message


def test_a_translation_whose_source_was_deleted_is_reported_with_the_day_it_went(tmp_path: Path) -> None:
    fr = "i18n/fr/docusaurus-plugin-content-docs/current/"
    body = "# {0}\n\n## Steps\n\nRun the {0} command, then read what it prints before you go on.\n"
    names = ["install", "deploy", "config", "sessions"]
    pages = {**{f"docs/{n}.md": body.format(n) for n in names}, **{f"{fr}{n}.md": body.format(n) for n in names}}
    write_site(tmp_path, pages, commits=[{"date": "2026-10-01T10:00:00", "paths": sorted(pages)}])
    git(tmp_path, "rm", "-q", "docs/sessions.md")
    git(tmp_path, "commit", "-q", "-m", "sessions are gone", date="2026-10-17T10:00:00")
    result = _lint(tmp_path, "STL007")
    assert [(f.path, f.message) for f in result.findings] == [
        (f"{fr}sessions.md", "Translation lags its source: its source docs/sessions.md was deleted on 2026-10-17 "
                             "and this translation stayed behind; remove it, or move it where its source went")]
    # A translation with no source that git never saw is not known to be left behind.
    (tmp_path / fr / "glossary.md").write_text(body.format("glossary"), encoding="utf-8")
    assert [f.path for f in _lint(tmp_path, "STL007").findings] == [f"{fr}sessions.md"]


_FR = "i18n/fr/docusaurus-plugin-content-docs/current/"
_BODY = "# {0}\n\n## Steps\n\nRun the {0} command, then read what it prints before you go on.\n"


def _sources_renamed(tmp_path: Path) -> None:
    """Five pages and their French translations; on 2026-10-17 two sources renamed (`sessions.md` to
    `sessions-index.md`, `tokens.md` to `auth-tokens.md`), the translations left where they were."""
    names = ["install", "deploy", "config", "sessions", "tokens"]
    pages = {**{f"docs/{n}.md": _BODY.format(n) for n in names}, **{f"{_FR}{n}.md": _BODY.format(n) for n in names}}
    write_site(tmp_path, pages, commits=[{"date": "2026-10-01T10:00:00", "paths": sorted(pages)}])
    git(tmp_path, "mv", "docs/sessions.md", "docs/sessions-index.md")
    git(tmp_path, "mv", "docs/tokens.md", "docs/auth-tokens.md")
    git(tmp_path, "commit", "-q", "-m", "new names", date="2026-10-17T10:00:00")


def test_a_translation_whose_source_moved_is_told_where_unless_it_was_kept_up_since(tmp_path: Path) -> None:
    # git saw the source renamed: the finding names where it went. A translation changed after that day is kept up
    # where it is (a translated tree laid out apart from its source's), and nothing is reported on it.
    fr, body = _FR, _BODY
    _sources_renamed(tmp_path)
    (tmp_path / fr / "tokens.md").write_text(body.format("tokens") + "\nUn jeton expire.\n", encoding="utf-8")
    git(tmp_path, "commit", "-q", "-am", "fr: tokens", date="2026-10-20T10:00:00")
    result = _lint(tmp_path, "STL007")
    assert [(f.path, f.message) for f in result.findings] == [
        (f"{fr}sessions.md", "Translation lags its source: its source docs/sessions.md moved to "
                             "docs/sessions-index.md on 2026-10-17 and this translation stayed behind, unchanged "
                             "since; move it there too")]
    # The one kept where it is is measured against its source where it went: a section the source gained since is
    # one the translation lacks.
    (tmp_path / "docs" / "auth-tokens.md").write_text(
        body.format("tokens") + "\n## Expiry\n\nA token expires after a day.\n\n## Scopes\n\nEach token has scopes.\n",
        encoding="utf-8")
    git(tmp_path, "commit", "-q", "-am", "tokens: expiry and scopes", date="2026-10-25T10:00:00")
    found = {f.path: f.message for f in _lint(tmp_path, "STL007").findings}
    assert found[f"{fr}tokens.md"] == ("Translation lags its source: it has 2 of 4 sections and 0 of 0 code blocks of "
                                       "its source")


def test_a_translation_whose_source_moved_and_was_later_deleted_is_told_it_is_gone(tmp_path: Path) -> None:
    # `sessions.md` renamed to `sessions-index.md`, which a later commit deleted: the translation is told its source is
    # gone, on the later day, not sent to a page that is no longer there; one moved twice is told where it is now.
    fr = _FR
    _sources_renamed(tmp_path)
    git(tmp_path, "rm", "-q", "docs/sessions-index.md")
    git(tmp_path, "mv", "docs/auth-tokens.md", "docs/auth.md")
    git(tmp_path, "commit", "-q", "-m", "sessions are gone, tokens are auth", date="2026-11-02T10:00:00")
    found = {f.path: f.message for f in _lint(tmp_path, "STL007").findings}
    assert found == {
        f"{fr}sessions.md": "Translation lags its source: its source docs/sessions.md was deleted on 2026-11-02 and "
                            "this translation stayed behind; remove it, or move it where its source went",
        f"{fr}tokens.md": "Translation lags its source: its source docs/tokens.md moved to docs/auth.md on 2026-10-17 "
                          "and this translation stayed behind, unchanged since; move it there too"}


def test_verbose_check_and_json_show_each_pages_type_and_language(tmp_path: Path) -> None:
    write_site(tmp_path, {"docs/index.md": "---\nlayout: home\n---\n", "docs/guide.md": "# Guide\n\nA guide.\n"})
    old = Path.cwd()
    os.chdir(tmp_path)
    try:
        verbose = CliRunner().invoke(main, ["check", "-v", "--no-semantic"])
        report = CliRunner().invoke(main, ["check", "--no-semantic", "--format", "json"])
    finally:
        os.chdir(old)
    assert "page docs/index.md: landing (front matter `layout: home`), language en" in verbose.output
    assert "page types: 1 doc, 1 landing; languages: 2 en" in verbose.output
    pages = {p["path"]: p for p in json.loads(report.stdout)["pages"]}
    assert (pages["docs/index.md"]["type"], pages["docs/index.md"]["language"]) == ("landing", "en")
    assert pages["docs/guide.md"]["type"] == "doc"


def test_discovery_reads_translations_but_not_frozen_versions_by_default(tmp_path: Path) -> None:
    _write(tmp_path, {"docusaurus.config.js": "module.exports = {};", "docs/a.md": "# A\n",
                      "versioned_docs/version-1.0/a.md": "# A\n",
                      "i18n/fr/docusaurus-plugin-content-docs/current/a.md": "# A\n"})
    result = _lint(tmp_path, "SUB001")
    assert sorted(p.path for p in result.site.pages) == ["docs/a.md",
                                                         "i18n/fr/docusaurus-plugin-content-docs/current/a.md"]
    assert result.site.variants_not_read == 1
    assert discover.detect(tmp_path).default_locale == "en"


def test_a_styling_page_named_as_a_partial_is_the_site_makers_showcase(tmp_path: Path) -> None:
    # `__elements.md`, its headings named for their levels and its text filler: a page for the site's makers to see
    # how each element looks, not a partial whose filler a page would show; `_note.md` of the same text is one.
    body = ("# Design elements\n\n## Heading H2\n\nLorem ipsum dolor sit amet, consectetur adipiscing elit.\n\n"
            "### Heading H3\n\nLorem ipsum dolor sit amet, consectetur adipiscing elit.\n")
    write_site(tmp_path, {"docs/__elements.md": body, "docs/_note.md": body.replace("Heading H", "Part "),
                          "docs/index.md": "# Home\n\nWelcome.\n"})
    found = _lint(tmp_path, "SUB002").findings
    assert {f.path for f in found} == {"docs/_note.md"}


def test_a_draft_named_with_a_leading_underscore_no_page_imports_is_not_built_on_docusaurus(tmp_path: Path) -> None:
    # The docs plugin's default `exclude` leaves out `_*.md`: `_3-jenkins-ci.md`, a "Coming Soon" draft no page imports,
    # is never published; a partial a page imports is built, in its page, and judged.
    draft = "---\nid: jenkins-ci\n---\n\nComing Soon\n\n## Introduction\n\n## How to\n\n## Summary\n"
    write_site(tmp_path, {
        "docs/ci/_3-jenkins-ci.md": draft,
        "docs/ci/_setup.mdx": "## Set up\n\nTODO: write the setup.\n",
        "docs/ci/github.mdx": "# GitHub\n\nimport Setup from './_setup.mdx';\n\n<Setup />\n",
    }, {"docusaurus.config.js": "module.exports = { presets: [['classic', { docs: {} }]] };\n"})
    result = _lint(tmp_path, "SUB002")
    assert "docs/ci/_3-jenkins-ci.md" in result.site.unbuilt
    assert "docs/ci/_setup.mdx" not in result.site.unbuilt
    assert {f.path for f in result.findings} == {"docs/ci/_setup.mdx"}


def test_a_template_in_a_folder_the_docs_plugin_excludes_is_not_built(tmp_path: Path) -> None:
    # `exclude: ["**/_*", "**/_*/**"]`: `_templates/tutorial.md` (a partial by its folder's name) is no page and no
    # part of one, as no page imports it; a partial a page imports from such a folder is built, in its page.
    outline = ("# Title\n\n## Overview\n\nIn this tutorial you learn {task}.\n\n## {Step 1}\n\n### {Step 1.1}\n\n"
               "## Next\n")
    write_site(tmp_path, {
        "docs/_templates/tutorial.md": outline,
        "docs/_blocks/setup.mdx": "## Set up\n\n## Run\n\nRun it.\n",
        "docs/guide.mdx": "# Guide\n\nimport Setup from './_blocks/setup.mdx';\n\n<Setup />\n",
    }, {"docusaurus.config.js": "module.exports = { presets: [['classic', { docs: { exclude: ['**/_*', '**/_*/**'] "
                                "} }]] };\n"})
    result = _lint(tmp_path, "SUB003")
    assert "docs/_templates/tutorial.md" in result.site.unbuilt
    assert "docs/_blocks/setup.mdx" not in result.site.unbuilt
    assert "docs/_templates/tutorial.md" not in {f.path for f in result.findings}


def test_a_deck_an_html_page_of_its_name_shows_with_reveal_js_is_slides(tmp_path: Path) -> None:
    # `brief.md` beside `brief.html` (reveal.js, `class="reveal"`): its title-only slides are by design; the same
    # Markdown with no such page beside it is a page of empty sections.
    deck = ("# Architecture\n\nThe team.\n\n---\n\n## History\n\nFrom 2013 on.\n\n---\n\n## The End\n\n---\n\n"
            "## Questions\n")
    write_site(tmp_path, {"docs/slides/brief/brief.md": deck, "docs/notes.md": deck},
               files={"docs/slides/brief/brief.html": '<div class="reveal"><div class="slides"></div></div>\n'})
    assert [f.path for f in _lint(tmp_path, "SUB003").findings] == ["docs/notes.md"]


def test_a_sphinx_site_of_restructuredtext_alone_builds_no_markdown_page(tmp_path: Path) -> None:
    # `extensions = [...]` with no Markdown parser and `source_suffix = '.rst'`: the `.md` files beside the
    # documents are notes read on GitHub, not pages of the site; with MyST listed, they are pages.
    conf = "extensions = [\n    'sphinx.ext.todo',\n]\nsource_suffix = '.rst'\n"
    write_site(tmp_path, {
        "doc/internal/notes.md": "# Notes\n\nSee [the plan](#the-plan-we-dropped).\n",
    }, {"doc/conf.py": conf, "doc/index.rst": "Acme\n====\n\nThe build tool.\n"})
    result = _lint(tmp_path, "STL009")
    assert "doc/internal/notes.md" in result.site.unbuilt
    assert not result.findings
    (tmp_path / "doc/conf.py").write_text(conf.replace("'sphinx.ext.todo',", "'sphinx.ext.todo', 'myst_parser',"),
                                          encoding="utf-8")
    result = _lint(tmp_path, "STL009")
    assert "doc/internal/notes.md" not in result.site.unbuilt
    assert [f.path for f in result.findings] == ["doc/internal/notes.md"]
