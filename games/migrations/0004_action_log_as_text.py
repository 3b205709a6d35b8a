from django.db import migrations, models


def as_text(action: dict) -> str:
    # games.engine.Action.__str__, frozen here as it was when the log moved.
    return action["kind"] if action.get("pos") is None else f"{action['kind']}:{action['pos']}"


def as_json(text: str) -> dict:
    kind, _, pos = text.partition(":")
    return {"kind": kind, "pos": int(pos)} if pos else {"kind": kind}


def log_to_text(apps, schema_editor):
    """Every game keeps its log, in order: the JSON list becomes one line of moves."""
    Game = apps.get_model("games", "Game")
    for game in Game.objects.only("actions").iterator():
        game.moves = "".join(f" {as_text(a)}" for a in game.actions)
        game.save(update_fields=["moves"])


def log_to_json(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    for game in Game.objects.only("moves").iterator():
        game.actions = [as_json(text) for text in game.moves.split()]
        game.save(update_fields=["actions"])


class Migration(migrations.Migration):
    dependencies = [("games", "0003_guest_key_from_session")]

    operations = [
        migrations.AddField(
            model_name="game",
            name="moves",
            field=models.TextField(blank=True, default=""),
        ),
        migrations.RunPython(log_to_text, log_to_json),
        migrations.RemoveField(model_name="game", name="actions"),
    ]
