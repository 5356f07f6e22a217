"""What every build-log parser shares: the BuildLog result, ANSI stripping, and mapping logged paths to page paths."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from sitelint.model import BuildFinding

DEFECT_CLASSES: tuple[str, ...] = (
    "broken-link",
    "broken-anchor",
    "missing-asset",
    "duplicate-route",
    "orphan-page",
    "syntax-error",
    "other",
)

# CSI sequences (colours, cursor moves) and the few OSC/charset escapes build tools print.
_ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][A-Za-z0-9]")
_PAGE_SUFFIXES = (".md", ".mdx", ".markdown", ".rst", ".txt", ".html", ".htm", ".ipynb")


@dataclass(frozen=True)
class BuildLog:
    """What one build log says: its findings, the build's outcome when the log shows it, and notes for the reader.

    exit_status is 0 when the log shows a finished build, 1 when it shows an aborted or failed one, None when it
    does not say. recognised is False when no framework's format was found and only generic lines were read.
    """

    framework: str
    findings: tuple[BuildFinding, ...]
    exit_status: int | None = None
    notes: tuple[str, ...] = ()
    recognised: bool = True

    @property
    def failed(self) -> bool | None:
        return None if self.exit_status is None else self.exit_status != 0

    @property
    def pages(self) -> frozenset[str]:
        """The pages the build flagged (site-level findings, with an empty path, are not pages)."""
        return frozenset(f.path for f in self.findings if f.path)

    def with_exit_status(self, status: int) -> BuildLog:
        """The same log with the exit status the caller observed (a real exit code beats what the text suggests)."""
        return BuildLog(self.framework, self.findings, status, self.notes, self.recognised)


def strip_ansi(text: str) -> str:
    """The log text without terminal colour codes and with carriage-return progress lines reduced to their end."""
    text = _ANSI.sub("", text).replace("\r\n", "\n")
    return "\n".join(line.rsplit("\r", 1)[-1] for line in text.split("\n"))


def is_page_target(target: str) -> bool:
    """Whether a link target names a page (or a route) rather than an asset such as an image or a PDF."""
    path = target.split("#", 1)[0].split("?", 1)[0].rstrip("/")
    suffix = PurePosixPath(path).suffix.lower()
    return not suffix or suffix in _PAGE_SUFFIXES


def unique_findings(findings: Iterable[BuildFinding]) -> tuple[BuildFinding, ...]:
    """Findings without exact repeats (tools print the same error twice), in a stable order."""
    seen: dict[tuple[object, ...], BuildFinding] = {}
    for f in findings:
        seen.setdefault((f.path, f.line, f.defect_class, f.message), f)
    return tuple(sorted(seen.values(), key=lambda f: (f.path, f.line or 0, f.defect_class, f.message)))


def find_line(source: Path, needles: Sequence[str], tails: Sequence[str] = ()) -> int | None:
    """The first 1-based line of a source file that holds one of the needles as a whole link target, else one of the
    tails as the end of one (`nowhere.md` in `../nowhere.md`, for a build that logs the resolved target)."""
    try:
        lines = source.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    patterns = []
    for needle in needles:
        if needle:
            # A fragment may follow any path ("./page.md#x"); a whole target must not be part of a longer one.
            before = "" if needle.startswith("#") else r"(?<![\w/.-])"
            patterns.append(re.compile(before + re.escape(needle) + r"(?![\w-])"))
    patterns += [re.compile(r"(?<![\w.-])" + re.escape(tail) + r"(?![\w-])") for tail in tails if tail]
    for pattern in patterns:
        for number, line in enumerate(lines, start=1):
            if pattern.search(line):
                return number
    return None
    for needle in needles:
        if not needle:
            continue
        # A fragment may follow any path ("./page.md#x"); a whole target must not be part of a longer one.
        before = "" if needle.startswith("#") else r"(?<![\w/.-])"
        pattern = re.compile(before + re.escape(needle) + r"(?![\w-])")
        for number, line in enumerate(lines, start=1):
            if pattern.search(line):
                return number
    return None


@dataclass(frozen=True)
class PathResolver:
    """Maps a path as a build logged it to a page path relative to out_root (forward slashes).

    Logs name files absolutely (often on another machine), relative to the project, or relative to the docs
    folder. site_root is the project the build ran in; docs_dirs are the source folders relative to it.
    """

    site_root: Path
    out_root: Path
    docs_dirs: tuple[str, ...] = ()

    @classmethod
    def create(cls, site_root: Path, out_root: Path | None, docs_dirs: Sequence[str] = ()) -> PathResolver:
        root = site_root.resolve()
        dirs = tuple(d.strip("/") for d in docs_dirs if d and d.strip("/") not in ("", "."))
        return cls(root, (out_root or site_root).resolve(), dirs)

    def relative(self, absolute: Path) -> str:
        return Path(os.path.relpath(absolute, self.out_root)).as_posix()

    def resolve(self, raw: str) -> str:
        raw = raw.strip().strip("'\"")
        if raw.startswith("file://"):
            raw = raw[len("file://") :]
        path = PurePosixPath(raw.replace("\\", "/"))
        if path.is_absolute():
            return self._absolute(path)
        for base in (*self.docs_dirs, ""):
            candidate = self.site_root / base / path
            if candidate.exists():
                return self.relative(candidate)
        if self.docs_dirs and (not path.parts or path.parts[0] not in self.docs_dirs):
            return self.relative(self.site_root / self.docs_dirs[0] / path)
        return self.relative(self.site_root / path)

    def _absolute(self, path: PurePosixPath) -> str:
        local = Path(str(path))
        if local.is_relative_to(self.site_root) or local.exists():
            return self.relative(local)
        parts = path.parts[1:]
        # A log from another machine: the longest tail of the path that exists here is the file it meant.
        for start in range(len(parts)):
            candidate = self.site_root.joinpath(*parts[start:])
            if candidate.exists():
                return self.relative(candidate)
        for start in range(len(parts) - 1, -1, -1):
            if parts[start] in {PurePosixPath(d).parts[0] for d in self.docs_dirs}:
                return self.relative(self.site_root.joinpath(*parts[start:]))
        return path.as_posix()
