"""A site's languages, read from its framework's config (as text: never executed): the site's own language, and the
folders (or file-name suffixes) that hold translations of its pages."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from sitelint import language
from sitelint.sites.siteconfig import (
    block_after,
    js_object,
    js_value,
    load_mkdocs,
    mask_comments,
    module_candidates,
    read_text,
    top_level,
)

# Language codes sites name their locale folders with (ISO 639-1, a few 639-3), with an optional region or script.
LOCALE = re.compile(
    r"(?i)(?:af|am|ar|az|be|bg|bn|bs|ca|cs|cy|da|de|el|en|eo|es|et|eu|fa|fi|fil|fr|ga|gl|gu|he|hi|hr|hu|hy|id|is|it|"
    r"ja|ka|kk|km|kn|ko|ckb|ky|lo|lt|lv|mk|ml|mn|mr|ms|my|nb|ne|nl|nn|no|pa|pl|ps|pt|ro|ru|si|sk|sl|sq|sr|sv|sw|ta|te|"
    r"tg|th|tl|tr|uk|ur|uz|vi|zh|jp|cn)(?:[-_](?:[a-z]{2}|hans|hant|latn|cyrl|\d{3}))?")
# A page named for its language (`install.en.md`, `routes.en-US.md`, as the MkDocs i18n plugin and dumi name them).
LOCALE_SUFFIX = re.compile(rf"\.({LOCALE.pattern.removeprefix('(?i)')})\.(?:mdx?|markdown)$", re.I)
_MIRROR_SHARE = 0.3  # share of a locale-named folder's pages whose paths the site has outside it: translations
# Folders named for their language in English words (`english/`, `russian/`, `chinese/`): the language's code.
LANGUAGE_NAMES = {
    "arabic": "ar", "bengali": "bn", "bulgarian": "bg", "catalan": "ca", "chinese": "zh", "croatian": "hr",
    "czech": "cs", "danish": "da", "dutch": "nl", "english": "en", "estonian": "et", "finnish": "fi", "french": "fr",
    "german": "de", "greek": "el", "hebrew": "he", "hindi": "hi", "hungarian": "hu", "indonesian": "id",
    "italian": "it", "japanese": "ja", "korean": "ko", "latvian": "lv", "lithuanian": "lt", "malay": "ms",
    "norwegian": "no", "persian": "fa", "polish": "pl", "portuguese": "pt", "romanian": "ro", "russian": "ru",
    "serbian": "sr", "slovak": "sk", "slovenian": "sl", "spanish": "es", "swedish": "sv", "thai": "th",
    "turkish": "tr", "ukrainian": "uk", "vietnamese": "vi"}


@dataclass(frozen=True)
class Languages:
    default: str  # the site's own language, "" when the config does not say
    folders: tuple[tuple[Path, str], ...]  # a folder of translations, and their locale
    suffixes: tuple[str, ...]  # locales written as page.<locale>.md
    source_dir: Path | None = None  # the folder of the pages translations translate, when not the docs root
    # a folder whose pages are written in another language than the site's (Hugo's environment that builds it in
    # its own `defaultContentLanguage`), and that language
    folder_defaults: tuple[tuple[Path, str], ...] = ()


def read(framework: str, configs: Sequence[Path], docs_roots: Sequence[Path]) -> Languages:
    config = configs[0] if configs else None
    root = docs_roots[0] if docs_roots else None
    found = Languages("", (), ())
    if config is not None and root is not None:
        reader = {"starlight": _starlight, "vitepress": _vitepress, "vuepress": _vuepress, "docusaurus": _docusaurus,
                  "mkdocs": _mkdocs, "sphinx": _sphinx, "rspress": _rspress, "hugo": _hugo}.get(framework)
        if reader is not None:
            found = reader(config, root)
    if root is not None and found.folders and found.source_dir is None:
        # Folders of a translation service that the config does not list yet (Crowdin syncs every language; the
        # config lists those far enough along): still translations, built and published beside the others.
        declared = {folder.resolve() for folder, _ in found.folders}
        more, _ = _mirrored_folders(root, found.default or "en", depth=1)
        extra = tuple(f for f in more if f[0].resolve() not in declared)
        if extra:
            return Languages(found.default, found.folders + extra, found.suffixes, found.source_dir,
                             found.folder_defaults)
    if root is not None and not found.folders and not found.suffixes:
        # Every framework sitelint knows writes English unless its config says otherwise.
        # Each docs root may hold translations of its own pages (an Astro site's collections: docs/, pages/).
        folders: list[tuple[Path, str]] = []
        home = None
        for docs in docs_roots:
            more, own_folder = _mirrored_folders(docs, found.default or "en")
            folders += more
            home = home or own_folder
        if not folders:
            # ... or beside their sources, named for their language (Fumadocs' `parser: 'dot'`, `page.zh-cn.mdx`
            # beside `page.mdx` or `page.en.mdx`)
            mirrored = [_mirrored_suffixes(docs, found.default or "en") for docs in docs_roots]
            suffixes = tuple(dict.fromkeys(s for named, _ in mirrored for s in named))
            if suffixes:
                # (the site's own pages named for their language with its region, `index.en-US.md`: that locale)
                own = next((form for named, form in mirrored if named and form), "")
                return Languages(own or found.default or "en", (), suffixes, found.source_dir, found.folder_defaults)
        return Languages(found.default, tuple(folders), (), found.source_dir or home, found.folder_defaults)
    return found


def _js(config: Path) -> str:
    return mask_comments(read_text(config))


def _object_keys(body: str) -> list[str]:
    """The keys of an object literal's own level: `root`, `de`, `'pt-br'`, and a shorthand property's name (`zh` of
    `{ root: {...}, zh, jp }`, each locale's object imported from a module of its own)."""
    flat = top_level(body)
    keys = [m.group(1) or m.group(2) for m in re.finditer(r"(?:^|[{,\s])(?:['\"]([^'\"]+)['\"]|([A-Za-z_$][\w$-]*))"
                                                            r"\s*:", flat)]
    shorthand = re.findall(r"(?:^|,)\s*([A-Za-z_$][\w$]*)\s*(?=,|$)", flat.strip())
    return keys + [k for k in shorthand if k not in keys]


def _locale_objects(source: str) -> tuple[dict[str, str], str]:
    """key -> lang of a `locales: {...}` object, and the `defaultLocale` value."""
    marker = re.search(r"(?<![\w$])locales\s*:\s*\{", source)
    if marker is None:
        return {}, ""
    body = block_after(source, marker.end() - 1)
    out = {}
    for key in _object_keys(body):
        inner = js_object(body, key)
        lang = js_value(inner, "lang") if inner is not None else None
        out[key] = lang or key
    default = re.search(r"defaultLocale\s*:\s*['\"]([^'\"]+)['\"]", source)
    return out, default.group(1) if default else ""


def _folders(root: Path, locales: dict[str, str], skip: set[str]) -> tuple[tuple[Path, str], ...]:
    """The folder of each locale: named by its key, in any case (Astro lower-cases routes: `zh-cn` is `zh-CN/`)."""
    try:
        children = {d.name.lower(): d for d in root.iterdir() if d.is_dir()}
    except OSError:
        return ()
    return tuple((children[key.lower()], lang) for key, lang in sorted(locales.items())
                 if key not in skip and key.lower() in children)


# `locales: locales` (or the shorthand `locales,`) naming an object another module of the site exports: `import {
# sidebar, locales } from "./doc.config.mjs"`, where `export const locales = { root: { lang: "zh-CN" }, en: ... }`.
_NAMED_LOCALES = re.compile(r"(?<![\w$.])locales\s*(?::\s*([A-Za-z_$][\w$]*)\s*)?(?=[,}\n])")
_IMPORT_FROM = re.compile(r"""\bimport\s*\{([^}]*)\}\s*from\s*["'](\.{1,2}/[^"']+)["']""")
_IMPORT_DEFAULT = re.compile(r"""\bimport\s+([A-Za-z_$][\w$]*)\s+from\s*["'](\.{1,2}/[^"']+)["']""")


def _imports(source: str) -> list[tuple[dict[str, str], str]]:
    """A module's imports of other modules of the site: (local name -> exported name, "" for a default export; the
    path imported), `import { a as b } from "./x"` and `import c from "./y"`."""
    imports = [({part.split(" as ")[-1].strip(): part.split(" as ")[0].strip() for part in m.group(1).split(",")},
                m.group(2)) for m in _IMPORT_FROM.finditer(source)]
    return imports + [({m.group(1): ""}, m.group(2)) for m in _IMPORT_DEFAULT.finditer(source)]


def _module_text(config: Path, path: str) -> str:
    """The text of the module a config imports by this path, comments masked ("" when it is not found)."""
    module = next((m for m in module_candidates(config.parent / path, (".ts", ".mts", ".js", ".mjs"))
                   if m.is_file()), None)
    return mask_comments(read_text(module)) if module is not None else ""


def _imported_locales(config: Path, source: str) -> str:
    """The `locales: {...}` of the module a config imports its locales from, when its first `locales` names them
    (`import { locales } from "./doc.config.mjs"`, or the module's default export: `import locales from
    "./src/i18n/languages"`); "" when it gives them in place."""
    first = re.search(r"(?<![\w$.])locales\s*[:,}\n]", source)
    named = _NAMED_LOCALES.match(source, first.start()) if first else None
    if named is None:
        return ""
    name = named.group(1) or "locales"
    for names, path in _imports(source):
        if name not in names:
            continue
        text = _module_text(config, path)
        found = re.search(rf"\b(?:const|let|var)\s+{re.escape(names[name])}\s*=\s*\{{" if names[name] else
                          r"\bexport\s+default\s*\{", text)
        if found:
            return "locales: {" + block_after(text, found.end() - 1) + "}"
    return ""


def _starlight(config: Path, root: Path) -> Languages:
    source = _js(config)
    locales, default = _locale_objects(_imported_locales(config, source) or source)
    default = _locale_objects(source)[1] if default == "" else default
    if not locales:
        return Languages(_first_lang(_js(config)), (), ())
    source = default or ("root" if "root" in locales else "")
    own = locales.get(source, source) if source else ""
    home = root / source if source and source != "root" and (root / source).is_dir() else None
    return Languages(_base(own), _folders(root, locales, {"root", source}), (), home)


def _vitepress(config: Path, root: Path) -> Languages:
    source = _js(config)
    found, _ = _locale_objects(source)
    # Keyed `root` and `zh`; before 1.0, as VuePress, by the path each locale is served at (`'/'`, `'/ptbr/'`).
    locales = {key.strip("/") or "root": lang if lang != key else key.strip("/") or "root"
               for key, lang in found.items()}
    own = locales.get("root", "root")
    own = own if own != "root" else _first_lang(source)  # `root: { label: 'English', ...en }` names no language
    return Languages(_base(own), _folders(root, locales, {"root"}), (), _rewritten_root(source, root))


def _vuepress(config: Path, root: Path) -> Languages:
    """VuePress' `locales`, keyed by the path each locale's pages are served at: `'/'` the site's own, `'/de/'`;
    each locale's object may come from a module of its own, spread in (`...localeConfigFR`, imported from
    `config/fr.config`). With no `'/'`, the first locale listed is the site's own (`'/en/'`, its pages in `en/`)."""
    source = _js(config)
    locales = {**_spread_locales(config, source), **_locale_objects(source)[0]}
    keyed = {key.strip("/") or "root": lang for key, lang in locales.items()}
    if "root" not in keyed and keyed:
        first = next(iter(keyed))
        home = root / first if (root / first).is_dir() else None
        if home is not None:
            return Languages(_base(keyed[first]), _folders(root, keyed, {first}), (), home)
    own = keyed.get("root", "root")
    return Languages(_base(own) if own != "root" else "", _folders(root, keyed, {"root"}), ())


def _spread_locales(config: Path, source: str) -> dict[str, str]:
    """key -> lang of the locales spread into a config's `locales` from objects other modules export
    (`locales: { ...localeConfigEN, ...localeConfigFR }`, `export const localeConfigFR = { '/fr/': { lang: 'fr-FR' }
    }`), in the order they are spread."""
    marker = re.search(r"(?<![\w$])locales\s*:\s*\{", source)
    if marker is None:
        return {}
    spread = re.findall(r"\.\.\.\s*([A-Za-z_$][\w$]*)", top_level(block_after(source, marker.end() - 1)))
    if not spread:
        return {}
    # each spread name's module and the name that module exports it by (`import { fr as french }`, `...french`)
    modules = {local: (path, exported) for names, path in _imports(source) for local, exported in names.items()
               if exported}
    out: dict[str, str] = {}
    for name in spread:
        path, exported = modules.get(name, ("", name))
        text = _module_text(config, path) if path else ""
        found = re.search(rf"\b(?:const|let|var)\s+{re.escape(exported)}\b[^=]*=\s*\{{", text)
        if found:
            out.update(_locale_objects("locales: {" + block_after(text, found.end() - 1) + "}")[0])
    return out


# A VitePress rewrite that serves one folder's pages at the site's root: `'en/:rest*': ':rest*'` (or `(.*)`).
_ROOT_REWRITE = re.compile(r"""['"]([\w.-]+)/(?::(\w+)\*|\(\.\*\))['"]\s*:\s*['"](?::(\w+)\*|\(\.\*\))['"]""")


def _rewritten_root(source: str, root: Path) -> Path | None:
    """The folder a VitePress site's `rewrites` serve at the root: where its root locale's pages are, and so the
    source of the translations beside it."""
    marker = re.search(r"(?<![\w$])rewrites\s*:\s*\{", source)
    if marker is None:
        return None
    for found in _ROOT_REWRITE.finditer(block_after(source, marker.end() - 1)):
        folder = root / found.group(1)
        if found.group(2) == found.group(3) and folder.is_dir():
            return folder
    return None


def _docusaurus(config: Path, root: Path) -> Languages:
    default = re.search(r"defaultLocale\s*:\s*['\"]([^'\"]+)['\"]", _js(config))
    return Languages(_base(default.group(1)) if default else "", (), ())  # i18n/<locale>/ is known by its path


def _hugo(config: Path, root: Path) -> Languages:
    """Hugo's `languages` (in the config, or in `languages.*` beside it in a config folder) and its
    `defaultContentLanguage`: the other languages' pages are translations, by file name (`_index.de.md`) or in a
    language's own `contentDir`."""
    data = _config_data(config)
    languages = _key(data, "languages")
    if not isinstance(languages, dict):
        beside = next((config.parent / f"languages.{ext}" for ext in ("toml", "yaml", "yml", "json")
                       if (config.parent / f"languages.{ext}").is_file()), None)
        languages = _config_data(beside) if beside is not None else {}
    default = str(_key(data, "defaultContentLanguage") or "en").lower()
    others = [str(k).lower() for k in languages if str(k).lower() != default] if isinstance(languages, dict) else []
    site = config.parent.parent.parent if config.parent.name == "_default" else config.parent
    if not others:
        return Languages(_base(default) if _key(data, "defaultContentLanguage") else "", (), (),
                         folder_defaults=_environment_languages(config, site, default))
    folders = tuple((site / str(options["contentDir"]), lang) for lang, options in languages.items()
                    if str(lang).lower() in others and isinstance(options, dict) and options.get("contentDir")
                    and (site / str(options["contentDir"])).is_dir())
    if not folders:
        folders = tuple((folder, lang) for lang, folder in _named_folders(data, site, default, languages).items()
                        if lang.lower() != default)
    return Languages(_base(default), folders, tuple(others),
                     folder_defaults=_environment_languages(config, site, default))


def _key(data: dict[str, Any], name: str) -> Any:
    """A Hugo setting, its key in any case (`DefaultContentLanguage` is `defaultContentLanguage`)."""
    if name in data:
        return data[name]
    return next((v for k, v in data.items() if str(k).lower() == name.lower()), None)


def _environment_languages(config: Path, site: Path, default: str) -> tuple[tuple[Path, str], ...]:
    """In a config folder (`config/_default/`), the environments beside the default that build a folder of their
    own in their own language (`config/manual/config.yml`: `contentDir: ../docs/manual`, `DefaultContentLanguage:
    de`): that folder, and its language, where it is not the default's."""
    if config.parent.name != "_default":
        return ()
    out: list[tuple[Path, str]] = []
    for env in sorted(p for p in config.parent.parent.iterdir() if p.is_dir() and p.name != "_default"):
        for file in sorted(env.iterdir()):
            if file.suffix not in (".toml", ".yaml", ".yml", ".json") or not file.is_file():
                continue
            data = _config_data(file)
            folder, lang = _key(data, "contentDir"), _key(data, "defaultContentLanguage")
            if isinstance(folder, str) and isinstance(lang, str) and _base(lang.lower()) != _base(default):
                where = Path(os.path.normpath(site / folder))
                if where.is_dir():
                    out.append((where, _base(lang.lower())))
    return tuple(out)


def hugo_default_content(config: Path) -> str:
    """The folder of a Hugo site's pages in its default content language, where that language sets its own
    `contentDir` (`[languages.en] contentDir = "content/en"`, while the top level says `content/cn`): "" when none."""
    if config.suffix not in (".toml", ".yaml", ".yml", ".json"):
        return ""
    data = _config_data(config)
    languages = _key(data, "languages")
    default = str(_key(data, "defaultContentLanguage") or "en").lower()
    own = next((options.get("contentDir") for lang, options in languages.items()
                if str(lang).lower() == default and isinstance(options, dict)), None) if isinstance(
                    languages, dict) else None
    if own:
        return str(own).strip()
    site = config.parent.parent.parent if config.parent.name == "_default" else config.parent
    named = _named_folders(data, site, default, languages) if isinstance(languages, dict) else {}
    mine = next((folder for lang, folder in named.items() if lang.lower() == default), None)
    return mine.relative_to(site).as_posix() if mine is not None and len(named) > 1 else ""


def _named_folders(data: dict[str, Any], site: Path, default: str, languages: Any) -> dict[str, Path]:
    """A multilingual Hugo site's folder per language named by its code under the content folder (`content/en/`,
    `content/ja/`), as module mounts give them (`source: content/ja`, `lang: ja` or `sites: {matrix: {languages:
    [ja]}}`): each language's folder, the default's among them, when the default's and another's are there."""
    if not isinstance(languages, dict):
        return {}
    content = site / str(_key(data, "contentDir") or "content")
    found = {str(lang): content / str(lang) for lang in languages if (content / str(lang)).is_dir()}
    if not any(lang.lower() == default for lang in found) or len(found) < 2:
        return {}
    return found


def _config_data(path: Path) -> dict[str, Any]:
    """A Hugo config file's settings (TOML, YAML or JSON), {} when it cannot be read."""
    text = read_text(path)
    try:
        if path.suffix == ".toml":
            # Imported here, not at the top: a site of no Hugo config never pays for it.
            if sys.version_info >= (3, 11):
                import tomllib
            else:  # pragma: no cover
                import tomli as tomllib
            data: Any = tomllib.loads(text)
        elif path.suffix == ".json":
            data = json.loads(text)
        else:
            data = yaml.safe_load(text)
    except (ValueError, yaml.YAMLError):
        return {}
    return data if isinstance(data, dict) else {}


def _mkdocs(config: Path, root: Path) -> Languages:
    try:
        data = load_mkdocs(config)
    except ValueError:
        return Languages("", (), ())
    theme = data.get("theme")
    own = str(theme.get("language") or "") if isinstance(theme, dict) else ""
    for plugin in data.get("plugins") or []:
        options = plugin.get("i18n") if isinstance(plugin, dict) else None
        if not isinstance(options, dict):
            continue
        languages = [x for x in options.get("languages") or [] if isinstance(x, dict) and x.get("locale")]
        default = next((str(x["locale"]) for x in languages if x.get("default")), own or "en")
        others = [str(x["locale"]) for x in languages if str(x["locale"]) != default]
        if str(options.get("docs_structure", "suffix")) == "folder":
            home = root / default if (root / default).is_dir() else None
            return Languages(_base(default), tuple((root / o, o) for o in others if (root / o).is_dir()), (), home)
        return Languages(_base(default), (), tuple(others))
    return Languages(_base(own), (), ())


def _rspress(config: Path, root: Path) -> Languages:
    # `lang: 'en'`, the site's own; its pages and their translations in folders named by locale (docs/en, docs/zh).
    return Languages(_base(_first_lang(_js(config))), (), ())


def _sphinx(config: Path, root: Path) -> Languages:
    found = re.search(r"(?m)^language\s*=\s*['\"]([^'\"]+)['\"]", read_text(config))
    return Languages(_base(found.group(1)) if found else "", (), ())


def _first_lang(source: str) -> str:
    found = re.search(r"(?<![\w$])lang\s*:\s*['\"]([^'\"]+)['\"]", source)
    return found.group(1) if found else ""


def _base(lang: str) -> str:
    return language.base(lang)


def _pages_under(folder: Path, limit: int = 5000) -> set[str]:
    out: set[str] = set()
    for base, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if not d.startswith((".", "_")) and d != "node_modules"]
        rel = os.path.relpath(base, folder)
        out.update(os.path.normpath(os.path.join(rel, f)).replace(os.sep, "/") for f in files
                   if f.endswith((".md", ".mdx", ".markdown")))
        if len(out) > limit:
            break
    return out


