"""Values of the cache as data: a Namespace per kind of value, with its version; JSON, or named numpy arrays."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

    from sitelint.cache import Cache


class Namespace:
    """One kind of value in the cache, stored as data: bytes, JSON, or named numpy arrays."""

    def __init__(self, cache: Cache, name: str) -> None:
        self.cache = cache
        self.name = name

    def get_many(self, keys: Iterable[str]) -> dict[str, bytes]:
        return self.cache.get_many(self.name, keys)

    def put_many(self, items: Mapping[str, bytes]) -> None:
        self.cache.put_many(self.name, items)

    def get_json(self, key: str) -> Any:
        return self.get_json_many([key]).get(key)

    def get_json_many(self, keys: Iterable[str]) -> dict[str, Any]:
        """Decoded values of the keys found; a row that is not valid JSON counts as missing."""
        out: dict[str, Any] = {}
        for key, blob in self.get_many(keys).items():
            try:
                out[key] = json.loads(blob)
            except ValueError:
                continue
        return out

    def put_json(self, key: str, value: Any) -> None:
        self.put_json_many({key: value})

    def put_json_many(self, items: Mapping[str, Any]) -> None:
        self.put_many({k: json.dumps(v, separators=(",", ":"), ensure_ascii=False).encode() for k, v in
                       items.items()})

    def get_arrays(self, key: str) -> dict[str, np.ndarray] | None:
        blob = self.get_many([key]).get(key)
        return decode_arrays(blob) if blob is not None else None

    def put_arrays(self, key: str, arrays: Mapping[str, np.ndarray], meta: Any = None) -> None:
        self.put_many({key: encode_arrays(arrays, meta)})


def encode_arrays(arrays: Mapping[str, np.ndarray], meta: Any = None) -> bytes:
    """Named arrays as one value: a JSON header line (dtype, shape, offset of each; optional meta), then raw bytes."""
    header: dict[str, Any] = {"meta": meta, "arrays": {}}
    parts: list[bytes] = []
    offset = 0
    for name, array in arrays.items():
        raw = array.tobytes()
        header["arrays"][name] = [array.dtype.str, list(array.shape), offset, len(raw)]
        parts.append(raw)
        offset += len(raw)
    return json.dumps(header, separators=(",", ":")).encode() + b"\n" + b"".join(parts)


_DTYPES = frozenset({"<u8", "<u4", "<i8", "<i4", "<f4", "<f8", "|b1", "|u1"})


def decode_arrays(blob: bytes) -> dict[str, Any] | None:
    """The arrays (and "__meta__") of an encode_arrays value, or None when it is not one."""
    import numpy as np

    end = blob.find(b"\n")
    try:
        header = json.loads(blob[:end])
        body = memoryview(blob)[end + 1 :]
        out: dict[str, Any] = {"__meta__": header.get("meta")}
        for name, (dtype, shape, offset, size) in header["arrays"].items():
            if dtype not in _DTYPES or offset + size > len(body):
                return None
            out[name] = np.frombuffer(body[offset : offset + size], dtype=np.dtype(dtype)).reshape(shape)
        return out
    except (ValueError, TypeError, KeyError, AttributeError):
        return None
