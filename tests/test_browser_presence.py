"""Who is at the table (issue 11 point 2): presence, resigning, the turn timer with
a bot taking over and giving the seat back, "your turn" in a background tab, and
server errors in the page's language. Debian's chromium through Playwright."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_helpers import (
    MY_TURN_OR_OVER,
    browser_at,
    choose_setting,
    create_table,
    discard_first_hand_card,
    open_lobby,
    open_page,
    play_one_move,
    shoot,
    state_count,
    wait_js,
    wait_my_turn,
    wait_new_state,
)
from skipbo.server.tables import BOT_PERSONS

# The resign dialog's Back (its history entry taken back) arrives after the result:
# as on a slow machine (CI once), where the Back used to put the result aside.
SLOW_BACK = (
    "{ const back = history.back.bind(history); history.back = () => setTimeout(back, 400); }"
)


def test_resigning_at_two_players_ends_the_game(tmp_path: Path) -> None:
    with browser_at(tmp_path) as (base, chromium, _app):
        tab = open_page(chromium)
        tab.add_init_script(SLOW_BACK)
        create_table(base, tab)
        # bots have person names with their level: "Ada (hard)"
        person, level = tab.get_by_test_id("name-1").inner_text().rsplit(" ", 1)
        assert person in BOT_PERSONS and level == "(hard)"
        assert tab.get_by_test_id("presence-1").get_attribute("data-state") == "online"
        tab.get_by_test_id("resign").click()
        tab.get_by_test_id("resign-dialog").wait_for(state="visible")
        assert "other side wins" in tab.get_by_test_id("resign-dialog").inner_text()
        tab.get_by_test_id("resign-cancel").click()  # a second thought: nothing happens
        assert tab.evaluate("document.body.dataset.phase") == "playing"
        before = state_count(tab)
        tab.get_by_test_id("resign").click()
        tab.get_by_test_id("resign-confirm").click()
        wait_new_state(tab, before)
        wait_js(tab, "document.body.dataset.phase === 'match_over'")
        tab.get_by_test_id("result").wait_for(state="visible")
        wait_js(tab, "history.state?.overlay === 'result'")  # the Back has come: it stays
        assert tab.get_by_test_id("result").is_visible()
        assert tab.get_by_test_id("resign").is_hidden()
        shoot(tab, "resigned-desktop")
        assert not tab.js_errors


def test_a_timer_hands_the_turn_to_a_bot_and_the_seat_comes_back(tmp_path: Path) -> None:
    # turn_scale: one second of the table's clock lasts 0.3 s here
    with browser_at(tmp_path, turn_scale=0.3) as (base, chromium, _app):
        tab = open_page(chromium, "phone")
        open_lobby(base, tab)
        tab.get_by_test_id("turn-seconds").select_option("15")
        tab.get_by_test_id("stock").fill("30")  # a long round: it is still on when taken back
        tab.get_by_test_id("seat-kind-1").select_option("bot:hard")
        tab.get_by_test_id("create").click()
        wait_my_turn(tab)
        timer = tab.get_by_test_id("turn-timer")
        assert timer.is_visible() and "⏱" in timer.inner_text()
        # nobody moves: the timer runs out and a bot plays for the person
        tab.get_by_test_id("takeback-banner").wait_for(state="visible")
        assert tab.get_by_test_id("seat-0").get_attribute("data-autopilot") == "true"
        shoot(tab, "autopilot-phone")
        # the bots play on at full speed meanwhile and may end the round (the result
        # then offers the seat back too): the click goes straight to the button
        over = tab.get_by_test_id("result").is_visible()
        tab.get_by_test_id("take-back-result" if over else "take-back").dispatch_event("click")
        # one look at both: the seat is back and its banner gone in the same render (on a
        # loaded machine the short clock may run out again soon after, so no second look)
        wait_js(
            tab,
            "document.querySelector('[data-testid=seat-0]').dataset.autopilot === 'false'"
            " && !document.querySelector('[data-testid=takeback-banner]')?.checkVisibility()",
        )
        assert not tab.js_errors


def ann_and_bob(
    base: str, chromium: Any, stock: int, target: int | None = None
) -> tuple[Any, Any, str]:
    """Ann (a desktop) makes a table of two people; Bob (a phone) sits down by its
    link, with one tap on the invite page. Both pages and the table's code."""
    ann = open_page(chromium, "desktop")
    bob = open_page(chromium, "phone")
    open_lobby(base, ann)
    ann.get_by_test_id("stock").fill(str(stock))
    if target is not None:
        ann.get_by_test_id("target").fill(str(target))
    ann.get_by_test_id("create").click()
    ann.get_by_test_id("share-link").wait_for()
    link = ann.get_by_test_id("share-link").get_attribute("href")
    code = ann.get_by_test_id("table-code").inner_text()
    open_lobby(base, bob, "bob")
    bob.goto(link)
    bob.get_by_test_id("invite-join").tap()
    return ann, bob, code


def test_presence_shows_who_is_away(tmp_path: Path) -> None:
    with browser_at(tmp_path) as (base, chromium, _app):
        ann, bob, _code = ann_and_bob(base, chromium, stock=5)
        wait_js(ann, "document.body.dataset.phase === 'playing'")
        wait_js(
            ann, "document.querySelector('[data-testid=presence-1]')?.dataset.state === 'online'"
        )
        bob.context.close()
        wait_js(ann, "document.querySelector('[data-testid=presence-1]')?.dataset.state === 'away'")
        assert "away" in ann.get_by_test_id("seat-1").inner_text()
        assert not ann.js_errors


