"""``skipbo play --lang``: every screen of a game in English, French, German and Dutch
(issue 22 §4), each with its rule sheet's pile names, and nothing cut at 80×24."""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import replace

import pytest
from textual.app import App
from textual.pilot import Pilot

from skipbo.tui.app import GameApp
from skipbo.tui.help_text import replay_help_text
from skipbo.tui.replay import ReplayApp, replay_rounds
from skipbo.tui.screens import EndScreen, PassScreen, QuitScreen
from skipbo.tui.texts import LANGUAGES, Words
from tui_helpers import (
    SIZE,
    config,
    cut_lines,
    deepen,
    overflows,
    past_the_hand_over,
    play_turn_by_keys,
    screen_text,
    settle,
    snapshot,
    text_of,
)

ENGLISH_ONLY = ("to move", "Last moves", "Build", "where", "Legal", "help", "quit", "Round")
"""English words of the table that no other language's screen has."""
PILE_NAMES = {
    "en": "discard pile",
    "fr": "défausse",
    "de": "Ablagestapel",
    "nl": "weggooistapel",
}
"""Each rule sheet's name of the discard pile, as a refused move says it."""


def fits(app: App[None], where: str) -> str:
    """The screen's text, once checked to fit 80×24 with nothing cut."""
    problems = overflows(app)
    text = screen_text(app)
    assert not problems, f"{where}: " + "\n".join(problems) + "\n" + text
    return text


def fits_lines(app: App[None], where: str) -> str:
    """The text screen's text, once checked to cut no line at 80×24 (it scrolls)."""
    problems = cut_lines(app)
    text = screen_text(app)
    assert not problems, f"{where}: " + "\n".join(problems) + "\n" + text
    return text


def speaks(text: str, lang: str, where: str) -> None:
    """No English on a screen of another language."""
    if lang != "en":
        leaks = [word for word in ENGLISH_ONLY if re.search(rf"\b{re.escape(word)}\b", text)]
        assert not leaks, f"{where} in {lang} shows {leaks}:\n{text}"


async def refuse_a_target(app: GameApp, pilot: Pilot[None], lang: str) -> None:
    """Pick a hand card, then a building pile it cannot go on: the reason is said in
    the language, the prompt stays."""
    words = Words(lang)
    hand = app.session.view(app.session.to_move).hand
    legal = app.session.legal_texts()
    for place, card in enumerate(hand, 1):
        source = "HSB" if card == 13 else f"H{card}"
        refused = [k for k in "1234" if f"{source}-B{k}" not in legal]
        if refused:
            await pilot.press(str(place), refused[0])
            await pilot.pause()
            targets = " ".join(app.table.selection.targets())
            prompt = words("where", source=source, targets=targets)
            assert app.table.selection.source == source and text_of(app, "#prompt") == prompt
            speaks(fits(app, "a refused target"), lang, "a refused target")
            await pilot.press("escape")
            return


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_whole_match_round_in_each_language_fits_80x24(lang: str) -> None:
    words = Words(lang)
    app = GameApp(replace(config(stock=3, target=60), lang=lang))

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            text = fits(app, "the table")
            speaks(text, lang, "the table")
            for part in ("build", "hand", "last_moves", "key:help", "key:quit"):
                assert words(part) in text, (part, text)
            assert words("round_n", n=1) in text and words("to_move", who=words("you")) in text
            await pilot.press("d", "1")  # an empty discard pile: the sheet's name
            assert PILE_NAMES[lang] in text_of(app, "#message")
            fits(app, "an empty pile")
            await pilot.press("q")
            assert isinstance(app.screen, QuitScreen)
            speaks(fits(app, "the quit question"), lang, "the quit question")
            await pilot.press("n")
            await pilot.press("colon", *"xyz", "enter")
            speaks(fits(app, "a malformed move"), lang, "a malformed move")
            await pilot.press("escape")
            for _ in range(200):
                await settle(app, pilot)
                if isinstance(app.screen, EndScreen):
                    break
                await refuse_a_target(app, pilot, lang)
                await play_turn_by_keys(app, pilot)
                speaks(fits(app, "a move"), lang, "a move")
            assert isinstance(app.screen, EndScreen)
            text = snapshot(app, f"end-{lang}-80x24")
            fits(app, "the end screen")
            speaks(text, lang, "the end screen")
            assert words("played_to", target=60) in text_of(app, "#end-text")
            assert words("seed", seed="1") in text_of(app, "#end-text")

    asyncio.run(main())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_replay_in_each_language_fits_80x24(lang: str) -> None:
    session = GameApp(config(stock=2, target=500)).session
    while not session.round.over:
        session.play(session.round.legal_moves()[0])
    rounds = replay_rounds(json.loads(json.dumps(session.records())))
    app = ReplayApp(rounds, lang=lang)

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            speaks(fits(app, "the replay's deal"), lang, "the replay's deal")
            await pilot.press("right")
            speaks(fits(app, "a replayed move"), lang, "a replayed move")
            await pilot.press("end")
            text = fits(app, "the replay's end")
            speaks(text, lang, "the replay's end")
            assert Words(lang)("replay_target", target=500) in text

    asyncio.run(main())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_replay_s_help_and_piles_fit_80x24_in_each_language(lang: str) -> None:
    """The replay's own help (its keys only) and the ``v`` screen with its build
    piles are said in the language and fit, as the table does."""
    words = Words(lang)
    session = GameApp(config(stock=2)).session
    for _ in range(12):
        session.play(session.round.legal_moves()[0])
    app = ReplayApp(replay_rounds(json.loads(json.dumps(session.records()))), lang=lang)

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("end", "question_mark")
            await pilot.pause()
            assert replay_help_text(lang) == text_of(app, "#help-text")
            speaks(fits_lines(app, "the replay's help"), lang, "the replay's help")
            await pilot.press("x", "v")
            await pilot.pause()
            text = fits_lines(app, "the replay's piles")
            speaks(text, lang, "the replay's piles")
            piles = text_of(app, "#piles-text")
            assert words("build") in piles and "  B4 (" in piles, piles

    asyncio.run(main())


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("players", "teams"), [(6, False), (6, True), (4, True)])
def test_the_fullest_tables_of_a_match_fit_80x24_in_each_language(
    lang: str, players: int, teams: bool
) -> None:
    seats = ("", *("random" for _ in range(players - 1)))
    app = GameApp(replace(config(players, seats, stock=5, teams=teams, target=500), lang=lang))
    deepen(app.session, 60)

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            name = f"{players}{'t' if teams else 'p'}-match-{lang}-80x24"
            speaks(fits(app, name), lang, name)
            snapshot(app, name)
            await pilot.press("1")  # a hand card: the prompt under the message
            await pilot.pause()
            assert app.screen.query_one("#prompt").display
            speaks(fits(app, f"{name} with the prompt"), lang, name)

    asyncio.run(main())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_hand_over_speaks_each_language(lang: str) -> None:
    words = Words(lang)
    app = GameApp(replace(config(2, ("", "")), lang=lang))

    async def main() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await past_the_hand_over(app, pilot)
            discard = next(m for m in app.session.legal_texts() if m.endswith("-D1"))
            await pilot.press("colon", *discard, "enter")
            await settle(app, pilot)
            assert isinstance(app.screen, PassScreen)
            text = fits(app, "the hand-over")
            speaks(text, lang, "the hand-over")
            name = words.name(app.session.record_names[app.session.to_move])
            assert name in text_of(app, "#pass-text")
            assert lang == "en" or "Player" not in text

    asyncio.run(main())
