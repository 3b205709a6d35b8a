import hashlib

from django.contrib.sessions.backends.db import SessionStore
from django.db import migrations

# The session entry guest games used to be found by.
OLD_SESSION_ENTRY = "guest_key"


def key_games_by_session(apps, schema_editor):
    """Games in play keep their owner: each old guest key becomes the hash of the session
    that held it (games.models.guest_key_of_session), and the session no longer needs it."""
    Game = apps.get_model("games", "Game")
    Session = apps.get_model("sessions", "Session")
    decode = SessionStore().decode
    for session in Session.objects.iterator():
        data = decode(session.session_data)
        old = data.pop(OLD_SESSION_ENTRY, None)
        if old is None:
            continue
        new = hashlib.sha256(session.session_key.encode()).hexdigest()
        Game.objects.filter(guest_key=old).update(guest_key=new)
        data["plays_as_guest"] = True
        session.session_data = SessionStore().encode(data)
        session.save(update_fields=["session_data"])


class Migration(migrations.Migration):
    dependencies = [("games", "0002_game_action_count"), ("sessions", "0001_initial")]

    operations = [migrations.RunPython(key_games_by_session, migrations.RunPython.noop)]
