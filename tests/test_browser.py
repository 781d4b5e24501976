"""The table page in a real browser: a person plays a whole round by clicking.

Runs Debian's chromium through Playwright against a real uvicorn on loopback
(server_harness). Skipped as a whole when chromium or playwright is missing, so
a machine without a browser stays green. Screenshots go to ``artifacts/``.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_helpers import (
    ARTIFACTS,
    MY_TURN_OR_OVER,
    PHONE,
    browser_at,
    choose_setting,
    create_table,
    hand_of,
    open_page,
    play_one_move,
    play_until_over,
    state_count,
    wait_js,
    wait_my_turn,
)
from browser_helpers import shoot_both as shoot
from skipbo.core import parse_record, replay

GOLDEN = Path(__file__).resolve().parent / "golden" / "spec_examples.jsonl"
PLAYING_FACES = {"1": "A", "11": "J", "12": "Q", "SB": "K/🃏"}


@pytest.fixture
def page(tmp_path: Path) -> Iterator[tuple[str, Any]]:
    """A fresh server and a desktop-sized page; yields the base URL and the page."""
    with browser_at(tmp_path) as (base, browser, _app):
        tab = open_page(browser)
        yield base, tab
        assert not tab.js_errors, f"JavaScript errors: {tab.js_errors}"


def create_table_against_bot(base: str, page: Any) -> str:
    """2 players, stock 3, the other seat a hard bot; returns at the person's turn."""
    return create_table(base, page)


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
    # the last moves name the card of a play from a pile (the page saw it go)
    seat = tab.evaluate("String(mySeat())")
    for item in tab.locator(f"[data-testid=last-moves] li[data-seat='{seat}']").all():
        move = item.get_attribute("data-move") or ""
        if move.startswith(("S-", "D")):
            assert re.search(r"pile \d? ?\([^)]+\) →", item.inner_text()), item.inner_text()
    # the finished round downloads as a record that replays
    href = tab.get_by_test_id("record-download").get_attribute("href")
    record = tab.evaluate(f"fetch({json.dumps(href)}).then(r => r.json())")
    assert record["format"] == "skipbo-record/1" and replay(parse_record(record)).ok
    shoot(tab, "result")
    # the finished round replays from the server, one public view per step
    tab.get_by_test_id("result-replay").click()
    tab.get_by_test_id("replay-board").wait_for(state="visible")
    assert tab.get_by_test_id("replay-step").inner_text().startswith("Step 0 / ")
    tab.keyboard.press("End")
    shown = tab.get_by_test_id("replay-result").inner_text()  # names there are the record's
    assert shown and shown.split(" won ")[-1] in text
    tab.get_by_test_id("replay-back").click()
    tab.get_by_test_id("result").wait_for(state="visible")


def test_a_reload_sits_down_at_the_same_seat(page: tuple[str, Any]) -> None:
    base, tab = page
    code = create_table_against_bot(base, tab)
    hand = hand_of(tab)
    assert len(hand) == 5
    name = tab.get_by_test_id("my-name").inner_text()
    tab.reload()
    wait_js(tab, "Number(document.body.dataset.stateCount) > 0")
    wait_my_turn(tab)
    assert tab.get_by_test_id("table-code").inner_text() == code
    assert tab.get_by_test_id("my-name").inner_text() == name
    assert hand_of(tab) == hand
    # the share link, followed from the lobby, goes back to the same seat
    tab.goto(base + "/")
    tab.wait_for_selector("body[data-ready=true]")
    tab.goto(base + "/#" + code)
    wait_my_turn(tab)
    assert hand_of(tab) == hand
    ARTIFACTS.mkdir(exist_ok=True)
    tab.set_viewport_size(PHONE)
    tab.goto(base + "/")
    tab.wait_for_selector("body[data-ready=true]")
    tab.screenshot(path=str(ARTIFACTS / "lobby-phone.png"), full_page=True)


