"""Pages and measurements through the cache: read back as data, equal to what parsing and measuring give."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
import textwrap
from pathlib import Path

from checks_support import SPECS, run_context, site_of

from sitelint.cache import open_cache
from sitelint.checks import CheckContext
from sitelint.pipeline import evaluate, pages
from sitelint.pipeline.parse import parse_page

PAGE = textwrap.dedent("""\
    ---
    title: Install
    reviewed: 2024-02-03
    tags: [setup, {nested: 2024-02-03T10:00:00}]
    ---
    # Install

    Run the installer, then open `app.yml` and set the [port](./config.md). It takes a minute.

    ```sh
    npm install app
    ```

    import Tip from './_tip.mdx';
    """)


def _sources(root: Path, count: int) -> list[tuple[str, Path, str, str]]:
    return [(f"docs/p{n}.md", root / f"docs/p{n}.md", "", PAGE.replace("Install", f"Install {n}"))
            for n in range(count)]


def test_cached_pages_equal_parsed_pages(tmp_path: Path) -> None:
    cache = open_cache({}, tmp_path, lambda m: None)
    sources = _sources(tmp_path, 3)
    parsed = pages.load(sources, cache)
    cached = pages.load(sources, cache)
    fresh = [pages.page_from_text(rel, path, text, variant, "") for rel, path, variant, text in sources]
    assert cached == parsed == fresh
    assert cached[0].front_matter["reviewed"] == dt.date(2024, 2, 3)  # dates come back as dates
    assert cached[0].front_matter["tags"][1]["nested"] == dt.datetime(2024, 2, 3, 10, 0)


def test_a_damaged_page_row_is_parsed_again(tmp_path: Path) -> None:
    cache = open_cache({}, tmp_path, lambda m: None)
    (source,) = _sources(tmp_path, 1)
    ns = cache.namespace(pages.NAMESPACE, f"{pages.VERSION}-{pages.parse.PARSER_VERSION}")
    key = pages.key(source[0], source[2], source[3])
    expected = pages.page_from_text(source[0], source[1], source[3], "", "")
    for damaged in (b"not json", b'{"title": 3}', b"[1, 2]"):
        ns.put_many({key: damaged})
        assert pages.load([source], cache) == [expected]


def test_pure_check_measurements_are_reused_until_the_page_or_params_change(tmp_path: Path) -> None:
    cache = open_cache({}, tmp_path, lambda m: None)
    spec = SPECS["placeholder-text"]
    assert spec.pure
    page = parse_page("docs/a.md", tmp_path / "docs/a.md", "# A\n\nTODO: write this page.\n")
    run = run_context(site_of(page), cache=cache)
    params = {"markers": ["TODO"], "phrases": ["write this page"], "sentence-markers": [], "notice-phrases": [],
              "notice-words": 8, "notice-page-words": 150}
    calls: list[str] = []

    def counted(p, ctx):  # type: ignore[no-untyped-def]
        calls.append(p.path)
        yield from spec.fn(p, ctx)

    import dataclasses

    counting = dataclasses.replace(spec, fn=counted)
    first = evaluate.measure(counting, CheckContext(params, run), [page], lambda m: None, False)
    again = evaluate.measure(counting, CheckContext(params, run), [page], lambda m: None, False)
    assert first == again and calls == ["docs/a.md"]
    evaluate.measure(counting, CheckContext({**params, "markers": ["FIXME"]}, run), [page], lambda m: None, False)
    edited = parse_page("docs/a.md", tmp_path / "docs/a.md", "# A\n\nTODO: write this page soon.\n")
    evaluate.measure(counting, CheckContext(params, run), [edited], lambda m: None, False)
    assert calls == ["docs/a.md"] * 3


def test_pure_check_measurements_are_not_reused_by_another_parser(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The same source read by a parser that makes other blocks of it (text in a rendered example) is measured
    again, not answered with what the blocks of the old parser gave."""
    import dataclasses

    cache = open_cache({}, tmp_path, lambda m: None)
    spec = SPECS["placeholder-text"]
    page = parse_page("docs/a.md", tmp_path / "docs/a.md", "# A\n\nTODO: write this page.\n")
    run = run_context(site_of(page), cache=cache)
    params = {"markers": ["TODO"], "phrases": [], "sentence-markers": [], "notice-phrases": [], "notice-words": 6}
    calls: list[str] = []

    def counted(p, ctx):  # type: ignore[no-untyped-def]
        calls.append(p.path)
        yield from spec.fn(p, ctx)

    counting = dataclasses.replace(spec, fn=counted)
    evaluate.measure(counting, CheckContext(params, run), [page], lambda m: None, False)
    monkeypatch.setattr(evaluate, "PARSER_VERSION", evaluate.PARSER_VERSION + 1)
    evaluate.measure(counting, CheckContext(params, run), [page], lambda m: None, False)
    assert calls == ["docs/a.md"] * 2


def test_unchanged_pages_are_not_measured_again_through_the_engine(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    long_text = " ".join(["The service restarts the worker when the queue is empty and the timer fires."] * 12)
    for name in ("a", "b"):
        (docs / f"{name}.md").write_text(f"# {name}\n\n{long_text}\n", encoding="utf-8")
    from sitelint import api

    first = api.lint(cwd=tmp_path, select=["SUB006", "SUB002"])
    second = api.lint(cwd=tmp_path, select=["SUB006", "SUB002"])
    assert first.findings == second.findings and first.summary == second.summary
    # textstat's pronouncing dictionary is what makes readability slow: a run on unchanged pages never loads it.
    probe = (f"import sys; from pathlib import Path; from sitelint import api; "
             f"api.lint(cwd=Path({str(tmp_path)!r}), select=['SUB006']); print('textstat' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_a_run_whose_pages_all_come_from_the_cache_never_imports_markdown_it(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.md").write_text(PAGE, encoding="utf-8")
    probe = (f"import sys; from pathlib import Path; from sitelint import api; "
             f"r = api.lint(cwd=Path({str(tmp_path)!r}), select=['SUB']); "
             f"print(len(r.site.pages), 'markdown_it' in sys.modules)")
    runs = [subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split()
            for _ in range(2)]
    assert runs == [["1", "True"], ["1", "False"]]  # parsed once, then read from the cache
