"""Duplication checks on real parsed pages: fixture sites through the engine, canonical copies, exclusions,
the semantic plumbing (with a fake embedder) and the real model, warm runs, and the shared corpora."""

from __future__ import annotations

import datetime as dt
import json
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from checks_support import context, run_context

from conftest import ROOT, shared, write_site
from sitelint import api as engine, config as configmod
from sitelint.cache import open_cache
from sitelint.checks import registry
from sitelint.checks.duplication import corpus as corpusmod, digest as dupdigest, paraphrases, spans
from sitelint.model import Measurement, Site
from sitelint.pipeline.discover import variant_of
from sitelint.pipeline.pages import page_from_text

FIXTURES = ROOT / "fixtures" / "sites" / "dupes"
TODAY = dt.date(2026, 11, 30)
SPECS = registry()


def _lint(root: Path, **settings: Any) -> list[tuple[str, str, int]]:
    table = {"rule": {"DUP006": {"enabled": True}}, **settings}
    result = engine.lint(cwd=root, config=configmod.validate(table, None), today=TODAY, select=["DUP"])
    return sorted((f.rule, f.path, f.line) for f in result.findings)


def test_docusaurus_fixture_site(tmp_path: Path) -> None:
    root = shutil.copytree(FIXTURES / "docusaurus", tmp_path / "site")
    # Each duplicate is reported on the copy to change; the copy that looks canonical has no finding of its own.
    assert _lint(root) == sorted(
        [
            ("DUP001", "docs/guides/undo-a-deploy.md", 1),
            ("DUP002", "docs/guides/deploying-to-staging.md", 1),
            ("DUP003", "docs/troubleshooting.md", 16),
            # the preview pages say the same in three sections (one finding for the pair of pages, naming the
            # other lines); configuration explains the token lookup again
            ("DUP004", "docs/guides/preview-deploys.md", 10),
            ("DUP004", "docs/troubleshooting.md", 16),
            ("DUP005", "docs/faq.md", 18),
            ("DUP006", "docs/getting-started.md", 14),
        ]
    )
    # Not reported: versioned_docs/version-1.0 and i18n/fr copies, the OS partials (near-duplicates of each
    # other), the CI tabs of setup.mdx (the same paragraph in both tabs) and the four CLI reference pages.


def test_the_paraphrases_one_page_makes_of_another_are_one_finding_naming_their_lines(tmp_path: Path) -> None:
    # preview-deploys.md restates previews.md in three sections: one decision (merge, or link), at the first, the
    # other passages and their counterparts its related places.
    root = shutil.copytree(FIXTURES / "docusaurus", tmp_path / "site")
    result = engine.lint(cwd=root, config=configmod.validate({}, None), today=TODAY, select=["DUP004"])
    found = [f for f in result.findings if f.path == "docs/guides/preview-deploys.md"]
    assert len(found) == 1
    assert found[0].line == 10
    assert found[0].message.endswith("; 2 more passages of this page (lines 14, 23) say what docs/previews.md says")
    assert [(r.path, r.line) for r in found[0].related] == [
        ("docs/previews.md", 10), ("docs/guides/preview-deploys.md", 14), ("docs/previews.md", 14),
        ("docs/guides/preview-deploys.md", 23), ("docs/previews.md", 18)]


def _findings(result: engine.LintResult, path: str) -> list[tuple[Any, ...]]:
    return sorted((f.rule, f.line, f.end_line, f.message, f.related) for f in result.findings if f.path == path)


def test_a_run_on_some_pages_reports_on_them_what_the_whole_site_run_reports(tmp_path: Path) -> None:
    # A run on staged pages compares them with the site but skips pairs of two other pages: their findings on the
    # pages it reports must be exactly those of a run over the whole site.
    root = shutil.copytree(FIXTURES / "docusaurus", tmp_path / "site")
    config = configmod.validate({"rule": {"DUP006": {"enabled": True}}}, None)
    whole = engine.lint(cwd=root, config=config, today=TODAY, select=["DUP"])
    paths = sorted({f.path for f in whole.findings} | {"docs/intro.md", "docs/setup.mdx"})
    assert len(paths) >= 8
    for path in paths:
        one = engine.lint([path], cwd=root, config=config, today=TODAY, select=["DUP"])
        assert one.scope == (path,) and _findings(one, path) == _findings(whole, path), path
    pair = engine.lint(["docs/guides/undo-a-deploy.md", "docs/faq.md"], cwd=root, config=config, today=TODAY,
                       select=["DUP"])
    assert [f.path for f in pair.findings] == ["docs/faq.md", "docs/guides/undo-a-deploy.md"]
    # The canonical copy alone: nothing to change there.
    assert engine.lint(["docs/guides/rollback.md"], cwd=root, config=config, today=TODAY, select=["DUP"]).findings == ()


def test_shingle_index_and_focused_spans_equal_the_plain_computation() -> None:
    dupmatch = spans
    pages = [page_from_text(p.relative_to(FIXTURES).as_posix(), p, p.read_text(encoding="utf-8"))
             for p in sorted((FIXTURES / "docusaurus" / "docs").rglob("*.md*"))]
    digests = [dupdigest.digest(p) for p in pages] + [dupdigest.digest(page_from_text("e.md", Path("/e.md"), "# E\n"))]
    index = dupmatch.shingle_index(digests)
    assert index is not None
    plain = sorted((int(h), i, j) for i, d in enumerate(digests)
                   for j, h in enumerate(dupdigest.shingle(d.ids, dupdigest.RUN_K).tolist()))
    assert sorted(zip(index.hashes.tolist(), index.pages.tolist(), index.pos.tolist(), strict=True)) == plain
    whole = dupmatch.copied_spans(digests, 20, 6)
    assert len(whole) > 3
    for focus in ({whole[0].a}, {whole[-1].b, len(digests) - 1}, set(range(len(digests)))):
        focused = dupmatch.copied_spans(digests, 20, 6, focus, dupmatch.shingle_index(digests, focus))
        assert focused and sorted(map(repr, focused)) == sorted(repr(s) for s in whole if {s.a, s.b} & focus), focus


def test_mkdocs_fixture_site(tmp_path: Path) -> None:
    root = shutil.copytree(FIXTURES / "mkdocs", tmp_path / "site")
    assert _lint(root) == []