def test_language_and_face_style_switch_and_are_remembered(page: tuple[str, Any]) -> None:
    base, tab = page
    create_table_against_bot(base, tab)
    assert tab.locator("body").inner_text().count("Draw pile") == 1
    choose_setting(tab, "language", "fr")
    body = tab.locator("body").inner_text()
    assert "Pioche" in body and "Derniers coups" in body and "Draw pile" not in body
    assert "(vous)" in tab.get_by_test_id("my-name").inner_text()
    choose_setting(tab, "language", "de")
    assert "Nachziehstapel" in tab.locator("body").inner_text()
    choose_setting(tab, "language", "nl")
    assert "Trekstapel" in tab.locator("body").inner_text()
    # playing-card faces: display only, the notation stays in data-card
    choose_setting(tab, "faces", "cards")
    cards = tab.locator("div.card[data-card]")
    assert cards.count() > 5
    for i in range(cards.count()):
        value = cards.nth(i).get_attribute("data-card")
        assert cards.nth(i).get_attribute("data-face") == PLAYING_FACES.get(value, value)
    tab.reload()
    wait_my_turn(tab)
    assert "Trekstapel" in tab.locator("body").inner_text()
    texts = set(tab.get_by_test_id("hand-card").evaluate_all("els => els.map(e => e.dataset.face)"))
    assert not texts & {"1", "11", "12", "SB"}
    shoot(tab, "faces-cards-nl")
    choose_setting(tab, "language", "en")
    choose_setting(tab, "faces", "numbers")


def test_the_settings_close_as_a_menu_does(page: tuple[str, Any]) -> None:
    """Its replay link followed, a click outside it, Escape inside it: each closes the
    settings (an open menu used to stay over the replay page and cover its form)."""
    base, tab = page
    tab.goto(base + "/")
    tab.wait_for_selector("body[data-ready=true]")
    menu = tab.locator("#settings")
    is_open = "el => el.open"
    tab.get_by_test_id("settings").click()
    assert menu.evaluate(is_open)
    tab.get_by_test_id("replay-link").click()
    tab.get_by_test_id("replay-file").wait_for(state="visible")
    assert not menu.evaluate(is_open)
    tab.get_by_test_id("replay-file").click(trial=True)  # nothing covers the form
    tab.get_by_test_id("settings").click()
    tab.mouse.click(5, 700)  # the page's background, outside the menu
    assert not menu.evaluate(is_open)
    tab.get_by_test_id("settings").click()
    tab.get_by_test_id("language").focus()
    tab.keyboard.press("Escape")
    assert not menu.evaluate(is_open)
    assert tab.evaluate("document.activeElement.dataset.testid") == "settings"


def test_a_move_by_keyboard_only(page: tuple[str, Any]) -> None:
    base, tab = page
    create_table_against_bot(base, tab)
    # Tab to the first card that may be picked
    for _ in range(60):
        tab.keyboard.press("Tab")
        if tab.evaluate("document.activeElement.dataset.selectable === 'true'"):
            break
    else:
        raise AssertionError("Tab never reached a selectable card")
    tab.keyboard.press("Enter")
    # only the picked card is raised, even when the hand holds equal cards
    assert tab.locator("[data-selected=true]").count() == 1
    assert tab.evaluate("document.activeElement.dataset.lit === 'true'")  # focus on a target
    tab.keyboard.press("Escape")
    assert tab.locator("[data-lit=true]").count() == 0
    # pick, by keyboard, a source with a building pile to go to if there is one
    sources = tab.locator("[data-selectable=true]")
    build = False
    for i in range(sources.count()):
        sources.nth(i).focus()
        tab.keyboard.press("Space")
        if tab.locator("[data-testid^=build-][data-lit=true]").count():
            build = True
            break
        tab.keyboard.press("Escape")
    if not build:
        tab.locator("[data-selectable=true]").first.focus()
        tab.keyboard.press("Enter")
    for _ in range(60):  # arrows walk the focusable cards and piles
        lit = "document.activeElement.dataset.lit === 'true'"
        if tab.evaluate(lit) and (
            not build
            or tab.evaluate(f"{lit} && document.activeElement.dataset.testid.startsWith('build-')")
        ):
            break
        tab.keyboard.press("ArrowRight")
    source = tab.locator("[data-selected=true]").first.get_attribute("data-source")
    target = tab.evaluate("document.activeElement.dataset.target")
    before = state_count(tab)
    tab.keyboard.press("Enter")
    if not build:  # a discard waits for its undo moment; Enter again sends it
        tab.get_by_test_id("pending-discard").wait_for(state="visible")
        assert tab.evaluate("document.activeElement.dataset.target") == target
        tab.keyboard.press("Enter")
    wait_js(tab, f"Number(document.body.dataset.stateCount) > {before}")
    if build:  # a play on a building pile leaves the turn with ann: her move is listed last
        last = tab.get_by_test_id("last-moves").locator("li").last
        assert last.get_attribute("data-move") == f"{source}-{target}"
        assert last.inner_text().startswith("ann: ") and "→" in last.inner_text()
    else:
        assert tab.locator("[data-selected=true]").count() == 0


