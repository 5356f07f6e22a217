"""A numpy forward pass of BERT sentence-transformers models (mean pooling), for embedding a few passages quickly.

Importing torch and sentence_transformers costs about 8 s; a pre-commit run that must embed the handful of passages
of one edited page would spend nearly all its time on that import. This encoder reads the same model folder
(model.safetensors, mapped into memory, tokenizer.json, config.json, the pooling config) with numpy and
sitelint.wordpiece (or the `tokenizers` package for a tokenizer it does not cover) and computes the same fp32
vectors (cosine with torch's above 0.9999).
It encodes one passage at a time, so no padding is involved. It is slower per passage than torch for large batches,
so the embedder uses it only below a few dozen passages. `load` returns None for any model it does not cover.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

import numpy as np

_MODULES = ("sentence_transformers.models.Transformer", "sentence_transformers.models.Pooling")
_NORMALIZE = "sentence_transformers.models.Normalize"


class BertEncoder:
    """Mean-pooled, L2-normalised BERT sentence embeddings in numpy (fp32)."""

    def __init__(self, weights: Mapping[str, np.ndarray], config: Mapping[str, object],
                 tokenize: Callable[[Sequence[str]], list[list[int]]], max_length: int) -> None:
        self._w = weights
        self._layers = int(str(config["num_hidden_layers"]))
        self._heads = int(str(config["num_attention_heads"]))
        self._eps = float(str(config.get("layer_norm_eps", 1e-12)))
        self._tokenize = tokenize
        self._max_length = max_length
        self._fused: dict[str, tuple[np.ndarray, np.ndarray]] = {}  # per layer: query, key and value weights as one

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """One unit vector per text (float32, rows in order)."""
        ids = self._tokenize(texts)
        if not ids:
            return np.zeros((0, self._w["embeddings.word_embeddings.weight"].shape[1]), dtype=np.float32)
        # One BLAS thread: these matrices are small, and a second thread that has to wait for a busy core made
        # encoding three times slower on a loaded 2-core machine.
        with _one_blas_thread():
            return np.stack([self._one(np.asarray(seq, dtype=np.int64)) for seq in ids])

    def _one(self, ids: np.ndarray) -> np.ndarray:
        w = self._w
        n = len(ids)
        x = (w["embeddings.word_embeddings.weight"][ids] + w["embeddings.position_embeddings.weight"][:n]
             + w["embeddings.token_type_embeddings.weight"][0])
        x = self._norm(x, "embeddings.LayerNorm")
        for layer in range(self._layers):
            p = f"encoder.layer.{layer}."
            x = self._norm(x + self._dense(self._attention(x, p + "attention.self."), p + "attention.output.dense"),
                           p + "attention.output.LayerNorm")
            hidden = _gelu(self._dense(x, p + "intermediate.dense"))
            x = self._norm(x + self._dense(hidden, p + "output.dense"), p + "output.LayerNorm")
        pooled = x.mean(axis=0)
        return (pooled / max(float(np.linalg.norm(pooled)), 1e-12)).astype(np.float32)

    def _attention(self, x: np.ndarray, p: str) -> np.ndarray:
        n, width = x.shape
        size = width // self._heads
        weight, bias = self._qkv(p)
        # Query, key and value in one product (fewer, larger numpy calls: each call takes the interpreter lock
        # again, which another thread may be holding).
        q, k, v = (x @ weight.T + bias).reshape(n, 3, self._heads, size).transpose(1, 2, 0, 3)
        scores = q @ k.transpose(0, 2, 1)
        scores *= np.float32(1 / math.sqrt(size))
        scores -= scores.max(axis=-1, keepdims=True)
        np.exp(scores, out=scores)
        scores /= scores.sum(axis=-1, keepdims=True)
        return (scores @ v).transpose(1, 0, 2).reshape(n, width)

    def _qkv(self, p: str) -> tuple[np.ndarray, np.ndarray]:
        fused = self._fused.get(p)
        if fused is None:
            names = [p + part for part in ("query", "key", "value")]
            fused = self._fused[p] = (np.concatenate([self._w[n + ".weight"] for n in names]),
                                      np.concatenate([self._w[n + ".bias"] for n in names]))
        return fused

    def _dense(self, x: np.ndarray, name: str) -> np.ndarray:
        out: np.ndarray = x @ self._w[name + ".weight"].T + self._w[name + ".bias"]
        return out

    def _norm(self, x: np.ndarray, name: str) -> np.ndarray:
        centred = x - x.mean(axis=-1, keepdims=True)
        scale = 1 / np.sqrt((centred * centred).mean(axis=-1, keepdims=True) + self._eps)
        centred *= scale
        centred *= self._w[name + ".weight"]
        centred += self._w[name + ".bias"]
        return centred


def _one_blas_thread() -> AbstractContextManager[object]:
    try:
        from threadpoolctl import threadpool_limits  # installed with sentence-transformers (via scikit-learn)
    except ImportError:
        return nullcontext()
    return threadpool_limits(limits=1, user_api="blas")


def _gelu(x: np.ndarray) -> np.ndarray:
    """Exact (erf) GELU, as BERT's "gelu"; erf from Abramowitz-Stegun 7.1.26 (error below 1.5e-7).

    Written in place, three buffers for the whole formula: this is the widest array of each layer.
    """
    z = np.abs(x)
    z /= np.float32(math.sqrt(2.0))
    t = z * np.float32(0.3275911)
    t += np.float32(1.0)
    np.reciprocal(t, out=t)
    poly = t * np.float32(1.061405429)
    for coefficient in (-1.453152027, 1.421413741, -0.284496736, 0.254829592):
        poly += np.float32(coefficient)
        poly *= t
    z *= z
    np.negative(z, out=z)
    np.exp(z, out=z)
    z *= poly
    np.subtract(np.float32(1.0), z, out=z)
    z *= np.sign(x)  # erf(x / sqrt(2))
    z += np.float32(1.0)
    out = x * np.float32(0.5)
    out *= z
    return out


_DTYPES = {"F32": np.float32, "F16": np.float16, "F64": np.float64, "I64": np.int64, "I32": np.int32}


def _weights(path: Path) -> Mapping[str, np.ndarray]:
    """The tensors of a safetensors file, mapped into memory rather than read.

    Reading the 90 MB file cost a pre-commit run 0.06 s; most of it is the word-embedding table, of which a few
    passages touch a few hundred rows. The format is an 8-byte header size, a JSON header, then raw little-endian
    tensors; any dtype numpy lacks (bf16) goes through the safetensors package instead.
    """
    with path.open("rb") as stream:
        size = int.from_bytes(stream.read(8), "little")
        header = json.loads(stream.read(size))
    specs = {k: v for k, v in header.items() if k != "__metadata__"}
    if any(v["dtype"] not in _DTYPES for v in specs.values()) or not np.little_endian:
        from safetensors.numpy import load_file

        return load_file(str(path))
    data = np.memmap(path, dtype=np.uint8, mode="r", offset=8 + size)
    out = {}
    for name, spec in specs.items():
        start, end = spec["data_offsets"]
        out[name] = data[start:end].view(_DTYPES[spec["dtype"]]).reshape(spec["shape"])
    return out


def _tokenizer(path: Path, max_length: int) -> Callable[[Sequence[str]], list[list[int]]]:
    """Token ids per text: sitelint.wordpiece when it covers the tokenizer's configuration, else `tokenizers`."""
    from sitelint import wordpiece

    mine = wordpiece.load(path, max_length)
    if mine is not None:
        return lambda texts: [mine.ids(t) for t in texts]
    from tokenizers import Tokenizer

    theirs = Tokenizer.from_file(str(path))
    theirs.no_padding()
    theirs.enable_truncation(max_length=max_length)
    return lambda texts: [enc.ids for enc in theirs.encode_batch(list(texts))]