def _site(pages: Mapping[str, str], root: Path) -> Site:
    write_site(root, pages)
    parsed = tuple(page_from_text(rel, root / rel, text, variant=variant_of(rel))
                   for rel, text in sorted(pages.items()))
    return Site(root=root / "docs", repo_root=root, framework="docusaurus", pages=parsed)


def _run(check: str, site: Site, *, cache: Any = None, git: Any = None, embedder: Any = None,
         notes: list[str] | None = None, **settings: Any) -> list[Measurement]:
    """One duplication check on a site, with the corpus prepared as a run prepares it."""
    corpus = corpusmod.prepare(site, settings, None, cache, git)
    run = run_context(site, TODAY, settings=settings, cache=cache, git=git, corpus=corpus, embedder=embedder)
    ctx = context(check, run)
    if notes is not None:
        ctx = type(ctx)(ctx.params, run, notes.append)
    return list(SPECS[check].fn(ctx))


PARAGRAPH = (
    "Harbor reads credentials from the HARBOR_TOKEN environment variable first and falls back to the "
    "credentials file written by harbor login. Tokens created in the dashboard are scoped to a single team, "
    "expire after ninety days unless you choose otherwise, and can be revoked at any time without affecting "
    "other tokens of the same team."
)


def test_canonical_copy_is_the_oldest_in_git(tmp_path: Path) -> None:
    pages = {"docs/new.md": f"# A\n\n{PARAGRAPH}\n", "docs/zz/older-copy.md": f"# Z\n\n{PARAGRAPH}\n"}
    write_site(
        tmp_path,
        pages,
        commits=[
            {"date": "2023-05-01T12:00:00", "paths": ["docs/zz/older-copy.md"]},
            {"date": "2025-02-01T12:00:00", "paths": ["docs/new.md"]},
        ],
    )
    result = engine.lint(cwd=tmp_path, config=configmod.validate({}, None), today=TODAY, select=["DUP001"])
    messages = {f.path: f.message for f in result.findings}
    assert "docs/zz/older-copy.md looks canonical (oldest in git history)" in messages["docs/new.md"]
    # Reported once, on the copy to change; the canonical copy is only a related place.
    assert {f.path: [r.path for r in f.related] for f in result.findings} == {"docs/new.md": ["docs/zz/older-copy.md"]}


def test_canonical_copy_without_git_is_the_most_linked_then_the_shortest_path(tmp_path: Path) -> None:
    pages = {
        "docs/long/path/copy.md": f"# A\n\n{PARAGRAPH}\n",
        "docs/short.md": f"# B\n\n{PARAGRAPH}\n",
        "docs/index.md": "# Home\n\nRead [the sign-in page](long/path/copy.md) first.\n",
    }
    site = _site(pages, tmp_path)
    found = {m.at.path: m.detail for m in _run("duplicate-pages", site)}
    note = "docs/long/path/copy.md looks canonical (most linked: 1 page links to it)"
    assert list(found) == ["docs/short.md"] and found["docs/short.md"]["canonical_note"] == note
    del pages["docs/index.md"]
    site = _site(pages, tmp_path / "nolinks")
    found = {m.at.path: m.detail for m in _run("duplicate-pages", site)}
    assert list(found) == ["docs/long/path/copy.md"]
    assert found["docs/long/path/copy.md"]["canonical_note"] == "docs/short.md looks canonical (shortest path)"


def test_the_docs_of_another_version_kept_in_a_folder_named_for_it_are_not_copies(tmp_path: Path) -> None:
    # `docs/versions/0.14.0/` keeps the pages of an old release, which repeat the current ones by design.
    other = ("Sessions last a week and renew on every request; a session signed out on one device ends on every "
             "device of that account, and the account page lists each one with the place and the day it began.")
    pages = {"docs/api.md": f"# API\n\nThe current interface.\n\n{PARAGRAPH}\n",
             "docs/guide.md": f"# Guide\n\nStart here.\n\n{other}\n",
             "docs/versions/0.14.0/api.md": f"# API (0.14.0)\n\nThe old interface.\n\n{PARAGRAPH}\n\n{other}\n",
             "docs/versions/0.14.0/guide.md": "# Guide (0.14.0)\n\nStart here, on the old release.\n"}
    write_site(tmp_path, pages)
    result = engine.lint(cwd=tmp_path, config=configmod.validate({}, None), today=TODAY, select=["DUP003"])
    assert result.findings == ()
    # Each page of the version's folder has its namesake in the current docs. In a folder of another name the same
    # page is a copy.
    write_site(tmp_path / "plain", {k.replace("versions/0.14.0", "legacy"): v for k, v in pages.items()})
    result = engine.lint(cwd=tmp_path / "plain", config=configmod.validate({}, None), today=TODAY,
                         select=["DUP003"])
    assert {f.path for f in result.findings} == {"docs/legacy/api.md"}


def test_two_release_lines_side_by_side_restate_each_other_on_purpose(tmp_path: Path) -> None:
    # `guide/v10/` and `guide/v11/`, both current (a stable line beside the preview of the next), of other pages:
    # what one says again of the other is the same release notes told twice on purpose, not a copy.
    other = ("Sessions last a week and renew on every request; a session signed out on one device ends on every "
             "device of that account, and the account page lists each one with the place and the day it began.")
    own = ("Tokens are minted by the gateway, carry the scopes the client asked for, and expire after an hour unless "
           "the client refreshes them with the refresh token it got at sign-in, which lasts thirty days. ") * 3
    pages = {"docs/guide/v10/sessions.md": f"# Sessions\n\n{PARAGRAPH} {other}\n\nCookies hold the session id.\n",
             "docs/guide/v11/auth/sessions-and-tokens.md": f"# Sessions and tokens\n\n{PARAGRAPH} {other}\n\n{own}\n",
             "docs/guide/v11/intro.md": "# Intro\n\nStart here.\n"}
    write_site(tmp_path, pages)
    result = engine.lint(cwd=tmp_path, config=configmod.validate({}, None), today=TODAY, select=["DUP003"])
    assert result.findings == ()
    # Folders of other names are not release lines: the same passage is a copy.
    write_site(tmp_path / "plain", {k.replace("/v10/", "/old/").replace("/v11/", "/new/"): v for k, v in pages.items()})
    result = engine.lint(cwd=tmp_path / "plain", config=configmod.validate({}, None), today=TODAY,
                         select=["DUP003"])
    assert len(result.findings) == 1