_SUFFIX_PAIRS = 5  # translations named for their language, beside their sources, for the naming to be the site's


def _mirrored_suffixes(root: Path, own: str) -> tuple[tuple[str, ...], str]:
    """The locales (not the site's own) pages are named for (`configmap.zh-cn.mdx`) where most such pages, five or
    more, have their source beside them (`configmap.mdx`, or named for the site's own language, `configmap.en.mdx`,
    with its region too, `index.en-US.md`); and that own form with its region when the sources are named so."""
    pages = _pages_under(root)
    named: dict[str, list[tuple[str, str]]] = {}
    own_forms: dict[str, int] = {}
    for page in pages:
        found = LOCALE_SUFFIX.search(page)
        if found is not None and _base(found.group(1)) != own:
            named.setdefault(found.group(1), []).append((page[:found.start()], page.rsplit(".", 1)[-1]))
        elif found is not None:
            own_forms[found.group(1)] = own_forms.get(found.group(1), 0) + 1
    mids = ("", f".{own}", *(f".{form}" for form in own_forms if form != own))
    out = []
    for locale, stems in named.items():
        paired = sum(1 for stem, ext in stems if any(f"{stem}{mid}.{e}" in pages for mid in mids
                                                     for e in (ext, "md", "mdx")))
        if paired >= _SUFFIX_PAIRS and paired >= _MIRROR_SHARE * len(stems):
            out.append(locale)
    form = max(own_forms, key=lambda f: own_forms[f], default="")
    return tuple(sorted(out)), (form if out and form != own and "-" in form else "")


