"""The command line: check, ci, baseline, health, fixes, probe, eval, rules, explain and cache.

Exit codes: 0 clean, 1 findings at or above --fail-on, 2 usage, configuration or input error, 130 interrupted.
"""

from __future__ import annotations

import gc
import os
import re
import shutil
import signal
import sys
from collections.abc import Collection, Sequence
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

import click

from sitelint import __version__, api as engine, config as configmod, rulebook
from sitelint.report import FORMATS

RANK = {"info": 0, "warning": 1, "error": 2}


def codes(values: Sequence[str]) -> list[str]:
    return [code.strip() for value in values for code in value.split(",") if code.strip()]


def fail(message: str) -> None:
    click.echo(f"sitelint: error: {message}", err=True)
    sys.exit(2)


def load_config(path: str | None, overrides: dict[str, Any]) -> configmod.Config:
    try:
        config = configmod.load(Path.cwd(), Path(path) if path else None)
    except configmod.ConfigError as exc:
        fail(str(exc))
        raise  # unreachable: _fail exits
    if overrides:
        config = replace(config, settings=MappingProxyType({**config.settings, **overrides}))
    return config


def exit_code(findings: Sequence[Any], fail_on: str) -> int:
    if fail_on == "never":
        return 0
    return 1 if any(RANK[f.severity] >= RANK[fail_on] for f in findings) else 0


def emit(text: str, output: str | None) -> None:
    if not output:
        click.echo(text, nl=False)
        return
    try:
        with open(output, "w", encoding="utf-8") as fh:  # the close is inside the try: /dev/full fails only there
            fh.write(text)
    except OSError as exc:
        fail(f"{output}: cannot write the report: {exc.strerror or exc}")


def html_module() -> Any:
    """The html report, or exit 2 saying how to install what it draws with (the `html` extra)."""
    try:
        from sitelint.report import html
    except ImportError as exc:
        fail(f"--format html needs Jinja2 and matplotlib ({exc.name} is not installed): pip install 'sitelint[html]'")
        raise  # unreachable: fail exits
    return html


def refuse_output(output: str | None, result: engine.LintResult) -> None:
    """Stop before a report would overwrite a page of the site or a file git tracks (exit 2)."""
    if not output:
        return
    from sitelint import gitinfo
    from sitelint.pipeline.discover import PAGE_SUFFIXES

    target = Path(os.path.realpath(output))
    site = result.site
    same_name = [p.abspath for p in site.pages if p.abspath.name == target.name]
    if any(os.path.exists(target) and os.path.samefile(target, page) for page in same_name if page.exists()):
        fail(f"{output}: is a page of the site; write the report somewhere else")
    roots = {Path(os.path.realpath(site.root))}
    if target.suffix in PAGE_SUFFIXES and any(target.is_relative_to(root) for root in roots):
        fail(f"{output}: would be a page of the site (it is under {site.root}); write the report somewhere else")
    if target.is_file() and gitinfo.tracked(target):
        fail(f"{output}: is a file git tracks; write the report to a file of its own (an untracked or ignored one)")


def report_file(value: str) -> tuple[str, str]:
    """--report FORMAT:FILE, checked."""
    fmt, sep, path = value.partition(":")
    if not sep or fmt not in FORMATS or not path:
        raise click.BadParameter(f"{value!r} is not FORMAT:FILE with FORMAT one of {', '.join(FORMATS)} "
                                 "(e.g. sarif:sitelint.sarif)", param_hint="--report")
    return fmt, path


# What the engine runs: rules, configuration, model, progress. `check`, `ci` and `baseline` take these.
engine_options = [
    click.option("--select", multiple=True, help="Only these rule codes, names or prefixes (comma-separated)."),
    click.option("--ignore", multiple=True, help="Skip these rule codes, names or prefixes (comma-separated)."),
    click.option("--config", "config_path", type=click.Path(exists=True, dir_okay=False), help="Config file."),
    click.option("--no-semantic", is_flag=True, help="Skip the embedding (paraphrase) rules."),
    click.option("--model", help="Sentence-transformers model folder or name for the semantic rules."),
    click.option("--cache", "cache_path", type=click.Path(dir_okay=False),
                 help="Cache file to use (anywhere; the `cache` setting must stay inside the project)."),
    click.option("--progress/--no-progress", default=None,
                 help="Progress on stderr: a bar on a terminal, a line every few seconds in a log. Default: shown "
                      "once a run takes more than a few seconds."),
    click.option("-v", "--verbose", is_flag=True, help="Seconds per phase, and tracebacks of internal errors."),
]

