"""Bots that plan whole turns (:mod:`skipbo.bots.plan_search`) and follow the plan.

A plan is followed move by move while it still fits: each planned move must be
legal and the hand must have the size the plan expects (a refill or a revealed
stock card ends the plan, and the bot plans again from the new view).
"""

from __future__ import annotations

from collections.abc import Sequence

from skipbo.core import Move, PlayerView
from skipbo.core.moves import SLOTS, SRC_HAND

from .plan_search import Weights, plan_turn


class PlanningBot:
    """Plans the turn with ``weights`` and a node budget, then plays the plan."""

    name = "planner"

    def __init__(self, seed: int | str = 0, weights: Weights | None = None, budget: int = 400):
        self.seed = seed
        self.weights = weights or Weights()
        self.budget = budget
        self._plan: list[Move] = []
        self._hand: list[int] = []
        self._decisions = 0

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        """Next move of the current plan, planning afresh when it no longer fits."""
        self._decisions += 1
        move = self._follow(view, legal)
        if move is None:
            lines = plan_turn(view, f"{self.seed}/{self._decisions}", self.weights, self.budget)
            if not lines:
                return legal[0]
            self._remember(lines[0].moves, len(view.hand))
            move = self._follow(view, legal)
        return move if move is not None else legal[0]

    def _remember(self, moves: list[Move], hand: int) -> None:
        self._plan = list(moves)
        self._hand = []
        for move in moves:
            self._hand.append(hand)
            hand -= move >= (SRC_HAND + 1) * SLOTS
        self._plan.reverse()
        self._hand.reverse()

    def _follow(self, view: PlayerView, legal: Sequence[Move]) -> Move | None:
        if self._plan:
            move, hand = self._plan.pop(), self._hand.pop()
            if hand == len(view.hand) and move in legal:
                return move
        self._plan, self._hand = [], []
        return None
