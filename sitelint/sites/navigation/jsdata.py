"""The literal values of a JS/TS config file, read as data and never run: objects, arrays, strings, numbers and
booleans, with the names a value refers to resolved where the file declares them (`const items = [...]`,
`function sidebar() { return [...] }`, `require('./x.json')`). Anything else (a call, a template with `${}`, an
import, arithmetic) becomes an `Unread` saying what it was, so a reader can tell what it did not see."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sitelint.sites.siteconfig import read_text

_TOKEN = re.compile(r"""\s*(?:(?P<str>'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|`(?:\\.|[^`\\])*`)|"""
                    r"""(?P<num>-?\d[\d_.eE+-]*)|"""
                    r"""(?P<name>[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)*)|(?P<spread>\.\.\.)|(?P<arrow>=>)|"""
                    r"""(?P<punct>[{}\[\](),:;=<>?!&|+*/%-])|(?P<other>[^\s]))""", re.S)
# A regular expression literal where a value starts (`ignoreDeadLinks: [/^https?:\/\/localhost/]`).
_REGEX = re.compile(r"\s*/(?![/*])(?:\\.|\[(?:\\.|[^\]\\\n])*\]|[^/\\\n\[])+/[a-z]*")
# An arrow function's head (`({ mode }: Env) =>`, `(): Item[] =>`) and a body block up to its `return`.
_ARROW = re.compile(r"(?:async\s+)?(?:\([^()]*(?:\([^()]*\)[^()]*)*\)|[A-Za-z_$][\w$]*)\s*(?::[^=]+)?=>\s*")
_RETURN = re.compile(r"\{[^{}]*?\breturn\s+")
_DECLARED = r"(?:^|[\s;}])(?:export\s+)?(?:const|let|var)\s+NAME\s*(?::[^=]+)?=\s*"
_FUNCTION = r"(?:^|[\s;}])(?:export\s+)?(?:async\s+)?function\s+NAME\s*(?:<[^>]*>)?\("
_MAX_DEPTH = 40
_MODULE_SUFFIXES = (".ts", ".mts", ".js", ".mjs", ".cts", ".cjs", ".json")
_COMMENT_OR_STRING = re.compile(r"""('(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`)"""
                                r"""|//[^\n]*|/\*.*?(?:\*/|\Z)""", re.S)


def mask_comments(source: str) -> str:
    """JS source with its comments blanked (same length, so offsets hold) and its string literals kept: one regular
    expression pass (siteconfig.mask_comments walks the text a character at a time, too slow for a page's JSX)."""
    return _COMMENT_OR_STRING.sub(lambda m: m.group(1) or re.sub(r"[^\n]", " ", m.group(0)), source)


_COMMENTED_LINK = re.compile(r"""\b(?:link|slug|href)\s*:\s*(['"`])([^'"`\n$]+)\1""")


def commented_links(source: str) -> list[str]:
    """The links and slugs of navigation entries a config has commented out (`// { label: 'Rules', link:
    '/linter/markdown/rules' }, // uncomment when it ships`): pages left out of the navigation on purpose."""
    out = []
    for match in _COMMENT_OR_STRING.finditer(source):
        if match.group(1) is None:
            out += [m.group(2) for m in _COMMENTED_LINK.finditer(match.group(0))]
    return out


def ts_twin(path: Path) -> list[Path]:
    """The TypeScript file a `.js` name stands for (`./sidebars.js` is `sidebars.ts` to TypeScript's resolution and
    to the loaders frameworks read their configs with; `.mjs` is `.mts`, `.cjs` is `.cts`)."""
    twin = {".js": ".ts", ".mjs": ".mts", ".cjs": ".cts"}.get(path.suffix)
    return [path.with_suffix(twin)] if twin else []


@dataclass(frozen=True)
class Unread:
    """A value the config computes rather than writes out."""

    what: str
    text: str = ""  # the source of a template string, as written between its backquotes


@dataclass(frozen=True)
class _Token:
    kind: str
    text: str
    end: int


class JsSource:
    """One config file, its comments blanked, with the declarations its values may name. `read` reads the files it
    names (`require('./x.json')`), and the file itself when no text is given."""

    def __init__(self, path: Path, text: str | None = None, read: Callable[[Path], str] = read_text,
                 root: Path | None = None) -> None:
        self.path = path
        self.read = read
        self.text = mask_comments(read(path) if text is None else text)
        # The folder the modules it imports must lie in: its repository (never a file outside it).
        real = Path(os.path.realpath(path))  # realpath, not resolve(): no stat of a file no reader notes
        self.root = Path(os.path.realpath(root)) if root is not None else next(
            (f for f in real.parents if (f / ".git").exists()), real.parent)

    def exported(self, depth: int = 0) -> Any:
        """The value of `export default ...` or `module.exports = ...`, through wrappers (`defineConfig({...})`)
        and a function of the build's mode (`({ mode }) => { return defineConfig({...}) }`): what it returns."""
        match = re.search(r"(?:export\s+default|module\.exports\s*=)\s*", self.text)
        if match is None:
            return Unread(f"no export in {self.path.name}")
        return self.value_at(self.returned(match.end()), depth)

    def returned(self, at: int) -> int:
        """Where the value an arrow function at `at` returns starts (`at` itself when there is none)."""
        found = _ARROW.match(self.text, at)
        if found is None:
            return at
        body = _RETURN.match(self.text, found.end())
        return body.end() if body is not None else found.end()

    def call_argument(self, callee: str) -> Any:
        """The first argument of the first call to `callee(...)` (Starlight's `starlight({...})`)."""
        match = re.search(r"(?<![\w$.])" + re.escape(callee) + r"\s*\(", self.text)
        if match is None:
            return None
        return self.value_at(match.end())

    def value_at(self, offset: int, depth: int = 0) -> Any:
        value, _ = _Parser(self, depth).value(offset)
        return value

    def declared(self, name: str, depth: int) -> Any:
        """The value a top-level name is declared with, or Unread."""
        if depth > _MAX_DEPTH:
            return Unread(f"`{name}`, nested too deep")
        match = re.search(_DECLARED.replace("NAME", re.escape(name)), self.text)
        if match is not None:  # a value, or an arrow function's (`const items = (): Item[] => [...]`)
            return self.value_at(self.returned(match.end()), depth + 1)
        match = re.search(_FUNCTION.replace("NAME", re.escape(name)), self.text)
        if match is not None:
            body = re.compile(r"\breturn\s+").search(self.text, match.end())
            if body is not None:
                return self.value_at(body.end(), depth + 1)
        if re.search(r"\bimport\b[^;]*\b" + re.escape(name) + r"\b", self.text):
            return self.imported(name, depth)
        return Unread(f"`{name}`")

    def imported(self, name: str, depth: int) -> Any:
        """A name imported from a module of the repository (`import sidebar from '../content/sidebar'`, `import {
        guide } from './sidebars.mjs'`, a JSON file): that module's default export or declaration, read the same
        way; a package's module, or one that cannot be found, is Unread."""
        unread = Unread(f"`{name}`, imported from another module")
        escaped = re.escape(name)
        default = re.search(r"\bimport\s+" + escaped + r"\s*(?:,\s*\{[^}]*\})?\s+from\s+['\"](\.{1,2}/[^'\"]+)['\"]",
                            self.text)
        named, member = None, None
        if default is None:
            for found in re.finditer(r"\bimport\s*(?:type\s+)?\{([^}]*)\}\s*from\s+['\"](\.{1,2}/[^'\"]+)['\"]",
                                     self.text):
                member = next((m.group(1) for m in re.finditer(r"([A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?",
                                                               found.group(1)) if (m.group(2) or m.group(1)) == name),
                              None)
                if member is not None:
                    named = found
                    break
            if named is None:
                return unread
        module = self._module(default.group(1) if default else named.group(2) if named else "")
        if module is None:
            return unread
        if module.suffix == ".json":
            return _required(module, self.read)
        source = JsSource(module, None, self.read, self.root)
        return source.exported(depth + 1) if default else source.declared(member or name, depth + 1)

    def _module(self, spec: str) -> Path | None:
        """The file a relative import names, with the suffixes and index files bundlers try, inside the root."""
        base = self.path.parent / spec
        tried = [base, *ts_twin(base)] if base.suffix in _MODULE_SUFFIXES else []
        tried += [base.with_name(base.name + s) for s in _MODULE_SUFFIXES if s != ".json"]
        tried += [base / f"index{s}" for s in _MODULE_SUFFIXES if s != ".json"]
        for path in tried:
            try:
                inside = Path(os.path.realpath(path)).is_relative_to(self.root)
            except (OSError, ValueError):
                continue
            if inside and self.read(path):  # read even when missing: a cached reading notes the file's absence
                return path
        return None


class _Parser:
    def __init__(self, source: JsSource, depth: int) -> None:
        self.source, self.text, self.depth = source, source.text, depth

    def token(self, at: int) -> _Token:
        match = _TOKEN.match(self.text, at)
        if match is None or match.lastgroup is None:
            return _Token("end", "", len(self.text))
        return _Token(match.lastgroup, match.group(match.lastgroup), match.end())

    def value(self, at: int) -> tuple[Any, int]:
        value, end = self.primary(at)
        nxt = self.token(end)
        while nxt.kind == "name" and nxt.text in ("as", "satisfies"):  # `as const`, `satisfies SidebarsConfig`
            end = self.skip_type(nxt.end)
            nxt = self.token(end)
        if nxt.kind == "punct" and nxt.text not in ",}]);:":
            return Unread("an expression"), self.skip_expression(end)
        return value, end

    def skip_type(self, at: int) -> int:
        tok = self.token(at)
        end = tok.end
        nxt = self.token(end)
        while nxt.kind == "punct" and nxt.text in "<[.":
            end = self.skip_balanced(end, "<[", ">]") if nxt.text in "<[" else nxt.end
            nxt = self.token(end)
        return end

    def skip_balanced(self, at: int, opening: str = "{[(", closing: str = "}])") -> int:
        """Past the bracketed group that opens at `at` (brackets inside strings ignored)."""
        depth, end = 0, at
        while True:
            tok = self.token(end)
            if tok.kind == "end":
                return tok.end
            end = tok.end
            if tok.kind == "punct" and tok.text in opening:
                depth += 1
            elif tok.kind == "punct" and tok.text in closing:
                depth -= 1
                if depth <= 0:
                    return end

    def skip_expression(self, at: int) -> int:
        """Past an expression: up to the `,` or closing bracket of the level it is in."""
        end = at
        while True:
            tok = self.token(end)
            if tok.kind == "end" or tok.kind == "punct" and tok.text in ",}]);":
                return end
            end = self.skip_balanced(end) if tok.kind == "punct" and tok.text in "{[(" else tok.end

    def primary(self, at: int) -> tuple[Any, int]:
        tok = self.token(at)
        if tok.kind == "str":
            return _string(tok.text), tok.end
        if tok.kind == "num":
            try:
                return float(tok.text.replace("_", "")), tok.end
            except ValueError:
                return Unread(tok.text), tok.end
        if tok.kind == "punct" and tok.text == "{":
            return self.object(tok.end)
        if tok.kind == "punct" and tok.text == "[":
            return self.array(tok.end)
        if tok.kind == "punct" and tok.text == "(":
            inner, end = self.value(tok.end)
            close = self.token(end)
            return (inner, close.end) if close.text == ")" else (Unread("an expression"), self.skip_expression(end))
        if tok.kind == "name":
            return self.named(tok)
        if tok.text == "/":
            regex = _REGEX.match(self.text, at)
            if regex is not None:
                return Unread("a regular expression"), regex.end()
        return Unread(tok.text or "nothing"), self.skip_expression(at)

    def named(self, tok: _Token) -> tuple[Any, int]:
        words = {"true": True, "false": False, "null": None, "undefined": None}
        if tok.text in words:
            return words[tok.text], tok.end
        nxt = self.token(tok.end)
        if nxt.kind == "punct" and nxt.text == "<":  # type arguments: defineConfigWithTheme<ThemeConfig>({...})
            after = self.token(self.skip_balanced(tok.end, "<", ">"))
            if after.kind == "punct" and after.text == "(":
                nxt = after
        if nxt.kind == "punct" and nxt.text == "(":
            return self.call(tok.text, nxt.end)
        if tok.text == "new":
            return Unread("a constructed object"), self.skip_expression(tok.end)
        if "." in tok.text:
            return Unread(f"`{tok.text}`"), tok.end
        return self.source.declared(tok.text, self.depth + 1), tok.end

    def call(self, callee: str, at: int) -> tuple[Any, int]:
        end = self.skip_balanced(at - 1)
        first, _ = self.value(at) if self.token(at).text != ")" else (None, at)
        if callee == "require" and isinstance(first, str):
            return _required(self.source.path.parent / first, self.source.read), end
        if first is None and "." not in callee:  # `sidebarConfig()`: a function of the file that returns the value
            return self.source.declared(callee, self.depth + 1), end
        if "." not in callee and re.search(_FUNCTION.replace("NAME", re.escape(callee)), self.source.text):
            # `sidebarFor('Guide')`: a function of the file that returns the entries, whatever it is given (what an
            # argument changes, `collapsed` or `link` prefixes aside, is not read)
            return self.source.declared(callee, self.depth + 1), end
        if callee.startswith("define") or callee.endswith("Config") or callee.startswith("with"):
            # defineConfig({...}), withMermaid(defineConfig({...})): wrappers that return their argument
            return first, end
        # A helper that makes a navigation group of the entries it is given (`group('guides', { items: [...] })`,
        # its label looked up elsewhere): the group is those entries.
        # The call's arguments are read as a list's elements are, up to its `)`.
        group = next((a for a in self.array(at, ")")[0] if isinstance(a, dict) and isinstance(a.get("items"), list)),
                     None)
        if group is not None:
            return ({"label": first, **group} if isinstance(first, str) and "label" not in group else group), end
        return Unread(f"a call to {callee}()"), end

    def element(self, end: int, closer: str) -> tuple[_Token | None, int]:
        """The first token of a literal's next element after any commas, or None with the position after the
        closing bracket (or the end of the source)."""
        while True:
            tok = self.token(end)
            if tok.kind == "end" or (tok.kind == "punct" and tok.text == closer):
                return None, tok.end
            if tok.kind == "punct" and tok.text == ",":
                end = tok.end
                continue
            return tok, end

    def object(self, at: int) -> tuple[Any, int]:
        out: dict[str, Any] = {}
        end = at
        while True:
            tok, end = self.element(end, "}")
            if tok is None:
                return out, end
            if tok.kind == "spread":
                spread, end = self.value(tok.end)
                if isinstance(spread, dict):
                    out.update(spread)
                else:
                    out.setdefault("...", []).append(spread if isinstance(spread, Unread) else Unread("a spread"))
                continue
            if tok.kind in ("name", "str", "num"):
                key = _string(tok.text) if tok.kind == "str" else tok.text
                nxt = self.token(tok.end)
                if nxt.text == ":":
                    out[key], end = self.value(nxt.end)
                    continue
                if nxt.text in (",", "}"):  # shorthand `{ items }`
                    out[key], end = self.source.declared(key, self.depth + 1), tok.end
                    continue
                if nxt.text == "(":  # a method: `config(md) {...}`
                    end = self.skip_balanced(self.skip_balanced(tok.end))
                    out[key] = Unread(f"the method {key}()")
                    continue
            # `[computed]: value`, `get x() {}`: not data a navigation is written in
            skipped = self.skip_expression(tok.end)
            end = skipped if skipped > end else tok.end

    def array(self, at: int, closer: str = "]") -> tuple[list[Any], int]:
        out: list[Any] = []
        end = at
        while True:
            tok, end = self.element(end, closer)
            if tok is None:
                return out, end
            if tok.kind == "spread":
                spread, end = self.value(tok.end)
                out.extend(spread if isinstance(spread, list) else [spread])
                continue
            item, new_end = self.value(end)
            out.append(item)
            end = new_end if new_end > end else tok.end


def _string(literal: str) -> Any:
    body = literal[1:-1]
    if literal[0] == "`" and "${" in body:
        return Unread("a template string", body)
    try:
        return json.loads('"' + body.replace('"', '\\"').replace("\\'", "'") + '"') if "\\" in body else body
    except ValueError:
        return body


def _required(path: Path, read: Callable[[Path], str]) -> Any:
    if path.suffix != ".json":
        return Unread(f"require('{path.name}')")
    try:
        return json.loads(read(path) or "null")
    except ValueError:
        return Unread(f"{path.name}, not valid JSON")


def unread_parts(value: Any) -> list[str]:
    """What a value holds that was not read, each said once."""
    found: list[str] = []

    def walk(v: Any) -> None:
        if isinstance(v, Unread):
            found.append(v.what)
        elif isinstance(v, dict):
            for item in v.values():
                walk(item)
        elif isinstance(v, list):
            for item in v:
                walk(item)

    walk(value)
    return list(dict.fromkeys(found))
