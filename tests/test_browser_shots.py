"""Screenshots of every screen a player meets, at desktop and phone size, into artifacts/.

Written for people to look at (docs/server.md shows them): the landing page, a
table in play with 2 players, 4 players in partnerships and 6 players (a person and
bots, a few moves in so that piles hold cards), the end-of-round screen and the
replay page. Each is what the screen shows (the viewport), not the whole scrolled
page, because that is what a player sees; the landing page is also kept whole.
The checks here are what a look at the picture would catch: the player's own
cards on screen, the overlay in view, nothing wider than the screen.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from browser_helpers import (
    ARTIFACTS,
    SIZES,
    create_table,
    inside_viewport,
    open_lobby,
    open_page,
    state_count,
    wait_my_turn,
    wait_new_state,
)
from browser_site import (
    close_page,
    open_howto,
    play_round,
    quick_move,
    shared_site,
)

TABLES = {"two": (2, False), "teams": (4, True), "six": (6, False)}
"""Tables by screenshot name: (players, partnerships)."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    with shared_site(tmp_path_factory.mktemp("shots")) as running:
        yield running


def shoot(page: Any, name: str, full_page: bool = False) -> None:
    """artifacts/screen-NAME.png, after checking nothing spills over the screen's width."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{name}: the page is {width}px wide"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"screen-{name}.png"), full_page=full_page)


def play_moves(page: Any, count: int, touch: bool) -> None:
    """A few of the person's moves (bots answer), ending at the person's turn."""
    for _ in range(count):
        before = state_count(page)
        quick_move(page, touch)
        wait_new_state(page, before)
        wait_my_turn(page)


def own_cards_on_screen(page: Any) -> None:
    for testid in ("own-stock", "hand"):
        assert inside_viewport(page, page.get_by_test_id(testid)), f"{testid} is off screen"


@pytest.mark.parametrize("size", SIZES)
def test_shots_of_the_landing_page(site: tuple[str, Any], size: str) -> None:
    base, browser = site
    page = open_page(browser, size)
    open_lobby(base, page, name=None)
    shoot(page, f"lobby-{size}")
    open_howto(page)
    shoot(page, f"lobby-full-{size}", full_page=True)
    close_page(page)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("table", TABLES)
def test_shots_of_a_table_in_play(site: tuple[str, Any], table: str, size: str) -> None:
    base, browser = site
    page = open_page(browser, size)
    touch = size == "phone"
    players, teams = TABLES[table]
    create_table(base, page, players=players, stock=2 if table == "two" else 5, teams=teams)
    play_moves(page, 2, touch)
    own_cards_on_screen(page)
    shoot(page, f"table-{table}-{size}")
    if table != "two":
        close_page(page)
        return
    page.locator("[data-selectable=true]").first.click()
    shoot(page, f"table-picked-{size}")
    page.locator("[data-selected=true]").first.click()
    play_round(page, touch)
    result = page.get_by_test_id("result")
    result.wait_for(state="visible")
    assert inside_viewport(page, page.get_by_test_id("next")), "the next-round button is off screen"
    dialog = result.locator("[role=dialog]")
    spill = dialog.evaluate("d => d.scrollWidth - d.clientWidth")
    assert spill <= 1, f"the result's content is {spill}px wider than its dialog"
    shoot(page, f"end-{size}")
    page.get_by_test_id("result-replay").click()
    page.get_by_test_id("replay-board").wait_for(state="visible")
    page.keyboard.press("End")
    shoot(page, f"replay-{size}")
    close_page(page)
