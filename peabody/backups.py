"""Backups of the embedded default, a SQLite file (`manage.py backup` and `manage.py
restore`). Every copy goes through SQLite's online backup API, never a file copy: it reads a
consistent picture of the database while the site goes on writing to it (WAL), and writes
into a database file that others may have open. A copy is checked before it counts.

A site on PostgreSQL is backed up with pg_dump instead (SCHOOLS.md, "Backups").
"""

from __future__ import annotations

import os
import re
import sqlite3
from collections.abc import Mapping
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from django.conf import settings

# peabody-20261207-023000.sqlite3, in UTC; a second one in the same second gets "-2".
BACKUP_NAME = re.compile(r"peabody-(\d{8}-\d{6})(?:-(\d+))?\.sqlite3")
SUFFIX = ".sqlite3"
# A table only a Django database has, and an app only this project has.
MIGRATIONS_TABLE = "django_migrations"
OUR_APP, OUR_TABLE = "games", "games_game"


class BackupError(Exception):
    """Something a grown-up running the server must hear about; said in plain words."""


class RestoreFailed(BackupError):
    """A restore that went wrong after the backup was copied in: the database changed."""


@dataclass(frozen=True)
class Checked:
    """A database file found whole and from this project."""

    path: Path
    size: int
    games: int

    @property
    def games_said(self) -> str:
        return "1 game" if self.games == 1 else f"{self.games} games"


def database_file(database: Mapping[str, Any]) -> Path:
    """The file of a database as Django's settings describe it (a connection's
    settings_dict); BackupError for anything but a SQLite file, with the command to use."""
    engine = database.get("ENGINE", "")
    if engine == "django.db.backends.postgresql":
        raise BackupError(
            "This site's database is PostgreSQL: back it up with pg_dump, for example\n"
            f"  {pg_dump_command(database)}\n"
            'and restore with pg_restore (SCHOOLS.md, "Backups").'
        )
    if engine != "django.db.backends.sqlite3":
        raise BackupError(f"manage.py backup knows SQLite only, and this database is {engine}.")
    name = str(database.get("NAME", ""))
    if not name or name == ":memory:" or name.startswith("file:"):
        raise BackupError(f"The database is not a file on disk ({name or 'no name'}).")
    return Path(name)


def pg_dump_command(database: Mapping[str, Any]) -> str:
    """The pg_dump command that backs up this PostgreSQL database into one file; the
    password is left out (pg_dump asks for it, or reads PGPASSWORD or ~/.pgpass)."""
    parts = ["pg_dump", "--format=custom", "--file=peabody-$(date +%F).dump"]
    if database.get("HOST"):
        parts.append(f"--host={database['HOST']}")
    if database.get("PORT"):
        parts.append(f"--port={database['PORT']}")
    if database.get("USER"):
        parts.append(f"--username={database['USER']}")
    parts.append(str(database.get("NAME", "")))
    return " ".join(parts)


def backups_folder(database: Path) -> Path:
    """Where backups go unless told: BACKUPS_DIR if set, else a backups folder beside the
    database file."""
    chosen = getattr(settings, "BACKUPS_DIR", "")
    return Path(chosen) if chosen else database.parent / "backups"


def new_backup_path(folder: Path, kind: str = "peabody", now: datetime | None = None) -> Path:
    """A name for a new backup in ``folder``, from the time in UTC, that no file has yet;
    ``kind`` "before-restore" for the database a restore kept aside."""
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%d-%H%M%S")
    path, number = folder / f"{kind}-{stamp}{SUFFIX}", 1
    while path.exists():
        number += 1
        path = folder / f"{kind}-{stamp}-{number}{SUFFIX}"
    return path


def backups_in(folder: Path) -> list[Path]:
    """The backups `manage.py backup` made in ``folder``, oldest first. Any other file
    (one kept aside by a restore, one put there by hand) is not among them."""

    def order(path: Path) -> tuple[str, int]:
        found = BACKUP_NAME.fullmatch(path.name)
        assert found is not None
        return found.group(1), int(found.group(2) or 1)

    if not folder.is_dir():
        return []
    return sorted((p for p in folder.iterdir() if BACKUP_NAME.fullmatch(p.name)), key=order)


def prune(folder: Path, keep: int) -> list[Path]:
    """Delete all but the newest ``keep`` backups in ``folder``; the ones deleted."""
    old = backups_in(folder)[:-keep] if keep > 0 else []
    for path in old:
        path.unlink()
    return old