def test_the_copy_the_other_links_to_is_canonical(tmp_path: Path) -> None:
    # An overview sums a page up and links to it for the whole: the page is where the text lives, even when the
    # overview is the one more pages link to.
    pages = {
        "docs/api/overview.md": f"# Overview\n\n{PARAGRAPH}\n\nSee [integration](integration.md).\n",
        "docs/api/integration.md": f"# Integration\n\n{PARAGRAPH}\n",
        "docs/index.md": "# Home\n\nStart at [the overview](api/overview.md).\n",
        "docs/guide.md": "# Guide\n\nRead [the overview](api/overview.md).\n",
    }
    write_site(tmp_path, pages)
    result = engine.lint(cwd=tmp_path, config=configmod.validate({}, None), today=TODAY, select=["DUP001", "DUP002"])
    assert [f.path for f in result.findings] == ["docs/api/overview.md"]
    assert "docs/api/integration.md looks canonical (the copy the other links to)" in result.findings[0].message


def test_one_page_in_editions_of_the_docs_is_not_a_copy(tmp_path: Path) -> None:
    # A copy per database: sibling folders that mirror each other page for page, of which a reader sees one.
    pages = {f"docs/{db}/{name}.md": f"# {name} on {db}\n\nThe {name} page of {db} says {i} things.\n"
             for db in ("pg", "mysql") for i, name in enumerate(("select", "insert", "update"))}
    pages.update({"docs/pg/relations.md": f"# Relations\n\n{PARAGRAPH}\n",
                  "docs/mysql/relations.md": f"# Relations\n\n{PARAGRAPH}\n",
                  "docs/guides/auth.md": f"# Auth\n\n{PARAGRAPH}\n"})
    write_site(tmp_path, pages)
    result = engine.lint(cwd=tmp_path, config=configmod.validate({}, None), today=TODAY, select=["DUP001"])
    found = {f.path: f.severity for f in result.findings}
    # With the auth guide, a page of another name in a folder no edition mirrors, the copies are copies (info, as
    # duplicate pages are by default).
    assert len(found) == 2 and set(found.values()) == {"info"}
    two = {k: v for k, v in pages.items() if k != "docs/guides/auth.md"}
    write_site(tmp_path / "editions", two)
    result = engine.lint(cwd=tmp_path / "editions", config=configmod.validate({}, None), today=TODAY,
                         select=["DUP001"])
    assert result.findings == ()
    # Nor a near copy (the same page with its edition's name in it).
    near = dict(two, **{"docs/mysql/relations.md": f"# Relations\n\n{PARAGRAPH} {PARAGRAPH} MySQL.\n",
                        "docs/pg/relations.md": f"# Relations\n\n{PARAGRAPH} {PARAGRAPH} Postgres.\n"})
    write_site(tmp_path / "near", near)
    result = engine.lint(cwd=tmp_path / "near", config=configmod.validate({}, None), today=TODAY,
                         select=["DUP001", "DUP002"])
    assert result.findings == ()
    # Editions one level up: the same guide under each edition's folder, the editions mirroring each other.
    deep = {k.replace("docs/pg/", "docs/pg/guides/").replace("docs/mysql/", "docs/mysql/guides/") if "relations" in k
            else k: v for k, v in two.items()}
    write_site(tmp_path / "deep", deep)
    result = engine.lint(cwd=tmp_path / "deep", config=configmod.validate({}, None), today=TODAY, select=["DUP001"])
    assert result.findings == ()
    # The default edition at the top, the others in folders of it.
    top = {k.replace("docs/pg/", "docs/"): v for k, v in two.items()}
    write_site(tmp_path / "default", top)
    result = engine.lint(cwd=tmp_path / "default", config=configmod.validate({}, None), today=TODAY,
                         select=["DUP001"])
    assert result.findings == ()
    # A passage one edition's page shares with another edition's is theirs by design; elsewhere it is a copy.
    own = "Each edition adds a paragraph of its own about what it connects to and how it pools its connections."
    other = ("Sessions last a week and renew on every request; a session signed out on one device ends on every "
             "device of that account, and the account page lists each one with the place and the day it began. "
             "An administrator may end the sessions of a whole team at once from the team page, which also shows "
             "who signed in last and from which address.")
    three = {k: v for k, v in two.items() if "relations" not in k}
    three.update({"docs/pg/select.md": f"# Select\n\n{own} One.\n\n{PARAGRAPH}\n",
                  "docs/mysql/update.md": f"# Update\n\n{own} Two.\n\n{PARAGRAPH}\n",
                  "docs/guides/auth.md": f"# Auth\n\nSign in first, then read on.\n\n{other}\n",
                  "docs/guides/login.md": f"# Login\n\nThe login form comes first.\n\n{other}\n"})
    write_site(tmp_path / "passages", three)
    result = engine.lint(cwd=tmp_path / "passages", config=configmod.validate({}, None), today=TODAY,
                         select=["DUP003"])
    assert {f.path for f in result.findings} <= {"docs/guides/auth.md", "docs/guides/login.md"}
    assert result.findings
    # Editions mirror each other by all their pages, those the duplication corpus leaves out too (an index page
    # filled in at build time): a copy per framework of a migration page and of its getting-started page.
    names = ("react", "vue", "svelte")
    frameworks = {f"docs/{fw}/getting-started.md": f"# Getting started with {fw}\n\nHow it goes with {fw}.\n"
                  for fw in names}
    frameworks.update({f"docs/{fw}/index.md": f"# Overview\n\nFor {fw}.\n\n<!--@include: ../parts/overview.md-->\n"
                       for fw in names})
    frameworks.update({f"docs/{fw}/migration.md": f"# Migration from v0\n\n{PARAGRAPH}\n" for fw in names})
    frameworks["docs/parts/overview.md"] = "The library in a sentence.\n"
    write_site(tmp_path / "frameworks", frameworks)
    result = engine.lint(cwd=tmp_path / "frameworks", config=configmod.validate({}, None), today=TODAY,
                         select=["DUP001"])
    assert result.findings == ()



