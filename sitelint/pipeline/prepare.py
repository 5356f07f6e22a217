"""Prepare: what several checks share, made once before any check runs, into one typed RunContext.

The cache, the git history, the product's current version, the duplication corpus and the embedder are made here
only when a selected rule's check needs them (CheckSpec.needs), and never filled in later behind a check's back.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sitelint.cache import Cache
from sitelint.gitinfo import GitHistory
from sitelint.model import Site
from sitelint.sites.product import Product, find_product

if TYPE_CHECKING:
    from sitelint.checks import CheckSpec
    from sitelint.checks.duplication.corpus import Corpus
    from sitelint.embedding import Embedder
    from sitelint.sites.navigation.graph import SiteGraph

GRAPH_NAMESPACE = "site-graph"


@dataclass(frozen=True)
class RunContext:
    """Everything a check may use besides its page and params."""

    site: Site
    settings: Mapping[str, Any]
    today: dt.date
    scope: frozenset[str] | None  # the pages whose findings the run keeps; None: every page
    cache: Cache | None = None
    git: GitHistory | None = None
    product: Product | None = None
    corpus: Corpus | None = None
    embedder: Embedder | None = None
    translations: frozenset[str] = frozenset()  # translations the rules that judge translations report on
    graph: SiteGraph | None = None  # the navigation and the links between pages
    unavailable: Mapping[str, str] = field(default_factory=dict)  # a need ("git", "product") it lacks, and why


def needs(specs: Sequence[CheckSpec]) -> frozenset[str]:
    return frozenset(n for s in specs for n in s.needs)


def embedder(settings: Mapping[str, Any], cache: Cache | None, wanted: frozenset[str], edited: bool,
             note: Callable[[str], None], progress: Callable[[int, int], None] | None = None) -> Embedder | None:
    """The run's embedder, made first: when the run names pages of which one is new to the cache (a pre-commit
    run on an edited page), its light backend starts loading at once, beside the reading of the site."""
    if "embedder" not in wanted:
        return None
    if settings.get("semantic") is False:
        note("semantic rules are off (semantic = false or --no-semantic): paraphrases are not looked for")
        return None
    from sitelint.embedding import embedder_for

    made = embedder_for(settings, cache, note, progress)
    if edited:
        made.warm()
    return made


def _product(site: Site, settings: Mapping[str, Any], note: Callable[[str], None]) -> Product:
    """The product's current version, said in the notes with where it came from (or that none was found)."""
    from sitelint import gitinfo

    product = find_product(site.product_root, settings, site.repo_root, lambda: gitinfo.version_tags(site.repo_root),
                           [c.parent for c in site.config_files])
    if product.version is not None:
        note(f"current version {product.version.text} from {product.source}")
    else:
        note("no current version found (in the docs config, the package the docs depend on, pyproject.toml, a "
             "published package.json, Cargo.toml, lerna.json or a version tag): outdated-version did not run; set "
             "current-version in the config")
    return product


def graph_of(site: Site, cache: Cache | None, note: Callable[[str], None]) -> SiteGraph:
    """The site's navigation, read from its framework's config (what could not be read said in the notes), and the
    links between its pages: from the cache, with only what changed since it was stored read again."""
    from sitelint.sites.navigation import stored

    ns = cache.namespace(GRAPH_NAMESPACE, stored.VERSION) if cache is not None else None
    slot = stored.slot(site)
    graph, fresh = stored.graph(site, ns.get_json(slot) if ns is not None else None)
    if ns is not None and fresh is not None:
        ns.put_json(slot, fresh)
    for message in graph.navigation.notes:
        note(message)
    return graph


def prepare(site: Site, settings: Mapping[str, Any], today: dt.date, scope: frozenset[str] | None,
            cache: Cache | None, wanted: frozenset[str], note: Callable[[str], None],
            embedder: Embedder | None = None) -> RunContext:
    """The run's context with what `wanted` names: "git", "product", "corpus", "graph", and the embedder made
    before."""
    git = None
    unavailable: dict[str, str] = {}
    if wanted & {"git", "corpus"}:  # the corpus names the oldest copy of a duplicate as canonical
        from sitelint import gitinfo

        said: list[str] = []
        git = gitinfo.history_for(site.product_root, cache, said.append)
        if "git" in wanted:
            for message in said:
                note(message)
        if git is None:
            unavailable["git"] = said[-1] if said else "the git history could not be read"
    product = _product(site, settings, note) if "product" in wanted else None
    # The corpus names the copy in the navigation, or the most linked to, as a duplicate's canonical one.
    graph = graph_of(site, cache, note) if wanted & {"graph", "corpus"} else None
    if product is not None and product.version is None:
        unavailable["product"] = "no current version found; set current-version in the config"
    corpus = None
    if "corpus" in wanted:
        from sitelint.checks.duplication.corpus import prepare as corpus_of

        corpus = corpus_of(site, settings, scope, cache, git, graph)
    return RunContext(site, settings, today, scope, cache, git, product, corpus, embedder, graph=graph,
                      unavailable=unavailable)
