#!/usr/bin/env python3
"""Read back everything under a prefix with boto3, to prove a real S3 client sees
what ScreenKit published.

Usage:
  python3 Tests/Support/s3_readback.py --endpoint URL --bucket B --prefix P \
      --access-key K --secret-key S [--region us-east-1]

Lists every object under the prefix (paginated, path-style addressing), GETs each
and prints one JSON object on stdout, sorted by key:

  {"<key relative to prefix>": {"sha256": "<hex>", "size": n,
                                "contentType": "...", "cacheControl": "..."}, ...}

contentType / cacheControl are null when the object has none. The relative key is
the object key with the literal prefix string removed. Only the leading run of
unreserved characters of the prefix is sent as the ListObjectsV2 Prefix (moto
mis-verifies signatures of query values holding "/", "$" or ":"); the rest is
filtered client-side. No retries are made (a
fault-injecting proxy would otherwise be masked). Exit status 2, with a message
on stderr, on any error.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys


class _ArgumentParser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # exit 2, as argparse does, with usage on stderr
        self.print_usage(sys.stderr)
        print(f"s3_readback: error: {message}", file=sys.stderr)
        sys.exit(2)


def readback(endpoint: str, bucket: str, prefix: str, access_key: str, secret_key: str, region: str) -> dict:
    import boto3
    from botocore.config import Config

    # 127.0.0.1 must never go through an HTTP(S)_PROXY from the environment.
    for var in ("NO_PROXY", "no_proxy"):
        current = os.environ.get(var, "")
        os.environ[var] = f"{current},127.0.0.1,localhost" if current else "127.0.0.1,localhost"

    s3 = boto3.session.Session().client(
        "s3",
        endpoint_url=endpoint,
        region_name=region,
        aws_access_key_id=access_key,
        aws_secret_access_key=secret_key,
        config=Config(
            s3={"addressing_style": "path"},
            retries={"total_max_attempts": 1},
            connect_timeout=10,
            read_timeout=60,
        ),
    )

    # moto's standalone server checks SigV4 against the query string *after* werkzeug
    # has percent-decoded "/", "$" and ":" in it, so any signed request whose query
    # holds e.g. "prefix=a%2Fb" is refused with SignatureDoesNotMatch.  Ask the server
    # only for the leading run of unreserved characters of the prefix (sent verbatim,
    # so signed identically on both sides) and filter the rest here; the result is
    # exactly "every object under the prefix".
    list_prefix = ""
    for ch in prefix:
        if not (ch.isascii() and (ch.isalnum() or ch in "-_.~")):
            break
        list_prefix += ch

    keys: list[str] = []
    for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=list_prefix):
        keys.extend(obj["Key"] for obj in page.get("Contents", []) if obj["Key"].startswith(prefix))

    result: dict[str, dict] = {}
    for key in sorted(set(keys)):
        resp = s3.get_object(Bucket=bucket, Key=key)
        with resp["Body"] as stream:
            body = stream.read()
        result[key[len(prefix):]] = {
            "sha256": hashlib.sha256(body).hexdigest(),
            "size": len(body),
            "contentType": resp.get("ContentType"),
            "cacheControl": resp.get("CacheControl"),
        }
    return result


def main(argv: list[str] | None = None) -> int:
    parser = _ArgumentParser(description="List + GET every object under a prefix and print sha256/size/headers as JSON.")
    parser.add_argument("--endpoint", required=True, help="S3 endpoint URL, e.g. http://127.0.0.1:5000")
    parser.add_argument("--bucket", required=True)
    parser.add_argument("--prefix", required=True, help='key prefix ("" for the whole bucket)')
    parser.add_argument("--access-key", required=True)
    parser.add_argument("--secret-key", required=True)
    parser.add_argument("--region", default="us-east-1")
    args = parser.parse_args(argv)

    try:
        result = readback(args.endpoint, args.bucket, args.prefix, args.access_key, args.secret_key, args.region)
    except Exception as exc:  # noqa: BLE001 - any failure is reported the same way
        detail = ""
        response = getattr(exc, "response", None)
        if isinstance(response, dict):
            status = response.get("ResponseMetadata", {}).get("HTTPStatusCode")
            code = response.get("Error", {}).get("Code")
            detail = f" (HTTP {status}, {code})"
        print(f"s3_readback: error: {type(exc).__name__}: {exc}{detail}", file=sys.stderr)
        return 2

    sys.stdout.write(json.dumps(result, sort_keys=False) + "\n")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
