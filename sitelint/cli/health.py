"""`sitelint health`: the state of each rule on this site, and the rules that fire together."""

from __future__ import annotations

from typing import Any

import click

from sitelint import api as engine
from sitelint.cli import emit, engine_options, main, read_log, run_lint, with_options
from sitelint.report import health as report


@main.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--output", "-o", type=click.Path(dir_okay=False), help="Write the report to FILE.")
@click.option("--build-log", type=click.Path(allow_dash=True, dir_okay=False),
              help="A build's log (- for stdin): each rule's pages are compared with the pages the build flags.")
@click.option("--framework", type=click.Choice(["auto", "docusaurus", "vitepress", "mkdocs", "sphinx", "starlight"]),
              default="auto", show_default=True, help="The build's framework (auto: from the log and config files).")
@with_options(engine_options)
def health(paths: tuple[str, ...], fmt: str, output: str | None, build_log: str | None, framework: str,
           **opts: Any) -> None:
    """Each rule's state on this site: not-run (and why), saturated, spent, informative; and redundancy.

    Exit 0 whatever the states (2 on a usage or input error): it describes the instrument, it does not gate.
    """
    result, _ = run_lint(paths, {**opts, "output": output}, progress=None)
    if build_log:
        result, _ = engine.with_build(result, read_log(build_log), framework=framework)
    render = report.render_json if fmt == "json" else report.render_text
    emit(render(result.summary, result.notes), output)
