"""Times sitelint on the pathological pages of the hardening tests: each page beside one ordinary page, a cold
`sitelint check --no-semantic` in a fresh interpreter, wall seconds and peak RSS (the tests assert what happens on
these pages; this measures how long it takes).

Usage: python benchmarks/pathological.py [--out benchmarks/results/pathological.md] [--quick]

The headings case runs at 5,000, 10,000, 20,000 and 100,000 headings and reports the growth exponent between the
sizes (1 is linear; the redesign's parser was quadratic here).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

OTHER = "# Other\n\n" + "Some ordinary prose about installing the tool and running it. " * 30 + "\n"


def headings(n: int) -> str:
    return "".join(f'{"#" * (1 + i % 6)} Heading {i}\n\n' for i in range(n))


def laughs() -> str:
    rows = ["a: &a [x,x,x,x,x,x,x,x,x]"]
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True):
        rows.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    return "---\n" + "\n".join(rows) + "\ntags: *i\n---\n\n# Page\n\nSome text.\n"


def japanese() -> str:
    rng = random.Random(1)
    chars = [chr(c) for c in range(0x3041, 0x3097)] + [chr(c) for c in range(0x4E00, 0x4E00 + 2000)]
    parts, size = [], 0
    while size < 60_000:
        part = "".join(rng.choice(chars) for _ in range(40)) + (" install it " if rng.random() < 0.1 else "") + "。"
        parts.append(part)
        size += len(part.encode())
    return "# 日本語\n\n" + "".join(parts) + "\n"


def zalgo() -> str:
    rng = random.Random(2)
    marks = [chr(c) for c in range(0x300, 0x370)]
    words = ["".join(ch + "".join(rng.choice(marks) for _ in range(30)) for ch in word)
             for word in ("zalgo comes to eat the page " * 200).split()]
    return "# Zalgo\n\n" + " ".join(words) + "\n"


def table(cols: int, rows: int) -> str:
    head = "| " + " | ".join(f"h{i}" for i in range(cols)) + " |\n|" + "---|" * cols + "\n"
    return "# Table\n\n" + head + "".join("| " + " | ".join(f"c{i}" for i in range(cols)) + " |\n" for _ in range(rows))


def regex_title() -> str:
    return "# " + "a" * 38 + "!\n\nAs of 2019, this is the recommended setup.\n"


CASES: dict[str, tuple[Callable[[], str], str]] = {
    "5,000 headings": (lambda: headings(5_000), ""),
    "10,000 headings": (lambda: headings(10_000), ""),
    "20,000 headings": (lambda: headings(20_000), ""),
    "100,000 headings": (lambda: headings(100_000), ""),
    "billion laughs in tags": (laughs, ""),
    "60 KB of Japanese": (japanese, ""),
    "zalgo page": (zalgo, ""),
    "5,000-column table, 40 rows": (lambda: table(5_000, 40), ""),
    "user regex ^(a+)+$ in STL004": (regex_title, '[rule.STL004]\nparams = {exempt-titles = "^(a+)+$"}\n'),
}
QUICK = ("5,000 headings", "10,000 headings", "20,000 headings", "billion laughs in tags",
         "user regex ^(a+)+$ in STL004")


def measure(page: str, config: str, work: Path) -> tuple[float, float, int]:
    """(wall seconds, peak RSS MiB, exit code) of a cold check of the page beside one ordinary page."""
    site = Path(tempfile.mkdtemp(dir=work))
    (site / "docs").mkdir()
    (site / "docs" / "page.md").write_text(page, encoding="utf-8")
    (site / "docs" / "other.md").write_text(OTHER, encoding="utf-8")
    (site / "sitelint.toml").write_text('docs-root = "docs"\n' + config, encoding="utf-8")
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "sitelint", "check", "--no-semantic", "-q"], cwd=site,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)  # this child's own peak RSS, not the largest child's so far
    wall = time.perf_counter() - started
    proc.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_maxrss / 1024, proc.returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "results" / "pathological.md")
    parser.add_argument("--quick", action="store_true", help="Only the small cases.")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="sitelint-pathological-"))
    rows, times = [], {}
    for name, (make, config) in CASES.items():
        if args.quick and name not in QUICK:
            continue
        page = make()
        wall, rss, code = measure(page, config, work)
        times[name] = wall
        rows.append(f"| {name} | {len(page.encode()):,} | {wall:.2f} | {rss:.0f} | {code} |")
        print(rows[-1], flush=True)
    sizes = [(n, times.get(f"{n:,} headings")) for n in (5_000, 10_000, 20_000, 100_000)]
    known = [(n, t) for n, t in sizes if t]
    growth = [f"{a:,} to {b:,}: {math.log(tb / ta) / math.log(b / a):.2f}"
              for (a, ta), (b, tb) in zip(known, known[1:], strict=False)]
    lines = ["| page (beside one ordinary page) | bytes | wall s | peak RSS MiB | exit |",
             "| --- | ---: | ---: | ---: | ---: |", *rows, "",
             "Growth exponent of the whole run with the number of headings (1 is linear): " + "; ".join(growth) + ".",
             f"Python {sys.version.split()[0]}, {os.cpu_count()} cores."]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines[-2:]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
