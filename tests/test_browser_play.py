"""The table page as a new player meets it: quick play, choosing cards,
undoable discards, the phone layout at six players, touch, paced bot moves, names
for screen readers, the replay slider. Debian's chromium through Playwright."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_helpers import (
    DESKTOP,
    MY_TURN_OR_OVER,
    PHONE,
    browser_at,
    create_table,
    discard_first_hand_card,
    hand_of,
    inside_viewport,
    open_lobby,
    open_page,
    play_one_move,
    play_until_over,
    shoot,
    state_count,
    wait_js,
    wait_my_turn,
    wait_new_state,
)
from server_harness import http

MY_TURN = "document.body.dataset.myTurn === 'true' && document.body.dataset.phase === 'playing'"
GOLDEN = Path(__file__).resolve().parent / "golden" / "spec_examples.jsonl"

# A touch drag made of the pointer events a finger sends (Playwright has no touch drag).
TOUCH_DRAG = """([sx, sy, tx, ty]) => {
  const at = (x, y) => ({bubbles: true, cancelable: true, pointerId: 7, pointerType: "touch",
                         isPrimary: true, button: 0, clientX: x, clientY: y});
  document.elementFromPoint(sx, sy).dispatchEvent(new PointerEvent("pointerdown", at(sx, sy)));
  for (let i = 1; i <= 6; i++) {
    const x = sx + ((tx - sx) * i) / 6, y = sy + ((ty - sy) * i) / 6;
    document.elementFromPoint(x, y).dispatchEvent(new PointerEvent("pointermove", at(x, y)));
  }
  document.elementFromPoint(tx, ty).dispatchEvent(new PointerEvent("pointerup", at(tx, ty)));
}"""


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[tuple[str, Any, Any]]:
    with browser_at(tmp_path) as started:
        yield started


def centre(locator: Any) -> tuple[float, float]:
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_quick_play_starts_against_a_bot_and_your_tables_lead_back(browser: Any) -> None:
    base, chromium, _app = browser
    tab = open_page(chromium)
    open_lobby(base, tab, name=None)  # no name typed: quick play still starts
    shoot(tab, "lobby-desktop", full_page=True)
    levels = tab.get_by_test_id("quick-level").locator("option")
    assert levels.evaluate_all("os => os.map(o => o.value)") == ["easy", "medium", "hard", "expert"]
    tab.get_by_test_id("quick-level").select_option("easy")
    tab.get_by_test_id("quick-play").click()
    wait_js(tab, "['playing', 'round_over', 'match_over'].includes(document.body.dataset.phase)")
    code = tab.get_by_test_id("table-code").inner_text()
    assert "(easy)" in tab.get_by_test_id("seat-1").inner_text()
    assert tab.get_by_test_id("seat-0").get_attribute("data-connected") == "true"
    wait_my_turn(tab)
    hand = hand_of(tab)
    # the lobby lists the table; its button goes back to the same seat
    tab.get_by_test_id("leave-table").click()
    tab.get_by_test_id("my-tables").wait_for(state="visible")
    tab.set_viewport_size(PHONE)  # the landing page fits a phone's width, list and all
    assert tab.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shoot(tab, "lobby-tables-phone", full_page=True)
    tab.set_viewport_size(DESKTOP)
    tab.get_by_test_id(f"my-table-{code}").click()
    wait_my_turn(tab)
    assert tab.get_by_test_id("table-code").inner_text() == code and hand_of(tab) == hand
    # joining one's own table by its code sits down again instead of "table full"
    tab.get_by_test_id("leave-table").click()
    tab.get_by_test_id("join-code").fill(code.lower())
    tab.get_by_test_id("join").click()
    wait_my_turn(tab)
    assert "(you)" in tab.get_by_test_id("my-name").inner_text() and hand_of(tab) == hand
    assert tab.get_by_test_id("error").is_hidden()
    assert not tab.js_errors


def test_how_to_play_and_play_to_are_explained(browser: Any) -> None:
    base, chromium, _app = browser
    tab = open_page(chromium)
    open_lobby(base, tab)
    assert "25" in tab.get_by_test_id("play-to-help").inner_text()
    assert tab.get_by_test_id("howto").get_attribute("open") is not None  # open on a first visit
    assert tab.get_by_test_id("howto-picture").locator("svg").is_visible()
    assert len(tab.get_by_test_id("howto-text").locator("p").all()) >= 4
    from browser_helpers import choose_setting

    choose_setting(tab, "language", "de")
    assert "Vorratsstapel" in tab.get_by_test_id("howto-text").inner_text()
    assert not tab.js_errors


def test_selecting_never_moves_a_card(browser: Any) -> None:
    base, chromium, _app = browser
    tab = open_page(chromium)
    create_table(base, tab)
    before = state_count(tab)
    hand = tab.locator("[data-testid=hand-card][data-selectable=true]")
    hand.first.click()
    assert tab.locator("[data-selected=true]").count() == 1  # only the tapped card rises
    # a click on the own discard pile (its top card, or its empty place) is not a discard
    tab.get_by_test_id("own-discard-1").locator(".fan").click()
    assert tab.get_by_test_id("pending-discard").is_hidden()
    assert tab.locator("[data-selected=true]").count() == 1
    hand.first.click()
    assert tab.locator("[data-selected=true]").count() == 0
    # every other selectable card just moves the selection; the selected one again drops it
    for i in range(hand.count()):
        hand.nth(i).click()
        assert tab.locator("[data-selected=true]").count() == 1
        hand.nth(i).click()
        assert tab.locator("[data-selected=true]").count() == 0
        assert tab.locator("[data-lit=true]").count() == 0
    assert state_count(tab) == before
    assert not tab.js_errors


def test_a_discard_needs_the_lit_target_and_can_be_undone(browser: Any) -> None:
    base, chromium, _app = browser
    tab = open_page(chromium)
    create_table(base, tab)
    before, hand = state_count(tab), hand_of(tab)
    tab.locator("[data-testid=hand-card][data-selectable=true]").first.click()
    targets = tab.locator("[data-testid^=discard-target-][data-lit=true]")
    assert targets.count() == 4
    assert all(re.fullmatch(r"Discard here", targets.nth(i).inner_text()) for i in range(4))
    targets.nth(1).click()
    tab.get_by_test_id("pending-discard").wait_for(state="visible")
    shoot(tab, "pending-discard-desktop")
    # over the own area's head, by the piles: never over the other players' row
    banner = tab.get_by_test_id("pending-discard").bounding_box()
    others = tab.get_by_test_id("others").bounding_box()
    mine = tab.get_by_test_id("me").bounding_box()
    assert banner["y"] >= others["y"] + others["height"], (banner, others)
    assert mine["y"] <= banner["y"] and banner["y"] + banner["height"] <= mine["y"] + mine["height"]
    tab.get_by_test_id("undo-discard").click()
    assert tab.get_by_test_id("pending-discard").is_hidden()
    tab.wait_for_timeout(3200)  # longer than the undo moment: nothing was sent
    assert state_count(tab) == before and hand_of(tab) == hand
    # without Undo the discard goes by itself after the moment
    tab.locator("[data-testid^=discard-target-][data-lit=true]").nth(1).click()
    wait_new_state(tab, before)
    assert tab.get_by_test_id("last-moves").locator("li[data-move$='-D2']").count() >= 1
    assert not tab.js_errors


def test_the_other_players_stock_counts_are_readable_on_a_phone(browser: Any) -> None:
    """The count of another player's stock says who is ahead: it is the page's pill at
    the text's size, not the drawing's (about 6 px on a phone), and says the count."""
    base, chromium, _ = browser
    tab = open_page(chromium, "phone")
    create_table(base, tab, players=3, bot="easy", stock=10)
    for seat in range(3):
        if tab.evaluate(f"mySeat() === {seat}"):
            continue
        badge = tab.get_by_test_id(f"stock-{seat}-badge")
        stock = tab.evaluate(f"table.view.players[{seat}].stock")
        assert badge.is_visible() and badge.inner_text() == str(stock)
        assert float(badge.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")) >= 12
        drawn = tab.get_by_test_id(f"stock-{seat}").locator(".card-count")
        assert drawn.count() == 1 and not drawn.is_visible()  # the drawing's count is hidden


def test_phone_keeps_own_cards_in_view_at_six_players_with_touch(browser: Any) -> None:
    base, chromium, app = browser
    tab = open_page(chromium, "phone")
    code = create_table(base, tab, players=6, stock=20)  # the round outlasts the test
    own = ["own-stock", "own-discard-1", "own-discard-2", "own-discard-3", "own-discard-4", "hand"]

    def all_in_view(_: int = 0) -> None:
        for testid in own:
            assert inside_viewport(tab, tab.get_by_test_id(testid)), testid
        cards = tab.get_by_test_id("hand-card")
        for i in range(cards.count()):
            assert inside_viewport(tab, cards.nth(i)), f"hand card {i}"

    all_in_view()
    shoot(tab, "table6-phone")
    # a touch drag onto a discard pile, then the confirm
    card = tab.locator("[data-testid=hand-card][data-selectable=true]").first
    before = state_count(tab)
    tab.evaluate(TOUCH_DRAG, [*centre(card), *centre(tab.get_by_test_id("own-discard-3"))])
    tab.get_by_test_id("pending-discard").wait_for(state="visible")
    tab.get_by_test_id("confirm-discard").tap()
    wait_new_state(tab, before)
    mine = [move for seat, move in app.state.registry.get(code).log[-1] if seat == 0]
    assert mine[-1].endswith("-D3")
    # tap-tap moves, with the own cards on screen at every turn; at the person's turn
    # (the table still: bots wait) opponents are compact and a tapped pile shows whole
    expanded = False
    for moves in range(6):
        wait_js(tab, MY_TURN_OR_OVER)
        if tab.evaluate("document.body.dataset.phase") != "playing":
            break
        all_in_view(moves)
        piles = tab.locator("#others .pile.openable")
        if not expanded and piles.count():
            piles.first.tap()
            tab.get_by_test_id("pile-viewer").wait_for(state="visible")
            tab.get_by_test_id("pile-viewer-close").tap()
            tab.get_by_test_id("pile-viewer").wait_for(state="hidden")
            expanded = True
        before = state_count(tab)
        play_one_move(tab, tap=True)
        wait_new_state(tab, before)
    assert expanded, "no opponent pile to expand in six turns"
    assert not tab.js_errors


FLIGHTS = """() => {
  // Every card that starts to travel from now on, by its face (data-card), in order.
  window.flights = [];
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) {
        if (node.classList?.contains("flying")) window.flights.push(node.dataset.card);
      }
    }
  }).observe(document.body, { childList: true });
}"""
MARKED = """() => [...document.querySelectorAll('#board [data-last-move=true]')]
  .map((node) => node.dataset.pile)"""
LAST_MOVE_PILE = """() => {
  // Where the server's last move landed, as the board names its piles ("B2", "1:D3").
  const { seat, move } = table.last_moves.at(-1);
  const target = move.split("-")[1];
  return target.startsWith("B") ? target : `${seat}:${target}`;
}"""


@pytest.fixture
def held(tmp_path: Path) -> Iterator[tuple[str, Any, Any]]:
    """A server whose bots wait at the gate until the test lets a move through."""
    with browser_at(tmp_path, hold_bots=True) as started:
        yield started


def let_one_bot_move(base: str, tab: Any, code: str) -> None:
    """Wait until a bot of ``code`` is held at the gate, let one move through, wait
    until the page shows it."""
    deadline = time.monotonic() + 20
    while not http(base, "POST", f"/api/test/bots/{code}", {"moves": 0})[1]["waiting"]:
        assert time.monotonic() < deadline, "no bot came to the gate"
        time.sleep(0.02)
    before = state_count(tab)
    assert http(base, "POST", f"/api/test/bots/{code}", {"moves": 1})[0] == 200
    wait_new_state(tab, before)


def test_bot_moves_travel_one_by_one_and_the_last_stays_marked(held: Any) -> None:
    base, chromium, _app = held
    tab = open_page(chromium)
    open_lobby(base, tab)
    tab.evaluate("localStorage.setItem('skipbo.pace', 'fast')")
    open_lobby(base, tab)  # the page again, at the fast pace
    tab.get_by_test_id("players").select_option("3")
    tab.get_by_test_id("stock").fill("20")  # no round ends in these few moves
    for seat in (1, 2):
        tab.get_by_test_id(f"seat-kind-{seat}").select_option("bot:hard")
    tab.get_by_test_id("create").click()
    tab.get_by_test_id("table-code").wait_for()
    code = tab.get_by_test_id("table-code").inner_text()
    wait_js(tab, "document.body.dataset.phase === 'playing'")
    for _ in range(100):  # the bots held: they move only when let through
        if tab.evaluate(MY_TURN):
            break
        let_one_bot_move(base, tab, code)
    else:
        raise AssertionError("the person's turn never came")
    before = state_count(tab)
    discard_first_hand_card(tab)
    wait_new_state(tab, before)
    assert tab.evaluate(MARKED) == [tab.evaluate(LAST_MOVE_PILE)]  # the person's discard
    tab.evaluate(FLIGHTS)
    for released in range(1, 100):
        let_one_bot_move(base, tab, code)
        seat, move = tab.evaluate("[table.last_moves.at(-1).seat, table.last_moves.at(-1).move]")
        who = tab.evaluate(f"table.seats[{seat}].name") + " (hard)"  # the name, the level
        assert seat != tab.evaluate("mySeat()"), move
        assert tab.evaluate("document.body.dataset.phase") == "playing"
        # the move's card travelled across the table (an animated copy), one per move
        flights = tab.evaluate("window.flights")
        assert len(flights) == released and flights[-1], flights
        # it stays marked where it landed, the only mark, with a tag that names it
        assert tab.evaluate(MARKED) == [tab.evaluate(LAST_MOVE_PILE)], move
        tag = tab.get_by_test_id("last-move-tag")
        assert tag.count() == 1
        assert tag.get_attribute("title").startswith(f"{who}: "), tag.get_attribute("title")
        assert f"{who}: " in tab.get_by_test_id("live").inner_text()  # said in the live region
        if tab.evaluate(MY_TURN):
            break
    else:
        raise AssertionError("the bots never ended their turns")
    assert released >= 2  # each bot moved at least once, each move on its own
    assert not tab.js_errors


def test_cards_and_piles_have_spoken_names(browser: Any) -> None:
    base, chromium, _app = browser
    tab = open_page(chromium)
    create_table(base, tab)
    stock = tab.get_by_test_id("own-stock").get_attribute("aria-label")
    pattern = r"your stock pile: top (\d+|Skip-Bo \(wild\)), 3 cards(, fits a building pile)?"
    assert re.fullmatch(pattern, stock), stock
    for n in range(1, 5):
        label = tab.get_by_test_id(f"build-{n}").get_attribute("aria-label")
        assert re.match(rf"building pile {n}: (empty, needs 1|needs \d+)", label), label
    other = tab.get_by_test_id("player-1-discard-1").get_attribute("aria-label")
    assert re.fullmatch(r".+'s discard pile 1: (empty|top .+, \d+ cards?)", other), other
    for label in tab.get_by_test_id("hand-card").evaluate_all("els => els.map(e => e.ariaLabel)"):
        assert label.startswith("hand card ")
    # after a move focus stays on the table: on a card still to play, or the status line
    tab.locator("[data-testid=hand-card][data-selectable=true]").first.press("Enter")
    assert tab.evaluate("document.activeElement.dataset.lit") == "true"
    assert not tab.js_errors


def test_replay_has_a_step_slider(browser: Any, tmp_path: Path) -> None:
    base, chromium, _app = browser
    tab = open_page(chromium)
    record = json.loads(GOLDEN.read_text().splitlines()[0])
    upload = tmp_path / "round.jsonl"
    upload.write_text(json.dumps(record) + "\n")
    tab.goto(base + "/#replay")
    tab.get_by_test_id("replay-file").set_input_files(str(upload))
    slider = tab.get_by_test_id("replay-slider")
    slider.wait_for(state="visible")
    total = len(record["moves"])
    assert slider.get_attribute("max") == str(total)
    slider.evaluate("s => { s.value = '5'; s.dispatchEvent(new Event('input', {bubbles: true})); }")
    assert tab.get_by_test_id("replay-step").inner_text() == f"Step 5 / {total}"
    assert tab.get_by_test_id("replay-move").get_attribute("data-move") == record["moves"][4]
    slider.focus()
    tab.keyboard.press("ArrowRight")
    assert tab.get_by_test_id("replay-step").inner_text() == f"Step 6 / {total}"
    # the round is over, so every hand is shown: the record holds the deal
    for seat in range(record["rules"]["players"]):
        shown = tab.get_by_test_id(f"replay-hand-{seat}").locator(".card")
        assert shown.count() == int(tab.evaluate(f"replayData.steps[6].hands[{seat}].length"))
    assert tab.get_by_test_id("replay-hand-0").locator(".card").count() > 0
    shoot(tab, "replay-slider-desktop", full_page=True)
    assert not tab.js_errors


def test_partnerships_name_the_team_and_share_the_score(browser: Any) -> None:
    base, chromium, _app = browser
    tab = open_page(chromium)
    create_table(base, tab, players=4, teams=True, target=500)
    assert "partner" in tab.get_by_test_id("player-2").inner_text()
    shoot(tab, "table4-teams-desktop")
    play_until_over(tab)
    tab.get_by_test_id("result").wait_for(state="visible")
    text = tab.get_by_test_id("result-text").inner_text()
    if "won the round" in text:  # "Ann & Bob won the round: 35 points."
        assert re.match(r".+ & .+ won the round", text), text
    for seat in (0, 1):  # partners sit opposite and share one total
        mine = tab.get_by_test_id(f"total-{seat}").inner_text()
        assert mine == tab.get_by_test_id(f"total-{seat + 2}").inner_text()
    shoot(tab, "result4-teams-desktop")
    assert not tab.js_errors