def test_a_move_by_drag_and_drop(page: tuple[str, Any]) -> None:
    base, tab = page
    create_table_against_bot(base, tab)
    source = tab.locator("[data-testid=hand-card][data-selectable=true]").first
    before = state_count(tab)
    source.drag_to(tab.get_by_test_id("own-discard-1"))
    tab.get_by_test_id("pending-discard").wait_for(state="visible")
    assert state_count(tab) == before  # nothing sent yet: the discard can be undone
    tab.get_by_test_id("confirm-discard").click()
    wait_js(tab, f"Number(document.body.dataset.stateCount) > {before}")
    assert tab.get_by_test_id("last-moves").locator("li[data-move$='-D1']").count() >= 1


def test_two_browsers_join_by_link_and_each_sees_only_its_hand(tmp_path: Path) -> None:
    with browser_at(tmp_path) as (base, browser, app):
        ann = open_page(browser, "desktop")
        bob = open_page(browser, "phone", touch=False)
        ann.goto(base + "/")
        ann.wait_for_selector("body[data-ready=true]")
        ann.get_by_test_id("nickname").fill("ann")
        ann.get_by_test_id("stock").fill("3")
        ann.get_by_test_id("create").click()
        ann.get_by_test_id("share-link").wait_for()
        wait_js(ann, "document.body.dataset.phase === 'lobby'")
        link = ann.get_by_test_id("share-link").get_attribute("href")
        code = ann.get_by_test_id("table-code").inner_text()
        bob.goto(base + "/")
        bob.wait_for_selector("body[data-ready=true]")
        bob.get_by_test_id("nickname").fill("bob")
        bob.goto(link)
        bob.get_by_test_id("invite-join").click()  # the invite page: one tap to sit
        for tab in (ann, bob):
            wait_js(tab, "document.body.dataset.phase === 'playing'")
        state = app.state.registry.get(code).match.round
        hands = [sorted(str(c) if c != 13 else "SB" for c in state.hand_cards(s)) for s in (0, 1)]
        for seat, tab in enumerate((ann, bob)):
            shown = hand_of(tab)
            other = hand_of((bob, ann)[seat])
            assert shown == sorted(names_of(state.hand_cards(seat)))
            assert tab.get_by_test_id("hand-card").count() == len(hands[seat])
            assert tab.get_by_test_id("my-name").inner_text().startswith(("ann", "bob")[seat])
            if hands[0] != hands[1]:
                assert shown != other
        # both play: whoever is to move makes a move by clicks, four times
        for _ in range(4):
            to_move = app.state.registry.get(code).match.round.to_move
            tab = (ann, bob)[to_move]
            wait_js(tab, MY_TURN_OR_OVER)
            if tab.evaluate("document.body.dataset.phase") != "playing":
                break
            before = state_count(tab)
            play_one_move(tab)
            wait_js(tab, f"Number(document.body.dataset.stateCount) > {before}")
            state = app.state.registry.get(code).match.round
            for seat, other_tab in enumerate((ann, bob)):
                expected = sorted(names_of(state.hand_cards(seat)))
                wait_js(
                    other_tab,
                    "n => document.querySelectorAll('[data-testid=hand-card]').length === n",
                    arg=len(expected),
                )
        shoot(bob, "two-players-bob")
        # a third person following the link of the full table watches, with no hand
        eve = open_page(browser, "phone", touch=False)
        eve.goto(base + "/")
        eve.wait_for_selector("body[data-ready=true]")
        eve.get_by_test_id("nickname").fill("eve")
        eve.goto(link)
        wait_js(eve, "Number(document.body.dataset.stateCount) > 0")
        assert eve.get_by_test_id("table-code").inner_text() == code
        assert eve.get_by_test_id("hand-card").count() == 0
        assert len(app.state.registry.get(code).seats) == 2
        assert not ann.js_errors + bob.js_errors + eve.js_errors


