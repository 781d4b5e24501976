"""Whole-turn planning from a player view.

Within a turn the position is known until a mid-turn refill: what the hand,
the build piles and the discard tops allow is visible. The planner samples the
hidden cards (:func:`skipbo.core.determinize.sample_round`), which it never
relies on, and searches sequences of plays through the core's own rule path
(``legal_moves`` and ``apply_unchecked`` on clones): no rule is re-implemented.

A line of play stops at an event that reveals something new: a stock card
played (the next stock card shows), a hand emptied (five new cards), or the
discard that ends the turn. Each leaf is scored by :class:`Weights` applied to
the features of :func:`evaluate`; the best line is returned and the bot follows
it until the view stops matching (then it plans again).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from skipbo.core import SB, Move, PlayerView, Round
from skipbo.core.cards import MAX_VALUE, NO_CARD
from skipbo.core.determinize import sample_round, unseen_cards
from skipbo.core.moves import DISCARD_BASE, PLAY_COUNT, SLOTS, SRC_HAND, SRC_PARTNER_STOCK

STOCK_SOURCES = (0, SRC_PARTNER_STOCK)
WRAP_CHAIN = 5
"""Longest chain through a completed pile that the search considers for a wild card."""
HAND = 5
WIN = 1e9


@dataclass(frozen=True, slots=True)
class Weights:
    """How much each feature of a position is worth; levels differ by these."""

    stock_card: float = 1000.0
    """Per card gone from own (and partner's) stock."""
    refill: float = 400.0
    """For emptying the hand mid-turn (five fresh cards)."""
    wild_kept: float = 150.0
    """Per SB still in hand at the end of the turn."""
    threat_next: float = 450.0
    """When the next opponent's stock top fits a build pile right away."""
    threat_near: float = 150.0
    """When the next opponent is one card short of playing their stock top."""
    threat_samples: int = 0
    """With N > 0, the next opponent's threat is the share of N sampled hands that
    reach their stock top, times ``threat_next`` (instead of counting gaps)."""
    threat_far: float = 40.0
    """When the next opponent is two cards short of playing their stock top."""
    threat_other: float = 150.0
    """When a later opponent's stock top fits a build pile right away."""
    own_chance: tuple[float, ...] = (120.0, 60.0, 20.0)
    """By the fewest cards missing between a build pile and own stock top, using
    own discard tops and the cards kept in hand: next turn's chances."""
    buried: float = 18.0
    """Per discard that covers a lower card (breaks a descending run)."""
    run: float = 14.0
    """Per discard that continues a descending run (top one lower than below)."""
    empty_pile: float = 6.0
    """Per empty own discard pile (room to sort cards later)."""
    high_card_kept: float = 10.0
    """Per point of face value of number cards kept in hand (low cards play first)."""
    cover_needed: float = 40.0
    """For a discard onto a card that lies between a build pile and the own stock
    top: it is a step of next turn's chain to the stock, and covering it hides it."""


@dataclass(slots=True)
class Line:
    """A planned sequence of moves and its score."""

    moves: list[Move]
    score: float


def plan_turn(
    view: PlayerView, seed: int | str, weights: Weights, node_budget: int = 400
) -> list[Line]:
    """Candidate lines from ``view``, best first (at least one when a move exists)."""
    return search_lines(
        sample_round(view, seed), weights, node_budget, threat_model(view, seed, weights)
    )


def threat_model(view: PlayerView, seed: int | str, weights: Weights) -> SampledThreat | None:
    """The sampled opponent threat of ``weights.threat_samples`` hands, if asked for."""
    return SampledThreat(view, seed, weights) if weights.threat_samples else None


def team_stock(state: Round, seat: int) -> int:
    """Cards left in ``seat``'s stock and its partner's."""
    partner = state.partners[seat]
    return len(state._stocks[seat]) + (len(state._stocks[partner]) if partner >= 0 else 0)


def search_lines(
    state: Round, weights: Weights, node_budget: int, threat: SampledThreat | None = None
) -> list[Line]:
    """Lines for the seat to move in ``state`` (a sampled world), best first."""
    search = _Search(state, state.to_move, weights, node_budget, threat)
    search.run(state, [])
    search.lines.sort(key=lambda line: -line.score)
    return search.lines


class _Search:
    """Depth-first search over plays with a transposition set and a node budget."""

    def __init__(
        self,
        root: Round,
        seat: int,
        weights: Weights,
        budget: int,
        threat: SampledThreat | None = None,
    ) -> None:
        self.threat = threat
        self.seat = seat
        self.weights = weights
        self.budget = budget
        self.seen: set[tuple[object, ...]] = set()
        self.lines: list[Line] = []
        self.start_stock = team_stock(root, seat)
        self.ends = _END_CACHE.setdefault(weights, {})
        if len(self.ends) > END_CACHE_SIZE:
            self.ends.clear()

    def run(self, state: Round, path: list[Move]) -> None:
        legal = state.legal_moves()
        self._add_discards(state, path, legal)
        if self.budget <= 0:
            return
        for move in _useful_plays(state, legal):
            self.budget -= 1
            child = state.clone()
            child.apply_unchecked(move)
            line = [*path, move]
            if child.result is not None:
                self.lines.append(Line(line, WIN))
                continue
            drew = child._hand_sizes[self.seat] > state._hand_sizes[self.seat] - (
                move >> 2 > SRC_HAND
            )
            if drew or move >> 2 in STOCK_SOURCES:
                self.lines.append(Line(line, self._score(child, drew=drew)))
                continue
            key = _key(child)
            if key not in self.seen:
                self.seen.add(key)
                self.run(child, line)

    def _add_discards(self, state: Round, path: list[Move], legal: Sequence[Move]) -> None:
        """Score ending the turn here with the best discard (or ``end``)."""
        p = state.to_move
        key = (state._hand_masks[p], *state._tops[p], _tops_on_the_way(state))
        best = self.ends.get(key)
        if best is None:
            best = self.ends[key] = _best_end(state, legal, self.weights)
        if best[1] >= 0:
            self.lines.append(Line([*path, best[1]], self._score(state, drew=False) + best[0]))

    def _score(self, state: Round, drew: bool) -> float:
        w = self.weights
        played = self.start_stock - team_stock(state, self.seat)
        score = w.stock_card * played + evaluate(state, self.seat, w, self.threat)

        if drew:
            score += w.refill
        return score


_END_CACHE: dict[Weights, dict[tuple[int, ...], tuple[float, Move]]] = {}
"""Per weights: the best discard by hand (as a bit mask), own tops and which of
them are on the way to the stock top."""
END_CACHE_SIZE = 50_000


def _best_end(state: Round, legal: Sequence[Move], w: Weights) -> tuple[float, Move]:
    """(value, move) of the discard (or ``end``) worth most by :func:`discard_value`,
    the first of equals in legal order; (0, -1) when there is none. It depends only
    on the hand's values, the own piles' tops and which of them are on the way to
    the stock top (:func:`_on_the_way`), so searches cache it."""
    best: tuple[float, Move] = (0.0, -1)
    for move in legal:
        if move >= PLAY_COUNT:
            value = discard_value(state, move, w)
            if best[1] < 0 or value > best[0]:
                best = (value, move)
    return best


def _useful_plays(state: Round, legal: Sequence[Move]) -> list[Move]:
    """Plays worth searching: all numbers; SB only where it can lead to a stock
    card, or to move a build pile past the next opponent's stock top (blocking;
    at bigger tables blocking one of several opponents is not worth a wild card)."""
    seat = state.to_move
    partner = state.partners[seat]
    targets = [state._tops[seat][0]]
    if partner >= 0:
        targets.append(state._tops[partner][0])
    reach = max((t for t in targets if t not in (NO_CARD, SB)), default=0)
    any_wild_stock = SB in targets
    blocking = state._tops[_next_opponent(state, seat)][0]
    build = state._build
    plays = []
    for move in legal:
        if move >= PLAY_COUNT:
            break
        source = move >> 2
        if source not in STOCK_SOURCES and _card_of(state, source) == SB:
            value = build[move & 3]
            wasted_wild = any_wild_stock or not _leads_to(value, reach)
            if wasted_wild and value + 1 != blocking:
                continue
        plays.append(move)
    return plays


def _leads_to(value: int, target: int) -> bool:
    """Whether a pile at ``value`` can still become the one ``target`` goes on:
    below it, or close enough to 12 that completing it and starting again is a
    chain of at most ``WRAP_CHAIN`` cards."""
    if not target:
        return False
    if value + 1 < target:
        return True
    return (MAX_VALUE - value) + (target - 1) <= WRAP_CHAIN


def _next_opponent(state: Round, seat: int) -> int:
    """The first opponent to move after ``seat`` (partners never sit side by side)."""
    return (seat + 1) % state.rules.players


def _card_of(state: Round, source: int) -> int:
    if source > SRC_HAND:
        return source - SRC_HAND
    owner = state.to_move
    if source >= SRC_PARTNER_STOCK:
        owner = state.partners[owner]
        source -= SRC_PARTNER_STOCK
    return state._tops[owner][source]


def _key(state: Round) -> tuple[object, ...]:
    p = state.to_move
    return (
        tuple(state._build),
        state._hand_masks[p],
        tuple(state._hands[p]),
        *map(tuple, state._tops),
    )


def evaluate(state: Round, seat: int, w: Weights, threat: SampledThreat | None = None) -> float:
    """Positional value for ``seat`` at the end of its turn (stock progress aside)."""
    need = [v + 1 for v in state._build]
    hand = state._hands[seat]
    score = w.wild_kept * hand[SB] - w.high_card_kept * _face_value(tuple(hand))
    score += _threats(state, seat, need, w) if threat is None else threat(state, need)
    tops = state._tops[seat]
    own = tops[0]
    if own not in (NO_CARD, SB):
        missing = _fewest_missing(state.frozen_discards(seat), need, own, tuple(hand))
        score += w.own_chance[missing] if missing < len(w.own_chance) else 0.0
    return score + w.empty_pile * tops[1:].count(NO_CARD)


@lru_cache(maxsize=4096)
def _face_value(hand: tuple[int, ...]) -> int:
    """Sum of the face values of the number cards in ``hand`` (counts per value)."""
    return sum(card * hand[card] for card in range(1, SB))


def _threats(state: Round, seat: int, need: list[int], w: Weights) -> float:
    """Penalty for what the opponents can do with the build piles we leave them.

    For each opponent, the fewest cards missing between a build pile and their
    stock top once their own discard tops are used (their hand is unknown): 0
    missing means they play their stock card for sure, 1 or 2 that their hand
    or draw may well bridge the gap.
    """
    n = state.rules.players
    partner = state.partners[seat]
    penalty = 0.0
    first = True
    for step in range(1, n):
        other = (seat + step) % n
        if other == partner:
            continue
        top = state._tops[other][0]
        if top in (NO_CARD, SB):
            first = False
            continue
        missing = _fewest_missing(state.frozen_discards(other), need, top, None)
        if missing == 0:
            penalty += w.threat_next if first else w.threat_other
        elif missing == 1 and first:
            penalty += w.threat_near
        elif missing == 2 and first:
            penalty += w.threat_far
        first = False
    return -penalty


class SampledThreat:
    """The opponents' chances to play their stock card, by sampling their hands.

    An opponent's next hand is five cards the viewer cannot see, so it is drawn
    from the cards the view does not show, ``threat_samples`` times; each sample
    counts whether hand and discard tops bridge a build pile to their stock top.
    The answer depends only on the build piles during one's own turn, so it is
    cached per build state.
    """

    def __init__(self, view: PlayerView, seed: int | str, w: Weights) -> None:
        seat = view.seat
        assert seat is not None
        self.w = w
        self.hands = _sample_hands(view, seed, w.threat_samples)
        partner = view.rules.partner(seat)
        n = view.rules.players
        others = [(seat + step) % n for step in range(1, n)]
        self.opponents = [p for p in others if p != partner]
        self.cache: dict[tuple[int, ...], float] = {}
        self.masks: dict[tuple[tuple[tuple[int, ...], ...], int], list[int]] = {}

    def __call__(self, state: Round, need: list[int]) -> float:
        key = tuple(need)
        value = self.cache.get(key)
        if value is None:
            value = self.cache[key] = -self._penalty(state, need)
        return value

    def _penalty(self, state: Round, need: list[int]) -> float:
        total = 0.0
        for index, opponent in enumerate(self.opponents):
            weight = self.w.threat_next if index == 0 else self.w.threat_other
            total += weight * self._reach(state, need, opponent)
        return total

    def _reach(self, state: Round, need: list[int], opponent: int) -> float:
        """Share of sampled hands with which ``opponent`` plays their stock card."""
        top = state._tops[opponent][0]
        if top == NO_CARD:
            return 0.0
        if top == SB:
            return 1.0
        piles = state.frozen_discards(opponent)
        hits = self.masks.get((piles, top))
        if hits is None:
            hits = self.masks[piles, top] = [-1] * (top + 1)
        reached = 0
        for start in need:
            if start <= top:
                mask = hits[start]
                if mask < 0:
                    mask = hits[start] = _hands_reaching(self.hands, piles, start, top)
                reached |= mask
        return reached.bit_count() / len(self.hands)


def _hands_reaching(
    hands: list[tuple[int, ...]], piles: tuple[tuple[int, ...], ...], start: int, top: int
) -> int:
    """The set (a bit mask over ``hands``) of the sampled hands that, with ``piles``'
    tops, bridge a build pile needing ``start`` up to ``top``. The opponent's piles
    do not change during one's own turn, so :class:`SampledThreat` keeps this per
    start value and a build state then costs a few bit operations."""
    mask = 0
    for index, hand in enumerate(hands):
        if not _count_missing(piles, start, top, hand):
            mask |= 1 << index
    return mask


def _sample_hands(view: PlayerView, seed: int | str, count: int) -> list[tuple[int, ...]]:
    """``count`` five-card hands (as counts per value) from the unseen cards."""
    pool = unseen_cards(view)
    rng = random.Random(f"skipbo/threat/{seed}")
    hands = []
    for _ in range(count):
        counts = [0] * (SB + 1)
        for card in rng.sample(pool, min(HAND, len(pool))):
            counts[card] += 1
        hands.append(tuple(counts))
    return hands


_MISSING: dict[tuple[object, ...], list[int]] = {}
""":func:`_fewest_missing` by start value, per (piles, top, hand); -1 not yet counted."""
MISSING_CACHE_SIZE = 50_000


def _fewest_missing(
    piles: tuple[tuple[int, ...], ...], need: list[int], top: int, hand: tuple[int, ...] | None
) -> int:
    """Fewest cards not on ``piles``' tops (nor in ``hand``, counts per value)
    needed to bring a build pile (whose next values are ``need``) up to ``top``;
    99 when no pile is below it. Each start value is counted once per piles and
    hand and kept: a search meets the same ones again and again."""
    key = (piles, top, hand)
    by_start = _MISSING.get(key)
    if by_start is None:
        if len(_MISSING) > MISSING_CACHE_SIZE:
            _MISSING.clear()
        by_start = _MISSING[key] = [-1] * (top + 1)
    best = 99
    for start in need:
        if start <= top:
            missing = by_start[start]
            if missing < 0:
                missing = by_start[start] = _count_missing(piles, start, top, hand)
            best = min(best, missing)
    return best


def _count_missing(
    piles: tuple[tuple[int, ...], ...], start: int, top: int, hand: tuple[int, ...] | None
) -> int:
    """Cards missing to bring a pile needing ``start`` up to ``top``, each value
    bridged by a hand number, else a pile top of that number, else a pile SB,
    else a hand SB."""
    depth = top - start  # no pile can give more cards than the chain is long
    if depth <= 0:
        return 0
    stacks = [list(p[-depth:]) for p in piles if p]
    counts = list(hand) if hand is not None else [0] * (SB + 1)
    missing = 0
    for value in range(start, top):
        if counts[value]:
            counts[value] -= 1
        elif not _pop_top(stacks, value) and not _pop_top(stacks, SB):
            if counts[SB]:
                counts[SB] -= 1
            else:
                missing += 1
    return missing


def _pop_top(stacks: list[list[int]], card: int) -> bool:
    """Take ``card`` off the first stack it tops."""
    for stack in stacks:
        if stack and stack[-1] == card:
            stack.pop()
            return True
    return False


def discard_value(state: Round, move: Move, w: Weights) -> float:
    """What a discard (or ``end``) adds: keeping wilds, runs, not burying cards."""
    if move >= DISCARD_BASE + SB * SLOTS:
        return 0.0
    index = move - DISCARD_BASE
    card, pile = (index >> 2) + 1, index & 3
    cards = state._discards[state.to_move][pile]
    value = 0.0
    if card == SB:
        value -= w.wild_kept
    else:
        value += w.high_card_kept * card
    if not cards:
        return value - w.empty_pile
    covered = cards[-1]
    if covered == card + 1 or covered == card:
        value += w.run
    elif covered < card:
        value -= w.buried
    if _on_the_way(state, covered):
        value -= w.cover_needed
    return value


def _tops_on_the_way(state: Round) -> int:
    """Bit ``i`` set: the mover's discard pile ``i`` shows a card :func:`_on_the_way`."""
    tops = state._tops[state.to_move]
    stock = tops[0]
    if stock in (NO_CARD, SB):
        return 0
    low = min(state._build)
    mask = 0
    for pile in range(SLOTS):
        if low < tops[pile + 1] < stock:
            mask |= 1 << pile
    return mask


def _on_the_way(state: Round, card: int) -> bool:
    """Whether ``card`` lies between a build pile and the mover's stock top."""
    stock = state._tops[state.to_move][0]
    if card == SB or stock in (NO_CARD, SB) or card >= stock:
        return False
    return any(value < card for value in state._build)
