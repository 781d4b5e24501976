"""One round of Skip-Bo: its state and the one path that changes it.

:class:`Round` is the rules kernel. Legal moves (:meth:`Round.legal_moves`),
the legality check with its reason (:meth:`Round.why_illegal`) and move
application (:meth:`Round.play`) live here and nowhere else; every interface
goes through them.

The representation is chosen for speed (search bots and simulations ask for
hundreds of thousands of decisions per second in pure Python): cards are small
ints, a hand is a count per card value plus a bitmask of the values held, each
player's playable tops are kept in a 5-slot list, and ``_accept[c]`` is a bitmask
of the build slots that take card ``c`` now, so listing plays is table lookups.
"""

from __future__ import annotations

import gc
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final, NamedTuple, cast

from .cards import MAX_VALUE, NO_CARD, SB, card_name, is_full_deck
from .errors import (
    DealError,
    IllegalMoveError,
    MoveSyntaxError,
    RoundOverError,
    SkipBoError,
    deprecated,
    shown,
    whole_number,
)
from .moves import (
    DISCARD_BASE,
    END,
    MOVE_BY_TEXT,
    PLAY_COUNT,
    SLOTS,
    SOURCES,
    SRC_HAND,
    SRC_PARTNER_STOCK,
    Move,
    as_move,
    format_move,
)
from .rules import HAND_SIZE, Rules
from .shuffles import RecordedShuffles, Shuffler

ALL_SLOTS: Final = (1 << SLOTS) - 1
HAND_MASKS: Final = 1 << (SB + 1)


def _moves_by_mask() -> list[list[tuple[Move, ...]]]:
    """``table[source][slot_mask]``: the plays of ``source`` onto those slots."""
    return [
        [tuple(source * SLOTS + s for s in range(SLOTS) if mask >> s & 1) for mask in range(16)]
        for source in range(SOURCES)
    ]


def _by_hand_mask() -> tuple[list[tuple[int, ...]], list[tuple[Move, ...]]]:
    """``values[mask]`` (card values whose bit is set, ascending) and
    ``discards[mask]`` (every discard of such a value onto every pile).

    Built a card at a time, lowest first: the masks below ``2 ** card`` again,
    each with that card added at the end, one list comprehension per card. Bit 0
    (``NO_CARD``) is never set in a hand, so the odd masks hold nothing. Every
    ``import skipbo.core`` pays for this, the record commands included: the
    garbage collector waits meanwhile, since its passes over everything imported
    so far, set off by the 16,384 new tuples, cost more than building them.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        values: list[tuple[int, ...]] = [()]
        discards: list[tuple[Move, ...]] = [()]
        for card in range(1, SB + 1):
            first = DISCARD_BASE + (card - 1) * SLOTS
            onto_piles = (first, first + 1, first + 2, first + 3)
            alone = (card,)
            values += [held + alone for held in values]
            discards += [moves + onto_piles for moves in discards]
    finally:
        if collecting:
            gc.enable()
    values_by_mask: list[tuple[int, ...]] = [()] * HAND_MASKS
    discards_by_mask: list[tuple[Move, ...]] = [()] * HAND_MASKS
    values_by_mask[0::2] = values
    discards_by_mask[0::2] = discards
    return values_by_mask, discards_by_mask


PLAYS_BY_MASK: Final = _moves_by_mask()
HAND_VALUES, DISCARDS_BY_MASK = _by_hand_mask()
_HAND_TUPLES: dict[bytes, tuple[int, ...]] = {}
"""Hands as tuples by their counts: a pure memo (8,568 hands hold up to five cards)."""
_HAND_TUPLES_LIMIT: Final = 1 << 14

REASON_STOCK: Final = "stock"
REASON_BLOCKED: Final = "blocked"
REASON_CAP: Final = "cap"
REASON_FORFEIT: Final = "forfeit"
NO_WINNER_REASONS: Final = (REASON_BLOCKED, REASON_CAP, REASON_FORFEIT)
"""How a round can end without a winner (notation.md, ``result``)."""


class _Origin(NamedTuple):
    """The parts a round was assembled from (:meth:`Round.assemble`), for :meth:`Round.undo`."""

    to_move: int
    stocks: list[list[int]]
    hands: list[list[int]]
    discards: list[list[list[int]]]
    build_cards: list[list[int]]
    completed: list[int]
    draw: list[int]


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round ended, as the ``result`` of a record (notation.md)."""

    winner: int | None
    reason: str
    moves: int
    turns: int
    points: int | None = None
    team: tuple[int, ...] | None = None
    forfeited: int | None = None

    def to_json(self) -> dict[str, Any]:
        """Deprecated name of :meth:`to_dict`."""
        deprecated("RoundResult.to_json", "RoundResult.to_dict")
        return self.to_dict()

    def to_dict(self) -> dict[str, Any]:
        """The record's ``result`` object (a dict, ready for ``json.dumps``)."""
        out: dict[str, Any] = {"winner": self.winner, "reason": self.reason}
        if self.points is not None:
            out["points"] = self.points
        if self.team is not None:
            out["team"] = list(self.team)
        if self.forfeited is not None:
            out["forfeited"] = self.forfeited
        out["moves"] = self.moves
        out["turns"] = self.turns
        return out


