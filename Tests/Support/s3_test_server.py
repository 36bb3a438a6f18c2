#!/usr/bin/env python3
"""S3-protocol test server for the ScreenKit integration tests.

Runs, in one process:

* moto's standalone server (``moto.server.ThreadedMotoServer``) on a free
  127.0.0.1 port, with an IAM user ``screenkit-test`` (inline policy ``s3:*``
  on ``*``), an access key for it and the bucket ``screenkit-test``; SigV4
  authentication is then switched on (``POST /moto-api/reset-auth`` with body
  ``0``) and verified (wrong secret -> 403, real key -> success).
* a fault-injecting HTTP proxy on another free 127.0.0.1 port that forwards
  every request to moto unchanged (method, path+query, all headers including
  ``Host``, body) and relays the response.  Control endpoints (never
  forwarded, never counted):

    POST /__fault__          {"status": 500, "count": 2}            -> {"ok": true}
                             {"delay": 3.0, "count": 1}
                             optional "method": "PUT" restricts the fault
                             optional "after": N lets N matching requests through first
                             optional "drop": "before" closes the connection without
                             forwarding; "after" forwards, then closes it unanswered
    GET  /__fault__          pending faults (diagnostics)
    POST /__fault__/reset    clear all pending faults
    GET  /__stats__          {"requests": N, "byMethod": {...}, "faultsInjected": n}
    POST /__stats__/reset    zero the counters

When ready it prints exactly one JSON line on stdout (and, with
``--config-out FILE``, writes the same JSON to FILE atomically):

    {"endpoint": "http://127.0.0.1:<moto port>", "proxy": "http://127.0.0.1:<proxy port>",
     "region": "us-east-1", "bucket": "screenkit-test", "accessKeyId": "...",
     "secretAccessKey": "...", "python": sys.executable, "pid": os.getpid()}

It runs until SIGTERM/SIGINT, then shuts both servers down and exits 0.
Everything else is logged to stderr (per-request logging only with --verbose).

With --exit-on-stdin-eof it also shuts down (exit 0) when stdin reaches EOF, so a
parent that holds the write end of a stdin pipe takes the server down when it dies.

Usage: python3 Tests/Support/s3_test_server.py [--config-out FILE] [--verbose] [--exit-on-stdin-eof]
"""

from __future__ import annotations

import argparse
import errno
import http.client
import http.server
import json
import logging
import os
import signal
import socket
import sys
import tempfile
import threading
import time
import uuid
from collections import deque

REGION = "us-east-1"
BUCKET = "screenkit-test"
IAM_USER = "screenkit-test"
HOST = "127.0.0.1"
UPSTREAM_TIMEOUT = 300.0  # seconds; generous, a delayed request may still be in flight
INJECTED_BODY = b"<Error><Code>InternalError</Code><Message>injected</Message></Error>"

# Hop-by-hop headers (RFC 9110 7.6.1) never relayed from moto back to the client.
HOP_BY_HOP = {
    "connection",
    "keep-alive",
    "proxy-authenticate",
    "proxy-authorization",
    "proxy-connection",
    "te",
    "trailer",
    "transfer-encoding",
    "upgrade",
}

log = logging.getLogger("s3_test_server")


