"""The production server's application (peabody/asgi.py): each request is read whole on the
event loop, answered on one thread, and the answer sent whole from the event loop."""

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from peabody.asgi import OneThreadAWorker


def scope(method: str = "GET", path: str = "/", headers: list | None = None) -> dict:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": headers or [(b"host", b"127.0.0.1")],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
    }


def serve(app, request: dict, parts: list[dict]) -> tuple[list[dict], dict]:
    """Send ``parts`` (http.request or http.disconnect messages) to ``app``; what it sent
    back, and what the WSGI application saw (its environ, the body it read, its thread)."""
    sent: list[dict] = []

    async def run() -> None:
        queue = list(parts)

        async def receive() -> dict:
            return queue.pop(0)

        async def send(message: dict) -> None:
            sent.append(message)

        await app(request, receive, send)

    # On a thread of its own, as a server's event loop: the browser tests' Playwright leaves
    # an event loop running in the test's thread.
    with ThreadPoolExecutor(1) as loop:
        loop.submit(asyncio.run, run()).result()
    return sent


@pytest.fixture
def seen() -> dict:
    return {}


async def streams(scope: dict, receive, send) -> None:
    """Stands in for Django's ASGI handler: says which path it was handed."""
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": f"streamed {scope['path']}".encode()})


@pytest.fixture
def app(seen: dict):
    def wsgi(environ: dict, start_response):
        seen["thread"] = threading.current_thread().name
        seen["body"] = environ["wsgi.input"].read()
        seen["method"] = environ["REQUEST_METHOD"]
        start_response("201 Created", [("Content-Type", "text/plain"), ("Set-Cookie", "a=1"),
                                        ("Set-Cookie", "b=2")])  # fmt: skip
        return iter([b"made ", b"in ", b"parts"])

    return OneThreadAWorker(wsgi, streams)


def test_a_games_live_stream_goes_to_the_asgi_handler_and_every_other_page_to_the_thread(
    app, seen: dict
) -> None:
    body = [{"type": "http.request", "body": b"", "more_body": False}]

    live = serve(app, scope("GET", "/es/play/abc/live/"), list(body))
    page = serve(app, scope("GET", "/play/abc/"), list(body))

    assert live[-1]["body"] == b"streamed /es/play/abc/live/"
    assert b"".join(m.get("body", b"") for m in page) == b"made in parts"


def test_a_request_sent_in_parts_is_answered_once_whole(app, seen: dict) -> None:
    sent = serve(
        app,
        scope("POST", "/play/start/"),
        [
            {"type": "http.request", "body": b"mode=", "more_body": True},
            {"type": "http.request", "body": b"easy4", "more_body": False},
        ],
    )

    assert seen["body"] == b"mode=easy4"
    assert sent[0] == {
        "type": "http.response.start",
        "status": 201,
        "headers": [(b"content-type", b"text/plain"), (b"set-cookie", b"a=1"),
                    (b"set-cookie", b"b=2")],
    }  # fmt: skip
    assert b"".join(m.get("body", b"") for m in sent[1:]) == b"made in parts"
    assert sent[-1].get("more_body", False) is False


def test_every_request_runs_on_one_thread_not_the_event_loops(app, seen: dict) -> None:
    threads = set()
    for _ in range(3):
        serve(app, scope(), [{"type": "http.request", "body": b""}])
        threads.add(seen["thread"])

    assert len(threads) == 1
    assert threads != {threading.main_thread().name}


def test_a_client_that_goes_away_before_its_request_is_in_gets_nothing_run(app, seen: dict) -> None:
    sent = serve(
        app,
        scope("POST"),
        [
            {"type": "http.request", "body": b"half", "more_body": True},
            {"type": "http.disconnect"},
        ],
    )

    assert sent == []
    assert seen == {}


def test_a_request_still_running_when_the_worker_stops_reads_its_body_whole() -> None:
    """A stopping worker cancels the requests in flight: the views' thread finishes the
    request with its body intact (a move sent during a restart is made, not a 500)."""
    running, go_on = threading.Event(), threading.Event()
    read: list = []

    def wsgi(environ: dict, start_response):
        running.set()
        go_on.wait(5)
        try:
            read.append(environ["wsgi.input"].read())
        except ValueError as error:  # the body closed under it
            read.append(error)
        start_response("200 OK", [])
        return iter([b"moved"])

    async def stop_while_running() -> None:
        parts = [{"type": "http.request", "body": b"move=draw", "more_body": False}]

        async def receive() -> dict:
            return parts.pop(0)

        async def send(message: dict) -> None:
            pass

        request = asyncio.ensure_future(
            OneThreadAWorker(wsgi, streams)(scope("POST"), receive, send)
        )
        while not running.is_set():
            await asyncio.sleep(0.01)
        request.cancel()
        await asyncio.sleep(0.05)
        go_on.set()
        with pytest.raises(asyncio.CancelledError):
            await request

    with ThreadPoolExecutor(1) as loop:
        loop.submit(asyncio.run, stop_while_running()).result()
    assert read == [b"move=draw"]


@pytest.mark.django_db
def test_the_site_answers_through_it_head_with_no_body() -> None:
    from peabody.asgi import application

    get = serve(application, scope(), [{"type": "http.request", "body": b""}])
    head = serve(application, scope("HEAD"), [{"type": "http.request", "body": b""}])

    assert get[0]["status"] == head[0]["status"] == 200
    assert b"Peabody Golf" in b"".join(m.get("body", b"") for m in get[1:])
    assert b"".join(m.get("body", b"") for m in head[1:]) == b""
