#!/usr/bin/env bash
# The bucket at CDN scale: nginx with the generated njs router and its proxy_cache in front of the
# build folder (served by a second nginx server as the bucket origin), against the Hummingbird
# example server's renderer, on the same catalog screens in one run (wrk on loopback), and nginx
# serving the same object from its cache without the router (the engine's floor). Then the
# router's own cost per request: requests/s through the router vs the floor, and the decision
# alone under Node. Beside the plain router, a second nginx server runs the router written with
# --records and logs every response's record to an access log (what the records cost per request).
# --edge-only leaves out the Hummingbird server (and its release build): the router, its records
# and the floor alone. --instructions counts instead: the njs router's instructions per decision
# and per record under callgrind (Benchmarks/edge_router_instructions.py), repeatable whatever runs.
#
# Usage: Benchmarks/edge.sh [--duration 10] [--threads 2] [--connections 16] [--edge-only]
#        Benchmarks/edge.sh --instructions
set -euo pipefail
cd "$(dirname "$0")/.."
duration=10
threads=2
connections=16
edge_only=0
instructions=0
while [ $# -gt 0 ]; do
  case "$1" in
    --edge-only) edge_only=1; shift ;;
    --instructions) instructions=1; shift ;;
    --duration) duration="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    --connections) connections="$2"; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
for value in "$duration" "$threads" "$connections"; do
  [[ "$value" =~ ^[1-9][0-9]*$ ]] || { echo "options take whole numbers from 1, got '$value'" >&2; exit 2; }
done

need() { # test debian-packages…: installs the packages unless `test` (a shell test) passes
  eval "$1" && return
  shift
  echo "installing $* from Debian's packages…" >&2
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"; } >/dev/null 2>&1 \
    || { echo "could not install $* (apt-get install $*)" >&2; exit 3; }
}
if [ "$instructions" = 1 ]; then
  need 'command -v njs >/dev/null' njs
  need 'command -v valgrind >/dev/null' valgrind
  swift build --product screenkit >&2
  screenkit="$(swift build --show-bin-path)/screenkit"
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  "$screenkit" build --out "$work/dist" >&2
  "$screenkit" edge --from "$work/dist" --out "$work/router" --unit-query user --records >&2
  python3 Benchmarks/edge_router_instructions.py "$work/router"
  exit 0
fi
need 'command -v wrk >/dev/null' wrk
need 'command -v node >/dev/null' nodejs
need 'command -v nginx >/dev/null && [ -f /usr/lib/nginx/modules/ngx_http_js_module.so ]' nginx-light libnginx-mod-http-js

if [ "$edge_only" = 1 ]; then
  # The router's bytes are the same from a debug build.
  swift build --product screenkit >&2
  screenkit="$(swift build --show-bin-path)/screenkit"
else
  echo "building screenkit and the Hummingbird example (release; the first build takes minutes)…" >&2
  swift build -c release --product screenkit >&2
  swift build -c release --package-path Examples/Servers --product HummingbirdServer >&2
  bin=$(swift build -c release --package-path Examples/Servers --show-bin-path)
  screenkit=.build/release/screenkit
fi

work=$(mktemp -d)
server_pid=""
nginx_pid=""
cleanup() {
  for pid in "$server_pid" "$nginx_pid"; do
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
      kill -TERM "$pid" 2>/dev/null || true
      for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -KILL "$pid" 2>/dev/null || true
    fi
  done
  rm -rf "$work"
}
trap cleanup EXIT

