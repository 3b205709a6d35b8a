"""make serve's gunicorn worker: gunicorn's own asgi worker (peabody/gunicorn_config.py says
why), bounded.

Past ``worker_connections`` (and always below the open-files limit) a new connection gets a
short 503 page that asks to try again in a moment, so trickling connections cannot use up a
process's files and stop the site. Turning connections away is logged when it starts and
when it ends, running out of files once a minute: never a line, or a traceback, a connection.

On SIGTERM (a graceful stop, or a HUP's old workers) the live streams end at once and idle
kept-alive connections are closed, so the worker stops as soon as the requests under way are
answered, rather than after gunicorn's graceful timeout: the browsers open their streams
again on the workers still serving.
"""

from __future__ import annotations

import asyncio
import resource
import time
from pathlib import Path
from typing import Any

from gunicorn.asgi.protocol import ASGIProtocol
from gunicorn.workers import gasgi

# Files a worker keeps for itself under the open-files limit: its listening socket, the
# database, logs, the static files WhiteNoise opens.
RESERVED_FILES = 100
# A refusal is short and plain: it is sent before anything of Django runs, in both languages.
BUSY_PAGE = (Path(__file__).resolve().parent.parent / "templates" / "503_busy.html").read_bytes()
BUSY = (
    b"HTTP/1.1 503 Service Unavailable\r\n"
    b"Content-Type: text/html; charset=utf-8\r\n"
    b"Retry-After: 30\r\n"
    b"Cache-Control: no-store\r\n"
    b"Connection: close\r\n"
    b"Content-Length: %d\r\n\r\n%s" % (len(BUSY_PAGE), BUSY_PAGE)
)
# A connection turned away is read (and what it sends dropped) until the client closes it or
# for LINGER seconds, then closed: closed with its request unread, the kernel answers the
# client with a reset, which a client still sending a body (a POST) gets instead of the page.
# At most LINGERING such connections a worker at once, a few of the files kept in reserve:
# past that, closed at once.
LINGER = 2.0  # seconds
LINGERING = 20
OUT_OF_FILES = "socket.accept() out of system resource"  # asyncio's words
LOG_OUT_OF_FILES_EVERY = 60.0  # seconds


def connection_cap(asked: int) -> int:
    """The connections a worker may hold: as many as asked, below the open-files limit."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return asked
    return max(1, min(asked, soft - RESERVED_FILES))


class BoundedProtocol(ASGIProtocol):
    """gunicorn's connection protocol, turning a connection away past the worker's cap."""

    worker: BoundedASGIWorker
    turned_away = False
    closing: asyncio.TimerHandle | None = None  # a turned-away connection's, lingering

    def connection_made(self, transport: Any) -> None:
        if self.worker.nr_conns >= self.worker.cap:
            self.turned_away = True
            self.worker.turning_away()
            transport.write(BUSY)
            if self.worker.lingering >= LINGERING:
                transport.close()
                return
            self.worker.lingering += 1
            transport.write_eof()  # the page whole, then the end of it; still reading
            self.closing = asyncio.get_running_loop().call_later(LINGER, transport.close)
            return
        self.worker.taking_again()
        self.worker.connections.add(self)
        super().connection_made(transport)

    def data_received(self, data: bytes) -> None:
        if not self.turned_away:  # a turned-away one's request is dropped
            super().data_received(data)

    def eof_received(self) -> bool | None:
        if self.turned_away:
            return None  # the client is done: close
        return super().eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        self.worker.connections.discard(self)
        if not self.turned_away:  # it was never counted
            super().connection_lost(exc)
        elif self.closing:
            self.closing.cancel()
            self.worker.lingering -= 1


class BoundedASGIWorker(gasgi.ASGIWorker):
    def init_process(self) -> None:
        self.cap = connection_cap(self.cfg.worker_connections)
        self.lingering = 0
        self.full = False
        self.files_logged_at = -LOG_OUT_OF_FILES_EVERY
        self.connections: set[BoundedProtocol] = set()
        super().init_process()

    def handle_exit_signal(self) -> None:
        """SIGTERM: stop, ending the live streams and closing idle connections now."""
        super().handle_exit_signal()
        stopping = getattr(self.asgi, "stopping", None)
        if stopping is not None:
            stopping()
        for protocol in list(self.connections):
            # Between two requests, waiting for the next (gunicorn's keep-alive timer set).
            if protocol._keepalive_handle is not None:
                protocol._keepalive_timeout()

    def turning_away(self) -> None:
        if not self.full:
            self.full = True
            self.log.warning(
                "Holding %d connections, this worker's cap: new ones get a 503", self.cap
            )

    def taking_again(self) -> None:
        if self.full and self.nr_conns < self.cap * 0.9:
            self.full = False
            self.log.warning("Down to %d connections: taking new ones again", self.nr_conns)

    def on_loop_error(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if context.get("message") != OUT_OF_FILES:
            loop.default_exception_handler(context)
            return
        now = time.monotonic()
        if now - self.files_logged_at >= LOG_OUT_OF_FILES_EVERY:
            self.files_logged_at = now
            self.log.error(
                "Out of open files (%s): raise the limit or lower worker_connections",
                context.get("exception"),
            )

    async def _serve(self) -> None:
        # gunicorn makes each connection's protocol from the name ASGIProtocol in its worker
        # module: in this worker's process (each worker is a process of its own), ours.
        gasgi.ASGIProtocol = BoundedProtocol
        self.loop.set_exception_handler(self.on_loop_error)
        await super()._serve()
