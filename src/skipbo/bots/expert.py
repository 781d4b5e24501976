"""The expert bot: plans whole turns and samples what it cannot see.

It is the planner of :mod:`skipbo.bots.planner` (a search over every line of
plays the visible cards allow this turn, through the core's rule path on a
sampled position) with the next opponent's reply estimated by sampling: their
next five cards are drawn many times from the cards the view does not show
(determinized Monte Carlo), and a line is charged for the share of those hands
with which they could reach their stock card. The bot still only ever receives
views; sampling from the unseen cards is counting, not peeking.
"""

from __future__ import annotations

from .planner import Weights
from .planning_bot import PlanningBot

DEFAULT_BUDGET = 400
"""Search nodes per plan: a median decision well under 100 ms on one core."""
THREAT_SAMPLES = 24
"""Sampled opponent hands per plan."""


class ExpertBot(PlanningBot):
    """Whole-turn planning with a sampled opponent threat."""

    name = "expert"

    def __init__(
        self, seed: int | str = 0, weights: Weights | None = None, budget: int = DEFAULT_BUDGET
    ) -> None:
        super().__init__(seed, weights or Weights(threat_samples=THREAT_SAMPLES), budget)
