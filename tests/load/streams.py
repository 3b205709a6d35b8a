"""Live streams against a real server: what N open streams cost a worker, and how long a
graceful stop takes with them open. The figures in docs/serving.md ("Live streams") come
from it:

    python tests/load/streams.py --streams 500            # threads and memory, then SIGTERM
    python tests/load/streams.py --streams 500 --one-browser  # all of them one guest's
    python tests/load/streams.py --streams 500 --restart hup  # new workers, none refused

It starts gunicorn as make serve does (peabody/gunicorn_config.py, 2 workers) on a fresh
SQLite file, makes a guest game per stream (or one for all), opens the streams as raw
connections, reads each worker's threads and memory from /proc, closes them, reads again,
opens them again and sends the server a SIGTERM (or a HUP) while asking for the home page
over and over.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import re
import selectors
import signal
import socket
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[2]
if str(BASE_DIR) not in sys.path:  # run as a script, from tests/load/
    sys.path.insert(0, str(BASE_DIR))

from tests.load import run  # noqa: E402

NEW_GAME = {"mode": "easy4", "bots": "1", "level": "gentle", "holes": "3"}
VERSION = re.compile(r'data-version="(\d+)"')
END = b"0\r\n\r\n"  # the last chunk of an answer: a stream ended


@dataclass
class Guest:
    """A browser with a game of its own: its cookies and the game's page."""

    cookie: str
    path: str
    version: int


def guest(url: str) -> Guest:
    # With DEBUG off the cookies are Secure; a browser sends them to 127.0.0.1 over http too.
    jar = http.cookiejar.CookieJar(
        http.cookiejar.DefaultCookiePolicy(secure_protocols=("https", "http"))
    )
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    browser.open(f"{url}/play/", timeout=30).read()
    csrf = next(cookie.value for cookie in jar if cookie.name == "csrftoken")
    start = urllib.parse.urlencode(NEW_GAME | {"csrfmiddlewaretoken": csrf}).encode()
    with browser.open(f"{url}/play/start/", start, timeout=30) as response:
        path, page = urllib.parse.urlsplit(response.url).path, response.read().decode()
    found = VERSION.search(page)
    assert found, "no board on the game's page"
    return Guest("; ".join(f"{c.name}={c.value}" for c in jar), path, int(found.group(1)))


def open_stream(url: str, visitor: Guest) -> socket.socket:
    """A stream as an EventSource opens it, read up to its first words."""
    host, port = url.removeprefix("http://").split(":")
    connection = socket.create_connection((host, int(port)), timeout=30)
    connection.sendall(
        f"GET {visitor.path}live/?since={visitor.version} HTTP/1.1\r\nHost: {host}\r\n"
        f"Accept: text/event-stream\r\nCookie: {visitor.cookie}\r\n\r\n".encode()
    )
    return connection


def first_words(connection: socket.socket) -> bytes:
    """What the server said first: a stream's head and its ``retry:``, or a refusal's head."""
    said = b""
    while b"\r\n\r\n" not in said or (said.startswith(b"HTTP/1.1 200") and b"retry:" not in said):
        part = connection.recv(65536)
        if not part:
            break
        said += part
    return said


def ended(connections: list[socket.socket], within: float, said: list[bytes] | None = None) -> int:
    """How many of ``connections`` the server ended within ``within`` seconds: their
    answers' last chunk sent (a stream over, the connection kept for another request), or
    the connection closed. ``said``: what was read from each already (first_words)."""
    selector = selectors.DefaultSelector()
    done = 0
    for connection, before in zip(connections, said or [b""] * len(connections), strict=True):
        if before.endswith(END):
            done += 1
            continue
        connection.setblocking(False)
        selector.register(connection, selectors.EVENT_READ, data=[before[-5:]])
    deadline = time.monotonic() + within
    while done < len(connections) and (left := deadline - time.monotonic()) > 0:
        for key, _ in selector.select(left):
            connection = key.fileobj
            assert isinstance(connection, socket.socket)
            try:
                part = connection.recv(65536)
            except BlockingIOError:
                continue
            except ConnectionResetError:
                part = b""
            key.data[0] = (key.data[0] + part)[-5:]
            if not part or key.data[0] == END:
                selector.unregister(connection)
                done += 1
    selector.close()
    return done


