"""Online play in a real browser: Find a game, the open tables, accounts, both sizes.

Two guests (a desktop and a phone with touch) click Find a game and land at the
same table; a third person sees the waiting table among the open tables
meanwhile; they play the round to its end by clicks and taps. Guests change their
random names from the landing page and Find a game seats them under the new ones;
a seeker cancels (the seat given back) and the next one is not paired into the
emptied table; one click on Take a seat joins a public table of the lobby, where
bots show their public ratings. A guest plays a rated game to its end, claims an
account, logs out, and logs in again in a new browser context, where its rating
and the game on its profile are shown.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from browser_helpers import (
    DESKTOP,
    MY_TURN_OR_OVER,
    browser_at,
    open_page,
    play_one_move,
    shoot,
    show_result,
    state_count,
    wait_js,
    wait_new_state,
)
from skipbo.server.ratings import BOT_SKILLS

SHORT = "10"


def landing(base: str, page: Any) -> str:
    """Open the landing page; the guest's name once the server has given one."""
    page.goto(base + "/")
    page.wait_for_selector("body[data-ready=true]")
    name = page.get_by_test_id("me-name")
    name.wait_for(state="visible")
    wait_js(page, "document.querySelector('[data-testid=me-name]').textContent !== ''")
    return str(name.inner_text())


def find(page: Any, kind: str = "2") -> None:
    page.get_by_test_id("find-kind").select_option(kind)
    page.get_by_test_id("find-length").select_option(SHORT)
    page.get_by_test_id("find-game").click()
    wait_js(page, "document.body.dataset.page === 'table'")


def play_both_to_the_end(
    pages: list[Any], taps: list[bool], move: Callable[[Any, bool], None] = play_one_move
) -> None:
    """Whoever's turn it is plays (clicks on the desktop, taps on the phone) until the end.

    ``move`` makes one move on a page (browser_site.quick_move is quicker)."""
    for _ in range(1200):
        for page in pages:
            wait_js(page, "document.body.dataset.phase !== undefined")
        if all(page.evaluate("document.body.dataset.phase") != "playing" for page in pages):
            return
        for page, tap in zip(pages, taps, strict=True):
            if page.evaluate(MY_TURN_OR_OVER) and page.evaluate(
                "document.body.dataset.phase === 'playing'"
            ):
                before = state_count(page)
                move(page, tap)
                wait_new_state(page, before)
    raise AssertionError("the round did not end")


def test_two_guests_find_each_other_and_play_to_the_end(tmp_path: Path) -> None:
    with browser_at(tmp_path, create_limit=0) as (base, chromium, app):
        desk, phone = open_page(chromium, "desktop"), open_page(chromium, "phone")
        third = open_page(chromium, "desktop")
        names = [landing(base, page) for page in (desk, phone, third)]
        assert len(set(names)) == 3 and all(n.startswith("You play as ") for n in names)
        find(desk)
        desk.get_by_test_id("lobby-wait").wait_for(state="visible")
        code = desk.evaluate("location.hash.slice(1)")
        # the third person sees the waiting table among the open tables
        third.locator(f'[data-testid=open-table][data-code="{code}"]').wait_for(state="visible")
        shoot(third, "online-open-tables-desktop", full_page=True)
        find(phone)
        assert phone.evaluate("location.hash.slice(1)") == code  # paired at the same table
        for page in (desk, phone):
            wait_js(page, "document.body.dataset.phase === 'playing'")
        shoot(phone, "online-paired-phone")
        play_both_to_the_end([desk, phone], [False, True])
        table = app.state.registry.get(code)
        assert table.finished and table.config.rated
        # "New game" after a paired game searches again: a table of Find a game that
        # waits for people (listed, rated), not a private one waiting for a link
        show_result(desk)
        desk.get_by_test_id("new-game").click()
        desk.get_by_test_id("lobby-wait").wait_for(state="visible")
        again = desk.evaluate("location.hash.slice(1)")
        assert again != code
        assert app.state.registry.get(again).config.public
        assert app.state.registry.get(again).config.rated
        for page in (desk, phone, third):
            assert not page.js_errors, page.js_errors


