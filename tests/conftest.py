"""Shared helpers for the rules-core tests (and, at the end, the store fixtures).

Two ways to get a position, in order of preference:

* :func:`deal_from` / :func:`deck_for`: compute the deck order that deals the
  wanted stocks and draw pile (rules.md §3), then deal it with the real
  :meth:`Round.deal`. Nothing is touched by hand; every later position is reached
  through real moves.
* :func:`make_position`: for positions far into a round (empty draw pile,
  completed piles waiting, empty stocks, ...) that would take hundreds of moves
  to reach. It deals a round normally, then overwrites the card-holding fields
  (stocks, hands, discards, build piles, draw, completed) and calls
  :func:`resync`, the one place that recomputes the kernel's derived fields
  (``tops``, ``hand_masks``, ``hand_sizes``, ``build`` and ``_accept``) from
  them. It always accounts for all 162 cards: whatever the caller does not place
  goes to ``rest``.

:func:`check_invariants` and :func:`reference_legal` are independent
re-statements of the rules used to check the kernel after every move.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from skipbo.core import (
    MOVE_COUNT,
    NO_CARD,
    SB,
    RecordedShuffles,
    Round,
    Rules,
    Shuffler,
    card_name,
    format_move,
    full_deck,
    parse_card,
    parse_move,
    player_view,
)
from skipbo.core.moves import PLAY_COUNT
from storage_backends import BACKENDS, Backend, postgres_backend, sqlite_backend, throwaway_database
from suite_checks import (  # noqa: F401 (pytest hooks: services in CI, Hypothesis seed)
    pytest_configure,
    pytest_make_collect_report,
    pytest_runtest_makereport,
    pytest_terminal_summary,
)

ALL_MOVES = range(MOVE_COUNT)
HAND_SIZE = 5
SLOTS = 4


# ---------------------------------------------------------------- small helpers


def cards(text: str) -> list[int]:
    """``cards("1 2 SB")`` -> ``[1, 2, 13]``: card lists written as in notation.md."""
    return [parse_card(t) for t in text.split()]


def legal_texts(state: Round) -> set[str]:
    """The legal moves of ``state`` as notation strings."""
    return {format_move(m) for m in state.legal_moves()}


def play(state: Round, *texts: str) -> None:
    """Play each move (notation) through the checked :meth:`Round.play`."""
    for text in texts:
        state.play(parse_move(text))


def hand(state: Round, seat: int) -> list[int]:
    """``seat``'s hand as a sorted card list, read from the count array."""
    return sorted(c for c in range(1, SB + 1) for _ in range(state._hands[seat][c]))


def is_turn_end(move: int) -> bool:
    """True for a discard or ``end``."""
    return move >= PLAY_COUNT


def snapshot(state: Round) -> dict[str, Any]:
    """Every field of a round, deep-copied, to compare 'before' and 'after'."""
    return {
        "stocks": [list(s) for s in state._stocks],
        "draw": list(state._draw_pile),
        "to_move": state.to_move,
        "hands": [list(h) for h in state._hands],
        "hand_masks": list(state._hand_masks),
        "hand_sizes": list(state._hand_sizes),
        "discards": [[list(d) for d in ds] for ds in state._discards],
        "tops": [list(t) for t in state._tops],
        "build": list(state._build),
        "build_cards": [list(b) for b in state._build_cards],
        "completed": list(state._completed),
        "shuffles": [list(s) for s in state.shuffles],
        "history": list(state.history),
        "turns": state.turns,
        "played_this_turn": state.played_this_turn,
        "idle_streak": state.idle_streak,
        "result": state.result,
        "accept": list(state._accept),
    }


# ---------------------------------------------------------------- dealing from a deck order


def deal_index(rules: Rules, dealer: int, seat: int, i: int) -> int:
    """Deck index of the ``i``-th card (0 = first dealt = bottom) that ``seat`` receives.

    Rules §3: card ``k`` of the deck goes to seat ``(dealer + 1 + k) % n``, on top
    of that seat's stock.
    """
    n = rules.players
    return i * n + (seat - dealer - 1) % n


