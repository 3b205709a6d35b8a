"""A game's live news (games.live), read as the other devices read it: through Django's ASGI
handler (the async test client), whose answer is a stream. The poller reads the versions on
a thread of its own, so the tests that stream see the database as other connections do
(transaction=True)."""

import asyncio
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import aclosing
from datetime import datetime

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.conf import settings
from django.db import connection
from django.test import AsyncClient, Client
from django.urls import reverse

from games import live
from games.models import Game, Seat
from games.table import ANSWER, Stage, legal_moves, stage
from peabody import server
from peabody.asgi import Streams
from tests.builders import own
from tests.factories import ChildFactory, GameFactory, ParentFactory

streams = pytest.mark.django_db(transaction=True)
RETRY = "retry: 1000\n\n"


def moved(version: int) -> str:
    return f"event: moved\nid: {version}\ndata: {version}\n\n"


def run(scenario: Callable[[], Awaitable[None]]) -> None:
    """Run ``scenario`` to its end, on a thread of its own as a server's event loop: the
    browser tests' Playwright leaves an event loop running in the test's own thread, where
    async_to_sync refuses to start another (CI runs the tests in a random order). Its
    database reads see only what was committed: the tests that use it are transactional."""
    with ThreadPoolExecutor(1) as loop:
        loop.submit(async_to_sync(scenario)).result()


def play_on(game: Game, rng: random.Random | None = None) -> int:
    """One move of the person at the table (and the bots' after it), saved; the new version."""
    move = (rng or random.Random(0)).choice(legal_moves(game.table))
    if move.kind == ANSWER and move.value is None:
        move = move._replace(value=0)
    game.play(move)
    return game.version


async def next_part(content: AsyncIterator[bytes], seconds: float = 2.0) -> str:
    return (await asyncio.wait_for(anext(content), seconds)).decode()


async def let_go(streams: list[AsyncIterator[bytes]]) -> int:
    """Close open streams as Django's ASGI handler does when their clients go (it cancels
    the wait); how many had ended already."""
    waiting = [asyncio.ensure_future(anext(content)) for content in streams]
    await asyncio.sleep(0.1)
    ended = sum(1 for part in waiting if part.done())
    for part in waiting:
        part.cancel()
    await asyncio.gather(*waiting, return_exceptions=True)
    return ended


def live_url(game: Game, since: int | None = None) -> str:
    url = reverse("games:live", args=[game.public_id])
    return url if since is None else f"{url}?since={since}"


@pytest.fixture
def game(async_client: AsyncClient) -> Game:
    return own(async_client, GameFactory())


@streams
def test_a_game_that_moved_since_the_page_was_drawn_is_told_at_once(
    async_client: AsyncClient, game: Game
) -> None:
    drawn = game.version
    now = play_on(game)

    async def scenario() -> None:
        response = await async_client.get(live_url(game, since=drawn))
        assert response.status_code == 200
        assert response["Content-Type"] == "text/event-stream"
        assert response["Cache-Control"] == "no-store"
        assert response["X-Accel-Buffering"] == "no"
        async with aclosing(response.streaming_content) as content:
            assert await next_part(content) == RETRY
            assert await next_part(content) == moved(now)

    run(scenario)


@streams
def test_a_move_saved_while_connected_reaches_the_stream(
    async_client: AsyncClient, game: Game
) -> None:
    async def scenario() -> None:
        response = await async_client.get(live_url(game, since=game.version))
        async with aclosing(response.streaming_content) as content:
            assert await next_part(content) == RETRY
            now = await sync_to_async(play_on)(game)
            assert await next_part(content) == moved(now)
            later = await sync_to_async(play_on)(game)
            assert await next_part(content) == moved(later)

    run(scenario)


