"""A player view as a short vector of hand-made counts, for the learned evaluation.

The value network (:mod:`skipbo.bots.value`) reads positions through this
module only, and this module reads nothing but a
:class:`~skipbo.core.PlayerView`, so the win chance it learns is what the seat
could know (rules §10). The vector has the same length at every table size:
the viewer's side, the next opponent and the opponent closest to winning are
described, not every seat, so one network serves 2 to 6 players.

What matters in Skip-Bo is pace (stock cards left on each side) and reach (how
far a stock top is from a build pile, and whether the hand, the discard tops and
the wild cards bridge the gap this turn); the entries say exactly that, plus the
raw counts a network can combine (hand and discard-top values, build values,
unseen wild cards). Every entry is a small non-negative int, so a data set is
stored as ``uint8``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from skipbo.core import NO_CARD, SB, PlayerView, SkipBoError, full_deck

VALUES: Final = SB
"""Card values 1..12 and SB: the width of every per-value count block."""
FAR: Final = 12
"""Steps of a stock top that no pile is counting towards (an empty stock)."""
SEAT_SIZE: Final = 4 + VALUES + 2
GLOBAL_SIZE: Final = 7 + 12 + VALUES
OWN_SIZE: Final = 1 + (VALUES + 1) + 2 + (VALUES + 1) + VALUES + 2 + VALUES + 2
RAW_SIZE: Final = GLOBAL_SIZE + OWN_SIZE + 2 * SEAT_SIZE + 3
"""Entries of :func:`features` (what a data set stores)."""
DERIVED_SIZE: Final = 9
FEATURE_SIZE: Final = RAW_SIZE + DERIVED_SIZE
"""Entries the network reads: :func:`features`, then :func:`derived` of them."""
FeatureArray = npt.NDArray[np.uint8]
FloatArray = npt.NDArray[np.float32]

# where :func:`features` puts the entries :func:`derived` combines
_PLAYERS, _VIEWER_MOVES, _TURNS_UNTIL = 0, 4, 5
_OWN = GLOBAL_SIZE
_OWN_STOCK, _OWN_STEPS, _OWN_GAP = _OWN, _OWN + 1 + VALUES + 1, _OWN + 1 + VALUES + 2
_NEXT = GLOBAL_SIZE + OWN_SIZE
_NEAREST = _NEXT + SEAT_SIZE


def steps_to(top: int, build: Sequence[int]) -> int:
    """Cards needed on the closest build pile before ``top`` can be played on it
    (0 = playable now; an SB always is; ``FAR`` for no card)."""
    if top == NO_CARD:
        return FAR
    if top == SB:
        return 0
    return min((top - 1 - b) % 12 for b in build)


def bridge_gap(top: int, build: Sequence[int], cards: Sequence[int]) -> int:
    """Fewest cards ``top`` still lacks after ``cards`` (hand and discard tops,
    each used once, SBs as any number) bridge the gap on the best pile: 0 when
    the viewer can play its stock top this turn (ignoring the order of discard
    piles), ``FAR`` for no card."""
    if top == NO_CARD:
        return FAR
    if top == SB:
        return 0
    wild = list(cards).count(SB)
    have = set(cards)  # an SB in it matches no needed number
    best = FAR
    for b in set(build):
        missing = 0
        for k in range((top - 1 - b) % 12):
            if (b + k) % 12 + 1 not in have:
                missing += 1
        if missing - wild < best:
            best = max(missing - wild, 0)
    return best


def value_counts(cards: Sequence[int]) -> list[int]:
    """How many of each value 1..12 and SB ``cards`` hold (``NO_CARD`` skipped)."""
    out = [0] * VALUES
    for card in cards:
        if card != NO_CARD:
            out[card - 1] += 1
    return out


_DECK: Final = value_counts(full_deck())


def unseen_counts(view: PlayerView) -> list[int]:
    """How many of each value (1..12, SB) ``view`` does not show: the counts of
    :func:`skipbo.core.determinize.unseen_cards`, without listing the cards (the
    search rates a few positions per turn, so this is kept quick)."""
    out = list(_DECK)
    for card in view.hand:
        out[card - 1] -= 1
    for card in view.completed_cards:
        out[card - 1] -= 1
    for pile in view.build_piles:
        for card in pile:
            out[card - 1] -= 1
    for player in view.players:
        if player.stock_top != NO_CARD:
            out[player.stock_top - 1] -= 1
        for pile in player.discards:
            for card in pile:
                out[card - 1] -= 1
    if min(out) < 0:
        raise SkipBoError("the view shows more copies of a card than the deck holds")
    return out


def one_hot(card: int) -> list[int]:
    """``card`` (``NO_CARD`` = 0, 1..12, SB) as a one-hot block of ``VALUES + 1``."""
    out = [0] * (VALUES + 1)
    out[card] = 1
    return out


def _tops(discards: Sequence[Sequence[int]]) -> list[int]:
    return [pile[-1] for pile in discards if pile]


def _seat_block(view: PlayerView, seat: int) -> list[int]:
    """Stock, reach, hand size, discard tops of one other seat."""
    player = view.players[seat]
    tops = _tops(player.discards)
    return [
        min(player.stock, 255),
        steps_to(player.stock_top, view.build),
        int(player.stock_top == SB),
        player.hand,
        *value_counts(tops),
        sum(len(pile) for pile in player.discards),
        4 - len(tops),
    ]


def _turns_until(view: PlayerView, seat: int) -> int:
    """How many seats move before ``seat``'s next turn starts (0: it is moving)."""
    return (seat - view.to_move) % view.rules.players


def features(view: PlayerView) -> FeatureArray:
    """The feature vector of ``view`` (a seated view; see the module docstring)."""
    return np.array(_entries(view), dtype=np.uint8)