def test_pages_of_one_folder_whose_front_matter_names_each_one_s_version_are_not_copies(tmp_path: Path) -> None:
    # A page per version of one client, which the site's version picker switches between.
    def page(version: str, extra: str = "") -> str:
        front = f"---\ntitle: Angular {version}\ncustom:\n  version: {version}\n---\n"
        return f"{front}\n# Angular\n\n{PARAGRAPH} {extra}\n"
    pages = {"docs/clients/angular/v19.md": page("v19", "Nineteen."),
             "docs/clients/angular/v20.md": page("v20", "Twenty."),
             "docs/index.md": "# Home\n\nSee [v19](clients/angular/v19.md) and [v20](clients/angular/v20.md).\n"}
    write_site(tmp_path, pages)
    result = engine.lint(cwd=tmp_path, config=configmod.validate({}, None), today=TODAY, select=["DUP001", "DUP002"])
    assert result.findings == ()
    # Both saying one version, or one of them none, they are copies.
    pages["docs/clients/angular/v20.md"] = page("v19", "Twenty.")
    write_site(tmp_path / "same", pages)
    result = engine.lint(cwd=tmp_path / "same", config=configmod.validate({}, None), today=TODAY,
                         select=["DUP001", "DUP002"])
    assert len(result.findings) == 1


def test_pages_named_for_each_release_of_one_reference_are_not_copies(tmp_path: Path) -> None:
    # The API reference kept once per release, the newest as `latest.md`: each repeats most of the one before.
    def page(version: str) -> str:
        return f"# C API {version} Documentation\n\n{PARAGRAPH} {PARAGRAPH}\n\nThis is release {version}.\n"
    pages = {f"docs/reference/{v}.md": page(v) for v in ("0.13.x", "0.14.x", "latest")}
    pages["docs/index.md"] = "# Home\n\nSee [the reference](reference/latest.md).\n"
    write_site(tmp_path, pages)
    result = engine.lint(cwd=tmp_path, config=configmod.validate({}, None), today=TODAY, select=["DUP001", "DUP002"])
    assert result.findings == ()
    # A page of another name beside them is a copy all the same, and so is one named for a release elsewhere.
    pages["docs/reference/embedding.md"] = page("0.15.x")
    pages["docs/guides/0.15.x.md"] = page("0.16.x")
    write_site(tmp_path / "other", pages)
    result = engine.lint(cwd=tmp_path / "other", config=configmod.validate({}, None), today=TODAY,
                         select=["DUP001", "DUP002"])
    assert {f.path for f in result.findings} | {o.path for f in result.findings for o in f.related} >= {
        "docs/reference/embedding.md", "docs/guides/0.15.x.md"}


def test_editions_whose_pages_are_numbered_to_order_them_are_editions(tmp_path: Path) -> None:
    # `01.nextjs/06.forms.md` and `02.nuxt/07.forms.md`: the number orders a page, its address leaves it out; the
    # folders hold the same pages, a guide per framework, and share their text by design.
    pages = {f"content/frameworks/{n}/{prefix}.{name}.md": f"# {name} with {fw}\n\n{PARAGRAPH}\n" if name == "forms"
             else f"# {name} with {fw}\n\nThe {name} page of {fw} says {i} things.\n"
             for n, fw, order in (("01.nextjs", "Next.js", (1, 2, 6)), ("02.nuxt", "Nuxt", (1, 2, 7)))
             for i, (prefix, name) in enumerate(zip(order, ("data-fetching", "authentication", "forms"),
                                                    strict=True))}
    write_site(tmp_path, pages)
    result = engine.lint(cwd=tmp_path, config=configmod.validate({}, None), today=TODAY, select=["DUP"])
    assert result.findings == ()


def test_two_folders_of_the_same_two_pages_are_editions(tmp_path: Path) -> None:
    # The reference per framework: `vue3/` and `svelte3/`, each with its story and variant pages, alike by design.
    passage = ("Set the `layout` option to pick how the variants of a story are laid out: a grid of a given "
               "width, or one column. The option applies to every variant of the story unless a variant sets its "
               "own, and the reader can still switch the layout from the toolbar while the story is open.")
    pages = {f"docs/reference/{fw}/{name}.md": f"# {name} for {fw}\n\nHow {name} works in {fw}.\n\n{passage}\n"
             for fw in ("vue3", "svelte3") for name in ("story", "variant")}
    pages["docs/index.md"] = "# Home\n\nSee the reference.\n"
    write_site(tmp_path, pages)
    result = engine.lint(cwd=tmp_path, config=configmod.validate({}, None), today=TODAY, select=["DUP003"])
    assert [f for f in result.findings if "/vue3/" in f.path or "/svelte3/" in f.path
            if any("/vue3/" in o.path or "/svelte3/" in o.path for o in f.related)] == []
    # One folder with a third page of its own: the two no longer hold the same pages, and the copy is reported.
    pages["docs/reference/vue3/events.md"] = "# Events\n\nThe events a story sends.\n"
    write_site(tmp_path / "uneven", pages)
    result = engine.lint(cwd=tmp_path / "uneven", config=configmod.validate({}, None), today=TODAY,
                         select=["DUP003"])
    assert result.findings


def test_partials_snippets_and_imports_are_single_sources(tmp_path: Path) -> None:
    site = _site(
        {
            "docs/_notice.mdx": f"{PARAGRAPH}\n",
            "docs/shared/notice.mdx": f"{PARAGRAPH}\n",  # imported, so a partial although its name has no underscore
            "docs/snippets/notice.md": f"{PARAGRAPH}\n",
            "docs/one.mdx": "import Notice from './shared/notice.mdx';\n\n# One\n\n<Notice />\n",
            "docs/two.md": '# Two\n\n--8<-- "snippets/notice.md"\n',
            "docs/three.md": "# Three\n\n--8<--\nsnippets/notice.md\n--8<--\n",
        },
        tmp_path,
    )
    pages = corpusmod.prepare(site, {}, None, None, None).pages
    # one.mdx, two.md and three.md are a title and an include: generated pages, left out like the files they include.
    assert [p.path for p in pages] == []
    assert {p.path: p.page_type for p in site.pages if p.path in ("docs/one.mdx", "docs/two.md", "docs/three.md")
            } == {"docs/one.mdx": "generated", "docs/two.md": "generated", "docs/three.md": "generated"}