@streams
def test_a_stream_hears_only_of_its_own_game(
    async_client: AsyncClient, game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live, "QUIET", 0.5)
    other = own(async_client, GameFactory())

    async def scenario() -> None:
        response = await async_client.get(live_url(game, since=game.version))
        still = await async_client.get(live_url(other, since=other.version))
        async with (
            aclosing(response.streaming_content) as content,
            aclosing(still.streaming_content) as quiet,
        ):
            assert await next_part(content) == RETRY
            assert await next_part(quiet) == RETRY
            now = await sync_to_async(play_on)(game)
            assert await next_part(content) == moved(now)
            assert await next_part(quiet) == ": still here\n\n"

    run(scenario)


@streams
def test_the_last_event_a_device_had_wins_over_the_version_its_page_was_drawn_at(
    async_client: AsyncClient, game: Game
) -> None:
    play_on(game)
    had = game.version

    async def scenario() -> None:
        # A device coming back: its page was drawn at 0, its EventSource heard of ``had``.
        response = await async_client.get(
            live_url(game, since=0), headers={"Last-Event-ID": str(had)}
        )
        async with aclosing(response.streaming_content) as content:
            assert await next_part(content) == RETRY
            now = await sync_to_async(play_on)(game)
            assert await next_part(content) == moved(now)  # not moved(had) first

    run(scenario)


@streams
def test_a_quiet_stream_says_it_is_still_there(
    async_client: AsyncClient, game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live, "QUIET", 0.2)

    async def scenario() -> None:
        response = await async_client.get(live_url(game, since=game.version))
        async with aclosing(response.streaming_content) as content:
            assert await next_part(content) == RETRY
            assert await next_part(content) == ": still here\n\n"
            assert await next_part(content) == ": still here\n\n"

    run(scenario)


@streams
def test_a_stream_ends_after_its_lifetime_for_the_browser_to_open_another(
    async_client: AsyncClient, game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live, "LIFETIME", 0.3)

    async def scenario() -> None:
        response = await async_client.get(live_url(game, since=game.version))
        async with aclosing(response.streaming_content) as content:
            assert await next_part(content) == RETRY
            with pytest.raises(StopAsyncIteration):
                await next_part(content)

    run(scenario)


@streams
def test_a_visitors_stream_past_a_few_on_one_game_ends_the_oldest(
    async_client: AsyncClient, game: Game
) -> None:
    """A tab reloaded opens a new stream before the browser lets the old one go."""

    async def scenario() -> None:
        opened = []
        for _ in range(live.A_VISITOR + 1):
            response = await async_client.get(live_url(game, since=game.version))
            content = aiter(response.streaming_content)
            assert await next_part(content) == RETRY
            opened.append(content)
        oldest, *newer = opened
        with pytest.raises(StopAsyncIteration):
            await next_part(oldest)
        assert live.open_streams().open == live.A_VISITOR
        assert await let_go(newer) == 0  # the newer ones were still open
        assert live.open_streams().open == 0

    run(scenario)


@streams
def test_past_the_workers_cap_a_stream_is_refused_kindly_counted_and_logged_once(
    async_client: AsyncClient, settings, caplog: pytest.LogCaptureFixture
) -> None:
    settings.LIVE_STREAMS = 2
    games = [own(async_client, GameFactory()) for _ in range(4)]

    async def scenario() -> None:
        held = []
        for game in games[:2]:
            response = await async_client.get(live_url(game, since=game.version))
            content = aiter(response.streaming_content)
            assert await next_part(content) == RETRY
            held.append(content)
        refused = [await async_client.get(live_url(game)) for game in games[2:]]
        for response in refused:
            assert response.status_code == 503
            assert response["Retry-After"] == str(live.BUSY_RETRY)
            assert response["Cache-Control"] == "no-store"
        assert live.open_streams().refused == 2
        await let_go(held)
        again = await async_client.get(live_url(games[3], since=games[3].version))
        async with aclosing(again.streaming_content) as content:
            assert await next_part(content) == RETRY

    run(scenario)
    said = [record.getMessage() for record in caplog.records if record.name == "games.live"]
    assert said == [
        "Holding 2 live streams, this worker's cap: new ones get a 503",
        "Down to 0 live streams: taking new ones again (2 refused)",
    ]


