"""How many prose words explain a section's code (its own and its parent's introduction)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from sitelint import text
from sitelint.checks import CheckContext, Count, Words, spec
from sitelint.model import Block, Location, Measurement, Page
from sitelint.text import phrases

_PROMPT = re.compile(r"\s*(?:\$|>>>|PS>|\S*[$#]>?)\s")  # $ ls, >>> x, PS> dir, user@host:~$ ls


def _lines(block: Block, sessions: frozenset[str] = frozenset()) -> int:
    """Lines of code a reader has to follow: in a terminal session, only the commands typed at its prompts (what
    they print is output, not code)."""
    lines = block.text.strip("\n").splitlines()
    if block.lang.lower() in sessions:
        return sum(1 for line in lines if _PROMPT.match(line))
    return len(lines)


def _prose_words(blocks: Sequence[Block]) -> int:
    return sum(text.count(b.text) for b in blocks if b.is_prose)


# A comment on a line of its own, by the fence's language: code commented line by line explains itself.
_SLASHES = re.compile(r"\s*(?://+|/?\*+/?)\s?(.*)")
_HASH = re.compile(r"\s*#+\s?(.*)")
_DASHES = re.compile(r"\s*--\s?(.*)")
_COMMENTS = {
    **dict.fromkeys(("js", "javascript", "jsx", "ts", "typescript", "tsx", "vue", "rust", "rs", "go", "java",
                     "kotlin", "kt", "swift", "c", "cpp", "c++", "cs", "csharp", "dart", "scala", "php", "json5",
                     "jsonc", "groovy", "gradle"), _SLASHES),
    **dict.fromkeys(("python", "py", "sh", "bash", "shell", "zsh", "fish", "yaml", "yml", "toml", "ruby", "rb",
                     "r", "perl", "dockerfile", "makefile", "powershell", "ps1", "nix", "ini", "conf"), _HASH),
    **dict.fromkeys(("sql", "lua", "haskell", "hs"), _DASHES),
}


def _comment_words(blocks: Sequence[Block]) -> int:
    count = 0
    for block in blocks:
        comment = _COMMENTS.get(block.lang.lower())
        if comment is None:
            continue
        for line in block.text.splitlines():
            found = comment.match(line)
            if found:
                count += text.count(found.group(1))
    return count


def code_explanation(page: Page, ctx: CheckContext) -> Iterator[Measurement]:
    """Sections under an example heading are left out: they show code the rest of the page explains."""
    floor = int(ctx.params["min-code-lines"])
    unread = {str(lang).lower() for lang in ctx.params["unread-fences"]}
    sessions = frozenset(str(lang).lower() for lang in ctx.params["session-fences"])
    readable = [b for b in page.code_blocks if b.lang.lower() not in unread]
    code = [b for b in readable if _lines(b, sessions) >= floor]
    if not code:
        return
    total_lines = sum(_lines(b, sessions) for b in readable)
    if page.words < int(ctx.params["page-words"]):
        yield Measurement({"words": page.words, "code_lines": total_lines, "whole_page": True},
                          Location(page.path, 1, page.line_count), {"where": "The page"})
        return
    example = phrases(ctx.params["example-headings"])
    for index in sorted({b.section for b in code}):
        if _under(page, index, example):
            continue
        own = page.blocks_in(index)
        parent = page.sections[index].parent if index >= 0 else -2
        words = _prose_words(own) + (_prose_words(page.blocks_in(parent)) if parent >= -1 else 0)
        lines = sum(_lines(b, sessions) for b in own if b in readable)
        words += _comment_words([b for b in own if b in readable])
        where = f"Section '{page.sections[index].title}'" if index >= 0 else "The introduction"
        line = page.sections[index].line if index >= 0 else code[0].line
        yield Measurement({"words": words, "code_lines": lines, "whole_page": False}, Location(page.path, line),
                          {"where": where})


def _under(page: Page, index: int, example: re.Pattern[str]) -> bool:
    while index >= 0:
        if example.search(page.sections[index].title):
            return True
        index = page.sections[index].parent
    return False


CHECK = spec(
    "code-explanation", "page", code_explanation, pure=True, values=("words", "code_lines", "whole_page"),
    params={
        "min-code-lines": Count("Code blocks shorter than this many lines need no explanation."),
        "page-words": Count("Below this many prose words on the whole page, the page is measured once."),
        "example-headings": Words("Words of a heading whose sections show examples the page explains elsewhere."),
        "unread-fences": Words("Fence languages that render as something other than code to read (mermaid)."),
        "session-fences": Words("Fence languages of terminal sessions: only the commands at their prompts count as "
                                "code, the output they print does not."),
    },
)
