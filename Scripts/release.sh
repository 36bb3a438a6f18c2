#!/usr/bin/env bash
# Cuts a ScreenKit release: Scripts/release.sh VERSION
#
# The version lives in one place, `CLI.version` (Sources/ScreenKitCLI/CLI.swift): `screenkit
# --version` prints it and `screenkit init --screenkit-url` depends `from:` it. A release
#   1. renames CHANGELOG.md's "## Unreleased" section (which must list something) to
#      "## VERSION — DATE" and opens a new empty "## Unreleased" above it;
#   2. sets `CLI.version` to VERSION;
#   3. commits both ("Release VERSION") and tags that commit VERSION.
# It refuses, changing nothing, when VERSION is not MAJOR.MINOR.PATCH, the tag exists, the work
# tree has uncommitted changes, or the Unreleased section is empty. Then push the commit and the
# tag: git push origin HEAD VERSION
set -euo pipefail

usage() { echo "usage: Scripts/release.sh VERSION   (e.g. 0.15.0)" >&2; exit 2; }
[ $# -eq 1 ] || usage
case "$1" in -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
version=$1
[[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "release: $version is not MAJOR.MINOR.PATCH" >&2; exit 2; }

cd "$(dirname "$0")/.."
cli=Sources/ScreenKitCLI/CLI.swift
changelog=CHANGELOG.md
if git rev-parse -q --verify "refs/tags/$version" >/dev/null; then
  echo "release: the tag $version exists already" >&2; exit 1
fi
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then
  echo "release: the work tree has uncommitted changes; commit them first" >&2; exit 1
fi
grep -q '^    public static let version = "' "$cli" || { echo "release: no CLI.version in $cli" >&2; exit 1; }

python3 - "$changelog" "$version" "$(date -u +%Y-%m-%d)" <<'PY'
import sys
path, version, date = sys.argv[1:]
text = open(path, encoding="utf-8").read()
marker = "## Unreleased\n"
if text.count(marker) != 1:
    sys.exit(f"release: {path} needs exactly one '## Unreleased' section")
head, rest = text.split(marker)
body, _, tail = rest.partition("\n## ")
if not body.strip():
    sys.exit(f"release: the Unreleased section of {path} is empty: list what this release adds")
tail = ("\n## " + tail) if tail else ""
open(path, "w", encoding="utf-8").write(f"{head}{marker}\n## {version} — {date}\n{body.rstrip()}\n{tail}")
PY
sed -i.bak "s/^    public static let version = \".*\"/    public static let version = \"$version\"/" "$cli"
rm -f "$cli.bak"
git add "$cli" "$changelog"
git commit -q -m "Release $version"
git tag "$version"
echo "release: $version committed and tagged; push with: git push origin HEAD $version"
