"""The combo bot: whole-turn chains through the hand, the discard tops and wild cards.

The strongest public Skip-Bo heuristics play *combos*: each turn they look for the
longest useful chain of plays the visible cards allow (hand numbers, discard tops,
wild cards as bridges) and take the one that reaches the stock card, or failing
that the one that empties the hand (five fresh cards, the turn goes on). They keep
wild cards for the stock, and they discard so that the discard piles run downward
and stay playable. This bot does that with a small depth-first search over this
turn's visible cards, on plain lists (no rule engine, no sampling), so a decision
takes well under a millisecond:

1. a stock top that fits a build pile is played at once (own, then the partner's);
2. else the search scores every line of plays of hand cards, discard tops (the
   cards beneath are visible, so a pile can be played down) and wild cards,
   stopping where something new would be revealed (a stock card played, the hand
   emptied) or where the turn would end; :class:`ComboWeights` says what each
   ending is worth: stock cards, a refill, wild cards kept, next turn's reach
   to the own stock card, and the next opponent's chance to play their stock
   card on the build piles left to them (their discard piles are visible; their
   five hand cards are counted from the unseen cards, not sampled);
3. the line is followed until it is done or the view stops matching it;
4. the turn ends with a tidy discard (:func:`combo_discard`): descending runs,
   equal values, empty piles for high cards, never covering a card that is a
   step of next turn's chain to the stock.

Like every bot it sees only the player view; its moves are checked against the
legal moves. It is deterministic: it uses no randomness at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from skipbo.core import SB, Move, PlayerView
from skipbo.core.cards import MAX_VALUE, NO_CARD
from skipbo.core.determinize import unseen_counts
from skipbo.core.moves import (
    SLOTS,
    SRC_HAND,
    SRC_PARTNER_STOCK,
    SRC_STOCK,
    discard_move,
    play_move,
)

from .greedy import GreedyBot, next_opponent_top, own_piles, stock_play

NODE_LIMIT = 1_500
"""Bound on the turn search. Most turns need tens of positions; deep discard piles
full of playable runs can need thousands, and 1,500 keeps such a decision near
35 ms (twice the bound won no more rounds and doubled the slowest decision)."""
HAND = 5
"""Cards an opponent holds at the start of their turn."""
LONGEST_GAP = 5
"""Gaps between a build pile and a stock card longer than this count as unreachable."""


@dataclass(frozen=True, slots=True)
class ComboWeights:
    """What the end of a line is worth; the bot's style is in these numbers."""

    stock: float = 1000.0
    """For a line that plays a stock card (own or the partner's)."""
    refill: float = 400.0
    """For a line that empties the hand: five fresh cards and the turn goes on."""
    wild_kept: float = 150.0
    """Per wild card still in hand (kept for the stock)."""
    threat: tuple[float, ...] = (450.0, 300.0, 20.0)
    """Times the next opponent's chance to play their stock card on the piles left,
    by the number of opponent seats (1, 2, 3 or more): against one opponent all
    the piles are theirs next, against several the others move them first."""
    reach: tuple[float, ...] = (120.0, 60.0, 20.0)
    """By the fewest cards missing between a build pile and the own stock card,
    using the discard tops and the cards kept in hand: next turn's chances."""
    hand_card: float = 30.0
    """Per number played from the hand: it comes back as a fresh card next turn
    (less or more won fewer rounds: docs/bots.md, combo's variants)."""
    wait: float = 40.0
    """Per play before the stock card in a line that reaches it: plays the stock
    card does not need are better made after the next stock card is seen, which
    they may serve (it wins more rounds at 2 and at 4 players: docs/bots.md)."""
    wild_blocks: bool = True
    """Whether a wild card may be played as the next opponent's stock card, to
    take it out of their reach (the threat term decides whether it pays)."""
    discard: float = 0.0
    """Times the score of the best discard left at the end of the line
    (:func:`best_discard`: 40 for continuing a descending run, down to burying).
    Off: it won no rounds against combo without it, and slows the search."""
    last_card: float = 0.0
    """The threat weight when the next opponent's stock holds its last card (playing
    it wins them the round); 0: the ``threat`` weight as for any stock card."""
    last_reach: float = 0.0
    """Times the ``reach`` weights when the own stock holds its last card (reaching it
    next turn wins the round); 0: the ``reach`` weights as for any stock card."""
    pile_card: float = -10.0
    """Per card played from a discard pile: a reserve no draw refills, so spent
    only where the line gains by it (a bonus instead lost rounds: docs/bots.md)."""


