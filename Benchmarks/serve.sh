#!/usr/bin/env bash
# Load test of the Hummingbird example server (Examples/Servers, release build) with wrk on
# loopback: the home screen and the 1,000-node orders screen (272 orders), each through three routes
# of the same server in one run —
#   /screens/…  ScreenKit: ScreenRenderer per request (orders validated and written per request;
#               home, a catalog screen, looked up precompiled),
#   /codable/…  the same payload from a hand-written Codable model and JSONEncoder (sorted keys),
#   /static/…   the same bytes encoded once at start-up (the framework's floor) —
# and the server's memory (RSS) after 1,000 requests and after at least 100,000.
#
# Usage: Benchmarks/serve.sh [--duration 10] [--threads 2] [--connections 16] [--contract 2]
set -euo pipefail
cd "$(dirname "$0")/.."
duration=10
threads=2
connections=16
contract=2
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) duration="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    --connections) connections="$2"; shift 2 ;;
    --contract) contract="$2"; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
for value in "$duration" "$threads" "$connections" "$contract"; do
  [[ "$value" =~ ^[1-9][0-9]*$ ]] || { echo "options take whole numbers from 1, got '$value'" >&2; exit 2; }
done

if ! command -v wrk >/dev/null 2>&1; then
  echo "installing wrk from Debian's packages…" >&2
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk; } >/dev/null 2>&1 \
    || { echo "could not install wrk (apt-get install wrk)" >&2; exit 3; }
fi

echo "building the Hummingbird example (release; the first build takes minutes)…" >&2
swift build -c release --package-path Examples/Servers --product HummingbirdServer >&2
bin=$(swift build -c release --package-path Examples/Servers --show-bin-path)

work=$(mktemp -d)
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

"$bin/HummingbirdServer" --port 0 > "$work/server.log" 2>&1 &
server_pid=$!
port=""
for _ in $(seq 1 300); do
  port=$(sed -n 's/.*listening on http:\/\/[^:]*:\([0-9][0-9]*\).*/\1/p' "$work/server.log" | head -1)
  [ -n "$port" ] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; exit 3; }
  sleep 0.1
done
[ -n "$port" ] || { echo "the server did not start:" >&2; cat "$work/server.log" >&2; exit 3; }
base="http://127.0.0.1:$port"
echo "server pid $server_pid on $base" >&2

rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$server_pid/status"; }

# Exactly 1,000 requests over one keep-alive connection, then the first memory reading.
python3 - "$port" "$contract" <<'PY'
import http.client, sys
connection = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]))
for i in range(1000):
    connection.request("GET", "/screens/orders?orders=272&user=u%d" % (i % 50), headers={"ScreenKit-Contract": sys.argv[2]})
    response = connection.getresponse()
    response.read()
    assert response.status == 200, response.status
PY
rss_1k=$(rss_kib)
total=1000

run() { # name route
  local name=$1 route=$2
  wrk -t"$threads" -c"$connections" -d"${duration}s" --latency -H "ScreenKit-Contract: $contract" "$base$route" \
    > "$work/wrk.txt"
  python3 - "$name" "$work/wrk.txt" >> "$work/results.tsv" <<'PY'
import re, sys
text = open(sys.argv[2]).read()
def latency_ms(label):
    m = re.search(r"^\s*%s\s+([\d.]+)(us|ms|s)\s*$" % re.escape(label), text, re.M)
    value, unit = float(m.group(1)), m.group(2)
    return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value
requests = int(re.search(r"(\d+) requests in", text).group(1))
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
sockets = re.search(r"Socket errors: (.*)", text)
if errors or sockets:
    sys.exit("wrk saw errors for %s:\n%s" % (sys.argv[1], text))
print("\t".join([sys.argv[1], str(requests), "%.0f" % rps, "%.3f" % latency_ms("50%"), "%.3f" % latency_ms("99%")]))
PY
  total=$(( total + $(tail -1 "$work/results.tsv" | cut -f2) ))
  echo "  $name: $(tail -1 "$work/results.tsv" | cut -f3) requests/s" >&2
}

echo "wrk -t$threads -c$connections -d${duration}s, ScreenKit-Contract: $contract" >&2
for screen in home orders; do
  query=""
  [ "$screen" = orders ] && query="?orders=272"
  run "$screen screenkit" "/screens/$screen$query"
  run "$screen jsonencoder" "/codable/$screen$query"
  run "$screen pre-encoded" "/static/$screen$query"
done
while [ "$total" -lt 100000 ]; do run "orders screenkit (more, for memory)" "/screens/orders?orders=272"; done
rss_100k=$(rss_kib)

python3 - "$work/results.tsv" "$rss_1k" "$rss_100k" "$total" "$contract" <<'PY'
import sys
rows = [l.split("\t") for l in open(sys.argv[1]).read().splitlines()]
by = {r[0]: r for r in rows}
print(f"{'screen':<8}{'route':<14}{'requests/s':>12}{'p50 ms':>9}{'p99 ms':>9}{'p99/p50':>9}")
for screen in ["home", "orders"]:
    for route in ["screenkit", "jsonencoder", "pre-encoded"]:
        r = by[f"{screen} {route}"]
        print(f"{screen:<8}{route:<14}{float(r[2]):>12.0f}{float(r[3]):>9.3f}{float(r[4]):>9.3f}{float(r[4]) / float(r[3]):>9.2f}")
    sk, enc, pre = (float(by[f"{screen} {k}"][2]) for k in ["screenkit", "jsonencoder", "pre-encoded"])
    print(f"  {screen}: ScreenKit / JSONEncoder requests/s {sk / enc:.1f}x; ScreenKit / pre-encoded {100 * sk / pre:.0f} %")
rss1, rss100 = int(sys.argv[2]), int(sys.argv[3])
print(f"memory (RSS): {rss1 / 1024:.1f} MiB after 1,000 requests, {rss100 / 1024:.1f} MiB after {int(sys.argv[4]):,} requests"
      f" ({rss100 / rss1:.2f}x)")
print(f"contract {sys.argv[5]}; orders = 272 orders, about 1,000 nodes")
PY