def deck_for(
    rules: Rules,
    dealer: int,
    stocks: Sequence[Sequence[int]],
    draw: Sequence[int] = (),
    rest: Sequence[int] | None = None,
) -> list[int]:
    """The deck order (top first) whose deal gives exactly these stocks and draw pile.

    ``stocks[seat]`` lists that seat's stock bottom card first (its last card is
    the face-up top) and must hold ``rules.stock`` cards. ``draw`` is the top of
    the draw pile, top card first; the first player's opening hand is its first 5
    cards. The cards not named follow in ``rest`` order if given (it must be
    exactly those cards), else in a fixed shuffled order.
    """
    n = rules.players
    assert len(stocks) == n
    deck: list[int] = [NO_CARD] * (n * rules.stock)
    for seat, stock in enumerate(stocks):
        assert len(stock) == rules.stock, f"seat {seat} needs {rules.stock} stock cards"
        for i, card in enumerate(stock):
            deck[deal_index(rules, dealer, seat, i)] = card
    deck += list(draw)
    left = Counter(full_deck())
    left.subtract(deck)
    assert all(v >= 0 for v in left.values()), f"too many cards: {-left}"
    if rest is None:
        tail = sorted(left.elements())
        random.Random(0).shuffle(tail)
    else:
        tail = list(rest)
        assert Counter(tail) == +left, "rest must be exactly the cards not named"
    deck += tail
    assert sorted(deck) == full_deck()
    return deck


StockSpec = dict[int, Sequence[int]] | Sequence[Sequence[int]] | None
"""Stocks for a position: a full list per seat, or ``{seat: cards}`` with filler
stocks for the seats not named (see :func:`filler_stocks`), or None (all filler)."""


def filler_stocks(
    rules: Rules, given: StockSpec = None, used: Sequence[int] = ()
) -> list[list[int]]:
    """Stocks for every seat (bottom first): those ``given``, the others filler.

    A filler stock holds ``rules.stock`` cards taken from what is left once the
    ``given`` stocks and the ``used`` cards are set aside, never a 1 or an SB
    while other cards remain, and its top (the only playable card) is a 9..12
    while there are such cards: out of the way of most scenarios.
    """
    if given is not None and not isinstance(given, dict):
        return [list(s) for s in given]
    given = given or {}
    left = Counter(full_deck())
    left.subtract(used)
    for stock in given.values():
        left.subtract(stock)
    assert all(v >= 0 for v in left.values()), f"too many cards: {-left}"
    preference = [9, 10, 11, 12, 8, 7, 6, 5, 4, 3, 2, 1, SB]
    pool = [c for c in preference for _ in range(left[c])]
    fill = [seat for seat in range(rules.players) if seat not in given]
    tops = {seat: pool.pop(0) for seat in fill}
    pool.reverse()  # the bottoms take 2, 3, ... first, keeping 9..12 for later tops
    out: list[list[int]] = []
    for seat in range(rules.players):
        if seat in given:
            out.append(list(given[seat]))
        else:
            out.append([pool.pop(0) for _ in range(rules.stock - 1)] + [tops[seat]])
    return out


def deal_from(
    rules: Rules,
    dealer: int,
    stocks: StockSpec = None,
    draw: Sequence[int] = (),
    shuffler: Shuffler | None = None,
    rest: Sequence[int] | None = None,
) -> Round:
    """Deal the round of :func:`deck_for` with the real :meth:`Round.deal`.

    ``stocks`` as for :func:`filler_stocks` (filler avoids the ``draw`` cards).
    Without a ``shuffler`` reshuffles come from an empty recorded list, i.e. a
    reshuffle raises ``BadRecordError``: tests that need one pass one.
    """
    full = filler_stocks(rules, stocks, used=draw)
    deck = deck_for(rules, dealer, full, draw, rest)
    return Round.deal(rules, dealer, deck, shuffler or RecordedShuffles([]))


# ---------------------------------------------------------------- hand-made positions


