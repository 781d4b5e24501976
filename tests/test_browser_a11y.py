"""Accessibility in a real browser: axe-core, accessible names, the live region, focus.

axe-core (the ``axe-playwright-python`` package, which ships axe and injects it with
``page.evaluate``) checks the landing page, a table in play against a bot, the
end-of-round screen and the replay page, at desktop size and at phone size with a
touch screen: no serious or critical violation; lesser ones are printed. Colour
contrast is axe's ``color-contrast`` rule (the SVG card faces are checked by
tests/test_static_art.py). Then what axe can't know: every card and pile has a
name that says what it holds, a move is announced in the live region, and focus
never falls back to the page's body after a move.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from browser_helpers import (
    MY_TURN_OR_OVER,
    SIZES,
    create_table,
    open_lobby,
    open_page,
    shoot,
    state_count,
    wait_js,
    wait_new_state,
)
from browser_site import (
    close_page,
    open_howto,
    play_round,
    quick_move,
    shared_site,
)
from player_pages import Seeded, seed_board
from server_harness import thread_server

axe_module = pytest.importorskip(
    "axe_playwright_python.sync_playwright", reason="axe-playwright-python is not installed"
)
BLOCKING = {"serious", "critical"}

UNNAMED_PILES = """() => {
  // Cards and piles of the table that a screen reader would meet without a name.
  const named = (node) => Boolean(
    (node.getAttribute('aria-label') || '').trim() || node.getAttribute('aria-labelledby'));
  const shown = (node) => node.getClientRects().length > 0;
  const bad = [];
  for (const node of document.querySelectorAll('#table .card, #table [data-pile]')) {
    if (!shown(node)) continue;
    const hidden = node.closest('[aria-hidden=true]');
    if (hidden) {
      // drawn only: the pile around it must carry the name
      const owner = hidden.parentElement && hidden.parentElement.closest('[aria-label]');
      if (!owner || !named(owner)) bad.push(node.outerHTML.slice(0, 160));
    } else if (!named(node) && (node.getAttribute('role') || !node.textContent.trim())) {
      bad.push(node.outerHTML.slice(0, 160));
    }
  }
  return bad;
}"""

WATCH_LIVE = """() => {
  // Keep every text the live region is given (a polite region may be set twice).
  const live = document.querySelector('[aria-live]');
  window.__live = [];
  new MutationObserver(() => window.__live.push(live.textContent))
    .observe(live, {childList: true, characterData: true, subtree: true});
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    with shared_site(tmp_path_factory.mktemp("a11y")) as running:
        yield running


def check_axe(page: Any, where: str) -> None:
    """axe over the whole page: no serious or critical violation; print the others.

    Waits for fades to end first: a dialog caught half faded in has too little contrast."""
    page.wait_for_timeout(800)
    results = axe_module.Axe().run(page)
    seen = {
        rule["id"]
        for kind in ("passes", "violations", "incomplete", "inapplicable")
        for rule in results.response[kind]
    }
    assert "color-contrast" in seen, "axe did not run its color-contrast rule"
    blocking = []
    for rule in results.response["violations"]:
        targets = [node["target"] for node in rule["nodes"]]
        line = f"axe {where}: {rule['impact']} {rule['id']}: {rule['help']} at {targets}"
        print(line)
        if rule["impact"] in BLOCKING:
            blocking.append(line)
    for rule in results.response["incomplete"]:
        print(f"axe {where}: to check by eye: {rule['id']} ({len(rule['nodes'])} elements)")
    assert not blocking, "\n".join(blocking)


def check_names(page: Any) -> None:
    """Every card and pile is named; the names say what a sighted player sees."""
    assert page.evaluate(UNNAMED_PILES) == []
    stock = page.get_by_test_id("own-stock")
    count = stock.get_attribute("data-count")
    label = stock.get_attribute("aria-label") or ""
    assert label.startswith("your stock") and count and count in label, label
    for n in range(1, 5):
        pile = page.get_by_test_id(f"build-{n}")
        label = pile.get_attribute("aria-label") or ""
        needs = int(pile.get_attribute("data-value") or 0) + 1
        assert f"building pile {n}" in label and f"needs {needs}" in label, label
    for card in page.locator("[data-testid=hand-card]").all():
        assert re.search(r"\S", card.get_attribute("aria-label") or ""), card
        assert card.get_attribute("role") == "button"


def check_focus(page: Any, after: str) -> None:
    """Focus is on a shown element of the table, never on the page's body."""
    focused = page.evaluate(
        "() => { const a = document.activeElement;"
        " return a && a !== document.body && a.getClientRects().length > 0"
        " ? (a.dataset.testid || a.id || a.tagName) : null; }"
    )
    assert focused, f"focus fell back to the page's body after {after}"


@pytest.mark.parametrize("size", SIZES)
def test_the_landing_page_passes_axe(site: tuple[str, Any], size: str) -> None:
    base, browser = site
    page = open_page(browser, size)
    open_lobby(base, page, name=None)
    check_axe(page, f"landing ({size})")
    open_howto(page)
    check_axe(page, f"landing with how to play ({size})")
    close_page(page)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_offline_page_passes_axe(site: tuple[str, Any], size: str, lang: str) -> None:
    """The page the service worker shows when the server cannot be reached (issue 21
    §3), as served: its language set, its heading, its retry button."""
    base, browser = site
    page = open_page(browser, size)
    page.add_init_script(f"localStorage.setItem('skipbo.lang', '{lang}')")
    page.goto(base + "/offline")
    page.get_by_test_id("offline-retry").wait_for(state="visible")
    wait_js(page, f"document.documentElement.lang === '{lang}'")
    check_axe(page, f"offline page ({size}, {lang})")
    close_page(page)


@pytest.mark.parametrize("size", SIZES)
def test_a_mistyped_address_gets_a_page_that_leads_on(site: tuple[str, Any], size: str) -> None:
    """An address the site lacks (``/t/abc234``: a table's code in a made-up path) gets
    the "no such page" page in the player's language, with the lobby and the table the
    code names one tap away, and passes axe."""
    base, browser = site
    page = open_page(browser, size)
    page.add_init_script("localStorage.setItem('skipbo.lang', 'fr')")
    answer = page.goto(base + "/t/abc234")
    assert answer is not None and answer.status == 404
    table = page.get_by_test_id("not-found-table")
    table.wait_for(state="visible")
    assert table.inner_text() == "Ouvrir la table ABC234"
    assert table.get_attribute("href") == "/#ABC234"
    assert page.get_by_role("heading").inner_text() == "Cette page n'existe pas"
    assert page.title() == "Skip-Bo · Cette page n'existe pas"
    shoot(page, f"not-found-{size}")
    check_axe(page, f"not-found page ({size})")
    page.get_by_test_id("not-found-home").click()
    page.wait_for_selector("body[data-ready=true]")  # the lobby
    assert page.url == base + "/"
    close_page(page)


@pytest.mark.parametrize("size", SIZES)
def test_a_table_in_play_and_its_end_pass_axe_and_speak(site: tuple[str, Any], size: str) -> None:
    base, browser = site
    page = open_page(browser, size)
    touch = size == "phone"
    create_table(base, page, players=2, stock=2)
    check_axe(page, f"table in play ({size})")
    check_names(page)
    # a picked card lights its targets: they are named "play here"/"discard here" too
    page.locator("[data-selectable=true]").first.click()
    check_axe(page, f"table with a card picked ({size})")
    assert page.evaluate(UNNAMED_PILES) == []
    for target in page.locator("[data-lit=true]").all():
        button = (
            target
            if target.get_attribute("role") == "button"
            else (target.locator("[role=button][data-lit=true]"))
        )
        assert button.count() == 1, target.inner_html()[:200]
        assert len(button.get_attribute("aria-label") or "") > 3
        assert target.inner_text().strip(), "a lit pile told by colour alone, with no words"
    page.locator("[data-selected=true]").first.click()
    check_focus(page, "putting a card back")
    # a move is announced in the live region, and focus stays on the table
    assert page.locator("[aria-live]").count() >= 1
    page.evaluate(WATCH_LIVE)
    before = state_count(page)
    quick_move(page, touch)
    wait_new_state(page, before)
    page.wait_for_function("window.__live.some(text => text.trim().length > 0)")
    page.wait_for_function(MY_TURN_OR_OVER)
    if page.evaluate("document.body.dataset.phase") == "playing":
        check_focus(page, "a move")
        check_names(page)
    play_round(page, touch, each=lambda: check_focus(page, "a move"))
    page.get_by_test_id("result").wait_for(state="visible")
    check_focus(page, "the end of the round")
    check_axe(page, f"end of the round ({size})")
    page.get_by_test_id("result-replay").click()
    page.get_by_test_id("replay-board").wait_for(state="visible")
    check_axe(page, f"replay ({size})")
    close_page(page)


@pytest.fixture(scope="module")
def people(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Seeded]]:
    """A second server whose store holds a leaderboard of two pages (profile.js's pages)."""
    folder = tmp_path_factory.mktemp("people")
    with thread_server(folder / "people.db", create_limit=0) as (base, app):
        yield base, seed_board(app)


