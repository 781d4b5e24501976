"""A player view as a fixed-size vector of small counts, and the legal moves as a mask.

Every reinforcement-learning interface here (PettingZoo, Gymnasium, OpenSpiel)
observes the table through this module, and this module reads nothing but a
:class:`~skipbo.core.PlayerView`: what a seat may see by rules §10. A learner
therefore cannot see a hidden card even by accident.

The layout (``docs/rl.md`` has the same table). Card values are 1..12 and SB
(13); a "one-hot 13" block has a 1 at index ``card - 1`` and is all zero for
"no card". Players are listed from the viewer's seat onwards (the viewer, the
seat on its left, ...), so a policy sees the table from where it sits.

Global block (``GLOBAL_SIZE`` = 81 entries):

=========  ==============================================================
0..3       build piles B1..B4: the value on top (0 = empty, up to 11)
4..51      the same as one-hot 12 per pile (index ``pile * 12 + value``)
52         cards in the draw pile
53         cards in completed piles (waiting for a reshuffle)
54..66     the viewer's hand: how many of each card value 1..12, SB
67..79     unseen cards: how many of each value the view does not show
           (other hands, stocks below their tops, the draw pile)
80         1 when the viewer is the seat to move
=========  ==============================================================

Then one block per player (``PLAYER_SIZE`` = 86 entries), viewer first:

=========  ==============================================================
0..12      stock top, one-hot 13 (all zero once the stock is empty)
13         cards left in the stock
14         cards in the hand
15         1 when this player is the viewer's partner
16         1 when this player is the seat to move
17..72     discard piles D1..D4, 14 each: top card one-hot 13, then height
73..85     how many of each value lie in this player's four discard piles
=========  ==============================================================

Speed matters (the environments are benchmarked against RLCard's UNO): counts
of card values are packed into one Python int, eight bits per value, so that
adding up everything visible is a few integer additions and ``to_bytes`` turns
the result into the 13 entries at once; blocks are ``bytes`` joined once, and
a player's discard block is rebuilt only when the core hands out a new tuple
for that player's piles (it keeps the same tuple while they do not change).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from skipbo.core import MOVE_COUNT, SB, PlayerView, Rules, full_deck

VALUES: Final = SB
"""Card values 1..12 and SB: the width of every per-value block."""
BUILD_VALUES: Final = 12
GLOBAL_SIZE: Final = 4 + 4 * BUILD_VALUES + 2 + 2 * VALUES + 1
PILE_SIZE: Final = VALUES + 1
PLAYER_SIZE: Final = VALUES + 4 + 4 * PILE_SIZE + VALUES
MAX_HEIGHT: Final = 162

ObsArray = npt.NDArray[np.uint8]
MaskArray = npt.NDArray[np.int8]
UINT8: Final = np.dtype(np.uint8)
INT8: Final = np.dtype(np.int8)
"""Dtype objects, not the scalar types: ``np.frombuffer(b, dtype=np.uint8)`` spends
twice as long as the copy it makes finding the dtype of ``np.uint8``."""


def observation_size(players: int) -> int:
    """Length of the observation vector at a table of ``players``."""
    return GLOBAL_SIZE + players * PLAYER_SIZE


def _one_hot(width: int, index: int | None) -> bytes:
    out = bytearray(width)
    if index is not None:
        out[index] = 1
    return bytes(out)


ONE_HOT: Final = tuple(_one_hot(VALUES, card - 1 if card else None) for card in range(SB + 1))
"""``ONE_HOT[card]``: the one-hot 13 block of a card, all zero for ``NO_CARD``."""
PACK: Final = tuple(1 << 8 * (card - 1) if card else 0 for card in range(SB + 1))
"""``PACK[card]``: one card as a packed count vector (eight bits per value)."""


def pack_counts(cards: Sequence[int]) -> int:
    """The packed count vector of ``cards`` (see the module docstring)."""
    total = 0
    for card in cards:
        total += PACK[card]
    return total


DECK_PACKED: Final = pack_counts(full_deck())


def unpack(packed: int) -> bytes:
    """A packed count vector as 13 bytes, one count per value."""
    return packed.to_bytes(VALUES, "little")


def observation_high(players: int) -> ObsArray:
    """The largest value each entry can take (the ``high`` of the observation Box)."""
    per_value = np.array([12] * 12 + [18], dtype=np.uint8)
    build = [11] * 4 + [1] * (4 * BUILD_VALUES)
    head = np.array([*build, MAX_HEIGHT, MAX_HEIGHT], dtype=np.uint8)
    glob = np.concatenate([head, np.full(VALUES, 5, np.uint8), per_value, [1]])
    pile = np.array([1] * VALUES + [MAX_HEIGHT], dtype=np.uint8)
    player = np.concatenate([np.ones(VALUES, np.uint8), [30, 5, 1, 1], *[pile] * 4, per_value])
    return np.concatenate([glob, *[player] * players]).astype(np.uint8)


def _build_block(build: tuple[int, ...]) -> bytes:
    hot = bytearray(4 * BUILD_VALUES)
    for pile, value in enumerate(build):
        hot[pile * BUILD_VALUES + value] = 1
    return bytes(build) + bytes(hot)


PileEntry = tuple[bytes, int]
_PILES: dict[tuple[int, ...], PileEntry] = {}
_PILES_LIMIT: Final = 1 << 16


def _new_pile_entry(pile: tuple[int, ...]) -> PileEntry:
    """A pile's 14 entries (top one-hot, height) and its packed counts, memoized in
    ``_PILES``: most piles recur unchanged from one decision to the next."""
    if len(_PILES) >= _PILES_LIMIT:
        _PILES.clear()
    top = ONE_HOT[pile[-1] if pile else 0]
    entry = _PILES[pile] = (top + bytes((len(pile),)), pack_counts(pile))
    return entry


def _four_piles(piles: tuple[tuple[int, ...], ...]) -> tuple[bytes, int]:
    """The entries of four piles joined (with their value counts) and their packed counts."""
    get = _PILES.get
    p0, p1, p2, p3 = piles
    a = get(p0) or _new_pile_entry(p0)
    b = get(p1) or _new_pile_entry(p1)
    c = get(p2) or _new_pile_entry(p2)
    d = get(p3) or _new_pile_entry(p3)
    packed = a[1] + b[1] + c[1] + d[1]
    return b"".join((a[0], b[0], c[0], d[0], packed.to_bytes(VALUES, "little"))), packed


class ViewEncoder:
    """Encodes the views of one table (fixed rules) into observation vectors.

    Keeps small caches that depend only on view contents (build tops, the
    build and completed cards, each player's discard piles), so one encoder
    may serve every seat and every round of an environment.
    """

    def __init__(self, rules: Rules) -> None:
        n = rules.players
        self.rules = rules
        self.size = observation_size(n)
        self._partners = tuple(-1 if (q := rules.partner(p)) is None else q for p in range(n))
        self._order = tuple(tuple((seat + k) % n for k in range(n)) for seat in range(n))
        self._build_cache: dict[tuple[int, ...], bytes] = {}
        self._discards: list[tuple[object, bytes, int]] = [((), b"", 0)] * n
        self._completed: tuple[object, int] = ((), 0)
        self._build_piles: tuple[object, int] = ((), 0)

    def encode(self, view: PlayerView) -> ObsArray:
        """The observation vector of ``view`` (a new, writable array each call)."""
        return np.frombuffer(bytearray(self.encode_bytes(view)), UINT8)

    def encode_bytes(self, view: PlayerView) -> bytes:
        """The observation as raw bytes (one byte per entry), for callers that batch."""
        seat = view.seat
        if seat is None:
            raise ValueError("a spectator's view has no seat to encode for")
        to_move = view.to_move
        partner = self._partners[seat]
        hand_packed = 0
        for card in view.hand:
            hand_packed += PACK[card]
        visible = hand_packed + self._build_packed(view) + self._completed_packed(view)
        cache = self._discards
        players = view.players
        out: list[bytes] = [b"", b"", b""]
        for p in self._order[seat]:
            top, stock, hand, discards = players[p]
            entry = cache[p]
            if entry[0] is not discards:
                entry = cache[p] = (discards, *_four_piles(discards))
            visible += entry[2] + PACK[top]
            out += (ONE_HOT[top], bytes((stock, hand, p == partner, p == to_move)), entry[1])
        build = self._build_cache.get(view.build)
        if build is None:
            build = self._build_cache[view.build] = _build_block(view.build)
        out[0] = build
        out[1] = bytes((view.draw, view.completed))
        out[2] = b"".join(
            (
                hand_packed.to_bytes(VALUES, "little"),
                (DECK_PACKED - visible).to_bytes(VALUES, "little"),
                b"\x01" if seat == to_move else b"\x00",
            )
        )
        return b"".join(out)

    def _build_packed(self, view: PlayerView) -> int:
        """Packed counts of the build piles' cards, recomputed only when they change."""
        piles = view.build_piles
        if self._build_piles[0] != piles:
            self._build_piles = (piles, _four_piles(piles)[1])
        return self._build_piles[1]

    def _completed_packed(self, view: PlayerView) -> int:
        cards = view.completed_cards
        if self._completed[0] != cards:
            self._completed = (cards, pack_counts(cards))
        return self._completed[1]


def legal_mask(legal: Sequence[int]) -> MaskArray:
    """The action mask of ``legal`` moves: ``int8`` of length 145, 1 where legal."""
    mask = bytearray(MOVE_COUNT)
    for move in legal:
        mask[move] = 1
    return np.frombuffer(mask, INT8)
