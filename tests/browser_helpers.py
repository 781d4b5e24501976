"""Helpers for the browser tests: a real uvicorn on loopback, Debian's chromium.

The page is driven the way a person drives it (clicks, taps, keys, pointer drags);
the only test hook is the bot pace setting "instant" (localStorage ``skipbo.pace``),
which shows every state as soon as it arrives, without travelling cards.
Screenshots go to ``artifacts/`` (gitignored).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
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
MAX_GAMES = 10
"""Games a test may start before the person gets a turn (see create_table)."""
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
INSTANT = "localStorage.setItem('skipbo.pace', localStorage.getItem('skipbo.pace') || 'instant')"
"""Tests see every state at once unless a test chooses another pace."""

MY_TURN_OR_OVER = (
    "document.body.dataset.phase !== undefined && document.body.dataset.phase !== 'lobby'"
    " && (document.body.dataset.phase !== 'playing' || document.body.dataset.myTurn === 'true')"
)


def wait_js(page: Any, expression: str, arg: Any = None) -> None:
    """Wait until ``expression`` is true in the page (a loop with a generous deadline).

    Not ``page.wait_for_function``: that compiles its predicate with eval inside the
    page, which the page's Content-Security-Policy (script-src 'self') refuses.
    """
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while not page.evaluate(expression, arg):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {expression}")
        page.wait_for_timeout(40)


@contextmanager
def browser_at(tmp_path: Path, **options: Any) -> Iterator[tuple[str, Any, Any]]:
    """A fresh server (``options`` go to create_app) and chromium: (base URL, browser, app)."""
    with (
        thread_server(tmp_path / "b.db", **options) as (base, app),
        sync_api.sync_playwright() as p,
    ):
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield base, browser, app
        finally:
            browser.close()


SIZES = {"desktop": DESKTOP, "phone": PHONE}
"""Device sizes by name; a phone also gets a touch screen (has_touch, is_mobile)."""

PAGE_PROBE = """(() => {
  // Tests only: the page's state by name (table, current, mySeat(), ...), as getters of
  // window that read each module's live binding. The page itself has no globals: its
  // ES modules keep these to themselves. Each module is imported by the URL the page
  // loaded it under (its modulepreload link), so this is the page's own instance.
  const NAMES = {
    "app.js": ["table", "current", "mySeat", "dropOverlay"],
    "online.js": ["refreshOpenTables"],
    "replay.js": ["replayData"],
    "sounds.js": ["celebrateWin"],
    "tutorial.js": ["TUTORIAL_TEXTS"],
  };
  const loaded = {};
  for (const [file, names] of Object.entries(NAMES)) {
    for (const name of names) {
      Object.defineProperty(window, name, { configurable: true, get: () => loaded[file]?.[name] });
    }
  }
  addEventListener("DOMContentLoaded", () => {
    for (const file of Object.keys(NAMES)) {
      const node = document.querySelector(`[href^="/static/${file}?"], [src^="/static/${file}?"]`);
      const url = node?.getAttribute("href") ?? node?.getAttribute("src");
      if (url) import(url).then((module) => { loaded[file] = module; });
    }
  });
})();"""


def open_page(
    browser: Any, size: str = "desktop", *, touch: bool | None = None, bypass_csp: bool = True
) -> Any:
    """A page in a new context of its own (own localStorage): the one way tests open one.

    ``size`` names a device (SIZES); a phone has a touch screen unless ``touch`` says
    otherwise. Bot moves are shown at once (INSTANT) and the page's state can be read by
    name (PAGE_PROBE). ``bypass_csp`` lets Playwright's string predicates and axe's
    injected script run: the page's CSP forbids eval, rightly; the CSP test opens its
    pages without it. JavaScript errors are kept in ``page.js_errors`` (close_page
    fails on them).
    """
    touch = size == "phone" if touch is None else touch
    context = browser.new_context(
        viewport=SIZES[size], has_touch=touch, is_mobile=touch, bypass_csp=bypass_csp
    )
    context.add_init_script(INSTANT)
    context.add_init_script(PAGE_PROBE)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    return page


def open_lobby(base: str, page: Any, name: str | None = "ann") -> None:
    page.goto(base + "/")
    page.wait_for_selector("body[data-ready=true]")
    if name is not None:
        page.get_by_test_id("nickname").fill(name)


def create_table(
    base: str,
    page: Any,
    players: int = 2,
    bot: str = "hard",
    stock: int = 3,
    target: int | None = None,
    teams: bool = False,
) -> str:
    """Fill in the lobby by clicks: the other seats bots; returns at the person's turn.

    The deal is random: when the bots happen to end the round before the person
    moves, the person asks for the next game, as they would at a real table; when
    that ended a one-game match (a short stock), they make another table.
    """
    for _ in range(MAX_GAMES):
        open_lobby(base, page)
        page.get_by_test_id("players").select_option(str(players))
        page.get_by_test_id("stock").fill(str(stock))
        if target is not None:
            page.get_by_test_id("target").fill(str(target))
        if teams:
            page.get_by_test_id("teams").check()
        for seat in range(1, players):
            page.get_by_test_id(f"seat-kind-{seat}").select_option(f"bot:{bot}")
        page.get_by_test_id("create").click()
        wait_js(page, MY_TURN_OR_OVER)
        if page.evaluate("document.body.dataset.phase") != "match_over":
            break
    wait_my_turn(page)
    code: str = page.get_by_test_id("table-code").inner_text()
    assert page.url.endswith("#" + code)
    return code


def wait_my_turn(page: Any) -> None:
    """Wait for the person's turn, starting a new round while one is over."""
    for _ in range(MAX_GAMES):
        wait_js(page, MY_TURN_OR_OVER)
        if page.evaluate("document.body.dataset.phase") == "playing":
            return
        before = state_count(page)
        show_result(page)
        page.get_by_test_id("next").click()
        wait_js(page, f"Number(document.body.dataset.stateCount) > {before}")
    raise AssertionError(f"no turn for the person in {MAX_GAMES} games")


