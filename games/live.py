"""News of a game for the other devices at its table, as server-sent events.

A saved move raises the game's version, and a stream says only that it moved, never what, so
nothing one seat may not see travels on it. One poller an event loop reads the versions from
the database: no broker to run. The design: docs/serving.md, "Live streams".
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import weakref
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import DatabaseError, connection
from django.http import Http404, HttpResponse, StreamingHttpResponse
from django.http.response import HttpResponseBase
from django.utils import timezone
from django.views.decorators.http import require_GET

from games.models import Game, Seat
from games.requests import Request

logger = logging.getLogger(__name__)

# How often the poller reads the versions: soon enough that no child sees the other phones
# lag, and one read a tick costs a process next to nothing however many streams are open
# (docs/load-test.md has the figures that chose it).
POLL = 0.25
# A comment after this many seconds without an event: proxies close connections that say
# nothing for a minute or so, and a write to a client gone for good is how we find out.
QUIET = 15.0
# A stream ends after this long and the browser opens a new one (with Last-Event-ID): that
# checks again who may see the game, and lets a worker being restarted drain.
LIFETIME = 300.0
# A device at a table with a device each is marked as there (Seat.seen) when its stream
# opens and this often while it stays open: one small write a device every half minute
# (docs/serving.md says what that costs), so a device gone a minute (games.models.AWAY) shows.
HEARD_EVERY = 30.0
# How long a browser waits before opening a new stream after one ends, in milliseconds.
RETRY = 1000
# Streams one visitor (a session) may hold on one game in one worker: a tab reloaded, or a
# second tab, opens another; past this the oldest is ended, as its tab has most likely gone.
A_VISITOR = 3
# A stream refused because the worker holds its cap of them (settings.LIVE_STREAMS) says
# when to ask again, in seconds; static/js/live.js waits about that long.
BUSY_RETRY = 30

HEADERS = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}  # nginx: send as written
EVENT_STREAM = "text/event-stream"


@dataclass
class Watched:
    """What this loop last read of one game it watches, and how many streams watch it."""

    version: int
    over: bool
    gone: bool = False
    streams: int = 0
    # Set when the game moves, then replaced by a fresh one for the next move.
    moved: asyncio.Event = field(default_factory=asyncio.Event)

    def moved_to(self, version: int, over: bool) -> None:
        if version > self.version:
            self.version, self.over = version, over
            self.wake()

    def wake(self) -> None:
        self.moved.set()
        self.moved = asyncio.Event()

    async def wait(self, seconds: float) -> None:
        """Until the game moves, or for ``seconds`` at most."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(seconds):
                await self.moved.wait()


def close_connection() -> None:
    # Looked up on the thread that runs this: each thread has a connection of its own.
    connection.close()


def read_versions(pks: list[int]) -> list[tuple[int, int, bool]]:
    """The version of each game, and whether it is over for good (its end seen, so no move
    can follow). Runs on the poller's own thread, which keeps its connection between reads."""
    try:
        return list(Game.objects.filter(pk__in=pks).values_list("pk", "version", "end_seen"))
    except DatabaseError:
        connection.close()  # the next read connects afresh
        raise


# Reads the version of each row asked for, and whether it is over for good.
Reader = Callable[[list[int]], list[tuple[int, int, bool]]]


class Watcher:
    """The games watched on one event loop, and the one task that polls the database for
    them while there are any. A watcher of other rows with a version (a class's answers,
    games.classes) reads them with its own ``read``."""

    def __init__(self, read: Reader = read_versions) -> None:
        self.read = read
        self.games: dict[int, Watched] = {}
        self.task: asyncio.Task | None = None
        self.failing = False
        # Seats (their rows' keys) whose devices' streams are open and due to say so.
        self.heard: set[int] = set()

    def watch(self, pk: int, version: int, over: bool) -> Watched:
        watched = self.games.get(pk)
        if watched is None:
            watched = self.games[pk] = Watched(version, over)
        watched.moved_to(version, over)  # this stream read it after the poller last did
        watched.streams += 1
        if self.task is None:
            # A context of its own: the request that starts the poller ends long before it
            # does, and so does the thread Django's ASGI handler ran that request's sync code on.
            self.task = asyncio.get_running_loop().create_task(
                self.poll(), context=contextvars.Context()
            )
        return watched

    def unwatch(self, pk: int, watched: Watched) -> None:
        watched.streams -= 1
        if not watched.streams and self.games.get(pk) is watched:
            del self.games[pk]

    async def poll(self) -> None:
        thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="live-poller")
        read = sync_to_async(self.read, thread_sensitive=False, executor=thread)
        hear = sync_to_async(heard_from_all, thread_sensitive=False, executor=thread)
        try:
            while self.games:
                await asyncio.sleep(POLL)
                if not self.games:
                    break
                try:
                    if self.heard:
                        seats, self.heard = self.heard, set()
                        await hear(seats)
                    asked = list(self.games)
                    rows = await read(asked)
                except DatabaseError as error:
                    if not self.failing:
                        logger.warning("Reading the games' versions failed (%s): retrying", error)
                    self.failing = True
                    continue
                if self.failing:
                    logger.warning("Reading the games' versions works again")
                    self.failing = False
                self.update(rows, asked)
        finally:
            # No await from the loop's last look at self.games to here, so a stream that
            # starts now finds no task and starts a new one.
            self.task = None
            thread.submit(close_connection)
            thread.shutdown(wait=False)
            if self.games:  # the poller failed: end its streams, their browsers come back
                for watched in self.games.values():
                    watched.gone = True
                    watched.wake()
                self.games = {}

    def wake_all(self) -> None:
        for watched in self.games.values():
            watched.wake()

    def update(self, rows: Iterable[tuple[int, int, bool]], asked: Iterable[int]) -> None:
        """What the poller read of the rows it ``asked`` for. A row first watched while it
        read was not asked for, and is not taken for deleted."""
        found = set()
        for pk, version, over in rows:
            found.add(pk)
            if watched := self.games.get(pk):
                watched.moved_to(version, over)
        for pk in set(asked) - found:
            if watched := self.games.get(pk):  # deleted: nothing more will come
                watched.gone = True
                watched.wake()


