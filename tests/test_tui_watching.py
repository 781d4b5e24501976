"""``skipbo play --humans 0``: bots play and a person watches (issue 22 §4). Nobody
types moves or asks for hints, so the move line and those keys are not offered;
with a person at the keyboard they are."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from textual.widgets import Input

from skipbo.tui.app import GameApp
from skipbo.tui.game_screen import GameScreen
from tui_helpers import SIZE, config, screen_text


def offered(seats: tuple[str, ...]) -> tuple[str, bool, set[str]]:
    """The screen's text, whether the move line shows, and the actions the footer offers."""
    app = GameApp(replace(config(seats=seats, stock=30), delay=30.0))  # the round stays on
    seen: list[tuple[str, bool, set[str]]] = []

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            actions = {b.binding.action for b in screen.active_bindings.values() if b.enabled}
            move_line = screen.query_one("#move", Input).display
            seen.append((screen_text(app), move_line, actions))
            app.exit()

    asyncio.run(main())
    return seen[0]


def test_watching_bots_offers_no_move_line_and_no_hint() -> None:
    text, move_line, actions = offered(("hard", "hard"))
    assert not move_line
    assert {"type_move", "hint"}.isdisjoint(actions)
    assert "type a move" not in text and "hint" not in text
    assert "quit" in text  # the other keys stay


def test_a_person_at_the_keyboard_has_both() -> None:
    text, move_line, actions = offered(("", "hard"))
    assert move_line
    assert {"type_move", "hint"} <= actions
    assert "type a move" in text and "hint" in text
