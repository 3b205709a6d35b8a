"""A snapshot keeps its generator as the number of words drawn from ``Random(seed)`` rather
than as the generator's 625 words: the snapshot shrinks from about 4.5 KB to about 1.2 KB.

Every game's generator is ``Random(seed)`` after some whole number of 32-bit words (each
draw the engine makes takes one), so the count is found exactly; a snapshot whose count
cannot be found stops the migration rather than being changed.
"""

import base64
import random
import struct

from django.db import migrations

MT_WORDS = 624  # the Mersenne Twister's words; its state is these and an index
LIMIT = 10_000_000  # words; a game draws a few thousand


def unpack(text: str) -> tuple[int, ...]:
    raw = base64.b64decode(text)
    return struct.unpack(f"<{len(raw) // 4}I", raw)


def pack(words: tuple[int, ...]) -> str:
    return base64.b64encode(struct.pack(f"<{len(words)}I", *words)).decode("ascii")


def words_used(seed: int, words: tuple[int, ...]) -> int:
    """How many words ``Random(seed)`` must draw to reach these saved words.

    After n words the generator's index is 624 when n is 0, else (n - 1) % 624 + 1, so only
    every 624th count can match; each is checked against the whole state.
    """
    index = words[-1]
    used = 0 if index == MT_WORDS else index
    rng = random.Random(seed)
    if used:
        rng.getrandbits(32 * used)
    while used <= LIMIT:
        if rng.getstate()[1] == words:
            return used
        rng.getrandbits(32 * MT_WORDS)
        used += MT_WORDS
    raise ValueError(f"seed {seed}: this generator is not one the game could have reached")


def to_count(snapshot: dict) -> None:
    _version, text, _gauss = snapshot.pop("rng_state")
    snapshot["rng_used"] = words_used(snapshot["seed"], unpack(text))


def to_words(snapshot: dict) -> None:
    rng = random.Random(snapshot["seed"])
    if used := snapshot.pop("rng_used"):
        rng.getrandbits(32 * used)
    version, words, gauss = rng.getstate()
    snapshot["rng_state"] = [version, pack(words), gauss]


def rewrite(change, old_key):
    """Change every snapshot that still keeps its generator under ``old_key``."""

    def run(apps, schema_editor):
        Game = apps.get_model("games", "Game")
        for game in Game.objects.only("snapshot").iterator():
            if old_key in game.snapshot:
                change(game.snapshot)
                game.save(update_fields=["snapshot"])

    return run


class Migration(migrations.Migration):
    dependencies = [("games", "0004_action_log_as_text")]

    operations = [
        migrations.RunPython(rewrite(to_count, "rng_state"), rewrite(to_words, "rng_used"))
    ]
