"""How far each translation is behind the page it translates: the days between the last content change of the
source and of the translation (when the source changed later), and the share of the source's sections and code
blocks the translation has (counts that do not depend on the language).

The source of a translation is the page at the same path outside the locale folder (Starlight and VitePress locale
folders, Docusaurus `i18n/<locale>/docusaurus-plugin-content-docs/current/`, MkDocs i18n `page.<locale>.md`).
"""

from __future__ import annotations

import datetime as dt
import difflib
import os
import re
from collections.abc import Iterator, Sequence
from pathlib import Path

from sitelint import gitinfo, text
from sitelint.checks import CheckContext, Count, spec
from sitelint.model import Block, Location, Measurement, Page

# What a reader does not read as words: link targets, tags and their attributes, MDX expressions.
_MARKUP = re.compile(r"\]\([^)]*\)|<[^>]*>|\{[^{}]*\}")
# An MDX page's imports (`import Card from '~/components/Card.astro'`, over several lines too): what it renders
# with, not what it says. Outside code fences only: an import a code example shows is content.
_IMPORT = re.compile(r"^import\s(?:[^'\"`;]*?\sfrom\s*)?['\"][^'\"\n]+['\"];?[ \t]*$", re.M)
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})", re.M)


# A page's own styles and scripts (VitePress and Vue's `<style scoped>`, `<script setup>`): how it is drawn and
# run, no words of it. (In a code block they are an example's code.)
_STYLE_SCRIPT = re.compile(r"<(style|script)\b[^>]*>.*?</\1\s*>", re.S | re.I)


_LINK_TEXT = re.compile(r"(?<!!)\[[^\]\n]*\]\([^)\n]*\)")  # a link, its text and its target (not an image)


def _markup_out(prose: str) -> str:
    prose = _STYLE_SCRIPT.sub(" ", prose) if "</s" in prose.lower() else prose
    return _IMPORT.sub(" ", prose)


def _markup_blocks_out(markdown: str) -> str:
    """The page with its imports, styles and scripts out, its code blocks as they are."""
    parts, fence, start = [], "", 0
    for match in _FENCE.finditer(markdown):
        mark = match.group(1)
        if not fence:
            parts.append(_markup_out(markdown[start:match.start()]))
            fence, start = mark, match.start()
        elif mark[0] == fence[0] and len(mark) >= len(fence):
            parts.append(markdown[start:match.end()])
            fence, start = "", match.end()
    rest = markdown[start:]
    parts.append(rest if fence else _markup_out(rest))
    return "".join(parts)


# The kind of an admonition (`:::note`, `::: tip`, MkDocs' `!!! warning`, `??? info`): how it is drawn. Its title,
# if it has one, is words.
_CALLOUT_KIND = re.compile(r"^([ \t>]*)(?::{3,}|!!!|\?\?\?\+?)[ \t]*[\w-]+", re.M)


def _words(markdown: str) -> list[str]:
    return text.terms(_MARKUP.sub(" ", _CALLOUT_KIND.sub(r"\1", _markup_blocks_out(markdown))))


def _markup_only(top: Path, path: str, since: dt.date, now: str, translation: str = "") -> bool:
    """Whether the source's words are what they were when the translation last changed: every change since was to
    its markup (links re-pointed or renamed, tags reformatted, an import dropped, the file renamed) or its spelling,
    or is in the translation already (words left untranslated, a command, a URL), nothing a translator has to
    follow."""
    # Followed through renames: a source moved from `post.md` to `post.mdx` is the same source. (`--before` would
    # stop git from following it: the commits are walked from the newest.)
    log = gitinfo.run(top, "log", "--follow", "--format=%x00%H %cs", "--name-only", "--", path)
    if log.returncode:
        return False
    found = None
    for entry in log.stdout.split("\0")[1:]:
        lines = [line.strip() for line in entry.splitlines() if line.strip()]
        if not lines:
            continue
        head, *names = lines
        commit, _, day = head.partition(" ")
        if day and dt.date.fromisoformat(day) <= since:
            found = (commit, names[-1] if names else path)
            break
    if found is None:
        return False
    old = gitinfo.run(top, "show", f"{found[0]}:{found[1]}")
    if old.returncode:
        return False
    if _same_but_spelling(_words(old.stdout), _words(now), _words(translation) if translation else ()):
        return True
    # ... or to the names of its links alone ("[Rsbuild Introduction](/start)" -> "[Introduction](/start)", link texts
    # aligned with the titles of the pages they open): a translation names its links in its own words.
    return _words(_LINK_TEXT.sub(" ", old.stdout)) == _words(_LINK_TEXT.sub(" ", now))