# One watcher a running event loop and reader: asyncio's events and tasks belong to one loop.
watchers: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[Reader, Watcher]] = (
    weakref.WeakKeyDictionary()
)


def watcher(read: Reader = read_versions) -> Watcher:
    loop = asyncio.get_running_loop()
    mine = watchers.setdefault(loop, {})
    if read not in mine:
        mine[read] = Watcher(read)
    return mine[read]


@dataclass(eq=False)
class Stream:
    """One open stream: the game it watches, and whether it has been told to end."""

    watched: Watched
    ended: bool = False

    def end(self) -> None:
        self.ended = True
        self.watched.wake()


class Streams:
    """The streams open on one event loop (a worker): at most ``settings.LIVE_STREAMS`` of
    them, well under the worker's cap on connections so that pages are still answered when
    they are all open, and at most A_VISITOR a visitor and game, the oldest ended first."""

    def __init__(self) -> None:
        self.open = 0
        self.by_visitor: dict[tuple, deque[Stream]] = {}
        self.stopping = False
        self.full = False
        self.refused = 0  # since the worker started
        self.refused_before = 0  # when it last began refusing

    def room(self) -> bool:
        """Whether a new stream may open; refusals counted, and logged when they begin and
        when they end, not once a stream."""
        cap = settings.LIVE_STREAMS
        if self.open < cap:
            if self.full and self.open < cap * 0.9:
                self.full = False
                logger.warning(
                    "Down to %d live streams: taking new ones again (%d refused)",
                    self.open,
                    self.refused - self.refused_before,
                )
            return True
        if not self.full:
            self.full, self.refused_before = True, self.refused
            logger.warning("Holding %d live streams, this worker's cap: new ones get a 503", cap)
        self.refused += 1
        return False

    def opened(self, stream: Stream, visitor: tuple | None) -> None:
        self.open += 1
        if visitor is None:
            return
        mine = self.by_visitor.setdefault(visitor, deque())
        mine.append(stream)
        while len(mine) > A_VISITOR:
            mine.popleft().end()

    def closed(self, stream: Stream, visitor: tuple | None) -> None:
        self.open -= 1
        if visitor is None or (mine := self.by_visitor.get(visitor)) is None:
            return
        with contextlib.suppress(ValueError):  # already ended as the oldest
            mine.remove(stream)
        if not mine:
            del self.by_visitor[visitor]


loops: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Streams] = weakref.WeakKeyDictionary()


def open_streams() -> Streams:
    """This event loop's streams."""
    return loops.setdefault(asyncio.get_running_loop(), Streams())


def stop() -> None:
    """End every stream on this event loop at once, and any opened after: the worker is
    stopping (peabody/server.py, on SIGTERM). Each browser opens a new stream after RETRY,
    with the Last-Event-ID it had, on a worker still serving."""
    open_streams().stopping = True
    for watcher_ in watchers.get(asyncio.get_running_loop(), {}).values():
        watcher_.wake_all()


def moved(version: int) -> str:
    return f"event: moved\nid: {version}\ndata: {version}\n\n"


def last_seen(request: Request) -> int:
    """The version this device last heard of: the id of the last event its EventSource had
    (sent when it comes back), else the version its page was drawn at."""
    for given in (request.headers.get("Last-Event-ID"), request.GET.get("since")):
        if given and given.isascii() and given.isdigit():
            return int(given)
    return 0