def test_changelogs_and_allow_duplicates_are_left_out(tmp_path: Path) -> None:
    site = _site(
        {
            "docs/CHANGELOG.md": f"# Changes\n\n{PARAGRAPH}\n",
            "docs/about/release-notes.md": "# R\n\nx\n",
            "docs/generated/api-one.md": f"# One\n\n{PARAGRAPH}\n",
            "docs/guide.md": f"# G\n\n{PARAGRAPH}\n",
        },
        tmp_path,
    )
    pages = corpusmod.prepare(site, {"allow-duplicates": ["docs/generated/*"]}, None, None, None).pages
    assert [p.path for p in pages] == ["docs/guide.md"]


def test_digests_are_cached_by_content_hash(tmp_path: Path) -> None:
    other = "A second paragraph about something else entirely: deploy previews, their addresses and who can see them. "
    site = _site({"docs/a.md": f"# A\n\n{PARAGRAPH}\n", "docs/b.md": f"# B\n\n{PARAGRAPH}\n\n{other * 3}\n"}, tmp_path)
    cache = open_cache({}, tmp_path, lambda m: None)
    first = _run("copied-passages", site, cache=cache)
    rows = cache.info()["rows"]
    assert [n for ns, n in rows.items() if ns.startswith(corpusmod.NAMESPACE)] == [2]
    made: list[str] = []
    real = dupdigest.digest
    try:
        dupdigest.digest = lambda page: (made.append(page.path), real(page))[1]  # type: ignore[assignment]
        assert _run("copied-passages", site, cache=cache) == first
    finally:
        dupdigest.digest = real  # type: ignore[assignment]
    assert made == [] and [(m.at.path, m.values["words"]) for m in first] == [("docs/b.md", 54)]


class FakeEmbedder:
    """Plumbing only: vectors from word counts, so equal word sets are similar; records what it was asked."""

    name = "emb-fake"

    def __init__(self, loads: bool = True) -> None:
        self.problem = "" if loads else "semantic rules skipped: no model here"
        self.calls: list[list[str]] = []

    def embed(self, texts: Sequence[str]) -> np.ndarray | None:
        self.calls.append(list(texts))
        if self.problem:
            return None
        vocab = sorted({w for t in texts for w in dupdigest.tokens(t)})
        index = {w: i for i, w in enumerate(vocab)}
        out = np.zeros((len(texts), max(1, len(vocab))), dtype=np.float32)
        for row, text in enumerate(texts):
            for w in dupdigest.tokens(text):
                out[row, index[w]] += 1
        return out / np.maximum(np.linalg.norm(out, axis=1, keepdims=True), 1e-9)


SHUFFLED = " ".join(reversed(PARAGRAPH.split()))  # the same words in another order: no shared 3-word shingle


def test_semantic_plumbing_with_a_fake_embedder(tmp_path: Path) -> None:
    site = _site(
        {
            "docs/a.md": f"# A\n\n{PARAGRAPH}\n",
            "docs/b.md": f"# B\n\n{SHUFFLED}\n",
            "docs/c.md": "# C\n\nCompletely unrelated words about gardening, soil, tomatoes and the weather in "
            "spring, with more than enough of them to form a passage of thirty words or more for the check.\n",
        },
        tmp_path,
    )
    fake = FakeEmbedder()
    cache = open_cache({}, tmp_path, lambda m: None)
    found = _run("paraphrased-passages", site, cache=cache, embedder=fake)
    pairs = sorted((m.at.path, m.related[0].path) for m in found)
    assert pairs == [("docs/b.md", "docs/a.md")]  # on the copy to change: a.md looks canonical (shortest path)
    assert found[0].values["similarity"] == pytest.approx(1.0) and len(fake.calls) == 1 and len(fake.calls[0]) == 3
    # A second run on the same corpus asks for nothing; a changed page is searched against all passages.
    assert _run("paraphrased-passages", site, cache=cache, embedder=fake) == found and len(fake.calls) == 1
    site = _site(
        {
            "docs/a.md": f"# A\n\n{PARAGRAPH}\n",
            "docs/b.md": f"# B\n\n{SHUFFLED}\n",
            "docs/c.md": f"# C\n\n{SHUFFLED} Plus a new sentence.\n",
        },
        tmp_path / "changed",
    )
    again = _run("paraphrased-passages", site, cache=cache, embedder=fake)
    assert len(fake.calls) == 2
    # Three copies, a.md the canonical one: one finding, on the first copy to change, naming the two others.
    assert [(m.at.path, [r.path for r in m.related]) for m in again] == [("docs/b.md", ["docs/a.md", "docs/c.md"])]


def test_a_summary_that_links_to_the_page_it_restates_is_not_a_paraphrase(tmp_path: Path) -> None:
    pages = {"docs/a.md": f"# A\n\n{PARAGRAPH}\n", "docs/b.md": f"# B\n\n{SHUFFLED} See [the tokens page](a.md).\n"}
    assert _run("paraphrased-passages", _site(pages, tmp_path / "linked"), embedder=FakeEmbedder()) == []
    pages["docs/b.md"] = f"# B\n\n{SHUFFLED} See the tokens page.\n"
    found = _run("paraphrased-passages", _site(pages, tmp_path / "unlinked"), embedder=FakeEmbedder())
    assert [(m.at.path, m.related[0].path) for m in found] == [("docs/b.md", "docs/a.md")]
    # A section that closes with the link, after its example, is a summary too; a link in another section is not.
    example = "\n\n```bash\nharbor run --skip pre\n```\n\n" + " ".join(f"step{i}" for i in range(150)) + "."
    closing = f"{example}\n\nThere is more on this on [the tokens page](a.md).\n"
    pages["docs/b.md"] = f"# B\n\n## Tokens\n\n{SHUFFLED}{closing}\n## Other\n\nSomething else.\n"
    assert _run("paraphrased-passages", _site(pages, tmp_path / "closing"), embedder=FakeEmbedder()) == []
    pages["docs/b.md"] = f"# B\n\n## Tokens\n\n{SHUFFLED}\n\n### Other{closing}"  # a subsection's own link
    found = _run("paraphrased-passages", _site(pages, tmp_path / "elsewhere"), embedder=FakeEmbedder())
    assert [(m.at.path, m.related[0].path) for m in found] == [("docs/b.md", "docs/a.md")]


