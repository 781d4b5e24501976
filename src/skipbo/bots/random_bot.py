"""The random bot: a uniformly random legal move, from its own seeded generator."""

from __future__ import annotations

import random
from collections.abc import Sequence

from skipbo.core import Move, PlayerView


class RandomBot:
    """Plays a uniformly random legal move; the baseline every bot must beat."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self._random = random.Random(f"skipbo/bot/random/{seed}").random

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        """Any legal move, each equally likely."""
        return legal[int(self._random() * len(legal))]
