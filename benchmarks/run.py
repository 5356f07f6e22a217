"""sitelint's benchmark suite: `make bench` (or .venv/bin/python benchmarks/run.py [--quick]).

On react-native-website (docs + versioned docs, 2,341 pages) it times, each in a fresh process: a cold full check
(semantic rules on), a warm full check, a pre-commit check of one edited page, the raw model throughput on the cold
run's own passages, the corpus replicated 1x/2x/4x with each copy's words varied (cold and warm), and, side by side,
markdownlint-cli2 and jscpd from npm. Writes benchmarks/results/latest.md and latest.json; --update-readme rewrites
the table in README.md's "Performance" section. --quick runs the demo site only (a smoke test of the suite).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))

import corpus  # noqa: E402
import report  # noqa: E402
import tools  # noqa: E402

DEFAULT_CORPUS = Path(os.environ.get("SITELINT_BENCH_CORPUS") or REPO.parent / "shared/corpora/react-native-website")
DEMO = REPO / "fixtures" / "sites" / "demo"
EDITED_PAGE = "docs/flexbox.md"  # a current-docs page of react-native-website with long paragraphs
CHECK_ARGS = ["-q", "--fail-on", "never"]


def measure(cmd: list[str], cwd: Path, log: Path, env: dict[str, str] | None = None) -> dict[str, Any]:
    """Wall, CPU (user + system) and peak RSS of one child process, from its own rusage."""
    load = os.getloadavg()[0]  # other work on the machine slows every case: recorded beside each one
    started = time.perf_counter()
    with open(log, "wb") as out:
        child = subprocess.Popen(cmd, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, env=env or dict(os.environ))
        _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    return {"wall_s": round(wall, 3), "cpu_s": round(usage.ru_utime + usage.ru_stime, 3),
            "rss_mib": round(usage.ru_maxrss / 1024, 1), "exit": os.waitstatus_to_exitcode(status),
            "load_before": round(load, 2)}


def sitelint(name: str, ws: Path, work: Path, paths: list[str] | None = None, sample: Path | None = None,
             cold: bool = False, extra: list[str] | None = None) -> dict[str, Any]:
    """One `sitelint check` in a fresh interpreter; cold removes the workspace's cache first."""
    if cold:
        shutil.rmtree(ws / ".sitelint", ignore_errors=True)
    out = work / f"{name}.json"
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    env.pop("SITELINT_BENCH_SAMPLE", None)
    if sample is not None:
        env["SITELINT_BENCH_SAMPLE"] = str(sample)
    cmd = [sys.executable, str(HERE / "probe.py"), str(out), str(ws), *CHECK_ARGS, *(extra or []),
           "-o", str(work / f"{name}.report.txt"), *(paths or [])]
    row = {"case": name, **measure(cmd, ws, work / f"{name}.log", env)}
    if row["exit"] != 0 or not out.exists():
        raise SystemExit(f"bench: {name} failed (exit {row['exit']}); see {work / (name + '.log')}")
    row.update(json.loads(out.read_text(encoding="utf-8")))
    print(f"  {name}: {row['wall_s']:.2f} s wall, {row['cpu_s']:.2f} s CPU, {row['rss_mib']:.0f} MiB, "
          f"{row['embedded']} embedded, {row['cache_hits']} from cache", flush=True)
    return row


def external(name: str, cmd: list[str], cwd: Path, work: Path) -> dict[str, Any]:
    row = {"case": name, **measure(cmd, cwd, work / f"{name}.log")}
    print(f"  {name}: {row['wall_s']:.2f} s wall, {row['rss_mib']:.0f} MiB", flush=True)
    return row


