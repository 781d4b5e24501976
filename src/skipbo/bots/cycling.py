"""Hand cycling: play out the hand so that fresh cards keep coming.

A number played from the hand is replaced by a fresh card at the start of the
next turn (and an emptied hand draws five at once), while a discard top played
is gone from a reserve that no draw refills. Over a round, the player who sees
more cards finds more of the cards their stock needs. At tables with more than
one opponent this matters more than anything one leaves on the build piles,
which the other seats change before one's next turn: at 4 players against
three ``hard`` bots, cycling the hand wins far more rounds than ``hard``'s own
free plays (discard tops first) do (docs/bots.md).

Each decision, in this order:

1. play the stock top (own, then the partner's) if it fits a build pile;
2. else the shortest chain to a stock top, hand numbers before discard tops;
3. else the best *free line*: a depth-first search over plays of hand numbers
   and discard tops (never a wild card, which is kept for the stock), scored by
   :class:`CyclingWeights`, optionally less what the next opponent can do with
   the build piles left (a sampled threat);
4. else the tidiest discard.

Like every bot it reads only the player view; the moves it returns are checked
against the core's legal moves.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from skipbo.core import SB, Move, PlayerView
from skipbo.core.cards import MAX_VALUE
from skipbo.core.moves import SLOTS, SRC_HAND, play_move

from .greedy import GreedyBot, own_piles

NODE_LIMIT = 20_000
"""Safety bound on the free-line search (a hand of five and four discard piles
stay far below it thanks to the transposition set)."""

Threat = Callable[[list[int]], float]
"""Value (zero or less) of leaving build piles that need these cards next."""


@dataclass(frozen=True, slots=True)
class CyclingWeights:
    """What a free line is worth; stock plays come before any free line."""

    hand: float = 10.0
    """Per number played from the hand."""
    pile: float = 3.0
    """Per card played from a discard pile (own or the partner's)."""


class CyclingBot(GreedyBot):
    """Stock first, then the shortest chain to it, then play out the hand."""

    name = "cycler"
    hand_first = True

    def __init__(self, seed: int | str = 0, weights: CyclingWeights | None = None) -> None:
        super().__init__(seed)
        self.weights = weights or CyclingWeights()

    def _free_move(self, view: PlayerView) -> Move | None:
        """The first play of the best free line, if any line pays."""
        line = free_line(view, self.weights, self.threat(view))
        return line[0] if line else None

    def threat(self, view: PlayerView) -> Threat | None:
        """The penalty for build piles left to the opponents (none here)."""
        return None


def free_line(
    view: PlayerView, weights: CyclingWeights, threat: Threat | None = None
) -> list[Move]:
    """The best line of plays from the hand and the discard tops (empty: none pays)."""
    return _FreeSearch(view, weights, threat).best()


def free_lines(
    view: PlayerView, weights: CyclingWeights, threat: Threat | None, count: int
) -> list[tuple[float, list[Move]]]:
    """The ``count`` best (score, line) of :func:`free_line`'s search, best first
    (the empty line, playing nothing, among them; each ends in a different
    position). The first is :func:`free_line`'s."""
    search = _FreeSearch(view, weights, threat)
    search.candidates = []
    search.best()
    ranked = sorted(enumerate(search.candidates), key=lambda c: (-c[1][0], c[0]))
    return [line for _, line in ranked[:count]]


class _FreeSearch:
    """Depth-first search over free plays with a transposition set.

    A position is the build values, the hand counts and the discard pile
    heights; the score of a line depends on nothing else, so a position seen
    once need not be searched again.
    """

    def __init__(self, view: PlayerView, weights: CyclingWeights, threat: Threat | None) -> None:
        self.weights = weights
        self.threat = threat
        self.build = list(view.build)
        self.counts = [0] * (SB + 1)
        for card in view.hand:
            self.counts[card] += 1
        self.piles = own_piles(view)
        self.seen: set[tuple[object, ...]] = set()
        self.best_score = float("-inf")
        self.best_line: list[Move] = []
        self.candidates: list[tuple[float, list[Move]]] | None = None
        """Every line considered, when asked for (:func:`free_lines`)."""

    def best(self) -> list[Move]:
        self._search([], 0.0, sum(self.counts))
        return self.best_line

    def _needs(self) -> list[int]:
        return [value + 1 for value in self.build]

    def _search(self, line: list[Move], score: float, hand: int) -> None:
        key = (tuple(self.build), tuple(self.counts), tuple(len(c) for _, c in self.piles))
        if key in self.seen or len(self.seen) >= NODE_LIMIT:
            return
        self.seen.add(key)
        self._consider(line, score, hand)
        if hand == 0:
            return  # the hand refills: the bot decides again with the new cards
        for slot in range(SLOTS):
            self._extend(line, score, hand, slot)

    def _consider(self, line: list[Move], score: float, hand: int) -> None:
        """Keep ``line`` if it beats the best so far (an emptied hand leaves
        the piles to oneself first, so no threat is counted for it)."""
        if hand and self.threat is not None:
            score += self.threat(self._needs())
        if self.candidates is not None:
            self.candidates.append((score, list(line)))
        if score > self.best_score:
            self.best_score, self.best_line = score, list(line)

    def _extend(self, line: list[Move], score: float, hand: int, slot: int) -> None:
        """Try the hand number and the first discard top that fit ``slot``."""
        value = self.build[slot]
        need = value + 1
        self.build[slot] = 0 if need == MAX_VALUE else need
        if self.counts[need]:
            self.counts[need] -= 1
            line.append(play_move(SRC_HAND + need, slot))
            self._search(line, score + self.weights.hand, hand - 1)
            line.pop()
            self.counts[need] += 1
        for source, cards in self.piles:
            if cards and cards[-1] == need:
                cards.pop()
                line.append(play_move(source, slot))
                self._search(line, score - self.weights.pile, hand)
                line.pop()
                cards.append(need)
                break
        self.build[slot] = value
