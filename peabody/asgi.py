"""The production server's application (`make serve`): Django's WSGI application served by
gunicorn's asgi worker, one request after another on one thread a worker.

The worker reads every request on an event loop, so a client that sends its request slowly
holds only a socket, never the thread that runs the views. asgiref's WsgiToAsgi runs the
WSGI application on one thread (so on one database connection, which is what SQLite's single
writer wants) once the whole request is in. It goes back to the event loop for each part of
the answer it sends, though: three times for a page. Here the thread keeps the answer and
the event loop sends it when the thread is done, so a request crosses over and back once.
That is what keeps a move as quick as under gthread, which cannot hold slow clients
(README, "Serving", has the figures). Our answers are small pages and files (WhiteNoise's
largest is htmx, 50 kB), so holding one whole in memory costs nothing worth saying.

Django's own ASGI handler would do the same job with more crossings still, and then run
each request on a thread of its own with a database connection of its own.
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


class OneThreadAWorker(WsgiToAsgi):
    def __init__(self, wsgi_application, streams: ASGIHandler) -> None:
        super().__init__(wsgi_application)
        self.streams = streams

    async def __call__(self, scope: dict, receive, send) -> None:
        # A game's live stream (games/live.py) stays open for minutes: Django's ASGI
        # handler holds it on the event loop; on the views' one thread it would stop the
        # worker's every other page.
        if scope["type"] == "http" and scope["path"].endswith(LIVE):
            await self.streams(scope, receive, send)
            return
        await OneCrossing(self.wsgi_application, self.duplicate_header_limit)(scope, receive, send)


LIVE = "/live/"
application = OneThreadAWorker(get_wsgi_application(), ASGIHandler())
