"""Bots by name, as the command line and simulations ask for them.

The ladder, weakest first: ``random``, ``easy``, ``medium``, ``hard``, ``expert``
(docs/bots.md has the measured strengths), each in the module of its name.
``hard`` is combo's style made weaker; ``expert`` is combo's turns with a learned
discard. Beside the ladder: ``greedy``, the greedy policy below ``hard``;
``combo``, the fast heuristic that ``hard`` and ``expert`` build on (whole-turn
combos in the style of the strongest public heuristics, no sampling); and
``planner``, whole-turn planning through the core with sampled chance events and
the value network, kept for comparison.
"""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot
from .combo import ComboBot
from .easy import EasyBot
from .expert import ExpertBot
from .greedy import GreedyBot
from .hard import HardBot
from .medium import MediumBot
from .planner import PlannerBot
from .random_bot import RandomBot

BOTS: dict[str, Callable[[int | str], Bot]] = {
    "random": RandomBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
    "expert": ExpertBot,
    "greedy": GreedyBot,
    "combo": ComboBot,
    "planner": PlannerBot,
}


LADDER: tuple[str, ...] = ("random", "easy", "medium", "hard", "expert")
"""The levels, weakest first, each measured to beat the one before (docs/bots.md)."""


def bot_names() -> list[str]:
    """The names :func:`make_bot` knows."""
    return sorted(BOTS)


def ladder_names() -> list[str]:
    """The ladder's levels, weakest first (what a player chooses between)."""
    return [name for name in LADDER if name in BOTS]


def make_bot(name: str, seed: int | str = 0) -> Bot:
    """A new bot called ``name``; raises ``ValueError`` for an unknown name."""
    factory = BOTS.get(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(bot_names())})")
    return factory(seed)
