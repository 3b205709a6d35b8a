"""Saved games: rules, seed, the ordered action log, a snapshot and a version number."""

from __future__ import annotations

import operator
import secrets
from collections.abc import Sequence
from datetime import timedelta
from functools import reduce
from typing import Any

from django.db import models
from django.db.models import F, Q, Value
from django.db.models.functions import Concat
from django.db.models.signals import post_delete
from django.dispatch import receiver
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import cached_property

from games.engine import ENGINE_VERSION, Action, Rules, State, new_game, replay
from games.narration import GROWN_UP, YOU, seat_names

GUEST_LIFETIME = timedelta(hours=24)
# More than any child plays in a day; a script starting games without end meets it soon.
GUEST_GAMES_A_DAY = 100
# The session entry that holds this browser's guest key.
GUEST_KEY = "guest_key"
# The session entry that holds the child playing in kid mode (the families app sets it).
CHILD_KEY = "child_id"


def new_public_id() -> str:
    return secrets.token_urlsafe(12)


def new_seed() -> int:
    return secrets.randbits(48)


def guest_key(request: HttpRequest, *, create: bool = False) -> str | None:
    """The key that ties guest games to this browser, or None if it has none yet. With
    ``create``, for a new guest game: raises TooManyGames past the day's limit.

    It is a random token kept in the browser's session on the server, not the session's own
    key: the games table then holds nothing that opens a session, a forged cookie finds no
    session and so no key, and a log-in, which changes the session's key but keeps its data,
    keeps the games too.
    """
    key = request.session.get(GUEST_KEY)
    if key is None and create:
        key = request.session[GUEST_KEY] = secrets.token_hex(32)
    elif (
        create
        and Game.objects.filter(guest_key=key, created__gte=timezone.now() - GUEST_LIFETIME).count()
        >= GUEST_GAMES_A_DAY
    ):
        raise TooManyGames
    if create and not request.user.is_authenticated:
        # A guest's session ends with the newest of their games, a day after it starts.
        request.session.set_expiry(GUEST_LIFETIME)
    return key


class TooManyGames(Exception):
    """This browser has started GUEST_GAMES_A_DAY guest games in the last day."""


def log_text(actions: list[Action]) -> str:
    """Actions as they are added to a game's log: each with a space before it."""
    return "".join(f" {action}" for action in actions)


class GameQuerySet(models.QuerySet["Game"]):
    # Games for several people: the people sit first, so the second seat has no bot.
    TOGETHER = Q(bot_levels__1=None)

    def expired(self) -> GameQuerySet:
        """Guest games past their day. A family's games are kept until their grown-up deletes
        the children who played them."""
        return self.exclude(guest_key="").filter(created__lt=timezone.now() - GUEST_LIFETIME)

    def for_request(self, request: HttpRequest) -> GameQuerySet:
        """The games this visitor may see and play: the one place ownership is decided.

        That is this browser's guest games of the last day and, for a parent logged in, their
        children's games played together on one device; in kid mode instead, the games the
        child playing sits at (their own and those played together), if that child belongs
        to the parent.
        """
        owned = []
        key = guest_key(request)
        if key:
            owned.append(Q(guest_key=key, created__gte=timezone.now() - GUEST_LIFETIME))
        if request.user.is_authenticated:
            family = Seat.objects.filter(child__parent_id=request.user.pk)
            child_id = request.session.get(CHILD_KEY)
            if child_id is None:
                owned.append(Q(pk__in=family.values("game_id")) & self.TOGETHER)
            else:
                owned.append(Q(pk__in=family.filter(child_id=child_id).values("game_id")))
        if not owned:
            return self.none()
        return self.filter(reduce(operator.or_, owned))


