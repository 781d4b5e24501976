"""The hard bot: combo's whole-turn chains, with a short look and no eye on the opponent.

It plays like :mod:`skipbo.bots.combo` (the level above it is the expert, which
builds on combo): a stock top that fits is played at once; else it searches the
turn's lines of plays through the hand numbers, the discard tops (and the cards
beneath them) and wild cards, and follows the one that reaches the stock card,
or failing that empties the hand for five fresh cards; it keeps wild cards for
the stock, and ends the turn with combo's tidy discard (descending runs, never
covering a step of next turn's chain). Three things make it weaker than combo,
chosen by measurement to sit halfway between the greedy policy and combo:

- it does not watch what the next opponent needs (combo's threat term is 0, and
  it never plays a wild card only to block their stock card);
- it does not weigh next turn's reach to its stock card (combo's reach term is 0);
- its search of the turn stops after :data:`HARD_NODES` positions (combo: 1,500),
  depth first, so it sees the first lines whole and misses others.

docs/bots.md has the figures. Like every bot it sees only the player view and
answers a legal move; it uses no randomness at all.
"""

from __future__ import annotations

from skipbo.core import Move, PlayerView

from .combo import ComboBot, ComboWeights, TurnSearch

HARD_NODES = 25
"""Positions the turn search looks at per decision (combo's bound is 1,500)."""
HARD_WEIGHTS = ComboWeights(threat=(0.0, 0.0, 0.0), reach=(0.0, 0.0, 0.0), wild_blocks=False)
"""Combo's weights without the opponent (threat, wild cards to block) and reach terms."""


class HardBot(ComboBot):
    """The ``hard`` level: combo's chains to the stock, a short search, no threat."""

    name = "hard"

    def __init__(self, seed: int | str = 0) -> None:
        super().__init__(seed, HARD_WEIGHTS)

    def line(self, view: PlayerView) -> list[Move]:
        """The best line the bounded search finds (empty: end the turn)."""
        return TurnSearch(view, self.weights, HARD_NODES).best()
