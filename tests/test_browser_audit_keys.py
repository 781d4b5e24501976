"""A keyboard-only player and a player in another language, from the landing page on.

The keyboard player never touches a mouse: Tab to "Play against the computer", Enter,
a whole round with the arrow keys, Enter and Escape (a hint, a discard undone, another
player's discard pile opened and closed), then the end-of-round dialog, the replay
and back, the rematch, a resignation. After every move and every dialog focus is on
something shown that one may act on next, never on the page's body and never behind
an open dialog; a screen reader is told in the live region what happened (the card
another player played, the discard waiting to be sent and its undo, the hint).

In French, German and Dutch the replay, the analysis and the profile name the bots'
levels and write numbers in that language, the status line keeps clear of the Hint
button on a phone, and the lobby's list of open tables counts its free seats in
proper French.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_helpers import (
    MAX_MOVES,
    MY_TURN_OR_OVER,
    choose_setting,
    open_lobby,
    open_page,
    shoot,
    state_count,
    wait_js,
    wait_new_state,
)
from browser_site import close_page, shared_site
from test_browser_coach import marked_record_file

FOCUSED = """() => {
  // What has focus, as "testid" (else id, else tag), and whether it is shown.
  const a = document.activeElement;
  if (!a || a === document.body) return 'BODY';
  const name = a.dataset.testid || a.id || a.tagName;
  return a.getClientRects().length ? name : 'HIDDEN ' + name;
}"""

WATCH_LIVE = """() => {
  // Every text the page's live region is given, kept in window.__live.
  const live = document.getElementById('live');
  window.__live = [];
  new MutationObserver(() => window.__live.push(live.textContent))
    .observe(live, {childList: true, characterData: true, subtree: true});
}"""

IN_OPEN_DIALOG = """(id) => document.getElementById(id).contains(document.activeElement)"""


def focused(page: Any) -> str:
    return str(page.evaluate(FOCUSED))


def focus_matches(page: Any, selector: str) -> bool:
    return bool(page.evaluate("(s) => document.activeElement?.matches(s) ?? false", selector))


def key_until(page: Any, selector: str, key: str = "Tab", most: int = 60) -> None:
    """Press ``key`` until focus is on an element matching ``selector``."""
    for _ in range(most):
        if focus_matches(page, selector):
            return
        page.keyboard.press(key)
    raise AssertionError(f"{key} never reached {selector} (focus: {focused(page)})")


def heard(page: Any) -> list[str]:
    texts: list[str] = page.evaluate("window.__live")
    return texts


def start_by_keys(base: str, page: Any) -> None:
    """The landing page, then Tab to "Play against the computer" and Enter."""
    open_lobby(base, page, name=None)
    page.evaluate(WATCH_LIVE)
    key_until(page, "[data-testid=quick-play]")
    page.keyboard.press("Enter")
    wait_js(page, MY_TURN_OR_OVER)


def build_play_by_keys(page: Any) -> bool:
    """A card that fits a building pile, by arrows and Enter; False when none fits."""
    if not page.locator("#me [data-selectable=true][data-builds=true]").count():
        return False
    key_until(page, "#me [data-selectable=true][data-builds=true]", "ArrowRight")
    page.keyboard.press("Enter")
    assert focus_matches(page, "[data-lit=true]"), focused(page)  # on a pile it may go to
    key_until(page, "[data-testid^=build-][data-lit=true]", "ArrowRight")
    before = state_count(page)
    page.keyboard.press("Enter")
    wait_new_state(page, before)
    return True


def pick_a_hand_card_for_a_discard(page: Any) -> None:
    key_until(page, "[data-testid=hand-card][data-selectable=true]", "ArrowRight")
    page.keyboard.press("Enter")
    key_until(page, "[data-testid^=discard-target-][data-lit=true]", "ArrowRight")


def discard_by_keys(page: Any, undo_first: bool) -> None:
    """A hand card onto a discard pile (Enter twice: the second sends it at once).

    ``undo_first``: the discard waiting for its undo moment is taken back by Escape
    once (the card stays picked, its piles lit), and the screen reader hears both.
    """
    pick_a_hand_card_for_a_discard(page)
    page.keyboard.press("Enter")
    page.get_by_test_id("pending-discard").wait_for(state="visible")
    assert any("this ends your turn" in text for text in heard(page)), heard(page)
    if undo_first:
        page.keyboard.press("Escape")
        assert page.get_by_test_id("pending-discard").is_hidden()
        assert any("Discard undone" in text for text in heard(page)), heard(page)
        assert focus_matches(page, "[data-selected=true]"), focused(page)
        key_until(page, "[data-testid^=discard-target-][data-lit=true]", "ArrowRight")
        page.keyboard.press("Enter")
        page.get_by_test_id("pending-discard").wait_for(state="visible")
    before = state_count(page)
    page.keyboard.press("Enter")
    wait_new_state(page, before)


def open_a_pile_by_keys(page: Any) -> bool:
    """Another player's discard pile opened with Enter and closed with Escape: focus
    goes into the dialog, stays there, and comes back to the pile."""
    piles = page.locator("#others .pile.openable")
    if not piles.count():
        return False
    testid = piles.first.get_attribute("data-testid")
    key_until(page, f"[data-testid='{testid}']")
    page.keyboard.press("Enter")
    page.get_by_test_id("pile-viewer").wait_for(state="visible")
    assert focused(page) == "pile-viewer-close"
    for key in ("Tab", "Shift+Tab", "Tab"):
        page.keyboard.press(key)
        assert page.evaluate(IN_OPEN_DIALOG, "pile-viewer"), f"{key} left the dialog"
    page.keyboard.press("Escape")
    assert page.get_by_test_id("pile-viewer").is_hidden()
    assert focused(page) == testid, "closing the pile did not give focus back to it"
    return True


def tab_round_the_result(page: Any) -> None:
    """Tab and Shift+Tab go round the end-of-round dialog's buttons, never behind it."""
    buttons = page.locator("#result .actions :is(button, a):visible").count()
    for _ in range(buttons + 1):
        page.keyboard.press("Tab")
        assert page.evaluate(IN_OPEN_DIALOG, "result"), f"Tab left the dialog: {focused(page)}"
    key_until(page, "[data-testid=next]")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(IN_OPEN_DIALOG, "result"), f"Shift+Tab left the dialog: {focused(page)}"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    with shared_site(tmp_path_factory.mktemp("audit-keys")) as running:
        yield running


