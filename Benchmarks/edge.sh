#!/usr/bin/env bash
# The bucket at CDN scale: nginx with the generated router (its maps for plain requests, else the
# njs router) and its proxy_cache in front of the build folder (served by another nginx server as
# the bucket origin), against the Hummingbird example server's renderer, on the same catalog
# screens in one run (wrk on loopback), and nginx serving the same object from its cache without
# any routing (the engine's floor). Then the routing's own cost per request: requests/s through
# the maps and through the njs router alone vs the floor, and the decision alone under Node. A
# third nginx server runs the router written with --records and logs every response's record to
# an access log (what the records cost per request).
# --edge-only leaves out the Hummingbird server (and its release build): the router, its records
# and the floor alone. --canary adds a router serving a canary release (the example app without its
# Polish locale, published beside it with `publish --canary 10`) and compares it with the router
# without one on the same requests, and the decision alone under Node. --instructions counts instead, under callgrind, repeatable whatever runs: the
# njs router's instructions per decision and per record (Benchmarks/edge_router_instructions.py),
# and nginx's per request: the floor, the maps, the router (Benchmarks/edge_nginx_instructions.py).
#
# Usage: Benchmarks/edge.sh [--duration 10] [--threads 2] [--connections 16] [--edge-only] [--canary]
#        Benchmarks/edge.sh --instructions
set -euo pipefail
cd "$(dirname "$0")/.."
duration=10
threads=2
connections=16
edge_only=0
instructions=0
canary=0
while [ $# -gt 0 ]; do
  case "$1" in
    --edge-only) edge_only=1; shift ;;
    --canary) canary=1; shift ;;
    --instructions) instructions=1; shift ;;
    --duration) duration="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    --connections) connections="$2"; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
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
  edge_only=1
else
  need 'command -v wrk >/dev/null' wrk
  need 'command -v node >/dev/null' nodejs
fi
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
origin_root="$work/dist"
if [ "$canary" = 1 ]; then
  # The same build published, then a second release of it (no Polish) as a canary for 10 %: the
  # router the pointer then names serves both; the bucket holds both releases' objects.
  python3 Benchmarks/canary_config.py "$work/canary.json"
  "$screenkit" publish --to "file://$work/bucket" --unit-query user >/dev/null
  "$screenkit" publish --to "file://$work/bucket" --unit-query user --canary 10 --config "$work/canary.json" >/dev/null
  mkdir -p "$work/edge-canary"
  python3 - "$work/bucket" "$work/edge-canary" <<'PY'
import json, shutil, sys
bucket, out = sys.argv[1], sys.argv[2]
pointer = json.load(open(bucket + "/pointer.json"))
for name, hash in pointer["edge"].items():
    shutil.copyfile(f"{bucket}/edge/{hash}/{name}", f"{out}/{name}")
PY
  origin_root="$work/bucket"
fi
"$screenkit" edge --from "$work/dist" --out "$work/edge-records" --unit-query user --records >&2

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
edge_port=$(free_port)
router_port=$(free_port)
floor_port=$(free_port)
records_port=$(free_port)
canary_port=$(free_port)
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
            add_header ScreenKit-Release \$screenkit_release;
            proxy_intercept_errors on;
            error_page 301 302 307 400 403 404 500 502 503 504 = @screenkit_bucket_failed;
        }
        location @screenkit_bucket_failed {
            js_content screenkit.bucketFailed;
        }
CONF
)
# Each server imports its own router: njs copies every module a server imports for each request.
# The first answers plain requests from the router's nginx maps (the documented block), the second
# the same router without them, the third records, the fourth the floors: each object from nginx's
# cache with no routing at all.
# The documented block, as "Serving from a CDN" shows it.
maps_block=$(awk '/if \(\$screenkit_fast_object\) \{/,/^        }$/' Sources/ScreenKitCLI/ScreenKitCLI.docc/ServingFromACDN.md)
[ -n "$maps_block" ] || { echo "the article's config has no maps block" >&2; exit 3; }
router_server() { # port router-folder lines…: a server answering with that router
  cat <<CONF
    server {
        listen 127.0.0.1:$1;
${3:-}
        js_import screenkit from $2/screenkit-edge-njs.js;
        js_preload_object screenkit_table from $2/table.json;
        location / {
            js_content screenkit.handle;
        }
$objects_location
    }
CONF
}
cat > "$work/nginx/nginx.conf" <<CONF
load_module /usr/lib/nginx/modules/ngx_http_js_module.so;
daemon off;
pcre_jit on;
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
    js_var \$screenkit_release;
    js_var \$screenkit_record_head;
    js_var \$screenkit_record_tail;
    log_format screenkit_records escape=none '\$screenkit_record_head\$status\$screenkit_record_tail';
    proxy_cache_path $work/nginx/cache keys_zone=screenkit:10m max_size=64m inactive=7d use_temp_path=off;
    include $work/edge/screenkit-edge-nginx.conf;