def resync(state: Round) -> None:
    """Recompute every derived field of ``state`` from its piles.

    From ``stocks``, ``hands`` (counts), ``discards`` and ``build_cards`` this sets
    ``hand_sizes``, ``hand_masks``, ``tops`` (stock top, D1..D4 tops), ``build``
    (each slot's count) and ``_accept`` (bitmask of the slots each card value
    may go on: value ``build[s] + 1`` on slot ``s``, SB on every slot), and
    clears the kernel's cached copies of the discard, build and completed piles.
    """
    n = state.rules.players
    state._hand_sizes = [sum(state._hands[p][1:]) for p in range(n)]
    state._hand_masks = [
        sum(1 << c for c in range(1, SB + 1) if state._hands[p][c]) for p in range(n)
    ]
    state._tops = [
        [state._stocks[p][-1] if state._stocks[p] else NO_CARD]
        + [pile[-1] if pile else NO_CARD for pile in state._discards[p]]
        for p in range(n)
    ]
    for slot_cards in state._build_cards:
        assert len(slot_cards) < 12, "a pile of 12 is never on the table"
        for i, c in enumerate(slot_cards):
            assert c in (SB, i + 1), f"build pile {slot_cards} is not ascending"
    state._build = [len(b) for b in state._build_cards]
    accept = [0] * (SB + 1)
    for slot, value in enumerate(state._build):
        accept[value + 1] |= 1 << slot
    accept[SB] = (1 << SLOTS) - 1
    state._accept = accept
    if hasattr(state, "_frozen_discards"):  # the kernel's cache of discard piles for views
        state._frozen_discards = [None] * n
        state._all_frozen_discards = None
    if hasattr(state, "_frozen_build"):  # and of build and completed piles
        state._frozen_build = None
        state._frozen_completed = None


def make_position(
    rules: Rules,
    *,
    to_move: int = 0,
    stocks: StockSpec = None,
    hands: dict[int, Sequence[int]] | None = None,
    discards: dict[int, Sequence[Sequence[int]]] | None = None,
    build: Sequence[Sequence[int]] = ((), (), (), ()),
    draw: Sequence[int] = (),
    completed: Sequence[int] = (),
    rest: str | tuple[int, int] = "draw",
    shuffler: Shuffler | None = None,
) -> Round:
    """A round in a hand-made position, at the start of ``to_move``'s turn 1.

    ``stocks`` as for :func:`filler_stocks` (bottom first; a stock may be shorter
    than ``rules.stock``, as later in a round); ``hands`` per seat (missing
    seats: empty); ``discards[seat]`` four piles bottom first; ``build`` four
    slots of build cards bottom first; ``draw`` top card first; ``completed``
    the cards in completed piles (a multiple of 12). Cards not placed go to
    ``rest``: ``"draw"`` (below the given draw cards) or ``(seat, pile)`` for a
    discard pile (0-based), e.g. to leave the draw pile empty. No refill
    happens: hands are exactly as given. ``dealer`` is the seat on
    ``to_move``'s right, ``turns`` is 1.
    """
    n = rules.players
    state = Round.deal(rules, (to_move - 1) % n, full_deck(), shuffler or RecordedShuffles([]))
    state._hands = [[0] * (SB + 1) for _ in range(n)]
    for seat, held in (hands or {}).items():
        for c in held:
            state._hands[seat][c] += 1
    state._discards = [[[] for _ in range(SLOTS)] for _ in range(n)]
    for seat, piles in (discards or {}).items():
        assert len(piles) == SLOTS
        state._discards[seat] = [list(p) for p in piles]
    state._build_cards = [list(b) for b in build]
    draw_top_first = list(draw)
    state._completed = list(completed)
    placed = [c for p in range(n) for c in range(1, SB + 1) for _ in range(state._hands[p][c])]
    placed += [c for ds in state._discards for d in ds for c in d]
    placed += [c for b in state._build_cards for c in b]
    placed += draw_top_first + state._completed
    state._stocks = filler_stocks(rules, stocks, used=placed)
    placed += [c for stock in state._stocks for c in stock]
    left = Counter(full_deck())
    left.subtract(placed)
    assert all(v >= 0 for v in left.values()), f"too many cards: {-left}"
    extra = sorted(left.elements())
    if rest == "draw":
        draw_top_first += extra
    else:
        seat, pile = rest  # type: ignore[misc]
        state._discards[seat][pile] += extra
    state._draw_pile = list(reversed(draw_top_first))
    state.to_move = to_move
    state.turns = 1
    state.history = []
    state.shuffles = []
    state.idle_streak = 0
    state.played_this_turn = False
    state.result = None
    resync(state)
    check_invariants(state)
    return state


# ---------------------------------------------------------------- independent checks


