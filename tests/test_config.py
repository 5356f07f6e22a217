"""Configuration: discovery upward, validation with clear errors, per-rule overrides."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitelint import config as configmod


def test_pyproject_table_is_found_upward(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.sitelint]\nfail-on = "error"\n', encoding="utf-8")
    nested = tmp_path / "docs" / "guide"
    nested.mkdir(parents=True)
    config = configmod.load(nested)
    assert config.source == tmp_path / "pyproject.toml"
    assert config.settings["fail-on"] == "error"


def test_pyproject_without_table_is_skipped_for_sitelint_toml_above(tmp_path: Path) -> None:
    (tmp_path / "sitelint.toml").write_text('ignore = ["SUB006"]\n', encoding="utf-8")
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    config = configmod.load(tmp_path / "pkg")
    assert config.source == tmp_path / "sitelint.toml"
    assert config.settings["ignore"] == ["SUB006"]


def test_no_config_gives_defaults(tmp_path: Path) -> None:
    config = configmod.load(tmp_path)
    assert config.source is None
    assert config.settings["fail-on"] == "warning"
    assert config.settings["semantic"] is True


def test_unknown_key_names_key_file_and_allowed_keys(tmp_path: Path) -> None:
    path = tmp_path / "sitelint.toml"
    path.write_text("fial-on = 'error'\n", encoding="utf-8")
    with pytest.raises(configmod.ConfigError) as err:
        configmod.load(tmp_path)
    message = str(err.value)
    assert str(path) in message and "fial-on" in message and "fail-on" in message


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("fail-on = 'sometimes'", ["fail-on", "error, warning, info, never"]),
        ("semantic = 'yes'", ["semantic", "true or false"]),
        ("include = 'docs/*.md'", ["include", "list of strings"]),
        ("[rule.SUB001]\nlevel = 'fatal'", ["rule.SUB001.level", "error, warning, info"]),
        ("max-page-bytes = true", ["max-page-bytes", "an integer"]),
        ("fail-on = ", ["not valid TOML"]),
    ],
)
def test_bad_values_are_explained(tmp_path: Path, text: str, words: list[str]) -> None:
    (tmp_path / "sitelint.toml").write_text(text + "\n", encoding="utf-8")
    with pytest.raises(configmod.ConfigError) as err:
        configmod.load(tmp_path)
    for word in words:
        assert word in str(err.value)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[rule.SUB001]\nminimum = 3", ["rule SUB001", "`minimum` is not a setting of SUB001 thin-page",
                                       "did you mean `min`?", "level, enabled, params, min, nav-link-density"]),
        ("[rule.thin-page]\nmax = 3", ["`max` is not a setting of SUB001 thin-page", "did you mean `min`?"]),
        ("[rule.DUP002]\nparams = {min-similarty = 0.9}", ["`min-similarty` is not a setting", "did you mean "
                                                          "`min-similarity`?"]),
        ("[rule.DUP002]\nmin-similarity = 5", ["`min-similarity` must be a number from 0 to 1, not 5"]),
        ("[rule.SUB001]\nmin = 'many'", ["`min` must be a number, not str 'many'"]),
        ("[rule.STL003]\nother-products = [1, 2]", ["`other-products` must be a list of str, not one holding 1"]),
        ("[rule.SUB01]\nmin = 3", ["unknown rule `SUB01`", "did you mean `SUB001`?"]),
    ],
)
def test_bad_rule_settings_are_explained(tmp_path: Path, text: str, words: list[str]) -> None:
    from sitelint import api

    (tmp_path / "sitelint.toml").write_text(text + "\n", encoding="utf-8")
    (tmp_path / "docs").mkdir()
    with pytest.raises(api.InputError) as err:
        api.lint(cwd=tmp_path, config=configmod.load(tmp_path))
    for word in words:
        assert word in str(err.value)
    assert str(tmp_path / "sitelint.toml") in str(err.value)


def test_rule_overrides_are_kept_by_code_or_name(tmp_path: Path) -> None:
    (tmp_path / "sitelint.toml").write_text(
        "[rule.thin-page]\nmin = 50\n[rule.SUB006]\nenabled = false\n", encoding="utf-8")
    config = configmod.load(tmp_path)
    assert config.rules["thin-page"]["min"] == 50
    assert config.rules["SUB006"]["enabled"] is False
