"""A bound on every page: the pathological pages of an attack on sitelint, each with the bound it is held to in the
test's name (the times are measured by benchmarks/pathological.py, never asserted here), the per-check deadline,
and configured patterns run by RE2."""

from __future__ import annotations

import dataclasses
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import write_site
from sitelint import api as engine, config as configmod
from sitelint.checks import CheckContext, registry
from sitelint.model import Location, Measurement, Page
from sitelint.pipeline import parse
from sitelint.pipeline.parse import MAX_FRONT_MATTER_VALUES, parse_page
from sitelint.saferegex import refusal
from sitelint.text import count

PROSE = " ".join(f"Sentence {i} tells the reader how the tool behaves when the {w} option is set."
                 for i, w in enumerate(["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota",
                                        "kappa"]))


def headings(n: int) -> str:
    # "Chapter", not "Heading": a page of headings numbered "Heading 1", "Heading 2"... is a showcase of the theme.
    return "".join(f'{"#" * (1 + i % 6)} Chapter {i}\n\n' for i in range(n))


def billion_laughs(key: str) -> str:
    rows = ["a: &a [x,x,x,x,x,x,x,x,x]"]
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True):
        rows.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    return "---\n" + "\n".join(rows) + f"\n{key}: *i\n---\n\n# Page\n\n{PROSE}\n"


def _naive_sections(found: list[tuple[str, int, int]], line_count: int) -> list[tuple[int, int]]:
    """The definition, written the slow way: ends at the next heading of the same or a higher level."""
    out = []
    for index, (_, level, line) in enumerate(found):
        end = next((h[2] - 1 for h in found[index + 1:] if h[1] <= level), line_count)
        parent = next((j for j in range(index - 1, -1, -1) if found[j][1] < level), -1)
        out.append((max(line, end), parent))
    return out


def test_100000_headings_one_pass_over_the_headings(tmp_path: Path) -> None:
    page = parse_page("docs/h.md", tmp_path / "h.md", headings(100_000))
    assert len(page.sections) == 100_000
    rng = random.Random(7)
    levels = [(f"h{i}", rng.randint(1, 6), 2 * i + 1) for i in range(3000)]
    assert [(s.end_line, s.parent) for s in parse._sections(levels, 6001)] == _naive_sections(levels, 6001)
    # Every section's blocks by binary search: the heading's own block, in every section.
    assert all(page.blocks_in(i) and page.blocks_in(i)[0].kind == "heading" for i in range(0, 100_000, 997))


def test_100000_headings_whole_run_one_finding_pass(tmp_path: Path) -> None:
    write_site(tmp_path, {"docs/h.md": headings(100_000), "docs/b.md": f"# B\n\n{PROSE}\n"})
    result = engine.lint(cwd=tmp_path, config=configmod.validate({"semantic": False}, None))
    assert any(f.path == "docs/h.md" for f in result.findings)
    assert not any("page skipped" in f.message for f in result.findings)


@pytest.mark.parametrize("key", ["tags", "keywords", "sitelint"])
def test_billion_laughs_front_matter_at_most_100000_values(tmp_path: Path, key: str) -> None:
    problems: list[tuple[int, str]] = []
    page = parse_page("docs/a.md", tmp_path / "a.md", billion_laughs(key))
    problems = list(page.problems)
    assert page.front_matter == {}
    assert any(f"more than {MAX_FRONT_MATTER_VALUES:,} values" in message for _, message in problems)
    assert page.title == "Page" and page.words > 50  # the page itself is still linted


def test_aliases_within_100000_values_are_kept(tmp_path: Path) -> None:
    source = "---\nbase: &b [one, two]\ntags: *b\nkeywords: [*b, *b]\n---\n\n# T\n\nText.\n"
    page = parse_page("docs/a.md", tmp_path / "a.md", source)
    assert page.front_matter["tags"] == ["one", "two"] and page.front_matter["keywords"] == [["one", "two"]] * 2


def test_billion_laughs_site_run_one_finding(tmp_path: Path) -> None:
    write_site(tmp_path, {"docs/a.md": billion_laughs("tags"), "docs/b.md": f"# B\n\n{PROSE}\n"})
    result = engine.lint(cwd=tmp_path, config=configmod.validate({"semantic": False}, None))
    assert [f.rule for f in result.findings if "YAML aliases" in f.message] == ["SUB000"]