def all_cards(state: Round) -> list[int]:
    """Every card of the round wherever it is."""
    out = [c for s in state._stocks for c in s]
    out += [c for h in state._hands for c in range(1, SB + 1) for _ in range(h[c])]
    out += [c for ds in state._discards for d in ds for c in d]
    out += [c for b in state._build_cards for c in b]
    return out + list(state._completed) + list(state._draw_pile)


def check_invariants(state: Round) -> None:
    """Assert every structural invariant of a round (see test_properties.py)."""
    n = state.rules.players
    assert sorted(all_cards(state)) == full_deck(), "162 cards are not conserved"
    assert len(state._build) == SLOTS and len(state._build_cards) == SLOTS
    for slot in range(SLOTS):
        pile = state._build_cards[slot]
        assert len(pile) == state._build[slot], f"B{slot + 1} count differs from its cards"
        assert 0 <= state._build[slot] <= 11
        for pos, c in enumerate(pile):
            assert c in (SB, pos + 1), f"B{slot + 1} is not ascending: {pile}"
    assert len(state._completed) % 12 == 0, "completed piles come in twelves"
    for p in range(n):
        counts = state._hands[p]
        assert counts[NO_CARD] == 0
        assert all(k >= 0 for k in counts)
        size = sum(counts)
        assert size <= HAND_SIZE, f"seat {p} holds {size} cards"
        assert state._hand_sizes[p] == size
        assert state._hand_masks[p] == sum(1 << c for c in range(1, SB + 1) if counts[c])
        assert state._tops[p][0] == (state._stocks[p][-1] if state._stocks[p] else NO_CARD)
        assert len(state._discards[p]) == SLOTS
        for i, pile in enumerate(state._discards[p]):
            assert state._tops[p][i + 1] == (pile[-1] if pile else NO_CARD)
        assert len(state._stocks[p]) <= state.rules.stock
    assert 0 <= state.to_move < n
    assert state.to_move == (state.dealer + state.turns) % n, "turns and seat to move disagree"


def reference_legal(state: Round) -> set[str]:
    """The legal moves, recomputed from the piles straight from rules §5 / notation.md."""
    if state.result is not None:
        return set()
    p = state.to_move
    out: set[str] = set()

    def fits(card: int, slot: int) -> bool:
        return card == SB or card == state._build[slot] + 1

    sources: list[tuple[str, list[int]]] = [("S", state._stocks[p])]
    sources += [(f"D{i + 1}", pile) for i, pile in enumerate(state._discards[p])]
    partner = state.rules.partner(p)
    if partner is not None:
        sources.append(("pS", state._stocks[partner]))
        sources += [(f"pD{i + 1}", pile) for i, pile in enumerate(state._discards[partner])]
    for name, pile in sources:
        for slot in range(SLOTS):
            if pile and fits(pile[-1], slot):
                out.add(f"{name}-B{slot + 1}")
    held = [c for c in range(1, SB + 1) if state._hands[p][c]]
    for c in held:
        for slot in range(SLOTS):
            if fits(c, slot):
                out.add(f"H{card_name(c)}-B{slot + 1}")
        for pile in range(SLOTS):
            out.add(f"H{card_name(c)}-D{pile + 1}")
    if not held:
        out.add("end")
    return out


def check_legality(state: Round) -> None:
    """legal_moves has no duplicates, matches the reference, and agrees with is_legal."""
    legal = state.legal_moves()
    assert len(legal) == len(set(legal)), "legal_moves lists a move twice"
    assert {format_move(m) for m in legal} == reference_legal(state)
    legal_set = set(legal)
    for m in ALL_MOVES:
        assert state.is_legal(m) == (m in legal_set), format_move(m)


NOTATION_VIEW_KEYS = frozenset(
    {"seat", "to_move", "rules", "hand", "build", "draw", "completed", "players"}
)
NOTATION_PLAYER_KEYS = frozenset({"stock_top", "stock", "hand", "discards"})


def public_extras(state: Round) -> dict[str, Any]:
    """Fields the project added to the view (notation.md allows additions), with
    the values rules §10 makes public: the build piles' cards and the completed
    piles' cards. Any other addition is checked only by :func:`scramble_hidden`."""
    return {
        "build_piles": [[card_name(c) for c in pile] for pile in state._build_cards],
        "completed_cards": [card_name(c) for c in state._completed],
    }


