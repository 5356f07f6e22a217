"""The benchmark's tables: cases, phases, targets and side-by-side ratios, as Markdown (and into README.md)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

START, END = "<!-- bench:start -->", "<!-- bench:end -->"
LABELS = {
    "precommit": "pre-commit: one edited page, warm cache",
    "precommit_again": "pre-commit: same page again, nothing new",
    "warm": "full check, warm cache",
    "warm_variants": "full check, warm cache, versioned copies reported on too",
    "cold": "full check, cold cache, semantic rules on",
}
FAMILIES = ("substance", "duplication", "staleness")


def _family_of() -> dict[str, str]:
    """Check name -> family (the module that defines it), read from the registry."""
    from sitelint.checks import registry

    return {name: spec.fn.__module__.split(".")[2] for name, spec in registry().items()}


def phases(row: Mapping[str, Any], families: Mapping[str, str]) -> dict[str, float]:
    """The engine's timings (laps that add up to the run) grouped into the phases of the table."""
    t = dict(row.get("timings") or {})
    out = {"read+parse": t.get("read+parse", 0.0), "prepare (git history, corpus, embedder)": t.get("prepare", 0.0)}
    for family in FAMILIES:
        out[family] = sum(v for k, v in t.items() if k.startswith("check:") and families.get(k[6:]) == family)
    semantic = t.get("check:paraphrased-passages", 0.0)
    out["duplication"] -= semantic
    out["embedding (model load + encode)"] = row.get("embed_s", 0.0)
    out["semantic search"] = max(0.0, semantic - row.get("embed_s", 0.0))
    out["suppress+score"] = t.get("suppress+score", 0.0)
    laps = row.get("timings") or {}
    engine = sum(laps.values())
    out["start-up, imports, report"] = max(0.0, row.get("wall_s", 0.0) - engine)
    return out


def _cell(value: Any, digits: int = 2) -> str:
    if value is None or value == "":
        return "–"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


def markdown(result: Mapping[str, Any]) -> str:
    rows = result["sitelint"]
    lines = [f"Corpus: `{Path(result['corpus']).name}`, {result['pages']:,} pages; machine: "
             f"{result['machine']['cores']} cores, Python {result['machine']['python']}, {result['machine']['date']}. "
             f"Pre-commit edit: `{result['edited']}`. Every case runs in a fresh process. "
             f"Machine load (1-minute average) before the cases: {_loads(result)}.", "",
             "| case | pages in scope | pages read | wall s | CPU s | peak RSS MiB | passages embedded "
             "| vectors from cache | torch imported |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"]
    lines += [_sitelint_row(label, rows[key]) for key, label in LABELS.items() if rows.get(key)]
    for key in sorted(k for k in rows if "_x" in k):
        kind, factor = key.split("_x")
        lines.append(_sitelint_row(f"growth {factor}x, {kind} cache", rows[key]))
    raw = rows.get("raw_model")
    if raw and "passages_per_s" in raw:
        lines.append(f"| raw model: {raw['passages']} of the cold run's passages, batch {raw['batch']}, "
                     f"{raw['threads']} threads | – | – | {raw['seconds']:.2f} (encode only) | {raw['cpu_s']:.2f} | "
                     f"{raw['rss_mib']:.0f} | {raw['passages']} | – | yes |")
    ext = result.get("tools") or {}
    for key, label in (("markdownlint_one", "markdownlint-cli2, the same one page"),
                       ("markdownlint_all", "markdownlint-cli2, every page"),
                       ("jscpd_all", "jscpd, every page (markdown)")):
        r = ext.get(key)
        if r:
            scope = 1 if key.endswith("one") else ext.get("pages", 0)
            lines.append(f"| {label} | {scope:,} | {scope:,} | {_wall(r)} | {r['cpu_s']:.2f} | "
                         f"{r['rss_mib']:.0f} | – | – | – |")
    if ext.get("versions"):
        lines += ["", "Tools: " + ", ".join(v for _, v in sorted(ext["versions"].items())) + "."]
    lines += ["", *_phase_table(rows), "", *_targets(result)]
    return "\n".join(lines) + "\n"


def _sitelint_row(label: str, r: Mapping[str, Any]) -> str:
    return (f"| {label} | {r['scope']:,} | {r['pages']:,} | {_wall(r)} | {r['cpu_s']:.2f} | {r['rss_mib']:.0f} | "
            f"{r['embedded']:,} | {r['cache_hits']:,} | {'yes' if 'torch' in r['imported'] else 'no'} |")


def _wall(row: Mapping[str, Any]) -> str:
    """Wall seconds; for a case run several times, the median run with the fastest and slowest beside it."""
    walls = row.get("walls_s") or []
    if len(walls) < 2:
        return f"{row['wall_s']:.2f}"
    return f"{row['wall_s']:.2f} (median of {len(walls)}: {min(walls):.2f} to {max(walls):.2f})"


def _loads(result: Mapping[str, Any]) -> str:
    loads = [r["load_before"] for r in result["sitelint"].values() if "load_before" in r]
    return f"{min(loads):.1f} to {max(loads):.1f}" if loads else "not recorded"