def test_a_background_tab_says_your_turn(tmp_path: Path) -> None:
    with browser_at(tmp_path) as (base, chromium, _app):
        tab = open_page(chromium)
        create_table(base, tab, stock=30)  # the bot cannot end the round in one turn
        tab.get_by_test_id("settings").click()
        tab.get_by_test_id("sound").check()  # off by default; a beep needs no file
        tab.get_by_test_id("settings").click()
        # the tab goes to the background, then the person's discard ends the turn
        hide = "h => Object.defineProperty(document, 'hidden', {value: h, configurable: true})"
        tab.evaluate(hide, True)
        discard_first_hand_card(tab)
        wait_js(tab, "document.title.startsWith('▶')")
        tab.evaluate(
            "Object.defineProperty(document, 'hidden', {value: false, configurable: true})"
        )
        tab.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        assert tab.title().startswith("Skip-Bo")
        assert not tab.js_errors


def test_server_errors_show_in_the_page_language(tmp_path: Path) -> None:
    with browser_at(tmp_path) as (base, chromium, _app):
        tab = open_page(chromium)
        open_lobby(base, tab)
        choose_setting(tab, "language", "fr")
        tab.get_by_test_id("join-code").fill("ZZZZZZ")
        tab.get_by_test_id("join").click()
        error = tab.get_by_test_id("error")
        error.wait_for(state="visible")
        assert "table" in error.inner_text() and "There is no" not in error.inner_text()
        # a validation error names the field, and the field is marked
        tab.get_by_test_id("stock").fill("99")
        tab.get_by_test_id("create").click()
        wait_js(tab, "document.getElementById('stock').getAttribute('aria-invalid') === 'true'")
        assert "Stock" in error.inner_text()
        assert not tab.js_errors


def test_the_next_round_waits_until_every_person_is_ready(tmp_path: Path) -> None:
    """Issue 11 point 2: one click no longer deals for everyone; ann's "next" marks her
    ready (both pages say so) and the round is dealt once bob, on a phone, taps too."""
    with browser_at(tmp_path) as (base, chromium, app):
        # a short round of a match, so a next round follows
        ann, bob, code = ann_and_bob(base, chromium, stock=1, target=100)
        tabs = (ann, bob)
        for tab in tabs:
            wait_js(tab, "['playing', 'round_over'].includes(document.body.dataset.phase)")
        for _ in range(600):
            state = app.state.registry.get(code).match.round
            if state.over:
                break
            tab = tabs[state.to_move]
            wait_js(tab, MY_TURN_OR_OVER)
            before = state_count(tab)
            play_one_move(tab, tap=tab is bob)
            wait_new_state(tab, before)
        else:
            raise AssertionError("the round did not end in 600 moves")
        for tab in tabs:
            wait_js(tab, "document.body.dataset.phase === 'round_over'")
            tab.get_by_test_id("next").wait_for(state="visible")
        ann.get_by_test_id("next").click()
        for tab in tabs:
            tab.get_by_test_id("ready-0").wait_for()
        assert ann.get_by_test_id("next").is_disabled()
        assert all(tab.evaluate("document.body.dataset.phase") == "round_over" for tab in tabs)
        assert app.state.registry.get(code).round_index == 0
        bob.get_by_test_id("next").tap()
        for tab in tabs:
            wait_js(tab, "document.body.dataset.phase === 'playing'")
        assert app.state.registry.get(code).round_index == 1
        assert not ann.js_errors and not bob.js_errors


def test_a_resignation_out_of_turn_is_said_and_both_may_ask_for_a_rematch(
    tmp_path: Path,
) -> None:
    """Ann resigns while Bob is to move (the core's round just stops: no forfeit):
    both dialogs say "ann resigned.", Ann's title is "You lost", her seat's tag says
    only "resigned" (the game is over: no bot plays it), and the rematch starts once
    both ask, Ann too (her dialog used to have no button, so Bob waited for good)."""
    with browser_at(tmp_path) as (base, chromium, app):
        ann, bob, code = ann_and_bob(base, chromium, stock=20)
        for tab in (ann, bob):
            wait_js(tab, "document.body.dataset.phase === 'playing'")
        if app.state.registry.get(code).match.round.to_move == 0:  # Ann first: her turn ends
            wait_my_turn(ann)
            before = state_count(ann)
            discard_first_hand_card(ann)
            wait_new_state(ann, before)
        wait_my_turn(bob)
        ann.get_by_test_id("resign").click()
        ann.get_by_test_id("resign-confirm").click()
        for tab in (ann, bob):
            wait_js(tab, "document.body.dataset.phase === 'match_over'")
            tab.get_by_test_id("result").wait_for(state="visible")
            assert "ann resigned." in tab.get_by_test_id("result-text").inner_text()
        assert ann.locator("#result-title").inner_text() == "You lost"
        assert bob.locator("#result-title").inner_text() == "You won!"
        assert bob.get_by_test_id("seat-0").get_by_test_id("resigned-0").inner_text() == "resigned"
        shoot(bob, "resigned-out-of-turn-phone")
        bob.get_by_test_id("next").tap()
        ann.get_by_test_id("next").click()  # the one who resigned asks for the rematch too
        for tab in (ann, bob):
            wait_js(tab, "document.body.dataset.phase === 'playing'")
        ann.get_by_test_id("resign").wait_for(state="visible")  # a player again
        assert not ann.js_errors and not bob.js_errors