def _locale_of(name: str) -> str:
    """The locale a folder is named for (`zh-cn`, or `chinese` as `zh`), or ""."""
    name = name.lower()
    return name if LOCALE.fullmatch(name) else LANGUAGE_NAMES.get(name, "")


def own_folder(parent: Path, own: str) -> Path | None:
    """The folder in parent named for the language own (`_home`), if any."""
    try:
        return _home(sorted(d for d in parent.iterdir() if d.is_dir()), own)
    except OSError:
        return None


def _home(folders: Sequence[Path], own: str) -> Path | None:
    """Of the folders, the one named for the language own, or else named for it with a region too (`en_US/` beside
    `zh_CN/`, `zh-cn/` for zh)."""
    return next((d for d in folders if _locale_of(d.name) == own), None) or next(
        (d for d in folders if _locale_of(d.name) and _base(_locale_of(d.name)) == _base(own)), None)


_NAMED_LOCALES_ALONE = 3  # folders named for other locales beside the own language's, none mirroring it


def _mirrored_folders(root: Path, own: str, depth: int = 4) -> tuple[tuple[tuple[Path, str], ...], Path | None]:
    """Folders named like a locale (not the site's own) whose pages mostly have namesakes beside them, or in a folder
    of the site's own language beside them (`en/` beside `zh/`, which is then where the translated pages are),
    looked for in the docs root and the folders below it (`src/content/docs/` when the config is not at hand); and
    that folder of the site's own language, if any."""
    out: list[tuple[Path, str]] = []
    source: Path | None = None
    homes: set[Path | None] = set()
    level = [root]
    for _ in range(depth):
        below: list[Path] = []
        for folder in level:
            try:
                children = sorted(d for d in folder.iterdir() if d.is_dir() and not d.name.startswith((".", "_"))
                                  and d.name != "node_modules")
            except OSError:
                continue
            candidates = [d for d in children if _locale_of(d.name) and _base(_locale_of(d.name)) != own]
            home = _home(children, own)  # the site's own language's folder
            if candidates:
                names = {c.name for c in candidates}
                outside = {p for p in _pages_under(folder) if p.split("/", 1)[0] not in names}
                at_home = _pages_under(home) if home is not None else set()
                for candidate in candidates:
                    inside = _pages_under(candidate)
                    if inside and len(inside & outside) >= _MIRROR_SHARE * len(inside):
                        out.append((candidate, _locale_of(candidate.name)))
                    elif inside and len(inside & at_home) >= _MIRROR_SHARE * len(inside):
                        out.append((candidate, _locale_of(candidate.name)))
                        source = home
                        homes.add(home)
                # Beside a folder of the site's own language, several folders named for other locales are its
                # translations even where their files are named in their language (`nl/Plug-ins/` for
                # `en/Plugins/`, a vault translated by hand): not mapped to sources, never linted as the site's own.
                if home is not None and not out and len(candidates) >= _NAMED_LOCALES_ALONE:
                    out += [(candidate, _locale_of(candidate.name)) for candidate in candidates
                            if _pages_under(candidate)]
                    source = home
                    homes.add(home)
            below += [d for d in children if d not in candidates]
        if out:  # (each folder of the level that holds them: a version's `zh-cn/` and `en/`, in each version's folder)
            return tuple(out), source if len(homes) <= 1 else None
        level = below[:200]
    return tuple(out), None
