"""The expert's research variants, measured with the ladder's machinery.

Run (for example)::

    .venv/bin/python benchmarks/expert_variants.py --pairs expert-W2-L0:combo --expert-deals 150

Registers variant names (below) beside the usual bots, then runs
``benchmarks/ladder.py``'s main with the same arguments (a pairing with a variant is
an expert's pairing: ``--expert-deals`` sets its deals). A variant name is
``expert`` followed by settings of
:class:`~skipbo.bots.research.expert_variants.VariantSettings`: ``-cN`` candidates,
``-wN`` worlds, and so on (``FIELDS``); ``expert-W2-L0`` is the sampling expert.
``expert~`` followed by line weights (``expert~hand_card=60``, :func:`weighted`) is
the expert with other :class:`~skipbo.bots.combo.ComboWeights`.
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from skipbo.bots.base import Bot
from skipbo.bots.combo import ComboWeights
from skipbo.bots.expert import ExpertBot
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
    "M": "margin",
    "I": "infer",
    "H": "particles",
    "Z": "confidence",
    "T": "guessed_threat",
    "K": "checks",
    "S": "own_discard",
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


def weighted(name: str) -> ComboWeights:
    """The line's weights a name spells after ``expert~`` (``expert~hand_card=60~wait=100``;
    a tuple's numbers joined by ``/``: ``expert~threat=700/300/20``), the default for the rest."""
    fields: dict[str, Any] = {}
    for part in name.split("~")[1:]:
        key, _, value = part.partition("=")
        numbers = tuple(float(v) for v in value.split("/"))
        fields[key] = numbers if "/" in value else numbers[0]
    return ComboWeights(**fields)


def register(names: list[str]) -> None:
    for name in names:
        if name in BOTS:
            continue
        if name.startswith("expert~"):
            BOTS[name] = named(name, functools.partial(ExpertBot, weights=weighted(name)))
        elif name.startswith("expert-"):
            BOTS[name] = named(name, functools.partial(ExpertVariant, settings=variant(name)))


def named(name: str, make: Callable[[int | str], Bot]) -> Callable[[int | str], Bot]:
    """``make``, its bots called ``name`` (the name the tables print)."""

    def factory(seed: int | str) -> Bot:
        bot = make(seed)
        bot.name = name
        return bot

    return factory


if __name__ == "__main__":
    ladder.main_with_variants(register)