def feature_rows(views: Sequence[PlayerView]) -> FeatureArray:
    """:func:`features` of several views as the rows of one array (quicker than
    stacking them: the search rates a few positions at a time)."""
    return np.array([_entries(view) for view in views], dtype=np.uint8).reshape(-1, RAW_SIZE)


def model_rows(views: Sequence[PlayerView]) -> FloatArray:
    """The network's input for several views: :func:`model_input` of their
    :func:`features`, with the derived columns worked out in Python (for the
    few positions a search rates, quicker than NumPy's many small steps)."""
    rows = []
    for view in views:
        x = _entries(view)
        rows.append(x + _derived_row(x))
    return np.array(rows, dtype=np.float32).reshape(-1, FEATURE_SIZE)


def _derived_row(x: list[int]) -> list[float]:
    """:func:`derived` of one row of features."""
    players, viewer_moves, turns_until = x[_PLAYERS], x[_VIEWER_MOVES], x[_TURNS_UNTIL]
    own_stock, own_steps, own_gap = x[_OWN_STOCK], x[_OWN_STEPS], x[_OWN_GAP]
    next_stock, next_steps = x[_NEXT], x[_NEXT + 1]
    near_stock, near_steps = x[_NEAREST], x[_NEAREST + 1]
    next_one = next_stock == 1 and next_steps == 0
    columns = [
        next_one,
        next_one and turns_until == players - 1,
        near_stock == 1 and near_steps == 0,
        own_stock == 1 and own_gap == 0 and viewer_moves == 1,
        own_stock == 1 and own_steps == 0,
        own_stock == 1,
        near_stock == 1,
        near_stock <= 3 and near_steps == 0,
    ]
    return [float(c) for c in columns] + [(own_stock - near_stock) / 10]


def seat_and_opponents(view: PlayerView) -> tuple[int, list[int]]:
    """The viewer's seat and the opposing seats in the order they move after it
    (a spectator's view has no side: ``ValueError``)."""
    seat = view.seat
    if seat is None:
        raise ValueError("a spectator's view has no side to evaluate")
    n = view.rules.players
    own_side = set(view.rules.team_seats(seat))
    return seat, [(seat + k) % n for k in range(1, n) if (seat + k) % n not in own_side]


def _entries(view: PlayerView) -> list[int]:
    seat, opponents = seat_and_opponents(view)
    rules = view.rules
    n = rules.players
    me = view.players[seat]
    own_side = set(rules.team_seats(seat))
    partner = view.partner
    builds = [0] * 12
    for b in view.build:
        builds[b] += 1
    glob = [
        n,
        rules.stock,
        min(view.draw, 255),
        min(view.completed, 255),
        int(view.to_move == seat),
        _turns_until(view, seat),
        int(rules.teams),
        *builds,
        *unseen_counts(view),
    ]
    tops = _tops(me.discards)
    reach = list(view.hand) + tops
    mate = view.players[partner] if partner is not None else None
    own = [
        min(me.stock, 255),
        *one_hot(me.stock_top),
        steps_to(me.stock_top, view.build),
        bridge_gap(me.stock_top, view.build, reach),
        *one_hot(mate.stock_top if mate is not None else NO_CARD),
        *value_counts(view.hand),
        len(view.hand),
        4 - len(tops),
        *_tops_heights(me.discards),
        min(mate.stock, 255) if mate is not None else 0,
    ]
    nearest = min(opponents, key=lambda q: (view.players[q].stock, _turns_until(view, q)))
    rest = [
        min(sum(view.players[q].stock for q in opponents), 255),
        min(sum(view.players[q].stock for q in own_side), 255),
        sum(steps_to(view.players[q].stock_top, view.build) == 0 for q in opponents),
    ]
    return glob + own + _seat_block(view, opponents[0]) + _seat_block(view, nearest) + rest


def derived(raw: npt.NDArray[np.generic]) -> FloatArray:
    """Races a network would have to learn as products of raw entries, spelled out:
    a side one playable card from winning, and who moves first. Rows of
    :func:`features` in, :data:`DERIVED_SIZE` columns out (so a data set of raw
    features trains a network with them)."""
    x = np.asarray(raw, dtype=np.float32)
    players, viewer_moves, turns_until = x[:, _PLAYERS], x[:, _VIEWER_MOVES], x[:, _TURNS_UNTIL]
    own_stock, own_steps, own_gap = x[:, _OWN_STOCK], x[:, _OWN_STEPS], x[:, _OWN_GAP]
    next_stock, next_steps = x[:, _NEXT], x[:, _NEXT + 1]
    near_stock, near_steps = x[:, _NEAREST], x[:, _NEAREST + 1]
    next_one = (next_stock == 1) & (next_steps == 0)
    columns = [
        next_one,
        next_one & (turns_until == players - 1),  # and the next opponent moves now
        (near_stock == 1) & (near_steps == 0),
        (own_stock == 1) & (own_gap == 0) & (viewer_moves == 1),  # a win this turn
        (own_stock == 1) & (own_steps == 0),
        own_stock == 1,
        near_stock == 1,
        (near_stock <= 3) & (near_steps == 0),
        (own_stock - near_stock) / 10,
    ]
    return np.stack([np.asarray(c, dtype=np.float32) for c in columns], axis=1)


def model_input(raw: npt.NDArray[np.generic]) -> FloatArray:
    """Rows of :func:`features` with their :func:`derived` columns: the network's input."""
    x = np.asarray(raw, dtype=np.float32)
    return np.concatenate([x, derived(x)], axis=1)


def _tops_heights(discards: Sequence[Sequence[int]]) -> list[int]:
    """Own discard tops as counts per value, then the cards in the piles."""
    return [*value_counts(_tops(discards)), min(sum(len(pile) for pile in discards), 255)]
