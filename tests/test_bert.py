"""The numpy encoder for a few passages gives the vectors sentence-transformers gives, and many passages use torch."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np

from conftest import ROOT
from sitelint import bert
from sitelint.embed import resolve_model

PASSAGES = [
    "Install the command line tools, then run the setup script from the project folder.",
    "To set things up, first get the CLI and afterwards start the setup script inside your project directory.",
    "Hermes is a JavaScript engine optimized for React Native; it improves start-up time and memory use.",
    # Longer than the model's 256-token window: both encoders must cut it at the same place.
    " ".join(["The bundler resolves every import of the entry file and writes one bundle per platform."] * 30),
    "Ünïcode, emoji 🚀 and `inline_code()` survive tokenisation the same way.",
]

COMPARE = """
import json, sys
import numpy as np
from sentence_transformers import SentenceTransformer
model = SentenceTransformer(sys.argv[1], device="cpu")
texts = json.loads(sys.argv[2])
print(json.dumps(model.encode(texts, batch_size=16, normalize_embeddings=True).tolist()))
"""

MANY = """
import json, sys
from sitelint import embed
embed.FEW = 1  # so these three passages count as many
vectors = embed.embedder_for({}, None, print).embed(json.loads(sys.argv[1]))
print(json.dumps({"torch": "torch" in sys.modules, "shape": list(vectors.shape)}))
"""


def test_numpy_vectors_agree_with_sentence_transformers() -> None:
    folder = Path(resolve_model("").source)
    encoder = bert.load(folder)
    assert encoder is not None
    mine = encoder.encode(PASSAGES)
    out = subprocess.run([sys.executable, "-c", COMPARE, str(folder), json.dumps(PASSAGES)], cwd=ROOT,
                         capture_output=True, text=True, timeout=600, check=True)
    theirs = np.array(json.loads(out.stdout.strip().splitlines()[-1]), dtype=np.float32)
    assert mine.shape == theirs.shape == (len(PASSAGES), 384)
    cosines = (mine * theirs).sum(axis=1)
    assert cosines.min() > 0.9999, cosines
    assert np.allclose(np.linalg.norm(mine, axis=1), 1.0, atol=1e-5)


def test_many_passages_go_through_torch() -> None:
    out = subprocess.run([sys.executable, "-c", MANY, json.dumps(PASSAGES[:3])], cwd=ROOT, capture_output=True,
                         text=True, timeout=600, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == {"torch": True, "shape": [3, 384]}


def test_models_it_does_not_cover_are_left_to_sentence_transformers(tmp_path: Path) -> None:
    folder = Path(resolve_model("").source)
    assert bert.load(tmp_path) is None  # no model at all
    for name in ("modules.json", "config.json", "sentence_bert_config.json", "tokenizer.json"):
        (tmp_path / name).write_bytes((folder / name).read_bytes())
    (tmp_path / "1_Pooling").mkdir()
    pooling = json.loads((folder / "1_Pooling" / "config.json").read_text(encoding="utf-8"))
    (tmp_path / "1_Pooling" / "config.json").write_text(
        json.dumps({**pooling, "pooling_mode_mean_tokens": False, "pooling_mode_cls_token": True}), encoding="utf-8")
    (tmp_path / "model.safetensors").symlink_to(folder / "model.safetensors")
    assert bert.load(tmp_path) is None  # CLS pooling is not what the numpy encoder computes
    (tmp_path / "1_Pooling" / "config.json").write_text(json.dumps(pooling), encoding="utf-8")
    assert bert.load(tmp_path) is not None


def test_mapped_weights_equal_what_safetensors_reads(tmp_path: Path) -> None:
    from safetensors.numpy import load_file, save_file

    path = Path(resolve_model("").source) / "model.safetensors"
    mapped, read = bert._weights(path), load_file(str(path))
    assert mapped.keys() == read.keys()
    assert all(mapped[k].dtype == read[k].dtype and np.array_equal(mapped[k], read[k]) for k in read)
    # A dtype numpy has no type for is read by the safetensors package instead of being misread.
    odd = tmp_path / "odd.safetensors"
    save_file({"a": np.arange(6, dtype=np.float32).reshape(2, 3), "b": np.array([1, 2], dtype=np.uint8)}, str(odd))
    assert bert._weights(odd)["b"].tolist() == [1, 2] and bert._weights(odd)["a"].shape == (2, 3)
