"""The lines a Markdown build replaces with a file's text, and the file each names.

mkdocs-include-markdown's `{% include-markdown "x.md" %}`, Jinja's `{% include "x.md" %}`, pymdownx.snippets'
`--8<-- "x.md"`, VitePress's `<!--@include: ./x.md-->`, markdown-it-include's `!!!include(x.md)!!!`, mdBook's
`{{#include ../x/src/lib.rs}}` (and `{{#rustdoc_include}}`, with its `:anchor` or lines after the path), Fumadocs'
`<include>x.mdx</include>`, markdown-include's `{!_rules.md!}`, Hercule's transclusion link on a line of its own,
`:[platforms](../shared/platforms.md)`, and DocFX's `[!INCLUDE [name](../includes/x.md)]`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

_LINE = re.compile(r"""(?m)^[ \t]*(?:\{%-?\s*include(?:-markdown)?\s+["']([^"']+)["']"""
                   r"""|-+8<-+\s+["']([^"']+)["']|<!--\s*@include:\s*([^\s>#{]+)"""
                   r"""|!!!include\(([^)]+)\)!!!|\{\{#(?:rustdoc_)?include\s+([^\s}:]+)[^}]*\}\}"""
                   r"""|<include\b[^>]*>\s*([^<\s]+)\s*</include>|\{!\s*([^!\s]+)\s*!\}"""
                   r"""|:\[[^\]\n]*\]\(([^)\s]+\.mdx?)\)[ \t]*$"""
                   r"""|\[!INCLUDE\s*\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?\s*\)\])""")


def targets(source: str) -> Iterator[str]:
    """The file each include line of source names, as written."""
    for match in _LINE.finditer(source):
        yield next(group for group in match.groups() if group)
