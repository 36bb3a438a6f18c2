"""Runs a ScreenKit counts query (`screenkit experiment report --sql duckdb`, `screenkit health --sql
duckdb`) in DuckDB and saves its result as CSV with its header, as `duckdb -csv` would.

Usage: duckdb_counts.py QUERY_FILE OUT_CSV  (run in the folder the query's files are relative to)
"""
import sys

import duckdb


def main() -> None:
    query_file, out = sys.argv[1], sys.argv[2]
    with open(query_file, encoding="utf-8") as handle:
        query = handle.read()
    connection = duckdb.connect()
    connection.sql(query).write_csv(out)


if __name__ == "__main__":
    main()
