"""Helpers for the terminal game tests: drive the app through key presses only."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import Static

from skipbo.bots import make_bot
from skipbo.core import Rules, format_move
from skipbo.tui.app import GameApp
from skipbo.tui.config import GameConfig
from skipbo.tui.screens import EndScreen, PassScreen
from skipbo.tui.selection import END_TEXT, hand_source, split_move

SIZE = (80, 24)


def config(
    players: int = 2,
    seats: tuple[str, ...] = ("", "hard"),
    stock: int = 3,
    teams: bool = False,
    target: int | None = None,
    save: str | None = None,
) -> GameConfig:
    """A quick game: short stocks, no delay between bot moves."""
    rules = Rules.make(players, stock, teams)
    return GameConfig(rules, seats, "1", target, 0.0, "numbers", save)


def keys_for(move: str, hand: tuple[int, ...]) -> list[str]:
    """The key presses that pick ``move`` (source, then target), as the help says."""
    if move == END_TEXT:
        return ["e"]
    source, target = split_move(move)
    if source.startswith("H"):
        cards = [hand_source(card) for card in hand]
        first = [str(cards.index(source) + 1)]
    else:
        first = [c.lower() for c in source]
    second = [target[1]] if target.startswith("B") else ["d", target[1]]
    return first + second


def text_of(app: GameApp, selector: str) -> str:
    """The plain text a Static of the current screen shows."""
    content: Any = app.screen.query_one(selector, Static).content
    return content.plain if isinstance(content, Text) else str(content)


async def settle(app: GameApp, pilot: Pilot[None]) -> None:
    """Let the bots finish their moves and the screen catch up."""
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


async def play_turn_by_keys(app: GameApp, pilot: Pilot[None]) -> str:
    """Play one move of the person to move with the keys a greedy player would pick."""
    session = app.session
    seat = session.to_move
    view = session.view(seat)
    chooser = make_bot("greedy", seed=len(session.round.history))
    move = format_move(chooser.choose(view, session.round.legal_moves()))
    await pilot.press(*keys_for(move, view.hand))
    return move


async def play_until_end(app: GameApp, pilot: Pilot[None], limit: int = 3000) -> int:
    """Play every human move by keys (handing over when asked) until the end screen."""
    moves = 0
    for _ in range(limit):
        await settle(app, pilot)
        if isinstance(app.screen, EndScreen):
            return moves
        if isinstance(app.screen, PassScreen):
            await pilot.press("enter")
            continue
        assert app.my_turn(), "the table waits for nobody"
        before = len(app.session.round.history)
        await play_turn_by_keys(app, pilot)
        await settle(app, pilot)
        assert len(app.session.round.history) > before or app.session.round.over
        moves += 1
    raise AssertionError("the round did not end")