@dataclass(slots=True, repr=False)
class Round:
    """The full, secret state of one round. Build it with :func:`~skipbo.core.new_round`
    (from a seed), :meth:`deal` (from a deck order) or :meth:`assemble` (from parts).

    Only the core reads this object directly; everyone else gets a player view.
    Change it only through :meth:`play` (checked; :meth:`play_while_legal` for a list
    of moves), :meth:`apply_unchecked` (a move from :meth:`legal_moves`),
    :meth:`forfeit` and :meth:`undo`; :meth:`copy` makes
    an independent copy. ``str(round)`` is a compact picture of the whole table,
    hidden cards included.

    Public and read-only by convention: ``rules``, ``dealer``, ``deck`` (as dealt,
    top card first), ``to_move``, ``partners`` (each seat's partner, -1 for none),
    ``turns``, ``result`` and the lists ``history`` (the move ids played) and
    ``shuffles`` (each reshuffle's order, top first): read them, never change them.
    The piles are read-only properties that return tuples (bottom card first):
    :attr:`stocks`, :attr:`discards`, :attr:`build`, :attr:`build_cards`,
    :attr:`completed`, :attr:`draw` (top card last) and :attr:`hand_sizes`; a hand
    is :meth:`hand_cards`. The working representation underneath (hand counts and
    bitmasks, the playable tops, the build slots each card fits) is private:
    attributes starting with ``_``, which the built-in search bots read for speed.
    """

    rules: Rules
    dealer: int
    deck: tuple[int, ...]
    shuffler: Shuffler
    _stocks: list[list[int]]
    """Each seat's stock, bottom card first."""
    _draw_pile: list[int]
    """The draw pile, top card *last*, so that drawing is ``pop()``."""
    to_move: int
    partners: tuple[int, ...]
    _hands: list[list[int]] = field(default_factory=list)
    """Each seat's hand as a count per card value (index ``NO_CARD`` unused)."""
    _hand_masks: list[int] = field(default_factory=list)
    """Each seat's hand as a bitmask of the values held (bit ``c`` for card ``c``)."""
    _hand_sizes: list[int] = field(default_factory=list)
    _discards: list[list[list[int]]] = field(default_factory=list)
    """Each seat's four discard piles, bottom card first."""
    _tops: list[list[int]] = field(default_factory=list)
    """Each seat's playable tops: stock, then discard piles 1-4 (``NO_CARD``: empty)."""
    _build: list[int] = field(default_factory=lambda: [0] * SLOTS)
    """Each build pile's value (0 = empty .. 11)."""
    _build_cards: list[list[int]] = field(default_factory=lambda: [[] for _ in range(SLOTS)])
    _completed: list[int] = field(default_factory=list)
    shuffles: list[list[int]] = field(default_factory=list)
    history: list[Move] = field(default_factory=list)
    turns: int = 1
    played_this_turn: bool = False
    idle_streak: int = 0
    result: RoundResult | None = None
    _accept: list[int] = field(default_factory=list)
    """Bitmask of the build slots that take card ``c`` now, by card value."""
    _frozen_discards: list[tuple[tuple[int, ...], ...] | None] = field(
        default_factory=list, compare=False
    )
    _stale_discards: int = field(default=0, compare=False)
    """Bit ``4 * seat + pile`` set: that discard pile changed since it was frozen."""
    _all_frozen_discards: tuple[tuple[tuple[int, ...], ...], ...] | None = field(
        default=None, compare=False
    )
    _frozen_build: tuple[tuple[int, ...], tuple[tuple[int, ...], ...]] | None = field(
        default=None, compare=False
    )
    _frozen_completed: tuple[int, ...] | None = field(default=None, compare=False)
    _origin: _Origin | None = field(default=None, compare=False)
    """Where :meth:`undo` starts again for a round made by :meth:`assemble`."""

    # ------------------------------------------------------------------ set-up

    @classmethod
    def deal(cls, rules: Rules, dealer: int, deck: Sequence[int], shuffler: Shuffler) -> Round:
        """Deal a round from ``deck`` (top card first) exactly as rules §3 says.

        One card at a time from the dealer's left, each on top of that player's
        stock, until every stock is full; the rest is the draw pile. The player
        on the dealer's left then begins turn 1 with the refill.
        """
        n = rules.players
        if not 0 <= dealer < n:
            raise DealError(f"dealer must be a seat 0..{n - 1}, not {dealer}")
        if not is_full_deck(list(deck)):
            raise DealError("the deck must hold exactly the 162 cards of one game")
        dealt = n * rules.stock
        # card k goes to seat (dealer + 1 + k) % n: seat s gets every n-th card from its offset
        stocks = [list(deck[(seat - dealer - 1) % n : dealt : n]) for seat in range(n)]
        partners = tuple(-1 if (q := rules.partner(p)) is None else q for p in range(n))
        state = cls(
            rules=rules,
            dealer=dealer,
            deck=tuple(deck),
            shuffler=shuffler,
            _stocks=stocks,
            _draw_pile=list(reversed(deck[dealt:])),
            to_move=(dealer + 1) % n,
            partners=partners,
        )
        state._set_up_tables()
        state._draw(state.to_move, HAND_SIZE)
        return state

    @classmethod
    def assemble(
        cls,
        rules: Rules,
        to_move: int,
        stocks: list[list[int]],
        hands: list[list[int]],
        discards: list[list[list[int]]],
        build_cards: list[list[int]],
        completed: list[int],
        draw: list[int],
        shuffler: Shuffler,
    ) -> Round:
        """A round in the middle of play, from its parts (all bottom card first;
        ``draw`` top card last; ``hands`` as card lists). Used to search from a
        sampled position (:mod:`skipbo.core.determinize`) and to set up tests.
        The parts are taken as given: no deck check, turn 1, nothing played yet.
        They are also kept (not copied: do not change them afterwards), as the
        position :meth:`undo` starts again from.
        """
        n = rules.players
        state = cls(
            rules=rules,
            dealer=(to_move - 1) % n,
            deck=(),
            shuffler=shuffler,
            _stocks=[list(s) for s in stocks],
            _draw_pile=list(draw),
            to_move=to_move,
            partners=tuple(-1 if (q := rules.partner(p)) is None else q for p in range(n)),
        )
        state._set_up_tables()
        for seat in range(n):
            for card in hands[seat]:
                state._hands[seat][card] += 1
                state._hand_masks[seat] |= 1 << card
            state._hand_sizes[seat] = len(hands[seat])
            state._discards[seat] = [list(pile) for pile in discards[seat]]
            state._tops[seat] = [s[-1] if s else NO_CARD for s in (stocks[seat], *discards[seat])]
        state._completed = list(completed)
        for slot, cards in enumerate(build_cards):
            state._build_cards[slot] = list(cards)
            state._build[slot] = len(cards)
        state._accept = _accept_for(state._build)
        state._origin = _Origin(to_move, stocks, hands, discards, build_cards, completed, draw)
        return state

    def _set_up_tables(self) -> None:
        n = self.rules.players
        self._hands = [[0] * (SB + 1) for _ in range(n)]
        self._hand_masks = [0] * n
        self._hand_sizes = [0] * n
        self._discards = [[[] for _ in range(SLOTS)] for _ in range(n)]
        self._tops = [[stock[-1] if stock else NO_CARD, 0, 0, 0, 0] for stock in self._stocks]
        self._frozen_discards = [None] * n
        self._stale_discards = 0
        self._accept = [0] * (SB + 1)
        self._accept[1] = ALL_SLOTS
        self._accept[SB] = ALL_SLOTS

    # ------------------------------------------------------------------ queries

    @property
    def over(self) -> bool:
        """True once the round has a result."""
        return self.result is not None

    @property
    def first_seat(self) -> int:
        """The seat that began turn 1: the dealer's left (rules §3)."""
        return (self.dealer + 1) % self.rules.players

    @property
    def stocks(self) -> tuple[tuple[int, ...], ...]:
        """Every seat's stock, bottom card first (a copy: read-only)."""
        return tuple(map(tuple, self._stocks))

    @property
    def draw(self) -> tuple[int, ...]:
        """The draw pile, top card *last* (a copy: read-only)."""
        return tuple(self._draw_pile)

    @property
    def discards(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """Every seat's four discard piles, bottom card first (read-only tuples)."""
        return self.all_frozen_discards()

    @property
    def build(self) -> tuple[int, ...]:
        """The value on each build pile, B1-B4 (0 = empty .. 11; a 12 completes it)."""
        return self.frozen_build()[0]

    @property
    def build_cards(self) -> tuple[tuple[int, ...], ...]:
        """The cards of each build pile, bottom card first (SB cards as ``SB``)."""
        return self.frozen_build()[1]

    @property
    def completed(self) -> tuple[int, ...]:
        """The cards of completed build piles, waiting for a reshuffle (rules §6)."""
        return self.frozen_completed()

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return tuple(self._hand_sizes)

    def hand_cards(self, seat: int) -> list[int]:
        """The cards in ``seat``'s hand, ascending (SB last)."""
        counts = self._hands[seat]
        return [c for c in HAND_VALUES[self._hand_masks[seat]] for _ in range(counts[c])]

    def hand_tuple(self, seat: int) -> tuple[int, ...]:
        """:meth:`hand_cards` as a tuple, looked up by the hand's counts (views need it
        at every decision)."""
        key = bytes(self._hands[seat])
        hand = _HAND_TUPLES.get(key)
        if hand is None:
            if len(_HAND_TUPLES) >= _HAND_TUPLES_LIMIT:
                _HAND_TUPLES.clear()
            hand = _HAND_TUPLES[key] = tuple(self.hand_cards(seat))
        return hand

    def frozen_discards(self, seat: int) -> tuple[tuple[int, ...], ...]:
        """``seat``'s discard piles as tuples, rebuilt only after they change.

        Views are built at every decision and discard piles change far less often,
        so caching this copy is most of the cost of a view saved. A move changes
        one pile at a time, and only that pile's tuple is rebuilt: the other three
        stay the same objects (an encoder may key its caches on them).
        """
        frozen = self._frozen_discards[seat]
        shift = seat << 2
        stale = self._stale_discards >> shift & ALL_SLOTS
        if frozen is None or stale:
            piles = self._discards[seat]
            if frozen is None:
                frozen = tuple(map(tuple, piles))
            else:
                frozen = tuple(
                    [tuple(piles[i]) if stale >> i & 1 else frozen[i] for i in range(SLOTS)]
                )
            self._frozen_discards[seat] = frozen
            self._stale_discards &= ~(ALL_SLOTS << shift)
        return frozen

    def all_frozen_discards(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """:meth:`frozen_discards` of every seat, in seat order, rebuilt after a change."""
        frozen = self._all_frozen_discards
        if frozen is None or self._stale_discards:
            frozen = tuple([self.frozen_discards(p) for p in range(self.rules.players)])
            self._all_frozen_discards = frozen
        return frozen

    def frozen_build(self) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
        """The build piles' values and cards as tuples (bottom first), rebuilt after a
        play (all four: they are short, and copying them is cheaper than choosing)."""
        frozen = self._frozen_build
        if frozen is None:
            frozen = (tuple(self._build), tuple(map(tuple, self._build_cards)))
            self._frozen_build = frozen
        return frozen

    def frozen_completed(self) -> tuple[int, ...]:
        """The completed piles' cards as a tuple, rebuilt only after they change."""
        frozen = self._frozen_completed
        if frozen is None:
            frozen = self._frozen_completed = tuple(self._completed)
        return frozen

    def stock_top(self, seat: int) -> int:
        """The face-up top of ``seat``'s stock, or ``NO_CARD`` when empty."""
        return self._tops[seat][0]

    def legal_moves(self) -> list[Move]:
        """Every legal move of the seat to move, each once; empty once over."""
        if self.result is not None:
            return []
        p = self.to_move
        accept = self._accept
        table = PLAYS_BY_MASK
        out: list[Move] = []
        top = self._tops[p]
        for source in range(5):
            mask = accept[top[source]]
            if mask:
                out += table[source][mask]
        q = self.partners[p]
        if q >= 0:
            top = self._tops[q]
            for source in range(5):
                mask = accept[top[source]]
                if mask:
                    out += table[SRC_PARTNER_STOCK + source][mask]
        hand_mask = self._hand_masks[p]
        if not hand_mask:
            out.append(END)
            return out
        for card in HAND_VALUES[hand_mask]:
            mask = accept[card]
            if mask:
                out += table[SRC_HAND + card][mask]
        out += DISCARDS_BY_MASK[hand_mask]
        return out

    def is_legal(self, move: object) -> bool:
        """True when ``move`` (an id or its notation) may be played now.

        Never raises: anything that is not a move (``"h1-b1"``, ``None``) is False.
        """
        return self.why_illegal(move) is None

    def why_illegal(self, move: object) -> str | None:
        """None for a legal move, else a sentence saying why it is not.

        ``move`` is an id or its notation (``"S-B1"``). Never raises: for anything
        that is not a move (``"h1-b1"``, ``None``, ``1.5``) the reason is the
        :class:`~skipbo.core.MoveSyntaxError` message, which shows what a move
        looks like.
        """
        if type(move) is not int:
            try:
                move = as_move(move)
            except MoveSyntaxError as error:
                return str(error)
        if self.result is not None:
            return "the round is already over"
        if not 0 <= move <= END:
            return f"{shown(move)} is not a move id (0..{END})"
        p = self.to_move
        if move < PLAY_COUNT:
            return self._why_play_illegal(p, move)
        if move < END:
            card = (move - DISCARD_BASE) // SLOTS + 1
            if not self._hands[p][card]:
                return f"there is no {card_name(card)} in the hand"
            return None
        if self._hand_sizes[p]:
            return "'end' is only allowed with an empty hand; discard a card to end the turn"
        return None

    def _why_play_illegal(self, p: int, move: Move) -> str | None:
        source, slot = divmod(move, SLOTS)
        if source >= SRC_HAND + 1:
            card = source - SRC_HAND
            if not self._hands[p][card]:
                return f"there is no {card_name(card)} in the hand"
        else:
            owner = p
            if source >= SRC_PARTNER_STOCK:
                owner = self.partners[p]
                if owner < 0:
                    return "there is no partner in this game"
                source -= SRC_PARTNER_STOCK
            card = self._tops[owner][source]
            if card == NO_CARD:
                whose = "the partner's" if owner != p else "the own"
                pile = "stock" if source == 0 else f"discard pile {source}"
                return f"{whose} {pile} is empty"
        need = self._build[slot] + 1
        if card != SB and card != need:
            return (
                f"{_article(card_name(card))} cannot go on B{slot + 1},"
                f" which needs {_article(str(need))}"
            )
        return None

    # ------------------------------------------------------------------ changes

    def play(self, move: Move | str) -> None:
        """Apply ``move`` (an id or its notation, ``"S-B1"``) after checking it.

        Raises :class:`~skipbo.core.IllegalMoveError` with the reason if the rules
        do not allow it, :class:`~skipbo.core.MoveSyntaxError` for text that is
        not a move.
        """
        if type(move) is not int:
            move = as_move(move)
        reason = self.why_illegal(move)
        if reason is not None:
            error = RoundOverError if self.result is not None else IllegalMoveError
            raise error(f"{format_move(move)}: {reason}" if 0 <= move <= END else reason)
        self.apply_unchecked(move)

    def apply_unchecked(self, move: Move) -> None:
        """Apply a move known to be legal (e.g. taken from :meth:`legal_moves`)."""
        self.history.append(move)
        if move < PLAY_COUNT:
            self._play_card(move)
        elif move < END:
            p = self.to_move
            index = move - DISCARD_BASE
            card = (index >> 2) + 1
            counts = self._hands[p]  # _take_from_hand, inlined on the commonest move
            counts[card] -= 1
            if not counts[card]:
                self._hand_masks[p] ^= 1 << card
            self._hand_sizes[p] -= 1
            self._discards[p][index & 3].append(card)
            self._tops[p][(index & 3) + 1] = card
            self._stale_discards |= 1 << (p << 2 | index & 3)
            self._end_turn()
        else:
            self._end_turn()

    def play_while_legal(self, texts: Sequence[object]) -> int:
        """Play moves written in notation, in order, as long as each is legal; the
        number played. The first one refused (not notation, or against the rules
        now) is not played: :meth:`why_illegal` says why.

        The same as :meth:`play` of each move in turn, only faster: a replay
        (:func:`~skipbo.core.replay`) checks and plays every move of a record, and
        here that is one loop that handles the commonest moves itself, since in
        pure Python the method calls cost more than the rules do. A missing or
        wrong reshuffle raises :class:`~skipbo.core.BadRecordError`, as with
        :meth:`play`; the round is then as far as it got.
        """
        start = len(self.history)
        if self.result is None:
            try:
                self._play_legal_ids(_move_ids(texts))
            finally:
                self._derive_masks()
        return len(self.history) - start

    def _play_legal_ids(self, moves: list[Move | None]) -> None:
        """:meth:`play_while_legal`'s loop (None: text that is not a move).

        Each branch checks what :meth:`why_illegal` checks for its kind of move and
        changes what :meth:`apply_unchecked` changes, except what the caller then
        derives again (:meth:`_derive_masks`): nothing called from here reads it.
        Partner plays, wins, draws and turn ends go through the kernel's methods.
        tests/test_replay_fast.py compares both paths state by state.
        """
        hands, sizes, tops = self._hands, self._hand_sizes, self._tops
        stocks, discards = self._stocks, self._discards
        build, build_cards = self._build, self._build_cards
        append = self.history.append
        p = self.to_move
        counts = hands[p]
        for move in moves:
            if move is None:
                return
            if move >= PLAY_COUNT:  # a discard or 'end': the turn ends
                if move < END:
                    index = move - DISCARD_BASE
                    card = (index >> 2) + 1
                    if not counts[card]:
                        return
                    counts[card] -= 1
                    sizes[p] -= 1
                    pile = index & 3
                    discards[p][pile].append(card)
                    tops[p][pile + 1] = card
                    self._stale_discards |= 1 << ((p << 2) + pile)
                elif sizes[p]:
                    return
                append(move)
                self._end_turn(masks=False)
                if self.result is not None:
                    return
                p = self.to_move
                counts = hands[p]
                continue
            source = move >> 2
            slot = move & 3
            if source > SRC_HAND:
                card = source - SRC_HAND
                if not counts[card] or (card != SB and card != build[slot] + 1):
                    return
                append(move)
                counts[card] -= 1
                sizes[p] -= 1
            elif source < SRC_PARTNER_STOCK:
                top = tops[p]
                card = top[source]
                if card == NO_CARD or (card != SB and card != build[slot] + 1):
                    return
                append(move)
                if source:
                    from_pile = discards[p][source - 1]
                    self._stale_discards |= 1 << ((p << 2) + source - 1)
                else:
                    from_pile = stocks[p]
                from_pile.pop()
                top[source] = from_pile[-1] if from_pile else NO_CARD
                if not from_pile and not source and self._team_out(p):
                    self._place(card, slot)
                    self._win(p)
                    return
            else:  # from the partner's piles
                if self.why_illegal(move) is not None:
                    return
                self.apply_unchecked(move)
                if self.result is not None:
                    return
                continue
            cards = build_cards[slot]  # _place, but for _accept and the frozen copy
            cards.append(card)
            if build[slot] + 1 == MAX_VALUE:
                self._completed += cards
                self._frozen_completed = None
                cards.clear()
                build[slot] = 0
            else:
                build[slot] += 1
            self.played_this_turn = True
            if not sizes[p]:
                self._draw(p, HAND_SIZE, masks=False)

    def _derive_masks(self) -> None:
        """Derive the hand masks and ``_accept`` from the hand counts and build piles
        again, and drop the build piles' frozen copy: what :meth:`_play_legal_ids`
        leaves stale."""
        masks = self._hand_masks
        for seat, counts in enumerate(self._hands):
            masks[seat] = sum(1 << card for card, held in enumerate(counts) if held)
        self._accept[:] = _accept_for(self._build)
        self._frozen_build = None

    def _take_from_hand(self, p: int, card: int) -> None:
        counts = self._hands[p]
        counts[card] -= 1
        if not counts[card]:
            self._hand_masks[p] ^= 1 << card
        self._hand_sizes[p] -= 1

    def _play_card(self, move: Move) -> None:
        p = self.to_move
        source = move >> 2
        slot = move & 3
        if source > SRC_HAND:
            card = source - SRC_HAND
            self._take_from_hand(p, card)
        else:
            owner = p
            if source >= SRC_PARTNER_STOCK:
                owner = self.partners[p]
                source -= SRC_PARTNER_STOCK
            if source:
                pile = self._discards[owner][source - 1]
                self._stale_discards |= 1 << ((owner << 2) + source - 1)
            else:
                pile = self._stocks[owner]
            card = pile.pop()
            self._tops[owner][source] = pile[-1] if pile else NO_CARD
            if not source and not pile and self._team_out(p):
                self._place(card, slot)
                self._win(p)
                return
        self._place(card, slot)
        self.played_this_turn = True
        if not self._hand_sizes[p]:
            self._draw(p, HAND_SIZE)

    def _place(self, card: int, slot: int) -> None:
        """Put ``card`` on build slot ``slot``; a pile reaching 12 is set aside."""
        value = self._build[slot]
        cards = self._build_cards[slot]
        cards.append(card)
        bit = 1 << slot
        self._frozen_build = None
        accept = self._accept
        accept[value + 1] ^= bit
        if value + 1 == MAX_VALUE:
            self._completed += cards
            self._frozen_completed = None
            cards.clear()
            self._build[slot] = 0
            accept[1] |= bit
        else:
            self._build[slot] = value + 1
            accept[value + 2] |= bit

    def _team_out(self, p: int) -> bool:
        """True when the stocks that must be empty for ``p``'s side to win are."""
        q = self.partners[p]
        return not self._stocks[p] and (q < 0 or not self._stocks[q])

    def _draw(self, p: int, count: int, masks: bool = True) -> None:
        """Draw up to ``count`` cards, reshuffling completed piles when needed (§6).

        ``masks=False``: the hand mask may be left stale in the usual case (no
        reshuffle), for :meth:`_play_legal_ids`, whose caller derives it again.
        """
        draw = self._draw_pile
        counts = self._hands[p]
        mask = self._hand_masks[p]
        if 0 < count <= len(draw):  # the usual case: no reshuffle, all cards there
            if masks:
                for card in draw[-count:]:
                    counts[card] += 1
                    mask |= 1 << card
                self._hand_masks[p] = mask
            else:
                for card in draw[-count:]:
                    counts[card] += 1
            del draw[-count:]
            self._hand_sizes[p] += count
            return
        got = 0
        try:
            while got < count:
                if not draw:
                    if not self._completed:
                        break
                    self._reshuffle()
                card = draw.pop()
                counts[card] += 1
                mask |= 1 << card
                got += 1
        finally:  # a record's missing reshuffle raises: the cards drawn so far count
            self._hand_masks[p] = mask
            self._hand_sizes[p] += got

    def _reshuffle(self) -> None:
        order = self.shuffler(len(self.shuffles), self._completed)
        self.shuffles.append(order)
        self._draw_pile.extend(reversed(order))
        self._completed = []
        self._frozen_completed = None

    def _end_turn(self, masks: bool = True) -> None:
        """Close the turn (blocked round and cap checks), then begin the next one
        (``masks``: as for :meth:`_draw`)."""
        n = self.rules.players
        if not self.played_this_turn and not self._draw_pile and not self._completed:
            self.idle_streak += 1
            if self.idle_streak >= n:
                self._finish(None, REASON_BLOCKED)
                return
        else:
            self.idle_streak = 0
        cap = self.rules.cap
        if cap is not None and self.turns >= cap:
            self._finish(None, REASON_CAP)
            return
        p = (self.to_move + 1) % n
        self.to_move = p
        self.turns += 1
        self.played_this_turn = False
        missing = HAND_SIZE - self._hand_sizes[p]
        if missing > 0:
            self._draw(p, missing, masks)

    def _win(self, p: int) -> None:
        team = self.rules.team_seats(p)
        left = sum(len(stock) for seat, stock in enumerate(self._stocks) if seat not in team)
        self._finish(p, REASON_STOCK, points=25 + 5 * left, team=team if self.rules.teams else None)

    def _finish(
        self,
        winner: int | None,
        reason: str,
        points: int | None = None,
        team: tuple[int, ...] | None = None,
        forfeited: int | None = None,
    ) -> None:
        self.result = RoundResult(
            winner, reason, len(self.history), self.turns, points, team, forfeited
        )

    def forfeit(self, seat: int) -> None:
        """End the round because ``seat``, the seat to move, forfeited it (a bot's
        illegal or missing answer): no winner, no points.

        Only the seat to move can (docs/rules-decisions.md 6: a record's forfeit names
        the seat to move, and replay checks it); a finished round cannot be forfeited.
        Raises :class:`~skipbo.core.RoundOverError` or :class:`~skipbo.core.IllegalMoveError`.
        """
        if self.result is not None:
            raise RoundOverError("the round is over: it cannot be forfeited")
        if whole_number(seat) != self.to_move:
            to_move = self.to_move
            raise IllegalMoveError(f"only the seat to move ({to_move}) can forfeit, not {seat!r}")
        self._finish(None, REASON_FORFEIT, forfeited=self.to_move)

    def clone(self) -> Round:
        """An independent copy, e.g. for a search that tries moves.

        Searches clone at every node, so this sets the slots directly instead of
        going through ``__init__`` (about twice as fast); every field is listed,
        and a test checks that a clone equals its original field by field."""
        c = object.__new__(Round)
        c.rules, c.dealer, c.deck, c.shuffler = self.rules, self.dealer, self.deck, self.shuffler
        c._stocks = [s[:] for s in self._stocks]
        c._draw_pile = self._draw_pile[:]
        c.to_move, c.partners = self.to_move, self.partners
        c._hands = [h[:] for h in self._hands]
        c._hand_masks, c._hand_sizes = self._hand_masks[:], self._hand_sizes[:]
        c._discards = [[d[:] for d in ds] for ds in self._discards]
        c._tops = [t[:] for t in self._tops]
        c._build = self._build[:]
        c._build_cards = [b[:] for b in self._build_cards]
        c._completed = self._completed[:]
        c.shuffles = [x[:] for x in self.shuffles]
        c.history = self.history[:]
        c.turns, c.played_this_turn = self.turns, self.played_this_turn
        c.idle_streak = self.idle_streak
        c.result = self.result
        c._accept = self._accept[:]
        c._frozen_discards = self._frozen_discards[:]
        c._stale_discards = self._stale_discards
        c._all_frozen_discards = self._all_frozen_discards
        c._frozen_build, c._frozen_completed = self._frozen_build, self._frozen_completed
        c._origin = self._origin
        return c

    def copy(self) -> Round:
        """An independent copy of the round: playing on one never changes the other.

        Everything is copied except what never changes in place (the rules, the deck,
        the shuffler, the result), so it is cheap enough for a search that copies at
        every node; ``copy.copy(round)`` and ``copy.deepcopy(round)`` give the same."""
        return self.clone()

    def __copy__(self) -> Round:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, object]) -> Round:
        return self.clone()

    def undo(self) -> Move:
        """Take back the last move and return it: the round is then exactly as it was
        before that move, draws and reshuffles included (the ``shuffles`` taken since
        are gone; playing on reshuffles again as the shuffler says), and a result that
        move (or a later :meth:`forfeit`) gave is gone too.

        The round is dealt again and every earlier move replayed, with the reshuffles
        it recorded: O(moves), well under a millisecond for most rounds, so it suits
        analysis and take-backs; a search should :meth:`copy` instead. Exact for a
        round changed only through :meth:`play`, :meth:`apply_unchecked`,
        :meth:`forfeit` and :meth:`undo`. Raises :class:`~skipbo.core.SkipBoError`
        when no move has been played.
        """
        if not self.history:
            raise SkipBoError("there is no move to take back")
        moves = self.history[:-1]
        recorded = RecordedShuffles(self.shuffles)
        origin = self._origin
        if origin is None:
            again = Round.deal(self.rules, self.dealer, self.deck, recorded)
        else:
            again = Round.assemble(self.rules, *origin[:7], shuffler=recorded)
        apply = again.apply_unchecked
        for move in moves:
            apply(move)
        again.shuffler = self.shuffler
        last = self.history[-1]
        for name in _FIELDS:
            setattr(self, name, getattr(again, name))
        return last

    def __repr__(self) -> str:
        rules = self.rules
        table = f"{rules.players} players{' in partnerships' if rules.teams else ''}"
        if self.result is None:
            where = f"turn {self.turns}, seat {self.to_move} to move"
        else:
            winner = self.result.winner
            where = f"over ({self.result.reason}{'' if winner is None else f', seat {winner} won'})"
        return f"<Round {table}, stock {rules.stock}, {where}, {len(self.history)} moves>"

    def __str__(self) -> str:
        """The whole table as text: build piles, then each seat's stock (top card
        and size), hand and discard piles (``>`` marks the seat to move)."""
        rules = self.rules
        build = "  ".join(f"B{slot + 1} {value or '-'}" for slot, value in enumerate(self._build))
        lines = [
            f"{self!r}"[1:-1],
            f"build  {build}   draw {len(self._draw_pile)}   completed {len(self._completed)}",
        ]
        for seat in range(rules.players):
            mark = ">" if seat == self.to_move and self.result is None else " "
            partner = self.partners[seat]
            name = f"seat {seat}" + (f" (with {partner})" if partner >= 0 else "")
            top = self._tops[seat][0]
            stock = f"{card_name(top) if top != NO_CARD else '-'} [{len(self._stocks[seat])}]"
            hand = " ".join(card_name(c) for c in self.hand_cards(seat)) or "-"
            piles = "  ".join(
                f"D{i + 1} {' '.join(card_name(c) for c in pile) or '-'}"
                for i, pile in enumerate(self._discards[seat])
            )
            lines.append(f"{mark} {name}  stock {stock}  hand {hand}  {piles}")
        if self.result is not None:
            lines.append(f"result {json.dumps(self.result.to_dict())}")
        return "\n".join(lines)


_FIELDS: Final = tuple(f for f in Round.__slots__ if f not in ("rules", "dealer", "deck"))
"""What :meth:`Round.undo` sets again (the rest never changes)."""


def _accept_for(build: list[int]) -> list[int]:
    """``_accept`` for build piles of these values: by card value, a bitmask of the
    slots that take it (an SB goes anywhere)."""
    accept = [0] * (SB + 1)
    accept[SB] = ALL_SLOTS
    for slot, value in enumerate(build):
        accept[value + 1] |= 1 << slot
    return accept


def _move_ids(texts: Sequence[object]) -> list[Move | None]:
    """The move id of each text, None for anything that is not a move's notation.

    One dict lookup per item in C when every item is a ``str`` (a record's moves,
    from JSON); item by item otherwise, so that only a string is taken for a move.
    """
    if set(map(type, texts)) <= {str}:
        return list(map(MOVE_BY_TEXT.get, cast("Sequence[str]", texts)))
    return [MOVE_BY_TEXT.get(text) if isinstance(text, str) else None for text in texts]


def _article(name: str) -> str:
    """A card name with its English article: "a 7", "an 8", "an 11", "an SB"."""
    return f"an {name}" if name in ("8", "11", "SB") else f"a {name}"
