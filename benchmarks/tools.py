"""The tools docs teams already run, installed from npm at pinned versions outside the repository, and timed.

markdownlint-cli2 (style lint, one file at a time) and jscpd (copy detection; 5.x is a Rust binary shipped in an npm
package). They live in ~/.cache/sitelint-bench/node (SITELINT_BENCH_NODE overrides), never in the repository.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

# jscpd 5.3.2: the newest release whose prebuilt Linux package the registry serves.
PINS = {"markdownlint-cli2": "0.24.1", "jscpd": "5.3.2"}


def node_dir() -> Path:
    return Path(os.environ.get("SITELINT_BENCH_NODE") or Path.home() / ".cache" / "sitelint-bench" / "node")


def install() -> tuple[dict[str, Path], str]:
    """The tools' executables by name, installing them when missing; or ({}, why not) when npm cannot."""
    folder = node_dir()
    bins = {name: folder / "node_modules" / ".bin" / name for name in PINS}
    manifest = folder / "package.json"
    wanted = {"name": "sitelint-bench-tools", "private": True, "dependencies": PINS}
    if all(b.exists() for b in bins.values()) and manifest.exists() and \
            json.loads(manifest.read_text(encoding="utf-8")).get("dependencies") == PINS:
        return bins, ""
    if shutil.which("npm") is None:
        return {}, "npm is not installed"
    folder.mkdir(parents=True, exist_ok=True)
    manifest.write_text(json.dumps(wanted, indent=1), encoding="utf-8")
    done = subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--save-exact", "--loglevel=error"],
                          cwd=folder, capture_output=True, text=True, timeout=600)
    if done.returncode != 0 or not all(b.exists() for b in bins.values()):
        return {}, f"npm install failed in {folder}: {done.stderr.strip()[-300:]}"
    return bins, ""


def versions(bins: dict[str, Path]) -> dict[str, str]:
    out = {}
    for name, path in bins.items():
        done = subprocess.run([str(path), "--version"], capture_output=True, text=True, timeout=60)
        text = (done.stdout or done.stderr).strip().splitlines()
        out[name] = text[0] if text else PINS[name]
    return out


def markdownlint_cmd(bins: dict[str, Path], pages: list[str]) -> list[str]:
    """markdownlint-cli2 on exactly these pages (globs off, so file names are taken literally)."""
    return [str(bins["markdownlint-cli2"]), "--no-globs", *pages]


def jscpd_cmd(bins: dict[str, Path], folders: list[str], report_dir: Path) -> list[str]:
    return [str(bins["jscpd"]), "--format", "markdown", "--reporters", "json", "--output", str(report_dir),
            "--no-gitignore", *folders]


def jscpd_share(report_dir: Path) -> float | None:
    """The share of lines jscpd calls duplicated, from its JSON report."""
    try:
        data = json.loads((report_dir / "jscpd-report.json").read_text(encoding="utf-8"))
        return float(data["statistics"]["total"]["percentage"])
    except (OSError, KeyError, ValueError, TypeError):
        return None