@pytest.mark.parametrize("size", SIZES)
def test_a_profile_and_the_leaderboard_pass_axe(
    site: tuple[str, Any], people: tuple[str, Seeded], size: str
) -> None:
    _, browser = site
    base, seeded = people
    page = open_page(browser, size)
    page.goto(f"{base}/#player/{seeded.star}")
    page.wait_for_selector("body[data-ready=true]")
    page.wait_for_function("document.querySelectorAll('[data-testid=profile-game]').length > 0")
    check_axe(page, f"profile ({size})")
    page.get_by_test_id("profile-more").click()
    page.wait_for_function("document.activeElement.dataset.testid === 'profile-game'")
    check_axe(page, f"profile, every game ({size})")
    page.goto(f"{base}/#leaderboard")
    page.wait_for_function("document.querySelectorAll('[data-testid=board-row]').length === 50")
    check_axe(page, f"leaderboard ({size})")
    close_page(page)


def test_axe_finds_what_it_should(site: tuple[str, Any]) -> None:
    """The check can fail: an unnamed button and grey-on-white text are serious."""
    base, browser = site
    page = open_page(browser, "desktop")
    open_lobby(base, page, name=None)
    page.evaluate(
        "() => { const b = document.createElement('button');"
        " b.className = 'card'; document.body.append(b);"
        " const p = document.createElement('p'); p.textContent = 'faint';"
        " p.style.color = '#bbb'; p.style.background = '#fff'; document.body.append(p); }"
    )
    with pytest.raises(AssertionError) as failure:
        check_axe(page, "a broken page")
    assert "button-name" in str(failure.value) and "color-contrast" in str(failure.value)
    close_page(page)


