"""Instructions the njs router executes per request with a canary and without, counted by callgrind.

Usage: python3 Benchmarks/edge_canary_instructions.py WITHOUT_DIR WITH_DIR

Each DIR holds a router (`screenkit-edge-njs.js`): WITHOUT_DIR one written without a canary,
WITH_DIR the one `publish --canary` wrote beside the same stable release. Each request is decided as
the njs handler decides it — the unit's table first (`skReleaseTable`), then `screenkitRoute` — with
the canary's cache of units emptied before every request, as nginx, which runs the module anew for
every request, keeps nothing between them. Each case runs under the njs command-line interpreter
100 and 600 times; the difference / 500 is printed, and the ratio.
"""

import re
import subprocess
import sys
import tempfile

REQUESTS = {
    "home (2 experiments, a unit)": '{ screen: "home", contract: "2", acceptLanguage: "de-AT,de;q=0.9", unit: "u7", arm: null, ifNoneMatch: null }',
    "sign-in (localized, a unit)": '{ screen: "sign-in", contract: "2", acceptLanguage: "de-AT,de;q=0.9", unit: "u7", arm: null, ifNoneMatch: null }',
    "sign-in (no unit)": '{ screen: "sign-in", contract: "2", acceptLanguage: "de-AT,de;q=0.9", unit: null, arm: null, ifNoneMatch: null }',
}


def script(router, request, loops):
    source = "\n".join(line for line in open(router).read().split("\n") if not line.startswith("export default"))
    return source + f"""
// Routers before unitBucket took a hash function and always kept the cache, emptied here.
var current = typeof skNjsUnitBucket !== "undefined";
var options = current
  ? {{ allowsOverrides: false, unitBucket: skNjsUnitBucket }} : {{ allowsOverrides: false, sha256Hex: skNjsSHA256Hex }};
var request = {request};
var out = 0;
for (var i = 0; i < {loops}; i++) {{
  skReleaseCache.key = "";
  var table = current
    ? skReleaseTable(SCREENKIT_TABLE, request.unit, skNjsUnitBucket, null)
    : skReleaseTable(SCREENKIT_TABLE, request.unit, skNjsSHA256Hex);
  out += screenkitRoute(table, request, options).status;
}}
"""


def instructions(router, request, loops):
    with tempfile.NamedTemporaryFile("w", suffix=".js") as file:
        file.write(script(router, request, loops))
        file.flush()
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", "njs", file.name],
            capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode != 0 or not found:
        sys.exit(f"njs under callgrind failed for {router}:\n{run.stderr[-2000:]}")
    return int(found.group(1))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    without, with_canary = (f"{folder}/screenkit-edge-njs.js" for folder in sys.argv[1:])
    print("njs instructions per request\twithout a canary\twith one\tratio")
    for name, request in REQUESTS.items():
        counts = []
        for router in (without, with_canary):
            few = instructions(router, request, 100)
            many = instructions(router, request, 600)
            counts.append((many - few) // 500)
        print(f"{name}\t{counts[0]}\t{counts[1]}\t{counts[1] / counts[0]:.3f}")


if __name__ == "__main__":
    main()
