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
the result into the 13 entries at once; blocks are ``bytes`` joined once. Piles
are re-encoded only when they change: the core hands out the same tuple for a
pile while it does not change (and only the changed pile's tuple is new after a
move), so the caches here check identity first; a pile that holds the same cards,
or gained or lost its top card, since it was last encoded has its counts updated,
not recounted.
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


_PACK_OF = PACK.__getitem__


def pack_counts(cards: Sequence[int]) -> int:
    """The packed count vector of ``cards`` (see the module docstring)."""
    return sum(map(_PACK_OF, cards))


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


PileEntry = tuple[tuple[int, ...], bytes, int]
"""A pile's cards, its 14 entries (top one-hot, height) and its packed counts."""
PlayerEntry = tuple[tuple[tuple[int, ...], ...], bytes, int]
"""A player's four discard piles, their 56 entries and per-value block, and packed counts."""
PackedEntry = tuple[object, int]
"""Cards (a tuple of cards or of piles) and their packed counts."""
PILE_BYTES: Final = tuple(
    tuple(ONE_HOT[top] + bytes((height,)) for height in range(MAX_HEIGHT + 1))
    for top in range(SB + 1)
)
"""``PILE_BYTES[top][height]``: a pile's 14 entries."""
_EMPTY_PILE: Final[PileEntry] = ((), PILE_BYTES[0][0], 0)
_NO_DISCARDS: Final[PlayerEntry] = (((),) * 4, PILE_BYTES[0][0] * 4 + bytes(VALUES), 0)
"""Where the caches start: true entries (a cache hit on them is right, as on any entry)."""


def _pile_entry(old: PileEntry, pile: tuple[int, ...]) -> PileEntry:
    """The entry of ``pile``, from ``old`` (the same pile as last encoded) when it holds
    the same cards or one card was put on it or taken off, as moves do, else counted
    afresh."""
    before = old[0]
    height = len(pile)
    known = len(before)
    if height == known and pile == before:  # the same cards in a new tuple
        return pile, old[1], old[2]
    if height == known + 1 and pile[:known] == before:
        packed = old[2] + PACK[pile[-1]]
    elif height == known - 1 and before[:height] == pile:
        packed = old[2] - PACK[before[-1]]
    else:
        packed = pack_counts(pile)
    return pile, PILE_BYTES[pile[-1] if pile else 0][height], packed


def _refresh(cache: list[PileEntry], piles: tuple[tuple[int, ...], ...]) -> None:
    """Bring the entries of four piles in ``cache`` up to date with ``piles``."""
    p0, p1, p2, p3 = piles
    a, b, c, d = cache
    if a[0] is not p0:
        cache[0] = _pile_entry(a, p0)
    if b[0] is not p1:
        cache[1] = _pile_entry(b, p1)
    if c[0] is not p2:
        cache[2] = _pile_entry(c, p2)
    if d[0] is not p3:
        cache[3] = _pile_entry(d, p3)


_CACHE_LIMIT: Final = 1 << 14
"""Entries a memo keeps before it starts again (8,568 hands of up to five cards exist)."""
_JOIN: Final = bytearray().join
"""Joins bytes into a new ``bytearray``: the writable buffer of an observation."""


