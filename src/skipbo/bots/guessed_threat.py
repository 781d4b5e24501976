"""Combo's threat term with the next opponent's hand guessed instead of counted.

:class:`~skipbo.bots.combo.TurnSearch` charges a line for the next opponent's chance
to play their stock card on the build piles it leaves (combo's ``threat`` weight).
Combo counts that opponent's five hand cards from the unseen cards: every number in
proportion to how many are unseen. But at the own turn the opponent already holds
the cards they kept from their last turn (about three at 2 players), and only the
rest are fresh draws. :class:`GuessedThreat` takes the kept cards from guesses of
that hand (:class:`~skipbo.bots.inference.HandParticles`' guesses, or the true hand for a
benchmark's seer) and draws only the rest, averaging the chance over the guesses.

It is the cheapest way to use the guesses: no world is dealt and no turn is played,
so the search costs what combo's does; and the chance it changes is the one the
race (which needs the hand) was best at. docs/bots.md has what it measured.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from skipbo.core import SB, PlayerView

from .combo import _GAPS, HAND, ComboWeights, _cover, _Threat


class GuessedThreat(_Threat):
    """The next opponent's chance to play their stock card on given build piles,
    their hand at the end of their last turn taken from ``hands`` (each guess equally
    likely) and the cards they will draw up to five from the unseen shares.

    A :class:`~skipbo.bots.combo._Threat` (its ``weight``, ``top``, the opponent's
    discard piles and ``pool``, the unseen shares, empty when there is nothing to
    count), so a :class:`~skipbo.bots.combo.TurnSearch` can use either; its caches
    are its own, never combo's shared ones."""

    def __init__(
        self, view: PlayerView, weights: ComboWeights, hands: Sequence[Sequence[int]]
    ) -> None:
        super().__init__(view, weights)
        self.hands = [Counter(hand) for hand in hands]
        self.cache = {}
        self.by_value = {}
        self._by_pile: dict[tuple[int, int], float] = {}

    def chance(self, build: list[int]) -> float:
        """The chance averaged over the guesses (for one guess: any pile reachable,
        the piles taken as independent, as combo does)."""
        if not self.pool or not self.hands:
            return 0.0
        key = tuple(build)
        value = self.cache.get(key)
        if value is None:
            total = 0.0
            for guess in range(len(self.hands)):
                miss = 1.0
                for pile in build:
                    chance = self._by_pile.get((guess, pile))
                    if chance is None:
                        chance = self._by_pile[guess, pile] = self._guessed_pile_chance(guess, pile)
                    miss *= 1.0 - chance
                total += 1.0 - miss
            value = self.cache[key] = total / len(self.hands)
        return value

    def _guessed_pile_chance(self, guess: int, value: int) -> float:
        """The chance that the guessed hand, its fresh cards and the discard tops carry
        the build pile at ``value`` up to the stock card."""
        needed = _GAPS[self.top][value]
        if needed is None:
            return 0.0
        piles = [list(pile) for pile in self.piles_seen]
        held = Counter(self.hands[guess])
        rest = []
        for v in needed:
            pile = next((p for p in piles if p and p[-1] == v), None)
            if pile is not None:
                pile.pop()  # the card below shows and may be the next step
            elif held[v]:
                held[v] -= 1
            else:
                rest.append(v)
        wilds = sum(1 for p in piles if p and p[-1] == SB) + held[SB]
        k = len(rest) - wilds
        if k <= 0:
            return 1.0
        draws = max(0, HAND - sum(self.hands[guess].values()))
        if k > draws:
            return 0.0
        share = sum(self.pool[v] for v in rest) / len(rest)
        return _cover(len(rest), k, round(share, 3), round(self.pool[SB], 3), draws)


def next_opponent(view: PlayerView) -> int | None:
    """The seat whose stock card combo's threat term is about: the next one that is
    not the partner (None for a spectator's view)."""
    seat = view.seat
    if seat is None:
        return None
    n = view.rules.players
    return next((seat + step) % n for step in range(1, n) if (seat + step) % n != view.partner)
