"""Every sentence the table says to a child, told only from what the child's seat may see.

The one person of a game for one is "You"; when several people play at one device, each is
called by their nickname, so that a line reads the same whoever is looking.

Cards are named the way a child reads them off the card: digits for numbers ("the 7 of
hearts"), words for pictures ("the king of clubs"). Lines about a move stay short (10 words
at most), since each is shown for about a second while its card moves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import (
    gettext_lazy,
    ngettext,
    ngettext_lazy,
    pgettext,
    pgettext_lazy,
)

from games.engine import Action, HoleResult, IllegalAction, Observation, Rules
from games.engine.bots import Reason
from games.table import Played
from peabody.words.cards import a_rank, number, plural, rank_word, the_rank
from peabody.words.lookup import Words
from peabody.words.people import YOU, is_you
from peabody.words.questions import NO_ANSWER

BOT_NAMES = ("Pip", "Tully", "Juno")  # names: the same in every language
# Translators: the name of a grown-up playing along, who has no profile.
GROWN_UP = pgettext_lazy("a player's name", "Grown-up")
# Translators: the name of a player whose profile was deleted.
SOMEONE = pgettext_lazy("a player's name", "A player")
PLACES = (
    pgettext_lazy("a player's place at the end of a game", "1st"),
    pgettext_lazy("a player's place at the end of a game", "2nd"),
    pgettext_lazy("a player's place at the end of a game", "3rd"),
    pgettext_lazy("a player's place at the end of a game", "4th"),
)
REVEAL = gettext_lazy("Everyone turns their cards face up.")


def seat_names(bot_levels: Sequence[str | None], people: Mapping[int, str]) -> tuple[str, ...]:
    """Every seat's name: a bot's by its place among the bots (Pip first); a person's as
    given in ``people``, or "A player" if it is not."""
    names, bots = [], 0
    for seat, level in enumerate(bot_levels):
        if level is None:
            names.append(people.get(seat) or str(SOMEONE))
        else:
            names.append(BOT_NAMES[bots % len(BOT_NAMES)])
            bots += 1
    return tuple(names)


def name_shown(name: str) -> str:
    """A player's name where it stands alone (a heading, a column of the score sheet):
    "You" in the page's language, anyone else's name as it is."""
    if is_you(name):
        return pgettext("the person at the table, as a name standing alone", "You")
    return str(name)


def _by(name: str, yours: str, theirs: str, **values: object) -> str:
    """``yours`` if the sentence is about "You", else ``theirs`` with the name in it: each a
    whole message, since many languages say "you did" and "Sam did" with other verbs."""
    if is_you(name):
        return yours % values
    return theirs % {"name": name, **values}


def names_and(names: Sequence[str]) -> str:
    """``"Pip and Tully"``: two to four names together, in the page's language."""
    names = [name_shown(n) for n in names]
    if len(names) == 1:
        return names[0]
    if len(names) == 2:
        return pgettext("two names", "%(first)s and %(second)s") % {
            "first": names[0],
            "second": names[1],
        }
    if len(names) == 3:
        return pgettext("three names", "%(first)s and %(second)s and %(third)s") % {
            "first": names[0],
            "second": names[1],
            "third": names[2],
        }
    return pgettext("four names", "%(first)s and %(second)s and %(third)s and %(fourth)s") % {
        "first": names[0],
        "second": names[1],
        "third": names[2],
        "fourth": names[3],
    }


def to_person(name: str, text: str) -> str:
    """``text`` said to the person called ``name``: "Sam, tap 1 more card." (as it is, to
    "You")."""
    if is_you(name):
        return text
    # Translators: a request said to a player by name: "Sam, tap 1 more card."; the request
    # starts with a small letter.
    return pgettext("said to a player by name", "%(name)s, %(request)s") % {
        "name": name,
        "request": f"{text[0].lower()}{text[1:]}",
    }


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
    if kind == "draw_stock":
        return _by(
            name,
            _("You took a card from the stock."),
            _("%(name)s took a card from the stock."),
        )
    if kind == "draw_discard":
        return _by(
            name,
            _("You took %(card)s from the pile."),
            _("%(name)s took %(card)s from the pile."),
            card=the_rank(card),
        )
    if kind == "discard":
        return _by(
            name,
            _("You threw away %(card)s."),
            _("%(name)s threw away %(card)s."),
            card=the_rank(card),
        )
    if kind == "flip":
        return _by(
            name,
            _("You turned over %(a_card)s."),
            _("%(name)s turned over %(a_card)s."),
            a_card=a_rank(card),
        )
    if kind == "swap":
        # The card put in, if everyone saw it: face up on the table, or taken from the pile.
        placed = next(
            (after or before for spot, before, after in event.changes if spot[0] == "hand"),
            "",
        ) or next((after for spot, _before, after in event.changes if spot[0] == "card"), "")
        if not placed:
            return _by(
                name,
                _("You put in a card and threw away %(card)s."),
                _("%(name)s put in a card and threw away %(card)s."),
                card=the_rank(card),
            )
        # Translators: "new" is the card put in, "card" the one thrown away ("the 7").
        return _by(
            name,
            _("You put in %(new)s and threw away %(card)s."),
            _("%(name)s put in %(new)s and threw away %(card)s."),
            new=the_rank(placed),
            card=the_rank(card),
        )
    if kind == "knock":
        return _by(
            name,
            _("You knocked! The others get 1 more turn."),
            _("%(name)s knocked! The others get 1 more turn."),
        )
    return _by(name, _("You did not knock."), _("%(name)s did not knock."))


