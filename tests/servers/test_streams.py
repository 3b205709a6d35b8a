"""Live streams on `make serve`'s server (peabody/gunicorn_config.py, DEBUG off, a fresh
SQLite file), opened as browsers open them (tests/load/streams.py): what a worker holds for
them, its caps, and a graceful stop or a HUP with streams open."""

from __future__ import annotations

import signal
import threading
import time
from pathlib import Path

import pytest

from tests.load import run
from tests.load.streams import (
    Guest,
    ask_home,
    ended,
    first_words,
    guest,
    open_stream,
    status,
    workers_of,
)

# Far more than a graceful stop with all its streams ending at once takes (docs/serving.md
# has the figure), and far less than gunicorn's graceful timeout (30 s): the time a stop
# took when it waited for the streams.
STOPPED_WITHIN = 5.0
# The threads a worker has whatever its streams: its own, the views' and the poller's.
THREADS = 3


def test_sigterm_with_200_streams_ends_them_all_and_the_master_exits_at_once(
    tmp_path: Path,
) -> None:
    with run.server(tmp_path, workers=2, worker_class="asgi", threads=1) as served:
        assert served.process is not None
        guests = [guest(served.url) for _ in range(100)]
        streams = [open_stream(served.url, visitor) for visitor in guests * 2]
        heads = [first_words(stream) for stream in streams]
        workers = workers_of(served.process.pid)
        threads = [status(pid)[0] for pid in workers]

        began = time.monotonic()
        served.process.send_signal(signal.SIGTERM)
        closed = ended(streams, within=30)
        served.process.wait(timeout=60)
        took = time.monotonic() - began

    assert all(head.startswith(b"HTTP/1.1 200 ") and b"retry: 1000" in head for head in heads)
    assert all(count <= THREADS for count in threads), threads
    assert closed == 200
    assert took < STOPPED_WITHIN
    log = (tmp_path / "gunicorn.log").read_text()
    assert "Forcing close" not in log
    assert " ERROR " not in log


def test_a_hup_starts_new_workers_ends_the_old_ones_streams_and_refuses_no_request(
    tmp_path: Path,
) -> None:
    """make serve's restart: the master keeps its socket and starts new workers (loading
    the code again) before it stops the old ones."""
    with run.server(tmp_path, workers=2, worker_class="asgi", threads=1) as served:
        assert served.process is not None
        master = served.process.pid
        old = set(workers_of(master))
        guests = [guest(served.url) for _ in range(20)]
        streams = [open_stream(served.url, visitor) for visitor in guests]
        assert all(first_words(stream).startswith(b"HTTP/1.1 200 ") for stream in streams)
        stop, answers = threading.Event(), []
        asking = threading.Thread(target=ask_home, args=(served.url, stop, answers))
        asking.start()
        try:
            time.sleep(0.5)
            served.process.send_signal(signal.SIGHUP)
            closed = ended(streams, within=30)
            deadline = time.monotonic() + 30
            while old & set(workers_of(master)) and time.monotonic() < deadline:
                time.sleep(0.1)
            time.sleep(0.5)
        finally:
            stop.set()
            asking.join()
        new = set(workers_of(master))
        again = open_stream(served.url, guests[0])
        head = first_words(again)
        again.close()

    assert closed == 20
    assert new and not old & new
    assert answers and all(answer == 200 for answer in answers), set(map(str, answers))
    assert head.startswith(b"HTTP/1.1 200 ")


def holds(url: str, visitor: Guest) -> bool:
    """Whether the server keeps a stream ``visitor`` opens, or answered it and closed it."""
    stream = open_stream(url, visitor)
    head = first_words(stream)
    stream.close()
    return head.startswith(b"HTTP/1.1 200 ")


def test_past_its_cap_a_worker_refuses_a_stream_with_a_503_and_a_visitor_holds_a_few(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LIVE_STREAMS", "5")
    with run.server(tmp_path, workers=1, worker_class="asgi", threads=1) as served:
        one, *others = [guest(served.url) for _ in range(3)]
        # One visitor's four streams on one game: the first is ended as the fourth opens.
        own = [open_stream(served.url, one) for _ in range(4)]
        own_heads = [first_words(stream) for stream in own]
        first_ended = ended(own[:1], within=30)
        others_open = [open_stream(served.url, visitor) for visitor in others]
        assert all(first_words(stream).startswith(b"HTTP/1.1 200 ") for stream in others_open)
        # Five streams open, the worker's cap.
        refused = open_stream(served.url, others[0])
        answer = first_words(refused)
        refused.close()
        for stream in own + others_open:
            stream.close()
        time.sleep(0.5)  # the server sees them go
        taken_again = holds(served.url, one)

    assert all(head.startswith(b"HTTP/1.1 200 ") for head in own_heads)
    assert first_ended == 1
    assert answer.startswith(b"HTTP/1.1 503 ")
    assert b"Retry-After: 30\r\n" in answer
    assert taken_again
    log = (tmp_path / "gunicorn.log").read_text()
    assert log.count("Holding 5 live streams, this worker's cap: new ones get a 503") == 1
    assert log.count("taking new ones again (1 refused)") == 1
    assert " ERROR " not in log
