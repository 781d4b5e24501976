"""Profiles, the leaderboard and "your tables" in a real browser, at both sizes.

Two guests play a short rated game (made through the HTTP API from the first
guest's page, joined by code on a phone, played by clicks and taps); each then
opens a profile from the landing page: the game with both players and their
places, the rating (provisional: guests), the graph, and the Replay link, which
shows the round and returns to the profile with Back. Before that, the phone's
landing page lists the running table by the server too. The leaderboard is
seeded through the store's own operations with enough rated games to have two
pages; a player with more than one page of games shows "More games".
Screenshots go to artifacts/ (profile-*, leaderboard-*).
"""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

from browser_helpers import browser_at, open_page, shoot, wait_js
from player_pages import check_phone_fit, seed_board
from test_browser_online import landing, play_both_to_the_end

PAGE_IS = "document.body.dataset.page === {!r}"


def page_is(page: Any, name: str) -> None:
    wait_js(page, PAGE_IS.format(name))


def api(page: Any, method: str, path: str, body: Any = None) -> Any:
    """A request from the page itself (its session cookie, its origin), as the page makes."""
    return page.evaluate(
        """async ([method, path, body]) => {
          const r = await fetch(path, {method, headers: {'Content-Type': 'application/json'},
                                      body: body === null ? undefined : JSON.stringify(body)});
          return {status: r.status, body: await r.json()};
        }""",
        [method, path, body],
    )


def turn_is_mine(route: Any) -> None:
    """/api/me/tables with every running table in the your-turn list too: nothing on
    the server fills that list for a live game yet (storage.games.set_turn, slow games)."""
    answer = route.fetch()
    tables = answer.json()
    tables["your_turn"] = tables["running"]
    route.fulfill(response=answer, json=tables)


def open_my_profile(page: Any, tap: bool = False) -> None:
    link = page.get_by_test_id("my-profile")
    link.wait_for(state="visible")
    wait_js(page, "/#player\\/\\d+$/.test(document.querySelector('[data-testid=my-profile]').href)")
    link.tap() if tap else link.click()
    page_is(page, "profile")
    wait_js(page, "document.querySelectorAll('[data-testid=profile-game]').length > 0")


