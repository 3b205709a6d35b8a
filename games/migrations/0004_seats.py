"""A game's people sit in Seat rows, so that several can play one game: each child's game
moves its child to seat rows; the peek and the steps to tell are kept for each seat."""

import django.db.models.deletion
from django.db import migrations, models


def to_seats(apps, schema_editor) -> None:
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    for game in Game.objects.iterator():
        if game.child_id is not None:
            Seat.objects.create(game=game, number=game.human_seat, child_id=game.child_id)
        seats = range(game.players)
        game.peeked = [game.peeked_hole if s == game.human_seat else 0 for s in seats]
        game.last_steps = [game.last_steps if s == game.human_seat else [] for s in seats]
        game.save(update_fields=["peeked", "last_steps"])


def from_seats(apps, schema_editor) -> None:
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    for game in Game.objects.iterator():
        seat = game.human_seat or 0
        first = Seat.objects.filter(game=game, number=seat).first()
        game.child_id = first.child_id if first else None
        game.human_seat = seat
        game.peeked_hole = game.peeked[seat] if seat < len(game.peeked) else 0
        game.last_steps = game.last_steps[seat] if seat < len(game.last_steps) else []
        game.save(update_fields=["child", "human_seat", "peeked_hole", "last_steps"])


class Migration(migrations.Migration):
    dependencies = [
        ("families", "0001_initial"),
        ("games", "0003_practice_questions"),
    ]

    operations = [
        migrations.CreateModel(
            name="Seat",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveSmallIntegerField()),
                (
                    "child",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="seats",
                        to="families.child",
                    ),
                ),
                (
                    "game",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="seats",
                        to="games.game",
                    ),
                ),
            ],
            options={
                "ordering": ["number"],
            },
        ),
        migrations.AddConstraint(
            model_name="seat",
            constraint=models.UniqueConstraint(fields=("game", "number"), name="one_person_a_seat"),
        ),
        migrations.AddConstraint(
            model_name="seat",
            constraint=models.UniqueConstraint(fields=("game", "child"), name="one_seat_a_child"),
        ),
        migrations.AddField(
            model_name="game",
            name="peeked",
            field=models.JSONField(default=list),
        ),
        migrations.AlterField(
            model_name="game",
            name="human_seat",
            field=models.PositiveSmallIntegerField(default=0, null=True),
        ),
        migrations.RunPython(to_seats, from_seats),
        migrations.RemoveField(
            model_name="game",
            name="child",
        ),
        migrations.RemoveField(
            model_name="game",
            name="peeked_hole",
        ),
        migrations.AddField(
            model_name="game",
            name="children",
            field=models.ManyToManyField(
                blank=True, related_name="games", through="games.Seat", to="families.child"
            ),
        ),
    ]
