"""Substance checks measured directly on parsed pages, offline readability, the demo site and the real corpora."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

import pytest
from checks_support import RULES, SPECS, TODAY, context, findings, measure, params_of, run_context, site_of

from conftest import ROOT, shared
from sitelint import api as engine
from sitelint.checks.substance import prose_words, readability
from sitelint.model import Finding, Page, Site
from sitelint.pipeline.pages import page_from_text


def page(source: str, path: str = "docs/page.md") -> Page:
    return page_from_text(path, ROOT / path, textwrap.dedent(source))


def site(*pages: Page, unreadable: tuple[tuple[str, str], ...] = ()) -> Site:
    return site_of(*pages, root=ROOT, unreadable=unreadable)


# --- SUB001 thin page -----------------------------------------------------------------------------------------------


def test_prose_words_counts_prose_only() -> None:
    p = page(
        """\
        ---
        title: Deploying
        ---

        # Deploying

        Run the deploy script from a clean checkout, see https://example.com/deploy.

        ```shell
        ./deploy.sh --bucket docs-production --token "$TOKEN"
        ```

        <!-- a comment that nobody reads -->
        """
    )
    [m] = measure("prose-words", p)
    assert m.values["words"] == p.words == 9
    assert (m.at.line, m.at.end_line) == (1, p.line_count)


@pytest.mark.parametrize(
    ("path", "source", "reason"),
    [
        ("docs/_partial.md", "Shared text.\n", "partial: included into other pages"),
        ("docs/contributing.md", '--8<-- "CONTRIBUTING.md"\n', "generated: filled in at build time by includes"),
        (
            "docs/api.md",
            "# API\n\n::: pkg.module.Class\n    options:\n      show_root_heading: true\n",
            "generated: an autodoc directive (`::: module`)",
        ),
        ("docs/old.md", "---\nredirect_to: /docs/new\n---\n\nMoved.\n", "redirect: front matter `redirect_to`"),
        (
            "docs/page.mdx",
            "# Guides\n\nimport DocCardList from '@theme/DocCardList';\n\n<DocCardList />\n",
            "hub: a card list",
        ),
        (
            "docs/page.md",
            "# Guides\n\n- [Install](a.md)\n- [Configure the build](b.md)\n- [Deploy](c.md)\n",
            "hub: mostly links",
        ),
        (
            "docs/page.md",
            "# Old\n\n:::caution\nThis API was removed. Use [the new one](new.md).\n:::\n",
            "redirect: a short moved or removed notice that links elsewhere",
        ),
        (
            "docs/page.md",
            "# Button\n\n## `title`\n\nThe label.\n\n## `onPress`\n\nCalled on press.\n",
            "reference: a section per documented member (2 of 3 headings)",
        ),
    ],
)
def test_pages_short_by_design_are_exempt(path: str, source: str, reason: str) -> None:
    p = page(source, path)
    assert prose_words.exemption(p, params_of("prose-words")) == reason
    assert measure("prose-words", p)[0].values["exempt"] == reason
    assert findings("SUB001", [p]) == []


def test_ordinary_short_page_is_not_exempt() -> None:
    p = page("# Deploying\n\nRun the deploy script, then check [the dashboard](dash.md) for errors.\n")
    assert prose_words.exemption(p, params_of("prose-words")) == ""
    assert [f.line for f in findings("SUB001", [p])] == [1]


def test_text_in_html_blocks_counts_as_prose() -> None:
    cards = "".join(
        f'<div class="card"><p>Card {i} says what this part of the guide covers.</p></div>\n' for i in range(20)
    )
    p = page(f"# Home\n\nProject documentation.\n\n<div>\n{cards}</div>\n<script>var notWords = 1;</script>\n")
    [m] = measure("prose-words", p)
    assert m.values["words"] == p.words + 20 * 10  # "Card", the number, "says", ... "covers"


def test_included_partials_count_for_the_page_that_renders_them() -> None:
    partial = page("word " * 200, "docs/shared/_steps.md")
    host = page("# Install\n\nimport Steps from './shared/\\_steps.md';\n\n<Steps />\n", "docs/install.mdx")
    [m] = SPECS["prose-words"].fn(host, context("prose-words", run_context(site(partial, host))))
    assert m.values["words"] == host.words + 200
    assert findings("SUB001", [partial, host]) == []


# --- SUB002 placeholder text ----------------------------------------------------------------------------------------


def test_placeholders_one_finding_per_run_of_lines_with_every_marker() -> None:
    p = page(
        """\
        # Deploy (coming soon)

        TODO: write this section. Also TBD.
        A second line with lorem ipsum.

        - FIXME link
        """
    )
    got = {f.line: f.message for f in findings("SUB002", [p])}
    assert sorted(got) == [1, 3, 6]  # lines 3 and 4, one paragraph's consecutive lines, are one gap
    assert "'TODO', 'write this section', 'TBD', 'lorem ipsum'" in got[3]
    assert "'coming soon'" in got[1]


def test_a_promise_of_more_closing_a_page_is_a_placeholder() -> None:
    p = page("# Migrate\n\n## Sidebar\n\nMove the sidebar config.\n\n> More to follow...\n")
    assert [f.line for f in findings("SUB002", [p])] == [7]
    soon = page("# SSR\n\nWill come soon\n")
    assert [f.line for f in findings("SUB002", [soon])] == [3]
    # ... not where the page says what more there is to come
    told = page("# Migrate\n\nThere is more to come in the next section: how the sidebar config moves to the theme.\n")
    assert findings("SUB002", [told]) == []


def test_placeholder_words_in_ordinary_prose_and_code_are_not_markers() -> None:
    p = page(
        """\
        # Tutorial

        Build a todo app. Todo items have a title. Say you call this when creating a todo: it works.
        We will write this middleware next; the rest has to be written by you. Use placeholder text in forms.
        Keep the `TODO` marker and `lorem ipsum` strings in inline code.

        ```js
        // TODO: FIXME XXX lorem ipsum
        ```

        <!-- TODO: add a diagram -->
        """
    )
    assert findings("SUB002", [p]) == []


def test_a_marker_written_in_bold_as_a_term_it_defines_is_not_left_in_the_page() -> None:
    p = page(
        """\
        # Reviews

        Common labels:
        - **praise:** highlights something positive
        - **todo:** notes something to be addressed later
        - **fix:** resolves an issue

        todo: say how to request a review
        """
    )
    assert [f.line for f in findings("SUB002", [p])] == [8]


def test_a_myst_comment_holds_no_placeholder_and_an_example_directive_no_empty_section() -> None:
    # MyST (Sphinx's Markdown): a `%` line is a comment no reader sees; the headings of an extension's directive are
    # what its example shows, not sections of the page.
    p = page(
        """\
        # Cross-references

        Headings get anchors when `myst_heading_anchors` is set; this page shows how to link to them.

        % TODO uncomment once the mermaid extension is fixed
        % ## Diagrams

        ::::{myst-example}
        ## A heading with slug

        ## A heading with slug
        ::::

        :::{note}
        TODO: say which slug function is the default.
        :::
        """
    )
    assert [f.line for f in findings("SUB002", [p])] == [15]
    assert findings("SUB003", [p]) == []


def test_a_marker_the_prose_talks_about_is_not_a_marker_left_in_it() -> None:
    p = page(
        """\
        # Upgrade

        The fallback was kept after the rename. The TODO comments said it should be removed in the next major.
        Keep a TODO list in the tracker, and leave no FIXME in released code.
        This finds revisions where "TODO" or “FIXME” is added to a file.
        To leave TODO messages for other developers, use JavaScript comments instead.
        Open the prototype as a pull request, as long as it is properly marked as WIP (work in progress).
        """
    )
    assert findings("SUB002", [p]) == []
    left = page("# Upgrade\n\nTODO describe the fallback.\n\nThe fallback section is TBD.\n\n**TODO**: say why.\n")
    assert [f.line for f in findings("SUB002", [left])] == [3, 5, 7]


def test_tba_in_a_schedule_column_of_dates_is_a_value_not_yet_known() -> None:
    p = page(
        """\
        # Roadmap

        | Release | Initial release | End of life |
        | --- | --- | --- |
        | **5.x** | Q4 2026 (estimated) | TBA |
        | **4.x** | 2025-07-16 | 6 months after 5.x |
        | **3.x** | 2022-11-16 | 2026-07-31 |
        """
    )
    assert findings("SUB002", [p]) == []
    # ... a cell of a table of options left TBD is still a placeholder
    options = page("# Options\n\n| Option | Description |\n| --- | --- |\n| `port` | The port. |\n| `host` | TBD |\n")
    assert [f.line for f in findings("SUB002", [options])] == [6]


def test_a_status_opening_the_question_it_leaves_open_is_a_decision_not_made() -> None:
    plan = page("# Plan\n\n| Version | Fallback |\n| --- | --- |\n| 3.5 | Kept as a fallback. |\n"
                "| 4.0 | TBD whether the fallback remains. |\n\nTBD which release drops it.\n")
    assert findings("SUB002", [plan]) == []
    # A status standing for what the page should say is still a placeholder.
    gap = page("# Plan\n\n## Fallback\n\nTBD.\n\n## Removal\n\nTBD: when it goes.\n")
    assert [f.line for f in findings("SUB002", [gap])] == [5, 9]



def test_a_field_that_says_when_with_a_status_is_a_date_not_set_yet() -> None:
    entry = page("# Deprecations\n\n### `format.default`\n\n- **Kind:** behavior\n- **Warning since:** 0.52.0\n"
                 "- **Planned removal:** TBD\n- Release date: TBA\n")
    assert findings("SUB002", [entry]) == []
    # ... and a stage of an implementation plan whose release is not set yet.
    stages = page("# Custom messages\n\n## Implementation plan\n\n- Alpha: v1.6 rest to eventbus\n"
                  "- Beta: v1.7 rest to servicebus\n- GA: TBD\n")
    assert findings("SUB002", [stages]) == []
    # A field that says what something is, left TBD, is a gap.
    gap = page("# Deprecations\n\n### `format.default`\n\n- **Kind:** behavior\n- **Replacement:** TBD\n")
    assert [f.line for f in findings("SUB002", [gap])] == [6]


# --- SUB003 empty section -------------------------------------------------------------------------------------------


def test_a_heading_that_is_its_own_message_is_not_an_empty_section() -> None:
    p = page(
        """\
        # Version 2.0 changes

        ## [Try the new live editor](https://example.com/editor)

        ## Directives

        Directives change the config of one diagram.

        ### The following methods are deprecated and kept only for compatibility.

        ## Settings

        ## For more information, read [Setup](./setup.md).
        """
    )
    assert [f.line for f in findings("SUB003", [p])] == [11]  # "## Settings" alone


def test_a_section_whose_subsections_are_links_is_not_empty() -> None:
    p = page(
        """\
        # Development environment

        ## Clusters

        Any local cluster works.

        #### K3d

        ##### [Installation guide](https://k3d.io/stable/#quick-start)

        ## Preface

        #### Understand the [Code Contribution Guide](code-contributions.md)

        ## Tools

        #### Linters

        ## Next steps

        Build it.
        """
    )
    # "K3d" and "Preface" point the reader on through their subsections' links; "Tools" holds an empty heading.
    assert [f.line for f in findings("SUB003", [p])] == [15]


def test_a_proposal_s_unused_template_sections_are_not_empty_sections() -> None:
    text = ("# Headless mode\n\nRun without the UI for one-team installs.\n\n## Proposal\n\nA flag turns it off.\n\n"
            "## Detailed examples\n\n## Drawbacks\n\nTwo modes to test.\n")
    assert findings("SUB003", [page(text, "docs/proposals/headless.md")]) == []
    assert [f.line for f in findings("SUB003", [page(text, "docs/guide/headless.md")])] == [9]


def test_a_section_holding_a_comment_where_the_build_inserts_content_is_not_empty() -> None:
    text = ("# no-void\n\nDisallow `void` except to discard a value, and say why in a sentence or two here.\n\n"
            "## Examples\n\n## Options\n\n### `checkNever`\n\n{/* insert option description */}\n\n"
            "### `allowThen`\n\n{/* TODO */}\n\n## When Not To Use It\n\nWhen you write no `void`.\n")
    p = page(text, "docs/rules/no-void.mdx")
    # The doubled "Examples" heading is empty; "checkNever" is filled in by the build; "allowThen" is not.
    assert [(f.line, f.message.split("'")[1]) for f in findings("SUB003", [p])] == [(5, "Examples"), (13, "allowThen")]


def test_empty_sections_and_empty_parents_reported_once() -> None:
    """An empty parent is one finding with its subsections; empty siblings in a row (names written as headings) are
    one finding for the run."""
    p = page(
        """\
        # Guide

        Intro text.

        ## Empty

        ## Full

        Text.

        ### Empty child

        ## Parent of empties

        ### One

        ### Two

        ## Methods

        Its methods:

        ### `get`

        ### `post`

        ### `put`

        ### `delete`
        """
    )
    got = [(f.line, f.message) for f in findings("SUB003", [p])]
    assert [line for line, _ in got] == [5, 11, 13, 23]
    assert got[0][1].startswith("Empty section: 'Empty' has no content")
    assert "nor have its 2 subsections" in got[2][1]
    assert got[3][1].startswith("Empty sections: 'get', 'post', 'put' and 1 more have no content")


def test_block_left_open_above_a_heading_fills_it() -> None:
    p = page(
        """\
        # Guide

        :::tip Summary

        - first point

        ## Next steps

        Read the tutorial.
        """
    )
    assert findings("SUB003", [p]) == []


def test_signatures_sharing_one_description_are_not_empty() -> None:
    # Two signatures written as a heading each, described together under the second: not an empty section.
    p = page(
        """\
        # Parser

        ## API

        ### `parse(code, [options])`

        ### `parseExpression(code, [options])`

        Both parse code; the second parses a single expression.

        ### Options
        """
    )
    assert [(f.line, f.message.split(": ", 1)[1]) for f in findings("SUB003", [p])] == [
        (11, "'Options' has no content before the next heading")]


def test_a_run_of_names_sharing_the_text_after_the_last_is_not_empty() -> None:
    p = page(
        """\
        # Breaking changes

        ### `protocol.registerFileProtocol`

        ### `protocol.registerBufferProtocol`

        ### `protocol.registerStringProtocol`

        The APIs are now synchronous and the callback is no longer needed.

        ### UniqueForDateValidator

        ### UniqueForMonthValidator

        These validators enforce a unique date field.

        ### Notes

        ### `protocol.handle`
        """
    )
    assert [f.line for f in findings("SUB003", [p])] == [17]  # "Notes" and the last name: empty, one run


def test_an_empty_release_heading_is_reported_on_a_changelog_not_in_a_dated_post() -> None:
    source = """\
        # Changes

        ## v6.19.0 Summary (2016-11-16)

        ## New features

        Object rest spread.
        """
    assert [f.line for f in findings("SUB003", [page(source, "docs/changelog.md")])] == [3]
    assert findings("SUB003", [page(source, "blog/2016-11-16-6.19.0.md")]) == []


# --- SUB004 padded prose --------------------------------------------------------------------------------------------

PADDED = """\
# Features

