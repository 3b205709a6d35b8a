"""A saved game keeps the table as one snapshot, and every move in its log.

Games saved before it (the engine's actions in the log, the table's state in six columns) can
only be converted by playing them again with the code of their day, which a migration may not
import. So this one converts none: a database without games goes on; one with them stops here,
before any change, naming the commit to upgrade through first (docs/upgrading.md).
"""

from django.core.management.base import CommandError
from django.db import migrations
from django.db.migrations.exceptions import IrreversibleError

# The last commit whose 0005 converts the games saved the old way.
CONVERTS_OLD_GAMES = "dc21dfe"


def refuse_old_games(apps, schema_editor) -> None:
    """Going on is only for a database with no game: none can be converted here."""
    if apps.get_model("games", "Game").objects.exists():
        raise CommandError(
            "This database holds games saved before games.0005_table_snapshot, which this "
            f"version cannot convert. Upgrade through commit {CONVERTS_OLD_GAMES} first, "
            "then to this one: see docs/upgrading.md."
        )


def refuse_with_games(apps, schema_editor) -> None:
    """Going back is only for a database with no game: an old row cannot hold a table."""
    if apps.get_model("games", "Game").objects.exists():
        raise IrreversibleError("Games saved as tables cannot be saved the old way again.")


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0004_seats"),
    ]

    operations = [
        migrations.RunPython(refuse_old_games, refuse_with_games, elidable=False),
        migrations.RemoveField(model_name="game", name="human_seat"),
        migrations.RemoveField(model_name="game", name="action_count"),
        migrations.RemoveField(model_name="game", name="peeked"),
        migrations.RemoveField(model_name="game", name="holes_seen"),
        migrations.RemoveField(model_name="game", name="questions_done"),
        migrations.RemoveField(model_name="game", name="wrong_tries"),
        migrations.RemoveField(model_name="game", name="last_steps"),
    ]
