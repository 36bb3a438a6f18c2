#!/usr/bin/env bash
# Request-time rendering benchmark: ScreenRenderer per request (p50/p99, allocations per render),
# a hand-written Codable model with JSONEncoder (sorted keys), and Python's orjson serializing the
# same envelopes, for the example home screen and a 1,000-node data-driven screen, every contract
# version, in one run; then 2 threads rendering at once; then the orders screen with one experiment
# against the same screen without it, per request and as a catalog screen. Prints one table and the ratios.
#
# Usage: Benchmarks/render.sh [--orders 272] [--requests 2000] [--threads 2]
#        Benchmarks/render.sh --instructions [--orders 272]
# --instructions counts instead of timing: valgrind --tool=callgrind runs the profile loop of each
# phase twice (10 and 60 renders after the same 100-render warm-up) and prints the difference per
# render, which is the same for the same binary and input whatever else the machine runs.
set -euo pipefail
cd "$(dirname "$0")/.."
orders=272
requests=2000
threads=2
instructions=0
while [ $# -gt 0 ]; do
  case "$1" in
    --instructions) instructions=1; shift ;;
    --orders) orders="$2"; shift 2 ;;
    --requests) requests="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
if [ "$instructions" = 1 ]; then
  command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 2; }
  echo "building screenkit-bench (release)…" >&2
  swift build -c release --product screenkit-bench >&2
  # Instructions of one run of the profile loop: everything the process executed.
  count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null .build/release/screenkit-bench render \
      --orders "$orders" --profile-loop "$2" --profile-phase "$1" 2>&1 >/dev/null \
      | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
  }
  printf '%-10s %22s  %s\n' phase "instructions/render" "what one render does"
  for phase in all render build home home1; do
    few=$(count "$phase" 10)
    many=$(count "$phase" 60)
    case "$phase" in
      all) what="orders screen ($orders orders) built from data and rendered for the newest contract" ;;
      render) what="the built orders screen rendered" ;;
      build) what="the orders screen built from data (the DSL)" ;;
      home) what="the example's home screen (25 nodes) rendered" ;;
      home1) what="the home screen rendered for contract 1 (the product cards' fallbacks written)" ;;
    esac
    printf '%-10s %22s  %s\n' "$phase" "$(( (many - few) / 50 ))" "$what"
  done
  exit 0
fi
python3 -c "import orjson" 2>/dev/null || { echo "needs Python's orjson: pip install orjson" >&2; exit 2; }
command -v cc >/dev/null || { echo "needs a C compiler (cc) for the allocation counter" >&2; exit 2; }
echo "building screenkit-bench (release)…" >&2
swift build -c release --product screenkit-bench >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -shared -fPIC -O2 -o "$work/malloc_count.so" Benchmarks/malloc_count.c
LD_PRELOAD="$work/malloc_count.so" .build/release/screenkit-bench render --orders "$orders" --requests "$requests" \
  --threads "$threads" --write-payloads "$work/payloads" > "$work/render.tsv"
python3 Benchmarks/orjson_render.py "$work/payloads" --requests "$requests" > "$work/orjson.tsv"
python3 - "$work/render.tsv" "$work/orjson.tsv" <<'PY'
import sys
rows = [l.split("\t") for l in open(sys.argv[1]).read().splitlines() if l and not l.startswith("#")]
notes = [l for l in open(sys.argv[1]).read().splitlines() if l.startswith("#")]
head, body = rows[0], rows[1:]
orj = {}
for line in open(sys.argv[2]).read().splitlines()[1:]:
    screen, contract, size, p50, p99 = line.split("\t")
    orj[(screen, contract)] = (float(p50), float(p99))
print(f"{'screen':<18}{'k':>3}{'nodes':>7}{'bytes':>9}{'p50 µs':>9}{'p99 µs':>9}{'allocs':>8}"
      f"{'JSONEnc p50':>13}{'JSONEnc/SK':>12}{'orjson p50':>12}{'SK/orjson':>11}")
for r in body:
    d = dict(zip(head, r))
    o = orj.get((d["screen"], d["contract"]))
    sk = float(d["p50_us"])
    enc = d["jsonencoder_p50_us"] or "-"
    ratio = d["jsonencoder_vs_render"] or "-"
    print(f"{d['screen']:<18}{d['contract']:>3}{d['nodes']:>7}{d['bytes']:>9}{sk:>9.1f}{float(d['p99_us']):>9.1f}"
          f"{d['allocs_per_render']:>8}{enc:>13}{ratio:>12}"
          f"{(f'{o[0]:.1f}' if o else '-'):>12}{(f'{sk / o[0]:.2f}' if o else '-'):>11}")
for n in notes:
    print(n)
PY
echo "SK: ScreenRenderer.render for that client version (validate + write the variant + ETag), from the built screen; 'from data' also builds the screen from the customer's data; '(catalog)' is a catalog screen compiled at start-up. JSONEnc: the same payload from a hand-written Codable model built from the data, JSONEncoder with sorted keys (same_payload checked). orjson: orjson.dumps of the same envelope, already parsed into Python objects. SK/orjson < 1 means ScreenKit is faster." >&2