def access(request: Request, public_id: str) -> tuple[int, int, bool, int | None]:
    """The game's key, version and whether it is over for good, if it is this visitor's;
    and at a table with a device each, this device's seat (its row's key), now heard from."""
    try:
        game = (
            Game.objects.for_request(request)
            .only("pk", "version", "end_seen", "devices", "bot_levels")
            .get(public_id=public_id)
        )
    except Game.DoesNotExist:
        # A friend's device whose seat a bot plays now: told the game moved, it draws its
        # board again and finds the page that says so (games.views.seat_taken); nothing
        # more will move for it.
        left = Game.objects.left_by(request).only("pk", "version").filter(public_id=public_id)
        if gone := left.first():
            return gone.pk, gone.version, True, None
        raise Http404("No such game") from None
    seat = None
    if game.devices and not game.end_seen:
        number = game.device_seat(request)
        row = game.seat_row(number)
        seat = row.pk if row is not None else None
        heard_from(seat)
    return game.pk, game.version, game.end_seen, seat


def heard_from(seat: int | None) -> None:
    """The device at ``seat`` (a Seat's key) is there now: games.models.Seat.seen."""
    if seat is not None:
        Seat.objects.filter(pk=seat).update(seen=timezone.now())


def heard_from_all(seats: set[int]) -> None:
    """The devices at ``seats`` are there now: written together by the poller, on its own
    thread and connection, so an open stream holds neither a thread nor a connection."""
    Seat.objects.filter(pk__in=seats).update(seen=timezone.now())


async def stream(
    pk: int,
    version: int,
    over: bool,
    seen: int,
    seat: int | None = None,
    read: Reader = read_versions,
    visitor: tuple | None = None,
) -> AsyncIterator[str]:
    """The stream itself, all on the event loop: while it waits it holds no thread, only
    its place in its game's watch. It ends when the game is over, after LIFETIME, when its
    visitor opens one too many (A_VISITOR) and when the worker stops."""
    streams = open_streams()
    if streams.stopping:  # this worker is stopping: ask the next one
        yield f"retry: {RETRY}\n\n"
        return
    live = watcher(read)
    watched = live.watch(pk, version, over)
    me = Stream(watched)
    streams.opened(me, visitor)
    try:
        yield f"retry: {RETRY}\n\n"
        clock = asyncio.get_running_loop().time
        ends = clock() + LIFETIME
        said = heard = clock()
        while True:
            if seat is not None and clock() >= heard + HEARD_EVERY:
                live.heard.add(seat)  # the poller writes it with the others due
                heard = clock()
            if watched.version > seen:
                seen = watched.version
                yield moved(seen)
                said = clock()
            if watched.over or watched.gone or me.ended or streams.stopping or clock() >= ends:
                return
            await watched.wait(min(said + QUIET, ends) - clock())
            if watched.version <= seen and clock() >= said + QUIET:
                yield ": still here\n\n"
                said = clock()
    finally:
        # Also when the client goes: the handler cancels this at its await.
        streams.closed(me, visitor)
        live.unwatch(pk, watched)


@require_GET
async def events(request: Request, public_id: str) -> HttpResponseBase:
    """The game's moves as they are saved, for a page drawn at version ``since``."""
    pk, version, over, seat = await sync_to_async(access)(request, public_id)
    return respond(request, pk, version, over, seat=seat)


def respond(
    request: Request,
    pk: int,
    version: int,
    over: bool,
    read: Reader = read_versions,
    seat: int | None = None,
) -> HttpResponseBase:
    """The stream of row ``pk`` (a game, or what ``read`` reads), now at ``version``, for a
    visitor allowed to watch it; a 503 that says when to ask again if this worker holds all
    the streams it may."""
    seen = last_seen(request)
    if over and seen >= version:
        # An EventSource told 204 stops asking again: this game will never move.
        return HttpResponse(status=204, headers=HEADERS)
    if not isinstance(request, ASGIRequest):
        # Served through WSGI (runserver, the tests' live server) a stream would hold a
        # thread, or be read to its end before a byte was sent: what is new now, at once,
        # and the browser asks again after RETRY.
        news = moved(version) if version > seen else ""
        return HttpResponse(f"retry: {RETRY}\n\n{news}", content_type=EVENT_STREAM, headers=HEADERS)
    if not open_streams().room():
        busy = HEADERS | {"Retry-After": str(BUSY_RETRY)}
        refused = HttpResponse("Busy: try again later.", status=503, headers=busy)
        # Logged by room() when refusing begins and ends: not by Django once a stream.
        refused._has_been_logged = True  # type: ignore[attr-defined]
        return refused
    session = request.session.session_key
    visitor = (read, pk, session) if session else None
    return StreamingHttpResponse(
        stream(pk, version, over, seen, seat, read, visitor),
        content_type=EVENT_STREAM,
        headers=HEADERS,
    )
