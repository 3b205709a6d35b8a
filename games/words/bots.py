"""What a bot says about its move, and the same reason as a hint to the child.

A bot's reason is a code with the values it is about (``games.engine.bots.Reason``): "I kept
the king. Kings are worth 0." and "Keep the king: kings are worth 0." are both made from
``Reason("swap_low", "K", 0)`` here, in the page's language. Each line is 10 words or fewer,
for a child of 7 to read aloud.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy, ngettext_lazy

from games.engine.bots import Reason

from .cards import a_rank, number, plural, rank_word, the_rank
from .numbers import capital

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
    "knock_exact": (
        gettext_lazy("I knocked! My cards add up to %(total)s."),
        gettext_lazy("Knock now! Your cards add up to %(total)s."),
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
            "Card": capital(the_rank(card)),
            "a_card": a_rank(card),
            "A_card": capital(a_rank(card)),
            "plural": plural(card),
            "Plural": capital(plural(card)),
            "rank_word": rank_word(card),
        }
    if reason.value is not None:
        fields |= {"value": reason.value, "minus": -reason.value}
    if reason.old is not None:
        fields["old"] = rank_word(reason.old)
    return fields
