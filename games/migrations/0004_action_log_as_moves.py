import django.db.models.deletion
from django.db import migrations, models


def copy_logs(apps, schema_editor):
    """Every game keeps its log: each saved action becomes a Move, in order."""
    Game = apps.get_model("games", "Game")
    Move = apps.get_model("games", "Move")
    for game in Game.objects.only("actions").iterator():
        Move.objects.bulk_create(
            Move(game=game, number=n, kind=a["kind"], pos=a.get("pos"))
            for n, a in enumerate(game.actions)
        )


def copy_moves_back(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Move = apps.get_model("games", "Move")
    for game in Game.objects.iterator():
        moves = Move.objects.filter(game=game).order_by("number")
        game.actions = [
            {"kind": m.kind} if m.pos is None else {"kind": m.kind, "pos": m.pos} for m in moves
        ]
        game.save(update_fields=["actions"])


class Migration(migrations.Migration):
    dependencies = [("games", "0003_guest_key_from_session")]

    operations = [
        migrations.CreateModel(
            name="Move",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveIntegerField()),
                ("kind", models.CharField(max_length=16)),
                ("pos", models.PositiveSmallIntegerField(null=True)),
                (
                    "game",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="moves",
                        to="games.game",
                    ),
                ),
            ],
            options={
                "ordering": ["game", "number"],
                "constraints": [
                    models.UniqueConstraint(fields=("game", "number"), name="one_move_per_number")
                ],
            },
        ),
        migrations.RunPython(copy_logs, copy_moves_back),
        migrations.RemoveField(model_name="game", name="actions"),
    ]