SEATS_KEPT = "Object.keys(localStorage).filter((key) => key.startsWith('skipbo.seat.'))"
"""The seat tokens a page keeps (app.js's seatKey)."""


def test_a_guest_claims_an_account_and_finds_it_on_a_new_browser(tmp_path: Path) -> None:
    """A guest on a phone plays a rated game to its end against another guest (a
    desktop; a table of one card each, made as the profile tests make theirs), claims
    an account, logs out, and logs in on a new browser context: its rating is shown,
    and its profile has the rating and the game."""
    with browser_at(tmp_path, create_limit=0) as (base, chromium, app):
        page, rival = open_page(chromium, "phone"), open_page(chromium, "desktop")
        for each in (page, rival):
            landing(base, each)
        code = rated_table(page, rival)
        play_both_to_the_end([page, rival], [True, False])
        assert app.state.registry.get(code).finished
        wait_js(page, "fetch('/api/me').then(r => r.json()).then(p => p.games === 1)")
        # each result dialog says how the rating moved, from a new player's 1500
        for each in (page, rival):
            show_result(each)
            line = each.get_by_test_id("result-rating")
            line.wait_for(state="visible")
            me = each.evaluate("fetch('/api/me').then(r => r.json())")
            delta = me["rating"] - 1500
            sign = "+" if delta > 0 else "−" if delta < 0 else "±"
            assert line.inner_text() == f"Your rating: 1500 → {me['rating']} ({sign}{abs(delta)})"
        shoot(page, "online-result-rating-phone")
        page.goto(base + "/")
        page.wait_for_selector("body[data-ready=true]")
        page.get_by_test_id("account").locator("summary").tap()
        page.get_by_test_id("claim-user").fill("Zoë 👨‍👩‍👧‍👦")
        page.get_by_test_id("claim-password").fill("a long password")
        page.get_by_test_id("claim").tap()
        wait_js(page, "!document.querySelector('[data-testid=logout]').hidden")
        assert "Zoë 👨‍👩‍👧‍👦" in page.get_by_test_id("me-name").inner_text()
        assert page.get_by_test_id("rename-open").is_hidden()  # an account's name is its log-in
        shoot(page, "online-account-phone", full_page=True)
        assert page.evaluate(SEATS_KEPT) == [f"skipbo.seat.{code}"]
        page.get_by_test_id("logout").tap()
        wait_js(page, "!document.querySelector('[data-testid=claim]').closest('form').hidden")
        assert "Zoë" not in page.get_by_test_id("me-name").inner_text()  # a new guest
        # the next person at this phone gets none of the account's seats, nor its name
        assert page.evaluate(SEATS_KEPT) == []
        assert page.locator("#my-tables-list li").count() == 0
        wait_js(page, "document.querySelector('[data-testid=nickname]').value !== ''")
        assert "Zoë" not in page.get_by_test_id("nickname").input_value()
        assert page.get_by_test_id("claim-user").input_value() == ""

        other = open_page(chromium, "desktop")
        landing(base, other)
        assert other.locator("#tutorial-offer").is_visible()  # a first visit, so far
        other.get_by_test_id("account").locator("summary").click()
        other.get_by_test_id("login-user").fill("zoë 👨‍👩‍👧‍👦")
        other.get_by_test_id("login-password").fill("a long password")
        other.get_by_test_id("login").click()
        wait_js(other, "!document.querySelector('[data-testid=logout]').hidden")
        assert "Zoë 👨‍👩‍👧‍👦" in other.get_by_test_id("me-name").inner_text()
        assert other.locator("#tutorial-offer").is_hidden()  # one who has played: no newcomer
        me = other.evaluate("fetch('/api/me').then(r => r.json())")
        assert me["kind"] == "account" and me["games"] == 1 and me["rating"] is not None
        details = other.get_by_test_id("me-details").inner_text()
        assert f"rating {me['rating']}" in details and "guest" not in details, details
        shoot(other, "online-logged-in-desktop")
        other.get_by_test_id("my-profile").click()
        wait_js(other, "document.querySelectorAll('[data-testid=profile-game]').length > 0")
        assert other.get_by_test_id("profile-name").inner_text() == "Zoë 👨‍👩‍👧‍👦"
        assert other.get_by_test_id("profile-rating-value").inner_text() == f"Rating {me['rating']}"
        assert other.get_by_test_id("stat-games").inner_text() == "1"
        game = other.get_by_test_id("profile-game")
        assert game.count() == 1 and rival_name(rival) in game.inner_text()
        after = other.get_by_test_id("game-rating-after").inner_text()
        change = me["rating"] - 1500  # the first rated game's change shows too
        sign = "+" if change > 0 else "−" if change < 0 else "±"
        assert after == f"rating after: {me['rating']} ({sign}{abs(change)})", after
        shoot(other, "online-logged-in-profile-desktop", full_page=True)
        for each in (page, rival, other):
            assert not each.js_errors, each.js_errors


