"""The terminal game driven headless by Textual's pilot, through key presses."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import Input

from skipbo.core import parse_record, replay
from skipbo.tui.app import GameApp
from skipbo.tui.config import GameConfig
from skipbo.tui.game_screen import GameScreen
from skipbo.tui.screens import EndScreen, HelpScreen, PassScreen, QuitScreen
from tui_helpers import SIZE, config, past_the_hand_over, play_until_end, settle, text_of

Script = Callable[[GameApp, Pilot[None]], Awaitable[None]]


def run(cfg: GameConfig, script: Script, size: tuple[int, int] = SIZE) -> GameApp:
    """Run ``script`` against a headless app of ``size`` cells."""
    app = GameApp(cfg)

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await script(app, pilot)

    asyncio.run(main())
    return app


def test_a_whole_short_round_by_keys_reaches_the_end_screen(tmp_path: Path) -> None:
    save = tmp_path / "game.jsonl"

    async def script(app: GameApp, pilot: Pilot[None]) -> None:
        moves = await play_until_end(app, pilot)
        assert moves > 0
        assert isinstance(app.screen, EndScreen)
        assert "Round 1" in text_of(app, "#end-text")
        await pilot.press("s")
        assert "Saved to" in text_of(app, "#end-message")
        await pilot.press("q")

    app = run(config(save=str(save)), script)
    assert app.session.round.over
    lines = save.read_text().splitlines()
    record = json.loads(lines[-1])
    assert record["format"] == "skipbo-record/1" and record["names"] == ["you", "bot:hard"]
    assert replay(parse_record(record)).ok


def test_a_partnership_round_by_keys() -> None:
    seats = ("", "hard", "hard", "hard")

    async def script(app: GameApp, pilot: Pilot[None]) -> None:
        await settle(app, pilot)
        assert "(partner)" in text_of(app, "#opponents")
        await play_until_end(app, pilot)
        result = app.session.round.result
        assert result is not None and (result.team is not None or result.winner is None)

    run(config(4, seats, teams=True), script)


def test_hot_seat_hides_the_hand_on_the_pass_screen() -> None:
    async def script(app: GameApp, pilot: Pilot[None]) -> None:
        await past_the_hand_over(app, pilot)
        first = app.session.to_move
        assert app.viewer == first and "hidden" not in text_of(app, "#hand")
        hand = app.session.view(first).hand
        discard = next(m for m in app.session.legal_texts() if m.endswith("-D1"))
        await pilot.press(":", *discard, "enter")
        await settle(app, pilot)
        assert isinstance(app.screen, PassScreen)
        assert app.viewer is None
        assert "Player" in text_of(app, "#pass-text")
        table_hand = app.screen_stack[-2].query_one("#hand")  # under the pass screen
        assert "hidden" in str(table_hand.content)
        assert hand  # the first person's hand existed and is not on screen now
        await pilot.press("q")  # its footer says "q quit": it asks, as at the table
        await settle(app, pilot)
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("escape")
        await settle(app, pilot)
        assert isinstance(app.screen, PassScreen)
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.viewer == app.session.to_move != first
        assert "hidden" not in text_of(app, "#hand")
        # the hand-over back to the first person tells only what they have not seen
        second = app.session.to_move
        discard = next(m for m in app.session.legal_texts() if m.endswith("-D1"))
        await pilot.press(":", *discard, "enter")
        await settle(app, pilot)
        told = next(line for line in text_of(app, "#pass-text").splitlines() if "Last" in line)
        assert f"{app.session.names[second]}: {discard}" in told, told
        assert f"{app.session.names[first]}:" not in told, told

    run(config(2, ("", "")), script)


def test_typed_moves_are_checked_by_the_core() -> None:
    async def script(app: GameApp, pilot: Pilot[None]) -> None:
        await settle(app, pilot)
        await pilot.press("colon")
        assert isinstance(app.focused, Input)
        await pilot.press(*"H0-B1", "enter")
        assert "is not a move; moves look like S-B1" in text_of(app, "#message")
        await pilot.press(*"end", "enter")
        assert "only allowed with an empty hand" in text_of(app, "#message")
        await pilot.press("escape")
        assert app.focused is None

    run(config(), script)


def test_help_screen_and_illegal_choices_show_reasons() -> None:
    async def script(app: GameApp, pilot: Pilot[None]) -> None:
        await settle(app, pilot)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("x")
        assert not isinstance(app.screen, HelpScreen)
        await pilot.press("d", "1")  # an empty discard pile
        assert "discard pile 1 is empty" in text_of(app, "#message")
        await pilot.press("1")  # a hand card: now its targets are highlighted
        assert app.table.selection.source is not None
        assert "Legal:" in text_of(app, "#prompt")
        await pilot.press("escape")
        assert app.table.selection.source is None

    run(config(), script)


def test_the_help_scrolls_to_its_end_at_80x24() -> None:
    """Its header says ↑ ↓ scroll: they (and PageDown, End, Home) do; the keys and the
    legend at its end were out of reach."""

    async def script(app: GameApp, pilot: Pilot[None]) -> None:
        await settle(app, pilot)
        await pilot.press("question_mark")
        box = app.screen.query_one(VerticalScroll)
        assert box.max_scroll_y > 0  # taller than the terminal
        await pilot.press("down")
        assert box.scroll_y == 1
        await pilot.press("end")
        assert box.scroll_y == box.max_scroll_y
        await pilot.press("home")
        assert box.scroll_y == 0
        await pilot.press("pagedown")
        assert box.scroll_y > 1
        assert isinstance(app.screen, HelpScreen)  # scrolling keeps it open
        await pilot.press("x")
        assert not isinstance(app.screen, HelpScreen)

    run(config(), script)


def test_a_table_too_small_to_see_takes_no_keys() -> None:
    """At 60×20 the screen says "make the terminal at least 80×24": keys typed then
    must not play on the hidden table (a discard ended a player's turn unseen)."""

    async def script(app: GameApp, pilot: Pilot[None]) -> None:
        await settle(app, pilot)
        assert app.has_class("-too-small")
        moves = len(app.session.round.history)
        await pilot.press("1", "1", "d", "1", "colon", "e", "n", "d", "enter")
        await pilot.pause()
        assert len(app.session.round.history) == moves and app.table.selection.source is None

    run(config(), script, size=(60, 20))


def test_letters_typed_in_the_move_line_are_not_keys_of_the_table() -> None:
    async def script(app: GameApp, pilot: Pilot[None]) -> None:
        await settle(app, pilot)
        await pilot.press("colon", "q", "s", "d", "1")
        move_line = app.screen.query_one("#move", Input)
        assert move_line.value == "qsd1"
        assert isinstance(app.screen, GameScreen) and app.table.selection.source is None

    run(config(), script)


def test_six_seats_fit_at_80x24() -> None:
    seats = ("", "random", "random", "random", "random", "random")

    async def script(app: GameApp, pilot: Pilot[None]) -> None:
        await settle(app, pilot)
        for widget in ("#move", "#message", "#hand", "#opponents"):
            region = app.screen.query_one(widget).region
            assert region.bottom <= 23 and region.right <= 80, (widget, region)

    run(config(6, seats, stock=20), script)


def test_a_match_goes_on_round_after_round_to_the_match_screen() -> None:
    async def script(app: GameApp, pilot: Pilot[None]) -> None:
        for _ in range(10):
            await play_until_end(app, pilot)
            text = text_of(app, "#end-text")
            assert "(the match is played to 60)" in text
            if app.session.match.over:
                assert "The match is won by" in text
                assert "next round" not in text_of(app, "#end-keys")
                return
            assert "next round" in text_of(app, "#end-keys")
            await pilot.press("n")
            await settle(app, pilot)
            assert app.session.round_number >= 2 and "Round" in text_of(app, "#status")
        raise AssertionError("the match did not end")

    app = run(config(stock=2, target=60), script)
    assert len(app.session.match.rounds) >= 2
