"""The player view: the one function through which state leaves the core.

Rules §10: everyone sees build piles, completed-pile count, every discard pile in
full, every stock's top and size, every hand's size and the draw pile's size;
only the owner sees their hand. Nothing else (stock below the top, the draw
order, other hands, seeds, shuffles) is copied into a :class:`PlayerView`, so a
bot or client holding a view cannot reach a secret even by introspection.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, NamedTuple

from .cards import NO_CARD, card_name, card_names, parse_card
from .errors import SkipBoError, deprecated, whole_number
from .rules import Rules
from .state import _HAND_TUPLES, Round


class PublicPlayer(NamedTuple):
    """What every seat may see of one player (a tuple: cheap to build, immutable)."""

    stock_top: int
    """Card value of the face-up stock top, ``NO_CARD`` (0) once empty."""
    stock: int
    hand: int
    discards: tuple[tuple[int, ...], ...]
    """Four discard piles, each bottom card first."""


class PlayerView(NamedTuple):
    """What ``seat`` may see, with cards as ints (see :mod:`skipbo.core.cards`).

    ``seat`` is None for a spectator, whose ``hand`` is always empty.
    """

    seat: int | None
    to_move: int
    rules: Rules
    hand: tuple[int, ...]
    build: tuple[int, ...]
    draw: int
    completed: int
    players: tuple[PublicPlayer, ...]
    over: bool = False
    build_piles: tuple[tuple[int, ...], ...] = ((), (), (), ())
    """The cards of each build pile, bottom first (public, rules §10; notation.md's
    optional field, so that a bot can count where the SB cards are). A view read
    from a host that did not send them holds ``NO_CARD`` for each card: unseen."""
    completed_cards: tuple[int, ...] = ()
    """The cards in completed piles (public, rules §10), in the order set aside;
    ``NO_CARD`` for each one when the host did not send them."""

    def to_json(self) -> dict[str, Any]:
        """Deprecated name of :meth:`to_dict`."""
        deprecated("PlayerView.to_json", "PlayerView.to_dict")
        return self.to_dict()

    def to_dict(self) -> dict[str, Any]:
        """The view exactly as notation.md writes it (a dict, ready for ``json.dumps``).

        ``build_piles`` and ``completed_cards`` are left out when the view does
        not know them (it was read from a host that did not send them)."""
        data: dict[str, Any] = {
            "seat": self.seat,
            "to_move": self.to_move,
            "rules": self.rules.to_dict(),
            "hand": card_names(self.hand),
            "build": list(self.build),
            "draw": self.draw,
            "completed": self.completed,
            "players": [_player_json(p) for p in self.players],
        }
        if not any(NO_CARD in pile for pile in self.build_piles):
            data["build_piles"] = [card_names(pile) for pile in self.build_piles]
        if NO_CARD not in self.completed_cards:
            data["completed_cards"] = card_names(self.completed_cards)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any] | str) -> PlayerView:
        """Deprecated name of :meth:`from_dict` (which takes the decoded dict); this
        one also takes JSON text."""
        deprecated("PlayerView.from_json", "PlayerView.from_dict")
        if not isinstance(data, str):
            return cls.from_dict(data)
        try:
            decoded = json.loads(data)
        except ValueError as exc:
            raise SkipBoError(f"not a player view: not JSON: {exc}") from None
        return cls.from_dict(decoded)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PlayerView:
        """Read a view written by :meth:`to_dict` (e.g. by an outside bot host).

        The optional ``build_piles`` and ``completed_cards`` may be missing
        (notation.md: a reader must not require them); their cards are then
        unseen, ``NO_CARD`` each, and a bot that samples (see
        :mod:`skipbo.core.determinize`) samples them too."""
        if not isinstance(data, Mapping):
            raise SkipBoError(
                f"not a player view: expected a dict (decoded JSON), not {type(data).__name__}"
            )
        try:
            return cls(
                seat=data["seat"],
                to_move=int(data["to_move"]),
                rules=Rules.from_dict(data["rules"]),
                hand=tuple(parse_card(c) for c in data["hand"]),
                build=tuple(int(v) for v in data["build"]),
                draw=int(data["draw"]),
                completed=int(data["completed"]),
                players=tuple(_player_from_json(p) for p in data["players"]),
                build_piles=_piles_from_json(data.get("build_piles"), data["build"]),
                completed_cards=_completed_from_json(
                    data.get("completed_cards"), data["completed"]
                ),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise SkipBoError(f"not a player view: {exc}") from exc

    @property
    def me(self) -> PublicPlayer:
        """The public part of the viewing seat (a spectator has none)."""
        if self.seat is None:
            raise SkipBoError("a spectator has no seat")
        return self.players[self.seat]

    @property
    def partner(self) -> int | None:
        """The viewing seat's partner, if any."""
        return None if self.seat is None else self.rules.partner(self.seat)


