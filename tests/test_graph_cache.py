"""The site graph through the cache: read back equal to the one computed, and read again from what changed (a page's
links, its front matter, the navigation's files and the folders listed) on the fixture sites of each navigation form,
with a real sqlite cache file."""

from __future__ import annotations

import builtins
import contextlib
import datetime as dt
import io
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path, PurePosixPath
from typing import Any

import pytest

from conftest import ROOT, write_site
from sitelint import api as engine, config as configmod
from sitelint.cache import open_cache
from sitelint.model import Site
from sitelint.pipeline import prepare
from sitelint.sites import navigation as navmod
from sitelint.sites.navigation import graph as graphmod, stored
from sitelint.sites.navigation.graph import SiteGraph

SITES = ROOT / "fixtures" / "sites" / "navigation"
FORMS = sorted(p.name for p in SITES.iterdir() if p.is_dir())
TODAY = dt.date(2026, 11, 30)


def _lint(root: Path, **settings: object) -> engine.LintResult:
    """A run of orphan-page (which needs the graph) with the site's own cache file, .sitelint/cache.sqlite."""
    return engine.lint(cwd=root, config=configmod.validate(dict(settings), None), today=TODAY, select=["STL008"])


def _computed(site: Site) -> SiteGraph:
    """The graph made from nothing: the navigation read and every link resolved."""
    return graphmod.build(site, navmod.read_navigation(site))


def _relinted(root: Path, **settings: object) -> SiteGraph:
    """The graph of a run after an edit, checked to be the one computed from nothing."""
    after = _lint(root, **settings)
    assert after.graph is not None and after.graph == _computed(after.site)
    return after.graph


