"""Which key sequence picks which source or target (see the help screen).

Sources: ``1``..``5`` a hand card by its place, ``s`` the stock, ``d1``..``d4``
a discard pile, ``ps`` / ``pd1``.. the partner's piles, ``e`` the ``end`` move.
Targets: ``1``..``4`` (or ``b1``..``b4``) a build pile, ``d1``..``d4`` a
discard pile. A sequence that is the start of another waits for more keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .selection import END_TEXT, hand_source

PILES: Final = ("1", "2", "3", "4")
_SOURCE_KEYS: Final = {
    "s": "S",
    "ps": "pS",
    "e": END_TEXT,
    **{f"d{k}": f"D{k}" for k in PILES},
    **{f"pd{k}": f"pD{k}" for k in PILES},
}
_TARGET_KEYS: Final = {
    **{k: f"B{k}" for k in PILES},
    **{f"b{k}": f"B{k}" for k in PILES},
    **{f"d{k}": f"D{k}" for k in PILES},
}
HAND_KEYS: Final = ("1", "2", "3", "4", "5")


def key_table(choosing_source: bool, hand: Sequence[int]) -> dict[str, str]:
    """Key sequence → token for the current step; hand keys follow the hand's order."""
    if not choosing_source:
        return dict(_TARGET_KEYS)
    table = dict(_SOURCE_KEYS)
    for key, card in zip(HAND_KEYS, hand, strict=False):
        table[key] = hand_source(card)
    return table


def is_prefix(keys: str, table: dict[str, str]) -> bool:
    """True when ``keys`` begins a longer sequence of ``table``."""
    return any(seq.startswith(keys) and seq != keys for seq in table)