def rated_table(host: Any, guest: Any) -> str:
    """A rated table of one card each, made by ``host``'s page (its session) and sat at
    by its link; ``guest`` joins by the code. Both at the table when the game starts."""
    made = host.evaluate(
        """() => fetch('/api/tables', {
             method: 'POST', headers: {'Content-Type': 'application/json'},
             body: JSON.stringify({players: 2, stock: 1, rated: true,
                                   name: document.querySelector('[data-testid=nickname]').value}),
           }).then(r => r.json())"""
    )
    code = str(made["code"])
    host.evaluate(
        "([code, seat]) => { localStorage.setItem('skipbo.seat.' + code, seat);"
        " location.hash = code; }",
        [code, json.dumps({"token": made["token"], "seat": made["seat"]})],
    )
    guest.get_by_test_id("join-code").fill(code)
    guest.get_by_test_id("join").click()
    for page in (host, guest):
        wait_js(page, "document.body.dataset.phase === 'playing'")
    return code


def rival_name(page: Any) -> str:
    return str(page.evaluate("fetch('/api/me').then(r => r.json()).then(p => p.name)"))


def test_a_lone_player_fills_the_table_with_bots_after_waiting(tmp_path: Path) -> None:
    with browser_at(tmp_path) as (base, chromium, _app):
        page = open_page(chromium, "phone")
        page.add_init_script("localStorage.setItem('skipbo.fillAfterMs', '1000')")
        landing(base, page)
        find(page, "3")
        page.get_by_test_id("lobby-wait").wait_for(state="visible")
        page.get_by_test_id("fill-bots").wait_for(state="visible")  # after the wait
        shoot(page, "online-fill-phone")
        page.get_by_test_id("fill-bots").tap()
        wait_js(page, "document.body.dataset.phase === 'playing'")
        assert page.get_by_test_id("fill-bots").is_hidden()
        assert not page.js_errors, page.js_errors


def test_a_slow_game_waits_through_a_restart_in_the_your_turn_list(tmp_path: Path) -> None:
    """Two guests find a slow game (an hour a turn) and leave; the server restarts;
    the player to move comes back and finds the turn waiting: the header's badge, the
    tab's title and the Your tables list say so."""
    states = []
    with browser_at(tmp_path) as (base, chromium, app):
        pages = [open_page(chromium, "desktop"), open_page(chromium, "phone")]
        for page in pages:
            landing(base, page)
            assert page.get_by_test_id("find-timeout").is_hidden()  # live: no deadline
            page.get_by_test_id("find-pace").select_option("1")
            page.get_by_test_id("find-timeout").select_option("bot")
        find(pages[0])
        find(pages[1])
        code = pages[0].evaluate("location.hash.slice(1)")
        table = app.state.registry.get(code)
        assert (table.config.slow_hours, table.config.on_timeout) == (1, "bot")
        mover = table.match.round.to_move
        # the player to move reads when the turn ends (an hour from now), the other not
        until = "/Your turn, until \\d/.test(document.querySelector('#match-info').textContent)"
        wait_js(pages[mover], until)
        info = pages[1 - mover].get_by_test_id("match-info").text_content() or ""
        assert "Slow: 1 hour a turn" in info and "Your turn" not in info, info
        states = [page.context.storage_state() for page in pages]
    with browser_at(tmp_path) as (base, chromium, app):  # the same store: a restart
        context = chromium.new_context(viewport=DESKTOP, storage_state=states[mover])
        page = context.new_page()
        page.js_errors = []
        page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
        landing(base, page)
        badge = page.get_by_test_id("turn-badge")
        badge.wait_for(state="visible")
        assert "1" in badge.inner_text() and page.title().startswith("(1) ")
        page.get_by_test_id("my-table-turn").first.wait_for(state="visible")
        tag = page.get_by_test_id("my-table-turn").first.inner_text()
        assert re.fullmatch(r"your turn, until \d{1,2}:\d{2}( [AP]M)?", tag, re.IGNORECASE), tag
        shoot(page, "online-your-turn-desktop")
        # this browser has no seat token for the new address: the server gives a new one
        page.get_by_test_id(f"server-table-{code}").click()
        wait_js(page, MY_TURN_OR_OVER)
        assert page.evaluate("document.body.dataset.myTurn") == "true"
        before = state_count(page)
        play_one_move(page)
        wait_new_state(page, before)
        assert len(app.state.registry.get(code).match.round.history) == 1
        assert not page.js_errors, page.js_errors


