"""`make serve`'s server, started as it starts it (peabody/gunicorn_config.py, DEBUG off),
with one worker, the case where one slow client used to be enough to stop the site."""

from __future__ import annotations

import http.cookiejar
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from gunicorn.ctl.client import ControlClient

from tests.fake_smtp import mail_server, port_of
from tests.load import run
from tests.load.slow_clients import probe, slow_clients


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    folder = tmp_path_factory.mktemp("serve")
    with run.server(folder, workers=1, worker_class="asgi", threads=1) as server:
        yield server.url, folder / "gunicorn.log"


def raw(url: str, request: bytes) -> bytes:
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as connection:
        connection.sendall(request)
        return connection.recv(65536)


def test_children_are_answered_while_50_slow_clients_hold_connections(
    served: tuple[str, Path],
) -> None:
    url, _ = served
    with slow_clients(url, 50):
        time.sleep(2)  # every slow client connected and trickling
        times = probe(url, 10, timeout=3)

    assert None not in times, times


CSRF = b"Cookie: csrftoken=" + b"a" * 32 + b"\r\n"


@pytest.mark.parametrize(
    "content_type",
    [
        b"application/x-www-form-urlencoded; charset=latin-1",
        b"multipart/form-data; boundary=",
        b"text/plain; name*=no-such-charset''x",  # a Content-Type Django cannot parse
    ],
)
def test_the_server_answers_an_unreadable_body_with_our_400_page(
    served: tuple[str, Path], content_type: bytes
) -> None:
    url, _ = served
    answer = raw(
        url,
        b"POST /play/start/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        + CSRF
        + b"Content-Type: "
        + content_type
        + b"\r\nContent-Length: 3\r\n\r\na=1",
    )

    assert answer.startswith(b"HTTP/1.1 400 ")
    assert b"We could not read that" in answer


