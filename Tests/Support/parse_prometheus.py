"""Parses a Prometheus text exposition with prometheus_client's own parser, as a scrape would.

Usage: parse_prometheus.py FILE
Prints one line per family, `# <name> <type>`, then one line per sample,
`<sample name>{<label>=<value>,...} <value>` with labels sorted, values as Python prints floats.
Exits non-zero (with the parser's error) when the text is not valid exposition.
"""
import sys

from prometheus_client.parser import text_string_to_metric_families


def main() -> int:
    with open(sys.argv[1], encoding="utf-8") as handle:
        text = handle.read()
    for family in text_string_to_metric_families(text):
        print(f"# {family.name} {family.type}")
        for sample in family.samples:
            labels = ",".join(f"{key}={value}" for key, value in sorted(sample.labels.items()))
            print(f"{sample.name}{{{labels}}} {sample.value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
