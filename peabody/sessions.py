"""Every entry the site keeps in a browser's session, named once here.

The values are what sessions already saved hold: changing one would forget it in every
browser, so a new name is a new entry, never a renamed one.
"""

from django.contrib.auth import SESSION_KEY

# The random key that ties guest games to this browser (games.models.guest_key).
GUEST_KEY = "guest_key"
# The one guest game a double tap's one-time token opened in a browser that had no guest key
# yet (games.models.open_by_token).
OPENED_GAME = "opened_game"
# The child playing in kid mode, by id (peabody.families.kid_mode).
CHILD = "child_id"
# The logged-in parent's id, as django.contrib.auth keeps it.
USER = SESSION_KEY

# The table's switches: every new line read out, and the table's sounds, both on unless
# switched off (reading only where the device has a voice of its own: speech.js). Kid mode
# starts them where the child's profile says.
READ_ALOUD = "read_aloud"
READ_ALOUD_STARTS_ON = True
SOUND = "sound"
SOUND_STARTS_ON = True

# The knock the child was asked about (the game's public id and version), which a second
# Knock then confirms.
KNOCK_ASKED = "knock_asked"
# The public id of this browser's class game, drawn for a projector.
CLASS_GAME = "class_game"
# A child's device in a class (games.classes): its random token, which its answers carry so
# that it answers once, and the lesson it joined with its number there ({"lesson": pk,
# "number": n}), which gives it its picture.
CLASS_DEVICE = "class_device"
CLASS_JOINED = "class_joined"
# The guided first hole (games.guide): the game that is guided, the tips already shown, and
# whether the guide is over.
GUIDE_GAME = "guide_game"
GUIDE_SAID = "guide_said"
GUIDE_DONE = "guide_done"
# The tokens of the friends' seats this browser joined with a code, newest last: the seat
# keeps only a hash of each (games.models.device_keys).
SEAT_TOKENS = "seat_tokens"
# The public ids of the tables where this browser joined a friend's seat, newest last (as
# many as SEAT_TOKENS): once a bot plays that seat, the device is told so kindly
# (games.models.GameQuerySet.left_by), not that there is no such page.
FRIEND_TABLES = "friend_tables"
