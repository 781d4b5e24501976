"""How a table is set up: players, partnerships, stock, target and who sits where.

Checked once when a table is created, so the rest of the server can trust it.
The rules themselves are checked by the core (:class:`~skipbo.core.Rules`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, get_args

from skipbo.bots import bot_names
from skipbo.core import Rules, RulesError

from .errors import CodedError

HUMAN = "human"
BOT_PREFIX = "bot:"
MAX_TARGET = 10_000
SLOW_HOURS = (1, 8, 24, 72)
"""A slow game's deadline per turn: an hour, 8 hours, a day, three days."""
Timeout = Literal["lose", "bot"]
TIMEOUTS: tuple[str, ...] = get_args(Timeout)
"""What a slow game's turn past its deadline means (:attr:`TableConfig.on_timeout`)."""
TURN_SECONDS = (10, 600)
"""The turn timer's bounds (seconds), when a table has one."""


class TableError(CodedError):
    """A refused request, with its code (:mod:`.errors`); the text is safe to send."""


@dataclass(frozen=True, slots=True)
class TableConfig:
    """A table's set-up. ``seats[i]`` is ``"human"`` or ``"bot:NAME"``."""

    rules: Rules
    target: int | None
    """Match to this score; None plays a single round."""
    seats: tuple[str, ...]
    turn_seconds: int | None = None
    """Seconds a person has for a turn before a bot plays for them; None: no timer."""
    hints: bool = False
    """Whether a person may ask the coach for a hint (see :func:`default_hints`)."""
    public: bool = False
    """Listed in the lobby for anyone to join (else link only)."""
    rated: bool = False
    """The game moves its players' ratings (never with hints: the coach would play too)."""
    slow_hours: int | None = None
    """A slow game: hours each turn may take (:data:`SLOW_HOURS`); nobody is played for
    while away, and the player to move past the deadline meets ``on_timeout``. None: live."""
    on_timeout: str = "lose"
    """``lose``: a slow game's player past the deadline gives up (as a resignation);
    ``bot``: a bot takes the seat for good."""
    deal: str | None = None
    """An arranged deal by name (the tutorial's, :mod:`.tutorial`) instead of a shuffle;
    only the server makes such tables (no request field sets it)."""

    @property
    def slow(self) -> bool:
        """Whether turns wait for hours (a slow game) instead of a grace period."""
        return self.slow_hours is not None

    @classmethod
    def make(
        cls,
        players: int = 2,
        stock: int | None = None,
        teams: bool = False,
        target: int | None = None,
        seats: list[str] | None = None,
        turn_seconds: int | None = None,
        hints: bool | None = None,
        public: bool = False,
        rated: bool = False,
        slow_hours: int | None = None,
        on_timeout: str = "lose",
        deal: str | None = None,
    ) -> TableConfig:
        """A checked configuration; raises :class:`TableError` with the code and field."""
        rules = _rules(players, stock, teams)
        if target is not None and not 1 <= target <= MAX_TARGET:
            raise TableError("invalid_field", "target", min=1, max=MAX_TARGET)
        low, high = TURN_SECONDS
        if turn_seconds is not None and not low <= turn_seconds <= high:
            raise TableError("invalid_field", "turn_seconds", min=low, max=high)
        kinds = tuple(seats) if seats is not None else (HUMAN,) * players
        if len(kinds) != players:
            raise TableError("seats_count", "seats", players=players, count=len(kinds))
        for kind in kinds:
            _check_kind(kind)
        if slow_hours is not None and slow_hours not in SLOW_HOURS:
            raise TableError("invalid_value", "slow_hours", reason=f"one of {SLOW_HOURS}")
        if on_timeout not in TIMEOUTS:
            raise TableError("invalid_value", "on_timeout", reason=f"one of {TIMEOUTS}")
        helped = (default_hints(kinds) if hints is None else hints) and not rated
        return cls(
            rules, target, kinds, turn_seconds, helped, public, rated, slow_hours, on_timeout, deal
        )

    def to_json(self) -> dict[str, Any]:
        """The configuration as stored and shown (no secrets in it)."""
        return {
            "rules": self.rules.to_dict(),
            "target": self.target,
            "seats": list(self.seats),
            "turn_seconds": self.turn_seconds,
            "hints": self.hints,
        } | self._online_json()

    def _online_json(self) -> dict[str, Any]:
        """The online fields, only where they differ from a private live table's: every
        view carries the configuration, and bytes sent cost at thousands of moves a second."""
        out: dict[str, Any] = {}
        if self.public:
            out["public"] = True
        if self.rated:
            out["rated"] = True
        if self.slow_hours is not None:
            out |= {"slow_hours": self.slow_hours, "on_timeout": self.on_timeout}
        if self.deal is not None:
            out["deal"] = self.deal
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableConfig:
        """Read back what :meth:`to_json` wrote (tables stored before the timer have none)."""
        rules = Rules.from_dict(data["rules"])
        return cls.make(
            rules.players,
            rules.stock,
            rules.teams,
            data["target"],
            data["seats"],
            data.get("turn_seconds"),
            data.get("hints"),
            bool(data.get("public", False)),
            bool(data.get("rated", False)),
            data.get("slow_hours"),
            data.get("on_timeout", "lose"),
            data.get("deal"),
        )


def default_hints(seats: tuple[str, ...]) -> bool:
    """Hints are on by default only where they help one person against bots: one
    person seat and at least one bot; between people they would be a third player."""
    people = sum(1 for kind in seats if kind == HUMAN)
    return people == 1 and len(seats) > people


def _rules(players: int, stock: int | None, teams: bool) -> Rules:
    """The core's rules; its refusal becomes a code naming the field at fault.

    The core alone knows the limits: the largest stock for ``players`` is found by
    asking it, never recomputed here.
    """
    try:
        return Rules.make(players, stock, teams)
    except RulesError as exc:
        reason = str(exc)
    if teams and players not in (4, 6):
        raise TableError("teams_players", "teams", players=players)
    if stock is not None and stock > 1 and _fits(players, 1, teams):
        most = max(s for s in range(1, stock) if _fits(players, s, teams))
        raise TableError("stock_too_large", "stock", stock=stock, players=players, max=most)
    raise TableError("invalid_rules", reason=reason)


def _fits(players: int, stock: int, teams: bool) -> bool:
    try:
        Rules.make(players, stock, teams)
    except RulesError:
        return False
    return True


def _check_kind(kind: str) -> None:
    if kind == HUMAN:
        return
    if not kind.startswith(BOT_PREFIX) or kind[len(BOT_PREFIX) :] not in bot_names():
        known = ", ".join(BOT_PREFIX + name for name in bot_names())
        raise TableError("seat_kind", "seats", known=known, kind=kind)
