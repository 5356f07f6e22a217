"""The mutation probe: plant known defects in a copy of the site, run the build and sitelint, and count who sees what.

Each class of the catalogue (catalogue.yml) is planted on `sample` pages drawn with `seed`, never two plants on one
page (or on a page another plant copies from) in one build, and classes that stop the framework's build go into
builds of their own. A plant counts as caught when an instrument reports its class on its page (or on the page it
copied) where it did not before. The answer is a matrix per class: planted, caught by the build, by sitelint, by
both, by neither, each instrument's recall and the builds it took; every plant neither caught is listed.
"""

from __future__ import annotations

import datetime as dt
import os
import random
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from sitelint import api as engine, config as configmod, gitinfo
from sitelint.model import Site
from sitelint.pipeline import discover
from sitelint.probe import catalogue, places
from sitelint.probe.matrix import ClassRow, PlantResult, ProbeResult, render, tally
from sitelint.probe.operators import ACTIONS, Plant, Scene
from sitelint.probe.schedule import Catch, rounds_of
from sitelint.probe.workspace import Workspace

__all__ = ["ClassRow", "PlantResult", "ProbeResult", "render", "run"]
CODE_SUFFIXES = (".py", ".js", ".ts", ".tsx", ".jsx", ".go", ".rs", ".java", ".rb", ".yml", ".yaml", ".toml")


def run(cwd: Path, command: Sequence[str] = (), *, sample: int = 3, seed: int = 0, classes: Sequence[str] = (),
        framework: str = "auto", config: configmod.Config | None = None, today: dt.date | None = None,
        keep: Path | None = None) -> tuple[ProbeResult, engine.LintResult]:
    """Probe the site cwd belongs to: the matrix, and the lint of the copy before any plant (the site as it is)."""
    operators = catalogue.load()
    unknown = [c for c in classes if c not in {op.defect_class for op in operators}]
    if unknown:
        import difflib

        names = [op.defect_class for op in operators]
        close = difflib.get_close_matches(unknown[0], names, n=1)
        hint = f"did you mean {close[0]}? " if close else ""
        raise engine.InputError(f"--class {unknown[0]}: no such defect class; {hint}the catalogue has "
                                f"{', '.join(names)}")
    if sample < 1:
        raise engine.InputError(f"--sample {sample}: plant at least one defect per class")
    operators = tuple(op for op in operators if not classes or op.defect_class in classes)
    cwd = cwd.resolve()
    config = config or configmod.load(cwd)
    config = replace(config, settings={**config.settings, "cache": ""})
    today = today or engine.run_day()
    layout = discover.detect(cwd, config.settings["docs-root"], config.settings["language"])
    # The copy holds the project and every docs root (a site's config may read pages from a folder beside it).
    root = Path(os.path.commonpath([layout.project_root, *layout.docs_roots]))
    if keep is not None and Path(os.path.realpath(keep)).is_relative_to(os.path.realpath(root)):
        raise engine.InputError(f"--keep {keep}: is inside the project ({root}), which the probe copies; keep the "
                                "copy in a folder outside it")
    workdir = Path(keep) if keep else Path(tempfile.mkdtemp(prefix="sitelint-probe-"))
    try:
        ws = Workspace(root, layout.project_root, cwd, workdir, today, gitinfo.version_tags(layout.project_root))
        cache = workdir / "probe-cache.sqlite"  # outside the copy: the build never sees it

        def lint() -> engine.LintResult:
            return engine.lint(cwd=ws.inner, config=config, today=today, cache=cache)

        before = lint()
        catch = Catch(before, framework, ws.project_copy, ws.inner)
        notes = list(ws.notes)
        base_status, base_seconds = 0, 0.0
        if command:
            built = ws.build(command, cwd)
            catch.baseline_build(built)
            base_seconds = built.seconds
            notes.append(f"build `{' '.join(command)}` on the site as it is: exit {built.status} "
                         f"({built.seconds:.1f} s)")
            if built.status != 0:
                base_status = built.status
                notes.append("the build fails on the site as it is: what it catches cannot be measured, and the probe "
                             f"exits {built.status} as the build did; sitelint's column is still measured")
        measure_build = bool(command) and base_status == 0
        scene = _scene(before, config, today, ws)
        plants, why_not, excluded = _plants(operators, scene, catch, sample, seed)
        results, seconds, more = rounds_of(plants, ws, lint, catch, command if measure_build else (), cwd,
                                           before.site.framework)
        notes += more
        looked_for = {r.defect_class for r in before.rules}
        rows = tally([(op.defect_class, op.description, bool(looked_for & set(op.sitelint)), bool(op.build))
                      for op in operators], results, seconds, why_not, excluded, measure_build)
        result = ProbeResult(tuple(rows), tuple(results), tuple(dict.fromkeys(notes)), len(seconds) + bool(command),
                             base_seconds + sum(seconds.values()), base_status, sample, seed, before.site.framework)
        return result, before
    finally:
        if keep is None:
            shutil.rmtree(workdir, ignore_errors=True)


