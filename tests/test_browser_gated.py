"""The table at known positions: the server holds its bots (``hold_bots``, bot_gate.py)
and the test lets their moves through one by one, instead of racing them.

What the page shows between two bot moves used to be checked by waiting for
whatever the bots had done by then (a discard of the person's, then "some bot moved,
maybe several"): such tests passed or failed by timing (issue 24 §3). Here each bot
move happens only when the test asks for it, so the page is checked after exactly
one, two, ... moves of the others.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from browser_helpers import (
    discard_first_hand_card,
    open_lobby,
    open_page,
    shoot,
    state_count,
    wait_js,
    wait_new_state,
)
from browser_site import close_page, shared_site
from server_harness import http
from skipbo.server.tables import LAST_MOVES

MY_TURN = "document.body.dataset.myTurn === 'true' && document.body.dataset.phase === 'playing'"
MOVES_SINCE_MINE = """() => {
  // The server's moves after the person's own last one, as the page was sent them.
  const moves = table.last_moves;
  let i = moves.length;
  while (i > 0 && moves[i - 1].seat !== mySeat()) i--;
  return moves.slice(i);
}"""
SHOWN_MOVES = """() => [...document.querySelectorAll('#last-turn .turn-run')]
  .map((run) => [run.querySelector('.who').textContent,
                 run.querySelector('.what').textContent.slice(2).split(', ').length])"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    with shared_site(tmp_path_factory.mktemp("gated"), hold_bots=True) as running:
        yield running


def bot_waiting(base: str, code: str) -> None:
    """Wait until a bot of ``code`` stands at the gate (its turn has come)."""
    deadline = time.monotonic() + 20
    while not http(base, "POST", f"/api/test/bots/{code}", {"moves": 0})[1]["waiting"]:
        assert time.monotonic() < deadline, "no bot came to the gate"
        time.sleep(0.02)


def one_bot_move(base: str, page: Any, code: str) -> None:
    """Let exactly one bot move through and wait until the page shows it."""
    bot_waiting(base, code)
    before = state_count(page)
    assert http(base, "POST", f"/api/test/bots/{code}", {"moves": 1})[0] == 200
    wait_new_state(page, before)


def gated_table(base: str, page: Any, players: int) -> str:
    """A table of the person and bots, at the person's first turn (bots let through)."""
    open_lobby(base, page)
    page.get_by_test_id("players").select_option(str(players))
    page.get_by_test_id("stock").fill("20")  # no round ends in these few moves
    for seat in range(1, players):
        page.get_by_test_id(f"seat-kind-{seat}").select_option("bot:hard")
    page.get_by_test_id("create").click()
    page.get_by_test_id("table-code").wait_for()
    code: str = page.get_by_test_id("table-code").inner_text()
    wait_js(page, "document.body.dataset.phase === 'playing'")
    for _ in range(200):
        if page.evaluate(MY_TURN):
            return code
        one_bot_move(base, page, code)
    raise AssertionError("the person's turn never came")


def test_the_last_turn_line_grows_with_each_held_bot_move(site: tuple[str, Any]) -> None:
    base, browser = site
    page = open_page(browser, "phone")
    code = gated_table(base, page, players=3)
    before = state_count(page)
    discard_first_hand_card(page, tap=True)  # the person's turn ends
    wait_new_state(page, before)
    bot_waiting(base, code)
    # the bots are held: nothing of theirs to show, the person may not move
    assert page.get_by_test_id("last-turn").is_hidden()
    assert page.evaluate(MY_TURN) is False
    assert page.locator("[data-testid=hand-card][data-selectable=true]").count() == 0
    for released in range(1, 100):
        one_bot_move(base, page, code)
        moves = page.evaluate(MOVES_SINCE_MINE)
        # the page was sent each move, none skipped (a view carries the last 12: two
        # bots' long turns can make more)
        assert len(moves) == min(released, LAST_MOVES)
        shown = page.evaluate(SHOWN_MOVES)
        assert sum(count for _, count in shown) == len(moves), shown
        names = [page.evaluate(f"table.seats[{m['seat']}].name") for m in moves]
        runs = list(dict.fromkeys(names))  # "Elif (hard)": the name with the bot's level
        assert [who.split(" (")[0] for who, _ in shown] == runs, (shown, names)
        if page.evaluate(MY_TURN):
            break
    else:
        raise AssertionError("the bots never ended their turns")
    assert len({m["seat"] for m in moves}) == 2  # both bots moved, in seat order
    assert page.locator("[data-testid=hand-card][data-selectable=true]").count() > 0
    shoot(page, "gated-last-turn-phone")
    close_page(page)


def test_a_held_bot_is_shown_as_the_one_to_move(site: tuple[str, Any]) -> None:
    base, browser = site
    page = open_page(browser, "desktop")
    code = gated_table(base, page, players=2)
    before = state_count(page)
    discard_first_hand_card(page)
    wait_new_state(page, before)
    bot_waiting(base, code)
    seat = page.evaluate("table.to_move")
    name = page.evaluate(f"table.seats[{seat}].name")
    assert seat != page.evaluate("mySeat()")
    status = page.get_by_test_id("status").inner_text()
    assert name in status, (name, status)
    # still the bot's turn after one of its moves unless that move was a discard
    one_bot_move(base, page, code)
    last = page.evaluate("table.last_moves.at(-1).move")
    assert page.evaluate(MY_TURN) == (last.split("-")[1].startswith("D")), last
    close_page(page)
