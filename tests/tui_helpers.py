"""Helpers for the terminal game tests: drive the app through key presses only."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual.app import App
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import Footer, Static

from skipbo.bots import make_bot
from skipbo.core import Rules, format_move
from skipbo.tui.app import GameApp
from skipbo.tui.config import GameConfig
from skipbo.tui.screens import EndScreen, PassScreen, SavePathScreen
from skipbo.tui.selection import END_TEXT, hand_source, split_move
from skipbo.tui.session import GameSession

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


async def past_the_hand_over(app: GameApp, pilot: Pilot[None]) -> None:
    """:func:`settle`, then confirm the hand-over screen if it asks for the person to
    move (at one keyboard the first person is asked too)."""
    await settle(app, pilot)
    if isinstance(app.screen, PassScreen):
        await pilot.press("enter")
        await settle(app, pilot)


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
        if isinstance(app.screen, EndScreen | SavePathScreen):  # a failed --save asks
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


PILE_SCHEDULE = (1, 1, 2, 1, 3, 1, 2, 4)
"""Which discard pile the deep-pile helper discards to, turn after turn."""


def deepen(session: GameSession, turns: int) -> None:
    """Play ``turns`` turns of discards (stock cards go up when they can) so that the
    discard piles grow deep, then stop when a person is to move (sooner when the
    draw pile runs low: the round must go on)."""
    done = 0
    players = len(session.names)
    while not session.round.over and not (
        session.human_to_move() and (done >= turns or session.view(None).draw < 2 * players)
    ):
        legal = session.legal_texts()
        stock = [m for m in legal if m.startswith("S-B")]
        if stock:
            session.play_text(stock[0])
            continue
        pile = PILE_SCHEDULE[(done // len(session.names)) % len(PILE_SCHEDULE)]
        discard = [m for m in legal if m.endswith(f"-D{pile}")] or legal
        session.play_text(discard[0])
        done += 1


def screen_text(app: App[None]) -> str:
    """The whole screen as plain text, one line a row, as a terminal shows it."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True)
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text()


ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts" / "tui"


def snapshot(app: App[None], name: str) -> str:
    """Write the screen to ``artifacts/tui/NAME.svg`` and ``.txt``; returns the text."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    text = screen_text(app)
    (ARTIFACTS / f"{name}.txt").write_text(text, encoding="utf-8")
    (ARTIFACTS / f"{name}.svg").write_text(app.export_screenshot(title=name), encoding="utf-8")
    return text


WRAPPING = frozenset({"end-text", "end-message", "pass-text", "quit-text", "save-error"})
"""Dialog texts that may wrap inside their box (they are whole sentences); every
other text of a screen must fit its line."""


def plain_lines(widget: Static) -> list[str]:
    """The lines of a Static's content as plain text (markup read)."""
    content: Any = widget.content
    text = Text.from_markup(content) if isinstance(content, str) else content
    return text.plain.split("\n") if isinstance(text, Text) else str(text).split("\n")


def overflows(app: App[None]) -> list[str]:
    """What does not fit the screen: a line wider than its widget (cut or wrapped),
    a widget reaching past the screen, a footer key cut off, a table that scrolls."""
    width, height = app.size
    screen = app.screen
    found: list[str] = []
    for widget in screen.query(Static):
        region = widget.region
        if not widget.display or region.area == 0 or "too-small" in widget.classes:
            continue
        if region.right > width or region.bottom > height:
            found.append(f"#{widget.id} reaches past the screen: {region}")
        if widget.id in WRAPPING:
            continue
        room = widget.content_region.width
        found += [
            f"#{widget.id}: {line!r} is {cell_len(line)} cells in {room}"
            for line in plain_lines(widget)
            if cell_len(line) > room
        ]
    for box in screen.query(VerticalScroll):
        if box.max_scroll_y > 0 and box.id == "table-box":
            found.append("the table scrolls")
    if not screen.query(Footer):
        return found
    footer = screen_text(app).splitlines()[-1]
    for binding in screen.active_bindings.values():
        shown = binding.binding
        if shown.show and binding.enabled and shown.description not in footer:
            found.append(f"the footer cuts {shown.description!r}: {footer!r}")
    return found


def cut_lines(app: App[None]) -> list[str]:
    """What :func:`overflows` finds on a text screen (help, every pile), less its
    height: such a screen scrolls, taller than the terminal, but no line may be cut."""
    return [found for found in overflows(app) if "reaches past the screen" not in found]
