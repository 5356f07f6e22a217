"""The embedder on the real packaged model: both backends, the cache, verified model files, a missing model."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from sitelint.cache import open_cache
from sitelint.embedding import Embedder, embedder_for
from sitelint.embedding.models import DEFAULT_MODEL, ModelUnavailable, folder_digest, onnx_path, resolve

ROOT = Path(__file__).resolve().parents[1]

INSTALL = "Install the command line tool with npm, then run it once to create a new project in an empty folder."
PARAPHRASE = "To start a new project, add the CLI through npm and execute it a single time inside a blank directory."
UNRELATED = "The Image component accepts a resizeMode prop that controls how the picture fills its frame."
VARIED = [
    "Hi.", INSTALL, PARAPHRASE, UNRELATED, "ünïcödé text, 日本語のテキスト, and emoji 🎉 in one passage.",
    " ".join(["A long passage that runs past the model's 256 word pieces, so it is cut where the model cuts it."] * 30),
]


@pytest.fixture
def exported(onnx_export: Path) -> Path:
    return onnx_export


def test_default_model_is_the_packaged_one_and_its_files_are_verified() -> None:
    spec = resolve("")
    assert spec.name == DEFAULT_MODEL and (spec.folder / "modules.json").is_file()
    assert "site-packages" in str(spec.folder) and len(spec.digest) == 64
    assert resolve("sentence-transformers/all-MiniLM-L6-v2") == spec
    assert spec.namespace.startswith("emb-") and spec.digest.startswith(spec.namespace[4:])


def test_a_damaged_copy_of_the_model_gets_its_own_digest(tmp_path: Path) -> None:
    copy = tmp_path / "model"
    shutil.copytree(resolve("").folder, copy)
    good = folder_digest(copy)
    weights = copy / "model.safetensors"
    weights.write_bytes(b"\0" * weights.stat().st_size)  # zeroed weights of the same size
    assert folder_digest(copy) != good  # its vectors never share the packaged model's cache namespace


def test_torch_and_onnx_give_the_same_vectors(exported: Path) -> None:
    from sitelint.embedding.onnx_backend import OnnxBackend
    from sitelint.embedding.torch_backend import TorchBackend

    spec = resolve("")
    heavy = TorchBackend(spec).encode(VARIED)
    light = OnnxBackend(spec, exported).encode(VARIED)
    single = np.stack([OnnxBackend(spec, exported).encode([t])[0] for t in VARIED])
    assert heavy.shape == light.shape == (len(VARIED), 384)
    assert float(np.abs(heavy - light).max()) < 1e-5 and float(np.abs(single - light).max()) < 1e-5


def test_onnx_embeds_more_passages_than_a_batch_in_order(exported: Path) -> None:
    from sitelint.embedding.onnx_backend import BATCH_SIZE, OnnxBackend

    backend = OnnxBackend(resolve(""), exported)
    many = [f"{text} ({n})" for n in range(BATCH_SIZE // len(VARIED) + 2) for text in VARIED]
    assert len(many) > BATCH_SIZE
    batched = backend.encode(many)
    alone = np.stack([backend.encode([t])[0] for t in many])
    assert batched.shape == (len(many), 384) and float(np.abs(batched - alone).max()) < 1e-5
    assert backend.encode([]).shape[0] == 0


def test_vectors_are_normalised_and_meaningful(tmp_path: Path, exported: Path) -> None:
    notes: list[str] = []
    embedder = embedder_for({}, open_cache({}, tmp_path, notes.append), notes.append)
    vectors = embedder.embed([INSTALL, PARAPHRASE, UNRELATED, f"  {INSTALL}\n"])
    assert vectors is not None and vectors.shape == (4, 384) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-4)
    assert vectors[0] @ vectors[1] > vectors[0] @ vectors[2] + 0.3
    assert np.array_equal(vectors[0], vectors[3])  # same passage after whitespace normalisation
    assert embedder.embedded == 3 and embedder.cache_hits == 0 and embedder.backend == "onnx"
    assert not embedder.problem and notes == []


def test_second_embedder_reads_the_cache(tmp_path: Path, exported: Path) -> None:
    cache = open_cache({}, tmp_path, lambda m: None)
    first = embedder_for({}, cache, lambda m: None).embed([INSTALL, UNRELATED])
    again = embedder_for({}, cache, lambda m: None)
    second = again.embed([UNRELATED, INSTALL, PARAPHRASE])
    assert first is not None and second is not None
    assert again.cache_hits == 2 and again.embedded == 1
    assert np.array_equal(second[0], first[1]) and np.array_equal(second[1], first[0])
    assert any(ns.startswith(resolve("").namespace) for ns in cache.info()["rows"])


def test_empty_input() -> None:
    embedder = embedder_for({}, None, lambda m: None)
    vectors = embedder.embed([])
    assert vectors is not None and vectors.shape[0] == 0 and embedder.embedded == 0


def test_missing_model_says_what_was_tried_and_how_to_fix(tmp_path: Path) -> None:
    notes: list[str] = []
    embedder = embedder_for({"model": str(tmp_path / "no-such-model")}, None, notes.append)
    assert embedder.embed([INSTALL]) is None and embedder.embed([INSTALL]) is None
    assert len(notes) == 1 and "semantic rules skipped" in notes[0] and "no-such-model" in notes[0]
    assert "never downloads" in notes[0] and "semantic = false" in notes[0]


def test_broken_model_folder_is_reported_once(tmp_path: Path) -> None:
    folder = tmp_path / "my-model"
    folder.mkdir()
    (folder / "modules.json").write_text("{ not json")
    notes: list[str] = []
    embedder = embedder_for({"model": str(folder)}, None, notes.append)
    assert isinstance(embedder, Embedder) and embedder.embed([INSTALL]) is None
    assert embedder.embed([INSTALL]) is None
    assert len(notes) == 1 and str(folder) in notes[0] and "semantic rules skipped" in notes[0]


def test_the_packaged_model_must_match_its_digest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sitelint.embedding import models

    monkeypatch.setattr(models, "PACKAGED_DIGEST", "0" * 64)
    with pytest.raises(ModelUnavailable, match="do not match their known digest"):
        models.resolve("")


def test_progress_goes_to_the_callback_and_stderr_stays_silent(capfd: pytest.CaptureFixture[str],
                                                               exported: Path) -> None:
    embedder_for({}, None, lambda m: None).embed([INSTALL])
    assert capfd.readouterr().err == ""  # silent, including library bars: the run's own display shows progress
    seen: list[tuple[int, int]] = []
    embedder_for({}, None, lambda m: None, lambda done, total: seen.append((done, total))).embed([INSTALL, UNRELATED])
    assert seen == [(0, 2), (2, 2)] and capfd.readouterr().err == ""


RUN = textwrap.dedent("""
    import json, sys
    from pathlib import Path
    from sitelint.cache import open_cache
    from sitelint.embedding import embedder_for
    cache = open_cache({}, Path(sys.argv[1]), print)
    embedder = embedder_for({}, cache, print)
    vectors = embedder.embed(json.loads(sys.argv[2]))
    print(json.dumps({"embedded": embedder.embedded, "hits": embedder.cache_hits, "shape": list(vectors.shape),
                      "torch": "torch" in sys.modules, "st": "sentence_transformers" in sys.modules}))
