"""The check registry: built-in checks plus any registered under the `sitelint.checks` entry-point group."""

from __future__ import annotations

from collections.abc import Mapping
from importlib.metadata import entry_points
from types import MappingProxyType

from sitelint.model import CheckSpec


def _builtin() -> tuple[CheckSpec, ...]:
    from sitelint.checks import duplication, staleness, substance

    return (*substance.CHECKS, *duplication.CHECKS, *staleness.CHECKS)


def registry() -> Mapping[str, CheckSpec]:
    """Every known check by name. Plugins provide a tuple of CheckSpec through the `sitelint.checks` group."""
    specs: dict[str, CheckSpec] = {spec.name: spec for spec in _builtin()}
    for ep in entry_points(group="sitelint.checks"):
        for spec in ep.load():
            specs[spec.name] = spec
    return MappingProxyType(specs)
