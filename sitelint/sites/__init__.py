"""Framework facts that discovery and the build-log readers share: config files, docs roots, routes, the product."""