This feature lets you build your site quickly. This feature lets you deploy your site quickly. This feature lets you
preview your site quickly. This feature lets you share your site quickly. This feature lets you test your site quickly.

This section explains how the builder works for you. This section explains how the deployer works for you. This section
explains how the previewer works for you. This section explains how the sharer works for you. This section explains how
the tester works for you.

You can use this feature to save time every day. You can use this feature to save effort every day. You can use this
feature to save money every day. You can use this feature to save trouble every day. You can use this feature to save
work every day.

With Acme you get speed for your site. With Acme you get safety for your site. With Acme you get quality for your site.
With Acme you get control for your site. With Acme you get peace of mind for your site. Acme is the tool for your site.
"""

GOOD = """\
# Caching

Acme keeps a cache of every page it has built, keyed by a hash of the page's source and of the settings that affect
it. When you build again, Acme compares the hashes and rebuilds only the pages whose source or settings changed. On a
large site this turns a build of several minutes into one of a few seconds.

The cache lives in a folder at the root of the project. It is safe to delete: the next build simply takes longer while
it fills the cache again. Do not commit the folder to version control, because its contents depend on the machine that
produced them, and a cache from another machine is ignored anyway.

Some changes invalidate every page at once. Upgrading Acme, changing the theme or editing a template forces a full
rebuild, since any page might look different afterwards. Plugins can declare which files they read; a change to one of
those files rebuilds the pages that use the plugin and leaves the others alone.
"""


def test_padding_needs_two_signals_and_names_them() -> None:
    [padded] = findings("SUB004", [page(PADDED)])
    assert padded.line == 1
    assert "sentence frames" in padded.message and "variety" in padded.message
    assert findings("SUB004", [page(GOOD)]) == []


def test_each_padding_signal_moves_the_right_way() -> None:
    [good] = measure("padded-prose", page(GOOD))
    [bad] = measure("padded-prose", page(PADDED))
    for name in ("repetition", "sentence_frames"):
        assert bad.values[name] > good.values[name], name
    for name in ("compressibility", "variety"):
        assert bad.values[name] < good.values[name], name
    wordy = "It is important to note that, in order to basically get help, you really very simply ask. " * 14
    [signals] = measure("padded-prose", page(wordy), min_words=10)
    limits = RULES["SUB004"].params
    assert signals.values["wordy_per_100"] > limits["max-wordy-per-100"]
    assert signals.values["hedges_per_100"] > limits["max-hedges-per-100"]


def test_short_pages_are_left_to_thin_page() -> None:
    assert measure("padded-prose", page(PADDED), min_words=1000) == []


def test_a_stub_is_a_warning_a_line_and_code_is_info_and_a_short_page_with_its_example_is_complete() -> None:
    stub = "# Other uses\n\nThere are other uses, see later.\n"
    short = "# Other uses\n\nThere are other uses for arguments, you will see them later.\n"
    recipe = ("# Watching files\n\nRun the formatter on every change with onchange, a small tool that watches the "
              "folder and runs a command each time a file in it is saved:\n\n```bash\nnpx onchange . -- x\n```\n")
    line_and_code = "# Deploying\n\nRun the deploy script:\n\n```bash\n./deploy.sh\n```\n"
    assert [(f.rule, f.severity) for f in findings("SUB001", [page(line_and_code)])] == [("SUB001", "info")]
    assert [(f.rule, f.severity) for f in findings("SUB001", [page(short)])] == [("SUB001", "info")]
    longer = "# Notes\n\n" + "This page explains one small setting of the tool in a few plain words. " * 3 + "\n"
    assert [(f.rule, f.severity) for f in findings("SUB001", [page(stub)])] == [("SUB001", "warning")]
    # A few sentences around an example: a recipe or a short reference (a template tag's syntax), complete as it is.
    assert findings("SUB001", [page(recipe)]) == []
    assert [(f.rule, f.severity) for f in findings("SUB001", [page(longer)])] == [("SUB001", "info")]
    # A command's page that shows its help output as a picture shows its usage: short, not a stub.
    helped = "# info\n\nShow information about the tool\n\n## Usage\n\n![cz info --help](../img/cz_info___help.svg)\n"
    assert [(f.rule, f.severity) for f in findings("SUB001", [page(helped)])] == [("SUB001", "info")]
    pictured = "# info\n\nShow information about the tool\n\n## Usage\n\n![The tool's logo](../images/logo.svg)\n"
    assert [(f.rule, f.severity) for f in findings("SUB001", [page(pictured)])] == [("SUB001", "warning")]


def test_a_short_page_as_long_as_its_folder_s_pages_are_is_not_thin() -> None:
    # Forty providers' setup pages of about 80 words: one of 72 words is as long as its kind of page is there;
    # a guide of 45 words in a folder of long guides is thin.
    setup = "# {n}\n\n" + "Create an app in the provider's console, copy its client id and secret, and paste them. " * 5
    providers = [page(setup.format(n=f"P{i}"), f"docs/social/p{i}.md") for i in range(5)]
    short_provider = page("# Lark\n\n" + "Create an app in Lark, copy its id and secret, then paste them here. " * 5,
                          "docs/social/lark.md")
    guide = "# Guide\n\n" + "This page explains one setting of the tool in plain words for a reader. " * 30 + "\n"
    guides = [page(guide, f"docs/guides/g{i}.md") for i in range(4)]
    short_guide = page("# Load testing\n\n" + "Run the load test against a staging project first, never production. "
                       * 4, "docs/guides/load.md")
    the_site = site(*providers, short_provider, *guides, short_guide)
    got = {f.path for f in findings("SUB001", the_site.pages, run_context(the_site))}
    assert short_provider.words < 150 and got == {"docs/guides/load.md"}


def test_a_glossary_entry_is_complete_and_a_deprecation_stub_is_a_notice() -> None:
    terms = [page(f"---\ntitle: {t}\n---\n\nA _{t}_ is a sequence of {t}s.\n", f"docs/glossary/{t}.md")
             for t in ("string", "byte", "rune", "slice", "map")]
    guide = "# Guide\n\n" + "This page explains one small setting of the tool in a few plain words. " * 12 + "\n"
    long_folder = [page(guide, f"docs/guides/g{i}.md") for i in range(4)]
    alone = page("---\ntitle: Strings\n---\n\nMore about strings soon.\n", "docs/guides/string.md")
    the_site = site(*terms, *long_folder, alone)
    got = {(f.path, f.severity) for f in findings("SUB001", the_site.pages, run_context(the_site))}
    # A line that defines the page's title is a glossary entry, complete; a line that says nothing is a stub.
    assert got == {("docs/guides/string.md", "warning")}
    assert terms[0].page_type == "reference" and "glossary entry" in terms[0].type_reason
    # A page that only points to its replacement inside a deprecation shortcode is a notice, short by design.
    stub = page("---\ntitle: IsNode\n---\n\n{{< deprecated-in 0.163.0 >}}\nUse the [`IsBranch`](/methods/isbranch/) "
                "method instead.\n{{< /deprecated-in >}}\n", "docs/methods/IsNode.md")
    assert stub.page_type == "redirect" and findings("SUB001", [stub]) == []


def test_a_short_blog_post_is_news_not_a_thin_page() -> None:
    text = "# Adding a badge\n\nThe project now has a badge. Add it to your README:\n\n```md\n![b](x)\n```\n"
    assert findings("SUB001", [page(text, "docs/blog/posts/adding-a-badge.md")]) == []
    assert [f.rule for f in findings("SUB001", [page(text, "docs/guides/adding-a-badge.md")])] == ["SUB001"]


def test_a_heading_shown_in_the_example_above_it_is_that_example_rendered() -> None:
    text = ("# Badges\n\nUse the component in a heading:\n\n```md\n### Title <Badge text=\"beta\" />\n```\n\n"
            "It renders like:\n\n### Title <Badge text=\"beta\" />\n\n## Colours\n\nEach type has a colour.\n\n"
            "## Sizes\n\n## Related\n\nSee the theme guide.\n")
    assert [(f.line, "Sizes" in f.message) for f in findings("SUB003", [page(text)])] == [(17, True)]
    # Rendered a level deeper than the Markdown source shows it (Fumadocs' steps); a shell comment that reads like
    # the heading is no such example.
    steps = ("# Markdown\n\n## Steps\n\nFor guides:\n\n```md\n### Install [step]\n\n### Deploy [step]\n```\n\n"
             "#### Install [step]\n\n#### Deploy [step]\n\n## Setup\n\n```bash\n# Configure\nharbor init\n```\n\n"
             "### Configure\n\n## Related\n\nSee the theme guide.\n")
    assert [f.message.split("'")[1] for f in findings("SUB003", [page(steps)])] == ["Configure"]


# --- SUB005 code without explanation --------------------------------------------------------------------------------

CODE = "```js\n" + "".join(f"step{i}();\n" for i in range(12)) + "```\n"


def test_code_only_page_is_one_finding() -> None:
    [f] = findings("SUB005", [page(f"# Script\n\n## One\n\n{CODE}\n## Two\n\n{CODE}")])
    assert f.line == 1 and "The page has 24 lines of code" in f.message


def test_a_terminal_session_counts_its_commands_not_what_they_print() -> None:
    output = "".join(f"test_{i}.py passed\n" for i in range(12))
    words = "This section explains how to read a failure, line by line, and what to change first. " * 2

    def testing(block: str) -> Page:
        return page(f"# Testing\n\n## Run it\n\nCall pytest in the folder:\n\n{block}\n## Read failures\n\n{words}\n")

    assert findings("SUB005", [testing(f"```console\n$ pytest\n{output}```\n")]) == []
    assert len(findings("SUB005", [testing(f"```bash\npytest\n{output}```\n")])) == 1


def test_section_explained_by_itself_or_its_parent_introduction() -> None:
    words = "This script runs the twelve steps of a release in order and stops at the first one that fails. " * 2
    p = page(f"# Release\n\n## Lead-in\n\n{words}\n\n### Code\n\n{CODE}\n## Bare\n\nLike so:\n\n{CODE}")
    assert [(f.line, "Bare" in f.message) for f in findings("SUB005", [p])] == [(24, True)]


def test_examples_live_blocks_and_rendered_fences_need_no_prose() -> None:
    words = "This page explains the release script, its twelve steps and what each of them changes. " * 2
    live = CODE.replace("```js", "```SnackPlayer name=Demo")
    rendered = CODE.replace("```js", "```mdx-code-block")
    sections = f"## Examples\n\n### Basic\n\n{CODE}\n## Live\n\n{live}\n## Rendered\n\n{rendered}"
    p = page(f"# Release\n\n{words}\n\n{sections}")
    assert findings("SUB005", [p]) == []


# --- SUB006 hard to read --------------------------------------------------------------------------------------------

DENSE = (
    "Notwithstanding considerable architectural heterogeneity, the synchronisation subsystem guarantees eventual "
    "consistency through asynchronous reconciliation, whereby conflicting modifications originating from "
    "geographically dispersed replicas are deterministically resolved according to configurable precedence, "
    "consequently necessitating comprehensive understanding of the underlying semantics before administrators "
    "undertake configuration alterations. "
) * 4
# Names and long words in short sentences: a reading ease under 30 (but not under `severe`), and no sentence a
# reader has to go back over.
TERSE = ("Replicas reconcile conflicting changes in the background. The newest modification usually wins the "
         "comparison. " * 3 + "The newest change wins. You can pick another rule in the settings file. ") * 4
PLAIN = "Every copy of your data ends up the same. When two people change one record, the newest change wins. " * 6


def test_readability_per_section_with_numbers() -> None:
    p = page(f"# Sync\n\n{PLAIN}\n\n## Conflicts\n\n{DENSE}\n\n## Short\n\nToo short to measure, at all.\n")
    measured = {m.at.line: m for m in measure("readability", p)}
    assert sorted(measured) == [1, 5]
    assert measured[1].values["ease"] > 60 > 30 > measured[5].values["ease"]
    assert measured[5].values["grade"] > measured[1].values["grade"]
    assert [f.line for f in findings("SUB006", [p])] == [5]
    assert (measured[5].values["long"], measured[5].values["longest"]) == (4, 41) and measured[1].values["long"] == 0


def test_a_design_proposal_is_not_judged_for_readability() -> None:
    # An enhancement proposal records a decision for the maintainers who made it: nobody rewrites it for readers.
    text = f"# Sync\n\n## Conflicts\n\n{DENSE}\n"
    assert [f.line for f in findings("SUB006", [page(text, "docs/guides/sync.md")])] == [3]
    assert findings("SUB006", [page(text, "docs/naps/4-sync.md")]) == []


def test_a_low_reading_ease_without_long_sentences_is_not_hard_to_read() -> None:
    p = page(f"# Sync\n\n## Precedence\n\n{TERSE}\n")
    [m] = [m for m in measure("readability", p) if m.at.line == 3]
    assert 10 < m.values["ease"] < 30 and m.values["long"] == 0
    assert findings("SUB006", [p]) == []


def test_a_quote_s_paragraph_that_leads_into_an_example_ends_at_its_colon() -> None:
    lead = ("For functions with many optional parameters and one or two required ones, it can be a good idea to "
            "accept the required ones by position while accepting the optional ones only by keyword:")
    rest = "Positional-only parameters are useful in some cases, when two numbers are passed and order does not matter."
    p = page(f"# Tips\n\n> TIP: **Hint**\n> {lead}\n>\n> ```python\n> greet(name)\n> ```\n>\n> {rest}\n")
    quote = next(b for b in p.blocks if b.kind == "blockquote")
    assert readability.long_sentences([quote], 40)[1] == len(lead.split()) + 2  # the callout's title, then the lead


def test_readable_text_strips_identifiers_paths_and_urls_but_keeps_sentences() -> None:
    p = page(
        "# Setup\n\nCall createStore() in src/store.js (see https://example.com/a) or store.dispatch now.\n"
        "- short item\n- a list item long enough to count\n"
    )
    text = readability.readable_text(p.blocks)
    assert "createStore" not in text and "src/store.js" not in text and "store.dispatch" not in text
    assert "example.com" not in text and "short item" not in text
    assert text.endswith("a list item long enough to count.")


def test_substance_module_imports_textstat_lazily() -> None:
    code = "import sys, sitelint.checks.substance; print('textstat' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "False"


def _offline_prefix() -> list[str]:
    unshare = shutil.which("unshare")
    if unshare and subprocess.run([unshare, "-rn", "true"], capture_output=True).returncode == 0:
        return [unshare, "-rn"]  # a private network namespace: no network at all
    return []


OFFLINE_SCRIPT = """\
import datetime, json, pathlib, sys
from sitelint.checks import CheckContext
from sitelint.checks.substance.readability import readability
from sitelint.model import Site
from sitelint.pipeline.pages import page_from_text
from sitelint.pipeline.prepare import RunContext
page = page_from_text("docs/p.md", pathlib.Path("p.md"), sys.argv[1])
site = Site(root=pathlib.Path("."), repo_root=pathlib.Path("."), framework="", pages=(page,))
run = RunContext(site=site, settings={}, today=datetime.date(2026, 1, 1), scope=None)
[m] = readability(page, CheckContext({"min-words": 10, "sentence-words": 40}, run))
print(json.dumps({"ease": m.values["ease"], "grade": m.values["grade"], "nltk": "nltk" in sys.modules}))
"""


def test_readability_works_offline(tmp_path: Path) -> None:
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(tmp_path),
        "NLTK_DATA": str(tmp_path / "nltk"),
        "HTTP_PROXY": "http://127.0.0.1:9",
        "HTTPS_PROXY": "http://127.0.0.1:9",
        "PYTHONPATH": str(ROOT),
    }
    command = [*_offline_prefix(), sys.executable, "-c", OFFLINE_SCRIPT, "# T\n\n" + DENSE]
    out = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["ease"] < 30 and result["grade"] > 14 and not result["nltk"]
    assert not (tmp_path / "nltk").exists()


# --- SUB000 page problems -------------------------------------------------------------------------------------------


def test_page_problems_and_unreadable_files() -> None:
    broken = page("---\ntitle: [unclosed\n---\n\n# Title\n\nText.\n", "docs/broken.md")
    fence = page("# Title\n\nText.\n\n```js\nopen(\n\nThen close it.\n", "docs/fence.md")
    clean = page("# Title\n\nText.\n", "docs/clean.md")
    the_site = site(broken, fence, clean, unreadable=(("docs/latin1.md", "the file is not valid UTF-8"),))
    got = [(f.path, f.line, f.severity) for f in findings("SUB000", the_site.pages, run_context(the_site))]
    assert got == [("docs/latin1.md", 1, "error"), ("docs/broken.md", 3, "warning"), ("docs/fence.md", 5, "warning")]


def test_front_matter_of_plain_key_value_lines_is_read_and_info_where_the_build_is_unknown() -> None:
    # `@` cannot start a YAML value, but a site's own reader that splits each line at its colon takes it.
    scoped = page("---\ntitle: @acme/kit/env\nsidebar: api\n---\n\n> MODULE: @acme/kit/env\n", "docs/env.md")
    assert scoped.front_matter == {"title": "@acme/kit/env", "sidebar": "api"}
    assert scoped.title == "@acme/kit/env"
    nested = page("---\ntitle: @acme\ntags:\n  - a\n---\n\n# T\n", "docs/nested.md")
    assert nested.front_matter == {}  # not one key: value per line: nothing is guessed

    def levels(framework: str) -> list[tuple[str, str]]:
        the_site = site_of(scoped, nested, root=ROOT, framework=framework)
        return [(f.path, f.severity) for f in findings("SUB000", the_site.pages, run_context(the_site))]

    assert levels("") == [("docs/env.md", "info"), ("docs/nested.md", "warning")]
    assert levels("docusaurus") == [("docs/env.md", "warning"), ("docs/nested.md", "warning")]


def test_a_page_of_front_matter_alone_never_closed_is_read_whole_and_reported_where_the_reader_wants_a_close() -> None:
    # A home page that is only its layout and hero, with no closing ---: gray-matter reads to the end of the file.
    home = page("---\nlayout: home\n\ntitle: Kit\nhero:\n  name: Kit\n  actions:\n    - theme: brand\n"
                "      link: /guide/\n", "docs/index.md")
    assert home.front_matter["layout"] == "home" and home.front_matter["hero"]["actions"][0]["link"] == "/guide/"
    assert home.words == 0
    # Text after the YAML keys is a body the author forgot to separate: that is still the unclosed problem.
    prose = page("---\ntitle: Kit\n\nKit renders pages, fast.\n", "docs/prose.md")
    assert prose.front_matter == {}
    assert prose.problems == ((1, "front matter opened at line 1 is never closed; add a closing --- line"),)

    def levels(framework: str) -> list[tuple[str, int, str]]:
        the_site = site_of(home, prose, root=ROOT, framework=framework)
        return [(f.path, f.line, f.severity) for f in findings("SUB000", the_site.pages, run_context(the_site))]

    assert levels("vitepress") == levels("docusaurus") == [("docs/prose.md", 1, "warning")]
    assert levels("jekyll") == [("docs/index.md", 1, "warning"), ("docs/prose.md", 1, "warning")]


def test_a_template_tag_as_a_title_is_plain_text_and_a_site_written_so_is_not_reported() -> None:
    # `{#if ...}` opens a YAML flow mapping it cannot close; a site's own reader takes it as the title's text.
    tags = [page(f"---\ntitle: {{#{t} ...}}\ntags: template-{t}\n---\n\nThe {t} block.\n", f"docs/{t}.md")
            for t in ("if", "each", "await")]
    assert tags[0].front_matter == {"title": "{#if ...}", "tags": "template-if"}
    meant = page("---\ntitle: {a: 1, b\n---\n\n# T\n", "docs/meant.md")  # a mapping left open: YAML was meant
    assert meant.front_matter == {}

    def levels(*pages: Page, framework: str = "") -> list[tuple[str, str]]:
        the_site = site_of(*pages, root=ROOT, framework=framework)
        return [(f.path, f.severity) for f in findings("SUB000", the_site.pages, run_context(the_site))]

    # One such page is worth a look; three or more are how the site writes its front matter, where its build is
    # not one sitelint knows.
    assert levels(tags[0], meant) == [("docs/if.md", "info"), ("docs/meant.md", "warning")]
    assert levels(*tags, meant) == [("docs/meant.md", "warning")]
    assert [s for _, s in levels(*tags, framework="vitepress")] == ["warning"] * 3


# --- the demo site through the real engine --------------------------------------------------------------------------

DEMO_EXPECTED = {
    ("SUB001", "docs/faq.md", 1),
    ("SUB001", "docs/reference/api-examples.md", 1),
    ("SUB002", "docs/deployment.md", 13),
    ("SUB002", "docs/deployment.md", 17),
    ("SUB003", "docs/deployment.md", 25),
    ("SUB004", "docs/why-lookout.md", 1),
    ("SUB005", "docs/reference/api-examples.md", 1),
    ("SUB006", "docs/architecture.md", 19),
}


def test_demo_site_has_exactly_its_deliberate_substance_defects(tmp_path: Path) -> None:
    demo = tmp_path / "demo"
    shutil.copytree(ROOT / "fixtures" / "sites" / "demo", demo, ignore=shutil.ignore_patterns(".sitelint"))
    result = engine.lint(cwd=demo, today=TODAY, select=["SUB"])
    got = {(f.rule, f.path, f.line) for f in result.findings}
    assert got == DEMO_EXPECTED, [f"{f.path}:{f.line} {f.rule} {f.message}" for f in result.findings]


# --- the real corpora: false positives ------------------------------------------------------------------------------


def _corpus(*parts: str) -> tuple[Page, ...]:
    root = shared("corpora", *parts)
    files = sorted(p for p in root.rglob("*") if p.suffix in (".md", ".mdx"))
    return tuple(page_from_text(f.relative_to(root.parent).as_posix(), f, f.read_text(encoding="utf-8")) for f in files)


def _counts(pages: tuple[Page, ...]) -> Mapping[str, list[Finding]]:
    # SUB000 is the reader's; rules with no check (unused-suppression, gamed-fix) are reported by other stages.
    return {code: findings(code, pages) for code in RULES
            if code.startswith("SUB") and code != "SUB000" and RULES[code].check != "none"}


@pytest.mark.slow
def test_redux_docs_have_no_substance_false_positives() -> None:
    got = _counts(_corpus("redux", "docs"))
    assert {code: len(found) for code, found in got.items() if code != "SUB006"} == {
        "SUB001": 0,
        "SUB002": 0,
        "SUB003": 0,
        "SUB004": 0,
        "SUB005": 0,
    }, {code: [f"{f.path}:{f.line} {f.message}" for f in found] for code, found in got.items()}
    # Readability is informational; a handful of dense sections in 86 pages is what it is for.
    assert len(got["SUB006"]) <= 12


@pytest.mark.slow
def test_react_native_docs_only_true_positives() -> None:
    pages = _corpus("react-native-website", "docs")
    got = _counts(pages)
    assert got["SUB004"] == [] and got["SUB005"] == []
    # The placeholders are the site's own "This page is work in progress" stubs.
    assert got["SUB002"] and all("work in progress" in f.message for f in got["SUB002"])
    # One heading ("3. Install Development tools") followed at once by a heading of the same level.
    assert [(f.path, f.line) for f in got["SUB003"]] == [("docs/_integration-with-existing-apps-ios.md", 66)]
    thin = Counter(f.path.split("/")[-1].split("-")[0] for f in got["SUB001"])
    assert thin["global"] >= 35 and len(got["SUB001"]) <= 50  # mostly one-sentence stubs of web globals
    assert len(got["SUB006"]) <= 12


def test_a_placeholder_a_site_repeats_word_for_word_is_one_finding_naming_its_pages(tmp_path: Path) -> None:
    # A template's notice on many stubs ("This section is a work in progress. ... [guide](/x)") is one decision for
    # the maintainer: one finding on the first page, the others its related places; a page's own placeholder, and
    # the same notice on only two pages, stay findings of their own.
    notice = ("This section is a work in progress. We appreciate any help you can give: read our "
              "[guide](/contributing/{n}) to start.\n")
    docs = tmp_path / "docs"
    for n, name in enumerate(("agents/autogpt", "agents/babyagi", "agents/csv", "tools/search")):
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / f"{name}.md").write_text(f"# {name.split('/')[1].title()}\n\n{notice.format(n=n)}")
    (docs / "other").mkdir()
    for name in ("one", "two"):
        (docs / f"other/{name}.md").write_text(f"# {name}\n\nThis page is a work in progress.\n")
    (docs / "guide.md").write_text("# Guide\n\nTODO: write the install steps.\n\nUse the tool to lint a site.\n")
    result = engine.lint(cwd=tmp_path, today=TODAY, select=["SUB002"])
    found = sorted((f.path, f.message) for f in result.findings)
    grouped = [f for f in result.findings if "the same words on" in f.message]
    assert len(grouped) == 1 and grouped[0].path == "docs/agents/autogpt.md"
    assert grouped[0].message.endswith("; the same words on 3 other pages")
    assert {r.path for r in grouped[0].related} == {"docs/agents/babyagi.md", "docs/agents/csv.md",
                                                     "docs/tools/search.md"}
    assert [p for p, _ in found] == ["docs/agents/autogpt.md", "docs/guide.md", "docs/other/one.md",
                                     "docs/other/two.md"]
    # A suppression on the first page keeps the notice reported, once, on the others.
    first = docs / "agents/autogpt.md"
    kept_on_purpose = "<!-- sitelint-disable-next-line SUB002 -->\nThis section"
    first.write_text(first.read_text().replace("This section", kept_on_purpose))
    regrouped = [f for f in engine.lint(cwd=tmp_path, today=TODAY, select=["SUB002"]).findings
                 if "the same words on" in f.message]
    assert [(f.path, f.message.rsplit("; ", 1)[1]) for f in regrouped] == [
        ("docs/agents/babyagi.md", "the same words on 2 other pages")]


def test_an_empty_section_the_pages_of_one_folder_each_have_is_one_finding(tmp_path: Path) -> None:
    # A generator's pages of controls, each with the template's "Related resources" left empty: one fix in the
    # generator, one finding naming the pages; the same empty heading on two pages elsewhere stays one finding each.
    docs = tmp_path / "docs"
    (docs / "controls").mkdir(parents=True)
    for n in range(1, 5):
        (docs / f"controls/c-{n:04}.md").write_text(
            f"# C-{n:04}\n\n## Severity\n\nHigh\n\n## Related resources\n\n## Remediation\n\nDisable the service.\n")
    (docs / "guides").mkdir()
    for name in ("install", "upgrade"):
        (docs / f"guides/{name}.md").write_text(f"# {name}\n\n## Related resources\n\n## Steps\n\nRun it.\n")
    result = engine.lint(cwd=tmp_path, today=TODAY, select=["SUB003"])
    grouped = [f for f in result.findings if "the same empty section on" in f.message]
    assert [(f.path, f.line) for f in grouped] == [("docs/controls/c-0001.md", 7)]
    assert grouped[0].message.endswith("; the same empty section on 3 other pages")
    assert {r.path for r in grouped[0].related} == {"docs/controls/c-0002.md", "docs/controls/c-0003.md",
                                                    "docs/controls/c-0004.md"}
    assert sorted(f.path for f in result.findings) == ["docs/controls/c-0001.md", "docs/guides/install.md",
                                                        "docs/guides/upgrade.md"]