def workers_of(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return [int(pid) for pid in children]


def status(pid: int) -> tuple[int, float, int]:
    """A process's threads, its resident memory in MB and its open files."""
    fields = dict(
        line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
    )
    files = len(list(Path(f"/proc/{pid}/fd").iterdir()))
    return int(fields["Threads"]), int(fields["VmRSS"].split()[0]) / 1024, files


def report(label: str, master: int) -> None:
    figures = [status(pid) for pid in workers_of(master)]
    print(
        f"{label:<28} threads a worker: {', '.join(str(t) for t, _, _ in figures)};"
        f" memory: {', '.join(f'{m:.0f} MB' for _, m, _ in figures)};"
        f" open files: {', '.join(str(f) for _, _, f in figures)}"
    )


@contextmanager
def streams(
    url: str, visitors: list[Guest]
) -> Iterator[tuple[list[socket.socket], list[bytes], int]]:
    """A stream each visitor, opened; what each said first, and how many were refused."""
    connections = [open_stream(url, visitor) for visitor in visitors]
    words = [first_words(connection) for connection in connections]
    refused = sum(1 for said in words if said.startswith(b"HTTP/1.1 503"))
    try:
        yield connections, words, refused
    finally:
        for connection in connections:
            connection.close()


def ask_home(url: str, stop: threading.Event, answers: list[int | str]) -> None:
    """GET / over and over until ``stop``: each answer's status, or why there was none."""
    while not stop.is_set():
        try:
            with urllib.request.urlopen(f"{url}/", timeout=10) as response:
                answers.append(response.status)
        except OSError as error:
            answers.append(repr(error))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=500)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=1, help="times opened and closed")
    parser.add_argument(
        "--restart", choices=["term", "hup"], default="term", help="the signal at the end"
    )
    parser.add_argument("--one-browser", action="store_true", help="all streams one guest's")
    args = parser.parse_args(argv)
    with (
        tempfile.TemporaryDirectory() as folder,
        run.server(Path(folder), workers=args.workers, worker_class="asgi", threads=1) as served,
    ):
        assert served.process is not None
        master = served.process.pid
        time.sleep(1)
        report("idle", master)
        guests = [guest(served.url)] * args.streams if args.one_browser else []
        while len(guests) < args.streams:
            guests.append(guest(served.url))
        report("after making the games", master)
        for _ in range(args.rounds):
            with streams(served.url, guests) as (connections, words, refused):
                time.sleep(1)
                still = args.streams - refused - ended(connections, 0.5, words)
                report(f"{still} streams open", master)
                print(f"refused with a 503: {refused}")
            time.sleep(2)
            report("all closed again", master)
        with streams(served.url, guests) as (connections, words, refused):
            time.sleep(1)
            already = ended(connections, 0.5, words)
            report(f"{len(connections) - already} open again", master)
            connections = [
                c for c, w in zip(connections, words, strict=True) if not w.endswith(END)
            ]
            old = set(workers_of(master))
            stop, answers = threading.Event(), []
            asking = threading.Thread(target=ask_home, args=(served.url, stop, answers))
            asking.start()
            time.sleep(0.5)
            began = time.monotonic()
            if args.restart == "term":
                served.process.send_signal(signal.SIGTERM)
            else:
                served.process.send_signal(signal.SIGHUP)
            closed = ended(connections, within=30)
            streams_ended = time.monotonic() - began
            if args.restart == "term":
                served.process.wait(timeout=60)
                gone = "the master exited"
            else:
                while old & set(workers_of(master)):
                    time.sleep(0.05)
                gone = "the old workers were gone"
            took = time.monotonic() - began
            time.sleep(0.5)
            stop.set()
            asking.join()
            print(
                f"{args.restart.upper()} with {len(connections)} streams: {closed} ended by the"
                f" server in {streams_ended:.2f} s; {gone} after {took:.2f} s;"
                f" GET / meanwhile: {answers.count(200)} of {len(answers)} answered"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
