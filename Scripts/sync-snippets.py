#!/usr/bin/env python3
"""Rewrites every marked code block (Swift, TypeScript) of the README and the DocC articles from its source.

A block preceded by `<!-- snippet: PATH#NAME -->` is replaced by the lines between
`// snippet: NAME` and `// snippet: end` in PATH (repository-relative), with the marker's
indentation removed. DocumentationTests fails when a block and its source differ; run this after
changing a source on purpose, then review `git diff`.

Usage: Scripts/sync-snippets.py
"""
import glob
import os
import re
import sys

os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


def excerpt(path, name):
    lines = open(path, encoding="utf-8").read().split("\n")
    start = next((i for i, line in enumerate(lines) if line.strip() == "// snippet: " + name), None)
    if start is None:
        sys.exit(f"sync-snippets: {path} has no snippet {name}")
    end = next((i for i in range(start + 1, len(lines)) if lines[i].strip() == "// snippet: end"), None)
    if end is None:
        sys.exit(f"sync-snippets: {path}: snippet {name} has no end")
    indent = len(lines[start]) - len(lines[start].lstrip(" "))
    return "".join(line[min(indent, len(line) - len(line.lstrip(" "))):] + "\n" for line in lines[start + 1:end])


if len(sys.argv) > 1:
    print(__doc__.strip())
    sys.exit(0 if sys.argv[1] in ("-h", "--help") else 2)
changed = 0
for path in ["README.md"] + sorted(glob.glob("Sources/*/*.docc/*.md")):
    text = open(path, encoding="utf-8").read()
    new = re.sub(
        r"(<!-- snippet: (\S+)#(\S+) -->\n```(?:swift|typescript)\n).*?```",
        lambda m: m.group(1) + excerpt(m.group(2), m.group(3)) + "```",
        text,
        flags=re.S,
    )
    if new != text:
        open(path, "w", encoding="utf-8").write(new)
        print(f"sync-snippets: rewrote {path}")
        changed += 1
print(f"sync-snippets: {changed} file(s) changed")
