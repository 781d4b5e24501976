"""The expert's research variants, measured with the ladder's machinery.

Run (for example)::

    .venv/bin/python benchmarks/expert_variants.py --pairs expert-W2-L0:combo --expert-deals 150

Registers variant names (below) beside the usual bots, then runs
``benchmarks/ladder.py``'s main with the same arguments (a pairing with a variant is
an expert's pairing: ``--expert-deals`` sets its deals). A variant name is
``expert`` followed by settings of
:class:`~skipbo.bots.research.expert_variants.VariantSettings`: ``-cN`` candidates,
``-wN`` worlds, and so on (``FIELDS``); ``expert-W2-L0`` is the sampling expert.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from skipbo.bots.registry import BOTS
from skipbo.bots.research.expert_variants import ExpertVariant, VariantSettings

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
"""Letter of a variant name's field: the :class:`VariantSettings` field it sets."""


def spelled(name: str) -> dict[str, Any]:
    """The settings a name spells (``expert-c6-w3``: candidates 6, worlds 3), by field."""
    found = re.findall(r"-([a-zA-Z])(\d+(?:\.\d+)?)", name)
    return {FIELDS[k]: float(v) if "." in v else int(v) for k, v in found}


def variant(name: str) -> VariantSettings:
    """The settings a variant name spells, the expert's for the rest."""
    return VariantSettings(**spelled(name))


def register(names: list[str]) -> None:
    for name in names:
        if name.startswith("expert-") and name not in BOTS:
            settings = variant(name)

            def factory(seed: int | str, settings: VariantSettings = settings, name: str = name):
                bot = ExpertVariant(seed, settings=settings)
                bot.name = name
                return bot

            BOTS[name] = factory


if __name__ == "__main__":
    ladder.main_with_variants(register)