def test_a_rated_game_between_two_guests_shows_on_both_profiles(tmp_path: Path) -> None:
    with browser_at(tmp_path, create_limit=0) as (base, chromium, app):
        desk, phone = open_page(chromium, "desktop"), open_page(chromium, "phone")
        for page in (desk, phone):
            landing(base, page)
        # each guest takes a name of its own (a guest's profile shows its current name)
        ann, bob = (
            api(page, "POST", "/api/me/name", {"name": name})["body"]
            for page, name in ((desk, "Ann"), (phone, "Bob"))
        )
        made = api(
            desk, "POST", "/api/tables", {"players": 2, "stock": 1, "rated": True, "name": "Ann"}
        )["body"]
        code = made["code"]
        # the first guest sits down by the table's link, as a page does with a stored seat
        seat = json.dumps({"token": made["token"], "seat": made["seat"]})
        desk.evaluate(
            "([code, seat]) => { localStorage.setItem('skipbo.seat.' + code, seat);"
            " location.hash = code; }",
            [code, seat],
        )
        page_is(desk, "table")
        phone.get_by_test_id("nickname").fill("Bob")
        phone.get_by_test_id("join-code").fill(code)
        phone.get_by_test_id("join").tap()
        for page in (desk, phone):
            wait_js(page, "document.body.dataset.phase === 'playing'")

        # "your tables" by the server: a second tab of the phone's browser lists the table;
        # without the seat's token in this browser it offers the seat back (a new token
        # for this session's player, through reseat)
        tab = phone.context.new_page()
        tab.route("**/api/me/tables", turn_is_mine)
        tab.goto(base + "/")
        tab.wait_for_selector("body[data-ready=true]")
        tab.get_by_test_id(f"my-table-{code}").wait_for(state="visible")
        tab.locator("[data-testid=my-table-turn]").first.wait_for(state="visible")
        token = tab.evaluate(
            "(code) => { const s = localStorage.getItem('skipbo.seat.' + code);"
            " localStorage.removeItem('skipbo.seat.' + code); return s; }",
            code,
        )
        tab.reload()
        tab.wait_for_selector("body[data-ready=true]")
        watch = tab.get_by_test_id(f"server-table-{code}")
        watch.wait_for(state="visible")
        assert (
            watch.inner_text() == "Back to the table"
            and "Ann" in tab.get_by_test_id("my-tables").inner_text()
        )
        shoot(tab, "profile-your-tables-phone", full_page=True)
        tab.evaluate("([code, s]) => localStorage.setItem('skipbo.seat.' + code, s)", [code, token])
        tab.close()

        play_both_to_the_end([desk, phone], [False, True])
        assert app.state.registry.get(code).finished
        wait_js(
            desk,
            f"fetch('/api/players/{bob['id']}')"
            ".then(r => r.json()).then(p => p.player.games === 1)",
        )
        for page in (desk, phone):
            page.goto(base + "/")
            page.wait_for_selector("body[data-ready=true]")

        # the desktop: its profile from the me-box, the game, the rating, the graph
        open_my_profile(desk)
        assert desk.evaluate("location.hash") == f"#player/{ann['id']}"
        profile = api(desk, "GET", f"/api/players/{ann['id']}")["body"]
        rating = profile["player"]["rating"]
        assert desk.get_by_test_id("profile-name").inner_text() == "Ann"
        assert desk.get_by_test_id("profile-rating-value").inner_text() == f"Rating {rating}"
        assert desk.get_by_test_id("profile-provisional").inner_text() == "provisional"
        assert desk.get_by_test_id("stat-games").inner_text() == "1"
        game = desk.get_by_test_id("profile-game")
        assert game.count() == 1
        text = game.inner_text()
        assert "Ann" in text and "Bob" in text and "rated" in text
        change = rating - 1500  # the first rated game's change, from a new player's 1500
        sign = "+" if change > 0 else "−" if change < 0 else "±"
        after = desk.get_by_test_id("game-rating-after").inner_text()
        assert after == f"rating after: {rating} ({sign}{abs(change)})", after
        assert desk.get_by_test_id("rating-graph").get_attribute("data-points") == "1"
        summary = desk.get_by_test_id("rating-graph-summary").inner_text()
        assert f"rating {rating}" in summary, summary
        shoot(desk, "profile-desktop", full_page=True)

        # the opponent's name leads to their profile; Back returns
        desk.locator(f"[data-testid=player-link][data-player-id='{bob['id']}']").click()
        wait_js(desk, f"location.hash === '#player/{bob['id']}'")
        wait_js(desk, "document.querySelector('[data-testid=profile-name]').textContent === 'Bob'")
        desk.go_back()
        wait_js(desk, "document.querySelector('[data-testid=profile-name]').textContent === 'Ann'")

        # Replay: the round at the replay page; Back returns to the profile, then home
        desk.get_by_test_id("game-replay").click()
        page_is(desk, "replay")
        desk.get_by_test_id("replay-board").wait_for(state="visible")
        assert desk.evaluate("location.hash") == f"#replay/{code}/1"
        assert desk.get_by_test_id("game-analyze").get_attribute("href") == (
            f"#analyze/{code}/1/{made['seat']}"
        )
        shoot(desk, "profile-replay-desktop")
        desk.go_back()
        page_is(desk, "profile")
        assert desk.evaluate("document.activeElement.dataset.testid") == "game-replay"
        # Analyze: the same round, and the coach's look at Ann's moves
        desk.get_by_test_id("game-analyze").click()
        page_is(desk, "replay")
        wait_js(desk, f"document.querySelector('#analysis').dataset.seat === '{made['seat']}'")
        assert desk.get_by_test_id("analysis-graph").is_visible()
        assert desk.get_by_test_id("replay-back").inner_text() == "Back"
        desk.get_by_test_id("replay-back").click()
        page_is(desk, "profile")
        assert desk.evaluate("document.activeElement.dataset.testid") == "game-analyze"
        desk.go_back()
        page_is(desk, "lobby")

        # the phone, by taps: its profile, the same game, Replay and its own Back button
        open_my_profile(phone, tap=True)
        assert phone.get_by_test_id("profile-name").inner_text() == "Bob"
        assert re.fullmatch(
            r"Rating \d+", phone.get_by_test_id("profile-rating-value").inner_text()
        )
        assert "Ann" in phone.get_by_test_id("profile-game").inner_text()
        check_phone_fit(phone, "profile on a phone")
        shoot(phone, "profile-phone", full_page=True)
        phone.get_by_test_id("game-replay").tap()
        phone.get_by_test_id("replay-board").wait_for(state="visible")
        shoot(phone, "profile-replay-phone")
        phone.get_by_test_id("replay-back").tap()
        page_is(phone, "profile")
        phone.get_by_test_id("profile-back").tap()
        page_is(phone, "lobby")
        for page in (desk, phone):
            assert not page.js_errors, page.js_errors