class ComboBot(GreedyBot):
    """Stock first, then the best combo line of the turn, then a tidy discard."""

    name = "combo"

    def __init__(self, seed: int | str = 0, weights: ComboWeights | None = None) -> None:
        super().__init__(seed)
        self.weights = weights or ComboWeights()

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        """The next move of the turn's best line, or the tidy discard; always legal."""
        move = self._planned(view, legal)
        if move is None:
            move = stock_play(view)
        if move is None:
            line = self.line(view)
            if line:
                self._start_plan(line, len(view.hand))
                move = self._planned(view, legal)
        if move is not None and move in legal:
            return move
        move = self.discard(view)
        return move if move is not None and move in legal else legal[0]

    def line(self, view: PlayerView) -> list[Move]:
        """The turn's best line of plays from ``view`` (empty: end the turn)."""
        return combo_line(view, self.weights)

    def discard(self, view: PlayerView) -> Move | None:
        """The discard that ends the turn (None: none to make): the tidiest."""
        return combo_discard(view)


def combo_line(view: PlayerView, weights: ComboWeights) -> list[Move]:
    """The best line of plays this turn (empty: ending the turn now is best)."""
    return TurnSearch(view, weights).best()


class TurnSearch:
    """Depth-first search over the plays the visible cards allow this turn.

    A position is the build values, the hand counts and the discard pile heights;
    what follows from it depends on nothing else (but the waiting cost, on the
    line's length), so a position seen once is not searched again. A line ends
    where a stock card is played or the hand is emptied (the bot decides again
    with what is revealed), or wherever it stops to discard.
    """

    def __init__(self, view: PlayerView, weights: ComboWeights, nodes: int = NODE_LIMIT) -> None:
        self.w = weights
        self.limit = nodes
        """Positions searched at most (:data:`NODE_LIMIT` for the bot's own turn)."""
        self.build = list(view.build)
        self.counts = [0] * (SB + 1)
        self.hand_bits = 0
        """Bit ``v`` set while the hand holds a ``v``: kept beside ``counts`` so that
        :meth:`_missing` tests the chain's values with one mask."""
        for card in view.hand:
            self.counts[card] += 1
            self.hand_bits |= 1 << card
        self.piles = own_piles(view)
        self.pile_cards = [cards for _, cards in self.piles]
        """The piles' card lists alone (the same lists), for the position key."""
        self.stocks = _stock_tops(view)
        self.stock_bits = sum(1 << top for top in {top for _, top in self.stocks})
        """Bit ``v`` set when a stock top (own or the partner's) is a ``v``."""
        self.own_stock = self.stocks[0][1] if self.stocks else NO_CARD
        self.reach_counted = self.own_stock not in (NO_CARD, SB)
        self.reach = weights.reach
        if weights.last_reach and seat_stock(view) == 1:
            self.reach = tuple(weights.last_reach * r for r in weights.reach)
        self.threat = _Threat(view, weights)
        target = self.own_stock if self.own_stock != NO_CARD else SB
        self.own_gaps = _GAPS[target]
        self.gap_masks = _GAP_MASKS[target]
        self.seen: set[tuple[object, ...]] = set()
        self.discards: dict[tuple[object, ...], float] = {}
        self.best_score = float("-inf")
        self.best_line: list[Move] = []

    def best(self) -> list[Move]:
        self._search([], 0.0, sum(self.counts))
        return self.best_line

    def _search(self, line: list[Move], score: float, hand: int) -> None:
        build = self.build
        key = (tuple(build), tuple(self.counts), tuple(map(len, self.pile_cards)))
        seen = self.seen
        if key in seen or len(seen) >= self.limit:
            return
        seen.add(key)
        tops, top_wilds = self._pile_tops()
        end = score + self._value(final=True, tops=tops, top_wilds=top_wilds)
        if hand and self.w.discard:
            end += self.w.discard * self._discard_value()
        self._leaf(line, end)
        # A slot is tried only if some card could go on it (a wild card goes on
        # any): half the slots take nothing, and trying them changes nothing.
        playable = self.hand_bits | tops | self.stock_bits
        if playable & _WILD_BIT:
            playable = -1
        for slot, value in enumerate(build):
            if playable & 2 << value and build.index(value) == slot:
                self._extend(line, score, hand, slot)  # equal piles lead to equal lines

    def _leaf(self, line: list[Move], score: float) -> None:
        if score > self.best_score:
            self.best_score, self.best_line = score, list(line)

    def _extend(self, line: list[Move], score: float, hand: int, slot: int) -> None:
        """Every play onto ``slot``: a stock top (a leaf), a hand card, a discard top.

        Whether a wild card is worth playing here (:meth:`_wild_useful`) is asked
        only where a wild card could be played, and once: the answer depends on
        the hand and pile tops, which every play tried below restores."""
        build = self.build
        value = build[slot]
        need = value + 1
        build[slot] = 0 if need == MAX_VALUE else need
        w = self.w
        for source, top in self.stocks:
            if top in (need, SB):
                line.append(play_move(source, slot))
                after = self._value(final=False, reach=source != SRC_STOCK)
                wait = w.wait * (len(line) - 1)
                self._leaf(line, score + w.stock + after - wait)
                line.pop()
        counts = self.counts
        wild_useful: bool | None = None
        if counts[need]:
            self._play_hand(line, score, hand, slot, need)
        if counts[SB]:
            if hand != 1:
                wild_useful = self._wild_useful(need)
            if hand == 1 or wild_useful:
                self._play_hand(line, score, hand, slot, SB)
        for source, cards in self.piles:
            if not cards:
                continue
            top = cards[-1]
            if top != need:
                if top != SB:
                    continue
                if wild_useful is None:
                    wild_useful = self._wild_useful(need)
                if not wild_useful:
                    continue
            cards.pop()
            line.append(play_move(source, slot))
            self._search(line, score + w.pile_card, hand)
            line.pop()
            cards.append(top)
        build[slot] = value

    def _play_hand(self, line: list[Move], score: float, hand: int, slot: int, card: int) -> None:
        counts = self.counts
        counts[card] -= 1
        if not counts[card]:
            self.hand_bits ^= 1 << card
        line.append(play_move(SRC_HAND + card, slot))
        score += self.w.hand_card if card != SB else 0.0
        if hand == 1:
            self._leaf(line, score + self.w.refill + self._value(final=False))
        else:
            self._search(line, score, hand - 1)
        line.pop()
        if not counts[card]:
            self.hand_bits ^= 1 << card
        counts[card] += 1

    def _wild_useful(self, need: int) -> bool:
        """Whether a wild card played as ``need`` leads on or blocks the next opponent."""
        return self._wild_leads_on(need) or (self.w.wild_blocks and need == self.threat.top)

    def _wild_leads_on(self, need: int) -> bool:
        """Whether a wild card played as ``need`` can be followed by something: a
        stock top, hand card or discard top of a value the wild cards still held
        bridge to (a wild card played for nothing is a wild card lost)."""
        tops, top_wilds = self._pile_tops()
        spare = self.counts[SB] - 1 + top_wilds
        if spare < 0:
            return False  # no wild card left to bridge with
        if self.stock_bits & _WILD_BIT:
            return True  # a wild stock top follows anything
        have = self.hand_bits | tops | self.stock_bits
        after = need
        for _ in range(spare + 1):
            after = 1 if after == MAX_VALUE else after + 1
            if have >> after & 1:
                return True
        return False

    def _value(self, final: bool, reach: bool = True, tops: int = -1, top_wilds: int = 0) -> float:
        """What the position is worth besides the line's own plays.

        ``final`` when the turn ends here: the next opponent then gets the build
        piles as they are. After a stock play or a refill the turn goes on and the
        piles will change, so the threat counts half. Without ``reach`` (the own
        stock card was just played, the next one is unknown) the reach to the
        stock card is not counted. ``tops`` and ``top_wilds``: the pile tops as
        bits and the wild cards among them, when the caller knows them."""
        w = self.w
        score = w.wild_kept * self.counts[SB]
        threats = self.threat
        threat = threats.cache.get(tuple(self.build)) if threats.pool else 0.0
        if threat is None:
            threat = threats.chance(self.build)
        score -= threats.weight * threat * (1.0 if final else 0.5)
        if reach and self.reach_counted:
            missing = self._missing(tops, top_wilds)
            if missing < len(self.reach):
                score += self.reach[missing]
        return score

    def _discard_value(self) -> float:
        """How tidy the turn's closing discard can be with the hand and piles left."""
        tops = tuple(cards[-1] if cards else NO_CARD for _, cards in self.piles[:SLOTS])
        key = (tuple(self.counts), tops, tuple(self.build))
        value = self.discards.get(key)
        if value is None:
            needed = chain_values(self.build, self.own_stock)
            value = self.discards[key] = best_discard(self.counts, tops, needed)[0]
        return value

    def _pile_tops(self) -> tuple[int, int]:
        """The discard tops as bits (bit ``v`` for a top of value ``v``) and how
        many of them are wild cards, as the line has left the piles."""
        tops = top_wilds = 0
        for cards in self.pile_cards:
            if cards:
                top = cards[-1]
                tops |= 1 << top
                top_wilds += top == SB
        return tops, top_wilds

    def _missing(self, tops: int = -1, top_wilds: int = 0) -> int:
        """Fewest cards missing between a build pile and the own stock card after
        using the discard tops, the hand numbers and the wild cards in hand
        (``tops``, ``top_wilds``: as :meth:`_value` takes them, -1 unknown)."""
        if tops < 0:
            tops, top_wilds = self._pile_tops()
        have = self.hand_bits | tops
        wilds = self.counts[SB] + top_wilds
        best = LONGEST_GAP + 1
        masks = self.gap_masks
        for value in self.build:
            needed = masks[value]
            if needed >= 0:
                missing = (needed & ~have).bit_count() - wilds
                if missing < best:
                    best = missing
        return best if best > 0 else 0


