"""The table's lines: every sentence the game page says, told only from what the looking seat
may see; the names of its places, cards and controls; the titles.

A game for one calls its person "You"; at a shared device each is called by nickname, so a
line reads the same whoever looks. A line about a move stays short (10 words at most): it
shows for about a second.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from django.utils import timezone
from django.utils.timesince import timesince
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from games.engine import Action, ActionKind, HoleResult, Observation, Phase, Rules
from games.table import Played, Stage
from lessons.core.stories import Standing

from .cards import a_rank, card_label, card_words, number, the_rank
from .modes import MODE_NAMES
from .people import YOU, and_list, by_name, is_you, name_shown, to_person

PLACES = (
    pgettext_lazy("a player's place at the end of a game", "1st"),
    pgettext_lazy("a player's place at the end of a game", "2nd"),
    pgettext_lazy("a player's place at the end of a game", "3rd"),
    pgettext_lazy("a player's place at the end of a game", "4th"),
)
REVEAL = gettext_lazy("Everyone turns their cards face up.")


def place_name(pos: int, rules: Rules) -> str:
    """``"top row, column 2"``: where a card lies, counted from the top left."""
    row, col = divmod(pos, rules.cols)
    if row == 0:
        text = _("top row, column %(column)s")
    elif row == rules.rows - 1:
        text = _("bottom row, column %(column)s")
    else:
        text = _("middle row, column %(column)s")
    return text % {"column": col + 1}


def played_line(event: Played, names: Sequence[str]) -> str:
    """What a move did, in one short line, from what everyone at the table could see: a
    card drawn from the stock is named once it lands face up."""
    name, card = names[event.seat], event.card
    kind = event.action.kind
    if kind == ActionKind.DRAW_STOCK:
        return by_name(
            name,
            _("You took a card from the stock."),
            _("%(name)s took a card from the stock."),
        )
    if kind == ActionKind.KNOCK:
        return by_name(
            name,
            _("You knocked! The others get 1 more turn."),
            _("%(name)s knocked! The others get 1 more turn."),
        )
    if kind == ActionKind.END_TURN:
        return by_name(name, _("You did not knock."), _("%(name)s did not knock."))
    assert card is not None, "every other move shows everyone a card"
    if kind == ActionKind.DRAW_DISCARD:
        return by_name(
            name,
            _("You took %(card)s from the pile."),
            _("%(name)s took %(card)s from the pile."),
            card=the_rank(card),
        )
    if kind == ActionKind.DISCARD:
        return by_name(
            name,
            _("You threw away %(card)s."),
            _("%(name)s threw away %(card)s."),
            card=the_rank(card),
        )
    if kind == ActionKind.FLIP:
        return by_name(
            name,
            _("You turned over %(a_card)s."),
            _("%(name)s turned over %(a_card)s."),
            a_card=a_rank(card),
        )
    # A swap. The card put in, if everyone saw it: face up on the table, or taken from the pile.
    placed = next(
        (after or before for spot, before, after in event.changes if spot[0] == "hand"),
        "",
    ) or next((after for spot, _before, after in event.changes if spot[0] == "card"), "")
    # The card thrown away, if nobody had seen it: it lay face down (a good card thrown
    # away unseen is no blunder).
    was_down = any(spot[0] == "card" and before == "" for spot, before, _a in event.changes)
    # Translators: "new" is the card put in, "card" the one thrown away ("the 7").
    you, them = {
        (True, False): (
            _("You put in %(new)s and threw away %(card)s."),
            _("%(name)s put in %(new)s and threw away %(card)s."),
        ),
        (True, True): (
            _("You put in %(new)s and threw away %(card)s that was face down."),
            _("%(name)s put in %(new)s and threw away %(card)s that was face down."),
        ),
        (False, False): (
            _("You put in a card and threw away %(card)s."),
            _("%(name)s put in a card and threw away %(card)s."),
        ),
        (False, True): (
            _("You put in a card and threw away %(card)s that was face down."),
            _("%(name)s put in a card and threw away %(card)s that was face down."),
        ),
    }[(bool(placed), was_down)]
    new = the_rank(str(placed)) if placed else ""
    return by_name(name, you, them, new=new, card=the_rank(card))


def advice(obs: Observation, action: Action) -> str:
    """A suggested move as something to do: "Put the 7 in the top row, column 2."."""
    kind, rules = action.kind, obs.rules
    if kind == ActionKind.DRAW_STOCK:
        return _("Take a card from the stock.")
    if kind == ActionKind.DRAW_DISCARD:
        return _("Take %(card)s from the pile.") % {"card": the_rank(obs.discard[-1])}
    if kind == ActionKind.KNOCK:
        return _("Knock.")
    if kind == ActionKind.END_TURN:
        return _("Don't knock yet.")
    if kind == ActionKind.DISCARD:
        assert obs.drawn is not None, "a card is thrown away from the hand"
        return _("Throw %(card)s away.") % {"card": the_rank(obs.drawn)}
    assert action.pos is not None, "a flip and a swap name their place"
    place = place_name(action.pos, rules)
    if kind == ActionKind.FLIP:
        # Translators: "place" is where the card lies: "top row, column 2".
        return _("Turn over your card in the %(place)s.") % {"place": place}
    if not obs.drawn:
        return _("Put your card in the %(place)s.") % {"place": place}
    return _("Put %(card)s in the %(place)s.") % {"card": the_rank(obs.drawn), "place": place}


def hole_over(result: HoleResult, human_seat: int, game_over: bool, alone: bool = True) -> str:
    """The end of a hole. ``alone``: one person plays, and is told their score (with several,
    everyone looks at all the scores together)."""
    mine = result.scores[human_seat]
    if result.tiebreak and (mine is None or not alone):
        if game_over:
            return _("The extra hole is over. That was the last hole.")
        return _("The extra hole is over.")
    if alone:
        assert mine is not None, "the one person plays every hole"
        values = {"number": result.number, "score": number(mine)}
        if game_over:
            return _("Hole %(number)s is over. You scored %(score)s. That was the last hole.") % (
                values
            )
        return _("Hole %(number)s is over. You scored %(score)s.") % values
    if game_over:
        return _("Hole %(number)s is over. That was the last hole.") % {"number": result.number}
    return _("Hole %(number)s is over.") % {"number": result.number}


def winner_text(obs: Observation, names: Sequence[str]) -> str:
    won = [names[s] for s in obs.winners]
    if len(won) == 1:
        return by_name(won[0], _("You won!"), _("%(name)s won!"))
    if any(is_you(n) for n in won):
        others = and_list([name_shown(n) for n in won if not is_you(n)])
        return _("It's a tie! You and %(others)s share the win.") % {"others": others}
    return _("It's a tie! %(names)s share the win.") % {
        "names": and_list([name_shown(n) for n in won])
    }


def place_word(place: int) -> str:
    """``1`` as ``"1st"``: a player's place at the end of a game."""
    if place <= len(PLACES):
        return str(PLACES[place - 1])
    return pgettext("a player's place at the end of a game", "%(place)sth") % {"place": place}


