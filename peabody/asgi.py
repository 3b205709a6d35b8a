"""The production server's application (`make serve`): Django's WSGI application served by
gunicorn's asgi worker, one request after another on one thread a worker.

The event loop reads each request, so a slow client holds only a socket; the views run on
one thread, with one database connection, as SQLite's single writer wants; the answer is kept
on that thread and sent whole from the loop, so a request crosses over and back once. Live
streams go to Django's ASGI handler, their sync code on that same thread, and are then held
by the event loop alone. Why, and what it was measured against: docs/serving.md.
"""

import asyncio
import os

from asgiref.wsgi import WsgiToAsgi, WsgiToAsgiInstance
from django.core.handlers.asgi import ASGIHandler

from peabody.bad_requests import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "peabody.settings")


class ClientGone(Exception):
    """The client closed its connection before its request was all in."""


class OneCrossing(WsgiToAsgiInstance):
    """One request: read on the event loop, answered on the views' thread, sent on the
    event loop."""

    async def __call__(self, scope: dict, receive, send) -> None:
        async def receive_while_there() -> dict:
            message = await receive()
            if message["type"] == "http.disconnect":
                # asgiref would raise ValueError, logged as an error with its traceback:
                # a slow client giving up is no error of ours. Nothing was run.
                raise ClientGone
            return message

        self.answer: list[dict] = []
        try:
            # Reads the body, then run_wsgi_app().
            await super().__call__(scope, receive_while_there, send)
        except ClientGone:
            return
        for message in self.answer:
            await send(message)

    async def run_wsgi_app(self, body) -> None:
        # asgiref's thread sends each message through sync_send: keep them instead.
        self.sync_send = self.answer.append
        running = asyncio.ensure_future(super().run_wsgi_app(body))
        try:
            await asyncio.shield(running)
        except asyncio.CancelledError:
            # The worker is stopping and cancels what is still running. The views' thread
            # goes on with this request and reads its body, which asgiref closes as soon as
            # this returns: wait for the thread, or the request fails halfway ("I/O operation
            # on closed file", a 500, logged for moves sent during a restart). Its answer is
            # not sent: the connection is closing, and the page asks again.
            await asyncio.wait([running])
            raise


class Streams(ASGIHandler):
    """Django's ASGI handler for the live streams, with their sync code (the middleware, the
    access check) run on the views' one thread, with its one database connection.

    Django's own handler runs each request's sync code on a new thread, kept until the
    answer ends: for a stream, minutes of an idle thread, and a database connection opened
    for each stream (SQLite keeps the file of each one it closes open while other
    connections hold locks on it). Here nothing but the stream's place on the event loop
    lasts: the stream itself is an async generator (games/live.py).
    """

    async def __call__(self, scope: dict, receive, send) -> None:
        # Without a ThreadSensitiveContext, asgiref runs sync_to_async's thread-sensitive
        # calls on its one shared thread: the one WsgiToAsgi runs the views on.
        await self.handle(scope, receive, send)


class OneThreadAWorker(WsgiToAsgi):
    def __init__(self, wsgi_application, streams: ASGIHandler) -> None:
        super().__init__(wsgi_application)
        self.streams = streams

    def stopping(self) -> None:
        """The worker is stopping: every live stream ends now (games.live.stop)."""
        from games import live  # the app's, loaded by the time a worker stops

        live.stop()

    async def __call__(self, scope: dict, receive, send) -> None:
        # A game's live stream (games/live.py) stays open for minutes: Django's ASGI
        # handler holds it on the event loop; on the views' one thread it would stop the
        # worker's every other page. Its access check is a quick view like any other.
        if scope["type"] == "http" and scope["path"].endswith(LIVE):
            await self.streams(scope, receive, send)
            return
        await OneCrossing(self.wsgi_application, self.duplicate_header_limit)(scope, receive, send)


LIVE = "/live/"
application = OneThreadAWorker(get_wsgi_application(), Streams())
