"""The bulk backend: sentence-transformers on torch (the only module that imports either).

After loading a model it also writes the model's ONNX export for the light backend (torch's own exporter, checked
against torch's vectors before it is kept), so later runs with a few passages to embed need no torch.
"""

from __future__ import annotations

import contextlib
import os
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from sitelint.embedding.models import ModelSpec, ModelUnavailable, cores, onnx_path

BATCH_SIZE = 16
_PROBE = ("A short sentence.", "Deploying publishes the built site to the production bucket and makes it live.")


class TorchBackend:
    def __init__(self, spec: ModelSpec) -> None:
        os.environ["HF_HUB_OFFLINE"] = "1"  # never reach for the network at run time
        os.environ["TRANSFORMERS_OFFLINE"] = "1"
        os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
        os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
        try:
            import torch
            from sentence_transformers import SentenceTransformer

            torch.set_num_threads(cores())
            self.model: Any = SentenceTransformer(str(spec.folder), device="cpu")
        except Exception as exc:  # noqa: BLE001 - any failure here means "no model", never a crashed run
            reason = " ".join(str(exc).split())[:300] or type(exc).__name__
            raise ModelUnavailable(f"could not load the model at {spec.folder} with sentence-transformers "
                                   f"({type(exc).__name__}: {reason})") from None
        self.spec = spec

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        matrix = self.model.encode(list(texts), batch_size=BATCH_SIZE, normalize_embeddings=True,
                                   convert_to_numpy=True, show_progress_bar=False)
        return np.asarray(matrix, dtype=np.float32)

    def export_onnx(self) -> str:
        """Write the model's ONNX export if there is none yet; the reason when it was not written ("" when it was)."""
        target = onnx_path(self.spec)
        if target.is_file():
            return ""
        try:
            import onnx  # noqa: F401 - torch's exporter needs it
            import torch
        except ImportError:
            return "the onnx package is not installed"
        transformer = self.model[0].auto_model
        wrapped = _Hidden(transformer, torch)
        tokens = self.model.tokenizer(list(_PROBE), padding=True, truncation=True, return_tensors="pt")
        args = tuple(tokens[name] for name in ("input_ids", "attention_mask", "token_type_ids") if name in tokens)
        names = [n for n in ("input_ids", "attention_mask", "token_type_ids") if n in tokens]
        axes = {name: {0: "batch", 1: "tokens"} for name in [*names, "hidden"]}
        tmp = target.with_suffix(f".{os.getpid()}.tmp")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            with torch.no_grad(), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                torch.onnx.export(wrapped, args, str(tmp), input_names=names, output_names=["hidden"],
                                  dynamic_axes=axes, opset_version=17, dynamo=False)
            from sitelint.embedding.onnx_backend import OnnxBackend

            light = OnnxBackend(self.spec, tmp)
            if float(np.abs(light.encode(_PROBE) - self.encode(_PROBE)).max()) > 1e-4:
                return "its vectors differ from torch's"
            os.replace(tmp, target)
        except Exception as exc:  # noqa: BLE001 - the export only makes later runs faster
            return f"{type(exc).__name__}: {exc}"
        finally:
            with contextlib.suppress(OSError):
                Path(tmp).unlink()
        return ""


class _Hidden:
    """The transformer as a function of its inputs alone, returning the last hidden state (what ONNX exports)."""

    def __new__(cls, transformer: Any, torch: Any) -> Any:
        class Hidden(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.inner = transformer

            def forward(self, *inputs: Any) -> Any:
                names = ("input_ids", "attention_mask", "token_type_ids")
                return self.inner(**dict(zip(names, inputs, strict=False))).last_hidden_state

        return Hidden()