def test_a_head_request_gets_headers_only_and_no_warning_in_the_log(
    served: tuple[str, Path],
) -> None:
    url, log = served
    before = log.read_text()

    answer = raw(url, b"HEAD / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    time.sleep(0.5)

    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200 ")
    assert body == b""
    assert "WARNING" not in log.read_text().removeprefix(before)


def test_a_header_too_long_for_the_server_is_refused_by_it_not_failed(
    served: tuple[str, Path],
) -> None:
    url, _ = served
    answer = raw(
        url,
        b"POST /play/start/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        + b"Content-Type: text/plain; a="
        + b"x" * 20_000
        + b"\r\nContent-Length: 0\r\n\r\n",
    )

    assert answer.startswith(b"HTTP/1.1 431 ")


@pytest.fixture(scope="module")
def capped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """make serve's server with its worker's cap on connections lowered to 20."""
    folder = tmp_path_factory.mktemp("capped")
    options = ["--worker-connections", "20"]
    with run.server(folder, workers=1, worker_class="asgi", threads=1, options=options) as server:
        yield server.url, folder / "gunicorn.log"


HOME = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"


def test_past_its_cap_a_worker_answers_a_kind_503_logs_it_once_and_takes_more_later(
    capped: tuple[str, Path],
) -> None:
    url, log = capped
    host, port = url.removeprefix("http://").split(":")
    held = [socket.create_connection((host, int(port)), timeout=10) for _ in range(20)]
    time.sleep(0.5)  # every one of them taken: idle, like slow clients

    turned_away = [raw(url, HOME) for _ in range(5)]
    for connection in held:
        connection.close()
    time.sleep(1)
    answered = raw(url, HOME)

    for answer in turned_away:
        assert answer.startswith(b"HTTP/1.1 503 ")
        assert b"Retry-After: 30" in answer
        assert b"Please try again in a minute." in answer
    assert answered.startswith(b"HTTP/1.1 200 ")
    text = log.read_text()
    assert text.count("new ones get a 503") == 1
    assert text.count("taking new ones again") == 1
    assert "Traceback" not in text


def test_past_its_cap_a_worker_reads_a_posts_body_so_a_real_client_gets_the_503_page(
    capped: tuple[str, Path],
) -> None:
    url, _ = capped
    host, port = url.removeprefix("http://").split(":")
    held = [socket.create_connection((host, int(port)), timeout=10) for _ in range(20)]
    time.sleep(0.5)
    answers = []
    for _ in range(10):
        # A body larger than the kernel takes at once: closed with it unread, the client
        # was reset while still sending (a broken pipe), and never read the page.
        body = b"move=" + b"x" * 60_000
        try:
            urllib.request.urlopen(f"{url}/play/start/", body, timeout=10)
        except urllib.error.HTTPError as refused:
            answers.append((refused.code, b"Please try again in a minute." in refused.read()))
    for connection in held:
        connection.close()

    assert answers == [(503, True)] * 10


def listeners(control_socket: Path) -> list[str]:
    """The addresses the server behind a control socket says it serves (gunicornc's
    `show listeners`)."""
    with ControlClient(str(control_socket), timeout=5) as client:
        return [
            listener["address"] for listener in client.send_command("show listeners")["listeners"]
        ]


def test_two_servers_started_with_bind_each_have_their_own_control_socket(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Where gunicorn puts its control sockets: here, not the user's own.
    sockets = tmp_path / "run"
    sockets.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(sockets))
    for name in "ab":
        (tmp_path / name).mkdir()
    # run.server passes --bind on the command line, as anyone starting gunicorn by hand does.
    with run.server(tmp_path / "a", 1, "asgi", 1) as a:
        with run.server(tmp_path / "b", 1, "asgi", 1) as b:
            address = {url: url.removeprefix("http://") for url in (a.url, b.url)}
            a_socket = sockets / f"peabody-{address[a.url]}.ctl"
            b_socket = sockets / f"peabody-{address[b.url]}.ctl"
            deadline = time.monotonic() + 10  # gunicorn starts it after its workers
            while not (a_socket.exists() and b_socket.exists()) and time.monotonic() < deadline:
                time.sleep(0.1)

            assert sorted(path.name for path in sockets.iterdir()) == sorted(
                [a_socket.name, b_socket.name]
            )
            assert listeners(a_socket) == [a.url]
            assert listeners(b_socket) == [b.url]
            assert None not in probe(a.url, 2, timeout=5) + probe(b.url, 2, timeout=5)
        # b has stopped: its socket is gone, a's still there and answering, and so is a.
        assert not b_socket.exists()
        assert listeners(a_socket) == [a.url]
        assert None not in probe(a.url, 2, timeout=5)


def mail_workers(session: int) -> list[int]:
    """The mail workers (manage.py db_worker) running in a process session."""
    ps = subprocess.run(["ps", "-e", "-o", "pid=,sid=,args="], capture_output=True, text=True)
    return [
        int(pid)
        for pid, sid, *args in (line.split() for line in ps.stdout.splitlines())
        if int(sid) == session and args[1:3] == ["manage.py", "db_worker"]
    ]


def ask_for_a_reset(url: str, email: str) -> None:
    """A browser asks for a password reset, which queues an email (to an address with no
    account, allauth says there is none)."""
    # With DEBUG off the cookies are Secure; a browser sends them to 127.0.0.1 over http too.
    jar = http.cookiejar.CookieJar(
        http.cookiejar.DefaultCookiePolicy(secure_protocols=("https", "http"))
    )
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    browser.open(f"{url}/accounts/password/reset/").read()
    csrf = next(cookie.value for cookie in jar if cookie.name == "csrftoken")
    form = urllib.parse.urlencode({"email": email, "csrfmiddlewaretoken": csrf}).encode()
    with browser.open(f"{url}/accounts/password/reset/", form) as response:
        assert response.status == 200


def until(condition, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.2)


def test_make_serve_starts_the_mail_worker_again_if_it_dies_and_stops_it_with_the_server(
    tmp_path: Path,
) -> None:
    with mail_server() as smtp:
        url = f"http://127.0.0.1:{run.free_port()}"
        env = os.environ | {
            "BIND": url.removeprefix("http://"),
            "WEB_CONCURRENCY": "1",
            "SECRET_KEY": "make-serve-test-only-key",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'serve.sqlite3'}",
            "ALLOWED_HOSTS": "127.0.0.1",
            "HTTPS": "0",
            "EMAIL_HOST": "127.0.0.1",
            "EMAIL_PORT": str(port_of(smtp)),
            "EMAIL_USE_TLS": "0",
            "XDG_RUNTIME_DIR": str(tmp_path),  # its control socket here
        }
        log = tmp_path / "serve.log"
        with open(log, "w") as output:
            # make serve itself; -o: never reinstall the shared packages from here.
            make = subprocess.Popen(
                ["make", "--no-print-directory", "-o", ".venv/.installed", "serve"],
                cwd=run.BASE_DIR,
                env=env,
                stdout=output,
                stderr=output,
                start_new_session=True,
            )
        try:
            run.wait_until_up(url, make, log)
            until(lambda: len(mail_workers(make.pid)) == 1, 10)
            (first,) = mail_workers(make.pid)
            ask_for_a_reset(url, "first@example.com")
            until(lambda: len(smtp.received) == 1, 15)
            os.kill(first, signal.SIGKILL)  # as the kernel kills a process for memory
            ask_for_a_reset(url, "second@example.com")
            until(lambda: len(smtp.received) == 2, 30)
            again = mail_workers(make.pid)
        finally:
            os.killpg(make.pid, signal.SIGINT)  # Ctrl-C
            try:
                make.wait(timeout=30)
            finally:
                run.stop(make, grace=5)
        until(lambda: not mail_workers(make.pid), 15)

    assert [m["To"] for m in smtp.received] == ["first@example.com", "second@example.com"]
    assert len(again) == 1 and again != [first]
    assert "the mail worker stopped (status 137); starting it again in 5 s" in log.read_text()
    assert mail_workers(make.pid) == []
