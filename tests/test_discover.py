"""Discovery: project root, framework, docs roots, variants, globs and symlink loops."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import pytest

from conftest import write_site
from sitelint import api, config as configmod
from sitelint.model import partial_path
from sitelint.pipeline import discover
from sitelint.sites import docusaurus


def touch(root: Path, *paths: str) -> None:
    for rel in paths:
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("# x\n", encoding="utf-8")


def pages(layout: discover.Layout, include: list[str] | None = None, exclude: list[str] | None = None) -> list[str]:
    found = discover.walk(layout, include or ["**/*.md", "**/*.mdx"], exclude or [])
    return [f.path.relative_to(layout.project_root).as_posix() for f in found if not f.problem]


def test_docusaurus_docs_versioned_and_i18n(tmp_path: Path) -> None:
    # The notes at the top of i18n/ on how the translations are made are no pages.
    touch(tmp_path, "website/docusaurus.config.js", "docs/intro.md", "website/versioned_docs/version-1.0/intro.md",
          "website/i18n/fr/docusaurus-plugin-content-docs/current/intro.md", "website/node_modules/x/readme.md",
          "website/i18n/README.md", "website/i18n/general-prompt.md")
    (tmp_path / "website/docusaurus.config.js").write_text("docs: { path: '../docs' }", encoding="utf-8")
    layout = discover.detect(tmp_path / "docs")
    assert layout.framework == "docusaurus" and layout.project_root == tmp_path.resolve()
    assert pages(layout) == ["docs/intro.md", "website/versioned_docs/version-1.0/intro.md",
                             "website/i18n/fr/docusaurus-plugin-content-docs/current/intro.md"]
    variants = {f.path.name + f.variant for f in discover.walk(layout, ["**/*.md"], [])}
    assert variants == {"intro.md", "intro.mdversioned:1.0", "intro.mdi18n:fr"}


def test_a_docs_app_in_www_beside_the_code_is_the_site(tmp_path: Path) -> None:
    touch(tmp_path, "README.md", "packages/server/README.md", "www/docusaurus.config.ts", "www/docs/intro.md",
          "www/blog/2024-01-01-hello.md", "www/versioned_docs/version-9.x/intro.md")
    (tmp_path / ".git").mkdir()
    layout = discover.detect(tmp_path)
    assert layout.framework == "docusaurus" and layout.project_root == tmp_path.resolve()
    assert pages(layout) == ["www/docs/intro.md", "www/blog/2024-01-01-hello.md",
                             "www/versioned_docs/version-9.x/intro.md"]


def test_a_monorepo_package_named_as_its_docs_app_is_the_site(tmp_path: Path) -> None:
    touch(tmp_path, "README.md", "packages/acme/README.md", "packages/acme-website/docusaurus.config.js",
          "packages/acme-website/docs/intro.md", "packages/acme-playground/README.md")
    (tmp_path / ".git").mkdir()
    layout = discover.detect(tmp_path)
    assert layout.framework == "docusaurus" and pages(layout) == ["packages/acme-website/docs/intro.md"]


def test_a_site_among_a_monorepos_apps_is_found_whatever_its_name(tmp_path: Path) -> None:
    # `apps/` holds the sites of a monorepo: `apps/v4/` is its Fumadocs site though not named as docs; the app with
    # the most pages is tried first.
    touch(tmp_path, "README.md", "apps/v4/source.config.ts", "apps/v4/content/docs/install.mdx",
          "apps/v4/content/docs/theming.mdx", "apps/v3/docusaurus.config.js", "apps/v3/docs/intro.md",
          "packages/cli/README.md", "templates/next-app/README.md")
    (tmp_path / ".git").mkdir()
    (tmp_path / "apps/v4/source.config.ts").write_text(
        'import { defineDocs } from "fumadocs-mdx/config"\nexport const docs = defineDocs({ dir: "content/docs" })\n',
        encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "fumadocs"
    assert pages(layout) == ["apps/v4/content/docs/install.mdx", "apps/v4/content/docs/theming.mdx"]


def test_a_site_in_a_js_workspace_group_of_sites_is_found(tmp_path: Path) -> None:
    # pnpm-workspace.yaml keeps the project's sites in `websites/*`: the one with the most pages is the site, and
    # an Astro site's collections without loaders (Astro 2 to 4) are the folders of their names.
    touch(tmp_path, "README.md", "websites/acme.io/astro.config.mjs", "websites/acme.io/src/content/docs/a.mdx",
          "websites/acme.io/src/content/docs/b.mdx", "websites/acme.io/src/content/blog/launch.mdx",
          "websites/acme.io/src/content/config.ts", "websites/shared/layouts/Base.astro",
          "websites/cli.acme.io/astro.config.mjs", "websites/cli.acme.io/src/content/docs/index.mdx")
    (tmp_path / ".git").mkdir()
    (tmp_path / "pnpm-workspace.yaml").write_text("packages:\n  - websites/*\n", encoding="utf-8")
    (tmp_path / "websites/acme.io/src/content/config.ts").write_text(
        "import { defineCollection, z } from 'astro:content'\n"
        "const blog = defineCollection({ schema: z.object({ title: z.string(), order: z.number() }) })\n"
        "const docs = defineCollection({ schema: z.object({ title: z.string() }) })\n"
        "export const collections = {\n  docs,\n  blog,\n}\n", encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "astro"
    assert sorted(pages(layout)) == ["websites/acme.io/src/content/blog/launch.mdx",
                                     "websites/acme.io/src/content/docs/a.mdx",
                                     "websites/acme.io/src/content/docs/b.mdx"]
    # the group's other site is one of its own, said (linted in its folder), not read into this one
    assert layout.other_sites == ((tmp_path / "websites/cli.acme.io").resolve(),)
    # package.json's `workspaces: {packages: [...]}` names its groups the same way.
    touch(tmp_path / "b", "README.md", "sites/docs/docusaurus.config.js", "sites/docs/docs/intro.md")
    (tmp_path / "b/package.json").write_text('{"workspaces": {"packages": ["sites/*"]}}', encoding="utf-8")
    (tmp_path / "b/.git").mkdir()
    layout = discover.detect(tmp_path / "b")
    assert layout.framework == "docusaurus" and pages(layout) == ["sites/docs/docs/intro.md"]
    assert layout.other_sites == ()


def test_a_mkdocs_config_among_the_tooling_whose_docs_dir_is_the_docs_folder_is_the_site(tmp_path: Path) -> None:
    # `hack/api-docs/mkdocs.yml` with `docs_dir: ../../docs`, built by a Makefile of its folder: the site's config.
    touch(tmp_path, "README.md", "docs/index.md", "docs/guides/setup.md", "hack/api-docs/Makefile")
    (tmp_path / ".git").mkdir()
    (tmp_path / "hack/api-docs/mkdocs.yml").write_text(
        "site_name: Acme\ndocs_dir: ../../docs\nnav:\n  - index.md\n  - guides/setup.md\n", encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "mkdocs"
    assert layout.config_files == (tmp_path / "hack/api-docs/mkdocs.yml",)
    assert pages(layout) == ["docs/guides/setup.md", "docs/index.md"]
    # one in an examples folder, or one whose docs_dir is its own, names no site
    (tmp_path / "hack/api-docs/mkdocs.yml").unlink()
    touch(tmp_path, "examples/site/cfg/docs/index.md", "tools/theme/preview/docs/index.md")
    (tmp_path / "examples/site/cfg/mkdocs.yml").write_text("site_name: X\ndocs_dir: ../../../docs\n", encoding="utf-8")
    (tmp_path / "tools/theme/preview/mkdocs.yml").write_text("site_name: Preview\n", encoding="utf-8")
    assert discover.detect(tmp_path).framework != "mkdocs"


def test_a_site_in_docs_beside_a_smaller_one_in_website_is_the_docs(tmp_path: Path) -> None:
    # A product's home page is one Hugo site (`website/`) and its documentation another (`docs/`, served under
    # `/docs/`): the site with the most pages is linted, the other named as one to run in its folder.
    touch(tmp_path, "README.md", "website/content/_index.md", "website/content/blog/launch.md",
          *(f"docs/content/docs/page-{n}.md" for n in range(4)))
    (tmp_path / ".git").mkdir()
    (tmp_path / "website/hugo.toml").write_text("baseURL = 'https://acme.io/'\n", encoding="utf-8")
    (tmp_path / "docs/hugo.toml").write_text("baseURL = 'https://acme.io/docs/'\n", encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "hugo"
    assert pages(layout) == [f"docs/content/docs/page-{n}.md" for n in range(4)]
    assert layout.other_sites == ((tmp_path / "website").resolve(),)
    # the larger in `website/` stays the one linted, the docs folder's named
    touch(tmp_path, *(f"website/content/blog/post-{n}.md" for n in range(6)))
    layout = discover.detect(tmp_path)
    assert [p.split("/")[0] for p in pages(layout)] == ["website"] * 8
    assert layout.other_sites == ((tmp_path / "docs").resolve(),)
    # a Docusaurus site in `website/` whose pages are `docs/`, with no config there, is one site
    touch(tmp_path / "d", "README.md", "website/docusaurus.config.js", "docs/intro.md", "docs/guide.md")
    (tmp_path / "d/.git").mkdir()
    layout = discover.detect(tmp_path / "d")
    assert layout.framework == "docusaurus" and layout.other_sites == ()


def test_a_docusaurus_docs_path_named_by_a_constant_is_that_folder(tmp_path: Path) -> None:
    # `const docsPath = "./current_docs"` and `docs: { path: docsPath }`: the pages are in current_docs/.
    touch(tmp_path, "docs/docusaurus.config.ts", "docs/current_docs/index.md", "docs/versioned_docs/version-1.0/a.md",
          "docs/versions.json", "docs/STYLE_GUIDE.md")
    (tmp_path / ".git").mkdir()
    (tmp_path / "docs/versions.json").write_text('["1.0"]\n', encoding="utf-8")
    (tmp_path / "docs/docusaurus.config.ts").write_text(
        'const docsPath = "./current_docs";\n'
        'export default { presets: [["classic", { docs: { path: docsPath, routeBasePath: "/" } }]] };\n',
        encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert [d.relative_to(tmp_path).as_posix() for d in layout.docs_roots][0] == "docs/current_docs"
    assert "docs/current_docs/index.md" in pages(layout) and "docs/STYLE_GUIDE.md" not in pages(layout)


def test_a_docusaurus_docs_path_written_for_a_site_built_once_per_language(tmp_path: Path) -> None:
    # `path: `./docs/${siteName}/guides``: the English folder is the source, the Chinese one its translation.
    touch(tmp_path, "docs/en/guides/intro.md", "docs/en/guides/deploy.md", "docs/cn/guides/intro.md",
          "docs/cn/guides/deploy.md", "docs/en/sidebars.js")
    (tmp_path / ".git").mkdir()
    (tmp_path / "docusaurus.config.js").write_text(
        "const siteName = process.env.site || 'cn';\nconst lang = siteName === 'cn' ? 'zh' : 'en';\n"
        "module.exports = {i18n: {defaultLocale: lang, locales: [lang]}, presets: [['classic', {docs: {\n"
        "  path: `./docs/${siteName}/guides`, routeBasePath: 'guides', sidebarPath: './docs/en/sidebars.js'}}]]};\n",
        encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert [d.relative_to(tmp_path).as_posix() for d in layout.docs_roots] == ["docs"]
    assert {p: layout.variant_of(tmp_path / p) for p in pages(layout)} == {
        "docs/en/guides/intro.md": "", "docs/en/guides/deploy.md": "",
        "docs/cn/guides/intro.md": "i18n:cn", "docs/cn/guides/deploy.md": "i18n:cn"}
    site = docusaurus.read_site(tmp_path)  # (`defaultLocale: lang` names no language: the default, English)
    assert (site.docs[0].path, site.default_locale) == ("docs/en/guides", "en")


def test_a_docs_folder_that_holds_the_published_build_is_not_the_docs(tmp_path: Path) -> None:
    # GitHub Pages publishes `docs/`, the site's own build writes it; its pages are Markdown elsewhere.
    touch(tmp_path, "docs/index.html", "docs/docs/type/string.html", "design/website/docs/type/string.md",
          "README.md")
    (tmp_path / ".git").mkdir()
    layout = discover.detect(tmp_path)
    assert [d.relative_to(tmp_path).as_posix() for d in layout.docs_roots] == ["."]
    assert "design/website/docs/type/string.md" in pages(layout)
    # ... and so it is when the build copied a Markdown file or two beside its hundreds of built pages; a docs folder
    # of pages and a built page or two is the docs.
    touch(tmp_path, *(f"docs/api/f{n}/index.html" for n in range(60)), "docs/skills/SKILL.md")
    assert [d.relative_to(tmp_path).as_posix() for d in discover.detect(tmp_path).docs_roots] == ["."]
    touch(tmp_path, *(f"docs/guide/p{n}.md" for n in range(5)))
    assert [d.relative_to(tmp_path).as_posix() for d in discover.detect(tmp_path).docs_roots] == ["docs"]


def test_starlight_locales_a_module_exports_by_default_and_a_language_pair_in_each_version_folder(
        tmp_path: Path) -> None:
    # `import locales from './src/i18n/languages'` (its default export: Chinese at the root), and each version's
    # folder holding its Chinese pages and their English translations.
    touch(tmp_path, *(f"src/content/docs/{v}/{lang}/guide/{p}.md" for v in ("latest", "v2")
                      for lang in ("zh-cn", "en") for p in ("intro", "deploy", "faq")))
    (tmp_path / ".git").mkdir()
    (tmp_path / "src/i18n").mkdir(parents=True)
    (tmp_path / "src/i18n/languages.ts").write_text(
        "export default {\n  'root': { label: '简体中文', lang: 'zh-cn' },\n"
        "  'en': { label: 'English', lang: 'en' }\n};\n",
        encoding="utf-8")
    (tmp_path / "astro.config.mjs").write_text(
        "import starlight from '@astrojs/starlight';\nimport locales from './src/i18n/languages';\n"
        "export default { integrations: [starlight({ title: 'Acme', defaultLocale: 'root', locales, })] };\n",
        encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.default_locale == "zh"
    variants = {p: layout.variant_of(tmp_path / p) for p in pages(layout)}
    assert variants["src/content/docs/v2/en/guide/faq.md"] == "i18n:en"
    assert variants["src/content/docs/latest/en/guide/faq.md"] == "i18n:en"
    assert variants["src/content/docs/latest/zh-cn/guide/faq.md"] == ""
    assert layout.source_candidates(tmp_path / "src/content/docs/v2/en/guide/faq.md")[0] == \
        tmp_path / "src/content/docs/v2/zh-cn/guide/faq.md"


def test_a_monorepo_s_docs_app_beside_a_top_docs_folder_of_notes(tmp_path: Path) -> None:
    # `apps/docs/` (its own package.json, its pages in a folder of its own) holds the site; the top `docs/` a plan.
    touch(tmp_path, "docs/plans/2026-01-02-search.md", "apps/docs/package.json",
          *(f"apps/docs/markdown-pages/docs/manual/page-{n}.mdx" for n in range(12)))
    (tmp_path / ".git").mkdir()
    layout = discover.detect(tmp_path)
    assert [d.relative_to(tmp_path).as_posix() for d in layout.docs_roots] == ["apps/docs"]
    assert "apps/docs/markdown-pages/docs/manual/page-3.mdx" in pages(layout)


def test_a_monorepo_s_example_app_of_one_page_is_not_its_docs(tmp_path: Path) -> None:
    # `apps/astro-app/` shows the project at work (an Astro config, one page); `apps/docs-analog/`, named for the
    # docs, holds the pages, built by a framework sitelint does not know.
    touch(tmp_path, "apps/astro-app/package.json", "apps/astro-app/src/pages/index.md", "apps/docs-analog/package.json",
          "docs/notes.md", *(f"apps/docs-analog/src/content/docs/guide-{n}.md" for n in range(12)))
    (tmp_path / ".git").mkdir()
    (tmp_path / "apps/astro-app/astro.config.mjs").write_text("export default {}\n", encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert [d.relative_to(tmp_path).as_posix() for d in layout.docs_roots] == ["apps/docs-analog"]


def test_a_monorepo_s_main_package_keeps_the_site_in_its_docs_folder(tmp_path: Path) -> None:
    # `packages/acme/docs/` holds an MkDocs config per language (`mkdocs-en.yml`, inheriting a base), built by that
    # package's scripts; the top `docs/` holds two notes. The one package with a framework's config in its `docs/`.
    touch(tmp_path, "docs/README.md", "docs/payout.md", "packages/acme/docs/en/index.md",
          "packages/acme/docs/en/guides/install.md", "packages/acme/docs/en/guides/drivers.md",
          "packages/acme-logger/README.md", "packages/acme-logger/docs/x.md")
    (tmp_path / ".git").mkdir()
    (tmp_path / "packages/acme/docs/base-mkdocs.yml").write_text("site_name: Acme\n", encoding="utf-8")
    (tmp_path / "packages/acme/docs/mkdocs-en.yml").write_text(
        "INHERIT: ./base-mkdocs.yml\ndocs_dir: en\nnav:\n  - index.md\n", encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "mkdocs"
    assert pages(layout) == ["packages/acme/docs/en/guides/drivers.md", "packages/acme/docs/en/guides/install.md",
                             "packages/acme/docs/en/index.md"]


def test_a_jekyll_config_its_build_command_names_is_the_site_s(tmp_path: Path) -> None:
    # `jekyll build --config jekyll.yml` in netlify.toml, `source: app`: the site is `app/`, its `_posts/` a blog;
    # the repository's own notes (OWNERS.md) and scaffolds (`templates/`) are no pages of it.
    touch(tmp_path, "OWNERS.md", "templates/policy.md", "app/docs/intro.md", "app/_posts/2020-09-10-launch.md",
          "app/_layouts/default.html")
    (tmp_path / ".git").mkdir()
    (tmp_path / "jekyll.yml").write_text("source: app\ndestination: dist\n", encoding="utf-8")
    (tmp_path / "netlify.toml").write_text('[build]\n  command = "bundle exec jekyll build --config jekyll.yml"\n',
                                           encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "jekyll"
    assert pages(layout) == ["app/_posts/2020-09-10-launch.md", "app/docs/intro.md"]


def test_a_route_path_in_a_docusaurus_config_is_not_a_docs_folder(tmp_path: Path) -> None:
    # `actions.addRoute({path: '/'})` in a plugin of the config's own: a URL route, not the filesystem's root.
    touch(tmp_path, "docusaurus.config.ts", "docs/intro.md", "src/pages/home.tsx")
    (tmp_path / ".git").mkdir()
    (tmp_path / "docusaurus.config.ts").write_text(
        "const homeRoot = () => ({ name: 'home-root', async contentLoaded({ actions }) {\n"
        "  actions.addRoute({ path: '/', component: '@site/src/pages/home', exact: true }); } });\n"
        'export default { plugins: [homeRoot], presets: [["classic", { docs: { path: "docs" } }]] };\n',
        encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert [d.relative_to(tmp_path).as_posix() for d in layout.docs_roots] == ["docs"]
    assert pages(layout) == ["docs/intro.md"]


def test_a_docs_folder_that_holds_the_project_is_not_read(tmp_path: Path) -> None:
    # A docs plugin's `path: '..'` from a site at the repository's top: the folder above the project, never read.
    (tmp_path / "outside.md").write_text("# Not the project's\n", encoding="utf-8")
    project = tmp_path / "repo"
    touch(project, "docusaurus.config.js", "docs/intro.md")
    (project / ".git").mkdir()
    (project / "docusaurus.config.js").write_text(
        'module.exports = { plugins: [["@docusaurus/plugin-content-docs", { id: "up", path: ".." }]],\n'
        '  presets: [["classic", { docs: { path: "docs" } }]] };\n', encoding="utf-8")
    layout = discover.detect(project)
    assert [d.relative_to(project).as_posix() for d in layout.docs_roots] == ["docs"]


def test_a_docusaurus_config_written_as_an_mts_module_is_found(tmp_path: Path) -> None:
    touch(tmp_path, "README.md", "packages/website/docusaurus.config.mts", "docs/intro.md",
          "packages/plugin/docs/rules/no-foo.mdx", "packages/plugin/README.md")
    (tmp_path / ".git").mkdir()
    (tmp_path / "packages/website/docusaurus.config.mts").write_text(
        "const base = { id: 'base-docs', path: '../../docs' };\n"
        "export default { presets: [['classic', { docs: { path: '../plugin/docs/rules' } }]],\n"
        "  plugins: [['@docusaurus/plugin-content-docs', base]] };\n", encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "docusaurus"
    assert sorted(pages(layout)) == ["docs/intro.md", "packages/plugin/docs/rules/no-foo.mdx"]


def test_a_properdocs_site_is_read_as_the_mkdocs_site_it_is(tmp_path: Path) -> None:
    # ProperDocs, the maintained fork of MkDocs, reads the same settings from properdocs.yml.
    touch(tmp_path, "README.md", "properdocs.yml", "site/index.md", "pages/index.md", "pages/options.md")
    (tmp_path / ".git").mkdir()
    (tmp_path / "properdocs.yml").write_text("site_name: Kit\ndocs_dir: pages\nnav:\n- index.md\n", encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "mkdocs" and pages(layout) == ["pages/index.md", "pages/options.md"]


def test_a_nuxt_content_docs_app_of_a_monorepo_is_its_content_folder(tmp_path: Path) -> None:
    touch(tmp_path, "README.md", "CHANGELOG.md", "packages/core/README.md", "apps/docs/nuxt.config.ts",
          "apps/docs/README.md", "apps/docs/content/index.md", "apps/docs/content/1.guide/1.install.md",
          "apps/lab/README.md")
    (tmp_path / ".git").mkdir()
    layout = discover.detect(tmp_path)
    assert layout.framework == "" and pages(layout) == ["apps/docs/content/1.guide/1.install.md",
                                                        "apps/docs/content/index.md"]
    # Another docs app of the monorepo, run from its folder, is a site of its own.
    touch(tmp_path, "apps/extras-docs/nuxt.config.ts", "apps/extras-docs/content/index.md")
    assert pages(discover.detect(tmp_path / "apps/extras-docs")) == ["content/index.md"]


def test_a_docs_folder_that_is_a_nuxt_content_app_has_its_pages_in_content(tmp_path: Path) -> None:
    # The docs folder is the app: its nuxt.config, its components in app/, its pages in content/.
    touch(tmp_path, "README.md", "src/module.ts", "docs/nuxt.config.ts", "docs/README.md", "docs/app/app.md",
          "docs/content/1.getting-started/1.index.md", "docs/content/3.components/card.md")
    (tmp_path / ".git").mkdir()
    layout = discover.detect(tmp_path)
    assert pages(layout) == ["docs/content/1.getting-started/1.index.md", "docs/content/3.components/card.md"]


def test_without_a_framework_the_docs_are_documentation_docs_when_there_is_no_docs_folder(tmp_path: Path) -> None:
    touch(tmp_path, "README.md", "packages/kit/README.md", "documentation/docs/10-intro/index.md")
    (tmp_path / ".git").mkdir()
    layout = discover.detect(tmp_path)
    assert layout.framework == "" and pages(layout) == ["documentation/docs/10-intro/index.md"]


def test_an_mdbook_guide_is_its_book_s_src_folder(tmp_path: Path) -> None:
    touch(tmp_path, "README.md", "tests/testsuite/book/src/chapter_1.md", "guide/book.toml", "guide/src/SUMMARY.md",
          "guide/src/guide/installation.md", "docs/book.toml", "docs/pages/intro.md")
    (tmp_path / ".git").mkdir()
    (tmp_path / "guide" / "book.toml").write_text('[book]\ntitle = "Guide"\n', encoding="utf-8")  # src/ by default
    layout = discover.detect(tmp_path)
    assert layout.framework == "mdbook"
    assert pages(layout) == ["guide/src/SUMMARY.md", "guide/src/guide/installation.md"]
    (tmp_path / "guide" / "book.toml").unlink()
    (tmp_path / "docs" / "book.toml").write_text('[book]\nsrc = "pages"\n', encoding="utf-8")
    assert pages(discover.detect(tmp_path)) == ["docs/pages/intro.md"]



def test_an_mdbook_manual_is_its_book_s_src_folder(tmp_path: Path) -> None:
    # `manual/book.toml`: the project's manual, beside the code it documents.
    touch(tmp_path, "README.md", "CHANGELOG.md", "manual/book.toml", "manual/src/SUMMARY.md",
          "manual/src/installation.md")
    (tmp_path / ".git").mkdir()
    layout = discover.detect(tmp_path)
    assert layout.framework == "mdbook"
    assert pages(layout) == ["manual/src/SUMMARY.md", "manual/src/installation.md"]


def test_a_book_per_audience_in_doc_is_a_docs_root_each(tmp_path: Path) -> None:
    touch(tmp_path, "README.md", "doc/user-guide/book.toml", "doc/user-guide/src/SUMMARY.md",
          "doc/user-guide/src/installation.md", "doc/dev-guide/book.toml", "doc/dev-guide/src/SUMMARY.md",
          "doc/dev-guide/src/release.md", "doc/notes/draft.md")
    (tmp_path / ".git").mkdir()
    layout = discover.detect(tmp_path)
    assert layout.framework == "mdbook"
    assert [d.relative_to(tmp_path).as_posix() for d in layout.docs_roots] == ["doc/dev-guide/src",
                                                                             "doc/user-guide/src"]
    assert pages(layout) == ["doc/dev-guide/src/SUMMARY.md", "doc/dev-guide/src/release.md",
                             "doc/user-guide/src/SUMMARY.md", "doc/user-guide/src/installation.md"]


def test_a_docsify_site_is_the_folder_of_the_page_that_sets_it_up(tmp_path: Path) -> None:
    # Docsify: an HTML page that sets `window.$docsify`, its Markdown pages fetched from its folder as they are;
    # `doc.html` beside a home page of its own in a folder of another name.
    touch(tmp_path, "README.md", "core/README.md", "acme-doc/README.md", "acme-doc/_sidebar.md",
          "acme-doc/start/install.md")
    (tmp_path / ".git").mkdir()
    (tmp_path / "acme-doc/index.html").write_text("<html><body><h1>Acme</h1></body></html>\n", encoding="utf-8")
    (tmp_path / "acme-doc/doc.html").write_text(
        "<div id=app></div>\n<script>\n  window.$docsify = { loadSidebar: true, subMaxLevel: 3 }\n</script>\n"
        '<script src="//cdn.jsdelivr.net/npm/docsify@4"></script>\n', encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "docsify"
    assert layout.config_files == (tmp_path / "acme-doc/doc.html",)
    assert [d.relative_to(tmp_path).as_posix() for d in layout.docs_roots] == ["acme-doc"]
    # ... and at the usual place, `docs/index.html`
    touch(tmp_path / "b", "README.md", "docs/README.md", "docs/guide.md")
    (tmp_path / "b/.git").mkdir()
    (tmp_path / "b/docs/index.html").write_text("<script>window.$docsify = {name: 'b'}</script>\n", encoding="utf-8")
    layout = discover.detect(tmp_path / "b")
    assert layout.framework == "docsify" and pages(layout) == ["docs/README.md", "docs/guide.md"]


def test_a_shelf_of_books_at_the_top_is_a_docs_root_each(tmp_path: Path) -> None:
    # One repository of a project's books, a folder each at the top, each its own `src = "."`.
    touch(tmp_path, "README.md", "bridges/SUMMARY.md", "bridges/index.md", "client/SUMMARY.md", "client/faq.md",
          "bookshelf/index.html")
    for book in ("bridges", "client"):
        (tmp_path / book / "book.toml").write_text(f'[book]\nsrc = "."\ntitle = "{book}"\n', encoding="utf-8")
    (tmp_path / ".git").mkdir()
    layout = discover.detect(tmp_path)
    assert layout.framework == "mdbook"
    assert [d.relative_to(tmp_path).as_posix() for d in layout.docs_roots] == ["bridges", "client"]
    assert pages(layout) == ["bridges/SUMMARY.md", "bridges/index.md", "client/SUMMARY.md", "client/faq.md"]


def test_a_folder_of_books_named_for_versions_is_one_book_s_releases(tmp_path: Path) -> None:
    # `docs-src/0.6/`, `docs-src/0.7/` and `docs-src/blog/` each hold a book: each a docs root, the newest version's
    # pages current and the older version's a frozen copy.
    touch(tmp_path, "README.md", "packages/cli/README.md", "docs-src/0.6/book.toml", "docs-src/0.6/src/intro.md",
          "docs-src/0.7/book.toml", "docs-src/0.7/src/intro.md", "docs-src/blog/book.toml",
          "docs-src/blog/src/release.md")
    (tmp_path / ".git").mkdir()
    layout = discover.detect(tmp_path)
    assert layout.framework == "mdbook"
    assert [d.relative_to(tmp_path).as_posix() for d in layout.docs_roots] == [
        "docs-src/0.6/src", "docs-src/0.7/src", "docs-src/blog/src"]
    assert [version for _, version in layout.version_dirs] == ["0.6"]
    assert layout.version_dirs[0][0].endswith("docs-src/0.6/src/")


def test_version_folders_side_by_side_are_the_newest_and_its_frozen_copies(tmp_path: Path) -> None:
    # `guide/v10/` and `guide/v11/` with no current pages above them: v11 is current, v10, which has v11's pages
    # again, a copy, and so is v8, of other pages, in that series of three; `api/` folders not named for versions
    # are pages.
    names = ("intro", "hooks", "forms", "refs")
    touch(tmp_path, "docs/index.md", *(f"docs/guide/v11/{n}.md" for n in names),
          *(f"docs/guide/v10/{n}.md" for n in names[:3]), "docs/guide/v10/extra.md",
          *(f"docs/guide/v8/old-{n}.md" for n in names), "docs/api/a.md", "docs/api/b.md")
    (tmp_path / ".git").mkdir()
    layout = discover.detect(tmp_path)
    assert [(folder.rsplit("/", 3)[-3:-1], version) for folder, version in layout.version_dirs] == [
        (["guide", "v8"], "v8"), (["guide", "v10"], "v10")]
    # Two folders of versions, one not a copy of the other's pages: both current (an API's v1 and v2).
    touch(tmp_path / "api", "docs/index.md", *(f"docs/api/v2/{n}.md" for n in names),
          *(f"docs/api/v1/old-{n}.md" for n in names))
    (tmp_path / "api/.git").mkdir()
    assert discover.detect(tmp_path / "api").version_dirs == ()


def test_a_translation_of_a_frozen_version_s_copy_is_frozen_with_it(tmp_path: Path) -> None:
    # Hexo's `source/docs/0.15/` is current and `0.14/` a frozen copy; the Portuguese pages translate 0.14
    # (`source/pt/docs/0.14/`): a copy of that version too, not a translation of the current pages.
    names = ("actions", "broker", "caching", "events")
    touch(tmp_path, *(f"source/docs/0.15/{n}.md" for n in names), *(f"source/docs/0.14/{n}.md" for n in names),
          *(f"source/pt/docs/0.14/{n}.md" for n in names), *(f"source/ru/docs/0.14/{n}.md" for n in names))
    (tmp_path / ".git").mkdir()
    (tmp_path / "_config.yml").write_text("title: Site\nlanguage: en\nsource_dir: source\n", encoding="utf-8")
    (tmp_path / "package.json").write_text('{"dependencies": {"hexo": "^7.0.0"}}', encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "hexo"
    assert layout.variant_of(tmp_path / "source/pt/docs/0.14/actions.md") == "versioned:0.14"
    assert layout.variant_of(tmp_path / "source/docs/0.14/actions.md") == "versioned:0.14"
    assert layout.variant_of(tmp_path / "source/docs/0.15/actions.md") == ""


def test_version_folders_in_an_archives_folder_are_all_frozen_copies(tmp_path: Path) -> None:
    # `docs/1.13.0/` and `docs/1.12.2/` beside `docs/archives/1.10.2/` and `docs/archives/1.10.3/`: the archive's
    # versions are all older than the newest, whatever the newest of them.
    names = ("intro", "install", "upgrade", "backup")
    touch(tmp_path, "docs/_index.md", *(f"docs/{v}/{n}.md" for v in ("1.12.2", "1.13.0") for n in names),
          *(f"docs/archives/{v}/{n}.md" for v in ("1.10.2", "1.10.3") for n in names))
    (tmp_path / ".git").mkdir()
    layout = discover.detect(tmp_path)
    assert sorted(version for _, version in layout.version_dirs) == ["1.10.2", "1.10.3", "1.12.2"]
    # The release before the newest, still edited, stays current; the archive's newest, edited the same day, not.
    names = ("intro", "install", "upgrade", "backup")
    pages = {f"docs/{v}/{n}.md": f"# {n}\n\nThe {n} page of {v}.\n" for v in ("1.12.2", "1.13.0") for n in names}
    pages |= {f"docs/archives/{v}/{n}.md": f"# {n}\n\nThe {n} page of {v}.\n" for v in ("1.10.2", "1.10.3")
              for n in names}
    (tmp_path / "edited").mkdir()
    write_site(tmp_path / "edited", pages, commits=[{"date": "2026-07-01T12:00:00", "paths": list(pages)}])
    layout = discover.detect(tmp_path / "edited")
    assert sorted(version for _, version in layout.version_dirs) == ["1.10.2", "1.10.3"]


def test_the_release_line_before_the_newest_still_edited_is_current(tmp_path: Path) -> None:
    # `guide/v11/` is the preview of the next release and `guide/v10/`, edited in the same month, the stable line
    # beside it: both current; `guide/v8/`, last edited years before, a frozen copy.
    names = ("intro", "hooks", "forms", "refs")
    pages = {f"docs/guide/{v}/{n}.md": f"# {n}\n\nThe {n} guide of {v}.\n" for v in ("v8", "v10", "v11")
             for n in names}
    old = [p for p in pages if "/v8/" in p]
    write_site(tmp_path, pages, commits=[{"date": "2021-03-01T12:00:00", "paths": old},
                                         {"date": "2026-06-01T12:00:00", "paths": [p for p in pages if p not in old]}])
    layout = discover.detect(tmp_path)
    assert [version for _, version in layout.version_dirs] == ["v8"]
    # A translation's `v10/`, edited less, follows its source's: current too.
    es = {p.replace("docs/guide/", "docs/es/guide/"): v for p, v in pages.items() if "/v8/" not in p}
    (tmp_path / "t").mkdir()
    write_site(tmp_path / "t", {**pages, **es}, commits=[
        {"date": "2021-03-01T12:00:00", "paths": old + [p for p in es if "/v10/" in p]},
        {"date": "2026-06-01T12:00:00", "paths": [p for p in pages if p not in old] + [p for p in es if "/v11/" in p]}])
    assert [version for _, version in discover.detect(tmp_path / "t").version_dirs] == ["v8"]


def test_the_pages_written_again_for_language_models_are_no_pages(tmp_path: Path) -> None:
    # `server/assets/llms/` holds llms.txt and a Markdown copy of each page a script writes for language models.
    touch(tmp_path, "docs/index.md", "docs/guide.md", "docs/assets/llms/llms.txt", "docs/assets/llms/guide.md",
          "docs/assets/llms/components/button.md")
    assert pages(discover.detect(tmp_path / "docs")) == ["guide.md", "index.md"]
    # An llms.txt at the top of the docs is the site's index for language models; its pages are pages.
    touch(tmp_path / "b", "docs/llms.txt", "docs/index.md")
    assert pages(discover.detect(tmp_path / "b" / "docs")) == ["index.md"]


def test_a_go_module_s_vendored_dependencies_are_no_pages(tmp_path: Path) -> None:
    # `vendor/modules.txt` marks Go's vendored dependencies: their READMEs are not the project's docs.
    touch(tmp_path, "README.md", "DEVELOPMENT.md", "vendor/modules.txt", "vendor/github.com/spf13/cobra/README.md",
          "docs/vendor/choosing-a-vendor.md")
    (tmp_path / ".git").mkdir()
    (tmp_path / "docs").rename(tmp_path / "guides")
    assert pages(discover.detect(tmp_path)) == ["DEVELOPMENT.md", "README.md", "guides/vendor/choosing-a-vendor.md"]


def test_sites_in_folders_named_for_majors_are_the_newest(tmp_path: Path) -> None:
    # `docs-v1/` and `docs-v2/`, each a Hugo site: the docs of each major, the newest the site.
    touch(tmp_path, "README.md", "docs-v1/config.toml", "docs-v1/content/en/intro.md", "docs-v2/config.toml",
          "docs-v2/content/en/intro.md", "cmd/README.md")
    (tmp_path / ".git").mkdir()
    for v in ("docs-v1", "docs-v2"):
        (tmp_path / v / "config.toml").write_text('baseURL = "https://kit.dev"\ncontentDir = "content/en"\n',
                                                  encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "hugo" and pages(layout) == ["docs-v2/content/en/intro.md"]


def test_a_static_folder_is_copied_as_it_is_and_holds_no_page(tmp_path: Path) -> None:
    touch(tmp_path, "mkdocs.yml", "docs/index.md", "docs/_static/CLAUDE.md", "docs/guide/_static/notes.md")
    layout = discover.detect(tmp_path / "docs")
    assert pages(layout) == ["docs/index.md"]


def test_instructions_for_coding_agents_beside_the_pages_are_not_pages(tmp_path: Path) -> None:
    # ... nor an agent skill's `SKILL.md`
    touch(tmp_path, "site/.vitepress/config.ts", "site/index.md", "site/AGENTS.md", "site/guide/CLAUDE.md",
          "site/guide/agents.md", "site/SKILL.md")
    layout = discover.detect(tmp_path)
    assert pages(layout) == ["site/guide/agents.md", "site/index.md"]


def test_folders_of_versioned_copies_can_be_left_unread_and_are_counted(tmp_path: Path) -> None:
    touch(tmp_path, "website/docusaurus.config.js", "docs/intro.md", "website/versioned_docs/version-1.0/intro.md",
          "website/versioned_docs/version-1.0/api/hooks.mdx", "website/versioned_docs/version-1.0/notes.txt",
          "website/versioned_docs/version-2.0/intro.md", "website/i18n/fr/docusaurus-plugin-content-docs/a.md")
    (tmp_path / "website/docusaurus.config.js").write_text("docs: { path: '../docs' }", encoding="utf-8")
    layout = discover.detect(tmp_path / "docs")
    asked: list[str] = []

    def read_only_2(folder: str) -> bool:
        asked.append(Path(folder).relative_to(tmp_path).as_posix())
        return folder.endswith("version-2.0")

    found = list(discover.walk(layout, ["**/*.md", "**/*.mdx"], [], read_only_2))
    read = sorted(f.path.relative_to(tmp_path).as_posix() for f in found if not f.not_read)
    unread = {f.path.relative_to(tmp_path).as_posix(): (f.variant, f.not_read) for f in found if f.not_read}
    # Translations are always read (a translation that lags its source is a finding on it); frozen versions only
    # when asked for.
    assert read == ["docs/intro.md", "website/i18n/fr/docusaurus-plugin-content-docs/a.md",
                    "website/versioned_docs/version-2.0/intro.md"]
    assert unread == {"website/versioned_docs/version-1.0": ("versioned:1.0", 2)}
    # Only folders of versioned copies are asked about, each once, at their top.
    assert sorted(asked) == ["website/versioned_docs/version-1.0", "website/versioned_docs/version-2.0"]


def test_mkdocs_docs_dir(tmp_path: Path) -> None:
    touch(tmp_path, "mkdocs.yml", "content/index.md", "docs/ignored.md")
    (tmp_path / "mkdocs.yml").write_text("site_name: x\ndocs_dir: content  # where pages live\n", encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "mkdocs" and pages(layout) == ["content/index.md"]


def test_a_zensical_site_is_read_as_the_mkdocs_site_it_builds(tmp_path: Path) -> None:
    # Zensical keeps MkDocs' settings in zensical.toml's [project] table: docs_dir, nav.
    touch(tmp_path, "zensical.toml", "README.md", "content/index.md", "content/guide/setup.md", "docs/old.md")
    (tmp_path / "zensical.toml").write_text(
        '[project]\nsite_name = "X"\ndocs_dir = "content"\nnav = [\n  { "Home" = "index.md" },\n'
        '  { "Guide" = [ { "Setup" = "guide/setup.md" } ] },\n]\n', encoding="utf-8")
    (tmp_path / ".git").mkdir()
    layout = discover.detect(tmp_path)
    assert layout.framework == "mkdocs" and [c.name for c in layout.config_files] == ["zensical.toml"]
    assert pages(layout) == ["content/guide/setup.md", "content/index.md"]


def test_an_mkdocs_config_under_a_name_of_its_own_is_read(tmp_path: Path) -> None:
    # The build names it (`zensical build -f zensical.yml`); it is known by MkDocs' settings, not its name. Other
    # YAML files at the top (a CI config, a `site_name` with no pages) are not configs of a site.
    touch(tmp_path, "zensical.yml", ".readthedocs.yaml", "other.yml", "README.md", "docs/src/markdown/index.md",
          "docs/theme/main.md")
    (tmp_path / "zensical.yml").write_text("site_name: X\ndocs_dir: docs/src/markdown\ntheme:\n  name: material\n",
                                           encoding="utf-8")
    (tmp_path / ".readthedocs.yaml").write_text("version: 2\nmkdocs:\n  configuration: zensical.yml\n",
                                                encoding="utf-8")
    (tmp_path / "other.yml").write_text("site_name: not a site\n", encoding="utf-8")
    (tmp_path / ".git").mkdir()
    layout = discover.detect(tmp_path)
    assert layout.framework == "mkdocs" and [c.name for c in layout.config_files] == ["zensical.yml"]
    assert pages(layout) == ["docs/src/markdown/index.md"]


def test_a_folder_named_like_build_output_inside_the_docs_is_a_section(tmp_path: Path) -> None:
    # `build/` and `site/` where a build writes (the project's top, the config's folder) are output; in the docs
    # folder they are sections of pages (a guide to building in docs/build/).
    touch(tmp_path / "mk", "mkdocs.yml", "docs/index.md", "docs/build/getting_started.md", "docs/site/hosting.md",
          "build/index.md", "site/index.md")
    layout = discover.detect(tmp_path / "mk")
    assert pages(layout) == ["docs/build/getting_started.md", "docs/index.md", "docs/site/hosting.md"]
    touch(tmp_path / "plain", "guide.md", "build/guide.md", "dist/guide.md")
    (tmp_path / "plain" / ".git").mkdir()
    assert pages(discover.detect(tmp_path / "plain")) == ["guide.md"]
    # A `site/` of Markdown sources git tracks is the docs; one with a built page at its top is still output.
    sources = {"README.md": "# Docs\n", "site/en/getstarted/install.md": "# Install\n", "build/notes.md": "# N\n"}
    (tmp_path / "sources").mkdir()
    write_site(tmp_path / "sources", sources, commits=[{"date": "2026-01-01T12:00:00", "paths": list(sources)}])
    touch(tmp_path / "sources", "dist/copy.md")
    assert pages(discover.detect(tmp_path / "sources")) == ["README.md", "build/notes.md",
                                                             "site/en/getstarted/install.md"]
    touch(tmp_path / "sources", "build/index.html")
    assert pages(discover.detect(tmp_path / "sources")) == ["README.md", "site/en/getstarted/install.md"]


def test_an_rspress_site_is_its_config_s_root_and_astro_s_are_its_content_collections(tmp_path: Path) -> None:
    touch(tmp_path / "rs", "README.md", "crates/core/README.md", "website/rstack.config.ts", "website/content/en/a.md")
    (tmp_path / "rs" / ".git").mkdir()
    # The Rstack CLI's config, defining the doc site; its pages in `root`.
    (tmp_path / "rs" / "website" / "rstack.config.ts").write_text(
        "define.doc(async () => ({\n  // root: 'old',\n  root: path.join(import.meta.dirname, 'content'),\n}));\n",
        encoding="utf-8")
    layout = discover.detect(tmp_path / "rs")
    assert layout.framework == "rspress" and pages(layout) == ["website/content/en/a.md"]
    touch(tmp_path / "as", "astro.config.mjs", "src/content.config.ts", "src/content/docs/guide.md",
          "src/content/blog/post.md", "src/content/team/x.md", "README.md")
    (tmp_path / "as" / "src" / "content.config.ts").write_text(
        "const docs = defineCollection({ loader: glob({ pattern: '**/*.{md,mdx}', base: './src/content/docs' }) });\n"
        "const blog = defineCollection({ loader: glob({ base: 'src/content/blog', pattern: '*.md' }) });\n",
        encoding="utf-8")
    layout = discover.detect(tmp_path / "as")
    # Not Starlight (its config does not use it) although it has src/content/docs: the collections are the pages.
    assert layout.framework == "astro" and pages(layout) == ["src/content/docs/guide.md", "src/content/blog/post.md"]


def test_an_astro_collection_based_in_the_content_config_s_own_folder(tmp_path: Path) -> None:
    # `base: join(import.meta.dirname, "guides")` is src/guides, beside the content config, not the project's guides/.
    touch(tmp_path, "app/astro.config.ts", "app/src/content.config.ts", "app/src/guides/react/1-start.mdx",
          "app/src/guides/solid/styling.mdx", "app/src/pages/index.astro", "guides/notes.md", "readme.md")
    (tmp_path / "app/src/content.config.ts").write_text(
        'import { join } from "node:path";\nconst guides = defineCollection({\n  loader: glob({\n'
        '    pattern: "*/*.mdx",\n    base: join(import.meta.dirname, "guides"),\n  }),\n});\n'
        'const posts = defineCollection({ loader: glob({ base: new URL("./posts/", import.meta.url) }) });\n',
        encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "astro"
    assert pages(layout) == ["app/src/guides/react/1-start.mdx", "app/src/guides/solid/styling.mdx"]


def test_astro_collections_defined_in_modules_the_content_config_imports(tmp_path: Path) -> None:
    # `export const collections = { [docsName]: docsCollection }` with each collection defined in a module of its own
    # folder (`@/content/docs/content.config`), its glob based there (`base: import.meta.dirname`).
    touch(tmp_path, "app/astro.config.ts", "app/src/content.config.ts", "app/src/content/docs/content.config.ts",
          "app/src/content/docs/migrate/from-v1.md", "app/src/content/mapping/content.config.ts",
          "app/src/content/mapping/lodash/chunk.md", "app/src/pages/index.astro", "app/src/pages/about.md")
    (tmp_path / "app/src/content.config.ts").write_text(
        'import { docsCollection, docsName } from "@/content/docs/content.config";\n'
        'import { mappingCollection, mappingName } from "./content/mapping/content.config";\n'
        "export const collections = {\n  [docsName]: docsCollection,\n  [mappingName]: mappingCollection,\n};\n",
        encoding="utf-8")
    for name in ("docs", "mapping"):
        (tmp_path / f"app/src/content/{name}/content.config.ts").write_text(
            'import { glob } from "astro/loaders";\n'
            f'export const {name}Name = "{name}";\n'
            f"export const {name}Collection = defineCollection({{\n  loader: glob({{\n"
            '    base: import.meta.dirname,\n    pattern: "**/[^_]*.md",\n  }),\n});\n', encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "astro"
    assert pages(layout) == ["app/src/content/docs/migrate/from-v1.md", "app/src/content/mapping/lodash/chunk.md"]


def test_a_gatsby_site_is_the_folders_its_filesystem_source_reads_or_its_docs_theme_s(tmp_path: Path) -> None:
    # GitHub's Doctocat theme reads `content/`; a site that names its folders to gatsby-source-filesystem
    # (`path: `${__dirname}/guides``) reads those; the project's other Markdown files are not pages.
    touch(tmp_path, "site/gatsby-config.js", "site/content/index.mdx", "site/content/components/button.mdx",
          "site/README.md", "site/src/components/Note.md")
    (tmp_path / "site/gatsby-config.js").write_text(
        "module.exports = {\n  plugins: [{ resolve: '@primer/gatsby-theme-doctocat', options: {} }],\n};\n",
        encoding="utf-8")
    layout = discover.detect(tmp_path / "site")
    assert layout.framework == "gatsby"
    assert pages(layout) == ["content/components/button.mdx", "content/index.mdx"]
    touch(tmp_path, "site/guides/start.md")
    (tmp_path / "site/gatsby-config.js").write_text(
        "module.exports = {\n  plugins: [{\n    resolve: 'gatsby-source-filesystem',\n"
        "    options: { name: 'guides', path: `${__dirname}/guides` },\n  }],\n};\n", encoding="utf-8")
    layout = discover.detect(tmp_path / "site")
    assert layout.framework == "gatsby" and pages(layout) == ["guides/start.md"]


def test_an_rspress_site_s_versions_other_than_the_default_are_frozen_copies(tmp_path: Path) -> None:
    touch(tmp_path, "README.md", "website/rspress.config.ts", "website/docs/13.x/docs/api.mdx",
          "website/docs/14.x/docs/api.mdx", "website/docs/14.x/index.md")
    (tmp_path / ".git").mkdir()
    (tmp_path / "website" / "rspress.config.ts").write_text(
        "export default defineConfig({\n  root: path.join(__dirname, 'docs'),\n"
        "  // multiVersion: {default: '13.x'},\n  multiVersion: {\n    default: '14.x',\n"
        "    versions: ['12.x', '13.x', '14.x'],\n  },\n});\n", encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "rspress"
    assert {p: layout.variant_of(tmp_path / p) for p in pages(layout)} == {
        "website/docs/13.x/docs/api.mdx": "versioned:13.x", "website/docs/14.x/docs/api.mdx": "",
        "website/docs/14.x/index.md": ""}


def test_an_rspress_preset_s_root_dir_is_the_site_s_root(tmp_path: Path) -> None:
    # A preset of Rspress takes the docs folder as `rootDir`; '.' is the config's own folder.
    touch(tmp_path, "README.md", "package.json", "docs/rspress.config.ts", "docs/5.x/docs/icons.mdx",
          "docs/6.x/docs/icons.mdx", "docs/5.x/index.mdx")
    (tmp_path / ".git").mkdir()
    (tmp_path / "docs" / "rspress.config.ts").write_text(
        "export default withCallstackPreset(\n  { context: __dirname, docs: { title: 'Paper', rootDir: '.' } },\n"
        "  defineConfig({ multiVersion: { default: '5.x', versions: ['5.x', '6.x'] } }),\n);\n", encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "rspress"
    assert {p: layout.variant_of(tmp_path / p) for p in pages(layout)} == {
        "docs/5.x/docs/icons.mdx": "", "docs/5.x/index.mdx": "", "docs/6.x/docs/icons.mdx": "versioned:6.x"}


def test_a_myst_site_is_the_folder_of_its_myst_yml(tmp_path: Path) -> None:
    # MyST's own site builder (mystmd, Jupyter Book 2): a `myst.yml` with a `project`, at the top or in docs/.
    touch(tmp_path, "README.md", "docs/myst.yml", "docs/index.md", "docs/guide/install.md",
          "packages/core/docs/myst.yml", "packages/core/docs/api.md")
    (tmp_path / ".git").mkdir()
    (tmp_path / "docs/myst.yml").write_text("version: 1\nproject:\n  title: Harbor\n  toc:\n    - file: index.md\n",
                                            encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "myst" and pages(layout) == ["docs/guide/install.md", "docs/index.md"]
    # A myst.yml of another kind (no project) is no site.
    (tmp_path / "docs/myst.yml").write_text("version: 1\nsite:\n  template: book-theme\n", encoding="utf-8")
    assert discover.detect(tmp_path).framework != "myst"


def test_a_zola_site_is_its_content_dir(tmp_path: Path) -> None:
    # Zola: a config.toml with a snake-case `base_url` beside `content/`, at the top or in a folder of the site's.
    touch(tmp_path, "README.md", "www/config.toml", "www/reference.md", "www/content/_index.md",
          "www/content/docs.md", "www/templates/base.html")
    (tmp_path / ".git").mkdir()
    (tmp_path / "www/config.toml").write_text('base_url = "https://example.org"\ntitle = "Harbor"\n',
                                              encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "zola" and pages(layout) == ["www/content/_index.md", "www/content/docs.md"]


def test_a_folder_named_for_a_version_that_mirrors_the_current_pages_is_its_frozen_copy(tmp_path: Path) -> None:
    # `docs/v2/servers/tools.mdx` beside `docs/servers/tools.mdx`: the docs of version 2, kept beside the current ones.
    # A folder named for a version whose pages are its own (an API's v1 reference) is the current docs.
    touch(tmp_path, "README.md", "docs/index.mdx", "docs/servers/tools.mdx", "docs/servers/context.mdx",
          "docs/clients/auth.mdx", "docs/v2/index.mdx", "docs/v2/servers/tools.mdx", "docs/v2/servers/context.mdx",
          "docs/v2/clients/sampling.mdx", "docs/v1/endpoints.md", "docs/v1/errors.md", "docs/v1/limits.md")
    (tmp_path / ".git").mkdir()
    layout = discover.detect(tmp_path)
    variants = {p: layout.variant_of(tmp_path / p) for p in pages(layout)}
    assert {p for p, v in variants.items() if v} == {"docs/v2/index.mdx", "docs/v2/servers/tools.mdx",
                                                    "docs/v2/servers/context.mdx", "docs/v2/clients/sampling.mdx"}
    assert variants["docs/v2/index.mdx"] == "versioned:v2" and variants["docs/v1/limits.md"] == ""


def test_a_next_app_s_content_folder_with_copies_named_for_a_version_and_the_folder_they_copy(tmp_path: Path) -> None:
    # A Next.js site whose pages are its top `content/` folder, with `v1.0-docs/` beside `docs/`: that folder's pages
    # as they were in 1.0, a frozen copy. A folder named for a version and a folder that is not there is the docs'.
    touch(tmp_path, "README.md", "content/docs/installation.md", "content/docs/usage/issuer.md",
          "content/docs/usage/certificate.md", "content/v1.0-docs/installation.md", "content/v1.0-docs/usage/issuer.md",
          "content/v1.0-docs/usage/certificate.md", "content/announcements/2024-release.md",
          "content/v2-blog/first.md", "content/v2-blog/second.md", "content/v2-blog/third.md")
    (tmp_path / "next.config.js").write_text("module.exports = {};\n", encoding="utf-8")
    (tmp_path / ".git").mkdir()
    layout = discover.detect(tmp_path)
    assert [d.relative_to(tmp_path).as_posix() for d in layout.docs_roots] == ["content"]
    variants = {p: layout.variant_of(tmp_path / p) for p in pages(layout)}
    assert {p for p, v in variants.items() if v} == {"content/v1.0-docs/installation.md",
                                                    "content/v1.0-docs/usage/issuer.md",
                                                    "content/v1.0-docs/usage/certificate.md"}
    assert variants["content/v1.0-docs/installation.md"] == "versioned:v1.0"


def test_a_site_app_inside_the_doc_folder_with_its_pages_beside_it(tmp_path: Path) -> None:
    # `doc/website/docusaurus.config.js` with `path: "../md"`: the site app sits in the doc folder, its pages in
    # `doc/md/`; the code's own READMEs are not the docs.
    touch(tmp_path, "README.md", "entc/README.md", "doc/md/getting-started.md", "doc/md/schema-fields.md",
          "doc/website/blog/2021-01-01-hello.md")
    (tmp_path / "doc/website/docusaurus.config.js").write_text(
        'module.exports = { presets: [["classic", { docs: { path: "../md", routeBasePath: "docs" } }]] };\n',
        encoding="utf-8")
    (tmp_path / ".git").mkdir()
    layout = discover.detect(tmp_path)
    assert layout.framework == "docusaurus"
    assert "doc/md/getting-started.md" in pages(layout) and "entc/README.md" not in pages(layout)


def test_a_repository_read_whole_leaves_out_its_tests_examples_and_demos(tmp_path: Path) -> None:
    # No framework and no docs folder: the repository's top is read, but not its code's tests, examples and demos.
    touch(tmp_path, "README.md", "guides/intro.md", "guides/cn/intro.md", "demo/animegan/DESCRIPTION.md",
          "js/spa/test/tests.md", "examples/chat/README.md")
    (tmp_path / ".git").mkdir()
    layout = discover.detect(tmp_path)
    assert layout.framework == "" and pages(layout) == ["README.md", "guides/cn/intro.md", "guides/intro.md"]
    # A docs folder is read as it is: its own `examples/` are pages.
    touch(tmp_path / "b", "README.md", "docs/guide.md", "docs/examples/chat.md")
    (tmp_path / "b/.git").mkdir()
    assert pages(discover.detect(tmp_path / "b")) == ["docs/examples/chat.md", "docs/guide.md"]


def test_a_hugo_site_is_its_content_dir(tmp_path: Path) -> None:
    touch(tmp_path, "hugo.toml", "README.md", "CLAUDE.md", "archetypes/default.md", "content/en/_index.md",
          "content/en/about/intro.md")
    (tmp_path / "hugo.toml").write_text("baseURL = 'https://example.org/'\n", encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "hugo" and pages(layout) == ["content/en/_index.md", "content/en/about/intro.md"]
    (tmp_path / "hugo.toml").write_text("baseURL = 'https://example.org/'\ncontentDir = 'content/en'\n",
                                       encoding="utf-8")
    assert discover.detect(tmp_path).docs_roots == ((tmp_path / "content" / "en").resolve(),)


def test_a_hugo_site_s_pages_are_its_default_language_s_own_content_dir(tmp_path: Path) -> None:
    # The top level's `contentDir` names the Chinese pages; `[languages.en]`, the default language, names its own:
    # the site's pages are the English ones, the Chinese their translations.
    touch(tmp_path, "config.toml", "content/cn/_index.md", "content/cn/docs/intro.md", "content/en/_index.md",
          "content/en/docs/intro.md")
    (tmp_path / "config.toml").write_text(
        'baseURL = "https://example.org/"\ncontentDir = "content/cn"\ndefaultContentLanguage = "en"\n\n'
        '[languages]\n[languages.cn]\ncontentDir = "content/cn"\nweight = 1\n[languages.en]\n'
        'contentDir = "content/en"\nweight = 2\n', encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "hugo" and layout.docs_roots[0] == (tmp_path / "content" / "en").resolve()
    assert [lang for _, lang in layout.translation_dirs] == ["cn"]
    # ... read as translations, from their folder beside the docs root
    assert layout.docs_roots[1:] == ((tmp_path / "content" / "cn").resolve(),)
    assert layout.variant_of(tmp_path / "content/cn/docs/intro.md") == "i18n:cn"


def test_a_hugo_site_s_language_folders_named_by_their_codes_are_its_translations(tmp_path: Path) -> None:
    # `content/en/` and `content/ja/`, mounted per language by the site's module config (no `contentDir` in the
    # languages): the default language's folder is the docs root, the others its translations; a language with no
    # folder of its own has none.
    touch(tmp_path, "content/en/_index.md", "content/en/docs/intro.md", "content/ja/docs/intro.md",
          "content/blog/x.md")
    (tmp_path / "config" / "_default").mkdir(parents=True)
    (tmp_path / "config" / "_default" / "hugo.yaml").write_text(
        "baseURL: https://example.org/\ndefaultContentLanguage: en\nlanguages:\n  en:\n    label: English\n"
        "  ja:\n    label: 日本語\n  ko:\n    label: 한국어\n", encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "hugo" and layout.docs_roots[0] == (tmp_path / "content" / "en").resolve()
    assert [lang for _, lang in layout.translation_dirs] == ["ja"]
    assert layout.variant_of(tmp_path / "content/ja/docs/intro.md") == "i18n:ja"


def test_a_bridgetown_site_is_its_src_folder_and_its_collections_are_pages(tmp_path: Path) -> None:
    # Bridgetown (Jekyll's successor): `bridgetown.config.yml` beside `src/`, whose `_docs/` collection and `_posts/`
    # are pages and whose `_components/` and `_layouts/` are not.
    touch(tmp_path, "README.md", "website/src/index.md", "website/src/_docs/installation.md",
          "website/src/_posts/2024/2024-05-01-welcome.md", "website/src/_components/note.md",
          "website/src/_layouts/default.md")
    (tmp_path / ".git").mkdir()
    (tmp_path / "website" / "bridgetown.config.yml").write_text(
        "url: https://example.org\ncollections:\n  docs:\n    output: true\n", encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.docs_roots == ((tmp_path / "website" / "src").resolve(),)
    assert layout.page_folders == {"_docs", "_posts"}
    from sitelint import api, config as configmod

    result = api.lint(cwd=tmp_path, config=configmod.validate({"semantic": False}, None), select=["SUB001"])
    types = {p.path: p.page_type for p in result.site.pages}
    assert types["website/src/_docs/installation.md"] == "doc"
    assert types["website/src/_posts/2024/2024-05-01-welcome.md"] == "blog"
    assert types["website/src/_components/note.md"] == "partial"


def test_a_jekyll_site_s_collections_are_pages_and_its_other_underscore_folders_are_not(tmp_path: Path) -> None:
    touch(tmp_path, "README.md", "docs/_config.yml", "docs/index.md", "docs/_docs/installation.md",
          "docs/_posts/2024-01-02-welcome.md", "docs/_tutorials/setup.md", "docs/_includes/note.md",
          "docs/_layouts/default.html")
    (tmp_path / "docs" / "_config.yml").write_text(
        "collections:\n  docs:\n    output: true\n  tutorials:\n    output: false\n", encoding="utf-8")
    (tmp_path / ".git").mkdir()
    layout = discover.detect(tmp_path)
    assert layout.framework == "jekyll" and layout.page_folders == {"_docs", "_posts"}
    from sitelint import api, config as configmod

    result = api.lint(cwd=tmp_path, config=configmod.validate({"semantic": False}, None), select=["SUB001"])
    types = {p.path: p.page_type for p in result.site.pages}
    assert types["docs/_docs/installation.md"] == "doc" and types["docs/_posts/2024-01-02-welcome.md"] == "blog"
    assert types["docs/_includes/note.md"] == "partial" and types["docs/_tutorials/setup.md"] == "partial"


def test_a_hexo_site_s_pages_are_its_source_folder_not_its_scaffolds(tmp_path: Path) -> None:
    # `hexo new` copies scaffolds/post.md (`title: {{ title }}`) into source/_posts/: a template, never built.
    touch(tmp_path, "_config.yml", "scaffolds/post.md", "source/docs/index.md", "source/ja/docs/index.md",
          "themes/site/README.md", "README.md")
    (tmp_path / "_config.yml").write_text("title: Site\nsource_dir: source\n", encoding="utf-8")
    (tmp_path / ".git").mkdir()
    layout = discover.detect(tmp_path)
    assert layout.framework == "hexo"
    assert pages(layout) == ["source/docs/index.md", "source/ja/docs/index.md"]
    # A Jekyll site's `_config.yml` (no scaffolds, no hexo package) is still Jekyll's.
    jekyll = tmp_path.parent / f"{tmp_path.name}-jekyll"
    touch(jekyll, "_config.yml", "_layouts/default.html", "index.md")
    (jekyll / ".git").mkdir()
    assert discover.detect(jekyll).framework == "jekyll"


def test_vitepress_starlight_and_sphinx(tmp_path: Path) -> None:
    touch(tmp_path / "vp", "docs/.vitepress/config.mts", "docs/guide.md")
    assert discover.detect(tmp_path / "vp").framework == "vitepress"
    touch(tmp_path / "st", "astro.config.mjs", "src/content/docs/guide.mdx")
    layout = discover.detect(tmp_path / "st")
    assert layout.framework == "starlight" and pages(layout) == ["src/content/docs/guide.mdx"]
    touch(tmp_path / "sx", "docs/conf.py", "docs/index.md")
    assert discover.detect(tmp_path / "sx").framework == "sphinx"
    # sphinx-quickstart's separate source and build folders: `source/conf.py` at the top, its pages beside it, found
    # before an app of another framework beside them (`site/`, a new site being built).
    touch(tmp_path / "sq", "Makefile", "README.md", "source/conf.py", "source/index.md", "source/guides/nix.md",
          "site/astro.config.mjs", "site/src/pages/index.astro")
    (tmp_path / "sq" / ".git").mkdir()
    (tmp_path / "sq" / "site" / "package.json").write_text('{"name": "site"}', encoding="utf-8")
    layout = discover.detect(tmp_path / "sq")
    assert layout.framework == "sphinx" and pages(layout) == ["source/guides/nix.md", "source/index.md"]
    # ... or a `src/` folder of `doc/` beside the build's own files (`doc/src/conf.py`, `doc/Makefile`), and
    # beside another build's config (`doc/api/conf.py`, an API reference of its own)
    touch(tmp_path / "ds", "README.md", "doc/Makefile", "doc/src/conf.py", "doc/src/index.md",
          "doc/src/contributing/dev-setup.md", "doc/api/conf.py", "doc/api/index.rst")
    (tmp_path / "ds" / ".git").mkdir()
    layout = discover.detect(tmp_path / "ds")
    assert layout.framework == "sphinx" and pages(layout) == ["doc/src/contributing/dev-setup.md",
                                                             "doc/src/index.md"]


def test_a_sphinx_config_kept_apart_from_its_pages_reads_the_folder_above(tmp_path: Path) -> None:
    # `sphinx-build -c doc/_sphinx doc`: conf.py in a folder of the build's own files, the pages in the one above,
    # which holds the root document; a conf.py beside its root document keeps its own folder.
    touch(tmp_path / "c", "README.md", "doc/_sphinx/conf.py", "doc/_sphinx/Makefile", "doc/index.md",
          "doc/guide/intro.md")
    (tmp_path / "c" / ".git").mkdir()
    layout = discover.detect(tmp_path / "c")
    assert layout.framework == "sphinx" and pages(layout) == ["doc/guide/intro.md", "doc/index.md"]
    touch(tmp_path / "d", "README.md", "doc/_sphinx/conf.py", "doc/_sphinx/start.md", "doc/index.md")
    (tmp_path / "d" / "doc" / "_sphinx" / "conf.py").write_text('root_doc = "start"\n', encoding="utf-8")
    (tmp_path / "d" / ".git").mkdir()
    layout = discover.detect(tmp_path / "d")
    assert layout.framework == "sphinx" and pages(layout) == ["doc/_sphinx/start.md"]


def test_plain_docs_folder_then_current_directory(tmp_path: Path) -> None:
    touch(tmp_path / "a", "docs/x.md", "README.md")
    assert pages(discover.detect(tmp_path / "a")) == ["docs/x.md"]
    # A site that renders its pages from src/content (a Next.js app): those, not the repository's READMEs.
    touch(tmp_path / "c", "README.md", "CONTRIBUTING.md", "src/content/learn/intro.md", "scripts/fixtures/x.md")
    (tmp_path / "c" / ".git").mkdir()
    assert pages(discover.detect(tmp_path / "c")) == ["src/content/learn/intro.md"]
    # ... or a monorepo's docs app that renders them from its src/pages (a Vite app).
    touch(tmp_path / "m", "README.md", "templates/page.md", "packages/docs/src/pages/en/intro.md",
          "packages/core/README.md")
    (tmp_path / "m" / ".git").mkdir()
    assert pages(discover.detect(tmp_path / "m")) == ["packages/docs/src/pages/en/intro.md"]
    # ... or from its src/routes (Qwik City, SvelteKit), a page per route folder.
    touch(tmp_path / "q", "README.md", "starters/app/README.md", "packages/docs/src/routes/docs/intro/index.mdx",
          "packages/docs/src/routes/docs/menu.md", "packages/core/src/README.md")
    (tmp_path / "q" / ".git").mkdir()
    assert pages(discover.detect(tmp_path / "q")) == ["packages/docs/src/routes/docs/intro/index.mdx",
                                                      "packages/docs/src/routes/docs/menu.md"]
    touch(tmp_path / "b", "x.md")
    assert pages(discover.detect(tmp_path / "b")) == ["x.md"]


def test_a_symlink_loop_in_a_go_package_s_testdata_is_none_of_the_docs(tmp_path: Path) -> None:
    # The repository's top read as the docs (no framework, no docs folder): `testdata/` holds a test's data, a loop
    # among them on purpose; not read, not reported. One among the pages still is.
    touch(tmp_path, "README.md", "guide/install.md", "pkg/file/testdata/req-resp/a.txt")
    (tmp_path / ".git").mkdir()
    os.symlink(tmp_path / "pkg/file/testdata/req-resp", tmp_path / "pkg/file/testdata/req-resp/root-link")
    os.symlink(tmp_path / "guide", tmp_path / "guide" / "loop")
    found = list(discover.walk(discover.detect(tmp_path), ["**/*.md"], []))
    assert [f.path.relative_to(tmp_path).as_posix() for f in found if f.problem] == ["guide/loop"]
    assert [f.path.relative_to(tmp_path).as_posix() for f in found if not f.problem] == ["README.md",
                                                                                         "guide/install.md"]


def test_include_exclude_and_config_docs_root(tmp_path: Path) -> None:
    touch(tmp_path, "docs/a.md", "docs/drafts/b.md", "docs/c.mdx", "handbook/d.md")
    layout = discover.detect(tmp_path)
    assert pages(layout, exclude=["drafts/*"]) == ["docs/a.md", "docs/c.mdx"]
    assert pages(layout, include=["**/*.mdx"]) == ["docs/c.mdx"]
    assert pages(discover.detect(tmp_path, docs_root="handbook")) == ["handbook/d.md"]


def test_symlink_loop_is_reported_not_followed(tmp_path: Path) -> None:
    touch(tmp_path, "docs/a.md")
    os.symlink(tmp_path / "docs", tmp_path / "docs" / "loop")
    found = list(discover.walk(discover.detect(tmp_path), ["**/*.md"], []))
    assert [f.path.name for f in found if not f.problem] == ["a.md"]
    assert any("symlink loop" in f.problem for f in found)


def test_a_link_to_a_folder_beside_it_is_read_once_and_is_no_problem(tmp_path: Path) -> None:
    touch(tmp_path, "docs/api/client.md", "docs/guide.md")
    os.symlink("api", tmp_path / "docs" / "public_api")  # another name for the same pages, as a nav may want
    found = list(discover.walk(discover.detect(tmp_path), ["**/*.md"], []))
    assert [(f.path.relative_to(tmp_path).as_posix(), f.problem) for f in found] == [
        ("docs/api/client.md", ""), ("docs/guide.md", "")]


def test_markdown_suffix_pages_are_linted_by_default(tmp_path: Path) -> None:
    from sitelint import api, config as configmod

    touch(tmp_path, "docs/a.md", "docs/b.markdown", "docs/c.mdx", "docs/notes.txt")
    result = api.lint(cwd=tmp_path, config=configmod.validate({"semantic": False}, None), select=["SUB001"])
    assert sorted(p.path for p in result.site.pages) == ["docs/a.md", "docs/b.markdown", "docs/c.mdx"]


def test_a_vitepress_site_in_a_folder_of_another_name_is_the_one_its_scripts_build(tmp_path: Path) -> None:
    touch(tmp_path, "packages/.vitepress/config.ts", "packages/core/useMouse/index.md", "skills/SKILL.md",
          "README.md", "playground/.vitepress/config.ts", "playground/demo.md")
    (tmp_path / "package.json").write_text('{"scripts": {"docs:build": "vitepress build packages --outDir dist"}}',
                                           encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "vitepress" and pages(layout) == ["packages/core/useMouse/index.md"]
    # With no script naming it, the one top-level folder with a .vitepress/ is the site.
    (tmp_path / "package.json").unlink()
    (tmp_path / "playground/.vitepress/config.ts").unlink()
    (tmp_path / "playground/.vitepress").rmdir()
    assert pages(discover.detect(tmp_path)) == ["packages/core/useMouse/index.md"]


def test_a_docs_app_s_vitepress_site_is_the_folder_its_own_scripts_build(tmp_path: Path) -> None:
    # A monorepo's docs app, `packages/docs`, whose package.json runs `vitepress build src`.
    touch(tmp_path, "packages/docs/src/.vitepress/config.js", "packages/docs/src/guide/intro.md",
          "packages/docs/src/zh-cn/guide/intro.md", "packages/core/README.md", "README.md")
    (tmp_path / "packages/docs/package.json").write_text(
        '{"private": true, "scripts": {"dev": "vitepress dev src", "build": "vitepress build src"}}',
        encoding="utf-8")
    (tmp_path / ".git").mkdir()
    layout = discover.detect(tmp_path)
    assert layout.framework == "vitepress"
    assert [r.relative_to(tmp_path).as_posix() for r in layout.docs_roots] == ["packages/docs/src"]


def test_a_vitepress_site_s_pages_are_in_its_src_dir_and_its_public_folder_is_files(tmp_path: Path) -> None:
    touch(tmp_path, ".vitepress/config.mts", "content/index.md", "content/guide/start.md",
          "content/public/assets/notes.md", "examples/app/README.md", "README.md")
    (tmp_path / ".vitepress/config.mts").write_text("export default defineConfig({\n  srcDir: './content',\n})\n",
                                                   encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert list(layout.docs_roots) == [tmp_path / "content"]
    assert pages(layout) == ["content/guide/start.md", "content/index.md"]
    # Without srcDir the pages are beside .vitepress/, and public/ there is files too.
    (tmp_path / ".vitepress/config.mts").write_text("export default {}\n", encoding="utf-8")
    touch(tmp_path, "public/robots.md")
    assert pages(discover.detect(tmp_path)) == ["README.md", "content/guide/start.md", "content/index.md",
                                                "content/public/assets/notes.md", "examples/app/README.md"]


def test_mkdocs_config_files_of_other_names_are_the_site_s_config(tmp_path: Path) -> None:
    touch(tmp_path, "mkdocs-common.yml", "mkdocs-nav.yml", "docs/index.md", "README.md")
    (tmp_path / "mkdocs-common.yml").write_text("site_name: Harbor\n", encoding="utf-8")
    (tmp_path / "mkdocs-nav.yml").write_text("nav:\n  - index.md\n", encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "mkdocs" and pages(layout) == ["docs/index.md"]
    assert [c.name for c in layout.config_files] == ["mkdocs-nav.yml", "mkdocs-common.yml"]


def test_a_mkdocs_config_whose_docs_dir_is_not_beside_it_reads_it_from_the_folder_above(tmp_path: Path) -> None:
    # The build writes `mkdocs.yml` at the top (`INHERIT: docs/mkdocs-base.yml`): `docs_dir: docs` is the top's docs/.
    touch(tmp_path, "docs/mkdocs-base.yml", "docs/index.md", "docs/config/fonts.md", "Cargo.toml")
    (tmp_path / "docs/mkdocs-base.yml").write_text("site_name: Term\ndocs_dir: docs\n", encoding="utf-8")
    (tmp_path / ".git").mkdir()
    layout = discover.detect(tmp_path)
    assert layout.framework == "mkdocs" and pages(layout) == ["docs/config/fonts.md", "docs/index.md"]
    # `cp docs/mkdocs.yml ./ && mkdocs build`: `docs/mkdocs.yml` names `docs_dir: docs`, the top's docs/, as there is
    # no `docs/docs/`.
    copied = tmp_path / "copied"
    touch(copied, "docs/mkdocs.yml", "docs/README.md", "docs/concepts/ipam.md", "Makefile")
    (copied / "docs/mkdocs.yml").write_text("site_name: Pool\ndocs_dir: docs\nsite_dir: site\n", encoding="utf-8")
    (copied / ".git").mkdir()
    layout = discover.detect(copied)
    assert layout.framework == "mkdocs" and pages(layout) == ["docs/README.md", "docs/concepts/ipam.md"]
    # Never a folder above the repository, whatever it holds.
    touch(tmp_path, "proj/mkdocs-base.yml", "proj/src/main.rs", "pages/secret.md")
    (tmp_path / "proj/mkdocs-base.yml").write_text("site_name: Term\ndocs_dir: pages\n", encoding="utf-8")
    (tmp_path / "proj/.git").mkdir()
    assert tmp_path / "pages" not in discover.detect(tmp_path / "proj").docs_roots


def test_a_mkdocs_config_a_build_command_names_deep_in_the_project_is_the_site_s(tmp_path: Path) -> None:
    touch(tmp_path, "assets/site.io/mkdocs.yml", "assets/site.io/docs/index.md", "assets/site.io/snippets/flag.md",
          "README.md", "internal/cmd/README.md")
    (tmp_path / "assets/site.io/mkdocs.yml").write_text("site_name: Tool\nnav:\n  - index.md\n", encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(
        '[tool.taskipy.tasks]\nbuild-docs = { cmd = "mkdocs build -f assets/site.io/mkdocs.yml" }\n', encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "mkdocs" and pages(layout) == ["assets/site.io/docs/index.md"]


def test_a_hugo_config_the_build_names_beside_the_site_is_its_config(tmp_path: Path) -> None:
    # `hugo --config docs.toml` in the docs folder's Makefile: its pages in `content/`, not a folder of loose files.
    touch(tmp_path, "docs/content/_index.md", "docs/content/guides/start.md", "docs/README.md", "README.md",
          "devel/testing/README.md")
    (tmp_path / "docs/docs.toml").write_text('baseURL = "https://docs.example.org"\ncontentDir = "content"\n',
                                             encoding="utf-8")
    (tmp_path / "docs/Makefile").write_text("site:\n\thugo --config docs.toml\n", encoding="utf-8")
    (tmp_path / ".git").mkdir()
    layout = discover.detect(tmp_path)
    assert layout.framework == "hugo"
    assert pages(layout) == ["docs/content/_index.md", "docs/content/guides/start.md"]


def test_a_monorepo_s_docs_app_among_its_packages_is_the_site(tmp_path: Path) -> None:
    touch(tmp_path, "packages/docs/source.config.ts", "packages/docs/content/api.mdx", "packages/docs/README.md",
          "packages/docs-v3/README.md", "packages/zod/README.md", "README.md")
    (tmp_path / "packages/docs/source.config.ts").write_text(
        'import { defineDocs } from "fumadocs-mdx/config";\nexport const docs = defineDocs({\n  dir: "content",\n});\n',
        encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "fumadocs" and pages(layout) == ["packages/docs/content/api.mdx"]
    # Fumadocs' own default is content/docs; a Docusaurus app in apps/website is found the same way.
    touch(tmp_path / "b", "apps/website/docusaurus.config.js", "apps/website/docs/intro.md", "README.md")
    layout = discover.detect(tmp_path / "b")
    assert layout.framework == "docusaurus" and pages(layout) == ["apps/website/docs/intro.md"]


def test_a_fumadocs_collection_that_names_no_folder_is_content_docs(tmp_path: Path) -> None:
    # `defineDocs({docs: {...}})` names no `dir`: Fumadocs reads `content/docs`, beside the blog the other names.
    touch(tmp_path, "source.config.ts", "content/docs/install.mdx", "content/blog/launch.mdx",
          "content/changelog/v1.mdx", "README.md")
    (tmp_path / "source.config.ts").write_text(
        'import { defineDocs } from "fumadocs-mdx/config";\n'
        "export const docs = defineDocs({\n  docs: { schema: frontmatterSchema.extend({ tags: z.array(z.string()) })"
        " },\n});\nexport const blog = defineDocs({\n  dir: \"content/blog\",\n});\n", encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "fumadocs"
    assert sorted(pages(layout)) == ["content/blog/launch.mdx", "content/docs/install.mdx"]


def test_a_fumadocs_site_s_collections_are_read_through_its_own_helpers(tmp_path: Path) -> None:
    touch(tmp_path, "source.config.ts", "lib/fumadocs-config.ts", "content/docs/actors.mdx",
          "content/blog/2024-01-02-release/index.mdx", "content/components/note.tsx", "README.md")
    (tmp_path / "source.config.ts").write_text(
        "import { createDocsCollection, createBlogCollection } from './lib/fumadocs-config';\n"
        "export const docs = createDocsCollection('content/docs');\n"
        "export const blog = createBlogCollection('content/blog');\n"
        "export const widgets = createWidgets('content/components');\n", encoding="utf-8")
    (tmp_path / "package.json").write_text('{"dependencies": {"fumadocs-mdx": "^15.2.3"}}', encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "fumadocs"
    assert sorted(pages(layout)) == ["content/blog/2024-01-02-release/index.mdx", "content/docs/actors.mdx"]
    # Without Fumadocs in its dependencies, a source.config.ts is some other tool's.
    (tmp_path / "package.json").write_text('{"dependencies": {"next": "16"}}', encoding="utf-8")
    assert discover.detect(tmp_path).framework != "fumadocs"


def test_a_nextra_site_s_pages_are_in_its_pages_or_content_folder(tmp_path: Path) -> None:
    touch(tmp_path, "website/next.config.js", "website/src/pages/docs/getting-started.mdx",
          "website/src/pages/_app.tsx", "packages/cli/CHANGELOG.md", "README.md")
    (tmp_path / "website/next.config.js").write_text(
        "import { withGuildDocs } from '@theguild/components/next.config';\nexport default withGuildDocs({});\n",
        encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "nextra" and pages(layout) == ["website/src/pages/docs/getting-started.mdx"]
    # Nextra 4 keeps its pages in content/; a Next.js app without Nextra is not a Nextra site.
    touch(tmp_path / "b", "docs/next.config.mjs", "docs/content/index.mdx", "docs/app/page.tsx")
    (tmp_path / "b/docs/next.config.mjs").write_text("import nextra from 'nextra'\nexport default nextra({})\n",
                                                   encoding="utf-8")
    layout = discover.detect(tmp_path / "b")
    assert layout.framework == "nextra" and pages(layout) == ["docs/content/index.mdx"]
    (tmp_path / "b/docs/next.config.mjs").write_text("export default {}\n", encoding="utf-8")
    assert discover.detect(tmp_path / "b").framework != "nextra"


def test_an_astro_site_s_pages_are_its_routes(tmp_path: Path) -> None:
    touch(tmp_path, "www/astro.config.mjs", "www/src/pages/en/install.md", "www/src/pages/fr/install.md",
          "cli/CHANGELOG.md", "README.md")
    layout = discover.detect(tmp_path)
    assert layout.framework == "astro"
    assert pages(layout) == ["www/src/pages/en/install.md", "www/src/pages/fr/install.md"]


def test_a_contentlayer_site_is_its_content_folder(tmp_path: Path) -> None:
    touch(tmp_path, "contentlayer.config.ts", "src/content/get-started.mdx", "CONTRIBUTING.md", "README.md")
    (tmp_path / "contentlayer.config.ts").write_text(
        'export default makeSource({ contentDirPath: "src/content", documentTypes: [Doc] })\n', encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "contentlayer" and pages(layout) == ["src/content/get-started.mdx"]


def test_a_velite_site_is_its_collections_of_markdown(tmp_path: Path) -> None:
    # A monorepo's `apps/www/velite.config.ts`: the folders of its collections of Markdown, under the root the
    # config computes (its own folder); a collection of JSON is data, not pages.
    touch(tmp_path, "README.md", "packages/react/README.md", "apps/www/velite.config.ts",
          "apps/www/content/docs/get-started.mdx", "apps/www/content/blog/launch.mdx",
          "apps/www/content/showcases.json", "apps/www/README.md")
    (tmp_path / ".git").mkdir()
    (tmp_path / "apps/www/velite.config.ts").write_text(
        'const docs = defineCollection({ name: "Doc", pattern: ["content/docs/**/*.mdx"] })\n'
        'const showcases = defineCollection({ pattern: "content/showcases.json" })\n'
        'const blogs = defineCollection({ pattern: "content/blog/**/*.mdx" })\n'
        'export default defineConfig({ root: cwd, collections: { docs, showcases, blogs } })\n', encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "velite"
    assert sorted(pages(layout)) == ["apps/www/content/blog/launch.mdx", "apps/www/content/docs/get-started.mdx"]
    # With no root named, the patterns are under `content/`.
    (tmp_path / "apps/www/velite.config.ts").write_text(
        'export default defineConfig({ collections: { docs: { pattern: "docs/**/*.mdx" } } })\n', encoding="utf-8")
    assert pages(discover.detect(tmp_path)) == ["apps/www/content/docs/get-started.mdx"]
    # A root joined to the folder it runs in: `join(process.cwd(), './src/content')`.
    touch(tmp_path, "apps/www/src/content/pages/intro.mdx")
    (tmp_path / "apps/www/velite.config.ts").write_text(
        "export default defineConfig({\n  root: join(process.cwd(), './src/content'),\n"
        "  collections: { pages: defineCollection({ pattern: 'pages/**/*.mdx' }) },\n})\n", encoding="utf-8")
    assert pages(discover.detect(tmp_path)) == ["apps/www/src/content/pages/intro.mdx"]


def test_a_monorepo_s_docs_app_named_document_is_its_site(tmp_path: Path) -> None:
    touch(tmp_path, "README.md", "packages/core/README.md", "packages/document/docs/en/guide/start.md",
          "packages/document/docs/zh/guide/start.md")
    (tmp_path / ".git").mkdir()
    (tmp_path / "packages/document/rspress.config.ts").write_text(
        "export default defineConfig({ root: path.join(__dirname, 'docs'), lang: 'en' });\n", encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "rspress"
    assert [d.relative_to(tmp_path).as_posix() for d in layout.docs_roots] == ["packages/document/docs"]


def test_a_vocs_site_is_its_root_dir_s_pages(tmp_path: Path) -> None:
    # `site/vocs.config.ts` with `rootDir: '.'`: the pages are in `site/pages/`, though a top-level `site/` folder
    # is elsewhere a build's output.
    touch(tmp_path, "README.md", "src/README.md", "site/vocs.config.ts", "site/pages/docs/getting-started.md",
          "site/pages/index.mdx", "site/snippets/abi.md")
    (tmp_path / ".git").mkdir()
    config = "export default defineConfig({\n  title: 'Kit',\n  rootDir: '.',\n})\n"
    (tmp_path / "site/vocs.config.ts").write_text(config, encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "vocs"
    assert pages(layout) == ["site/pages/docs/getting-started.md", "site/pages/index.mdx"]
    # With no rootDir, the pages are in `docs/pages/`.
    touch(tmp_path / "b", "vocs.config.tsx", "docs/pages/index.mdx", "README.md")
    (tmp_path / "b/.git").mkdir()
    assert pages(discover.detect(tmp_path / "b")) == ["docs/pages/index.mdx"]


def test_a_site_in_the_one_top_level_folder_with_a_framework_config(tmp_path: Path) -> None:
    touch(tmp_path, "dev-docs/docusaurus.config.js", "dev-docs/docs/intro.md", "packages/app/CHANGELOG.md",
          "examples/docusaurus.config.js", "examples/docs/demo.md", "README.md")
    layout = discover.detect(tmp_path)
    assert layout.framework == "docusaurus" and pages(layout) == ["dev-docs/docs/intro.md"]


def test_a_sphinx_site_s_restructuredtext_pages_are_said_to_be_unread(tmp_path: Path) -> None:
    touch(tmp_path, "docs/conf.py", "docs/index.rst", "docs/how-to/install.rst", "docs/README.md",
          "docs/_templates/layout.rst", "docs/_build/html/index.rst")
    result = api.lint(cwd=tmp_path, config=configmod.validate({}, None), today=dt.date(2026, 6, 1), select=["SUB001"])
    assert [n for n in result.notes if "reStructuredText" in n] == [
        "2 reStructuredText page(s) (.rst) in the docs root are not linted: sitelint reads Markdown and MyST pages "
        "only"]
    (tmp_path / "docs/index.rst").unlink()
    (tmp_path / "docs/how-to/install.rst").unlink()
    result = api.lint(cwd=tmp_path, config=configmod.validate({}, None), today=dt.date(2026, 6, 1), select=["SUB001"])
    assert not [n for n in result.notes if "reStructuredText" in n]


def test_a_docs_app_s_own_docs_folder_wins_over_a_top_docs_folder_of_a_note(tmp_path: Path) -> None:
    # The site app in `site/` (a package.json of its own) keeps its pages in `site/docs/`; the top `docs/` holds
    # one migration note: the app's folder is the docs root.
    touch(tmp_path, "docs/old-migration.md", "site/package.json",
          *(f"site/docs/api/page{n}.md" for n in range(12)))
    layout = discover.detect(tmp_path)
    assert layout.docs_roots == ((tmp_path / "site/docs").resolve(),)
    # A `site/` with no package.json is a build's output, and a top `docs/` of as many pages stays the root.
    (tmp_path / "site/package.json").unlink()
    assert discover.detect(tmp_path).docs_roots == ((tmp_path / "docs").resolve(),)
    (tmp_path / "site/package.json").write_text("{}\n", encoding="utf-8")
    touch(tmp_path, *(f"docs/guide{n}.md" for n in range(5)))
    assert discover.detect(tmp_path).docs_roots == ((tmp_path / "docs").resolve(),)


def test_a_gitbook_space_synced_with_its_defaults_has_no_gitbook_yaml(tmp_path: Path) -> None:
    # GitBook's Git Sync without a `.gitbook.yaml`: SUMMARY.md at the top beside the `.gitbook/assets/` of uploads.
    touch(tmp_path, "SUMMARY.md", "README.md", "guide/start.md", ".gitbook/assets/logo.md")
    layout = discover.detect(tmp_path)
    assert layout.framework == "gitbook" and layout.docs_roots == (tmp_path.resolve(),)
    assert layout.config_files == (tmp_path / "SUMMARY.md",)
    # A SUMMARY.md alone (a list of links some repository keeps) is no GitBook space.
    (tmp_path / ".gitbook/assets/logo.md").unlink()
    (tmp_path / ".gitbook/assets").rmdir()
    (tmp_path / ".gitbook").rmdir()
    assert discover.detect(tmp_path).framework != "gitbook"


def test_a_monorepo_whose_packages_are_gitbook_spaces_lints_the_largest_and_names_the_others(tmp_path: Path) -> None:
    # `packages/dolt/` and `packages/doltlab/`, each a GitBook space (`.gitbook.yaml`, `root: ./content/`): the one
    # with the most pages is linted, the other named as a site of its own.
    touch(tmp_path, "README.md", "packages/dolt/content/SUMMARY.md", "packages/dolt/content/intro.md",
          "packages/dolt/content/sql.md", "packages/doltlab/content/SUMMARY.md", "packages/doltlab/content/install.md")
    (tmp_path / ".git").mkdir()
    for name in ("dolt", "doltlab"):
        (tmp_path / f"packages/{name}/.gitbook.yaml").write_text("root: ./content/\n", encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "gitbook"
    assert layout.docs_roots == ((tmp_path / "packages/dolt/content").resolve(),)
    assert layout.other_sites == ((tmp_path / "packages/doltlab").resolve(),)
    # ... and run in its folder, as the note says, the other space is linted.
    assert discover.detect(tmp_path / "packages/doltlab").docs_roots == (
        (tmp_path / "packages/doltlab/content").resolve(),)


def test_a_repository_of_gitbook_spaces_holds_each_in_a_folder(tmp_path: Path) -> None:
    # Two spaces synced with GitBook's defaults, one a language each: each folder's SUMMARY.md beside its `.gitbook/`.
    touch(tmp_path, "README.md", "en/SUMMARY.md", "en/README.md", "en/.gitbook/assets/logo.md", "esp/SUMMARY.md",
          "esp/README.md", "esp/.gitbook/assets/logo.md", "scripts/notes.md")
    layout = discover.detect(tmp_path)
    assert layout.framework == "gitbook"
    assert layout.docs_roots == ((tmp_path / "en").resolve(), (tmp_path / "esp").resolve())
    assert layout.config_files == (tmp_path / "en/SUMMARY.md", tmp_path / "esp/SUMMARY.md")


def test_an_eleventy_site_s_pages_are_its_input_folder(tmp_path: Path) -> None:
    # Eleventy reads the folder its config returns as `dir.input`; the README beside the config is no page of it.
    touch(tmp_path, "README.md", "content/index.md", "content/tags.md")
    (tmp_path / "eleventy.config.js").write_text(
        "// input: 'old'\nexport default function (config) {\n  return { dir: { input: 'content' } };\n}\n",
        encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.docs_roots == ((tmp_path / "content").resolve(),)
    assert pages(layout) == ["content/index.md", "content/tags.md"]
    # An input folder that is the project's top leaves the usual roots.
    (tmp_path / "eleventy.config.js").write_text("module.exports = () => ({ dir: { input: '.' } });\n",
                                                 encoding="utf-8")
    assert discover.detect(tmp_path).docs_roots == (tmp_path.resolve(),)


def test_an_eleventy_docs_app_s_underscore_folders_but_its_includes_hold_pages(tmp_path: Path) -> None:
    # `website/.eleventy.js` beside the code it documents, its input `src/`: Eleventy makes a page of every template
    # there, `_posts/` too, but its includes, its data and the layouts folder its config names.
    touch(tmp_path, "README.md", "CHANGELOG.md", "website/src/index.md", "website/src/user-guide/rules.md",
          "website/src/_posts/baseline.md", "website/src/_includes/footer.md", "website/src/_data/team.md",
          "website/src/_templates/post.md")
    (tmp_path / "website/package.json").write_text('{"name": "website"}\n', encoding="utf-8")
    (tmp_path / "website/.eleventy.js").write_text(
        "module.exports = function (config) {\n"
        "  return { dir: { input: 'src', output: 'tmp', layouts: '_templates' } };\n};\n",
        encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.docs_roots == ((tmp_path / "website/src").resolve(),)
    found = [f.path.relative_to(layout.docs_roots[0]) for f in discover.walk(layout, ["**/*.md"], []) if not f.problem]
    assert sorted(p.as_posix() for p in found if not partial_path(p.parts, layout.page_folders)) == [
        "_posts/baseline.md", "index.md", "user-guide/rules.md"]


def test_a_major_s_one_release_in_a_series_grouped_by_major_is_a_frozen_copy(tmp_path: Path) -> None:
    # `docs/v1/1.76/` beside `docs/v2/2.0/` and `docs/v2/2.1/`: the newest release is 2.1; v1's one release, whose
    # pages 2.1 has again, is a copy; a major folder's one release that copies nothing of it stays current.
    names = ("intro", "deployment", "sampling", "monitoring")
    touch(tmp_path, "docs/_index.md", *(f"docs/v1/1.76/{n}.md" for n in names),
          *(f"docs/v2/{v}/{n}.md" for v in ("2.0", "2.1") for n in names))
    (tmp_path / ".git").mkdir()
    assert sorted(version for _, version in discover.detect(tmp_path).version_dirs) == ["1.76", "2.0"]
    touch(tmp_path / "own", "docs/_index.md", *(f"docs/v1/1.76/old-{n}.md" for n in names),
          *(f"docs/v2/{v}/{n}.md" for v in ("2.0", "2.1") for n in names))
    (tmp_path / "own/.git").mkdir()
    assert sorted(version for _, version in discover.detect(tmp_path / "own").version_dirs) == ["2.0"]
    # The major's one release, edited as late as the newest, is still a copy; the release before the newest current.
    pages = {f"docs/v1/1.76/{n}.md": f"# {n}\n\nThe {n} page of 1.76.\n" for n in names}
    pages |= {f"docs/v2/{v}/{n}.md": f"# {n}\n\nThe {n} page of {v}.\n" for v in ("2.0", "2.1") for n in names}
    (tmp_path / "edited").mkdir()
    write_site(tmp_path / "edited", pages, commits=[{"date": "2026-07-01T12:00:00", "paths": list(pages)}])
    assert [version for _, version in discover.detect(tmp_path / "edited").version_dirs] == ["1.76"]


def test_docusaurus_s_frozen_versions_of_every_docs_instance_and_their_translations_are_copies() -> None:
    # `versioned_docs/version-1.2/`, a docs instance's `rollouts_versioned_docs/`, and the translations of a
    # version (`i18n/zh/docusaurus-plugin-content-docs-rollouts/version-v1.6/`) are versions' copies; a
    # translation of the current docs is a translation.
    assert discover.variant_of("versioned_docs/version-1.2/intro.md") == "versioned:1.2"
    assert discover.variant_of("rollouts_versioned_docs/version-v0.5/intro.md") == "versioned:v0.5"
    assert discover.variant_of("i18n/zh/docusaurus-plugin-content-docs/version-v1.6/intro.md") == "versioned:v1.6"
    assert discover.variant_of("i18n/zh/docusaurus-plugin-content-docs-rollouts/version-v0.5/a.md") == "versioned:v0.5"
    assert discover.variant_of("i18n/zh/docusaurus-plugin-content-docs/current/intro.md") == "i18n:zh"


def test_a_docusaurus_translation_whose_source_is_gone_is_never_built(tmp_path: Path) -> None:
    # Docusaurus builds the docs of the source folder, each in the translation it finds: `old.md` translated into
    # Chinese after `docs/old.md` was deleted is never published, so nothing is reported on it; a translation of a
    # page that is there, of the current docs or of a version, is built.
    touch(tmp_path, "docs/intro.md", "versioned_docs/version-1.0/setup.md",
          "i18n/zh/docusaurus-plugin-content-docs/current/intro.md",
          "i18n/zh/docusaurus-plugin-content-docs/current/old.md",
          "i18n/zh/docusaurus-plugin-content-docs/version-1.0/setup.md",
          "i18n/zh/docusaurus-plugin-content-docs/version-1.0/gone.md")
    (tmp_path / "docusaurus.config.js").write_text(
        "module.exports = { i18n: { defaultLocale: 'en', locales: ['en', 'zh'] } };\n", encoding="utf-8")
    (tmp_path / "versions.json").write_text('["1.0"]', encoding="utf-8")
    result = api.lint(cwd=tmp_path, config=configmod.validate({"lint-variants": True}, None),
                      today=dt.date(2026, 6, 1), select=["SUB001"])
    read = {p.path for p in result.site.pages}
    reported = {p.path for p in result.pages}
    assert "i18n/zh/docusaurus-plugin-content-docs/current/old.md" in read
    assert "i18n/zh/docusaurus-plugin-content-docs/current/old.md" not in reported
    assert "i18n/zh/docusaurus-plugin-content-docs/version-1.0/gone.md" not in reported
    assert {"i18n/zh/docusaurus-plugin-content-docs/current/intro.md",
            "i18n/zh/docusaurus-plugin-content-docs/version-1.0/setup.md"} <= reported


@pytest.mark.parametrize("config", [
    ("hugo.yaml", "defaultContentLanguage: en\nlanguages:\n  en:\n    weight: 1\n  de:\n    weight: 2\n"),
    ("config/_default/languages.toml", "[en]\nweight = 1\n[de]\nweight = 2\n"),
], ids=["in-the-config", "in-a-config-folder"])
def test_hugo_s_languages_by_file_name_are_translations(tmp_path: Path, config: tuple[str, str]) -> None:
    # `_index.de.md` beside `_index.en.md`: Hugo's translation by file name, of a language its config lists. The
    # German page is a translation, matched to the English one, and its own empty section is not reported.
    page = "# {t}\n\nAbout {t}.\n\n## {p}\n\n## Next\n\nMore.\n"
    (tmp_path / "content" / "guide").mkdir(parents=True)
    (tmp_path / "content" / "guide" / "_index.en.md").write_text(page.format(t="Guide", p="Parameters"), "utf-8")
    (tmp_path / "content" / "guide" / "_index.de.md").write_text(page.format(t="Anleitung", p="Parameter"), "utf-8")
    (tmp_path / "config" / "_default").mkdir(parents=True)
    (tmp_path / "config" / "_default" / "hugo.toml").write_text('baseURL = "https://example.org/"\n', "utf-8")
    (tmp_path / config[0]).write_text(config[1], encoding="utf-8")
    result = api.lint(cwd=tmp_path, config=configmod.validate({}, None), today=dt.date(2026, 6, 1), select=["SUB003"])
    assert result.site.sources == {"content/guide/_index.de.md": "content/guide/_index.en.md"}
    assert [f.path for f in result.findings] == ["content/guide/_index.en.md"]


def test_a_hugo_environment_that_builds_a_folder_in_its_own_language_makes_its_other_pages_translations(
        tmp_path: Path) -> None:
    # `config/manual/config.yml` builds `docs/manual` in German (`DefaultContentLanguage`, in any case): there, the
    # German pages are the sources and `page.en.md` their translations; `docs/dev`, built by another environment in
    # the default English, keeps its German pages as translations.
    page = "# {t}\n\nAbout {t}.\n\n## {p}\n\n## Next\n\nMore.\n"
    for folder in ("docs/manual/guide", "docs/dev/guide", "page/config/_default", "page/config/manual",
                   "page/config/dev"):
        (tmp_path / folder).mkdir(parents=True)
    for folder in ("docs/manual/guide", "docs/dev/guide"):
        (tmp_path / folder / "_index.en.md").write_text(page.format(t="Guide", p="Parameters"), "utf-8")
        (tmp_path / folder / "_index.de.md").write_text(page.format(t="Anleitung", p="Parameter"), "utf-8")
    (tmp_path / "page/config/_default/hugo.yml").write_text("contentDir: '../docs'\ntitle: Docs\n", "utf-8")
    (tmp_path / "page/config/manual/config.yml").write_text(
        "contentDir: '../docs/manual'\nDefaultContentLanguage: de\n", "utf-8")
    (tmp_path / "page/config/dev/config.yml").write_text("contentDir: '../docs/dev'\n", "utf-8")
    result = api.lint(cwd=tmp_path, config=configmod.validate({}, None), today=dt.date(2026, 6, 1), select=["SUB003"])
    assert result.site.sources == {"docs/manual/guide/_index.en.md": "docs/manual/guide/_index.de.md",
                                   "docs/dev/guide/_index.de.md": "docs/dev/guide/_index.en.md"}
    assert sorted(f.path for f in result.findings) == ["docs/dev/guide/_index.en.md", "docs/manual/guide/_index.de.md"]


def test_a_monorepo_of_several_sites_says_which_one_it_linted(tmp_path: Path) -> None:
    # Four packages each with its own Docusaurus site (`grafast/website/`, `postgraphile/website/`): one is linted,
    # and the note names the others and how to lint them; docs-root chooses one and says nothing of the rest.
    touch(tmp_path, "grafast/website/docusaurus.config.js", "grafast/website/docs/intro.md",
          "postgraphile/website/docusaurus.config.js", "postgraphile/website/docs/intro.md", "README.md")
    (tmp_path / ".git").mkdir()
    (tmp_path / "package.json").write_text('{"workspaces": ["grafast/*", "postgraphile/*"]}', encoding="utf-8")
    result = api.lint(cwd=tmp_path, config=configmod.validate({}, None), today=dt.date(2026, 6, 1), select=["SUB001"])
    assert [n for n in result.notes if "docs sites" in n] == [
        "this repository holds 2 docs sites: linted the one in grafast/website/; the others (postgraphile/website/) "
        "are linted by running sitelint in their folders (or with docs-root)"]
    chosen = configmod.validate({"docs-root": "postgraphile/website/docs"}, None)
    result = api.lint(cwd=tmp_path, config=chosen, today=dt.date(2026, 6, 1), select=["SUB001"])
    assert not [n for n in result.notes if "docs sites" in n]


def test_a_grav_site_is_its_pages_folder_each_page_at_its_folder_s_route(tmp_path: Path) -> None:
    # A Grav `user/` folder: pages/ holds a folder per page, its number ordering the menu and left out of the route;
    # plugins/ and themes/ are packages (their blueprints.yaml), whose README, CHANGELOG and page templates are no
    # pages. `docs.en.md` is what Grav serves in English, so the plain `default.md` beside it is never built.
    section = "Pick the folders your library scans, then save.\n"
    write_site(tmp_path, {
        "pages/01.home/default.md": "# Home\n\nSee [settings](/guides/settings#media) and [the guides](/guides).\n",
        "pages/02.guides/docs.md": "# Guides\n\nRead [the settings](./settings#email) first.\n",
        "pages/02.guides/01.settings/docs.md": f"# Settings\n\n## Media\n\n{section}\n## Mail\n\n{section}",
        "pages/02.install/default.md": "# Install\n\n## Old\n\n## Next\n\nText.\n",
        "pages/02.install/docs.en.md": "# Install\n\nRun the installer.\n",
        "plugins/admin/blueprints.yaml": "name: Admin Panel\n",
        "plugins/admin/README.md": "# Admin\n\n## Changes\n\n## Next\n\n[x](#nowhere)\n",
        "themes/learn2/blueprints.yaml": "name: Learn2\n",
        "themes/learn2/CHANGELOG.md": "# v2\n\n[bug](#bugfix)\n",
        "README.md": "# Kavita wiki\n",
    }, {})
    layout = discover.detect(tmp_path)
    assert layout.framework == "grav" and layout.docs_roots == ((tmp_path / "pages").resolve(),)
    result = api.lint(cwd=tmp_path, config=configmod.validate({"semantic": False}, None), today=dt.date(2026, 6, 1),
                      select=["STL009", "SUB003"])
    assert "pages/02.install/default.md" in result.site.unbuilt
    assert {p.path for p in result.site.pages} >= {"pages/02.guides/01.settings/docs.md", "pages/01.home/default.md"}
    assert not [p.path for p in result.site.pages if not p.path.startswith("pages/")]
    # `/guides/settings#media` reaches `## Media`; `./settings#email` from /guides reaches the same page, which has
    # no `#email`; the shadowed file's empty section is not reported.
    assert [(f.rule, f.path, f.line) for f in result.findings] == [("STL009", "pages/02.guides/docs.md", 3)]
    assert "'#email'" in result.findings[0].message
    # The site's home is what system.yaml's `home: alias:` names (Grav's default, `/home`, when it does not say).
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "system.yaml").write_text("home:\n  alias: '/guides'\n", encoding="utf-8")
    (tmp_path / "pages" / "01.home" / "default.md").write_text("# Home\n\nSee [the guides](/#missing).\n", "utf-8")
    found = api.lint(cwd=tmp_path, config=configmod.validate({"semantic": False}, None), today=dt.date(2026, 6, 1),
                     select=["STL009"]).findings
    assert [(f.path, f.line) for f in found] == [("pages/01.home/default.md", 3), ("pages/02.guides/docs.md", 3)]
    assert "pages/02.guides/docs.md has no heading or id '#missing'" in found[0].message


def test_a_book_in_a_folder_named_for_it_comes_before_a_package_s_own_small_site(tmp_path: Path) -> None:
    # `book/book.toml` is the project's docs; `pyclient/mkdocs.yml` documents one of its packages.
    touch(tmp_path, "README.md", "book/src/SUMMARY.md", "book/src/install.md", "book/src/accounts.md",
          "pyclient/docs/client.md", "pyclient/pyproject.toml")
    (tmp_path / ".git").mkdir()
    (tmp_path / "book" / "book.toml").write_text('[book]\nsrc = "src"\n', encoding="utf-8")
    (tmp_path / "pyclient" / "mkdocs.yml").write_text("site_name: pyclient\n", encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "mdbook"
    assert pages(layout) == ["book/src/SUMMARY.md", "book/src/accounts.md", "book/src/install.md"]
    (tmp_path / "book" / "book.toml").unlink()
    layout = discover.detect(tmp_path)
    assert layout.framework == "mkdocs" and pages(layout) == ["pyclient/docs/client.md"]


def test_vuepress_locales_spread_in_from_modules_of_their_own(tmp_path: Path) -> None:
    # `locales: { ...localeConfigEN, ...localeConfigFR }`, each object exported by a module of its own, no `'/'`
    # locale: the first listed is the site's own (`docs/en/`), the others its translations, mirror its paths or not
    # (a translation of the site's older layout).
    touch(tmp_path, "docs/index.md", "docs/en/index.md", "docs/en/editor/citations.md", "docs/fr/index.md",
          "docs/fr/academic/citations.md", "docs/de/academic/projects.md")
    (tmp_path / ".git").mkdir()
    (tmp_path / "docs" / ".vuepress").mkdir()
    (tmp_path / "docs" / ".vuepress" / "config.ts").write_text(
        'import { defineUserConfig } from "vuepress"\n'
        'import { localeConfigEN } from "../../config/en.config"\n'
        'import { localeConfigFR } from "../../config/fr.config"\n'
        'import { localeConfigDE } from "../../config/de.config"\n'
        "export default defineUserConfig({\n  locales: {\n    ...localeConfigEN,\n    ...localeConfigDE,\n"
        "    ...localeConfigFR,\n  },\n})\n",
        encoding="utf-8")
    (tmp_path / "config").mkdir()
    for code, lang in (("en", "en-US"), ("de", "de-DE"), ("fr", "fr-FR")):
        (tmp_path / "config" / f"{code}.config.ts").write_text(
            f"export const localeConfig{code.upper()}: SiteLocaleConfig = {{\n  '/{code}/': {{\n"
            f"    lang: '{lang}',\n    title: 'Docs',\n  }},\n}}\n", encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert layout.framework == "vuepress" and layout.default_locale == "en"
    assert [lang for _, lang in layout.translation_dirs] == ["de-DE", "fr-FR"]
    assert layout.variant_of(tmp_path / "docs/fr/academic/citations.md") == "i18n:fr-FR"
    assert layout.variant_of(tmp_path / "docs/en/editor/citations.md") == ""
    # ... imported under a name of the config's own (`import { localeConfigDE as german }`, `...german`).
    config = tmp_path / "docs" / ".vuepress" / "config.ts"
    config.write_text(config.read_text(encoding="utf-8").replace("{ localeConfigDE }", "{ localeConfigDE as german }")
                      .replace("...localeConfigDE", "...german"), encoding="utf-8")
    layout = discover.detect(tmp_path)
    assert [lang for _, lang in layout.translation_dirs] == ["de-DE", "fr-FR"]


def test_folders_named_for_locales_beside_the_own_language_s_are_translations_named_their_own_way(
        tmp_path: Path) -> None:
    # A vault translated by hand: `en/Plugins/Backlinks.md`, `nl/Plug-ins/Terugkoppelingen.md`, each language's files
    # named in it. Three folders of other locales beside `en/` are its translations, never linted as the site's
    # own; two, which may be anything named so, are left as they are.
    touch(tmp_path / "v", "README.md", "en/Home.md", "en/Plugins/Backlinks.md", "nl/Start.md",
          "nl/Plug-ins/Terugkoppelingen.md", "de/Start.md", "de/Erweiterungen/Rückverweise.md", "fr/Accueil.md")
    (tmp_path / "v" / ".git").mkdir()
    layout = discover.detect(tmp_path / "v")
    assert sorted(lang for _, lang in layout.translation_dirs) == ["de", "fr", "nl"]
    assert layout.variant_of(tmp_path / "v/nl/Plug-ins/Terugkoppelingen.md") == "i18n:nl"
    assert layout.variant_of(tmp_path / "v/en/Plugins/Backlinks.md") == ""
    touch(tmp_path / "w", "README.md", "en/Home.md", "nl/Start.md", "de/Start.md")
    (tmp_path / "w" / ".git").mkdir()
    assert discover.detect(tmp_path / "w").translation_dirs == ()


def test_pages_vuepress_page_patterns_leave_out_are_not_built(tmp_path: Path) -> None:
    # VuePress 2 makes pages of the files `pagePatterns` takes and no `!` pattern drops (`**/` any folders, none too):
    # a working copy of the docs (`Master/`) and a vendor's edition (`*_vendor.md`) kept beside the published ones.
    empty = "# Setup\n\n## Old\n\n## Next\n\nText.\n"
    write_site(tmp_path, {
        "src/README.md": "# Home\n\nRead [the guide](guide/setup.md).\n",
        "src/guide/setup.md": "# Setup\n\nRun it.\n",
        "src/guide/setup_vendor.md": empty,
        "src/Master/guide/setup.md": empty,
        "src/stage/setup.md": empty,
        "src/notes.txt.md": empty,
    }, {"src/.vuepress/config.ts": (
        "export default defineUserConfig({\n  // pagePatterns: ['**/*.md'],\n  pagePatterns: [\n    '**/*.md',\n"
        "    '!**/*_vendor.md',\n    '!**/stage/**/*.md',\n    '!**/Master/**/*.md',\n    '!.vuepress',\n"
        "    '!node_modules',\n  ],\n});\n")})
    result = api.lint(cwd=tmp_path, config=configmod.validate({"semantic": False}, None), today=dt.date(2026, 6, 1),
                      select=["SUB003"])
    assert result.site.framework == "vuepress"
    assert sorted(result.site.unbuilt) == ["src/Master/guide/setup.md", "src/guide/setup_vendor.md",
                                           "src/stage/setup.md"]
    assert [(f.path, f.line) for f in result.findings] == [("src/notes.txt.md", 3)]


def test_a_docusaurus_site_fed_by_mdoc_reads_mdoc_s_input(tmp_path: Path) -> None:
    # The docs path is mdoc's output (`website/target/docs`, built, not in the repository): the pages are mdoc's
    # input, `docs/` at the sbt build's root by default.
    touch(tmp_path, "README.md", "docs/installation.md", "docs/configuration.md", "website/src/pages/index.js")
    (tmp_path / "website/docusaurus.config.js").write_text(
        "module.exports = { presets: [['classic', { docs: { path: '../website/target/docs' } }]] };\n",
        encoding="utf-8")
    (tmp_path / "build.sbt").write_text(
        'lazy val docs = project.in(file("scalafmt-docs")).enablePlugins(DocusaurusPlugin)\n'
        '  .settings(mdoc := (Compile / run).evaluated)\n', encoding="utf-8")
    assert discover.detect(tmp_path).docs_roots == ((tmp_path / "docs").resolve(),)


def test_mdoc_s_input_is_the_folder_the_build_sets_under_its_project(tmp_path: Path) -> None:
    # `mdocIn := baseDirectory.value / "src" / "main" / "markdown"` in the settings of `lazy val docs = project`:
    # the folder under that project's own, `docs/`.
    touch(tmp_path, "README.md", "docs/README.md", "docs/src/main/markdown/installation.md",
          "docs/src/main/markdown/faq.md", "website/sidebars.js")
    (tmp_path / "website/docusaurus.config.js").write_text(
        "module.exports = { presets: [['classic', { docs: { path: '../docs/target/mdoc' } }]] };\n",
        encoding="utf-8")
    build = ('lazy val core = (project in file("core"))\n\nlazy val docs = project\n'
             '  .enablePlugins(MdocPlugin, DocusaurusPlugin)\n  .settings(\n'
             '    mdocIn := baseDirectory.value / "src" / "main" / "markdown",\n  )\n')
    (tmp_path / "build.sbt").write_text(build, encoding="utf-8")
    assert discover.detect(tmp_path).docs_roots == ((tmp_path / "docs/src/main/markdown").resolve(),)
    # A build that does not run mdoc says nothing of where the pages are.
    (tmp_path / "build.sbt").write_text(build.replace("Mdoc", "Site").replace("mdocIn", "siteIn"), encoding="utf-8")
    assert (tmp_path / "docs/src/main/markdown").resolve() not in discover.detect(tmp_path).docs_roots


def test_a_docusaurus_config_made_by_a_package_s_function_reads_the_docs_it_names_beside_it(tmp_path: Path) -> None:
    # `getDocusaurusConfig({ docsTableOfContents: require('../docs/table-of-contents.json') })` in `website/`, which
    # has no docs folder of its own: the docs are the repository's `docs/`.
    touch(tmp_path, "README.md", "docs/get-started/install.md", "docs/api-reference/map.md",
          "website/src/pages/index.js")
    (tmp_path / "docs/table-of-contents.json").write_text("{}\n", encoding="utf-8")
    config = ("const {getDocusaurusConfig} = require('@vis.gl/docusaurus-website');\n"
              "module.exports = getDocusaurusConfig({ projectName: 'acme',\n"
              "  docsTableOfContents: require('../docs/table-of-contents.json') });\n")
    (tmp_path / "website/docusaurus.config.js").write_text(config, encoding="utf-8")
    assert discover.detect(tmp_path).docs_roots == ((tmp_path / "docs").resolve(),)
    # A config that names nothing of it says nothing of where the pages are.
    (tmp_path / "website/docusaurus.config.js").write_text(config.replace("../docs/", "./toc/"), encoding="utf-8")
    assert (tmp_path / "docs").resolve() not in discover.detect(tmp_path).docs_roots
