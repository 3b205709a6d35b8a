"""`make loadtest`: a school's worth of simulated children against a real server.

Starts gunicorn on 127.0.0.1 as production runs it (DEBUG off, collected static files served
by WhiteNoise) on a fresh SQLite file, runs Locust headless against it with the children
of tests/load/locustfile.py, prints a table per request type and stops all it started.

    python tests/load/run.py --children 600 --run-time 90
    python tests/load/run.py --flat-out    # no waiting: the most moves per second
    python tests/load/run.py --tables 300  # family tables: 2 to 4 devices each, live streams
    python tests/load/run.py --children 800 --kids  # each in kid mode, logged in
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[2]
if str(BASE_DIR) not in sys.path:  # run as a script, from tests/load/
    sys.path.insert(0, str(BASE_DIR))

from tests.load.slow_clients import slow_clients  # noqa: E402

LOCUSTFILE = Path(__file__).with_name("locustfile.py")
FAMILIES = Path(__file__).with_name("families.py")
MOST_CHILDREN = 5000
MOST_TABLES = 1500
LONGEST_RUN = 1800  # seconds
FLAT_OUT_HOME_PAGES = 2  # FlatOutHomePage.fixed_count in the locustfile
GUNICORN_CONFIG = BASE_DIR / "peabody" / "gunicorn_config.py"
# gunicorn's asgi worker serves the ASGI application (peabody/asgi.py); the others, the WSGI one.
APPS = {"asgi": "peabody.asgi:application"}
# "asgi" is make serve's worker: gunicorn's, with a cap on its connections (peabody/server.py).
WORKER_CLASSES = {"asgi": "peabody.server.BoundedASGIWorker"}


@dataclass(frozen=True)
class Row:
    """One request type's figures, or the "Aggregated" ones of them all; times in ms."""

    # GET, POST; GAME for whole games; at family tables, LIVE for moves heard on other
    # devices and RACE for taps another device made first.
    kind: str
    name: str
    count: int
    failures: int
    per_second: float
    p50: float
    p95: float
    p99: float


@dataclass(frozen=True)
class Summary:
    """What the locustfile writes as Locust stops (its --summary-file)."""

    rows: list[Row]
    failures: list[str]
    short_of_cpu: bool
    requests_sent: int  # ramp-up included, unlike the rows

    @classmethod
    def read(cls, path: Path) -> Summary:
        data = json.loads(path.read_text())
        return cls(**data | {"rows": [Row(**row) for row in data["rows"]]})

    def row(self, name: str) -> Row | None:
        return next((row for row in self.rows if row.name == name), None)


def print_table(rows: list[Row]) -> None:
    print(f"{'request':<26}{'count':>8}{'req/s':>8}{'p50':>8}{'p95':>8}{'p99':>8}{'fails':>7}")
    for row in rows:
        if row.kind in ("GAME", "LIVE", "RACE"):
            continue
        print(
            f"{row.name:<26}{row.count:>8}{row.per_second:>8.1f}{row.p50:>6.0f}ms"
            f"{row.p95:>6.0f}ms{row.p99:>6.0f}ms{row.failures:>7}"
        )
    for row in rows:
        if row.kind == "LIVE":
            print(
                f"a move seen on the other devices (from the mover's answer to their stream's "
                f"event), {row.count - row.failures} times: p50 {row.p50:.0f} ms, p95 "
                f"{row.p95:.0f} ms, p99 {row.p99:.0f} ms; never seen: {row.failures}"
            )
        if row.kind == "RACE":
            print(f"taps on a hole's scores another device made first (409): {row.count}")
    for row in rows:
        if row.kind == "GAME":
            print(
                f"games played to the end: {row.count - row.failures}, each in "
                f"{row.p50 / 1000:.0f} s (median); stuck games: {row.failures}"
            )


