#!/usr/bin/env bash
# Publish benchmark against the loopback S3-protocol test server (moto with SigV4 checked, behind
# the fault-injecting proxy, no faults): a catalog of N screens published three times — first,
# unchanged, one screen changed — with PUT counts and wall times.
#
# Usage: Benchmarks/publish.sh [--screens 1000]
set -euo pipefail
cd "$(dirname "$0")/.."
screens=1000
while [ $# -gt 0 ]; do
  case "$1" in
    --screens) screens="$2"; shift 2 ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
done
swift build -c release --product screenkit-bench >&2
# The test server's Python packages: python3's own, or the environment `swift test` provisions
# (created here the same way when it is missing).
python=python3
if ! python3 -c 'import moto.server, boto3, werkzeug' 2>/dev/null; then
  venv=.build/screenkit-test-python
  python="$venv/bin/python"
  if ! cmp -s Tests/Support/requirements.txt "$venv/.screenkit-requirements"; then
    echo "installing the test server's packages into $venv (once)..." >&2
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$python" -m pip install --quiet --disable-pip-version-check -r Tests/Support/requirements.txt
    cp Tests/Support/requirements.txt "$venv/.screenkit-requirements"
  fi
fi
work=$(mktemp -d)
"$python" Tests/Support/s3_test_server.py --config-out "$work/s3.json" > /dev/null 2> "$work/server.log" &
server=$!
trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 300); do [ -s "$work/s3.json" ] && break; sleep 0.2; done
[ -s "$work/s3.json" ] || { cat "$work/server.log" >&2; exit 1; }
read -r proxy bucket key secret < <(python3 -c "import json,sys; c=json.load(open(sys.argv[1])); print(c['proxy'], c['bucket'], c['accessKeyId'], c['secretAccessKey'])" "$work/s3.json")
AWS_ACCESS_KEY_ID="$key" AWS_SECRET_ACCESS_KEY="$secret" .build/release/screenkit-bench publish \
  --to "s3://$bucket/bench-$$" --endpoint "$proxy" --screens "$screens"
