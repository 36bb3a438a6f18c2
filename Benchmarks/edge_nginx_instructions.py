"""Instructions nginx executes per request, counted by callgrind: the floor, the maps, the router.

Usage: python3 Benchmarks/edge_nginx_instructions.py NGINX_CONF FLOOR_URL MAPS_BASE ROUTER_BASE

`Benchmarks/edge.sh --instructions` runs it with the config it benchmarks: the documented one,
with the router's maps and the njs router behind them (MAPS_BASE), the same router alone
(ROUTER_BASE), and the sign-in object served from nginx's cache without any routing (FLOOR_URL).
nginx runs that config as one process (`master_process off`) under callgrind; for each case one
client sends 100, then 600 requests on one connection (ScreenKit-Contract: 2, Accept-Language:
de-AT,de;q=0.9) to a fresh nginx, and the difference / 500 is printed: the same for the same
nginx, router and input, whatever else the machine runs. Without `pcre_jit` (under valgrind nginx
does not stop with it): the maps' regular expressions are interpreted, which the documented
config's `pcre_jit on;` spares.
"""

import http.client
import os
import re
import subprocess
import sys
import time
import urllib.parse

HEADERS = {"ScreenKit-Contract": "2", "Accept-Language": "de-AT,de;q=0.9"}


def listening(port):
    with open("/proc/net/tcp") as table:
        return any(
            fields[1].endswith(f":{port:04X}") and fields[3] == "0A"
            for fields in (line.split() for line in table.read().splitlines()[1:]))


def send(port, path, count):
    connection = http.client.HTTPConnection("127.0.0.1", port)
    for _ in range(count):
        connection.request("GET", path, headers=HEADERS)
        response = connection.getresponse()
        response.read()
        if response.status != 200:
            sys.exit(f"{path} answered {response.status}")
    connection.close()


def instructions(config, url, count):
    parts = urllib.parse.urlsplit(url)
    port, path = parts.port, parts.path + (f"?{parts.query}" if parts.query else "")
    folder = os.path.dirname(config)
    single = f"{folder}/callgrind.conf"
    with open(config) as source, open(single, "w") as target:
        text = source.read().replace("worker_processes auto;", "master_process off;").replace("pcre_jit on;\n", "")
        target.write(text)
    process = subprocess.Popen(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", "nginx", "-p", folder, "-c", single],
        stderr=subprocess.PIPE, text=True)
    try:
        # Listening, seen without connecting (an empty connection made while it starts keeps nginx
        # under valgrind from stopping).
        for _ in range(600):
            if listening(port):
                break
            time.sleep(0.1)
        send(port, path, 5)  # the cache filled, every path taken once
        send(port, path, count)
    except BaseException:
        process.kill()
        raise
    # SIGTERM: nginx stops and callgrind reports. Under valgrind a signal sent the moment the
    # last connection closes can be lost: a second after, and again while it runs.
    errors = None
    for _ in range(10):
        time.sleep(1)
        process.send_signal(15)
        try:
            _, errors = process.communicate(timeout=10)
            break
        except subprocess.TimeoutExpired:
            continue
    if errors is None:
        process.kill()
        sys.exit("nginx under callgrind did not stop")
    found = re.search(r"Collected : (\d+)", errors)
    if not found:
        sys.exit(f"nginx under callgrind failed:\n{errors[-2000:]}")
    return int(found.group(1))


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    config, floor, maps, router = sys.argv[1:]
    cases = [
        ("the floor: the sign-in object from nginx's cache, no routing", floor),
        ("sign-in (localized), from the maps", f"{maps}/screens/sign-in"),
        ("sign-in, from the njs router alone", f"{router}/screens/sign-in"),
        ("home (2 experiments, a unit), maps then router", f"{maps}/screens/home?user=u7"),
        ("home, from the njs router alone", f"{router}/screens/home?user=u7"),
    ]
    print("nginx instructions per request")
    for name, url in cases:
        few = instructions(config, url, 100)
        many = instructions(config, url, 600)
        print(f"{name}\t{(many - few) // 500}")


if __name__ == "__main__":
    main()
