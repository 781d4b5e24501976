"""The page works under the Content-Security-Policy the server sends, with no violation.

The headers themselves are tested in tests/test_server_guard.py; this drives the
whole page (landing, how-to picture, a table with its card art in both face styles,
a round to its end, the replay) in chromium with the CSP enforced, and fails on any
blocked script, style or connection. So this test waits by CSS selectors only:
Playwright's string predicates need eval, which the CSP forbids.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser_helpers import MAX_MOVES, open_page, state_count, sync_api
from browser_site import close_page, open_howto, quick_move, shared_site

RECORD_VIOLATIONS = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
"""
MY_TURN_OR_OVER = (
    "body[data-phase=playing][data-my-turn=true], body[data-phase=round_over],"
    " body[data-phase=match_over]"
)


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[str, Any]]:
    with shared_site(tmp_path) as running:
        yield running


def wait_state_after(page: Any, before: int) -> None:
    page.wait_for_selector(f"body[data-state-count]:not([data-state-count='{before}'])")


def play_round_by_selectors(page: Any) -> int:
    """Play the person's moves until the round is over; returns how many."""
    for moves in range(MAX_MOVES):
        page.wait_for_selector(MY_TURN_OR_OVER)
        if page.get_attribute("body", "data-phase") != "playing":
            return moves
        before = state_count(page)
        quick_move(page)
        wait_state_after(page, before)
    raise AssertionError(f"the round did not end in {MAX_MOVES} moves")


def test_the_page_runs_under_its_csp_without_a_violation(site: tuple[str, Any]) -> None:
    base, browser = site
    page = open_page(browser, "desktop", bypass_csp=False)
    page.context.add_init_script(RECORD_VIOLATIONS)
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    page.goto(base + "/")
    page.wait_for_selector("body[data-ready=true]")
    # the recorder works: an inline script is blocked and reported
    with contextlib.suppress(sync_api.Error):
        page.add_script_tag(content="window.inlineRan = true")
    for _ in range(100):  # the violation event is delivered asynchronously
        if page.evaluate("window.__csp.length"):
            break
        page.wait_for_timeout(50)
    assert page.evaluate("[window.inlineRan, window.__csp.splice(0).length]") == [None, 1]
    console.clear()
    open_howto(page)
    # playing-card faces chosen before the table: with a stock of 2 the bot may end the
    # round before the person's first turn, and the result dialog then covers the header
    page.get_by_test_id("settings").click()
    page.get_by_test_id("faces").select_option("cards")
    page.get_by_test_id("settings").click()
    page.get_by_test_id("nickname").fill("ann")
    page.get_by_test_id("stock").fill("2")
    page.get_by_test_id("seat-kind-1").select_option("bot:easy")
    page.get_by_test_id("create").click()
    page.wait_for_selector(MY_TURN_OR_OVER)
    assert page.locator("#table .card svg").count() > 5  # the card art was drawn
    assert play_round_by_selectors(page) >= 0
    page.get_by_test_id("result").wait_for(state="visible")
    page.get_by_test_id("result-replay").click()
    page.get_by_test_id("replay-board").wait_for(state="visible")
    page.get_by_test_id("replay-last").click()
    violations = page.evaluate("window.__csp")
    close_page(page)
    assert violations == [], violations
    blocked = [text for text in console if "Content Security Policy" in text]
    assert blocked == [], blocked
