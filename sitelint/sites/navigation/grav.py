"""Grav's menu is its `pages/` folder: every page a numbered folder holds is in it unless its front matter hides it,
so every page counts as listed. What is read here is where each page is served: its folder's route, without the
numbers that order the menu (`04.guides/02.settings/docs.md` at `/guides/settings`), and the home page at `/`."""

from __future__ import annotations

import os

from sitelint.model import Site
from sitelint.sites import grav
from sitelint.sites.navigation import Collector, Navigation, key, relative


def read(site: Site, found: Collector) -> Navigation:
    # The plain files Grav does not serve beside one named for the site's language, as the read marked them unbuilt.
    hidden = {key(p.abspath) for p in site.pages if p.path in site.unbuilt}
    routes: dict[str, str] = {}
    for page_key in found.under(site.root):
        if page_key not in hidden:
            routes.setdefault(grav.route(os.path.dirname(relative(page_key, site.root))), page_key)
    system = next((c for c in site.config_files if c.name == "system.yaml"), None)
    home = grav.home_alias(found.text(system)) if system is not None else grav.DEFAULT_HOME
    if home in routes:  # `/` first: the home page's own route stays its folder's, from which its links are read
        routes = {"/": routes[home], **routes}
    return found.done("Grav pages folder", every_page=True, routes=routes)
