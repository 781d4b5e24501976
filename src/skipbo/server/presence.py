"""Who is at a table right now: live connections, autopilot, ready, the turn clock.

None of this is a rule and none of it is stored except through the table (a
resignation changes a seat, which is stored): it describes the people, not the
game. A person is on *autopilot* while a bot plays for them (absent too long, or
their turn timer ran out); they are *ready* once they asked for the next round.
The table puts these fields in every view; the timers (:mod:`.timers`) change them.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Presence:
    """One table's people: connections per seat, autopilot, ready, the turn's end."""

    players: int
    connections: list[int] = field(default_factory=list)
    autopilot: set[int] = field(default_factory=set)
    ready: set[int] = field(default_factory=set)
    turn_ends: float | None = None
    """``time.monotonic()`` when the seat to move runs out of time; None: no clock."""
    turn_length: float = 0.0
    """Real seconds the running clock was given (tests shrink a table's seconds)."""
    turn_seconds: int = 0
    """The table's seconds for that clock, as shown to players."""
    touched: float = field(default_factory=time.monotonic)
    """Last move, connection or disconnection: how long the table has been idle."""

    def __post_init__(self) -> None:
        if not self.connections:
            self.connections = [0] * self.players

    def connect(self, seat: int) -> bool:
        """One more connection for ``seat``; True when the seat was absent before."""
        self.touched = time.monotonic()
        self.connections[seat] += 1
        return self.connections[seat] == 1

    def disconnect(self, seat: int) -> bool:
        """One connection fewer; True when the seat is now absent."""
        self.touched = time.monotonic()
        self.connections[seat] = max(0, self.connections[seat] - 1)
        return self.connections[seat] == 0

    def here(self, seat: int) -> bool:
        """Whether ``seat`` has a live connection."""
        return self.connections[seat] > 0

    def anyone_here(self) -> bool:
        """Whether any seat or spectator count is live (spectators are not counted)."""
        return any(self.connections)

    def seat_json(self, seat: int, kind: str) -> dict[str, Any]:
        """The presence fields of one seat's public entry.

        ``kind`` is the seat's (``"human"``, ``"open"``, ``"bot:..."``): a bot is always
        connected, an open seat never.
        """
        connected = self.here(seat) if kind == "human" else kind != "open"
        return {
            "connected": connected,
            "autopilot": seat in self.autopilot,
            "ready": seat in self.ready,
        }

    def turn_remaining(self) -> int | None:
        """Whole seconds left for the seat to move (rounded up), or None without a clock."""
        if self.turn_ends is None or self.turn_length <= 0:
            return None
        left = (self.turn_ends - time.monotonic()) / self.turn_length * self.turn_seconds
        return max(0, math.ceil(left))