CACHING = ("The plugin keeps what it downloads in a cache folder inside the project, so that a second build reuses "
           "the files instead of fetching them again. Delete the folder to start over; the plugin creates it again "
           "on the next build and fills it as it goes, which takes a while on a large site.")


def _plugin(name: str, heading: str) -> str:
    own = " ".join(f"{name}word{i}" for i in range(60))
    return (f"# The {name} plugin\n\n## Objective\n\n{own}.\n\n## Configuration\n\nSettings of {name}.\n\n"
            f"### {heading}\n\n{CACHING}\n\n## Limitations\n\nNone known for {name} yet.\n")


def test_one_template_s_text_under_the_same_heading_of_two_plugin_pages_is_not_a_copy(tmp_path: Path) -> None:
    # A page per plugin in one folder, written from one template: each documents its own cache the same way.
    same = _site({"docs/plugins/privacy.md": _plugin("privacy", "Caching"),
                  "docs/plugins/optimize.md": _plugin("optimize", "Caching")}, tmp_path / "same")
    assert _run("copied-passages", same) == []
    # The same passage under another heading is a copy someone made.
    other = _site({"docs/plugins/privacy.md": _plugin("privacy", "Caching"),
                   "docs/plugins/optimize.md": _plugin("optimize", "Downloads")}, tmp_path / "other")
    assert len(_run("copied-passages", other)) == 1
    # And so is the same section of two pages of different folders.
    apart = _site({"docs/plugins/privacy.md": _plugin("privacy", "Caching"),
                   "docs/guides/optimize.md": _plugin("optimize", "Caching")}, tmp_path / "apart")
    assert len(_run("copied-passages", apart)) == 1


def test_two_reference_pages_documenting_one_option_are_not_paraphrases_a_guide_restating_one_is(
        tmp_path: Path) -> None:
    # A command line reference and a configuration reference each document one option, by design.
    site = _site({"docs/cli.md": f"# CLI\n\n{PARAGRAPH}\n", "docs/config.md": f"# Config\n\n{SHUFFLED}\n"},
                 tmp_path / "refs")
    references = replace(site, pages=tuple(replace(p, page_type="reference") for p in site.pages))
    assert _run("paraphrased-passages", references, embedder=FakeEmbedder()) == []
    guide = replace(site, pages=(replace(site.pages[0], page_type="doc"), references.pages[1]))
    assert len(_run("paraphrased-passages", guide, embedder=FakeEmbedder())) == 1


def test_a_copy_with_its_sentences_reordered_is_left_to_the_paraphrase_rule() -> None:
    sentences = [
        "Harbor reads credentials from the HARBOR_TOKEN environment variable before it looks anywhere else.",
        "When the variable is empty it falls back to the credentials file that harbor login wrote.",
        "Tokens created in the dashboard are scoped to a single team and expire after ninety days.",
        "A token can be revoked at any time without affecting the other tokens of the same team.",
        "Revoked tokens stop working within a minute on every server that caches credentials.",
    ]
    original, reordered = " ".join(sentences), " ".join(reversed(sentences))
    # Every 3-word sequence survives, but no run of the copy lines up with the original for long: copied-passage,
    # which chains 8-word runs at one offset, cannot see it.
    assert paraphrases._overlap(original, original) == 1.0
    assert paraphrases._overlap(original, reordered) < 0.5
    assert paraphrases._overlap(original, original.replace("ninety", "sixty")) > 0.5


class TableEmbedder:
    """Vectors chosen by hand: each passage carries a marker word naming its row."""

    name = "emb-table"
    problem = ""

    def __init__(self, rows: Mapping[str, np.ndarray]) -> None:
        self.rows = rows

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        return np.stack([next(v for k, v in self.rows.items() if k in t.split()) for t in texts]).astype(np.float32)


def _paraphrase_pages(order: Sequence[int], tmp_path: Path) -> list[Measurement]:
    """Two pages of three sections; section j of the second matches section order[j] of the first at cosine 0.84
    (between the two thresholds) and nothing else. No two passages share a word, no two headings are the same."""
    basis = np.eye(6)
    rows = {f"markera{i}": basis[i] for i in range(3)}
    rows |= {f"markerb{j}": 0.84 * basis[order[j]] + np.sqrt(1 - 0.84**2) * basis[3 + j] for j in range(3)}

    def section(side: str, i: int) -> str:
        words = " ".join(f"word{side}{i}n{k}" for k in range(35))
        return f"## Heading {side} {i}\n\nmarker{side}{i} {words}.\n\n"

    pages = {f"docs/{side}.md": f"# {side}\n\n" + "".join(section(side, i) for i in range(3)) for side in "ab"}
    return _run("paraphrased-passages", _site(pages, tmp_path), embedder=TableEmbedder(rows))


def test_paraphrase_corroboration_needs_passages_that_line_up(tmp_path: Path) -> None:
    # A page rewritten section by section: its passages match one to one, in the same order.
    rewritten = _paraphrase_pages([0, 1, 2], tmp_path / "rewritten")
    assert sorted((m.at.path, m.at.line) for m in rewritten) == [("docs/b.md", 5), ("docs/b.md", 9), ("docs/b.md", 13)]
    assert {round(float(m.values["similarity"]), 2) for m in rewritten} == {0.84}
    # The same three matches crossing each other: passages on one topic, not a rewrite; none is close enough alone.
    assert _paraphrase_pages([2, 1, 0], tmp_path / "crossing") == []
    # Two of three in order is below the corroboration of three.
    assert _paraphrase_pages([1, 0, 2], tmp_path / "partly") == []


def test_semantic_off_and_model_missing_are_said_not_crashed(tmp_path: Path) -> None:
    write_site(tmp_path, {"docs/a.md": f"# A\n\n{PARAGRAPH}\n", "docs/b.md": f"# B\n\n{SHUFFLED}\n"})
    result = engine.lint(cwd=tmp_path, config=configmod.validate({"semantic": False}, None), select=["DUP004"])
    assert result.findings == () and any("semantic rules are off" in n for n in result.notes)
    assert result.summary["semantic"]["ran"] is False
    site = _site({"docs/a.md": f"# A\n\n{PARAGRAPH}\n", "docs/b.md": f"# B\n\n{SHUFFLED}\n"}, tmp_path / "x")
    broken = FakeEmbedder(loads=False)
    assert _run("paraphrased-passages", site, embedder=broken) == []
    assert _run("paraphrased-passages", site, embedder=None) == []  # no embedder prepared: nothing measured