@pytest.mark.parametrize("size", SIZES)
def test_the_drawer_the_settings_and_the_resign_dialog_pass_axe(
    site: tuple[str, Any], size: str
) -> None:
    """What opens over a table (issue 21 §1.1, §1.4, §3): the players' drawer (on a wide
    screen the same panel stands beside the board), the settings with the sound and
    one-tap switches, and the resign dialog."""
    base, browser = site
    page = open_page(browser, size)
    create_table(base, page, players=3, stock=5)
    toggle = page.get_by_test_id("toggle-side")
    if size == "phone":
        toggle.tap()
        page.get_by_test_id("side-close").wait_for(state="visible")
    else:
        assert toggle.is_hidden()
    assert page.get_by_test_id("roster").is_visible()
    check_axe(page, f"the players' drawer ({size})")
    if size == "phone":
        page.get_by_test_id("side-close").tap()
    page.get_by_test_id("settings").click()
    page.get_by_test_id("one-tap").wait_for(state="visible")
    assert page.get_by_test_id("sound").is_visible()
    check_axe(page, f"the settings open ({size})")
    page.get_by_test_id("settings").click()
    page.get_by_test_id("resign").click()
    page.get_by_test_id("resign-dialog").wait_for(state="visible")
    check_axe(page, f"the resign dialog ({size})")
    page.get_by_test_id("resign-cancel").click()
    close_page(page)
