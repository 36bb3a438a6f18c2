#!/usr/bin/env python3
"""Times Python's orjson serializing the same tree ScreenKit emits (its peer in the emit benchmark).

Usage: python3 Benchmarks/orjson_emit.py TREE.json [--runs R]

TREE.json is what `screenkit-bench emit --write-tree` writes: the full envelopes as one JSON array.
It is parsed once (untimed) into Python objects; then orjson.dumps is timed over R runs. Prints a
TSV header and row: bytes, median seconds, MB/s, and the process's peak memory in MiB.
"""
import argparse
import resource
import statistics
import sys
import time

import orjson


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tree")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with open(args.tree, "rb") as handle:
        tree = orjson.loads(handle.read())
    times = []
    size = 0
    for _ in range(max(1, args.runs)):
        start = time.perf_counter()
        output = orjson.dumps(tree)
        times.append(time.perf_counter() - start)
        size = len(output)
        del output
    seconds = statistics.median(times)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print("orjson_bytes\torjson_s\torjson_MBps\torjson_peak_MiB")
    print(f"{size}\t{seconds:.4f}\t{size / seconds / 1e6:.1f}\t{peak:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