def _setup_logging(verbose: bool) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("[s3_test_server] %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.DEBUG if verbose else logging.INFO)
    log.propagate = False
    # werkzeug logs every moto request at INFO; keep stderr quiet unless asked.
    logging.getLogger("werkzeug").setLevel(logging.INFO if verbose else logging.WARNING)
    # Never let logging itself crash the server (e.g. the parent closed stderr).
    logging.raiseExceptions = False


def _bypass_env_proxies() -> None:
    """boto3/requests honour HTTP(S)_PROXY; make sure 127.0.0.1 is never proxied."""
    for var in ("NO_PROXY", "no_proxy"):
        current = os.environ.get(var, "")
        extra = "127.0.0.1,localhost"
        os.environ[var] = f"{current},{extra}" if current else extra


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


# ---------------------------------------------------------------------------
# moto
# ---------------------------------------------------------------------------


def patch_moto_query_signing() -> None:
    """Check SigV4 against the query as the client sent it.

    moto rebuilds a request's URL with its query decoded (``prefix=a/b/``) before it recomputes the
    signature, so a ListObjectsV2 whose prefix holds ``/`` -- signed, as AWS requires, over
    ``prefix=a%2Fb%2F`` -- fails there with SignatureDoesNotMatch, boto3's own included, though
    AWS accepts it (moto 5.2.1; getmoto/moto#5948 reports the symptom). For the check only, the
    query is encoded again as SigV4 canonicalizes it; every other part of the check is moto's.
    """
    from urllib.parse import quote, unquote

    import moto.core.authorization as authorization

    original = authorization.urlparse

    def urlparse(url, *args, **kwargs):
        parsed = original(url, *args, **kwargs)
        if not parsed.query:
            return parsed
        pairs = (pair.partition("=") for pair in parsed.query.split("&"))
        query = "&".join(
            f"{quote(unquote(name), safe='-_.~')}{sep}{quote(unquote(value), safe='-_.~')}"
            for name, sep, value in pairs
        )
        return parsed._replace(query=query)

    authorization.urlparse = urlparse


def start_moto(attempts: int = 20):
    """Start ThreadedMotoServer on a free port; retry if the port was taken meanwhile."""
    from moto.server import ThreadedMotoServer

    patch_moto_query_signing()

    class _MotoServer(ThreadedMotoServer):
        """Report bind failures instead of leaving start() waiting forever."""

        start_error: BaseException | None = None

        def _server_entry(self) -> None:
            try:
                super()._server_entry()
            except BaseException as exc:  # werkzeug calls sys.exit(1) on EADDRINUSE
                self.start_error = exc
                self._server_ready_event.set()

    last_error: BaseException | None = None
    for attempt in range(1, attempts + 1):
        port = _free_port()
        server = _MotoServer(ip_address=HOST, port=port, verbose=False)
        server.start()
        if server.start_error is None and server._server is not None:
            host, bound = server.get_host_and_port()
            log.info("moto listening on http://%s:%d", host, bound)
            return server, bound
        last_error = server.start_error
        log.info("moto could not bind port %d (attempt %d): %r; retrying", port, attempt, last_error)
        time.sleep(0.05)
    raise RuntimeError(f"could not start moto after {attempts} attempts: {last_error!r}")


def stop_moto(server) -> None:
    try:
        server.stop()
    finally:
        inner = getattr(server, "_server", None)
        if inner is not None:
            try:
                inner.server_close()
            except OSError:
                pass


def _client(service: str, endpoint: str, key: str, secret: str):
    import boto3
    from botocore.config import Config

    return boto3.session.Session().client(
        service,
        endpoint_url=endpoint,
        region_name=REGION,
        aws_access_key_id=key,
        aws_secret_access_key=secret,
        config=Config(
            s3={"addressing_style": "path"},
            retries={"total_max_attempts": 1},
            connect_timeout=10,
            read_timeout=60,
        ),
    )


def provision(endpoint: str) -> tuple[str, str]:
    """With auth still off: IAM user + policy + access key, and the bucket."""
    iam = _client("iam", endpoint, "testing", "testing")
    s3 = _client("s3", endpoint, "testing", "testing")
    iam.create_user(UserName=IAM_USER)
    iam.put_user_policy(
        UserName=IAM_USER,
        PolicyName="screenkit-test-s3-all",
        PolicyDocument=json.dumps(
            {
                "Version": "2012-10-17",
                "Statement": [{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}],
            }
        ),
    )
    key = iam.create_access_key(UserName=IAM_USER)["AccessKey"]
    s3.create_bucket(Bucket=BUCKET)
    return key["AccessKeyId"], key["SecretAccessKey"]


def enable_auth(endpoint: str) -> None:
    conn = http.client.HTTPConnection(HOST, int(endpoint.rsplit(":", 1)[1]), timeout=30)
    try:
        conn.request("POST", "/moto-api/reset-auth", body=b"0", headers={"Content-Type": "text/plain"})
        resp = conn.getresponse()
        body = resp.read()
    finally:
        conn.close()
    if resp.status != 200:
        raise RuntimeError(f"POST /moto-api/reset-auth answered {resp.status}: {body!r}")


def verify_auth(endpoint: str, key: str, secret: str, label: str) -> None:
    """A wrong secret must be refused with 403; the real key must work."""
    from botocore.exceptions import ClientError

    wrong = _client("s3", endpoint, key, secret[:-4] + ("AAAA" if not secret.endswith("AAAA") else "BBBB"))
    try:
        wrong.list_objects_v2(Bucket=BUCKET)
    except ClientError as exc:
        status = exc.response.get("ResponseMetadata", {}).get("HTTPStatusCode")
        code = exc.response.get("Error", {}).get("Code")
        if status != 403:
            raise RuntimeError(f"{label}: wrong secret gave HTTP {status} ({code}), expected 403")
    else:
        raise RuntimeError(f"{label}: request signed with a WRONG secret succeeded - SigV4 checking is OFF")

    good = _client("s3", endpoint, key, secret)
    try:
        good.list_objects_v2(Bucket=BUCKET)
    except ClientError as exc:
        raise RuntimeError(f"{label}: request signed with the real key failed: {exc}") from exc
    log.info("%s: signature checking verified (wrong secret -> 403, real key -> 200)", label)


# ---------------------------------------------------------------------------
# fault-injecting proxy
# ---------------------------------------------------------------------------


class ProxyState:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.faults: deque[dict] = deque()
        self.requests = 0
        self.by_method: dict[str, int] = {}
        self.faults_injected = 0

    def add_fault(self, spec: dict) -> None:
        with self.lock:
            self.faults.append(spec)

    def reset_faults(self) -> None:
        with self.lock:
            self.faults.clear()

    def pending(self) -> list[dict]:
        with self.lock:
            return [dict(f) for f in self.faults]

    def reset_stats(self) -> None:
        with self.lock:
            self.requests = 0
            self.by_method = {}
            self.faults_injected = 0

    def stats(self) -> dict:
        with self.lock:
            return {
                "requests": self.requests,
                "byMethod": dict(self.by_method),
                "faultsInjected": self.faults_injected,
            }

    def admit(self, method: str) -> dict | None:
        """Count a client request and take one use of the first queued fault that applies."""
        with self.lock:
            self.requests += 1
            self.by_method[method] = self.by_method.get(method, 0) + 1
            for fault in self.faults:
                if fault["method"] is None or fault["method"] == method:
                    if fault["after"] > 0:
                        fault["after"] -= 1
                        return None
                    fault["remaining"] -= 1
                    if fault["remaining"] <= 0:
                        self.faults.remove(fault)
                    self.faults_injected += 1
                    return dict(fault)
            return None


def parse_fault(raw: bytes) -> dict:
    try:
        spec = json.loads(raw.decode("utf-8") or "null")
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"body is not JSON: {exc}") from None
    if not isinstance(spec, dict):
        raise ValueError("body must be a JSON object")
    unknown = set(spec) - {"status", "delay", "count", "method", "after", "drop"}
    if unknown:
        raise ValueError(f"unknown fields: {sorted(unknown)}")
    status = spec.get("status")
    delay = spec.get("delay")
    count = spec.get("count", 1)
    method = spec.get("method")
    after = spec.get("after", 0)
    drop = spec.get("drop")
    if status is None and delay is None and drop is None:
        raise ValueError('a fault needs "status", "delay" or "drop"')
    if drop is not None and drop not in ("before", "after"):
        raise ValueError('"drop" must be "before" or "after"')
    if isinstance(after, bool) or not isinstance(after, int) or after < 0:
        raise ValueError('"after" must be an integer >= 0')
    if status is not None and (isinstance(status, bool) or not isinstance(status, int) or not 200 <= status <= 599):
        raise ValueError('"status" must be an integer in 200..599')
    if delay is not None and (isinstance(delay, bool) or not isinstance(delay, (int, float)) or delay < 0):
        raise ValueError('"delay" must be a non-negative number of seconds')
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError('"count" must be an integer >= 1')
    if method is not None and (not isinstance(method, str) or not method):
        raise ValueError('"method" must be a non-empty string')
    return {
        "status": status,
        "delay": float(delay) if delay is not None else None,
        "count": count,
        "remaining": count,
        "method": method.upper() if method else None,
        "after": after,
        "drop": drop,
    }


