"""What a bot works out from one observation: its own cards, the cards nobody has seen yet,
and the points a column is expected to score.

Everything here is computed from an :class:`~games.engine.observation.Observation` alone,
so a bot cannot use a card its seat may not see.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cached_property, lru_cache
from itertools import product

from ..cards import RANK_OF, build_deck
from ..observation import Observation
from ..rules import Rules
from ..scoring import values_for

Ranks = tuple[str, ...]


@lru_cache(maxsize=64)
def deck_counts(rules: Rules, players: int) -> dict[str, int]:
    """How many cards of each rank the game is played with."""
    deck = build_deck(rules.decks_for(players), jokers=rules.jokers is not None)
    return dict(Counter(RANK_OF[c] for c in deck))


class ColumnPoints:
    """Points for a column whose ranks are all known, remembered per rules. Order in a
    column does not matter, so callers pass sorted ranks."""

    def __init__(self, rules: Rules) -> None:
        self.values = values_for(rules)
        self.full_column = rules.match == "full_column"
        self.rows = rules.rows
        self.cache: dict[Ranks, int] = {}

    def __call__(self, ranks: Ranks) -> int:
        points = self.cache.get(ranks)
        if points is None:
            points = self.cache[ranks] = self._score(ranks)
        return points

    def _score(self, ranks: Ranks) -> int:
        values = self.values
        if len(ranks) == self.rows and len(set(ranks)) == 1:
            return 0
        if not self.full_column and len(ranks) == self.rows:
            for r in ranks:
                if ranks.count(r) >= 2:
                    return sum(values[x] for x in ranks if x != r)
        return sum(values[x] for x in ranks)


@lru_cache(maxsize=64)
def column_points(rules: Rules) -> ColumnPoints:
    return ColumnPoints(rules)


@lru_cache(maxsize=64)
def _prior(rules: Rules, players: int) -> tuple[tuple[str, float], ...]:
    counts = deck_counts(rules, players)
    total = sum(counts.values())
    return tuple((r, n / total) for r, n in counts.items())


@lru_cache(maxsize=4096)
def prior_expectation(rules: Rules, players: int, known: Ranks, unknown: int) -> float:
    """Expected points of a column with ``unknown`` cards drawn from a fresh deck (used for
    columns with two or more hidden cards, where the exact sum would be slow)."""
    points = column_points(rules)
    total = 0.0
    for combo in product(_prior(rules, players), repeat=unknown):
        p = 1.0
        for _, q in combo:
            p *= q
        total += p * points(tuple(sorted(known + tuple(r for r, _ in combo))))
    return total


@lru_cache(maxsize=64)
def prior_mean(rules: Rules, players: int) -> float:
    values = values_for(rules)
    return sum(values[r] * p for r, p in _prior(rules, players))


class Shape:
    """What a bot needs to know about the rules, worked out once per rules and player count."""

    def __init__(self, rules: Rules, players: int) -> None:
        self.values = values_for(rules)
        self.points = column_points(rules)
        self.rows, self.cols, self.size = rules.rows, rules.cols, rules.size
        self.columns = tuple(tuple(range(c, rules.size, rules.cols)) for c in range(rules.cols))
        # The other places in each place's column.
        self.others = tuple(
            tuple(q for q in self.columns[pos % rules.cols] if q != pos) for pos in range(self.size)
        )
        # How many equal cards make a match.
        self.need = rules.rows if rules.match == "full_column" else 2
        self.full_column = rules.match == "full_column"
        self.deck = deck_counts(rules, players)
        self.cards = sum(self.deck.values())
        self.deck_value = sum(self.values[r] * n for r, n in self.deck.items())
        self.prior_mean = prior_mean(rules, players)


@lru_cache(maxsize=64)
def shape(rules: Rules, players: int) -> Shape:
    return Shape(rules, players)


class Table:
    """One seat's picture of the table."""

    def __init__(self, obs: Observation, forget: frozenset[int] = frozenset()) -> None:
        rules = obs.rules
        sh = shape(rules, obs.players)
        self.obs, self.rules, self.shape = obs, rules, sh
        values = self.values = sh.values
        self.points = sh.points
        self.rows, self.cols, self.size = sh.rows, sh.cols, sh.size
        self.columns, self.others, self.need = sh.columns, sh.others, sh.need
        self.full_column = sh.full_column
        own = obs.layouts[obs.seat]
        self.face_up = [card is not None for card in own]
        mine: list[str | None] = [RANK_OF[c] if c is not None else None for c in own]
        unseen = sh.deck.copy()
        seen = seen_value = 0
        for pos, card in obs.memory:
            r = RANK_OF[card]
            unseen[r] -= 1
            seen += 1
            seen_value += values[r]
            if pos not in forget:
                mine[pos] = r
        self.mine = mine
        cards = [c for layout in obs.layouts for c in layout if c is not None]
        cards += obs.discard
        if obs.drawn is not None:
            cards.append(obs.drawn)
        for card in cards:
            r = RANK_OF[card]
            unseen[r] -= 1
            seen_value += values[r]
        seen += len(cards)
        total = sh.cards - seen
        if total > 0:
            self.unseen = unseen
            self.inv_total = 1.0 / total
            self.mean = (sh.deck_value - seen_value) / total
        else:  # only possible in odd corners; fall back on a fresh deck
            self.unseen = sh.deck
            self.inv_total = 1.0 / sh.cards
            self.mean = sh.prior_mean
        self.shift = self.mean - sh.prior_mean

    @cached_property
    def matched_now(self) -> list[bool]:
        """For each place, whether its card is part of a match this seat knows of."""
        return [self.matched(self.mine, pos) for pos in range(self.size)]

    @cached_property
    def hidden_pair(self) -> float:
        """Expected points of a two-card column with both cards hidden."""
        return self.expect((), 2)

    def chance(self, rank: str) -> float:
        """The chance that a card this seat has not seen is of ``rank``."""
        return self.unseen.get(rank, 0) * self.inv_total

    def chances(self) -> list[tuple[str, float]]:
        inv = self.inv_total
        return [(r, n * inv) for r, n in self.unseen.items() if n > 0]

    # --- expected points --------------------------------------------------------------

    def expect(self, known: Ranks, unknown: int) -> float:
        """Expected points of a column: ``known`` ranks (any order) and ``unknown`` hidden
        cards drawn from the cards this seat has not seen."""
        if unknown == 0:
            return self.points(tuple(sorted(known)))
        rows, values, chance = self.rows, self.values, self.chance
        if unknown == 1 and rows == 2:
            k = known[0]
            v = values[k]
            return v + self.mean - 2.0 * chance(k) * v
        if unknown == 1 and rows == 3:
            a, b = known
            va, vb = values[a], values[b]
            pa = chance(a)
            if a == b:
                if self.full_column:
                    return (1.0 - pa) * 2 * va + self.mean - pa * va
                return self.mean - pa * va
            if self.full_column:
                return va + vb + self.mean
            pb = chance(b)
            rest = self.mean - pa * va - pb * vb
            return pa * vb + pb * va + (1.0 - pa - pb) * (va + vb) + rest
        if unknown == 1:
            points = self.points
            return sum(q * points(tuple(sorted((*known, r)))) for r, q in self.chances())
        base = prior_expectation(self.rules, self.obs.players, tuple(sorted(known)), unknown)
        return base + unknown * self.shift

    def fresh(self) -> float:
        """The expected score of a layout nobody has looked at."""
        rules = self.rules
        return rules.cols * prior_expectation(rules, self.obs.players, (), rules.rows)

    def column(self, cards: list[str | None], col: int) -> tuple[Ranks, int]:
        known = tuple(cards[p] for p in self.columns[col] if cards[p] is not None)
        return known, self.rows - len(known)

    def layout_expectation(self, cards: list[str | None]) -> float:
        return sum(self.expect(*self.column(cards, c)) for c in range(self.cols))

    def placements(self, cards: list[str | None], rank: str) -> list[float]:
        """For each place, how many points the layout changes if ``rank`` goes there."""
        if self.rows == 2:
            return self._placements_two_rows(cards, rank)
        deltas = [0.0] * self.size
        expect, rows = self.expect, self.rows
        for positions in self.columns:
            column = [cards[p] for p in positions]
            known = tuple(r for r in column if r is not None)
            before = expect(known, rows - len(known))
            for i, pos in enumerate(positions):
                after = tuple(r for j, r in enumerate(column) if j != i and r is not None)
                after += (rank,)
                deltas[pos] = expect(after, rows - len(after)) - before
        return deltas

    def _placements_two_rows(self, cards: list[str | None], rank: str) -> list[float]:
        # The same sums as expect(), written out: this is the bots' innermost loop.
        values, mean, cols = self.values, self.mean, self.cols
        unseen, inv = self.unseen, self.inv_total
        hidden_pair = self.hidden_pair
        v = values[rank]
        alone = v + mean - 2.0 * unseen.get(rank, 0) * inv * v
        deltas = [0.0] * self.size
        for top in range(cols):
            bottom = top + cols
            a, b = cards[top], cards[bottom]
            if a is None and b is None:
                deltas[top] = deltas[bottom] = alone - hidden_pair
                continue
            if a is None or b is None:
                k = a if b is None else b
                vk = values[k]
                before = vk + mean - 2.0 * unseen.get(k, 0) * inv * vk
                with_k = 0.0 if k == rank else vk + v
                if a is None:
                    deltas[top], deltas[bottom] = with_k - before, alone - before
                else:
                    deltas[top], deltas[bottom] = alone - before, with_k - before
                continue
            va, vb = values[a], values[b]
            before = 0.0 if a == b else va + vb
            deltas[top] = (0.0 if b == rank else vb + v) - before
            deltas[bottom] = (0.0 if a == rank else va + v) - before
        return deltas

    def gains(self, cards: list[str | None]) -> Callable[[str], float]:
        """A function giving, for a rank, the most the layout ``cards`` could drop by taking
        it: ``-min(placements(cards, rank))``, with the work that does not depend on the
        rank done once."""
        if self.rows != 2:
            return lambda rank: -min(self.placements(cards, rank))
        values, cols, chance, mean = self.values, self.cols, self.chance, self.mean
        places: list[tuple[float, str | None]] = []  # (column points before, the other card)
        for top in range(cols):
            a, b = cards[top], cards[top + cols]
            if a is None and b is None:
                before = self.hidden_pair
            elif a is None or b is None:
                k = a if b is None else b
                before = values[k] + mean - 2.0 * chance(k) * values[k]
            else:
                before = 0.0 if a == b else values[a] + values[b]
            places += [(before, b), (before, a)]

        def gain(rank: str) -> float:
            v = values[rank]
            alone = v + mean - 2.0 * chance(rank) * v
            best = float("-inf")
            for before, other in places:
                if other is None:
                    g = before - alone
                elif other == rank:
                    g = before
                else:
                    g = before - v - values[other]
                if g > best:
                    best = g
            return best

        return gain

    # --- other seats ------------------------------------------------------------------

    def seen(self, seat: int) -> list[str | None]:
        """A seat's cards as this seat knows them (its own include remembered ones)."""
        if seat == self.obs.seat:
            return self.mine
        return [RANK_OF[c] if c is not None else None for c in self.obs.layouts[seat]]

    def next_seat(self) -> int:
        seats = self.obs.seats
        return seats[(seats.index(self.obs.seat) + 1) % len(seats)]

    def opponents(self) -> list[int]:
        return [s for s in self.obs.seats if s != self.obs.seat]

    def matched(self, cards: list[str | None], pos: int) -> bool:
        """Whether the card at ``pos`` is part of a match among the known cards of its column."""
        r = cards[pos]
        if r is None:
            return False
        same = 1
        for q in self.others[pos]:
            if cards[q] == r:
                same += 1
        return same >= self.need

    def pairs_with(self, cards: list[str | None], pos: int, rank: str) -> bool:
        """Whether ``rank`` put at ``pos`` would match the known cards of its column."""
        same = 1
        for q in self.others[pos]:
            if cards[q] == rank:
                same += 1
        return same >= self.need
