"""The rules of one table: player count, stock size, partnerships, turn cap.

Validated once here (rules.md §2, §3, §6) so that nothing downstream has to
check them again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeGuard

from .cards import DECK_SIZE
from .errors import RulesError, deprecated, shown

MIN_PLAYERS = 2
MAX_PLAYERS = 6
MAX_STOCK = 30
HAND_SIZE = 5


def default_stock(players: int) -> int:
    """The printed stock size: 30 cards with 2-4 players, 20 with 5-6 (§3)."""
    return 30 if players <= 4 else 20


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Rules:
    """Validated table rules. Build with :meth:`make` or :meth:`from_dict`."""

    players: int
    stock: int
    teams: bool = False
    cap: int | None = None

    def __post_init__(self) -> None:
        _check(self)

    @classmethod
    def make(
        cls, players: int = 2, stock: int | None = None, teams: bool = False, cap: int | None = None
    ) -> Rules:
        """Rules with the printed default stock when ``stock`` is None."""
        if not _is_int(players):
            raise RulesError(f"players must be an integer, not {shown(players)}")
        return cls(players, default_stock(players) if stock is None else stock, teams, cap)

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """Rules from the ``rules`` object of a record or view (a dict)."""
        if not isinstance(data, dict):
            raise RulesError("rules must be an object")
        unknown = set(data) - {"players", "stock", "teams", "cap"}
        if unknown:
            raise RulesError(f"unknown rules field(s): {', '.join(sorted(unknown))}")
        if "players" not in data:
            raise RulesError("rules.players is missing")
        teams = data.get("teams", False)
        if not isinstance(teams, bool):
            raise RulesError(f"rules.teams must be true or false, not {shown(teams)}")
        return cls.make(data["players"], data.get("stock"), teams, data.get("cap"))

    @classmethod
    def from_json(cls, data: object) -> Rules:
        """Deprecated name of :meth:`from_dict`."""
        deprecated("Rules.from_json", "Rules.from_dict")
        return cls.from_dict(data)

    def to_json(self) -> dict[str, Any]:
        """Deprecated name of :meth:`to_dict`."""
        deprecated("Rules.to_json", "Rules.to_dict")
        return self.to_dict()

    def to_dict(self) -> dict[str, Any]:
        """The ``rules`` object of records and views (a dict, ready for ``json.dumps``)."""
        out: dict[str, Any] = {"players": self.players, "stock": self.stock, "teams": self.teams}
        if self.cap is not None:
            out["cap"] = self.cap
        return out

    def is_seat(self, value: object) -> TypeGuard[int]:
        """True for an int (not a bool) naming a seat of this table, as JSON input must."""
        return _is_int(value) and 0 <= value < self.players

    def partner(self, seat: int) -> int | None:
        """The partner's seat in partnership play, else None (§2)."""
        if not self.teams:
            return None
        return (seat + self.players // 2) % self.players

    @property
    def sides(self) -> int:
        """How many sides score and win: teams in partnership play, else seats."""
        return self.players // 2 if self.teams else self.players

    def team_of(self, seat: int) -> int:
        """Team index of a seat: ``seat mod (n/2)``, or the seat itself."""
        return seat % (self.players // 2) if self.teams else seat

    def team_seats(self, seat: int) -> tuple[int, ...]:
        """The seats of ``seat``'s team in ascending order."""
        partner = self.partner(seat)
        return (seat,) if partner is None else tuple(sorted((seat, partner)))


def _check(rules: Rules) -> None:
    n, stock = rules.players, rules.stock
    if not _is_int(n) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise RulesError(f"players must be {MIN_PLAYERS}..{MAX_PLAYERS}, not {shown(n)}")
    if not isinstance(rules.teams, bool):
        raise RulesError(f"teams must be true or false, not {shown(rules.teams)}")
    if rules.teams and n not in (4, 6):
        raise RulesError(f"partnerships need 4 or 6 players, not {n}")
    if not _is_int(stock) or not 1 <= stock <= MAX_STOCK:
        raise RulesError(f"stock must be 1..{MAX_STOCK}, not {shown(stock)}")
    if n * (stock + HAND_SIZE) > DECK_SIZE:
        most = DECK_SIZE // n - HAND_SIZE
        raise RulesError(
            f"a stock of {stock} is too large for {n} players: {n} x ({stock} + {HAND_SIZE})"
            f" > {DECK_SIZE} cards (at most {most})"
        )
    if rules.cap is not None and (not _is_int(rules.cap) or rules.cap < 1):
        raise RulesError(f"cap must be a positive integer, not {shown(rules.cap)}")