def seat_stock(view: PlayerView) -> int:
    """Cards in the own stock (0 for a spectator's view)."""
    return 0 if view.seat is None else view.players[view.seat].stock


def _stock_tops(view: PlayerView) -> list[tuple[int, int]]:
    """(play source, top) of the own stock and the partner's, when not empty."""
    seat = view.seat
    assert seat is not None
    tops = [(SRC_STOCK, view.players[seat].stock_top)]
    if view.partner is not None:
        tops.append((SRC_PARTNER_STOCK, view.players[view.partner].stock_top))
    return [(source, top) for source, top in tops if top != NO_CARD]


def _gap(value: int, target: int) -> tuple[int, ...] | None:
    """The values a build pile at ``value`` needs before ``target`` fits on it
    (through a completed pile when ``target`` is lower); None when too many."""
    if target == SB:
        return ()
    if value < target:
        needed = tuple(range(value + 1, target))
    else:
        needed = tuple(range(value + 1, MAX_VALUE + 1)) + tuple(range(1, target))
    return needed if len(needed) <= LONGEST_GAP else None


def _gap_mask(needed: tuple[int, ...] | None) -> int:
    """Bit ``v`` set for every value of ``needed``; -1 for None (too many)."""
    return -1 if needed is None else sum(1 << v for v in set(needed))