def _scene(before: engine.LintResult, config: configmod.Config, today: dt.date, ws: Workspace) -> Scene:
    site = before.site
    pages = {p.path: p for p in site.pages}
    rules = {r.code: r for r in before.rules}
    donors = tuple(sorted(p.path for p in site.pages if not p.variant and p.page_type not in places.RECORDS
                          and p.page_type != "reference"))
    return Scene(site, pages, rules, places.history_params(before.rules), config.settings, today,
                 _older_version(site, config), _code_folders(ws.copy, site.root), donors, ws.inner)


def _older_version(site: Site, config: configmod.Config) -> str:
    """A version of a release line older than the product's current one ('' when no current version is found)."""
    from sitelint.sites.product import Version, find_product

    product = find_product(site.product_root, config.settings, site.repo_root,
                           lambda: gitinfo.version_tags(site.repo_root), [c.parent for c in site.config_files])
    current = product.version
    if current is None:
        return ""
    major, minor = current.parts[0] or 0, current.parts[1] or 0
    for candidate in (f"{major - 1}.0", f"{major - 2}.0", f"0.{minor - 1}", f"0.{minor - 2}"):
        version = Version.parse(candidate)
        if version is not None and not candidate.startswith("-") and "-" not in candidate \
                and version.older_line(current):
            return candidate
    return ""


def _code_folders(copy: Path, docs: Path) -> tuple[str, ...]:
    """Folders of the repository (outside the docs when there are such) holding code or config files."""
    found: dict[str, bool] = {}
    for base, dirs, files in os.walk(copy):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in ("node_modules", "build", "site"))
        folder = Path(base)
        if folder == copy:
            continue
        for suffix in sorted({Path(f).suffix for f in files} & set(CODE_SUFFIXES)):
            found[f"{folder.relative_to(copy).as_posix()}/*{suffix}"] = folder.is_relative_to(docs)
    outside = [k for k, in_docs in found.items() if not in_docs]
    return tuple(outside or found)


def _plants(operators: Sequence[catalogue.Operator], scene: Scene, catch: Catch, sample: int,
            seed: int) -> tuple[list[Plant], dict[str, str], dict[str, dict[str, int]]]:
    plants: list[Plant] = []
    why_not: dict[str, str] = {}
    excluded: dict[str, dict[str, int]] = {}
    for op in operators:
        off = [code for code in op.rules if code not in scene.rules]
        if op.rules and len(off) == len(op.rules):
            why_not[op.defect_class] = f"its rule{'s' if len(off) > 1 else ''} {', '.join(off)} not enabled"
            continue
        lacking = _lacking(op, scene)
        if lacking:
            why_not[op.defect_class] = lacking
            continue
        rng = random.Random(f"{seed}:{op.defect_class}")
        out = places.Exclusions()
        pool = sorted(scene.site.sources) if op.where == "translation" else sorted(scene.pages)
        rng.shuffle(pool)
        made: list[Plant] = []
        for path in pool:
            if len(made) >= sample:
                break
            page = scene.pages.get(path)
            if page is None:
                continue
            reason = places.page_excluded(op, page, scene.rules, scene.history, catch.flagged(path))
            if reason:
                out.add(reason)
                continue
            plant = ACTIONS[op.action](op, page, scene, rng)
            if plant is None or any(catch.flagged(p) & set(op.sitelint) for p in plant.touched if p != path):
                out.add("no place for it on the page")
                continue
            made.append(plant)
        if len(made) < sample:
            why_not[op.defect_class] = (f"{len(made)} of {sample} planted: no other page could take it"
                                        if made else "no page could take it")
        excluded[op.defect_class] = out.counts
        plants.extend(made)
    _measure_cosines(plants, scene)
    return plants, why_not, excluded


def _lacking(op: catalogue.Operator, scene: Scene) -> str:
    if "translations" in op.needs and not scene.site.sources:
        return "the site has no translations sitelint can pair with their source"
    if "version" in op.needs and not scene.older_version:
        return "no current version found (see `sitelint check -v`), so no older one to name"
    if "semantic" in op.needs and scene.settings.get("semantic") is False:
        return "the semantic rules are off (semantic = false)"
    if "code-folder" in op.needs and not scene.code_folders:
        return "the repository has no folder of code or config files to name a missing file in"
    return ""


def _measure_cosines(plants: list[Plant], scene: Scene) -> None:
    """The cosine each paraphrase achieved against its original, with the site's own model (when it runs)."""
    pairs = [(i, p) for i, p in enumerate(plants) if p.passage[0]]
    if not pairs or scene.settings.get("semantic") is False:
        return
    from sitelint.embedding import embedder_for

    embedder = embedder_for(scene.settings, None, lambda message: None)
    try:
        vectors = embedder.embed([t for _, p in pairs for t in p.passage])
    finally:
        embedder.close()
    if vectors is None:
        return
    for n, (i, plant) in enumerate(pairs):
        cosine = float(vectors[2 * n] @ vectors[2 * n + 1])
        plants[i] = replace(plant, cosine=round(cosine, 3))