""")


def _run(tmp_path: Path, texts: list[str]) -> dict[str, object]:
    out = subprocess.run([sys.executable, "-c", RUN, str(tmp_path), json.dumps(texts)], cwd=ROOT,
                         capture_output=True, text=True, timeout=600, check=True)
    result: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def test_few_new_passages_need_no_torch(tmp_path: Path, exported: Path) -> None:
    texts = [INSTALL, PARAPHRASE, UNRELATED]
    cold = _run(tmp_path, texts)
    assert cold == {"embedded": 3, "hits": 0, "shape": [3, 384], "torch": False, "st": False}
    warm = _run(tmp_path, texts)
    assert warm == {"embedded": 0, "hits": 3, "shape": [3, 384], "torch": False, "st": False}
    changed = _run(tmp_path, [*texts, "One new passage about the Hermes engine."])
    assert changed["embedded"] == 1 and changed["hits"] == 3 and changed["torch"] is False


def test_a_damaged_export_falls_back_to_torch_and_is_rewritten(tmp_path: Path, exported: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))  # a cache folder of its own: other tests use the export
    private = onnx_path(resolve(""))
    private.parent.mkdir(parents=True)
    private.write_bytes(b"not an onnx model")
    embedder = embedder_for({}, None, lambda m: None)
    vectors = embedder.embed([INSTALL])
    assert vectors is not None and embedder.backend == "torch"
    from sitelint.embedding.onnx_backend import OnnxBackend

    assert OnnxBackend(resolve(""), private).encode([INSTALL]).shape == (1, 384)  # written anew
