"""One server and one chromium for a whole test module, and pages sized as devices.

The accessibility, CSP and screenshot tests look at many screens but play little:
starting a server and a browser per test would cost more than the checks, so a
module shares them (every table gets its own code, every page its own context and
so its own localStorage and seat). No limit on created tables: one client (the
tests) creates them all.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from browser_helpers import (
    ARGS,
    CHROMIUM,
    MAX_MOVES,
    MY_TURN_OR_OVER,
    discard_first_hand_card,
    play_one_move,
    state_count,
    sync_api,
    wait_new_state,
)
from server_harness import thread_server


@contextmanager
def shared_site(folder: Path, **options: Any) -> Iterator[tuple[str, Any]]:
    """A server (store in ``folder``; ``options`` go to create_app) and chromium;
    yields (base URL, browser)."""
    with (
        thread_server(folder / "site.db", create_limit=0, **options) as (base, _app),
        sync_api.sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield base, browser
        finally:
            browser.close()


def close_page(page: Any) -> None:
    """Close the page's context, failing on any JavaScript error it recorded."""
    errors = list(page.js_errors)
    page.context.close()
    assert not errors, f"JavaScript errors: {errors}"


FITTING_PLAY = """() => {
  // The first selectable card (stock first, then hand, then discard tops) that a
  // building pile takes, read from what the page shows: [card's key, pile number].
  const needs = [...document.querySelectorAll('[data-testid^=build-][data-value]')]
    .map((pile) => Number(pile.dataset.value) + 1);
  const order = (node) => 'SH'.indexOf(node.dataset.source[0]) >>> 0;
  const cards = [...document.querySelectorAll('[data-selectable=true][data-card]')]
    .sort((a, b) => order(a) - order(b));
  for (const card of cards) {
    const fits = (n) => card.dataset.card === 'SB' || Number(card.dataset.card) === n;
    const pile = needs.findIndex(fits);
    if (pile >= 0 && needs[pile] <= 12) return [card.dataset.key, pile + 1];
  }
  return null;
}"""


def quick_move(page: Any, touch: bool = False) -> None:
    """A legal move in two or three taps: a card that fits a building pile, else a discard.

    browser_helpers.play_one_move tries every source in turn, which is thorough and
    slow; these tests only need the round to move on quickly. The page still decides:
    a pile that does not light up after the pick is not tapped.
    """
    act = (lambda loc: loc.tap()) if touch else (lambda loc: loc.click())
    play = page.evaluate(FITTING_PLAY)
    if play is not None:
        key, pile = play
        act(page.locator(f'[data-key="{key}"]'))
        target = page.locator(f"[data-testid=build-{pile}][data-lit=true]")
        if target.count():
            act(target)
            return
        act(page.locator("[data-selected=true]").first)
    if page.locator("[data-testid=hand-card][data-selectable=true]").count():
        discard_first_hand_card(page, touch)
    else:
        play_one_move(page, touch)


def play_round(page: Any, touch: bool = False, each: Any = None) -> int:
    """quick_move until the round is over; ``each()`` after every move; returns the count."""
    for moves in range(MAX_MOVES):
        page.wait_for_function(MY_TURN_OR_OVER)
        if page.evaluate("document.body.dataset.phase") != "playing":
            return moves
        before = state_count(page)
        quick_move(page, touch)
        wait_new_state(page, before)
        if each is not None:
            each()
    raise AssertionError(f"the round did not end in {MAX_MOVES} moves")


def open_howto(page: Any) -> None:
    """Open the how-to-play panel as a person would (it is open on a first visit)."""
    howto = page.get_by_test_id("howto")
    if howto.get_attribute("open") is None:
        howto.locator("summary").click()
    page.get_by_test_id("howto-picture").locator("svg").first.wait_for()
