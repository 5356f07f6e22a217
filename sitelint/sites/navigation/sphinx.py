"""Sphinx toctrees: every document a `.. toctree::` (reStructuredText) or `{toctree}` fence (MyST) names, globs
with `:glob:` included, and the root document; `:orphan:` documents, and those whose file name a page with a
toctree holds in a comment of its own (`<!-- old_group.md -->`, an entry commented out), are left out on purpose.
A site built with sphinx-external-toc keeps its whole tree in one YAML file (`_toc.yml`): every `file` and `glob` it
names is listed. A page an rST document links with `:doc:` is reached from it (the rST document is no page sitelint
lints, so its link is read here)."""

from __future__ import annotations

import fnmatch
import os
import re
from pathlib import Path

from sitelint.model import Site
from sitelint.sites import siteconfig
from sitelint.sites.navigation import Collector, Navigation, key, relative

_ROOT_DOC = re.compile(r"""^(?:root_doc|master_doc)\s*=\s*['"]([^'"]+)['"]""", re.M)
_RST_TREE = re.compile(r"^([ \t]*)\.\.\s+toctree::[^\n]*\n((?:\1[ \t]+[^\n]*\n|[ \t]*\n)*)", re.M)
_MYST_TREE = re.compile(r"^(`{3,}|:{3,})\{toctree\}[^\n]*\n(.*?)^\1", re.M | re.S)
_ENTRY = re.compile(r"^(?:.*<(?P<angle>[^>]+)>|(?P<plain>\S+))\s*$")
_ORPHAN = re.compile(r"\A(?:---\s*\n(?:.*\n)*?\s*orphan\s*:\s*true|\s*:orphan:)", re.I)
_SOURCES = (".rst", ".md", ".txt")
_SOURCE_SUFFIX = re.compile(r"\.(rst|md|txt)$")
_DOC_ROLE = re.compile(r":doc:`(?:[^`<]*<([^>`]+)>|([^`<]+))`")
# A line that is only an HTML comment of a document's file name, on a page with a toctree: an entry commented out.
_COMMENTED_ENTRY = re.compile(r"^[ \t]*<!--\s*([\w./-]+\.(?:md|rst|txt))\s*-->[ \t]*$", re.M)
_EXTERNAL_TOC = re.compile(r"""['"]sphinx_external_toc['"]""")
_EXTERNAL_TOC_PATH = re.compile(r"""^external_toc_path\s*=\s*['"]([^'"]+)['"]""", re.M)


def read(site: Site, found: Collector) -> Navigation:
    root = site.root
    conf = found.text(site.config_files[0])
    match = _ROOT_DOC.search(conf)
    docs = found.listing("walk", root, " ".join(_SOURCES))
    names = {relative(d, root).rsplit(".", 1)[0]: d for d in docs}
    start = match.group(1) if match else "index"
    _add(names.get(start), found)
    for doc in docs:
        text = found.text(doc)
        if _ORPHAN.match(text):
            found.unlisted.add(key(doc))
        folder = relative(doc.parent, root)
        folder = "" if folder == "." else folder
        trees = _trees(text)
        if trees:  # a toctree entry commented out (`<!-- model_providers_group.md -->`): left out on purpose
            for entry in _COMMENTED_ENTRY.findall(text):
                target = os.path.normpath("/".join(p for p in (folder, entry) if p)).replace(os.sep, "/")
                file = names.get(_SOURCE_SUFFIX.sub("", target))
                if file is not None:
                    found.unlisted.add(key(file))
        if doc.suffix == ".rst":  # a reStructuredText document's `:doc:` links, which no page sitelint reads holds
            for role in _DOC_ROLE.finditer(text):
                linked = names.get(_SOURCE_SUFFIX.sub("", _target(folder, (role.group(1) or role.group(2)).strip())))
                if linked is not None:
                    found.chrome.add(key(linked))
        for options, entries in trees:
            for entry in entries:
                target = _target(folder, entry)
                if ":glob:" in options and any(c in target for c in "*?["):
                    for name, file in names.items():
                        if fnmatch.fnmatch(name, target):
                            _add(file, found)
                else:
                    _add(names.get(_SOURCE_SUFFIX.sub("", target)), found)
    if _EXTERNAL_TOC.search(conf):
        _external_toc(site, conf, names, found)
    routes = {"/" + n.removesuffix("/index").removesuffix("index"): key(f) for n, f in names.items()}
    return found.done(f"toctrees under {relative(root, site.repo_root)}", routes=routes)


def _target(folder: str, entry: str) -> str:
    """The document a toctree entry or a `:doc:` link names, as a path from the source root: `/x` from the root,
    anything else from the folder of the document it is in."""
    target = entry.strip("/") if entry.startswith("/") else "/".join(p for p in (folder, entry) if p)
    return os.path.normpath(target).replace(os.sep, "/")


def _trees(text: str) -> list[tuple[str, list[str]]]:
    """(options, entries) of each toctree in a document."""
    out = []
    for body in [m.group(2) for m in _RST_TREE.finditer(text)] + [m.group(2) for m in _MYST_TREE.finditer(text)]:
        lines = [line.strip() for line in body.splitlines() if line.strip()]
        options = " ".join(line for line in lines if line.startswith(":"))
        entries = []
        for line in lines:
            entry = _ENTRY.match(line) if not line.startswith(":") else None
            if entry is None:
                continue
            target = entry.group("angle") or entry.group("plain")
            if target != "self" and not re.match(r"^[a-z][a-z0-9+.-]*:", target):
                entries.append(target)
        out.append((options, entries))
    return out


def _external_toc(site: Site, conf: str, names: dict[str, Path], found: Collector) -> None:
    """The documents sphinx-external-toc's YAML names (`root`, and each `file` and `glob` of its entries, at any
    depth: `subtrees`/`entries` or Jupyter Book's `parts`/`chapters`/`sections`), relative to the conf.py folder."""
    named = _EXTERNAL_TOC_PATH.search(conf)
    path = site.config_files[0].parent / (named.group(1) if named else "_toc.yml")
    if not found.is_file(path):
        return
    try:
        tree = found.parsed(path, siteconfig.load_yaml)
    except ValueError:
        return
    stack: list[object] = [tree]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            for field in ("root", "file"):
                if isinstance(item.get(field), str):
                    _add(names.get(re.sub(r"\.(rst|md|txt|ipynb)$", "", item[field].strip("/"))), found)
            if isinstance(item.get("glob"), str):
                for name, file in names.items():
                    if fnmatch.fnmatch(name, item["glob"].strip("/")):
                        _add(file, found)
            stack.extend(v for v in item.values() if isinstance(v, (list, dict)))


def _add(file: Path | None, found: Collector) -> None:
    if file is not None and key(file) in found.files:
        found.listed.add(key(file))