$(router_server "$edge_port" "$work/edge" "$maps_block")
$(router_server "$router_port" "$work/edge")
$([ "$canary" = 1 ] && router_server "$canary_port" "$work/edge-canary")
$(router_server "$records_port" "$work/edge-records" \
  "        access_log $work/nginx/records.jsonl screenkit_records buffer=64k flush=1s if=\$screenkit_record_head;")
    server {
        listen 127.0.0.1:$floor_port;
        location ~ "^/floor/(?<floor_object>[0-9a-f]{64}\.json)\$" {
            proxy_pass http://127.0.0.1:$origin_port/objects/\$floor_object;
            proxy_pass_request_headers off;
            proxy_cache screenkit;
            proxy_cache_key \$floor_object;
            proxy_cache_valid 200 7d;
        }
    }
    server {
        listen 127.0.0.1:$origin_port;
        root $origin_root;
    }
}
CONF
# The floor: sign-in's German object for contract 2, which the routers answer below.
floor=$(python3 - "$work/edge/table.json" <<'PY'
import json, sys
table = json.load(open(sys.argv[1]))
screen = table["screens"]["sign-in"]
print(screen["objects"]["de"][""][2 - screen["minContract"]])
PY
)
if [ "$instructions" = 1 ]; then
  python3 Benchmarks/edge_router_instructions.py "$work/edge-records"
  python3 Benchmarks/edge_nginx_instructions.py "$work/nginx/nginx.conf" \
    "http://127.0.0.1:$floor_port/floor/$floor.json" "http://127.0.0.1:$edge_port" "http://127.0.0.1:$router_port"
  exit 0
fi
nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" &
nginx_pid=$!

edge="http://127.0.0.1:$edge_port"
router="http://127.0.0.1:$router_port"
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

# The same request to all of them; the answers must be the same bytes.
headers=(-H "ScreenKit-Contract: 2" -H "Accept-Language: de-AT,de;q=0.9")
for route in "/screens/home?user=u7" "/screens/sign-in"; do
  for other in "$records" "$router"; do
    curl -s -D "$work/other.headers" "${headers[@]}" "$other$route" > "$work/other.json"
    curl -s -D "$work/edge.headers" "${headers[@]}" "$edge$route" > "$work/edge.json"
    if ! cmp -s "$work/other.json" "$work/edge.json" \
      || ! diff <(grep -iv '^date:' "$work/other.headers") <(grep -iv '^date:' "$work/edge.headers") >&2; then
      echo "$other answers $route differently" >&2
      exit 1
    fi
  done
  curl -s -D "$work/edge.headers" "${headers[@]}" "$edge$route" > "$work/edge.json"
  curl -s -D "$work/renderer.headers" "${headers[@]}" "$renderer$route" > "$work/renderer.json"
  if ! cmp -s "$work/edge.json" "$work/renderer.json"; then
    echo "the edge and the renderer answer $route differently:" >&2
    cat "$work/edge.headers" "$work/renderer.headers" "$work/nginx/error.log" >&2
    exit 1
  fi
done
curl -s -D "$work/edge.headers" -o /dev/null "${headers[@]}" "$edge/screens/sign-in"
grep -qi "^etag: $(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["etags"][sys.argv[2]])' \
  "$work/edge/table.json" "$floor")" "$work/edge.headers" \
  || { echo "sign-in is not answered with the floor's object" >&2; exit 1; }