class ProxyHandler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive with clients; every response has Content-Length
    server_version = "screenkit-s3-proxy"
    sys_version = ""

    # set on the class by make_proxy()
    state: ProxyState
    upstream_port: int

    # -- plumbing ---------------------------------------------------------

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - stdlib signature
        log.debug("proxy %s - %s", self.address_string(), format % args)

    def log_error(self, format: str, *args) -> None:  # noqa: A002
        log.debug("proxy %s - %s", self.address_string(), format % args)

    def _read_body(self) -> bytes:
        te = self.headers.get("Transfer-Encoding", "")
        if "chunked" in te.lower():
            return self._read_chunked()
        length = self.headers.get("Content-Length")
        if not length:
            return b""
        n = int(length)
        chunks = []
        while n > 0:
            chunk = self.rfile.read(min(n, 1 << 20))
            if not chunk:
                raise ConnectionError("client closed the connection mid-body")
            chunks.append(chunk)
            n -= len(chunk)
        return b"".join(chunks)

    def _read_chunked(self) -> bytes:
        out = []
        while True:
            line = self.rfile.readline(65537)
            if not line:
                raise ConnectionError("client closed the connection mid-chunk")
            size = int(line.split(b";", 1)[0].strip(), 16)
            if size == 0:
                while True:  # trailers, up to the blank line
                    trailer = self.rfile.readline(65537)
                    if trailer in (b"\r\n", b"\n", b""):
                        break
                return b"".join(out)
            data = self.rfile.read(size)
            if len(data) != size:
                raise ConnectionError("client closed the connection mid-chunk")
            out.append(data)
            self.rfile.readline(65537)  # CRLF after the chunk

    def _send(self, status: int, headers: list[tuple[str, str]], body: bytes, *,
              content_length: str | None = None, send_body: bool = True,
              reason: str | None = None) -> None:
        self.send_response_only(status, reason or None)
        for name, value in headers:
            self.send_header(name, value)
        if content_length is not None:
            self.send_header("Content-Length", content_length)
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if send_body and body:
            self.wfile.write(body)
        self.wfile.flush()
        self.log_request(status)

    def _send_json(self, status: int, obj) -> None:
        body = json.dumps(obj).encode()
        self._send(status, [("Content-Type", "application/json")], body,
                   content_length=str(len(body)), send_body=self.command != "HEAD")

    # -- dispatch ---------------------------------------------------------

    def _handle(self) -> None:
        try:
            body = self._read_body()
        except (ConnectionError, ValueError, OSError) as exc:
            log.debug("proxy: could not read request body: %s", exc)
            self.close_connection = True
            return

        path = self.path.split("?", 1)[0]
        if path in ("/__fault__", "/__fault__/reset", "/__stats__", "/__stats__/reset"):
            self._control(path, body)
            return
        self._proxy(body)

    def _control(self, path: str, body: bytes) -> None:
        method = self.command
        if path == "/__fault__" and method == "POST":
            try:
                fault = parse_fault(body)
            except ValueError as exc:
                self._send_json(400, {"ok": False, "error": str(exc)})
                return
            self.state.add_fault(fault)
            log.info("fault queued: %s", {k: v for k, v in fault.items() if k != "remaining" and v is not None})
            self._send_json(200, {"ok": True})
        elif path == "/__fault__" and method == "GET":
            self._send_json(200, {"faults": self.state.pending()})
        elif path == "/__fault__/reset" and method == "POST":
            self.state.reset_faults()
            self._send_json(200, {"ok": True})
        elif path == "/__stats__" and method == "GET":
            self._send_json(200, self.state.stats())
        elif path == "/__stats__/reset" and method == "POST":
            self.state.reset_stats()
            self._send_json(200, {"ok": True})
        else:
            self._send_json(405, {"ok": False, "error": f"{method} not allowed on {path}"})

    def _proxy(self, body: bytes) -> None:
        method = self.command
        fault = self.state.admit(method)
        if fault is not None and fault["drop"] == "before":
            log.debug("proxy: dropping %s %s unforwarded", method, self.path)
            self.close_connection = True
            return
        if fault is not None and fault["drop"] == "after":
            log.debug("proxy: forwarding %s %s, then dropping the answer", method, self.path)
            self._forward_unanswered(method, body)
            self.close_connection = True
            return
        if fault is not None:
            if fault["delay"]:
                log.debug("proxy: delaying %s %s by %.3fs", method, self.path, fault["delay"])
                time.sleep(fault["delay"])
            if fault["status"] is not None:
                log.debug("proxy: injecting %d for %s %s", fault["status"], method, self.path)
                self._send(
                    fault["status"],
                    [("Content-Type", "application/xml"), ("x-amz-request-id", uuid.uuid4().hex[:16].upper())],
                    INJECTED_BODY,
                    content_length=str(len(INJECTED_BODY)),
                    send_body=method != "HEAD",
                )
                return

        # A conditional write (If-Match / If-None-Match) is atomic on S3, but moto checks the
        # condition and then stores in two steps, so two racing requests can both pass under load.
        # Forwarding conditional writes one at a time gives S3's behaviour.
        if method == "PUT" and (self.headers.get("If-Match") or self.headers.get("If-None-Match")):
            with CONDITIONAL_WRITES:
                self._forward(method, body)
        else:
            self._forward(method, body)

    def _forward_unanswered(self, method: str, body: bytes) -> None:
        """Forward the request as _forward does, and let the client never see the answer."""
        conn = http.client.HTTPConnection(HOST, self.upstream_port, timeout=UPSTREAM_TIMEOUT)
        try:
            conn.putrequest(method, self.path, skip_host=True, skip_accept_encoding=True)
            for name, value in self.headers.items():
                if name.lower() in ("transfer-encoding", "content-length"):
                    continue
                conn.putheader(name, value)
            conn.putheader("Content-Length", str(len(body)))
            with CONDITIONAL_WRITES:
                conn.endheaders(message_body=body if body else None)
                conn.getresponse().read()
        except (OSError, http.client.HTTPException) as exc:
            log.info("proxy: upstream error for an unanswered %s %s: %r", method, self.path, exc)
        finally:
            conn.close()

    def _forward(self, method: str, body: bytes) -> None:
        # Forward unchanged. Only the framing may change: a chunked request body is
        # de-chunked and sent with Content-Length (Transfer-Encoding is hop-by-hop).
        chunked = "chunked" in self.headers.get("Transfer-Encoding", "").lower()
        conn = http.client.HTTPConnection(HOST, self.upstream_port, timeout=UPSTREAM_TIMEOUT)
        try:
            conn.putrequest(method, self.path, skip_host=True, skip_accept_encoding=True)
            for name, value in self.headers.items():
                if chunked and name.lower() in ("transfer-encoding", "content-length"):
                    continue
                conn.putheader(name, value)
            if chunked:
                conn.putheader("Content-Length", str(len(body)))
            conn.endheaders(message_body=body if body else None)
            resp = conn.getresponse()
            resp_body = resp.read()
            status = resp.status
            reason = resp.reason
            resp_headers = resp.getheaders()
        except (OSError, http.client.HTTPException) as exc:
            log.info("proxy: upstream error for %s %s: %r", method, self.path, exc)
            msg = f"<Error><Code>BadGateway</Code><Message>upstream error: {exc!r}</Message></Error>".encode()
            self.close_connection = True
            self._send(502, [("Content-Type", "application/xml")], msg,
                       content_length=str(len(msg)), send_body=method != "HEAD")
            return
        finally:
            conn.close()

        relay = []
        upstream_length = None
        for name, value in resp_headers:
            lname = name.lower()
            if lname == "content-length":
                upstream_length = value
                continue
            if lname in HOP_BY_HOP:
                continue
            relay.append((name, value))

        if method == "HEAD" or status in (204, 304) or 100 <= status < 200:
            # No body is sent; keep moto's Content-Length (the entity size) where it is meaningful.
            length = None if status == 204 or status < 200 else upstream_length
            self._send(status, relay, b"", content_length=length, send_body=False, reason=reason)
        else:
            self._send(status, relay, resp_body, content_length=str(len(resp_body)), reason=reason)

    def _safe_handle(self) -> None:
        try:
            self._handle()
        except (BrokenPipeError, ConnectionResetError, ConnectionAbortedError, socket.timeout) as exc:
            log.debug("proxy: client went away during %s %s: %r", self.command, self.path, exc)
            self.close_connection = True

    do_GET = do_HEAD = do_PUT = do_POST = do_DELETE = do_PATCH = do_OPTIONS = _safe_handle


