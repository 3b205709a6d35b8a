"""Why a move or a choice is refused: a refused move by the code of its IllegalAction
(``games.engine`` and ``games.table``), said to the person who tried it; the table rules that
do not go together by the code of their RulesClash, for the grown-up choosing them; and a
move that came from an old page or another tab."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from games.engine import IllegalAction

from .lookup import Words
from .questions import NO_ANSWER

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
        "knock_after_first_turn": gettext_lazy("You can knock after your first turn."),
        "hole_already_ended": gettext_lazy(
            "Someone has already ended the hole. Take your last turn."
        ),
        "turn_not_over": gettext_lazy("Your turn is not over yet. Take a card first."),
        "not_your_turn": gettext_lazy("It is not your turn yet."),
        "no_hole_to_finish": gettext_lazy("There is no hole to finish now."),
        "nothing_to_remember": gettext_lazy("There are no cards to remember now."),
        "nobody_to_pass_to": gettext_lazy("Nobody needs to pass it on now."),
        "no_question": gettext_lazy("There is no question to answer now."),
        "others_answering": gettext_lazy(
            "The others are still answering. The next hole starts when they are done."
        ),
        "pick_a_player": gettext_lazy("Pick one of the players."),
        "land_each_step": gettext_lazy("Move along the line for each card, then tap OK."),
        "no_answer": NO_ANSWER,
    }
)


# A friend's device at a family table pressed Play again: their host starts the next game.
AGAIN_BY_THE_HOST = gettext_lazy("Your friend's grown-up starts the next game.")


def refusal(error: IllegalAction) -> str:
    """Why a move was refused, in plain words: "It is not your turn yet."."""
    return REFUSAL_WORDS.get(error.code, REFUSAL_WORDS["not_a_move"])


# Why house rules do not go together, by games.engine.RulesClash's code.
CLASHES = Words(
    {
        "four_of_a_kind_needs_two_rows": gettext_lazy(
            "the four-of-a-kind bonus needs a two-row layout"
        ),
        "memory_needs_peek": gettext_lazy("memory mode goes with the peek start"),
        "jokers_not_adding_only": gettext_lazy(
            "jokers are negative cards, so they cannot go with adding only"
        ),
        "four_of_a_kind_not_adding_only": gettext_lazy(
            "the four-of-a-kind bonus takes points away, so not with adding only"
        ),
        "no_way_to_end": gettext_lazy("a hole needs a way to end: knocking or going out"),
        "memory_needs_knock": gettext_lazy(
            "in memory mode cards stay face down, so the hole must end by a knock"
        ),
    }
)

# A move sent from a page that is not the game's as it is now.
BAD_FORM = gettext_lazy("That move did not come from this game's page. Please tap a card again.")
STALE = gettext_lazy("That move was already made. Here is the game as it is now.")


# A friend's code (peabody.families.friends) that opens no seat: wrong, its time up, or
# already used; said the same for each, so a guess learns nothing.
FRIEND_CODE_WRONG = gettext_lazy(
    "Those pictures open no table. Check them with your friend's grown-up and try again."
)
FRIEND_CODE_WAIT = gettext_lazy("That was a lot of tries. Wait a minute, then try again.")

# A class's code (games.classes): one that opens nothing, one whose lesson is over, and too
# many tries from one device or address.
CLASS_CODE_WRONG = gettext_lazy("That is not the code. Look at the big screen and try again.")
CLASS_CODE_OLD = gettext_lazy("That code is over. Ask your teacher for the new one.")
CLASS_CODE_WAIT = gettext_lazy("That is a lot of tries. Wait a few minutes, then try again.")
