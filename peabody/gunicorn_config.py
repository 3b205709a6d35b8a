"""gunicorn's settings for the production server: `make serve`, which runs
`gunicorn -c peabody/gunicorn_config.py`. Each can be changed by an environment variable.

The worker class is gunicorn's own asgi worker, chosen by measurement (docs/serving.md):
it reads every request on an event loop, so a connection that sends its request slowly
holds nothing but a socket, and peabody/asgi.py runs all of a worker's requests on one
thread, which on SQLite is what keeps moves quick (threads would only wait on each other
for the write lock).
"""

import os
from typing import Any

wsgi_app = "peabody.asgi:application"
# gunicorn's asgi worker with a cap on the connections it holds (peabody/server.py).
worker_class = "peabody.server.BoundedASGIWorker"
# Past this many connections (and below the open-files limit) a worker answers a new one
# with a short 503. A connection is only a socket on the event loop: far more than the
# children one worker serves at once.
worker_connections = int(os.environ.get("WORKER_CONNECTIONS", "1000"))
# Django has no start-up or shut-down of its own to run: no ASGI lifespan messages.
asgi_lifespan = "off"
bind = os.environ.get("BIND", "127.0.0.1:8000")
# One worker per core: each runs one view at a time.
workers = int(os.environ.get("WEB_CONCURRENCY", os.cpu_count() or 1))
# Longer than a child's pause between moves (watching the bots' moves, then thinking), so a
# connection is not closed just as the next move is sent on it.
keepalive = 30
# A request's headers must arrive within this many seconds, or the connection is closed.
timeout = 30


def when_ready(server: Any) -> None:
    """A control socket (for gunicornc) per server. gunicorn's is one per user, so a second
    server on the same machine took over the first one's, and deleted it on stopping. The
    name comes from the addresses gunicorn has bound, not from BIND: `--bind` on the command
    line (tests/load/run.py, or anyone starting gunicorn by hand) wins over this file, and a
    port of 0 is only known once bound. gunicorn starts the control socket after this hook;
    one chosen with `--control-socket` is kept."""
    setting = server.cfg.settings["control_socket"]
    if server.cfg.control_socket != setting.default:
        return
    addresses = "+".join(str(listener).split("://")[-1] for listener in server.LISTENERS)
    name = f"peabody-{addresses.replace('/', '_')}.ctl"
    server.cfg.set("control_socket", os.path.join(os.path.dirname(setting.default), name))
