"""Instructions the njs router executes per decision and per record, counted by callgrind.

Usage: python3 Benchmarks/edge_router_instructions.py ROUTER_DIR [ROUTER_DIR …]

Each ROUTER_DIR holds a `screenkit edge --records` output (`screenkit-edge-njs.js`). For each case
the router's module runs under the njs command-line interpreter twice, 100 and 600 times in a loop,
and the difference / 500 is printed: the same for the same router and input, whatever else runs.
Times in njs's interpreter move with the machine's load; these counts do not.
"""

import os
import re
import subprocess
import sys
import tempfile

REQUESTS = {
    "sign-in": '{ screen: "sign-in", contract: "2", acceptLanguage: "de-AT,de;q=0.9", unit: null, arm: null, ifNoneMatch: null }',
    "home": '{ screen: "home", contract: "2", acceptLanguage: "de-AT,de;q=0.9", unit: "u7", arm: null, ifNoneMatch: null }',
}
RECORD = 'out += skRecordLine(SCREENKIT_TABLE, skFacts(SCREENKIT_TABLE, request, decision, SCREENKIT_OPTIONS), "nginx", "2026-01-01T00:00:00.000+00:00").length;'
CASES = [
    ("sign-in (localized), the decision", "sign-in", "out += decision.status;"),
    ("home (2 experiments, a unit), the decision", "home", "out += decision.status;"),
    ("sign-in, the decision and its record", "sign-in", RECORD),
    ("home, the decision and its record", "home", RECORD),
]


def script(router, request, body, loops):
    # The module without its export, then the loop: the njs CLI runs it as a plain script.
    source = "\n".join(line for line in open(router).read().split("\n") if not line.startswith("export default"))
    return source + f"""
// Routers before unitBucket took a hash function instead.
var options = typeof skNjsUnitBucket !== "undefined"
  ? {{ allowsOverrides: false, unitBucket: skNjsUnitBucket }} : {{ allowsOverrides: false, sha256Hex: skNjsSHA256Hex }};
var request = {request};
var out = 0;
for (var i = 0; i < {loops}; i++) {{
  var decision = screenkitRoute(SCREENKIT_TABLE, request, options);
  {body}
}}
"""


def instructions(router, request, body, loops):
    with tempfile.NamedTemporaryFile("w", suffix=".js") as file:
        file.write(script(router, request, body, loops))
        file.flush()
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", "njs", file.name],
            capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode != 0 or not found:
        sys.exit(f"njs under callgrind failed for {router}:\n{run.stderr[-2000:]}")
    return int(found.group(1))


def main():
    folders = sys.argv[1:]
    if not folders:
        sys.exit(__doc__)
    routers = [f"{folder}/screenkit-edge-njs.js" for folder in folders]
    print("\t".join(["njs instructions per request"] + [os.path.basename(folder.rstrip("/")) for folder in folders]))
    for name, request, body in CASES:
        row = [name]
        for router in routers:
            few = instructions(router, REQUESTS[request], body, 100)
            many = instructions(router, REQUESTS[request], body, 600)
            row.append(str((many - few) // 500))
        print("\t".join(row))


if __name__ == "__main__":
    main()
