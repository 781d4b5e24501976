"""The installable app in chromium (issue 21 §3): Chromium finds nothing missing to
install it, the service worker takes the site, and a reload without the server shows
the translated offline page, never the table as it was.

The HTTP side (manifest fields, hashes, headers) is in tests/test_server_delivery.py.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from browser_helpers import (
    ARGS,
    ARTIFACTS,
    CHROMIUM,
    DESKTOP,
    discard_first_hand_card,
    open_lobby,
    open_page,
    state_count,
    sync_api,
    wait_js,
    wait_my_turn,
    wait_new_state,
)
from server_harness import thread_server
from skipbo.core import format_move

CONTROLLED = "navigator.serviceWorker.controller !== null"


def test_chromium_offers_to_install_the_app(tmp_path: Path) -> None:
    """Chromium's own check: Page.getInstallabilityErrors is empty. In a profile of
    its own: an off-the-record context (Playwright's new_context) is never installable."""
    with thread_server(tmp_path / "i.db") as (base, _app), sync_api.sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=CHROMIUM, args=ARGS, viewport=DESKTOP
        )
        try:
            page = context.new_page()
            open_lobby(base, page, name=None)
            wait_js(page, CONTROLLED)
            scope = page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.scope)")
            assert scope == base + "/"
            errors = context.new_cdp_session(page).send("Page.getInstallabilityErrors")
            assert errors["installabilityErrors"] == []
            manifest = context.new_cdp_session(page).send("Page.getAppManifest")
            assert manifest["url"] == base + "/manifest.webmanifest" and manifest["errors"] == []
        finally:
            context.close()


def show_offline(page: Any, shot: str) -> None:
    """Wait for the offline page, check it hides the game, and take its screenshot."""
    page.get_by_test_id("offline").wait_for(state="visible")
    assert page.locator("#table, [data-testid=table-code], [data-testid=hand]").count() == 0
    assert page.get_by_test_id("offline-retry").is_visible()
    # the game's data is never answered from a cache
    api = "fetch('/api/bots').then(() => 'answered', () => 'failed')"
    assert page.evaluate(api) == "failed"
    page.screenshot(path=str(ARTIFACTS / shot))


def test_without_the_server_a_reload_shows_the_offline_page(tmp_path: Path) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        phone = open_page(browser, "phone")
        desktop = open_page(browser, "desktop")
        with thread_server(tmp_path / "o.db", reusable=True) as (base, _app):
            for page in (phone, desktop):
                open_lobby(base, page)
                wait_js(page, CONTROLLED)
                page.get_by_test_id("quick-play").click()
                wait_my_turn(page)
            # the network gone: the phone's reload shows the offline page, in French
            phone.evaluate("localStorage.setItem('skipbo.lang', 'fr')")
            phone.context.set_offline(True)
            phone.reload()
            show_offline(phone, "pwa_offline_phone_fr.png")
            assert phone.get_by_role("heading").inner_text() == "Vous êtes hors ligne"
            assert phone.title() == "Skip-Bo · Vous êtes hors ligne"
            # and back: the page comes back by itself, at the table, live
            phone.context.set_offline(False)
            phone.wait_for_selector("body[data-ready=true]")
            phone.get_by_test_id("table").wait_for(state="visible")
            wait_my_turn(phone)
        # the server stopped, the network fine: the desktop's reload says which
        desktop.reload()
        show_offline(desktop, "pwa_offline_desktop.png")
        assert desktop.get_by_role("heading").inner_text() == "The server cannot be reached"
        # and the page asks the server by itself: back at the table once it answers
        with thread_server(tmp_path / "o.db", port=port_of(base), reusable=True):
            desktop.get_by_test_id("table").wait_for(state="visible", timeout=30_000)
            wait_my_turn(desktop)
        errors = phone.js_errors + desktop.js_errors
        browser.close()
    assert errors == []


def port_of(base: str) -> int:
    return int(base.rsplit(":", 1)[1])


def test_a_move_made_while_the_server_is_away_is_sent_when_it_is_back(tmp_path: Path) -> None:
    """The server goes away (a restart) while it is the person's turn: the discard they
    make meanwhile is not lost in silence; the page says it is kept, and sends it once
    the server is back, where it is stored and the game goes on."""
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = open_page(browser, "desktop")
        with thread_server(tmp_path / "k.db", reusable=True) as (base, app):
            open_lobby(base, page)
            page.get_by_test_id("quick-play").click()
            wait_my_turn(page)
            code = page.get_by_test_id("table-code").inner_text()
            moves = len(app.state.registry.get(code).match.round.history)
        page.get_by_test_id("connection").wait_for(state="visible")  # "reconnecting…"
        before = state_count(page)
        discard_first_hand_card(page)
        kept = (
            "Not connected right now: your move is kept and sent as soon as the connection is back."
        )
        wait_js(page, "(text) => document.getElementById('error').textContent === text", kept)
        with thread_server(tmp_path / "k.db", port=port_of(base), reusable=True) as (_, app):
            wait_new_state(page, before)
            wait_js(page, "document.getElementById('error').hidden")
            end = time.monotonic() + 30
            while len(app.state.registry.get(code).match.round.history) <= moves:
                assert time.monotonic() < end, "the kept move never arrived"
                time.sleep(0.1)
            played = app.state.registry.get(code).match.round.history[moves]
        errors = page.js_errors
        browser.close()
    assert format_move(played).startswith("H") and "-D" in format_move(played)
    assert errors == []


SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const nodes = entry.sources.map((source) => source.node).filter(Boolean);
    if (nodes.some((node) => node.closest?.("#board"))) window.__shifts.push(entry.value);
  }
}).observe({ type: "layout-shift", buffered: true });
"""


def test_a_table_link_draws_its_board_without_a_layout_shift(tmp_path: Path) -> None:
    """Opened by its link, a table's board was drawn empty and its parts jumped into
    place when the first state came (Lighthouse: a layout shift of 0.24 on a phone)."""
    with sync_api.sync_playwright() as p, thread_server(tmp_path / "s.db") as (base, _app):
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        phone = open_page(browser, "phone")
        phone.context.add_init_script(SHIFTS)
        open_lobby(base, phone)
        phone.get_by_test_id("quick-play").click()
        wait_my_turn(phone)
        phone.reload()  # a fresh load of the table's link
        wait_my_turn(phone)
        phone.wait_for_timeout(500)  # the observer's entries arrive after the frame
        shifts = phone.evaluate("window.__shifts")
        errors = phone.js_errors
        browser.close()
    assert sum(shifts) < 0.05, shifts
    assert errors == []