def kind_line(pairs: int, best: int | None, holes: int, won: bool, name: str = YOU) -> str:
    """One true and friendly thing about a person's game: pairs made, or a good hole."""
    if pairs > 1:
        return by_name(
            name,
            ngettext(
                "You got %(count)s pair this game!", "You got %(count)s pairs this game!", pairs
            ),
            ngettext(
                "%(name)s got %(count)s pair this game!",
                "%(name)s got %(count)s pairs this game!",
                pairs,
            ),
            count=pairs,
        )
    if pairs == 1:
        return by_name(name, _("You got a pair this game!"), _("%(name)s got a pair this game!"))
    if best is not None and best < 0:
        return by_name(
            name,
            _("Your best hole was %(score)s. Below 0 is great!"),
            _("%(name)s's best hole was %(score)s. Below 0 is great!"),
            score=number(best),
        )
    if won:
        return by_name(
            name,
            _("You had the lowest total. Well played!"),
            _("%(name)s had the lowest total. Well played!"),
        )
    if holes > 1 and best is not None:
        return by_name(
            name,
            ngettext(
                "Your best hole was %(score)s point.", "Your best hole was %(score)s points.", best
            ),
            ngettext(
                "%(name)s's best hole was %(score)s point.",
                "%(name)s's best hole was %(score)s points.",
                best,
            ),
            score=number(best),
        )
    return by_name(
        name, _("You played a whole game of Golf!"), _("%(name)s played a whole game of Golf!")
    )


def cheer_line(standing: Standing, together: bool) -> str:
    """What Pip says as a hole or the game ends: for the child's own win, a near one or
    another's, or (``together``: a device passed round) for the whole table. Always kind."""
    if together:
        return _("Well played, everyone!")
    if standing == Standing.WON:
        return _("You did it!")
    if standing == Standing.CLOSE:
        return _("So close! Good try!")
    return _("Good game! That was fun.")


