"""The table at every table size, with deep piles, at 80×24 and 120×40.

Each case writes its screen to ``artifacts/tui/`` (SVG and text) to be looked
at; the assertions check what a person would: every opponent on one line with
all four piles, no scrollbar, the footer and the hand on screen, and the room
of a larger terminal used for whole piles.
"""

from __future__ import annotations

import asyncio
import re

import pytest
from textual.containers import VerticalScroll

from skipbo.tui.app import GameApp
from skipbo.tui.config import GameConfig
from skipbo.tui.render import build_text
from skipbo.tui.replay import ReplayApp, replay_rounds
from tui_helpers import config, cut_lines, deepen, settle, snapshot, text_of

TABLES = {
    "2p": (2, False, 10),
    "3p": (3, False, 8),
    "4p": (4, False, 6),
    "4t": (4, True, 6),
    "5p": (5, False, 5),
    "6p": (6, False, 5),
    "6t": (6, True, 5),
}
"""name: players, partnerships, stock (short stocks leave a long draw pile, so
the discard piles grow deep)."""


DEEP = 200
"""Turns of discards: until the draw pile runs low."""


def table_config(name: str) -> GameConfig:
    players, teams, stock = TABLES[name]
    seats = ("", *("random" for _ in range(players - 1)))
    return config(players, seats, stock=stock, teams=teams)


Shot = tuple[GameApp, str, list[str]]


def table_screen(name: str, turns: int, size: tuple[int, int], shot: str) -> Shot:
    """The table of ``name`` after ``turns`` discarding turns: the app, the screen as
    text (also written to artifacts/) and the opponents' rows."""
    app = GameApp(table_config(name))
    deepen(app.session, turns)
    out: list[str] = []
    rows: list[str] = []

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            box = app.screen.query_one("#table-box", VerticalScroll)
            assert box.max_scroll_y == 0, f"{shot}: the table scrolls"
            out.append(snapshot(app, shot))
            rows.extend(opponent_rows(app, out[0]))

    asyncio.run(main())
    return app, out[0], rows


def opponent_rows(app: GameApp, text: str) -> list[str]:
    """Every opponent's row (one or two lines), checked to be drawn unwrapped and
    to appear on the screen ``text``."""
    content = text_of(app, "#opponents")
    lines = content.split("\n")
    region = app.screen.query_one("#opponents").region
    assert region.height == len(lines), f"the opponents' rows wrap:\n{text}"
    rows: list[str] = []
    names = app.session.names[1:]
    for line in lines:
        assert line.rstrip() in text, f"{line!r} is not on the screen:\n{text}"
        if any(f" {name}" in line for name in names):
            rows.append(line)
        else:
            rows[-1] += "\n" + line
    assert len(rows) == len(names), content
    return rows


def deepest(app: GameApp) -> int:
    view = app.session.view(None)
    return max(len(pile) for player in view.players for pile in player.discards)


@pytest.mark.parametrize("name", list(TABLES))
def test_deep_piles_fit_80x24_without_wrapping_or_scrolling(name: str) -> None:
    app, text, rows = table_screen(name, DEEP, (80, 24), f"{name}-deep-80x24")
    lines = text.splitlines()
    assert len(lines) == 24 and max(len(line) for line in lines) <= 80
    assert deepest(app) >= 8, "the piles are not deep enough to test anything"
    for row in rows:
        assert all(f"D{k}" in row for k in range(1, 5)), row
    assert re.search(r"….*\(\d+\)", text), "no deep pile was shortened"
    assert "Hand" in text and "quit" in lines[-1] and "Build" in text


@pytest.mark.parametrize("name", list(TABLES))
def test_a_larger_terminal_shows_more_of_the_piles(name: str) -> None:
    _, _, cut = table_screen(name, 12, (80, 24), f"{name}-some-80x24")
    _, _, whole = table_screen(name, 12, (120, 40), f"{name}-some-120x40")
    count = [len(re.findall(r"\S+", row)) for row in whole]
    assert sum(count) >= sum(len(re.findall(r"\S+", row)) for row in cut)
    assert "…" not in "\n".join(whole), "120 columns hold these piles"
    _, deep, _ = table_screen(name, DEEP, (120, 40), f"{name}-deep-120x40")
    assert len(deep.splitlines()) == 40


