"""axe on the pages of online play, at 1280x800 and at 390x844 with touch.

The landing page as a player with something in every online section sees it: Find a
game, the open tables, the games being played, the "Your turn" badge and Your
tables (a slow game waiting for this player), a guest's name change form, the
account panel with its claim and log-in forms, then logged in; a table found with
Find a game, with a reaction beside the other player's name and the React menu
open; a table of Find a game still waiting, with its Cancel and the offer to fill
the rest with computer players; a public game watched from the lobby (the
spectator's table); and the create form with a slow pace and its deadline choice.
No serious or critical violation (``check_axe`` of test_browser_a11y.py); a
screenshot of each state at each size goes to artifacts/. The profile and the
leaderboard are checked by test_browser_a11y.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from browser_helpers import SIZES, open_page, shoot, wait_js
from browser_site import close_page, shared_site
from server_harness import Client
from test_browser_a11y import check_axe
from test_browser_online import find, landing
from test_server_players import Browser


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    with shared_site(tmp_path_factory.mktemp("a11y-online")) as running:
        yield running


def guest(base: str) -> Browser:
    person = Browser(base)
    person.get("/api/me")
    return person


def end_turn(base: str, code: str, token: str) -> None:
    """The seat of ``token`` plays until its turn is over (a discard ends it)."""
    client = Client(base, code)
    try:
        view = client.hello(token)["view"]
        while view["to_move"] == view["seat"] and view["phase"] == "playing":
            legal = view["legal"]
            if legal:
                discards = [move for move in legal if "-D" in move]
                client.send({"type": "move", "move": (discards or legal)[0]})
            view = client.until(lambda m: m["type"] == "state")["view"]
    finally:
        client.close()


def busy_lobby(base: str, page: Any) -> None:
    """Others wait at an open table and play a public game; a slow game waits for the
    page's player (found through the page's own session, its turn passed to it)."""
    guest(base).post("/api/find", {"players": 3, "stock": 10})
    kind = {"players": 2, "stock": 30}
    guest(base).post("/api/find", kind)
    guest(base).post("/api/find", kind)
    slow = {"players": 2, "stock": 10, "slow_hours": 24}
    mine = page.request.post(base + "/api/find", data=slow).json()
    other = guest(base).post("/api/find", slow).json()
    assert other["code"] == mine["code"]
    end_turn(base, other["code"], other["token"])


@pytest.mark.parametrize("size", SIZES)
def test_the_online_landing_and_account_pass_axe(site: tuple[str, Any], size: str) -> None:
    base, browser = site
    page = open_page(browser, size)
    landing(base, page)
    busy_lobby(base, page)
    landing(base, page)
    for testid in ("turn-badge", "playing-box", "my-tables", "find"):
        page.get_by_test_id(testid).wait_for(state="visible")
    page.locator("[data-testid=open-table]").first.wait_for()
    check_axe(page, f"online landing ({size})")
    shoot(page, f"a11y-online-landing-{size}", full_page=True)
    page.get_by_test_id("rename-open").click()
    page.get_by_test_id("rename-input").wait_for(state="visible")
    check_axe(page, f"name change ({size})")
    page.get_by_test_id("find").scroll_into_view_if_needed()
    shoot(page, f"a11y-rename-{size}")
    page.get_by_test_id("rename-cancel").click()
    page.get_by_test_id("account").locator("summary").click()
    page.get_by_test_id("claim-user").wait_for(state="visible")
    check_axe(page, f"account forms ({size})")
    page.get_by_test_id("account").scroll_into_view_if_needed()
    shoot(page, f"a11y-account-forms-{size}")
    page.get_by_test_id("claim-user").fill(f"Zoë {size}")
    page.get_by_test_id("claim-password").fill("a long password")
    page.get_by_test_id("claim").click()
    page.get_by_test_id("logout").wait_for(state="visible")
    check_axe(page, f"account logged in ({size})")
    page.get_by_test_id("account").scroll_into_view_if_needed()
    shoot(page, f"a11y-account-in-{size}")
    close_page(page)


@pytest.mark.parametrize("size", SIZES)
def test_a_table_with_reactions_passes_axe(site: tuple[str, Any], size: str) -> None:
    base, browser = site
    page = open_page(browser, size)
    landing(base, page)
    page.get_by_test_id("find-pace").select_option("")
    find(page, "4")  # a kind nobody else here waits for
    helpers = [guest(base).post("/api/find", {"players": 4, "stock": 10}).json() for _ in range(3)]
    wait_js(page, "document.body.dataset.phase === 'playing'")
    client = Client(base, helpers[0]["code"])
    try:
        client.hello(helpers[0]["token"])
        client.send({"type": "react", "reaction": "hurry"})
        page.get_by_test_id(f"reaction-{helpers[0]['seat']}").wait_for()
        page.get_by_test_id("react").click()
        page.get_by_test_id("react-menu").wait_for()
        check_axe(page, f"table with reactions ({size})")
        shoot(page, f"a11y-reactions-{size}")
    finally:
        client.close()
    close_page(page)


@pytest.mark.parametrize("size", SIZES)
def test_watching_a_game_passes_axe(site: tuple[str, Any], size: str) -> None:
    """Two others play a public game (paired by Find a game); the page finds it under
    Games being played and watches: the spectator's table."""
    base, browser = site
    kind = {"players": 2, "stock": 10}
    first = guest(base).post("/api/find", kind).json()
    second = guest(base).post("/api/find", kind).json()
    assert second["code"] == first["code"]
    code = first["code"]
    page = open_page(browser, size)
    landing(base, page)
    page.evaluate("refreshOpenTables()")
    watch = page.locator(f'[data-testid=playing-table][data-code="{code}"]').get_by_test_id(
        "watch-table"
    )
    watch.tap() if size == "phone" else watch.click()
    wait_js(page, "document.body.dataset.phase === 'playing'")
    page.get_by_test_id("others").wait_for(state="visible")
    # a watcher's own panel keeps its status lines, not the room of an empty hand
    assert page.get_by_test_id("hand").is_hidden()
    box = page.get_by_test_id("me").bounding_box()
    assert box is not None and box["height"] < 110, box
    check_axe(page, f"watching a game ({size})")
    shoot(page, f"a11y-watching-{size}")
    close_page(page)


