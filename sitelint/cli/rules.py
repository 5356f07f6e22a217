"""`sitelint rules`, `explain` and `cache`: what the rules are, and the cache they keep."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from sitelint import api as engine, rulebook
from sitelint.cli import fail, load_config, main
from sitelint.rulebook.errors import did_you_mean


@main.command("rules")
@click.option("--all", "show_all", is_flag=True, help="Include rules that are off by default.")
def rules_cmd(show_all: bool) -> None:
    """List every rule: code, name, dimension, level, what it checks."""
    rules = _known_rules()
    rows = [(r.code, r.name, r.dimension, r.level + ("" if r.enabled else " (off)"), _first_sentence(r.summary))
            for r in rules if r.enabled or show_all]
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    for row in rows:
        click.echo("  ".join(cell.ljust(w) for cell, w in zip(row[:4], widths, strict=True)) + "  " + row[4])


def _known_rules() -> list[rulebook.Rule]:
    """Built-in rules plus the project's own (`rules-dirs`), so that `rules` and `explain` know them too."""
    try:
        return engine.known_rules(load_config(None, {}))
    except engine.InputError as exc:
        fail(str(exc))
        raise  # unreachable: _fail exits


def _first_sentence(text: str) -> str:
    match = re.match(r"(.+?[.!?])(\s|$)", " ".join(text.split()))
    return match.group(1) if match else text


@main.command()
@click.argument("rule")
def explain(rule: str) -> None:
    """What RULE (a code or a name) checks, why, examples, options and which builds see the same defect."""
    rules = _known_rules()
    match = next((r for r in rules if rule.upper() == r.code or rule == r.name), None)
    if match is None:
        known = [name for r in rules for name in (r.code, r.name)]
        fail(f"unknown rule `{rule}`{did_you_mean(rule, known)}; run `sitelint rules` for the list")
        return
    click.echo(explain_text(match))


def explain_texts(rules: Sequence[rulebook.Rule]) -> dict[str, str]:
    """Every rule's `sitelint explain` text by code, for the html report's links."""
    return {r.code: explain_text(r) for r in rules}


def explain_text(r: rulebook.Rule) -> str:
    lines = [f"{r.code} {r.name} ({r.dimension}, {r.level}{'' if r.enabled else ', off by default'})", "",
             "## What it does", r.summary, "", "## Why is this bad?", r.why, ""]
    condition = r.condition.text if r.condition else "reported by another stage"
    lines += ["## Condition", f"check `{r.check}` measures {', '.join(_values(r)) or 'nothing'}; "
              f"the rule fires when: {condition}"]
    if r.params:
        lines += ["Params (defaults): " + ", ".join(f"{k} = {_short(v)}" for k, v in r.params.items())]
    lines += [f"Each finding takes {r.weight:g} points off the page's {_score_name(r)} score "
              f"(a quarter of that at info level); a page's overall score is the lowest of its substance, "
              "duplication and freshness scores.", ""]
    if r.fix_measure:
        measure = {k: v for k, v in r.fix_measure.items() if k != "measure"}
        lines += ["## How a fix is checked", f"`sitelint fixes` checks a page that stops failing this rule with "
                  f"{r.fix_measure['measure']} ({', '.join(f'{k} = {_short(v)}' for k, v in measure.items())}), "
                  "a measure independent of the rule's own value; a fix that fails it is a gamed-fix (SUB098).", ""]
    if r.example.get("bad"):
        lines += ["## Example", r.example["bad"].rstrip(), ""]
    if r.example.get("good"):
        lines += ["## Use instead", r.example["good"].rstrip(), ""]
    if r.options:
        lines += ["## Options"] + [f"- {k}: {v}" for k, v in r.options.items()]
        lines += [f"Set them in [tool.sitelint.rule.{r.code}] (or .{r.name}).", ""]
    lines += ["## Builds that see the same defect"]
    if r.build_overlap:
        lines += [f"- {fw}: {what}" for fw, what in r.build_overlap.items()]
    else:
        lines += ["None: no docs build (Docusaurus, VitePress, MkDocs, Sphinx, Starlight) checks this. "
                  "It is a blind spot of the build."]
    return "\n".join(lines)


def _values(r: rulebook.Rule) -> list[str]:
    from sitelint.checks import registry

    spec = registry().get(r.check)
    return list(spec.values) if spec else []


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def _score_name(r: rulebook.Rule) -> str:
    return "freshness" if r.dimension == "staleness" else r.dimension


@main.group()
def cache() -> None:
    """Inspect or clear the cache (.sitelint/cache.sqlite)."""


cache_option = click.option("--cache", "cache_path", type=click.Path(dir_okay=False),
                            help="The cache file, when it is not the configured one.")


def _open_cache(cache_path: str | None) -> Any:
    from sitelint import cache as cachemod
    from sitelint.pipeline import discover

    config = load_config(None, {})
    notes: list[str] = []
    layout = discover.detect(Path.cwd(), config.settings["docs-root"], config.settings["language"])
    try:
        store = cachemod.open_cache(config.settings, layout.project_root, notes.append, docs_roots=layout.docs_roots,
                                    explicit=Path(cache_path).absolute() if cache_path else None)
    except cachemod.CacheRefused as exc:
        fail(f"{'--cache' if cache_path else config.source or 'cache'}: {exc}")
        raise  # unreachable: fail exits
    for note in notes:
        click.echo(f"note: {note}", err=True)
    return store


@cache.command("info")
@cache_option
def cache_info(cache_path: str | None) -> None:
    """Where the cache is, how big, and what it holds."""
    store = _open_cache(cache_path)
    info = store.info()
    store.close()
    click.echo(f"path: {info['path']}")
    click.echo(f"size: {info['size'] / 1_048_576:.1f} MiB ({info['size']:,} bytes)")
    click.echo(f"schema: {info['schema']}")
    rows = info["rows"]
    click.echo("rows:" + ("" if rows else " none (empty)"))
    for namespace, count in rows.items():
        click.echo(f"  {namespace}: {count:,}")


@cache.command("clear")
@cache_option
def cache_clear(cache_path: str | None) -> None:
    """Delete everything in the cache."""
    store = _open_cache(cache_path)
    store.clear()
    store.close()
    click.echo("cache cleared")