def advice(obs: Observation, action: Action) -> str:
    """A suggested move as something to do: "Put the 7 in the top row, column 2."."""
    kind, rules = action.kind, obs.rules
    if kind == "draw_stock":
        return _("Take a card from the stock.")
    if kind == "draw_discard":
        return _("Take %(card)s from the pile.") % {"card": the_rank(obs.discard[-1])}
    if kind == "discard":
        return _("Throw %(card)s away.") % {"card": the_rank(obs.drawn)}
    if kind == "flip":
        # Translators: "place" is where the card lies: "top row, column 2".
        return _("Turn over your card in the %(place)s.") % {"place": place_name(action.pos, rules)}
    if kind == "swap":
        place = place_name(action.pos, rules)
        if not obs.drawn:
            return _("Put your card in the %(place)s.") % {"place": place}
        return _("Put %(card)s in the %(place)s.") % {"card": the_rank(obs.drawn), "place": place}
    if kind == "knock":
        return _("Knock.")
    return _("Don't knock yet.")


def hole_over(result: HoleResult, human_seat: int, game_over: bool, alone: bool = True) -> str:
    """The end of a hole. ``alone``: one person plays, and is told their score (with several,
    everyone looks at all the scores together)."""
    mine = result.scores[human_seat]
    if result.tiebreak and (mine is None or not alone):
        if game_over:
            return _("The extra hole is over. That was the last hole.")
        return _("The extra hole is over.")
    if alone:
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
        return _by(won[0], _("You won!"), _("%(name)s won!"))
    if any(is_you(n) for n in won):
        others = names_and([n for n in won if not is_you(n)])
        return _("It's a tie! You and %(others)s share the win.") % {"others": others}
    return _("It's a tie! %(names)s share the win.") % {"names": names_and(won)}


def place_word(place: int) -> str:
    """``1`` as ``"1st"``: a player's place at the end of a game."""
    if place <= len(PLACES):
        return str(PLACES[place - 1])
    return pgettext("a player's place at the end of a game", "%(place)sth") % {"place": place}