def _median(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The run with the median wall time, with every run's wall time beside it."""
    ordered = sorted(runs, key=lambda r: r["wall_s"])
    return {**ordered[(len(ordered) - 1) // 2], "walls_s": [r["wall_s"] for r in ordered]}


def slope(points: list[tuple[int, float]]) -> float | None:
    """Least-squares exponent b of time = a * pages^b."""
    if len(points) < 2:
        return None
    xs = [math.log(p) for p, _ in points]
    ys = [math.log(t) for _, t in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    den = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / den if den else None


def compile_bytecode() -> None:
    """Compile sitelint's modules before timing, as pip does when it installs a package.

    An editable install compiles a module on first import and writes the bytecode only when the environment allows
    it: with PYTHONDONTWRITEBYTECODE set, every run would compile each module edited since its last bytecode,
    which times the compiler rather than the linter.
    """
    found = subprocess.run([sys.executable, "-c", "import sitelint, os; print(os.path.dirname(sitelint.__file__))"],
                           capture_output=True, text=True, check=True).stdout.strip()
    subprocess.run([sys.executable, "-m", "compileall", "-q", found], check=True, stdout=subprocess.DEVNULL)


def run(args: argparse.Namespace) -> dict[str, Any]:
    source = DEMO if args.quick else Path(args.corpus)
    if not source.is_dir():
        print(f"bench: skipped: the corpus {source} is not there (set SITELINT_BENCH_CORPUS or --corpus)")
        raise SystemExit(0)
    work = Path(args.work or tempfile.mkdtemp(prefix="sitelint-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    print(f"bench: corpus {source}, work folder {work}", flush=True)
    compile_bytecode()
    ws = work / "x1"
    pages = corpus.make_workspace(source, ws)
    edited = "docs/installation.md" if args.quick else EDITED_PAGE
    sample = work / "sample.json"
    rows = {"cold": sitelint("cold", ws, work, sample=sample, cold=True)}
    rows["warm"] = sitelint("warm", ws, work)
    # Every page in scope, versioned copies too (lint-variants): the first run measures them, the second is warm.
    variants = work / "variants.toml"
    variants.write_text("lint-variants = true\n", encoding="utf-8")
    sitelint("variants_first", ws, work, extra=["--config", str(variants)])
    rows["warm_variants"] = sitelint("warm_variants", ws, work, extra=["--config", str(variants)])
    # The pre-commit cases are short and this machine's timings vary from run to run: each runs `repeats` times
    # (every edit new text) and the median run is reported, with the fastest and slowest beside it.
    # markdownlint-cli2 on the same edited page runs right after each of them, so that each pair meets the machine
    # in the same state: on a shared machine the speed of both drifts by tens of percent within minutes.
    bins, problem = tools.install() if not args.no_tools else (None, "--no-tools")
    original = (ws / edited).read_text(encoding="utf-8")
    edits, agains, others = [], [], []
    for n in range(args.repeats):
        line = corpus.edit_one_page(ws, edited, original, n)
        edits.append(sitelint(f"precommit_{n}", ws, work, [edited]))
        if bins is not None:
            others.append(external(f"markdownlint_one_{n}", tools.markdownlint_cmd(bins, [edited]), ws, work))
        agains.append(sitelint(f"precommit_again_{n}", ws, work, [edited]))
    rows["precommit"], rows["precommit_again"] = _median(edits), _median(agains)
    if others:
        ratios = sorted(a["wall_s"] / b["wall_s"] for a, b in zip(edits, others, strict=True))
        rows["precommit"]["vs_markdownlint"] = {"ratios": [round(r, 3) for r in ratios],
                                                "median": ratios[(len(ratios) - 1) // 2]}
    result: dict[str, Any] = {"corpus": str(source), "pages": pages, "edited": f"{edited}:{line}",
                              "machine": _machine(), "sitelint": rows}
    if not args.no_model and json.loads(sample.read_text(encoding="utf-8")):
        raw = work / "throughput.json"
        rows["raw_model"] = {"case": "raw_model", **measure(
            [sys.executable, str(HERE / "throughput.py"), str(sample), str(raw), "2", "16"], ws, work / "raw.log")}
        if raw.exists():
            rows["raw_model"].update(json.loads(raw.read_text(encoding="utf-8")))
            print(f"  raw model: {rows['raw_model']['passages_per_s']:.1f} passages/s", flush=True)
    # Growth is measured against the pages a run reads (versioned copies it skips are not part of its work).
    growth = [(rows["cold"]["pages"], rows["cold"]["wall_s"], rows["warm"]["wall_s"])]
    for factor in [f for f in args.growth if f > 1]:
        grown = work / f"x{factor}"
        corpus.make_workspace(source, grown, factor)
        cold = sitelint(f"cold_x{factor}", grown, work, cold=True)
        warm = sitelint(f"warm_x{factor}", grown, work)
        rows[f"cold_x{factor}"], rows[f"warm_x{factor}"] = cold, warm
        growth.append((cold["pages"], cold["wall_s"], warm["wall_s"]))
        shutil.rmtree(grown, ignore_errors=True)
    result["growth"] = {"points": growth, "cold_exponent": slope([(p, c) for p, c, _ in growth]),
                        "warm_exponent": slope([(p, w) for p, _, w in growth])}
    if not args.no_tools:
        result["tools"] = _tools(ws, work, bins, problem, others)
    return result


def _tools(ws: Path, work: Path, bins: Any, problem: str | None, one_page: list[dict[str, Any]]) -> dict[str, Any]:
    if problem or bins is None:
        print(f"bench: markdownlint-cli2 and jscpd skipped: {problem}")
        return {"skipped": problem}
    every = [p.relative_to(ws).as_posix() for p in corpus.pages_in(ws)]
    out: dict[str, Any] = {"versions": tools.versions(bins)}
    out["markdownlint_one"] = _median(one_page)
    out["markdownlint_all"] = external("markdownlint_all", tools.markdownlint_cmd(bins, every), ws, work)
    folders = [t for t in corpus.TREES if (ws / t).is_dir()]
    out["jscpd_all"] = external("jscpd_all", tools.jscpd_cmd(bins, folders, work / "jscpd"), ws, work)
    out["jscpd_all"]["duplicated_lines_pct"] = tools.jscpd_share(work / "jscpd")
    out["pages"] = len(every)
    return out


def _machine() -> dict[str, Any]:
    return {"cores": len(os.sched_getaffinity(0)), "python": platform.python_version(),
            "platform": platform.platform(), "date": time.strftime("%Y-%m-%d")}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=str(DEFAULT_CORPUS))
    parser.add_argument("--quick", action="store_true", help="the demo site only: a smoke test of the suite")
    parser.add_argument("--growth", default="1,2,4", help="replication factors (default 1,2,4)")
    parser.add_argument("--no-tools", action="store_true", help="skip markdownlint-cli2 and jscpd")
    parser.add_argument("--no-model", action="store_true", help="skip the raw model throughput run")
    parser.add_argument("--repeats", type=int, default=7, help="runs of each pre-commit case (default 7)")
    parser.add_argument("--work", help="work folder (default: a new temporary folder)")
    parser.add_argument("--out", default=str(HERE / "results"), help="where latest.md and latest.json go")
    parser.add_argument("--update-readme", action="store_true", help="rewrite the table in README.md")
    args = parser.parse_args()
    args.growth = [int(f) for f in args.growth.split(",") if f.strip()]
    if args.quick:
        args.growth = [f for f in args.growth if f <= 2]
    result = run(args)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "latest.json").write_text(json.dumps(result, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    table = report.markdown(result)
    (out / "latest.md").write_text(table, encoding="utf-8")
    print(table)
    if args.update_readme:
        report.update_readme(REPO / "README.md", table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
