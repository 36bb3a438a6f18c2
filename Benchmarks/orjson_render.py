#!/usr/bin/env python3
"""Times Python's orjson serializing, call by call, the envelopes `screenkit-bench render` rendered.

Usage: python3 Benchmarks/orjson_render.py DIR [--requests N]

DIR holds `<screen>@<contract>.json` files (`screenkit-bench render --write-payloads DIR`). Each is
parsed once (untimed) into Python objects, the already-built tree; then orjson.dumps is timed N
times one call at a time. Prints a TSV header and one row per file: p50 and p99 in microseconds.
"""
import argparse
import os
import statistics
import sys
import time

import orjson


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder")
    parser.add_argument("--requests", type=int, default=2000)
    args = parser.parse_args()
    print("screen\tcontract\torjson_bytes\torjson_p50_us\torjson_p99_us")
    for name in sorted(os.listdir(args.folder)):
        if not name.endswith(".json") or "@" not in name:
            continue
        screen, contract = name[:-5].split("@")
        with open(os.path.join(args.folder, name), "rb") as handle:
            tree = orjson.loads(handle.read())
        for _ in range(50):
            orjson.dumps(tree)
        times = []
        size = 0
        for _ in range(max(1, args.requests)):
            start = time.perf_counter()
            output = orjson.dumps(tree)
            times.append(time.perf_counter() - start)
            size = len(output)
        times.sort()
        p50 = times[len(times) // 2] * 1e6
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))] * 1e6
        print(f"{screen}\t{contract}\t{size}\t{p50:.1f}\t{p99:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