def _phase_table(rows: Mapping[str, Any]) -> list[str]:
    families = _family_of()
    keys = [k for k in ("precommit", "warm", "cold") if k in rows]
    table = {k: phases(rows[k], families) for k in keys}
    out = ["Seconds per phase (the engine's timings, `sitelint check -v`):", "",
           "| phase | " + " | ".join(LABELS[k].split(":")[0].replace("full check, ", "full ") for k in keys) + " |",
           "| --- |" + " ---: |" * len(keys)]
    for phase in table[keys[0]]:
        out.append(f"| {phase} | " + " | ".join(f"{table[k][phase]:.2f}" for k in keys) + " |")
    return out


def _ratio(a: float | None, b: float | None) -> float | None:
    return a / b if a and b else None


def _targets(result: Mapping[str, Any]) -> list[str]:
    rows, ext, growth = result["sitelint"], result.get("tools") or {}, result.get("growth") or {}
    cold, warm, pre = rows.get("cold", {}), rows.get("warm", {}), rows.get("precommit", {})
    raw = rows.get("raw_model", {}).get("passages_per_s")
    achieved = cold["embedded"] / cold["wall_s"] if cold.get("embedded") else None
    encode_rate = cold["embedded"] / cold["embed_s"] if cold.get("embed_s") else None
    ml_one, ml_all = ext.get("markdownlint_one", {}).get("wall_s"), ext.get("markdownlint_all", {}).get("wall_s")
    jscpd = ext.get("jscpd_all", {})
    lines = ["| target | measured | met |", "| --- | --- | --- |"]

    def add(target: str, measured: str, ok: bool | None) -> None:
        lines.append(f"| {target} | {measured} | {'–' if ok is None else 'yes' if ok else 'no'} |")

    add("pre-commit, one edited page, warm: median <= 0.6 s", f"{_wall(pre)} s", pre.get("wall_s", 9) <= 0.6)
    pair = pre.get("vs_markdownlint")
    if pair:
        add("pre-commit faster than markdownlint-cli2 on that one page (each run beside one of the other)",
            f"median ratio {pair['median']:.2f}x ({', '.join(f'{r:.2f}' for r in pair['ratios'])})",
            pair["median"] < 1)
    tenth = ml_all / 10 if ml_all else None
    add("full check, warm: at most 1/10 of markdownlint-cli2 on the same pages",
        f"{warm.get('wall_s', 0):.2f} s" + (f" against {tenth:.2f} s (a tenth of {ml_all:.2f} s)" if tenth else ""),
        None if tenth is None else warm.get("wall_s", 99) <= tenth)
    ratio = _ratio(raw, achieved)
    add("cold run within 1.5x of raw model throughput",
        f"{cold.get('unique_passages', 0):,} unique passages, {cold.get('embedded', 0):,} embedded in "
        f"{cold.get('wall_s', 0):.1f} s: {_cell(achieved, 1)} passages/s over the whole run "
        f"({_cell(encode_rate, 1)}/s while embedding) vs raw {_cell(raw, 1)}/s: {_cell(ratio)}x",
        None if ratio is None else ratio <= 1.5)
    add("peak RSS, cold: < 2 GiB", f"{cold.get('rss_mib', 0):.0f} MiB", cold.get("rss_mib", 1e9) < 2048)
    for kind in ("cold", "warm"):
        exp = growth.get(f"{kind}_exponent")
        pts = ", ".join(f"{p:,} pages read {c if kind == 'cold' else w:.1f} s"
                        for p, c, w in growth.get("points", []))
        add(f"growth exponent ({kind} cache) close to 1", f"{_cell(exp)} ({pts})",
            None if exp is None else exp <= 1.2)
    lines += ["", "Side by side, same run, same pages:", ""]
    lines.append(f"- sitelint pre-commit (one page, whole site as corpus) vs markdownlint-cli2 on that page: "
                 f"{_cell(pre.get('wall_s'))} s vs {_cell(ml_one)} s (medians; "
                 f"{_cell(pair['median'] if pair else _ratio(pre.get('wall_s'), ml_one))}x, "
                 f"{'the median of the paired runs' if pair else 'one run each'})")
    lines.append(f"- sitelint full warm vs markdownlint-cli2 on every page: {_cell(warm.get('wall_s'))} s vs "
                 f"{_cell(ml_all)} s ({_cell(_ratio(warm.get('wall_s'), ml_all))}x)")
    share = jscpd.get("duplicated_lines_pct")
    lines.append(f"- sitelint full warm vs jscpd on every page: {_cell(warm.get('wall_s'))} s vs "
                 f"{_cell(jscpd.get('wall_s'))} s ({_cell(_ratio(warm.get('wall_s'), jscpd.get('wall_s')))}x); "
                 f"jscpd calls {_cell(share, 1)}% of the lines duplicated (it does not know versioned docs)")
    lines.append(f"- sitelint full cold (semantic) vs markdownlint-cli2 on every page: {_cell(cold.get('wall_s'))} s "
                 f"vs {_cell(ml_all)} s ({_cell(_ratio(cold.get('wall_s'), ml_all))}x)")
    return lines


def update_readme(readme: Path, table: str) -> None:
    """Replace the text between the bench markers of README.md's Performance section."""
    text = readme.read_text(encoding="utf-8")
    if START not in text or END not in text:
        raise SystemExit(f"{readme}: no {START} ... {END} markers in the Performance section")
    text = re.sub(re.escape(START) + r".*?" + re.escape(END), lambda _: f"{START}\n{table}{END}", text, flags=re.S)
    readme.write_text(text, encoding="utf-8")
