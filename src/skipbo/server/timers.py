"""The clocks of a table: the grace period of an absent person and the turn timer.

When a clock runs out the person goes on *autopilot* (the table's stand-in bot
plays for them) and :attr:`Timers.on_autopilot` tells the hub, which shows it
and wakes the bot. A clock only acts while someone else is connected: a table
that everyone left waits (and expires) instead of being played out by bots.

Both lengths are parameters, so that tests run them in a fraction of a second
(``turn_scale`` real seconds per table second); nothing here is a rule.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from .tables import Table

GRACE_SECONDS = 45.0
"""How long a person may be away while the round is played before a bot plays for them."""

TurnKey = tuple[int, int, int]
"""(round, turn number, seat to move): a turn timer belongs to one turn."""


class Timers:
    """Every table's grace periods and turn timer, as event-loop timer handles."""

    def __init__(
        self,
        on_autopilot: Callable[[Table], None],
        grace: float = GRACE_SECONDS,
        turn_scale: float = 1.0,
    ) -> None:
        self.on_autopilot = on_autopilot
        self.grace = grace
        self.turn_scale = turn_scale
        self._grace: dict[tuple[str, int], asyncio.TimerHandle] = {}
        self._turn: dict[str, tuple[TurnKey, asyncio.TimerHandle]] = {}

    def sync(self, table: Table) -> None:
        """After a change: arm or cancel the clocks so they match the table."""
        self._sync_grace(table)
        self._sync_turn(table)

    def forget(self, code: str) -> None:
        """Cancel every clock of a table (it is freed from memory)."""
        for key in [key for key in self._grace if key[0] == code]:
            self._grace.pop(key).cancel()
        turn = self._turn.pop(code, None)
        if turn is not None:
            turn[1].cancel()

    def pending(self, code: str) -> bool:
        """Whether a clock of ``code`` is running."""
        return code in self._turn or any(key[0] == code for key in self._grace)

    # ---------------------------------------------------------------- grace

    def _sync_grace(self, table: Table) -> None:
        presence = table.presence
        active = table.started and not table.finished and not table.config.slow
        for seat in range(len(table.seats)):
            key = (table.code, seat)
            absent = (
                active
                and table.is_person(seat)
                and not presence.here(seat)
                and seat not in presence.autopilot
            )
            handle = self._grace.get(key)
            if absent and handle is None:
                loop = asyncio.get_running_loop()
                self._grace[key] = loop.call_later(self.grace, self._grace_over, table, seat)
            elif not absent and handle is not None:
                self._grace.pop(key).cancel()

    def _grace_over(self, table: Table, seat: int) -> None:
        self._grace.pop((table.code, seat), None)
        presence = table.presence
        if presence.here(seat) or not presence.anyone_here() or not table.is_person(seat):
            return
        presence.autopilot.add(seat)
        self.on_autopilot(table)

    # ----------------------------------------------------------- turn timer

    def _sync_turn(self, table: Table) -> None:
        seconds = table.config.turn_seconds
        if seconds is None:
            return
        turn = timed_turn(table)
        current = self._turn.get(table.code)
        if current is not None and current[0] == turn:
            return
        if current is not None:
            self._turn.pop(table.code)[1].cancel()
        presence = table.presence
        if turn is None:
            presence.turn_ends = None
            return
        length = seconds * self.turn_scale
        presence.turn_ends = time.monotonic() + length
        presence.turn_length, presence.turn_seconds = length, seconds
        loop = asyncio.get_running_loop()
        self._turn[table.code] = (turn, loop.call_later(length, self._turn_over, table, turn))

    def _turn_over(self, table: Table, turn: TurnKey) -> None:
        self._turn.pop(table.code, None)
        presence = table.presence
        presence.turn_ends = None
        if timed_turn(table) != turn or not presence.anyone_here():
            return
        presence.autopilot.add(turn[2])
        self.on_autopilot(table)


def timed_turn(table: Table) -> TurnKey | None:
    """The turn the clock runs for: a person's, not on autopilot, while the round is played."""
    if not table.started or table.finished or table.match.round.over:
        return None
    state = table.match.round
    seat = state.to_move
    if not table.is_person(seat) or seat in table.presence.autopilot:
        return None
    return (table.round_index, state.turns, seat)
