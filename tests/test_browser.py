"""The table page in a real browser: a person plays a whole round by clicking.

Runs Debian's chromium through Playwright against a real uvicorn on loopback
(server_harness). Skipped as a whole when chromium or playwright is missing, so
a machine without a browser stays green. Screenshots go to ``artifacts/``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server_harness import thread_server

CHROMIUM = "/usr/bin/chromium"
if not os.path.exists(CHROMIUM):
    pytest.skip(f"no browser at {CHROMIUM}", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
TIMEOUT_MS = 60_000
MAX_MOVES = 600
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]

MY_TURN_OR_OVER = (
    "document.body.dataset.phase !== undefined && document.body.dataset.phase !== 'lobby'"
    " && (document.body.dataset.phase !== 'playing' || document.body.dataset.myTurn === 'true')"
)


@pytest.fixture
def page(tmp_path: Path) -> Iterator[tuple[str, Any]]:
    """A fresh server and a desktop-sized page; yields the base URL and the page."""
    with thread_server(tmp_path / "b.db") as (base, _app), sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_page(viewport=DESKTOP)
            page.set_default_timeout(TIMEOUT_MS)
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            yield base, page
            assert not errors, f"JavaScript errors: {errors}"
        finally:
            browser.close()


def create_table_against_bot(base: str, page: Any) -> str:
    """Fill in the lobby by clicks: 2 players, stock 3, the other seat a hard bot."""
    page.goto(base + "/")
    page.wait_for_selector("body[data-ready=true]")
    page.get_by_test_id("nickname").fill("ann")
    page.get_by_test_id("players").select_option("2")
    page.get_by_test_id("stock").fill("3")
    page.get_by_test_id("seat-kind-1").select_option("bot:hard")
    page.get_by_test_id("create").click()
    page.wait_for_function(MY_TURN_OR_OVER)
    code: str = page.get_by_test_id("table-code").inner_text()
    assert page.url.endswith("#" + code)
    return code


def state_count(page: Any) -> int:
    return int(page.evaluate("Number(document.body.dataset.stateCount || 0)"))


def play_one_move(page: Any) -> None:
    """Click a legal move: a build play if any source has one, else a discard or end."""
    sources = page.locator("[data-selectable=true]")
    for i in range(sources.count()):
        sources.nth(i).click()
        lit = page.locator("[data-testid^=build-][data-lit=true]")
        if lit.count():
            lit.first.click()
            return
        page.locator("[data-selected=true]").first.click()  # unselect, then try the next
    hand = page.locator("[data-testid=hand-card][data-selectable=true]")
    if hand.count():
        hand.first.click()
        page.locator("[data-testid^=own-discard-][data-lit=true]").first.click()
    else:
        page.get_by_test_id("end-turn").click()


def play_until_over(page: Any) -> int:
    """Play by clicks until the round ends; returns the number of moves made."""
    for moves in range(MAX_MOVES):
        page.wait_for_function(MY_TURN_OR_OVER)
        if page.evaluate("document.body.dataset.phase") != "playing":
            return moves
        before = state_count(page)
        play_one_move(page)
        page.wait_for_function(f"Number(document.body.dataset.stateCount) > {before}")
    raise AssertionError(f"the round did not end in {MAX_MOVES} moves")


def hand_of(page: Any) -> list[str]:
    return sorted(page.get_by_test_id("hand-card").all_inner_texts())


def shoot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    for size_name, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        page.screenshot(path=str(ARTIFACTS / f"{name}-{size_name}.png"), full_page=True)
    page.set_viewport_size(DESKTOP)


def test_a_round_is_played_by_clicks_to_the_end(page: tuple[str, Any]) -> None:
    base, tab = page
    create_table_against_bot(base, tab)
    assert tab.get_by_test_id("my-name").inner_text().startswith("ann")
    shoot(tab, "table")
    tab.locator("[data-selectable=true]").first.click()
    assert tab.locator("[data-lit=true]").count() > 0  # a picked card always has a target
    shoot(tab, "selected")
    tab.locator("[data-selected=true]").first.click()
    assert tab.locator("[data-lit=true]").count() == 0
    moves = play_until_over(tab)
    result = tab.get_by_test_id("result")
    result.wait_for(state="visible")
    text = tab.get_by_test_id("result-text").inner_text()
    assert "won the round" in text or "blocked" in text, text
    assert tab.get_by_test_id("next").is_visible()
    assert moves > 0
    shoot(tab, "result")


def test_a_reload_sits_down_at_the_same_seat(page: tuple[str, Any]) -> None:
    base, tab = page
    code = create_table_against_bot(base, tab)
    hand = hand_of(tab)
    assert len(hand) == 5
    name = tab.get_by_test_id("my-name").inner_text()
    tab.reload()
    tab.wait_for_function("Number(document.body.dataset.stateCount) > 0")
    tab.wait_for_function(MY_TURN_OR_OVER)
    assert tab.get_by_test_id("table-code").inner_text() == code
    assert tab.get_by_test_id("my-name").inner_text() == name
    assert hand_of(tab) == hand
    # the share link, followed from the lobby, goes back to the same seat
    tab.goto(base + "/")
    tab.wait_for_selector("body[data-ready=true]")
    tab.goto(base + "/#" + code)
    tab.wait_for_function(MY_TURN_OR_OVER)
    assert hand_of(tab) == hand
    ARTIFACTS.mkdir(exist_ok=True)
    tab.set_viewport_size(PHONE)
    tab.goto(base + "/")
    tab.wait_for_selector("body[data-ready=true]")
    tab.screenshot(path=str(ARTIFACTS / "lobby-phone.png"), full_page=True)