class Spy:
    """Counts the navigation reads and records the pages whose links are resolved, while it is installed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.reads = 0
        self.resolved: set[str] = set()
        read, resolve_one = stored.read_navigation, graphmod._resolve

        def reading(site: Site) -> navmod.Navigation:
            self.reads += 1
            return read(site)

        def resolving(target: str, page: Any, *rest: Any) -> str | None:
            self.resolved.add(page.path)
            return resolve_one(target, page, *rest)

        monkeypatch.setattr(stored, "read_navigation", reading)
        monkeypatch.setattr(graphmod, "_resolve", resolving)


def _copy(name: str, tmp_path: Path) -> Path:
    return shutil.copytree(SITES / name, tmp_path / name)


@pytest.mark.parametrize("name", FORMS)
def test_the_graph_read_back_is_the_graph_computed(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _copy(name, tmp_path)
    first = _lint(root)
    assert first.graph == _computed(first.site)
    spy = Spy(monkeypatch)
    again = _lint(root)
    assert (spy.reads, spy.resolved) == (0, set())  # nothing read or resolved: all of it came from the cache file
    assert again.graph == first.graph
    assert again.findings == first.findings and again.notes == first.notes


def test_a_stored_graph_round_trips_through_the_cache_file(tmp_path: Path) -> None:
    root = _copy("docusaurus", tmp_path)
    site = _lint(root).site
    computed = _computed(site)
    file = tmp_path / "graph.sqlite"
    cache = open_cache({}, tmp_path, print, explicit=file)
    try:
        assert prepare.graph_of(site, cache, lambda _: None) == computed
    finally:
        cache.close()
    cache = open_cache({}, tmp_path, print, explicit=file)  # the file opened again, as by the next run
    try:
        value = cache.namespace(prepare.GRAPH_NAMESPACE, stored.VERSION).get_json(stored.slot(site))
    finally:
        cache.close()
    graph, fresh = stored.graph(site, value)
    assert graph == computed and fresh is None
    assert graph.navigation.inputs == computed.navigation.inputs != {}


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8") if old else ""
    assert old in text, f"{path} does not hold {old!r}"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text.replace(old, new, 1) if old else new, encoding="utf-8")


# (site, file, text replaced ("" creates the file), replacement): each changes what the navigation lists, or the
# site's chrome or routes, through one kind of input.
NAVIGATION_EDITS = {
    "sidebar file": ("docusaurus", "sidebars.ts", "'intro',", "'intro', 'old-setup',"),
    "category file": ("docusaurus", "docs/guides/_category_.json", '"id": "guides-overview"', '"id": "tips"'),
    "a new category file in a listed folder": ("docusaurus", "docs/guides/_category_.yml", "",
                                               "link:\n  type: doc\n  id: preview\n"),
    "docusaurus config": ("docusaurus", "docusaurus.config.ts", "{to: '/docs/support', label: 'Support'}",
                          "{to: '/docs/support', label: 'Support'}, {to: '/docs/old-setup', label: 'Old'}"),
    "a new versions.json": ("docusaurus", "versions.json", "", '["1.0"]\n'),
    "React page": ("docusaurus", "src/pages/index.js", 'to="/docs/showcase"', 'to="/docs/old-setup"'),
    "a new React page": ("docusaurus", "src/pages/more.jsx", "", 'const a = <Link to="/docs/legacy-notes">x</Link>;\n'),
    "front matter": ("docusaurus", "docs/tips-archive.md", "# ", "---\nunlisted: true\n---\n# "),
    "mkdocs.yml": ("mkdocs", "mkdocs.yml", "      - Configure: user-guide/configure.md",
                   "      - Configure: user-guide/configure.md\n      - Old: user-guide/old-install.md"),
    "literate-nav file": ("mkdocs-literate", "docs/guide/README.md", "- [Deploy](deploy.md)",
                          "- [Deploy](deploy.md)\n- [Roll back](rollback.md)"),
    "vitepress config": ("vitepress", "docs/.vitepress/config.mts", "{ text: 'Deploy', link: 'deploy.html' }",
                         "{ text: 'Deploy', link: 'deploy.html' }, { text: 'Legacy', link: 'legacy' }"),
    "astro config": ("starlight", "astro.config.mjs", "'start',", "'start', 'guides/old-deploy',"),
    "rST toctree": ("sphinx", "docs/index.rst", "   intro\n", "   intro\n   old\n"),
    "a new rST document": ("sphinx", "docs/more.rst", "", "More\n====\n\n.. toctree::\n\n   old\n"),
}


@pytest.mark.parametrize("what", sorted(NAVIGATION_EDITS))
def test_an_edit_of_what_the_navigation_is_read_from_is_seen(what: str, tmp_path: Path) -> None:
    name, rel, old, new = NAVIGATION_EDITS[what]
    root = _copy(name, tmp_path)
    before = _lint(root).graph
    _edit(root / rel, old, new)
    assert _relinted(root) != before


def test_an_inherited_mkdocs_config_is_an_input(tmp_path: Path) -> None:
    write_site(tmp_path, {"docs/index.md": "# Home\n\nText.\n", "docs/a.md": "# A\n\nText.\n"},
               {"mkdocs.yml": "site_name: Harbor\nINHERIT: base.yml\n", "base.yml": "nav:\n  - index.md\n"})
    assert _lint(tmp_path).graph.in_nav == {"docs/index.md"}  # type: ignore[union-attr]
    _edit(tmp_path / "base.yml", "  - index.md\n", "  - index.md\n  - a.md\n")
    assert _relinted(tmp_path).in_nav == {"docs/index.md", "docs/a.md"}


def test_a_required_json_sidebar_is_an_input(tmp_path: Path) -> None:
    write_site(tmp_path, {"docs/intro.md": "# Intro\n\nHello.\n", "docs/old.md": "# Old\n\nGone.\n"}, {
        "docusaurus.config.js": "module.exports = {presets: [['classic', {docs: {sidebarPath: './sidebars.js'}}]]};\n",
        "sidebars.js": "module.exports = {docs: require('./items.json')};\n",
        "items.json": '["intro"]\n',
    })
    assert _lint(tmp_path).graph.in_nav == {"docs/intro.md"}  # type: ignore[union-attr]
    _edit(tmp_path / "items.json", '["intro"]', '["intro", "old"]')
    assert _relinted(tmp_path).in_nav == {"docs/intro.md", "docs/old.md"}


def test_front_matter_of_another_type_is_another_front_matter(tmp_path: Path) -> None:
    # A doc id that YAML reads as a date is not an id; the same text quoted is.
    write_site(tmp_path, {"docs/intro.md": "# Intro\n\nHello.\n", "docs/x.md": "---\nid: 2024-01-01\n---\n# X\n"}, {
        "docusaurus.config.js": "module.exports = {presets: [['classic', {docs: {sidebarPath: './sidebars.js'}}]]};\n",
        "sidebars.js": "module.exports = {docs: ['intro', '2024-01-01']};\n",
    })
    assert _lint(tmp_path).graph.in_nav == {"docs/intro.md"}  # type: ignore[union-attr]
    _edit(tmp_path / "docs/x.md", "id: 2024-01-01", 'id: "2024-01-01"')
    assert _relinted(tmp_path).in_nav == {"docs/intro.md", "docs/x.md"}


def test_a_config_fixed_after_it_failed_is_read_again(tmp_path: Path) -> None:
    write_site(tmp_path, {"docs/index.md": "# Home\n\nText.\n"}, {"mkdocs.yml": "nav: [\n"})
    assert not _lint(tmp_path, **{"docs-root": "docs"}).graph.navigation.read  # type: ignore[union-attr]
    _edit(tmp_path / "mkdocs.yml", "nav: [\n", "nav:\n  - index.md\n")
    assert _relinted(tmp_path, **{"docs-root": "docs"}).navigation.read


def test_an_edited_link_is_resolved_again_on_that_page_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _copy("mkdocs", tmp_path)
    before = _lint(root).graph
    assert before is not None and "docs/user-guide/old-install.md" not in before.inbound
    _edit(root / "docs/index.md", "(user-guide/install.md)", "(user-guide/install.md), or\n"
          "[the old way](user-guide/old-install.md)")
    spy = Spy(monkeypatch)
    after = _lint(root)
    assert spy.reads == 0  # a page's body is not what the navigation is read from
    assert spy.resolved == {"docs/index.md"}
    assert after.graph is not None and after.graph.inbound["docs/user-guide/old-install.md"] == ("docs/index.md",)
    monkeypatch.undo()
    assert after.graph == _computed(after.site)


def test_an_edit_that_leaves_the_links_reads_nothing_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _copy("docusaurus", tmp_path)
    before = _lint(root).graph
    _edit(root / "docs/tips.md", "", (root / "docs/tips.md").read_text(encoding="utf-8") + "\nOne more sentence.\n")
    spy = Spy(monkeypatch)
    after = _lint(root)
    assert (spy.reads, spy.resolved) == (0, set())
    assert after.graph == before


def test_pages_added_and_removed_are_seen(tmp_path: Path) -> None:
    root = _copy("mkdocs", tmp_path)
    _lint(root)
    _edit(root / "docs/user-guide/new.md", "", "# New\n\nSee [the upgrade](upgrade.md).\n")
    (root / "docs/user-guide/configure.md").unlink()
    assert "docs/user-guide/new.md" in _relinted(root).inbound["docs/user-guide/upgrade.md"]


def test_a_damaged_stored_value_counts_as_none(tmp_path: Path) -> None:
    root = _copy("vitepress", tmp_path)
    site = _lint(root).site
    for value in (None, [], {"navigation": 5, "links": "x"}, {"fronts": "?", "context": "?", "links": {"a": [1]}}):
        graph, fresh = stored.graph(site, value)
        assert graph == _computed(site) and fresh is not None


@pytest.mark.parametrize("name", FORMS)
def test_every_file_the_readers_open_is_an_input(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a reader opens, lists or looks for without noting it would leave a stored navigation valid after that
    file changed."""
    root = _copy(name, tmp_path)
    site = _lint(root).site
    with _watching(monkeypatch) as (opened, listed, looked):
        navigation = navmod.read_navigation(site)
    files = {Path(path) for kind, path, _ in navigation.inputs if kind == "file"}
    listings = [(kind, Path(path), pattern) for kind, path, pattern in navigation.inputs if kind != "file"]

    def noted(path: Path) -> bool:
        """A file noted, or a path a noted listing shows (a folder it looks through on the way)."""
        return path in files or any(path == folder or _shows(kind, folder, pattern, path)
                                    for kind, folder, pattern in listings)

    assert navigation.read and files
    # A file read is noted with its text; one looked for and not there, by the listing of its folder.
    assert [p for p in opened if p not in files and (p.exists() or not noted(p))] == []
    assert [p for p in listed | looked if not noted(p)] == []


