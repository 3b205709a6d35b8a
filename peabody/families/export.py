"""Everything held about a child, or about a whole account, as plain data for one JSON file.

Its keys and its values that are codes (a maths level, a bot's level, a game's preset) stay
in English whatever the page's language; only the words for people are translated.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from allauth.account.models import EmailAddress
from django.contrib.auth.models import User
from django.utils import timezone

from games.models import Game
from games.words.people import seat_names
from lessons.models import SkillAttempt, TableDecision
from peabody.families import fitted, practice
from peabody.families.models import Child
from peabody.words.grown_ups import bot_in_download, you_in_download


def moment(when: datetime) -> str:
    """A time as ISO 8601 in the family's time zone, with its offset from UTC
    ("2026-12-02T21:20:00-08:00"; peabody.families.time_zones makes the zone current)."""
    return timezone.localtime(when).isoformat()


def game_data(game: Game, seat: int) -> dict[str, Any]:
    """A game as the child in ``seat`` played it; a game played together names the others
    at the table as the game does."""
    state = game.state
    names = seat_names(game.bot_levels, game.nicknames)
    return {
        "id": game.public_id,
        "started": moment(game.created),
        "last_move": moment(game.updated),
        "rules": game.rules_data,
        "players": game.players,
        "your_seat": seat,
        "seats": [
            bot_in_download(level) if level else you_in_download() if s == seat else names[s]
            for s, level in enumerate(game.bot_levels)
        ],
        "bots": [level for level in game.bot_levels if level is not None],
        "bot_gentleness": game.gentleness,
        # The child's levels and the skills due to come back when the game started (null
        # for the fixed choice of questions): what its questions were chosen by.
        "practice_plan": plan.to_json() if (plan := game.setup.plan_of(seat)) else None,
        "seed": game.seed,
        # Every move but another child's answers (at a table with a device each, an answer
        # names its seat: "answer:5@1"), which are that child's to download.
        "moves": [m for m in game.moves.split() if m.partition("@")[2] in ("", str(seat))],
        "finished": state.is_over,
        "hole_scores": [list(result.scores) for result in state.results],
    }


def attempt_data(attempt: SkillAttempt) -> dict[str, Any]:
    """A practice answer: what was asked (null for an answer kept before the questions
    were) and what was answered (null when skipped)."""
    return {
        "game": attempt.game.public_id,
        "hole": attempt.hole,
        "skill": attempt.skill,
        "level": attempt.level,
        "asked": attempt.kind or None,
        "about": attempt.facts or None,
        "right_answer": attempt.right_answer,
        "answer": attempt.given,
        "landings": attempt.landings,
        "skipped": attempt.skipped,
        "first_try": attempt.first_try,
        "right": attempt.right,
        "seconds": attempt.seconds,
        "answered": moment(attempt.answered),
    }


def choice_data(choice: TableDecision) -> dict[str, Any]:
    """A choice at the table that showed the child's maths (games.table.decisions)."""
    return {
        "game": choice.game.public_id,
        "hole": choice.hole,
        "kind": choice.kind,
        "good": choice.good,
        "made": moment(choice.made),
    }


def child_data(child: Child) -> dict[str, Any]:
    games = child.games.order_by("created").prefetch_related("seats__child")
    return {
        "nickname": child.nickname,
        "picture": child.avatar,
        "maths_level": child.maths_level,
        "bot_gentleness": child.gentleness,
        "read_aloud": child.read_aloud,
        "sounds": child.sounds,
        "language": child.language,
        "practice_questions": child.practice_questions,
        "adapting": child.adapting,
        "favourite_game": child.favourite_mode,
        "profile_made": moment(child.created),
        "games": [
            game_data(game, seat) for game in games if (seat := game.seat_of(child)) is not None
        ],
        "practice_answers": [attempt_data(a) for a in practice.kept_for(games, child)],
        "choices_at_the_table": [
            choice_data(c)
            for c in TableDecision.objects.filter(game__in=games)
            .select_related("game")
            .order_by("made", "pk")
        ],
        "worked_out_from_the_answers": fitted.fitted_data(child, timezone.now()),
    }


def account_data(parent: User) -> dict[str, Any]:
    return {
        "username": parent.get_username(),
        "email_addresses": [
            {"email": address.email, "confirmed": address.verified, "primary": address.primary}
            for address in EmailAddress.objects.filter(user=parent).order_by("email")
        ],
        "account_made": moment(parent.date_joined),
        "last_log_in": moment(parent.last_login) if parent.last_login else None,
        "time_zone": timezone.get_current_timezone_name(),
        # Off: no game reads out loud to the children, whatever each child's own switch.
        "read_aloud_for_the_family": getattr(parent, "family", None) is None
        or parent.family.read_aloud,
        "privacy_notice_consents": [
            {"notice_version": c.notice_version, "given": moment(c.given)}
            for c in parent.consents.all()
        ],
        "children": [child_data(child) for child in parent.children.all()],
    }
