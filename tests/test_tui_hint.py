"""The terminal game's ``h``: the coach's hint, driven by Textual's pilot."""

from __future__ import annotations

import asyncio

from skipbo.bots import make_bot
from skipbo.core import format_move
from skipbo.tui.app import GameApp
from tui_helpers import SIZE, config, past_the_hand_over, settle, text_of


def test_h_shows_the_experts_move_for_the_person_to_move() -> None:
    app = GameApp(config(seats=("", "hard"), stock=5))
    seen: dict[str, str] = {}

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await past_the_hand_over(app, pilot)
            assert app.my_turn()
            await pilot.press("h")
            await settle(app, pilot)
            seen["message"] = text_of(app, "#message")
            session = app.session
            seat = session.to_move
            seed = f"{session.config.seed}/hint/{len(session.round.history)}"
            expert = make_bot("expert", seed)
            move = expert.choose(session.view(seat), session.round.legal_moves())
            seen["expected"] = format_move(move)

    asyncio.run(main())
    assert seen["message"].startswith(f"Hint: {seen['expected']} ")