def _shows(kind: str, folder: Path, pattern: str, path: Path) -> bool:
    if folder not in path.parents:
        return False
    rel = PurePosixPath(path.relative_to(folder).as_posix())
    if path.is_dir():  # a folder the listing walks through
        return kind != "glob" or len(rel.parts) < len(pattern.split("/"))
    if kind == "glob":
        return len(rel.parts) == len(pattern.split("/")) and rel.match(pattern)
    return rel.match(pattern) if kind == "rglob" else path.name.endswith(tuple(pattern.split()))


@contextlib.contextmanager
def _watching(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[set[Path], set[Path], set[Path]]]:
    """The files opened, the folders listed and the paths looked at while it is entered (io.open, os.scandir and
    os.stat, as pathlib calls them)."""
    opened: set[Path] = set()
    listed: set[Path] = set()
    looked: set[Path] = set()

    def watch(real: Callable[..., Any], into: set[Path]) -> Callable[..., Any]:
        def watched(path: Any = ".", *args: Any, **kwargs: Any) -> Any:
            if isinstance(path, (str, os.PathLike)):
                into.add(Path(os.fspath(path)))
            return real(path, *args, **kwargs)

        return watched

    with monkeypatch.context() as patch:
        patch.setattr(io, "open", watch(io.open, opened))
        patch.setattr(builtins, "open", watch(builtins.open, opened))
        patch.setattr(os, "scandir", watch(os.scandir, listed))
        patch.setattr(os, "stat", watch(os.stat, looked))
        yield opened, listed, looked


def test_a_run_whose_graph_comes_from_the_cache_imports_no_reader(tmp_path: Path) -> None:
    """A pre-commit run's imports: no navigation reader when the graph is stored, and none of the modules only other
    commands or other sites need (an old revision's archive, TOML with no TOML file, a failing check's traceback)."""
    root = _copy("mkdocs", tmp_path)
    unused = ["sitelint.sites.navigation.mkdocs", "sitelint.sites.navigation.jsdata", "tarfile", "tomllib",
              "traceback"]
    probe = (f"import sys; from pathlib import Path; from sitelint import api, cli; "
             f"r = api.lint(cwd=Path({str(root)!r}), select=['STL008']); "
             f"print(r.graph.navigation.read, [m for m in {unused!r} if m in sys.modules])")
    runs = [subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.strip()
            for _ in range(2)]
    assert runs[0].startswith("True ['sitelint.sites.navigation.mkdocs'")  # the first run reads the navigation
    assert runs[1] == "True []"