def test_two_people_find_a_game_in_play_in_the_lobby_and_watch_it(tmp_path: Path) -> None:
    """Ann and Bob are paired; Cy (desktop) and Dee (a phone with touch) find their game
    under "Games being played" and watch: the moves arrive, and nothing can be played,
    resigned or reacted from their pages."""
    with browser_at(tmp_path, create_limit=0) as (base, chromium, _app):
        ann, bob = open_page(chromium, "desktop"), open_page(chromium, "desktop")
        watchers = [open_page(chromium, "desktop"), open_page(chromium, "phone")]
        for page in (ann, bob, *watchers):
            landing(base, page)
        for page, name in ((ann, "Marguerite Delacroix"), (bob, "Bartholomew Fairway")):
            rename(page, name)  # long names: the heads must still keep one line each
            wait_js(page, "document.querySelector('[data-testid=rename-form]').hidden")
        find(ann)
        find(bob)
        code = ann.evaluate("location.hash.slice(1)")
        for watcher, touch in zip(watchers, (False, True), strict=True):
            watcher.evaluate("refreshOpenTables()")  # the lobby refreshes every few seconds
            item = watcher.locator(f'[data-testid=playing-table][data-code="{code}"]')
            item.wait_for(state="visible")
            watch = item.get_by_test_id("watch-table")
            assert watch.get_attribute("aria-label") == f"Watch table {code}"
            shoot(watcher, f"online-playing-{'phone' if touch else 'desktop'}", full_page=True)
            watch.tap() if touch else watch.click()
            wait_js(watcher, "document.body.dataset.phase === 'playing'")
            assert watcher.evaluate("location.hash.slice(1)") == code
        moved = [0, 0]
        for _ in range(2):  # a move by each player arrives on both watchers' pages
            before = [state_count(w) for w in watchers]
            mover = ann if ann.evaluate("document.body.dataset.myTurn") == "true" else bob
            wait_js(mover, MY_TURN_OR_OVER)
            play_one_move(mover)
            for i, watcher in enumerate(watchers):
                wait_new_state(watcher, before[i])
                moved[i] = watcher.locator("[data-testid=last-moves] li").count()
        assert all(count >= 2 for count in moved), moved
        for watcher in watchers:
            assert watcher.locator("[data-selectable=true]").count() == 0
            assert watcher.get_by_test_id("hand-card").count() == 0
            for control in ("resign", "react-box", "end-turn", "hint"):
                assert watcher.get_by_test_id(control).is_hidden(), control
        shoot(watchers[1], "online-watching-phone")
        shoot(watchers[0], "online-watching-desktop")
        # on a wide screen each box's head is one line, "to play" or not: the name gives
        # way, so the boxes keep their height as the turn passes
        wait_js(watchers[0], HEADS_ON_ONE_LINE)
        # Ann in the lobby finds her own game there to go back to, not to watch
        landing(base, ann)
        ann.evaluate("refreshOpenTables()")
        mine = ann.locator(f'[data-testid=playing-table][data-code="{code}"]')
        mine.wait_for(state="visible")
        assert mine.get_by_test_id("watch-table").count() == 0
        mine.get_by_test_id("back-to-table").click()
        # seated, not watching: her own stock shows (her hand may still be empty, as hands
        # are drawn when a turn starts and Bob may have made both moves of his first turn)
        ann.get_by_test_id("own-stock").wait_for(state="visible")
        assert "watching" not in (ann.locator("#me").get_attribute("class") or "")
        for page in (ann, bob, *watchers):
            assert not page.js_errors, page.js_errors