def test_60kb_of_japanese_linear_tokenisation(tmp_path: Path) -> None:
    rng = random.Random(1)
    chars = [chr(c) for c in range(0x3041, 0x3097)] + [chr(c) for c in range(0x4E00, 0x4E00 + 2000)]
    parts, size = [], 0
    while size < 60_000:
        sentence = "".join(rng.choice(chars) for _ in range(40)) + (" install the package " if rng.random() < 0.1
                                                                      else "") + "。"
        parts.append(sentence)
        size += len(sentence.encode())
    text = "".join(parts)
    assert count(text) > 9000
    write_site(tmp_path, {"docs/ja.md": f"# 日本語\n\n{text}\n", "docs/b.md": f"# B\n\n{PROSE}\n"})
    result = engine.lint(cwd=tmp_path, config=configmod.validate({"semantic": False}, None))
    assert not any("page skipped" in f.message for f in result.findings)
    assert next(p for p in result.pages if p.path == "docs/ja.md").words > 9000


def test_zalgo_page_linear_in_combining_marks(tmp_path: Path) -> None:
    rng = random.Random(2)
    marks = [chr(c) for c in range(0x300, 0x370)]
    words = ["".join(ch + "".join(rng.choice(marks) for _ in range(30)) for ch in word)
             for word in ("zalgo comes to eat the page " * 200).split()]
    write_site(tmp_path, {"docs/z.md": "# Zalgo\n\n" + " ".join(words) + "\n", "docs/b.md": f"# B\n\n{PROSE}\n"})
    result = engine.lint(cwd=tmp_path, config=configmod.validate({"semantic": False}, None))
    assert next(p for p in result.pages if p.path == "docs/z.md").words >= 1200
    assert not any("page skipped" in f.message for f in result.findings)


def test_5000_column_table_linear_in_cells(tmp_path: Path) -> None:
    cols = 5000
    table = ("| " + " | ".join(f"h{i}" for i in range(cols)) + " |\n|" + "---|" * cols + "\n"
             + "".join("| " + " | ".join(f"c{r}x{i}" for i in range(cols)) + " |\n" for r in range(3)))
    page = parse_page("docs/t.md", tmp_path / "t.md", f"# Table\n\n{table}")
    (block,) = [b for b in page.blocks if b.kind == "table"]
    assert "h4999" in block.text and "c2x4999" in block.text and block.text.count("c1x") == cols


def test_user_regex_nested_quantifier_linear_by_re2(tmp_path: Path) -> None:
    title = "a" * 38 + "!"
    write_site(tmp_path, {"docs/a.md": f"# {title}\n\nAs of 2019, this is the recommended setup. {PROSE}\n",
                          "docs/b.md": f"# B\n\n{PROSE}\n"},
               files={"sitelint.toml": '[rule.STL004]\nparams = {exempt-titles = "^(a+)+$"}\n'})
    result = engine.lint(cwd=tmp_path, config=configmod.load(tmp_path), select=["STL004"])
    assert [f.path for f in result.findings] == ["docs/a.md"]  # not exempt: the title has a "!"


