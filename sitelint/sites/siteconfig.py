"""Reads the frameworks' config files as text: JS/TS configs are scanned, never executed; mkdocs.yml tolerates tags."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml

# The names Docusaurus looks for, in its order.
DOCUSAURUS_CONFIGS = tuple(f"docusaurus.config.{ext}" for ext in ("ts", "mts", "cts", "js", "mjs", "cjs"))
VITEPRESS_CONFIGS = tuple(f"config.{ext}" for ext in ("ts", "mts", "js", "mjs", "cts", "cjs"))
ASTRO_CONFIGS = ("astro.config.mjs", "astro.config.ts", "astro.config.js", "astro.config.mts")
SPHINX_CONF_DIRS = ("", "docs", "doc", "source", "docs/source")
_VITEPRESS_DIRS = ("", "docs", "src", "docs/src")
_OPEN, _CLOSE = "{[(", "}])"


def first_existing(root: Path, names: tuple[str, ...], dirs: tuple[str, ...] = ("",)) -> Path | None:
    for d in dirs:
        for name in names:
            candidate = root / d / name
            if candidate.is_file():
                return candidate
    return None


def docusaurus_config(root: Path) -> Path | None:
    return first_existing(root, DOCUSAURUS_CONFIGS)


def vitepress_config(root: Path) -> Path | None:
    return first_existing(root, tuple(f".vitepress/{n}" for n in VITEPRESS_CONFIGS), _VITEPRESS_DIRS)


def mkdocs_config(root: Path) -> Path | None:
    return first_existing(root, ("mkdocs.yml", "mkdocs.yaml", "properdocs.yml", "properdocs.yaml"))


def sphinx_conf(root: Path) -> Path | None:
    return first_existing(root, ("conf.py",), SPHINX_CONF_DIRS)


def astro_config(root: Path) -> Path | None:
    return first_existing(root, ASTRO_CONFIGS)


def read_text(path: Path | None) -> str:
    if path is None:
        return ""
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


# A module a JS/TS config imports from the repository: `import { docs } from './docs'`, `require('./navbar.js')`.
_LOCAL_IMPORT = re.compile(r"""(?:\bfrom\s*|\brequire\(\s*|\bimport\s*\(?\s*)['"](\.{1,2}/[^'"\n]+)['"]""")
_SCRIPT_SUFFIXES = (".ts", ".mts", ".cts", ".js", ".mjs", ".cjs")


def module_candidates(base: Path, suffixes: tuple[str, ...]) -> list[Path]:
    """The files a relative import of `base` may name, in the order bundlers try them: the file itself (when it is
    written with one of the suffixes), its name with each script suffix, and its folder's index file."""
    tried = [base] if base.suffix in suffixes else []
    tried += [base.with_name(base.name + s) for s in suffixes if s != ".json"]
    tried += [base / f"index{s}" for s in suffixes if s != ".json"]
    return tried


def imported_modules(config: Path | None, root: Path) -> list[Path]:
    """The script modules of the repository (inside root) a config imports, with the suffixes and index files
    bundlers try: a config that keeps its plugins, navbar or footer in files of their own (`plugins: [...docs]` with
    `import { docs } from './docs'`). Their text is read as the config's is, never run."""
    found: list[Path] = []
    if config is None:
        return found
    for spec in _LOCAL_IMPORT.findall(mask_comments(read_text(config))):
        module = next((t for t in module_candidates(config.parent / spec, _SCRIPT_SUFFIXES) if t.is_file()), None)
        if module is None or module in found:
            continue
        try:
            if not module.resolve().is_relative_to(root.resolve()):
                continue
        except (OSError, ValueError):
            continue
        found.append(module)
    return found


def mask_comments(source: str) -> str:
    """JS source with comments blanked (same length, so offsets hold); string literals are kept."""
    out: list[str] = []
    i, n = 0, len(source)
    while i < n:
        ch = source[i]
        if ch in "'\"`":
            end = i + 1
            while end < n and source[end] != ch:
                end += 2 if source[end] == "\\" else 1
            out.append(source[i : end + 1])
            i = end + 1
        elif source.startswith("//", i):
            end = source.find("\n", i)
            end = n if end < 0 else end
            out.append(" " * (end - i))
            i = end
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append(re.sub(r"[^\n]", " ", source[i:end]))
            i = end
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def _skip_string(text: str, i: int) -> int:
    quote, i = text[i], i + 1
    while i < len(text) and text[i] != quote:
        i += 2 if text[i] == "\\" else 1
    return i + 1


def block_after(text: str, start: int) -> str:
    """The balanced {...} (or [...]) that begins at or after start, without its delimiters; "" when there is none."""
    i = start
    while i < len(text) and text[i] not in "{[":
        i += 1
    depth, begin = 0, i
    while i < len(text):
        ch = text[i]
        if ch in "'\"`":
            i = _skip_string(text, i)
            continue
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            depth -= 1
            if depth == 0:
                return text[begin + 1 : i]
        i += 1
    return text[begin + 1 :] if begin < len(text) else ""


def top_level(block: str) -> str:
    """The block with the inside of every nested {...}/[...]/(...) blanked, so key lookups only see its own keys."""
    out: list[str] = []
    depth, i = 0, 0
    while i < len(block):
        ch = block[i]
        if ch in "'\"`":
            end = _skip_string(block, i)
            out.append(block[i:end] if depth == 0 else " " * (end - i))
            i = end
            continue
        if ch in _OPEN:
            out.append(ch if depth == 0 else " ")
            depth += 1
        elif ch in _CLOSE:
            depth = max(0, depth - 1)
            out.append(ch if depth == 0 else " ")
        else:
            out.append(ch if depth == 0 else " ")
        i += 1
    return "".join(out)


def js_value(block: str, key: str) -> str | None:
    """The literal value of key among the block's own keys: a string's content, or a bare word (false, true, 42)."""
    flat = top_level(block)
    match = re.search(r"(?<![\w$.])['\"]?" + re.escape(key) + r"['\"]?\s*:\s*(?:(['\"`])(.*?)\1|([\w.$-]+))", flat)
    if match is None:
        return None
    return match.group(2) if match.group(1) else match.group(3)


def js_string(block: str, key: str) -> str | None:
    """The value of key among the block's own keys when it is written as a string, not a name the config computes
    (`defaultLocale: lang`, with `const lang = isCN ? "zh" : "en"`)."""
    flat = top_level(block)
    match = re.search(r"(?<![\w$.])['\"]?" + re.escape(key) + r"['\"]?\s*:\s*(['\"`])(.*?)\1", flat)
    return match.group(2) if match and "${" not in match.group(2) else None


def js_object(block: str, key: str) -> str | None:
    """The body of the object that is key's value among the block's own keys, or None."""
    flat = top_level(block)
    match = re.search(r"(?<![\w$.])['\"]?" + re.escape(key) + r"['\"]?\s*:\s*(?=[{\[])", flat)
    if match is None:
        return None
    return block_after(block, match.end())


def js_objects_after(source: str, marker: str) -> Iterator[str]:
    """The body of the object literal after each match of the regex marker (e.g. a plugin's quoted name), or of the
    object a name there is declared as (`['classic', presetOptions]` with `const presetOptions: Options = {...}`)."""
    for match in re.finditer(marker, source):
        named = re.match(r"\s*([A-Za-z_$][\w$]*)\s*[,\])]", source[match.end():])
        if named:
            name = re.escape(named.group(1))
            declared = re.search(rf"(?<![\w$.])(?:const|let|var)\s+{name}\b[^=;]*=\s*\(?\s*(?=\{{)", source)
            body = block_after(source, declared.end()) if declared else ""
        else:
            body = block_after(source, match.end())
        if body:
            yield body


def fast_glob(pattern: str) -> re.Pattern[str]:
    """A glob as fast-glob reads it (VitePress, VuePress): `**/` any folders (none too), `*` and `?` within one folder
    name."""
    out, rest = [], pattern.removeprefix("./").lstrip("/")
    for part in re.split(r"(\*\*/|\*\*|\*|\?)", rest):
        out.append({"**/": "(?:.*/)?", "**": ".*", "*": "[^/]*", "?": "[^/]"}.get(part, re.escape(part)))
    return re.compile("".join(out))


_PAGE_PATTERNS = re.compile(r"(?<![\w$.])['\"]?pagePatterns['\"]?\s*:\s*(?=\[)")


def vuepress_page_patterns(config: Path) -> list[str]:
    """VuePress 2's `pagePatterns` (`['**/*.md', '!**/Master/**/*.md', '!.vuepress']`): the globs, relative to the
    source folder, of the files it makes pages of, `!` leaving some out; [] when the config sets none (every `.md`)."""
    source = mask_comments(read_text(config))
    found = _PAGE_PATTERNS.search(source)
    if found is None:
        return []
    return re.findall(r"['\"`]([^'\"`\n]+)['\"`]", block_after(source, found.end()))


class _TolerantLoader(yaml.SafeLoader):
    """A safe loader that reads unknown tags (!!python/name:..., !ENV) as plain values instead of failing."""


def _any_tag(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> Any:
    if isinstance(node, yaml.MappingNode):
        return loader.construct_mapping(node)
    if isinstance(node, yaml.SequenceNode):
        return loader.construct_sequence(node)
    return loader.construct_scalar(node)  # type: ignore[arg-type]


_TolerantLoader.add_multi_constructor("", _any_tag)


def load_mkdocs(path: Path) -> dict[str, Any]:
    """An MkDocs site's settings: its `mkdocs.yml`, or Zensical's `zensical.toml`, which keeps the same settings
    (`docs_dir`, `nav`, `exclude_docs`, `plugins`) in its `[project]` table.

    Raises ValueError naming a malformed file.
    """
    if path.suffix != ".toml":
        return load_yaml(path)
    import tomllib  # only for a Zensical site: a run whose navigation comes from the cache never reads its config

    try:
        data = tomllib.loads(read_text(path))
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{path}: not valid TOML ({exc}); fix the file or pass --framework explicitly") from exc
    project = data.get("project")
    return project if isinstance(project, dict) else {}


def load_yaml(path: Path) -> dict[str, Any]:
    """A YAML mapping read without executing any tag; {} when the file is missing, empty or not a mapping.

    Raises ValueError naming the file when the YAML itself is malformed.
    """
    text = read_text(path)
    try:
        data = yaml.load(text, Loader=_TolerantLoader)  # noqa: S506 - the loader is a SafeLoader subclass
    except yaml.YAMLError as exc:
        raise ValueError(f"{path}: not valid YAML ({exc}); fix the file or pass --framework explicitly") from exc
    return data if isinstance(data, dict) else {}


def ignore_lines(text: str) -> list[str]:
    """The patterns of gitignore-like lines (MkDocs' `exclude_docs`, Mintlify's `.mintignore`): comments, blank lines
    and `!` re-inclusions left out."""
    return [line.strip() for line in text.splitlines() if line.strip() and not line.strip().startswith(("#", "!"))]


def _mkdocs_configs(configs: tuple[Path, ...]) -> Iterator[tuple[Path, dict[str, Any]]]:
    """Each MkDocs config and its settings; one that is not valid YAML is passed over (the navigation's reader says
    why)."""
    for config in configs:
        try:
            yield config, load_mkdocs(config)
        except ValueError:
            continue


def mkdocs_literate_nav(configs: tuple[Path, ...]) -> str:
    """The name of the literate-nav files the configs' plugin reads (`literate_nav_file`), "" without the plugin;
    configs that are not valid YAML give none (the navigation's reader says why)."""
    return next((name for _, data in _mkdocs_configs(configs) if (name := literate_nav_file(data))), "")


def mkdocs_nav_files(configs: Sequence[Path]) -> list[str]:
    """The page files the first MkDocs config's `nav` names (`- Cache: 'cache.md'`, nested in sections), as written:
    relative to its docs folder; none when that config is not valid YAML (the navigation's reader says why)."""
    found: list[str] = []

    def walk(item: Any) -> None:
        if isinstance(item, str) and item.endswith(".md") and "://" not in item:
            found.append(item)
        elif isinstance(item, list):
            for entry in item:
                walk(entry)
        elif isinstance(item, dict):
            for entry in item.values():
                walk(entry)

    walk(next((data.get("nav") for _, data in _mkdocs_configs(tuple(configs[:1]))), None))
    return found


def mkdocs_unbuilt(configs: tuple[Path, ...]) -> list[str]:
    """The patterns of pages an MkDocs build leaves out of the site, relative to its docs folder: `exclude_docs` and
    `draft_docs` (gitignore-like lines) and the exclude plugin's `glob` list. Configs that are not valid YAML give
    none (the navigation's reader says why)."""
    patterns: list[str] = []
    for _, data in _mkdocs_configs(configs):
        for name in ("exclude_docs", "draft_docs"):
            patterns += ignore_lines(str(data.get(name) or ""))
        options = mkdocs_plugins(data.get("plugins")).get("exclude")
        globs = options.get("glob") if isinstance(options, dict) else None
        if globs:
            patterns += [str(g) for g in (globs if isinstance(globs, list) else [globs])]
    return patterns


def mkdocs_appended(configs: tuple[Path, ...], docs: Path) -> list[Path]:
    """The files pymdownx.snippets appends to every page of an MkDocs site (`auto_append: [includes/abbreviations.md]`),
    each found under the extension's `base_path` folders (from the config's folder) or the docs root: parts of every
    page."""
    out: list[Path] = []
    for config, data in _mkdocs_configs(configs):
        options = mkdocs_plugins(data.get("markdown_extensions")).get("pymdownx.snippets")
        if not isinstance(options, dict) or not isinstance(names := options.get("auto_append"), list):
            continue
        bases = options.get("base_path", ["."])
        folders = [config.parent / b for b in ([bases] if isinstance(bases, str) else bases) if isinstance(b, str)]
        out += [folder / name for name in names if isinstance(name, str) for folder in (*folders, docs)]
    return out


def mkdocs_redirect_maps(configs: tuple[Path, ...]) -> dict[str, str]:
    """The mkdocs-redirects plugin's `redirect_maps`: a page's path relative to the docs folder -> where the built
    site sends its readers instead (the plugin writes a redirect over whatever the page built)."""
    out: dict[str, str] = {}
    for _, data in _mkdocs_configs(configs):
        options = mkdocs_plugins(data.get("plugins")).get("redirects")
        maps = options.get("redirect_maps") if isinstance(options, dict) else None
        if isinstance(maps, dict):
            out.update({str(k).lstrip("/"): str(v) for k, v in maps.items() if isinstance(v, (str, int, float))})
    return out


_EXCLUDE_PATTERNS = re.compile(r"(?m)^exclude_patterns\s*(?:\+)?=\s*[\[(]([^\])]*)[\])]")


# What makes a Sphinx build read Markdown: a parser extension (MyST, MyST-NB, recommonmark, m2r), `.md` among its
# source suffixes; or what sitelint cannot see, a conf.py that takes another's settings (`from base import *`) or
# runs another file.
_READS_MARKDOWN = re.compile(r"myst|recommonmark|\bm2r|markdown|['\"]\.md['\"]|import\s+\*|\bexec\(|\bexecfile\(")

_EXTENSIONS_SET = re.compile(r"(?m)^extensions\s*=\s*\[")  # conf.py's own list of its extensions


def sphinx_reads_markdown(conf: Path) -> bool:
    """Whether a Sphinx conf.py may build Markdown pages (read as text, never run): unless it lists its extensions
    and none of them, nor its source suffixes, reads Markdown."""
    text = re.sub(r"(?m)#.*$", "", read_text(conf))
    return not _EXTENSIONS_SET.search(text) or bool(_READS_MARKDOWN.search(text))


def sphinx_excluded(conf: Path) -> list[str]:
    """The `exclude_patterns` a Sphinx conf.py sets (and adds to), read as text, never run: the string literals of
    its lists."""
    text = read_text(conf)
    return [m.group(2) for block in _EXCLUDE_PATTERNS.finditer(text)
            for m in re.finditer(r"""(['"])([^'"\n]+)\1""", re.sub(r"(?m)#.*$", "", block.group(1)))]


def literate_nav_file(settings: Mapping[str, Any]) -> str:
    """The name of an MkDocs site's literate-nav files (the plugin's `nav_file`, else `SUMMARY.md`), "" without the
    plugin."""
    plugins = mkdocs_plugins(settings.get("plugins"))
    if "literate-nav" not in plugins:
        return ""
    return str((plugins["literate-nav"] or {}).get("nav_file") or "SUMMARY.md")


def mkdocs_plugins(value: Any) -> dict[str, Any]:
    """MkDocs `plugins`, a list (`- search`, `- exclude: {glob: ...}`) or a mapping: each plugin's name -> options."""
    if isinstance(value, dict):
        return {str(k): v if isinstance(v, dict) else {} for k, v in value.items()}
    out: dict[str, Any] = {}
    for item in value if isinstance(value, list) else ():
        if isinstance(item, str):
            out[item] = {}
        elif isinstance(item, dict):
            out.update({str(k): v if isinstance(v, dict) else {} for k, v in item.items()})
    return out
