"""What sitelint promises about files: the cache holds data only and is sitelint's own file, reports never land on
a page or a tracked file, and every input or output error is exit 2 with a message, never a traceback."""

from __future__ import annotations

import os
import pickle
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import git, write_site
from sitelint.cache import DEFAULT_PATH, CacheRefused, open_cache
from sitelint.cachefile import APPLICATION_ID
from sitelint.pipeline import pages

GOOD = "# Guide\n\n" + " ".join(
    f"Sentence {i} explains how the {w} feature of the service behaves when a request arrives with a token."
    for i, w in enumerate(["login", "billing", "export", "import", "search", "upload", "audit", "backup"])) + "\n"


def run(cwd: Path, *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1", "SITELINT_TODAY": "2026-11-30"}
    return subprocess.run([sys.executable, "-m", "sitelint", *args], cwd=cwd, capture_output=True, text=True,
                          env=env, timeout=timeout)


def no_traceback(done: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in done.stderr and "Traceback" not in done.stdout, done.stderr


class Payload:
    """Would leave a file behind if it were ever unpickled."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str, ...]]:
        return (os.system, (f"touch {self.marker}",))


def test_a_committed_cache_holding_a_pickle_never_runs_it(tmp_path: Path) -> None:
    site = write_site(tmp_path / "site", {"docs/guide.md": GOOD, "docs/other.md": GOOD.replace("Guide", "Other")})
    assert run(site, "check", "--no-semantic").returncode in (0, 1)
    marker = tmp_path / "pwned"
    conn = sqlite3.connect(site / DEFAULT_PATH)
    rows = conn.execute("SELECT ns, key FROM entries").fetchall()
    assert any(ns.startswith("page.") for ns, _ in rows)
    poison = pickle.dumps(Payload(marker))
    conn.executemany("UPDATE entries SET value = ? WHERE ns = ? AND key = ?", [(poison, ns, key) for ns, key in rows])
    conn.commit()
    conn.close()
    # The poisoned file goes through git, as a committed cache would, into a fresh clone.
    git(site, "init", "-q", "-b", "main")
    (site / ".sitelint" / ".gitignore").unlink()
    git(site, "add", "-A")
    git(site, "commit", "-q", "-m", "docs")
    git(tmp_path, "clone", "-q", str(site), "clone")
    clone = tmp_path / "clone"
    done = run(clone, "check", "--no-semantic", "--format", "json")
    no_traceback(done)
    assert done.returncode in (0, 1)
    assert '"rule"' in done.stdout  # the run went on: the poisoned rows were misses, parsed again
    assert not marker.exists()


def test_a_page_is_parsed_again_when_its_cached_value_is_not_data(tmp_path: Path) -> None:
    cache = open_cache({}, tmp_path, lambda m: None)
    source = [("docs/a.md", tmp_path / "docs/a.md", "", GOOD)]
    ns = cache.namespace(pages.NAMESPACE, f"{pages.VERSION}-{pages.parse.PARSER_VERSION}")
    ns.put_many({pages.key("docs/a.md", "", GOOD): pickle.dumps(Payload(tmp_path / "pwned"))})
    (page,) = pages.load(source, cache)
    assert page.title == "Guide" and not (tmp_path / "pwned").exists()


def test_the_cache_file_carries_sitelint_s_mark(tmp_path: Path) -> None:
    open_cache({}, tmp_path, lambda m: None).close()
    conn = sqlite3.connect(tmp_path / DEFAULT_PATH)
    assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


@pytest.mark.parametrize("setting", ["docs/good1.md", "docs/new.sqlite", "../outside.sqlite", "~/sitelint.sqlite",
                                     "/tmp/sitelint-anywhere.sqlite"])
def test_the_cache_setting_may_not_name_the_docs_or_leave_the_project(tmp_path: Path, setting: str) -> None:
    site = write_site(tmp_path / "site", {"docs/good1.md": GOOD},
                      files={"sitelint.toml": f'docs-root = "docs"\ncache = "{setting}"\n'})
    page = (site / "docs/good1.md").read_bytes()
    done = run(site, "check", "--no-semantic")
    no_traceback(done)
    assert done.returncode == 2
    assert "sitelint.toml" in done.stderr and "`cache` setting" in done.stderr
    assert (site / "docs/good1.md").read_bytes() == page
    assert not (tmp_path / "outside.sqlite").exists()


def test_a_file_that_is_not_a_sitelint_cache_is_refused_not_replaced(tmp_path: Path) -> None:
    site = write_site(tmp_path / "site", {"docs/good1.md": GOOD},
                      files={"sitelint.toml": 'docs-root = "docs"\ncache = "README.md"\n', "README.md": "# Read me\n"})
    done = run(site, "check", "--no-semantic")
    assert done.returncode == 2 and "is not a sitelint cache" in done.stderr
    assert (site / "README.md").read_text() == "# Read me\n"
    assert not list(site.glob("README.md.corrupt-*"))


def test_cache_on_the_command_line_may_be_anywhere_but_only_a_sitelint_file(tmp_path: Path) -> None:
    site = write_site(tmp_path / "site", {"docs/good1.md": GOOD})
    elsewhere = tmp_path / "caches" / "lint.sqlite"
    elsewhere.parent.mkdir()
    assert run(site, "check", "--no-semantic", "--cache", str(elsewhere)).returncode in (0, 1)
    assert sqlite3.connect(elsewhere).execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert not (site / ".sitelint").exists()
    info = run(site, "cache", "info", "--cache", str(elsewhere))
    assert info.returncode == 0 and str(elsewhere) in info.stdout
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    done = run(site, "check", "--no-semantic", "--cache", str(notes))
    assert done.returncode == 2 and "--cache" in done.stderr and "not a sitelint cache" in done.stderr
    assert notes.read_text() == "my notes\n"


def test_a_cache_inside_sitelint_s_own_folder_is_allowed_even_when_the_docs_are_the_project(tmp_path: Path) -> None:
    cache = open_cache({"cache": ".sitelint/other.sqlite"}, tmp_path, lambda m: None, docs_roots=[tmp_path])
    assert cache.info()["path"] == str(tmp_path / ".sitelint" / "other.sqlite")
    with pytest.raises(CacheRefused, match="inside the docs"):
        open_cache({"cache": "lint.sqlite"}, tmp_path, lambda m: None, docs_roots=[tmp_path])


def test_damaged_caches_leave_one_copy_aside_not_a_pile(tmp_path: Path) -> None:
    path = tmp_path / DEFAULT_PATH
    for _ in range(3):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"not a database " * 200)
        open_cache({}, tmp_path, lambda m: None).close()
        time.sleep(1.1)  # a new name for the next copy (the name carries the second)
    assert len(list(path.parent.glob("cache.sqlite.corrupt-*"))) == 1


def test_report_onto_a_page_or_a_tracked_file_is_refused(tmp_path: Path) -> None:
    site = write_site(tmp_path, {"docs/page.md": GOOD, "docs/other.md": GOOD.replace("Guide", "Other")},
                      files={"NOTES.txt": "kept\n"},
                      commits=[{"date": "2026-01-01T12:00:00", "paths": ["docs/page.md", "NOTES.txt"]}])
    before = (site / "docs/page.md").read_text()
    for target, why in (("docs/page.md", "is a page of the site"), ("docs/new.md", "would be a page"),
                        ("NOTES.txt", "git tracks")):
        done = run(site, "check", "--no-semantic", "-o", target)
        no_traceback(done)
        assert done.returncode == 2 and why in done.stderr, (target, done.stderr)
    assert (site / "docs/page.md").read_text() == before and (site / "NOTES.txt").read_text() == "kept\n"
    assert not (site / "docs/new.md").exists()
    assert run(site, "check", "--no-semantic", "-o", "report.txt").returncode in (0, 1)
    assert "Found" in (site / "report.txt").read_text()


@pytest.mark.parametrize("target", ["/nonexistent/dir/x", "/dev/full"])
def test_unwritable_output_is_exit_2_with_a_message(tmp_path: Path, target: str) -> None:
    if target == "/dev/full" and not Path(target).exists():
        pytest.skip("no /dev/full on this system")
    write_site(tmp_path, {"docs/page.md": GOOD})
    done = run(tmp_path, "check", "--no-semantic", "-o", target)
    no_traceback(done)
    assert done.returncode == 2 and target in done.stderr and "cannot write the report" in done.stderr


def test_a_non_utf8_file_name_is_one_finding_and_the_report_is_whole(tmp_path: Path) -> None:
    write_site(tmp_path, {"docs/page.md": GOOD, "docs/other.md": GOOD})
    fd = os.open(os.fsencode(tmp_path / "docs") + b"/caf\xe9.md", os.O_WRONLY | os.O_CREAT)
    os.write(fd, GOOD.encode())
    os.close(fd)
    done = run(tmp_path, "check", "--no-semantic", "--format", "json", "-o", "report.json")
    no_traceback(done)
    report = (tmp_path / "report.json").read_text(encoding="utf-8")
    assert "docs/caf\\\\xe9.md" in report and "file name is not valid UTF-8" in report
    assert '"DUP001"' in report  # the duplication checks still ran on the other pages


def test_sigterm_removes_the_probe_s_copy(tmp_path: Path) -> None:
    site = write_site(tmp_path / "site", {"docs/page.md": GOOD, "docs/b.md": GOOD.replace("Guide", "Bee")},
                      files={"mkdocs.yml": "site_name: S\n"})
    temp = tmp_path / "tmp"
    temp.mkdir()
    started = tmp_path / "started"
    build = [sys.executable, "-c", f"import pathlib, time; pathlib.Path({str(started)!r}).touch(); time.sleep(120)"]
    env = {**os.environ, "TMPDIR": str(temp), "NO_COLOR": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "sitelint", "probe", "--", *build], cwd=site, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 240
    while not started.exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.2)
    assert started.exists(), "the build never started"
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 143, err
    assert "Traceback" not in err
    assert not list(temp.glob("sitelint-probe-*")), "the temporary copy was left behind"


def test_the_repository_s_fsmonitor_never_runs(tmp_path: Path) -> None:
    marker = tmp_path / "fsmonitor-ran"
    hook = tmp_path / "hook.sh"
    hook.write_text(f"#!/bin/sh\ntouch {marker}\n")
    hook.chmod(0o755)
    (tmp_path / "site").mkdir()
    site = write_site(tmp_path / "site", {"docs/page.md": GOOD, "docs/b.md": GOOD.replace("Guide", "Bee")},
                      files={"mkdocs.yml": "site_name: S\n", "sitelint.toml": "semantic = false\n"},
                      commits=[{"date": "2025-01-01T12:00:00", "paths": ["docs/page.md", "docs/b.md", "mkdocs.yml"]},
                               {"date": "2025-06-01T12:00:00", "paths": ["docs/b.md"],
                                "contents": {"docs/b.md": GOOD.replace("Guide", "Bee") + "\nMore.\n"}}])
    git(site, "config", "core.fsmonitor", str(hook))
    git(site, "config", "core.hooksPath", str(tmp_path))
    (tmp_path / "post-checkout").write_text(f"#!/bin/sh\ntouch {marker}\n")
    (tmp_path / "post-checkout").chmod(0o755)
    for args in (("check",), ("probe",), ("eval", "--history")):
        done = run(site, *args)
        no_traceback(done)
        assert not marker.exists(), f"sitelint {' '.join(args)} ran a program of the repository's"


def test_a_sphinx_makefile_and_conf_py_that_cannot_be_read_are_no_traceback(tmp_path: Path) -> None:
    site = write_site(tmp_path, {"docs/index.md": GOOD, "docs/b.md": GOOD.replace("Guide", "Bee")},
                      files={"docs/conf.py": "nitpicky = " + "[" * 200_000 + "]" * 200_000 + "\n",
                             "docs/Makefile": 'SPHINXOPTS ?= "-W\nhtml:\n\tsphinx-build $(SPHINXOPTS) . _build\n'})
    log = tmp_path / "build.log"
    log.write_text("build succeeded.\n")
    done = run(site, "ci", "--build-log", str(log), "--framework", "sphinx", "--no-semantic")
    no_traceback(done)
    assert done.returncode in (0, 1)
    done = run(site, "ci", "--framework", "sphinx", "--no-semantic", "--", "make", "--version")
    no_traceback(done)


def test_probe_keep_inside_the_project_is_refused(tmp_path: Path) -> None:
    site = write_site(tmp_path, {"docs/page.md": GOOD}, files={"mkdocs.yml": "site_name: S\n"})
    done = run(site, "probe", "--keep", "kept")
    no_traceback(done)
    assert done.returncode == 2 and "inside the project" in done.stderr
    assert not (site / "kept").exists()


def test_rules_dirs_outside_the_repository_are_refused(tmp_path: Path) -> None:
    site = write_site(tmp_path / "a" / "b", {"docs/page.md": GOOD},
                      files={"sitelint.toml": 'rules-dirs = ["../../../../.."]\n'})
    git(site, "init", "-q")
    done = run(site, "check", "--no-semantic")
    no_traceback(done)
    assert done.returncode == 2 and "rules-dirs" in done.stderr and "outside the repository" in done.stderr




def test_no_site_config_is_executed(tmp_path: Path) -> None:
    marker = tmp_path / "config-ran"
    shell = f"open({str(marker)!r}, 'w').write('ran')"
    for name, files in {
        "sphinx": {"docs/conf.py": f"{shell}\nnitpicky = False\n"},
        "docusaurus": {"docusaurus.config.js": f"require('fs').writeFileSync({str(marker)!r}, 'ran');\n"
                                               "module.exports = {presets: []};\n",
                       "package.json": '{"name": "s", "version": "1.0.0"}\n'},
        "mkdocs": {"mkdocs.yml": f"site_name: !!python/object/apply:os.system ['touch {marker}']\n"},
        "vitepress": {"docs/.vitepress/config.mjs": f"import fs from 'fs'; fs.writeFileSync({str(marker)!r}, 'x');\n"
                                                    "export default {}\n"},
    }.items():
        site = write_site(tmp_path / name, {"docs/index.md": GOOD, "docs/b.md": GOOD.replace("Guide", "Bee")},
                          files=files)
        log = site / "build.log"
        log.write_text("build succeeded.\n")
        for args in (("check", "--no-semantic"), ("ci", "--build-log", str(log), "--no-semantic")):
            done = run(site, *args)
            no_traceback(done)
            assert done.returncode in (0, 1), done.stderr
        assert not marker.exists(), f"the {name} config was executed"