"$screenkit" build --out "$work/dist" >&2
"$screenkit" edge --from "$work/dist" --out "$work/edge" --unit-query user >&2
"$screenkit" edge --from "$work/dist" --out "$work/edge-records" --unit-query user --records >&2

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
edge_port=$(free_port)
records_port=$(free_port)
origin_port=$(free_port)
mkdir -p "$work/nginx/temp" "$work/nginx/cache"
# nginx's workers run as an unprivileged user: they read the build and write their cache here.
chmod 755 "$work"
chmod -R a+rwX "$work/nginx"
# The object's location, as the documentation configures it (the origin in place of the bucket).
objects_location=$(cat <<CONF
        location ~ "^/_screenkit_objects/(?<screenkit_object>[0-9a-f]{64}\.json)\$" {
            internal;
            proxy_pass http://127.0.0.1:$origin_port/objects/\$screenkit_object;
            proxy_pass_request_headers off;
            proxy_cache screenkit;
            proxy_cache_key \$screenkit_object;
            proxy_cache_valid 200 7d;
            proxy_hide_header ETag;
            proxy_hide_header Last-Modified;
            proxy_hide_header Cache-Control;
            proxy_hide_header Expires;
            proxy_hide_header Accept-Ranges;
            if_modified_since off;
            max_ranges 0;
            add_header ETag \$screenkit_etag;
            add_header Cache-Control \$screenkit_cache_control;
            add_header Vary \$screenkit_vary;
            add_header ScreenKit-Contract \$screenkit_contract;
            add_header Content-Language \$screenkit_content_language;
            add_header ScreenKit-Experiments \$screenkit_experiments;
            proxy_intercept_errors on;
            error_page 301 302 307 400 403 404 500 502 503 504 = @screenkit_bucket_failed;
        }
        location @screenkit_bucket_failed {
            js_content screenkit.bucketFailed;
        }
CONF
)
# Each server imports its own router: njs copies every module a server imports for each request.
cat > "$work/nginx/nginx.conf" <<CONF
load_module /usr/lib/nginx/modules/ngx_http_js_module.so;
daemon off;
worker_processes auto;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $work/nginx/temp;
    proxy_temp_path $work/nginx/temp;
    js_var \$screenkit_etag;
    js_var \$screenkit_cache_control;
    js_var \$screenkit_vary;
    js_var \$screenkit_contract;
    js_var \$screenkit_content_language;
    js_var \$screenkit_experiments;
    js_var \$screenkit_record_head;
    js_var \$screenkit_record_tail;
    log_format screenkit_records escape=none '\$screenkit_record_head\$status\$screenkit_record_tail';
    proxy_cache_path $work/nginx/cache keys_zone=screenkit:10m max_size=64m inactive=7d use_temp_path=off;
    server {
        listen 127.0.0.1:$edge_port;
        js_import screenkit from $work/edge/screenkit-edge-njs.js;
        js_preload_object screenkit_table from $work/edge/table.json;
        location / {
            js_content screenkit.handle;
        }
$objects_location
        location ~ "^/floor/(?<floor_object>[0-9a-f]{64}\.json)\$" {
            proxy_pass http://127.0.0.1:$origin_port/objects/\$floor_object;
            proxy_pass_request_headers off;
            proxy_cache screenkit;
            proxy_cache_key \$floor_object;
            proxy_cache_valid 200 7d;
        }
    }
    server {
        listen 127.0.0.1:$records_port;
        js_import screenkit from $work/edge-records/screenkit-edge-njs.js;
        js_preload_object screenkit_table from $work/edge-records/table.json;
        access_log $work/nginx/records.jsonl screenkit_records buffer=64k flush=1s if=\$screenkit_record_head;
        location / {
            js_content screenkit.handle;
        }
$objects_location
    }
    server {
        listen 127.0.0.1:$origin_port;
        root $work/dist;
    }
}
CONF
nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" &
nginx_pid=$!

edge="http://127.0.0.1:$edge_port"
records="http://127.0.0.1:$records_port"
if [ "$edge_only" = 1 ]; then
  # The plain router stands in for the renderer: its answers are the renderer's (EdgeNginxTests).
  renderer="$edge"
else
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
  renderer="http://127.0.0.1:$port"
fi
for _ in $(seq 1 100); do curl -sf -o /dev/null "$edge/screens/home" && break; sleep 0.1; done

# The same request to all three; the answers must be the same bytes.
headers=(-H "ScreenKit-Contract: 2" -H "Accept-Language: de-AT,de;q=0.9")
for route in "/screens/home?user=u7" "/screens/sign-in"; do
  curl -s "${headers[@]}" "$records$route" > "$work/records.json"
  cmp -s "$work/records.json" <(curl -s "${headers[@]}" "$edge$route") \
    || { echo "the router with records answers $route differently" >&2; exit 1; }
  curl -s -D "$work/edge.headers" "${headers[@]}" "$edge$route" > "$work/edge.json"
  curl -s -D "$work/renderer.headers" "${headers[@]}" "$renderer$route" > "$work/renderer.json"
  if ! cmp -s "$work/edge.json" "$work/renderer.json"; then
    echo "the edge and the renderer answer $route differently:" >&2
    cat "$work/edge.headers" "$work/renderer.headers" "$work/nginx/error.log" >&2
    exit 1
  fi