def check_view_json(state: Round, seat: int | None) -> None:
    """The view JSON holds notation.md's fields with exactly the public values, and
    any added field that is known has its public value."""
    actual = view_json_sorted(state, seat)
    expected = expected_view_json(state, seat)
    assert set(actual) >= NOTATION_VIEW_KEYS
    assert {k: actual[k] for k in NOTATION_VIEW_KEYS} == expected
    for p in actual["players"]:
        assert set(p) >= NOTATION_PLAYER_KEYS
    for key, value in public_extras(state).items():
        if key in actual:
            assert actual[key] == value, key


def expected_view_json(state: Round, seat: int | None) -> dict[str, Any]:
    """The player view of notation.md, built only from what rules §10 lets ``seat`` see."""

    def name(c: int) -> str:
        return card_name(c)

    return {
        "seat": seat,
        "to_move": state.to_move,
        "rules": state.rules.to_dict(),
        "hand": [] if seat is None else [name(c) for c in hand(state, seat)],
        "build": list(state._build),
        "draw": len(state._draw_pile),
        "completed": len(state._completed),
        "players": [
            {
                "stock_top": name(state._stocks[p][-1]) if state._stocks[p] else None,
                "stock": len(state._stocks[p]),
                "hand": state._hand_sizes[p],
                "discards": [[name(c) for c in pile] for pile in state._discards[p]],
            }
            for p in range(state.rules.players)
        ],
    }


def view_json_sorted(state: Round, seat: int | None) -> dict[str, Any]:
    """``player_view(...).to_dict()`` with the hand sorted (its order is free)."""
    data = player_view(state, seat).to_dict()
    data["hand"] = sorted(data["hand"], key=parse_card)
    return data


def scramble_hidden(state: Round, seat: int | None, rng: random.Random) -> Round:
    """A copy of ``state`` that differs only in what ``seat`` may not see (rules §10).

    The cards of the other players' hands, of every stock below its top and of
    the draw pile are pooled, shuffled and dealt back into the same places with
    the same sizes. ``seat`` None scrambles every hand (a spectator sees none).
    """
    other = state.clone()
    n = state.rules.players
    hidden_hands = [p for p in range(n) if p != seat]
    pool: list[int] = list(other._draw_pile)
    for p in range(n):
        pool += other._stocks[p][:-1]
    for p in hidden_hands:
        pool += [c for c in range(1, SB + 1) for _ in range(other._hands[p][c])]
    rng.shuffle(pool)
    it = iter(pool)
    other._draw_pile = [next(it) for _ in other._draw_pile]
    for p in range(n):
        if other._stocks[p]:
            other._stocks[p] = [next(it) for _ in other._stocks[p][:-1]] + [other._stocks[p][-1]]
    for p in hidden_hands:
        size = other._hand_sizes[p]
        other._hands[p] = [0] * (SB + 1)
        for _ in range(size):
            other._hands[p][next(it)] += 1
    assert next(it, None) is None
    resync(other)
    return other


# ---------------------------------------------------------------- playing whole rounds


def choose(state: Round, rng: random.Random, play_bias: float) -> int:
    """A random legal move; with probability ``play_bias`` a build play if any."""
    legal = state.legal_moves()
    if play_bias > 0 and rng.random() < play_bias:
        plays = [m for m in legal if m < PLAY_COUNT]
        if plays:
            return rng.choice(plays)
    return rng.choice(legal)


def play_out(
    state: Round, rng: random.Random, play_bias: float = 0.8, limit: int = 20_000
) -> Round:
    """Play random legal moves until the round is over (or ``limit`` moves)."""
    while state.result is None and len(state.history) < limit:
        state.apply_unchecked(choose(state, rng, play_bias))
    return state


# ------------------------------------------------- stores (tests/storage_backends.py)


@pytest.fixture(scope="session")
def postgres_database() -> Iterator[str]:
    """This session's throwaway PostgreSQL database (skips without a server)."""
    yield from throwaway_database()


@pytest.fixture(params=BACKENDS)
def storage_backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    """Each store in turn: SQLite in ``tmp_path``, PostgreSQL in a fresh schema."""
    if request.param == "postgres":
        return postgres_backend(request.getfixturevalue("postgres_database"))
    return sqlite_backend(tmp_path / "store.db")