def kind_line(pairs: int, best: int | None, holes: int, won: bool, name: str = YOU) -> str:
    """One true and friendly thing about a person's game: pairs made, or a good hole."""
    if pairs > 1:
        return _by(
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
        return _by(name, _("You got a pair this game!"), _("%(name)s got a pair this game!"))
    if best is not None and best < 0:
        return _by(
            name,
            _("Your best hole was %(score)s. Below 0 is great!"),
            _("%(name)s's best hole was %(score)s. Below 0 is great!"),
            score=number(best),
        )
    if won:
        return _by(
            name,
            _("You had the lowest total. Well played!"),
            _("%(name)s had the lowest total. Well played!"),
        )
    if holes > 1 and best is not None:
        return _by(
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
    return _by(
        name, _("You played a whole game of Golf!"), _("%(name)s played a whole game of Golf!")
    )


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


def pass_line(name: str) -> str:
    # Translators: “I'm ready” is the button's label (the message "I'm ready").
    return _("%(name)s, tap “I'm ready” when you have it. No peeking, everyone else!") % {
        "name": name
    }


def prompt(obs: Observation, human_seat: int, stage: str, names: Sequence[str]) -> str:
    """What the person at the table is asked to do now, at ``stage`` (see
    games.table.stage), said to them by name when several people play."""
    if stage == "over":
        return _("The game is over.")
    if stage in ("practice", "summary"):
        alone = is_you(names[human_seat])
        return hole_over(obs.results[-1], human_seat, game_over=obs.is_over, alone=alone)
    if stage != "play" and stage != "peek":
        return _("%(name)s is playing.") % {"name": names[obs.current_player]}
    return to_person(names[human_seat], asked(obs, human_seat, stage))


def asked(obs: Observation, human_seat: int, stage: str) -> str:
    if stage == "peek":
        return _("Look at your 2 bottom cards. Try to remember them.")
    kinds = {a.kind for a in obs.legal_actions}
    if obs.phase == "start":
        left = sum(1 for c in obs.layouts[human_seat] if c is not None)
        if left == 0:
            return _("Tap 2 of your cards to turn them over. Try 2 different columns.")
        return _("Tap 1 more card to turn it over.")
    if obs.phase == "place":
        held = {"card": the_rank(obs.drawn)}
        if "discard" in kinds:
            return _("Tap one of your cards to put %(card)s there. Or throw it away.") % held
        return _("Tap one of your cards to put %(card)s there.") % held
    if obs.phase == "knock":
        return knock_question(obs.face_down_count(human_seat))
    if "flip" in kinds and "knock" in kinds:
        return _(
            "Your turn. Take a card from the stock or the pile. Or turn a card over. "
            "Or knock to end the hole."
        )
    if "flip" in kinds:
        return _("Your turn. Take a card from the stock or the pile. Or turn a card over.")
    if "knock" in kinds:
        return _("Your turn. Take a card from the stock or the pile. Or knock to end the hole.")
    return _("Your turn. Take a card from the stock or the pile.")


# Why a move is refused, by the code of the IllegalAction (see games.engine and
# games.table): said to the person who tried it.
REFUSAL_WORDS = Words(
    {
        "not_a_move": gettext_lazy("That is not a move in this game."),
        "needs_place": gettext_lazy("That move needs a card place."),
        "takes_no_place": gettext_lazy("That move does not take a card place."),
        "no_such_place": gettext_lazy("There is no card in that place."),
        "game_over": gettext_lazy("The game is over."),
        "start_flips_first": gettext_lazy("First turn two of your cards face up."),
        "start_flip_face_up": gettext_lazy("That card is already face up. Pick a face-down card."),
        "pile_card_stays": gettext_lazy("A card from the discard pile must go into your layout."),
        "holding_a_card": gettext_lazy(
            "You are holding a card. Put it in your layout or throw it away."
        ),
        "knock_or_not": gettext_lazy("Your turn is done. Knock now, or let the next player go."),
        "take_a_card_first": gettext_lazy("First take a card from the stock or the discard pile."),
        "stock_empty": gettext_lazy("The stock is empty. Take the top card of the discard pile."),
        "no_flip_instead": gettext_lazy(
            "In this game you can't turn a card over instead of drawing."
        ),
        "face_up_already": gettext_lazy("That card is already face up."),
        "no_knocking": gettext_lazy("You can't knock now."),
        "hole_already_ended": gettext_lazy(
            "Someone has already ended the hole. Take your last turn."
        ),
        "turn_not_over": gettext_lazy("Your turn is not over yet. Take a card first."),
        "not_your_turn": gettext_lazy("It is not your turn yet."),
        "no_hole_to_finish": gettext_lazy("There is no hole to finish now."),
        "nothing_to_remember": gettext_lazy("There are no cards to remember now."),
        "nobody_to_pass_to": gettext_lazy("Nobody needs to pass it on now."),
        "no_question": gettext_lazy("There is no question to answer now."),
        "pick_a_player": gettext_lazy("Pick one of the players."),
        "no_answer": NO_ANSWER,
    }
)


def refusal(error: IllegalAction) -> str:
    """Why a move was refused, in plain words: "It is not your turn yet."."""
    return REFUSAL_WORDS.get(error.code, REFUSAL_WORDS["not_a_move"])


# The guided first hole says once what each control is for (see games.guide).
TIPS = Words(
    {
        "peek": gettext_lazy("Only you can see these 2 cards. Then they turn face down."),
        "turn": gettext_lazy("Face-up cards help you plan. Low cards are good!"),
        "stock": gettext_lazy("The stock: a card nobody has seen yet."),
        "pile": gettext_lazy("The pile: take its top card if it is low."),
        "swap": gettext_lazy("The card you tap goes on the pile."),
        "throw": gettext_lazy("Throw it away if it is a high card."),
        "knock": gettext_lazy("Knock when your cards add up low. The hole then ends."),
        # Translators: "Knock after" is the label of a tick box (the message "Knock after").
        "knock_after": gettext_lazy("Tick Knock after to knock when this turn ends."),
        # Translators: "Hint" is the label of a button (the message "Hint").
        "hint": gettext_lazy("Stuck? Hint shows you a good move."),
        "read": gettext_lazy("Tap a speaker to hear the words."),
        "next": gettext_lazy("Lowest score wins the hole."),
    }
)


# --- a bot's reason, as the bot says it and as a hint to the child ---------------------

# code: (what the bot says, the hint to the child). Each is a whole message; the values it
# may use (see _reason_fields): card ("the 7"), a_card ("a 7"), plural ("7s"), rank_word
# ("7"), old (the rank replaced: "9"), total (a whole number of points), count (the same
# without its sign, for plurals); a capital first letter (Card, A_card, Plural) starts a
# sentence. Each sentence is 10 words or fewer, for a child of 7 to read aloud.
SAYINGS: dict[str, tuple[Promise, Promise]] = {
    "only_move": (
        gettext_lazy("That was my only move."),
        gettext_lazy("This is your only move."),
    ),
    "random": (
        gettext_lazy("I picked a move without thinking."),
        gettext_lazy("You could try this move."),
    ),
    "start_flip": (
        gettext_lazy("I turned a card over to see it."),
        gettext_lazy("Turn a card over to see it."),
    ),
    "start_flip_other_column": (
        gettext_lazy("I turned over a card in a new column."),
        gettext_lazy("Turn over a card in a new column. You will see more."),
    ),
    "take_pair": (
        gettext_lazy("I took %(card)s to make a pair. A pair scores 0!"),
        gettext_lazy("Take %(card)s to make a pair. A pair scores 0!"),
    ),
    # When the card it pairs with is face down, the bot only remembers it: saying which card
    # that is would tell the other players something they cannot see.
    "take_pair_remembered": (
        gettext_lazy("I took %(card)s from the pile. I have a plan."),
        gettext_lazy("Take %(card)s. It makes a pair with a card you remember!"),
    ),
    "take_better": (
        gettext_lazy("I took %(card)s from the pile. It is smaller than my %(old)s."),
        gettext_lazy("Take %(card)s from the pile. It is smaller than your %(old)s."),
    ),
    "take_hurry": (
        gettext_lazy("Someone is nearly done. I took %(card)s from the pile."),
        gettext_lazy("Someone is nearly done. Take %(card)s from the pile."),
    ),
    "take_last_turn": (
        gettext_lazy("It is my last turn! I took %(card)s from the pile."),
        gettext_lazy("It is your last turn! Take %(card)s from the pile."),
    ),
    "draw_stock": (
        gettext_lazy("%(Card)s on the pile is no help. I took from the stock."),
        gettext_lazy("Take a card from the stock. %(Card)s on the pile is no help."),
    ),
    "flip_instead": (
        gettext_lazy("I turned a card over instead of drawing."),
        gettext_lazy("Turn a card over instead of drawing."),
    ),
    "knock": (
        gettext_lazy("I knocked! My cards add up to about %(total)s."),
        gettext_lazy("Knock now! Your cards add up to about %(total)s."),
    ),
    "knock_remembered": (
        gettext_lazy("I knocked! I think my score is small."),
        gettext_lazy("Knock now! The cards you remember make a small score."),
    ),
    "no_knock": (
        gettext_lazy("I did not knock. My cards add up to too much."),
        gettext_lazy("Don't knock yet. Your cards add up to too much."),
    ),
    "swap_pair": (
        # Translators: "rank_word" is the card's rank alone ("7", "king"). Where the words
        # around it would need the card's gender, leave it out: "the other card like it".
        # xgettext:no-python-format
        gettext_lazy("I put %(card)s with my other %(rank_word)s. A pair scores 0!"),
        # xgettext:no-python-format
        gettext_lazy("Put %(card)s with your other %(rank_word)s. A pair scores 0!"),
    ),
    "swap_pair_remembered": (
        gettext_lazy("I put %(card)s on a card I remember."),
        # Translators: "rank_word" may be left out, as above: "the card like it you remember".
        # xgettext:no-python-format
        gettext_lazy("Put %(card)s with the %(rank_word)s you remember. A pair scores 0!"),
    ),
    # Translators: "total" is the bonus, 10 or 20 points.
    "swap_four": (
        gettext_lazy("I made four of a kind with my %(plural)s! That takes away %(total)s points."),
        gettext_lazy(
            "Put %(card)s with your other %(plural)s. Four of a kind takes away %(total)s points!"
        ),
    ),
    "swap_for_known": (
        gettext_lazy("I swapped my %(old)s for %(card)s. %(Card)s is worth less."),
        gettext_lazy("Swap your %(old)s for %(card)s. %(Card)s is worth less."),
    ),
    "swap_plain": (
        gettext_lazy("I kept %(card)s instead of my %(old)s."),
        gettext_lazy("Keep %(card)s instead of your %(old)s."),
    ),
    "swap_hidden": (
        gettext_lazy("I put %(card)s on a face-down card. The hidden card could be big."),
        gettext_lazy("Put %(card)s on a face-down card. The hidden card could be big."),
    ),
    "swap_hurry": (
        gettext_lazy("Someone is nearly done. I kept %(card)s now."),
        gettext_lazy("Someone is nearly done. Keep %(card)s now."),
    ),
    "swap_last_turn": (
        gettext_lazy("It is my last turn! I put %(card)s on a face-down card."),
        gettext_lazy("It is your last turn! Put %(card)s on a face-down card."),
    ),
    "go_out": (
        ngettext_lazy(
            "I put %(card)s on my last face-down card. I am out with %(total)s point!",
            "I put %(card)s on my last face-down card. I am out with %(total)s points!",
            "count",
        ),
        ngettext_lazy(
            "Put %(card)s on your last face-down card. You go out with %(total)s point!",
            "Put %(card)s on your last face-down card. You go out with %(total)s points!",
            "count",
        ),
    ),
    "discard_high": (
        gettext_lazy("I threw %(card)s away. It is too big to keep."),
        gettext_lazy("Throw %(card)s away: it is too big to keep."),
    ),
    "discard_no_place": (
        gettext_lazy("I threw %(card)s away. It had no good place."),
        gettext_lazy("Throw %(card)s away: it has no good place."),
    ),
    "discard_not_ready": (
        gettext_lazy("I threw %(card)s away. I am not ready to finish yet."),
        gettext_lazy("Throw %(card)s away. You are not ready to finish yet."),
    ),
    # These also say what the card is worth (WORTH_SAYINGS), when the reason has its value.
    "take_low": (
        gettext_lazy("I took %(card)s from the pile."),
        gettext_lazy("Take %(card)s from the pile."),
    ),
    "swap_low": (gettext_lazy("I kept %(card)s."), gettext_lazy("Keep %(card)s.")),
    "swap_low_for_known": (
        gettext_lazy("I swapped my %(old)s for %(card)s."),
        gettext_lazy("Swap your %(old)s for %(card)s."),
    ),
    # In memory mode a stock card goes in face down, and only its owner may know it.
    "swap_memory": (
        gettext_lazy("I put my card face down. I will remember it."),
        gettext_lazy("Keep %(card)s, and remember it."),
    ),
}

# The sayings that also tell what the card is worth, by the sign of its value: "minus" (it
# takes away "minus" points, always 2 or more), "zero", "one", "more" (it is worth "value"
# points, always 2 or more). code: {sign: (what the bot says, the hint)}; None: the bot
# says its SAYINGS line. A language whose plural needs an article with a gender ("los
# reyes") may say "a king is worth 0" (a_card) for "kings are worth 0" (plural): those
# messages are not checked as formats, so that their translation may use other values.
WORTH_SAYINGS: dict[str, dict[str, tuple[Promise | None, Promise]]] = {
    "take_low": {
        "minus": (
            gettext_lazy("I took %(card)s from the pile. %(A_card)s takes away %(minus)s points."),
            gettext_lazy("Take %(card)s from the pile. %(A_card)s takes away %(minus)s points."),
        ),
        "zero": (
            # xgettext:no-python-format
            gettext_lazy("I took %(card)s from the pile. %(Plural)s are worth 0."),
            # xgettext:no-python-format
            gettext_lazy("Take %(card)s from the pile. %(Plural)s are worth 0."),
        ),
        "one": (
            gettext_lazy("I took %(card)s from the pile. %(A_card)s is only worth 1 point."),
            gettext_lazy("Take %(card)s from the pile. %(A_card)s is only worth 1 point."),
        ),
        "more": (
            gettext_lazy("I took %(card)s from the pile. %(A_card)s is worth %(value)s points."),
            gettext_lazy("Take %(card)s from the pile. %(A_card)s is worth %(value)s points."),
        ),
    },
    "swap_memory": {
        "minus": (
            None,
            gettext_lazy("Keep %(card)s, and remember it. %(A_card)s takes away %(minus)s points."),
        ),
        "zero": (
            None,
            # xgettext:no-python-format
            gettext_lazy("Keep %(card)s, and remember it. %(Plural)s are worth 0."),
        ),
        "one": (
            None,
            gettext_lazy("Keep %(card)s, and remember it. %(A_card)s is only worth 1 point."),
        ),
        "more": (
            None,
            gettext_lazy("Keep %(card)s, and remember it. %(A_card)s is worth %(value)s points."),
        ),
    },
    "swap_low": {
        "minus": (
            gettext_lazy("I kept %(card)s. %(A_card)s takes away %(minus)s points."),
            gettext_lazy("Keep %(card)s: %(a_card)s takes away %(minus)s points."),
        ),
        "zero": (
            # xgettext:no-python-format
            gettext_lazy("I kept %(card)s. %(Plural)s are worth 0."),
            # xgettext:no-python-format
            gettext_lazy("Keep %(card)s: %(plural)s are worth 0."),
        ),
        "one": (
            gettext_lazy("I kept %(card)s. %(A_card)s is only worth 1 point."),
            gettext_lazy("Keep %(card)s: %(a_card)s is only worth 1 point."),
        ),
        "more": (
            gettext_lazy("I kept %(card)s. %(A_card)s is worth %(value)s points."),
            gettext_lazy("Keep %(card)s: %(a_card)s is worth %(value)s points."),
        ),
    },
    "swap_low_for_known": {
        "minus": (
            gettext_lazy(
                "I swapped my %(old)s for %(card)s. %(A_card)s takes away %(minus)s points."
            ),
            gettext_lazy("Swap your %(old)s for %(card)s. %(A_card)s takes away %(minus)s points."),
        ),
        "zero": (
            # xgettext:no-python-format
            gettext_lazy("I swapped my %(old)s for %(card)s. %(Plural)s are worth 0."),
            # xgettext:no-python-format
            gettext_lazy("Swap your %(old)s for %(card)s. %(Plural)s are worth 0."),
        ),
        "one": (
            gettext_lazy("I swapped my %(old)s for %(card)s. %(A_card)s is only worth 1 point."),
            gettext_lazy("Swap your %(old)s for %(card)s. %(A_card)s is only worth 1 point."),
        ),
        "more": (
            gettext_lazy(
                "I swapped my %(old)s for %(card)s. %(A_card)s is worth %(value)s points."
            ),
            gettext_lazy("Swap your %(old)s for %(card)s. %(A_card)s is worth %(value)s points."),
        ),
    },
}


def bot_says(reason: Reason) -> str:
    """What a bot says about its move: "I kept the king. Kings are worth 0."."""
    return _saying(reason, 0)


def hint_says(reason: Reason) -> str:
    """The same reason as advice to the child: "Keep the king: kings are worth 0."."""
    return _saying(reason, 1)


def _saying(reason: Reason, which: int) -> str:
    """The bot's words (``which`` 0) or the hint (1) for ``reason``, in the page's language."""
    fields = _reason_fields(reason)
    message = None
    if reason.code in WORTH_SAYINGS and reason.rank is not None and reason.value is not None:
        message = WORTH_SAYINGS[reason.code][_sign(reason.value)][which]
    if message is None:
        message = SAYINGS[reason.code][which]
    return message % fields


def _sign(value: int) -> str:
    return "minus" if value < 0 else {0: "zero", 1: "one"}.get(value, "more")


def _reason_fields(reason: Reason) -> dict[str, str | int]:
    """The words a saying may put in its places, for the values ``reason`` has. A language
    may use any of them: "kings are worth 0" may be "a king is worth 0" in another."""
    fields: dict[str, str | int] = {}
    if reason.total is not None:
        fields |= {"total": number(reason.total), "count": abs(reason.total)}
    if reason.rank is not None:
        card = reason.rank
        fields |= {
            "card": the_rank(card),
            "Card": _cap(the_rank(card)),
            "a_card": a_rank(card),
            "A_card": _cap(a_rank(card)),
            "plural": plural(card),
            "Plural": _cap(plural(card)),
            "rank_word": rank_word(card),
        }
    if reason.value is not None:
        fields |= {"value": reason.value, "minus": -reason.value}
    if reason.old is not None:
        fields["old"] = rank_word(reason.old)
    return fields


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
