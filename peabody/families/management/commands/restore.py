"""Put a backup made by `manage.py backup` in place of the site's SQLite database. The file
is checked first (SQLite finds it whole, and it is this project's database); the database
as it is now is kept aside in the backups folder, so nothing is lost; then the backup is
copied in with SQLite's backup API. It changes nothing without --yes: it says what it would
do. Stop the site first, and start it again after (make serve migrates the database, in
case the backup is from an older version)."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DEFAULT_DB_ALIAS, connections

from peabody.backups import (
    BackupError,
    Checked,
    RestoreFailed,
    backups_folder,
    check,
    database_file,
    readable_size,
    restore,
)


class Command(BaseCommand):
    help = __doc__

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the backup to restore, e.g. backups/peabody-….sqlite3")
        parser.add_argument(
            "--yes", action="store_true", help="go ahead: replace the database with the backup"
        )

    def handle(self, *args, file: str, yes: bool = False, **options) -> None:
        try:
            database = database_file(connections[DEFAULT_DB_ALIAS].settings_dict)
            backup = check(Path(file))
            aside_folder = backups_folder(database)
            if not yes:
                raise CommandError(self.plan(backup, database, aside_folder))
            # Django's own connection holds nothing open while the file changes under it.
            connections[DEFAULT_DB_ALIAS].close()
            aside = restore(backup.path, database, aside_folder)
        except RestoreFailed as error:
            raise CommandError(str(error)) from error
        except BackupError as error:
            raise CommandError(f"{error}\nNothing was changed.") from error
        if aside is not None:
            self.stdout.write(f"Kept the database as it was at {aside}.")
        self.stdout.write(
            f"Restored {backup.path} into {database} ({readable_size(backup.size)}, "
            f"{backup.games_said}); SQLite checked it and found it whole.\n"
            "Start the site again: make serve migrates the database first, in case the "
            "backup is from an older version."
        )

    def plan(self, backup: Checked, database: Path, aside_folder: Path) -> str:
        """What a restore of ``backup`` would do, said before anything is done."""
        now = (
            f"The database at {database} would be kept first in {aside_folder}, then "
            if database.exists()
            else f"There is no database at {database} yet: "
        )
        return (
            f"{backup.path} is a whole Peabody Golf database with {backup.games_said}.\n"
            f"{now}replaced by that backup.\n"
            "Nothing was changed. Stop the site, then run this again with --yes to go ahead."
        )
