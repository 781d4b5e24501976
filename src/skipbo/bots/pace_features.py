"""A player view as a short vector of counts about the own next turns' pace.

The discard network (:mod:`skipbo.bots.discard_net`) and the pace network
(:mod:`skipbo.bots.research.pace`, own stock cards of the next few own turns)
read it to tell discards apart; unlike :mod:`skipbo.bots.value_features`
(discard *tops* only) it describes what lies beneath each own discard top: the
pile's height, the descending run from the top (top, top + 1, top + 2 ...
beneath, what the next turns can play in a row), the second and third cards.
The own piles are listed sorted (by top, then what lies beneath), so the vector
does not depend on which pile holds what.

It reads nothing but a :class:`~skipbo.core.PlayerView` (what the seat may
know) and has the same length at every table size (the next opponent and the
partner, if any, are described, not every seat). Every entry is a small
non-negative int, so a data set is stored as ``uint8``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from skipbo.core import NO_CARD, SB, PlayerView

from .value_features import (
    FAR,
    VALUES,
    bridge_gap,
    one_hot,
    seat_and_opponents,
    steps_to,
    unseen_counts,
    value_counts,
)

PILE_SIZE: Final = 7
"""Entries per own discard pile."""
FEATURE_SIZE: Final = 6 + 12 + VALUES + 4 + (VALUES + 1) + VALUES + 1 + 4 * PILE_SIZE + 8 + 2
"""Entries of :func:`pace_features`."""
FeatureArray = npt.NDArray[np.uint8]


def run_length(pile: Sequence[int]) -> int:
    """Cards from the top of ``pile`` that descend one by one beneath it (the top
    counts; an SB continues any run): how many the pile can play in a row."""
    if not pile:
        return 0
    run = 1
    expected = pile[-1]  # the value the card above stands for (SB: any yet)
    for card in reversed(pile[:-1]):
        if card == SB:
            expected = SB if expected == SB else expected + 1
        elif expected == SB or card == expected + 1:
            expected = card
        else:
            break
        run += 1
    return run


def _pile_entries(pile: Sequence[int], build: Sequence[int]) -> list[int]:
    top = pile[-1] if pile else NO_CARD
    return [
        top,
        min(len(pile), 255),
        run_length(pile),
        pile[-2] if len(pile) > 1 else NO_CARD,
        pile[-3] if len(pile) > 2 else NO_CARD,
        steps_to(top, build),
        int(not pile),
    ]


def _entries(view: PlayerView) -> list[int]:
    seat, opponents = seat_and_opponents(view)
    rules = view.rules
    n = rules.players
    me = view.players[seat]
    nxt = view.players[opponents[0]]
    partner = view.partner
    mate = view.players[partner] if partner is not None else None
    builds = [0] * 12
    for b in view.build:
        builds[b] += 1
    tops = [pile[-1] for pile in me.discards if pile]
    piles = sorted(
        (_pile_entries(pile, view.build) for pile in me.discards),
        key=lambda e: (e[6], -e[0], -e[2], -e[1], -e[3], -e[4]),
    )
    glob = [
        n,
        int(rules.teams),
        min(rules.stock, 255),
        min(view.draw, 255),
        min(view.completed, 255),
        (seat - view.to_move) % n,
        *builds,
        *unseen_counts(view),
    ]
    own = [
        min(me.stock, 255),
        steps_to(me.stock_top, view.build),
        bridge_gap(me.stock_top, view.build, list(view.hand) + tops),
        len(view.hand),
        *one_hot(me.stock_top),
        *value_counts(view.hand),
        sum(len(pile) for pile in me.discards),
    ]
    for entries in piles:
        own += entries
    others = [
        min(nxt.stock, 255),
        nxt.stock_top,
        steps_to(nxt.stock_top, view.build),
        nxt.hand,
        min(min(view.players[q].stock for q in opponents), 255),
        min(mate.stock, 255) if mate is not None else 0,
        mate.stock_top if mate is not None else NO_CARD,
        steps_to(mate.stock_top, view.build) if mate is not None else FAR,
        sum(steps_to(view.players[q].stock_top, view.build) == 0 for q in opponents),
        len(tops),
    ]
    return glob + own + others


def pace_features(view: PlayerView) -> FeatureArray:
    """The feature vector of a seated ``view`` (see the module docstring)."""
    return np.array(_entries(view), dtype=np.uint8)


def pace_rows(views: Sequence[PlayerView]) -> FeatureArray:
    """:func:`pace_features` of several views as the rows of one array."""
    rows = [_entries(view) for view in views]
    return np.array(rows, dtype=np.uint8).reshape(-1, FEATURE_SIZE)
