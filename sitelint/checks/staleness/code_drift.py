"""For each source file a page names: how many days it changed after the page's last content change, and whether
the names the page shows of it (the inline code beside the reference, what an excerpt of it defines) are still in
it."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

from sitelint import gitinfo, includes
from sitelint.checks import CheckContext, spec
from sitelint.checks.staleness.common import frozen
from sitelint.checks.staleness.references import PAGE_SUFFIXES, ROOT_PARAMS, fence_file, references
from sitelint.model import Location, Measurement, Page

_MAX_BYTES = 2_000_000  # a source file read for the names a page shows of it; a bigger one is not checked
# Names an excerpt of a file defines: `#define NAME`, `def name`, `class Name`, `interface Name`, `name = ...`.
_DEFINES = re.compile(r"(?m)(?:#define|\bdef|\bfunction|\bclass|\binterface|\bstruct|\benum|\btype|\bconst|\blet"
                      r"|\bvar|\bfn|\bfunc)\s+([A-Za-z_][\w]{3,})|^\s*([A-Za-z_][\w]{3,})\s*\+?=[^=]")
# A name as code spells it (snake_case, CamelCase, a call): words of prose in backticks are not checked.
_CODE_NAME = re.compile(r"[A-Za-z_][\w]*(?:_[\w]+|[a-z][A-Z][\w]*)|[A-Za-z_]\w{3,}(?=\()")


def code_drift(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    history = ctx.run.git
    record = history.file(page.abspath) if history is not None and not frozen(page) else None
    if history is None or record is None:
        return
    page_date = record.last_changed(ctx.today)
    lines = page.source.split("\n")
    titles = {b.line: fence_file(lines, b).rsplit("/", 1)[-1] for b in page.code_blocks}
    shown = _included(page)
    for ref in references(page, ctx):
        if ref.found is None or not ref.found.is_file() or ref.found.suffix.lower() in PAGE_SUFFIXES:
            continue
        if ref.found.resolve() in shown or any(place.as_posix().endswith("/" + ref.text.strip("/"))
                                               for place in shown):
            continue  # the page shows the file as it is: the build puts it there
        source = history.file(ref.found)
        if source is None:
            continue
        changed = source.last_changed(ctx.today)
        drift = (changed - page_date).days
        names = shown_names(page, ref.line, ref.text, titles) if drift > 0 else []
        missing = _missing(ref.found, names)
        if missing:
            # What the file had when the page last changed: a name it never had is the page's own (a usage
            # example's variable, `tmp_es_file_path = ...`), not one the file dropped.
            then = _text_on(history.top, source.path, page_date)
            names = [n for n in names if then is not None and n in then]
            missing = [n for n in missing if n in names]
        yield Measurement({"drift": drift, "checked": len(names), "missing": len(missing)},
                          Location(page.path, ref.line),
                          {"file": ref.text, "file_date": changed.isoformat(), "page_date": page_date.isoformat(),
                           "evidence": _evidence(names, missing)})


def _included(page: Page) -> set[Path]:
    """The files the page's code blocks are filled with at build time (mdBook's `{{#include ../x/src/lib.rs}}`,
    `--8<-- "x.py"`), from the page's folder. A path the page names that ends one of them (`src/lib.rs` over the
    listing of `../examples/fetch/src/lib.rs`) is that file, shown whole."""
    found = {(page.abspath.parent / target).resolve() for block in page.code_blocks
             for target in includes.targets(block.text)}
    # ... and DocFX's code snippets, `[!code-csharp[Main](../src/Sample.cs?name=region)]` and `:::code
    # source="../src/Sample.cs":::`, which put the file (or a region of it) in the page as it is
    return found | {(page.abspath.parent / (m.group(1) or m.group(2))).resolve()
                     for m in _DOCFX_SNIPPET.finditer(page.source)}


_DOCFX_SNIPPET = re.compile(r"\[!code(?:-[\w+#-]+)?\[[^\]\n]*\]\(\s*<?([^)?#\s>]+)"
                            r"|:::\s*code\b[^\n]*?\bsource\s*=\s*[\"']([^\"'?#]+)")


def _evidence(names: list[str], missing: list[str]) -> str:
    if missing:
        more = f" and {len(missing) - 3} more" if len(missing) > 3 else ""
        return f"; it no longer has {', '.join(f'`{n}`' for n in missing[:3])}{more}, which this page shows"
    if not names:
        return "; the page shows none of its names, so only the dates say so"
    return ""


def shown_names(page: Page, line: int, path: str, titles: Mapping[int, str]) -> list[str]:
    """The names the page shows of the file it names at line: inline code that spells a name in the block of the
    reference, and what a code block titled with the file (titles: each code block's line and the name of the file
    it is titled with, "" for none), or an untitled one right after the reference, defines."""
    block = next((b for b in page.blocks if b.line <= line <= b.end_line and b.is_prose), None)
    out: list[str] = []
    if block is not None:
        # A table's row is what it says of the file it names (`| ebpf.go | Populates `otel_tc_kprobe` |`): the names
        # in the other rows are the other files'.
        first, last = (line, line) if block.kind == "table" else (block.line, block.end_line)
        for code in page.inline_code:
            text = code.text.strip().rstrip("()")
            if first <= code.line <= last and text != path and _CODE_NAME.fullmatch(text):
                out.append(text)
    name = path.rstrip("/").rsplit("/", 1)[-1]
    after = [b for b in page.blocks if block is not None and b.line > block.end_line and b.kind != "comment"][:1]
    for excerpt in page.code_blocks:
        titled = titles.get(excerpt.line, "")
        if (titled and titled == name) or (not titled and excerpt in after):
            out += [m.group(1) or m.group(2) for m in _DEFINES.finditer(excerpt.text)]
    return list(dict.fromkeys(out))


def _text_on(top: Path, path: str, day: dt.date) -> str | None:
    """The file (relative to the git top level) as it was at the end of day, None when git cannot say (it did not
    exist then, or the history is cut short)."""
    done = gitinfo.run(top, "log", "-1", "--format=%H", f"--before={day.isoformat()}T23:59:59", "--", path)
    commit = done.stdout.strip() if done.returncode == 0 else ""
    if not commit:
        return None
    shown = gitinfo.run(top, "show", f"{commit}:{path}")
    return shown.stdout if shown.returncode == 0 and len(shown.stdout) <= _MAX_BYTES else None


def _missing(found: Path, names: list[str]) -> list[str]:
    """The names the file no longer holds (none when it cannot be read, or is too big to read)."""
    if not names:
        return []
    try:
        if found.stat().st_size > _MAX_BYTES:
            return []
        text = found.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    return [n for n in names if n not in text]


CHECK = spec("code-drift", "page", code_drift, values=("drift", "checked", "missing"), params=ROOT_PARAMS,
             needs=("git",), requires=("git",))
