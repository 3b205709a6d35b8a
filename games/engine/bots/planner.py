"""The thinking bots: each move is the one that most lowers the expected score of the
bot's own layout, within a few rules of good manners that every level keeps.

The manners (also what makes the gentle bot look like a beginner rather than a broken
program) are in :meth:`Plan.options`: never break your own pair, never put a card onto a
face-up card worth less unless it makes a pair, never throw away a drawn card worth 0 or
less while there is a place for it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ..observation import Observation
from ..scoring import four_of_a_kind
from ..state import DISCARD, DRAW_DISCARD, DRAW_STOCK, END_TURN, KNOCK_ACTION, Action
from .reasons import Reason, say
from .table import RANK_OF, Table

# (score, place, makes a pair, the known card it replaces)
Option = tuple[float, int, bool, str | None]


@dataclass(frozen=True, slots=True)
class Skill:
    """How a level plays. Margins are in points of expected score."""

    # Take the pile's top card only if it lowers the expected score by this much
    # (a sharp bot instead compares it with what a stock card is expected to bring).
    take_margin: float = 1.5
    # Keep a stock card only if it lowers the expected score by this much.
    keep_margin: float = 0.5
    compare_with_stock: bool = False
    # Points a discard is charged for each point it would save the next player.
    feed_weight: float = 0.0
    # Go out (or knock) only when this many points below the best other expected score.
    lead: float = 1.0
    # Knock only with an expected score at most this share of a fresh layout's.
    knock_below: float = 0.25
    # Points of pull towards putting cards on face-down places (a beginner's hurry to see
    # every card, which ends holes early on middling cards).
    rush: float = 0.0
    # Mistakes, each a chance per decision (the gentle bot).
    forget: float = 0.0
    miss_pair: float = 0.0
    # Up to this many points of noise on every choice (keeps a beginner unpredictable).
    wobble: float = 0.0
    knock_wobble: float = 0.0


def think(skill: Skill, obs: Observation, rng: random.Random) -> tuple[Action, Reason]:
    legal = obs.legal_actions
    if not legal:
        raise ValueError("it is not this seat's turn")
    if len(legal) == 1:
        return legal[0], say("only_move")
    phase = obs.phase
    if phase == "start":
        return start(obs, rng)
    if skill.forget and obs.memory:
        # (With nothing remembered there is nothing to forget, and no chance is drawn.)
        forget = frozenset(pos for pos, _ in obs.memory if rng.random() < skill.forget)
        plan = Plan(Table(obs, forget), skill, rng)
    else:
        plan = Plan(Table(obs), skill, rng)
    if phase == "draw":
        return plan.draw()
    if phase == "place":
        return plan.place()
    return plan.knock()


def start(obs: Observation, rng: random.Random) -> tuple[Action, Reason]:
    """Turn the starting cards face up, each in a column not yet seen."""
    cols = obs.rules.cols
    down = [a for a in obs.legal_actions if a.kind == "flip"]
    open_cols = {pos % cols for pos, card in enumerate(obs.layouts[obs.seat]) if card is not None}
    fresh = [a for a in down if a.pos % cols not in open_cols]
    choice = rng.choice(fresh or down)
    return choice, say("start_flip_other_column" if open_cols else "start_flip")


class Plan:
    __slots__ = (
        "t", "obs", "skill", "rng", "legal", "_feed", "_gain", "_hurry", "_best_other",
        "last_hidden", "plain",
    )  # fmt: skip

    def __init__(self, table: Table, skill: Skill, rng: random.Random) -> None:
        self.t = table
        self.obs = table.obs
        self.skill = skill
        self.rng = rng
        self.legal = table.obs.legal_actions
        self._feed: dict[str, float] = {}
        self._gain: Callable[[str], float] | None = None
        self._hurry: bool | None = None
        self._best_other: float | None = None
        # The place whose card, once swapped, would end the hole by going out (if any).
        self.last_hidden: int | None = None
        # Whether an option's score is only the change to the layout, plus the cost of going
        # out (never below zero): no hurry to turn cards, no noise, no four-of-a-kind bonus.
        self.plain = not (skill.rush or skill.wobble or table.shape.four)
        obs = table.obs
        rules = obs.rules
        if rules.out_when_all_face_up and not rules.memory_mode:
            own = obs.layouts[obs.seat]
            if own.count(None) == 1:
                self.last_hidden = own.index(None) if obs.caller is None else None

    # --- draw: the pile, the stock, or end the hole ----------------------------------

    def draw(self) -> tuple[Action, Reason]:
        t, obs, legal = self.t, self.obs, self.legal
        kinds = {a.kind for a in legal}
        if "knock" in kinds:
            end, total = self.should_end()
            if end:
                return KNOCK_ACTION, self.knock_reason(total)
        top = RANK_OF[obs.discard[-1]] if obs.discard else None
        can_stock = "draw_stock" in kinds
        if top is not None and "draw_discard" in kinds:
            options = [] if can_stock and self.pile_no_help(top) else self.options(top)
            if (
                options
                and can_stock
                and not self.skill.miss_pair
                and self.never_take(min(options)[0])
            ):
                options = []
            if options:
                score, pos, pair = self.pick(options)
                if pair and self.skill.miss_pair and self.rng.random() < self.skill.miss_pair:
                    score = 0.0
                if not can_stock or self.take_pile(score):
                    return DRAW_DISCARD, self.take_reason(top, pos, pair)
        if can_stock:
            if top is None:
                return DRAW_STOCK, say("only_move")
            return DRAW_STOCK, say("draw_stock", top, t.values[top])
        flips = [a for a in legal if a.kind == "flip"]
        if flips:
            return self.rng.choice(flips), say("flip_instead")
        return legal[0], say("only_move")

    def take_pile(self, score: float) -> bool:
        if self.skill.compare_with_stock:
            return score < self.stock_gain() - 0.05
        # In a hurry any real gain will do, but a card that changes nothing is no better
        # than a fresh one from the stock.
        return score <= -self.take_margin()

    def never_take(self, low: float) -> bool:
        """Whether :meth:`take_pile` is sure to say no when the best option scores ``low``
        before feeding is counted: feeding only adds to a score, and a stock card is never
        expected to make things worse, so neither needs weighing."""
        if self.skill.compare_with_stock:
            return low >= -0.05
        return low > -self.take_margin()

    def pile_no_help(self, top: str) -> bool:
        """A quick sure no to taking ``top`` from the pile, before making any options: the
        lowest change it makes anywhere, allowed or not, is no higher than the best option's
        score in a plain plan, so if :meth:`never_take` says no to it, it says no to that."""
        return self.plain and not self.skill.miss_pair and self.never_take(self.t.least_change(top))

    def take_margin(self) -> float:
        return min(0.25, self.skill.take_margin) if self.hurry() else self.skill.take_margin

    def stock_gain(self) -> float:
        """The change in expected score a card from the stock is expected to bring."""
        t = self.t
        total = 0.0
        for r, p in t.chances():
            options = self.options(r)
            if options:
                total += p * min(0.0, self.pick(options)[0])
        return total

    def take_reason(self, rank: str, pos: int, pair: bool) -> Reason:
        value = self.t.values[rank]
        if pair:
            return say(
                "take_pair" if self.in_sight(pos, rank) else "take_pair_remembered", rank, value
            )
        if self.hurry():
            last = self.obs.caller is not None
            return say("take_last_turn" if last else "take_hurry", rank, value)
        old = self.t.mine[pos]
        if old is not None and self.t.values[old] > value:
            return say("take_better", rank, value, old=old)
        return say("take_low", rank, value)

    # --- place: where the drawn card goes --------------------------------------------

    def place(self) -> tuple[Action, Reason]:
        t, obs = self.t, self.obs
        rank = RANK_OF[obs.drawn]
        value = t.values[rank]
        from_stock = obs.drawn_from == "stock"
        options = self.options(rank, must_place=not from_stock)
        # A pair missed when drawing is a beginner's slip; taking a card from the pile for a
        # pair and then not making it would look broken.
        missed = from_stock and self.skill.miss_pair and self.rng.random() < self.skill.miss_pair
        if missed and any(o[2] for o in options):
            options = [o for o in options if not o[2]] or options
        if not options:
            if from_stock:
                return DISCARD, say("discard_no_place", rank, value)
            swaps = [a for a in self.legal if a.kind == "swap"]
            return self.rng.choice(swaps), say("only_move")
        score, pos, pair = self.pick(options)
        if from_stock:
            keep = 0.0 if self.hurry() else self.skill.keep_margin
            keep_low = value <= 0
            if score > -keep and not keep_low and score >= self.discard_cost(rank):
                return DISCARD, self.discard_reason(rank, value, score)
        return Action("swap", pos), self.swap_reason(rank, value, pos, pair)

    def options(self, rank: str, must_place: bool = False) -> list[Option]:
        """(score, place, makes a pair, card replaced) for every allowed place, lower scores
        better, not yet counting what the replaced card would give the next player (see
        :meth:`pick`). A card that ``must_place`` goes anywhere when no place is allowed."""
        t, skill = self.t, self.skill
        rush, wobble, last = skill.rush, skill.wobble, self.last_hidden
        four, plain = t.shape.four, self.plain
        if t.partner is not None:
            # Two rows, in one pass over the columns: the same sums as Table.placements.
            v = t.values[rank]
            count = t.shape.deck_all[rank] - (t._tally >> t.shape.bit[rank] & 255)
            alone = v + t.mean - 2.0 * count * t.inv_total * v
            if plain:
                # The plain case (steady and sharp).
                out = [
                    (
                        (alone if o is None else (0.0 if o == rank else vo + v)) - before,
                        pos,
                        o == rank and not m,
                        old,
                    )
                    for pos, old, o, vo, before, up, m, vold in t.slots()
                    if not (up and (m or (vold < v and o != rank)))
                ]
                if last is not None:
                    for i, (score, pos, pair, old) in enumerate(out):
                        if pos == last:
                            out[i] = (score + self.out_cost(pos, rank), pos, pair, old)
            else:
                out = []
                # uniform(0, wobble) is 0 + wobble * random(): the same number, without a
                # call to uniform for every place.
                random = self.rng.random
                for pos, old, o, vo, before, up, m, vold in t.slots():
                    pairs = o == rank
                    if up and (m or (vold < v and not pairs)):
                        continue
                    score = (alone if o is None else (0.0 if pairs else vo + v)) - before
                    if old is None:
                        score -= rush
                    if pos == last:
                        score += self.out_cost(pos, rank)
                    if pairs and four and not m:
                        score += self.four_bonus(pos, rank)
                    if wobble:
                        score += wobble * random()
                    out.append((score, pos, pairs and not m, old))
            if out or not must_place:
                return out
        mine, face_up, matched = t.mine, t.face_up, t.matched_now
        deltas = t.placements(mine, rank)
        values = t.values
        value = values[rank]
        pairing = t.pairings(rank)
        if plain and last is None:
            # The plain case (steady and sharp, most of the time): no extras to add.
            out = [
                (deltas[pos], pos, pairs and not matched[pos], old)
                for pos, (old, pairs) in enumerate(zip(mine, pairing, strict=True))
                if not (face_up[pos] and (matched[pos] or (values[old] < value and not pairs)))
            ]
        else:
            out = []
            random = self.rng.random  # see above: uniform(0, wobble) without the call
            for pos, (old, pairs) in enumerate(zip(mine, pairing, strict=True)):
                if face_up[pos] and (matched[pos] or (values[old] < value and not pairs)):
                    continue
                score = deltas[pos]
                if old is None:
                    score -= rush
                if pos == last:
                    score += self.out_cost(pos, rank)
                if pairs and four and not matched[pos]:
                    score += self.four_bonus(pos, rank)
                if wobble:
                    score += wobble * random()
                out.append((score, pos, pairs and not matched[pos], old))
        if not out and must_place:
            for pos, (old, pairs) in enumerate(zip(mine, pairing, strict=True)):
                out.append((deltas[pos], pos, pairs and not matched[pos], old))
        return out

    def four_bonus(self, pos: int, rank: str) -> int:
        """The four-of-a-kind bonus (a house rule) gained by making a pair at ``pos``."""
        t = self.t
        cards = list(t.mine)
        before = four_of_a_kind_bonus(t, cards)
        cards[pos] = rank
        return four_of_a_kind_bonus(t, cards) - before

    def pick(self, options: list[Option]) -> tuple[float, int, bool]:
        """The best option once the cost of feeding the next player is counted. That cost
        is never negative, so options already worse than the best need no look."""
        # Places differ, so tuples order by (score, place).
        score, pos, pair, old = min(options)
        if old is None:
            return score, pos, pair
        cost = self.feed(old)
        if not cost:
            # Every other option scores at least as much, and from a later place.
            return score + cost, pos, pair
        best: tuple[float, int, bool] | None = None
        for score, pos, pair, old in sorted(options):
            if best is not None and score > best[0]:
                break
            if old is not None:
                score += self.feed(old)
            if best is None or (score, pos) < best[:2]:
                best = (score, pos, pair)
        assert best is not None
        return best

    def discard_cost(self, rank: str) -> float:
        return self.feed(rank)

    def feed(self, rank: str) -> float:
        """What putting ``rank`` on the pile costs: the next player may use it."""
        weight = self.skill.feed_weight
        if not weight:
            return 0.0
        cost = self._feed.get(rank)
        if cost is None:
            if self._gain is None:
                nxt = self.t.next_seat()
                if nxt == self.obs.seat:  # no one else plays (a tie-break hole of one)
                    return 0.0
                self._gain = self.t.gains_of(nxt)
            gain = self._gain(rank)
            # A modest gain is what any card may bring; only charge for a real gift.
            cost = self._feed[rank] = weight * max(0.0, gain - 2.0)
        return cost

    def goes_out(self, pos: int) -> bool:
        return pos == self.last_hidden

    def out_cost(self, pos: int, rank: str) -> float:
        """Going out while others are likely to end lower costs the gap."""
        mine = self.t.expectation_with(pos, rank)
        best = self.best_other()
        return max(0.0, mine - (best - self.skill.lead))

    def best_other(self) -> float:
        """The lowest score another seat is expected to finish with (after one more turn)."""
        if self._best_other is not None:
            return self._best_other
        t = self.t
        best = float("inf")
        for seat in t.opponents():
            # One last turn usually lowers a layout a little. (Its layout_expectation and
            # placements, from one look at its columns.)
            places = t.places_of(seat)
            drop = min(0.0, min(t.placements_from(places, "A")))
            best = min(best, t.expectation_from(places) + drop)
        self._best_other = best
        return best

    def discard_reason(self, rank: str, value: int, score: float) -> Reason:
        if score <= -self.skill.keep_margin:
            return say("discard_not_ready", rank, value)
        if value > self.t.mean:
            return say("discard_high", rank, value)
        return say("discard_no_place", rank, value)

    def swap_reason(self, rank: str, value: int, pos: int, pair: bool) -> Reason:
        t = self.t
        if pair and not self.in_sight(pos, rank):
            return say("swap_pair_remembered", rank, value)
        if pair and self.t.rules.four_of_a_kind and self.four_bonus(pos, rank):
            return say("swap_four", rank, value, total=-self.four_bonus(pos, rank))
        if pair:
            return say("swap_pair", rank, value)
        if self.goes_out(pos):
            cards = list(t.mine)
            cards[pos] = rank
            return say("go_out", rank, value, total=t.layout_expectation(cards))
        old = t.mine[pos]
        if old is not None:
            code = "swap_low_for_known" if value <= 1 else "swap_for_known"
            return say(code, rank, value, old=old)
        if self.hurry():
            last = self.obs.caller is not None
            return say("swap_last_turn" if last else "swap_hurry", rank, value)
        if value <= 1:
            return say("swap_low", rank, value)
        return say("swap_hidden", rank, value)

    # --- ending the hole -------------------------------------------------------------

    def hurry(self) -> bool:
        """Someone may end the hole before this seat's next turn."""
        if self._hurry is None:
            obs = self.obs
            hurry = obs.caller is not None
            if not hurry and obs.rules.out_when_all_face_up:
                seat, layouts = obs.seat, obs.layouts
                for s in obs.seats:
                    if s != seat and layouts[s].count(None) <= 1:
                        hurry = True
                        break
            self._hurry = hurry
        return self._hurry

    def should_end(self) -> tuple[bool, float]:
        t, skill = self.t, self.skill
        mine = t.layout_expectation(t.mine)
        if skill.knock_wobble:
            mine += self.rng.uniform(-skill.knock_wobble, skill.knock_wobble)
        if mine > skill.knock_below * t.fresh():
            return False, mine
        return mine <= self.best_other() - skill.lead, mine

    def knock(self) -> tuple[Action, Reason]:
        end, total = self.should_end()
        if end:
            return KNOCK_ACTION, self.knock_reason(total)
        return END_TURN, say("no_knock")

    def knock_reason(self, total: float) -> Reason:
        # A total worked out from remembered face-down cards would give them away.
        return say("knock_remembered") if self.obs.memory else say("knock", total=total)

    def in_sight(self, pos: int, rank: str) -> bool:
        """Whether a face-up card of ``rank`` shares ``pos``'s column, so that naming the
        pair it makes tells the others nothing they cannot see."""
        layout, cols = self.obs.layouts[self.obs.seat], self.t.cols
        return any(
            p != pos and layout[p] is not None and RANK_OF[layout[p]] == rank
            for p in range(pos % cols, len(layout), cols)
        )


def four_of_a_kind_bonus(t: Table, cards: list[str | None]) -> int:
    # The engine's own rule, asked with the columns this seat knows to be matched.
    matched = [cards[c[0]] if t.matched(cards, c[0]) else None for c in t.columns]
    return four_of_a_kind(matched, t.rules)