def test_the_browser_waits_as_long_as_a_refused_stream_is_told() -> None:
    script = (settings.BASE_DIR / "static" / "js" / "live.js").read_text()
    assert f"var BUSY = {live.BUSY_RETRY * 1000};" in script
    assert f"Retry-After: {live.BUSY_RETRY}".encode() in server.BUSY


@streams
def test_a_worker_stopping_ends_every_stream_at_once_and_any_opened_after(
    async_client: AsyncClient, game: Game
) -> None:
    """On SIGTERM (peabody/server.py): each browser opens its stream again, on a worker
    still serving, with the Last-Event-ID it had."""
    other = own(async_client, GameFactory())

    async def scenario() -> None:
        opened = []
        for watched in (game, game, other):
            response = await async_client.get(live_url(watched, since=watched.version))
            content = aiter(response.streaming_content)
            assert await next_part(content) == RETRY
            opened.append(content)
        live.stop()
        for content in opened:
            with pytest.raises(StopAsyncIteration):
                await next_part(content)
        late = await async_client.get(live_url(game, since=game.version))
        async with aclosing(late.streaming_content) as content:
            assert await next_part(content) == RETRY
            with pytest.raises(StopAsyncIteration):
                await next_part(content)
        assert live.open_streams().open == 0

    run(scenario)


@streams
def test_a_finished_game_sends_its_last_move_then_ends_and_is_not_asked_again(
    async_client: AsyncClient,
) -> None:
    game = own(async_client, GameFactory(preset="easy4", questions=False))
    rng = random.Random(1)
    while stage(game.table) != Stage.OVER:
        play_on(game, rng)
    last = game.version

    async def scenario() -> None:
        response = await async_client.get(live_url(game, since=0))
        async with aclosing(response.streaming_content) as content:
            assert await next_part(content) == RETRY
            assert await next_part(content) == moved(last)
            with pytest.raises(StopAsyncIteration):
                await next_part(content)
        # The browser comes back with the last event it had: told there is nothing more.
        again = await async_client.get(live_url(game), headers={"Last-Event-ID": str(last)})
        assert again.status_code == 204

    run(scenario)


@streams
def test_a_stream_its_browser_closed_is_no_longer_watched(
    async_client: AsyncClient, game: Game
) -> None:
    async def scenario() -> None:
        response = await async_client.get(live_url(game, since=game.version))
        content = response.streaming_content
        assert await next_part(content) == RETRY
        waiting = asyncio.ensure_future(anext(content))
        await asyncio.sleep(0.1)
        assert game.pk in live.watcher().games
        waiting.cancel()  # as Django's ASGI handler does when the client goes
        await asyncio.gather(waiting, return_exceptions=True)
        assert game.pk not in live.watcher().games
        async with asyncio.timeout(2):  # the poller stops with nothing to watch
            while live.watcher().task is not None:
                await asyncio.sleep(0.05)

    run(scenario)


@streams
@pytest.mark.parametrize("whose", ["another browser's", "a made-up id", "a malformed id"])
def test_a_game_not_this_browsers_is_not_found(async_client: AsyncClient, whose: str) -> None:
    game = GameFactory()  # its own guest key, another browser's
    url = {
        "another browser's": live_url(game),
        "a made-up id": reverse("games:live", args=["A" * 16]),
        "a malformed id": live_url(game).replace(game.public_id, "not!an!id"),
    }[whose]
    own(async_client, GameFactory())  # this browser has a game of its own

    async def scenario() -> None:
        response = await async_client.get(url)
        assert response.status_code == 404

    run(scenario)