_WILD_BIT: Final = 1 << SB
"""The wild card's bit in the searches' card masks."""
_GAPS: Final = tuple(
    tuple(_gap(value, target) for value in range(MAX_VALUE + 1)) for target in range(SB + 1)
)
"""``_GAPS[target][value]`` is :func:`_gap` (a search asks it at every position)."""
_GAP_MASKS: Final = tuple(tuple(_gap_mask(needed) for needed in gaps) for gaps in _GAPS)
"""``_GAPS`` as bit masks (:func:`_gap_mask`)."""


class _Threat:
    """The next opponent's chance to play their stock card on given build piles.

    Their discard piles are visible and bridge what they can (a top played shows
    the card below, which may be the next step); their five hand cards
    are unknown, so each is taken to be a value in proportion to the unseen cards
    (independent draws: a close estimate for five cards out of a hundred). The
    chance depends only on the build values, so it is cached per build state;
    and the caches are shared by every search that sees the same opponent's
    stock top and discard piles and the same unseen cards (:data:`_THREATS`):
    within a turn, and between the discards the expert compares, only the
    searcher's own hand and piles differ, which the chance does not read.
    """

    def __init__(self, view: PlayerView, weights: ComboWeights) -> None:
        seat = view.seat
        assert seat is not None
        opponents = view.rules.players - (2 if view.partner is not None else 1)
        self.weight = weights.threat[min(opponents, len(weights.threat)) - 1]
        self.top = next_opponent_top(view)
        self.piles_seen: list[tuple[int, ...]] = []
        n = view.rules.players
        for step in range(1, n):
            other = (seat + step) % n
            if other != view.partner:
                self.piles_seen = [p for p in view.players[other].discards if p]
                if weights.last_card and view.players[other].stock == 1:
                    self.weight = weights.last_card
                break
        self.cache: dict[tuple[int, ...], float] = {}
        self.by_value: dict[int, float] = {}
        self.pool: list[float] = []
        if self.weight and self.top not in (NO_CARD, SB):
            unseen = unseen_counts(view)
            key = (self.top, tuple(self.piles_seen), tuple(unseen))
            shared = _THREATS.get(key)
            if shared is None:
                if len(_THREATS) >= _THREATS_LIMIT:
                    _THREATS.clear()
                total = sum(unseen) or 1
                shared = _THREATS[key] = ([count / total for count in unseen], {}, {})
            self.pool, self.cache, self.by_value = shared

    def chance(self, build: list[int]) -> float:
        if not self.pool:
            return 0.0
        key = tuple(build)
        value = self.cache.get(key)
        if value is None:
            miss = 1.0
            for pile in build:
                chance = self.by_value.get(pile)
                if chance is None:
                    chance = self.by_value[pile] = self._pile_chance(pile)
                miss *= 1.0 - chance
            value = self.cache[key] = 1.0 - miss
        return value

    def _pile_chance(self, value: int) -> float:
        needed = _GAPS[self.top][value]
        if needed is None:
            return 0.0
        piles = [list(pile) for pile in self.piles_seen]
        rest = []
        for v in needed:
            pile = next((p for p in piles if p and p[-1] == v), None)
            if pile is None:
                rest.append(v)
            else:
                pile.pop()  # the card below shows and may be the next step
        wilds = sum(1 for p in piles if p and p[-1] == SB)
        return _cover_chance(tuple(rest), wilds, self.pool)


