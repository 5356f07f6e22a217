"""Raw model throughput, the yardstick of the cold run: the packaged MiniLM encoding passages, nothing else.

Usage: throughput.py SAMPLE.json OUT.json [threads] [batch]

Loads the same model sitelint uses (outside the timed part), warms it up on one batch, then encodes every passage
of the sample (the cold run's own passages) and writes passages per second to OUT.json.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path


def main(argv: list[str]) -> int:
    sample, out = Path(argv[0]), Path(argv[1])
    threads = int(argv[2]) if len(argv) > 2 else 2
    batch = int(argv[3]) if len(argv) > 3 else 16
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ["TRANSFORMERS_OFFLINE"] = "1"
    texts = json.loads(sample.read_text(encoding="utf-8"))
    started = time.perf_counter()
    import torch
    from sentence_transformers import SentenceTransformer

    from sitelint.embedding.models import resolve

    torch.set_num_threads(threads)
    model = SentenceTransformer(str(resolve("").folder), device="cpu")
    load_s = time.perf_counter() - started
    model.encode(texts[:batch], batch_size=batch, normalize_embeddings=True, show_progress_bar=False)
    began = time.perf_counter()
    model.encode(texts, batch_size=batch, normalize_embeddings=True, show_progress_bar=False)
    seconds = time.perf_counter() - began
    tokens = [len(model.tokenizer(t, truncation=True, max_length=model.max_seq_length)["input_ids"]) for t in texts]
    result = {"passages": len(texts), "seconds": seconds, "passages_per_s": len(texts) / seconds,
              "threads": threads, "batch": batch, "load_s": load_s,
              "mean_tokens": sum(tokens) / max(1, len(tokens)), "max_seq_length": model.max_seq_length}
    out.write_text(json.dumps(result, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
