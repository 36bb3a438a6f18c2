#!/usr/bin/env bash
# typecheck.sh - how long `swiftc -typecheck` takes on screens written in
# ScreenKit's @ScreenBuilder DSL, side by side with JohnSundell/Plot's
# @ComponentBuilder in exactly the same shapes, measured in the same run.
#
# Usage:
#   Benchmarks/typecheck.sh [--sizes 100,400,1600] [--shapes flat,nested,split]
#                           [--runs 3] [--timeout SECONDS] [--plot-cache DIR]
#                           [--skip-plot]
#
#   --sizes       element counts N, multiples of 10, >= 10 (default 100,400,1600)
#   --shapes      any of flat, nested, split (default all three)
#   --runs        timed runs per case; the median is reported (default 3)
#   --timeout     seconds before one swiftc run is killed (default 300)
#   --plot-cache  passed as --cache to the Plot script (default: its own)
#   --skip-plot   measure ScreenKit only (plot_s and ratio are NA)
#
# The shapes, the child rule and the sizes are those documented in
# Benchmarks/plot-typecheck.sh, mapped one to one:
#   Div { }                     -> Column { }
#   Div { }.class("row")        -> Column { }.padding(4)
#   Paragraph("t<i>").class("c") -> Text("t<i>").style(.caption)
#   Button("b<i>")              -> Button("b<i>", id: "b<i>", action: .navigate(to: "home"))
#   if flag { Paragraph(..) } else { Paragraph(..) } -> same with Text(..)
#   -> Component                -> -> Column
# (generator: Benchmarks/typecheck_gen.py; `typecheck_gen.py gen SHAPE N`
# prints one file.)
#
# How it measures: ScreenKit's module is built once in release
#   swift build -c release --package-path <repo> \
#     --scratch-path <repo>/.build-typecheck --target ScreenKit
# then, after one untimed warm-up compile of a tiny `import ScreenKit` file
# (populates the module cache), each generated file is timed as one process
#   swiftc -typecheck -I <module dir> -module-cache-path <tmp> FILE
# (default language mode, no other flags, as in the Plot script) --runs
# times; the median wall time is kept, NA if every run failed or timed out.
# Then the Plot script runs with the same --sizes/--shapes/--runs/--timeout.
# The two sides run one after the other, never concurrently.
#
# Output: progress on stderr; on stdout one table
#   shape  N  screenkit_s  plot_s  ratio(screenkit/plot)
# followed by '#' lines: whether the flat N=400 screen is no slower than
# Plot's, and the split shape's cost per element (seconds / N) at each size.
#
# Exit status: 0 all cases measured; 3 some case is NA (either side);
# 2 hard failure (bad arguments, build failure, warm-up compile failure,
# Plot script could not run or build Plot).

set -euo pipefail

die() { echo "screenkit-typecheck: error: $*" >&2; exit 2; }
log() { echo "screenkit-typecheck: $*" >&2; }

SIZES="100,400,1600"
SHAPES="flat,nested,split"
RUNS=3
TIMEOUT=300
PLOT_CACHE=""
SKIP_PLOT=0

HERE="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd -- "$HERE/.." && pwd)"
GEN="$HERE/typecheck_gen.py"
PLOT_SCRIPT="${PLOT_TYPECHECK_SCRIPT:-$HERE/plot-typecheck.sh}"
SCRATCH="$REPO/.build-typecheck"

usage() { sed -n '2,/^$/p' "$0" | sed 's/^# \{0,1\}//'; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --sizes)      [[ $# -ge 2 ]] || die "--sizes needs a value"; SIZES="$2"; shift 2 ;;
    --shapes)     [[ $# -ge 2 ]] || die "--shapes needs a value"; SHAPES="$2"; shift 2 ;;
    --runs)       [[ $# -ge 2 ]] || die "--runs needs a value"; RUNS="$2"; shift 2 ;;
    --timeout)    [[ $# -ge 2 ]] || die "--timeout needs a value"; TIMEOUT="$2"; shift 2 ;;
    --plot-cache) [[ $# -ge 2 ]] || die "--plot-cache needs a value"; PLOT_CACHE="$2"; shift 2 ;;
    --sizes=*)      SIZES="${1#*=}"; shift ;;
    --shapes=*)     SHAPES="${1#*=}"; shift ;;
    --runs=*)       RUNS="${1#*=}"; shift ;;
    --timeout=*)    TIMEOUT="${1#*=}"; shift ;;
    --plot-cache=*) PLOT_CACHE="${1#*=}"; shift ;;
    --skip-plot)  SKIP_PLOT=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) die "unknown argument: $1 (see --help)" ;;
  esac
done