_THREATS: dict[
    tuple[object, ...], tuple[list[float], dict[tuple[int, ...], float], dict[int, float]]
] = {}
"""(pool, chance by build values, chance by pile value) of :class:`_Threat`, by what
they depend on: the opponent's stock top, their discard piles and the unseen
counts. A pure memo (cleared at :data:`_THREATS_LIMIT` entries)."""
_THREATS_LIMIT: Final = 4096


def _cover_chance(needed: tuple[int, ...], wilds: int, pool: list[float]) -> float:
    """The chance that ``HAND`` cards drawn by ``pool``'s shares hold the ``needed``
    values, wild cards standing in for any (``wilds`` of them already held).

    The needed values are taken as equally likely (their mean share): the unseen
    counts of the numbers differ little, and it makes the answer a function of
    three small numbers, cached across positions and turns."""
    k = len(needed) - wilds
    if k <= 0:
        return 1.0
    if k > HAND:
        return 0.0
    share = sum(pool[v] for v in needed) / len(needed)
    return _cover(len(needed), k, round(share, 3), round(pool[SB], 3))


@lru_cache(maxsize=1 << 16)
def _cover(distinct: int, k: int, share: float, wild: float, draws: int = HAND) -> float:
    """Chance that ``draws`` cards cover ``k`` of ``distinct`` values (each drawn
    with chance ``share``) counting a wild card (chance ``wild``) as any.

    A chain over (values found, wild cards drawn) states, run as the fixed
    program :func:`_cover_steps` (the additions in the order a dict of states
    makes them, so the sums are the same floats: choices hang on exact ties)."""
    steps, covered = _cover_steps(k, draws)
    news = [(distinct - found) * share for found in range(draws + 1)]
    stays = [1.0 - new - wild for new in news]
    chances = [1.0]
    for sources, size in steps:
        after = [0.0] * size
        for p, (found, to_new, to_wild, to_stay) in zip(chances, sources, strict=True):
            after[to_new] = after[to_new] + p * news[found]
            after[to_wild] = after[to_wild] + p * wild
            after[to_stay] = after[to_stay] + p * stays[found]
        chances = after
    return sum([p for p, counts in zip(chances, covered, strict=True) if counts])


