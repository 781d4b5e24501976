"""The table between two moves (issue 22 §4): a refused target keeps the question,
a typed move gives the keys back to the table, and with ``--delay`` the status
line and the message line tell the same bot's turn."""

from __future__ import annotations

import asyncio
import re
from dataclasses import replace

from textual.widgets import Input, Static

from skipbo.tui.app import GameApp
from skipbo.tui.game_screen import GameScreen
from skipbo.tui.session import GameSession
from tui_helpers import SIZE, config, keys_for, settle, text_of


def test_a_refused_target_keeps_the_where_prompt() -> None:
    app = GameApp(config())

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            session = app.session
            hand = session.view(session.to_move).hand
            legal = session.legal_texts()
            place, card = next((i, c) for i, c in enumerate(hand, 1) if c not in (1, 13))
            await pilot.press(str(place), "2")  # a card that needs a pile B2 cannot give
            message = app.screen.query_one("#message", Static)
            assert "cannot go on B2" in text_of(app, "#message") and message.has_class("error")
            assert app.table.selection.source == f"H{card}"
            prompt = app.screen.query_one("#prompt", Static)
            assert prompt.display and f"H{card} → where? Legal: " in text_of(app, "#prompt")
            await pilot.press("d", "1")  # the prompt's question is still open: D1 is taken
            await settle(app, pilot)
            assert any(e.move == f"H{card}-D1" for e in session.log)
            assert f"H{card}-D1" in legal

    asyncio.run(main())


def first_build_seed() -> tuple[str, str]:
    """A seed whose person moves first with a move onto a building pile, and that move."""
    for seed in range(100):
        session = GameSession(replace(config(), seed=str(seed)))
        builds = [m for m in session.legal_texts() if "-B" in m]
        if session.human_to_move() and builds:
            return str(seed), builds[0]
    raise AssertionError("no deal lets the person build first")


def test_after_a_typed_move_the_keys_pick_again() -> None:
    seed, move = first_build_seed()
    app = GameApp(replace(config(), seed=seed))

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("colon", *"h0-b9", "enter")  # no move: the line stays
            assert isinstance(app.focused, Input)
            line = app.screen.query_one("#move", Input)
            assert line.value == "h0-b9"  # kept, selected: typing replaces it
            await pilot.press(*move.lower(), "enter")
            await settle(app, pilot)
            assert app.session.log[-1].move == move
            assert app.focused is None, "the move line kept the keys"
            hand = app.session.view(app.session.to_move).hand
            await pilot.press("1")
            assert app.table.selection.source == f"H{hand[0]}".replace("H13", "HSB")
            assert app.screen.query_one("#move", Input).value == ""

    asyncio.run(main())


STATUS = re.compile(r"Round \d+ · (.+?) to move")
PLAYING = re.compile(r"(.+?) is playing…")


def test_with_a_delay_the_status_and_the_message_tell_the_same_turn() -> None:
    app = GameApp(replace(config(3, ("", "hard", "hard"), stock=5), delay=0.12))
    seen: list[tuple[str, str]] = []

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(3):  # three of the person's turns, with the bots' in between
                while not app.my_turn():
                    seen.append((text_of(app, "#status"), text_of(app, "#message")))
                    await pilot.pause(0.03)
                view = app.session.view(app.session.to_move)
                discard = next(m for m in app.session.legal_texts() if "-D" in m)
                await pilot.press(*keys_for(discard, view.hand))
                await pilot.pause()

    asyncio.run(main())
    bots_seen = 0
    for status, message in seen:
        to_move = STATUS.match(status)
        playing = PLAYING.fullmatch(message)
        assert to_move is not None, status
        if playing:
            bots_seen += 1
            assert playing[1] == to_move[1], f"status {status!r}, message {message!r}"
        else:
            assert to_move[1] != "you" or not message.endswith("…"), (status, message)
    assert bots_seen >= 5


def test_the_prompt_is_not_shown_while_the_bots_play() -> None:
    app = GameApp(replace(config(), delay=30.0))

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            screen = app.screen
            assert isinstance(screen, GameScreen)
            assert not screen.query_one("#prompt", Static).display
            app.exit()

    asyncio.run(main())