def test_the_search_is_exact() -> None:
    rng = np.random.default_rng(7)
    base = rng.normal(size=(1200, 32)).astype(np.float32)
    twins = base[:150] + rng.normal(scale=0.15, size=(150, 32)).astype(np.float32)
    vectors = np.vstack([base, twins])
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    queries = np.arange(0, len(vectors), 3)
    found = paraphrases.search(vectors, queries, 0.9, 5)
    sims = vectors[queries] @ vectors.T
    want = set()
    for row, q in enumerate(queries.tolist()):
        hits = [(float(sims[row, j]), j) for j in range(len(vectors)) if j != q and sims[row, j] >= 0.9]
        want |= {(q, j) for _, j in sorted(hits, reverse=True)[:5]}
    assert len(want) > 40 and {(q, j) for q, j, _ in found} == want


def test_real_model_finds_a_paraphrased_pair_and_not_a_template_pair(tmp_path: Path) -> None:
    docs = FIXTURES / "docusaurus" / "docs"
    names = [
        "guides/preview-deploys.md",
        "previews.md",
        "reference/cli/harbor-deploy.md",
        "reference/cli/harbor-rollback.md",
        "reference/cli/harbor-status.md",
        "reference/cli/harbor-logs.md",
    ]
    site = _site({f"docs/{n}": (docs / n).read_text(encoding="utf-8") for n in names}, tmp_path)
    from sitelint.embedding import embedder_for

    cache = open_cache({}, tmp_path, lambda m: None)
    embedder = embedder_for({}, cache, lambda m: None)
    found = _run("paraphrased-passages", site, cache=cache, embedder=embedder, semantic=True)
    pairs = {(m.at.path, m.related[0].path) for m in found}
    assert pairs == {("docs/guides/preview-deploys.md", "docs/previews.md")}
    # Three corroborating passages, none close enough alone.
    assert all(0.8 <= float(m.values["similarity"]) < 0.88 for m in found)
    assert embedder.embedded > 0


WARM = textwrap.dedent("""
    import json, sys
    from pathlib import Path
    from sitelint import api as engine, config
    result = engine.lint(cwd=Path(sys.argv[1]), config=config.validate({}, None), select=["DUP"])
    print(json.dumps({"findings": len(result.findings), "torch": "torch" in sys.modules,
                      "st": "sentence_transformers" in sys.modules, "notes": list(result.notes)}))
""")


def test_second_run_on_an_unchanged_site_does_not_import_torch(tmp_path: Path, onnx_export: Path) -> None:
    root = shutil.copytree(FIXTURES / "docusaurus", tmp_path / "site")

    def run() -> dict[str, Any]:
        out = subprocess.run(
            [sys.executable, "-c", WARM, str(root)], cwd=ROOT, capture_output=True, text=True, timeout=900, check=True
        )
        result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
        return result

    cold, warm = run(), run()
    # This small site's passages are few enough for the model's ONNX export: even the cold run needs no torch.
    assert not cold["torch"] and cold["findings"] == warm["findings"] > 0
    assert not warm["torch"] and not warm["st"]
    page = root / "docs" / "faq.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n## Is there a free plan?\n\nYes, for one site.\n")
    assert not run()["torch"]  # a changed page whose passages are all known needs no model


def test_an_older_version_folder_kept_by_hand_is_not_a_duplicate_of_the_newer(tmp_path: Path) -> None:
    body = f"# Routing\n\n{PARAGRAPH}\n"
    pages = {"docs/start/v1/routing.md": body, "docs/start/v2/routing.md": body,
             "docs/start/v1/only-in-v1.md": f"# Old\n\n{PARAGRAPH}\n", "docs/guide.md": "# Guide\n\nOther words.\n"}
    found = _run("duplicate-pages", _site(pages, tmp_path / "versions"))
    # v1/routing.md has a newer copy at the same place in v2/: versions, not duplicates; v1/only-in-v1.md has none
    # and is a copy of v2/routing.md like any other.
    assert [{m.at.path, *(r.path for r in m.related)} for m in found] == [
        {"docs/start/v1/only-in-v1.md", "docs/start/v2/routing.md"}]
    # Folders numbered to order them (Nuxt's `2.deploy`) or by year are not versions.
    ordered = {"docs/1.guide/a.md": body, "docs/2.guide/a.md": body}
    assert len(_run("duplicate-pages", _site(ordered, tmp_path / "ordered"))) == 1
    # A specification's revisions by date, and the draft of the next one: the newest holds the pages compared.
    dated = {"docs/spec/2025-03-26/index.md": body, "docs/spec/2025-06-18/index.md": body,
             "docs/spec/draft/index.md": body, "docs/guide.md": "# Guide\n\nOther words.\n"}
    assert _run("duplicate-pages", _site(dated, tmp_path / "dated")) == []
    # Versions named by their major line (`4x/`, `5x/`): the older one's pages are versions of the newer's.
    lines = {"docs/en/4x/guide/routing.md": body, "docs/en/5x/guide/routing.md": body,
             "docs/guide.md": "# Guide\n\nOther words.\n"}
    assert _run("duplicate-pages", _site(lines, tmp_path / "lines")) == []
    alone = {"docs/notes/draft/a.md": body, "docs/notes/a.md": body}  # a draft folder beside no version
    assert len(_run("duplicate-pages", _site(alone, tmp_path / "alone"))) == 1
    # A version folder inside the current docs (`guide/v11/advanced/` beside `guide/advanced/`) that has three pages
    # or more at the same place there: the previous version's pages; one page alone in it is not.
    names = ("routing", "hooks", "testing")
    own = {n: f"# {n}\n\n" + " ".join(f"{n}{w}" for w in PARAGRAPH.split()) + "\n" for n in names}
    nested = {f"docs/guide/advanced/{n}.md": own[n] for n in names}
    nested |= {f"docs/guide/v11/advanced/{n}.md": own[n] for n in names}
    assert _run("duplicate-pages", _site(nested, tmp_path / "nested")) == []
    one = {"docs/guide/advanced/routing.md": body, "docs/guide/v2/advanced/routing.md": body}
    assert len(_run("duplicate-pages", _site(one, tmp_path / "one"))) == 1


