#!/usr/bin/env bash
# Rollback to live at an nginx edge, end to end: the example app published to a directory bucket
# with its edge router, a second release of it (without the Polish locale) published as a canary
# for half of the units, nginx serving the router the pointer names (the documented deploy step:
# copy the files the pointer names, `nginx -s reload`). A unit the canary serves is asked for its
# screen until the edge answers it from the canary; then `screenkit rollout rollback`, the deploy
# step, and the same unit asked again until the stable release answers it. Prints each phase and the
# whole (command → first request served by the stable release), over --runs runs; the target is 2 s.
#
# Usage: Benchmarks/rollback.sh [--runs 5]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=5
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "--runs takes a whole number from 1, got '$runs'" >&2; exit 2; }
if ! { command -v nginx >/dev/null && [ -f /usr/lib/nginx/modules/ngx_http_js_module.so ]; }; then
  echo "installing nginx-light libnginx-mod-http-js from Debian's packages…" >&2
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light libnginx-mod-http-js; } \
    >/dev/null 2>&1 || { echo "could not install nginx (apt-get install nginx-light libnginx-mod-http-js)" >&2; exit 3; }
fi
echo "building screenkit (release)…" >&2
swift build -c release --product screenkit >&2
screenkit="$(swift build -c release --show-bin-path)/screenkit"
work=$(mktemp -d)
pid=""
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$work"' EXIT
chmod 755 "$work"
python3 Benchmarks/canary_config.py "$work/canary.json"
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=$(free_port)
origin=$(free_port)
mkdir -p "$work/nginx/temp" "$work/router"
chmod -R a+rwX "$work/nginx" "$work/router"

# The documented deploy step: the files the pointer names, into the folder nginx reads.
deploy() {
  python3 - "$work/bucket" "$work/router" <<'PY'
import json, shutil, sys
bucket, router = sys.argv[1], sys.argv[2]
pointer = json.load(open(bucket + "/pointer.json"))
for name in ["screenkit-edge-njs.js", "screenkit-edge-nginx.conf", "table.json"]:
    shutil.copyfile(f"{bucket}/edge/{pointer['edge'][name]}/{name}", f"{router}/{name}")
PY
}
# The release the edge answers `user` with.
release_of() {
  curl -s -o /dev/null -D - -H 'ScreenKit-Contract: 2' "http://127.0.0.1:$port/screens/home?user=$1" \
    | tr -d '\r' | sed -n 's/^[Ss]creen[Kk]it-[Rr]elease: //p'
}
now() { python3 -c 'import time; print(time.monotonic())'; }
elapsed() { python3 -c "print(f'{$2 - $1:.3f}')"; }

write_config() {
  cat > "$work/nginx/nginx.conf" <<CONF
load_module /usr/lib/nginx/modules/ngx_http_js_module.so;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 256; }
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
    include $work/router/screenkit-edge-nginx.conf;
    server {
        listen 127.0.0.1:$port;
        js_import screenkit from $work/router/screenkit-edge-njs.js;
        js_preload_object screenkit_table from $work/router/table.json;
        location / {
            js_content screenkit.handle;
        }
        location ~ "^/_screenkit_objects/(?<screenkit_object>[0-9a-f]{64}\.json)\$" {
            internal;
            proxy_pass http://127.0.0.1:$origin/objects/\$screenkit_object;
            proxy_hide_header ETag;
            proxy_hide_header Last-Modified;
            proxy_hide_header Cache-Control;
            add_header ETag \$screenkit_etag;
            add_header Cache-Control \$screenkit_cache_control;
            add_header Vary \$screenkit_vary;
            add_header ScreenKit-Contract \$screenkit_contract;
            add_header Content-Language \$screenkit_content_language;
            add_header ScreenKit-Experiments \$screenkit_experiments;
            add_header ScreenKit-Release \$screenkit_release;
        }
    }
    server {
        listen 127.0.0.1:$origin;
        root $work/bucket;
    }
}
CONF
}

totals=()
for run in $(seq 1 "$runs"); do
  rm -rf "$work/bucket"
  "$screenkit" publish --to "file://$work/bucket" --unit-query user >/dev/null
  "$screenkit" publish --to "file://$work/bucket" --unit-query user --canary 50 --config "$work/canary.json" >/dev/null
  stable=$(python3 -c "import json; print(json.load(open('$work/bucket/pointer.json'))['manifest'][:12])")
  deploy
  if [ -z "$pid" ]; then
    write_config
    nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -g 'daemon off;' &
    pid=$!
    for _ in $(seq 1 100); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.05; done
  else
    nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -s reload 2>/dev/null
    sleep 0.5
  fi
  # A unit the canary serves.
  unit=""
  for candidate in $(seq 1 200); do
    got=$(release_of "u$candidate")
    if [ -n "$got" ] && [ "$got" != "$stable" ]; then unit="u$candidate"; break; fi
  done
  [ -n "$unit" ] || { echo "no unit got the canary (nginx: $(tail -3 "$work/nginx/error.log"))" >&2; exit 3; }
  start=$(now)
  "$screenkit" rollout rollback --bucket "file://$work/bucket" >/dev/null
  moved=$(now)
  deploy
  nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -s reload 2>/dev/null
  deployed=$(now)
  polls=0
  until [ "$(release_of "$unit")" = "$stable" ]; do
    polls=$((polls + 1))
    [ "$polls" -lt 2000 ] || { echo "the edge never served the stable release again" >&2; exit 3; }
  done
  served=$(now)
  total=$(elapsed "$start" "$served")
  totals+=("$total")
  echo "run $run: rollback command $(elapsed "$start" "$moved") s, deploy and reload $(elapsed "$moved" "$deployed") s, until served $(elapsed "$deployed" "$served") s ($polls polls): $total s"
done
python3 - "${totals[@]}" <<'PY'
import statistics, sys
values = [float(v) for v in sys.argv[1:]]
print(f"rollback to live, command → first request served by the stable release: median {statistics.median(values):.3f} s, worst {max(values):.3f} s over {len(values)} runs (target: 2 s)")
PY