def locust_command(
    host: str,
    users: int,
    spawn_rate: float,
    run_time: int,
    summary_file: Path,
    classes: list[str],
    *,
    holes: str | None = None,
    games: int | None = None,
    reset_stats: bool = False,
    watch: bool = True,
    families_file: Path | None = None,
) -> list[str]:
    """The Locust command line. holes, games and families_file are the locustfile's own
    options (each game's length, how many to play before stopping, and the families'
    devices for FamilyTable); with reset_stats, counting starts once every user is in."""
    return [
        sys.executable,
        "-m",
        "locust",
        "--locustfile",
        str(LOCUSTFILE),
        "--headless",
        "--only-summary",
        "--host",
        host,
        "--users",
        str(users),
        "--spawn-rate",
        str(spawn_rate),
        "--run-time",
        f"{run_time}s",
        "--summary-file",
        str(summary_file),
        *(["--holes", holes] if holes else []),
        *(["--games", str(games)] if games else []),
        *(["--reset-stats"] if reset_stats else []),
        *([] if watch else ["--no-watch"]),
        *(["--families-file", str(families_file)] if families_file else []),
        *classes,
    ]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop(process: subprocess.Popen, grace: float) -> None:
    """End a process group started here: politely, then for sure."""
    if process.poll() is not None:
        return
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def cpu_of_ended_children() -> float:
    """CPU seconds used by the processes started here that have ended, and by theirs."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


@dataclass
class Server:
    url: str
    env: dict[str, str]  # its environment: manage.py run with it works on its database
    # Unlike response times, CPU per request hardly changes when other work shares the CPU.
    cpu_seconds: float = 0.0  # known once gunicorn has stopped and reaped its workers
    process: subprocess.Popen | None = None  # gunicorn's master


def environment(
    folder: Path, database_url: str | None = None, secret_key: str | None = None
) -> dict[str, str]:
    """A server's environment: production's settings, on a fresh SQLite database in
    ``folder`` or on the given one."""
    return os.environ | {
        "DEBUG": "0",
        "HTTPS": "0",
        "SECRET_KEY": secret_key or f"loadtest-only-{secrets.token_hex(16)}",
        "DATABASE_URL": database_url or f"sqlite:///{folder / 'load.sqlite3'}",
        "ALLOWED_HOSTS": "127.0.0.1",
    }


def prepare(env: dict[str, str]) -> None:
    """What make serve does before it starts gunicorn: the database migrated, its cache
    table made, the static files collected."""
    manage = [sys.executable, "manage.py"]
    setup = (["migrate", "--noinput"], ["createcachetable"], ["collectstatic", "--noinput"])
    for command in setup:
        subprocess.run([*manage, *command, "--verbosity", "0"], cwd=BASE_DIR, env=env, check=True)


@contextmanager
def server(
    folder: Path,
    workers: int,
    worker_class: str,
    threads: int,
    database_url: str | None = None,
    secret_key: str | None = None,
    options: Sequence[str] = (),
    *,
    prepared: bool = False,
) -> Iterator[Server]:
    """gunicorn serving the site as production runs it, on a fresh SQLite database or on
    the given one. Servers that share a database share a secret key too: it signs the
    sessions they keep there. ``prepared``: the database is migrated and the static files
    collected already (``prepare``, which takes 10 s), so the server starts at once."""
    env = environment(folder, database_url, secret_key)
    if not prepared:
        prepare(env)
    port = free_port()
    log = folder / "gunicorn.log"
    command = gunicorn_command(port, workers, worker_class, threads, options)
    process = start_gunicorn(command, env, log)
    served = Server(f"http://127.0.0.1:{port}", env, process=process)
    try:
        wait_until_up(served.url, process, log)
        yield served
    finally:
        before = cpu_of_ended_children()
        stop(process, grace=10)
        served.cpu_seconds = cpu_of_ended_children() - before
        lines = log.read_text().splitlines()
        # A worker at its cap on connections (peabody/server.py) answers new ones 503.
        if full := [line for line in lines if "new ones get a 503" in line]:
            print(f"\nA worker reached its cap on connections {len(full)} times:", file=sys.stderr)
            print(*full[:5], sep="\n", file=sys.stderr)
        errors = [line for line in lines if " ERROR " in line]
        if errors:
            print(f"\nThe server logged {len(errors)} errors; the log ends:", file=sys.stderr)
            print(*log.read_text().splitlines()[-40:], sep="\n", file=sys.stderr)


def gunicorn_command(
    port: int, workers: int, worker_class: str, threads: int, options: Sequence[str] = ()
) -> list[str]:
    """make serve's gunicorn (peabody/gunicorn_config.py) on 127.0.0.1:``port``, with these
    changed."""
    return [
        *[sys.executable, "-m", "gunicorn", "--config", str(GUNICORN_CONFIG)],
        APPS.get(worker_class, "peabody.wsgi:application"),
        *["--bind", f"127.0.0.1:{port}", "--workers", str(workers)],
        *["--worker-class", WORKER_CLASSES.get(worker_class, worker_class)],
        *["--threads", str(threads), *options],
    ]


def start_gunicorn(command: list[str], env: dict[str, str], log: Path) -> subprocess.Popen:
    """gunicorn started in a process group of its own (its master and workers, which
    ``stop`` ends together), what it says added to ``log``."""
    with open(log, "a") as output:
        return subprocess.Popen(
            command, cwd=BASE_DIR, env=env, stdout=output, stderr=output, start_new_session=True
        )


def wait_until_up(url: str, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit(f"gunicorn stopped at start-up:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    sys.exit(f"gunicorn did not answer {url} within 30 s")


def make_families(served: Server, tables: int, path: Path, children_each: int | None = None) -> int:
    """A family for each table in the server's database, its devices logged in
    (tests/load/families.py), written to ``path`` for the locustfile; how many devices.
    Each family has ``children_each`` children, by default one, two or three in turn."""
    with open(path, "w") as output:
        command = [sys.executable, str(FAMILIES), "--tables", str(tables)]
        if children_each is not None:
            command += ["--children-each", str(children_each)]
        subprocess.run(command, cwd=BASE_DIR, env=served.env, stdout=output, check=True)
    families = json.loads(path.read_text())["families"]
    return sum(1 + len(family["children"]) for family in families)


def run_locust(command: list[str], run_time: int, log: Path) -> int:
    """Run Locust to the end, or until Ctrl-C; what it prints goes to the log."""
    with open(log, "w") as output:
        locust = subprocess.Popen(
            command, cwd=BASE_DIR, stdout=output, stderr=output, start_new_session=True
        )
    try:
        return locust.wait(timeout=run_time + 60)
    except subprocess.TimeoutExpired:
        print("Locust did not stop on time.", file=sys.stderr)
        return 1
    finally:
        stop(locust, grace=10)


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--children", type=int, help="simulated children (default 600; 16 flat out)"
    )
    parser.add_argument("--run-time", type=int, default=90, help="seconds, ramp-up included")
    parser.add_argument("--ramp-up", type=int, help="seconds to bring every child in (default 30)")
    parser.add_argument("--flat-out", action="store_true", help="no waiting between moves")
    parser.add_argument(
        "--tables",
        type=int,
        help="family tables instead of children: 2 to 4 devices each, each with a live stream",
    )
    parser.add_argument(
        "--kids",
        action="store_true",
        help="the children play in kid mode, each on their family's own device, logged in",
    )
    parser.add_argument(
        "--no-watch",
        dest="watch",
        action="store_false",
        help="2 to 4 s between moves, without first watching the bots' moves play",
    )
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    # By default what make serve runs (peabody/gunicorn_config.py, which says why). Earlier,
    # with 500 children watching on this 2-core machine: sync workers close the connection
    # after each request, so every move paid for a new one; gthread with 8 threads a worker
    # put the move p95 at 820-910 ms against 130 ms with one thread (the threads waited on
    # SQLite's write lock). With one thread a worker, though, two slow clients stop the site.
    parser.add_argument(
        "--worker-class", choices=["asgi", "gthread", "gevent", "sync"], default="asgi"
    )
    parser.add_argument("--threads", type=int, default=1, help="threads per gthread worker")
    parser.add_argument(
        "--slow-clients",
        type=int,
        default=0,
        help="connections that trickle a body or never end their headers, all run long",
    )
    parser.add_argument(
        "--database-url",
        help="serve from this database (e.g. an empty PostgreSQL one), not a fresh SQLite file",
    )
    args = parser.parse_args(argv)
    if args.children is None:
        args.children = 16 if args.flat_out else 600
    if args.ramp_up is None:
        args.ramp_up = 2 if args.flat_out else 30
    if not 1 <= args.children <= MOST_CHILDREN:
        parser.error(f"--children must be between 1 and {MOST_CHILDREN}")
    if args.tables is not None and not 1 <= args.tables <= MOST_TABLES:
        parser.error(f"--tables must be between 1 and {MOST_TABLES}")
    if args.tables and args.flat_out:
        parser.error("--tables plays with a child's think time: not with --flat-out")
    if args.kids and (args.tables or args.flat_out):
        parser.error("--kids is for --children: not with --tables or --flat-out")
    if not 5 <= args.run_time <= LONGEST_RUN:
        parser.error(f"--run-time must be between 5 and {LONGEST_RUN} seconds")
    if not 1 <= args.ramp_up < args.run_time:
        parser.error("--ramp-up must be at least 1 second and shorter than the run")
    return args


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    # Ctrl-C sends SIGINT, a supervisor SIGTERM: either ends the run the same way, through
    # the finally blocks that stop gunicorn and Locust, and the figures so far are printed.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    with tempfile.TemporaryDirectory(prefix="peabody-load-") as name:
        folder = Path(name)
        summary_file = folder / "summary.json"
        with server(
            folder, args.workers, args.worker_class, args.threads, args.database_url
        ) as served:
            families_file = None
            if args.flat_out:
                users, classes = (
                    args.children + FLAT_OUT_HOME_PAGES,
                    ["FlatOutChild", "FlatOutHomePage"],
                )
            elif args.tables:
                users, classes = args.tables, ["FamilyTable"]
                families_file = folder / "families.json"
                devices = make_families(served, args.tables, families_file)
            elif args.kids:
                users, classes = args.children, ["KidModeChild"]
                families_file = folder / "families.json"
                make_families(served, args.children, families_file, children_each=1)
            else:
                users, classes = args.children, ["PlayingChild"]
            command = locust_command(
                served.url,
                users,
                users / args.ramp_up,
                args.run_time,
                summary_file,
                classes,
                reset_stats=True,
                watch=args.watch,
                families_file=families_file,
            )
            if args.flat_out:
                what = "flat out"
            elif args.watch:
                what = "watching the bots' moves, then 2 to 4 s before each move"
            else:
                what = "2 to 4 s between moves"
            threads = f"{args.threads} thread" + ("" if args.threads == 1 else "s")
            who = f"{args.children} children ({what})"
            if args.kids:
                who = f"{args.children} children in kid mode on their family's device ({what})"
            if args.tables:
                who = (
                    f"{args.tables} family tables of 2 to 4 ({devices} devices, each with a "
                    "live stream, 2 to 4 s before each move)"
                )
            print(
                f"{who} for {args.run_time} s against gunicorn "
                f"({args.workers} {args.worker_class} workers"
                + (f", {threads} each" if args.worker_class == "gthread" else "")
                + f") at {served.url}; figures are from after the {args.ramp_up} s ramp-up.",
                flush=True,
            )
            if args.slow_clients:
                print(f"Meanwhile {args.slow_clients} slow clients hold connections open.")
            before = cpu_of_ended_children()
            try:
                with slow_clients(served.url, args.slow_clients):
                    returncode = run_locust(command, args.run_time, folder / "locust.log")
            except KeyboardInterrupt:
                print("\nStopped early.", file=sys.stderr)
                returncode = 130
            locust_cpu_seconds = cpu_of_ended_children() - before
        if not summary_file.exists():
            print("Locust left no figures; it said:", file=sys.stderr)
            print((folder / "locust.log").read_text()[-4000:], file=sys.stderr)
            return returncode or 1
        summary = Summary.read(summary_file)
        print()
        print_table(summary.rows)
        if sent := summary.requests_sent:
            print(
                f"CPU for all {sent} requests, start-up and ramp-up included: the server "
                f"{served.cpu_seconds:.0f} s ({1000 * served.cpu_seconds / sent:.1f} ms a "
                f"request), Locust {locust_cpu_seconds:.0f} s "
                f"({1000 * locust_cpu_seconds / sent:.1f} ms a request)"
            )
        if summary.failures:
            print("\nFailures:", *summary.failures, sep="\n")
        if summary.short_of_cpu:
            print("\nLocust ran short of CPU: the times include its own delays.")
    return returncode


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        sys.exit("\nStopped.")