HEADS_ON_ONE_LINE = """[...document.querySelectorAll('.others .player .seat-head')].every((h) => {
  const tops = [...h.children].map((c) => c.getBoundingClientRect().top);
  return Math.max(...tops) - Math.min(...tops) < 12;
})"""
"""Whether each other seat's head (name, tags, hand count) keeps one line."""


def create_by_form(page: Any, reach: str, pace: str, on_timeout: str | None, touch: bool) -> str:
    """Fill in Create a table (two people, stock 10) with these online choices; the code."""
    page.get_by_test_id("players").select_option("2")
    page.get_by_test_id("stock").fill("10")
    page.get_by_test_id("visibility").select_option(reach)
    page.get_by_test_id("create-pace").select_option(pace)
    assert page.get_by_test_id("on-timeout").is_visible() == bool(pace)
    assert page.get_by_test_id("turn-seconds").is_visible() == (not pace)
    if on_timeout is not None:
        page.get_by_test_id("on-timeout").select_option(on_timeout)
    create = page.get_by_test_id("create")
    create.tap() if touch else create.click()
    page.get_by_test_id("lobby-wait").wait_for(state="visible")
    return str(page.evaluate("location.hash.slice(1)"))


def test_the_create_form_makes_public_or_private_live_or_slow_tables(tmp_path: Path) -> None:
    """A public slow table (8 hours a turn, a bot past the deadline) made on a phone shows
    in the lobby of another browser; a private live one made on a desktop does not."""
    with browser_at(tmp_path, create_limit=0) as (base, chromium, app):
        phone = open_page(chromium, "phone")
        desk, other = open_page(chromium, "desktop"), open_page(chromium, "desktop")
        for page in (phone, desk, other):
            landing(base, page)
        phone.get_by_test_id("create-pace").select_option("8")
        shoot(phone, "online-create-slow-phone", full_page=True)
        public = create_by_form(phone, "public", "8", "bot", touch=True)
        private = create_by_form(desk, "private", "", None, touch=False)
        config = app.state.registry.get(public).config
        assert (config.public, config.slow_hours, config.on_timeout) == (True, 8, "bot")
        config = app.state.registry.get(private).config
        assert (config.public, config.slow_hours) == (False, None)
        # the table says its pace and what its deadline does (the players' column)
        rule = "past the deadline, a computer player takes the seat."
        info = f"One round. Slow: 8 hours a turn; {rule}"
        wait_js(phone, "(text) => document.getElementById('match-info').textContent === text", info)
        assert desk.locator("#match-info").text_content() == "One round."
        other.evaluate("refreshOpenTables()")
        listed = other.locator(f'[data-testid=open-table][data-code="{public}"]')
        listed.wait_for()
        assert "slow: 8 hours a turn" in listed.inner_text()  # whoever sits down commits to days
        listed.scroll_into_view_if_needed()
        shoot(other, "online-lobby-slow-desktop")
        assert other.locator(f'[data-testid=open-table][data-code="{private}"]').count() == 0
        for page in (phone, desk, other):
            assert not page.js_errors, page.js_errors


def rename(page: Any, name: str, touch: bool = False) -> None:
    """Change the guest's name from the Find a game panel (Change name, type, Save)."""
    act = (lambda loc: loc.tap()) if touch else (lambda loc: loc.click())
    act(page.get_by_test_id("rename-open"))
    field = page.get_by_test_id("rename-input")
    field.wait_for(state="visible")
    assert page.evaluate("document.activeElement.dataset.testid") == "rename-input"
    field.fill(name)
    act(page.get_by_test_id("rename-save"))


