import secrets
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.utils import translation

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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked two_servers run on PostgreSQL only: on SQLite, one machine's servers
    share the database as a file, which is no test of two machines sharing one."""
    if connection.vendor == "postgresql":
        return
    skip = pytest.mark.skip(
        reason="needs PostgreSQL: run with DATABASE_URL=postgres://... (CI does)"
    )
    for item in items:
        if item.get_closest_marker("two_servers"):
            item.add_marker(skip)


def database_url() -> str:
    """The test database, as a URL the servers' settings read."""
    db = connection.settings_dict
    user = urllib.parse.quote(db["USER"]) + (
        ":" + urllib.parse.quote(db["PASSWORD"]) if db["PASSWORD"] else ""
    )
    return f"postgres://{user}@{db['HOST'] or 'localhost'}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.fixture(scope="session")
def prepared_for_servers(django_db_setup, tmp_path_factory: pytest.TempPathFactory) -> None:
    """The test database and the static files made ready for servers, once a session: the
    database is made and migrated by the test set-up, and the static files do not change
    while the tests run (collecting them takes 10 s)."""
    run.prepare(run.environment(tmp_path_factory.mktemp("servers"), database_url()))


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