# What the report is and what fails the run: `check` and `ci` take these.
report_options = [
    click.option("--format", "--output-format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
                 help="Report format."),
    click.option("--output", "-o", type=click.Path(dir_okay=False), help="Write the report to FILE."),
    click.option("--report", "reports", multiple=True, metavar="FORMAT:FILE",
                 help="Also write a report in FORMAT to FILE (e.g. sarif:sitelint.sarif); repeatable."),
    click.option("--fail-on", type=click.Choice(configmod.FAIL_ON), help="Lowest severity that fails the run."),
    click.option("--exit-zero", is_flag=True,
                 help="Exit 0 even when findings fail the run (usage and input errors still exit 2)."),
    click.option("--baseline", "baseline_file", type=click.Path(dir_okay=False),
                 help="Fail only on findings not recorded in this baseline (see `sitelint baseline`)."),
    click.option("--baseline-update", is_flag=True,
                 help="With --baseline: drop the entries that are fixed from the file (never adds any)."),
    click.option("--changed-since", metavar="REF",
                 help="Report only on pages changed since REF (its merge base with HEAD); the whole site is read."),
    click.option("--changed-lines", is_flag=True,
                 help="Report only findings on lines changed since REF (or HEAD): what a change introduced or "
                      "touched. The pre-commit hook's default."),
    click.option("--statistics", is_flag=True, help="Counts per rule instead of the findings."),
    click.option("--summary", type=click.Choice(["full", "short", "none"]), default="full", show_default=True,
                 help="How much summary follows the findings (text)."),
    click.option("-q", "--quiet", is_flag=True, help="Findings only, no summary (--summary none)."),
    click.option("--no-color", is_flag=True, help="No ANSI colours (also: NO_COLOR)."),
    click.option("--show-settings", is_flag=True,
                 help="Show the config file, docs root, framework, versions, languages and page counts; lint nothing."),
]


def with_options(options: Sequence[Any]) -> Any:
    def apply(fn: Any) -> Any:
        for option in reversed(options):
            fn = option(fn)
        return fn

    return apply


with_common = with_options([*report_options, *engine_options])


def tune_process() -> None:
    """Settings for a process that runs one command and ends: the cyclic garbage collector runs rarely, since a run
    makes many objects and few cycles (a one-page run 0.02 s faster, a cold run 2.5 s less CPU, peak memory 2 percent
    higher)."""
    gc.set_threshold(100_000, 50, 100)


def _terminated(signum: int, frame: object) -> None:
    # Unwinds like Ctrl-C, so every `finally` runs: a probe's temporary copy of the site is removed.
    raise Terminated


class Terminated(BaseException):
    """SIGTERM: the run ends, cleaning up on its way out, with exit code 143."""


def run() -> None:
    """The console script: the commands; Ctrl-C ends the run with exit code 130 (SIGTERM: 143) and no traceback,
    and an input or output error the commands did not word themselves still exits 2 with a message."""
    tune_process()
    signal.signal(signal.SIGTERM, _terminated)
    try:
        main(prog_name="sitelint", standalone_mode=False)
    except (click.exceptions.Abort, KeyboardInterrupt):
        click.echo("sitelint: interrupted", err=True)
        sys.exit(130)
    except Terminated:
        click.echo("sitelint: terminated", err=True)
        sys.exit(143)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except BrokenPipeError:
        # The reader went away (`sitelint check | head`): nothing more can be said on stdout, and Python's own
        # flush at exit must not fail again on it.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(2)
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        click.echo(f"sitelint: error: {where}{exc.strerror or exc}", err=True)
        sys.exit(2)
    except Exception as exc:  # a defect of sitelint itself: said in one line, the traceback on request
        if os.environ.get("SITELINT_DEBUG"):
            raise
        import traceback  # only here: a run that goes well never loads it

        frame = traceback.extract_tb(exc.__traceback__)[-1]
        where = f"{os.path.basename(frame.filename)}:{frame.lineno}"
        click.echo(f"sitelint: internal error: {type(exc).__name__}: {exc} (at {where}); this is a bug in sitelint, "
                   "not in your pages: run again with SITELINT_DEBUG=1 for the traceback and report it", err=True)
        sys.exit(3)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="sitelint")
def main() -> None:
    """sitelint: substance, duplication and staleness for documentation sites, beside the build."""


def engine_overrides(opts: dict[str, Any]) -> dict[str, Any]:
    overrides: dict[str, Any] = {}
    if opts["no_semantic"]:
        overrides["semantic"] = False
    if opts["model"]:
        overrides["model"] = opts["model"]
    return overrides