@pytest.mark.django_db
def test_served_through_wsgi_the_answer_is_what_is_new_and_the_browser_asks_again(
    client: Client,
) -> None:
    game = own(client, GameFactory())
    drawn = game.version

    response = client.get(live_url(game, since=drawn))
    assert response["Content-Type"] == "text/event-stream"
    assert response.content.decode() == RETRY

    now = play_on(game)
    response = client.get(live_url(game), headers={"Last-Event-ID": str(drawn)})
    assert response.content.decode() == RETRY + moved(now)


def database_connections() -> int:
    """The connections open to the tests' PostgreSQL database, from anywhere."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()")
        return cursor.fetchone()[0]


@streams
def test_a_devices_open_stream_marks_its_seat_as_there_and_holds_no_database_connection(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The other devices learn a device is gone from its seat's last word (Seat.seen); each
    open stream must not keep a database connection for that (900 devices, PostgreSQL's
    100). Served as the production server serves it (peabody.asgi.Streams)."""
    monkeypatch.setattr(live, "HEARD_EVERY", 0.1)
    monkeypatch.setattr(live, "QUIET", 0.1)  # the stream looks at the clock this often
    parent = ParentFactory()
    grown_up = Client()
    grown_up.force_login(parent)
    seats = {"seat_1": ChildFactory(parent=parent).pk, "seat_2": "grown-up"}
    table = {"mode": "classic6", "bots": "1", "level": "gentle", "holes": "1", "where": "each"}
    grown_up.post(reverse("kids:together"), table | seats)
    game = Game.objects.get()
    cookie = (
        f"{settings.SESSION_COOKIE_NAME}={grown_up.cookies[settings.SESSION_COOKIE_NAME].value}"
    )
    path = live_url(game)
    request = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": f"since={game.version}".encode(),
        "root_path": "",
        "headers": [(b"host", b"testserver"), (b"cookie", cookie.encode())],
        "client": ("127.0.0.1", 5000),
        "server": ("testserver", 80),
    }
    on_postgresql = connection.vendor == "postgresql"
    sent: list[dict] = []

    def open_stream() -> asyncio.Future:
        asked = iter([{"type": "http.request", "body": b""}])

        async def receive() -> dict:
            if message := next(asked, None):
                return message
            await asyncio.sleep(60)  # the browser stays
            return {"type": "http.disconnect"}

        async def send(message: dict) -> None:
            sent.append(message)

        return asyncio.ensure_future(Streams()(request, receive, send))

    async def scenario() -> None:
        streams = [open_stream()]
        await asyncio.sleep(0.3)
        first, one_open = await sync_to_async(look, thread_sensitive=False)()
        # Two more streams (as many as a visitor may hold): no connection more for them.
        streams += [open_stream(), open_stream()]
        await asyncio.sleep(0.3)
        then, three_open = await sync_to_async(look, thread_sensitive=False)()
        for stream in streams:
            stream.cancel()
        assert sent[0]["status"] == 200
        assert first is not None and then > first  # heard from again while open
        if on_postgresql:  # the look's own, the poller's and the views' thread's, as before
            assert three_open == one_open

    def look() -> tuple[datetime | None, int]:
        try:
            seen = Seat.objects.get(number=1).seen
            return seen, database_connections() if on_postgresql else 0
        finally:
            connection.close()  # this thread's, opened for the look

    run(scenario)


def test_a_game_first_watched_while_the_poller_read_is_not_taken_for_deleted() -> None:
    """Many streams opening at once: one that starts while the versions are being read is
    not among the rows asked for, and must not be ended as if its game had gone."""
    watcher = live.Watcher()
    watcher.games = {1: live.Watched(3, False), 2: live.Watched(5, False)}
    watcher.games[3] = live.Watched(0, False)  # watched while the read ran

    watcher.update([(1, 4, False)], asked=[1, 2])

    assert watcher.games[1].version == 4
    assert watcher.games[2].gone  # asked for and not found: deleted
    assert not watcher.games[3].gone