# Words a grammar fix adds or drops ("is build" -> "is built", "an user" -> "a user").
_SMALL_WORDS = frozenset("a an the to of is are was be and or in on at for it its this that by as".split())  # noqa: SIM905
_SPELLING_EDITS = 5  # words a spelling and grammar pass may touch; a change of more is content
_FOLLOWED_RUN = 3  # words written into the source that, found as they are in the translation, it already has


def _letters(word: str) -> bool:
    """Whether a word is letters, an apostrophe aside ("Harbor's", a possessive fixed from "Harbor'")."""
    return word.replace("'", "").replace("’", "").isalpha()


def _same_but_spelling(old: list[str], new: list[str], translation: Sequence[str] = ()) -> bool:
    """Whether the source's words are the same but for its spelling and grammar: a handful of words each written
    nearly as before ("build" -> "built", "asserts" -> "assert"), or small words added or dropped. A number, a
    version, a name or a new sentence changed is content a translator has to follow, unless the translation holds
    the new words as they are (three or more: a sentence left in the source's language, a command)."""
    if old == new or (translation and list(translation) == new):
        return True
    held = "\0" + "\0".join(translation) + "\0" if translation else ""

    def holds(run: Sequence[str]) -> bool:
        return bool(held) and len(run) >= _FOLLOWED_RUN and "\0" + "\0".join(run) + "\0" in held

    changes = [c for c in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes() if c[0] != "equal"]
    inserted = [new[b1:b2] for _, _, _, b1, b2 in changes if b2 > b1]
    touched = 0
    for op, a1, a2, b1, b2 in changes:
        before, after = old[a1:a2], new[b1:b2]
        if after and holds(new[max(0, b1 - 2):b2 + 2]):
            continue  # the translation has the new words already, where the source has them
        if not after and before in inserted and holds(before):
            continue  # words moved elsewhere in the source, where the translation has them too
        touched += max(len(before), len(after))
        if touched > _SPELLING_EDITS:
            return False
        if "".join(before) == "".join(after):
            continue  # the same letters spaced otherwise: "-nkarmada-system" -> "-n karmada-system"
        if op == "replace" and len(before) == len(after):
            if not all((x in _SMALL_WORDS and y in _SMALL_WORDS) or (
                    _letters(x) and _letters(y) and difflib.SequenceMatcher(None, x, y).ratio() >= 0.7)
                       for x, y in zip(before, after, strict=True)):
                return False
        elif not all(w in _SMALL_WORDS for w in before + after):
            return False
    return True


# A paragraph that is only a short bold label (`**Arguments**`, `**Возвращает:**`): a part's title written in bold,
# as a translation may write the headings of its source; its line may end in a line break written as a tag
# (`**公開**<br/>`) or a backslash where its source's ends in two spaces, its colon spaced off as French writes it
# (`**Rédaction de nouveau contenu** :`).
_BOLD_LABEL = re.compile(r"[ \t]*(\*\*|__)[^*_\n]{1,60}\1(?:[ \t\u00a0\u202f]?[:：])?[ \t]*(?:<br\s*/?>|\\)?[ \t]*$",
                         re.I)


_LABEL_WORDS = 4  # words of a list item that stands alone as the title of the paragraph after it


def _sections(page: Page) -> int:
    """Headings, and the parts a translation may title otherwise: a bold label on a line of its own (the text under
    it on the next line or after a blank one), or a list item alone that names the part the paragraph after it
    describes (`* minMember` over its description, as its source's `### minMember`)."""
    lines = page.source.split("\n")
    blocks = page.blocks

    def label_item(n: int, b: Block) -> bool:
        return (b.kind == "list_item" and b.line == b.end_line and len(b.text.split()) <= _LABEL_WORDS
                and not b.text.rstrip().endswith((".", ":", ";")) and 0 < n < len(blocks) - 1
                and blocks[n - 1].kind != "list_item" and blocks[n + 1].kind == "paragraph")

    return sum(1 for n, b in enumerate(blocks) if b.kind == "heading" or label_item(n, b) or (
        b.kind == "paragraph" and 0 < b.line <= len(lines) and _BOLD_LABEL.match(lines[b.line - 1])))


def _code(page: Page) -> int:
    return sum(1 for b in page.blocks if b.kind == "code")


