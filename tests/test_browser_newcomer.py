"""What a newcomer tripped on (issue 21 §1), each in a real browser: the players
drawer on a phone, which cards can be built, tap targets, the end of a round, the
Back button, long names, a resignation at three players and the small ones.
Debian's chromium through Playwright; every wait is on the page's own signals."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from browser_helpers import (
    create_table,
    inside_viewport,
    shoot,
    state_count,
    wait_js,
    wait_my_turn,
    wait_new_state,
)
from browser_site import close_page, device_page, quick_move, shared_site


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    with shared_site(tmp_path_factory.mktemp("newcomer")) as running:
        yield running


def my_move_then_my_turn(page: Any, touch: bool = False) -> None:
    """One move of the person's, then wait until it is the person's turn again."""
    before = state_count(page)
    quick_move(page, touch)
    wait_new_state(page, before)
    wait_my_turn(page)


OPPONENTS_SINCE_MY_MOVE = """() => {
  // The names of the seats that moved since the person's last move (the page's view).
  const moves = table.last_moves;
  let i = moves.length;
  while (i > 0 && moves[i - 1].seat !== mySeat()) i--;
  return [...new Set(moves.slice(i).map((m) => table.seats[m.seat].name))];
}"""


def drawer_open(page: Any) -> bool:
    return bool(page.evaluate("document.getElementById('side').checkVisibility()"))


# ------------------------------------------------------------------ 1. the drawer


def test_the_players_drawer_closes_on_a_phone_and_the_last_turn_shows(
    site: tuple[str, Any],
) -> None:
    base, browser = site
    page = device_page(browser, "phone")
    code = create_table(base, page, players=3, stock=8)
    toggle = page.get_by_test_id("toggle-side")
    # a close button inside the drawer, in view and not under anything
    toggle.tap()
    assert drawer_open(page)
    shoot(page, "newcomer-drawer-phone")
    close = page.get_by_test_id("side-close")
    assert inside_viewport(page, close)
    close.tap()
    assert not drawer_open(page)
    assert toggle.get_attribute("aria-expanded") == "false"
    # a tap outside the drawer closes it
    toggle.tap()
    assert drawer_open(page)
    page.touchscreen.tap(20, 420)
    wait_js(page, "!document.getElementById('side').checkVisibility()")
    # and the system Back gesture closes it, staying at the table
    toggle.tap()
    assert drawer_open(page)
    page.go_back()
    wait_js(page, "!document.getElementById('side').checkVisibility()")
    assert page.url.endswith("#" + code) and page.get_by_test_id("table").is_visible()
    # what the bots did last is on the table itself, without the drawer
    for _ in range(5):
        my_move_then_my_turn(page, touch=True)
        names = page.evaluate(OPPONENTS_SINCE_MY_MOVE)
        if names:
            break
    last = page.get_by_test_id("last-turn")
    assert last.is_visible() and inside_viewport(page, last)
    text = last.inner_text()
    assert all(name in text for name in names), (names, text)
    shoot(page, "newcomer-last-turn-phone")
    close_page(page)