def last_turn_warning(obs: Observation, human_seat: int, names: Sequence[str]) -> str:
    if obs.caller is None or obs.is_over:
        return ""
    went_out = obs.rules.out_when_all_face_up and not obs.face_down_count(obs.caller)
    if obs.caller == human_seat:
        if went_out:
            return _("You turned over all your cards. The others get 1 last turn.")
        return _("You knocked. The others get 1 last turn.")
    if went_out:
        text = _("%(name)s turned over all their cards. This is your last turn!")
    else:
        text = _("%(name)s knocked. This is your last turn!")
    return text % {"name": names[obs.caller]}


def knock_question(face_down: int) -> str:
    return ngettext(
        "%(count)s of your cards is still face down. Knock now?",
        "%(count)s of your cards are still face down. Knock now?",
        face_down,
    ) % {"count": face_down}


def pass_to(name: str) -> str:
    """The screen between two people's turns, which shows nobody's cards."""
    return _("Pass to %(name)s") % {"name": name}


def waiting_for_answers(names: Sequence[str]) -> str:
    """Said on a device whose questions are done, at a table with a device each, while
    the people in ``names`` still answer theirs: the next hole waits for them."""
    return _("Waiting for %(names)s to answer. Then the next hole starts.") % {
        "names": and_list([name_shown(name) for name in names])
    }


def still_here(name: str) -> str:
    """Said to a device that asked a bot to play for ``name``, whose device has been heard
    from in the last minute: the table waits for them."""
    return _("%(name)s is still here, so we wait for %(name)s.") % {"name": name}


def watching(name: str, peeking: bool) -> str:
    """Said on a device whose person waits while ``name`` decides, at a table with a device
    each: at the start of a hole with a peek, while ``name`` looks at their cards."""
    if peeking:
        return _("%(name)s is looking at their cards.") % {"name": name}
    return _("%(name)s is playing.") % {"name": name}


def pass_line(name: str) -> str:
    # Translators: “I'm ready” is the button's label (the message "I'm ready").
    return _("%(name)s, tap “I'm ready” when you have it. No peeking, everyone else!") % {
        "name": name
    }


def prompt(obs: Observation, human_seat: int, stage: Stage, names: Sequence[str]) -> str:
    """What the person at the table is asked to do now, at ``stage`` (see
    games.table.stage), said to them by name when several people play."""
    if stage == Stage.OVER:
        return _("The game is over.")
    if stage in (Stage.PRACTICE, Stage.SUMMARY):
        alone = is_you(names[human_seat])
        return hole_over(obs.results[-1], human_seat, game_over=obs.is_over, alone=alone)
    if stage not in (Stage.PLAY, Stage.PEEK):
        assert obs.current_player is not None, "a hole being played has a player whose turn it is"
        return watching(names[obs.current_player], peeking=False)
    return to_person(names[human_seat], asked(obs, human_seat, stage))


def asked(obs: Observation, human_seat: int, stage: Stage) -> str:
    if stage == Stage.PEEK:
        return _("Look at your 2 bottom cards.")
    kinds = {a.kind for a in obs.legal_actions}
    if obs.phase == Phase.START:
        left = sum(1 for c in obs.layouts[human_seat] if c is not None)
        if left == 0:
            return _("Turn over 2 cards.")
        return _("Turn over 1 more card.")
    if obs.phase == Phase.PLACE:
        assert obs.drawn is not None, "the person holds the card they drew"
        held = {"card": the_rank(obs.drawn)}
        if "discard" in kinds:
            return _("Place %(card)s, or throw it away.") % held
        return _("Put %(card)s on one of your cards.") % held
    if obs.phase == Phase.KNOCK:
        return knock_question(obs.face_down_count(human_seat))
    if "flip" in kinds and "knock" in kinds:
        return _("Your turn! Take a card, turn one, or knock.")
    if "flip" in kinds:
        return _("Your turn! Take a card, or turn one over.")
    if "knock" in kinds:
        return _("Your turn! Take a card, or knock.")
    return _("Your turn! Take a card.")


