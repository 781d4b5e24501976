"""What a bot is: a function of a player view and the legal moves.

Bots never receive the full state (rules §10, the brief's "secrets hidden in
one function"): the runner hands them :class:`~skipbo.core.PlayerView` objects
only. A bot may keep its own seeded state between decisions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from skipbo.core import Move, PlayerView


class Bot(Protocol):
    """A player program. ``choose`` must return one of ``legal``."""

    name: str

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        """The move to play in the position ``view`` shows."""
        ...
