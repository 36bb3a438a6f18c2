#!/usr/bin/env python3
"""Validates JSON files against a JSON Schema (draft 2020-12) with the `jsonschema` package.

Usage: validate_schema.py SCHEMA FILE...

The schema itself is checked first (exit 2 when it is not a valid draft 2020-12 schema). Then one
line per file: `valid FILE`, or `invalid FILE: MESSAGE (at PATH)` for its first error (the one
`jsonschema.exceptions.best_match` picks). Exit 0 when every file is valid, 1 otherwise.
"""
import json
import sys

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError, best_match


def main(arguments):
    if len(arguments) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    with open(arguments[0], encoding="utf-8") as handle:
        schema = json.load(handle)
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as error:
        print(f"schema {arguments[0]} is not a valid draft 2020-12 schema: {error.message}")
        return 2
    validator = Draft202012Validator(schema)
    failed = 0
    for path in arguments[1:]:
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
        error = best_match(validator.iter_errors(document))
        if error is None:
            print(f"valid {path}")
        else:
            failed += 1
            where = "/".join(str(part) for part in error.absolute_path) or "(root)"
            print(f"invalid {path}: {error.message} (at {where})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