def test_six_players_show_every_opponent_with_no_scrollbar() -> None:
    _, text, rows = table_screen("6p", DEEP, (80, 24), "6p-scrollbar")
    assert len(rows) == 5
    assert "▁" not in text and "▇" not in text  # no scrollbar thumb drawn


def test_a_small_terminal_says_how_large_it_must_be() -> None:
    app = GameApp(config())

    async def main() -> None:
        async with app.run_test(size=(70, 20)) as pilot:
            await settle(app, pilot)
            text = snapshot(app, "too-small-70x20")
            assert "make the terminal at least 80×24" in text
            await pilot.resize_terminal(80, 24)
            await settle(app, pilot)
            assert "make the terminal at least" not in snapshot(app, "resized-80x24")

    asyncio.run(main())


def test_the_whole_pile_key_shows_every_card() -> None:
    app = GameApp(table_config("3p"))
    deepen(app.session, 60)
    view = app.session.view(None)
    pile = max((p for player in view.players for p in player.discards), key=len)

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("v")
            await pilot.pause()
            text = snapshot(app, "3p-all-piles")
            assert f"({len(pile):>2})" in text
            await pilot.press("x")
            await pilot.pause()
            assert "Every pile in full" not in snapshot(app, "3p-after-piles")

    asyncio.run(main())


def test_the_whole_pile_key_shows_the_build_piles() -> None:
    """The ``v`` screen lacked the build piles, the ones a card is played on: it
    shows their row as the table words it (the value each counts, ``*`` for a wild
    card on top, the draw pile), then each pile in full with its size."""
    app = GameApp(table_config("3p"))
    deepen(app.session, 60)
    view = app.session.view(None)
    assert any(view.build_piles), "no build pile to show"

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("v")
            await pilot.pause()
            snapshot(app, "3p-all-piles-build")
            text = text_of(app, "#piles-text")
            assert build_text(view, "numbers").plain in text.splitlines()
            for slot, pile in enumerate(view.build_piles):
                assert f"  B{slot + 1} ({len(pile):>2}) " in text, (slot, text)
            assert not cut_lines(app), cut_lines(app)

    asyncio.run(main())


@pytest.mark.parametrize("name", ["2p", "6t"])
def test_the_replay_footer_fits_at_80x24(name: str) -> None:
    app = GameApp(table_config(name))
    deepen(app.session, 30)
    replay = ReplayApp(replay_rounds(app.session.records()))

    async def main() -> None:
        async with replay.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("end")
            await pilot.pause()
            text = snapshot(replay, f"{name}-replay-80x24")
            last = text.splitlines()[-1]
            for word in ("next", "back", "round", "piles", "help", "quit"):
                assert word in last, f"{word!r} is cut from the footer: {last!r}"

    asyncio.run(main())


def log_rows(text: str, heading: str = "Last moves") -> int:
    """The moves listed under the heading of the last moves on the screen ``text``."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if heading in line)
    column = lines[start].index(heading)
    rows = 0
    for line in lines[start + 1 :]:
        if not re.match(r" ?\S+ +\S+-\S+|\s?\S+ +end", line[column:]):
            break
        rows += 1
    return rows


@pytest.mark.parametrize("name", ["2p", "4t", "6p"])
def test_a_taller_terminal_lists_more_of_the_last_moves(name: str) -> None:
    _, small, _ = table_screen(name, 40, (80, 24), f"{name}-moves-80x24")
    assert log_rows(small) == 6, "80×24 keeps its six last moves"
    _, tall, _ = table_screen(name, 40, (120, 40), f"{name}-moves-120x40")
    assert log_rows(tall) >= 16, tall
    blank = [line for line in tall.splitlines() if not line.strip()]
    assert len(blank) <= 8, f"{len(blank)} empty rows at 120×40:\n{tall}"