def run_lint(paths: Sequence[str], opts: dict[str, Any], *, changed: Collection[Path] | None = None,
             progress: engine.Progress | None = None) -> tuple[engine.LintResult, str]:
    config = load_config(opts["config_path"], engine_overrides(opts))
    try:
        result = engine.lint(paths, cwd=Path.cwd(), config=config, select=codes(opts["select"]),
                             ignore=codes(opts["ignore"]), verbose=opts["verbose"], changed=changed,
                             progress=progress,
                             cache=Path(opts["cache_path"]).absolute() if opts.get("cache_path") else None)
    except (engine.InputError, configmod.ConfigError, rulebook.RuleError) as exc:
        fail(str(exc))
        raise
    refuse_output(opts.get("output"), result)
    for value in opts.get("reports") or ():  # --report FORMAT:FILE, checked like --output
        refuse_output(value.partition(":")[2] or None, result)
    # A named page may be excluded on purpose; a site or a folder with no page at all is a mistake to say.
    unreadable = bool(result.site.unreadable) and not paths  # then the scope names pages only
    # Partials alone are no site: a Docsify folder of its `_sidebar.md`, its pages copied in by a build step.
    pages = [p for p in result.site.pages if p.path in result.scope and not result.site.is_partial(p)]
    if changed is None and not pages and not unreadable and all(Path(p).is_dir() for p in paths):
        where = " ".join(paths) or _shown(result.site.root)
        if result.unread and not pages:
            fail(f"{where}: no Markdown pages found, and its {result.unread} reStructuredText page(s) (.rst) are not "
                 "linted: sitelint reads Markdown and MyST pages only")
        asciidoc = _asciidoc_pages(result.site.root)
        if asciidoc and not pages:
            fail(f"{where}: no Markdown pages found, and its {asciidoc} AsciiDoc page(s) (.adoc) are not linted: "
                 "sitelint reads Markdown and MyST pages only")
        empty = _empty_submodules(result.site.repo_root)
        if empty:
            fail(f"{where}: no pages found, and the repository's submodules {', '.join(empty)} are not checked out "
                 "(their folders are empty): the site's pages may be there; run `git submodule update --init`, "
                 "then lint again")
        site = result.site
        if site.framework and site.config_files:
            only = " (only partials, pages a build step may copy in)" if result.scope else ""
            fail(f"{where}: no pages found: the {site.framework} config {_shown(site.config_files[0])} was found, but "
                 f"no pages where it keeps them{only}; set docs-root in the sitelint configuration to the pages' "
                 "folder")
        fail(f"{where}: no pages found (.md, .mdx, .markdown matching include = {config.settings['include']}); run "
             "from the site's folder, pass its docs folder, or set docs-root in the sitelint configuration")
    return result, opts.get("fail_on") or config.settings["fail-on"]


_MAX_SEEN = 20000  # files looked at for AsciiDoc pages before giving up


def _asciidoc_pages(root: Path) -> int:
    """The AsciiDoc pages (.adoc, .asciidoc) under root (an Antora site's), build output and dependencies aside."""
    return engine.count_files([root], (".adoc", ".asciidoc"),
                       lambda name: name.startswith(".") or name in ("node_modules", "build", "public"), _MAX_SEEN)


def _empty_submodules(repo_root: Path) -> list[str]:
    """The paths `.gitmodules` names whose folders are missing or empty: submodules not checked out."""
    try:
        text = (repo_root / ".gitmodules").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    out = []
    for rel in re.findall(r"(?m)^\s*path\s*=\s*(.+?)\s*$", text):
        folder = repo_root / rel
        try:
            if not folder.is_dir() or not any(folder.iterdir()):
                out.append(rel)
        except OSError:
            continue
    return out


def _shown(path: Path) -> str:
    try:
        return path.relative_to(Path.cwd()).as_posix() or "."
    except ValueError:
        return str(path)


def color(opts: dict[str, Any]) -> bool:
    return not opts["no_color"] and not os.environ.get("NO_COLOR") and not opts["output"] and sys.stdout.isatty()


def width(opts: dict[str, Any]) -> int:
    """Where text lines wrap: a terminal's width (COLUMNS overrides it); 0, no wrapping, for a file or a pipe that
    a program reads line by line."""
    if opts.get("output") or not sys.stdout.isatty():
        return 0
    return max(60, min(shutil.get_terminal_size((100, 24)).columns, 160))


def read_log(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        fail(f"{path}: cannot read the build log: {exc.strerror}")
        raise


from sitelint.cli import baseline, evaluate, health, lint, rules  # noqa: E402, F401 - the commands register themselves on main