done
object=$(curl -s -D - -o /dev/null "${headers[@]}" "$edge/screens/sign-in" | tr -d '\r' | sed -n 's/^[Ee][Tt]ag: //p')
floor=$(python3 - "$work/edge/table.json" "$object" <<'PY'
import json, sys
table = json.load(open(sys.argv[1]))
print(next(name for name, tag in table["etags"].items() if tag == sys.argv[2]))
PY
)

run() { # name url
  wrk -t"$threads" -c"$connections" -d"${duration}s" --latency "${headers[@]}" "$2" > "$work/wrk.txt"
  python3 - "$1" "$work/wrk.txt" >> "$work/results.tsv" <<'PY'
import re, sys
text = open(sys.argv[2]).read()
def latency_ms(label):
    m = re.search(r"^\s*%s\s+([\d.]+)(us|ms|s)\s*$" % re.escape(label), text, re.M)
    value, unit = float(m.group(1)), m.group(2)
    return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value
if re.search(r"Non-2xx or 3xx responses|Socket errors", text):
    sys.exit("wrk saw errors for %s:\n%s" % (sys.argv[1], text))
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
print("\t".join([sys.argv[1], "%.0f" % rps, "%.3f" % latency_ms("50%"), "%.3f" % latency_ms("99%")]))
PY
  echo "  $1: $(tail -1 "$work/results.tsv" | cut -f2) requests/s" >&2
}

echo "wrk -t$threads -c$connections -d${duration}s, ScreenKit-Contract: 2, Accept-Language: de-AT,de;q=0.9" >&2
run "home edge" "$edge/screens/home?user=u7"
run "home records" "$records/screens/home?user=u7"
[ "$edge_only" = 1 ] || run "home renderer" "$renderer/screens/home?user=u7"
run "sign-in edge" "$edge/screens/sign-in"
run "sign-in records" "$records/screens/sign-in"
[ "$edge_only" = 1 ] || run "sign-in renderer" "$renderer/screens/sign-in"
run "sign-in floor" "$edge/floor/$floor.json"
echo "  records logged: $(wc -l < "$work/nginx/records.jsonl"), e.g. $(head -c 300 "$work/nginx/records.jsonl")" >&2

python3 - "$work/results.tsv" <<'PY'
import sys
rows = {r[0]: r for r in (l.split("\t") for l in open(sys.argv[1]).read().splitlines())}
print(f"{'screen':<9}{'server':<30}{'requests/s':>12}{'p50 ms':>9}{'p99 ms':>9}")
names = {"edge": "nginx + njs router + cache", "records": "… + records, logged", "renderer": "Hummingbird + ScreenRenderer", "floor": "nginx cache, no router"}
for key, row in rows.items():
    screen, server = key.split(" ")
    print(f"{screen:<9}{names[server]:<30}{float(row[1]):>12.0f}{float(row[2]):>9.3f}{float(row[3]):>9.3f}")
for screen in ["home", "sign-in"]:
    edge, records = float(rows[f"{screen} edge"][1]), float(rows[f"{screen} records"][1])
    if f"{screen} renderer" in rows:
        print(f"  {screen}: edge / renderer requests/s {edge / float(rows[f'{screen} renderer'][1]):.2f}x")
    print(f"  {screen}: with records logged / without {records / edge:.2f}x, "
          f"{(1 / records - 1 / edge) * 1e6:.1f} µs more per request")
edge, floor = float(rows["sign-in edge"][1]), float(rows["sign-in floor"][1])
print(f"  the router in nginx: {edge / floor * 100:.0f} % of the floor's requests/s, "
      f"{(1 / edge - 1 / floor) * 1e6:.1f} µs more per request (nginx, one worker per core)")
PY
echo "the decision alone, under Node (no HTTP):"
node Benchmarks/edge_router_cost.mjs "$work/edge/screenkit-edge.mjs" 200000 "$work/edge-records/screenkit-edge.mjs"