def test_the_leaderboard_has_pages_and_a_long_profile_has_more_games(tmp_path: Path) -> None:
    with browser_at(tmp_path, create_limit=0) as (base, chromium, app):
        seeded = seed_board(app)
        board = api_get(base, "/api/leaderboard?page=0")
        assert board["total"] == len(seeded.players) > 50
        desk = open_page(chromium, "desktop")
        landing(base, desk)
        desk.get_by_test_id("leaderboard-link").click()
        page_is(desk, "leaderboard")
        wait_js(desk, "document.querySelectorAll('[data-testid=board-row]').length === 50")
        assert desk.evaluate("location.hash") == "#leaderboard"
        first = desk.get_by_test_id("board-row").first
        assert first.get_by_test_id("board-rank").inner_text() == "1"
        assert first.get_by_test_id("board-player").inner_text() == board["rows"][0]["name"]
        assert first.get_by_test_id("board-rating").inner_text() == str(board["rows"][0]["rating"])
        assert desk.get_by_test_id("board-page").inner_text() == "Page 1 of 2"
        assert desk.get_by_test_id("board-prev").is_hidden()
        headers = desk.locator("#board-table thead th[scope=col]").all_inner_texts()
        assert headers == ["Rank", "Player", "Rating", "Games", "Won"]
        shoot(desk, "leaderboard-desktop", full_page=True)
        desk.get_by_test_id("board-next").click()
        wait_js(desk, "document.querySelectorAll('[data-testid=board-row]').length === 5")
        assert desk.get_by_test_id("board-page").inner_text() == "Page 2 of 2"
        assert desk.get_by_test_id("board-rank").first.inner_text() == "51"
        desk.go_back()
        wait_js(desk, "document.querySelectorAll('[data-testid=board-row]').length === 50")

        # the player with the most games: 20 a page, then "More games"
        star = desk.locator(f"[data-testid=board-player][data-player-id='{seeded.star}']")
        star.click()
        page_is(desk, "profile")
        wait_js(desk, "document.querySelectorAll('[data-testid=profile-game]').length === 20")
        total = api_get(base, f"/api/players/{seeded.star}")["player"]["games"]
        assert total > 20
        desk.get_by_test_id("profile-more").click()
        wait_js(desk, f"document.querySelectorAll('[data-testid=profile-game]').length === {total}")
        assert desk.get_by_test_id("profile-more").is_hidden()
        assert desk.evaluate("document.activeElement.dataset.testid") == "profile-game"
        three = desk.locator("[data-testid=profile-game]", has_text="3 rounds")
        assert three.locator("[data-testid=game-replay]").count() == 3
        shoot(desk, "profile-long-desktop", full_page=True)
        desk.get_by_test_id("profile-back").click()
        page_is(desk, "leaderboard")

        phone = open_page(chromium, "phone")
        landing(base, phone)
        phone.goto(base + "/#leaderboard")
        wait_js(phone, "document.querySelectorAll('[data-testid=board-row]').length === 50")
        check_phone_fit(phone, "leaderboard on a phone")
        shoot(phone, "leaderboard-phone", full_page=True)
        phone.get_by_test_id("board-player").first.tap()
        page_is(phone, "profile")
        wait_js(phone, "document.querySelectorAll('[data-testid=profile-game]').length > 0")
        check_phone_fit(phone, "a long profile on a phone")
        shoot(phone, "profile-long-phone", full_page=True)
        phone.go_back()
        page_is(phone, "leaderboard")
        for page in (desk, phone):
            assert not page.js_errors, page.js_errors


def api_get(base: str, path: str) -> Any:
    with urllib.request.urlopen(base + path, timeout=20) as response:
        return json.loads(response.read())
