#!/usr/bin/env bash
# Builds the DocC documentation of ScreenKit's catalogs (ScreenKit, ScreenRendering, ScreenKitCLI)
# with warnings as errors: a broken ``Symbol`` link or <doc:Article> reference fails it. Uses the
# toolchain's own `docc` and `swift-symbolgraph-extract`; no package plugin.
#
# Usage: Scripts/docs.sh [--modules DIR] [--catalogs DIR] [--static OUT]
#   --modules DIR  the built modules to read symbols from (default: `swift build`, then its Modules)
#   --catalogs DIR where <Module>/<Module>.docc are (default: Sources)
#   --static OUT   also writes a static site into OUT, one folder per catalog and an index.html;
#                  open it with `python3 -m http.server --directory OUT 8000` and
#                  http://localhost:8000/
set -euo pipefail
cd "$(dirname "$0")/.."
modules=""
catalogs=Sources
static=""
while [ $# -gt 0 ]; do
  case "$1" in
    --modules) modules="$2"; shift 2 ;;
    --static) static="$2"; shift 2 ;;
    --catalogs) catalogs="$2"; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
docc=$(command -v docc || xcrun --find docc 2>/dev/null || true)
extract=$(command -v swift-symbolgraph-extract || xcrun --find swift-symbolgraph-extract 2>/dev/null || true)
[ -n "$docc" ] && [ -n "$extract" ] || { echo "docs: needs the toolchain's docc and swift-symbolgraph-extract" >&2; exit 2; }
if [ -z "$modules" ]; then
  swift build >&2
  modules="$(swift build --show-bin-path)/Modules"
  [ -d "$modules" ] || modules="$(swift build --show-bin-path)"
fi
triple=$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -1)
out=.build/docs
rm -rf "$out"
mkdir -p "$out"
modules_documented="ScreenKit ScreenRendering ScreenKitCLI"
for module in $modules_documented; do
  graphs="$out/symbol-graphs/$module"
  mkdir -p "$graphs"
  "$extract" -module-name "$module" -I "$modules" -target "$triple" -output-dir "$graphs" \
    -minimum-access-level public -skip-synthesized-members
  "$docc" convert "$catalogs/$module/$module.docc" --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name "$module" --fallback-bundle-identifier "dev.screenkit.$module" \
    --warnings-as-errors --output-path "$out/$module.doccarchive" > "$out/$module.log" 2>&1 \
    || { cat "$out/$module.log" >&2; echo "docs: $module has errors (above)" >&2; exit 1; }
  echo "docs: $module built without warnings" >&2
done
if [ -n "$static" ]; then
  mkdir -p "$static"
  {
    echo '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>ScreenKit documentation</title></head><body>'
    echo '<h1>ScreenKit documentation</h1><ul>'
  } > "$static/index.html"
  for module in $modules_documented; do
    lower=$(echo "$module" | tr '[:upper:]' '[:lower:]')
    rm -rf "${static:?}/$module"
    "$docc" process-archive transform-for-static-hosting "$out/$module.doccarchive" \
      --output-path "$static/$module" --hosting-base-path "$module" >&2
    echo "<li><a href=\"$module/documentation/$lower/\">$module</a></li>" >> "$static/index.html"
  done
  echo '</ul></body></html>' >> "$static/index.html"
  echo "docs: static site in $static (python3 -m http.server --directory $static 8000)" >&2
fi
