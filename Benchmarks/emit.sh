#!/usr/bin/env bash
# Emit benchmark: ScreenKit (pipeline and emit step), Foundation's JSONEncoder and Python's orjson
# on the same generated tree, in one run. Prints one table.
#
# Usage: Benchmarks/emit.sh [--sizes 1000,100000,1000000] [--runs 5]
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=1000,100000,1000000
runs=5
while [ $# -gt 0 ]; do
  case "$1" in
    --sizes) sizes="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
python3 -c "import orjson" 2>/dev/null || { echo "needs Python's orjson: pip install orjson" >&2; exit 2; }
echo "building screenkit-bench (release)…" >&2
swift build -c release --product screenkit-bench >&2
bench=.build/release/screenkit-bench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

printf "%-9s %-8s %-9s %-9s %-9s %-9s %-11s %-11s %-11s %-12s %-12s %s\n" \
  nodes emit_MB "pipe_MB/s" "emit_MB/s" "write_MB/s" "orjson_MB/s" "emit/orjson" "write/orjson" "orjson/pipe" "JSONEnc/write" "JSONEnc/emit" "peak_MiB(emit/orjson)"
IFS=',' read -r -a list <<< "$sizes"
for n in "${list[@]}"; do
  r=$runs
  [ "$n" -ge 1000000 ] && r=3
  "$bench" emit --nodes "$n" --runs "$r" > "$work/all.tsv" 2> "$work/all.log"
  "$bench" emit --nodes "$n" --runs "$r" --phase emit --write-tree "$work/tree.json" > "$work/emit.tsv" 2> "$work/emit.log"
  python3 Benchmarks/orjson_emit.py "$work/tree.json" --runs "$r" > "$work/orjson.tsv"
  python3 - "$work/all.tsv" "$work/emit.tsv" "$work/orjson.tsv" "$n" <<'PY'
import sys
def row(path):
    lines = open(path).read().strip().splitlines()
    return dict(zip(lines[-2].split("\t"), lines[-1].split("\t")))
all_, emit, orj, n = row(sys.argv[1]), row(sys.argv[2]), row(sys.argv[3]), sys.argv[4]
pipe = float(all_["pipeline_MBps"]); orj_mbps = float(orj["orjson_MBps"]); orj_s = float(orj["orjson_s"])
print(f"{n:<9} {int(all_['emit_bytes'])/1e6:<8.1f} {pipe:<9.0f} {float(all_['emit_MBps']):<9.0f} "
      f"{float(all_['write_MBps']):<9.0f} {orj_mbps:<9.0f} "
      f"{float(all_['emit_s'])/orj_s:<11.2f} {float(all_['write_s'])/orj_s:<11.2f} {orj_mbps/pipe:<11.2f} "
      f"{float(all_['encoder_vs_write']):<12.1f} {float(all_['encoder_from_tree_vs_emit']):<12.1f} "
      f"{emit['peak_MiB']}/{orj['orjson_peak_MiB']}")
PY
done
echo "emit: resolve each screen's DSL tree, then write its full envelope; write: the writing alone, from resolved trees. emit/orjson, write/orjson: time ÷ orjson's time on the same tree (<1 = ScreenKit faster); orjson/pipe: orjson MB/s ÷ pipeline MB/s (<1 = pipeline faster); JSONEnc/write: JSONEncoder time on a ready Codable model ÷ write time; JSONEnc/emit: building that model from the same trees plus encoding it ÷ emit time (≥10 is the target)." >&2