def names_of(cards: Any) -> list[str]:
    from skipbo.core import card_name

    return [card_name(c) for c in cards]


def test_replay_page_steps_through_an_uploaded_record(
    page: tuple[str, Any], tmp_path: Path
) -> None:
    base, tab = page
    record = json.loads(GOLDEN.read_text().splitlines()[0])
    upload = tmp_path / "round.jsonl"
    upload.write_text(json.dumps(record) + "\n")
    tab.goto(base + "/#replay")
    tab.wait_for_selector("body[data-ready=true]")
    tab.get_by_test_id("replay").wait_for(state="visible")
    tab.get_by_test_id("replay-file").set_input_files(str(upload))
    tab.get_by_test_id("replay-board").wait_for(state="visible")
    total = len(record["moves"])
    assert tab.get_by_test_id("replay-step").inner_text() == f"Step 0 / {total}"
    tab.get_by_test_id("replay-next").click()
    assert tab.get_by_test_id("replay-move").get_attribute("data-move") == record["moves"][0]
    tab.locator("body").press("ArrowRight")
    assert tab.get_by_test_id("replay-step").inner_text() == f"Step 2 / {total}"
    assert tab.get_by_test_id("replay-move").get_attribute("data-move") == record["moves"][1]
    tab.locator("body").press("ArrowLeft")
    assert tab.get_by_test_id("replay-step").inner_text() == f"Step 1 / {total}"
    for _ in range(20):
        tab.locator("body").press("ArrowRight")
    assert tab.get_by_test_id("replay-move").inner_text().startswith(record["names"][0][:3])
    assert (
        tab.get_by_test_id("replay-players").locator(".player").count()
        == record["rules"]["players"]
    )
    shoot(tab, "replay")
    choose_setting(tab, "language", "fr")
    assert "Étape 21" in tab.get_by_test_id("replay-step").inner_text()
    shoot(tab, "replay-fr")
    # a bad upload gets the server's error, shown as text
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "skipbo-record/1"}')
    tab.get_by_test_id("replay-file").set_input_files(str(bad))
    tab.get_by_test_id("error").wait_for(state="visible")
    assert "relevé n'est pas valide" in tab.get_by_test_id("error").inner_text()  # in French
    choose_setting(tab, "language", "en")


def test_a_person_gives_up_a_seat_before_the_start(tmp_path: Path) -> None:
    with browser_at(tmp_path) as (base, browser, app):
        tab = open_page(browser)
        tab.goto(base + "/")
        tab.wait_for_selector("body[data-ready=true]")
        tab.get_by_test_id("nickname").fill("ann")
        tab.get_by_test_id("create").click()
        wait_js(tab, "document.body.dataset.phase === 'lobby'")
        code = tab.get_by_test_id("table-code").inner_text()
        table = app.state.registry.get(code)
        assert table.view_for(None)["seats"][0]["kind"] != "open"
        tab.get_by_test_id("give-up-seat").click()
        tab.get_by_test_id("lobby").wait_for(state="visible")
        assert table.view_for(None)["seats"][0]["kind"] == "open"
        assert tab.evaluate(f"localStorage.getItem('skipbo.seat.{code}')") is None


def test_a_slow_script_load_raises_no_error(page: tuple[str, Any]) -> None:
    """The scripts run in order and app.js, which defines ``$`` and the table state,
    comes last: a timer started by an earlier script fired before it on a slow
    load ("$ is not defined"). Here app.js arrives 1.5 s late; the page fixture
    fails the test on any JavaScript error."""
    base, tab = page

    delayed: list[str] = []

    def late(route: Any) -> None:
        delayed.append(route.request.url)
        time.sleep(1.5)  # the browser's own timers run on meanwhile
        route.continue_()

    tab.route(re.compile(r"/static/app\.js(\?|$)"), late)  # its URL carries a hash: ?v=...
    tab.goto(base + "/")
    tab.wait_for_selector("body[data-ready=true]")
    tab.wait_for_timeout(600)  # one more tick of the turn timer
    assert tab.get_by_test_id("quick-play").is_visible()
    assert delayed, "app.js was not delayed"