class ViewEncoder:
    """Encodes the views of one table (fixed rules) into observation vectors.

    Keeps small caches that depend only on view contents (build tops, the
    build and completed cards, each player's discard piles), so one encoder
    may serve every seat and every round of an environment. The caches are
    keyed on the identity of the view's tuples first (the core hands out the
    same tuple while a pile does not change, and keeps the other piles' tuples
    when one changes), then on their contents, so any view encodes correctly.
    """

    def __init__(self, rules: Rules) -> None:
        n = rules.players
        self.rules = rules
        self.size = observation_size(n)
        self._partners = tuple(-1 if (q := rules.partner(p)) is None else q for p in range(n))
        self._order = tuple(tuple((seat + k) % n for k in range(n)) for seat in range(n))
        self._build_cache: dict[tuple[int, ...], bytes] = {}
        self._hands: dict[tuple[int, ...], tuple[int, bytes]] = {}
        empty = (0, 0, 0, 0)
        self._build_block: tuple[tuple[int, ...], bytes] = (empty, _build_block(empty))
        self._players: list[PlayerEntry] = [_NO_DISCARDS] * n
        self._piles: list[list[PileEntry]] = [[_EMPTY_PILE] * 4 for _ in range(n)]
        self._build_pile_entries: list[PileEntry] = [_EMPTY_PILE] * 4
        self._build_piles: PackedEntry = ((), 0)
        self._completed: PackedEntry = ((), 0)

    def encode_bytes(self, view: PlayerView) -> bytes:
        """The observation as raw bytes (one byte per entry), for callers that batch."""
        return bytes(self.encode(view))

    def encode(self, view: PlayerView) -> ObsArray:
        """The observation vector of ``view`` (a new, writable array each call)."""
        seat, to_move, _, hand, build, draw, completed, players, _, build_piles, cards = view
        if seat is None:
            raise ValueError("a spectator's view has no seat to encode for")
        partner = self._partners[seat]
        hand_entry = self._hands.get(hand)
        if hand_entry is None:
            hand_entry = self._hand_entry(hand)
        hand_packed = hand_entry[0]
        built = self._build_piles
        if built[0] is not build_piles:
            entries = self._build_pile_entries
            _refresh(entries, build_piles)
            built = self._build_piles = (build_piles, sum([e[2] for e in entries]))
        visible = hand_packed + built[1]
        done = self._completed
        if done[0] is not cards:
            done = self._completed = (cards, done[1] if done[0] == cards else pack_counts(cards))
        visible += done[1]
        cache = self._players
        block = self._build_block
        if block[0] is not build:
            cached = self._build_cache.get(build)
            if cached is None:
                cached = self._build_cache[build] = _build_block(build)
            block = self._build_block = (build, cached)
        moving = b"\x01" if seat == to_move else b"\x00"
        out = [block[1], bytes((draw, completed)), hand_entry[1], b"", moving]
        for p in self._order[seat]:
            top, stock, held, discards = players[p]
            entry = cache[p]
            if entry[0] is not discards:
                entry = cache[p] = self._player_entry(p, discards)
            visible += entry[2] + PACK[top]
            out += (ONE_HOT[top], bytes((stock, held, p == partner, p == to_move)), entry[1])
        out[3] = (DECK_PACKED - visible).to_bytes(VALUES, "little")
        return np.frombuffer(_JOIN(out), UINT8)

    def _hand_entry(self, hand: tuple[int, ...]) -> tuple[int, bytes]:
        """A hand's packed counts and its 13 entries, memoized (hands recur)."""
        if len(self._hands) >= _CACHE_LIMIT:
            self._hands.clear()
        packed = pack_counts(hand)
        entry = self._hands[hand] = (packed, packed.to_bytes(VALUES, "little"))
        return entry

    def _player_entry(self, p: int, discards: tuple[tuple[int, ...], ...]) -> PlayerEntry:
        """Player ``p``'s discard block, rebuilding the entries of changed piles only."""
        cache = self._piles[p]
        p0, p1, p2, p3 = discards
        a, b, c, d = cache
        if a[0] is not p0:
            a = cache[0] = _pile_entry(a, p0)
        if b[0] is not p1:
            b = cache[1] = _pile_entry(b, p1)
        if c[0] is not p2:
            c = cache[2] = _pile_entry(c, p2)
        if d[0] is not p3:
            d = cache[3] = _pile_entry(d, p3)
        packed = a[2] + b[2] + c[2] + d[2]
        return (
            discards,
            b"".join((a[1], b[1], c[1], d[1], packed.to_bytes(VALUES, "little"))),
            packed,
        )


def legal_mask(legal: Sequence[int]) -> MaskArray:
    """The action mask of ``legal`` moves: ``int8`` of length 145, 1 where legal."""
    mask = bytearray(MOVE_COUNT)
    for move in legal:
        mask[move] = 1
    return np.frombuffer(mask, INT8)
