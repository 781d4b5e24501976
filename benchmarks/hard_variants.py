"""Candidates for the ``hard`` level: combo with a weaker, simpler style.

Run: ``.venv/bin/python benchmarks/hard_variants.py --pairs hv-t0:greedy --deals 300 --jobs 1``

Registers variant names (below) beside the usual bots, then runs
``benchmarks/ladder.py``'s main with the same arguments. A variant name is
``hv`` followed by settings, each a letter and a number (``FIELDS``); what is not
named is combo's (:class:`~skipbo.bots.combo.ComboWeights`):

- ``-t0`` no opponent modelling (threat weights 0), ``-r0`` no reach term;
- ``-kN`` wild_kept, ``-hN`` hand_card, ``-wN`` wait, ``-pN`` pile_card (negative
  as ``-pm10``), ``-fN`` refill, ``-b0`` wild cards never played to block;
- ``-nN`` at most N positions searched per decision;
- ``-g1`` greedy's discard instead of combo's;
- ``-d1`` plans with the discard tops only (not the cards beneath them);
- ``-lN`` lines of at most N plays (a stock card may end one a play longer).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from skipbo.bots.combo import ComboBot, ComboWeights, TurnSearch, combo_discard
from skipbo.bots.greedy import _discard, stock_play
from skipbo.bots.registry import BOTS
from skipbo.core import Move, PlayerView

sys.path.insert(0, str(Path(__file__).parent))
import ladder

FIELDS = {
    "k": "wild_kept",
    "h": "hand_card",
    "w": "wait",
    "p": "pile_card",
    "f": "refill",
}
"""Letter of a variant name's field: the :class:`ComboWeights` field it sets."""


class Bounded(TurnSearch):
    """Combo's turn search with a bound on the positions searched (0: combo's),
    optionally seeing only the tops of the discard piles."""

    def __init__(
        self, view: PlayerView, weights: ComboWeights, nodes: int, tops: bool, depth: int
    ) -> None:
        super().__init__(view, weights)
        self.nodes, self.depth = nodes, depth
        if tops:
            self.piles = [(source, cards[-1:]) for source, cards in self.piles]

    def _search(self, line: list[Move], score: float, hand: int) -> None:
        if self.depth and len(line) >= self.depth:
            self._leaf(line, score + self._value(final=True))
        elif not self.nodes or len(self.seen) < self.nodes:
            super()._search(line, score, hand)


class Variant(ComboBot):
    """Combo with other weights, an optional search bound and discard."""

    nodes = 0
    greedy_discard = False
    tops = False
    depth = 0

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        move = self._planned(view, legal)
        if move is None:
            move = stock_play(view)
        if move is None:
            line = Bounded(view, self.weights, self.nodes, self.tops, self.depth).best()
            if line:
                self._start_plan(line, len(view.hand))
                move = self._planned(view, legal)
        if move is not None and move in legal:
            return move
        move = _discard(view) if self.greedy_discard else combo_discard(view)
        return move if move is not None and move in legal else legal[0]


def settings(name: str) -> tuple[ComboWeights, int, bool, bool, int]:
    """(weights, node bound, greedy discard, tops only, depth) a variant name spells."""
    weights = ComboWeights()
    nodes, greedy, tops, depth = 0, False, False, 0
    for key, sign, number in re.findall(r"-([a-zA-Z])(m?)(\d+)", name):
        value = -int(number) if sign else int(number)
        if key == "t":
            weights = replace(weights, threat=tuple(value * t / 100 for t in weights.threat))
        elif key == "r":
            weights = replace(weights, reach=tuple(value * r / 100 for r in weights.reach))
        elif key == "b":
            weights = replace(weights, wild_blocks=bool(value))
        elif key == "n":
            nodes = value
        elif key == "g":
            greedy = bool(value)
        elif key == "d":
            tops = bool(value)
        elif key == "l":
            depth = value
        else:
            changed: dict[str, Any] = {FIELDS[key]: float(value)}
            weights = replace(weights, **changed)
    return weights, nodes, greedy, tops, depth


def register(names: list[str]) -> None:
    for name in names:
        if name.startswith("hv") and name not in BOTS:
            weights, nodes, greedy, tops, depth = settings(name)

            def factory(
                seed: int | str,
                weights: ComboWeights = weights,
                nodes: int = nodes,
                greedy: bool = greedy,
                tops: bool = tops,
                depth: int = depth,
                name: str = name,
            ) -> Variant:
                bot = Variant(seed, weights)
                bot.nodes, bot.greedy_discard, bot.tops, bot.name = nodes, greedy, tops, name
                bot.depth = depth
                return bot

            BOTS[name] = factory


if __name__ == "__main__":
    ladder.main_with_variants(register)