def _player_json(p: PublicPlayer) -> dict[str, Any]:
    return {
        "stock_top": card_name(p.stock_top) if p.stock_top != NO_CARD else None,
        "stock": p.stock,
        "hand": p.hand,
        "discards": [card_names(pile) for pile in p.discards],
    }


def _piles_from_json(piles: Any, build: list[int]) -> tuple[tuple[int, ...], ...]:
    """Build pile cards; a host that sends only values leaves ``v`` unseen cards."""
    if piles is None:
        return tuple((NO_CARD,) * int(v) for v in build)
    return tuple(tuple(parse_card(c) for c in pile) for pile in piles)


def _completed_from_json(cards: Any, count: Any) -> tuple[int, ...]:
    """Completed pile cards; a host that sends only their number leaves them unseen."""
    if cards is None:
        return (NO_CARD,) * int(count)
    return tuple(parse_card(c) for c in cards)


def _player_from_json(data: dict[str, Any]) -> PublicPlayer:
    top = data["stock_top"]
    return PublicPlayer(
        stock_top=NO_CARD if top is None else parse_card(top),
        stock=int(data["stock"]),
        hand=int(data["hand"]),
        discards=tuple(tuple(parse_card(c) for c in pile) for pile in data["discards"]),
    )


_new_tuple = tuple.__new__
"""``tuple.__new__(Cls, values)`` builds a named tuple without the Python-level
``__new__`` that checks its arguments: a third of the cost of a view saved."""


def player_view(state: Round, seat: int | None) -> PlayerView:
    """What ``seat`` may see of ``state``; ``None`` gives the spectators' view."""
    n = state.rules.players
    if seat is not None:
        number = whole_number(seat)
        if number is None or not 0 <= number < n:
            raise SkipBoError(f"seat must be 0..{n - 1} or None, not {seat!r}")
        seat = number
    # The kernel's cached tuples, read directly while they are up to date.
    discards = state._all_frozen_discards
    if discards is None or state._stale_discards:
        discards = state.all_frozen_discards()
    build, build_piles = state._frozen_build or state.frozen_build()
    completed = state._frozen_completed
    if completed is None:
        completed = state.frozen_completed()
    hand: tuple[int, ...] = ()
    if seat is not None:
        hand = _HAND_TUPLES.get(bytes(state._hands[seat])) or state.hand_tuple(seat)
    tops, stocks, sizes = state._tops, state._stocks, state._hand_sizes
    public: list[PublicPlayer] = []
    for p in range(n):
        public.append(_new_tuple(PublicPlayer, (tops[p][0], len(stocks[p]), sizes[p], discards[p])))
    players = tuple(public)
    return _new_tuple(
        PlayerView,
        (
            seat,
            state.to_move,
            state.rules,
            hand,
            build,
            len(state._draw_pile),
            len(completed),
            players,
            state.result is not None,
            build_piles,
            completed,
        ),
    )
