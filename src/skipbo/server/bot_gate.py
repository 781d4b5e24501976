"""A test switch that holds the bots between moves, so a test acts at a known position.

Bots at a table move on their own, a fraction of a second apart: a browser test
that wants to act at a given position (the person's turn, a bot's last move just
shown) would race them. With ``ServerSettings(hold_bots=True)`` every bot waits
at the :class:`BotGate` before each move until the test lets moves through,
``POST /api/test/bots/{code}`` with ``{"moves": N}`` (the route exists only with
the switch on). A gate that is not held, the default, costs nothing.

The gate is per process: in a cluster, it holds the bots this worker drives.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from fastapi import FastAPI
from pydantic import BaseModel, Field


@dataclass
class BotGate:
    """Per table, how many bot moves may still pass, and who is waiting."""

    held: bool = False
    _allowed: dict[str, int] = field(default_factory=dict)
    _opened: dict[str, asyncio.Event] = field(default_factory=dict)
    _waiting: set[str] = field(default_factory=set)

    async def before_move(self, code: str) -> None:
        """Return when a bot at ``code`` may play one move (at once if not held)."""
        if not self.held:
            return
        self._waiting.add(code)
        try:
            while self._allowed.get(code, 0) <= 0:
                opened = self._opened.setdefault(code, asyncio.Event())
                opened.clear()
                await opened.wait()
            self._allowed[code] -= 1
        finally:
            self._waiting.discard(code)

    def release(self, code: str, moves: int) -> None:
        """Let ``moves`` more bot moves pass at ``code``."""
        self._allowed[code] = self._allowed.get(code, 0) + moves
        opened = self._opened.get(code)
        if opened is not None:
            opened.set()

    def waiting(self, code: str) -> bool:
        """Whether a bot at ``code`` is held at the gate right now."""
        return code in self._waiting


def hold_bots_if_asked(app: FastAPI, gate: BotGate, hold_bots: bool) -> None:
    """With the settings' ``hold_bots`` (tests only), hold ``gate`` and add its route."""
    if hold_bots:
        gate.held = True
        add_bot_gate_route(app, gate)


def add_bot_gate_route(app: FastAPI, gate: BotGate) -> None:
    """``POST /api/test/bots/{code}`` ``{"moves": N}``: let N bot moves pass (N may be
    0, to ask only); answers whether a bot is waiting at the gate. Tests only."""

    @app.post("/api/test/bots/{code}")
    async def release(code: str, body: Release) -> dict[str, bool]:
        gate.release(code.strip().upper(), body.moves)
        await asyncio.sleep(0)  # the released bot takes its move before the answer
        return {"waiting": gate.waiting(code.strip().upper())}


class Release(BaseModel):
    moves: int = Field(default=1, ge=0, le=1000)
