import json
import os
import random
import secrets
import shutil
import socket
import tempfile
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.core.servers.basehttp import ThreadedWSGIServer
from django.db import connection
from django.utils import translation
from pytest_django.live_server_helper import LiveServer

from tests.load import run

# The key of the servers that share the test database: they share the sessions kept there.
# A test that makes sessions for them reads it from a server's env["SECRET_KEY"].
TWO_SERVERS_KEY = f"two-servers-test-only-{secrets.token_hex(16)}"


@pytest.fixture(autouse=True)
def english_unless_asked() -> None:
    """Each test starts in English. A request to a Spanish page leaves Spanish switched on
    in the thread that served it (LocaleMiddleware switches at the start of each request,
    never back at its end), and words made outside a request would follow it."""
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def known_deals(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test deals the same games on every run: a new game's seed comes from the test's
    own name, one after another, rather than from chance. A test that fails on some deal
    fails each time, not one run in a few hundred (as a family table whose one hole asked
    only one of the two children did in CI). A test that wants a deal sets new_seed itself."""
    from games import models

    deals = random.Random(request.node.nodeid)
    monkeypatch.setattr(models, "new_seed", lambda: deals.getrandbits(48))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked two_servers run on PostgreSQL only: on SQLite, one machine's servers
    share the database as a file, which is no test of two machines sharing one. On a
    pytest-xdist worker, the groups of tests that must share a worker are written down for
    the scheduler (pytest_xdist_make_scheduler)."""
    skip = pytest.mark.skip(
        reason="needs PostgreSQL: run with DATABASE_URL=postgres://... (CI does)"
    )
    for item in items:
        if item.get_closest_marker("two_servers") and connection.vendor != "postgresql":
            item.add_marker(skip)
    if written := getattr(config, "workerinput", {}).get(GROUPS_FILE):
        groups = {item.nodeid: group for item in items if (group := one_worker(item))}
        Path(written).write_text(json.dumps(groups))


SERVERS = Path(__file__).parent / "servers"


def one_worker(item: pytest.Item) -> str | None:
    """The name of the tests ``item`` must share a worker with, one after another; None
    for a test that may run on any."""
    # make serve and run.prepare() collect the static files into the project's staticfiles/
    # (STATIC_ROOT, one folder whatever the worker): two at once write over each other.
    if SERVERS in item.path.parents or {"two_servers", "prepared_for_servers"} & set(
        item.fixturenames
    ):
        return "servers"
    # A module-scoped fixture is made once a worker: one that keeps a record of its module's
    # tests (test_play_in_chromium.py's heights file) must see every one of them.
    for name, fixtures in item._fixtureinfo.name2fixturedefs.items():
        if fixtures and fixtures[-1].scope == "module":
            return f"{item.path.name}:{name}"
    return None


# make test runs the tests on pytest-xdist's workers, --dist loadgroup (pyproject.toml): a
# group's tests go to one worker. pytest-xdist 3.8 puts a test's group in its id, which
# pytest 9.2 no longer lets it change (pytest-xdist issue 1386), and would spread a group's
# tests like any others; so each worker writes the groups it collected to a file, which
# this scheduler reads.
GROUPS = pytest.StashKey[Path]()
GROUPS_FILE = "peabody_groups_file"


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node) -> None:
    """Where this worker writes its tests' groups."""
    if GROUPS not in node.config.stash:
        node.config.stash[GROUPS] = Path(tempfile.mkdtemp(prefix="pytest-groups-"))
    node.workerinput[GROUPS_FILE] = str(node.config.stash[GROUPS] / f"{node.gateway.id}.json")


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log):
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class Grouped(LoadScopeScheduling):
        """A group's tests as one piece of work, any other test as a piece of its own."""

        groups: dict[str, str] | None = None

        def _split_scope(self, nodeid: str) -> str:
            if self.groups is None:  # every worker has written its file by now
                self.groups = {}
                for written in config.stash[GROUPS].glob("*.json"):
                    self.groups |= json.loads(written.read_text())
            return self.groups.get(nodeid, nodeid)

    return Grouped(config, log)


def pytest_unconfigure(config: pytest.Config) -> None:
    if folder := config.stash.get(GROUPS, None):
        shutil.rmtree(folder, ignore_errors=True)


class QueueingServer(ThreadedWSGIServer):
    """Django's test server, with as long a queue of connections not yet accepted as the
    system allows. Django's own is short: tabs opening pages at once (a family table, a
    class's devices) overflowed it on a busy machine, and a connection dropped there is
    only tried again a second later (docs/testing.md)."""

    request_queue_size = socket.SOMAXCONN


@pytest.fixture(scope="session")
def live_server(request: pytest.FixtureRequest) -> Iterator[LiveServer]:
    """pytest-django's live server (on a free port, one for each worker), a QueueingServer."""
    address = (
        request.config.getvalue("liveserver")
        or os.environ.get("DJANGO_LIVE_TEST_SERVER_ADDRESS")
        or "localhost"
    )
    server = LiveServer(address, start=False)
    server.thread.server_class = QueueingServer
    server.start()
    yield server
    server.stop()


def database_url() -> str:
    """The test database, as a URL the servers' settings read."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":  # a file (peabody/settings.py), which servers can open
        return f"sqlite:///{db['NAME']}"
    user = urllib.parse.quote(db["USER"]) + (
        ":" + urllib.parse.quote(db["PASSWORD"]) if db["PASSWORD"] else ""
    )
    return f"postgres://{user}@{db['HOST'] or 'localhost'}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.fixture(scope="session")
def prepared_for_servers(django_db_setup, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The test database and the static files made ready for servers, once a session: the
    database is made and migrated by the test set-up, and the static files do not change
    while the tests run (collecting them takes 10 s). Gives the database's URL."""
    url = database_url()
    run.prepare(run.environment(tmp_path_factory.mktemp("servers"), url))
    return url


@pytest.fixture
def two_servers(
    tmp_path: Path, transactional_db, prepared_for_servers
) -> Iterator[tuple[run.Server, run.Server]]:
    """Two app servers as `make serve` runs them (tests/load/run.py: gunicorn with one asgi
    worker each, DEBUG off) on the test database, whose rows the test commits for them to
    see. Their key is TWO_SERVERS_KEY."""
    url = database_url()
    for name in "ab":
        (tmp_path / name).mkdir()
    with (
        run.server(tmp_path / "a", 1, "asgi", 1, url, TWO_SERVERS_KEY, prepared=True) as a,
        run.server(tmp_path / "b", 1, "asgi", 1, url, TWO_SERVERS_KEY, prepared=True) as b,
    ):
        yield a, b
