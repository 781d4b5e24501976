"""How a table is set up: players, partnerships, stock, target and who sits where.

Checked once when a table is created, so the rest of the server can trust it.
The rules themselves are checked by the core (:class:`~skipbo.core.Rules`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from skipbo.bots import bot_names
from skipbo.core import Rules, RulesError

HUMAN = "human"
BOT_PREFIX = "bot:"
MAX_TARGET = 10_000


class TableError(ValueError):
    """A refused request; the message is safe to send to the client."""


@dataclass(frozen=True, slots=True)
class TableConfig:
    """A table's set-up. ``seats[i]`` is ``"human"`` or ``"bot:NAME"``."""

    rules: Rules
    target: int | None
    """Match to this score; None plays a single round."""
    seats: tuple[str, ...]

    @classmethod
    def make(
        cls,
        players: int = 2,
        stock: int | None = None,
        teams: bool = False,
        target: int | None = None,
        seats: list[str] | None = None,
    ) -> TableConfig:
        """A checked configuration; raises :class:`TableError` with the reason."""
        try:
            rules = Rules.make(players, stock, teams)
        except RulesError as exc:
            raise TableError(str(exc)) from None
        if target is not None and not 1 <= target <= MAX_TARGET:
            raise TableError(f"target must be 1..{MAX_TARGET} or none, not {target}")
        kinds = tuple(seats) if seats is not None else (HUMAN,) * players
        if len(kinds) != players:
            raise TableError(f"seats must list {players} entries, not {len(kinds)}")
        for kind in kinds:
            _check_kind(kind)
        return cls(rules, target, kinds)

    def to_json(self) -> dict[str, Any]:
        """The configuration as stored and shown (no secrets in it)."""
        return {"rules": self.rules.to_json(), "target": self.target, "seats": list(self.seats)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableConfig:
        """Read back what :meth:`to_json` wrote."""
        rules = Rules.from_json(data["rules"])
        return cls.make(rules.players, rules.stock, rules.teams, data["target"], data["seats"])


def _check_kind(kind: str) -> None:
    if kind == HUMAN:
        return
    if not kind.startswith(BOT_PREFIX) or kind[len(BOT_PREFIX) :] not in bot_names():
        known = ", ".join(BOT_PREFIX + name for name in bot_names())
        raise TableError(f"a seat is 'human' or one of {known}, not {kind!r}")
