"""The class session and its answers get names of their own: "lesson" meant three things."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("classes", "0001_initial"),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="answer", name="answer_once"),
        migrations.RenameModel(old_name="Lesson", new_name="ClassSession"),
        migrations.RenameModel(old_name="Answer", new_name="ClassAnswer"),
        migrations.RenameField(
            model_name="classanswer", old_name="lesson", new_name="class_session"
        ),
        migrations.AlterField(
            model_name="classsession",
            name="game",
            field=models.OneToOneField(
                on_delete=django.db.models.deletion.CASCADE,
                related_name="class_session",
                to="games.game",
            ),
        ),
        migrations.AddConstraint(
            model_name="classanswer",
            constraint=models.UniqueConstraint(
                fields=("class_session", "question", "device"), name="answer_once"
            ),
        ),
    ]
