"""A consistent copy of the site's SQLite database, taken while the site runs: written with
SQLite's online backup API into a new file named for the time (UTC), checked, and kept in
the backups folder (BACKUPS_DIR, or backups/ beside the database) or in DEST. --keep N then
deletes all but the newest N backups there. Schedule it nightly, and run it before an
upgrade. A site on PostgreSQL is backed up with pg_dump instead (SCHOOLS.md, "Backups")."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DEFAULT_DB_ALIAS, connections

from peabody.backups import (
    BackupError,
    backups_folder,
    database_file,
    new_backup_path,
    prune,
    readable_size,
    write_backup,
)


class Command(BaseCommand):
    help = __doc__

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "dest", nargs="?", help="the folder to write the backup in (made if need be)"
        )
        parser.add_argument(
            "--keep", type=int, metavar="N", help="then keep only the newest N backups there"
        )

    def handle(self, *args, dest: str | None = None, keep: int | None = None, **options) -> None:
        if keep is not None and keep < 1:
            raise CommandError("--keep needs a number of backups, 1 or more.")
        try:
            database = database_file(connections[DEFAULT_DB_ALIAS].settings_dict)
            folder = Path(dest) if dest else backups_folder(database)
            made = write_backup(database, new_backup_path(folder))
            deleted = prune(folder, keep) if keep else []
        except BackupError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(
            f"Backed up {database}\n"
            f"to {made.path}\n"
            f"({readable_size(made.size)}, {made.games_said}); "
            "SQLite checked the copy and found it whole."
        )
        if deleted:
            older = "1 older backup" if len(deleted) == 1 else f"{len(deleted)} older backups"
            self.stdout.write(f"Deleted {older}, keeping the newest {keep} in {folder}.")
