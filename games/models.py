"""Saved games: rules, seed, the ordered action log, a snapshot and a version number."""

from __future__ import annotations

import operator
import secrets
from datetime import timedelta
from functools import reduce
from typing import Any

from django.db import models
from django.db.models import F, Q, Value
from django.db.models.functions import Concat
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import cached_property

from games.engine import ENGINE_VERSION, Action, Rules, State, new_game, replay

GUEST_LIFETIME = timedelta(hours=24)
# The session entry that holds this browser's guest key.
GUEST_KEY = "guest_key"
# The session entry that holds the child playing in kid mode (the families app sets it).
CHILD_KEY = "child_id"


def new_public_id() -> str:
    return secrets.token_urlsafe(12)


def new_seed() -> int:
    return secrets.randbits(48)


def guest_key(request: HttpRequest, *, create: bool = False) -> str | None:
    """The key that ties guest games to this browser, or None if it has none yet.

    It is a random token kept in the browser's session on the server, not the session's own
    key: the games table then holds nothing that opens a session, a forged cookie finds no
    session and so no key, and a log-in, which changes the session's key but keeps its data,
    keeps the games too.
    """
    key = request.session.get(GUEST_KEY)
    if key is None and create:
        key = request.session[GUEST_KEY] = secrets.token_hex(32)
    return key


def log_text(actions: list[Action]) -> str:
    """Actions as they are added to a game's log: each with a space before it."""
    return "".join(f" {action}" for action in actions)


class GameQuerySet(models.QuerySet["Game"]):
    def expired(self) -> GameQuerySet:
        """Guest games past their day. A child's games are kept until their grown-up deletes
        them."""
        return self.filter(child=None, created__lt=timezone.now() - GUEST_LIFETIME)

    def for_request(self, request: HttpRequest) -> GameQuerySet:
        """The games this visitor may see and play: the one place ownership is decided.

        That is this browser's guest games of the last day and, in kid mode, the games of the
        child playing, if that child belongs to the parent logged in.
        """
        owned = []
        key = guest_key(request)
        if key:
            owned.append(Q(guest_key=key, created__gte=timezone.now() - GUEST_LIFETIME))
        child_id = request.session.get(CHILD_KEY)
        if child_id is not None and request.user.is_authenticated:
            owned.append(Q(child_id=child_id, child__parent_id=request.user.pk))
        if not owned:
            return self.none()
        return self.filter(reduce(operator.or_, owned))


class Game(models.Model):
    public_id = models.CharField(max_length=32, unique=True, default=new_public_id)
    # A guest's game belongs to a browser by its guest key; a child's game to the child, with
    # an empty guest key, so that it never shows as a guest game.
    guest_key = models.CharField(max_length=64, db_index=True, blank=True)
    child = models.ForeignKey(
        "families.Child", null=True, blank=True, on_delete=models.CASCADE, related_name="games"
    )
    rules = models.JSONField()
    players = models.PositiveSmallIntegerField()
    seed = models.BigIntegerField(default=new_seed)
    human_seat = models.PositiveSmallIntegerField(default=0)
    # One entry per seat: the bot's level, or None for the child's seat.
    bot_levels = models.JSONField()
    # How kind the gentle bots are, from 0 to 1; None for the engine's usual.
    gentleness = models.FloatField(null=True, blank=True)
    # Every action of the game in the order played, each as str(action) with a space before
    # it: " flip:0 flip:4 draw_stock swap:3". With the rules and the seed it is the game:
    # replaying it gives back every position.
    moves = models.TextField(default="", blank=True)
    action_count = models.PositiveIntegerField(default=0)
    # The position the log leads to, as the engine of this version wrote it.
    engine_version = models.PositiveSmallIntegerField(default=ENGINE_VERSION)
    snapshot = models.JSONField()
    # Goes up by one with every accepted request that changes the game.
    version = models.PositiveIntegerField(default=0)
    # The hole whose peek the child has said "I remember them" to (peek-start games).
    peeked_hole = models.PositiveSmallIntegerField(default=0)
    # How many finished holes the child has seen the summary of.
    holes_seen = models.PositiveSmallIntegerField(default=0)
    # Whether the child is asked practice questions after each hole; and, for the hole just
    # finished, how many of its questions are done and how many wrong answers the one being
    # asked has had (games.practice).
    questions = models.BooleanField(default=True)
    questions_done = models.PositiveSmallIntegerField(default=0)
    wrong_tries = models.PositiveSmallIntegerField(default=0)
    # What happened in the latest request, told again when the page is opened later.
    last_steps = models.JSONField(default=list)
    created = models.DateTimeField(default=timezone.now, db_index=True)
    updated = models.DateTimeField(auto_now=True)

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.rules.get('name')} game {self.public_id}"

    def get_absolute_url(self) -> str:
        return reverse("games:play", args=[self.public_id])

    @classmethod
    def start(
        cls,
        rules: Rules,
        bot_levels: list[str],
        guest_key: str = "",
        seed: int | None = None,
        *,
        child: Any = None,
        gentleness: float | None = None,
        questions: bool = True,
    ) -> Game:
        """A new, unsaved game with the child in seat 0 and a bot in every other seat; a
        guest's game if ``guest_key`` is given, else the game of ``child`` (a families.Child)."""
        seed = new_seed() if seed is None else seed
        players = 1 + len(bot_levels)
        return cls(
            guest_key=guest_key,
            child=child,
            gentleness=gentleness,
            questions=questions,
            rules=rules.to_dict(),
            players=players,
            seed=seed,
            human_seat=0,
            bot_levels=[None, *bot_levels],
            snapshot=new_game(rules, players, seed).to_json(),
        )

    @cached_property
    def state(self) -> State:
        """Where the game stands. A snapshot from another engine version is not trusted: the
        position is rebuilt from the rules, seed and log, which replay the same on any."""
        if self.engine_version == ENGINE_VERSION:
            return State.from_json(self.snapshot)
        return replay(self.rules_object, self.players, self.seed, self.action_log)

    def refresh_from_db(self, *args: Any, **kwargs: Any) -> None:
        super().refresh_from_db(*args, **kwargs)
        self.__dict__.pop("state", None)  # read afresh from the new snapshot

    @property
    def is_finished(self) -> bool:
        return self.state.is_over

    @property
    def rules_object(self) -> Rules:
        return Rules.from_dict(self.rules)

    @property
    def action_log(self) -> list[Action]:
        return [Action.from_text(text) for text in self.moves.split()]

    def save_progress(self, state: State, new_actions: list[Action], **fields: Any) -> bool:
        """Store the position reached from this row's version; False if someone got there
        first. The update only matches the version this request started from, so a double
        tap or a second tab can never apply the same move twice."""
        changes = {
            "snapshot": state.to_json(),
            "engine_version": ENGINE_VERSION,
            "updated": timezone.now(),
            **fields,
        }
        added = log_text(new_actions)
        saved = Game.objects.filter(pk=self.pk, version=self.version).update(
            version=F("version") + 1,
            moves=Concat(F("moves"), Value(added)),
            action_count=F("action_count") + len(new_actions),
            **changes,
        )
        if not saved:
            return False
        for name, value in changes.items():
            setattr(self, name, value)
        self.version += 1
        self.moves += added
        self.action_count += len(new_actions)
        self.state = state
        return True