def load(folder: Path) -> BertEncoder | None:
    """The encoder for a sentence-transformers folder of a BERT model with mean pooling, or None if it is not one."""
    try:
        modules = json.loads((folder / "modules.json").read_text(encoding="utf-8"))
        kinds = [m["type"] for m in modules]
        if tuple(kinds[:2]) != _MODULES or kinds[2:] not in ([], [_NORMALIZE]) or modules[0].get("path"):
            return None
        pooling = json.loads((folder / modules[1]["path"] / "config.json").read_text(encoding="utf-8"))
        if not pooling.get("pooling_mode_mean_tokens") or any(
                v for k, v in pooling.items() if k.startswith("pooling_mode") and k != "pooling_mode_mean_tokens"):
            return None
        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        if config.get("model_type") != "bert" or config.get("hidden_act") != "gelu" or \
                config.get("position_embedding_type", "absolute") != "absolute":
            return None
        st_config = json.loads((folder / "sentence_bert_config.json").read_text(encoding="utf-8"))
        if not (folder / "model.safetensors").is_file() or not (folder / "tokenizer.json").is_file():
            return None
        max_length = int(st_config.get("max_seq_length") or config.get("max_position_embeddings") or 512)
        tokenize = _tokenizer(folder / "tokenizer.json", max_length)
        weights = {k.removeprefix("bert."): v for k, v in _weights(folder / "model.safetensors").items()}
        if "embeddings.word_embeddings.weight" not in weights:
            return None
        return BertEncoder(weights, config, tokenize, max_length)
    except (OSError, ValueError, KeyError, TypeError, ImportError, AttributeError, IndexError):
        return None
