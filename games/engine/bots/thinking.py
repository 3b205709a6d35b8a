"""How the gentle, steady and sharp bots choose a move, from what their seat may see.

One decision reads top to bottom here: :func:`think` turns the opening cards over, then each
turn :meth:`Turn.draw`, :meth:`Turn.place` and :meth:`Turn.knock` choose, every choice
weighing the points the bot's own layout is expected to score (:func:`expected_points`).
Every level keeps the same manners (:meth:`Turn.options`, docs/engine.md), which also make
the gentle bot's mistakes look like a beginner's and not a broken program's.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from math import comb
from typing import NamedTuple

from ..cards import RANK_OF, build_deck, rank
from ..observation import Observation
from ..rules import Rules
from ..scoring import four_of_a_kind, score_cards

# The public names, from the modules that define them: the engine's package imports the bots
# before it has these names itself.
from ..state import DISCARD, DRAW_DISCARD, DRAW_STOCK, END_TURN, Action, ActionKind, Phase
from ..state import KNOCK_ACTION as KNOCK
from .reasons import Reason


@dataclass(frozen=True, slots=True)
class BotSkill:
    """How a level plays. Margins are in points of expected score."""

    # Take the pile's card only if it lowers the expected score by this much (a sharp bot
    # instead compares it with what a stock card is expected to bring).
    take_margin: float = 1.5
    compare_with_stock: bool = False
    # Keep a stock card only if it lowers the expected score by this much.
    keep_margin: float = 0.5
    # Points charged for a card put on the pile, for each point it would save the next player.
    feed_weight: float = 0.0
    # Go out (or knock) only when this many points below the best other expected score.
    lead: float = 1.0
    # Knock only with an expected score at most this share of a fresh layout's.
    knock_below: float = 0.25
    # Points of pull towards face-down places: a beginner's hurry to see every card, which
    # ends holes early on middling cards.
    rush: float = 0.0
    # The gentle bot's mistakes: chances per decision of forgetting each remembered card and
    # of missing a pair, and up to this many points of noise on every choice.
    forget: float = 0.0
    miss_pair: float = 0.0
    wobble: float = 0.0
    knock_wobble: float = 0.0


# --- what the seat has not seen, and the points it may expect ----------------------------


@lru_cache(maxsize=64)
def deck_counts(rules: Rules, players: int) -> dict[str, int]:
    """How many cards of each rank the game is played with. (Remembered: counting the deck
    again for every decision was a good part of a bot's time. Callers must not change it.)"""
    cards = build_deck(rules.decks_for(players), jokers=rules.jokers is not None)
    return dict(Counter(map(rank, cards)))


class Unseen:
    """The cards a seat has not seen, by rank: what any of its face-down cards may be."""

    def __init__(self, rules: Rules, counts: dict[str, int]) -> None:
        self.rules = rules
        self.values = values = rules.values.copy()  # a plain dict, quicker to read
        self.counts = counts
        self.total = sum(counts.values())
        self.mean = sum([values[r] * n for r, n in counts.items()]) / self.total
        # How many cards of one rank cancel in a column: a pair, or the whole column.
        self.match = rules.rows if rules.match == "full_column" else 2
        # Expected points by a column's known ranks, in order, and its number of hidden
        # cards: see column_points.
        self.columns: dict[tuple[str | int, ...], float] = {}

    @classmethod
    def deck(cls, rules: Rules, players: int) -> Unseen:
        """Every card of the game, as a seat that has seen nothing knows them."""
        return cls(rules, deck_counts(rules, players))

    @classmethod
    def by(cls, obs: Observation, remembered: Iterable[str]) -> Unseen:
        """The cards ``obs``'s seat has not seen: every card of the game but those face up in
        a layout, on the pile, held in view, or ``remembered``."""
        seen = [card for layout in obs.layouts for card in layout if card is not None]
        seen += obs.discard
        if obs.drawn is not None:
            seen.append(obs.drawn)
        seen += remembered
        counts = dict(deck_counts(obs.rules, obs.players))
        for r in map(RANK_OF.__getitem__, seen):  # the engine's table: rank(), without a call
            counts[r] -= 1
        if not any(counts.values()):
            # Every card in view leaves no face-down card to wonder about: any counts will do.
            return cls.deck(obs.rules, obs.players)
        return cls(obs.rules, counts)


def expected_points(known: Sequence[str], hidden: int, unseen: Unseen) -> float:
    """Expected points of a column: the ranks of its known cards, and ``hidden`` face-down
    cards drawn from the cards this seat has not seen.

    A column scores its cards' values, less those of the cards that match and cancel. In a
    column of up to three cards only one rank can match, so the points expected to cancel
    add up rank by rank: for each, the chance that the hidden cards bring enough of it to
    match, times the points of the cards that would then cancel.
    """
    values, match, counts, total = unseen.values, unseen.match, unseen.counts, unseen.total
    if not hidden:
        # Nothing left to chance: the column scores what it shows. (Most columns a bot
        # weighs are such, and this is the sum below with one draw.)
        for r in known:
            if known.count(r) >= match:
                return float(sum([values[x] for x in known if x != r]))
        return float(sum([values[x] for x in known]))
    points = sum([values[r] for r in known]) + hidden * unseen.mean
    # Only a rank already in the column can match, unless the hidden cards alone are enough.
    # (In the column's order, not a set's: sums made in another order may differ in their
    # last bit, and a fixed seed must always play the same game.)
    ranks = counts if hidden >= match else dict.fromkeys(known)
    draws = comb(total, hidden)  # the ways to draw the hidden cards from the unseen ones
    for r in ranks:
        have, n = known.count(r), counts[r]
        # For each number of hidden cards of this rank that makes a match: the share of the
        # draws that hold exactly that many, times the points that would cancel.
        # (Comparisons rather than min and max: this is the innermost loop.)
        most = n if n < hidden else hidden
        for extra in range(match - have if have < match else 0, most + 1):
            ways = comb(n, extra) * comb(total - n, hidden - extra)
            points -= ways * (have + extra) * values[r] / draws
    return points


def column_points(column: Sequence[str | None], unseen: Unseen) -> float:
    """Expected points of a column of ranks, None where a card is face down."""
    known = sorted([r for r in column if r is not None])
    hidden = len(column) - len(known)
    key: tuple[str | int, ...] = (*known, hidden)
    # Remembered for the decision: it asks about the same few columns again and again (the
    # sharp bot, trying every card the stock may hold, some 14 times), and working each out
    # afresh made its slowest moves and `manage.py simulate` slow enough to notice.
    if key not in unseen.columns:
        unseen.columns[key] = expected_points(known, hidden, unseen)
    return unseen.columns[key]


class Layout:
    """A layout as one seat knows it (ranks row by row, None where a card is face down) and
    the points each of its columns is expected to score."""

    def __init__(self, cards: Sequence[str | None], unseen: Unseen) -> None:
        self.cards, self.unseen = cards, unseen
        self.cols = cols = unseen.rules.cols
        self.columns = [cards[c::cols] for c in range(cols)]
        self.column_points = [column_points(column, unseen) for column in self.columns]
        self.points = sum(self.column_points)

    def change_if_placed(self, pos: int, card: str) -> float:
        """How much putting ``card`` at ``pos`` changes the expected points (only the column
        it goes in changes)."""
        col = pos % self.cols
        column = list(self.columns[col])
        column[pos // self.cols] = card
        return column_points(column, self.unseen) - self.column_points[col]

    def points_if_placed(self, pos: int, card: str) -> float:
        return self.points + self.change_if_placed(pos, card)

    def best_change(self, card: str) -> float:
        """The most ``card`` could lower the expected points, put in its best place."""
        return min(self.change_if_placed(pos, card) for pos in range(len(self.cards)))


@lru_cache(maxsize=64)
def fresh_layout_points(rules: Rules, players: int) -> float:
    """The expected points of a layout nobody has looked at. (The same all game: remembered,
    as working it out for every knock decision was a good part of the knock9 bots' time.)"""
    return Layout([None] * rules.size, Unseen.deck(rules, players)).points


# --- one decision ------------------------------------------------------------------------


def think(skill: BotSkill, obs: Observation, rng: random.Random) -> tuple[Action, Reason]:
    """The move a thinking bot of ``skill`` makes from ``obs``, and what it says about it."""
    legal = obs.legal_actions
    if not legal:
        raise ValueError("it is not this seat's turn")
    if len(legal) == 1:
        return legal[0], Reason("only_move")
    if obs.phase == Phase.START:
        return start_flip(obs, rng)
    turn = Turn(skill, obs, rng)
    if obs.phase == Phase.DRAW:
        return turn.draw()
    if obs.phase == Phase.PLACE:
        return turn.place()
    return turn.knock()


def start_flip(obs: Observation, rng: random.Random) -> tuple[Action, Reason]:
    """Turn an opening card over in a column with no face-up card yet: the more columns the
    bot has seen into, the better it can plan."""
    cols = obs.rules.cols
    own = obs.layouts[obs.seat]
    seen_columns = {pos % cols for pos, card in enumerate(own) if card is not None}
    flips = list(obs.legal_actions)  # at the start, every move is a flip
    new_column = []
    for flip in flips:
        assert flip.pos is not None  # a flip has its place
        if flip.pos % cols not in seen_columns:
            new_column.append(flip)
    reason = Reason("start_flip_other_column" if seen_columns else "start_flip")
    return rng.choice(new_column or flips), reason


class Option(NamedTuple):
    """A place the held card could go. Options compare by score, then by place."""

    score: float  # the change in expected points, and any costs; lower is better
    pos: int
    pair: bool  # makes a new pair (in full-column rules, a whole matching column)
    old: str | None  # the rank it replaces, None for a face-down card


class Turn:
    """A thinking bot's picture of the table, for one decision."""

    def __init__(self, skill: BotSkill, obs: Observation, rng: random.Random) -> None:
        self.skill, self.obs, self.rng = skill, obs, rng
        self.rules = rules = obs.rules
        memory = dict(obs.memory)
        if skill.forget:
            memory = {pos: card for pos, card in obs.memory if rng.random() >= skill.forget}
        self.unseen = Unseen.by(obs, memory.values())
        # The face-down cards it has looked at, whatever it forgets while thinking: even a
        # gentle bot never covers one of these with a higher card (children copy that).
        self.peeked = {pos: rank(card) for pos, card in obs.memory}
        self.values = self.unseen.values
        own = obs.layouts[obs.seat]
        self.face_up = [card is not None for card in own]
        # Its own cards as everyone sees them, and as it knows them (with remembered ones).
        self.shown = [None if card is None else rank(card) for card in own]
        self.mine = [rank(memory[pos]) if pos in memory else r for pos, r in enumerate(self.shown)]
        self.layout = Layout(self.mine, self.unseen)
        self.in_pair = [
            r is not None and self.matches(self.mine, pos, r) for pos, r in enumerate(self.mine)
        ]
        # The place whose card, once replaced, is its last face-down card: putting a card
        # there ends the hole (in memory mode cards go in face down, so nothing does).
        can_go_out = rules.out_when_all_face_up and not rules.memory_mode and obs.caller is None
        self.last_hidden = own.index(None) if can_go_out and own.count(None) == 1 else None

    # --- draw: the pile's card, a stock card, or knock instead --------------------------

    def draw(self) -> tuple[Action, Reason]:
        legal = self.obs.legal_actions
        if KNOCK in legal and self.wants_to_knock():
            return KNOCK, self.knock_reason()
        top = rank(self.obs.discard[-1])
        can_stock = DRAW_STOCK in legal
        if DRAW_DISCARD in legal:
            options = self.options(top)
            # Charges only add to a score (see pick): a card not worth taking before them
            # is not worth taking after.
            if options and (not can_stock or self.worth_taking(min(options).score)):
                best = self.pick(options)
                if best.pair and self.slips(self.skill.miss_pair):
                    best = best._replace(score=0.0)  # a beginner does not see the pair
                if not can_stock or self.worth_taking(best.score):
                    return DRAW_DISCARD, self.take_reason(top, best)
        if can_stock:
            return DRAW_STOCK, Reason("draw_stock", top, self.values[top])
        # No stock to draw from: only when nearly every card is in the layouts.
        flips = [action for action in legal if action.kind == ActionKind.FLIP]
        if flips:
            return self.rng.choice(flips), Reason("flip_instead")
        return DRAW_DISCARD, Reason("only_move")

    def worth_taking(self, score: float) -> bool:
        """Whether the pile's card, changing the expected points by ``score`` where it goes
        best, is better than a card from the stock."""
        if self.skill.compare_with_stock:
            return score < self.stock_change - 0.05
        # In a hurry any real gain will do.
        margin = min(self.skill.take_margin, 0.25) if self.hurry else self.skill.take_margin
        return score <= -margin

    @cached_property
    def stock_change(self) -> float:
        """The change in expected points a card from the stock is expected to bring: each
        rank it may be, put in its best place (or thrown away, which changes nothing)."""
        unseen = self.unseen
        change = 0.0
        for r, n in unseen.counts.items():
            options = self.options(r) if n else []
            if options:
                change += n / unseen.total * min(0.0, min(options).score)
        return change

    def take_reason(self, card: str, best: Option) -> Reason:
        value = self.values[card]
        if best.pair:
            # Naming the card it pairs with is fine only if that card is face up.
            seen = self.matches(self.shown, best.pos, card)
            return Reason("take_pair" if seen else "take_pair_remembered", card, value)
        if self.hurry:
            code = "take_last_turn" if self.obs.caller is not None else "take_hurry"
            return Reason(code, card, value)
        old = self.shown[best.pos]
        if old is not None and self.values[old] > value:
            return Reason("take_better", card, value, old=old)
        return Reason("take_low", card, value)

    # --- place: where the held card goes, or throw it away ------------------------------

    def place(self) -> tuple[Action, Reason]:
        assert self.obs.drawn is not None  # the card this bot holds, to place
        card = rank(self.obs.drawn)
        value = self.values[card]
        from_stock = self.obs.drawn_from == "stock"
        options = self.options(card)
        # A beginner may miss the pair a stock card makes. (A card taken from the pile for a
        # pair always makes it: taking it and then missing the pair would look broken.)
        if from_stock and self.slips(self.skill.miss_pair):
            options = [option for option in options if not option.pair] or options
        if not options:
            if from_stock:
                return DISCARD, Reason("discard_no_place", card, value)
            # A card from the pile must go somewhere, even against the manners. The bot takes
            # one with nowhere to go only when that is the one move left.
            options = self.options(card, anywhere=True)
        best = self.pick(options)
        if from_stock and value > 0:
            keep_margin = 0.0 if self.hurry else self.skill.keep_margin
            if best.score > -keep_margin and best.score >= self.feed(card):
                return DISCARD, self.discard_reason(card, value, best)
        return Action(ActionKind.SWAP, best.pos), self.swap_reason(card, value, best)

    def options(self, card: str, anywhere: bool = False) -> list[Option]:
        """Every place the manners allow for ``card`` (``anywhere``: every place), scored by
        how much it changes the layout's expected points, with the level's pulls and noise,
        but not yet the cost of the card it puts on the pile (see :meth:`pick`)."""
        skill, values, mine, in_pair = self.skill, self.values, self.mine, self.in_pair
        value = values[card]
        options = []
        for pos, old in enumerate(mine):
            pair = not in_pair[pos] and self.matches(mine, pos, card)
            if not anywhere:
                if self.face_up[pos] and in_pair[pos]:
                    continue  # never break its own pair
                known = old if self.face_up[pos] else self.peeked.get(pos)
                if known is not None and values[known] < value and not pair:
                    continue  # never cover a lower card it knows, unless that makes a pair
            score = self.layout.change_if_placed(pos, card)
            if old is None:
                score -= skill.rush
            if pos == self.last_hidden:
                score += self.cost_of_going_out(pos, card)
            if pair and self.rules.four_of_a_kind:
                score += self.four_of_a_kind_bonus(mine, pos, card)
            if skill.wobble:
                score += skill.wobble * self.rng.random()
            options.append(Option(score, pos, pair, old))
        return options

    def pick(self, options: list[Option]) -> Option:
        """The best option once each is charged for the card it puts on the pile."""
        best = None
        for option in sorted(options):
            # A charge is never below 0, so an option scoring more than the best charged
            # one cannot win, nor can any after it.
            if best is not None and option.score > best.score:
                break
            charged = option._replace(score=option.score + self.feed(option.old))
            best = charged if best is None else min(best, charged)
        assert best is not None
        return best

    def feed(self, card: str | None) -> float:
        """What putting ``card`` on the pile costs: the next player may take it. A modest
        gain is what any card may bring them, so only a real gift is charged for."""
        if card is None or not self.skill.feed_weight:
            return 0.0
        gain = -self.other_layouts[self.next_seat].best_change(card)
        return self.skill.feed_weight * max(0.0, gain - 2.0)

    def cost_of_going_out(self, pos: int, card: str) -> float:
        """Going out while another player is likely to end lower costs the gap."""
        mine = self.layout.points_if_placed(pos, card)
        return max(0.0, mine - (self.best_other - self.skill.lead))

    def four_of_a_kind_bonus(self, cards: list[str | None], pos: int, card: str) -> int:
        """The four-of-a-kind bonus (a house rule, negative) that ``card`` at ``pos`` adds
        to the pairs already known in ``cards``."""
        after = list(cards)
        after[pos] = card
        return self.known_bonus(after) - self.known_bonus(cards)

    def known_bonus(self, cards: list[str | None]) -> int:
        """The engine's own four-of-a-kind rule (for two-row layouts only), asked with the
        pairs whose both cards are known."""
        cols = self.rules.cols
        pairs = []
        for top, bottom in zip(cards[:cols], cards[cols:], strict=True):
            pairs.append(top if top is not None and top == bottom else None)
        return four_of_a_kind(pairs, self.rules)

    def discard_reason(self, card: str, value: int, best: Option) -> Reason:
        if best.pos == self.last_hidden:
            return Reason("discard_not_ready", card, value)
        if value > self.unseen.mean:
            return Reason("discard_high", card, value)
        return Reason("discard_no_place", card, value)

    def swap_reason(self, card: str, value: int, best: Option) -> Reason:
        # The replaced card lands face up on the pile with this move, so it may be named;
        # in memory mode a stock card goes in face down, and only this seat knows it.
        if self.rules.memory_mode and self.obs.drawn_from == "stock":
            return Reason("swap_memory", card, value)
        if best.pair:
            if not self.matches(self.shown, best.pos, card):
                return Reason("swap_pair_remembered", card, value)
            four = self.rules.four_of_a_kind is not None
            bonus = self.four_of_a_kind_bonus(self.shown, best.pos, card) if four else 0
            if bonus:
                return Reason("swap_four", card, value, total=-bonus)
            return Reason("swap_pair", card, value)
        if best.pos == self.last_hidden:
            # Every card is face up once this one goes in: the engine's own score.
            shown = list(self.obs.layouts[self.obs.seat])
            shown[best.pos] = self.obs.drawn
            codes = [code for code in shown if code is not None]
            assert len(codes) == len(shown), "every card is face up"
            return Reason("go_out", card, value, total=score_cards(codes, self.rules).total)
        old = best.old
        if old is not None:
            if self.values[old] <= value:
                return Reason("swap_plain", card, value, old=old)
            return Reason(
                "swap_low_for_known" if value <= 1 else "swap_for_known", card, value, old
            )
        if self.hurry:
            code = "swap_last_turn" if self.obs.caller is not None else "swap_hurry"
            return Reason(code, card, value)
        return Reason("swap_low" if value <= 1 else "swap_hidden", card, value)

    # --- ending the hole ----------------------------------------------------------------

    def knock(self) -> tuple[Action, Reason]:
        if self.wants_to_knock():
            return KNOCK, self.knock_reason()
        return END_TURN, Reason("no_knock")

    def wants_to_knock(self) -> bool:
        """Knock with a low layout that is likely to beat every other player's."""
        points = self.layout.points
        if self.skill.knock_wobble:
            points += self.rng.uniform(-self.skill.knock_wobble, self.skill.knock_wobble)
        if points > self.skill.knock_below * fresh_layout_points(self.rules, self.obs.players):
            return False
        return points <= self.best_other - self.skill.lead

    def knock_reason(self) -> Reason:
        # A total worked out from remembered face-down cards would give them away.
        if None not in self.obs.layouts[self.obs.seat]:  # every card face up: the sum is exact
            return Reason("knock_exact", total=round(self.layout.points))
        if self.obs.memory:
            return Reason("knock_remembered")
        return Reason("knock", total=round(self.layout.points))

    @cached_property
    def hurry(self) -> bool:
        """Whether the hole may end before this seat's next turn."""
        if self.obs.caller is not None:
            return True
        if not self.rules.out_when_all_face_up:
            return False
        layouts = self.obs.layouts
        others = [seat for seat in self.obs.seats if seat != self.obs.seat]
        return any(layouts[seat].count(None) <= 1 for seat in others)

    @cached_property
    def best_other(self) -> float:
        """The lowest score another player is expected to end the hole with. One more turn
        usually lowers a layout a little: say, as much as an ace put in its best place."""
        layouts = self.other_layouts.values()
        return min(layout.points + min(0.0, layout.best_change("A")) for layout in layouts)

    # --- the table ----------------------------------------------------------------------

    @cached_property
    def other_layouts(self) -> dict[int, Layout]:
        """Every other player's layout, by seat, as this seat sees it."""
        layouts = {}
        for seat in self.obs.seats:
            if seat != self.obs.seat:
                cards = [None if card is None else rank(card) for card in self.obs.layouts[seat]]
                layouts[seat] = Layout(cards, self.unseen)
        return layouts

    @property
    def next_seat(self) -> int:
        seats = self.obs.seats
        return seats[(seats.index(self.obs.seat) + 1) % len(seats)]

    def matches(self, cards: Sequence[str | None], pos: int, card: str) -> bool:
        """Whether ``card`` at ``pos`` would match the other known cards of its column."""
        cols = self.rules.cols
        others = cards[pos % cols :: cols].count(card) - (cards[pos] == card)
        return others >= self.unseen.match - 1

    def slips(self, chance: float) -> bool:
        """Whether a mistake with this chance happens now (no chance, no draw of the
        generator)."""
        return chance > 0 and self.rng.random() < chance