class Game(models.Model):
    public_id = models.CharField(max_length=32, unique=True, default=new_public_id)
    # A guest's game belongs to a browser by its guest key; a family's game to the children
    # at its seats (see Seat), with an empty guest key, so that it never shows as a guest's.
    guest_key = models.CharField(max_length=64, db_index=True, blank=True)
    children = models.ManyToManyField(
        "families.Child", through="Seat", related_name="games", blank=True
    )
    rules = models.JSONField()
    players = models.PositiveSmallIntegerField()
    seed = models.BigIntegerField(default=new_seed)
    # The seat of the person the table is shown to: in a game for one, theirs; with several
    # people at one device, whoever has seen the table last (None before anyone has), as the
    # next one sees it only after a "Pass to ..." screen.
    human_seat = models.PositiveSmallIntegerField(null=True, default=0)
    # One entry per seat: the bot's level, or None for a person's seat.
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
    # For each person's seat, the latest hole whose peek they have said "I remember them" to
    # (peek-start games); 0, or no entry, for none yet.
    peeked = models.JSONField(default=list)
    # How many finished holes the child has seen the summary of.
    holes_seen = models.PositiveSmallIntegerField(default=0)
    # Whether the child is asked practice questions after each hole; and, for the hole just
    # finished, how many of its questions are done and how many wrong answers the one being
    # asked has had (games.practice).
    questions = models.BooleanField(default=True)
    questions_done = models.PositiveSmallIntegerField(default=0)
    wrong_tries = models.PositiveSmallIntegerField(default=0)
    # For each person's seat, what happened that they have not been shown the table after:
    # in a game for one, what the latest request did, told again when the page is opened
    # later; with several people, also what the others did since this one last looked.
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
        people: Sequence[Any] = (),
        gentleness: float | None = None,
        questions: bool = True,
    ) -> Game:
        """A new game, saved with its seats by ``turns.begin``: the people in seats 0, 1, ...
        in the order given, then a bot in every other seat.

        ``people`` are families.Child rows, or None for a grown-up without a profile. With
        none, it is the game of one guest, the browser whose key is ``guest_key``.
        """
        seed = new_seed() if seed is None else seed
        persons = max(1, len(people))
        players = persons + len(bot_levels)
        game = cls(
            guest_key=guest_key,
            gentleness=gentleness,
            questions=questions,
            rules=rules.to_dict(),
            players=players,
            seed=seed,
            human_seat=None if len(people) > 1 else 0,
            bot_levels=[None] * persons + list(bot_levels),
            snapshot=new_game(rules, players, seed).to_json(),
        )
        game.people = [Seat(game=game, number=n, child=c) for n, c in enumerate(people)]
        return game

    @cached_property
    def people(self) -> list[Seat]:
        """The seats of a family's game, in seat order (none for a guest's game). A child
        deleted since has no seat here any more."""
        if self.pk is None:
            return []
        return list(self.seats.all())

    @property
    def persons(self) -> list[int]:
        """The people's seats: every seat without a bot."""
        return [seat for seat, level in enumerate(self.bot_levels) if level is None]

    @property
    def is_together(self) -> bool:
        """Several people play at one device, passing it round."""
        return len(self.persons) > 1

    @cached_property
    def names(self) -> tuple[str, ...]:
        """Every seat's name as the table says it: "You" for the one person in a game for
        one; with several, each person's nickname (or "Grown-up")."""
        if self.is_together:
            people = {seat.number: seat.name for seat in self.people}
        else:
            people = dict.fromkeys(self.persons, YOU)
        return seat_names(self.bot_levels, people)

    def seat_of(self, child: Any) -> int | None:
        """Where ``child`` (a families.Child) sits in this game, if they play it."""
        return next((seat.number for seat in self.people if seat.child_id == child.pk), None)

    def has_peeked(self, seat: int, hole: int) -> bool:
        return seat < len(self.peeked) and self.peeked[seat] == hole

    def peeked_after(self, seat: int, hole: int) -> list[int]:
        """``peeked`` once the person in ``seat`` has looked at their cards of ``hole``."""
        peeked = [self.peeked[s] if s < len(self.peeked) else 0 for s in range(self.players)]
        peeked[seat] = hole
        return peeked

    def steps_for(self, seat: int | None) -> list[dict]:
        """What to tell the person in ``seat`` when they see the table next (nothing to
        nobody's seat)."""
        if seat is None or seat >= len(self.last_steps):
            return []
        return self.last_steps[seat]

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


class Seat(models.Model):
    """A person at a family game's table: one of the family's children or, with no child,
    a grown-up without a profile. The bots' seats are the game's ``bot_levels``; the one
    person of a guest's game has no row."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    # Deleting a child deletes their seats (their nickname goes with them); see below for
    # what becomes of the game.
    child = models.ForeignKey(
        "families.Child", null=True, blank=True, on_delete=models.CASCADE, related_name="seats"
    )

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="one_person_a_seat"),
            models.UniqueConstraint(fields=["game", "child"], name="one_seat_a_child"),
        ]

    def __str__(self) -> str:
        return f"{self.name} in seat {self.number} of {self.game}"

    @property
    def name(self) -> str:
        return self.child.nickname if self.child else GROWN_UP


@receiver(post_delete, sender=Seat)
def delete_games_no_child_plays(sender: type, instance: Seat, origin: Any, **kwargs: Any) -> None:
    """A family's game is kept for the children who played it: when the last of them is
    deleted, their seat goes and the game with it. A sibling who played it keeps it, with
    the deleted child's seat left unnamed."""
    if isinstance(origin, Game) or getattr(origin, "model", None) is Game:
        return  # the game itself is being deleted, and its seats with it
    if instance.child_id is not None:
        Game.objects.filter(pk=instance.game_id).exclude(seats__child__isnull=False).delete()