# Home's own floor: the object the router answers home with, found by its ETag.
home_floor=$(curl -s -D - -o /dev/null "${headers[@]}" "$edge/screens/home?user=u7" | tr -d '\r' \
  | sed -n 's/^[Ee][Tt]ag: //p' | python3 -c '
import json, sys
tag = sys.stdin.read().strip()
print(next(name for name, etag in json.load(open(sys.argv[1]))["etags"].items() if etag == tag))' "$work/edge/table.json")

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
run "home router" "$router/screens/home?user=u7"
run "home records" "$records/screens/home?user=u7"
[ "$edge_only" = 1 ] || run "home renderer" "$renderer/screens/home?user=u7"
run "sign-in edge" "$edge/screens/sign-in"
run "sign-in router" "$router/screens/sign-in"
run "sign-in records" "$records/screens/sign-in"
[ "$edge_only" = 1 ] || run "sign-in renderer" "$renderer/screens/sign-in"
if [ "$canary" = 1 ]; then
  run "home canary" "http://127.0.0.1:$canary_port/screens/home?user=u7"
  run "sign-in unit" "$router/screens/sign-in?user=u7"
  run "sign-in canary" "http://127.0.0.1:$canary_port/screens/sign-in?user=u7"
fi
run "sign-in floor" "http://127.0.0.1:$floor_port/floor/$floor.json"
run "home floor" "http://127.0.0.1:$floor_port/floor/$home_floor.json"
echo "  records logged: $(wc -l < "$work/nginx/records.jsonl"), e.g. $(head -c 300 "$work/nginx/records.jsonl")" >&2

python3 - "$work/results.tsv" <<'PY'
import sys
rows = {r[0]: r for r in (l.split("\t") for l in open(sys.argv[1]).read().splitlines())}
print(f"{'screen':<9}{'server':<30}{'requests/s':>12}{'p50 ms':>9}{'p99 ms':>9}")
names = {"edge": "nginx: maps, else njs router", "router": "nginx: njs router alone", "records": "nginx: njs router + records", "renderer": "Hummingbird + ScreenRenderer", "floor": "nginx cache, no routing", "canary": "nginx: njs router with a canary", "unit": "nginx: njs router alone, a unit"}
for key, row in rows.items():
    screen, server = key.split(" ")
    print(f"{screen:<9}{names[server]:<30}{float(row[1]):>12.0f}{float(row[2]):>9.3f}{float(row[3]):>9.3f}")
for screen in ["home", "sign-in"]:
    edge, router, records = (float(rows[f"{screen} {server}"][1]) for server in ["edge", "router", "records"])
    if f"{screen} renderer" in rows:
        renderer = float(rows[f"{screen} renderer"][1])
        print(f"  {screen}: edge / renderer requests/s {edge / renderer:.2f}x (the njs router alone {router / renderer:.2f}x)")
    print(f"  {screen}: the router with records logged / without {records / router:.2f}x, "
          f"{(1 / records - 1 / router) * 1e6:.1f} µs more per request")
if "home canary" in rows:
    for screen, base in [("home", "home router"), ("sign-in", "sign-in unit")]:
        with_canary, without = float(rows[f"{screen} canary"][1]), float(rows[base][1])
        print(f"  {screen} with a unit: the router with a canary / without {without / with_canary:.3f}x the time per request "
              f"({(1 / with_canary - 1 / without) * 1e6:+.1f} µs); nginx's maps answer none of these (a unit names them)")
for key, what in [("sign-in edge", "sign-in from the maps"), ("sign-in router", "sign-in from the router"), ("home edge", "home (experiments) from the router")]:
    rps, p99 = float(rows[key][1]), float(rows[key][3])
    floor, floor_p99 = float(rows[key.split(" ")[0] + " floor"][1]), float(rows[key.split(" ")[0] + " floor"][3])
    print(f"  {what}: {rps / floor * 100:.0f} % of its floor's requests/s, "
          f"{(1 / rps - 1 / floor) * 1e6:.1f} µs more per request, p99 {p99 / floor_p99:.2f}x its floor's")
PY
echo "the decision alone, under Node (no HTTP):"
node Benchmarks/edge_router_cost.mjs "$work/edge/screenkit-edge.mjs" 200000 "$work/edge-records/screenkit-edge.mjs"
if [ "$canary" = 1 ]; then
  echo "the decision with a canary, under Node (the fetch handler's SHA-256 is JavaScript):"
  node Benchmarks/edge_canary_cost.mjs "$work/edge/screenkit-edge.mjs" "$work/edge-canary/screenkit-edge.mjs" 100000
fi
