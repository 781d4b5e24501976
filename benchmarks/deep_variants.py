"""Variants of the deep bot, measured with the ladder's machinery.

Run: ``.venv/bin/python benchmarks/deep_variants.py --pairs deep-c6:combo --deals 150 --jobs 2``

Registers variant names (below) beside the usual bots, then runs
``benchmarks/ladder.py``'s main with the same arguments. A variant name is
``deep`` followed by settings: ``-cN`` candidates, ``-wN`` worlds, and so on (``FIELDS``).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from skipbo.bots.deep import DeepBot, DeepSettings
from skipbo.bots.registry import BOTS

sys.path.insert(0, str(Path(__file__).parent))
import ladder

FIELDS = {
    "c": "candidates",
    "w": "worlds",
    "d": "depth",
    "e": "events",
    "v": "value",
    "r": "reply",
    "R": "race",
    "D": "discards",
    "t": "tidy",
    "o": "opponent",
    "W": "discard_worlds",
    "n": "nodes",
    "N": "net_now",
    "X": "net_next",
    "P": "pace",
    "L": "learned",
}
"""Letter of a variant name's field: the :class:`DeepSettings` field it sets."""


def variant(name: str) -> DeepSettings:
    """The settings a variant name spells (``deep-c6-w3``)."""
    found = re.findall(r"-([a-zA-Z])(\d+(?:\.\d+)?)", name)
    values = {FIELDS[k]: float(v) if "." in v else int(v) for k, v in found}
    return DeepSettings(**values)


def register(names: list[str]) -> None:
    for name in names:
        if name.startswith("deep-") and name not in BOTS:
            settings = variant(name)

            def factory(seed: int | str, settings: DeepSettings = settings, name: str = name):
                bot = DeepBot(seed, settings=settings)
                bot.name = name
                return bot

            BOTS[name] = factory


if __name__ == "__main__":
    ladder.main_with_variants(register)