@pytest.mark.slow
def test_react_native_versioned_docs_are_not_duplicates() -> None:
    corpus = shared("corpora", "react-native-website")
    pages = []
    for sub in ("docs", "website/versioned_docs"):
        for path in sorted((corpus / sub).rglob("*.md*")):
            rel = path.relative_to(corpus).as_posix()
            pages.append(page_from_text(rel, path, path.read_text(encoding="utf-8"), variant=variant_of(rel)))
    assert sum(p.variant.startswith("versioned:") for p in pages) == 2102
    site = Site(root=corpus / "docs", repo_root=corpus, framework="docusaurus", pages=tuple(pages))
    counts = {}
    for name in ("duplicate-pages", "near-duplicate-pages", "copied-passages", "repeated-passages"):
        found = _run(name, site)
        touched = {m.at.path for m in found} | {r.path for m in found for r in m.related}
        assert not [p for p in touched if "versioned_docs" in p], name
        assert not [p for p in touched if p.rsplit("/", 1)[-1].startswith("_")], name  # the OS partials
        counts[name] = len(found)
    assert counts["duplicate-pages"] == counts["near-duplicate-pages"] == 0
    # Component pages copy prop docs; those under the same prop heading of two component pages are their template's.
    # (A page that repeats three passages or more is one finding of them.)
    assert counts["copied-passages"] > 20 and counts["repeated-passages"] > 3


@pytest.mark.slow
@pytest.mark.parametrize("name", ["redux", "mkdocs"])
def test_other_corpora_run_cleanly(name: str) -> None:
    corpus = shared("corpora", name)
    pages = tuple(
        page_from_text(p.relative_to(corpus).as_posix(), p, p.read_text(encoding="utf-8"))
        for p in sorted((corpus / "docs").rglob("*.md*"))
    )
    site = Site(root=corpus / "docs", repo_root=corpus, framework="", pages=pages)
    for check in ("duplicate-pages", "near-duplicate-pages", "copied-passages", "repeated-passages"):
        for m in _run(check, site):
            assert m.related and "release-notes" not in m.at.path


@pytest.mark.slow
def test_paraphrases_on_a_site_about_one_library_do_not_flood(tmp_path: Path) -> None:
    # redux: every page teaches the same library, so passages on one topic are everywhere. Only close pairs and pages
    # whose passages line up section by section are reported, and the rule keeps discriminating between pages.
    table = {"semantic": True}
    result = engine.lint(cwd=shared("corpora", "redux"), config=configmod.validate(table, None), today=TODAY,
                         select=["DUP004"], cache=tmp_path / "cache.sqlite")
    health = {h["rule"]: h for h in result.summary["rules"]}["DUP004"]
    assert health["state"] == "informative" and health["share"] < 0.5, health
    assert 20 < len(result.findings) < 120  # one finding per paraphrased passage, however many pages say it
    pairs = {(f.path, r.path) for f in result.findings for r in f.related}
    # The Redux Toolkit overview says again what "Why Redux Toolkit is how to use Redux today" says.
    assert ("docs/introduction/why-rtk-is-redux-today.md", "docs/redux-toolkit/overview.md") in pairs


def test_a_site_with_nothing_shared_has_no_copies(tmp_path: Path) -> None:
    from conftest import write_site
    from sitelint import api as engine, config as configmod

    write_site(tmp_path, {"docs/a.md": "# A\n\nThree words here.\n"})
    result = engine.lint(cwd=tmp_path, config=configmod.validate({"semantic": False}, None), select=["DUP"])
    assert result.findings == () and not [n for n in result.notes if "internal error" in n]


def test_mdx_imports_are_found_at_line_starts_only() -> None:
    source = ("import Tabs from '@theme/Tabs';\nimport Intro from './_intro.mdx';\n\n"
              "Text about import X from './x.md'\nximport Y from './y.md'\nimport Setup from \"../setup.md\"\n")
    assert list(corpusmod._imports(source)) == ["./_intro.mdx", "../setup.md"] == corpusmod._IMPORT.findall(source)
    assert list(corpusmod._imports("no imports here")) == []


def test_similar_pages_are_every_pair_over_the_threshold() -> None:
    pages = [page_from_text(p.relative_to(FIXTURES).as_posix(), p, p.read_text(encoding="utf-8"))
             for p in sorted((FIXTURES / "docusaurus" / "docs").rglob("*.md*"))]
    digests = [dupdigest.digest(p) for p in pages]
    everyone = list(range(len(digests)))
    for threshold in (0.3, 0.6, 0.9):
        want = {(i, j) for i in everyone for j in everyone[i + 1 :]
                if spans.jaccard(digests[i].shingles, digests[j].shingles) >= threshold}
        got = spans.similar_pages(digests, everyone, threshold, max_copies=len(digests))
        assert {(a, b) for a, b, _ in got} == want
        focus = {everyone[-1], 3}
        got = spans.similar_pages(digests, everyone, threshold, len(digests), focus)
        assert {(a, b) for a, b, _ in got} == {p for p in want if focus & set(p)}


def test_a_page_that_names_another_as_its_canonical_address_is_a_copy_kept_on_purpose(tmp_path: Path) -> None:
    body = f"# Upgrade\n\n{PARAGRAPH}\n\n{PARAGRAPH.replace('Harbor', 'The server')}\n"
    canonical = '<head>\n  <link rel="canonical" href="https://example.org/docs/oel/guides/upgrade" />\n</head>\n\n'
    copies = {"docs/oel/guides/upgrade.md": body, "docs/oss/guides/upgrade.md": canonical + body}
    assert _run("duplicate-pages", _site(copies, tmp_path / "named")) == []
    # A page that names itself canonical is no copy: the two pages are duplicates.
    itself = canonical.replace("/oel/", "/oss/")
    copies["docs/oss/guides/upgrade.md"] = itself + body
    assert [m.at.path for m in _run("duplicate-pages", _site(copies, tmp_path / "itself"))] == [
        "docs/oss/guides/upgrade.md"]