def show_result(page: Any) -> None:
    """Bring the end-of-round dialog back if it was put aside (its "Result" button)."""
    wait_js(
        page,
        "!document.getElementById('result').hidden"
        " || !document.getElementById('show-result').hidden",
    )
    if page.get_by_test_id("result").is_hidden():
        page.get_by_test_id("show-result").click()


def state_count(page: Any) -> int:
    return int(page.evaluate("Number(document.body.dataset.stateCount || 0)"))


def wait_new_state(page: Any, before: int) -> None:
    wait_js(page, f"Number(document.body.dataset.stateCount) > {before}")


def discard_first_hand_card(page: Any, tap: bool = False) -> None:
    """Pick a hand card, tap a lit "discard here" place, tap it again to send."""
    act = (lambda loc: loc.tap()) if tap else (lambda loc: loc.click())
    act(page.locator("[data-testid=hand-card][data-selectable=true]").first)
    target = page.locator("[data-testid^=discard-target-][data-lit=true]").first
    act(target)
    page.get_by_test_id("pending-discard").wait_for(state="visible")
    act(target)


def play_one_move(page: Any, tap: bool = False) -> None:
    """A legal move by taps or clicks: a build play if any source has one, else a discard."""
    act = (lambda loc: loc.tap()) if tap else (lambda loc: loc.click())
    sources = page.locator("[data-selectable=true]")
    for i in range(sources.count()):
        act(sources.nth(i))
        lit = page.locator("[data-testid^=build-][data-lit=true]")
        if lit.count():
            act(lit.first)
            return
        act(page.locator("[data-selected=true]").first)  # put it back, try the next one
    if page.locator("[data-testid=hand-card][data-selectable=true]").count():
        discard_first_hand_card(page, tap)
    else:
        act(page.get_by_test_id("end-turn"))


def play_until_over(page: Any, tap: bool = False, each: Any = None) -> int:
    """Play until the round ends; returns the number of moves made."""
    for moves in range(MAX_MOVES):
        wait_js(page, MY_TURN_OR_OVER)
        if page.evaluate("document.body.dataset.phase") != "playing":
            return moves
        if each is not None:
            each(moves)
        before = state_count(page)
        play_one_move(page, tap)
        wait_new_state(page, before)
    raise AssertionError(f"the round did not end in {MAX_MOVES} moves")


def hand_of(page: Any) -> list[str]:
    """The hand shown, as notation names (the art is SVG; the value is in data-card)."""
    cards = page.get_by_test_id("hand-card").evaluate_all("els => els.map(e => e.dataset.card)")
    return sorted(cards)


def shoot(page: Any, name: str, full_page: bool = False) -> None:
    """One screenshot at the page's own size into artifacts/."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=full_page)


def shoot_both(page: Any, name: str) -> None:
    """Screenshots at phone and desktop size, back at desktop size afterwards."""
    for size_name, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        shoot(page, f"{name}-{size_name}", full_page=True)
    page.set_viewport_size(DESKTOP)


def inside_viewport(page: Any, locator: Any) -> bool:
    """Whether the element's box lies wholly inside the viewport."""
    box = locator.bounding_box()
    size = page.viewport_size
    return bool(
        box
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"] + 0.5
        and box["y"] + box["height"] <= size["height"] + 0.5
    )


def choose_setting(page: Any, testid: str, value: str) -> None:
    """Open the settings menu, choose a value, close the menu again."""
    page.get_by_test_id("settings").click()
    page.get_by_test_id(testid).select_option(value)
    page.get_by_test_id("settings").click()