def test_a_guest_changes_its_name_and_find_a_game_seats_it(tmp_path: Path) -> None:
    """Ann (desktop, by keyboard) and Bob (a phone in German, by taps) change their
    random guest names from the landing page; a name taken by another is refused in
    the form; Find a game then seats both under their new names."""
    with browser_at(tmp_path, create_limit=0) as (base, chromium, app):
        desk, phone = open_page(chromium, "desktop"), open_page(chromium, "phone")
        phone.add_init_script("localStorage.setItem('skipbo.lang', 'de')")
        guest_names = [landing(base, page) for page in (desk, phone)]
        first = guest_names[0].removeprefix("You play as ")
        assert desk.get_by_test_id("find-as").inner_text() == f"Your name at the table: {first}"
        change = desk.get_by_test_id("rename-open")
        assert change.inner_text() == "Change name"
        assert change.get_attribute("aria-expanded") == "false"
        change.focus()
        desk.keyboard.press("Enter")
        field = desk.get_by_test_id("rename-input")
        field.wait_for(state="visible")
        assert field.input_value() == first and change.get_attribute("aria-expanded") == "true"
        field.fill("Ann Example")
        shoot(desk, "online-rename-desktop")
        desk.keyboard.press("Enter")  # the form's submit
        message = desk.get_by_test_id("rename-message")
        wait_js(desk, "document.querySelector('[data-testid=rename-form]').hidden")
        assert message.inner_text() == "Done: you now play as Ann Example."
        assert desk.get_by_test_id("me-name").inner_text() == "You play as Ann Example"
        assert desk.get_by_test_id("find-as").inner_text() == "Your name at the table: Ann Example"
        assert desk.get_by_test_id("nickname").input_value() == "Ann Example"  # the forms' name too

        assert phone.get_by_test_id("rename-open").inner_text() == "Namen ändern"
        rename(phone, "ANN example", touch=True)  # taken, whatever the case
        refused = phone.get_by_test_id("rename-message")
        wait_js(phone, "document.querySelector('[data-testid=rename-message]').textContent !== ''")
        assert phone.get_by_test_id("rename-input").get_attribute("aria-invalid") == "true"
        assert refused.get_attribute("data-kind") == "error"
        assert refused.is_visible() and "ANN" not in phone.get_by_test_id("me-name").inner_text()
        shoot(phone, "online-rename-refused-phone")
        phone.get_by_test_id("rename-input").fill("Bob Beispiel")
        phone.get_by_test_id("rename-save").tap()
        wait_js(phone, "document.querySelector('[data-testid=rename-form]').hidden")
        assert refused.inner_text() == "Erledigt: Du spielst jetzt als Bob Beispiel."
        assert phone.get_by_test_id("find-as").inner_text() == "Dein Name am Tisch: Bob Beispiel"

        find(desk)
        find(phone)
        code = desk.evaluate("location.hash.slice(1)")
        assert phone.evaluate("location.hash.slice(1)") == code
        for page in (desk, phone):
            wait_js(page, "document.body.dataset.phase === 'playing'")
        table = app.state.registry.get(code)
        assert sorted(seat.name for seat in table.seats) == ["Ann Example", "Bob Beispiel"]
        assert "Bob Beispiel" in (desk.get_by_test_id("others").text_content() or "")
        assert "Ann Example" in (phone.get_by_test_id("others").text_content() or "")
        for page in (desk, phone):
            assert not page.js_errors, page.js_errors


