"""A class answer says whether it was right, set as it is saved: a device answers a question
once, so it is that device's first try. Answers saved before say not right; none lives past
two hours."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("classes", "0002_class_session"),
    ]

    operations = [
        migrations.AddField(
            model_name="classanswer",
            name="right",
            field=models.BooleanField(default=False),
        ),
    ]
