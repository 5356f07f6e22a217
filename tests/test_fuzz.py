"""Fuzzing: sites made up by hypothesis (page text, front matter, encodings, file names, symlinks) and the corpus of
fixtures/fuzz/, through `api.lint` and the command line. Nothing may escape as an exception, every report renders in
every format, and the command line exits 0, 1 or 2 with no traceback.

The budget is fixed (a set number of examples, derandomised, no example database), so a CI run is the same every
time and takes the same time.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import ROOT
from sitelint import api as engine, config as configmod
from sitelint.report import render

CORPUS = ROOT / "fixtures" / "fuzz"
BUDGET = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                  suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
CLI_BUDGET = settings(BUDGET, max_examples=8)
CONFIG = configmod.validate({"semantic": False}, None)
FORMATS = ("text", "json", "sarif", "github")

# Markdown's own characters weighted up, so that made-up text meets the parser's corners often.
MARKUP = st.sampled_from(["#", "##", "###### ", "\n", "\n\n", "\r", "\r\n", "|", "---", "```", "~~~", ":::", "- ",
                          "1. ", "> ", "<!--", "-->", "<!-- sitelint-disable-next-line SUB002 -->",
                          "<!-- sitelint-disable", "{", "}", "{/*", "*/}", "<Tabs>", "</Tabs>", "[a](b.md)",
                          "![i](x.png)", "`", "*", "_", "\\", "&amp;", "TODO", "As of 2019", "version 1.2",
                          "\t", "\x1b[31m", "\u202e", "\u0301", "日本語", "。"])
TEXT = st.lists(st.one_of(MARKUP, st.text(max_size=20)), max_size=40).map("".join)
YAML_SCALAR = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=15),
                        st.sampled_from(["2024-02-30", "2024-01-01", "*a", "&a x", "!!binary x", "[", "{a: ", "'"]))
FRONT = st.one_of(
    st.none(),
    st.dictionaries(st.sampled_from(["title", "tags", "keywords", "sitelint", "slug", "id", "date", "last_reviewed",
                                     "draft", "x"]),
                    st.one_of(YAML_SCALAR, st.lists(YAML_SCALAR, max_size=4),
                              st.fixed_dictionaries({"disable": st.one_of(st.text(max_size=10),
                                                                          st.lists(st.text(max_size=6)))})),
                    max_size=5),
    st.text(max_size=60),
)
ENCODING = st.sampled_from(["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "latin-1", "raw"])
NAME = st.one_of(st.from_regex(r"[a-z][a-z0-9_ .-]{0,12}", fullmatch=True),
                 st.text(st.characters(blacklist_characters="/\x00", blacklist_categories=("Cs",)), min_size=1,
                         max_size=12),
                 st.binary(min_size=1, max_size=8).filter(lambda b: b"/" not in b and b"\x00" not in b))
LINK = st.sampled_from(["none", "inside", "outside", "loop", "broken", "folder-out"])


def _front_text(front: object) -> str:
    if front is None:
        return ""
    if isinstance(front, str):
        return f"---\n{front}\n---\n"
    lines = []
    for key, value in front.items():  # type: ignore[attr-defined]
        lines.append(f"{key}: {json.dumps(value, default=str)}" if not isinstance(value, str) else f"{key}: {value}")
    return "---\n" + "\n".join(lines) + "\n---\n"


PAGE = st.tuples(NAME, FRONT, TEXT, ENCODING, st.sampled_from([".md", ".mdx", ".markdown"]))


def _write(root: Path, pages: list[tuple[object, object, str, str, str]], link: str) -> None:
    docs = root / "docs"
    docs.mkdir(parents=True)
    (root / ".git").mkdir()  # the repository's edge, for the symlink policy
    for index, (name, front, body, encoding, suffix) in enumerate(pages):
        text = _front_text(front) + body
        if encoding == "raw":
            data = text.encode("utf-8", "surrogatepass")[::-1]
        else:
            data = text.encode(encoding, "replace") if encoding != "latin-1" else text.encode("latin-1", "replace")
        raw_name = name if isinstance(name, bytes) else str(name).encode("utf-8", "surrogatepass")
        target = os.fsencode(docs) + b"/" + raw_name + f"-{index}{suffix}".encode()
        with open(target, "wb") as fh:
            fh.write(data)
    outside = root.parent / f"{root.name}-outside"
    outside.mkdir(exist_ok=True)
    (outside / "secret.md").write_text("# Secret\n\nKEY=1\n")
    links = {"inside": ("in-link.md", docs / "in-target.md"), "outside": ("out-link.md", outside / "secret.md"),
             "loop": ("loop", docs), "broken": ("broken.md", docs / "nowhere.md"), "folder-out": ("out", outside)}
    if link in links:
        where, to = links[link]
        if link == "inside":
            to.write_text("# Inside\n\nText.\n")
        (docs / where).symlink_to(to)


def _check_result(result: engine.LintResult) -> None:
    for fmt in FORMATS:
        out = render(result, fmt, color=False, quiet=False)
        assert isinstance(out, str)
        out.encode("utf-8")  # the report can be written: no lone surrogates from file names
        if fmt in ("json", "sarif"):
            json.loads(out)
    for f in result.findings:
        assert f.line >= 1 and f.severity in ("error", "warning", "info")


@BUDGET
@given(pages=st.lists(PAGE, min_size=1, max_size=4), link=LINK)
def test_lint_never_raises_on_made_up_sites(tmp_path_factory: pytest.TempPathFactory,
                                            pages: list[tuple[object, object, str, str, str]], link: str) -> None:
    root = tmp_path_factory.mktemp("fuzz") / "site"
    _write(root, pages, link)
    _check_result(engine.lint(cwd=root, config=CONFIG))
    assert not (root.parent / f"{root.name}-outside" / ".sitelint").exists()


@CLI_BUDGET
@given(pages=st.lists(PAGE, min_size=1, max_size=3), link=LINK, fmt=st.sampled_from(FORMATS))
def test_the_command_line_exits_0_1_or_2_without_a_traceback(tmp_path_factory: pytest.TempPathFactory,
                                                             pages: list[tuple[object, object, str, str, str]],
                                                             link: str, fmt: str) -> None:
    root = tmp_path_factory.mktemp("fuzzcli") / "site"
    _write(root, pages, link)
    done = subprocess.run([sys.executable, "-m", "sitelint", "check", "--no-semantic", "--format", fmt,
                           "-o", "report.out"], cwd=root, capture_output=True, timeout=300,
                          env={**os.environ, "NO_COLOR": "1"})
    assert done.returncode in (0, 1, 2), done.stderr
    assert b"Traceback" not in done.stderr, done.stderr.decode(errors="replace")
    if done.returncode != 2:
        assert (root / "report.out").stat().st_size > 0


def _corpus() -> list[Path]:
    return sorted(p for p in CORPUS.iterdir() if p.name != "README.md")


@pytest.mark.parametrize("fixture", _corpus(), ids=lambda p: p.name)
def test_the_fuzzing_corpus_lints_cleanly(tmp_path: Path, fixture: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    name = fixture.name.removesuffix(".bin")
    shutil.copyfile(fixture, docs / name)
    (docs / "other.md").write_text("# Other\n\n" + "A page of ordinary prose about the tool. " * 30 + "\n")
    result = engine.lint(cwd=tmp_path, config=CONFIG)
    _check_result(result)
    assert f"docs/{name}" in {p.path for p in result.site.pages} | {p for p, _ in result.site.unreadable}