@lru_cache(maxsize=(HAND + 1) ** 2)
def _cover_steps(
    k: int, draws: int = HAND
) -> tuple[tuple[tuple[tuple[tuple[int, int, int, int], ...], int], ...], tuple[bool, ...]]:
    """The program :func:`_cover` runs for ``k`` and ``draws``: per draw, for each
    state in order, (values found, the states a new value, a wild card and anything
    else lead to, as indices), and the number of states after it; then which final
    states cover ``k``. The states are numbered in the order a dict keyed by (found,
    wild cards) would first meet them, which depends on ``k`` and ``draws`` alone."""
    states = [(0, 0)]
    steps = []
    for _ in range(draws):
        index: dict[tuple[int, int], int] = {}
        sources = []
        for found, jokers in states:
            moves = []
            for key in ((found + 1, jokers), (found, min(jokers + 1, k)), (found, jokers)):
                moves.append(index.setdefault(key, len(index)))
            sources.append((found, moves[0], moves[1], moves[2]))
        steps.append((tuple(sources), len(index)))
        states = list(index)
    return tuple(steps), tuple(found + jokers >= k for found, jokers in states)


def combo_discard(view: PlayerView) -> Move | None:
    """The tidiest discard (:func:`best_discard`) for the view's hand and piles."""
    seat = view.seat
    assert seat is not None
    if not view.hand:
        return None
    own = view.players[seat]
    counts = [0] * (SB + 1)
    for card in view.hand:
        counts[card] += 1
    tops = tuple(cards[-1] if cards else NO_CARD for cards in own.discards)
    return best_discard(counts, tops, chain_values(list(view.build), own.stock_top))[1]


def best_discard(counts: list[int], tops: tuple[int, ...], needed: set[int]) -> tuple[float, Move]:
    """(score, move) of the discard that best keeps the piles descending.

    A card one below a pile's top continues a run; equal values stack; an empty
    pile takes a high card; covering a lower card buries it. A pile whose top is
    one of ``needed`` (a step of next turn's chain to the own stock card) is not
    covered. A wild card is discarded only when nothing else is held; among
    equal scores the higher card goes."""
    numbers = [c for c in range(1, SB) if counts[c]] or [SB]
    best: tuple[float, int, Move] = (float("-inf"), 0, -1)
    for card in numbers:
        for pile, top in enumerate(tops):
            score = discard_value(card, top, needed)
            if (score, card) > best[:2]:
                best = (score, card, discard_move(card, pile))
    return best[0], best[2]


def chain_values(build: list[int], target: int) -> set[int]:
    """Values that lie between a build pile and ``target`` (next turn's chain)."""
    values: set[int] = set()
    if target in (NO_CARD, SB):
        return values
    for value in build:
        needed = _gap(value, target)
        if needed is not None:
            values.update(needed)
    return values


def discard_value(card: int, top: int, needed: set[int]) -> float:
    """What discarding ``card`` onto a pile whose top is ``top`` is worth: its
    tidiness, less 25 when it covers a step of next turn's chain (``needed``)."""
    return _discard_score(card, top) - (25.0 if top in needed else 0.0)


def _discard_score(card: int, top: int) -> float:
    if top == card + 1:
        return 40.0
    if top == card:
        return 30.0
    if top == NO_CARD:
        return 10.0 + card
    if top > card:
        return 10.0 - (top - card)
    return -float(card - top)