def copy_database(source: Path, target: Path) -> None:
    """Copy the database at ``source`` into ``target`` with SQLite's backup API. The copy
    is one consistent moment of the source, whatever is writing to it meanwhile; into a
    database that is open elsewhere, its readers see the whole copy or none of it."""
    try:
        with (
            closing(sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)) as src,
            closing(sqlite3.connect(target, timeout=20)) as dst,
        ):
            src.backup(dst)
    except sqlite3.Error as error:  # the copy is one transaction: a failed one left nothing
        raise BackupError(f"Could not copy {source} into {target} ({error}).") from error


def write_backup(database: Path, target: Path) -> Checked:
    """A checked backup of ``database`` at ``target``: written beside it under a temporary
    name first, so that a failed or broken copy is never left looking like a backup. The
    copy is one self-contained file (no -wal beside it), readable by its owner only, as the
    folder it is in: it holds everything the site knows about the children."""
    if not database.is_file():
        raise BackupError(f"There is no database at {database}.")
    target.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    try:
        partial.touch(mode=0o600)
        copy_database(database, partial)
        with closing(sqlite3.connect(partial)) as copy:
            copy.execute("PRAGMA journal_mode=DELETE")
        check(partial)
        partial.replace(target)
    finally:
        partial.unlink(missing_ok=True)
    return check(target)


def check(path: Path) -> Checked:
    """``path`` read as a database of this project: BackupError unless SQLite finds it
    whole (PRAGMA integrity_check) and it holds Django's record of migrations, this
    project's among them. It is opened read-only: checking changes nothing."""
    if not path.is_file():
        raise BackupError(f"There is no file at {path}.")
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as db:
            said = [row[0] for row in db.execute("PRAGMA integrity_check")]
            if said != ["ok"]:
                # Each problem on its line, without the heading SQLite puts over them.
                lines = "\n".join(said).splitlines()
                problems = [line for line in lines if not line.startswith("*** ")]
                raise BackupError(f"{path} is damaged: {'; '.join(problems[:3])}.")
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
            if MIGRATIONS_TABLE not in tables:
                raise BackupError(f"{path} is a SQLite database, but not a Django site's.")
            ours = db.execute("SELECT 1 FROM django_migrations WHERE app = ?", [OUR_APP])
            if ours.fetchone() is None or OUR_TABLE not in tables:
                raise BackupError(f"{path} is a Django site's database, but not Peabody Golf's.")
            (games,) = db.execute(f"SELECT count(*) FROM {OUR_TABLE}").fetchone()
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{path} is not a database SQLite can read ({error}).") from error
    return Checked(path, path.stat().st_size, games)


def restore(backup: Path, database: Path, aside_folder: Path) -> Path | None:
    """Put the checked ``backup`` in place of ``database``, after keeping a checked copy of
    the database as it is in ``aside_folder``; that copy's path (None when there was no
    database yet). A copy that fails its check stops the restore before anything changes."""
    check(backup)
    if database.exists() and backup.resolve() == database.resolve():
        raise BackupError(f"{backup} is the database itself.")
    aside = None
    if database.is_file():
        aside = new_backup_path(aside_folder, "before-restore")
        try:
            write_backup(database, aside)
        except BackupError as error:
            raise BackupError(
                f"The database as it is now could not be kept aside: {error}\n"
                "If it is damaged, move it away yourself (with any -wal and -shm file beside "
                "it) and restore again: with no database there, there is nothing to keep."
            ) from error
    else:
        database.parent.mkdir(parents=True, exist_ok=True)
        os.close(os.open(database, os.O_CREAT | os.O_WRONLY, 0o600))
    copy_database(backup, database)
    try:
        check(database)
    except BackupError as error:
        kept = f" The database as it was is kept at {aside}." if aside else ""
        raise RestoreFailed(f"The restored database fails its check: {error}{kept}") from error
    return aside


def readable_size(size: int) -> str:
    """A file's size as a person reads it: 812 bytes, 48.2 KB, 3.1 MB."""
    value, unit = float(size), "bytes"
    for larger in ("KB", "MB", "GB"):
        if value < 1000:
            break
        value, unit = value / 1000, larger
    return f"{size} bytes" if unit == "bytes" else f"{value:.1f} {unit}"
