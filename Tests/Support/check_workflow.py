#!/usr/bin/env python3
"""Checks a GitHub Actions workflow the way actionlint would, with tools that install from PyPI and
Debian: the workflow against SchemaStore's schema (check-jsonschema's vendored copy, the one editors
use); every `${{ }}` expression against the contexts GitHub defines; and every `run:` script with
`bash -n` and, when given, ShellCheck (expressions replaced by a placeholder, as actionlint does).

Usage: check_workflow.py WORKFLOW [--shellcheck PATH]
Prints one line per problem and exits 1 when there is any; 0 and "ok" otherwise; 2 on bad usage.
"""
import os
import re
import subprocess
import sys
import tempfile

import yaml
from check_jsonschema.cli.main_command import main as check_jsonschema_main

CONTEXTS = {"github", "env", "vars", "job", "jobs", "steps", "runner", "secrets", "strategy", "matrix", "needs", "inputs"}
FUNCTIONS = {"contains", "startsWith", "endsWith", "format", "join", "toJSON", "fromJSON", "hashFiles",
             "success", "always", "cancelled", "failure"}
EXPRESSION = re.compile(r"\$\{\{(.*?)\}\}", re.S)


def expressions(node, path):
    """Every (path, expression) in the document, including bare `if:` conditions."""
    if isinstance(node, dict):
        for key, value in node.items():
            child = f"{path}.{key}"
            if key == "if" and isinstance(value, str) and "${{" not in value:
                yield child, value
            yield from expressions(value, child)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from expressions(value, f"{path}[{index}]")
    elif isinstance(node, str):
        for match in EXPRESSION.finditer(node):
            yield path, match.group(1)


def check_expression(path, text):
    problems = []
    stripped = re.sub(r"'(?:[^']|'')*'", "''", text)
    for name in re.findall(r"(?<![\w.])([A-Za-z_][\w-]*)\s*(\()?", stripped):
        word, call = name
        if call:
            if word not in FUNCTIONS:
                problems.append(f"{path}: unknown function {word}() in ${{{{{text}}}}}")
        elif word not in CONTEXTS and word not in {"true", "false", "null"}:
            problems.append(f"{path}: unknown context {word!r} in ${{{{{text}}}}}")
    if stripped.count("(") != stripped.count(")"):
        problems.append(f"{path}: unbalanced parentheses in ${{{{{text}}}}}")
    return problems


def scripts(workflow):
    default = ((workflow.get("defaults") or {}).get("run") or {}).get("shell", "bash")
    for job_name, job in (workflow.get("jobs") or {}).items():
        job_default = ((job.get("defaults") or {}).get("run") or {}).get("shell", default)
        for index, step in enumerate(job.get("steps") or []):
            if "run" in step:
                yield f"jobs.{job_name}.steps[{index}]", step.get("shell", job_default), step["run"]


def main(argv):
    if len(argv) not in (2, 4) or (len(argv) == 4 and argv[2] != "--shellcheck"):
        print(__doc__, file=sys.stderr)
        return 2
    file = argv[1]
    shellcheck = argv[3] if len(argv) == 4 else None
    problems = []

    try:
        check_jsonschema_main(["--builtin-schema", "vendor.github-workflows", "-o", "TEXT", file])
    except SystemExit as exit:
        if exit.code:
            problems.append(f"{file}: does not match the GitHub workflow schema (above)")

    with open(file, encoding="utf-8") as handle:
        text = handle.read()
    # PyYAML reads the key `on` as the boolean True (YAML 1.1); GitHub reads it as "on".
    workflow = yaml.load(text, Loader=yaml.BaseLoader)
    for path, expression in expressions(workflow, "$"):
        problems += check_expression(path, expression)

    for path, shell, script in scripts(workflow):
        if shell != "bash":
            problems.append(f"{path}: shell {shell!r}: only bash scripts are checked")
            continue
        body = EXPRESSION.sub("PLACEHOLDER", script)
        with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as handle:
            handle.write("#!/bin/bash\nset -e\n" + body + "\n")
            name = handle.name
        try:
            syntax = subprocess.run(["bash", "-n", name], capture_output=True, text=True)
            if syntax.returncode != 0:
                problems.append(f"{path}: bash -n: {syntax.stderr.strip()}")
            if shellcheck:
                lint = subprocess.run([shellcheck, "--format=gcc", "--shell=bash", name], capture_output=True,
                                      text=True)
                if lint.returncode != 0:
                    problems.append(f"{path}: shellcheck:\n{lint.stdout.strip()}\n--- the script:\n{body}")
        finally:
            os.unlink(name)

    for problem in problems:
        print(problem)
    if not problems:
        print("ok")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
