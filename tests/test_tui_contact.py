"""First contact with ``skipbo play`` (issue 14): quitting, typed moves, saving,
the help's languages and small wording errors."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.binding import Binding
from textual.pilot import Pilot
from textual.widgets import Input

from skipbo.bots import make_bot
from skipbo.cli import build_parser
from skipbo.core import Rules, record_json
from skipbo.sim.runner import play_round
from skipbo.tui.app import GameApp
from skipbo.tui.command import PlayError, game_config
from skipbo.tui.config import GameConfig
from skipbo.tui.fit import clip, shown_counts
from skipbo.tui.game_screen import GameScreen
from skipbo.tui.help_text import LANGUAGES, help_text, replay_help_text
from skipbo.tui.replay import ReplayApp, ReplayScreen, replay_rounds
from skipbo.tui.screens import EndScreen, HelpScreen, QuitScreen, SavePathScreen
from skipbo.tui.session import GameSession
from skipbo.tui.typed import notation, shown_message, shown_move, with_articles
from tui_helpers import SIZE, config, play_until_end, settle, text_of

Script = Callable[[GameApp, Pilot[None]], Awaitable[None]]


def run(cfg: GameConfig, script: Script) -> GameApp:
    app = GameApp(cfg)

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await script(app, pilot)

    asyncio.run(main())
    return app


# ---------------------------------------------------------------- quitting


def test_esc_on_the_end_screens_never_quits() -> None:
    async def script(app: GameApp, pilot: Pilot[None]) -> None:
        await play_until_end(app, pilot)
        assert isinstance(app.screen, EndScreen) and not app.session.match.over
        await pilot.press("escape")
        await settle(app, pilot)
        assert isinstance(app.screen, EndScreen), "Esc left the round's end screen"
        assert app.is_running
        await pilot.press("q")  # the match goes on: asked first
        await settle(app, pilot)
        assert isinstance(app.screen, QuitScreen)
        await pilot.press("escape")  # keep playing
        await settle(app, pilot)
        assert isinstance(app.screen, EndScreen) and app.is_running
        await pilot.press("q", "y")
        await settle(app, pilot)
        assert not app.is_running

    run(config(stock=2, target=500), script)


def test_esc_on_the_last_end_screen_does_not_quit_but_q_does() -> None:
    async def script(app: GameApp, pilot: Pilot[None]) -> None:
        await play_until_end(app, pilot)
        assert app.session.match.over
        await pilot.press("escape")
        await settle(app, pilot)
        assert isinstance(app.screen, EndScreen) and app.is_running
        await pilot.press("q")  # the game is decided: nothing to lose
        await settle(app, pilot)
        assert not app.is_running

    run(config(), script)


def test_quitting_a_running_game_asks_and_can_save_first(tmp_path: Path) -> None:
    path = tmp_path / "left.jsonl"

    async def script(app: GameApp, pilot: Pilot[None]) -> None:
        await settle(app, pilot)
        await pilot.press("q")
        await settle(app, pilot)
        assert isinstance(app.screen, QuitScreen)
        assert "save" in text_of(app, "#quit-text")
        await pilot.press("escape")
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen) and app.is_running
        assert app.focused is None, "back at the table, keys must not go to the move line"
        said: list[object] = []  # what the app leaves on the terminal when it closes
        close = app.exit

        def exit_saying(*args: Any, **kwargs: Any) -> None:
            said.append(kwargs.get("message"))
            close(*args, **kwargs)

        app.exit = exit_saying  # type: ignore[method-assign]
        await pilot.press("q", "s")
        await settle(app, pilot)
        assert not app.is_running
        assert str(said[-1]).startswith(f"Saved to {path} ")  # the file is named

    run(config(save=str(path), target=500), script)
    record = json.loads(path.read_text().splitlines()[-1])
    assert "result" not in record  # the running round, saved as it stood


def test_esc_does_not_quit_a_replay(tmp_path: Path) -> None:
    rounds = replay_rounds([_record(["ann", "bob"])])
    app = ReplayApp(rounds)

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, ReplayScreen) and app.is_running
            await pilot.press("q")
            await pilot.pause()
            assert not app.is_running

    asyncio.run(main())


# ---------------------------------------------------------------- typed moves


def test_typed_moves_take_any_case_and_the_faces_shown() -> None:
    assert notation("s-b1") == "S-B1" and notation("ps-b2") == "pS-B2"
    assert notation("hsb-b1") == "HSB-B1" and notation("END") == "end"
    assert notation("HQ-D1", "cards") == "H12-D1" and notation("hk-b1", "cards") == "HSB-B1"
    assert notation("ha-b3", "cards") == "H1-B3" and notation("HJ-D4", "cards") == "H11-D4"
    assert notation("H12-D1", "cards") == "H12-D1"  # the numbers still work
    assert notation("HQ-D1") is None and notation("S-B9") is None and notation("go") is None
    assert shown_move("H12-D1", "cards") == "HQ-D1" and shown_move("HSB-B1", "cards") == "HK-B1"
    assert shown_move("H12-D1") == "H12-D1" and shown_move("S-B1", "cards") == "S-B1"
    reason = "H12-B1: there is no 12 in the hand"
    assert shown_message(reason, "cards") == "HQ-B1: there is no Q in the hand"
    reason = "S-B1: a 1 cannot go on B1, which needs a 11"
    assert shown_message(reason, "cards") == "S-B1: an A cannot go on B1, which needs a J"


def test_with_card_faces_the_move_line_takes_the_face_shown() -> None:
    cfg = replace(config(), faces="cards")

    async def script(app: GameApp, pilot: Pilot[None]) -> None:
        await settle(app, pilot)
        discard = next(m for m in app.session.legal_texts() if m.endswith("-D1"))
        typed = shown_move(discard, "cards").lower()
        await pilot.press("colon", *typed, "enter")
        await settle(app, pilot)
        assert any(e.seat == 0 and e.move == discard for e in app.session.log)

    run(cfg, script)


def test_a_malformed_move_says_what_a_move_looks_like() -> None:
    cfg = replace(config(), faces="cards")

    async def script(app: GameApp, pilot: Pilot[None]) -> None:
        await settle(app, pilot)
        await pilot.press("colon", *"play the queen", "enter")
        message = text_of(app, "#message")
        assert "is not a move; moves look like S-B1" in message and "HQ-D1" in message
        assert app.screen.query_one("#move", Input).value == "play the queen"  # to mend
        await pilot.press("escape")  # leaving the line drops it: nothing is played later
        assert app.screen.query_one("#move", Input).value == ""

    run(cfg, script)


# ---------------------------------------------------------------- saving


def test_save_is_checked_when_the_game_starts(tmp_path: Path) -> None:
    parser = build_parser()
    missing = tmp_path / "no such folder" / "game.jsonl"
    with pytest.raises(PlayError, match="cannot write there"):
        game_config(parser.parse_args(["play", "--save", str(missing)]))
    with pytest.raises(PlayError, match="folder"):
        game_config(parser.parse_args(["play", "--save", str(tmp_path)]))
    fine = tmp_path / "game.jsonl"
    assert game_config(parser.parse_args(["play", "--save", str(fine)])).save == str(fine)
    assert not fine.exists()  # the check leaves nothing behind


def test_a_failed_save_at_the_end_asks_for_another_path(tmp_path: Path) -> None:
    bad = tmp_path / "gone" / "game.jsonl"
    good = tmp_path / "game.jsonl"

    async def script(app: GameApp, pilot: Pilot[None]) -> None:
        await play_until_end(app, pilot)
        await settle(app, pilot)
        assert isinstance(app.screen, SavePathScreen)
        assert "Could not save" in text_of(app, "#save-error")
        field = app.screen.query_one("#save-path", Input)
        field.value = str(tmp_path / "still gone" / "x.jsonl")
        await pilot.press("enter")
        await settle(app, pilot)
        assert isinstance(app.screen, SavePathScreen), "a second bad path is refused too"
        field.value = str(good)
        await pilot.press("enter")
        await settle(app, pilot)
        assert isinstance(app.screen, EndScreen)
        assert f"Saved to {good}" in text_of(app, "#end-message")

    run(config(save=str(bad)), script)
    assert json.loads(good.read_text().splitlines()[-1])["result"]


# ---------------------------------------------------------------- help


def test_the_help_explains_the_rules_in_four_languages() -> None:
    words = {
        "en": ("building pile", "1 to 12", "SB is wild", "Empty your stock pile first"),
        "fr": ("séries", "de 1 à 12", "SB est un joker", "Videz votre stock"),
        "de": ("Baustapel", "von 1 bis 12", "SB ist ein Joker", "Vorratsstapel leert"),
        "nl": ("bouwstapels", "van 1 tot 12", "SB is een joker", "stok leeg"),
    }
    assert set(LANGUAGES) == set(words)
    for lang, expected in words.items():
        text = help_text(lang)
        for word in expected:
            assert word in text, (lang, word)


def test_lang_reaches_the_help_screen() -> None:
    parser = build_parser()
    cfg = game_config(parser.parse_args(["play", "--lang", "de", "--delay", "0"]))
    assert cfg.lang == "de"

    async def script(app: GameApp, pilot: Pilot[None]) -> None:
        await settle(app, pilot)
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        assert "Baustapel" in text_of(app, "#help-text")

    run(replace(config(), lang="de"), script)


PLAYING_KEYS = ("ctrl+s", "ctrl+t", "p d 1..4", "d 1..4", "S-B1", "':'")
"""What the game's help lists for playing (choosing, discarding, typing a move,
saving, the colours): keys a replay does not bind."""
SHOWN_KEYS = {
    "right": "→",
    "left": "←",
    "right_square_bracket": "]",
    "left_square_bracket": "[",
    "question_mark": "?",
    "f1": "F1",
    "home": "Home",
    "end": "End",
    "pagedown": "PageDown",
    "pageup": "PageUp",
}
"""Textual's names of the replay's keys, as the English help writes them."""


def key_column(text: str) -> list[list[str]]:
    """The keys of each line of the help's key list (its indented lines, keys first,
    then two spaces or more, then what they do)."""
    plain = Text.from_markup(text).plain
    rows = [line.strip() for line in plain.splitlines() if line.startswith("  ")]
    return [re.split(r"\s{2,}", row)[0].split() for row in rows]


def test_the_replay_help_lists_the_replay_keys_and_no_playing_key() -> None:
    """The replay's help listed the game's keys (choose a card, discard, hint,
    save), which do nothing in a replay; it lists exactly the keys the replay binds."""
    bound = {
        SHOWN_KEYS.get(key, key)
        for binding in ReplayScreen.BINDINGS
        if isinstance(binding, Binding)
        for key in binding.key.split(",")
    }
    english = key_column(replay_help_text("en"))
    assert {key for keys in english for key in keys} == bound
    symbols = {"→", "←", "]", "[", "v", "q", "?", "F1"}
    for lang in LANGUAGES:
        game, replay = help_text(lang), replay_help_text(lang)
        assert all(key in game for key in PLAYING_KEYS), lang  # the game's help stays
        assert not [key for key in PLAYING_KEYS if key in replay], lang
        keys = key_column(replay)
        assert len(keys) == len(english), lang
        assert symbols <= {key for row in keys for key in row}, lang


def test_the_help_of_a_replay_is_the_replay_help() -> None:
    rounds = replay_rounds([_record(["ann", "bob"])])
    app = ReplayApp(rounds, lang="fr")

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            text = text_of(app, "#help-text")
            assert "la manche suivante" in text and "Pg suiv" in text
            assert not [key for key in PLAYING_KEYS if key in text], text
            await pilot.press("x")
            await pilot.pause()
            assert isinstance(app.screen, ReplayScreen)

    asyncio.run(main())


# ---------------------------------------------------------------- wording


def test_an_8_and_an_11() -> None:
    assert with_articles("a 11 cannot go on B1, which needs a 8") == (
        "an 11 cannot go on B1, which needs an 8"
    )
    assert with_articles("a 1 cannot go on B2, which needs a 12") == (
        "a 1 cannot go on B2, which needs a 12"
    )
    for seed in range(40):
        session = GameSession(replace(config(), seed=str(seed)))
        hand = session.view(session.to_move).hand
        card = next((c for c in hand if c in (8, 11)), None)
        if card is not None and not any(session.view(None).build):
            reason = session.why_illegal(f"H{card}-B1")
            assert reason is not None and f"an {card} cannot go on B1" in reason
            return
    raise AssertionError("no deal with an 8 or an 11 in the first hand")


def _record(names: list[str]) -> dict[str, object]:
    state = play_round(Rules.make(2, 3), [make_bot("greedy", 1), make_bot("greedy", 2)], seed=5)
    return record_json(state, names)


def test_a_replay_says_you_play_not_you_plays() -> None:
    rounds = replay_rounds([_record(["you", "bot:greedy"])])
    app = ReplayApp(rounds)

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            seen = []
            for _ in range(len(rounds[0].moves)):
                seen.append(text_of(app, "#replay-info"))
                await pilot.press("right")
            seen.append(text_of(app, "#replay-info"))
            text = Text.from_markup("\n".join(seen)).plain
            assert "you play " in text and "you plays" not in text
            assert "you wins" not in text

    asyncio.run(main())


def test_seats_from_simulate_keep_their_bot_names_told_apart() -> None:
    rounds = replay_rounds([_record(["bot:greedy", "bot:greedy"])])
    assert rounds[0].names == ("bot:greedy#0", "bot:greedy#1")
    rounds = replay_rounds([_record(["bot:greedy", "bot:random"])])
    assert rounds[0].names == ("bot:greedy", "bot:random")


# ---------------------------------------------------------------- fitting


def test_deep_piles_give_up_cards_first_and_short_ones_stay_whole() -> None:
    assert shown_counts([3, 2], 100) == [3, 2]
    assert shown_counts([9, 2], 20) == [3, 2]  # "…7 8 9 (9)" beside " 1  2"
    assert shown_counts([2, 2, 2, 2], 1) == [2, 2, 2, 2]  # cutting would only widen them
    assert clip("bot:random#3", 9) == "bot:ra…#3" and clip("you", 5) == "you  "
