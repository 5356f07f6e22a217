"""The light backend: the model's ONNX export on onnxruntime, tokenised by HuggingFace `tokenizers`.

It loads in a fraction of a second with no torch, for the few passages of a pre-commit run, and gives the same
vectors as sentence-transformers (mean pooling over the attention mask, then L2 normalisation, as the model's
modules.json says). Models that pool otherwise are left to the torch backend.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from sitelint.embedding.models import ModelSpec, ModelUnavailable, cores

_MAX_TOKENS = 256
# Passages per inference call. The unoptimised graph keeps every layer's attention for the whole batch: 200 passages
# of 256 tokens at once took 4 GB and 17 s, in batches of 16 a tenth of the memory and a third of the time.
BATCH_SIZE = 16


def supported(spec: ModelSpec) -> bool:
    """Whether this backend computes what sentence-transformers would for the model: mean pooling, normalised."""
    try:
        modules = json.loads((spec.folder / "modules.json").read_text(encoding="utf-8"))
        types = [m["type"].rsplit(".", 1)[-1] for m in modules]
        pooling = json.loads((spec.folder / "1_Pooling" / "config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError, KeyError, TypeError):
        return False
    others = ("pooling_mode_cls_token", "pooling_mode_max_tokens", "pooling_mode_mean_sqrt_len_tokens")
    mean_only = pooling.get("pooling_mode_mean_tokens") and not any(pooling.get(k) for k in others)
    return types == ["Transformer", "Pooling", "Normalize"] and bool(mean_only) and (
        spec.folder / "tokenizer.json").is_file()


class OnnxBackend:
    def __init__(self, spec: ModelSpec, model_file: Path) -> None:
        try:
            import onnxruntime
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise ModelUnavailable(f"onnxruntime or tokenizers is not installed ({exc})") from None
        try:
            config = json.loads((spec.folder / "sentence_bert_config.json").read_text(encoding="utf-8"))
            limit = int(config.get("max_seq_length", _MAX_TOKENS))
        except (OSError, ValueError, TypeError):
            limit = _MAX_TOKENS
        try:
            self.tokenizer = Tokenizer.from_file(str(spec.folder / "tokenizer.json"))
            self.tokenizer.enable_truncation(limit)
            self.tokenizer.enable_padding()
            options = onnxruntime.SessionOptions()
            # Unoptimised, the graph loads fastest, and for a few passages runs about as fast (same vectors).
            options.intra_op_num_threads = cores()
            options.inter_op_num_threads = 1
            options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_DISABLE_ALL
            options.log_severity_level = 3
            self.session = onnxruntime.InferenceSession(str(model_file), options, providers=["CPUExecutionProvider"])
        except Exception as exc:  # noqa: BLE001 - a damaged export means the torch backend is used instead
            raise ModelUnavailable(f"could not load {model_file} ({type(exc).__name__}: {exc})") from None
        self.inputs = [i.name for i in self.session.get_inputs()]

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, 0), dtype=np.float32)
        return np.concatenate([self._batch(texts[i : i + BATCH_SIZE]) for i in range(0, len(texts), BATCH_SIZE)])

    def _batch(self, texts: Sequence[str]) -> np.ndarray:
        encoded = self.tokenizer.encode_batch(list(texts))
        ids = np.array([e.ids for e in encoded], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encoded], dtype=np.int64)
        feed = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        hidden = self.session.run(None, {name: feed[name] for name in self.inputs})[0]
        weights = mask[..., None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return (pooled / np.clip(norms, 1e-12, None)).astype(np.float32)
