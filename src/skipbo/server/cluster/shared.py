"""What every worker must agree on beyond the stored game: people and clocks.

In one process :class:`~..presence.Presence` and :class:`~..timers.Timers` live
in memory. Across workers the same facts are one JSON value in the table's
``cluster_tables`` row, changed only in the transaction that holds the row's
lock and published with the version: which seats are connected (on any live
worker), on autopilot and ready, since when an absent person is away, and the
turn clock as a wall-clock deadline (monotonic clocks differ between hosts).
Every worker copies it into the table's ``Presence`` before building views, so a
view says the same on every worker. The functions below are the rules of
:mod:`..timers` restated on that value; only the table's driver (the worker
holding its lease) acts on them.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from ..tables import Table
from ..timers import timed_turn


@dataclass(slots=True)
class Shared:
    """One table's presence and clocks, as stored in ``cluster_tables.state``."""

    connected: set[int] = field(default_factory=set)
    autopilot: set[int] = field(default_factory=set)
    ready: set[int] = field(default_factory=set)
    absent_since: dict[int, float] = field(default_factory=dict)
    """Seat -> ``time.time()`` when the person's last connection went (grace period)."""
    turn: tuple[int, int, int] | None = None
    """(round, turn number, seat) the turn clock runs for."""
    turn_deadline: float | None = None
    """``time.time()`` when that turn's clock runs out."""
    layout: int = 0
    """One more whenever seats, rounds or resignations change (not for a move): a copy
    with the same layout catches up by playing the new moves, others are rebuilt."""

    def to_json(self) -> dict[str, Any]:
        return {
            "connected": sorted(self.connected),
            "autopilot": sorted(self.autopilot),
            "ready": sorted(self.ready),
            "absent_since": {str(k): v for k, v in self.absent_since.items()},
            "turn": list(self.turn) if self.turn else None,
            "turn_deadline": self.turn_deadline,
            "layout": self.layout,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Shared:
        turn = data.get("turn")
        return cls(
            set(data.get("connected", [])),
            set(data.get("autopilot", [])),
            set(data.get("ready", [])),
            {int(k): float(v) for k, v in data.get("absent_since", {}).items()},
            (turn[0], turn[1], turn[2]) if turn else None,
            data.get("turn_deadline"),
            int(data.get("layout", 0)),
        )

    def copy(self) -> Shared:
        """An independent copy (to restore after a refused change), cheaper than deepcopy."""
        return Shared(
            set(self.connected),
            set(self.autopilot),
            set(self.ready),
            dict(self.absent_since),
            self.turn,
            self.turn_deadline,
            self.layout,
        )

    def show(self, table: Table, turn_scale: float) -> None:
        """Copy this into ``table.presence``, which the table's views and checks read."""
        presence = table.presence
        presence.connections = [int(seat in self.connected) for seat in range(len(table.seats))]
        presence.autopilot = set(self.autopilot)
        presence.ready = set(self.ready)
        seconds = table.config.turn_seconds
        if self.turn_deadline is None or seconds is None:
            presence.turn_ends = None
            return
        presence.turn_length = seconds * turn_scale
        presence.turn_seconds = seconds
        presence.turn_ends = time.monotonic() + (self.turn_deadline - time.time())

    def take(self, table: Table, now: float, turn_scale: float) -> None:
        """After a change: read autopilot and ready back, then let the clocks follow."""
        self.autopilot = set(table.presence.autopilot)
        self.ready = set(table.presence.ready)
        self._follow_absence(table, now)
        self._follow_turn(table, now, turn_scale)

    def _follow_absence(self, table: Table, now: float) -> None:
        for seat in range(len(table.seats)):
            if _absent(table, self, seat):
                self.absent_since.setdefault(seat, now)
            else:
                self.absent_since.pop(seat, None)

    def _follow_turn(self, table: Table, now: float, turn_scale: float) -> None:
        seconds = table.config.turn_seconds
        turn = timed_turn(table) if seconds is not None else None
        if turn == self.turn:
            return
        self.turn = turn
        self.turn_deadline = None if turn is None or seconds is None else now + seconds * turn_scale


def _active(table: Table) -> bool:
    return table.started and not table.finished


def _absent(table: Table, shared: Shared, seat: int) -> bool:
    """A person away while the game runs, and not yet on autopilot (the grace clock runs)."""
    return (
        _active(table)
        and not table.config.slow  # a slow game waits for its people
        and table.is_person(seat)
        and seat not in shared.connected
        and seat not in shared.autopilot
    )


def due(table: Table, shared: Shared, now: float, grace: float) -> set[int]:
    """Seats whose clock ran out: the grace period of an absent person, or the turn timer.

    As in one process, a clock acts only while someone is connected: a table
    everyone left waits instead of being played out by bots.
    """
    if not shared.connected:
        return set()
    seats = {
        seat
        for seat, since in shared.absent_since.items()
        if now - since >= grace and _absent(table, shared, seat)
    }
    deadline = shared.turn_deadline
    turn = shared.turn
    if turn is not None and deadline is not None and deadline <= now and timed_turn(table) == turn:
        seats.add(turn[2])
    return seats


def next_deadline(shared: Shared, grace: float) -> float | None:
    """The earliest ``time.time()`` at which :func:`due` may name a seat; None: no clock."""
    times = [since + grace for since in shared.absent_since.values()]
    if shared.turn_deadline is not None:
        times.append(shared.turn_deadline)
    return min(times, default=None)