@pytest.mark.parametrize("size", SIZES)
def test_a_find_table_waiting_with_the_fill_offer_passes_axe(
    site: tuple[str, Any], size: str
) -> None:
    """A table of Find a game that nobody else has joined yet: its Cancel, and the offer
    to fill the rest with computer players (shown at once here); then cancelled."""
    base, browser = site
    page = open_page(browser, size)
    page.add_init_script("localStorage.setItem('skipbo.fillAfterMs', '0')")
    landing(base, page)
    page.get_by_test_id("find-pace").select_option("")
    find(page, "2x2")  # a kind nobody else here waits for
    for testid in ("lobby-wait", "cancel-find", "fill-bots"):
        page.get_by_test_id(testid).wait_for(state="visible")
    check_axe(page, f"find a game, waiting ({size})")
    shoot(page, f"a11y-find-fill-{size}")
    page.get_by_test_id("cancel-find").click()
    wait_js(page, "document.body.dataset.page === 'lobby'")
    close_page(page)


@pytest.mark.parametrize("size", SIZES)
def test_the_create_form_with_a_slow_pace_passes_axe(site: tuple[str, Any], size: str) -> None:
    """Create a table with its online choices shown: public, a day a turn, and what
    happens past the deadline (a select that shows only for a slow pace); Find a game's
    own pace and deadline choice likewise."""
    base, browser = site
    page = open_page(browser, size)
    landing(base, page)
    page.get_by_test_id("find-pace").select_option("72")
    page.get_by_test_id("find-timeout").wait_for(state="visible")
    page.get_by_test_id("visibility").select_option("public")
    page.get_by_test_id("create-pace").select_option("24")
    page.get_by_test_id("on-timeout").select_option("bot")
    page.get_by_test_id("on-timeout").wait_for(state="visible")
    assert page.get_by_test_id("turn-seconds").is_hidden()
    check_axe(page, f"create form, slow ({size})")
    page.get_by_test_id("find-game").scroll_into_view_if_needed()
    shoot(page, f"a11y-find-slow-{size}")
    page.get_by_test_id("create").scroll_into_view_if_needed()
    shoot(page, f"a11y-create-slow-{size}")
    close_page(page)
