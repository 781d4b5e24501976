"""The guided first game (issue 21 §2), played through in a real browser.

A first visit is offered the tutorial; the person follows it to the end: at 1280×800
by keyboard alone (Enter on Next, arrow keys to the card asked for, Enter on it and
on the pile), at 390×844 with taps. At each lesson the panel says what to do, points
at one part of the table without covering it, and only the move it asks for can be
chosen; the round ends with the person's win, and the end-of-round dialog leads on
to a real game. Escape leaves the tutorial. axe finds nothing serious on the panel,
and every language has every text with its own rule sheet's pile names. A
screenshot of every lesson at both sizes goes to artifacts/.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from browser_helpers import SIZES, inside_viewport, open_lobby, open_page, shoot, wait_js
from browser_site import close_page, shared_site
from test_browser_a11y import check_axe

# The lessons and the moves each asks for (static/tutorial.js's TUTORIAL_STEPS;
# tests/test_tutorial.py checks the deal makes them legal in this order).
LESSONS: list[tuple[str, list[str]]] = [
    ("welcome", []),
    ("stock", []),
    ("hand", []),
    ("build", ["H1-B1"]),
    ("stockPlay", ["S-B1"]),
    ("wild", ["HSB-B1"]),
    ("stockAgain", ["S-B1"]),
    ("discard", ["H12-D1"]),
    ("opponent", []),
    ("discarded", []),
    ("refill", []),
    ("run", ["H5-B1", "H6-B1", "H7-B1", "H8-B1", "H9-B1"]),
    ("drawFive", []),
    ("stockTen", ["S-B1"]),
    ("eleven", ["H11-B1"]),
    ("discardPlay", ["D1-B1"]),
    ("completed", []),
    ("win", ["S-B1"]),
]
PILE_WORDS = {
    "en": ("stock pile", "building pile", "discard pile"),
    "fr": ("stock", "série", "défausse"),
    "de": ("Vorratsstapel", "Baustapel", "Ablagestapel"),
    "nl": ("stok", "bouwstapel", "weggooistapel"),
}
"""The names of each printed rule sheet (i18n.js's header), as the lessons must use them."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    with shared_site(tmp_path_factory.mktemp("tutorial")) as running:
        yield running


def lesson(page: Any) -> str:
    return str(page.evaluate("document.body.dataset.tutorial || ''"))


def wait_lesson(page: Any, name: str) -> None:
    wait_js(page, "(name) => document.body.dataset.tutorial === name", name)


def source_of(move: str) -> str:
    """The selector of the card a move takes (hand card by value, stock, discard top)."""
    source = move.split("-")[0]
    if source == "S":
        return "[data-testid=own-stock][data-selectable=true]"
    if source.startswith("D"):
        return f"[data-testid=own-discard-top-{source[1:]}][data-selectable=true]"
    return f"[data-testid=hand-card][data-card='{source[1:]}'][data-selectable=true]"


def target_of(move: str) -> str:
    target = move.split("-")[1]
    if target.startswith("D"):
        return f"[data-testid=discard-target-{target[1:]}][data-lit=true]"
    return f"[data-testid=build-{target[1:]}][data-lit=true]"


def only_the_asked_move_is_offered(page: Any, move: str) -> None:
    """The one card the lesson asks for is selectable, nothing else."""
    selectable = page.locator("#me [data-selectable=true]")
    assert selectable.count() == 1, f"{move}: {selectable.count()} selectable cards"
    assert page.locator(source_of(move)).count() == 1, move


def tap_move(page: Any, move: str) -> None:
    """The move by taps: the card, then the lit pile (a discard: the pile twice)."""
    page.locator(source_of(move)).tap()
    target = page.locator(target_of(move))
    target.tap()
    if "-D" in move:
        page.get_by_test_id("pending-discard").wait_for(state="visible")
        target.tap()


def focused(page: Any, selector: str) -> bool:
    return bool(page.evaluate("(s) => document.activeElement?.matches(s) ?? false", selector))


def key_move(page: Any, move: str) -> None:
    """The move by keys: arrows to the card, Enter, Enter on the pile focus moved to."""
    for _ in range(12):
        if focused(page, source_of(move)):
            break
        page.keyboard.press("ArrowRight")
    assert focused(page, source_of(move)), f"the arrow keys never reached the card of {move}"
    page.keyboard.press("Enter")
    wait_js(page, "(s) => document.activeElement?.matches(s) ?? false", target_of(move))
    page.keyboard.press("Enter")
    if "-D" in move:
        page.get_by_test_id("pending-discard").wait_for(state="visible")
        page.keyboard.press("Enter")


COVERED = """() => {
  // The parts of the table the guide's panel lies over (on a wide screen: none).
  const b = document.getElementById('tutorial').getBoundingClientRect();
  return ['.topbar', '#board', '#side', '#moves', '#roster'].filter((selector) => {
    const a = document.querySelector(selector).getBoundingClientRect();
    return Math.min(a.right, b.right) > Math.max(a.left, b.left)
      && Math.min(a.bottom, b.bottom) > Math.max(a.top, b.top);
  });
}"""

NAME_CUT = "(s) => { const n = document.querySelector(s); return n.scrollWidth > n.clientWidth; }"


def check_panel_beside_spot(page: Any, name: str) -> None:
    """The panel is inside the screen and covers nothing it points at."""
    panel = page.get_by_test_id("tutorial")
    assert inside_viewport(page, panel), name
    overlap = page.evaluate(
        """() => {
          const spot = document.querySelector('[data-tutorial-spot=true]');
          if (!spot) return 0;
          const a = spot.getBoundingClientRect();
          const b = document.getElementById('tutorial').getBoundingClientRect();
          const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          return w > 0 && h > 0 ? w * h : 0;
        }"""
    )
    assert overlap == 0, f"{name}: the panel covers what it points at"
    if page.viewport_size["width"] > 760:
        assert page.evaluate(COVERED) == [], f"{name}: the panel covers part of the table"
    # nothing to resign or react to against the guide's bot
    assert page.get_by_test_id("resign").is_hidden(), name
    assert page.get_by_test_id("react").is_hidden(), name
    for testid in ("tutorial-next", "tutorial-leave"):
        button = page.get_by_test_id(testid)
        if button.is_visible():
            box = button.bounding_box()
            assert box and box["height"] >= 44 and box["width"] >= 44, (name, testid, box)


def start_from_first_visit(page: Any, base: str, touch: bool) -> None:
    open_lobby(base, page, name=None)
    offer = page.get_by_test_id("tutorial-offer")
    offer.wait_for(state="visible")
    size = "phone" if touch else "desktop"
    shoot(page, f"tutorial-{size}-00-offer")
    start = page.get_by_test_id("tutorial-offer-start")
    start.tap() if touch else start.click()
    wait_lesson(page, "welcome")


@pytest.mark.parametrize("size", SIZES)
def test_a_first_visit_plays_the_tutorial_through(site: tuple[str, Any], size: str) -> None:
    base, browser = site
    page = open_page(browser, size)
    touch = size == "phone"
    start_from_first_visit(page, base, touch)
    code = page.get_by_test_id("table-code").inner_text()
    for index, (name, moves) in enumerate(LESSONS):
        if name == "opponent":
            # the bot's turn may be over before a look (its lesson only waits for it)
            wait_js(page, "['opponent', 'discarded'].includes(document.body.dataset.tutorial)")
            if lesson(page) == "opponent":
                shoot(page, f"tutorial-{size}-{index + 1:02d}-{name}")
            continue
        wait_lesson(page, name)
        text = page.get_by_test_id("tutorial-text").inner_text()
        assert text and "tut_" not in text, (name, text)
        count = page.get_by_test_id("tutorial-count").inner_text()
        assert count == f"Step {index + 1} of {len(LESSONS)}"
        shoot(page, f"tutorial-{size}-{index + 1:02d}-{name}")
        check_panel_beside_spot(page, name)
        if not moves:
            assert page.locator("#me [data-selectable=true]").count() == 0, name
            if touch:
                page.get_by_test_id("tutorial-next").tap()
            else:
                assert focused(page, "#tutorial-next"), f"{name}: Next has no focus"
                page.keyboard.press("Enter")
            continue
        for done, move in enumerate(moves):
            wait_js(page, "(s) => document.querySelector(s) !== null", source_of(move))
            only_the_asked_move_is_offered(page, move)
            if name == "run":
                assert f"({done} of 5)" in page.get_by_test_id("tutorial-text").inner_text()
            tap_move(page, move) if touch else key_move(page, move)
            wait_js(
                page,
                "([n, s]) => document.body.dataset.tutorial !== n"
                " || document.querySelector(s) === null",
                [name, source_of(move) if done + 1 < len(moves) else "#nothing"],
            )
        if name == "wild":
            wild = page.locator("[data-testid=build-1] .as-value")
            assert wild.inner_text() == "= 3", "the Skip-Bo card stands for the 3"
        if name == "discardPlay":
            wait_js(page, "document.querySelector('[data-testid=build-1]').dataset.value === '0'")
            assert page.get_by_test_id("completed-count").inner_text() == "12"
    # the last stock card won the round: the round's own dialog, with the guide's word
    result = page.get_by_test_id("result")
    result.wait_for(state="visible")
    assert page.locator("#result-title").inner_text() == "You won!"
    # and the line below says it to you too, not by your name
    assert page.get_by_test_id("result-text").inner_text().startswith("You won the round: "), (
        page.get_by_test_id("result-text").inner_text()
    )
    assert page.get_by_test_id("tutorial-done").is_visible()
    assert page.get_by_test_id("tutorial").is_hidden()
    assert page.get_by_test_id("new-game").is_hidden()
    shoot(page, f"tutorial-{size}-18-done")
    play = page.get_by_test_id("tutorial-play-real")
    play.tap() if touch else play.click()
    wait_js(page, "(code) => location.hash.length > 1 && location.hash !== '#' + code", code)
    wait_js(page, "document.body.dataset.phase === 'playing'")
    assert page.get_by_test_id("tutorial").is_hidden()
    assert lesson(page) == ""
    close_page(page)


def test_the_landing_page_keeps_the_tutorial_and_escape_leaves_it(
    site: tuple[str, Any],
) -> None:
    base, browser = site
    page = open_page(browser, "desktop")
    open_lobby(base, page, name=None)
    page.get_by_test_id("tutorial-offer-dismiss").click()
    assert page.get_by_test_id("tutorial-offer").is_hidden()
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    assert page.get_by_test_id("tutorial-offer").is_hidden(), "offered once"
    page.get_by_test_id("tutorial-start").click()
    wait_lesson(page, "welcome")
    code = page.get_by_test_id("table-code").inner_text()
    page.keyboard.press("Enter")
    wait_lesson(page, "stock")
    # a reload comes back to the lesson the table is at
    page.keyboard.press("Enter")
    wait_lesson(page, "hand")
    page.keyboard.press("Enter")
    wait_lesson(page, "build")
    page.locator(source_of("H1-B1")).click()
    page.locator(target_of("H1-B1")).click()
    wait_lesson(page, "stockPlay")
    page.reload()
    wait_lesson(page, "stockPlay")
    page.get_by_test_id("tutorial-leave").focus()
    page.keyboard.press("Escape")
    page.get_by_test_id("lobby").wait_for(state="visible")
    assert page.get_by_test_id("tutorial").is_hidden()
    assert page.locator(f"[data-testid=my-table-{code}]").count() == 0, "the tutorial is forgotten"
    close_page(page)


def test_a_name_uses_the_room_it_has_and_the_guide_leaves_the_last_moves_be(
    site: tuple[str, Any],
) -> None:
    base, browser = site
    page = open_page(browser, "desktop")
    open_lobby(base, page, "Nimble Moose 716")
    page.get_by_test_id("tutorial-start").click()
    wait_lesson(page, "welcome")
    assert page.locator("#me .seat-name").inner_text() == "Nimble Moose 716 (you)"
    assert not page.evaluate(NAME_CUT, "#me .seat-name"), "the name is cut with room to spare"
    for _ in range(3):
        page.keyboard.press("Enter")
    wait_lesson(page, "build")
    page.locator(source_of("H1-B1")).click()
    page.locator(target_of("H1-B1")).click()
    wait_lesson(page, "stockPlay")
    check_panel_beside_spot(page, "stockPlay")
    assert page.get_by_test_id("last-moves").inner_text().strip(), "the move is listed"
    assert inside_viewport(page, page.get_by_test_id("last-moves"))
    shoot(page, "tutorial-desktop-name-and-moves")
    close_page(page)


@pytest.mark.parametrize("size", SIZES)
def test_the_tutorial_panel_passes_axe(site: tuple[str, Any], size: str) -> None:
    base, browser = site
    page = open_page(browser, size)
    start_from_first_visit(page, base, size == "phone")
    check_axe(page, f"tutorial welcome ({size})")
    for _ in range(3):
        page.get_by_test_id("tutorial-next").click()
    wait_lesson(page, "build")
    check_axe(page, f"tutorial, a move asked for ({size})")
    close_page(page)


CLIPPED = """(root) => [...document.querySelectorAll(root + ' *')]
  .filter((n) => n.getClientRects().length && (n.matches('button, h2, p, span')))
  .filter((n) => n.scrollWidth > n.clientWidth + 1
    || n.getBoundingClientRect().right > innerWidth + 0.5 || n.getBoundingClientRect().left < -0.5)
  .map((n) => n.id || n.dataset.testid || n.textContent.slice(0, 30))"""
"""The offer's and the panel's texts that do not fit their box or the screen."""


def follow_by_taps(page: Any, each: Any) -> None:
    """Every lesson by taps, from the welcome to the won round; ``each(name)`` at each."""
    for name, moves in LESSONS:
        if name == "opponent":
            wait_js(page, "['opponent', 'discarded'].includes(document.body.dataset.tutorial)")
            continue
        wait_lesson(page, name)
        each(name)
        if not moves:
            page.get_by_test_id("tutorial-next").tap()
            continue
        for done, move in enumerate(moves):
            wait_js(page, "(s) => document.querySelector(s) !== null", source_of(move))
            tap_move(page, move)
            wait_js(
                page,
                "([n, s]) => document.body.dataset.tutorial !== n"
                " || document.querySelector(s) === null",
                [name, source_of(move) if done + 1 < len(moves) else "#nothing"],
            )
    page.get_by_test_id("result").wait_for(state="visible")


def test_every_language_has_every_lesson_with_its_pile_names(site: tuple[str, Any]) -> None:
    base, browser = site
    page = open_page(browser, "desktop")
    open_lobby(base, page, name=None)
    texts = page.evaluate("TUTORIAL_TEXTS")
    close_page(page)
    keys = set(texts["en"])
    for lang, (stock, build, discard) in PILE_WORDS.items():
        assert set(texts[lang]) == keys, lang
        assert stock in texts[lang]["tut_stock"], lang
        assert build in texts[lang]["tut_build"], lang
        assert discard in texts[lang]["tut_discard"], lang


@pytest.mark.parametrize("lang", list(PILE_WORDS))
def test_every_lesson_fits_a_phone_in_every_language(site: tuple[str, Any], lang: str) -> None:
    """The offer and the panel speak the language, and at every lesson every text fits
    (test_browser_newcomer2's check of issue 21 §1.11, which every other page passes)."""
    from test_browser_newcomer2 import overflows

    base, browser = site
    page = open_page(browser, "phone")
    page.context.add_init_script(f"localStorage.setItem('skipbo.lang', '{lang}')")
    open_lobby(base, page, name=None)
    texts = page.evaluate("TUTORIAL_TEXTS")[lang]
    start = page.get_by_test_id("tutorial-offer-start")
    assert start.inner_text() == texts["tutorialOfferStart"]
    found: dict[str, list[str]] = {"the offer": overflows(page, "#tutorial-offer")}
    found["the offer"] += page.evaluate(CLIPPED, "#tutorial-offer")
    assert page.get_by_test_id("tutorial-start").inner_text() == texts["tutorialEntry"]
    shoot(page, f"tutorial-phone-{lang}-00-offer")
    start.tap()

    def check(name: str) -> None:
        # the lesson's own words (the longest stretch between the filled-in names)
        words = max(re.split(r"\{\w+\}", texts[f"tut_{name}"]), key=len)
        shown = page.get_by_test_id("tutorial-text").inner_text()
        assert words[:40] in shown, (lang, name, shown)
        found[name] = overflows(page, "#tutorial") + page.evaluate(CLIPPED, "#tutorial")
        if name in ("stock", "build", "run"):
            shoot(page, f"tutorial-phone-{lang}-{name}")

    follow_by_taps(page, check)
    problems = "\n".join(f"{lang} {where}: {bad}" for where, bad in found.items() if bad)
    assert not problems, problems
    close_page(page)