def test_a_pattern_re2_cannot_run_is_refused_with_exit_2(tmp_path: Path) -> None:
    write_site(tmp_path, {"docs/a.md": f"# A\n\n{PROSE}\n"},
               files={"sitelint.toml": '[rule.STL004]\nparams = {exempt-titles = "(a)\\\\1"}\n'})
    done = subprocess.run([sys.executable, "-m", "sitelint", "check", "--no-semantic"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 2, done.stderr
    assert "STL004" in done.stderr and "exempt-titles" in done.stderr and "backreferences" in done.stderr
    assert "Traceback" not in done.stderr and "re2.cc" not in done.stderr


def test_every_built_in_pattern_param_compiles_in_re2() -> None:
    from sitelint import rulebook

    patterns = [(r.code, k, v) for r in rulebook.load_rules(registry()) for k, v in r.params.items()
                if r.kinds[k].pattern]
    assert patterns, "exempt-titles is declared a pattern"
    assert [(code, key) for code, key, value in patterns if refusal(value)] == []


def _slow(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    if page.path.endswith("slow.md"):
        until = time.monotonic() + 120  # a bound of its own, so that a broken deadline fails the test, not hangs it
        while time.monotonic() < until:
            pass
    yield Measurement({"ease": 100.0, "grade": 1.0, "words": 200}, Location(page.path, 1))


def test_a_check_past_page_timeout_skips_the_page_with_one_finding(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    specs = dict(registry())
    specs["readability"] = dataclasses.replace(specs["readability"], fn=_slow, pure=False)
    monkeypatch.setattr(engine, "registry", lambda: specs)
    write_site(tmp_path, {"docs/slow.md": f"# Slow\n\n{PROSE}\n", "docs/fast.md": f"# Fast\n\n{PROSE}\n"})
    # readability is hard-to-read's check, off by default: turned on here
    config = configmod.validate({"semantic": False, "page-timeout": 0.5, "rule": {"SUB006": {"enabled": True}}}, None)
    result = engine.lint(cwd=tmp_path, config=config)
    skipped = [f for f in result.findings if "page skipped" in f.message]
    assert [(f.rule, f.path) for f in skipped] == [("SUB000", "docs/slow.md")]
    assert skipped[0].message.startswith("page skipped: took longer than 0.5 s in readability")
    # The fast page was measured in full.
    assert not any("page skipped" in f.message for f in result.findings if f.path == "docs/fast.md")


def test_page_timeout_must_be_positive() -> None:
    with pytest.raises(configmod.ConfigError, match="page-timeout"):
        configmod.validate({"page-timeout": 0}, None)


def test_lone_cr_line_endings_keep_disable_next_line(tmp_path: Path) -> None:
    source = "# Page\r\rIntro line.\r\r<!-- sitelint-disable-next-line SUB002 -->\rTODO: write this.\r"
    write_site(tmp_path, {"docs/b.md": f"# B\n\n{PROSE}\n"})
    (tmp_path / "docs" / "cr.md").write_bytes(source.encode())
    result = engine.lint(cwd=tmp_path, config=configmod.validate({"semantic": False}, None))
    rules = {f.rule for f in result.findings if f.path == "docs/cr.md"}
    assert "SUB002" not in rules and "SUB099" not in rules, rules


def test_many_unclosed_suppressions_one_pass(tmp_path: Path) -> None:
    source = "# Page\n\n" + "<!-- sitelint-disable SUB002 " * 40_000 + "\n"
    page = parse_page("docs/a.md", tmp_path / "a.md", source)
    from sitelint.pipeline import suppress

    assert isinstance(suppress.suppressions(page, {}), list)


def test_utf16_without_bom_is_named_not_called_binary(tmp_path: Path) -> None:
    from sitelint.pipeline.read import InputProblem, read_source

    path = tmp_path / "a.md"
    for codec, name in (("utf-16-le", "UTF-16LE"), ("utf-16-be", "UTF-16BE")):
        path.write_bytes(f"# Title\n\n{PROSE}\n".encode(codec))
        with pytest.raises(InputProblem, match=f"{name} text"):
            read_source(path, 1_000_000)
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    with pytest.raises(InputProblem, match="binary data"):
        read_source(path, 1_000_000)


def test_terminal_escapes_in_names_and_headings_are_shown_escaped(tmp_path: Path) -> None:
    name = "evil\x1b]0;owned\x07.md"
    write_site(tmp_path, {f"docs/{name}": "# \x1b[2J\u202eTitle\n\n## Empty\n\n## Next\n\nText.\n",
                          "docs/b.md": f"# B\n\n{PROSE}\n"})
    env = {**os.environ, "NO_COLOR": "1"}
    done = subprocess.run([sys.executable, "-m", "sitelint", "check", "--no-semantic"], cwd=tmp_path,
                          capture_output=True, text=True, env=env, timeout=300)
    assert "docs/evil\\x1b]0;owned\\x07.md" in done.stdout
    assert "\x1b" not in done.stdout and "\x07" not in done.stdout and "\u202e" not in done.stdout


def test_symlinks_out_of_the_repository_are_reported_once_and_not_read(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text("# Secret\n\nAPI_KEY=sk-live-1234567890\n")
    (outside / "folder").mkdir()
    (outside / "folder" / "inner.md").write_text("# Inner\n\nAPI_KEY=sk-live-1234567890\n")
    site = tmp_path / "site"
    write_site(site, {"docs/a.md": f"# A\n\n{PROSE}\n", "docs/b.md": f"# B\n\n{PROSE} More.\n"})
    (site / ".git").mkdir()
    (site / "docs" / "shared.md").symlink_to(outside / "secret.md")
    (site / "docs" / "linked").symlink_to(outside / "folder")
    (site / "docs" / "inside.md").symlink_to(site / "docs" / "a.md")
    result = engine.lint(cwd=site, config=configmod.validate({"semantic": False}, None))
    problems = dict(result.site.unreadable)
    assert set(problems) == {"docs/shared.md", "docs/linked"}
    assert all("out of the repository" in why for why in problems.values())
    # not followed by design, and the repository's to fix no more when its target is missing: info, not an error
    (site / "docs" / "dev.md").symlink_to(outside / "missing" / "DEV.md")
    again = engine.lint(cwd=site, config=configmod.validate({"semantic": False}, None))
    assert "out of the repository" in dict(again.site.unreadable)["docs/dev.md"]
    found = [f for f in again.findings if f.rule == "SUB000"]
    assert [f.severity for f in found] == ["info"]  # the three symlinks out, one finding naming the others
    assert found[0].message.endswith("and 2 more such symlinks") and len(found[0].related) == 2
    assert all("sk-live" not in f.message for f in result.findings)
    assert "docs/linked/inner.md" not in {p.path for p in result.site.pages}
