"""Slow clients: connections that trickle a request body, or never end their headers.

They hold whatever a server gives each connection while it reads a request. Used by
`make loadtest ARGS="--slow-clients 50"` and by tests/servers/test_serve.py; on its own:

    python tests/load/slow_clients.py http://127.0.0.1:8000 --connections 50 --probes 12

fetches the home page 12 times, one after another, while 50 slow clients hold on, and says
how many were answered within --timeout seconds each. Only ever talks to this machine
(127.0.0.1), and is bounded in time: at most probes x timeout, plus a few seconds.
"""

from __future__ import annotations

import argparse
import socket
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlsplit

# Half send a request body a byte a second; half send a header line a second, never the end.
BODY = (
    b"POST /play/start/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n"
)
HEADERS = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"


def loopback(url: str) -> tuple[str, int]:
    parts = urlsplit(url)
    if parts.hostname != "127.0.0.1":
        raise ValueError("slow clients only talk to 127.0.0.1")
    return parts.hostname, parts.port or 80


def hold(address: tuple[str, int], trickle_body: bool, stop: threading.Event) -> None:
    """One slow client until stop is set; a new connection whenever the server drops it."""
    while not stop.is_set():
        try:
            with socket.create_connection(address, timeout=5) as connection:
                connection.sendall(BODY if trickle_body else HEADERS)
                while not stop.wait(1):
                    connection.sendall(b"a" if trickle_body else b"X-Slow: 1\r\n")
        except OSError:
            stop.wait(0.5)


@contextmanager
def slow_clients(url: str, connections: int) -> Iterator[None]:
    """``connections`` slow clients against ``url`` while the block runs."""
    address = loopback(url)
    stop = threading.Event()
    threads = [
        threading.Thread(target=hold, args=(address, n % 2 == 0, stop), daemon=True)
        for n in range(connections)
    ]
    for thread in threads:
        thread.start()
    try:
        yield
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=10)


def probe(url: str, count: int, timeout: float) -> list[float | None]:
    """Fetch the home page ``count`` times, one after another: each one's seconds, or None
    for one not answered within ``timeout``."""
    loopback(url)
    times: list[float | None] = []
    for _ in range(count):
        start = time.monotonic()
        try:
            with urllib.request.urlopen(f"{url}/", timeout=timeout) as response:
                response.read()
            times.append(time.monotonic() - start)
        except OSError:
            times.append(None)
    return times


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("url", help="e.g. http://127.0.0.1:8000")
    parser.add_argument("--connections", type=int, default=50)
    parser.add_argument("--probes", type=int, default=12, help="home pages fetched meanwhile")
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds for each")
    args = parser.parse_args(argv)
    if not (1 <= args.connections <= 1000 and 1 <= args.probes <= 100 and args.timeout <= 30):
        parser.error("at most 1000 connections, 100 probes and 30 s for each")
    with slow_clients(args.url, args.connections):
        time.sleep(2)  # time to connect and start trickling
        times = probe(args.url, args.probes, args.timeout)
    answered = [t for t in times if t is not None]
    print(
        f"{args.connections} slow clients: {len(answered)} of {len(times)} home pages answered"
        + (f", slowest in {max(answered) * 1000:.0f} ms" if answered else "")
    )
    return 0 if len(answered) == len(times) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