def test_cancel_leaves_the_queue_and_the_next_seeker_gets_a_new_table(tmp_path: Path) -> None:
    """A guest waiting at a table of Find a game cancels: the seat is given back, the
    landing page shows again, and the emptied table is neither listed nor given to the
    next person who looks for the same game (a phone), who waits at a table of its own."""
    with browser_at(tmp_path, create_limit=0) as (base, chromium, app):
        desk, phone = open_page(chromium, "desktop"), open_page(chromium, "phone")
        for page in (desk, phone):
            landing(base, page)
        find(desk)
        desk.get_by_test_id("lobby-wait").wait_for(state="visible")
        cancel = desk.get_by_test_id("cancel-find")
        cancel.wait_for(state="visible")
        assert cancel.inner_text() == "Cancel"
        assert "Looking for people" in desk.get_by_test_id("find-wait").inner_text()
        assert desk.get_by_test_id("give-up-seat").is_hidden()  # Cancel says it here
        code = desk.evaluate("location.hash.slice(1)")
        phone.evaluate("refreshOpenTables()")
        phone.locator(f'[data-testid=open-table][data-code="{code}"]').wait_for()
        cancel.click()
        wait_js(desk, "document.body.dataset.page === 'lobby'")
        assert desk.evaluate("location.hash") == ""
        assert desk.get_by_test_id(f"my-table-{code}").count() == 0  # the seat is forgotten
        assert [seat.kind for seat in app.state.registry.get(code).seats] == ["open", "open"]
        for page in (desk, phone):
            page.evaluate("refreshOpenTables()")
            wait_js(
                page,
                f"!document.querySelector('[data-testid=open-table][data-code=\"{code}\"]')",
            )
        find(phone)
        phone.get_by_test_id("lobby-wait").wait_for(state="visible")
        assert phone.evaluate("location.hash.slice(1)") != code  # a new table, not the empty one
        assert phone.get_by_test_id("cancel-find").is_visible()
        shoot(phone, "online-find-waiting-phone")
        for page in (desk, phone):
            assert not page.js_errors, page.js_errors


def test_one_click_takes_a_seat_from_the_lobby(tmp_path: Path) -> None:
    """A phone makes a public table for three with a bot (the create form, its seat
    choices showing each bot's public rating); a desktop sees it among the open tables,
    the bot with its rating, and takes the seat with one click: the game starts and
    each sees the other at the table."""
    with browser_at(tmp_path, create_limit=0) as (base, chromium, app):
        phone, desk = open_page(chromium, "phone"), open_page(chromium, "desktop")
        host, guest = (landing(base, page).removeprefix("You play as ") for page in (phone, desk))
        hard = BOT_SKILLS["hard"].shown
        phone.get_by_test_id("players").select_option("3")
        options = phone.get_by_test_id("seat-kind-2").locator("option")
        values = options.evaluate_all("os => os.map(o => o.value)")
        texts = dict(zip(values, options.all_inner_texts(), strict=True))
        assert texts["bot:hard"] == f"bot: hard · rating {hard}", texts
        for level, skill in BOT_SKILLS.items():
            if f"bot:{level}" in texts:
                assert texts[f"bot:{level}"].endswith(f"rating {skill.shown}"), texts
        assert texts["human"] == "open for a person"
        quick = phone.get_by_test_id("quick-level").locator("option[value=hard]")
        assert quick.inner_text() == f"hard · rating {hard}"
        phone.get_by_test_id("seat-kind-2").select_option("bot:hard")
        phone.get_by_test_id("stock").fill("10")
        phone.get_by_test_id("visibility").select_option("public")
        phone.get_by_test_id("create").tap()
        phone.get_by_test_id("lobby-wait").wait_for(state="visible")
        assert phone.get_by_test_id("find-wait").is_hidden()  # not a table of Find a game
        assert phone.get_by_test_id("give-up-seat").is_visible()  # its own Leave this table
        code = phone.evaluate("location.hash.slice(1)")

        desk.evaluate("refreshOpenTables()")
        item = desk.locator(f'[data-testid=open-table][data-code="{code}"]')
        item.wait_for(state="visible")
        assert f"(hard, {hard})" in item.inner_text() and host in item.inner_text()
        take = item.get_by_test_id("take-seat")
        assert take.inner_text() == "Take a seat"
        assert take.get_attribute("aria-label") == f"Take a seat at table {code}"
        shoot(desk, "online-take-seat-desktop", full_page=True)
        take.click()
        for page in (desk, phone):
            wait_js(page, "['playing', 'round_over'].includes(document.body.dataset.phase)")
            assert page.evaluate("location.hash.slice(1)") == code
        table = app.state.registry.get(code)
        assert [seat.name for seat in table.seats][:2] == [host, guest]
        assert guest in (phone.get_by_test_id("seat-1").text_content() or "")
        assert host in (desk.get_by_test_id("seat-0").text_content() or "")
        shoot(phone, "online-seat-taken-phone")
        for page in (desk, phone):
            assert not page.js_errors, page.js_errors