def translation_lag(ctx: CheckContext) -> Iterator[Measurement]:
    site, history = ctx.site, ctx.run.git
    limit = int(ctx.params["max-lag"])
    by_path = {p.path: p for p in site.pages}
    for path, source_path in sorted(site.sources.items()):
        page, source = by_path.get(path), by_path.get(source_path)
        if page is None or source is None:
            continue
        own = history.file(page.abspath) if history is not None else None
        theirs = history.file(source.abspath) if history is not None else None
        lag, detail = 0, {"source": source_path, "locale": page.variant.partition(":")[2]}
        if own is not None and theirs is not None:
            mine, source_day = own.last_changed(ctx.today), theirs.last_changed(ctx.today)
            lag = max(0, (source_day - mine).days)
            if lag > limit and history is not None and _markup_only(history.top, theirs.path, mine, source.source,
                                                                    page.source):
                lag = 0  # the source changed only in its markup since, or in words the translation has
            detail.update(translated=mine.isoformat(), source_changed=source_day.isoformat())
        sections, code = _sections(page), _code(page)  # each counted once: _sections reads the page's source
        their_sections, their_code = _sections(source), _code(source)
        parts = their_sections + their_code
        share = min(1.0, (sections + code) / parts) if parts else 1.0
        detail.update(sections=f"{sections} of {their_sections} sections", code=f"{code} of {their_code} code blocks")
        yield Measurement({"lag": lag, "share": round(share, 3), "dated": own is not None and theirs is not None,
                           "removed": False, "generated": False}, Location(page.path, 1), detail,
                          (Location(source_path, 1),))
    yield from _orphans(ctx)


def _orphans(ctx: CheckContext) -> Iterator[Measurement]:
    """Translations of a page the site no longer has: git saw their source deleted (moved or dropped), and the
    translation stayed behind. Only where the site's translations are otherwise matched to their sources, so a
    layout read wrong never makes every translation an orphan."""
    site, history = ctx.site, ctx.run.git
    if history is None or not site.unmatched:
        return
    by_path = {p.path: p for p in site.pages}
    matched: dict[str, int] = {}
    for path in site.sources:
        locale = by_path[path].variant if path in by_path else ""
        matched[locale] = matched.get(locale, 0) + 1
    # The translations whose sources one day's deletion took (a reference regenerated in another layout, a section
    # dropped) are one finding, on the first of them, naming the others: one cause, acted on at once.
    gone: list[tuple[Page, str, str, str]] = []  # (translation, its source's path in git, as shown, the day it went)
    for path, candidates in sorted(site.unmatched.items()):
        page = by_path.get(path)
        if page is None or matched.get(page.variant, 0) < _MATCHED:
            continue
        for candidate in candidates:
            try:
                rel = candidate.resolve().relative_to(history.top).as_posix()
            except ValueError:
                continue
            done = gitinfo.run(history.top, "log", "-1", "--diff-filter=D", "--format=%cs", "--", rel)
            day = done.stdout.strip()
            if done.returncode == 0 and day:
                # named as the site's paths are: from the folder the translation's own path starts in
                base = str(page.abspath)[: -len(page.path)] if str(page.abspath).endswith(page.path) else site.root
                gone.append((page, rel, os.path.relpath(candidate, base).replace(os.sep, "/"), day))
                break
    # Taken out of git to be written by each build (`api` in .gitignore: a reference generated from the code), the
    # source is still on the site, as the build makes it now: the translation is a copy of the generated page as it
    # was.
    built = gitinfo.ignored_paths(history.top, [rel for _, rel, _, _ in gone])
    removed: dict[tuple[str, str, bool], list[tuple[str, str]]] = {}
    for page, rel, shown, day in gone:
        removed.setdefault((page.variant, day, rel in built), []).append((page.path, shown))
    for (variant, day, generated), found in removed.items():
        groups = [found] if len(found) >= _ONE_DELETION else [[item] for item in found]
        for group in groups:
            (path, shown), others = group[0], group[1:]
            if others:
                shown += f" (and the sources of the {len(others)} other translations named here, the same day)"
            yield Measurement({"lag": 0, "share": 1.0, "dated": False, "removed": True, "generated": generated},
                              Location(path, 1),
                              {"source": shown, "removed_on": day, "locale": variant.partition(":")[2]},
                              tuple(Location(other, 1) for other, _ in others))


_ONE_DELETION = 3  # translations left by one day's deletion of their sources that are reported as one finding
_MATCHED = 3  # translations of a locale matched to their sources before an unmatched one counts as orphaned


CHECK = spec("translation-lag", "site", translation_lag, values=("lag", "share", "dated", "removed", "generated"),
             needs=("git",),
             requires=("git",),
             params={"max-lag": Count("Days past which a lag is checked for a change of words, not only of markup.")})