# Where a card lies in a player's cards, by its row and then its column: short, to name
# several in one breath. A middle row or column only in a layout of three.
SPOTS = {
    ("top", "left"): pgettext_lazy("where a card lies", "top left"),
    ("top", "middle"): pgettext_lazy("where a card lies", "top middle"),
    ("top", "right"): pgettext_lazy("where a card lies", "top right"),
    ("middle", "left"): pgettext_lazy("where a card lies", "middle left"),
    ("middle", "middle"): pgettext_lazy("where a card lies", "middle"),
    ("middle", "right"): pgettext_lazy("where a card lies", "middle right"),
    ("bottom", "left"): pgettext_lazy("where a card lies", "bottom left"),
    ("bottom", "middle"): pgettext_lazy("where a card lies", "bottom middle"),
    ("bottom", "right"): pgettext_lazy("where a card lies", "bottom right"),
}


def spot_name(pos: int, rows: int, cols: int) -> str:
    """``"top left"``: where the card at ``pos`` lies, counted from the top left."""
    row, col = divmod(pos, cols)
    across = ("top", *["middle"] * (rows - 2), "bottom")
    along = ("left", *["middle"] * (cols - 2), "right")
    return str(SPOTS[across[row], along[col]])


def summary(name: str, rows: int, cols: int, face_up: Sequence[tuple[int, str]]) -> str:
    """Another player's cards in one sentence, for a screen reader: their cards are a
    picture to look at, not buttons to press. ``face_up``: where each face-up card lies
    and its code: "Pip's cards: 2 rows of 3; face up: top left 7 of hearts"."""
    values = {"name": name, "rows": rows, "cols": cols}
    if not face_up:
        return _("%(name)s's cards: %(rows)s rows of %(cols)s, all face down") % values
    # Translators: "spot" is where the card lies ("top left"), "card" is the card ("7 of
    # hearts").
    shown = [
        _("%(spot)s %(card)s") % {"spot": spot_name(pos, rows, cols), "card": card_words(code)}
        for pos, code in face_up
    ]
    # Translators: "cards" are the face-up cards, each "top left 7 of hearts", with commas.
    return _("%(name)s's cards: %(rows)s rows of %(cols)s; face up: %(cards)s") % {
        **values,
        "cards": ", ".join(shown),
    }


def card_shown(code: str | None, where: str = "") -> str:
    """What a screen reader says of a card: its name when it is face up; else where it lies
    (a place_name), or in a player's hand (``IN_HAND``)."""
    if code:
        return card_label(code)
    if where == IN_HAND:
        return _("face-down card, in their hand")
    # Translators: "place" is where the card lies: "top row, column 2".
    return _("face-down card, %(place)s") % {"place": where}


IN_HAND = "hand"  # where a card lies: in a player's hand (else a place_name)


def hole_title(number: int, rules: Rules) -> str:
    if number > rules.holes:
        return pgettext("in a title", "extra hole")
    return pgettext("in a title", "hole %(number)s of %(holes)s") % {
        "number": number,
        "holes": rules.holes,
    }


def game_title(rules: Rules, number: int) -> str:
    """``"Knock Golf: hole 2 of 9"``: the page's title (its first letter made a capital)."""
    # Translators: "mode" is the game's name ("Knock Golf"); "hole" is "hole 2 of 9" or
    # "extra hole".
    return _("%(mode)s: %(hole)s") % {
        "mode": MODE_NAMES[rules.name],
        "hole": hole_title(number, rules),
    }


def hole_label(tiebreak: bool, number: int) -> str:
    """``"Hole 2"``, or ``"Extra hole"``: a finished hole on the score sheet, in a replay."""
    if tiebreak:
        return pgettext("a label", "Extra hole")
    return pgettext("a label", "Hole %(number)s") % {"number": number}


def running_label(name: str) -> str:
    """Over a player's total so far, at the end of a hole."""
    return _("Your total so far") if is_you(name) else _("Total so far")


# The buttons beside the table, by what they do.
CONTROLS = {
    "remember": gettext_lazy("I remember them"),
    "knock": pgettext_lazy("a button", "Knock"),
    "keep": gettext_lazy("Keep playing"),
    "throw": gettext_lazy("Throw it away"),
    "ready": gettext_lazy("I'm ready"),
}
NOTHING_TO_DO = gettext_lazy("There is nothing for you to do just now.")
# The first frame of a hole watched again.
DEALT = gettext_lazy("The cards are dealt.")


def started(when: datetime) -> str:
    """How long ago a game in a list started: "started just now" rather than "0 minutes
    ago"."""
    if timezone.now() - when < timedelta(minutes=1):
        return _("started just now")
    # Translators: "time" is how long ago, in words: "2 hours".
    return _("started %(time)s ago") % {"time": timesince(when, depth=1)}
