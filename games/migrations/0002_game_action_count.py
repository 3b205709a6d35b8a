from django.db import migrations, models


def count_actions(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    for game in Game.objects.only("actions").iterator():
        Game.objects.filter(pk=game.pk).update(action_count=len(game.actions))


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]

    operations = [
        migrations.AddField(
            model_name="game",
            name="action_count",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.RunPython(count_actions, migrations.RunPython.noop),
    ]