# Serializes conditional writes through the proxy (see _proxy).
CONDITIONAL_WRITES = threading.Lock()


class ProxyServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 512

    def handle_error(self, request, client_address) -> None:
        exc = sys.exc_info()[1]
        if isinstance(exc, (BrokenPipeError, ConnectionResetError, ConnectionAbortedError, socket.timeout)):
            return
        log.exception("proxy: unhandled error for %s", client_address)


def make_proxy(upstream_port: int, state: ProxyState) -> ProxyServer:
    handler = type("BoundProxyHandler", (ProxyHandler,), {"state": state, "upstream_port": upstream_port})
    last: OSError | None = None
    for _ in range(20):
        try:
            # Binding port 0 lets the kernel pick a free port atomically (no race).
            return ProxyServer((HOST, 0), handler)
        except OSError as exc:
            if exc.errno != errno.EADDRINUSE:
                raise
            last = exc
            time.sleep(0.05)
    raise RuntimeError(f"could not bind the proxy: {last!r}")


# ---------------------------------------------------------------------------
# main
# ---------------------------------------------------------------------------


def write_atomically(path: str, text: str) -> None:
    path = os.path.abspath(path)
    directory = os.path.dirname(path)
    fd, tmp = tempfile.mkstemp(prefix=".s3cfg-", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="moto S3 server with SigV4 checking + fault-injecting proxy")
    parser.add_argument("--config-out", metavar="FILE", help="also write the ready-JSON to FILE (atomically)")
    parser.add_argument("--verbose", action="store_true", help="log every request to stderr")
    parser.add_argument(
        "--exit-on-stdin-eof",
        action="store_true",
        help="also shut down (exit 0) when standard input reaches EOF, e.g. when the parent holding "
        "the write end of a pipe exits",
    )
    args = parser.parse_args(argv)

    _setup_logging(args.verbose)
    _bypass_env_proxies()

    stop = threading.Event()

    def _on_signal(signum, _frame) -> None:
        log.info("received %s, shutting down", signal.Signals(signum).name)
        stop.set()

    signal.signal(signal.SIGTERM, _on_signal)
    signal.signal(signal.SIGINT, _on_signal)

    if args.exit_on_stdin_eof:

        def _watch_stdin() -> None:
            try:
                while sys.stdin.buffer.read(65536):
                    pass
            except (OSError, ValueError):
                pass
            if not stop.is_set():
                log.info("standard input closed, shutting down")
                stop.set()

        threading.Thread(target=_watch_stdin, name="stdin-watch", daemon=True).start()

    moto = None
    proxy = None
    proxy_thread = None
    try:
        moto, moto_port = start_moto()
        endpoint = f"http://{HOST}:{moto_port}"
        key_id, secret = provision(endpoint)
        enable_auth(endpoint)
        verify_auth(endpoint, key_id, secret, "moto")

        state = ProxyState()
        proxy = make_proxy(moto_port, state)
        proxy_port = proxy.server_address[1]
        proxy_url = f"http://{HOST}:{proxy_port}"
        proxy_thread = threading.Thread(target=proxy.serve_forever, kwargs={"poll_interval": 0.2},
                                        name="s3-proxy", daemon=True)
        proxy_thread.start()
        log.info("proxy listening on %s -> %s", proxy_url, endpoint)
        verify_auth(proxy_url, key_id, secret, "proxy")
        state.reset_stats()

        config = {
            "endpoint": endpoint,
            "proxy": proxy_url,
            "region": REGION,
            "bucket": BUCKET,
            "accessKeyId": key_id,
            "secretAccessKey": secret,
            "python": sys.executable,
            "pid": os.getpid(),
        }
        line = json.dumps(config)
        if args.config_out:
            write_atomically(args.config_out, line + "\n")
        if not stop.is_set():
            sys.stdout.write(line + "\n")
            sys.stdout.flush()
            log.info("ready (pid %d)", os.getpid())

        while not stop.wait(0.5):
            pass
        return 0
    except Exception as exc:  # noqa: BLE001 - report any setup failure clearly
        log.error("FATAL: %s", exc)
        return 1
    finally:
        if proxy is not None:
            if proxy_thread is not None:
                proxy.shutdown()
            proxy.server_close()
        if moto is not None:
            stop_moto(moto)
        log.info("stopped")


if __name__ == "__main__":
    sys.exit(main())
