"""`sitelint check`, `ci` and `probe`: lint the site, beside its build, or with defects planted in a copy."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from sitelint import api as engine, config as configmod, rulebook
from sitelint.cli import color, emit, exit_code, fail, load_config, main, read_log, run_lint, with_common
from sitelint.cli.rules import explain_texts
from sitelint.report import render


@main.command()
@click.argument("paths", nargs=-1, type=click.Path())
@with_common
def check(paths: tuple[str, ...], **opts: Any) -> None:
    """Lint the site; report only on PATHS when given (the whole docs root is still the corpus)."""
    result, fail_on = run_lint(paths, opts)
    emit(_report(result, opts, "check"), opts["output"])
    if opts["verbose"]:
        _page_kinds(result)
        for phase, seconds in result.timings.items():
            click.echo(f"time {phase}: {seconds:.3f} s", err=True)
    sys.exit(exit_code(result.findings, fail_on))


def _page_kinds(result: engine.LintResult) -> None:
    """Each page's type and language, so that a user can see why a rule did not judge it: the pages that are not
    ordinary docs one per line, then the counts."""
    types: dict[str, int] = {}
    languages: dict[str, int] = {}
    for page in result.pages:
        types[page.page_type] = types.get(page.page_type, 0) + 1
        languages[page.language or "unknown"] = languages.get(page.language or "unknown", 0) + 1
        if page.page_type != "doc":
            click.echo(f"page {page.path}: {page.page_type} ({page.type_reason}), language {page.language or '?'}",
                       err=True)
    if result.pages:
        click.echo("page types: " + ", ".join(f"{n} {t}" for t, n in sorted(types.items(), key=lambda x: -x[1]))
                   + "; languages: " + ", ".join(f"{n} {lang}" for lang, n in sorted(languages.items(),
                                                                                        key=lambda x: -x[1])),
                   err=True)


@main.command(context_settings={"ignore_unknown_options": True})
@click.option("--build-log", type=click.Path(allow_dash=True, dir_okay=False),
              help="Log of a build that already ran (- for stdin).")
@click.option("--framework", type=click.Choice(["auto", "docusaurus", "vitepress", "mkdocs", "sphinx", "starlight"]),
              default="auto", show_default=True, help="The build's framework (auto: from the log and config files).")
@with_common
@click.argument("command", nargs=-1, type=click.UNPROCESSED)
def ci(build_log: str | None, framework: str, command: tuple[str, ...], **opts: Any) -> None:
    """Lint beside a build: `sitelint ci --build-log FILE` or `sitelint ci -- npm run build`.

    With a command, the build runs first, its output passes through unchanged, and its exit code is kept: a failed
    build fails this step (unless --fail-on never) whatever sitelint finds.
    """
    if bool(build_log) == bool(command):
        raise click.UsageError("give either --build-log FILE or a build command after `--`")
    exit_status: int | None = None
    if command:
        from sitelint.build.logs import run_build

        # Keep stdout clean for machine-readable reports: the build's output then goes to stderr.
        stream = sys.stdout if opts["fmt"] == "text" or opts["output"] else sys.stderr
        exit_status, log_text = run_build(command, Path.cwd(), out=stream)
    else:
        log_text = read_log(str(build_log))
    result, fail_on = run_lint((), opts)
    result, build = engine.with_build(result, log_text, framework=framework, command=command,
                                      exit_status=exit_status)
    emit(_report(result, opts, "ci", build), opts["output"])
    if exit_status:
        click.echo(f"sitelint: the build failed with exit code {exit_status}", err=True)
        sys.exit(0 if fail_on == "never" else exit_status)
    # A green build's warnings (a broken anchor at onBrokenAnchors: 'warn') count like sitelint's own findings.
    sys.exit(exit_code(result.findings, fail_on))


@main.command(context_settings={"ignore_unknown_options": True})
@click.option("--framework", type=click.Choice(["auto", "docusaurus", "vitepress", "mkdocs", "sphinx", "starlight"]),
              default="auto", show_default=True, help="The build's framework (auto: from the log and config files).")
@click.option("--keep", type=click.Path(file_okay=False), help="Keep the mutated copy of the site in this folder.")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "html"]), default="text", show_default=True)
@click.option("--output", "-o", type=click.Path(dir_okay=False), help="Write the report to FILE.")
@click.argument("command", nargs=-1, type=click.UNPROCESSED)
def probe(framework: str, keep: str | None, fmt: str, output: str | None, command: tuple[str, ...]) -> None:
    """Inject known defects into a copy of the site and see which the build and sitelint catch.

    `sitelint probe -- npm run build` also runs the build on the copy. Your files are never touched: the copy lives
    in a temporary folder (or --keep DIR).
    """
    import json

    from sitelint import probe as probemod

    try:
        rows, notes, before = probemod.run_with_baseline(Path.cwd(), command, framework=framework,
                                                         config=load_config(None, {}),
                                                         keep=Path(keep) if keep else None)
    except (engine.InputError, configmod.ConfigError, rulebook.RuleError) as exc:
        fail(str(exc))
        return
    if fmt == "json":
        text = json.dumps({"defects": [{**vars(r), "verdict": r.verdict} for r in rows], "notes": notes},
                          indent=2) + "\n"
    elif fmt == "html":
        from sitelint.report import html

        text = html.render(before, probe=rows, probe_notes=notes, explain=explain_texts(before.rules),
                           command="probe")
    else:
        text = probemod.render(rows, notes)
    emit(text, output)


def _report(result: engine.LintResult, opts: dict[str, Any], command: str, build: Any = None) -> str:
    if opts["fmt"] == "html":
        from sitelint.report import html

        return html.render(result, build, explain=explain_texts(result.rules), command=command)
    return render(result, opts["fmt"], color=color(opts), quiet=opts["quiet"], build=build)
