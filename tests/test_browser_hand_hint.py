"""The own hand before one's first turn: a short hint in its place, at both sizes.

Hands are drawn when a turn starts (rules.md), so the player who does not begin sees
an empty hand area until their turn; on a phone that read as cards failing to show.
The page says what will happen instead ("you draw 5 cards when your turn starts"),
in the page's language, and the hint gives way to the cards once the turn comes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from browser_helpers import SIZES, choose_setting, open_lobby, open_page, shoot, wait_js
from browser_site import close_page, shared_site
from test_browser_a11y_online import end_turn
from test_server_players import Browser

TRIES = 8
"""Tables opened until the other person begins (each one: a coin toss)."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    with shared_site(tmp_path_factory.mktemp("hand-hint")) as running:
        yield running


def seated_second(base: str, page: Any) -> tuple[str, str]:
    """The page's person opens a table for two and another person joins by the API,
    until that other person is the one to begin: (code, the other's token)."""
    for _ in range(TRIES):
        open_lobby(base, page, "Ann")
        page.get_by_test_id("players").select_option("2")
        page.get_by_test_id("stock").fill("5")
        page.get_by_test_id("create").click()
        page.get_by_test_id("lobby-wait").wait_for(state="visible")
        code = str(page.evaluate("location.hash.slice(1)"))
        bob = Browser(base)
        bob.get("/api/me")
        token = str(bob.post(f"/api/tables/{code}/join", {"name": "Bob"}).json()["token"])
        wait_js(page, "document.body.dataset.phase === 'playing'")
        if page.evaluate("document.body.dataset.myTurn") == "false":
            return code, token
    raise AssertionError(f"the page's person began {TRIES} times")


@pytest.mark.parametrize("size", SIZES)
def test_an_empty_hand_before_the_first_turn_says_why(site: tuple[str, Any], size: str) -> None:
    base, browser = site
    page = open_page(browser, size)
    code, token = seated_second(base, page)
    hint = page.get_by_test_id("hand-empty")
    hint.wait_for(state="visible")
    assert page.get_by_test_id("hand-card").count() == 0
    assert hint.inner_text() == "Your hand: you draw 5 cards when your turn starts."
    page.get_by_test_id("hand").scroll_into_view_if_needed()
    shoot(page, f"hand-empty-{size}")
    choose_setting(page, "language", "fr")
    wait_js(
        page, "document.querySelector('[data-testid=hand-empty]')?.textContent.startsWith('Votre')"
    )
    assert hint.inner_text() == "Votre main\u00a0: vous piochez 5 cartes au début de votre tour."
    choose_setting(page, "language", "en")
    end_turn(base, code, token)  # Bob plays his turn: Ann's begins, her five cards come
    wait_js(page, "document.body.dataset.myTurn === 'true'")
    assert page.get_by_test_id("hand-card").count() == 5
    assert hint.count() == 0
    close_page(page)