def test_a_whole_round_by_keyboard_alone(site: tuple[str, Any]) -> None:
    base, browser = site
    page = open_page(browser, "desktop")
    start_by_keys(base, page)
    assert page.evaluate("document.body.dataset.phase") == "playing"
    # the table opened: focus is on it, not left on the button that went away
    assert page.evaluate("document.getElementById('table').contains(document.activeElement)"), (
        focused(page)
    )
    # the hint, by Tab and Enter: shown, and said
    key_until(page, "[data-testid=hint]")
    page.keyboard.press("Enter")
    page.get_by_test_id("hint-text").wait_for(state="visible")
    wait_js(page, "window.__live.some((text) => text.startsWith('Hint: '))")
    assert focused(page) == "hint"
    undone = pile_seen = False
    for _ in range(MAX_MOVES):
        wait_js(page, MY_TURN_OR_OVER)
        if page.evaluate("document.body.dataset.phase") != "playing":
            break
        if not pile_seen:
            pile_seen = open_a_pile_by_keys(page)
        if build_play_by_keys(page):
            wait_js(page, MY_TURN_OR_OVER)
            if page.evaluate("document.body.dataset.phase") == "playing":
                # the turn goes on: focus is on a card to play next, never the status line
                assert focus_matches(page, "#me [data-selectable=true]"), focused(page)
            continue
        discard_by_keys(page, undo_first=not undone)
        undone = True
        assert focused(page) != "BODY"
    else:
        raise AssertionError(f"the round did not end in {MAX_MOVES} moves")
    assert undone and pile_seen
    # another player's plays from a pile are said with the card they played, as everyone
    # sees it (a deal where the person wins before the bot plays from a pile has none:
    # it happened once in a whole-suite run)
    bot_plays = [
        text
        for text in heard(page)
        if re.search(r"\(hard\): (stock pile|discard pile \d)", text or "")
    ]
    assert all(re.search(r"(stock pile|discard pile \d) \([^)]+\) →", t) for t in bot_plays), (
        bot_plays
    )
    # the end of the round: focus on its first button, Tab kept inside the dialog
    page.get_by_test_id("result").wait_for(state="visible")
    assert focused(page) == "next"
    tab_round_the_result(page)
    # Escape puts the result aside (as "See the table"); its button brings it back
    page.keyboard.press("Escape")
    assert page.get_by_test_id("result").is_hidden()
    assert focused(page) == "show-result"
    page.keyboard.press("Enter")
    page.get_by_test_id("result").wait_for(state="visible")
    assert focused(page) == "next"
    # the replay: its buttons keep focus at either end, Back returns to the dialog
    key_until(page, "[data-testid=result-replay]")
    page.keyboard.press("Enter")
    page.get_by_test_id("replay-board").wait_for(state="visible")
    assert focused(page) == "replay-slider"
    page.keyboard.press("Shift+Tab")
    assert focused(page) == "replay-last"
    page.keyboard.press("Enter")
    wait_js(page, "document.querySelector('[data-testid=replay-last]').disabled")
    assert focused(page) not in ("BODY", "replay-last"), focused(page)
    key_until(page, "[data-testid=replay-first]")
    page.keyboard.press("Enter")
    wait_js(page, "document.body.dataset.replayStep === '0'")
    assert focused(page) not in ("BODY", "replay-first"), focused(page)
    key_until(page, "[data-testid=replay-back]", "Shift+Tab")
    page.keyboard.press("Enter")
    page.get_by_test_id("result").wait_for(state="visible")
    wait_js(page, "document.body.dataset.page === 'table'")
    assert focused(page) == "result-replay"
    shoot(page, "audit-keys-result-back-from-replay")
    close_page(page)


