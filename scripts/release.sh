#!/usr/bin/env bash
# Tag a release of sitelint: the annotated tag v<version>, the version being sitelint/__init__.py's __version__.
# The README's pre-commit `rev` and action `uses: ...@` must already name that tag, so what users copy exists the
# moment the tag is pushed. Run from a clean work tree on the commit to release; then `git push origin v<version>`.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' sitelint/__init__.py)
tag="v$version"
if [ -z "$version" ]; then
    echo "release: no __version__ in sitelint/__init__.py" >&2
    exit 1
fi
if ! grep -q "^    rev: $tag\$" README.md || ! grep -q "uses: sitelint/sitelint@$tag\$" README.md; then
    echo "release: README.md's pre-commit rev and action version must be $tag; update them first" >&2
    exit 1
fi
if [ -n "$(git status --porcelain)" ]; then
    echo "release: the work tree has uncommitted changes; commit them first" >&2
    exit 1
fi
if git rev-parse -q --verify "refs/tags/$tag" >/dev/null; then
    echo "release: the tag $tag exists already; raise __version__ for a new release" >&2
    exit 1
fi
git tag -a "$tag" -m "sitelint $version"
echo "release: tagged $tag at $(git rev-parse --short HEAD); publish it with: git push origin $tag"
