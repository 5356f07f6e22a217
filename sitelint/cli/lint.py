"""`sitelint check`, `ci` and `probe`: lint the site, beside its build, or with defects planted in a copy."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from sitelint import api as engine, config as configmod, rulebook
from sitelint.changes import repo_base
from sitelint.cli import (
    color,
    emit,
    exit_code,
    fail,
    gate as gating,
    html_module,
    load_config,
    main,
    progress as progress_mod,
    read_log,
    report_file,
    run_lint,
    width,
    with_common,
)
from sitelint.cli.health import record_option, record_run, with_fitted
from sitelint.cli.rules import explain_texts
from sitelint.report import Context, render


@main.command()
@click.argument("paths", nargs=-1, type=click.Path())
@with_common
@record_option
def check(paths: tuple[str, ...], record: bool, **opts: Any) -> None:
    """Lint the site; report only on PATHS when given (the whole docs root is still the corpus)."""
    if opts["show_settings"]:
        from sitelint.cli.settings import show

        click.echo(show(paths, opts), nl=False)
        return
    started = _start(opts)
    result, fail_on = run_lint(paths, opts, changed=started.gate.files if started.gate else None,
                               progress=started.progress)
    if record:
        record_run(result, paths, started.gate.files if started.gate else None)
    result = with_fitted(result)
    finish(gating.apply(result, opts, started.gate, paths, Path.cwd()), opts, fail_on, started)


@dataclass(frozen=True)
class Started:
    """What a run knows before it lints: the change it reports on, the extra reports, the progress display."""

    gate: gating.Gate | None
    reports: tuple[tuple[str, str], ...]
    progress: progress_mod.Progress | None


def _start(opts: dict[str, Any]) -> Started:
    if opts["baseline_update"] and not opts["baseline_file"]:
        raise click.UsageError("--baseline-update needs --baseline FILE")
    reports = tuple(report_file(value) for value in opts["reports"])
    configured = bool(load_config(opts["config_path"], {}).settings.get("progress"))
    return Started(gating.prepare(opts, Path.cwd()), reports, progress_mod.for_run(opts["progress"], configured))


def finish(result: engine.LintResult, opts: dict[str, Any], fail_on: str, started: Started, build: Any = None,
           status: int | None = None, command: str = "check") -> None:
    """Write the reports, say the timings, and exit with the run's code."""
    if started.progress is not None:
        started.progress("report", 0, 0)
    top = gating.top_of(result, started.gate)
    env = os.environ
    blob = (f"{env['GITHUB_SERVER_URL']}/{env['GITHUB_REPOSITORY']}/blob/{env['GITHUB_SHA']}/"
            if all(env.get(k) for k in ("GITHUB_SERVER_URL", "GITHUB_REPOSITORY", "GITHUB_SHA")) else "")
    summary_file = env.get("GITHUB_STEP_SUMMARY", "")
    context = Context(base=repo_base(Path.cwd(), top), root=top, files=tuple(started.reports), width=width(opts),
                      summary="none" if opts["quiet"] else opts["summary"], statistics=opts["statistics"],
                      step_summary=bool(summary_file) and opts["fmt"] == "github", blob_url=blob)
    emit(_render(result, opts["fmt"], context, command, build, color=color(opts)), opts["output"])
    for fmt, path in started.reports:
        emit(_render(result, fmt, context, command, build), path)
    if context.step_summary:
        from sitelint.report.github import job_summary

        try:
            with open(summary_file, "a", encoding="utf-8") as stream:
                stream.write(job_summary(result, build, context))
        except OSError as exc:
            fail(f"{summary_file}: cannot write the job summary (GITHUB_STEP_SUMMARY): {exc.strerror}")
    if started.progress is not None:
        started.progress.close()
    if opts["verbose"]:
        _page_kinds(result)
        for phase, seconds in result.timings.items():
            click.echo(f"time {phase}: {seconds:.3f} s", err=True)
    if status:
        click.echo(f"sitelint: the build failed with exit code {status}", err=True)
        sys.exit(0 if fail_on == "never" or opts["exit_zero"] else status)
    # A green build's warnings (a broken anchor at onBrokenAnchors: 'warn') count like sitelint's own findings.
    sys.exit(0 if opts["exit_zero"] else exit_code(result.findings, fail_on))


@main.command(context_settings={"ignore_unknown_options": True})
@click.option("--build-log", type=click.Path(allow_dash=True, dir_okay=False),
              help="Log of a build that already ran (- for stdin).")
@click.option("--framework", type=click.Choice(["auto", "docusaurus", "vitepress", "mkdocs", "sphinx", "starlight"]),
              default="auto", show_default=True, help="The build's framework (auto: from the log and config files).")