def test_resign_and_rematch_by_keyboard(site: tuple[str, Any]) -> None:
    base, browser = site
    page = open_page(browser, "desktop")
    start_by_keys(base, page)
    # the resign dialog: focus in it, kept in it, and back on Resign when it closes
    key_until(page, "[data-testid=resign]")
    page.keyboard.press("Enter")
    page.get_by_test_id("resign-dialog").wait_for(state="visible")
    assert focused(page) == "resign-cancel"
    for key in ("Tab", "Tab", "Shift+Tab", "Shift+Tab"):
        page.keyboard.press(key)
        assert page.evaluate(IN_OPEN_DIALOG, "resign-dialog"), f"{key} left: {focused(page)}"
    page.keyboard.press("Escape")
    assert page.get_by_test_id("resign-dialog").is_hidden()
    assert focused(page) == "resign"
    page.keyboard.press("Enter")
    key_until(page, "[data-testid=resign-cancel]")
    page.keyboard.press("Enter")  # "Keep playing"
    assert focused(page) == "resign"
    page.keyboard.press("Enter")
    key_until(page, "[data-testid=resign-confirm]")
    page.keyboard.press("Enter")
    page.get_by_test_id("result").wait_for(state="visible")
    assert focused(page) == "next"
    assert page.get_by_test_id("next").inner_text() == "Rematch"
    before = state_count(page)
    page.keyboard.press("Enter")
    wait_new_state(page, before)
    wait_js(page, MY_TURN_OR_OVER)
    page.get_by_test_id("result").wait_for(state="hidden")
    assert page.evaluate("document.getElementById('table').contains(document.activeElement)"), (
        focused(page)
    )
    close_page(page)


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished round of "Ann" and "Ada (hard)" in which Ann made marked moves."""
    return marked_record_file(tmp_path_factory.mktemp("audit-record"))


LEVELS = {"fr": "(difficile)", "de": "(schwer)", "nl": "(moeilijk)"}
COMPLETED = {"fr": "Séries terminées", "de": "Fertige Baustapel", "nl": "Voltooid"}
"""The completed building piles: in German not "Abgelegt", too near "Ablagestapel"
(the discard piles) to tell the two apart."""


@pytest.mark.parametrize("lang", sorted(LEVELS))
def test_the_replay_and_the_analysis_speak_the_page_language(
    site: tuple[str, Any], record_file: Path, lang: str
) -> None:
    """A record names its bots "Ada (hard)": the replay, its seat chooser and the
    analysis say the level in the page's language, the drop of a marked move is
    written with that language's decimal comma, and the completed piles are named
    as building piles."""
    base, browser = site
    page = open_page(browser, "desktop")
    page.add_init_script(f"localStorage.setItem('skipbo.lang', '{lang}')")
    page.goto(base + "/#replay")
    page.wait_for_selector("body[data-ready=true]")
    page.get_by_test_id("replay-file").set_input_files(str(record_file))
    page.get_by_test_id("replay-board").wait_for(state="visible")
    level = LEVELS[lang]
    assert page.get_by_test_id("replay-player-1").locator(".seat-name").inner_text() == (
        f"Ada {level}"
    )
    # a step that plays a stock card says which card, as the board showed it
    moves = json.loads(record_file.read_text())["moves"]
    step = next(i + 1 for i, move in enumerate(moves) if str(move).startswith("S-"))
    page.get_by_test_id("replay-slider").fill(str(step))
    wait_js(page, f"document.body.dataset.replayStep === '{step}'")
    line = page.get_by_test_id("replay-move").inner_text()
    assert re.search(r"\((\d+|Skip-Bo)\) →", line), line
    options = page.get_by_test_id("analyze-seat").locator("option").all_inner_texts()
    assert options == ["1 · Ann", f"2 · Ada {level}"], options
    page.get_by_test_id("analyze").click()
    chip = page.get_by_test_id("analysis-mark").first
    chip.wait_for(timeout=120_000)
    chip.click()
    detail = page.get_by_test_id("mark-detail").inner_text()
    assert re.search(r"−\d+,\d\u00a0%", detail), detail  # 9,8 %, never 9.8 %
    title = chip.get_attribute("title") or ""
    assert not re.search(r"\d\.\d", title), title
    assert "(hard)" not in page.locator("#replay").inner_text()
    counts = page.locator("#replay-board .counts").inner_text()
    assert COMPLETED[lang] in counts, counts
    close_page(page)


def test_a_profile_names_the_bots_in_the_page_language(site: tuple[str, Any]) -> None:
    base, browser = site
    page = open_page(browser, "desktop")
    page.add_init_script("localStorage.setItem('skipbo.lang', 'fr')")
    open_lobby(base, page, name=None)
    page.get_by_test_id("quick-level").select_option("hard")
    page.get_by_test_id("quick-play").click()
    wait_js(page, MY_TURN_OR_OVER)
    page.get_by_test_id("resign").click()
    page.get_by_test_id("resign-confirm").click()
    page.get_by_test_id("result").wait_for(state="visible")
    page.get_by_test_id("result-lobby").click()
    page.get_by_test_id("my-profile").click()
    seats = page.get_by_test_id("game-seat")
    seats.first.wait_for()
    names = " ".join(seats.all_inner_texts())
    assert "(difficile)" in names and "(hard)" not in names, names
    close_page(page)


@pytest.mark.parametrize("lang", ["en", "fr", "de", "nl"])
def test_the_status_line_keeps_clear_of_the_hint_button_on_a_phone(
    site: tuple[str, Any], lang: str
) -> None:
    """On a phone the Hint button sits beside the status line: no word of the line
    may run under it, whatever the length of the language's word for "Hint"."""
    base, browser = site
    page = open_page(browser, "phone")
    page.add_init_script(f"localStorage.setItem('skipbo.lang', '{lang}')")
    open_lobby(base, page, name=None)
    page.get_by_test_id("quick-play").tap()
    wait_js(page, MY_TURN_OR_OVER)
    page.get_by_test_id("hint").wait_for(state="visible")
    under = page.evaluate(
        """() => {
          const button = document.getElementById('hint-btn').getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(document.getElementById('status-text'));
          return [...range.getClientRects()].filter((line) =>
            Math.min(line.right, button.right) > Math.max(line.left, button.left) + 0.5
            && Math.min(line.bottom, button.bottom) > Math.max(line.top, button.top) + 0.5
          ).length;
        }"""
    )
    shoot(page, f"audit-keys-status-hint-{lang}-phone")
    assert under == 0, page.get_by_test_id("status").inner_text()
    lines = page.evaluate(
        """() => { const range = document.createRange();
          range.selectNodeContents(document.getElementById('hint-btn'));
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size; }"""
    )
    assert lines == 1, "the button's word is broken over two lines"
    close_page(page)


def test_the_open_tables_count_free_seats_in_proper_french(site: tuple[str, Any]) -> None:
    base, browser = site
    host = open_page(browser, "desktop")
    open_lobby(base, host, "Léa")
    host.get_by_test_id("visibility").select_option("public")
    host.get_by_test_id("create").click()
    host.get_by_test_id("lobby-wait").wait_for(state="visible")
    code = host.get_by_test_id("table-code").inner_text()
    guest = open_page(browser, "desktop")
    open_lobby(base, guest, name=None)
    choose_setting(guest, "language", "fr")
    guest.evaluate("refreshOpenTables()")
    listed = guest.locator(f'[data-testid=open-table][data-code="{code}"]')
    listed.wait_for()
    text = listed.inner_text()
    assert "1 places" not in text and "places libres\u00a0: 1 sur 2" in text, text
    close_page(guest)
    close_page(host)