# ---- validate arguments (same rules as the Plot script) --------------------
[[ "$RUNS" =~ ^[1-9][0-9]*$ ]] || die "--runs must be a positive integer (got '$RUNS')"
[[ "$TIMEOUT" =~ ^[1-9][0-9]*$ ]] || die "--timeout must be a positive integer (got '$TIMEOUT')"
IFS=',' read -r -a SIZE_LIST <<< "$SIZES"
[[ ${#SIZE_LIST[@]} -gt 0 ]] || die "--sizes is empty"
for n in "${SIZE_LIST[@]}"; do
  [[ "$n" =~ ^[1-9][0-9]*$ ]] || die "size '$n' is not a positive integer"
  (( n >= 10 && n % 10 == 0 )) || die "size $n must be a multiple of 10 and >= 10"
done
IFS=',' read -r -a SHAPE_LIST <<< "$SHAPES"
[[ ${#SHAPE_LIST[@]} -gt 0 ]] || die "--shapes is empty"
for s in "${SHAPE_LIST[@]}"; do
  case "$s" in flat|nested|split) ;; *) die "unknown shape '$s' (use flat, nested, split)" ;; esac
done

command -v swiftc  >/dev/null 2>&1 || die "swiftc not found on PATH"
command -v swift   >/dev/null 2>&1 || die "swift not found on PATH"
command -v python3 >/dev/null 2>&1 || die "python3 not found on PATH"
[[ -f "$GEN" ]] || die "generator not found: $GEN"
if [[ "$SKIP_PLOT" -eq 0 ]]; then
  [[ -x "$PLOT_SCRIPT" ]] || die "Plot script not found or not executable: $PLOT_SCRIPT (use --skip-plot)"
fi

log "compiler: $(swiftc --version 2>&1 | head -n 1)"
log "repo: $REPO (commit $(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo '?')$(
  [[ -n "$(git -C "$REPO" status --porcelain -- Sources 2>/dev/null)" ]] && echo ', Sources/ has uncommitted changes'))"

# ---- scratch dir -----------------------------------------------------------
WORK="$(mktemp -d -t screenkit-typecheck.XXXXXX)"
cleanup() { rm -rf -- "$WORK"; }
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ---- build ScreenKit once (release) ----------------------------------------
BUILD_LOG="$WORK/build.log"
SPM_ARGS=(-c release --package-path "$REPO" --scratch-path "$SCRATCH")
log "building ScreenKit (release) into $SCRATCH ..."
t0=$(date +%s)
if ! swift build "${SPM_ARGS[@]}" --target ScreenKit >"$BUILD_LOG" 2>&1; then
  echo "screenkit-typecheck: error: swift build -c release --target ScreenKit failed; last lines:" >&2
  tail -n 25 "$BUILD_LOG" >&2 || true
  exit 2
fi
BIN="$(swift build "${SPM_ARGS[@]}" --show-bin-path 2>>"$BUILD_LOG")" \
  || die "cannot determine build output dir (swift build --show-bin-path failed)"
MODDIR=""
for d in "$BIN/Modules" "$BIN"; do
  if [[ -e "$d/ScreenKit.swiftmodule" ]]; then MODDIR="$d"; break; fi
done
[[ -n "$MODDIR" ]] || die "ScreenKit.swiftmodule not found under $BIN"
log "ScreenKit built in $(( $(date +%s) - t0 )) s (module dir: $MODDIR)"

# ---- ScreenKit timings -----------------------------------------------------
SK_TSV="$WORK/screenkit.tsv"
log "ScreenKit: shapes=$SHAPES sizes=$SIZES runs=$RUNS timeout=${TIMEOUT}s"
t_start=$(date +%s)
set +e
python3 "$GEN" bench "$MODDIR" "$WORK" "$SIZES" "$SHAPES" "$RUNS" "$TIMEOUT" > "$SK_TSV"
sk_rc=$?
set -e
log "ScreenKit measurement took $(( $(date +%s) - t_start )) s"
case "$sk_rc" in
  0|3) ;;
  *) die "ScreenKit timing failed (exit $sk_rc)" ;;
esac

# ---- Plot timings ----------------------------------------------------------
PLOT_TSV="$WORK/plot.tsv"
PLOT_NOTE=""
plot_rc=0
if [[ "$SKIP_PLOT" -eq 1 ]]; then
  PLOT_NOTE="Plot not measured (--skip-plot); its documented reference: flat 0.16/1.28/24.8 s, nested 0.22/1.28/24.9 s, split 0.18/0.26/0.76 s for N=100/400/1600"
  : > "$PLOT_TSV"
else
  PLOT_ARGS=(--sizes "$SIZES" --shapes "$SHAPES" --runs "$RUNS" --timeout "$TIMEOUT")
  [[ -n "$PLOT_CACHE" ]] && PLOT_ARGS+=(--cache "$PLOT_CACHE")
  log "running $PLOT_SCRIPT ${PLOT_ARGS[*]}"
  t_start=$(date +%s)
  set +e
  "$PLOT_SCRIPT" "${PLOT_ARGS[@]}" > "$PLOT_TSV"
  plot_rc=$?
  set -e
  log "Plot script took $(( $(date +%s) - t_start )) s (exit $plot_rc)"
  case "$plot_rc" in
    0) ;;
    3) PLOT_NOTE="Plot script exit 3: some Plot case failed or timed out (NA)" ;;
    *) PLOT_NOTE="Plot script failed (exit $plot_rc), Plot numbers missing; see stderr" ;;
  esac
fi

# ---- table -----------------------------------------------------------------
python3 "$GEN" report "$SK_TSV" "$PLOT_TSV" "$SIZES" "$SHAPES" "$PLOT_NOTE" \
  || die "report failed"

if [[ "$SKIP_PLOT" -eq 0 && "$plot_rc" -ne 0 && "$plot_rc" -ne 3 ]]; then
  exit 2
fi
if [[ "$sk_rc" -eq 3 || "$plot_rc" -eq 3 ]]; then
  exit 3
fi
exit 0
