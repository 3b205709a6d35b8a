"""A game keeps what the lists of games show in columns of its own beside the snapshot: the
hole being played, whether the game is over, whether everyone has seen its end, and each
finished hole's scores. /play/ and the family's progress page then read rows, not snapshots.

The games saved until now get theirs from their snapshot, read here as the JSON it is, so
that a later change to the table's code cannot change what this migration does. Every
snapshot saved so far was written by engine version 1, in the shape read here.
"""

from django.db import migrations, models


def listed(snapshot: dict) -> dict:
    """games.models.listed, read from a snapshot's JSON: the table's ``stage`` is OVER once
    the game is over and every hole's scores have been seen."""
    state = snapshot["state"]
    results = state["results"]
    finished = state["phase"] == "over"
    return {
        "hole": state["hole"],
        "finished": finished,
        "end_seen": finished and len(results) <= snapshot["holes_seen"],
        "scores": [result["scores"] for result in results],
    }


def fill(apps, schema_editor) -> None:
    Game = apps.get_model("games", "Game")
    fields = ["hole", "finished", "end_seen", "scores"]
    batch = []
    for game in Game.objects.only("pk", "snapshot").iterator(chunk_size=500):
        for name, value in listed(game.snapshot).items():
            setattr(game, name, value)
        batch.append(game)
        if len(batch) == 500:
            Game.objects.bulk_update(batch, fields)
            batch = []
    Game.objects.bulk_update(batch, fields)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0005_table_snapshot"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="hole",
            field=models.PositiveSmallIntegerField(default=1),
        ),
        migrations.AddField(
            model_name="game",
            name="finished",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="game",
            name="end_seen",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="game",
            name="scores",
            field=models.JSONField(default=list),
        ),
        # Going back drops the columns; the snapshots are as they were.
        migrations.RunPython(fill, migrations.RunPython.noop, elidable=False),
    ]