@with_common
@record_option
@click.argument("command", nargs=-1, type=click.UNPROCESSED)
def ci(build_log: str | None, framework: str, command: tuple[str, ...], record: bool, **opts: Any) -> None:
    """Lint beside a build: `sitelint ci --build-log FILE` or `sitelint ci -- npm run build`.

    With a command, the build runs first, its output passes through unchanged, and its exit code is kept: a failed
    build fails this step (unless --fail-on never or --exit-zero) whatever sitelint finds.
    """
    if opts["show_settings"]:
        from sitelint.cli.settings import show

        click.echo(show((), opts), nl=False)
        return
    if bool(build_log) == bool(command):
        raise click.UsageError("give either --build-log FILE or a build command after `--`")
    started = _start(opts)
    exit_status: int | None = None
    if command:
        from sitelint.build.logs import run_build

        # Keep stdout clean for machine-readable reports: the build's output then goes to stderr.
        stream = sys.stdout if opts["fmt"] == "text" or opts["output"] else sys.stderr
        exit_status, log_text = run_build(command, Path.cwd(), out=stream)
    else:
        log_text = read_log(str(build_log))
    result, fail_on = run_lint((), opts, changed=started.gate.files if started.gate else None,
                               progress=started.progress)
    result, build = engine.with_build(result, log_text, framework=framework, command=command,
                                      exit_status=exit_status)
    if record:
        record_run(result, (), started.gate.files if started.gate else None)
    result = with_fitted(result)
    finish(gating.apply(result, opts, started.gate, (), Path.cwd()), opts, fail_on, started, build, exit_status,
           command="ci")


@main.command(context_settings={"ignore_unknown_options": True})
@click.option("--framework", type=click.Choice(["auto", "docusaurus", "vitepress", "mkdocs", "sphinx", "starlight"]),
              default="auto", show_default=True, help="The build's framework (auto: from the log and config files).")
@click.option("--sample", type=click.IntRange(min=1), default=3, show_default=True,
              help="Defects planted per class, each on a page of its own.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the pages and places drawn.")
@click.option("--class", "classes", multiple=True, metavar="CLASS",
              help="Plant only this defect class (repeatable); `sitelint probe --list` names them.")
@click.option("--list", "list_classes", is_flag=True, help="List the catalogue's defect classes and exit.")
@click.option("--no-semantic", is_flag=True, help="Skip the embedding rules (no paraphrase is planted).")
@click.option("--keep", type=click.Path(file_okay=False), help="Keep the mutated copy of the site in this folder.")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "html"]), default="text", show_default=True)
@click.option("--output", "-o", type=click.Path(dir_okay=False), help="Write the report to FILE.")
@click.argument("command", nargs=-1, type=click.UNPROCESSED)
def probe(framework: str, sample: int, seed: int, classes: tuple[str, ...], list_classes: bool, no_semantic: bool,
          keep: str | None, fmt: str, output: str | None, command: tuple[str, ...]) -> None:
    """Plant known defects in a copy of the site and count which the build and sitelint catch.

    `sitelint probe -- npm run build` also builds the copy, once as it is and once per group of plants. Your files
    are never touched: the copy lives in a temporary folder (or --keep DIR). Exit status: the build's own when it
    fails on the site as it is, else 0.
    """
    import json

    from sitelint import probe as probemod
    from sitelint.probe import catalogue

    if list_classes:
        emit("".join(f"{op.defect_class:<22} {op.description}\n" for op in catalogue.load()), output)
        return
    try:
        result, before = probemod.run(Path.cwd(), command, sample=sample, seed=seed, classes=classes,
                                      framework=framework,
                                      config=load_config(None, {"semantic": False} if no_semantic else {}),
                                      keep=Path(keep) if keep else None)
    except (engine.InputError, configmod.ConfigError, rulebook.RuleError) as exc:
        fail(str(exc))
        return
    if fmt == "json":
        text = json.dumps(result.to_dict(), indent=2) + "\n"
    elif fmt == "html":
        text = html_module().render(before, probe=result, explain=explain_texts(before.rules), command="probe")
    else:
        text = probemod.render(result)
    emit(text, output)
    if result.exit_status:
        raise SystemExit(result.exit_status)


def _render(result: engine.LintResult, fmt: str, context: Context, command: str, build: Any = None,
            color: bool = False) -> str:
    if fmt == "html":
        return html_module().render(result, build, explain=explain_texts(result.rules), command=command)
    return render(result, fmt, color=color, build=build, context=context)


def _page_kinds(result: engine.LintResult) -> None:
    """Each page's type and language, so that a user can see why a rule did not judge it, and its place in the
    site (in the navigation or not, how many pages link to it): one page per line, then the counts."""
    types: dict[str, int] = {}
    languages: dict[str, int] = {}
    for page in result.pages:
        types[page.page_type] = types.get(page.page_type, 0) + 1
        languages[page.language or "unknown"] = languages.get(page.language or "unknown", 0) + 1
        place = f"; {result.graph.place(page.path)}" if result.graph is not None else ""
        if page.page_type != "doc" or place:
            kind = f"{page.page_type} ({page.type_reason})" if page.type_reason else page.page_type
            click.echo(f"page {page.path}: {kind}, language {page.language or '?'}{place}", err=True)
    if result.pages:
        click.echo("page types: " + ", ".join(f"{n} {t}" for t, n in sorted(types.items(), key=lambda x: -x[1]))
                   + "; languages: " + ", ".join(f"{n} {lang}" for lang, n in sorted(languages.items(),
                                                                                        key=lambda x: -x[1])),
                   err=True)
