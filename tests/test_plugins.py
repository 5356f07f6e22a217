"""Checks from other packages: found through the `sitelint.checks` entry-point group, at no cost when none exist."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

PLUGIN = '''
from sitelint.checks import spec
from sitelint.model import Location, Measurement


def shouting(page, ctx):
    yield Measurement({"shouting": page.title.isupper()}, Location(page.path, 1))


CHECKS = (spec("shouting-title", "page", shouting, values=("shouting",)),)
'''

CHILD = """
import json, sys
from sitelint.checks import registry
names = registry()
print(json.dumps({"plugin": "shouting-title" in names, "builtin": "readability" in names,
                  "metadata": "importlib.metadata" in sys.modules}))
"""


def _registry(extra_path: Path) -> dict[str, bool]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(extra_path), str(ROOT)])}
    out = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    result: dict[str, bool] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def test_a_plugin_check_is_registered_from_its_entry_point(tmp_path: Path) -> None:
    (tmp_path / "shoutcheck.py").write_text(PLUGIN, encoding="utf-8")
    info = tmp_path / "shoutcheck-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: shoutcheck\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[sitelint.checks]\nshout = shoutcheck:CHECKS\n", encoding="utf-8")
    assert _registry(tmp_path) == {"plugin": True, "builtin": True, "metadata": True}


def test_without_plugins_the_entry_point_machinery_is_not_imported(tmp_path: Path) -> None:
    assert _registry(tmp_path) == {"plugin": False, "builtin": True, "metadata": False}
